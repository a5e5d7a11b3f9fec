"""NVIDIA's wave sums (`wave_sum = "nvidia_tensor_core"`), as measured on an H100.

docs/hardware-nvidia-h100-accumulate.md has the measurements; the model is `k8_tc2_accM` (outer
products) and `f16tree_a` / `f32tree_a` (vector accumulates) of hardware/nvidia-h100/models.py.

Outer products (`outer_product_sums`): a wave's lane positions go in chunks of 8 (0-7, 8-15, ...),
in order, into an accumulator of the accumulation type that starts at +0. A chunk with an active
lane replaces the accumulator by: its active lanes' exact products and the accumulator, each
truncated (toward zero) to a multiple of 2^(E - 25), E = floor(log2 |t|) of the largest nonzero
term t, added exactly and rounded to the accumulation type (RNE, the profile's conversion
settings). An exactly zero sum is +0; a NaN term makes +NaN, Infs their float sum. Chunks without an
active lane leave the accumulator alone. F32 accumulation could not be measured (the driver has no
FP32 training accumulation): it is the same chunk model with rounding to F32, an extrapolation.
`chunked_sums` is that machinery with the start value, the chunk size, the kept bits and the
products' alignment exponents as parameters; mma.sync's K-sums use it (`mma_sums`, the
`tensor_core` model of the profile's nvgpu settings: one step of all K, operands' exponents, as
the H100's mma.sync does).

Vector accumulates (`butterfly_sums`): the xor butterfly with offsets 1, 2, 4, ... over all
positions of the wave, inactive lanes +0, each addition rounded to the accumulation type; the
result is position 0's (pairing l with l ^ d halves the array at every step).

Speed: the model is evaluated only where it matters. Each chunk step first sums the accumulator
and the chunk's products in float64 (a small matrix product) and bounds how far truncation and
that sum can move the result; the elements whose bound straddles a rounding boundary (about 4%
of the training sample's, mostly near-ties and cancellations) and those with Inf or NaN get the
truncated terms themselves (`_chunk_step`).

Exactness in float64: products of float16/bfloat16/float32 values are exact (at most 48 significant
bits, exponents within float64's range); a truncated term is an integer k * 2^(E - 25) with
|k| < 2^26, so 9 of them sum exactly (below 2^30) and scaling by a power of two stays exact
(E - 25 >= -323). In general c + 1 terms kept to b bits sum below (c + 1) * 2^(b + 1), exact for the
profile's bounds (c <= 256, b <= 40).
A butterfly step adds two values of the accumulation type: exact for float16; for float32 the
float64 sum rounded again to float32 equals the correctly rounded sum (53 >= 2 * 24 + 2).
"""

from __future__ import annotations

import numpy as np

from dxlinalg.gpu.half import half_aware_astype
from dxlinalg.linalg.fast.wave_sums import ERROR_BOUND_PER_LANE, Rounding, rounding_within

CHUNK_LANES = 8                 # lanes per tensor-core step
KEPT_BITS_BELOW_TOP = 25        # a term keeps its bits down to 2^(E - 25): 26 bits below E + 1
DENSE_SHARE = 0.25              # above this share (and count) of undecided elements a step computes them all
DENSE_MINIMUM = 4096
NO_TERM = 1 << 20               # an exponent below every term's: stands for "no nonzero term"


def outer_product_sums(left: np.ndarray, right: np.ndarray, active: np.ndarray, rounding: Rounding) -> np.ndarray:
    """(W, m * n) wave operands, of the rounding's dtype, from lanes by position in the wave:
    `left` (W, S, m) and `right` (W, S, n) float values, zero where `active` (W, S) is False."""
    waves, _, m = left.shape
    return chunked_sums(left, right, np.zeros((waves, m * right.shape[2])), rounding, active=active)


