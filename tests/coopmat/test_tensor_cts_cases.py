"""Cases in the style of the Vulkan CTS cooperative-matrix tests (our own sizes, numpy expectations).

- tensorlayout 1D-5D: load a slice with Constant clamping (value 0), set the dimensions again,
  store the same span at another offset; with and without a clipping view on a double-size matrix.
- clamp modes: a tile hanging 3 past every edge loads like numpy.pad (constant, edge, wrap,
  reflect), then a store through a layout one row and column smaller leaves the fill value there.
- space-to-depth through a 5D view of an HWC layout and a 4D view of an HW layout.
- block size with and without a DecodeFunc.
"""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg.coopmat import (
    ClampMode,
    ElementStatus,
    createTensorLayoutNV,
    createTensorViewNV,
    load_tensor,
    setTensorLayoutBlockSizeNV,
    setTensorLayoutClampValueNV,
    setTensorLayoutDimensionNV,
    setTensorLayoutStrideNV,
    setTensorViewClipNV,
    setTensorViewDimensionsNV,
    sliceTensorLayoutNV,
    store_tensor,
    tensor_element_addresses,
)

FILL = np.float32(14.0)
OBJECT = np.float32(0.5)


def as_bytes(array: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(array).reshape(-1).view(np.uint8)


# -- tensorlayout 1D-5D ---------------------------------------------------------------------------------
# (dimensions, matrix shape, span, load offsets, store offsets): spans hold exactly rows x cols elements
CASES = {
    "1d": ((300,), (8, 16), (128,), (150,), (-5,)),
    "1d-tail": ((300,), (8, 16), (128,), (-10,), (200,)),
    "2d": ((40, 50), (16, 16), (16, 16), (7, -3), (30, 40)),
    "3d": ((9, 10, 11), (16, 32), (8, 8, 8), (-1, 3, 4), (2, -2, 5)),
    "4d": ((6, 7, 8, 5), (32, 16), (4, 4, 8, 4), (-1, 4, 1, 2), (3, 0, -2, 1)),
    "5d": ((3, 4, 9, 6, 5), (32, 32), (2, 4, 8, 4, 4), (-1, 1, 2, 3, 2), (2, -1, 2, 3, 1)),
}


def expected_copy(source: np.ndarray, span: tuple[int, ...], load: tuple[int, ...],
                  store: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """(the loaded span box, the output tensor): numpy's reading of load-slice / store-slice."""
    box = np.indices(span).reshape(len(span), -1).T                    # span coordinates, row-major
    src, dst = box + np.array(load), box + np.array(store)
    dims = np.array(source.shape)
    src_ok = ((src >= 0) & (src < dims)).all(axis=1)
    dst_ok = ((dst >= 0) & (dst < dims)).all(axis=1)
    loaded = np.where(src_ok, source[tuple(np.where(src_ok[:, None], src, 0).T)], 0).astype(np.float32)
    out = np.full(source.shape, FILL, np.float32)
    out[tuple(dst[dst_ok].T)] = loaded[dst_ok]
    return loaded, out


def slice_args(offsets: tuple[int, ...], span: tuple[int, ...]) -> list[int]:
    return [x for pair in zip(offsets, span) for x in pair]


@pytest.mark.parametrize("clip", [False, True], ids=["plain", "clip"])
@pytest.mark.parametrize("name", list(CASES))
def test_tensorlayout_load_slice_store_slice(name: str, clip: bool) -> None:
    dims, (m, n), span, load, store = CASES[name]
    source = np.random.default_rng(len(dims)).integers(1, 1000, dims).astype(np.float32)
    output = np.full(dims, FILL, np.float32).reshape(-1)
    t = createTensorLayoutNV(len(dims), ClampMode.Constant)
    t = sliceTensorLayoutNV(setTensorLayoutDimensionNV(t, *dims), *slice_args(load, span))
    view = None
    shape = (m, n)
    if clip:                       # a 2M x 2N matrix clipped to rows 1..M, columns 1..N
        view = setTensorViewClipNV(createTensorViewNV(len(dims)), 1, m, 1, n)
        shape = (2 * m, 2 * n)
    obj = np.full(shape, OBJECT, np.float32)
    matrix = load_tensor(as_bytes(source), shape, t, np.float32, view=view, obj=obj)
    t = sliceTensorLayoutNV(setTensorLayoutDimensionNV(t, *dims), *slice_args(store, span))
    store_tensor(as_bytes(output), matrix, t, view=view)
    loaded, expected_out = expected_copy(source, span, load, store)
    inner = matrix[1:m + 1, 1:n + 1] if clip else matrix
    assert np.array_equal(inner, loaded.reshape(m, n))
    if clip:
        outside = np.ones(shape, bool)
        outside[1:m + 1, 1:n + 1] = False
        assert (matrix[outside] == OBJECT).all()       # clipped loads keep Object's elements
    assert np.array_equal(output.reshape(dims), expected_out)


# -- clamp modes ------------------------------------------------------------------------------------
PAD_MODES = {ClampMode.Constant: "constant", ClampMode.ClampToEdge: "edge", ClampMode.Repeat: "wrap",
             ClampMode.MirrorRepeat: "reflect"}


@pytest.mark.parametrize("mode", list(PAD_MODES), ids=lambda m: m.name)
def test_clamped_tiles_load_like_numpy_pad_and_clamped_stores_discard(mode: ClampMode) -> None:
    height, width, tile = 32, 48, 16
    source = np.random.default_rng(5).integers(0, 100, (height, width)).astype(np.float32)
    output = np.full((height, width), FILL, np.float32)
    inner = source[:height - 6, :width - 6]
    pad = 2 * tile
    if mode == ClampMode.Constant:
        padded = np.pad(inner, pad, "constant", constant_values=0.5)
    else:
        padded = np.pad(inner, pad, PAD_MODES[mode])
    load = createTensorLayoutNV(2, mode)
    load = setTensorLayoutStrideNV(setTensorLayoutDimensionNV(load, height - 6, width - 6), width, 1)
    load = setTensorLayoutClampValueNV(load, int(np.float32(0.5).view(np.uint32)))
    save = createTensorLayoutNV(2, mode)
    save = setTensorLayoutStrideNV(setTensorLayoutDimensionNV(save, height - 1, width - 1), width, 1)
    for r0 in range(0, height, tile):
        for c0 in range(0, width, tile):
            t = sliceTensorLayoutNV(load, r0 - 3, tile, c0 - 3, tile)
            matrix = load_tensor(as_bytes(source), (tile, tile), t, np.float32)
            rows, cols = slice(pad + r0 - 3, pad + r0 - 3 + tile), slice(pad + c0 - 3, pad + c0 - 3 + tile)
            assert np.array_equal(matrix, padded[rows, cols]), (r0, c0)
            store_tensor(as_bytes(output), matrix, sliceTensorLayoutNV(save, r0, tile, c0, tile))
    expected = np.full((height, width), FILL, np.float32)
    for r0 in range(0, height, tile):
        for c0 in range(0, width, tile):
            expected[r0:r0 + tile, c0:c0 + tile] = padded[pad + r0 - 3:pad + r0 - 3 + tile,
                                                          pad + c0 - 3:pad + c0 - 3 + tile]
    expected[height - 1, :] = FILL
    expected[:, width - 1] = FILL
    assert np.array_equal(output, expected)


def test_mirror_repeat_uses_the_layout_dimension_not_the_loop_index() -> None:
    """Seed erratum: `c = (c >= dim) ? 2*dim-2-c : c` with dim the loop index would give negative
    coordinates for dimension 0; with the layout dimension it is numpy's reflect."""
    t = createTensorLayoutNV(1, ClampMode.MirrorRepeat)
    t = sliceTensorLayoutNV(setTensorLayoutDimensionNV(t, 4), -7, 20)
    addresses = tensor_element_addresses((1, 20), t)
    assert addresses.index[0].tolist() == np.pad(np.arange(4), (7, 9), "reflect").tolist()


def test_mirror_repeat_on_a_dimension_of_1_reads_the_one_element() -> None:
    t = createTensorLayoutNV(2, ClampMode.MirrorRepeat)
    t = sliceTensorLayoutNV(setTensorLayoutDimensionNV(t, 1, 3), -2, 5, 0, 3)
    matrix = load_tensor(as_bytes(np.array([7, 8, 9], np.float32)), (5, 3), t, np.float32)
    assert (matrix == np.array([7, 8, 9], np.float32)).all()
    assert (tensor_element_addresses((5, 3), t).status[[0, 1, 3, 4]] == ElementStatus.CLAMPED).all()


# -- space to depth -----------------------------------------------------------------------------------
def test_space_to_depth_through_a_permuted_5d_view() -> None:
    height, width, channels = 32, 32, 16
    source = np.random.default_rng(7).standard_normal((height, width, channels)).astype(np.float16)
    t = setTensorLayoutDimensionNV(createTensorLayoutNV(3), height, width, channels)
    v = createTensorViewNV(5, True, 0, 2, 1, 3, 4)
    v = setTensorViewDimensionsNV(v, height // 2, 2, width // 2, 2, channels)
    shape = (height // 2 * width // 2, 4 * channels)
    matrix = load_tensor(as_bytes(source), shape, t, np.float16, view=v)
    out = np.zeros(shape[0] * shape[1], np.float16)
    t2 = setTensorLayoutDimensionNV(createTensorLayoutNV(2), *shape)
    store_tensor(as_bytes(out), matrix, t2)
    h, w, c = np.indices((height, width, channels))
    expected = np.zeros_like(out)
    expected[((h // 2) * (width // 2) + w // 2) * 4 * channels + ((h & 1) * 2 + (w & 1)) * channels + c] = source
    assert np.array_equal(out, expected)


def test_space_to_depth_of_a_single_channel_image_through_a_4d_view() -> None:
    height, width = 8, 12
    image = np.arange(height * width, dtype=np.int32).reshape(height, width)
    t = setTensorLayoutDimensionNV(createTensorLayoutNV(2), height, width)
    v = setTensorViewDimensionsNV(createTensorViewNV(4, True, 0, 2, 1, 3), height // 2, 2, width // 2, 2)
    matrix = load_tensor(as_bytes(image), (height // 2 * width // 2, 4), t, np.int32, view=v)
    expected = image.reshape(height // 2, 2, width // 2, 2).transpose(0, 2, 1, 3).reshape(-1, 4)
    assert np.array_equal(matrix, expected)


# -- block size ------------------------------------------------------------------------------------
BLOCK = (2, 4)


def blocked_layout(height: int, width: int, r0: int, c0: int, m: int, n: int):
    t = setTensorLayoutBlockSizeNV(createTensorLayoutNV(2), *BLOCK)
    return sliceTensorLayoutNV(setTensorLayoutDimensionNV(t, height, width), r0, m, c0, n)


def test_block_size_without_decode_reads_one_element_per_block() -> None:
    height, width, r0, c0, m, n = 16, 32, 4, 8, 8, 16
    per_block = np.random.default_rng(3).standard_normal((height // 2) * (width // 4)).astype(np.float32)
    matrix = load_tensor(as_bytes(per_block), (m, n), blocked_layout(height, width, r0, c0, m, n), np.float32)
    rows, cols = np.indices((m, n))
    assert np.array_equal(matrix, per_block[(rows + r0) // 2 * (width // 4) + (cols + c0) // 4])


def test_block_size_with_decode_passes_block_and_in_block_coordinates() -> None:
    height, width, r0, c0, m, n = 16, 32, 2, 4, 8, 16
    dense = np.random.default_rng(4).integers(-8, 8, (height, width)).astype(np.float32)
    blocks = dense.reshape(height // 2, 2, width // 4, 4).transpose(0, 2, 1, 3).reshape(-1)   # block-major

    def decode(refs, block_coord, coord_in_block):
        elements = refs.view(np.float32)
        picked = elements[np.arange(len(elements)), coord_in_block[:, 0] * BLOCK[1] + coord_in_block[:, 1]]
        return picked + ((2 * block_coord[:, 0] + block_coord[:, 1]) & 3)

    t = blocked_layout(height, width, r0, c0, m, n)
    matrix = load_tensor(as_bytes(blocks), (m, n), t, np.float32, decode=decode, block_bytes=4 * 8)
    rows, cols = np.indices((m, n)) + np.array([r0, c0])[:, None, None]
    assert np.array_equal(matrix, dense[rows, cols] + ((2 * (rows // 2) + cols // 4) & 3))


def test_the_final_index_is_scaled_by_the_element_size() -> None:
    t = sliceTensorLayoutNV(setTensorLayoutDimensionNV(createTensorLayoutNV(2), 4, 6), 1, 2, 2, 3)
    addresses = tensor_element_addresses((2, 3), t)
    assert addresses.index.tolist() == [[8, 9, 10], [14, 15, 16]]
    assert (addresses.byte_offsets(2) == 2 * addresses.index).all()
    source = np.arange(24, dtype=np.float64)
    assert np.array_equal(load_tensor(as_bytes(source), (2, 3), t, np.float64), source[addresses.index])
