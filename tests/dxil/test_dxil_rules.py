"""Every rule of the DXIL ops is rejected with a message naming the rule and the values.

Each test starts from a valid call and breaks exactly one argument.
"""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg import dxil
from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError, UnsupportedError
from dxlinalg.gpu import BufferBinding, ByteAddressBuffer, RWByteAddressBuffer, compute_shader, run_dispatch
from dxlinalg.memory.address_space import AddressSpace
from dxlinalg.numerics.codecs import encode_elements
from dxlinalg.numerics.component_types import ComponentType as T
from dxlinalg.numerics.component_types import MatrixLayout as L
from dxlinalg.profile.matrix_storage import MatrixDescription, encode_matrix, stored_size
from dxlinalg.profile.registry import load_profile

M = K = 16
BIAS_OFFSET = 4096


@pytest.fixture
def memory():
    """A 16x16 F16 matrix in every layout of the reference profile, and an F16 bias of ones."""
    space = AddressSpace()
    buffer = space.allocate(8192, "weights")
    profile = load_profile("reference")
    matrix = (np.arange(M * K).reshape(M, K) % 5 - 2).astype(np.float16)
    for layout, offset in ((L.RowMajor, 0), (L.ColumnMajor, 1024), (L.MulOptimal, 2048), (L.OuterProductOptimal, 3072)):
        desc = MatrixDescription(M, K, T.F16, layout, 0 if layout.is_optimal else 32)
        encode_matrix(matrix, buffer.data[offset: offset + stored_size(desc, profile)], desc, profile)
    buffer.data[BIAS_OFFSET: BIAS_OFFSET + 2 * M] = encode_elements(np.ones(M, np.float16), T.F16)
    buffer.mark_written()
    return space, buffer, matrix


def muladd(buffer, **change):
    """matvecmuladd with valid defaults (MulOptimal F16 16x16 at 2048), one argument changed."""
    args = dict(input_vector=np.ones((4, K), np.float16), input_unsigned=False, input_interpretation=T.F16,
                matrix=buffer, matrix_offset=2048, matrix_interpretation=T.F16, M=M, K=K, layout=L.MulOptimal,
                transpose=False, stride=0, bias=buffer, bias_offset=BIAS_OFFSET, bias_interpretation=T.F16,
                output_unsigned=False)
    keywords = {"result_type": np.float16}
    for key, value in change.items():
        (keywords if key in ("result_type", "profile", "strict") else args)[key] = value
    return dxil.matvecmuladd(*args.values(), **keywords)


def test_valid_default_call_computes_matrix_times_ones_plus_bias(memory):
    _, buffer, matrix = memory
    expected = matrix.astype(np.float32).sum(axis=1) + 1
    assert np.array_equal(muladd(buffer), np.tile(expected.astype(np.float16), (4, 1)))


# -- compile-time rules ------------------------------------------------------------------------
@pytest.mark.parametrize("m", [0, 1025])
def test_m_must_be_1_to_1024(memory, m):
    with pytest.raises(InvalidArgumentError, match=rf"M = {m} must be in 1\.\.1024 \(DXC Sema"):
        muladd(memory[1], M=m)


def test_k_must_be_1_to_1024_unpacked(memory):
    with pytest.raises(InvalidArgumentError, match=r"K = 1025 must be in 1\.\.1024 \(DXC Sema"):
        muladd(memory[1], K=1025, input_vector=np.ones((4, 1025), np.float16))


def test_k_may_reach_4096_only_with_a_packed_input(memory):
    with pytest.raises(InvalidArgumentError, match=r"K = 4097 must be in 1\.\.4096 with a packed"):
        muladd(memory[1], K=4097, input_vector=np.ones((4, 1025), np.uint32), input_unsigned=True,
               input_interpretation=T.PackedS8x32)


def test_unpacked_input_length_must_equal_k(memory):
    with pytest.raises(InvalidArgumentError, match=r"NUMi = 15 must equal K = 16 .*NUMi vs K"):
        muladd(memory[1], input_vector=np.ones((4, 15), np.float16))


def test_packed_input_needs_ceil_k_over_4_words(memory):
    with pytest.raises(InvalidArgumentError, match=r"NUMi = 5 but K = 16 .* ceil\(K/4\) = 4"):
        muladd(memory[1], input_vector=np.ones((4, 5), np.uint32), input_unsigned=True,
               input_interpretation=T.PackedS8x32, matrix_interpretation=T.I8)


def test_input_interpretation_must_be_a_register_interpretation(memory):
    with pytest.raises(InvalidArgumentError, match=r"input_interpretation = F64 \(10\) is not a valid input"):
        muladd(memory[1], input_interpretation=T.F64)


