"""What `dxlinalg convert` reports: error statistics (a block of rows at a time) and the round-trip verdict."""

from __future__ import annotations

import math
import re

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from dxlinalg.commands import error_stats
from dxlinalg.commands.error_stats import quantisation_stats, round_trip_verdict
from dxlinalg.numerics.component_types import ComponentType


def reported(line: str, name: str) -> float:
    return float(re.search(rf"{name} ([-0-9.e+na]+)", line).group(1))


def test_the_report_gives_max_mean_and_rms_errors(convert, weights):
    code, out, _ = convert(weights, "--from-type", "FLOAT32", "--to-type", "FLOAT16", "--to-layout", "MUL_OPTIMAL")
    line = next(text for text in out.splitlines() if text.startswith("quantisation:"))
    x = np.load(weights).astype(np.float64)
    error = np.abs(x.astype(np.float16).astype(np.float64) - x)
    assert code == 0
    assert reported(line, "max abs error") == pytest.approx(error.max(), rel=1e-5)
    assert reported(line, "mean abs error") == pytest.approx(error.mean(), rel=1e-5)
    assert reported(line, "RMS error") == pytest.approx(math.sqrt(np.mean(error ** 2)), rel=1e-5)
    assert "round trip through 20 x 12 FLOAT16 ROW_MAJOR, stride 32: values read back" in out


def whole_matrix_stats(x: np.ndarray, y: np.ndarray, largest: float, tiny: float) -> dict[str, float]:
    """The statistics in one pass over whole float64 arrays: the definition the blocks must add up to."""
    finite = np.isfinite(x) & np.isfinite(y)
    error = np.abs(y - x)[finite]
    nonzero = finite & (x != 0)
    return {
        "max_abs_error": error.max(initial=0.0),
        "mean_abs_error": error.mean() if error.size else 0.0,
        "rms_error": math.sqrt(np.mean(error ** 2)) if error.size else 0.0,
        "max_rel_error": (np.abs(y - x)[nonzero] / np.abs(x[nonzero])).max(initial=0.0),
        "saturated": int(np.sum((np.abs(y) == largest) & (np.abs(x) > largest))),
        "overflowed": int(np.sum(np.isfinite(x) & ~np.isfinite(y))),
        "nan": int(np.sum(np.isnan(y))), "nan_in_input": int(np.sum(np.isnan(x))),
        "subnormal": int(np.sum((y != 0) & (np.abs(y) < tiny))),
    }


@settings(max_examples=40, deadline=None)
@given(matrix=hnp.arrays(np.float32, hnp.array_shapes(min_dims=2, max_dims=2, max_side=9),
                         elements=st.floats(width=32, allow_nan=True, allow_infinity=True)),
       block=st.integers(1, 20))
def test_statistics_over_blocks_of_rows_equal_the_whole_matrix_ones(matrix, block):
    converted = np.asarray(matrix).astype(ml_dtypes.float8_e5m2)
    original_block = error_stats.BLOCK_ELEMENTS
    error_stats.BLOCK_ELEMENTS = block
    try:
        stats = quantisation_stats(matrix, converted, ComponentType.F8_E5M2)
    finally:
        error_stats.BLOCK_ELEMENTS = original_block
    limits = ml_dtypes.finfo(ml_dtypes.float8_e5m2)
    with np.errstate(invalid="ignore", over="ignore"):
        want = whole_matrix_stats(matrix.astype(np.float64), converted.astype(np.float64), float(limits.max),
                                  float(limits.smallest_normal))
    for name, value in want.items():
        assert getattr(stats, name) == pytest.approx(value, rel=1e-9, abs=0), name


def test_integer_saturation_is_counted_at_both_ends():
    x = np.array([[-200.0, 200.0, 5.0]])
    stats = quantisation_stats(x, np.clip(x, -128, 127).astype(np.int8), ComponentType.I8)
    assert stats.saturated == 2 and stats.subnormal == 0 and stats.max_abs_error == 73


@pytest.mark.parametrize("reference, values, verdict, ok", [
    (np.array([[1.0, -0.0]], np.float16), np.array([[1.0, -0.0]], np.float16), "bit-exact", True),
    (np.array([[1.0, -0.0]], np.float16), np.array([[1.0, 0.0]], np.float16), "equal values; signs of zero", True),
    (np.array([[np.nan, 2.0]], np.float32), np.array([[-np.nan, 2.0]], np.float32), "equal values", True),
    (np.array([[1.0, 2.0, 3.0]], np.float32), np.array([[1.0, 2.5, 3.5]], np.float32), "MISMATCH in 2 elements",
     False),
    (np.array([[1, 2]], np.int8), np.array([[1, 3]], np.int8), "MISMATCH in 1 elements", False),
    (np.array([[-0.0, 448.0]], ml_dtypes.float8_e4m3fn), np.array([[0.0, 448.0]], np.float16), "equal values", True),
])
def test_same_type_round_trip_verdicts(reference, values, verdict, ok):
    text, passed = round_trip_verdict(reference, values, same_type=True)
    assert text.startswith(verdict) and passed is ok


def test_a_type_change_is_judged_by_the_statistics():
    text, passed = round_trip_verdict(np.zeros((1, 1), np.float32), np.ones((1, 1), np.float16), same_type=False)
    assert passed and "type changed" in text
