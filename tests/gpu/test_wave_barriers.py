"""Wave barriers (SPIR-V's Subgroup-scope control barrier): reached by whole waves, and ordering groupshared
accesses between the threads of each wave only."""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.gpu import GroupSharedMemory, MemorySemantics, if_, lane_return
from dxlinalg.gpu.barriers import wave_barrier
from tests.gpu.groupshared_cases import group_lanes

THREADS = 8      # two waves of 4 on the adversarial profile


def own_slot_stored(memory: GroupSharedMemory, ctx) -> np.ndarray:
    thread = ctx.geometry.group_index.astype(np.int64)
    memory.store(thread * 4, (thread.astype(np.uint32) + 100)[:, None])
    return thread


def test_a_wave_barrier_orders_the_accesses_of_each_waves_threads():
    with group_lanes(2, THREADS, profile="adversarial") as ctx:
        memory = GroupSharedMemory(ctx, THREADS * 4)
        thread = own_slot_stored(memory, ctx)
        wave_barrier(memory=MemorySemantics.GROUPSHARED)
        partner = memory.load(np.uint32, (thread ^ 1) * 4)[:, 0]       # the other thread of a pair: same wave
        assert partner.tolist() == [(t ^ 1) + 100 for t in range(THREADS)] * 2
        with pytest.raises(UndefinedBehaviorError, match=r"thread 0 reads groupshared byte 28, which threads of wave 1 "
                                                         r"\(ordered by a wave barrier for that wave's threads only\) "
                                                         r"wrote"):
            memory.load(np.uint32, (THREADS - 1 - thread) * 4)         # thread 0 reads thread 7's slot: wave 1


def test_a_wave_barrier_without_groupshared_semantics_orders_nothing():
    with group_lanes(1, THREADS, profile="adversarial") as ctx:
        memory = GroupSharedMemory(ctx, THREADS * 4)
        thread = own_slot_stored(memory, ctx)
        wave_barrier(memory=MemorySemantics.DEVICE)
        with pytest.raises(UndefinedBehaviorError, match=r"\(read-after-write\).*thread 0 reads groupshared byte 4, "
                                                         r"which thread 1 wrote"):
            memory.load(np.uint32, (thread ^ 1) * 4)


def test_after_a_wave_barrier_a_thread_may_overwrite_what_its_own_wave_read():
    with group_lanes(1, THREADS, profile="adversarial") as ctx:
        memory = GroupSharedMemory(ctx, THREADS * 4)
        memory.fill(0, THREADS * 4)
        with if_(ctx.geometry.group_index < 4):                    # wave 0 (a branch uniform over waves)
            memory.load(np.uint32, 0)                              # its four threads read slot 0
            wave_barrier(memory=MemorySemantics.GROUPSHARED)
        with if_(ctx.geometry.group_index == 0):
            memory.store(0, np.full((THREADS, 1), 9, np.uint32))


def test_other_waves_reads_still_race_after_one_waves_barrier():
    with group_lanes(1, THREADS, profile="adversarial") as ctx:
        memory = GroupSharedMemory(ctx, THREADS * 4)
        memory.fill(0, THREADS * 4)
        memory.load(np.uint32, 0)                                  # the threads of both waves read slot 0
        with if_(ctx.geometry.group_index < 4):
            wave_barrier(memory=MemorySemantics.GROUPSHARED)
        with if_(ctx.geometry.group_index == 0):
            with pytest.raises(UndefinedBehaviorError, match=r"\(write-after-read\).*which several threads read"):
                memory.store(0, np.zeros((THREADS, 1), np.uint32))


def test_a_wave_barrier_some_threads_of_a_wave_skip_is_reported():
    with group_lanes(1, THREADS, profile="adversarial") as ctx:
        with if_(ctx.geometry.group_index != 5):
            with pytest.raises(UndefinedBehaviorError, match=r"wave_barrier: in thread group \(0, 0, 0\), wave 1, 3 "
                                                             r"of the 4 threads that have not returned reach this "
                                                             r"barrier"):
                wave_barrier(memory=MemorySemantics.NONE)


def test_threads_that_returned_are_waited_for_only_when_the_surface_says_so():
    with group_lanes(1, THREADS, profile="adversarial") as ctx:
        lane_return(ctx.geometry.group_index == 6)
        wave_barrier(memory=MemorySemantics.NONE)
        with pytest.raises(UndefinedBehaviorError, match=r"wave 1, 3 of the wave's 4 threads reach this barrier"):
            wave_barrier(memory=MemorySemantics.NONE, returned_must_reach=True)


def test_permissive_mode_lets_a_divergent_wave_barrier_through():
    with group_lanes(1, THREADS, profile="adversarial", strict=False) as ctx:
        with if_(ctx.geometry.group_index != 5):
            wave_barrier(memory=MemorySemantics.GROUPSHARED)


def test_memory_must_be_a_memory_semantics_flag():
    with group_lanes(1, THREADS):
        with pytest.raises(InvalidArgumentError, match="memory must be a MemorySemantics flag"):
            wave_barrier(memory=1)  # type: ignore[arg-type]
