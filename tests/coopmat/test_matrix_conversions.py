"""Conversions of cooperative matrices against a per-element oracle, and the Use/shape/width rules by name."""

from __future__ import annotations

import math

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.coopmat import (
    CONVERSIONS,
    CoopMatrix,
    CoopMatType,
    MatrixUse,
    Scope,
    bitcast,
    convert_f_to_s,
    convert_f_to_u,
    convert_s_to_f,
    convert_u_to_f,
    f_convert,
    s_convert,
    u_convert,
)
from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from tests.coopmat import oracle_matrix as oracle

A, B, ACC = MatrixUse.MatrixAKHR, MatrixUse.MatrixBKHR, MatrixUse.MatrixAccumulatorKHR
FLOATS = (np.float16, np.float32, np.float64, ml_dtypes.bfloat16, ml_dtypes.float8_e4m3fn, ml_dtypes.float8_e5m2)
INTEGERS = (np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64)
UNSIGNED = (np.uint8, np.uint16, np.uint32, np.uint64)


def coop(values: np.ndarray, use: MatrixUse = ACC) -> CoopMatrix:
    return CoopMatrix(CoopMatType(values.dtype, Scope.Subgroup, values.shape[1], values.shape[2], use), values)


def target(matrix: CoopMatrix, dtype: object, use: MatrixUse | None = None) -> CoopMatType:
    return CoopMatType(dtype, matrix.type.scope, matrix.type.rows, matrix.type.cols,
                       matrix.type.use if use is None else use)


def random_bits(rng: np.random.Generator, dtype: object, shape: tuple[int, ...]) -> np.ndarray:
    dtype = np.dtype(dtype)
    return rng.integers(0, 256, (*shape, dtype.itemsize), dtype=np.uint8).view(dtype).reshape(shape)


def assert_rounded(got: object, expected: float, dtype: np.dtype) -> None:
    """The oracle's value, or where it overflows, infinity or (a saturating profile setting) the largest finite."""
    value = float(got)
    if math.isinf(expected):
        largest = float(oracle.FORMATS[np.dtype(dtype)][2])
        assert math.isinf(value) and (value > 0) == (expected > 0) or abs(value) == largest or math.isnan(value)
    else:
        assert value == expected, (value, expected)


@settings(max_examples=60, deadline=None)
@given(source=st.sampled_from(FLOATS), result=st.sampled_from(FLOATS), seed=st.integers(0, 2 ** 32 - 1))
def test_f_convert_rounds_once_to_nearest_even(source, result, seed):
    if np.dtype(source) == np.dtype(result):
        return
    rng = np.random.default_rng(seed)
    with np.errstate(over="ignore"):                                    # past float8's range: Inf or NaN
        values = (rng.standard_normal((1, 4, 6)) * np.exp2(rng.integers(-20, 20, (1, 4, 6)))).astype(source)
    got = f_convert(coop(values), target(coop(values), result))
    for index in np.ndindex(values.shape):
        if np.isfinite(float(values[index])):
            assert_rounded(got.values[index], oracle.round_to(oracle.exact(values[index]), np.dtype(result)),
                           np.dtype(result))


@settings(max_examples=60, deadline=None)
@given(source=st.sampled_from(INTEGERS), result=st.sampled_from(FLOATS), seed=st.integers(0, 2 ** 32 - 1))
def test_integer_to_float_reads_the_bits_with_the_instructions_signedness(source, result, seed):
    values = random_bits(np.random.default_rng(seed), source, (1, 3, 5))
    size = np.dtype(source).itemsize
    for convert, signed in ((convert_s_to_f, True), (convert_u_to_f, False)):
        got = convert(coop(values), target(coop(values), result))
        for index in np.ndindex(values.shape):
            number = oracle.read_int(oracle.component_bits(values[index], source), size, signed)
            assert_rounded(got.values[index], oracle.round_to(oracle.exact(number), np.dtype(result)), np.dtype(result))


