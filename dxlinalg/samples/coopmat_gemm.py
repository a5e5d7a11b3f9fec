"""A tiled GEMM, D = A B, with cooperative matrices and tensor-addressed loads (GL_NV_cooperative_matrix2).

One subgroup per output tile: each thread group is one wave and computes a TILE_M x TILE_N tile of D,
walking K in steps of TILE_K. A is M x K and B is K x N, row-major, with any M, N and K: the tensor
layouts know the real dimensions and use clamp mode Constant, so the tiles that hang over a ragged
edge read 0 there (nothing is padded), and the store through the same kind of layout drops the
elements outside D. Two variants, as the GLSL would be written:

- float16 x float16 + float32 (`coopMatMulAdd` with an f32 Accumulator);
- int8 x int8 + int32 (signed components, from the types, as GLSL sets them).

The host code is a D3D12 sample's: upload A and B, bind root SRVs/UAV and the sizes as root
constants, Dispatch one group per tile, read D back, compare with numpy. The reference profile
sums each step's products exactly and rounds once to float32, so `expected_f16` repeats that
rounding step by step and the comparison is exact; other profiles (the tensor-core model) are held
to a stated bound. `python -m dxlinalg.samples.coopmat_gemm [--m M --n N --k K] [--profile P] [--int8]`
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass

import numpy as np

from d3d12api import *
from dxlinalg.gpu.shader import ComputeShader, shader_factory
from dxlinalg.glsl import (
    ByteAddressBuffer,
    RootConstants,
    RWByteAddressBuffer,
    SV_GroupID,
    compute_shader,
    coopmat,
    coopMatLoadTensorNV,
    coopMatMulAdd,
    coopMatStoreTensorNV,
    createTensorLayoutNV,
    float16_t,
    float32_t,
    gl_CooperativeMatrixClampModeConstantNV,
    gl_MatrixUseA,
    gl_MatrixUseAccumulator,
    gl_MatrixUseB,
    gl_ScopeSubgroup,
    int8_t,
    int32_t,
    setTensorLayoutDimensionNV,
    sliceTensorLayoutNV,
)
from dxlinalg.profile.registry import load_profile
from dxlinalg.samples.host_helpers import (
    GpuContext,
    create_compute_pipeline,
    create_root_signature,
)
from dxlinalg.samples.sample_args import int_in, profile

TILE_M = TILE_N = 64    # the output tile of one subgroup
TILE_K = 64             # K per step
MAX_SIZE = 4096


@dataclass(frozen=True)
class GemmVariant:
    """Component types of one GEMM: A and B, and the accumulator D."""

    name: str
    ab: object          # float16_t or int8_t
    acc: object         # float32_t or int32_t


F16 = GemmVariant("float16 x float16 + float32", float16_t, float32_t)
INT8 = GemmVariant("int8 x int8 + int32", int8_t, int32_t)


# --- the shader -----------------------------------------------------------------------------------------
@shader_factory
def gemm_shader(variant: GemmVariant, wave_size: int, tile_m: int = TILE_M, tile_n: int = TILE_N,
                tile_k: int = TILE_K) -> ComputeShader:
    """The GEMM compute shader for `variant`, one wave of `wave_size` threads per group and tile."""
    AType = coopmat[variant.ab, gl_ScopeSubgroup, tile_m, tile_k, gl_MatrixUseA]
    BType = coopmat[variant.ab, gl_ScopeSubgroup, tile_k, tile_n, gl_MatrixUseB]
    DType = coopmat[variant.acc, gl_ScopeSubgroup, tile_m, tile_n, gl_MatrixUseAccumulator]
    constant = gl_CooperativeMatrixClampModeConstantNV

    @compute_shader(numthreads=(wave_size, 1, 1))
    def coopmat_gemm(a=ByteAddressBuffer("t0"), b=ByteAddressBuffer("t1"), d=RWByteAddressBuffer("u0"),
                     sizes=RootConstants("b0", 3)):
        m, n, k = (int(sizes[i]) for i in range(3))          # uniform: root constants
        tile_row = SV_GroupID()[:, 1] * tile_m                # per lane (uniform in the subgroup)
        tile_col = SV_GroupID()[:, 0] * tile_n
        layout_a = setTensorLayoutDimensionNV(createTensorLayoutNV(2, constant), m, k)
        layout_b = setTensorLayoutDimensionNV(createTensorLayoutNV(2, constant), k, n)
        layout_d = setTensorLayoutDimensionNV(createTensorLayoutNV(2, constant), m, n)
        acc = DType(0)
        for step in range(0, k, tile_k):                      # a uniform loop: a plain Python loop
            tile_a, tile_b = AType(), BType()
            coopMatLoadTensorNV(tile_a, a, 0, sliceTensorLayoutNV(layout_a, tile_row, tile_m, step, tile_k))
            coopMatLoadTensorNV(tile_b, b, 0, sliceTensorLayoutNV(layout_b, step, tile_k, tile_col, tile_n))
            acc = coopMatMulAdd(tile_a, tile_b, acc)
        coopMatStoreTensorNV(acc, d, 0, sliceTensorLayoutNV(layout_d, tile_row, tile_m, tile_col, tile_n))

    return coopmat_gemm


# --- host -----------------------------------------------------------------------------------------------
def run_gemm(gpu: GpuContext, variant: GemmVariant, a: np.ndarray, b: np.ndarray, *, tile_m: int = TILE_M,
             tile_n: int = TILE_N, tile_k: int = TILE_K) -> np.ndarray:
    """D = A B on the GPU: A (M, K) and B (K, N) of the variant's A/B type; D of its accumulator type."""
    shader = gemm_shader(variant, gpu.device.profile.wave_size, tile_m, tile_n, tile_k)
    return dispatch_gemm(gpu, shader, variant, a, b, tile_m, tile_n)


