"""DXC's SM 6.10 LinAlg HLK tests (`tools/clang/unittests/HLSLExec/LinAlgTests.cpp`, class DxilConf_SM610_LinAlg,
microsoft/DirectXShaderCompiler 9a3e225d) transcribed into Python shaders with their inputs and expected values.

Each test keeps the HLK case's name, shapes, layouts, offsets, strides, fill values and expected results; the
shaders use the 0035 API where the HLK shader calls the builtins it lowers to. Cases are gated as the HLK gates
them: multiply shapes and types by the profile's support (`dxlinalg.dxil.linalg_matrix.support`), skipping where
the device would report the combination unsupported."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from dxlinalg.conformance.sm610_shaders import (
    arithmetic_pattern,
    buffer_size,
    load_store_shader,
    matvec_shader,
    multiply_shader,
    read_matrix,
    write_matrix,
)
from dxlinalg.dxil.linalg_matrix.support import matrix_multiply_supported
from dxlinalg.gpu import run_dispatch
from dxlinalg.hlsl import (
    ByteAddressBuffer,
    RWByteAddressBuffer,
    SV_GroupIndex,
    compute_shader,
    float16_t,
    groupshared,
    int32_t,
    lane_return,
    uint32_t,
    vector,
)
from dxlinalg.hlsl import sm610 as linalg
from dxlinalg.profile.registry import load_profile
from tests.hlsl.sm610 import hlk_gates

C, U, S, L = linalg.ComponentType, linalg.MatrixUse, linalg.MatrixScope, linalg.MatrixLayout
PROFILES = ["reference", "minimal", "adversarial", "nvidia-h100"]
POISON = 0xCD                      # cpu_oracle::fillPoison: bytes a shader must not touch keep it
DESCRIPTOR_ALIGNED_OFFSET = 128    # LinAlgTests.cpp DescriptorAlignedOffset
NUMTHREADS = 128


def dtype_of(component: C) -> np.dtype:
    return {C.F16: np.dtype(np.float16), C.F32: np.dtype(np.float32), C.I32: np.dtype(np.int32)}[component]


def sequential(component: C, m: int, n: int, start: int = 1) -> np.ndarray:
    """cpu_oracle::makeSequentialMatrix: start, start + 1, ... row-major."""
    return (np.arange(m * n) + start).astype(dtype_of(component)).reshape(m, n)


def first_wave_only():
    """`if (GetGroupWaveIndex() != 0) return;`"""
    lane_return(SV_GroupIndex() >= load_profile_wave())


_WAVE: list[int] = []


def load_profile_wave() -> int:
    return _WAVE[-1]


def run(shader, bindings, profile: str) -> None:
    _WAVE.append(load_profile(profile).wave_size)
    try:
        run_dispatch(shader, bindings, (1, 1, 1), profile)
    finally:
        _WAVE.pop()


# -- descriptors ----------------------------------------------------------------------------------------------
def run_load_store_descriptor(profile: str, component: C, m: int, n: int, load: tuple, store: tuple) -> None:
    """runLoadStoreDescriptor: sequential input, poison-filled output; elements land by the store layout and
    every other output byte keeps its poison."""
    dtype = dtype_of(component)
    matrix = sequential(component, m, n)
    source = np.full(buffer_size(dtype, m, n, *load), POISON, np.uint8)
    write_matrix(source, matrix, *load)
    output = np.full(buffer_size(dtype, m, n, *store), POISON, np.uint8)
    shader = load_store_shader(component, m, n, load, store)       # the conformance suite's shader
    # DXC stores a use-A matrix; 0035 lets any use be stored, and our Store takes any Wave matrix
    run(shader, {"t0": source, "u0": output}, profile)
    assert np.array_equal(read_matrix(output, dtype, m, n, *store), matrix)
    expected = np.full(output.size, POISON, np.uint8)
    write_matrix(expected, matrix, *store)
    assert np.array_equal(output, expected), "bytes outside the stored elements changed"


@pytest.mark.parametrize("profile", PROFILES)
def test_LoadStoreDescriptor_Wave_16x16_F16(profile):  # noqa: N802
    packed = (L.RowMajor, 0, 32)
    run_load_store_descriptor(profile, C.F16, 16, 16, packed, packed)


@pytest.mark.parametrize("profile", PROFILES)
def test_LoadStoreDescriptor_Wave_4x8_F16_RowMajorOffsetPadded(profile):  # noqa: N802
    layout = (L.RowMajor, DESCRIPTOR_ALIGNED_OFFSET, 32)
    run_load_store_descriptor(profile, C.F16, 4, 8, layout, layout)


@pytest.mark.parametrize("profile", PROFILES)
def test_LoadStoreDescriptor_Wave_4x8_F32_RowMajorToColumnMajor(profile):  # noqa: N802
    run_load_store_descriptor(profile, C.F32, 4, 8, (L.RowMajor, DESCRIPTOR_ALIGNED_OFFSET, 48),
                              (L.ColMajor, DESCRIPTOR_ALIGNED_OFFSET, 16))


@pytest.mark.parametrize("profile", PROFILES)
def test_LoadStoreDescriptor_Wave_4x8_F16_RowMajorToColumnMajor(profile):  # noqa: N802
    run_load_store_descriptor(profile, C.F16, 4, 8, (L.RowMajor, DESCRIPTOR_ALIGNED_OFFSET, 48),
                              (L.ColMajor, DESCRIPTOR_ALIGNED_OFFSET, 16))


@pytest.mark.parametrize("profile", PROFILES)
def test_LoadDescriptorOOB_Wave_16x16_F16_PartialView(profile):  # noqa: N802
    """A 264-byte view of a 512-byte packed matrix: rows 0..7 and four elements of row 8 are in view. Permitted:
    only the out-of-view elements read 0 (per element), or the whole matrix does; the profile says which."""
    matrix = sequential(C.F16, 16, 16)
    full = np.zeros(512, np.uint8)
    write_matrix(full, matrix, L.RowMajor, 0, 32)
    view = full[:264].copy()
    output = np.full(512, POISON, np.uint8)
    Mat = linalg.Matrix[C.F16, 16, 16, U.A, S.Wave]

    @compute_shader(numthreads=(NUMTHREADS, 1, 1))
    def shader(inp=ByteAddressBuffer("t0"), out=RWByteAddressBuffer("u0")):
        first_wave_only()
        Mat.Load(inp, 0, 32, L.RowMajor).Store(out, 0, 32, L.RowMajor)

    run(shader, {"t0": view, "u0": output}, profile)
    per_element = matrix.copy().reshape(-1)
    per_element[132:] = 0
    whole = np.zeros_like(matrix)
    got = read_matrix(output, np.dtype(np.float16), 16, 16, L.RowMajor, 0, 32)
    allowed = {"per_element": per_element.reshape(16, 16), "all_or_nothing": whole}
    assert any(np.array_equal(got, candidate) for candidate in allowed.values())
    assert np.array_equal(got, allowed[load_profile(profile).linalg_matrix.bounds_check])


@pytest.mark.parametrize("profile", PROFILES)
def test_SplatStore_Wave_16x16_F16(profile):  # noqa: N802
    output = np.full(512, POISON, np.uint8)
    Mat = linalg.Matrix[C.F16, 16, 16, U.Accumulator, S.Wave]

    @compute_shader(numthreads=(NUMTHREADS, 1, 1))
    def shader(out=RWByteAddressBuffer("u0")):
        first_wave_only()
        Mat.Splat(np.float32(42.0)).Store(out, 0, 32, L.RowMajor)

    run(shader, {"u0": output}, profile)
    assert (output.view(np.float16) == 42.0).all()


# -- multiply -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("profile", PROFILES)
def test_MatMatMul_Wave_16x16x16_F16(profile):  # noqa: N802
    """Fills A = 2, B = 3: every element 2 * 3 * 16 = 96 (makeExpectedMat)."""
    if not matrix_multiply_supported(load_profile(profile), np.float16, np.float16, np.float16, 16, 16, 16, S.Wave):
        pytest.skip("the profile reports F16 x F16 -> F16 16x16x16 unsupported")
    output = np.full(512, POISON, np.uint8)
    A = linalg.Matrix[C.F16, 16, 16, U.A, S.Wave]
    B = linalg.Matrix[C.F16, 16, 16, U.B, S.Wave]

    @compute_shader(numthreads=(NUMTHREADS, 1, 1))
    def shader(out=RWByteAddressBuffer("u0")):
        first_wave_only()
        linalg.Multiply[C.F16](A.Splat(np.float32(2.0)), B.Splat(np.float32(3.0))).Store(out, 0, 32, L.RowMajor)

    run(shader, {"u0": output}, profile)
    assert (output.view(np.float16) == 96.0).all()


def run_multiply_case(profile, scope: S, a_type: C, acc_type: C, m: int, k: int, n: int,
                      a_values: np.ndarray, b_values: np.ndarray, c_values: np.ndarray | None) -> None:
    """runMatrixMultiplyCase: A and B (and C) loaded row-major from one buffer, the exact product (+ C) stored."""
    a_dtype, acc_dtype = dtype_of(a_type), dtype_of(acc_type)
    if not matrix_multiply_supported(load_profile(profile), a_dtype, a_dtype, acc_dtype, m, n, k, scope):
        pytest.skip(f"the profile reports {a_type.name} -> {acc_type.name} {m}x{n}x{k} unsupported")
    a, b = a_values.astype(a_dtype), b_values.astype(a_dtype)
    pieces = [a, b] + ([c_values.astype(acc_dtype)] if c_values is not None else [])
    offsets, blob = [], b""
    for piece in pieces:
        offsets.append(len(blob))
        raw = piece.tobytes()
        blob += raw + bytes(-len(raw) % 128)
    source = np.frombuffer(blob, np.uint8).copy()
    output = np.full(m * n * acc_dtype.itemsize, POISON, np.uint8)
    threads = load_profile(profile).wave_size * (1 if scope == S.Wave else 2)
    strides = (k * a_dtype.itemsize, n * a_dtype.itemsize, n * acc_dtype.itemsize)
    shader = multiply_shader(scope, a_type, acc_type, m, k, n, tuple(offsets), strides, c_values is not None, threads)
    run_dispatch(shader, {"t0": source, "u0": output}, (1, 1, 1), profile)
    expected = a_values.astype(np.int64) @ b_values.astype(np.int64)
    if c_values is not None:
        expected = expected + c_values
    assert np.array_equal(output.view(acc_dtype).reshape(m, n).astype(np.float64), expected.astype(np.float64))


def rectangular_f16_case(accumulates: bool) -> tuple:
    """makeRectangularF16WaveMultiplyCase: 8x32 A, 32x16 B (, 8x16 C) arithmetic patterns."""
    a = arithmetic_pattern(8, 32, 3, 2, 5, 2)
    b = arithmetic_pattern(32, 16, 1, 3, 7, 3)
    c = arithmetic_pattern(8, 16, 2, 1, 5, 2) if accumulates else None
    return a, b, c


@pytest.mark.parametrize("profile", PROFILES)
def test_MatMatMul_Wave_8x32x16_F16_NonUniform(profile):  # noqa: N802
    a, b, _ = rectangular_f16_case(False)
    run_multiply_case(profile, S.Wave, C.F16, C.F16, 8, 32, 16, a, b, None)


@pytest.mark.parametrize("profile", PROFILES)
def test_MatMatMul_Wave_8x32x16_F16_ToF32(profile):  # noqa: N802
    a, b, _ = rectangular_f16_case(False)
    run_multiply_case(profile, S.Wave, C.F16, C.F32, 8, 32, 16, a, b, None)


@pytest.mark.parametrize("profile", PROFILES)
def test_MatMatMulAccum_Wave_8x32x16_F16_ToF32_NonUniform(profile):  # noqa: N802
    a, b, c = rectangular_f16_case(True)
    run_multiply_case(profile, S.Wave, C.F16, C.F32, 8, 32, 16, a, b, c)


#: No shipped profile answers I32 multiplies (no Tier 1 table lists them) or thread-group shapes finer than
#: 16 x 16 x 16, so these cases are not applicable on all four; they also run on a device that reports them.
WIDER = [pytest.param(p, id=p) for p in PROFILES] + [
    pytest.param("reference+", id="reference-with-I32-and-8x8x8-thread-groups")]


def wider(name: str):
    return hlk_gates.with_int32_multiplies("reference") if name == "reference+" else name


@pytest.mark.parametrize("name", WIDER)
def test_MatMatMul_Wave_16x16x16_I32(name):  # noqa: N802
    run_multiply_case(wider(name), S.Wave, C.I32, C.I32, 16, 16, 16, arithmetic_pattern(16, 16, 3, 2, 5, 2),
                      arithmetic_pattern(16, 16, 1, 3, 7, 3), None)


@pytest.mark.parametrize("name", WIDER)
def test_MatMatMul_ThreadGroup_8x8x8_I32(name):  # noqa: N802
    run_multiply_case(wider(name), S.ThreadGroup, C.I32, C.I32, 8, 8, 8, arithmetic_pattern(8, 8, 3, 2, 5, 2),
                      arithmetic_pattern(8, 8, 1, 3, 7, 3), None)


@pytest.mark.parametrize("name", WIDER)
def test_MatMatMul_ThreadGroup_8x16x8_F16_NonUniform(name):  # noqa: N802
    run_multiply_case(wider(name), S.ThreadGroup, C.F16, C.F16, 8, 16, 8, arithmetic_pattern(8, 16, 3, 2, 5, 2),
                      arithmetic_pattern(16, 8, 1, 3, 7, 3), None)


# -- thread scope ---------------------------------------------------------------------------------------------
MATVEC_F16 = np.array([1, 0, -1, 2, -2, 3, -3, 1, 0, 1, 2, -1, 3, -2, 1, -3,
                       -1, 2, 0, 1, -2, 1, 3, -1, 2, -1, 1, 0, 1, -3, -2, 3]).reshape(4, 8)
MATVEC_F16_VECTOR = np.array([1, -2, 3, -1, 2, -3, 1, 2])


def run_matvec(profile: str, matrix: np.ndarray, matrix_type: C, layout: L, vector_words: np.ndarray,
               interpretation: C, result_dtype, bias: np.ndarray | None = None) -> np.ndarray:
    """matvec_interpretation::runCase: one thread, the matrix packed in its layout, the vector in storage words."""
    m, k = matrix.shape
    element = np.dtype({C.F16: np.float16, C.I8: np.int8, C.U8: np.uint8, C.U32: np.uint32}[matrix_type])
    stride = (k if layout == L.RowMajor else m) * element.itemsize
    source = np.zeros(-(-m * k * element.itemsize // 128) * 128, np.uint8)
    write_matrix(source, matrix.astype(element), layout, 0, stride)
    words = np.ascontiguousarray(vector_words)
    bias_bytes = np.zeros(64, np.uint8)
    if bias is not None:
        bias_bytes[: bias.nbytes] = bias.view(np.uint8)
    output = np.full(m * np.dtype(result_dtype.dtype).itemsize, POISON, np.uint8)
    shader = matvec_shader(matrix_type, m, k, layout, stride, words.dtype, words.size, interpretation,
                           np.dtype(result_dtype.dtype), bias is not None)
    run_dispatch(shader, {"t0": source, "t1": words.view(np.uint8).copy(), "t2": bias_bytes, "u0": output},
                 (1, 1, 1), profile)
    return output.view(np.dtype(result_dtype.dtype))


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("layout", [L.RowMajor, L.ColMajor])
def test_MatVecMul_Thread_4x8_F16_NonUniform_and_ColumnMajor(profile, layout):  # noqa: N802
    got = run_matvec(profile, MATVEC_F16, C.F16, layout, MATVEC_F16_VECTOR.astype(np.float16), C.F16, float16_t)
    assert got.tolist() == (MATVEC_F16 @ MATVEC_F16_VECTOR).tolist()


@pytest.mark.parametrize("profile", PROFILES)
def test_MatVecMul_Thread_16x16_F16(profile):  # noqa: N802
    """Fill value 2 everywhere: each result 2 * 2 * 16 = 64."""
    got = run_matvec(profile, np.full((16, 16), 2), C.F16, L.RowMajor, np.full(16, 2, np.float16), C.F16, float16_t)
    assert (got == 64).all()


@pytest.mark.parametrize("profile", PROFILES)
def test_MatVecMul_Thread_4x8_I8_Interpreted(profile):  # noqa: N802
    matrix = np.array([1, -2, 3, -4, 5, -6, 7, -8, -1, 2, -3, 4, -5, 6, -7, 8,
                       1, 1, 1, 1, 1, 1, 1, 1, -8, -7, -6, -5, -4, -3, -2, -1]).reshape(4, 8)
    vec = np.array([1, -1, 2, -2, 3, -3, 4, -4])
    got = run_matvec(profile, matrix, C.I8, L.RowMajor, vec.astype(np.int8).view(np.uint32), C.I8, int32_t)
    assert got.tolist() == (matrix @ vec).tolist()


@pytest.mark.parametrize("profile", PROFILES)
def test_MatVecMul_Thread_4x8_U8_Interpreted(profile):  # noqa: N802
    matrix = np.array([255, 1, 2, 3, 4, 5, 6, 7, 128, 127, 1, 1, 1, 1, 1, 1,
                       200, 0, 200, 0, 200, 0, 200, 0, 0, 200, 0, 200, 0, 200, 0, 200]).reshape(4, 8)
    vec = np.array([1, 255, 2, 254, 3, 253, 4, 252])
    got = run_matvec(profile, matrix, C.U8, L.RowMajor, vec.astype(np.uint8).view(np.uint32), C.U8, int32_t)
    assert got.tolist() == (matrix @ vec).tolist()


@pytest.mark.parametrize("profile", PROFILES)
def test_MatVecMul_Thread_4x8_U32_UnsignedOutput(profile):  # noqa: N802
    matrix = np.array([2147483648, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8,
                       100, 0, 100, 0, 100, 0, 100, 0, 0, 200, 0, 200, 0, 200, 0, 200], dtype=np.int64).reshape(4, 8)
    got = run_matvec(profile, matrix, C.U32, L.RowMajor, np.ones(8, np.uint32), C.U32, uint32_t)
    assert got.tolist() == (matrix @ np.ones(8, np.int64)).tolist()


@pytest.mark.parametrize("profile", PROFILES)
def test_MatVecMulAdd_Thread_4x8_F16_IndependentBias(profile):  # noqa: N802
    bias = np.array([-5, 7, 3, -9])
    got = run_matvec(profile, MATVEC_F16, C.F16, L.RowMajor, MATVEC_F16_VECTOR.astype(np.float16), C.F16, float16_t,
                     bias.astype(np.float16))
    assert got.tolist() == (MATVEC_F16 @ MATVEC_F16_VECTOR + bias).tolist()


@pytest.mark.parametrize("profile", PROFILES)
def test_QueryAccumLayout(profile):  # noqa: N802
    output = np.zeros(4, np.uint8)

    @compute_shader(numthreads=(1, 1, 1))
    def shader(out=RWByteAddressBuffer("u0")):
        out.Store(0, np.uint32(int(linalg.AccumulatorLayout())))

    run_dispatch(shader, {"u0": output}, (1, 1, 1), profile)
    assert int(output.view(np.uint32)[0]) in (0, 1)
    assert int(output.view(np.uint32)[0]) == int(U[load_profile(profile).linalg_matrix.accumulator_layout])


@pytest.mark.parametrize("profile", PROFILES)
def test_VectorAccumulateDescriptor_Thread_F32_Length8_NonZero(profile):  # noqa: N802
    initial = np.array([20, 21, 22, 23, 24, 25, 26, 27, 123456, -654321], np.float32)
    output = np.zeros(64 + initial.nbytes, np.uint8)
    output[64:] = initial.view(np.uint8)

    @compute_shader(numthreads=(1, 1, 1))
    def shader(out=RWByteAddressBuffer("u0")):
        linalg.InterlockedAccumulate(out, 64, np.array([6, -2, 2, 3, -5, 4, 1, -1], np.float32))

    run_dispatch(shader, {"u0": output}, (1, 1, 1), profile)
    assert output[64:].view(np.float32).tolist() == [26, 19, 24, 26, 19, 29, 27, 26, 123456, -654321]


@pytest.mark.parametrize("profile", PROFILES)
def test_Convert_F32_ToI16_RTNE_Saturate(profile):  # noqa: N802
    output = np.zeros(16, np.uint8)

    @compute_shader(numthreads=(1, 1, 1))
    def shader(out=RWByteAddressBuffer("u0")):
        values = np.array([-40000.0, -32768.5, -2.5, -1.5, 1.5, 2.5, 32767.5, 40000.0], np.float32)
        out.Store[vector[int32_t, 4]](0, linalg.Convert[C.I16, C.F32](values).Data.view(np.int32))

    run_dispatch(shader, {"u0": output}, (1, 1, 1), profile)
    assert output.view(np.int16).tolist() == [-32768, -32768, -2, -2, 2, 2, 32767, 32767]


FP8_CASES = {   # getFP8TestVectors: hand-encoded bytes, an independent decode input, its hand-decoded halves
    C.F8_E4M3FN: ([0x00, 0x38, 0xb8, 0x39, 0xba, 0x41, 0x4b, 0xd5], [0x3b, 0xbc, 0x45, 0xc9, 0x52, 0xd6, 0x29, 0xa2],
                  [0x80, 0x3d, 0x00, 0xbe, 0x80, 0x42, 0x80, 0xc4, 0x00, 0x49, 0x00, 0xcb, 0x80, 0x34, 0x00, 0xb1]),
    C.F8_E5M2: ([0x00, 0x3c, 0xbc, 0x3d, 0xbd, 0x41, 0x46, 0xcb], [0x3e, 0xbf, 0x45, 0xc8, 0x4b, 0xce, 0x32, 0xb5],
                [0x00, 0x3e, 0x00, 0xbf, 0x00, 0x45, 0x00, 0xc8, 0x00, 0x4b, 0x00, 0xce, 0x00, 0x32, 0x00, 0xb5]),
}


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("fp8", [C.F8_E4M3FN, C.F8_E5M2])
def test_Convert_F16_ToFP8_AndBack(profile, fp8):  # noqa: N802
    """Convert_F16_ToE4M3FN_AndBack / Convert_F16_ToE5M2_AndBack. The HLK expects round-to-nearest bytes; 0035
    leaves inexact float-to-float rounding implementation-defined, so a toward-zero profile must give the other
    neighbour where the HLK's nearest one is away from zero (docs/sm610.md: the HLK is stricter than 0035)."""
    encoded, decode_input, decoded = (np.array(v, np.uint8) for v in FP8_CASES[fp8])
    output = np.zeros(8 + 16, np.uint8)
    values = np.array([0.0, 1.0, -1.0, 1.15625, -1.21875, 2.3125, 5.625, -13.25], np.float16)

    @compute_shader(numthreads=(1, 1, 1))
    def shader(inp=ByteAddressBuffer("t0"), out=RWByteAddressBuffer("u0")):
        packed = linalg.Convert[fp8, C.F16](values).Data
        host = inp.Load[vector[uint32_t, 2]](0)
        back = linalg.Convert[C.F16, fp8](host).Data
        out.Store[vector[uint32_t, 2]](0, packed)
        out.Store[vector[float16_t, 8]](8, back)

    run_dispatch(shader, {"t0": decode_input.copy(), "u0": output}, (1, 1, 1), profile)
    assert np.array_equal(output[8:], decoded)
    if load_profile(profile).linalg_matrix.float_rounding == "nearest_even":
        assert np.array_equal(output[:8], encoded)
    else:
        dtype = np.dtype(ml_dtypes.float8_e4m3fn if fp8 == C.F8_E4M3FN else ml_dtypes.float8_e5m2)
        got = output[:8].view(dtype).astype(np.float64)
        nearest = encoded.view(dtype).astype(np.float64)
        assert (np.abs(got) <= np.abs(values.astype(np.float64))).all()
        assert (np.abs(nearest - got) <= np.abs(nearest) / 4 + 1e-12).all()


