"""vkQueueSubmit and fences: submitted command buffers run to completion, in order, inside the call.

When vkQueueSubmit returns, every command has executed and its writes are in memory, and the fence (if any)
is signaled, so vkWaitForFences on a submitted fence returns at once. While a submission runs (in another
thread) its fence is in flight, and a wait on it blocks until the submission ends. A finite wait on any other
unsignaled fence waits out its timeout (another thread may still submit); an infinite one would only end if
some thread submitted later, which the emulator does not bet on: it raises instead of hanging. Semaphores are
not emulated (execution is already in order).
"""

from __future__ import annotations

import threading
import time
from typing import Any

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.vulkan import vuids
from dxlinalg.vulkan.arguments import struct_argument
from dxlinalg.vulkan.command_buffer import CommandBufferState, VkCommandBuffer
from dxlinalg.vulkan.device import VkDevice, VkQueue
from dxlinalg.vulkan.enums import (
    VkCommandBufferUsageFlagBits,
    VkFenceCreateFlagBits,
    VkResult,
)
from dxlinalg.vulkan.handles import VkHandle, require_handle
from dxlinalg.vulkan.pointers import array_pointer
from dxlinalg.vulkan.structs import VkFenceCreateInfo, VkSubmitInfo
from dxlinalg.vulkan.synchronization import HazardTracker
from dxlinalg.vulkan.two_call import pointer_rule
from dxlinalg.vulkan.validation import (
    ValidationLayer,
    Violation,
    VulkanUndefinedBehaviorError,
)
from dxlinalg.vulkan.vuids import RULES

NEVER_ENDING_WAIT = "UNASSIGNED-dxlinalg-WaitForFences-forever"
#: Timeouts from here up are waits without end (UINT64_MAX is the usual spelling; 2^63 ns is 292 years).
INFINITE_TIMEOUT = 1 << 63
_IN_FLIGHT = threading.Lock()  # guards VkFence.in_flight across submitting threads
RULES[NEVER_ENDING_WAIT] = ("a wait with an infinite timeout on an unsignaled fence that no running submission will "
                            "signal never returns (the emulator runs submissions inside vkQueueSubmit)")


class VkFence(VkHandle):
    def __init__(self, device: VkDevice, signaled: bool) -> None:
        super().__init__(device.layer)
        self.device = device
        self.event = threading.Event()
        self.in_flight = 0  # submissions running now (in any thread) that will signal this fence
        if signaled:
            self.event.set()


def vkCreateFence(device: VkDevice, pCreateInfo: VkFenceCreateInfo, pAllocator: Any = None) -> VkFence:
    call = "vkCreateFence"
    device = require_handle(device, VkDevice, call, "device")
    info = struct_argument(device.layer, call, "pCreateInfo", pCreateInfo, VkFenceCreateInfo)
    return VkFence(device, bool(int(info.flags) & VkFenceCreateFlagBits.VK_FENCE_CREATE_SIGNALED_BIT))


def vkDestroyFence(device: VkDevice, fence: VkFence | None, pAllocator: Any = None) -> None:
    require_handle(device, VkDevice, "vkDestroyFence", "device")
    if fence is not None:
        require_handle(fence, VkFence, "vkDestroyFence", "fence").alive = False


def vkGetFenceStatus(device: VkDevice, fence: VkFence) -> VkResult:
    require_handle(device, VkDevice, "vkGetFenceStatus", "device")
    fence = require_handle(fence, VkFence, "vkGetFenceStatus", "fence")
    return VkResult.VK_SUCCESS if fence.event.is_set() else VkResult.VK_NOT_READY


def _fences(call: str, layer: ValidationLayer, count: int, pFences: Any) -> list[VkFence]:
    try:
        fences = array_pointer(pFences, count) or []
    except TypeError as problem:
        layer.unsafe(Violation(pointer_rule(call, "pFences", "pFences must be a valid pointer to an array of "
                                                             "fenceCount valid VkFence handles"),
                               call, f"pFences {problem}"))
    return [require_handle(fence, VkFence, call, "pFences") for fence in fences]


def vkResetFences(device: VkDevice, fenceCount: int, pFences: Any) -> VkResult:
    call = "vkResetFences"
    device = require_handle(device, VkDevice, call, "device")
    for fence in _fences(call, device.layer, int(fenceCount), pFences):
        fence.event.clear()
    return VkResult.VK_SUCCESS


