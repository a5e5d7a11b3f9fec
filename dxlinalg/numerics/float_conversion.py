"""Rounding exact values to the float component types (FP32, FP16, FP8 E4M3FN, FP8 E5M2).

hlsl-specs 0029 ("Conversion Rules") makes float -> float "implementation dependent, as accurate
as possible" and int -> float round-to-nearest-even. We always round once, to nearest, ties to
even; everything else an implementation may choose differently (what happens past the FP8 range,
which NaN comes out, the sign of zero) is a named field of `FloatConversionSettings`.
docs/float-conversion.md gives the evidence for each field and for `NVIDIA_H100_FLOAT_SETTINGS`.

The fast path is numpy/ml_dtypes casts followed by vectorized fix-ups on the result bits.
tests/oracle/float_formats.py is the slow definition it is tested against.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache

import ml_dtypes
import numpy as np

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.component_types import ComponentType, as_component_type, type_info
from dxlinalg.numerics.lookup import lookup


class Fp8Overflow(StrEnum):
    """What an FP8 destination gets for ±Inf and for values whose rounded magnitude is past max finite."""

    #: ±max finite (E4M3 ±448, E5M2 ±57344), sign kept; NaN stays NaN.
    SATURATE = "saturate"
    #: E4M3 (no infinity): a NaN, see `E4m3OverflowNan`; E5M2: ±Inf.
    NAN_OR_INF = "nan_or_inf"


class E4m3OverflowNan(StrEnum):
    """Which NaN byte E4M3 gets for ±Inf and out-of-range values under `Fp8Overflow.NAN_OR_INF`."""

    #: S.1111.111 with the sign of the input (ml_dtypes' cast).
    SIGNED = "signed"
    #: 0x7F whatever the sign.
    POSITIVE = "positive"
    #: What a bit-level encoder with an unchecked top binade does (Vulkan CTS `setDataFloat`,
    #: NVIDIA's driver): a magnitude that rounds to 480 lands on the bits S.1111.111, which are
    #: E4M3FN's NaN, sign kept; rounding to 512 or more (exponent overflow) and ±Inf give 0x7F.
    SIGNED_ONLY_AT_480 = "signed_only_at_480"


class NanPayload(StrEnum):
    """The mantissa of a NaN that a conversion produces (E4M3FN has one NaN mantissa, 111)."""

    #: Only the quiet bit: FP32 0x7FC00000, FP16 0x7E00, E5M2 0x7E (the IEEE 754 default NaN).
    QUIET = "quiet"
    #: Every mantissa bit set: FP32 0x7FFFFFFF, FP16 0x7FFF, E5M2 0x7F.
    ALL_ONES = "all_ones"


class ZeroSign(StrEnum):
    """Sign of a zero produced by rounding a nonzero negative value to zero."""

    #: IEEE 754: the sign of the exact value, so -tiny -> -0.
    KEEP = "keep"
    #: Always +0.
    POSITIVE = "positive"


@dataclass(frozen=True)
class FloatConversionSettings:
    """Every implementation-dependent choice in rounding to a float type; the defaults are IEEE 754's.

    Rounding is always to nearest, ties to even, with gradual underflow (subnormal results are
    kept). A conversion whose source type equals its destination type is a bit copy whatever
    these settings say (NaN payloads and -0 included), as it is on NVIDIA's driver.
    """

    #: Range overflow and ±Inf into FP8.
    fp8_overflow: Fp8Overflow = Fp8Overflow.SATURATE
    #: The E4M3 NaN for ±Inf and overflow when `fp8_overflow` is NAN_OR_INF.
    e4m3_overflow_nan: E4m3OverflowNan = E4m3OverflowNan.SIGNED
    #: Mantissa of NaNs converted from NaN inputs.
    nan_payload: NanPayload = NanPayload.QUIET
    #: Destinations whose NaNs (from NaN inputs) always have sign 0; elsewhere the input's sign is kept.
    nan_sign_cleared_in: frozenset[ComponentType] = frozenset()
    #: Source types whose -0 becomes +0 when converted to another type.
    negative_zero_to_positive_from: frozenset[ComponentType] = frozenset()
    #: Sign of zero when a nonzero negative value underflows.
    negative_underflow: ZeroSign = ZeroSign.KEEP


#: Reproduces every float-to-float dump of NVIDIA's driver (H100, 580.159, vkConvertCooperativeVectorMatrixNV)
#: bit for bit; see docs/float-conversion.md. It behaves as "decode the source to FP32 (-0 -> +0,
#: NaN -> ±0x7FFFFFFF), then encode bit by bit (NaN -> positive all-ones NaN)", as the CTS host code does.
NVIDIA_H100_FLOAT_SETTINGS = FloatConversionSettings(
    fp8_overflow=Fp8Overflow.NAN_OR_INF,
    e4m3_overflow_nan=E4m3OverflowNan.SIGNED_ONLY_AT_480,
    nan_payload=NanPayload.ALL_ONES,
    nan_sign_cleared_in=frozenset({ComponentType.F16, ComponentType.F8_E4M3, ComponentType.F8_E5M2}),
    negative_zero_to_positive_from=frozenset({ComponentType.F16, ComponentType.F8_E4M3, ComponentType.F8_E5M2}),
    negative_underflow=ZeroSign.KEEP,
)

_FLOAT_DESTINATIONS: frozenset[ComponentType] = frozenset({
    ComponentType.F16, ComponentType.F32, ComponentType.F8_E4M3, ComponentType.F8_E5M2,
})
_FLOAT_SOURCES = frozenset({
    ComponentType.F16, ComponentType.F32, ComponentType.F64, ComponentType.F8_E4M3, ComponentType.F8_E5M2,
})
_INTEGER_SOURCES = frozenset({
    ComponentType.I8, ComponentType.U8, ComponentType.I16, ComponentType.U16, ComponentType.I32, ComponentType.U32,
})
_FP8 = frozenset({ComponentType.F8_E4M3, ComponentType.F8_E5M2})
_E4M3 = np.dtype(ml_dtypes.float8_e4m3fn)
_E5M2 = np.dtype(ml_dtypes.float8_e5m2)


@dataclass(frozen=True)
class _Encoding:
    """Bit facts of a destination format that the fix-ups write directly."""

    uint: type[np.unsignedinteger]
    sign: int
    exponent_mask: int
    mantissa_bits: int
    max_finite: int
    has_inf: bool = True

    @property
    def nan_quiet(self) -> int:
        """E4M3FN (no Inf) has a single NaN mantissa, all ones."""
        if not self.has_inf:
            return self.nan_all_ones
        return self.exponent_mask | (1 << (self.mantissa_bits - 1))

    @property
    def nan_all_ones(self) -> int:
        return self.exponent_mask | ((1 << self.mantissa_bits) - 1)


_ENCODINGS: dict[ComponentType, _Encoding] = {
    ComponentType.F32: _Encoding(np.uint32, 0x8000_0000, 0x7F80_0000, 23, 0x7F7F_FFFF),
    ComponentType.F16: _Encoding(np.uint16, 0x8000, 0x7C00, 10, 0x7BFF),
    ComponentType.F8_E4M3: _Encoding(np.uint8, 0x80, 0x78, 3, 0x7E, has_inf=False),
    ComponentType.F8_E5M2: _Encoding(np.uint8, 0x80, 0x7C, 2, 0x7B),
}

#: E4M3FN's NaN bits S.1111.111 read as a plain binary float are 480; with RNE a magnitude lands
#: there when it is above 464 (the 448/480 midpoint, which ties to even 448) and below 496
#: (the 480/512 midpoint, which ties to even 512).
_E4M3_NAN_CODE_UPPER_MIDPOINT = 496.0


def round_to_float(values: np.ndarray, destination: ComponentType, settings: FloatConversionSettings,
                   *, source: ComponentType) -> np.ndarray:
    """Round exact `values` of type `source` to `destination` (F16, F32, F8_E4M3, F8_E5M2), once, RNE.

    `values` is a float16/float32/float64/ml_dtypes FP8 array holding values of `source` exactly;
    for an integer `source` (I8..U32) it is float64 or an integer array. Returns an array of
    `type_info(destination).dtype` with the same shape. Raises InvalidArgumentError for other
    types and for values that `source` cannot hold.
    """
    destination = as_component_type(destination, "destination")
    source = as_component_type(source, "source")
    if destination not in _FLOAT_DESTINATIONS:
        raise InvalidArgumentError(
            f"destination = {destination.name} is not a float type to round to "
            f"(valid: F16, F32, F8_E4M3, F8_E5M2)")
    x = np.asarray(values)
    if source in _FP8 and source != destination and x.dtype == type_info(source).dtype:
        table = _fp8_conversion_table(source, destination, settings)
        return lookup(table, np.ascontiguousarray(x).view(np.uint8)).view(type_info(destination).dtype)  # bits
    return _round_by_casts(x, destination, settings, source)


def _round_by_casts(x: np.ndarray, destination: ComponentType, settings: FloatConversionSettings,
                    source: ComponentType) -> np.ndarray:
    """round_to_float's general path: a numpy/ml_dtypes cast, then the settings' fix-ups on the result bits."""
    exact = _exact_values(x, source)
    dst_dtype = type_info(destination).dtype
    if source == destination:
        return x.astype(dst_dtype)          # a bit copy when x already has the destination's dtype
    enc = _ENCODINGS[destination]
    with np.errstate(over="ignore", invalid="ignore"):
        rounded = _round_nearest_even(exact, destination)
    bits = np.ascontiguousarray(rounded).view(enc.uint).reshape(-1)
    # Only negative zeros, NaNs and infinities (the casts' overflow results) can need a setting
    # applied (a +0 result comes from a +0 or a positive underflow, which every setting keeps);
    # find them on the narrow result bits and fix just those elements.
    special = enc.uint(0x7F) if destination == ComponentType.F8_E4M3 else enc.uint(enc.exponent_mask)
    candidates = np.flatnonzero((bits == enc.uint(enc.sign)) | ((bits & special) == special))
    if candidates.size:
        bits[candidates] = _apply_settings(bits[candidates], exact.reshape(-1)[candidates], destination,
                                           source, settings)
    return bits.view(dst_dtype).reshape(x.shape)


def _apply_settings(bits: np.ndarray, exact: np.ndarray, destination: ComponentType, source: ComponentType,
                    settings: FloatConversionSettings) -> np.ndarray:
    """Rewrite the cast's results for zeros, NaNs, ±Inf and FP8 overflow as the settings say."""
    enc = _ENCODINGS[destination]
    negative = np.signbit(exact)
    sign = np.where(negative, enc.uint(enc.sign), enc.uint(0))
    is_nan = np.isnan(exact)
    if destination in _FP8:
        _fix_fp8_overflow(bits, exact, is_nan, sign, destination, settings)
    payload = enc.uint(enc.nan_all_ones if settings.nan_payload is NanPayload.ALL_ONES else enc.nan_quiet)
    nan_sign = enc.uint(0) if destination in settings.nan_sign_cleared_in else sign
    np.copyto(bits, payload | nan_sign, where=is_nan)
    _fix_zero_signs(bits, exact, negative, enc, source, settings)
    return bits


