"""narrow_float64_to_half and float64_to_half_values: one RNE rounding from float64, bit-identical
to numpy's direct cast (the latter's halves held in float32)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.gpu.half import float64_to_half_values, narrow_float64_to_half


def numpy_cast(values: np.ndarray) -> np.ndarray:
    with np.errstate(over="ignore"):
        return values.astype(np.float16)        # numpy rounds float64 -> half directly (npy_double_to_half)


def assert_same(values: np.ndarray) -> None:
    got, want = narrow_float64_to_half(values), numpy_cast(values)
    bad = np.flatnonzero(got.view(np.uint16) != want.view(np.uint16))
    assert bad.size == 0, (values[bad[:5]], got[bad[:5]], want[bad[:5]])
    held = float64_to_half_values(values)
    if not np.isfinite(want).all():          # Inf (or NaN): the caller takes the general path
        assert held is None
        return
    assert held is not None and held.dtype == np.float32 and held.shape == values.shape
    bad = np.flatnonzero(held.view(np.uint32) != want.astype(np.float32).view(np.uint32))
    assert bad.size == 0, (values[bad[:5]], held[bad[:5]], want[bad[:5]])


def test_held_halves_of_tiny_negatives_are_negative_zeros():
    values = np.array([-(2.0 ** -26), -0.0, 0.0, 2.0 ** -26, -(2.0 ** -25), -(2.0 ** -25) * 1.0001])
    held = float64_to_half_values(values)
    assert held is not None
    assert list(np.signbit(held)) == [True, True, False, False, True, True]
    assert list(held[:5] == 0) == [True] * 5 and held[5] == -(2.0 ** -24)
    assert_same(values)


def test_every_half_midpoint_and_its_float64_neighbours():
    halves = np.arange(0, 0x7C00, dtype=np.uint16).view(np.float16)
    low = halves.astype(np.float64)
    high = np.append(low[1:], 65520.0 * 2 - 65504.0)        # the next half (2^16 past the largest)
    middle = (low + high) / 2                                   # exact in float64
    points = np.concatenate([low, middle, np.nextafter(middle, 0), np.nextafter(middle, np.inf),
                             np.nextafter(low, np.inf), np.nextafter(low, 0)])
    assert_same(np.concatenate([points, -points]))


def test_overflow_underflow_and_zeros():
    assert_same(np.array([65504.0, 65519.99999999999, 65520.0, 1e300, np.inf, -np.inf, 0.0, -0.0, 5e-324,
                          -5e-324, 2.0 ** -25, -(2.0 ** -25), 2.0 ** -25 * (1 + 2.0 ** -52), 2.0 ** -24 * 1.5]))


def test_nan_asks_for_the_general_path():
    assert narrow_float64_to_half(np.array([1.0, np.nan, 2.0])) is None
    assert float64_to_half_values(np.array([1.0, np.nan, 2.0])) is None
    assert float64_to_half_values(np.array([1.0, -65520.0])) is None
    assert float64_to_half_values(np.zeros((0, 3))).shape == (0, 3)
    assert narrow_float64_to_half(np.zeros((0, 3))).shape == (0, 3)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2 ** 32 - 1), st.integers(-60, 30))
def test_random_values_of_every_magnitude(seed, exponent):
    rng = np.random.default_rng(seed)
    values = rng.standard_normal((64, 33)) * 2.0 ** exponent
    assert_same(values)
    patterns = rng.integers(0, 1 << 63, 2000, dtype=np.uint64).view(np.float64)     # any bits, both signs
    patterns = np.where(rng.random(2000) < 0.5, patterns, -patterns)
    assert_same(patterns[~np.isnan(patterns)])
