"""What matvecmul/matvecmuladd compute beyond the grid: wrap-around, signedness, saturation, rounding,
tolerance off the grid, exact integer BLAS paths, handles, caching and masking."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg import dxil
from dxlinalg.gpu import if_, standalone_lanes
from dxlinalg.linalg.matvec import round_float_result
from dxlinalg.memory.address_space import AddressSpace
from dxlinalg.numerics.component_types import ComponentType as T
from dxlinalg.numerics.component_types import MatrixLayout as L
from dxlinalg.numerics.float_conversion import NVIDIA_H100_FLOAT_SETTINGS, FloatConversionSettings, round_to_float
from dxlinalg.numerics.packing import pack_components
from dxlinalg.profile.matrix_storage import MatrixDescription, encode_matrix, stored_size
from dxlinalg.profile.model import AccumulationSettings, MulProperty
from dxlinalg.profile.registry import builtin_profile_names, load_profile
from tests.dxil.dxil_cases import MulCase, run_case
from tests.oracle.linalg_oracle import oracle_matvec


def custom_profile(*rows: tuple[T, T, T, T, T], **update):
    """The reference profile reporting exactly `rows` (InputType, InputInterp, MatrixInterp, BiasInterp, OutputType)."""
    props = [MulProperty(input_type=a, input_interpretation=b, matrix_interpretation=c, bias_interpretation=d,
                         output_type=e, transpose_supported=True) for a, b, c, d, e in rows]
    return load_profile("reference").model_copy(update={"name": "custom", "mul_properties": props, **update})


def place_matrix(matrix: np.ndarray, component_type: T, layout: L, profile, offset: int = 0):
    desc = MatrixDescription(*matrix.shape, component_type, layout,
                             0 if layout.is_optimal else -(-matrix.shape[1] * matrix.itemsize // 16) * 16)
    buffer = AddressSpace().allocate(offset + stored_size(desc, profile) + 256)
    encode_matrix(matrix, buffer.data[offset:], desc, profile)
    buffer.mark_written()
    return buffer, desc.stride


def oracle(vectors, interpretation, matrix, matrix_type, output_dtype, profile, bias=None, transpose=False):
    m, k = (matrix.shape[1], matrix.shape[0]) if transpose else matrix.shape
    lanes = vectors.shape[0]
    bias_values = None if bias is None else [[int(b) if bias.dtype.kind in "iu" else float(b) for b in bias]] * lanes
    rows = oracle_matvec(vectors, interpretation, [matrix] * lanes, matrix_type, m, k, transpose, bias_values,
                         np.dtype(output_dtype), np.ones(lanes, bool), profile.float_conversion)
    return np.array(rows, dtype=np.float64 if np.dtype(output_dtype).kind == "f" else np.int64).astype(output_dtype)


def test_int32_accumulation_wraps_around():
    profile = custom_profile((T.I32, T.I32, T.I32, T.I32, T.I32))
    rng = np.random.default_rng(1)
    matrix = rng.integers(-(1 << 30), 1 << 30, (8, 16)).astype(np.int32)
    x = rng.integers(-(1 << 30), 1 << 30, (5, 16)).astype(np.int32)
    buffer, stride = place_matrix(matrix, T.I32, L.RowMajor, profile)
    result = dxil.matvecmul(x, False, T.I32, buffer, 0, T.I32, 8, 16, L.RowMajor, False, stride, False,
                            result_type=np.int32, profile=profile)
    exact = x.astype(object) @ matrix.T.astype(object)
    assert np.array_equal(result, oracle(x, T.I32, matrix, T.I32, np.int32, profile))
    assert any(abs(v) >= 1 << 31 for v in exact.ravel()), "the sums do overflow int32"


def test_unsigned_output_reads_the_32_bit_sum_as_unsigned():
    profile = custom_profile((T.U32, T.U32, T.U32, T.I32, T.U32))
    matrix = np.full((2, 4), 1 << 30, np.uint32)
    x = np.array([[3, 1, 0, 0], [1, 0, 0, 0]], np.uint32)
    buffer, stride = place_matrix(matrix, T.U32, L.RowMajor, profile)
    result = dxil.matvecmul(x, True, T.U32, buffer, 0, T.U32, 2, 4, L.RowMajor, False, stride, True,
                            result_type=np.uint32, profile=profile)
    assert result.tolist() == [[0, 0], [1 << 30, 1 << 30]]          # 4 * 2^30 wraps to 0
    assert np.array_equal(result, oracle(x, T.U32, matrix, T.U32, np.uint32, profile))


def test_sixteen_bit_outputs_saturate_the_32_bit_sum():
    profile = custom_profile((T.I32, T.I8, T.I8, T.I32, T.I16))
    matrix = np.full((1, 16), 127, np.int8)
    x = np.array([[127] * 16, [-128] * 16, [1] * 16], np.int32)
    buffer, stride = place_matrix(matrix, T.I8, L.RowMajor, profile)
    result = dxil.matvecmul(x, False, T.I8, buffer, 0, T.I8, 1, 16, L.RowMajor, False, stride, False,
                            result_type=np.int16, profile=profile)
    assert result.ravel().tolist() == [32767, -32768, 16 * 127]


def test_integer_sums_convert_to_a_float_result_once():
    profile = custom_profile((T.F32, T.I8, T.I8, T.I32, T.F16))
    matrix = np.array([[127, 127, 127, 1]], np.int8)
    x = np.array([[127, 127, 127, 0]], np.float32)
    buffer, stride = place_matrix(matrix, T.I8, L.RowMajor, profile)
    result = dxil.matvecmul(x, False, T.I8, buffer, 0, T.I8, 1, 4, L.RowMajor, False, stride, False,
                            result_type=np.float16, profile=profile)
    assert result[0, 0] == np.float16(3 * 127 * 127) == oracle(x, T.I8, matrix, T.I8, np.float16, profile)[0, 0]


def test_float_to_int8_input_rounds_to_nearest_even_and_saturates():
    profile = load_profile("reference")
    matrix = np.eye(8, dtype=np.int8)
    x = np.array([[2.5, 3.5, -2.5, -0.5, 300.0, -300.0, np.nan, 126.5]], np.float32)
    buffer, stride = place_matrix(matrix, T.I8, L.RowMajor, profile)
    result = dxil.matvecmul(x, False, T.I8, buffer, 0, T.I8, 8, 8, L.RowMajor, False, stride, False,
                            result_type=np.int32)
    assert result.ravel().tolist() == [2, 4, -2, 0, 127, -128, 0, 126]


def test_packed_input_ignores_components_past_k():
    profile = load_profile("reference")
    matrix = np.ones((1, 5), np.int8)
    words = np.array([[0x04030201, 0x7F7F7F05]], np.uint32)   # components 6..8 lie past K = 5
    buffer, stride = place_matrix(matrix, T.I8, L.RowMajor, profile)
    result = dxil.matvecmul(words, True, T.PackedS8x32, buffer, 0, T.I8, 1, 5, L.RowMajor, False, stride, False,
                            result_type=np.int32)
    assert result[0, 0] == 1 + 2 + 3 + 4 + 5


@pytest.mark.parametrize("matrix_type,low,high,k",
                         [(T.I8, -128, 128, 1024), (T.U8, 0, 256, 1024), (T.I8, -128, 128, 64)])
def test_integer_products_are_exact_through_the_float_blas(matrix_type, low, high, k):
    """I8 x I8 with K = 1024 sits exactly at 2^24 (float32 path); U8 passes it (float64 path)."""
    profile = load_profile("nvidia-h100")
    dtype = np.int8 if matrix_type == T.I8 else np.uint8
    matrix = np.full((4, k), low, dtype)
    matrix[1] = high - 1
    matrix[2:] = np.random.default_rng(0).integers(low, high, (2, k))
    x = np.full((3, k), -128 if matrix_type == T.I8 else 255, np.int32)
    x[2] = np.random.default_rng(1).integers(-128, 128, k)
    interpretation = T.I8 if matrix_type == T.I8 else T.U8
    x = np.clip(x, 0, 255) if interpretation == T.U8 else x
    buffer, stride = place_matrix(matrix, matrix_type, L.RowMajor, profile)
    result = dxil.matvecmul(x, False, interpretation, buffer, 0, matrix_type, 4, k, L.RowMajor, False, stride,
                            False, result_type=np.int32, profile=profile)
    assert np.array_equal(result, (x.astype(np.int64) @ matrix.T.astype(np.int64)).astype(np.int32))


def test_float64_accumulator_rounds_the_exact_sum_once_off_the_grid():
    profile = custom_profile((T.F16, T.F16, T.F16, T.F16, T.F16),
                             accumulation=AccumulationSettings(float_accumulator="float64"))
    rng = np.random.default_rng(7)
    matrix = rng.standard_normal((33, 128)).astype(np.float16)
    x = rng.standard_normal((6, 128)).astype(np.float16)
    buffer, _ = place_matrix(matrix, T.F16, L.MulOptimal, profile)
    result = dxil.matvecmul(x, False, T.F16, buffer, 0, T.F16, 33, 128, L.MulOptimal, False, 0, False,
                            result_type=np.float16, profile=profile)
    assert np.array_equal(result, oracle(x, T.F16, matrix, T.F16, np.float16, profile))


def cts_relative_error(result: np.ndarray, expected: np.ndarray) -> np.ndarray:
    """|out - ref| / denom, denom = 5 where |ref| < 0.5 else |ref| (Vulkan CTS matmul tolerance)."""
    ref = expected.astype(np.float64)
    denominator = np.where(np.abs(ref) < 0.5, 5.0, np.abs(ref))
    return np.abs(result.astype(np.float64) - ref) / denominator


@pytest.mark.parametrize("profile_name", builtin_profile_names())
def test_off_grid_float_results_are_within_the_cts_tolerance(profile_name):
    profile = load_profile(profile_name)
    for prop in profile.mul_properties:
        if prop.input_interpretation not in (T.F16, T.F32, T.F8_E4M3, T.F8_E5M2):
            continue
        case = MulCase(profile_name, prop, L.MulOptimal, False, 63, 128, True, True, False, grid=False)
        result, expected, _ = run_case(case, seed=3)
        limit = 0.06 if case.m * case.k > 200 else 0.01
        error = cts_relative_error(result, expected)
        assert np.all(error <= limit), (case, float(error.max()))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(["reference", "adversarial", "nvidia-h100"]), st.booleans())
def test_masked_lanes_get_what_they_would_get_alone(seed, profile_name, per_lane):
    """Active lanes' results equal running just those lanes; inactive lanes may point anywhere."""
    rng = np.random.default_rng(seed)
    profile = load_profile(profile_name)
    lanes, m, k = 9, int(rng.integers(1, 40)), int(rng.integers(1, 40))
    matrices = [rng.integers(-4, 8, (m, k)).astype(np.float16) for _ in range(2)]
    span = -(-stored_size(MatrixDescription(m, k, T.F16, L.MulOptimal), profile) // 128) * 128
    buffer = AddressSpace().allocate(2 * span)
    for i, matrix in enumerate(matrices):
        encode_matrix(matrix, buffer.data[i * span:], MatrixDescription(m, k, T.F16, L.MulOptimal), profile)
    buffer.mark_written()
    x = rng.integers(-4, 8, (lanes, k)).astype(np.float16)
    offsets = rng.integers(0, 2, lanes) * span if per_lane else np.full(lanes, span)
    active = rng.random(lanes) < 0.5
    garbage = np.where(active, offsets, 12345)
    with standalone_lanes(lanes, profile=profile):
        with if_(active):
            masked = dxil.matvecmul(x, False, T.F16, buffer, garbage, T.F16, m, k, L.MulOptimal, False, 0, False,
                                    result_type=np.float16)
    if active.any():
        alone = dxil.matvecmul(x[active], False, T.F16, buffer, offsets[active], T.F16, m, k, L.MulOptimal, False, 0,
                               False, result_type=np.float16, profile=profile)
        assert np.array_equal(masked[active], alone)
    assert not masked[~active].any()


_FLOAT32 = st.floats(width=32, allow_nan=True, allow_infinity=True, allow_subnormal=True)


@settings(max_examples=200, deadline=None)
@given(st.lists(_FLOAT32, min_size=1, max_size=16),
       st.sampled_from([FloatConversionSettings(), NVIDIA_H100_FLOAT_SETTINGS]))
def test_result_rounding_fast_path_equals_round_to_float(values, float_settings):
    accumulator = np.array(values, np.float32)
    fast = round_float_result(accumulator, T.F16, float_settings)
    general = round_to_float(accumulator, T.F16, float_settings, source=T.F32)
    assert np.array_equal(fast.view(np.uint16), general.view(np.uint16))


def test_float64_accumulator_fast_rounding_matches_too():
    values = np.array([1 + 2.0**-11 + 2.0**-40, -65520.0, 65519.99, 2.0**-25, -0.0, 3e-8], np.float64)
    assert np.array_equal(round_float_result(values, T.F16, FloatConversionSettings()).view(np.uint16),
                          round_to_float(values, T.F16, FloatConversionSettings(), source=T.F64).view(np.uint16))


class _Resource:
    """What d3d12api hands out: an object with a `.buffer`."""

    def __init__(self, buffer):
        self.buffer = buffer


def test_buffers_resources_and_numpy_arrays_are_all_handles():
    profile = load_profile("reference")
    matrix = np.arange(48).reshape(3, 16).astype(np.float16)
    buffer, _ = place_matrix(matrix, T.F16, L.MulOptimal, profile)
    x = np.ones((2, 16), np.float16)
    results = [dxil.matvecmul(x, False, T.F16, handle, 0, T.F16, 3, 16, L.MulOptimal, False, 0, False,
                              result_type=np.float32) for handle in (buffer, _Resource(buffer), buffer.data.copy())]
    assert all(np.array_equal(results[0], r) for r in results)
    assert results[0][0].tolist() == matrix.astype(np.float32).sum(axis=1).tolist()


def test_a_uniform_matrix_is_decoded_once_and_rewritten_matrices_are_decoded_again():
    profile = load_profile("adversarial")
    matrix = np.ones((16, 16), np.float16)
    buffer, _ = place_matrix(matrix, T.F16, L.MulOptimal, profile)
    x = np.ones((4, 16), np.float16)

    def call():
        return dxil.matvecmul(x, False, T.F16, buffer, 0, T.F16, 16, 16, L.MulOptimal, False, 0, False,
                              result_type=np.float16, profile=profile)

    misses = dxil.MATRIX_CACHE.misses
    first = call()
    for _ in range(3):
        call()
    assert dxil.MATRIX_CACHE.misses == misses + 1
    encode_matrix(2 * matrix, buffer.data, MatrixDescription(16, 16, T.F16, L.MulOptimal), profile)
    buffer.mark_written()
    assert np.array_equal(call(), 2 * first)
    assert dxil.MATRIX_CACHE.misses == misses + 2


def test_transposed_optimal_matrix_is_the_stored_k_by_m_matrix_transposed():
    profile = load_profile("reference")
    stored = np.arange(6).reshape(2, 3).astype(np.float16)     # K x M = 2 x 3
    buffer, _ = place_matrix(stored, T.F16, L.MulOptimal, profile)
    x = np.array([[1, 10]], np.float16)
    result = dxil.matvecmul(x, False, T.F16, buffer, 0, T.F16, 3, 2, L.MulOptimal, True, 0, False,
                            result_type=np.float32)
    assert result.tolist() == [[30.0, 41.0, 52.0]]


def test_packed_int8_sums_plus_an_int32_bias_wrap_like_the_int32_accumulator():
    """I8 x I8 sums fit a float32 BLAS and are kept as int32; a bias near the int32 limits then wraps."""
    profile = load_profile("reference")
    k = 16
    matrix = np.full((3, k), 127, np.int8)
    matrix[1] = -128
    matrix[2] = np.arange(k) - 8
    components = np.full((2, k), 127, np.int8)
    components[1] = -128
    buffer, _ = place_matrix(matrix, T.I8, L.MulOptimal, profile)
    bias = np.array([(1 << 31) - 1000, -(1 << 31) + 1000, 5], np.int32)
    bias_buffer = AddressSpace().allocate(64)
    bias_buffer.data[: bias.nbytes] = bias.view(np.uint8)
    bias_buffer.mark_written()
    words = pack_components(components)
    result = dxil.matvecmuladd(words, True, T.PackedS8x32, buffer, 0, T.I8, 3, k, L.MulOptimal, False, 0,
                               bias_buffer, 0, T.I32, False, result_type=np.int32, profile=profile)
    exact = components.astype(np.int64) @ matrix.T.astype(np.int64) + bias
    assert (np.abs(exact) >= 1 << 31).any(), "some sums do leave the int32 range"
    assert np.array_equal(result, exact.astype(np.int32))
    assert np.array_equal(result, oracle(words, T.PackedS8x32, matrix, T.I8, np.int32, profile, bias=bias))
