"""device_async_copy / create_group / wait against a per-thread model of cp.async groups."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.gpu import (
    BufferMemory,
    GroupMemoryBarrierWithGroupSync,
    GroupSharedMemory,
    TypedView,
    if_,
    standalone_lanes,
)
from dxlinalg.nvgpu import (
    device_async_copy,
    device_async_create_group,
    device_async_wait,
)

LANES = 32
SLOT = 16                     # each (lane, copy) gets its own 16-byte destination slot


def source_bytes() -> np.ndarray:
    return (np.arange(4096) % 251 + 1).astype(np.uint8)          # never 0, so zero fill shows


class ThreadModel:
    """One thread's cp.async state as the PTX text reads: pending copies, committed groups, waits."""

    def __init__(self) -> None:
        self.uncommitted: list[tuple[int, bytes]] = []
        self.groups: list[list[tuple[int, bytes]]] = []
        self.landed: dict[int, bytes] = {}

    def copy(self, slot: int, data: bytes) -> None:
        self.uncommitted.append((slot, data))

    def commit(self) -> None:
        self.groups.append(self.uncommitted)
        self.uncommitted = []

    def wait(self, in_flight: int) -> None:
        done = self.groups[:max(len(self.groups) - in_flight, 0)]
        for group in done:
            for slot, data in group:
                self.landed[slot] = data
        self.groups = self.groups[len(done):]


