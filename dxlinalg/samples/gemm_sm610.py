"""A tiled GEMM, D = A B, with SM 6.10 `dx::linalg::Matrix` at Wave or ThreadGroup scope.

Each thread group computes a TILE_M x TILE_N tile of D: it walks K in steps of TILE_K, loading an A tile
(TILE_M x TILE_K) and a B tile (TILE_K x TILE_N) from row-major buffers with `Matrix::Load` and
accumulating with `MultiplyAccumulate`, then stores its accumulator. At Wave scope a group is one wave;
at ThreadGroup scope a group of two waves shares the matrices. Two variants, as HLSL would write them:
float16 x float16 + float32, and int8 x int8 + int32 (the Tier 1 required wave multiply).

0035's loads need 128-byte aligned addresses and 16-byte multiple strides, so every tile row starts on 128
bytes: float16 tiles are 64 x 64 with a K step of 64, int8 tiles 64 x 128 with a K step of 128, and M, N, K are
multiples of them. The inputs, the reference profile's exact rounding per K
step and the tensor-core bound are `dxlinalg.samples.coopmat_gemm`'s (the same core computes both samples).

The host code is SM 6.10's: the device is created for D3D_SHADER_MODEL_6_10, and `missing_support` asks the
per-operation query (feature 78) whether the tile's multiply and matrices are supported, as an application does
before it creates the pipeline (which checks the shader's operations again and fails if one is not reported).

    python -m dxlinalg.samples.gemm_sm610 [--m M --n N --k K] [--profile P] [--int8] [--threadgroup]
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

from d3d12api import *  # noqa: F403
from d3d12api.sm610 import *  # noqa: F403  (the 6.10 SDK's names and datatype numbers)
from dxlinalg.gpu.shader import ComputeShader, shader_factory
from dxlinalg.hlsl import ByteAddressBuffer, RootConstants, RWByteAddressBuffer, SV_GroupID, compute_shader
from dxlinalg.hlsl import sm610 as linalg
from dxlinalg.profile.registry import load_profile
from dxlinalg.samples.coopmat_gemm import F16, INT8, GemmVariant, dispatch_gemm, expected_f16, expected_int8, f16_error_bound, sample_inputs
from dxlinalg.samples.host_helpers import GpuContext, ask_linalg_operation
from dxlinalg.samples.sample_args import int_in, profile

C, U, S, L = linalg.ComponentType, linalg.MatrixUse, linalg.MatrixScope, linalg.MatrixLayout
MAX_SIZE = 4096
COMPONENTS = {F16.name: (C.F16, C.F32), INT8.name: (C.I8, C.I32)}
#: (TILE_M, TILE_N, TILE_K) per variant: 128 bytes of A's row and of B's row per tile.
TILES = {F16.name: (64, 64, 64), INT8.name: (64, 128, 128)}


@shader_factory
def gemm_shader(variant: GemmVariant, wave_size: int, scope: S = S.Wave) -> ComputeShader:
    """The GEMM compute shader: one wave (Wave scope) or two (ThreadGroup scope) per group and tile."""
    ab, acc = COMPONENTS[variant.name]
    ab_size = 2 if ab == C.F16 else 1
    TILE_M, TILE_N, TILE_K = TILES[variant.name]  # noqa: N806
    MatA = linalg.Matrix[ab, TILE_M, TILE_K, U.A, scope]
    MatB = linalg.Matrix[ab, TILE_K, TILE_N, U.B, scope]
    MatD = linalg.Matrix[acc, TILE_M, TILE_N, U.Accumulator, scope]
    threads = wave_size * (1 if scope == S.Wave else 2)

    @compute_shader(numthreads=(threads, 1, 1))
    def gemm_sm610(a=ByteAddressBuffer("t0"), b=ByteAddressBuffer("t1"), d=RWByteAddressBuffer("u0"),
                   sizes=RootConstants("b0", 3)):
        n, k = int(sizes[1]), int(sizes[2])                 # uniform: root constants
        tile_row = SV_GroupID()[:, 1] * TILE_M               # per thread, uniform in the group
        tile_col = SV_GroupID()[:, 0] * TILE_N
        acc_tile = MatD.Splat(0)
        step = 0
        while True:             # do { ... } while (step < k): a uniform loop; check_sizes makes K at least one step
            tile_a = MatA.Load(a, (tile_row * k + step) * ab_size, k * ab_size, L.RowMajor)
            tile_b = MatB.Load(b, (step * n + tile_col) * ab_size, n * ab_size, L.RowMajor)
            acc_tile.MultiplyAccumulate(tile_a, tile_b)
            step += TILE_K
            if step >= k:
                break
        acc_tile.Store(d, (tile_row * n + tile_col) * 4, n * 4, L.RowMajor)

    return gemm_sm610


#: The 6.10 SDK datatype of each variant's (A and B, accumulator) component types.
DATATYPES = {F16.name: (D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT16, D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT32),
             INT8.name: (D3D12_LINEAR_ALGEBRA_DATATYPE_SINT8, D3D12_LINEAR_ALGEBRA_DATATYPE_SINT32)}



def missing_support(device: ID3D12Device, variant: GemmVariant, scope: S = S.Wave) -> str:
    """Why this device cannot run the variant's GEMM at `scope` ('' when it can), from the per-operation query."""
    ab, acc = DATATYPES[variant.name]
    tile_m, tile_n, tile_k = TILES[variant.name]
    for datatype, rows, cols, what in ((ab, tile_m, tile_k, "A"), (ab, tile_k, tile_n, "B"),
                                       (acc, tile_m, tile_n, "accumulator")):
        built = ask_linalg_operation(device, D3D12_LINEAR_ALGEBRA_OPERATION_TYPE_MATRIX_CONSTRUCTION, "MatrixConstruction",
                     D3D12_LINEAR_ALGEBRA_MATRIX_CONSTRUCTION_SUPPORT(datatype, 0))
        minimum = {"A": (built.MinM, built.MinK), "B": (built.MinK, built.MinN),
                   "accumulator": (built.MinM, built.MinN)}[what]
        name = D3D12_LINEAR_ALGEBRA_DATATYPE(datatype).name
        if not built.MinM:
            return f"{name} matrices are not constructible (MATRIX_CONSTRUCTION answers MinM = MinK = MinN = 0)"
        if rows < minimum[0] or cols < minimum[1]:
            return f"the {rows} x {cols} {what} tile is below the {name} minimum (MinM/MinK/MinN " \
                   f"{built.MinM}/{built.MinK}/{built.MinN})"
    inputs = D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_INPUTS(0, ab, ab, acc)
    shape = (tile_m, tile_k, tile_n)
    if scope == S.Wave:
        count = ask_linalg_operation(device, D3D12_LINEAR_ALGEBRA_OPERATION_TYPE_WAVE_MATRIX_MULTIPLY, "WaveMatrixMultiply",
                     D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_SUPPORT(Inputs=inputs)).NumShapes
        shapes = [D3D12_LINEAR_ALGEBRA_MATRIX_MULTIPLY_SHAPE() for _ in range(count)]
        ask_linalg_operation(device, D3D12_LINEAR_ALGEBRA_OPERATION_TYPE_WAVE_MATRIX_MULTIPLY, "WaveMatrixMultiply",
             D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_SUPPORT(Inputs=inputs, NumShapes=count, Shapes=shapes))
        if not any(m and k and n and not (shape[0] % m or shape[1] % k or shape[2] % n)
                   for m, k, n in ((s.M, s.K, s.N) for s in shapes)):
            return f"the wave multiply's native shapes {[(s.M, s.K, s.N) for s in shapes]} do not tile {shape}"
        return ""
    group = ask_linalg_operation(device, D3D12_LINEAR_ALGEBRA_OPERATION_TYPE_THREADGROUP_MATRIX_MULTIPLY,
                 "ThreadGroupMatrixMultiply", D3D12_LINEAR_ALGEBRA_THREADGROUP_MATRIX_MULTIPLY_SUPPORT(
                     WaveInputs=inputs, Shape=D3D12_LINEAR_ALGEBRA_MATRIX_MULTIPLY_SHAPE(*shape)))
    threads = 2 * device.profile.wave_size
    if not group.SupportFlags & D3D12_LINEAR_ALGEBRA_MULTIPLICATION_SUPPORT_FLAG_SUPPORTED:
        return f"the thread-group multiply at {shape} is not supported"
    if not (group.MinThreadGroupSize <= threads <= group.MaxThreadGroupSize and threads % group.MinThreadGroupSize == 0):
        return (f"a group of {threads} threads is outside the thread-group multiply's sizes "
                f"{group.MinThreadGroupSize}..{group.MaxThreadGroupSize}")
    return ""


