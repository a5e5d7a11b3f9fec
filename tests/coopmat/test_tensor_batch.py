"""Batched tensor loads and stores (one slice per scope instance) against load_tensor/store_tensor per instance."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.coopmat.glsl_tensor import (
    createTensorLayoutNV,
    createTensorViewNV,
    setTensorLayoutBlockSizeNV,
    setTensorLayoutClampValueNV,
    setTensorLayoutDimensionNV,
    setTensorViewClipNV,
    sliceTensorLayoutNV,
)
from dxlinalg.coopmat.tensor_batch import (
    instance_layout,
    load_tensor_instances,
    store_tensor_instances,
)
from dxlinalg.coopmat.tensor_enums import ClampMode
from dxlinalg.coopmat.tensor_memory import load_tensor, store_tensor
from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError

MODES = [int(m) for m in ClampMode]


def layout_2d(mode: int, rows: int, cols: int, block: tuple[int, int] = (1, 1), clamp_value: int = 0):
    layout = createTensorLayoutNV(2, mode)
    if block != (1, 1):
        layout = setTensorLayoutBlockSizeNV(layout, *block)
    layout = setTensorLayoutDimensionNV(layout, rows, cols)
    return setTensorLayoutClampValueNV(layout, clamp_value)


def memory_of(values: np.ndarray, spare: int = 64) -> np.ndarray:
    raw = np.zeros(values.nbytes + spare, np.uint8)
    raw[: values.nbytes] = values.view(np.uint8).reshape(-1)
    return raw


@settings(max_examples=80, deadline=None)
@given(mode=st.sampled_from(MODES), rows=st.integers(1, 9), cols=st.integers(1, 9), m=st.integers(1, 5),
       n=st.integers(1, 5), instances=st.integers(1, 4), clip=st.booleans(), block=st.sampled_from([(1, 1), (2, 1)]),
       data=st.data())
def test_batched_loads_equal_one_load_per_instance(mode, rows, cols, m, n, instances, clip, block, data):
    tensor = np.arange(rows * cols, dtype=np.int32).reshape(rows, cols) + 1000
    memory = memory_of(tensor)
    base = sliceTensorLayoutNV(layout_2d(mode, rows, cols, block, clamp_value=7), data.draw(st.integers(-2, 2)), m,
                               data.draw(st.integers(-2, 2)), n)
    offsets = np.array(data.draw(st.lists(st.tuples(st.integers(-4, rows + 2), st.integers(-4, cols + 2)),
                                          min_size=instances, max_size=instances)), np.int64)
    pointers = 16 * np.array(data.draw(st.lists(st.integers(0, 1), min_size=instances, max_size=instances)), np.int64)
    view = setTensorViewClipNV(createTensorViewNV(2), 1, m, 0, n - 1) if clip else None
    obj = np.full((instances, m, n), -5, np.int32)
    expected, error = [], None
    for i in range(instances):
        try:
            expected.append(load_tensor(memory, (m, n), instance_layout(base, offsets, i), np.int32, view=view,
                                        pointer_offset=int(pointers[i]), obj=obj[i], strict=False))
        except (InvalidArgumentError, UndefinedBehaviorError) as caught:
            error = type(caught)
            break
    if error is not None:
        with pytest.raises(error):
            load_tensor_instances(memory, (m, n), base, np.int32, offsets, pointers, view=view, obj=obj, strict=False)
        return
    got = load_tensor_instances(memory, (m, n), base, np.int32, offsets, pointers, view=view, obj=obj, strict=False)
    assert np.array_equal(got, np.stack(expected))


@settings(max_examples=60, deadline=None)
@given(mode=st.sampled_from(MODES), rows=st.integers(1, 9), cols=st.integers(1, 9), m=st.integers(1, 5),
       n=st.integers(1, 5), instances=st.integers(1, 4), data=st.data())
def test_batched_stores_equal_one_store_per_instance_in_order(mode, rows, cols, m, n, instances, data):
    base = layout_2d(mode, rows, cols)
    offsets = np.array(data.draw(st.lists(st.tuples(st.integers(-3, rows), st.integers(-3, cols)),
                                          min_size=instances, max_size=instances)), np.int64)
    pointers = np.zeros(instances, np.int64)
    values = np.arange(instances * m * n, dtype=np.int32).reshape(instances, m, n) + 1
    expected = np.zeros(rows * cols * 4 + 64, np.uint8)
    got = expected.copy()
    try:
        for i in range(instances):
            store_tensor(expected, values[i], instance_layout(base, offsets, i), strict=False)
    except (InvalidArgumentError, UndefinedBehaviorError) as caught:
        with pytest.raises(type(caught)):
            store_tensor_instances(got, values, base, offsets, pointers, strict=False)
        return
    store_tensor_instances(got, values, base, offsets, pointers, strict=False)
    assert np.array_equal(got, expected)


def test_in_bound_tiles_take_the_linear_path_and_agree():
    tensor = np.arange(64 * 48, dtype=np.float32).reshape(64, 48)
    memory = memory_of(tensor)
    base = sliceTensorLayoutNV(layout_2d(int(ClampMode.Constant), 64, 48), 0, 16, 0, 16)
    offsets = np.array([[r, c] for r in range(0, 64, 16) for c in range(0, 48, 16)], np.int64)
    got = load_tensor_instances(memory, (16, 16), base, np.float32, offsets, np.zeros(len(offsets), np.int64))
    for i, (r, c) in enumerate(offsets):
        assert np.array_equal(got[i], tensor[r:r + 16, c:c + 16])


def test_strict_mode_reports_what_load_tensor_reports():
    memory = memory_of(np.zeros((4, 4), np.int32))
    base = sliceTensorLayoutNV(layout_2d(int(ClampMode.Undefined), 4, 4), 0, 2, 0, 2)
    offsets = np.array([[0, 0], [3, 3]], np.int64)
    with pytest.raises(UndefinedBehaviorError, match="Undefined"):
        load_tensor_instances(memory, (2, 2), base, np.int32, offsets, np.zeros(2, np.int64))


def test_bad_batch_operands_are_rejected():
    memory = memory_of(np.zeros((4, 4), np.int32))
    base = layout_2d(int(ClampMode.Constant), 4, 4)
    with pytest.raises(InvalidArgumentError, match="slice offsets"):
        load_tensor_instances(memory, (2, 2), base, np.int32, np.zeros((2, 3), np.int64), np.zeros(2, np.int64))
    with pytest.raises(InvalidArgumentError, match="pointer offsets"):
        load_tensor_instances(memory, (2, 2), base, np.int32, np.zeros((2, 2), np.int64), np.zeros(3, np.int64))
    with pytest.raises(InvalidArgumentError, match="Object"):
        store_tensor_instances(memory, np.zeros((2, 2), np.int32), base, np.zeros((2, 2), np.int64),
                               np.zeros(2, np.int64))


@pytest.mark.parametrize("rank", [1, 2])
def test_a_view_that_clips_every_element_skips_the_access(rank):
    # issue 23: a 1x1 matrix, layout dimension 5, view clip (0, 0, 0, 1) (row span 0) gave IndexError
    layout = setTensorLayoutDimensionNV(createTensorLayoutNV(rank, int(ClampMode.Undefined)), *([5] * rank))
    view = setTensorViewClipNV(createTensorViewNV(rank), 0, 0, 0, 1)
    memory = np.arange(64, dtype=np.uint8)
    offsets, pointers = np.zeros((2, rank), np.int64), np.zeros(2, np.int64)
    obj = np.array([[[9]], [[8]]], np.int32)
    got = load_tensor_instances(memory, (1, 1), layout, np.int32, offsets, pointers, view=view, obj=obj)
    assert got.tolist() == [[[9]], [[8]]]
    assert load_tensor(memory, (1, 1), layout, np.int32, view=view, obj=obj[0]).tolist() == [[9]]
    store_tensor_instances(memory, np.full((2, 1, 1), 77, np.int32), layout, offsets, pointers, view=view)
    store_tensor(memory, np.full((1, 1), 77, np.int32), layout, view=view)
    assert memory.tolist() == list(range(64))
