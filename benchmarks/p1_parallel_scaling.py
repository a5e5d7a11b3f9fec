"""P1: one dispatch spread over 1 to N worker processes (`dxlinalg.gpu.parallel`): speed-up per workload.

Each workload's dispatch is prepared once and timed with $DXLINALG_JOBS = 1, 2, 4, ... (the counts of `--jobs`,
by default the powers of two up to os.cpu_count()), interleaved, best of N each, in one run:

- W1: the inference sample's FP16 frame (`benchmarks.w1_inference.record_frame`), 512 x 512 threads;
- S1: the same frame at 2^20 threads (1024 x 1024);
- W5: the same frame through the compiled SPIR-V module (`dxlinalg.samples.mlp_inference_spirv.render`), 512 x 512;
- C2: the cooperative-matrix GEMM sample at 512^3, 64 x 64 tiles (64 subgroups), reference profile;
- L1, L2, L3: our side of the lavapipe rows (`dxlinalg.spirv.run` of the committed modules, strict, reference
  profile, their rows' sizes and inputs): workgroup_reduce.spv and control_flow.spv at 2^20 invocations, the
  8x8x8 cooperative-matrix GEMM at 512^3 (`--only P1 --rows L2` and the like pick rows; lavapipe is not needed).

A row's ratio is the speed-up over one job divided by the job count (parallel efficiency; the goal: at least
0.6, issue 22). Every run's output is compared with the serial one, byte for byte: a row whose bytes differ says
so in its name and gets ratio 0 (the other rows still run). Each row's notes say how its dispatches ran (merged
or serial, how many ranges) and where the last merged one's time went (`parallel.last_timing`).

    python -m benchmarks --only P1 [--quick] [--jobs 1,2,4,8,16]
"""

from __future__ import annotations

import os
import struct
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import numpy as np

from benchmarks import l1_workgroup_reduce, l2_control_flow, l3_coopmat_gemm
from benchmarks.peer import PROFILE as PEER_PROFILE
from benchmarks.peer import SHADERS
from benchmarks.timing import best_time
from benchmarks.w1_inference import record_frame
from dxlinalg.gpu import parallel
from dxlinalg.spirv import run as spirv_run
from dxlinalg.spirv.module import load_module
from dxlinalg.samples import mlp_inference_spirv
from dxlinalg.samples.coopmat_gemm import F16, run_gemm
from dxlinalg.samples.host_helpers import GpuContext
from dxlinalg.samples.mlp_model import random_weights

WORKLOAD = "P1"
TITLE = "one dispatch over 1..N worker processes: speed-up / N (W1, S1, W5, C2, L1-L3)"
GOAL = ">= 0.6x"

#: Worker counts to time; `python -m benchmarks --jobs 1,2,4` sets them.
JOB_COUNTS: list[int] | None = None
SIZES = {False: {"W1": 512, "S1": 1024, "W5": 512, "C2": 512}, True: {"W1": 128, "S1": 256, "W5": 128, "C2": 128}}
#: Rows to run (`python -m benchmarks --only P1 --rows W1,L2`); None: every row.
ROWS: list[str] | None = None
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


def workloads(quick: bool) -> dict[str, Callable[[], Callable[[], np.ndarray]]]:
    """Each workload's preparation: a call prepares its dispatch and gives what runs it and returns its output."""
    sizes = SIZES[quick]
    weights = random_weights()

    def frame(name: str) -> Callable[[], np.ndarray]:
        recorded = record_frame(GpuContext("reference"), "fp16", weights, sizes[name], sizes[name])

        def execute() -> np.ndarray:
            recorded.execute()
            return recorded.image()
        return execute

    def w5() -> Callable[[], np.ndarray]:
        recorded = record_frame(GpuContext("reference"), "fp16", weights, sizes["W5"], sizes["W5"])
        return lambda: mlp_inference_spirv.render(recorded.frame, "reference")

    def c2() -> Callable[[], np.ndarray]:
        rng = np.random.default_rng(3)
        a = rng.standard_normal((sizes["C2"], sizes["C2"])).astype(np.float16)
        b = rng.standard_normal((sizes["C2"], sizes["C2"])).astype(np.float16)
        gpu = GpuContext("reference")
        return lambda: run_gemm(gpu, F16, a, b, tile_m=64, tile_n=64, tile_k=64)

    return {"W1": lambda: frame("W1"), "S1": lambda: frame("S1"), "W5": w5, "C2": c2,
            "L1": lambda: l1(quick), "L2": lambda: l2(quick), "L3": lambda: l3(quick)}


