"""The two-sum path of `exact_tile_sums` (products proved exact in float64, C added by TwoSum and rounded
to odd) against its definition: the exact sum (Fractions) rounded once, and the certificate path
(`two_sum_path = False`), bit for bit after rounding to float32, float16 and bfloat16."""

from __future__ import annotations

from fractions import Fraction

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.coopmat.element_types import round_float64
from dxlinalg.linalg.fast import exact_dot
from dxlinalg.linalg.fast.exact_dot import (
    _exact_with,
    _product_range,
    _products_exact,
    _round_to_odd,
    exact_tile_sums,
)
from dxlinalg.profile.registry import load_profile
from tests.nvgpu import oracle
from tests.nvgpu.values import random_values

F16, F32, BF16 = np.dtype(np.float16), np.dtype(np.float32), np.dtype(ml_dtypes.bfloat16)
SETTINGS = load_profile("reference").float_conversion
KINDS = ("tame", "wild", "ties", "subnormal", "cancel", "spread", "special_c", "special_ab")


def adversarial(rng: np.random.Generator, kind: str, operand: np.dtype, accumulator: np.dtype, w: int, k: int,
                m: int, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(A (W, K, M), B (W, K, N), C (W, M, N)) of one adversarial kind."""
    wild = kind == "wild"
    left = random_values(rng, operand, (w, k, m), wild)
    right = random_values(rng, operand, (w, k, n), wild)
    c = random_values(rng, accumulator, (w, m, n), wild)
    if kind == "ties":                       # C + one product on C's rounding midpoint; some a tiny third term
        c[...] = np.asarray(rng.choice([1.0, -1.0, 3.0, 1.5]) * np.exp2(rng.integers(-8, 9)), accumulator)
        left[...], right[...] = 0, 0
        half_ulp = np.exp2(np.floor(np.log2(np.abs(c.astype(np.float64)))) - (24 if accumulator == F32 else 11))
        root = np.sqrt(half_ulp[:, :1, :1].reshape(w))
        left[:, 0, :] = (root * rng.choice([1.0, -1.0]))[:, None]
        right[:, 0, :] = root[:, None]
        if k > 1:
            left[:, 1, :] = np.exp2(-11.0) * rng.integers(0, 2, (w, m))
            right[:, 1, :] = np.exp2(rng.integers(-14, 0, (w, 1))) * rng.choice([1.0, -1.0])
    elif kind == "subnormal":
        left = (rng.integers(0, 0x400, (w, k, m)) | (rng.integers(0, 2, (w, k, m)) << 15)).astype(np.uint16)
        right = (rng.integers(0, 0x400, (w, k, n)) | (rng.integers(0, 2, (w, k, n)) << 15)).astype(np.uint16)
        left, right = left.view(np.float16).astype(operand), right.view(np.float16).astype(operand)
        c = (c.astype(np.float64) * np.exp2(-40.0)).astype(accumulator)
    elif kind == "cancel":                   # C = -(the products' sum) rounded: a small remainder
        exact = np.matmul(left.astype(np.float64).transpose(0, 2, 1), right.astype(np.float64))
        c = (-exact).astype(accumulator)
    elif kind == "spread":                   # C far above or far below the products
        with np.errstate(over="ignore"):
            c = (c.astype(np.float64) * np.exp2(rng.choice([-60.0, 40.0, 100.0]))).astype(accumulator)
    elif kind == "special_c":
        c.reshape(-1)[rng.integers(0, c.size, 3)] = rng.choice([np.inf, -np.inf, np.nan], 3)
    elif kind == "special_ab":
        left.reshape(-1)[rng.integers(0, left.size)] = rng.choice([np.inf, -np.inf, np.nan])
    return left, right, c


def exact_sum(left: np.ndarray, right: np.ndarray, c: np.ndarray, w: int, m: int, n: int) -> Fraction | None:
    """C + sum_k A B as a Fraction; None where a term is Inf or NaN."""
    terms = [float(left[w, i, m]) * 1.0 for i in range(left.shape[1])]
    if not all(np.isfinite(terms)) or not all(np.isfinite(float(v)) for v in right[w, :, n]) \
            or not np.isfinite(float(c[w, m, n])):
        return None
    return sum((Fraction(float(left[w, i, m])) * Fraction(float(right[w, i, n])) for i in range(left.shape[1])),
               Fraction(float(c[w, m, n])))


def both_paths(left: np.ndarray, right: np.ndarray, c: np.ndarray, result: np.dtype) -> tuple[np.ndarray, np.ndarray]:
    """Both paths' float64 sums for a MulAdd whose result is `result` (the certificate path's values
    round like the exact sum only in the rounding it is given)."""
    def keep(values: np.ndarray) -> np.ndarray:
        return round_float64(values, result, SETTINGS)
    with np.errstate(over="ignore", invalid="ignore"):
        fast = exact_tile_sums(left, right, c, keep)
        exact_dot.two_sum_path = False
        try:
            definition = exact_tile_sums(left, right, c, keep)
        finally:
            exact_dot.two_sum_path = True
    return fast, definition


def bits(values: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(values).view(f"u{values.dtype.itemsize}")


@settings(max_examples=70, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), kind=st.sampled_from(KINDS), operand=st.sampled_from([F16, BF16]),
       accumulator=st.sampled_from([F32, F16]), k=st.sampled_from([1, 2, 8, 16]))
def test_two_sum_path_rounds_like_the_definition(seed, kind, operand, accumulator, k):
    rng = np.random.default_rng(seed)
    w, m, n = 4, 8, 8
    left, right, c = adversarial(rng, kind, operand, accumulator, w, k, m, n)
    fast = {}
    for result in (F32, F16, BF16):
        fast[result], definition = both_paths(left, right, c, result)
        with np.errstate(over="ignore", invalid="ignore"):
            got, want = round_float64(fast[result], result, SETTINGS), round_float64(definition, result, SETTINGS)
        same = (bits(got) == bits(want)) | (np.isnan(got.astype(np.float32)) & np.isnan(want.astype(np.float32)))
        assert same.all(), (kind, result, np.argwhere(~same)[:3])
    product_range = _product_range(left, right)
    taken = product_range is not None and _products_exact(product_range)
    for tile in range(w):
        for row in range(m):
            for col in range(n):
                value = exact_sum(left, right, c, tile, row, col)
                if value is None:
                    continue
                for result, fmt in ((F32, "f32"), (F16, "f16")):
                    want = np.asarray(oracle.round_nearest_even(value, fmt))
                    with np.errstate(over="ignore"):
                        got = round_float64(fast[result][tile, row, col:col + 1], result, SETTINGS)
                    assert bits(got)[0] == bits(want), (kind, fmt, tile, row, col)
                if taken:          # the new path's float64: the exact sum rounded to odd, bit for bit
                    assert fast[F32][tile, row, col] == _round_to_odd(value), (kind, tile, row, col)
                    assert np.signbit(fast[F32][tile, row, col]) == (value < 0)


@pytest.mark.parametrize("scale, one_add", [(0, True), (3, True), (4, False), (5, False), (20, False)])
def test_a_tie_broken_far_below_is_seen(scale, one_add):
    """C = 2^s and one product 2^(s - 24), a float32 tie (rounds to C, even); a product of the smallest
    halves, 2^-48, more or less makes it round up or stay. Up to s = 3 the batch's ranges prove C + the
    products exact in float64 (one add: s + 1 + 1 + 48 <= 53 bits); from s = 5 the sum needs more than
    53 bits (at s = 5 float64's own tie): the two-sum rounded to odd."""
    left = np.zeros((3, 2, 1), np.float16)
    right = np.zeros((3, 2, 1), np.float16)
    left[:, 0, 0], right[:, 0, 0] = 2.0 ** ((scale - 24) // 2), 2.0 ** (scale - 24 - (scale - 24) // 2)
    left[1:, 1, 0], right[1:, 1, 0] = 2.0 ** -24, 2.0 ** -24
    left[2, 1, 0] = -(2.0 ** -24)
    c = np.full((3, 1, 1), 2.0 ** scale, np.float32)
    product_range = _product_range(left, right)
    assert product_range is not None and _exact_with(c, product_range) is one_add
    got = round_float64(exact_tile_sums(left, right, c, lambda v: v), F32, SETTINGS).reshape(-1)
    tie_even, above = np.float32(2.0 ** scale), np.nextafter(np.float32(2.0 ** scale), np.float32(np.inf))
    assert bits(got).tolist() == bits(np.array([tie_even, above, tie_even])).tolist()


def test_an_exact_zero_sum_is_positive_zero():
    left = np.full((1, 2, 1), -(2.0 ** -3), np.float16)
    right = np.full((1, 2, 1), 2.0 ** -3, np.float16)
    c = np.full((1, 1, 1), 2.0 ** -5, np.float32)
    got = exact_tile_sums(left, right, c, lambda v: v)
    assert got[0, 0, 0] == 0 and not np.signbit(got[0, 0, 0])
    negative = exact_tile_sums(np.zeros_like(left), right, -np.zeros_like(c), lambda v: v)
    assert not np.signbit(negative[0, 0, 0])


def test_l3_like_batches_take_the_new_path():
    """What makes it pay: 1,024 8 x 8 x 8 fp16 tiles of unit-normal data with no value below 2^-8 (as
    216 of L3's 256 MulAdds are) have their product sums proved exact by the ranges alone."""
    rng = np.random.default_rng(5)
    left, right = (rng.standard_normal((1024, 8, 8)) for _ in range(2))
    left, right = (np.where(np.abs(v) < 2.0 ** -8, 2.0 ** -8, v).astype(np.float16) for v in (left, right))
    product_range = _product_range(left, right)
    assert product_range is not None and _products_exact(product_range)
    left[0, 0, 0] = right[0, 0, 0] = 2.0 ** -24               # the smallest halves: the certificate path
    assert not _products_exact(_product_range(left, right))


def test_product_sums_one_bit_past_float64():
    """(8 - 2^-8)^2 + 2^-24 2^-24 = 64 - 2^-4 + 2^-16 + 2^-48 needs 54 bits: the ranges (below 2^7,
    multiples of 2^-48) must not prove it exact; its float64 from the certificate path rounds as the
    exact sum does. With C = 2^-30 both sums are proved (the ranges hold) only where they fit."""
    left = np.array([8 - 2.0 ** -8, 2.0 ** -24], np.float16).reshape(1, 2, 1)
    right = left.copy()
    assert not _products_exact(_product_range(left, right))
    left[0, 0, 0] = right[0, 0, 0] = 2 - 2.0 ** -10                  # 4 - 2^-8 + 2^-20 + 2^-48: 51 bits
    assert _products_exact(_product_range(left, right))
    for top in (8 - 2.0 ** -8, 2 - 2.0 ** -10):
        left[0, 0, 0] = right[0, 0, 0] = top
        value = Fraction(top) ** 2 + Fraction(2) ** -48
        got = exact_tile_sums(left, right, np.zeros((1, 1, 1), np.float32), lambda v: v)[0, 0, 0]
        assert got == _round_to_odd(value) or not _products_exact(_product_range(left, right))
        assert bits(round_float64(np.array([got]), F16, SETTINGS)) == bits(np.asarray(oracle.round_nearest_even(
            value, "f16")))
