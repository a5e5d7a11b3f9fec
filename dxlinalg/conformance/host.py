"""The host side of the suite: what a C++ test harness does with an ID3D12Device, and nothing else.

Only public D3D12 calls on the device object and on the objects it creates (CheckFeatureSupport,
GetLinearAlgebraMatrixConversionDestinationInfo, CreateCommittedResource, Map, command lists,
ConvertLinearAlgebraMatrix, root signatures, pipelines, Dispatch, fences), so any object exposing
that API can be tested. Structs, enums and d3dx12 helpers come from `d3d12api`.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

import numpy as np

from d3d12api import (
    CD3DX12_HEAP_PROPERTIES,
    CD3DX12_RANGE,
    CD3DX12_RESOURCE_BARRIER,
    CD3DX12_RESOURCE_DESC,
    D3D12_COMMAND_LIST_TYPE_DIRECT,
    D3D12_COMMAND_QUEUE_DESC,
    D3D12_COOPERATIVE_VECTOR_PROPERTIES_ACCUMULATE,
    D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL,
    D3D12_FEATURE_COOPERATIVE_VECTOR,
    D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL,
    D3D12_FEATURE_DATA_COOPERATIVE_VECTOR,
    D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL,
    D3D12_FENCE_FLAG_NONE,
    D3D12_HEAP_FLAG_NONE,
    D3D12_HEAP_TYPE_DEFAULT,
    D3D12_HEAP_TYPE_READBACK,
    D3D12_HEAP_TYPE_UPLOAD,
    D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO,
    D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO,
    D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS,
    D3D12_RESOURCE_FLAG_NONE,
    D3D12_RESOURCE_STATE_COMMON,
    D3D12_RESOURCE_STATE_COPY_DEST,
    D3D12_RESOURCE_STATE_COPY_SOURCE,
    D3D12_RESOURCE_STATE_GENERIC_READ,
    D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE,
    D3D12_RESOURCE_STATE_UNORDERED_ACCESS,
    ThrowIfFailed,
    sizeof,
)
from dxlinalg.samples.host_helpers import align_up, create_compute_pipeline, create_root_signature, execute_and_wait

MATRIX_ALIGNMENT = 128  # 0029: matrix base + offset 128-byte aligned (DestVA too)
VECTOR_ALIGNMENT = 64   # 0029: bias and VectorAccumulate base + offset 64-byte aligned


@dataclass
class FeatureQuery:
    """The raw answers of the two feature queries, for the feature checks to judge."""

    tier_hr: int
    tier: int
    counts_hr: int
    counts: tuple[int, int, int]
    fill_hr: int
    mul: list[D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL]
    outer_product: list[D3D12_COOPERATIVE_VECTOR_PROPERTIES_ACCUMULATE]
    vector_accumulate: list[D3D12_COOPERATIVE_VECTOR_PROPERTIES_ACCUMULATE]
    filled_counts: tuple[int, int, int]
    short_list_hr: int | None  # a list one shorter than the count: E_INVALIDARG (0029)


class Session:
    """A direct queue, an allocator, a command list and a fence on one device."""

    def __init__(self, device: object) -> None:
        self.device = device
        self.queue = device.CreateCommandQueue(D3D12_COMMAND_QUEUE_DESC(Type=D3D12_COMMAND_LIST_TYPE_DIRECT))
        self.fence = device.CreateFence(0, D3D12_FENCE_FLAG_NONE)
        self.fence_value = 0
        self._new_list()
        self._root_signatures: dict[tuple[str, ...], object] = {}
        self._pipelines: dict[object, object] = {}
        self._case_resources: list[object] = []

    def _new_list(self) -> None:
        self.allocator = self.device.CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT)
        self.list = self.device.CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, self.allocator, None)

    def recover(self) -> None:
        """After a failed case: a fresh allocator and list, as a harness would after an error."""
        with contextlib.suppress(Exception):  # the list may be closed already, or the device broken
            self.list.Close()
        self._new_list()

    # -- features ------------------------------------------------------------------------------------
    def query_features(self) -> FeatureQuery:
        tier = D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL()
        tier_hr = self.device.CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, tier, sizeof(tier))
        data = D3D12_FEATURE_DATA_COOPERATIVE_VECTOR()
        counts_hr = self.device.CheckFeatureSupport(D3D12_FEATURE_COOPERATIVE_VECTOR, data, sizeof(data))
        counts = (data.MatrixVectorMulAddPropCount, data.OuterProductAccumulatePropCount,
                  data.VectorAccumulatePropCount)
        short_list_hr = None
        if counts[0] > 0:
            short = D3D12_FEATURE_DATA_COOPERATIVE_VECTOR()
            short.MatrixVectorMulAddPropCount = counts[0] - 1
            short.pMatrixVectorMulAddProperties = [D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL()
                                                   for _ in range(counts[0] - 1)]
            short_list_hr = self.device.CheckFeatureSupport(D3D12_FEATURE_COOPERATIVE_VECTOR, short, sizeof(short))
        data.pMatrixVectorMulAddProperties = [D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL() for _ in range(counts[0])]
        data.pOuterProductAccumulateProperties = [D3D12_COOPERATIVE_VECTOR_PROPERTIES_ACCUMULATE()
                                                  for _ in range(counts[1])]
        data.pVectorAccumulateProperties = [D3D12_COOPERATIVE_VECTOR_PROPERTIES_ACCUMULATE()
                                            for _ in range(counts[2])]
        fill_hr = self.device.CheckFeatureSupport(D3D12_FEATURE_COOPERATIVE_VECTOR, data, sizeof(data))
        filled = (data.MatrixVectorMulAddPropCount, data.OuterProductAccumulatePropCount,
                  data.VectorAccumulatePropCount)
        return FeatureQuery(int(tier_hr), int(tier.CooperativeVectorTier), int(counts_hr), counts, int(fill_hr),
                            list(data.pMatrixVectorMulAddProperties)[: filled[0]],
                            list(data.pOuterProductAccumulateProperties)[: filled[1]],
                            list(data.pVectorAccumulateProperties)[: filled[2]], filled,
                            None if short_list_hr is None else int(short_list_hr))

    def destination_size(self, rows: int, cols: int, datatype: int, layout: int, stride: int = 0) -> int:
        info = D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO(0, layout, stride, rows, cols, datatype)
        self.device.GetLinearAlgebraMatrixConversionDestinationInfo(info)
        return int(info.DestSize)

    # -- resources -------------------------------------------------------------------------------------
    def buffer(self, size: int, heap: int = D3D12_HEAP_TYPE_DEFAULT, uav: bool = True) -> object:
        state = {D3D12_HEAP_TYPE_UPLOAD: D3D12_RESOURCE_STATE_GENERIC_READ,
                 D3D12_HEAP_TYPE_READBACK: D3D12_RESOURCE_STATE_COPY_DEST}.get(heap, D3D12_RESOURCE_STATE_COMMON)
        flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS if uav and heap == D3D12_HEAP_TYPE_DEFAULT \
            else D3D12_RESOURCE_FLAG_NONE
        resource = self.device.CreateCommittedResource(
            CD3DX12_HEAP_PROPERTIES(heap), D3D12_HEAP_FLAG_NONE,
            CD3DX12_RESOURCE_DESC.Buffer(align_up(max(size, 16), 256), flags), state, None)
        self._case_resources.append(resource)
        return resource

    def release_case_resources(self) -> None:
        """Release every buffer created since the last call (the end of a case), each once: a device
        whose Release raises is still asked to release the rest, then the first error is raised."""
        resources, self._case_resources = self._case_resources, []
        first_error: BaseException | None = None
        for resource in resources:
            try:
                resource.Release()
            except Exception as error:   # the tested device's bug: report it after releasing the rest
                first_error = first_error or error
        if first_error is not None:
            raise first_error

    def upload(self, chunks: list[tuple[int, np.ndarray]], size: int) -> object:
        """An UPLOAD buffer holding each array's bytes at its offset."""
        resource = self.buffer(size, D3D12_HEAP_TYPE_UPLOAD)
        mapped = resource.Map(0, CD3DX12_RANGE(0, 0))
        for offset, data in chunks:
            raw = np.ascontiguousarray(data).reshape(-1).view(np.uint8)
            mapped[offset: offset + raw.size] = raw
        resource.Unmap(0, None)
        return resource

    def read(self, readback: object, size: int) -> np.ndarray:
        data = readback.Map(0, CD3DX12_RANGE(0, size))[:size].copy()
        readback.Unmap(0, CD3DX12_RANGE(0, 0))
        return data

    # -- recording helpers ----------------------------------------------------------------------------
    def conversion(self, dest: tuple[int, int, int, int, int, int], src: tuple[int, int, int, int],
                   dest_va: int, src_va: int) -> D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO:
        """dest = (DestSize, layout, stride, rows, cols, type); src = (SrcSize, type, layout, stride)."""
        return D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO(dest, src, (dest_va, src_va))

    def uav_to_srv(self, resource: object) -> None:
        """A buffer written in UNORDERED_ACCESS (a conversion's destination, a root UAV) is about to be
        read as a conversion source or a root SRV (NON_PIXEL_SHADER_RESOURCE)."""
        self.list.ResourceBarrier(1, [CD3DX12_RESOURCE_BARRIER.Transition(
            resource, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE)])

    def uav_barrier(self, resource: object) -> None:
        """Order a write in UNORDERED_ACCESS before the next UAV access to the same buffer."""
        self.list.ResourceBarrier(1, [CD3DX12_RESOURCE_BARRIER.UAV(resource)])

    def copy_to_readback(self, source: object, offset: int, size: int) -> object:
        """Record a copy of `size` bytes at `offset` of a buffer this list left in UNORDERED_ACCESS
        into a new READBACK buffer (the transition to COPY_SOURCE included)."""
        readback = self.buffer(size, D3D12_HEAP_TYPE_READBACK)
        self.list.ResourceBarrier(1, [CD3DX12_RESOURCE_BARRIER.Transition(
            source, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_SOURCE)])
        self.list.CopyBufferRegion(readback, 0, source, offset, size)
        return readback

    def copy_from_upload(self, dest: object, dest_offset: int, upload: object, upload_offset: int, size: int) -> None:
        """Fill part of a buffer this list has not used yet (COMMON, promoted to COPY_DEST by the copy),
        then move it to UNORDERED_ACCESS for the shader that accumulates into it."""
        self.list.CopyBufferRegion(dest, dest_offset, upload, upload_offset, size)
        self.list.ResourceBarrier(1, [CD3DX12_RESOURCE_BARRIER.Transition(
            dest, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_UNORDERED_ACCESS)])

    def execute(self) -> None:
        """Close, execute, signal and wait; then reset the list for the next case."""
        self.fence_value = execute_and_wait(self.queue, self.list, self.allocator, self.fence, self.fence_value)

    # -- pipelines --------------------------------------------------------------------------------------
    def root_signature(self, *registers: str) -> object:
        """Root descriptors and constants, one parameter per register ("t0", "u0", "b0:4"), cached."""
        if registers not in self._root_signatures:
            self._root_signatures[registers] = create_root_signature(self.device, *registers)
        return self._root_signatures[registers]

    def pipeline(self, key: object, root_signature: object, make_shader) -> object:
        """A compute pipeline per shader key, created once (one compiled variant per #define set)."""
        if key not in self._pipelines:
            self._pipelines[key] = create_compute_pipeline(self.device, root_signature, make_shader())
        return self._pipelines[key]

    def bind(self, pipeline: object, root_signature: object, arguments: list[tuple[str, object]]) -> None:
        """SetPipelineState, SetComputeRootSignature, then each root argument by its kind."""
        self.list.SetPipelineState(pipeline)
        self.list.SetComputeRootSignature(root_signature)
        for index, (kind, value) in enumerate(arguments):
            if kind == "srv":
                self.list.SetComputeRootShaderResourceView(index, value)
            elif kind == "uav":
                self.list.SetComputeRootUnorderedAccessView(index, value)
            else:
                values = np.asarray(value, np.uint32)
                self.list.SetComputeRoot32BitConstants(index, values.size, values, 0)
