"""The mma arithmetic (dxlinalg.linalg.mma_sums and its fast paths) against exact rationals (its f64 fused
multiply-add, dxlinalg.numerics.fma, is tested in tests/numerics/test_fma.py)."""

from __future__ import annotations

from fractions import Fraction

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.linalg import mma_sums, tensor_core_sums
from dxlinalg.linalg.fast.exact_dot import exact_tile_sums
from dxlinalg.linalg.mma_sums import (
    FloatMma,
    float_mma,
    integer_mma,
    tf32_values,
)
from dxlinalg.profile.registry import load_profile
from tests.nvgpu import oracle
from tests.nvgpu.values import random_values


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), wild=st.booleans(), dtype=st.sampled_from(["f16", "bf16"]),
       accumulator=st.sampled_from([np.float16, np.float32]), k=st.sampled_from([4, 8, 16, 32]))
def test_exact_tile_sums_round_like_the_exact_sum(seed, wild, dtype, accumulator, k):
    rng = np.random.default_rng(seed)
    operand = np.dtype(np.float16) if dtype == "f16" else np.dtype(ml_dtypes.bfloat16)
    left = random_values(rng, operand, (3, k, 4), wild)
    right = random_values(rng, operand, (3, k, 5), wild)
    c = random_values(rng, np.dtype(accumulator), (3, 4, 5), wild)
    fmt = "f16" if accumulator == np.float16 else "f32"
    with np.errstate(over="ignore"):
        got = exact_tile_sums(left, right, c, lambda v: v.astype(accumulator)).astype(accumulator)
    for w in range(3):
        for m in range(4):
            for n in range(5):
                exact = sum((Fraction(float(left[w, i, m])) * Fraction(float(right[w, i, n])) for i in range(k)),
                            Fraction(float(c[w, m, n])))
                want = oracle.round_nearest_even(exact, fmt)
                assert got[w, m, n].view(f"u{got.itemsize}") == np.asarray(want).view(f"u{got.itemsize}"), (w, m, n)


def test_exact_ties_are_settled_on_every_path():
    """1 + 2^-24 is a float32 tie: with C = 1 and one product 2^-24 the exact sum is the tie itself
    (rounds to 1, even); a third term 2^-70 makes it round up, but only the exact sum can see it."""
    left = np.zeros((2, 2, 1), np.float32)
    right = np.zeros((2, 2, 1), np.float32)
    left[:, 0, 0], right[:, 0, 0] = 2.0 ** -12, 2.0 ** -12
    left[1, 1, 0], right[1, 1, 0] = 2.0 ** -35, 2.0 ** -35
    c = np.ones((2, 1, 1), np.float32)
    got = exact_tile_sums(left, right, c, lambda v: v.astype(np.float32)).astype(np.float32)
    assert got[0, 0, 0] == 1 and got[1, 0, 0] == np.nextafter(np.float32(1), np.float32(2))


def test_the_dense_chunk_step_gives_the_per_element_bits(monkeypatch):
    """Float32 accumulators send most elements past the bound: the dense step (many elements) and
    the per-element step (few) must agree bit for bit."""
    rng = np.random.default_rng(4)
    left = random_values(rng, np.dtype(np.float16), (40, 16, 16), False)
    right = random_values(rng, np.dtype(np.float16), (40, 16, 8), False)
    start = random_values(rng, np.dtype(np.float32), (40, 128), False).astype(np.float64)

    def round32(values):
        return values.astype(np.float32)

    dense = tensor_core_sums.chunked_sums(left, right, start.copy(), round32)
    monkeypatch.setattr(tensor_core_sums, "DENSE_MINIMUM", 10**9)
    per_element = tensor_core_sums.chunked_sums(left, right, start.copy(), round32)
    assert np.array_equal(dense.view(np.uint32), per_element.view(np.uint32))


def test_float_mma_of_many_tiles_matches_the_oracle_on_h100():
    """40 warps: enough elements for the dense step."""
    rng = np.random.default_rng(8)
    a = random_values(rng, np.dtype(np.float16), (40, 16, 16), True)
    b = random_values(rng, np.dtype(np.float16), (40, 16, 8), True)
    c = random_values(rng, np.dtype(np.float32), (40, 16, 8), True)
    profile = load_profile("nvidia-h100")
    got = float_mma(a, b, c, FloatMma(profile.nvgpu, profile.float_conversion))
    model = ("tensor_core", profile.nvgpu.mma_k_chunk, profile.nvgpu.mma_kept_bits, profile.nvgpu.mma_alignment,
             profile.nvgpu.mma_f32_rounding)
    for w in range(0, 40, 7):
        for m in range(16):
            for n in range(8):
                products = [Fraction(float(a[w, m, i])) * Fraction(float(b[w, i, n])) for i in range(16)]
                exponents = [oracle.operand_exponent(float(a[w, m, i]), "f16")
                             + oracle.operand_exponent(float(b[w, i, n]), "f16") for i in range(16)]
                want = oracle.float_dot(products, Fraction(float(c[w, m, n])), "f32", model, exponents)
                assert got[w, m, n].view(np.uint32) == np.float32(want).view(np.uint32), (w, m, n)


