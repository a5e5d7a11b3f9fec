"""The fast float16 conversions against numpy's casts, and the elementwise intrinsics' HLSL behaviour."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.gpu import intrinsics as hl
from dxlinalg.gpu.half import narrow_to_half, relu_half, widen_half
from dxlinalg.gpu.types import int32_t, uint32_t

EVERY_HALF = np.arange(1 << 16, dtype=np.uint32).astype(np.uint16).view(np.float16)


def test_widening_every_half_equals_numpys_cast_bit_for_bit():
    assert np.array_equal(widen_half(EVERY_HALF).view(np.uint32), EVERY_HALF.astype(np.float32).view(np.uint32))
    assert widen_half(EVERY_HALF.reshape(256, 256)).shape == (256, 256)


def test_narrowing_equals_numpys_cast_at_every_rounding_boundary():
    """Every float32 whose upper 16 bits take any value, with the low bits around each half's
    rounding point (ties, one above, one below), for every sign, exponent and half subnormal."""
    low = np.array([0, 1, 0x0FFF, 0x1000, 0x1001, 0x1FFF, 0x2000, 0x2001, 0x3FFF, 0x7FFF, 0x8000, 0xEFFF, 0xF000,
                    0xFFFF], np.uint32)
    values = ((np.arange(1 << 16, dtype=np.uint32) << 16)[:, None] | low).ravel().view(np.float32)
    finite_or_inf = values[~np.isnan(values)]
    with np.errstate(over="ignore"):
        expected = finite_or_inf.astype(np.float16)
    assert np.array_equal(narrow_to_half(finite_or_inf).view(np.uint16), expected.view(np.uint16))


def test_narrowing_lane_arrays_with_subnormal_results():
    values = np.random.default_rng(3).standard_normal((64, 48)).astype(np.float32) * np.float32(1e-5)
    assert np.array_equal(narrow_to_half(values).view(np.uint16), values.astype(np.float16).view(np.uint16))


def test_narrowing_reports_nan_for_the_general_path():
    assert narrow_to_half(np.array([1.0, np.nan], np.float32)) is None
    assert narrow_to_half(np.zeros((0, 3), np.float32)).shape == (0, 3)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.floats(width=32, allow_nan=False), min_size=1, max_size=64))
def test_narrowing_random_float32s(values):
    array = np.array(values, np.float32)
    with np.errstate(over="ignore"):
        assert np.array_equal(narrow_to_half(array).view(np.uint16), array.astype(np.float16).view(np.uint16))


def test_relu_of_every_half_is_maxnum_with_zero():
    got = relu_half(EVERY_HALF)
    expected = np.fmax(EVERY_HALF, np.float16(0))
    negative_zero = EVERY_HALF.view(np.uint16) == 0x8000
    assert np.array_equal(got.view(np.uint16)[~negative_zero], expected.view(np.uint16)[~negative_zero])
    assert got[negative_zero].view(np.uint16).tolist() == [0]      # maxNum may return either zero


def test_max_and_min_keep_half_and_ignore_nan():
    h = np.array([[-1.0, 2.0, np.nan, 0.5]], np.float16)
    assert hl.max(h, 0).dtype == np.float16 and hl.max(h, 0).tolist() == [[0.0, 2.0, 0.0, 0.5]]
    assert hl.min(h, 1.0).tolist() == [[-1.0, 1.0, 1.0, 0.5]]
    assert hl.max(h, np.full((1, 4), 1.0, np.float16)).tolist() == [[1.0, 2.0, 1.0, 1.0]]
    assert hl.max(np.array([1, 5], np.int32), 3).tolist() == [3, 5]
    assert hl.clamp(np.array([-2.0, 0.5, 9.0], np.float32), 0.0, 1.0).tolist() == [0.0, 0.5, 1.0]
    assert hl.saturate(np.array([2, -1], np.float16)).dtype == np.float16


def test_fma_rounds_once():
    a = np.array([1 + 2.0**-23], np.float32)
    # a*a = 1 + 2^-22 + 2^-46: a separate multiply rounds the 2^-46 away, fma keeps it in the sum
    assert hl.fma(a, a, np.array([-1.0], np.float32))[0] == np.float32(2.0**-22 + 2.0**-46)
    assert hl.mad(a, a, np.array([-1.0], np.float32))[0] == np.float32(2.0**-22)


def test_transcendentals_keep_the_operand_type():
    h = np.array([0.0, 1.0, -2.0], np.float16)
    for function in (hl.exp, hl.exp2, hl.tanh, hl.sqrt, hl.rcp, hl.sin, hl.cos, hl.abs, hl.frac, hl.round):
        assert function(h).dtype == np.float16, function.__name__
    assert hl.exp(np.array([1, 2], np.int32)).dtype == np.float32
    assert hl.lerp(np.float32(0), np.float32(10), 0.25) == 2.5
    assert hl.round(np.array([0.5, 1.5, 2.5], np.float32)).tolist() == [0.0, 2.0, 2.0]


def test_select_broadcasts_a_per_lane_condition_over_vectors():
    cond = np.array([True, False])
    assert hl.select(cond, np.ones((2, 3)), np.zeros((2, 3))).tolist() == [[1, 1, 1], [0, 0, 0]]
    assert hl.dot(np.array([[1, 2], [3, 4]], np.float32), np.array([1, 1], np.float32)).tolist() == [3, 7]


def test_bit_casts_and_half_packing():
    assert hl.asuint(np.array([1.0], np.float32)).tolist() == [0x3F800000]
    assert hl.asfloat(np.array([0x40000000], np.uint32)).tolist() == [2.0]
    assert hl.f32tof16(np.array([1.0], np.float32)).tolist() == [0x3C00]
    assert hl.f16tof32(np.array([0xABCD3C00], np.uint32)).tolist() == [1.0]
    assert hl.asfloat16(np.array([0x3C00])).tolist() == [1.0]


def test_float_to_int_casts_truncate_in_range_and_saturate_past_it():
    """int32_t(x) of floats: in range a plain truncating cast; NaN or any value past the range sends
    the whole array down the saturating path (NaN -> 0)."""
    in_range = np.array([[-2.75, -0.5, 0.5, 2.75, 2147483520.0]], np.float32)
    assert int32_t(in_range).tolist() == [[-2, 0, 0, 2, 2147483520]]
    assert uint32_t(np.array([-0.75, 4294967040.0], np.float32)).tolist() == [0, 4294967040]
    past = np.array([-3.5, 3e9, -3e9, np.nan, np.inf], np.float32)
    assert int32_t(past).tolist() == [-3, 2147483647, -2147483648, 0, 2147483647]
    assert int32_t(np.zeros((0, 4), np.float16)).shape == (0, 4)
