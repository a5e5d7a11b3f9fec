"""Pointer values: into memory (a region and per-lane byte offsets) or into a logical variable.

Buffers, push constants and Workgroup memory have byte layouts, so a pointer into them is a
`MemoryPointer`: the region, the byte offset of each lane's pointee and the pointee's layout.
Function and Private variables (and the built-in inputs) hold logical values in a `Cell`; a
pointer into one is a `LogicalPointer`: the cell and the path of member and element indices from
the variable to the pointee (an element index may differ per lane). Both can be merged under a
mask when they point into the same object, which is all structured code needs.

A descriptor array (an array of buffer blocks at one binding) is a `DescriptorArray`: a region per
bound element. An access chain into it picks the element; where the active lanes pick different
elements the result is a `SplitPointer`, one `MemoryPointer` per element with the lanes that chose it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dxlinalg.spirv.errors import SpirvUnsupportedError
from dxlinalg.spirv.lanes import extract, gather, insert, mask_for, merge, replace_member
from dxlinalg.spirv.layout import Layout
from dxlinalg.spirv.memory_access import Region
from dxlinalg.spirv.types import SpvType

MEMBER, ELEMENT = 0, 1


class Cell:
    """The storage of one Function, Private or Input variable: its current (lane) value.

    `owner`: for a Function variable, the call (its `Frame`) that made it: lanes that are not running that
    call, or have returned from it, never read it again, so while every live lane of that call runs, a store
    needs no mask. A callee reaches its caller's variables through pointer parameters (GLSL's in, out and
    inout arguments), and lanes that returned from the callee early still read those afterwards, so the
    callee's stores to them are always masked. None for Private and Input variables.
    Reads and writes go through `read` and `write`, which mean `read_path` and `write_path`; two
    fast paths keep loops over a vector's elements cheap:
    - a value is never changed once read, but while the cell's value is an array it made itself
      and nobody has read (`owned`), a write of one element updates it in place instead of copying
      the whole array again;
    - a lane's elements lie side by side, so reading element k of every lane strides over the whole
      array: once a wide array's elements are read one by one (`ELEMENT_READS_BEFORE_COLUMNS`), the
      cell keeps an element-major copy (`columns`, until the next write) and serves its rows.
    """

    __slots__ = ("columns", "element_reads", "name", "owned", "owner", "value")

    def __init__(self, value: Any, name: str, owner: object | None = None) -> None:
        self.value = value
        self.name = name
        self.owner = owner
        self.owned = False
        self.columns: np.ndarray | None = None
        self.element_reads = 0

    def read(self, path: tuple[tuple[int, Any], ...]) -> Any:
        """The part at `path`; the caller may keep it, so the value is no longer the cell's alone."""
        self.owned = False
        if not path:
            return self.value
        if len(path) == 1 and path[0][0] == ELEMENT and isinstance(path[0][1], int):
            columns = self._columns()
            if columns is not None:
                return columns[path[0][1]]
        return read_path(self.value, path)

    def write(self, path: tuple[tuple[int, Any], ...], part: Any, mask: np.ndarray | None) -> None:
        """Replace the part at `path` on the lanes in `mask` (None: all lanes)."""
        self.columns = None
        self.element_reads = 0
        if not path and mask is None:
            self.value = part
            self.owned = False
            return
        if self.owned and len(path) == 1 and write_element_in_place(self.value, path[0], part, mask):
            return
        self.value = write_path(self.value, path, part, mask)
        # one element step copies the whole array (lanes.insert): the copy is the cell's own
        self.owned = len(path) == 1 and path[0][0] == ELEMENT and isinstance(self.value, np.ndarray)

    def _columns(self) -> np.ndarray | None:
        """The value element-major, (elements, lanes, ...), once worth making; else None."""
        if self.columns is None:
            value = self.value
            if not (isinstance(value, np.ndarray) and value.ndim >= 2 and value.shape[0] >= COLUMN_MIN_LANES and
                    value.shape[1] >= COLUMN_MIN_ELEMENTS):
                return None
            self.element_reads += 1
            if self.element_reads < ELEMENT_READS_BEFORE_COLUMNS:
                return None
            self.columns = element_major(value)
        return self.columns


#: Arrays worth keeping element-major: enough lanes that a strided pass leaves the cache, enough
#: elements that a loop over them reads it many times.
COLUMN_MIN_LANES = 256
COLUMN_MIN_ELEMENTS = 16
#: Single-element reads of one value after which it is transposed (about as costly as a few reads).
ELEMENT_READS_BEFORE_COLUMNS = 4
#: Lanes transposed at a time: a block of a few rows fits the first-level cache.
_TRANSPOSE_BLOCK = 128


