"""float16 lane arrays at float32 speed: exact widening, round-to-nearest-even narrowing, ReLU.

numpy's float16 casts and arithmetic loops are scalar code (a few ns per element, tens of ns for
subnormals), which would dominate FP16 shaders. These do the same conversions with integer and
exact float32 operations over whole arrays (temporaries in `scratch`; no gathers, and one path
for normal and subnormal halves); each is bit-identical to numpy's cast (tests compare them over
every float16 and over all float32 rounding boundaries).
"""

from __future__ import annotations

import time
from functools import cache

import numpy as np

from dxlinalg.gpu.scratch import scratch

_WIDEN_SCALE = np.float32(2.0 ** 112)
_SIGN_AND_SHIFTED_MAGNITUDE = np.int32(0x8FFF_E000 - (1 << 32))
_HALF_EXPONENT = np.int16(0x7C00)
_NEGATIVE_HALF_INF = np.uint16(0xFC00)
_ABS = np.uint32(0x7FFF_FFFF)
_EXPONENT = np.uint32(0x7F80_0000)
_INF_BITS = np.uint32(0x7F80_0000)
_HALF_NORMAL_FROM = np.uint32(113 << 23)         # 2^-14: below it a half is subnormal or zero
_HALF_OVERFLOW_FROM = np.uint32(143 << 23)       # 2^16: from it the half is Inf
_MAGIC_ABOVE_EXPONENT = np.uint32((13 << 23) + 0x800)
_HALF_SIGN = np.uint32(0x8000)

_FILLED: dict[tuple[str, int], np.ndarray] = {}


def _filled(value: np.integer, count: int) -> np.ndarray:
    """`count` copies of `value` (read-only, cached): np.maximum with a scalar operand runs a slow
    broadcast loop here, with a same-shaped array a vectorized one."""
    key = (value.dtype.str, int(value))
    array = _FILLED.get(key)
    if array is None or array.size < count:
        array = np.full(max(count, 1024), value)
        array.flags.writeable = False
        _FILLED[key] = array
    return array[:count]


