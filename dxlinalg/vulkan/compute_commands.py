"""vkCmdBindPipeline, vkCmdBindDescriptorSets, vkCmdPushConstants, vkCmdDispatch(Base): a dispatch, recorded.

The bind and push calls change the command buffer's recording state; vkCmdDispatch checks that state as the
spec asks (a pipeline bound, a compatible descriptor set bound for every set the shader uses, every
descriptor it uses valid, its push constants set) and records a `DispatchCommand` holding the pipeline, the
bound sets with their dynamic offsets and a copy of the push-constant bytes. At submission the command reads
the descriptors (as a GPU reads descriptor memory), binds each used buffer's bytes in place
(`dxlinalg.spirv.run.BufferSlice` of its VkDeviceMemory: offset, range, dynamic offset) and runs the entry point
through `dxlinalg.spirv.run` on the device's profile and address space, so PhysicalStorageBuffer addresses from
vkGetBufferDeviceAddress reach the same memory. With the validation layer on the shader runs in strict mode
(undefined behaviour raises, as GPU-assisted validation reports it); without it, permissively.
vkCmdDispatchBase is the same dispatch with WorkgroupId starting at baseGroupX/Y/Z; it checks the same rules
under its own VUIDs, and a non-zero base needs a pipeline created with VK_PIPELINE_CREATE_DISPATCH_BASE_BIT.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from dxlinalg.errors import DxLinalgError
from dxlinalg.spirv.run import BufferSlice, run
from dxlinalg.vulkan import compute_vuids as vu
from dxlinalg.vulkan.arguments import UINT32_MAX, c_integer
from dxlinalg.vulkan.command_buffer import VkCommandBuffer, recording_buffer
from dxlinalg.vulkan.commands import Command
from dxlinalg.vulkan.descriptors import (
    DYNAMIC_TYPES,
    UNIFORM_TYPES,
    Descriptor,
    VkDescriptorSet,
)
from dxlinalg.vulkan.device import VkDevice, VkQueue
from dxlinalg.vulkan.emulated_device import (
    MAX_COMPUTE_WORK_GROUP_COUNT,
    MAX_PUSH_CONSTANTS_SIZE,
    MIN_STORAGE_BUFFER_OFFSET_ALIGNMENT,
    MIN_UNIFORM_BUFFER_OFFSET_ALIGNMENT,
)
from dxlinalg.vulkan.enums import (
    VK_WHOLE_SIZE,
    VkAccessFlagBits2,
    VkPipelineBindPoint,
    VkPipelineCreateFlagBits,
    VkPipelineStageFlagBits2,
    VkQueueFlagBits,
)
from dxlinalg.vulkan.handles import require_handle
from dxlinalg.vulkan.pipelines import PushRange, VkPipeline, VkPipelineLayout
from dxlinalg.vulkan.pointers import array_pointer, host_bytes
from dxlinalg.vulkan.shader_interface import ResourceUse
from dxlinalg.vulkan.synchronization import MemoryAccess
from dxlinalg.vulkan.validation import ValidationLayer, Violation

BIND_PIPELINE = "vkCmdBindPipeline"
BIND_SETS = "vkCmdBindDescriptorSets"
PUSH = "vkCmdPushConstants"
DISPATCH = "vkCmdDispatch"
DISPATCH_BASE = "vkCmdDispatchBase"
COMPUTE = VkPipelineBindPoint.VK_PIPELINE_BIND_POINT_COMPUTE
GRAPHICS = VkPipelineBindPoint.VK_PIPELINE_BIND_POINT_GRAPHICS
_POOL_NEEDS = {COMPUTE: VkQueueFlagBits.VK_QUEUE_COMPUTE_BIT, GRAPHICS: VkQueueFlagBits.VK_QUEUE_GRAPHICS_BIT}


@dataclass(frozen=True)
class BoundSet:
    """A descriptor set bound at set n: with the pipeline layout it was bound with and its dynamic offsets."""

    set: VkDescriptorSet
    layout: VkPipelineLayout
    dynamic_offsets: dict[tuple[int, int], int]


@dataclass
class PushConstantState:
    """The push-constant bytes of a recording, which of them were set, and the ranges they were set with."""

    data: np.ndarray = field(default_factory=lambda: np.zeros(MAX_PUSH_CONSTANTS_SIZE, np.uint8))
    written: np.ndarray = field(default_factory=lambda: np.zeros(MAX_PUSH_CONSTANTS_SIZE, bool))
    ranges: tuple[PushRange, ...] | None = None


def _bind_point(layer: ValidationLayer, call: str, value: Any, vuid: str) -> VkPipelineBindPoint:
    try:
        return VkPipelineBindPoint(int(value))
    except (TypeError, ValueError):
        layer.unsafe(Violation(vuid, call, f"pipelineBindPoint = {value!r}"))


def _pool_supports(buffer: VkCommandBuffer, point: VkPipelineBindPoint) -> bool:
    return bool(buffer.pool.queue_flags & _POOL_NEEDS[point])


def vkCmdBindPipeline(commandBuffer: VkCommandBuffer, pipelineBindPoint: int, pipeline: VkPipeline) -> None:
    """Later dispatches of this recording use `pipeline`."""
    buffer = recording_buffer(commandBuffer, BIND_PIPELINE)
    layer = buffer.layer
    point = _bind_point(layer, BIND_PIPELINE, pipelineBindPoint, vu.BIND_POINT_VALUE)
    pipeline = require_handle(pipeline, VkPipeline, BIND_PIPELINE, "pipeline")
    if point == GRAPHICS:   # no emulated queue family does graphics; the pipeline is bound where no dispatch looks
        layer.report(Violation(vu.BIND_PIPELINE_GRAPHICS_POOL, BIND_PIPELINE, f"the pool of {buffer!r} is for queue "
                                                                              f"family {buffer.pool.family} "
                                                                              f"({buffer.pool.queue_flags!r})"))
        return
    if not _pool_supports(buffer, point):
        layer.report(Violation(vu.BIND_PIPELINE_COMPUTE_POOL, BIND_PIPELINE, f"the pool of {buffer!r} is for queue "
                                                                             f"family {buffer.pool.family} "
                                                                             f"({buffer.pool.queue_flags!r})"))
    buffer.recording_state["compute_pipeline"] = pipeline


def _dynamic_slots(descriptor_set: VkDescriptorSet) -> list[tuple[int, int]]:
    """The set's dynamic descriptors in the order pDynamicOffsets gives their offsets: binding, then element."""
    return [(number, element) for number, binding in descriptor_set.layout.bindings.items()
            if binding.type in DYNAMIC_TYPES for element in range(binding.count)]


