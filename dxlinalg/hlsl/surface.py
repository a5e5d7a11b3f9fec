"""The shader surface HLSL- and GLSL-spelled Python shaders share: everything but the matrix API.

Python shaders are one framework whatever their matrix spelling: bindings (`ByteAddressBuffer`,
`RootConstants`), system values (`SV_GroupID`), wave intrinsics, barriers and groupshared memory, the
masking construct for branches (`if_`/`else_`/`assign`), HLSL's scalar and vector types and the
elementwise intrinsics keep HLSL's names, because the host that dispatches them is D3D12's.
`dxlinalg.hlsl` adds `dx::linalg` (cooperative vectors) to this, `dxlinalg.glsl` the cooperative
matrices under GLSL's names. `max`, `min`, `abs`, `round`, `pow`, `any` and `all` take Python's
builtins' place: HLSL's meaning on lane values, Python's on everything else (dxlinalg.gpu.intrinsics).
"""

# `assign` is dxlinalg.gpu.assign extended to coopmat values (per scope instance): one masking construct
# for both spellings, so a shader may hold lane values and cooperative matrices in one branch.
from dxlinalg.coopmat.glsl_matrix import assign
from dxlinalg.gpu import (
    BufferBinding,
    ByteAddressBuffer,
    RootConstants,
    RWByteAddressBuffer,
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
    compute_shader,
    else_,
    if_,
    lane_return,
    run_dispatch,
)

# groupshared memory, group barriers and the Interlocked* atomics on groupshared arrays
from dxlinalg.gpu.barriers import (
    AllMemoryBarrier,
    AllMemoryBarrierWithGroupSync,
    DeviceMemoryBarrier,
    DeviceMemoryBarrierWithGroupSync,
    GroupMemoryBarrier,
    GroupMemoryBarrierWithGroupSync,
)
from dxlinalg.gpu.groupshared_arrays import (
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
from dxlinalg.gpu.intrinsics import (
    abs,
    all,
    any,
    asfloat,
    asfloat16,
    asint,
    asuint,
    ceil,
    clamp,
    cos,
    dot,
    exp,
    exp2,
    f16tof32,
    f32tof16,
    floor,
    fma,
    frac,
    lane_zeros,
    lerp,
    log,
    log2,
    mad,
    max,
    min,
    pow,
    rcp,
    round,
    rsqrt,
    saturate,
    select,
    sign,
    sin,
    sqrt,
    step,
    tanh,
    trunc,
)
from dxlinalg.gpu.pack_intrinsics import (
    pack_clamp_s8,
    pack_clamp_u8,
    pack_s8,
    pack_u8,
    unpack_s8s32,
    unpack_u8u32,
)
from dxlinalg.gpu.types import (
    bool_t,
    float2,
    float3,
    float4,
    float16_t,
    float16_t2,
    float16_t3,
    float16_t4,
    float32_t,
    float64_t,
    float_,
    half,
    int2,
    int3,
    int4,
    int8_t4_packed,
    int16_t,
    int32_t,
    int64_t,
    int_,
    uint,
    uint2,
    uint3,
    uint4,
    uint8_t4_packed,
    uint16_t,
    uint32_t,
    uint64_t,
    vector,
)

__all__ = [name for name in dir() if not name.startswith("_")]
