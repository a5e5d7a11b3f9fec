"""Integer paths of convert_elements against a per-element oracle from first principles."""

import math

import ml_dtypes
import numpy as np
import pytest

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.component_types import ComponentType as T
from dxlinalg.numerics.component_types import type_info
from dxlinalg.numerics.conversions import convert_elements, integer_range
from dxlinalg.numerics.float_conversion import FloatConversionSettings

SETTINGS = FloatConversionSettings()
INT_TYPES = [T.I8, T.U8, T.I16, T.U16, T.I32, T.U32]
FLOAT_TYPES = [T.F16, T.F32, T.F8_E4M3, T.F8_E5M2]


def oracle_int_to_int(value: int, destination: T) -> int:
    lo, hi = {T.I8: (-128, 127), T.U8: (0, 255), T.I16: (-32768, 32767), T.U16: (0, 65535),
              T.I32: (-2**31, 2**31 - 1), T.U32: (0, 2**32 - 1)}[destination]
    return min(max(value, lo), hi)


def oracle_float_to_int(value: float, destination: T) -> int:
    if math.isnan(value):
        return 0
    if math.isinf(value):
        return oracle_int_to_int(10**20 if value > 0 else -10**20, destination)
    return oracle_int_to_int(round(value), destination)  # Python round() on floats is half-to-even


def edge_integers(source: T) -> np.ndarray:
    lo, hi = integer_range(source)
    picks = {lo, lo + 1, -129, -128, -127, -1, 0, 1, 127, 128, 255, 256, 32767, 32768, 65535, 65536,
             2**31 - 1, hi - 1, hi}
    values = [v for v in picks if lo <= v <= hi]
    rng = np.random.default_rng(int(source))
    values += rng.integers(lo, hi, 2000, endpoint=True, dtype=np.int64).tolist()
    return np.array(values, np.int64).astype(type_info(source).dtype)


@pytest.mark.parametrize("source", INT_TYPES, ids=lambda t: t.name)
@pytest.mark.parametrize("destination", INT_TYPES, ids=lambda t: t.name)
def test_integer_to_integer_saturates(source, destination):
    values = edge_integers(source)
    got = convert_elements(values, source, destination, SETTINGS)
    assert got.dtype == type_info(destination).dtype
    assert got.tolist() == [oracle_int_to_int(int(v), destination) for v in values]


def float_samples(source: T) -> np.ndarray:
    if type_info(source).bits <= 16:  # every bit pattern
        width = np.uint8 if type_info(source).bits == 8 else np.uint16
        return np.arange(2 ** type_info(source).bits, dtype=np.uint32).astype(width).view(type_info(source).dtype)
    rng = np.random.default_rng(5)
    specials = np.array([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 126.5, 127.5, 128.5, -128.5, -129.5, 255.5,
                         2**31 - 0.5, 2**31, -2**31 - 1, 4294967295.0, 4294967296.0, 1e30, -1e30,
                         np.inf, -np.inf, np.nan, -0.0], np.float64).astype(np.float32)
    spread = (rng.standard_normal(20000) * 10.0 ** rng.integers(-3, 11, 20000)).astype(np.float32)
    halves = (rng.integers(-70000, 70000, 5000) + 0.5).astype(np.float32)
    return np.concatenate([specials, spread, halves])


@pytest.mark.parametrize("source", FLOAT_TYPES, ids=lambda t: t.name)
@pytest.mark.parametrize("destination", INT_TYPES, ids=lambda t: t.name)
def test_float_to_integer_is_rtne_and_saturating_with_nan_to_zero(source, destination):
    values = float_samples(source)
    got = convert_elements(values, source, destination, SETTINGS)
    expected = [oracle_float_to_int(float(v), destination) for v in values.astype(np.float64)]
    assert got.astype(np.int64).tolist() == expected


@pytest.mark.parametrize("source", INT_TYPES, ids=lambda t: t.name)
def test_integer_to_float32_is_rtne(source):
    values = edge_integers(source)
    got = convert_elements(values, source, T.F32, SETTINGS)
    # float(int) in Python rounds half to even to double; every int32 is exact there, and
    # numpy's float64 -> float32 cast is a single RNE rounding.
    expected = np.array([float(int(v)) for v in values], np.float64).astype(np.float32)
    assert np.array_equal(got, expected)


def test_integer_to_float16_rounds_to_nearest_even_and_overflows_to_inf():
    values = np.array([2049, 2051, 65504, 65519, 65520, 70000, -70000], np.int32)
    got = convert_elements(values, T.I32, T.F16, SETTINGS)
    assert got.astype(np.float64).tolist() == [2048.0, 2052.0, 65504.0, 65504.0, np.inf, np.inf, -np.inf]


def test_integer_to_fp8_uses_the_fp8_rounding():
    values = np.array([17, 19, 448, 500], np.int32)
    got = convert_elements(values, T.I32, T.F8_E4M3, SETTINGS)
    assert got.dtype == ml_dtypes.float8_e4m3fn
    assert got.astype(np.float64).tolist()[:3] == [16.0, 20.0, 448.0]


def test_packed_types_are_not_arithmetic_conversions():
    with pytest.raises(InvalidArgumentError, match="bitcasts"):
        convert_elements(np.zeros(2, np.uint32), T.PackedS8x32, T.I8, SETTINGS)


def test_values_must_be_stored_in_the_source_type():
    with pytest.raises(InvalidArgumentError, match="source type F16"):
        convert_elements(np.zeros(2, np.float32), T.F16, T.F32, SETTINGS)