def _check_dynamic(layer: ValidationLayer, where: str, descriptor: Descriptor | None, offset: int) -> None:
    if descriptor is None or descriptor.buffer is None:
        return
    uniform = descriptor.type in UNIFORM_TYPES
    alignment = MIN_UNIFORM_BUFFER_OFFSET_ALIGNMENT if uniform else MIN_STORAGE_BUFFER_OFFSET_ALIGNMENT
    if offset % alignment:
        layer.report(Violation(vu.BIND_SETS_UNIFORM_ALIGNMENT if uniform else vu.BIND_SETS_STORAGE_ALIGNMENT, BIND_SETS,
                               f"{where} = {offset} is not a multiple of {alignment}"))
    if descriptor.range == VK_WHOLE_SIZE:
        if offset:
            layer.report(Violation(vu.BIND_SETS_DYNAMIC_WHOLE, BIND_SETS, f"{where} = {offset} for a descriptor whose "
                                                                          f"range is VK_WHOLE_SIZE"))
    elif descriptor.offset + offset + descriptor.range > descriptor.buffer.size:
        layer.report(Violation(vu.BIND_SETS_DYNAMIC_RANGE, BIND_SETS,
                               f"{where} = {offset}: offset {descriptor.offset} + {offset} + range {descriptor.range} "
                               f"is past the {descriptor.buffer.size} bytes of {descriptor.buffer!r}"))


