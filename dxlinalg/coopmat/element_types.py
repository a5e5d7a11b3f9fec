"""Component values as numbers, and the one rounding to a component type that MulAdd and conversions share.

SPIR-V integers carry their signedness in the instruction, not the type: MulAdd's operand bits,
OpSConvert against OpUConvert, OpConvertSToF against OpConvertUToF. So integer components are read
through `as_signed` / `as_unsigned`, whatever numpy dtype holds their bits.

Rounding to a float component type is once, to nearest even. F16, F32 and float8 round through
`dxlinalg.numerics` with the profile's FloatConversionSettings (NaN payloads, FP8 overflow, zero
signs); bfloat16 and float64, which the numerics layer's component types lack as destinations, round
by IEEE 754's rules (NaN sign and payload kept, overflow to infinity): float64 values first rounded
to odd into float32, whose 24 bits leave bfloat16's 8 room for one correct rounding.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.linalg.matvec import round_float_result
from dxlinalg.numerics.component_types import ComponentType
from dxlinalg.numerics.float_conversion import (
    FloatConversionSettings,
    round_to_float,
    round_to_odd_float32,
    widen_fp8,
)

BFLOAT16 = np.dtype(ml_dtypes.bfloat16)
FLOAT64 = np.dtype(np.float64)
FP8 = (np.dtype(ml_dtypes.float8_e4m3fn), np.dtype(ml_dtypes.float8_e5m2))
EXACT_IN_FLOAT64 = 1 << 53
STICKY_BITS = 12                 # low bits of a 64-bit integer folded into one sticky bit (53 remain)

#: numerics' name for each component dtype it knows.
COMPONENT_TYPES: dict[np.dtype, ComponentType] = {np.dtype(dtype): ct for dtype, ct in (
    (np.int8, ComponentType.I8), (np.uint8, ComponentType.U8), (np.int16, ComponentType.I16),
    (np.uint16, ComponentType.U16), (np.int32, ComponentType.I32), (np.uint32, ComponentType.U32),
    (np.int64, ComponentType.I64), (np.uint64, ComponentType.U64), (np.float16, ComponentType.F16),
    (np.float32, ComponentType.F32), (np.float64, ComponentType.F64),
    (ml_dtypes.float8_e4m3fn, ComponentType.F8_E4M3), (ml_dtypes.float8_e5m2, ComponentType.F8_E5M2))}
NUMERICS_FLOAT_DESTINATIONS = (ComponentType.F16, ComponentType.F32, ComponentType.F8_E4M3, ComponentType.F8_E5M2)
INTEGER_SOURCES_UP_TO_32 = (ComponentType.I8, ComponentType.U8, ComponentType.I16, ComponentType.U16,
                            ComponentType.I32, ComponentType.U32)


# -- integers read with an instruction's signedness ---------------------------------------------------------
def as_signed(values: np.ndarray) -> np.ndarray:
    """The bits of integer components read as two's-complement signed integers of their width."""
    return np.ascontiguousarray(values).view(np.dtype(f"<i{values.dtype.itemsize}"))


def as_unsigned(values: np.ndarray) -> np.ndarray:
    """The bits of integer components read as unsigned integers of their width."""
    return np.ascontiguousarray(values).view(np.dtype(f"<u{values.dtype.itemsize}"))


def integer_range(itemsize: int, signed: bool) -> tuple[int, int]:
    bits = 8 * itemsize
    return (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)


def exact_integers(values: np.ndarray, signed: bool) -> np.ndarray:
    """Integer components as exact numbers: int64, or Python ints (object) for 64-bit unsigned ones."""
    read = as_signed(values) if signed else as_unsigned(values)
    if read.dtype == np.uint64:
        return read.astype(object)
    return read.astype(np.int64)


