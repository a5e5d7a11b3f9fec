"""W5: the compiled SPIR-V inference module through `dxlinalg.spirv.run`, against W1's Python-shader Dispatch
of the same network and the bare numpy float32 chain.

Ours is `dxlinalg/samples/spirv/mlp_inference_{fp16,e4m3,int8}.spv` (glslang) rendering W1's prepared frame from
its own buffers (`dxlinalg.samples.mlp_inference_spirv.render`: the MUL_OPTIMAL weights and the biases in place,
the root constants as push constants, one invocation per pixel, strict mode, the module read and compiled
once). The baseline is W1's recorded Dispatch of the Python DXIL shader (`ExecuteCommandLists`) on the
same frame, and the second one W1's numpy chain. The images must be the same bits, or the workload fails.
The three are timed interleaved (best of N each), so load from other processes hits all of them. Both
dispatches run with one job (`DXLINALG_JOBS=1`): W5 compares the two executors core for core; how each spreads
over cores is P1's row (`benchmarks.p1_parallel_scaling`).

    python -m benchmarks --only W5 [--quick]
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from benchmarks.p1_parallel_scaling import jobs
from benchmarks.timing import best_time
from benchmarks.w1_inference import bare_chain, encoded_features, record_frame
from dxlinalg.samples import mlp_inference_spirv
from dxlinalg.samples.host_helpers import GpuContext
from dxlinalg.samples.mlp_model import random_weights

WORKLOAD = "W5"
TITLE = "compiled SPIR-V inference module (dxlinalg.spirv.run) vs the Python-shader Dispatch of W1"
GOAL = "<= 1.5x"

VARIANTS = ("fp16", "e4m3", "int8")
SIDE = {False: 512, True: 128}     # keyed by quick: 262,144 or 16,384 threads
REPEATS = {False: 5, True: 2}
PROFILE = "reference"


@dataclass(frozen=True)
class Measurement:
    variant: str
    module: str
    threads: int
    seconds: float            # best render through the compiled module
    dispatch_seconds: float   # best ExecuteCommandLists of the Python shader's recorded Dispatch
    chain_seconds: float      # best bare float32 chain

    @property
    def ratio(self) -> float:
        return self.seconds / self.dispatch_seconds


def measure(variant: str, width: int, height: int, repeats: int, profile: str = PROFILE) -> Measurement:
    """Time the module, the recorded Python Dispatch and the chain, interleaved; check the images agree."""
    weights = random_weights()
    recorded = record_frame(GpuContext(profile), variant, weights, width, height)
    features = encoded_features(width, height)
    matrices, biases = list(weights.matrices), list(weights.biases)

    def render() -> np.ndarray:
        return mlp_inference_spirv.render(recorded.frame, profile)

    recorded.execute()                       # first runs: matrix decode cache, compiling the module
    image = render()
    if not np.array_equal(image.reshape(-1, 3).view(np.uint32), recorded.image().view(np.uint32)):
        raise AssertionError(f"W5 {variant}: the compiled module's image is not the Python shader's, bit for bit")
    ours = dispatch = chain = float("inf")
    for _ in range(repeats):
        ours = min(ours, best_time(render, 1))
        dispatch = min(dispatch, best_time(recorded.execute, 1))
        chain = min(chain, best_time(lambda: bare_chain(features, matrices, biases), 1))
    module = mlp_inference_spirv.MODULES["glslang"][mlp_inference_spirv.weight_variant(recorded.frame)]
    return Measurement(variant, module, width * height, ours, dispatch, chain)


def run(quick: bool) -> list[dict[str, object]]:
    side = SIDE[quick]
    rows = []
    for variant in VARIANTS:
        with jobs(1):
            m = measure(variant, side, side, REPEATS[quick])
        rows.append({
            "name": f"{m.module}, {m.threads:,} threads",
            "seconds": m.seconds, "baseline_seconds": m.dispatch_seconds, "ratio": m.ratio,
            "threads": m.threads, "chain_seconds": m.chain_seconds, "ratio_to_chain": m.seconds / m.chain_seconds,
            "notes": (f"dxlinalg.spirv.run of dxlinalg/samples/spirv/{m.module} on W1's frame ({side // 64} x {side} groups "
                      f"of 64), profile {PROFILE}, strict; vs ExecuteCommandLists of the Python shader's Dispatch; "
                      f"one job each; images equal bit for bit; numpy chain {m.chain_seconds * 1e3:.3g} ms "
                      f"({m.seconds / m.chain_seconds:.2f}x of it); best of {REPEATS[quick]} interleaved"),
        })
    return rows