def vkCmdBindDescriptorSets(commandBuffer: VkCommandBuffer, pipelineBindPoint: int, layout: VkPipelineLayout,
                            firstSet: int, descriptorSetCount: int, pDescriptorSets: Any, dynamicOffsetCount: int = 0,
                            pDynamicOffsets: Any = None) -> None:
    """Bind sets firstSet .. firstSet + count - 1; sets bound before that `layout` is not compatible with are
    disturbed (no longer bound), as Vulkan's pipeline layout compatibility says."""
    buffer = recording_buffer(commandBuffer, BIND_SETS)
    layer = buffer.layer
    point = _bind_point(layer, BIND_SETS, pipelineBindPoint, vu.BIND_SETS_POINT_VALUE)
    if not _pool_supports(buffer, point):
        layer.report(Violation(vu.BIND_SETS_POINT, BIND_SETS, f"pipelineBindPoint = {point.name}, the pool of "
                                                              f"{buffer!r} is for {buffer.pool.queue_flags!r}"))
    layout = require_handle(layout, VkPipelineLayout, BIND_SETS, "layout")
    first = c_integer(firstSet, f"{BIND_SETS}: firstSet", UINT32_MAX, "uint32_t")
    count = c_integer(descriptorSetCount, f"{BIND_SETS}: descriptorSetCount", UINT32_MAX, "uint32_t")
    if count == 0:
        layer.report(Violation(vu.BIND_SETS_COUNT, BIND_SETS, "descriptorSetCount = 0 (nothing is bound)"))
    if first + count > len(layout.set_layouts):
        layer.report(Violation(vu.BIND_SETS_FIRST, BIND_SETS, f"firstSet {first} + descriptorSetCount {count} > "
                                                              f"setLayoutCount {len(layout.set_layouts)} of {layout!r}"))
    try:
        handles = array_pointer(pDescriptorSets, count) or []
    except TypeError as problem:
        layer.unsafe(Violation(vu.BIND_SETS_VALID, BIND_SETS, f"pDescriptorSets {problem}"))
    sets: list[VkDescriptorSet] = []
    for index, handle in enumerate(handles):
        if not (isinstance(handle, VkDescriptorSet) and handle.alive):
            layer.unsafe(Violation(vu.BIND_SETS_VALID, BIND_SETS, f"pDescriptorSets[{index}] is {handle!r}"))
        number = first + index
        expected = layout.signatures[number] if number < len(layout.signatures) else None
        if handle.layout.signature != expected:
            layer.report(Violation(vu.BIND_SETS_LAYOUT, BIND_SETS, f"pDescriptorSets[{index}] was allocated with a "
                                                                   f"layout other than set {number} of {layout!r}"))
        sets.append(handle)
    slots = [(index, slot) for index, descriptor_set in enumerate(sets) for slot in _dynamic_slots(descriptor_set)]
    dynamic = c_integer(dynamicOffsetCount, f"{BIND_SETS}: dynamicOffsetCount", UINT32_MAX, "uint32_t")
    try:
        offsets = [c_integer(o, f"{BIND_SETS}: pDynamicOffsets", UINT32_MAX, "uint32_t")
                   for o in array_pointer(pDynamicOffsets, dynamic) or []]
    except TypeError as problem:
        layer.unsafe(Violation(vu.BIND_SETS_DYNAMIC_OFFSETS, BIND_SETS, f"pDynamicOffsets {problem}"))
    if dynamic != len(slots):
        layer.report(Violation(vu.BIND_SETS_DYNAMIC_COUNT, BIND_SETS, f"dynamicOffsetCount = {dynamic}, the sets hold "
                                                                      f"{len(slots)} dynamic descriptors (missing "
                                                                      f"offsets are 0)"))
    per_set: list[dict[tuple[int, int], int]] = [{} for _ in sets]
    for position, ((index, slot), offset) in enumerate(zip(slots, offsets)):
        _check_dynamic(layer, f"pDynamicOffsets[{position}]", sets[index].descriptors.get(slot), offset)
        per_set[index][slot] = offset
    state: dict[int, BoundSet] = buffer.recording_state.setdefault("compute_sets", {})
    for number in [n for n in state if not first <= n < first + count]:
        if not layout.compatible_for_set(state[number].layout, number):
            del state[number]
    referenced: set[int] = buffer.recording_state.setdefault("referenced_sets", set())
    for index, descriptor_set in enumerate(sets):
        state[first + index] = BoundSet(descriptor_set, layout, per_set[index])
        descriptor_set.bound_in.add(buffer)
        referenced.add(id(descriptor_set))


