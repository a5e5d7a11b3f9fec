"""The instance and its physical devices: vkCreateInstance, enumeration and the physical-device queries.

One VkPhysicalDevice per device profile given to vkCreateInstance (`profile=`, an emulator extra: a built-in
name, a JSON path, a DeviceProfile, or a list of them); its answers are the profile's Vulkan answers
(`dxlinalg.profile.vulkan`). Validation is switched on by naming VK_LAYER_KHRONOS_validation in
ppEnabledLayerNames, as with the real loader.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from dxlinalg.errors import DxLinalgError
from dxlinalg.profile.model import DeviceProfile
from dxlinalg.profile.registry import DEFAULT_PROFILE, load_profile
from dxlinalg.profile.vulkan import VulkanProfile, vulkan_answers
from dxlinalg.vulkan.arguments import string_array, struct_argument
from dxlinalg.vulkan.emulated_device import (
    MEMORY_HEAPS,
    MEMORY_TYPES,
    QUEUE_FAMILIES,
    TIMESTAMP_VALID_BITS,
    supported_features,
)
from dxlinalg.vulkan.enums import VALIDATION_LAYER_NAME, VK_MAKE_API_VERSION, VkResult
from dxlinalg.vulkan.handles import VkHandle, require_handle
from dxlinalg.vulkan.structs import (
    CORE_FEATURE_NAMES,
    FEATURE_STRUCTS,
    VkExtensionProperties,
    VkExtent3D,
    VkInstanceCreateInfo,
    VkLayerProperties,
    VkPhysicalDeviceCooperativeVectorPropertiesNV,
    VkPhysicalDeviceFeatures,
    VkPhysicalDeviceFeatures2,
    VkPhysicalDeviceMemoryProperties,
    VkPhysicalDeviceProperties,
    VkPhysicalDeviceProperties2,
    VkQueueFamilyProperties,
    pnext_chain,
)
from dxlinalg.vulkan.two_call import enumerate_into, filled, pointer_rule
from dxlinalg.vulkan.validation import ValidationLayer, Violation, VulkanError

#: Instance extensions the emulated loader offers (name, specVersion).
INSTANCE_EXTENSIONS: tuple[tuple[str, int], ...] = (("VK_KHR_get_physical_device_properties2", 2),)
_LAYER = (VALIDATION_LAYER_NAME, VK_MAKE_API_VERSION(0, 1, 4, 312), 1,
          "Khronos validation layer (emulated: dxlinalg checks the VUIDs of the emulated calls)")
_UUID_NAMESPACE = uuid.UUID("6d0c1a36-54e4-4a35-9a1d-4f1c2f3a7e11")


class VkInstance(VkHandle):
    """The loader's instance: its validation layer and one physical device per profile."""

    def __init__(self, layer: ValidationLayer, api_version: int, profiles: list[DeviceProfile]) -> None:
        super().__init__(layer)
        self.api_version = api_version
        self.physical_devices = [VkPhysicalDevice(self, profile, index) for index, profile in enumerate(profiles)]


class VkPhysicalDevice(VkHandle):
    """One emulated GPU answering as its device profile says."""

    def __init__(self, instance: VkInstance, profile: DeviceProfile, index: int) -> None:
        super().__init__(instance.layer)
        self.instance = instance
        self.profile = profile
        self.answers: VulkanProfile = vulkan_answers(profile)
        self.index = index

    @property
    def device_name(self) -> str:
        return self.answers.device_name or self.profile.name

    @property
    def features(self) -> dict[str, bool]:
        return supported_features(self.answers)

    def supports_extension(self, name: str) -> bool:
        return any(extension.name == name for extension in self.answers.extensions)


def _profiles(profile: Any) -> list[DeviceProfile]:
    items = profile if isinstance(profile, Sequence) and not isinstance(profile, (str, bytes)) else [profile]
    try:
        return [load_profile(item) for item in items]
    except DxLinalgError as error:
        raise VulkanError(VkResult.VK_ERROR_INITIALIZATION_FAILED, f"vkCreateInstance: {error}") from None


