"""SM 6.10 LinAlg matrix types: the enums of proposal 0035 / DXC `dx/linalg.h`, their traits, and the matrix type.

Values are DXIL's (DxilConstants.h at DXC 9a3e225d): ComponentType numbers 8-bit types I8 = 19, U8 = 20,
which is the *reverse* of the SM 6.9 preview numbering that `dxlinalg.numerics.component_types` keeps for
the cooperative-vector surface (U8 = 19, I8 = 20); `to_numerics_type` maps between the two by name.
A matrix type is `%dx.types.LinAlgMatrixC<comp>M<m>N<n>U<use>S<scope>` in DXIL.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

import ml_dtypes
import numpy as np

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.component_types import ComponentType as NumericsType


class ComponentType(IntEnum):
    """`dxil::ComponentType` as SM 6.10 numbers it (must exactly match DXIL)."""

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
    I8 = 19
    U8 = 20
    F8_E4M3FN = 21
    F8_E5M2 = 22
    BFloat16 = 23


class MatrixUse(IntEnum):
    """`dx::linalg::MatrixUse`."""

    A = 0
    B = 1
    Accumulator = 2


class MatrixScope(IntEnum):
    """`dx::linalg::MatrixScope`."""

    Thread = 0
    Wave = 1
    ThreadGroup = 2


class MatrixLayout(IntEnum):
    """`dx::linalg::MatrixLayout` (DXIL spells 1 `ColumnMajor`)."""

    RowMajor = 0
    ColMajor = 1
    MulOptimal = 2
    MulOptimalTranspose = 3
    OuterProductOptimal = 4
    OuterProductOptimalTranspose = 5

    @property
    def is_row_or_column_major(self) -> bool:
        return self in (MatrixLayout.RowMajor, MatrixLayout.ColMajor)


#: `dx::linalg::ComponentType::ComponentEnum`: the only component types a Matrix may have.
MATRIX_COMPONENT_TYPES: tuple[ComponentType, ...] = (
    ComponentType.I8, ComponentType.I16, ComponentType.I32, ComponentType.I64,
    ComponentType.U8, ComponentType.U16, ComponentType.U32, ComponentType.U64,
    ComponentType.F8_E4M3FN, ComponentType.F8_E5M2, ComponentType.F16, ComponentType.F32, ComponentType.F64,
    ComponentType.BFloat16,
)

#: The numpy dtype holding one element of each matrix component type.
ELEMENT_DTYPES: dict[ComponentType, np.dtype] = {ct: np.dtype(d) for ct, d in (
    (ComponentType.I8, np.int8), (ComponentType.I16, np.int16), (ComponentType.I32, np.int32),
    (ComponentType.I64, np.int64), (ComponentType.U8, np.uint8), (ComponentType.U16, np.uint16),
    (ComponentType.U32, np.uint32), (ComponentType.U64, np.uint64),
    (ComponentType.F8_E4M3FN, ml_dtypes.float8_e4m3fn), (ComponentType.F8_E5M2, ml_dtypes.float8_e5m2),
    (ComponentType.F16, np.float16), (ComponentType.F32, np.float32), (ComponentType.F64, np.float64),
    (ComponentType.BFloat16, ml_dtypes.bfloat16))}

_NATIVE = frozenset({ComponentType.I16, ComponentType.U16, ComponentType.F16, ComponentType.I32, ComponentType.U32,
                     ComponentType.F32, ComponentType.I64, ComponentType.U64, ComponentType.F64})
_FLOATS = frozenset({ComponentType.F8_E4M3FN, ComponentType.F8_E5M2, ComponentType.F16, ComponentType.F32,
                     ComponentType.F64, ComponentType.BFloat16})
_SIGNED = frozenset({ComponentType.I8, ComponentType.I16, ComponentType.I32, ComponentType.I64})

#: The SM 6.9 numbering of the types both surfaces share (the cooperative-vector core speaks it).
_NUMERICS_NAMES = {ComponentType.F8_E4M3FN: "F8_E4M3"}


def as_component_type(value: object, argument: str) -> ComponentType:
    """A DXIL ComponentType from an enum member or an integer, naming `argument` otherwise."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise InvalidArgumentError(f"{argument} = {value!r} is not a DXIL ComponentType (an integer 0..23)")
    try:
        return ComponentType(int(value))
    except ValueError:
        raise InvalidArgumentError(f"{argument} = {value} is not a DXIL ComponentType (valid: 0..23)") from None


def element_dtype(component: ComponentType) -> np.dtype:
    """The numpy dtype of one element of a matrix component type."""
    try:
        return ELEMENT_DTYPES[component]
    except KeyError:
        raise InvalidArgumentError(f"component type {component.name} has no matrix element storage "
                                   f"(0035: dx::linalg::ComponentType lists the 14 matrix types)") from None


def is_float(component: ComponentType) -> bool:
    return component in _FLOATS


def is_signed(component: ComponentType) -> bool:
    """Signed integers and every float type (0035: float outputs are signed)."""
    return component in _SIGNED or component in _FLOATS