def vkCmdPushConstants(commandBuffer: VkCommandBuffer, layout: VkPipelineLayout, stageFlags: int, offset: int,
                       size: int, pValues: Any) -> None:
    """Set push-constant bytes [offset, offset + size) from pValues (bytes, a bytearray or a numpy array)."""
    buffer = recording_buffer(commandBuffer, PUSH)
    layer = buffer.layer
    layout = require_handle(layout, VkPipelineLayout, PUSH, "layout")
    stages = c_integer(stageFlags, f"{PUSH}: stageFlags", UINT32_MAX, "VkShaderStageFlags")
    start = c_integer(offset, f"{PUSH}: offset", UINT32_MAX, "uint32_t")
    length = c_integer(size, f"{PUSH}: size", UINT32_MAX, "uint32_t")
    if stages == 0:
        layer.report(Violation(vu.PUSH_STAGES, PUSH, "stageFlags = 0"))
    if length == 0:
        layer.report(Violation(vu.PUSH_SIZE_ZERO, PUSH, "size = 0 (nothing is set)"))
    if start % 4:
        layer.report(Violation(vu.PUSH_OFFSET_ALIGNMENT, PUSH, f"offset = {start}"))
    if length % 4:
        layer.report(Violation(vu.PUSH_SIZE_ALIGNMENT, PUSH, f"size = {length}"))
    if start >= MAX_PUSH_CONSTANTS_SIZE:
        layer.unsafe(Violation(vu.PUSH_OFFSET_LIMIT, PUSH, f"offset = {start}, maxPushConstantsSize = "
                                                           f"{MAX_PUSH_CONSTANTS_SIZE}"))
    if length > MAX_PUSH_CONSTANTS_SIZE - start:
        layer.unsafe(Violation(vu.PUSH_SIZE_LIMIT, PUSH, f"size = {length} from offset {start} runs past "
                                                         f"maxPushConstantsSize = {MAX_PUSH_CONSTANTS_SIZE}"))
    end = start + length
    for bit in (1 << b for b in range(32) if stages >> b & 1):
        covered = np.zeros(MAX_PUSH_CONSTANTS_SIZE, bool)
        for found in layout.ranges_for(bit):
            covered[found.offset: found.end] = True
        if not covered[start:end].all():
            layer.report(Violation(vu.PUSH_COVERED, PUSH, f"bytes [{start}, {end}) for stage {bit:#x}: no push-constant "
                                                          f"range of {layout!r} for that stage holds byte "
                                                          f"{start + int(np.argmin(covered[start:end]))}"))
    for found in layout.push_ranges:
        if found.offset < end and start < found.end and found.stages & ~stages:
            layer.report(Violation(vu.PUSH_ALL_STAGES, PUSH, f"stageFlags = {stages:#x} lacks stages "
                                                             f"{found.stages & ~stages:#x} of the overlapping range "
                                                             f"[{found.offset}, {found.end})"))
    try:
        values = host_bytes(pValues, writable=False)
    except TypeError as problem:
        layer.unsafe(Violation(vu.PUSH_VALUES, PUSH, f"pValues {problem}"))
    if length and (values is None or values.size < length):
        layer.unsafe(Violation(vu.PUSH_VALUES, PUSH, f"pValues holds {0 if values is None else values.size} bytes, "
                                                     f"fewer than size = {length}"))
    state: PushConstantState = buffer.recording_state.setdefault("push_constants", PushConstantState())
    if state.ranges != layout.push_ranges:   # a push with an incompatible layout disturbs what was set before
        state.data[:] = 0
        state.written[:] = False
        state.ranges = layout.push_ranges
    if length:
        state.data[start:end] = values[:length]
        state.written[start:end] = True


# --- the dispatch ----------------------------------------------------------------------------------------------------

def descriptor_problem(bound: BoundSet | None, use: ResourceUse, element: int = 0) -> str | None:
    """Why the descriptor `use` needs (array element `element`) is not valid now, or None."""
    if bound is None:
        return f"no descriptor set is bound at set {use.set}"
    if not bound.set.alive:
        return f"the set bound at set {use.set}, {bound.set!r}, was freed"
    what = f"binding {use.binding}" + (f" element {element}" if use.array else "")
    layout_binding = bound.set.layout.bindings.get(use.binding)
    if use.array and (layout_binding is None or element >= layout_binding.count):
        count = 0 if layout_binding is None else layout_binding.count
        return f"{what} of {bound.set!r} (set {use.set}) is past the binding's descriptorCount {count}"
    descriptor = bound.set.descriptors.get((use.binding, element))
    if descriptor is None:
        return f"{what} of {bound.set!r} (set {use.set}) was never written"
    buffer = descriptor.buffer
    if buffer is None:
        return f"{what} of {bound.set!r} (set {use.set}) is a null descriptor"
    if not buffer.alive or buffer.memory is None or not buffer.memory.alive:
        return f"{what} of {bound.set!r} (set {use.set}) names {buffer!r}, which is destroyed, unbound " \
               f"or whose memory is freed"
    return None


