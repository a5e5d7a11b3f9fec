import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.codecs import element_dtype
from dxlinalg.numerics.component_types import MEMORY_INTERPRETATIONS, ComponentType, MatrixLayout
from dxlinalg.numerics.layouts.permuted import PermutedFormat
from dxlinalg.numerics.layouts.strided import (
    check_stride,
    decode_strided,
    element_offset,
    encode_strided,
    minimum_size,
    tight_stride,
)
from dxlinalg.numerics.layouts.tiled import TiledFormat

MEMORY_TYPES = sorted(MEMORY_INTERPRETATIONS)
STRIDED = [MatrixLayout.RowMajor, MatrixLayout.ColumnMajor]
OPTIMAL = [MatrixLayout.MulOptimal, MatrixLayout.OuterProductOptimal]
FORMATS = [TiledFormat(), TiledFormat(tile_rows=4, tile_bytes=32, tile_column_first=False),
           PermutedFormat(seed=7)]


def random_elements(rng, rows, cols, ct):
    """Any bit pattern is a valid element; comparisons are on bytes so NaNs are fine."""
    dtype = element_dtype(ct)
    raw = rng.integers(0, 256, rows * cols * dtype.itemsize, dtype=np.uint8)
    return raw.view(dtype).reshape(rows, cols)


def same_bytes(a, b):
    return np.array_equal(np.ascontiguousarray(a).view(np.uint8), np.ascontiguousarray(b).view(np.uint8))


def test_minimum_size_is_rows_minus_one_strides_plus_one_tight_row():
    assert minimum_size(8, 8, ComponentType.F16, MatrixLayout.RowMajor, 32) == 240
    assert minimum_size(3, 5, ComponentType.F32, MatrixLayout.ColumnMajor, 16) == 4 * 16 + 12
    assert tight_stride(3, 5, ComponentType.I8, MatrixLayout.RowMajor) == 5


def test_element_offset_row_and_column_major():
    assert element_offset(2, 3, ComponentType.F16, MatrixLayout.RowMajor, 64) == 2 * 64 + 6
    assert element_offset(2, 3, ComponentType.F16, MatrixLayout.ColumnMajor, 64) == 3 * 64 + 4


def test_decode_reads_the_documented_addresses():
    raw = np.arange(64, dtype=np.uint8)
    m = decode_strided(raw, 2, 3, ComponentType.U8, MatrixLayout.RowMajor, 16)
    assert m.tolist() == [[0, 1, 2], [16, 17, 18]]
    m = decode_strided(raw, 2, 3, ComponentType.U8, MatrixLayout.ColumnMajor, 16)
    assert m.tolist() == [[0, 16, 32], [1, 17, 33]]


@settings(max_examples=150, deadline=None)
@given(rows=st.integers(1, 64), cols=st.integers(1, 64), ct=st.sampled_from(MEMORY_TYPES),
       layout=st.sampled_from(STRIDED), extra=st.integers(0, 5), seed=st.integers(0, 2**32 - 1))
def test_strided_round_trip(rows, cols, ct, layout, extra, seed):
    rng = np.random.default_rng(seed)
    matrix = random_elements(rng, rows, cols, ct)
    size = element_dtype(ct).itemsize
    stride = tight_stride(rows, cols, ct, layout) + extra * size
    check_stride(rows, cols, ct, layout, stride, argument="stride", multiple_of=size, rule="test")
    out = np.full(minimum_size(rows, cols, ct, layout, stride), 0xAB, np.uint8)
    encode_strided(matrix, out, ct, layout, stride)
    assert same_bytes(decode_strided(out, rows, cols, ct, layout, stride), matrix)


@settings(max_examples=150, deadline=None)
@given(rows=st.integers(1, 64), cols=st.integers(1, 64), ct=st.sampled_from(MEMORY_TYPES),
       layout=st.sampled_from(OPTIMAL), fmt=st.sampled_from(FORMATS), seed=st.integers(0, 2**32 - 1))
def test_optimal_round_trip_and_size_granule(rows, cols, ct, layout, fmt, seed):
    matrix = random_elements(np.random.default_rng(seed), rows, cols, ct)
    raw = fmt.encode(matrix, ct, layout)
    assert raw.size == fmt.size_bytes(ct, layout, rows, cols)
    assert raw.size % 16 == 0
    assert same_bytes(fmt.decode(raw, ct, layout, rows, cols), matrix)


