"""Neural-shading inference the way a Vulkan application runs it: the committed compiled SPIR-V modules
(`dxlinalg/samples/spirv/mlp_inference_{fp16,e4m3,e5m2,int8}.spv`) through the Vulkan host calls.

Call for call what a C Vulkan sample does: find the cooperative-vector combination the variant needs in
vkGetPhysicalDeviceCooperativeVectorPropertiesNV (falling back to FP16 weights where an FP8 one is missing, as
the D3D12 sample does), ask vkConvertCooperativeVectorMatrixNV for each layer's InferencingOptimal size, upload
the row-major weights, convert them on the device with vkCmdConvertCooperativeVectorMatrixNV, order the
conversion before the shader with vkCmdPipelineBarrier2, then bind the pipeline, the descriptor set (weights,
biases, image) and the push constants, dispatch one invocation per pixel, submit and wait on a fence. `main`
checks that the image has the same bits as `dxlinalg.spirv.run`'s and the Python shader's on the same profile.

    python -m dxlinalg.samples.mlp_inference_vulkan [--profile P] [--variant fp16|e4m3|e5m2|int8|all] [--size N]
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass

import numpy as np

from dxlinalg.vulkan import *  # noqa: F403  (the Vulkan names, as C has them)
from dxlinalg.samples import mlp_inference_spirv, sample_args
from dxlinalg.samples.host_helpers import GpuContext, align_up
from dxlinalg.samples.mlp_inference import (
    LAYERS,
    THREADS_PER_GROUP,
    VARIANTS,
    calibrate,
    prepare_variant,
)
from dxlinalg.samples.mlp_model import MlpWeights, frequency_encoding, pixel_uv, random_weights
from dxlinalg.samples.vulkan_helpers import HostVisibleBuffer, VulkanContext

MATRIX_ALIGNMENT = 64   # Vulkan: a matrix's address and offset are 64-byte aligned (also vkCmdConvert's addresses)
BIAS_ALIGNMENT = 16     # Vulkan: a bias vector's offset is 16-byte aligned
F16, F32 = VK_COMPONENT_TYPE_FLOAT16_KHR, VK_COMPONENT_TYPE_FLOAT32_KHR
S8, S32, U32 = VK_COMPONENT_TYPE_SINT8_KHR, VK_COMPONENT_TYPE_SINT32_KHR, VK_COMPONENT_TYPE_UINT32_KHR
FLOAT_TYPES = {"fp16": F16, "e4m3": VK_COMPONENT_TYPE_FLOAT_E4M3_NV, "e5m2": VK_COMPONENT_TYPE_FLOAT_E5M2_NV}
MAX_IMAGE_SIZE = 1024


@dataclass(frozen=True)
class Network:
    """What the shader's buffers hold for one variant: source matrices and their types, biases, scales."""

    module: str                   # the variant's compiled module (dxlinalg/samples/spirv)
    matrices: list[np.ndarray]    # row-major sources (float32, or int8 for the int8 variant)
    source_type: int
    weight_type: int
    biases: list[np.ndarray]      # float16, or int32 for the int8 variant
    scales: np.ndarray            # uint32 words of the int8 variant's dequant and quant factors (else empty)
    note: str = ""


def find_property(properties: list[VkCooperativeVectorPropertiesNV],
                  combination: tuple[int, int, int, int, int]) -> VkCooperativeVectorPropertiesNV | None:
    """The reported (inputType, inputInterpretation, matrixInterpretation, biasInterpretation, resultType)."""
    for found in properties:
        key = (found.inputType, found.inputInterpretation, found.matrixInterpretation, found.biasInterpretation,
               found.resultType)
        if tuple(int(k) for k in key) == tuple(int(c) for c in combination):
            return found
    return None


def query_properties(physical_device: VkPhysicalDevice) -> list[VkCooperativeVectorPropertiesNV]:
    count = [0]
    vkGetPhysicalDeviceCooperativeVectorPropertiesNV(physical_device, count, None)
    properties = [VkCooperativeVectorPropertiesNV() for _ in range(count[0])]
    vkGetPhysicalDeviceCooperativeVectorPropertiesNV(physical_device, count, properties)
    return properties


