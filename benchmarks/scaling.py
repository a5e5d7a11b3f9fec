"""S1: W1's FP16 frame from 2^14 to 2^22 threads: time per thread, and memory that stays bounded.

Each size is W1's measurement (`benchmarks.w1_inference.measure`) on an image of 2^n pixels: the
recorded Dispatch against the bare numpy float32 chain of the same size, interleaved. Memory is the
tracemalloc peak of one ExecuteCommandLists with one job: the dispatch runs in chunks of whole thread groups
(`dxlinalg.gpu.DEFAULT_MAX_LANES_PER_CHUNK` lanes), so its peak should not grow with the thread
count, while the numpy chain's grows linearly (its peak is reported beside it).

    python -m benchmarks --only S1 [--quick]
"""

from __future__ import annotations

from benchmarks.w1_inference import measure, mib
from dxlinalg.gpu import DEFAULT_MAX_LANES_PER_CHUNK

WORKLOAD = "S1"
TITLE = "W1 FP16 from 2^14 to 2^22 threads: time per thread and peak memory of the dispatch"
GOAL = "<= 2x"

POWERS = {False: range(14, 23), True: range(12, 15)}
REPEATS = {False: 3, True: 2}


def image_shape(power: int) -> tuple[int, int]:
    """(width, height) of a 2^power-pixel image, as square as powers of two allow."""
    return 1 << (power - power // 2), 1 << (power // 2)


def run(quick: bool) -> list[dict[str, object]]:
    rows = []
    for power in POWERS[quick]:
        width, height = image_shape(power)
        m = measure("fp16", width, height, REPEATS[quick])
        rows.append({
            "name": f"FP16, 2^{power} = {m.threads:,} threads", "seconds": m.seconds,
            "baseline_seconds": m.baseline_seconds, "ratio": m.ratio, "threads": m.threads,
            "seconds_per_thread": m.seconds / m.threads, "dispatch_peak_bytes": m.dispatch_peak,
            "chain_peak_bytes": m.chain_peak, "scratch_bytes": m.scratch,
            "notes": (f"{m.seconds / m.threads * 1e9:.0f} ns/thread ({width} x {height} image, chunks of "
                      f"{DEFAULT_MAX_LANES_PER_CHUNK} lanes); peak traced memory of the dispatch (one job) "
                      f"{mib(m.dispatch_peak)} (+ {mib(m.scratch)} reused scratch), of the numpy chain "
                      f"{mib(m.chain_peak)}; best of {REPEATS[quick]} interleaved"),
        })
    return rows
