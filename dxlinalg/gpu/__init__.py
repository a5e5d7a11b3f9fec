"""The simulated wave-based GPU: SIMT execution of Python compute shaders over numpy lane arrays.

Entry point: `run_dispatch(shader, bindings, thread_groups, profile, strict=...)`. Shaders are
written with `compute_shader`, bind `ByteAddressBuffer`/`RWByteAddressBuffer`/`RootConstants`,
declare `groupshared(T, N)` arrays, read system values (`SV_DispatchThreadID()`, ...), branch with
`if_`/`else_`, synchronise groups with `GroupMemoryBarrierWithGroupSync()`, and use the elementwise
and wave intrinsics of `dxlinalg.gpu.intrinsics` and `dxlinalg.gpu.wave`. Other surfaces (SPIR-V,
nvgpu) use the byte-addressed `GroupSharedMemory`, `TypedView` and `group_barrier` directly.
"""

from dxlinalg.gpu.barriers import (
    AllMemoryBarrier,
    AllMemoryBarrierWithGroupSync,
    DeviceMemoryBarrier,
    DeviceMemoryBarrierWithGroupSync,
    GroupMemoryBarrier,
    GroupMemoryBarrierWithGroupSync,
    MemorySemantics,
    group_barrier,
)
from dxlinalg.gpu.context import ExecutionContext, LaneGeometry, current_context, standalone_lanes
from dxlinalg.gpu.dispatch import DEFAULT_MAX_LANES_PER_CHUNK, DispatchSummary, run_dispatch
from dxlinalg.gpu.groupshared import GroupSharedMemory, check_groupshared_size
from dxlinalg.gpu.groupshared_arrays import (
    GroupSharedArray,
    GroupSharedDeclaration,
    GroupSharedRef,
    InterlockedAdd,
    InterlockedAnd,
    InterlockedCompareExchange,
    InterlockedCompareExchangeFloatBitwise,
    InterlockedCompareStore,
    InterlockedCompareStoreFloatBitwise,
    InterlockedExchange,
    InterlockedMax,
    InterlockedMin,
    InterlockedOr,
    InterlockedXor,
    groupshared,
)
from dxlinalg.gpu.masking import active_lanes, assign, else_, if_, lane_return
from dxlinalg.gpu.resources import (
    BufferBinding,
    BufferRange,
    ByteAddressBuffer,
    ByteAddressBufferView,
    RootConstants,
    RootConstantsView,
    RWByteAddressBuffer,
    RWByteAddressBufferView,
    resolve_handle,
)
from dxlinalg.gpu.serial_atomics import AtomicOp
from dxlinalg.gpu.shader import ComputeShader, compute_shader, shader_factory
from dxlinalg.gpu.typed_view import BufferMemory, ByteAddressedMemory, TypedView, row_major_strides
from dxlinalg.gpu.wave import (
    SV_DispatchThreadID,
    SV_GroupID,
    SV_GroupIndex,
    SV_GroupThreadID,
    WaveActiveAllEqual,
    WaveActiveAllTrue,
    WaveActiveAnyTrue,
    WaveActiveCountBits,
    WaveActiveMax,
    WaveActiveMin,
    WaveActiveProduct,
    WaveActiveSum,
    WaveGetLaneCount,
    WaveGetLaneIndex,
    WaveIsFirstLane,
    WaveReadLaneAt,
    WaveReadLaneFirst,
)

__all__ = [
    "AllMemoryBarrier", "AllMemoryBarrierWithGroupSync", "AtomicOp", "BufferMemory", "ByteAddressedMemory",
    "DeviceMemoryBarrier", "DeviceMemoryBarrierWithGroupSync", "GroupMemoryBarrier",
    "GroupMemoryBarrierWithGroupSync", "GroupSharedArray", "GroupSharedDeclaration", "GroupSharedMemory",
    "GroupSharedRef", "InterlockedAdd", "InterlockedAnd", "InterlockedCompareExchange",
    "InterlockedCompareExchangeFloatBitwise", "InterlockedCompareStore", "InterlockedCompareStoreFloatBitwise",
    "InterlockedExchange", "InterlockedMax", "InterlockedMin", "InterlockedOr", "InterlockedXor",
    "MemorySemantics", "TypedView", "check_groupshared_size", "group_barrier", "groupshared",
    "row_major_strides",
    "BufferBinding", "BufferRange", "ByteAddressBuffer", "ByteAddressBufferView", "ComputeShader",
    "DEFAULT_MAX_LANES_PER_CHUNK", "DispatchSummary", "ExecutionContext", "LaneGeometry", "RWByteAddressBuffer",
    "RWByteAddressBufferView", "RootConstants", "RootConstantsView", "SV_DispatchThreadID", "SV_GroupID",
    "SV_GroupIndex", "SV_GroupThreadID", "WaveActiveAllEqual", "WaveActiveAllTrue", "WaveActiveAnyTrue",
    "WaveActiveCountBits", "WaveActiveMax", "WaveActiveMin", "WaveActiveProduct", "WaveActiveSum",
    "WaveGetLaneCount", "WaveGetLaneIndex", "WaveIsFirstLane", "WaveReadLaneAt", "WaveReadLaneFirst",
    "active_lanes", "assign", "compute_shader", "current_context", "else_", "if_", "lane_return",
    "resolve_handle", "run_dispatch", "shader_factory", "standalone_lanes",
]
