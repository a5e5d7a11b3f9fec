"""`linalg.matvec_chunks.chunked_sums`, fast: float64 matrix products and an error bound.

Each chunk step first computes s = acc + x_chunk @ W_chunk (a BLAS product, every chunk's in one
call through a block-diagonal matrix when that is small; the products of
float16/float32 values are exact in float64) and bounds how far the model's truncated sum can be
from it: with 2^T >= 2^E per element (T = the lane's largest e(x) in the chunk + the row's largest
e(W) in the chunk, or e(acc)), truncation moves each of the C + 1 terms by less than 2^(T - kept),
and the float64 sum is within (C + 1) * 2^-53 * sum |terms| < (C + 1)^2 * 2^(T + 2 - 53) of the
exact one, which is below 2^-10 * (C + 1) * 2^(T - kept) for C + 1 <= 257 and kept <= 40; the
error bound err = 2 * (C + 1) * 2^(T - kept) covers both, with room for rounding s +/- err. Where
s - err and s + err round to the same accumulator bits, so does the model's sum (rounding is
monotone, and `round_to_accumulator` is applied to both); the elements where they do not (ties,
cancellations, overflow near the largest finite value, non-finite terms, and zeros under
zero_sign ieee) take `chunk_step`, the model itself. Memory: lanes go in blocks, so the
temporaries are a few (block, M) arrays.
"""

from __future__ import annotations

import numpy as np

from dxlinalg.gpu.half import half_aware_astype
from dxlinalg.linalg.fast.wave_sums import rounding_within
from dxlinalg.linalg.matvec_chunks import (
    NO_EXPONENT,
    OPERAND_SMALLEST_EXPONENT,
    accumulator_dtype,
    chunk_step,
    exponents,
    round_to_accumulator,
)
from dxlinalg.profile.model import TensorCoreChunks

LANES_PER_BLOCK = 8192
BLOCK_DIAGONAL_ELEMENTS = 1 << 17


def chunked_sums(x: np.ndarray, weights: np.ndarray, start: np.ndarray, chunks: TensorCoreChunks) -> np.ndarray:
    """The same (L, M) float64 results as `linalg.matvec_chunks.chunked_sums`, bit for bit."""
    lanes = x.shape[0]
    out = np.empty((lanes, weights.shape[1]))
    w64 = np.asarray(weights, np.float64)
    w_exponents = exponents(w64, OPERAND_SMALLEST_EXPONENT)
    diagonal = _block_diagonal(w64, chunks.chunk_length)
    for first in range(0, lanes, LANES_PER_BLOCK):
        block = slice(first, first + LANES_PER_BLOCK)
        out[block] = _block_sums(np.asarray(x[block], np.float64), w64, w_exponents, diagonal,
                                 np.asarray(start[block], np.float64), chunks)
    return out


