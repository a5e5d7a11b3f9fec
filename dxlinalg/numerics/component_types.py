"""DXIL component types and matrix layouts, with the facts every other module asks of them.

Values are the SM 6.9 preview ones (hlsl-specs 0029 enum, DXC 1.8.2505). The 0029 worked
examples use literals (16, 19, 5) that contradict this enum; the enum wins.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from enum import IntEnum

import ml_dtypes
import numpy as np

from dxlinalg.errors import InvalidArgumentError


if sys.byteorder != "little":  # device memory is little-endian; native dtypes must match it
    raise ImportError("dxlinalg needs a little-endian host")


class ComponentType(IntEnum):
    """DXIL ComponentType (DxilConstants.h, SM 6.9 preview numbering)."""

    Invalid = 0
    I1 = 1
    I16 = 2
    U16 = 3
    I32 = 4
    U32 = 5
    I64 = 6
    U64 = 7
    F16 = 8
    F32 = 9
    F64 = 10
    SNormF16 = 11
    UNormF16 = 12
    SNormF32 = 13
    UNormF32 = 14
    SNormF64 = 15
    UNormF64 = 16
    PackedS8x32 = 17
    PackedU8x32 = 18
    U8 = 19
    I8 = 20
    F8_E4M3 = 21
    F8_E5M2 = 22


class MatrixLayout(IntEnum):
    """DXIL LinalgMatrixLayout (SM 6.9); same values as D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT."""

    RowMajor = 0
    ColumnMajor = 1
    MulOptimal = 2
    OuterProductOptimal = 3

    @property
    def is_optimal(self) -> bool:
        return self in (MatrixLayout.MulOptimal, MatrixLayout.OuterProductOptimal)


@dataclass(frozen=True)
class TypeInfo:
    """What a component type is: storage width, kind and the numpy dtype holding one element.

    For packed types `dtype` is the 8-bit element type of one unpacked component and `bits`
    is the 32-bit width of the physical word.
    """

    component_type: ComponentType
    bits: int
    is_float: bool
    is_signed: bool
    is_packed: bool
    dtype: np.dtype

    @property
    def size_bytes(self) -> int:
        return self.bits // 8

    @property
    def is_integer(self) -> bool:
        return not self.is_float

    @property
    def is_fp8(self) -> bool:
        return self.component_type in (ComponentType.F8_E4M3, ComponentType.F8_E5M2)


def _info(ct: ComponentType, bits: int, is_float: bool, signed: bool, dtype: object,
          packed: bool = False) -> TypeInfo:
    return TypeInfo(ct, bits, is_float, signed, packed, np.dtype(dtype))


_TYPE_INFO: dict[ComponentType, TypeInfo] = {
    info.component_type: info
    for info in (
        _info(ComponentType.I16, 16, False, True, np.int16),
        _info(ComponentType.U16, 16, False, False, np.uint16),
        _info(ComponentType.I32, 32, False, True, np.int32),
        _info(ComponentType.U32, 32, False, False, np.uint32),
        _info(ComponentType.I64, 64, False, True, np.int64),
        _info(ComponentType.U64, 64, False, False, np.uint64),
        _info(ComponentType.F16, 16, True, True, np.float16),
        _info(ComponentType.F32, 32, True, True, np.float32),
        _info(ComponentType.F64, 64, True, True, np.float64),
        _info(ComponentType.PackedS8x32, 32, False, True, np.int8, packed=True),
        _info(ComponentType.PackedU8x32, 32, False, False, np.uint8, packed=True),
        _info(ComponentType.U8, 8, False, False, np.uint8),
        _info(ComponentType.I8, 8, False, True, np.int8),
        _info(ComponentType.F8_E4M3, 8, True, True, ml_dtypes.float8_e4m3fn),
        _info(ComponentType.F8_E5M2, 8, True, True, ml_dtypes.float8_e5m2),
    )
}

#: Input ("from-register") interpretations, hlsl-specs 0029 and DXC `LinalgInvalidRegisterInterpValue`.
REGISTER_INTERPRETATIONS: frozenset[ComponentType] = frozenset({
    ComponentType.I16, ComponentType.U16, ComponentType.I32, ComponentType.U32,
    ComponentType.F16, ComponentType.F32, ComponentType.PackedS8x32, ComponentType.PackedU8x32,
    ComponentType.U8, ComponentType.I8, ComponentType.F8_E4M3, ComponentType.F8_E5M2,
})

#: Memory interpretations (matrix, bias): the register list without the packed types.
MEMORY_INTERPRETATIONS: frozenset[ComponentType] = REGISTER_INTERPRETATIONS - {
    ComponentType.PackedS8x32, ComponentType.PackedU8x32,
}

#: Element types a physical input vector may have in HLSL/DXIL (overload letters `hfwi`).
PHYSICAL_VECTOR_TYPES: frozenset[ComponentType] = frozenset({
    ComponentType.F16, ComponentType.F32, ComponentType.I16, ComponentType.U16,
    ComponentType.I32, ComponentType.U32,
})


def type_info(component_type: ComponentType | int) -> TypeInfo:
    """Facts about a component type; raises for types without a storage meaning (I1, SNorm, ...)."""
    ct = as_component_type(component_type, "component_type")
    info = _TYPE_INFO.get(ct)
    if info is None:
        raise InvalidArgumentError(
            f"component_type {ct.name} ({int(ct)}) has no element storage in the linear-algebra ops")
    return info


def _require_integer(value: object, argument: str) -> int:
    """An enum operand's value: an int (or numpy integer), never 8.0, "8" or None, which int() would
    truncate or choke on."""
    if not isinstance(value, (int, np.integer)):
        raise InvalidArgumentError(f"{argument} = {value!r} is not an integer")
    return int(value)


def as_component_type(value: ComponentType | int, argument: str) -> ComponentType:
    """Coerce an int to ComponentType, naming `argument` when the value is not in the enum."""
    number = _require_integer(value, argument)
    try:
        return ComponentType(number)
    except ValueError:
        raise InvalidArgumentError(
            f"{argument} = {value} is not a DXIL ComponentType value (valid: 0..22)") from None


def as_matrix_layout(value: MatrixLayout | int, argument: str = "layout") -> MatrixLayout:
    """Coerce an int to MatrixLayout, naming `argument` when out of the range 0..3."""
    number = _require_integer(value, argument)
    try:
        return MatrixLayout(number)
    except ValueError:
        raise InvalidArgumentError(
            f"{argument} = {value} is not a matrix layout (valid: 0 RowMajor, 1 ColumnMajor, "
            f"2 MulOptimal, 3 OuterProductOptimal)") from None


def require_memory_interpretation(value: ComponentType | int, argument: str) -> ComponentType:
    """Matrix and bias interpretations must be memory interpretations (no packed types)."""
    ct = as_component_type(value, argument)
    if ct not in MEMORY_INTERPRETATIONS:
        raise InvalidArgumentError(
            f"{argument} = {ct.name} ({int(ct)}) is not a valid memory interpretation; valid: "
            f"{_names(MEMORY_INTERPRETATIONS)} (hlsl-specs 0029: Memory Interpretations)")
    return ct


def require_register_interpretation(value: ComponentType | int, argument: str) -> ComponentType:
    """Input-vector interpretations must be register interpretations."""
    ct = as_component_type(value, argument)
    if ct not in REGISTER_INTERPRETATIONS:
        raise InvalidArgumentError(
            f"{argument} = {ct.name} ({int(ct)}) is not a valid input interpretation; valid: "
            f"{_names(REGISTER_INTERPRETATIONS)} (hlsl-specs 0029: From-Register Interpretations)")
    return ct


def _names(types: frozenset[ComponentType]) -> str:
    return ", ".join(t.name for t in sorted(types))



#: The names users write and read: D3D12_LINEAR_ALGEBRA_DATATYPE's short names (the seed's, then
#: the shipped header's FLOAT_E4M3/FLOAT_E5M2 aliases), for the twelve linear-algebra types.
#: The first name of a type is the one printed (d3d12api's enum uses the same names and values).
D3D12_TYPE_NAMES: dict[str, ComponentType] = {
    "SINT16": ComponentType.I16,
    "UINT16": ComponentType.U16,
    "SINT32": ComponentType.I32,
    "UINT32": ComponentType.U32,
    "FLOAT16": ComponentType.F16,
    "FLOAT32": ComponentType.F32,
    "SINT8_T4_PACKED": ComponentType.PackedS8x32,
    "UINT8_T4_PACKED": ComponentType.PackedU8x32,
    "UINT8": ComponentType.U8,
    "SINT8": ComponentType.I8,
    "E4M3": ComponentType.F8_E4M3,
    "E5M2": ComponentType.F8_E5M2,
    "FLOAT_E4M3": ComponentType.F8_E4M3,
    "FLOAT_E5M2": ComponentType.F8_E5M2,
}
D3D12_TYPE_PREFIX = "D3D12_LINEAR_ALGEBRA_DATATYPE_"
_PRINTED_NAMES: dict[ComponentType, str] = {t: n for n, t in reversed(D3D12_TYPE_NAMES.items())}
#: Every accepted spelling, upper-cased: the D3D12 names and the DXIL names of the same types.
_ACCEPTED_NAMES: dict[str, ComponentType] = {
    **{t.name.upper(): t for t in REGISTER_INTERPRETATIONS}, **D3D12_TYPE_NAMES}


def d3d12_type_name(component_type: ComponentType | int) -> str:
    """The D3D12 short name users read (FLOAT16, SINT8_T4_PACKED, E4M3); the DXIL name for other types."""
    ct = as_component_type(component_type, "component_type")
    return _PRINTED_NAMES.get(ct, ct.name)


def parse_component_type(name: str, argument: str) -> ComponentType:
    """A linear-algebra type from what a user wrote: a D3D12 short name (FLOAT16, SINT8_T4_PACKED,
    FLOAT_E4M3; the D3D12_LINEAR_ALGEBRA_DATATYPE_ prefix may be kept) or its DXIL name (F16,
    PackedS8x32, F8_E4M3), in any case. The error names `argument` and lists the D3D12 names."""
    key = name.strip().upper() if isinstance(name, str) else None
    if key is not None and key.startswith(D3D12_TYPE_PREFIX):
        key = key.removeprefix(D3D12_TYPE_PREFIX)
    component_type = _ACCEPTED_NAMES.get(key) if key else None
    if component_type is None:
        raise InvalidArgumentError(
            f"{argument} {name!r} is not a D3D12 linear-algebra type; valid: {', '.join(D3D12_TYPE_NAMES)} "
            f"(DXIL names such as F16 are accepted too)")
    return component_type
