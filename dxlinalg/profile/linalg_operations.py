"""`LinalgOperationUse`: one SM 6.10 linear-algebra operation a shader uses, and whether a device reports it.

RT "Runtime Validation" (DirectX-Specs D3D12LinearAlgebraRuntimeFeatureSupport.md): the compiler lists
the operations, types, dimensions and scopes a shader uses (PSV0), and pipeline creation fails when the
device's `..._MATRIX_OPERATION_SUPPORT` answers do not cover one. A record mirrors one such entry, with the
fields of the D3D12 query struct of its category, so that the check is the query's answer. It lives in the
profile layer so a shader (`dxlinalg/hlsl`) can build records without importing `d3d12api`; `d3d12api`
turns `unsupported_reason` into a failed pipeline creation.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.component_types import ComponentType
from dxlinalg.profile.linalg_support import (
    LINALG_TYPES,
    LinalgSupport,
    LinalgTier,
    accumulate_store_answer,
    construction_answer,
    is_multiple_of,
    linalg_type_name,
    outer_product_supported,
    shape_text,
    threadgroup_multiply_entry,
    vector_multiply_entry,
    wave_multiply_entry,
)


class LinalgOperationKind(IntEnum):
    """The query category an operation is checked against (D3D12_LINEAR_ALGEBRA_OPERATION_TYPE values)."""

    MATRIX_CONSTRUCTION = 0
    WAVE_MATRIX_MULTIPLY = 1
    THREADGROUP_MATRIX_MULTIPLY = 2
    THREAD_VECTOR_MATRIX_MULTIPLY = 3
    THREAD_OUTER_PRODUCT = 4
    ATOMIC_ACCUMULATE_STORE = 5


class MatrixScope(IntEnum):
    """0035 MatrixScope."""

    Thread = 0
    Wave = 1
    ThreadGroup = 2


class MatrixUse(IntEnum):
    """0035 MatrixUse."""

    A = 0
    B = 1
    Accumulator = 2


class AccumulateDestination(StrEnum):
    """Where an InterlockedAccumulate writes (ATOMIC_ACCUMULATE_STORE_SUPPORT has one answer per place)."""

    BUFFER = "RWByteAddressBuffer"
    GROUPSHARED = "groupshared"


#: Scopes each category applies to (RT; DXC LinAlgTests `legalScopes`).
LEGAL_SCOPES: dict[LinalgOperationKind, frozenset[MatrixScope]] = {
    LinalgOperationKind.MATRIX_CONSTRUCTION: frozenset({MatrixScope.Wave, MatrixScope.ThreadGroup}),
    LinalgOperationKind.WAVE_MATRIX_MULTIPLY: frozenset({MatrixScope.Wave}),
    LinalgOperationKind.THREADGROUP_MATRIX_MULTIPLY: frozenset({MatrixScope.ThreadGroup}),
    LinalgOperationKind.THREAD_VECTOR_MATRIX_MULTIPLY: frozenset({MatrixScope.Thread}),
    LinalgOperationKind.THREAD_OUTER_PRODUCT: frozenset({MatrixScope.Thread}),
    LinalgOperationKind.ATOMIC_ACCUMULATE_STORE: frozenset(MatrixScope),
}

#: The type fields each category reads (the fields of its D3D12 query struct); the others stay None.
TYPE_FIELDS: dict[LinalgOperationKind, tuple[str, ...]] = {
    LinalgOperationKind.MATRIX_CONSTRUCTION: ("component_type",),
    LinalgOperationKind.WAVE_MATRIX_MULTIPLY: ("a_type", "b_type", "accumulator_type"),
    LinalgOperationKind.THREADGROUP_MATRIX_MULTIPLY: ("a_type", "b_type", "accumulator_type"),
    LinalgOperationKind.THREAD_VECTOR_MATRIX_MULTIPLY: ("vector_type", "matrix_type", "result_type"),
    LinalgOperationKind.THREAD_OUTER_PRODUCT: ("input_type", "result_type"),
    LinalgOperationKind.ATOMIC_ACCUMULATE_STORE: ("component_type",),
}
ALL_TYPE_FIELDS = ("component_type", "a_type", "b_type", "accumulator_type", "vector_type", "matrix_type",
                   "bias_type", "result_type", "input_type")
#: Categories whose records carry M, N (and K for multiplies).
_NEEDS_DIMENSIONS = {LinalgOperationKind.MATRIX_CONSTRUCTION: ("m", "n"),
                     LinalgOperationKind.WAVE_MATRIX_MULTIPLY: ("m", "n", "k"),
                     LinalgOperationKind.THREADGROUP_MATRIX_MULTIPLY: ("m", "n", "k")}
RULE = "0035 runtime validation"


def _fail(operation: str, text: str) -> InvalidArgumentError:
    return InvalidArgumentError(f"LinalgOperationUse {operation!r}: {text}")


@dataclass(frozen=True)
class LinalgOperationUse:
    """One linear-algebra operation of a shader, as the runtime checks it (one PSV0 entry).

    `operation` is the 0035 name for messages (`"MultiplyAccumulate"`, `"Matrix::Load"`, ...). Dimensions
    are the operation's M x K x N (a matrix of construction: its rows M and columns N); 0 where the
    category has none. `bias_type` None means no bias. `thread_group_size` (ThreadGroup multiplies) and
    `accumulate_destination` (accumulate-store) are checked when given.
    """

    kind: LinalgOperationKind
    scope: MatrixScope
    operation: str
    component_type: ComponentType | None = None
    a_type: ComponentType | None = None
    b_type: ComponentType | None = None
    accumulator_type: ComponentType | None = None
    vector_type: ComponentType | None = None
    matrix_type: ComponentType | None = None
    bias_type: ComponentType | None = None
    result_type: ComponentType | None = None
    input_type: ComponentType | None = None
    m: int = 0
    n: int = 0
    k: int = 0
    use: MatrixUse | None = None
    transposed: bool = False
    thread_group_size: int = 0
    accumulate_destination: AccumulateDestination | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.operation, str) or not self.operation:
            raise InvalidArgumentError(f"LinalgOperationUse: operation = {self.operation!r} must name the 0035 "
                                       f"operation")
        op = self.operation
        object.__setattr__(self, "kind", _enum(LinalgOperationKind, self.kind, op, "kind"))
        object.__setattr__(self, "scope", _enum(MatrixScope, self.scope, op, "scope"))
        if self.use is not None:
            object.__setattr__(self, "use", _enum(MatrixUse, self.use, op, "use"))
        if self.accumulate_destination is not None:
            try:
                object.__setattr__(self, "accumulate_destination", AccumulateDestination(self.accumulate_destination))
            except ValueError:
                raise _fail(op, f"accumulate_destination = {self.accumulate_destination!r} is not one of "
                                f"{[d.value for d in AccumulateDestination]}") from None
        if self.scope not in LEGAL_SCOPES[self.kind]:
            raise _fail(op, f"scope {self.scope.name} is not a scope of {self.kind.name} (legal: "
                            f"{', '.join(s.name for s in sorted(LEGAL_SCOPES[self.kind]))}; RT query categories)")
        wanted = TYPE_FIELDS[self.kind]
        for name in ALL_TYPE_FIELDS:
            value = getattr(self, name)
            if name in wanted and value is None:
                raise _fail(op, f"{self.kind.name} needs {name}")
            if value is None:
                continue
            if name not in wanted and not (name == "bias_type" and
                                           self.kind == LinalgOperationKind.THREAD_VECTOR_MATRIX_MULTIPLY):
                raise _fail(op, f"{name} is not a field of {self.kind.name} (it reads {', '.join(wanted)})")
            if not isinstance(value, ComponentType) or value not in LINALG_TYPES:
                raise _fail(op, f"{name} = {value!r} is not a 6.10 linear-algebra ComponentType")
        for name in ("m", "n", "k", "thread_group_size"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise _fail(op, f"{name} = {value!r} must be a non-negative int")
        for name in _NEEDS_DIMENSIONS.get(self.kind, ()):
            if getattr(self, name) < 1:
                raise _fail(op, f"{self.kind.name} needs {name} >= 1")
        if self.kind == LinalgOperationKind.MATRIX_CONSTRUCTION and self.use is None:
            raise _fail(op, "MATRIX_CONSTRUCTION needs the matrix's use (A, B or Accumulator)")

    @property
    def shape(self) -> tuple[int, int, int]:
        """[M, K, N], D3D12_LINEAR_ALGEBRA_MATRIX_MULTIPLY_SHAPE's order."""
        return (self.m, self.k, self.n)

    def describe(self) -> str:
        parts = [f"{name} {linalg_type_name(getattr(self, name))}" for name in ALL_TYPE_FIELDS
                 if getattr(self, name) is not None]
        if self.kind == LinalgOperationKind.THREAD_VECTOR_MATRIX_MULTIPLY and self.bias_type is None:
            parts.append("no bias")
        if self.kind in _NEEDS_DIMENSIONS:
            parts.append(f"M x K x N = {shape_text(self.shape)}" if self.k else f"{self.m} x {self.n}")
        if self.use is not None:
            parts.append(f"use {self.use.name}")
        if self.transposed:
            parts.append("matrix transposed")
        if self.accumulate_destination is not None:
            parts.append(f"into {self.accumulate_destination.value}")
        return f"{self.operation} ({self.scope.name} scope, {self.kind.name}: {', '.join(parts)})"


