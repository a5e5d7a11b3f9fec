"""Per-instruction tests of comparisons, logical operators, OpAny/OpAll, IsNan/IsInf and OpSelect."""

import numpy as np
import pytest

from tests.spirv.kernels import apply_op

LANES = 128
rng = np.random.default_rng(3)


def ints(dtype, count=1):
    shape = (LANES,) if count == 1 else (LANES, count)
    values = rng.integers(-4, 4, shape).astype(dtype)
    values.reshape(-1)[:4] = np.array([np.iinfo(dtype).min, np.iinfo(dtype).max, 0, 1], dtype)
    return values


def floats(count=1):
    shape = (LANES,) if count == 1 else (LANES, count)
    values = rng.integers(-3, 3, shape).astype(np.float32)
    values.reshape(-1)[:6] = [np.nan, np.inf, -np.inf, -0.0, 0.0, np.nan]
    return values


INTEGER_COMPARISONS = [
    ("OpIEqual", np.equal, "u"), ("OpINotEqual", np.not_equal, "u"),
    ("OpUGreaterThan", np.greater, "u"), ("OpSGreaterThan", np.greater, "s"),
    ("OpUGreaterThanEqual", np.greater_equal, "u"), ("OpSGreaterThanEqual", np.greater_equal, "s"),
    ("OpULessThan", np.less, "u"), ("OpSLessThan", np.less, "s"),
    ("OpULessThanEqual", np.less_equal, "u"), ("OpSLessThanEqual", np.less_equal, "s"),
]


@pytest.mark.parametrize("opname, oracle, signedness", INTEGER_COMPARISONS)
@pytest.mark.parametrize("width", [32, 64, 16])
def test_integer_comparisons_read_the_signedness_the_opcode_names(opname, oracle, signedness, width):
    a = ints(np.dtype(f"i{width // 8}"), 2)
    b = np.roll(ints(np.dtype(f"i{width // 8}"), 2), 1)
    view = f"{'i' if signedness == 's' else 'u'}{width // 8}"
    out = apply_op(opname, [f"i{width}x2", f"i{width}x2"], "boolx2", [a, b])
    assert np.array_equal(out, oracle(a.view(view), b.view(view)))


FLOAT_COMPARISONS = [
    ("OpFOrdEqual", lambda x, y: x == y), ("OpFUnordEqual", lambda x, y: (x == y) | np.isnan(x) | np.isnan(y)),
    ("OpFOrdNotEqual", lambda x, y: (x != y) & ~np.isnan(x) & ~np.isnan(y)), ("OpFUnordNotEqual", np.not_equal),
    ("OpFOrdLessThan", np.less), ("OpFUnordLessThan", lambda x, y: ~(x >= y)),
    ("OpFOrdGreaterThan", np.greater), ("OpFUnordGreaterThan", lambda x, y: ~(x <= y)),
    ("OpFOrdLessThanEqual", np.less_equal), ("OpFUnordLessThanEqual", lambda x, y: ~(x > y)),
    ("OpFOrdGreaterThanEqual", np.greater_equal), ("OpFUnordGreaterThanEqual", lambda x, y: ~(x < y)),
]


@pytest.mark.parametrize("opname, oracle", FLOAT_COMPARISONS)
def test_float_comparisons_ordered_and_unordered(opname, oracle):
    a, b = floats(), np.roll(floats(), 3)
    with np.errstate(invalid="ignore"):
        expected = oracle(a, b)
    assert np.array_equal(apply_op(opname, ["f32", "f32"], "bool", [a, b]), expected)


@pytest.mark.parametrize("opname, oracle", [("OpLogicalEqual", np.equal), ("OpLogicalNotEqual", np.not_equal),
                                            ("OpLogicalOr", np.logical_or), ("OpLogicalAnd", np.logical_and)])
def test_logical_binary(opname, oracle):
    a, b = rng.random((LANES, 3)) < 0.5, rng.random((LANES, 3)) < 0.5
    assert np.array_equal(apply_op(opname, ["boolx3", "boolx3"], "boolx3", [a, b]), oracle(a, b))


def test_logical_not_any_all():
    a = rng.random((LANES, 4)) < 0.7
    assert np.array_equal(apply_op("OpLogicalNot", ["boolx4"], "boolx4", [a]), ~a)
    assert np.array_equal(apply_op("OpAny", ["boolx4"], "bool", [a]), a.any(axis=1))
    assert np.array_equal(apply_op("OpAll", ["boolx4"], "bool", [a]), a.all(axis=1))


def test_is_nan_is_inf():
    a = floats(2).astype(np.float16)
    assert np.array_equal(apply_op("OpIsNan", ["f16x2"], "boolx2", [a]), np.isnan(a))
    assert np.array_equal(apply_op("OpIsInf", ["f16x2"], "boolx2", [a]), np.isinf(a))


def test_select_with_scalar_and_vector_conditions():
    condition = rng.random(LANES) < 0.5
    a, b = floats(3), floats(3)
    out = apply_op("OpSelect", ["bool", "f32x3", "f32x3"], "f32x3", [condition, a, b])
    assert np.array_equal(out, np.where(condition[:, None], a, b), equal_nan=True)
    per_component = rng.random((LANES, 3)) < 0.5
    out = apply_op("OpSelect", ["boolx3", "f32x3", "f32x3"], "f32x3", [per_component, a, b])
    assert np.array_equal(out, np.where(per_component, a, b), equal_nan=True)
