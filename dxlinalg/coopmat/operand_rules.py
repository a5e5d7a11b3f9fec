"""The operand-type rules that Reduce, PerElementOp, ConvertNV and TransposeNV state alike.

Each instruction of SPV_NV_cooperative_matrix2 says which Use its 'Matrix' and 'Result Type' must
have and which of Component Type, Scope, Rows and Columns they share; these checks state one such
sentence each, with the instruction's name and the values in the message.
"""

from __future__ import annotations

import numbers

from dxlinalg.coopmat.matrix_type import CoopMatrix, CoopMatType, MatrixUse
from dxlinalg.errors import InvalidArgumentError

COOPMAT2 = "SPV_NV_cooperative_matrix2"

FIELD_NAMES = {"component": "Component Type", "scope": "Scope", "rows": "Rows", "cols": "Columns"}


def require_matrix(value: object, operand: str, op: str) -> CoopMatrix:
    """An operand that must be a cooperative matrix value."""
    if not isinstance(value, CoopMatrix):
        raise InvalidArgumentError(
            f"{op}: '{operand}' must be a CoopMatrix (an OpTypeCooperativeMatrixKHR value), got "
            f"{type(value).__name__}")
    return value


def require_result_type(value: object, op: str) -> CoopMatType:
    """'Result Type' must be an OpTypeCooperativeMatrixKHR type."""
    if not isinstance(value, CoopMatType):
        raise InvalidArgumentError(
            f"{op}: 'Result Type' must be a CoopMatType (an OpTypeCooperativeMatrixKHR), got "
            f"{type(value).__name__} ({COOPMAT2}: {op})")
    return value


def check_use(matrix_type: CoopMatType, allowed: tuple[MatrixUse, ...], operand: str, op: str) -> None:
    """The Use of `operand` is one of `allowed`."""
    if matrix_type.use not in allowed:
        names = " or ".join(use.name for use in allowed)
        raise InvalidArgumentError(
            f"{op}: '{operand}' is {matrix_type}; its Use must be {names} ({COOPMAT2}: {op}: the Use of "
            f"'{operand}' must be {names})")


def check_same(field: str, matrix_type: CoopMatType, result_type: CoopMatType, op: str) -> None:
    """'Matrix' and 'Result Type' agree in `field` (component, scope, rows or cols)."""
    mine, theirs = getattr(matrix_type, field), getattr(result_type, field)
    if mine != theirs:
        name = FIELD_NAMES[field]
        if field == "scope":
            mine, theirs = mine.name, theirs.name
        raise InvalidArgumentError(
            f"{op}: 'Matrix' has {name} {mine} and 'Result Type' {theirs} ({matrix_type} -> "
            f"{result_type}); they must have the same {name} ({COOPMAT2}: {op})")


def require_call_index(value: object, op: str) -> int:
    """The call number that seeds a per-call order: a non-negative integer."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 0:
        raise InvalidArgumentError(f"{op}: call_index {value!r} must be a non-negative integer (it seeds the "
                                   f"order of this call)")
    return int(value)