def IsNativeScalar(component: ComponentType) -> bool:  # noqa: N802 (the header's trait name)
    """`ComponentTypeTraits<T>::IsNativeScalar`: held in its own HLSL scalar type, not packed in uint."""
    return ComponentType(component) in _NATIVE


def ElementsPerScalar(component: ComponentType) -> int:  # noqa: N802
    """`ComponentTypeTraits<T>::ElementsPerScalar`: 1 for native types, 2 for BFloat16, 4 otherwise (8-bit)."""
    component = ComponentType(component)
    if component in _NATIVE:
        return 1
    return 2 if component == ComponentType.BFloat16 else 4


def DstN(destination: ComponentType, origin: ComponentType, n: int) -> int:  # noqa: N802
    """`__detail::DstN<DstTy, SrcTy, SrcN>::Value`: scalars of a converted vector, rounded up."""
    per_destination = ElementsPerScalar(destination)
    return (int(n) * ElementsPerScalar(origin) + per_destination - 1) // per_destination


def DimMN(m: int, n: int, transposed: bool) -> tuple[int, int]:  # noqa: N802
    """`__detail::DimMN<M, N, Transposed>`: (M, N), swapped when transposed."""
    return (n, m) if transposed else (m, n)


def ScalarCountFromPackedComponents(component: ComponentType, count: int) -> int:  # noqa: N802
    """`__detail::ScalarCountFromPackedComponents<T, Count>::Value`: ceil(count / ElementsPerScalar)."""
    per = ElementsPerScalar(component)
    return (int(count) + per - 1) // per


def to_numerics_type(component: ComponentType) -> NumericsType:
    """The same type in the SM 6.9 numbering of `dxlinalg.numerics` (for the cooperative-vector core)."""
    name = _NUMERICS_NAMES.get(component, component.name)
    try:
        return NumericsType[name]
    except KeyError:
        raise InvalidArgumentError(f"component type {component.name} is not one of the cooperative-vector "
                                   f"core's types") from None


@dataclass(frozen=True)
class MatrixType:
    """`Matrix<ComponentTy, M, N, Use, Scope>` = DXIL `%dx.types.LinAlgMatrixC..M..N..U..S..` plus its
    `dx.targetTypes` metadata. Checks that need no rule name (types, positive sizes) run here; the
    DXC validation rules (component type, K limits) are `rules.check_matrix_type`."""

    component: ComponentType
    m: int
    n: int
    use: MatrixUse
    scope: MatrixScope

    def __post_init__(self) -> None:
        object.__setattr__(self, "component", as_component_type(self.component, "Matrix ComponentTy"))
        for name, enum in (("use", MatrixUse), ("scope", MatrixScope)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or int(value) not in set(enum):
                raise InvalidArgumentError(f"Matrix {name.capitalize()} = {value!r} is not a "
                                           f"{enum.__name__} value ({', '.join(f'{e.name} {int(e)}' for e in enum)})")
            object.__setattr__(self, name, enum(int(value)))
        for name in ("m", "n"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 0:
                raise InvalidArgumentError(f"Matrix {name.upper()} = {value!r} must be a non-negative integer "
                                           f"template argument")
            object.__setattr__(self, name, int(value))

    @property
    def mangling(self) -> str:
        return f"C{int(self.component)}M{self.m}N{self.n}U{int(self.use)}S{int(self.scope)}"

    @property
    def dxil_name(self) -> str:
        return f"%dx.types.LinAlgMatrix{self.mangling}"

    @property
    def dtype(self) -> np.dtype:
        return element_dtype(self.component)

    @property
    def k(self) -> int | None:
        """The K dimension: N of an A matrix, M of a B matrix, none for an accumulator (DxilValidation)."""
        if self.use == MatrixUse.A:
            return self.n
        if self.use == MatrixUse.B:
            return self.m
        return None

    def with_(self, **changes: object) -> MatrixType:
        fields = {"component": self.component, "m": self.m, "n": self.n, "use": self.use, "scope": self.scope}
        fields.update(changes)
        return MatrixType(**fields)  # type: ignore[arg-type]

    def __str__(self) -> str:
        return (f"Matrix<{self.component.name}, {self.m}, {self.n}, {self.use.name}, {self.scope.name}>")


def parse_mangling(text: str) -> MatrixType:
    """`C8M16N16U0S1` (or with the `%dx.types.LinAlgMatrix` prefix) -> MatrixType."""
    import re
    match = re.fullmatch(r"(?:%dx\.types\.LinAlgMatrix|m)?C(\d+)M(\d+)N(\d+)U(\d+)S(\d+)", text.strip())
    if match is None:
        raise InvalidArgumentError(f"{text!r} is not a LinAlgMatrix type mangling (C<comp>M<m>N<n>U<use>S<scope>)")
    c, m, n, u, s = (int(g) for g in match.groups())
    return MatrixType(as_component_type(c, "C"), m, n, u, s)  # type: ignore[arg-type]
