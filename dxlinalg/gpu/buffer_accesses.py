"""Device-memory bytes a dispatch stores to and reads: store-store races, and what one range of workgroups did.

One log per dispatch (or per range of its workgroups run in another process). Every surface's buffer stores call
`note_store` once per instruction with the byte offsets of all its lanes (vectorised: one numpy pass over the bytes,
never a Python loop per lane); loads call `note_load`; a load site that cannot name its bytes calls `note_read`,
which marks the whole buffer as read. Two uses:

- **Races** (strict mode): two invocations storing to the same bytes without atomics is a data race, undefined
  behaviour (Vulkan memory model: a data race makes the execution undefined; HLSL/D3D: unordered UAV writes). The
  log keeps the last storing invocation of every byte and the barrier count at that store; a store of another
  invocation to that byte is reported unless both are in one workgroup with a group barrier between them. Atomics
  do not take part (they do not race with each other).
- **Parallel ranges** (`dxlinalg.gpu.parallel`): which bytes a range wrote and read, so the parent can merge the
  ranges in workgroup order and see when one range read what an earlier one wrote.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from dxlinalg.errors import UndefinedBehaviorError

RACE_RULE = "device-memory data race"


@dataclass
class ByteSet:
    """Bytes [start, start + count) of a buffer, those set in `bits` (np.packbits of a bool mask), or all of them
    when `bits` is None (a dense run: a range's contiguous output, the common case, kept without a mask)."""

    start: int
    count: int
    bits: np.ndarray | None

    @staticmethod
    def of(mask: np.ndarray) -> ByteSet | None:
        span = set_span(mask)
        if span is None:
            return None
        start, stop = span
        inside = mask[start:stop]
        return ByteSet(start, stop - start, None if bool(inside.all()) else np.packbits(inside))

    @property
    def dense(self) -> bool:
        return self.bits is None

    def mask(self) -> np.ndarray:
        """(count,) bool: which of the bytes from `start` are in the set."""
        if self.bits is None:
            return np.ones(self.count, bool)
        return np.unpackbits(self.bits, count=self.count).view(bool)


def set_span(mask: np.ndarray) -> tuple[int, int] | None:
    """[first, last + 1) of the set bytes of a bool mask, or None: found a machine word at a time (argmax over a
    reversed bool array is slow)."""
    whole = mask.shape[0] - mask.shape[0] % 8
    words = np.flatnonzero(mask[:whole].view(np.uint64))
    tail = np.flatnonzero(mask[whole:])
    if words.size == 0 and tail.size == 0:
        return None
    if words.size:
        low = int(words[0]) * 8
        start = low + int(np.argmax(mask[low: low + 8]))
    else:
        start = whole + int(tail[0])
    if tail.size:
        stop = whole + int(tail[-1]) + 1
    else:
        high = int(words[-1]) * 8
        stop = high + 8 - int(np.argmax(mask[high: high + 8][::-1]))
    return start, stop


def changed_bytes(now: np.ndarray, old: np.ndarray) -> np.ndarray | None:
    """Bool mask of the bytes where two equal-length uint8 arrays differ, or None where none does: compared a
    machine word at a time, bytes only inside the words that differ."""
    whole = now.shape[0] - now.shape[0] % 8
    words = np.flatnonzero(now[:whole].view(np.uint64) != old[:whole].view(np.uint64))
    tail = np.flatnonzero(now[whole:] != old[whole:])
    if words.size == 0 and tail.size == 0:
        return None
    mask = np.zeros(now.shape[0], bool)
    if words.size:
        at = (words[:, None] * 8 + np.arange(8)).reshape(-1)
        mask[at] = now[at] != old[at]
    mask[whole + tail] = True
    return mask


@dataclass
class RangeResult:
    """What one range of workgroups did to device memory, per root (buffer) number, to merge in the parent."""

    first_group: int
    failed: str | None = None                     # the range raised: the parent reruns serially for the exact error
    unknown: bool = False                         # a store landed in memory the range could not name
    atomic_calls: bool = False                    # DXIL accumulate calls: their order is seeded per dispatch call
    writes: dict[int, tuple[ByteSet, np.ndarray]] = field(default_factory=dict)   # bytes and their final values
    reads: dict[int, ByteSet] = field(default_factory=dict)
    whole_reads: set[int] = field(default_factory=set)                            # read without naming the bytes
    seconds: float = 0.0                          # running and logging the workgroups, in the worker
    setup_seconds: float = 0.0                    # getting the range's memory before that


class BufferAccessLog:
    """The bytes a dispatch stores and reads, per backing store (the numpy array owning a buffer's bytes).

    `races`: report store-store races (strict mode). `record`: keep write and read masks for a parallel range;
    `roots` are then the backing stores the range may touch, numbered in the parent's order."""

    def __init__(self, grid: tuple[int, int, int], threads_per_group: int, *, races: bool, record: bool,
                 roots: Sequence[np.ndarray] = ()) -> None:
        self.grid = grid
        self.threads_per_group = threads_per_group
        self.races = races
        self.record = record
        self.first_group = 0                      # of the running chunk
        self.barriers = 0                         # group barriers executed so far
        self.unknown = False
        self.atomic_calls = False
        self._number: dict[int, int] = {}
        self._keep: list[np.ndarray] = []            # owners whose ids are keys of _number
        self._roots: list[np.ndarray] = []
        self._names: list[str] = []
        self._written: list[np.ndarray | None] = []
        self._read: list[np.ndarray | None] = []
        self._whole_reads: set[int] = set()
        self._history: list[StoreHistory | None] = []
        for root in roots:
            self._add(root)
        self._fixed = record

    # -- which backing store ---------------------------------------------------------------------
    def _add(self, root: np.ndarray) -> int:
        number = len(self._roots)
        self._number[id(root)] = number
        owner = root
        while isinstance(owner.base, np.ndarray):     # views of the root name the array owning its bytes
            owner = owner.base
        self._number.setdefault(id(owner), number)
        self._keep.append(owner)
        self._roots.append(root)
        self._names.append("")
        for per_root in (self._written, self._read, self._history):
            per_root.append(None)  # type: ignore[arg-type]
        return number

    def _locate(self, data: np.ndarray) -> tuple[int, int] | None:
        """(root number, byte offset of data[0] in the root) of a backing store or a view of one."""
        number = self._number.get(id(data))
        if number is not None:
            return number, 0
        owner = data
        while isinstance(owner.base, np.ndarray):
            owner = owner.base
            number = self._number.get(id(owner))
            if number is not None:
                break
        if number is None:
            if self._fixed:
                return None
            number = self._add(owner)
        owner = self._roots[number]
        offset = data.__array_interface__["data"][0] - owner.__array_interface__["data"][0]
        return number, offset

    def _mask(self, masks: list[np.ndarray | None], number: int) -> np.ndarray:
        mask = masks[number]
        if mask is None:
            mask = masks[number] = np.zeros(self._roots[number].nbytes, bool)
        return mask

    # -- what the surfaces call --------------------------------------------------------------------
    def note_store(self, ctx: object, data: np.ndarray, starts: np.ndarray, itemsize: int, lanes: np.ndarray,
                   name: str, what: str, *, atomic: bool = False) -> None:
        """`itemsize`-byte elements are stored at byte offsets `starts` of `data` by lanes `lanes`: one lane per
        row of `starts` ((n, ...) with `lanes` (n,)) or one per element (`lanes` the size of `starts`)."""
        if starts.size == 0:
            return
        found = self._locate(data)
        if found is None:
            self.unknown = True
            return
        number, offset = found
        starts = offset + starts.reshape(-1).astype(np.int64)
        if self.record:
            mark(self._mask(self._written, number), starts, itemsize)
        if self.races and not atomic:
            self._names[number] = name
            who = self._invocations(ctx, lanes)
            if who.size != starts.size:
                who = np.repeat(who, starts.size // who.size)
            self._check_races(number, starts, itemsize, who, what)

    def note_load(self, data: np.ndarray, starts: np.ndarray, itemsize: int) -> None:
        """Bytes [start, start + itemsize) of `data` are read, for every start in `starts`."""
        if not self.record or starts.size == 0:
            return
        found = self._locate(data)
        if found is None:
            return
        number, offset = found
        mark(self._mask(self._read, number), offset + starts.reshape(-1).astype(np.int64), itemsize)

    def note_read(self, data: np.ndarray) -> None:
        """Some bytes of `data` are read; which ones the caller does not say (the whole buffer counts as read)."""
        if self.record:
            found = self._locate(data)
            if found is not None:
                self._whole_reads.add(found[0])

    def barrier(self) -> None:
        """A group barrier: stores of one workgroup before it are ordered before those after it."""
        self.barriers += 1

    # -- races ---------------------------------------------------------------------------------------
    def _invocations(self, ctx: object, lanes: np.ndarray) -> np.ndarray:
        group = self.first_group + ctx.group_of_lane[lanes]                          # type: ignore[attr-defined]
        return group * self.threads_per_group + ctx.geometry.group_index[lanes].astype(np.int64)  # type: ignore

    def _check_races(self, number: int, starts: np.ndarray, itemsize: int, who: np.ndarray, what: str) -> None:
        history = self._history[number]
        if history is None:
            history = self._history[number] = StoreHistory(self._roots[number].nbytes)
        clash = history.store(starts, itemsize, who, self.barriers, self.threads_per_group)
        if clash is not None:
            self._report(number, *clash, what)

    def _thread(self, invocation: int) -> str:
        group, index = divmod(invocation, self.threads_per_group)
        x, y, _ = self.grid
        return f"thread {index} of thread group {(group % x, (group // x) % y, group // (x * y))}"

    def _report(self, number: int, byte: int, first: int, second: int, what: str) -> None:
        raise UndefinedBehaviorError(
            f"{what}: {RACE_RULE}: byte {byte} of {self._names[number] or 'a buffer'} is stored by "
            f"{self._thread(first)} and by {self._thread(second)} with no atomic and no group barrier between "
            f"them (two invocations storing to the same memory without synchronisation is a data race: "
            f"undefined behaviour)")

    # -- a parallel range's result -------------------------------------------------------------------
    def range_result(self, first_group: int, before: Sequence[np.ndarray]) -> RangeResult:
        """The writes (recorded, plus any byte that changed: a store path that records nothing) and reads."""
        result = RangeResult(first_group, unknown=self.unknown, atomic_calls=self.atomic_calls,
                             whole_reads=set(self._whole_reads))
        for number, (root, old) in enumerate(zip(self._roots, before)):
            now = root.reshape(-1).view(np.uint8)
            changed = changed_bytes(now, old)
            written = self._written[number]
            mask = changed if written is None else written if changed is None else (written | changed)
            stored = None if mask is None else ByteSet.of(mask)
            if stored is not None:
                values = now[stored.start: stored.start + stored.count]
                result.writes[number] = (stored, values.copy() if stored.dense else values[stored.mask()])
            read = self._read[number]
            if read is not None and (found := ByteSet.of(read)) is not None:
                result.reads[number] = found
        return result


def current_log() -> tuple[object, BufferAccessLog] | None:
    """(the running context, its dispatch's access log), or None outside a logged dispatch."""
    from dxlinalg.gpu.context import current_context
    ctx = current_context()
    if ctx is None or ctx.state.accesses is None:
        return None
    return ctx, ctx.state.accesses


def mark(mask: np.ndarray, starts: np.ndarray, itemsize: int) -> None:
    """Set bytes [start, start + itemsize) of the bool `mask` for every start: a slice when the elements are
    packed, whole words when they are aligned, else byte by byte."""
    if starts.size == 0:
        return
    first, last = int(starts[0]), int(starts[-1])
    if last - first == (starts.size - 1) * itemsize and (starts.size == 1 or bool(np.all(np.diff(starts) == itemsize))):
        mask[first: last + itemsize] = True
        return
    for word in (8, 4, 2):
        if itemsize % word == 0 and not bool(np.any(starts % word)):
            usable = mask.shape[0] - mask.shape[0] % word
            words = mask[:usable].view(np.dtype(f"u{word}"))
            index = (starts // word)[:, None] + np.arange(itemsize // word)
            words[index] = np.frombuffer(b"\x01" * word, np.dtype(f"u{word}"))[0]
            return
    mask[(starts[:, None] + np.arange(itemsize)).reshape(-1)] = True


class StoreHistory:
    """The last storing invocation (and the barrier count then) of every byte of one buffer.

    While no byte is stored twice, the history is a sorted list of disjoint affine intervals: bytes [start, stop)
    stored by invocation `base + (byte - phase) // width` (a packed store `out[tid] = v` of a whole chunk is one
    interval, and the next chunk's extends it), so memory stays bounded however large the dispatch. The first
    store over bytes already stored (or too many intervals, as strided stores of single components make) turns it
    into a record per unit: per 4-byte word while every store is of whole aligned words, else per byte."""

    MAX_INTERVALS = 4096
    WORD = 4

    def __init__(self, size: int) -> None:
        self.size = size
        self.unit = self.WORD if size % self.WORD == 0 else 1
        self.intervals = np.empty((0, 6), np.int64)      # start, stop, phase, base, width, epoch
        self.writer: np.ndarray | None = None
        self.epoch: np.ndarray | None = None

    def store(self, starts: np.ndarray, itemsize: int, who: np.ndarray, epoch: int,
              threads_per_group: int) -> tuple[int, int, int] | None:
        """Record elements of `itemsize` bytes at `starts` stored by invocations `who`; the first race found as
        (byte, earlier invocation, later invocation), or None."""
        if self.unit > 1 and (itemsize % self.unit or bool(np.any(starts % self.unit))):
            self._to_single_bytes()
        if starts.size > 1:
            if not bool(np.all(starts[1:] > starts[:-1])):
                order = np.argsort(starts, kind="stable")
                starts, who = starts[order], who[order]
            overlap = np.flatnonzero(starts[1:] < starts[:-1] + itemsize)
            if overlap.size:                       # elements of one store sharing bytes: a race between lanes
                differ = overlap[who[overlap + 1] != who[overlap]]
                if differ.size:
                    k = int(differ[0])
                    return int(starts[k + 1]), int(who[k]), int(who[k + 1])
                self._to_units()
        if self.writer is None:
            found = self._intervals(starts, itemsize, who, epoch)
            if not self._overlaps(found):
                self._insert(found)
                return None
            self._to_units()
        return self._store_units(starts, itemsize, who, epoch, threads_per_group)

    @staticmethod
    def _intervals(starts: np.ndarray, itemsize: int, who: np.ndarray, epoch: int) -> np.ndarray:
        """The store's bytes as affine intervals (start, stop, phase, base, width, epoch)."""
        new_lane = np.flatnonzero((starts[1:] != starts[:-1] + itemsize) | (who[1:] != who[:-1])) + 1
        first = np.concatenate(([0], new_lane))
        seg_start = starts[first]
        seg_stop = starts[np.concatenate((new_lane - 1, [starts.size - 1]))] + itemsize
        seg_who = who[first]
        length = seg_stop - seg_start
        new_run = np.flatnonzero((seg_start[1:] != seg_stop[:-1]) | (seg_who[1:] != seg_who[:-1] + 1) |
                                 (length[1:] != length[:-1])) + 1
        head = np.concatenate(([0], new_run))
        tail = np.concatenate((new_run - 1, [seg_start.size - 1]))
        start, width = seg_start[head], length[head]
        phase = start % width
        base = seg_who[head] - (start - phase) // width
        return np.stack([start, seg_stop[tail], phase, base, width, np.full(start.size, epoch)], axis=1)

    def _overlaps(self, new: np.ndarray) -> bool:
        if self.intervals.shape[0] == 0:
            return False
        low = np.searchsorted(self.intervals[:, 1], new[:, 0], side="right")
        high = np.searchsorted(self.intervals[:, 0], new[:, 1], side="left")
        return bool(np.any(high > low))

    def _insert(self, new: np.ndarray) -> None:
        merged = np.concatenate((self.intervals, new))
        merged = merged[np.argsort(merged[:, 0], kind="stable")]
        joins = (merged[1:, 0] == merged[:-1, 1]) & np.all(merged[1:, 2:] == merged[:-1, 2:], axis=1)
        if joins.any():
            keep = np.concatenate(([True], ~joins))
            last = np.concatenate((np.flatnonzero(keep)[1:] - 1, [merged.shape[0] - 1]))
            merged, stops = merged[keep], merged[last, 1]
            merged[:, 1] = stops
        self.intervals = merged
        if merged.shape[0] > self.MAX_INTERVALS:
            self._to_units()

    def _to_units(self) -> None:
        """From intervals to the per-unit record (every interval is whole units: the stores so far were)."""
        if self.writer is not None:
            return
        unit = self.unit
        self.writer = np.full(self.size // unit, -1, np.int64)
        self.epoch = np.zeros(self.size // unit, np.int64)
        if self.intervals.shape[0]:
            start, stop, phase, base, width, epoch = self.intervals.T
            lengths = (stop - start) // unit
            row = np.repeat(np.arange(start.size), lengths)                  # every stored unit's interval
            byte = start[row] + unit * (np.arange(row.size) - np.repeat(np.cumsum(lengths) - lengths, lengths))
            self.writer[byte // unit] = base[row] + (byte - phase[row]) // width[row]
            self.epoch[byte // unit] = epoch[row]
        self.intervals = np.empty((0, 6), np.int64)

    def _to_single_bytes(self) -> None:
        """A store of partial words arrives: record per byte from now on."""
        if self.writer is not None:
            self.writer = np.repeat(self.writer, self.unit)
            self.epoch = np.repeat(self.epoch, self.unit)
        self.unit = 1

    def _store_units(self, starts: np.ndarray, itemsize: int, who: np.ndarray, epoch: int,
                     threads_per_group: int) -> tuple[int, int, int] | None:
        assert self.writer is not None and self.epoch is not None
        per_element = itemsize // self.unit
        positions = starts // self.unit
        if per_element > 1:
            positions = (positions[:, None] + np.arange(per_element)).reshape(-1)
            who = np.repeat(who, per_element)
        before = self.writer[positions]
        same_group_after_barrier = (before // threads_per_group == who // threads_per_group) & \
            (self.epoch[positions] != epoch)
        clash = (before >= 0) & (before != who) & ~same_group_after_barrier
        if clash.any():
            k = int(np.argmax(clash))
            return int(positions[k]) * self.unit, int(before[k]), int(who[k])
        self.writer[positions] = who
        self.epoch[positions] = epoch
        return None
