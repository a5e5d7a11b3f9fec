"""The committed training modules on a real H100, replayed on the emulator (profile nvidia-h100).

tests/data/nvidia_h100_spirv/training.npz holds what the H100 wrote for mlp_widen.spv,
mlp_training.spv (batches 32, 64 and 150, every repeat of the gradient buffer), a copy of it that
stores every intermediate (the trace), mlp_adam.spv, and training_probe.comp (the accumulates into
FP16 and FP32 memory, the transposed MatMul; one wave, four waves, one wave of 22 invocations).
docs/hardware-nvidia-h100-spirv.md ("The training modules") says what matches and what does not:

- exact: widen; every MatMulAdd and transposed MatMul on the GPU's own inputs; the ReLU
  derivative; Adam's FP16 parameters and cleared gradients; the accumulate probe's buffers;
- as a set: the gradients are one order of the waves' FP16 atomic adds of the emulator's per-wave
  sums, element by element (a wave with inactive lanes reduce-sums lane by lane: those few bias
  elements are held to the rounding bound of single-lane FP16 atomics in any order);
- measured residuals: the loss gradient d3 (the GPU's float32 exp), Adam's float32 master weights
  and moments (the GPU's division and square root).
"""

from __future__ import annotations

import struct
from functools import cache

import numpy as np
import pytest

from dxlinalg.spirv import run
from dxlinalg.samples.mlp_inference_spirv import compiled_module
from tests.hardware_replay.nvidia_h100_training_replay import (
    DATA,
    emulated_layers,
    gradient_status,
    partial_probe_check,
    probe_expectations,
)

BATCHES = (32, 64, 150)
TRACE = ("uv", "target", "a0", "z1", "z2", "z3", "d3", "back2", "d2", "back1", "d1")
PROFILE = "nvidia-h100"


@cache
def record() -> dict[str, np.ndarray]:
    with np.load(DATA / "training.npz") as data:
        return {key: data[key] for key in data.files}


def offsets() -> list[int]:
    return [int(v) for v in record()["state.offsets"]]


def trace(batch: int) -> dict[str, np.ndarray]:
    return {name: record()[f"trace_b{batch}.{name}"] for name in TRACE}


def ulps(a: np.ndarray, b: np.ndarray, bits) -> np.ndarray:
    def ordered(x):
        v = np.asarray(x).view(bits).astype(np.int64)
        sign = np.int64(1) << (8 * np.dtype(bits).itemsize - 1)
        return np.where(v & sign, sign - v, v)
    return np.abs(ordered(a) - ordered(b))


def test_widen_gives_the_h100s_master_copy():
    params = record()["state.params"]
    elements = params.size // 2
    widened = run(compiled_module("mlp_widen.spv"), groups=(-(-elements // 64), 1, 1),
                  buffers={(0, 0): params, (0, 1): np.zeros(elements, np.float32)},
                  push_constants=struct.pack("<I", elements), profile=PROFILE)[(0, 1)]
    assert np.array_equal(np.asarray(widened).view(np.uint32), record()["widen.master"].view(np.uint32))


@pytest.mark.parametrize("batch", BATCHES)
def test_the_trace_changes_nothing(batch):
    assert np.array_equal(record()[f"train_b{batch}.losses"].view(np.uint32),
                          record()[f"trace_b{batch}.losses"].view(np.uint32))


@pytest.mark.parametrize("batch", BATCHES)
def test_every_matrix_product_and_relu_derivative_from_the_gpus_inputs(batch):
    layers = emulated_layers(trace(batch), record()["state.params"], offsets(), batch)
    for name in ("z1", "z2", "z3", "back2", "back1", "d2", "d1"):
        assert np.array_equal(layers[name].view(np.uint16), trace(batch)[name].view(np.uint16)), name


@pytest.mark.parametrize("batch", BATCHES)
def test_the_loss_gradient_differs_at_most_by_one_fp16_ulp(batch):
    """The GPU's float32 exp against numpy's, seen through the FP16 rounding of d3."""
    layers = emulated_layers(trace(batch), record()["state.params"], offsets(), batch)
    distance = ulps(layers["d3"], trace(batch)["d3"], np.uint16)
    assert distance.max() <= 1 and np.mean(distance == 0) > 0.99


@pytest.mark.parametrize("batch", BATCHES)
def test_gradients_are_an_order_of_the_waves_fp16_sums(batch):
    partial_wave = batch % 32 != 0
    for grads in record()[f"train_b{batch}.grads"]:
        status = gradient_status(trace(batch), record()["state.params"].size, offsets(), batch, grads)
        assert np.all(status["order"] | status["bound"])
        assert status["bound"].sum() <= (8 if partial_wave else 0)


def test_the_atomic_order_shows_only_across_workgroups():
    grads = {batch: record()[f"train_b{batch}.grads"] for batch in BATCHES}
    assert np.all(grads[32] == grads[32][0]) and np.all(grads[64] == grads[64][0])   # one workgroup
    assert len({row.tobytes() for row in grads[150]}) > 1                             # three workgroups


@pytest.mark.parametrize("shape", [(32, 16), (3, 32)])
@pytest.mark.parametrize("waves", [1, 4])
def test_accumulate_probe_buffers_are_expected_ones(shape, waves):
    """FP16 sums in an order of the waves; MatrixInterpretation FP32 runs as FP16; FP32 arrays take
    an FP32 butterfly per wave; the transposed MatMul equals the emulator's."""
    m, n = shape
    expected = probe_expectations(m, n, waves)
    for key in ("grads16", "grads32", "back"):
        for observed in record()[f"probe_{m}x{n}_w{waves}.{key}"]:
            assert np.any(np.all(expected[key] == observed[None, :], axis=1)), key


@pytest.mark.parametrize("shape", [(32, 16), (3, 32)])
def test_a_wave_with_inactive_lanes(shape):
    m, n = shape
    observed = {key: record()[f"probe_{m}x{n}_w1_a22.{key}"] for key in ("grads16", "grads32", "back")}
    assert all(value == "True" for value in partial_probe_check(m, n, observed).values())


def test_adam_on_the_emulators_gradients():
    data = record()
    params, master, moments = data["state.params"], data["state.master"], data["state.moments"]
    elements = params.size // 2
    constants = struct.pack("<Iffff", elements, 1e-2, 0.9 ** 6, 0.999 ** 6, 1.0 / 128)
    adam = run(compiled_module("mlp_adam.spv"), groups=(-(-elements // 64), 1, 1),
               buffers={(0, 0): params.copy(), (0, 1): data["adam.input_grads"].copy(), (0, 2): master.copy(),
                        (0, 3): moments.copy()}, push_constants=constants, profile=PROFILE)
    assert np.array_equal(np.asarray(adam[(0, 0)]).view(np.uint8), data["adam.params"])   # FP16 weights: exact
    assert np.array_equal(np.asarray(adam[(0, 1)]).view(np.uint8), data["adam.grads"])    # cleared
    for binding, name, limit in ((2, "master", 34), (3, "moments", 28)):
        distance = ulps(np.asarray(adam[(0, binding)]).view(np.float32), data[f"adam.{name}"].view(np.float32),
                        np.uint32)
        assert distance.max() <= limit and np.mean(distance == 0) > 0.9, name
