"""Dispatch: run a compute shader over a grid of thread groups, a chunk of groups at a time.

`run_dispatch` is the engine's one entry point (d3d12api's `Dispatch` calls it). Thread groups
are numbered x fastest, then y, then z; each chunk holds whole groups, at most
`max_lanes_per_chunk` threads, so memory stays bounded however large the grid. Inside a group,
threads are numbered by SV_GroupIndex and cut into waves of the profile's wave size (a group
whose size is not a multiple of it ends with a partial wave). A shader's groupshared arrays get
fresh memory per chunk, one row per group (`dxlinalg.gpu.groupshared`); chunks are also cut so that
this memory stays under `MAX_GROUPSHARED_BYTES_PER_CHUNK`. Large dispatches spread their workgroups over worker
processes (`dxlinalg.gpu.parallel`), with results equal to the serial run's bytes.
"""

from __future__ import annotations

import dataclasses
import pickle
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass

import numpy as np

from dxlinalg.errors import InvalidArgumentError, UnsupportedError
from dxlinalg.gpu import parallel
from dxlinalg.gpu.buffer_accesses import BufferAccessLog
from dxlinalg.gpu.context import DispatchState, ExecutionContext, LaneGeometry, activate
from dxlinalg.gpu.groupshared import GroupSharedMemory, check_groupshared_size
from dxlinalg.gpu.groupshared_arrays import GroupSharedArray
from dxlinalg.gpu.parallel import (
    ParallelPlan,
    check_executor,
    fork_available,
    requested_jobs,
    run_in_parallel,
)
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
from dxlinalg.memory.address_space import Buffer
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
                 max_lanes_per_chunk: int = DEFAULT_MAX_LANES_PER_CHUNK, jobs: int | None = None,
                 executor: Executor | None = None, memory: Sequence[Buffer | np.ndarray] = (),
                 shared: Sequence[object] = ()) -> DispatchSummary:
    """Run `shader` over `thread_groups` on `profile` (Dispatch(x, y, z)).

    `bindings` maps each binding's name or register ("t0", "u0", "b0") to its resource: for
    buffers a `BufferBinding(buffer, offset)` (a root descriptor's GPU VA resolved), a `Buffer`,
    an object with a `.buffer` Buffer, or a uint8 numpy array; for root constants a sequence of
    ints/floats or a uint32 array. `strict` makes undefined behaviour raise.

    `jobs` worker processes share the workgroups (default $DXLINALG_JOBS, else every core; 1 is serial), or
    `executor` runs them (any concurrent.futures.Executor); results are the serial run's bytes
    (`dxlinalg.gpu.parallel`). A surface whose shader reaches memory beyond its bindings names it in `memory`
    (Buffers or backing arrays) and the objects the workers may share rather than copy in `shared`.
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
    workers = requested_jobs(jobs)
    pool = check_executor(executor)
    shared_bytes = shader.groupshared_bytes
    check_groupshared_size(shared_bytes, prof, f"shader {shader.name!r}")
    views = _bind(shader, bindings)
    total_groups = groups[0] * groups[1] * groups[2]
    per_group = shader.threads_per_group
    groups_per_chunk = max(1, min(max_lanes_per_chunk // per_group,
                                  MAX_GROUPSHARED_BYTES_PER_CHUNK // max(shared_bytes, 1)))
    work = _ShaderWork(shader, views, groups, prof, strict, groups_per_chunk)  # type: ignore[arg-type]
    summary = DispatchSummary(groups, total_groups * per_group, -(-total_groups // groups_per_chunk),  # type: ignore
                              groups_per_chunk, prof.wave_size)
    cost = _cost_key(shader, prof, strict, groups_per_chunk)
    workers = parallel.jobs_for(workers, total_groups, per_group, parallel.estimated_seconds(cost, total_groups))
    if workers > 1 and not parallel.fell_back(cost) and (pool is not None or fork_available()):
        plan = ParallelPlan(work, [*_bound_memory(views), *memory], [prof, *shared], total_groups, groups,  # type: ignore
                            per_group, strict)
        if run_in_parallel(plan, workers, pool):
            return summary
        parallel.note_fallback(cost)
    log = BufferAccessLog(groups, per_group, races=True, record=False) if strict else None  # type: ignore[arg-type]
    start = time.perf_counter()
    work.run_groups(0, total_groups, log)
    parallel.note_cost(cost, time.perf_counter() - start, total_groups)
    return summary


def _cost_key(shader: ComputeShader, profile: DeviceProfile, strict: bool, groups_per_chunk: int) -> object:
    """What names a dispatch's work per workgroup for the size threshold (`parallel.estimated_seconds`): the
    shader's `cost_key` where its function has one (a SPIR-V entry point: its compiled program), else the recipe
    of a `shader_factory` shader (a new object per call), else the function; with the chunking and mode."""
    identity = getattr(shader.function, "cost_key", None)
    recipe = shader.__dict__.get("_recipe")
    if identity is None and recipe is not None:
        try:
            identity = pickle.dumps(recipe)
        except Exception:           # unpicklable arguments: the function names it (a new key per call)
            identity = None
    if identity is None:
        identity = shader.function
    return (identity, shader.numthreads, profile.name, strict, groups_per_chunk)


@dataclass
class _ShaderWork:
    """A bound dispatch of a Python shader: what runs any range of its workgroups (`gpu.parallel.GroupWork`)."""

    shader: ComputeShader
    views: dict[str, object]
    grid: tuple[int, int, int]
    profile: DeviceProfile
    strict: bool
    groups_per_chunk: int

    def run_groups(self, first_group: int, count: int, log: BufferAccessLog | None) -> None:
        state = DispatchState(accesses=log, product_rows=product_rows(self.grid, self.shader.threads_per_group))
        for first in range(first_group, first_group + count, self.groups_per_chunk):
            chunk = min(self.groups_per_chunk, first_group + count - first)
            geometry = _geometry(first, chunk, self.grid, self.shader.numthreads, self.profile.wave_size)
            ctx = ExecutionContext(geometry, self.profile, self.strict, state, defer_atomics=True)
            if log is not None:
                log.first_group = first
            with activate(ctx):
                try:
                    self.shader.function(**self.views, **_groupshared_arrays(self.shader, ctx))
                finally:
                    ctx.settle_memory()      # the chunk's held-back atomics, before the next chunk or the host reads


#: Rows of a dispatch's float matrix products (`DispatchState.product_rows`), where it has that many lanes.
PRODUCT_ROWS = 8192


def product_rows(grid: tuple[int, int, int], threads_per_group: int) -> int:
    """The rows of the dispatch's float matrix products: PRODUCT_ROWS (a default chunk's lanes, so such a chunk is
    one product), or for a smaller dispatch its lanes rounded up to a power of two (it pads little). It depends on
    the dispatch alone, not on the chunking or a parallel range, so neither changes a lane's sums."""
    lanes = grid[0] * grid[1] * grid[2] * threads_per_group
    return min(PRODUCT_ROWS, 1 << max(0, lanes - 1).bit_length())


def _bound_memory(views: Mapping[str, object]) -> list[Buffer | np.ndarray]:
    """The backing stores of the bound buffers (a Buffer where the binding has one, so its version is bumped)."""
    found: list[Buffer | np.ndarray] = []
    for view in views.values():
        if isinstance(view, ByteAddressBufferView):
            found.append(view.range.buffer if view.range.buffer is not None else view.range.data)
    return found


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
