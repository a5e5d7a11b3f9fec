"""The tie between cooperative vectors and mma.sync on nvidia-h100: MUL_OPTIMAL bytes are B registers.

docs/nvidia-h100-layout.md: NVIDIA's MulOptimal layout is the register image of mma.sync B
fragments, each lane's registers one 16-byte load. So a matvec can be computed as a shader on an
H100 would: lanes load their 16 bytes of each group of blocks as B registers, the lanes' input
vectors are A (16 lanes per m16 tile), and mma.sync sums over K. It must give what the
cooperative-vector `matvecmul` gives on the same profile, bit for bit.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg import dxil
from dxlinalg.gpu import BufferMemory, TypedView, standalone_lanes
from dxlinalg.numerics.component_types import ComponentType, MatrixLayout
from dxlinalg.nvgpu import mma_sync
from dxlinalg.nvgpu.fragments import positions
from dxlinalg.nvgpu.mma_shapes import find_shape
from dxlinalg.profile.matrix_storage import (
    MatrixDescription,
    encode_matrix,
    stored_size,
)
from dxlinalg.profile.registry import load_profile

PROFILE = load_profile("nvidia-h100")
LANES = 32
GROUP_BYTES, BLOCKS_PER_GROUP = 512, 4


def mul_optimal(matrix: np.ndarray, component_type: ComponentType) -> np.ndarray:
    desc = MatrixDescription(matrix.shape[0], matrix.shape[1], component_type, MatrixLayout.MulOptimal)
    buffer = np.zeros(stored_size(desc, PROFILE), np.uint8)
    encode_matrix(matrix, buffer, desc, PROFILE)
    return buffer


def b_registers(buffer: np.ndarray, n_tiles: int, block_columns: int, dtype: np.dtype) -> np.ndarray:
    """(n tiles, lanes, blocks per row, 4 bytes as dtype): each lane's register of every block, from
    one 16-byte load per lane and group of 4 blocks (blocks numbered row-major, groups back to back)."""
    groups = n_tiles * block_columns // BLOCKS_PER_GROUP
    with standalone_lanes(LANES, profile=PROFILE):
        view = TypedView(BufferMemory(buffer), np.uint8, (buffer.size,))
        loads = [view.load(GROUP_BYTES * group + 16 * np.arange(LANES), count=16) for group in range(groups)]
    words = np.stack(loads).reshape(groups, LANES, BLOCKS_PER_GROUP, 4)        # register j: block 4 * group + j
    blocks = words.transpose(0, 2, 1, 3).reshape(n_tiles, block_columns, LANES, 4)
    return np.ascontiguousarray(blocks.transpose(0, 2, 1, 3)).view(dtype)


def a_fragments(x: np.ndarray, shape) -> np.ndarray:
    """(k steps, 2 m16 tiles, lanes, *A vector): rows of A are the lanes' vectors, 16 per tile."""
    rows, cols = positions(shape.a.map, shape.a.elements)
    steps = x.shape[1] // shape.k
    tiles = x.reshape(2, 16, steps, shape.k).transpose(2, 0, 1, 3)               # (step, tile, row, k)
    return tiles[:, :, rows, cols].reshape(steps, 2, LANES, *shape.a.vector)


