"""The small host-side helpers every D3D12 sample writes once (buffers, uploads, readbacks,
waiting on a fence, looking up a cooperative-vector combination), in D3D12 names."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from d3d12api import *  # noqa: F403  (the D3D12 names, as C++ has them)
from d3d12api.sm610 import (
    D3D12_FEATURE_DATA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT,
    D3D12_FEATURE_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT,
)


def align_up(value: int, alignment: int) -> int:
    return -(-value // alignment) * alignment


class GpuContext:
    """Device, direct queue, allocator, command list and fence: the sample framework's basics."""

    def __init__(self, profile: str = "reference", debug: bool = True,
                 shader_model: int = D3D_SHADER_MODEL_6_9) -> None:
        self.device = D3D12CreateDevice(None, D3D_FEATURE_LEVEL_12_0, profile=profile, debug=debug,
                                        shader_model=shader_model)
        self.queue = self.device.CreateCommandQueue(D3D12_COMMAND_QUEUE_DESC(Type=D3D12_COMMAND_LIST_TYPE_DIRECT))
        self.allocator = self.device.CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT)
        self.list = self.device.CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, self.allocator, None)
        self.list.SetName("sample command list")
        self.fence = self.device.CreateFence(0, D3D12_FENCE_FLAG_NONE)
        self.fence_value = 0

    def execute_and_wait(self) -> None:
        """Close, execute, signal and wait: the end of every frame of a simple sample."""
        self.fence_value = execute_and_wait(self.queue, self.list, self.allocator, self.fence, self.fence_value)

    def create_buffer(self, size: int, heap: int = D3D12_HEAP_TYPE_DEFAULT, uav: bool = False,
                      name: str = "") -> ID3D12Resource:
        """UPLOAD buffers start in GENERIC_READ and READBACK ones in COPY_DEST, as D3D12 requires;
        DEFAULT ones in COMMON, the state D3D12 gives every buffer whatever is asked for."""
        flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS if uav else D3D12_RESOURCE_FLAG_NONE
        state = {D3D12_HEAP_TYPE_UPLOAD: D3D12_RESOURCE_STATE_GENERIC_READ,
                 D3D12_HEAP_TYPE_READBACK: D3D12_RESOURCE_STATE_COPY_DEST}.get(heap, D3D12_RESOURCE_STATE_COMMON)
        resource = self.device.CreateCommittedResource(
            CD3DX12_HEAP_PROPERTIES(heap), D3D12_HEAP_FLAG_NONE,
            CD3DX12_RESOURCE_DESC.Buffer(align_up(max(size, 16), 16), flags), state, None)
        if name:
            resource.SetName(name)
        return resource

    def upload_buffer(self, data: np.ndarray, name: str = "") -> ID3D12Resource:
        """An UPLOAD-heap buffer holding `data`'s bytes (readable by shaders and copies)."""
        raw = np.ascontiguousarray(data).view(np.uint8).reshape(-1)
        resource = self.create_buffer(raw.size, D3D12_HEAP_TYPE_UPLOAD, name=name)
        mapped = resource.Map(0, None)
        mapped[: raw.size] = raw
        resource.Unmap(0, None)
        return resource

    def read_back(self, source: ID3D12Resource, size: int) -> np.ndarray:
        """Copy `size` bytes of a DEFAULT buffer to a READBACK buffer and return them.

        Run on its own list after the work that wrote `source` was executed: buffers are back in
        COMMON after every ExecuteCommandLists, so the copy promotes `source` to COPY_SOURCE and
        needs no barrier. Work recorded on the list and not executed yet needs its own transition."""
        readback = self.create_buffer(size, D3D12_HEAP_TYPE_READBACK, name="readback")
        self.list.CopyBufferRegion(readback, 0, source, 0, size)
        self.execute_and_wait()
        data = readback.Map(0, None)[:size].copy()
        readback.Unmap(0, None)
        return data


