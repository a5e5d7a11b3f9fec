"""LoadTensor/StoreTensor rules: each bad input rejected by name, each undefined case reported in strict
mode and given its documented result in permissive mode, and memory given as dxlinalg buffers."""

from __future__ import annotations

import ml_dtypes
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
from dxlinalg.coopmat import tensor_rules as rules
from dxlinalg.coopmat.tensor_memory import DecodeBlocks
from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.gpu.resources import BufferBinding, BufferRange
from dxlinalg.memory.address_space import AddressSpace
from dxlinalg.profile.model import CooperativeMatrixSettings


def layout_2d(rows: int, cols: int, mode: ClampMode = ClampMode.Undefined):
    return setTensorLayoutDimensionNV(createTensorLayoutNV(2, mode), rows, cols)


def floats(count: int) -> np.ndarray:
    return np.arange(count, dtype=np.float32)


# -- operands ---------------------------------------------------------------------------------------
def test_pointer_must_be_16_byte_aligned_in_strict_mode() -> None:
    memory = floats(64).view(np.uint8)
    t = layout_2d(4, 4)
    with pytest.raises(UndefinedBehaviorError, match="Pointer .* = 0x4 must be a multiple of 16 bytes"):
        load_tensor(memory, (4, 4), t, np.float32, pointer_offset=4)
    loaded = load_tensor(memory, (4, 4), t, np.float32, pointer_offset=4, strict=False)
    assert np.array_equal(loaded, floats(17)[1:].reshape(4, 4))      # the element offsets need no alignment
    with pytest.raises(UndefinedBehaviorError, match="multiple of 16 bytes"):
        store_tensor(memory.copy(), np.zeros((4, 4), np.float32), t, pointer_offset=8)


def test_alignment_is_judged_on_the_buffer_address_plus_offset() -> None:
    space = AddressSpace()
    buffer = space.allocate(256, "weights")
    buffer.data[:] = np.arange(256, dtype=np.uint8)
    t = layout_2d(2, 4)
    assert load_tensor(buffer, (2, 4), t, np.uint8, pointer_offset=16)[1, 0] == 20
    with pytest.raises(UndefinedBehaviorError, match="weights"):
        load_tensor(BufferBinding(buffer, 8), (2, 4), t, np.uint8)
    assert load_tensor(BufferBinding(buffer, 8), (2, 4), t, np.uint8, pointer_offset=8)[0, 0] == 16


def test_pointer_offset_must_lie_in_the_memory() -> None:
    with pytest.raises(InvalidArgumentError, match="pointer_offset 80 must be a byte offset inside"):
        load_tensor(np.zeros(64, np.uint8), (1, 1), layout_2d(1, 1), np.uint8, pointer_offset=80)
    with pytest.raises(InvalidArgumentError, match="pointer_offset -16"):
        load_tensor(np.zeros(64, np.uint8), (1, 1), layout_2d(1, 1), np.uint8, pointer_offset=-16)


def test_memory_must_be_bytes_or_a_buffer() -> None:
    with pytest.raises(InvalidArgumentError, match="1-D uint8 array"):
        load_tensor(floats(16), (2, 2), layout_2d(2, 2), np.float32)
    with pytest.raises(InvalidArgumentError, match="not a raw buffer handle"):
        load_tensor([0] * 16, (2, 2), layout_2d(2, 2), np.uint8)
    read_only = BufferRange(np.zeros(64, np.uint8), 0, 0, False, "srv")
    with pytest.raises(InvalidArgumentError, match="read-only"):
        store_tensor(read_only, np.zeros((2, 2), np.uint8), layout_2d(2, 2))


@pytest.mark.parametrize("shape", [(0, 4), (4, 0), (2,), (1.5, 2)])
def test_matrix_shapes_need_positive_rows_and_columns(shape) -> None:
    with pytest.raises(InvalidArgumentError, match="shape|rows|columns"):
        load_tensor(np.zeros(64, np.uint8), shape, layout_2d(4, 4), np.uint8)


@pytest.mark.parametrize("dtype", [np.complex64, np.dtype("i4,i4"), np.bool_, np.dtype("S2"), np.dtype("V2")])
def test_component_types_are_scalars_of_1_2_4_or_8_bytes(dtype) -> None:
    with pytest.raises(InvalidArgumentError, match="must be a scalar of 1, 2, 4 or 8 bytes"):
        load_tensor(np.zeros(64, np.uint8), (2, 2), layout_2d(2, 2), dtype)