def _block_diagonal(weights: np.ndarray, chunk_length: int) -> np.ndarray | None:
    """(K, chunks * M): chunk c's rows of `weights` in columns c * M.. (zeros elsewhere), so that one
    matrix product gives every chunk's partial sums (one BLAS call instead of one per chunk, which
    matters for small chunks); None when that matrix would be large."""
    k, m = weights.shape
    count = -(-k // chunk_length)
    if count == 1 or k * count * m > BLOCK_DIAGONAL_ELEMENTS:
        return None
    diagonal = np.zeros((k, count * m))
    for c in range(count):
        rows = slice(c * chunk_length, (c + 1) * chunk_length)
        diagonal[rows, c * m: (c + 1) * m] = weights[rows]
    return diagonal


def _block_sums(x: np.ndarray, weights: np.ndarray, w_exponents: np.ndarray, diagonal: np.ndarray | None,
                start: np.ndarray, chunks: TensorCoreChunks) -> np.ndarray:
    x_exponents = exponents(x, OPERAND_SMALLEST_EXPONENT)
    m = weights.shape[1]
    with np.errstate(invalid="ignore", over="ignore"):
        # every chunk's products, summed per chunk; an Inf input makes NaN (Inf * 0) in other chunks'
        # columns too, which only sends those elements to the model itself (`_step`: non-finite sums)
        partials = None if diagonal is None else x @ diagonal
    accumulator = start.copy()
    for index, first in enumerate(range(0, x.shape[1], chunks.chunk_length)):
        chunk = slice(first, first + chunks.chunk_length)
        x_scale = np.ldexp(1.0, np.maximum(x_exponents[:, chunk].max(axis=1), NO_EXPONENT))   # 0 for all-zero
        w_scale = np.ldexp(1.0, np.maximum(w_exponents[chunk].max(axis=0), NO_EXPONENT))
        with np.errstate(invalid="ignore", over="ignore"):
            products = x[:, chunk] @ weights[chunk] if partials is None else partials[:, index * m: (index + 1) * m]
        accumulator = _step(accumulator, products, x[:, chunk], weights[chunk], x_exponents[:, chunk],
                            w_exponents[chunk], x_scale, w_scale, chunks)
    return accumulator


def _step(accumulator: np.ndarray, products: np.ndarray, x: np.ndarray, weights: np.ndarray, x_exponents: np.ndarray,
          w_exponents: np.ndarray, x_scale: np.ndarray, w_scale: np.ndarray, chunks: TensorCoreChunks) -> np.ndarray:
    """One chunk step for (B, M) accumulators: `products` (B, M) the float64 sums x @ weights of the
    chunk's x (B, C) and weights (C, M), their e() alike, and 2^(the chunk's largest exponent) per
    lane (B,) and per row (M,). 2^T <= |acc| + 2^x_top * 2^w_top + 2^smallest
    (2^e(acc) <= |acc| for a normal accumulator, 2^smallest for a subnormal one)."""
    terms = x.shape[1] + 1
    smallest = float(np.ldexp(1.0, np.finfo(accumulator_dtype(chunks)).minexp))
    with np.errstate(invalid="ignore", over="ignore"):
        sums = products + accumulator
        error = np.abs(accumulator)
        error += np.multiply.outer(x_scale, w_scale)
        error += smallest
        error *= 2.0 * terms * 2.0 ** -chunks.kept_bits
    stepped, undecided = _rounded_within(sums, error, chunks)
    undecided |= ~np.isfinite(sums)
    if chunks.zero_sign == "ieee":
        undecided |= stepped == 0
    if undecided.any():
        lane, row = np.nonzero(undecided)
        stepped[lane, row] = chunk_step(accumulator[lane, row], x[lane], weights[:, row].T, chunks,
                                        x_exponents[lane] + w_exponents[:, row].T)
    return stepped


def _rounded_within(sums: np.ndarray, error: np.ndarray, chunks: TensorCoreChunks) -> tuple[np.ndarray, np.ndarray]:
    """(float64 accumulator values that everything within `error` of `sums` rounds to, where it does;
    where they do not round alike). The measured setting (FP16, nearest even, +0) rounds in float64
    (`_nearest_half_values`); the others by `round_to_accumulator`."""
    if chunks.accumulator == "FLOAT16" and chunks.rounding == "nearest_even" and chunks.zero_sign == "positive":
        with np.errstate(invalid="ignore", over="ignore"):
            low = _nearest_half_values(sums - error)
            high = _nearest_half_values(sums + error)
            undecided = low != high                 # NaN never equals; -0 and +0 are alike: the result is +0
            undecided |= np.abs(high) > HALF_MAX    # past the largest half: Inf or not, the model decides
            undecided |= np.abs(low) > HALF_MAX
        low += 0.0
        return low, undecided
    rounded, undecided = rounding_within(sums, error, lambda values: round_to_accumulator(values, chunks))
    return half_aware_astype(rounded, np.float64), undecided


HALF_MAX = 65504.0
_FLOAT64_EXPONENT_FIELD = np.uint64(0x7FF << 52)
_HALF_SMALLEST_BINADE = np.float64(2.0**-14).view(np.uint64)           # half subnormals share its quantum
_ONE_AND_A_HALF_ABOVE = np.uint64((42 << 52) + (1 << 51))               # 2^e -> 1.5 * 2^(e + 42)


def _nearest_half_values(values: np.ndarray) -> np.ndarray:
    """float64 values rounded to the nearest half value (ties to even), as float64, for |values|
    below 2^16 (larger ones come back as large multiples of their quantum, not Inf; NaN stays NaN):
    (x + M) - M with M = 1.5 * 2^(e + 42), e = max(exponent of x, -14), whose quantum is the half's
    2^(e - 10). A zero result may be -0 or +0."""
    magic = values.view(np.uint64) & _FLOAT64_EXPONENT_FIELD
    magic[magic < _HALF_SMALLEST_BINADE] = _HALF_SMALLEST_BINADE
    magic += _ONE_AND_A_HALF_ABOVE
    rounded = values + magic.view(np.float64)
    rounded -= magic.view(np.float64)
    return rounded
