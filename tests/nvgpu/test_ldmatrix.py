"""nvgpu.ldmatrix against a per-lane reading of the PTX text, and its rules."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.gpu import (
    BufferMemory,
    GroupMemoryBarrierWithGroupSync,
    GroupSharedMemory,
    TypedView,
    if_,
    standalone_lanes,
)
from dxlinalg.nvgpu import ldmatrix

ROWS, COLS = 40, 24            # a 40 x 24 tile of 16-bit elements (48-byte rows)


def filled_memory(ctx, rng: np.random.Generator, dtype: np.dtype) -> tuple[TypedView, np.ndarray]:
    """A (ROWS, COLS * 2 / itemsize) memref of `dtype` over groupshared memory, written by lane 0 of
    each group, then a barrier; returns the view and each group's bytes."""
    cols = COLS * 2 // np.dtype(dtype).itemsize
    memory = GroupSharedMemory(ctx, ROWS * COLS * 2, name="smem")
    data = rng.integers(0, 256, (ctx.groups, ROWS * COLS * 2), dtype=np.uint8)
    first = np.zeros(ctx.lanes, bool)
    first[ctx.group_starts] = True
    with if_(first):
        memory.store(np.zeros(ctx.lanes, np.int64), data[ctx.group_of_lane])
    GroupMemoryBarrierWithGroupSync()
    return TypedView(memory, dtype, (ROWS, cols), name="smem"), data


