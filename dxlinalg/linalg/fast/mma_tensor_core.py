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
An exactly zero sum is +0, as in the model. Operands with an Inf or NaN take the plain model (None).
"""

from __future__ import annotations

import numpy as np

from dxlinalg.linalg.fast.wave_sums import Rounding

BLOCK_ELEMENTS = 1 << 16            # (m, n, warp) values per pass: the block's arrays stay in cache
ZERO_EXPONENT = -(1 << 12)          # a zero operand's exponent: with any other, far below every real product's
NO_PRODUCT = -(1 << 11)             # below this a maximum of ea + eb comes from a zero product
NO_TERM = -(1 << 20)                # e(acc) of a zero accumulator


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
        sums = _block_sums(a[part], b[part], c[part], rounding, chunk, kept_bits)
        out[part] = sums.transpose(2, 0, 1)
    return out


def _block_sums(a: np.ndarray, b: np.ndarray, c: np.ndarray, rounding: Rounding, chunk: int,
                kept_bits: int) -> np.ndarray:
    """(M, N, w) D of a block of w warps."""
    k = a.shape[2]
    product_type = np.float32 if a.dtype == np.float16 else np.float64
    left = a.transpose(2, 1, 0).astype(product_type, order="C")              # (K, M, w)
    right = b.transpose(1, 2, 0).astype(product_type, order="C")             # (K, N, w)
    left_exponents, right_exponents = _exponents(a.transpose(2, 1, 0)), _exponents(b.transpose(1, 2, 0))
    accumulator = c.transpose(1, 2, 0).astype(np.float64)                    # (M, N, w)
    shape = accumulator.shape
    exponent, product = np.empty(shape, np.int16), np.empty(shape, product_type)
    for first in range(0, k, chunk):
        steps = range(first, min(first + chunk, k))
        unit_type = np.int32 if len(steps) << (kept_bits + 2) <= 1 << 31 else np.int64
        top = np.full(shape, ZERO_EXPONENT, np.int16)
        for step in steps:
            np.add(left_exponents[step, :, None, :], right_exponents[step, None, :, :], out=exponent)
            np.maximum(top, exponent, out=top)
        no_product = top < NO_PRODUCT
        held = np.where(accumulator != 0, np.frexp(accumulator)[1] - 1, NO_TERM)
        top = np.maximum(np.where(no_product, NO_TERM, top.astype(np.int64)), held)
        top = np.where(top == NO_TERM, 0, top)                                 # all zero: any scale gives 0
        scale = np.ldexp(1.0, np.where(no_product, 0, kept_bits - top)).astype(product_type)   # finite for zeros
        units = np.zeros(shape, unit_type)
        for step in steps:
            np.multiply(left[step, :, None, :], right[step, None, :, :], out=product)
            product *= scale
            np.add(units, product, out=units, dtype=unit_type, casting="unsafe")   # the cast truncates
        total = units + np.trunc(accumulator * np.ldexp(1.0, kept_bits - top))
        accumulator = np.asarray(rounding(np.ldexp(total + 0.0, top - kept_bits)), np.float64)
    return accumulator.astype(c.dtype)


def _exponents(values: np.ndarray) -> np.ndarray:
    """int16 floor(log2 |v|) of float16, bfloat16 or float32 values, subnormals at the format's
    smallest normal exponent (the operands' exponents of the model); ZERO_EXPONENT for zeros."""
    unsigned = np.dtype(f"u{values.dtype.itemsize}")
    fraction_bits = {2: 7 if values.dtype.name == "bfloat16" else 10, 4: 23}[values.dtype.itemsize]
    exponent_bits = 8 * values.dtype.itemsize - 1 - fraction_bits
    bits = np.ascontiguousarray(values).view(unsigned)
    field = ((bits >> unsigned.type(fraction_bits)) & unsigned.type((1 << exponent_bits) - 1)).astype(np.int16)
    exponents = np.maximum(field, 1) - np.int16((1 << (exponent_bits - 1)) - 1)
    exponents[(bits & unsigned.type((1 << (8 * values.dtype.itemsize - 1)) - 1)) == 0] = ZERO_EXPONENT
    return exponents


def _largest_magnitude(values: np.ndarray) -> float:
    """max |v| (Inf if one is Inf, NaN if one is NaN), read on the bits."""
    if values.size == 0:
        return 0.0
    unsigned = np.dtype(f"u{values.dtype.itemsize}")
    largest = (values.view(unsigned) & unsigned.type((1 << (8 * values.dtype.itemsize - 1)) - 1)).max()
    return float(np.array(largest, unsigned).view(values.dtype))
