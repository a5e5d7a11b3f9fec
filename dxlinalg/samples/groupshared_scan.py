"""A prefix sum over a whole buffer in three dispatches, with groupshared memory and group barriers.

The host code is what a C++ D3D12 sample does: upload the values, bind root descriptors and
constants, Dispatch, transition what one dispatch wrote as a UAV before the next reads it as an SRV,
read back, and compare with numpy. The shaders:

1. `scan_blocks`: each group of 256 threads copies its 256 values into groupshared memory and scans
   them there (Hillis-Steele: eight steps, each reading a neighbour, a barrier, writing, a barrier),
   then writes the inclusive scan and the block's total.
2. `scan_blocks` again, over the block totals (one group: up to 256 blocks, 65,536 values).
3. `add_block_offsets`: every value adds the scanned total of the blocks before its own.

uint adds wrap, as on the GPU. `python -m dxlinalg.samples.groupshared_scan [--profile P] [--count N]`
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

from d3d12api import *  # noqa: F403  (the D3D12 names, as C++ has them)
from dxlinalg.hlsl import (
    ByteAddressBuffer,
    GroupMemoryBarrierWithGroupSync,
    RootConstants,
    RWByteAddressBuffer,
    SV_DispatchThreadID,
    SV_GroupID,
    SV_GroupIndex,
    assign,
    compute_shader,
    groupshared,
    if_,
    lane_zeros,
    uint32_t,
)
from dxlinalg.samples.host_helpers import GpuContext, create_compute_pipeline, create_root_signature

BLOCK = 256                 # threads per group = values per block
MAX_COUNT = BLOCK * BLOCK   # the block totals are scanned by one group


# --- shaders --------------------------------------------------------------------------------------
@compute_shader(numthreads=(BLOCK, 1, 1))
def scan_blocks(values=ByteAddressBuffer("t0"), scanned=RWByteAddressBuffer("u0"),
                totals=RWByteAddressBuffer("u1"), constants=RootConstants("b0", 1),
                tile=groupshared(uint32_t, BLOCK)):       # groupshared uint tile[256];
    i = SV_GroupIndex()
    tid = SV_DispatchThreadID()[:, 0]
    count = constants[0]
    x = lane_zeros(dtype=np.uint32)
    with if_(tid < count):
        x = assign(x, values.Load(tid * 4))
    tile[i] = x
    GroupMemoryBarrierWithGroupSync()
    offset = 1
    while offset < BLOCK:                                 # a uniform loop: a plain Python loop
        neighbour = lane_zeros(dtype=np.uint32)
        with if_(i >= offset):
            neighbour = assign(neighbour, tile[i - offset])
        GroupMemoryBarrierWithGroupSync()                 # everyone has read before anyone writes
        tile[i] = tile[i] + neighbour
        GroupMemoryBarrierWithGroupSync()                 # everyone has written before the next read
        offset *= 2
    with if_(tid < count):
        scanned.Store(tid * 4, tile[i])
    with if_(i == BLOCK - 1):
        totals.Store(SV_GroupID()[:, 0] * 4, tile[i])


@compute_shader(numthreads=(BLOCK, 1, 1))
def add_block_offsets(block_scan=ByteAddressBuffer("t0"), scanned=RWByteAddressBuffer("u0"),
                      constants=RootConstants("b0", 1)):
    tid = SV_DispatchThreadID()[:, 0]
    block = SV_GroupID()[:, 0]
    with if_((tid < constants[0]) & (block > 0)):
        scanned.Store(tid * 4, scanned.Load(tid * 4) + block_scan.Load((block - 1) * 4))


# --- host -----------------------------------------------------------------------------------------
def prefix_sum(gpu: GpuContext, values: np.ndarray) -> np.ndarray:
    """The inclusive prefix sum of uint32 `values` (at most 65,536 of them), computed on the GPU."""
    count = int(values.size)
    if not 1 <= count <= MAX_COUNT:
        raise ValueError(f"{count} values: this sample scans 1 to {MAX_COUNT}")
    blocks = -(-count // BLOCK)
    source = gpu.upload_buffer(values.astype(np.uint32), name="values")
    scanned = gpu.create_buffer(count * 4, uav=True, name="scanned")
    totals = gpu.create_buffer(blocks * 4, uav=True, name="block totals")
    block_scan = gpu.create_buffer(blocks * 4, uav=True, name="scanned block totals")
    spare = gpu.create_buffer(4, uav=True, name="total of the totals (unused)")

    scan_signature = create_root_signature(gpu.device, "t0", "u0", "u1", "b0:1")
    scan = create_compute_pipeline(gpu.device, scan_signature, scan_blocks)
    add_signature = create_root_signature(gpu.device, "t0", "u0", "b0:1")
    add = create_compute_pipeline(gpu.device, add_signature, add_block_offsets)
    commands = gpu.list

    commands.SetPipelineState(scan)
    commands.SetComputeRootSignature(scan_signature)
    commands.SetComputeRootShaderResourceView(0, source.GetGPUVirtualAddress())
    commands.SetComputeRootUnorderedAccessView(1, scanned.GetGPUVirtualAddress())
    commands.SetComputeRootUnorderedAccessView(2, totals.GetGPUVirtualAddress())
    commands.SetComputeRoot32BitConstants(3, 1, [count], 0)
    commands.Dispatch(blocks, 1, 1)
    # the block totals were written as a UAV and are read next as an SRV: a transition orders the two
    commands.ResourceBarrier(1, [CD3DX12_RESOURCE_BARRIER.Transition(
        totals, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE)])

    commands.SetComputeRootShaderResourceView(0, totals.GetGPUVirtualAddress())
    commands.SetComputeRootUnorderedAccessView(1, block_scan.GetGPUVirtualAddress())
    commands.SetComputeRootUnorderedAccessView(2, spare.GetGPUVirtualAddress())
    commands.SetComputeRoot32BitConstants(3, 1, [blocks], 0)
    commands.Dispatch(1, 1, 1)
    commands.ResourceBarrier(2, [CD3DX12_RESOURCE_BARRIER.Transition(
        block_scan, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE),
        CD3DX12_RESOURCE_BARRIER.UAV(scanned)])

    commands.SetPipelineState(add)
    commands.SetComputeRootSignature(add_signature)
    commands.SetComputeRootShaderResourceView(0, block_scan.GetGPUVirtualAddress())
    commands.SetComputeRootUnorderedAccessView(1, scanned.GetGPUVirtualAddress())
    commands.SetComputeRoot32BitConstants(2, 1, [count], 0)
    commands.Dispatch(blocks, 1, 1)
    gpu.execute_and_wait()
    return gpu.read_back(scanned, count * 4).view(np.uint32)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--profile", default="reference")
    parser.add_argument("--count", type=int, default=10_000, help=f"how many uint values (1 to {MAX_COUNT})")
    args = parser.parse_args(argv)
    values = np.random.default_rng(0).integers(0, 2**32, args.count, dtype=np.uint32)
    result = prefix_sum(GpuContext(args.profile), values)
    expected = np.cumsum(values, dtype=np.uint32)
    wrong = int(np.count_nonzero(result != expected))
    print(f"prefix sum of {args.count} uint values on {args.profile}: {wrong} differ from numpy's cumsum")
    return 0 if wrong == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
