"""N1: nvgpu.mma.sync m16n8k16 (f16 in, f32 accumulators) over a grid of warps, against one batched numpy matmul.

Ours is `dxlinalg.nvgpu.mma_sync` on 4,096 warps' per-lane fragments (A vector<4x2xf16>, B
vector<2x2xf16>, C vector<2x2xf32>), all of it: gathering the warps' 16 x 16, 16 x 8 and 16 x 8
tiles through the fragment maps, the profile's arithmetic (reference: the exact sum rounded once;
nvidia-h100: the tensor-core chunk model) and scattering D back to the lanes. The baseline is numpy
doing the same multiply-adds on tiles it already holds: `np.matmul(A, B) + C` over (4096, 16, 16)
and (4096, 16, 8) float32 arrays (float32: numpy's float16 matmul has no BLAS and runs ~100x
slower). Timed interleaved, best of N each.

    python -m benchmarks --only N1 [--quick]
"""

from __future__ import annotations

import numpy as np

from benchmarks.timing import best_time
from dxlinalg.nvgpu import mma_sync

WORKLOAD = "N1"
TITLE = "nvgpu.mma.sync m16n8k16 f16 -> f32 over a grid of warps vs one batched numpy matmul"
GOAL = "<= 3x"

WARPS = {False: 4096, True: 256}
REPEATS = {False: 5, True: 2}
PROFILES = ("reference", "nvidia-h100")


def run(quick: bool) -> list[dict[str, object]]:
    warps, repeats = WARPS[quick], REPEATS[quick]
    rng = np.random.default_rng(2)
    lanes = 32 * warps
    a = rng.standard_normal((lanes, 4, 2)).astype(np.float16)
    b = rng.standard_normal((lanes, 2, 2)).astype(np.float16)
    c = rng.standard_normal((lanes, 2, 2)).astype(np.float32)
    a_tiles = rng.standard_normal((warps, 16, 16)).astype(np.float32)
    b_tiles = rng.standard_normal((warps, 16, 8)).astype(np.float32)
    c_tiles = rng.standard_normal((warps, 16, 8)).astype(np.float32)
    rows = []
    for profile in PROFILES:
        def ours(profile: str = profile) -> np.ndarray:
            return mma_sync(a, b, c, [16, 8, 16], profile=profile)

        def numpy_batched() -> np.ndarray:
            return np.matmul(a_tiles, b_tiles) + c_tiles

        if not np.isfinite(ours()).all() or ours().shape != c.shape:
            raise AssertionError(f"N1 {profile}: mma_sync gave no finite D")
        seconds = baseline = float("inf")
        for _ in range(repeats):
            seconds = min(seconds, best_time(ours, 1))
            baseline = min(baseline, best_time(numpy_batched, 1))
        rows.append({"name": f"{warps:,} warps, {profile}", "seconds": seconds, "baseline_seconds": baseline,
                     "ratio": seconds / baseline, "profile": profile, "warps": warps,
                     "notes": f"mma_sync on {lanes:,} lanes' fragments vs np.matmul + add of the same tiles in "
                              f"float32; best of {repeats} interleaved"})
    return rows