def test_component_types_must_be_dtypes() -> None:
    with pytest.raises(InvalidArgumentError, match="component type 'half-ish' is not a numpy dtype"):
        load_tensor(np.zeros(64, np.uint8), (2, 2), layout_2d(2, 2), "half-ish")


def test_ml_dtypes_floats_are_component_types() -> None:
    memory = np.array([0x38, 0x40, 0x44, 0x48], np.uint8)           # e4m3: 1, 2, 3, 4
    loaded = load_tensor(memory, (2, 2), layout_2d(2, 2), ml_dtypes.float8_e4m3fn)
    assert loaded.astype(np.float32).tolist() == [[1, 2], [3, 4]]


def test_object_must_have_the_result_type() -> None:
    t = layout_2d(2, 2)
    with pytest.raises(InvalidArgumentError, match="'Object' must have the same type as 'Result Type'"):
        load_tensor(np.zeros(64, np.uint8), (2, 2), t, np.float32, obj=np.zeros((2, 2), np.float16))
    with pytest.raises(InvalidArgumentError, match="Object is float32 \\(2, 3\\)"):
        load_tensor(np.zeros(64, np.uint8), (2, 2), t, np.float32, obj=np.zeros((2, 3), np.float32))


def test_layout_and_view_arguments_are_checked() -> None:
    with pytest.raises(InvalidArgumentError, match="must be a TensorLayout"):
        load_tensor(np.zeros(64, np.uint8), (2, 2), createTensorViewNV(2), np.uint8)
    with pytest.raises(InvalidArgumentError, match="must be a TensorView"):
        load_tensor(np.zeros(64, np.uint8), (2, 2), layout_2d(2, 2), np.uint8, view=layout_2d(2, 2))
    with pytest.raises(InvalidArgumentError, match="must be a TensorLayout"):
        store_tensor(np.zeros(64, np.uint8), np.zeros((2, 2), np.uint8), None)


def test_a_view_without_dimensions_must_match_the_layout_dimension_count() -> None:
    with pytest.raises(InvalidArgumentError, match="hasDimensions = false.*3 dimensions must match the layout's 2"):
        tensor_element_addresses((2, 2), layout_2d(2, 2), createTensorViewNV(3))
    own = setTensorViewDimensionsNV(createTensorViewNV(3, True), 1, 2, 2)
    assert tensor_element_addresses((2, 2), layout_2d(2, 2), own).index.tolist() == [[0, 1], [2, 3]]


def test_stores_take_no_block_size_above_1_and_no_decode_func() -> None:
    t = setTensorLayoutDimensionNV(setTensorLayoutBlockSizeNV(createTensorLayoutNV(2), 1, 2), 4, 4)
    with pytest.raises(UndefinedBehaviorError, match="block size \\[1, 2\\] is larger than 1.*data races"):
        store_tensor(np.zeros(64, np.uint8), np.zeros((2, 2), np.uint8), t)
    with pytest.raises(InvalidArgumentError, match="DecodeFunc is not allowed with OpCooperativeMatrixStoreTensorNV"):
        rules.check_tensor_addressing_operands(0x3, is_store=True, op="OpCooperativeMatrixStoreTensorNV")
    assert rules.check_tensor_addressing_operands(0x3, is_store=False, op="load") == 0x3
    with pytest.raises(InvalidArgumentError, match="bits other than TensorView 0x1 and DecodeFunc 0x2"):
        rules.check_tensor_addressing_operands(0x4, is_store=False, op="load")


def test_decode_func_pointers_live_in_storage_buffers() -> None:
    rules.check_decode_storage_class(12, "load")
    rules.check_decode_storage_class(5349, "load")
    with pytest.raises(InvalidArgumentError, match="storage class 4, but a DecodeFunc needs StorageBuffer"):
        rules.check_decode_storage_class(4, "load")


def test_decode_func_arguments_are_checked() -> None:
    t = layout_2d(2, 2)
    memory = np.zeros(64, np.uint8)
    with pytest.raises(InvalidArgumentError, match="DecodeFunc 3 must be callable"):
        load_tensor(memory, (2, 2), t, np.float32, decode=3, block_bytes=4)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="block_bytes = 0 must be the positive size"):
        load_tensor(memory, (2, 2), t, np.float32, decode=lambda b, c, i: c[:, 0], block_bytes=0)
    with pytest.raises(InvalidArgumentError, match="block_bytes is the DecodeFunc's block size"):
        load_tensor(memory, (2, 2), t, np.float32, block_bytes=4)
    with pytest.raises(InvalidArgumentError, match="DecodeFunc returned shape \\(4, 2\\) for 4 elements"):
        load_tensor(memory, (2, 2), t, np.float32, decode=lambda b, c, i: c, block_bytes=4)


