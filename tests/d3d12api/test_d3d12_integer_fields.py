"""A non-integer in a C integer field or argument (`NumRows = 40.0`) is a bad value like any other: the
call that reads it reports it, naming the field, and never truncates it as C would. Struct assignment
is not validated (C-like), so these reach the calls."""

import numpy as np
import pytest

from d3d12_harness import Gpu, valid_info
from d3d12api import *  # noqa: F403

CONVERSION_FIELDS = ["DestInfo.DestSize", "DestInfo.DestLayout", "DestInfo.NumRows", "DestInfo.NumColumns",
                     "DestInfo.DestDataType", "SrcInfo.SrcSize", "SrcInfo.SrcDataType", "SrcInfo.SrcLayout",
                     "SrcInfo.SrcStride", "DataDesc.DestVA", "DataDesc.SrcVA"]
NOT_INTEGERS = [40.0, "40", None]


def assign(info, path: str, value) -> None:
    struct_name, field = path.split(".")
    setattr(getattr(info, struct_name), field, value)


@pytest.mark.parametrize("value", NOT_INTEGERS, ids=repr)
@pytest.mark.parametrize("path", CONVERSION_FIELDS)
def test_a_conversion_field_that_is_not_an_integer_is_rejected_naming_it(path, value):
    gpu = Gpu()
    info = valid_info(gpu)
    assign(info, path, value)
    with pytest.raises(D3D12DebugLayerError) as caught:
        gpu.open().ConvertLinearAlgebraMatrix(info, 1)
    assert caught.value.rule == Rule.NOT_AN_INTEGER
    assert f"pDesc[0].{path} = {value!r} is not an integer" in caught.value.message


def test_the_row_major_dest_stride_is_read_as_an_integer_too():
    gpu = Gpu()
    info = gpu.conversion(8, 16, (D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT32, D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_ROW_MAJOR,
                                  64), 0, 512,
                          (D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT16, D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_ROW_MAJOR, 32),
                          1 << 16)
    info.DestInfo.DestStride = 32.0
    with pytest.raises(D3D12DebugLayerError, match=r"DestInfo.DestStride = 32.0 is not an integer"):
        gpu.open().ConvertLinearAlgebraMatrix(info, 1)


def test_without_the_debug_layer_the_list_fails_close_and_the_query_writes_zero():
    gpu = Gpu(debug=False)
    info = valid_info(gpu)
    info.DestInfo.NumRows = 8.0
    command_list = gpu.open()
    command_list.ConvertLinearAlgebraMatrix(info, 1)
    assert command_list.Close() == E_INVALIDARG
    gpu.device.GetLinearAlgebraMatrixConversionDestinationInfo(info.DestInfo)
    assert info.DestInfo.DestSize == 0 and "NumRows = 8.0 is not an integer" in gpu.device.debug_layer.messages[-1]


def test_the_destination_size_query_rejects_a_non_integer_dimension():
    gpu = Gpu()
    info = valid_info(gpu)
    info.DestInfo.NumColumns = 16.0
    with pytest.raises(D3D12DebugLayerError, match=r"NumColumns = 16.0 is not an integer"):
        gpu.device.GetLinearAlgebraMatrixConversionDestinationInfo(info.DestInfo)


def test_numpy_integers_are_integers():
    gpu = Gpu()
    info = valid_info(gpu)
    info.DestInfo.NumRows, info.SrcInfo.SrcStride = np.uint32(8), np.int64(64)
    command_list = gpu.open()
    command_list.ConvertLinearAlgebraMatrix(info, np.int32(1))
    gpu.run(command_list)


@pytest.mark.parametrize("field", ["Width", "Height", "Alignment", "Dimension", "Flags"])
def test_a_resource_description_field_that_is_not_an_integer_is_rejected(field):
    gpu = Gpu(size=1 << 16)
    desc = CD3DX12_RESOURCE_DESC.Buffer(256)
    setattr(desc, field, float(getattr(desc, field)))
    with pytest.raises(D3D12Error, match=f"pDesc.{field} = .* is not an integer|pDesc.Flags = 0.0 is not"):
        gpu.device.CreateCommittedResource(CD3DX12_HEAP_PROPERTIES(D3D12_HEAP_TYPE_DEFAULT), D3D12_HEAP_FLAG_NONE,
                                           desc, D3D12_RESOURCE_STATE_COMMON)


