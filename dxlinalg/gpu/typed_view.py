"""Typed views over byte-addressed memory: element type, shape, strides and offset (an MLIR memref).

A view turns per-lane indices into byte offsets and moves elements through the memory underneath:
`GroupSharedMemory` (workgroup memory) or `BufferMemory` (a device buffer). HLSL `groupshared`
arrays are row-major views; nvgpu memrefs and SPIR-V arrays with explicit strides are general
ones. Strides and the offset count elements; an element may be a vector of `components` scalars.
Strict mode reports an index outside the view's shape (undefined); permissive mode lets the byte
offset through, so it lands wherever the memory puts it (another variable, or nowhere).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.gpu.context import require_context
from dxlinalg.gpu.resources import BufferRange, load_elements, resolve_handle, store_elements
from dxlinalg.gpu.serial_atomics import AtomicOp


class ByteAddressedMemory(Protocol):
    """Memory that lanes read and write with per-lane byte offsets (see GroupSharedMemory)."""

    name: str

    def load(self, dtype: object, offsets: object, count: int = 1, *, what: str = ...) -> np.ndarray:
        """(lanes, count) elements at each lane's byte offset."""

    def store(self, offsets: object, values: np.ndarray, *, what: str = ...) -> None:
        """Each active lane's (count,) row of `values` at its byte offset."""


class BufferMemory:
    """A device buffer (a binding, Buffer or uint8 array) as byte-addressed memory, elements naturally aligned."""

    def __init__(self, handle: object, name: str | None = None) -> None:
        self.range: BufferRange = resolve_handle(handle, "BufferMemory")
        self.name = name or self.range.name

    def load(self, dtype: object, offsets: object, count: int = 1, *, what: str = "buffer load") -> np.ndarray:
        dtype = np.dtype(dtype)
        return load_elements(self.range, offsets, dtype, count, dtype.itemsize, what)

    def store(self, offsets: object, values: np.ndarray, *, what: str = "buffer store") -> None:
        values = np.asarray(values)
        store_elements(self.range, offsets, values, values.dtype.itemsize, what)


def row_major_strides(shape: Sequence[int]) -> tuple[int, ...]:
    """Element strides of a dense row-major array of `shape` (the last index fastest)."""
    strides, step = [], 1
    for extent in reversed(shape):
        strides.append(step)
        step *= int(extent)
    return tuple(reversed(strides))


