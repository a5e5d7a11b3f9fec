"""The profiles' Vulkan answers (the `vulkan` key) beside their D3D12 answers: what each lists, and that the
D3D12 answers are what they were before the Vulkan list existed."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError
from vulkan_harness import SHIPPED, create_instance, first_physical_device

from d3d12api import *  # noqa: F403
from dxlinalg.numerics.component_types import ComponentType
from dxlinalg.numerics.vulkan_types import component_type_from_vulkan
from dxlinalg.profile.model import DeviceProfile
from dxlinalg.profile.registry import builtin_profile_names, load_profile
from dxlinalg.profile.vulkan import (
    REQUIRED_COMBINATIONS,
    VulkanProfile,
    derived_vulkan_profile,
    missing_required_combinations,
    vulkan_answers,
)
from dxlinalg.vulkan import *  # noqa: F403


def vulkan_rows(profile: str) -> list[tuple[int, ...]]:
    device = first_physical_device(create_instance(profile))
    count = [0]
    assert vkGetPhysicalDeviceCooperativeVectorPropertiesNV(device, count, None) == VK_SUCCESS
    rows = [VkCooperativeVectorPropertiesNV() for _ in range(count[0])]
    assert vkGetPhysicalDeviceCooperativeVectorPropertiesNV(device, count, rows) == VK_SUCCESS
    return [(r.inputType, r.inputInterpretation, r.matrixInterpretation, r.biasInterpretation, r.resultType,
             r.transpose) for r in rows]


def d3d12_rows(profile: str) -> list[tuple[int, ...]]:
    device = D3D12CreateDevice(profile=profile)
    data = D3D12_FEATURE_DATA_COOPERATIVE_VECTOR()
    device.CheckFeatureSupport(D3D12_FEATURE_COOPERATIVE_VECTOR, data)
    data.pMatrixVectorMulAddProperties = [None] * data.MatrixVectorMulAddPropCount
    assert device.CheckFeatureSupport(D3D12_FEATURE_COOPERATIVE_VECTOR, data) == S_OK
    return [(p.InputType, p.InputInterpretation, p.MatrixInterpretation, p.BiasInterpretation, p.OutputType,
             int(p.TransposeSupported)) for p in data.pMatrixVectorMulAddProperties]


def test_every_builtin_profile_is_shipped_with_a_vulkan_key() -> None:
    assert sorted(builtin_profile_names()) == sorted(SHIPPED)
    assert all(load_profile(name).vulkan is not None for name in SHIPPED)


@pytest.mark.parametrize("profile", SHIPPED)
def test_every_shipped_profile_lists_vulkans_required_combinations(profile: str) -> None:
    listed = {row[:5] for row in vulkan_rows(profile)}
    assert missing_required_combinations(vulkan_answers(load_profile(profile))) == []
    assert {tuple(map(int, row)) for row in REQUIRED_COMBINATIONS} <= listed


def test_nvidia_h100_d3d12_answers_are_unchanged() -> None:
    """The 13 Mul/MulAdd rows NVIDIA's H100 profile answered CheckFeatureSupport with before the Vulkan list."""
    D = D3D12_LINEAR_ALGEBRA_DATATYPE
    F16, F32, E4M3, E5M2 = D.FLOAT16, D.FLOAT32, D.E4M3, D.E5M2
    I8, U8, I32, U32, PS8, PU8 = D.SINT8, D.UINT8, D.SINT32, D.UINT32, D.SINT8_T4_PACKED, D.UINT8_T4_PACKED
    assert d3d12_rows("nvidia-h100") == [
        (F16, F16, F16, F16, F16, 1), (I32, I8, I8, I32, I32, 0), (F32, I8, I8, I32, I32, 0),
        (U32, PS8, I8, I32, I32, 0), (PS8, PS8, I8, I32, I32, 0), (I32, U8, I8, I32, I32, 0),
        (U32, PU8, I8, I32, I32, 0), (I32, U8, U8, I32, I32, 0), (U32, PU8, U8, I32, I32, 0),
        (I32, I8, U8, I32, I32, 0), (U32, PS8, U8, I32, I32, 0), (F16, E4M3, E4M3, F16, F16, 0),
        (F16, E5M2, E5M2, F16, F16, 0)]


@pytest.mark.parametrize("profile", SHIPPED)
def test_d3d12_answers_are_the_profiles_mul_properties_in_order(profile: str) -> None:
    expected = [(*map(int, p.key()), int(p.transpose_supported)) for p in load_profile(profile).mul_properties]
    assert d3d12_rows(profile) == expected


def _as_d3d12(row: tuple[int, ...]) -> tuple[int, ...]:
    types = [int(component_type_from_vulkan(value, "type")) for value in row[:5]]
    return (*types, row[5])


@pytest.mark.parametrize("profile", SHIPPED)
def test_the_two_lists_describe_one_device(profile: str) -> None:
    """Decision (docs/vulkan.md): two lists, one device. Vulkan's rows with an 8-bit input vector have no D3D12
    form (HLSL has no 8-bit vectors); D3D12's rows with a packed input type have no Vulkan form. The rest is
    the same set of combinations with the same transpose flags."""
    eight_bit = (int(ComponentType.I8), int(ComponentType.U8))
    packed = (int(ComponentType.PackedS8x32), int(ComponentType.PackedU8x32))
    vulkan = {_as_d3d12(row) for row in vulkan_rows(profile) if _as_d3d12(row)[0] not in eight_bit}
    d3d12 = {row for row in d3d12_rows(profile) if row[0] not in packed}
    assert vulkan == d3d12


