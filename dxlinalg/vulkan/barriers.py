"""vkCmdPipelineBarrier and vkCmdPipelineBarrier2: memory and buffer memory barriers, recorded as commands.

Work runs in submission order inside vkQueueSubmit, so a barrier changes no result; what it does is order
accesses for synchronization validation (`synchronization.HazardTracker`): at its place in the submission, the
earlier writes in each barrier's first scope (stages, accesses and, for a buffer barrier, its bytes) become
visible to its second scope. Both forms are checked as the spec asks (stages the queue family runs, accesses
those stages support, buffer ranges). Image barriers need images, which are not emulated. Queue family
ownership transfers are not emulated: a buffer barrier between two families orders memory like any other.
"""

from __future__ import annotations

from typing import Any

from dxlinalg.vulkan import compute_vuids as vu
from dxlinalg.vulkan.arguments import UINT32_MAX, c_integer, struct_argument
from dxlinalg.vulkan.command_buffer import VkCommandBuffer, recording_buffer
from dxlinalg.vulkan.commands import Command
from dxlinalg.vulkan.compute_structs import (
    VkBufferMemoryBarrier,
    VkBufferMemoryBarrier2,
    VkDependencyInfo,
    VkMemoryBarrier,
    VkMemoryBarrier2,
)
from dxlinalg.vulkan.device import VkQueue
from dxlinalg.vulkan.enums import (
    VK_WHOLE_SIZE,
    VkAccessFlagBits2,
    VkPipelineStageFlagBits2,
)
from dxlinalg.vulkan.handles import require_handle
from dxlinalg.vulkan.memory import VkBuffer
from dxlinalg.vulkan.pointers import array_pointer
from dxlinalg.vulkan.synchronization import (
    Dependency,
    unsupported_accesses,
    unsupported_stages,
)
from dxlinalg.vulkan.validation import ValidationLayer, Violation

BARRIER = "vkCmdPipelineBarrier"
BARRIER2 = "vkCmdPipelineBarrier2"
STAGE_MASK = 0xFFFFFFFFFFFFFFFF


class PipelineBarrierCommand(Command):
    """A recorded barrier: its memory dependencies, applied to the submission's hazard tracker."""

    name = BARRIER

    def __init__(self, dependencies: list[Dependency]) -> None:
        self.dependencies = dependencies

    def execute(self, queue: VkQueue) -> None:
        if queue.hazards is not None:
            queue.hazards.barrier(self.dependencies)


def _stage_names(stages: int) -> str:
    return "|".join(m.name for m in VkPipelineStageFlagBits2 if m and stages & m) or f"{stages:#x}"


def _access_names(accesses: int) -> str:
    return "|".join(m.name for m in VkAccessFlagBits2 if m and accesses & m) or f"{accesses:#x}"


def _stage_queue(layer: ValidationLayer, call: str, buffer: VkCommandBuffer, field: str, stages: int,
                 vuid: str) -> None:
    bad = unsupported_stages(stages, int(buffer.pool.queue_flags))
    if bad:
        layer.report(Violation(vuid, call, f"{field} = {stages:#x} holds {_stage_names(bad)}, which queue family "
                                           f"{buffer.pool.family} ({buffer.pool.queue_flags!r}) does not run"))


def _buffer_range(layer: ValidationLayer, call: str, field: str, barrier: Any,
                  rules: tuple[str, str, str, str]) -> tuple[int, int | None]:
    """The device-address range of a buffer memory barrier."""
    offset_rule, zero_rule, size_rule, bound_rule = rules
    buffer = require_handle(barrier.buffer, VkBuffer, call, f"{field}.buffer")
    offset = c_integer(barrier.offset, f"{call}: {field}.offset", STAGE_MASK, "VkDeviceSize")
    size = c_integer(barrier.size, f"{call}: {field}.size", STAGE_MASK, "VkDeviceSize")
    if offset >= buffer.size:
        layer.report(Violation(offset_rule, call, f"{field}.offset = {offset}, {buffer!r} has {buffer.size} bytes"))
    if size != VK_WHOLE_SIZE:
        if size == 0:
            layer.report(Violation(zero_rule, call, f"{field}.size = 0"))
        elif offset < buffer.size and size > buffer.size - offset:
            layer.report(Violation(size_rule, call, f"{field}.size = {size}, {buffer!r} has {buffer.size - offset} "
                                                    f"bytes after offset {offset}"))
    if buffer.memory is None:
        layer.report(Violation(bound_rule, call, f"{field}.buffer {buffer!r} is not bound to memory"))
        return 0, 0
    end = buffer.size if size == VK_WHOLE_SIZE else offset + size
    return buffer.address + offset, buffer.address + end