@settings(max_examples=60, deadline=None)
@given(source=st.sampled_from(FLOATS), result=st.sampled_from(INTEGERS), seed=st.integers(0, 2 ** 32 - 1))
def test_float_to_integer_truncates_and_saturates_in_permissive_mode(source, result, seed):
    rng = np.random.default_rng(seed)
    with np.errstate(over="ignore"):
        values = (rng.standard_normal((1, 3, 5)) * np.exp2(rng.integers(0, 70, (1, 3, 5)))).astype(source)
    size = np.dtype(result).itemsize
    conversions = [(convert_f_to_s, True)] + ([(convert_f_to_u, False)] if np.dtype(result).kind == "u" else [])
    for convert, signed in conversions:
        got = convert(coop(values), target(coop(values), result), strict=False)
        low, high = (-(1 << (8 * size - 1)), (1 << (8 * size - 1)) - 1) if signed else (0, (1 << (8 * size)) - 1)
        for index in np.ndindex(values.shape):
            value = float(values[index])
            expected = 0 if math.isnan(value) else (
                high if value >= high + 1 else low if value <= low - 1 else oracle.truncate_toward_zero(value))
            assert oracle.read_int(oracle.component_bits(got.values[index], result), size, signed) == expected


@settings(max_examples=60, deadline=None)
@given(source=st.sampled_from(INTEGERS), result=st.sampled_from(INTEGERS), seed=st.integers(0, 2 ** 32 - 1))
def test_integer_width_conversions_extend_or_truncate(source, result, seed):
    if np.dtype(source).itemsize == np.dtype(result).itemsize:
        return
    values = random_bits(np.random.default_rng(seed), source, (1, 3, 5))
    size, out = np.dtype(source).itemsize, np.dtype(result).itemsize
    conversions = [(s_convert, True)] + ([(u_convert, False)] if np.dtype(result).kind == "u" else [])
    for convert, signed in conversions:
        got = convert(coop(values), target(coop(values), result))
        for index in np.ndindex(values.shape):
            number = oracle.read_int(oracle.component_bits(values[index], source), size, signed)
            assert oracle.component_bits(got.values[index], result) == number & ((1 << (8 * out)) - 1)


def test_float_to_integer_out_of_range_is_reported_in_strict_mode():
    values = np.array([[[1.9, -1.9, 300.0]]], np.float32)
    with pytest.raises(UndefinedBehaviorError, match=r"OpConvertFToS: 300.0 rounded toward zero is outside "
                                                     r"\[-128, 127\]"):
        convert_f_to_s(coop(values), target(coop(values), np.int8))
    assert convert_f_to_s(coop(values), target(coop(values), np.int8), strict=False).values.tolist() == [[[1, -1, 127]]]
    with pytest.raises(UndefinedBehaviorError, match="OpConvertFToU: -1.89"):
        convert_f_to_u(coop(values), target(coop(values), np.uint16))
    nan = np.array([[[np.nan]]], np.float16)
    with pytest.raises(UndefinedBehaviorError, match="nan"):
        convert_f_to_s(coop(nan), target(coop(nan), np.int32))
    assert convert_f_to_u(coop(nan), target(coop(nan), np.uint32), strict=False).values.item() == 0


def test_fp8_results_follow_the_profiles_overflow_setting():
    values = np.array([[[1000.0]]], np.float32)
    saturated = f_convert(coop(values), target(coop(values), ml_dtypes.float8_e4m3fn), profile="reference")
    assert float(saturated.values.item()) == 448.0
    nan = f_convert(coop(values), target(coop(values), ml_dtypes.float8_e4m3fn), profile="nvidia-h100")
    assert np.isnan(float(nan.values.item()))