def test_packed_input_must_be_a_uint32_vector(memory):
    with pytest.raises(InvalidArgumentError, match=r"needs a 32-bit unsigned physical vector, got I32"):
        muladd(memory[1], input_vector=np.ones((4, 4), np.int32), input_interpretation=T.PackedS8x32)


def test_input_unsigned_flag_must_match_the_element_type(memory):
    with pytest.raises(InvalidArgumentError, match=r"input_unsigned = True .* F16; it must be False"):
        muladd(memory[1], input_unsigned=True)


def test_matrix_interpretation_must_be_a_memory_interpretation(memory):
    with pytest.raises(InvalidArgumentError, match=r"matrix_interpretation = PackedS8x32 \(17\) is not a valid memory"):
        muladd(memory[1], matrix_interpretation=T.PackedS8x32)


def test_bias_interpretation_must_be_a_memory_interpretation(memory):
    with pytest.raises(InvalidArgumentError, match=r"bias_interpretation = PackedU8x32 \(18\) is not a valid memory"):
        muladd(memory[1], bias_interpretation=T.PackedU8x32)


def test_layout_must_be_0_to_3(memory):
    with pytest.raises(InvalidArgumentError, match=r"layout = 4 is not a matrix layout"):
        muladd(memory[1], layout=4)


@pytest.mark.parametrize("layout", [L.RowMajor, L.ColumnMajor])
def test_transpose_is_rejected_for_row_and_column_major(memory, layout):
    with pytest.raises(InvalidArgumentError,
                       match=rf"transpose = true with layout {layout.name}.*LinalgMatrixLayoutNotTransposable"):
        muladd(memory[1], layout=layout, stride=32, matrix_offset=0, transpose=True)


def test_stride_must_be_zero_for_optimal_layouts(memory):
    with pytest.raises(InvalidArgumentError, match=r"stride = 32 with optimal layout MulOptimal.*StrideZero"):
        muladd(memory[1], stride=32)


def test_fp8_matrices_only_in_optimal_layouts(memory):
    with pytest.raises(InvalidArgumentError, match=r"F8_E4M3 with layout RowMajor; FP8 matrices can only"):
        muladd(memory[1], matrix_interpretation=T.F8_E4M3, input_interpretation=T.F8_E4M3, layout=L.RowMajor,
               stride=16, matrix_offset=0)


def test_result_type_must_be_a_dxil_vector_element_type(memory):
    with pytest.raises(InvalidArgumentError, match=r"result_type = .*float64.* is not a DXIL result element type"):
        muladd(memory[1], result_type=np.float64)


def test_output_unsigned_flag_must_match_the_result_type(memory):
    with pytest.raises(InvalidArgumentError, match=r"output_unsigned = True but result_type is float16"):
        muladd(memory[1], output_unsigned=True)


def test_matrix_handle_must_be_a_raw_buffer(memory):
    with pytest.raises(InvalidArgumentError, match=r"matrix = list is not a raw buffer handle"):
        muladd(memory[1], matrix=[1, 2, 3])


# -- what the profile reports -------------------------------------------------------------------------
def test_combination_must_be_reported_by_check_feature_support(memory):
    with pytest.raises(UnsupportedError, match=r"BiasInterpretation F32, OutputType F16\) is not in profile "
                                               r"'reference'.s CheckFeatureSupport"):
        muladd(memory[1], bias_interpretation=T.F32)


def test_permissive_mode_computes_an_unreported_combination(memory):
    result = muladd(memory[1], profile="minimal", strict=False, input_vector=np.ones((4, K), np.float32),
                    input_interpretation=T.F16)
    assert result.shape == (4, M)


def test_transpose_needs_transpose_supported(memory):
    with pytest.raises(UnsupportedError,
                       match=r"transpose = true but profile 'minimal' reports TransposeSupported = FALSE"):
        muladd(memory[1], profile="minimal", transpose=True)


def test_accumulate_ops_need_tier_1_1(memory):
    with pytest.raises(UnsupportedError,
                       match=r"CooperativeVectorTier TIER_1_0; OuterProductAccumulate needs TIER_1_1"):
        dxil.outerproductaccumulate(np.ones((4, 16), np.float16), np.ones((4, 16), np.float16), memory[1], 3072,
                                    T.F16, L.OuterProductOptimal, 0, profile="minimal")
    with pytest.raises(UnsupportedError, match=r"TIER_1_0; VectorAccumulate needs TIER_1_1"):
        dxil.vectoraccumulate(np.ones((4, 16), np.float16), memory[1], 0, profile="minimal")


# -- run-time rules: undefined behaviour ----------------------------------------------------------------
def test_stride_must_be_16_byte_aligned(memory):
    with pytest.raises(UndefinedBehaviorError, match=r"stride = 40 must be a multiple of 16 bytes"):
        muladd(memory[1], layout=L.RowMajor, stride=40, matrix_offset=0)


