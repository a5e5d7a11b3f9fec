"""W4: the inference MLP as a per-thread emulator would run it, against our vectorized path.

The network of `dxlinalg/samples/mlp_model.py` (FP16 variant: weights rounded to float16, used as float32)
is written as a numba CUDA kernel, one thread per pixel, and run on numba's CUDA simulator: the
per-thread Python emulation that tools of that kind do. Ours is W1's FP16 frame: the inference
sample's recorded D3D12 Dispatch, timed per thread (`benchmarks.w1_inference.measure`). The simulator runs in a child process
started with `NUMBA_ENABLE_CUDASIM=1`: numba reads that variable once, when it is first imported,
so setting it here would silently do nothing if numba were already loaded in this process — and on
a machine with a GPU the kernel would then run on the real hardware instead of the simulator.

    python -m benchmarks --only W4 [--quick]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
from numba import cuda, float32  # benchmark-only dependency: without it the runner reports W4 skipped
from numba.core import config as numba_config

from benchmarks import w1_inference
from benchmarks.timing import best_time
from dxlinalg.samples.mlp_model import (
    ENCODING_FREQUENCIES,
    HIDDEN,
    INPUT_FEATURES,
    OUTPUTS,
    MlpWeights,
    evaluate_float64,
    frequency_encoding,
    pixel_uv,
    random_weights,
)

WORKLOAD = "W4"
TITLE = "per-thread emulator (numba CUDA simulator) vs ours, same MLP, time per thread"
GOAL = ">= 1000x"

IMAGE_SIDE = w1_inference.SIDE[False]  # the W1 image: 262,144 threads
THREADS_PER_BLOCK = 32
SIMULATED_THREADS = {False: 256, True: 32}  # keyed by quick: the simulator costs ~10 ms a thread
FP16_TOLERANCE = 2e-3  # on the sigmoid outputs; FP16 weight rounding moves them by ~3e-4

_REPO_ROOT = Path(__file__).resolve().parents[1]


def fp16_weights(weights: MlpWeights) -> MlpWeights:
    """The FP16 variant: every weight and bias rounded to float16, then held as float32."""
    return MlpWeights(tuple(m.astype(np.float16).astype(np.float32) for m in weights.matrices),
                      tuple(b.astype(np.float16).astype(np.float32) for b in weights.biases))


def sample_pixels(threads: int) -> np.ndarray:
    """(threads, 2) float32 uv of pixels spread evenly over the W1 image."""
    uv = pixel_uv(IMAGE_SIDE, IMAGE_SIDE)
    return uv[np.linspace(0, len(uv) - 1, threads).astype(np.int64)].astype(np.float32)


def check_outputs(outputs: np.ndarray, uv: np.ndarray, what: str) -> None:
    """Fail loudly unless `outputs` is the network's answer: a benchmark must not time nothing."""
    expected = evaluate_float64(random_weights(), frequency_encoding(uv.astype(np.float64)))
    error = float(np.max(np.abs(outputs.astype(np.float64) - expected))) if outputs.size else math.inf
    if outputs.shape != expected.shape or not error <= FP16_TOLERANCE:
        raise AssertionError(f"{what}: outputs {outputs.shape} differ from evaluate_float64 "
                             f"{expected.shape} by {error:.3g} (FP16 tolerance {FP16_TOLERANCE})")


def ours_seconds_per_thread(quick: bool) -> tuple[float, int]:
    """Our time per thread on the same network, and the thread count: W1's FP16 frame (its own checks
    compare the image with the float32 network)."""
    side = w1_inference.SIDE[quick]
    m = w1_inference.measure("fp16", side, side, w1_inference.REPEATS[quick])
    return m.seconds / m.threads, m.threads


# The kernel: the same network, written per thread as a CUDA shader would be. In this process
# `cuda` is numba's real target (decorating is lazy, nothing compiles); only the child, started with
# NUMBA_ENABLE_CUDASIM=1, runs it, on the simulator, which swaps this module's `cuda` global.
@cuda.jit(device=True)
def dense(matrix, bias, x, y):
    """y = relu(matrix x + bias), one output at a time, as a per-thread shader writes it."""
    for m in range(matrix.shape[0]):
        acc = bias[m]
        for k in range(matrix.shape[1]):
            acc += matrix[m, k] * x[k]
        y[m] = max(acc, float32(0))