def test_nvidia_h100_lists_the_int8_input_rows_d3d12_cannot_express() -> None:
    inputs = [row[0] for row in vulkan_rows("nvidia-h100")]
    assert inputs.count(VK_COMPONENT_TYPE_SINT8_KHR) == 2 and inputs.count(VK_COMPONENT_TYPE_UINT8_KHR) == 2
    assert len(inputs) == 16


def test_a_profile_without_a_vulkan_key_gets_its_d3d12_rows_that_vulkan_can_express() -> None:
    profile = load_profile("reference").model_copy(update={"vulkan": None, "name": "mine"})
    derived = vulkan_answers(profile)
    assert derived == derived_vulkan_profile(profile)
    assert derived.device_name == "mine" and derived.cooperative_vector
    assert len(derived.cooperative_vector_properties) == len(profile.mul_properties) - 1  # the packed-input row
    assert missing_required_combinations(derived) == [REQUIRED_COMBINATIONS[2]]  # SINT8 input: Vulkan only
    assert derived.cooperative_vector_training and derived.training_float32_accumulation


def test_a_tier_1_0_profile_without_a_vulkan_key_has_no_training() -> None:
    derived = derived_vulkan_profile(load_profile("minimal").model_copy(update={"vulkan": None}))
    assert not derived.cooperative_vector_training and not derived.training_float16_accumulation


@pytest.mark.parametrize("profile", SHIPPED)
def test_the_vulkan_key_round_trips_through_json(profile: str) -> None:
    loaded = load_profile(profile)
    again = DeviceProfile.model_validate_json(loaded.model_dump_json())
    assert again.vulkan == loaded.vulkan
    assert json.loads(loaded.model_dump_json())["vulkan"]["cooperative_vector_properties"][0]["input_type"] in (
        "FLOAT16", "FLOAT32")


@pytest.mark.parametrize("bad, message", [
    ({"cooperative_vector_properties": [{"input_type": "SINT8_PACKED", "input_interpretation": "SINT8",
                                         "matrix_interpretation": "SINT8", "bias_interpretation": "SINT32",
                                         "result_type": "SINT32"}],
      "extensions": [{"name": "VK_NV_cooperative_vector", "spec_version": 4}]}, "packed types are allowed only"),
    ({"cooperative_vector_properties": [{"input_type": "FLOAT16", "input_interpretation": "FLOAT16",
                                         "matrix_interpretation": "FLOAT16", "bias_interpretation": "FLOAT16",
                                         "result_type": "FLOAT16"}]}, "is not among the extensions"),
    ({"input": 1}, "Extra inputs"),
    ({"max_cooperative_vector_components": 64}, "greater than or equal to 128"),
    ({"api_version": "1.4"}, "major.minor.patch"),
    ({"vendor_id": "NVIDIA"}, "0x"),
    ({"device_type": "GPU"}, "VkPhysicalDeviceType"),
    ({"supported_stages": ["KERNEL"]}, "shader stage"),
    ({"cooperative_vector_training": True}, "training features need"),
    ({"unvalidated": {"storage_of_unknown_values": {"3": "SINT8"}}}, "are VkComponentTypeKHR values"),
    ({"unvalidated": {"integer_type_change": "garbage"}}, "convert"),
    ({"extensions": [{"name": "VK_A", "spec_version": 1}, {"name": "VK_A", "spec_version": 1}]}, "twice"),
])
def test_a_malformed_vulkan_key_is_rejected_naming_the_rule(bad: dict, message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        VulkanProfile.model_validate(bad)


def test_component_types_are_written_by_their_vulkan_names() -> None:
    row = load_profile("nvidia-h100").model_dump(mode="json")["vulkan"]["cooperative_vector_properties"][4]
    assert row == {"input_type": "UINT32", "input_interpretation": "SINT8_PACKED", "matrix_interpretation": "SINT8",
                   "bias_interpretation": "SINT32", "result_type": "SINT32", "transpose": False}


@pytest.mark.parametrize("edit, message", [
    (lambda v: v["cooperative_vector_properties"][0].update(input_type="FLOAT99"),
     "vulkan.cooperative_vector_properties[0].input_type: 'FLOAT99' is not a VkComponentTypeKHR name"),
    (lambda v: v.update(extension=[]), "vulkan.extension: unknown key (did you mean 'extensions'?)"),
    (lambda v: v["unvalidated"].update(integer_type_change="wrap"), "vulkan.unvalidated.integer_type_change"),
])
def test_a_profile_file_with_a_bad_vulkan_key_fails_to_load_naming_the_key(tmp_path, edit, message) -> None:
    from dxlinalg.profile.errors import ProfileError
    data = json.loads(load_profile("minimal").model_dump_json())
    data["name"] = "mine"
    edit(data["vulkan"])
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ProfileError) as caught:
        load_profile(str(path))
    assert message in str(caught.value) and "\n" not in str(caught.value)
