"""Atomics on groupshared memory: serialised in a deterministic order, each lane gets the value it found."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.gpu import (
    AtomicOp,
    GroupMemoryBarrierWithGroupSync,
    GroupSharedMemory,
    InterlockedAdd,
    InterlockedAnd,
    InterlockedCompareExchange,
    InterlockedCompareExchangeFloatBitwise,
    InterlockedCompareStore,
    InterlockedExchange,
    InterlockedMax,
    InterlockedMin,
    InterlockedOr,
    InterlockedXor,
    RWByteAddressBuffer,
    SV_DispatchThreadID,
    SV_GroupIndex,
    compute_shader,
    groupshared,
    if_,
    run_dispatch,
    standalone_lanes,
)
from dxlinalg.gpu.serial_atomics import apply_in_order
from dxlinalg.gpu.types import float32_t, int32_t, uint32_t
from tests.gpu.groupshared_cases import group_lanes


def oracle_one(op: AtomicOp, old, value, comparand):
    """One atomic, literally, on Python numbers of the element's dtype."""
    if op is AtomicOp.ADD:
        return old + value
    if op is AtomicOp.MIN:
        return min(old, value)
    if op is AtomicOp.MAX:
        return max(old, value)
    if op is AtomicOp.AND:
        return old & value
    if op is AtomicOp.OR:
        return old | value
    if op is AtomicOp.XOR:
        return old ^ value
    if op is AtomicOp.EXCHANGE:
        return value
    return value if old == comparand else old


def oracle_in_order(elements, index, op, values, comparands):
    """Plain loop: operation i, then i + 1, ..., wrapping in the element type."""
    memory = elements.copy()
    originals = []
    with np.errstate(over="ignore"):
        for i in range(index.size):
            old = memory[index[i]]
            originals.append(old)
            compare = None if comparands is None else comparands[i]
            memory[index[i]] = memory.dtype.type(oracle_one(op, old, values[i], compare))
    return memory, np.array(originals, memory.dtype)


INT_TYPES = [np.int32, np.uint32, np.int64, np.uint64]


@settings(max_examples=40, deadline=None)
@given(data=st.data(), op=st.sampled_from(list(AtomicOp)), dtype=st.sampled_from(INT_TYPES + [np.float32]),
       n=st.integers(1, 24))
def test_serialised_atomics_match_a_plain_loop(data, op, dtype, n):
    dtype = np.dtype(dtype)
    if dtype.kind == "f" and op in (AtomicOp.AND, AtomicOp.OR, AtomicOp.XOR):
        return
    info = np.iinfo(dtype) if dtype.kind in "iu" else None
    number = (st.integers(int(info.min), int(info.max)) if info else
              st.floats(-100, 100, width=32).map(lambda x: x + 0.0))   # no -0: min/max of +-0 may return either
    elements = np.array(data.draw(st.lists(number, min_size=4, max_size=4)), dtype)
    index = np.array(data.draw(st.lists(st.integers(0, 3), min_size=n, max_size=n)), np.int64)
    values = np.array(data.draw(st.lists(number, min_size=n, max_size=n)), dtype)
    comparands = None
    if op is AtomicOp.COMPARE_EXCHANGE:   # compare against values that are often in memory
        comparands = np.array([elements[i] if k % 2 else values[k] for k, i in enumerate(index)], dtype)
    expected_memory, expected_originals = oracle_in_order(elements, index, op, values, comparands)
    memory = elements.copy()
    originals = apply_in_order(memory, index, op, values, comparands)
    assert np.array_equal(originals.view(f"u{dtype.itemsize}"), expected_originals.view(f"u{dtype.itemsize}"))
    assert np.array_equal(memory.view(f"u{dtype.itemsize}"), expected_memory.view(f"u{dtype.itemsize}"))


@pytest.mark.parametrize("profile, order", [("reference", [0, 1, 2, 3]), ("adversarial", [3, 2, 1, 0])])
def test_lanes_hitting_one_element_land_in_the_profiles_order(profile, order):
    with group_lanes(1, 4, profile=profile) as ctx:
        memory = GroupSharedMemory(ctx, 4)
        memory.fill(0, 4)
        originals = memory.atomic("add", np.uint32, 0, 10 ** np.arange(4, dtype=np.uint32))
        GroupMemoryBarrierWithGroupSync()
        final = memory.load(np.uint32, 0)[0, 0]
    running, expected = 0, {}
    for lane in order:
        expected[lane] = running
        running += 10 ** lane
    assert originals.tolist() == [expected[lane] for lane in range(4)]
    assert final == 1111