def dispatch_gemm(gpu: GpuContext, shader: object, variant: GemmVariant, a: np.ndarray, b: np.ndarray,
                  tile_m: int, tile_n: int) -> np.ndarray:
    """The host side every GEMM sample shares: A and B as SRVs t0/t1, D as UAV u0, (M, N, K) as root constants
    b0, one group per tile_m x tile_n tile of D (partial edge tiles included), D read back."""
    m, k = a.shape
    n = b.shape[1]
    acc_dtype = np.dtype(variant.acc.dtype)  # type: ignore[attr-defined]
    buffer_a = gpu.upload_buffer(a, name="A")
    buffer_b = gpu.upload_buffer(b, name="B")
    buffer_d = gpu.create_buffer(m * n * acc_dtype.itemsize, uav=True, name="D")
    signature = create_root_signature(gpu.device, "t0", "t1", "u0", "b0:3")
    pipeline = create_compute_pipeline(gpu.device, signature, shader)
    commands = gpu.list
    commands.SetPipelineState(pipeline)
    commands.SetComputeRootSignature(signature)
    commands.SetComputeRootShaderResourceView(0, buffer_a.GetGPUVirtualAddress())
    commands.SetComputeRootShaderResourceView(1, buffer_b.GetGPUVirtualAddress())
    commands.SetComputeRootUnorderedAccessView(2, buffer_d.GetGPUVirtualAddress())
    commands.SetComputeRoot32BitConstants(3, 3, [m, n, k], 0)
    commands.Dispatch(-(-n // tile_n), -(-m // tile_m), 1)
    gpu.execute_and_wait()
    return gpu.read_back(buffer_d, m * n * acc_dtype.itemsize).view(acc_dtype).reshape(m, n)


def sample_inputs(variant: GemmVariant, m: int, n: int, k: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """A and B. float16: multiples of 2^-11 in (-1, 1), so every partial sum of the exact model is a
    float64 (see `expected_f16`); int8: the whole range."""
    rng = np.random.default_rng(seed)
    if variant is INT8:
        return (rng.integers(-128, 128, (m, k), dtype=np.int8), rng.integers(-128, 128, (k, n), dtype=np.int8))
    return ((rng.integers(-2048, 2048, (m, k)) / 2048).astype(np.float16),
            (rng.integers(-2048, 2048, (k, n)) / 2048).astype(np.float16))


def expected_f16(a: np.ndarray, b: np.ndarray, tile_k: int = TILE_K) -> np.ndarray:
    """The reference profile's D: per K step, the exact C + A_k B_k rounded once to float32.

    With `sample_inputs`' values every product is a multiple of 2^-22 below 1 and every accumulator a
    multiple of 2^-22 below 2^12, so float64 sums them exactly and only the float32 rounding remains."""
    d = np.zeros((a.shape[0], b.shape[1]), np.float32)
    for step in range(0, a.shape[1], tile_k):
        d = (d.astype(np.float64) + a[:, step:step + tile_k].astype(np.float64)
             @ b[step:step + tile_k].astype(np.float64)).astype(np.float32)
    return d


def expected_int8(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The exact integer product, wrapped to int32 as the accumulator would (no wrap at these sizes)."""
    return (a.astype(np.int64) @ b.astype(np.int64)).astype(np.int32)


def f16_error_bound(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """What a tensor-core profile may differ by: 2^-10 of sum |a||b| per element (well above the
    truncation of a few kept bits per K chunk, far below a wrong tile)."""
    return (np.abs(a.astype(np.float64)) @ np.abs(b.astype(np.float64))) * 2.0 ** -10


def check(variant: GemmVariant, profile_name: str, a: np.ndarray, b: np.ndarray, d: np.ndarray,
          tile_k: int = TILE_K) -> tuple[int, str]:
    """(elements off, what was compared) for the variant on the profile."""
    if variant is INT8:
        return int(np.count_nonzero(d != expected_int8(a, b))), "exact int32"
    if load_profile(profile_name).coopmat.muladd_sum == "exact":
        return int(np.count_nonzero(d != expected_f16(a, b, tile_k))), "exact (the same rounding per K step)"
    error = np.abs(d.astype(np.float64) - a.astype(np.float64) @ b.astype(np.float64))
    return int(np.count_nonzero(error > f16_error_bound(a, b))), "within 2^-10 sum|a||b|"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--profile", type=profile, default="reference")
    for name, default in (("m", 200), ("n", 136), ("k", 150)):
        parser.add_argument(f"--{name}", type=int_in(1, MAX_SIZE), default=default, help=f"{name.upper()} (ragged "
                            f"edges welcome)")
    parser.add_argument("--int8", action="store_true", help="int8 x int8 + int32 instead of float16 x float16 + "
                                                            "float32")
    args = parser.parse_args(argv)
    variant = INT8 if args.int8 else F16
    a, b = sample_inputs(variant, args.m, args.n, args.k)
    d = run_gemm(GpuContext(args.profile), variant, a, b)
    wrong, compared = check(variant, args.profile, a, b, d)
    print(f"{variant.name} GEMM {args.m}x{args.k} @ {args.k}x{args.n} on {args.profile} ({TILE_M}x{TILE_N} tiles, "
          f"K step {TILE_K}): {wrong} of {d.size} elements differ from numpy ({compared})")
    return 0 if wrong == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
