"""Dispatch: run a compute shader over a grid of thread groups, a chunk of groups at a time.

`run_dispatch` is the engine's one entry point (d3d12api's `Dispatch` calls it). Thread groups
are numbered x fastest, then y, then z; each chunk holds whole groups, at most
`max_lanes_per_chunk` threads, so memory stays bounded however large the grid. Inside a group,
threads are numbered by SV_GroupIndex and cut into waves of the profile's wave size (a group
whose size is not a multiple of it ends with a partial wave). A shader's groupshared arrays get
fresh memory per chunk, one row per group (`dxlinalg.gpu.groupshared`); chunks are also cut so that
this memory stays under `MAX_GROUPSHARED_BYTES_PER_CHUNK`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from dxlinalg.errors import InvalidArgumentError, UnsupportedError
from dxlinalg.gpu.context import DispatchState, ExecutionContext, LaneGeometry, activate
from dxlinalg.gpu.groupshared import GroupSharedMemory, check_groupshared_size
from dxlinalg.gpu.groupshared_arrays import GroupSharedArray
from dxlinalg.gpu.resources import (
    ByteAddressBufferView,
    RootConstants,
    RootConstantsView,
    RWByteAddressBuffer,
    RWByteAddressBufferView,
    resolve_handle,
    root_constant_values,
)
from dxlinalg.gpu.shader import ComputeShader
from dxlinalg.profile.model import DeviceProfile
from dxlinalg.profile.registry import load_profile

MAX_GROUPS_PER_DIMENSION = 65535  # D3D12_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION
DEFAULT_MAX_LANES_PER_CHUNK = 8192
MAX_GROUPSHARED_BYTES_PER_CHUNK = 1 << 22   # groupshared rows of one chunk (strict mode adds 7 bytes per byte)


@dataclass(frozen=True)
class DispatchSummary:
    """What ran: grid, thread count, and how it was chunked."""

    thread_groups: tuple[int, int, int]
    threads: int
    chunks: int
    groups_per_chunk: int
    wave_size: int


def run_dispatch(shader: ComputeShader, bindings: Mapping[str, object],
                 thread_groups: tuple[int, int, int] = (1, 1, 1),
                 profile: str | DeviceProfile = "reference", *, strict: bool = True,
                 max_lanes_per_chunk: int = DEFAULT_MAX_LANES_PER_CHUNK) -> DispatchSummary:
    """Run `shader` over `thread_groups` on `profile` (Dispatch(x, y, z)).

    `bindings` maps each binding's name or register ("t0", "u0", "b0") to its resource: for
    buffers a `BufferBinding(buffer, offset)` (a root descriptor's GPU VA resolved), a `Buffer`,
    an object with a `.buffer` Buffer, or a uint8 numpy array; for root constants a sequence of
    ints/floats or a uint32 array. `strict` makes undefined behaviour raise.
    """
    prof = load_profile(profile)
    groups = tuple(int(n) for n in thread_groups)
    if len(groups) != 3 or any(n < 0 or n > MAX_GROUPS_PER_DIMENSION for n in groups):
        raise InvalidArgumentError(
            f"thread_groups {thread_groups} must be three counts in [0, {MAX_GROUPS_PER_DIMENSION}] "
            f"(D3D12_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION)")
    if shader.wave_size is not None and shader.wave_size != prof.wave_size:
        raise UnsupportedError(
            f"shader {shader.name!r} declares [WaveSize({shader.wave_size})] but profile {prof.name!r} runs "
            f"waves of {prof.wave_size} lanes (WaveLaneCountMin/Max); the pipeline cannot be created")
    if max_lanes_per_chunk < 1:
        raise InvalidArgumentError(f"max_lanes_per_chunk = {max_lanes_per_chunk} must be positive")
    shared_bytes = shader.groupshared_bytes
    check_groupshared_size(shared_bytes, prof, f"shader {shader.name!r}")
    views = _bind(shader, bindings)
    total_groups = groups[0] * groups[1] * groups[2]
    per_group = shader.threads_per_group
    groups_per_chunk = max(1, min(max_lanes_per_chunk // per_group,
                                  MAX_GROUPSHARED_BYTES_PER_CHUNK // max(shared_bytes, 1)))
    state = DispatchState()
    chunks = 0
    for first in range(0, total_groups, groups_per_chunk):
        count = min(groups_per_chunk, total_groups - first)
        geometry = _geometry(first, count, groups, shader.numthreads, prof.wave_size)
        ctx = ExecutionContext(geometry, prof, strict, state, defer_atomics=True)
        with activate(ctx):
            try:
                shader.function(**views, **_groupshared_arrays(shader, ctx))
            finally:
                ctx.settle_memory()      # the chunk's held-back atomics, before the next chunk or the host reads
        chunks += 1
    return DispatchSummary(groups, total_groups * per_group, chunks, groups_per_chunk, prof.wave_size)  # type: ignore[arg-type]


def _bind(shader: ComputeShader, bindings: Mapping[str, object]) -> dict[str, object]:
    values: dict[str, object] = {}
    for key, value in bindings.items():
        name = shader.binding_for(key)
        if name in values:
            raise InvalidArgumentError(f"binding {name!r} is given twice (by name and by register)")
        values[name] = value
    missing = [f"{n}:{d.register}" for n, d in shader.bindings.items() if n not in values]
    if missing:
        raise InvalidArgumentError(f"shader {shader.name!r} needs bindings {', '.join(missing)}")
    views: dict[str, object] = {}
    for name, declaration in shader.bindings.items():
        if isinstance(declaration, RootConstants):
            views[name] = RootConstantsView(root_constant_values(values[name], declaration, name))
            continue
        rng = resolve_handle(values[name], f"binding {name!r} ({declaration.register})")
        if isinstance(declaration, RWByteAddressBuffer):
            views[name] = RWByteAddressBufferView(rng)
        else:
            views[name] = ByteAddressBufferView(dataclasses.replace(rng, writable=False))
    return views


def _groupshared_arrays(shader: ComputeShader, ctx: ExecutionContext) -> dict[str, GroupSharedArray]:
    """The shader's groupshared arrays over fresh memory for the chunk's groups."""
    if not shader.groupshared:
        return {}
    memory = GroupSharedMemory(ctx, shader.groupshared_bytes)
    return {name: GroupSharedArray(memory, shader.groupshared[name], offset, name)
            for name, offset in shader.groupshared_offsets.items()}


def _geometry(first_group: int, group_count: int, grid: tuple[int, ...], numthreads: tuple[int, int, int],
              wave_size: int) -> LaneGeometry:
    """System values of the lanes of groups [first_group, first_group + group_count)."""
    per_group = numthreads[0] * numthreads[1] * numthreads[2]
    lane = np.arange(group_count * per_group, dtype=np.int64)
    group = first_group + lane // per_group
    index = lane % per_group
    group_xyz = np.stack([group % grid[0], (group // grid[0]) % grid[1], group // (grid[0] * grid[1])], axis=1)
    thread_xyz = np.stack([index % numthreads[0], (index // numthreads[0]) % numthreads[1],
                           index // (numthreads[0] * numthreads[1])], axis=1)
    waves_per_group = -(-per_group // wave_size)
    return LaneGeometry(
        dispatch_thread_id=(group_xyz * np.array(numthreads) + thread_xyz).astype(np.uint32),
        group_id=group_xyz.astype(np.uint32),
        group_thread_id=thread_xyz.astype(np.uint32),
        group_index=index.astype(np.uint32),
        wave_id=group * waves_per_group + index // wave_size,
        lane_in_wave=(index % wave_size).astype(np.uint32),
        wave_size=wave_size,
    )
