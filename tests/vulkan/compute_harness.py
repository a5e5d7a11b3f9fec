"""Shared plumbing of the compute-path tests: small kernels assembled with dxlinalg.spirv.builder, and a device
with pipelines, sets and command buffers made through the public Vulkan calls (dxlinalg.samples.vulkan_helpers)."""

from __future__ import annotations

import struct
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from dxlinalg.spirv.builder import ComputeKernel, ModuleBuilder
from dxlinalg.spirv.enums import Capability, Decoration, StorageClass
from dxlinalg.vulkan import *  # noqa: F403
from dxlinalg.samples.vulkan_helpers import HostVisibleBuffer, VulkanContext

LAYOUTS = Path(__file__).resolve().parents[1] / "spirv" / "data" / "layouts.spv"
SAMPLES = Path(__file__).resolve().parents[2] / "dxlinalg" / "samples" / "spirv"
STORAGE, UNIFORM = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
STORAGE_DYNAMIC, UNIFORM_DYNAMIC = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC
COMPUTE = VK_SHADER_STAGE_COMPUTE_BIT


# --- kernels ----------------------------------------------------------------------------------------------------

def storage_block(kernel: ComputeKernel, descriptor: tuple[int, int], element: int, read_only: bool = False,
                  write_only: bool = False) -> int:
    """A StorageBuffer block { element data[]; } at `descriptor` (NonWritable when `read_only`, NonReadable when
    `write_only`, as GLSL's readonly and writeonly)."""
    b = kernel.module
    array = b.runtime_array(element, kernel.size_of(element))
    block = b.struct(array, offsets=[0], block=True)
    if read_only:
        b.member_decorate(block, 0, Decoration.NonWritable)
    if write_only:
        b.member_decorate(block, 0, Decoration.NonReadable)
    variable = b.variable(block, StorageClass.StorageBuffer, descriptor=descriptor)
    kernel.interface.append(variable)
    return variable


def square_kernel(local_size: tuple[int, int, int] = (64, 1, 1), setup: Callable[[ModuleBuilder], Any] | None = None,
                  descriptor: tuple[int, int] = (0, 0)) -> bytes:
    """data[i] = data[i] * data[i] (float32), one read-write storage buffer."""
    kernel = ComputeKernel(local_size=local_size)
    b = kernel.module
    if setup is not None:
        setup(b)
    f32 = b.float(32)
    data = storage_block(kernel, descriptor, f32)
    i = kernel.global_id_x()
    x = kernel.load(data, i, f32)
    kernel.store(data, i, f32, kernel.fn.op("OpFMul", f32, x, x))
    return kernel.finish().astype("<u4").tobytes()


def copy_kernel(read_only: bool = True) -> bytes:
    """out[i] = in[i] + 1.0: `in` at (0, 0) (NonWritable when `read_only`), `out` at (0, 1) (NonReadable)."""
    kernel = ComputeKernel()
    b = kernel.module
    f32 = b.float(32)
    source = storage_block(kernel, (0, 0), f32, read_only)
    target = storage_block(kernel, (0, 1), f32, write_only=True)
    i = kernel.global_id_x()
    x = kernel.load(source, i, f32)
    kernel.store(target, i, f32, kernel.fn.op("OpFAdd", f32, x, b.constant(f32, 1.0)))
    return kernel.finish().astype("<u4").tobytes()


def push_kernel(offset: int = 0) -> bytes:
    """out[i] = value, `value` a uint at byte `offset` of the push-constant block; out at (0, 0)."""
    kernel = ComputeKernel()
    b = kernel.module
    u32 = b.uint()
    target = storage_block(kernel, (0, 0), u32)
    block = b.struct(u32, offsets=[offset], block=True)
    push = b.variable(block, StorageClass.PushConstant)
    kernel.interface.append(push)
    i = kernel.global_id_x()
    pointer = kernel.fn.op("OpAccessChain", b.pointer(StorageClass.PushConstant, u32), push, b.constant(b.int(), 0))
    kernel.store(target, i, u32, kernel.fn.op("OpLoad", u32, pointer))
    return kernel.finish().astype("<u4").tobytes()




def without_capability(code: bytes, capability: int) -> bytes:
    """The module with its OpCapability `capability` instruction removed."""
    words = np.frombuffer(code, "<u4").tolist()
    at = 5
    while at < len(words):
        count, opcode = words[at] >> 16, words[at] & 0xFFFF
        if opcode == 17 and words[at + 1] == capability:
            return np.array(words[:at] + words[at + count:], "<u4").tobytes()
        at += count
    raise ValueError(f"the module declares no capability {capability}")


def float16_declaring_kernel() -> bytes:
    """The square kernel, also declaring a float16 type (so the Float16 capability)."""
    return square_kernel(setup=lambda b: b.float(16))


def extension_declaring_kernel() -> bytes:
    return square_kernel(setup=lambda b: b.extension("SPV_NV_cooperative_vector"))


def no_shader_capability_kernel() -> bytes:
    return without_capability(square_kernel(), Capability.Shader)


# --- a device and its objects ------------------------------------------------------------------------------------

