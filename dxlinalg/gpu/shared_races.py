"""Data-race detection on groupshared memory: who touched each byte since its group's last barrier.

Threads of a group run in an unspecified order between barriers, so an access to bytes another
thread wrote (or, for a write, read or wrote) since the group's last barrier has no defined result:
a data race. Atomics do not race with each other. The bookkeeping is per byte, over all groups of a
chunk at once (flat arrays over (groups, stride)), so each statement costs a few numpy gathers.
Threads are named by SV_GroupIndex, bytes by their offset in the group's groupshared memory.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from dxlinalg.errors import UndefinedBehaviorError
from dxlinalg.gpu.context import ExecutionContext

NO_THREAD = -1
SEVERAL_THREADS = -2       # several threads touched the byte (reads, or atomics)
BARRIER_ADVICE = ("separate the accesses with a group barrier with groupshared memory semantics (HLSL "
                  "GroupMemoryBarrierWithGroupSync(), SPIR-V OpControlBarrier with Workgroup execution scope and "
                  "AcquireRelease|WorkgroupMemory semantics); a data race is undefined behaviour")


class AccessTracker:
    """Per groupshared byte, since its group's last barrier: the thread that last stored to it, the threads
    that updated it atomically, the threads that read it; and whether anything ever wrote it.

    With `report` (strict mode) races and reads of never-written bytes raise UndefinedBehaviorError;
    without it only the writers are kept, for `load`'s answer (profiles whose stores become visible
    to other threads at the next barrier)."""

    def __init__(self, ctx: ExecutionContext, groups: int, stride: int, describe: Callable[[int], str],
                 *, report: bool) -> None:
        self.ctx = ctx
        self.stride = stride
        self.describe = describe
        self.report = report
        size = groups * stride
        self.writer = np.full(size, NO_THREAD, np.int16)           # plain stores
        self.atomic_writer = np.full(size, NO_THREAD, np.int16)    # atomics
        if report:
            self.reader = np.full(size, NO_THREAD, np.int16)
            self.written = np.zeros(size, dtype=bool)

    # -- what each kind of access checks and records ----------------------------------------------
    def load(self, byte_index: np.ndarray, lanes: np.ndarray, what: str) -> np.ndarray:
        """Record a plain read of (n, nbytes) bytes by n lanes; returns which of them another thread changed."""
        me = self._threads(lanes)
        writer, atomic_writer = self.writer[byte_index], self.atomic_writer[byte_index]
        if self.report:
            self._never_written(byte_index, lanes, what)
            self._raise_where(_other(writer, me), byte_index, lanes, writer, what, "read-after-write", "reads",
                              "wrote")
            self._raise_where(_other(atomic_writer, me), byte_index, lanes, atomic_writer, what,
                              "read after an atomic", "reads", "updated atomically")
            self._note(self.reader, byte_index, me)
        return _other(writer, me) | _other(atomic_writer, me)

    def store(self, byte_index: np.ndarray, lanes: np.ndarray, what: str) -> None:
        """Record a plain write of (n, nbytes) bytes by n lanes (one statement)."""
        me = self._threads(lanes)
        if self.report:
            self._same_statement(byte_index, me, lanes, what)
            for state, kind, verb in ((self.writer, "write-after-write", "wrote"),
                                      (self.atomic_writer, "write after an atomic", "updated atomically"),
                                      (self.reader, "write-after-read", "read")):
                other = state[byte_index]
                self._raise_where(_other(other, me), byte_index, lanes, other, what, kind, "writes", verb)
            self.written[byte_index] = True
        flat, thread = _thread_per_byte(byte_index, me)
        self.writer[flat] = thread

    def atomic_update(self, byte_index: np.ndarray, lanes: np.ndarray, what: str) -> None:
        """Record atomic read-modify-writes: they race with plain accesses by other threads, not with atomics."""
        me = self._threads(lanes)
        if self.report:
            self._never_written(byte_index, lanes, what)
            for state, kind, verb in ((self.writer, "atomic after a plain write", "wrote without an atomic"),
                                      (self.reader, "atomic after a plain read", "read")):
                other = state[byte_index]
                self._raise_where(_other(other, me), byte_index, lanes, other, what, kind, "updates atomically",
                                  verb)
            self.written[byte_index] = True
        self._note(self.atomic_writer, byte_index, me)

    def mark_written(self, byte_index: np.ndarray) -> None:
        """Bytes given a value outside any thread (a zero-initialised workgroup variable)."""
        if self.report:
            self.written[byte_index] = True

    def barrier(self, groups: np.ndarray) -> None:
        """The threads of `groups` (bool per group) synchronised: their earlier accesses no longer race."""
        rows = np.flatnonzero(groups)
        for state in (self.writer, self.atomic_writer, *((self.reader,) if self.report else ())):
            state.reshape(-1, self.stride)[rows] = NO_THREAD

    # -- helpers ------------------------------------------------------------------------------------
    def _threads(self, lanes: np.ndarray) -> np.ndarray:
        return self.ctx.geometry.group_index[lanes].astype(np.int16)[:, None]

    def _note(self, state: np.ndarray, byte_index: np.ndarray, me: np.ndarray) -> None:
        flat, thread = _thread_per_byte(byte_index, me)
        current = state[flat]
        state[flat] = np.where((current == NO_THREAD) | (current == thread), thread, SEVERAL_THREADS)

    def _never_written(self, byte_index: np.ndarray, lanes: np.ndarray, what: str) -> None:
        unwritten = ~self.written[byte_index]
        if unwritten.any():
            row, col = np.unravel_index(int(np.flatnonzero(unwritten)[0]), unwritten.shape)
            raise UndefinedBehaviorError(
                f"{what}: {self.ctx.thread_name(int(lanes[row]))} reads "
                f"{self.describe(int(byte_index[row, col]) % self.stride)}, which no thread of its group has written: "
                f"groupshared memory starts undefined")

    def _same_statement(self, byte_index: np.ndarray, me: np.ndarray, lanes: np.ndarray, what: str) -> None:
        if disjoint_runs(byte_index):
            return
        flat = byte_index.reshape(-1)
        order = np.argsort(flat, kind="stable")
        repeated = np.flatnonzero(flat[order][1:] == flat[order][:-1])
        if repeated.size:
            width = byte_index.shape[1]
            a, b = order[repeated[0]] // width, order[repeated[0] + 1] // width
            raise UndefinedBehaviorError(
                f"{what}: data race on groupshared memory (write-after-write) in {self.ctx.group_name(int(lanes[a]))}: "
                f"threads {int(me[a, 0])} and {int(me[b, 0])} both write "
                f"{self.describe(int(flat[order[repeated[0]]]) % self.stride)} in one statement; {BARRIER_ADVICE}")

    def _raise_where(self, race: np.ndarray, byte_index: np.ndarray, lanes: np.ndarray, other: np.ndarray,
                     what: str, kind: str, verb: str, other_verb: str) -> None:
        if not race.any():
            return
        row, col = np.unravel_index(int(np.flatnonzero(race)[0]), race.shape)
        them = int(other[row, col])
        who = "several threads" if them == SEVERAL_THREADS else f"thread {them}"
        raise UndefinedBehaviorError(
            f"{what}: data race on groupshared memory ({kind}) in {self.ctx.group_name(int(lanes[row]))}: thread "
            f"{int(self.ctx.geometry.group_index[lanes[row]])} {verb} "
            f"{self.describe(int(byte_index[row, col]) % self.stride)}, which {who} {other_verb} since the "
            f"group's last barrier; {BARRIER_ADVICE}")



def _other(state: np.ndarray, me: np.ndarray) -> np.ndarray:
    """Where a byte's recorded thread is a thread other than the accessing one."""
    return (state != NO_THREAD) & (state != me)


def _thread_per_byte(byte_index: np.ndarray, me: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each distinct byte of (n, width) runs once, with the thread that touched it, or SEVERAL_THREADS."""
    flat, thread = byte_index.reshape(-1), np.broadcast_to(me, byte_index.shape).reshape(-1)
    if disjoint_runs(byte_index):
        return flat, thread
    order = np.argsort(flat, kind="stable")
    flat, thread = flat[order], thread[order]
    starts = np.flatnonzero(np.concatenate(([True], flat[1:] != flat[:-1])))
    lowest, highest = np.minimum.reduceat(thread, starts), np.maximum.reduceat(thread, starts)
    return flat[starts], np.where(lowest == highest, lowest, SEVERAL_THREADS).astype(np.int16)


def disjoint_runs(index: np.ndarray) -> bool:
    """Whether the rows of (n, width) consecutive indices never overlap, judged in O(n) for the usual case of
    rows in rising or falling order (`tile[i]`, in either landing order); False means they may overlap."""
    if index.shape[0] < 2:
        return True
    step = np.diff(index[:, 0])
    width = index.shape[1]
    return bool((step >= width).all() or (step <= -width).all())
