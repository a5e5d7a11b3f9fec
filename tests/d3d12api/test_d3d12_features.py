"""CheckFeatureSupport: tiers per profile, the two-call protocol, E_INVALIDARG; D3D12CreateDevice."""

import numpy as np
import pytest

from d3d12_harness import PROFILES
from d3d12api import *  # noqa: F403
from dxlinalg.profile.registry import load_profile


def query_counts(device):
    data = D3D12_FEATURE_DATA_COOPERATIVE_VECTOR(0, None, 0, None, 0, None)
    assert device.CheckFeatureSupport(D3D12_FEATURE_COOPERATIVE_VECTOR, data, sizeof(data)) == S_OK
    return data


@pytest.mark.parametrize("name", PROFILES)
def test_tier_is_the_profiles(name):
    device = D3D12CreateDevice(profile=name)
    data = D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL()
    assert device.CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, data, sizeof(data)) == S_OK
    assert data.CooperativeVectorTier == int(load_profile(name).tier)
    assert isinstance(data.CooperativeVectorTier, D3D12_COOPERATIVE_VECTOR_TIER)


def test_builtin_tiers():
    tiers = {}
    for name in PROFILES:
        data = D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL()
        D3D12CreateDevice(profile=name).CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, data)
        tiers[name] = data.CooperativeVectorTier
    assert tiers["reference"] == tiers["adversarial"] == D3D12_COOPERATIVE_VECTOR_TIER_1_1
    assert tiers["minimal"] == D3D12_COOPERATIVE_VECTOR_TIER_1_0


@pytest.mark.parametrize("name", PROFILES)
def test_two_call_protocol_returns_counts_then_fills_lists(name):
    device, profile = D3D12CreateDevice(profile=name), load_profile(name)
    data = query_counts(device)
    assert data.MatrixVectorMulAddPropCount == len(profile.mul_properties)
    assert data.OuterProductAccumulatePropCount == len(profile.outer_product_properties)
    assert data.VectorAccumulatePropCount == len(profile.vector_accumulate_properties)
    mul = [D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL() for _ in range(data.MatrixVectorMulAddPropCount)]
    outer = [D3D12_COOPERATIVE_VECTOR_PROPERTIES_ACCUMULATE() for _ in range(data.OuterProductAccumulatePropCount)]
    vector = [D3D12_COOPERATIVE_VECTOR_PROPERTIES_ACCUMULATE() for _ in range(data.VectorAccumulatePropCount)]
    data.pMatrixVectorMulAddProperties, data.pOuterProductAccumulateProperties = mul, outer
    data.pVectorAccumulateProperties = vector
    assert device.CheckFeatureSupport(D3D12_FEATURE_COOPERATIVE_VECTOR, data, sizeof(data)) == S_OK
    assert data.pMatrixVectorMulAddProperties is mul
    got = {(p.InputType, p.InputInterpretation, p.MatrixInterpretation, p.BiasInterpretation, p.OutputType,
            p.TransposeSupported) for p in mul}
    assert got == {(*map(int, p.key()), p.transpose_supported) for p in profile.mul_properties}
    assert {(p.InputType, p.AccumulationType) for p in outer} == {
        (int(p.input_type), int(p.accumulation_type)) for p in profile.outer_product_properties}
    assert {(p.InputType, p.AccumulationType) for p in vector} == {
        (int(p.input_type), int(p.accumulation_type)) for p in profile.vector_accumulate_properties}


def test_minimum_set_rows_are_reported_with_seed_datatype_values():
    data = query_counts(D3D12CreateDevice(profile="minimal"))
    data.pMatrixVectorMulAddProperties = [None] * data.MatrixVectorMulAddPropCount
    assert D3D12CreateDevice(profile="minimal").CheckFeatureSupport(D3D12_FEATURE_COOPERATIVE_VECTOR, data) == S_OK
    rows = {(p.InputType, p.InputInterpretation, p.MatrixInterpretation) for p in data.pMatrixVectorMulAddProperties}
    assert (D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT16, D3D12_LINEAR_ALGEBRA_DATATYPE_E4M3,
            D3D12_LINEAR_ALGEBRA_DATATYPE_E4M3) in rows
    assert (D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT32, D3D12_LINEAR_ALGEBRA_DATATYPE_SINT8,
            D3D12_LINEAR_ALGEBRA_DATATYPE_SINT8) in rows
    assert not any(p.TransposeSupported for p in data.pMatrixVectorMulAddProperties)