def test_atomics_wrap_and_min_max_follow_the_signedness_of_the_type():
    with standalone_lanes(2) as ctx:
        memory = GroupSharedMemory(ctx, 16)
        memory.fill(0, 16, 0xFF)                        # int32 -1 / uint32 0xFFFFFFFF everywhere
        memory.atomic(AtomicOp.ADD, np.uint32, 0, 1)
        memory.atomic(AtomicOp.MIN, np.int32, 4, 5)
        memory.atomic(AtomicOp.MIN, np.uint32, 8, 5)
        memory.atomic(AtomicOp.MAX, np.int64, 8, 0)     # the same bytes as 8..15, read as int64
        GroupMemoryBarrierWithGroupSync()
        words = memory.load(np.uint32, 0, 4)[0]
    assert words[0] == 1                                # 0xFFFFFFFF + 1 + 1 wraps
    assert words[1] == 0xFFFFFFFF                       # min(-1, 5) = -1
    # umin(0xFFFFFFFF, 5) = 5; bytes 8..15 as int64 are then 0xFFFFFFFF00000005 < 0, so int64 max with 0 is 0
    assert words[2:].tolist() == [0, 0]


def test_atomics_report_out_of_bounds_unwritten_and_misaligned_targets_in_strict_mode():
    with standalone_lanes(2) as ctx:
        memory = GroupSharedMemory(ctx, 8)
        with pytest.raises(UndefinedBehaviorError, match="no thread of its group has written"):
            memory.atomic("add", np.uint32, 0, 1)
        memory.fill(0, 8)
        with pytest.raises(UndefinedBehaviorError, match="outside the group's 8 bytes"):
            memory.atomic("add", np.uint32, 8, 1)
        with pytest.raises(UndefinedBehaviorError, match="not 4-byte aligned"):
            memory.atomic("add", np.uint32, 2, 1)


def test_atomic_argument_rules():
    with standalone_lanes(2) as ctx:
        memory = GroupSharedMemory(ctx, 8)
        memory.fill(0, 8)
        with pytest.raises(InvalidArgumentError, match="atomic and on float32 elements; it takes 32/64-bit integers$"):
            memory.atomic("and", np.float32, 0, 1)
        with pytest.raises(InvalidArgumentError, match="atomic add on int16 elements"):
            memory.atomic("add", np.int16, 0, 1)
        with pytest.raises(InvalidArgumentError, match="compare_exchange needs a comparand"):
            memory.atomic("compare_exchange", np.uint32, 0, 1)
        with pytest.raises(InvalidArgumentError, match="'sub' is not an atomic operation; use one of add, min, max"):
            memory.atomic("sub", np.uint32, 0, 1)
        with pytest.raises(InvalidArgumentError, match="value has shape"):
            memory.atomic("add", np.uint32, 0, np.ones(3, np.uint32))


# -- the HLSL Interlocked* functions, against a per-thread oracle -------------------------------------
THREADS = 16


@compute_shader(numthreads=(THREADS, 1, 1))
def histogram_and_friends(out=RWByteAddressBuffer("u0"), bins=groupshared(uint32_t, 4),
                          signed=groupshared(int32_t, 2), bits=groupshared(uint32_t, 3)):
    i = SV_GroupIndex()
    tid = SV_DispatchThreadID()[:, 0]
    with if_(i < 4):
        bins[i] = 0
    with if_(i == 0):
        signed[0] = 0
        signed[1] = 0
        bits[0] = 0
        bits[1] = 0xFFFFFFFF
        bits[2] = 0
    GroupMemoryBarrierWithGroupSync()
    slot = InterlockedAdd(bins.at[i % 4], 1)            # each thread's position among its bin's threads
    low = InterlockedMin(signed.at[0], int32_t(i) - 8)
    high = InterlockedMax(signed.at[1], int32_t(i) - 8)
    InterlockedOr(bits.at[0], uint32_t(1) << i)
    InterlockedAnd(bits.at[1], ~(uint32_t(1) << i))
    InterlockedXor(bits.at[2], i)
    GroupMemoryBarrierWithGroupSync()
    out.Store(tid * 16, slot)
    out.Store(tid * 16 + 4, low)
    out.Store(tid * 16 + 8, high)
    with if_(i < 3):
        out.Store(tid * 16 + 12, bits[i])


