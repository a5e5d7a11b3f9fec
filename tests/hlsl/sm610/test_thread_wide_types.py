"""Thread-scope 64-bit and BFloat16 matrices and vectors (I64, U64, F64, BFloat16): matrix x vector, MultiplyAdd,
OuterProduct and the vector InterlockedAccumulate against plain Python-integer and exact-fraction oracles.

0035 lists I64/U64/F64 among the matrix component types and DXC's DXIL overloads take double and 64-bit vectors
(`hfdwil`); the accumulator is then 64 bits wide: integer sums wrap modulo 2^64, float sums are float64, and a
narrower result is one 0035 conversion of it (docs/sm610.md, "64-bit and BFloat16 at Thread scope")."""

from __future__ import annotations

from fractions import Fraction

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.gpu import run_dispatch
from dxlinalg.hlsl import (
    ByteAddressBuffer,
    RWByteAddressBuffer,
    SV_DispatchThreadID,
    compute_shader,
    float16_t,
    float32_t,
    float64_t,
    int32_t,
    int64_t,
    uint32_t,
    uint64_t,
    vector,
)
from dxlinalg.hlsl import sm610 as linalg
from dxlinalg.numerics.component_types import ComponentType as T69
from dxlinalg.numerics.component_types import MatrixLayout as L69
from dxlinalg.profile.matrix_storage import MatrixDescription, decode_matrix, encode_matrix, stored_size
from dxlinalg.profile.registry import load_profile

C, U, S, L = linalg.ComponentType, linalg.MatrixUse, linalg.MatrixScope, linalg.MatrixLayout
PROFILES = ["reference", "minimal", "adversarial", "nvidia-h100"]
LANES = 32


