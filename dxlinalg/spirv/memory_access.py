"""Typed loads and stores of lane values at per-lane byte offsets of a memory region.

A `Region` is bytes a pointer can address: a bound buffer, the push constants, the chunk's
Workgroup memory, or (found per access) the device buffer a PhysicalStorageBuffer address falls
in. Loads and stores follow a `layout` and touch only the active lanes. Buffer and push-constant
accesses check bounds here: an access outside the region is undefined behaviour, reported in
strict mode; in permissive mode such loads read zero and such stores are dropped, as robust buffer
access does, and lanes storing to the same bytes race as on a GPU: the highest lane wins (or the order the
profile's shader.buffer_store_race gives).
Workgroup memory is `dxlinalg.gpu`'s groupshared memory, so its accesses go through
`GroupSharedMemory` and get its checks: the group's bounds, data races and reads of never-written
bytes in strict mode, and the profile's `groupshared` settings in permissive mode.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np

from dxlinalg.errors import UndefinedBehaviorError
from dxlinalg.gpu.buffer_accesses import current_log
from dxlinalg.gpu.context import ExecutionContext
from dxlinalg.gpu.groupshared import GroupSharedMemory
from dxlinalg.memory.address_space import AddressSpace, Buffer
from dxlinalg.spirv.errors import Location, SpirvError, SpirvUndefinedBehaviorError, at
from dxlinalg.spirv.lanes import broadcast, lane_count, merge
from dxlinalg.spirv.layout import ArrayLayout, Layout, LeafLayout, StructLayout


class Region:
    """`size` bytes from byte `base` of the backing store `data`, at device address `address`.

    For Workgroup memory, `shared` is the chunk's `GroupSharedMemory` and `data` its bytes (one row per
    workgroup, flattened); pointers hold byte offsets into each lane's own group's row (what
    `GroupSharedMemory` takes), so a variable's pointer is the same on every lane (shape (1,)) until an
    index that differs between lanes is applied.

    `constant`: the bytes do not change while the dispatch runs (the push constants), so a load at
    the same offset on every lane gives the same value in every chunk: `uniform_load` keeps it."""

    __slots__ = ("address", "base", "buffer", "constant", "data", "name", "shared", "size", "uniform_loads",
                 "writable")

    def __init__(self, name: str, data: np.ndarray, base: int, size: int, writable: bool,
                 buffer: Buffer | None = None, address: int = 0, shared: GroupSharedMemory | None = None,
                 constant: bool = False) -> None:
        self.name = name
        self.data = data
        self.base = base
        self.size = size
        self.writable = writable
        self.buffer = buffer
        self.address = address
        self.shared = shared
        self.constant = constant
        self.uniform_loads: dict[tuple[int, int], tuple[Layout, Any]] = {}

    def __repr__(self) -> str:
        return f"<Region {self.name} {self.size} bytes>"

    def mark_written(self) -> None:
        if self.buffer is not None:
            self.buffer.mark_written()

    def __getstate__(self) -> dict[str, Any]:
        """Copied or pickled, `data` stays a view of `buffer.data` (a parallel dispatch's private memory,
        `dxlinalg.gpu.parallel`): stores through this region and through a PhysicalStorageBuffer pointer land in
        the same bytes, as they do here."""
        state = {name: getattr(self, name) for name in self.__slots__}
        if self.buffer is not None and (self.data is self.buffer.data or self.data.base is self.buffer.data):
            start = self.data.__array_interface__["data"][0] - self.buffer.data.__array_interface__["data"][0]
            state["data"] = (start, self.data.shape[0])
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        if isinstance(self.data, tuple):
            start, length = self.data
            self.data = self.buffer.data[start: start + length]


def _active(mask: np.ndarray, lanes: int) -> np.ndarray:
    """The mask for values with `lanes` lanes (1: whether any lane is active)."""
    return mask if lanes == mask.shape[0] else np.array([bool(mask.any())])


def _checked_addresses(region: Region, leaf: LeafLayout, offsets: np.ndarray, active: np.ndarray, strict: bool,
                       where: Location | None, verb: str) -> tuple[np.ndarray, np.ndarray | None]:
    """(byte offsets of every scalar, mask of the scalars to touch or None for all of them)."""
    addresses = offsets.reshape(offsets.shape + (1,) * leaf.offsets.ndim) + leaf.offsets
    itemsize = leaf.storage.itemsize
    touch = active.reshape(active.shape + (1,) * (addresses.ndim - 1))
    if addresses.size and addresses.min() >= 0 and addresses.max() <= region.size - itemsize:
        return addresses, None if active.all() else np.broadcast_to(touch, addresses.shape)
    inside = (addresses >= 0) & (addresses <= region.size - itemsize)
    outside = ~inside & touch
    if strict and outside.any():
        position = np.unravel_index(int(np.argmax(outside)), outside.shape)
        first = int(addresses[position])
        raise SpirvUndefinedBehaviorError(at(where, (
            f"{verb} of bytes [{first}, {first + itemsize}) (lane {int(position[0])}) is outside {region.name} of "
            f"{region.size} bytes (an out-of-bounds access is undefined behaviour)")))
    return addresses, inside & touch


def _elements(region: Region, storage: np.dtype, absolute: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """(the backing store as elements of `storage`, element indices) when every access is aligned."""
    itemsize = storage.itemsize
    if itemsize > 1 and absolute.size and np.any(absolute & (itemsize - 1)):
        return None
    usable = region.data.shape[0] - region.data.shape[0] % itemsize
    return region.data[:usable].view(storage), absolute // itemsize


def _as_value(leaf: LeafLayout, raw: np.ndarray) -> np.ndarray:
    if leaf.kind == "bool":
        return raw != 0
    return raw


def _gather(region: Region, leaf: LeafLayout, offsets: np.ndarray, mask: np.ndarray, strict: bool,
            where: Location | None) -> np.ndarray:
    active = _active(mask, offsets.shape[0])
    addresses, touch = _checked_addresses(region, leaf, offsets, active, strict, where, "load")
    if touch is not None:
        addresses = np.where(touch, addresses, 0)
    if region.size < leaf.storage.itemsize:
        raw = np.zeros(addresses.shape, leaf.storage)
    else:
        absolute = addresses + region.base
        logged = current_log()
        if logged is not None:
            logged[1].note_load(region.data, absolute if touch is None else absolute[touch], leaf.storage.itemsize)
        found = _elements(region, leaf.storage, absolute)
        if found is not None:
            elements, index = found
            raw = elements[index]
        else:
            itemsize = leaf.storage.itemsize
            raw = region.data[absolute[..., None] + np.arange(itemsize)].view(leaf.storage).reshape(addresses.shape)
        if touch is not None:
            raw = np.where(touch, raw, np.zeros((), leaf.storage))
    return _as_value(leaf, raw)


def _note_store(logged: tuple[Any, Any], region: Region, absolute: np.ndarray, lane_of: np.ndarray,
                mask: np.ndarray, leaf: LeafLayout, where: Location | None, *, uniform: bool) -> None:
    """Log a buffer store's bytes and lanes (`gpu.buffer_accesses`: store-store races, parallel ranges). A store
    whose pointer and value are the same on every lane (one row) is made by each active lane."""
    ctx, log = logged
    starts, lanes = absolute.reshape(-1), lane_of.reshape(-1)
    if mask.shape[0] != ctx.lanes:
        return
    if uniform:
        lanes = np.flatnonzero(mask)
        starts = np.broadcast_to(starts, (lanes.size, starts.size))
    try:
        log.note_store(ctx, region.data, starts, leaf.storage.itemsize, lanes, region.name, "store")
    except UndefinedBehaviorError as error:
        raise SpirvUndefinedBehaviorError(at(where, str(error))) from None


def _scatter(region: Region, leaf: LeafLayout, offsets: np.ndarray, value: np.ndarray, mask: np.ndarray,
             strict: bool, where: Location | None, order: np.ndarray | None = None) -> None:
    lanes = mask.shape[0]
    if value.shape[0] != offsets.shape[0]:
        offsets = np.broadcast_to(offsets, (lanes, *offsets.shape[1:]))
        value = np.broadcast_to(value, (lanes, *value.shape[1:]))
    if order is not None and offsets.shape[0] == lanes == value.shape[0] == order.shape[0]:
        offsets, value, mask = offsets[order], value[order], mask[order]   # lanes in landing order
    active = _active(mask, offsets.shape[0])
    addresses, touch = _checked_addresses(region, leaf, offsets, active, strict, where, "store")
    raw = value.astype(leaf.storage, copy=False) if leaf.kind != "bool" else value.astype(np.uint32)
    raw = np.broadcast_to(raw, addresses.shape)
    logged = current_log()
    if logged is not None:
        lane_of = np.broadcast_to(np.arange(addresses.shape[0]).reshape((-1,) + (1,) * (addresses.ndim - 1)),
                                  addresses.shape)
    if touch is not None:
        addresses, raw = addresses[touch], raw[touch]
    if addresses.size == 0:
        return
    absolute = addresses + region.base
    if logged is not None:
        _note_store(logged, region, absolute, lane_of if touch is None else lane_of[touch], mask, leaf, where,
                    uniform=lane_of.shape[0] == 1 and mask.shape[0] > 1)
    found = _elements(region, leaf.storage, absolute)
    if found is not None:
        elements, index = found
        elements[index] = raw
    else:
        itemsize = leaf.storage.itemsize
        region.data[absolute[..., None] + np.arange(itemsize)] = np.ascontiguousarray(raw).view(np.uint8).reshape(
            (*absolute.shape, itemsize))
    region.mark_written()


# -- Workgroup memory: through dxlinalg.gpu's GroupSharedMemory ----------------------------------------
@contextmanager
def gpu_lanes(ctx: ExecutionContext, mask: np.ndarray, where: Location | None) -> Iterator[None]:
    """Run a `dxlinalg.gpu` groupshared access or barrier for the lanes in `mask` (they become the context's
    active lanes); the undefined behaviour it finds is reported naming the instruction."""
    ctx.push_mask(mask)
    try:
        yield
    except SpirvError:
        raise
    except UndefinedBehaviorError as error:
        raise SpirvUndefinedBehaviorError(at(where, str(error))) from None
    finally:
        ctx.pop_mask()


def _runs(relative: np.ndarray, itemsize: int) -> list[tuple[int, int]]:
    """(first, count) of each stretch of consecutive elements in a value's byte offsets (one for any
    scalar, vector, matrix or array in the natural layout; more where an ArrayStride leaves gaps)."""
    count = relative.shape[0]
    if count == 1 or int(relative[-1]) == (count - 1) * itemsize and (np.diff(relative) == itemsize).all():
        return [(0, count)]
    gaps = np.flatnonzero(np.diff(relative) != itemsize) + 1
    starts = np.concatenate(([0], gaps))
    ends = np.concatenate((gaps, [relative.shape[0]]))
    return [(int(a), int(b - a)) for a, b in zip(starts, ends)]


def _shared_offsets(region: Region, leaf: LeafLayout, offsets: np.ndarray,
                    lanes: int) -> tuple[np.ndarray, tuple[int, ...]]:
    """((lanes, n) byte offsets into `region.data` of the n scalars of a leaf value, the value's shape)."""
    addresses = offsets.reshape(offsets.shape + (1,) * leaf.offsets.ndim) + leaf.offsets
    shape = (lanes, *addresses.shape[1:])
    return np.broadcast_to(addresses, shape).reshape(lanes, -1), shape


def _scalar(leaf: LeafLayout, offsets: np.ndarray) -> bool:
    """A scalar leaf at the pointer's own offsets, one per lane (or one for all): what `_shared_offsets` would
    turn into (lanes, 1) offsets by adding 0."""
    return leaf.offsets.ndim == 0 and offsets.ndim == 1 and not leaf.offsets


def shared_load(region: Region, dtype: np.dtype, offsets: np.ndarray, count: int, mask: np.ndarray,
                where: Location | None) -> np.ndarray:
    """Workgroup memory: (lanes, count) consecutive elements of `dtype` at each lane's byte offset into its
    group's memory (a pointer's offsets), for the lanes in `mask` (zeros for the others)."""
    shared = region.shared
    assert shared is not None
    with gpu_lanes(shared.ctx, mask, where):
        return shared.load(dtype, np.broadcast_to(offsets, mask.shape), count, what="Workgroup load")


def shared_store(region: Region, offsets: np.ndarray, values: np.ndarray, mask: np.ndarray,
                 where: Location | None) -> None:
    """Workgroup memory: each lane's (count,) row of `values` ((lanes, count)) at its byte offset into its
    group's memory, for the lanes in `mask`."""
    shared = region.shared
    assert shared is not None
    with gpu_lanes(shared.ctx, mask, where):
        shared.store(np.broadcast_to(offsets, mask.shape), values, what="Workgroup store")


def _gather_shared(region: Region, leaf: LeafLayout, offsets: np.ndarray, mask: np.ndarray,
                   where: Location | None) -> np.ndarray:
    if _scalar(leaf, offsets):          # one element a lane at the pointer's offsets: no element offsets to add
        return _as_value(leaf, shared_load(region, leaf.storage, offsets, 1, mask, where).reshape(mask.shape[0]))
    element, shape = _shared_offsets(region, leaf, offsets, mask.shape[0])
    raw = np.empty(element.shape, leaf.storage)
    for first, count in _runs(element[0] - element[0, 0], leaf.storage.itemsize):
        raw[:, first:first + count] = shared_load(region, leaf.storage, element[:, first], count, mask, where)
    return _as_value(leaf, raw.reshape(shape))


def _scatter_shared(region: Region, leaf: LeafLayout, offsets: np.ndarray, value: np.ndarray, mask: np.ndarray,
                    where: Location | None) -> None:
    raw = value.astype(leaf.storage, copy=False) if leaf.kind != "bool" else value.astype(np.uint32)
    if _scalar(leaf, offsets):
        lanes = mask.shape[0]
        shared_store(region, offsets, np.broadcast_to(raw, (lanes,)).reshape(lanes, 1), mask, where)
        return
    element, shape = _shared_offsets(region, leaf, offsets, mask.shape[0])
    raw = np.broadcast_to(raw, shape).reshape(element.shape)
    for first, count in _runs(element[0] - element[0, 0], leaf.storage.itemsize):
        shared_store(region, element[:, first], raw[:, first:first + count], mask, where)


def load(region: Region, layout: Layout, offsets: np.ndarray, mask: np.ndarray, strict: bool,
         where: Location | None) -> Any:
    """The value of `layout`'s type at byte `offsets` (lanes, ...) of `region`, zero on inactive lanes."""
    if isinstance(layout, LeafLayout):
        if region.shared is not None:
            return _gather_shared(region, layout, offsets, mask, where)
        return _gather(region, layout, offsets, mask, strict, where)
    if isinstance(layout, StructLayout):
        return tuple(load(region, member, offsets + offset, mask, strict, where) for offset, member in layout.members)
    assert isinstance(layout, ArrayLayout) and layout.length is not None
    steps = np.arange(layout.length, dtype=np.int64) * layout.stride
    return load(region, layout.element, offsets[..., None] + steps, mask, strict, where)


def uniform_load(region: Region, layout: Layout, offset: int, mask: np.ndarray, strict: bool,
                 where: Location | None) -> Any:
    """load() at the same byte `offset` on every lane of a `constant` region, for a mask with some
    active lane: computed once per dispatch (an access out of bounds is reported each time)."""
    key = (offset, id(layout))
    found = region.uniform_loads.get(key)
    if found is not None and found[0] is layout:
        return found[1]
    value = load(region, layout, np.array([offset], np.int64), mask, strict, where)
    region.uniform_loads[key] = (layout, value)
    return value


def store(region: Region, layout: Layout, offsets: np.ndarray, value: Any, mask: np.ndarray, strict: bool,
          where: Location | None, order: np.ndarray | None = None) -> None:
    """Write `value` at byte `offsets` of `region` on the active lanes; lanes storing to the same bytes land
    in `order` (a lane permutation, the last lands; None: lane order)."""
    if isinstance(layout, LeafLayout):
        if region.shared is not None:
            _scatter_shared(region, layout, offsets, value, mask, where)
        else:
            _scatter(region, layout, offsets, value, mask, strict, where, order)
    elif isinstance(layout, StructLayout):
        for (offset, member), part in zip(layout.members, value):
            store(region, member, offsets + offset, part, mask, strict, where, order)
    else:
        assert isinstance(layout, ArrayLayout) and layout.length is not None
        steps = np.arange(layout.length, dtype=np.int64) * layout.stride
        if offsets.shape[0] != lane_count(value):
            offsets = np.broadcast_to(offsets, (mask.shape[0], *offsets.shape[1:]))
            value = broadcast(value, mask.shape[0])
        store(region, layout.element, offsets[..., None] + steps, value, mask, strict, where, order)


class PhysicalMemory:
    """The device address space, as PhysicalStorageBuffer pointers see it."""

    def __init__(self, space: AddressSpace) -> None:
        self.space = space
        self._regions: dict[int, Region] = {}

    def region(self, buffer: Buffer) -> Region:
        found = self._regions.get(buffer.id)
        if found is None:
            found = Region(f"device buffer {buffer.name} at 0x{buffer.address:x}", buffer.data, 0, buffer.size, True,
                           buffer, buffer.address)
            self._regions[buffer.id] = found
        return found

    def split(self, addresses: np.ndarray, span: int, mask: np.ndarray, strict: bool,
              where: Location | None) -> list[tuple[Region, np.ndarray, np.ndarray]]:
        """(region, lanes, offsets in the region) for each buffer the active lanes' accesses fall in.

        Lanes whose address is in no live buffer are reported in strict mode and left out otherwise.
        """
        lanes = mask.shape[0]
        addresses = np.broadcast_to(addresses, (lanes,)).astype(np.int64)
        remaining = mask.copy()
        parts: list[tuple[Region, np.ndarray, np.ndarray]] = []
        while remaining.any():
            lane = int(np.argmax(remaining))
            address = int(addresses[lane])
            buffer = self._buffer_at(address, span, strict, where, lane)
            if buffer is None:
                remaining[lane] = False
                continue
            inside = remaining & (addresses >= buffer.address) & (addresses < buffer.address + buffer.size)
            parts.append((self.region(buffer), inside, addresses - buffer.address))
            remaining &= ~inside
        return parts

    def _buffer_at(self, address: int, span: int, strict: bool, where: Location | None, lane: int) -> Buffer | None:
        try:
            buffer, _ = self.space.resolve(address, max(span, 1), "PhysicalStorageBuffer access")
        except UndefinedBehaviorError as error:
            if strict:
                raise SpirvUndefinedBehaviorError(at(where, f"lane {lane}: {error}")) from None
            return None
        return buffer


def load_physical(memory: PhysicalMemory, layout: Layout, addresses: np.ndarray, mask: np.ndarray, strict: bool,
                  where: Location | None, zero: Any) -> Any:
    """A load through PhysicalStorageBuffer addresses (lanes,)."""
    result = zero
    for region, lanes, offsets in memory.split(addresses, layout.size or 1, mask, strict, where):
        result = merge(lanes, load(region, layout, offsets, lanes, strict, where), result)
    return result


def store_physical(memory: PhysicalMemory, layout: Layout, addresses: np.ndarray, value: Any, mask: np.ndarray,
                   strict: bool, where: Location | None) -> None:
    for region, lanes, offsets in memory.split(addresses, layout.size or 1, mask, strict, where):
        store(region, layout, offsets, value, lanes, strict, where)
