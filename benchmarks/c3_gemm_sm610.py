"""C3: the SM 6.10 wave-scope GEMM sample (`dxlinalg.samples.gemm_sm610`) at 512^3, against numpy's matmul.

Ours is `run_gemm`, float16 x float16 + float32 `dx::linalg::Matrix` at Wave scope (64 x 64 tiles, K step 64) on
the reference profile in strict mode: the whole D3D12 round trip (upload, record, one Dispatch of one wave per
output tile, read back), each Load and MultiplyAccumulate running once per chunk over all its waves. The
baseline is numpy's float32 `A @ B` of the same matrices. The reference profile's MulAdd is exact and rounded
once per K step (two float64 batched products per step), so a floor of several times a float32 product. Timed
interleaved, best of N each; the result is checked against the exact model.

    python -m benchmarks --only C3 [--quick]
"""

from __future__ import annotations

import numpy as np

from benchmarks.timing import best_time
from d3d12api.sm610 import D3D_SHADER_MODEL_6_10
from dxlinalg.samples.coopmat_gemm import F16, f16_error_bound
from dxlinalg.samples.gemm_sm610 import run_gemm
from dxlinalg.samples.host_helpers import GpuContext

WORKLOAD = "C3"
TITLE = "SM 6.10 wave-scope GEMM sample (Matrix Load, MultiplyAccumulate) vs numpy matmul"
GOAL = "<= 3x"

SIZE = {False: 512, True: 128}
REPEATS = {False: 3, True: 1}


def run(quick: bool) -> list[dict[str, object]]:
    size, repeats = SIZE[quick], REPEATS[quick]
    rng = np.random.default_rng(3)                   # C2's inputs, so the two samples compare
    a = rng.standard_normal((size, size)).astype(np.float16)
    b = rng.standard_normal((size, size)).astype(np.float16)
    a32, b32 = a.astype(np.float32), b.astype(np.float32)
    gpu = GpuContext("reference", shader_model=D3D_SHADER_MODEL_6_10)     # the sample's SM 6.10 host code
    d = run_gemm(gpu, F16, a, b)
    error = np.abs(d.astype(np.float64) - a.astype(np.float64) @ b.astype(np.float64))
    if (error > f16_error_bound(a, b)).any():
        raise AssertionError("C3: the GEMM differs from numpy beyond float32 rounding per K step")
    ours = baseline = float("inf")
    for _ in range(repeats):
        ours = min(ours, best_time(lambda: run_gemm(gpu, F16, a, b), 1))
        baseline = min(baseline, best_time(lambda: a32 @ b32, 1))
    return [{
        "name": f"float16 x float16 + float32, {size}^3, Wave scope, 64x64 tiles, K step 64",
        "seconds": ours, "baseline_seconds": baseline, "ratio": ours / baseline,
        "notes": f"run_gemm (upload, one Dispatch of {(size // 64) ** 2} waves, read back), profile reference, debug "
                 f"layer on; vs numpy float32 A @ B (C2's standard-normal inputs); best of {repeats} interleaved",
    }]
