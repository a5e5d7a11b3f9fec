"""Matrices read from memory once and reused: keyed on the buffer's write version.

A shader applies the same weights to every chunk of a dispatch, and a network to every frame;
decoding an optimal layout (a gather over its slot table) and converting to the compute type
each time would dominate. The key is (buffer id, buffer.version, byte position, matrix
description, the profile's optimal-layout spec, transpose, compute dtype): any write that bumps
the version makes old entries unreachable, and they age out of the LRU. Bare numpy arrays have
no version, so matrices in them are decoded on every call. The cache is shared by every thread
that runs dispatches; a lock keeps its bookkeeping whole (two threads may both decode a missing
matrix, which is harmless).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

from dxlinalg.gpu.resources import BufferRange
from dxlinalg.profile.matrix_storage import MatrixDescription, decode_matrix, stored_size
from dxlinalg.profile.model import DeviceProfile

MAX_CACHED_BYTES = 256 * 1024 * 1024


@dataclass(frozen=True)
class PreparedMatrix:
    """The operand of `lanes @ transposed`: the effective M x K matrix, transposed to (K, M)."""

    transposed: np.ndarray   # (K, M), C-contiguous, compute dtype
    max_abs: float           # largest |element|, for choosing an exact BLAS dtype


class MatrixCache:
    """An LRU of PreparedMatrix bounded in bytes; `hits`/`misses` are for tests and benchmarks."""

    def __init__(self, max_bytes: int = MAX_CACHED_BYTES) -> None:
        self.max_bytes = max_bytes
        self.hits = 0
        self.misses = 0
        self._entries: OrderedDict[tuple, PreparedMatrix] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._bytes = 0

    def prepared(self, rng: BufferRange, offset: int, desc: MatrixDescription, profile: DeviceProfile,
                 transpose: bool, dtype: np.dtype) -> PreparedMatrix:
        """The matrix at `offset` of `rng` as the (K, M) operand in `dtype`."""
        version = rng.cache_key()
        spec = profile.layout_spec(desc.layout) if desc.layout.is_optimal else None
        key = (version, rng.base_offset + offset, desc, spec, transpose, np.dtype(dtype).str)
        with self._lock:
            cached = self._entries.get(key) if version is not None else None
            if cached is not None:
                self.hits += 1
                self._entries.move_to_end(key)
                return cached
            self.misses += 1
        result = _prepare(rng, offset, desc, profile, transpose, np.dtype(dtype))
        if version is not None:
            with self._lock:
                if key not in self._entries:
                    self._entries[key] = result
                    self._bytes += result.transposed.nbytes
                while self._bytes > self.max_bytes and len(self._entries) > 1:
                    _, old = self._entries.popitem(last=False)
                    self._bytes -= old.transposed.nbytes
        return result


def _prepare(rng: BufferRange, offset: int, desc: MatrixDescription, profile: DeviceProfile,
             transpose: bool, dtype: np.dtype) -> PreparedMatrix:
    start = rng.base_offset + offset
    raw = rng.data[start: start + stored_size(desc, profile)]
    stored = decode_matrix(raw, desc, profile)            # (rows, cols) as stored
    # stored is M x K, or K x M when the op transposes it; the operand is effective.T = (K, M).
    operand = stored if transpose else stored.T
    values = np.ascontiguousarray(operand.astype(dtype))
    max_abs = float(np.max(np.abs(values))) if values.dtype.kind in "iu" and values.size else 0.0
    values.flags.writeable = False
    return PreparedMatrix(values, max_abs)


#: The process-wide cache the DXIL ops use.
MATRIX_CACHE = MatrixCache()