def store_fp8_as_f16(fp8_values: np.ndarray, settings: FloatConversionSettings) -> np.ndarray:
    """The FP16 an implementation stores for FP8 matrix elements it emulates with FP16 storage.

    0029 lets FP8 be emulated through FP16, and NVIDIA's optimal layouts do exactly that: each
    element is the FP8-rounded value widened to FP16 by the same conversion as FP8 -> F16, so
    with NVIDIA_H100_FLOAT_SETTINGS they hold only +0 and the NaN 0x7FFF.
    """
    x = np.asarray(fp8_values)
    for fp8 in _FP8:
        if x.dtype == type_info(fp8).dtype:
            return round_to_float(x, ComponentType.F16, settings, source=fp8)
    raise InvalidArgumentError(f"fp8_values have dtype {x.dtype}; expected float8_e4m3fn or float8_e5m2")


def _exact_values(x: np.ndarray, source: ComponentType) -> np.ndarray:
    """The values as float16/float32/float64, after checking that `source` holds every one exactly."""
    if source in _INTEGER_SOURCES:
        info = type_info(source)
        if x.dtype.kind in "iu" and x.dtype.itemsize <= 4:
            wide = x.astype(np.float64)
        elif x.dtype == np.float64:
            wide = x
        else:
            raise InvalidArgumentError(
                f"values for integer source {source.name} must be float64 or an integer array of at most "
                f"32 bits, not {x.dtype}")
        bounds = np.iinfo(info.dtype)
        if not np.all((wide == np.round(wide)) & (wide >= bounds.min) & (wide <= bounds.max)):
            raise InvalidArgumentError(f"values are not all {source.name} integers in [{bounds.min}, {bounds.max}]")
        return wide
    if source not in _FLOAT_SOURCES:
        raise InvalidArgumentError(
            f"source = {source.name} is not a type converted to float (packed interpretations are "
            f"bitcasts; valid: F16, F32, F64, F8_E4M3, F8_E5M2, I8, U8, I16, U16, I32, U32)")
    wide = widen_fp8(x) if x.dtype in (_E4M3, _E5M2) else x
    if wide.dtype not in (np.float16, np.float32, np.float64):
        raise InvalidArgumentError(f"values for source {source.name} must be a float array, not {x.dtype}")
    src_dtype = type_info(source).dtype
    if x.dtype != src_dtype:
        with np.errstate(over="ignore", invalid="ignore"):
            back = x.astype(src_dtype).astype(wide.dtype)
        if not np.array_equal(back, wide, equal_nan=True):
            raise InvalidArgumentError(f"values of dtype {x.dtype} are not all exactly {source.name} values")
    return wide


