"""Arithmetic on cooperative matrices against a per-element oracle (exact rationals, Python integers), and the
rules of each instruction rejected by name."""

from __future__ import annotations

import math
from fractions import Fraction

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.coopmat import (
    ARITHMETIC,
    CoopMatrix,
    CoopMatType,
    MatrixUse,
    Scope,
    f_add,
    f_div,
    f_mul,
    f_negate,
    f_sub,
    i_add,
    i_mul,
    i_sub,
    matrix_times_scalar,
    s_div,
    s_negate,
    u_div,
)
from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from tests.coopmat import oracle_matrix as oracle

FLOATS = (np.float16, np.float32, np.float64, ml_dtypes.bfloat16, ml_dtypes.float8_e5m2, ml_dtypes.float8_e4m3fn)
INTEGERS = (np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64)
FLOAT_OPS = {f_add: lambda x, y: x + y, f_sub: lambda x, y: x - y, f_mul: lambda x, y: x * y,
             f_div: lambda x, y: x / y}


def coop(values: np.ndarray) -> CoopMatrix:
    return CoopMatrix(CoopMatType(values.dtype, Scope.Subgroup, values.shape[1], values.shape[2],
                                  MatrixUse.MatrixAccumulatorKHR), values)


def finite_values(rng: np.random.Generator, dtype: object, shape: tuple[int, ...]) -> np.ndarray:
    values = (rng.standard_normal(shape) * np.exp2(rng.integers(-3, 4, shape))).astype(np.float32).astype(dtype)
    return np.where(values == 0, np.ones((), dtype), values).astype(dtype)


@settings(max_examples=60, deadline=None)
@given(dtype=st.sampled_from(FLOATS), op=st.sampled_from(sorted(FLOAT_OPS, key=lambda f: f.__name__)),
       seed=st.integers(0, 2 ** 32 - 1))
def test_float_arithmetic_rounds_each_exact_result_once(dtype, op, seed):
    rng = np.random.default_rng(seed)
    x, y = finite_values(rng, dtype, (2, 3, 4)), finite_values(rng, dtype, (2, 3, 4))
    got = op(coop(x), coop(y))
    for index in np.ndindex(x.shape):
        expected = oracle.round_to(FLOAT_OPS[op](oracle.exact(x[index]), oracle.exact(y[index])), np.dtype(dtype))
        if math.isinf(expected):                                    # overflow: Inf, or NaN where there is none
            assert np.isinf(float(got.values[index])) or np.isnan(float(got.values[index]))
        else:
            assert float(got.values[index]) == expected


