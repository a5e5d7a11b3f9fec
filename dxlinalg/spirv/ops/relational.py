"""Comparisons, logical operators, OpAny/OpAll, IsNan/IsInf and OpSelect.

Float comparisons come in ordered (false if an operand is NaN) and unordered (true if an operand
is NaN) forms; integer comparisons read the operands with the signedness the opcode names.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from dxlinalg.spirv.compiler import Compute, Frame, InstructionContext, components, register_opcode
from dxlinalg.spirv.lanes import mask_for, merge
from dxlinalg.spirv.ops.common import signed, unsigned, view
from dxlinalg.spirv.types import BoolType, PointerType, VectorType


def _compare(c: InstructionContext, kinds: str, function: Callable[[np.ndarray, np.ndarray], np.ndarray],
             signedness: str = "") -> Compute:
    result = c.numeric_result("b")
    left = c.same_shape(0, result, kinds, same_width=False)
    c.same_shape(1, left, kinds)
    a, b = c.value(0), c.value(1)
    dtype = left.dtype  # type: ignore[attr-defined]
    operand = signed(dtype) if signedness == "s" else unsigned(dtype) if signedness == "u" else None

    def compute(f: Frame) -> np.ndarray:
        x, y = f.values[a], f.values[b]
        if operand is not None:
            x, y = view(x, operand), view(y, operand)
        return function(x, y)
    return compute


def _unordered(function: Callable[[np.ndarray, np.ndarray], np.ndarray]) -> Callable[..., np.ndarray]:
    return lambda x, y: function(x, y) | np.isnan(x) | np.isnan(y)


def _ordered_not_equal(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    return (x != y) & ~np.isnan(x) & ~np.isnan(y)


for _name, _function, _sign in (
        ("OpIEqual", np.equal, "u"), ("OpINotEqual", np.not_equal, "u"),
        ("OpUGreaterThan", np.greater, "u"), ("OpSGreaterThan", np.greater, "s"),
        ("OpUGreaterThanEqual", np.greater_equal, "u"), ("OpSGreaterThanEqual", np.greater_equal, "s"),
        ("OpULessThan", np.less, "u"), ("OpSLessThan", np.less, "s"),
        ("OpULessThanEqual", np.less_equal, "u"), ("OpSLessThanEqual", np.less_equal, "s")):
    register_opcode(_name)(lambda c, fn=_function, s=_sign: _compare(c, "i", fn, s))

for _name, _function in (
        ("OpFOrdEqual", np.equal), ("OpFOrdNotEqual", _ordered_not_equal), ("OpFOrdLessThan", np.less),
        ("OpFOrdGreaterThan", np.greater), ("OpFOrdLessThanEqual", np.less_equal),
        ("OpFOrdGreaterThanEqual", np.greater_equal),
        ("OpFUnordEqual", _unordered(np.equal)), ("OpFUnordNotEqual", np.not_equal),
        ("OpFUnordLessThan", _unordered(np.less)), ("OpFUnordGreaterThan", _unordered(np.greater)),
        ("OpFUnordLessThanEqual", _unordered(np.less_equal)),
        ("OpFUnordGreaterThanEqual", _unordered(np.greater_equal))):
    register_opcode(_name)(lambda c, fn=_function: _compare(c, "f", fn))

for _name, _function in (("OpLogicalEqual", np.equal), ("OpLogicalNotEqual", np.not_equal),
                         ("OpLogicalOr", np.logical_or), ("OpLogicalAnd", np.logical_and)):
    register_opcode(_name)(lambda c, fn=_function: _compare(c, "b", fn))


@register_opcode("OpLogicalNot")
def _logical_not(c: InstructionContext) -> Compute:
    c.same_shape(0, c.numeric_result("b"), "b")
    a = c.value(0)
    return lambda f: np.logical_not(f.values[a])


def _classify(c: InstructionContext, function: Callable[[np.ndarray], np.ndarray]) -> Compute:
    result = c.numeric_result("b")
    c.same_shape(0, result, "f", same_width=False)
    a = c.value(0)
    return lambda f: function(f.values[a])


register_opcode("OpIsNan")(lambda c: _classify(c, np.isnan))
register_opcode("OpIsInf")(lambda c: _classify(c, np.isinf))


def _reduce_vector(c: InstructionContext, function: Callable[..., np.ndarray]) -> Compute:
    c.expect(isinstance(c.result_type, BoolType), "result type must be a bool scalar")
    vector = c.value_type(0)
    c.expect(isinstance(vector, VectorType) and isinstance(vector.component, BoolType), "operand must be a bool vector")
    a = c.value(0)
    return lambda f: function(f.values[a], axis=1)


register_opcode("OpAny")(lambda c: _reduce_vector(c, np.any))
register_opcode("OpAll")(lambda c: _reduce_vector(c, np.all))


@register_opcode("OpSelect")
def _select(c: InstructionContext) -> Compute:
    result = c.result_type
    condition = c.value_type(0)
    c.expect(isinstance(condition, BoolType) or (isinstance(condition, VectorType) and
                                                isinstance(condition.component, BoolType)),
             "Condition must be a bool scalar or vector")
    for k in (1, 2):
        c.expect(c.value_type(k).id == result.id,  # type: ignore[union-attr]
                 f"operand {k + 1} must have the result type {result!r}")
    if isinstance(condition, VectorType):
        c.expect(isinstance(result, VectorType) and components(result) == condition.count,
                 "a vector Condition needs vector objects with as many components")
    if isinstance(result, PointerType) and not result.physical:
        c.expect(isinstance(condition, BoolType), "selecting pointers needs a scalar Condition")
    cond, a, b = c.value(0), c.value(1), c.value(2)

    def compute(f: Frame) -> Any:
        choose = f.values[cond]
        first, second = f.values[a], f.values[b]
        if choose.shape[0] == 1 and choose.ndim == 1:
            return first if choose[0] else second
        if isinstance(first, np.ndarray) and choose.ndim == first.ndim:
            return np.where(choose, first, second)
        if isinstance(first, np.ndarray):
            return np.where(mask_for(choose, max(first.ndim, second.ndim)), first, second)
        return merge(choose, first, second)
    return compute
