"""The SM 6.10 compute shaders the Tier 1 shader cases dispatch, and the matrix byte layouts they read and write.

The shaders are DXC's `DxilConf_SM610_LinAlg` HLK shaders (tools/clang/unittests/HLSLExec/LinAlgTests.cpp,
microsoft/DirectXShaderCompiler 9a3e225d) written with `dxlinalg.hlsl.sm610`; tests/hlsl/sm610 runs the
same factories with the HLK's own inputs. Each factory is one HLSL source compiled with a set of #defines (types,
shapes, layouts, offsets, strides), as `dxlinalg.conformance.shaders` is for SM 6.9; each returns the compiled
`ComputeShader`.
"""

from __future__ import annotations

import numpy as np

from dxlinalg.hlsl import (
    ByteAddressBuffer,
    RWByteAddressBuffer,
    SV_GroupIndex,
    WaveGetLaneCount,
    compute_shader,
    lane_return,
    vector,
)
from dxlinalg.hlsl import float16_t, float32_t, int32_t, uint32_t
from dxlinalg.hlsl import sm610 as linalg

C, U, S, L = linalg.ComponentType, linalg.MatrixUse, linalg.MatrixScope, linalg.MatrixLayout
#: numpy element type of each ComponentType a case stores unpacked.
DTYPES = {C.F16: np.dtype(np.float16), C.F32: np.dtype(np.float32), C.I32: np.dtype(np.int32),
          C.U32: np.dtype(np.uint32), C.I16: np.dtype(np.int16), C.U16: np.dtype(np.uint16), C.I8: np.dtype(np.int8),
          C.U8: np.dtype(np.uint8)}
#: the HLSL register type of a vector of each numpy element type.
HLSL_TYPES = {np.dtype(np.float16): float16_t, np.dtype(np.float32): float32_t, np.dtype(np.int32): int32_t,
              np.dtype(np.uint32): uint32_t}


# -- matrices in bytes --------------------------------------------------------------------------------------------
def element_offsets(m: int, n: int, itemsize: int, layout: L, offset: int, stride: int) -> np.ndarray:
    """(m, n) byte offsets of a matrix's elements: row-major rows or column-major columns `stride` bytes apart."""
    rows, cols = np.meshgrid(np.arange(m), np.arange(n), indexing="ij")
    return offset + (rows * stride + cols * itemsize if layout == L.RowMajor else cols * stride + rows * itemsize)


def write_matrix(buffer: np.ndarray, matrix: np.ndarray, layout: L, offset: int, stride: int) -> None:
    """Put `matrix` into the uint8 `buffer` (cpu_oracle's layouts; bytes between elements untouched)."""
    size = matrix.dtype.itemsize
    at = element_offsets(*matrix.shape, size, layout, offset, stride).reshape(-1)
    buffer[at[:, None] + np.arange(size)] = np.ascontiguousarray(matrix).reshape(-1).view(np.uint8).reshape(-1, size)


def read_matrix(buffer: np.ndarray, dtype: np.dtype, m: int, n: int, layout: L, offset: int,
                stride: int) -> np.ndarray:
    dtype = np.dtype(dtype)
    at = element_offsets(m, n, dtype.itemsize, layout, offset, stride).reshape(-1)
    return np.ascontiguousarray(buffer[at[:, None] + np.arange(dtype.itemsize)]).view(dtype).reshape(m, n)


def buffer_size(dtype: np.dtype, m: int, n: int, layout: L, offset: int, stride: int) -> int:
    """cpu_oracle::getMatrixBufferSize: offset + the last row's (column's) start + its packed length."""
    lines, length = (m, n) if layout == L.RowMajor else (n, m)
    return offset + (lines - 1) * stride + length * np.dtype(dtype).itemsize


def sequential(dtype: np.dtype, m: int, n: int, start: int = 1) -> np.ndarray:
    """cpu_oracle::makeSequentialMatrix: start, start + 1, ... row-major."""
    return (np.arange(m * n) + start).astype(dtype).reshape(m, n)


def arithmetic_pattern(m: int, n: int, row_scale: int, column_scale: int, modulus: int, center: int) -> np.ndarray:
    """makeMatrixArithmeticPattern: (row * RowScale + col * ColumnScale) % Modulus - Center."""
    rows, cols = np.meshgrid(np.arange(m), np.arange(n), indexing="ij")
    return (rows * row_scale + cols * column_scale) % modulus - center


