"""SPIR-V types as the executor sees them, and the shape of a value of each type.

A value of a numeric type is one numpy array with a leading lane axis: a scalar is (lanes,), a
vector (lanes, n), a matrix (lanes, columns, rows) (column c is `value[:, c]`), an array of any of
those (lanes, length, ...). A struct is a tuple of its members' values. An array of structs is a
struct of arrays: the tuple of its members' values, each with the array's axis after the lane
axis. So composite instructions index axis 1 on every leaf, whatever the nesting. The lane axis
may have length 1 for a value that is the same on every lane (constants, uniform loads).

Pointer values are not arrays (see `pointers`), except pointers into PhysicalStorageBuffer, whose
values are their 64-bit device addresses (uint64 arrays), so they compose and merge like integers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ml_dtypes
import numpy as np

from dxlinalg.spirv.enums import StorageClass

#: Largest array length, and number of scalar components of a constant (a limit against corrupt lengths).
MAX_VALUE_ELEMENTS = 1 << 20
#: Largest number of scalar components of one invocation's Function or Private variable: every lane of
#: a chunk holds its own copy, so this bounds a chunk's memory (real shaders' local arrays are far smaller).
MAX_VARIABLE_ELEMENTS = 4096


class SpvType:
    """Base of every type; `id` is its result id, `name` its OpName (or a spelled-out form)."""

    __slots__ = ("id", "name")
    opname = "OpType"

    def __init__(self, type_id: int) -> None:
        self.id = type_id
        self.name = ""

    def __repr__(self) -> str:
        return self.describe()

    def describe(self) -> str:
        return f"%{self.name or self.id}"


class VoidType(SpvType):
    __slots__ = ()
    opname = "OpTypeVoid"

    def describe(self) -> str:
        return "void"


class BoolType(SpvType):
    __slots__ = ()
    opname = "OpTypeBool"
    dtype = np.dtype(np.bool_)

    def describe(self) -> str:
        return "bool"


class IntType(SpvType):
    __slots__ = ("dtype", "signed", "width")
    opname = "OpTypeInt"

    def __init__(self, type_id: int, width: int, signed: bool) -> None:
        super().__init__(type_id)
        self.width = width
        self.signed = signed
        self.dtype = np.dtype(f"{'i' if signed else 'u'}{width // 8}")

    def describe(self) -> str:
        return f"{'int' if self.signed else 'uint'}{self.width}"


#: OpTypeFloat's FP Encoding operand: (value, width) -> (dtype, name). SPV_KHR_bfloat16 adds BFloat16KHR
#: (0, 16 bits), SPV_EXT_float8 Float8E4M3EXT (4214) and Float8E5M2EXT (4215), 8 bits each.
FP_ENCODINGS: dict[tuple[int, int], tuple[np.dtype, str]] = {
    (0, 16): (np.dtype(ml_dtypes.bfloat16), "bfloat16"),
    (4214, 8): (np.dtype(ml_dtypes.float8_e4m3fn), "float8_e4m3"),
    (4215, 8): (np.dtype(ml_dtypes.float8_e5m2), "float8_e5m2"),
}


class FloatType(SpvType):
    """An IEEE 754 binary16/32/64 type, or (`encoding` not None) one of FP_ENCODINGS' narrow formats."""

    __slots__ = ("dtype", "encoding", "width")
    opname = "OpTypeFloat"

    def __init__(self, type_id: int, width: int, encoding: int | None = None) -> None:
        super().__init__(type_id)
        self.width = width
        self.encoding = encoding
        self.dtype = np.dtype(f"f{width // 8}") if encoding is None else FP_ENCODINGS[(encoding, width)][0]

    def describe(self) -> str:
        return f"float{self.width}" if self.encoding is None else FP_ENCODINGS[(self.encoding, self.width)][1]


ScalarType = BoolType | IntType | FloatType


class VectorType(SpvType):
    __slots__ = ("component", "count")
    opname = "OpTypeVector"

    def __init__(self, type_id: int, component: ScalarType, count: int) -> None:
        super().__init__(type_id)
        self.component = component
        self.count = count

    @property
    def dtype(self) -> np.dtype:
        return self.component.dtype

    def describe(self) -> str:
        return f"{self.component.describe()}x{self.count}"


class MatrixType(SpvType):
    __slots__ = ("column", "columns")
    opname = "OpTypeMatrix"

    def __init__(self, type_id: int, column: VectorType, columns: int) -> None:
        super().__init__(type_id)
        self.column = column
        self.columns = columns

    @property
    def component(self) -> ScalarType:
        return self.column.component

    @property
    def dtype(self) -> np.dtype:
        return self.column.dtype

    @property
    def rows(self) -> int:
        return self.column.count

    def describe(self) -> str:
        return f"mat{self.columns}x{self.rows}<{self.component.describe()}>"


class ArrayType(SpvType):
    """A sized array; `stride` is its ArrayStride decoration (None if undecorated)."""

    __slots__ = ("element", "length", "stride")
    opname = "OpTypeArray"

    def __init__(self, type_id: int, element: SpvType, length: int, stride: int | None) -> None:
        super().__init__(type_id)
        self.element = element
        self.length = length
        self.stride = stride

    def describe(self) -> str:
        return f"{self.element.describe()}[{self.length}]"


class RuntimeArrayType(SpvType):
    __slots__ = ("element", "stride")
    opname = "OpTypeRuntimeArray"

    def __init__(self, type_id: int, element: SpvType, stride: int | None) -> None:
        super().__init__(type_id)
        self.element = element
        self.stride = stride

    def describe(self) -> str:
        return f"{self.element.describe()}[]"


