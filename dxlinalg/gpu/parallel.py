"""Workgroups of one dispatch spread over processes (any `concurrent.futures.Executor`), merged bit-identically.

A dispatch's workgroups are cut into contiguous ranges, one per job. Each range runs on a private copy of device
memory (the `GroupWork` deep-copied: memory by value, code by reference) with an access log
(`gpu.buffer_accesses`) that records the bytes it stores and reads. The parent then applies each range's written
bytes in workgroup order, so a byte written by several ranges ends with the last one's value, as in the serial
run. The serial run stays the definition: the parent falls back to it (from untouched memory: nothing is applied
before every range is checked) whenever the ranges' results could differ from it:

- a range read bytes that an earlier range wrote (one workgroup reading another's output in the same dispatch;
  buffer atomics, which read and write their element, so atomics with used return values and float atomic sums
  on shared elements), or read a buffer without naming its bytes (cooperative-matrix and cooperative-vector
  matrix loads, DXIL matrix loads) that an earlier range wrote;
- strict mode, and two ranges stored to the same bytes (a race, which the serial run reports);
- a range other than the first made DXIL accumulate calls (their landing order is seeded by the dispatch-wide
  call number, which a range cannot know);
- a range raised (the serial run raises the same error, from the first workgroup that has it), or stored where
  it could not name the buffer.

Only the Executor protocol is used (`submit` and `Future.result`), so the standard pools, Dask's
`Client.get_executor()` or Ray's executors plug in. By default the ranges run on workers kept across dispatches
(`worker_pool`: forked once, max(cores, jobs) of them; jobs = `DXLINALG_JOBS`, else `os.cpu_count()`), each
dispatch written once into a file in /dev/shm (`write_dispatch`: a pickle whose arrays lie out of band) that every
worker maps copy-on-write (`read_dispatch`: no copy of the memory; a read-only mapping of the same file keeps its
bytes before the range); a dispatch that does not pickle (a shader defined inside a function) runs in children
forked for it (`ForkExecutor`), which inherit the work. Other executors get the work as an argument (a thread
pool shares it, and each task copies it; a process pool pickles it: Dask and Ray pickle closures too).

How many jobs (`jobs_for`): once a dispatch's work has run serially, its measured time per workgroup
(`note_cost`, keyed by the caller on what names the work) gives each job at least MIN_SECONDS_PER_JOB of it;
before that, at least MIN_INVOCATIONS_PER_JOB invocations.
"""

from __future__ import annotations

import copy
import ctypes
import gc
import mmap
import multiprocessing
import os
import pickle
import tempfile
import threading
import time
import warnings
from collections import Counter, OrderedDict
from collections.abc import Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import BinaryIO, Protocol

import numpy as np

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.gpu.buffer_accesses import BufferAccessLog, ByteSet, RangeResult
from dxlinalg.memory.address_space import Buffer

JOBS_ENVIRONMENT_VARIABLE = "DXLINALG_JOBS"
#: How parallel dispatches ended, for tests and benchmarks: "merged" (ranges applied in workgroup order) or
#: "serial" (a range's result could differ from the serial run's, which ran instead).
outcomes: Counter[str] = Counter()
#: How many ranges the parallel dispatches were cut into (range count -> dispatches), for benchmarks.
spread: Counter[int] = Counter()
#: Where the last merged parallel dispatch's time went (seconds), for benchmarks: "start" (the parent, until the
#: ranges were handed over), "wait" (until every range's result was back), "merge" (checking and applying), and
#: over the ranges, "slowest"/"mean" range in its worker (running the workgroups and logging) and "setup" (the
#: largest time a worker took to get its range's memory before running it).
last_timing: dict[str, float] = {}
#: A dispatch whose work has not been measured yet: every worker gets at least this many invocations (one of
#: fewer than twice this runs serially; measured, docs/performance.md "Parallel dispatch").
MIN_INVOCATIONS_PER_JOB = 16384
#: A dispatch whose work has been measured (an earlier serial run of the same shader): every worker gets at
#: least this much of its serial time, in seconds, so few heavy workgroups (cooperative-matrix GEMM tiles) spread
#: and many light ones do not (measured, docs/performance.md "The size threshold"). 0: no floor.
MIN_SECONDS_PER_JOB = 0.01
#: Serial seconds per workgroup, by `cost_key`, from the last serial run (bounded: oldest forgotten first).
_costs: OrderedDict[object, float] = OrderedDict()
_MAX_COSTS = 512
_costs_lock = threading.Lock()          # dispatches may run on several threads