@pytest.mark.parametrize("profile", PROFILES)
def test_LoadStoreMemory_ThreadGroup_4x8_F16(profile):  # noqa: N802
    """groupshared round trip at ThreadGroup scope: sequential values out unchanged."""
    matrix = sequential(C.F16, 4, 8)
    output = np.full(64, POISON, np.uint8)
    Mat = linalg.Matrix[C.F16, 4, 8, U.A, S.ThreadGroup]

    @compute_shader(numthreads=(load_profile(profile).wave_size * 2, 1, 1))
    def shader(inp=ByteAddressBuffer("t0"), out=RWByteAddressBuffer("u0"), data=groupshared(float16_t, 32)):
        Mat.Load(inp, 0, 16, L.RowMajor).Store(data, 0, 8, L.RowMajor)
        Mat.Load(data, 0, 8, L.RowMajor).Store(out, 0, 16, L.RowMajor)

    run_dispatch(shader, {"t0": matrix.view(np.uint8).reshape(-1).copy(), "u0": output}, (1, 1, 1), profile)
    assert np.array_equal(output.view(np.float16).reshape(4, 8), matrix)



# -- accumulate, CopyConvert, OuterProduct ----------------------------------------------------------------------
@pytest.mark.parametrize("profile", PROFILES)
def test_AccumulateDescriptor_Wave_16x16_F16(profile):  # noqa: N802
    """Input filled with 12, accumulated twice into a zeroed output: 24 everywhere."""
    source = np.full((16, 16), 12, np.float16)
    output = np.zeros(512, np.uint8)
    Mat = linalg.Matrix[C.F16, 16, 16, U.Accumulator, S.Wave]

    @compute_shader(numthreads=(NUMTHREADS, 1, 1))
    def shader(inp=ByteAddressBuffer("t0"), out=RWByteAddressBuffer("u0")):
        first_wave_only()
        m = Mat.Load(inp, 0, 32, L.RowMajor)
        m.InterlockedAccumulate(out, 0, 32, L.RowMajor)
        m.InterlockedAccumulate(out, 0, 32, L.RowMajor)

    run(shader, {"t0": source.view(np.uint8).reshape(-1).copy(), "u0": output}, profile)
    assert (output.view(np.float16) == 24).all()


