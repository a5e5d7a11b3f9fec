"""`buffer_accesses.StoreHistory` (the store-store race record) against a per-byte dictionary oracle.

The history keeps affine intervals while stores do not overlap and switches to a per-byte record after; the oracle
keeps the last storing invocation and barrier count of every byte in a dict and applies the rule literally: a store
races when a byte it stores was stored by another invocation of this instruction, or earlier by another invocation
that is not in the same workgroup with a barrier between the two.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.gpu.buffer_accesses import StoreHistory

THREADS_PER_GROUP = 4
SIZE = 96


def oracle_first_race(stores: list[tuple[np.ndarray, int, np.ndarray, int]]) -> int | None:
    last: dict[int, tuple[int, int]] = {}
    for number, (starts, itemsize, who, epoch) in enumerate(stores):
        mine: dict[int, int] = {}
        for start, invocation in zip(starts.tolist(), who.tolist()):
            for byte in range(start, start + itemsize):
                if mine.get(byte, invocation) != invocation:
                    return number
                mine[byte] = invocation
        for byte, invocation in mine.items():
            if byte in last:
                before, before_epoch = last[byte]
                same_group = before // THREADS_PER_GROUP == invocation // THREADS_PER_GROUP
                if before != invocation and not (same_group and before_epoch != epoch):
                    return number
        for byte, invocation in mine.items():
            last[byte] = (invocation, epoch)
    return None


def history_first_race(stores: list[tuple[np.ndarray, int, np.ndarray, int]]) -> int | None:
    history = StoreHistory(SIZE)
    for number, (starts, itemsize, who, epoch) in enumerate(stores):
        if history.store(starts, itemsize, who, epoch, THREADS_PER_GROUP) is not None:
            return number
    return None


@st.composite
def store_sequences(draw: st.DrawFn) -> list[tuple[np.ndarray, int, np.ndarray, int]]:
    stores = []
    epoch = 0
    for _ in range(draw(st.integers(1, 6))):
        itemsize = draw(st.sampled_from([1, 2, 4, 8]))
        lanes = draw(st.integers(1, 8))
        kind = draw(st.sampled_from(["packed", "strided", "random"]))
        first = draw(st.integers(0, SIZE // 2))
        if kind == "packed":
            starts = first + itemsize * np.arange(lanes)
        elif kind == "strided":
            starts = first + draw(st.integers(1, 3)) * itemsize * np.arange(lanes)
        else:
            starts = np.array(draw(st.lists(st.integers(0, SIZE - 8), min_size=lanes, max_size=lanes)))
        starts = starts[starts + itemsize <= SIZE]
        if starts.size == 0:
            continue
        base = draw(st.integers(0, 12))
        who = base + np.arange(starts.size) if draw(st.booleans()) else \
            np.array(draw(st.lists(st.integers(0, 15), min_size=starts.size, max_size=starts.size)))
        epoch += draw(st.integers(0, 1))
        stores.append((starts.astype(np.int64), itemsize, who.astype(np.int64), epoch))
    return stores


@settings(max_examples=120, deadline=None)
@given(store_sequences())
def test_the_history_finds_the_oracles_first_race(stores: list[tuple[np.ndarray, int, np.ndarray, int]]) -> None:
    assert history_first_race(stores) == oracle_first_race(stores)


def test_a_packed_store_per_chunk_stays_one_interval() -> None:
    history = StoreHistory(1 << 20)
    for chunk in range(16):
        lanes = np.arange(chunk * 256, (chunk + 1) * 256)
        assert history.store(lanes * 16, 16, lanes, 0, 64) is None
    assert history.intervals.shape[0] == 1 and history.writer is None