def execute_and_wait(queue: ID3D12CommandQueue, command_list: ID3D12GraphicsCommandList,
                     allocator: ID3D12CommandAllocator, fence: ID3D12Fence, fence_value: int) -> int:
    """Close and execute the list, signal the next fence value and wait for it, then reset the
    allocator and the list for more recording. Returns the value signalled."""
    ThrowIfFailed(command_list.Close())
    queue.ExecuteCommandLists(1, [command_list])
    fence_value += 1
    ThrowIfFailed(queue.Signal(fence, fence_value))
    if fence.GetCompletedValue() < fence_value:
        ThrowIfFailed(fence.SetEventOnCompletion(fence_value, None))
    ThrowIfFailed(allocator.Reset())
    ThrowIfFailed(command_list.Reset(allocator, None))
    return fence_value


def query_mul_properties(device: ID3D12Device) -> list[D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL]:
    """The tier check and the two-call property query; [] when cooperative vectors are missing."""
    tier = D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL()
    ThrowIfFailed(device.CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, tier, sizeof(tier)))
    if tier.CooperativeVectorTier < D3D12_COOPERATIVE_VECTOR_TIER_1_0:
        return []
    query = D3D12_FEATURE_DATA_COOPERATIVE_VECTOR()
    ThrowIfFailed(device.CheckFeatureSupport(D3D12_FEATURE_COOPERATIVE_VECTOR, query, sizeof(query)))
    query.pMatrixVectorMulAddProperties = [D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL()
                                           for _ in range(query.MatrixVectorMulAddPropCount)]
    ThrowIfFailed(device.CheckFeatureSupport(D3D12_FEATURE_COOPERATIVE_VECTOR, query, sizeof(query)))
    return list(query.pMatrixVectorMulAddProperties)


def find_mul_property(properties: Sequence[D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL],
                      combination: tuple[int, int, int, int, int],
                      need_transpose: bool = False) -> D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL | None:
    """The reported property for (input, input interp, matrix interp, bias interp, output), if any."""
    for prop in properties:
        key = (prop.InputType, prop.InputInterpretation, prop.MatrixInterpretation,
               prop.BiasInterpretation, prop.OutputType)
        if tuple(int(k) for k in key) == tuple(int(c) for c in combination) and (
                prop.TransposeSupported or not need_transpose):
            return prop
    return None


def create_root_signature(device: ID3D12Device, *registers: str) -> ID3D12RootSignature:
    """A root signature of root descriptors and constants, one parameter per register, in order.

    "t0" -> root SRV, "u1" -> root UAV, "b0:12" -> 12 root 32-bit constants at b0; so
    `create_root_signature(device, "t0", "u0", "b0:4")` is the usual CD3DX12 boilerplate.
    """
    parameters = [CD3DX12_ROOT_PARAMETER() for _ in registers]
    for parameter, register in zip(parameters, registers):
        kind, number = register[0], register[1:]
        if kind == "b":
            slot, count = number.split(":")
            parameter.InitAsConstants(int(count), int(slot))
        elif kind == "t":
            parameter.InitAsShaderResourceView(int(number))
        elif kind == "u":
            parameter.InitAsUnorderedAccessView(int(number))
        else:
            raise ValueError(f"register {register!r} must be t#, u# or b#:count")
    hr, blob = D3D12SerializeRootSignature(CD3DX12_ROOT_SIGNATURE_DESC(len(parameters), parameters),
                                           D3D_ROOT_SIGNATURE_VERSION_1)
    ThrowIfFailed(hr)
    return device.CreateRootSignature(0, blob.GetBufferPointer(), blob.GetBufferSize())


def ask_linalg_operation(device: ID3D12Device, operation: int, member: str, value: object) -> object:
    """Feature 78 (SM 6.10) for one operation, as an application asks it: the query's union `member` (the one
    `operation` selects) set to `value`; returns that member as the device filled it in."""
    query = D3D12_FEATURE_DATA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT(OperationType=operation)
    setattr(query, member, value)
    ThrowIfFailed(device.CheckFeatureSupport(D3D12_FEATURE_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT, query,
                                             sizeof(query)))
    return getattr(query, member)


def create_compute_pipeline(device: ID3D12Device, root_signature: ID3D12RootSignature,
                            shader: object) -> ID3D12PipelineState:
    return device.CreateComputePipelineState(
        D3D12_COMPUTE_PIPELINE_STATE_DESC(pRootSignature=root_signature, CS=CD3DX12_SHADER_BYTECODE(shader)))