def program(draw_ops: list[tuple[str, int]], seed: int, profile: str) -> None:
    """Run a random sequence of copies, commits and waits; after each wait, every landed slot must
    read as the model says, and every slot still in flight must be reported when read."""
    rng = np.random.default_rng(seed)
    source = source_bytes()
    models = [ThreadModel() for _ in range(LANES)]
    with standalone_lanes(LANES, profile=profile) as ctx:
        copies = sum(1 for op, _ in draw_ops if op == "copy")
        memory = GroupSharedMemory(ctx, LANES * SLOT * max(copies, 1), name="dst")
        memory.fill(0, memory.size)
        dst = TypedView(memory, np.uint32, (LANES * max(copies, 1), 4), name="dst")
        src = TypedView(BufferMemory(source), np.uint32, (len(source) // 16, 4), name="src")
        with if_(np.zeros(LANES, bool)):
            token = device_async_create_group([])                 # a token; no lane commits anything
        slot = 0
        for op, value in draw_ops:
            lane = np.arange(LANES)
            active = rng.random(LANES) < 0.7
            with if_(active):
                if op == "copy":
                    words = value                                  # 1, 2 or 4 uint32 words
                    src_words = rng.integers(0, words + 1, LANES)
                    row = rng.integers(0, src.shape[0], LANES)
                    device_async_copy(dst, (slot * LANES + lane, 0), src, (row, 0), words, srcElements=src_words)
                    for t in np.flatnonzero(active):
                        data = source[16 * row[t]: 16 * row[t] + 4 * src_words[t]].tobytes()
                        models[t].copy(slot * LANES + t, (data + bytes(4 * words - len(data))).ljust(16, b"\0"))
                    slot += 1
                elif op == "commit":
                    device_async_create_group([])
                    for t in np.flatnonzero(active):
                        models[t].commit()
                else:
                    device_async_wait(token, numGroups=value)
                    for t in np.flatnonzero(active):
                        models[t].wait(value)
            if op == "wait":
                _check_reads(dst, models)


def _check_reads(dst: TypedView, models: list[ThreadModel]) -> None:
    for t, model in enumerate(models):
        mask = np.arange(LANES) == t
        in_flight = {s for group in model.groups for s, _ in group} | {s for s, _ in model.uncommitted}
        for slot_index, data in model.landed.items():
            if slot_index in in_flight:
                continue
            with if_(mask):
                got = dst.load((np.full(LANES, slot_index), 0), count=4)[t].tobytes()
            assert got == data, (t, slot_index)
        for slot_index in in_flight:
            with if_(mask):
                with pytest.raises(UndefinedBehaviorError, match="no device_async_wait has covered"):
                    dst.load((np.full(LANES, slot_index), 0))


OPS = st.one_of(st.tuples(st.just("copy"), st.sampled_from([1, 2, 4])), st.tuples(st.just("commit"), st.just(0)),
                st.tuples(st.just("wait"), st.integers(0, 3)))


@settings(max_examples=25, deadline=None)
@given(ops=st.lists(OPS, min_size=1, max_size=10), seed=st.integers(0, 2**32 - 1),
       profile=st.sampled_from(["reference", "adversarial"]))
def test_copies_land_as_the_per_thread_group_model_says(ops, seed, profile):
    program(ops, seed, profile)


def run_one_copy(profile: str, strict: bool, src_elements: int, read_before_wait: bool = False) -> np.ndarray:
    source = source_bytes()
    with standalone_lanes(32, profile=profile, strict=strict) as ctx:
        memory = GroupSharedMemory(ctx, 32 * 16)
        memory.fill(0, memory.size, 0xEE)
        dst = TypedView(memory, np.float32, (32, 4))
        lane = np.arange(32)
        token = device_async_copy(dst, (lane, 0), TypedView(BufferMemory(source), np.float32, (256, 4)), (lane, 0),
                                  4, srcElements=src_elements)
        group = device_async_create_group([token])
        early = dst.load((lane, 0), count=4).view(np.uint8) if read_before_wait else None
        device_async_wait(group)
        late = dst.load((lane, 0), count=4).view(np.uint8)
    return early if read_before_wait else late


def test_zero_fill_past_src_elements():
    got = run_one_copy("reference", True, 1)
    assert (got[:, 4:] == 0).all() and np.array_equal(got[:, :4], source_bytes()[:512].reshape(32, 16)[:, :4])


def test_more_source_than_destination_elements_is_reported_or_copies_the_destination_size():
    with pytest.raises(UndefinedBehaviorError, match="srcElements 5 .* is more than dstElements 4"):
        run_one_copy("reference", True, 5)
    assert np.array_equal(run_one_copy("reference", False, 5), source_bytes()[:512].reshape(32, 16))


def test_profiles_choose_when_copies_land():
    """Permissive: before the wait, reference shows the old bytes (lands at the wait), adversarial
    the copied ones (lands at issue). Strict reports the early read on both."""
    assert (run_one_copy("reference", False, 4, read_before_wait=True) == 0xEE).all()
    assert np.array_equal(run_one_copy("adversarial", False, 4, read_before_wait=True),
                          source_bytes()[:512].reshape(32, 16))
    for profile in ("reference", "adversarial"):
        with pytest.raises(UndefinedBehaviorError, match="the destination of an async copy by thread 0"):
            run_one_copy(profile, True, 4, read_before_wait=True)


def test_wait_leaves_the_most_recent_groups_in_flight():
    source = source_bytes()
    with standalone_lanes(32) as ctx:
        memory = GroupSharedMemory(ctx, 3 * 32 * 16)
        dst = TypedView(memory, np.uint8, (3 * 32, 16))
        src = TypedView(BufferMemory(source), np.uint8, (256, 16))
        lane = np.arange(32)
        groups = []
        for stage in range(3):
            token = device_async_copy(dst, (stage * 32 + lane, 0), src, (lane, 0), 16)
            groups.append(device_async_create_group([token]))
        device_async_wait(groups[0], numGroups=1)              # stages 0 and 1 complete, stage 2 may fly
        assert np.array_equal(dst.load((32 + lane, 0), count=16), source[:512].reshape(32, 16))
        with pytest.raises(UndefinedBehaviorError, match="no device_async_wait has covered"):
            dst.load((64 + lane, 0))
        device_async_wait(groups[2])
        assert np.array_equal(dst.load((64 + lane, 0), count=16), source[:512].reshape(32, 16))


def test_create_group_commits_every_pending_copy_whatever_its_tokens():
    source = source_bytes()
    with standalone_lanes(32) as ctx:
        memory = GroupSharedMemory(ctx, 2 * 32 * 4)
        dst = TypedView(memory, np.uint32, (64,))
        src = TypedView(BufferMemory(source), np.uint32, (1024,))
        lane = np.arange(32)
        first = device_async_copy(dst, lane, src, lane, 1)
        device_async_copy(dst, 32 + lane, src, lane, 1)
        group = device_async_create_group([first])            # commits both copies
        device_async_wait(group)
        assert np.array_equal(dst.load(32 + lane)[:, 0], source[:128].view(np.uint32))


def test_other_threads_need_a_barrier_after_the_wait():
    source = source_bytes()
    with standalone_lanes(64) as ctx:
        memory = GroupSharedMemory(ctx, 64 * 4, name="tile")
        dst = TypedView(memory, np.uint32, (64,), name="tile")
        src = TypedView(BufferMemory(source), np.uint32, (1024,))
        lane = np.arange(64)
        device_async_wait(device_async_create_group([device_async_copy(dst, lane, src, lane, 1)]))
        with pytest.raises(UndefinedBehaviorError, match="read-after-write"):
            dst.load((lane + 1) % 64)
        GroupMemoryBarrierWithGroupSync()
        assert np.array_equal(dst.load((lane + 1) % 64)[:, 0], np.roll(source[:256].view(np.uint32), -1))


def test_a_copy_into_bytes_another_thread_read_since_the_barrier_is_a_race():
    source = source_bytes()
    with standalone_lanes(32) as ctx:
        memory = GroupSharedMemory(ctx, 32 * 4, name="tile")
        memory.fill(0, 128)
        dst = TypedView(memory, np.uint32, (32,), name="tile")
        lane = np.arange(32)
        dst.load((lane + 1) % 32)
        with pytest.raises(UndefinedBehaviorError, match="write-after-read"):
            device_async_copy(dst, lane, TypedView(BufferMemory(source), np.uint32, (1024,)), lane, 1)


def test_misaligned_addresses_are_reported():
    source = source_bytes()
    with standalone_lanes(32) as ctx:
        memory = GroupSharedMemory(ctx, 1024)
        dst = TypedView(memory, np.uint32, (256,))
        src = TypedView(BufferMemory(source), np.uint32, (1024,), name="src")
        lane = np.arange(32)
        with pytest.raises(UndefinedBehaviorError, match="is not 16-byte aligned"):
            device_async_copy(dst, 4 * lane + 1, src, 4 * lane, 4)
        with pytest.raises(UndefinedBehaviorError, match="'src' address 0x14 .* not 16-byte aligned"):
            device_async_copy(dst, 4 * lane, src, 4 * lane + 5, 4)


@pytest.mark.parametrize("make, message", [
    (lambda m, s: (TypedView(m, np.uint32, (8, 8), strides=(1, 8)), s, 4),
     "destination memref most minor dim must have unit stride"),
    (lambda m, s: (TypedView(m, np.uint32, (64,)), TypedView(s.memory, np.uint32, (8, 8), strides=(1, 8)), 4),
     "source memref most minor dim must have unit stride"),
    (lambda m, s: (TypedView(BufferMemory(np.zeros(256, np.uint8)), np.uint32, (64,)), s, 4),
     r"destination memref must have a memory space attribute of IntegerAttr\(3\)"),
    (lambda m, s: (TypedView(m, np.float32, (64,)), s, 4), "source and destination must have the same element type"),
    (lambda m, s: (TypedView(m, np.uint32, (64,)), s, 3),
     r"Requested copy elements is 3 with width 32. But copy elements could be one of 1, 2, 4."),
    (lambda m, s: (TypedView(m, np.uint64, (32,)), TypedView(s.memory, np.uint64, (128,)), 4),
     r"Requested copy elements is 4 with width 64. But copy elements could be one of 1, 2."),
    (lambda m, s: (TypedView(m, np.uint32, (64,)), TypedView(m, np.uint32, (64,)), 4), "source must be global memory"),
])
def test_bad_copies_are_rejected(make, message):
    with standalone_lanes(32) as ctx:
        memory = GroupSharedMemory(ctx, 256)
        source = TypedView(BufferMemory(source_bytes()), np.uint32, (1024,), name="src")
        dst, src, elements = make(memory, source)
        zeros = np.zeros(32, np.int64)
        indices = lambda view: tuple(zeros for _ in view.shape)    # noqa: E731
        with pytest.raises(InvalidArgumentError, match=message):
            device_async_copy(dst, indices(dst), src, indices(src), elements)


def test_bypass_l1_needs_16_bytes_and_tokens_must_be_tokens():
    with standalone_lanes(32) as ctx:
        memory = GroupSharedMemory(ctx, 512)
        dst = TypedView(memory, np.uint32, (128,), name="dst")
        src = TypedView(BufferMemory(source_bytes()), np.uint32, (1024,))
        lane = np.arange(32)
        with pytest.raises(InvalidArgumentError, match="bypassL1 does not satify alignment for 'memref<128xui32, 3>' with destination "
                                                       "element 2. Unset bypassL1, or set destination element to 4"):
            device_async_copy(dst, 4 * lane, src, 4 * lane, 2, bypassL1=True)
        device_async_copy(dst, 4 * lane, src, 4 * lane, 4, bypassL1=True)
        with pytest.raises(InvalidArgumentError, match="operand #0 must be variadic of device async token type, but got 'index'"):
            device_async_create_group([3])
        with pytest.raises(InvalidArgumentError, match="numGroups must be a non-negative"):
            device_async_wait(device_async_create_group([]), numGroups=-1)


def test_memory_and_tokens_of_another_run_and_negative_counts_are_rejected():
    source = TypedView(BufferMemory(source_bytes()), np.uint32, (1024,))
    with standalone_lanes(32) as first:
        other_memory = GroupSharedMemory(first, 128)
        other_token = device_async_create_group([])
    with standalone_lanes(32) as ctx:
        lane = np.arange(32)
        with pytest.raises(InvalidArgumentError, match="groupshared memory of another run of lanes"):
            device_async_copy(TypedView(other_memory, np.uint32, (32,)), lane, source, lane, 1)
        with pytest.raises(InvalidArgumentError, match="a token of another run of lanes"):
            device_async_wait(other_token)
        dst = TypedView(GroupSharedMemory(ctx, 128), np.uint32, (32,))
        with pytest.raises(InvalidArgumentError, match="srcElements -1 .* is negative"):
            device_async_copy(dst, lane, source, lane, 1, srcElements=-1)
    with pytest.raises(InvalidArgumentError, match="needs running lanes"):
        device_async_create_group([])