def test_int64_to_float_rounds_once():
    """2^60 + 2^36 + 1 is just above a float32 tie: a cast through float64 would round it down to the tie and
    then to even; one rounding goes up."""
    value = np.array([[[2 ** 60 + 2 ** 36 + 1]]], np.int64)
    got = convert_s_to_f(coop(value), target(coop(value), np.float32)).values.item()
    assert got == oracle.round_to(oracle.exact(2 ** 60 + 2 ** 36 + 1), np.dtype(np.float32)) == 2.0 ** 60 + 2 ** 37


def test_conversions_may_turn_an_accumulator_into_a_or_b_and_nothing_else():
    acc = coop(np.ones((1, 2, 3), np.float32))
    assert f_convert(acc, target(acc, np.float16, A)).type.use == A
    assert f_convert(acc, target(acc, np.float16, B)).type.use == B
    a = coop(np.ones((1, 2, 3), np.float32), A)
    with pytest.raises(InvalidArgumentError, match="changes Use from MatrixAKHR to MatrixAccumulatorKHR .*only from "
                                                   "MatrixAccumulatorKHR"):
        f_convert(a, target(a, np.float16, ACC))
    with pytest.raises(InvalidArgumentError, match="changes Use from MatrixAKHR to MatrixBKHR"):
        f_convert(a, target(a, np.float16, B))
    ints = coop(np.ones((1, 2, 3), np.int32))
    with pytest.raises(InvalidArgumentError, match="OpBitcast.*restriction on OpBitcast is not relaxed"):
        bitcast(ints, target(ints, np.uint32, A))
    assert bitcast(ints, target(ints, np.uint32)).values.dtype == np.uint32


def test_conversions_keep_scope_rows_and_columns():
    acc = coop(np.ones((1, 2, 3), np.float32))
    with pytest.raises(InvalidArgumentError, match="same Scope, number of Rows and number of Columns"):
        f_convert(acc, CoopMatType(np.float16, Scope.Subgroup, 3, 2, ACC))
    with pytest.raises(InvalidArgumentError, match="same Scope"):
        f_convert(acc, CoopMatType(np.float16, Scope.Workgroup, 2, 3, ACC))


def test_component_rules_of_each_conversion():
    f32 = coop(np.ones((1, 2, 2), np.float32))
    i32 = coop(np.ones((1, 2, 2), np.int32))
    with pytest.raises(InvalidArgumentError, match="component width must not equal"):
        f_convert(f32, target(f32, np.float32))
    assert f_convert(coop(np.ones((1, 2, 2), np.float16)), target(f32, ml_dtypes.bfloat16)).values.dtype == \
        ml_dtypes.bfloat16                                                        # one width, another encoding
    with pytest.raises(InvalidArgumentError, match="component width must not equal"):
        s_convert(i32, target(i32, np.uint32))
    with pytest.raises(InvalidArgumentError, match="OpUConvert needs an integer type whose Signedness is 0"):
        u_convert(i32, target(i32, np.int64))
    with pytest.raises(InvalidArgumentError, match="OpConvertFToU needs an integer type whose Signedness is 0"):
        convert_f_to_u(f32, target(f32, np.int32))
    with pytest.raises(InvalidArgumentError, match="converts float components to float components; got int32"):
        f_convert(i32, target(i32, np.float16))
    with pytest.raises(InvalidArgumentError, match="converts integer components to float"):
        convert_s_to_f(f32, target(f32, np.float16))
    with pytest.raises(InvalidArgumentError, match="integer types with the same Width"):
        bitcast(f32, target(f32, np.int32))
    with pytest.raises(InvalidArgumentError, match="integer types with the same Width"):
        bitcast(i32, target(i32, np.int16))
    with pytest.raises(InvalidArgumentError, match="'Value' is a list"):
        f_convert([1.0], target(f32, np.float16))


def test_every_conversion_is_listed_for_executors():
    assert set(CONVERSIONS) == {"OpFConvert", "OpConvertSToF", "OpConvertUToF", "OpConvertFToS", "OpConvertFToU",
                                "OpSConvert", "OpUConvert", "OpBitcast"}
