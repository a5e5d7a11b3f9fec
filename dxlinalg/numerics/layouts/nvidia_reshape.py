"""NVIDIA's optimal layout as reshapes and transposes: the bytes of `nvidia`'s slot tables, without them.

A slot table costs an int64 per slot, and the generic scatter keeps two more arrays of that size:
for a 4096 x 4096 FP16 matrix that is 384 MiB to place 32 MiB. The rule in `nvidia` is regular
enough to be a few axis permutations of the padded matrix instead:

* a block is 8 rows x 16 bytes, blocks are numbered row-major, and inside a block the FP16 and
  first int8 fragments hold the block's elements in row-major order (lane l's 4 bytes are
  elements 4l/eb ...); the int8 MulOptimal second copy reads each block row, 16 bytes indexed as
  (half, pair, byte), in the order (pair, half, byte), so lane 4g+t gets columns 2t, 2t+1, 2t+8, 2t+9;
* groups of 4 consecutive blocks are stored lane-major: (block, lane, e) -> (lane, block, e);
  the last, partial group has 1, 2 or 4 (one all-padding) blocks, and OuterProductOptimal groups
  start every 1024 bytes.

`tests/numerics/test_nvidia_layout.py` checks these against the slot tables for every type,
layout and many shapes; the tables stay the definition.
"""

from __future__ import annotations

import numpy as np

from dxlinalg.numerics.component_types import ComponentType, MatrixLayout
from dxlinalg.numerics.layouts.nvidia import (
    BLOCK_ROWS, GROUP_BLOCKS, GROUP_BYTES, LANES, OUTER_PRODUCT_GROUP_STRIDE, UNIT_BYTES, _copy_bytes,
    _f32_row_pitch, _pow2_ceil)

BLOCK_BYTES_WIDE = 16    # one block row


