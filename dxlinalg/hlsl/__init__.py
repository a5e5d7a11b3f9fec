"""HLSL for Python shaders: `dx::linalg` plus the surface a shader needs around it.

`from dxlinalg.hlsl import *` gives a shader module HLSL's names: `dx::linalg` (MatrixRef,
VectorRef, MakeInterpretedVector, Mul, MulAdd, OuterProductAccumulate, VectorAccumulate,
DATA_TYPE_*, MATRIX_LAYOUT_*) and the surface every Python shader shares (dxlinalg.hlsl.surface):
resource declarations, system values, wave intrinsics, the masking construct for branches
(`if_`/`else_`/`assign`), HLSL types (`float16_t`, `vector[T, N]`) and elementwise intrinsics.
`max`, `min`, `abs`, `round`, `pow`, `any` and `all` take Python's builtins' place there: HLSL's
meaning on numpy arrays and scalars (lane values), Python's own on everything else, so host code in
the same module keeps working (see dxlinalg.gpu.intrinsics).

Cooperative matrices under GLSL's names (`coopmat`, `coopMatLoad`, `gl_*`, ...) are `dxlinalg.glsl`.
They were attributes of this module before; `dxlinalg.hlsl.coopmat` and `from dxlinalg.hlsl import
coopmat` still work until dxlinalg 0.3, with a DeprecationWarning, but the star import no longer gives
them, so that no HLSL shader warns (docs/samples.md).
"""

import warnings

from dxlinalg.hlsl.surface import *  # noqa: F403 (the shared shader surface, re-exported whole)
from dxlinalg.hlsl.linalg import (
    DATA_TYPE_FLOAT8_E4M3,
    DATA_TYPE_FLOAT8_E5M2,
    DATA_TYPE_FLOAT16,
    DATA_TYPE_FLOAT32,
    DATA_TYPE_SINT8,
    DATA_TYPE_SINT8_T4_PACKED,
    DATA_TYPE_SINT16,
    DATA_TYPE_SINT32,
    DATA_TYPE_UINT8,
    DATA_TYPE_UINT8_T4_PACKED,
    DATA_TYPE_UINT16,
    DATA_TYPE_UINT32,
    MATRIX_LAYOUT_COLUMN_MAJOR,
    MATRIX_LAYOUT_MUL_OPTIMAL,
    MATRIX_LAYOUT_OUTER_PRODUCT_OPTIMAL,
    MATRIX_LAYOUT_ROW_MAJOR,
    DataType,
    InterpretedVector,
    MakeInterpretedVector,
    MatrixLayout,
    MatrixRef,
    MatrixRefImpl,
    Mul,
    MulAdd,
    OuterProductAccumulate,
    RWMatrixRef,
    RWVectorRef,
    VectorAccumulate,
    VectorRef,
    VectorRefImpl,
)

__all__ = [name for name in dir() if not name.startswith("_") and name not in ("linalg", "surface", "warnings")]

#: The dxlinalg release that drops the GLSL names from this module.
GLSL_NAMES_REMOVED_IN = "0.3"


def __getattr__(name: str) -> object:
    """GLSL's names, which lived here before dxlinalg.glsl: still resolved, with a DeprecationWarning."""
    from dxlinalg import glsl  # here, not at the top: dxlinalg.glsl imports this package

    if name not in glsl.GLSL_NAMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(f"dxlinalg.hlsl.{name} is deprecated and will be removed in dxlinalg {GLSL_NAMES_REMOVED_IN}: "
                  f"GLSL's names are in dxlinalg.glsl (from dxlinalg.glsl import {name}; see docs/samples.md)",
                  DeprecationWarning, stacklevel=2)
    return getattr(glsl, name)

