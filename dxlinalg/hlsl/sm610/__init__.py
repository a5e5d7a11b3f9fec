"""SM 6.10 `dx::linalg` (proposal 0035) for Python shaders: `from dxlinalg.hlsl import sm610 as linalg`.

The SM 6.9 names (`dxlinalg.hlsl`: MatrixRef, Mul, MulAdd, ...) stay where they are; a shader picks 6.10 by
importing this module (docs/sm610.md). Everything here lowers to `dxlinalg.dxil.linalg_matrix`.
"""

from dxlinalg.dxil.linalg_matrix.types import (
    ComponentType,
    DimMN,
    DstN,
    ElementsPerScalar,
    IsNativeScalar,
    MatrixLayout,
    MatrixScope,
    MatrixUse,
    ScalarCountFromPackedComponents,
)
from dxlinalg.hlsl.sm610.functions import (
    AccumulatorLayout,
    Convert,
    InterlockedAccumulate,
    InterpretedVector,
    MakeInterpretedVector,
    Multiply,
    MultiplyAdd,
    OuterProduct,
    VectorRef,
    VectorRefImpl,
)
from dxlinalg.hlsl.sm610.matrix import SCOPE_TABLE, Matrix, MatrixTemplate, MatrixValue, check_scope_table

__all__ = [
    "SCOPE_TABLE", "AccumulatorLayout", "ComponentType", "Convert", "DimMN", "DstN", "ElementsPerScalar",
    "InterlockedAccumulate", "InterpretedVector", "IsNativeScalar", "MakeInterpretedVector", "Matrix", "MatrixLayout",
    "MatrixScope", "MatrixTemplate", "MatrixUse", "MatrixValue", "Multiply", "MultiplyAdd", "OuterProduct",
    "ScalarCountFromPackedComponents", "VectorRef", "VectorRefImpl", "check_scope_table",
]
