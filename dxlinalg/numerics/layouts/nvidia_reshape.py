"""NVIDIA's optimal layout as reshapes and transposes: the bytes of `nvidia`'s slot tables, without them.

A slot table costs an int64 per slot, and the generic scatter keeps two more arrays of that size:
for a 4096 x 4096 FP16 matrix that is 384 MiB to place 32 MiB. The rule in `nvidia` is regular
enough to be a few axis permutations of the padded matrix instead:

* a block is 8 rows x 16 bytes, blocks are numbered row-major, and inside a block the FP16 and
  first int8 fragments hold the block's bytes in row-major order (lane l's 4 bytes are bytes
  4l .. 4l+3); the int8 MulOptimal second copy reads each block row, 16 bytes indexed as
  (half, pair, byte), in the order (pair, half, byte), so lane 4g+t gets columns 2t, 2t+1, 2t+8, 2t+9;
* groups of 4 consecutive blocks are stored lane-major: (block, lane) -> (lane, block), a lane's
  4 bytes moving as one uint32;
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


# A lane's 4 bytes of a block are moved as one uint32 word: a block is then 8 rows of 4 words,
# lane 4r+t holding word t of row r (the first fragment copy), and numpy moves 4-byte items
# instead of 1- or 2-byte ones (twice as fast for FP16).
WORDS_PER_ROW = BLOCK_BYTES_WIDE // UNIT_BYTES


def _lane_words(blocks: np.ndarray, pairs_swapped: bool) -> np.ndarray:
    """(blocks, 8 rows, 4 words) -> (blocks, lanes) words in fragment order.

    The int8 second copy gives lane 4g+t the byte pairs t and 4+t of row g (columns 2t, 2t+1,
    2t+8, 2t+9): the row's 8 pairs, indexed (half, t), are stored as (t, half).
    """
    count = blocks.shape[0]
    if not pairs_swapped:
        return blocks.reshape(count, LANES)
    pairs = blocks.view(np.uint16).reshape(count, BLOCK_ROWS, 2, 4).transpose(0, 1, 3, 2)
    return np.ascontiguousarray(pairs).view(np.uint32).reshape(count, LANES)


def _block_words(lanes: np.ndarray, pairs_swapped: bool) -> np.ndarray:
    """The inverse of `_lane_words`."""
    count = lanes.shape[0]
    if not pairs_swapped:
        return lanes.reshape(count, BLOCK_ROWS, WORDS_PER_ROW)
    pairs = lanes.view(np.uint16).reshape(count, BLOCK_ROWS, 4, 2).transpose(0, 1, 3, 2)
    return np.ascontiguousarray(pairs).view(np.uint32).reshape(count, BLOCK_ROWS, WORDS_PER_ROW)


def _group_views(words: np.ndarray, nblocks: int, layout: MatrixLayout) -> list[tuple[int, int, np.ndarray]]:
    """(first block, end block, view) for the groups of one fragment copy, over its uint32 words.

    Each view is shaped (groups, blocks per group, lanes) over `words` itself, so assigning to it
    writes the copy in place. The last group's range may run past `nblocks` into the all-padding
    block of a 3-block group.
    """
    full, rem = divmod(nblocks, GROUP_BLOCKS)
    stride = (GROUP_BYTES if layout == MatrixLayout.MulOptimal else OUTER_PRODUCT_GROUP_STRIDE) // UNIT_BYTES
    group = GROUP_BYTES // UNIT_BYTES
    views = []
    if full > 1:            # every full group but the last is followed by `stride - group` gap words
        window = words[: (full - 1) * stride].reshape(full - 1, stride)[:, :group]
        views.append((0, (full - 1) * GROUP_BLOCKS, window.reshape(full - 1, LANES, GROUP_BLOCKS).transpose(0, 2, 1)))
    if full:
        window = words[(full - 1) * stride: (full - 1) * stride + group]
        views.append(((full - 1) * GROUP_BLOCKS, full * GROUP_BLOCKS,
                      window.reshape(1, LANES, GROUP_BLOCKS).transpose(0, 2, 1)))
    if rem:
        blocks = _pow2_ceil(rem)
        window = words[full * stride: full * stride + LANES * blocks]
        views.append((full * GROUP_BLOCKS, full * GROUP_BLOCKS + blocks,
                      window.reshape(1, LANES, blocks).transpose(0, 2, 1)))
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
    padded = np.ascontiguousarray(stored)
    if (brows * BLOCK_ROWS, bcols * width) != (rows, cols):
        padded = np.zeros((brows * BLOCK_ROWS, bcols * width), stored.dtype)
        padded[:rows, :cols] = stored
    nblocks = brows * bcols
    blocks = np.zeros((_padded_block_count(nblocks), BLOCK_ROWS, WORDS_PER_ROW), np.uint32)
    blocks[:nblocks].reshape(brows, bcols, BLOCK_ROWS, WORDS_PER_ROW)[...] = \
        padded.view(np.uint32).reshape(brows, BLOCK_ROWS, bcols, WORDS_PER_ROW).transpose(0, 2, 1, 3)
    copy_words = _copy_bytes(nblocks, layout) // UNIT_BYTES
    words = slots.view(np.uint32)
    for index, pairs_swapped in enumerate(_copies(storage, layout)):
        lanes = _lane_words(blocks, pairs_swapped)
        for first, end, view in _group_views(words[index * copy_words: (index + 1) * copy_words], nblocks, layout):
            view[...] = lanes[first:end].reshape(view.shape)


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
    copies = _copies(storage, layout)
    copy_words = _copy_bytes(nblocks, layout) // UNIT_BYTES
    last = np.ascontiguousarray(slots).view(np.uint32)[(len(copies) - 1) * copy_words: len(copies) * copy_words]
    lanes = np.empty((_padded_block_count(nblocks), LANES), np.uint32)
    for first, end, view in _group_views(last, nblocks, layout):
        lanes[first:end].reshape(view.shape)[...] = view
    blocks = _block_words(lanes[:nblocks], copies[-1])
    padded = np.empty((brows * BLOCK_ROWS, bcols * width), slots.dtype)
    padded.view(np.uint32).reshape(brows, BLOCK_ROWS, bcols, WORDS_PER_ROW)[...] = \
        blocks.reshape(brows, bcols, BLOCK_ROWS, WORDS_PER_ROW).transpose(0, 2, 1, 3)
    if (brows * BLOCK_ROWS, bcols * width) == (rows, cols):
        return padded
    return np.ascontiguousarray(padded[:rows, :cols])