def check_sizes(variant: GemmVariant, m: int, n: int, k: int) -> None:
    for name, value, tile in zip("MNK", (m, n, k), TILES[variant.name]):
        if value < 1 or value % tile:
            raise ValueError(f"{name} = {value} must be a positive multiple of {tile} (0035: 128-byte aligned "
                             f"tile addresses)")


def run_gemm(gpu: GpuContext, variant: GemmVariant, a: np.ndarray, b: np.ndarray, scope: S = S.Wave) -> np.ndarray:
    """D = A B on the GPU: A (M, K) and B (K, N) of the variant's A/B type; D of its accumulator type."""
    m, k = a.shape
    n = b.shape[1]
    check_sizes(variant, m, n, k)
    tile_m, tile_n, _ = TILES[variant.name]
    shader = gemm_shader(variant, gpu.device.profile.wave_size, scope)
    return dispatch_gemm(gpu, shader, variant, a, b, tile_m, tile_n)


def check(variant: GemmVariant, profile_name: str, a: np.ndarray, b: np.ndarray, d: np.ndarray) -> tuple[int, str]:
    """(elements off, what was compared): exact for int8 and the exact MulAdd model, else the tensor-core bound."""
    if variant is INT8:
        return int(np.count_nonzero(d != expected_int8(a, b))), "exact int32"
    if load_profile(profile_name).linalg_matrix.muladd_sum == "exact":
        return int(np.count_nonzero(d != expected_f16(a, b, TILES[variant.name][2]))), \
            "exact (the same rounding per K step)"
    error = np.abs(d.astype(np.float64) - a.astype(np.float64) @ b.astype(np.float64))
    return int(np.count_nonzero(error > f16_error_bound(a, b))), "within 2^-10 sum|a||b|"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--profile", type=profile, default="reference")
    for name in ("m", "n", "k"):
        parser.add_argument(f"--{name}", type=int_in(1, MAX_SIZE), default=128,
                            help=f"{name.upper()}, a multiple of the tile (64; 128 for N and K with --int8)")
    parser.add_argument("--int8", action="store_true", help="int8 x int8 + int32 instead of float16 + float32")
    parser.add_argument("--threadgroup", action="store_true", help="ThreadGroup scope (two waves per tile)")
    args = parser.parse_args(argv)
    variant = INT8 if args.int8 else F16
    scope = S.ThreadGroup if args.threadgroup else S.Wave
    try:
        check_sizes(variant, args.m, args.n, args.k)
    except ValueError as error:
        parser.error(str(error))
    a, b = sample_inputs(variant, args.m, args.n, args.k)
    gpu = GpuContext(args.profile, shader_model=D3D_SHADER_MODEL_6_10)
    reason = missing_support(gpu.device, variant, scope)
    if reason:
        print(f"{variant.name} GEMM at {scope.name} scope skipped on {args.profile}: {reason}")
        return 0
    d = run_gemm(gpu, variant, a, b, scope)
    wrong, compared = check(variant, args.profile, a, b, d)
    tile_m, tile_n, tile_k = TILES[variant.name]
    print(f"{variant.name} GEMM {args.m}x{args.k} @ {args.k}x{args.n} on {args.profile}, {scope.name} scope "
          f"({tile_m}x{tile_n} tiles, K step {tile_k}): {wrong} of {d.size} elements differ from numpy ({compared})")
    return 0 if wrong == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
