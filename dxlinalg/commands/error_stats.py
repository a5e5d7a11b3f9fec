"""How far a conversion moved the values, and whether a same-type round trip gave them back.

Both walk the two (rows, cols) matrices a block of rows at a time, so the float64 temporaries
stay a few MiB whatever the matrix size (a whole-matrix float64 copy of a 4096 x 4096 matrix is
128 MiB, twice the float32 input, and the statistics need several).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import ml_dtypes
import numpy as np

from dxlinalg.numerics.component_types import ComponentType, type_info

BLOCK_ELEMENTS = 1 << 16


def row_blocks(rows: int, cols: int) -> Iterator[slice]:
    """Consecutive row ranges of about BLOCK_ELEMENTS elements each."""
    step = max(1, BLOCK_ELEMENTS // cols)
    for start in range(0, rows, step):
        yield slice(start, min(rows, start + step))


@dataclass(frozen=True)
class QuantisationStats:
    max_abs_error: float   # over elements finite before and after
    mean_abs_error: float  # the same elements
    rms_error: float       # the same elements
    max_rel_error: float   # the same, over nonzero inputs (a tiny weight flushed to 0 counts 1)
    saturated: int         # finite inputs past the type's range that became its largest value
    overflowed: int        # finite inputs that became NaN or an infinity (non-saturating FP8)
    nan: int               # NaN results, of which `nan_in_input` were NaN already
    nan_in_input: int
    subnormal: int

    def describe(self) -> str:
        return (f"max abs error {self.max_abs_error:.6g}, mean abs error {self.mean_abs_error:.6g}, "
                f"RMS error {self.rms_error:.6g}, max rel error {self.max_rel_error:.6g} (finite elements), "
                f"saturated {self.saturated}, overflowed to NaN/Inf {self.overflowed}, NaN {self.nan} "
                f"({self.nan_in_input} NaN in the input), subnormal {self.subnormal}")


def _type_limits(data_type: ComponentType) -> tuple[float, float, float]:
    """(lowest, largest, smallest normal) of the destination type; 0 as smallest normal for integers."""
    info = type_info(data_type)
    if info.is_float:
        limits = ml_dtypes.finfo(info.dtype)
        return -float(limits.max), float(limits.max), float(limits.smallest_normal)
    limits = np.iinfo(info.dtype)
    return float(limits.min), float(limits.max), 0.0


def quantisation_stats(original: np.ndarray, converted: np.ndarray, data_type: ComponentType) -> QuantisationStats:
    """Errors of `converted` (the destination's values, widened exactly) against `original`."""
    lowest, largest, tiny = _type_limits(data_type)
    is_float = type_info(data_type).is_float
    count = saturated = overflowed = nan = nan_in_input = subnormal = 0
    total = squares = max_abs = max_rel = 0.0
    for block in row_blocks(*original.shape):
        with np.errstate(invalid="ignore"):          # widening a signalling NaN (raw bytes hold any) flags it
            x, y = original[block].astype(np.float64), converted[block].astype(np.float64)
        finite = np.isfinite(x) & np.isfinite(y)
        with np.errstate(invalid="ignore"):          # inf - inf where not finite: masked out below
            error = np.abs(y - x)[finite]
        count += error.size
        total += float(error.sum())
        squares += float(np.dot(error, error))
        max_abs = max(max_abs, float(error.max(initial=0.0)))
        nonzero = finite & (x != 0)
        max_rel = max(max_rel, float((np.abs(y[nonzero] - x[nonzero]) / np.abs(x[nonzero])).max(initial=0.0)))
        if is_float:
            saturated += int(np.sum((np.abs(y) == largest) & (np.abs(x) > largest)))
            subnormal += int(np.sum((y != 0) & (np.abs(y) < tiny)))
        else:
            saturated += int(np.sum(((y == largest) & (x > largest)) | ((y == lowest) & (x < lowest))))
        overflowed += int(np.sum(np.isfinite(x) & ~np.isfinite(y)))
        nan += int(np.sum(np.isnan(y)))
        nan_in_input += int(np.sum(np.isnan(x)))
    mean = total / count if count else 0.0
    rms = math.sqrt(squares / count) if count else 0.0
    return QuantisationStats(max_abs, mean, rms, max_rel, saturated, overflowed, nan, nan_in_input, subnormal)


def round_trip_verdict(reference: np.ndarray, values: np.ndarray, same_type: bool) -> tuple[str, bool]:
    """A same-type conversion must give back every element; a type change is judged by the stats.

    The two sides may be read back in different dtypes (FP8 is read through FLOAT16): the
    reference is then widened exactly to the values' dtype before the bits are compared.
    """
    if not same_type:
        return "values read back through the device (type changed: see the quantisation line)", True
    bits_differ = values_differ = 0
    words = np.dtype(f"u{values.dtype.itemsize}")
    for block in row_blocks(*reference.shape):
        expected = np.ascontiguousarray(reference[block]).astype(values.dtype)
        found = np.ascontiguousarray(values[block])
        bits_differ += int(np.sum(expected.view(words) != found.view(words)))
        same = expected == found
        if found.dtype.kind == "f":
            same |= np.isnan(expected) & np.isnan(found)
        values_differ += int(np.sum(~same))
    if bits_differ == 0:
        return "bit-exact", True
    if values_differ == 0:
        return "equal values; signs of zero or NaN payloads differ (this profile's storage)", True
    return f"MISMATCH in {values_differ} elements", False

