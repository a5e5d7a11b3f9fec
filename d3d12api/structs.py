"""D3D12 structs as pydantic models: C field names, zero defaults, aggregate initialisation.

Like C structs they take positional values in field order (`D3D12_RANGE(0, 256)`), nested
structs may be given as tuples (`{ {..}, {..} }` in C), and enum fields accept any integer (an
out-of-range value is reported by the call that reads it, as D3D12 would). Integer and enum
fields are constructed from integers only (Python ints, numpy integers, bools). Assignment is not
validated (`info.DataDesc.DestVA = va + size`), so the call that reads a field checks it: a
non-integer (`info.DestInfo.NumRows = 40.0`) is reported there like any other bad value, naming
the field, where C would have truncated it silently. Unknown field names are errors, so typos show.
Pointer fields hold Python objects: resources, or lists that a call fills in place.
`sizeof` gives the C (x64) size, for CheckFeatureSupport's FeatureSupportDataSize.
"""

from __future__ import annotations

import ctypes
from collections.abc import Sequence
from typing import Annotated, Any, ClassVar

from pydantic import Field, PlainValidator

from d3d12api.enums import (
    D3D12_COMMAND_LIST_TYPE,
    D3D12_COMMAND_QUEUE_FLAGS,
    D3D12_COOPERATIVE_VECTOR_TIER,
    D3D12_CPU_PAGE_PROPERTY,
    D3D12_HEAP_TYPE,
    D3D12_LINEAR_ALGEBRA_DATATYPE,
    D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT,
    D3D12_MEMORY_POOL,
    D3D12_RESOURCE_BARRIER_FLAGS,
    D3D12_RESOURCE_BARRIER_TYPE,
    D3D12_RESOURCE_DIMENSION,
    D3D12_RESOURCE_FLAGS,
    D3D12_RESOURCE_STATES,
    D3D12_TEXTURE_LAYOUT,
    D3D_SHADER_MODEL,
    DXGI_FORMAT,
)
from dxlinalg.c_struct import CStruct, enum_field, to_int

UINT = Annotated[int, PlainValidator(to_int)]
INT = UINT  # C INT: an integer too (the range is the reading call's to check)
BOOL = Annotated[bool, PlainValidator(lambda value: bool(to_int(value)))]
D3D12_GPU_VIRTUAL_ADDRESS = UINT
DATATYPE = enum_field(D3D12_LINEAR_ALGEBRA_DATATYPE)
LAYOUT = enum_field(D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT)


def as_list(items: Any) -> list[Any]:
    """A C pointer to one struct or to an array: one object, a sequence, or None."""
    if items is None:
        return []
    if isinstance(items, Sequence) and not isinstance(items, (str, bytes)):
        return list(items)
    return [items]

class D3D12Struct(CStruct):
    """Base of every struct: positional (aggregate) construction and a C size."""

    c_sizeof: ClassVar[int] = 0


def sizeof(value: Any) -> int:
    """C `sizeof`: a D3D12 struct (class or instance) or a ctypes type such as `c_float`."""
    if isinstance(value, D3D12Struct) or (isinstance(value, type) and issubclass(value, D3D12Struct)):
        return value.c_sizeof
    return ctypes.sizeof(value)


# --- feature support -----------------------------------------------------------------------

class D3D12_FEATURE_DATA_SHADER_MODEL(D3D12Struct):
    c_sizeof: ClassVar[int] = 4
    HighestShaderModel: enum_field(D3D_SHADER_MODEL) = 0


class D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL(D3D12Struct):
    c_sizeof: ClassVar[int] = 4
    CooperativeVectorTier: enum_field(D3D12_COOPERATIVE_VECTOR_TIER) = 0


class D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL(D3D12Struct):
    """One Mul/MulAdd combination the device supports."""

    c_sizeof: ClassVar[int] = 24
    InputType: DATATYPE = 0
    InputInterpretation: DATATYPE = 0
    MatrixInterpretation: DATATYPE = 0
    BiasInterpretation: DATATYPE = 0
    OutputType: DATATYPE = 0
    TransposeSupported: BOOL = False


class D3D12_COOPERATIVE_VECTOR_PROPERTIES_ACCUMULATE(D3D12Struct):
    """One OuterProductAccumulate / VectorAccumulate combination the device supports."""

    c_sizeof: ClassVar[int] = 8
    InputType: DATATYPE = 0
    AccumulationType: DATATYPE = 0


class D3D12_FEATURE_DATA_COOPERATIVE_VECTOR(D3D12Struct):
    """Each p...Properties is None (the call writes the count) or a list the call fills."""

    c_sizeof: ClassVar[int] = 48
    MatrixVectorMulAddPropCount: UINT = 0
    pMatrixVectorMulAddProperties: Any = None
    OuterProductAccumulatePropCount: UINT = 0
    pOuterProductAccumulateProperties: Any = None
    VectorAccumulatePropCount: UINT = 0
    pVectorAccumulateProperties: Any = None


# --- matrix conversion -----------------------------------------------------------------------

class D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO(D3D12Struct):
    c_sizeof: ClassVar[int] = 24
    DestSize: UINT = 0
    DestLayout: LAYOUT = 0
    DestStride: UINT = 0
    NumRows: UINT = 0
    NumColumns: UINT = 0
    DestDataType: DATATYPE = 0


