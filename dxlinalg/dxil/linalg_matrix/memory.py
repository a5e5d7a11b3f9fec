"""Where a Wave/ThreadGroup matrix's elements sit in a raw buffer or a groupshared array, and the run-time rules.

0035 "Matrix Load/Store": RowMajor element (r, c) lies at `offset + r * stride + c * size` and ColMajor at
`offset + c * stride + r * size`; for descriptors `offset` and `stride` are bytes, for groupshared arrays
they count elements of the *matrix's* component type. No conversion happens on Load or Store.

Run-time rules (undefined behaviour, reported in strict mode): a descriptor address (resource base +
offset) that is not 128-byte aligned, a stride that is not a multiple of 16 bytes, a groupshared access
outside the array. Out-of-bounds descriptor accesses are *defined*: reads give 0 and writes and
accumulates are dropped; the profile's `linalg_matrix.bounds_check` says whether a partly outside access
is judged per element or as a whole ("all-or-nothing").
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dxlinalg.coopmat.element_bytes import gather_elements, scatter_elements
from dxlinalg.dxil.linalg_matrix.types import MatrixLayout, MatrixType
from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.gpu.context import ExecutionContext
from dxlinalg.gpu.groupshared_arrays import GroupSharedArray
from dxlinalg.gpu.resources import BufferRange

ADDRESS_ALIGNMENT = 128
STRIDE_ALIGNMENT = 16


@dataclass(frozen=True)
class Access:
    """Every element's byte position in `data` (flat), and which elements touch memory."""

    data: np.ndarray            # flat uint8
    positions: np.ndarray       # (instances, M, N) int64
    inside: np.ndarray          # (instances, M, N) bool
    mark_written: object = None


def element_grid(matrix: MatrixType, layout: MatrixLayout, starts: np.ndarray, strides: np.ndarray,
                 size: int) -> np.ndarray:
    """(instances, M, N) offsets: start + r * stride + c * size (RowMajor) or start + c * stride + r * size."""
    rows = np.arange(matrix.m, dtype=np.int64)[None, :, None]
    cols = np.arange(matrix.n, dtype=np.int64)[None, None, :]
    start = starts.astype(np.int64)[:, None, None]
    stride = strides.astype(np.int64)[:, None, None]
    if layout == MatrixLayout.RowMajor:
        return start + rows * stride + cols * size
    return start + cols * stride + rows * size


def descriptor_access(ctx: ExecutionContext, rng: BufferRange, matrix: MatrixType, layout: MatrixLayout,
                      offsets: np.ndarray, strides: np.ndarray, executing: np.ndarray, op: str) -> Access:
    """Byte positions of each executing instance's elements in a raw buffer, bounds-checked by the profile."""
    size = matrix.dtype.itemsize
    check_descriptor_alignment(ctx, rng, offsets[executing], strides[executing], op)
    relative = element_grid(matrix, layout, offsets, strides, size)
    inside = (relative >= 0) & (relative + size <= rng.size) & executing[:, None, None]
    if ctx.profile.linalg_matrix.bounds_check == "all_or_nothing":
        inside &= inside.all(axis=(1, 2), keepdims=True)
    return Access(rng.data, rng.base_offset + relative, inside, rng.mark_written)


def check_descriptor_alignment(ctx: ExecutionContext, rng: BufferRange, offsets: np.ndarray, strides: np.ndarray,
                               op: str) -> None:
    if not ctx.strict:
        return
    addresses = rng.base_address + offsets.astype(np.int64)
    bad = np.flatnonzero(addresses % ADDRESS_ALIGNMENT)
    if bad.size:
        raise UndefinedBehaviorError(
            f"{op}: resource base address {rng.base_address} + offset {int(offsets[bad[0]])} is not "
            f"{ADDRESS_ALIGNMENT}-byte aligned (0035 Matrix Load/Store: the address must be 128-byte aligned)")
    bad = np.flatnonzero(strides.astype(np.int64) % STRIDE_ALIGNMENT)
    if bad.size:
        raise UndefinedBehaviorError(
            f"{op}: stride {int(strides[bad[0]])} is not a multiple of {STRIDE_ALIGNMENT} bytes (0035 Matrix "
            f"Load/Store: Stride must be a multiple of 16)")