def _round_nearest_even(exact: np.ndarray, destination: ComponentType) -> np.ndarray:
    """One RNE rounding by cast; ml_dtypes goes float64 -> float32 -> FP8, so float64 first rounds to odd."""
    dtype = type_info(destination).dtype
    if destination in _FP8 and exact.dtype == np.float64:
        return round_to_odd_float32(exact).astype(dtype)
    if destination in _FP8 and exact.dtype == np.float16:
        return lookup(_half_to_fp8_table(destination), exact.view(np.uint16)).view(dtype)
    return exact.astype(dtype)


def widen_fp8(values: np.ndarray) -> np.ndarray:
    """FP8 (ml_dtypes) values as float32, exactly: ml_dtypes' cast, looked up in a 256-entry table."""
    source = ComponentType.F8_E4M3 if values.dtype == _E4M3 else ComponentType.F8_E5M2
    return lookup(_fp8_to_float32_table(source), np.ascontiguousarray(values).view(np.uint8))


# ml_dtypes' FP8 casts are scalar loops (5-10 ns an element), which dominate FP8 shaders; a cast
# from a 16- or 8-bit type is a lookup in a table of that very cast over every bit pattern.
@cache
def _half_to_fp8_table(destination: ComponentType) -> np.ndarray:
    """ml_dtypes' float16 -> FP8 cast of every half bit pattern, as FP8 bits."""
    halves = np.arange(1 << 16, dtype=np.uint32).astype(np.uint16).view(np.float16)
    with np.errstate(over="ignore", invalid="ignore"):
        table = halves.astype(type_info(destination).dtype).view(np.uint8)
    table.flags.writeable = False
    return table


