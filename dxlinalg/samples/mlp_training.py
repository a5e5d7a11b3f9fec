"""Neural-shading training: an MLP learns a procedural 2D image with cooperative vectors.

Modelled on NVIDIA's RTX Neural Shading "SimpleTraining": FP16 parameters live in the
OUTER_PRODUCT_OPTIMAL layout; each training thread runs the forward pass with MulAdd, the
backward pass with transposed Mul on the same matrices, and accumulates gradients with
OuterProductAccumulate and VectorAccumulate (scaled by a loss scale, as FP16 gradients need);
an Adam shader then updates FP32 master weights element-wise over the raw parameter buffer
(the spec lets applications treat OuterProductOptimal data as a flat array) and clears the
gradients. At the end the weights are converted to MUL_OPTIMAL and the inference shader of
`mlp_inference` renders the learned image. `mlp_training.hlsl` is the HLSL it stands for.

    python -m dxlinalg.samples.mlp_training [--profile P] [--steps N] [--batch B] [--size S] [--out DIR]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from d3d12api import *  # noqa: F403  (the D3D12 names, as C++ has them)
from dxlinalg.gpu.shader import shader_factory
from dxlinalg.hlsl import (
    DATA_TYPE_FLOAT16,
    MATRIX_LAYOUT_OUTER_PRODUCT_OPTIMAL,
    ByteAddressBuffer,
    MakeInterpretedVector,
    MatrixRef,
    Mul,
    MulAdd,
    OuterProductAccumulate,
    RootConstants,
    RWByteAddressBuffer,
    RWMatrixRef,
    SV_DispatchThreadID,
    VectorAccumulate,
    VectorRef,
    compute_shader,
    exp,
    float16_t,
    float32_t,
    if_,
    max,
    select,
    sqrt,
)
from dxlinalg.samples import mlp_inference, sample_args
from dxlinalg.samples.host_helpers import (
    GpuContext,
    align_up,
    create_compute_pipeline,
    create_root_signature,
    find_mul_property,
    query_mul_properties,
)
from dxlinalg.samples.mlp_model import INPUT_FEATURES, MlpWeights, pixel_uv
from dxlinalg.samples.png import write_png

THREADS_PER_GROUP = 64
LOSS_SCALE = 128.0          # FP16 gradients underflow without it (RTXNS uses 128..1024)
MATRIX_ALIGNMENT = 128
BIAS_ALIGNMENT = 64
F16 = D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT16
HIDDEN = 32


def target_image(uv: np.ndarray) -> np.ndarray:
    """The procedural picture to learn: soft rings over a colour gradient ((n, 3), uv's float type)."""
    u, v = uv[:, 0], uv[:, 1]
    radius = np.hypot(u - 0.5, v - 0.5)
    rings = 0.5 + 0.5 * np.cos(radius * 18.0)
    return np.stack([0.15 + 0.7 * u * rings, 0.2 + 0.6 * v, 0.9 - 0.7 * rings * (1 - u)], axis=1)


# --- shaders --------------------------------------------------------------------------------------
def sample_uv(thread: np.ndarray, step: np.uint32) -> np.ndarray:
    """A PCG hash of (step, thread) -> uv in [0, 1): per-step random batches with no uploads."""
    state = (thread.astype(np.uint64) * np.uint64(747796405) + np.uint64(step) * np.uint64(2891336453)
             + np.uint64(1)) & np.uint64(0xFFFFFFFF)
    coords = []
    for _ in range(2):
        state = (state * np.uint64(747796405) + np.uint64(2891336453)) & np.uint64(0xFFFFFFFF)
        word = (((state >> ((state >> np.uint64(28)) + np.uint64(4))) ^ state) * np.uint64(277803737)) \
            & np.uint64(0xFFFFFFFF)
        word = (word >> np.uint64(22)) ^ word
        coords.append((word & np.uint64(0xFFFFFF)).astype(np.float32) / np.float32(1 << 24))
    return np.stack(coords, axis=1)


@shader_factory
def make_training_shader(layout: "ParameterLayout"):
    """Forward, loss gradient, backward and gradient accumulation for one batch."""
    shapes = layout.shapes
    layers = len(shapes)

    @compute_shader(numthreads=(THREADS_PER_GROUP, 1, 1))
    def train(params=ByteAddressBuffer("t0"), grads=RWByteAddressBuffer("u0"),
              losses=RWByteAddressBuffer("u1"), constants=RootConstants("b0", 2)):
        thread = SV_DispatchThreadID()[:, 0]
        batch, step = constants[0], constants[1]
        with if_(thread < batch):
            uv = sample_uv(thread, step)
            target = target_image(uv)
            activations = [float16_t(mlp_inference.encode_uv(uv[:, 0], uv[:, 1]))]
            pre_activations = []
            for layer, (m, k) in enumerate(shapes):
                matrix = MatrixRef[DATA_TYPE_FLOAT16, m, k, MATRIX_LAYOUT_OUTER_PRODUCT_OPTIMAL](
                    params, layout.matrix_offsets[layer])
                bias = VectorRef[DATA_TYPE_FLOAT16](params, layout.bias_offsets[layer])
                z = MulAdd[float16_t](matrix, MakeInterpretedVector[DATA_TYPE_FLOAT16](activations[-1]), bias)
                pre_activations.append(z)
                if layer < layers - 1:
                    activations.append(max(z, float16_t(0)))
            y = 1.0 / (1.0 + exp(-float32_t(pre_activations[-1])))
            error = y - target
            losses.Store[float32_t](thread * 4, (error * error).sum(axis=1) / np.float32(3.0))
            # d(mean squared error)/dz through the sigmoid, scaled for FP16 gradients
            scale = np.float32(2.0 * LOSS_SCALE / 3.0) / float32_t(batch)
            delta = float16_t(error * y * (1.0 - y) * scale)
            for layer in reversed(range(layers)):
                m, k = shapes[layer]
                gradient = RWMatrixRef[DATA_TYPE_FLOAT16, m, k, MATRIX_LAYOUT_OUTER_PRODUCT_OPTIMAL](
                    grads, layout.matrix_offsets[layer])
                OuterProductAccumulate(delta, activations[layer], gradient)
                VectorAccumulate(delta, grads, layout.bias_offsets[layer])
                if layer > 0:
                    transposed = MatrixRef[DATA_TYPE_FLOAT16, k, m, MATRIX_LAYOUT_OUTER_PRODUCT_OPTIMAL, True](
                        params, layout.matrix_offsets[layer])
                    back = Mul[float16_t](transposed, MakeInterpretedVector[DATA_TYPE_FLOAT16](delta))
                    # the ReLU derivative; compared widened (exact), as numpy compares halves in a scalar loop
                    delta = select(float32_t(pre_activations[layer - 1]) > 0, back, float16_t(0))

    return train


@compute_shader(numthreads=(THREADS_PER_GROUP, 1, 1))
def adam(params=RWByteAddressBuffer("u0"), grads=RWByteAddressBuffer("u1"), master=RWByteAddressBuffer("u2"),
         moments=RWByteAddressBuffer("u3"), constants=RootConstants("b0", 5)):
    """One Adam step per FP16 element of the raw parameter buffer; clears the gradient."""
    index = SV_DispatchThreadID()[:, 0]
    count = constants[0]
    learning_rate, beta1_power, beta2_power = (constants.asfloat(1), constants.asfloat(2), constants.asfloat(3))
    inverse_loss_scale = constants.asfloat(4)
    with if_(index < count):
        gradient = float32_t(grads.Load[float16_t](index * 2)) * inverse_loss_scale
        grads.Store[float16_t](index * 2, float16_t(0))
        m = moments.Load[float32_t](index * 8)
        v = moments.Load[float32_t](index * 8 + 4)
        m = np.float32(0.9) * m + np.float32(0.1) * gradient
        v = np.float32(0.999) * v + np.float32(0.001) * gradient * gradient
        moments.Store[float32_t](index * 8, m)
        moments.Store[float32_t](index * 8 + 4, v)
        m_hat = m / (np.float32(1.0) - beta1_power)
        v_hat = v / (np.float32(1.0) - beta2_power)
        weight = master.Load[float32_t](index * 4) - learning_rate * m_hat / (sqrt(v_hat) + np.float32(1e-8))
        master.Store[float32_t](index * 4, weight)
        params.Store[float16_t](index * 2, float16_t(weight))


@compute_shader(numthreads=(THREADS_PER_GROUP, 1, 1))
def widen_to_master(params=ByteAddressBuffer("t0"), master=RWByteAddressBuffer("u0"),
                    constants=RootConstants("b0", 1)):
    """FP32 master copy of every FP16 element, in the same (opaque) arrangement."""
    index = SV_DispatchThreadID()[:, 0]
    with if_(index < constants[0]):
        master.Store[float32_t](index * 4, float32_t(params.Load[float16_t](index * 2)))


# --- host -----------------------------------------------------------------------------------------
@dataclass
class ParameterLayout:
    """Where each layer's matrix (OUTER_PRODUCT_OPTIMAL, FP16) and bias (FP16) sit in one buffer."""

    shapes: list[tuple[int, int]]
    matrix_offsets: list[int] = field(default_factory=list)
    matrix_sizes: list[int] = field(default_factory=list)
    bias_offsets: list[int] = field(default_factory=list)
    size: int = 0


@dataclass
class TrainingResult:
    losses: list[tuple[int, float]]
    image_error: float
    learned: np.ndarray
    target: np.ndarray
    skipped: str = ""


def plan_parameters(device: ID3D12Device, shapes: list[tuple[int, int]], float16: int = F16) -> ParameterLayout:
    """Offsets and sizes of FP16 OUTER_PRODUCT_OPTIMAL matrices and biases; `float16` is FLOAT16's number on the
    device's runtime (the 6.9 seed's by default)."""
    layout, offset = ParameterLayout(shapes), 0
    for rows, cols in shapes:
        info = D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO(
            DestLayout=D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_OUTER_PRODUCT_OPTIMAL, DestStride=0,
            NumRows=rows, NumColumns=cols, DestDataType=float16)
        device.GetLinearAlgebraMatrixConversionDestinationInfo(info)
        offset = align_up(offset, MATRIX_ALIGNMENT)
        layout.matrix_offsets.append(offset)
        layout.matrix_sizes.append(info.DestSize)
        offset += info.DestSize
    for rows, _ in shapes:
        offset = align_up(offset, BIAS_ALIGNMENT)
        layout.bias_offsets.append(offset)
        offset += 2 * rows
    layout.size = align_up(offset, 16)
    return layout


def missing_support(device: ID3D12Device) -> str:
    """Why this device cannot train, or '' when it can (tier 1_1 and transposable FP16)."""
    tier = D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL()
    ThrowIfFailed(device.CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, tier, sizeof(tier)))
    if tier.CooperativeVectorTier < D3D12_COOPERATIVE_VECTOR_TIER_1_1:
        return (f"CooperativeVectorTier is {D3D12_COOPERATIVE_VECTOR_TIER(tier.CooperativeVectorTier).name}; "
                f"training needs TIER_1_1 (OuterProductAccumulate, VectorAccumulate)")
    combination = (F16, F16, F16, F16, F16)
    if find_mul_property(query_mul_properties(device), combination, need_transpose=True) is None:
        return "the FP16 Mul/MulAdd combination does not report TransposeSupported; the backward pass needs it"
    return ""