#: The HLK's group size: a multiple of every D3D12 wave size (4 to 128); Wave-scope cases run on its first wave.
NUMTHREADS = 128


def first_wave_only() -> None:
    """`if (GetGroupWaveIndex() != 0) return;` (the group's first wave: its first WaveGetLaneCount() threads)."""
    lane_return(SV_GroupIndex() >= WaveGetLaneCount())


# -- Wave / ThreadGroup ------------------------------------------------------------------------------------------
def load_store_shader(component: C, m: int, n: int, load: tuple, store: tuple) -> object:
    """runLoadStoreDescriptor: Mat::Load(in, offset, stride, layout).Store(out, offset, stride, layout), one wave."""
    Mat = linalg.Matrix[component, m, n, U.A, S.Wave]

    @compute_shader(numthreads=(NUMTHREADS, 1, 1))
    def sm610_load_store(inp=ByteAddressBuffer("t0"), out=RWByteAddressBuffer("u0")):
        first_wave_only()
        Mat.Load(inp, load[1], load[2], load[0]).Store(out, store[1], store[2], store[0])

    return sm610_load_store


def splat_store_shader(component: C, m: int, n: int, value: float, stride: int) -> object:
    """SplatStore: Mat::Splat(value).Store(out, 0, stride, RowMajor), one wave."""
    Mat = linalg.Matrix[component, m, n, U.Accumulator, S.Wave]

    @compute_shader(numthreads=(NUMTHREADS, 1, 1))
    def sm610_splat_store(out=RWByteAddressBuffer("u0")):
        first_wave_only()
        Mat.Splat(np.float32(value)).Store(out, 0, stride, L.RowMajor)

    return sm610_splat_store


def multiply_shader(scope: S, a_type: C, acc_type: C, m: int, k: int, n: int, offsets: tuple[int, ...],
                    strides: tuple[int, int, int], accumulate: bool, threads: int = NUMTHREADS) -> object:
    """runMatrixMultiplyCase: A (M x K) and B (K x N) loaded row-major from one buffer at `offsets`; C = A x B
    (Multiply<OutTy>), or C loaded at offsets[2] and C.MultiplyAccumulate(A, B); C stored row-major at 0. A Wave-scope
    shader runs on its group's first wave; a ThreadGroup one on all `threads`."""
    MA = linalg.Matrix[a_type, m, k, U.A, scope]
    MB = linalg.Matrix[a_type, k, n, U.B, scope]
    MC = linalg.Matrix[acc_type, m, n, U.Accumulator, scope]

    @compute_shader(numthreads=(threads, 1, 1))
    def sm610_multiply(inp=ByteAddressBuffer("t0"), out=RWByteAddressBuffer("u0")):
        if scope == S.Wave:
            first_wave_only()
        ma = MA.Load(inp, offsets[0], strides[0], L.RowMajor)
        mb = MB.Load(inp, offsets[1], strides[1], L.RowMajor)
        if accumulate:
            result = MC.Load(inp, offsets[2], strides[2], L.RowMajor)
            result.MultiplyAccumulate(ma, mb)
        else:
            result = linalg.Multiply[acc_type](ma, mb)
        result.Store(out, 0, strides[2], L.RowMajor)

    return sm610_multiply


def copy_convert_shader(source_type: C, destination_type: C, use: U, m: int, n: int, transpose: bool,
                        strides: tuple[int, int]) -> object:
    """runCopyConvert: a row-major source, `Cast<DestTy, Use, Transpose>()`, the result stored row-major."""
    Src = linalg.Matrix[source_type, m, n, U.A, S.Wave]

    @compute_shader(numthreads=(NUMTHREADS, 1, 1))
    def sm610_copy_convert(inp=ByteAddressBuffer("t0"), out=RWByteAddressBuffer("u0")):
        first_wave_only()
        src = Src.Load(inp, 0, strides[0], L.RowMajor)
        src.Cast[destination_type, use, transpose]().Store(out, 0, strides[1], L.RowMajor)

    return sm610_copy_convert


