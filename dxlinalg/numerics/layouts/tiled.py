"""The `reference` optimal format: fixed-size tiles of 16-byte rows, stored tile-column first.

A tile is `tile_rows` rows of one 16-byte chunk each (8 FP16, 16 int8, 4 FP32 elements).
The matrix is padded with zero slots to whole tiles, tiles are ordered by tile column, then
tile row (so the bytes are visibly not row-major), and each tile is stored row by row.
Parameters make the `minimal` profile's different format from the same code.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from dxlinalg.numerics.component_types import ComponentType, MatrixLayout, type_info
from dxlinalg.numerics.layouts.optimal import OptimalLayoutFormat


def _tile_order(tile_column_first: bool) -> tuple[int, int, int, int]:
    """Axis order of the slots over (tile row, in-tile row, tile column, in-tile column)."""
    return (2, 0, 1, 3) if tile_column_first else (0, 2, 1, 3)


@lru_cache(maxsize=256)
def tiled_slot_table(rows: int, cols: int, element_bytes: int, tile_rows: int, tile_bytes: int,
                     tile_column_first: bool) -> np.ndarray:
    """Source index per slot for a tiled layout; -1 where a tile overhangs the matrix."""
    tile_cols = max(1, tile_bytes // element_bytes)
    tiles_down = -(-rows // tile_rows)
    tiles_across = -(-cols // tile_cols)
    padded_rows, padded_cols = tiles_down * tile_rows, tiles_across * tile_cols
    r = np.arange(padded_rows)[:, None]
    c = np.arange(padded_cols)[None, :]
    index = np.where((r < rows) & (c < cols), r * cols + c, -1).astype(np.int64)
    tiles = index.reshape(tiles_down, tile_rows, tiles_across, tile_cols)
    table = np.ascontiguousarray(tiles.transpose(_tile_order(tile_column_first))).reshape(-1)
    table.flags.writeable = False
    return table


class TiledFormat(OptimalLayoutFormat):
    """Tiles of `tile_rows` x `tile_bytes` bytes, padded, tile-column-first or tile-row-first."""

    def __init__(self, tile_rows: int = 8, tile_bytes: int = 16, tile_column_first: bool = True,
                 name: str = "tiled") -> None:
        self.tile_rows = tile_rows
        self.tile_bytes = tile_bytes
        self.tile_column_first = tile_column_first
        self.name = name

    def slot_table(self, component_type: ComponentType, layout: MatrixLayout, rows: int,
                   cols: int) -> np.ndarray:
        return tiled_slot_table(rows, cols, type_info(component_type).size_bytes, self.tile_rows,
                                self.tile_bytes, self.tile_column_first)

    def _tile_shape(self, component_type: ComponentType, rows: int, cols: int) -> tuple[int, int, int, int]:
        tile_cols = max(1, self.tile_bytes // type_info(component_type).size_bytes)
        return -(-rows // self.tile_rows), self.tile_rows, -(-cols // tile_cols), tile_cols

    def slot_count(self, component_type: ComponentType, layout: MatrixLayout, rows: int, cols: int) -> int:
        """Whole tiles: the padded rows times the padded columns."""
        shape = self._tile_shape(component_type, rows, cols)
        return shape[0] * shape[1] * shape[2] * shape[3]

    def scatter(self, stored: np.ndarray, slots: np.ndarray, component_type: ComponentType,
                layout: MatrixLayout) -> None:
        """The slot table as a reshape: pad to whole tiles, then reorder the tile axes.

        The reordered view is assigned into the slots directly, and a matrix of whole tiles is not
        padded, so no copy of the matrix is made on the way.
        """
        rows, cols = stored.shape
        shape = self._tile_shape(component_type, rows, cols)
        padded = stored
        if (shape[0] * shape[1], shape[2] * shape[3]) != (rows, cols):
            padded = np.zeros((shape[0] * shape[1], shape[2] * shape[3]), stored.dtype)
            padded[:rows, :cols] = stored
        order = _tile_order(self.tile_column_first)
        slots.reshape(tuple(shape[axis] for axis in order))[...] = padded.reshape(shape).transpose(order)

    def gather(self, slots: np.ndarray, component_type: ComponentType, layout: MatrixLayout,
               rows: int, cols: int) -> np.ndarray:
        shape = self._tile_shape(component_type, rows, cols)
        order = _tile_order(self.tile_column_first)
        tiled_shape = tuple(shape[axis] for axis in order)
        tiles = slots.reshape(tiled_shape).transpose(np.argsort(order))
        return np.ascontiguousarray(tiles.reshape(shape[0] * shape[1], shape[2] * shape[3])[:rows, :cols])
