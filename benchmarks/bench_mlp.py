"""A 16 -> 64 -> 64 -> 64 -> 4 FP16 MLP (MulOptimal weights, ReLU) over 262,144 threads.

Runs the network as a compute shader through the engine's dispatch entry point and, in the same
run, as the bare numpy float32 matmul chain of the same shapes; prints the ratio (target <= 2x),
the peak traced memory of the dispatch, and checks the two agree.

    python3 benchmarks/bench_mlp.py            # 262,144 threads
    python3 benchmarks/bench_mlp.py --quick    # 16,384 threads
"""

from __future__ import annotations

import argparse
import resource
import sys
import tracemalloc
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.timing import best_time  # noqa: E402
from dxlinalg.gpu import DEFAULT_MAX_LANES_PER_CHUNK, BufferBinding, run_dispatch  # noqa: E402
from dxlinalg.gpu.scratch import scratch_bytes  # noqa: E402
from dxlinalg.hlsl import (  # noqa: E402
    DATA_TYPE_FLOAT16,
    MATRIX_LAYOUT_MUL_OPTIMAL,
    ByteAddressBuffer,
    MakeInterpretedVector,
    MatrixRef,
    MulAdd,
    RootConstants,
    RWByteAddressBuffer,
    SV_DispatchThreadID,
    VectorRef,
    compute_shader,
    float16_t,
    max,
    vector,
)
from dxlinalg.memory.address_space import AddressSpace  # noqa: E402
from dxlinalg.numerics.component_types import ComponentType, MatrixLayout  # noqa: E402
from dxlinalg.profile.matrix_storage import MatrixDescription, encode_matrix, stored_size  # noqa: E402
from dxlinalg.profile.registry import load_profile  # noqa: E402

SHAPES = ((64, 16), (64, 64), (64, 64), (4, 64))   # (M, K) per layer
INPUTS, OUTPUTS = SHAPES[0][1], SHAPES[-1][0]
THREADS_PER_GROUP = 64


@compute_shader(numthreads=(THREADS_PER_GROUP, 1, 1))
def mlp(inputs=ByteAddressBuffer("t0"), network=ByteAddressBuffer("t1"), outputs=RWByteAddressBuffer("u0"),
        offsets=RootConstants("b0", 2 * len(SHAPES))):
    """Each thread evaluates the network on its own 16 features (FP16 throughout)."""
    tid = SV_DispatchThreadID()[:, 0]
    h = inputs.Load[vector[float16_t, INPUTS]](tid * (2 * INPUTS))
    for layer, (m, k) in enumerate(SHAPES):
        weights = MatrixRef[DATA_TYPE_FLOAT16, m, k, MATRIX_LAYOUT_MUL_OPTIMAL](network, offsets[2 * layer], 0)
        bias = VectorRef[DATA_TYPE_FLOAT16](network, offsets[2 * layer + 1])
        h = MulAdd[float16_t](weights, MakeInterpretedVector[DATA_TYPE_FLOAT16](h), bias)
        if layer < len(SHAPES) - 1:
            h = max(h, float16_t(0))
    outputs.Store(tid * (2 * OUTPUTS), h)


def build_network(rng: np.random.Generator, profile_name: str) -> tuple[list[np.ndarray], list[np.ndarray],
                                                                      np.ndarray, list[int]]:
    """FP16 weights/biases, and one byte blob with MulOptimal matrices (128-aligned) and biases (64-aligned)."""
    profile = load_profile(profile_name)
    weights = [(rng.standard_normal((m, k)) / np.sqrt(k)).astype(np.float16) for m, k in SHAPES]
    biases = [(rng.standard_normal(m) * 0.1).astype(np.float16) for m, _ in SHAPES]
    blob = bytearray()
    offsets: list[int] = []
    for w, b in zip(weights, biases):
        desc = MatrixDescription(w.shape[0], w.shape[1], ComponentType.F16, MatrixLayout.MulOptimal)
        blob.extend(bytes(-len(blob) % 128))
        offsets.append(len(blob))
        encoded = np.zeros(stored_size(desc, profile), np.uint8)
        encode_matrix(w, encoded, desc, profile)
        blob.extend(encoded.tobytes())
        blob.extend(bytes(-len(blob) % 64))
        offsets.append(len(blob))
        blob.extend(b.tobytes())
    blob.extend(bytes(-len(blob) % 16))
    return weights, biases, np.frombuffer(bytes(blob), np.uint8).copy(), offsets


def numpy_chain(x: np.ndarray, weights: list[np.ndarray], biases: list[np.ndarray]) -> np.ndarray:
    """The same network as a bare float32 matmul chain."""
    h = x
    for layer, (w, b) in enumerate(zip(weights, biases)):
        h = h @ w.T + b
        if layer < len(weights) - 1:
            h = np.maximum(h, 0.0)
    return h


