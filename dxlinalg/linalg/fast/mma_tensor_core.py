"""The `tensor_core` mma model with operand alignment, fast: `tensor_core_sums.chunked_sums` with
`operand_exponents`, the same bits without float64 product tensors.

The model, per element (m, n) of a tile and chunk of K: E is the largest of ea[m, k] + eb[k, n]
over the chunk's nonzero products and of e(acc); every product and the accumulator are truncated
toward zero to multiples of 2^(E - kept), summed exactly and rounded (`mma_sums`). Here warps go in
blocks laid out (k, m, warp) and (k, n, warp), so that each step below is one long contiguous
numpy loop over a block's (m, n, warp) values, small enough to stay in cache:
- E: per k, the int16 sum ea[k, m] + eb[k, n] (zeros carry an exponent far below any real one),
  kept by a running maximum;
- per k, p = a * b, exact in float32 for float16 operands (22 significant bits, exponents far
  inside float32's range) and in float64 otherwise; p *= 2^(kept - E), exact (a power of two;
  |p| < 2^(E + 2), so |p| 2^(kept - E) < 2^(kept + 2), and a product that underflows float32 is
  below one unit, whose truncation is 0 either way); then one add into an integer accumulator of
  units, whose cast truncates toward zero: the truncated product, exactly (int32 while a chunk's
  units stay below 2^31, int64 beyond);
- the accumulator's own units trunc(acc 2^(kept - E)) and the sum, scaled back by 2^(E - kept), in
  float64: exact (integers below 2^53, a power of two).
Exponents are read on the bits (float16 values are normal float32 numbers, the others normal
float64 ones). An exactly zero sum is +0, as in the model. Operands with an Inf or NaN take the
plain model (None).
"""

from __future__ import annotations

import numpy as np

from dxlinalg.linalg.fast.wave_sums import Rounding

BLOCK_ELEMENTS = 1 << 16            # (m, n, warp) values per pass: the block's arrays stay in cache
ZERO_EXPONENT = -(1 << 12)          # a zero operand's exponent: any sum with it is below every real one
LOWEST_TOP = -(1 << 9)              # E of an all-zero step (any exponent works: everything is 0), kept finite
SMALLEST_EXPONENT = {"float16": -14, "bfloat16": -126, "float32": -126}   # subnormals count as this


def tensor_core_mma(a: np.ndarray, b: np.ndarray, c: np.ndarray, rounding: Rounding, *, chunk: int,
                    kept_bits: int) -> np.ndarray | None:
    """(W, M, N) of c's dtype, as `chunked_sums` of A (W, M, K) and B (W, K, N) (float16, bfloat16 or
    float32 holding tf32 values) from the accumulator C (W, M, N) with operand alignment gives it,
    rounded by `rounding` (float64 -> c's dtype); None if an operand is Inf or NaN."""
    if not all(np.isfinite(_largest_magnitude(v)) for v in (a, b, c)):
        return None
    waves, m, _ = a.shape
    n = b.shape[2]
    out = np.empty((waves, m, n), c.dtype)
    block = max(1, BLOCK_ELEMENTS // (m * n))
    for first in range(0, waves, block):
        part = slice(first, first + block)
        out[part] = _block_sums(a[part], b[part], c[part], rounding, chunk, kept_bits).transpose(2, 0, 1)
    return out


def _block_sums(a: np.ndarray, b: np.ndarray, c: np.ndarray, rounding: Rounding, chunk: int,
                kept_bits: int) -> np.ndarray:
    """(M, N, w) D of a block of w warps."""
    k = a.shape[2]
    smallest = SMALLEST_EXPONENT[a.dtype.name]
    product_type = np.dtype(np.float32 if a.dtype == np.float16 else np.float64)
    left = a.transpose(2, 1, 0).astype(product_type, order="C")              # (K, M, w)
    right = b.transpose(1, 2, 0).astype(product_type, order="C")             # (K, N, w)
    left_exponents, right_exponents = _exponents(left, smallest), _exponents(right, smallest)
    accumulator = c.transpose(1, 2, 0).astype(np.float64, order="C")         # (M, N, w)
    shape = accumulator.shape
    exponent, product = np.empty(shape, np.int16), np.empty(shape, product_type)
    for first in range(0, k, chunk):
        steps = range(first, min(first + chunk, k))
        unit_type = np.int32 if len(steps) << (kept_bits + 2) <= 1 << 31 else np.int64
        top = np.full(shape, ZERO_EXPONENT, np.int16)
        for step in steps:
            np.add(left_exponents[step, :, None, :], right_exponents[step, None, :, :], out=exponent)
            np.maximum(top, exponent, out=top)
        held = _exponents(accumulator, LOWEST_TOP)                             # a zero: ZERO_EXPONENT
        top = np.maximum(np.maximum(top, held, dtype=np.int32), LOWEST_TOP)   # E
        scale = _power_of_two(kept_bits - np.maximum(top, 2 * smallest), product_type)  # finite when no product
        units = np.zeros(shape, unit_type)
        for step in steps:
            np.multiply(left[step, :, None, :], right[step, None, :, :], out=product)
            product *= scale
            np.add(units, product, out=units, dtype=unit_type, casting="unsafe")   # the cast truncates
        np.ldexp(accumulator, kept_bits - top, out=accumulator)                # a power of two: exact
        np.trunc(accumulator, out=accumulator)
        accumulator += units                                                   # exact, and -0 -> +0
        np.ldexp(accumulator, top - kept_bits, out=accumulator)
        accumulator = np.asarray(rounding(accumulator), np.float64)
    return accumulator.astype(c.dtype)


def _exponents(values: np.ndarray, smallest: int) -> np.ndarray:
    """int16 floor(log2 |v|) of float32 or float64 values, at least `smallest` (the operand format's
    subnormals count as its smallest normal exponent); ZERO_EXPONENT for zeros. Read on the exponent
    field (these values are zeros or normal numbers of their type), in int16 from the first pass."""
    fraction_bits, bias = (23, 127) if values.dtype == np.float32 else (52, 1023)
    integer = np.dtype(f"i{values.dtype.itemsize}")
    field = (values.view(integer) >> integer.type(fraction_bits)).astype(np.int16)   # the sign above the field
    field &= np.int16(2 * bias + 1)
    exponent = np.maximum(field, np.int16(bias + smallest))
    exponent -= np.int16(bias)
    exponent[field == 0] = ZERO_EXPONENT
    return exponent


def _power_of_two(exponents: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """2^e for integer e in the normal range of `dtype` (float32 or float64), built on the bits."""
    fraction_bits, bias = (23, 127) if dtype == np.float32 else (52, 1023)
    integer = np.dtype(f"i{dtype.itemsize}")
    return ((exponents.astype(integer) + integer.type(bias)) << integer.type(fraction_bits)).view(dtype)


def _largest_magnitude(values: np.ndarray) -> float:
    """max |v| (Inf if one is Inf, NaN if one is NaN), read on the bits with two reductions and no pass:
    the largest pattern read as signed is the largest positive value's, the largest read as unsigned
    0x80.. plus the largest negative magnitude (or a positive value's, when none is negative)."""
    if values.size == 0:
        return 0.0
    unsigned = np.dtype(f"u{values.dtype.itemsize}")
    mask = (1 << (8 * values.dtype.itemsize - 1)) - 1
    bits = values.view(unsigned)
    top_unsigned, top_signed = int(bits.max()), int(bits.view(f"i{values.dtype.itemsize}").max())
    largest = max(top_signed, top_unsigned & mask)
    return float(np.array(largest, unsigned).view(values.dtype))
