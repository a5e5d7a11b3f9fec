"""Exact sums C + sum_k A[m, k] * B[k, n] of matrix tiles, rounded once: the `exact` mma model, fast.

The model (`mma_sums`) is the exact sum rounded once to the accumulator type. Here it is computed
as one float64 matrix product per batch of tiles, and each element is proved exact or recomputed:

1. certificate (per tile): every product A[m, k] B[k, n] is below 2^(ha + hb) and a multiple of
   2^(la + lb), from the largest and smallest nonzero magnitude of the A and B tiles (their
   binades; read on the bit patterns, where magnitudes order like integers), and C below 2^hc and
   a multiple of 2^lc; when
   max(ha + hb, hc) + log2(K + 1) - min(la + lb, lc) <= 53, every float64 partial sum is exact
   whatever the BLAS order, so the sum *is* the exact sum (this settles the exact ties that step 2
   cannot);
2. filter (tiles the certificate does not settle): products of f16/bf16/tf32 values are exact in
   float64 and their float64 sum is within (K + 1) * 2^-53 * sum |terms| of the exact one (one more
   matrix product, of magnitudes); where s - err and s + err round alike, so does the exact sum;
3. fallback (still undecided, mostly exact ties, or Inf/NaN terms), element by element: terms
   spanning at most 53 bits (their own exponents and lowest set bits) sum exactly in float64; the
   rest are summed as rationals and rounded to odd into float64, which the final rounding to at
   most 24 bits rounds correctly; non-finite terms give their float64 sum.
An exactly zero sum is +0 (a tensor core's accumulator, as the H100 writes).
"""

from __future__ import annotations

import math
from fractions import Fraction

import ml_dtypes
import numpy as np

from dxlinalg.gpu.half import half_aware_astype
from dxlinalg.linalg.fast.wave_sums import (
    ERROR_BOUND_PER_LANE,
    FLOAT64_PRECISION,
    Rounding,
    rounding_within,
)

NEVER_BINDS = 1 << 20      # an all-zero row's bound: no exponent comes near it


def exact_tile_sums(left: np.ndarray, right: np.ndarray, c: np.ndarray, rounding: Rounding) -> np.ndarray:
    """(W, M, N) float64 values that `rounding` rounds like the exact C + sum_k left[k, m] * right[k, n].

    `left` (W, K, M), `right` (W, K, N) and `c` (W, M, N) are float16, bfloat16 or float32 arrays."""
    waves, k = left.shape[:2]
    left64, right64, c64 = (half_aware_astype(v, np.float64) for v in (left, right, c))
    rows = np.ascontiguousarray(left64.transpose(0, 2, 1))      # (W, M, K): numpy's batched matmul is
    with np.errstate(invalid="ignore", over="ignore"):          # 100x slower on some strided operands
        sums = np.matmul(rows, right64) + c64
    sums += 0.0                                                             # -0 -> +0
    spare = FLOAT64_PRECISION - math.ceil(math.log2(k + 1))
    unsettled = np.flatnonzero(~_certified([_binades(v.reshape(waves, -1)) for v in (left, right, c)], spare))
    if unsettled.size:
        a, b, s = rows[unsettled], right64[unsettled], sums[unsettled]
        with np.errstate(invalid="ignore", over="ignore"):
            magnitudes = np.matmul(np.abs(a), np.abs(b)) + np.abs(c64[unsettled])
            error = magnitudes * (ERROR_BOUND_PER_LANE * (k + 1))
        _, undecided = rounding_within(s, error, rounding)
        undecided |= ~np.isfinite(s)
        tile, row, col = np.nonzero(undecided)
        if tile.size:
            wave = unsettled[tile]
            with np.errstate(invalid="ignore"):
                products = left64[wave, :, row] * right64[wave, :, col]
            terms = np.concatenate([products, c64[wave, row, col][:, None]], axis=1)
            sums[wave, row, col] = _exact_sums(terms)
    return sums


