"""vkCreateDevice and its queues: which extensions and features a device enables, and its memory.

A device remembers what the application enabled, because the calls check it: VK_NV_cooperative_vector's
commands need the extension enabled (UNASSIGNED-GeneralParameterError-ExtensionNotEnabled, the validation
layer's ID for that rule), vkGetBufferDeviceAddress needs the bufferDeviceAddress feature, and the SPIR-V
capabilities of a shader need their features (cooperativeVector for CooperativeVectorNV). A requested
extension or feature the physical device lacks fails device creation with VK_ERROR_EXTENSION_NOT_PRESENT or
VK_ERROR_FEATURE_NOT_PRESENT, as in Vulkan. Each device owns one address space (dxlinalg.memory) that its
memory allocations, buffers and device addresses live in.
"""

from __future__ import annotations

import math
from typing import Any

from dxlinalg.memory.address_space import AddressSpace
from dxlinalg.vulkan import vuids
from dxlinalg.vulkan.arguments import string_array, struct_argument
from dxlinalg.vulkan.emulated_device import QUEUE_FAMILIES
from dxlinalg.vulkan.enums import VkResult
from dxlinalg.vulkan.handles import VkHandle, require_handle
from dxlinalg.vulkan.instance import VkPhysicalDevice
from dxlinalg.vulkan.pointers import array_pointer
from dxlinalg.vulkan.structs import (
    CORE_FEATURE_NAMES,
    FEATURE_STRUCTS,
    VkDeviceCreateInfo,
    VkDeviceQueueCreateInfo,
    VkPhysicalDeviceFeatures,
    VkPhysicalDeviceFeatures2,
    pnext_chain,
)
from dxlinalg.vulkan.two_call import pointer_rule
from dxlinalg.vulkan.validation import ValidationLayer, Violation, VulkanError


class VkDevice(VkHandle):
    """A logical device: enabled extensions and features, its queues, its memory."""

    def __init__(self, physical_device: VkPhysicalDevice, extensions: list[str], features: dict[str, bool],
                 queue_counts: dict[int, int]) -> None:
        super().__init__(physical_device.layer)
        self.physical_device = physical_device
        self.profile = physical_device.profile
        self.answers = physical_device.answers
        self.extensions = frozenset(extensions)
        self.features = {name: features.get(name, False) for name in physical_device.features}
        self.queues = {family: [VkQueue(self, family, index) for index in range(count)]
                       for family, count in queue_counts.items()}
        self.address_space = AddressSpace()
        self.buffers: list[Any] = []      # live VkBuffers, for device-address lookups
        self.allocations: list[Any] = []  # live VkDeviceMemory, whose mappings count as written at submission

    def extension_enabled(self, name: str) -> bool:
        return name in self.extensions


class VkQueue(VkHandle):
    """One queue of a family; submissions run synchronously (dxlinalg.vulkan.queue)."""

    def __init__(self, device: VkDevice, family: int, index: int) -> None:
        super().__init__(device.layer)
        self.device = device
        self.family = family
        self.index = index
        #: The synchronization-validation tracker of the submission running now (None between submissions).
        self.hazards: Any = None


def _queue_counts(call: str, layer: ValidationLayer, info: VkDeviceCreateInfo) -> dict[int, int]:
    field = "pCreateInfo->pQueueCreateInfos"
    vuid = pointer_rule(call, "pCreateInfo->pQueueCreateInfos",
                        "pQueueCreateInfos must be a valid pointer to an array of queueCreateInfoCount valid "
                        "VkDeviceQueueCreateInfo structures")
    try:
        queue_infos = array_pointer(info.pQueueCreateInfos, int(info.queueCreateInfoCount)) or []
    except TypeError as problem:
        layer.unsafe(Violation(vuid, call, f"{field} {problem}"))
    counts: dict[int, int] = {}
    for index, queue in enumerate(queue_infos):
        here = f"{field}[{index}]"
        if not isinstance(queue, VkDeviceQueueCreateInfo):
            layer.unsafe(Violation(vuid, call, f"{here} is a {type(queue).__name__}, not a VkDeviceQueueCreateInfo"))
        family, count = int(queue.queueFamilyIndex), int(queue.queueCount)
        if family >= len(QUEUE_FAMILIES):
            layer.unsafe(Violation(vuids.QUEUE_FAMILY_INDEX, call, f"{here}.queueFamilyIndex = {family}, but the "
                                                                  f"device has {len(QUEUE_FAMILIES)} queue families"))
        if count == 0:
            layer.report(Violation(vuids.QUEUE_COUNT_ZERO, call, f"{here}.queueCount = 0"))
        available = QUEUE_FAMILIES[family].count
        if count > available:
            layer.report(Violation(vuids.QUEUE_COUNT, call, f"{here}.queueCount = {count}, but family {family} has "
                                                            f"{available} queues (the device creates {available})"))
        try:
            priorities = array_pointer(queue.pQueuePriorities, count) or []
        except TypeError as problem:
            layer.unsafe(Violation(pointer_rule(call, "pQueuePriorities", "pQueuePriorities must be a valid "
                                                "pointer to an array of queueCount float values"),
                                   call, f"{here}.pQueuePriorities {problem}"))
        for slot, priority in enumerate(priorities):
            if not isinstance(priority, (int, float)) or not 0.0 <= float(priority) <= 1.0 or math.isnan(priority):
                layer.report(Violation(vuids.QUEUE_PRIORITIES, call, f"{here}.pQueuePriorities[{slot}] = {priority!r}"))
        if family in counts:
            layer.report(Violation(vuids.DEVICE_QUEUE_FAMILY_UNIQUE, call, f"{here}.queueFamilyIndex = {family} "
                                                                           f"appears in an earlier element too"))
        counts[family] = max(counts.get(family, 0), min(count, available))
    return counts


