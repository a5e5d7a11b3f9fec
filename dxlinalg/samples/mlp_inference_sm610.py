"""Neural-shading inference written for Shader Model 6.10: the MLP of `mlp_inference` with `dx::linalg::Matrix`.

The network, the weights, the host code (tier and combination checks, DestSize, the MUL_OPTIMAL conversion,
root signature, Dispatch, read-back) are `dxlinalg.samples.mlp_inference`'s; only the shader changes, from SM 6.9's
`MatrixRef`/`MulAdd` to SM 6.10's thread-scope API (proposal 0035's "Cooperative Vector Replacement"):

    Matrix<DT, M, K, MatrixUse::A, MatrixScope::Thread> W =
        Matrix<DT, M, K, MatrixUse::A, MatrixScope::Thread>::Load<MatrixLayout::MulOptimal>(Weights, Offset, 0);
    x = MultiplyAdd<half>(W, Convert<DT, ComponentType::F16>(x), VectorRef<ComponentType::F16, M>{Biases, B});

FP16 and int8 give the SM 6.9 sample's image bit for bit (the same core). The FP8 variants convert the
activations with `Convert`, as 0035 writes it; where a profile multiplies FP16 inputs as they are under an FP8
interpretation (`accumulation.matvec_fp8_input = keep_fp16`, the H100) SM 6.9's image differs, as it would on
that device.

    python -m dxlinalg.samples.mlp_inference_sm610 [--profile P] [--variant fp16|e4m3|e5m2|int8|all] [--size N]
"""

from __future__ import annotations

import sys

import numpy as np

from d3d12api import *  # noqa: F403  (the D3D12 names, as C++ has them)
from dxlinalg.gpu.shader import shader_factory
from dxlinalg.hlsl import (
    ByteAddressBuffer,
    RootConstants,
    RWByteAddressBuffer,
    SV_DispatchThreadID,
    compute_shader,
    exp,
    float3,
    float16_t,
    float32_t,
    if_,
    int32_t,
    max,
    pack_clamp_s8,
    round,
)
from dxlinalg.hlsl import sm610 as linalg
from dxlinalg.samples import mlp_inference
from dxlinalg.samples.host_helpers import GpuContext, create_compute_pipeline
from dxlinalg.samples.mlp_inference import (
    BIAS_OFFSET,
    DEQUANT,
    FLOAT_CONSTANTS,
    INT8_CONSTANTS,
    QUANT,
    THREADS_PER_GROUP,
    WEIGHT_OFFSET,
    InferenceResult,
    shader_encoding,
)
from dxlinalg.samples.mlp_model import MlpWeights

C, U, S, L = linalg.ComponentType, linalg.MatrixUse, linalg.MatrixScope, linalg.MatrixLayout
#: The SM 6.10 ComponentType of each weight type the host code converts to.
WEIGHT_TYPES = {"FLOAT16": C.F16, "E4M3": C.F8_E4M3FN, "E5M2": C.F8_E5M2}


@shader_factory
def make_float_shader(component: C, shapes: list[tuple[int, int]]):
    """FP16 activations, weights of `component` in MUL_OPTIMAL, FP16 biases; ReLU between layers, sigmoid out."""
    layers = len(shapes)

    @compute_shader(numthreads=(THREADS_PER_GROUP, 1, 1))
    def mlp_float_sm610(weights=ByteAddressBuffer("t0"), biases=ByteAddressBuffer("t1"),
                        image=RWByteAddressBuffer("u0"), constants=RootConstants("b0", FLOAT_CONSTANTS)):
        xy = SV_DispatchThreadID()[:, :2]
        width, height = constants[0], constants[1]
        with if_(xy[:, 0] < width):
            pixel = xy[:, 1] * width + xy[:, 0]
            x = float16_t(shader_encoding(xy, width, height))
            for layer, (m, k) in enumerate(shapes):
                Weights = linalg.Matrix[component, m, k, U.A, S.Thread]
                W = Weights.Load[L.MulOptimal](weights, int(constants[WEIGHT_OFFSET + layer]), 0)
                bias = linalg.VectorRef[C.F16, m](biases, constants[BIAS_OFFSET + layer])
                x = linalg.MultiplyAdd[float16_t](W, linalg.Convert[component, C.F16](x), bias)
                if layer < layers - 1:
                    x = max(x, float16_t(0))
            rgb = 1.0 / (1.0 + exp(-float32_t(x)))
            image.Store[float3](pixel * 12, rgb)

    return mlp_float_sm610


