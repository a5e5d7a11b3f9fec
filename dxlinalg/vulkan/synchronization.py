"""Pipeline stages and access types, and the hazard tracker of synchronization validation.

Stages and accesses are held as synchronization-2 bits (their low 32 bits are synchronization 1's, so a
VkPipelineStageFlags or VkAccessFlags value is one too). A command's memory use is a `MemoryAccess`: a byte range
of the device's address space, a stage, an access type, read or write. The tracker keeps every write of the
submission not yet superseded, with the (stages, accesses) a barrier has made it visible to; a later access to
overlapping bytes whose stage and access no barrier made the write visible to is a hazard (read-after-write or
write-after-write), reported as the Khronos layer's synchronization validation does, as a warning.

What the tracker sees: descriptor-bound buffers of dispatches (read unless NonReadable, written unless
NonWritable or uniform) and the conversions of vkCmdConvertCooperativeVectorMatrixNV. PhysicalStorageBuffer
accesses through device addresses are not tracked (which bytes a shader reaches through a pointer is known
only while it runs). Write-after-read needs only an execution dependency and is not checked.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field, replace

from dxlinalg.vulkan import compute_vuids as vu
from dxlinalg.vulkan.enums import (
    VkAccessFlagBits2,
    VkPipelineStageFlagBits2,
    VkQueueFlagBits,
)
from dxlinalg.vulkan.validation import ValidationLayer, Violation

S = VkPipelineStageFlagBits2
A = VkAccessFlagBits2
Q = VkQueueFlagBits

ALL_STAGES = 0xFFFFFFFFFFFFFFFF
TRANSFER_STAGES = S.VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT | S.VK_PIPELINE_STAGE_2_COPY_BIT | \
    S.VK_PIPELINE_STAGE_2_BLIT_BIT | S.VK_PIPELINE_STAGE_2_RESOLVE_BIT | S.VK_PIPELINE_STAGE_2_CLEAR_BIT
GRAPHICS_STAGES = 0x7FC | S.VK_PIPELINE_STAGE_2_ALL_GRAPHICS_BIT  # vertex input ... color attachment output
SHADER_STAGES = 0xF8 | S.VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT     # vertex ... fragment shaders, compute
READS = int(A.VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT | A.VK_ACCESS_2_INDEX_READ_BIT
            | A.VK_ACCESS_2_VERTEX_ATTRIBUTE_READ_BIT | A.VK_ACCESS_2_UNIFORM_READ_BIT
            | A.VK_ACCESS_2_INPUT_ATTACHMENT_READ_BIT | A.VK_ACCESS_2_SHADER_READ_BIT
            | A.VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT | A.VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT
            | A.VK_ACCESS_2_TRANSFER_READ_BIT | A.VK_ACCESS_2_HOST_READ_BIT | A.VK_ACCESS_2_MEMORY_READ_BIT
            | A.VK_ACCESS_2_SHADER_SAMPLED_READ_BIT | A.VK_ACCESS_2_SHADER_STORAGE_READ_BIT)
WRITES = int(A.VK_ACCESS_2_SHADER_WRITE_BIT | A.VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT
             | A.VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT | A.VK_ACCESS_2_TRANSFER_WRITE_BIT
             | A.VK_ACCESS_2_HOST_WRITE_BIT | A.VK_ACCESS_2_MEMORY_WRITE_BIT | A.VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT)
SHADER_ACCESSES = int(A.VK_ACCESS_2_UNIFORM_READ_BIT | A.VK_ACCESS_2_SHADER_READ_BIT | A.VK_ACCESS_2_SHADER_WRITE_BIT
                      | A.VK_ACCESS_2_SHADER_SAMPLED_READ_BIT | A.VK_ACCESS_2_SHADER_STORAGE_READ_BIT
                      | A.VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT)
TRANSFER_ACCESSES = int(A.VK_ACCESS_2_TRANSFER_READ_BIT | A.VK_ACCESS_2_TRANSFER_WRITE_BIT)
HOST_ACCESSES = int(A.VK_ACCESS_2_HOST_READ_BIT | A.VK_ACCESS_2_HOST_WRITE_BIT)
MEMORY_ACCESSES = int(A.VK_ACCESS_2_MEMORY_READ_BIT | A.VK_ACCESS_2_MEMORY_WRITE_BIT)

#: The access types each stage supports (the Vulkan spec's "Supported Access Types" table, for the stages here).
STAGE_ACCESSES: tuple[tuple[int, int], ...] = (
    (int(SHADER_STAGES), SHADER_ACCESSES),
    (int(TRANSFER_STAGES | S.VK_PIPELINE_STAGE_2_CONVERT_COOPERATIVE_VECTOR_MATRIX_BIT_NV), TRANSFER_ACCESSES),
    (int(S.VK_PIPELINE_STAGE_2_HOST_BIT), HOST_ACCESSES),
    (int(S.VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT), int(A.VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT)),
    (int(GRAPHICS_STAGES), READS | WRITES),
    (int(S.VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT), READS | WRITES),
)
#: The queue capabilities a stage needs (the "Supported pipeline stages" table; stages not here need none).
STAGE_QUEUES: tuple[tuple[int, int], ...] = (
    (int(S.VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT), int(Q.VK_QUEUE_GRAPHICS_BIT | Q.VK_QUEUE_COMPUTE_BIT)),
    (int(S.VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT), int(Q.VK_QUEUE_COMPUTE_BIT)),
    (int(TRANSFER_STAGES | S.VK_PIPELINE_STAGE_2_CONVERT_COOPERATIVE_VECTOR_MATRIX_BIT_NV),
     int(Q.VK_QUEUE_GRAPHICS_BIT | Q.VK_QUEUE_COMPUTE_BIT | Q.VK_QUEUE_TRANSFER_BIT)),
    (int(GRAPHICS_STAGES | (0xF8 & ~S.VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT)), int(Q.VK_QUEUE_GRAPHICS_BIT)),
)


def unsupported_stages(stages: int, queue_flags: int) -> int:
    """The stages of `stages` a queue family with `queue_flags` cannot run."""
    bad = 0
    for mask, needs in STAGE_QUEUES:
        if stages & mask and not queue_flags & needs:
            bad |= stages & mask
    return bad


def unsupported_accesses(accesses: int, stages: int) -> int:
    """The accesses of `accesses` no stage of `stages` supports (MEMORY_READ/WRITE go with any stage)."""
    supported = MEMORY_ACCESSES
    for mask, allowed in STAGE_ACCESSES:
        if stages & mask:
            supported |= allowed
    return accesses & ~supported


def source_stages(stages: int) -> int:
    """The stages a first synchronization scope holds (ALL_COMMANDS, BOTTOM_OF_PIPE: every stage)."""
    if stages & (S.VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT | S.VK_PIPELINE_STAGE_2_BOTTOM_OF_PIPE_BIT):
        return ALL_STAGES
    return _transfer(stages)


def destination_stages(stages: int) -> int:
    """The stages a second synchronization scope holds (ALL_COMMANDS, TOP_OF_PIPE: every stage)."""
    if stages & (S.VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT | S.VK_PIPELINE_STAGE_2_TOP_OF_PIPE_BIT):
        return ALL_STAGES
    return _transfer(stages)


def _transfer(stages: int) -> int:
    """ALL_TRANSFER (synchronization 1's TRANSFER) holds the copy, blit, resolve and clear stages."""
    return stages | int(TRANSFER_STAGES) if stages & S.VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT else stages


def access_scope(accesses: int) -> int:
    """The access types a mask holds (MEMORY_READ every read, SHADER_READ the sampled and storage reads, ...)."""
    scope = int(accesses)
    if scope & A.VK_ACCESS_2_MEMORY_READ_BIT:
        scope |= READS
    if scope & A.VK_ACCESS_2_MEMORY_WRITE_BIT:
        scope |= WRITES
    if scope & A.VK_ACCESS_2_SHADER_READ_BIT:
        scope |= A.VK_ACCESS_2_SHADER_SAMPLED_READ_BIT | A.VK_ACCESS_2_SHADER_STORAGE_READ_BIT
    if scope & A.VK_ACCESS_2_SHADER_WRITE_BIT:
        scope |= A.VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT
    return scope


@dataclass(frozen=True)
class MemoryAccess:
    """One command's use of device bytes [start, end)."""

    start: int
    end: int
    stage: int
    access: int
    write: bool
    what: str      # the command and the resource, for messages


@dataclass(frozen=True)
class Dependency:
    """One memory barrier: scopes and, for a buffer memory barrier, the byte range (None: all memory)."""

    src_stages: int
    src_access: int
    dst_stages: int
    dst_access: int
    start: int = 0
    end: int | None = None


@dataclass(frozen=True)
class _Write:
    start: int
    end: int
    stage: int
    access: int
    what: str
    visible: tuple[tuple[int, int], ...] = field(default=())  # (stages, accesses) a barrier made it visible to

    def visible_to(self, stage: int, access: int) -> bool:
        return any(stage & stages and access & accesses for stages, accesses in self.visible)

    def outside(self, start: int, end: int) -> list[_Write]:
        """The parts of this write outside [start, end)."""
        parts = []
        if self.start < start:
            parts.append(replace(self, end=min(self.end, start)))
        if self.end > end:
            parts.append(replace(self, start=max(self.start, end)))
        return parts


class HazardTracker:
    """The writes of one submission and the barriers between them (see the module docstring)."""

    def __init__(self, layer: ValidationLayer) -> None:
        self.layer = layer
        self.writes: list[_Write] = []

    def access(self, accesses: list[MemoryAccess]) -> None:
        """Check a command's accesses against the earlier writes (each unordered earlier write is reported once
        per command: a read-write use of it is one hazard), then record the command's own writes."""
        reported: set[int] = set()
        for use in sorted(accesses, key=lambda a: a.write):
            for write in self.writes:
                if use.start < write.end and write.start < use.end and not write.visible_to(use.stage, use.access):
                    if id(write) not in reported:
                        self._hazard(use, write)
                        reported.add(id(write))
                    break
        for use in accesses:
            if use.write:
                kept: list[_Write] = []
                for write in self.writes:
                    kept += write.outside(use.start, use.end) if use.start < write.end and write.start < use.end \
                        else [write]
                self.writes = kept + [_Write(use.start, use.end, use.stage, use.access, use.what)]

    def barrier(self, dependencies: list[Dependency]) -> None:
        """Make the writes each dependency's first scope holds visible to its second scope."""
        for dependency in dependencies:
            src = source_stages(dependency.src_stages)
            src_access = access_scope(dependency.src_access)
            visible = (destination_stages(dependency.dst_stages), access_scope(dependency.dst_access))
            end = dependency.end if dependency.end is not None else 1 << 64
            updated: list[_Write] = []
            for write in self.writes:
                inside = write.start < end and dependency.start < write.end
                available = write.stage & src and write.access & src_access
                chained = any(stages & src for stages, _ in write.visible)
                if not inside or not (available or chained):
                    updated.append(write)
                    continue
                updated += write.outside(dependency.start, end)
                updated.append(replace(write, start=max(write.start, dependency.start), end=min(write.end, end),
                                       visible=write.visible + (visible,)))
            self.writes = updated

    def _hazard(self, use: MemoryAccess, write: _Write) -> None:
        vuid = vu.HAZARD_WRITE_AFTER_WRITE if use.write else vu.HAZARD_READ_AFTER_WRITE
        start, end = max(use.start, write.start), min(use.end, write.end)
        detail = (f"{use.what} {'writes' if use.write else 'reads'} bytes [0x{start:x}, 0x{end:x}) that {write.what} "
                  f"wrote earlier in this submission, with no barrier between them whose first scope holds the write "
                  f"({S(write.stage).name}, {A(write.access).name}) and whose second holds this access "
                  f"({S(use.stage).name}, {A(use.access).name}): record a vkCmdPipelineBarrier between them")
        warn(self.layer, Violation(vuid, "vkQueueSubmit", detail))


class VulkanHazardWarning(UserWarning):
    """Synchronization validation found a hazard; `.vuid` names it (SYNC-HAZARD-...)."""

    def __init__(self, vuid: str, message: str) -> None:
        self.vuid = vuid
        super().__init__(message)


def warn(layer: ValidationLayer, violation: Violation) -> None:
    """A hazard is a warning of the layer: logged always, and with the layer on also a VulkanHazardWarning."""
    layer.messages.append(f"WARNING [{violation.vuid}] {violation.message}")
    if layer.enabled:
        warnings.warn(VulkanHazardWarning(violation.vuid, violation.message), stacklevel=4)


__all__ = ["VulkanHazardWarning"]
