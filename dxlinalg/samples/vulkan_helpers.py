"""The small host-side helpers every Vulkan compute sample writes once, in Vulkan names: a device with the
features the shaders need, host-visible buffers with device addresses, a compute pipeline from SPIR-V with its
descriptor set and push constants, one-shot command buffers, and `run_module`, which dispatches a compiled
module the way an application does (the Vulkan counterpart of `dxlinalg.spirv.run`)."""

from __future__ import annotations

import struct
from collections.abc import Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import numpy as np

from dxlinalg.profile.model import DeviceProfile
from dxlinalg.vulkan import *  # noqa: F403  (the Vulkan names, as C has them)
from dxlinalg.vulkan.structs import (
    FEATURE_STRUCTS,
    VkPhysicalDeviceFeatures,
    pnext_chain,
)

HOST_VISIBLE = 2  # the emulated device's DEVICE_LOCAL | HOST_VISIBLE | HOST_COHERENT memory type
BUFFER_USAGE = (VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT
                | VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT
                | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT)


def supported_feature_chain(physical_device: VkPhysicalDevice) -> Any:
    """VkPhysicalDeviceFeatures2 with every feature struct of the chain, as the physical device fills it: enabling
    it asks for everything the device has (what a sample that runs any shader does)."""
    chain = None
    for struct_type in FEATURE_STRUCTS:
        chain = struct_type(pNext=chain)
    features = VkPhysicalDeviceFeatures2(pNext=chain, features=VkPhysicalDeviceFeatures())
    vkGetPhysicalDeviceFeatures2(physical_device, features)
    return features


@dataclass
class HostVisibleBuffer:
    buffer: VkBuffer
    memory: VkDeviceMemory
    mapped: np.ndarray   # the memory's bytes (a writable view)
    address: int         # vkGetBufferDeviceAddress
    size: int


@dataclass
class ComputePipeline:
    pipeline: VkPipeline
    layout: VkPipelineLayout
    set_layouts: dict[int, VkDescriptorSetLayout]
    types: dict[tuple[int, int], int]   # (set, binding) -> VkDescriptorType
    push_size: int


