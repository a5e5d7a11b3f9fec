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
    if ctx.state.accesses is not None:
        ctx.state.accesses.barrier()    # orders the group's device-memory stores for the race check
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


def wave_barrier(*, memory: MemorySemantics, what: str = "wave_barrier", returned_must_reach: bool = False) -> None:
    """A barrier of the running lanes' waves (SPIR-V OpControlBarrier with Subgroup execution scope).

    The threads of a wave wait for each other: in divergent control flow (some threads of a wave reach
    it and others do not) it is undefined behaviour, reported in strict mode. With groupshared
    `memory` semantics, a wave's groupshared accesses before it stop racing with the same wave's
    accesses after it; other waves' accesses still race. `returned_must_reach` as for `group_barrier`.
    """
    ctx = require_context(what)
    if not isinstance(memory, MemorySemantics):
        raise InvalidArgumentError(f"{what}: memory must be a MemorySemantics flag (GROUPSHARED, DEVICE, ALL or "
                                   f"NONE), got {memory!r}")
    starts, counts = ctx.wave_runs
    reached = np.add.reduceat(ctx.active.astype(np.int64), starts)
    if ctx.strict:
        live = counts if returned_must_reach else np.add.reduceat(ctx.live.astype(np.int64), starts)
        divergent = np.flatnonzero((reached > 0) & (reached < live))
        if divergent.size:
            wave = int(divergent[0])
            lane = int(starts[wave])
            whom = (f"the wave's {int(live[wave])} threads" if returned_must_reach
                    else f"the {int(live[wave])} threads that have not returned")
            raise UndefinedBehaviorError(
                f"{what}: in {ctx.group_name(lane)}, wave {int(ctx.geometry.group_index[lane]) // ctx.wave_size}, "
                f"{int(reached[wave])} of {whom} reach this barrier; a wave barrier in divergent control flow is "
                f"undefined behaviour (every thread of the wave must reach it)")
    if MemorySemantics.GROUPSHARED in memory and ctx.shared_memories:
        lanes = np.flatnonzero(reached[ctx.wave_of_lane] > 0)
        wave_in_group = ctx.geometry.group_index // ctx.wave_size
        waves = np.zeros((ctx.groups, int(wave_in_group.max()) + 1), dtype=bool)
        waves[ctx.group_of_lane[lanes], wave_in_group[lanes]] = True
        for shared in ctx.shared_memories:
            shared.synchronise_waves(waves)


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
