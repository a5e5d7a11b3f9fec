"""How far N1 can go: the parts of mma_sync m16n8k16 (f16 -> f32) that no faster arithmetic removes.

N1's goal is 3x one batched numpy float32 matmul of the same tiles. This experiment times, interleaved in
one run (best of N each, the baseline between every two), on N1's operands:

- `gather A, B, C + scatter D`: the fragment maps' word permutations (`Operand.matrices`, `Operand.fragments`);
- `widen A, B to float64`: the casts the exact model needs (f16 products are exact in float32, their sums
  are not; the float64 sum is exact when the certificate says so);
- `float64 matmul + C`: the batched product on row-major operands and C added during its cast;
- `floor (reference)`: the sum of the three rows above, what the `reference` profile cannot go below
  (moving the values, widening them, one float64 product);
- `certificate`: `exact_dot._certified` (per-tile quanta of A, B and C, the batch's highest binades), the
  proof that the float64 sums are exact, which the tiles' exact rounding ties need;
- `tensor-core loop`: the `nvidia-h100` model's per-k passes, in its blocks of warps (the product, its scaling
  to the element's truncation unit, the truncating add into int32), nothing else: that model's floor;
- `mma_sync reference` and `mma_sync nvidia-h100`: the whole op, as N1 times it.

    python -m benchmarks.n1_floor [--warps 4096] [--repeats 5]
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

import numpy as np

from benchmarks.timing import best_time
from dxlinalg.linalg.fast import exact_dot
from dxlinalg.linalg.fast.mma_tensor_core import BLOCK_ELEMENTS
from dxlinalg.linalg.fast.wave_sums import FLOAT64_PRECISION
from dxlinalg.memory.host_allocator import retain_freed_memory
from dxlinalg.nvgpu import mma_sync
from dxlinalg.nvgpu.mma_shapes import find_shape

SHAPE = find_shape([16, 8, 16], "f16", False, "n1_floor")


def parts(warps: int) -> tuple[dict[str, Callable[[], object]], Callable[[], object]]:
    """The timed calls, by row name, and the numpy baseline."""
    rng = np.random.default_rng(2)                      # N1's operands
    lanes = 32 * warps
    a = rng.standard_normal((lanes, 4, 2)).astype(np.float16)
    b = rng.standard_normal((lanes, 2, 2)).astype(np.float16)
    c = rng.standard_normal((lanes, 2, 2)).astype(np.float32)
    a_tiles, b_tiles, c_tiles = SHAPE.a.matrices(a), SHAPE.b.matrices(b), SHAPE.c.matrices(c)
    rows, columns = a_tiles.astype(np.float64), b_tiles.astype(np.float64, order="C")
    d = np.matmul(rows, columns).astype(np.float32)
    spare = FLOAT64_PRECISION - math.ceil(math.log2(SHAPE.k + 1))
    a32, b32, c32 = (rng.standard_normal(v.shape).astype(np.float32) for v in (a_tiles, b_tiles, c_tiles))
    left = a_tiles.transpose(2, 1, 0).astype(np.float32, order="C")     # (K, M, W): the tensor-core model's
    right = b_tiles.transpose(1, 2, 0).astype(np.float32, order="C")    # layout, (K, N, W)
    scale = np.ones(c_tiles.transpose(1, 2, 0).shape, np.float32)

    block = max(1, BLOCK_ELEMENTS // (SHAPE.m * SHAPE.n))          # warps per block, as the model runs them

    def tensor_core_loop() -> None:
        for first in range(0, warps, block):
            part = slice(first, first + block)
            block_left, block_right = left[:, :, part], right[:, :, part]
            product = np.empty(scale[:, :, part].shape, np.float32)
            units = np.zeros(product.shape, np.int32)
            for step in range(SHAPE.k):
                np.multiply(block_left[step, :, None, :], block_right[step, None, :, :], out=product)
                product *= scale[:, :, part]
                np.add(units, product, out=units, dtype=np.int32, casting="unsafe")

    def float64_matmul() -> np.ndarray:
        sums = np.matmul(rows, columns)
        return np.add(sums, c_tiles, out=sums)

    calls: dict[str, Callable[[], object]] = {
        "gather A, B, C + scatter D": lambda: (SHAPE.a.matrices(a), SHAPE.b.matrices(b), SHAPE.c.matrices(c),
                                               SHAPE.c.fragments(d)),
        "widen A, B to float64": lambda: (a_tiles.astype(np.float64), b_tiles.astype(np.float64, order="C")),
        "float64 matmul + C": float64_matmul,
        "certificate": lambda: exact_dot._certified(a_tiles.transpose(0, 2, 1), b_tiles, c_tiles, spare),
        "tensor-core loop": tensor_core_loop,
        "mma_sync reference": lambda: mma_sync(a, b, c, [16, 8, 16], profile="reference"),
        "mma_sync nvidia-h100": lambda: mma_sync(a, b, c, [16, 8, 16], profile="nvidia-h100"),
    }
    return calls, lambda: np.matmul(a32, b32) + c32


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--warps", type=int, default=4096)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    if args.warps < 1 or args.repeats < 1:
        parser.error("--warps and --repeats must be positive")
    retain_freed_memory()
    calls, baseline_call = parts(args.warps)
    for call in (*calls.values(), baseline_call):
        call()                                           # warm: caches, first-touch pages
    seconds = dict.fromkeys(calls, float("inf"))
    baseline = float("inf")
    for _ in range(args.repeats):
        for name, call in calls.items():
            seconds[name] = min(seconds[name], best_time(call, 1))
            baseline = min(baseline, best_time(baseline_call, 1))
    floor_rows = ("gather A, B, C + scatter D", "widen A, B to float64", "float64 matmul + C")
    rows = list(seconds.items())
    rows.insert(3, ("floor (reference)", sum(seconds[name] for name in floor_rows)))
    print(f"python -m benchmarks.n1_floor --warps {args.warps} --repeats {args.repeats}")
    print(f"numpy baseline (np.matmul + C, float32): {baseline * 1e3:.3f} ms")
    for name, value in rows:
        print(f"  {name:28s} {value * 1e3:8.3f} ms  {value / baseline:6.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
