"""Shared test plumbing: a device with upload / GPU / readback buffers and one queue, driven only
through the public D3D12 API, plus descriptor builders."""

from __future__ import annotations

import numpy as np

from d3d12api import *  # noqa: F403
from dxlinalg.profile.registry import builtin_profile_names

PROFILES = builtin_profile_names()
ROW, COL = D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_ROW_MAJOR, D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_COLUMN_MAJOR
MUL, OUTER = D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_MUL_OPTIMAL, D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_OUTER_PRODUCT_OPTIMAL
F32, F16 = D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT32, D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT16
E4M3, E5M2 = D3D12_LINEAR_ALGEBRA_DATATYPE_E4M3, D3D12_LINEAR_ALGEBRA_DATATYPE_E5M2
I8, U8 = D3D12_LINEAR_ALGEBRA_DATATYPE_SINT8, D3D12_LINEAR_ALGEBRA_DATATYPE_UINT8


def buffer(device: ID3D12Device, heap_type: int, size: int, flags: int = D3D12_RESOURCE_FLAG_NONE,
           state: int | None = None) -> ID3D12Resource:
    if state is None:
        state = {D3D12_HEAP_TYPE_UPLOAD: D3D12_RESOURCE_STATE_GENERIC_READ,
                 D3D12_HEAP_TYPE_READBACK: D3D12_RESOURCE_STATE_COPY_DEST}.get(heap_type, D3D12_RESOURCE_STATE_COMMON)
    return device.CreateCommittedResource(CD3DX12_HEAP_PROPERTIES(heap_type), D3D12_HEAP_FLAG_NONE,
                                          CD3DX12_RESOURCE_DESC.Buffer(size, flags), state)


def dest_info(rows: int, cols: int, datatype: int, layout: int, stride: int = 0,
              size: int = 0) -> D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO:
    return D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO(size, layout, stride, rows, cols, datatype)


class Gpu:
    """One device and its buffers. Conversions read `source` and write `memory` (both DEFAULT, UAV-capable):
    a buffer is in one state at a time, and a conversion's source must be in NON_PIXEL_SHADER_RESOURCE
    while its destination is in UNORDERED_ACCESS (0029). `write` puts bytes at an offset of both, and
    `convert` copies what it wrote back into `source`, so tests address the two alike: an offset is
    an offset, whichever buffer a conversion reads it from."""

    def __init__(self, profile: str = "reference", debug: bool = True, size: int = 1 << 20,
                 shader_model: int = D3D_SHADER_MODEL_6_9) -> None:
        self.device = D3D12CreateDevice(None, D3D_FEATURE_LEVEL_12_0, profile=profile, debug=debug,
                                        shader_model=shader_model)
        self.size = size
        self.upload = buffer(self.device, D3D12_HEAP_TYPE_UPLOAD, size)
        self.memory = buffer(self.device, D3D12_HEAP_TYPE_DEFAULT, size, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS)
        self.source = buffer(self.device, D3D12_HEAP_TYPE_DEFAULT, size, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS)
        self.memory.SetName("memory")
        self.source.SetName("source")
        self.readback = buffer(self.device, D3D12_HEAP_TYPE_READBACK, size)
        self.va = self.memory.GetGPUVirtualAddress()
        self.source_va = self.source.GetGPUVirtualAddress()
        self.queue = self.device.CreateCommandQueue(D3D12_COMMAND_QUEUE_DESC(Type=D3D12_COMMAND_LIST_TYPE_DIRECT))
        self.allocator = self.device.CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT)
        self.list = self.device.CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, self.allocator, None)
        self.list.Close()
        self.fence = self.device.CreateFence(0, D3D12_FENCE_FLAG_NONE)

    @property
    def profile(self):
        return self.device.profile

    def open(self) -> ID3D12GraphicsCommandList:
        if self.list.state.value == "recording":  # a failed test left it open
            self.list.Close()
        assert self.allocator.Reset() == S_OK
        assert self.list.Reset(self.allocator, None) == S_OK
        return self.list

    def run(self, command_list: ID3D12GraphicsCommandList) -> None:
        ThrowIfFailed(command_list.Close())
        self.queue.ExecuteCommandLists(1, [command_list])
        value = self.fence.GetCompletedValue() + 1
        ThrowIfFailed(self.queue.Signal(self.fence, value))
        assert self.fence.GetCompletedValue() == value

    def write(self, offset: int, data: np.ndarray) -> None:
        """The bytes of `data` at `offset` of `memory` and of `source`."""
        raw = np.ascontiguousarray(data).reshape(-1).view(np.uint8)
        self.upload.Map(0, CD3DX12_RANGE(0, 0))[: raw.size] = raw
        self.upload.Unmap(0, None)
        command_list = self.open()
        command_list.CopyBufferRegion(self.memory, offset, self.upload, 0, raw.size)
        command_list.CopyBufferRegion(self.source, offset, self.upload, 0, raw.size)
        self.run(command_list)

    def read(self, offset: int, size: int) -> np.ndarray:
        return self.read_at(self.va + offset, size)

    def read_at(self, va: int, size: int) -> np.ndarray:
        """`size` bytes at a GPU VA of `memory` or `source`, through a READBACK copy."""
        resource = self.device.resource_at(va)
        command_list = self.open()
        command_list.CopyBufferRegion(self.readback, 0, resource, va - resource.GetGPUVirtualAddress(), size)
        self.run(command_list)
        data = self.readback.Map(0, None)[:size].copy()
        self.readback.Unmap(0, CD3DX12_RANGE(0, 0))
        return data

    def dest_size(self, info: D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO) -> int:
        self.device.GetLinearAlgebraMatrixConversionDestinationInfo(info)
        return info.DestSize

    def conversion(self, rows: int, cols: int, src: tuple[int, int, int], src_offset: int, src_size: int,
                   dest: tuple[int, int, int], dest_offset: int,
                   dest_size: int | None = None) -> D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO:
        """src/dest = (datatype, layout, stride); the source at `source` + src_offset, the destination at
        `memory` + dest_offset; DestSize queried unless given."""
        info = D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO(
            dest_info(rows, cols, dest[0], dest[1], dest[2]), (src_size, src[0], src[1], src[2]),
            (self.va + dest_offset, self.source_va + src_offset))
        if dest_size is None:
            self.device.GetLinearAlgebraMatrixConversionDestinationInfo(info.DestInfo)
        else:
            info.DestInfo.DestSize = dest_size
        return info

    def convert(self, *infos: D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO) -> None:
        """All in one call (so no destination may overlap another descriptor's range), then each
        destination copied to the same offset of `source`, where a later conversion reads it."""
        command_list = self.open()
        command_list.ConvertLinearAlgebraMatrix(list(infos), len(infos))
        self.run(command_list)
        command_list = self.open()  # a new ExecuteCommandLists: both buffers are back in COMMON
        for info in infos:
            offset = info.DataDesc.DestVA - self.va
            size = min(info.DestInfo.DestSize, self.size - offset)
            command_list.CopyBufferRegion(self.source, offset, self.memory, offset, size)
        self.run(command_list)

    def convert_in_order(self, *infos: D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO) -> None:
        """One call per descriptor, each able to read what the one before wrote."""
        for info in infos:
            self.convert(info)


def valid_info(gpu: Gpu, rows: int = 8, cols: int = 16) -> D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO:
    """A conversion every profile accepts: FP32 row-major at 0 -> FP16 MUL_OPTIMAL at 64 KiB."""
    return gpu.conversion(rows, cols, (F32, ROW, cols * 4), 0, rows * cols * 4, (F16, MUL, 0), 1 << 16)
