"""The 21 SM 6.10 LinAlg DXIL operations (proposal 0035; DXC hctdb.py ExperimentalOps 11..31), DXIL operand order.

    11 linAlgMatrixMultiplyAccumulate(A, B, C)       22 linAlgMatrixQueryAccumulatorLayout()
    12 linAlgFillMatrix(value)                       23 linAlgMatrixMultiply(A, B)
    13 linAlgCopyConvertMatrix(src, transpose)       24 linAlgMatrixAccumulate(LHS, RHS)
    14 linAlgMatrixLoadFromDescriptor(handle, offset, stride, layout, align)
    15 linAlgMatrixLoadFromMemory(memory, offset, stride, layout)
    16 linAlgMatrixLength(M)                         25 linAlgMatVecMul(M, isOutputSigned, vec, interp)
    17 linAlgMatrixGetCoordinate(M, index)           26 linAlgMatVecMulAdd(M, isOutputSigned, vec, interp, bias)
    18 linAlgMatrixGetElement(M, index)              29 linAlgMatrixOuterProduct(a, b)
    19 linAlgMatrixSetElement(M, index, value)       30 linAlgConvert(vec, inInterp, outInterp)
    20 linAlgMatrixStoreToDescriptor(M, handle, offset, stride, layout, align)
    21 linAlgMatrixStoreToMemory(M, memory, offset, stride, layout)
    27 linAlgMatrixAccumulateToDescriptor(M, handle, offset, stride, layout, align)
    28 linAlgMatrixAccumulateToMemory(M, memory, targetType, offset, stride, layout)
    31 linAlgVectorAccumulateToDescriptor(handle, offset, align, vec)

A result matrix type (DXIL's overload) is the keyword `result_type`. Rules: `rules` (DXC's names). Types and
traits: `types`. Wave/ThreadGroup values: `scope.ScopedMatrix`; Thread scope: `thread_ops`. See docs/sm610.md.
"""

from dxlinalg.dxil.linalg_matrix.ops import (
    OpCode,
    linAlgCopyConvertMatrix,
    linAlgFillMatrix,
    linAlgMatrixAccumulate,
    linAlgMatrixAccumulateToDescriptor,
    linAlgMatrixAccumulateToMemory,
    linAlgMatrixGetCoordinate,
    linAlgMatrixGetElement,
    linAlgMatrixLength,
    linAlgMatrixLoadFromDescriptor,
    linAlgMatrixLoadFromMemory,
    linAlgMatrixMultiply,
    linAlgMatrixMultiplyAccumulate,
    linAlgMatrixQueryAccumulatorLayout,
    linAlgMatrixSetElement,
    linAlgMatrixStoreToDescriptor,
    linAlgMatrixStoreToMemory,
)
from dxlinalg.dxil.linalg_matrix.scope import ScopedMatrix
from dxlinalg.dxil.linalg_matrix.thread_ops import (
    ThreadMatrix,
    ThreadOuterProduct,
    linAlgConvert,
    linAlgMatrixOuterProduct,
    linAlgMatVecMul,
    linAlgMatVecMulAdd,
    linAlgVectorAccumulateToDescriptor,
)
from dxlinalg.dxil.linalg_matrix.types import (
    ComponentType,
    MatrixLayout,
    MatrixScope,
    MatrixType,
    MatrixUse,
)

#: Each opcode's function, by DXIL name.
OPERATIONS = {
    OpCode.LinAlgMatrixMultiplyAccumulate: linAlgMatrixMultiplyAccumulate,
    OpCode.LinAlgFillMatrix: linAlgFillMatrix,
    OpCode.LinAlgCopyConvertMatrix: linAlgCopyConvertMatrix,
    OpCode.LinAlgMatrixLoadFromDescriptor: linAlgMatrixLoadFromDescriptor,
    OpCode.LinAlgMatrixLoadFromMemory: linAlgMatrixLoadFromMemory,
    OpCode.LinAlgMatrixLength: linAlgMatrixLength,
    OpCode.LinAlgMatrixGetCoordinate: linAlgMatrixGetCoordinate,
    OpCode.LinAlgMatrixGetElement: linAlgMatrixGetElement,
    OpCode.LinAlgMatrixSetElement: linAlgMatrixSetElement,
    OpCode.LinAlgMatrixStoreToDescriptor: linAlgMatrixStoreToDescriptor,
    OpCode.LinAlgMatrixStoreToMemory: linAlgMatrixStoreToMemory,
    OpCode.LinAlgMatrixQueryAccumulatorLayout: linAlgMatrixQueryAccumulatorLayout,
    OpCode.LinAlgMatrixMultiply: linAlgMatrixMultiply,
    OpCode.LinAlgMatrixAccumulate: linAlgMatrixAccumulate,
    OpCode.LinAlgMatVecMul: linAlgMatVecMul,
    OpCode.LinAlgMatVecMulAdd: linAlgMatVecMulAdd,
    OpCode.LinAlgMatrixAccumulateToDescriptor: linAlgMatrixAccumulateToDescriptor,
    OpCode.LinAlgMatrixAccumulateToMemory: linAlgMatrixAccumulateToMemory,
    OpCode.LinAlgMatrixOuterProduct: linAlgMatrixOuterProduct,
    OpCode.LinAlgConvert: linAlgConvert,
    OpCode.LinAlgVectorAccumulateToDescriptor: linAlgVectorAccumulateToDescriptor,
}

__all__ = ["OPERATIONS", "ComponentType", "MatrixLayout", "MatrixScope", "MatrixType", "MatrixUse", "OpCode",
           "ScopedMatrix", "ThreadMatrix", "ThreadOuterProduct", *(f.__name__ for f in OPERATIONS.values())]
