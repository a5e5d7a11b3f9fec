"""`nvgpu.ldmatrix`: a warp loads up to four 8 x 8 tiles of 16-bit words from workgroup memory.

PTX `ldmatrix.sync.aligned.m8n8.x{1,2,4}{.trans}.shared.b16` (9.7.14.5.15, figure "ldmatrix
fragment layout"): every lane evaluates the memref indices to one address; lanes 8q .. 8q + 7
supply the 8 row addresses of tile q (only those of the tiles loaded are read), each row 16
contiguous bytes, 16-byte aligned. Lane L then holds, of each tile q (result row q), the 32-bit
word at bytes 4 * (L % 4) of row L / 4 (`ldmatrix_word`); with `.trans` (16-bit elements only)
the elements (row 2 * (L % 4) + j, column L / 4), j = 0, 1 (`ldmatrix_transposed`). 8- and 32-bit
elements move the same bytes (nvgpu lowers them to the b16 instruction).
"""

from __future__ import annotations

from functools import cache

import numpy as np

from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.gpu.context import require_context
from dxlinalg.gpu.groupshared import GroupSharedMemory
from dxlinalg.gpu.typed_view import TypedView
from dxlinalg.linalg.fast.word_permutation import WordPermutation
from dxlinalg.nvgpu.fragments import Index
from dxlinalg.nvgpu.op_types import verify_ldmatrix_call
from dxlinalg.nvgpu.types import plain
from dxlinalg.nvgpu.warps import WARP_SIZE, active_warps

ROW_BYTES = 16
TILE_ROWS = 8


def ldmatrix_word(lane: Index, word: Index = 0) -> tuple[Index, Index]:
    """Untransposed: (tile row, 32-bit word of the row) lane `lane` receives of every tile."""
    return lane >> 2, (lane & 3) + 0 * word


def ldmatrix_transposed(lane: Index, element: Index) -> tuple[Index, Index]:
    """.trans: (tile row, column) of 16-bit element `element` (0, 1) of lane `lane`."""
    return 2 * (lane & 3) + element, lane >> 2


def address_lane(tile: Index, row: Index) -> Index:
    """The lane whose address is row `row` of tile `tile`."""
    return TILE_ROWS * tile + row


def ldmatrix(srcMemref: TypedView, indices: object, transpose: bool, numTiles: int) -> np.ndarray:  # noqa: N803
    """`nvgpu.ldmatrix %src[indices] {numTiles, transpose}`: (lanes, numTiles, 32 / bits) of the memref's
    dtype; lanes of inactive warps hold 0."""
    op = "nvgpu.ldmatrix"
    transpose, numTiles = plain(transpose), plain(numTiles)  # noqa: N806
    verify_ldmatrix_call(srcMemref, indices, transpose, numTiles)
    ctx = require_context(op)
    memory = _workgroup_memory(srcMemref, ctx, op)
    dtype = srcMemref.dtype
    if numTiles not in (1, 2, 4):
        raise InvalidArgumentError(f"{op}: numTiles must be 1, 2 or 4 (ldmatrix .x1, .x2, .x4), got {numTiles!r}")
    warps = active_warps(ctx, op)
    lane_in_warp = np.arange(ctx.lanes) % WARP_SIZE
    supplying = np.repeat(warps, WARP_SIZE) & (lane_in_warp < TILE_ROWS * numTiles)
    ctx.push_mask(ctx.active & supplying)
    try:
        offsets = srcMemref.byte_offsets(indices, op, ROW_BYTES // dtype.itemsize)
        offsets = _aligned_rows(ctx, memory, offsets, op)
        rows = memory.load(np.uint32, offsets, ROW_BYTES // 4, what=op).view(np.uint8)   # (lanes, 16)
    finally:
        ctx.pop_mask()
    supplied = rows.reshape(-1, WARP_SIZE * ROW_BYTES)[:, :TILE_ROWS * numTiles * ROW_BYTES]   # (W, rows' bytes)
    unit = np.uint16 if transpose else np.uint8
    registers = _register_order(numTiles, transpose).apply(np.ascontiguousarray(supplied).view(unit))
    return registers.view(np.uint8).view(dtype).reshape(ctx.lanes, numTiles, 4 // dtype.itemsize)


@cache
def _register_order(tiles: int, transpose: bool) -> WordPermutation:
    """Where each unit of a warp's supplied rows (8 * tiles rows of 16 bytes, by supplying lane; units of
    16 bits with .trans, else bytes) goes in its lanes' registers (lane, tile, unit), by `ldmatrix_word`
    or `ldmatrix_transposed`."""
    lane, tile = np.arange(WARP_SIZE)[:, None, None], np.arange(tiles)[None, :, None]
    if transpose:
        element = np.arange(2)[None, None, :]
        row, column = ldmatrix_transposed(lane, element)
        source = (TILE_ROWS * tile + row) * (ROW_BYTES // 2) + column
    else:
        byte = np.arange(4)[None, None, :]
        row, word = ldmatrix_word(lane)
        source = (TILE_ROWS * tile + row) * ROW_BYTES + 4 * word + byte
    positions = np.empty(source.size, np.int64)
    positions[np.broadcast_to(source, (WARP_SIZE, tiles, source.shape[2])).reshape(-1)] = np.arange(source.size)
    return WordPermutation(positions)


def _workgroup_memory(memref: TypedView, ctx: object, op: str) -> GroupSharedMemory:
    """The source's groupshared memory (the verifier has checked it is a memref in memory space 3), which
    must be this run's."""
    memory = memref.memory
    assert isinstance(memory, GroupSharedMemory)
    if memory.ctx is not ctx:
        raise InvalidArgumentError(f"{op}: {memref.name!r} is the groupshared memory of another run of lanes")
    return memory


def _aligned_rows(ctx: object, memory: GroupSharedMemory, offsets: np.ndarray, op: str) -> np.ndarray:
    """Row addresses must be 16-byte aligned (PTX ldmatrix); permissive mode drops the low bits."""
    misaligned = ctx.active & (offsets % ROW_BYTES != 0)  # type: ignore[attr-defined]
    if misaligned.any():
        if ctx.strict:  # type: ignore[attr-defined]
            lane = int(np.flatnonzero(misaligned)[0])
            raise UndefinedBehaviorError(
                f"{op}: the row address of {ctx.thread_name(lane)} ({memory.describe(int(offsets[lane]))}) "  # type: ignore[attr-defined]
                f"is not 16-byte aligned (PTX ldmatrix: each row is 16 aligned bytes)")
        offsets = offsets - offsets % ROW_BYTES
    return offsets
