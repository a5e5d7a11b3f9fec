"""Command pools and command buffers: allocation, the recording lifecycle, and recording commands.

A command buffer is a list of `commands.Command` objects, run in order when a queue submits it. Its
lifecycle is Vulkan's: initial -> (vkBeginCommandBuffer) recording -> (vkEndCommandBuffer) executable ->
(after a ONE_TIME_SUBMIT submission) invalid; reset returns it to initial. There is no pending state: a
submission runs to completion inside vkQueueSubmit.

To add a command (the compute path: bind, push constants, dispatch, barriers): write a Command subclass and
a `vkCmd*` function that takes the buffer with `recording_buffer(commandBuffer, call)`, checks its arguments,
keeps per-recording state (the bound pipeline, ...) in `buffer.recording_state` (cleared at every begin and
reset), and ends with `buffer.record(command)`.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from dxlinalg.vulkan import vuids
from dxlinalg.vulkan.arguments import struct_argument
from dxlinalg.vulkan.commands import Command
from dxlinalg.vulkan.device import VkDevice
from dxlinalg.vulkan.emulated_device import QUEUE_FAMILIES
from dxlinalg.vulkan.enums import (
    VkCommandBufferLevel,
    VkCommandBufferUsageFlagBits,
    VkCommandPoolCreateFlagBits,
    VkQueueFlagBits,
    VkResult,
)
from dxlinalg.vulkan.handles import VkHandle, require_handle
from dxlinalg.vulkan.pointers import array_pointer
from dxlinalg.vulkan.structs import (
    VkCommandBufferAllocateInfo,
    VkCommandBufferBeginInfo,
    VkCommandPoolCreateInfo,
)
from dxlinalg.vulkan.two_call import pointer_rule
from dxlinalg.vulkan.validation import Violation
from dxlinalg.vulkan.vuids import RULES


class CommandBufferState(Enum):
    INITIAL = "initial"
    RECORDING = "recording"
    EXECUTABLE = "executable"
    INVALID = "invalid"


class VkCommandPool(VkHandle):
    def __init__(self, device: VkDevice, family: int, flags: int) -> None:
        super().__init__(device.layer)
        self.device = device
        self.family = family
        self.flags = VkCommandPoolCreateFlagBits(flags & 0x7)
        self.command_buffers: list[VkCommandBuffer] = []

    @property
    def queue_flags(self) -> VkQueueFlagBits:
        return QUEUE_FAMILIES[self.family].flags


class VkCommandBuffer(VkHandle):
    """Recorded commands, run in order at submission."""

    def __init__(self, pool: VkCommandPool, level: int) -> None:
        super().__init__(pool.layer)
        self.pool = pool
        self.device = pool.device
        self.level = level
        self.state = CommandBufferState.INITIAL
        self.usage = VkCommandBufferUsageFlagBits(0)
        self.commands: list[Command] = []
        #: Per-recording state of vkCmd* calls (bound pipeline, push constants, ...); cleared at begin and reset.
        self.recording_state: dict[str, Any] = {}

    def record(self, command: Command) -> None:
        self.commands.append(command)

    def reset(self) -> None:
        self.state = CommandBufferState.INITIAL
        self.commands = []
        self.recording_state = {}


def recording_rule(call: str) -> str:
    """Every vkCmd* call's `commandBuffer must be in the recording state` VUID."""
    vuid = f"VUID-{call}-commandBuffer-recording"
    RULES.setdefault(vuid, "commandBuffer must be in the recording state")
    return vuid


def recording_buffer(commandBuffer: Any, call: str) -> VkCommandBuffer:
    """The command buffer of a vkCmd* call; not recording is reported (without validation the command is
    appended anyway, as a driver writing its command stream would)."""
    buffer = require_handle(commandBuffer, VkCommandBuffer, call, "commandBuffer")
    if buffer.state != CommandBufferState.RECORDING:
        buffer.layer.report(Violation(recording_rule(call), call, f"{buffer!r} is in the {buffer.state.value} state"))
    return buffer


def vkCreateCommandPool(device: VkDevice, pCreateInfo: VkCommandPoolCreateInfo, pAllocator: Any = None) -> VkCommandPool:
    call = "vkCreateCommandPool"
    device = require_handle(device, VkDevice, call, "device")
    info = struct_argument(device.layer, call, "pCreateInfo", pCreateInfo, VkCommandPoolCreateInfo)
    family = int(info.queueFamilyIndex)
    if family not in device.queues:
        device.layer.unsafe(Violation(vuids.POOL_FAMILY, call, f"pCreateInfo->queueFamilyIndex = {family}; the device "
                                                               f"has queues of families {sorted(device.queues)}"))
    return VkCommandPool(device, family, int(info.flags))


def vkDestroyCommandPool(device: VkDevice, commandPool: VkCommandPool | None, pAllocator: Any = None) -> None:
    require_handle(device, VkDevice, "vkDestroyCommandPool", "device")
    if commandPool is None:
        return
    pool = require_handle(commandPool, VkCommandPool, "vkDestroyCommandPool", "commandPool")
    for buffer in pool.command_buffers:
        buffer.alive = False
    pool.alive = False


def vkResetCommandPool(device: VkDevice, commandPool: VkCommandPool, flags: int = 0) -> VkResult:
    require_handle(device, VkDevice, "vkResetCommandPool", "device")
    for buffer in require_handle(commandPool, VkCommandPool, "vkResetCommandPool", "commandPool").command_buffers:
        buffer.reset()
    return VkResult.VK_SUCCESS


