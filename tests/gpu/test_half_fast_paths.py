"""The one-path float16 narrowing, the special-value checks of widening, the bit-level select and
the casts that use them, each against numpy's own cast or np.where, bit for bit."""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg.gpu import intrinsics as hl
from dxlinalg.gpu.half import half_grid_rounder, narrow_to_half, relu_half, widen_half
from dxlinalg.gpu.types import FAST_HALF_CAST_FROM, float16_t, float32_t

ROUNDING_LOW_BITS = np.array([0, 1, 0x0FFF, 0x1000, 0x1001, 0x1FFF, 0x2000, 0x2001, 0x7FFF, 0x8000, 0xFFFF], np.uint32)


def numpy_half_bits(values: np.ndarray) -> np.ndarray:
    with np.errstate(over="ignore"):
        return values.astype(np.float16).view(np.uint16)


def test_narrowing_without_overflow_at_every_rounding_boundary():
    """Every |x| < 2^16 (the path that sets no Inf afterwards), around each half's rounding point."""
    high = np.arange(1 << 16, dtype=np.uint32) << 16
    values = (high[:, None] | ROUNDING_LOW_BITS).ravel().view(np.float32)
    below = values[np.abs(values) < 2.0 ** 16]
    assert np.array_equal(narrow_to_half(below).view(np.uint16), numpy_half_bits(below))


@pytest.mark.parametrize("scale", [1e-7, 1e-6, 2e-5, 1e-4, 1.0, 3e4])
def test_narrowing_subnormal_heavy_and_mixed_lane_arrays(scale):
    values = (np.random.default_rng(7).standard_normal((8192, 32)) * scale).astype(np.float32)
    values[::97] = -0.0
    values[1::89] = 0.0
    assert np.array_equal(narrow_to_half(values).view(np.uint16), numpy_half_bits(values))


def test_narrowing_specials_and_overflow_next_to_ordinary_values():
    """Inf, signed zeros, the largest half and its rounding edge, values whose magic constant
    would wrap (>= 2^115), the largest float32 and float32 subnormals, all in one array."""
    specials = np.array([np.inf, -np.inf, 0.0, -0.0, 65504.0, 65519.99, 65520.0, -65520.0, 2.0 ** 16, 2.0 ** 115,
                         -(2.0 ** 120), 3.4028235e38, 1e-45, -1e-45, 1.1754942e-38, 2.0 ** -24, 2.0 ** -25,
                         -(2.0 ** -25) * 1.0000001, 6.1035156e-05, 1.0, -3.5], np.float32)
    mixed = np.concatenate([specials, np.linspace(-70000, 70000, 999, dtype=np.float32)])
    assert np.array_equal(narrow_to_half(specials).view(np.uint16), numpy_half_bits(specials))
    assert np.array_equal(narrow_to_half(mixed).view(np.uint16), numpy_half_bits(mixed))


def test_narrowing_random_bit_patterns_of_every_exponent():
    bits = np.random.default_rng(11).integers(0, 1 << 32, 1 << 20, dtype=np.uint64).astype(np.uint32)
    values = bits.view(np.float32)
    values = values[~np.isnan(values)].reshape(-1)
    assert np.array_equal(narrow_to_half(values).view(np.uint16), numpy_half_bits(values))


def test_narrowing_any_nan_asks_for_the_general_path():
    for nan_bits in (0x7FC00000, 0xFFC00001, 0x7F800001):
        values = np.array([1.0, 2.0 ** 20, 0.0], np.float32)
        values.view(np.uint32)[1] = nan_bits
        assert narrow_to_half(values) is None


@pytest.mark.parametrize("special", [0x7C00, 0xFC00, 0x7E01, 0xFFFF, 0x7D00])
def test_widening_finds_a_lone_inf_or_nan_of_either_sign(special):
    bits = np.array([0x3C00, 0xBC00, 0x0001, 0x8001, special], np.uint16)
    halves = bits.view(np.float16)
    assert np.array_equal(widen_half(halves).view(np.uint32), halves.astype(np.float32).view(np.uint32))


def test_relu_of_lane_arrays_with_nans_of_both_signs():
    bits = np.random.default_rng(5).integers(0, 1 << 16, (512, 32)).astype(np.uint16)
    bits[0, :4] = [0x7E00, 0xFE00, 0x8000, 0x7C00]
    got = relu_half(bits.view(np.float16)).view(np.uint16)
    signed = bits.view(np.int16)
    expected = np.where((signed <= 0) | (signed > 0x7C00), 0, bits)
    assert np.array_equal(got, expected)


def reference_select(condition, a, b):
    cond, a, b = np.asarray(condition), np.asarray(a), np.asarray(b)
    if cond.ndim == 1 and max(a.ndim, b.ndim) > 1:
        cond = cond.reshape(cond.shape + (1,) * (max(a.ndim, b.ndim) - 1))
    return np.where(cond, a, b).astype(np.result_type(a, b), copy=False)


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64, np.int8, np.int16, np.int32, np.int64,
                                   np.uint16, np.uint32, np.bool_])
