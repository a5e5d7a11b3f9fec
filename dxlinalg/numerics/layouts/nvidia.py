"""NVIDIA's byte layout of MulOptimal / OuterProductOptimal matrices (H100, Vulkan driver 580.159).

Found from the bytes the real driver wrote (tests/data/nvidia_h100, docs/nvidia-h100-layout.md).
The layout is the register image of PTX ``mma.sync`` B fragments, so that each of a warp's 32
lanes fetches its operands with one 16-byte load. The rule, in plain words:

* Block. The matrix is cut into blocks of 8 rows x 16 bytes: 8 x 8 for 2-byte elements (FP16,
  and FP8, which the driver stores widened to FP16), 8 x 16 for 1-byte elements (SINT8/UINT8).
  A block is 128 bytes: lane ``l = 4*g + t`` (g = l // 4 "groupID", t = l % 4 "threadID in
  group") holds the 4 bytes at block row g, namely
  FP16: columns 2t, 2t+1 (the m16n8k16 B fragment, one k8 half);
  int8: columns 4t .. 4t+3 (the m16n8k32 B fragment, one k16 half).
* Block order. Blocks are numbered row-major over the block grid (all blocks of block row 0
  left to right, then block row 1, ...), regardless of where a block row ends.
* Groups. Consecutive blocks are taken 4 at a time into a group; the last group has the
  remaining 1, 2 or 3 blocks, rounded up to a power of two (3 -> 4 with one all-padding block).
  Inside a group of k blocks the bytes are lane-major: lane l's 4*k bytes (its 16-byte load for
  k = 4) are its 4 bytes of block 0, block 1, ... So a 16 x 16 FP16 matrix (blocks b00 b01 b10 b11)
  gives lane l the pairs (g, 2t) (g, 2t+8) (g+8, 2t) (g+8, 2t+8).
* Group placement. MulOptimal: groups are packed back to back (512 bytes per full group).
  OuterProductOptimal: each group starts at a multiple of 1024 bytes, i.e. every full group is
  followed by 512 zero bytes, and the buffer ends right after the last group.
* int8 MulOptimal holds the matrix twice: the copy above, then (directly after it, same size,
  same blocks, groups and order) a second copy whose lane l holds block row g, columns
  2t, 2t+1, 2t+8, 2t+9 of each 16-column block -- the FP16-style (k16 pair) fragment applied to
  bytes. OuterProductOptimal int8 has the first copy only.
* Padding. Slots outside the matrix (partial blocks, the padding block of a 3-block group, the
  OuterProductOptimal gaps) are written as zero bytes (seen with destinations prefilled 0xA5).
* Size. With nb = ceil(rows/8) * ceil(cols/(16/element bytes)) blocks, full, rem = divmod(nb, 4)
  and p2(rem) = 0, 1, 2, 4 for rem = 0, 1, 2, 3:
  MulOptimal: copies * (512*full + 128*p2(rem)), copies = 2 for int8, 1 otherwise;
  OuterProductOptimal: 1024*full + 128*p2(rem) if rem else 1024*(full-1) + 512.
  Sizes are multiples of 128 bytes for these types.
* FP32 (not in the driver's list of matrix types, yet it converts): both optimal layouts are
  plain row-major with the row pitch rounded up to 16 bytes and no padding after the last row,
  (rows-1) * round_up(4*cols, 16) + 4*cols bytes -- not always a multiple of 16 (1 x 1 -> 4).
* FP8 under Vulkan enum 1000491002/3 is stored as the FP16 value, in the FP16 arrangement; that
  is the form used here. (Under the newer enum 1000567002/3 the driver keeps 1-byte FP8 in the
  int8 arrangement instead; which form a D3D12 driver uses is not known.)

The sizes are the driver's own (not rounded to 16 bytes); the D3D12 caller rounds.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

import numpy as np

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.component_types import (
    ComponentType, MatrixLayout, as_component_type, as_matrix_layout)

LANES = 32               # a warp; lane = 4*groupID + threadID_in_group
BLOCK_ROWS = 8           # rows of one block (the fragment's n = 8)
UNIT_BYTES = 4           # bytes one lane holds of one block (one 32-bit register)
BLOCK_BYTES = LANES * UNIT_BYTES    # 128
GROUP_BLOCKS = 4         # a lane's 16-byte load covers 4 blocks
GROUP_BYTES = GROUP_BLOCKS * BLOCK_BYTES  # 512
OUTER_PRODUCT_GROUP_STRIDE = 1024  # OuterProductOptimal places each group at a multiple of this
F32_ROW_ALIGN = 16       # FP32 rows are 16-byte aligned

_FP8 = (ComponentType.F8_E4M3, ComponentType.F8_E5M2)
_FRAGMENT_TYPES = frozenset({ComponentType.F16, ComponentType.I8, ComponentType.U8, *_FP8})
SUPPORTED_TYPES: frozenset[ComponentType] = _FRAGMENT_TYPES | {ComponentType.F32}

LaneMap = Callable[[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]


# --- fragment maps: (lane, element of the lane's 4 bytes) -> (row, col) inside one block -------

def lane_map_b16(lane: np.ndarray, e: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """2-byte elements, 8 x 8 block: one k8 half of the m16n8k16 B fragment (b0, b1)."""
    return lane // 4, 2 * (lane % 4) + e


def lane_map_b8(lane: np.ndarray, e: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """1-byte elements, 8 x 16 block: one k16 half of the m16n8k32 int8 B fragment (b0..b3)."""
    return lane // 4, 4 * (lane % 4) + e


def lane_map_b8_pairs(lane: np.ndarray, e: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """1-byte elements, 8 x 16 block, int8 MulOptimal second copy: the k16 FP16-style pairs."""
    return lane // 4, 2 * (lane % 4) + (e & 1) + 8 * (e >> 1)


# --- sizes ------------------------------------------------------------------------------------

def nvidia_storage_type(component_type: ComponentType) -> ComponentType:
    """The element type the driver stores: FP8 is widened to FP16 (observed for E4M3)."""
    ct = as_component_type(component_type, "component_type")
    return ComponentType.F16 if ct in _FP8 else ct


def _pow2_ceil(n: int) -> int:
    """0, 1, 2, 4 for a last group of 0, 1, 2, 3 blocks."""
    return 0 if n <= 0 else 1 << (n - 1).bit_length()


def _block_grid(rows: int, cols: int, element_bytes: int) -> tuple[int, int, int]:
    """(block rows, block columns, block width in elements) of the 8 x 16-byte block grid."""
    width = UNIT_BYTES * 4 // element_bytes
    return -(-rows // BLOCK_ROWS), -(-cols // width), width


def _copy_bytes(nblocks: int, layout: MatrixLayout) -> int:
    """Bytes of one fragment copy of `nblocks` blocks."""
    full, rem = divmod(nblocks, GROUP_BLOCKS)
    if layout == MatrixLayout.MulOptimal:
        return GROUP_BYTES * full + BLOCK_BYTES * _pow2_ceil(rem)
    if rem:
        return OUTER_PRODUCT_GROUP_STRIDE * full + BLOCK_BYTES * _pow2_ceil(rem)
    return OUTER_PRODUCT_GROUP_STRIDE * (full - 1) + GROUP_BYTES


def _copies(storage: ComponentType, layout: MatrixLayout) -> tuple[LaneMap, ...]:
    """The fragment copies the driver writes, in buffer order."""
    if storage == ComponentType.F16:
        return (lane_map_b16,)
    if layout == MatrixLayout.MulOptimal:
        return (lane_map_b8, lane_map_b8_pairs)
    return (lane_map_b8,)


def _element_bytes(storage: ComponentType) -> int:
    return {ComponentType.F16: 2, ComponentType.F32: 4}.get(storage, 1)


def _f32_row_pitch(cols: int) -> int:
    """FP32 row pitch in elements: the row rounded up to 16 bytes."""
    per = F32_ROW_ALIGN // 4
    return -(-cols // per) * per


def _validate(component_type: ComponentType | int, layout: MatrixLayout | int, rows: int,
              cols: int) -> tuple[ComponentType, MatrixLayout]:
    ct = as_component_type(component_type, "component_type")
    lay = as_matrix_layout(layout, "layout")
    if not lay.is_optimal:
        raise InvalidArgumentError(
            f"layout = {lay.name} ({int(lay)}) is not an optimal layout; the NVIDIA optimal format "
            f"exists for MulOptimal (2) and OuterProductOptimal (3) only")
    for name, value in (("rows", rows), ("cols", cols)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
            raise InvalidArgumentError(f"{name} = {value!r} must be an integer >= 1")
    if ct not in SUPPORTED_TYPES:
        raise InvalidArgumentError(
            f"component_type = {ct.name} ({int(ct)}) has no NVIDIA optimal layout; the driver has one "
            f"for {', '.join(t.name for t in sorted(SUPPORTED_TYPES))}")
    return ct, lay


def nvidia_optimal_size(component_type: ComponentType, layout: MatrixLayout, rows: int,
                        cols: int) -> int:
    """Destination bytes exactly as the Vulkan driver reports them (not rounded to 16)."""
    ct, lay = _validate(component_type, layout, rows, cols)
    return _size(nvidia_storage_type(ct), lay, int(rows), int(cols))


def _size(storage: ComponentType, layout: MatrixLayout, rows: int, cols: int) -> int:
    if storage == ComponentType.F32:
        return 4 * ((rows - 1) * _f32_row_pitch(cols) + cols)
    brows, bcols, _ = _block_grid(rows, cols, _element_bytes(storage))
    return len(_copies(storage, layout)) * _copy_bytes(brows * bcols, layout)


# --- slot tables ------------------------------------------------------------------------------

def _fragment_copy(rows: int, cols: int, element_bytes: int, layout: MatrixLayout,
                   lane_map: LaneMap) -> np.ndarray:
    """Slot table of one fragment copy: source index per storage element, -1 for padding."""
    brows, bcols, width = _block_grid(rows, cols, element_bytes)
    nblocks = brows * bcols
    per_unit = UNIT_BYTES // element_bytes
    full = nblocks // GROUP_BLOCKS
    last = _pow2_ceil(nblocks % GROUP_BLOCKS)
    stride = GROUP_BYTES if layout == MatrixLayout.MulOptimal else OUTER_PRODUCT_GROUP_STRIDE

    block = np.arange(nblocks)[:, None, None]
    lane = np.arange(LANES)[None, :, None]
    e = np.arange(per_unit)[None, None, :]
    group, pos = np.divmod(block, GROUP_BLOCKS)
    k = np.where(group < full, GROUP_BLOCKS, last)  # blocks in this block's group
    byte = group * stride + (lane * k + pos) * UNIT_BYTES + e * element_bytes
    r_in, c_in = lane_map(lane, e)
    r = (block // bcols) * BLOCK_ROWS + r_in
    c = (block % bcols) * width + c_in
    r, c, byte = np.broadcast_arrays(r, c, byte)
    inside = (r < rows) & (c < cols)

    table = np.full(_copy_bytes(nblocks, layout) // element_bytes, -1, np.int64)
    table[byte[inside] // element_bytes] = (r * cols + c)[inside]
    return table


@lru_cache(maxsize=512)
def _slot_table(storage: ComponentType, layout: MatrixLayout, rows: int, cols: int) -> np.ndarray:
    if storage == ComponentType.F32:
        pitch = _f32_row_pitch(cols)
        table = np.full((rows, pitch), -1, np.int64)
        table[:, :cols] = np.arange(rows * cols).reshape(rows, cols)
        table = table.reshape(-1)[: (rows - 1) * pitch + cols]
    else:
        eb = _element_bytes(storage)
        table = np.concatenate([_fragment_copy(rows, cols, eb, layout, m)
                                for m in _copies(storage, layout)])
    table.flags.writeable = False
    return table


def nvidia_slot_table(component_type: ComponentType, layout: MatrixLayout, rows: int,
                      cols: int) -> np.ndarray:
    """Read-only int64 per storage element: row-major source index r*cols+c, or -1 for padding.

    Length is nvidia_optimal_size(...) // storage element size. For int8 MulOptimal every source
    index appears twice (the driver stores two copies); otherwise exactly once.
    """
    ct, lay = _validate(component_type, layout, rows, cols)
    return _slot_table(nvidia_storage_type(ct), lay, int(rows), int(cols))
