"""N2: the nvgpu tiled GEMM sample (cp.async, ldmatrix, mma.sync) at 512^3, against numpy's matmul.

Ours is `dxlinalg.samples.nvgpu_gemm.multiply`: one dispatch of 64 thread groups of 128 threads, each
pipelining 16 K steps through groupshared memory (async copies, waits, barriers, 8 ldmatrix and 16
mma.sync per warp and step), on the `reference` and `nvidia-h100` profiles, in strict mode (race,
in-flight-copy and bounds tracking on) and in permissive mode. The baseline is numpy's float32
`A @ B` of the same matrices (values of the float16 inputs). Timed interleaved, best of N each.

    python -m benchmarks --only N2 [--quick]
"""

from __future__ import annotations

import numpy as np

from benchmarks.timing import best_time
from dxlinalg.samples.nvgpu_gemm import multiply

WORKLOAD = "N2"
TITLE = "nvgpu tiled GEMM sample (async copies, ldmatrix, mma.sync) vs numpy matmul"
GOAL = "<= 5x"

SIZE = {False: 512, True: 128}
REPEATS = {False: 2, True: 1}
PROFILES = ("reference", "nvidia-h100")


def run(quick: bool) -> list[dict[str, object]]:
    size, repeats = SIZE[quick], REPEATS[quick]
    rng = np.random.default_rng(3)
    a = rng.standard_normal((size, size)).astype(np.float16)
    b = rng.standard_normal((size, size)).astype(np.float16)
    a32, b32 = a.astype(np.float32), b.astype(np.float32)
    exact = a.astype(np.float64) @ b.astype(np.float64)
    rows = []
    for profile in PROFILES:
        for strict in (True, False):
            def ours(profile: str = profile, strict: bool = strict) -> np.ndarray:
                return multiply(a, b, profile, strict=strict)

            def numpy_matmul() -> np.ndarray:
                return a32 @ b32

            if not np.allclose(ours(), exact, rtol=1e-5, atol=1e-4):
                raise AssertionError(f"N2: the sample's C is not A B ({size}^3, {profile}, strict={strict})")
            seconds = baseline = float("inf")
            for _ in range(repeats):
                seconds = min(seconds, best_time(ours, 1))
                baseline = min(baseline, best_time(numpy_matmul, 1))
            mode = "strict" if strict else "permissive"
            rows.append({"name": f"{size}^3, {profile}, {mode}", "seconds": seconds, "baseline_seconds": baseline,
                         "ratio": seconds / baseline, "size": size, "profile": profile, "strict": strict,
                         "notes": f"one dispatch of dxlinalg.samples.nvgpu_gemm ({(size // 64) ** 2} groups x 128 threads) "
                                  f"vs numpy float32 A @ B; best of {repeats} interleaved"})
    return rows
