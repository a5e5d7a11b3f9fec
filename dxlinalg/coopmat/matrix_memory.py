"""OpCooperativeMatrixLoadKHR and OpCooperativeMatrixStoreKHR: whole matrices against memory bytes.

SPV_KHR_cooperative_matrix: with RowMajorKHR, row r's elements are taken in order from contiguous
locations starting at Pointer[r * Stride]; with ColumnMajorKHR, column c's from Pointer[c * Stride].
Pointer points to a scalar or vector (the *pointee*), which may differ from the component type, and
Stride counts pointees ("Stride is in elements of the pointee type"); the elements of a row are
components, so element (r, c) of a RowMajorKHR matrix lies at byte

    pointer + r * Stride * sizeof(pointee) + c * sizeof(component)

(ColumnMajorKHR swaps r and c), its bits reinterpreted as the component type. Everything is vectorised
over scope instances and elements: each instance has its own Pointer and Stride (they are uniform
within an instance, not across instances) and, for Workgroup memory, its own group's bytes.

Memory is a `MatrixMemory`: `buffer_memory` (a dxlinalg Buffer, BufferBinding, BufferRange or uint8
array: StorageBuffer and PhysicalStorageBuffer pointers) or `workgroup_memory` (one row of bytes per
thread group: Workgroup pointers). Strict mode reports a Pointer or Stride that breaks Vulkan's
alignment rule, elements outside the memory, and a store whose elements write one location with
different values; permissive mode reads such elements as 0 and drops such stores (the last
element in row-major order, then instance order, lands).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import DTypeLike

from dxlinalg.coopmat import matrix_rules as rules
from dxlinalg.coopmat.element_bytes import (
    bits_dtype,
    gather_elements,
    last_writer_per_address,
    scatter_elements,
)
from dxlinalg.coopmat.matrix_enums import (
    CooperativeMatrixLayout,
    KhrOpcode,
    StorageClass,
)
from dxlinalg.coopmat.matrix_type import CoopMatrix, CoopMatType
from dxlinalg.coopmat.ownership import ownership_map
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.gpu.context import current_context
from dxlinalg.gpu.resources import resolve_handle
from dxlinalg.profile.model import CooperativeMatrixSettings

LOAD_OP = KhrOpcode.OpCooperativeMatrixLoadKHR.name
STORE_OP = KhrOpcode.OpCooperativeMatrixStoreKHR.name


def _nothing() -> None:
    return None


@dataclass(frozen=True)
class MatrixMemory:
    """The bytes each scope instance's Pointer points into: `data[origin[i]:origin[i] + size]`."""

    data: np.ndarray            # flat uint8 backing store
    origin: np.ndarray          # (instances,) int64
    size: int
    base_address: int           # the address of each instance's byte 0 (alignment is judged on it)
    name: str
    storage_class: StorageClass
    writable: bool = True
    written: Callable[[], None] = field(default=_nothing, compare=False)

    @property
    def instances(self) -> int:
        return int(self.origin.shape[0])


def buffer_memory(handle: object, instances: int, *,
                  storage_class: StorageClass = StorageClass.StorageBuffer) -> MatrixMemory:
    """One buffer (anything `resolve_handle` takes) that every scope instance addresses."""
    storage = rules.check_storage_class(storage_class, "buffer_memory")
    if storage == StorageClass.Workgroup:
        raise InvalidArgumentError("buffer_memory: Workgroup pointers address a thread group's own bytes; use "
                                   "workgroup_memory")
    count = rules.check_instance_count(instances, "buffer_memory")
    rng = resolve_handle(handle, "cooperative matrix memory")
    return MatrixMemory(rng.data, np.full(count, rng.base_offset, np.int64), rng.size, rng.base_address, rng.name,
                        storage, rng.writable, rng.mark_written)