def test_decode_blocks_give_each_elements_block_bytes() -> None:
    blocks = DecodeBlocks(np.arange(16, dtype=np.uint8), np.array([0, 4, 14]), 4)
    assert blocks.raw().tolist() == [[0, 1, 2, 3], [4, 5, 6, 7], [14, 15, 0, 0]]
    assert blocks.view(np.uint16).tolist() == [[0x100, 0x302], [0x504, 0x706], [0xF0E, 0]]
    assert DecodeBlocks(np.zeros(0, np.uint8), np.array([0]), 2).raw().tolist() == [[0, 0]]
    with pytest.raises(InvalidArgumentError, match="not a whole number of float64"):
        blocks.view(np.float64)


# -- undefined behaviour -----------------------------------------------------------------------------
def test_undefined_mode_out_of_bounds_is_reported_in_strict_mode() -> None:
    t = sliceTensorLayoutNV(layout_2d(4, 4), 1, 4, -1, 4)
    with pytest.raises(UndefinedBehaviorError, match=r"element \(0, 0\) has tensor coordinate -1 in dimension 1, "
                                                     r"outside \[0, 4\) with clamp mode Undefined"):
        load_tensor(floats(16).view(np.uint8), (4, 4), t, np.float32)
    with pytest.raises(UndefinedBehaviorError, match="clamp mode Undefined"):
        store_tensor(np.zeros(64, np.uint8), np.ones((4, 4), np.float32), t)


def test_undefined_mode_out_of_bounds_uses_the_unclamped_address_in_permissive_mode() -> None:
    t = sliceTensorLayoutNV(layout_2d(4, 4), 0, 2, 1, 4)     # column 4 is past the row: reads the next row
    addresses = tensor_element_addresses((2, 4), t, strict=False)
    assert addresses.status[0].tolist() == [ElementStatus.IN_BOUNDS] * 3 + [ElementStatus.UNDEFINED]
    loaded = load_tensor(floats(16).view(np.uint8), (2, 4), t, np.float32, strict=False)
    assert loaded.tolist() == [[1, 2, 3, 4], [5, 6, 7, 8]]
    below = sliceTensorLayoutNV(layout_2d(4, 4), -1, 1, 0, 1)  # row -1 wraps to 2^32 - 1: outside memory, reads 0
    assert load_tensor(floats(16).view(np.uint8), (1, 1), below, np.float32, strict=False)[0, 0] == 0


def test_accesses_outside_the_memory_are_reported_in_strict_mode_and_read_0_in_permissive() -> None:
    t = layout_2d(4, 4)
    memory = floats(12).view(np.uint8)
    with pytest.raises(UndefinedBehaviorError, match=r"element \(3, 0\) addresses bytes \[48, 52\) of numpy "
                                                     r"array, which has 48 bytes"):
        load_tensor(memory, (4, 4), t, np.float32)
    loaded = load_tensor(memory, (4, 4), t, np.float32, strict=False)
    assert loaded[3].tolist() == [0, 0, 0, 0] and loaded[2, 3] == 11
    target = memory.copy()
    store_tensor(target, np.full((4, 4), 7, np.float32), t, strict=False)
    assert (target.view(np.float32) == 7).all()
    with pytest.raises(UndefinedBehaviorError, match="outside"):
        store_tensor(memory.copy(), np.zeros((4, 4), np.float32), t)


def test_strides_against_set_strides_rule_are_reported_in_strict_mode() -> None:
    t = setTensorLayoutStrideNV(layout_2d(4, 4), 0, 1)        # broadcast row 0 to every row
    with pytest.raises(UndefinedBehaviorError, match=r"stride\[0\] = 0 is less than stride\[1\] 1 x ceil\(4 / 1\)"):
        load_tensor(floats(16).view(np.uint8), (4, 4), t, np.float32)
    broadcast = load_tensor(floats(16).view(np.uint8), (4, 4), t, np.float32, strict=False)
    assert (broadcast == np.arange(4, dtype=np.float32)).all()


def test_a_clip_range_past_2_to_the_32_is_reported_in_strict_mode_and_wraps_in_permissive() -> None:
    t = layout_2d(4, 4)
    v = setTensorViewClipNV(createTensorViewNV(2), 1, 0xFFFF_FFFF, 0, 0xFFFF_FFFF)
    with pytest.raises(UndefinedBehaviorError, match="clipRowOffset 1 \\+ clipRowSpan 0xffffffff"):
        tensor_element_addresses((4, 4), t, v)
    wrapped = tensor_element_addresses((4, 4), t, v, strict=False)
    assert (wrapped.status == ElementStatus.CLIPPED).all()     # rows < 1 or rows >= (1 + 0xFFFFFFFF) mod 2^32 = 0


