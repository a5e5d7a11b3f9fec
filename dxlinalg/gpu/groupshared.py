"""Groupshared (workgroup) memory: bytes that one thread group shares while it runs.

A chunk of a dispatch holds whole groups, so the chunk's groupshared memory is one (groups, stride)
byte array, row g belonging to the chunk's group g and living as long as the chunk. Every surface
sits on this byte-addressed object: HLSL `groupshared` arrays, SPIR-V Workgroup variables at
explicit byte offsets, nvgpu memrefs in workgroup memory (`dxlinalg.gpu.typed_view` gives the typed
views). Accesses are per lane, at byte offsets into the lane's own group's memory, and honour the
active mask. Strict mode reports misaligned and out-of-bounds accesses, reads of never-written
bytes and data races (`shared_races`); permissive mode aligns down, reads 0 and drops stores
outside the memory, and lets racy accesses land as the profile's `groupshared` settings say.

Most accesses are the same in every group: the same lanes active and the same offsets in every group's row
(`partial[l + s]`, a tile's element l). Such an access is decided once, on the first group's lanes
(`group_periodic`: alignment, bounds and the race tracker's rows), and moves each group's elements as columns
of the (groups, elements) array; any other access takes the lane-by-lane path, which defines them both.
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
        self.tracker = (AccessTracker(ctx, ctx.groups, self.stride, self.describe, report=ctx.strict, alike=True)
                        if ctx.strict or late else None)
        self._lanes_per_group: int | None = None        # T when the chunk is regular (`_regular_group_size`)
        self._regularity_known = False
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
        periodic = self._periodic(dtype, offsets, count, what, for_store=False)
        if periodic is not None:
            found = self._load_periodic(dtype, count, what, *periodic)
            if found is not None:
                return found
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
        periodic = self._periodic(dtype, offsets, count, what, for_store=True)
        if periodic is not None and self._store_periodic(values, what, *periodic):
            return
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
            self.tracker.mark_columns_written(offset, offset + size)

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

    # -- accesses made alike by every group -------------------------------------------------------------
    #: Whether accesses alike in every group take `_load_periodic`/`_store_periodic`; the tests turn it off to
    #: compare with the lane-by-lane path that defines them.
    periodic_accesses = True

    def _regular_group_size(self) -> int | None:
        """T when the chunk's lanes are its groups one after another, T lanes each, lane j of every group being
        the same thread (SV_GroupIndex) as lane j of the first: then an access is alike in every group when its
        (groups, T) offsets and active lanes repeat the first group's. None otherwise."""
        if not self._regularity_known:
            self._regularity_known = True
            ctx = self.ctx
            groups = ctx.groups
            size = ctx.lanes // groups
            if size * groups == ctx.lanes and np.array_equal(ctx.group_starts, np.arange(groups) * size):
                index = ctx.geometry.group_index.reshape(groups, size)
                if (index == index[:1]).all():
                    self._lanes_per_group = size
        return self._lanes_per_group

    def _periodic(self, dtype: np.dtype, offsets: object, count: int, what: str,
                  for_store: bool) -> tuple[np.ndarray, np.ndarray] | None:
        """(first-group lanes, their byte offsets in the row) of an access alike in every group whose every
        active lane is aligned and inside (after permissive mode's aligning down and dropping); None when the
        access differs between groups, the tracker's rows do not stand for every group, or a lane must be
        reported (the lane-by-lane path reports it)."""
        if not self.periodic_accesses or (self.tracker is not None and not (
                type(self.tracker) is AccessTracker and self.tracker.alike)):
            return None
        if for_store and self._reverse and self.tracker is not None:
            return None           # reversed landing order: the reports name the last group's lanes first
        size = self._regular_group_size()
        if size is None or not isinstance(offsets, np.ndarray) or offsets.shape != (self.ctx.lanes,) or \
                offsets.dtype.kind not in "iu":
            return None
        _check_element(dtype, count, what)
        groups = self.ctx.groups
        active = self.ctx.active
        row_active = active[:size]
        if groups > 1 and not (active.reshape(groups, size) == row_active).all():
            return None
        lanes = np.flatnonzero(row_active)
        row = offsets[:size].astype(np.int64)
        if groups > 1 and offsets.strides != (0,) and not (offsets.reshape(groups, size) == offsets[:size]).all():
            return None
        start = row[lanes]
        if self.ctx.strict:
            if (start & (dtype.itemsize - 1)).any():
                return None
        else:
            start = start - start % dtype.itemsize
        inside = within(start, self.size - dtype.itemsize * count)
        if not inside.all():
            if self.ctx.strict:
                return None
            lanes, start = lanes[inside], start[inside]
        return lanes, start

    def _load_periodic(self, dtype: np.dtype, count: int, what: str, lanes: np.ndarray,
                       start: np.ndarray) -> np.ndarray | None:
        """`load` of an access alike in every group (`_periodic`): each group's elements gathered as columns;
        None (nothing recorded) when the profile's late visibility changes some byte (the lane-by-lane path)."""
        groups, size = self.ctx.groups, self.ctx.lanes // self.ctx.groups
        out_shape = (self.ctx.lanes, count)
        if lanes.size == 0:
            return np.zeros(out_shape, dtype)
        if self.tracker is not None:
            nbytes = count * dtype.itemsize
            if count == 1:
                foreign = self.tracker.load_run(start, dtype.itemsize, lanes, what, every_group=True)
            else:
                foreign = self.tracker.load(start[:, None] + np.arange(nbytes), lanes, what, every_group=True)
            if foreign.any():
                return None                # only without reports: the tracker has recorded nothing
        values = _columns(self.data.view(dtype), start // dtype.itemsize, count)       # (groups, k, count)
        if lanes.size == size:                 # a copy: the columns may be a view of the memory
            out = np.empty((groups, size, count), dtype)
            out[...] = values
            return out.reshape(out_shape)
        out = np.zeros((groups, size, count), dtype)
        out[:, _index_or_slice(lanes)] = values
        return out.reshape(out_shape)

    def _store_periodic(self, values: np.ndarray, what: str, lanes: np.ndarray, start: np.ndarray) -> bool:
        """`store` of an access alike in every group (`_periodic`): each group's elements written as columns.
        False (nothing done) when two lanes write one element in permissive mode (the lane-by-lane path lands
        them in the profile's order; `_periodic` leaves a reversed order with a tracker to that path too)."""
        dtype, count = values.dtype, values.shape[1]
        if lanes.size == 0:
            return True
        element = start // dtype.itemsize
        if not self.ctx.strict and not _disjoint_elements(element, count):
            return False
        if self.tracker is not None:
            if count == 1:
                self.tracker.store_run(start, dtype.itemsize, lanes, what, every_group=True)
            else:
                self.tracker.store(start[:, None] + np.arange(count * dtype.itemsize), lanes, what,
                                   every_group=True)
        groups, size = self.ctx.groups, self.ctx.lanes // self.ctx.groups
        rows = values.reshape(groups, size, count)[:, _index_or_slice(lanes)]
        _set_columns(self.data.view(dtype), element, count, rows)
        return True

    def _lanes_and_starts(self, dtype: np.dtype, offsets: object, count: int,
                          what: str) -> tuple[np.ndarray, np.ndarray]:
        """Active lanes whose access is defined, and each one's first byte in the flat array."""
        ctx = self.ctx
        _check_element(dtype, count, what)
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


def _check_element(dtype: np.dtype, count: int, what: str) -> None:
    if dtype.kind not in "iuf" or dtype.itemsize not in (1, 2, 4, 8):
        raise InvalidArgumentError(
            f"{what}: groupshared elements are 8/16/32/64-bit integers or 16/32/64-bit floats, not {dtype}")
    if count < 1:
        raise InvalidArgumentError(f"{what}: element count {count} must be positive")


def _index_or_slice(index: np.ndarray) -> np.ndarray | slice:
    """`index` (k,) rising by one as a slice (a view, a strided copy), else itself."""
    first = int(index[0])
    if index.size == 1 or (int(index[-1]) - first == index.size - 1 and (np.diff(index) == 1).all()):
        return slice(first, first + index.size)
    return index


def _column_index(element: np.ndarray, count: int) -> np.ndarray | slice:
    """Columns of the (groups, elements) array holding `count` elements from each of `element` (k,), in order:
    one slice when the runs follow each other."""
    runs = element if count == 1 else (element[:, None] + np.arange(count)).reshape(-1)
    return _index_or_slice(runs)


def _columns(elements: np.ndarray, element: np.ndarray, count: int) -> np.ndarray:
    """(groups, k, count): each group's `count` elements from each of `element` (k,) of its row."""
    return elements[:, _column_index(element, count)].reshape(elements.shape[0], element.size, count)


def _set_columns(elements: np.ndarray, element: np.ndarray, count: int, rows: np.ndarray) -> None:
    elements[:, _column_index(element, count)] = rows.reshape(elements.shape[0], -1)


def _disjoint_elements(element: np.ndarray, count: int) -> bool:
    """Whether runs of `count` elements from each of `element` (k,) never share one."""
    ordered = np.sort(element)
    return bool((np.diff(ordered) >= count).all())


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