@cache
def _fp8_to_float32_table(source: ComponentType) -> np.ndarray:
    """ml_dtypes' FP8 -> float32 cast of every FP8 bit pattern."""
    table = np.arange(1 << 8, dtype=np.uint16).astype(np.uint8).view(type_info(source).dtype).astype(np.float32)
    table.flags.writeable = False
    return table


@cache
def _fp8_conversion_table(source: ComponentType, destination: ComponentType,
                          settings: FloatConversionSettings) -> np.ndarray:
    """The general path's result for every FP8 bit pattern, as destination bits.

    An FP8 array then converts by one lookup into its result, with no float32 widening and no
    fix-up temporaries (those took 12 bytes per element for FP8 -> FP16).
    """
    every = np.arange(1 << 8, dtype=np.uint16).astype(np.uint8).view(type_info(source).dtype)
    with np.errstate(over="ignore", invalid="ignore"):
        table = np.ascontiguousarray(_round_by_casts(every, destination, settings, source))
    table = table.view(_ENCODINGS[destination].uint)
    table.flags.writeable = False
    return table


def round_to_odd_float32(x: np.ndarray) -> np.ndarray:
    """float64 -> float32 rounding to odd: truncate, then set the last bit if anything was cut off.

    The set bit is a sticky bit: a later RNE to at most 22 bits (FP8 needs 4) is then the correct
    single rounding of `x` (Boldo & Melquiond, "Emulation of FMA and correctly rounded sums:
    proved algorithms using rounding to odd", 2008). Values past float32's range become ±max float32.
    """
    nearest = x.astype(np.float32)
    back = nearest.astype(np.float64)
    inexact = (back != x) & ~np.isnan(x)
    rounded_away = inexact & (np.abs(back) > np.abs(x))
    truncated = nearest.view(np.uint32) - rounded_away.astype(np.uint32)
    return (truncated | inexact.astype(np.uint32)).view(np.float32)


