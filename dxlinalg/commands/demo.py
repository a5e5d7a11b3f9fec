"""`dxlinalg demo`: the main job. The neural-shading sample on one device profile:

1. the device's features (tier, Mul/MulAdd combinations) as an application sees them;
2. MLP inference over a 256 x 256 image with FP16, FP8 (E4M3, E5M2) and packed-int8 weights,
   converted on the device to its MUL_OPTIMAL layout, compared with a float64 evaluation; then the
   FP16 network as the compiled SPIR-V module (dxlinalg/samples/spirv/mlp_inference_fp16.spv) through
   dxlinalg.spirv.run on the same buffers, over a small image, compared bit for bit;
3. a short training run (OUTER_PRODUCT_OPTIMAL, transposed backward pass, accumulates, Adam),
   whose trained weights are converted to MUL_OPTIMAL and rendered; its loss lines appear as they are measured.
Images go to `out/`: the float64 reference, each variant's image and its error against the reference, and
the training's target vs learned side by side. `--out` follows the commands' one folder rule
(dxlinalg.commands.atomic_output.output_folder), checked before any work.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np
# numpy imports numpy.random on first use; its Cython modules' init registers classes with collections.abc
# inside a bare `except: pass`, which swallows a Ctrl-C that lands during that import (the demo then ran to
# its end and exited 0). Imported here, before the demo's first line, a Ctrl-C is never lost that way.
import numpy.random  # noqa: F401

from d3d12api import D3D12CreateDevice
from dxlinalg.commands.atomic_output import check_output_file, output_folder
from dxlinalg.commands.features import query_features
from dxlinalg.samples import mlp_inference, mlp_inference_spirv, mlp_training
from dxlinalg.samples.host_helpers import GpuContext
from dxlinalg.samples.mlp_model import MlpWeights, evaluate_float64, frequency_encoding, pixel_uv, random_weights
from dxlinalg.samples.png import write_png

IMAGE_SIZE = 256
TRAINING_STEPS = 200
TRAINING_BATCH = 1024
TRAINING_IMAGE = 64
UPSCALE = 4  # the training images are small; show them at 4x with nearest-neighbour pixels
SPIRV_IMAGE = (64, 16)  # width, height: the compiled module's image (a small one: the demo stays quick)


def run_demo(profile: str = "reference", out: str | Path = "out") -> int:
    out = output_folder(out, "--out")
    check_output_file(out / "inference_reference.png", "--out")    # a folder it cannot write fails now, not later
    _line_buffered_stdout()
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
    reference = reference_image(weights)
    print(f"   float64 reference  -> {write_png(out / 'inference_reference.png', reference)}")
    for variant in mlp_inference.VARIANTS:
        result = mlp_inference.run_variant(gpu, variant, weights, IMAGE_SIZE, IMAGE_SIZE)
        path = write_png(out / f"inference_{variant}.png", result.image)
        error_path = write_png(out / f"inference_{variant}_error.png", error_image(result.image, reference))
        print(f"   {variant:5s} {result.weight_type:38s} max {result.max_error:.2e}  mean {result.mean_error:.2e}"
              + (f"  ({result.note})" if result.note else "") + f"  -> {path}, {error_path.name}")

    print(compare_spirv(gpu, profile, weights))

    print(f"\n2. training: 16 -> {mlp_training.HIDDEN} -> {mlp_training.HIDDEN} -> 3 MLP learns a procedural "
          f"image, batch {TRAINING_BATCH}, {TRAINING_STEPS} Adam steps")
    trained = mlp_training.train(profile, TRAINING_STEPS, TRAINING_BATCH, TRAINING_IMAGE, log_every=50,
                                 verbose=False, on_loss=_print_loss)
    if trained.skipped:
        print(f"   skipped: {trained.skipped}")
    else:
        side_by_side = mlp_training.side_by_side(trained, UPSCALE)
        path = write_png(out / "training_target_vs_learned.png", side_by_side)
        print(f"   learned image MSE {trained.image_error:.5f} (MUL_OPTIMAL inference of the trained weights)"
              f"  -> {path} (left: target, right: learned)")
    print(f"\ndone in {time.perf_counter() - start:.1f} s")
    return 0


def _print_loss(step: int, loss: float) -> None:
    print(f"   step {step:4d}  loss {loss:.5f}")


def _line_buffered_stdout() -> None:
    """Each line reaches a pipe (`dxlinalg demo | tee log`) when it is printed, not when the demo ends."""
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(line_buffering=True)


def reference_image(weights: MlpWeights) -> np.ndarray:
    """The network evaluated in float64 on the host: what every variant is compared with."""
    features = frequency_encoding(pixel_uv(IMAGE_SIZE, IMAGE_SIZE))
    return evaluate_float64(weights, features).reshape(IMAGE_SIZE, IMAGE_SIZE, 3)


def error_image(image: np.ndarray, reference: np.ndarray) -> np.ndarray:
    """|image - reference| per channel, scaled so the variant's largest error is white (black: exact)."""
    error = np.abs(image.astype(np.float64) - reference)
    largest = float(error.max())
    return error / largest if largest > 0 else error


def compare_spirv(gpu: GpuContext, profile: str, weights: MlpWeights) -> str:
    """Render the FP16 network with the Python shader and with the compiled SPIR-V module, from the same
    buffers, and say whether the images are the same bits (or how many pixels differ)."""
    width, height = SPIRV_IMAGE
    frame = mlp_inference.prepare_variant(gpu, "fp16", weights, width, height)
    frame.record(gpu.list)
    gpu.execute_and_wait()
    python_image = frame.read_image(gpu)
    spirv_image = mlp_inference_spirv.render(frame, profile)
    module = mlp_inference_spirv.MODULES["glslang"][mlp_inference_spirv.weight_variant(frame)]
    differing = int(np.any(spirv_image.view(np.uint32) != python_image.view(np.uint32), axis=2).sum())
    verdict = ("the same bits as the Python shader's image" if differing == 0 else
               f"{differing} of {frame.pixels} pixels differ from the Python shader's image")
    return (f"   SPIR-V: dxlinalg/samples/spirv/{module} (glslang) through dxlinalg.spirv.run over {width} x {height} pixels: "
            f"{verdict}")