class Trainer:
    """Buffers, pipelines and the per-step command recording of the training sample."""

    #: FLOAT16's number on the device's runtime (the SM 6.10 sample's subclass has the 6.10 SDK's)
    FLOAT16: int = F16

    def __init__(self, gpu: GpuContext, weights: MlpWeights, batch: int) -> None:
        self.gpu, self.batch = gpu, batch
        device = gpu.device
        self.layout = plan_parameters(device, weights.layer_shapes, self.FLOAT16)
        self.elements = self.layout.size // 2
        self.params = gpu.create_buffer(self.layout.size, uav=True, name="params (FP16)")
        self.grads = gpu.create_buffer(self.layout.size, uav=True, name="gradients (FP16)")
        self.master = gpu.create_buffer(self.elements * 4, uav=True, name="master weights (FP32)")
        self.moments = gpu.create_buffer(self.elements * 8, uav=True, name="Adam moments (FP32)")
        self.losses = gpu.create_buffer(batch * 4, uav=True, name="per-sample loss")
        self._upload_initial(weights)
        self.train_root = create_root_signature(device, "t0", "u0", "u1", "b0:2")
        self.adam_root = create_root_signature(device, "u0", "u1", "u2", "u3", "b0:5")
        self.widen_root = create_root_signature(device, "t0", "u0", "b0:1")
        self.train_pso = create_compute_pipeline(device, self.train_root, make_training_shader(self.layout))
        self.adam_pso = create_compute_pipeline(device, self.adam_root, adam)
        widen_pso = create_compute_pipeline(device, self.widen_root, widen_to_master)
        gpu.list.SetPipelineState(widen_pso)
        gpu.list.SetComputeRootSignature(self.widen_root)
        gpu.list.SetComputeRootShaderResourceView(0, self.params.GetGPUVirtualAddress())
        gpu.list.SetComputeRootUnorderedAccessView(1, self.master.GetGPUVirtualAddress())
        gpu.list.SetComputeRoot32BitConstant(2, self.elements, 0)
        gpu.list.Dispatch(-(-self.elements // THREADS_PER_GROUP), 1, 1)
        gpu.execute_and_wait()

    def initial_matrix(self, matrix: np.ndarray) -> tuple[np.ndarray, int]:
        """The row-major matrix to upload and its datatype: float32, which the 6.9 conversion rounds to FP16."""
        return matrix, D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT32

    def _upload_initial(self, weights: MlpWeights) -> None:
        """Row-major weights (`initial_matrix`) -> FP16 OUTER_PRODUCT_OPTIMAL in the parameter buffer; FP16 biases."""
        gpu, base = self.gpu, self.params.GetGPUVirtualAddress()
        infos, keep_alive = [], []
        for weights_matrix, offset in zip(weights.matrices, self.layout.matrix_offsets):
            matrix, source_type = self.initial_matrix(weights_matrix)
            rows, cols = matrix.shape
            source = gpu.upload_buffer(matrix, name="initial weights")
            keep_alive.append(source)
            infos.append(D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO(
                DestInfo=D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO(
                    DestLayout=D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_OUTER_PRODUCT_OPTIMAL, NumRows=rows,
                    NumColumns=cols, DestDataType=self.FLOAT16),
                SrcInfo=D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_SRC_INFO(
                    SrcSize=matrix.nbytes, SrcDataType=source_type,
                    SrcLayout=D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_ROW_MAJOR, SrcStride=cols * matrix.itemsize),
                DataDesc=D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DATA(
                    DestVA=base + offset, SrcVA=source.GetGPUVirtualAddress())))
        for info in infos:
            gpu.device.GetLinearAlgebraMatrixConversionDestinationInfo(info.DestInfo)
        biases = np.zeros(self.layout.size, np.uint8)
        for bias, offset in zip(weights.biases, self.layout.bias_offsets):
            biases[offset: offset + bias.size * 2] = bias.astype(np.float16).view(np.uint8)
        bias_upload = gpu.upload_buffer(biases, name="initial biases")
        for bias, offset in zip(weights.biases, self.layout.bias_offsets):  # params: COMMON -> COPY_DEST
            gpu.list.CopyBufferRegion(self.params, offset, bias_upload, offset, bias.size * 2)
        gpu.list.ResourceBarrier(1, [CD3DX12_RESOURCE_BARRIER.Transition(
            self.params, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_UNORDERED_ACCESS)])
        gpu.list.ConvertLinearAlgebraMatrix(infos, len(infos))
        gpu.execute_and_wait()

    def step(self, step: int, learning_rate: float) -> None:
        gpu = self.gpu
        gpu.list.SetPipelineState(self.train_pso)
        gpu.list.SetComputeRootSignature(self.train_root)
        gpu.list.SetComputeRootShaderResourceView(0, self.params.GetGPUVirtualAddress())
        gpu.list.SetComputeRootUnorderedAccessView(1, self.grads.GetGPUVirtualAddress())
        gpu.list.SetComputeRootUnorderedAccessView(2, self.losses.GetGPUVirtualAddress())
        gpu.list.SetComputeRoot32BitConstants(3, 2, np.array([self.batch, step], np.uint32), 0)
        gpu.list.Dispatch(-(-self.batch // THREADS_PER_GROUP), 1, 1)
        # Adam reads the gradients the training Dispatch accumulated, and writes the parameters it read
        gpu.list.ResourceBarrier(2, [CD3DX12_RESOURCE_BARRIER.UAV(self.grads), CD3DX12_RESOURCE_BARRIER.Transition(
            self.params, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_UNORDERED_ACCESS)])
        constants = np.array([self.elements, 0, 0, 0, 0], np.uint32)
        constants[1:].view(np.float32)[:] = [learning_rate, 0.9 ** (step + 1), 0.999 ** (step + 1), 1.0 / LOSS_SCALE]
        gpu.list.SetPipelineState(self.adam_pso)
        gpu.list.SetComputeRootSignature(self.adam_root)
        for index, resource in enumerate((self.params, self.grads, self.master, self.moments)):
            gpu.list.SetComputeRootUnorderedAccessView(index, resource.GetGPUVirtualAddress())
        gpu.list.SetComputeRoot32BitConstants(4, 5, constants, 0)
        gpu.list.Dispatch(-(-self.elements // THREADS_PER_GROUP), 1, 1)
        gpu.list.ResourceBarrier(1, [CD3DX12_RESOURCE_BARRIER.Transition(  # the next step reads them again
            self.params, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE)])
        gpu.execute_and_wait()

    def batch_loss(self) -> float:
        return float(self.gpu.read_back(self.losses, self.batch * 4).view(np.float32).mean())

    def mul_optimal_weights(self) -> tuple[ID3D12Resource, list[int]]:
        """Convert the trained OUTER_PRODUCT_OPTIMAL matrices to MUL_OPTIMAL for inference."""
        gpu, infos, offsets, total = self.gpu, [], [], 0
        for (rows, cols), source_offset, source_size in zip(self.layout.shapes, self.layout.matrix_offsets,
                                                             self.layout.matrix_sizes):
            info = D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO(
                DestInfo=D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO(
                    DestLayout=D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_MUL_OPTIMAL, NumRows=rows, NumColumns=cols,
                    DestDataType=self.FLOAT16),
                SrcInfo=D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_SRC_INFO(
                    SrcSize=source_size, SrcDataType=self.FLOAT16,
                    SrcLayout=D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_OUTER_PRODUCT_OPTIMAL),
                DataDesc=D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DATA(
                    SrcVA=self.params.GetGPUVirtualAddress() + source_offset))
            gpu.device.GetLinearAlgebraMatrixConversionDestinationInfo(info.DestInfo)
            total = align_up(total, MATRIX_ALIGNMENT)
            offsets.append(total)
            total += info.DestInfo.DestSize
            infos.append(info)
        weights = gpu.create_buffer(total, uav=True, name="trained weights (MUL_OPTIMAL)")
        for info, offset in zip(infos, offsets):
            info.DataDesc.DestVA = weights.GetGPUVirtualAddress() + offset
        gpu.list.ConvertLinearAlgebraMatrix(infos, len(infos))
        gpu.execute_and_wait()
        return weights, offsets


def training_network(seed: int = 11) -> MlpWeights:
    """16 -> 32 -> 32 -> 3, zero biases: small enough to train in seconds on the emulator."""
    rng = np.random.default_rng(seed)
    sizes = [INPUT_FEATURES, HIDDEN, HIDDEN, 3]
    matrices = tuple((rng.standard_normal((m, k)) * np.sqrt(2.0 / k)).astype(np.float32)
                     for k, m in zip(sizes[:-1], sizes[1:]))
    biases = tuple(np.zeros(m, np.float32) for m in sizes[1:])
    return MlpWeights(matrices, biases)


def train(profile: str = "reference", steps: int = 300, batch: int = 2048, size: int = 64,
          learning_rate: float = 1e-2, log_every: int = 25, out: str | Path | None = None,
          verbose: bool = True, on_loss: Callable[[int, float], None] | None = None) -> TrainingResult:
    """Train, logging the batch loss every `log_every` steps (and the last); `on_loss(step, loss)` is called with
    each logged loss as it is measured, so a caller can show progress."""
    gpu = GpuContext(profile)
    uv = pixel_uv(size, size)
    target = target_image(uv)
    reason = missing_support(gpu.device)
    if reason:
        if verbose:
            print(f"training skipped on profile '{profile}': {reason}")
        return TrainingResult([], float("nan"), np.zeros((size, size, 3)), target.reshape(size, size, 3), reason)
    weights = training_network()
    trainer = Trainer(gpu, weights, batch)
    losses: list[tuple[int, float]] = []
    for step in range(steps):
        trainer.step(step, learning_rate)
        if step % log_every == 0 or step == steps - 1:
            losses.append((step, trainer.batch_loss()))
            if on_loss is not None:
                on_loss(*losses[-1])
            if verbose:
                print(f"  step {step:4d}  loss {losses[-1][1]:.5f}")
    weight_buffer, weight_offsets = trainer.mul_optimal_weights()
    learned = render(gpu, trainer, weight_buffer, weight_offsets, size)
    image_error = float(np.mean((learned.reshape(-1, 3) - target) ** 2))
    result = TrainingResult(losses, image_error, learned, target.reshape(size, size, 3))
    if out is not None:
        write_png(Path(out) / "training_target_vs_learned.png", side_by_side(result))
    return result


def side_by_side(result: TrainingResult, upscale: int = 4) -> np.ndarray:
    """Target (left) and learned (right) images, enlarged with nearest-neighbour pixels."""
    pair = np.concatenate([result.target, result.learned], axis=1)
    return pair.repeat(upscale, axis=0).repeat(upscale, axis=1)


def render(gpu: GpuContext, trainer: Trainer, weights: ID3D12Resource, offsets: list[int], size: int) -> np.ndarray:
    """Inference with the trained MUL_OPTIMAL weights through the inference sample's shader."""
    shapes = trainer.layout.shapes
    bias_buffer = trainer.params  # biases stay where training left them, FP16
    image = gpu.create_buffer(size * size * 12, uav=True, name="learned image")
    constants = np.zeros(mlp_inference.FLOAT_CONSTANTS, np.uint32)
    constants[:2] = size, size
    constants[mlp_inference.WEIGHT_OFFSET: mlp_inference.WEIGHT_OFFSET + len(shapes)] = offsets
    constants[mlp_inference.BIAS_OFFSET: mlp_inference.BIAS_OFFSET + len(shapes)] = trainer.layout.bias_offsets
    root = create_root_signature(gpu.device, "t0", "t1", "u0", f"b0:{constants.size}")
    pso = create_compute_pipeline(gpu.device, root, mlp_inference.make_float_shader(int(F16), shapes))
    gpu.list.SetPipelineState(pso)
    gpu.list.SetComputeRootSignature(root)
    gpu.list.SetComputeRootShaderResourceView(0, weights.GetGPUVirtualAddress())
    gpu.list.SetComputeRootShaderResourceView(1, bias_buffer.GetGPUVirtualAddress())
    gpu.list.SetComputeRootUnorderedAccessView(2, image.GetGPUVirtualAddress())
    gpu.list.SetComputeRoot32BitConstants(3, constants.size, constants, 0)
    gpu.list.Dispatch(-(-size // THREADS_PER_GROUP), size, 1)
    gpu.execute_and_wait()
    return gpu.read_back(image, size * size * 12).view(np.float32).reshape(size, size, 3)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--profile", default="reference", type=sample_args.profile)
    parser.add_argument("--steps", type=sample_args.int_in(1, 100_000), default=300)
    parser.add_argument("--batch", type=sample_args.int_in(1, 1 << 20), default=2048, help="threads per step")
    parser.add_argument("--size", type=sample_args.int_in(1, 1024), default=64,
                        help="rendered image width and height")
    parser.add_argument("--learning-rate", type=sample_args.positive_float, default=1e-2)
    parser.add_argument("--out", type=sample_args.output_folder, default="out")
    args = parser.parse_args(argv)
    print(f"MLP training 16 -> {HIDDEN} -> {HIDDEN} -> 3, batch {args.batch}, {args.steps} steps "
          f"on profile '{args.profile}'")
    result = train(args.profile, args.steps, args.batch, args.size, args.learning_rate, out=args.out)
    if result.skipped:
        return 0
    print(f"loss {result.losses[0][1]:.5f} -> {result.losses[-1][1]:.5f}; image MSE of the MUL_OPTIMAL "
          f"inference {result.image_error:.5f}; wrote {Path(args.out) / 'training_target_vs_learned.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
