"""Groupshared (workgroup) memory: bytes that one thread group shares while it runs.

A chunk of a dispatch holds whole groups, so the chunk's groupshared memory is one (groups, stride)
byte array, row g belonging to the chunk's group g and living as long as the chunk. Every surface
sits on this byte-addressed object: HLSL `groupshared` arrays, SPIR-V Workgroup variables at
explicit byte offsets, nvgpu memrefs in workgroup memory (`dxlinalg.gpu.typed_view` gives the typed
views). Accesses are per lane, at byte offsets into the lane's own group's memory, and honour the
active mask. Strict mode reports misaligned and out-of-bounds accesses, reads of never-written
bytes and data races (`shared_races`); permissive mode aligns down, reads 0 and drops stores
outside the memory, and lets racy accesses land as the profile's `groupshared` settings say.
"""

from __future__ import annotations

import numpy as np

from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.gpu.context import ExecutionContext
from dxlinalg.gpu.serial_atomics import AtomicOp, apply_in_order, atomic_op, check_atomic_type
from dxlinalg.gpu.shared_races import AccessTracker, disjoint_runs
from dxlinalg.profile.model import DeviceProfile

ROW_ALIGNMENT = 16   # each group's row starts 16-byte aligned, so any element type views the whole array


def check_groupshared_size(size: int, profile: DeviceProfile, what: str) -> None:
    """A shader's groupshared bytes must fit the device's limit (D3D12: 32 KiB, D3D12_CS_TGSM_REGISTER_COUNT * 4)."""
    limit = profile.groupshared.max_bytes
    if size > limit:
        raise InvalidArgumentError(
            f"{what}: Total Thread Group Shared Memory storage is {size}, exceeded {limit} (profile "
            f"{profile.name!r} groupshared.max_bytes; D3D12_CS_TGSM_REGISTER_COUNT * 4 = 32768 on D3D12)")


