"""The SM 6.10 linear-algebra query structs (features 77 and 78), C field names, DirectX-Headers preview 1.721.1.

`c_sizeof` is the x64 C size of the idl's layout; tests/d3d12api/test_sm610_features.py checks each one
against a ctypes mirror. The union of D3D12_FEATURE_DATA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT is
six fields here, as `D3D12_RESOURCE_BARRIER`'s is: `OperationType` says which one the call reads and
writes. DXC's test copy of these structs (HlslExecTestUtils.h `linalg_abi`, Aug 2026) has another layout
(no shape list, a Shape input and a BOOL in MatrixConstruction); its size is `DXC_TEST_COPY_SIZEOF`,
which the query rejects (docs/sm610-d3d12.md).
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from d3d12api.linalg_enums import (
    D3D12_LINEAR_ALGEBRA_DATATYPE,
    D3D12_LINEAR_ALGEBRA_MULTIPLICATION_SUPPORT_FLAGS,
    D3D12_LINEAR_ALGEBRA_OPERATION_TYPE,
    D3D12_LINEAR_ALGEBRA_TIER,
)
from d3d12api.structs import BOOL, UINT, D3D12Struct
from dxlinalg.c_struct import enum_field

DATATYPE = enum_field(D3D12_LINEAR_ALGEBRA_DATATYPE)
FLAGS = enum_field(D3D12_LINEAR_ALGEBRA_MULTIPLICATION_SUPPORT_FLAGS)
#: sizeof(D3D12_FEATURE_DATA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT) in DXC's test copy (4 + a 44-byte union).
DXC_TEST_COPY_SIZEOF = 48


class D3D12_FEATURE_DATA_LINEAR_ALGEBRA_SUPPORT(D3D12Struct):
    c_sizeof: ClassVar[int] = 4
    LinearAlgebraTier: enum_field(D3D12_LINEAR_ALGEBRA_TIER) = 0


class D3D12_LINEAR_ALGEBRA_MATRIX_CONSTRUCTION_SUPPORT(D3D12Struct):
    """In: ComponentType, WaveSize; out: MinM, MinK, MinN (all 0: not supported)."""

    c_sizeof: ClassVar[int] = 20
    ComponentType: DATATYPE = 0
    WaveSize: UINT = 0
    MinM: UINT = 0
    MinK: UINT = 0
    MinN: UINT = 0


class D3D12_LINEAR_ALGEBRA_MATRIX_MULTIPLY_SHAPE(D3D12Struct):
    c_sizeof: ClassVar[int] = 12
    M: UINT = 0
    K: UINT = 0
    N: UINT = 0


class D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_INPUTS(D3D12Struct):
    c_sizeof: ClassVar[int] = 16
    WaveSize: UINT = 0
    MatrixAComponentType: DATATYPE = 0
    MatrixBComponentType: DATATYPE = 0
    AccumulatorComponentType: DATATYPE = 0


class D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_SUPPORT(D3D12Struct):
    """In: Inputs, NumShapes (the size of Shapes); out: SupportFlags, NumShapes (the number of native shapes),
    and Shapes filled when it is a list (None: count only)."""

    c_sizeof: ClassVar[int] = 32
    Inputs: D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_INPUTS = Field(
        default_factory=D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_INPUTS)
    SupportFlags: FLAGS = 0
    NumShapes: UINT = 0
    Shapes: Any = None


class D3D12_LINEAR_ALGEBRA_THREADGROUP_MATRIX_MULTIPLY_SUPPORT(D3D12Struct):
    c_sizeof: ClassVar[int] = 44
    WaveInputs: D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_INPUTS = Field(
        default_factory=D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_INPUTS)
    Shape: D3D12_LINEAR_ALGEBRA_MATRIX_MULTIPLY_SHAPE = Field(
        default_factory=D3D12_LINEAR_ALGEBRA_MATRIX_MULTIPLY_SHAPE)
    SupportFlags: FLAGS = 0
    MinThreadGroupSize: UINT = 0
    MaxThreadGroupSize: UINT = 0
    PreferredThreadGroupSize: UINT = 0


class D3D12_LINEAR_ALGEBRA_THREAD_VECTOR_MATRIX_MULTIPLY_SUPPORT(D3D12Struct):
    c_sizeof: ClassVar[int] = 20
    VectorInputType: DATATYPE = 0
    MatrixInputType: DATATYPE = 0
    BiasInputType: DATATYPE = 0
    VectorResultType: DATATYPE = 0
    SupportFlags: FLAGS = 0


class D3D12_LINEAR_ALGEBRA_THREAD_OUTER_PRODUCT_SUPPORT(D3D12Struct):
    c_sizeof: ClassVar[int] = 12
    InputComponentType: DATATYPE = 0
    ResultComponentType: DATATYPE = 0
    Supported: BOOL = False


class D3D12_LINEAR_ALGEBRA_ATOMIC_ACCUMULATE_STORE_SUPPORT(D3D12Struct):
    c_sizeof: ClassVar[int] = 12
    ComponentType: DATATYPE = 0
    RWByteAddressBufferSupported: BOOL = False
    GroupSharedSupported: BOOL = False


class D3D12_FEATURE_DATA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT(D3D12Struct):
    """C has a union of the six members; `OperationType` says which one the call reads and fills."""

    c_sizeof: ClassVar[int] = 56
    OperationType: enum_field(D3D12_LINEAR_ALGEBRA_OPERATION_TYPE) = 0
    MatrixConstruction: D3D12_LINEAR_ALGEBRA_MATRIX_CONSTRUCTION_SUPPORT = Field(
        default_factory=D3D12_LINEAR_ALGEBRA_MATRIX_CONSTRUCTION_SUPPORT)
    WaveMatrixMultiply: D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_SUPPORT = Field(
        default_factory=D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_SUPPORT)
    ThreadGroupMatrixMultiply: D3D12_LINEAR_ALGEBRA_THREADGROUP_MATRIX_MULTIPLY_SUPPORT = Field(
        default_factory=D3D12_LINEAR_ALGEBRA_THREADGROUP_MATRIX_MULTIPLY_SUPPORT)
    ThreadVectorMatrixMultiply: D3D12_LINEAR_ALGEBRA_THREAD_VECTOR_MATRIX_MULTIPLY_SUPPORT = Field(
        default_factory=D3D12_LINEAR_ALGEBRA_THREAD_VECTOR_MATRIX_MULTIPLY_SUPPORT)
    ThreadOuterProductSupport: D3D12_LINEAR_ALGEBRA_THREAD_OUTER_PRODUCT_SUPPORT = Field(
        default_factory=D3D12_LINEAR_ALGEBRA_THREAD_OUTER_PRODUCT_SUPPORT)
    AccumulateStore: D3D12_LINEAR_ALGEBRA_ATOMIC_ACCUMULATE_STORE_SUPPORT = Field(
        default_factory=D3D12_LINEAR_ALGEBRA_ATOMIC_ACCUMULATE_STORE_SUPPORT)


#: The runtime spec's name of the same struct (its usage example).
D3D12_FEATURE_DATA_MATRIX_OPERATION_SUPPORT = D3D12_FEATURE_DATA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT

SM610_STRUCTS: tuple[type[D3D12Struct], ...] = (
    D3D12_FEATURE_DATA_LINEAR_ALGEBRA_SUPPORT,
    D3D12_LINEAR_ALGEBRA_MATRIX_CONSTRUCTION_SUPPORT,
    D3D12_LINEAR_ALGEBRA_MATRIX_MULTIPLY_SHAPE,
    D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_INPUTS,
    D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_SUPPORT,
    D3D12_LINEAR_ALGEBRA_THREADGROUP_MATRIX_MULTIPLY_SUPPORT,
    D3D12_LINEAR_ALGEBRA_THREAD_VECTOR_MATRIX_MULTIPLY_SUPPORT,
    D3D12_LINEAR_ALGEBRA_THREAD_OUTER_PRODUCT_SUPPORT,
    D3D12_LINEAR_ALGEBRA_ATOMIC_ACCUMULATE_STORE_SUPPORT,
    D3D12_FEATURE_DATA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT,
)
