"""Group barriers: reached by every live thread of a group or reported; which barriers end a race window."""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.gpu import (
    AllMemoryBarrier,
    AllMemoryBarrierWithGroupSync,
    DeviceMemoryBarrier,
    DeviceMemoryBarrierWithGroupSync,
    GroupMemoryBarrier,
    GroupMemoryBarrierWithGroupSync,
    MemorySemantics,
    RWByteAddressBuffer,
    SV_GroupID,
    SV_GroupIndex,
    compute_shader,
    group_barrier,
    groupshared,
    if_,
    lane_return,
    run_dispatch,
    standalone_lanes,
)
from dxlinalg.gpu.types import uint32_t


def dispatch(shader, groups=2, **kwargs):
    out = np.zeros(1024, np.uint8)
    run_dispatch(shader, {"u0": out}, (groups, 1, 1), **kwargs)
    return out


@compute_shader(numthreads=(8, 1, 1))
def barrier_in_a_branch(out=RWByteAddressBuffer("u0")):
    with if_((SV_GroupID()[:, 0] == 1) & (SV_GroupIndex() < 5)):
        GroupMemoryBarrierWithGroupSync()


def test_a_barrier_in_divergent_code_is_reported_with_the_group_and_how_many_reached_it():
    with pytest.raises(UndefinedBehaviorError, match=r"GroupMemoryBarrierWithGroupSync: in thread group \(1, 0, 0\), "
                                                     r"5 of the 8 threads that have not returned reach this barrier"):
        dispatch(barrier_in_a_branch)


def test_permissive_mode_lets_a_divergent_barrier_through():
    dispatch(barrier_in_a_branch, strict=False)


@compute_shader(numthreads=(8, 1, 1))
def barrier_after_returns(out=RWByteAddressBuffer("u0"), seen=groupshared(uint32_t, 8)):
    i = SV_GroupIndex()
    lane_return(i >= 6)                                   # threads that returned are not waited for
    seen[i] = i * 3
    GroupMemoryBarrierWithGroupSync()
    with if_(SV_GroupID()[:, 0] == 0):                    # a branch uniform over each group
        GroupMemoryBarrierWithGroupSync()
        out.Store(i * 4, seen[5 - i])


def test_returned_threads_and_group_uniform_branches_do_not_make_a_barrier_divergent():
    out = dispatch(barrier_after_returns)
    assert out[:32].view(np.uint32).tolist() == [15, 12, 9, 6, 3, 0, 0, 0]


@compute_shader(numthreads=(4, 1, 1))
def fences_in_a_branch(out=RWByteAddressBuffer("u0")):
    with if_(SV_GroupIndex() < 2):                        # fences without group sync may diverge
        GroupMemoryBarrier()
        DeviceMemoryBarrier()
        AllMemoryBarrier()


def test_memory_barriers_without_sync_may_be_divergent():
    dispatch(fences_in_a_branch)


def make_exchange(barrier):
    @compute_shader(numthreads=(4, 1, 1))
    def exchange(out=RWByteAddressBuffer("u0"), tile=groupshared(uint32_t, 4)):
        i = SV_GroupIndex()
        tile[i] = i + 10
        barrier()
        out.Store(i * 4, tile[3 - i])
    return exchange


@pytest.mark.parametrize("barrier", [GroupMemoryBarrierWithGroupSync, AllMemoryBarrierWithGroupSync,
                                     lambda: group_barrier(execution=True, memory=MemorySemantics.GROUPSHARED)])
def test_a_synchronising_barrier_with_groupshared_semantics_makes_other_threads_writes_safe(barrier):
    assert dispatch(make_exchange(barrier), groups=1)[:16].view(np.uint32).tolist() == [13, 12, 11, 10]


@pytest.mark.parametrize("barrier", [GroupMemoryBarrier, DeviceMemoryBarrierWithGroupSync, AllMemoryBarrier,
                                     lambda: group_barrier(execution=True, memory=MemorySemantics.DEVICE)])
def test_barriers_without_sync_or_without_groupshared_semantics_leave_the_race(barrier):
    with pytest.raises(UndefinedBehaviorError, match=r"data race on groupshared memory \(read-after-write\)"):
        dispatch(make_exchange(barrier), groups=1)


def test_barriers_need_running_lanes_and_flags():
    with pytest.raises(InvalidArgumentError, match="GroupMemoryBarrierWithGroupSync needs running lanes"):
        GroupMemoryBarrierWithGroupSync()
    with standalone_lanes(4):
        with pytest.raises(InvalidArgumentError, match="memory a MemorySemantics flag .* got True and 256"):
            group_barrier(execution=True, memory=256)
