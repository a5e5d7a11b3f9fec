"""The parallel layer's cost model (`dxlinalg.gpu.parallel.plan_jobs`): jobs and ranges per job from a fitted
fixed-per-chunk and per-workgroup cost, never slower than serial by choice; more ranges than jobs merge to the
serial bytes.

The choice is tested on synthetic costs against a brute-force oracle that simulates the ranges handed out to
workers one by one (the model's formula is not reused), and the fit on costs generated from known parts."""

from __future__ import annotations

import heapq
import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.gpu import (
    RWByteAddressBuffer,
    SV_DispatchThreadID,
    compute_shader,
    parallel,
    run_dispatch,
)


@pytest.fixture(autouse=True)
def fresh_costs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "_costs", type(parallel._costs)())
    monkeypatch.setattr(parallel, "MIN_SECONDS_PER_JOB", 0.01)
    monkeypatch.setattr(parallel, "MIN_INVOCATIONS_PER_JOB", 16384)
    parallel.outcomes.clear()


def simulated_seconds(fixed: float, per_group: float, overhead: float, imbalance: float, groups: int,
                      jobs: int, range_count: int, groups_per_chunk: int) -> float:
    """Oracle: ranges handed to the first free of `jobs` workers in order; the last range is `imbalance` slower."""
    bounds = [groups * k // range_count for k in range(range_count + 1)]
    counts = [b - a for a, b in itertools.pairwise(bounds) if b > a]
    times = [fixed * -(-c // groups_per_chunk) + per_group * c for c in counts]
    if jobs == 1:
        return fixed * -(-groups // groups_per_chunk) + per_group * groups
    workers = [0.0] * jobs
    for number, seconds in enumerate(times):
        start = heapq.heappop(workers)
        slow = (imbalance - 1.0) * max(times) if number == len(times) - 1 else 0.0
        heapq.heappush(workers, start + seconds + slow)
    return overhead + max(workers)


def fitted(fixed: float, per_group: float, overhead: float = 0.0, imbalance: float = 1.0,
           serial_groups: int = 64, groups_per_chunk: int = 256, identified: bool = True) -> parallel.WorkCost:
    serial = fixed * -(-serial_groups // groups_per_chunk) + per_group * serial_groups
    return parallel.WorkCost(serial / serial_groups, serial_groups, -(-serial_groups // groups_per_chunk),
                             fixed=fixed, per_group=per_group, fixed_identified=identified, overhead=overhead,
                             imbalance=imbalance)


def test_the_fit_recovers_a_fixed_cost_per_chunk_and_a_cost_per_workgroup() -> None:
    # serial: 64 groups in one chunk; a range: 4 groups in one chunk (C3 at 16 jobs)
    fixed, per_group = 0.29, 0.54 / 64
    assert parallel._fit((1, 64, fixed + 64 * per_group), (1, 4, fixed + 4 * per_group))[:2] == \
        pytest.approx((fixed, per_group))
    # both runs all full chunks: the two parts cannot be told apart, so all of it scales
    assert parallel._fit((8, 64, 0.8), (2, 16, 0.2)) == (0.0, pytest.approx(0.8 / 64), False)
    # a range slower than the whole serial run: all fixed, nothing scales
    assert parallel._fit((1, 64, 0.194), (1, 4, 0.25)) == (pytest.approx(0.25), 0.0, True)


@settings(max_examples=60, deadline=None)
@given(fixed=st.floats(0, 0.5), per_group=st.floats(1e-5, 0.05), overhead=st.floats(0, 0.05),
       imbalance=st.floats(1.0, 1.5), groups=st.integers(2, 512), requested=st.integers(2, 16))
def test_the_chosen_jobs_and_ranges_are_the_fastest_the_oracle_finds(
        fixed: float, per_group: float, overhead: float, imbalance: float, groups: int, requested: int) -> None:
    """Among the choices within the size threshold's ceiling, none simulated by the oracle beats the chosen one by
    more than the model's approximation (it takes every range as long as the longest: 15%), and the choice is
    never simulated slower than serial."""
    parallel._costs["work"] = fitted(fixed, per_group, overhead, imbalance, groups_per_chunk=1024)
    jobs, range_count = parallel.plan_jobs(requested, groups, 64, "work", 1024)
    ceiling = parallel.jobs_for(requested, groups, 64, parallel.estimated_seconds("work", groups))
    assert 1 <= jobs <= ceiling and jobs <= range_count <= max(1, jobs * max(parallel.RANGES_PER_JOB))
    chosen = simulated_seconds(fixed, per_group, overhead, imbalance, groups, jobs, range_count, 1024)
    serial = simulated_seconds(fixed, per_group, overhead, imbalance, groups, 1, 1, 1024)
    assert chosen <= serial * (1 + 1e-9)
    for other in range(2, ceiling + 1):
        for per_job in parallel.RANGES_PER_JOB:
            count = min(groups, other * per_job)
            assert chosen <= simulated_seconds(fixed, per_group, overhead, imbalance, groups, other, count, 1024) \
                * 1.15 + 1e-12


def test_a_large_fixed_cost_stays_serial_and_a_scaling_cost_takes_every_job() -> None:
    parallel._costs["c3"] = fitted(0.19, 0.004 / 64, overhead=0.01, imbalance=1.3)     # C3: nearly all fixed
    assert parallel.plan_jobs(16, 64, 32, "c3", 256) == (1, 1)
    parallel._costs["l1"] = fitted(0.0, 0.5 / 64, overhead=0.005, imbalance=1.0)       # all of it scales
    assert parallel.plan_jobs(16, 64, 32, "l1", 256) == (16, 16)
    parallel._costs["l3"] = fitted(0.29, 0.54 / 64, overhead=0.01, imbalance=1.0)      # L3: fixed plus scaling
    assert parallel.plan_jobs(16, 64, 32, "l3", 256) == (16, 16)


def test_uneven_ranges_with_a_small_fixed_cost_get_more_ranges_than_jobs() -> None:
    parallel._costs["w1"] = fitted(0.0005, 0.2 / 64, overhead=0.005, imbalance=1.3)
    jobs, range_count = parallel.plan_jobs(4, 64, 64, "w1", 256)
    assert jobs == 4 and range_count > 4
    parallel._costs["heavy"] = fitted(0.05, 0.2 / 64, overhead=0.005, imbalance=1.3)  # fixed cost per range high
    assert parallel.plan_jobs(4, 64, 64, "heavy", 256) == (4, 4)


def test_where_the_fixed_part_is_unknown_more_ranges_add_no_chunks() -> None:
    """W1: 4,096 workgroups in chunks of 128, every run all full chunks, so the fit cannot see a fixed part;
    16 jobs may cut 32 ranges (one chunk each) but not 48 or 64 (part chunks)."""
    parallel._costs["w1"] = fitted(0.0, 0.8 / 4096, overhead=0.005, imbalance=1.3, serial_groups=4096,
                                   groups_per_chunk=128, identified=False)
    assert parallel.plan_jobs(16, 4096, 64, "w1", 128) == (16, 32)
    parallel._costs["w1"].per_range = 0.02                  # a range's setup outweighs the imbalance it evens
    assert parallel.plan_jobs(16, 4096, 64, "w1", 128) == (16, 16)


def test_unmeasured_and_unfitted_work_keeps_the_size_threshold() -> None:
    assert parallel.plan_jobs(16, 64, 32, "new", 4) == (1, 1)                 # 2,048 invocations: serial
    parallel.note_cost("once", 0.12, 64)
    assert parallel.plan_jobs(16, 64, 32, "once", 4) == (12, 12)             # serial only: the ceiling


def test_a_parallel_run_slower_than_serial_sends_the_work_serial() -> None:
    parallel.note_cost("w", 0.2, 64, chunks=1)
    assert parallel.plan_jobs(16, 64, 32, "w", 256) == (16, 16)
    parallel.note_parallel("w", parallel.ranges(64, 16), [0.25] * 16, 16, wall=0.333, groups_per_chunk=256)
    assert parallel.plan_jobs(16, 64, 32, "w", 256) == (1, 1)                # after the warm-up: a warm serial run
    parallel.note_cost("w", 0.2, 64, chunks=1)
    assert parallel.plan_jobs(16, 64, 32, "w", 256) == (16, 16)              # the warm-up run is not held against it
    parallel.note_parallel("w", parallel.ranges(64, 16), [0.25] * 16, 16, wall=0.333, groups_per_chunk=256)
    assert parallel.plan_jobs(16, 64, 32, "w", 256) == (1, 1)
    parallel.note_cost("w", 0.2, 64, chunks=1)
    assert parallel.plan_jobs(16, 64, 32, "w", 256) == (1, 1)                # for good
    for _ in range(2):                                                       # a faster one keeps its jobs
        parallel.note_cost("v", 0.2, 64, chunks=1)
        parallel.note_parallel("v", parallel.ranges(64, 16), [0.0125] * 16, 16, wall=0.02, groups_per_chunk=256)
    assert parallel.plan_jobs(16, 64, 32, "v", 256)[0] == 16


@compute_shader(numthreads=(8, 1, 1))
def squares(out=RWByteAddressBuffer("u0")):
    tid = SV_DispatchThreadID()[:, 0]
    out.Store(tid * 4, tid * tid + np.uint32(5))


def test_a_dispatch_slower_in_parallel_runs_serially_next_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Serial, parallel (the warm-up), serial (warm), parallel (learnt from), then serial for good: the serial
    runs' time is set below any parallel run's, so the parallel dispatches' measured wall time reaches it. Every
    run gives the serial bytes."""
    monkeypatch.setattr(parallel, "MIN_INVOCATIONS_PER_JOB", 1 << 20)
    monkeypatch.setattr(parallel, "MIN_SECONDS_PER_JOB", 1e-12)
    outputs = []
    merged = []
    for jobs in (1, 2, 2, 2, 2, 2):
        out = np.zeros(64, np.uint32)
        run_dispatch(squares, {"u0": out.view(np.uint8)}, (8, 1, 1), jobs=jobs)
        (key,) = parallel._costs
        parallel._costs[key].serial_per_group = 1e-9
        outputs.append(out)
        merged.append(parallel.outcomes["merged"])
    assert merged == [0, 1, 1, 2, 2, 2]
    assert parallel._costs[key].slower_than_serial
    expected = np.arange(64, dtype=np.uint32) ** 2 + 5
    assert all(np.array_equal(out, expected) for out in outputs)


@compute_shader(numthreads=(8, 1, 1))
def reads_the_next_group(out=RWByteAddressBuffer("u0")):
    tid = SV_DispatchThreadID()[:, 0]
    out.Store(tid * 4, out.Load(((tid + 8) % 64) * 4) + np.uint32(1))


def test_a_dispatch_that_fell_back_to_serial_runs_serially_next_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """The last workgroup reads the first one's output: a parallel run falls back (the serial run's time and
    more), so the next dispatch of the shader does not try again (C3 on the 16-core host: 333 ms against 194)."""
    monkeypatch.setattr(parallel, "MIN_INVOCATIONS_PER_JOB", 1 << 20)
    monkeypatch.setattr(parallel, "MIN_SECONDS_PER_JOB", 1e-12)
    outputs, tried = [], []
    for jobs in (1, 2, 2):
        out = np.arange(64, dtype=np.uint32)
        run_dispatch(reads_the_next_group, {"u0": out.view(np.uint8)}, (8, 1, 1), jobs=jobs)
        outputs.append(out)
        tried.append(parallel.outcomes["serial"])
    assert tried == [0, 1, 1]
    assert all(np.array_equal(out, outputs[0]) for out in outputs)


@pytest.mark.parametrize("strict", [True, False])
def test_more_ranges_than_jobs_merge_in_workgroup_order_to_the_serial_bytes(strict: bool) -> None:
    from dxlinalg.gpu.dispatch import _bind, _bound_memory, _ShaderWork
    from dxlinalg.profile.registry import load_profile
    serial = np.zeros(104, np.uint32)
    run_dispatch(squares, {"u0": serial.view(np.uint8)}, (13, 1, 1), jobs=1, strict=strict)
    out = np.zeros(104, np.uint32)
    views = _bind(squares, {"u0": out.view(np.uint8)})
    profile = load_profile("reference")
    work = _ShaderWork(squares, views, (13, 1, 1), profile, strict, 2)
    plan = parallel.ParallelPlan(work, _bound_memory(views), [profile], 13, (13, 1, 1), 8, strict)
    parallel.spread.clear()
    assert parallel.run_in_parallel(plan, 2, None, range_count=7)
    assert parallel.spread == {(7, 2): 1}
    assert np.array_equal(out, serial)
