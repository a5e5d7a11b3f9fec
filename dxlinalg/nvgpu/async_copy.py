"""`nvgpu.device_async_copy`, `device_async_create_group`, `device_async_wait`: cp.async and its groups.

PTX `cp.async` (9.7.9.25.3) copies 4, 8 or 16 bytes from global to shared memory without blocking
the thread; of those cp-size bytes the first src-size come from the source and the rest are
zero-filled (src-size > cp-size is undefined). `cp.async.commit_group` (nvgpu's create_group)
puts all of the thread's copies issued since its last commit in a new group, whatever tokens it
is given; `cp.async.wait_group N` (nvgpu's wait, N = numGroups, default 0) returns once at most
the N most recent groups of the thread are still in flight, all older ones complete. Until a wait
covers a copy, nothing says when its bytes arrive:

- the profile's `nvgpu.async_copy_lands` picks when this emulator moves them: `at_wait` (when the
  covering wait runs, the latest legal point) or `at_issue` (at once, the earliest);
- strict mode reports any access, by any thread, to destination bytes whose copy no wait has
  covered yet, and a copy into bytes another thread touched since the group's last barrier (a
  data race, as a plain store would be). Landed bytes count as stored by the copying thread, so
  other threads need a barrier after its wait, as on hardware.

Per thread, everything is tracked per lane: the groups it committed, and each copy's group.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field

import numpy as np

from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.gpu.context import ExecutionContext, require_context
from dxlinalg.gpu.groupshared import GroupSharedMemory
from dxlinalg.gpu.resources import BufferRange
from dxlinalg.gpu.typed_view import BufferMemory, TypedView
from dxlinalg.nvgpu.op_types import (
    verify_device_async_copy_call,
    verify_device_async_create_group_call,
    verify_device_async_wait_call,
)
from dxlinalg.nvgpu.pending_copies import PendingCopies, guard_memory
from dxlinalg.nvgpu.types import plain

NOT_COMMITTED = -1


@dataclass(frozen=True, eq=False)
class AsyncToken:
    """`!nvgpu.device.async.token`: what a copy or a group returns (the lowering ignores its value)."""

    kind: str                      # "copy" or "group"
    context: weakref.ReferenceType


@dataclass(eq=False)
class _Copy:
    """One device_async_copy statement: its lanes' source and destination bytes and their groups."""

    memory: GroupSharedMemory
    lanes: np.ndarray              # issuing lanes
    destination: np.ndarray        # byte offsets in each lane's group memory
    source: BufferRange
    source_offsets: np.ndarray     # byte offsets in `source`
    source_bytes: np.ndarray       # bytes read per lane; the rest of `size` is zero-filled
    size: int
    group: np.ndarray = field(init=False)
    landed: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        self.group = np.full(self.lanes.size, NOT_COMMITTED, np.int64)
        self.landed = np.zeros(self.lanes.size, bool)


class _AsyncCopies:
    """The async-copy state of one run of lanes: copies in flight and each lane's committed groups."""

    def __init__(self, ctx: ExecutionContext) -> None:
        self.ctx = ctx
        self.copies: list[_Copy] = []
        self.committed = np.zeros(ctx.lanes, np.int64)
        self.pending: dict[int, PendingCopies] = {}

    def pending_of(self, memory: GroupSharedMemory) -> PendingCopies | None:
        """The strict-mode guard of `memory`'s in-flight destination bytes (None when permissive)."""
        if not self.ctx.strict:
            return None
        key = id(memory)
        if key not in self.pending:
            self.pending[key] = guard_memory(memory)
        return self.pending[key]


_STATES: weakref.WeakKeyDictionary[ExecutionContext, _AsyncCopies] = weakref.WeakKeyDictionary()


def _state(ctx: ExecutionContext) -> _AsyncCopies:
    state = _STATES.get(ctx)
    if state is None:
        state = _STATES[ctx] = _AsyncCopies(ctx)
    return state