@cuda.jit
def mlp_kernel(uv, w0, b0, w1, b1, w2, b2, w3, b3, out):
    """One pixel per thread: frequency encoding, three ReLU layers, sigmoid RGB."""
    pixel = cuda.grid(1)
    if pixel >= out.shape[0]:
        return
    features = cuda.local.array(INPUT_FEATURES, float32)
    for axis in range(2):
        for f in range(ENCODING_FREQUENCIES):
            angle = uv[pixel, axis] * float32(2.0 ** f * math.pi)
            features[axis * 2 * ENCODING_FREQUENCIES + f] = math.sin(angle)
            features[axis * 2 * ENCODING_FREQUENCIES + ENCODING_FREQUENCIES + f] = math.cos(angle)
    a = cuda.local.array(HIDDEN, float32)
    b = cuda.local.array(HIDDEN, float32)
    dense(w0, b0, features, a)
    dense(w1, b1, a, b)
    dense(w2, b2, b, a)
    for m in range(OUTPUTS):
        acc = b3[m]
        for k in range(HIDDEN):
            acc += w3[m, k] * a[k]
        out[pixel, m] = float32(1) / (float32(1) + math.exp(-acc))


def simulate(threads: int, repeats: int) -> tuple[float, np.ndarray]:
    """Run the kernel on numba's CUDA simulator (this process must have NUMBA_ENABLE_CUDASIM=1).

    Returns the best launch time for `threads` threads and their (threads, 3) outputs.
    """
    if not numba_config.ENABLE_CUDASIM:
        raise RuntimeError("NUMBA_ENABLE_CUDASIM=1 must be set before numba is imported")
    weights = fp16_weights(random_weights())
    parameters = [cuda.to_device(array) for pair in zip(weights.matrices, weights.biases) for array in pair]
    uv = cuda.to_device(sample_pixels(threads))
    out = cuda.to_device(np.full((threads, OUTPUTS), np.nan, np.float32))
    blocks = -(-threads // THREADS_PER_BLOCK)

    def launch() -> None:
        mlp_kernel[blocks, THREADS_PER_BLOCK](uv, *parameters, out)
        cuda.synchronize()

    seconds = best_time(launch, repeats)
    return seconds, out.copy_to_host()


def simulator_seconds_per_thread(threads: int, repeats: int) -> float:
    """Per-thread time of the kernel on the simulator, run and checked in a child process."""
    environment = {**os.environ, "NUMBA_ENABLE_CUDASIM": "1",
                   "PYTHONPATH": os.pathsep.join(filter(None, [str(_REPO_ROOT), os.environ.get("PYTHONPATH")]))}
    child = subprocess.run(
        [sys.executable, "-m", "benchmarks.w4_per_thread", "--threads", str(threads), "--repeats", str(repeats)],
        cwd=_REPO_ROOT, env=environment, capture_output=True, text=True, check=False)
    if child.returncode != 0:
        raise RuntimeError(f"numba CUDA simulator run failed (exit {child.returncode}):\n{child.stderr[-4000:]}")
    result = json.loads(child.stdout.strip().splitlines()[-1])
    check_outputs(np.asarray(result["outputs"], np.float32), sample_pixels(threads), "numba CUDA simulator")
    return result["seconds"] / threads


def run(quick: bool) -> list[dict[str, object]]:
    emulator = simulator_seconds_per_thread(SIMULATED_THREADS[quick], 1 if quick else 3)
    ours, ours_threads = ours_seconds_per_thread(quick)
    return [{
        "name": "FP16 MLP 16-64-64-64-3 per thread",
        "seconds": ours,
        "baseline_seconds": emulator,
        "ratio": emulator / ours,
        "notes": (f"baseline: numba CUDA simulator, {SIMULATED_THREADS[quick]} threads in blocks of "
                  f"{THREADS_PER_BLOCK}, per thread; ours: W1's FP16 D3D12 Dispatch of {ours_threads:,} threads, "
                  f"per thread; ratio = simulator / ours"),
    }]


def _child_main() -> None:
    parser = argparse.ArgumentParser(description="W4 child: time the kernel on numba's CUDA simulator")
    parser.add_argument("--threads", type=int, required=True)
    parser.add_argument("--repeats", type=int, default=1)
    args = parser.parse_args()
    seconds, outputs = simulate(args.threads, args.repeats)
    print(json.dumps({"seconds": seconds, "outputs": outputs.tolist()}))


if __name__ == "__main__":
    _child_main()