def mma_matvec(x: np.ndarray, buffer: np.ndarray, m: int, operand: np.dtype, accumulator: np.dtype,
               mma_shape: list[int], operand_type: str) -> np.ndarray:
    """(lanes, m) y = W x for each lane's x, through mma.sync: K in steps of k, N in tiles of 8."""
    shape = find_shape(mma_shape, operand_type, False, "test")
    per_block = 16 // operand.itemsize                                  # a block row is 16 bytes of k
    registers = b_registers(buffer, m // 8, x.shape[1] // per_block, operand)       # (n tile, lane, block, elems)
    a = a_fragments(x.astype(operand), shape)
    blocks_per_step = shape.b.vector[0]
    y = np.zeros((LANES, m), accumulator)
    c_rows, c_cols = positions(shape.c.map, shape.c.elements)
    for n_tile in range(m // 8):
        for m_tile in range(2):
            d = np.zeros((LANES, *shape.c.vector), accumulator)
            for step in range(a.shape[0]):
                b = registers[n_tile, :, step * blocks_per_step: (step + 1) * blocks_per_step]
                d = mma_sync(a[step, m_tile], b, d, mma_shape, profile=PROFILE)
            tile = np.zeros((16, 8), accumulator)
            tile[c_rows, c_cols] = d.reshape(LANES, -1)
            y[16 * m_tile: 16 * m_tile + 16, 8 * n_tile: 8 * n_tile + 8] = tile
    return y


@settings(max_examples=10, deadline=None)
@given(m_tiles=st.integers(1, 3), k_steps=st.integers(1, 3), seed=st.integers(0, 2**32 - 1))
def test_int8_matvec_through_mma_sync_equals_matvecmul(m_tiles, k_steps, seed):
    rng = np.random.default_rng(seed)
    m, k = 8 * m_tiles, 64 * k_steps
    matrix = rng.integers(-128, 128, (m, k)).astype(np.int8)
    x = rng.integers(-128, 128, (LANES, k)).astype(np.int32)
    buffer = mul_optimal(matrix, ComponentType.I8)
    want = dxil.matvecmul(x, False, ComponentType.I8, buffer, 0, ComponentType.I8, m, k, MatrixLayout.MulOptimal,
                          False, 0, False, result_type=np.int32, profile=PROFILE)
    got = mma_matvec(x, buffer, m, np.dtype(np.int8), np.dtype(np.int32), [16, 8, 32], "s8")
    assert np.array_equal(got, want)
    assert np.array_equal(got, x.astype(np.int64) @ matrix.T.astype(np.int64))


def fp16_case(seed: int, m: int = 16, k: int = 64) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    matrix = rng.standard_normal((m, k)).astype(np.float16)
    x = rng.standard_normal((LANES, k)).astype(np.float16)
    buffer = mul_optimal(matrix, ComponentType.F16)
    want = dxil.matvecmul(x, False, ComponentType.F16, buffer, 0, ComponentType.F16, m, k, MatrixLayout.MulOptimal,
                          False, 0, False, result_type=np.float16, profile=PROFILE)
    got = mma_matvec(x, buffer, m, np.dtype(np.float16), np.dtype(np.float16), [16, 8, 16], "f16")
    return got, want


def test_fp16_matvec_through_mma_sync_equals_matvecmul_where_no_sum_rounds():
    """Small integers: every partial sum is exact in both models, so the bits must agree."""
    rng = np.random.default_rng(3)
    m, k = 16, 64
    matrix = rng.integers(-8, 9, (m, k)).astype(np.float16)
    x = rng.integers(-8, 9, (LANES, k)).astype(np.float16)
    buffer = mul_optimal(matrix, ComponentType.F16)
    want = dxil.matvecmul(x, False, ComponentType.F16, buffer, 0, ComponentType.F16, m, k, MatrixLayout.MulOptimal,
                          False, 0, False, result_type=np.float16, profile=PROFILE)
    got = mma_matvec(x, buffer, m, np.dtype(np.float16), np.dtype(np.float32), [16, 8, 16], "f16").astype(np.float16)
    assert np.array_equal(got.view(np.uint16), want.view(np.uint16))


@pytest.mark.parametrize("seed", range(4))
def test_fp16_matvec_through_mma_sync_equals_matvecmul_bit_for_bit(seed):
    """The H100 sums a cooperative-vector matrix-vector product in chunks of 16 k into an FP16
    accumulator (docs/hardware-nvidia-h100-spirv.md), which is what chained m16n8k16 mma.sync steps
    with an f16 accumulator do (docs/hardware-nvidia-h100-nvgpu.md): one tensor-core model, the same bits."""
    got, want = fp16_case(seed=seed)
    assert np.array_equal(got.view(np.uint16), want.view(np.uint16))