def widen_half(values: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """float16 -> float32, exact (NaN payloads as numpy's cast), optionally into `out`.

    Sign-extending the half's bits to 32 and shifting them up 13 places leaves a float32 with the
    half's sign, its exponent and mantissa in place, and value * 2^-112 (subnormals included), so one
    exact multiply by 2^112 widens it; Inf and NaN then get the all-ones exponent. Half subnormals
    make that multiply's operand a float32 subnormal, which some CPUs (Intel's) handle in microcode
    at ~100 times the cost: there, a lookup in a table of numpy's own cast of every half is used.
    """
    bits = np.ascontiguousarray(values, dtype=np.float16).view(np.int16)
    out = np.empty(bits.shape, np.float32) if out is None else out.reshape(bits.shape)
    if subnormal_arithmetic_is_slow():
        return np.take(_half_to_float32_table(), bits.view(np.uint16), out=out)
    wide = scratch("half.wide", bits.shape, np.int32)
    np.copyto(wide, bits)
    wide <<= 13
    wide &= _SIGN_AND_SHIFTED_MAGNITUDE
    np.multiply(wide.view(np.float32), _WIDEN_SCALE, out=out)
    if bits.size and _has_inf_or_nan(bits):
        special = np.bitwise_and(bits, _HALF_EXPONENT) == _HALF_EXPONENT
        out.view(np.uint32)[special] = wide.view(np.uint32)[special] | _INF_BITS
    return out


@cache
def _half_to_float32_table() -> np.ndarray:
    """numpy's float16 -> float32 cast of every half bit pattern (256 KiB)."""
    table = np.arange(1 << 16, dtype=np.uint32).astype(np.uint16).view(np.float16).astype(np.float32)
    table.flags.writeable = False
    return table


@cache
def subnormal_arithmetic_is_slow() -> bool:
    """Whether this CPU multiplies float32 subnormals much more slowly than normal numbers
    (measured once: best of 5 multiplies of 64 Ki values, subnormal against normal)."""
    normal, subnormal = np.full(1 << 16, 1.5, np.float32), np.full(1 << 16, 1e-40, np.float32)
    result = np.empty_like(normal)

    def best(operand: np.ndarray) -> float:
        times = []
        for _ in range(5):
            start = time.perf_counter()
            np.multiply(operand, _WIDEN_SCALE, out=result)
            times.append(time.perf_counter() - start)
        return min(times)

    return best(subnormal) > SLOW_SUBNORMAL_FACTOR * best(normal)


SLOW_SUBNORMAL_FACTOR = 4.0


def _has_inf_or_nan(bits: np.ndarray) -> bool:
    """Two reductions and no temporary: as int16 every positive Inf or NaN is >= 0x7C00, and as
    uint16 every negative one is >= 0xFC00."""
    return bool(bits.max() >= _HALF_EXPONENT or bits.view(np.uint16).max() >= _NEGATIVE_HALF_INF)


def narrow_to_half(values: np.ndarray) -> np.ndarray | None:
    """float32 -> float16, round to nearest even, overflow to Inf; None if any value is NaN.

    One float32 addition rounds every value, normal or subnormal as a half: adding the magic
    2^(e+13) * (1 + 2^-12), e = max(exponent of |x|, -14), leaves |x| rounded (RNE) to the half's
    precision in the sum's low mantissa bits as 0x800 + k, k the half's significand (with the
    implicit bit), under the magic's exponent e + 140. Modulo 2^16, (sum >> 13) + sum is then
    ((e + 142) mod 64) << 10 + k = ((e + 14) << 10) + k, the half's bits (a carry from rounding up
    moves into the exponent: 2^16, and all that rounds to it, gives Inf's 0x7C00).
    """
    bits = np.ascontiguousarray(values, dtype=np.float32).view(np.uint32)
    if bits.size == 0:
        return np.zeros(bits.shape, np.float16)
    magnitude, magic = scratch("half.narrow", (2, *bits.shape), np.uint32)
    np.bitwise_and(bits, _ABS, out=magnitude)
    largest = magnitude.max()
    if largest > _INF_BITS:
        return None
    if largest >= _HALF_OVERFLOW_FROM:     # from 2^16 on (Inf too) the result is 2^16's, Inf
        np.minimum(magnitude, _HALF_OVERFLOW_FROM, out=magnitude)
    np.bitwise_and(magnitude, _EXPONENT, out=magic)
    np.maximum(magic, _filled(_HALF_NORMAL_FROM, bits.size).reshape(bits.shape), out=magic)
    magic += _MAGIC_ABOVE_EXPONENT
    np.add(magnitude.view(np.float32), magic.view(np.float32), out=magic.view(np.float32))
    out = np.right_shift(magic, 13, out=magnitude)
    out += magic
    sign = np.right_shift(bits, 16, out=magic)
    sign &= _HALF_SIGN
    out |= sign
    return out.astype(np.uint16).view(np.float16)


_ABS64 = np.uint64(0x7FFF_FFFF_FFFF_FFFF)
_EXPONENT64 = np.uint64(0x7FF0_0000_0000_0000)
_INF_BITS64 = np.uint64(0x7FF0_0000_0000_0000)
_HALF_NORMAL_FROM64 = np.uint64((1023 - 14) << 52)       # 2^-14
_HALF_OVERFLOW_FROM64 = np.uint64((1023 + 16) << 52)     # 2^16
_MAGIC_ABOVE_EXPONENT64 = np.uint64((42 << 52) + 37 * 1024)


def narrow_float64_to_half(values: np.ndarray) -> np.ndarray | None:
    """float64 -> float16 in one rounding (RNE, overflow to Inf); None if any value is NaN.

    `narrow_to_half`'s magic-number addition in float64: adding 2^(e+42) * (1 + 37 * 2^-42),
    e = max(exponent of |x|, -14), rounds |x| to the half quantum 2^(e-10) (the sum's quantum) and
    leaves 37 * 1024 + k in the sum's low bits, k the half's significand with its implicit bit,
    under the exponent field e + 1065. Modulo 2^16, (sum >> 42) + sum is then
    ((e + 1065 + 37) << 10) + k = ((e + 14) << 10) + k (1088 = 17 * 64), the half's bits; a carry
    moves into the exponent, and from 2^16 (clamped) it gives Inf's 0x7C00. Unlike a float32
    detour, nothing is rounded twice.
    """
    bits = np.ascontiguousarray(values, dtype=np.float64).view(np.uint64)
    if bits.size == 0:
        return np.zeros(bits.shape, np.float16)
    magnitude = np.bitwise_and(bits, _ABS64)
    largest = magnitude.max()
    if largest > _INF_BITS64:
        return None
    if largest >= _HALF_OVERFLOW_FROM64:
        np.minimum(magnitude, _HALF_OVERFLOW_FROM64, out=magnitude)
    magic = np.bitwise_and(magnitude, _EXPONENT64)
    np.maximum(magic, _HALF_NORMAL_FROM64, out=magic)
    magic += _MAGIC_ABOVE_EXPONENT64
    np.add(magnitude.view(np.float64), magic.view(np.float64), out=magic.view(np.float64))
    out = np.right_shift(magic, np.uint64(42), out=magnitude)
    out += magic
    sign = np.right_shift(bits, np.uint64(48), out=magic)
    sign &= np.uint64(0x8000)
    out |= sign
    return out.astype(np.uint16).view(np.float16)


def relu_half(values: np.ndarray) -> np.ndarray:
    """max(x, 0) for float16 as DXIL FMax (IEEE maxNum): NaN and every x <= 0 give +0.

    On the bits as int16 every negative value (negative NaNs and -0 included) is below +0.
    """
    bits = np.ascontiguousarray(values, dtype=np.float16).view(np.int16)
    out = np.maximum(bits, _filled(np.int16(0), bits.size).reshape(bits.shape))
    if out.size and out.max() > 0x7C00:   # positive NaNs
        out[out > 0x7C00] = 0
    return out.view(np.float16)
