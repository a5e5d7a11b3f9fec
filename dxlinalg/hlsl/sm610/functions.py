"""`dx::linalg`'s free functions of SM 6.10: Multiply, MultiplyAdd, OuterProduct, InterlockedAccumulate (vector),
Convert, MakeInterpretedVector, VectorRef, AccumulatorLayout. Each lowers to the DXIL op DXC's header uses."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dxlinalg.coopmat.element_bytes import gather_elements
from dxlinalg.dxil import linalg_matrix as dxil
from dxlinalg.dxil.linalg_matrix.conversion import convert
from dxlinalg.dxil.linalg_matrix.types import (
    ELEMENT_DTYPES,
    ComponentType,
    ElementsPerScalar,
    MatrixScope,
    MatrixType,
    MatrixUse,
    element_dtype,
)
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.gpu.context import require_context
from dxlinalg.gpu.resources import resolve_handle
from dxlinalg.gpu.types import ScalarType, VectorType
from dxlinalg.hlsl.sm610 import declaration
from dxlinalg.hlsl.sm610.matrix import MatrixValue, _component, check_scope_table


def _element_dtype(out_type: object, what: str) -> np.dtype:
    if isinstance(out_type, (ScalarType, VectorType)):
        return np.dtype(out_type.dtype)
    try:
        return np.dtype(out_type)  # type: ignore[call-overload]
    except TypeError:
        raise InvalidArgumentError(f"{what}: {out_type!r} is not an HLSL element type") from None


def component_of_dtype(dtype: np.dtype, what: str) -> ComponentType:
    """TypeTraits<T>::CompType: the ComponentType of an HLSL scalar type."""
    for component, candidate in ELEMENT_DTYPES.items():
        if candidate == dtype and component != ComponentType.BFloat16:
            return component
    raise InvalidArgumentError(f"{what}: {dtype} has no dx::linalg ComponentType")


# -- vectors -----------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class InterpretedVector:
    """`InterpretedVector<T, N, DT>`: a register vector and how a multiply reads it; Size = ElementsPerScalar * N."""

    Data: np.ndarray
    Interpretation: ComponentType
    #: the type `Convert` converted from (the vector type a device multiplies; None when not converted)
    Origin: ComponentType | None = None

    @property
    def Size(self) -> int:  # noqa: N802
        return ElementsPerScalar(self.Interpretation) * int(np.asarray(self.Data).shape[-1])


class _MakeInterpretedVector:
    """`MakeInterpretedVector<DT>(vec)`."""

    def __getitem__(self, interpretation: object):
        component = _component(interpretation, "MakeInterpretedVector DT")
        return lambda vec: InterpretedVector(np.asarray(vec), component)


MakeInterpretedVector = _MakeInterpretedVector()


class _Convert:
    """`Convert<DestTy, OriginTy>(vec)` -> InterpretedVector<..., DstN, DestTy> (0035's conversion rules)."""

    def __getitem__(self, parameters: tuple):
        if not isinstance(parameters, tuple) or len(parameters) != 2:
            raise InvalidArgumentError("Convert[DestTy, OriginTy] takes two template arguments")
        destination, origin = (_component(p, name) for p, name in zip(parameters, ("DestTy", "OriginTy")))
        if destination == origin:
            return lambda vec: InterpretedVector(np.asarray(vec), destination)
        return lambda vec: InterpretedVector(dxil.linAlgConvert(vec, int(origin), int(destination)), destination,
                                             origin)


Convert = _Convert()


@dataclass(frozen=True)
class VectorRefImpl:
    """`VectorRef<ElementType, DimA> { ByteAddressBuffer Buf; uint Offset; }`: a bias vector in memory."""

    ElementType: ComponentType
    DimA: int
    Buf: object
    Offset: object = 0

    def load(self, what: str) -> np.ndarray:
        """(lanes, DimA) elements read at each thread's offset; elements outside the buffer read 0 (0035)."""
        ctx = require_context(what)
        rng = resolve_handle(self.Buf, f"{what}: VectorRef Buf")
        ctx.settle_memory(rng.data)
        dtype = element_dtype(self.ElementType)
        offsets = ctx.lane_ints(self.Offset, "VectorRef Offset")
        active = ctx.active
        uniform = active.any() and bool(np.all(offsets[active] == offsets[np.argmax(active)]))
        rows = offsets[np.argmax(active)][None] if uniform else offsets      # one read when the offset is uniform
        positions = rows[:, None] + np.arange(self.DimA) * dtype.itemsize
        inside = (positions >= 0) & (positions + dtype.itemsize <= rng.size)
        if not uniform:
            inside &= active[:, None]
        out = np.zeros(positions.shape, dtype)
        out[inside] = gather_elements(rng.data, rng.base_offset + positions[inside], dtype)
        return np.broadcast_to(out, (ctx.lanes, self.DimA)) if uniform else out


class _VectorRef:
    """`VectorRef[ElementType, DimA](Buf, Offset)`."""

    def __getitem__(self, parameters: tuple):
        if not isinstance(parameters, tuple) or len(parameters) != 2:
            raise InvalidArgumentError("VectorRef[ElementType, DimA] takes two template arguments")
        component = _component(parameters[0], "VectorRef ElementType")
        return lambda Buf, Offset=0: VectorRefImpl(component, int(parameters[1]), Buf, Offset)  # noqa: N803


VectorRef = _VectorRef()


# -- Multiply, MultiplyAdd, OuterProduct ----------------------------------------------------------------------------
def _thread_matrix(matrix: object, operation: str) -> object:
    if not isinstance(matrix, MatrixValue):
        raise InvalidArgumentError(f"{operation}: the matrix must be a Matrix value, got {type(matrix).__name__}")
    check_scope_table(operation, matrix.type.scope)
    return matrix.value


def _input(vector: object, matrix: MatrixType, interpretation: ComponentType | None) -> tuple[np.ndarray, int]:
    if isinstance(vector, InterpretedVector):
        per = ElementsPerScalar(vector.Interpretation)
        packed = np.asarray(vector.Data).dtype == np.uint32 and per > 1
        # 0035: Size == K; packed words may round K up to whole words (DXC's ceil(K / ElementsPerScalar))
        if not (vector.Size == matrix.n or (packed and matrix.n <= vector.Size < matrix.n + per)):
            raise InvalidArgumentError(
                f"InterpretedVector<{np.asarray(vector.Data).dtype}, {np.asarray(vector.Data).shape[-1]}, "
                f"{vector.Interpretation.name}>::Size = {vector.Size} must equal K = {matrix.n} (0035: Multiply/"
                f"MultiplyAdd; an 8-bit or BFloat16 interpretation needs packed uint words: use Convert)")
        return np.asarray(vector.Data), int(vector.Interpretation)
    data = np.asarray(vector)
    return data, int(matrix.component if interpretation is None else interpretation)


def _vector_type(vector: object, data: np.ndarray, interpretation: int) -> ComponentType:
    """RT's VectorInputType: the register vector's type; packed words: their interpretation; a `Convert`ed vector:
    the type it was converted from (docs/sm610.md)."""
    if isinstance(vector, InterpretedVector) and vector.Origin is not None:
        return vector.Origin
    if data.dtype == np.uint32 and ElementsPerScalar(ComponentType(interpretation)) > 1:
        return ComponentType(interpretation)
    return component_of_dtype(data.dtype, "the input vector")


class _Multiply:
    """`Multiply<OutTy>(A, B)` (Wave/ThreadGroup; OutTy a ComponentType, default the shared input type) and
    `Multiply<OutputElTy>(Matrix<..., Thread>, vector or InterpretedVector)`."""

    def __getitem__(self, out_type: object):
        return lambda left, right: self._call(left, right, out_type)

    def __call__(self, left: object, right: object) -> object:
        return self._call(left, right, None)

    def _call(self, left: object, right: object, out_type: object) -> object:
        if isinstance(right, MatrixValue):
            if not isinstance(left, MatrixValue):
                raise InvalidArgumentError("Multiply(A, B): both operands must be Matrix values")
            check_scope_table("Multiply(Matrix, Matrix)", left.type.scope)
            a, b = left.type, right.type
            if out_type is None:
                if a.component != b.component:
                    raise InvalidArgumentError(f"Multiply(A, B) without OutTy needs one component type; got "
                                               f"{a.component.name} and {b.component.name} (0035: Multiply)")
                out_type = a.component
            result = MatrixType(_component(out_type, "OutTy"), a.m, b.n, MatrixUse.Accumulator, a.scope)
            declaration.matrix_multiply(a, b, result, "Multiply")
            return MatrixValue(dxil.linAlgMatrixMultiply(left.value, right.value, result_type=result))
        matrix = _thread_matrix(left, "Multiply(Matrix, vector)")
        if out_type is None:
            raise InvalidArgumentError("Multiply<OutputElTy>(Matrix, vector) needs the output element type")
        dtype = _element_dtype(out_type, "Multiply OutputElTy")
        data, interpretation = _input(right, left.type, None)
        if declaration.recording():
            declaration.vector_multiply(left.type, getattr(matrix, "layout", None), _vector_type(right, data,
                                        interpretation), False, component_of_dtype(dtype, "OutputElTy"), "Multiply")
        return dxil.linAlgMatVecMul(matrix, dtype.kind != "u", data, interpretation, result_type=dtype)


Multiply = _Multiply()


class _MultiplyAdd:
    """`MultiplyAdd<OutputElTy>(Matrix<..., Thread>, vector or InterpretedVector, vector or VectorRef bias)`."""

    def __getitem__(self, out_type: object):
        dtype = _element_dtype(out_type, "MultiplyAdd OutputElTy")

        def multiply_add(matrix: object, vector: object, bias: object) -> np.ndarray:
            value = _thread_matrix(matrix, "MultiplyAdd")
            data = np.asarray(vector.Data if isinstance(vector, InterpretedVector) else vector)
            interpretation = (vector.Interpretation if isinstance(vector, InterpretedVector)
                              else component_of_dtype(data.dtype, "MultiplyAdd vector"))
            data, interp = _input(vector, matrix.type, interpretation)
            bias_values = self._bias(bias, dtype, matrix.type.m)
            if declaration.recording():
                declaration.vector_multiply(matrix.type, getattr(value, "layout", None), _vector_type(
                    vector, data, interp), True, component_of_dtype(dtype, "OutputElTy"), "MultiplyAdd")
            return dxil.linAlgMatVecMulAdd(value, dtype.kind != "u", data, interp, bias_values, result_type=dtype)
        return multiply_add

    @staticmethod
    def _bias(bias: object, dtype: np.dtype, m: int) -> np.ndarray:
        """The bias in the output type: a VectorRef read from memory, converted by 0035's rules when its type
        differs (as the header's Convert), or a register vector likewise."""
        ctx = require_context("MultiplyAdd")
        output = component_of_dtype(dtype, "MultiplyAdd OutputElTy")
        if isinstance(bias, VectorRefImpl):
            if bias.DimA != m:
                raise InvalidArgumentError(f"MultiplyAdd: VectorRef DimA {bias.DimA} must be M = {m} (0035)")
            values, source = bias.load("MultiplyAdd"), bias.ElementType
        else:
            values = np.asarray(bias)
            source = component_of_dtype(values.dtype, "MultiplyAdd bias")
        if source == output:
            return values
        settings = ctx.profile.float_conversion, ctx.profile.linalg_matrix.float_rounding
        return convert(np.ascontiguousarray(values), source, output, *settings)


MultiplyAdd = _MultiplyAdd()


class _OuterProduct:
    """`OuterProduct<OutTy>(vector<T, M>, vector<T, N>)` -> Matrix<OutTy, M, N, Accumulator, Thread>."""

    def __getitem__(self, out_type: object):
        component = _component(out_type, "OuterProduct OutTy")

        def outer(a: object, b: object) -> MatrixValue:
            check_scope_table("OuterProduct", MatrixScope.Thread)
            left, right = np.asarray(a), np.asarray(b)
            result = MatrixType(component, left.shape[-1], right.shape[-1], MatrixUse.Accumulator, MatrixScope.Thread)
            if declaration.recording():
                declaration.outer_product(component_of_dtype(left.dtype, "OuterProduct vector"), result, "OuterProduct")
            return MatrixValue(dxil.linAlgMatrixOuterProduct(left, right, result_type=result))
        return outer


OuterProduct = _OuterProduct()


def InterlockedAccumulate(Res: object, StartOffset: object, Vec: object, Align: int = 64) -> None:  # noqa: N802, N803
    """`InterlockedAccumulate<Align = 64>(RWByteAddressBuffer, offset, vector)`: atomic per-element adds."""
    check_scope_table("InterlockedAccumulate(RWByteAddressBuffer, vector)", MatrixScope.Thread)
    if declaration.recording():
        declaration.accumulate_store(component_of_dtype(np.asarray(Vec).dtype, "InterlockedAccumulate vector"),
                                     MatrixScope.Thread, False, "InterlockedAccumulate(vector)")
    dxil.linAlgVectorAccumulateToDescriptor(Res, StartOffset, Align, Vec)


def AccumulatorLayout() -> MatrixUse:  # noqa: N802
    """`AccumulatorLayout()`: MatrixUse.A or MatrixUse.B, the device's (a compile-time constant)."""
    return MatrixUse(dxil.linAlgMatrixQueryAccumulatorLayout())
