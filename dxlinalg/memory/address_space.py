"""Device memory: buffers placed in one GPU virtual address space, with gaps between them.

Every allocation gets a 64 KiB-aligned virtual address (D3D12 buffer placement alignment) and an
unmapped guard gap after it, so a stray address lands in no buffer and is reported, not read.
Buffers carry a write version that caches (decoded matrices) key on.
"""

from __future__ import annotations

import bisect
import itertools

import numpy as np

from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError

PLACEMENT_ALIGNMENT = 64 * 1024
GUARD_GAP = 64 * 1024
BASE_ADDRESS = 0x0000_0001_0000_0000  # above 4 GiB, so 32-bit truncation bugs show
_ids = itertools.count(1)


class Buffer:
    """A linear allocation: bytes in a numpy uint8 array and a GPU virtual address."""

    def __init__(self, size: int, address: int, name: str = "") -> None:
        self.id = next(_ids)
        self.size = size
        self.address = address
        self.name = name or f"buffer#{self.id}"
        self.data = np.zeros(size, np.uint8)
        self.version = 0
        self.alive = True

    def __repr__(self) -> str:
        return f"<Buffer {self.name} va=0x{self.address:x} size={self.size}>"

    def mark_written(self) -> None:
        """Bump the write version; caches of decoded contents keyed on the old one are stale."""
        self.version += 1

    def check_range(self, offset: int, length: int, what: str) -> None:
        if offset < 0 or length < 0 or offset + length > self.size:
            raise UndefinedBehaviorError(
                f"{what}: bytes [{offset}, {offset + length}) are outside {self.name} of {self.size} bytes")

    def view(self, offset: int, length: int, what: str = "access") -> np.ndarray:
        """A bounds-checked view of `length` bytes at `offset` (writes through)."""
        self.check_range(offset, length, what)
        return self.data[offset: offset + length]


class AddressSpace:
    """The device-wide GPU virtual address space."""

    def __init__(self) -> None:
        self._next = BASE_ADDRESS
        self._starts: list[int] = []
        self._buffers: list[Buffer] = []

    def allocate(self, size: int, name: str = "") -> Buffer:
        if size <= 0:
            raise InvalidArgumentError(f"buffer size {size} must be positive")
        buffer = Buffer(size, self._next, name)
        self._starts.append(buffer.address)
        self._buffers.append(buffer)
        span = -(-size // PLACEMENT_ALIGNMENT) * PLACEMENT_ALIGNMENT
        self._next += span + GUARD_GAP
        return buffer

    def buffers(self) -> list[Buffer]:
        """Every buffer allocated here, in allocation order (released ones included, marked not alive)."""
        return list(self._buffers)

    def release(self, buffer: Buffer) -> None:
        """Unmap a buffer: its addresses now resolve to nothing."""
        buffer.alive = False

    def resolve(self, address: int, length: int, what: str) -> tuple[Buffer, int]:
        """(buffer, offset) holding [address, address+length), or a report naming the address."""
        index = bisect.bisect_right(self._starts, address) - 1
        if index >= 0:
            buffer = self._buffers[index]
            offset = address - buffer.address
            if buffer.alive and offset < buffer.size:
                if offset + length > buffer.size:
                    raise UndefinedBehaviorError(
                        f"{what}: [0x{address:x}, 0x{address + length:x}) runs past the end of "
                        f"{buffer.name} (0x{buffer.address:x} + {buffer.size} bytes)")
                return buffer, offset
            if not buffer.alive and offset < buffer.size:
                raise UndefinedBehaviorError(f"{what}: address 0x{address:x} is in released {buffer.name}")
        raise UndefinedBehaviorError(f"{what}: address 0x{address:x} is not inside any live resource")
