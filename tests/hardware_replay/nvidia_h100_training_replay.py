"""The recorded H100 runs of the training modules (tests/data/nvidia_h100_spirv/training.npz) and
their replay on the emulator (dxlinalg.spirv, profile nvidia-h100). One implementation, used by
hardware/nvidia-h100/spirv/analyse_training.py and by the CI test.

What is deterministic is compared exactly on the GPU's own inputs (the trace of every intermediate):
each layer's MatMulAdd and transposed MatMul, the ReLU derivative. What is not, the FP16 atomics
with which each wave adds its gradient sum to memory, is compared as a set: the emulator computes
each wave's FP16 sum (OuterProductAccumulate: chunks of 8 lanes into an FP16 accumulator;
ReduceSumAccumulate: an FP16 butterfly), and every order of the waves' FP16 atomic adds gives one
outcome per element; the GPU's value must be one of them.
"""

from __future__ import annotations

import itertools
from functools import cache
from pathlib import Path

import numpy as np

from dxlinalg.gpu import standalone_lanes
from dxlinalg.gpu.resources import resolve_handle
from dxlinalg.numerics.component_types import ComponentType
from dxlinalg.profile.registry import load_profile
from dxlinalg.spirv import coopvec
from dxlinalg.spirv.coopvec import ArrayPointer, Bias
from dxlinalg.spirv.coopvec_rules import StorageClass

DATA = Path(__file__).parents[1] / "data" / "nvidia_h100_spirv"
H100 = load_profile("nvidia-h100")
LANES = 32
F16, F32, TRAINING = 0, 1, 3                       # VkComponentTypeKHR, VkCooperativeVectorMatrixLayoutNV
SHAPES = [(32, 16), (32, 32), (3, 32)]             # the training network's layers (M x K)
SCALED_TWO_THIRDS = np.float32(2.0 * 128 / 3.0)


def pointer(buffer: np.ndarray, name: str) -> ArrayPointer:
    return ArrayPointer(resolve_handle(buffer, name), StorageClass.StorageBuffer)


def mat_mul(x: np.ndarray, params: np.ndarray, offset: int, m: int, k: int, transpose: bool,
            bias_offset: int | None = None) -> np.ndarray:
    """The emulator's MatMul(Add) of FP16 vectors with a TrainingOptimal FP16 matrix (M x K results of M)."""
    with standalone_lanes(x.shape[0], profile=H100) as ctx:
        bias = None if bias_offset is None else Bias(pointer(params, "params"), bias_offset, F16)
        return coopvec.matrix_mul(ctx, np.ascontiguousarray(x, np.float16), F16, pointer(params, "params"), offset, F16, m,
                                  k, TRAINING, transpose, 0, 0, ComponentType.F16, m, bias)


def relu_derivative(z: np.ndarray, back: np.ndarray) -> np.ndarray:
    return np.where(z > np.float16(0), back, np.float16(0)).astype(np.float16)


def loss_gradient(z3: np.ndarray, target: np.ndarray, batch: int) -> np.ndarray:
    """d3 as mlp_training.comp computes it, in numpy float32 (the GPU's exp may round differently)."""
    z = z3.astype(np.float32)
    y = np.float32(1) / (np.float32(1) + np.exp(-z))
    error = y - target.astype(np.float32)
    scaled = error * y * (np.float32(1) - y) * (SCALED_TWO_THIRDS / np.float32(batch))
    return scaled.astype(np.float16)


