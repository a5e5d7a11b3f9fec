"""Pointer values: into memory (a region and per-lane byte offsets) or into a logical variable.

Buffers, push constants and Workgroup memory have byte layouts, so a pointer into them is a
`MemoryPointer`: the region, the byte offset of each lane's pointee and the pointee's layout.
Function and Private variables (and the built-in inputs) hold logical values in a `Cell`; a
pointer into one is a `LogicalPointer`: the cell and the path of member and element indices from
the variable to the pointee (an element index may differ per lane). Both can be merged under a
mask when they point into the same object, which is all structured code needs.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dxlinalg.spirv.errors import SpirvUnsupportedError
from dxlinalg.spirv.lanes import extract, gather, insert, merge, replace_member
from dxlinalg.spirv.layout import Layout
from dxlinalg.spirv.memory_access import Region
from dxlinalg.spirv.types import SpvType

MEMBER, ELEMENT = 0, 1


class Cell:
    """The storage of one Function, Private or Input variable: its current (lane) value.

    `local`: a Function variable, whose lanes outside the running call never read it again."""

    __slots__ = ("value", "name", "local")

    def __init__(self, value: Any, name: str, local: bool = False) -> None:
        self.value = value
        self.name = name
        self.local = local


class MemoryPointer:
    __slots__ = ("region", "offsets", "layout")

    def __init__(self, region: Region, offsets: np.ndarray, layout: Layout) -> None:
        self.region = region
        self.offsets = offsets
        self.layout = layout

    def lane_count(self) -> int:
        return int(self.offsets.shape[0])

    def broadcast(self, lanes: int) -> MemoryPointer:
        return MemoryPointer(self.region, np.broadcast_to(self.offsets, (lanes,)), self.layout)

    def merge(self, mask: np.ndarray, old: Any) -> MemoryPointer:
        if not isinstance(old, MemoryPointer) or old.region is not self.region:
            raise SpirvUnsupportedError("a pointer that points into different variables on different lanes "
                                        "(variable pointers) is not supported")
        return MemoryPointer(self.region, np.where(mask, self.offsets, old.offsets), self.layout)


class LogicalPointer:
    """`path`: (MEMBER, index) or (ELEMENT, index) steps; an element index is an int or (lanes,) int64.
    `valid`: lanes whose element indices are in range (None: all)."""

    __slots__ = ("cell", "path", "type", "valid")

    def __init__(self, cell: Cell, path: tuple[tuple[int, Any], ...], pointee: SpvType,
                 valid: np.ndarray | None = None) -> None:
        self.cell = cell
        self.path = path
        self.type = pointee
        self.valid = valid

    def lane_count(self) -> int:
        counts = [int(i.shape[0]) for _, i in self.path if isinstance(i, np.ndarray)]
        return max(counts, default=1)

    def broadcast(self, lanes: int) -> LogicalPointer:
        return self

    def merge(self, mask: np.ndarray, old: Any) -> LogicalPointer:
        if not isinstance(old, LogicalPointer) or old.cell is not self.cell or len(old.path) != len(self.path) or \
                any(a[0] != b[0] for a, b in zip(self.path, old.path)):
            raise SpirvUnsupportedError("a pointer that points into different variables on different lanes "
                                        "(variable pointers) is not supported")
        path = []
        for (kind, new_index), (_, old_index) in zip(self.path, old.path):
            if isinstance(new_index, int) and isinstance(old_index, int) and new_index == old_index:
                path.append((kind, new_index))
            elif kind == MEMBER:
                raise SpirvUnsupportedError("pointers to different struct members on different lanes")
            else:
                path.append((kind, np.where(mask, new_index, old_index)))
        valid = None
        if self.valid is not None or old.valid is not None:
            new_valid = True if self.valid is None else self.valid
            old_valid = True if old.valid is None else old.valid
            valid = np.where(mask, new_valid, old_valid)
        return LogicalPointer(self.cell, tuple(path), self.type, valid)


def read_path(value: Any, path: tuple[tuple[int, Any], ...]) -> Any:
    """The part of a variable's value a path leads to."""
    for kind, index in path:
        if kind == MEMBER:
            value = value[index]
        elif isinstance(index, int):
            value = extract(value, index)
        else:
            value = gather(value, index)
    return value


def write_path(value: Any, path: tuple[tuple[int, Any], ...], part: Any, mask: np.ndarray | None) -> Any:
    """A copy of a variable's value with the part at `path` replaced on lanes in `mask` (None: all)."""
    if not path:
        return part if mask is None else merge(mask, part, value)
    (kind, index), rest = path[0], path[1:]
    if kind == MEMBER:
        return replace_member(value, index, write_path(value[index], rest, part, mask))
    if isinstance(index, int):
        return insert(value, index, write_path(extract(value, index), rest, part, mask))
    return insert(value, index, write_path(gather(value, index), rest, part, mask), mask)
