"""The same network through the Python DXIL shaders and through the compiled SPIR-V modules gives the same
bits (issue 12, section 6): inference on every shipped profile, for every module (glslang FP16, E4M3,
E5M2, int8; Slang FP16, E4M3) and the weight type the Python sample ends up using there; the training
step (forward, loss, backward, accumulates, then Adam) on every profile that trains."""

from __future__ import annotations

import struct

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.profile.registry import builtin_profile_names
from dxlinalg.spirv import run
from dxlinalg.samples import mlp_training
from dxlinalg.samples.host_helpers import GpuContext
from dxlinalg.samples.mlp_inference import prepare_variant
from dxlinalg.samples.mlp_inference_spirv import MODULES, compiled_module, render, weight_variant
from dxlinalg.samples.mlp_model import random_weights

PROFILES = builtin_profile_names()
COMBINATIONS = [(profile, compiler, variant) for profile in PROFILES for compiler, variants in MODULES.items()
                for variant in variants]


def both_images(profile: str, compiler: str, variant: str, width: int, height: int,
                seed: int) -> tuple[np.ndarray, np.ndarray]:
    """(the Python shader's image, the compiled module's image) of one prepared frame."""
    gpu = GpuContext(profile)
    frame = prepare_variant(gpu, variant, random_weights(seed), width, height)
    frame.record(gpu.list)
    gpu.execute_and_wait()
    python_image = frame.read_image(gpu)
    if weight_variant(frame) not in MODULES[compiler]:
        pytest.skip(f"{compiler} has no module for {weight_variant(frame)}")
    return python_image, render(frame, profile, compiler)


def same_bits(a: np.ndarray, b: np.ndarray) -> bool:
    return a.shape == b.shape and np.array_equal(a.view(np.uint32), b.view(np.uint32))


@pytest.mark.parametrize("profile, compiler, variant", COMBINATIONS)
def test_inference_module_renders_the_python_shaders_bits(profile, compiler, variant):
    python_image, spirv_image = both_images(profile, compiler, variant, 70, 2, seed=7)  # a partial group of 64
    assert same_bits(spirv_image, python_image)


@settings(max_examples=30, deadline=None)
@given(case=st.sampled_from(COMBINATIONS), width=st.integers(1, 200), height=st.integers(1, 4),
       seed=st.integers(0, 1000))
def test_inference_bits_agree_for_any_image_and_weights(case, width, height, seed):
    python_image, spirv_image = both_images(*case, width, height, seed)
    assert same_bits(spirv_image, python_image)


def test_every_profile_and_module_is_compared():
    assert len(COMBINATIONS) == len(PROFILES) * 6
    assert {name for name, *_ in COMBINATIONS} == {"reference", "nvidia-h100", "minimal", "adversarial"}


# -- training ------------------------------------------------------------------------------------------------------
TRAINING_PROFILES = [name for name in PROFILES if not mlp_training.missing_support(GpuContext(name).device)]


def spirv_training_step(trainer: mlp_training.Trainer, profile: str, state: dict[str, np.ndarray], step: int,
                        learning_rate: float) -> dict[str, np.ndarray]:
    """mlp_training.spv then mlp_adam.spv on copies of the trainer's buffers, as Trainer.step dispatches them."""
    layout, batch, elements = trainer.layout, trainer.batch, trainer.elements
    spec = dict(enumerate([*layout.matrix_offsets, *layout.bias_offsets]))
    trained = run(compiled_module("mlp_training.spv"), groups=(-(-batch // 64), 1, 1),
                  buffers={(0, 0): state["params"], (0, 1): state["grads"], (0, 2): np.zeros(batch, np.float32)},
                  push_constants=struct.pack("<II", batch, step), spec_constants=spec, profile=profile)
    constants = struct.pack("<Iffff", elements, learning_rate, 0.9 ** (step + 1), 0.999 ** (step + 1),
                            1.0 / mlp_training.LOSS_SCALE)
    updated = run(compiled_module("mlp_adam.spv"), groups=(-(-elements // 64), 1, 1),
                  buffers={(0, 0): state["params"], (0, 1): trained[(0, 1)], (0, 2): state["master"],
                           (0, 3): state["moments"]}, push_constants=constants, profile=profile)
    return {"losses": trained[(0, 2)], "grads_before_adam": trained[(0, 1)], "params": updated[(0, 0)],
            "grads": updated[(0, 1)], "master": updated[(0, 2)], "moments": updated[(0, 3)]}


def read_state(trainer: mlp_training.Trainer) -> dict[str, np.ndarray]:
    gpu, size, elements = trainer.gpu, trainer.layout.size, trainer.elements
    return {"params": gpu.read_back(trainer.params, size), "grads": gpu.read_back(trainer.grads, size),
            "master": gpu.read_back(trainer.master, elements * 4),
            "moments": gpu.read_back(trainer.moments, elements * 8),
            "losses": gpu.read_back(trainer.losses, trainer.batch * 4)}


@pytest.mark.parametrize("profile", TRAINING_PROFILES)
@settings(max_examples=6, deadline=None)
@given(batch=st.integers(1, 150), step=st.integers(0, 10_000))
def test_training_step_gives_the_python_shaders_bits(profile, batch, step):
    gpu = GpuContext(profile)
    trainer = mlp_training.Trainer(gpu, mlp_training.training_network(), batch)
    before = read_state(trainer)
    widened = run(compiled_module("mlp_widen.spv"), groups=(-(-trainer.elements // 64), 1, 1),
                  buffers={(0, 0): before["params"], (0, 1): np.zeros(trainer.elements, np.float32)},
                  push_constants=struct.pack("<I", trainer.elements), profile=profile)[(0, 1)]
    assert same_bits(widened, before["master"].view(np.float32))
    spirv = spirv_training_step(trainer, profile, before, step, 1e-2)
    trainer.step(step, 1e-2)
    python = read_state(trainer)
    assert np.any(spirv["grads_before_adam"]) and not np.any(spirv["grads"])
    for name in ("losses", "params", "grads", "master", "moments"):
        assert np.array_equal(spirv[name].view(np.uint8), python[name]), name


def test_training_is_compared_on_reference_and_nvidia_h100():
    assert {"reference", "nvidia-h100"} <= set(TRAINING_PROFILES)


@pytest.mark.parametrize("profile", PROFILES)
def test_the_demo_reports_the_compiled_modules_image_as_the_python_shaders_bits(profile):
    from dxlinalg.commands.demo import compare_spirv

    line = compare_spirv(GpuContext(profile), profile, random_weights())
    assert "mlp_inference_fp16.spv" in line and line.endswith("the same bits as the Python shader's image")