def emulated_layers(trace: dict[str, np.ndarray], params: np.ndarray, offsets: list[int], batch: int) -> dict:
    """Each step of the forward and backward pass, from the GPU's own input to that step."""
    w, b = offsets[:3], offsets[3:]
    zero = np.float16(0)
    out = {"z1": mat_mul(trace["a0"], params, w[0], 32, 16, False, b[0])}
    out["z2"] = mat_mul(np.maximum(trace["z1"], zero) + zero, params, w[1], 32, 32, False, b[1])
    out["z3"] = mat_mul(np.maximum(trace["z2"], zero) + zero, params, w[2], 3, 32, False, b[2])
    out["d3"] = loss_gradient(trace["z3"], trace["target"], batch)
    out["back2"] = mat_mul(trace["d3"], params, w[2], 32, 3, True)
    out["d2"] = relu_derivative(trace["z2"], trace["back2"])
    out["back1"] = mat_mul(trace["d2"], params, w[1], 32, 32, True)
    out["d1"] = relu_derivative(trace["z1"], trace["back1"])
    return out


def activations(trace: dict[str, np.ndarray]) -> list[np.ndarray]:
    zero = np.float16(0)
    return [trace["a0"], np.maximum(trace["z1"], zero) + zero, np.maximum(trace["z2"], zero) + zero]


def wave_partials(trace: dict[str, np.ndarray], size: int, offsets: list[int], batch: int) -> list[np.ndarray]:
    """Per wave, the gradient buffer (FP16 bits) its accumulates alone would leave in zeroed memory."""
    w, b = offsets[:3], offsets[3:]
    acts = activations(trace)
    deltas = [trace["d1"], trace["d2"], trace["d3"]]
    partials = []
    for start in range(0, batch, LANES):
        lanes = slice(start, min(start + LANES, batch))
        buffer = np.zeros(size, np.uint8)
        with standalone_lanes(lanes.stop - lanes.start, profile=H100) as ctx:
            for layer in (2, 1, 0):
                coopvec.outer_product_accumulate(ctx, pointer(buffer, "grads"), w[layer], deltas[layer][lanes],
                                                 acts[layer][lanes], TRAINING, F16)
                coopvec.reduce_sum_accumulate(ctx, pointer(buffer, "grads"), b[layer], deltas[layer][lanes])
        partials.append(buffer.view(np.uint16).copy())
    return partials


