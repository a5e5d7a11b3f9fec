"""Fused multiply-add: a * b + c rounded once, for float16, float32 and float64 arrays.

The result is the exact a * b + c rounded to nearest even in the operands' type, with IEEE 754's special cases:
subnormal results, overflow to infinity, infinities and NaNs (as x86 computes a * b + c), and signed zeros (an exact
zero is +0 unless a * b and c are both -0). Every surface that fuses (HLSL fma, GLSL Fma, the f64 mma chain)
calls this one function. The fast paths are error-free transformations over whole arrays:

- float16: a * b is exact in float64 (22 bits). The float64 sum is inexact only when one term lies some 2^30 or
  more below the other, and then no float16 rounding boundary lies within its error, so the cast rounds as one
  rounding would (the tests compare whole float16 ranges with exact rationals).
- float32: a * b is exact in float64 (48 bits); the sum is rounded to odd in float64, whose 53 bits are 2 more than
  float32's 24 (and than a subnormal's fewer), so the cast to float32 rounds correctly.
- float64: Boldo and Melquiond's emulation ("Emulation of FMA and correctly rounded sums: proved algorithms using
  rounding to odd", 2008): a * b = ph + pl exactly (Dekker), c + ph = th + tl exactly (Knuth), then
  RN(th + RO(tl + pl)), RO rounding to odd. It holds without overflow and underflow, so a and b are first scaled
  to [0.5, 1) by their exponents ea, eb and c by 2^-(ea + eb); the result is scaled back, exactly while it is
  normal. A c more than 2^60 above the product is the result; one more than 2^150 below it only breaks ties and
  sets the direction, so a tiny value of its sign stands for it.

A float64 result below the smallest normal would be rounded a second time by the scaling back, so those lanes, and
only those, are computed with exact rationals (`slow_lanes` says which; they are rare: tiny results only).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from dxlinalg.errors import InvalidArgumentError

FMA_DTYPES = (np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64))
SMALLEST_NORMAL = float(np.finfo(np.float64).smallest_normal)
ADDEND_IS_RESULT_FROM = 60        # log2 of how far c must lie above the product for RN(a * b + c) = c
ADDEND_IS_STICKY_BELOW = -150     # ... and below it (scaled: under the product's last bit, 2^-106) to stand in
STICKY_ADDEND = 2.0 ** -160
_SPLITTER = 134217729.0           # 2^27 + 1 (Veltkamp)
CHUNK = 1 << 14                   # elements per pass: the float64 path's temporaries stay in the cache (4x faster)


def fma(a: object, b: object, c: object) -> np.ndarray:
    """a * b + c rounded once to the operands' float type (float16, float32 or float64), elementwise."""
    dtype = np.result_type(a, b, c)
    if dtype not in FMA_DTYPES:
        raise InvalidArgumentError(f"fma: operands of type {dtype}; fused multiply-add is defined here for float16, "
                                   f"float32 and float64")
    x, y, z = (np.asarray(v, np.float64).reshape(-1) for v in np.broadcast_arrays(a, b, c))
    result = np.empty(np.broadcast_shapes(np.shape(a), np.shape(b), np.shape(c)), dtype)
    flat = result.reshape(-1)
    with np.errstate(all="ignore"):
        for start in range(0, flat.size, CHUNK):
            part = slice(start, start + CHUNK)
            flat[part] = _fma_chunk(dtype, x[part], y[part], z[part])
    return result


def _fma_chunk(dtype: np.dtype, x: np.ndarray, y: np.ndarray, z: np.ndarray) -> np.ndarray:
    if dtype == np.float16:
        return (x * y + z).astype(np.float16)
    if dtype == np.float32:
        return add_round_to_odd(x * y, z).astype(np.float32)
    result, slow = _fma_float64(x, y, z)
    for index in np.flatnonzero(slow):
        result[index] = _exact_fma(float(x[index]), float(y[index]), float(z[index]))
    return result