def jobs_for(requested: int, groups: int, threads_per_group: int, seconds: float | None = None) -> int:
    """How many jobs a dispatch uses: at most one per workgroup, and each with MIN_SECONDS_PER_JOB of the
    dispatch's estimated serial `seconds` or, where no estimate exists, MIN_INVOCATIONS_PER_JOB invocations."""
    if seconds is None:
        share = groups * threads_per_group // max(1, MIN_INVOCATIONS_PER_JOB)
    else:
        share = groups if MIN_SECONDS_PER_JOB <= 0 else int(seconds / MIN_SECONDS_PER_JOB)
    return max(1, min(requested, groups, share))


def estimated_seconds(key: object, groups: int) -> float | None:
    """The serial time of `groups` workgroups of the work `key` names, from its last serial run; None if unmeasured."""
    with _costs_lock:
        per_group = _costs.get(key)
    return None if per_group is None else per_group * groups


def note_cost(key: object, seconds: float, groups: int) -> None:
    """Remember a serial run's time per workgroup for the work `key` names."""
    if groups > 0:
        _remember(_costs, key, seconds / groups)


def _remember(store: OrderedDict[object, object], key: object, value: object) -> None:
    """Keep `key` as the newest entry of `store`, forgetting the oldest beyond _MAX_COSTS."""
    with _costs_lock:
        store[key] = value
        store.move_to_end(key)
        while len(store) > _MAX_COSTS:
            store.popitem(last=False)


#: Work whose last parallel attempt fell back to the serial run (ranges that read what an earlier range wrote,
#: a strict cross-range race, an error, aliased bindings): that attempt cost its ranges and then the whole serial
#: run (the SM 6.10 wave GEMM of benchmark C3 took 333 ms on 16 jobs against 194 ms serially, every call), so
#: the same work runs serially from then on. Bounded like `_costs`; with the size floor at 0 (tests and
#: `benchmarks.parallel_threshold` force splitting that way) it is not consulted.
_fell_back: OrderedDict[object, None] = OrderedDict()


def note_fallback(key: object) -> None:
    """Remember that a parallel attempt of the work `key` names had to run serially instead."""
    _remember(_fell_back, key, None)


def fell_back(key: object) -> bool:
    """Whether the work `key` names fell back from a parallel attempt (and the size floor is in force)."""
    if MIN_SECONDS_PER_JOB <= 0:
        return False
    with _costs_lock:
        return key in _fell_back


class GroupWork(Protocol):
    """A dispatch as the parallel layer sees it: code that runs a range of workgroups, over memory it may copy."""

    def run_groups(self, first: int, count: int, log: BufferAccessLog | None) -> None:
        """Run workgroups [first, first + count) in chunks, logging device-memory accesses in `log`."""


@dataclass
class ParallelPlan:
    """One dispatch to spread: the work, the memory it may touch, what to share by reference, how to log."""

    work: GroupWork
    memory: Sequence[Buffer | np.ndarray]     # backing stores (or Buffers) the work may read or write
    shared: Sequence[object]                  # objects the copies share (compiled code, profiles): never copied
    groups: int                               # workgroups in the dispatch
    grid: tuple[int, int, int]
    threads_per_group: int
    strict: bool