def network_for(variant: str, weights: MlpWeights, width: int, height: int,
                properties: list[VkCooperativeVectorPropertiesNV]) -> Network:
    """The variant's buffers, as the D3D12 sample builds them (same quantisation for int8)."""
    if variant == "int8":
        if find_property(properties, (U32, VK_COMPONENT_TYPE_SINT8_PACKED_NV, S8, S32, S32)) is None:
            raise SystemExit("the packed int8 combination is not reported; a real application would skip it")
        quant = calibrate(weights, frequency_encoding(pixel_uv(width, height)))
        matrices = [np.clip(np.rint(m / s), -127, 127).astype(np.int8)
                    for m, s in zip(weights.matrices, quant.weight_scales)]
        biases = [np.rint(b / (si * sw)).astype(np.int32)
                  for b, si, sw in zip(weights.biases, quant.input_scales, quant.weight_scales)]
        dequant = [si * sw for si, sw in zip(quant.input_scales, quant.weight_scales)]
        scales = np.array([*dequant, *(1.0 / s for s in quant.input_scales)], np.float32).view(np.uint32)
        return Network(mlp_inference_spirv.MODULES["glslang"]["int8"], matrices, S8, S8, biases, scales)
    weight_type, note = FLOAT_TYPES[variant], ""
    if find_property(properties, (F16, weight_type, weight_type, F16, F16)) is None:
        weight_type, note, variant = F16, f"{variant} combination not reported; fell back to FP16 weights", "fp16"
    return Network(mlp_inference_spirv.MODULES["glslang"][variant], list(weights.matrices), F32, weight_type,
                   [b.astype(np.float16) for b in weights.biases], np.zeros(0, np.uint32), note)


def _conversion(network: Network, matrix: np.ndarray, dst_size: list[int]) -> VkConvertCooperativeVectorMatrixInfoNV:
    rows, cols = matrix.shape
    return VkConvertCooperativeVectorMatrixInfoNV(
        srcSize=matrix.nbytes, pDstSize=dst_size, srcComponentType=network.source_type,
        dstComponentType=network.weight_type, numRows=rows, numColumns=cols,
        srcLayout=VK_COOPERATIVE_VECTOR_MATRIX_LAYOUT_ROW_MAJOR_NV, srcStride=cols * matrix.itemsize,
        dstLayout=VK_COOPERATIVE_VECTOR_MATRIX_LAYOUT_INFERENCING_OPTIMAL_NV, dstStride=0)


def _packed(arrays: list[np.ndarray], alignment: int) -> tuple[np.ndarray, list[int]]:
    """The arrays' bytes one after another at `alignment`-byte offsets."""
    offsets, total = [], 0
    for array in arrays:
        total = align_up(total, alignment)
        offsets.append(total)
        total += array.nbytes
    data = np.zeros(align_up(max(total, 16), 16), np.uint8)
    for array, offset in zip(arrays, offsets):
        data[offset: offset + array.nbytes] = np.ascontiguousarray(array).view(np.uint8).reshape(-1)
    return data, offsets


@dataclass
class VulkanFrame:
    image: np.ndarray        # (height, width, 3) float32
    network: Network
    weights: HostVisibleBuffer