def vkWaitForFences(device: VkDevice, fenceCount: int, pFences: Any, waitAll: int, timeout: int) -> VkResult:
    """VK_SUCCESS when all (waitAll) or any fence is signaled within `timeout` nanoseconds, else VK_TIMEOUT."""
    call = "vkWaitForFences"
    device = require_handle(device, VkDevice, call, "device")
    fences = _fences(call, device.layer, int(fenceCount), pFences)
    done = all if waitAll else any
    if done(fence.event.is_set() for fence in fences):
        return VkResult.VK_SUCCESS
    if int(timeout) >= INFINITE_TIMEOUT and not any(fence.in_flight for fence in fences):
        raise VulkanUndefinedBehaviorError(NEVER_ENDING_WAIT, f"{call}: no submission is running that would signal "
                                                              f"these fences, so the wait would never end "
                                                              f"({NEVER_ENDING_WAIT}: {RULES[NEVER_ENDING_WAIT]})")
    deadline = time.monotonic() + min(int(timeout) / 1e9, threading.TIMEOUT_MAX)
    while not done(fence.event.is_set() for fence in fences):
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return VkResult.VK_TIMEOUT
        time.sleep(min(0.001, remaining))
    return VkResult.VK_SUCCESS


def _command_buffers(call: str, queue: VkQueue, index: int, submit: VkSubmitInfo) -> list[VkCommandBuffer]:
    layer = queue.layer
    if int(submit.waitSemaphoreCount) or int(submit.signalSemaphoreCount):
        raise InvalidArgumentError(f"{call}: pSubmits[{index}] waits on or signals semaphores, which the emulator "
                                   f"does not have (submissions already run in order)")
    try:
        handles = array_pointer(submit.pCommandBuffers, int(submit.commandBufferCount)) or []
    except TypeError as problem:
        layer.unsafe(Violation(pointer_rule(call, "pSubmits->pCommandBuffers", "pCommandBuffers must be a valid "
                                            "pointer to an array of commandBufferCount VkCommandBuffer handles"),
                               call, f"pSubmits[{index}].pCommandBuffers {problem}"))
    buffers = [require_handle(handle, VkCommandBuffer, call, "pSubmits->pCommandBuffers") for handle in handles]
    for slot, buffer in enumerate(buffers):
        where = f"pSubmits[{index}].pCommandBuffers[{slot}] {buffer!r}"
        if buffer.state != CommandBufferState.EXECUTABLE:
            layer.report(Violation(vuids.SUBMIT_STATE, call, f"{where} is in the {buffer.state.value} state (a driver "
                                                             f"runs what was recorded)"))
        elif buffer.recording_state.get("invalidated_by"):
            layer.report(Violation(vuids.SUBMIT_STATE, call, f"{where} is invalid: "
                                                             f"{buffer.recording_state['invalidated_by']} (a driver "
                                                             f"runs what was recorded, reading the descriptors now)"))
        if buffer.pool.family != queue.family:
            layer.report(Violation(vuids.SUBMIT_FAMILY, call, f"{where} comes from a pool of queue family "
                                                              f"{buffer.pool.family}; the queue is of family "
                                                              f"{queue.family}"))
    return buffers


def vkQueueSubmit(queue: VkQueue, submitCount: int, pSubmits: Any, fence: VkFence | None) -> VkResult:
    """Run every command buffer of every submission, in order, then signal `fence`."""
    call = "vkQueueSubmit"
    queue = require_handle(queue, VkQueue, call, "queue")
    layer = queue.layer
    try:
        submits = array_pointer(pSubmits, int(submitCount)) or []
    except TypeError as problem:
        layer.unsafe(Violation(pointer_rule(call, "pSubmits", "if submitCount is not 0, pSubmits must be a valid "
                                                              "pointer to an array of submitCount valid VkSubmitInfo "
                                                              "structures"), call, f"pSubmits {problem}"))
    if fence is not None:
        fence = require_handle(fence, VkFence, call, "fence")
        if fence.event.is_set():
            layer.report(Violation(vuids.SUBMIT_FENCE, call, f"fence {fence!r} is already signaled"))
    batches = [_command_buffers(call, queue, index, struct_argument(layer, call, f"pSubmits[{index}]", submit,
                                                                   VkSubmitInfo))
               for index, submit in enumerate(submits)]
    if fence is not None:
        with _IN_FLIGHT:
            fence.in_flight += 1
    queue.hazards = HazardTracker(layer)
    try:
        for allocation in queue.device.allocations:
            if allocation.mapped:
                allocation.buffer.mark_written()
        for batch in batches:
            for buffer in batch:
                for command in buffer.commands:
                    command.execute(queue)
                if buffer.usage & VkCommandBufferUsageFlagBits.VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT:
                    buffer.state = CommandBufferState.INVALID
    finally:
        queue.hazards = None
        if fence is not None:
            fence.event.set()
            with _IN_FLIGHT:
                fence.in_flight -= 1
    return VkResult.VK_SUCCESS


__all__ = ["VkFence", "vkCreateFence", "vkDestroyFence", "vkGetFenceStatus", "vkResetFences", "vkWaitForFences",
           "vkQueueSubmit"]
