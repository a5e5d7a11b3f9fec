"""The MLP benchmark of issue 4, now W1's FP16 case: the inference sample's 16-64-64-64-3 network
(FP16 MUL_OPTIMAL weights, ReLU, sigmoid) as one recorded D3D12 Dispatch, against the bare numpy
float32 matmul chain of the same shapes in the same run. Prints the ratio (target <= 2x), the peak
traced memory of the dispatch, and how far the two results differ. `python -m benchmarks --only W1`
runs the same measurement for the FP16, E4M3 and int8 variants.

    python3 benchmarks/bench_mlp.py            # 512 x 512 = 262,144 threads
    python3 benchmarks/bench_mlp.py --quick    # 128 x 128 = 16,384 threads
"""

from __future__ import annotations

import argparse
import resource
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.w1_inference import PROFILE, REPEATS, SIDE, TOLERANCE, measure, mib  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help=f"a {SIDE[True]} x {SIDE[True]} image")
    parser.add_argument("--size", type=int, help=f"image width and height (default {SIDE[False]})")
    parser.add_argument("--variant", default="fp16", choices=sorted(TOLERANCE))
    parser.add_argument("--profile", default=PROFILE)
    parser.add_argument("--repeats", type=int, default=REPEATS[False])
    args = parser.parse_args(argv)
    side = args.size or SIDE[args.quick]
    m = measure(args.variant, side, side, args.repeats, args.profile)
    print(f"MLP 16->64->64->64->3 {m.weight_type} MUL_OPTIMAL, {m.threads:,} threads ({side} x {side}), "
          f"profile {args.profile}, best of {args.repeats} interleaved")
    print(f"  D3D12 Dispatch (ExecuteCommandLists): {m.seconds * 1e3:9.1f} ms   peak traced memory "
          f"{mib(m.dispatch_peak):>9} (+ {mib(m.scratch)} reused scratch)")
    print(f"  numpy float32 matmul chain:           {m.baseline_seconds * 1e3:9.1f} ms   peak traced memory "
          f"{mib(m.chain_peak):>9}")
    print(f"  ratio dispatch / numpy: {m.ratio:.2f}x (target <= 2x)")
    print(f"  process peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB; "
          f"max |result - float32 chain| = {m.max_error:.4f}")
    print(f"reproduce: python3 benchmarks/bench_mlp.py {' '.join(argv if argv is not None else sys.argv[1:])}".rstrip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
