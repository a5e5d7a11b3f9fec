"""Typed loads and stores of lane values at per-lane byte offsets of a memory region.

A `Region` is bytes a pointer can address: a bound buffer, the push constants, a group's
Workgroup memory, or (found per access) the device buffer a PhysicalStorageBuffer address falls
in. Loads and stores follow a `layout`, touch only the active lanes, and check bounds: an access
outside the region is undefined behaviour, reported in strict mode; in permissive mode such loads
read zero and such stores are dropped, as robust buffer access does. Lanes storing to the same
bytes race, as on a GPU: the highest lane wins.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dxlinalg.errors import UndefinedBehaviorError
from dxlinalg.memory.address_space import AddressSpace, Buffer
from dxlinalg.spirv.errors import Location, SpirvUndefinedBehaviorError, at
from dxlinalg.spirv.lanes import broadcast, lane_count, merge
from dxlinalg.spirv.layout import ArrayLayout, Layout, LeafLayout, StructLayout


class Region:
    """`size` bytes from byte `base` of the backing store `data`, at device address `address`."""

    __slots__ = ("name", "data", "base", "size", "writable", "buffer", "address")

    def __init__(self, name: str, data: np.ndarray, base: int, size: int, writable: bool,
                 buffer: Buffer | None = None, address: int = 0) -> None:
        self.name = name
        self.data = data
        self.base = base
        self.size = size
        self.writable = writable
        self.buffer = buffer
        self.address = address

    def __repr__(self) -> str:
        return f"<Region {self.name} {self.size} bytes>"

    def mark_written(self) -> None:
        if self.buffer is not None:
            self.buffer.mark_written()


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


def _scatter(region: Region, leaf: LeafLayout, offsets: np.ndarray, value: np.ndarray, mask: np.ndarray,
             strict: bool, where: Location | None) -> None:
    lanes = mask.shape[0]
    if value.shape[0] != offsets.shape[0]:
        offsets = np.broadcast_to(offsets, (lanes, *offsets.shape[1:]))
        value = np.broadcast_to(value, (lanes, *value.shape[1:]))
    active = _active(mask, offsets.shape[0])
    addresses, touch = _checked_addresses(region, leaf, offsets, active, strict, where, "store")
    raw = value.astype(leaf.storage, copy=False) if leaf.kind != "bool" else value.astype(np.uint32)
    raw = np.broadcast_to(raw, addresses.shape)
    if touch is not None:
        addresses, raw = addresses[touch], raw[touch]
    if addresses.size == 0:
        return
    absolute = addresses + region.base
    found = _elements(region, leaf.storage, absolute)
    if found is not None:
        elements, index = found
        elements[index] = raw
    else:
        itemsize = leaf.storage.itemsize
        region.data[absolute[..., None] + np.arange(itemsize)] = np.ascontiguousarray(raw).view(np.uint8).reshape(
            (*absolute.shape, itemsize))
    region.mark_written()


def load(region: Region, layout: Layout, offsets: np.ndarray, mask: np.ndarray, strict: bool,
         where: Location | None) -> Any:
    """The value of `layout`'s type at byte `offsets` (lanes, ...) of `region`, zero on inactive lanes."""
    if isinstance(layout, LeafLayout):
        return _gather(region, layout, offsets, mask, strict, where)
    if isinstance(layout, StructLayout):
        return tuple(load(region, member, offsets + offset, mask, strict, where) for offset, member in layout.members)
    assert isinstance(layout, ArrayLayout) and layout.length is not None
    steps = np.arange(layout.length, dtype=np.int64) * layout.stride
    return load(region, layout.element, offsets[..., None] + steps, mask, strict, where)


def store(region: Region, layout: Layout, offsets: np.ndarray, value: Any, mask: np.ndarray, strict: bool,
          where: Location | None) -> None:
    """Write `value` at byte `offsets` of `region` on the active lanes."""
    if isinstance(layout, LeafLayout):
        _scatter(region, layout, offsets, value, mask, strict, where)
    elif isinstance(layout, StructLayout):
        for (offset, member), part in zip(layout.members, value):
            store(region, member, offsets + offset, part, mask, strict, where)
    else:
        assert isinstance(layout, ArrayLayout) and layout.length is not None
        steps = np.arange(layout.length, dtype=np.int64) * layout.stride
        if offsets.shape[0] != lane_count(value):
            offsets = np.broadcast_to(offsets, (mask.shape[0], *offsets.shape[1:]))
            value = broadcast(value, mask.shape[0])
        store(region, layout.element, offsets[..., None] + steps, value, mask, strict, where)


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
