"""Exact sums C + sum_k A[m, k] * B[k, n] of matrix tiles, rounded once: the `exact` mma model, fast.

The model (`mma_sums`) is the exact sum rounded once to the accumulator type. Here it is computed
as one float64 matrix product per batch of tiles, and each element is proved exact or recomputed:

1. certificate (per tile, then per element): every product A[m, k] B[k, n] is below 2^(ha + hb)
   and a multiple of 2^(la + lb), from the largest and smallest nonzero magnitude of A (its tile,
   or its row m) and B (tile, or column n) (their binades; read on the bit patterns, where
   magnitudes order like integers), and C below 2^hc and a multiple of 2^lc; when
   max(ha + hb, hc) + log2(K + 1) - min(la + lb, lc) <= 53, every float64 partial sum is exact
   whatever the BLAS order, so the sum *is* the exact sum (this settles the exact ties that step 2
   cannot);
2. filter (the rest): products of f16/bf16/tf32 values are exact in float64 and their float64
   sum is within (K + 1) * 2^-53 * sum |terms| of the exact one; where s - err and s + err round
   alike, so does the exact sum;
3. fallback (still undecided, or Inf/NaN terms): the element's terms summed exactly (rationals),
   rounded to odd into float64, which the final rounding to at most 24 bits rounds correctly;
   non-finite terms give their float64 sum.
An exactly zero sum is +0 (a tensor core's accumulator, as the H100 writes).
"""

from __future__ import annotations

import math
from fractions import Fraction

import ml_dtypes
import numpy as np

from dxlinalg.gpu.half import half_aware_astype
from dxlinalg.linalg.fast.wave_sums import ERROR_BOUND_PER_LANE, FLOAT64_PRECISION, Rounding, rounding_within

NEVER_BINDS = 1 << 20      # an all-zero row's bound: no exponent comes near it


def exact_tile_sums(left: np.ndarray, right: np.ndarray, c: np.ndarray, rounding: Rounding) -> np.ndarray:
    """(W, M, N) float64 values that `rounding` rounds like the exact C + sum_k left[k, m] * right[k, n].

    `left` (W, K, M), `right` (W, K, N) and `c` (W, M, N) are float16, bfloat16 or float32 arrays.
    The certificate is tried per tile first (whole A, B and C: cheap contiguous reductions), then
    per element for the tiles it does not settle."""
    waves, k, m = left.shape
    left64, right64, c64 = (half_aware_astype(v, np.float64) for v in (left, right, c))
    with np.errstate(invalid="ignore", over="ignore"):
        sums = np.matmul(left64.transpose(0, 2, 1), right64) + c64
    sums += 0.0                                                             # -0 -> +0
    spare = FLOAT64_PRECISION - math.ceil(math.log2(k + 1))
    tiles = [_binades(v.reshape(waves, -1), axis=1) for v in (left, right, c)]
    unsettled = np.flatnonzero(~_certified(*tiles, spare))
    if unsettled.size:
        a, b, cc = left[unsettled], right[unsettled], c[unsettled]
        lines = (_binades(a, axis=1), _binades(b, axis=1), _binades(cc[..., None], axis=-1))
        (ha, la, fa), (hb, lb, fb), bounds_c = lines
        certified = _certified((ha[:, :, None], la[:, :, None], fa[:, :, None]),
                               (hb[:, None, :], lb[:, None, :], fb[:, None, :]), bounds_c, spare)
        wave, row, col = np.nonzero(~certified)
        if wave.size:
            wave = unsettled[wave]
            with np.errstate(invalid="ignore"):
                products = left64[wave, :, row] * right64[wave, :, col]
            terms = np.concatenate([products, c64[wave, row, col][:, None]], axis=1)
            sums[wave, row, col] = _decided_sums(terms, rounding)
    return sums


def _certified(a: tuple[np.ndarray, ...], b: tuple[np.ndarray, ...], c: tuple[np.ndarray, ...],
               spare: int) -> np.ndarray:
    """Where products of A's and B's values plus C's, all finite, span at most `spare` bits (broadcast)."""
    (high_a, low_a, finite_a), (high_b, low_b, finite_b), (high_c, low_c, finite_c) = a, b, c
    high = np.maximum(high_a + high_b, high_c)
    low = np.minimum(low_a + low_b, low_c)
    return (high - low <= spare) & finite_a & finite_b & finite_c


def _binades(values: np.ndarray, axis: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Along `axis`: (h, l, finite) with every |value| < 2^h and every nonzero value a multiple of 2^l
    (the binade quanta of the largest and of the smallest nonzero magnitude), and whether all are
    finite. An all-zero line gets bounds that never bind."""
    info = ml_dtypes.finfo(values.dtype)
    unsigned = np.dtype(f"u{values.dtype.itemsize}")
    magnitude = np.ascontiguousarray(values).view(unsigned) & unsigned.type((1 << (8 * values.dtype.itemsize - 1)) - 1)
    largest = magnitude.max(axis=axis)
    smallest = (magnitude - unsigned.type(1)).min(axis=axis) + unsigned.type(1)     # zeros wrap past the top
    fraction_bits = int(info.nmant)
    all_ones = (1 << (8 * values.dtype.itemsize - 1 - fraction_bits)) - 1
    bias = all_ones // 2
    top_field = (largest >> unsigned.type(fraction_bits)).astype(np.int64)
    low_field = (smallest >> unsigned.type(fraction_bits)).astype(np.int64)
    high = np.where(largest > 0, np.maximum(top_field, 1) - bias + 1, -NEVER_BINDS)
    low = np.where(largest > 0, np.maximum(low_field, 1) - bias - fraction_bits, NEVER_BINDS)
    return high, low, top_field < all_ones


def _decided_sums(terms: np.ndarray, rounding: Rounding) -> np.ndarray:
    """(F,) float64 stand-ins for the exact sums of the rows of `terms` (F, T)."""
    with np.errstate(invalid="ignore", over="ignore"):
        plain = terms.sum(axis=1) + 0.0
        finite = np.isfinite(terms).all(axis=1)
        error = np.abs(terms).sum(axis=1) * (ERROR_BOUND_PER_LANE * terms.shape[1])
    _, unproved = rounding_within(plain, error, rounding)
    out = plain.copy()
    for row in np.flatnonzero(finite & unproved):
        out[row] = _round_to_odd(sum((Fraction(t) for t in terms[row]), Fraction(0)))
    return out


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