def array_elements(bound: BoundSet | None, use: ResourceUse) -> range:
    """The elements of a descriptor array the bound set holds for it: the layout binding's descriptorCount,
    no more than the array's length."""
    layout_binding = None if bound is None else bound.set.layout.bindings.get(use.binding)
    count = 0 if layout_binding is None else layout_binding.count
    return range(count if use.length is None else min(count, use.length))


class DispatchCommand(Command):
    """vkCmdDispatch: the pipeline, bound sets and push constants as they were when it was recorded, the group
    counts and the first WorkgroupId (0 but for DispatchBaseCommand)."""

    name = DISPATCH
    #: vkCmdDispatch's VUID -> this command's VUID for the same rule (Vulkan states each once per command)
    rule_ids: ClassVar[dict[str, str]] = {}

    @classmethod
    def rule(cls, vuid: str) -> str:
        return cls.rule_ids.get(vuid, vuid)

    def __init__(self, pipeline: VkPipeline, sets: dict[int, BoundSet], push_constants: bytes,
                 groups: tuple[int, int, int], strict: bool, base_group: tuple[int, int, int] = (0, 0, 0)) -> None:
        self.pipeline = pipeline
        self.sets = sets
        self.push_constants = push_constants
        self.groups = groups
        self.strict = strict
        self.base_group = base_group

    def describe(self) -> str:
        grid = f"{self.groups}" if self.name == DISPATCH else f"(base {self.base_group}, groups {self.groups})"
        return f"{self.name}{grid} of entry point {self.pipeline.entry_point!r}"

    def execute(self, queue: VkQueue) -> None:
        """Bind each used buffer in place and run the entry point; a descriptor no longer valid skips it.

        A descriptor array passes each valid element as (set, binding, element): the elements its constant
        indices reach must be valid (else the dispatch is skipped); the others are left out when not valid,
        and an access to one is then the executor's to report."""
        device = queue.device
        buffers: dict[tuple[int, ...], BufferSlice] = {}
        accesses: list[MemoryAccess] = []
        for use in self.pipeline.interface.resources:
            elements = array_elements(self.sets.get(use.set), use) if use.array else range(1)
            required = set(use.required_elements)
            found = 0
            for element in elements:
                resolved = self._resolve(device, use, element, report=element in required)
                if resolved is None:
                    if element in required:
                        return
                    continue
                found += 1
                buffers[(use.set, use.binding, element) if use.array else (use.set, use.binding)] = resolved
                accesses += self._accesses(use, resolved, element if use.array else None)
            if found == 0:
                problem = descriptor_problem(self.sets.get(use.set), use) or "no element of it is valid"
                device.layer.report(Violation(self.rule(vu.DISPATCH_DESCRIPTORS), "vkQueueSubmit",
                                              f"{self.describe()}: {use.describe()}: {problem}; the dispatch is "
                                              f"skipped"))
                return
        if queue.hazards is not None:
            queue.hazards.access(accesses)
        try:
            run(self.pipeline.program.module, self.pipeline.entry_point, self.groups, buffers, self.push_constants,
                self.pipeline.spec_constants, device.profile, self.strict, address_space=device.address_space,
                base_group=self.base_group)
        except DxLinalgError as error:
            device.layer.messages.append(f"ERROR [{vu.DISPATCH_SHADER}] vkQueueSubmit: {self.describe()}: {error}")
            raise

    def _resolve(self, device: VkDevice, use: ResourceUse, element: int = 0,
                 report: bool = True) -> BufferSlice | None:
        """The bytes descriptor `element` of `use` names, or None when it is not valid (reported, the dispatch
        skipped, where `report`)."""
        bound = self.sets.get(use.set)
        problem = descriptor_problem(bound, use, element)
        described = use.describe(element if use.array else None)
        if problem is None:
            assert bound is not None
            descriptor = bound.set.descriptors[(use.binding, element)]
            buffer = descriptor.buffer
            assert buffer is not None and buffer.memory is not None
            memory = buffer.memory.buffer
            offset = buffer.offset + descriptor.offset + bound.dynamic_offsets.get((use.binding, element), 0)
            if offset < memory.size:
                size = min(descriptor.effective_range(), memory.size - offset)
                if size < descriptor.effective_range():
                    device.layer.note(f"{self.describe()}: {described} runs past the end of {buffer.memory!r}; "
                                      f"the shader sees its first {size} bytes")
                return BufferSlice(memory, offset, size)
            problem = f"{described} starts past the end of {buffer.memory!r}"
        if report:
            device.layer.report(Violation(self.rule(vu.DISPATCH_DESCRIPTORS), "vkQueueSubmit",
                                          f"{self.describe()}: {problem}; the dispatch is skipped"))
        return None

    def _accesses(self, use: ResourceUse, bound: BufferSlice, element: int | None = None) -> list[MemoryAccess]:
        start = bound.buffer.address + bound.offset
        what = f"{self.describe()} ({use.describe(element)})"
        stage = int(VkPipelineStageFlagBits2.VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT)
        read = VkAccessFlagBits2.VK_ACCESS_2_UNIFORM_READ_BIT if use.uniform else \
            VkAccessFlagBits2.VK_ACCESS_2_SHADER_STORAGE_READ_BIT
        out = []
        if use.reads:
            out.append(MemoryAccess(start, start + bound.size, stage, int(read), False, what))
        if use.writes:
            out.append(MemoryAccess(start, start + bound.size, stage,
                                    int(VkAccessFlagBits2.VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT), True, what))
        return out


