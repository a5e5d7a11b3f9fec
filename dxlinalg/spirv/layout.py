"""Where each scalar of a value lives in memory: explicit layouts (Offset, ArrayStride, MatrixStride,
RowMajor) for buffers and push constants, and a natural layout for Workgroup variables.

A layout is built once per (type, matrix decoration) and answers two questions: the byte offset of
every scalar of a value that is one numpy array (`LeafLayout.offsets`, shaped like the value), and
where the children of an aggregate are (`child`: the byte step per index and the child's layout),
which is what access chains need.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dxlinalg.spirv.types import (
    ArrayType,
    BoolType,
    FloatType,
    IntType,
    MatrixType,
    PointerType,
    RuntimeArrayType,
    SpvType,
    StructType,
    VectorType,
    is_array_tree,
)

#: Largest byte size of a layout this executor accepts (guards against corrupt lengths).
MAX_LAYOUT_BYTES = 1 << 31


class LayoutError(ValueError):
    """A type lacks the decorations its layout needs; the caller names the instruction."""


@dataclass(frozen=True, eq=False)
class MatrixDecoration:
    stride: int
    row_major: bool


class Layout:
    """Base: the type laid out, its size in bytes (None if it ends in a runtime array) and alignment."""

    type: SpvType
    size: int | None
    alignment: int


@dataclass(eq=False)
class LeafLayout(Layout):
    """A value that is one numpy array: `offsets` (int64, the value's per-lane shape) of every scalar.

    `storage` is the dtype in memory; `kind` says how it becomes a value: "number" (as is),
    "bool" (a 32-bit word, nonzero is true) or "pointer" (a 64-bit PhysicalStorageBuffer address).
    """

    type: SpvType
    storage: np.dtype
    kind: str
    offsets: np.ndarray
    size: int
    alignment: int
    child_stride: int = 0
    child_layout: LeafLayout | None = None

    def child(self, index: int) -> tuple[int, Layout]:
        """(byte step per index, layout of the element) of an array, vector or matrix."""
        if self.child_layout is None:
            raise LayoutError(f"{self.type.describe()} has no components to index")
        return self.child_stride, self.child_layout


@dataclass(eq=False)
class ArrayLayout(Layout):
    """An array whose elements are structs (sized), or any runtime array (`length` None)."""

    type: SpvType
    element: Layout
    length: int | None
    stride: int
    size: int | None
    alignment: int

    def child(self, index: int) -> tuple[int, Layout]:
        return self.stride, self.element


@dataclass(eq=False)
class StructLayout(Layout):
    type: SpvType
    members: list[tuple[int, Layout]]
    size: int | None
    alignment: int

    def child(self, index: int) -> tuple[int, Layout]:
        if not 0 <= index < len(self.members):
            raise LayoutError(f"{self.type.describe()} has {len(self.members)} members, not index {index}")
        return self.members[index]


class LayoutBuilder:
    """Builds (and caches) layouts: `explicit=True` demands the decorations, False computes a natural one."""

    def __init__(self, explicit: bool) -> None:
        self.explicit = explicit
        self._cache: dict[tuple[int, int, bool], Layout] = {}

    def layout(self, spv_type: SpvType, matrix: MatrixDecoration | None = None) -> Layout:
        key = (spv_type.id, 0 if matrix is None else matrix.stride, bool(matrix and matrix.row_major))
        found = self._cache.get(key)
        if found is None:
            found = self._build(spv_type, matrix)
            self._cache[key] = found
        return found

    # -- scalars, vectors, matrices ----------------------------------------------------------------
    def _scalar(self, spv_type: SpvType) -> LeafLayout:
        if isinstance(spv_type, (IntType, FloatType)):
            size = spv_type.dtype.itemsize
            return LeafLayout(spv_type, spv_type.dtype, "number", np.zeros((), np.int64), size, size)
        if isinstance(spv_type, BoolType):
            if self.explicit:
                raise LayoutError("bool has no size in memory with an explicit layout (use an integer)")
            return LeafLayout(spv_type, np.dtype(np.uint32), "bool", np.zeros((), np.int64), 4, 4)
        if isinstance(spv_type, PointerType) and spv_type.physical:
            return LeafLayout(spv_type, np.dtype(np.uint64), "pointer", np.zeros((), np.int64), 8, 8)
        raise LayoutError(f"{spv_type.describe()} cannot be stored in memory")

    def _vector(self, spv_type: VectorType, component_stride: int | None = None) -> LeafLayout:
        scalar = self._scalar(spv_type.component)
        stride = scalar.size if component_stride is None else component_stride
        offsets = np.arange(spv_type.count, dtype=np.int64) * stride
        size = int(offsets[-1]) + scalar.size
        return LeafLayout(spv_type, scalar.storage, scalar.kind, offsets, size, scalar.alignment, stride, scalar)

    def _matrix(self, spv_type: MatrixType, matrix: MatrixDecoration | None) -> LeafLayout:
        component = self._scalar(spv_type.component).size
        if matrix is None:
            if self.explicit:
                raise LayoutError(f"matrix {spv_type.describe()} needs MatrixStride (and RowMajor or ColMajor) "
                                  f"on the struct member holding it")
            matrix = MatrixDecoration(component * spv_type.rows, False)
        if matrix.row_major:
            column = self._vector(spv_type.column, matrix.stride)
            step = component
        else:
            column = self._vector(spv_type.column)
            step = matrix.stride
        offsets = np.arange(spv_type.columns, dtype=np.int64)[:, None] * step + column.offsets[None, :]
        size = int(offsets.max()) + component
        return LeafLayout(spv_type, column.storage, column.kind, offsets, size, column.alignment, step, column)

    # -- aggregates ----------------------------------------------------------------------------------
    def _stride(self, spv_type: ArrayType | RuntimeArrayType, element: Layout) -> int:
        if spv_type.stride is not None:
            return spv_type.stride
        if self.explicit:
            raise LayoutError(f"array {spv_type.describe()} needs an ArrayStride decoration (explicit layout)")
        assert element.size is not None
        return -(-element.size // element.alignment) * element.alignment

    def _build(self, spv_type: SpvType, matrix: MatrixDecoration | None) -> Layout:
        if isinstance(spv_type, VectorType):
            return self._vector(spv_type)
        if isinstance(spv_type, MatrixType):
            return self._matrix(spv_type, matrix)
        if isinstance(spv_type, ArrayType):
            element = self.layout(spv_type.element, matrix)
            if element.size is None:
                raise LayoutError(f"array {spv_type.describe()} of elements without a fixed size")
            stride = self._stride(spv_type, element)
            size = stride * (spv_type.length - 1) + element.size
            if size > MAX_LAYOUT_BYTES:
                raise LayoutError(f"array {spv_type.describe()} spans {size} bytes")
            if is_array_tree(spv_type):
                assert isinstance(element, LeafLayout)
                steps = np.arange(spv_type.length, dtype=np.int64) * stride
                offsets = steps.reshape((-1,) + (1,) * element.offsets.ndim) + element.offsets
                return LeafLayout(spv_type, element.storage, element.kind, offsets, size, element.alignment,
                                  stride, element)
            return ArrayLayout(spv_type, element, spv_type.length, stride, size, element.alignment)
        if isinstance(spv_type, RuntimeArrayType):
            element = self.layout(spv_type.element, matrix)
            if element.size is None:
                raise LayoutError(f"runtime array {spv_type.describe()} of elements without a fixed size")
            return ArrayLayout(spv_type, element, None, self._stride(spv_type, element), None, element.alignment)
        if isinstance(spv_type, StructType):
            return self._struct(spv_type)
        return self._scalar(spv_type)

    def _struct(self, spv_type: StructType) -> StructLayout:
        members: list[tuple[int, Layout]] = []
        end, alignment = 0, 1
        size: int | None = 0
        for index, (member, decorations) in enumerate(zip(spv_type.members, spv_type.layouts)):
            matrix = None
            if decorations.matrix_stride is not None:
                matrix = MatrixDecoration(decorations.matrix_stride, decorations.row_major)
            layout = self.layout(member, matrix)
            if size is None:
                raise LayoutError(f"member {index} of {spv_type.describe()} follows a runtime array, which must "
                                  f"be the last member")
            if decorations.offset is not None:
                offset = decorations.offset
            elif self.explicit:
                raise LayoutError(f"member {index} of {spv_type.describe()} needs an Offset decoration "
                                  f"(explicit layout)")
            else:
                offset = -(-end // layout.alignment) * layout.alignment
            members.append((offset, layout))
            alignment = max(alignment, layout.alignment)
            if layout.size is None:
                size = None
            else:
                end = max(end, offset + layout.size)
        if size is not None:
            size = -(-end // alignment) * alignment if not self.explicit else end
        return StructLayout(spv_type, members, size, alignment)
