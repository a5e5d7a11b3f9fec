"""`dx::linalg::Matrix` of SM 6.10 (proposal 0035, DXC `dx/linalg.h`) in the Python shader DSL.

    using namespace dx::linalg;
    using MatA = Matrix<ComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>;
    MatA A = MatA::Load(buf, 0, 32, MatrixLayout::RowMajor);
reads
    from dxlinalg.hlsl import sm610 as linalg
    MatA = linalg.Matrix[linalg.ComponentType.F16, 16, 16, linalg.MatrixUse.A, linalg.MatrixScope.Wave]
    A = MatA.Load(buf, 0, 32, linalg.MatrixLayout.RowMajor)
Template arguments the header takes in `<...>` after the name (Align, the Thread-scope layout, Cast's types)
are `[...]` or keywords. Every member lowers to one DXIL op of `dxlinalg.dxil.linalg_matrix`. 0035's scope x
operation table is checked first, on the type (`check_scope_table`): a member the table forbids fails when the
shader names it, before anything runs, with the rule.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dxlinalg.dxil import linalg_matrix as dxil
from dxlinalg.dxil.linalg_matrix.rules import raise_if, validate_matrix_type
from dxlinalg.dxil.linalg_matrix.types import (
    ComponentType,
    DimMN,
    IsNativeScalar,
    MatrixLayout,
    MatrixScope,
    MatrixType,
    MatrixUse,
)
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.gpu.groupshared_arrays import GroupSharedArray
from dxlinalg.hlsl.sm610 import declaration

TABLE_RULE = "0035 Matrix Scope: the scope x operation table"
_WG = (MatrixScope.Wave, MatrixScope.ThreadGroup)
_ALL = (MatrixScope.Thread, MatrixScope.Wave, MatrixScope.ThreadGroup)

#: 0035's table: the scopes at which each member or free function exists.
SCOPE_TABLE: dict[str, tuple[MatrixScope, ...]] = {
    "Cast": _WG, "Length": _WG, "GetCoordinate": _WG, "Get": _WG, "Set": _WG, "Splat": _WG,
    "Load(ByteAddressBuffer)": _ALL,
    "Load(RWByteAddressBuffer)": _WG, "Load(groupshared)": _WG, "Store(RWByteAddressBuffer)": _WG,
    "Store(groupshared)": _WG,
    "InterlockedAccumulate(RWByteAddressBuffer)": _ALL,
    "InterlockedAccumulate(groupshared)": _WG,
    "Accumulate": _WG, "MultiplyAccumulate": _WG, "Multiply(Matrix, Matrix)": _WG,
    "Multiply(Matrix, vector)": (MatrixScope.Thread,), "MultiplyAdd": (MatrixScope.Thread,),
    "OuterProduct": (MatrixScope.Thread,), "InterlockedAccumulate(RWByteAddressBuffer, vector)": (MatrixScope.Thread,),
}


def check_scope_table(operation: str, scope: MatrixScope) -> None:
    """The operation exists at `scope` (0035's table); a shader naming it elsewhere does not compile."""
    if scope not in SCOPE_TABLE[operation]:
        allowed = ", ".join(s.name for s in SCOPE_TABLE[operation])
        raise InvalidArgumentError(f"{operation} is not available for a {scope.name}-scope matrix; it exists at "
                                   f"{allowed} scope ({TABLE_RULE})")


def _resource_name(resource: object) -> str:
    from dxlinalg.gpu.resources import RWByteAddressBufferView
    if isinstance(resource, GroupSharedArray):
        return "groupshared"
    return "RWByteAddressBuffer" if isinstance(resource, RWByteAddressBufferView) else "ByteAddressBuffer"


def _component(value: object, what: str) -> ComponentType:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise InvalidArgumentError(f"{what} = {value!r} must be a dx::linalg::ComponentType")
    return ComponentType(int(value))


# -- the type --------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class MatrixTemplate:
    """`Matrix<ComponentTy, M, N, Use, Scope>`: its static members make values."""

    type: MatrixType

    def __repr__(self) -> str:
        return str(self.type)

    @property
    def Splat(self):  # noqa: N802 (HLSL names)
        """`static Matrix Splat(T Val)`: every element = Val (0035's conversion), WaveReadLaneFirst(Val)."""
        check_scope_table("Splat", self.type.scope)
        return lambda Val: MatrixValue(dxil.linAlgFillMatrix(Val, result_type=self.type))  # noqa: N803

    @property
    def Load(self):  # noqa: N802
        """Wave/ThreadGroup: `Load(res, offset, stride, layout, Align=128)`; groupshared: `Load(arr, startIdx,
        stride, layout)`. Thread: `Load[layout](ByteAddressBuffer, offset, stride, Align=128)`."""
        if self.type.scope == MatrixScope.Thread:
            return _ThreadLoad(self.type)
        return lambda resource, offset, stride, layout, Align=128: self._load(  # noqa: N803
            resource, offset, stride, layout, Align)

    def _load(self, resource: object, offset: object, stride: object, layout: object, align: int) -> MatrixValue:
        name = _resource_name(resource)
        check_scope_table(f"Load({name})", self.type.scope)
        if name == "groupshared":
            return MatrixValue(dxil.linAlgMatrixLoadFromMemory(resource, offset, stride, layout,
                                                               result_type=self.type))
        return MatrixValue(dxil.linAlgMatrixLoadFromDescriptor(resource, offset, stride, layout, align,
                                                               result_type=self.type))


@dataclass(frozen=True)
class _ThreadLoad:
    type: MatrixType

    def __getitem__(self, layout: object):
        layout_value = MatrixLayout(int(layout))  # type: ignore[call-overload]
        if self.type.use != MatrixUse.A:
            raise InvalidArgumentError(f"{self.type}::Load: Thread-scope matrices are loaded only as A matrices "
                                       f"(0035: Matrix<..., Thread> Load requires Use == A)")

        def load(resource: object, offset: object, stride: object = 0, Align: int = 128) -> MatrixValue:  # noqa: N803
            name = _resource_name(resource)
            if name != "ByteAddressBuffer":
                check_scope_table(f"Load({name})", self.type.scope)
            return MatrixValue(dxil.linAlgMatrixLoadFromDescriptor(resource, offset, stride, int(layout_value), Align,
                                                                   result_type=self.type))
        return load

    def __call__(self, *args: object, **kwargs: object) -> None:
        raise InvalidArgumentError(f"{self.type}::Load takes the layout as a template argument: "
                                   f"Load[MatrixLayout.X](buffer, offset, stride) (0035: Thread-scope Load)")


class _MatrixFactory:
    """`Matrix[ComponentTy, M, N, Use, Scope]`."""

    def __getitem__(self, parameters: tuple) -> MatrixTemplate:
        if not isinstance(parameters, tuple) or len(parameters) != 5:
            raise InvalidArgumentError("Matrix[ComponentTy, M, N, Use, Scope] takes five template arguments")
        component, m, n, use, scope = parameters
        matrix_type = MatrixType(_component(component, "ComponentTy"), m, n, use, scope)
        if matrix_type.m < 1 or matrix_type.n < 1:
            raise InvalidArgumentError(f"{matrix_type}: M and N must be positive (0035 Restrictions on Dimensions)")
        raise_if(f"Matrix<{matrix_type.mangling}>", validate_matrix_type(matrix_type))
        return MatrixTemplate(matrix_type)


Matrix = _MatrixFactory()


# -- values ----------------------------------------------------------------------------------------------------
class MatrixValue:
    """A matrix variable of a running shader (one matrix per wave / thread group; per thread at Thread scope)."""

    def __init__(self, value: object) -> None:
        self.value = value
        declaration.construction(self.type, str(self.type))

    @property
    def type(self) -> MatrixType:
        return self.value.type  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        return f"<{self.type}>"

    def _table(self, operation: str) -> None:
        check_scope_table(operation, self.type.scope)

    def _native(self, member: str) -> None:
        if not IsNativeScalar(self.type.component):
            raise InvalidArgumentError(f"{self.type}::{member} is enabled only when IsNativeScalar "
                                       f"({self.type.component.name} is packed in uint; 0035 Matrix::{member})")

    def Length(self) -> np.ndarray:  # noqa: N802
        self._table("Length")
        return dxil.linAlgMatrixLength(self.value)

    def GetCoordinate(self, Index: object) -> np.ndarray:  # noqa: N802, N803
        self._table("GetCoordinate")
        return dxil.linAlgMatrixGetCoordinate(self.value, Index)

    def Get(self, Index: object) -> np.ndarray:  # noqa: N802, N803
        self._table("Get")
        self._native("Get")
        return dxil.linAlgMatrixGetElement(self.value, Index)

    def Set(self, Index: object, Value: object) -> None:  # noqa: N802, N803
        self._table("Set")
        self._native("Set")
        self.value = dxil.linAlgMatrixSetElement(self.value, Index, Value)

    def Store(self, resource: object, offset: object, stride: object, layout: object,  # noqa: N802
              Align: int = 128) -> None:  # noqa: N803
        name = _resource_name(resource)
        self._table(f"Store({'groupshared' if name == 'groupshared' else 'RWByteAddressBuffer'})")
        if name == "groupshared":
            dxil.linAlgMatrixStoreToMemory(self.value, resource, offset, stride, layout)
        else:
            dxil.linAlgMatrixStoreToDescriptor(self.value, resource, offset, stride, layout, Align)

    @property
    def Cast(self):  # noqa: N802
        """`Cast<NewCompTy, NewUse = Use, Transpose = false>()`: `m.Cast[F32]()`, `m.Cast[F16, MatrixUse.B, True]()`."""
        self._table("Cast")
        return _Cast(self)

    def Accumulate(self, other: MatrixValue) -> None:  # noqa: N802
        """this += other (an A or B matrix of the same shape and scope); Accumulator only."""
        self._table("Accumulate")
        self._accumulator("Accumulate")
        self.value = dxil.linAlgMatrixAccumulate(self.value, _value(other, "Accumulate"))

    def MultiplyAccumulate(self, a: MatrixValue, b: MatrixValue) -> None:  # noqa: N802
        """this += A x B; Accumulator only."""
        self._table("MultiplyAccumulate")
        self._accumulator("MultiplyAccumulate")
        declaration.matrix_multiply(_value(a, "A").type, _value(b, "B").type, self.type, "MultiplyAccumulate")
        self.value = dxil.linAlgMatrixMultiplyAccumulate(_value(a, "A"), _value(b, "B"), self.value)

    def InterlockedAccumulate(self, resource: object, offset: object, stride: object = None,  # noqa: N802
                              layout: object = None, Align: int = 128) -> None:  # noqa: N803
        """Wave/ThreadGroup: (res, offset, stride, layout) or (groupshared, startIdx, stride, layout);
        Thread: (RWByteAddressBuffer, offset), into OuterProductOptimal."""
        name = _resource_name(resource)
        self._table(f"InterlockedAccumulate({'groupshared' if name == 'groupshared' else 'RWByteAddressBuffer'})")
        self._accumulator("InterlockedAccumulate")
        declaration.accumulate_store(_groupshared_component(resource, self.type) if name == "groupshared" else
                                     self.type.component, self.type.scope, name == "groupshared",
                                     "Matrix::InterlockedAccumulate")
        if self.type.scope == MatrixScope.Thread:
            if stride is not None or layout is not None:
                raise InvalidArgumentError("Matrix<..., Thread>::InterlockedAccumulate(res, offset) has no stride or "
                                           "layout: the layout is OuterProductOptimal (0035)")
            dxil.linAlgMatrixAccumulateToDescriptor(self.value, resource, offset, 0,
                                                    int(MatrixLayout.OuterProductOptimal), Align)
        elif name == "groupshared":
            target = _groupshared_component(resource, self.type)
            dxil.linAlgMatrixAccumulateToMemory(self.value, resource, int(target), offset, stride, layout)
        else:
            dxil.linAlgMatrixAccumulateToDescriptor(self.value, resource, offset, stride, layout, Align)

    def _accumulator(self, member: str) -> None:
        if self.type.use != MatrixUse.Accumulator:
            raise InvalidArgumentError(f"{self.type}::{member} exists only for Accumulator matrices (0035 Matrix::"
                                       f"{member})")


@dataclass(frozen=True)
class _Cast:
    matrix: MatrixValue

    def __getitem__(self, parameters: object):
        args = parameters if isinstance(parameters, tuple) else (parameters,)
        if not 1 <= len(args) <= 3:
            raise InvalidArgumentError("Cast[NewCompTy, NewUse = Use, Transpose = false] takes one to three arguments")
        source = self.matrix.type
        component = _component(args[0], "NewCompTy")
        use = MatrixUse(int(args[1])) if len(args) > 1 else source.use  # type: ignore[call-overload]
        transpose = bool(args[2]) if len(args) > 2 else False
        m, n = DimMN(source.m, source.n, transpose)
        result = MatrixType(component, m, n, use, source.scope)
        return lambda: MatrixValue(dxil.linAlgCopyConvertMatrix(self.matrix.value, int(transpose), result_type=result))


def _value(matrix: object, what: str) -> object:
    if not isinstance(matrix, MatrixValue):
        raise InvalidArgumentError(f"{what} must be a Matrix value, got {type(matrix).__name__}")
    return matrix.value


def _groupshared_component(array: GroupSharedArray, matrix: MatrixType) -> ComponentType:
    """The interpretation of a groupshared accumulate target: the array's element type (0035: T an arithmetic
    vector); an integer array holding the matrix's own type when their widths differ (DXC's packed overload)."""
    from dxlinalg.dxil.linalg_matrix.types import ELEMENT_DTYPES
    element = np.dtype(array.view.dtype)
    for component, dtype in ELEMENT_DTYPES.items():
        if dtype == element and component != ComponentType.BFloat16:
            return component
    return matrix.component
