"""Committed buffers: creation rules, GPU virtual addresses, Map/Unmap, Release."""

import numpy as np
import pytest

from d3d12_harness import buffer
from d3d12api import *  # noqa: F403


@pytest.fixture
def device():
    return D3D12CreateDevice()


def create(device, heap_type=D3D12_HEAP_TYPE_DEFAULT, desc=None, state=D3D12_RESOURCE_STATE_COMMON,
           heap_flags=D3D12_HEAP_FLAG_NONE, clear=None):
    return device.CreateCommittedResource(CD3DX12_HEAP_PROPERTIES(heap_type), heap_flags,
                                          desc if desc is not None else CD3DX12_RESOURCE_DESC.Buffer(256), state, clear)


def test_buffers_get_distinct_64k_aligned_addresses_with_unmapped_gaps(device):
    a = buffer(device, D3D12_HEAP_TYPE_DEFAULT, 100)
    b = buffer(device, D3D12_HEAP_TYPE_UPLOAD, 1 << 17)
    va_a, va_b = a.GetGPUVirtualAddress(), b.GetGPUVirtualAddress()
    assert va_a % 65536 == 0 and va_b % 65536 == 0 and va_b > va_a + 100
    assert device.resource_at(va_a + 99) is a and device.resource_at(va_a + 100) is None
    assert device.resource_at(va_b + (1 << 17) - 1) is b
    assert a.buffer.size == 100 and a.buffer.address == va_a


def test_get_desc_returns_the_description_with_the_placement_alignment(device):
    resource = buffer(device, D3D12_HEAP_TYPE_DEFAULT, 300, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS)
    desc = resource.GetDesc()
    assert (desc.Width, desc.Alignment, desc.Flags) == (300, 65536, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS)
    desc.Width = 1
    assert resource.GetDesc().Width == 300


def test_map_gives_a_writable_view_of_upload_and_readback_buffers(device):
    upload = buffer(device, D3D12_HEAP_TYPE_UPLOAD, 64)
    data = upload.Map(0, None)
    assert data.dtype == np.uint8 and data.shape == (64,)
    data[:4] = [1, 2, 3, 4]
    version = upload.buffer.version
    upload.Unmap(0, None)
    assert upload.buffer.version > version
    assert list(upload.Map(0, CD3DX12_RANGE(0, 0))[:4]) == [1, 2, 3, 4]
    readback = buffer(device, D3D12_HEAP_TYPE_READBACK, 64)
    assert readback.Map(0, D3D12_RANGE(0, 64)).size == 64


def test_unmap_with_an_empty_written_range_does_not_count_as_a_write(device):
    upload = buffer(device, D3D12_HEAP_TYPE_UPLOAD, 64)
    upload.Map(0, None)
    version = upload.buffer.version
    upload.Unmap(0, CD3DX12_RANGE(0, 0))
    assert upload.buffer.version == version


@pytest.mark.parametrize("debug", [True, False])
def test_default_heap_buffers_cannot_be_mapped(debug):
    device = D3D12CreateDevice(debug=debug)
    resource = buffer(device, D3D12_HEAP_TYPE_DEFAULT, 64)
    with pytest.raises(D3D12Error) as caught:
        resource.Map(0, None)
    assert caught.value.hr == E_INVALIDARG and "DEFAULT heap" in str(caught.value)
    assert isinstance(caught.value, D3D12DebugLayerError) == debug


@pytest.mark.parametrize("call", [lambda r: r.Map(1, None), lambda r: r.Map(0, D3D12_RANGE(0, 65)),
                                  lambda r: r.Unmap(0, None)])
def test_map_rules(device, call):
    with pytest.raises(D3D12Error) as caught:
        call(buffer(device, D3D12_HEAP_TYPE_UPLOAD, 64))
    assert caught.value.hr == E_INVALIDARG


@pytest.mark.parametrize("dimension", [D3D12_RESOURCE_DIMENSION_TEXTURE1D, D3D12_RESOURCE_DIMENSION_TEXTURE2D,
                                       D3D12_RESOURCE_DIMENSION_TEXTURE3D])
def test_textures_are_not_implemented(device, dimension):
    desc = CD3DX12_RESOURCE_DESC(dimension, 0, 64, 64, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, 1, 0,
                                 D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_NONE)
    with pytest.raises(D3D12Error) as caught:
        create(device, desc=desc)
    assert caught.value.hr == E_NOTIMPL and "textures" in str(caught.value)


@pytest.mark.parametrize("heap_type,state,flags,message", [
    (D3D12_HEAP_TYPE_UPLOAD, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_FLAG_NONE, "GENERIC_READ"),
    (D3D12_HEAP_TYPE_READBACK, D3D12_RESOURCE_STATE_GENERIC_READ, D3D12_RESOURCE_FLAG_NONE, "COPY_DEST"),
    (D3D12_HEAP_TYPE_UPLOAD, D3D12_RESOURCE_STATE_GENERIC_READ, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS,
     "unordered access"),
    (D3D12_HEAP_TYPE_DEFAULT, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET, "render"),
])
def test_cpu_visible_heap_and_buffer_flag_rules(device, heap_type, state, flags, message):
    with pytest.raises(D3D12DebugLayerError) as caught:
        create(device, heap_type, CD3DX12_RESOURCE_DESC.Buffer(64, flags), state)
    assert message in str(caught.value)


@pytest.mark.parametrize("field,value", [("Width", 0), ("Height", 2), ("MipLevels", 0), ("Format", DXGI_FORMAT_R32_FLOAT),
                                         ("Alignment", 4096), ("Layout", D3D12_TEXTURE_LAYOUT_UNKNOWN)])
def test_buffer_descriptions_must_be_complete(field, value):
    device = D3D12CreateDevice(debug=False)
    desc = CD3DX12_RESOURCE_DESC.Buffer(64)
    setattr(desc, field, value)
    with pytest.raises(D3D12Error) as caught:
        create(device, desc=desc)
    assert caught.value.hr == E_INVALIDARG and f"pDesc.{field}" in str(caught.value)
    assert not isinstance(caught.value, D3D12DebugLayerError)


def test_a_zero_buffer_description_is_rejected(device):
    with pytest.raises(D3D12Error):
        create(device, desc=D3D12_RESOURCE_DESC())


def test_huge_buffers_are_out_of_memory(device):
    with pytest.raises(D3D12Error) as caught:
        create(device, desc=CD3DX12_RESOURCE_DESC.Buffer(1 << 40))
    assert caught.value.hr == E_OUTOFMEMORY


def test_custom_heaps_are_not_implemented(device):
    with pytest.raises(D3D12Error) as caught:
        create(device, D3D12_HEAP_TYPE_CUSTOM)
    assert caught.value.hr == E_NOTIMPL


def test_release_unmaps_the_addresses(device):
    resource = buffer(device, D3D12_HEAP_TYPE_DEFAULT, 64)
    va = resource.GetGPUVirtualAddress()
    assert resource.AddRef() == 2 and resource.Release() == 1
    assert device.resource_at(va) is resource
    assert resource.Release() == 0
    assert device.resource_at(va) is None and not resource.alive


def test_set_name_shows_in_messages(device):
    resource = buffer(device, D3D12_HEAP_TYPE_DEFAULT, 64)
    resource.SetName("weights")
    with pytest.raises(D3D12Error, match="weights"):
        resource.Map(0, None)