def test_tier_1_0_reports_zero_accumulate_properties():
    data = query_counts(D3D12CreateDevice(profile="minimal"))
    assert data.MatrixVectorMulAddPropCount >= 6
    assert data.OuterProductAccumulatePropCount == data.VectorAccumulatePropCount == 0
    data.pOuterProductAccumulateProperties = []
    assert D3D12CreateDevice(profile="minimal").CheckFeatureSupport(D3D12_FEATURE_COOPERATIVE_VECTOR, data) == S_OK


@pytest.mark.parametrize("name", PROFILES)
def test_a_list_shorter_than_available_is_e_invalidarg_and_writes_nothing(name):
    device = D3D12CreateDevice(profile=name)
    data = query_counts(device)
    short = [None] * (data.MatrixVectorMulAddPropCount - 1)
    data.pMatrixVectorMulAddProperties = short
    data.MatrixVectorMulAddPropCount = 0
    assert device.CheckFeatureSupport(D3D12_FEATURE_COOPERATIVE_VECTOR, data, sizeof(data)) == E_INVALIDARG
    assert short == [None] * len(short) and data.MatrixVectorMulAddPropCount == 0


def test_a_larger_declared_array_is_filled_from_the_start_and_the_count_is_the_number_written():
    device = D3D12CreateDevice()
    available = query_counts(device).MatrixVectorMulAddPropCount
    data = D3D12_FEATURE_DATA_COOPERATIVE_VECTOR(available + 3, ["spare"] * (available + 3))
    assert device.CheckFeatureSupport(D3D12_FEATURE_COOPERATIVE_VECTOR, data) == S_OK
    assert data.MatrixVectorMulAddPropCount == available
    assert data.pMatrixVectorMulAddProperties[available:] == ["spare"] * 3


@pytest.mark.parametrize("name", PROFILES)
def test_a_count_below_available_is_e_invalidarg_however_long_the_list(name):
    """C++ reads only the count: a long Python list does not rescue a count that is too small."""
    device = D3D12CreateDevice(profile=name)
    available = query_counts(device).MatrixVectorMulAddPropCount
    for count in (0, available - 1):
        spare = ["spare"] * (available + 5)
        data = D3D12_FEATURE_DATA_COOPERATIVE_VECTOR(count, spare)
        assert device.CheckFeatureSupport(D3D12_FEATURE_COOPERATIVE_VECTOR, data, sizeof(data)) == E_INVALIDARG
        assert spare == ["spare"] * (available + 5) and data.MatrixVectorMulAddPropCount == count
        assert "properties are available" in device.debug_layer.messages[-1]


def test_a_count_below_available_on_one_list_fails_the_call_and_writes_no_list():
    device = D3D12CreateDevice(profile="reference")
    counts = query_counts(device)
    mul = [None] * counts.MatrixVectorMulAddPropCount
    data = D3D12_FEATURE_DATA_COOPERATIVE_VECTOR(counts.MatrixVectorMulAddPropCount, mul,
                                                 counts.OuterProductAccumulatePropCount - 1,
                                                 [None] * (counts.OuterProductAccumulatePropCount + 1))
    assert device.CheckFeatureSupport(D3D12_FEATURE_COOPERATIVE_VECTOR, data) == E_INVALIDARG
    assert mul == [None] * len(mul) and data.VectorAccumulatePropCount == 0


def test_a_list_shorter_than_what_the_call_writes_is_e_invalidarg_whatever_the_count():
    """In C the call would write past the array's end; here it refuses and writes nothing."""
    device = D3D12CreateDevice()
    available = query_counts(device).MatrixVectorMulAddPropCount
    short = [None] * (available - 1)
    data = D3D12_FEATURE_DATA_COOPERATIVE_VECTOR(available, short)
    assert device.CheckFeatureSupport(D3D12_FEATURE_COOPERATIVE_VECTOR, data) == E_INVALIDARG
    assert short == [None] * (available - 1) and "PropCount must represent" in device.debug_layer.messages[-1]


