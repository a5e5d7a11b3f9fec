"""The worked examples and statements of the GL_NV_cooperative_matrix2 extension text, as equivalence tests.

Each example says what it replaces or computes; the test checks the tensor-addressed access gives
exactly that, against an independent reading: GL_KHR_cooperative_matrix's strided coopMatLoad
(element (i, j) at Pointer[i * Stride + j] row-major, Pointer[j * Stride + i] column-major), numpy
reshapes, or the text's own formulas. The examples call `setTensorLayoutDimensions` and
`setTensorLayoutBlockSize`, slips for setTensorLayoutDimensionNV and setTensorLayoutBlockSizeNV.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.coopmat import (
    ClampMode,
    createTensorLayoutNV,
    createTensorViewNV,
    load_tensor,
    setTensorLayoutBlockSizeNV,
    setTensorLayoutClampValueNV,
    setTensorLayoutDimensionNV,
    setTensorViewDimensionsNV,
    sliceTensorLayoutNV,
    store_tensor,
)

RNG = np.random.default_rng(2024)
EXAMPLES = 60


def as_bytes(array: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(array).reshape(-1).view(np.uint8)


def khr_load(buf: np.ndarray, element: int, stride: int, shape: tuple[int, int], column_major: bool) -> np.ndarray:
    """coopMatLoad(mat, buf, element, stride, layout), literally: one element at a time."""
    rows, cols = shape
    out = np.empty(shape, buf.dtype)
    for i in range(rows):
        for j in range(cols):
            out[i, j] = buf[element + (j * stride + i if column_major else i * stride + j)]
    return out


def khr_store(buf: np.ndarray, mat: np.ndarray, element: int, stride: int) -> None:
    """coopMatStore(mat, buf, element, stride, gl_CooperativeMatrixLayoutRowMajor)."""
    for i in range(mat.shape[0]):
        for j in range(mat.shape[1]):
            buf[element + i * stride + j] = mat[i, j]


@st.composite
def tiles(draw: st.DrawFn) -> tuple[int, int, int, int, int, int, int]:
    """(NumRows, NumCols, M, N, row, col, elementoffset): a tile inside a matrix, elementoffset 16-byte aligned."""
    m, n = draw(st.integers(1, 12)), draw(st.integers(1, 12))
    num_rows, num_cols = m + draw(st.integers(0, 10)), n + draw(st.integers(0, 10))
    row, col = draw(st.integers(0, num_rows - m)), draw(st.integers(0, num_cols - n))
    return num_rows, num_cols, m, n, row, col, 8 * draw(st.integers(0, 3))       # 8 float16 = 16 bytes


@settings(max_examples=EXAMPLES, deadline=None)
@given(tiles())
def test_row_major_load_replaces_coopmat_load_with_stride_num_cols(tile) -> None:
    """// Replaces coopmatLoad(mat, input.buf, elementoffset + row*NumCols + col, NumCols, RowMajor);"""
    num_rows, num_cols, m, n, row, col, elementoffset = tile
    buf = RNG.standard_normal(elementoffset + num_rows * num_cols).astype(np.float16)
    t = createTensorLayoutNV(2)
    t = setTensorLayoutDimensionNV(t, num_rows, num_cols)
    t = sliceTensorLayoutNV(t, row, m, col, n)
    mat = load_tensor(as_bytes(buf), (m, n), t, np.float16, pointer_offset=2 * elementoffset)
    expected = khr_load(buf, elementoffset + row * num_cols + col, num_cols, (m, n), column_major=False)
    assert np.array_equal(mat, expected)


@settings(max_examples=EXAMPLES, deadline=None)
@given(tiles())
def test_column_major_load_through_a_permuting_view_replaces_coopmat_load_column_major(tile) -> None:
    """// Replaces coopmatLoad(mat, input.buf, elementoffset + col*NumRows + row, NumRows, ColumnMajor);
    columns are the outermost dimension; createTensorViewNV(2, false, 1, 0) swaps row and column."""
    num_rows, num_cols, m, n, row, col, elementoffset = tile
    buf = RNG.standard_normal(elementoffset + num_rows * num_cols).astype(np.float16)
    t = createTensorLayoutNV(2)
    t = setTensorLayoutDimensionNV(t, num_cols, num_rows)
    t = sliceTensorLayoutNV(t, col, n, row, m)
    mat = load_tensor(as_bytes(buf), (m, n), t, np.float16, view=createTensorViewNV(2, False, 1, 0),
                      pointer_offset=2 * elementoffset)
    expected = khr_load(buf, elementoffset + col * num_rows + row, num_rows, (m, n), column_major=True)
    assert np.array_equal(mat, expected)


def test_8x8_patch_of_32_channels_is_eight_row_major_loads_of_8_pixels() -> None:
    """Load an 8x8 patch, where each element of the patch has 32 channels: a 64 x 32 matrix whose rows
    8*p .. 8*p+7 are pixel row (row + p), columns col .. col+7, i.e. coopmatLoad with stride 32."""
    num_rows, num_cols, row, col = 12, 14, 3, 5
    buf = RNG.standard_normal(num_rows * num_cols * 32).astype(np.float16)
    t = createTensorLayoutNV(3)
    t = setTensorLayoutDimensionNV(t, num_rows, num_cols, 32)
    t = sliceTensorLayoutNV(t, row, 8, col, 8, 0, 32)
    mat = load_tensor(as_bytes(buf), (64, 32), t, np.float16)
    for p in range(8):
        band = khr_load(buf, ((row + p) * num_cols + col) * 32, 32, (8, 32), column_major=False)
        assert np.array_equal(mat[8 * p:8 * p + 8], band)


