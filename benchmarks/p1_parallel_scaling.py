"""P1: one dispatch spread over 1 to N worker processes (`dxlinalg.gpu.parallel`): speed-up per workload.

Each workload's dispatch is prepared once and timed with $DXLINALG_JOBS = 1, 2, 4, ... (the counts of `--jobs`,
by default the powers of two up to os.cpu_count()), interleaved, best of N each, in one run:

- W1: the inference sample's FP16 frame (`benchmarks.w1_inference.record_frame`), 512 x 512 threads;
- S1: the same frame at 2^20 threads (1024 x 1024);
- W5: the same frame through the compiled SPIR-V module (`dxlinalg.samples.mlp_inference_spirv.render`), 512 x 512;
- C2: the cooperative-matrix GEMM sample at 512^3, 64 x 64 tiles (64 subgroups), reference profile.

A row's ratio is the speed-up over one job divided by the job count (parallel efficiency; the goal: at least
0.6, issue 22). Every run's output is compared with the serial one, byte for byte.

    python -m benchmarks --only P1 [--quick] [--jobs 1,2,4,8,16]
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import numpy as np

from benchmarks.timing import best_time
from benchmarks.w1_inference import record_frame
from dxlinalg.gpu import parallel
from dxlinalg.samples import mlp_inference_spirv
from dxlinalg.samples.coopmat_gemm import F16, run_gemm
from dxlinalg.samples.host_helpers import GpuContext
from dxlinalg.samples.mlp_model import random_weights

WORKLOAD = "P1"
TITLE = "one dispatch over 1..N worker processes: speed-up / N (W1, S1, W5, C2)"
GOAL = ">= 0.6x"

#: Worker counts to time; `python -m benchmarks --jobs 1,2,4` sets them.
JOB_COUNTS: list[int] | None = None
SIZES = {False: {"W1": 512, "S1": 1024, "W5": 512, "C2": 512}, True: {"W1": 128, "S1": 256, "W5": 128, "C2": 128}}
REPEATS = {False: 2, True: 1}


def default_job_counts() -> list[int]:
    cores = os.cpu_count() or 1
    counts = [1]
    while counts[-1] * 2 <= cores:
        counts.append(counts[-1] * 2)
    if counts[-1] != cores:
        counts.append(cores)
    return counts


@contextmanager
def jobs(count: int) -> Iterator[None]:
    """$DXLINALG_JOBS = count for the dispatches inside."""
    before = os.environ.get(parallel.JOBS_ENVIRONMENT_VARIABLE)
    os.environ[parallel.JOBS_ENVIRONMENT_VARIABLE] = str(count)
    try:
        yield
    finally:
        if before is None:
            del os.environ[parallel.JOBS_ENVIRONMENT_VARIABLE]
        else:
            os.environ[parallel.JOBS_ENVIRONMENT_VARIABLE] = before


def workloads(quick: bool) -> dict[str, Callable[[], np.ndarray]]:
    """Each workload's dispatch, prepared: a call runs it and returns its output."""
    sizes = SIZES[quick]
    weights = random_weights()
    w1 = record_frame(GpuContext("reference"), "fp16", weights, sizes["W1"], sizes["W1"])
    s1 = record_frame(GpuContext("reference"), "fp16", weights, sizes["S1"], sizes["S1"])
    w5 = record_frame(GpuContext("reference"), "fp16", weights, sizes["W5"], sizes["W5"])
    rng = np.random.default_rng(3)
    a = rng.standard_normal((sizes["C2"], sizes["C2"])).astype(np.float16)
    b = rng.standard_normal((sizes["C2"], sizes["C2"])).astype(np.float16)
    c2 = GpuContext("reference")

    def frame(recorded):  # type: ignore[no-untyped-def]
        def execute() -> np.ndarray:
            recorded.execute()
            return recorded.image()
        return execute

    return {
        "W1": frame(w1), "S1": frame(s1),
        "W5": lambda: mlp_inference_spirv.render(w5.frame, "reference"),
        "C2": lambda: run_gemm(c2, F16, a, b, tile_m=64, tile_n=64, tile_k=64),
    }


def run(quick: bool) -> list[dict[str, object]]:
    counts = JOB_COUNTS or default_job_counts()
    rows = []
    for name, execute in workloads(quick).items():
        with jobs(1):
            expected = execute()                 # warm caches (decoded matrices, the compiled module)
        best = dict.fromkeys(counts, float("inf"))
        for _ in range(REPEATS[quick]):
            for count in counts:
                with jobs(count):
                    best[count] = min(best[count], best_time(execute, 1))
                    if execute().tobytes() != expected.tobytes():
                        raise AssertionError(f"P1 {name}: {count} jobs do not give the serial run's bytes")
        for count in counts:
            speedup = best[1] / best[count]
            rows.append({
                "name": f"{name}, {count} jobs: {speedup:.2f}x faster than 1 job", "seconds": best[count],
                "baseline_seconds": best[1], "ratio": speedup / count, "jobs": count, "speedup": speedup,
                "notes": f"{name} with $DXLINALG_JOBS={count}, best of {REPEATS[quick]} interleaved; ratio = speed-up "
                         f"/ jobs on {os.cpu_count()} cores"})
    return rows