def requested_jobs(jobs: int | None, what: str = "jobs") -> int:
    """The worker count: `jobs`, else $DXLINALG_JOBS, else os.cpu_count(); 1 is the serial path."""
    if jobs is None:
        text = os.environ.get(JOBS_ENVIRONMENT_VARIABLE, "").strip()
        if not text:
            return max(1, os.cpu_count() or 1)
        try:
            jobs = int(text)
        except ValueError:
            raise InvalidArgumentError(f"${JOBS_ENVIRONMENT_VARIABLE} = {text!r} must be a positive integer "
                                       f"(worker processes for a dispatch)") from None
        what = f"${JOBS_ENVIRONMENT_VARIABLE}"
    if isinstance(jobs, bool) or not isinstance(jobs, (int, np.integer)) or jobs < 1:
        raise InvalidArgumentError(f"{what} = {jobs!r} must be a positive integer (1 runs the dispatch serially)")
    return int(jobs)


def check_executor(executor: object) -> Executor | None:
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise InvalidArgumentError(f"executor = {type(executor).__name__} is not a concurrent.futures.Executor "
                                   f"(it has no submit method)")
    return executor  # type: ignore[return-value]


def ranges(groups: int, parts: int) -> list[tuple[int, int]]:
    """(first, count) of `parts` contiguous ranges covering groups [0, groups), sizes differing by at most one."""
    parts = max(1, min(parts, groups))
    bounds = [groups * k // parts for k in range(parts + 1)]
    return [(a, b - a) for a, b in zip(bounds, bounds[1:]) if b > a]


def run_in_parallel(plan: ParallelPlan, jobs: int, executor: Executor | None) -> bool:
    """Run the plan's workgroups over `jobs` ranges and merge them; False (memory untouched) when the serial
    definition must run instead."""
    stores = [item.data if isinstance(item, Buffer) else item for item in plan.memory]
    unique: dict[int, int] = {}
    for number, store in enumerate(stores):
        unique.setdefault(id(store), number)
    numbers = sorted(unique.values())
    roots = [stores[n] for n in numbers]
    buffers = [plan.memory[n] if isinstance(plan.memory[n], Buffer) else None for n in numbers]
    if _aliased(roots):
        outcomes["serial"] += 1
        return False
    payload = (plan, roots)
    cuts = ranges(plan.groups, jobs)
    spread[len(cuts)] += 1
    clock = [time.perf_counter()]
    if executor is not None:
        results = _collect([executor.submit(run_range, payload, first, count) for first, count in cuts])
    else:
        results = _run_pooled(payload, cuts, jobs, clock)
    clock.append(time.perf_counter())
    if results is None or not _mergeable(results, plan.strict, roots):
        outcomes["serial"] += 1
        return False
    outcomes["merged"] += 1
    for result in results:
        for number, (where, values) in result.writes.items():
            target = roots[number].reshape(-1).view(np.uint8)[where.start: where.start + where.count]
            if where.dense:
                target[:] = values
            else:
                target[where.mask()] = values
    for number, buffer in enumerate(buffers):
        if buffer is not None and any(number in result.writes for result in results):
            buffer.mark_written()
    handed = clock[1] if len(clock) > 2 else clock[0]
    last_timing.clear()
    last_timing.update(start=handed - clock[0], wait=clock[-1] - handed, merge=time.perf_counter() - clock[-1],
                       slowest=max(r.seconds for r in results), mean=sum(r.seconds for r in results) / len(results),
                       setup=max(r.setup_seconds for r in results))
    return True


def run_range(payload: tuple[ParallelPlan, list[np.ndarray]], first: int, count: int, *,
              private: bool = False) -> RangeResult:
    """Run groups [first, first + count) on a private copy of the plan's memory; what it wrote and read.

    `private`: the payload is this range's alone already (a forked child's), so it is not copied. Module-level,
    so process pools can pickle a reference to it."""
    plan, roots = payload
    if private:
        work, private_roots = plan.work, roots
    else:
        memo = {id(item): item for item in plan.shared}
        work, private_roots = copy.deepcopy((plan.work, roots), memo)
    return _run_logged(plan, work, private_roots, first, count)


def _run_logged(plan: ParallelPlan, work: GroupWork, private: list[np.ndarray], first: int, count: int,
                before: list[np.ndarray] | None = None) -> RangeResult:
    if before is None:
        before = [root.reshape(-1).view(np.uint8).copy() for root in private]
    started = time.perf_counter()
    log = BufferAccessLog(plan.grid, plan.threads_per_group, races=plan.strict, record=True, roots=private)
    try:
        work.run_groups(first, count, log)
    except Exception as error:          # the serial rerun raises it (or the first workgroup's error) exactly
        return RangeResult(first, failed=f"{type(error).__name__}: {error}")
    result = log.range_result(first, before)
    result.seconds = time.perf_counter() - started
    return result


def _aliased(roots: list[np.ndarray]) -> bool:
    """Whether two bound arrays share bytes (views of one array): private copies would not, so run serially."""
    return any(np.may_share_memory(a, b) for k, a in enumerate(roots) for b in roots[k + 1:])


def _collect(futures: list[Future]) -> list[RangeResult] | None:
    """The ranges' results in order, or None when one failed (the serial run then gives the exact outcome). An
    executor that cannot run a range at all (a shader its serializer cannot pickle, a worker that died) is warned
    about, since the dispatch then gains nothing."""
    results = []
    for future in futures:
        try:
            results.append(future.result())
        except Exception as error:
            warnings.warn(f"parallel dispatch ran serially: the executor could not run a range of workgroups "
                          f"({type(error).__name__}: {error})", RuntimeWarning, stacklevel=4)
            for rest in futures:
                rest.cancel()
            return None
    return None if any(r.failed or r.unknown for r in results) else results


class _ForkedResult(Future):  # type: ignore[type-arg]
    """The future of a task running in a forked child: its pickled result is read from a pipe when asked for."""

    def __init__(self, pid: int, pipe: int) -> None:
        super().__init__()
        self._pid, self._pipe = pid, pipe

    def result(self, timeout: float | None = None) -> object:
        if not self.done():
            chunks = []
            with os.fdopen(self._pipe, "rb") as reader:
                while chunk := reader.read(1 << 20):
                    chunks.append(chunk)
            os.waitpid(self._pid, 0)
            try:
                ok, value = pickle.loads(b"".join(chunks))
            except Exception as error:          # the child died before writing its result
                ok, value = False, RuntimeError(f"forked worker {self._pid} gave no result ({error})")
            if ok:
                self.set_result(value)
            else:
                self.set_exception(value)
        return super().result(timeout)


class ForkExecutor(Executor):
    """Runs each task in a child forked at `submit`: the child sees the parent's objects as they are then (the
    dispatch's shader, bindings and memory, closures included), so only the result crosses a process boundary.
    The default's fallback for a dispatch that does not pickle, made for the dispatch (POSIX only)."""

    def __init__(self, blas_threads: int = 1) -> None:
        self.blas_threads = blas_threads

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        reader, writer = os.pipe()
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message=".*fork.*", category=DeprecationWarning)
            pid = os.fork()
        if pid == 0:                            # the child: run, write the result, leave without cleanup
            os.close(reader)
            gc.disable()                        # a short life: collections would only copy shared pages
            try:
                limit_blas_threads(self.blas_threads)
                try:
                    outcome = (True, fn(*args, **kwargs))
                except BaseException as error:
                    outcome = (False, RuntimeError(f"{type(error).__name__}: {error}"))
                data = pickle.dumps(outcome, protocol=pickle.HIGHEST_PROTOCOL)
                with os.fdopen(writer, "wb") as out:
                    out.write(data)
            finally:
                os._exit(0)
        os.close(writer)
        return _ForkedResult(pid, reader)


