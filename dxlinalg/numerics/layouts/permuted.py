"""The `adversarial` optimal format: a seeded random permutation with garbage padding.

It exists to break code that assumes anything about optimal bytes: element positions change
with every shape, type and layout, and padding holds random bytes (finite values for float
OuterProductOptimal matrices, where the spec lets applications update the buffer element-wise
and promises that finite padding never changes results).
"""

from __future__ import annotations

import zlib
from functools import lru_cache

import numpy as np

from dxlinalg.numerics.component_types import ComponentType, MatrixLayout, type_info
from dxlinalg.numerics.codecs import element_dtype
from dxlinalg.numerics.layouts.optimal import OptimalLayoutFormat


def _rng(seed: int, *key: object) -> np.random.Generator:
    """A generator fixed by the profile seed and the matrix description (stable across runs)."""
    return np.random.default_rng([seed, zlib.crc32(repr(key).encode())])


@lru_cache(maxsize=256)
def permuted_slot_table(seed: int, component_type: ComponentType, layout: MatrixLayout, rows: int,
                        cols: int) -> np.ndarray:
    rng = _rng(seed, "slots", int(component_type), int(layout), rows, cols)
    element_bytes = type_info(component_type).size_bytes
    padding_slots = int(rng.integers(1, 64 // element_bytes + 1))
    table = np.full(rows * cols + padding_slots, -1, np.int64)
    table[: rows * cols] = np.arange(rows * cols)
    table = rng.permutation(table)
    table.flags.writeable = False
    return table


class PermutedFormat(OptimalLayoutFormat):
    """Seeded permutation of all slots; padding garbage from the same seed."""

    def __init__(self, seed: int, name: str = "permuted") -> None:
        self.seed = seed
        self.name = name

    def slot_table(self, component_type: ComponentType, layout: MatrixLayout, rows: int,
                   cols: int) -> np.ndarray:
        return permuted_slot_table(self.seed, component_type, layout, rows, cols)

    def padding_fill(self, component_type: ComponentType, layout: MatrixLayout, rows: int,
                     cols: int, size: int) -> np.ndarray:
        rng = _rng(self.seed, "padding", int(component_type), int(layout), rows, cols)
        info = type_info(component_type)
        if layout == MatrixLayout.OuterProductOptimal and info.is_float:
            dtype = element_dtype(self.storage_type(component_type))
            count = size // dtype.itemsize
            return rng.uniform(-2.0, 2.0, count).astype(dtype).view(np.uint8)
        return rng.integers(0, 256, size, dtype=np.uint8)