@pytest.mark.parametrize("mode, bits, expected", [
    ("truncate", 0x3F801FFF, 0x3F800000), ("nearest_even", 0x3F801000, 0x3F800000),
    ("nearest_even", 0x3F803000, 0x3F804000), ("nearest_away", 0x3F801000, 0x3F802000),
    ("nearest_even", 0x7F7FFFFF, 0x7F800000), ("truncate", 0xFF800000, 0xFF800000),
    ("truncate", 0x7F800001, 0x7F800000), ("nearest_even", 0x7F800001, 0x7FC00001),   # the H100: Inf
])
def test_tf32_reading_of_f32_registers(mode, bits, expected):
    got = tf32_values(np.array([bits], np.uint32).view(np.float32), mode)
    assert int(got.view(np.uint32)[0]) == expected


def test_integer_sums_wrap_or_saturate():
    a = np.full((1, 1, 2), 127, np.int8)
    b = np.full((1, 2, 1), 127, np.int8)
    c = np.full((1, 1, 1), 2**31 - 100, np.int32)
    assert integer_mma(a, b, c, saturate=True)[0, 0, 0] == 2**31 - 1
    assert integer_mma(a, b, c, saturate=False)[0, 0, 0] == 2**31 - 100 + 2 * 127 * 127 - 2**32


def step_back_toward_zero(values: np.ndarray) -> np.ndarray:
    """The definition: round to nearest even (IEEE), step back toward zero where that went past the
    value; magnitudes of 2^128 and more give Inf."""
    with np.errstate(over="ignore", invalid="ignore"):
        nearest = values.astype(np.float32)
        past = np.isfinite(values) & (np.abs(nearest.astype(np.float64)) > np.abs(values))
        stepped = np.where(past, np.nextafter(nearest, np.float32(0)), nearest)
        return np.where(np.isfinite(values) & (np.abs(values) >= 2.0 ** 128),
                        np.copysign(np.inf, values).astype(np.float32), stepped)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), edges=st.booleans())
def test_rounding_toward_zero_cuts_the_significand(seed, edges):
    """mma_sums' float32 rounding toward zero against its definition, at float32's range edges too."""
    rng = np.random.default_rng(seed)
    if edges:
        anchors = np.array([2.0 ** -149, 2.0 ** -127, 2.0 ** -126, 1.0, 2.0 ** 127, 2.0 ** 128,
                            float(np.finfo(np.float32).max), 0.0])
        values = rng.choice(anchors, 64) * (1 + rng.integers(-3, 4, 64) * 2.0 ** -52)
        values[rng.random(64) < 0.1] = np.nan
        values[rng.random(64) < 0.1] = np.inf
    else:
        values = rng.standard_normal(64) * np.exp2(rng.integers(-160, 140, 64).astype(float))
    values = values * rng.choice([-1.0, 1.0], 64)
    with np.errstate(over="ignore"):
        got = mma_sums._toward_zero(values, lambda v: v.astype(np.float32))
    want = step_back_toward_zero(values)
    assert np.array_equal(got.view(np.uint32), want.view(np.uint32))


def test_exact_tile_sums_of_certified_and_uncertified_tiles_together():
    """Tame tiles (certified) and wild ones (filtered, then summed exactly) in one batch, with B given
    as the transpose of column-major storage, as the fragment gather makes it."""
    rng = np.random.default_rng(12)
    left = np.concatenate([random_values(rng, np.dtype(np.float16), (3, 16, 16), wild) for wild in (False, True)])
    right_columns = np.concatenate([random_values(rng, np.dtype(np.float16), (3, 8, 16), wild)
                                    for wild in (False, True)])
    c = np.concatenate([random_values(rng, np.dtype(np.float32), (3, 16, 8), wild) for wild in (False, True)])
    right = right_columns.transpose(0, 2, 1)
    with np.errstate(over="ignore"):
        got = exact_tile_sums(left, right, c, lambda v: v.astype(np.float32)).astype(np.float32)
    for w in range(6):
        for m in range(16):
            for n in range(8):
                exact = sum((Fraction(float(left[w, i, m])) * Fraction(float(right[w, i, n])) for i in range(16)),
                            Fraction(float(c[w, m, n])))
                assert got[w, m, n].view(np.uint32) == np.asarray(oracle.round_nearest_even(exact, "f32")).view(
                    np.uint32), (w, m, n)
