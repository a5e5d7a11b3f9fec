"""OpCooperativeMatrixConvertNV and OpCooperativeMatrixTransposeNV: an Accumulator becomes an A or B.

SPV_NV_cooperative_matrix2. ConvertNV changes only the Use (Accumulator to A or B), keeping the
component type, scope, rows and columns; a conversion that also changes the component type is
Op{F,S,U}Convert's job. TransposeNV turns an Accumulator MxN into a MatrixB NxM of the same scope
and component type: SPIR-V names only the scope, GL_NV_cooperative_matrix2's coopMatTransposeNV
also the component type, and dxlinalg holds both surfaces to it. Values are held logically (one
matrix per scope instance), so which invocation holds which element afterwards is the ownership
map's business, not these instructions'.
"""

from __future__ import annotations

from dxlinalg.coopmat.matrix_type import CoopMatrix, CoopMatType, MatrixUse
from dxlinalg.coopmat.operand_rules import (
    COOPMAT2,
    check_same,
    check_use,
    require_matrix,
    require_result_type,
)
from dxlinalg.coopmat.tangled import require_not_in_callback
from dxlinalg.errors import InvalidArgumentError

CONVERT_OP = "OpCooperativeMatrixConvertNV"
CONVERT_OPCODE = 5293
CONVERT_WORD_COUNT = 4      # opcode, Result Type, Result, Matrix (seed 000 and the registry say 3)
TRANSPOSE_OP = "OpCooperativeMatrixTransposeNV"
TRANSPOSE_OPCODE = 5390
TRANSPOSE_WORD_COUNT = 4    # opcode, Result Type, Result, Matrix (seed 000 and the registry say 3)
CAPABILITY = 5431           # CooperativeMatrixConversionsNV


def check_convert_types(matrix_type: CoopMatType, result_type: CoopMatType, op: str = CONVERT_OP) -> None:
    """Accumulator -> A or B, with the same Component Type, Scope, Rows and Columns."""
    check_use(matrix_type, (MatrixUse.MatrixAccumulatorKHR,), "Matrix", op)
    check_use(result_type, (MatrixUse.MatrixAKHR, MatrixUse.MatrixBKHR), "Result Type", op)
    for field in ("component", "scope", "rows", "cols"):
        check_same(field, matrix_type, result_type, op)


def check_transpose_types(matrix_type: CoopMatType, result_type: CoopMatType, op: str = TRANSPOSE_OP) -> None:
    """Accumulator MxN -> MatrixB NxM with the same Scope and Component Type."""
    check_use(matrix_type, (MatrixUse.MatrixAccumulatorKHR,), "Matrix", op)
    check_use(result_type, (MatrixUse.MatrixBKHR,), "Result Type", op)
    check_same("scope", matrix_type, result_type, op)
    check_same("component", matrix_type, result_type, op)
    if (result_type.rows, result_type.cols) != (matrix_type.cols, matrix_type.rows):
        raise InvalidArgumentError(
            f"{op}: 'Matrix' is {matrix_type.rows}x{matrix_type.cols} and 'Result Type' {result_type.rows}x"
            f"{result_type.cols}; the result must be {matrix_type.cols}x{matrix_type.rows} ({COOPMAT2}: {op}: Rows "
            f"and Columns swapped relative to Result Type)")


def convert_matrix(matrix: CoopMatrix, result_type: CoopMatType) -> CoopMatrix:
    """OpCooperativeMatrixConvertNV: the same values under the A or B `result_type`."""
    require_not_in_callback(CONVERT_OP)
    matrix = require_matrix(matrix, "Matrix", CONVERT_OP)
    result_type = require_result_type(result_type, CONVERT_OP)
    check_convert_types(matrix.type, result_type)
    return CoopMatrix(result_type, matrix.values.copy())


def transpose_matrix(matrix: CoopMatrix, result_type: CoopMatType) -> CoopMatrix:
    """OpCooperativeMatrixTransposeNV: result[i, c, r] = matrix[i, r, c] as the MatrixB `result_type`."""
    require_not_in_callback(TRANSPOSE_OP)
    matrix = require_matrix(matrix, "Matrix", TRANSPOSE_OP)
    result_type = require_result_type(result_type, TRANSPOSE_OP)
    check_transpose_types(matrix.type, result_type)
    return CoopMatrix(result_type, matrix.values.transpose(0, 2, 1).copy())