def _grid(rows: int, cols: int, element_bytes: int) -> tuple[int, int, int]:
    """(block rows, block columns, block width in elements)."""
    width = BLOCK_BYTES_WIDE // element_bytes
    return -(-rows // BLOCK_ROWS), -(-cols // width), width


def _copies(storage: ComponentType, layout: MatrixLayout) -> tuple[bool, ...]:
    """For each fragment copy in buffer order: whether its byte pairs are swapped (int8 MulOptimal's second)."""
    if storage == ComponentType.F16 or layout != MatrixLayout.MulOptimal:
        return (False,)
    return (False, True)


def _units(blocks: np.ndarray, pairs_swapped: bool) -> np.ndarray:
    """(blocks, 8, width) -> (blocks, lanes, elements per lane) in fragment order."""
    count = blocks.shape[0]
    if not pairs_swapped:
        return blocks.reshape(count, LANES, -1)
    # int8 second copy: lane 4g+t holds row g, columns 2t, 2t+1, 2t+8, 2t+9
    return blocks.reshape(count, BLOCK_ROWS, 2, 4, 2).transpose(0, 1, 3, 2, 4).reshape(count, LANES, 4)


def _blocks(units: np.ndarray, width: int, pairs_swapped: bool) -> np.ndarray:
    """The inverse of `_units`."""
    count = units.shape[0]
    if not pairs_swapped:
        return units.reshape(count, BLOCK_ROWS, width)
    return units.reshape(count, BLOCK_ROWS, 4, 2, 2).transpose(0, 1, 3, 2, 4).reshape(count, BLOCK_ROWS, width)


def _group_views(slots: np.ndarray, nblocks: int, per_lane: int, element_bytes: int,
                 layout: MatrixLayout) -> list[tuple[int, int, np.ndarray]]:
    """(first block, end block, view) for the groups of one fragment copy.

    Each view is shaped (groups, blocks per group, lanes, elements per lane) over `slots` itself,
    so assigning to it writes the slots in place. The last group's range may run past `nblocks`
    into the all-padding block of a 3-block group.
    """
    full, rem = divmod(nblocks, GROUP_BLOCKS)
    stride = (GROUP_BYTES if layout == MatrixLayout.MulOptimal else OUTER_PRODUCT_GROUP_STRIDE) // element_bytes
    group = GROUP_BYTES // element_bytes
    views = []
    if full > 1:            # every full group but the last is followed by `stride - group` gap slots
        window = slots[: (full - 1) * stride].reshape(full - 1, stride)[:, :group]
        views.append((0, (full - 1) * GROUP_BLOCKS,
                      window.reshape(full - 1, LANES, GROUP_BLOCKS, per_lane).transpose(0, 2, 1, 3)))
    if full:
        window = slots[(full - 1) * stride: (full - 1) * stride + group]
        views.append(((full - 1) * GROUP_BLOCKS, full * GROUP_BLOCKS,
                      window.reshape(1, LANES, GROUP_BLOCKS, per_lane).transpose(0, 2, 1, 3)))
    if rem:
        blocks = _pow2_ceil(rem)
        window = slots[full * stride: full * stride + LANES * blocks * per_lane]
        views.append((full * GROUP_BLOCKS, full * GROUP_BLOCKS + blocks,
                      window.reshape(1, LANES, blocks, per_lane).transpose(0, 2, 1, 3)))
    return views


def _padded_block_count(nblocks: int) -> int:
    """Blocks including the all-padding one that rounds a last group of 3 up to 4."""
    full, rem = divmod(nblocks, GROUP_BLOCKS)
    return full * GROUP_BLOCKS + _pow2_ceil(rem)


def scatter(stored: np.ndarray, slots: np.ndarray, storage: ComponentType, layout: MatrixLayout) -> None:
    """Write (rows, cols) storage elements into the slots of every fragment copy (padding gets zeros).

    One copy of the matrix is made (into block order); each copy's groups are assigned straight
    into `slots` through transposed views.
    """
    rows, cols = stored.shape
    if storage == ComponentType.F32:
        pitch = _f32_row_pitch(cols)
        if rows > 1:
            slots[: (rows - 1) * pitch].reshape(rows - 1, pitch)[:, :cols] = stored[:-1]
        slots[(rows - 1) * pitch: (rows - 1) * pitch + cols] = stored[-1]
        return
    element_bytes = stored.dtype.itemsize
    brows, bcols, width = _grid(rows, cols, element_bytes)
    padded = stored
    if (brows * BLOCK_ROWS, bcols * width) != (rows, cols):
        padded = np.zeros((brows * BLOCK_ROWS, bcols * width), stored.dtype)
        padded[:rows, :cols] = stored
    nblocks = brows * bcols
    blocks = np.zeros((_padded_block_count(nblocks), BLOCK_ROWS, width), stored.dtype)
    blocks[:nblocks].reshape(brows, bcols, BLOCK_ROWS, width)[...] = \
        padded.reshape(brows, BLOCK_ROWS, bcols, width).transpose(0, 2, 1, 3)
    per_lane = UNIT_BYTES // element_bytes
    copy_slots = _copy_bytes(nblocks, layout) // element_bytes
    for index, pairs_swapped in enumerate(_copies(storage, layout)):
        units = _units(blocks, pairs_swapped)
        copy = slots[index * copy_slots: (index + 1) * copy_slots]
        for first, end, view in _group_views(copy, nblocks, per_lane, element_bytes, layout):
            view[...] = units[first:end].reshape(view.shape)


def gather(slots: np.ndarray, storage: ComponentType, layout: MatrixLayout, rows: int, cols: int) -> np.ndarray:
    """Read (rows, cols) storage elements. int8 MulOptimal is read from its second copy, as the
    slot table's gather ends up doing (it assigns both copies in slot order; the later one stays)."""
    if storage == ComponentType.F32:
        pitch = _f32_row_pitch(cols)
        out = np.empty((rows, cols), slots.dtype)
        if rows > 1:
            out[:-1] = slots[: (rows - 1) * pitch].reshape(rows - 1, pitch)[:, :cols]
        out[-1] = slots[(rows - 1) * pitch: (rows - 1) * pitch + cols]
        return out
    element_bytes = slots.dtype.itemsize
    brows, bcols, width = _grid(rows, cols, element_bytes)
    nblocks = brows * bcols
    per_lane = UNIT_BYTES // element_bytes
    copies = _copies(storage, layout)
    copy_slots = _copy_bytes(nblocks, layout) // element_bytes
    last = slots[(len(copies) - 1) * copy_slots: len(copies) * copy_slots]
    units = np.empty((_padded_block_count(nblocks), LANES, per_lane), slots.dtype)
    for first, end, view in _group_views(last, nblocks, per_lane, element_bytes, layout):
        units[first:end].reshape(view.shape)[...] = view
    blocks = _blocks(units[:nblocks], width, copies[-1])
    padded = np.empty((brows * BLOCK_ROWS, bcols * width), slots.dtype)
    padded.reshape(brows, BLOCK_ROWS, bcols, width)[...] = \
        blocks.reshape(brows, bcols, BLOCK_ROWS, width).transpose(0, 2, 1, 3)
    if (brows * BLOCK_ROWS, bcols * width) == (rows, cols):
        return padded
    return np.ascontiguousarray(padded[:rows, :cols])