@shader_factory
def make_int8_shader(shapes: list[tuple[int, int]]):
    """Packed int8 activations (`MakeInterpretedVector<I8>` of uint words), int8 weights, int32 bias."""
    layers = len(shapes)

    @compute_shader(numthreads=(THREADS_PER_GROUP, 1, 1))
    def mlp_int8_sm610(weights=ByteAddressBuffer("t0"), biases=ByteAddressBuffer("t1"),
                       image=RWByteAddressBuffer("u0"), constants=RootConstants("b0", INT8_CONSTANTS)):
        xy = SV_DispatchThreadID()[:, :2]
        width, height = constants[0], constants[1]
        with if_(xy[:, 0] < width):
            pixel = xy[:, 1] * width + xy[:, 0]
            features = shader_encoding(xy, width, height)
            quantised = int32_t(round(features * constants.asfloat(QUANT)))
            packed = pack_clamp_s8(quantised.reshape(-1, shapes[0][1] // 4, 4))
            for layer, (m, k) in enumerate(shapes):
                Weights = linalg.Matrix[C.I8, m, k, U.A, S.Thread]
                W = Weights.Load[L.MulOptimal](weights, int(constants[WEIGHT_OFFSET + layer]), 0)
                bias = linalg.VectorRef[C.I32, m](biases, constants[BIAS_OFFSET + layer])
                accumulator = linalg.MultiplyAdd[int32_t](W, linalg.MakeInterpretedVector[C.I8](packed), bias)
                y = float32_t(accumulator) * constants.asfloat(DEQUANT + layer)
                if layer < layers - 1:
                    y = max(y, np.float32(0))
                    quantised = int32_t(round(y * constants.asfloat(QUANT + 1 + layer)))
                    packed = pack_clamp_s8(quantised.reshape(-1, m // 4, 4))
            rgb = 1.0 / (1.0 + exp(-y))
            image.Store[float3](pixel * 12, rgb)

    return mlp_int8_sm610


def prepare_variant(gpu: GpuContext, variant: str, weights: MlpWeights, width: int,
                    height: int) -> mlp_inference.InferencePass:
    """The SM 6.9 sample's preparation (same checks, weights, constants), with the SM 6.10 shader's pipeline."""
    frame = mlp_inference.prepare_variant(gpu, variant, weights, width, height)
    shapes = weights.layer_shapes
    if variant == "int8":
        shader = make_int8_shader(shapes)
    else:
        shader = make_float_shader(WEIGHT_TYPES[frame.weight_type.removeprefix("D3D12_LINEAR_ALGEBRA_DATATYPE_")],
                                   shapes)
    frame.pipeline = create_compute_pipeline(gpu.device, frame.root_signature, shader)
    return frame


def run_variant(gpu: GpuContext, variant: str, weights: MlpWeights, width: int, height: int) -> InferenceResult:
    """Prepare the variant, render one frame, and compare it with the float64 network (`mlp_inference`'s loop)."""
    return mlp_inference.run_variant(gpu, variant, weights, width, height, prepare=prepare_variant)


def main(argv: list[str] | None = None) -> int:
    return mlp_inference.run_sample(argv, __doc__, prepare_variant, "inference_sm610",
                                    "MLP inference (SM 6.10 dx::linalg::Matrix)")


if __name__ == "__main__":
    sys.exit(main())
