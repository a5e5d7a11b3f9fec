"""GroupSharedMemory: per-group bytes, typed per-lane gathers and scatters, bounds, alignment, initialisers."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.gpu import GroupSharedMemory, if_, standalone_lanes
from tests.gpu.groupshared_cases import group_lanes

DTYPES = [np.int8, np.uint8, np.int16, np.uint16, np.float16, np.int32, np.uint32, np.float32, np.int64,
          np.uint64, np.float64]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("count", [1, 3])
def test_each_lane_reads_back_what_it_stored_in_its_own_group(dtype, count):
    dtype = np.dtype(dtype)
    groups, threads = 3, 4
    with group_lanes(groups, threads) as ctx:
        memory = GroupSharedMemory(ctx, threads * count * dtype.itemsize)
        thread = ctx.geometry.group_index.astype(np.int64)
        values = (np.arange(ctx.lanes * count).reshape(ctx.lanes, count) * 7 % 100).astype(dtype)
        memory.store(thread * count * dtype.itemsize, values)
        assert np.array_equal(memory.load(dtype, thread * count * dtype.itemsize, count), values)
    rows = memory.data[:, : memory.size].view(dtype).reshape(groups, threads, count)
    assert np.array_equal(rows, values.reshape(groups, threads, count))     # group g's row holds group g's lanes


def test_groups_do_not_see_each_others_memory():
    with group_lanes(2, 4) as ctx:
        memory = GroupSharedMemory(ctx, 16)
        memory.store(ctx.geometry.group_index * 4, (ctx.geometry.group_id[:, 0] * 100 + ctx.geometry.group_index)
                     .astype(np.uint32).reshape(-1, 1))
        got = memory.load(np.uint32, ctx.geometry.group_index * 4)[:, 0]
    assert got.tolist() == [0, 1, 2, 3, 100, 101, 102, 103]


def test_bytes_of_one_type_read_as_another_little_endian():
    with standalone_lanes(2) as ctx:
        memory = GroupSharedMemory(ctx, 8)
        with if_(np.array([True, False])):
            memory.store(0, np.full((2, 1), 0x04030201, np.uint32))
            memory.store(4, np.full((2, 2), 0x0605, np.uint16))
        with if_(np.array([True, False])):
            assert memory.load(np.uint8, 0, 8)[0].tolist() == [1, 2, 3, 4, 5, 6, 5, 6]
            assert memory.load(np.uint64, 0)[0, 0] == 0x0605060504030201


def test_inactive_lanes_load_zeros_and_do_not_store():
    with standalone_lanes(4) as ctx:
        memory = GroupSharedMemory(ctx, 16)
        with if_(np.array([True, False, True, False])):
            memory.store(np.arange(4) * 4, np.full((4, 1), 9, np.uint32))
            got = memory.load(np.uint32, np.arange(4) * 4)[:, 0]
    assert got.tolist() == [9, 0, 9, 0]
    assert memory.data[0, :16].view(np.uint32).tolist() == [9, 0, 9, 0]


def test_strict_mode_reports_out_of_bounds_and_misaligned_accesses_with_thread_and_group():
    with group_lanes(2, 4) as ctx:
        memory = GroupSharedMemory(ctx, 16)
        with pytest.raises(UndefinedBehaviorError, match=r"bytes \[16, 20\) \(thread 0 of thread group \(0, 0, 0\)\) "
                                                         r"are outside the group's 16 bytes"):
            memory.load(np.uint32, ctx.geometry.group_index * 4 + 16)
        with pytest.raises(UndefinedBehaviorError,
                           match=r"byte 2 \(thread 0 of thread group \(0, 0, 0\)\) is not 4-byte aligned"):
            memory.store(2, np.zeros((ctx.lanes, 1), np.uint32))
        with pytest.raises(UndefinedBehaviorError, match="outside"):
            memory.store(-4, np.zeros((ctx.lanes, 1), np.uint32))


def test_permissive_mode_aligns_down_reads_zero_and_drops_stores_outside():
    with group_lanes(1, 4, strict=False) as ctx:
        memory = GroupSharedMemory(ctx, 16)
        memory.store(np.array([0, 6, 16, -4]), np.array([[1], [2], [3], [4]], np.uint32))
        assert memory.data[0, :16].view(np.uint32).tolist() == [1, 2, 0, 0]     # 6 lands at 4
        assert memory.load(np.uint32, np.array([1, 4, 20, -8]))[:, 0].tolist() == [1, 2, 0, 0]


def test_strict_mode_reports_reading_bytes_never_written_and_fill_defines_them():
    with group_lanes(2, 2) as ctx:
        memory = GroupSharedMemory(ctx, 8)
        with pytest.raises(UndefinedBehaviorError, match="which no thread of its group has written: groupshared "
                                                         "memory starts undefined"):
            memory.load(np.uint32, 4)
        memory.fill(0, 8, 0xAB)
        assert memory.load(np.uint8, 7)[:, 0].tolist() == [0xAB] * 4


def test_messages_name_the_variable_that_holds_the_byte():
    with standalone_lanes(2) as ctx:
        memory = GroupSharedMemory(ctx, 32)
        memory.name_region("counts", 16, 16)
        with pytest.raises(UndefinedBehaviorError, match=r"'counts' byte 4 \(groupshared byte 20\)"):
            memory.load(np.uint32, 20)


@pytest.mark.parametrize("size, match", [(-1, "non-negative"), (2.5, "non-negative")])
def test_bad_sizes_are_rejected(size, match):
    with standalone_lanes(2) as ctx, pytest.raises(InvalidArgumentError, match=match):
        GroupSharedMemory(ctx, size)


def test_bad_access_arguments_are_rejected_with_the_rule():
    with standalone_lanes(2) as ctx:
        memory = GroupSharedMemory(ctx, 16)
        with pytest.raises(InvalidArgumentError, match="8/16/32/64-bit integers or 16/32/64-bit floats, not bool"):
            memory.load(np.bool_, 0)
        with pytest.raises(InvalidArgumentError, match="element count 0 must be positive"):
            memory.load(np.uint32, 0, 0)
        with pytest.raises(InvalidArgumentError, match=r"values of shape \(3, 1\) do not fit; expected \(2, count\)"):
            memory.store(0, np.zeros((3, 1), np.uint32))
        with pytest.raises(InvalidArgumentError, match="offset has shape"):
            memory.load(np.uint32, np.zeros(3, np.int64))
        with pytest.raises(InvalidArgumentError, match="offset must be an integer"):
            memory.load(np.uint32, 1.5)
        with pytest.raises(InvalidArgumentError, match=r"fill of bytes \[8, 24\)"):
            memory.fill(8, 16)


@settings(max_examples=25, deadline=None)
@given(data=st.data(), groups=st.integers(1, 3), threads=st.integers(1, 8),
       dtype=st.sampled_from([np.uint8, np.int16, np.float32, np.uint64]))
def test_random_stores_then_loads_match_a_per_group_byte_oracle(data, groups, threads, dtype):
    """Each thread stores to its own slots (no race), then after the writes any slot is read back."""
    dtype = np.dtype(dtype)
    slots = threads * 2
    with group_lanes(groups, threads, strict=False) as ctx:
        memory = GroupSharedMemory(ctx, slots * dtype.itemsize)
        oracle = np.zeros((groups, slots), dtype)
        for _ in range(3):
            own = data.draw(st.lists(st.integers(0, 1), min_size=ctx.lanes, max_size=ctx.lanes))
            slot = ctx.geometry.group_index.astype(np.int64) * 2 + np.array(own)
            values = np.array(data.draw(st.lists(st.integers(0, 100), min_size=ctx.lanes, max_size=ctx.lanes)),
                              dtype).reshape(-1, 1)
            memory.store(slot * dtype.itemsize, values)
            for lane in range(ctx.lanes):                    # the oracle: plain loops over lanes
                oracle[lane // threads, slot[lane]] = values[lane, 0]
        read = np.array(data.draw(st.lists(st.integers(0, slots - 1), min_size=ctx.lanes, max_size=ctx.lanes)))
        got = memory.load(dtype, read * dtype.itemsize)[:, 0]
    assert np.array_equal(got, [oracle[lane // threads, read[lane]] for lane in range(groups * threads)])


@pytest.mark.parametrize("profile, survivor", [("reference", 1), ("adversarial", 0)])
def test_partly_overlapping_vector_stores_in_one_statement_land_in_the_profiles_order(profile, survivor):
    with group_lanes(1, 2, profile=profile, strict=False) as ctx:
        memory = GroupSharedMemory(ctx, 24)
        memory.store(np.array([0, 8]), np.array([[1, 1, 1, 1], [2, 2, 2, 2]], np.uint32))   # elements 2, 3 overlap
        got = memory.data[0, :24].view(np.uint32).tolist()
    assert got == [1, 1, [1, 2][survivor], [1, 2][survivor], 2, 2]
    with group_lanes(1, 2, profile=profile) as ctx, pytest.raises(
            UndefinedBehaviorError, match="both write groupshared byte 8 in one statement"):
        GroupSharedMemory(ctx, 24).store(np.array([0, 8]), np.ones((2, 4), np.uint32))