def test_select_on_bits_equals_where(dtype):
    rng = np.random.default_rng(2)
    lanes = 64
    cond = rng.random(lanes) < 0.5
    vectors = rng.integers(0, 256, (lanes, 8 * np.dtype(dtype).itemsize), dtype=np.uint8).view(dtype)
    others = rng.integers(0, 256, vectors.shape[:1] + (8 * np.dtype(dtype).itemsize,), dtype=np.uint8).view(dtype)
    scalars = [np.zeros((), dtype), np.asarray(vectors.reshape(-1)[3])]
    cases = [(vectors, others), (vectors, scalars[0]), (vectors, scalars[1]), (scalars[1], vectors),
             (scalars[0], scalars[1]), (vectors[:, 0], others[:, 1])]
    for a, b in cases:
        got, expected = hl.select(cond, a, b), reference_select(cond, a, b)
        assert got.dtype == expected.dtype and got.shape == expected.shape
        assert got.tobytes() == expected.tobytes()


def test_select_keeps_nan_payloads_and_negative_zero():
    cond = np.array([True, False, True, False])
    a = np.array([0x7E01, 0xFE02, 0x8000, 0x3C00], np.uint16).view(np.float16)
    negative_zero = np.asarray(np.float16(-0.0))
    assert hl.select(cond, a, negative_zero).view(np.uint16).tolist() == [0x7E01, 0x8000, 0x8000, 0x8000]
    assert hl.select(cond[:, None] & True, a[:, None], np.float16(0)).view(np.uint16).ravel().tolist() == \
        [0x7E01, 0, 0x8000, 0]


def test_select_of_mixed_types_and_scalar_conditions_keeps_wheres_types():
    cond = np.array([True, False])
    h = np.array([[1.0, 2.0], [3.0, 4.0]], np.float16)
    for a, b, condition in [(h, 0.0, cond), (h, np.float32(1), cond), (np.int32(3), np.int64(4), cond),
                            (h, np.float16(0), True), (h, np.float16(0), cond.astype(np.int32))]:
        got, expected = hl.select(condition, a, b), reference_select(condition, a, b)
        assert got.dtype == expected.dtype and got.tobytes() == expected.tobytes()


def test_half_casts_of_lane_arrays_equal_numpys_casts():
    rng = np.random.default_rng(4)
    values = (rng.standard_normal((FAST_HALF_CAST_FROM, 3)) * 1e-5).astype(np.float32)
    values[:5, 0] = [np.inf, -0.0, 1e6, -1e6, 65520.0]
    assert np.array_equal(float16_t(values).view(np.uint16), numpy_half_bits(values))
    values.view(np.uint32)[7, 1] = 0xFFC01234        # a NaN: numpy's cast keeps its payload
    with np.errstate(over="ignore"):
        assert np.array_equal(float16_t(values).view(np.uint16), numpy_half_bits(values))
    halves = rng.integers(0, 1 << 16, (FAST_HALF_CAST_FROM, 2)).astype(np.uint16).view(np.float16)
    assert np.array_equal(float32_t(halves).view(np.uint32), halves.astype(np.float32).view(np.uint32))
    assert float16_t(np.float32(1.5)).dtype == np.float16 and float32_t(halves[:2]).dtype == np.float32


def test_the_chains_half_rounding_of_every_half_plus_another_equals_numpys_half_add():
    """half_grid_rounder on float32 sums of two halves (multiples of 2^-24, subnormals included)
    against numpy's float16 addition, for every finite half and 24 partners each."""
    rng = np.random.default_rng(12)
    halves = np.arange(1 << 16, dtype=np.uint32).astype(np.uint16).view(np.float16)
    halves = halves[np.isfinite(halves)]
    partners = np.concatenate([halves[rng.integers(0, halves.size, (16, halves.size))],
                               (halves * np.float16(-1))[None], np.roll(halves, 1)[None],
                               (-np.roll(halves, 1))[None], np.full((1, halves.size), np.float16(2.0 ** -24)),
                               np.full((1, halves.size), np.float16(-(2.0 ** -24))),
                               np.full((1, halves.size), np.float16(1.0)), np.zeros((2, halves.size), np.float16)])
    with np.errstate(over="ignore"):
        want = halves[None] + partners
    keep = np.isfinite(want) & (np.abs(halves[None].astype(np.float32) + partners.astype(np.float32)) < 65504)
    sums = (halves[None].astype(np.float32) + partners.astype(np.float32))[keep]
    half_grid_rounder(sums)()
    got = sums.astype(np.float16)
    assert np.array_equal(got.astype(np.float32), want[keep].astype(np.float32))
    assert np.array_equal(np.signbit(got) & (got == 0), np.zeros(got.shape, bool)), "zeros come out +0"
