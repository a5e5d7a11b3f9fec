"""Where a parallel dispatch starts to pay: W1 frames of 2^10 to 2^18 threads, serial against N jobs.

`dxlinalg.gpu.parallel.MIN_SECONDS_PER_JOB` is the smallest share of a dispatch's measured serial time a worker
gets (`MIN_INVOCATIONS_PER_JOB` its smallest share of invocations until the shader has been measured); a smaller
dispatch uses fewer workers, or runs serially. This script lowers both to nothing and times, with one job and with N,
interleaved, best of a few: the inference sample's FP16 frame (W1, a heavy Python shader) and a one-line copy
shader (the lightest) at 2^10 .. 2^18 threads, then C2's GEMM and W5's compiled module at two sizes each. The
serial time per job where a dispatch starts to gain is the threshold.

    python -m benchmarks.parallel_threshold [--jobs N]
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np

from benchmarks.p1_parallel_scaling import jobs
from benchmarks.timing import best_time
from benchmarks.w1_inference import record_frame
from dxlinalg.gpu import (
    ByteAddressBuffer,
    RWByteAddressBuffer,
    SV_DispatchThreadID,
    compute_shader,
    parallel,
    run_dispatch,
)
from dxlinalg.memory.address_space import AddressSpace
from dxlinalg.samples.coopmat_gemm import F16, run_gemm
from dxlinalg.samples.host_helpers import GpuContext
from dxlinalg.samples.mlp_inference_spirv import render
from dxlinalg.samples.mlp_model import random_weights

POWERS = range(10, 19, 2)


@compute_shader(numthreads=(64, 1, 1))
def stream(src=ByteAddressBuffer("t0"), dst=RWByteAddressBuffer("u0")):
    tid = SV_DispatchThreadID()[:, 0]
    dst.Store4(tid * 16, src.Load4(tid * 16) * np.uint32(3) + np.uint32(1))


def stream_call(threads: int):  # type: ignore[no-untyped-def]
    space = AddressSpace()
    src, dst = space.allocate(threads * 16), space.allocate(threads * 16)
    return lambda: run_dispatch(stream, {"t0": src, "u0": dst}, (threads // 64, 1, 1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.parallel_threshold", description=__doc__.split("\n")[0])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker count to compare (default: cores)")
    args = parser.parse_args(argv)
    parallel.MIN_INVOCATIONS_PER_JOB = 1
    parallel.MIN_SECONDS_PER_JOB = 0
    weights = random_weights()
    print(f"python -m benchmarks.parallel_threshold --jobs {args.jobs}  ({os.cpu_count()} cores)")
    print(f"{'threads':>9}  {'shader':<7} {'1 job':>10} {f'{args.jobs} jobs':>10}  speed-up")
    for power in POWERS:
        side = 1 << (power // 2)
        frame = record_frame(GpuContext("reference"), "fp16", weights, side << (power % 2), side)
        for name, call in (("W1 fp16", frame.execute), ("stream", stream_call(1 << power))):
            with jobs(1):
                call()
            best = {}
            for _ in range(3):
                for count in (1, args.jobs):
                    with jobs(count):
                        best[count] = min(best.get(count, float("inf")), best_time(call, 1))
            print(f"{1 << power:>9}  {name:<7} {best[1] * 1e3:>8.1f}ms {best[args.jobs] * 1e3:>8.1f}ms  "
                  f"{best[1] / best[args.jobs]:.2f}x", flush=True)
    print(f"{'dispatch':<36} {'1 job':>10} {f'{args.jobs} jobs':>10}  speed-up  (threshold lowered to 1)")
    rng = np.random.default_rng(3)
    for name, call in extra_workloads(rng, weights):
        with jobs(1):
            call()
        best = {}
        for _ in range(2):
            for count in (1, args.jobs):
                with jobs(count):
                    best[count] = min(best.get(count, float("inf")), best_time(call, 1))
        print(f"{name:<36} {best[1] * 1e3:>8.1f}ms {best[args.jobs] * 1e3:>8.1f}ms  {best[1] / best[args.jobs]:.2f}x",
              flush=True)
    return 0


def extra_workloads(rng: np.random.Generator, weights):  # type: ignore[no-untyped-def]
    """C2's GEMM (few, heavy workgroups) and W5's compiled module, at two sizes each."""
    for size in (256, 512):
        a = rng.standard_normal((size, size)).astype(np.float16)
        b = rng.standard_normal((size, size)).astype(np.float16)
        gpu = GpuContext("reference")
        yield (f"C2 {size}^3, {(size // 64) ** 2} subgroups of 32",
               lambda gpu=gpu, a=a, b=b: run_gemm(gpu, F16, a, b, tile_m=64, tile_n=64, tile_k=64))
    for side in (256, 512):
        frame = record_frame(GpuContext("reference"), "fp16", weights, side, side).frame
        yield f"W5 fp16 {side} x {side} = {side * side} invocations", lambda frame=frame: render(frame, "reference")


if __name__ == "__main__":
    sys.exit(main())