def test_a_heap_type_or_initial_state_that_is_not_an_integer_is_rejected():
    gpu = Gpu(size=1 << 16)
    heap = CD3DX12_HEAP_PROPERTIES(D3D12_HEAP_TYPE_DEFAULT)
    heap.Type = 1.0
    with pytest.raises(D3D12Error, match="pHeapProperties.Type = 1.0 is not a D3D12_HEAP_TYPE"):
        gpu.device.CreateCommittedResource(heap, D3D12_HEAP_FLAG_NONE, CD3DX12_RESOURCE_DESC.Buffer(256),
                                           D3D12_RESOURCE_STATE_COMMON)
    with pytest.raises(D3D12Error, match="InitialResourceState = 0.0 is not a combination"):
        gpu.device.CreateCommittedResource(CD3DX12_HEAP_PROPERTIES(D3D12_HEAP_TYPE_DEFAULT), D3D12_HEAP_FLAG_NONE,
                                           CD3DX12_RESOURCE_DESC.Buffer(256), 0.0)


def test_a_map_range_of_non_integers_is_rejected():
    gpu = Gpu(size=1 << 16)
    read_range = D3D12_RANGE(0, 16)
    read_range.Begin = 0.0
    with pytest.raises(D3D12Error, match=r"pReadRange \[0.0, 16\) is not a range of integers"):
        gpu.upload.Map(0, read_range)


@pytest.mark.parametrize("field,value,text", [
    ("Subresource", 0.0, "Subresource = 0.0"),
    ("StateBefore", 0.0, "StateBefore = 0.0 is not a D3D12_RESOURCE_STATES value"),
    ("StateAfter", 8.0, "StateAfter = 8.0 is not a D3D12_RESOURCE_STATES value"),
])
def test_a_barrier_field_that_is_not_an_integer_is_rejected(field, value, text):
    gpu = Gpu(size=1 << 16)
    barrier = CD3DX12_RESOURCE_BARRIER.Transition(gpu.memory, D3D12_RESOURCE_STATE_COMMON,
                                                  D3D12_RESOURCE_STATE_UNORDERED_ACCESS)
    setattr(barrier.Transition, field, value)
    with pytest.raises(D3D12DebugLayerError, match=text):
        gpu.open().ResourceBarrier(1, [barrier])


def test_a_barrier_type_that_is_not_an_integer_is_rejected():
    gpu = Gpu(size=1 << 16)
    barrier = CD3DX12_RESOURCE_BARRIER.UAV(gpu.memory)
    barrier.Type = 2.0
    with pytest.raises(D3D12DebugLayerError, match="Type = 2.0 is not a D3D12_RESOURCE_BARRIER_TYPE"):
        gpu.open().ResourceBarrier(1, [barrier])


@pytest.mark.parametrize("argument", ["DstOffset", "SrcOffset", "NumBytes"])
def test_copy_arguments_that_are_not_integers_are_rejected(argument):
    gpu = Gpu(size=1 << 16)
    arguments = {"pDstBuffer": gpu.memory, "DstOffset": 0, "pSrcBuffer": gpu.upload, "SrcOffset": 0, "NumBytes": 16}
    arguments[argument] = 16.0
    with pytest.raises(D3D12DebugLayerError, match=f"{argument} = 16.0 is not an integer"):
        gpu.open().CopyBufferRegion(**arguments)


def test_counts_that_are_not_integers_are_rejected():
    gpu = Gpu(size=1 << 16)
    with pytest.raises(D3D12DebugLayerError, match="NumBarriers = 1.0"):
        gpu.open().ResourceBarrier(1.0, [CD3DX12_RESOURCE_BARRIER.UAV(None)])
    with pytest.raises(D3D12DebugLayerError, match="DescCount = 1.0"):
        gpu.open().ConvertLinearAlgebraMatrix(valid_info(gpu), 1.0)
    command_list = gpu.open()
    command_list.Close()
    with pytest.raises(D3D12DebugLayerError, match="NumCommandLists = 1.0"):
        gpu.queue.ExecuteCommandLists(1.0, [command_list])
