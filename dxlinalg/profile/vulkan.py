"""A device profile's Vulkan answers: VK_NV_cooperative_vector's properties, the device's identity, and
what its driver does with calls that break a Vulkan rule while no validation layer is watching.

They are kept apart from the D3D12 answers (`DeviceProfile.mul_properties`) because the two APIs list
different things for one device: Vulkan lists int8 *physical* input vectors (HLSL has no 8-bit vectors),
D3D12 lists a SINT8_T4_PACKED input type (Vulkan has packed types only as interpretations), the required
sets differ, and the real driver orders them differently. Both lists come from the same driver.
Component types are written by their VkComponentTypeKHR names without prefix and suffix ("FLOAT16",
"SINT8_PACKED", "FLOAT_E4M3"). A profile without a `vulkan` key gets `derived_vulkan_profile`.
"""

from __future__ import annotations

from enum import IntEnum, IntFlag, StrEnum
from typing import TYPE_CHECKING, Annotated

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    StrictBool,
    StrictInt,
    StrictStr,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.component_types import ComponentType
from dxlinalg.numerics.vulkan_types import VkComponentTypeKHR, component_type_to_vulkan

if TYPE_CHECKING:
    from dxlinalg.profile.model import DeviceProfile

STRICT_FROZEN = ConfigDict(extra="forbid", frozen=True)
COOPERATIVE_VECTOR_EXTENSION = "VK_NV_cooperative_vector"
COOPERATIVE_VECTOR_SPEC_VERSION = 4
#: Vulkan: maxCooperativeVectorComponents is at least 128 (limits.adoc, required limits).
MIN_COOPERATIVE_VECTOR_COMPONENTS = 128
_PACKED = (VkComponentTypeKHR.VK_COMPONENT_TYPE_SINT8_PACKED_NV, VkComponentTypeKHR.VK_COMPONENT_TYPE_UINT8_PACKED_NV)


class VkPhysicalDeviceType(IntEnum):
    VK_PHYSICAL_DEVICE_TYPE_OTHER = 0
    VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU = 1
    VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU = 2
    VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU = 3
    VK_PHYSICAL_DEVICE_TYPE_CPU = 4


class VkShaderStageFlagBits(IntFlag):
    VK_SHADER_STAGE_VERTEX_BIT = 0x1
    VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT = 0x2
    VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT = 0x4
    VK_SHADER_STAGE_GEOMETRY_BIT = 0x8
    VK_SHADER_STAGE_FRAGMENT_BIT = 0x10
    VK_SHADER_STAGE_COMPUTE_BIT = 0x20
    VK_SHADER_STAGE_TASK_BIT_EXT = 0x40
    VK_SHADER_STAGE_MESH_BIT_EXT = 0x80
    VK_SHADER_STAGE_RAYGEN_BIT_KHR = 0x100
    VK_SHADER_STAGE_ANY_HIT_BIT_KHR = 0x200
    VK_SHADER_STAGE_CLOSEST_HIT_BIT_KHR = 0x400
    VK_SHADER_STAGE_MISS_BIT_KHR = 0x800
    VK_SHADER_STAGE_INTERSECTION_BIT_KHR = 0x1000
    VK_SHADER_STAGE_CALLABLE_BIT_KHR = 0x2000


def _rule_broken(rule: str) -> PydanticCustomError:
    """A validation error whose message is `rule`, verbatim (profile errors print it as the rule broken)."""
    return PydanticCustomError("profile_rule", "{rule}", {"rule": rule})


def vulkan_type_name(component_type: VkComponentTypeKHR) -> str:
    """VK_COMPONENT_TYPE_FLOAT16_KHR -> "FLOAT16", VK_COMPONENT_TYPE_SINT8_PACKED_NV -> "SINT8_PACKED"."""
    return component_type.name.removeprefix("VK_COMPONENT_TYPE_").removesuffix("_KHR").removesuffix("_NV")


_BY_NAME = {vulkan_type_name(t): t for t in VkComponentTypeKHR}


