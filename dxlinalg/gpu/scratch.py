"""Reusable per-thread arrays for temporaries that never leave the function that asked for them.

A chunk of a dispatch makes many megabyte-sized temporaries (widened inputs, accumulators, bit
patterns). Fresh allocations of that size come from mmap and fault their pages in on every
chunk, which costs as much as the arithmetic; these buffers are allocated once and reused.
Each call site uses its own name, so two live temporaries never share memory.
"""

from __future__ import annotations

import math
import threading

import numpy as np

_local = threading.local()


def scratch(name: str, shape: tuple[int, ...], dtype: object) -> np.ndarray:
    """An uninitialised array of `shape` and `dtype`, reusing the memory of the last call with `name`."""
    dtype = np.dtype(dtype)
    pool: dict[str, np.ndarray] = _local.__dict__.setdefault("pool", {})
    need = math.prod(shape) * dtype.itemsize      # math.prod: np.prod costs ~10 us a call here
    memory = pool.get(name)
    if memory is None or memory.size < need:
        memory = np.empty(max(need, 64), np.uint8)
        pool[name] = memory
    return memory[:need].view(dtype).reshape(shape)


def scratch_bytes() -> int:
    """Bytes this thread's scratch arrays hold (bounded by the chunk size, not the dispatch size)."""
    return sum(memory.nbytes for memory in _local.__dict__.get("pool", {}).values())
