"""Data-race detection on groupshared memory: who touched each byte since its group's last barrier.

Threads of a group run in an unspecified order between barriers, so an access to bytes another
thread wrote (or, for a write, read or wrote) since the group's last barrier has no defined result:
a data race. Atomics do not race with each other. The bookkeeping is per byte, over all groups of a
chunk at once (flat arrays over (groups, stride)), so each statement costs a few numpy gathers.
Threads are named by SV_GroupIndex, bytes by their offset in the group's groupshared memory.

While every group has made the same accesses (the same threads at the same offsets: `every_group` calls, the
usual case of a tree reduction or a tiled copy), every group's records are the same, so the tracker keeps one
group's row and decides each access on it alone (`alike`); the first access that differs between groups gives
every group its own row, and a barrier of every group whose written bytes agree folds them back into one.

A wave barrier (SPIR-V's OpControlBarrier with Subgroup scope) orders the accesses of one wave's
threads for each other only, so each record says who touched the byte as finely as that needs: one
thread; several threads of one wave, before (`unsynced(w)`) or after (`synced(w)`) a barrier of that
wave; or threads of several waves. An access races with a record unless the record is its own
thread, or a synced record of its own wave.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from dxlinalg.errors import UndefinedBehaviorError
from dxlinalg.gpu.context import ExecutionContext

NO_THREAD = -1
SEVERAL_THREADS = -2       # threads of several waves touched the byte (reads, or atomics)
_FIRST_WAVE_CODE = -3      # unsynced(w) = -3 - 2w, synced(w) = -4 - 2w (w: the wave's number in its group)


def unsynced(wave: np.ndarray | int) -> np.ndarray:
    """The record for several threads of wave `wave` since its last wave barrier."""
    return np.asarray(_FIRST_WAVE_CODE - 2 * np.asarray(wave), np.int16)


def synced(wave: np.ndarray | int) -> np.ndarray:
    """The record for threads of wave `wave` that a wave barrier has since ordered for each other."""
    return np.asarray(_FIRST_WAVE_CODE - 1 - 2 * np.asarray(wave), np.int16)


def wave_of(state: np.ndarray, wave_size: int) -> np.ndarray:
    """The wave (in its group) each record belongs to: a thread's, a wave code's; -1 for none or several."""
    code = _FIRST_WAVE_CODE - state.astype(np.int32)
    return np.where(state >= 0, state // wave_size, np.where(code >= 0, code // 2, -1))
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
                 *, report: bool, alike: bool = False) -> None:
        self.ctx = ctx
        self.wave_size = ctx.wave_size
        self.waves_synced = False      # whether a wave barrier left synced(w) records (until then none can exist)
        self.groups = groups
        self.stride = stride
        self.describe = describe
        self.report = report
        #: Whether the states hold one row standing for every group's (all groups' records the same). `alike`
        #: at the start: the caller makes `every_group` accesses (`GroupSharedMemory` in a regular chunk).
        self.alike = alike
        size = stride if alike else groups * stride
        self.writer = np.full(size, NO_THREAD, np.int16)           # plain stores
        self.atomic_writer = np.full(size, NO_THREAD, np.int16)    # atomics
        if report:
            self.reader = np.full(size, NO_THREAD, np.int16)
            self.written = np.zeros(size, dtype=bool)

    # -- what each kind of access checks and records ----------------------------------------------
    def load(self, byte_index: np.ndarray, lanes: np.ndarray, what: str, *, aligned: bool | None = None,
             every_group: bool = False) -> np.ndarray:
        """Record a plain read of (n, nbytes) bytes by n lanes; returns which of them another thread changed.
        `aligned`: the caller knows each row is nbytes consecutive bytes from a multiple of nbytes (None: look).
        `every_group`: every group reads so (`byte_index` within one group's row, `lanes` the first group's);
        only while `alike`."""
        self._rows_for(every_group)
        me = self._threads(lanes)
        rows = self._rows(byte_index, aligned)
        if self.report and rows is not None and self._clean_rows(rows, me, byte_index.shape[1], False):
            return np.zeros(byte_index.shape, bool)
        writer, atomic_writer = _gather(self.writer, byte_index, rows), _gather(self.atomic_writer, byte_index, rows)
        written_by_other, updated_by_other = self._other(writer, me), self._other(atomic_writer, me)
        if self.report:
            self._never_written(byte_index, lanes, what, rows)
            self._raise_where(written_by_other, byte_index, lanes, writer, what, "read-after-write", "reads", "wrote")
            self._raise_where(updated_by_other, byte_index, lanes, atomic_writer, what, "read after an atomic",
                              "reads", "updated atomically")
            self._note(self.reader, byte_index, me, True if rows is not None else None)
        return written_by_other | updated_by_other

    def store(self, byte_index: np.ndarray, lanes: np.ndarray, what: str, *, aligned: bool | None = None,
              every_group: bool = False) -> None:
        """Record a plain write of (n, nbytes) bytes by n lanes (one statement); `aligned`, `every_group` as for
        `load`."""
        self._rows_for(every_group)
        me = self._threads(lanes)
        rows = None
        if self.report:
            rows = self._rows(byte_index, aligned)
            if rows is not None and self._clean_rows(rows, me, byte_index.shape[1], True):
                return
            self._same_statement(byte_index, me, lanes, what)
            for state, kind, verb in ((self.writer, "write-after-write", "wrote"),
                                      (self.atomic_writer, "write after an atomic", "updated atomically"),
                                      (self.reader, "write-after-read", "read")):
                other = _gather(state, byte_index, rows)
                self._raise_where(self._other(other, me), byte_index, lanes, other, what, kind, "writes", verb)
            if rows is None:
                self.written[byte_index] = True
            else:
                self.written.reshape(-1, byte_index.shape[1])[rows] = True
        flat, thread = _thread_per_byte(byte_index, me, self.wave_size, True if rows is not None else None)
        self.writer[flat] = thread

    def load_run(self, starts: np.ndarray, width: int, lanes: np.ndarray, what: str, *,
                 every_group: bool = False) -> np.ndarray:
        """`load` of one run of `width` bytes per lane from `starts`, multiples of `width` (one aligned element):
        decided by whole rows where `_clean_rows` can, without building the byte indices; else by `load`."""
        self._rows_for(every_group)
        if self.report and width in _PACKED and self._clean_rows(starts // width, self._threads(lanes), width, False):
            return np.zeros((starts.shape[0], width), bool)
        return self.load(starts[:, None] + np.arange(width), lanes, what, aligned=True, every_group=every_group)

    def store_run(self, starts: np.ndarray, width: int, lanes: np.ndarray, what: str, *,
                  every_group: bool = False) -> None:
        """`store` of one aligned run of `width` bytes per lane, as `load_run` loads."""
        self._rows_for(every_group)
        if self.report and width in _PACKED and self._clean_rows(starts // width, self._threads(lanes), width, True):
            return
        self.store(starts[:, None] + np.arange(width), lanes, what, aligned=True, every_group=every_group)

    def atomic_update(self, byte_index: np.ndarray, lanes: np.ndarray, what: str) -> None:
        """Record atomic read-modify-writes: they race with plain accesses by other threads, not with atomics."""
        self._rows_for(False)
        me = self._threads(lanes)
        if self.report:
            self._never_written(byte_index, lanes, what)
            for state, kind, verb in ((self.writer, "atomic after a plain write", "wrote without an atomic"),
                                      (self.reader, "atomic after a plain read", "read")):
                other = state[byte_index]
                self._raise_where(self._other(other, me), byte_index, lanes, other, what, kind,
                                  "updates atomically", verb)
            self.written[byte_index] = True
        self._note(self.atomic_writer, byte_index, me)

    def mark_written(self, byte_index: np.ndarray) -> None:
        """Bytes given a value outside any thread (a zero-initialised workgroup variable)."""
        self._rows_for(False)
        if self.report:
            self.written[byte_index] = True

    def mark_columns_written(self, start: int, end: int) -> None:
        """Bytes [start, end) of every group's row given a value outside any thread (a variable's initializer)."""
        if self.report:
            self.written.reshape(-1, self.stride)[:, start:end] = True

    def barrier(self, groups: np.ndarray) -> None:
        """The threads of `groups` (bool per group) synchronised: their earlier accesses no longer race."""
        every = bool(groups.all())
        if self.alike and not every:
            self._expand()
        rows = slice(None) if every else np.flatnonzero(groups)
        for state in self._states():
            state.reshape(-1, self.stride)[rows] = NO_THREAD
        if every and not self.alike:
            self._fold()

    def wave_barrier(self, waves: np.ndarray) -> None:
        """The threads of each wave marked in `waves` ((groups, waves per group) bool) synchronised with each
        other: their earlier accesses no longer race with later ones by threads of the same wave."""
        self.waves_synced = True
        if self.alike:
            if (waves == waves[:1]).all():
                waves = waves[:1]
            else:
                self._expand()
        for state in self._states():
            rows = state.reshape(-1, self.stride)
            wave = wave_of(rows, self.wave_size)
            inside = wave >= 0
            hit = np.zeros(rows.shape, dtype=bool)
            group = np.broadcast_to(np.arange(rows.shape[0])[:, None], rows.shape)
            hit[inside] = waves[group[inside], wave[inside]]
            rows[hit] = synced(wave[hit])

    #: Whether `_clean_rows` may decide an access by whole rows; the tests turn it off to compare with the
    #: byte-by-byte definition.
    packed_rows = True

    def _clean_rows(self, rows: np.ndarray, me: np.ndarray, width: int, is_store: bool) -> bool:
        """Record a plain access of whole rows (`_rows`) by one lane each and return True, where a look at each
        row as one packed integer shows what the byte-by-byte rules would find: rows in rising or falling order
        (no two lanes share one), every row's records nobody's or the accessing thread's, and for a read every
        byte written. False (nothing recorded) otherwise: the caller then applies the rules byte by byte."""
        packed = _PACKED.get(width)
        if packed is None or not self.packed_rows or self.waves_synced or rows.size == 0:
            return False
        if rows.size > 1:
            step = np.diff(rows)
            if not ((step > 0).all() or (step < 0).all()):
                return False
        mine = _packed_thread(me[:, 0], width)
        kinds = (self.writer, self.atomic_writer, self.reader) if is_store else (self.writer, self.atomic_writer)
        for state in kinds:
            records = state.view(packed)[rows]
            if not ((records == -1) | (records == mine)).all():
                return False
        written = self.written.view(_WRITTEN_PACKED[width])
        if not is_store:
            if not (written[rows] == _ALL_WRITTEN[width]).all():
                return False
            readers = self.reader.view(packed)
            records = readers[rows]
            if not ((records == -1) | (records == mine)).all():
                return False
            readers[rows] = mine
            return True
        written[rows] = _ALL_WRITTEN[width]
        self.writer.view(packed)[rows] = mine
        return True

    def _states(self) -> tuple[np.ndarray, ...]:
        return (self.writer, self.atomic_writer, *((self.reader,) if self.report else ()))

    def _rows_for(self, every_group: bool) -> None:
        """Make the states fit an access: one made alike by every group needs `alike` states (the caller checks
        `alike` first); any other gives every group its own row."""
        if every_group:
            assert self.alike, "an every_group access needs alike states"
        elif self.alike:
            self._expand()

    def _expand(self) -> None:
        """Every group its own row of records, each a copy of the one row that stood for all of them."""
        self.alike = False
        for name in ("writer", "atomic_writer", "reader", "written"):
            if hasattr(self, name):
                setattr(self, name, np.tile(getattr(self, name), self.groups))

    def _fold(self) -> None:
        """After a barrier of every group (no records left): one row again, where every group's written bytes
        are the same."""
        if self.report:
            written = self.written.reshape(self.groups, self.stride)
            if not (written == written[:1]).all():
                return
        self.alike = True
        for name in ("writer", "atomic_writer", "reader", "written"):
            if hasattr(self, name):
                setattr(self, name, getattr(self, name)[:self.stride].copy())

    # -- helpers ------------------------------------------------------------------------------------
    def _threads(self, lanes: np.ndarray) -> np.ndarray:
        return self.ctx.geometry.group_index[lanes].astype(np.int16)[:, None]

    def _other(self, state: np.ndarray, me: np.ndarray) -> np.ndarray:
        """Where a byte's record is a thread other than the accessing one and not its own wave's synced record."""
        other = (state != NO_THREAD) & (state != me)
        return other & (state != synced(me // self.wave_size)) if self.waves_synced else other

    def _note(self, state: np.ndarray, byte_index: np.ndarray, me: np.ndarray, aligned: bool | None = None) -> None:
        flat, thread = _thread_per_byte(byte_index, me, self.wave_size, aligned)
        current = state[flat]
        if ((current == NO_THREAD) | (current == thread)).all():      # the usual case: nobody else touched them
            state[flat] = thread
            return
        wave, current_wave = wave_of(thread, self.wave_size), wave_of(current, self.wave_size)
        # one more access by `thread`: its own record stays; a synced record of its wave gives way to it; another
        # record of its wave makes several threads of the wave; anything else, several waves
        merged = np.where((current_wave == wave) & (wave >= 0), unsynced(np.maximum(wave, 0)), SEVERAL_THREADS)
        merged = np.where((current == NO_THREAD) | (current == thread) | (current == synced(wave)), thread, merged)
        state[flat] = merged

    def _rows(self, byte_index: np.ndarray, aligned: bool | None = None) -> np.ndarray | None:
        """The rows of the states viewed (-1, width) that (n, width) indices cover when each is `width`
        consecutive bytes from a multiple of `width` (ldmatrix's rows, cp.async's copies, aligned vector
        accesses): gathered a row at a time, the states cost a tenth of gathering them byte by byte.
        `aligned` True: the caller built them so (`_aligned_runs` need not look)."""
        width = byte_index.shape[1]
        if width < 2 or self.writer.size % width or not (aligned or _aligned_runs(byte_index)):
            return None
        return byte_index[:, 0] // width

    def _never_written(self, byte_index: np.ndarray, lanes: np.ndarray, what: str,
                       rows: np.ndarray | None = None) -> None:
        unwritten = ~_gather(self.written, byte_index, rows)
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

    def _who(self, record: int) -> str:
        if record >= 0:
            return f"thread {record}"
        wave = int(wave_of(np.array(record), self.wave_size))
        if wave >= 0 and record == int(synced(wave)):
            return f"threads of wave {wave} (ordered by a wave barrier for that wave's threads only)"
        return "several threads"

    def _raise_where(self, race: np.ndarray, byte_index: np.ndarray, lanes: np.ndarray, other: np.ndarray,
                     what: str, kind: str, verb: str, other_verb: str) -> None:
        if not race.any():
            return
        row, col = np.unravel_index(int(np.flatnonzero(race)[0]), race.shape)
        who = self._who(int(other[row, col]))
        raise UndefinedBehaviorError(
            f"{what}: data race on groupshared memory ({kind}) in {self.ctx.group_name(int(lanes[row]))}: thread "
            f"{int(self.ctx.geometry.group_index[lanes[row]])} {verb} "
            f"{self.describe(int(byte_index[row, col]) % self.stride)}, which {who} {other_verb} since the "
            f"group's last barrier; {BARRIER_ADVICE}")



#: Rows of 2 or 4 bytes: their int16 records as one int32 or int64, their written flags as one uint16 or uint32.
_PACKED = {2: np.dtype(np.int32), 4: np.dtype(np.int64)}
_WRITTEN_PACKED = {2: np.dtype(np.uint16), 4: np.dtype(np.uint32)}
_ALL_WRITTEN = {2: np.uint16(0x0101), 4: np.uint32(0x01010101)}
_REPEAT = {2: np.uint64(0x00010001), 4: np.uint64(0x0001000100010001)}


def _packed_thread(threads: np.ndarray, width: int) -> np.ndarray:
    """(n,) each thread's int16 record repeated over a row of `width` bytes, as one packed integer."""
    repeated = threads.astype(np.uint16).astype(np.uint64) * _REPEAT[width]
    return repeated.astype(np.uint32 if width == 2 else np.uint64).view(_PACKED[width])


