"""The vectorised tensor addressing, loads and stores against the per-element pseudocode oracle.

Random layouts of 1-5 dimensions in every clamp mode (block sizes, a block size of 0 set after the
dimensions, negative, accumulated and int32-wrapping slice offsets, spans far larger than the matrix,
explicit strides, dimension 0 and 1), random views (own dimensions or the span, strides, permutations,
clips, wrapping clips), loads (plain and with a DecodeFunc) and stores, strict and permissive. Both
sides must give the same elements, the same bytes, or the same kind of error. The engine caches what
the shape, span and view decide, so one test runs several layouts through one cache entry.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

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
    setTensorViewStrideNV,
    sliceTensorLayoutNV,
    store_tensor,
    tensor_element_addresses,
)
from dxlinalg.coopmat.tensor_layout import TensorLayout
from dxlinalg.coopmat.tensor_view import TensorView
from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from tests.coopmat import oracle_tensor as oracle

ERRORS = (InvalidArgumentError, UndefinedBehaviorError)
DTYPES = (np.dtype(np.uint8), np.dtype(np.float16), np.dtype(np.int32), np.dtype(np.float64))
EXAMPLES = 200


INT32_EDGES = (-(1 << 31), -(1 << 31) + 3, (1 << 31) - 4, (1 << 31) - 1)
OFFSETS = st.integers(-4, 4) | st.sampled_from(INT32_EDGES)           # accumulated slices wrap in int32
SPANS = st.integers(1, 5) | st.sampled_from([64, 1000, 0xFFFF_FFFF])  # larger than any matrix here


@st.composite
def layouts(draw: st.DrawFn, blocks: bool = True, dim: int | None = None) -> TensorLayout:
    dim = draw(st.integers(1, 5)) if dim is None else dim
    t = createTensorLayoutNV(dim, draw(st.sampled_from(list(ClampMode))))
    if blocks and draw(st.booleans()):
        t = setTensorLayoutBlockSizeNV(t, *draw(st.lists(st.integers(1, 3), min_size=dim, max_size=dim)))
    dims = draw(st.lists(st.integers(0, 5) | st.just(1), min_size=dim, max_size=dim))
    t = setTensorLayoutDimensionNV(t, *[max(d, 1) if draw(st.integers(0, 9)) else d for d in dims])
    if draw(st.integers(0, 3)) == 0:
        t = setTensorLayoutStrideNV(t, *draw(st.lists(st.integers(0, 40), min_size=dim, max_size=dim)))
    if blocks and draw(st.integers(0, 19)) == 0:          # a block size of 0 after the strides were derived
        t = setTensorLayoutBlockSizeNV(t, *draw(st.lists(st.integers(0, 2), min_size=dim, max_size=dim)))
    for _ in range(draw(st.integers(0, 2))):
        pairs = draw(st.lists(st.tuples(OFFSETS, SPANS if draw(st.integers(0, 4)) == 0 else st.integers(1, 5)),
                              min_size=dim, max_size=dim))
        t = sliceTensorLayoutNV(t, *[x for pair in pairs for x in pair])
    return setTensorLayoutClampValueNV(t, draw(st.integers(0, 0xFFFF_FFFF)))


@st.composite
def views(draw: st.DrawFn, layout: TensorLayout) -> TensorView | None:
    if draw(st.integers(0, 2)) == 0:
        return None
    has_dimensions = draw(st.booleans())
    dim = draw(st.integers(1, 5)) if has_dimensions else layout.dim
    v = createTensorViewNV(dim, has_dimensions, *draw(st.permutations(range(dim))))
    if has_dimensions:
        v = setTensorViewDimensionsNV(v, *draw(st.lists(st.integers(1, 5), min_size=dim, max_size=dim)))
        if draw(st.integers(0, 3)) == 0:
            v = setTensorViewStrideNV(v, *draw(st.lists(st.integers(0, 30), min_size=dim, max_size=dim)))
    if draw(st.booleans()):
        spans = st.integers(0, 9) | st.just(0xFFFF_FFFF)
        v = setTensorViewClipNV(v, draw(st.integers(0, 3)), draw(spans), draw(st.integers(0, 3)), draw(spans))
    return v


def max_in_bounds_index(t: TensorLayout) -> int:
    return sum(max(-(-d // max(b, 1)) - 1, 0) * s for d, b, s in zip(t.dimension, t.block_size, t.stride))


def outcome(call):
    try:
        return call()
    except ERRORS as error:
        return type(error)


def same(engine, expected) -> bool:
    if isinstance(expected, type) or isinstance(engine, type):
        return engine is expected
    return engine.tobytes() == expected.tobytes()


@st.composite
def memory_for(draw: st.DrawFn, t: TensorLayout, unit: int) -> tuple[np.ndarray, int]:
    pointer = draw(st.sampled_from([0, 16, 32])) + (4 if draw(st.integers(0, 15)) == 0 else 0)
    size = pointer + (max_in_bounds_index(t) + 1) * unit + draw(st.integers(-2 * unit, 24))
    size = max(size, pointer)
    data = draw(st.binary(min_size=size, max_size=size))
    return np.frombuffer(data, np.uint8).copy(), pointer


def assert_addresses_match(t: TensorLayout, v: TensorView | None, m: int, n: int, store: bool, strict: bool) -> None:
    engine = outcome(lambda: tensor_element_addresses((m, n), t, v, store=store, strict=strict))
    expected = outcome(lambda: oracle.all_elements(t, v, m, n, store, strict))
    if isinstance(expected, type) or isinstance(engine, type):
        assert engine is expected
        return
    for r in range(m):
        for c in range(n):
            e = expected[r][c]
            assert ElementStatus(engine.status[r, c]).name.lower() == e.status, (r, c)
            if e.status in ("in_bounds", "clamped", "undefined"):
                assert int(engine.index[r, c]) == e.index, (r, c)
                assert tuple(engine.block_coord[r, c]) == e.block_coord, (r, c)
                assert tuple(engine.coord_in_block[r, c]) == e.coord_in_block, (r, c)
            else:
                assert engine.index[r, c] == 0 and not engine.block_coord[r, c].any(), (r, c)


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.data())
def test_element_addresses_match_the_pseudocode(data: st.DataObject) -> None:
    t = data.draw(layouts())
    v = data.draw(views(t))
    m, n = data.draw(st.integers(1, 8)), data.draw(st.integers(1, 8))
    assert_addresses_match(t, v, m, n, data.draw(st.booleans()), data.draw(st.booleans()))


@settings(max_examples=EXAMPLES // 2, deadline=None)
@given(st.data())
def test_layouts_sharing_a_shape_span_and_view_match_the_pseudocode_one_after_another(data: st.DataObject) -> None:
    """The tiles of one kernel: the same span and view, other offsets, dimensions, strides and modes."""
    t = data.draw(layouts())
    v = data.draw(views(t))
    m, n = data.draw(st.integers(1, 8)), data.draw(st.integers(1, 8))
    for _ in range(3):
        other = data.draw(layouts(dim=t.dim))
        other = sliceTensorLayoutNV(other, *[x for d in range(t.dim) for x in (data.draw(OFFSETS), t.span[d])])
        assert other.span == t.span
        assert_addresses_match(other, v, m, n, data.draw(st.booleans()), data.draw(st.booleans()))


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.data())
def test_loads_match_the_pseudocode(data: st.DataObject) -> None:
    t = data.draw(layouts())
    v = data.draw(views(t))
    dtype = data.draw(st.sampled_from(DTYPES))
    m, n = data.draw(st.integers(1, 8)), data.draw(st.integers(1, 8))
    memory, pointer = data.draw(memory_for(t, dtype.itemsize))
    obj = np.frombuffer(data.draw(st.binary(min_size=m * n * dtype.itemsize, max_size=m * n * dtype.itemsize)),
                        dtype).reshape(m, n)
    strict = data.draw(st.booleans())
    engine = outcome(lambda: load_tensor(memory, (m, n), t, dtype, view=v, pointer_offset=pointer, obj=obj,
                                         strict=strict))
    expected = outcome(lambda: oracle.oracle_load(memory, pointer, (m, n), t, v, dtype, obj, strict=strict))
    assert same(engine, expected)


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.data())
def test_stores_match_the_pseudocode(data: st.DataObject) -> None:
    t = data.draw(layouts(blocks=data.draw(st.integers(0, 7)) == 0))
    v = data.draw(views(t))
    dtype = data.draw(st.sampled_from(DTYPES))
    m, n = data.draw(st.integers(1, 8)), data.draw(st.integers(1, 8))
    memory, pointer = data.draw(memory_for(t, dtype.itemsize))
    raw = data.draw(st.binary(min_size=m * n * dtype.itemsize, max_size=m * n * dtype.itemsize))
    values = np.frombuffer(raw, dtype).reshape(m, n)
    if data.draw(st.booleans()):                 # few distinct values: repeated addresses often agree
        values = np.frombuffer(bytes(b & 1 for b in raw), dtype).reshape(m, n)
    strict = data.draw(st.booleans())
    expected = outcome(lambda: oracle.oracle_store(memory, pointer, values, t, v, strict=strict))
    target = memory.copy()
    engine = outcome(lambda: store_tensor(target, values, t, view=v, pointer_offset=pointer, strict=strict))
    if isinstance(expected, type) or isinstance(engine, type):
        assert engine is expected
    else:
        assert target.tobytes() == expected.tobytes()


BLOCK_BYTES = 6
WEIGHTS = np.array([1, 3, 5, 7, 11, 13], np.int64)


def decode_all(blocks, block_coord: np.ndarray, coord_in_block: np.ndarray) -> np.ndarray:
    """A DecodeFunc over every element at once: a checksum of the block plus both coordinates."""
    checksum = (blocks.raw().astype(np.int64) * WEIGHTS).sum(axis=1)
    weights = np.arange(1, coord_in_block.shape[1] + 1)
    total = checksum + 100 * block_coord.sum(axis=1) + 1000 * (coord_in_block * weights).sum(axis=1)
    return (total & 0x7FFF_FFFF).astype(np.int32)      # permissive Undefined coordinates reach 2^32


def decode_one(block: bytes, block_coord: tuple[int, ...], coord_in_block: tuple[int, ...]) -> int:
    """The same DecodeFunc for one element, as the oracle calls it."""
    checksum = sum(b * w for b, w in zip(block, WEIGHTS.tolist()))
    total = checksum + 100 * sum(block_coord) + 1000 * sum((k + 1) * c for k, c in enumerate(coord_in_block))
    return total & 0x7FFF_FFFF


@settings(max_examples=EXAMPLES // 2, deadline=None)
@given(st.data())
def test_decode_loads_match_the_pseudocode(data: st.DataObject) -> None:
    t = data.draw(layouts())
    v = data.draw(views(t))
    m, n = data.draw(st.integers(1, 8)), data.draw(st.integers(1, 8))
    memory, pointer = data.draw(memory_for(t, BLOCK_BYTES))
    strict = data.draw(st.booleans())
    obj = np.full((m, n), -7, np.int32)
    engine = outcome(lambda: load_tensor(memory, (m, n), t, np.int32, view=v, pointer_offset=pointer, obj=obj,
                                         decode=decode_all, block_bytes=BLOCK_BYTES, strict=strict))
    expected = outcome(lambda: oracle.oracle_load(memory, pointer, (m, n), t, v, np.dtype(np.int32), obj,
                                                  decode_one=decode_one, block_bytes=BLOCK_BYTES, strict=strict))
    assert same(engine, expected)
