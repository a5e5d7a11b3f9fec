"""Workgroup variables and control barriers: SPIR-V's view of dxlinalg.gpu's groupshared memory.

A chunk holds whole workgroups. Its Workgroup memory is one `GroupSharedMemory` (a row of bytes
per workgroup, registered with the chunk's context) holding every Workgroup variable of the entry
point at a fixed offset, so Workgroup loads, stores and atomics get the GPU's groupshared rules:
in strict mode, data races and reads of bytes no invocation wrote (unless the variable has an
initializer); in permissive mode, the profile's `groupshared.store_order` and `visibility`. An
OpControlBarrier with Workgroup execution scope is the GPU's `group_barrier`. The variables' total
size is checked against the profile's `groupshared.max_bytes` before the dispatch runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.gpu.barriers import MemorySemantics, group_barrier, wave_barrier
from dxlinalg.gpu.context import ExecutionContext
from dxlinalg.gpu.dispatch import MAX_GROUPSHARED_BYTES_PER_CHUNK
from dxlinalg.gpu.groupshared import ROW_ALIGNMENT, GroupSharedMemory, check_groupshared_size
from dxlinalg.profile.model import DeviceProfile
from dxlinalg.spirv.errors import Location, SpirvUnsupportedError
from dxlinalg.spirv.layout import Layout
from dxlinalg.spirv.memory_access import Region, gpu_lanes, store
from dxlinalg.spirv.pointers import MemoryPointer

VARIABLE_ALIGNMENT = 16   # each variable starts 16-byte aligned in its group's memory


@dataclass(frozen=True)
class WorkgroupVariable:
    """One Workgroup variable: where it lives in each group's memory, and its initializer's bytes."""

    id: int
    name: str
    offset: int
    layout: Layout
    initial: np.ndarray | None     # uint8 bytes of the initializer; None: the variable starts undefined


class WorkgroupVariables:
    """The Workgroup variables an entry point uses, laid out one after another in each group's memory."""

    def __init__(self) -> None:
        self.variables: list[WorkgroupVariable] = []
        self.size = 0

    def add(self, variable_id: int, name: str, layout: Layout, initial: Any, where: Location) -> None:
        """Place a variable of `layout` (a fixed size) after the others; `initial` is its initializer's
        constant value, or None."""
        assert layout.size is not None
        offset = -(-self.size // VARIABLE_ALIGNMENT) * VARIABLE_ALIGNMENT
        initial_bytes = None
        if initial is not None:
            initial_bytes = np.zeros(layout.size, np.uint8)
            scratch = Region(f"the initializer of {name}", initial_bytes, 0, layout.size, True)
            store(scratch, layout, np.zeros(1, np.int64), initial, np.ones(1, bool), True, where)
        self.variables.append(WorkgroupVariable(variable_id, name, offset, layout, initial_bytes))
        self.size = offset + layout.size

    def describe(self) -> str:
        """`partial (256 bytes at 0), present (256 bytes at 256)` for messages."""
        return ", ".join(f"{v.name} ({v.layout.size} bytes at {v.offset})" for v in self.variables)

    def check_fits(self, profile: DeviceProfile, entry_point: str) -> None:
        """The total must fit the profile's `groupshared.max_bytes` (Vulkan: maxComputeSharedMemorySize)."""
        try:
            check_groupshared_size(self.size, profile, f"SPIR-V entry point {entry_point!r}")
        except InvalidArgumentError as error:
            raise SpirvUnsupportedError(
                f"Workgroup variables need {self.size} bytes per workgroup ({self.describe()}), more than the "
                f"device allows: {error}") from None

    def lanes_per_chunk(self, threads_per_group: int, requested: int) -> int:
        """`requested`, lowered so that a chunk's Workgroup memory stays within the GPU's per-chunk bound."""
        if not self.variables:
            return requested
        row = -(-self.size // ROW_ALIGNMENT) * ROW_ALIGNMENT
        return min(requested, max(1, MAX_GROUPSHARED_BYTES_PER_CHUNK // row) * threads_per_group)

    def chunk_pointers(self, ctx: ExecutionContext) -> dict[int, MemoryPointer]:
        """Fresh Workgroup memory for the chunk's groups: a pointer to each variable, by id.

        A pointer holds each lane's byte offset in its own group's memory: the variable's offset, the same on
        every lane."""
        shared = GroupSharedMemory(ctx, self.size, name="Workgroup memory")
        region = Region("Workgroup memory", shared.data.reshape(-1), 0, shared.data.size, True, shared=shared)
        pointers = {}
        for variable in self.variables:
            shared.name_region(variable.name, variable.offset, variable.layout.size)  # type: ignore[arg-type]
            if variable.initial is not None:
                shared.fill(variable.offset, variable.initial.size, variable.initial)
            pointers[variable.id] = MemoryPointer(region, np.array([variable.offset], np.int64), variable.layout)
        return pointers


def control_barrier(ctx: ExecutionContext, mask: np.ndarray, workgroup: bool, memory: MemorySemantics,
                    memory_scope_is_subgroup: bool, where: Location) -> None:
    """OpControlBarrier for the lanes in `mask`: `group_barrier` (Workgroup execution scope) or `wave_barrier`
    (Subgroup), ordering `memory` between the invocations its memory scope covers.

    Every invocation of the workgroup (subgroup) must reach it, including any that returned early (SPIR-V:
    all invocations execute the same dynamic instance). With Workgroup memory semantics it ends the race
    window on Workgroup memory of the workgroup, or of each subgroup when the memory scope is Subgroup."""
    with gpu_lanes(ctx, mask, where):
        if workgroup:
            wide = MemorySemantics.NONE if memory_scope_is_subgroup else memory
            group_barrier(execution=True, memory=wide, what="Workgroup control barrier", returned_must_reach=True)
            if memory_scope_is_subgroup and memory:
                wave_barrier(memory=memory, what="Workgroup control barrier", returned_must_reach=True)
        else:
            wave_barrier(memory=memory, what="Subgroup control barrier", returned_must_reach=True)
