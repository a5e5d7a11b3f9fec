"""Device memory, buffers and device addresses: what vkCmdConvertCooperativeVectorMatrixNV reads and writes.

A VkDeviceMemory is one allocation in the device's address space (`dxlinalg.memory.AddressSpace`, the same
buffers the simulated GPU reads), so a buffer's device address is its memory's address plus the bind offset.
vkMapMemory returns a writable numpy view (C writes *ppData): host writes through a mapping are seen by work
submitted later (every mapped allocation counts as written at each vkQueueSubmit, and at vkUnmapMemory).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dxlinalg.memory.address_space import Buffer
from dxlinalg.vulkan import vuids
from dxlinalg.vulkan.arguments import SIZE_MAX, c_integer, struct_argument
from dxlinalg.vulkan.device import VkDevice
from dxlinalg.vulkan.emulated_device import (
    BUFFER_ALIGNMENT,
    MAX_ALLOCATION,
    MEMORY_TYPES,
)
from dxlinalg.vulkan.enums import (
    VK_WHOLE_SIZE,
    VkBufferUsageFlagBits,
    VkMemoryAllocateFlagBits,
    VkMemoryPropertyFlagBits,
    VkResult,
)
from dxlinalg.vulkan.handles import VkHandle, require_handle
from dxlinalg.vulkan.structs import (
    VkBufferCreateInfo,
    VkBufferDeviceAddressInfo,
    VkMemoryAllocateFlagsInfo,
    VkMemoryAllocateInfo,
    VkMemoryRequirements,
    pnext_chain,
)
from dxlinalg.vulkan.validation import Violation, VulkanError

_SHADER_DEVICE_ADDRESS = VkBufferUsageFlagBits.VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT


class VkDeviceMemory(VkHandle):
    """One allocation: bytes in the device's address space, a memory type, the allocation flags."""

    def __init__(self, device: VkDevice, size: int, type_index: int, flags: int) -> None:
        super().__init__(device.layer)
        self.device = device
        self.size = size
        self.type_index = type_index
        self.flags = VkMemoryAllocateFlagBits(flags & 0x7)
        self.buffer: Buffer = device.address_space.allocate(size, name=f"VkDeviceMemory 0x{self.id:x}")
        self.mapped = False
        device.allocations.append(self)

    @property
    def property_flags(self) -> VkMemoryPropertyFlagBits:
        return MEMORY_TYPES[self.type_index].flags


