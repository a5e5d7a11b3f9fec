"""Data races on groupshared memory: reported in strict mode, made visible by the adversarial profile."""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg.errors import UndefinedBehaviorError
from dxlinalg.gpu import (
    GroupMemoryBarrierWithGroupSync,
    GroupSharedMemory,
    InterlockedAdd,
    RWByteAddressBuffer,
    SV_GroupID,
    SV_GroupIndex,
    compute_shader,
    groupshared,
    if_,
    run_dispatch,
)
from dxlinalg.gpu.types import uint32_t
from tests.gpu.groupshared_cases import group_lanes

THREADS = 8


def dispatch(shader, groups=2, **kwargs) -> np.ndarray:
    out = np.zeros(groups * THREADS * 4, np.uint8)
    run_dispatch(shader, {"u0": out}, (groups, 1, 1), **kwargs)
    return out.view(np.uint32).reshape(groups, THREADS)


@compute_shader(numthreads=(THREADS, 1, 1))
def read_neighbour_without_barrier(out=RWByteAddressBuffer("u0"), tile=groupshared(uint32_t, THREADS)):
    i = SV_GroupIndex()
    tile[i] = 10
    GroupMemoryBarrierWithGroupSync()
    tile[i] = i + 100
    out.Store((SV_GroupID()[:, 0] * THREADS + i) * 4, tile[(i + 1) % THREADS])


@compute_shader(numthreads=(THREADS, 1, 1))
def overwrite_what_a_neighbour_read(out=RWByteAddressBuffer("u0"), tile=groupshared(uint32_t, THREADS)):
    i = SV_GroupIndex()
    tile[i] = i
    GroupMemoryBarrierWithGroupSync()
    v = tile[(i + 1) % THREADS]
    tile[i] = v * 2                    # thread i - 1 read tile[i] just before: write-after-read


@compute_shader(numthreads=(THREADS, 1, 1))
def two_writers_in_two_statements(out=RWByteAddressBuffer("u0"), tile=groupshared(uint32_t, THREADS)):
    i = SV_GroupIndex()
    with if_(SV_GroupID()[:, 0] == 1):         # only group 1 races
        tile[i] = i
        tile[(i + 1) % THREADS] = i


@compute_shader(numthreads=(THREADS, 1, 1))
def everyone_writes_slot_zero(out=RWByteAddressBuffer("u0"), tile=groupshared(uint32_t, 1)):
    i = SV_GroupIndex()
    tile[0] = i + 1
    GroupMemoryBarrierWithGroupSync()
    out.Store((SV_GroupID()[:, 0] * THREADS + i) * 4, tile[0])


def test_read_after_write_by_another_thread_is_reported_with_group_threads_and_byte():
    with pytest.raises(UndefinedBehaviorError,
                       match=r"tile\[\.\.\.\] load: data race on groupshared memory \(read-after-write\) in thread "
                             r"group \(0, 0, 0\): thread 0 reads 'tile' byte 4 \(groupshared byte 4\), which thread 1 "
                             r"wrote since the group's last barrier"):
        dispatch(read_neighbour_without_barrier)


def test_write_after_read_by_another_thread_is_reported():
    with pytest.raises(UndefinedBehaviorError, match=r"\(write-after-read\) .*: thread 0 writes 'tile' byte 0 "
                                                     r"\(groupshared byte 0\), which thread 7 read"):
        dispatch(overwrite_what_a_neighbour_read)


def test_write_after_write_in_two_statements_is_reported_in_the_group_that_races():
    with pytest.raises(UndefinedBehaviorError, match=r"\(write-after-write\) in thread group \(1, 0, 0\): thread 0 "
                                                     r"writes 'tile' byte 4 .*which thread 1 wrote"):
        dispatch(two_writers_in_two_statements)


def test_write_after_write_in_one_statement_is_reported():
    with pytest.raises(UndefinedBehaviorError, match=r"\(write-after-write\) in thread group \(0, 0, 0\): threads 0 "
                                                     r"and 1 both write 'tile' byte 0 \(groupshared byte 0\) in one "
                                                     r"statement"):
        dispatch(everyone_writes_slot_zero)


@compute_shader(numthreads=(THREADS, 1, 1))
def rotate_with_barriers(out=RWByteAddressBuffer("u0"), tile=groupshared(uint32_t, THREADS)):
    i = SV_GroupIndex()
    tile[i] = i * i
    tile[i] = tile[i] + 1                       # a thread may reread and rewrite its own bytes
    GroupMemoryBarrierWithGroupSync()
    v = tile[(i + 1) % THREADS]
    GroupMemoryBarrierWithGroupSync()
    tile[i] = v
    GroupMemoryBarrierWithGroupSync()
    out.Store((SV_GroupID()[:, 0] * THREADS + i) * 4, tile[(i + 1) % THREADS])


def test_no_race_once_barriers_separate_the_accesses():
    expected = [((t + 2) % THREADS) ** 2 + 1 for t in range(THREADS)]
    assert dispatch(rotate_with_barriers).tolist() == [expected, expected]


@compute_shader(numthreads=(THREADS, 1, 1))
def count_then_read(out=RWByteAddressBuffer("u0"), counter=groupshared(uint32_t, 1)):
    i = SV_GroupIndex()
    with if_(i == 0):
        counter[0] = 0
    GroupMemoryBarrierWithGroupSync()
    InterlockedAdd(counter.at[0], 1)            # atomics by every thread: no race among them
    InterlockedAdd(counter.at[0], i)
    GroupMemoryBarrierWithGroupSync()
    out.Store((SV_GroupID()[:, 0] * THREADS + i) * 4, counter[0])


