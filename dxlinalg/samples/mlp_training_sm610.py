"""Neural-shading training written for Shader Model 6.10: `mlp_training`'s MLP with `dx::linalg::Matrix`.

The host side (FP16 parameters in OUTER_PRODUCT_OPTIMAL, the Adam shader, buffers and per-step commands) is
`dxlinalg.samples.mlp_training`'s, on a device created for SM 6.10: `missing_support` asks features 77/78, and the initial
weights are rounded to FP16 on the CPU (nearest even, as the 6.9 conversion rounds) because a 6.10 conversion
keeps the type. The training shader is 0035's thread-scope API:

    forward:  W = Matrix<F16, M, K, A, Thread>::Load<MatrixLayout::OuterProductOptimal>(Params, Offset, 0);
              z = MultiplyAdd<half>(W, x, VectorRef<ComponentType::F16, M>{Params, BiasOffset});
    backward: OuterProduct<ComponentType::F16>(delta, x).InterlockedAccumulate(Grads, Offset);
              InterlockedAccumulate(Grads, BiasOffset, delta);
              WT = Matrix<F16, K, M, A, Thread>::Load<MatrixLayout::OuterProductOptimalTranspose>(Params, Offset, 0);
              delta = Multiply<half>(WT, delta) (through the ReLU's derivative)

One change the API forces: back-propagating through the 3-output layer reads its 3 x 32 matrix transposed, a
Thread-scope A matrix with K = 3, and 0035 (DXC: Instr.LinAlgIllegalKDim) needs K >= 4. So the output layer is
padded to 4 rows of zero weights and bias; its fourth output takes no part in the loss, its delta is 0, so its
gradients and Adam updates stay 0 and every real parameter follows the SM 6.9 sample's bit for bit
(tests/samples/test_mlp_training_sm610.py).

    python -m dxlinalg.samples.mlp_training_sm610 [--profile P] [--steps N] [--batch B]
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

from d3d12api import ID3D12Device, ThrowIfFailed, sizeof
from d3d12api.sm610 import (
    D3D12_FEATURE_DATA_LINEAR_ALGEBRA_SUPPORT,
    D3D12_FEATURE_LINEAR_ALGEBRA_SUPPORT,
    D3D12_LINEAR_ALGEBRA_ATOMIC_ACCUMULATE_STORE_SUPPORT,
    D3D12_LINEAR_ALGEBRA_DATATYPE,
    D3D12_LINEAR_ALGEBRA_MULTIPLICATION_SUPPORT_FLAGS,
    D3D12_LINEAR_ALGEBRA_OPERATION_TYPE,
    D3D12_LINEAR_ALGEBRA_THREAD_OUTER_PRODUCT_SUPPORT,
    D3D12_LINEAR_ALGEBRA_THREAD_VECTOR_MATRIX_MULTIPLY_SUPPORT,
    D3D12_LINEAR_ALGEBRA_TIER,
    D3D_SHADER_MODEL_6_10,
)
from dxlinalg.gpu.shader import shader_factory
from dxlinalg.hlsl import (
    ByteAddressBuffer,
    RootConstants,
    RWByteAddressBuffer,
    SV_DispatchThreadID,
    compute_shader,
    exp,
    float16_t,
    float32_t,
    if_,
    max,
    select,
)
from dxlinalg.hlsl import sm610 as linalg
from dxlinalg.samples import mlp_inference, mlp_training, sample_args
from dxlinalg.samples.host_helpers import GpuContext, ask_linalg_operation, create_compute_pipeline
from dxlinalg.samples.mlp_model import MlpWeights
from dxlinalg.samples.mlp_training import LOSS_SCALE, THREADS_PER_GROUP, ParameterLayout, sample_uv, target_image

C, U, S, L = linalg.ComponentType, linalg.MatrixUse, linalg.MatrixScope, linalg.MatrixLayout
OUTPUTS = 3            # the image's channels
PADDED_OUTPUTS = 4     # the output layer's rows: 0035's K >= 4 for the transposed backward matrix


def padded(weights: MlpWeights) -> MlpWeights:
    """The network with its output layer padded by zero rows (and zero biases) to PADDED_OUTPUTS outputs."""
    last, bias = weights.matrices[-1], weights.biases[-1]
    extra = PADDED_OUTPUTS - last.shape[0]
    return MlpWeights((*weights.matrices[:-1], np.vstack([last, np.zeros((extra, last.shape[1]), last.dtype)])),
                      (*weights.biases[:-1], np.concatenate([bias, np.zeros(extra, bias.dtype)])))


@shader_factory
def make_training_shader(layout: ParameterLayout):
    """Forward, loss gradient, backward and gradient accumulation for one batch, in SM 6.10's API."""
    shapes = layout.shapes
    layers = len(shapes)

    @compute_shader(numthreads=(THREADS_PER_GROUP, 1, 1))
    def train_sm610(params=ByteAddressBuffer("t0"), grads=RWByteAddressBuffer("u0"),
                    losses=RWByteAddressBuffer("u1"), constants=RootConstants("b0", 2)):
        thread = SV_DispatchThreadID()[:, 0]
        batch, step = constants[0], constants[1]
        with if_(thread < batch):
            uv = sample_uv(thread, step)
            target = target_image(uv)
            activations = [float16_t(mlp_inference.encode_uv(uv[:, 0], uv[:, 1]))]
            pre_activations = []
            for layer, (m, k) in enumerate(shapes):
                W = linalg.Matrix[C.F16, m, k, U.A, S.Thread].Load[L.OuterProductOptimal](
                    params, layout.matrix_offsets[layer], 0)
                bias = linalg.VectorRef[C.F16, m](params, layout.bias_offsets[layer])
                z = linalg.MultiplyAdd[float16_t](W, activations[-1], bias)
                pre_activations.append(z)
                if layer < layers - 1:
                    activations.append(max(z, float16_t(0)))
            y = 1.0 / (1.0 + exp(-float32_t(pre_activations[-1][:, :OUTPUTS])))
            error = y - target
            losses.Store[float32_t](thread * 4, (error * error).sum(axis=1) / np.float32(3.0))
            scale = np.float32(2.0 * LOSS_SCALE / 3.0) / float32_t(batch)
            delta = float16_t(error * y * (1.0 - y) * scale)
            delta = np.concatenate([delta, np.zeros((delta.shape[0], PADDED_OUTPUTS - OUTPUTS), delta.dtype)], axis=1)
            for layer in reversed(range(layers)):
                m, k = shapes[layer]
                linalg.OuterProduct[C.F16](delta, activations[layer]).InterlockedAccumulate(
                    grads, layout.matrix_offsets[layer])
                linalg.InterlockedAccumulate(grads, layout.bias_offsets[layer], delta)
                if layer > 0:
                    WT = linalg.Matrix[C.F16, k, m, U.A, S.Thread].Load[L.OuterProductOptimalTranspose](
                        params, layout.matrix_offsets[layer], 0)
                    back = linalg.Multiply[float16_t](WT, delta)
                    delta = select(float32_t(pre_activations[layer - 1]) > 0, back, float16_t(0))

    return train_sm610