@pytest.mark.parametrize("fmt", FORMATS, ids=lambda f: f.name)
def test_every_element_has_exactly_one_slot(fmt):
    table = fmt.slot_table(ComponentType.F16, MatrixLayout.MulOptimal, 17, 23)
    used = np.sort(table[table >= 0])
    assert np.array_equal(used, np.arange(17 * 23))


def test_reference_tiles_are_visibly_not_row_major():
    table = TiledFormat().slot_table(ComponentType.F16, MatrixLayout.MulOptimal, 16, 16)
    # first tile: rows 0..7 of columns 0..7, row by row; then the tile below it
    assert table[:10].tolist() == [0, 1, 2, 3, 4, 5, 6, 7, 16, 17]
    assert table[64] == 8 * 16
    assert not np.array_equal(table, np.arange(256))


def test_tiled_padding_is_zero_and_counted_in_the_size():
    fmt = TiledFormat()
    assert fmt.size_bytes(ComponentType.F16, MatrixLayout.MulOptimal, 1, 1) == 128
    raw = fmt.encode(np.array([[1.5]], np.float16), ComponentType.F16, MatrixLayout.MulOptimal)
    assert raw[2:].sum() == 0


def test_permuted_format_depends_on_shape_and_fills_padding_with_garbage():
    fmt = PermutedFormat(seed=3)
    a = fmt.slot_table(ComponentType.I8, MatrixLayout.MulOptimal, 8, 8)
    b = fmt.slot_table(ComponentType.I8, MatrixLayout.OuterProductOptimal, 8, 8)
    assert not np.array_equal(a, b)
    raw = fmt.encode(np.zeros((8, 8), np.int8), ComponentType.I8, MatrixLayout.MulOptimal)
    assert raw.any()  # zeros everywhere except the garbage padding


def test_permuted_outer_product_padding_is_finite_floats():
    fmt = PermutedFormat(seed=3)
    raw = fmt.encode(np.zeros((5, 3), np.float16), ComponentType.F16, MatrixLayout.OuterProductOptimal)
    assert np.isfinite(raw.view(np.float16)).all()


def test_bad_strides_and_shapes_are_rejected():
    with pytest.raises(InvalidArgumentError, match="smaller than one row"):
        check_stride(4, 8, ComponentType.F16, MatrixLayout.RowMajor, 8, argument="SrcStride",
                     multiple_of=2, rule="r")
    with pytest.raises(InvalidArgumentError, match="multiple of 16"):
        check_stride(4, 8, ComponentType.F16, MatrixLayout.RowMajor, 18, argument="DestStride",
                     multiple_of=16, rule="r")
    with pytest.raises(InvalidArgumentError, match="at least one row"):
        minimum_size(0, 3, ComponentType.F16, MatrixLayout.RowMajor, 16)
    with pytest.raises(InvalidArgumentError, match="only 10 are given"):
        decode_strided(np.zeros(10, np.uint8), 2, 8, ComponentType.U8, MatrixLayout.RowMajor, 8)
    with pytest.raises(InvalidArgumentError, match="not an optimal layout"):
        TiledFormat().size_bytes(ComponentType.F16, MatrixLayout.RowMajor, 2, 2)
    with pytest.raises(InvalidArgumentError, match="needs 128 bytes"):
        TiledFormat().decode(np.zeros(16, np.uint8), ComponentType.F16, MatrixLayout.MulOptimal, 2, 2)


@pytest.mark.parametrize("fmt", FORMATS[:2], ids=lambda f: f.name)
@pytest.mark.parametrize("shape", [(1, 1), (7, 9), (16, 16), (33, 70)])
@pytest.mark.parametrize("ct", [ComponentType.I8, ComponentType.F16, ComponentType.F32])
def test_tiled_reshape_fast_path_equals_its_slot_table(fmt, shape, ct):
    from dxlinalg.numerics.layouts.optimal import OptimalLayoutFormat

    matrix = random_elements(np.random.default_rng(0), *shape, ct)
    layout = MatrixLayout.MulOptimal
    count = fmt.slot_table(ct, layout, *shape).size
    assert fmt.slot_count(ct, layout, *shape) == count
    fast = np.zeros(count, matrix.dtype)
    generic = np.zeros(count, matrix.dtype)
    fmt.scatter(matrix, fast, ct, layout)
    OptimalLayoutFormat.scatter(fmt, matrix, generic, ct, layout)
    assert same_bytes(fast, generic)
    assert same_bytes(fmt.gather(fast, ct, layout, *shape), OptimalLayoutFormat.gather(fmt, fast, ct, layout, *shape))
