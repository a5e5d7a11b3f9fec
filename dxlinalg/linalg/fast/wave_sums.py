"""Exact per-wave sums of lane contributions, rounded once: the `exact` wave-sum model, fast.

A wave's atomic operand under `wave_sum = "exact"` is the exact sum of its lanes' contributions
(each an exact product `left[i] * right[j]`, or a value), rounded once to the accumulation type.
Summing lane by lane would cost one elementwise pass per lane; instead every wave's sums are one
float64 matrix product (left^T @ right over the wave's lanes), and each result is *proved* to
round like the exact sum, or recomputed exactly:

1. certificate (per wave): every product is a multiple of 2^(qa + qb), 2^qa the quantum of the
   binade of the wave's smallest nonzero left value, and every partial sum is below
   lanes * 2^(ea + eb) with |left| < 2^ea; when that span fits in 53 bits every float64 partial
   sum is exact, whatever order or fused multiply-adds the BLAS uses, so its result *is* the
   exact sum (this settles exact ties, which step 2 cannot);
2. filter (other waves): products of float16/float32 values are exact in float64, and a float64
   sum of n of them, in any order, is within n * 2^-53 * sum|products| of the exact sum; with
   err four times that, if s - err and s + err round to the same bits, so does the exact sum
   (rounding is monotone);
3. fallback (elements the filter cannot decide, typically exact ties, and waves with Inf or NaN):
   element by element, Inf/NaN products summed in float64, the rest filtered again on their own,
   and what is still undecided summed exactly with Python integers, rounded to odd into float64,
   which the final rounding to a format of at most 24 significant bits then rounds correctly
   (53 >= 24 + 2).

An exactly zero sum is +0, even when every contribution is -0: the wave reduces from a +0
accumulator, as a tensor-core MMA with a zero C operand does (IEEE addition of the terms alone
would give -0 there; the choice is documented in docs/semantics.md). NaN and Inf sums are what
float64 addition gives (order cannot matter for them except for NaN payloads, which the final
rounding's settings decide).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from dxlinalg.gpu.half import half_aware_astype

FLOAT64_PRECISION = 53
EXACT_HALF_TERMS = 1 << 13          # float64 sums this many float16 values exactly (see _half_sums)
ERROR_BOUND_PER_LANE = 4.0 * 2.0 ** -FLOAT64_PRECISION   # 4 x the classic n * u bound: margin for its rounding

#: rounds float64 values (any shape) once to the accumulation type, returning that dtype
Rounding = Callable[[np.ndarray], np.ndarray]


def exact_wave_sums(left_values: np.ndarray, right_values: np.ndarray | None, valid: np.ndarray,
                    rounding: Rounding) -> np.ndarray:
    """(W, m * n) float64 stand-ins for the exact sums over the wave axis: values that `rounding`
    rounds exactly as it would round the exact sums (the exact sum itself where float64 holds it).
    The caller rounds them, with `rounding` or any function equal to it on float64.

    `left_values` (W, L, m) and `right_values` (W, L, n) are the lanes' float16 or float32 values
    padded to L lanes with +0 (integers are summed exactly by `_integer_sums`); `valid` (W, L) marks the
    wave's real lanes. `right_values` None sums the left values alone (n = 1, a vector accumulate).
    """
    waves, wave_lanes, m = left_values.shape
    if right_values is None:
        if left_values.dtype == np.float16 and wave_lanes <= EXACT_HALF_TERMS:
            return _half_sums(left_values)
        right_values = valid[:, :, None].astype(left_values.dtype)
    if left_values.dtype.kind in "iu" or right_values.dtype.kind in "iu":
        return _integer_sums(left_values, right_values)
    n = right_values.shape[2]
    lanes = valid.sum(axis=1)
    left, right = half_aware_astype(left_values, np.float64), half_aware_astype(right_values, np.float64)
    left_span, left_finite = _exponent_span(left_values)
    right_span, right_finite = _exponent_span(right_values)
    finite = left_finite & right_finite
    certified = finite & (left_span + right_span + np.ceil(np.log2(np.maximum(lanes, 1))) <= FLOAT64_PRECISION)
    with np.errstate(invalid="ignore", over="ignore"):
        sums = np.matmul(left.transpose(0, 2, 1), right).reshape(waves, m * n)
    sums += 0.0          # an exactly zero sum is +0 (-0 + +0 = +0; nothing else changes)
    undecided = np.zeros(sums.shape, bool)
    undecided[~finite] = True
    filtered = np.flatnonzero(finite & ~certified)
    if filtered.size:
        undecided[filtered] = _filter_fails(sums[filtered], left[filtered], right[filtered], lanes[filtered],
                                            rounding)
    if undecided.any():
        wave, element = np.nonzero(undecided)
        sums[wave, element] = _exact_sums(left[wave, :, element // n], right[wave, :, element % n], valid[wave],
                                          rounding)
    return sums


def _integer_sums(left_values: np.ndarray, right_values: np.ndarray) -> np.ndarray:
    """Integer lane values (a profile may list integer inputs with a float accumulation): their exact
    sums, as float64 when every partial sum is below 2^53 (then any float64 order is exact), else by
    Python integers rounded to odd into float64, as `_exact_sums` does. Lanes padded with 0 add 0."""
    left, right = left_values.astype(np.int64), right_values.astype(np.int64)
    waves, lanes, m = left.shape
    bound = float(np.abs(left).max(initial=0)) * float(np.abs(right).max(initial=0)) * lanes
    if bound < 2.0 ** FLOAT64_PRECISION:
        sums = np.matmul(left.transpose(0, 2, 1).astype(np.float64), right.astype(np.float64))
    else:
        exact = np.matmul(left.transpose(0, 2, 1).astype(object), right.astype(object))
        sums = np.array([_round_to_odd(int(v), 0) for v in exact.reshape(-1)], np.float64)
    return sums.reshape(waves, -1) + 0.0


def _half_sums(values: np.ndarray) -> np.ndarray:
    """(W, m) sums over the lane axis of float16 values, exact in float64 in any order: every
    partial sum is a multiple of 2^-24 below EXACT_HALF_TERMS * 2^16 = 2^29 in magnitude, 53 bits.
    An exactly zero sum is +0, as above."""
    ones = np.ones(values.shape[1])
    with np.errstate(invalid="ignore"):       # Inf - Inf is NaN, as in any order
        sums = np.matmul(ones, half_aware_astype(values, np.float64))   # a BLAS sum: x * 1 is exact
    sums += 0.0
    return sums


def _filter_fails(sums: np.ndarray, left: np.ndarray, right: np.ndarray, lanes: np.ndarray,
                  rounding: Rounding) -> np.ndarray:
    """Elements whose exact sum might round differently from their float64 sum."""
    magnitudes = np.matmul(np.abs(left).transpose(0, 2, 1), np.abs(right)).reshape(sums.shape)
    return _may_round_differently(sums, magnitudes, lanes[:, None], rounding)


def _may_round_differently(sums: np.ndarray, magnitudes: np.ndarray, lanes: np.ndarray,
                           rounding: Rounding) -> np.ndarray:
    """Where s -/+ err, err the bound for sums of `lanes` terms of total magnitude `magnitudes`
    (broadcast), round to different bits: there the exact sum's rounding is not proved."""
    with np.errstate(over="ignore"):
        error = magnitudes * (ERROR_BOUND_PER_LANE * lanes)
    return rounding_within(sums, error, rounding)[1]