def parse_vulkan_type(value: object) -> VkComponentTypeKHR:
    """A VkComponentTypeKHR from its short name ("SINT8"), its C name, or a member (from Python code)."""
    if isinstance(value, VkComponentTypeKHR):
        return value
    if isinstance(value, str):
        key = value.strip().upper()
        if key in VkComponentTypeKHR.__members__:
            return VkComponentTypeKHR[key]
        if key in _BY_NAME:
            return _BY_NAME[key]
    raise _rule_broken(f"{value!r} is not a VkComponentTypeKHR name; valid: {', '.join(_BY_NAME)}")


def _named_flag(enum_class: type, prefix: str, suffixes: tuple[str, ...]) -> dict[str, int]:
    names = {}
    for member in enum_class:  # type: ignore[attr-defined]
        short = member.name.removeprefix(prefix)
        for suffix in suffixes:
            short = short.removesuffix(suffix)
        names[short] = member
    return names


_STAGES = _named_flag(VkShaderStageFlagBits, "VK_SHADER_STAGE_", ("_BIT_KHR", "_BIT_EXT", "_BIT"))
_DEVICE_TYPES = _named_flag(VkPhysicalDeviceType, "VK_PHYSICAL_DEVICE_TYPE_", ())


def _stage(value: object) -> VkShaderStageFlagBits:
    if isinstance(value, VkShaderStageFlagBits):
        return value
    if isinstance(value, str) and value.strip().upper() in _STAGES:
        return VkShaderStageFlagBits(_STAGES[value.strip().upper()])
    raise _rule_broken(f"{value!r} is not a shader stage; valid: {', '.join(_STAGES)}")


def _device_type(value: object) -> VkPhysicalDeviceType:
    if isinstance(value, VkPhysicalDeviceType):
        return value
    if isinstance(value, str) and value.strip().upper() in _DEVICE_TYPES:
        return VkPhysicalDeviceType(_DEVICE_TYPES[value.strip().upper()])
    raise _rule_broken(f"{value!r} is not a VkPhysicalDeviceType; valid: {', '.join(_DEVICE_TYPES)}")