def workgroup_memory(data: np.ndarray, group_of_instance: np.ndarray, *, size: int | None = None,
                     name: str = "workgroup memory") -> MatrixMemory:
    """Workgroup memory: `data` (groups, bytes) uint8, row g being group g's; instance i uses row
    group_of_instance[i] (its first `size` bytes). Each row starts at address 0 (16-byte aligned)."""
    if not isinstance(data, np.ndarray) or data.dtype != np.uint8 or data.ndim != 2 or not data.flags.c_contiguous:
        raise InvalidArgumentError("workgroup_memory: data must be a C-contiguous (groups, bytes) uint8 array")
    groups = np.asarray(group_of_instance)
    if groups.ndim != 1 or groups.dtype.kind not in "iu" or (groups.size and not
                                                              (0 <= groups.min() and groups.max() < data.shape[0])):
        raise InvalidArgumentError(f"workgroup_memory: group_of_instance must be (instances,) integers in "
                                   f"[0, {data.shape[0]})")
    size = data.shape[1] if size is None else int(size)
    if not 0 <= size <= data.shape[1]:
        raise InvalidArgumentError(f"workgroup_memory: size {size} is outside [0, {data.shape[1]}]")
    return MatrixMemory(data.reshape(-1), groups.astype(np.int64) * data.shape[1], size, 0, name,
                        StorageClass.Workgroup)


@dataclass(frozen=True)
class ElementAccess:
    """Every element's byte offset from its instance's origin, and which of them may be accessed."""

    offsets: np.ndarray         # (instances, rows, cols) int64
    inside: np.ndarray          # (instances, rows, cols) bool
    all_inside: bool = False    # every element may be accessed


@dataclass(frozen=True)
class _Lines:
    """Where an access's elements lie, checked: element (r, c) of instance i at byte starts[i] + major * line[i] +
    minor * itemsize from its origin ((major, minor) = (r, c) for RowMajorKHR, (c, r) for ColumnMajorKHR)."""

    starts: np.ndarray          # (instances,) int64
    line: np.ndarray            # (instances,) int64: bytes from one row (column) to the next
    row_major: bool
    inside: bool                # every element of every instance lies in the memory (`corners_inside`)


def _lines(memory: MatrixMemory, matrix_type: CoopMatType, layout: object, stride: object, element_offset: object,
           pointee: DTypeLike | None, pointee_components: int, is_store: bool, strict: bool, op: str) -> _Lines:
    """The operands checked (layout, Stride, pointee, alignment) and the access's lines."""
    if not isinstance(memory, MatrixMemory):
        raise InvalidArgumentError(f"{op}: memory must be a MatrixMemory (buffer_memory or workgroup_memory), got "
                                   f"{type(memory).__name__}")
    layout = rules.check_layout(layout, op)
    instances = memory.instances
    strides = rules.check_stride(stride, instances, is_store, op)
    pointee_bytes = rules.check_pointee(np.dtype(matrix_type.component if pointee is None else pointee),
                                        pointee_components, op)
    starts = _per_instance_ints(element_offset, instances, "Pointer element offset", op) * pointee_bytes
    alignment = rules.required_alignment(matrix_type, layout)
    for what, values in (("Pointer", memory.base_address + starts), ("Stride", strides * pointee_bytes)):
        misaligned = np.flatnonzero(values & (alignment - 1))          # alignment: a power of two
        if misaligned.size:
            i = int(misaligned[0])
            rules.report_misaligned(strict, f"{what} {'address' if what == 'Pointer' else 'in bytes'}",
                                    int(values[i]), alignment, i, op)
    row_major = layout == CooperativeMatrixLayout.RowMajorKHR
    line = strides * pointee_bytes
    major, minor = (matrix_type.rows, matrix_type.cols) if row_major else (matrix_type.cols, matrix_type.rows)
    inside = corners_inside(starts, line, major, minor, matrix_type.component.itemsize, memory.size)
    return _Lines(starts, line, row_major, inside)


def element_offsets(memory: MatrixMemory, matrix_type: CoopMatType, layout: object, stride: object,
                    element_offset: object, pointee: DTypeLike | None, pointee_components: int, is_store: bool,
                    strict: bool, op: str) -> ElementAccess:
    return _element_offsets(memory, matrix_type, _lines(memory, matrix_type, layout, stride, element_offset, pointee,
                                                        pointee_components, is_store, strict, op), strict, op)


