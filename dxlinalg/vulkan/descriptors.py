"""Descriptor set layouts, descriptor pools, descriptor sets and vkUpdateDescriptorSets, for buffers.

The emulated descriptor types are the four buffer ones: UNIFORM_BUFFER, STORAGE_BUFFER and their DYNAMIC forms
(whose offset is added at vkCmdBindDescriptorSets). A descriptor holds (VkBuffer, offset, range) as
VkDescriptorBufferInfo gave them; a dispatch reads it when it runs, as a GPU reads descriptor memory, so a set
updated after it was bound into a recorded command buffer makes that command buffer invalid (reported at
submission) and, without the validation layer, the dispatch sees the new contents. Images, samplers and texel
buffers are not emulated. A pool hands out at most `maxSets` sets and the descriptors its pool sizes count:
beyond that vkAllocateDescriptorSets returns VK_ERROR_OUT_OF_POOL_MEMORY, as Vulkan 1.1 defines.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dxlinalg.errors import UnsupportedError
from dxlinalg.vulkan import compute_vuids as vu
from dxlinalg.vulkan.arguments import UINT32_MAX, c_integer, struct_argument
from dxlinalg.vulkan.compute_structs import (
    VkCopyDescriptorSet,
    VkDescriptorBufferInfo,
    VkDescriptorPoolCreateInfo,
    VkDescriptorPoolSize,
    VkDescriptorSetAllocateInfo,
    VkDescriptorSetLayoutBinding,
    VkDescriptorSetLayoutCreateInfo,
    VkWriteDescriptorSet,
)
from dxlinalg.vulkan.device import VkDevice
from dxlinalg.vulkan.emulated_device import (
    MAX_STORAGE_BUFFER_RANGE,
    MAX_UNIFORM_BUFFER_RANGE,
    MIN_STORAGE_BUFFER_OFFSET_ALIGNMENT,
    MIN_UNIFORM_BUFFER_OFFSET_ALIGNMENT,
)
from dxlinalg.vulkan.enums import (
    VK_WHOLE_SIZE,
    VkBufferUsageFlagBits,
    VkDescriptorPoolCreateFlagBits,
    VkDescriptorType,
    VkResult,
)
from dxlinalg.vulkan.handles import VkHandle, require_handle
from dxlinalg.vulkan.memory import VkBuffer
from dxlinalg.vulkan.pointers import array_pointer
from dxlinalg.vulkan.validation import ValidationLayer, Violation, VulkanError

if TYPE_CHECKING:
    from dxlinalg.vulkan.command_buffer import VkCommandBuffer

T = VkDescriptorType
UNIFORM_TYPES = frozenset({T.VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, T.VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC})
STORAGE_TYPES = frozenset({T.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, T.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC})
DYNAMIC_TYPES = frozenset({T.VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, T.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC})
BUFFER_TYPES = UNIFORM_TYPES | STORAGE_TYPES


def descriptor_type(layer: ValidationLayer, call: str, field: str, value: int, vuid: str) -> VkDescriptorType:
    """A VkDescriptorType the emulator has: an unknown value is unsafe, an image or sampler type unsupported."""
    try:
        kind = VkDescriptorType(int(value))
    except ValueError:
        layer.unsafe(Violation(vuid, call, f"{field} = {value}"))
    if kind not in BUFFER_TYPES:
        raise UnsupportedError(f"{call}: {field} = {kind.name}: the emulator has buffer descriptors only (uniform "
                               f"and storage buffers, and their dynamic forms), no images, samplers or texel buffers")
    return kind


# --- layouts -------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class LayoutBinding:
    binding: int
    type: VkDescriptorType
    count: int
    stages: int


class VkDescriptorSetLayout(VkHandle):
    """Bindings by number; `signature` is what "identically defined" compares."""

    def __init__(self, device: VkDevice, bindings: dict[int, LayoutBinding], flags: int) -> None:
        super().__init__(device.layer)
        self.device = device
        self.bindings = dict(sorted(bindings.items()))
        self.flags = flags
        self.signature = (flags, tuple(self.bindings.values()))

    @property
    def dynamic_count(self) -> int:
        return sum(b.count for b in self.bindings.values() if b.type in DYNAMIC_TYPES)

    def slots(self, binding: int, element: int, count: int) -> list[tuple[int, int]] | None:
        """The (binding, array element) of `count` consecutive descriptors from (binding, element), running on
        into the following bindings (skipping empty ones) as Vulkan's consecutive-binding updates do; None when
        they run past the last binding."""
        out: list[tuple[int, int]] = []
        for number in (n for n in self.bindings if n >= binding):
            available = self.bindings[number].count
            while element < available and len(out) < count:
                out.append((number, element))
                element += 1
            if len(out) == count:
                return out
            element = max(element - available, 0)
        return None


def vkCreateDescriptorSetLayout(device: VkDevice, pCreateInfo: VkDescriptorSetLayoutCreateInfo,
                                pAllocator: Any = None) -> VkDescriptorSetLayout:
    call = "vkCreateDescriptorSetLayout"
    device = require_handle(device, VkDevice, call, "device")
    layer = device.layer
    info = struct_argument(layer, call, "pCreateInfo", pCreateInfo, VkDescriptorSetLayoutCreateInfo)
    count = c_integer(info.bindingCount, f"{call}: pCreateInfo->bindingCount", UINT32_MAX, "uint32_t")
    try:
        entries = array_pointer(info.pBindings, count) or []
    except TypeError as problem:
        layer.unsafe(Violation(vu.LAYOUT_BINDINGS_POINTER, call, f"pCreateInfo->pBindings {problem}"))
    bindings: dict[int, LayoutBinding] = {}
    for index, entry in enumerate(entries):
        field = f"pCreateInfo->pBindings[{index}]"
        entry = struct_argument(layer, call, field, entry, VkDescriptorSetLayoutBinding)
        number = c_integer(entry.binding, f"{call}: {field}.binding", UINT32_MAX, "uint32_t")
        size = c_integer(entry.descriptorCount, f"{call}: {field}.descriptorCount", UINT32_MAX, "uint32_t")
        kind = descriptor_type(layer, call, f"{field}.descriptorType", entry.descriptorType, vu.LAYOUT_DESCRIPTOR_TYPE)
        if number in bindings:
            layer.report(Violation(vu.LAYOUT_BINDING_UNIQUE, call, f"{field}.binding = {number} appears in an "
                                                                   f"earlier element too (the later one is kept)"))
        bindings[number] = LayoutBinding(number, kind, size, int(entry.stageFlags))
    return VkDescriptorSetLayout(device, bindings, int(info.flags))


def vkDestroyDescriptorSetLayout(device: VkDevice, descriptorSetLayout: VkDescriptorSetLayout | None,
                                 pAllocator: Any = None) -> None:
    """Sets and pipeline layouts made from it keep working (they hold what they need)."""
    require_handle(device, VkDevice, "vkDestroyDescriptorSetLayout", "device")
    if descriptorSetLayout is not None:
        require_handle(descriptorSetLayout, VkDescriptorSetLayout, "vkDestroyDescriptorSetLayout",
                       "descriptorSetLayout").alive = False


# --- pools and sets --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Descriptor:
    """A written buffer descriptor, as VkDescriptorBufferInfo gave it (`buffer` None: a null descriptor)."""

    type: VkDescriptorType
    buffer: VkBuffer | None
    offset: int
    range: int

    def effective_range(self) -> int:
        """The range in bytes (VK_WHOLE_SIZE: to the end of the buffer)."""
        if self.buffer is None:
            return 0
        return max(self.buffer.size - self.offset, 0) if self.range == VK_WHOLE_SIZE else self.range


class VkDescriptorSet(VkHandle):
    """Descriptors by (binding, element); `bound_in` is where it was bound (an update invalidates those)."""

    def __init__(self, pool: VkDescriptorPool, layout: VkDescriptorSetLayout) -> None:
        super().__init__(pool.layer)
        self.pool = pool
        self.layout = layout
        self.descriptors: dict[tuple[int, int], Descriptor] = {}
        self.bound_in: set[VkCommandBuffer] = set()

    def updated(self) -> None:
        """A command buffer whose recording bound this set is invalid now (vkQueueSubmit reports it)."""
        for command_buffer in self.bound_in:
            if id(self) in command_buffer.recording_state.get("referenced_sets", ()):
                command_buffer.recording_state["invalidated_by"] = f"{self!r} was updated after it was bound"
        self.bound_in.clear()


class VkDescriptorPool(VkHandle):
    def __init__(self, device: VkDevice, flags: int, max_sets: int, sizes: Counter[VkDescriptorType]) -> None:
        super().__init__(device.layer)
        self.device = device
        self.flags = flags
        self.max_sets = max_sets
        self.sizes = sizes
        self.sets: list[VkDescriptorSet] = []

    def in_use(self) -> Counter[VkDescriptorType]:
        used: Counter[VkDescriptorType] = Counter()
        for live in self.sets:
            for binding in live.layout.bindings.values():
                used[binding.type] += binding.count
        return used

    def release(self, sets: list[VkDescriptorSet]) -> None:
        for released in sets:
            released.alive = False
            self.sets.remove(released)


def vkCreateDescriptorPool(device: VkDevice, pCreateInfo: VkDescriptorPoolCreateInfo,
                           pAllocator: Any = None) -> VkDescriptorPool:
    call = "vkCreateDescriptorPool"
    device = require_handle(device, VkDevice, call, "device")
    layer = device.layer
    info = struct_argument(layer, call, "pCreateInfo", pCreateInfo, VkDescriptorPoolCreateInfo)
    max_sets = c_integer(info.maxSets, f"{call}: pCreateInfo->maxSets", UINT32_MAX, "uint32_t")
    if max_sets == 0:
        layer.report(Violation(vu.POOL_MAX_SETS, call, "pCreateInfo->maxSets = 0 (no set can be allocated)"))
    count = c_integer(info.poolSizeCount, f"{call}: pCreateInfo->poolSizeCount", UINT32_MAX, "uint32_t")
    try:
        entries = array_pointer(info.pPoolSizes, count) or []
    except TypeError as problem:
        layer.unsafe(Violation(vu.POOL_SIZES, call, f"pCreateInfo->pPoolSizes {problem}"))
    sizes: Counter[VkDescriptorType] = Counter()
    for index, entry in enumerate(entries):
        field = f"pCreateInfo->pPoolSizes[{index}]"
        entry = struct_argument(layer, call, field, entry, VkDescriptorPoolSize)
        kind = descriptor_type(layer, call, f"{field}.type", entry.type, vu.POOL_SIZE_TYPE)
        number = c_integer(entry.descriptorCount, f"{call}: {field}.descriptorCount", UINT32_MAX, "uint32_t")
        if number == 0:
            layer.report(Violation(vu.POOL_SIZE_COUNT, call, f"{field}.descriptorCount = 0"))
        sizes[kind] += number
    return VkDescriptorPool(device, int(info.flags), max_sets, sizes)


def vkDestroyDescriptorPool(device: VkDevice, descriptorPool: VkDescriptorPool | None, pAllocator: Any = None) -> None:
    """Frees every set allocated from the pool."""
    require_handle(device, VkDevice, "vkDestroyDescriptorPool", "device")
    if descriptorPool is not None:
        pool = require_handle(descriptorPool, VkDescriptorPool, "vkDestroyDescriptorPool", "descriptorPool")
        pool.release(list(pool.sets))
        pool.alive = False


def vkResetDescriptorPool(device: VkDevice, descriptorPool: VkDescriptorPool, flags: int = 0) -> VkResult:
    require_handle(device, VkDevice, "vkResetDescriptorPool", "device")
    pool = require_handle(descriptorPool, VkDescriptorPool, "vkResetDescriptorPool", "descriptorPool")
    pool.release(list(pool.sets))
    return VkResult.VK_SUCCESS


def vkAllocateDescriptorSets(device: VkDevice, pAllocateInfo: VkDescriptorSetAllocateInfo,
                             pDescriptorSets: list[Any]) -> VkResult:
    """Fills the first descriptorSetCount elements of the list pDescriptorSets; VK_ERROR_OUT_OF_POOL_MEMORY (and
    every element VK_NULL_HANDLE) when the pool has no room for them all."""
    call = "vkAllocateDescriptorSets"
    device = require_handle(device, VkDevice, call, "device")
    layer = device.layer
    info = struct_argument(layer, call, "pAllocateInfo", pAllocateInfo, VkDescriptorSetAllocateInfo)
    pool = require_handle(info.descriptorPool, VkDescriptorPool, call, "pAllocateInfo->descriptorPool")
    count = c_integer(info.descriptorSetCount, f"{call}: pAllocateInfo->descriptorSetCount", UINT32_MAX, "uint32_t")
    if count == 0:
        layer.report(Violation(vu.ALLOCATE_SET_COUNT, call, "pAllocateInfo->descriptorSetCount = 0 (nothing is "
                                                            "allocated)"))
    try:
        handles = array_pointer(info.pSetLayouts, count) or []
    except TypeError as problem:
        layer.unsafe(Violation(vu.ALLOCATE_LAYOUTS, call, f"pAllocateInfo->pSetLayouts {problem}"))
    layouts = [require_handle(h, VkDescriptorSetLayout, call, "pAllocateInfo->pSetLayouts") for h in handles]
    if not isinstance(pDescriptorSets, list) or len(pDescriptorSets) < count:
        layer.unsafe(Violation(vu.ALLOCATE_SETS, call, f"pDescriptorSets is a {type(pDescriptorSets).__name__}, not a "
                                                       f"list of at least {count} elements"))
    needed = Counter(pool.in_use())
    for layout in layouts:
        for binding in layout.bindings.values():
            needed[binding.type] += binding.count
    short = sorted(kind.name for kind, number in needed.items() if number > pool.sizes[kind])
    if len(pool.sets) + count > pool.max_sets or short:
        for index in range(count):
            pDescriptorSets[index] = None
        why = f"{short} would exceed the pool sizes" if short else \
            f"{len(pool.sets)} + {count} sets would exceed maxSets = {pool.max_sets}"
        raise VulkanError(VkResult.VK_ERROR_OUT_OF_POOL_MEMORY, f"{call}: {why}")
    for index, layout in enumerate(layouts):
        allocated = VkDescriptorSet(pool, layout)
        pool.sets.append(allocated)
        pDescriptorSets[index] = allocated
    return VkResult.VK_SUCCESS


def vkFreeDescriptorSets(device: VkDevice, descriptorPool: VkDescriptorPool, descriptorSetCount: int,
                         pDescriptorSets: Any) -> VkResult:
    call = "vkFreeDescriptorSets"
    device = require_handle(device, VkDevice, call, "device")
    pool = require_handle(descriptorPool, VkDescriptorPool, call, "descriptorPool")
    if not pool.flags & VkDescriptorPoolCreateFlagBits.VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT:
        pool.layer.report(Violation(vu.FREE_FLAG, call, f"{pool!r} was created with flags = {pool.flags:#x}"))
    try:
        handles = array_pointer(pDescriptorSets, c_integer(descriptorSetCount, f"{call}: descriptorSetCount",
                                                           UINT32_MAX, "uint32_t")) or []
    except TypeError as problem:
        pool.layer.unsafe(Violation(vu.FREE_SETS, call, f"pDescriptorSets {problem}"))
    sets = []
    for handle in handles:
        if handle is None:
            continue
        if not (isinstance(handle, VkDescriptorSet) and handle.alive and handle.pool is pool):
            pool.layer.unsafe(Violation(vu.FREE_SETS, call, f"{handle!r} is not a live set of {pool!r}"))
        sets.append(handle)
    pool.release(sets)
    return VkResult.VK_SUCCESS


# --- vkUpdateDescriptorSets --------------------------------------------------------------------------------------------

def _target_set(layer: ValidationLayer, call: str, field: str, value: Any, vuid: str) -> VkDescriptorSet:
    if not (isinstance(value, VkDescriptorSet) and value.alive):
        layer.unsafe(Violation(vuid, call, f"{field} is {value!r}, not a valid VkDescriptorSet"))
    return value


def _slots(layer: ValidationLayer, call: str, field: str, target: VkDescriptorSet, binding: int, element: int,
           count: int, rules: tuple[str, str, str]) -> list[tuple[int, int]]:
    """The slots a write or copy touches; a binding that is not there or a run past the last binding is unsafe
    (the driver would write outside the set)."""
    exists_rule, empty_rule, range_rule = rules
    bindings = target.layout.bindings
    if binding not in bindings:
        highest = max(bindings, default=None)
        vuid = exists_rule if highest is None or binding > highest else empty_rule
        layer.unsafe(Violation(vuid, call, f"{field} binding {binding} is not in the layout of {target!r} (its "
                                           f"bindings: {sorted(bindings)})"))
    if bindings[binding].count == 0 and empty_rule:
        layer.unsafe(Violation(empty_rule, call, f"{field} binding {binding} has descriptorCount 0"))
    slots = target.layout.slots(binding, element, count)
    if slots is None:
        layer.unsafe(Violation(range_rule, call, f"{field}: {count} descriptors from binding {binding} element "
                                                 f"{element} run past the last binding of {target!r}"))
    return slots


def _buffer_descriptor(layer: ValidationLayer, call: str, field: str, kind: VkDescriptorType, info: Any) -> Descriptor:
    info = struct_argument(layer, call, field, info, VkDescriptorBufferInfo)
    offset = c_integer(info.offset, f"{call}: {field}.offset", 0xFFFFFFFFFFFFFFFF, "VkDeviceSize")
    size = c_integer(info.range, f"{call}: {field}.range", 0xFFFFFFFFFFFFFFFF, "VkDeviceSize")
    if info.buffer is None:
        layer.report(Violation(vu.BUFFER_INFO_NULL, call, f"{field}.buffer is VK_NULL_HANDLE (a null descriptor: "
                                                          f"a dispatch that uses it is skipped)"))
        return Descriptor(kind, None, offset, size)
    buffer = require_handle(info.buffer, VkBuffer, call, f"{field}.buffer")
    uniform = kind in UNIFORM_TYPES
    usage = VkBufferUsageFlagBits.VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT if uniform else \
        VkBufferUsageFlagBits.VK_BUFFER_USAGE_STORAGE_BUFFER_BIT
    if not buffer.usage & usage:
        layer.report(Violation(vu.WRITE_UNIFORM_USAGE if uniform else vu.WRITE_STORAGE_USAGE, call,
                               f"{field}.buffer {buffer!r} has usage {buffer.usage!r}, without {usage.name}"))
    alignment = MIN_UNIFORM_BUFFER_OFFSET_ALIGNMENT if uniform else MIN_STORAGE_BUFFER_OFFSET_ALIGNMENT
    if offset % alignment:
        layer.report(Violation(vu.WRITE_UNIFORM_ALIGNMENT if uniform else vu.WRITE_STORAGE_ALIGNMENT, call,
                               f"{field}.offset = {offset} is not a multiple of {alignment}"))
    if offset >= buffer.size:
        layer.report(Violation(vu.BUFFER_INFO_OFFSET, call, f"{field}.offset = {offset}, but {buffer!r} has "
                                                            f"{buffer.size} bytes"))
    if size != VK_WHOLE_SIZE:
        if size == 0:
            layer.report(Violation(vu.BUFFER_INFO_RANGE_ZERO, call, f"{field}.range = 0"))
        elif offset < buffer.size and size > buffer.size - offset:
            layer.report(Violation(vu.BUFFER_INFO_RANGE, call, f"{field}.range = {size}, but {buffer!r} has "
                                                               f"{buffer.size - offset} bytes after offset {offset}"))
    descriptor = Descriptor(kind, buffer, offset, size)
    limit = MAX_UNIFORM_BUFFER_RANGE if uniform else MAX_STORAGE_BUFFER_RANGE
    if descriptor.effective_range() > limit:
        layer.report(Violation(vu.WRITE_UNIFORM_RANGE if uniform else vu.WRITE_STORAGE_RANGE, call,
                               f"{field}: the range is {descriptor.effective_range()} bytes, more than "
                               f"{'maxUniformBufferRange' if uniform else 'maxStorageBufferRange'} = {limit}"))
    if buffer.memory is None:
        layer.report(Violation(vu.WRITE_BUFFER_BOUND, call, f"{field}.buffer {buffer!r} is not bound to memory"))
    return descriptor


def _write(layer: ValidationLayer, call: str, index: int, write: Any) -> VkDescriptorSet | None:
    field = f"pDescriptorWrites[{index}]"
    write = struct_argument(layer, call, field, write, VkWriteDescriptorSet)
    target = _target_set(layer, call, f"{field}.dstSet", write.dstSet, vu.WRITE_DST_SET)
    count = c_integer(write.descriptorCount, f"{call}: {field}.descriptorCount", UINT32_MAX, "uint32_t")
    if count == 0:
        layer.report(Violation(vu.WRITE_COUNT, call, f"{field}.descriptorCount = 0 (nothing is written)"))
        return None
    kind = descriptor_type(layer, call, f"{field}.descriptorType", write.descriptorType,
                           vu.WRITE_DESCRIPTOR_TYPE_VALUE)
    binding = c_integer(write.dstBinding, f"{call}: {field}.dstBinding", UINT32_MAX, "uint32_t")
    element = c_integer(write.dstArrayElement, f"{call}: {field}.dstArrayElement", UINT32_MAX, "uint32_t")
    slots = _slots(layer, call, f"{field}.dstBinding", target, binding, element, count,
                   (vu.WRITE_BINDING, vu.WRITE_BINDING_EMPTY, vu.WRITE_RANGE))
    bindings = target.layout.bindings
    if bindings[binding].type != kind:
        layer.report(Violation(vu.WRITE_TYPE, call, f"{field}.descriptorType = {kind.name}, but binding {binding} is "
                                                    f"{bindings[binding].type.name}"))
    if any(bindings[number].type != bindings[binding].type for number, _ in slots):
        layer.report(Violation(vu.WRITE_CONSECUTIVE_TYPE, call, f"{field} runs on into bindings of other types: "
                                                                f"{sorted({bindings[n].type.name for n, _ in slots})}"))
    try:
        infos = array_pointer(write.pBufferInfo, count) or []
    except TypeError as problem:
        layer.unsafe(Violation(vu.WRITE_BUFFER_INFO, call, f"{field}.pBufferInfo {problem}"))
    for slot, (position, info) in enumerate(zip(slots, infos)):
        stored = _buffer_descriptor(layer, call, f"{field}.pBufferInfo[{slot}]", bindings[position[0]].type, info)
        target.descriptors[position] = stored
    return target


def _copy(layer: ValidationLayer, call: str, index: int, copy: Any) -> VkDescriptorSet:
    field = f"pDescriptorCopies[{index}]"
    copy = struct_argument(layer, call, field, copy, VkCopyDescriptorSet)
    source = _target_set(layer, call, f"{field}.srcSet", copy.srcSet, vu.COPY_SRC_SET)
    target = _target_set(layer, call, f"{field}.dstSet", copy.dstSet, vu.COPY_DST_SET)
    count = c_integer(copy.descriptorCount, f"{call}: {field}.descriptorCount", UINT32_MAX, "uint32_t")
    src_binding = c_integer(copy.srcBinding, f"{call}: {field}.srcBinding", UINT32_MAX, "uint32_t")
    dst_binding = c_integer(copy.dstBinding, f"{call}: {field}.dstBinding", UINT32_MAX, "uint32_t")
    reads = _slots(layer, call, f"{field}.srcBinding", source, src_binding, int(copy.srcArrayElement), count,
                   (vu.COPY_SRC_BINDING, vu.COPY_SRC_BINDING, vu.COPY_SRC_RANGE))
    writes = _slots(layer, call, f"{field}.dstBinding", target, dst_binding, int(copy.dstArrayElement), count,
                    (vu.COPY_DST_BINDING, vu.COPY_DST_BINDING, vu.COPY_DST_RANGE))
    src_type, dst_type = source.layout.bindings[src_binding].type, target.layout.bindings[dst_binding].type
    if src_type != dst_type:
        layer.report(Violation(vu.COPY_TYPE, call, f"{field}: binding {dst_binding} of dstSet is {dst_type.name}, "
                                                   f"binding {src_binding} of srcSet is {src_type.name}"))
    if source is target and set(reads) & set(writes):
        layer.report(Violation(vu.COPY_OVERLAP, call, f"{field} copies within {target!r} between overlapping "
                                                      f"ranges (the copy reads every source first)"))
    values = [source.descriptors.get(slot) for slot in reads]
    for slot, value in zip(writes, values):
        if value is None:
            target.descriptors.pop(slot, None)
        else:
            target.descriptors[slot] = value
    return target


def vkUpdateDescriptorSets(device: VkDevice, descriptorWriteCount: int, pDescriptorWrites: Any,
                           descriptorCopyCount: int, pDescriptorCopies: Any) -> None:
    """The writes, then the copies, in order."""
    call = "vkUpdateDescriptorSets"
    device = require_handle(device, VkDevice, call, "device")
    layer = device.layer
    counts = [c_integer(n, f"{call}: {name}", UINT32_MAX, "uint32_t")
              for n, name in ((descriptorWriteCount, "descriptorWriteCount"), (descriptorCopyCount,
                                                                                "descriptorCopyCount"))]
    lists = []
    for count, pointer, vuid, name in ((counts[0], pDescriptorWrites, vu.UPDATE_WRITES, "pDescriptorWrites"),
                                       (counts[1], pDescriptorCopies, vu.UPDATE_COPIES, "pDescriptorCopies")):
        try:
            lists.append(array_pointer(pointer, count) or [])
        except TypeError as problem:
            layer.unsafe(Violation(vuid, call, f"{name} {problem}"))
    changed = [_write(layer, call, index, write) for index, write in enumerate(lists[0])]
    changed += [_copy(layer, call, index, copy) for index, copy in enumerate(lists[1])]
    for target in {id(s): s for s in changed if s is not None}.values():
        target.updated()


__all__ = [
    "VkDescriptorPool",
    "VkDescriptorSet",
    "VkDescriptorSetLayout",
    "vkAllocateDescriptorSets",
    "vkCreateDescriptorPool",
    "vkCreateDescriptorSetLayout",
    "vkDestroyDescriptorPool",
    "vkDestroyDescriptorSetLayout",
    "vkFreeDescriptorSets",
    "vkResetDescriptorPool",
    "vkUpdateDescriptorSets",
]
