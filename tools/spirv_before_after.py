"""Our side of L1-L3 before and after a change, in one window: two source trees of dxlinalg alternate with lavapipe.

    git archive BASE | tar -x -C /tmp/base
    python tools/spirv_before_after.py --base /tmp/base [--rounds 2] [--only L1,L3]

Each of our runs is a fresh process (PYTHONPATH = the tree, freed memory retained as the benchmark runner does)
timing its second `dxlinalg.spirv.run` of the module (the first compiles it), in CPU seconds (`time.process_time`: what a busy machine cannot inflate) and wall
seconds; lavapipe's is `benchmarks.lavapipe.Lavapipe.dispatch` of the same module and inputs (when fetched).
Rounds alternate base, this tree, lavapipe; best of the rounds each. The inputs are those of benchmarks L1-L3.
A development tool: the benchmarks themselves (python -m benchmarks --only L1,L2,L3) are what docs cite.
"""

from __future__ import annotations

import argparse
import json
import os
import struct
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent.parent
SHADERS = HERE / "dxlinalg" / "samples" / "spirv"
CASES = {"L1": ("workgroup_reduce.spv", 1 << 20), "L2": ("control_flow.spv", 1 << 20),
         "L3": ("coopmat_gemm_8x8.spv", 512)}


def case(name: str) -> tuple[Path, tuple[int, int, int], dict[tuple[int, int], np.ndarray], bytes]:
    """The module, groups, buffers and push constants of benchmark `name` at full size."""
    module, n = CASES[name]
    if name == "L3":
        rng = np.random.default_rng(3)
        buffers = {(0, 0): rng.standard_normal(n * n).astype(np.float16),
                   (0, 1): rng.standard_normal(n * n).astype(np.float16), (0, 2): np.zeros(n * n, np.float32)}
        return SHADERS / module, (n // 32, n // 8, 1), buffers, struct.pack("<3I", n, n, n)
    groups = (n // 64, 1, 1)
    if name == "L1":
        buffers = {(0, 0): np.random.default_rng(1).standard_normal(n).astype(np.float32),
                   (0, 1): np.zeros(2 * groups[0], np.uint32)}
    else:
        values = np.random.default_rng(2).integers(0, 1 << 16, n, dtype=np.uint32)
        values[::4099] = 0
        buffers = {(0, 0): values, (0, 1): np.zeros(5 * n, np.uint32)}
    return SHADERS / module, groups, buffers, struct.pack("<I", n)


def child(name: str) -> None:
    """Run in a fresh process with PYTHONPATH = the tree under test: print its timing as JSON."""
    from dxlinalg.memory.host_allocator import retain_freed_memory
    from dxlinalg.spirv import load_module, run

    retain_freed_memory()           # as `python -m benchmarks` does for both sides of every row
    path, groups, buffers, push = case(name)
    module = load_module(path)
    run(module, "main", groups, {k: v.copy() for k, v in buffers.items()}, push)
    cpu, wall = time.process_time(), time.perf_counter()
    run(module, "main", groups, {k: v.copy() for k, v in buffers.items()}, push)
    print(json.dumps({"cpu": time.process_time() - cpu, "wall": time.perf_counter() - wall}))


def ours(tree: Path, name: str) -> dict[str, float]:
    environment = {**os.environ, "PYTHONPATH": str(tree)}
    output = subprocess.run([sys.executable, __file__, "--child", name], env=environment, capture_output=True,
                            text=True, check=True, cwd=HERE).stdout
    return json.loads(output.splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", type=Path, help="the other source tree (e.g. git archive of the base commit)")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--only", default="L1,L2,L3")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return 0
    if args.base is None:
        parser.error("--base is required")
    sys.path.insert(0, str(HERE))
    from benchmarks.lavapipe import Lavapipe

    lavapipe = Lavapipe.find()
    for name in args.only.split(","):
        best = {"base cpu": float("inf"), "base wall": float("inf"), "this cpu": float("inf"),
                "this wall": float("inf"), "lavapipe": float("inf")}
        for _ in range(args.rounds):
            for label, tree in (("base", args.base.resolve()), ("this", HERE)):
                timing = ours(tree, name)
                best[f"{label} cpu"] = min(best[f"{label} cpu"], timing["cpu"])
                best[f"{label} wall"] = min(best[f"{label} wall"], timing["wall"])
            if lavapipe is not None:
                path, groups, buffers, push = case(name)
                best["lavapipe"] = min(best["lavapipe"], lavapipe.dispatch(path, groups, buffers, push, 1).seconds)
        line = (f"{name}: CPU s base {best['base cpu']:.3f} -> this {best['this cpu']:.3f} "
                f"({best['base cpu'] / best['this cpu']:.2f}x); wall s {best['base wall']:.3f} -> {best['this wall']:.3f}")
        if lavapipe is not None:
            line += (f"; lavapipe {best['lavapipe'] * 1e3:.1f} ms: ratio (wall) {best['base wall'] / best['lavapipe']:.1f}x"
                     f" -> {best['this wall'] / best['lavapipe']:.1f}x")
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
