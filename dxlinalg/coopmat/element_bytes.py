"""Moving matrix elements in and out of memory bytes, for every cooperative-matrix load and store.

Both kinds of access (OpCooperativeMatrixLoadKHR/StoreKHR with a stride, LoadTensorNV/StoreTensorNV
through a tensor layout) end the same way: a list of byte positions, one per element, in a flat
uint8 array. Elements are read and written as their bit patterns (a little-endian unsigned integer
of the element's size), so any element type, float8 included, moves without arithmetic.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import DTypeLike


def bits_dtype(itemsize: int) -> np.dtype:
    """The unsigned integer dtype holding one element's bits."""
    return np.dtype(f"<u{itemsize}")


def gather_elements(data: np.ndarray, starts: np.ndarray, dtype: DTypeLike) -> np.ndarray:
    """(n,) elements of `dtype` whose bytes start at `starts` (n,) in the flat uint8 `data`."""
    dtype = np.dtype(dtype)
    starts = np.asarray(starts, np.int64)
    if dtype.itemsize > 1 and starts.size and not (starts & (dtype.itemsize - 1)).any():
        return gather_aligned_elements(data, starts, dtype)
    raw = data[starts[:, None] + np.arange(dtype.itemsize)]
    return np.ascontiguousarray(raw).view(bits_dtype(dtype.itemsize)).reshape(-1).view(dtype)


def gather_aligned_elements(data: np.ndarray, starts: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """`gather_elements` where every start is a multiple of the element size: one gather of whole elements
    from `data` viewed as elements, instead of one per byte."""
    whole = data.shape[0] - data.shape[0] % dtype.itemsize
    shift = dtype.itemsize.bit_length() - 1                 # element sizes are powers of two: // by a shift
    return data[:whole].view(bits_dtype(dtype.itemsize))[starts >> shift].view(dtype)


def scatter_elements(data: np.ndarray, starts: np.ndarray, values: np.ndarray) -> None:
    """Write the (n,) `values` (their bits) at byte positions `starts` (n,) of the flat uint8 `data`."""
    values = np.ascontiguousarray(values)
    itemsize = values.dtype.itemsize
    data[np.asarray(starts, np.int64)[:, None] + np.arange(itemsize)] = values.view(np.uint8).reshape(-1, itemsize)


def last_writer_per_address(targets: np.ndarray, bits: np.ndarray) -> tuple[np.ndarray, tuple[int, int] | None]:
    """Which of n writes land when several write one address, and the first pair that disagrees.

    `targets` (n,) are the writes' addresses in program order (row-major elements), `bits` (n,) their
    values' bits. Returns the sorted positions of the last write to each address, and the positions
    (into `targets`) of the first two writes to one address with different bits, or None: which of
    those lands is not defined, so callers report it in strict mode.
    """
    if targets.size == 0:
        return np.zeros(0, np.int64), None
    order = np.argsort(targets, kind="stable")
    same = targets[order][1:] == targets[order][:-1]
    differ = same & (bits[order][1:] != bits[order][:-1])
    conflict = None
    if differ.any():
        k = int(np.flatnonzero(differ)[0])
        conflict = (int(order[k]), int(order[k + 1]))
    last = np.ones(targets.size, bool)
    last[:-1] = ~same
    return np.sort(order[last]), conflict