class VkBuffer(VkHandle):
    """A buffer: a size and usage, bound to (memory, offset) once."""

    def __init__(self, device: VkDevice, size: int, usage: int) -> None:
        super().__init__(device.layer)
        self.device = device
        self.size = size
        self.usage = VkBufferUsageFlagBits(usage & 0xFFFFFFFF)
        self.memory: VkDeviceMemory | None = None
        self.offset = 0

    @property
    def address(self) -> int:
        """The device address of the buffer's first byte (0 while unbound)."""
        return 0 if self.memory is None else self.memory.buffer.address + self.offset

    @property
    def requirements_size(self) -> int:
        return -(-self.size // BUFFER_ALIGNMENT) * BUFFER_ALIGNMENT


def vkCreateBuffer(device: VkDevice, pCreateInfo: VkBufferCreateInfo, pAllocator: Any = None) -> VkBuffer:
    call = "vkCreateBuffer"
    device = require_handle(device, VkDevice, call, "device")
    info = struct_argument(device.layer, call, "pCreateInfo", pCreateInfo, VkBufferCreateInfo)
    size = c_integer(info.size, f"{call}: pCreateInfo->size", SIZE_MAX, "VkDeviceSize")
    if size == 0:
        device.layer.report(Violation(vuids.BUFFER_SIZE, call, "pCreateInfo->size = 0"))
    buffer = VkBuffer(device, size, int(info.usage))
    device.buffers.append(buffer)
    return buffer


def vkDestroyBuffer(device: VkDevice, buffer: VkBuffer | None, pAllocator: Any = None) -> None:
    device = require_handle(device, VkDevice, "vkDestroyBuffer", "device")
    if buffer is None:
        return
    buffer = require_handle(buffer, VkBuffer, "vkDestroyBuffer", "buffer")
    buffer.alive = False
    device.buffers.remove(buffer)


def vkGetBufferMemoryRequirements(device: VkDevice, buffer: VkBuffer, pMemoryRequirements: VkMemoryRequirements) -> None:
    """Size rounded up to 256 bytes, alignment 256, every memory type allowed."""
    call = "vkGetBufferMemoryRequirements"
    device = require_handle(device, VkDevice, call, "device")
    buffer = require_handle(buffer, VkBuffer, call, "buffer")
    out = struct_argument(device.layer, call, "pMemoryRequirements", pMemoryRequirements, VkMemoryRequirements)
    out.size, out.alignment, out.memoryTypeBits = buffer.requirements_size, BUFFER_ALIGNMENT, (1 << len(MEMORY_TYPES)) - 1


def vkAllocateMemory(device: VkDevice, pAllocateInfo: VkMemoryAllocateInfo, pAllocator: Any = None) -> VkDeviceMemory:
    """VkMemoryAllocateFlagsInfo in the pNext chain sets the flags (VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT)."""
    call = "vkAllocateMemory"
    device = require_handle(device, VkDevice, call, "device")
    info = struct_argument(device.layer, call, "pAllocateInfo", pAllocateInfo, VkMemoryAllocateInfo)
    size = c_integer(info.allocationSize, f"{call}: pAllocateInfo->allocationSize", SIZE_MAX, "VkDeviceSize")
    type_index = int(info.memoryTypeIndex)
    if not 0 <= type_index < len(MEMORY_TYPES):
        device.layer.unsafe(Violation(vuids.MEMORY_TYPE_INDEX, call, f"pAllocateInfo->memoryTypeIndex = {type_index}, "
                                                                     f"but the device has {len(MEMORY_TYPES)} types"))
    if size == 0:
        device.layer.report(Violation(vuids.ALLOCATION_SIZE, call, "pAllocateInfo->allocationSize = 0"))
        raise VulkanError(VkResult.VK_ERROR_OUT_OF_DEVICE_MEMORY, f"{call}: a zero-size allocation (the emulated "
                                                                  f"driver fails it)")
    if size > MAX_ALLOCATION:
        raise VulkanError(VkResult.VK_ERROR_OUT_OF_DEVICE_MEMORY,
                          f"{call}: pAllocateInfo->allocationSize = {size} is past the emulator's limit of "
                          f"{MAX_ALLOCATION} bytes per allocation")
    flags = 0
    for struct in pnext_chain(info):
        if isinstance(struct, VkMemoryAllocateFlagsInfo):
            flags |= int(struct.flags)
    return VkDeviceMemory(device, size, type_index, flags)


def vkFreeMemory(device: VkDevice, memory: VkDeviceMemory | None, pAllocator: Any = None) -> None:
    """The allocation's addresses unmap; buffers bound to it can no longer be read or written."""
    device = require_handle(device, VkDevice, "vkFreeMemory", "device")
    if memory is None:
        return
    memory = require_handle(memory, VkDeviceMemory, "vkFreeMemory", "memory")
    memory.alive = False
    device.allocations.remove(memory)
    device.address_space.release(memory.buffer)


def vkBindBufferMemory(device: VkDevice, buffer: VkBuffer, memory: VkDeviceMemory, memoryOffset: int) -> VkResult:
    call = "vkBindBufferMemory"
    device = require_handle(device, VkDevice, call, "device")
    buffer = require_handle(buffer, VkBuffer, call, "buffer")
    memory = require_handle(memory, VkDeviceMemory, call, "memory")
    offset = c_integer(memoryOffset, f"{call}: memoryOffset", SIZE_MAX, "VkDeviceSize")
    layer = device.layer
    if buffer.memory is not None:
        layer.report(Violation(vuids.BIND_TWICE, call, f"{buffer!r} is already bound to {buffer.memory!r}"))
    if offset >= memory.size:
        layer.report(Violation(vuids.BIND_OFFSET, call, f"memoryOffset = {offset}, memory size = {memory.size}"))
    elif buffer.requirements_size > memory.size - offset:
        layer.report(Violation(vuids.BIND_SIZE, call, f"the buffer needs {buffer.requirements_size} bytes, memory "
                                                      f"has {memory.size - offset} after memoryOffset = {offset}"))
    if offset % BUFFER_ALIGNMENT:
        layer.report(Violation(vuids.BIND_ALIGNMENT, call, f"memoryOffset = {offset} is not a multiple of the "
                                                           f"required alignment {BUFFER_ALIGNMENT}"))
    if (device.features.get("bufferDeviceAddress") and buffer.usage & _SHADER_DEVICE_ADDRESS
            and not memory.flags & VkMemoryAllocateFlagBits.VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT):
        layer.report(Violation(vuids.BIND_DEVICE_ADDRESS, call, f"{buffer!r} has SHADER_DEVICE_ADDRESS usage but "
                                                                f"{memory!r} was allocated without "
                                                                f"VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT"))
    buffer.memory, buffer.offset = memory, offset
    return VkResult.VK_SUCCESS


def vkMapMemory(device: VkDevice, memory: VkDeviceMemory, offset: int, size: int, flags: int = 0) -> np.ndarray:
    """A writable uint8 view of [offset, offset + size) (VK_WHOLE_SIZE: to the end); C writes it to *ppData."""
    call = "vkMapMemory"
    device = require_handle(device, VkDevice, call, "device")
    memory = require_handle(memory, VkDeviceMemory, call, "memory")
    offset = c_integer(offset, f"{call}: offset", SIZE_MAX, "VkDeviceSize")
    size = c_integer(size, f"{call}: size", SIZE_MAX, "VkDeviceSize")
    layer = device.layer
    if not memory.property_flags & VkMemoryPropertyFlagBits.VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT:
        layer.report(Violation(vuids.MAP_HOST_VISIBLE, call, f"{memory!r} has memory type {memory.type_index} "
                                                             f"({memory.property_flags!r})"))
        raise VulkanError(VkResult.VK_ERROR_MEMORY_MAP_FAILED, f"{call}: memory type {memory.type_index} is not "
                                                               f"host-visible")
    if memory.mapped:
        layer.report(Violation(vuids.MAP_TWICE, call, f"{memory!r} is already mapped"))
    if offset >= memory.size:
        layer.unsafe(Violation(vuids.MAP_OFFSET, call, f"offset = {offset}, memory size = {memory.size}"))
    if size != VK_WHOLE_SIZE:
        if size == 0:
            layer.report(Violation(vuids.MAP_SIZE_ZERO, call, "size = 0"))
        elif size > memory.size - offset:
            layer.unsafe(Violation(vuids.MAP_SIZE, call, f"size = {size}, but memory has {memory.size - offset} bytes "
                                                         f"after offset = {offset}"))
    end = memory.size if size == VK_WHOLE_SIZE else offset + size
    memory.mapped = True
    return memory.buffer.data[offset:end]


def vkUnmapMemory(device: VkDevice, memory: VkDeviceMemory) -> None:
    call = "vkUnmapMemory"
    device = require_handle(device, VkDevice, call, "device")
    memory = require_handle(memory, VkDeviceMemory, call, "memory")
    if not memory.mapped:
        device.layer.report(Violation(vuids.UNMAP_NOT_MAPPED, call, f"{memory!r} is not mapped"))
    memory.mapped = False
    memory.buffer.mark_written()


def vkGetBufferDeviceAddress(device: VkDevice, pInfo: VkBufferDeviceAddressInfo) -> int:
    """The buffer's device address (0 for a buffer that is not bound)."""
    call = "vkGetBufferDeviceAddress"
    device = require_handle(device, VkDevice, call, "device")
    info = struct_argument(device.layer, call, "pInfo", pInfo, VkBufferDeviceAddressInfo)
    buffer = require_handle(info.buffer, VkBuffer, call, "pInfo->buffer")
    layer = device.layer
    if not device.features.get("bufferDeviceAddress"):
        layer.report(Violation(vuids.ADDRESS_FEATURE, call, "the device was created without the bufferDeviceAddress "
                                                            "feature"))
    if not buffer.usage & _SHADER_DEVICE_ADDRESS:
        layer.report(Violation(vuids.ADDRESS_USAGE, call, f"pInfo->buffer {buffer!r} has usage {buffer.usage!r}"))
    if buffer.memory is None:
        layer.report(Violation(vuids.ADDRESS_BOUND, call, f"pInfo->buffer {buffer!r} is not bound to memory"))
    return buffer.address


def buffer_at(device: VkDevice, address: int) -> VkBuffer | None:
    """The live, bound buffer created for device addresses whose range holds `address` (an emulator helper)."""
    for buffer in device.buffers:
        if (buffer.memory is not None and buffer.memory.alive and buffer.usage & _SHADER_DEVICE_ADDRESS
                and buffer.address <= address < buffer.address + max(buffer.size, 1)):
            return buffer
    return None


__all__ = ["VkDeviceMemory", "VkBuffer", "vkCreateBuffer", "vkDestroyBuffer", "vkGetBufferMemoryRequirements",
           "vkAllocateMemory", "vkFreeMemory", "vkBindBufferMemory", "vkMapMemory", "vkUnmapMemory",
           "vkGetBufferDeviceAddress"]
