"""float16 lane arrays at float32 speed: exact widening, round-to-nearest-even narrowing, ReLU.

numpy's float16 casts and arithmetic loops are scalar code (a few ns per element, tens of ns for
subnormals), which would dominate FP16 shaders. These do the same conversions with integer and
exact float32 operations over whole arrays (temporaries in `scratch`; no gathers, and one path
for normal and subnormal halves); each is bit-identical to numpy's cast (tests compare them over
every float16 and over all float32 rounding boundaries).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import numpy as np

from dxlinalg.gpu.scratch import scratch
from dxlinalg.numerics.lookup import lookup

_WIDEN_SCALE = np.float32(2.0 ** 112)
_SIGN_AND_SHIFTED_MAGNITUDE = np.int32(0x8FFF_E000 - (1 << 32))
_HALF_EXPONENT = np.int16(0x7C00)
_NEGATIVE_HALF_INF = np.uint16(0xFC00)
_INF_BITS = np.uint32(0x7F80_0000)
_HALF_SIGN = 0x8000

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
        return lookup(_half_to_float32_table(), bits.view(np.uint16), out=out)
    wide = scratch("half.wide", bits.shape, np.int32)
    np.copyto(wide, bits)
    wide <<= 13
    wide &= _SIGN_AND_SHIFTED_MAGNITUDE
    np.multiply(wide.view(np.float32), _WIDEN_SCALE, out=out)
    if bits.size and _has_inf_or_nan(bits):
        special = np.bitwise_and(bits, _HALF_EXPONENT) == _HALF_EXPONENT
        out.view(np.uint32)[special] = wide.view(np.uint32)[special] | _INF_BITS
    return out


def half_aware_astype(values: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """`values.astype(dtype)` (a new array), with halves widened to a float dtype by `widen_half`
    rather than numpy's scalar half cast (slow, and slower still on subnormals)."""
    dtype = np.dtype(dtype)
    if values.dtype == np.float16 and dtype.kind == "f":
        return widen_half(values).astype(dtype, copy=False)
    return values.astype(dtype)


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


@dataclass(frozen=True)
class _NarrowingMagic:
    """One source width's constants for the magic-number narrowing to half (see narrow_to_half)."""

    name: str
    float_type: type
    abs_mask: np.unsignedinteger
    exponent_mask: np.unsignedinteger    # also the bits of +Inf: anything above is a NaN
    normal_from: np.unsignedinteger      # 2^-14, where halves stop being subnormal
    overflow_from: np.unsignedinteger    # 2^16, from where the half is Inf
    magic_above_exponent: np.unsignedinteger
    shift: np.unsignedinteger            # mantissa bits - 10: drops the sum's mantissa below the half's
    sign_shift: np.unsignedinteger       # moves the sign bit to bit 15


_FROM_FLOAT32 = _NarrowingMagic(
    "float32", np.float32, np.uint32(0x7FFF_FFFF), np.uint32(0x7F80_0000), np.uint32(113 << 23),
    np.uint32(143 << 23), np.uint32((13 << 23) + 0x800), np.uint32(13), np.uint32(16))
_FROM_FLOAT64 = _NarrowingMagic(
    "float64", np.float64, np.uint64(0x7FFF_FFFF_FFFF_FFFF), np.uint64(0x7FF0_0000_0000_0000),
    np.uint64((1023 - 14) << 52), np.uint64((1023 + 16) << 52), np.uint64((42 << 52) + 37 * 1024),
    np.uint64(42), np.uint64(48))


def narrow_to_half(values: np.ndarray) -> np.ndarray | None:
    """float32 -> float16, round to nearest even, overflow to Inf; None if any value is NaN.

    One float32 addition rounds every value, normal or subnormal as a half: adding the magic
    2^(e+13) * (1 + 2^-12), e = max(exponent of |x|, -14), leaves |x| rounded (RNE) to the half's
    precision in the sum's low mantissa bits as 0x800 + k, k the half's significand (with the
    implicit bit), under the magic's exponent e + 140. Modulo 2^16, (sum >> 13) + sum is then
    ((e + 142) mod 64) << 10 + k = ((e + 14) << 10) + k, the half's bits (a carry from rounding up
    moves into the exponent: 2^16, and all that rounds to it, gives Inf's 0x7C00).
    """
    return _narrow(values, _FROM_FLOAT32)


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
    return _narrow(values, _FROM_FLOAT64)


def _narrow(values: np.ndarray, magic_of: _NarrowingMagic) -> np.ndarray | None:
    """The magic-number narrowing of either docstring above, on `magic_of`'s width."""
    bits = np.ascontiguousarray(values, dtype=magic_of.float_type)
    bits = bits.view(magic_of.abs_mask.dtype)
    if bits.size == 0:
        return np.zeros(bits.shape, np.float16)
    magnitude, magic = scratch(f"half.narrow.{magic_of.name}", (2, *bits.shape), bits.dtype)
    np.bitwise_and(bits, magic_of.abs_mask, out=magnitude)
    largest = magnitude.max()
    if largest > magic_of.exponent_mask:
        return None
    if largest >= magic_of.overflow_from:     # from 2^16 on (Inf too) the result is 2^16's, Inf
        np.minimum(magnitude, magic_of.overflow_from, out=magnitude)
    _clamped_binade(magnitude, magic_of, out=magic)
    magic += magic_of.magic_above_exponent
    as_float = magic_of.float_type
    np.add(magnitude.view(as_float), magic.view(as_float), out=magic.view(as_float))
    out = np.right_shift(magic, magic_of.shift, out=magnitude)
    out += magic
    sign = np.right_shift(bits, magic_of.sign_shift, out=magic)
    sign &= bits.dtype.type(_HALF_SIGN)
    out |= sign
    return out.astype(np.uint16).view(np.float16)


