"""`dx::linalg` of the SM 6.9 preview header (hlsl-specs 0031, DXC `dx/linalg.h`), in Python.

    MatrixRef<DATA_TYPE_FLOAT16, 64, 16, MATRIX_LAYOUT_MUL_OPTIMAL> W = {weights, 0, 0};
    vector<half, 64> h = MulAdd<half>(W, MakeInterpretedVector<DATA_TYPE_FLOAT16>(x), b);
reads
    W = MatrixRef[DATA_TYPE_FLOAT16, 64, 16, MATRIX_LAYOUT_MUL_OPTIMAL](weights, 0, 0)
    h = MulAdd[half](W, MakeInterpretedVector[DATA_TYPE_FLOAT16](x), b)
Every function lowers to one DXIL op of `dxlinalg.dxil` (the header's `__builtin_*` calls), with
IsUnsigned flags derived from the element types as the header does.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

import numpy as np

from dxlinalg import dxil
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.gpu.resources import resolve_handle
from dxlinalg.gpu.types import ScalarType, VectorType


class DataType(IntEnum):
    """`dx::linalg::DataType` (= DXIL ComponentType values of SM 6.9 preview)."""

    DATA_TYPE_SINT16 = 2
    DATA_TYPE_UINT16 = 3
    DATA_TYPE_SINT32 = 4
    DATA_TYPE_UINT32 = 5
    DATA_TYPE_FLOAT16 = 8
    DATA_TYPE_FLOAT32 = 9
    DATA_TYPE_SINT8_T4_PACKED = 17
    DATA_TYPE_UINT8_T4_PACKED = 18
    DATA_TYPE_UINT8 = 19
    DATA_TYPE_SINT8 = 20
    DATA_TYPE_FLOAT8_E4M3 = 21
    DATA_TYPE_FLOAT8_E5M2 = 22


class MatrixLayout(IntEnum):
    """`dx::linalg::MatrixLayout`."""

    MATRIX_LAYOUT_ROW_MAJOR = 0
    MATRIX_LAYOUT_COLUMN_MAJOR = 1
    MATRIX_LAYOUT_MUL_OPTIMAL = 2
    MATRIX_LAYOUT_OUTER_PRODUCT_OPTIMAL = 3


DATA_TYPE_SINT16 = DataType.DATA_TYPE_SINT16
DATA_TYPE_UINT16 = DataType.DATA_TYPE_UINT16
DATA_TYPE_SINT32 = DataType.DATA_TYPE_SINT32
DATA_TYPE_UINT32 = DataType.DATA_TYPE_UINT32
DATA_TYPE_FLOAT16 = DataType.DATA_TYPE_FLOAT16
DATA_TYPE_FLOAT32 = DataType.DATA_TYPE_FLOAT32
DATA_TYPE_SINT8_T4_PACKED = DataType.DATA_TYPE_SINT8_T4_PACKED
DATA_TYPE_UINT8_T4_PACKED = DataType.DATA_TYPE_UINT8_T4_PACKED
DATA_TYPE_UINT8 = DataType.DATA_TYPE_UINT8
DATA_TYPE_SINT8 = DataType.DATA_TYPE_SINT8
DATA_TYPE_FLOAT8_E4M3 = DataType.DATA_TYPE_FLOAT8_E4M3
DATA_TYPE_FLOAT8_E5M2 = DataType.DATA_TYPE_FLOAT8_E5M2
MATRIX_LAYOUT_ROW_MAJOR = MatrixLayout.MATRIX_LAYOUT_ROW_MAJOR
MATRIX_LAYOUT_COLUMN_MAJOR = MatrixLayout.MATRIX_LAYOUT_COLUMN_MAJOR
MATRIX_LAYOUT_MUL_OPTIMAL = MatrixLayout.MATRIX_LAYOUT_MUL_OPTIMAL
MATRIX_LAYOUT_OUTER_PRODUCT_OPTIMAL = MatrixLayout.MATRIX_LAYOUT_OUTER_PRODUCT_OPTIMAL


def _is_unsigned(values: np.ndarray) -> bool:
    """The header's IsUnsigned<T>: true for uint16/uint32 and the packed types (both uint32)."""
    return np.asarray(values).dtype.kind == "u"


# -- references to memory -------------------------------------------------------------------------
@dataclass(frozen=True)
class MatrixRefImpl:
    """`MatrixRefImpl<BufferTy, DT, M, K, ML, Transpose>`: a matrix in a raw buffer."""

    DataType: DataType
    M: int
    K: int
    Layout: MatrixLayout
    Transpose: bool
    Buffer: object
    StartOffset: object = 0
    Stride: int = 0


@dataclass(frozen=True)
class _MatrixRefTemplate:
    writable: bool
    data_type: DataType
    m: int
    k: int
    layout: MatrixLayout
    transpose: bool

    def __call__(self, Buffer: object, StartOffset: object = 0, Stride: int = 0) -> MatrixRefImpl:  # noqa: N803
        resolve_handle(Buffer, "RWMatrixRef Buffer" if self.writable else "MatrixRef Buffer", writable=self.writable)
        return MatrixRefImpl(self.data_type, self.m, self.k, self.layout, self.transpose, Buffer, StartOffset, Stride)


class _MatrixRefFactory:
    def __init__(self, writable: bool) -> None:
        self.writable = writable

    def __getitem__(self, params: tuple) -> _MatrixRefTemplate:
        if not 4 <= len(params) <= 5:
            raise InvalidArgumentError("MatrixRef[DT, M, K, ML(, Transpose)] takes four or five template arguments")
        data_type, m, k, layout, *rest = params
        return _MatrixRefTemplate(self.writable, DataType(data_type), int(m), int(k), MatrixLayout(layout),
                                  bool(rest[0]) if rest else False)