def rounding_within(values: np.ndarray, error: np.ndarray, rounding: Rounding) -> tuple[np.ndarray, np.ndarray]:
    """(rounding(values - error), unproved): where values - error and values + error round to the
    same bits, so does everything between them (rounding is monotone), and the first array is the
    rounding of any value within `error`; `unproved` marks the elements where they differ."""
    with np.errstate(over="ignore", invalid="ignore"):
        low, high = rounding(values - error), rounding(values + error)
    bits = np.dtype(f"u{low.dtype.itemsize}")
    return low, low.view(bits) != high.view(bits)


def _exponent_span(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per wave: (e_max - q_min, all finite), with |v| < 2^e_max for every value and every nonzero
    value a multiple of 2^q_min (the quantum of the smallest nonzero magnitude's binade, a lower
    bound of every nonzero value's quantum); 0 for an all-zero wave.

    On the bits: magnitudes of floats order like their bit patterns, so one max and one min per
    wave find both binades."""
    flat = np.ascontiguousarray(values).reshape(values.shape[0], -1)   # float16 or float32 (integers: above)
    info = np.finfo(flat.dtype)
    unsigned = np.dtype(f"u{flat.dtype.itemsize}")
    magnitude = flat.view(unsigned) & unsigned.type((1 << (8 * flat.dtype.itemsize - 1)) - 1)
    largest = magnitude.max(axis=1)
    smallest = (magnitude - unsigned.type(1)).min(axis=1) + unsigned.type(1)   # zeros wrap to the top
    infinity = np.array(np.inf, flat.dtype).view(unsigned)
    finite = largest < infinity
    with np.errstate(invalid="ignore"):
        upper = np.frexp(largest.view(flat.dtype).astype(np.float64))[1]
    field = (smallest >> unsigned.type(info.nmant)).astype(np.int64)
    quantum = np.maximum(field, 1) + info.minexp - 1 - info.nmant
    span = np.where(largest > 0, upper - quantum, 0)
    return span, finite


def _exact_sums(left: np.ndarray, right: np.ndarray, valid: np.ndarray, rounding: Rounding) -> np.ndarray:
    """(F,) float64 values that round (by `rounding`) like the exact sums of left * right over the
    real lanes: an element with an Inf or NaN product gets its float64 sum (NaN/Inf, as any order
    gives); the others are filtered one by one (their wave as a whole could not be, e.g. for a NaN
    elsewhere in it), and what stays undecided is summed exactly with Python integers."""
    with np.errstate(invalid="ignore"):
        products = np.where(valid, left * right, 0.0)            # exact: at most 2 x 24 significant bits
    special = ~np.isfinite(products).all(axis=1)
    out = np.empty(products.shape[0])
    with np.errstate(invalid="ignore"):                           # Inf - Inf is NaN, as wanted
        out[special] = products[special].sum(axis=1)
    finite = np.flatnonzero(~special)
    terms = products[finite]
    sums = terms.sum(axis=1) + 0.0                                # an exactly zero sum is +0
    undecided = _may_round_differently(sums, np.abs(terms).sum(axis=1), valid[finite].sum(axis=1), rounding)
    out[finite] = sums
    for row in finite[undecided]:
        out[row] = _exact_sum(products[row][valid[row]])
    return out


def _exact_sum(terms: np.ndarray) -> float:
    """The exact sum of finite float64 terms, rounded to odd into float64 (+0 when zero)."""
    nonzero = terms[terms != 0]
    if nonzero.size == 0:
        return 0.0
    fractions, exponents = np.frexp(nonzero)
    significands = np.ldexp(fractions, FLOAT64_PRECISION).astype(np.int64)   # exact integers
    exponents = exponents - FLOAT64_PRECISION
    lowest = int(exponents.min())
    total = sum(int(s) << int(e - lowest) for s, e in zip(significands, exponents))
    return _round_to_odd(total, lowest)


def _round_to_odd(integer: int, exponent: int) -> float:
    """integer * 2^exponent as a float64, rounding to odd (truncate, set the last bit if inexact)."""
    if integer == 0:
        return 0.0
    magnitude = abs(integer)
    extra = magnitude.bit_length() - FLOAT64_PRECISION
    if extra > 0:
        kept = magnitude >> extra
        if magnitude & ((1 << extra) - 1):
            kept |= 1
        magnitude, exponent = kept, exponent + extra
    return math.copysign(math.ldexp(float(magnitude), exponent), integer)