def test_zero_divisors_are_reported_in_both_modes() -> None:
    fresh = createTensorLayoutNV(2)                            # span 0 until SetDimension or Slice
    for strict in (True, False):
        with pytest.raises(UndefinedBehaviorError, match="layout span \\[0, 0\\] has a 0.*linearToSpanCoord"):
            tensor_element_addresses((2, 2), fresh, strict=strict)
        no_dims = createTensorViewNV(2, True)                  # view dimensions 0 until SetDimension
        with pytest.raises(UndefinedBehaviorError, match="view dimensions \\[0, 0\\] has a 0"):
            tensor_element_addresses((2, 2), layout_2d(2, 2), no_dims, strict=strict)
    zero_block = setTensorLayoutBlockSizeNV(layout_2d(2, 2), 0, 1)
    with pytest.raises(UndefinedBehaviorError, match="block size \\[0, 1\\] has a 0.*spanCoordToTensorCoord"):
        tensor_element_addresses((2, 2), zero_block, strict=False)


def test_nothing_is_divided_when_the_view_clips_every_element() -> None:
    v = setTensorViewClipNV(createTensorViewNV(2), 0, 0, 0, 0)
    addresses = tensor_element_addresses((2, 2), createTensorLayoutNV(2), v)
    assert (addresses.status == ElementStatus.CLIPPED).all()


@pytest.mark.parametrize("mode", [ClampMode.ClampToEdge, ClampMode.Repeat, ClampMode.MirrorRepeat])
def test_clamping_into_a_dimension_of_0_is_reported_or_read_as_the_clamp_value(mode: ClampMode) -> None:
    t = layout_2d(0, 4, mode)
    t = sliceTensorLayoutNV(t, 0, 2, 0, 4)
    with pytest.raises(UndefinedBehaviorError, match=f"layout dimension 0 is 0, so clamp mode {mode.name}"):
        load_tensor(np.zeros(64, np.uint8), (2, 4), t, np.uint8)
    loaded = load_tensor(np.zeros(64, np.uint8), (2, 4), setTensorLayoutClampValueNV(t, 0x1FF), np.uint8,
                         strict=False)
    assert (loaded == 0xFF).all()


def test_conflicting_stores_are_reported_in_strict_mode_and_the_row_major_last_wins_in_permissive() -> None:
    one_row = sliceTensorLayoutNV(layout_2d(2, 2), 0, 1, 0, 2)   # span of one row: both matrix rows land on row 0
    values = np.array([[1, 2], [3, 4]], np.uint8)
    with pytest.raises(UndefinedBehaviorError, match=r"elements \(0, 0\) and \(1, 0\) store different values to "
                                                     r"byte offset 0"):
        store_tensor(np.zeros(16, np.uint8), values, one_row)
    memory = np.zeros(16, np.uint8)
    store_tensor(memory, values, one_row, strict=False)
    assert memory[:4].tolist() == [3, 4, 0, 0]
    memory = np.zeros(16, np.uint8)
    store_tensor(memory, np.array([[5, 6], [5, 6]], np.uint8), one_row)    # equal values: no conflict
    assert memory[:4].tolist() == [5, 6, 0, 0]


def test_stores_report_which_elements_were_written() -> None:
    t = sliceTensorLayoutNV(layout_2d(3, 3, ClampMode.ClampToEdge), 1, 3, 1, 3)
    memory = np.zeros(9, np.uint8)
    written = store_tensor(memory, np.full((3, 3), 9, np.uint8), t)
    expected = np.array([[0, 0, 2], [0, 0, 2], [2, 2, 2]])    # stores never clamp: out of bounds is discarded
    assert (written.status == expected).all()
    assert memory.reshape(3, 3).tolist() == [[0, 0, 0], [0, 9, 9], [0, 9, 9]]


def test_stores_to_a_buffer_bump_its_write_version() -> None:
    buffer = AddressSpace().allocate(64, "out")
    before = buffer.version
    store_tensor(buffer, np.ones((2, 2), np.uint16), layout_2d(2, 2))
    assert buffer.version == before + 1 and buffer.data[:8].tolist() == [1, 0, 1, 0, 1, 0, 1, 0]


def test_store_values_must_be_a_matrix() -> None:
    with pytest.raises(InvalidArgumentError, match="Object must be a matrix"):
        store_tensor(np.zeros(16, np.uint8), np.zeros(4, np.uint8), layout_2d(2, 2))


