"""The state of one SIMT run: its lanes, their waves, the active-lane mask stack, profile and mode.

A shader (or a single DXIL op called from host code) runs once over many lanes at a time; every
per-thread value is a numpy array with a leading lane axis. The context records which lanes are
active (the mask stack of divergent control flow), how lanes form waves, which device profile
answers implementation-dependent questions, and whether undefined behaviour raises (strict) or
does what some hardware might (permissive). Operations find it with `current_context()`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Protocol

import numpy as np

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.profile.model import DeviceProfile
from dxlinalg.profile.registry import load_profile

if TYPE_CHECKING:
    from dxlinalg.gpu.buffer_accesses import BufferAccessLog
    from dxlinalg.gpu.groupshared import GroupSharedMemory


@dataclass(frozen=True)
class LaneGeometry:
    """System values of every lane, and where each lane sits in its wave.

    Lanes of one wave are contiguous and in lane order; `wave_id` numbers waves in dispatch order
    (thread group, then wave within the group), so it orders atomics the same way in every chunk.
    """

    dispatch_thread_id: np.ndarray  # (lanes, 3) uint32
    group_id: np.ndarray            # (lanes, 3) uint32
    group_thread_id: np.ndarray     # (lanes, 3) uint32
    group_index: np.ndarray         # (lanes,) uint32
    wave_id: np.ndarray             # (lanes,) int64, global wave number in dispatch order
    lane_in_wave: np.ndarray        # (lanes,) uint32
    wave_size: int

    @property
    def lanes(self) -> int:
        return int(self.group_index.shape[0])

    @staticmethod
    def flat(lanes: int, wave_size: int) -> "LaneGeometry":
        """`lanes` threads of one group along x, cut into waves of `wave_size` (host-side op calls)."""
        index = np.arange(lanes, dtype=np.uint32)
        xyz = np.zeros((lanes, 3), np.uint32)
        xyz[:, 0] = index
        return LaneGeometry(
            dispatch_thread_id=xyz, group_id=np.zeros((lanes, 3), np.uint32), group_thread_id=xyz.copy(),
            group_index=index, wave_id=(index // wave_size).astype(np.int64),
            lane_in_wave=index % np.uint32(wave_size), wave_size=wave_size)


@dataclass
class DispatchState:
    """What outlives one chunk of a dispatch: the counter that seeds each atomic call's order, and the log of
    device-memory accesses (store-store races in strict mode; a parallel range's reads and writes)."""

    atomic_calls: Iterator[int] = field(default_factory=itertools.count)
    accesses: BufferAccessLog | None = None
    #: Rows of every float matrix product over the lanes (`linalg.fast.row_stable`): one value for the whole
    #: dispatch (`gpu.dispatch.product_rows`), so a lane's sums do not depend on how its chunk or parallel range
    #: was cut; None (lanes outside a dispatch): as many as there are lanes.
    product_rows: int | None = None


class DeferredWrites(Protocol):
    """Memory writes an operation held back (the atomics of a chunk, see linalg.fast.deferred_atomics)."""

    def touches(self, data: np.ndarray) -> bool:
        """Whether a held-back write lands in `data` (a backing store)."""

    def flush(self) -> None:
        """Apply every held-back write, in the order they were made."""


class ExecutionContext:
    """Lanes, waves, the active mask and the device choices of one SIMT execution.

    `defer_atomics`: atomic accumulates may hold their writes back in `deferred_writes` until
    `settle_memory` (a dispatch's chunks do; host-side contexts, whose callers may read memory
    directly, apply them at once)."""

    def __init__(self, geometry: LaneGeometry, profile: DeviceProfile, strict: bool,
                 state: DispatchState | None = None, *, defer_atomics: bool = False) -> None:
        self.geometry = geometry
        self.profile = profile
        self.strict = strict
        self.state = state or DispatchState()
        self.defer_atomics = defer_atomics
        self.deferred_writes: DeferredWrites | None = None
        self.shared_memories: list[GroupSharedMemory] = []   # groupshared storage of these lanes' groups
        self.lanes = geometry.lanes
        self.wave_size = geometry.wave_size
        self._stack: list[np.ndarray] = [np.ones(self.lanes, dtype=bool)]
        self._returned = np.zeros(self.lanes, dtype=bool)
        self._else: tuple[int, np.ndarray, np.ndarray] | None = None
        new_wave = np.diff(geometry.wave_id, prepend=np.int64(-1)) != 0
        self.wave_starts = np.flatnonzero(new_wave)             # first lane of each wave
        self.wave_of_lane = np.cumsum(new_wave) - 1             # wave number within this context
        # (first lane, lane count) of each wave, as per-wave operations over all lanes need them
        self.wave_runs = (self.wave_starts, np.diff(self.wave_starts, append=self.lanes))

    # -- thread groups: the lanes of one group are contiguous (a chunk holds whole groups) ---------
    @cached_property
    def group_starts(self) -> np.ndarray:
        """First lane of each thread group of this context."""
        group_id = self.geometry.group_id
        new_group = np.ones(self.lanes, dtype=bool)
        new_group[1:] = np.any(group_id[1:] != group_id[:-1], axis=1)
        return np.flatnonzero(new_group)

    @cached_property
    def group_of_lane(self) -> np.ndarray:
        """(lanes,) int64: each lane's group, numbered from 0 within this context."""
        new_group = np.zeros(self.lanes, dtype=np.int64)
        new_group[self.group_starts] = 1
        return np.cumsum(new_group) - 1

    @property
    def groups(self) -> int:
        return int(self.group_starts.shape[0])

    def group_name(self, lane: int) -> str:
        """`thread group (x, y, z)` of a lane, for messages."""
        return f"thread group {tuple(int(v) for v in self.geometry.group_id[lane])}"

    def thread_name(self, lane: int) -> str:
        """`thread i of thread group (x, y, z)` (i = SV_GroupIndex) of a lane, for messages."""
        return f"thread {int(self.geometry.group_index[lane])} of {self.group_name(lane)}"

    def per_group_count(self, lanes: np.ndarray) -> np.ndarray:
        """(groups,) how many lanes of each group are set in the (lanes,) bool `lanes`."""
        return np.add.reduceat(lanes.astype(np.int64), self.group_starts)

    # -- the active mask -------------------------------------------------------------------------
    @property
    def active(self) -> np.ndarray:
        """(lanes,) bool: lanes executing the current statement."""
        return self._stack[-1] & ~self._returned

    @property
    def live(self) -> np.ndarray:
        """(lanes,) bool: lanes that have not returned (they will reach a group barrier)."""
        return ~self._returned

    def lane_bool(self, condition: object, what: str = "condition") -> np.ndarray:
        """A per-lane bool from a scalar or a (lanes,) array."""
        cond = np.asarray(condition)
        if cond.ndim == 0:
            return np.full(self.lanes, bool(cond))
        if cond.shape != (self.lanes,):
            raise InvalidArgumentError(
                f"{what} has shape {cond.shape}; a per-lane condition must be a scalar or have shape "
                f"({self.lanes},), one value per lane")
        return cond.astype(bool, copy=False)

    def push_branch(self, condition: np.ndarray) -> None:
        self._stack.append(self._stack[-1] & condition)

    def pop_branch(self, condition: np.ndarray) -> None:
        self._stack.pop()
        self._else = (len(self._stack), self._stack[-1], condition)

    def take_else(self) -> np.ndarray:
        """The mask of the else-branch of the if_ that just closed at this nesting depth."""
        if self._else is None or self._else[0] != len(self._stack):
            raise InvalidArgumentError("else_() must directly follow a `with if_(...)` block at the same depth")
        _, parent, condition = self._else
        self._else = None
        return parent & ~condition

    def push_mask(self, mask: np.ndarray) -> None:
        self._stack.append(mask)

    def pop_mask(self) -> None:
        self._stack.pop()
        self._else = None

    def return_lanes(self, condition: np.ndarray) -> None:
        self._returned |= self.active & condition

    # -- per-lane arguments ----------------------------------------------------------------------
    def lane_ints(self, value: object, what: str) -> np.ndarray:
        """A scalar or (lanes,) integer argument as an (lanes,) int64 array."""
        array = np.asarray(value)
        if array.dtype.kind not in "iub":
            raise InvalidArgumentError(f"{what} must be an integer (or one per lane), got dtype {array.dtype}")
        if array.ndim == 0:
            return np.full(self.lanes, int(array), np.int64)
        if array.shape != (self.lanes,):
            raise InvalidArgumentError(
                f"{what} has shape {array.shape}; it must be a scalar or have shape ({self.lanes},)")
        return array.astype(np.int64)

    def lane_offsets(self, value: object, what: str) -> int | np.ndarray:
        """A byte offset: a Python int when uniform (a scalar), else (lanes,) int64."""
        if np.ndim(value) == 0:
            if np.asarray(value).dtype.kind not in "iub":
                raise InvalidArgumentError(f"{what} must be an integer (or one per lane), got {value!r}")
            return int(value)  # type: ignore[call-overload]
        return self.lane_ints(value, what)

    def next_atomic_call(self) -> int:
        if self.state.accesses is not None:
            self.state.accesses.atomic_calls = True
        return next(self.state.atomic_calls)

    def settle_memory(self, data: np.ndarray | None = None, *, precise: bool = False) -> None:
        """Apply the held-back writes before memory is read or written: all of them when `data` is
        None (the end of a chunk), else only if one lands in the backing store `data`.

        Unless `precise` (the caller notes the bytes it reads and stores itself), `data` counts as read
        in the dispatch's access log: a parallel run cannot then assume another range's writes unseen."""
        if data is not None and not precise and self.state.accesses is not None:
            self.state.accesses.note_read(data)
        pending = self.deferred_writes
        if pending is not None and (data is None or pending.touches(data)):
            pending.flush()


_current: ContextVar[ExecutionContext | None] = ContextVar("dxlinalg_gpu_context", default=None)


def current_context() -> ExecutionContext | None:
    """The SIMT context of the running shader or standalone block, or None in plain host code."""
    return _current.get()


def require_context(what: str) -> ExecutionContext:
    ctx = _current.get()
    if ctx is None:
        raise InvalidArgumentError(
            f"{what} needs running lanes: call it inside a shader run by run_dispatch, or inside "
            f"`with standalone_lanes(n):`")
    return ctx


@contextmanager
def activate(ctx: ExecutionContext) -> Iterator[ExecutionContext]:
    """Make `ctx` the current context for the duration of the block."""
    token = _current.set(ctx)
    try:
        yield ctx
    finally:
        _current.reset(token)


@contextmanager
def standalone_lanes(lanes: int, *, profile: str | DeviceProfile = "reference",
                     strict: bool = True) -> Iterator[ExecutionContext]:
    """Run host code as `lanes` threads (waves of the profile's size), e.g. to test ops with masks.

    Inside the block, `if_`/`else_`, wave intrinsics and the DXIL ops see these lanes; handles
    may be plain `Buffer`s, objects with a `.buffer`, or numpy uint8 arrays.
    """
    if lanes < 1:
        raise InvalidArgumentError(f"lanes = {lanes} must be at least 1")
    prof = load_profile(profile)
    ctx = ExecutionContext(LaneGeometry.flat(lanes, prof.wave_size), prof, strict)
    with activate(ctx):
        yield ctx


@contextmanager
def lanes_for(lanes: int, profile: str | DeviceProfile | None, strict: bool | None,
              what: str) -> Iterator[ExecutionContext]:
    """The current context (checking the lane count), or a one-off context for a host-side call."""
    ctx = _current.get()
    if ctx is not None:
        if lanes != ctx.lanes:
            raise InvalidArgumentError(
                f"{what}: the vector has {lanes} rows but {ctx.lanes} lanes are running; pass one row per lane")
        if profile is not None and load_profile(profile) is not ctx.profile:
            raise InvalidArgumentError(
                f"{what}: profile= is only for calls outside a dispatch; these lanes run on profile "
                f"{ctx.profile.name!r}")
        if strict is not None and strict != ctx.strict:
            raise InvalidArgumentError(f"{what}: strict= is only for calls outside a dispatch")
        yield ctx
        return
    prof = load_profile("reference" if profile is None else profile)
    ctx = ExecutionContext(LaneGeometry.flat(lanes, prof.wave_size), prof, True if strict is None else strict)
    with activate(ctx):
        yield ctx