FLOAT16 = D3D12_LINEAR_ALGEBRA_DATATYPE.FLOAT16       # the 6.10 SDK's number (7)
OPERATION = D3D12_LINEAR_ALGEBRA_OPERATION_TYPE



def missing_support(device: ID3D12Device) -> str:
    """Why this 6.10 device cannot train, or '' when it can: FP16 matrix x vector with TRANSPOSE (the backward
    pass), FP16 -> FP16 outer products, FP16 accumulate-store to buffers (features 77 and 78)."""
    tier = D3D12_FEATURE_DATA_LINEAR_ALGEBRA_SUPPORT()
    ThrowIfFailed(device.CheckFeatureSupport(D3D12_FEATURE_LINEAR_ALGEBRA_SUPPORT, tier, sizeof(tier)))
    if tier.LinearAlgebraTier == D3D12_LINEAR_ALGEBRA_TIER.TIER_NOT_SUPPORTED:
        return "LinearAlgebraTier is NOT_SUPPORTED"
    vector = ask_linalg_operation(device, OPERATION.THREAD_VECTOR_MATRIX_MULTIPLY, "ThreadVectorMatrixMultiply",
                  D3D12_LINEAR_ALGEBRA_THREAD_VECTOR_MATRIX_MULTIPLY_SUPPORT(FLOAT16, FLOAT16, FLOAT16, FLOAT16))
    if not vector.SupportFlags & D3D12_LINEAR_ALGEBRA_MULTIPLICATION_SUPPORT_FLAGS.TRANSPOSE:
        return "the FP16 matrix x vector multiply does not report TRANSPOSE; the backward pass needs it"
    outer = ask_linalg_operation(device, OPERATION.THREAD_OUTER_PRODUCT, "ThreadOuterProductSupport",
                 D3D12_LINEAR_ALGEBRA_THREAD_OUTER_PRODUCT_SUPPORT(FLOAT16, FLOAT16))
    if not outer.Supported:
        return "FP16 -> FP16 outer products are not supported; the gradients need them"
    store = ask_linalg_operation(device, OPERATION.ATOMIC_ACCUMULATE_STORE, "AccumulateStore",
                 D3D12_LINEAR_ALGEBRA_ATOMIC_ACCUMULATE_STORE_SUPPORT(FLOAT16))
    if not store.RWByteAddressBufferSupported:
        return "FP16 accumulate-store to a RWByteAddressBuffer is not supported; the gradients need it"
    return ""


