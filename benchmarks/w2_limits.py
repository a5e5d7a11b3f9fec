"""How far W2 can go: the training step as shipped, with the accumulates compiled, and without them.

W2's goal is 3x the numpy step; the shipped step is about 5x. This experiment measures, interleaved
in one run (best of N each), four things at one batch:

- `shipped`: `Trainer.step` as W2 times it;
- `compiled atomics`: the same with the FP16 accumulates' passes compiled (`benchmarks.compiled_atomics`,
  needs numba; verified bit for bit against the shipped path on two steps first);
- `accumulates as no-ops`: OuterProductAccumulate and VectorAccumulate replaced by functions that do
  nothing (the step's floor: everything but the gradients);
- `numpy baseline`: W2's numpy float32 step.

    python -m benchmarks.w2_limits [--batch 65536] [--repeats 5] [--quick]
"""

from __future__ import annotations

import argparse
import itertools
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext

from benchmarks.timing import best_time
from benchmarks.w2_training import LEARNING_RATE, NumpyTrainer, batch_inputs
from dxlinalg.memory.host_allocator import retain_freed_memory
from dxlinalg.samples import mlp_training
from dxlinalg.samples.host_helpers import GpuContext
from dxlinalg.samples.mlp_training import Trainer, training_network

PROFILE = "reference"


@contextmanager
def accumulates_as_no_ops() -> Iterator[None]:
    """The training shader's OuterProductAccumulate and VectorAccumulate do nothing inside."""
    saved = mlp_training.OuterProductAccumulate, mlp_training.VectorAccumulate
    mlp_training.OuterProductAccumulate = mlp_training.VectorAccumulate = lambda *args, **kwargs: None
    try:
        yield
    finally:
        mlp_training.OuterProductAccumulate, mlp_training.VectorAccumulate = saved


def variants() -> tuple[dict[str, Callable[[], object]], str]:
    """The step variants' context managers, and why the compiled one is missing (empty if present)."""
    chosen: dict[str, Callable[[], object]] = {"shipped": nullcontext}
    try:
        from benchmarks import compiled_atomics
    except ImportError as error:            # numba is the benchmarks' optional dependency
        missing = f"compiled atomics skipped: {error}"
    else:
        chosen["compiled atomics"] = compiled_atomics.compiled
        missing = ""
    chosen["accumulates as no-ops"] = accumulates_as_no_ops
    return chosen, missing


def measure(batch: int, repeats: int) -> tuple[dict[str, float], str]:
    """Best seconds per variant and for the numpy baseline, interleaved; and a note on what was skipped."""
    chosen, note = variants()
    trainers = {name: Trainer(GpuContext(PROFILE), training_network(), batch) for name in chosen}
    baseline = NumpyTrainer.create(training_network())
    features, target = batch_inputs(batch)
    steps = itertools.count()
    for name, context in chosen.items():
        with context():
            trainers[name].step(next(steps), LEARNING_RATE)       # caches, scratch, compilation
    if "compiled atomics" in chosen:
        from benchmarks import compiled_atomics
        with compiled_atomics.verified() as compared:
            for _ in range(2):
                trainers["compiled atomics"].step(next(steps), LEARNING_RATE)
        note = f"compiled atomics matched the shipped path bit for bit on {sum(compared):,} values first"
    baseline.step(0, features, target, LEARNING_RATE)
    best = {name: float("inf") for name in [*chosen, "numpy baseline"]}
    for _ in range(repeats):
        for name, context in chosen.items():
            with context():
                best[name] = min(best[name], best_time(lambda: trainers[name].step(next(steps), LEARNING_RATE), 1))
        best["numpy baseline"] = min(best["numpy baseline"],
                                     best_time(lambda: baseline.step(1, features, target, LEARNING_RATE), 1))
    return best, note


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=65536)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="batch 2,048, 2 repeats (what the tests run)")
    args = parser.parse_args(argv)
    batch, repeats = (2048, 2) if args.quick else (args.batch, args.repeats)
    retain_freed_memory()
    best, note = measure(batch, repeats)
    base = best["numpy baseline"]
    print(f"W2 limits, batch {batch:,}, profile {PROFILE}, {os.cpu_count()} cores, "
          f"OPENBLAS_NUM_THREADS={os.environ.get('OPENBLAS_NUM_THREADS', 'default')}; best of {repeats}, interleaved")
    for name, seconds in best.items():
        print(f"  {name:<24} {seconds * 1e3:8.2f} ms  {seconds / base:5.2f}x")
    print(f"  ({note})" if note else "")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