def _certified(bounds: list[tuple[np.ndarray, np.ndarray, np.ndarray]], spare: int) -> np.ndarray:
    """Per tile: products of A's and B's values plus C's, all finite, span at most `spare` bits."""
    (high_a, low_a, finite_a), (high_b, low_b, finite_b), (high_c, low_c, finite_c) = bounds
    high = np.maximum(high_a + high_b, high_c)
    low = np.minimum(low_a + low_b, low_c)
    return (high - low <= spare) & finite_a & finite_b & finite_c


def _binades(values: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per row of (W, n) values: (h, l, finite) with every |value| < 2^h and every nonzero value a
    multiple of 2^l (the binade quanta of the largest and of the smallest nonzero magnitude), and
    whether all are finite. An all-zero row gets bounds that never bind."""
    info = ml_dtypes.finfo(values.dtype)
    unsigned = np.dtype(f"u{values.dtype.itemsize}")
    magnitude = np.ascontiguousarray(values).view(unsigned) & unsigned.type((1 << (8 * values.dtype.itemsize - 1)) - 1)
    largest = magnitude.max(axis=1)
    smallest = (magnitude - unsigned.type(1)).min(axis=1) + unsigned.type(1)     # zeros wrap past the top
    fraction_bits = int(info.nmant)
    all_ones = (1 << (8 * values.dtype.itemsize - 1 - fraction_bits)) - 1
    bias = all_ones // 2
    top_field = (largest >> unsigned.type(fraction_bits)).astype(np.int64)
    low_field = (smallest >> unsigned.type(fraction_bits)).astype(np.int64)
    high = np.where(largest > 0, np.maximum(top_field, 1) - bias + 1, -NEVER_BINDS)
    low = np.where(largest > 0, np.maximum(low_field, 1) - bias - fraction_bits, NEVER_BINDS)
    return high, low, top_field < all_ones


def _exact_sums(terms: np.ndarray) -> np.ndarray:
    """(F,) float64 stand-ins for the exact sums of the rows of `terms` (F, T) that a filter left
    undecided: rows whose own terms span at most 53 bits sum exactly in float64; the others are
    summed as rationals and rounded to odd; rows with Inf or NaN terms get their float64 sum."""
    with np.errstate(invalid="ignore", over="ignore"):
        plain = terms.sum(axis=1) + 0.0
    finite = np.isfinite(terms).all(axis=1)
    magnitude = np.where(finite[:, None], np.abs(terms), 0.0)
    mantissa, exponent = np.frexp(magnitude)
    nonzero = magnitude > 0
    lowest_bit = exponent - FLOAT64_PRECISION + _trailing_zeros(np.ldexp(mantissa, FLOAT64_PRECISION).astype(np.int64))
    high = np.where(nonzero, exponent, -NEVER_BINDS).max(axis=1)
    low = np.where(nonzero, lowest_bit, NEVER_BINDS).min(axis=1)
    exact = high - low + math.ceil(math.log2(terms.shape[1])) <= FLOAT64_PRECISION
    out = plain.copy()
    for row in np.flatnonzero(finite & ~exact):
        out[row] = _round_to_odd(sum((Fraction(t) for t in terms[row]), Fraction(0)))
    return out


def _trailing_zeros(integers: np.ndarray) -> np.ndarray:
    """Trailing zero bits of positive int64 values (0 for 0)."""
    lowest = integers & -integers
    return np.where(integers > 0, np.frexp(lowest.astype(np.float64))[1] - 1, 0)


def _round_to_odd(value: Fraction) -> float:
    """`value` as a float64 rounded to odd: toward zero, the last bit set when inexact (+0 for 0)."""
    if value == 0:
        return 0.0
    nearest = float(value)
    if Fraction(nearest) == value:
        return nearest
    toward_zero = nearest if abs(Fraction(nearest)) < abs(value) else math.nextafter(nearest, 0.0)
    if int(np.float64(toward_zero).view(np.int64)) & 1:
        return toward_zero
    return math.nextafter(toward_zero, math.copysign(math.inf, toward_zero))