def vkCreateInstance(pCreateInfo: VkInstanceCreateInfo, pAllocator: Any = None, *,
                     profile: str | Path | DeviceProfile | Sequence[Any] = DEFAULT_PROFILE) -> VkInstance:
    """The instance, with one physical device per profile; VK_ERROR_LAYER/EXTENSION_NOT_PRESENT raise VulkanError."""
    call = "vkCreateInstance"
    requested = getattr(pCreateInfo, "ppEnabledLayerNames", None) or []
    layer = ValidationLayer(enabled=isinstance(requested, Sequence) and VALIDATION_LAYER_NAME in list(requested))
    if not isinstance(pCreateInfo, VkInstanceCreateInfo):
        layer.unsafe(Violation(pointer_rule(call, "pCreateInfo", "pCreateInfo must be a valid pointer to a valid "
                                                                 "VkInstanceCreateInfo structure"),
                               call, f"pCreateInfo is a {type(pCreateInfo).__name__}"))
    layers = string_array(call, layer, pCreateInfo.ppEnabledLayerNames, int(pCreateInfo.enabledLayerCount),
                    "ppEnabledLayerNames")
    layer.enabled = VALIDATION_LAYER_NAME in layers
    for name in layers:
        if name != VALIDATION_LAYER_NAME:
            raise VulkanError(VkResult.VK_ERROR_LAYER_NOT_PRESENT,
                              f"{call}: layer {name!r} is not available (the emulated loader has {VALIDATION_LAYER_NAME})")
    offered = {name for name, _ in INSTANCE_EXTENSIONS}
    for name in string_array(call, layer, pCreateInfo.ppEnabledExtensionNames, int(pCreateInfo.enabledExtensionCount),
                       "ppEnabledExtensionNames"):
        if name not in offered:
            raise VulkanError(VkResult.VK_ERROR_EXTENSION_NOT_PRESENT,
                              f"{call}: instance extension {name!r} is not available ({', '.join(sorted(offered))})")
    info = pCreateInfo.pApplicationInfo
    api_version = int(info.apiVersion) if info is not None and info.apiVersion else VK_MAKE_API_VERSION(0, 1, 0, 0)
    return VkInstance(layer, api_version, _profiles(profile))


def vkDestroyInstance(instance: VkInstance | None, pAllocator: Any = None) -> None:
    if instance is None:
        return
    require_handle(instance, VkInstance, "vkDestroyInstance", "instance").alive = False


def vkEnumerateInstanceLayerProperties(pPropertyCount: Any, pProperties: Any) -> VkResult:
    """One layer: VK_LAYER_KHRONOS_validation."""
    def fill(element: VkLayerProperties, item: tuple[str, int, int, str]) -> None:
        element.layerName, element.specVersion, element.implementationVersion, element.description = item
    return enumerate_into("vkEnumerateInstanceLayerProperties", ValidationLayer(False), "pPropertyCount",
                          "pProperties", pPropertyCount, pProperties, [_LAYER], filled(VkLayerProperties, fill))


def vkEnumerateInstanceExtensionProperties(pLayerName: str | None, pPropertyCount: Any, pProperties: Any) -> VkResult:
    if pLayerName not in (None, VALIDATION_LAYER_NAME):
        return VkResult.VK_ERROR_LAYER_NOT_PRESENT
    available = list(INSTANCE_EXTENSIONS) if pLayerName is None else []
    return enumerate_into("vkEnumerateInstanceExtensionProperties", ValidationLayer(False), "pPropertyCount",
                          "pProperties", pPropertyCount, pProperties, available, _EXTENSION_WRITER)


def _fill_extension(element: VkExtensionProperties, item: tuple[str, int]) -> None:
    element.extensionName, element.specVersion = item


_EXTENSION_WRITER = filled(VkExtensionProperties, _fill_extension)


def vkEnumeratePhysicalDevices(instance: VkInstance, pPhysicalDeviceCount: Any, pPhysicalDevices: Any) -> VkResult:
    call = "vkEnumeratePhysicalDevices"
    instance = require_handle(instance, VkInstance, call, "instance")
    return enumerate_into(call, instance.layer, "pPhysicalDeviceCount", "pPhysicalDevices", pPhysicalDeviceCount,
                          pPhysicalDevices, instance.physical_devices, lambda element, device: device)


def _fill_properties(device: VkPhysicalDevice, out: VkPhysicalDeviceProperties) -> None:
    answers = device.answers
    out.apiVersion = answers.api_version_number
    out.driverVersion = answers.driver_version
    out.vendorID = answers.vendor_id
    out.deviceID = answers.device_id
    out.deviceType = answers.device_type
    out.deviceName = device.device_name
    out.pipelineCacheUUID = uuid.uuid5(_UUID_NAMESPACE, device.profile.name).bytes


def vkGetPhysicalDeviceProperties(physicalDevice: VkPhysicalDevice, pProperties: VkPhysicalDeviceProperties) -> None:
    call = "vkGetPhysicalDeviceProperties"
    device = require_handle(physicalDevice, VkPhysicalDevice, call, "physicalDevice")
    _fill_properties(device, struct_argument(device.layer, call, "pProperties", pProperties,
                                              VkPhysicalDeviceProperties))


def vkGetPhysicalDeviceProperties2(physicalDevice: VkPhysicalDevice, pProperties: VkPhysicalDeviceProperties2) -> None:
    """properties, and VkPhysicalDeviceCooperativeVectorPropertiesNV in the pNext chain (if the device has the
    extension; structs the device does not know are left as they are)."""
    call = "vkGetPhysicalDeviceProperties2"
    device = require_handle(physicalDevice, VkPhysicalDevice, call, "physicalDevice")
    _fill_properties(device, struct_argument(device.layer, call, "pProperties", pProperties,
                                              VkPhysicalDeviceProperties2).properties)
    answers = device.answers
    for struct in pnext_chain(pProperties):
        if isinstance(struct, VkPhysicalDeviceCooperativeVectorPropertiesNV) and answers.cooperative_vector:
            struct.cooperativeVectorSupportedStages = answers.stage_flags
            struct.cooperativeVectorTrainingFloat16Accumulation = int(answers.training_float16_accumulation)
            struct.cooperativeVectorTrainingFloat32Accumulation = int(answers.training_float32_accumulation)
            struct.maxCooperativeVectorComponents = answers.max_cooperative_vector_components