def chunked_sums(left: np.ndarray, right: np.ndarray, accumulator: np.ndarray, rounding: Rounding, *,
                 chunk: int = CHUNK_LANES, kept_bits: int = KEPT_BITS_BELOW_TOP,
                 active: np.ndarray | None = None,
                 operand_exponents: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray:
    """(W, m * n) of the rounding's dtype: sum over axis 1 of left[:, s, i] * right[:, s, j] through a
    tensor-core accumulator that starts at `accumulator` (W, m * n), float64 values of the rounding's
    type. Positions s go in consecutive chunks of `chunk`; each step truncates its products and the
    accumulator below 2^(E - kept_bits), adds them exactly and rounds. Outer products sum lanes this
    way (from +0); mma.sync sums K (from C). With `active` (W, S), chunks without an active position
    leave the accumulator alone. E is the largest term's exponent, floor(log2 |term|); with
    `operand_exponents` (ea (W, S, m), eb (W, S, n) integers) a nonzero product counts as ea + eb
    instead (the H100's mma.sync aligns on its operands' exponents)."""
    positions = left.shape[1]
    left64, right64 = half_aware_astype(left, np.float64), half_aware_astype(right, np.float64)
    for first in range(0, positions, chunk):
        part = slice(first, first + chunk)
        if operand_exponents is None:
            stepped = _chunk_step(accumulator, left64[:, part], right64[:, part], rounding, kept_bits)
        else:
            ea, eb = operand_exponents[0][:, part], operand_exponents[1][:, part]
            exponents = (ea[:, :, :, None] + eb[:, :, None, :]).reshape(ea.shape[0], ea.shape[1], -1)
            stepped = _dense_step(accumulator, left64[:, part], right64[:, part], rounding, kept_bits, exponents)
        accumulator = stepped if active is None else np.where(active[:, part].any(axis=1)[:, None], stepped,
                                                              accumulator)
    return rounding(accumulator)


def _chunk_step(accumulator: np.ndarray, left: np.ndarray, right: np.ndarray, rounding: Rounding,
                kept_bits: int = KEPT_BITS_BELOW_TOP) -> np.ndarray:
    """(W, m * n) float64: one chunk step's rounded results, from the accumulator (W, m * n) and the
    chunk's lanes `left` (W, C, m), `right` (W, C, n) in float64.

    Most elements are settled by an error bound, without the truncated terms: s, the float64 sum of
    the accumulator and the chunk's products (one small matrix product), is within
    err = (C + 1) * (2^(T - 25) + 4 * 2^-53 * bound) of the truncated sum, `bound` >= sum |terms| and
    2^T >= the largest term's binade (both from the lanes' largest magnitudes): truncation moves
    each of the C + 1 terms by less than 2^(E - 25), E <= T, and the float64 sum is within
    (C + 1) * 2^-53 * sum |terms| of the exact one (the factor 4 is margin for computing s +/- err).
    Where s - err and s + err round to the same bits, so does the truncated sum (rounding is
    monotone); the rest (ties, cancellation to zero, Inf and NaN) take the truncated sum itself."""
    waves, lanes, m = left.shape
    n = right.shape[2]
    with np.errstate(invalid="ignore", over="ignore"):
        sums = np.matmul(left.transpose(0, 2, 1), right).reshape(waves, m * n) + accumulator
        sums += 0.0                                                         # -0 -> +0, as the model's zero
        top = (np.abs(left).max(axis=1)[:, :, None] * np.abs(right).max(axis=1)[:, None, :]).reshape(waves, m * n)
        held = np.abs(accumulator)
        largest = np.maximum(top, held)
        unit = np.ldexp(1.0, np.frexp(largest)[1] - 1 - kept_bits)
        unit[largest == 0] = 0.0
        error = (lanes + 1) * (unit + ERROR_BOUND_PER_LANE * (held + lanes * top))
    low, unproved = rounding_within(sums, error, rounding)
    undecided = unproved | ~np.isfinite(sums) | ~np.isfinite(error)
    if undecided.sum() > max(DENSE_SHARE * undecided.size, DENSE_MINIMUM):
        return _dense_step(accumulator, left, right, rounding, kept_bits)
    stepped = half_aware_astype(low, np.float64)
    if undecided.any():
        wave, element = np.nonzero(undecided)
        with np.errstate(invalid="ignore", over="ignore"):  # Inf * 0 is NaN, as the products above
            products = left[wave, :, element // n] * right[wave, :, element % n]
        terms = np.concatenate([accumulator[wave, element][:, None], products], axis=1)[:, :, None]
        with np.errstate(invalid="ignore"):
            plain = terms.sum(axis=1)                       # finite exactly when every term is
            step = np.where(np.isfinite(plain), _truncated_sum(terms, kept_bits), positive_nan(plain))
        stepped[wave, element] = half_aware_astype(rounding(step), np.float64)[:, 0]
    return stepped


def _dense_step(accumulator: np.ndarray, left: np.ndarray, right: np.ndarray, rounding: Rounding,
                kept_bits: int, product_exponents: np.ndarray | None = None) -> np.ndarray:
    """`_chunk_step` with every element's truncated sum computed (no filter): faster when the bound
    decides few elements, as with float32 accumulators, whose 24 bits are barely coarser than the
    26-bit window. The same sum as `_truncated_sum` of the accumulator and the products (kept apart:
    no concatenated copy); `product_exponents` (W, C, m * n), when given, are the products' exponents
    in E. Elements with an Inf or NaN term get their float64 sum (NaN made positive)."""
    waves, lanes, m = left.shape
    with np.errstate(invalid="ignore", over="ignore"):                  # Inf * 0: a NaN term
        products = (left[:, :, :, None] * right[:, :, None, :]).reshape(waves, lanes, m * right.shape[2])
        special = ~(np.isfinite(products).all(axis=1) & np.isfinite(accumulator))
        if special.any():
            plain = positive_nan(products.sum(axis=1) + accumulator)
            products = np.where(np.isfinite(products), products, 0.0)
            accumulator = np.where(np.isfinite(accumulator), accumulator, 0.0)
    held = np.where(accumulator != 0, np.frexp(accumulator)[1] - 1, -NO_TERM)
    if product_exponents is None:
        largest = np.abs(products).max(axis=1)
        top = np.maximum(np.where(largest > 0, np.frexp(largest)[1] - 1, -NO_TERM), held)
    else:
        top = np.maximum(np.where(products != 0, product_exponents, -NO_TERM).max(axis=1), held)
    top = np.where(top == -NO_TERM, 0, top)                             # all zero: any scale gives 0
    scale = np.ldexp(1.0, kept_bits - top)
    products *= scale[:, None, :]
    units = np.trunc(products, out=products).sum(axis=1) + np.trunc(accumulator * scale)
    step = np.ldexp(units + 0.0, top - kept_bits)                        # exact; -0 -> +0
    if special.any():
        step = np.where(special, plain, step)
    return half_aware_astype(rounding(step), np.float64)


def _truncated_sum(terms: np.ndarray, kept_bits: int = KEPT_BITS_BELOW_TOP) -> np.ndarray:
    """(W, E): the exact sum over axis 1 of the terms truncated to multiples of 2^(E - kept_bits), E the
    largest exponent among the nonzero finite terms; +0 when that sum is zero. Non-finite entries
    give meaningless values (the caller replaces them).

    Scaling by 2^(kept_bits - E) is exact (a power of two; every scaled magnitude is below
    2^(kept_bits + 1) and, for the float16/bfloat16/float32 products here, far from float64's
    subnormals), so truncation is `trunc` (toward zero)."""
    with np.errstate(invalid="ignore"):
        largest = np.abs(terms).max(axis=1)
    if not np.isfinite(largest).all():
        terms = np.where(np.isfinite(terms), terms, 0.0)
        largest = np.abs(terms).max(axis=1)
    top = np.where(largest > 0, np.frexp(largest)[1] - 1, 0)             # all zero: any scale gives 0
    units = np.trunc(terms * np.ldexp(1.0, kept_bits - top)[:, None, :])   # integers < 2^(kept_bits + 1)
    total = units.sum(axis=1) + 0.0                                       # exact; -0 -> +0
    return np.ldexp(total, top - kept_bits)


def butterfly_sums(values: np.ndarray, rounding: Rounding) -> np.ndarray:
    """(W, m) wave operands, of the rounding's dtype, from `values` (W, S, m) by position in the
    wave, +0 at inactive positions; S a power of two."""
    current = half_aware_astype(rounding(positive_nan(half_aware_astype(values, np.float64))), np.float64)
    while current.shape[1] > 1:
        with np.errstate(invalid="ignore"):                 # Inf - Inf is NaN, made positive next
            pairs = current[:, 0::2] + current[:, 1::2]
        current = half_aware_astype(rounding(positive_nan(pairs)), np.float64)
    return rounding(current[:, 0])


def positive_nan(values: np.ndarray) -> np.ndarray:
    """NaNs made positive: the GPU's arithmetic NaN (Inf - Inf, NaN inputs) is +NaN (0x7FFF,
    0x7FFFFFFF measured), where x86's default NaN is negative; the rounding then sets the payload."""
    nan = np.isnan(values)
    if not nan.any():                       # the usual case: nothing to change, no copy
        return values
    with np.errstate(invalid="ignore"):
        return np.where(nan, np.abs(values), values)
