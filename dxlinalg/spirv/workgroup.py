"""Workgroup (shared) memory and control barriers for the lanes of one chunk.

A chunk holds whole workgroups, in order, so lane `i` belongs to the chunk's group
`i // threads_per_group`; each group gets its own `bytes_per_group` block of one backing store.
Because every instruction runs for all lanes of a chunk before the next one, a barrier that all
lanes of each group reach together needs no waiting; one that only some lanes of a group reach
(non-uniform control flow) is undefined behaviour, reported in strict mode.

This is the executor's one interface to group-shared memory and group barriers: when the
simulated GPU (dxlinalg.gpu) provides them, these two functions are what switches over.
"""

from __future__ import annotations

import numpy as np

from dxlinalg.gpu.context import ExecutionContext
from dxlinalg.spirv.errors import Location, SpirvUndefinedBehaviorError, at
from dxlinalg.spirv.memory_access import Region


def workgroup_memory(ctx: ExecutionContext, bytes_per_group: int, threads_per_group: int) -> tuple[Region,
                                                                                                  np.ndarray]:
    """(the chunk's Workgroup memory, byte offset of each lane's group block in it), zero-filled."""
    groups = max(1, ctx.lanes // threads_per_group)
    data = np.zeros(max(groups * bytes_per_group, 1), np.uint8)
    region = Region("Workgroup memory", data, 0, groups * bytes_per_group, True)
    lane_base = (np.arange(ctx.lanes, dtype=np.int64) // threads_per_group) * bytes_per_group
    return region, lane_base


def control_barrier(ctx: ExecutionContext, mask: np.ndarray, threads_per_group: int, where: Location) -> None:
    """OpControlBarrier with Workgroup execution scope: every lane of a group must reach it together."""
    if not ctx.strict or mask.all():
        return
    per_group = mask.reshape(-1, threads_per_group)
    partial = per_group.any(axis=1) & ~per_group.all(axis=1)
    if partial.any():
        group = int(np.argmax(partial))
        reached = int(per_group[group].sum())
        lane = group * threads_per_group
        group_id = tuple(int(v) for v in ctx.geometry.group_id[lane])
        raise SpirvUndefinedBehaviorError(at(where, (
            f"only {reached} of the {threads_per_group} invocations of workgroup {group_id} reach this barrier "
            f"together (a barrier in non-uniform control flow is undefined behaviour)")))