def _gather(state: np.ndarray, byte_index: np.ndarray, rows: np.ndarray | None) -> np.ndarray:
    """state[byte_index], a row at a time where `AccessTracker._rows` found rows."""
    if rows is None:
        return state[byte_index]
    return np.take(state.reshape(-1, byte_index.shape[1]), rows, axis=0)


def _thread_per_byte(byte_index: np.ndarray, me: np.ndarray, wave_size: int,
                     aligned: bool | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Each distinct byte of (n, width) runs once, with the thread that touched it, the wave whose several
    threads did (`unsynced`), or SEVERAL_THREADS."""
    flat, thread = byte_index.reshape(-1), np.broadcast_to(me, byte_index.shape).reshape(-1)
    if disjoint_runs(byte_index):
        return flat, thread
    if _aligned_runs(byte_index) if aligned is None else aligned:   # rows equal or disjoint (ldmatrix rows)
        rows, codes = _thread_per_byte(byte_index[:, :1], me, wave_size)
        return (rows[:, None] + np.arange(byte_index.shape[1])).reshape(-1), np.repeat(codes, byte_index.shape[1])
    order = np.argsort(flat, kind="stable")
    flat, thread = flat[order], thread[order]
    starts = np.flatnonzero(np.concatenate(([True], flat[1:] != flat[:-1])))
    lowest, highest = np.minimum.reduceat(thread, starts), np.maximum.reduceat(thread, starts)
    several = np.where(lowest // wave_size == highest // wave_size, unsynced(lowest // wave_size), SEVERAL_THREADS)
    return flat[starts], np.where(lowest == highest, lowest, several).astype(np.int16)


def _aligned_runs(index: np.ndarray) -> bool:
    """Whether every row of (n, width) indices is `width` consecutive bytes from a multiple of `width`
    (so that any two rows are equal or disjoint)."""
    width = index.shape[1]
    return width > 1 and bool((index[:, 0] % width == 0).all()
                              and (index[:, 1:] - index[:, :-1] == 1).all())


def disjoint_runs(index: np.ndarray) -> bool:
    """Whether the rows of (n, width) consecutive indices never overlap, judged in O(n) for the usual case of
    rows in rising or falling order (`tile[i]`, in either landing order); False means they may overlap."""
    if index.shape[0] < 2:
        return True
    step = np.diff(index[:, 0])
    width = index.shape[1]
    return bool((step >= width).all() or (step <= -width).all())