def test_space_to_depth_loads_h2_w2_by_4c() -> None:
    """View H/2 x 2 x W/2 x 2 x NumCh permuted to H/2 x W/2 x 2 x 2 x NumCh: matrix row (h/2)*(W/2) + w/2,
    column ((h&1)*2 + (w&1))*NumCh + c holds input (h, w, c)."""
    height, width, channels = 8, 6, 3
    hwc = RNG.standard_normal((height, width, channels)).astype(np.float16)
    t = setTensorLayoutDimensionNV(createTensorLayoutNV(3), height, width, channels)
    v = createTensorViewNV(5, True, 0, 2, 1, 3, 4)
    v = setTensorViewDimensionsNV(v, height // 2, 2, width // 2, 2, channels)
    mat = load_tensor(as_bytes(hwc), (height // 2 * width // 2, 4 * channels), t, np.float16, view=v)
    h, w, c = np.indices(hwc.shape)
    assert np.array_equal(mat[(h // 2) * (width // 2) + w // 2, ((h & 1) * 2 + (w & 1)) * channels + c], hwc)


def test_block_quantized_load_equals_a_plain_load_of_the_dequantized_tensor() -> None:
    """Issue (4): blocks of BlockRows x BlockCols 4-bit values with an fp16 scale in a struct S; the
    decode function turns each element into float16, so the load equals slicing the decoded tensor."""
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
    assert t.stride == (-(-num_cols // block_cols), 1)     # stride[LDim-2] = ceiling(dim[LDim-1] / blockSize[LDim-1])
    t = sliceTensorLayoutNV(t, row, m, col, n)
    mat = load_tensor(as_bytes(blocks.view(np.uint8)), (m, n), t, np.float16, decode=my_decode_func,
                      block_bytes=struct.itemsize)
    dense = (np.repeat(np.repeat(scales, block_rows, 0), block_cols, 1).astype(np.float32) * (codes - 8))
    dense = dense.astype(np.float16)
    plain = sliceTensorLayoutNV(setTensorLayoutDimensionNV(createTensorLayoutNV(2), num_rows, num_cols), row, m, col, n)
    assert np.array_equal(mat, load_tensor(as_bytes(dense), (m, n), plain, np.float16))


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 40), st.integers(1, 5)), min_size=1, max_size=5))
def test_set_dimension_derives_strides_as_the_text_writes_it(dims_and_blocks) -> None:
    """uint32_t s = 1; for (i = N-1; i >= 0; --i) { stride[i] = s; s *= ceiling(dimensions[i] / blockSize[i]); }"""
    dims = [d for d, _ in dims_and_blocks]
    block = [b for _, b in dims_and_blocks]
    t = setTensorLayoutBlockSizeNV(createTensorLayoutNV(len(dims)), *block)
    t = setTensorLayoutDimensionNV(t, *dims)
    stride, s = [0] * len(dims), 1
    for i in range(len(dims) - 1, -1, -1):
        stride[i] = s
        s = (s * -(-dims[i] // block[i])) & 0xFFFF_FFFF
    assert list(t.stride) == stride and t.span == tuple(dims) and t.offset == (0,) * len(dims)


def test_slices_add_offsets_so_two_slices_load_like_one() -> None:
    """The offset elements have the offset parameters added to them, and the span elements are set."""
    buf = RNG.standard_normal(30 * 30).astype(np.float32)
    t = setTensorLayoutDimensionNV(createTensorLayoutNV(2), 30, 30)
    twice = sliceTensorLayoutNV(sliceTensorLayoutNV(t, 10, 20, 4, 20), -3, 5, 6, 7)
    once = sliceTensorLayoutNV(t, 7, 5, 10, 7)
    assert twice == once
    assert np.array_equal(load_tensor(as_bytes(buf), (5, 7), twice, np.float32),
                          khr_load(buf, 7 * 30 + 10, 30, (5, 7), column_major=False))


def test_constant_clamp_loads_the_low_bits_of_the_value_and_drops_stores() -> None:
    """If clampMode is Constant, out of bounds loads return the bit pattern in the LSBs of _value_ and
    out of bounds stores are dropped."""
    t = setTensorLayoutDimensionNV(createTensorLayoutNV(2, ClampMode.Constant), 2, 2)
    t = setTensorLayoutClampValueNV(sliceTensorLayoutNV(t, 1, 2, 1, 2), 0x1234_5678)
    for dtype, bits in ((np.uint8, 0x78), (np.uint16, 0x5678), (np.uint32, 0x1234_5678), (np.uint64, 0x1234_5678)):
        memory = np.arange(4, dtype=dtype)
        mat = load_tensor(as_bytes(memory), (2, 2), t, dtype)
        assert mat.tolist() == [[3, bits], [bits, bits]]
        store_tensor(as_bytes(memory), np.full((2, 2), 9, dtype), t)
        assert memory.tolist() == [0, 1, 2, 9]


@settings(max_examples=EXAMPLES, deadline=None)
@given(tiles())
def test_row_major_store_replaces_coopmat_store_with_stride_num_cols(tile) -> None:
    """coopMatStoreTensorNV through the first example's layout writes what coopMatStore(..., NumCols, RowMajor) does."""
    num_rows, num_cols, m, n, row, col, elementoffset = tile
    mat = RNG.integers(1, 100, (m, n)).astype(np.float16)
    out = np.zeros(elementoffset + num_rows * num_cols, np.float16)
    expected = out.copy()
    t = sliceTensorLayoutNV(setTensorLayoutDimensionNV(createTensorLayoutNV(2), num_rows, num_cols), row, m, col, n)
    store_tensor(as_bytes(out), mat, t, pointer_offset=2 * elementoffset)
    khr_store(expected, mat, elementoffset + row * num_cols + col, num_cols)
    assert np.array_equal(out, expected)