_BLAS_THREAD_SETTERS = ("scipy_openblas_set_num_threads64_", "scipy_openblas_set_num_threads",
                        "openblas_set_num_threads64_", "openblas_set_num_threads", "MKL_Set_Num_Threads")


_blas_setter: list[object] = []


def limit_blas_threads(count: int) -> bool:
    """Ask the BLAS numpy loaded to use `count` threads (in a forked worker: `jobs` workers each running the
    parent's BLAS thread count would oversubscribe the cores). Whether a BLAS took it; nothing else changes."""
    if _blas_setter:
        _blas_setter[0](ctypes.c_int(count))  # type: ignore[operator]
        return True
    try:
        with open("/proc/self/maps") as maps:
            paths = {line.split()[-1] for line in maps if "blas" in line.lower() or "mkl" in line.lower()}
    except OSError:
        return False
    for path in sorted(paths):
        try:
            library = ctypes.CDLL(path)
        except OSError:
            continue
        for name in _BLAS_THREAD_SETTERS:
            setter = getattr(library, name, None)
            if setter is not None:
                _blas_setter.append(setter)
                setter(ctypes.c_int(count))
                return True
    return False


def fork_available() -> bool:
    return hasattr(os, "fork")


_pool: ProcessPoolExecutor | None = None
_pool_size = 0


