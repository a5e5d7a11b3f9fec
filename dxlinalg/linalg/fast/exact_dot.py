"""Exact sums C + sum_k A[m, k] * B[k, n] of matrix tiles, rounded once: the `exact` mma model, fast.

The model (`mma_sums`) is the exact sum rounded once to the accumulator type. Here it is computed
as one float64 matrix product per batch of tiles, and each element is proved exact or recomputed.

0. ranges (per batch, four whole-array reductions): every product is below 2^(ha + hb) and a
   multiple of 2^(la + lb), la and lb the quanta of the batch's smallest nonzero magnitudes of A and
   B; when ha + hb + ceil(log2 K) - (la + lb) <= 53 every float64 partial sum of the products is
   exact whatever the BLAS order (`_products_exact`). Such a batch (most of the small 8 x 8 x 8 fp16
   tiles of L3) adds C in one float64 add where C's own range proves that exact too, else by a
   TwoSum whose error picks the float64 neighbour that makes the sum rounded to odd, which the final
   rounding to at most 24 bits rounds as it rounds the exact sum. Other batches take steps 1-3:

1. certificate (per tile): every product A[m, k] B[k, n] is below 2^(ha + hb) and a multiple of
   2^(la + lb), and C below 2^hc and a multiple of 2^lc, with ha, hb, hc from the largest
   magnitude of the whole batch's A, B and C and la, lb, lc the quanta of the tile's smallest
   nonzero magnitudes (all read on the bit patterns, where magnitudes order like integers: two
   whole-array reductions and one per tile and operand); when
   max(ha + hb, hc) + log2(K + 1) - min(la + lb, lc) <= 53, every float64 partial sum is exact
   whatever the BLAS order, so the sum *is* the exact sum (this settles the exact ties that step 2
   cannot, and in data drawn from a few binades nearly every tile);
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
from functools import cache

import ml_dtypes
import numpy as np

from dxlinalg.gpu.half import widen_half
from dxlinalg.linalg.fast.wave_sums import (
    ERROR_BOUND_PER_LANE,
    FLOAT64_PRECISION,
    Rounding,
    rounding_within,
)

NEVER_BINDS = 1 << 20      # an all-zero row's bound: no exponent comes near it


def exact_tile_sums(left: np.ndarray, right: np.ndarray, c: np.ndarray, rounding: Rounding) -> np.ndarray:
    """(W, M, N) float64 values that `rounding` rounds like the exact C + sum_k left[k, m] * right[k, n].

    `left` (W, K, M), `right` (W, K, N) and `c` (W, M, N) are float16, bfloat16 or float32 arrays.
    A batch whose product sums its ranges prove exact in float64 (`_products_exact`: four whole-array
    reductions, no per-tile ones) takes C in by one float64 add where the ranges prove that exact too
    (`_exact_with`), else by a two-sum rounded to odd (`_plus_rounded_to_odd`). Other batches take the
    certificate path (module docstring), which is what tests compare this with (`two_sum_path = False`).
    (A per-element proof, one more matrix product of magnitudes, was tried: it made the batches of
    C2's 64-deep tiles, which the per-tile certificate settles, twice as slow.)"""
    rows = _float64(left.transpose(0, 2, 1))                        # (W, M, K) and (W, K, N), exact: numpy's
    columns = _float64(right)                                        # batched matmul is 2x slower on a
    if not two_sum_path:                                             # transposed operand
        return _certified_tile_sums(left, right, c, rounding, rows, columns)
    highs = _highest_binade(left), _highest_binade(right)
    product_range = _product_range(left, right, highs)
    if product_range is None or not _products_exact(product_range):
        return _certified_tile_sums(left, right, c, rounding, rows, columns, highs)
    with np.errstate(invalid="ignore", over="ignore"):
        products = np.matmul(rows, columns)
        if _exact_with(c, product_range):
            sums = np.add(products, c, out=products)
            sums += 0.0                                                     # -0 -> +0
        else:
            sums = _plus_rounded_to_odd(products, c)
    return sums


def _float64(values: np.ndarray) -> np.ndarray:
    """A C-ordered float64 copy of float16, bfloat16 or float32 values (halves through `widen_half`'s
    exact bit widening to float32: faster than numpy's float16 cast)."""
    if values.dtype == np.float16 and values.flags.c_contiguous:         # (a transposed copy costs more)
        return widen_half(values).astype(np.float64)
    return values.astype(np.float64, order="C")


two_sum_path = True     # False: every tile takes the certificate path (what tests compare the two-sum path with)


def _product_range(left: np.ndarray, right: np.ndarray,
                   highs: tuple[int | None, int | None] | None = None) -> tuple[int, int] | None:
    """(h, l): every sum of K products A[m, k] B[k, n] of the batch is below 2^h (ha + hb + ceil(log2 K),
    the highest binades) and every product a multiple of 2^l (la + lb, the quanta of the smallest
    nonzero magnitudes); None when A or B holds Inf or NaN. Four whole-array reductions (two when
    `highs`, A's and B's highest binades, are given)."""
    high_a, high_b = highs or (_highest_binade(left), _highest_binade(right))
    if high_a is None or high_b is None:
        return None
    return high_a + high_b + _log2_ceiling(left.shape[1]), _lowest_quantum(left) + _lowest_quantum(right)


def _products_exact(product_range: tuple[int, int]) -> bool:
    """Whether every float64 partial sum of every sum_k A[m, k] B[k, n] of the batch is exact, in any
    order. Every product is exact in float64 (at most 2 x 24 significand bits) and a multiple of 2^l,
    and so is every partial sum, whose magnitude is below 2^h (`_product_range`). Below 2^(53 + l)
    such a multiple is an integer below 2^53 times 2^l: representable. (An all-zero A or B makes l
    huge: every product is 0.)"""
    high, low = product_range
    return high <= FLOAT64_PRECISION + low


def _exact_with(c: np.ndarray, product_range: tuple[int, int]) -> bool:
    """Whether every float64 C + sum_k A B is exact, the product sums being so (`_products_exact`): each is a multiple of 2^min(l, lc) below 2^h + 2^hc (`_product_range`; hc and lc C's highest
    binade and lowest quantum), which 53 bits hold when max(h, hc) + 1 - min(l, lc) <= 53. Two
    whole-array reductions of C."""
    high_c = _highest_binade(c)
    if high_c is None:
        return False
    high, low = product_range
    return max(high, high_c) + 1 - min(low, _lowest_quantum(c)) <= FLOAT64_PRECISION


def _log2_ceiling(k: int) -> int:
    return math.ceil(math.log2(max(k, 1)))


def _plus_rounded_to_odd(products: np.ndarray, c: np.ndarray) -> np.ndarray:
    """products + C (float64, exact products) rounded to odd in float64, +0 for an exact zero; Inf or
    NaN where C is. TwoSum (Knuth: six float64 operations, no branch) gives s = RN(p + c) and the
    exact error e; where e != 0 the exact sum lies strictly between s and its neighbour toward e,
    and rounding to odd takes whichever of the two has its last bit set. A float64 rounded to odd
    rounds to any format of at most 51 significand bits (float32, float16, bfloat16), in any
    rounding mode, as the exact sum does; the sums here (below 2^130, multiples of at least 2^-298)
    are far from float64's overflow and subnormal range."""
    c = c.astype(np.float64)                                                # once, not in three mixed passes
    sums = np.add(products, c)
    b_virtual = np.subtract(sums, products)
    a_virtual = np.subtract(sums, b_virtual)
    np.subtract(c, b_virtual, out=b_virtual)                               # the error's part from C
    error = np.subtract(products, a_virtual, out=products)                 # (`products` is ours to reuse)
    error += b_virtual
    sums += 0.0                                                             # -0 -> +0
    flat, errors = sums.reshape(-1), error.reshape(-1)
    inexact = np.flatnonzero(errors != 0)
    if inexact.size:
        values, toward = flat[inexact], errors[inexact]
        even = np.isfinite(values) & ((values.view(np.int64) & 1) == 0)
        flat[inexact[even]] = np.nextafter(values[even], np.copysign(np.inf, toward[even]))
    return sums


def _certified_tile_sums(left: np.ndarray, right: np.ndarray, c: np.ndarray, rounding: Rounding,
                         rows: np.ndarray, columns: np.ndarray,
                         highs: tuple[int | None, int | None] | None = None) -> np.ndarray:
    """`exact_tile_sums` by the certificate, the filter and the exact fallback (module docstring)."""
    k = left.shape[1]
    with np.errstate(invalid="ignore", over="ignore"):
        sums = np.matmul(rows, columns)
        np.add(sums, c, out=sums)                                    # C widened on the fly
    sums += 0.0                                                             # -0 -> +0
    unsettled = np.flatnonzero(~_certified(left, right, c, FLOAT64_PRECISION - math.ceil(math.log2(k + 1)), highs))
    if unsettled.size:
        a, b, s, c64 = rows[unsettled], columns[unsettled], sums[unsettled], c[unsettled].astype(np.float64)
        with np.errstate(invalid="ignore", over="ignore"):
            magnitudes = np.matmul(np.abs(a), np.abs(b)) + np.abs(c64)
            error = magnitudes * (ERROR_BOUND_PER_LANE * (k + 1))
        _, undecided = rounding_within(s, error, rounding)
        undecided |= ~np.isfinite(s)
        tile, row, col = np.nonzero(undecided)
        if tile.size:
            wave = unsettled[tile]
            with np.errstate(invalid="ignore"):
                products = rows[wave, row, :] * columns[wave, :, col]
            terms = np.concatenate([products, c64[tile, row, col][:, None]], axis=1)
            sums[wave, row, col] = _exact_sums(terms)
    return sums


def _certified(left: np.ndarray, right: np.ndarray, c: np.ndarray, spare: int,
               operand_highs: tuple[int | None, int | None] | None = None) -> np.ndarray:
    """Per tile: products of A's and B's values plus C's, all finite, span at most `spare` bits.
    `operand_highs`: A's and B's `_highest_binade`s where the caller has them."""
    high_a, high_b = operand_highs or (_highest_binade(left), _highest_binade(right))
    high_c = _highest_binade(c)
    if high_a is None or high_b is None or high_c is None:
        return np.zeros(c.shape[0], dtype=bool)
    high = max(high_a + high_b, high_c)                                 # type: ignore[operator]
    low = np.minimum(_lowest_quanta(left) + _lowest_quanta(right), _lowest_quanta(c))
    return high - low <= spare


def _magnitude_bits(values: np.ndarray) -> tuple[np.dtype, int, int, int]:
    """(the unsigned dtype of the values' bits, the magnitude mask, fraction bits, exponent bias)."""
    return _format_bits(values.dtype)


@cache
def _format_bits(dtype: np.dtype) -> tuple[np.dtype, int, int, int]:
    unsigned = np.dtype(f"u{dtype.itemsize}")
    fraction_bits = int(ml_dtypes.finfo(dtype).nmant)
    exponent_bits = 8 * dtype.itemsize - 1 - fraction_bits
    return unsigned, (1 << (8 * dtype.itemsize - 1)) - 1, fraction_bits, (1 << (exponent_bits - 1)) - 1


def _highest_binade(values: np.ndarray) -> int | None:
    """h with every |value| < 2^h (-NEVER_BINDS when all are zero); None when one is Inf or NaN.
    The largest magnitude is the larger of the largest bit pattern read as signed (the largest
    positive value) and read as unsigned (0x80.. plus the largest negative magnitude)."""
    unsigned, mask, fraction_bits, bias = _magnitude_bits(values)
    bits = values.view(unsigned)
    top_unsigned, top_signed = int(bits.max()), int(bits.view(f"i{values.dtype.itemsize}").max())
    largest = max(top_signed, top_unsigned & mask if top_unsigned > mask else top_unsigned)
    field = largest >> fraction_bits
    if field > 2 * bias:
        return None
    return max(field, 1) - bias + 1 if largest else -NEVER_BINDS


def _lowest_quanta(tiles: np.ndarray) -> np.ndarray:
    """(W,) the quantum 2^l of each tile's smallest nonzero magnitude's binade (NEVER_BINDS for an
    all-zero tile): every nonzero value of the tile is a multiple of 2^l."""
    return _quanta(tiles, _magnitudes_less_one(tiles).min(axis=1).astype(np.int64) + 1)


def _lowest_quantum(values: np.ndarray) -> int:
    """`_lowest_quanta` of all the values together."""
    return int(_quanta(values, np.int64(int(_magnitudes_less_one(values).min()) + 1)))


def _magnitudes_less_one(tiles: np.ndarray) -> np.ndarray:
    """(W, rows * cols) bit patterns: (bits - 1) & mask is the magnitude minus one, and the largest
    pattern for a zero, so its minimum is the smallest nonzero magnitude's."""
    unsigned, mask, _, _ = _magnitude_bits(tiles)
    below = _tile_values(tiles).view(unsigned) - unsigned.type(1)
    below &= unsigned.type(mask)
    return below


def _quanta(tiles: np.ndarray, smallest: np.ndarray) -> np.ndarray:
    """The binade quanta of the smallest nonzero magnitudes `smallest` (NEVER_BINDS past the mask: all zero)."""
    _, mask, fraction_bits, bias = _magnitude_bits(tiles)
    low = np.maximum(smallest >> fraction_bits, 1) - bias - fraction_bits
    return np.where(smallest > mask, NEVER_BINDS, low)


def _tile_values(tiles: np.ndarray) -> np.ndarray:
    """(W, rows * cols): each tile's values in some order, without a copy when the tiles are stored
    row- or column-major."""
    for view in (tiles, tiles.transpose(0, 2, 1)):
        if view.flags.c_contiguous:
            return view.reshape(tiles.shape[0], -1)
    return np.ascontiguousarray(tiles).reshape(tiles.shape[0], -1)


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