def measure(threads: int, profile: str = "reference", chunk: int = DEFAULT_MAX_LANES_PER_CHUNK,
            repeats: int = 3) -> dict[str, float]:
    """Best-of-`repeats` times of the dispatch and the numpy chain on the same inputs (interleaved);
    check that they agree; trace memory."""
    rng = np.random.default_rng(2024)
    weights, biases, blob, offsets = build_network(rng, profile)
    space = AddressSpace()
    inputs = space.allocate(threads * INPUTS * 2, "inputs")
    network = space.allocate(blob.size, "network")
    outputs = space.allocate(threads * OUTPUTS * 2, "outputs")
    x16 = rng.uniform(-1, 1, (threads, INPUTS)).astype(np.float16)
    inputs.data[:] = x16.view(np.uint8).reshape(-1)
    network.data[:] = blob
    bindings = {"t0": BufferBinding(inputs), "t1": BufferBinding(network), "u0": BufferBinding(outputs),
                "b0": offsets}
    groups = (-(-threads // THREADS_PER_GROUP), 1, 1)

    def dispatch() -> None:
        run_dispatch(mlp, bindings, groups, profile, max_lanes_per_chunk=chunk)

    x32 = x16.astype(np.float32)
    w32 = [w.astype(np.float32) for w in weights]
    b32 = [b.astype(np.float32) for b in biases]
    dispatch()                                     # warm the decode cache
    engine, bare = float("inf"), float("inf")
    for _ in range(repeats):                       # interleaved, so load from other processes hits both
        engine = min(engine, best_time(dispatch, 1))
        bare = min(bare, best_time(lambda: numpy_chain(x32, w32, b32), 1))
    tracemalloc.start()
    dispatch()
    _, dispatch_peak = tracemalloc.get_traced_memory()
    tracemalloc.reset_peak()
    numpy_chain(x32, w32, b32)
    _, numpy_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    result = outputs.data.view(np.float16).reshape(threads, OUTPUTS).astype(np.float32)
    error = float(np.max(np.abs(result - numpy_chain(x32, w32, b32))))
    if not error < 0.05:
        raise AssertionError(f"the dispatch disagrees with the numpy chain by {error}")
    max_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024     # Linux reports KiB
    return {"seconds": engine, "baseline_seconds": bare, "ratio": engine / bare, "dispatch_peak": dispatch_peak,
            "numpy_peak": numpy_peak, "scratch": scratch_bytes(), "max_rss": max_rss, "error": error}


WORKLOAD = "MLP"
TITLE = "FP16 MulOptimal MLP 16-64-64-64-4 through run_dispatch vs a numpy float32 matmul chain"
GOAL = "<= 2x"


def run(quick: bool) -> list[dict[str, object]]:
    """The benchmark runner's interface (`python -m benchmarks`): one row, ratio = dispatch / numpy."""
    threads = 16_384 if quick else 262_144
    m = measure(threads, repeats=2 if quick else 3)
    return [{"name": f"MLP 16-64-64-64-4, {threads:,} threads", "seconds": m["seconds"],
             "baseline_seconds": m["baseline_seconds"], "ratio": m["ratio"],
             "notes": f"peak traced memory of a dispatch {m['dispatch_peak'] / 2**20:.1f} MiB "
                      f"(+ {m['scratch'] / 2**20:.0f} MiB reused scratch); "
                      f"numpy chain {m['numpy_peak'] / 2**20:.1f} MiB"}]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="16,384 threads instead of 262,144")
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument("--profile", default="reference")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--chunk", type=int, default=DEFAULT_MAX_LANES_PER_CHUNK, help="max lanes per chunk")
    args = parser.parse_args()
    threads = args.threads or (16_384 if args.quick else 262_144)
    m = measure(threads, args.profile, args.chunk, args.repeats)
    print(f"MLP 16->64->64->64->4 FP16 MulOptimal, {threads:,} threads, profile {args.profile}, "
          f"chunks of {args.chunk} lanes, best of {args.repeats}")
    print(f"  dispatch (dxlinalg.gpu.run_dispatch): {m['seconds'] * 1e3:9.1f} ms   "
          f"peak traced memory {m['dispatch_peak'] / 2**20:7.1f} MiB "
          f"(+ {m['scratch'] / 2**20:.0f} MiB reused scratch)")
    print(f"  numpy float32 matmul chain:           {m['baseline_seconds'] * 1e3:9.1f} ms   "
          f"peak traced memory {m['numpy_peak'] / 2**20:7.1f} MiB")
    print(f"  ratio dispatch / numpy: {m['ratio']:.2f}x (target <= 2x)")
    print(f"  process peak RSS {m['max_rss'] / 2**20:.0f} MiB; max |FP16 result - float32 chain| = {m['error']:.4f}")
    print(f"reproduce: python3 benchmarks/bench_mlp.py{' --quick' if args.quick else ''}")


if __name__ == "__main__":
    main()
