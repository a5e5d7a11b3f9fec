"""The edge cases issue 13 names, with dxlinalg's documented choices (docs/coopmat-tensor-addressing.md):
MirrorRepeat (the layout dimension, and a dimension of 1), the clip range's uint32 sums, SetStride's
ordering rule (strict mode only, judged at use), and a few facts the CTS and the GLSL text rely on."""

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
    setTensorLayoutDimensionNV,
    setTensorLayoutStrideNV,
    setTensorViewClipNV,
    setTensorViewDimensionsNV,
    setTensorViewStrideNV,
    sliceTensorLayoutNV,
    store_tensor,
    tensor_element_addresses,
)
from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.profile.model import CooperativeMatrixSettings

INT32_MIN, INT32_MAX = -(1 << 31), (1 << 31) - 1


def as_bytes(array: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(array).reshape(-1).view(np.uint8)


# -- MirrorRepeat ---------------------------------------------------------------------------------------
def test_mirror_repeat_uses_the_layout_dimension_not_the_loop_index() -> None:
    """Seed erratum: `c = (c >= dim) ? 2*dim-2-c : c` with dim the loop index would give negative
    coordinates for dimension 0; with the layout dimension it is numpy's reflect."""
    t = createTensorLayoutNV(1, ClampMode.MirrorRepeat)
    t = sliceTensorLayoutNV(setTensorLayoutDimensionNV(t, 4), -7, 20)
    assert tensor_element_addresses((1, 20), t).index[0].tolist() == np.pad(np.arange(4), (7, 9), "reflect").tolist()


@pytest.mark.parametrize("offset", [-2, -1, 1, 2, 1000, INT32_MIN, INT32_MAX - 4])
def test_mirror_repeat_on_a_dimension_of_1_maps_every_coordinate_to_the_one_element(offset: int) -> None:
    """2*1-2 = 0 would divide by zero: dxlinalg reads element 0, as ClampToEdge and Repeat do, in both modes."""
    image = np.array([7, 8, 9], np.float32)                   # one row of three
    for strict in (True, False):
        for mode in (ClampMode.MirrorRepeat, ClampMode.ClampToEdge, ClampMode.Repeat):
            t = setTensorLayoutDimensionNV(createTensorLayoutNV(2, mode), 1, 3)
            t = sliceTensorLayoutNV(t, offset, 5, 0, 3)
            addresses = tensor_element_addresses((5, 3), t, strict=strict)
            outside = (np.arange(5) + offset != 0)[:, None]
            assert (addresses.status == np.where(outside, ElementStatus.CLAMPED, ElementStatus.IN_BOUNDS)).all()
            assert (load_tensor(as_bytes(image), (5, 3), t, np.float32, strict=strict) == image).all()


def test_mirror_repeat_on_a_dimension_of_2_alternates() -> None:
    t = setTensorLayoutDimensionNV(createTensorLayoutNV(1, ClampMode.MirrorRepeat), 2)
    t = sliceTensorLayoutNV(t, -4, 10)
    assert tensor_element_addresses((1, 10), t).index[0].tolist() == [0, 1, 0, 1, 0, 1, 0, 1, 0, 1]


# -- the clip range: uint32 sums -------------------------------------------------------------------------
def test_the_default_clip_span_with_an_offset_wraps_and_is_reported_in_strict_mode() -> None:
    """clipRowOffset 2 + 0xFFFFFFFF wraps to 1: no row is >= 2 and < 1, so permissive mode clips everything."""
    t = setTensorLayoutDimensionNV(createTensorLayoutNV(2), 4, 4)
    v = setTensorViewClipNV(createTensorViewNV(2), 2, 0xFFFF_FFFF, 0, 0xFFFF_FFFF)
    with pytest.raises(UndefinedBehaviorError, match="clipRowOffset 2 \\+ clipRowSpan 0xffffffff .* wraps to 0x1"):
        load_tensor(np.zeros(64, np.uint8), (4, 4), t, np.float32, view=v)
    obj = np.full((4, 4), 3, np.float32)
    loaded = load_tensor(np.zeros(64, np.uint8), (4, 4), t, np.float32, view=v, obj=obj, strict=False)
    assert (loaded == 3).all()
    memory = np.zeros(64, np.uint8)
    store_tensor(memory, np.ones((4, 4), np.float32), t, view=v, strict=False)
    assert not memory.any()


def test_a_clip_range_ending_exactly_at_2_to_the_32_minus_1_does_not_wrap() -> None:
    t = setTensorLayoutDimensionNV(createTensorLayoutNV(2), 4, 4)
    v = setTensorViewClipNV(createTensorViewNV(2), 1, 0xFFFF_FFFE, 2, 0xFFFF_FFFD)
    status = tensor_element_addresses((4, 4), t, v).status
    kept = np.zeros((4, 4), bool)
    kept[1:, 2:] = True
    assert (status[kept] == ElementStatus.IN_BOUNDS).all() and (status[~kept] == ElementStatus.CLIPPED).all()


def test_the_clipped_rows_pack_by_the_clip_width() -> None:
    """width = min(N, clipColSpan): a clipped 4 x 6 matrix addresses its 2 x 3 window as a dense 2 x 3 span."""
    t = setTensorLayoutDimensionNV(createTensorLayoutNV(2), 2, 3)
    v = setTensorViewClipNV(createTensorViewNV(2), 1, 2, 2, 3)
    addresses = tensor_element_addresses((4, 6), t, v)
    assert addresses.index[1:3, 2:5].tolist() == [[0, 1, 2], [3, 4, 5]]
    assert (addresses.status[0] == ElementStatus.CLIPPED).all() and (addresses.status[:, :2] == ElementStatus.CLIPPED).all()


# -- SetStride's ordering rule: strict mode only, at use ----------------------------------------------
def test_set_stride_accepts_any_strides_and_the_rule_is_judged_at_use() -> None:
    t = setTensorLayoutStrideNV(setTensorLayoutDimensionNV(createTensorLayoutNV(2), 4, 4), 0, 1)
    assert t.stride == (0, 1)                                   # the setter itself rejects nothing
    memory = as_bytes(np.arange(16, dtype=np.float32))
    with pytest.raises(UndefinedBehaviorError, match=r"stride\[0\] = 0 is less than stride\[1\] 1 x ceil\(4 / 1\)"):
        load_tensor(memory, (4, 4), t, np.float32)
    with pytest.raises(UndefinedBehaviorError, match="OpTensorLayoutSetStrideNV 'Stride<i>' must be at least"):
        store_tensor(memory.copy(), np.zeros((4, 4), np.float32), t)
    broadcast = load_tensor(memory, (4, 4), t, np.float32, strict=False)
    assert (broadcast == np.arange(4, dtype=np.float32)).all()


def test_the_stride_rule_counts_blocks_of_the_next_dimension() -> None:
    """stride[0] >= stride[1] * ceil(10 / 4) = 3: 3 is fine, 2 is reported."""
    t = setTensorLayoutDimensionNV(setTensorLayoutBlockSizeNV(createTensorLayoutNV(2), 1, 4), 2, 10)
    assert t.stride == (3, 1)
    tensor_element_addresses((2, 3), sliceTensorLayoutNV(t, 0, 2, 0, 3))
    with pytest.raises(UndefinedBehaviorError, match=r"stride\[0\] = 2 is less than stride\[1\] 1 x ceil\(10 / 4\)"):
        tensor_element_addresses((2, 3), setTensorLayoutStrideNV(t, 2, 1))


def test_view_strides_have_no_rule_so_a_stride_0_view_broadcasts_in_strict_mode() -> None:
    """The CTS's matrixmuladd_stride0: tensorViewNV<2, true> with dimensions (M, N) and strides (0, 1)."""
    rows = np.arange(12, dtype=np.float32).reshape(3, 4)
    t = setTensorLayoutDimensionNV(createTensorLayoutNV(2), 3, 4)
    v = setTensorViewStrideNV(setTensorViewDimensionsNV(createTensorViewNV(2, True), 3, 4), 0, 1)
    assert (load_tensor(as_bytes(rows), (3, 4), t, np.float32, view=v) == rows[0]).all()


# -- facts the CTS and the GLSL text rely on ----------------------------------------------------------
def test_space_to_depth_of_a_single_channel_image_through_a_4d_view() -> None:
    height, width = 8, 12
    image = np.arange(height * width, dtype=np.int32).reshape(height, width)
    t = setTensorLayoutDimensionNV(createTensorLayoutNV(2), height, width)
    v = setTensorViewDimensionsNV(createTensorViewNV(4, True, 0, 2, 1, 3), height // 2, 2, width // 2, 2)
    matrix = load_tensor(as_bytes(image), (height // 2 * width // 2, 4), t, np.int32, view=v)
    expected = image.reshape(height // 2, 2, width // 2, 2).transpose(0, 2, 1, 3).reshape(-1, 4)
    assert np.array_equal(matrix, expected)


def test_the_final_index_is_scaled_by_the_element_size() -> None:
    t = sliceTensorLayoutNV(setTensorLayoutDimensionNV(createTensorLayoutNV(2), 4, 6), 1, 2, 2, 3)
    addresses = tensor_element_addresses((2, 3), t)
    assert addresses.index.tolist() == [[8, 9, 10], [14, 15, 16]]
    assert (addresses.byte_offsets(2) == 2 * addresses.index).all()
    source = np.arange(24, dtype=np.float64)
    assert np.array_equal(load_tensor(as_bytes(source), (2, 3), t, np.float64), source[addresses.index])


# -- the H100's choices (profile settings) ----------------------------------------------------------------
H100_EDGES = CooperativeMatrixSettings(clip_span_sum="unbounded", mirror_repeat_unit_innermost="index_zero")


def test_an_unbounded_clip_span_sum_keeps_the_rows_past_the_offset_without_a_report() -> None:
    """coopmat.clip_span_sum = unbounded: 2 + 0xFFFFFFFF is not wrapped, so rows from 2 on are loaded
    (packed from index 0) and strict mode has nothing to report."""
    t = setTensorLayoutDimensionNV(createTensorLayoutNV(2), 4, 4)
    v = setTensorViewClipNV(createTensorViewNV(2), 2, 0xFFFF_FFFF, 1, 0xFFFF_FFFF)
    memory = as_bytes(np.arange(16, dtype=np.float32))
    obj = np.full((4, 4), -1, np.float32)
    loaded = load_tensor(memory, (4, 4), t, np.float32, view=v, obj=obj, settings=H100_EDGES)
    expected = obj.copy()
    expected[2:, 1:] = [[0, 1, 2], [4, 5, 6]]             # width min(4, span) = 4
    assert loaded.tolist() == expected.tolist()
    target = np.zeros(64, np.uint8)
    store_tensor(target, np.arange(16, dtype=np.float32).reshape(4, 4) + 1, t, view=v, settings=H100_EDGES)
    assert target.view(np.float32).tolist()[:7] == [10, 11, 12, 0, 14, 15, 16]


def test_index_zero_mirror_repeat_reads_element_0_everywhere_when_the_innermost_dimension_is_1() -> None:
    image = as_bytes(np.arange(16, dtype=np.float32) + 5)
    t = setTensorLayoutDimensionNV(createTensorLayoutNV(2, ClampMode.MirrorRepeat), 16, 1)
    t = sliceTensorLayoutNV(t, 0, 4, 0, 4)
    h100 = load_tensor(image, (4, 4), t, np.float32, settings=H100_EDGES)
    assert (h100 == 5).all()
    assert (tensor_element_addresses((4, 4), t, settings=H100_EDGES).status == ElementStatus.CLAMPED).all()
    assert load_tensor(image, (4, 4), t, np.float32)[:, 0].tolist() == [5, 6, 7, 8]   # per_dimension: row r
    rows_of_one = sliceTensorLayoutNV(setTensorLayoutDimensionNV(createTensorLayoutNV(2, ClampMode.MirrorRepeat),
                                                                 1, 4), 0, 4, 0, 4)
    same = load_tensor(image, (4, 4), rows_of_one, np.float32, settings=H100_EDGES)
    assert same.tolist() == load_tensor(image, (4, 4), rows_of_one, np.float32).tolist()   # innermost is 4: unchanged


def test_where_two_elements_store_to_one_address_the_last_in_write_order_lands() -> None:
    """A span of 2 columns for a 1 x 4 matrix: elements 0 and 2 (and 1 and 3) share an address.
    Permissive mode keeps the row-major last, or the last in the caller's write order."""
    t = sliceTensorLayoutNV(setTensorLayoutDimensionNV(createTensorLayoutNV(1), 2), 0, 2)
    values = np.array([[10, 11, 12, 13]], np.float32)
    row_major = np.zeros(8, np.uint8)
    store_tensor(row_major, values, t, strict=False)
    assert row_major.view(np.float32).tolist() == [12, 13]
    reversed_order = np.zeros(8, np.uint8)
    store_tensor(reversed_order, values, t, strict=False, write_order=np.array([3, 2, 1, 0]))
    assert reversed_order.view(np.float32).tolist() == [10, 11]
    with pytest.raises(UndefinedBehaviorError, match="different values"):
        store_tensor(np.zeros(8, np.uint8), values, t, write_order=np.array([3, 2, 1, 0]))


@pytest.mark.parametrize("order", [np.array([0, 1, 2]), np.array([0.0, 1, 2, 3]), np.zeros((2, 2), np.int64)])
def test_a_write_order_needs_one_integer_per_element(order) -> None:
    t = setTensorLayoutDimensionNV(createTensorLayoutNV(1), 4)
    with pytest.raises(InvalidArgumentError, match="write_order"):
        store_tensor(np.zeros(16, np.uint8), np.zeros((1, 4), np.float32), t, write_order=order)
