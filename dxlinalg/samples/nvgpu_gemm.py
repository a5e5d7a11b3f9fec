"""A tiled FP16 GEMM, C = A B, written the way MLIR lowers a matmul to the nvgpu dialect.

Each thread group of 128 threads (4 warps) computes a 64 x 64 tile of C; each warp a 32 x 32 part of
it, as 2 x 4 mma.sync m16n8k16 tiles with f32 accumulators. K goes in steps of 32 through a
two-stage pipeline in groupshared memory:

1. `nvgpu.device_async_copy`: every thread copies 16 bytes of A's and B's next 64 x 32 / 32 x 64
   slices into the other stage, then `device_async_create_group` commits them;
2. `nvgpu.device_async_wait {numGroups = 1}`: the previous stage's group has landed (the newest may
   still fly), then a barrier (`gpu.barrier`) so every thread's copies are visible to all;
3. `nvgpu.ldmatrix`: A fragments (x4, row-major 16 x 16 blocks) and B fragments (x4 with
   transpose: B is K x N row-major, mma.sync wants it column-major) for two k16 steps;
4. `nvgpu.mma.sync`: 16 per warp and step, then a barrier before the stage is overwritten.

The epilogue stores each lane's accumulator registers (2 f32 per row) to C. The host side runs the
shader with `run_dispatch` (an MLIR kernel has no D3D12 host) and compares with numpy.
`python -m dxlinalg.samples.nvgpu_gemm [--size N] [--profile P]`
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from dxlinalg.gpu import (
    BufferMemory,
    GroupMemoryBarrierWithGroupSync,
    TypedView,
    run_dispatch,
)
from dxlinalg.hlsl import (
    ByteAddressBuffer,
    RootConstants,
    RWByteAddressBuffer,
    SV_GroupID,
    SV_GroupIndex,
    compute_shader,
    float16_t,
    groupshared,
)
from dxlinalg.nvgpu import (
    AsyncToken,
    device_async_copy,
    device_async_create_group,
    device_async_wait,
    ldmatrix,
    mma_sync,
)
from dxlinalg.samples.sample_args import int_in, profile

BLOCK_M = BLOCK_N = 64          # C tile of a thread group
BLOCK_K = 32                    # K per pipeline stage
WARP_M = WARP_N = 32            # C tile of a warp: 2 x 4 m16n8 tiles
THREADS = 128
STAGES = 2
MMA = [16, 8, 16]


@compute_shader(numthreads=(THREADS, 1, 1))
def gemm(a_buffer=ByteAddressBuffer("t0"), b_buffer=ByteAddressBuffer("t1"), c_buffer=RWByteAddressBuffer("u0"),
         sizes=RootConstants("b0", 3),
         a_smem=groupshared(float16_t, (STAGES, BLOCK_M, BLOCK_K)),
         b_smem=groupshared(float16_t, (STAGES, BLOCK_K, BLOCK_N))):
    m, n, k = (int(v) for v in sizes[:3])
    a = TypedView(BufferMemory(a_buffer), np.float16, (m, k), name="A")            # memref<MxKxf16>
    b = TypedView(BufferMemory(b_buffer), np.float16, (k, n), name="B")            # memref<KxNxf16>
    c = TypedView(BufferMemory(c_buffer), np.float32, (m, n), name="C")            # memref<MxNxf32>
    tid = SV_GroupIndex().astype(np.int64)
    block_n, block_m = SV_GroupID()[:, 0].astype(np.int64) * BLOCK_N, SV_GroupID()[:, 1].astype(np.int64) * BLOCK_M
    lane, warp = tid % 32, tid // 32
    warp_m, warp_n = WARP_M * (warp // 2), WARP_N * (warp % 2)

    def load_stage(stage: int, k0: int) -> AsyncToken:
        tokens = []
        for chunk in (tid, tid + THREADS):                        # 256 chunks of 16 bytes per operand
            row, col = chunk // 4, 8 * (chunk % 4)                # A: 64 rows x 4 chunks
            tokens.append(device_async_copy(a_smem.view, (stage, row, col), a, (block_m + row, k0 + col), 8))
            row, col = chunk // 8, 8 * (chunk % 8)                # B: 32 rows x 8 chunks
            tokens.append(device_async_copy(b_smem.view, (stage, row, col), b, (k0 + row, block_n + col), 8))
        return device_async_create_group(tokens)

    accumulators = [[np.zeros((tid.size, 2, 2), np.float32) for _ in range(4)] for _ in range(2)]
    steps = k // BLOCK_K
    group = load_stage(0, 0)
    for step in range(steps):
        if step + 1 < steps:
            group = load_stage((step + 1) % STAGES, (step + 1) * BLOCK_K)
        device_async_wait(group, numGroups=1 if step + 1 < steps else 0)   # this step's group has landed
        GroupMemoryBarrierWithGroupSync()
        stage = step % STAGES
        for k16 in range(0, BLOCK_K, 16):
            a_frags = [ldmatrix(a_smem.view, (stage, warp_m + 16 * i + lane % 16, k16 + 8 * (lane // 16)), False, 4)
                       for i in range(2)]
            b_frags = []
            for j in range(2):                                     # two n8 tiles per ldmatrix.x4.trans
                tile = lane // 8
                pair = ldmatrix(b_smem.view, (stage, k16 + 8 * (tile % 2) + lane % 8,
                                              warp_n + 16 * j + 8 * (tile // 2)), True, 4)
                b_frags += [pair[:, 0:2], pair[:, 2:4]]
            for i in range(2):
                for j in range(4):
                    accumulators[i][j] = mma_sync(a_frags[i], b_frags[j], accumulators[i][j], MMA)
        GroupMemoryBarrierWithGroupSync()
    g, t = lane // 4, lane % 4
    for i in range(2):
        for j in range(4):
            for half in range(2):
                row = block_m + warp_m + 16 * i + g + 8 * half
                c.store((row, block_n + warp_n + 8 * j + 2 * t), accumulators[i][j][:, half, :])


def multiply(a: np.ndarray, b: np.ndarray, profile_name: str = "reference", *, strict: bool = True) -> np.ndarray:
    """C = A B (float32) for float16 A (M x K) and B (K x N), M and N multiples of 64, K of 32."""
    (m, k), (k_b, n) = a.shape, b.shape
    if k != k_b or m % BLOCK_M or n % BLOCK_N or k % BLOCK_K or min(m, n, k) == 0:
        raise ValueError(f"A {a.shape} and B {b.shape}: need A's columns = B's rows, M and N multiples of "
                         f"{BLOCK_M}, K a multiple of {BLOCK_K}")
    c = np.zeros(m * n * 4, np.uint8)
    run_dispatch(gemm, {"t0": np.ascontiguousarray(a, np.float16).view(np.uint8).reshape(-1),
                        "t1": np.ascontiguousarray(b, np.float16).view(np.uint8).reshape(-1),
                        "u0": c, "b0": [m, n, k]},
                 thread_groups=(n // BLOCK_N, m // BLOCK_M, 1), profile=profile_name, strict=strict)
    return c.view(np.float32).reshape(m, n)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int_in(64, 4096), default=256,
                        help="M = N = K, a multiple of 64 (default 256)")
    parser.add_argument("--profile", type=profile, default="reference")
    args = parser.parse_args(argv)
    if args.size % BLOCK_M:
        parser.error(f"argument --size: {args.size} is not a multiple of {BLOCK_M}")
    rng = np.random.default_rng(0)
    a = rng.standard_normal((args.size, args.size)).astype(np.float16)
    b = rng.standard_normal((args.size, args.size)).astype(np.float16)
    start = time.perf_counter()
    c = multiply(a, b, args.profile)
    seconds = time.perf_counter() - start
    exact = a.astype(np.float64) @ b.astype(np.float64)
    error = float(np.max(np.abs(c - exact) / (np.abs(a).astype(np.float64) @ np.abs(b).astype(np.float64))))
    print(f"{args.size}^3 FP16 GEMM through nvgpu (cp.async, ldmatrix, mma.sync) on {args.profile}: "
          f"{seconds:.2f} s, largest error relative to |A||B| {error:.1e} (numpy float64)")
    return 0 if error < 1e-6 else 1


if __name__ == "__main__":
    sys.exit(main())