def render(vk: VulkanContext, variant: str, weights: MlpWeights, width: int, height: int) -> VulkanFrame:
    """Convert the weights on the device, then dispatch the compiled module: the frame's image."""
    device = vk.device
    network = network_for(variant, weights, width, height, query_properties(vk.physical_device))
    sizes = []
    for matrix in network.matrices:                       # size queries: a NULL dstData asks for the size
        size = [0]
        if vkConvertCooperativeVectorMatrixNV(device, _conversion(network, matrix, size)) != VK_SUCCESS:
            raise RuntimeError("vkConvertCooperativeVectorMatrixNV could not size a layer")
        sizes.append(size[0])
    staging_bytes, source_offsets = _packed(network.matrices, MATRIX_ALIGNMENT)
    staging = vk.upload(staging_bytes)
    weight_offsets, total = [], 0
    for size in sizes:
        total = align_up(total, MATRIX_ALIGNMENT)
        weight_offsets.append(total)
        total += size
    # Rounded up to the matrix alignment, as allocations usually are. (An exactly sized buffer is valid Vulkan,
    # but dxlinalg's SPIR-V bounds check currently takes an optimal matrix to span its 16-byte-rounded D3D12
    # DestSize, so a last matrix whose Vulkan size is not a multiple of 16 would be reported out of bounds.)
    weight_buffer = vk.buffer(align_up(total, MATRIX_ALIGNMENT))
    bias_bytes, bias_offsets = _packed(network.biases, BIAS_ALIGNMENT)
    bias_buffer = vk.upload(bias_bytes)
    image = vk.buffer(width * height * 12)
    constants = np.concatenate([np.array([width, height, 0, 0, *weight_offsets, *bias_offsets], np.uint32),
                                network.scales])
    code = (mlp_inference_spirv.FOLDER / network.module).read_bytes()
    storage = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
    pipeline = vk.compute_pipeline(code, {(0, 0): storage, (0, 1): storage, (0, 2): storage}, constants.nbytes)
    sets = vk.descriptor_sets(pipeline, {(0, 0): weight_buffer, (0, 1): bias_buffer, (0, 2): image})
    infos = []
    for matrix, size, source, destination in zip(network.matrices, sizes, source_offsets, weight_offsets):
        info = _conversion(network, matrix, [size])
        info.srcData = VkDeviceOrHostAddressConstKHR(deviceAddress=staging.address + source)
        info.dstData = VkDeviceOrHostAddressKHR(deviceAddress=weight_buffer.address + destination)
        infos.append(info)
    with vk.one_time_commands() as command_buffer:
        vkCmdConvertCooperativeVectorMatrixNV(command_buffer, len(infos), infos)
        converted = VkMemoryBarrier2(
            srcStageMask=VK_PIPELINE_STAGE_2_CONVERT_COOPERATIVE_VECTOR_MATRIX_BIT_NV,
            srcAccessMask=VK_ACCESS_2_TRANSFER_WRITE_BIT, dstStageMask=VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
            dstAccessMask=VK_ACCESS_2_SHADER_STORAGE_READ_BIT)
        vkCmdPipelineBarrier2(command_buffer, VkDependencyInfo(memoryBarrierCount=1, pMemoryBarriers=[converted]))
        vk.record_dispatch(command_buffer, pipeline, sets, constants.tobytes(),
                           (-(-width // THREADS_PER_GROUP), height, 1))
    pixels = image.mapped[: width * height * 12].copy().view(np.float32).reshape(height, width, 3)
    return VulkanFrame(pixels, network, weight_buffer)


@dataclass(frozen=True)
class Comparison:
    vulkan: np.ndarray
    spirv_run: np.ndarray     # dxlinalg.spirv.run on the D3D12 frame's buffers
    python: np.ndarray        # the Python (DXIL) shader's image
    note: str

    @property
    def same_bits(self) -> bool:
        return all(np.array_equal(self.vulkan.view(np.uint32), other.view(np.uint32))
                   for other in (self.spirv_run, self.python))


def compare(profile: str, variant: str, weights: MlpWeights, width: int, height: int) -> Comparison:
    """The Vulkan image, the same module through dxlinalg.spirv.run, and the Python shader, on one profile."""
    vulkan = render(VulkanContext(profile), variant, weights, width, height)
    gpu = GpuContext(profile)
    frame = prepare_variant(gpu, variant, weights, width, height)
    frame.record(gpu.list)
    gpu.execute_and_wait()
    return Comparison(vulkan.image, mlp_inference_spirv.render(frame, profile), frame.read_image(gpu),
                      vulkan.network.note)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--profile", default="reference", type=sample_args.profile)
    parser.add_argument("--variant", default="all", choices=[*VARIANTS, "all"])
    parser.add_argument("--size", type=sample_args.int_in(1, MAX_IMAGE_SIZE), default=64,
                        help=f"image width and height in pixels (1 to {MAX_IMAGE_SIZE})")
    args = parser.parse_args(argv)
    weights = random_weights()
    if len(weights.layer_shapes) != LAYERS:
        raise SystemExit(f"the push-constant layout holds {LAYERS} layers")
    print(f"MLP inference through the Vulkan calls, {args.size} x {args.size} pixels, profile '{args.profile}'")
    failures = 0
    for variant in VARIANTS if args.variant == "all" else (args.variant,):
        result = compare(args.profile, variant, weights, args.size, args.size)
        failures += not result.same_bits
        verdict = "the same bits as dxlinalg.spirv.run and the Python shader" if result.same_bits else \
            "DIFFERENT bits from dxlinalg.spirv.run or the Python shader"
        print(f"  {variant:5s} {verdict}" + (f"  ({result.note})" if result.note else ""))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