def device_async_copy(dst: TypedView, dstIndices: object, src: TypedView, srcIndices: object,  # noqa: N803
                      dstElements: int, srcElements: object = None, bypassL1: bool = False) -> AsyncToken:  # noqa: N803
    """`nvgpu.device_async_copy %src[srcIndices], %dst[dstIndices], dstElements[, srcElements] {bypassL1}`:
    each active lane starts copying dstElements elements (srcElements of them from `src`, zeros after)."""
    op = "nvgpu.device_async_copy"
    dstElements, bypassL1 = plain(dstElements), plain(bypassL1)  # noqa: N806
    verify_device_async_copy_call(dst, dstIndices, src, srcIndices, dstElements, srcElements, bypassL1)
    ctx = require_context(op)
    memory, size = _check_copy(op, ctx, dst, src, dstElements)
    state = _state(ctx)
    lanes = np.flatnonzero(ctx.active)
    count = ctx.lane_ints(dstElements if srcElements is None else srcElements, f"{op} srcElements")
    source_bytes = _source_bytes(op, ctx, count, int(dstElements), src.dtype.itemsize)
    destination = _aligned(op, ctx, dst.byte_offsets(dstIndices, op, int(dstElements)), size, memory.describe)
    source_range: BufferRange = src.memory.range  # type: ignore[attr-defined]
    ctx.push_mask(ctx.active & (source_bytes > 0))        # a lane reading nothing may point anywhere
    try:
        address = src.byte_offsets(srcIndices, op) + source_range.base_address
        _check_source_reach(op, ctx, src, srcIndices, count)
        address = _aligned(op, ctx, np.where(ctx.active, address, source_range.base_address), size,
                           lambda at: f"{src.name!r} address {at:#x} ({source_range.name})")
    finally:
        ctx.pop_mask()
    source_offsets = address - source_range.base_address
    copy = _Copy(memory, lanes, destination[lanes], source_range, source_offsets[lanes], source_bytes[lanes], size)
    pending = state.pending_of(memory)
    if pending is not None:
        _check_source_in_bounds(op, ctx, copy)
        memory_tracker_store(ctx, memory, copy.lanes, copy.destination, size, op)
    if ctx.profile.nvgpu.async_copy_lands == "at_issue":
        _land(ctx, copy, np.ones(lanes.size, bool), op)
    if pending is not None:
        pending.add(copy.lanes, copy.destination, size, ctx.group_of_lane[copy.lanes])
    state.copies.append(copy)
    return AsyncToken("copy", weakref.ref(ctx))


def device_async_create_group(inputTokens: object) -> AsyncToken:  # noqa: N803
    """`nvgpu.device_async_create_group %tokens`: commits every copy the active lanes issued since their
    last commit (the tokens are checked, not used: cp.async.commit_group takes none)."""
    op = "nvgpu.device_async_create_group"
    verify_device_async_create_group_call(inputTokens)
    ctx = require_context(op)
    _check_tokens(op, ctx, list(inputTokens) if isinstance(inputTokens, (list, tuple)) else [inputTokens])
    state = _state(ctx)
    active = ctx.active
    for copy in state.copies:
        mine = (copy.group == NOT_COMMITTED) & active[copy.lanes]
        copy.group[mine] = state.committed[copy.lanes[mine]]
    state.committed[active] += 1
    return AsyncToken("group", weakref.ref(ctx))


