"""W1: the inference sample's MLP through a real D3D12 Dispatch, against the bare numpy float32 chain.

Ours is `dxlinalg.samples.mlp_inference` as a renderer runs it: weights converted to MUL_OPTIMAL once, the
frame (pipeline, root arguments, one Dispatch of a thread per pixel) recorded once on a command
list; what is timed is `ExecuteCommandLists` of that list: frequency encoding, four MulAdds,
activations and the RGB store of every pixel, in strict mode (the debug layer on, as the sample
runs). The baseline is what numpy needs for the same arithmetic: the float32 matmul chain of the
same shapes over features already encoded, with the same activations. The two are timed
interleaved (best of N each), so load from other processes hits both.

    python -m benchmarks --only W1 [--quick]
"""

from __future__ import annotations

import os
import tracemalloc
from dataclasses import dataclass

import numpy as np

from benchmarks.timing import best_time
from d3d12api import (
    D3D12_COMMAND_LIST_TYPE_DIRECT,
    ID3D12GraphicsCommandList,
    ThrowIfFailed,
)
from dxlinalg.gpu.scratch import scratch_bytes
from dxlinalg.samples.host_helpers import GpuContext
from dxlinalg.samples.mlp_inference import InferencePass, prepare_variant
from dxlinalg.samples.mlp_model import MlpWeights, frequency_encoding, pixel_uv, random_weights

WORKLOAD = "W1"
TITLE = "inference MLP 16-64-64-64-3 through a D3D12 Dispatch vs the numpy float32 matmul chain"
GOAL = "<= 2x"

VARIANTS = ("fp16", "e4m3", "int8")
SIDE = {False: 512, True: 128}     # keyed by quick: 262,144 or 16,384 threads
REPEATS = {False: 5, True: 2}
PROFILE = "reference"
#: max |ours - float32 chain| on the sigmoid outputs: FP16 rounding, FP8 weights, int8 quantisation
TOLERANCE = {"fp16": 2e-3, "e4m3": 0.15, "e5m2": 0.25, "int8": 0.05}


@dataclass
class RecordedFrame:
    """A prepared variant whose frame sits, recorded and closed, on a command list of its own."""

    gpu: GpuContext
    frame: InferencePass
    command_list: ID3D12GraphicsCommandList

    def execute(self) -> None:
        """Run the frame: `ExecuteCommandLists` returns once the Dispatch has run (d3d12api.queue)."""
        self.gpu.queue.ExecuteCommandLists(1, [self.command_list])

    def image(self) -> np.ndarray:
        """The last frame's (pixels, 3) float32 RGB."""
        return self.frame.read_image(self.gpu).reshape(-1, 3)


def record_frame(gpu: GpuContext, variant: str, weights: MlpWeights, width: int, height: int) -> RecordedFrame:
    frame = prepare_variant(gpu, variant, weights, width, height)
    allocator = gpu.device.CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT)
    command_list = gpu.device.CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator, None)
    frame.record(command_list)
    ThrowIfFailed(command_list.Close())
    return RecordedFrame(gpu, frame, command_list)


def encoded_features(width: int, height: int) -> np.ndarray:
    """The baseline's input: every pixel's 16 features, already encoded, float32."""
    return frequency_encoding(pixel_uv(width, height)).astype(np.float32)


def bare_chain(features: np.ndarray, matrices: list[np.ndarray], biases: list[np.ndarray]) -> np.ndarray:
    """The network as numpy would run it: x @ W.T + b with ReLU between layers, sigmoid at the end."""
    x = features
    for matrix, bias in zip(matrices[:-1], biases[:-1]):
        x = np.maximum(x @ matrix.T + bias, np.float32(0))
    x = x @ matrices[-1].T + biases[-1]
    return np.float32(1) / (np.float32(1) + np.exp(-x))


