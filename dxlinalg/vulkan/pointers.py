"""Python stand-ins for C pointers, as d3d12api uses them: NULL is None, an array is a list.

- A pointer to one value the call reads or writes (`uint32_t* pPropertyCount`, `size_t* pDstSize`) is a
  one-element list (`count = [0]`; the call writes `count[0]`) or a ctypes scalar (`c_uint32(0)`, `.value`).
- A pointer to an array of structs or handles is a list; the call fills its elements (structs in place).
- A host pointer to bytes (`srcData.hostAddress`) is a numpy array, bytearray, memoryview or bytes: the
  memory starts at its first byte. A view (`array[64:]`) is a pointer into the middle, as `&array[64]` is.
"""

from __future__ import annotations

import ctypes
from collections.abc import MutableSequence, Sequence
from typing import Any

import numpy as np


class ScalarPointer:
    """Read and write through a one-element list or a ctypes scalar."""

    def __init__(self, target: Any) -> None:
        self.target = target

    def get(self) -> int:
        value = self.target.value if isinstance(self.target, ctypes._SimpleCData) else self.target[0]
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise TypeError(f"holds {value!r}, not an integer")
        return int(value)

    def set(self, value: int) -> None:
        if isinstance(self.target, ctypes._SimpleCData):
            self.target.value = value
        else:
            self.target[0] = value


def scalar_pointer(target: Any) -> ScalarPointer | None:
    """None for NULL; a ScalarPointer for a one-element list or a ctypes integer; TypeError otherwise."""
    if target is None:
        return None
    if isinstance(target, ctypes._SimpleCData) and isinstance(target.value, int):
        return ScalarPointer(target)
    if isinstance(target, MutableSequence) and len(target) >= 1:
        pointer = ScalarPointer(target)
        pointer.get()
        return pointer
    raise TypeError(f"a {type(target).__name__} is not a pointer to an integer (use a one-element list, "
                    f"e.g. count = [0], or a ctypes integer)")


def array_pointer(target: Any, count: int) -> list[Any] | None:
    """The first `count` elements of an array argument (a list, a tuple, or one object for a count of 1)."""
    if target is None:
        if count:
            raise TypeError(f"is NULL but its count is {count}")
        return None
    if isinstance(target, Sequence) and not isinstance(target, (str, bytes)):
        if len(target) < count:
            raise TypeError(f"holds {len(target)} elements, fewer than the count {count}")
        return list(target[:count])
    if count <= 1:
        return [target]
    raise TypeError(f"is one {type(target).__name__}, not an array of {count}")


def host_bytes(address: Any, writable: bool) -> np.ndarray | None:
    """A host pointer as a flat uint8 view of the memory it points at (None for NULL)."""
    if address is None:
        return None
    if isinstance(address, np.ndarray):
        if not address.flags.c_contiguous:
            raise TypeError("is a numpy array that is not C-contiguous (a pointer addresses contiguous bytes)")
        if writable and not address.flags.writeable:
            raise TypeError("is a read-only numpy array; the call writes through it")
        return address.reshape(-1).view(np.uint8)
    if isinstance(address, (bytearray, memoryview)):
        view = np.frombuffer(address, dtype=np.uint8)
        if writable and not view.flags.writeable:
            raise TypeError("is read-only memory; the call writes through it")
        return view
    if isinstance(address, bytes):
        if writable:
            raise TypeError("is bytes, which cannot be written; use a bytearray or a numpy array")
        return np.frombuffer(address, dtype=np.uint8)
    raise TypeError(f"a {type(address).__name__} is not host memory (use a numpy array, bytearray, memoryview "
                    f"or bytes)")


def host_address(view: np.ndarray) -> int:
    """The address of a host view's first byte, for overlap checks."""
    return int(view.__array_interface__["data"][0])