def _element_offsets(memory: MatrixMemory, matrix_type: CoopMatType, lines: _Lines, strict: bool,
                     op: str) -> ElementAccess:
    rows = np.arange(matrix_type.rows, dtype=np.int64)[None, :, None]
    cols = np.arange(matrix_type.cols, dtype=np.int64)[None, None, :]
    major, minor = (rows, cols) if lines.row_major else (cols, rows)
    offsets = lines.starts[:, None, None] + major * lines.line[:, None, None] + minor * matrix_type.component.itemsize
    itemsize = matrix_type.component.itemsize
    if lines.inside:
        return ElementAccess(offsets, np.broadcast_to(np.True_, offsets.shape), True)
    inside = (offsets >= 0) & (offsets + itemsize <= memory.size)
    if not inside.all():
        i, r, c = (int(v[0]) for v in np.nonzero(~inside))
        rules.report_outside_memory(strict, i, r, c, int(offsets[i, r, c]), itemsize, memory.size, memory.name, op)
    return ElementAccess(offsets, inside, bool(inside.all()))


#: Whether `load_matrix` may gather whole tiles through a strided view (`_gather_tiles`); the tests turn it off to
#: compare with the element-by-element gather that defines it.
tile_windows = True


def _gather_tiles(memory: MatrixMemory, matrix_type: CoopMatType, lines: _Lines) -> np.ndarray | None:
    """(instances, rows, cols) every instance's elements, when all lie inside and every instance has one line
    length: the memory's bytes seen as overlapping windows of `major` lines, each line one record of `minor`
    elements (a strided view, no copy), and one gather of each instance's window instead of one per element.
    None otherwise."""
    line = lines.line
    data = memory.data
    if not (tile_windows and lines.inside and line.size and data.flags.c_contiguous) or (line != line[0]).any():
        return None
    major, minor = (matrix_type.rows, matrix_type.cols) if lines.row_major else (matrix_type.cols, matrix_type.rows)
    record = minor * matrix_type.component.itemsize
    windows = data.shape[0] - ((major - 1) * int(line[0]) + record) + 1     # every inside window starts below this
    if windows <= 0:
        return None
    view = np.ndarray((windows, major), np.dtype((np.void, record)), buffer=data, strides=(1, int(line[0])))
    tiles = view[memory.origin + lines.starts].view(matrix_type.component).reshape(-1, major, minor)
    return tiles if lines.row_major else np.ascontiguousarray(tiles.transpose(0, 2, 1))


def corners_inside(starts: np.ndarray, line: np.ndarray, lines: int, per_line: int, itemsize: int,
                   size: int) -> bool:
    """Whether every element of every instance lies in [0, size), judged per instance by its first and last
    element: the offsets start + i * line + j * itemsize are affine in (i, j), so with line >= 0 the lowest is
    the start and the highest the last line's last element. False when that cannot be judged so (a negative
    line) or some element is outside: the caller then checks element by element, the definition."""
    if starts.size == 0 or (line < 0).any():
        return False
    last = starts + (lines - 1) * line + (per_line - 1) * itemsize
    return bool(starts.min() >= 0 and last.max() + itemsize <= size)


def _per_instance_ints(value: object, instances: int, what: str, op: str) -> np.ndarray:
    array = np.asarray(value)
    if array.dtype.kind not in "iu" or array.shape not in ((), (instances,)):
        raise InvalidArgumentError(f"{op}: {what} {value!r} must be an integer, or one per scope instance "
                                   f"({instances},)")
    return np.broadcast_to(array.astype(np.int64), (instances,))


def _settle(memory: MatrixMemory, *, storing: bool = False) -> None:
    """Apply atomics a running dispatch holds back before their bytes are read or overwritten (a load counts as
    reading the whole buffer in the dispatch's access log; a store's bytes are found by the parallel layer)."""
    ctx = current_context()
    if ctx is not None:
        ctx.settle_memory(memory.data, precise=storing)