def run_copy_convert(profile: str, source_type: C, destination_type: C, m: int, n: int, transpose: bool,
                     strict: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """runCopyConvert: sequential source, packed strides; returns (destination, source stored afterwards)."""
    src_dtype, dst_dtype = dtype_of(source_type), dtype_of(destination_type)
    dst_m, dst_n = (n, m) if transpose else (m, n)
    source = sequential(source_type, m, n)
    output = np.full(dst_m * dst_n * dst_dtype.itemsize, POISON, np.uint8)
    after = np.full(source.nbytes, POISON, np.uint8)
    Src = linalg.Matrix[source_type, m, n, U.A, S.Wave]

    @compute_shader(numthreads=(NUMTHREADS, 1, 1))
    def shader(inp=ByteAddressBuffer("t0"), out=RWByteAddressBuffer("u0"), src_after=RWByteAddressBuffer("u1")):
        first_wave_only()
        src = Src.Load(inp, 0, n * src_dtype.itemsize, L.RowMajor)
        dst = src.Cast[destination_type, U.A, transpose]()
        dst.Store(out, 0, dst_n * dst_dtype.itemsize, L.RowMajor)
        src.Store(src_after, 0, n * src_dtype.itemsize, L.RowMajor)

    _WAVE.append(load_profile(profile).wave_size)
    try:
        run_dispatch(shader, {"t0": source.view(np.uint8).reshape(-1).copy(), "u0": output, "u1": after},
                     (1, 1, 1), profile, strict=strict)
    finally:
        _WAVE.pop()
    return output.view(dst_dtype).reshape(dst_m, dst_n), after.view(src_dtype).reshape(m, n)


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize(("name", "source_type", "destination_type", "m", "n", "transpose"), [
    ("CopyConvert_Wave_16x16_F16", C.F16, C.F16, 16, 16, False),
    ("CopyConvert_Wave_16x16_F16_Transpose", C.F16, C.F16, 16, 16, True),
    ("CopyConvert_Wave_4x8_F32_Transpose", C.F32, C.F32, 4, 8, True),
    ("CopyConvert_Wave_4x8_F16_ToF32", C.F16, C.F32, 4, 8, False),
])
def test_CopyConvert(profile, name, source_type, destination_type, m, n, transpose):  # noqa: N802
    destination, after = run_copy_convert(profile, source_type, destination_type, m, n, transpose)
    converted = sequential(destination_type, m, n)
    assert np.array_equal(destination, converted.T if transpose else converted), name
    assert np.array_equal(after, sequential(source_type, m, n)), "CopyConvert leaves the source unmodified"


@pytest.mark.parametrize("profile", PROFILES)
def test_CopyConvert_Wave_4x8_F32_ToF16_Transpose(profile):  # noqa: N802
    """The HLK stores the 8 x 4 F16 result packed, a stride of 8 bytes, where 0035 says a multiple of 16: strict
    mode reports it (docs/sm610.md); the hardware's result, in permissive mode, is the HLK's expected value."""
    from dxlinalg.errors import UndefinedBehaviorError
    with pytest.raises(UndefinedBehaviorError, match="multiple of 16"):
        run_copy_convert(profile, C.F32, C.F16, 4, 8, True)
    destination, _ = run_copy_convert(profile, C.F32, C.F16, 4, 8, True, strict=False)
    assert np.array_equal(destination, sequential(C.F16, 4, 8).T)


@pytest.mark.parametrize("profile", ["reference", "adversarial", "nvidia-h100"])    # minimal: Tier 1 requires no
def test_OuterProduct_Thread_16x16_F16(profile):  # noqa: N802                       outer-product format (gated)
    """Both vectors filled with 2: every element of the OuterProductOptimal result is 4 (read back row-major by
    the host's conversion; here the profile's own decoder)."""
    from dxlinalg.numerics.component_types import ComponentType as T69
    from dxlinalg.numerics.component_types import MatrixLayout as L69
    from dxlinalg.profile.matrix_storage import MatrixDescription, decode_matrix, stored_size
    prof = load_profile(profile)
    desc = MatrixDescription(16, 16, T69.F16, L69.OuterProductOptimal)
    output = np.zeros(-(-stored_size(desc, prof) // 128) * 128, np.uint8)
    vectors = np.full(32, 2, np.float16)

    @compute_shader(numthreads=(1, 1, 1))
    def shader(inp=ByteAddressBuffer("t0"), out=RWByteAddressBuffer("u0")):
        a = inp.Load[vector[float16_t, 16]](0)
        b = inp.Load[vector[float16_t, 16]](32)
        linalg.OuterProduct[C.F16](a, b).InterlockedAccumulate(out, 0)

    run_dispatch(shader, {"t0": vectors.view(np.uint8).copy(), "u0": output}, (1, 1, 1), profile)
    assert (decode_matrix(output, desc, prof) == 4).all()