def worker_pool(jobs: int) -> ProcessPoolExecutor:
    """The workers kept for dispatches (forked once, at the first parallel dispatch; `max(cores, jobs)` of them):
    their heaps stay warm from one dispatch to the next, where a child forked per dispatch pays a copy-on-write
    fault for every page of the parent's heap it writes."""
    global _pool, _pool_size
    if _pool is None or jobs > _pool_size:
        if _pool is not None:
            _pool.shutdown(wait=False, cancel_futures=True)
        _pool_size = max(jobs, os.cpu_count() or 1)
        _pool = ProcessPoolExecutor(_pool_size, mp_context=multiprocessing.get_context("fork"))
    return _pool


def _run_pooled(payload: tuple[ParallelPlan, list[np.ndarray]], cuts: list[tuple[int, int]],
                jobs: int, clock: list[float] | None = None) -> list[RangeResult] | None:
    """The default executor: the kept workers, given the dispatch written once into a file in shared memory
    (`write_dispatch`; each maps it copy-on-write). A dispatch that does not pickle (a shader defined inside a
    function) runs in children forked for it instead."""
    folder = "/dev/shm" if os.path.isdir("/dev/shm") else None
    handle, path = tempfile.mkstemp(prefix="dxlinalg-dispatch-", dir=folder)
    try:
        with os.fdopen(handle, "wb") as out:
            try:
                write_dispatch(payload, out)
            except (pickle.PicklingError, AttributeError, TypeError):
                return _run_forked(payload, cuts, jobs)
        blas = max(1, (os.cpu_count() or 1) // jobs)
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message=".*fork.*", category=DeprecationWarning)
            pool = worker_pool(jobs)
            futures = [pool.submit(_run_from_file, path, first, count, blas) for first, count in cuts]
        if clock is not None:
            clock.append(time.perf_counter())
        for future in futures:
            if future.exception() is not None:    # e.g. a shader defined after the workers were forked
                return _run_forked(payload, cuts, jobs)
        return _collect(futures)
    finally:
        os.unlink(path)


_HEADER = 16        # bytes: the pickle's length, then the table's
_ALIGNMENT = 64     # of every out-of-band array in the file


def write_dispatch(payload: object, out: BinaryIO) -> None:
    """Write the payload as a pickle (protocol 5) whose arrays lie out of band, each at an aligned offset of the
    file, so that a worker mapping the file gets them without a copy (`read_dispatch`)."""
    arrays: list[pickle.PickleBuffer] = []
    blob = pickle.dumps(payload, protocol=5, buffer_callback=arrays.append)
    raws = [array.raw() for array in arrays]
    position = _HEADER + len(blob)
    spans = []
    for raw in raws:
        position += -position % _ALIGNMENT
        spans.append((position, raw.nbytes))
        position += raw.nbytes
    table = pickle.dumps(spans, protocol=5)
    out.write(len(blob).to_bytes(8, "little") + len(table).to_bytes(8, "little"))
    out.write(blob)
    written = _HEADER + len(blob)
    for (start, _), raw in zip(spans, raws):
        out.write(bytes(start - written))
        out.write(raw)
        written = start + raw.nbytes
    out.write(table)


