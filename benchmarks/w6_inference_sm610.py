"""W6: the SM 6.10 inference sample (`dxlinalg.samples.mlp_inference_sm610`) against W1's SM 6.9 path, same frame.

Both are the recorded frame of one Dispatch of a thread per pixel, the same weights and profile, each on its
runtime's device (the SM 6.10 one created for D3D_SHADER_MODEL_6_10); the shader differs (`dx::linalg::Matrix` thread-scope MultiplyAdd, Convert and VectorRef against
MatrixRef/MulAdd). What is timed is `ExecuteCommandLists`, interleaved (best of N each); the two images must
be equal bit for bit (FP16 and int8 on the reference profile: the same arithmetic).

    python -m benchmarks --only W6 [--quick]
"""

from __future__ import annotations

import numpy as np

from benchmarks.timing import best_time
from benchmarks.w1_inference import RecordedFrame
from d3d12api import D3D_SHADER_MODEL_6_9, D3D_SHADER_MODEL_6_10, D3D12_COMMAND_LIST_TYPE_DIRECT, ThrowIfFailed
from dxlinalg.samples import mlp_inference, mlp_inference_sm610
from dxlinalg.samples.host_helpers import GpuContext
from dxlinalg.samples.mlp_model import MlpWeights, random_weights

WORKLOAD = "W6"
TITLE = "SM 6.10 inference MLP (dx::linalg::Matrix, thread scope) vs the SM 6.9 sample's Dispatch"
GOAL = "<= 1.2x"

VARIANTS = ("fp16", "int8")
SIDE = {False: 512, True: 64}      # keyed by quick: 262,144 or 4,096 threads
REPEATS = {False: 3, True: 1}
PROFILE = "reference"


def record(prepare, variant: str, weights: MlpWeights, side: int, shader_model: int) -> RecordedFrame:
    gpu = GpuContext(PROFILE, shader_model=shader_model)
    frame = prepare(gpu, variant, weights, side, side)
    allocator = gpu.device.CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT)
    command_list = gpu.device.CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator, None)
    frame.record(command_list)
    ThrowIfFailed(command_list.Close())
    return RecordedFrame(gpu, frame, command_list)


def run(quick: bool) -> list[dict[str, object]]:
    side, weights, rows = SIDE[quick], random_weights(), []
    for variant in VARIANTS:
        sm610 = record(mlp_inference_sm610.prepare_variant, variant, weights, side, D3D_SHADER_MODEL_6_10)
        sm69 = record(mlp_inference.prepare_variant, variant, weights, side, D3D_SHADER_MODEL_6_9)
        sm610.execute()
        sm69.execute()
        if not np.array_equal(sm610.image().view(np.uint32), sm69.image().view(np.uint32)):
            raise AssertionError(f"W6 {variant}: the SM 6.10 image differs from the SM 6.9 image")
        ours = baseline = float("inf")
        for _ in range(REPEATS[quick]):
            ours = min(ours, best_time(sm610.execute, 1))
            baseline = min(baseline, best_time(sm69.execute, 1))
        rows.append({
            "name": f"{variant.upper()}, {side * side:,} threads", "seconds": ours, "baseline_seconds": baseline,
            "ratio": ours / baseline, "threads": side * side,
            "notes": f"ExecuteCommandLists of one recorded Dispatch each, profile {PROFILE}, debug layer on; best of "
                     f"{REPEATS[quick]} interleaved; images bit-equal",
        })
    return rows