def fp16_add(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """FP16 atomic add: the exact sum (float64 holds it) rounded once to FP16, NaN as 0x7FFF."""
    with np.errstate(invalid="ignore", over="ignore"):
        total = (a.view(np.float16).astype(np.float64) + b.view(np.float16).astype(np.float64)).astype(np.float16)
    bits = total.view(np.uint16)
    return np.where(np.isnan(total), np.uint16(0x7FFF), bits).astype(np.uint16)


def fp32_add(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    with np.errstate(invalid="ignore", over="ignore"):
        total = (a.view(np.float32).astype(np.float64) + b.view(np.float32).astype(np.float64)).astype(np.float32)
    return total.view(np.uint32)


def atomic_outcomes(partials: list[np.ndarray], add=fp16_add) -> np.ndarray:
    """(orders, elements): memory after the waves' atomic adds, from zero, in every order of the waves."""
    outcomes = []
    for order in itertools.permutations(range(len(partials))):
        memory = np.zeros_like(partials[0])
        for wave in order:
            memory = add(memory, partials[wave])
        outcomes.append(memory)
    return np.unique(np.stack(outcomes), axis=0)


@cache
def probe_inputs(m: int, n: int, waves: int) -> dict[str, np.ndarray]:
    """training_probe.comp's vectors and matrix (hardware/nvidia-h100/spirv/training.py, seeded)."""
    import sys

    sys.path.insert(0, str(Path(__file__).parents[2] / "hardware" / "nvidia-h100" / "spirv"))
    import training

    return {**training.probe_inputs(m, n, waves), **{f"layout.{k}": v for k, v in training.probe_layout(m, n).items()},
            "back_stride": training.BACK_STRIDE}


def probe_expectations(m: int, n: int, waves: int, inputs: dict | None = None) -> dict:
    """The buffers training_probe.comp may leave, as options (one row each) per output binding.

    grads16: the wave orders of [FP16 OuterProductAccumulate | FP16 ReduceSumAccumulate] sums.
    grads32: what the H100 was seen to do (docs/hardware-nvidia-h100-accumulate.md, finding 10):
      MatrixInterpretation FP32 runs as FP16 (the FP16 sums in the FP16 layout at the start of the
      buffer); the FP32 ReduceSumAccumulate is a per-wave FP32 butterfly and an FP32 atomic per wave
      (the emulator in permissive mode: nvidia-h100 does not list FP32 accumulation).
    back:    the transposed MatMul per invocation (deterministic: one option).
    """
    inputs = inputs or probe_inputs(m, n, waves)
    d, a, w_bytes = inputs["d"], inputs["a"], inputs["w_bytes"]
    size16, bias16, grads16 = inputs["layout.size16"], inputs["layout.bias16"], inputs["layout.grads16"]
    bias32, grads32 = inputs["layout.bias32"], inputs["layout.grads32"]
    parts16, parts32_matrix, parts32_array = [], [], []
    for wave in range(waves):
        lanes = slice(LANES * wave, LANES * (wave + 1))
        buffer = np.zeros(grads16, np.uint8)
        matrix32 = np.zeros(grads32, np.uint8)
        array32 = np.zeros(grads32, np.uint8)
        with standalone_lanes(LANES, profile=H100) as ctx:
            coopvec.outer_product_accumulate(ctx, pointer(buffer, "g16"), 0, d[lanes], a[lanes], TRAINING, F16)
            coopvec.reduce_sum_accumulate(ctx, pointer(buffer, "g16"), bias16, d[lanes])
            coopvec.outer_product_accumulate(ctx, pointer(matrix32, "g32"), 0, d[lanes], a[lanes], TRAINING, F16)
        with standalone_lanes(LANES, profile=H100, strict=False) as ctx:
            coopvec.reduce_sum_accumulate(ctx, pointer(array32, "a32"), bias32, d[lanes].astype(np.float32))
        parts16.append(buffer.view(np.uint16).copy())
        parts32_matrix.append(matrix32[:size16].view(np.uint16).copy())
        parts32_array.append(array32[bias32:bias32 + 4 * m].view(np.uint32).copy())
    options16 = atomic_outcomes(parts16).view(np.uint8)
    matrix_options = atomic_outcomes(parts32_matrix).view(np.uint8)
    array_options = atomic_outcomes(parts32_array, fp32_add).view(np.uint8)
    options32 = []
    for matrix in matrix_options:
        for array in array_options:
            full = np.zeros(grads32, np.uint8)
            full[:size16] = matrix
            full[bias32:bias32 + 4 * m] = array
            options32.append(full)
    with standalone_lanes(d.shape[0], profile=H100) as ctx:
        back = coopvec.matrix_mul(ctx, d, F16, pointer(w_bytes, "w"), 0, F16, n, m, TRAINING, True, 0, 0,
                                  ComponentType.F16, n)
    back_buffer = np.zeros((d.shape[0], inputs["back_stride"]), np.uint8)
    back_buffer[:, : 2 * n] = np.asarray(back, np.float16).view(np.uint8)
    return {"grads16": options16, "grads32": np.stack(options32), "back": back_buffer.reshape(1, -1),
            "grads32_note": "FP32 interpretation runs as FP16; FP32 array: FP32 butterfly + FP32 atomics"}


# ---- a wave with inactive lanes: ReduceSumAccumulate ------------------------------------------------
# In batch 150 the last wave has 22 active lanes. Its OuterProductAccumulate is the full-wave model
# (chunks of 8 lanes, inactive lanes adding nothing), but its ReduceSumAccumulate is not the FP16
# butterfly: a few bias elements fit no order of per-wave sums. They fit FP16 atomic adds of the
# single lanes' values in some order (found by search for each such element); the order itself is
# not pinned down (not lane order, not reversed), so those elements are held to the rounding bound
# of such a sequence of FP16 additions instead.
def fp16_ulp(magnitude: np.ndarray) -> np.ndarray:
    """The FP16 ulp at |x| (subnormal spacing below 2^-14)."""
    _, exponent = np.frexp(np.maximum(np.abs(magnitude), 2.0 ** -14))
    return np.ldexp(1.0, exponent - 11)


def sequence_bound(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(exact sum, bound) of FP16 atomic adds of values (rows: contributions) in any order: each add
    rounds by at most half an ulp of a running sum, which never exceeds the sum of magnitudes."""
    as64 = values.view(np.float16).astype(np.float64)
    exact = as64.sum(axis=0)
    return exact, len(values) * fp16_ulp(np.abs(as64).sum(axis=0)) / 2


def partial_wave_contributions(trace: dict[str, np.ndarray], size: int, offsets: list[int], batch: int) -> np.ndarray:
    """(contributions, elements) FP16 bits: each full wave's sum, and each lane of the last, partial
    wave on its own (its ReduceSumAccumulate as single-lane atomics)."""
    full = batch // LANES * LANES
    rows = wave_partials(trace, size, offsets, full) if full else []
    for lane in range(full, batch):
        single = {key: value[lane:lane + 1] for key, value in trace.items()}
        rows += wave_partials(single, size, offsets, 1)
    return np.stack(rows)


def gradient_status(trace: dict[str, np.ndarray], size: int, offsets: list[int], batch: int,
                    observed: np.ndarray) -> dict[str, np.ndarray]:
    """Per element of the gradient buffer: `order` if the value is one of the wave-order outcomes,
    `bound` if not but within the rounding bound of the partial wave's single-lane atomics (bias
    elements only), else neither."""
    in_order = np.any(atomic_outcomes(wave_partials(trace, size, offsets, batch)) == observed[None, :], axis=0)
    exact, bound = sequence_bound(partial_wave_contributions(trace, size, offsets, batch))
    distance = np.abs(observed.view(np.float16).astype(np.float64) - exact)
    biases = np.zeros(size // 2, bool)
    for offset, (m, _) in zip(offsets[3:], SHAPES):
        biases[offset // 2: offset // 2 + m] = True
    return {"order": in_order, "bound": ~in_order & biases & (distance <= bound)}


def partial_probe_check(m: int, n: int, observed: dict[str, np.ndarray], active: int = 22) -> dict[str, str]:
    """training_probe with one wave of `active` invocations (16 repeats): the OuterProductAccumulate
    matrix and the transposed MatMul against the emulator's 22-lane wave, the FP16 ReduceSumAccumulate
    against the rounding bound of single-lane atomics, and whether the repeats agree."""
    inputs = probe_inputs(m, n, 1)
    d, a = inputs["d"][:active], inputs["a"][:active]
    size16, bias16, grads16 = inputs["layout.size16"], inputs["layout.bias16"], inputs["layout.grads16"]
    buffer = np.zeros(grads16, np.uint8)
    with standalone_lanes(active, profile=H100) as ctx:
        coopvec.outer_product_accumulate(ctx, pointer(buffer, "g16"), 0, d, a, TRAINING, F16)
        back = coopvec.matrix_mul(ctx, d, F16, pointer(inputs["w_bytes"], "w"), 0, F16, n, m, TRAINING, True, 0, 0,
                                  ComponentType.F16, n)
    grads = observed["grads16"]
    exact, bound = sequence_bound(d.view(np.uint16))
    rsa = grads[:, bias16:bias16 + 2 * m].view(np.float16).astype(np.float64)
    back_gpu = observed["back"][0].reshape(-1, inputs["back_stride"])[:active, : 2 * n].copy().view(np.float16)
    return {"repeats_identical": str(bool(np.all(grads == grads[0]))),
            "matrix_equals_emulator": str(bool(np.all(grads[:, :size16] == buffer[:size16]))),
            "reduce_sum_within_single_lane_bound": str(bool(np.all(np.abs(rsa - exact) <= bound))),
            "back_equals_emulator": str(bool(np.array_equal(back_gpu.view(np.uint16),
                                                            np.asarray(back, np.float16).view(np.uint16))))}