class DispatchBaseCommand(DispatchCommand):
    """vkCmdDispatchBase: a DispatchCommand whose WorkgroupIds start at its base group."""

    name = DISPATCH_BASE
    rule_ids = vu.DISPATCH_BASE_SAME


def _check_dispatch_state(command: type[DispatchCommand], buffer: VkCommandBuffer, pipeline: VkPipeline,
                          sets: dict[int, BoundSet], push: PushConstantState | None) -> None:
    layer, interface, rule, call = buffer.layer, pipeline.interface, command.rule, command.name
    for number in sorted(interface.sets):
        bound = sets.get(number)
        if bound is None or not bound.layout.compatible_for_set(pipeline.layout, number):
            why = "none is bound" if bound is None else f"the set bound with {bound.layout!r} is not compatible with " \
                                                        f"set {number} of the pipeline's {pipeline.layout!r}"
            layer.report(Violation(rule(vu.DISPATCH_SETS), call, f"the shader uses set {number}: {why}"))
    for use in interface.resources:
        if use.set not in sets:
            continue
        for element in use.required_elements:
            problem = descriptor_problem(sets.get(use.set), use, element)
            if problem is not None:
                layer.report(Violation(rule(vu.DISPATCH_DESCRIPTORS), call,
                                       f"the shader uses {use.describe(element if use.array else None)}: {problem}"))
    if interface.push_constants is not None:
        start, end = interface.push_constants
        if push is None or push.ranges != pipeline.layout.push_ranges or not push.written[start:end].all():
            why = "none were set" if push is None else (
                "they were set with push-constant ranges other than the pipeline layout's"
                if push.ranges != pipeline.layout.push_ranges else
                f"byte {start + int(np.argmin(push.written[start:end]))} was never set")
            layer.report(Violation(rule(vu.DISPATCH_PUSH_CONSTANTS), call, f"the shader reads push-constant bytes "
                                                                           f"[{start}, {end}): {why} (unset bytes "
                                                                           f"read as 0)"))


def _counts(call: str, values: tuple[int, ...], prefix: str) -> tuple[int, int, int]:
    return tuple(c_integer(v, f"{call}: {prefix}{axis}", UINT32_MAX, "uint32_t")  # type: ignore[return-value]
                 for v, axis in zip(values, "XYZ"))