def read_dispatch(path: str) -> tuple[object, np.ndarray, int]:
    """(the payload `write_dispatch` wrote, the file's bytes, the address where the payload's mapping starts):
    the payload's arrays are views of a private copy-on-write mapping of the file (only the pages a range writes
    get copied); the bytes are a read-only mapping of the same file, so they keep every array's bytes as they
    were before the range ran, at the same offsets."""
    with open(path, "rb") as source:
        private = mmap.mmap(source.fileno(), 0, access=mmap.ACCESS_COPY)
        original = mmap.mmap(source.fileno(), 0, access=mmap.ACCESS_READ)
    view = memoryview(private)
    blob_length = int.from_bytes(view[:8], "little")
    table_length = int.from_bytes(view[8:16], "little")
    spans = pickle.loads(view[len(view) - table_length:])
    payload = pickle.loads(view[_HEADER: _HEADER + blob_length],
                           buffers=[view[start: start + length] for start, length in spans])
    base = np.frombuffer(view, np.uint8).__array_interface__["data"][0]
    return payload, np.frombuffer(original, np.uint8), base


def _run_from_file(path: str, first: int, count: int, blas_threads: int) -> RangeResult:
    """A kept worker's task: map the dispatch (a private copy-on-write copy) and run one range of it."""
    started = time.perf_counter()
    limit_blas_threads(blas_threads)
    payload, original, base = read_dispatch(path)
    plan, roots = payload  # type: ignore[misc]
    before = _before_from(roots, original, base)
    setup = time.perf_counter() - started
    result = _run_logged(plan, plan.work, roots, first, count, before)
    result.setup_seconds = setup
    return result


def _before_from(roots: list[np.ndarray], original: np.ndarray, base: int) -> list[np.ndarray]:
    """Each root's bytes before the range ran: its slice of the file's read-only mapping where the root is mapped
    from the file (no copy), else a copy."""
    found = []
    for root in roots:
        start = root.__array_interface__["data"][0] - base
        if root.flags.c_contiguous and 0 <= start and start + root.nbytes <= original.shape[0]:
            found.append(original[start: start + root.nbytes])
        else:
            found.append(root.reshape(-1).view(np.uint8).copy())
    return found


def _run_forked(payload: tuple[ParallelPlan, list[np.ndarray]], cuts: list[tuple[int, int]],
                jobs: int) -> list[RangeResult] | None:
    """A child forked per range (at most `jobs` at a time), inheriting the work: for dispatches that do not pickle."""
    executor = ForkExecutor(blas_threads=max(1, (os.cpu_count() or 1) // jobs))
    results: list[RangeResult] = []
    for wave in range(0, len(cuts), jobs):
        futures = [executor.submit(run_range, payload, first, count, private=True)
                   for first, count in cuts[wave: wave + jobs]]
        found = _collect(futures)
        if found is None:
            return None
        results.extend(found)
    return results


def _mergeable(results: list[RangeResult], strict: bool, roots: list[np.ndarray]) -> bool:
    """Whether applying the ranges' writes in order gives the serial run's bytes (see the module docstring)."""
    written: dict[int, np.ndarray] = {}
    for position, result in enumerate(results):
        if result.atomic_calls and position > 0:
            return False
        if any(number in written for number in result.whole_reads):
            return False
        for number, reads in result.reads.items():
            before = written.get(number)
            if before is not None and _any_in(before, reads):
                return False
        for number, (where, _) in result.writes.items():
            mask = written.get(number)
            if mask is None:
                mask = written[number] = np.zeros(roots[number].nbytes, bool)
            if strict and _any_in(mask, where):
                return False
            span = mask[where.start: where.start + where.count]
            if where.dense:
                span[:] = True
            else:
                span |= where.mask()
    return True


def _any_in(mask: np.ndarray, where: ByteSet) -> bool:
    """Whether any byte of the set is set in the buffer-long bool mask."""
    span = mask[where.start: where.start + where.count]
    return bool(span.any() if where.dense else span[where.mask()].any())
