"""Strict mode: groupshared bytes with an async copy in flight, and the check on every access to them.

Until a wait covers a cp.async, its destination bytes are undefined to every thread, the issuing
one included, and writing them races with the copy. `guard_memory` puts this check in front of the
groupshared memory's race tracker (`GroupSharedMemory.tracker`, which every load, store and atomic
of strict mode goes through), so HLSL arrays, typed views and ldmatrix all see it.
"""

from __future__ import annotations

import numpy as np

from dxlinalg.errors import UndefinedBehaviorError
from dxlinalg.gpu.groupshared import GroupSharedMemory
from dxlinalg.gpu.shared_races import AccessTracker

NO_THREAD = -1


class PendingCopies:
    """Per byte of a groupshared memory (all groups, flat): whether a copy is in flight, and its issuer.
    At most one copy is in flight per byte: a copy is a store, checked here like any other."""

    def __init__(self, memory: GroupSharedMemory) -> None:
        self.memory = memory
        self.in_flight = np.zeros(memory.data.size, bool)
        self.issuer = np.full(memory.data.size, NO_THREAD, np.int16)

    def _bytes(self, lanes: np.ndarray, offsets: np.ndarray, size: int, groups: np.ndarray) -> np.ndarray:
        return ((groups * self.memory.stride + offsets)[:, None] + np.arange(size)).reshape(-1)

    def add(self, lanes: np.ndarray, offsets: np.ndarray, size: int, groups: np.ndarray) -> None:
        """Copies by `lanes` into bytes [offset, offset + size) of their groups' memory are in flight.
        The lanes' bytes are disjoint: the race tracker has reported one statement's overlapping writes."""
        flat = self._bytes(lanes, offsets, size, groups)
        self.in_flight[flat] = True
        self.issuer[flat] = np.repeat(self.memory.ctx.geometry.group_index[lanes].astype(np.int16), size)

    def remove(self, lanes: np.ndarray, offsets: np.ndarray, size: int, groups: np.ndarray) -> None:
        """A wait covered those copies."""
        self.in_flight[self._bytes(lanes, offsets, size, groups)] = False

    def check(self, byte_index: np.ndarray, lanes: np.ndarray, what: str, verb: str) -> None:
        """(n, nbytes) flat bytes accessed by n lanes: none may have a copy in flight."""
        hit = self.in_flight[byte_index]
        if not hit.any():
            return
        row, col = np.unravel_index(int(np.flatnonzero(hit)[0]), hit.shape)
        flat = int(byte_index[row, col])
        ctx = self.memory.ctx
        raise UndefinedBehaviorError(
            f"{what}: {ctx.thread_name(int(lanes[row]))} {verb} {self.memory.describe(flat % self.memory.stride)}, "
            f"the destination of an async copy by thread {int(self.issuer[flat])} that no device_async_wait has "
            f"covered yet (cp.async: the bytes are undefined until a wait_group completes the copy's group; other "
            f"threads also need a barrier after that wait)")


class _GuardedTracker:
    """The memory's race tracker with the in-flight check in front of every access."""

    def __init__(self, tracker: AccessTracker, pending: PendingCopies) -> None:
        self._tracker = tracker
        self._pending = pending

    def load(self, byte_index: np.ndarray, lanes: np.ndarray, what: str, *, aligned: bool | None = None) -> np.ndarray:
        self._pending.check(byte_index, lanes, what, "reads")
        return self._tracker.load(byte_index, lanes, what, aligned=aligned)

    def store(self, byte_index: np.ndarray, lanes: np.ndarray, what: str, *, aligned: bool | None = None) -> None:
        self._pending.check(byte_index, lanes, what, "writes")
        self._tracker.store(byte_index, lanes, what, aligned=aligned)

    def load_run(self, starts: np.ndarray, width: int, lanes: np.ndarray, what: str) -> np.ndarray:
        return self.load(starts[:, None] + np.arange(width), lanes, what, aligned=True)

    def store_run(self, starts: np.ndarray, width: int, lanes: np.ndarray, what: str) -> None:
        self.store(starts[:, None] + np.arange(width), lanes, what, aligned=True)

    def atomic_update(self, byte_index: np.ndarray, lanes: np.ndarray, what: str) -> None:
        self._pending.check(byte_index, lanes, what, "updates atomically")
        self._tracker.atomic_update(byte_index, lanes, what)

    def __getattr__(self, name: str) -> object:
        return getattr(self._tracker, name)


def guard_memory(memory: GroupSharedMemory) -> PendingCopies:
    """Start checking `memory`'s accesses against copies in flight (strict mode: it has a tracker)."""
    pending = PendingCopies(memory)
    if memory.tracker is not None:
        memory.tracker = _GuardedTracker(memory.tracker, pending)  # type: ignore[assignment]
    return pending
