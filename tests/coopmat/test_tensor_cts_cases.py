"""Cases of the Vulkan CTS cooperative-matrix tests (VK-GL-CTS vktComputeCooperativeMatrixTests.cpp), tensor part.

Each test builds the layouts and views as the CTS shader does, runs the loads and stores here, and
checks the result against the CTS's host reference, transcribed independently (per-tile index
formulas, never our addressing functions):
- tensorlayout1d..5d and _clip: the CTS's dimensions, matrix sizes, spans and load/store offsets
  (negative ones included), Constant mode, output filled with 14.0, a 2M x 2N matrix clipped to
  (1, M, 1, N) for _clip;
- clampconstant/clamptoedge/clamprepeat/clampmirrorrepeat: tiles loaded from a layout 6 smaller,
  offsets 3 less (hanging 3 past every edge), stored through a clamped layout one smaller;
- spacetodepth: H = W = 32, C = 16 through tensorViewNV<5, true, 0, 2, 1, 3, 4>;
- block size {2, 4} with and without a DecodeFunc (adding ((2*bc0 + bc1) & 3)), negated.
Row-major and column-major (a transposing view) where the CTS has both; several component types.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from dxlinalg.coopmat import (
    ClampMode,
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
)

FILL = 14.0          # the CTS fills the output with 14.0: what a discarded store leaves
OBJECT = 0.5         # tempmat = coopmat(0.5): what a clipped load leaves


def as_bytes(array: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(array).reshape(-1).view(np.uint8)


def random_values(count: int, dtype: np.dtype, seed: int) -> np.ndarray:
    """Values every component type holds exactly (integers 0..8 and 0.5)."""
    values = np.random.default_rng(seed).integers(0, 9, count).astype(np.float64)
    if np.dtype(dtype).kind == "f" or np.dtype(dtype).kind == "V":
        values[::7] = 0.5
    return values.astype(dtype)


# -- tensorlayout 1D-5D (the CTS's tensorLayout{1..5}d tables) ------------------------------------------
# dim: (dimensions, [(matrix rows, cols), span, load offsets, store offsets] per case)
TENSOR_LAYOUTS = {
    1: ((65536,), [((32, 32), (1024,), (10000,), (-1,)),
                   ((64, 64), (4096,), (-1,), (4321,))]),
    2: ((512, 512), [((32, 32), (32, 32), (7, 13), (13, 7)),
                     ((64, 64), (64, 64), (128, 128), (148, 0))]),
    3: ((33, 44, 55), [((64, 32), (16, 16, 8), (1, 1, 1), (2, 2, 2)),
                       ((32, 32), (8, 4, 32), (-1, -1, -1), (23, 2, 1))]),
    4: ((20, 25, 40, 10), [((64, 64), (16, 8, 8, 4), (-1, -1, -1, -1), (1, 2, 1, 2))]),
    5: ((4, 4, 32, 16, 8), [((32, 32), (1, 4, 8, 4, 8), (-1, -1, -1, -1, -1), (1, 2, 1, 0, 1))]),
}


def cts_tensorlayout_reference(source: np.ndarray, cases: list) -> np.ndarray:
    """The CTS host check: a cell in a store rectangle (the first that holds it) gets input[cell - store +
    load], or 0 where that is out of bounds (Constant mode); every other cell keeps 14.0."""
    dims = np.array(source.shape)
    cells = np.indices(source.shape).reshape(len(dims), -1).T
    expected = np.full(len(cells), FILL)
    decided = np.zeros(len(cells), bool)
    for _, span, load, store in cases:
        in_rect = ((cells >= np.array(store)) & (cells < np.array(store) + np.array(span))).all(axis=1) & ~decided
        load_cells = cells[in_rect] - np.array(store) + np.array(load)
        inside = ((load_cells >= 0) & (load_cells < dims)).all(axis=1)
        values = np.zeros(len(load_cells))
        values[inside] = source[tuple(load_cells[inside].T)].astype(np.float64)
        expected[in_rect] = values
        decided |= in_rect
    return expected.reshape(source.shape)


@pytest.mark.parametrize("dtype", [np.float16, np.float32], ids=["f16", "f32"])
@pytest.mark.parametrize("clip", [False, True], ids=["plain", "clip"])
@pytest.mark.parametrize("dim", sorted(TENSOR_LAYOUTS))
def test_tensorlayout_load_slice_store_slice(dim: int, clip: bool, dtype) -> None:
    dims, cases = TENSOR_LAYOUTS[dim]
    source = random_values(int(np.prod(dims)), dtype, dim).reshape(dims)
    output = np.full(dims, FILL, dtype)
    t = createTensorLayoutNV(dim, ClampMode.Constant)
    v = createTensorViewNV(dim)
    for (m, n), span, load, store in cases:
        factor = 2 if clip else 1
        tempmat = np.full((factor * m, factor * n), OBJECT, dtype)
        if clip:
            v = setTensorViewClipNV(v, 1, m, 1, n)           # clip the double-size matrix to the requested size
        t = setTensorLayoutDimensionNV(t, *dims)
        t = sliceTensorLayoutNV(t, *[x for pair in zip(load, span) for x in pair])
        tempmat = load_tensor(as_bytes(source), tempmat.shape, t, dtype, view=v if clip else None, obj=tempmat)
        t = setTensorLayoutDimensionNV(t, *dims)
        t = sliceTensorLayoutNV(t, *[x for pair in zip(store, span) for x in pair])
        store_tensor(as_bytes(output), tempmat, t, view=v if clip else None)
        if clip:
            outside = np.ones(tempmat.shape, bool)
            outside[1:m + 1, 1:n + 1] = False
            assert (tempmat[outside] == OBJECT).all()           # a clipped load leaves the element unchanged
    assert np.array_equal(output.astype(np.float64), cts_tensorlayout_reference(source, cases))


# -- clamp modes ------------------------------------------------------------------------------------
CLAMP_VALUES = {np.dtype(np.float16): 0x3800, np.dtype(np.float32): int(np.float32(0.5).view(np.uint32)),
                np.dtype(ml_dtypes.bfloat16): 0x3F00, np.dtype(ml_dtypes.float8_e5m2): 0x38,
                np.dtype(ml_dtypes.float8_e4m3fn): 0x30, np.dtype(np.int32): 17}
M, N, MATRICES_X, MATRICES_Y = 16, 8, 4, 3      # tile rows/cols and the grid of tiles, one per subgroup


def cts_clamp_reference(source: np.ndarray, mode: ClampMode, col_major: bool, oob_value: float) -> np.ndarray:
    """The CTS host check, per (matrix, i, j), with its mod(n, d) = (n + d) % d."""
    full_x = MATRICES_X * (M if col_major else N)
    full_y = MATRICES_Y * (N if col_major else M)
    stride = full_x
    expected = np.full(source.size, np.nan)
    dim_x, dim_y = full_x - 6, full_y - 6

    def mod(value: int, divisor: int) -> int:
        return (value + divisor) % divisor

    for mx in range(MATRICES_X):
        for my in range(MATRICES_Y):
            for i in range(M):
                for j in range(N):
                    if col_major:
                        i2, j2 = mx * M + i, my * N + j
                        ij = i2 + stride * j2
                        oob_store = i2 == full_x - 1 or j2 == full_y - 1
                    else:
                        i2, j2 = my * M + i, mx * N + j
                        ij = j2 + stride * i2
                        oob_store = i2 == full_y - 1 or j2 == full_x - 1
                    i2, j2 = i2 - 3, j2 - 3
                    dim_i, dim_j = (dim_x, dim_y) if col_major else (dim_y, dim_x)
                    oob_load = False
                    if mode == ClampMode.Constant:
                        oob_load = i2 < 0 or j2 < 0 or i2 >= dim_i or j2 >= dim_j
                    elif mode == ClampMode.ClampToEdge:
                        i2, j2 = min(max(i2, 0), dim_i - 1), min(max(j2, 0), dim_j - 1)
                    elif mode == ClampMode.Repeat:
                        i2, j2 = mod(i2, dim_i), mod(j2, dim_j)
                    else:
                        i2 = mod(i2, 2 * dim_i - 2)
                        i2 = 2 * dim_i - 2 - i2 if i2 >= dim_i else i2
                        j2 = mod(j2, 2 * dim_j - 2)
                        j2 = 2 * dim_j - 2 - j2 if j2 >= dim_j else j2
                    load_ij = i2 + stride * j2 if col_major else j2 + stride * i2
                    expected[ij] = FILL if oob_store else oob_value if oob_load else float(source[load_ij])
    return expected


@pytest.mark.parametrize("dtype", list(CLAMP_VALUES), ids=str)
@pytest.mark.parametrize("col_major", [False, True], ids=["rowmajor", "colmajor"])
@pytest.mark.parametrize("mode", [ClampMode.Constant, ClampMode.ClampToEdge, ClampMode.Repeat,
                                  ClampMode.MirrorRepeat], ids=lambda m: m.name)
def test_clamp_modes_load_tiles_hanging_3_past_every_edge(mode: ClampMode, col_major: bool, dtype) -> None:
    rows, cols = (M, N) if not col_major else (N, M)         # the layout's (outer, inner) tile extents
    width = MATRICES_X * (M if col_major else N)             # strides[]: elements per stored row
    height = MATRICES_Y * (N if col_major else M)            # heights[]
    source = random_values(width * height, dtype, 11)
    output = np.full(width * height, FILL, dtype)
    load = createTensorLayoutNV(2, mode)
    load = setTensorLayoutStrideNV(setTensorLayoutDimensionNV(load, height - 6, width - 6), width, 1)
    load = setTensorLayoutClampValueNV(load, CLAMP_VALUES[np.dtype(dtype)])
    save = createTensorLayoutNV(2, mode)
    save = setTensorLayoutStrideNV(setTensorLayoutDimensionNV(save, height - 1, width - 1), width, 1)
    load_view = setTensorViewDimensionsNV(createTensorViewNV(2, True, 1, 0), rows, cols) if col_major else None
    save_view = createTensorViewNV(2, False, 1, 0) if col_major else None
    for mx in range(MATRICES_X):
        for my in range(MATRICES_Y):
            outer, inner = rows * my, cols * mx                 # offset<i>0, offset<i>1
            t = sliceTensorLayoutNV(load, outer - 3, rows, inner - 3, cols)
            mat = load_tensor(as_bytes(source), (M, N), t, dtype, view=load_view)
            store_tensor(as_bytes(output), mat, sliceTensorLayoutNV(save, outer, rows, inner, cols), view=save_view)
    oob_value = 17.0 if np.dtype(dtype).kind == "i" else 0.5
    expected = cts_clamp_reference(source, mode, col_major, oob_value)
    assert np.array_equal(output.astype(np.float64), expected)


# -- space to depth ---------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", [np.float16, np.float32], ids=["f16", "f32"])
def test_space_to_depth_through_a_permuted_5d_view(dtype) -> None:
    height, width, channels = 32, 32, 16
    source = random_values(height * width * channels, dtype, 7)
    t = setTensorLayoutDimensionNV(createTensorLayoutNV(3), height, width, channels)
    v = createTensorViewNV(5, True, 0, 2, 1, 3, 4)
    v = setTensorViewDimensionsNV(v, height // 2, 2, width // 2, 2, channels)
    shape = (height // 2 * width // 2, 4 * channels)
    tempmat = load_tensor(as_bytes(source), shape, t, dtype, view=v, obj=np.full(shape, OBJECT, dtype))
    t2 = setTensorLayoutDimensionNV(createTensorLayoutNV(2), *shape)
    output = np.zeros(source.size, dtype)
    store_tensor(as_bytes(output), tempmat, t2)
    h, w, c = (a.reshape(-1) for a in np.indices((height, width, channels)))
    input_index = (h * width + w) * channels + c
    output_index = ((h // 2) * width // 2 + w // 2) * 4 * channels + ((h & 1) * 2 + (w & 1)) * channels + c
    assert np.array_equal(output[output_index], source[input_index])


# -- block size {2, 4}, with and without decode ---------------------------------------------------------
BLOCK = (2, 4)
BLOCK_ELEMENTS = BLOCK[0] * BLOCK[1]
GRID_X, GRID_Y = 2, 3


def decode_func(dtype):
    """decodeFunc(decodeBuf b, blockCoords, coordInBlock) = b.f[cib0 * 4 + cib1] + T((2 * bc0 + bc1) & 3)."""
    def decode(blocks, block_coord, coord_in_block):
        f = blocks.view(dtype)
        picked = f[np.arange(len(f)), coord_in_block[:, 0] * BLOCK[1] + coord_in_block[:, 1]]
        return picked + ((2 * block_coord[:, 0] + block_coord[:, 1]) & 3).astype(dtype)
    return decode


def cts_block_reference(source: np.ndarray, decode: bool, col_major: bool) -> np.ndarray:
    """The CTS host check for TT_NEGATE with ADDR_BLOCKSIZE / ADDR_DECODE: D(i, j) = -A[blockij] (+ the decode term)."""
    stride = GRID_X * (M if col_major else N)
    expected = np.full(stride * GRID_Y * (N if col_major else M), np.nan)
    for mx in range(GRID_X):
        for my in range(GRID_Y):
            for i in range(M):
                for j in range(N):
                    if col_major:
                        bc = ((my * N + j) // BLOCK[0], (mx * M + i) // BLOCK[1])
                        in_block = (j % BLOCK[0]) * BLOCK[1] + (i % BLOCK[1])
                        ij = mx * M + i + stride * my * N + stride * j
                    else:
                        bc = ((my * M + i) // BLOCK[0], (mx * N + j) // BLOCK[1])
                        in_block = (i % BLOCK[0]) * BLOCK[1] + (j % BLOCK[1])
                        ij = mx * N + j + stride * my * M + stride * i
                    block_ij = bc[1] + (stride // BLOCK[1]) * bc[0]
                    if decode:
                        block_ij = block_ij * BLOCK_ELEMENTS + in_block
                    ref = float(source[block_ij]) + (((2 * bc[0] + bc[1]) & 3) if decode else 0)
                    expected[ij] = -ref
    return expected


@pytest.mark.parametrize("dtype", [np.float16, np.float32], ids=["f16", "f32"])
@pytest.mark.parametrize("col_major", [False, True], ids=["rowmajor", "colmajor"])
@pytest.mark.parametrize("decode", [False, True], ids=["blocksize", "decode"])
def test_block_size_2_4_loads_with_and_without_decode(decode: bool, col_major: bool, dtype) -> None:
    rows, cols = (M, N) if not col_major else (N, M)
    width, height = GRID_X * cols, GRID_Y * rows
    source = random_values(width * height, dtype, 5)
    output = np.zeros(width * height, dtype)
    t = setTensorLayoutBlockSizeNV(createTensorLayoutNV(2), *BLOCK)
    t = setTensorLayoutDimensionNV(t, height, width)
    out_layout = setTensorLayoutDimensionNV(createTensorLayoutNV(2), height, width)
    load_view = setTensorViewDimensionsNV(createTensorViewNV(2, True, 1, 0), rows, cols) if col_major else None
    store_view = createTensorViewNV(2, False, 1, 0) if col_major else None
    block_bytes = BLOCK_ELEMENTS * np.dtype(dtype).itemsize if decode else None
    for mx in range(GRID_X):
        for my in range(GRID_Y):
            a = load_tensor(as_bytes(source), (M, N), sliceTensorLayoutNV(t, rows * my, rows, cols * mx, cols), dtype,
                            view=load_view, decode=decode_func(dtype) if decode else None, block_bytes=block_bytes)
            store_tensor(as_bytes(output), -a, sliceTensorLayoutNV(out_layout, rows * my, rows, cols * mx, cols),
                         view=store_view)
    assert np.array_equal(output.astype(np.float64), cts_block_reference(source, decode, col_major))
