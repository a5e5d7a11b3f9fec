"""GLSL for Python shaders: cooperative matrices under GLSL's names, with the surface a shader needs.

`from dxlinalg.glsl import *` gives a shader module GLSL's cooperative-matrix names, spelled as
GL_KHR_cooperative_matrix and GL_NV_cooperative_matrix2 spell them (`coopmat[...]`, `coopMatLoad`,
`coopMatMulAdd`, `coopMatLoadTensorNV`, `createTensorLayoutNV`, `gl_ScopeSubgroup`, `gl_MatrixUse*`,
the tensor layout and view functions, the reduce and clamp modes), their element types (`bfloat16_t`,
`floate4m3_t`, `floate5m2_t`, `int8_t`, `uint8_t`), and the surface every Python shader shares
(dxlinalg.hlsl.surface: bindings, system values, wave intrinsics, barriers, groupshared memory,
`if_`/`else_`/`assign`, types and intrinsics, under HLSL's names because D3D12 dispatches them).
HLSL's `dx::linalg` (cooperative vectors) is dxlinalg.hlsl's alone. docs/coopmat-dsl.md is the guide.
"""

from dxlinalg.coopmat.glsl_matrix import (
    CoopMatValue,
    bfloat16_t,
    coopmat,
    floate4m3_t,
    floate5m2_t,
    gl_MatrixUseA,
    gl_MatrixUseAccumulator,
    gl_MatrixUseB,
    gl_ScopeSubgroup,
    gl_ScopeWorkgroup,
    int8_t,
    uint8_t,
)
from dxlinalg.coopmat.glsl_matrix_ops import (
    LaneTensorLayout,
    coopMatLoad,
    coopMatLoadTensorNV,
    coopMatMulAdd,
    coopMatPerElementNV,
    coopMatReduceNV,
    coopMatStore,
    coopMatStoreTensorNV,
    coopMatTransposeNV,
    gl_CooperativeMatrixLayoutColumnMajor,
    gl_CooperativeMatrixLayoutRowMajor,
    gl_MatrixOperandsSaturatingAccumulation,
    setTensorLayoutBlockSizeNV,
    setTensorLayoutClampValueNV,
    setTensorLayoutDimensionNV,
    setTensorLayoutStrideNV,
    sliceTensorLayoutNV,
)
from dxlinalg.coopmat.glsl_tensor import (
    createTensorLayoutNV,
    createTensorViewNV,
    gl_CooperativeMatrixClampModeClampToEdgeNV,
    gl_CooperativeMatrixClampModeConstantNV,
    gl_CooperativeMatrixClampModeMirrorRepeatNV,
    gl_CooperativeMatrixClampModeRepeatNV,
    gl_CooperativeMatrixClampModeUndefinedNV,
    setTensorViewClipNV,
    setTensorViewDimensionsNV,
    setTensorViewStrideNV,
)
from dxlinalg.coopmat.reduce import (
    gl_CooperativeMatrixReduce2x2NV,
    gl_CooperativeMatrixReduceColumnNV,
    gl_CooperativeMatrixReduceRowAndColumnNV,
    gl_CooperativeMatrixReduceRowNV,
)

#: The names this module adds to the shared surface (dxlinalg.hlsl resolves them, deprecated, until 0.3).
GLSL_NAMES = tuple(sorted(name for name in dir() if not name.startswith("_")))

from dxlinalg.hlsl.surface import *  # noqa: E402, F403 (the shared shader surface, re-exported whole)
from dxlinalg.hlsl.surface import __all__ as _SURFACE_NAMES  # noqa: E402

__all__ = [*GLSL_NAMES, *_SURFACE_NAMES]