def l1(quick: bool) -> Callable[[], np.ndarray]:
    """Our side of L1, as the row runs it."""
    count = l1_workgroup_reduce.INVOCATIONS[quick]
    values = np.random.default_rng(1).standard_normal(count).astype(np.float32)
    groups = count // l1_workgroup_reduce.LOCAL_SIZE
    return spirv_call("workgroup_reduce.spv", (groups, 1, 1),
                      {(0, 0): values, (0, 1): np.zeros(2 * groups, np.uint32)}, struct.pack("<I", count), (0, 1))


def l2(quick: bool) -> Callable[[], np.ndarray]:
    """Our side of L2, as the row runs it."""
    count = l2_control_flow.INVOCATIONS[quick]
    values = np.random.default_rng(2).integers(0, l2_control_flow.VALUE_LIMIT, count, dtype=np.uint32)
    values[::4099] = 0
    return spirv_call("control_flow.spv", (count // l2_control_flow.LOCAL_SIZE, 1, 1),
                      {(0, 0): values, (0, 1): np.zeros(5 * count, np.uint32)}, struct.pack("<I", count), (0, 1))


def l3(quick: bool) -> Callable[[], np.ndarray]:
    """Our side of L3, as the row runs it."""
    size = l3_coopmat_gemm.SIZE[quick]
    rng = np.random.default_rng(3)
    a = rng.standard_normal((size, size)).astype(np.float16)
    b = rng.standard_normal((size, size)).astype(np.float16)
    return spirv_call("coopmat_gemm_8x8.spv", (size // l3_coopmat_gemm.BLOCK_COLUMNS, size // l3_coopmat_gemm.TILE, 1),
                      {(0, 0): a.reshape(-1), (0, 1): b.reshape(-1), (0, 2): np.zeros(size * size, np.float32)},
                      struct.pack("<3I", size, size, size), (0, 2))


def spirv_call(module_name: str, groups: tuple[int, int, int], buffers: dict[tuple[int, int], np.ndarray],
               push_constants: bytes, output: tuple[int, int]) -> Callable[[], np.ndarray]:
    """A `dxlinalg.spirv.run` of a committed module as the L rows run it (module read once, fresh buffers)."""
    module = load_module(SHADERS / module_name)

    def execute() -> np.ndarray:
        results = spirv_run(module, "main", groups, {key: value.copy() for key, value in buffers.items()},
                            push_constants, profile=PEER_PROFILE, strict=True)
        return results[output]
    return execute


def run(quick: bool) -> list[dict[str, object]]:
    counts = JOB_COUNTS or default_job_counts()
    rows = []
    for name, prepare in workloads(quick).items():
        if ROWS is not None and name not in ROWS:
            continue
        execute = prepare()
        with jobs(1):
            expected = execute()                 # warm caches (decoded matrices, the compiled module)
        best = dict.fromkeys(counts, float("inf"))
        paths: dict[int, str] = {}
        differing: set[int] = set()
        for _ in range(REPEATS[quick]):
            for count in counts:
                parallel.outcomes.clear()
                parallel.spread.clear()
                parallel.last_timing.clear()
                with jobs(count):
                    seconds = best_time(execute, 1)
                    timing = dict(parallel.last_timing)
                    if execute().tobytes() != expected.tobytes():
                        differing.add(count)     # reported in the row (the other rows still run)
                if seconds < best[count]:
                    best[count] = seconds
                    paths[count] = path_taken(timing)
        for count in counts:
            speedup = best[1] / best[count]
            wrong = " BYTES DIFFER FROM THE SERIAL RUN" if count in differing else ""
            rows.append({
                "name": f"{name}, {count} jobs: {speedup:.2f}x faster than 1 job{wrong}", "seconds": best[count],
                "baseline_seconds": best[1], "ratio": 0.0 if wrong else speedup / count, "jobs": count,
                "speedup": speedup,
                "notes": f"{name} with $DXLINALG_JOBS={count}, best of {REPEATS[quick]} interleaved; ratio = speed-up "
                         f"/ jobs on {os.cpu_count()} cores; {paths[count]}"})
    return rows


def path_taken(timing: dict[str, float]) -> str:
    """How the timed call's dispatches ran: merged or serial, into how many ranges they were cut, and where the
    last merged one's time went (`parallel.last_timing`)."""
    if not parallel.outcomes:
        return "serial (under the size threshold)"
    ranges = ", ".join(f"{cut} ranges x{times}" for cut, times in sorted(parallel.spread.items()))
    text = ", ".join(f"{what} x{times}" for what, times in sorted(parallel.outcomes.items())) + f" ({ranges})"
    if timing:
        text += "; ms: " + " ".join(f"{key} {value * 1e3:.1f}" for key, value in timing.items())
    return text
