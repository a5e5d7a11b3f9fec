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


@lru_cache(maxsize=256)
def tiled_slot_table(rows: int, cols: int, element_bytes: int, tile_rows: int, tile_bytes: int,
                     tile_column_first: bool) -> np.ndarray:
    """Source index per slot for a tiled layout; -1 where a tile overhangs the matrix."""
    tile_cols = max(1, tile_bytes // element_bytes)
    tiles_down = -(-rows // tile_rows)
    tiles_across = -(-cols // tile_cols)
    tile_r, tile_c, in_r, in_c = np.meshgrid(
        np.arange(tiles_down), np.arange(tiles_across), np.arange(tile_rows), np.arange(tile_cols),
        indexing="ij")
    if tile_column_first:
        order = (1, 0, 2, 3)  # slots run over tile column, then tile row, then inside the tile
    else:
        order = (0, 1, 2, 3)
    r = (tile_r * tile_rows + in_r).transpose(order).reshape(-1)
    c = (tile_c * tile_cols + in_c).transpose(order).reshape(-1)
    table = np.where((r < rows) & (c < cols), r * cols + c, -1).astype(np.int64)
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
