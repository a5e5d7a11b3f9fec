"""Shared test plumbing: an instance, a device with both queue families, buffers with device addresses, command
buffers and a valid conversion, all through the public Vulkan calls."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from dxlinalg.vulkan import *  # noqa: F403

COOP = VK_NV_COOPERATIVE_VECTOR_EXTENSION_NAME
F16, F32 = VK_COMPONENT_TYPE_FLOAT16_KHR, VK_COMPONENT_TYPE_FLOAT32_KHR
S8, U8, S32 = VK_COMPONENT_TYPE_SINT8_KHR, VK_COMPONENT_TYPE_UINT8_KHR, VK_COMPONENT_TYPE_SINT32_KHR
E4M3, E5M2 = VK_COMPONENT_TYPE_FLOAT_E4M3_NV, VK_COMPONENT_TYPE_FLOAT_E5M2_NV
ROW, COL = VK_COOPERATIVE_VECTOR_MATRIX_LAYOUT_ROW_MAJOR_NV, VK_COOPERATIVE_VECTOR_MATRIX_LAYOUT_COLUMN_MAJOR_NV
INFER, TRAIN = (VK_COOPERATIVE_VECTOR_MATRIX_LAYOUT_INFERENCING_OPTIMAL_NV,
                VK_COOPERATIVE_VECTOR_MATRIX_LAYOUT_TRAINING_OPTIMAL_NV)
SHIPPED = ["reference", "minimal", "nvidia-h100", "adversarial"]


def create_instance(profile: Any = "reference", validation: bool = True) -> VkInstance:
    layers = [VALIDATION_LAYER_NAME] if validation else []
    return vkCreateInstance(VkInstanceCreateInfo(enabledLayerCount=len(layers), ppEnabledLayerNames=layers), None,
                            profile=profile)


def first_physical_device(instance: VkInstance) -> VkPhysicalDevice:
    count, devices = [1], [None]
    vkEnumeratePhysicalDevices(instance, count, devices)
    return devices[0]


def device_info(extensions: tuple[str, ...] = (COOP,), families: tuple[int, ...] = (0, 1), features: Any = None,
                buffer_device_address: bool = True) -> VkDeviceCreateInfo:
    queues = [VkDeviceQueueCreateInfo(queueFamilyIndex=f, queueCount=1, pQueuePriorities=[1.0]) for f in families]
    chain = features
    if buffer_device_address:
        chain = VkPhysicalDeviceBufferDeviceAddressFeatures(pNext=chain, bufferDeviceAddress=1)
    return VkDeviceCreateInfo(pNext=chain, queueCreateInfoCount=len(queues), pQueueCreateInfos=queues,
                              enabledExtensionCount=len(extensions), ppEnabledExtensionNames=list(extensions))


@dataclass
class DeviceBuffer:
    buffer: VkBuffer
    memory: VkDeviceMemory
    data: np.ndarray  # the mapped bytes
    address: int


class Gpu:
    """A device of `profile` with a queue of each family, a resettable command pool on family 0."""

    def __init__(self, profile: Any = "reference", validation: bool = True, extensions: tuple[str, ...] = (COOP,),
                 buffer_device_address: bool = True) -> None:
        self.instance = create_instance(profile, validation)
        self.physical_device = first_physical_device(self.instance)
        self.device = vkCreateDevice(self.physical_device, device_info(extensions, buffer_device_address=
                                                                       buffer_device_address))
        self.queue = vkGetDeviceQueue(self.device, 0, 0)
        self.pool = vkCreateCommandPool(self.device, VkCommandPoolCreateInfo(
            flags=VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT, queueFamilyIndex=0))

    @property
    def messages(self) -> list[str]:
        return self.instance.layer.messages

    def buffer(self, size: int, usage: int = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT,
               memory_type: int = 2, allocate_flags: int = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT) -> DeviceBuffer:
        buffer = vkCreateBuffer(self.device, VkBufferCreateInfo(size=size, usage=usage))
        requirements = VkMemoryRequirements()
        vkGetBufferMemoryRequirements(self.device, buffer, requirements)
        memory = vkAllocateMemory(self.device, VkMemoryAllocateInfo(
            pNext=VkMemoryAllocateFlagsInfo(flags=allocate_flags), allocationSize=requirements.size,
            memoryTypeIndex=memory_type))
        vkBindBufferMemory(self.device, buffer, memory, 0)
        data = vkMapMemory(self.device, memory, 0, VK_WHOLE_SIZE, 0)
        address = vkGetBufferDeviceAddress(self.device, VkBufferDeviceAddressInfo(buffer=buffer))
        return DeviceBuffer(buffer, memory, data, address)

    def command_buffer(self, pool: VkCommandPool | None = None, begin: bool = True) -> VkCommandBuffer:
        buffers = [None]
        vkAllocateCommandBuffers(self.device, VkCommandBufferAllocateInfo(
            commandPool=pool or self.pool, level=VK_COMMAND_BUFFER_LEVEL_PRIMARY, commandBufferCount=1), buffers)
        if begin:
            vkBeginCommandBuffer(buffers[0], VkCommandBufferBeginInfo())
        return buffers[0]

    def submit(self, command_buffer: VkCommandBuffer, queue: VkQueue | None = None) -> VkFence:
        fence = vkCreateFence(self.device, VkFenceCreateInfo())
        vkQueueSubmit(queue or self.queue, 1, [VkSubmitInfo(commandBufferCount=1, pCommandBuffers=[command_buffer])],
                      fence)
        assert vkWaitForFences(self.device, 1, [fence], VK_TRUE, 2**64 - 1) == VK_SUCCESS
        return fence


def host_info(rows: int = 16, cols: int = 32, src_type: int = F16, dst_type: int = F16, src_layout: int = ROW,
              dst_layout: int = INFER, **fields: Any) -> VkConvertCooperativeVectorMatrixInfoNV:
    """A valid host conversion of a row-major matrix with tight strides, its source filled with small values."""
    element = {F16: 2, F32: 4, S8: 1, U8: 1, S32: 4, E4M3: 1, E5M2: 1}.get(src_type, 4)
    src_stride = cols * element if src_layout == ROW else rows * element
    source = fields.pop("srcData", None)
    if source is None:
        values = (np.arange(rows * cols) % 7 - 3).astype(np.float32)
        source = {F16: values.astype(np.float16), F32: values, S8: values.astype(np.int8),
                  U8: np.abs(values).astype(np.uint8)}.get(src_type, np.zeros(rows * cols * element, np.uint8))
    defaults = dict(srcSize=np.asarray(source).nbytes, srcData=source, pDstSize=[0], srcComponentType=src_type,
                    dstComponentType=dst_type, numRows=rows, numColumns=cols, srcLayout=src_layout,
                    srcStride=src_stride, dstLayout=dst_layout, dstStride=0)
    defaults.update(fields)
    return VkConvertCooperativeVectorMatrixInfoNV(**defaults)


def convert_on_host(device: VkDevice, info: VkConvertCooperativeVectorMatrixInfoNV) -> np.ndarray:
    """Size query, allocate, convert: the destination bytes (asserting VK_SUCCESS both times)."""
    query = info.model_copy()
    query.dstData = VkDeviceOrHostAddressKHR()
    size = [0]
    query.pDstSize = size
    assert vkConvertCooperativeVectorMatrixNV(device, query) == VK_SUCCESS
    out = np.zeros(size[0], np.uint8)
    info.dstData = VkDeviceOrHostAddressKHR(hostAddress=out)
    info.pDstSize = [size[0]]
    assert vkConvertCooperativeVectorMatrixNV(device, info) == VK_SUCCESS
    return out