def _requested_features(call: str, layer: ValidationLayer, info: VkDeviceCreateInfo,
                        extensions: list[str]) -> dict[str, bool]:
    """Every feature the pNext chain and pEnabledFeatures ask for (name -> True)."""
    requested: dict[str, bool] = {}

    def take(struct: Any, names: tuple[str, ...]) -> None:
        for name in names:
            if getattr(struct, name):
                requested[name] = True

    seen: set[int] = set()
    has_features2 = False
    for struct in pnext_chain(info):
        where = f"pCreateInfo->pNext chain: {type(struct).__name__}"
        structure_type = getattr(struct, "sType", None)
        if structure_type in seen:
            layer.report(Violation(vuids.DEVICE_STYPE_UNIQUE, call, f"{where} with sType {structure_type!r} appears "
                                                                    f"twice"))
        seen.add(structure_type)
        if isinstance(struct, VkPhysicalDeviceFeatures2):
            has_features2 = True
            take(struct.features, CORE_FEATURE_NAMES)
        elif type(struct) in FEATURE_STRUCTS:
            extension = FEATURE_STRUCTS[type(struct)]
            if extension is not None and extension not in extensions:
                layer.report(Violation(vuids.DEVICE_PNEXT, call, f"{where} belongs to {extension}, which "
                                                                 f"ppEnabledExtensionNames does not enable (a driver "
                                                                 f"reads it anyway)"))
            take(struct, struct.FEATURE_NAMES)
        else:
            layer.report(Violation(vuids.DEVICE_PNEXT, call, f"{where} does not extend VkDeviceCreateInfo on this "
                                                             f"device (ignored)"))
    if info.pEnabledFeatures is not None:
        if has_features2:
            layer.report(Violation(vuids.DEVICE_FEATURES_TWICE, call, "pCreateInfo->pEnabledFeatures is not NULL and "
                                                                      "the pNext chain has a VkPhysicalDeviceFeatures2"))
        take(struct_argument(layer, call, "pCreateInfo->pEnabledFeatures", info.pEnabledFeatures,
                              VkPhysicalDeviceFeatures), CORE_FEATURE_NAMES)
    return requested


def vkCreateDevice(physicalDevice: VkPhysicalDevice, pCreateInfo: VkDeviceCreateInfo,
                   pAllocator: Any = None) -> VkDevice:
    """The device; an extension or feature the physical device lacks raises VulkanError (..._NOT_PRESENT)."""
    call = "vkCreateDevice"
    physical_device = require_handle(physicalDevice, VkPhysicalDevice, call, "physicalDevice")
    layer = physical_device.layer
    info = struct_argument(layer, call, "pCreateInfo", pCreateInfo, VkDeviceCreateInfo)
    queue_counts = _queue_counts(call, layer, info)
    extensions = string_array(call, layer, info.ppEnabledExtensionNames, int(info.enabledExtensionCount),
                        "ppEnabledExtensionNames")
    for name in extensions:
        if not physical_device.supports_extension(name):
            offered = ", ".join(e.name for e in physical_device.answers.extensions) or "none"
            raise VulkanError(VkResult.VK_ERROR_EXTENSION_NOT_PRESENT,
                              f"{call}: {physical_device.device_name} has no extension {name!r} (it has: {offered})")
    requested = _requested_features(call, layer, info, extensions)
    supported = physical_device.features
    missing = sorted(name for name in requested if not supported.get(name, False))
    if missing:
        raise VulkanError(VkResult.VK_ERROR_FEATURE_NOT_PRESENT,
                          f"{call}: {physical_device.device_name} does not support {', '.join(missing)}")
    return VkDevice(physical_device, extensions, requested, queue_counts)


def vkDestroyDevice(device: VkDevice | None, pAllocator: Any = None) -> None:
    if device is None:
        return
    require_handle(device, VkDevice, "vkDestroyDevice", "device").alive = False


def vkGetDeviceQueue(device: VkDevice, queueFamilyIndex: int, queueIndex: int) -> VkQueue:
    """C writes *pQueue; here the queue is returned."""
    call = "vkGetDeviceQueue"
    device = require_handle(device, VkDevice, call, "device")
    queues = device.queues.get(int(queueFamilyIndex))
    if queues is None:
        device.layer.unsafe(Violation(vuids.GET_QUEUE_FAMILY, call, f"queueFamilyIndex = {queueFamilyIndex}; the device "
                                                                    f"was created with families {sorted(device.queues)}"))
    if not 0 <= int(queueIndex) < len(queues):
        device.layer.unsafe(Violation(vuids.GET_QUEUE_INDEX, call, f"queueIndex = {queueIndex}, but family "
                                                                   f"{queueFamilyIndex} has {len(queues)} queues"))
    return queues[int(queueIndex)]


def vkDeviceWaitIdle(device: VkDevice) -> VkResult:
    """Work runs at submission, so the device is always idle."""
    require_handle(device, VkDevice, "vkDeviceWaitIdle", "device")
    return VkResult.VK_SUCCESS


def vkQueueWaitIdle(queue: VkQueue) -> VkResult:
    """Work runs at submission, so the queue is always idle."""
    require_handle(queue, VkQueue, "vkQueueWaitIdle", "queue")
    return VkResult.VK_SUCCESS


__all__ = ["VkDevice", "VkQueue", "vkCreateDevice", "vkDestroyDevice", "vkGetDeviceQueue", "vkDeviceWaitIdle",
           "vkQueueWaitIdle"]
