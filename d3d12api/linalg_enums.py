"""The SM 6.10 linear-algebra enums of the D3D12 preview SDK (DirectX-Headers `preview` 1.721.1, d3d12.idl).

`D3D12_LINEAR_ALGEBRA_DATATYPE` here has the 6.10 SDK's numbers (FLOAT16 = 7, SINT8 = 18, ...), which
are neither DXIL's nor the SM 6.9 seed's that `d3d12api.enums` keeps for the cooperative-vector API.
The two enums share a C name, so this one is reached through `d3d12api.sm610` (a program written for
6.10 star-imports it after `d3d12api`), never through `from d3d12api import *`. `NONE = 0` is in the
runtime spec and DXC's copy of the header but not in the idl; a bias of NONE needs it, so it is kept.
"""

from __future__ import annotations

from enum import IntEnum, IntFlag

from dxlinalg.numerics.component_types import ComponentType
from dxlinalg.profile.linalg_operations import LinalgOperationKind
from dxlinalg.profile.linalg_support import LINALG_TYPE_NAMES, LinalgTier


class D3D12_LINEAR_ALGEBRA_TIER(IntEnum):
    TIER_NOT_SUPPORTED = 0x00
    TIER_1_0 = 0x10


class D3D12_LINEAR_ALGEBRA_DATATYPE(IntEnum):
    """The 6.10 SDK numbering (not DXIL ComponentType, not the 6.9 seed)."""

    NONE = 0
    SINT16 = 2
    UINT16 = 3
    SINT32 = 4
    UINT32 = 5
    FLOAT16 = 7
    FLOAT32 = 8
    SINT8 = 18
    UINT8 = 19
    FLOAT8_E4M3FN = 20
    FLOAT8_E5M2 = 21


class D3D12_LINEAR_ALGEBRA_OPERATION_TYPE(IntEnum):
    MATRIX_CONSTRUCTION = 0
    WAVE_MATRIX_MULTIPLY = 1
    THREADGROUP_MATRIX_MULTIPLY = 2
    THREAD_VECTOR_MATRIX_MULTIPLY = 3
    THREAD_OUTER_PRODUCT = 4
    ATOMIC_ACCUMULATE_STORE = 5


class D3D12_LINEAR_ALGEBRA_MULTIPLICATION_SUPPORT_FLAGS(IntFlag):
    NONE = 0
    SUPPORTED = 1
    EMULATED_INPUTS = 2
    EMULATED_OUTPUTS = 4
    TRANSPOSE = 8


SDK_DATATYPE = D3D12_LINEAR_ALGEBRA_DATATYPE
#: 6.10 SDK datatype <-> the type it names (by name, so no numbering leaks across).
_TYPE_OF: dict[SDK_DATATYPE, ComponentType] = {SDK_DATATYPE[name]: t for name, t in LINALG_TYPE_NAMES.items()}
_DATATYPE_OF: dict[ComponentType, SDK_DATATYPE] = {t: d for d, t in _TYPE_OF.items()}

assert [t.value for t in LinalgTier] == [t.value for t in D3D12_LINEAR_ALGEBRA_TIER]
assert [k.value for k in LinalgOperationKind] == [o.value for o in D3D12_LINEAR_ALGEBRA_OPERATION_TYPE]


def component_type_of(datatype: SDK_DATATYPE) -> ComponentType | None:
    """The type a 6.10 SDK datatype names; None for NONE."""
    return _TYPE_OF.get(SDK_DATATYPE(datatype))


def sdk_datatype(component_type: ComponentType | None) -> SDK_DATATYPE:
    """The 6.10 SDK datatype of a type (NONE for None)."""
    return SDK_DATATYPE.NONE if component_type is None else _DATATYPE_OF[component_type]


#: (class, C prefix): the constants `d3d12api.sm610` exports under their C names.
SM610_ENUMS: tuple[tuple[type, str], ...] = (
    (D3D12_LINEAR_ALGEBRA_TIER, "D3D12_LINEAR_ALGEBRA_"),
    (D3D12_LINEAR_ALGEBRA_DATATYPE, "D3D12_LINEAR_ALGEBRA_DATATYPE_"),
    (D3D12_LINEAR_ALGEBRA_OPERATION_TYPE, "D3D12_LINEAR_ALGEBRA_OPERATION_TYPE_"),
    (D3D12_LINEAR_ALGEBRA_MULTIPLICATION_SUPPORT_FLAGS, "D3D12_LINEAR_ALGEBRA_MULTIPLICATION_SUPPORT_FLAG_"),
)
