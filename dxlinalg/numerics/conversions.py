"""Arithmetic conversions between component types (hlsl-specs 0029 "Conversion Rules").

- integer -> integer saturates;
- float -> integer rounds to nearest even and saturates; NaN becomes 0 (the spec is silent;
  0 is what PTX `cvt.rni.sat` and SPIR-V saturating conversions give);
- integer -> float and float -> float round to nearest even, with the FP8 overflow, NaN and
  zero-sign choices of `FloatConversionSettings` (a device profile picks them).
Packed interpretations are bitcasts and live in `packing`, not here.
"""

from __future__ import annotations

import numpy as np

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.component_types import ComponentType, type_info
from dxlinalg.numerics.float_conversion import FloatConversionSettings, round_to_float


def integer_range(component_type: ComponentType) -> tuple[int, int]:
    """Inclusive [min, max] of an integer component type."""
    info = type_info(component_type)
    if info.is_float or info.is_packed:
        raise InvalidArgumentError(f"{component_type.name} is not a plain integer type")
    limits = np.iinfo(info.dtype)
    return int(limits.min), int(limits.max)


def saturate_integers(values: np.ndarray, destination: ComponentType) -> np.ndarray:
    """Exact integers (any integer dtype) -> destination integer type, saturating."""
    lo, hi = integer_range(destination)
    wide = np.asarray(values).astype(np.int64, copy=False)
    return np.clip(wide, lo, hi).astype(type_info(destination).dtype)


def float_to_integer(values: np.ndarray, destination: ComponentType) -> np.ndarray:
    """Float -> integer: round to nearest even, saturate, NaN -> 0."""
    lo, hi = integer_range(destination)
    exact = np.asarray(values).astype(np.float64)
    with np.errstate(invalid="ignore"):  # NaN inputs are expected; they become 0 below
        rounded = np.rint(exact)
    rounded = np.where(np.isnan(rounded), 0.0, np.clip(rounded, lo, hi))
    return rounded.astype(np.int64).astype(type_info(destination).dtype)


def convert_elements(values: np.ndarray, source: ComponentType, destination: ComponentType,
                     settings: FloatConversionSettings) -> np.ndarray:
    """Convert an array holding `source` elements (its storage dtype) to `destination` elements."""
    src, dst = type_info(source), type_info(destination)
    if src.is_packed or dst.is_packed:
        raise InvalidArgumentError(
            "packed interpretations are bitcasts, not arithmetic conversions (0029 Conversion Rules)")
    values = np.asarray(values)
    if values.dtype != src.dtype and not (src.is_integer and values.dtype.kind in "iu"):
        raise InvalidArgumentError(
            f"values have dtype {values.dtype} but the source type {source.name} is stored as {src.dtype}")
    if dst.is_float:
        exact = values.astype(np.float64) if src.is_integer else values
        return round_to_float(exact, destination, settings, source=source)
    if src.is_float:
        return float_to_integer(values, destination)
    return saturate_integers(values, destination)


def exact_values(values: np.ndarray, component_type: ComponentType) -> np.ndarray:
    """Elements as exact arithmetic values: int64 for integers, float64 for floats."""
    info = type_info(component_type)
    return np.asarray(values).astype(np.float64 if info.is_float else np.int64)
