"""NVIDIA's float matrix-vector sums (`matvec_sum = "tensor_core_chunks"`), as measured on an H100.

docs/hardware-nvidia-h100-spirv.md has the measurements (353,600 results, all reproduced). For each
lane and output row i, with x the input values and W the matrix as the products see them:

    acc = the bias b_i rounded to the accumulator type (+0 without a bias)
    for each chunk of `chunk_length` consecutive k (k = 0, 1, ... first; a last partial chunk as it is):
        E     = the largest of e(x_k) + e(W_ik) over the chunk's nonzero products, and e(acc) if acc != 0
        terms = acc and the chunk's exact products x_k * W_ik
        each term is truncated toward zero to a multiple of 2^(E - kept_bits)
        acc   = the exact sum of the truncated terms, rounded to the accumulator type (`rounding`)
    result_i = acc

e(v) = floor(log2 |v|), but at least -14 for operands (FP16 subnormals count as -14) and at least
the accumulator type's smallest normal exponent for acc. A step with a NaN term, or with +Inf and
-Inf, gives NaN; Infs of one sign give that Inf (nothing to truncate). Zeros: `zero_sign` positive
makes every zero +0; ieee keeps the sign IEEE addition of the truncated terms gives (-0 only when
every term is -0) and the rounding's (a negative sum that rounds to zero is -0). NaNs are left as
the caller's to write (the profile's `nan` setting).

This module is the definition, per element and plain; `fast.matvec_chunks` computes the same with
an error-bound filter and calls `chunk_step` only where the filter cannot decide.

Exactness in float64: products of float16/float32 values are exact (at most 48 significant bits);
every term is below 2^(E + 2), so a truncated term is an integer number of units 2^(E - kept_bits)
below 2^(kept_bits + 2), and chunk_length + 1 <= 257 of them sum exactly (below 2^51 for
kept_bits <= 40); dividing by the unit (a power of two) is exact.
"""

from __future__ import annotations

import numpy as np

from dxlinalg.gpu.half import half_aware_astype, narrow_float64_to_half
from dxlinalg.profile.model import TensorCoreChunks

OPERAND_SMALLEST_EXPONENT = -14        # FP16's smallest normal exponent: its subnormals count as -14
NO_EXPONENT = -(1 << 20)               # e() of zeros, Infs and NaNs: never the largest of a nonzero term
_ACCUMULATOR_DTYPES = {"FLOAT16": np.dtype(np.float16), "FLOAT32": np.dtype(np.float32)}


def accumulator_dtype(chunks: TensorCoreChunks) -> np.dtype:
    return _ACCUMULATOR_DTYPES[chunks.accumulator]


def exponents(values: np.ndarray, smallest: int) -> np.ndarray:
    """e(v) = floor(log2 |v|), at least `smallest`; NO_EXPONENT for zeros, Infs and NaNs (int64).

    Read from the float64 exponent field: every float16/float32 value is a normal float64 (or zero),
    so the field minus the bias is floor(log2 |v|); field 0 is a zero, field 2047 an Inf or NaN."""
    field = (np.ascontiguousarray(values, np.float64).view(np.int64) >> 52) & 0x7FF
    counted = (field != 0) & (field != 0x7FF)
    return np.where(counted, np.maximum(field - 1023, smallest), NO_EXPONENT)


def accumulator_exponents(values: np.ndarray, chunks: TensorCoreChunks) -> np.ndarray:
    """e(acc): the accumulator type's subnormals count as its smallest normal exponent."""
    return exponents(values, int(np.finfo(accumulator_dtype(chunks)).minexp))


def round_to_accumulator(values: np.ndarray, chunks: TensorCoreChunks) -> np.ndarray:
    """float64 -> the accumulator type (its dtype), by the setting's rounding and zero sign. NaNs stay NaN."""
    dtype = accumulator_dtype(chunks)
    source = np.asarray(values, np.float64)
    rounded = narrow_float64_to_half(source) if dtype == np.float16 else None   # the IEEE cast, faster
    if rounded is None:
        with np.errstate(over="ignore", invalid="ignore"):
            rounded = source.astype(dtype)                                # IEEE cast: nearest even
    bits = rounded.view(np.dtype(f"u{dtype.itemsize}"))
    if chunks.rounding == "toward_zero":
        with np.errstate(invalid="ignore"):
            away = np.abs(half_aware_astype(rounded, np.float64)) > np.abs(source)   # rounded up in magnitude
        bits[away] -= 1                                                   # one step toward zero (Inf -> max)
    if chunks.zero_sign == "positive":
        bits[bits == np.array(-0.0, dtype).view(bits.dtype)] = 0
    return rounded


def chunk_step(accumulator: np.ndarray, x: np.ndarray, w: np.ndarray, chunks: TensorCoreChunks,
               operand_exponents: np.ndarray | None = None) -> np.ndarray:
    """One step for N elements: the accumulator (N,) float64 (values of its type), the chunk's
    inputs x (N, C) and weights w (N, C), float64 values; returns the new accumulator (N,) float64.
    `operand_exponents` (N, C), e(x) + e(w), may be passed when the caller has them."""
    with np.errstate(invalid="ignore", over="ignore"):
        products = x * w                                                   # exact
        terms = np.concatenate([accumulator[:, None], products], axis=1)
        ieee_sum = terms.sum(axis=1)      # non-finite exactly where a term is (finite sums here stay < 2^270)
    special = ~np.isfinite(ieee_sum)      # a step with Inf or NaN: that IEEE sum
    if special.any():
        terms[special] = 0.0
    if operand_exponents is None:
        operand_exponents = exponents(x, OPERAND_SMALLEST_EXPONENT) + exponents(w, OPERAND_SMALLEST_EXPONENT)
    top = np.maximum(accumulator_exponents(accumulator, chunks), operand_exponents.max(axis=1))
    per_unit = np.ldexp(1.0, np.where(top > NO_EXPONENT // 2, chunks.kept_bits - top, 0))   # 1 / 2^(E - kept)
    units = np.trunc(terms * per_unit[:, None])        # each term in units, truncated: exact integers < 2^(kept + 2)
    total = np.where(special, ieee_sum, units.sum(axis=1) / per_unit)   # exact below 2^53 units; zero: +0
    if chunks.zero_sign == "ieee":
        negative_zeros = ((units == 0) & np.signbit(units)).all(axis=1) & ~special   # IEEE's sum of -0s is -0
        total[negative_zeros] = -0.0
    return half_aware_astype(round_to_accumulator(total, chunks), np.float64)


def chunked_sums(x: np.ndarray, weights: np.ndarray, start: np.ndarray, chunks: TensorCoreChunks) -> np.ndarray:
    """(L, M) float64 results (values of the accumulator type, NaN where the result is NaN) of the
    inputs x (L, K) times the matrix given as its (K, M) transpose `weights`, each lane's
    accumulator starting at `start` (L, M) (already of the accumulator type): the model, plainly."""
    lanes, k = x.shape
    m = weights.shape[1]
    x64, w64 = np.asarray(x, np.float64), np.asarray(weights, np.float64)
    accumulator = np.asarray(start, np.float64).reshape(-1)
    for first in range(0, k, chunks.chunk_length):
        chunk = slice(first, first + chunks.chunk_length)
        x_terms = np.repeat(x64[:, chunk], m, axis=0)                      # element (lane, row) -> lane's inputs
        w_terms = np.tile(w64[chunk].T, (lanes, 1))                         # element (lane, row) -> row's weights
        accumulator = chunk_step(accumulator, x_terms, w_terms, chunks)
    return accumulator.reshape(lanes, m)
