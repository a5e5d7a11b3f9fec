"""float16 lane arrays at float32 speed: exact widening, round-to-nearest-even narrowing, ReLU.

numpy's float16 casts and arithmetic loops are scalar code (a few ns per element), which would
dominate FP16 shaders. These do the same conversions with integer and exact float32 operations
over whole arrays (temporaries in `scratch`); each is bit-identical to numpy's cast (tests compare
them over every float16 and over all float32 rounding boundaries).
"""

from __future__ import annotations

import numpy as np

from dxlinalg.gpu.scratch import scratch

_WIDEN_SCALE = np.float32(2.0 ** 112)
_SIGN_AND_SHIFTED_MAGNITUDE = np.int32(0x8FFF_E000 - (1 << 32))
_HALF_EXPONENT = np.int16(0x7C00)
_ABS = np.uint32(0x7FFF_FFFF)
_INF_BITS = np.uint32(0x7F80_0000)
_HALF_SUBNORMAL_BELOW = np.uint32(113 << 23)     # 2^-14: below it a half is subnormal or zero
_HALF_OVERFLOW_FROM = np.uint32(143 << 23)       # 2^16: from it the half is Inf (or NaN)
_REBIAS_AND_ROUND = np.uint32((((15 - 127) << 23) + 0xFFF) & 0xFFFF_FFFF)
_SUBNORMAL_MAGIC = np.uint32(((127 - 15) + (23 - 10) + 1) << 23)


def widen_half(values: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """float16 -> float32, exact (NaN payloads as numpy's cast), optionally into `out`.

    Sign-extending the half's bits to 32 and shifting them up 13 places leaves a float32 with the
    half's sign, its exponent and mantissa in place, and value * 2^-112 (subnormals included), so one
    exact multiply by 2^112 widens it; Inf and NaN then get the all-ones exponent.
    """
    bits = np.ascontiguousarray(values, dtype=np.float16).view(np.int16)
    out = np.empty(bits.shape, np.float32) if out is None else out.reshape(bits.shape)
    wide = scratch("half.wide", bits.shape, np.int32)
    np.copyto(wide, bits)
    wide <<= 13
    wide &= _SIGN_AND_SHIFTED_MAGNITUDE
    np.multiply(wide.view(np.float32), _WIDEN_SCALE, out=out)
    if bits.size and np.bitwise_and(bits, _HALF_EXPONENT).max() == _HALF_EXPONENT:
        special = np.bitwise_and(bits, _HALF_EXPONENT) == _HALF_EXPONENT
        out.view(np.uint32)[special] = wide.view(np.uint32)[special] | _INF_BITS
    return out


def narrow_to_half(values: np.ndarray) -> np.ndarray | None:
    """float32 -> float16, round to nearest even, overflow to Inf; None if any value is NaN.

    Integer form of RNE (F. Giesen's float_to_half_fast3_rtne): for normal halves, re-bias the
    exponent and add 0xFFF plus the kept mantissa's lowest bit before dropping 13 bits; for
    subnormal halves, let a float32 addition of a magic constant do the rounding.
    """
    bits = np.ascontiguousarray(values, dtype=np.float32).view(np.uint32)
    if bits.size == 0:
        return np.zeros(bits.shape, np.float16)
    magnitude = np.bitwise_and(bits, _ABS, out=scratch("half.magnitude", bits.shape, np.uint32))
    out = np.right_shift(magnitude, 13, out=scratch("half.out", bits.shape, np.uint32))
    out &= 1
    out += magnitude
    out += _REBIAS_AND_ROUND
    out >>= 13
    if magnitude.max() >= _HALF_OVERFLOW_FROM:
        flags = magnitude >= _HALF_OVERFLOW_FROM
        if np.any(magnitude[flags] > _INF_BITS):
            return None
        out[flags] = 0x7C00
    if magnitude.min() < _HALF_SUBNORMAL_BELOW:
        flat_magnitude, flat_out = magnitude.reshape(-1), out.reshape(-1)
        tiny = np.flatnonzero(flat_magnitude < _HALF_SUBNORMAL_BELOW)   # indices: cheaper than a boolean mask
        rounded = flat_magnitude[tiny].view(np.float32) + _SUBNORMAL_MAGIC.view(np.float32)
        flat_out[tiny] = rounded.view(np.uint32) - _SUBNORMAL_MAGIC
    sign = np.right_shift(bits, 16, out=magnitude)
    sign &= 0x8000
    out |= sign
    return out.astype(np.uint16).view(np.float16)


def relu_half(values: np.ndarray) -> np.ndarray:
    """max(x, 0) for float16 as DXIL FMax (IEEE maxNum): NaN and every x <= 0 give +0."""
    bits = np.maximum(np.ascontiguousarray(values, dtype=np.float16).view(np.int16), np.int16(0))
    if bits.size and bits.max() > 0x7C00:   # positive NaNs
        bits[bits > 0x7C00] = 0
    return bits.view(np.float16)
