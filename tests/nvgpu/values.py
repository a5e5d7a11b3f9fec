"""Random per-lane operands for the nvgpu tests: every finite value of a type is possible.

Half the draws are "wild" (random finite bit patterns: subnormals, huge and tiny exponents), half
are "tame" (normal values within a few binades, so sums cancel and round near ties).
"""

from __future__ import annotations

import ml_dtypes
import numpy as np

DTYPES = {"f16": np.dtype(np.float16), "bf16": np.dtype(ml_dtypes.bfloat16), "tf32": np.dtype(np.float32),
          "f64": np.dtype(np.float64), "s8": np.dtype(np.int8), "u8": np.dtype(np.uint8),
          "s4": np.dtype(ml_dtypes.int4), "u4": np.dtype(ml_dtypes.uint4)}
EXPONENT_BITS = {np.dtype(np.float16): 5, np.dtype(ml_dtypes.bfloat16): 8, np.dtype(np.float32): 8,
                 np.dtype(np.float64): 11}


def random_values(rng: np.random.Generator, dtype: np.dtype, shape: tuple[int, ...], wild: bool) -> np.ndarray:
    """Finite values of `dtype` (a float dtype or an integer one of 4 or 8 bits)."""
    dtype = np.dtype(dtype)
    if dtype.kind in "iu" or dtype.name in ("int4", "uint4"):
        info = ml_dtypes.iinfo(dtype) if dtype.name in ("int4", "uint4") else np.iinfo(dtype)
        return rng.integers(int(info.min), int(info.max) + 1, shape).astype(dtype)
    if not wild:
        spread = 4 if dtype.itemsize == 2 else 12
        values = rng.standard_normal(shape) * np.exp2(rng.integers(-spread, spread + 1, shape))
        values[rng.random(shape) < 0.1] = 0.0
        return values.astype(dtype)
    bits = 8 * dtype.itemsize
    unsigned = np.dtype(f"u{dtype.itemsize}")
    raw = rng.integers(0, 1 << min(bits, 62), shape, dtype=np.uint64)
    if bits == 64:
        raw = raw | (rng.integers(0, 4, shape, dtype=np.uint64) << np.uint64(62))
    patterns = raw.astype(unsigned)
    mantissa_bits = bits - 1 - EXPONENT_BITS[dtype]
    exponent = (patterns >> unsigned.type(mantissa_bits)) & unsigned.type((1 << EXPONENT_BITS[dtype]) - 1)
    all_ones = unsigned.type((1 << EXPONENT_BITS[dtype]) - 1)
    patterns = np.where(exponent == all_ones, patterns ^ (unsigned.type(1) << unsigned.type(mantissa_bits)),
                        patterns)       # an Inf/NaN exponent becomes a finite one
    return patterns.astype(unsigned).view(dtype)
