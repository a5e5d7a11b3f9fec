"""Arithmetic numpy lacks, done exactly: fused multiply-add with one rounding, truncating division.

Fused multiply-add rounds a*b+c once. For float32 operands the product is exact in float64; the
sum is then rounded to odd in float64 (an inexact result gets an odd last bit), after which the
cast to float32 rounds correctly (53 >= 24 + 2 bits). For float16 the float64 sum is already
correct: its only inexact cases have a tiny product below a half-precision addend, where no half
rounding boundary is within reach. float64 uses Boldo and Melquiond's emulation (exact product by
Dekker's splitting, exact sum, the low parts added with rounding to odd, one final rounding);
where an intermediate overflows or the operands are not finite the result is a*b+c with the usual
IEEE special values.
"""

from __future__ import annotations

import numpy as np

from dxlinalg.gpu.half import narrow_float64_to_half
from dxlinalg.gpu.types import FAST_HALF_CAST_FROM

_SPLITTER = np.float64(2.0 ** 27 + 1)


def _two_sum(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    s = a + b
    bb = s - a
    return s, (a - (s - bb)) + (b - bb)


def _odd(s: np.ndarray, error: np.ndarray) -> np.ndarray:
    """s + error (exact) rounded to odd, given s = RN(s + error): truncate toward zero (one step down in
    magnitude where rounding went away from zero), then set the last bit if inexact."""
    inexact = (error != 0) & np.isfinite(s)
    away = inexact & ((error < 0) != (s < 0))
    bits = np.ascontiguousarray(s).view(np.int64) - away.astype(np.int64)
    return (bits | inexact.astype(np.int64)).view(np.float64)


def add_round_to_odd(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a + b in float64, rounded to odd."""
    s, error = _two_sum(a, b)
    return _odd(s, np.where(np.isfinite(s), error, 0.0))


def _split(a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    t = _SPLITTER * a
    high = t - (t - a)
    return high, a - high


def _two_product(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    p = a * b
    ah, al = _split(a)
    bh, bl = _split(b)
    return p, ((ah * bh - p) + ah * bl + al * bh) + al * bl


def fma(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    """a * b + c rounded once, in the operands' float type."""
    dtype = np.result_type(a, b, c)
    with np.errstate(all="ignore"):
        wide = [np.asarray(x, np.float64) for x in (a, b, c)]
        if dtype == np.float16:
            return _to_half(wide[0] * wide[1] + wide[2])
        if dtype != np.float64:
            return add_round_to_odd(wide[0] * wide[1], wide[2]).astype(dtype)
        a, b, c = (np.asarray(x, np.float64) for x in (a, b, c))
        high, low = _two_product(a, b)
        total_high, total_low = _two_sum(c, high)
        fused = total_high + add_round_to_odd(total_low, low)
        plain = a * b + c
        exact_ok = np.isfinite(fused) & np.isfinite(high) & np.isfinite(low) & (np.abs(a) < 2.0 ** 995) & \
            (np.abs(b) < 2.0 ** 995)
        return np.where(exact_ok, fused, plain)


def _to_half(values: np.ndarray) -> np.ndarray:
    if values.size >= FAST_HALF_CAST_FROM:
        narrowed = narrow_float64_to_half(values)
        if narrowed is not None:
            return narrowed.reshape(values.shape)
    return values.astype(np.float16)


def truncating_divide(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Signed integer division rounding toward zero (C, SPIR-V OpSDiv); y must be nonzero.
    The quotient wraps (INT_MIN / -1 = INT_MIN)."""
    with np.errstate(all="ignore"):
        quotient = np.floor_divide(x, y)
        inexact = np.remainder(x, y) != 0
        quotient = quotient + (inexact & ((x < 0) != (y < 0))).astype(quotient.dtype)
    return quotient
