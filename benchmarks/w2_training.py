"""W2: one step of the training sample through `Trainer.step`, against the same step in numpy.

Ours is `dxlinalg.samples.mlp_training.Trainer.step`: it records and executes the training Dispatch (per
thread: sample and encode a pixel, forward with MulAdd, loss gradient, backward with transposed
Mul, OuterProductAccumulate and VectorAccumulate into the FP16 gradients) and the Adam Dispatch
(update the FP32 master weights and FP16 parameters, clear the gradients). The baseline is the same
step as a numpy program would write it, in float32 on the same shapes and batch: forward matmul
chain, sigmoid, loss gradient, backward matmuls, gradients as one matmul per layer (the outer
products summed over the batch), Adam. Its inputs (encoded features, targets) are given, so the
sampling and encoding inside our shader count against us. Timed interleaved, best of N each.

    python -m benchmarks --only W2 [--quick]
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from benchmarks.timing import best_time
from dxlinalg.samples.host_helpers import GpuContext
from dxlinalg.samples.mlp_inference import encode_uv
from dxlinalg.samples.mlp_model import MlpWeights
from dxlinalg.samples.mlp_training import LOSS_SCALE, Trainer, missing_support, target_image, training_network

WORKLOAD = "W2"
TITLE = "training step (forward, backward, outer-product and vector accumulates, Adam) vs numpy float32"
GOAL = "<= 3x"

BATCHES = {False: (2048, 65536), True: (2048,)}   # the sample's batch, and a large one
REPEATS = {False: 5, True: 2}
PROFILE = "reference"
LEARNING_RATE = 1e-2
BETA1, BETA2, EPSILON = 0.9, 0.999, 1e-8


@dataclass
class NumpyTrainer:
    """The training step as plain numpy: float32 parameters and Adam moments, one array per tensor."""

    parameters: list[np.ndarray]     # W0, b0, W1, b1, ...
    first: list[np.ndarray]
    second: list[np.ndarray]

    @classmethod
    def create(cls, weights: MlpWeights) -> "NumpyTrainer":
        parameters = [array.astype(np.float32) for pair in zip(weights.matrices, weights.biases) for array in pair]
        return cls(parameters, [np.zeros_like(p) for p in parameters], [np.zeros_like(p) for p in parameters])

    def step(self, step: int, features: np.ndarray, target: np.ndarray, learning_rate: float) -> float:
        """Forward, mean-squared-error gradient, backward, Adam; returns the batch loss."""
        matrices, biases = self.parameters[0::2], self.parameters[1::2]
        activations, pre_activations = [features], []
        for layer, (matrix, bias) in enumerate(zip(matrices, biases)):
            z = activations[-1] @ matrix.T + bias
            pre_activations.append(z)
            if layer < len(matrices) - 1:
                activations.append(np.maximum(z, np.float32(0)))
        y = np.float32(1) / (np.float32(1) + np.exp(-pre_activations[-1]))
        error = y - target
        loss = float(np.mean(error * error))
        delta = error * y * (np.float32(1) - y) * np.float32(2.0 / (3.0 * len(features)))
        gradients: list[np.ndarray] = [np.empty(0)] * len(self.parameters)
        for layer in reversed(range(len(matrices))):
            gradients[2 * layer] = delta.T @ activations[layer]      # the batch's outer products, summed
            gradients[2 * layer + 1] = delta.sum(axis=0)
            if layer > 0:
                delta = (delta @ matrices[layer]) * (pre_activations[layer - 1] > 0)
        correction1, correction2 = 1 - BETA1 ** (step + 1), 1 - BETA2 ** (step + 1)
        for parameter, gradient, m, v in zip(self.parameters, gradients, self.first, self.second):
            m *= np.float32(BETA1)
            m += np.float32(1 - BETA1) * gradient
            v *= np.float32(BETA2)
            v += np.float32(1 - BETA2) * gradient * gradient
            parameter -= np.float32(learning_rate) * (m / np.float32(correction1)) / (
                np.sqrt(v / np.float32(correction2)) + np.float32(EPSILON))
        return loss


def batch_inputs(batch: int, seed: int = 3) -> tuple[np.ndarray, np.ndarray]:
    """Encoded features and targets of `batch` random pixels (the baseline's given inputs)."""
    uv = np.random.default_rng(seed).random((batch, 2), dtype=np.float32)
    return encode_uv(uv[:, 0], uv[:, 1]), target_image(uv).astype(np.float32)


@dataclass(frozen=True)
class Measurement:
    batch: int
    seconds: float
    baseline_seconds: float

    @property
    def ratio(self) -> float:
        return self.seconds / self.baseline_seconds


def measure(batch: int, repeats: int, profile: str = PROFILE) -> Measurement:
    gpu = GpuContext(profile)
    reason = missing_support(gpu.device)
    if reason:
        raise RuntimeError(f"profile {profile!r} cannot run the training sample: {reason}")
    weights = training_network()
    trainer, reference = Trainer(gpu, weights, batch), NumpyTrainer.create(weights)
    features, target = batch_inputs(batch)
    steps = iter(range(1 << 30))
    trainer.step(next(steps), LEARNING_RATE)                 # first run: signature checks, caches, scratch
    reference.step(0, features, target, LEARNING_RATE)
    ours = baseline = float("inf")
    for _ in range(repeats):
        ours = min(ours, best_time(lambda: trainer.step(next(steps), LEARNING_RATE), 1))
        baseline = min(baseline, best_time(lambda: reference.step(1, features, target, LEARNING_RATE), 1))
    loss = trainer.batch_loss()
    if not 0 < loss < 1:
        raise AssertionError(f"W2: the trained network's batch loss {loss} is not a mean squared error in (0, 1)")
    return Measurement(batch, ours, baseline)


def run(quick: bool) -> list[dict[str, object]]:
    rows = []
    for batch in BATCHES[quick]:
        m = measure(batch, REPEATS[quick])
        rows.append({
            "name": f"step 16-32-32-3, batch {batch:,}", "seconds": m.seconds, "baseline_seconds": m.baseline_seconds,
            "ratio": m.ratio, "batch": batch,
            "notes": (f"Trainer.step (record + ExecuteCommandLists: training Dispatch of {batch:,} threads, Adam "
                      f"Dispatch), profile {PROFILE}, FP16 gradients x loss scale {LOSS_SCALE:g}, debug layer on; vs "
                      f"numpy float32 forward/backward/gradient matmuls/Adam on given features; best of "
                      f"{REPEATS[quick]} interleaved"),
        })
    return rows