def slow_lanes(a: object, b: object, c: object) -> np.ndarray:
    """Where float64 `fma` takes the exact-rational path (finite operands with a result below the smallest normal)."""
    x, y, z = (np.asarray(v, np.float64) for v in np.broadcast_arrays(a, b, c))
    with np.errstate(all="ignore"):
        return _fma_float64(x, y, z)[1]


def add_round_to_odd(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a + b in float64, rounded to odd: toward zero, with the last bit set where inexact (infinities and NaNs as
    IEEE adds them)."""
    s, error = _two_sum(a, b)
    inexact = (error != 0) & np.isfinite(s)
    toward_zero = inexact & ((error < 0) != (s < 0))      # rounding went away from zero: one step back
    bits = np.ascontiguousarray(s).view(np.int64) - toward_zero.astype(np.int64)
    return (bits | inexact.astype(np.int64)).view(np.float64)


def _fma_float64(x: np.ndarray, y: np.ndarray, z: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """float64 fma of every lane, and where that is not final (the lanes `slow_lanes` names)."""
    finite = np.isfinite(x) & np.isfinite(y) & np.isfinite(z)
    zero_product = (x == 0) | (y == 0)
    general = finite & ~zero_product & (z != 0)
    mantissa_x, exponent_x = np.frexp(x)
    mantissa_y, exponent_y = np.frexp(y)
    exponent = exponent_x + exponent_y                                   # |x * y| < 2^exponent
    relative = np.frexp(z)[1] - exponent
    addend = np.where(relative < ADDEND_IS_STICKY_BELOW, np.copysign(STICKY_ADDEND, z), np.ldexp(z, -exponent))
    high, low = _two_product(mantissa_x, mantissa_y)
    sum_high, sum_low = _two_sum(addend, high)
    scaled = sum_high + add_round_to_odd(sum_low, low)
    result = np.ldexp(scaled, exponent)
    above = relative > ADDEND_IS_RESULT_FROM
    result = np.where(above, z, result)
    slow = general & ~above & (scaled != 0) & (np.abs(result) < SMALLEST_NORMAL)
    # The other lanes are IEEE's own operations: with a zero product, x * y + z is exact (signs included); finite x, y
    # leave an infinite or NaN z as it is (x * y may overflow where the exact product does not); a zero addend
    # leaves x * y, whose sign an underflow to zero keeps (x * y + 0 would lose it).
    product = x * y
    plain = np.where(np.isfinite(x) & np.isfinite(y) & ~np.isfinite(z), z, product + z)
    plain = np.where((z == 0) & ~zero_product, product, plain)
    return np.where(general, result, plain), slow


def _two_sum(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """a + b = s + e exactly (Knuth), s = RN(a + b), barring overflow."""
    s = a + b
    bb = s - a
    return s, (a - (s - bb)) + (b - bb)


def _split(a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """a = high + low with 26-bit halves (Veltkamp)."""
    scaled = a * _SPLITTER
    high = scaled - a
    np.subtract(scaled, high, out=high)                 # scaled - (scaled - a)
    return high, np.subtract(a, high, out=scaled)


def _two_product(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """a * b = p + e exactly (Dekker), p = RN(a * b), barring overflow and underflow; e is
    ((ah * bh - p) + ah * bl + al * bh) + al * bl, computed in place."""
    p = a * b
    a_high, a_low = _split(a)
    b_high, b_low = _split(b)
    error = a_high * b_high
    error -= p
    error += np.multiply(a_high, b_low, out=a_high)
    np.multiply(a_low, b_low, out=b_low)
    error += np.multiply(a_low, b_high, out=a_low)
    error += b_low
    return p, error


def _exact_fma(x: float, y: float, z: float) -> float:
    """x * y + z of finite operands, rounded once through exact rationals (Python's int / int division rounds
    correctly, subnormals included; an exact zero is +0)."""
    return float(Fraction(x) * Fraction(y) + Fraction(z))