def device_async_wait(asyncDependencies: AsyncToken | None, numGroups: int | None = None) -> None:  # noqa: N803
    """`nvgpu.device_async_wait %token {numGroups}`: each active lane waits until at most `numGroups`
    (default 0) of its most recent groups are in flight; the copies of every older group land. The token is
    checked, not used (cp.async.wait_group takes none); None is the verifier's form without one."""
    op = "nvgpu.device_async_wait"
    numGroups = plain(numGroups)  # noqa: N806
    verify_device_async_wait_call(asyncDependencies, numGroups)
    ctx = require_context(op)
    _check_tokens(op, ctx, [] if asyncDependencies is None else [asyncDependencies])
    if numGroups is None:
        numGroups = 0
    if not 0 <= numGroups < 2**31:          # an i32 attribute (the verifier): PTX wait_group's N is non-negative
        raise InvalidArgumentError(f"{op}: numGroups must be a non-negative 32-bit integer, got {numGroups!r}")
    state = _state(ctx)
    complete_below = np.where(ctx.active, state.committed - int(numGroups), 0)
    remaining = []
    for copy in state.copies:
        due = ~copy.landed & (copy.group != NOT_COMMITTED) & (copy.group < complete_below[copy.lanes])
        if due.any():
            pending = state.pending_of(copy.memory)
            if pending is not None:
                pending.remove(copy.lanes[due], copy.destination[due], copy.size, ctx.group_of_lane[copy.lanes[due]])
            if ctx.profile.nvgpu.async_copy_lands == "at_wait":
                _land(ctx, copy, due, op)
            copy.landed |= due
        if not copy.landed.all():
            remaining.append(copy)
    state.copies = remaining


# -- checks -----------------------------------------------------------------------------------------
def _check_copy(op: str, ctx: ExecutionContext, dst: TypedView, src: TypedView,
                dst_elements: int) -> tuple[GroupSharedMemory, int]:
    """What MLIR's verifier (run first) cannot see: the destination is this run's groupshared memory, the
    source global memory (MLIR lets a source be in any memory space; cp.async reads .global). Returns the
    destination memory and the copy size in bytes (4, 8 or 16: the verifier checked it)."""
    memory = dst.memory
    assert isinstance(memory, GroupSharedMemory)         # the verifier's workgroup-memory rule
    if memory.ctx is not ctx:
        raise InvalidArgumentError(f"{op}: {dst.name!r} is the groupshared memory of another run of lanes")
    if not isinstance(src.memory, BufferMemory):
        raise InvalidArgumentError(f"{op}: the source must be global memory (a BufferMemory view): cp.async reads "
                                   f".global, got {type(src.memory).__name__}")
    return memory, dst.element_bytes * int(dst_elements)


def _source_bytes(op: str, ctx: ExecutionContext, count: np.ndarray, dst_elements: int, element_bytes: int) -> np.ndarray:
    """Bytes each lane reads: srcElements elements, at most the copy (more is undefined: reported in
    strict mode, the copy's own size otherwise, as the H100 mostly does)."""
    negative = ctx.active & (count < 0)
    if negative.any():
        lane = int(np.flatnonzero(negative)[0])
        raise InvalidArgumentError(f"{op}: srcElements {int(count[lane])} ({ctx.thread_name(lane)}) is negative")
    past = ctx.active & (count > dst_elements)
    if past.any() and ctx.strict:
        lane = int(np.flatnonzero(past)[0])
        raise UndefinedBehaviorError(
            f"{op}: srcElements {int(count[lane])} ({ctx.thread_name(lane)}) is more than dstElements "
            f"{dst_elements}: PTX cp.async src-size must be less than cp-size (undefined behaviour)")
    return np.minimum(count, dst_elements) * element_bytes


def _aligned(op: str, ctx: ExecutionContext, offsets: np.ndarray, size: int, describe) -> np.ndarray:  # type: ignore[no-untyped-def]
    """Both addresses of a cp.async must be aligned to its size; permissive mode drops the low bits."""
    misaligned = ctx.active & (offsets % size != 0)
    if misaligned.any():
        if ctx.strict:
            lane = int(np.flatnonzero(misaligned)[0])
            raise UndefinedBehaviorError(
                f"{op}: {describe(int(offsets[lane]))} ({ctx.thread_name(lane)}) is not {size}-byte aligned "
                f"(PTX cp.async: addresses aligned to the copy size)")
        offsets = offsets - offsets % size
    return offsets