def test_matrix_offset_must_be_128_byte_aligned(memory):
    with pytest.raises(UndefinedBehaviorError,
                       match=r"matrix_offset 64 \+ buffer base 0x[0-9a-f]+ \(weights, lane 0\) "
                             r"must be 128-byte aligned \(0029 matvecmuladd: matrix alignment\)"):
        muladd(memory[1], matrix_offset=64)


def test_matrix_base_address_counts_toward_alignment(memory):
    space, buffer, _ = memory
    with pytest.raises(UndefinedBehaviorError,
                       match=r"matrix_offset 2048 \+ buffer base 0x[0-9a-f]+40 .*must be 128-byte"):
        muladd(buffer, matrix=BufferBinding(buffer, 64), matrix_offset=2048)


def test_bias_offset_must_be_64_byte_aligned(memory):
    with pytest.raises(UndefinedBehaviorError, match=r"bias_offset 4128 .* must be 64-byte aligned .*bias alignment"):
        muladd(memory[1], bias_offset=BIAS_OFFSET + 32)


def test_alignment_is_judged_per_lane(memory):
    offsets = np.array([2048, 2048, 2048 + 16, 2048])
    with pytest.raises(UndefinedBehaviorError, match=r"matrix_offset 2064 .*lane 2"):
        muladd(memory[1], matrix_offset=offsets)


def test_out_of_bounds_matrix_load_is_undefined_in_strict_mode(memory):
    with pytest.raises(UndefinedBehaviorError, match=r"matrix load at matrix_offset 8064 \(lane 0\) spans bytes "
                                                     r"\[8064, 8576\) but weights has 8192 bytes"):
        muladd(memory[1], matrix_offset=8064)


def test_out_of_bounds_matrix_load_reads_zeros_in_permissive_mode(memory):
    offsets = np.array([2048, 8064, 2048, 8064])
    result = muladd(memory[1], matrix_offset=offsets, strict=False)
    assert np.array_equal(result[1], np.ones(M, np.float16)) and np.array_equal(result[3], result[1])
    assert not np.array_equal(result[0], result[1])


def test_out_of_bounds_bias_load(memory):
    with pytest.raises(UndefinedBehaviorError, match=r"bias load at bias_offset 8192"):
        muladd(memory[1], bias_offset=8192)
    zero_bias = muladd(memory[1], bias_offset=8192, strict=False)
    assert np.array_equal(zero_bias, dxil.matvecmul(np.ones((4, K), np.float16), False, T.F16, memory[1], 2048, T.F16,
                                                    M, K, L.MulOptimal, False, 0, False, result_type=np.float16))


def test_permissive_mode_ignores_misalignment(memory):
    muladd(memory[1], layout=L.RowMajor, stride=40, matrix_offset=0, strict=False)


# -- outer product and vector accumulate ------------------------------------------------------------------
def outer(buffer, v1=None, v2=None, **change):
    args = dict(vector1=np.ones((4, 16), np.float16) if v1 is None else v1,
                vector2=np.ones((4, 16), np.float16) if v2 is None else v2, matrix=buffer, matrix_offset=3072,
                matrix_interpretation=T.F16, layout=L.OuterProductOptimal, stride=0)
    keywords = {}
    for key, value in change.items():
        (keywords if key in ("profile", "strict") else args)[key] = value
    dxil.outerproductaccumulate(*args.values(), **keywords)


def test_outer_product_vectors_must_share_an_element_type(memory):
    with pytest.raises(InvalidArgumentError, match=r"vector1 has element type float16 but vector2 has float32"):
        outer(memory[1], v2=np.ones((4, 16), np.float32))


def test_outer_product_needs_outer_product_optimal_layout(memory):
    with pytest.raises(InvalidArgumentError, match=r"layout = MulOptimal; the matrix must be in OuterProductOptimal"):
        outer(memory[1], layout=L.MulOptimal)


def test_outer_product_stride_must_be_zero(memory):
    with pytest.raises(InvalidArgumentError, match=r"stride = 16 with optimal layout OuterProductOptimal"):
        outer(memory[1], stride=16)


def test_outer_product_combination_must_be_reported(memory):
    with pytest.raises(UnsupportedError, match=r"\(InputType F32, AccumulationType F32\) is not in profile "
                                               r"'adversarial'.s CheckFeatureSupport OuterProductAccumulate list"):
        outer(memory[1], v1=np.ones((4, 16), np.float32), v2=np.ones((4, 16), np.float32),
              matrix_interpretation=T.F32, profile="adversarial")


