"""Binary float formats from first principles: the slow, literal definition of float rounding.

A format is five numbers (exponent bits, mantissa bits, bias, whether it has infinities, and so
where its NaNs are). A value is exact: a sign and a dyadic rational `significand * 2**exponent`
in Python ints. Rounding to nearest, ties to even, is done on the integer significand with the
remainder compared against half by hand. No numpy or ml_dtypes cast is used for any rounding,
so this can judge dxlinalg.numerics.float_conversion, which uses those casts.

The implementation choices come in as a `FloatConversionSettings`; each field is read here
literally, one `if` per choice, per element.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from dxlinalg.numerics.component_types import ComponentType
from dxlinalg.numerics.float_conversion import (
    E4m3OverflowNan,
    FloatConversionSettings,
    Fp8Overflow,
    NanPayload,
    ZeroSign,
)


@dataclass(frozen=True)
class FloatFormat:
    """A sign bit, `exponent_bits` biased exponent, `mantissa_bits` fraction with hidden bit.

    `has_inf` True: IEEE 754 specials (all-ones exponent: zero mantissa is ±Inf, else NaN).
    `has_inf` False ("FN", finite and NaN only): the all-ones exponent holds ordinary numbers,
    except all-ones exponent with all-ones mantissa, the only NaN.
    """

    name: str
    exponent_bits: int
    mantissa_bits: int
    bias: int
    has_inf: bool

    @property
    def width(self) -> int:
        return 1 + self.exponent_bits + self.mantissa_bits

    @property
    def sign_bit(self) -> int:
        return 1 << (self.exponent_bits + self.mantissa_bits)

    @property
    def exponent_all_ones(self) -> int:
        return (1 << self.exponent_bits) - 1

    @property
    def min_exponent(self) -> int:
        """Unbiased exponent of the smallest normal number (subnormals share it)."""
        return 1 - self.bias

    @property
    def max_exponent(self) -> int:
        top = self.exponent_all_ones - 1 if self.has_inf else self.exponent_all_ones
        return top - self.bias

    @property
    def max_significand(self) -> int:
        """Largest significand (hidden bit included) at max_exponent."""
        full = (1 << (self.mantissa_bits + 1)) - 1
        return full if self.has_inf else full - 1

    def is_nan(self, bits: int) -> bool:
        exponent = (bits >> self.mantissa_bits) & self.exponent_all_ones
        mantissa = bits & ((1 << self.mantissa_bits) - 1)
        if self.has_inf:
            return exponent == self.exponent_all_ones and mantissa != 0
        return exponent == self.exponent_all_ones and mantissa == (1 << self.mantissa_bits) - 1


FP32 = FloatFormat("float32", 8, 23, 127, True)
FP16 = FloatFormat("float16", 5, 10, 15, True)
FP64 = FloatFormat("float64", 11, 52, 1023, True)
E4M3 = FloatFormat("float8_e4m3fn", 4, 3, 7, False)
E5M2 = FloatFormat("float8_e5m2", 5, 2, 15, True)

FORMATS: dict[ComponentType, FloatFormat] = {
    ComponentType.F32: FP32,
    ComponentType.F16: FP16,
    ComponentType.F64: FP64,
    ComponentType.F8_E4M3: E4M3,
    ComponentType.F8_E5M2: E5M2,
}


@dataclass(frozen=True)
class Exact:
    """(-1)**sign * significand * 2**exponent, or ±Inf, or NaN (with a sign bit)."""

    kind: Literal["finite", "inf", "nan"]
    sign: int
    significand: int = 0
    exponent: int = 0


def decode(bits: int, fmt: FloatFormat) -> Exact:
    """The exact value of a bit pattern."""
    sign = 1 if bits & fmt.sign_bit else 0
    exponent = (bits >> fmt.mantissa_bits) & fmt.exponent_all_ones
    mantissa = bits & ((1 << fmt.mantissa_bits) - 1)
    if fmt.is_nan(bits):
        return Exact("nan", sign)
    if fmt.has_inf and exponent == fmt.exponent_all_ones:
        return Exact("inf", sign)
    if exponent == 0:
        return Exact("finite", sign, mantissa, fmt.min_exponent - fmt.mantissa_bits)
    return Exact("finite", sign, mantissa | (1 << fmt.mantissa_bits), exponent - fmt.bias - fmt.mantissa_bits)


def from_integer(n: int) -> Exact:
    """An integer as an exact value (integers have no -0)."""
    return Exact("finite", 1 if n < 0 else 0, abs(n), 0)


def convert(bits: int, source: ComponentType, destination: ComponentType,
            settings: FloatConversionSettings) -> int:
    """Convert one bit pattern of a float `source` to `destination` bits; same type is a bit copy."""
    if source == destination:
        return bits
    return encode(decode(bits, FORMATS[source]), source, destination, settings)


def convert_integer(n: int, destination: ComponentType, settings: FloatConversionSettings) -> int:
    """Integer -> float bits (int -> float is RNE, 0029 Conversion Rules)."""
    return encode(from_integer(n), ComponentType.I32, destination, settings)


def encode(x: Exact, source: ComponentType, destination: ComponentType,
           settings: FloatConversionSettings) -> int:
    """Round `x` (which came from type `source`) to the nearest `destination` value, ties to even."""
    fmt = FORMATS[destination]
    is_fp8 = destination in (ComponentType.F8_E4M3, ComponentType.F8_E5M2)
    if x.kind == "nan":
        sign = 0 if destination in settings.nan_sign_cleared_in else x.sign
        return _nan_bits(fmt, sign, settings)
    if x.kind == "inf":
        if is_fp8:
            return _fp8_past_range(fmt, x.sign, None, settings)
        return _sign(fmt, x.sign) | (fmt.exponent_all_ones << fmt.mantissa_bits)
    if x.significand == 0:
        sign = 0 if source in settings.negative_zero_to_positive_from else x.sign
        return _sign(fmt, sign)

    # Exponent of the leading bit; numbers below the normal range are quantised at min_exponent.
    leading = x.exponent + x.significand.bit_length() - 1
    scale = max(leading, fmt.min_exponent)
    quantum = scale - fmt.mantissa_bits            # result = n * 2**quantum
    shift = x.exponent - quantum
    if shift >= 0:
        n = x.significand << shift
    else:
        n, remainder = divmod(x.significand, 1 << -shift)
        half = 1 << (-shift - 1)
        if remainder > half or (remainder == half and n % 2 == 1):
            n += 1
    if n == 1 << (fmt.mantissa_bits + 1):            # rounding carried into the next binade
        n >>= 1
        scale += 1

    if n == 0:
        sign = 0 if settings.negative_underflow is ZeroSign.POSITIVE else x.sign
        return _sign(fmt, sign)
    if scale > fmt.max_exponent or (scale == fmt.max_exponent and n > fmt.max_significand):
        if is_fp8:
            return _fp8_past_range(fmt, x.sign, (n, scale), settings)
        return _sign(fmt, x.sign) | (fmt.exponent_all_ones << fmt.mantissa_bits)
    if n >= 1 << fmt.mantissa_bits:
        exponent_field = scale + fmt.bias
        mantissa = n - (1 << fmt.mantissa_bits)
    else:
        exponent_field = 0                             # subnormal: scale == min_exponent
        mantissa = n
    return _sign(fmt, x.sign) | (exponent_field << fmt.mantissa_bits) | mantissa


def _sign(fmt: FloatFormat, sign: int) -> int:
    return fmt.sign_bit if sign else 0


def _nan_bits(fmt: FloatFormat, sign: int, settings: FloatConversionSettings) -> int:
    if not fmt.has_inf or settings.nan_payload is NanPayload.ALL_ONES:
        mantissa = (1 << fmt.mantissa_bits) - 1
    else:
        mantissa = 1 << (fmt.mantissa_bits - 1)
    return _sign(fmt, sign) | (fmt.exponent_all_ones << fmt.mantissa_bits) | mantissa


def _fp8_past_range(fmt: FloatFormat, sign: int, rounded: tuple[int, int] | None,
                    settings: FloatConversionSettings) -> int:
    """FP8 result for ±Inf (`rounded` None) or a finite value rounded to n * 2**(scale - m) past max."""
    if settings.fp8_overflow is Fp8Overflow.SATURATE:
        mantissa = fmt.max_significand - (1 << fmt.mantissa_bits)
        return _sign(fmt, sign) | ((fmt.max_exponent + fmt.bias) << fmt.mantissa_bits) | mantissa
    if fmt.has_inf:
        return _sign(fmt, sign) | (fmt.exponent_all_ones << fmt.mantissa_bits)
    nan = fmt.sign_bit - 1
    policy = settings.e4m3_overflow_nan
    if policy is E4m3OverflowNan.SIGNED:
        return _sign(fmt, sign) | nan
    if policy is E4m3OverflowNan.POSITIVE:
        return nan
    # SIGNED_ONLY_AT_480: the rounded number is exactly the one whose plain encoding is the NaN code.
    lands_on_nan_code = rounded == ((1 << (fmt.mantissa_bits + 1)) - 1, fmt.max_exponent)
    return (_sign(fmt, sign) | nan) if lands_on_nan_code else nan