def histogram_oracle(threads_in_order):
    """Per thread, in landing order: the same updates with Python numbers."""
    bins, low, high = [0] * 4, 0, 0
    slot, lows, highs = {}, {}, {}
    for t in threads_in_order:
        slot[t] = bins[t % 4]
        bins[t % 4] += 1
        lows[t], low = low, min(low, t - 8)
        highs[t], high = high, max(high, t - 8)
    xor = 0
    for t in range(THREADS):
        xor ^= t
    return slot, lows, highs, [(1 << THREADS) - 1, 0xFFFFFFFF & ~((1 << THREADS) - 1), xor]


@pytest.mark.parametrize("profile, reverse", [("reference", False), ("adversarial", True)])
def test_interlocked_functions_match_a_per_thread_oracle(profile, reverse):
    groups = 3
    out = np.zeros(groups * THREADS * 16, np.uint8)
    run_dispatch(histogram_and_friends, {"u0": out}, (groups, 1, 1), profile)
    got = out.view(np.uint32).reshape(groups, THREADS, 4)
    slot, lows, highs, bits = histogram_oracle(range(THREADS - 1, -1, -1) if reverse else range(THREADS))
    for g in range(groups):
        assert got[g, :, 0].tolist() == [slot[t] for t in range(THREADS)]
        assert got[g, :, 1].view(np.int32).tolist() == [lows[t] for t in range(THREADS)]
        assert got[g, :, 2].view(np.int32).tolist() == [highs[t] for t in range(THREADS)]
        assert got[g, :3, 3].tolist() == bits


@compute_shader(numthreads=(4, 1, 1))
def claim(out=RWByteAddressBuffer("u0"), owner=groupshared(uint32_t, 1), value=groupshared(float32_t, 1)):
    i = SV_GroupIndex()
    with if_(i == 0):
        owner[0] = 99
        value[0] = -0.0
    GroupMemoryBarrierWithGroupSync()
    first = InterlockedCompareExchange(owner.at[0], 99, i)      # only the first to land wins
    InterlockedCompareStore(owner.at[0], 42, 7)                 # never matches
    swapped = InterlockedCompareExchangeFloatBitwise(value.at[0], 0.0, 1.0)   # -0 != +0 bitwise
    previous = InterlockedExchange(value.at[0], float32_t(i))
    GroupMemoryBarrierWithGroupSync()
    out.Store(i * 16, first)
    out.Store(i * 16 + 4, owner[0])
    out.Store(i * 16 + 8, swapped)
    out.Store(i * 16 + 12, previous)


@pytest.mark.parametrize("profile, order", [("reference", [0, 1, 2, 3]), ("adversarial", [3, 2, 1, 0])])
def test_compare_exchange_claims_once_and_exchange_returns_the_previous_value(profile, order):
    out = np.zeros(64, np.uint8)
    run_dispatch(claim, {"u0": out}, (1, 1, 1), profile)
    rows = out.reshape(4, 16)
    winner = order[0]
    assert rows[:, 0:4].copy().view(np.uint32)[:, 0].tolist() == [99 if lane == winner else winner for lane in range(4)]
    assert rows[:, 4:8].copy().view(np.uint32)[:, 0].tolist() == [winner] * 4
    assert rows[:, 8:12].copy().view(np.uint32)[:, 0].tolist() == [0x80000000] * 4   # -0.0 bits, unchanged
    previous = {lane: (-0.0 if k == 0 else float(order[k - 1])) for k, lane in enumerate(order)}
    got = rows[:, 12:16].copy().view(np.float32)[:, 0]
    assert [np.signbit(v) for v in got] == [np.signbit(previous[lane]) for lane in range(4)]
    assert got.tolist() == [previous[lane] for lane in range(4)]


def test_interlocked_rejects_a_value_dest_and_wrong_element_types():
    seen = {}

    @compute_shader(numthreads=(2, 1, 1))
    def wrong(out=RWByteAddressBuffer("u0"), f=groupshared(float32_t, 2), u=groupshared(uint32_t, 2)):
        for call in (lambda: InterlockedAdd(np.zeros(2, np.uint32), 1), lambda: InterlockedAdd(f.at[0], 1),
                     lambda: InterlockedCompareExchangeFloatBitwise(u.at[0], 0, 1)):
            with pytest.raises(InvalidArgumentError) as error:
                call()
            seen[len(seen)] = str(error.value)

    run_dispatch(wrong, {"u0": np.zeros(4, np.uint8)})
    assert "dest must be a groupshared element reference such as `counts.at[i]`, got ndarray" in seen[0]
    assert "dest 'f' holds float; InterlockedAdd takes a 32- or 64-bit int or uint" in seen[1]
    assert "takes a float (the *FloatBitwise forms)" in seen[2]