@dataclass(frozen=True)
class TypedView:
    """Elements of `dtype` (vectors of `components`) at byte `base` + (offset + sum(index * stride)) * element size."""

    memory: ByteAddressedMemory
    dtype: np.dtype
    shape: tuple[int, ...]
    strides: tuple[int, ...] | None = None     # None: row-major
    offset: int = 0
    base: int = 0
    components: int = 1
    name: str = "view"

    def __post_init__(self) -> None:
        if not all(callable(getattr(self.memory, method, None)) for method in ("load", "store")):
            raise InvalidArgumentError(
                f"view {self.name!r}: memory {type(self.memory).__name__} is not byte-addressed memory "
                f"(a GroupSharedMemory or a BufferMemory)")
        try:
            object.__setattr__(self, "dtype", np.dtype(self.dtype))
        except TypeError:
            raise InvalidArgumentError(f"view {self.name!r}: {self.dtype!r} is not an element dtype") from None
        object.__setattr__(self, "shape", tuple(int(n) for n in self.shape))
        strides = row_major_strides(self.shape) if self.strides is None else tuple(int(s) for s in self.strides)
        object.__setattr__(self, "strides", strides)
        if len(strides) != len(self.shape) or any(n < 0 for n in self.shape):
            raise InvalidArgumentError(
                f"view {self.name!r}: shape {self.shape} and strides {strides} must have one non-negative "
                f"extent and one stride per dimension")
        if self.components < 1 or self.offset < 0 or self.base < 0:
            raise InvalidArgumentError(
                f"view {self.name!r}: components {self.components}, offset {self.offset} and base {self.base} "
                f"must be positive / non-negative")

    @property
    def element_bytes(self) -> int:
        return self.dtype.itemsize * self.components

    @property
    def size_bytes(self) -> int:
        """Bytes from `base` to the end of the view's last element (0 for an empty view)."""
        if math.prod(self.shape) == 0:
            return 0
        last = self.offset + sum((n - 1) * s for n, s in zip(self.shape, self.strides))
        return (last + 1) * self.element_bytes

    def byte_offsets(self, indices: object, what: str | None = None, count: int = 1) -> np.ndarray:
        """(lanes,) byte offsets of the elements that per-lane `indices` (one per dimension) name.

        `count` > 1: the access covers `count` consecutive elements along the last dimension, which
        must then have stride 1 (MLIR vector.load/store)."""
        what = what or f"{self.name} access"
        ctx = require_context(what)
        parts = indices if isinstance(indices, tuple) else (indices,)
        if len(parts) != len(self.shape):
            raise InvalidArgumentError(
                f"{what}: {len(parts)} indices for {self.name!r} of shape {self.shape}; give one per dimension")
        if count < 1 or (count > 1 and self.strides[-1] != 1):
            raise InvalidArgumentError(
                f"{what}: {count} consecutive elements need a count >= 1 and a unit stride in the last "
                f"dimension of {self.name!r} (strides {self.strides})")
        element = np.full(ctx.lanes, self.offset, np.int64)
        last_axis = len(self.shape) - 1
        for axis, (part, extent, stride) in enumerate(zip(parts, self.shape, self.strides)):
            index = ctx.lane_ints(part, f"{what} index {axis}")
            if ctx.strict:
                reach = count if axis == last_axis else 1
                outside = ctx.active & ((index < 0) | (index + reach > extent))
                if outside.any():
                    lane = int(np.flatnonzero(outside)[0])
                    first = int(index[lane])
                    covered = f"[{first}, {first + reach})" if reach > 1 else str(first)
                    raise UndefinedBehaviorError(
                        f"{what}: index {covered} ({ctx.thread_name(lane)}) of dimension {axis} is outside "
                        f"[0, {extent}) of {self.name!r} {self.shape} (out-of-bounds access is undefined)")
            element += index * stride
        return self.base + element * self.element_bytes

    def load(self, indices: object, count: int = 1, *, what: str | None = None) -> np.ndarray:
        """(lanes, count * components) scalars from `count` consecutive elements; zeros for lanes not loading."""
        what = what or f"{self.name} load"
        offsets = self.byte_offsets(indices, what, count)
        return self.memory.load(self.dtype, offsets, count * self.components, what=what)

    def store(self, indices: object, values: np.ndarray, *, what: str | None = None) -> None:
        """Store (lanes, count * components) values of the view's dtype: `count` consecutive elements per lane."""
        what = what or f"{self.name} store"
        values = np.asarray(values)
        if values.dtype != self.dtype or values.ndim != 2 or values.shape[1] % self.components:
            raise InvalidArgumentError(
                f"{what}: values {values.dtype} {values.shape} do not fit {self.name!r}: need (lanes, "
                f"count * {self.components}) of {self.dtype}")
        offsets = self.byte_offsets(indices, what, values.shape[1] // self.components)
        self.memory.store(offsets, values, what=what)

    def atomic(self, op: AtomicOp | str, indices: object, value: object, comparand: object = None, *,
               what: str | None = None) -> np.ndarray:
        """An atomic on one scalar element per lane (memory that supports atomics); (lanes,) originals."""
        what = what or f"{self.name} atomic {op}"
        atomic = getattr(self.memory, "atomic", None)
        if atomic is None or self.components != 1:
            raise InvalidArgumentError(
                f"{what}: atomics need scalar elements in memory that supports them (groupshared memory); "
                f"{self.name!r} has {self.components} components in {type(self.memory).__name__}")
        return atomic(op, self.dtype, self.byte_offsets(indices, what), value, comparand, what=what)
