"""The 21 SM 6.10 LinAlg DXIL operations (proposal 0035; DXC hctdb.py ExperimentalOps 11..31), DXIL operand order.

    linAlgMatrixMultiplyAccumulate(A, B, C)            linAlgMatrixStoreToMemory(M, memory, offset, stride, layout)
    linAlgFillMatrix(value)                            linAlgMatrixQueryAccumulatorLayout()
    linAlgCopyConvertMatrix(src, transpose)            linAlgMatrixMultiply(A, B)
    linAlgMatrixLoadFromDescriptor(h, off, stride, layout, align)
    linAlgMatrixLoadFromMemory(memory, off, stride, layout)
    linAlgMatrixLength(M)                              linAlgMatrixAccumulate(LHS, RHS)
    linAlgMatrixGetCoordinate(M, index)                linAlgMatVecMul(M, isOutputSigned, vec, interp)
    linAlgMatrixGetElement(M, index)                   linAlgMatVecMulAdd(M, isOutputSigned, vec, interp, bias)
    linAlgMatrixSetElement(M, index, value)            linAlgMatrixAccumulateToDescriptor(M, h, off, stride, layout, align)
    linAlgMatrixStoreToDescriptor(M, h, off, stride, layout, align)
    linAlgMatrixAccumulateToMemory(M, memory, targetType, off, stride, layout)
    linAlgMatrixOuterProduct(a, b)   linAlgConvert(vec, inInterp, outInterp)   linAlgVectorAccumulateToDescriptor(h, off, align, vec)

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
