"""0035's data conversion rules ("Data Conversion"), which Splat, Cast, Convert, bias conversion and the
groupshared accumulate share; they are not HLSL casts.

- integer -> integer: exact when representable, otherwise saturated;
- float -> integer: round to nearest even, saturated; NaN -> 0 (0035 is silent; the choice
  `dxlinalg.numerics.conversions.float_to_integer` made for 0029, see docs/sm610.md);
- integer -> float: round to nearest even (the profile's FP8 overflow settings apply);
- float -> float: exact when representable, otherwise "a best approximation that is implementation-defined":
  the profile's `linalg_matrix.float_rounding` picks nearest_even (through the numerics layer's rounding,
  with the FP8 settings) or toward_zero (the neighbour nearer zero; either neighbour is a best approximation).
The element conversions themselves are the shared ones (`dxlinalg.coopmat.element_types`).
"""

from __future__ import annotations

import ml_dtypes
import numpy as np

from dxlinalg.coopmat.element_types import (
    convert_floats,
    convert_integers_to_float,
    exact_float64,
    exact_integers,
    integer_range,
)
from dxlinalg.dxil.linalg_matrix.types import ComponentType, element_dtype, is_float, is_signed
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.float_conversion import FloatConversionSettings

FLOAT_ROUNDINGS = ("nearest_even", "toward_zero")


def convert(values: np.ndarray, source: ComponentType, destination: ComponentType,
            settings: FloatConversionSettings, float_rounding: str = "nearest_even") -> np.ndarray:
    """Elements of `source` (held in its dtype) converted to `destination` by 0035's rules."""
    if float_rounding not in FLOAT_ROUNDINGS:
        raise InvalidArgumentError(f"float_rounding {float_rounding!r} must be one of {FLOAT_ROUNDINGS}")
    values = np.asarray(values)
    source_dtype, dtype = element_dtype(source), element_dtype(destination)
    if values.dtype != source_dtype:
        raise InvalidArgumentError(f"values have dtype {values.dtype}; {source.name} elements are {source_dtype}")
    if source == destination:
        return values.copy()
    if not is_float(destination):
        if is_float(source):
            return float_to_integer_saturating(values, destination)
        return saturate_integers(values, is_signed(source), destination)
    if not is_float(source):
        return convert_integers_to_float(values, dtype, settings)
    with np.errstate(over="ignore", invalid="ignore"):
        rounded = convert_floats(values, dtype, settings)
    if float_rounding == "toward_zero":
        rounded = _toward_zero(exact_float64(values), rounded)
    return rounded


def saturate_integers(values: np.ndarray, signed_source: bool, destination: ComponentType) -> np.ndarray:
    """Integers clamped to the destination's range (0035: int -> int saturates)."""
    dtype = element_dtype(destination)
    low, high = integer_range(dtype.itemsize, is_signed(destination))
    exact = exact_integers(values, signed_source)
    clipped = np.clip(exact, low, high)
    return np.asarray(clipped).astype(dtype)


def float_to_integer_saturating(values: np.ndarray, destination: ComponentType) -> np.ndarray:
    """Round to nearest even, saturate to the destination's range, NaN -> 0 (64-bit bounds exact)."""
    dtype = element_dtype(destination)
    low, high = integer_range(dtype.itemsize, is_signed(destination))
    with np.errstate(invalid="ignore"):
        rounded = np.rint(exact_float64(values))
    nan = np.isnan(rounded)
    above = ~nan & (rounded >= float(high))          # float(high) may be 2^63 or 2^64: compare, then set exactly
    below = ~nan & (rounded <= float(low))
    inside = np.where(nan | above | below, 0.0, rounded)
    out = inside.astype(np.int64 if dtype.kind == "i" else np.uint64).astype(dtype)
    out[above] = dtype.type(high)
    out[below] = dtype.type(low)
    return out


def _toward_zero(exact: np.ndarray, rounded: np.ndarray) -> np.ndarray:
    """Where rounding to nearest went away from zero, the neighbour nearer zero: one step down in magnitude
    bits (sign-magnitude formats). A finite value past the largest finite one becomes that value (as IEEE's
    round-toward-zero: no overflow to Inf or, for E4M3FN, NaN)."""
    back = exact_float64(rounded)
    largest = float(ml_dtypes.finfo(rounded.dtype).max)
    with np.errstate(invalid="ignore"):
        away = np.isfinite(exact) & ~np.isnan(back) & (np.abs(back) > np.abs(exact)) & np.isfinite(back)
        overflow = np.isfinite(exact) & (np.abs(exact) >= largest) & ~(np.isfinite(back) & (np.abs(back) <= largest))
    if not (away.any() or overflow.any()):
        return rounded
    bits = np.ascontiguousarray(rounded).view(np.dtype(f"<u{rounded.dtype.itemsize}")).copy()
    bits[away] -= 1
    result = bits.view(rounded.dtype)
    if overflow.any():
        result[overflow] = np.where(exact[overflow] < 0, -largest, largest).astype(rounded.dtype)
    return result


def value_component_type(value: object, argument: str) -> tuple[np.ndarray, ComponentType]:
    """A Splat/Set operand as (array, its component type): numpy values keep their dtype; a Python int is
    HLSL's `int`, a Python float HLSL's `float`, a bool `uint` 0/1."""
    from dxlinalg.dxil.linalg_matrix.types import ELEMENT_DTYPES
    array = np.asarray(value)
    if array.dtype == np.bool_:
        array = array.astype(np.uint32)
    elif isinstance(value, int) or (array.dtype == np.int64 and not isinstance(value, np.ndarray | np.generic)):
        array = array.astype(np.int32)
    elif isinstance(value, float) or (array.dtype == np.float64 and not isinstance(value, np.ndarray | np.generic)):
        array = array.astype(np.float32)
    for component, dtype in ELEMENT_DTYPES.items():
        if dtype == array.dtype:
            return array, component
    raise InvalidArgumentError(f"{argument} has dtype {array.dtype}; 0035 needs an arithmetic HLSL type "
                               f"(is_arithmetic: 16/32/64-bit integers and floats)")
