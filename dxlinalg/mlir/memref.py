"""A memref at run time: memory, element dtype, shape, strides and an element offset (per lane where it differs).

Element (i0, ..., in) of a memref lies at byte `base + (offset + sum(i_k * stride_k)) * itemsize` of its memory
(MLIR's strided layout, `mlir/docs/Dialects/Builtin.md` "Strided MemRef"). Memory is the simulated GPU's: a device
buffer (`BufferMemory`), the workgroup's groupshared memory (`GroupSharedMemory`: memref.alloc in workgroup memory)
or each lane's own private bytes (`PrivateMemory`: memref.alloca). Strict mode reports an index outside the memref's
shape (out of bounds is undefined behaviour); the memories below report what leaves the allocation itself.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from dxlinalg.gpu.context import ExecutionContext
from dxlinalg.gpu.typed_view import TypedView
from dxlinalg.mlir.errors import MlirUndefinedBehaviorError, at
from dxlinalg.nvgpu.types import Location


class PrivateMemory:
    """`size` bytes per lane (memref.alloca): lanes never see each other's bytes."""

    def __init__(self, ctx: ExecutionContext, size: int, name: str) -> None:
        self.ctx = ctx
        self.size = size
        self.name = name
        self.data = np.zeros((ctx.lanes, max(size, 1)), np.uint8)

    def _check(self, offsets: np.ndarray, nbytes: int, what: str) -> np.ndarray:
        lanes = self.ctx.active
        outside = lanes & ((offsets < 0) | (offsets + nbytes > self.size))
        if outside.any():
            lane = int(np.flatnonzero(outside)[0])
            if self.ctx.strict:
                raise MlirUndefinedBehaviorError(f"{what}: bytes [{int(offsets[lane])}, {int(offsets[lane]) + nbytes}) "
                                                 f"({self.ctx.thread_name(lane)}) are outside the {self.size} bytes of "
                                                 f"{self.name}")
            lanes = lanes & ~outside
        return lanes

    def load(self, dtype: object, offsets: object, count: int = 1, *, what: str = "private load") -> np.ndarray:
        dtype = np.dtype(dtype)
        offsets = np.broadcast_to(np.asarray(offsets, np.int64), (self.ctx.lanes,))
        lanes = self._check(offsets, dtype.itemsize * count, what)
        safe = np.where(lanes, offsets, 0)
        index = safe[:, None] + np.arange(dtype.itemsize * count)
        index = np.minimum(index, self.data.shape[1] - 1)
        raw = np.take_along_axis(self.data, index, axis=1)
        out = np.ascontiguousarray(raw).view(dtype).reshape(self.ctx.lanes, count)
        return np.where(lanes[:, None], out, np.zeros((), dtype))

    def store(self, offsets: object, values: np.ndarray, *, what: str = "private store") -> None:
        values = np.ascontiguousarray(values)
        nbytes = values.dtype.itemsize * values.shape[1]
        offsets = np.broadcast_to(np.asarray(offsets, np.int64), (self.ctx.lanes,))
        lanes = self._check(offsets, nbytes, what)
        rows = np.flatnonzero(lanes)
        if rows.size == 0:
            return
        index = offsets[rows][:, None] + np.arange(nbytes)
        self.data[rows[:, None], index] = values[rows].view(np.uint8).reshape(rows.size, nbytes)


@dataclass(frozen=True, eq=False)
class MemRef:
    memory: Any
    dtype: np.dtype
    shape: tuple[int, ...]
    strides: tuple[int, ...]
    offset: Any          # int, or (lanes,) int64 when lanes differ
    base: int            # bytes
    name: str
    space: str           # "global", "workgroup" or "private"
    root_elements: int   # elements of the whole allocation from `base`

    def with_layout(self, shape: tuple[int, ...], strides: tuple[int, ...], offset: Any) -> MemRef:
        return replace(self, shape=tuple(shape), strides=tuple(strides), offset=offset)

    def element_offsets(self, machine: Any, indices: list[np.ndarray], location: Location | None, what: str,
                        reach: int = 1) -> np.ndarray:
        """(lanes,) element offsets from the allocation's start of the element at per-lane `indices`; strict mode
        reports an index outside the shape (`reach` elements from the last index must fit its dimension)."""
        if len(indices) != len(self.shape):
            raise MlirUndefinedBehaviorError(at(location, f"{what}: {len(indices)} indices for a memref of rank "
                                                          f"{len(self.shape)}"))
        total: Any = self.offset
        strict = machine.strict
        last = len(self.shape) - 1
        for axis, (index, extent, stride) in enumerate(zip(indices, self.shape, self.strides)):
            if strict:
                span = reach if axis == last else 1
                flat = np.asarray(index).reshape(-1)
                outside = (flat < 0) | (flat + span > extent)
                if outside.any():
                    active = machine.ctx.active
                    hit = np.broadcast_to(outside, (machine.lanes,)) & active
                    if hit.any():
                        lane = int(np.flatnonzero(hit)[0])
                        value = int(np.broadcast_to(flat, (machine.lanes,))[lane])
                        covered = f"[{value}, {value + span})" if span > 1 else str(value)
                        raise MlirUndefinedBehaviorError(at(location, (
                            f"{what}: index {covered} ({machine.ctx.thread_name(lane)}) of dimension {axis} is "
                            f"outside [0, {extent}) of {self.name} {list(self.shape)} (out-of-bounds access is "
                            f"undefined behaviour)")))
            if stride:
                total = total + np.asarray(index).reshape(-1) * stride
        return np.broadcast_to(np.asarray(total, np.int64).reshape(-1), (machine.lanes,))

    def byte_offsets(self, machine: Any, indices: list[np.ndarray], location: Location | None, what: str,
                     reach: int = 1) -> np.ndarray:
        return self.base + self.element_offsets(machine, indices, location, what, reach) * self.dtype.itemsize

    def flat_view(self) -> TypedView:
        """The whole allocation as a 1-D TypedView (what dxlinalg.nvgpu's ops take, indexed by element offset)."""
        return TypedView(self.memory, self.dtype, (self.root_elements,), base=self.base, name=self.name)
