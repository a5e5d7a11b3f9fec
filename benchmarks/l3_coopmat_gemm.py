"""L3: `dxlinalg/samples/spirv/coopmat_gemm_8x8.spv`, a KHR cooperative-matrix GEMM of 8 x 8 x 8 fp16 x fp16 + fp32
tiles (lavapipe's combination) at 512^3, against Mesa's lavapipe running the same module on the same machine.

The order and precision of a MulAdd's sum are the implementation's (SPV_KHR_cooperative_matrix leaves them
open), so the two C's need not be the same bits. Each is checked against the exact product (float64 of the
fp16 values) within the bound every fp32 accumulation model meets: the fp16 products are exact in fp32,
and any order of K fp32 additions is within gamma_K = K u / (1 - K u) of sum |a||b| (u = 2^-24). The
largest difference between the two is reported.

    python -m benchmarks --only L3 [--quick]     # needs python -m benchmarks.lavapipe fetch
"""

from __future__ import annotations

import struct

import numpy as np

from benchmarks.peer import installed_lavapipe, notes, side_by_side

WORKLOAD = "L3"
TITLE = "8x8x8 fp16 KHR cooperative-matrix GEMM (.spv), dxlinalg.spirv.run vs Mesa's lavapipe"
GOAL = "<= 5x"

SIZE = {False: 512, True: 64}
REPEATS = {False: 3, True: 1}
BLOCK_COLUMNS = 32                 # a workgroup's 8 x 32 block of C
TILE = 8
UNIT_ROUNDOFF = 2.0 ** -24


def within_fp32_accumulation(c: np.ndarray, exact: np.ndarray, magnitude: np.ndarray, k: int) -> bool:
    """|c - exact| <= gamma_K * sum |a||b| elementwise: what any fp32 summation order of exact products meets."""
    gamma = k * UNIT_ROUNDOFF / (1 - k * UNIT_ROUNDOFF)
    return bool(np.all(np.abs(c.astype(np.float64) - exact) <= gamma * magnitude))


def run(quick: bool) -> list[dict[str, object]]:
    installed_lavapipe()
    size, repeats = SIZE[quick], REPEATS[quick]
    rng = np.random.default_rng(3)
    a = rng.standard_normal((size, size)).astype(np.float16)
    b = rng.standard_normal((size, size)).astype(np.float16)
    exact = a.astype(np.float64) @ b.astype(np.float64)
    magnitude = np.abs(a.astype(np.float64)) @ np.abs(b.astype(np.float64))
    buffers = {(0, 0): a.reshape(-1), (0, 1): b.reshape(-1), (0, 2): np.zeros(size * size, np.float32)}
    groups = (size // BLOCK_COLUMNS, size // TILE, 1)
    result = side_by_side("coopmat_gemm_8x8.spv", groups, buffers, struct.pack("<3I", size, size, size), repeats)
    ours = result.ours[(0, 2)].reshape(size, size)
    theirs = result.theirs_as((0, 2), np.float32).reshape(size, size)
    for who, c in (("dxlinalg", ours), ("lavapipe", theirs)):
        if not within_fp32_accumulation(c, exact, magnitude, size):
            raise AssertionError(f"L3: {who}'s C is not A B within fp32 accumulation ({size}^3)")
    largest = float(np.max(np.abs(ours.astype(np.float64) - theirs)))
    same = float(np.mean(ours == theirs))
    return [{"name": f"{size}^3 f16 x f16 + f32, 8x8x8 tiles", "seconds": result.seconds,
             "baseline_seconds": result.lavapipe_seconds, "ratio": result.ratio, "size": size,
             "notes": notes(result, f"both C within fp32 accumulation of the exact A B; {same:.1%} of elements "
                                    f"the same bits, largest difference {largest:.3g}", repeats)}]