def _array(layer: ValidationLayer, call: str, field: str, pointer: Any, count: Any, vuid: str) -> list[Any]:
    """The first `count` structs of the barrier array `field` (a short or NULL array is unsafe)."""
    number = c_integer(count, f"{call}: the count of {field}", UINT32_MAX, "uint32_t")
    try:
        return array_pointer(pointer, number) or []
    except TypeError as problem:
        layer.unsafe(Violation(vuid, call, f"{field} {problem}"))


def _no_images(layer: ValidationLayer, call: str, count: Any) -> None:
    if c_integer(count, f"{call}: imageMemoryBarrierCount", UINT32_MAX, "uint32_t"):
        layer.unsafe(Violation(vu.BARRIER_IMAGES, call, f"imageMemoryBarrierCount = {count}: the emulator has no "
                                                        f"images, so no image barrier can name a valid VkImage"))


def vkCmdPipelineBarrier(commandBuffer: VkCommandBuffer, srcStageMask: int, dstStageMask: int, dependencyFlags: int,
                         memoryBarrierCount: int, pMemoryBarriers: Any, bufferMemoryBarrierCount: int,
                         pBufferMemoryBarriers: Any, imageMemoryBarrierCount: int = 0,
                         pImageMemoryBarriers: Any = None) -> None:
    """Record a synchronization-1 barrier: one pair of stage masks, memory and buffer memory barriers."""
    buffer = recording_buffer(commandBuffer, BARRIER)
    layer = buffer.layer
    src = c_integer(srcStageMask, f"{BARRIER}: srcStageMask", UINT32_MAX, "VkPipelineStageFlags")
    dst = c_integer(dstStageMask, f"{BARRIER}: dstStageMask", UINT32_MAX, "VkPipelineStageFlags")
    if not buffer.device.features.get("synchronization2"):
        for value, rule, name in ((src, vu.BARRIER_SRC_STAGE_ZERO, "srcStageMask"),
                                  (dst, vu.BARRIER_DST_STAGE_ZERO, "dstStageMask")):
            if value == 0:
                layer.report(Violation(rule, BARRIER, f"{name} = 0 and the device was created without the "
                                                      f"synchronization2 feature"))
    _stage_queue(layer, BARRIER, buffer, "srcStageMask", src, vu.BARRIER_SRC_STAGE_QUEUE)
    _stage_queue(layer, BARRIER, buffer, "dstStageMask", dst, vu.BARRIER_DST_STAGE_QUEUE)
    _no_images(layer, BARRIER, imageMemoryBarrierCount)
    dependencies = []
    memory = _array(layer, BARRIER, "pMemoryBarriers", pMemoryBarriers, memoryBarrierCount, vu.BARRIER_MEMORY_BARRIERS)
    for index, barrier in enumerate(memory):
        field = f"pMemoryBarriers[{index}]"
        barrier = struct_argument(layer, BARRIER, field, barrier, VkMemoryBarrier)
        _accesses(layer, BARRIER, field, int(barrier.srcAccessMask), src, int(barrier.dstAccessMask), dst,
                  (vu.BARRIER_SRC_ACCESS, vu.BARRIER_DST_ACCESS))
        dependencies.append(Dependency(src, int(barrier.srcAccessMask), dst, int(barrier.dstAccessMask)))
    buffers = _array(layer, BARRIER, "pBufferMemoryBarriers", pBufferMemoryBarriers, bufferMemoryBarrierCount,
                     vu.BARRIER_BUFFER_BARRIERS)
    for index, barrier in enumerate(buffers):
        field = f"pBufferMemoryBarriers[{index}]"
        barrier = struct_argument(layer, BARRIER, field, barrier, VkBufferMemoryBarrier)
        _accesses(layer, BARRIER, field, int(barrier.srcAccessMask), src, int(barrier.dstAccessMask), dst,
                  (vu.BARRIER_BUFFER_SRC_ACCESS, vu.BARRIER_BUFFER_DST_ACCESS))
        start, end = _buffer_range(layer, BARRIER, field, barrier, (vu.BUFFER_BARRIER_OFFSET,
                                                                    vu.BUFFER_BARRIER_SIZE_ZERO,
                                                                    vu.BUFFER_BARRIER_SIZE, vu.BUFFER_BARRIER_BOUND))
        dependencies.append(Dependency(src, int(barrier.srcAccessMask), dst, int(barrier.dstAccessMask), start, end))
    buffer.record(PipelineBarrierCommand(dependencies))


def _accesses(layer: ValidationLayer, call: str, field: str, src_access: int, src: int, dst_access: int, dst: int,
              rules: tuple[str, str]) -> None:
    """Synchronization 1: each access mask holds only accesses its stage mask supports."""
    for access, stages, rule, name in ((src_access, src, rules[0], "srcAccessMask"),
                                       (dst_access, dst, rules[1], "dstAccessMask")):
        bad = unsupported_accesses(access, stages)
        if bad:
            layer.report(Violation(rule, call, f"{field}.{name} holds {_access_names(bad)}, which no stage of "
                                               f"{_stage_names(stages)} supports"))