class Compute(VulkanContext):
    """A VulkanContext with both queue families and shortcuts for the objects each test needs."""

    def __init__(self, profile: Any = "reference", validation: bool = True, **options: Any) -> None:
        options.setdefault("queue_families", (0, 1))
        super().__init__(profile, validation, **options)

    def set_layout(self, *bindings: tuple[int, int] | tuple[int, int, int], stages: int = COMPUTE
                   ) -> VkDescriptorSetLayout:
        """(binding, type) or (binding, type, count) entries."""
        entries = [VkDescriptorSetLayoutBinding(entry[0], entry[1], entry[2] if len(entry) > 2 else 1, stages)
                   for entry in bindings]
        return vkCreateDescriptorSetLayout(self.device, VkDescriptorSetLayoutCreateInfo(
            bindingCount=len(entries), pBindings=entries))

    def pipeline_layout(self, *set_layouts: VkDescriptorSetLayout | None, push: tuple[int, int] | None = None,
                        push_stages: int = COMPUTE) -> VkPipelineLayout:
        ranges = [] if push is None else [VkPushConstantRange(push_stages, push[0], push[1])]
        return vkCreatePipelineLayout(self.device, VkPipelineLayoutCreateInfo(
            setLayoutCount=len(set_layouts), pSetLayouts=list(set_layouts), pushConstantRangeCount=len(ranges),
            pPushConstantRanges=ranges))

    def module(self, code: bytes) -> VkShaderModule:
        return vkCreateShaderModule(self.device, VkShaderModuleCreateInfo(codeSize=len(code), pCode=code))

    def pipeline(self, code: bytes | VkShaderModule, layout: VkPipelineLayout, spec: Any = None,
                 name: str = "main") -> VkPipeline:
        module = code if isinstance(code, VkShaderModule) else self.module(code)
        pipelines = [None]
        stage = VkPipelineShaderStageCreateInfo(stage=COMPUTE, module=module, pName=name, pSpecializationInfo=spec)
        vkCreateComputePipelines(self.device, None, 1, [VkComputePipelineCreateInfo(stage=stage, layout=layout)],
                                 None, pipelines)
        return pipelines[0]

    def allocate(self, *set_layouts: VkDescriptorSetLayout) -> list[VkDescriptorSet]:
        sets = [None] * len(set_layouts)
        vkAllocateDescriptorSets(self.device, VkDescriptorSetAllocateInfo(
            descriptorPool=self.descriptor_pool, descriptorSetCount=len(set_layouts), pSetLayouts=list(set_layouts)),
            sets)
        return sets

    def write(self, target: VkDescriptorSet, binding: int, buffer: HostVisibleBuffer | VkBuffer | None,
              kind: int = STORAGE, offset: int = 0, size: int = VK_WHOLE_SIZE, element: int = 0) -> None:
        handle = buffer.buffer if isinstance(buffer, HostVisibleBuffer) else buffer
        vkUpdateDescriptorSets(self.device, 1, [VkWriteDescriptorSet(
            dstSet=target, dstBinding=binding, dstArrayElement=element, descriptorCount=1, descriptorType=kind,
            pBufferInfo=[VkDescriptorBufferInfo(handle, offset, size)])], 0, None)

    def command_buffer(self, family: int = 0) -> VkCommandBuffer:
        pool = self.command_pool if family == 0 else vkCreateCommandPool(
            self.device, VkCommandPoolCreateInfo(queueFamilyIndex=family))
        allocated = [None]
        vkAllocateCommandBuffers(self.device, VkCommandBufferAllocateInfo(commandPool=pool, commandBufferCount=1),
                                 allocated)
        vkBeginCommandBuffer(allocated[0], VkCommandBufferBeginInfo())
        return allocated[0]

    def submit(self, *command_buffers: VkCommandBuffer, end: bool = True) -> None:
        for command_buffer in command_buffers:
            if end:
                vkEndCommandBuffer(command_buffer)
        fence = vkCreateFence(self.device, VkFenceCreateInfo())
        vkQueueSubmit(self.queue, 1, [VkSubmitInfo(commandBufferCount=len(command_buffers),
                                                   pCommandBuffers=list(command_buffers))], fence)
        assert vkWaitForFences(self.device, 1, [fence], VK_TRUE, 2**64 - 1) == VK_SUCCESS


class Squares:
    """The square kernel ready to dispatch over `count` floats: layout, pipeline, buffer, set."""

    def __init__(self, gpu: Compute, count: int = 64, code: bytes | None = None) -> None:
        self.gpu = gpu
        self.set_layout = gpu.set_layout((0, STORAGE))
        self.layout = gpu.pipeline_layout(self.set_layout)
        self.pipeline = gpu.pipeline(code or square_kernel(), self.layout)
        self.values = np.arange(count, dtype=np.float32) - count / 2
        self.buffer = gpu.upload(self.values)
        self.set = gpu.allocate(self.set_layout)[0]
        gpu.write(self.set, 0, self.buffer)

    def record(self, command_buffer: VkCommandBuffer, groups: int = 1) -> None:
        vkCmdBindPipeline(command_buffer, VK_PIPELINE_BIND_POINT_COMPUTE, self.pipeline)
        vkCmdBindDescriptorSets(command_buffer, VK_PIPELINE_BIND_POINT_COMPUTE, self.layout, 0, 1, [self.set], 0,
                                None)
        vkCmdDispatch(command_buffer, groups, 1, 1)

    def result(self) -> np.ndarray:
        return self.buffer.mapped[: self.values.nbytes].view(np.float32)


def layouts_params() -> np.ndarray:
    """A std140 Params block of tests/spirv/data/layouts.spv (188 bytes of float32): rows = identity."""
    block = np.zeros(48, np.float32)
    block[0:16] = np.eye(4, dtype=np.float32).reshape(-1)
    return block


def spec_info(*entries: tuple[int, bytes]) -> VkSpecializationInfo:
    """(constantID, bytes) entries packed one after another."""
    data, maps = b"", []
    for constant, raw in entries:
        maps.append(VkSpecializationMapEntry(constant, len(data), len(raw)))
        data += raw
    return VkSpecializationInfo(len(maps), maps, len(data), data)


U32 = struct.Struct("<I")
