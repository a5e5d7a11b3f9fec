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
before that, at least MIN_INVOCATIONS_PER_JOB invocations. That is a ceiling; the cost model (`plan_jobs`) picks
within it once the work has run both serially and in parallel: from the two runs it learns a fixed cost per chunk
of a range (which does not shrink with fewer lanes: SPIR-V's per-instruction work), a cost per workgroup, the
handoff (the dispatch's wall time beyond its ranges) and how much slower the slowest range is than the mean, and
takes the job count, 1 included, and the ranges per job (`RANGES_PER_JOB`: more ranges than jobs, handed out as
workers free up, balance uneven ranges where the fixed cost is small against a range's work) with the least
predicted time. The first parallel run of a work is a warm-up (not fitted); SLOWER_RUNS_TO_STAY_SERIAL parallel
runs slower than the serial one, or one that had to fall back to the serial run, send the work serial from then on.
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
from concurrent.futures import (
    FIRST_COMPLETED,
    Executor,
    Future,
    ProcessPoolExecutor,
    wait,
)
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
#: How many ranges on how many jobs the parallel dispatches were cut into ((ranges, jobs) -> dispatches), for
#: benchmarks.
spread: Counter[tuple[int, int]] = Counter()
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
#: and many light ones do not (measured, docs/performance.md "The size threshold"). 0: no floor, and no cost model
#: (every dispatch of at least two workgroups splits: tests and `benchmarks.parallel_threshold` force it so).
MIN_SECONDS_PER_JOB = 0.01
#: The ranges per job the cost model may cut a dispatch into (handed out as workers free up).
RANGES_PER_JOB = (1, 2, 3, 4)
#: A work's first parallel run warms the workers (its code loaded in each, a worker pool forked): it is not fitted,
#: and the dispatch after it runs serially again where the one serial run so far was the work's first (cold too),
#: so the fit compares warm runs. A work goes serial for good after this many parallel runs that took at least
#: its serial time.
SLOWER_RUNS_TO_STAY_SERIAL = 2


@dataclass
class WorkCost:
    """What the runs of one work (a `cost_key`) cost, in seconds: the serial run's, and once it has also run in
    parallel, the fitted model `fixed * chunks + per_group * groups` of one range and the parallel run's handoff
    and imbalance (`predicted_seconds`)."""

    serial_per_group: float                 # the last serial run's time per workgroup
    serial_groups: int = 0
    serial_chunks: int = 1
    fixed: float | None = None              # per chunk of a range, whatever its lanes (None: not fitted yet)
    per_group: float = 0.0
    fixed_identified: bool = False          # the two runs told the fixed part apart (else all of it scales)
    per_range: float = 0.0                  # a range's setup in its worker (mapping the dispatch, its memory)
    overhead: float = 0.0                   # a parallel dispatch's wall time beyond its workers' share of ranges
    imbalance: float = 1.0                  # the slowest range's time over the mean range's
    slower_than_serial: bool = False        # SLOWER_RUNS_TO_STAY_SERIAL parallel runs took the serial time: stay serial
    serial_runs: int = 0
    parallel_runs: int = 0
    slower_runs: int = 0


#: What each work costs, by `cost_key` (bounded: oldest forgotten first).
_costs: OrderedDict[object, WorkCost] = OrderedDict()
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
        cost = _costs.get(key)
    return None if cost is None else cost.serial_per_group * groups


def note_cost(key: object, seconds: float, groups: int, chunks: int = 1) -> None:
    """Remember a serial run's time (per workgroup, and its chunk count) for the work `key` names."""
    if groups > 0:
        with _costs_lock:
            cost = _costs.get(key)
            if cost is None:
                cost = _costs[key] = WorkCost(seconds / groups)
            cost.serial_per_group, cost.serial_groups, cost.serial_chunks = seconds / groups, groups, max(1, chunks)
            cost.serial_runs += 1
            _remember(key)


def _remember(key: object) -> None:
    _costs.move_to_end(key)
    while len(_costs) > _MAX_COSTS:
        _costs.popitem(last=False)


def _chunks(groups: int, groups_per_chunk: int) -> int:
    return -(-groups // max(1, groups_per_chunk))


def note_parallel(key: object, cuts: Sequence[tuple[int, int]], range_seconds: Sequence[float], jobs: int,
                  wall: float, groups_per_chunk: int, setup_seconds: Sequence[float] = ()) -> None:
    """Learn from a merged parallel run of the work `key` names (its ranges' (first, count), their times in their
    workers, the jobs, the dispatch's wall time): with the serial run's time, two points of `fixed * chunks +
    per_group * groups`, solved for both; the handoff and imbalance as this run had them (not from the first,
    warm-up run). SLOWER_RUNS_TO_STAY_SERIAL runs whose wall time reached the serial run's mark the work serial."""
    with _costs_lock:
        cost = _costs.get(key)
        if cost is None or cost.serial_groups <= 0 or not cuts:
            return
        groups = sum(count for _, count in cuts)
        serial = cost.serial_per_group * groups
        cost.parallel_runs += 1
        if wall >= serial:
            cost.slower_runs += 1
            cost.slower_than_serial = cost.slower_runs >= SLOWER_RUNS_TO_STAY_SERIAL
        if cost.parallel_runs <= 1:                 # the warm-up run: its ranges paid one-time costs
            _remember(key)
            return
        mean = sum(range_seconds) / len(range_seconds)
        count = groups / len(cuts)
        chunks = sum(_chunks(c, groups_per_chunk) for _, c in cuts) / len(cuts)
        serial_time = cost.serial_per_group * cost.serial_groups
        cost.fixed, cost.per_group, cost.fixed_identified = _fit(
            (cost.serial_chunks, cost.serial_groups, serial_time), (chunks, count, mean))
        cost.imbalance = max(1.0, max(range_seconds) / mean) if mean > 0 else 1.0
        cost.per_range = sum(setup_seconds) / len(setup_seconds) if setup_seconds else 0.0
        share = -(-len(cuts) // max(1, jobs)) * (mean + cost.per_range) + (max(range_seconds) - mean)
        cost.overhead = max(0.0, wall - share)
        _remember(key)


def note_fallback(key: object) -> None:
    """A parallel run of the work `key` names that had to run serially instead (its ranges' results could differ
    from the serial run's): its time was the serial run's and more, and the cause (one workgroup reading another's
    output, atomics, accumulate calls) is the shader's, so the work runs serially from then on."""
    with _costs_lock:
        cost = _costs.get(key)
        if cost is not None:
            cost.slower_runs += 1
            cost.slower_than_serial = True


def _fit(serial: tuple[float, float, float], one_range: tuple[float, float, float]) -> tuple[float, float, bool]:
    """(fixed per chunk, per workgroup, whether the points told them apart) through the two points (chunks,
    groups, seconds). Where they do not (proportional: both runs all full chunks), all of it scales; where the
    range cost more per workgroup than the whole serial run (a fixed cost above the serial run's own), the fixed
    part is the larger of the two runs' per chunk."""
    (k1, n1, t1), (k2, n2, t2) = serial, one_range
    determinant = k1 * n2 - k2 * n1
    if abs(determinant) > 1e-12 * max(1.0, k1 * n2):
        fixed = (t1 * n2 - t2 * n1) / determinant
        per_group = (k1 * t2 - k2 * t1) / determinant
        if fixed >= 0 and per_group >= 0:
            return fixed, per_group, True
        if per_group < 0:
            return max(t1 / k1, t2 / k2), 0.0, True
        return 0.0, t1 / max(n1, 1), True
    return 0.0, t1 / max(n1, 1), False


def predicted_seconds(cost: WorkCost, groups: int, jobs: int, ranges_per_job: int, groups_per_chunk: int) -> float:
    """A dispatch's predicted time on `jobs` jobs with `ranges_per_job` ranges each (1 job: serial), from a
    fitted cost: the handoff, each job's ranges run one after another, and the slowest range's excess."""
    assert cost.fixed is not None

    def one_range(count: int) -> float:
        return cost.fixed * _chunks(count, groups_per_chunk) + cost.per_group * count  # type: ignore[operator]

    if jobs <= 1:
        return one_range(groups)
    cuts = ranges(groups, jobs * ranges_per_job)
    longest = one_range(max(count for _, count in cuts))
    return cost.overhead + -(-len(cuts) // jobs) * (longest + cost.per_range) + (cost.imbalance - 1.0) * longest


def _adds_chunks(groups: int, range_count: int, groups_per_chunk: int) -> bool:
    """Whether cutting into `range_count` ranges runs more chunks than the serial run."""
    cuts = ranges(groups, range_count)
    return sum(_chunks(count, groups_per_chunk) for _, count in cuts) > _chunks(groups, groups_per_chunk)


def plan_jobs(requested: int, groups: int, threads_per_group: int, key: object,
              groups_per_chunk: int) -> tuple[int, int]:
    """(jobs, ranges) for a dispatch of the work `key` names: `jobs_for`'s ceiling with one range per job until
    the work has run both serially and in parallel, then the jobs (1 included, never more than the ceiling) and
    ranges per job of least predicted time (after the warm-up parallel run, one warm serial run where the only one
    was cold; ties to fewer jobs and ranges; where the fit could not tell the fixed
    part apart, more ranges than jobs only where they add no chunks to the serial run's); 1 job once SLOWER_RUNS_TO_STAY_SERIAL
    parallel runs were slower than the serial one. MIN_SECONDS_PER_JOB = 0 forces `jobs_for`'s split (no model)."""
    with _costs_lock:
        cost = _costs.get(key)
        cost = None if cost is None else copy.copy(cost)
    ceiling = jobs_for(requested, groups, threads_per_group,
                       None if cost is None else cost.serial_per_group * groups)
    if cost is None or ceiling <= 1 or MIN_SECONDS_PER_JOB <= 0:      # unmeasured, or splitting forced
        return ceiling, ceiling
    if cost.slower_than_serial:
        return 1, 1
    if cost.parallel_runs == 1 and cost.serial_runs == 1:     # the one serial run was cold: time a warm one
        return 1, 1
    if cost.fixed is None:
        return ceiling, ceiling
    best = min(((predicted_seconds(cost, groups, jobs, per_job, groups_per_chunk), jobs, per_job)
                for jobs in range(1, ceiling + 1) for per_job in (RANGES_PER_JOB if jobs > 1 else (1,))
                if per_job == 1 or cost.fixed_identified
                or not _adds_chunks(groups, jobs * per_job, groups_per_chunk)),
               key=lambda item: item[0])
    return best[1], min(groups, best[1] * best[2])


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


def run_in_parallel(plan: ParallelPlan, jobs: int, executor: Executor | None, *, range_count: int | None = None,
                    cost_key: object = None, groups_per_chunk: int = 1) -> bool:
    """Run the plan's workgroups over `range_count` ranges (default `jobs`; more are handed out to `jobs` workers
    as they free up) and merge them in workgroup order; False (memory untouched) when the serial definition must
    run instead. A merged run teaches the cost model of `cost_key` (`note_parallel`)."""
    stores = [item.data if isinstance(item, Buffer) else item for item in plan.memory]
    unique: dict[int, int] = {}
    for number, store in enumerate(stores):
        unique.setdefault(id(store), number)
    numbers = sorted(unique.values())
    roots = [stores[n] for n in numbers]
    buffers = [plan.memory[n] if isinstance(plan.memory[n], Buffer) else None for n in numbers]
    if _aliased(roots):
        outcomes["serial"] += 1
        note_fallback(cost_key)
        return False
    payload = (plan, roots)
    cuts = ranges(plan.groups, max(jobs, range_count or jobs))
    spread[len(cuts), min(jobs, len(cuts))] += 1
    clock = [time.perf_counter()]
    if executor is not None:
        results = _collect([executor.submit(run_range, payload, first, count) for first, count in cuts])
    else:
        results = _run_pooled(payload, cuts, jobs, clock)
    clock.append(time.perf_counter())
    if results is None or not _mergeable(results, plan.strict, roots):
        outcomes["serial"] += 1
        note_fallback(cost_key)
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
    finished = time.perf_counter()
    last_timing.update(start=handed - clock[0], wait=clock[-1] - handed, merge=finished - clock[-1],
                       slowest=max(r.seconds for r in results), mean=sum(r.seconds for r in results) / len(results),
                       setup=max(r.setup_seconds for r in results))
    if cost_key is not None:
        note_parallel(cost_key, cuts, [r.seconds for r in results], jobs, finished - clock[0], groups_per_chunk,
                      [r.setup_seconds for r in results])
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
            futures = _submit_at_most(pool, jobs, [(_run_from_file, path, first, count, blas) for first, count in cuts],
                                      clock)
        if futures is None:
            return _run_forked(payload, cuts, jobs)
        for future in futures:
            if future.exception() is not None:    # e.g. a shader defined after the workers were forked
                return _run_forked(payload, cuts, jobs)
        return _collect(futures)
    finally:
        os.unlink(path)


def _submit_at_most(pool: Executor, jobs: int, tasks: list[tuple], clock: list[float] | None) -> list[Future] | None:
    """Submit the tasks, at most `jobs` running at once (the pool may have more workers): the first `jobs` at
    once, each further one when a running one finishes, so that ranges go to the workers that free up first.
    The futures in task order, or None when a task raised (the caller runs them another way)."""
    futures: list[Future] = [pool.submit(*task) for task in tasks[:jobs]]
    if clock is not None:
        clock.append(time.perf_counter())
    running = set(futures)
    for task in tasks[jobs:]:
        done, running = wait(running, return_when=FIRST_COMPLETED)
        if any(future.exception() is not None for future in done):
            for future in running:
                future.cancel()
            return None
        future = pool.submit(*task)
        futures.append(future)
        running.add(future)
    return futures


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