def load_matrix(memory: MatrixMemory, result_type: CoopMatType, *, layout: object, stride: object,
                element_offset: object = 0, pointee: DTypeLike | None = None, pointee_components: int = 1,
                strict: bool = True, op: str = LOAD_OP) -> CoopMatrix:
    """OpCooperativeMatrixLoadKHR for every scope instance of `memory`: a `result_type` matrix each.

    Pointer is element `element_offset` (one, or one per instance) of an array of `pointee`
    (`pointee_components` of it: a scalar or vector; by default the component type); Stride counts
    pointees."""
    result_type = rules.check_result_type(result_type, op)
    lines = _lines(memory, result_type, layout, stride, element_offset, pointee, pointee_components, False, strict, op)
    _settle(memory)
    tiles = _gather_tiles(memory, result_type, lines)
    if tiles is not None:
        return CoopMatrix(result_type, tiles)
    access = _element_offsets(memory, result_type, lines, strict, op)
    positions = memory.origin[:, None, None] + access.offsets
    if access.all_inside:
        values = gather_elements(memory.data, positions.reshape(-1), result_type.component).reshape(positions.shape)
        return CoopMatrix(result_type, values)
    values = np.zeros(access.offsets.shape, result_type.component)
    values[access.inside] = gather_elements(memory.data, positions[access.inside], result_type.component)
    return CoopMatrix(result_type, values)


def store_matrix(memory: MatrixMemory, matrix: CoopMatrix, *, layout: object, stride: object,
                 element_offset: object = 0, pointee: DTypeLike | None = None, pointee_components: int = 1,
                 strict: bool = True, op: str = STORE_OP) -> None:
    """OpCooperativeMatrixStoreKHR of each scope instance's matrix to `memory` (operands as for load_matrix)."""
    matrix = rules.check_matrix(matrix, "Object", op)
    if not isinstance(memory, MatrixMemory) or not memory.writable:
        raise InvalidArgumentError(f"{op}: the memory is not writable (a read-only binding)"
                                   if isinstance(memory, MatrixMemory) else
                                   f"{op}: memory must be a MatrixMemory, got {type(memory).__name__}")
    if matrix.instances != memory.instances:
        raise InvalidArgumentError(f"{op}: 'Object' holds {matrix.instances} matrices, the memory serves "
                                   f"{memory.instances} scope instances")
    access = element_offsets(memory, matrix.type, layout, stride, element_offset, pointee, pointee_components,
                              True, strict, op)
    _settle(memory, storing=True)
    elements = np.flatnonzero(access.inside)                                  # (instance, row, col) order
    itemsize = matrix.type.component.itemsize
    bits = np.ascontiguousarray(matrix.values).view(bits_dtype(itemsize)).reshape(-1)[elements]
    targets = (memory.origin[:, None, None] + access.offsets).reshape(-1)[elements]
    keep, conflict = last_writer_per_address(targets, bits)
    if conflict is not None:
        first, second = (np.unravel_index(int(elements[j]), access.offsets.shape) for j in conflict)
        rules.report_conflicting_store(strict, tuple(int(v) for v in first), tuple(int(v) for v in second),
                                       int(targets[conflict[0]]), op)
    if keep.size:
        scatter_elements(memory.data, targets[keep], bits[keep])
        memory.written()


def track_groupshared(tracker: Any, matrix_type: CoopMatType, scope_size: int, first_lane: np.ndarray,
                      positions: np.ndarray, accessed: np.ndarray, settings: CooperativeMatrixSettings,
                      is_store: bool, what: str) -> None:
    """Tell a groupshared race tracker (`dxlinalg.gpu.shared_races.AccessTracker`) which invocation reads or
    writes which bytes of a Load/Store of Workgroup memory.

    `positions` (instances, rows, cols) are byte positions in the groupshared rows (flattened),
    `accessed` which elements touch memory, `first_lane` (instances,) each instance's first lane; each
    element is accessed by the invocation that owns it (the profile's ownership map), so the tracker's
    barrier and race rules apply as to any other access."""
    if tracker is None or not accessed.any():
        return
    owners = ownership_map(matrix_type, scope_size, settings)
    invocation = owners.slot_of_element // owners.length                              # (rows * cols,)
    lanes = first_lane[:, None] + invocation[None, :]
    keep = accessed.reshape(lanes.shape)
    byte_index = positions.reshape(lanes.shape)[keep][:, None] + np.arange(matrix_type.component.itemsize)
    if is_store:
        tracker.store(byte_index, lanes[keep], what)
    else:
        tracker.load(byte_index, lanes[keep], what)