def interlocked_accumulate_shader(component: C, side: int, stride: int) -> object:
    """AccumulateDescriptor: an Accumulator loaded row-major, InterlockedAccumulate'd twice into out, one wave."""
    Mat = linalg.Matrix[component, side, side, U.Accumulator, S.Wave]

    @compute_shader(numthreads=(NUMTHREADS, 1, 1))
    def sm610_matrix_accumulate(inp=ByteAddressBuffer("t0"), out=RWByteAddressBuffer("u0")):
        first_wave_only()
        matrix = Mat.Load(inp, 0, stride, L.RowMajor)
        matrix.InterlockedAccumulate(out, 0, stride, L.RowMajor)
        matrix.InterlockedAccumulate(out, 0, stride, L.RowMajor)

    return sm610_matrix_accumulate


def accumulator_layout_shader() -> object:
    """QueryAccumLayout: out[0] = (uint)AccumulatorLayout()."""
    @compute_shader(numthreads=(1, 1, 1))
    def sm610_accumulator_layout(out=RWByteAddressBuffer("u0")):
        out.Store(0, np.uint32(int(linalg.AccumulatorLayout())))

    return sm610_accumulator_layout


# -- Thread scope ------------------------------------------------------------------------------------------------
def matvec_shader(matrix_type: C, m: int, k: int, layout: L, stride: int, storage: np.dtype, words: int,
                  interpretation: C | None, result: np.dtype, bias: bool) -> object:
    """matvec_interpretation::runCase: one thread; W = Mat::Load<layout>(mat, 0, stride); the vector read from
    t1 as `words` scalars of `storage` (MakeInterpretedVector<interpretation> of them, or the plain vector when
    `interpretation` is None); out = Multiply<result>(W, v), or MultiplyAdd<result>(W, v, bias read from t2)."""
    Mat = linalg.Matrix[matrix_type, m, k, U.A, S.Thread]
    storage_type, result_type = HLSL_TYPES[np.dtype(storage)], HLSL_TYPES[np.dtype(result)]

    @compute_shader(numthreads=(1, 1, 1))
    def sm610_matvec(mat=ByteAddressBuffer("t0"), vec=ByteAddressBuffer("t1"), bias_buffer=ByteAddressBuffer("t2"),
                     out=RWByteAddressBuffer("u0")):
        W = Mat.Load[layout](mat, 0, stride)
        data = vec.Load[vector[storage_type, words]](0)
        operand = data if interpretation is None else linalg.MakeInterpretedVector[interpretation](data)
        if bias:
            values = linalg.MultiplyAdd[result_type](W, operand, bias_buffer.Load[vector[result_type, m]](0))
        else:
            values = linalg.Multiply[result_type](W, operand)
        out.Store[vector[result_type, m]](0, values)

    return sm610_matvec


def vector_accumulate_shader(values: tuple[float, ...], dtype: np.dtype, offset: int) -> object:
    """VectorAccumulateDescriptor: InterlockedAccumulate(out, offset, vector) from one thread."""
    @compute_shader(numthreads=(1, 1, 1))
    def sm610_vector_accumulate(out=RWByteAddressBuffer("u0")):
        linalg.InterlockedAccumulate(out, offset, np.array(values, dtype))

    return sm610_vector_accumulate


def outer_product_shader(input_dtype: np.dtype, result_type: C, m: int, n: int) -> object:
    """OuterProduct: OuterProduct<ResultTy>(a, b).InterlockedAccumulate(out, 0) from one thread, a and b read
    from t0 (a at 0, b right after it)."""
    input_type = HLSL_TYPES[np.dtype(input_dtype)]
    size = np.dtype(input_dtype).itemsize

    @compute_shader(numthreads=(1, 1, 1))
    def sm610_outer_product(inp=ByteAddressBuffer("t0"), out=RWByteAddressBuffer("u0")):
        a = inp.Load[vector[input_type, m]](0)
        b = inp.Load[vector[input_type, n]](m * size)
        linalg.OuterProduct[result_type](a, b).InterlockedAccumulate(out, 0)

    return sm610_outer_product


__all__ = [
    "DTYPES", "NUMTHREADS", "accumulator_layout_shader", "first_wave_only", "interlocked_accumulate_shader", "arithmetic_pattern", "buffer_size", "copy_convert_shader",
    "element_offsets", "load_store_shader", "matvec_shader", "multiply_shader", "outer_product_shader",
    "read_matrix", "sequential", "splat_store_shader", "vector_accumulate_shader", "write_matrix",
]