def _clamped_binade(bits: np.ndarray, magic_of: _NarrowingMagic, out: np.ndarray) -> None:
    """`out` = the bits of 2^max(e, -14), e the exponent of each value whose bits are `bits`: the
    binade whose half quantum a magic-number rounding needs (half subnormals share 2^-14's)."""
    np.bitwise_and(bits, magic_of.exponent_mask, out=out)
    np.maximum(out, _filled(magic_of.normal_from, bits.size).reshape(bits.shape), out=out)


def float64_to_half_values(values: np.ndarray) -> np.ndarray | None:
    """float64 -> the nearest half (RNE, signed zeros and underflow signs as the IEEE cast), held
    exactly in float32; None when a value is NaN or rounds to Inf (|x| >= 65520). The same rounding
    as `narrow_float64_to_half` for callers that go on computing in float32 (the atomic chain):
    no bit assembly, and no widening back.

    |x| is rounded to the half quantum 2^(e - 10), e = max(exponent of x, -14), as (x + M) - M with
    M = 1.5 * 2^(e + 42) in float64 (the sum's quantum is that quantum, M an even multiple of it, so
    ties go to even, and the subtraction is exact); that is right for every nonzero result, and the
    zeros (all +0 from the subtraction) then take x's sign.
    """
    source = np.ascontiguousarray(values, dtype=np.float64)
    if source.size == 0:
        return np.zeros(source.shape, np.float32)
    if not (source.max() < _HALF_ROUNDS_TO_INF and source.min() > -_HALF_ROUNDS_TO_INF):   # False for NaN too
        return None
    magic = scratch("half.float64_magic", source.shape, np.uint64)
    _clamped_binade(source.view(np.uint64), _FROM_FLOAT64, out=magic)
    magic += _FLOAT64_ONE_AND_A_HALF_ABOVE_EXPONENT
    rounded = scratch("half.float64_rounded", source.shape, np.float64)
    np.add(source, magic.view(np.float64), out=rounded)
    rounded -= magic.view(np.float64)
    out = rounded.astype(np.float32)
    zeros = np.flatnonzero(out == 0)           # +0 so far; -0 where x is negative (or -0)
    if zeros.size:
        flat = out.reshape(-1)
        flat[zeros] = np.copysign(flat[zeros], source.reshape(-1)[zeros])
    return out


_HALF_ROUNDS_TO_INF = 65520.0          # 65504 + half its quantum: from here RNE gives Inf
_FLOAT64_ONE_AND_A_HALF_ABOVE_EXPONENT = np.uint64((42 << 52) + (1 << 51))   # 2^e -> 1.5 * 2^(e + 42)


def half_grid_rounder(values: np.ndarray) -> Callable[[], None]:
    """A function that rounds the float32 array `values` in place to the nearest half value (RNE),
    keeping it float32, for values on the half grid's finest step: multiples of 2^-24 below 2^16 in
    magnitude (every sum of two halves, which is what the atomic chain rounds); zeros come out +0.
    Its buffers and views are made once, for loops that round the same row after every update.

    x is rounded to the half quantum 2^(e - 10), e the exponent of x, as (x + M) - M with
    M = 1.5 * 2^(e + 13): the float32 sum's quantum is that very quantum, M is an even multiple of
    it (ties stay even), and the subtraction is exact. Below 2^-14 (half subnormals) that quantum
    is finer than the half's 2^-24, but x, a multiple of 2^-24, is then a multiple of it and
    stays as it is, which is right: it is a half. So no clamp of e at -14 is needed.
    """
    bits = values.view(np.uint32)
    magic = np.empty(values.shape, np.uint32)
    magic_value = magic.view(np.float32)

    def round_in_place() -> None:
        np.bitwise_and(bits, _FROM_FLOAT32.exponent_mask, out=magic)
        np.add(magic, _MAGIC_ONE_AND_A_HALF_ABOVE_EXPONENT, out=magic)
        np.add(values, magic_value, out=values)
        np.subtract(values, magic_value, out=values)

    return round_in_place


_MAGIC_ONE_AND_A_HALF_ABOVE_EXPONENT = np.uint32((13 << 23) + 0x40_0000)   # exponent of x -> 1.5 * 2^(e + 13)


def relu_half(values: np.ndarray) -> np.ndarray:
    """max(x, 0) for float16 as DXIL FMax (IEEE maxNum): NaN and every x <= 0 give +0.

    On the bits as int16 every negative value (negative NaNs and -0 included) is below +0.
    """
    bits = np.ascontiguousarray(values, dtype=np.float16).view(np.int16)
    out = np.maximum(bits, _filled(np.int16(0), bits.size).reshape(bits.shape))
    if out.size and out.max() > 0x7C00:   # positive NaNs
        out[out > 0x7C00] = 0
    return out.view(np.float16)