def element_major(value: np.ndarray) -> np.ndarray:
    """(elements, lanes, ...) copy of a (lanes, elements, ...) array, so that element k of every lane
    is contiguous; transposed in blocks of lanes (a whole-array transpose misses the cache on
    every element)."""
    lanes = value.shape[0]
    out = np.empty((value.shape[1], lanes, *value.shape[2:]), value.dtype)
    for start in range(0, lanes, _TRANSPOSE_BLOCK):
        out[:, start:start + _TRANSPOSE_BLOCK] = value[start:start + _TRANSPOSE_BLOCK].swapaxes(0, 1)
    return out


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
        if not isinstance(old, MemoryPointer) or isinstance(old, ElementPointer) or old.region is not self.region:
            raise SpirvUnsupportedError("a pointer that points into different variables on different lanes "
                                        "(variable pointers) is not supported")
        return MemoryPointer(self.region, np.where(mask, self.offsets, old.offsets), self.layout)


class DescriptorArray:
    """The value of a descriptor-array variable: `regions[e]` is element e's bound bytes (None: not bound).

    `length`: the array's length (None: a runtime array, sized by the host's binding); `label` names it
    (storage class, variable, set and binding) for messages; `layout` is one block's."""

    __slots__ = ("label", "layout", "length", "regions")

    def __init__(self, label: str, regions: list[Region | None], layout: Layout, length: int | None) -> None:
        self.label = label
        self.regions = regions
        self.layout = layout
        self.length = length

    def region(self, element: int) -> Region | None:
        return self.regions[element] if 0 <= element < len(self.regions) else None

    def lane_count(self) -> int:
        return 1

    def broadcast(self, lanes: int) -> DescriptorArray:
        return self

    def merge(self, mask: np.ndarray, old: Any) -> DescriptorArray:
        if old is not self:
            raise SpirvUnsupportedError("a pointer that points into different variables on different lanes "
                                        "(variable pointers) is not supported")
        return self


class ElementPointer(MemoryPointer):
    """A MemoryPointer into one element of a descriptor array. Merged under a mask with a pointer into
    another element (a value live across blocks, OpPhi, OpSelect) it becomes a `SplitPointer`."""

    __slots__ = ()

    def merge(self, mask: np.ndarray, old: Any) -> MemoryPointer:
        if isinstance(old, ElementPointer) and not isinstance(old, SplitPointer) and old.region is self.region:
            return ElementPointer(self.region, np.where(mask, self.offsets, old.offsets), self.layout)
        return split_merge(mask, self, old)


def split_merge(mask: np.ndarray, new: MemoryPointer, old: Any) -> SplitPointer:
    """`new` on the lanes in `mask`, `old` on the others, both pointers into descriptor-array elements."""
    if not isinstance(old, ElementPointer):
        raise SpirvUnsupportedError("a pointer that points into different variables on different lanes "
                                    "(variable pointers) is not supported")
    parts = [(mask & lanes, part) for lanes, part in _parts(new, mask)]
    parts += [(~mask & lanes, part) for lanes, part in _parts(old, mask)]
    return SplitPointer([(lanes, part) for lanes, part in parts if lanes.any()], new.layout)


def _parts(pointer: MemoryPointer, mask: np.ndarray) -> list[tuple[np.ndarray, MemoryPointer]]:
    if isinstance(pointer, SplitPointer):
        return pointer.parts
    return [(np.ones_like(mask), pointer)]


class SplitPointer(ElementPointer):
    """A pointer into the blocks of a descriptor array whose element differs between lanes: `parts` holds
    (lanes, ElementPointer) for each element some active lane chose. Loads, stores, atomics and access
    chains go part by part (one numpy operation per distinct element, never per lane); an instruction that
    needs one region (`region`, `offsets`) reports it as unsupported."""

    __slots__ = ("parts",)

    def __init__(self, parts: list[tuple[np.ndarray, MemoryPointer]], layout: Layout) -> None:
        self.parts = parts
        self.layout = layout

    @property  # type: ignore[override]
    def region(self) -> Region:
        raise SpirvUnsupportedError(self._one_region())

    @property  # type: ignore[override]
    def offsets(self) -> np.ndarray:
        raise SpirvUnsupportedError(self._one_region())

    @staticmethod
    def _one_region() -> str:
        return ("this instruction needs one buffer on every lane, but the lanes chose different elements of a "
                "descriptor array (a non-uniform index): only loads, stores, atomics, access chains, "
                "OpArrayLength and merges of such pointers support that")

    def lane_count(self) -> int:
        return max((int(lanes.shape[0]) for lanes, _ in self.parts), default=1)

    def broadcast(self, lanes: int) -> SplitPointer:
        return self

    def merge(self, mask: np.ndarray, old: Any) -> SplitPointer:
        return split_merge(mask, self, old)


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


def write_element_in_place(value: Any, step: tuple[int, Any], part: Any, mask: np.ndarray | None) -> bool:
    """write_path(value, (step,), part, mask) done in `value` itself, where the step is one constant
    element of an array value holding every lane the part and mask have; False (nothing written)
    otherwise."""
    kind, index = step
    if kind != ELEMENT or not isinstance(index, int) or not isinstance(value, np.ndarray) or \
            not isinstance(part, np.ndarray):
        return False
    lanes = value.shape[0]
    if part.shape[0] > lanes or (mask is not None and mask.shape[0] > lanes):
        return False
    element = value[:, index]
    if mask is None:
        element[...] = part
    else:
        np.copyto(element, part, where=mask_for(mask, element.ndim), casting="unsafe")
    return True