@pytest.mark.parametrize("count", [6.0, -1, 1 << 32, "32", None])
def test_a_count_that_is_not_a_uint_is_e_invalidarg(count):
    device = D3D12CreateDevice()
    data = D3D12_FEATURE_DATA_COOPERATIVE_VECTOR(pMatrixVectorMulAddProperties=[None] * 64)
    data.MatrixVectorMulAddPropCount = count          # assignment is not validated, as in C
    assert device.CheckFeatureSupport(D3D12_FEATURE_COOPERATIVE_VECTOR, data) == E_INVALIDARG
    assert "is not a UINT" in device.debug_layer.messages[-1]


def test_a_numpy_integer_count_is_a_uint():
    device = D3D12CreateDevice()
    available = query_counts(device).MatrixVectorMulAddPropCount
    data = D3D12_FEATURE_DATA_COOPERATIVE_VECTOR(pMatrixVectorMulAddProperties=[None] * available)
    data.MatrixVectorMulAddPropCount = np.uint32(available)
    assert device.CheckFeatureSupport(D3D12_FEATURE_COOPERATIVE_VECTOR, data) == S_OK
    assert None not in data.pMatrixVectorMulAddProperties


def test_short_accumulate_list_on_tier_1_1_is_e_invalidarg():
    device = D3D12CreateDevice(profile="reference")
    data = D3D12_FEATURE_DATA_COOPERATIVE_VECTOR(pVectorAccumulateProperties=[])
    assert device.CheckFeatureSupport(D3D12_FEATURE_COOPERATIVE_VECTOR, data) == E_INVALIDARG


def test_a_tuple_is_not_a_writable_array():
    data = D3D12_FEATURE_DATA_COOPERATIVE_VECTOR(pMatrixVectorMulAddProperties=(None,) * 32)
    assert D3D12CreateDevice().CheckFeatureSupport(D3D12_FEATURE_COOPERATIVE_VECTOR, data) == E_INVALIDARG


@pytest.mark.parametrize("feature", [0, 1, 8, 10, 12, 42, -1])
def test_unknown_features_are_e_invalidarg(feature):
    data = D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL()
    assert D3D12CreateDevice().CheckFeatureSupport(feature, data, 4) == E_INVALIDARG


def test_the_wrong_struct_or_size_is_e_invalidarg_even_with_the_debug_layer():
    device = D3D12CreateDevice(debug=True)
    assert device.CheckFeatureSupport(D3D12_FEATURE_COOPERATIVE_VECTOR,
                                      D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL()) == E_INVALIDARG
    assert device.CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL,
                                      D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL(), 8) == E_INVALIDARG
    assert any("sizeof" in message for message in device.debug_layer.messages)


def test_shader_model_query_reports_6_9_at_most():
    device = D3D12CreateDevice()
    data = D3D12_FEATURE_DATA_SHADER_MODEL(D3D_SHADER_MODEL_6_9)
    assert device.CheckFeatureSupport(D3D12_FEATURE_SHADER_MODEL, data, sizeof(data)) == S_OK
    assert data.HighestShaderModel == D3D_SHADER_MODEL_6_9
    data = D3D12_FEATURE_DATA_SHADER_MODEL(D3D_SHADER_MODEL_6_5)
    assert device.CheckFeatureSupport(D3D12_FEATURE_SHADER_MODEL, data) == S_OK
    assert data.HighestShaderModel == D3D_SHADER_MODEL_6_5
    assert device.CheckFeatureSupport(D3D12_FEATURE_SHADER_MODEL, D3D12_FEATURE_DATA_SHADER_MODEL(0x70)) \
        == E_INVALIDARG


def test_create_device_takes_a_profile_name_path_or_object(tmp_path):
    profile = load_profile("minimal")
    path = tmp_path / "mine.json"
    path.write_text(profile.model_copy(update={"name": "mine"}).model_dump_json())
    assert D3D12CreateDevice(profile=str(path)).profile.name == "mine"
    assert D3D12CreateDevice(profile=profile).profile is profile
    assert D3D12CreateDevice().profile.name == "reference" and D3D12CreateDevice().debug


@pytest.mark.parametrize("arguments", [dict(profile="no-such-profile"), dict(MinimumFeatureLevel=D3D_FEATURE_LEVEL_10_0),
                                       dict(MinimumFeatureLevel=7), dict(pAdapter=object())])
def test_create_device_failures_raise_with_e_invalidarg(arguments):
    with pytest.raises(D3D12Error) as caught:
        D3D12CreateDevice(**arguments)
    assert caught.value.hr == E_INVALIDARG
