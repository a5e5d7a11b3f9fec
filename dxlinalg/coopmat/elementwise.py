"""The arithmetic SPIR-V allows on cooperative matrices, element by element, for every scope instance.

SPV_KHR_cooperative_matrix allows OpSNegate, OpFNegate, OpIAdd, OpFAdd, OpISub, OpFSub, OpFMul,
OpIMul, OpFDiv, OpSDiv, OpUDiv (OpF* on float components, OpI*/OpS*/OpU* on integer ones; both
operands of a binary instruction have the result's type) and OpMatrixTimesScalar (the Scalar has the
component type; SPIRV-Tools accepts it for integer components too).

Floats: IEEE 754 in the component type, each result correctly rounded to nearest even (numpy's and
ml_dtypes' arithmetic: float16, bfloat16 and float8 compute in float32, whose 24 bits make that one
correct rounding; float8 E4M3 overflows to NaN, having no infinity). Vulkan allows FDiv 2.5 ULP;
dxlinalg divides exactly rounded. Integers: two's complement, modulo 2^N (OpIAdd, OpISub, OpIMul,
OpSNegate); OpSDiv reads the bits as signed and truncates toward zero, OpUDiv reads them as unsigned.
A zero divisor, and OpSDiv of the minimum value by -1, are undefined: strict mode reports them,
permissive mode gives 0 and the wrapped minimum.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from dxlinalg.coopmat import matrix_rules as rules
from dxlinalg.coopmat.element_types import as_signed, as_unsigned
from dxlinalg.coopmat.matrix_type import CoopMatrix
from dxlinalg.errors import InvalidArgumentError


def _unary(matrix: object, op: str, float_op: bool) -> CoopMatrix:
    m = rules.check_matrix(matrix, "Operand", op)
    (rules.check_float_component if float_op else rules.check_integer_component)(m.type, "Operand", op)
    return m


def _binary(a: object, b: object, op: str, float_op: bool) -> tuple[CoopMatrix, CoopMatrix]:
    first, second = rules.check_matrix(a, "Operand 1", op), rules.check_matrix(b, "Operand 2", op)
    rules.check_same_type({"Operand 1": first.type, "Operand 2": second.type}, op)
    rules.check_same_instances({"Operand 1": first, "Operand 2": second}, op)
    (rules.check_float_component if float_op else rules.check_integer_component)(first.type, "Operand 1", op)
    return first, second


def _float(matrix: CoopMatrix, values: np.ndarray) -> CoopMatrix:
    return CoopMatrix(matrix.type, np.asarray(values, matrix.type.component))


def _bits(matrix: CoopMatrix, values: np.ndarray) -> CoopMatrix:
    """Integer results (any integer dtype of the width) as the matrix's component bits."""
    return CoopMatrix(matrix.type, np.ascontiguousarray(values).view(matrix.type.component))


# -- negation -------------------------------------------------------------------------------------------------
def f_negate(matrix: CoopMatrix) -> CoopMatrix:
    """OpFNegate: the sign flipped (NaNs and zeros too)."""
    m = _unary(matrix, "OpFNegate", True)
    return _float(m, -m.values)


def s_negate(matrix: CoopMatrix) -> CoopMatrix:
    """OpSNegate: 0 - x modulo 2^N."""
    m = _unary(matrix, "OpSNegate", False)
    return _bits(m, np.negative(as_unsigned(m.values)))


# -- float binary ---------------------------------------------------------------------------------------------
def _float_binary(a: object, b: object, op: str, operation: Callable[[np.ndarray, np.ndarray], np.ndarray]
                  ) -> CoopMatrix:
    first, second = _binary(a, b, op, True)
    with np.errstate(all="ignore"):                  # Inf, NaN and division by zero are IEEE results here
        return _float(first, operation(first.values, second.values))


def f_add(a: CoopMatrix, b: CoopMatrix) -> CoopMatrix:
    """OpFAdd."""
    return _float_binary(a, b, "OpFAdd", np.add)


def f_sub(a: CoopMatrix, b: CoopMatrix) -> CoopMatrix:
    """OpFSub."""
    return _float_binary(a, b, "OpFSub", np.subtract)


def f_mul(a: CoopMatrix, b: CoopMatrix) -> CoopMatrix:
    """OpFMul."""
    return _float_binary(a, b, "OpFMul", np.multiply)


def f_div(a: CoopMatrix, b: CoopMatrix) -> CoopMatrix:
    """OpFDiv, correctly rounded."""
    return _float_binary(a, b, "OpFDiv", np.divide)