@settings(max_examples=60, deadline=None)
@given(dtype=st.sampled_from(INTEGERS), seed=st.integers(0, 2 ** 32 - 1))
def test_integer_arithmetic_wraps_and_divides_as_spirv_says(dtype, seed):
    rng = np.random.default_rng(seed)
    size = np.dtype(dtype).itemsize
    bits = [rng.integers(0, 256, (1, 3, 5, size), dtype=np.uint8).view(dtype).reshape(1, 3, 5) for _ in range(2)]
    x, y = bits
    y = np.where(y == 0, np.ones((), dtype), y).astype(dtype)
    mask = (1 << (8 * size)) - 1
    cases = {i_add: lambda a, b: a + b, i_sub: lambda a, b: a - b, i_mul: lambda a, b: a * b}
    for op, exact in cases.items():
        got = op(coop(x), coop(y)).values
        for index in np.ndindex(x.shape):
            u = [oracle.read_int(oracle.component_bits(v[index], dtype), size, False) for v in (x, y)]
            assert oracle.component_bits(got[index], dtype) == exact(*u) & mask
    signed = s_div(coop(x), coop(y), strict=False).values
    unsigned = u_div(coop(x), coop(y)).values
    negated = s_negate(coop(x)).values
    for index in np.ndindex(x.shape):
        sx, sy = (oracle.read_int(oracle.component_bits(v[index], dtype), size, True) for v in (x, y))
        ux, uy = (oracle.read_int(oracle.component_bits(v[index], dtype), size, False) for v in (x, y))
        quotient = int(Fraction(sx, sy)) if not (sx == -(1 << (8 * size - 1)) and sy == -1) else sx
        assert oracle.component_bits(signed[index], dtype) == quotient & mask          # toward zero
        assert oracle.component_bits(unsigned[index], dtype) == (ux // uy) & mask
        assert oracle.component_bits(negated[index], dtype) == (-sx) & mask


def test_negation_flips_the_sign_of_floats():
    x = np.array([[[1.5, -0.0, np.inf]]], np.float16)
    assert f_negate(coop(x)).values.tolist() == [[[-1.5, 0.0, -np.inf]]]
    assert np.signbit(f_negate(coop(x)).values[0, 0, 1]) == np.False_


def test_matrix_times_scalar_takes_one_scalar_or_one_per_instance():
    x = np.arange(12, dtype=np.float32).reshape(2, 2, 3)
    assert np.array_equal(matrix_times_scalar(coop(x), np.float32(2)).values, 2 * x)
    per_instance = matrix_times_scalar(coop(x), np.array([1, -1], np.float32)).values
    assert np.array_equal(per_instance, x * np.array([1, -1])[:, None, None])
    ints = np.full((1, 2, 2), 200, np.uint8)
    assert matrix_times_scalar(coop(ints), np.uint8(2)).values.tolist() == [[[144, 144], [144, 144]]]
    with pytest.raises(InvalidArgumentError, match="'Scalar' is float64; it must have the matrix's component type"):
        matrix_times_scalar(coop(x), 2.0)
    with pytest.raises(InvalidArgumentError, match="one per scope instance \\(2,\\)"):
        matrix_times_scalar(coop(x), np.ones(3, np.float32))


def test_division_by_zero_and_overflow_are_reported_in_strict_mode():
    x = np.array([[[7, -128, 5]]], np.int8)
    y = np.array([[[0, -1, 2]]], np.int8)
    with pytest.raises(UndefinedBehaviorError, match="OpSDiv: an element of Operand 2 is 0"):
        s_div(coop(x), coop(y))
    with pytest.raises(UndefinedBehaviorError, match="OpSDiv: -128 / -1"):
        s_div(coop(x), coop(np.array([[[1, -1, 2]]], np.int8)))
    assert s_div(coop(x), coop(y), strict=False).values.tolist() == [[[0, -128, 2]]]
    with pytest.raises(UndefinedBehaviorError, match="OpUDiv: an element of Operand 2 is 0"):
        u_div(coop(x), coop(y))
    assert u_div(coop(x), coop(y), strict=False).values.view(np.uint8).tolist() == [[[0, 0, 2]]]     # 128 // 255
    assert f_div(coop(np.ones((1, 1, 1), np.float32)), coop(np.zeros((1, 1, 1), np.float32))).values.item() == np.inf


def test_component_kinds_and_types_are_checked():
    f = coop(np.ones((1, 2, 2), np.float32))
    i = coop(np.ones((1, 2, 2), np.int32))
    with pytest.raises(InvalidArgumentError, match="OpFAdd: 'Operand 1' has integer components"):
        f_add(i, i)
    with pytest.raises(InvalidArgumentError, match="OpIAdd: 'Operand 1' has float components"):
        i_add(f, f)
    with pytest.raises(InvalidArgumentError, match="OpSNegate: 'Operand' has float components"):
        s_negate(f)
    with pytest.raises(InvalidArgumentError, match="OpFNegate: 'Operand' has integer"):
        f_negate(i)
    with pytest.raises(InvalidArgumentError, match="OpFMul: .*operands of one type"):
        f_mul(f, coop(np.ones((1, 2, 2), np.float16)))
    other_use = CoopMatrix(f.type.with_use(MatrixUse.MatrixAKHR), f.values)
    with pytest.raises(InvalidArgumentError, match="'whose type must match'"):
        f_sub(f, other_use)
    with pytest.raises(InvalidArgumentError, match="different numbers of scope instances"):
        f_add(f, coop(np.ones((2, 2, 2), np.float32)))
    with pytest.raises(InvalidArgumentError, match="'Operand 2' is a ndarray"):
        i_sub(i, i.values)
    with pytest.raises(InvalidArgumentError, match="OpIMul: 'Operand 1' has float"):
        i_mul(f, f)


def test_every_instruction_is_listed_for_executors():
    assert set(ARITHMETIC) == {"OpSNegate", "OpFNegate", "OpIAdd", "OpFAdd", "OpISub", "OpFSub", "OpFMul", "OpIMul",
                               "OpFDiv", "OpSDiv", "OpUDiv", "OpMatrixTimesScalar"}