def wrap_to(values: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """Exact integers (int64 or Python ints) -> their low bits as components of `dtype`."""
    mask = (1 << (8 * dtype.itemsize)) - 1
    if values.dtype == object:
        return (values & mask).astype(np.uint64).astype(f"<u{dtype.itemsize}").view(dtype)
    return values.astype(np.int64).astype(f"<u{dtype.itemsize}").view(dtype)


# -- floats ---------------------------------------------------------------------------------------------------
def exact_float64(values: np.ndarray) -> np.ndarray:
    """Float components as float64, exactly (float8 through numerics' table, bfloat16 through float32)."""
    if values.dtype in FP8:
        return widen_fp8(values).astype(np.float64)
    return values.astype(np.float32 if values.dtype == BFLOAT16 else values.dtype).astype(np.float64)


def integers_as_float64(values: np.ndarray) -> np.ndarray:
    """Integers (int64/uint64 read as they are) as float64 values that round to any float of at most 24
    significant bits like the integers themselves: exact below 2^53; above, the low 12 bits fold into
    one sticky bit (53 bits remain, so the value is exact in float64 and rounds as the integer does)."""
    if values.dtype.kind == "i":
        negative = values < 0
        magnitude = np.abs(values.astype(np.int64)).astype(np.uint64)      # |int64 min| wraps to 2^63, as wanted
    else:
        negative = np.zeros(values.shape, bool)
        magnitude = values.astype(np.uint64)
    low = np.uint64((1 << STICKY_BITS) - 1)
    sticky = np.where((magnitude & low) != 0, np.uint64(1 << (STICKY_BITS - 1)), np.uint64(0))
    folded = np.where(magnitude >= np.uint64(EXACT_IN_FLOAT64), (magnitude & ~low) | sticky, magnitude)
    result = folded.astype(np.float64)
    return np.where(negative, -result, result)


def round_float64(values: np.ndarray, dtype: np.dtype, settings: FloatConversionSettings) -> np.ndarray:
    """float64 values (exact, or rounded to odd with at least two bits to spare) rounded once to `dtype`."""
    values = np.asarray(values, np.float64)
    if dtype == FLOAT64:
        return values.copy()
    if dtype == BFLOAT16:
        with np.errstate(over="ignore", invalid="ignore"):
            return round_to_odd_float32(values).astype(BFLOAT16)
    destination = COMPONENT_TYPES.get(dtype)
    if destination in (ComponentType.F16, ComponentType.F32):
        return round_float_result(values, destination, settings)
    if destination in NUMERICS_FLOAT_DESTINATIONS:
        return round_to_float(values, destination, settings, source=ComponentType.F64)
    raise InvalidArgumentError(f"{dtype} is not a float component type to round to")


def convert_floats(values: np.ndarray, dtype: np.dtype, settings: FloatConversionSettings) -> np.ndarray:
    """Float components to float type `dtype`: exact, or rounded once (numerics' conversion for F16/F32/FP8)."""
    source = COMPONENT_TYPES.get(values.dtype)
    destination = COMPONENT_TYPES.get(dtype)
    if destination in NUMERICS_FLOAT_DESTINATIONS:
        if values.dtype == BFLOAT16:
            return round_to_float(values.astype(np.float32), destination, settings, source=ComponentType.F32)
        return round_to_float(values, destination, settings, source=source)
    return round_float64(exact_float64(values), dtype, settings)


def convert_integers_to_float(values: np.ndarray, dtype: np.dtype, settings: FloatConversionSettings) -> np.ndarray:
    """Integers (read as their dtype says: see as_signed/as_unsigned) rounded once to float type `dtype`."""
    if dtype == FLOAT64:
        return values.astype(np.float64)                    # a correctly rounded cast, 64-bit integers too
    source = COMPONENT_TYPES[values.dtype]
    destination = COMPONENT_TYPES.get(dtype)
    if destination in NUMERICS_FLOAT_DESTINATIONS and source in INTEGER_SOURCES_UP_TO_32:
        return round_to_float(values, destination, settings, source=source)
    wide = values.astype(np.float64) if values.dtype.itemsize <= 4 else integers_as_float64(values)
    return round_float64(wide, dtype, settings)