def stored(matrix: np.ndarray, component: T69, layout: L69, profile: str, stride: int = 0) -> np.ndarray:
    desc = MatrixDescription(matrix.shape[0], matrix.shape[1], component, layout, stride)
    out = np.zeros(-(-stored_size(desc, load_profile(profile)) // 128) * 128 + 128, np.uint8)
    encode_matrix(matrix, out, desc, load_profile(profile))
    return out


def run_matvec(profile: str, matrix: np.ndarray, component: C, layout: L, x: np.ndarray, out_type,
               bias: np.ndarray | None = None, interpretation: C | None = None) -> np.ndarray:
    """Each of 32 threads multiplies its own row of `x` by the matrix (stored in `layout`)."""
    m, k = matrix.shape
    core = {L.RowMajor: L69.RowMajor, L.MulOptimal: L69.MulOptimal}[layout]
    stride = k * matrix.dtype.itemsize if layout == L.RowMajor else 0
    blob = stored(matrix, T69[component.name], core, profile, stride)
    out_dtype = np.dtype(out_type.dtype)
    out = np.zeros(LANES * m * out_dtype.itemsize, np.uint8)
    Mat = linalg.Matrix[component, m, k, U.A, S.Thread]
    element = {np.dtype(np.float64): float64_t, np.dtype(np.int64): int64_t, np.dtype(np.uint64): uint64_t,
               np.dtype(np.float16): float16_t}[x.dtype]

    @compute_shader(numthreads=(LANES, 1, 1))
    def shader(w=ByteAddressBuffer("t0"), v=ByteAddressBuffer("t1"), o=RWByteAddressBuffer("u0")):
        tid = SV_DispatchThreadID()[:, 0]
        vec = v.Load[vector[element, k]](tid * k * x.dtype.itemsize)
        W = Mat.Load[layout](w, 0, stride)
        operand = vec if interpretation is None else linalg.MakeInterpretedVector[interpretation](vec)
        if bias is None:
            y = linalg.Multiply[out_type](W, operand)
        else:
            y = linalg.MultiplyAdd[out_type](W, operand, bias)
        o.Store[vector[out_type, m]](tid * m * out_dtype.itemsize, y)

    run_dispatch(shader, {"t0": blob, "t1": x.view(np.uint8).ravel().copy(), "u0": out}, (1, 1, 1), profile)
    return out.view(out_dtype).reshape(LANES, m)


def exact_products(matrix: np.ndarray, x: np.ndarray, bias: np.ndarray | None = None) -> list[list[object]]:
    """Plain loops in Python integers (integer arrays) or fractions (float arrays)."""
    kind = int if matrix.dtype.kind in "iu" and x.dtype.kind in "iu" else Fraction
    rows = []
    for t in range(x.shape[0]):
        row = []
        for i in range(matrix.shape[0]):
            total = kind(0) if bias is None else kind(bias[i].item())
            for j in range(matrix.shape[1]):
                total += kind(matrix[i, j].item()) * kind(x[t, j].item())
            row.append(total)
        rows.append(row)
    return rows


@pytest.mark.parametrize(("profile", "layout"), [(p, L.RowMajor) for p in PROFILES] + [
    (p, L.MulOptimal) for p in ("reference", "minimal", "adversarial")])    # the H100's format: test below
def test_f64_matrix_times_double_vector_accumulates_in_float64(profile, layout):
    """Terms 1 and 2^-40 (a float32 accumulator, or the H100's tensor-core sums, would drop the small ones); the
    exact sums are float64 values, so every summation order gives them."""
    rng = np.random.default_rng(1)
    m, k = 8, 16
    matrix = rng.integers(-3, 4, (m, k)).astype(np.float64)
    x = np.where(rng.random((LANES, k)) < 0.5, 1.0, 2.0 ** -40) * rng.choice([-1.0, 1.0], (LANES, k))
    bias = rng.integers(-9, 10, m).astype(np.float64) + 2.0 ** -30
    got = run_matvec(profile, matrix, C.F64, layout, x, float64_t, bias)
    assert got.tolist() == [[float(v) for v in row] for row in exact_products(matrix, x, bias)]


def test_an_optimal_layout_without_the_type_is_refused_by_name():
    """The H100 driver's optimal format (measured through Vulkan) has no FP64 layout: a MulOptimal F64 load
    names the format's types instead of reading bytes of some other layout."""
    from dxlinalg.errors import InvalidArgumentError
    Mat = linalg.Matrix[C.F64, 8, 16, U.A, S.Thread]

    @compute_shader(numthreads=(1, 1, 1))
    def shader(w=ByteAddressBuffer("t0")):
        Mat.Load[L.MulOptimal](w, 0, 0)

    with pytest.raises(InvalidArgumentError, match="has no NVIDIA optimal layout"):
        run_dispatch(shader, {"t0": np.zeros(4096, np.uint8)}, (1, 1, 1), "nvidia-h100")


@pytest.mark.parametrize("profile", PROFILES)
def test_i64_sums_wrap_modulo_2_to_the_64(profile):
    rng = np.random.default_rng(2)
    m, k = 4, 8
    matrix = rng.integers(-(2 ** 62), 2 ** 62, (m, k), dtype=np.int64)
    x = rng.integers(-7, 8, (LANES, k), dtype=np.int64)
    bias = rng.integers(-(2 ** 62), 2 ** 62, m, dtype=np.int64)
    got = run_matvec(profile, matrix, C.I64, L.RowMajor, x, int64_t, bias)
    wrapped = [[(v + 2 ** 63) % 2 ** 64 - 2 ** 63 for v in row] for row in exact_products(matrix, x, bias)]
    assert got.tolist() == wrapped


@given(st.sampled_from([(C.I64, np.int64, int64_t), (C.U64, np.uint64, uint64_t), (C.I64, np.int64, int32_t)]),
       st.integers(1, 6), st.integers(4, 12), st.sampled_from(PROFILES), st.data())
@settings(max_examples=12, deadline=None)
def test_64_bit_integer_products_match_python_integers(types, m, k, profile, data):
    """Any shape, full-range 64-bit matrices, small vectors, with or without a bias: the sum modulo 2^64, read as
    the result type (a 64-bit result), or saturated into it (int32)."""
    component, dtype, out_type = types
    info = np.iinfo(dtype)
    matrix = np.array(data.draw(st.lists(st.integers(int(info.min), int(info.max)), min_size=m * k,
                                         max_size=m * k)), dtype).reshape(m, k)
    x = np.array(data.draw(st.lists(st.integers(0, 9), min_size=LANES * k, max_size=LANES * k)), dtype)
    x = x.reshape(LANES, k)
    with_bias = out_type is not int32_t and data.draw(st.booleans())      # a bias has the result's type
    bias = np.array(data.draw(st.lists(st.integers(int(info.min), int(info.max)), min_size=m, max_size=m)),
                    dtype) if with_bias else None
    got = run_matvec(profile, matrix, component, L.RowMajor, x, out_type, bias)
    out_info = np.iinfo(out_type.dtype)
    expected = []
    for row in exact_products(matrix, x, bias):
        wrapped = [v % 2 ** 64 for v in row]
        if out_info.bits == 64:
            expected.append([v - 2 ** 64 if out_info.min < 0 and v >= 2 ** 63 else v for v in wrapped])
        else:                                                      # saturate the signed 64-bit sum
            signed = [v - 2 ** 64 if v >= 2 ** 63 else v for v in wrapped]
            expected.append([min(max(v, int(out_info.min)), int(out_info.max)) for v in signed])
    assert got.tolist() == expected


@pytest.mark.parametrize("profile", ["reference", "adversarial"])
def test_u64_matrix_with_unsigned_output_reads_the_wrapped_sum_unsigned(profile):
    rng = np.random.default_rng(3)
    m, k = 4, 8
    matrix = rng.integers(0, 2 ** 64 - 1, (m, k), dtype=np.uint64, endpoint=True)
    x = rng.integers(0, 5, (LANES, k), dtype=np.uint64)
    got = run_matvec(profile, matrix, C.U64, L.RowMajor, x, uint64_t)
    assert got.tolist() == [[v % 2 ** 64 for v in row] for row in exact_products(matrix, x)]


@pytest.mark.parametrize("profile", ["reference", "nvidia-h100"])
def test_i64_accumulator_saturates_into_a_narrower_result(profile):
    """A 64-bit sum converted to int32 follows 0035's integer rule (saturate), not a wrap."""
    matrix = np.array([[2 ** 40, 1, 0, 0], [-(2 ** 40), 0, 0, 0], [5, 6, 7, 8], [0, 0, 0, -3]], np.int64)
    x = np.tile(np.array([1, 2, 3, 4], np.int64), (LANES, 1))
    got = run_matvec(profile, matrix, C.I64, L.RowMajor, x, int32_t)
    assert got[0].tolist() == [2 ** 31 - 1, -(2 ** 31), 70, -12]


@pytest.mark.parametrize("profile", PROFILES)
def test_half_vector_under_an_f64_interpretation_converts_exactly(profile):
    """An F64 interpretation of a half vector (0035's conversion, exact) into an F64 matrix: float64 sums."""
    m, k = 4, 8
    matrix = (np.arange(m * k).reshape(m, k) + 2.0 ** -35).astype(np.float64)
    x = np.tile(np.array([1, -2, 0.5, 3, -1, 0.25, 2, -4], np.float16), (LANES, 1))
    got = run_matvec(profile, matrix, C.F64, L.RowMajor, x, float64_t, interpretation=C.F64)
    assert got.tolist() == [[float(v) for v in row] for row in exact_products(matrix, x.astype(np.float64))]


@pytest.mark.parametrize("profile", ["reference", "minimal", "adversarial"])   # the H100 format has no F64
def test_f64_outer_products_and_vector_accumulates_add_in_float64(profile):
    prof = load_profile(profile)
    rng = np.random.default_rng(4)
    a = (rng.integers(-8, 9, (LANES, 4)) + 2.0 ** -33).astype(np.float64)
    b = rng.integers(-8, 9, (LANES, 8)).astype(np.float64)
    desc = MatrixDescription(4, 8, T69.F64, L69.OuterProductOptimal)
    target = np.zeros(-(-stored_size(desc, prof) // 128) * 128 + 256, np.uint8)
    vector_at = target.size - 128
    blob = np.concatenate([a, b], axis=1)

    @compute_shader(numthreads=(LANES, 1, 1))
    def shader(v=ByteAddressBuffer("t0"), g=RWByteAddressBuffer("u0")):
        tid = SV_DispatchThreadID()[:, 0]
        left = v.Load[vector[float64_t, 4]](tid * 96)
        right = v.Load[vector[float64_t, 8]](tid * 96 + 32)
        linalg.OuterProduct[C.F64](left, right).InterlockedAccumulate(g, 0)
        linalg.InterlockedAccumulate(g, vector_at, left)

    run_dispatch(shader, {"t0": blob.view(np.uint8).ravel().copy(), "u0": target}, (1, 1, 1), prof)
    got = decode_matrix(target, desc, prof)
    exact = [[sum(Fraction(a[t, i]) * Fraction(b[t, j]) for t in range(LANES)) for j in range(8)] for i in range(4)]
    assert got.tolist() == [[float(v) for v in row] for row in exact]
    assert target[vector_at:vector_at + 32].view(np.float64).tolist() == [float(sum(Fraction(v) for v in a[:, i]))
                                                                           for i in range(4)]


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("dtype", [np.int64, np.uint64])
def test_64_bit_integer_vector_accumulates_wrap(profile, dtype):
    initial = np.array([2 ** 63 - 5, 7, 0, 1], np.uint64).view(dtype)
    target = np.zeros(128, np.uint8)
    target[64:96] = initial.view(np.uint8)
    values = np.array([1, -3, 2 ** 40, -1], np.int64).view(dtype)

    @compute_shader(numthreads=(LANES, 1, 1))
    def shader(g=RWByteAddressBuffer("u0")):
        linalg.InterlockedAccumulate(g, 64, values)

    run_dispatch(shader, {"u0": target}, (1, 1, 1), profile)
    expected = [(int(s) + LANES * int(v)) % 2 ** 64 for s, v in zip(initial.view(np.uint64), values.view(np.uint64))]
    assert target[64:96].view(np.uint64).tolist() == expected


# -- BFloat16 --------------------------------------------------------------------------------------------------
def bf16(values) -> np.ndarray:
    return np.asarray(values, np.float64).astype(ml_dtypes.bfloat16)


def run_bf16_matvec(profile: str, matrix: np.ndarray, layout: L, x: np.ndarray) -> np.ndarray:
    """A BFloat16 Thread-scope matrix (stored in `layout`) times each thread's vector `x` (packed BFloat16 words
    when x is uint32, else a float vector that Convert packs, as DXC's header asks): float32 results."""
    m, k = matrix.shape
    transposed = layout == L.MulOptimalTranspose
    core = {L.RowMajor: L69.RowMajor, L.MulOptimal: L69.MulOptimal, L.MulOptimalTranspose: L69.MulOptimal}[layout]
    stride = k * 2 if layout == L.RowMajor else 0
    kept = matrix.T.copy() if transposed else matrix
    desc = MatrixDescription(kept.shape[0], kept.shape[1], T69.F16, core, stride, bfloat16=True)
    blob = np.zeros(-(-stored_size(desc, load_profile(profile)) // 128) * 128, np.uint8)
    encode_matrix(kept, blob, desc, load_profile(profile))
    out = np.zeros(LANES * m * 4, np.uint8)
    Mat = linalg.Matrix[C.BFloat16, m, k, U.A, S.Thread]
    element = {np.dtype(np.uint32): uint32_t, np.dtype(np.float32): float32_t}[x.dtype]

    @compute_shader(numthreads=(LANES, 1, 1))
    def shader(w=ByteAddressBuffer("t0"), v=ByteAddressBuffer("t1"), o=RWByteAddressBuffer("u0")):
        tid = SV_DispatchThreadID()[:, 0]
        vec = v.Load[vector[element, x.shape[1]]](tid * x.shape[1] * 4)
        W = Mat.Load[layout](w, 0, stride)
        packed = vec if x.dtype == np.uint32 else linalg.Convert[C.BFloat16, C.F32](vec).Data
        y = linalg.Multiply[float32_t](W, linalg.MakeInterpretedVector[C.BFloat16](packed))
        o.Store[vector[float32_t, m]](tid * m * 4, y)

    run_dispatch(shader, {"t0": blob, "t1": x.view(np.uint8).ravel().copy(), "u0": out}, (1, 1, 1), profile)
    return out.view(np.float32).reshape(LANES, m)


def pack_bf16(values: np.ndarray) -> np.ndarray:
    """Two BFloat16 per uint32, the lower index in the lower half (docs/sm610.md choice 14), zero padded."""
    bits = values.view(np.uint16)
    if bits.shape[1] % 2:
        bits = np.pad(bits, ((0, 0), (0, 1)))
    return np.ascontiguousarray(bits).view(np.uint32)


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("layout", [L.RowMajor, L.MulOptimal, L.MulOptimalTranspose])
def test_bf16_matrix_times_packed_bf16_vector_is_exact(profile, layout):
    """K = 9 (an odd count: five words, the last half padding). Values with few mantissa bits keep every sum
    exact in float32 and in the H100's tensor-core model, so the oracle is exact arithmetic."""
    rng = np.random.default_rng(5)
    m, k = 8, 9
    matrix = bf16(rng.integers(-16, 17, (m, k)) / 4)
    x = bf16(rng.integers(-16, 17, (LANES, k)) / 8)
    got = run_bf16_matvec(profile, matrix, layout, pack_bf16(x))
    expected = x.astype(np.float64) @ matrix.astype(np.float64).T
    assert np.array_equal(got.astype(np.float64), expected)


@pytest.mark.parametrize("profile", PROFILES)
def test_float_vector_converted_to_bf16_rounds_by_the_profile(profile):
    """1 + 2^-8 + 2^-10 lies between the BFloat16 values 1 and 1 + 2^-7, nearer the second: nearest-even gives
    1 + 2^-7, toward-zero 1 (0035: inexact float conversions are implementation-defined)."""
    matrix = bf16(np.eye(4, 4))
    x = np.tile(np.array([1 + 2 ** -8 + 2 ** -10, -3.0, 0.5, 2 ** -20], np.float32), (LANES, 1))
    got = run_bf16_matvec(profile, matrix, L.RowMajor, x)
    nearest = load_profile(profile).linalg_matrix.float_rounding == "nearest_even"
    first = 1 + 2 ** -7 if nearest else 1.0
    assert got[0].tolist() == [first, -3.0, 0.5, float(bf16([2 ** -20])[0])]


def test_no_d3d12_query_names_a_64_bit_or_bfloat16_type():
    """D3D12_LINEAR_ALGEBRA_DATATYPE (the preview SDK, and DXC's test copy at 9a3e225d) has no 64-bit or BFloat16
    value, so no profile's `linalg_support` can report these Thread-scope combinations (docs/sm610.md)."""
    from pydantic_core import PydanticCustomError

    from dxlinalg.profile.linalg_support import LINALG_TYPE_NAMES, parse_linalg_type
    assert not {T69.I64, T69.U64, T69.F64} & set(LINALG_TYPE_NAMES.values())
    for name in ("FLOAT64", "SINT64", "UINT64", "BFLOAT16", "BF16"):
        with pytest.raises(PydanticCustomError, match="not a D3D12_LINEAR_ALGEBRA_DATATYPE name"):
            parse_linalg_type(name)
