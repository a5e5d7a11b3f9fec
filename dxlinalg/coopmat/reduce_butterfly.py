"""The `lane_butterfly` reduce order: the trees coopMatReduceNV evaluates on the H100.

docs/hardware-nvidia-h100-coopmat.md has the measurement. Every result element has its own tree,
and every tree has one shape, so a reduction is a table of leaves (which input element sits where)
evaluated stage by stage for all trees at once:

    leaves (trees, pieces, chunks, fold): fold each chunk left to right (one invocation's own
    elements, in element-index order), combine the chunks pairwise, neighbours first (the xor
    butterfly over lanes, own value first, and last the two column parities), then fold the
    pieces left to right (the subgroups of a workgroup, in row or column order).

At subgroup scope (and at workgroup scope with one subgroup) the result element (r, c) is computed
by the invocation that holds it, lane 4g + t with g = r mod 8, t = (c mod 8) / 2, for column parity
p = c mod 2 (the nvidia_mma accumulator map). Row: its elements of row r with parity p, then lanes
xor 1, 2, then parity 1 - p; Column: its elements of column c, then lanes xor 4, 8, 16; Row|Column:
all its elements of parity p, then lanes xor 1, 2, 4, 8, 16, then parity 1 - p. 2x2: the
horizontal pair, then the vertical pair, the lower row first for result rows r mod 8 >= 4.

Workgroups of 2, 4 or 8 subgroups (fitted to the recorded 32x32, 32x64, 64x32 and 64x64 shapes):
Column: one piece per subgroup row of the ownership grid, each the subgroup rule over its rows;
Row: pieces of whole columns, the subgroup rule over each, their number S / min(S, rows / 16) for
S <= 4 subgroups and 4 for S = 8; Row|Column: one piece per subgroup, each the subgroup rule of
lane 0 over the subgroup's tile (so every result element of a parity has the same tree). The
Row piece count is a fit, not an understood rule; Row|Column trees of more than 1,024 leaves were
not decoded on the H100 (docs/hardware-nvidia-h100-coopmat.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from dxlinalg.coopmat.ownership import WARP, nvidia_mma_grid

ROW, COLUMN, ROW_COLUMN, TWO_BY_TWO = 0x1, 0x2, 0x3, 0x4     # ReduceMask values


@dataclass(frozen=True)
class ButterflyPlan:
    """`leaves` (trees, pieces, chunks, fold): row-major input element numbers in evaluation order;
    `tree_of_result` (result rows, result cols): which tree gives each result element."""

    leaves: np.ndarray
    tree_of_result: np.ndarray


def butterfly_plan(mask: int, rows: int, cols: int, result_rows: int, result_cols: int,
                   scope_size: int) -> ButterflyPlan | None:
    """The plan for one reduction, or None where the shape or scope has no measured rule."""
    return _cached_plan(int(mask), rows, cols, result_rows, result_cols, scope_size)


@lru_cache(maxsize=64)
def _cached_plan(mask: int, rows: int, cols: int, result_rows: int, result_cols: int,
                 scope_size: int) -> ButterflyPlan | None:
    grid = nvidia_mma_grid(scope_size)
    if mask == TWO_BY_TWO:
        return _two_by_two(cols, result_rows, result_cols)
    if grid is None or rows % (8 * grid[0]) or cols % (8 * grid[1]):
        return None
    subgroups = scope_size // WARP
    if mask == ROW:
        pieces = subgroups // min(subgroups, max(rows // 16, 1)) if subgroups <= 4 else grid[1]
        if cols % (8 * pieces):
            return None
        leaves = _row_leaves(rows, cols, pieces)
        tree = np.arange(rows)[:, None] * 8 + np.arange(result_cols)[None, :] % 8
    elif mask == COLUMN:
        leaves = _column_leaves(rows, cols, grid[0])
        tree = (np.arange(result_rows)[:, None] % 8) * cols + np.arange(cols)[None, :]
    elif subgroups == 1:
        leaves = _row_column_leaves(rows, cols, np.arange(8)[:, None], np.arange(8)[None, :]).reshape(
            64, 1, 64, -1)
        tree = (np.arange(result_rows)[:, None] % 8) * 8 + np.arange(result_cols)[None, :] % 8
    else:
        leaves = _row_column_pieces(rows, cols, grid)
        tree = np.broadcast_to(np.arange(result_cols)[None, :] % 2, (result_rows, result_cols))
    return ButterflyPlan(_readonly(leaves), _readonly(np.ascontiguousarray(tree, np.int64)))


def _readonly(array: np.ndarray) -> np.ndarray:
    array = np.ascontiguousarray(array, np.int64)
    array.flags.writeable = False
    return array


def _row_leaves(rows: int, cols: int, pieces: int) -> np.ndarray:
    """(rows * 8, pieces, 8, width / 8): tree r * 8 + q for result row r, result column class q = c mod 8."""
    width = cols // pieces
    r = np.arange(rows)[:, None, None, None, None]
    q = np.arange(8)[None, :, None, None, None]
    piece = np.arange(pieces)[None, None, :, None, None]
    position = np.arange(8)[None, None, None, :, None]
    k = np.arange(width // 8)[None, None, None, None, :]
    t, p = q // 2, q % 2
    lane_t = t ^ (position % 4)                               # lanes xor 1, 2 (the bits of position)
    parity = p ^ (position // 4)                              # own parity first
    col = piece * width + 2 * lane_t + parity + 8 * k
    return (r * cols + col).reshape(rows * 8, pieces, 8, width // 8)


def _column_leaves(rows: int, cols: int, pieces: int) -> np.ndarray:
    """(8 * cols, pieces, 8, height / 8): tree g * cols + c for result rows r mod 8 = g, column c."""
    height = rows // pieces
    g = np.arange(8)[:, None, None, None, None]
    c = np.arange(cols)[None, :, None, None, None]
    piece = np.arange(pieces)[None, None, :, None, None]
    position = np.arange(8)[None, None, None, :, None]
    k = np.arange(height // 8)[None, None, None, None, :]
    row = piece * height + (g ^ position) + 8 * k             # lanes xor 4, 8, 16: g xor 1, 2, 4
    return (row * cols + c).reshape(8 * cols, pieces, 8, height // 8)


def _row_column_leaves(rows: int, cols: int, g: np.ndarray, q: np.ndarray) -> np.ndarray:
    """(..., 64, rows * cols / 64) leaves of the lane 4g + q // 2 for parity q % 2 over a rows x cols tile:
    its own elements of a parity in element-index order, lanes xor 1 .. 16, then the other parity."""
    g, q = g[..., None, None], q[..., None, None]
    position = np.arange(64)[:, None]
    k = np.arange(rows * cols // 64)[None, :]
    lane = (4 * g + q // 2) ^ (position % 32)
    parity = (q % 2) ^ (position // 32)
    row = (lane >> 2) + 8 * (k // (cols // 8))
    col = 2 * (lane & 3) + parity + 8 * (k % (cols // 8))
    return row * cols + col


def _row_column_pieces(rows: int, cols: int, grid: tuple[int, int]) -> np.ndarray:
    """(2, subgroups, 64, tile / 64): per parity, lane 0's tree over each subgroup's tile, subgroups in order."""
    tile_rows, tile_cols = rows // grid[0], cols // grid[1]
    local = _row_column_leaves(tile_rows, tile_cols, np.zeros((2, 1), np.int64), np.arange(2)[:, None])
    row, col = local // tile_cols, local % tile_cols                    # (2, 1, 64, n)
    subgroup = np.arange(grid[0] * grid[1])[None, :, None, None]
    row = row + tile_rows * (subgroup // grid[1])
    col = col + tile_cols * (subgroup % grid[1])
    return row * cols + col


def _two_by_two(cols: int, result_rows: int, result_cols: int) -> ButterflyPlan:
    """((00, 01), (10, 11)) for result rows r mod 8 < 4, ((10, 11), (00, 01)) for the others."""
    r = np.arange(result_rows)[:, None, None, None]
    c = np.arange(result_cols)[None, :, None, None]
    chunk = np.arange(2)[None, None, :, None]
    k = np.arange(2)[None, None, None, :]
    lower_first = (r % 8) >= 4
    row = 2 * r + (chunk ^ lower_first)
    leaves = (row * cols + 2 * c + k).reshape(result_rows * result_cols, 1, 2, 2)
    tree = np.arange(result_rows * result_cols).reshape(result_rows, result_cols)
    return ButterflyPlan(_readonly(leaves), _readonly(tree))


def evaluate_plan(values: np.ndarray, plan: ButterflyPlan,
                  combine: Callable[[np.ndarray, np.ndarray], np.ndarray]) -> np.ndarray:
    """(instances, result rows, result cols) from input `values` (instances, rows * cols): every tree of
    `plan` for every instance, one `combine` call per step for all of them."""
    instances = values.shape[0]
    trees, pieces, chunks, fold = plan.leaves.shape
    gathered = values[:, plan.leaves].reshape(instances * trees, pieces, chunks, fold)
    partial = gathered[..., 0]
    for j in range(1, fold):
        partial = combine(partial, gathered[..., j])
    while partial.shape[2] > 1:
        partial = combine(partial[:, :, 0::2], partial[:, :, 1::2])
    partial = partial[:, :, 0]
    total = partial[:, 0]
    for j in range(1, pieces):
        total = combine(total, partial[:, j])
    return total.reshape(instances, trees)[:, plan.tree_of_result]