#: `MatrixRef<DT, M, K, ML, Transpose = false>` over a ByteAddressBuffer (or RWByteAddressBuffer).
MatrixRef = _MatrixRefFactory(writable=False)
#: `RWMatrixRef<DT, M, K, ML, Transpose = false>` over an RWByteAddressBuffer.
RWMatrixRef = _MatrixRefFactory(writable=True)


@dataclass(frozen=True)
class VectorRefImpl:
    """`VectorRefImpl<BufferTy, DT>`: a vector (bias) in a raw buffer."""

    DataType: DataType
    Buffer: object
    StartOffset: object = 0


@dataclass(frozen=True)
class _VectorRefTemplate:
    writable: bool
    data_type: DataType

    def __call__(self, Buffer: object, StartOffset: object = 0) -> VectorRefImpl:  # noqa: N803
        resolve_handle(Buffer, "RWVectorRef Buffer" if self.writable else "VectorRef Buffer", writable=self.writable)
        return VectorRefImpl(self.data_type, Buffer, StartOffset)


class _VectorRefFactory:
    def __init__(self, writable: bool) -> None:
        self.writable = writable

    def __getitem__(self, data_type: DataType) -> _VectorRefTemplate:
        return _VectorRefTemplate(self.writable, DataType(data_type))


VectorRef = _VectorRefFactory(writable=False)
RWVectorRef = _VectorRefFactory(writable=True)


# -- interpreted vectors ---------------------------------------------------------------------------
@dataclass(frozen=True)
class InterpretedVector:
    """`InterpretedVector<T, N, DT>`: a vector in registers and how the multiply reads it."""

    Data: np.ndarray
    Interpretation: DataType


class _MakeInterpretedVector:
    """`MakeInterpretedVector<DT>(vec)`."""

    def __getitem__(self, data_type: DataType):
        interpretation = DataType(data_type)
        return lambda vec: InterpretedVector(np.asarray(vec), interpretation)


MakeInterpretedVector = _MakeInterpretedVector()


# -- operations --------------------------------------------------------------------------------------
def _out_dtype(out_type: ScalarType | VectorType | object) -> np.dtype:
    if isinstance(out_type, VectorType):
        return out_type.dtype
    if isinstance(out_type, ScalarType):
        return out_type.dtype
    return np.dtype(out_type)  # type: ignore[call-overload]


class _Mul:
    """`Mul<OutT>(Matrix, InterpretedVector)` -> vector<OutT, M> (__builtin_MatVecMul)."""

    def __getitem__(self, out_type: object):
        dtype = _out_dtype(out_type)

        def mul(matrix: MatrixRefImpl, vec: InterpretedVector) -> np.ndarray:
            return dxil.matvecmul(vec.Data, _is_unsigned(vec.Data), int(vec.Interpretation), matrix.Buffer,
                                  matrix.StartOffset, int(matrix.DataType), matrix.M, matrix.K, int(matrix.Layout),
                                  matrix.Transpose, matrix.Stride, dtype.kind == "u", result_type=dtype)
        return mul


class _MulAdd:
    """`MulAdd<OutT>(Matrix, InterpretedVector, VectorRef bias)` -> vector<OutT, M> (__builtin_MatVecMulAdd)."""

    def __getitem__(self, out_type: object):
        dtype = _out_dtype(out_type)

        def mul_add(matrix: MatrixRefImpl, vec: InterpretedVector, bias: VectorRefImpl) -> np.ndarray:
            return dxil.matvecmuladd(vec.Data, _is_unsigned(vec.Data), int(vec.Interpretation), matrix.Buffer,
                                     matrix.StartOffset, int(matrix.DataType), matrix.M, matrix.K, int(matrix.Layout),
                                     matrix.Transpose, matrix.Stride, bias.Buffer, bias.StartOffset,
                                     int(bias.DataType), dtype.kind == "u", result_type=dtype)
        return mul_add


Mul = _Mul()
MulAdd = _MulAdd()


def OuterProductAccumulate(input_vector1: np.ndarray, input_vector2: np.ndarray,  # noqa: N802
                           matrix: MatrixRefImpl) -> None:
    """`OuterProductAccumulate(vector<T, M>, vector<T, N>, RWMatrixRef<DT, M, N, ML, false>)`."""
    v1, v2 = np.asarray(input_vector1), np.asarray(input_vector2)
    if matrix.Transpose:
        raise InvalidArgumentError("OuterProductAccumulate takes an RWMatrixRef with Transpose = false (dx/linalg.h)")
    if (v1.shape[-1], v2.shape[-1]) != (matrix.M, matrix.K):
        raise InvalidArgumentError(
            f"OuterProductAccumulate: vectors of {v1.shape[-1]} and {v2.shape[-1]} components need an "
            f"RWMatrixRef<DT, {v1.shape[-1]}, {v2.shape[-1]}, ...>, got M = {matrix.M}, N = {matrix.K}")
    dxil.outerproductaccumulate(v1, v2, matrix.Buffer, matrix.StartOffset, int(matrix.DataType), int(matrix.Layout),
                                matrix.Stride)


def VectorAccumulate(input_vector: np.ndarray, buffer: object, offset: object) -> None:  # noqa: N802
    """`VectorAccumulate(vector<T, N>, RWByteAddressBuffer, uint offset)`."""
    dxil.vectoraccumulate(input_vector, buffer, offset)
