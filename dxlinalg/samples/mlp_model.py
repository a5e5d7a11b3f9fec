"""The neural-shading network the samples and benchmarks share, and its float64 evaluation.

An image MLP in the style of NVIDIA's RTX Neural Shading samples: a pixel's (u, v) is
frequency-encoded to 16 features, then three hidden layers of 64 with ReLU and an RGB output
through a sigmoid. Weights are generated locally (no downloads).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

ENCODING_FREQUENCIES = 4
INPUT_FEATURES = 4 * ENCODING_FREQUENCIES  # sin and cos of u and v at each frequency
HIDDEN = 64
HIDDEN_LAYERS = 3
OUTPUTS = 3


@dataclass(frozen=True)
class MlpWeights:
    """Row-major float32 weights (outputs x inputs) and biases, one pair per layer."""

    matrices: tuple[np.ndarray, ...]
    biases: tuple[np.ndarray, ...]

    @property
    def layer_shapes(self) -> list[tuple[int, int]]:
        """(M, K) of each layer: M outputs, K inputs."""
        return [m.shape for m in self.matrices]


def layer_sizes(outputs: int = OUTPUTS) -> list[int]:
    return [INPUT_FEATURES] + [HIDDEN] * HIDDEN_LAYERS + [outputs]


def random_weights(seed: int = 7, outputs: int = OUTPUTS) -> MlpWeights:
    """He-initialised weights: a network with plausible activations at every layer."""
    rng = np.random.default_rng(seed)
    sizes = layer_sizes(outputs)
    matrices, biases = [], []
    for k, m in zip(sizes[:-1], sizes[1:]):
        matrices.append((rng.standard_normal((m, k)) * np.sqrt(2.0 / k)).astype(np.float32))
        biases.append((rng.standard_normal(m) * 0.1).astype(np.float32))
    return MlpWeights(tuple(matrices), tuple(biases))


def frequency_encoding(uv: np.ndarray) -> np.ndarray:
    """(n, 2) coordinates in [0, 1] -> (n, 16) features: sin, cos of 2^k * pi * u and v."""
    scales = (2.0 ** np.arange(ENCODING_FREQUENCIES)) * np.pi
    angles = uv[:, :, None] * scales  # (n, 2, F)
    features = np.concatenate([np.sin(angles), np.cos(angles)], axis=2)  # (n, 2, 2F)
    return features.reshape(uv.shape[0], INPUT_FEATURES)


def pixel_uv(width: int, height: int) -> np.ndarray:
    """(width*height, 2) pixel-centre coordinates in row-major pixel order."""
    ys, xs = np.divmod(np.arange(width * height), width)
    return np.stack([(xs + 0.5) / width, (ys + 0.5) / height], axis=1)


def evaluate_float64(weights: MlpWeights, features: np.ndarray) -> np.ndarray:
    """The network in float64: the yardstick every emulated run is compared with."""
    x = features.astype(np.float64)
    last = len(weights.matrices) - 1
    for index, (matrix, bias) in enumerate(zip(weights.matrices, weights.biases)):
        x = x @ matrix.astype(np.float64).T + bias.astype(np.float64)
        x = np.maximum(x, 0.0) if index < last else 1.0 / (1.0 + np.exp(-x))
    return x