class GroupSharedMemory:
    """`size` bytes of groupshared memory for each thread group of `ctx`, with typed per-lane access.

    Creating it registers it with the context, so group barriers synchronise it. Offsets are byte
    offsets into the accessing lane's group's memory; loads and stores move `count` consecutive
    elements of a numpy dtype (scalars and vectors of 8/16/32/64-bit integers and 16/32/64-bit floats)."""

    def __init__(self, ctx: ExecutionContext, size: int, *, name: str = "groupshared") -> None:
        if not isinstance(size, (int, np.integer)) or size < 0:
            raise InvalidArgumentError(f"groupshared size {size!r} must be a non-negative number of bytes")
        self.ctx = ctx
        self.size = int(size)
        self.name = name
        self.stride = -(-max(self.size, 1) // ROW_ALIGNMENT) * ROW_ALIGNMENT
        self.data = np.zeros((ctx.groups, self.stride), np.uint8)
        self._flat = self.data.reshape(-1)
        settings = ctx.profile.groupshared
        self._reverse = settings.store_order == "reverse_lane_order"
        late = not ctx.strict and settings.visibility == "at_barrier"
        self._visible_at_last_barrier = self.data.copy() if late else None
        self._regions: list[tuple[int, int, str]] = []
        self.tracker = (AccessTracker(ctx, ctx.groups, self.stride, self.describe, report=ctx.strict)
                        if ctx.strict or late else None)
        ctx.shared_memories.append(self)

    # -- names for messages --------------------------------------------------------------------------
    def name_region(self, name: str, offset: int, size: int) -> None:
        """Name bytes [offset, offset + size) (a variable) in messages."""
        self._regions.append((int(offset), int(offset) + int(size), name))

    def describe(self, offset: int) -> str:
        for start, end, name in self._regions:
            if start <= offset < end:
                return f"{name!r} byte {offset - start} (groupshared byte {offset})"
        return f"{self.name} byte {offset}"

    # -- per-lane access ------------------------------------------------------------------------------
    def load(self, dtype: object, offsets: object, count: int = 1, *, what: str = "groupshared load") -> np.ndarray:
        """(lanes, count) elements of `dtype` at each lane's byte offset; zeros for lanes not loading."""
        dtype = np.dtype(dtype)
        lanes, start = self._lanes_and_starts(dtype, offsets, count, what)
        out = np.zeros((self.ctx.lanes, count), dtype)
        if lanes.size == 0:
            return out
        values = self._elements(dtype)[start[:, None] // dtype.itemsize + np.arange(count)]
        if self.tracker is not None:
            if count == 1:              # one aligned element a lane: the tracker may decide it by whole rows
                foreign = self.tracker.load_run(start, dtype.itemsize, lanes, what)
            else:
                foreign = self.tracker.load(start[:, None] + np.arange(count * dtype.itemsize), lanes, what)
            if self._visible_at_last_barrier is not None and foreign.any():
                byte_index = start[:, None] + np.arange(count * dtype.itemsize)
                raw = values.view(np.uint8).reshape(byte_index.shape).copy()
                raw[foreign] = self._visible_at_last_barrier.reshape(-1)[byte_index[foreign]]
                values = raw.view(dtype).reshape(values.shape)
        if lanes.size == out.shape[0]:     # every lane loads: the gathered rows are the result
            return values
        out[lanes] = values
        return out

    def store(self, offsets: object, values: np.ndarray, *, what: str = "groupshared store") -> None:
        """Write each active lane's (count,) row of `values` ((lanes, count), its dtype) at its byte offset.

        Lanes writing the same bytes in one statement race: strict mode reports it; otherwise the
        writes land in the profile's `groupshared.store_order`."""
        values = np.asarray(values)
        if values.ndim != 2 or values.shape[0] != self.ctx.lanes:
            raise InvalidArgumentError(
                f"{what}: values of shape {values.shape} do not fit; expected ({self.ctx.lanes}, count)")
        dtype, count = values.dtype, values.shape[1]
        lanes, start = self._lanes_and_starts(dtype, offsets, count, what)
        if lanes.size == 0:
            return
        if self._reverse:
            lanes, start = lanes[::-1], start[::-1]
        if self.tracker is not None:
            if count == 1:
                self.tracker.store_run(start, dtype.itemsize, lanes, what)
            else:
                self.tracker.store(start[:, None] + np.arange(count * dtype.itemsize), lanes, what)
        index = start[:, None] // dtype.itemsize + np.arange(count)
        rows = values[lanes].reshape(-1)
        last = _last_write_to_each(index)
        self._elements(dtype)[index.reshape(-1)[last]] = rows[last]

    def atomic(self, op: AtomicOp | str, dtype: object, offsets: object, value: object,
               comparand: object = None, *, what: str = "groupshared atomic") -> np.ndarray:
        """An atomic read-modify-write per active lane; returns (lanes,) original values (0 for the others).

        Lanes hitting the same element are serialised in the profile's `groupshared.store_order`."""
        op = atomic_op(op, what)
        dtype = np.dtype(dtype)
        check_atomic_type(op, dtype, what)
        if op is AtomicOp.COMPARE_EXCHANGE and comparand is None:
            raise InvalidArgumentError(f"{what}: compare_exchange needs a comparand")
        lanes, start = self._lanes_and_starts(dtype, offsets, 1, what)
        out = np.zeros(self.ctx.lanes, dtype)
        if lanes.size == 0:
            return out
        if self._reverse:
            lanes, start = lanes[::-1], start[::-1]
        if self.tracker is not None:
            self.tracker.atomic_update(start[:, None] + np.arange(dtype.itemsize), lanes, what)
        operands = self._per_lane(value, dtype, f"{what} value")[lanes]
        compare = None if comparand is None else self._per_lane(comparand, dtype, f"{what} comparand")[lanes]
        out[lanes] = apply_in_order(self._elements(dtype), start // dtype.itemsize, op, operands, compare)
        return out

    def fill(self, offset: int, size: int, value: int | np.ndarray = 0) -> None:
        """Set bytes [offset, offset + size) of every group outside any thread (an initialiser): to one byte
        `value`, or to `size` bytes (a uint8 array, e.g. a SPIR-V Workgroup variable's constant initialiser)."""
        pattern = np.asarray(value)
        if pattern.ndim == 0:
            fits = pattern.dtype.kind in "iu" and 0 <= int(pattern) <= 255
        else:
            fits = pattern.dtype == np.uint8 and pattern.shape == (size,)
        if not (fits and 0 <= offset and offset + size <= self.size):
            shown = f"{int(pattern)}" if pattern.ndim == 0 and pattern.dtype.kind in "iu" else (
                f"a {pattern.dtype} array of shape {pattern.shape}")
            raise InvalidArgumentError(
                f"fill of bytes [{offset}, {offset + size}) with {shown} does not fit {self.size} groupshared "
                f"bytes (the value is one byte 0..255 or {size} uint8 bytes)")
        self.data[:, offset: offset + size] = pattern
        if self._visible_at_last_barrier is not None:
            self._visible_at_last_barrier[:, offset: offset + size] = pattern
        if self.tracker is not None:
            rows = np.arange(self.ctx.groups)[:, None] * self.stride
            self.tracker.mark_written((rows + np.arange(offset, offset + size)).reshape(-1))

    def synchronise(self, groups: np.ndarray) -> None:
        """A group barrier with groupshared semantics, reached by `groups` (bool per group)."""
        if self.tracker is not None:
            self.tracker.barrier(groups)
        if self._visible_at_last_barrier is not None:
            self._visible_at_last_barrier[groups] = self.data[groups]

    def synchronise_waves(self, waves: np.ndarray) -> None:
        """A wave barrier with groupshared semantics, reached by `waves` ((groups, waves per group) bool):
        each wave's threads' accesses stop racing with each other (those of other waves still race)."""
        if self.tracker is not None:
            self.tracker.wave_barrier(waves)

    # -- helpers ----------------------------------------------------------------------------------------
    def _elements(self, dtype: np.dtype) -> np.ndarray:
        return self._flat.view(dtype)

    def _per_lane(self, value: object, dtype: np.dtype, what: str) -> np.ndarray:
        array = np.asarray(value)
        if array.ndim == 0:
            array = np.broadcast_to(array, (self.ctx.lanes,))
        if array.shape != (self.ctx.lanes,):
            raise InvalidArgumentError(
                f"{what} has shape {array.shape}; it must be a scalar or have shape ({self.ctx.lanes},)")
        return array.astype(dtype, copy=False)

    def _lanes_and_starts(self, dtype: np.dtype, offsets: object, count: int,
                          what: str) -> tuple[np.ndarray, np.ndarray]:
        """Active lanes whose access is defined, and each one's first byte in the flat array."""
        ctx = self.ctx
        if dtype.kind not in "iuf" or dtype.itemsize not in (1, 2, 4, 8):
            raise InvalidArgumentError(
                f"{what}: groupshared elements are 8/16/32/64-bit integers or 16/32/64-bit floats, not {dtype}")
        if count < 1:
            raise InvalidArgumentError(f"{what}: element count {count} must be positive")
        offset = ctx.lane_ints(offsets, f"{what} offset")
        active = ctx.active
        nbytes = dtype.itemsize * count
        if ctx.strict:
            misaligned = active & ((offset & (dtype.itemsize - 1)) != 0)     # itemsize is a power of two
            if misaligned.any():
                lane = int(np.flatnonzero(misaligned)[0])
                raise UndefinedBehaviorError(
                    f"{what}: {self.describe(int(offset[lane]))} ({ctx.thread_name(lane)}) is not "
                    f"{dtype.itemsize}-byte aligned for {dtype} elements")
        else:
            offset = offset - offset % dtype.itemsize       # hardware ignores the low address bits
        inside = within(offset, self.size - nbytes)
        outside = active & ~inside
        if outside.any() and ctx.strict:
            lane = int(np.flatnonzero(outside)[0])
            raise UndefinedBehaviorError(
                f"{what}: bytes [{int(offset[lane])}, {int(offset[lane]) + nbytes}) ({ctx.thread_name(lane)}) "
                f"are outside the group's {self.size} bytes of groupshared memory")
        lanes = np.flatnonzero(active & inside)
        return lanes, ctx.group_of_lane[lanes] * self.stride + offset[lanes]


def within(offset: np.ndarray, highest: int) -> np.ndarray:
    """offset >= 0 & offset <= highest, in one comparison: a negative int64 is a huge uint64."""
    if highest < 0:
        return np.zeros(offset.shape, bool)
    return offset.view(np.uint64) <= np.uint64(highest)


def _last_write_to_each(index: np.ndarray) -> np.ndarray:
    """Flat positions of the last write to each distinct element of (n, count) runs (all when none repeats)."""
    if disjoint_runs(index):
        return np.arange(index.size)
    flat = index.reshape(-1)
    _, first_from_end = np.unique(flat[::-1], return_index=True)
    return flat.size - 1 - first_from_end
