"""`dxlinalg demo`: the main job. The neural-shading sample on one device profile:

1. the device's features (tier, Mul/MulAdd combinations) as an application sees them;
2. MLP inference over a 256 x 256 image with FP16, FP8 (E4M3, E5M2) and packed-int8 weights,
   converted on the device to its MUL_OPTIMAL layout, compared with a float64 evaluation;
3. a short training run (OUTER_PRODUCT_OPTIMAL, transposed backward pass, accumulates, Adam),
   whose trained weights are converted to MUL_OPTIMAL and rendered.
Images go to `out/` (inference per variant, target vs learned side by side).
"""

from __future__ import annotations

import time
from pathlib import Path

from d3d12api import D3D12CreateDevice
from dxlinalg.commands.features import query_features
from shaders import mlp_inference, mlp_training
from shaders.host_helpers import GpuContext
from shaders.mlp_model import random_weights
from shaders.png import write_png

IMAGE_SIZE = 256
TRAINING_STEPS = 200
TRAINING_BATCH = 1024
TRAINING_IMAGE = 64
UPSCALE = 4  # the training images are small; show them at 4x with nearest-neighbour pixels


def run_demo(profile: str = "reference", out: str | Path = "out") -> int:
    out = Path(out)
    start = time.perf_counter()
    device = D3D12CreateDevice(profile=profile)
    features = query_features(device)
    print(f"dxlinalg demo on profile '{device.profile.name}': {device.profile.description}")
    print(f"CooperativeVectorTier {features['CooperativeVectorTier']}, "
          f"{len(features['MatrixVectorMulAddProperties'])} Mul/MulAdd combinations, "  # type: ignore[arg-type]
          f"{len(features['OuterProductAccumulateProperties'])} outer-product and "  # type: ignore[arg-type]
          f"{len(features['VectorAccumulateProperties'])} vector-accumulate combinations")  # type: ignore[arg-type]

    print(f"\n1. inference: 16 -> 64 -> 64 -> 64 -> 3 MLP over {IMAGE_SIZE} x {IMAGE_SIZE} pixels "
          f"({IMAGE_SIZE * IMAGE_SIZE} threads), error against float64")
    gpu = GpuContext(profile)
    weights = random_weights()
    for variant in mlp_inference.VARIANTS:
        result = mlp_inference.run_variant(gpu, variant, weights, IMAGE_SIZE, IMAGE_SIZE)
        path = write_png(out / f"inference_{variant}.png", result.image)
        print(f"   {variant:5s} {result.weight_type:38s} max {result.max_error:.2e}  mean {result.mean_error:.2e}"
              + (f"  ({result.note})" if result.note else "") + f"  -> {path}")

    print(f"\n2. training: 16 -> {mlp_training.HIDDEN} -> {mlp_training.HIDDEN} -> 3 MLP learns a procedural "
          f"image, batch {TRAINING_BATCH}, {TRAINING_STEPS} Adam steps")
    trained = mlp_training.train(profile, TRAINING_STEPS, TRAINING_BATCH, TRAINING_IMAGE, log_every=50,
                                 verbose=False)
    if trained.skipped:
        print(f"   skipped: {trained.skipped}")
    else:
        for step, loss in trained.losses:
            print(f"   step {step:4d}  loss {loss:.5f}")
        side_by_side = mlp_training.side_by_side(trained, UPSCALE)
        path = write_png(out / "training_target_vs_learned.png", side_by_side)
        print(f"   learned image MSE {trained.image_error:.5f} (MUL_OPTIMAL inference of the trained weights)"
              f"  -> {path} (left: target, right: learned)")
    print(f"\ndone in {time.perf_counter() - start:.1f} s")
    return 0