def _check_source_reach(op: str, ctx: ExecutionContext, src: TypedView, indices: object, count: np.ndarray) -> None:
    """Strict: the srcElements a lane reads lie inside the source memref's last dimension."""
    if not ctx.strict:
        return
    parts = indices if isinstance(indices, tuple) else (indices,)
    last = ctx.lane_ints(parts[-1], f"{op} srcIndices")
    outside = ctx.active & (last + count > src.shape[-1])
    if outside.any():
        lane = int(np.flatnonzero(outside)[0])
        raise UndefinedBehaviorError(
            f"{op}: source elements [{int(last[lane])}, {int(last[lane] + count[lane])}) ({ctx.thread_name(lane)}) "
            f"of the last dimension are outside [0, {src.shape[-1]}) of {src.name!r} (out-of-bounds access is "
            f"undefined)")


def _check_source_in_bounds(op: str, ctx: ExecutionContext, copy: _Copy) -> None:
    outside = (copy.source_bytes > 0) & ((copy.source_offsets < 0)
                                         | (copy.source_offsets + copy.source_bytes > copy.source.size))
    if outside.any():
        index = int(np.flatnonzero(outside)[0])
        start = int(copy.source_offsets[index])
        raise UndefinedBehaviorError(
            f"{op}: source bytes [{start}, {start + int(copy.source_bytes[index])}) "
            f"({ctx.thread_name(int(copy.lanes[index]))}) are outside {copy.source.name} of {copy.source.size} bytes")


def _check_tokens(op: str, ctx: ExecutionContext, tokens: list[AsyncToken]) -> None:
    """Tokens (the verifier checked their type) of this run of lanes."""
    for token in tokens:
        if token.context() is not ctx:
            raise InvalidArgumentError(f"{op}: a token of another run of lanes")


# -- moving the bytes ---------------------------------------------------------------------------------
def memory_tracker_store(ctx: ExecutionContext, memory: GroupSharedMemory, lanes: np.ndarray,
                         offsets: np.ndarray, size: int, op: str) -> None:
    """Strict mode: record the copy as the issuing lanes' store of its destination bytes now, so races
    with other threads' earlier accesses since the last barrier are reported at issue."""
    if memory.tracker is None:
        return
    rows = ctx.group_of_lane[lanes] * memory.stride + offsets
    memory.tracker.store(rows[:, None] + np.arange(size), lanes, op)


def _land(ctx: ExecutionContext, copy: _Copy, which: np.ndarray, op: str) -> None:
    """Copy `which` of the copy's lanes: source bytes, zeros past src-size, into groupshared memory as
    the issuing lanes' stores (in 32-bit words: every copy size and address is a multiple of 4)."""
    lanes = copy.lanes[which]
    if lanes.size == 0:
        return
    ctx.settle_memory(copy.source.data)
    start = copy.source.base_offset + copy.source_offsets[which]
    position = start[:, None] + np.arange(copy.size)
    whole = copy.source_bytes[which] == copy.size
    if whole.all() and position[:, -1].max(initial=-1) < copy.source.data.shape[0] and start.min() >= 0:
        moved = copy.source.data[position]
    else:
        reads = np.arange(copy.size)[None, :] < copy.source_bytes[which][:, None]
        reads &= (position >= copy.source.base_offset) & (position < copy.source.data.shape[0])   # permissive: OOB reads 0
        moved = np.where(reads, copy.source.data[np.where(reads, position, 0)], 0).astype(np.uint8)
    values = np.zeros((ctx.lanes, copy.size // 4), np.uint32)
    values[lanes] = moved.view(np.uint32)
    offsets = np.zeros(ctx.lanes, np.int64)
    offsets[lanes] = copy.destination[which]
    mask = np.zeros(ctx.lanes, bool)
    mask[lanes] = True
    ctx.push_mask(mask)
    try:
        copy.memory.store(offsets, values, what=f"{op} (landing)")
    finally:
        ctx.pop_mask()
