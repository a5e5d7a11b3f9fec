"""The simulated wave-based GPU: SIMT execution of Python compute shaders over numpy lane arrays.

Entry point: `run_dispatch(shader, bindings, thread_groups, profile, strict=...)`. Shaders are
written with `compute_shader`, bind `ByteAddressBuffer`/`RWByteAddressBuffer`/`RootConstants`,
read system values (`SV_DispatchThreadID()`, ...), branch with `if_`/`else_`, and use the
elementwise and wave intrinsics of `dxlinalg.gpu.intrinsics` and `dxlinalg.gpu.wave`.
"""

from dxlinalg.gpu.context import ExecutionContext, LaneGeometry, current_context, standalone_lanes
from dxlinalg.gpu.dispatch import DEFAULT_MAX_LANES_PER_CHUNK, DispatchSummary, run_dispatch
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
from dxlinalg.gpu.shader import ComputeShader, compute_shader
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
    "BufferBinding", "BufferRange", "ByteAddressBuffer", "ByteAddressBufferView", "ComputeShader",
    "DEFAULT_MAX_LANES_PER_CHUNK", "DispatchSummary", "ExecutionContext", "LaneGeometry", "RWByteAddressBuffer",
    "RWByteAddressBufferView", "RootConstants", "RootConstantsView", "SV_DispatchThreadID", "SV_GroupID",
    "SV_GroupIndex", "SV_GroupThreadID", "WaveActiveAllEqual", "WaveActiveAllTrue", "WaveActiveAnyTrue",
    "WaveActiveCountBits", "WaveActiveMax", "WaveActiveMin", "WaveActiveProduct", "WaveActiveSum",
    "WaveGetLaneCount", "WaveGetLaneIndex", "WaveIsFirstLane", "WaveReadLaneAt", "WaveReadLaneFirst",
    "active_lanes", "assign", "compute_shader", "current_context", "else_", "if_", "lane_return",
    "resolve_handle", "run_dispatch", "standalone_lanes",
]
