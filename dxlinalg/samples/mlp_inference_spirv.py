"""The inference sample's compiled SPIR-V modules, run on a prepared frame's own buffers.

`dxlinalg/samples/spirv/mlp_inference_*.spv` bind what the Python shader of `mlp_inference` binds, in its
root-parameter order (weights, biases, image), and take its root constants as push constants,
so an `InferencePass` prepared for the D3D12 path renders unchanged through `dxlinalg.spirv.run`:
same MUL_OPTIMAL weight bytes (read as InferencingOptimal), same biases, same dispatch. The two
images are meant to be equal bit for bit (docs/spirv-shaders.md).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np

from dxlinalg.profile.model import DeviceProfile
from dxlinalg.spirv import Module, load_module, run
from dxlinalg.samples.mlp_inference import THREADS_PER_GROUP, InferencePass

FOLDER = Path(__file__).parent / "spirv"
#: The modules each weight type has, by compiler.
MODULES = {"glslang": {"fp16": "mlp_inference_fp16.spv", "e4m3": "mlp_inference_e4m3.spv",
                       "e5m2": "mlp_inference_e5m2.spv", "int8": "mlp_inference_int8.spv"},
           "slang": {"fp16": "mlp_inference_slang_fp16.spv", "e4m3": "mlp_inference_slang_e4m3.spv"}}


def weight_variant(frame: InferencePass) -> str:
    """The weight type the frame really uses: FP16 where the Python sample fell back to it."""
    return "fp16" if frame.note else frame.variant


@cache
def compiled_module(name: str) -> Module:
    """A committed module, read once (its compiled program is cached on it)."""
    return load_module(FOLDER / name)


def render(frame: InferencePass, profile: str | DeviceProfile, compiler: str = "glslang",
           strict: bool = True) -> np.ndarray:
    """The (height, width, 3) float32 image the compiled module renders from the frame's buffers."""
    module = compiled_module(MODULES[compiler][weight_variant(frame)])
    image = np.zeros(frame.pixels * 3, np.float32)
    groups = (-(-frame.width // THREADS_PER_GROUP), frame.height, 1)
    results = run(module, groups=groups, buffers={(0, 0): frame.weights.buffer, (0, 1): frame.biases.buffer,
                                                  (0, 2): image},
                  push_constants=frame.constants.tobytes(), profile=profile, strict=strict)
    return results[(0, 2)].reshape(frame.height, frame.width, 3)