def test_atomics_do_not_race_with_each_other():
    assert dispatch(count_then_read).tolist() == [[THREADS + sum(range(THREADS))] * THREADS] * 2


@compute_shader(numthreads=(THREADS, 1, 1))
def read_counter_too_early(out=RWByteAddressBuffer("u0"), counter=groupshared(uint32_t, 1)):
    with if_(SV_GroupIndex() == 0):
        counter[0] = 0
    GroupMemoryBarrierWithGroupSync()
    InterlockedAdd(counter.at[0], 1)
    out.Store(SV_GroupIndex() * 4, counter[0])


@compute_shader(numthreads=(THREADS, 1, 1))
def atomic_on_a_plain_write(out=RWByteAddressBuffer("u0"), counter=groupshared(uint32_t, 1)):
    with if_(SV_GroupIndex() == 0):
        counter[0] = 0
    InterlockedAdd(counter.at[0], 1)


@compute_shader(numthreads=(THREADS, 1, 1))
def reset_own_then_count(out=RWByteAddressBuffer("u0"), counter=groupshared(uint32_t, 1)):
    with if_(SV_GroupIndex() == 0):
        counter[0] = 0                          # thread 0's plain store...
        InterlockedAdd(counter.at[0], 1)        # ...then its own atomic: fine
    with if_(SV_GroupIndex() == 1):
        InterlockedAdd(counter.at[0], 1)        # another thread's atomic may come before the store


@compute_shader(numthreads=(THREADS, 1, 1))
def store_over_an_atomic(out=RWByteAddressBuffer("u0"), counter=groupshared(uint32_t, 1)):
    with if_(SV_GroupIndex() == 0):
        counter[0] = 0
    GroupMemoryBarrierWithGroupSync()
    with if_(SV_GroupIndex() == 1):
        InterlockedAdd(counter.at[0], 1)
    with if_(SV_GroupIndex() == 2):
        counter[0] = 5


@pytest.mark.parametrize("shader, match", [
    (read_counter_too_early, r"\(read after an atomic\).*which several threads updated atomically"),
    (reset_own_then_count, r"\(atomic after a plain write\).*thread 1 updates atomically .*which thread 0 wrote "
                           r"without an atomic"),
    (store_over_an_atomic, r"\(write after an atomic\).*thread 2 writes 'counter' byte 0 .*which thread 1 updated "
                           r"atomically"),
    (atomic_on_a_plain_write, r"\(atomic after a plain write\).*thread 1 updates atomically 'counter' byte 0 .*which "
                              r"thread 0 wrote without an atomic"),
])
def test_plain_accesses_race_with_other_threads_atomics(shader, match):
    with pytest.raises(UndefinedBehaviorError, match=match):
        dispatch(shader)


def test_races_are_found_byte_by_byte_across_element_types():
    with group_lanes(1, 2) as ctx:
        memory = GroupSharedMemory(ctx, 8)
        memory.fill(0, 8)
        with if_(ctx.geometry.group_index == 1):
            memory.store(5, np.full((2, 1), 7, np.uint8))          # thread 1 writes byte 5 only
        with if_(ctx.geometry.group_index == 0):
            memory.store(0, np.zeros((2, 1), np.uint32))           # thread 0 writes bytes 0..3
            with pytest.raises(UndefinedBehaviorError, match="thread 0 reads groupshared byte 5, which thread 1 wrote"):
                memory.load(np.uint32, 4)                          # bytes 4..7 include thread 1's byte 5


# -- permissive mode: what the profiles make of the same races ------------------------------------------
def test_conflicting_stores_in_one_statement_land_in_the_profiles_order():
    reference = dispatch(everyone_writes_slot_zero, strict=False)
    adversarial = dispatch(everyone_writes_slot_zero, strict=False, profile="adversarial")
    assert reference.tolist() == [[THREADS] * THREADS] * 2        # lane order: the highest thread's store stays
    assert adversarial.tolist() == [[1] * THREADS] * 2            # reverse lane order: the lowest thread's


def test_a_missing_barrier_goes_unnoticed_on_reference_but_not_on_adversarial():
    reference = dispatch(read_neighbour_without_barrier, strict=False)
    adversarial = dispatch(read_neighbour_without_barrier, strict=False, profile="adversarial")
    assert reference.tolist() == [[(t + 1) % THREADS + 100 for t in range(THREADS)]] * 2
    assert adversarial.tolist() == [[10] * THREADS] * 2           # other threads' stores land at the next barrier
    assert reference.tolist() != adversarial.tolist()


def test_strict_mode_reports_the_race_on_every_profile():
    for profile in ("reference", "adversarial", "minimal", "nvidia-h100"):
        with pytest.raises(UndefinedBehaviorError, match="data race"):
            dispatch(read_neighbour_without_barrier, profile=profile)


def test_a_thread_sees_its_own_unsynchronised_store_on_adversarial():
    @compute_shader(numthreads=(THREADS, 1, 1))
    def own(out=RWByteAddressBuffer("u0"), tile=groupshared(uint32_t, THREADS)):
        i = SV_GroupIndex()
        tile[i] = i + 5
        out.Store((SV_GroupID()[:, 0] * THREADS + i) * 4, tile[i])

    assert dispatch(own, strict=False, profile="adversarial").tolist() == [list(range(5, 5 + THREADS))] * 2
