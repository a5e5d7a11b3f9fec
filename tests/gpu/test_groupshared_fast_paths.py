"""The groupshared fast paths against the plain checks that define them: bounds in one unsigned comparison,
alignment by mask, and the race tracker told that one-element runs are aligned instead of looking."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.errors import UndefinedBehaviorError
from dxlinalg.gpu.groupshared import within
from dxlinalg.gpu.shared_races import AccessTracker, _aligned_runs
from tests.gpu.groupshared_cases import group_lanes

offsets = st.lists(st.integers(-(2**40), 2**40), min_size=1, max_size=40)


@settings(max_examples=100, deadline=None)
@given(offsets, st.integers(-8, 2**20))
def test_within_is_both_bounds(values, highest):
    offset = np.array(values, np.int64)
    assert np.array_equal(within(offset, highest), (offset >= 0) & (offset <= highest))


@settings(max_examples=100, deadline=None)
@given(offsets, st.sampled_from([1, 2, 4, 8]))
def test_alignment_by_mask_is_alignment_by_modulo(values, itemsize):
    offset = np.array(values, np.int64)
    assert np.array_equal((offset & (itemsize - 1)) != 0, offset % itemsize != 0)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 200), min_size=1, max_size=30), st.sampled_from([2, 4, 8]))
def test_one_element_runs_from_aligned_starts_are_aligned_runs(elements, width):
    starts = np.array(elements, np.int64) * width
    assert _aligned_runs(starts[:, None] + np.arange(width))


def tracker_states(tracker: AccessTracker) -> list[bytes]:
    return [tracker.writer.tobytes(), tracker.atomic_writer.tobytes(), tracker.reader.tobytes(),
            tracker.written.tobytes()]


def replay(accesses, aligned: bool | str | None, ctx, stride: int, packed: bool = True) -> tuple[list[bytes], list[str]]:
    """Run the accesses through a fresh tracker; the states after each and the errors raised."""
    tracker = AccessTracker(ctx, ctx.groups, stride, lambda offset: f"byte {offset}", report=True)
    tracker.packed_rows = packed
    tracker.mark_written(np.arange(0, ctx.groups * stride, 2))           # half the bytes start written
    errors = []
    for kind, lanes, elements, width in accesses:
        starts = ctx.group_of_lane[lanes] * stride + elements * width
        byte_index = starts[:, None] + np.arange(width)
        try:
            if aligned == "runs":
                (tracker.load_run if kind == "load" else tracker.store_run)(starts, width, lanes, kind)
            elif kind == "load":
                tracker.load(byte_index, lanes, "load", aligned=aligned)
            else:
                tracker.store(byte_index, lanes, "store", aligned=aligned)
        except UndefinedBehaviorError as error:
            errors.append(str(error))
    return tracker_states(tracker), errors


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_the_tracker_told_runs_are_aligned_records_and_reports_what_it_finds_by_looking(seed):
    rng = np.random.default_rng(seed)
    stride, threads = 64, 8
    with group_lanes(2, threads) as ctx:
        accesses = []
        for _ in range(int(rng.integers(1, 10))):
            width = int(rng.choice([2, 4, 8]))
            lanes = np.flatnonzero(rng.random(ctx.lanes) < rng.choice([0.3, 1.0]))
            if rng.random() < 0.3:
                lanes = lanes[::-1]                                       # rows in falling order
            elements = rng.integers(0, stride // width, lanes.size)
            if rng.random() < 0.5:
                elements = np.unique(elements)[: lanes.size] if lanes.size else elements
                lanes = lanes[: elements.size]
            accesses.append((str(rng.choice(["load", "store"])), lanes, elements.astype(np.int64), width))
        plain = replay(accesses, None, ctx, stride, packed=False)       # byte by byte: the definition
        assert replay(accesses, True, ctx, stride) == plain
        assert replay(accesses, None, ctx, stride) == plain
        assert replay(accesses, "runs", ctx, stride) == plain


def test_a_misaligned_element_is_still_reported_with_the_fast_checks():
    from dxlinalg.gpu.groupshared import GroupSharedMemory
    with group_lanes(1, 4) as ctx:
        memory = GroupSharedMemory(ctx, 64)
        with pytest.raises(UndefinedBehaviorError, match="not 4-byte aligned"):
            memory.store(np.array([0, 4, 9, 12]), np.zeros((4, 1), np.uint32))
        with pytest.raises(UndefinedBehaviorError, match=r"bytes \[-4, 0\).*outside"):
            memory.store(np.array([0, 4, -4, 12]), np.zeros((4, 1), np.uint32))


@pytest.mark.parametrize("width", [2, 4])
@pytest.mark.parametrize("falling", [False, True])
def test_own_elements_written_and_read_back_are_decided_by_rows_as_the_bytes_decide(width, falling):
    stride, threads = 64, 8
    with group_lanes(3, threads) as ctx:
        lanes = np.arange(ctx.lanes)[::-1] if falling else np.arange(ctx.lanes)
        elements = ctx.geometry.group_index[lanes].astype(np.int64)
        accesses = [("store", lanes, elements, width), ("load", lanes, elements, width),
                    ("store", lanes, elements, width), ("load", lanes[::2], elements[::2], width)]
        fast = replay(accesses, True, ctx, stride)
        assert fast == replay(accesses, None, ctx, stride, packed=False) and fast[1] == []
        assert replay(accesses, "runs", ctx, stride) == fast
        tracker = AccessTracker(ctx, ctx.groups, stride, str, report=True)
        starts = ctx.group_of_lane[lanes] * stride + elements * width
        assert tracker._clean_rows(starts // width, tracker._threads(lanes), width, True)
        assert tracker._clean_rows(starts // width, tracker._threads(lanes), width, False)
        neighbour = tracker._threads(np.roll(lanes, 1))                  # another thread read them: not clean
        assert not tracker._clean_rows(starts // width, neighbour, width, True)
