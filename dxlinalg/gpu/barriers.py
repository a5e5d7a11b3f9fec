"""Group barriers: execution sync of a thread group, and the memory whose accesses they order.

Every statement runs for the whole chunk at once, so all lanes that execute a barrier reach it
together; what is left to check is who does not. A barrier with execution sync must be reached by
every thread of a group that has not returned: in divergent control flow (a group's active lanes a
strict subset of its live ones) it is undefined behaviour, reported in strict mode. A barrier with
execution sync and groupshared memory semantics ends the race window of the groups that reach it
(`GroupSharedMemory.synchronise`). Device (UAV) memory has no race tracking, so its semantics change
nothing here. `group_barrier` is the surface-neutral form (SPIR-V OpControlBarrier/OpMemoryBarrier,
nvgpu's gpu.barrier); the HLSL intrinsics are spelled below it.
"""

from __future__ import annotations

from enum import Flag, auto

import numpy as np

from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.gpu.context import require_context


class MemorySemantics(Flag):
    """Which memory a barrier orders: groupshared (Workgroup), device (UAV/StorageBuffer), or both."""

    NONE = 0
    GROUPSHARED = auto()
    DEVICE = auto()
    ALL = GROUPSHARED | DEVICE


def group_barrier(*, execution: bool, memory: MemorySemantics, what: str = "group_barrier",
                  returned_must_reach: bool = False) -> None:
    """A barrier of the running lanes' thread groups.

    `execution`: the group's threads wait for each other (…WithGroupSync, OpControlBarrier with
    Workgroup execution scope). `memory`: the accesses it orders. Only a barrier with both execution
    and groupshared semantics makes one thread's groupshared writes safe for another to access.
    `returned_must_reach`: every thread of the group must reach it, even one that returned (SPIR-V:
    all invocations execute the same dynamic instance); by default threads that returned are not
    waited for (HLSL).
    """
    ctx = require_context(what)
    if not isinstance(memory, MemorySemantics) or not isinstance(execution, (bool, np.bool_)):
        raise InvalidArgumentError(
            f"{what}: execution must be a bool and memory a MemorySemantics flag (GROUPSHARED, DEVICE, ALL or "
            f"NONE), got {execution!r} and {memory!r}")
    if not execution:
        return          # statements already run in order for every lane: a fence alone changes nothing here
    reached = ctx.per_group_count(ctx.active)
    if ctx.strict:
        live = ctx.per_group_count(np.ones(ctx.lanes, dtype=bool) if returned_must_reach else ctx.live)
        divergent = np.flatnonzero((reached > 0) & (reached < live))
        if divergent.size:
            group = int(divergent[0])
            lane = int(ctx.group_starts[group])
            whom = (f"the group's {int(live[group])} threads" if returned_must_reach
                    else f"the {int(live[group])} threads that have not returned")
            raise UndefinedBehaviorError(
                f"{what}: in {ctx.group_name(lane)}, {int(reached[group])} of {whom} reach this barrier; a group "
                f"barrier in divergent control flow is undefined behaviour (every thread of the group must "
                f"reach it)")
    if MemorySemantics.GROUPSHARED in memory:
        for shared in ctx.shared_memories:
            shared.synchronise(reached > 0)


def GroupMemoryBarrier() -> None:  # noqa: N802 (HLSL names)
    """Orders this thread's groupshared accesses; no sync, so other threads' writes may still race."""
    group_barrier(execution=False, memory=MemorySemantics.GROUPSHARED, what="GroupMemoryBarrier")


def GroupMemoryBarrierWithGroupSync() -> None:  # noqa: N802
    """Every thread of the group waits here; groupshared writes before it are visible to all after it."""
    group_barrier(execution=True, memory=MemorySemantics.GROUPSHARED, what="GroupMemoryBarrierWithGroupSync")


def DeviceMemoryBarrier() -> None:  # noqa: N802
    group_barrier(execution=False, memory=MemorySemantics.DEVICE, what="DeviceMemoryBarrier")


def DeviceMemoryBarrierWithGroupSync() -> None:  # noqa: N802
    """Group sync ordering device memory only: groupshared accesses on either side may still race."""
    group_barrier(execution=True, memory=MemorySemantics.DEVICE, what="DeviceMemoryBarrierWithGroupSync")


def AllMemoryBarrier() -> None:  # noqa: N802
    group_barrier(execution=False, memory=MemorySemantics.ALL, what="AllMemoryBarrier")


def AllMemoryBarrierWithGroupSync() -> None:  # noqa: N802
    group_barrier(execution=True, memory=MemorySemantics.ALL, what="AllMemoryBarrierWithGroupSync")