class Trainer(mlp_training.Trainer):
    """The SM 6.9 sample's trainer over the padded network, on a 6.10 device, with the SM 6.10 training shader."""

    FLOAT16 = FLOAT16

    def __init__(self, gpu: GpuContext, weights: MlpWeights, batch: int) -> None:
        super().__init__(gpu, padded(weights), batch)
        self.train_pso = create_compute_pipeline(gpu.device, self.train_root, make_training_shader(self.layout))

    def initial_matrix(self, matrix: np.ndarray) -> tuple[np.ndarray, int]:
        """FP16 on the CPU: a 6.10 conversion keeps the type ("SrcComponentType and DestComponentType must be
        identical")."""
        return matrix.astype(np.float16), FLOAT16


def train(profile: str = "reference", steps: int = 300, batch: int = 2048, learning_rate: float = 1e-2,
          log_every: int = 25, verbose: bool = True) -> tuple[Trainer | None, list[tuple[int, float]]]:
    """Train the sample's network; (the trainer, the logged (step, batch loss) pairs), or (None, []) where the
    profile lacks what training needs (the SM 6.9 sample's check)."""
    gpu = GpuContext(profile, shader_model=D3D_SHADER_MODEL_6_10)
    reason = missing_support(gpu.device)
    if reason:
        if verbose:
            print(f"training skipped on profile '{profile}': {reason}")
        return None, []
    trainer = Trainer(gpu, mlp_training.training_network(), batch)
    losses: list[tuple[int, float]] = []
    for step in range(steps):
        trainer.step(step, learning_rate)
        if step % log_every == 0 or step == steps - 1:
            losses.append((step, trainer.batch_loss()))
            if verbose:
                print(f"  step {step:4d}  loss {losses[-1][1]:.5f}")
    return trainer, losses


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--profile", default="reference", type=sample_args.profile)
    parser.add_argument("--steps", type=sample_args.int_in(1, 100_000), default=300)
    parser.add_argument("--batch", type=sample_args.int_in(1, 1 << 20), default=2048, help="threads per step")
    args = parser.parse_args(argv)
    print(f"MLP training (SM 6.10 dx::linalg::Matrix) 16 -> 32 -> 32 -> 3 (padded to 4), batch {args.batch}, "
          f"{args.steps} steps on profile '{args.profile}'")
    _, losses = train(args.profile, args.steps, args.batch)
    if losses:
        print(f"loss {losses[0][1]:.5f} -> {losses[-1][1]:.5f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