def expected(data: np.ndarray, ctx, rows: np.ndarray, cols: np.ndarray, dtype: np.dtype, transpose: bool,
             tiles: int) -> np.ndarray:
    """Lane by lane: tile q's row r is the 16 bytes at the address lane 8q + r of the warp supplied."""
    itemsize = np.dtype(dtype).itemsize
    out = np.zeros((ctx.lanes, tiles, 4 // itemsize), dtype)
    for lane in range(ctx.lanes):
        group = data[ctx.group_of_lane[lane]]
        for q in range(tiles):
            suppliers = lane - lane % 32 + 8 * q + np.arange(8)          # rows 0-7 of tile q
            starts = rows[suppliers] * COLS * 2 + cols[suppliers] * itemsize
            tile = np.stack([group[s: s + 16] for s in starts])           # (8 rows, 16 bytes)
            l = lane % 32
            if transpose:
                pair = [tile[2 * (l % 4) + j, 2 * (l // 4): 2 * (l // 4) + 2] for j in range(2)]
                out[lane, q] = np.concatenate(pair).view(dtype)
            else:
                out[lane, q] = tile[l // 4, 4 * (l % 4): 4 * (l % 4) + 4].view(dtype)
    return out


@settings(max_examples=30, deadline=None)
@given(dtype=st.sampled_from([np.float16, ml_dtypes.bfloat16, np.int16, np.uint8, np.int8, np.float32, np.uint32]),
       transpose=st.booleans(), tiles=st.sampled_from([1, 2, 4]), warps=st.integers(1, 3),
       seed=st.integers(0, 2**32 - 1))
def test_ldmatrix_equals_the_per_lane_reading(dtype, transpose, tiles, warps, seed):
    dtype = np.dtype(dtype)
    transpose = transpose and dtype.itemsize == 2
    rng = np.random.default_rng(seed)
    with standalone_lanes(32 * warps) as ctx:
        view, data = filled_memory(ctx, rng, dtype)
        per_row = 16 // dtype.itemsize
        rows = rng.integers(0, ROWS, ctx.lanes)
        cols = rng.integers(0, view.shape[1] // per_row, ctx.lanes) * per_row
        unused = np.arange(ctx.lanes) % 32 >= 8 * tiles
        rows[unused] = 10**6                      # lanes that supply no address may hold anything
        got = ldmatrix(view, (rows, cols), transpose, tiles)
    assert got.dtype == dtype and got.shape == (32 * warps, tiles, 4 // dtype.itemsize)
    want = expected(data, ctx, rows, cols, dtype, transpose, tiles)
    assert np.array_equal(got.view(np.uint8), want.view(np.uint8))


def test_four_tiles_of_a_row_major_16_by_16_block_are_the_m16n8k16_a_fragment():
    """The usual use: ldmatrix.x4 of a 16 x 16 f16 block (lanes 0-15 rows 0-15 at column 0, lanes
    16-31 the same rows at column 8) gives each lane its mma.sync A registers."""
    from dxlinalg.nvgpu.fragments import a_m16n8k16_b16
    block = np.arange(256, dtype=np.float16).reshape(16, 16)
    with standalone_lanes(32) as ctx:
        memory = GroupSharedMemory(ctx, 512)
        view = TypedView(memory, np.float16, (16, 16))
        with if_(np.arange(32) == 0):
            memory.store(np.zeros(32, np.int64), np.broadcast_to(block.view(np.uint8).reshape(1, -1), (32, 512)))
        GroupMemoryBarrierWithGroupSync()
        lane = np.arange(32)
        fragment = ldmatrix(view, (lane % 16, 8 * (lane // 16)), False, 4)
    for l in range(32):
        for i in range(8):
            assert fragment[l, i // 2, i % 2] == block[a_m16n8k16_b16(l, i)]


def test_rules_of_the_op_are_checked():
    with standalone_lanes(32) as ctx:
        memory = GroupSharedMemory(ctx, 1024)
        memory.fill(0, 1024)
        zeros = np.zeros(32, np.int64)
        with pytest.raises(InvalidArgumentError, match="works for 32b or lower"):
            ldmatrix(TypedView(memory, np.float64, (64, 2)), (zeros, zeros), False, 1)
        with pytest.raises(InvalidArgumentError, match="transpose works only at 16b granularity"):
            ldmatrix(TypedView(memory, np.int8, (64, 16)), (zeros, zeros), True, 1)
        with pytest.raises(InvalidArgumentError, match="numTiles must be 1, 2 or 4"):
            ldmatrix(TypedView(memory, np.float16, (64, 8)), (zeros, zeros), False, 3)
        with pytest.raises(InvalidArgumentError, match="IntegerAttr\\(3\\) or gpu::AddressSpaceAttr\\(Workgroup\\)"):
            ldmatrix(TypedView(BufferMemory(np.zeros(1024, np.uint8)), np.float16, (64, 8)), (zeros, zeros), False, 1)
        with pytest.raises(InvalidArgumentError, match="unit stride"):
            ldmatrix(TypedView(memory, np.float16, (8, 8), strides=(1, 8)), (zeros, zeros), False, 1)


def test_misaligned_rows_are_reported_or_aligned_down():
    for strict in (True, False):
        with standalone_lanes(32, strict=strict) as ctx:
            memory = GroupSharedMemory(ctx, 1024)
            memory.fill(0, 1024, 7)
            view = TypedView(memory, np.float16, (64, 8 + 1), strides=(9, 1))   # 18-byte rows
            lane = np.arange(32)
            if strict:
                with pytest.raises(UndefinedBehaviorError, match="not 16-byte aligned"):
                    ldmatrix(view, (lane % 8, np.zeros(32, np.int64)), False, 1)
            else:
                assert (ldmatrix(view, (lane % 8, np.zeros(32, np.int64)), False, 1).view(np.uint8) == 7).all()


def test_reading_rows_another_thread_wrote_without_a_barrier_is_a_race():
    with standalone_lanes(64) as ctx:
        memory = GroupSharedMemory(ctx, 256, name="smem")
        view = TypedView(memory, np.float16, (16, 8), name="smem")
        lane = np.arange(64)
        with if_(lane >= 48):
            view.store((lane % 16, 0), np.zeros((64, 8), np.float16))     # warp 1 writes, no barrier
        with if_(lane < 32):
            with pytest.raises(UndefinedBehaviorError, match="read-after-write"):
                ldmatrix(view, (lane % 16, 0), False, 2)


def test_a_warp_with_some_lanes_active_is_reported():
    with standalone_lanes(32) as ctx:
        memory = GroupSharedMemory(ctx, 256)
        memory.fill(0, 256)
        with if_(np.arange(32) < 16):
            with pytest.raises(UndefinedBehaviorError, match="16 of the 32 lanes of warp 0"):
                ldmatrix(TypedView(memory, np.float16, (16, 8)), (np.arange(32) % 16, 0), False, 1)


def test_memory_of_another_run_and_calls_outside_a_run_are_rejected():
    with standalone_lanes(32) as first:
        view = TypedView(GroupSharedMemory(first, 256), np.float16, (16, 8))
    with standalone_lanes(32):
        with pytest.raises(InvalidArgumentError, match="groupshared memory of another run of lanes"):
            ldmatrix(view, (np.arange(32) % 16, 0), False, 1)
    with pytest.raises(InvalidArgumentError, match="needs running lanes"):
        ldmatrix(view, (np.arange(32) % 16, 0), False, 1)


def test_rows_two_warps_read_are_read_by_several_threads():
    """Both warps read the same rows (the race tracker keeps one record per row for them): a write by a
    thread of either warp before a barrier races with the other warp's reads, and after one it does not."""
    with standalone_lanes(64) as ctx:
        memory = GroupSharedMemory(ctx, 256, name="smem")
        memory.fill(0, 256)
        view = TypedView(memory, np.float16, (16, 8), name="smem")
        lane = np.arange(64)
        ldmatrix(view, (lane % 16, 0), False, 2)
        with if_(lane == 0), pytest.raises(UndefinedBehaviorError, match="write-after-read.*several threads"):
            view.store((lane % 16, 0), np.zeros((64, 8), np.float16))
        GroupMemoryBarrierWithGroupSync()
        with if_(lane == 0):
            view.store((lane % 16, 0), np.zeros((64, 8), np.float16))
        GroupMemoryBarrierWithGroupSync()
        ldmatrix(view, (lane % 16, 0), False, 2)
        with if_(lane == 40), pytest.raises(UndefinedBehaviorError, match="write-after-read.*several threads"):
            view.store((lane % 16, 0), np.zeros((64, 8), np.float16))