def _fill_features(device: VkPhysicalDevice, core: Any, chain: list[Any]) -> None:
    supported = device.features
    for name in CORE_FEATURE_NAMES:
        setattr(core, name, int(supported[name]))
    for struct in chain:
        if type(struct) in FEATURE_STRUCTS:
            for name in struct.FEATURE_NAMES:
                setattr(struct, name, int(supported[name]))


def vkGetPhysicalDeviceFeatures(physicalDevice: VkPhysicalDevice, pFeatures: Any) -> None:
    call = "vkGetPhysicalDeviceFeatures"
    device = require_handle(physicalDevice, VkPhysicalDevice, call, "physicalDevice")
    _fill_features(device, struct_argument(device.layer, call, "pFeatures", pFeatures, VkPhysicalDeviceFeatures), [])


def vkGetPhysicalDeviceFeatures2(physicalDevice: VkPhysicalDevice, pFeatures: VkPhysicalDeviceFeatures2) -> None:
    """features, and every feature struct of the pNext chain (cooperative vectors, 8/16-bit storage, ...)."""
    call = "vkGetPhysicalDeviceFeatures2"
    device = require_handle(physicalDevice, VkPhysicalDevice, call, "physicalDevice")
    features = struct_argument(device.layer, call, "pFeatures", pFeatures, VkPhysicalDeviceFeatures2)
    _fill_features(device, features.features, pnext_chain(features))


def vkEnumerateDeviceExtensionProperties(physicalDevice: VkPhysicalDevice, pLayerName: str | None,
                                         pPropertyCount: Any, pProperties: Any) -> VkResult:
    """The profile's device extensions, in its order (the validation layer adds none)."""
    call = "vkEnumerateDeviceExtensionProperties"
    device = require_handle(physicalDevice, VkPhysicalDevice, call, "physicalDevice")
    if pLayerName not in (None, VALIDATION_LAYER_NAME):
        return VkResult.VK_ERROR_LAYER_NOT_PRESENT
    available = [(e.name, e.spec_version) for e in device.answers.extensions] if pLayerName is None else []
    return enumerate_into(call, device.layer, "pPropertyCount", "pProperties", pPropertyCount, pProperties,
                          available, _EXTENSION_WRITER)


def vkGetPhysicalDeviceQueueFamilyProperties(physicalDevice: VkPhysicalDevice, pQueueFamilyPropertyCount: Any,
                                             pQueueFamilyProperties: Any) -> None:
    call = "vkGetPhysicalDeviceQueueFamilyProperties"
    device = require_handle(physicalDevice, VkPhysicalDevice, call, "physicalDevice")

    def fill(element: VkQueueFamilyProperties, family: Any) -> None:
        element.queueFlags, element.queueCount = family.flags, family.count
        element.timestampValidBits = TIMESTAMP_VALID_BITS
        element.minImageTransferGranularity = VkExtent3D(width=1, height=1, depth=1)

    enumerate_into(call, device.layer, "pQueueFamilyPropertyCount", "pQueueFamilyProperties",
                   pQueueFamilyPropertyCount, pQueueFamilyProperties, QUEUE_FAMILIES,
                   filled(VkQueueFamilyProperties, fill))


def vkGetPhysicalDeviceMemoryProperties(physicalDevice: VkPhysicalDevice,
                                        pMemoryProperties: VkPhysicalDeviceMemoryProperties) -> None:
    call = "vkGetPhysicalDeviceMemoryProperties"
    device = require_handle(physicalDevice, VkPhysicalDevice, call, "physicalDevice")
    out = struct_argument(device.layer, call, "pMemoryProperties", pMemoryProperties, VkPhysicalDeviceMemoryProperties)
    fresh = VkPhysicalDeviceMemoryProperties()
    out.memoryTypes, out.memoryHeaps = fresh.memoryTypes, fresh.memoryHeaps
    out.memoryTypeCount, out.memoryHeapCount = len(MEMORY_TYPES), len(MEMORY_HEAPS)
    for slot, memory_type in zip(out.memoryTypes, MEMORY_TYPES):
        slot.propertyFlags, slot.heapIndex = memory_type.flags, memory_type.heap
    for slot, (size, flags) in zip(out.memoryHeaps, MEMORY_HEAPS):
        slot.size, slot.flags = size, flags


__all__ = [
    "VkInstance", "VkPhysicalDevice", "vkCreateInstance", "vkDestroyInstance", "vkEnumerateInstanceLayerProperties",
    "vkEnumerateInstanceExtensionProperties", "vkEnumeratePhysicalDevices", "vkGetPhysicalDeviceProperties",
    "vkGetPhysicalDeviceProperties2", "vkGetPhysicalDeviceFeatures", "vkGetPhysicalDeviceFeatures2",
    "vkEnumerateDeviceExtensionProperties", "vkGetPhysicalDeviceQueueFamilyProperties",
    "vkGetPhysicalDeviceMemoryProperties",
]