class D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_SRC_INFO(D3D12Struct):
    c_sizeof: ClassVar[int] = 16
    SrcSize: UINT = 0
    SrcDataType: DATATYPE = 0
    SrcLayout: LAYOUT = 0
    SrcStride: UINT = 0


class D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DATA(D3D12Struct):
    c_sizeof: ClassVar[int] = 16
    DestVA: D3D12_GPU_VIRTUAL_ADDRESS = 0
    SrcVA: D3D12_GPU_VIRTUAL_ADDRESS = 0


class D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO(D3D12Struct):
    c_sizeof: ClassVar[int] = 56
    DestInfo: D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO = Field(
        default_factory=D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO)
    SrcInfo: D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_SRC_INFO = Field(
        default_factory=D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_SRC_INFO)
    DataDesc: D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DATA = Field(
        default_factory=D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DATA)


# --- resources ------------------------------------------------------------------------------

class D3D12_HEAP_PROPERTIES(D3D12Struct):
    c_sizeof: ClassVar[int] = 20
    Type: enum_field(D3D12_HEAP_TYPE) = 0
    CPUPageProperty: enum_field(D3D12_CPU_PAGE_PROPERTY) = 0
    MemoryPoolPreference: enum_field(D3D12_MEMORY_POOL) = 0
    CreationNodeMask: UINT = 0
    VisibleNodeMask: UINT = 0


class DXGI_SAMPLE_DESC(D3D12Struct):
    c_sizeof: ClassVar[int] = 8
    Count: UINT = 0
    Quality: UINT = 0


class D3D12_RESOURCE_DESC(D3D12Struct):
    c_sizeof: ClassVar[int] = 56
    Dimension: enum_field(D3D12_RESOURCE_DIMENSION) = 0
    Alignment: UINT = 0
    Width: UINT = 0
    Height: UINT = 0
    DepthOrArraySize: UINT = 0
    MipLevels: UINT = 0
    Format: enum_field(DXGI_FORMAT) = 0
    SampleDesc: DXGI_SAMPLE_DESC = Field(default_factory=DXGI_SAMPLE_DESC)
    Layout: enum_field(D3D12_TEXTURE_LAYOUT) = 0
    Flags: enum_field(D3D12_RESOURCE_FLAGS) = 0


class D3D12_RANGE(D3D12Struct):
    c_sizeof: ClassVar[int] = 16
    Begin: UINT = 0
    End: UINT = 0


# --- queues and barriers ----------------------------------------------------------------------

class D3D12_COMMAND_QUEUE_DESC(D3D12Struct):
    c_sizeof: ClassVar[int] = 16
    Type: enum_field(D3D12_COMMAND_LIST_TYPE) = 0
    Priority: INT = 0
    Flags: enum_field(D3D12_COMMAND_QUEUE_FLAGS) = 0
    NodeMask: UINT = 0


class D3D12_RESOURCE_TRANSITION_BARRIER(D3D12Struct):
    c_sizeof: ClassVar[int] = 24
    pResource: Any = None
    Subresource: UINT = 0
    StateBefore: enum_field(D3D12_RESOURCE_STATES) = 0
    StateAfter: enum_field(D3D12_RESOURCE_STATES) = 0


class D3D12_RESOURCE_ALIASING_BARRIER(D3D12Struct):
    c_sizeof: ClassVar[int] = 16
    pResourceBefore: Any = None
    pResourceAfter: Any = None


class D3D12_RESOURCE_UAV_BARRIER(D3D12Struct):
    c_sizeof: ClassVar[int] = 8
    pResource: Any = None


class D3D12_RESOURCE_BARRIER(D3D12Struct):
    """C has a union of Transition / Aliasing / UAV; `Type` says which member is read."""

    c_sizeof: ClassVar[int] = 32
    Type: enum_field(D3D12_RESOURCE_BARRIER_TYPE) = 0
    Flags: enum_field(D3D12_RESOURCE_BARRIER_FLAGS) = 0
    Transition: D3D12_RESOURCE_TRANSITION_BARRIER = Field(default_factory=D3D12_RESOURCE_TRANSITION_BARRIER)
    Aliasing: D3D12_RESOURCE_ALIASING_BARRIER = Field(default_factory=D3D12_RESOURCE_ALIASING_BARRIER)
    UAV: D3D12_RESOURCE_UAV_BARRIER = Field(default_factory=D3D12_RESOURCE_UAV_BARRIER)


STRUCTS: tuple[type[D3D12Struct], ...] = (
    D3D12_FEATURE_DATA_SHADER_MODEL,
    D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL,
    D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL,
    D3D12_COOPERATIVE_VECTOR_PROPERTIES_ACCUMULATE,
    D3D12_FEATURE_DATA_COOPERATIVE_VECTOR,
    D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO,
    D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_SRC_INFO,
    D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DATA,
    D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO,
    D3D12_HEAP_PROPERTIES,
    DXGI_SAMPLE_DESC,
    D3D12_RESOURCE_DESC,
    D3D12_RANGE,
    D3D12_COMMAND_QUEUE_DESC,
    D3D12_RESOURCE_TRANSITION_BARRIER,
    D3D12_RESOURCE_ALIASING_BARRIER,
    D3D12_RESOURCE_UAV_BARRIER,
    D3D12_RESOURCE_BARRIER,
)

__all__ = [struct.__name__ for struct in STRUCTS] + ["D3D12Struct", "sizeof", "D3D12_GPU_VIRTUAL_ADDRESS"]