def _fix_fp8_overflow(bits: np.ndarray, exact: np.ndarray, is_nan: np.ndarray, sign: np.ndarray,
                      destination: ComponentType, settings: FloatConversionSettings) -> None:
    """Rewrite ±Inf inputs and out-of-range results, which the casts turn into ±NaN (E4M3) or ±Inf (E5M2)."""
    enc = _ENCODINGS[destination]
    special = enc.uint(0x7F) if destination == ComponentType.F8_E4M3 else enc.uint(enc.exponent_mask)
    past_range = ((bits & special) == special) & ~is_nan
    if settings.fp8_overflow is Fp8Overflow.SATURATE:
        np.copyto(bits, enc.uint(enc.max_finite) | sign, where=past_range)
    elif destination == ComponentType.F8_E4M3:
        policy = settings.e4m3_overflow_nan
        if policy is E4m3OverflowNan.SIGNED:
            nan_sign = sign
        elif policy is E4m3OverflowNan.POSITIVE:
            nan_sign = enc.uint(0)
        else:
            nan_sign = np.where(np.abs(exact) < _E4M3_NAN_CODE_UPPER_MIDPOINT, sign, enc.uint(0))
        np.copyto(bits, enc.uint(0x7F) | nan_sign, where=past_range)


def _fix_zero_signs(bits: np.ndarray, exact: np.ndarray, negative: np.ndarray, enc: _Encoding,
                    source: ComponentType, settings: FloatConversionSettings) -> None:
    """Apply the settings' zero signs: -0 inputs from listed sources, and negative underflow."""
    clear = np.zeros(bits.shape, dtype=bool)
    if source in settings.negative_zero_to_positive_from:
        clear |= (exact == 0) & negative
    if settings.negative_underflow is ZeroSign.POSITIVE:
        clear |= (bits == enc.sign) & (exact != 0)
    np.copyto(bits, enc.uint(0), where=clear)
