"""C2: the cooperative-matrix GEMM sample (GLSL builtins in the Python DSL) at 512^3, against numpy's matmul.

Ours is `dxlinalg.samples.coopmat_gemm.run_gemm`, float16 x float16 + float32 on the reference profile
(strict mode): the whole D3D12 round trip (upload, record, one Dispatch of one subgroup per output
tile, read back), every tensor-addressed load and MulAdd running once per chunk over all subgroups
of the chunk. Two tilings: the sample's (64 x 64 tiles, K step 64) and a large one (128 x 128
tiles, K step 512: fewer, bigger batched calls). The baseline is numpy's float32 `A @ B` of the
same matrices (the float16 values). The reference profile's MulAdd is the exact sum rounded once
per K step, which costs two float64 batched products (the sum and its error bound) per step: a
floor of several times a float32 product. Timed interleaved, best of N each.

    python -m benchmarks --only C2 [--quick]
"""

from __future__ import annotations

import numpy as np

from benchmarks.timing import best_time
from dxlinalg.samples.coopmat_gemm import F16, run_gemm
from dxlinalg.samples.host_helpers import GpuContext

WORKLOAD = "C2"
TITLE = "cooperative-matrix GEMM sample (tensor-addressed loads, coopMatMulAdd) vs numpy matmul"
GOAL = "<= 3x"

SIZE = {False: 512, True: 128}
REPEATS = {False: 3, True: 1}
TILINGS = ((64, 64, 64), (128, 128, 512))     # (tile_m, tile_n, tile_k)


def run(quick: bool) -> list[dict[str, object]]:
    size, repeats = SIZE[quick], REPEATS[quick]
    rng = np.random.default_rng(3)
    a = rng.standard_normal((size, size)).astype(np.float16)
    b = rng.standard_normal((size, size)).astype(np.float16)
    a32, b32 = a.astype(np.float32), b.astype(np.float32)
    exact = a.astype(np.float64) @ b.astype(np.float64)
    gpu = GpuContext("reference")
    rows = []
    for tile_m, tile_n, tile_k in TILINGS:
        tile_k = min(tile_k, size)

        def ours(tile_m: int = tile_m, tile_n: int = tile_n, tile_k: int = tile_k) -> np.ndarray:
            return run_gemm(gpu, F16, a, b, tile_m=tile_m, tile_n=tile_n, tile_k=tile_k)

        def numpy_matmul() -> np.ndarray:
            return a32 @ b32

        if not np.allclose(ours(), exact, rtol=1e-5, atol=1e-3):
            raise AssertionError(f"C2: the sample's D is not A B ({size}^3, {tile_m}x{tile_n} tiles)")
        seconds = baseline = float("inf")
        for _ in range(repeats):
            seconds = min(seconds, best_time(ours, 1))
            baseline = min(baseline, best_time(numpy_matmul, 1))
        tiles = -(-size // tile_m) * -(-size // tile_n)
        rows.append({"name": f"{size}^3 f16 x f16 + f32, {tile_m}x{tile_n} tiles, K step {tile_k}", "seconds": seconds,
                     "baseline_seconds": baseline, "ratio": seconds / baseline, "size": size,
                     "notes": f"one Dispatch of dxlinalg.samples.coopmat_gemm ({tiles} subgroups), reference profile, strict, "
                              f"vs numpy float32 A @ B; best of {repeats} interleaved"})
    return rows
