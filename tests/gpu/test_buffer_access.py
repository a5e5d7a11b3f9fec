"""Raw-buffer loads and stores: types, per-lane offsets, alignment, bounds and the active mask."""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.gpu import ByteAddressBufferView, RWByteAddressBufferView, if_, resolve_handle, standalone_lanes
from dxlinalg.gpu.types import float16_t, float32_t, int16_t, int32_t, uint32_t, vector
from dxlinalg.memory.address_space import AddressSpace


@pytest.fixture
def buffers():
    space = AddressSpace()
    data = space.allocate(256, "data")
    data.data[:] = np.arange(256, dtype=np.uint8)
    return RWByteAddressBufferView(resolve_handle(data, "data")), data


def test_loads_of_every_hlsl_type_at_per_lane_offsets(buffers):
    view, data = buffers
    with standalone_lanes(3):
        offsets = np.array([0, 16, 64])
        assert np.array_equal(view.Load(offsets), data.data.view(np.uint32)[[0, 4, 16]])
        assert np.array_equal(view.Load4(offsets), data.data.view(np.uint32).reshape(-1, 4)[[0, 1, 4]])
        assert view.Load3(8).shape == (3, 3) and view.Load2(8).dtype == np.uint32
        halves = view.Load[vector[float16_t, 8]](offsets + 2)
        assert halves.dtype == np.float16 and np.array_equal(halves[1], data.data[18:34].view(np.float16))
        assert view.Load[int16_t](np.array([2, 4, 6])).tolist() == data.data[2:8].view(np.int16).tolist()
        assert view.Load[float32_t](4).dtype == np.float32
        assert view.GetDimensions() == 256


def test_stores_deduce_or_convert_the_type(buffers):
    view, data = buffers
    with standalone_lanes(2):
        view.Store(np.array([0, 4]), 7)
        view.Store[float16_t](np.array([8, 10]), np.array([1.5, 2.25]))      # float -> half on store
        view.Store(np.array([16, 32]), np.array([[1, 2], [3, 4]], np.int32))
        view.Store4(48, np.array([9, 8, 7, 6]))
        view.Store[vector[float32_t, 2]](64, np.array([[0.5, 1.0], [0.5, 1.0]]))
    assert data.data[:8].view(np.uint32).tolist() == [7, 7]
    assert data.data[8:12].view(np.float16).tolist() == [1.5, 2.25]
    assert data.data[16:24].view(np.int32).tolist() == [1, 2] and data.data[32:40].view(np.int32).tolist() == [3, 4]
    assert data.data[48:64].view(np.uint32).tolist() == [9, 8, 7, 6]
    assert data.data[64:72].view(np.float32).tolist() == [0.5, 1.0]


@pytest.mark.parametrize("access", ["Load", "Load4", "Store"])
def test_misaligned_addresses_are_undefined(buffers, access):
    view, _ = buffers
    with standalone_lanes(2):
        with pytest.raises(UndefinedBehaviorError, match=r"offset 6 \(lane 1\) must be 4-byte aligned"):
            if access == "Store":
                view.Store(np.array([0, 6]), 1)
            else:
                getattr(view, access)(np.array([0, 6]))


def test_half_loads_need_only_2_byte_alignment(buffers):
    view, _ = buffers
    with standalone_lanes(1):
        view.Load[float16_t](2)
        with pytest.raises(UndefinedBehaviorError, match="2-byte aligned"):
            view.Load[float16_t](3)


def test_out_of_bounds_is_undefined_strict_and_bounds_checked_when_permissive():
    data = AddressSpace().allocate(64, "small")
    data.data[:] = 1
    view = RWByteAddressBufferView(resolve_handle(data, "small"))
    with standalone_lanes(2):
        with pytest.raises(UndefinedBehaviorError, match=r"bytes \[64, 80\) \(lane 1\) are outside small of 64 bytes"):
            view.Load4(np.array([0, 64]))
    with standalone_lanes(2, strict=False):
        assert view.Load4(np.array([48, 64])).tolist() == [[0x01010101] * 4, [0] * 4]
        view.Store(np.array([60, 64]), np.array([5, 6]))
    assert data.data[60:64].view(np.uint32).tolist() == [5]


def test_inactive_lanes_neither_access_nor_fault(buffers):
    view, data = buffers
    before = data.data.copy()
    with standalone_lanes(4):
        with if_(np.array([True, False, True, False])):
            loaded = view.Load(np.array([0, 3, 8, 100_000]))
            view.Store(np.array([200, 201, 204, -9]), np.array([1, 2, 3, 4]))
    assert loaded.tolist() == [before[:4].view(np.uint32)[0], 0, before[8:12].view(np.uint32)[0], 0]
    assert data.data[200:208].view(np.uint32).tolist() == [1, 3]
    assert np.array_equal(np.delete(data.data, range(200, 208)), np.delete(before, range(200, 208)))


def test_read_only_views_have_no_stores(buffers):
    _, data = buffers
    view = ByteAddressBufferView(resolve_handle(data, "data"))
    assert not hasattr(view, "Store")


def test_store_values_must_have_one_row_per_lane(buffers):
    view, _ = buffers
    with standalone_lanes(3):
        with pytest.raises(InvalidArgumentError, match=r"Store4: value of shape \(3, 2\) does not fit"):
            view.Store4(0, np.zeros((3, 2), np.uint32))


def test_typed_values_convert_like_hlsl():
    assert int32_t(np.array([2.7, -2.7, np.nan, 1e20])).tolist() == [2, -2, 0, 2**31 - 1]
    assert uint32_t(np.array([-1])).tolist() == [2**32 - 1]
    assert float16_t(np.array([1 + 2**-11])).tolist() == [1.0]          # ties to even
    assert vector[float16_t, 3](0.5).tolist() == [0.5, 0.5, 0.5]
