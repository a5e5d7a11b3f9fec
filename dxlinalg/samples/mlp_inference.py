"""Neural-shading inference: an MLP evaluated per pixel with cooperative vectors, D3D12 style.

The host code is what a C++ D3D12 sample does, call for call: check the tier, look for the
Mul/MulAdd combination the variant needs (falling back to FP16 when an FP8 one is missing, as a
shipping application would), query DestSize, convert float32 row-major weights to the device's
MUL_OPTIMAL layout and type on the GPU, bind everything through a root signature, Dispatch,
read back, and compare with a float64 evaluation of the same network.
`mlp_inference.hlsl` beside this file is the HLSL the shaders stand for.

    python -m dxlinalg.samples.mlp_inference [--profile P] [--variant fp16|e4m3|e5m2|int8|all] [--size N]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from d3d12api import *  # noqa: F403  (the D3D12 names, as C++ has them)
from dxlinalg.gpu.shader import shader_factory
from dxlinalg.hlsl import (
    DATA_TYPE_FLOAT16,
    DATA_TYPE_SINT8,
    DATA_TYPE_SINT8_T4_PACKED,
    DATA_TYPE_SINT32,
    MATRIX_LAYOUT_MUL_OPTIMAL,
    ByteAddressBuffer,
    MakeInterpretedVector,
    MatrixRef,
    MulAdd,
    RootConstants,
    RWByteAddressBuffer,
    SV_DispatchThreadID,
    VectorRef,
    compute_shader,
    cos,
    exp,
    float3,
    float16_t,
    float32_t,
    if_,
    int32_t,
    max,
    pack_clamp_s8,
    round,
    sin,
)
from dxlinalg.samples import sample_args
from dxlinalg.samples.host_helpers import (
    GpuContext,
    align_up,
    create_compute_pipeline,
    create_root_signature,
    find_mul_property,
    query_mul_properties,
)
from dxlinalg.samples.mlp_model import ENCODING_FREQUENCIES, MlpWeights, evaluate_float64, frequency_encoding, pixel_uv, random_weights
from dxlinalg.samples.png import write_png

THREADS_PER_GROUP = 64
MATRIX_ALIGNMENT = 128  # 0029: matrix base + offset 128-byte aligned
BIAS_ALIGNMENT = 64     # 0029: bias base + offset 64-byte aligned
FLOAT_VARIANTS = {"fp16": D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT16,
                  "e4m3": D3D12_LINEAR_ALGEBRA_DATATYPE_E4M3,
                  "e5m2": D3D12_LINEAR_ALGEBRA_DATATYPE_E5M2}
VARIANTS = (*FLOAT_VARIANTS, "int8")
MAX_IMAGE_SIZE = 4096  # 4096 x 4096 pixels: 200 MB of image, minutes of emulation


# --- shaders --------------------------------------------------------------------------------------
def encode_uv(u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """The frequency encoding in float32, as the HLSL `Encode` computes it (mlp_model's order)."""
    scales = (np.float32(2.0) ** np.arange(ENCODING_FREQUENCIES, dtype=np.float32)) * np.float32(np.pi)
    au, av = float32_t(u)[:, None] * scales, float32_t(v)[:, None] * scales
    return np.concatenate([sin(au), cos(au), sin(av), cos(av)], axis=1)


def shader_encoding(xy: np.ndarray, width: np.uint32, height: np.uint32) -> np.ndarray:
    """The encoding of each pixel's centre; `xy` holds each lane's (column, row)."""
    u = (float32_t(xy[:, 0]) + np.float32(0.5)) / float32_t(width)
    v = (float32_t(xy[:, 1]) + np.float32(0.5)) / float32_t(height)
    return encode_uv(u, v)


# Root constants, laid out as the HLSL cbuffer (16-byte rows): uint4 (width, height, 0, 0),
# uint4 weightOffset, uint4 biasOffset, float4 dequant, float4 quant (int8 variant only).
LAYERS = 4
WEIGHT_OFFSET, BIAS_OFFSET, DEQUANT, QUANT = 4, 8, 12, 16
FLOAT_CONSTANTS, INT8_CONSTANTS = 12, 20


@shader_factory
def make_float_shader(data_type: int, shapes: list[tuple[int, int]]):
    """`#define DT ...` then compile: one shader per weight type, as an HLSL build would."""
    layers = len(shapes)

    @compute_shader(numthreads=(THREADS_PER_GROUP, 1, 1))
    def mlp_float(weights=ByteAddressBuffer("t0"), biases=ByteAddressBuffer("t1"),
                  image=RWByteAddressBuffer("u0"), constants=RootConstants("b0", FLOAT_CONSTANTS)):
        xy = SV_DispatchThreadID()[:, :2]
        width, height = constants[0], constants[1]
        with if_(xy[:, 0] < width):
            pixel = xy[:, 1] * width + xy[:, 0]
            x = float16_t(shader_encoding(xy, width, height))
            for layer, (m, k) in enumerate(shapes):
                matrix = MatrixRef[data_type, m, k, MATRIX_LAYOUT_MUL_OPTIMAL](weights, constants[WEIGHT_OFFSET + layer])
                bias = VectorRef[DATA_TYPE_FLOAT16](biases, constants[BIAS_OFFSET + layer])
                x = MulAdd[float16_t](matrix, MakeInterpretedVector[data_type](x), bias)
                if layer < layers - 1:
                    x = max(x, float16_t(0))
            rgb = 1.0 / (1.0 + exp(-float32_t(x)))
            image.Store[float3](pixel * 12, rgb)

    return mlp_float


@shader_factory
def make_int8_shader(shapes: list[tuple[int, int]]):
    """Quantised network: packed int8 activations, int8 weights, int32 bias and accumulators."""
    layers = len(shapes)

    @compute_shader(numthreads=(THREADS_PER_GROUP, 1, 1))
    def mlp_int8(weights=ByteAddressBuffer("t0"), biases=ByteAddressBuffer("t1"),
                 image=RWByteAddressBuffer("u0"), constants=RootConstants("b0", INT8_CONSTANTS)):
        xy = SV_DispatchThreadID()[:, :2]
        width, height = constants[0], constants[1]
        with if_(xy[:, 0] < width):
            pixel = xy[:, 1] * width + xy[:, 0]
            features = shader_encoding(xy, width, height)
            quantised = int32_t(round(features * constants.asfloat(QUANT)))
            packed = pack_clamp_s8(quantised.reshape(-1, shapes[0][1] // 4, 4))
            for layer, (m, k) in enumerate(shapes):
                matrix = MatrixRef[DATA_TYPE_SINT8, m, k, MATRIX_LAYOUT_MUL_OPTIMAL](weights, constants[WEIGHT_OFFSET + layer])
                bias = VectorRef[DATA_TYPE_SINT32](biases, constants[BIAS_OFFSET + layer])
                accumulator = MulAdd[int32_t](matrix, MakeInterpretedVector[DATA_TYPE_SINT8_T4_PACKED](packed), bias)
                y = float32_t(accumulator) * constants.asfloat(DEQUANT + layer)
                if layer < layers - 1:
                    y = max(y, np.float32(0))
                    quantised = int32_t(round(y * constants.asfloat(QUANT + 1 + layer)))
                    packed = pack_clamp_s8(quantised.reshape(-1, m // 4, 4))
            rgb = 1.0 / (1.0 + exp(-y))
            image.Store[float3](pixel * 12, rgb)

    return mlp_int8


# --- host -----------------------------------------------------------------------------------------
@dataclass
class InferenceResult:
    variant: str
    weight_type: str
    max_error: float
    mean_error: float
    image: np.ndarray
    note: str = ""


@dataclass(frozen=True)
class Quantisation:
    """Symmetric per-layer int8 scales chosen from the float64 network's activations."""

    weight_scales: tuple[float, ...]
    input_scales: tuple[float, ...]  # scale of each layer's input activations


def calibrate(weights: MlpWeights, features: np.ndarray) -> Quantisation:
    weight_scales = tuple(float(np.abs(m).max()) / 127.0 for m in weights.matrices)
    input_scales = [float(np.abs(features).max()) / 127.0]
    x = features.astype(np.float64)
    for matrix, bias in list(zip(weights.matrices, weights.biases))[:-1]:
        x = np.maximum(x @ matrix.astype(np.float64).T + bias, 0.0)
        input_scales.append(float(x.max()) / 127.0)
    return Quantisation(weight_scales, tuple(input_scales))


def convert_weights(gpu: GpuContext, matrices: list[np.ndarray], source_type: int,
                     dest_type: int) -> tuple[ID3D12Resource, list[int]]:
    """Upload row-major matrices and convert them all to MUL_OPTIMAL in one call."""
    infos, offsets, sources = [], [], []
    total = 0
    for matrix in matrices:
        rows, cols = matrix.shape
        info = D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO()
        info.DestInfo.DestLayout = D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_MUL_OPTIMAL
        info.DestInfo.DestStride = 0
        info.DestInfo.NumRows, info.DestInfo.NumColumns = rows, cols
        info.DestInfo.DestDataType = dest_type
        gpu.device.GetLinearAlgebraMatrixConversionDestinationInfo(info.DestInfo)
        total = align_up(total, MATRIX_ALIGNMENT)
        offsets.append(total)
        total += info.DestInfo.DestSize
        source = gpu.upload_buffer(matrix, name="weights (row-major upload)")
        sources.append(source)
        info.SrcInfo.SrcSize = matrix.nbytes
        info.SrcInfo.SrcDataType = source_type
        info.SrcInfo.SrcLayout = D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_ROW_MAJOR
        info.SrcInfo.SrcStride = cols * matrix.itemsize
        info.DataDesc.SrcVA = source.GetGPUVirtualAddress()
        infos.append(info)
    weights = gpu.create_buffer(total, uav=True, name="weights (MUL_OPTIMAL)")
    for info, offset in zip(infos, offsets):
        info.DataDesc.DestVA = weights.GetGPUVirtualAddress() + offset
    gpu.list.ConvertLinearAlgebraMatrix(infos, len(infos))
    gpu.list.ResourceBarrier(1, [CD3DX12_RESOURCE_BARRIER.Transition(
        weights, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE)])
    gpu.execute_and_wait()
    return weights, offsets


def _pack_vectors(vectors: list[np.ndarray]) -> tuple[np.ndarray, list[int]]:
    """Bias vectors laid out at 64-byte aligned offsets in one buffer."""
    offsets, total = [], 0
    for vector in vectors:
        total = align_up(total, BIAS_ALIGNMENT)
        offsets.append(total)
        total += vector.nbytes
    data = np.zeros(align_up(total, 16), np.uint8)
    for vector, offset in zip(vectors, offsets):
        data[offset: offset + vector.nbytes] = vector.view(np.uint8)
    return data, offsets


@dataclass
class InferencePass:
    """One variant ready to render: weights converted once, buffers, pipeline and root arguments.

    `record` puts the frame's commands on a command list, so a list recorded once can be executed
    every frame, as a renderer would (and as the benchmarks time it).
    """

    variant: str
    weight_type: str
    note: str
    width: int
    height: int
    root_signature: ID3D12RootSignature
    pipeline: ID3D12PipelineState
    weights: ID3D12Resource
    biases: ID3D12Resource
    image: ID3D12Resource
    constants: np.ndarray

    @property
    def pixels(self) -> int:
        return self.width * self.height

    def record(self, command_list: ID3D12GraphicsCommandList) -> None:
        """Bind the pipeline and root arguments, then Dispatch one thread per pixel: groups of 64
        along each row, one row of groups per image row (so 65,535 groups per dimension is no limit)."""
        command_list.SetPipelineState(self.pipeline)
        command_list.SetComputeRootSignature(self.root_signature)
        command_list.SetComputeRootShaderResourceView(0, self.weights.GetGPUVirtualAddress())
        command_list.SetComputeRootShaderResourceView(1, self.biases.GetGPUVirtualAddress())
        command_list.SetComputeRootUnorderedAccessView(2, self.image.GetGPUVirtualAddress())
        command_list.SetComputeRoot32BitConstants(3, self.constants.size, self.constants, 0)
        command_list.Dispatch(-(-self.width // THREADS_PER_GROUP), self.height, 1)

    def read_image(self, gpu: GpuContext) -> np.ndarray:
        """The rendered (height, width, 3) float32 RGB image."""
        return gpu.read_back(self.image, self.pixels * 12).view(np.float32).reshape(self.height, self.width, 3)


def prepare_variant(gpu: GpuContext, variant: str, weights: MlpWeights, width: int, height: int) -> InferencePass:
    """Check support, convert the weights to MUL_OPTIMAL, upload the biases, create the pipeline."""
    properties = query_mul_properties(gpu.device)
    if not properties:
        raise SystemExit("this device has no cooperative-vector support (CooperativeVectorTier = NOT_SUPPORTED)")
    shapes = weights.layer_shapes
    if len(shapes) != LAYERS:
        raise ValueError(f"the root-constant layout holds {LAYERS} layers, the network has {len(shapes)}")
    note = ""
    if variant == "int8":
        combination = (D3D12_LINEAR_ALGEBRA_DATATYPE_UINT32, D3D12_LINEAR_ALGEBRA_DATATYPE_SINT8_T4_PACKED,
                       D3D12_LINEAR_ALGEBRA_DATATYPE_SINT8, D3D12_LINEAR_ALGEBRA_DATATYPE_SINT32,
                       D3D12_LINEAR_ALGEBRA_DATATYPE_SINT32)
        if find_mul_property(properties, combination) is None:
            raise SystemExit("the packed int8 combination is not reported; a real application would skip it")
        quantised, biases, scales = quantise_int8(weights, width, height)
        weight_buffer, weight_offsets = convert_weights(gpu, quantised, D3D12_LINEAR_ALGEBRA_DATATYPE_SINT8,
                                                         D3D12_LINEAR_ALGEBRA_DATATYPE_SINT8)
        shader = make_int8_shader(shapes)
        weight_type = "SINT8 (packed int8 input, int32 bias)"
    else:
        data_type = FLOAT_VARIANTS[variant]
        combination = (D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT16, data_type, data_type,
                       D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT16, D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT16)
        if find_mul_property(properties, combination) is None:
            note = f"{variant} combination not reported; fell back to FP16 weights"
            data_type = D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT16
        biases = [b.astype(np.float16) for b in weights.biases]
        weight_buffer, weight_offsets = convert_weights(gpu, list(weights.matrices),
                                                         D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT32, data_type)
        scales = np.zeros(0, np.uint32)
        shader = make_float_shader(int(data_type), shapes)
        weight_type = D3D12_LINEAR_ALGEBRA_DATATYPE(data_type).name
    return finish_variant(gpu, InferenceInputs(variant, weight_type, note, weight_buffer, weight_offsets, biases,
                                               scales, shader), width, height)


def quantise_int8(weights: MlpWeights, width: int, height: int) -> tuple[list[np.ndarray], list[np.ndarray],
                                                                         np.ndarray]:
    """The int8 variant's weights, int32 biases and root-constant scales (dequantise, then requantise per layer)."""
    quant = calibrate(weights, frequency_encoding(pixel_uv(width, height)))
    quantised = [np.clip(np.rint(m / s), -127, 127).astype(np.int8)
                 for m, s in zip(weights.matrices, quant.weight_scales)]
    biases = [np.rint(b / (si * sw)).astype(np.int32)
              for b, si, sw in zip(weights.biases, quant.input_scales, quant.weight_scales)]
    dequant = [si * sw for si, sw in zip(quant.input_scales, quant.weight_scales)]
    quant_factors = [1.0 / s for s in quant.input_scales]
    return quantised, biases, np.array([*dequant, *quant_factors], np.float32).view(np.uint32)


@dataclass
class InferenceInputs:
    """What a variant's preparation chose: weights converted on the GPU, biases, scales and the shader."""

    variant: str
    weight_type: str
    note: str
    weights: ID3D12Resource
    weight_offsets: list[int]
    biases: list[np.ndarray]
    scales: np.ndarray
    shader: object


def finish_variant(gpu: GpuContext, inputs: InferenceInputs, width: int, height: int) -> InferencePass:
    """Upload the biases, make the image, the root constants, the root signature and the pipeline."""
    bias_bytes, bias_offsets = _pack_vectors(inputs.biases)
    bias_buffer = gpu.upload_buffer(bias_bytes, name="biases")
    image = gpu.create_buffer(width * height * 12, uav=True, name="image")
    constants = np.concatenate([np.array([width, height, 0, 0, *inputs.weight_offsets, *bias_offsets], np.uint32),
                                inputs.scales])
    root_signature = create_root_signature(gpu.device, "t0", "t1", "u0", f"b0:{constants.size}")
    pipeline = create_compute_pipeline(gpu.device, root_signature, inputs.shader)
    return InferencePass(inputs.variant, inputs.weight_type, inputs.note, width, height, root_signature, pipeline,
                         inputs.weights, bias_buffer, image, constants)


def run_variant(gpu: GpuContext, variant: str, weights: MlpWeights, width: int, height: int, *,
                prepare: Callable[..., Any] | None = None) -> InferenceResult:
    """Prepare the variant (with `prepare`, this module's `prepare_variant` by default: the SM 6.10 sample passes
    its own), render one frame, and compare it with the float64 network."""
    frame = (prepare or prepare_variant)(gpu, variant, weights, width, height)
    frame.record(gpu.list)
    gpu.execute_and_wait()
    image = frame.read_image(gpu)
    expected = evaluate_float64(weights, frequency_encoding(pixel_uv(width, height)))
    error = np.abs(image.reshape(-1, 3).astype(np.float64) - expected)
    return InferenceResult(variant, frame.weight_type, float(error.max()), float(error.mean()), image, frame.note)


def main(argv: list[str] | None = None) -> int:
    return run_sample(argv, __doc__, prepare_variant, "inference")


def run_sample(argv: list[str] | None, doc: str | None, prepare: Callable[..., Any], image_prefix: str,
               heading: str = "MLP inference", shader_model: int = D3D_SHADER_MODEL_6_9) -> int:
    """The samples' command line: render each chosen variant with `prepare`, print its error, write its image."""
    parser = argparse.ArgumentParser(description=(doc or "").split("\n\n")[0])
    parser.add_argument("--profile", default="reference", type=sample_args.profile)
    parser.add_argument("--variant", default="all", choices=[*VARIANTS, "all"])
    parser.add_argument("--size", type=sample_args.int_in(1, MAX_IMAGE_SIZE), default=256,
                        help=f"image width and height in pixels (1 to {MAX_IMAGE_SIZE})")
    parser.add_argument("--out", type=sample_args.output_folder, help="folder to write one PNG per variant")
    args = parser.parse_args(argv)
    gpu = GpuContext(args.profile, shader_model=shader_model)
    weights = random_weights()
    variants = VARIANTS if args.variant == "all" else (args.variant,)
    sizes = [weights.layer_shapes[0][1]] + [m for m, _ in weights.layer_shapes]
    print(f"{heading} {' -> '.join(map(str, sizes))} over {args.size} x {args.size} pixels "
          f"on profile '{args.profile}'")
    for variant in variants:
        result = run_variant(gpu, variant, weights, args.size, args.size, prepare=prepare)
        print(f"  {variant:5s} weights {result.weight_type:38s} max error {result.max_error:.2e}  "
              f"mean error {result.mean_error:.2e}" + (f"  ({result.note})" if result.note else ""))
        if args.out:
            write_png(Path(args.out) / f"{image_prefix}_{variant}.png", result.image)
    return 0


if __name__ == "__main__":
    sys.exit(main())