class MemberLayout:
    """A struct member's explicit-layout decorations."""

    __slots__ = ("builtin", "matrix_stride", "offset", "row_major")

    def __init__(self) -> None:
        self.offset: int | None = None
        self.matrix_stride: int | None = None
        self.row_major = False
        self.builtin: int | None = None


class StructType(SpvType):
    __slots__ = ("block", "buffer_block", "layouts", "members")
    opname = "OpTypeStruct"

    def __init__(self, type_id: int, members: list[SpvType]) -> None:
        super().__init__(type_id)
        self.members = members
        self.layouts = [MemberLayout() for _ in members]
        self.block = False
        self.buffer_block = False

    def describe(self) -> str:
        return f"%{self.name}" if self.name else f"struct %{self.id}"


class PointerType(SpvType):
    """`pointee` is resolved after every type is read (forward pointers make cycles)."""

    __slots__ = ("pointee", "pointee_id", "storage", "stride")
    opname = "OpTypePointer"

    def __init__(self, type_id: int, storage: int, pointee_id: int) -> None:
        super().__init__(type_id)
        self.storage = storage
        self.pointee_id = pointee_id
        self.pointee: SpvType = VoidType(0)
        self.stride: int | None = None

    @property
    def physical(self) -> bool:
        return self.storage == StorageClass.PhysicalStorageBuffer

    def describe(self) -> str:
        try:
            storage = StorageClass(self.storage).name
        except ValueError:
            storage = str(self.storage)
        return f"ptr<{storage}, {self.pointee.describe() if self.pointee.id else '%' + str(self.pointee_id)}>"


class FunctionType(SpvType):
    __slots__ = ("parameters", "return_type")
    opname = "OpTypeFunction"

    def __init__(self, type_id: int, return_type: SpvType, parameters: list[SpvType]) -> None:
        super().__init__(type_id)
        self.return_type = return_type
        self.parameters = parameters


NUMERIC_LEAVES = (BoolType, IntType, FloatType, VectorType, MatrixType)


def scalar_of(spv_type: SpvType) -> ScalarType | None:
    """The component type of a scalar, vector or matrix type; None for anything else."""
    if isinstance(spv_type, (BoolType, IntType, FloatType)):
        return spv_type
    if isinstance(spv_type, (VectorType, MatrixType)):
        return spv_type.component
    return None


def leaf_shape(spv_type: SpvType) -> tuple[int, ...]:
    """Per-lane shape of a scalar (()), vector ((n,)) or matrix ((columns, rows)) value."""
    if isinstance(spv_type, VectorType):
        return (spv_type.count,)
    if isinstance(spv_type, MatrixType):
        return (spv_type.columns, spv_type.rows)
    return ()


def is_array_tree(spv_type: SpvType) -> bool:
    """Whether a value of this type is a single numpy array (numeric, bool, PSB pointer, arrays of them)."""
    while isinstance(spv_type, ArrayType):
        spv_type = spv_type.element
    return isinstance(spv_type, NUMERIC_LEAVES) or (isinstance(spv_type, PointerType) and spv_type.physical)


def array_tree_leaf(spv_type: SpvType) -> tuple[SpvType, tuple[int, ...]]:
    """(leaf type, per-lane shape) of an array tree: float[4][3] -> (float, (3, 4))."""
    dims: list[int] = []
    while isinstance(spv_type, ArrayType):
        dims.append(spv_type.length)
        spv_type = spv_type.element
    return spv_type, (*dims, *leaf_shape(spv_type))


def value_dtype(spv_type: SpvType) -> np.dtype:
    """The numpy dtype of an array-tree value's leaves (uint64 for PSB pointers)."""
    leaf, _ = array_tree_leaf(spv_type)
    if isinstance(leaf, PointerType):
        return np.dtype(np.uint64)
    return leaf.dtype  # type: ignore[attr-defined,no-any-return]


def element_count(spv_type: SpvType) -> int:
    """Scalar components in one value of the type (runtime arrays count as one element)."""
    if isinstance(spv_type, ArrayType):
        return spv_type.length * element_count(spv_type.element)
    if isinstance(spv_type, RuntimeArrayType):
        return element_count(spv_type.element)
    if isinstance(spv_type, StructType):
        return sum(element_count(m) for m in spv_type.members)
    shape = leaf_shape(spv_type)
    return int(np.prod(shape)) if shape else 1


def zero_value(spv_type: SpvType, batch: tuple[int, ...] = (1,)) -> Any:
    """The all-zero value of a type with leading axes `batch` (the lane axis and any array axes)."""
    if isinstance(spv_type, StructType):
        return tuple(zero_value(member, batch) for member in spv_type.members)
    if isinstance(spv_type, ArrayType):
        if is_array_tree(spv_type):
            _, shape = array_tree_leaf(spv_type)
            return np.zeros((*batch, *shape), value_dtype(spv_type))
        return zero_value(spv_type.element, (*batch, spv_type.length))
    if isinstance(spv_type, PointerType) and spv_type.physical:
        return np.zeros(batch, np.uint64)
    if isinstance(spv_type, NUMERIC_LEAVES):
        return np.zeros((*batch, *leaf_shape(spv_type)), spv_type.dtype)  # type: ignore[union-attr]
    raise TypeError(f"no value of type {spv_type.describe()}")


#: Parsers for type opcodes beyond the core set: opcode -> parser(module, instruction) -> SpvType.
TypeParser = Callable[..., SpvType]
EXTRA_TYPE_PARSERS: dict[int, TypeParser] = {}
#: Parsers for constant opcodes beyond the core set (e.g. SPV_EXT_replicated_composites):
#: opcode -> parser(specialization, instruction) -> the constant's value (lane axis 1).
ConstantParser = Callable[..., Any]
EXTRA_CONSTANT_PARSERS: dict[int, ConstantParser] = {}
