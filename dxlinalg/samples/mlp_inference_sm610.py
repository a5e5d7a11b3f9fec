"""Neural-shading inference written for Shader Model 6.10: the MLP of `mlp_inference` with `dx::linalg::Matrix`.

The network, the weights and most of the host code (DestSize, the MUL_OPTIMAL conversion, root signature,
Dispatch, read-back) are `dxlinalg.samples.mlp_inference`'s. The host code is SM 6.10's where the runtimes differ: the
device is created for D3D_SHADER_MODEL_6_10, the combination is asked of the per-operation query (feature 78),
and since a 6.10 conversion keeps the type, the weights are rounded to FP16 or FP8 on the CPU (nearest even, as
the 6.9 conversion rounds) before ConvertLinearAlgebraMatrix lays them out. The shader changes from SM 6.9's
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

import ml_dtypes
import numpy as np

from d3d12api import *  # noqa: F403  (the D3D12 names, as C++ has them)
from d3d12api.sm610 import *  # noqa: F403  (the 6.10 SDK's names and datatype numbers)
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
from dxlinalg.samples.host_helpers import GpuContext, ask_linalg_operation
from dxlinalg.samples.mlp_inference import (
    BIAS_OFFSET,
    DEQUANT,
    FLOAT_CONSTANTS,
    INT8_CONSTANTS,
    LAYERS,
    QUANT,
    THREADS_PER_GROUP,
    WEIGHT_OFFSET,
    InferenceInputs,
    InferenceResult,
    convert_weights,
    finish_variant,
    quantise_int8,
    shader_encoding,
)
from dxlinalg.samples.mlp_model import MlpWeights

C, U, S, L = linalg.ComponentType, linalg.MatrixUse, linalg.MatrixScope, linalg.MatrixLayout
#: Each float variant's weights: the 6.10 SDK datatype, the CPU type they are rounded to, the shader's ComponentType.
FLOAT_WEIGHTS = {
    "fp16": (D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT16, np.float16, C.F16),
    "e4m3": (D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT8_E4M3FN, ml_dtypes.float8_e4m3fn, C.F8_E4M3FN),
    "e5m2": (D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT8_E5M2, ml_dtypes.float8_e5m2, C.F8_E5M2)}


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


def vector_multiply_supported(device: ID3D12Device, vector: int, matrix: int, bias: int, result: int) -> bool:
    """THREAD_VECTOR_MATRIX_MULTIPLY of feature 78, as an application asks it."""
    answer = ask_linalg_operation(device, D3D12_LINEAR_ALGEBRA_OPERATION_TYPE_THREAD_VECTOR_MATRIX_MULTIPLY,
                                  "ThreadVectorMatrixMultiply",
                                  D3D12_LINEAR_ALGEBRA_THREAD_VECTOR_MATRIX_MULTIPLY_SUPPORT(vector, matrix, bias, result))
    return bool(answer.SupportFlags & D3D12_LINEAR_ALGEBRA_MULTIPLICATION_SUPPORT_FLAG_SUPPORTED)


def prepare_variant(gpu: GpuContext, variant: str, weights: MlpWeights, width: int,
                    height: int) -> mlp_inference.InferencePass:
    """The SM 6.9 sample's preparation with SM 6.10 host code (feature 77/78 checks, same-type conversions)."""
    device = gpu.device
    tier = D3D12_FEATURE_DATA_LINEAR_ALGEBRA_SUPPORT()
    ThrowIfFailed(device.CheckFeatureSupport(D3D12_FEATURE_LINEAR_ALGEBRA_SUPPORT, tier, sizeof(tier)))
    if tier.LinearAlgebraTier == D3D12_LINEAR_ALGEBRA_TIER_NOT_SUPPORTED:
        raise SystemExit("this device has no SM 6.10 linear algebra (LinearAlgebraTier = NOT_SUPPORTED)")
    shapes = weights.layer_shapes
    if len(shapes) != LAYERS:
        raise ValueError(f"the root-constant layout holds {LAYERS} layers, the network has {len(shapes)}")
    int8, f16 = D3D12_LINEAR_ALGEBRA_DATATYPE_SINT8, D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT16
    note = ""
    if variant == "int8":
        if not vector_multiply_supported(device, int8, int8, D3D12_LINEAR_ALGEBRA_DATATYPE_SINT32,
                                         D3D12_LINEAR_ALGEBRA_DATATYPE_SINT32):
            raise SystemExit("the int8 combination is not reported; a real application would skip it")
        quantised, biases, scales = quantise_int8(weights, width, height)
        weight_buffer, weight_offsets = convert_weights(gpu, quantised, int8, int8)
        shader = make_int8_shader(shapes)
        weight_type = "SINT8 (packed int8 input, int32 bias)"
    else:
        datatype, host_type, component = FLOAT_WEIGHTS[variant]
        if not vector_multiply_supported(device, f16, datatype, f16, f16):
            note = f"{variant} combination not reported; fell back to FP16 weights"
            datatype, host_type, component = FLOAT_WEIGHTS["fp16"]
        rounded = [matrix.astype(host_type) for matrix in weights.matrices]
        weight_buffer, weight_offsets = convert_weights(gpu, rounded, datatype, datatype)
        biases = [b.astype(np.float16) for b in weights.biases]
        scales = np.zeros(0, np.uint32)
        shader = make_float_shader(component, shapes)
        weight_type = D3D12_LINEAR_ALGEBRA_DATATYPE(datatype).name
    return finish_variant(gpu, InferenceInputs(variant, weight_type, note, weight_buffer, weight_offsets, biases,
                                               scales, shader), width, height)


def run_variant(gpu: GpuContext, variant: str, weights: MlpWeights, width: int, height: int) -> InferenceResult:
    """Prepare the variant, render one frame, and compare it with the float64 network (`mlp_inference`'s loop)."""
    return mlp_inference.run_variant(gpu, variant, weights, width, height, prepare=prepare_variant)


def main(argv: list[str] | None = None) -> int:
    return mlp_inference.run_sample(argv, __doc__, prepare_variant, "inference_sm610",
                                    "MLP inference (SM 6.10 dx::linalg::Matrix)", D3D_SHADER_MODEL_6_10)


if __name__ == "__main__":
    sys.exit(main())