@dataclass(frozen=True)
class Measurement:
    variant: str
    weight_type: str
    threads: int
    seconds: float            # best ExecuteCommandLists of the recorded Dispatch
    baseline_seconds: float   # best bare float32 chain
    max_error: float          # max |ours - chain|
    dispatch_peak: int        # tracemalloc peak of one ExecuteCommandLists, bytes
    chain_peak: int           # tracemalloc peak of one bare chain, bytes
    scratch: int              # reused per-thread scratch the engine holds, bytes

    @property
    def ratio(self) -> float:
        return self.seconds / self.baseline_seconds


def serially(function):  # type: ignore[no-untyped-def]
    """`function` run with $DXLINALG_JOBS = 1: the dispatch's memory as its chunking bounds it (a parallel
    dispatch also holds its ranges' written bytes until they are merged, `dxlinalg.gpu.parallel`)."""
    def call() -> object:
        before = os.environ.get("DXLINALG_JOBS")
        os.environ["DXLINALG_JOBS"] = "1"
        try:
            return function()
        finally:
            if before is None:
                del os.environ["DXLINALG_JOBS"]
            else:
                os.environ["DXLINALG_JOBS"] = before
    return call


def traced_peak(function) -> int:
    """Peak bytes traced while `function` runs (numpy reports its data buffers to tracemalloc)."""
    tracemalloc.start()
    try:
        function()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def measure(variant: str, width: int, height: int, repeats: int, profile: str = PROFILE,
            weights: MlpWeights | None = None) -> Measurement:
    """Time the recorded frame and the bare chain, interleaved; check they agree; trace memory."""
    weights = weights or random_weights()
    recorded = record_frame(GpuContext(profile), variant, weights, width, height)
    features = encoded_features(width, height)
    matrices, biases = list(weights.matrices), list(weights.biases)
    recorded.execute()                       # first run: matrix decode cache, signature checks, scratch
    expected = bare_chain(features, matrices, biases)
    ours = baseline = float("inf")
    for _ in range(repeats):
        ours = min(ours, best_time(recorded.execute, 1))
        baseline = min(baseline, best_time(lambda: bare_chain(features, matrices, biases), 1))
    error = float(np.max(np.abs(recorded.image() - expected)))
    if not error <= TOLERANCE[variant]:
        raise AssertionError(f"W1 {variant}: the Dispatch's image differs from the float32 chain by {error:.3g} "
                             f"(tolerance {TOLERANCE[variant]})")
    dispatch_peak = traced_peak(serially(recorded.execute))
    chain_peak = traced_peak(lambda: bare_chain(features, matrices, biases))
    return Measurement(variant, recorded.frame.weight_type, width * height, ours, baseline, error, dispatch_peak,
                       chain_peak, scratch_bytes())


def mib(size: int) -> str:
    return f"{size / 2**20:.1f} MiB"


def run(quick: bool) -> list[dict[str, object]]:
    side = SIDE[quick]
    rows = []
    for variant in VARIANTS:
        m = measure(variant, side, side, REPEATS[quick])
        rows.append({
            "name": f"{variant.upper()} ({m.weight_type}), {m.threads:,} threads",
            "seconds": m.seconds, "baseline_seconds": m.baseline_seconds, "ratio": m.ratio,
            "threads": m.threads, "max_error": m.max_error, "dispatch_peak_bytes": m.dispatch_peak,
            "chain_peak_bytes": m.chain_peak, "scratch_bytes": m.scratch,
            "notes": (f"ExecuteCommandLists of one recorded Dispatch ({side // 64} x {side} groups of 64), "
                      f"profile {PROFILE}, debug layer on; vs float32 chain on pre-encoded features; best of "
                      f"{REPEATS[quick]} interleaved; max |ours - chain| {m.max_error:.2g}; peak traced memory (one job) "
                      f"{mib(m.dispatch_peak)} (+ {mib(m.scratch)} reused scratch) vs chain {mib(m.chain_peak)}"),
        })
    return rows