def _record_dispatch(command: type[DispatchCommand], commandBuffer: VkCommandBuffer, base: tuple[int, int, int],
                     groups: tuple[int, int, int]) -> None:
    """Check what every dispatch command checks (under its own VUIDs) and record a `command` with the bound
    state."""
    call, rule = command.name, command.rule
    buffer = recording_buffer(commandBuffer, call)
    layer = buffer.layer
    if not buffer.pool.queue_flags & VkQueueFlagBits.VK_QUEUE_COMPUTE_BIT:
        layer.report(Violation(rule(vu.DISPATCH_POOL), call, f"the pool of {buffer!r} is for queue family "
                                                             f"{buffer.pool.family} ({buffer.pool.queue_flags!r})"))
    for axis, limit_rule in enumerate((vu.DISPATCH_GROUPS_X, vu.DISPATCH_GROUPS_Y, vu.DISPATCH_GROUPS_Z)):
        if groups[axis] > MAX_COMPUTE_WORK_GROUP_COUNT[axis]:
            layer.unsafe(Violation(limit_rule, call, f"groupCount{'XYZ'[axis]} = {groups[axis]}, "
                                                     f"maxComputeWorkGroupCount = {MAX_COMPUTE_WORK_GROUP_COUNT}"))
    pipeline: VkPipeline | None = buffer.recording_state.get("compute_pipeline")
    if pipeline is None:
        layer.report(Violation(rule(vu.DISPATCH_PIPELINE), call, "no compute pipeline is bound (nothing is recorded)"))
        return
    if any(base) and not pipeline.flags & VkPipelineCreateFlagBits.VK_PIPELINE_CREATE_DISPATCH_BASE_BIT:
        layer.report(Violation(vu.DISPATCH_BASE_FLAG, call, f"base group {base} with {pipeline!r}, created with flags "
                                                            f"{pipeline.flags:#x} (the shader still runs from the "
                                                            f"base)"))
    sets = dict(buffer.recording_state.get("compute_sets", {}))
    push: PushConstantState | None = buffer.recording_state.get("push_constants")
    _check_dispatch_state(command, buffer, pipeline, sets, push)
    data = bytes(push.data) if push is not None else bytes(MAX_PUSH_CONSTANTS_SIZE)
    buffer.record(command(pipeline, sets, data, groups, layer.enabled, base))  # type: ignore[arg-type]


def vkCmdDispatch(commandBuffer: VkCommandBuffer, groupCountX: int, groupCountY: int, groupCountZ: int) -> None:
    """Record a dispatch of groupCountX x Y x Z work groups with the bound compute state."""
    groups = _counts(DISPATCH, (groupCountX, groupCountY, groupCountZ), "groupCount")
    _record_dispatch(DispatchCommand, commandBuffer, (0, 0, 0), groups)


def vkCmdDispatchBase(commandBuffer: VkCommandBuffer, baseGroupX: int, baseGroupY: int, baseGroupZ: int,
                      groupCountX: int, groupCountY: int, groupCountZ: int) -> None:
    """Record a dispatch of groupCountX x Y x Z work groups whose WorkgroupIds start at baseGroupX, Y, Z (Vulkan
    1.1; vkCmdDispatchBaseKHR of VK_KHR_device_group): each group sees WorkgroupId = base + its index and
    GlobalInvocationId moves with it; NumWorkgroups stays the group count."""
    base = _counts(DISPATCH_BASE, (baseGroupX, baseGroupY, baseGroupZ), "baseGroup")
    groups = _counts(DISPATCH_BASE, (groupCountX, groupCountY, groupCountZ), "groupCount")
    layer = recording_buffer(commandBuffer, DISPATCH_BASE).layer
    limits = MAX_COMPUTE_WORK_GROUP_COUNT
    for axis, (base_rule, count_rule) in enumerate(((vu.DISPATCH_BASE_X, vu.DISPATCH_BASE_COUNT_X),
                                                    (vu.DISPATCH_BASE_Y, vu.DISPATCH_BASE_COUNT_Y),
                                                    (vu.DISPATCH_BASE_Z, vu.DISPATCH_BASE_COUNT_Z))):
        name = "XYZ"[axis]
        if base[axis] >= limits[axis]:
            layer.report(Violation(base_rule, DISPATCH_BASE, f"baseGroup{name} = {base[axis]}, "
                                                             f"maxComputeWorkGroupCount = {limits}"))
        elif groups[axis] > limits[axis] - base[axis]:
            layer.report(Violation(count_rule, DISPATCH_BASE, f"groupCount{name} = {groups[axis]} > "
                                                              f"maxComputeWorkGroupCount[{axis}] {limits[axis]} - "
                                                              f"baseGroup{name} {base[axis]}"))
    _record_dispatch(DispatchBaseCommand, commandBuffer, base, groups)


#: VK_KHR_device_group's name for the same command.
vkCmdDispatchBaseKHR = vkCmdDispatchBase


__all__ = ["DispatchBaseCommand", "DispatchCommand", "vkCmdBindDescriptorSets", "vkCmdBindPipeline", "vkCmdDispatch",
           "vkCmdDispatchBase", "vkCmdDispatchBaseKHR", "vkCmdPushConstants"]
