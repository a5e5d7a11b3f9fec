"""Vulkan structs as pydantic models: the C field names, zero defaults, aggregate initialisation.

As in d3d12api: positional values in C field order (sType and pNext first, as in a C aggregate), a nested
struct may be a tuple, assignment is not validated (`info.srcData.hostAddress = array`), unknown field names
are errors. sType defaults to the struct's own VK_STRUCTURE_TYPE_* (as Vulkan-Hpp and vku::InitStructHelper
do); a wrong one is reported by the call that reads it (its -sType-sType VUID). Enum fields hold any integer.
VkBool32 fields hold 0 or 1. Strings (`char[256]`, `const char*`) are Python str. Pointers hold Python
objects: None (NULL), a struct, a list (an array), or host memory (pointers.host_bytes).
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar

import numpy as np
from pydantic import (
    BeforeValidator,
    Field,
    PlainValidator,
    create_model,
)

from dxlinalg.c_struct import CStruct, enum_field, to_int
from dxlinalg.vulkan.enums import (
    VkBufferUsageFlagBits,
    VkCommandBufferLevel,
    VkComponentTypeKHR,
    VkCooperativeVectorMatrixLayoutNV,
    VkMemoryHeapFlagBits,
    VkMemoryPropertyFlagBits,
    VkPhysicalDeviceType,
    VkQueueFlagBits,
    VkShaderStageFlagBits,
    VkSharingMode,
    VkStructureType,
)

ST = VkStructureType


UINT = Annotated[int, PlainValidator(to_int)]
VkBool32 = Annotated[int, PlainValidator(lambda value: 1 if to_int(value) else 0)]
VkDeviceSize = UINT
VkDeviceAddress = UINT
FLOAT = Annotated[float, PlainValidator(lambda value: float(value))]
COMPONENT_TYPE = enum_field(VkComponentTypeKHR)
MATRIX_LAYOUT = enum_field(VkCooperativeVectorMatrixLayoutNV)


class VkStruct(CStruct):
    """Base of every struct: positional (aggregate) construction, C field names, extra fields rejected."""

    #: The VK_STRUCTURE_TYPE_* of structs that have an sType (None for plain data structs).
    STRUCTURE_TYPE: ClassVar[int | None] = None


def _with_stype(structure_type: VkStructureType) -> dict[str, Any]:
    """sType (defaulting to `structure_type`) and pNext, the two fields every extensible struct starts with."""
    return {"sType": (enum_field(VkStructureType), structure_type), "pNext": (Any, None)}


# --- instance ----------------------------------------------------------------------------------------------

class VkApplicationInfo(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_APPLICATION_INFO
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_APPLICATION_INFO
    pNext: Any = None
    pApplicationName: str | None = None
    applicationVersion: UINT = 0
    pEngineName: str | None = None
    engineVersion: UINT = 0
    apiVersion: UINT = 0


class VkInstanceCreateInfo(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO
    pNext: Any = None
    flags: UINT = 0
    pApplicationInfo: Any = None
    enabledLayerCount: UINT = 0
    ppEnabledLayerNames: Any = None
    enabledExtensionCount: UINT = 0
    ppEnabledExtensionNames: Any = None


class VkLayerProperties(VkStruct):
    layerName: str = ""
    specVersion: UINT = 0
    implementationVersion: UINT = 0
    description: str = ""


class VkExtensionProperties(VkStruct):
    extensionName: str = ""
    specVersion: UINT = 0


# --- physical device ---------------------------------------------------------------------------------------

class VkPhysicalDeviceProperties(VkStruct):
    """limits and sparseProperties are not emulated (not part of this struct here)."""

    apiVersion: UINT = 0
    driverVersion: UINT = 0
    vendorID: UINT = 0
    deviceID: UINT = 0
    deviceType: enum_field(VkPhysicalDeviceType) = 0
    deviceName: str = ""
    pipelineCacheUUID: bytes = bytes(16)


class VkPhysicalDeviceProperties2(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2
    pNext: Any = None
    properties: VkPhysicalDeviceProperties = Field(default_factory=VkPhysicalDeviceProperties)


class VkPhysicalDeviceCooperativeVectorPropertiesNV(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_VECTOR_PROPERTIES_NV
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_VECTOR_PROPERTIES_NV
    pNext: Any = None
    cooperativeVectorSupportedStages: enum_field(VkShaderStageFlagBits) = 0
    cooperativeVectorTrainingFloat16Accumulation: VkBool32 = 0
    cooperativeVectorTrainingFloat32Accumulation: VkBool32 = 0
    maxCooperativeVectorComponents: UINT = 0


#: VkPhysicalDeviceFeatures' 55 VkBool32 members, in header order.
CORE_FEATURE_NAMES: tuple[str, ...] = (
    "robustBufferAccess", "fullDrawIndexUint32", "imageCubeArray", "independentBlend", "geometryShader",
    "tessellationShader", "sampleRateShading", "dualSrcBlend", "logicOp", "multiDrawIndirect",
    "drawIndirectFirstInstance", "depthClamp", "depthBiasClamp", "fillModeNonSolid", "depthBounds", "wideLines",
    "largePoints", "alphaToOne", "multiViewport", "samplerAnisotropy", "textureCompressionETC2",
    "textureCompressionASTC_LDR", "textureCompressionBC", "occlusionQueryPrecise", "pipelineStatisticsQuery",
    "vertexPipelineStoresAndAtomics", "fragmentStoresAndAtomics", "shaderTessellationAndGeometryPointSize",
    "shaderImageGatherExtended", "shaderStorageImageExtendedFormats", "shaderStorageImageMultisample",
    "shaderStorageImageReadWithoutFormat", "shaderStorageImageWriteWithoutFormat",
    "shaderUniformBufferArrayDynamicIndexing", "shaderSampledImageArrayDynamicIndexing",
    "shaderStorageBufferArrayDynamicIndexing", "shaderStorageImageArrayDynamicIndexing", "shaderClipDistance",
    "shaderCullDistance", "shaderFloat64", "shaderInt64", "shaderInt16", "shaderResourceResidency",
    "shaderResourceMinLod", "sparseBinding", "sparseResidencyBuffer", "sparseResidencyImage2D",
    "sparseResidencyImage3D", "sparseResidency2Samples", "sparseResidency4Samples", "sparseResidency8Samples",
    "sparseResidency16Samples", "sparseResidencyAliased", "variableMultisampleRate", "inheritedQueries",
)

VkPhysicalDeviceFeatures: type[VkStruct] = create_model(  # type: ignore[call-overload]
    "VkPhysicalDeviceFeatures", __base__=VkStruct, **{name: (VkBool32, 0) for name in CORE_FEATURE_NAMES})
VkPhysicalDeviceFeatures.__doc__ = "The core VkBool32 features (vkGetPhysicalDeviceFeatures, pEnabledFeatures)."


class VkPhysicalDeviceFeatures2(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2
    pNext: Any = None
    features: VkPhysicalDeviceFeatures = Field(default_factory=VkPhysicalDeviceFeatures)  # type: ignore[valid-type]


def _feature_struct(name: str, structure_type: VkStructureType, members: tuple[str, ...]) -> type[VkStruct]:
    cls = create_model(name, __base__=VkStruct, **_with_stype(structure_type),  # type: ignore[call-overload]
                       **{member: (VkBool32, 0) for member in members})
    cls.STRUCTURE_TYPE = structure_type
    cls.FEATURE_NAMES = members
    return cls


VkPhysicalDeviceCooperativeVectorFeaturesNV = _feature_struct(
    "VkPhysicalDeviceCooperativeVectorFeaturesNV", ST.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_VECTOR_FEATURES_NV,
    ("cooperativeVector", "cooperativeVectorTraining"))
VkPhysicalDeviceBufferDeviceAddressFeatures = _feature_struct(
    "VkPhysicalDeviceBufferDeviceAddressFeatures", ST.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES,
    ("bufferDeviceAddress", "bufferDeviceAddressCaptureReplay", "bufferDeviceAddressMultiDevice"))
VkPhysicalDeviceVulkanMemoryModelFeatures = _feature_struct(
    "VkPhysicalDeviceVulkanMemoryModelFeatures", ST.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_MEMORY_MODEL_FEATURES,
    ("vulkanMemoryModel", "vulkanMemoryModelDeviceScope", "vulkanMemoryModelAvailabilityVisibilityChains"))
VkPhysicalDeviceShaderFloat16Int8Features = _feature_struct(
    "VkPhysicalDeviceShaderFloat16Int8Features", ST.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES,
    ("shaderFloat16", "shaderInt8"))
VkPhysicalDevice8BitStorageFeatures = _feature_struct(
    "VkPhysicalDevice8BitStorageFeatures", ST.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_8BIT_STORAGE_FEATURES,
    ("storageBuffer8BitAccess", "uniformAndStorageBuffer8BitAccess", "storagePushConstant8"))
VkPhysicalDevice16BitStorageFeatures = _feature_struct(
    "VkPhysicalDevice16BitStorageFeatures", ST.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES,
    ("storageBuffer16BitAccess", "uniformAndStorageBuffer16BitAccess", "storagePushConstant16",
     "storageInputOutput16"))
VkPhysicalDeviceSynchronization2Features = _feature_struct(
    "VkPhysicalDeviceSynchronization2Features", ST.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SYNCHRONIZATION_2_FEATURES,
    ("synchronization2",))

#: Feature structs that extend VkPhysicalDeviceFeatures2 and VkDeviceCreateInfo, and the extension each needs
#: (None: core in the API versions the emulated devices report).
FEATURE_STRUCTS: dict[type[VkStruct], str | None] = {
    VkPhysicalDeviceCooperativeVectorFeaturesNV: "VK_NV_cooperative_vector",
    VkPhysicalDeviceBufferDeviceAddressFeatures: None,
    VkPhysicalDeviceVulkanMemoryModelFeatures: None,
    VkPhysicalDeviceShaderFloat16Int8Features: None,
    VkPhysicalDevice8BitStorageFeatures: None,
    VkPhysicalDevice16BitStorageFeatures: None,
    VkPhysicalDeviceSynchronization2Features: None,
}


class VkExtent3D(VkStruct):
    width: UINT = 0
    height: UINT = 0
    depth: UINT = 0


class VkQueueFamilyProperties(VkStruct):
    queueFlags: enum_field(VkQueueFlagBits) = 0
    queueCount: UINT = 0
    timestampValidBits: UINT = 0
    minImageTransferGranularity: VkExtent3D = Field(default_factory=VkExtent3D)


class VkMemoryType(VkStruct):
    propertyFlags: enum_field(VkMemoryPropertyFlagBits) = 0
    heapIndex: UINT = 0


class VkMemoryHeap(VkStruct):
    size: VkDeviceSize = 0
    flags: enum_field(VkMemoryHeapFlagBits) = 0


class VkPhysicalDeviceMemoryProperties(VkStruct):
    """memoryTypes / memoryHeaps are the C arrays of 32 / 16 entries; the counts say how many are used."""

    memoryTypeCount: UINT = 0
    memoryTypes: list[VkMemoryType] = Field(default_factory=lambda: [VkMemoryType() for _ in range(32)])
    memoryHeapCount: UINT = 0
    memoryHeaps: list[VkMemoryHeap] = Field(default_factory=lambda: [VkMemoryHeap() for _ in range(16)])


# --- device ------------------------------------------------------------------------------------------------

class VkDeviceQueueCreateInfo(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO
    pNext: Any = None
    flags: UINT = 0
    queueFamilyIndex: UINT = 0
    queueCount: UINT = 0
    pQueuePriorities: Any = None


class VkDeviceCreateInfo(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO
    pNext: Any = None
    flags: UINT = 0
    queueCreateInfoCount: UINT = 0
    pQueueCreateInfos: Any = None
    enabledLayerCount: UINT = 0
    ppEnabledLayerNames: Any = None
    enabledExtensionCount: UINT = 0
    ppEnabledExtensionNames: Any = None
    pEnabledFeatures: Any = None


# --- cooperative vectors -----------------------------------------------------------------------------------

class VkCooperativeVectorPropertiesNV(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_COOPERATIVE_VECTOR_PROPERTIES_NV
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_COOPERATIVE_VECTOR_PROPERTIES_NV
    pNext: Any = None
    inputType: COMPONENT_TYPE = 0
    inputInterpretation: COMPONENT_TYPE = 0
    matrixInterpretation: COMPONENT_TYPE = 0
    biasInterpretation: COMPONENT_TYPE = 0
    resultType: COMPONENT_TYPE = 0
    transpose: VkBool32 = 0


class VkDeviceOrHostAddressKHR(VkStruct):
    """The C union: a call reads deviceAddress (vkCmd...) or hostAddress (host calls)."""

    deviceAddress: VkDeviceAddress = 0
    hostAddress: Any = None


class VkDeviceOrHostAddressConstKHR(VkStruct):
    """The C union: a call reads deviceAddress (vkCmd...) or hostAddress (host calls)."""

    deviceAddress: VkDeviceAddress = 0
    hostAddress: Any = None


def _address_union(union: type[VkStruct]) -> Any:
    """A union field that also takes its member directly: an int is a deviceAddress, memory (or None, NULL) a
    hostAddress."""

    def shorthand(value: object) -> object:
        if value is None:
            return union()
        if isinstance(value, (bool, int, np.integer)):
            return union(deviceAddress=int(value))
        if isinstance(value, (np.ndarray, bytes, bytearray, memoryview)):
            return union(hostAddress=value)
        return value

    return Annotated[union, BeforeValidator(shorthand)]


class VkConvertCooperativeVectorMatrixInfoNV(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_CONVERT_COOPERATIVE_VECTOR_MATRIX_INFO_NV
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_CONVERT_COOPERATIVE_VECTOR_MATRIX_INFO_NV
    pNext: Any = None
    srcSize: UINT = 0
    srcData: _address_union(VkDeviceOrHostAddressConstKHR) = Field(default_factory=VkDeviceOrHostAddressConstKHR)
    pDstSize: Any = None
    dstData: _address_union(VkDeviceOrHostAddressKHR) = Field(default_factory=VkDeviceOrHostAddressKHR)
    srcComponentType: COMPONENT_TYPE = 0
    dstComponentType: COMPONENT_TYPE = 0
    numRows: UINT = 0
    numColumns: UINT = 0
    srcLayout: MATRIX_LAYOUT = 0
    srcStride: UINT = 0
    dstLayout: MATRIX_LAYOUT = 0
    dstStride: UINT = 0


# --- memory and buffers ------------------------------------------------------------------------------------

class VkBufferCreateInfo(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO
    pNext: Any = None
    flags: UINT = 0
    size: VkDeviceSize = 0
    usage: enum_field(VkBufferUsageFlagBits) = 0
    sharingMode: enum_field(VkSharingMode) = 0
    queueFamilyIndexCount: UINT = 0
    pQueueFamilyIndices: Any = None


class VkMemoryRequirements(VkStruct):
    size: VkDeviceSize = 0
    alignment: VkDeviceSize = 0
    memoryTypeBits: UINT = 0


class VkMemoryAllocateInfo(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO
    pNext: Any = None
    allocationSize: VkDeviceSize = 0
    memoryTypeIndex: UINT = 0


class VkMemoryAllocateFlagsInfo(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO
    pNext: Any = None
    flags: UINT = 0
    deviceMask: UINT = 0


class VkBufferDeviceAddressInfo(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO
    pNext: Any = None
    buffer: Any = None


# --- command pools, command buffers, submission ------------------------------------------------------------

class VkCommandPoolCreateInfo(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO
    pNext: Any = None
    flags: UINT = 0
    queueFamilyIndex: UINT = 0


class VkCommandBufferAllocateInfo(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO
    pNext: Any = None
    commandPool: Any = None
    level: enum_field(VkCommandBufferLevel) = 0
    commandBufferCount: UINT = 0


class VkCommandBufferBeginInfo(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO
    pNext: Any = None
    flags: UINT = 0
    pInheritanceInfo: Any = None


class VkSubmitInfo(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_SUBMIT_INFO
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_SUBMIT_INFO
    pNext: Any = None
    waitSemaphoreCount: UINT = 0
    pWaitSemaphores: Any = None
    pWaitDstStageMask: Any = None
    commandBufferCount: UINT = 0
    pCommandBuffers: Any = None
    signalSemaphoreCount: UINT = 0
    pSignalSemaphores: Any = None


class VkFenceCreateInfo(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_FENCE_CREATE_INFO
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_FENCE_CREATE_INFO
    pNext: Any = None
    flags: UINT = 0


STRUCTS: tuple[type[VkStruct], ...] = (
    VkApplicationInfo, VkInstanceCreateInfo, VkLayerProperties, VkExtensionProperties, VkPhysicalDeviceProperties,
    VkPhysicalDeviceProperties2, VkPhysicalDeviceCooperativeVectorPropertiesNV, VkPhysicalDeviceFeatures,
    VkPhysicalDeviceFeatures2, *FEATURE_STRUCTS, VkExtent3D, VkQueueFamilyProperties, VkMemoryType, VkMemoryHeap,
    VkPhysicalDeviceMemoryProperties, VkDeviceQueueCreateInfo, VkDeviceCreateInfo, VkCooperativeVectorPropertiesNV,
    VkDeviceOrHostAddressKHR, VkDeviceOrHostAddressConstKHR, VkConvertCooperativeVectorMatrixInfoNV,
    VkBufferCreateInfo, VkMemoryRequirements, VkMemoryAllocateInfo, VkMemoryAllocateFlagsInfo,
    VkBufferDeviceAddressInfo, VkCommandPoolCreateInfo, VkCommandBufferAllocateInfo, VkCommandBufferBeginInfo,
    VkSubmitInfo, VkFenceCreateInfo,
)


def pnext_chain(struct: Any) -> list[Any]:
    """The structs linked from `struct.pNext`, in order (a cycle is cut where it closes)."""
    chain, seen = [], {id(struct)}
    node = getattr(struct, "pNext", None)
    while node is not None and id(node) not in seen:
        chain.append(node)
        seen.add(id(node))
        node = getattr(node, "pNext", None)
    return chain


__all__ = [struct.__name__ for struct in STRUCTS] + ["VkStruct", "FEATURE_STRUCTS", "CORE_FEATURE_NAMES"]