# -- integer binary -------------------------------------------------------------------------------------------
def _wrapping(a: object, b: object, op: str, operation: Callable[[np.ndarray, np.ndarray], np.ndarray]
              ) -> CoopMatrix:
    first, second = _binary(a, b, op, False)
    return _bits(first, operation(as_unsigned(first.values), as_unsigned(second.values)))


def i_add(a: CoopMatrix, b: CoopMatrix) -> CoopMatrix:
    """OpIAdd, modulo 2^N."""
    return _wrapping(a, b, "OpIAdd", np.add)


def i_sub(a: CoopMatrix, b: CoopMatrix) -> CoopMatrix:
    """OpISub, modulo 2^N."""
    return _wrapping(a, b, "OpISub", np.subtract)


def i_mul(a: CoopMatrix, b: CoopMatrix) -> CoopMatrix:
    """OpIMul, the low N bits of the product (the same for signed and unsigned readings)."""
    return _wrapping(a, b, "OpIMul", np.multiply)


def _by_zero(x: np.ndarray, by_zero: str) -> np.ndarray:
    """What a division by zero gives in permissive mode (the profile's shader.integer_division_by_zero)."""
    if by_zero not in ("zero", "all_ones"):
        raise InvalidArgumentError(f"by_zero = {by_zero!r} must be 'zero' or 'all_ones'")
    return np.zeros_like(x) if by_zero == "zero" else np.full_like(x, -1 if x.dtype.kind == "i" else np.iinfo(x.dtype).max)


def s_div(a: CoopMatrix, b: CoopMatrix, *, strict: bool = True, by_zero: str = "zero") -> CoopMatrix:
    """OpSDiv: signed quotient rounded toward zero (by zero in permissive mode: `by_zero`)."""
    first, second = _binary(a, b, "OpSDiv", False)
    x, y = as_signed(first.values), as_signed(second.values)
    zero = y == 0
    minimum = np.iinfo(x.dtype).min
    overflow = (x == minimum) & (y == -1)
    if zero.any():
        rules.report_division_by_zero(strict, "OpSDiv")
    if overflow.any():
        rules.report_division_overflow(strict, int(minimum), "OpSDiv")
    divisor = np.where(zero | overflow, np.ones_like(y), y)
    quotient = x // divisor
    inexact = (quotient * divisor != x) & ((x < 0) != (divisor < 0))
    quotient = quotient + inexact.astype(quotient.dtype)                  # floor -> toward zero
    quotient = np.where(zero, _by_zero(x, by_zero), np.where(overflow, x, quotient))
    return _bits(first, quotient)


def u_div(a: CoopMatrix, b: CoopMatrix, *, strict: bool = True, by_zero: str = "zero") -> CoopMatrix:
    """OpUDiv: unsigned quotient (by zero in permissive mode: `by_zero`)."""
    first, second = _binary(a, b, "OpUDiv", False)
    x, y = as_unsigned(first.values), as_unsigned(second.values)
    zero = y == 0
    if zero.any():
        rules.report_division_by_zero(strict, "OpUDiv")
    quotient = np.where(zero, _by_zero(x, by_zero), x // np.where(zero, np.ones_like(y), y))
    return _bits(first, quotient)


# -- matrix times scalar ------------------------------------------------------------------------------------
def matrix_times_scalar(matrix: CoopMatrix, scalar: object) -> CoopMatrix:
    """OpMatrixTimesScalar: every element times Scalar (one value, or one per scope instance)."""
    op = "OpMatrixTimesScalar"
    m = rules.check_matrix(matrix, "Matrix", op)
    factor = rules.check_scalar(np.asarray(scalar), m.type, m.instances, op)[:, None, None]
    if rules.is_float(m.type.component):
        with np.errstate(all="ignore"):
            return _float(m, m.values * factor)
    return _bits(m, as_unsigned(m.values) * as_unsigned(factor))


#: Each instruction's function, by SPIR-V opcode name, for an executor to dispatch.
ARITHMETIC: dict[str, Callable[..., CoopMatrix]] = {
    "OpFNegate": f_negate, "OpSNegate": s_negate, "OpFAdd": f_add, "OpFSub": f_sub, "OpFMul": f_mul,
    "OpFDiv": f_div, "OpIAdd": i_add, "OpISub": i_sub, "OpIMul": i_mul, "OpSDiv": s_div, "OpUDiv": u_div,
    "OpMatrixTimesScalar": matrix_times_scalar,
}