def groupshared_access(ctx: ExecutionContext, array: object, matrix: MatrixType, layout: MatrixLayout,
                       starts: np.ndarray, strides: np.ndarray, executing: np.ndarray, group_of_instance: np.ndarray,
                       op: str, *, accumulate: bool = False) -> Access:
    """Byte positions in the groupshared rows of each instance's group; start and stride count matrix elements."""
    if not isinstance(array, GroupSharedArray):
        raise InvalidArgumentError(f"{op}: the groupshared operand must be a groupshared array, got "
                                   f"{type(array).__name__}")
    check_groupshared_element(array, matrix, op, accumulate)
    size = matrix.dtype.itemsize
    memory = array.view.memory
    relative = element_grid(matrix, layout, starts, strides, 1) * size
    limit = int(array.declaration.size_bytes)
    inside = (relative >= 0) & (relative + size <= limit)
    outside = executing[:, None, None] & ~inside
    if outside.any() and ctx.strict:
        i, r, c = (int(v[0]) for v in np.nonzero(outside))
        raise UndefinedBehaviorError(
            f"{op}: element ({r}, {c}) of instance {i} lies at byte {int(relative[i, r, c])} of {array.name}, "
            f"outside its {limit} bytes (0035: groupshared accesses must lie inside the array)")
    positions = (group_of_instance.astype(np.int64) * memory.stride + array.view.base)[:, None, None] + relative
    return Access(memory.data.reshape(-1), positions, inside & executing[:, None, None])


def check_groupshared_element(array: GroupSharedArray, matrix: MatrixType, op: str, accumulate: bool) -> None:
    """The array holds the matrix's component type, or integers (0035: is_integral_or_packed_integral; DXC's
    validator: a floating-point array must match exactly). Accumulating into groupshared converts instead."""
    element = np.dtype(array.view.dtype)
    if accumulate or element == matrix.dtype or element.kind in "iu":
        return
    raise InvalidArgumentError(
        f"{op}: groupshared array {array.name} holds {element}; a {matrix} is loaded from or stored to an array of "
        f"its component type ({matrix.dtype}) or of an integer type (0035 Load/Store groupshared)")


def load(access: Access, matrix: MatrixType) -> np.ndarray:
    """(instances, M, N): the elements inside, 0 elsewhere."""
    values = np.zeros(access.positions.shape, matrix.dtype)
    every = bool(access.inside.all())
    positions = access.positions if every else access.positions[access.inside]
    typed = _typed_view(access.data, positions, matrix.dtype)
    read = typed[positions // matrix.dtype.itemsize] if typed is not None else gather_elements(
        access.data, positions.reshape(-1), matrix.dtype).reshape(positions.shape)
    if every:
        values[...] = read
    else:
        values[access.inside] = read
    return values


def _typed_view(data: np.ndarray, positions: np.ndarray, dtype: np.dtype) -> np.ndarray | None:
    """`data` as elements of `dtype` when every position is a whole element from its start (the usual case: the
    buffer and the matrix both aligned), so one index per element replaces one per byte; else None."""
    size = dtype.itemsize
    if positions.size == 0 or np.any(positions % size):
        return None
    whole = data.shape[0] - data.shape[0] % size
    return data[:whole].view(dtype)


def store(access: Access, values: np.ndarray) -> None:
    """Write the elements inside (row-major order, then instance order: the last write to a byte lands)."""
    if access.inside.any():
        scatter_elements(access.data, access.positions[access.inside], np.ascontiguousarray(values)[access.inside])
        if access.mark_written is not None:
            access.mark_written()
