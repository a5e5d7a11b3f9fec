"""The SPV_NV_cooperative_vector instructions against DXIL's ops and the oracle: same core, same bits,
SPIR-V's own operand order and rules."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg import dxil
from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError, UnsupportedError
from dxlinalg.gpu import if_, standalone_lanes
from dxlinalg.gpu.resources import resolve_handle
from dxlinalg.memory.address_space import AddressSpace
from dxlinalg.numerics.component_types import ComponentType as T
from dxlinalg.numerics.component_types import MatrixLayout as L
from dxlinalg.numerics.vulkan_types import component_type_to_vulkan
from dxlinalg.profile.matrix_storage import MatrixDescription, decode_matrix, encode_matrix, stored_size
from dxlinalg.profile.model import MulProperty
from dxlinalg.profile.registry import builtin_profile_names, load_profile
from dxlinalg.profile.vulkan import VulkanCooperativeVectorProperty
from dxlinalg.spirv import coopvec
from dxlinalg.spirv.coopvec import ArrayPointer, Bias
from dxlinalg.spirv.coopvec_rules import CooperativeMatrixOperands as Ops
from dxlinalg.spirv.coopvec_rules import StorageClass
from tests.dxil.dxil_cases import OUTPUT_DTYPES, MulCase, input_vectors, place
from tests.oracle.linalg_oracle import oracle_matvec

SSBO = StorageClass.StorageBuffer


def vk(component_type: T) -> int:
    return int(component_type_to_vulkan(component_type))


def pointer(buffer, storage_class: StorageClass = SSBO) -> ArrayPointer:
    return ArrayPointer(resolve_handle(buffer, "test buffer", writable=True), storage_class)


def operand_bits(vectors: np.ndarray, output_dtype: np.dtype) -> int:
    bits = Ops.MatrixBSignedComponents if vectors.dtype.kind == "i" else 0
    return bits | (Ops.MatrixResultSignedComponents if output_dtype.kind == "i" else 0)


def spirv_and_dxil(case: MulCase, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """The same call through both surfaces, on the same bytes."""
    profile = load_profile(case.profile)
    rng = np.random.default_rng(seed)
    placed = place(case, profile, rng, AddressSpace())
    prop = case.prop
    vectors = input_vectors(prop, case.k, case.lanes, rng)
    output_dtype = np.dtype(OUTPUT_DTYPES[prop.output_type])
    offsets = placed.matrix_offsets
    with standalone_lanes(case.lanes, profile=profile) as ctx:
        args = (vectors, vectors.dtype.kind == "u", prop.input_interpretation, placed.matrix_buffer, offsets,
                prop.matrix_interpretation, case.m, case.k, case.layout, case.transpose, placed.stride)
        bias = None
        if case.bias:
            expected = dxil.matvecmuladd(*args, placed.bias_buffer, placed.bias_offsets, prop.bias_interpretation,
                                         output_dtype.kind == "u", result_type=output_dtype)
            bias = Bias(pointer(placed.bias_buffer), placed.bias_offsets, vk(prop.bias_interpretation))
        else:
            expected = dxil.matvecmul(*args, output_dtype.kind == "u", result_type=output_dtype)
        result = coopvec.matrix_mul(ctx, vectors, vk(prop.input_interpretation), pointer(placed.matrix_buffer),
                                    offsets, vk(prop.matrix_interpretation), case.m, case.k, int(case.layout),
                                    case.transpose, placed.stride, operand_bits(vectors, output_dtype),
                                    prop.output_type, case.m, bias)
    return result.view(output_dtype), expected


def expressible_cases(profile_name: str) -> list[tuple[object, L, bool]]:
    """(row, layout, transpose) of a profile that SPIR-V can express (results are 32-bit ints or 16/32-bit floats)."""
    profile = load_profile(profile_name)
    cases = []
    for row in profile.mul_properties:
        if row.output_type in (T.I16, T.U16):
            continue
        for layout in L:
            fp8 = row.matrix_interpretation in (T.F8_E4M3, T.F8_E5M2)
            if fp8 and not layout.is_optimal or layout == L.OuterProductOptimal and not profile.layout_spec(layout):
                continue
            cases.append((row, layout, False))
            if row.transpose_supported and layout.is_optimal:
                cases.append((row, layout, True))
    return cases


ALL_CASES = [(name, *case) for name in builtin_profile_names() for case in expressible_cases(name)]


@settings(max_examples=60, deadline=None)
@given(case=st.sampled_from(ALL_CASES), m=st.sampled_from((1, 3, 16, 17)), k=st.sampled_from((1, 4, 16, 33)),
       bias=st.booleans(), per_lane=st.booleans(), seed=st.integers(0, 2**16))
def test_matrix_mul_gives_dxil_bits_on_every_profile(case, m, k, bias, per_lane, seed):
    name, row, layout, transpose = case
    mul_case = MulCase(name, row, layout, transpose, m, k, bias, per_lane, False)
    result, expected = spirv_and_dxil(mul_case, seed)
    assert result.dtype == expected.dtype
    assert np.array_equal(result.view(np.uint8), expected.view(np.uint8))


def test_every_shipped_combination_is_compared():
    """The hypothesis space above holds every expressible (profile, row, layout, transpose)."""
    assert len(ALL_CASES) > 40
    assert {name for name, *_ in ALL_CASES} == set(builtin_profile_names())


# -- signedness comes from the operand bits, not the component type ---------------------------------------
def profile_listing(*rows: tuple[T, T, T, T, T]):
    """The reference profile listing exactly `rows` (input, input interpretation, matrix, bias, result),
    in its D3D12 answers and in its Vulkan answers alike."""
    reference = load_profile("reference")
    vulkan_rows = [VulkanCooperativeVectorProperty(input_type=component_type_to_vulkan(a),
                                                   input_interpretation=component_type_to_vulkan(b),
                                                   matrix_interpretation=component_type_to_vulkan(c),
                                                   bias_interpretation=component_type_to_vulkan(d),
                                                   result_type=component_type_to_vulkan(e)) for a, b, c, d, e in rows]
    return reference.model_copy(update={
        "name": "custom",
        "mul_properties": [MulProperty(input_type=a, input_interpretation=b, matrix_interpretation=c,
                                       bias_interpretation=d, output_type=e, transpose_supported=False)
                           for a, b, c, d, e in rows],
        "vulkan": reference.vulkan.model_copy(update={"cooperative_vector_properties": vulkan_rows})})


def _int8_rowmajor():
    profile = profile_listing(*((t, T.I8, T.I8, T.I32, T.I32) for t in (T.I32, T.U32)),
                              (T.U32, T.PackedS8x32, T.I8, T.I32, T.I32))
    matrix = np.ones((1, 4), np.int8)
    desc = MatrixDescription(1, 4, T.I8, L.RowMajor, 16)
    buffer = AddressSpace().allocate(stored_size(desc, profile) + 64)
    encode_matrix(matrix, buffer.data, desc, profile)
    buffer.mark_written()
    return profile, buffer


@pytest.mark.parametrize("signed_bit, expected", [(True, -4 * 128), (False, 4 * 127)])
def test_input_signedness_from_matrix_b_signed_bit(signed_bit, expected):
    """int32 components holding -200: with MatrixBSignedComponents they saturate to -128 as SINT8; without
    it they are read as 2^32 - 200 and saturate to 127."""
    profile, buffer = _int8_rowmajor()
    x = np.full((2, 4), -200, np.int32)
    bits = (Ops.MatrixBSignedComponents if signed_bit else 0) | Ops.MatrixResultSignedComponents
    with standalone_lanes(2, profile=profile) as ctx:
        result = coopvec.matrix_mul(ctx, x, vk(T.I8), pointer(buffer), 0, vk(T.I8), 1, 4, 0, False, 16, bits,
                                    T.I32, 1)
    assert result.tolist() == [[expected]] * 2


def test_result_signedness_from_result_signed_bit():
    """A float accumulator converted to a 32-bit integer saturates at the signed or the unsigned range."""
    profile = profile_listing(*((T.F32, T.F32, T.F32, T.F32, t) for t in (T.I32, T.U32)))
    desc = MatrixDescription(1, 1, T.F32, L.RowMajor, 16)
    buffer = AddressSpace().allocate(64)
    encode_matrix(np.array([[-3.0]], np.float32), buffer.data, desc, profile)
    buffer.mark_written()
    x = np.ones((1, 1), np.float32)
    with standalone_lanes(1, profile=profile) as ctx:
        signed = coopvec.matrix_mul(ctx, x, vk(T.F32), pointer(buffer), 0, vk(T.F32), 1, 1, 0, False, 16,
                                    Ops.MatrixResultSignedComponents, T.I32, 1)
        unsigned = coopvec.matrix_mul(ctx, x, vk(T.F32), pointer(buffer), 0, vk(T.F32), 1, 1, 0, False, 16, 0,
                                      T.I32, 1)
    assert signed.view(np.int32).tolist() == [[-3]]
    assert unsigned.view(np.uint32).tolist() == [[0]]


def test_packed_input_may_have_more_components_than_needed():
    """SPIR-V: enough components for K packed values (DXIL wants exactly ceil(K/4))."""
    profile, buffer = _int8_rowmajor()
    words = np.array([[0x01010101, 0xFFFFFFFF]], np.uint32)
    with standalone_lanes(1, profile=profile) as ctx:
        result = coopvec.matrix_mul(ctx, words, vk(T.PackedS8x32), pointer(buffer), 0, vk(T.I8), 1, 4, 0, False,
                                    16, Ops.MatrixResultSignedComponents, T.I32, 1)
    assert result.tolist() == [[4]]


def test_stride_is_ignored_for_optimal_layouts():
    profile = load_profile("reference")
    rng = np.random.default_rng(3)
    matrix = rng.integers(-4, 4, (8, 8)).astype(np.float16)
    desc = MatrixDescription(8, 8, T.F16, L.MulOptimal)
    buffer = AddressSpace().allocate(stored_size(desc, profile))
    encode_matrix(matrix, buffer.data, desc, profile)
    buffer.mark_written()
    x = rng.integers(-4, 4, (4, 8)).astype(np.float16)
    with standalone_lanes(4, profile=profile) as ctx:
        results = [coopvec.matrix_mul(ctx, x, vk(T.F16), pointer(buffer), 0, vk(T.F16), 8, 8, 2, False, stride, 0,
                                      T.F16, 8) for stride in (None, 0, 7, 12345)]
    expected = oracle_matvec(x, T.F16, [matrix] * 4, T.F16, 8, 8, False, None, np.dtype(np.float16),
                             np.ones(4, bool), profile.float_conversion)
    for result in results:
        assert np.array_equal(result, np.array(expected, np.float64).astype(np.float16))


# -- every rule rejected, with a message naming it ----------------------------------------------------------
def _f16_call(ctx, buffer, **change):
    call = dict(input_vector=np.zeros((ctx.lanes, 8), np.float16), input_interpretation=vk(T.F16),
                matrix=pointer(buffer), matrix_offset=0, matrix_interpretation=vk(T.F16), m=8, k=8,
                memory_layout=2, transpose=False, matrix_stride=0, operands=0, result_type=T.F16,
                result_components=8)
    call.update(change)
    return coopvec.matrix_mul(ctx, **call)


def _f16_buffer():
    profile = load_profile("reference")
    buffer = AddressSpace().allocate(4096)
    desc = MatrixDescription(8, 8, T.F16, L.MulOptimal)
    encode_matrix(np.zeros((8, 8), np.float16), buffer.data, desc, profile)
    buffer.mark_written()
    return buffer


BAD_CALLS = {
    "result components": (dict(result_type=T.I16), InvalidArgumentError, "32-bit integers or 16- or 32-bit floats"),
    "result count": (dict(result_components=7), InvalidArgumentError, "must equal M"),
    "input length": (dict(k=9), InvalidArgumentError, "Input must have K components"),
    "packed input type": (dict(input_interpretation=vk(T.PackedS8x32), matrix_interpretation=vk(T.I8)),
                          InvalidArgumentError, "must be uint32_t"),
    "packed matrix": (dict(matrix_interpretation=vk(T.PackedU8x32)), InvalidArgumentError,
                      "allowed only as InputInterpretation"),
    "unknown component type": (dict(matrix_interpretation=1000567002), InvalidArgumentError,
                               "not a cooperative-vector component type"),
    "unknown layout": (dict(memory_layout=4), InvalidArgumentError, "not a Cooperative Vector Matrix Layout"),
    "transpose row-major": (dict(memory_layout=0, transpose=True, matrix_stride=16), InvalidArgumentError,
                            "transposing is not supported for the RowMajorNV/ColumnMajorNV"),
    "fp8 row-major": (dict(input_interpretation=vk(T.F8_E4M3), matrix_interpretation=vk(T.F8_E4M3), memory_layout=0,
                           matrix_stride=16), InvalidArgumentError, "FP8 matrices must use"),
    "workgroup matrix": (dict(matrix=None), InvalidArgumentError, "storage class of Matrix must be"),
    "unlisted combination": (dict(input_vector=np.zeros((2, 8), np.float32), result_type=T.F32), UnsupportedError,
                             "vkGetPhysicalDeviceCooperativeVectorPropertiesNV"),
    "matrix alignment": (dict(matrix_offset=32), UndefinedBehaviorError, "must be 64-byte aligned"),
    "stride alignment": (dict(memory_layout=0, matrix_stride=24), UndefinedBehaviorError,
                         "must be a multiple of 16 bytes"),
    "matrix out of bounds": (dict(matrix_offset=4096), UndefinedBehaviorError, "undefined without robust"),
}


@pytest.mark.parametrize("rule", sorted(BAD_CALLS))
def test_rule_is_rejected_with_its_name(rule):
    change, error, message = BAD_CALLS[rule]
    buffer = _f16_buffer()
    if "matrix" in change and change["matrix"] is None:
        change = dict(change, matrix=pointer(buffer, StorageClass.Workgroup))
    with standalone_lanes(2, profile="reference") as ctx:
        with pytest.raises(error, match=message):
            _f16_call(ctx, buffer, **change)


def test_undefined_behaviour_is_computed_in_permissive_mode():
    buffer = _f16_buffer()
    with standalone_lanes(2, profile="reference", strict=False) as ctx:
        result = _f16_call(ctx, buffer, matrix_offset=4096)
    assert np.array_equal(result, np.zeros((2, 8), np.float16))


def test_bias_rules():
    buffer = _f16_buffer()
    with standalone_lanes(2, profile="reference") as ctx:
        with pytest.raises(UndefinedBehaviorError, match="must be 16-byte aligned"):
            _f16_call(ctx, buffer, bias=Bias(pointer(buffer), 8, vk(T.F16)))
        with pytest.raises(InvalidArgumentError, match="storage class of Bias must be"):
            _f16_call(ctx, buffer, bias=Bias(pointer(buffer, StorageClass.Workgroup), 0, vk(T.F16)))


# -- training: outer products and reduce-sums match DXIL bit for bit ----------------------------------------
@pytest.mark.parametrize("profile_name", builtin_profile_names())
def test_outer_product_and_reduce_sum_give_dxil_bits(profile_name):
    profile = load_profile(profile_name)
    if not profile.outer_product_properties or not profile.vector_accumulate_properties:
        pytest.skip(f"{profile_name} reports no training support")
    accumulation = profile.outer_product_properties[0].accumulation_type
    rng = np.random.default_rng(11)
    lanes, m, n = 64, 5, 7
    a = (rng.standard_normal((lanes, m)) * 4).astype(np.float16)
    b = (rng.standard_normal((lanes, n)) * 4).astype(np.float16)
    desc = MatrixDescription(m, n, accumulation, L.OuterProductOptimal)
    size = -(-stored_size(desc, profile) // 64) * 64
    memories = [AddressSpace().allocate(size + 256) for _ in range(2)]
    active = rng.random(lanes) < 0.7
    vector_type = profile.vector_accumulate_properties[0].input_type
    values = (rng.standard_normal((lanes, n)) * 4).astype(np.float16 if vector_type == T.F16 else np.float32)
    with standalone_lanes(lanes, profile=profile), if_(active):   # each surface in its own dispatch:
        dxil.outerproductaccumulate(a, b, memories[0], 0, accumulation, L.OuterProductOptimal, 0)
        dxil.vectoraccumulate(values, memories[0], size + 64)      # seeded atomic orders count calls
    with standalone_lanes(lanes, profile=profile) as ctx, if_(active):
        coopvec.outer_product_accumulate(ctx, pointer(memories[1]), 0, a, b, 3, vk(accumulation), 99)
        coopvec.reduce_sum_accumulate(ctx, pointer(memories[1]), size + 64, values)
    assert np.array_equal(memories[0].data, memories[1].data)
    assert np.any(decode_matrix(memories[1].data, desc, profile) != 0)


def test_outer_product_rules():
    buffer = AddressSpace().allocate(4096)
    a = np.ones((2, 4), np.float16)
    with standalone_lanes(2, profile="reference") as ctx:
        with pytest.raises(InvalidArgumentError, match="same Component Type"):
            coopvec.outer_product_accumulate(ctx, pointer(buffer), 0, a, a.astype(np.float32), 3, vk(T.F16))
        with pytest.raises(InvalidArgumentError, match="must use TrainingOptimalNV"):
            coopvec.outer_product_accumulate(ctx, pointer(buffer), 0, a, a, 2, vk(T.F16))
        with pytest.raises(InvalidArgumentError, match="storage class of Pointer must be"):
            coopvec.outer_product_accumulate(ctx, pointer(buffer, StorageClass.Private), 0, a, a, 3, vk(T.F16))
        with pytest.raises(UndefinedBehaviorError, match="must be 64-byte aligned"):
            coopvec.outer_product_accumulate(ctx, pointer(buffer), 32, a, a, 3, vk(T.F16))
        with pytest.raises(InvalidArgumentError, match="A and B must be float16"):
            coopvec.outer_product_accumulate(ctx, pointer(buffer), 0, a.astype(np.float32), a.astype(np.float32), 3,
                                             vk(T.F32))
    with standalone_lanes(2, profile="reference") as ctx:
        with pytest.raises(UndefinedBehaviorError, match="must be 16-byte aligned"):
            coopvec.reduce_sum_accumulate(ctx, pointer(buffer), 8, a)
        with pytest.raises(UnsupportedError, match="cannot reduce-sum"):
            coopvec.reduce_sum_accumulate(ctx, pointer(buffer), 0, a.astype(np.int32))
    with standalone_lanes(2, profile="minimal") as ctx:
        with pytest.raises(UnsupportedError, match="training accumulation"):
            coopvec.outer_product_accumulate(ctx, pointer(buffer), 0, a, a, 3, vk(T.F16))


# -- load and store ---------------------------------------------------------------------------------------------
def test_load_and_store_round_trip_with_per_lane_offsets_and_masks():
    buffer = AddressSpace().allocate(1024)
    lanes = 8
    values = np.arange(lanes * 4, dtype=np.float32).reshape(lanes, 4)
    offsets = (np.arange(lanes) * 32)[::-1].copy()
    active = np.arange(lanes) % 3 != 0
    with standalone_lanes(lanes) as ctx:
        with if_(active):
            coopvec.store(ctx, pointer(buffer), offsets, values)
        loaded = coopvec.load(ctx, pointer(buffer), offsets, np.float32, 4)
    stored = buffer.data.view(np.float32).reshape(-1, 8)[:lanes, :4][::-1]
    assert np.array_equal(stored[active], values[active])
    assert not stored[~active].any()
    assert np.array_equal(loaded[active], values[active])


def test_load_store_rules():
    buffer = AddressSpace().allocate(64)
    with standalone_lanes(2) as ctx:
        with pytest.raises(UndefinedBehaviorError, match="must be 16-byte aligned"):
            coopvec.load(ctx, pointer(buffer), 4, np.float32, 4)
        with pytest.raises(UndefinedBehaviorError, match="undefined without robust"):
            coopvec.store(ctx, pointer(buffer), 48, np.ones((2, 8), np.float32))
        with pytest.raises(InvalidArgumentError, match="storage class of Pointer must be"):
            coopvec.load(ctx, pointer(buffer, StorageClass.Function), 0, np.float32, 4)
    with standalone_lanes(2, strict=False) as ctx:
        assert not coopvec.load(ctx, pointer(buffer), 48, np.float32, 8).any()


@pytest.mark.parametrize("profile_name", builtin_profile_names())
def test_int8_input_vectors_are_listed_through_the_vulkan_answers(profile_name):
    """SINT8/SINT8/SINT8/SINT32/SINT32 is one of Vulkan's required combinations: every profile's Vulkan
    list has it (its D3D12 list cannot: HLSL has no 8-bit vectors), so strict mode runs it."""
    profile = load_profile(profile_name)
    rng = np.random.default_rng(5)
    matrix = rng.integers(-128, 128, (3, 16)).astype(np.int8)
    desc = MatrixDescription(3, 16, T.I8, L.RowMajor, 16)
    buffer = AddressSpace().allocate(stored_size(desc, profile) + 64)
    encode_matrix(matrix, buffer.data, desc, profile)
    buffer.mark_written()
    x = rng.integers(-128, 128, (4, 16)).astype(np.int8)
    bias = AddressSpace().allocate(64)
    bias.data[:12] = np.array([5, -7, 1 << 20], np.int32).view(np.uint8)
    bits = Ops.MatrixBSignedComponents | Ops.MatrixResultSignedComponents
    with standalone_lanes(4, profile=profile) as ctx:
        result = coopvec.matrix_mul(ctx, x, vk(T.I8), pointer(buffer), 0, vk(T.I8), 3, 16, 0, False, 16, bits,
                                    T.I32, 3, Bias(pointer(bias), 0, vk(T.I32)))
    expected = x.astype(np.int64) @ matrix.T.astype(np.int64) + np.array([5, -7, 1 << 20])
    assert np.array_equal(result.view(np.int32), expected.astype(np.int32))