def test_a_block_size_of_0_is_a_zero_divisor_in_both_modes_even_where_strides_are_checked() -> None:
    """SetStride's rule takes ceil(dimension / blockSize); a 0 there is the pseudocode's zero divisor."""
    t = setTensorLayoutBlockSizeNV(layout_2d(2, 2), 1, 0)
    for strict in (True, False):
        with pytest.raises(UndefinedBehaviorError, match="block size \\[1, 0\\] has a 0.*spanCoordToTensorCoord"):
            load_tensor(np.zeros(64, np.uint8), (2, 2), t, np.uint8, strict=strict)


def test_a_zero_block_size_is_reached_only_by_elements_not_terminated_before_it() -> None:
    """Dimension by dimension: bounds (Constant terminates), then the division by the block size."""
    t = sliceTensorLayoutNV(layout_2d(2, 2, ClampMode.Constant), 0, 2, -5, 2)     # dimension 1 terminates
    late_zero = setTensorLayoutBlockSizeNV(t, 1, 0)
    assert (tensor_element_addresses((2, 2), late_zero).status == ElementStatus.OUT_OF_BOUNDS).all()
    early_zero = setTensorLayoutBlockSizeNV(t, 0, 1)          # dimension 0 divides before 1 terminates
    with pytest.raises(UndefinedBehaviorError, match="block size \\[0, 1\\] has a 0"):
        tensor_element_addresses((2, 2), early_zero)


# -- the engine's cache and memory paths ----------------------------------------------------------------
def test_changing_a_returned_address_array_changes_no_later_result() -> None:
    """Addresses are computed from cached per-shape tables; what a caller gets back is its own."""
    t = sliceTensorLayoutNV(layout_2d(6, 6, ClampMode.Repeat), -1, 4, 3, 4)
    first = tensor_element_addresses((4, 4), t)
    expected = (first.status.copy(), first.index.copy(), first.block_coord.copy(), first.coord_in_block.copy())
    for array in (first.status, first.index, first.block_coord, first.coord_in_block):
        array[...] = 1
    again = tensor_element_addresses((4, 4), t)
    for got, want in zip((again.status, again.index, again.block_coord, again.coord_in_block), expected):
        assert np.array_equal(got, want)


def test_a_strided_byte_array_is_memory_too() -> None:
    """A non-contiguous uint8 handle cannot be viewed as wider elements; loads and stores move bytes instead."""
    backing = np.zeros(256, np.uint8)
    strided = backing[::2]
    strided[:] = np.arange(128, dtype=np.uint8)
    t = sliceTensorLayoutNV(layout_2d(8, 8), 1, 3, 2, 4)
    contiguous = np.ascontiguousarray(strided)
    assert np.array_equal(load_tensor(strided, (3, 4), t, np.uint16), load_tensor(contiguous, (3, 4), t, np.uint16))
    values = np.arange(12, dtype=np.uint16).reshape(3, 4) + 1000
    store_tensor(strided, values, t)
    store_tensor(contiguous, values, t)
    assert np.array_equal(strided, contiguous) and not backing[1::2].any()


def _block_store(mode: str, block: tuple[int, int]) -> np.ndarray:
    """A 2 x 4 store of 1..8 (uint8) through a 4 x 4 layout of block size `block`, permissive mode."""
    t = setTensorLayoutDimensionNV(setTensorLayoutBlockSizeNV(createTensorLayoutNV(2), *block), 4, 4)
    memory = np.zeros(16, np.uint8)
    settings = CooperativeMatrixSettings(store_block_size=mode)
    store_tensor(memory, np.arange(1, 9, dtype=np.uint8).reshape(2, 4), t, strict=False, settings=settings)
    return memory


def test_permissive_block_size_store_follows_the_profile() -> None:
    # setTensorLayoutDimensionNV made the strides (2, 1): a row holds 4 / 2 blocks.
    # "blocks": element (r, c) writes block (r, c // 2) = address 2 r + c // 2; the row-major last lands
    assert _block_store("blocks", (1, 2)).tolist()[:6] == [2, 4, 6, 8, 0, 0]
    # "ignored": element (r, c) writes 2 r + c (the strides kept): row 1 overwrites row 0's last two
    assert _block_store("ignored", (1, 2)).tolist()[:6] == [1, 2, 5, 6, 7, 8]


def test_a_block_size_of_one_stores_the_same_either_way() -> None:
    assert _block_store("ignored", (1, 1)).tolist() == _block_store("blocks", (1, 1)).tolist()