class VulkanContext:
    """Instance (the validation layer on unless told), device, queue 0 of family 0, a command pool and a
    descriptor pool: the sample framework's basics."""

    def __init__(self, profile: str | DeviceProfile = "reference", validation: bool = True, *,
                 disabled_features: Collection[str] = (), cooperative_vector: bool = True,
                 queue_families: Sequence[int] = (0,)) -> None:
        """`disabled_features`, `cooperative_vector` and `queue_families` make the devices tests need: without
        some features, without VK_NV_cooperative_vector, with the transfer-only family too."""
        layers = [VALIDATION_LAYER_NAME] if validation else []
        self.instance = vkCreateInstance(VkInstanceCreateInfo(enabledLayerCount=len(layers),
                                                              ppEnabledLayerNames=layers), None, profile=profile)
        count = [0]
        vkEnumeratePhysicalDevices(self.instance, count, None)
        devices = [None] * count[0]
        vkEnumeratePhysicalDevices(self.instance, count, devices)
        self.physical_device = devices[0]
        extensions = [VK_NV_COOPERATIVE_VECTOR_EXTENSION_NAME] if cooperative_vector and \
            self.physical_device.features.get("cooperativeVector") else []
        queues = [VkDeviceQueueCreateInfo(queueFamilyIndex=family, queueCount=1, pQueuePriorities=[1.0])
                  for family in queue_families]
        features = supported_feature_chain(self.physical_device)
        if not extensions:   # the cooperative-vector feature struct needs its extension enabled
            features.pNext = _without(features.pNext, VkPhysicalDeviceCooperativeVectorFeaturesNV)
        for feature_struct in [features.features, *pnext_chain(features)]:
            for name in disabled_features:
                if name in type(feature_struct).model_fields:
                    setattr(feature_struct, name, VK_FALSE)
        self.device: VkDevice = vkCreateDevice(self.physical_device, VkDeviceCreateInfo(
            pNext=features, queueCreateInfoCount=len(queues), pQueueCreateInfos=queues,
            enabledExtensionCount=len(extensions), ppEnabledExtensionNames=extensions))
        self.queue = vkGetDeviceQueue(self.device, 0, 0)
        self.command_pool = vkCreateCommandPool(self.device, VkCommandPoolCreateInfo(queueFamilyIndex=0))
        self.descriptor_pool = vkCreateDescriptorPool(self.device, VkDescriptorPoolCreateInfo(
            flags=VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT, maxSets=64, poolSizeCount=4,
            pPoolSizes=[VkDescriptorPoolSize(VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 256),
                        VkDescriptorPoolSize(VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 64),
                        VkDescriptorPoolSize(VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, 64),
                        VkDescriptorPoolSize(VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, 64)]))

    @property
    def messages(self) -> list[str]:
        return self.instance.layer.messages

    def buffer(self, size: int) -> HostVisibleBuffer:
        """A buffer of `size` bytes (at least 4) in host-visible memory allocated for device addresses, mapped."""
        size = max(size, 4)
        buffer = vkCreateBuffer(self.device, VkBufferCreateInfo(size=size, usage=BUFFER_USAGE))
        requirements = VkMemoryRequirements()
        vkGetBufferMemoryRequirements(self.device, buffer, requirements)
        memory = vkAllocateMemory(self.device, VkMemoryAllocateInfo(
            pNext=VkMemoryAllocateFlagsInfo(flags=VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT),
            allocationSize=requirements.size, memoryTypeIndex=HOST_VISIBLE))
        vkBindBufferMemory(self.device, buffer, memory, 0)
        mapped = vkMapMemory(self.device, memory, 0, VK_WHOLE_SIZE, 0)
        address = vkGetBufferDeviceAddress(self.device, VkBufferDeviceAddressInfo(buffer=buffer))
        return HostVisibleBuffer(buffer, memory, mapped, address, size)

    def upload(self, data: np.ndarray | bytes) -> HostVisibleBuffer:
        raw = np.frombuffer(data, np.uint8) if isinstance(data, (bytes, bytearray)) else \
            np.ascontiguousarray(data).reshape(-1).view(np.uint8)
        target = self.buffer(raw.size)
        target.mapped[: raw.size] = raw
        return target

    def compute_pipeline(self, code: bytes, bindings: Mapping[tuple[int, ...], int], push_size: int = 0,
                         spec_constants: Mapping[int, Any] | None = None, entry_point: str = "main") -> ComputePipeline:
        """Shader module, one set layout per set, pipeline layout with a compute push-constant range of `push_size`
        bytes (rounded up to 4), and the compute pipeline specialized with `spec_constants`. `bindings` keys are
        (set, binding), or (set, binding, element) for a descriptor array (descriptorCount: the highest element + 1)."""
        module = vkCreateShaderModule(self.device, VkShaderModuleCreateInfo(codeSize=len(code), pCode=code))
        counts: dict[tuple[int, int], int] = {}
        types: dict[tuple[int, int], int] = {}
        for key, kind in bindings.items():
            counts[key[:2]] = max(counts.get(key[:2], 0), key[2] + 1 if len(key) == 3 else 1)
            types[key[:2]] = kind
        set_layouts = {}
        for number in sorted({key[0] for key in types}):
            entries = [VkDescriptorSetLayoutBinding(binding, kind, counts[(set_number, binding)],
                                                    VK_SHADER_STAGE_COMPUTE_BIT)
                       for (set_number, binding), kind in sorted(types.items()) if set_number == number]
            set_layouts[number] = vkCreateDescriptorSetLayout(self.device, VkDescriptorSetLayoutCreateInfo(
                bindingCount=len(entries), pBindings=entries))
        slots = [set_layouts.get(n) for n in range(max(set_layouts, default=-1) + 1)]
        push = -(-push_size // 4) * 4
        ranges = [VkPushConstantRange(VK_SHADER_STAGE_COMPUTE_BIT, 0, push)] if push else []
        layout = vkCreatePipelineLayout(self.device, VkPipelineLayoutCreateInfo(
            setLayoutCount=len(slots), pSetLayouts=slots, pushConstantRangeCount=len(ranges),
            pPushConstantRanges=ranges))
        pipelines = [None]
        stage = VkPipelineShaderStageCreateInfo(stage=VK_SHADER_STAGE_COMPUTE_BIT, module=module, pName=entry_point,
                                                pSpecializationInfo=specialization_info(spec_constants or {}))
        vkCreateComputePipelines(self.device, None, 1, [VkComputePipelineCreateInfo(stage=stage, layout=layout)],
                                 None, pipelines)
        vkDestroyShaderModule(self.device, module)
        return ComputePipeline(pipelines[0], layout, set_layouts, types, push)

    def descriptor_sets(self, pipeline: ComputePipeline,
                        buffers: Mapping[tuple[int, ...], HostVisibleBuffer]) -> dict[int, VkDescriptorSet]:
        """One set per set layout, each binding (or array element, for a (set, binding, element) key) written
        with its whole buffer."""
        sets = {}
        for number, set_layout in pipeline.set_layouts.items():
            allocated = [None]
            vkAllocateDescriptorSets(self.device, VkDescriptorSetAllocateInfo(
                descriptorPool=self.descriptor_pool, descriptorSetCount=1, pSetLayouts=[set_layout]), allocated)
            sets[number] = allocated[0]
        writes = [VkWriteDescriptorSet(dstSet=sets[key[0]], dstBinding=key[1], descriptorCount=1,
                                       dstArrayElement=key[2] if len(key) == 3 else 0,
                                       descriptorType=pipeline.types[key[:2]],
                                       pBufferInfo=[VkDescriptorBufferInfo(target.buffer, 0, VK_WHOLE_SIZE)])
                  for key, target in sorted(buffers.items())]
        vkUpdateDescriptorSets(self.device, len(writes), writes, 0, None)
        return sets

    def record_dispatch(self, command_buffer: VkCommandBuffer, pipeline: ComputePipeline,
                        sets: Mapping[int, VkDescriptorSet], push_constants: bytes,
                        groups: tuple[int, int, int]) -> None:
        vkCmdBindPipeline(command_buffer, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline.pipeline)
        for number, bound in sets.items():
            vkCmdBindDescriptorSets(command_buffer, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline.layout, number, 1,
                                    [bound], 0, None)
        if pipeline.push_size:
            data = bytes(push_constants) + bytes(pipeline.push_size - len(push_constants))
            vkCmdPushConstants(command_buffer, pipeline.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, pipeline.push_size,
                               data)
        vkCmdDispatch(command_buffer, *groups)

    @contextmanager
    def one_time_commands(self) -> Iterator[VkCommandBuffer]:
        """A command buffer to record into; when the block ends it is submitted and waited for."""
        allocated = [None]
        vkAllocateCommandBuffers(self.device, VkCommandBufferAllocateInfo(
            commandPool=self.command_pool, level=VK_COMMAND_BUFFER_LEVEL_PRIMARY, commandBufferCount=1), allocated)
        command_buffer = allocated[0]
        vkBeginCommandBuffer(command_buffer, VkCommandBufferBeginInfo(
            flags=VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT))
        yield command_buffer
        vkEndCommandBuffer(command_buffer)
        fence = vkCreateFence(self.device, VkFenceCreateInfo())
        vkQueueSubmit(self.queue, 1, [VkSubmitInfo(commandBufferCount=1, pCommandBuffers=[command_buffer])], fence)
        if vkWaitForFences(self.device, 1, [fence], VK_TRUE, 2**64 - 1) != VK_SUCCESS:
            raise RuntimeError("the fence of a submission was not signaled")
        vkDestroyFence(self.device, fence)
        vkFreeCommandBuffers(self.device, self.command_pool, 1, [command_buffer])


def _without(chain: Any, struct_type: type) -> Any:
    """The pNext chain without its struct of `struct_type`."""
    if chain is None:
        return None
    rest = _without(chain.pNext, struct_type)
    if isinstance(chain, struct_type):
        return rest
    chain.pNext = rest
    return chain


def specialization_info(values: Mapping[int, Any]) -> VkSpecializationInfo | None:
    """A VkSpecializationInfo holding `values`: a bool as a VkBool32, a numpy scalar as its own bytes, a Python int
    as a 32-bit integer, a Python float as a float32."""
    if not values:
        return None
    entries, data = [], b""
    for constant, value in sorted(values.items()):
        if isinstance(value, (bool, np.bool_)):
            raw = struct.pack("<I", int(value))
        elif isinstance(value, np.generic):
            raw = value.astype(value.dtype.newbyteorder("<")).tobytes()
        elif isinstance(value, int):
            raw = struct.pack("<i" if value < 0 else "<I", value)
        else:
            raw = struct.pack("<f", value)
        entries.append(VkSpecializationMapEntry(constant, len(data), len(raw)))
        data += raw
    return VkSpecializationInfo(len(entries), entries, len(data), data)


def run_module(code: bytes, groups: tuple[int, int, int], buffers: Mapping[tuple[int, ...], np.ndarray],
               push_constants: bytes = b"", spec_constants: Mapping[int, Any] | None = None,
               profile: str | DeviceProfile = "reference", validation: bool = True,
               uniform: frozenset[tuple[int, int]] = frozenset(),
               context: VulkanContext | None = None) -> dict[tuple[int, ...], np.ndarray]:
    """Dispatch a compiled module through the Vulkan calls (module, layouts, pipeline, descriptor set, push
    constants, dispatch, submit, fence) and return each buffer's contents afterwards, with its dtype and shape:
    what `dxlinalg.spirv.run` returns for the same arguments (keys (set, binding), or (set, binding, element) for
    an element of a descriptor array). Bindings in `uniform` ((set, binding)) are bound as uniform buffers."""
    vk = context or VulkanContext(profile, validation)
    types = {key: VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER if key[:2] in uniform else VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
             for key in buffers}
    pipeline = vk.compute_pipeline(code, types, len(push_constants), spec_constants)
    uploaded = {key: vk.upload(array) for key, array in buffers.items()}
    sets = vk.descriptor_sets(pipeline, uploaded)
    with vk.one_time_commands() as command_buffer:
        vk.record_dispatch(command_buffer, pipeline, sets, push_constants, groups)
    return {key: uploaded[key].mapped[: array.nbytes].copy().view(array.dtype).reshape(array.shape)
            for key, array in buffers.items()}