def _accesses2(layer: ValidationLayer, field: str, struct: str, barrier: Any) -> None:
    """Synchronization 2: each access flag needs a supporting stage in its barrier's own stage mask."""
    for mask, stage_mask in (("srcAccessMask", "srcStageMask"), ("dstAccessMask", "dstStageMask")):
        stages = int(getattr(barrier, stage_mask))
        for flag in VkAccessFlagBits2:
            if flag and int(getattr(barrier, mask)) & flag and unsupported_accesses(int(flag), stages) \
                    and flag.name in vu.ACCESS2_RULE_NUMBERS:
                rule = vu.access2_rule(struct, mask, flag.name, "a pipeline stage that supports it")
                layer.report(Violation(rule, BARRIER2, f"{field}.{mask} holds {flag.name}, which no stage of "
                                                       f"{field}.{stage_mask} = {_stage_names(stages)} supports"))


def vkCmdPipelineBarrier2(commandBuffer: VkCommandBuffer, pDependencyInfo: VkDependencyInfo) -> None:
    """Record a synchronization-2 barrier: each barrier carries its own stage and access masks."""
    buffer = recording_buffer(commandBuffer, BARRIER2)
    layer = buffer.layer
    if not buffer.device.features.get("synchronization2"):
        layer.report(Violation(vu.BARRIER2_FEATURE, BARRIER2, "the device was created without the synchronization2 "
                                                              "feature (the barrier is recorded)"))
    info = pDependencyInfo
    if not isinstance(info, VkDependencyInfo):
        layer.unsafe(Violation(vu.DEPENDENCY_INFO, BARRIER2, f"pDependencyInfo is a {type(info).__name__}"))
    _no_images(layer, BARRIER2, info.imageMemoryBarrierCount)
    dependencies = []
    memory = _array(layer, BARRIER2, "pDependencyInfo->pMemoryBarriers", info.pMemoryBarriers, info.memoryBarrierCount,
                    vu.DEPENDENCY_MEMORY_BARRIERS)
    for index, barrier in enumerate(memory):
        field = f"pDependencyInfo->pMemoryBarriers[{index}]"
        barrier = struct_argument(layer, BARRIER2, field, barrier, VkMemoryBarrier2)
        _stage_queue(layer, BARRIER2, buffer, f"{field}.srcStageMask", int(barrier.srcStageMask),
                     vu.BARRIER2_SRC_STAGE_QUEUE)
        _stage_queue(layer, BARRIER2, buffer, f"{field}.dstStageMask", int(barrier.dstStageMask),
                     vu.BARRIER2_DST_STAGE_QUEUE)
        _accesses2(layer, field, "VkMemoryBarrier2", barrier)
        dependencies.append(Dependency(int(barrier.srcStageMask), int(barrier.srcAccessMask),
                                       int(barrier.dstStageMask), int(barrier.dstAccessMask)))
    buffers = _array(layer, BARRIER2, "pDependencyInfo->pBufferMemoryBarriers", info.pBufferMemoryBarriers,
                     info.bufferMemoryBarrierCount, vu.DEPENDENCY_BUFFER_BARRIERS)
    for index, barrier in enumerate(buffers):
        field = f"pDependencyInfo->pBufferMemoryBarriers[{index}]"
        barrier = struct_argument(layer, BARRIER2, field, barrier, VkBufferMemoryBarrier2)
        _stage_queue(layer, BARRIER2, buffer, f"{field}.srcStageMask", int(barrier.srcStageMask),
                     vu.BARRIER2_BUFFER_SRC_STAGE_QUEUE)
        _stage_queue(layer, BARRIER2, buffer, f"{field}.dstStageMask", int(barrier.dstStageMask),
                     vu.BARRIER2_BUFFER_DST_STAGE_QUEUE)
        _accesses2(layer, field, "VkBufferMemoryBarrier2", barrier)
        start, end = _buffer_range(layer, BARRIER2, field, barrier, (vu.BUFFER_BARRIER2_OFFSET,
                                                                     vu.BUFFER_BARRIER2_SIZE_ZERO,
                                                                     vu.BUFFER_BARRIER2_SIZE, vu.BUFFER_BARRIER2_BOUND))
        dependencies.append(Dependency(int(barrier.srcStageMask), int(barrier.srcAccessMask),
                                       int(barrier.dstStageMask), int(barrier.dstAccessMask), start, end))
    buffer.record(PipelineBarrierCommand(dependencies))


__all__ = ["PipelineBarrierCommand", "vkCmdPipelineBarrier", "vkCmdPipelineBarrier2"]