def vkAllocateCommandBuffers(device: VkDevice, pAllocateInfo: VkCommandBufferAllocateInfo,
                             pCommandBuffers: list[Any]) -> VkResult:
    """Fills the first commandBufferCount elements of the list pCommandBuffers with new command buffers."""
    call = "vkAllocateCommandBuffers"
    device = require_handle(device, VkDevice, call, "device")
    info = struct_argument(device.layer, call, "pAllocateInfo", pAllocateInfo, VkCommandBufferAllocateInfo)
    pool = require_handle(info.commandPool, VkCommandPool, call, "pAllocateInfo->commandPool")
    count = int(info.commandBufferCount)
    if count == 0:
        device.layer.report(Violation(vuids.ALLOCATE_COUNT, call, "pAllocateInfo->commandBufferCount = 0"))
    if not isinstance(pCommandBuffers, list) or len(pCommandBuffers) < count:
        device.layer.unsafe(Violation(pointer_rule(call, "pCommandBuffers", "pCommandBuffers must be a valid pointer "
                                                   "to an array of pAllocateInfo->commandBufferCount VkCommandBuffer "
                                                   "handles"),
                                      call, f"pCommandBuffers is {type(pCommandBuffers).__name__} of "
                                            f"{len(pCommandBuffers) if isinstance(pCommandBuffers, list) else '?'} "
                                            f"elements, fewer than {count}"))
    level = VkCommandBufferLevel(int(info.level)) if int(info.level) in (0, 1) else int(info.level)
    for index in range(count):
        buffer = VkCommandBuffer(pool, level)
        pool.command_buffers.append(buffer)
        pCommandBuffers[index] = buffer
    return VkResult.VK_SUCCESS


def vkFreeCommandBuffers(device: VkDevice, commandPool: VkCommandPool, commandBufferCount: int,
                         pCommandBuffers: Any) -> None:
    call = "vkFreeCommandBuffers"
    require_handle(device, VkDevice, call, "device")
    pool = require_handle(commandPool, VkCommandPool, call, "commandPool")
    try:
        buffers = array_pointer(pCommandBuffers, int(commandBufferCount)) or []
    except TypeError as problem:
        pool.layer.unsafe(Violation(pointer_rule(call, "pCommandBuffers", "pCommandBuffers must be a valid pointer to "
                                                 "an array of commandBufferCount VkCommandBuffer handles"),
                                    call, f"pCommandBuffers {problem}"))
    for buffer in buffers:
        if buffer is not None:
            buffer = require_handle(buffer, VkCommandBuffer, call, "pCommandBuffers")
            buffer.alive = False
            pool.command_buffers.remove(buffer)


def vkBeginCommandBuffer(commandBuffer: VkCommandBuffer, pBeginInfo: VkCommandBufferBeginInfo) -> VkResult:
    """Start recording; a buffer that was recorded before is reset implicitly."""
    call = "vkBeginCommandBuffer"
    buffer = require_handle(commandBuffer, VkCommandBuffer, call, "commandBuffer")
    info = struct_argument(buffer.layer, call, "pBeginInfo", pBeginInfo, VkCommandBufferBeginInfo)
    if buffer.state == CommandBufferState.RECORDING:
        buffer.layer.report(Violation(vuids.BEGIN_RECORDING, call, f"{buffer!r} is already recording"))
    elif (buffer.state != CommandBufferState.INITIAL
          and not buffer.pool.flags & VkCommandPoolCreateFlagBits.VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT):
        buffer.layer.report(Violation(vuids.BEGIN_NOT_INITIAL, call, f"{buffer!r} is in the {buffer.state.value} state "
                                                                     f"and its pool was created without "
                                                                     f"VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT"))
    buffer.reset()
    buffer.state = CommandBufferState.RECORDING
    buffer.usage = VkCommandBufferUsageFlagBits(int(info.flags) & 0x7)
    return VkResult.VK_SUCCESS


def vkEndCommandBuffer(commandBuffer: VkCommandBuffer) -> VkResult:
    call = "vkEndCommandBuffer"
    buffer = require_handle(commandBuffer, VkCommandBuffer, call, "commandBuffer")
    if buffer.state != CommandBufferState.RECORDING:
        buffer.layer.report(Violation(vuids.END_NOT_RECORDING, call, f"{buffer!r} is in the {buffer.state.value} "
                                                                     f"state"))
    buffer.state = CommandBufferState.EXECUTABLE
    return VkResult.VK_SUCCESS


def vkResetCommandBuffer(commandBuffer: VkCommandBuffer, flags: int = 0) -> VkResult:
    call = "vkResetCommandBuffer"
    buffer = require_handle(commandBuffer, VkCommandBuffer, call, "commandBuffer")
    if not buffer.pool.flags & VkCommandPoolCreateFlagBits.VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT:
        buffer.layer.report(Violation(vuids.RESET_POOL_FLAG, call, f"the pool of {buffer!r} was created without "
                                                                   f"VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT"))
    buffer.reset()
    return VkResult.VK_SUCCESS


__all__ = ["VkCommandPool", "VkCommandBuffer", "CommandBufferState", "vkCreateCommandPool", "vkDestroyCommandPool",
           "vkResetCommandPool", "vkAllocateCommandBuffers", "vkFreeCommandBuffers", "vkBeginCommandBuffer",
           "vkEndCommandBuffer", "vkResetCommandBuffer"]
