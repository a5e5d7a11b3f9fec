"""Divergent control flow (if_/else_/assign/lane_return) and wave intrinsics under masks."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.gpu import (
    RWByteAddressBuffer,
    SV_DispatchThreadID,
    WaveActiveAllEqual,
    WaveActiveAllTrue,
    WaveActiveAnyTrue,
    WaveActiveCountBits,
    WaveActiveMax,
    WaveActiveMin,
    WaveActiveProduct,
    WaveActiveSum,
    WaveIsFirstLane,
    WaveReadLaneAt,
    WaveReadLaneFirst,
    active_lanes,
    assign,
    compute_shader,
    else_,
    if_,
    lane_return,
    run_dispatch,
    standalone_lanes,
)
from dxlinalg.memory.address_space import AddressSpace


@compute_shader(numthreads=(16, 1, 1))
def classify(out=RWByteAddressBuffer("u0")):
    """if (t % 3 == 0) { v = 1; if (t % 2 == 0) v = 2; } else { v = 3; return-if t > 10; v = 4; }"""
    t = SV_DispatchThreadID()[:, 0]
    v = np.zeros_like(t)
    with if_(t % 3 == 0):
        v = assign(v, 1)
        with if_(t % 2 == 0):
            v = assign(v, 2)
    with else_():
        v = assign(v, 3)
        lane_return(t > 10)
        v = assign(v, 4)
    out.Store(t * 4, v)


def expected_classify(t: int) -> int | None:
    if t % 3 == 0:
        return 2 if t % 2 == 0 else 1
    if t > 10:
        return None                      # returned before the store
    return 4


def test_nested_branches_else_and_early_return_gate_side_effects():
    out = AddressSpace().allocate(16 * 4)
    out.data.view(np.uint32)[:] = 99
    run_dispatch(classify, {"u0": out}, (1, 1, 1))
    got = out.data.view(np.uint32).tolist()
    assert got == [99 if expected_classify(t) is None else expected_classify(t) for t in range(16)]


def test_else_must_follow_an_if_at_the_same_depth():
    with standalone_lanes(4):
        with pytest.raises(InvalidArgumentError, match=r"else_\(\) must directly follow"):
            with else_():
                pass
        with if_(np.array([1, 0, 1, 0])):
            pass
        with else_() as mask:
            assert mask.tolist() == [False, True, False, True]
        with pytest.raises(InvalidArgumentError, match="directly follow"):
            with else_():
                pass


def test_conditions_are_per_lane_scalars():
    with standalone_lanes(4):
        with pytest.raises(InvalidArgumentError, match=r"if_ condition has shape \(3,\)"):
            with if_(np.array([True, False, True])):
                pass
        with if_(True):
            assert active_lanes().all()


@settings(max_examples=50, deadline=None)
@given(st.lists(st.booleans(), min_size=1, max_size=40), st.lists(st.booleans(), min_size=40, max_size=40))
def test_assign_inside_nested_ifs_equals_per_lane_python(outer, inner):
    lanes = len(outer)
    a, b = np.array(outer), np.array(inner[:lanes])
    with standalone_lanes(lanes):
        value = np.arange(lanes, dtype=np.float32)
        with if_(a):
            value = assign(value, value * 2)
            with if_(b):
                value = assign(value, -value)
        with else_():
            value = assign(value, 0.5)
    expected = [(-(2.0 * i) if b[i] else 2.0 * i) if a[i] else 0.5 for i in range(lanes)]
    assert value.tolist() == expected and value.dtype == np.float32


def test_wave_reductions_use_each_waves_active_lanes():
    x = np.arange(1, 11, dtype=np.int32)            # 10 lanes, waves of 4: [0..3] [4..7] [8, 9]
    with standalone_lanes(10, profile="adversarial"):
        with if_(x % 3 != 0):                         # lanes holding 3, 6, 9 are off
            total = WaveActiveSum(x)
            first = WaveReadLaneFirst(x)
            largest, smallest = WaveActiveMax(x), WaveActiveMin(x)
            count = WaveActiveCountBits(x > 4)
            product = WaveActiveProduct(x)
            is_first = WaveIsFirstLane()
            any_big, all_big = WaveActiveAnyTrue(x > 7), WaveActiveAllTrue(x > 4)
    active = x % 3 != 0
    assert total[active].tolist() == [7, 7, 7, 5 + 7 + 8, 5 + 7 + 8, 5 + 7 + 8, 10]
    assert first[active].tolist() == [1, 1, 1, 5, 5, 5, 10]
    assert largest[active].tolist() == [4, 4, 4, 8, 8, 8, 10] and smallest[active].tolist() == [1, 1, 1, 5, 5, 5, 10]
    assert count[active].tolist() == [0, 0, 0, 3, 3, 3, 1]
    assert product[active].tolist() == [8, 8, 8, 280, 280, 280, 10]
    assert np.flatnonzero(is_first).tolist() == [0, 4, 9]
    assert any_big[active].tolist() == [False] * 3 + [True] * 4 and all_big[active].tolist() == [False] * 3 + [True] * 4
    assert not total[~active].any()


def test_wave_active_all_equal_is_per_component_over_active_lanes():
    values = np.array([[1, 2], [1, 3], [7, 7], [1, 2], [5, 5], [5, 6]], np.int32)
    with standalone_lanes(6, profile="adversarial"):
        with if_(np.array([True, True, False, True, True, True])):
            equal = WaveActiveAllEqual(values)
            read = WaveReadLaneAt(values[:, 0], 1)
    assert equal[0].tolist() == [True, False] and equal[4].tolist() == [True, False]
    assert read.tolist() == [1, 1, 1, 1, 5, 5]


def test_float16_wave_sum_accumulates_in_float32_and_rounds_once():
    with standalone_lanes(4, profile="adversarial"):
        total = WaveActiveSum(np.array([2048, 1, 1, 0], np.float16))
    assert total.dtype == np.float16 and total[0] == 2050      # step-wise half rounding would give 2048