def _hex_or_int(value: object) -> int:
    """IDs and versions as a JSON integer or a "0x..." string (JSON has no hex literals)."""
    if isinstance(value, bool):
        raise _rule_broken(f"expected an integer or a \"0x...\" string, got {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        try:
            return int(value, 0)
        except ValueError:
            pass
    raise _rule_broken(f"expected an integer or a \"0x...\" string, got {value!r}")


def _api_version(value: object) -> tuple[int, int, int]:
    if isinstance(value, tuple) and len(value) == 3 and all(isinstance(p, int) for p in value):
        value = ".".join(map(str, value))
    if isinstance(value, str):
        parts = value.split(".")
        if len(parts) == 3 and all(p.isdigit() for p in parts):
            major, minor, patch = (int(p) for p in parts)
            if major < 128 and minor < 1024 and patch < 4096:
                return major, minor, patch
    raise _rule_broken(f"api_version {value!r} must be \"major.minor.patch\" (major < 128, minor < 1024, patch < 4096)")


VkTypeName = Annotated[VkComponentTypeKHR, BeforeValidator(parse_vulkan_type),
                       PlainSerializer(vulkan_type_name, return_type=str)]
StageName = Annotated[VkShaderStageFlagBits, BeforeValidator(_stage),
                      PlainSerializer(lambda s: s.name.removeprefix("VK_SHADER_STAGE_").removesuffix("_KHR")
                                      .removesuffix("_EXT").removesuffix("_BIT"), return_type=str)]
DeviceTypeName = Annotated[VkPhysicalDeviceType, BeforeValidator(_device_type),
                           PlainSerializer(lambda t: t.name.removeprefix("VK_PHYSICAL_DEVICE_TYPE_"), return_type=str)]
HexInt = Annotated[int, BeforeValidator(_hex_or_int), Field(ge=0, le=0xFFFFFFFF),
                   PlainSerializer(lambda v: f"0x{v:x}", return_type=str)]
ApiVersion = Annotated[tuple[int, int, int], BeforeValidator(_api_version),
                       PlainSerializer(lambda v: ".".join(map(str, v)), return_type=str)]
#: A VkBool32 feature member name (a C identifier starting with a lower-case letter).
FeatureName = Annotated[StrictStr, Field(pattern=r"^[a-z][A-Za-z0-9]*$", max_length=128)]


class VulkanCooperativeVectorProperty(BaseModel):
    """One VkCooperativeVectorPropertiesNV: a type combination OpCooperativeVectorMatrixMul(Add)NV supports."""

    model_config = STRICT_FROZEN
    input_type: VkTypeName = Field(description="component type of the input vector")
    input_interpretation: VkTypeName = Field(description="how the input is read (packed types only here)")
    matrix_interpretation: VkTypeName = Field(description="component type of the matrix")
    bias_interpretation: VkTypeName = Field(description="component type of the bias vector")
    result_type: VkTypeName = Field(description="component type of the result vector")
    transpose: StrictBool = Field(False, description="the matrix may be transposed (optimal layouts only)")

    @model_validator(mode="after")
    def _packed_only_as_input_interpretation(self) -> VulkanCooperativeVectorProperty:
        for field in ("input_type", "matrix_interpretation", "bias_interpretation", "result_type"):
            if getattr(self, field) in _PACKED:
                raise _rule_broken(f"{field} = {vulkan_type_name(getattr(self, field))}: packed types are allowed only "
                                 f"in input_interpretation (VkCooperativeVectorPropertiesNV)")
        return self

    def key(self) -> tuple[VkComponentTypeKHR, ...]:
        return (self.input_type, self.input_interpretation, self.matrix_interpretation, self.bias_interpretation,
                self.result_type)


class VulkanExtension(BaseModel):
    """One VkExtensionProperties the device lists."""

    model_config = STRICT_FROZEN
    name: StrictStr = Field(description="extensionName, e.g. VK_NV_cooperative_vector")
    spec_version: StrictInt = Field(ge=1, description="specVersion")


class IntegerTypeChange(StrEnum):
    """What a conversion that changes the type with an integer on either side writes (VUID-...-10081 broken)."""

    CONVERT = "convert"  # the arithmetic conversion (saturating, round-to-nearest-even: dxlinalg.numerics)
    ZEROS = "zeros"      # zero in every element, as NVIDIA's driver wrote (reference conversions/)


class VulkanUnvalidatedBehaviour(BaseModel):
    """What the driver does where the application breaks a rule and no validation layer stops it."""

    model_config = STRICT_FROZEN
    integer_type_change: IntegerTypeChange = Field(
        IntegerTypeChange.CONVERT, description="what a type change to or from an integer type writes")
    storage_of_unlisted_types: dict[VkTypeName, VkTypeName] = Field(
        default_factory=dict,
        description="types that are no reported matrixInterpretation (nor FLOAT32), stored and sized as another "
                    "type: NVIDIA's driver treats SINT16/UINT16/SINT32/UINT32 as 1-byte elements")
    storage_of_unknown_values: dict[StrictInt, VkTypeName] = Field(
        default_factory=dict,
        description="component-type values outside VkComponentTypeKHR the driver accepts, and the type whose "
                    "storage they get: NVIDIA's takes 1000567002/3 (no official FP8 values) as 1-byte SINT8 data")

    @field_validator("storage_of_unknown_values", mode="before")
    @classmethod
    def _integer_keys(cls, value: object) -> object:
        """JSON object keys are strings: "1000567002" is the value 1000567002."""
        if isinstance(value, dict):
            return {int(k) if isinstance(k, str) and k.strip().lstrip("-").isdigit() else k: v
                    for k, v in value.items()}
        return value

    @field_validator("storage_of_unknown_values")
    @classmethod
    def _really_unknown(cls, value: dict[int, VkComponentTypeKHR]) -> dict[int, VkComponentTypeKHR]:
        known = [k for k in value if k in {int(t) for t in VkComponentTypeKHR}]
        if known:
            raise _rule_broken(f"{known} are VkComponentTypeKHR values, not unknown ones")
        return value


class VulkanProfile(BaseModel):
    """The device as Vulkan's host calls report it (vkGetPhysicalDevice*Properties, ...CooperativeVectorPropertiesNV)."""

    model_config = STRICT_FROZEN
    device_name: StrictStr = Field("", max_length=255, description="deviceName (empty: the profile's name)")
    api_version: ApiVersion = Field((1, 3, 0), description="apiVersion as \"major.minor.patch\"")
    driver_version: HexInt = Field(0, description="driverVersion (vendor-specific encoding)")
    vendor_id: HexInt = Field(0, description="vendorID (PCI vendor ID, 0 for none)")
    device_id: HexInt = Field(0, description="deviceID")
    device_type: DeviceTypeName = Field(VkPhysicalDeviceType.VK_PHYSICAL_DEVICE_TYPE_CPU, description="deviceType")
    extensions: list[VulkanExtension] = Field(default_factory=list, description="device extensions, in order")
    cooperative_vector_properties: list[VulkanCooperativeVectorProperty] = Field(
        default_factory=list, description="vkGetPhysicalDeviceCooperativeVectorPropertiesNV's list, in order")
    cooperative_vector_training: StrictBool = Field(False, description="feature cooperativeVectorTraining")
    features: list[FeatureName] = Field(
        default_factory=list, description="further VkBool32 features the driver reports (vkGetPhysicalDeviceFeatures2 "
                                          "member names, e.g. shaderBFloat16Type), beyond those every profile has")
    supported_stages: list[StageName] = Field(default_factory=lambda: [VkShaderStageFlagBits.VK_SHADER_STAGE_COMPUTE_BIT],
                                              description="cooperativeVectorSupportedStages")
    training_float16_accumulation: StrictBool = Field(
        False, description="cooperativeVectorTrainingFloat16Accumulation")
    training_float32_accumulation: StrictBool = Field(
        False, description="cooperativeVectorTrainingFloat32Accumulation")
    max_cooperative_vector_components: StrictInt = Field(
        MIN_COOPERATIVE_VECTOR_COMPONENTS, ge=MIN_COOPERATIVE_VECTOR_COMPONENTS, le=0xFFFFFFFF,
        description="maxCooperativeVectorComponents (at least 128)")
    unvalidated: VulkanUnvalidatedBehaviour = Field(
        default_factory=VulkanUnvalidatedBehaviour, description="the driver's behaviour where rules are broken")

    @model_validator(mode="after")
    def _consistent(self) -> VulkanProfile:
        names = [e.name for e in self.extensions]
        if len(set(names)) != len(names):
            raise _rule_broken(f"extensions lists a name twice: {names}")
        if self.cooperative_vector_properties and not self.cooperative_vector:
            raise _rule_broken(f"cooperative_vector_properties are listed but {COOPERATIVE_VECTOR_EXTENSION} is not "
                             f"among the extensions")
        if not self.cooperative_vector and (self.cooperative_vector_training or self.training_float16_accumulation
                                            or self.training_float32_accumulation):
            raise _rule_broken(f"training features need {COOPERATIVE_VECTOR_EXTENSION}")
        if (self.training_float16_accumulation or self.training_float32_accumulation) \
                and not self.cooperative_vector_training:
            raise _rule_broken("training_float16/32_accumulation need cooperative_vector_training")
        if len(set(self.features)) != len(self.features):
            raise _rule_broken(f"features lists a name twice: {self.features}")
        keys = [p.key() for p in self.cooperative_vector_properties]
        if len(set(keys)) != len(keys):
            raise _rule_broken("cooperative_vector_properties lists a combination twice")
        return self

    @property
    def cooperative_vector(self) -> bool:
        """Feature cooperativeVector: the device has VK_NV_cooperative_vector."""
        return any(e.name == COOPERATIVE_VECTOR_EXTENSION for e in self.extensions)

    @property
    def api_version_number(self) -> int:
        """apiVersion as VK_MAKE_API_VERSION(0, major, minor, patch)."""
        major, minor, patch = self.api_version
        return (major << 22) | (minor << 12) | patch

    @property
    def stage_flags(self) -> VkShaderStageFlagBits:
        flags = VkShaderStageFlagBits(0)
        for stage in self.supported_stages:
            flags |= stage
        return flags

    def matrix_interpretations(self) -> frozenset[VkComponentTypeKHR]:
        """The matrixInterpretation values the device reports (VUID-...-srcComponentType-10079)."""
        return frozenset(p.matrix_interpretation for p in self.cooperative_vector_properties)


def _row(*names: str) -> tuple[VkComponentTypeKHR, ...]:
    return tuple(parse_vulkan_type(n) for n in names)


#: Vulkan's required combinations (input, inputInterpretation, matrixInterpretation, biasInterpretation, result):
#: every device with VK_NV_cooperative_vector lists them (spec facts, shared/spec peers_and_tests.md §1).
REQUIRED_COMBINATIONS: tuple[tuple[VkComponentTypeKHR, ...], ...] = (
    _row("FLOAT16", "FLOAT16", "FLOAT16", "FLOAT16", "FLOAT16"),
    _row("UINT32", "SINT8_PACKED", "SINT8", "SINT32", "SINT32"),
    _row("SINT8", "SINT8", "SINT8", "SINT32", "SINT32"),
    _row("FLOAT32", "SINT8", "SINT8", "SINT32", "SINT32"),
    _row("FLOAT16", "FLOAT_E4M3", "FLOAT_E4M3", "FLOAT16", "FLOAT16"),
    _row("FLOAT16", "FLOAT_E5M2", "FLOAT_E5M2", "FLOAT16", "FLOAT16"),
)


def missing_required_combinations(answers: VulkanProfile) -> list[tuple[VkComponentTypeKHR, ...]]:
    """The required combinations `answers` does not list (empty for a conformant device)."""
    listed = {p.key() for p in answers.cooperative_vector_properties}
    return [row for row in REQUIRED_COMBINATIONS if row not in listed]


def vulkan_answers(profile: DeviceProfile) -> VulkanProfile:
    """The profile's `vulkan` key, or what is derived from its D3D12 answers when it has none."""
    return profile.vulkan if profile.vulkan is not None else derived_vulkan_profile(profile)


def derived_vulkan_profile(profile: DeviceProfile) -> VulkanProfile:
    """Vulkan answers for a profile written without a `vulkan` key: its D3D12 rows that Vulkan can express.

    A Mul/MulAdd row whose *input type* is packed has no Vulkan form and is dropped; nothing is added, so
    such a profile lists Vulkan's required SINT8-input row only if someone writes a `vulkan` key.
    """
    rows = []
    for p in profile.mul_properties:
        if p.input_type in (ComponentType.PackedS8x32, ComponentType.PackedU8x32):
            continue
        try:
            types = [component_type_to_vulkan(t) for t in p.key()]
        except InvalidArgumentError:
            continue
        rows.append(VulkanCooperativeVectorProperty(
            input_type=types[0], input_interpretation=types[1], matrix_interpretation=types[2],
            bias_interpretation=types[3], result_type=types[4], transpose=p.transpose_supported))
    supported = bool(profile.mul_properties)
    accumulation = {p.accumulation_type for p in profile.outer_product_properties}
    training = bool(profile.outer_product_properties or profile.vector_accumulate_properties)
    return VulkanProfile(
        device_name=profile.name,
        extensions=[VulkanExtension(name=COOPERATIVE_VECTOR_EXTENSION, spec_version=COOPERATIVE_VECTOR_SPEC_VERSION)]
        if supported else [],
        cooperative_vector_properties=rows,
        cooperative_vector_training=training,
        training_float16_accumulation=ComponentType.F16 in accumulation,
        training_float32_accumulation=ComponentType.F32 in accumulation,
    )