def test_outer_product_matrix_offset_must_be_128_byte_aligned(memory):
    with pytest.raises(UndefinedBehaviorError, match=r"matrix_offset 3136 .* must be 128-byte aligned"):
        outer(memory[1], matrix_offset=3072 + 64)


def test_outer_product_vectors_hold_at_most_1024_components(memory):
    with pytest.raises(InvalidArgumentError, match=r"vector1 has 1025 components; vectors hold 1\.\.1024"):
        outer(memory[1], v1=np.ones((4, 1025), np.float16))


def test_outer_product_out_of_bounds_is_undefined_and_skipped_when_permissive(memory):
    _, buffer, _ = memory
    with pytest.raises(UndefinedBehaviorError, match=r"matrix accumulate at matrix_offset 8064"):
        outer(buffer, matrix_offset=8064)
    before = buffer.data.copy()
    outer(buffer, matrix_offset=8064, strict=False)
    assert np.array_equal(before, buffer.data)


def test_accumulate_ops_need_a_writable_buffer(memory):
    _, buffer, _ = memory

    @compute_shader(numthreads=(4, 1, 1))
    def shader(weights=ByteAddressBuffer("t0")):
        dxil.vectoraccumulate(np.ones((4, 16), np.float16), weights, 0)

    with pytest.raises(InvalidArgumentError, match=r"weights is bound as a read-only ByteAddressBuffer \(SRV\)"):
        run_dispatch(shader, {"t0": buffer})


def test_vector_accumulate_type_must_be_reported(memory):
    with pytest.raises(UnsupportedError, match=r"\(InputType F32, AccumulationType F32\) is not in profile "
                                               r"'nvidia-h100'.s CheckFeatureSupport VectorAccumulate list"):
        dxil.vectoraccumulate(np.ones((4, 16), np.float32), memory[1], 0, profile="nvidia-h100")


def test_vector_accumulate_offset_must_be_64_byte_aligned(memory):
    with pytest.raises(UndefinedBehaviorError,
                       match=r"array_offset 32 .* must be 64-byte aligned .*output array alignment"):
        dxil.vectoraccumulate(np.ones((4, 16), np.float16), memory[1], 32)


def test_vector_accumulate_out_of_bounds(memory):
    _, buffer, _ = memory
    with pytest.raises(UndefinedBehaviorError, match=r"array accumulate at array_offset 8192"):
        dxil.vectoraccumulate(np.ones((4, 16), np.float16), buffer, 8192)
    before = buffer.data.copy()
    dxil.vectoraccumulate(np.ones((4, 16), np.float16), buffer, 8192, strict=False)
    assert np.array_equal(before, buffer.data)


# -- lanes and contexts -------------------------------------------------------------------------------
def test_profile_keyword_is_only_for_calls_outside_a_dispatch(memory):
    _, buffer, _ = memory

    @compute_shader(numthreads=(4, 1, 1))
    def shader(weights=RWByteAddressBuffer("u0")):
        dxil.vectoraccumulate(np.ones((4, 16), np.float16), weights, 0, profile="adversarial")

    with pytest.raises(InvalidArgumentError, match=r"profile= is only for calls outside a dispatch"):
        run_dispatch(shader, {"u0": buffer})


def test_inside_a_dispatch_vectors_have_one_row_per_lane(memory):
    _, buffer, _ = memory

    @compute_shader(numthreads=(8, 1, 1))
    def shader(weights=RWByteAddressBuffer("u0")):
        dxil.vectoraccumulate(np.ones((4, 16), np.float16), weights, 0)

    with pytest.raises(InvalidArgumentError, match=r"the vector has 4 rows but 8 lanes are running"):
        run_dispatch(shader, {"u0": buffer})


def test_errors_from_the_shared_numeric_checks_name_the_op():
    matrix = np.zeros(4096, np.uint8)
    with pytest.raises(InvalidArgumentError, match=r"^matvecmul: input vector length NUMi = 16 must equal K = 15"):
        dxil.matvecmul(np.zeros((2, 16), np.float16), False, 8, matrix, 0, 8, 4, 15, 0, False, 32, False,
                       result_type=np.float16)
    with pytest.raises(InvalidArgumentError, match=r"^matvecmuladd: bias_interpretation = PackedU8x32"):
        dxil.matvecmuladd(np.zeros((2, 4), np.float16), False, 8, matrix, 0, 8, 4, 4, 0, False, 16, matrix, 0, 18,
                          False, result_type=np.float16)
    with pytest.raises(InvalidArgumentError, match=r"^matvecmul: input_interpretation = F64"):
        dxil.matvecmul(np.zeros((2, 4), np.float16), False, 10, matrix, 0, 8, 4, 4, 0, False, 16, False,
                       result_type=np.float16)
