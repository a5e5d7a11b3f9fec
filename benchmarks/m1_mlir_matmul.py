"""M1: IREE's 512^3 f16 x f16 -> f32 matmul dispatch (sm_80, 64 nvgpu.mma.sync per iteration) through
`dxlinalg.mlir.run`, against numpy's float32 product of the same matrices.

The kernel is the corpus's `dxlinalg/samples/mlir/matmul_f16_512.mlir` (iree-compile 3.13; the command is in
dxlinalg/samples/mlir/COMMANDS.txt, its H200 output in tests/data/mlir/gpu/): 64 workgroups of 128 threads, one chunk of 8192 lanes. Strict (race and bounds tracking on) and permissive, on the
reference profile (--quick: permissive only, one run). Timed interleaved, best of N each.

    python -m benchmarks --only M1 [--quick]
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from benchmarks.timing import best_time
from dxlinalg.mlir import run as mlir_run

WORKLOAD = "M1"
TITLE = "IREE 512^3 f16 matmul kernel (MLIR text) through dxlinalg.mlir.run vs numpy matmul"
GOAL = "<= 100x"

KERNEL = Path(__file__).parents[1] / "dxlinalg" / "samples" / "mlir" / "matmul_f16_512.mlir"
ENTRY = "matmul_f16_512_dispatch_0_matmul_512x512x512_f16xf16xf32"
REPEATS = {False: 2, True: 1}


def run(quick: bool) -> list[dict[str, object]]:
    size, repeats = 512, REPEATS[quick]
    text = KERNEL.read_text()
    rng = np.random.default_rng(3)
    a = rng.standard_normal((size, size)).astype(np.float16)
    b = rng.standard_normal((size, size)).astype(np.float16)
    a32, b32 = a.astype(np.float32), b.astype(np.float32)
    exact = a.astype(np.float64) @ b.astype(np.float64)
    rows = []
    for strict in ((False,) if quick else (True, False)):
        results: list[np.ndarray] = []

        def ours(strict: bool = strict, results: list[np.ndarray] = results) -> None:
            results.append(mlir_run(text, ENTRY, (64, 1, 1), {0: a, 1: b, 2: np.zeros((size, size), np.float32)},
                                    strict=strict)[2])

        def numpy_matmul() -> np.ndarray:
            return a32 @ b32

        seconds = baseline = float("inf")
        for _ in range(repeats):
            seconds = min(seconds, best_time(ours, 1))
            baseline = min(baseline, best_time(numpy_matmul, 1))
        if not np.allclose(results[-1], exact, rtol=1e-5, atol=1e-4):
            raise AssertionError(f"M1: the kernel's C is not A B (strict={strict})")
        mode = "strict" if strict else "permissive"
        rows.append({"name": f"{size}^3, reference, {mode}", "seconds": seconds, "baseline_seconds": baseline,
                     "ratio": seconds / baseline, "size": size, "profile": "reference", "strict": strict,
                     "notes": f"IREE dispatch (64 workgroups x 128 threads) through dxlinalg.mlir.run vs numpy "
                              f"float32 A @ B; best of {repeats} interleaved"})
    return rows
