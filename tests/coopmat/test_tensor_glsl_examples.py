"""The worked examples of the GL_NV_cooperative_matrix2 extension text, as equivalence tests.

Each example replaces a plain load (or says what it computes); the test checks the tensor-addressed
load gives exactly that. The text's examples call `setTensorLayoutDimensions`, a slip for
setTensorLayoutDimensionNV. Sizes are ours.
"""

from __future__ import annotations

import numpy as np

from dxlinalg.coopmat import (
    createTensorLayoutNV,
    createTensorViewNV,
    load_tensor,
    setTensorLayoutBlockSizeNV,
    setTensorLayoutDimensionNV,
    setTensorViewDimensionsNV,
    sliceTensorLayoutNV,
    store_tensor,
)

RNG = np.random.default_rng(2024)


def as_bytes(array: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(array).reshape(-1).view(np.uint8)


def test_row_major_load_replaces_coopmat_load_with_stride_num_cols() -> None:
    num_rows, num_cols, m, n, row, col, element_offset = 40, 24, 16, 8, 11, 13, 24
    memory = RNG.standard_normal(element_offset + num_rows * num_cols).astype(np.float16)
    a = memory[element_offset:].reshape(num_rows, num_cols)
    t = createTensorLayoutNV(2)
    t = setTensorLayoutDimensionNV(t, num_rows, num_cols)
    t = sliceTensorLayoutNV(t, row, m, col, n)
    mat = load_tensor(as_bytes(memory), (m, n), t, np.float16, pointer_offset=element_offset * 2)
    assert np.array_equal(mat, a[row:row + m, col:col + n])


def test_column_major_load_swaps_dimensions_with_a_permuting_view() -> None:
    num_rows, num_cols, m, n, row, col = 20, 30, 8, 16, 5, 9
    a = RNG.standard_normal((num_rows, num_cols)).astype(np.float16)
    column_major = a.T.copy()                       # element (r, c) at c * NumRows + r
    t = createTensorLayoutNV(2)
    t = setTensorLayoutDimensionNV(t, num_cols, num_rows)        # columns are the outermost dimension
    t = sliceTensorLayoutNV(t, col, n, row, m)
    mat = load_tensor(as_bytes(column_major), (m, n), t, np.float16, view=createTensorViewNV(2, False, 1, 0))
    assert np.array_equal(mat, a[row:row + m, col:col + n])


def test_8x8_patch_of_32_channels_loads_a_64_by_32_matrix() -> None:
    num_rows, num_cols, row, col = 12, 14, 3, 5
    hwc = RNG.standard_normal((num_rows, num_cols, 32)).astype(np.float16)
    t = createTensorLayoutNV(3)
    t = setTensorLayoutDimensionNV(t, num_rows, num_cols, 32)
    t = sliceTensorLayoutNV(t, row, 8, col, 8, 0, 32)
    mat = load_tensor(as_bytes(hwc), (64, 32), t, np.float16)
    assert np.array_equal(mat, hwc[row:row + 8, col:col + 8].reshape(64, 32))


def test_space_to_depth_loads_h2_w2_by_4c() -> None:
    height, width, channels = 8, 6, 3
    hwc = RNG.standard_normal((height, width, channels)).astype(np.float16)
    t = setTensorLayoutDimensionNV(createTensorLayoutNV(3), height, width, channels)
    v = createTensorViewNV(5, True, 0, 2, 1, 3, 4)
    v = setTensorViewDimensionsNV(v, height // 2, 2, width // 2, 2, channels)
    mat = load_tensor(as_bytes(hwc), (height // 2 * width // 2, 4 * channels), t, np.float16, view=v)
    expected = hwc.reshape(height // 2, 2, width // 2, 2, channels).transpose(0, 2, 1, 3, 4)
    assert np.array_equal(mat, expected.reshape(height // 2 * width // 2, 4 * channels))


def test_block_quantized_load_decodes_each_element_from_its_block() -> None:
    """Issue (4): blocks of BlockRows x BlockCols 4-bit values with an fp16 scale, decoded to float16."""
    block_rows, block_cols, num_rows, num_cols, m, n, row, col = 2, 4, 8, 16, 4, 8, 2, 4
    codes = RNG.integers(0, 16, (num_rows, num_cols))
    scales = RNG.uniform(0.5, 2, (num_rows // block_rows, num_cols // block_cols)).astype(np.float16)
    struct = np.dtype([("scale", "<f2"), ("q", "u1", (block_rows * block_cols // 2,))])    # 6 bytes
    blocks = np.zeros(scales.size, struct)
    blocks["scale"] = scales.reshape(-1)
    by_block = codes.reshape(num_rows // 2, 2, num_cols // 4, 4).transpose(0, 2, 1, 3).reshape(-1, 8)
    blocks["q"] = by_block[:, 0::2] | (by_block[:, 1::2] << 4)

    def my_decode_func(s, block_coord, coord_in_block):
        raw = s.raw()
        scale = np.ascontiguousarray(raw[:, :2]).view(np.float16)[:, 0]
        position = coord_in_block[:, 0] * block_cols + coord_in_block[:, 1]
        byte = raw[np.arange(len(raw)), 2 + position // 2]
        nibble = (byte >> (4 * (position % 2))) & 0xF
        return (scale.astype(np.float32) * (nibble.astype(np.float32) - 8)).astype(np.float16)

    t = createTensorLayoutNV(2)
    t = setTensorLayoutBlockSizeNV(t, block_rows, block_cols)
    t = setTensorLayoutDimensionNV(t, num_rows, num_cols)
    t = sliceTensorLayoutNV(t, row, m, col, n)
    mat = load_tensor(as_bytes(blocks.view(np.uint8)), (m, n), t, np.float16, decode=my_decode_func,
                      block_bytes=struct.itemsize)
    dense = (np.repeat(np.repeat(scales, block_rows, 0), block_cols, 1).astype(np.float32) * (codes - 8))
    assert np.array_equal(mat, dense.astype(np.float16)[row:row + m, col:col + n])


def test_row_major_store_writes_the_slice_and_nothing_else() -> None:
    num_rows, num_cols, m, n, row, col = 10, 12, 4, 8, 3, 2
    out = np.zeros((num_rows, num_cols), np.int32)
    mat = RNG.integers(1, 100, (m, n)).astype(np.int32)
    t = sliceTensorLayoutNV(setTensorLayoutDimensionNV(createTensorLayoutNV(2), num_rows, num_cols), row, m, col, n)
    store_tensor(as_bytes(out), mat, t)
    expected = np.zeros_like(out)
    expected[row:row + m, col:col + n] = mat
    assert np.array_equal(out, expected)