def _enum(enum_class: type[IntEnum], value: object, operation: str, name: str) -> IntEnum:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(operation, f"{name} = {value!r} is not a {enum_class.__name__}")
    try:
        return enum_class(value)
    except ValueError:
        raise _fail(operation, f"{name} = {value} is not a {enum_class.__name__} "
                               f"({', '.join(f'{m.name}={m.value}' for m in enum_class)})") from None


def _dimension_problem(use: LinalgOperationUse, minimum: tuple[int, int, int]) -> str:
    """MinM/MinK/MinN against the matrix's rows and columns: A is M x K, B K x N, an accumulator M x N."""
    min_m, min_k, min_n = minimum
    rows_min, cols_min = {MatrixUse.A: (min_m, min_k), MatrixUse.B: (min_k, min_n),
                          MatrixUse.Accumulator: (min_m, min_n)}[use.use]
    if use.m < rows_min or use.n < cols_min:
        return (f"a {use.use.name} matrix of {use.m} x {use.n} is below the device's minimum "
                f"{rows_min} x {cols_min} (MinM {min_m}, MinK {min_k}, MinN {min_n})")
    return ""


def unsupported_reason(support: LinalgSupport, wave_size: int, use: LinalgOperationUse) -> str:
    """Why the device's answers do not cover `use` ('' when they do): the query of its category, asked
    as an application would, and the answer read as RT says."""
    if support.tier == LinalgTier.NOT_SUPPORTED:
        return "the device reports D3D12_LINEAR_ALGEBRA_TIER_NOT_SUPPORTED"
    kind = use.kind
    if kind == LinalgOperationKind.MATRIX_CONSTRUCTION:
        minimum = construction_answer(support, use.component_type)
        if minimum == (0, 0, 0):
            return f"MATRIX_CONSTRUCTION of {linalg_type_name(use.component_type)} answers MinM = MinK = MinN = 0"
        return _dimension_problem(use, minimum)
    if kind == LinalgOperationKind.WAVE_MATRIX_MULTIPLY:
        entry = wave_multiply_entry(support, use.a_type, use.b_type, use.accumulator_type)
        if entry is None:
            return "WAVE_MATRIX_MULTIPLY answers SupportFlags = NONE, NumShapes = 0 for these types"
        if not any(is_multiple_of(use.shape, tuple(s)) for s in entry.shapes):
            return (f"M x K x N = {shape_text(use.shape)} is not a multiple of a native shape the device lists "
                    f"({', '.join(shape_text(s) for s in entry.shapes)}, wave size {wave_size})")
        return ""
    if kind == LinalgOperationKind.THREADGROUP_MATRIX_MULTIPLY:
        group = threadgroup_multiply_entry(support, use.a_type, use.b_type, use.accumulator_type, use.shape)
        if group is None:
            return (f"THREADGROUP_MATRIX_MULTIPLY answers SupportFlags = NONE for these types at "
                    f"{shape_text(use.shape)}")
        size = use.thread_group_size
        if size and not (group.min_thread_group_size <= size <= group.max_thread_group_size
                         and size % group.min_thread_group_size == 0):
            return (f"a thread group of {size} threads is not a multiple of MinThreadGroupSize "
                    f"{group.min_thread_group_size} up to MaxThreadGroupSize {group.max_thread_group_size}")
        return ""
    if kind == LinalgOperationKind.THREAD_VECTOR_MATRIX_MULTIPLY:
        vector = vector_multiply_entry(support, use.vector_type, use.matrix_type, use.bias_type, use.result_type)
        if vector is None:
            return "THREAD_VECTOR_MATRIX_MULTIPLY answers SupportFlags = NONE for these types"
        if use.transposed and not vector.transpose:
            return "the matrix is loaded transposed but the answer lacks SupportFlags TRANSPOSE"
        return ""
    if kind == LinalgOperationKind.THREAD_OUTER_PRODUCT:
        if not outer_product_supported(support, use.input_type, use.result_type):
            return "THREAD_OUTER_PRODUCT answers Supported = FALSE for these types"
        return ""
    buffer, groupshared = accumulate_store_answer(support, use.component_type)
    places = {AccumulateDestination.BUFFER: buffer, AccumulateDestination.GROUPSHARED: groupshared}
    wanted = [use.accumulate_destination] if use.accumulate_destination else []
    if not wanted and not (buffer or groupshared):
        return "ATOMIC_ACCUMULATE_STORE answers FALSE for both RWByteAddressBuffer and groupshared"
    for place in wanted:
        if not places[place]:
            field = "RWByteAddressBufferSupported" if place == AccumulateDestination.BUFFER else "GroupSharedSupported"
            return f"ATOMIC_ACCUMULATE_STORE answers {field} = FALSE"
    return ""


__all__ = [
    "AccumulateDestination", "LinalgOperationKind", "LinalgOperationUse", "MatrixScope", "MatrixUse", "RULE",
    "unsupported_reason"]
