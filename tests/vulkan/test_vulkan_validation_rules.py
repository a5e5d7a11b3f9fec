"""Every VUID the emulated calls check is rejected by the validation layer, naming the VUID.

Each case breaks exactly one rule. With VK_LAYER_KHRONOS_validation enabled the call raises
VulkanValidationError whose `.vuid` is the rule's. Without it the call does what the case's mode says:
"driver" (goes on as a driver would: no exception, the VUID logged), "unsafe" (VulkanUndefinedBehaviorError:
no driver could go on either) or "fails" (a VkResult error, VulkanError). What "goes on" means for each rule
is tested in test_vulkan_unvalidated.py.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
from vulkan_harness import (
    E4M3,
    E5M2,
    F32,
    INFER,
    ROW,
    S32,
    Gpu,
    create_instance,
    device_info,
    first_physical_device,
    host_info,
)

from dxlinalg.profile.registry import load_profile
from dxlinalg.profile.vulkan import VulkanProfile
from dxlinalg.vulkan import *  # noqa: F403
from dxlinalg.vulkan import vuids
from dxlinalg.vulkan.queue import NEVER_ENDING_WAIT
from dxlinalg.vulkan.validation import ValidationLayer, Violation

Case = Callable[[bool], None]
CASES: dict[str, tuple[str, Case]] = {}


def case(vuid: str, mode: str = "driver") -> Callable[[Case], Case]:
    def register(trigger: Case) -> Case:
        CASES[f"{vuid} | {trigger.__name__}"] = (mode, trigger)
        return trigger
    return register


def sized_info(gpu: Gpu, **fields: object) -> VkConvertCooperativeVectorMatrixInfoNV:
    """A host conversion with its destination allocated at the queried size."""
    info = host_info(**fields)
    size = [0]
    query = info.model_copy(update={"pDstSize": size, "dstData": VkDeviceOrHostAddressKHR()})
    vkConvertCooperativeVectorMatrixNV(gpu.device, query)
    info.pDstSize = [size[0]]
    info.dstData = VkDeviceOrHostAddressKHR(hostAddress=np.zeros(max(size[0], 1), np.uint8))
    return info


def no_extension_profile() -> object:
    return load_profile("reference").model_copy(update={"vulkan": VulkanProfile(device_name="no coopvec")})


# --- extension enabled ----------------------------------------------------------------------------------

@case(vuids.EXTENSION_NOT_ENABLED)
def host_convert_without_the_extension(validation: bool) -> None:
    gpu = Gpu(validation=validation, extensions=())
    vkConvertCooperativeVectorMatrixNV(gpu.device, host_info())


@case(vuids.EXTENSION_NOT_ENABLED)
def properties_without_the_extension(validation: bool) -> None:
    device = first_physical_device(create_instance(no_extension_profile(), validation))
    vkGetPhysicalDeviceCooperativeVectorPropertiesNV(device, [0], None)


@case(vuids.EXTENSION_NOT_ENABLED)
def device_convert_without_the_extension(validation: bool) -> None:
    gpu = Gpu(validation=validation, extensions=())
    memory = gpu.buffer(1 << 16)
    vkCmdConvertCooperativeVectorMatrixNV(gpu.command_buffer(), 1, [host_info(
        srcData=memory.address, dstData=memory.address + 4096, pDstSize=[2048])])


# --- vkGetPhysicalDeviceCooperativeVectorPropertiesNV --------------------------------------------------------

def physical(validation: bool) -> VkPhysicalDevice:
    return first_physical_device(create_instance("reference", validation))


@case(vuids.PROPERTIES_PHYSICAL_DEVICE, "unsafe")
def properties_of_an_instance(validation: bool) -> None:
    vkGetPhysicalDeviceCooperativeVectorPropertiesNV(create_instance("reference", validation), [0], None)


@case(vuids.PROPERTIES_COUNT, "unsafe")
def properties_with_a_null_count(validation: bool) -> None:
    vkGetPhysicalDeviceCooperativeVectorPropertiesNV(physical(validation), None, None)


@case(vuids.PROPERTIES_ARRAY, "unsafe")
def properties_into_a_short_array(validation: bool) -> None:
    vkGetPhysicalDeviceCooperativeVectorPropertiesNV(physical(validation), [5], [VkCooperativeVectorPropertiesNV()] * 2)


@case(vuids.PROPERTIES_STYPE)
def properties_with_a_wrong_stype(validation: bool) -> None:
    vkGetPhysicalDeviceCooperativeVectorPropertiesNV(physical(validation), [1], [VkCooperativeVectorPropertiesNV(sType=0)])


@case(vuids.PROPERTIES_PNEXT)
def properties_with_a_pnext(validation: bool) -> None:
    element = VkCooperativeVectorPropertiesNV(pNext=VkPhysicalDeviceCooperativeVectorFeaturesNV())
    vkGetPhysicalDeviceCooperativeVectorPropertiesNV(physical(validation), [1], [element])


# --- VkConvertCooperativeVectorMatrixInfoNV -------------------------------------------------------------------

def host(validation: bool, **fields: object) -> None:
    gpu = Gpu(validation=validation)
    vkConvertCooperativeVectorMatrixNV(gpu.device, sized_info(gpu, **fields))


@case(vuids.INFO_SRC_STRIDE)
def src_stride_shorter_than_a_row(validation: bool) -> None:
    host(validation, srcStride=62)


@case(vuids.INFO_SRC_STRIDE)
def src_stride_not_a_multiple_of_the_element_size(validation: bool) -> None:
    host(validation, srcStride=65, srcData=np.zeros(65 * 16, np.uint8), srcSize=65 * 16)


@case(vuids.INFO_DST_STRIDE)
def dst_stride_shorter_than_a_row(validation: bool) -> None:
    host(validation, dst_layout=ROW, dstStride=62)


@case(vuids.INFO_DST_STRIDE)
def dst_stride_not_a_multiple_of_the_element_size(validation: bool) -> None:
    host(validation, dst_layout=ROW, dstStride=65)


@case(vuids.INFO_SRC_TYPE_SUPPORTED)
def src_type_no_property_lists(validation: bool) -> None:
    host(validation, src_type=S32, dst_type=S32)


@case(vuids.INFO_DST_TYPE_SUPPORTED)
def dst_type_no_property_lists(validation: bool) -> None:
    host(validation, src_type=F32, dst_type=S32, dst_layout=ROW, dstStride=128)


@case(vuids.INFO_TYPE_CHANGE)
def fp8_to_the_other_fp8(validation: bool) -> None:
    host(validation, src_type=E4M3, dst_type=E5M2, src_layout=INFER)


@case(vuids.INFO_TYPE_CHANGE)
def an_integer_type_change(validation: bool) -> None:
    host(validation, src_type=F32, dst_type=VK_COMPONENT_TYPE_SINT8_KHR)


@case(vuids.INFO_FP8_LAYOUT)
def fp8_into_row_major(validation: bool) -> None:
    host(validation, dst_type=E4M3, dst_layout=ROW, dstStride=32)


@case(vuids.INFO_STYPE)
def info_with_a_wrong_stype(validation: bool) -> None:
    host(validation, sType=0)


@case(vuids.INFO_PNEXT)
def info_with_a_pnext(validation: bool) -> None:
    host(validation, pNext=VkPhysicalDeviceCooperativeVectorFeaturesNV())


@case(vuids.INFO_SRC_DATA, "unsafe")
def src_data_that_is_not_memory(validation: bool) -> None:
    host(validation, srcData=VkDeviceOrHostAddressConstKHR(hostAddress="matrix"))


@case(vuids.INFO_DST_SIZE_POINTER, "unsafe")
def a_null_dst_size_pointer(validation: bool) -> None:
    gpu = Gpu(validation=validation)
    vkConvertCooperativeVectorMatrixNV(gpu.device, host_info(pDstSize=None))


@case(vuids.INFO_DST_DATA, "unsafe")
def dst_data_that_cannot_be_written(validation: bool) -> None:
    gpu = Gpu(validation=validation)
    info = sized_info(gpu)
    info.dstData.hostAddress = bytes(info.pDstSize[0])
    vkConvertCooperativeVectorMatrixNV(gpu.device, info)


@case(vuids.INFO_SRC_TYPE_VALUE, "unsafe")
def src_type_outside_the_enum(validation: bool) -> None:
    host(validation, srcComponentType=12345)


@case(vuids.INFO_DST_TYPE_VALUE, "unsafe")
def dst_type_outside_the_enum(validation: bool) -> None:
    host(validation, dstComponentType=1000567002)  # no stand-in on `reference` (nvidia-h100 has one)


@case(vuids.INFO_SRC_LAYOUT_VALUE, "unsafe")
def src_layout_outside_the_enum(validation: bool) -> None:
    host(validation, srcLayout=7)


@case(vuids.INFO_DST_LAYOUT_VALUE, "unsafe")
def dst_layout_outside_the_enum(validation: bool) -> None:
    host(validation, dstLayout=4)


# --- vkConvertCooperativeVectorMatrixNV -----------------------------------------------------------------------

@case(vuids.HOST_SRC_NULL, "unsafe")
def a_null_source_with_a_destination(validation: bool) -> None:
    gpu = Gpu(validation=validation)
    info = sized_info(gpu)
    info.srcData = VkDeviceOrHostAddressConstKHR()
    vkConvertCooperativeVectorMatrixNV(gpu.device, info)


@case(vuids.HOST_SRC_SIZE)
def src_size_one_byte_short(validation: bool) -> None:
    gpu = Gpu(validation=validation)
    info = sized_info(gpu)
    info.srcSize -= 1
    vkConvertCooperativeVectorMatrixNV(gpu.device, info)


@case(vuids.HOST_DST_SIZE)
def dst_size_one_byte_short(validation: bool) -> None:
    gpu = Gpu(validation=validation)
    info = sized_info(gpu)
    info.pDstSize[0] -= 1
    vkConvertCooperativeVectorMatrixNV(gpu.device, info)


@case(vuids.HOST_OVERLAP)
def destination_overlapping_the_source(validation: bool) -> None:
    gpu = Gpu(validation=validation)
    memory = np.zeros(1 << 16, np.uint8)
    info = sized_info(gpu, srcData=memory[:1024], srcSize=1024)
    info.dstData.hostAddress = memory[1023:]
    vkConvertCooperativeVectorMatrixNV(gpu.device, info)


@case(vuids.HOST_DEVICE, "unsafe")
def host_convert_on_a_destroyed_device(validation: bool) -> None:
    gpu = Gpu(validation=validation)
    vkDestroyDevice(gpu.device)
    vkConvertCooperativeVectorMatrixNV(gpu.device, host_info())


@case(vuids.HOST_INFO, "unsafe")
def host_convert_of_a_dict(validation: bool) -> None:
    vkConvertCooperativeVectorMatrixNV(Gpu(validation=validation).device, {"numRows": 16})


# --- vkCmdConvertCooperativeVectorMatrixNV --------------------------------------------------------------------

def record(validation: bool, edit: Callable[[Gpu, VkConvertCooperativeVectorMatrixInfoNV], object] = lambda g, i: None,
           count: int = 1, pool_family: int = 0, begin: bool = True) -> None:
    gpu = Gpu(validation=validation)
    memory = gpu.buffer(1 << 16)
    info = host_info(srcData=memory.address, dstData=memory.address + 8192, pDstSize=[2048], srcSize=1024)
    extra = edit(gpu, info)
    pool = gpu.pool if pool_family == 0 else vkCreateCommandPool(gpu.device, VkCommandPoolCreateInfo(queueFamilyIndex=1))
    infos = extra if isinstance(extra, list) else [info]
    vkCmdConvertCooperativeVectorMatrixNV(gpu.command_buffer(pool, begin), count, infos)


@case(vuids.CMD_SRC_ADDRESS)
def src_address_in_no_buffer(validation: bool) -> None:
    record(validation, lambda g, i: setattr(i.srcData, "deviceAddress", 64))


@case(vuids.CMD_DST_ADDRESS)
def dst_address_in_no_buffer(validation: bool) -> None:
    record(validation, lambda g, i: setattr(i.dstData, "deviceAddress", 64))


@case(vuids.CMD_SRC_ALIGNMENT)
def src_address_not_64_byte_aligned(validation: bool) -> None:
    record(validation, lambda g, i: setattr(i.srcData, "deviceAddress", i.srcData.deviceAddress + 16))


@case(vuids.CMD_DST_ALIGNMENT)
def dst_address_not_64_byte_aligned(validation: bool) -> None:
    record(validation, lambda g, i: setattr(i.dstData, "deviceAddress", i.dstData.deviceAddress + 16))


@case(vuids.CMD_SRC_SIZE)
def device_src_size_short(validation: bool) -> None:
    record(validation, lambda g, i: setattr(i, "srcSize", 1023))


@case(vuids.CMD_DST_SIZE)
def device_dst_size_short(validation: bool) -> None:
    record(validation, lambda g, i: i.pDstSize.__setitem__(0, 16))


@case(vuids.CMD_OVERLAP)
def a_destination_overlapping_another_conversions_source(validation: bool) -> None:
    def two(gpu: Gpu, info: VkConvertCooperativeVectorMatrixInfoNV) -> list:
        second = info.model_copy(deep=False, update={"srcData": VkDeviceOrHostAddressConstKHR(
            deviceAddress=info.srcData.deviceAddress + 1024), "dstData": VkDeviceOrHostAddressKHR(
            deviceAddress=info.srcData.deviceAddress + 512)})
        return [info, second]
    record(validation, two, count=2)


@case(vuids.CMD_COMMAND_BUFFER, "unsafe")
def recording_into_a_queue(validation: bool) -> None:
    vkCmdConvertCooperativeVectorMatrixNV(Gpu(validation=validation).queue, 1, [host_info()])


@case(vuids.CMD_INFOS, "unsafe")
def fewer_infos_than_info_count(validation: bool) -> None:
    record(validation, count=2)


@case(vuids.CMD_RECORDING)
def recording_before_begin(validation: bool) -> None:
    record(validation, begin=False)


@case(vuids.CMD_POOL)
def recording_on_a_transfer_only_pool(validation: bool) -> None:
    record(validation, pool_family=1)


@case(vuids.CMD_INFO_COUNT)
def recording_no_conversion(validation: bool) -> None:
    record(validation, count=0)


# --- vkCreateDevice, vkGetDeviceQueue -------------------------------------------------------------------------

def create_device(validation: bool, info: VkDeviceCreateInfo) -> VkDevice:
    return vkCreateDevice(physical(validation), info)


@case(vuids.DEVICE_PNEXT)
def cooperative_vector_features_without_the_extension(validation: bool) -> None:
    create_device(validation, device_info(extensions=(), features=VkPhysicalDeviceCooperativeVectorFeaturesNV()))


@case(vuids.DEVICE_PNEXT)
def a_struct_that_does_not_extend_device_creation(validation: bool) -> None:
    create_device(validation, device_info(features=VkBufferCreateInfo()))


@case(vuids.DEVICE_STYPE_UNIQUE)
def the_same_feature_struct_twice(validation: bool) -> None:
    chain = VkPhysicalDeviceCooperativeVectorFeaturesNV(pNext=VkPhysicalDeviceCooperativeVectorFeaturesNV())
    create_device(validation, device_info(features=chain))


@case(vuids.DEVICE_FEATURES_TWICE)
def features2_and_enabled_features(validation: bool) -> None:
    info = device_info(features=VkPhysicalDeviceFeatures2())
    info.pEnabledFeatures = VkPhysicalDeviceFeatures()
    create_device(validation, info)


@case(vuids.DEVICE_QUEUE_FAMILY_UNIQUE)
def one_queue_family_twice(validation: bool) -> None:
    create_device(validation, device_info(families=(0, 0)))


@case(vuids.QUEUE_FAMILY_INDEX, "unsafe")
def a_queue_family_the_device_lacks(validation: bool) -> None:
    create_device(validation, device_info(families=(5,)))


@case(vuids.QUEUE_COUNT)
def more_queues_than_the_family_has(validation: bool) -> None:
    info = device_info(families=(1,))
    info.pQueueCreateInfos[0].queueCount, info.pQueueCreateInfos[0].pQueuePriorities = 3, [1.0] * 3
    create_device(validation, info)


@case(vuids.QUEUE_PRIORITIES)
def a_priority_above_one(validation: bool) -> None:
    info = device_info()
    info.pQueueCreateInfos[0].pQueuePriorities = [1.5]
    create_device(validation, info)


@case(vuids.QUEUE_COUNT_ZERO)
def zero_queues(validation: bool) -> None:
    info = device_info(families=(0,))
    info.pQueueCreateInfos[0].queueCount = 0
    create_device(validation, info)


@case(vuids.GET_QUEUE_FAMILY, "unsafe")
def a_queue_of_a_family_not_created(validation: bool) -> None:
    vkGetDeviceQueue(create_device(validation, device_info(families=(0,))), 1, 0)


@case(vuids.GET_QUEUE_INDEX, "unsafe")
def a_queue_index_past_the_count(validation: bool) -> None:
    vkGetDeviceQueue(create_device(validation, device_info(families=(0,))), 0, 1)


# --- memory and buffers ---------------------------------------------------------------------------------------

@case(vuids.BUFFER_SIZE)
def an_empty_buffer(validation: bool) -> None:
    vkCreateBuffer(Gpu(validation=validation).device, VkBufferCreateInfo(size=0, usage=VK_BUFFER_USAGE_STORAGE_BUFFER_BIT))


@case(vuids.ALLOCATION_SIZE, "fails")
def an_empty_allocation(validation: bool) -> None:
    vkAllocateMemory(Gpu(validation=validation).device, VkMemoryAllocateInfo(allocationSize=0, memoryTypeIndex=0))


@case(vuids.MEMORY_TYPE_INDEX, "unsafe")
def a_memory_type_past_the_count(validation: bool) -> None:
    vkAllocateMemory(Gpu(validation=validation).device, VkMemoryAllocateInfo(allocationSize=256, memoryTypeIndex=3))


def bind(validation: bool, size: int = 256, allocation: int = 1024, offset: int = 0, flags: int =
         VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT, twice: bool = False) -> None:
    gpu = Gpu(validation=validation)
    buffer = vkCreateBuffer(gpu.device, VkBufferCreateInfo(size=size, usage=VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT))
    memory = vkAllocateMemory(gpu.device, VkMemoryAllocateInfo(pNext=VkMemoryAllocateFlagsInfo(flags=flags),
                                                               allocationSize=allocation, memoryTypeIndex=2))
    if twice:
        vkBindBufferMemory(gpu.device, buffer, memory, 0)
    vkBindBufferMemory(gpu.device, buffer, memory, offset)


@case(vuids.BIND_TWICE)
def binding_a_buffer_twice(validation: bool) -> None:
    bind(validation, twice=True)


@case(vuids.BIND_OFFSET)
def binding_past_the_allocation(validation: bool) -> None:
    bind(validation, offset=1024)


@case(vuids.BIND_ALIGNMENT)
def binding_at_an_unaligned_offset(validation: bool) -> None:
    bind(validation, offset=64)


@case(vuids.BIND_SIZE)
def binding_where_the_buffer_does_not_fit(validation: bool) -> None:
    bind(validation, size=1024, offset=256)


@case(vuids.BIND_DEVICE_ADDRESS)
def binding_an_addressable_buffer_to_memory_without_the_flag(validation: bool) -> None:
    bind(validation, flags=0)


def mapping(validation: bool, offset: int = 0, size: int = VK_WHOLE_SIZE, memory_type: int = 2,
            twice: bool = False, unmap_first: bool = False) -> None:
    gpu = Gpu(validation=validation)
    memory = vkAllocateMemory(gpu.device, VkMemoryAllocateInfo(allocationSize=1024, memoryTypeIndex=memory_type))
    if unmap_first:
        vkUnmapMemory(gpu.device, memory)
        return
    if twice:
        vkMapMemory(gpu.device, memory, 0, VK_WHOLE_SIZE, 0)
    vkMapMemory(gpu.device, memory, offset, size, 0)


@case(vuids.MAP_TWICE)
def mapping_twice(validation: bool) -> None:
    mapping(validation, twice=True)


@case(vuids.MAP_OFFSET, "unsafe")
def mapping_past_the_end(validation: bool) -> None:
    mapping(validation, offset=1024)


@case(vuids.MAP_SIZE_ZERO)
def mapping_nothing(validation: bool) -> None:
    mapping(validation, size=0)


@case(vuids.MAP_SIZE, "unsafe")
def mapping_more_than_there_is(validation: bool) -> None:
    mapping(validation, offset=512, size=1024)


@case(vuids.MAP_HOST_VISIBLE, "fails")
def mapping_device_local_memory(validation: bool) -> None:
    mapping(validation, memory_type=0)


@case(vuids.UNMAP_NOT_MAPPED)
def unmapping_what_is_not_mapped(validation: bool) -> None:
    mapping(validation, unmap_first=True)


def address(validation: bool, usage: int = VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT, bound: bool = True,
            feature: bool = True) -> None:
    gpu = Gpu(validation=validation, buffer_device_address=feature)
    buffer = vkCreateBuffer(gpu.device, VkBufferCreateInfo(size=256, usage=usage))
    if bound:
        memory = vkAllocateMemory(gpu.device, VkMemoryAllocateInfo(
            pNext=VkMemoryAllocateFlagsInfo(flags=VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT), allocationSize=256,
            memoryTypeIndex=2))
        vkBindBufferMemory(gpu.device, buffer, memory, 0)
    vkGetBufferDeviceAddress(gpu.device, VkBufferDeviceAddressInfo(buffer=buffer))


@case(vuids.ADDRESS_FEATURE)
def an_address_without_the_feature(validation: bool) -> None:
    address(validation, feature=False)


@case(vuids.ADDRESS_BOUND)
def an_address_of_an_unbound_buffer(validation: bool) -> None:
    address(validation, bound=False)


@case(vuids.ADDRESS_USAGE)
def an_address_of_a_buffer_without_the_usage(validation: bool) -> None:
    address(validation, usage=VK_BUFFER_USAGE_STORAGE_BUFFER_BIT)


# --- command pools, command buffers, submission ---------------------------------------------------------------

@case(vuids.POOL_FAMILY, "unsafe")
def a_pool_for_a_family_without_queues(validation: bool) -> None:
    gpu = Gpu(validation=validation)
    device = vkCreateDevice(gpu.physical_device, device_info(families=(0,)))
    vkCreateCommandPool(device, VkCommandPoolCreateInfo(queueFamilyIndex=1))


@case(vuids.ALLOCATE_COUNT)
def allocating_no_command_buffer(validation: bool) -> None:
    gpu = Gpu(validation=validation)
    vkAllocateCommandBuffers(gpu.device, VkCommandBufferAllocateInfo(commandPool=gpu.pool, commandBufferCount=0), [])


@case(vuids.BEGIN_NOT_INITIAL)
def beginning_again_without_the_reset_flag(validation: bool) -> None:
    gpu = Gpu(validation=validation)
    command_buffer = gpu.command_buffer(vkCreateCommandPool(gpu.device, VkCommandPoolCreateInfo(queueFamilyIndex=0)))
    vkEndCommandBuffer(command_buffer)
    vkBeginCommandBuffer(command_buffer, VkCommandBufferBeginInfo())


@case(vuids.BEGIN_RECORDING)
def beginning_while_recording(validation: bool) -> None:
    vkBeginCommandBuffer(Gpu(validation=validation).command_buffer(), VkCommandBufferBeginInfo())


@case(vuids.END_NOT_RECORDING)
def ending_what_never_began(validation: bool) -> None:
    vkEndCommandBuffer(Gpu(validation=validation).command_buffer(begin=False))


@case(vuids.RESET_POOL_FLAG)
def resetting_without_the_reset_flag(validation: bool) -> None:
    gpu = Gpu(validation=validation)
    pool = vkCreateCommandPool(gpu.device, VkCommandPoolCreateInfo(queueFamilyIndex=0))
    vkResetCommandBuffer(gpu.command_buffer(pool, begin=False), 0)


@case(vuids.SUBMIT_STATE)
def submitting_a_command_buffer_still_recording(validation: bool) -> None:
    gpu = Gpu(validation=validation)
    vkQueueSubmit(gpu.queue, 1, [VkSubmitInfo(commandBufferCount=1, pCommandBuffers=[gpu.command_buffer()])], None)


@case(vuids.SUBMIT_FAMILY)
def submitting_to_a_queue_of_another_family(validation: bool) -> None:
    gpu = Gpu(validation=validation)
    command_buffer = gpu.command_buffer()
    vkEndCommandBuffer(command_buffer)
    vkQueueSubmit(vkGetDeviceQueue(gpu.device, 1, 0), 1,
                  [VkSubmitInfo(commandBufferCount=1, pCommandBuffers=[command_buffer])], None)


@case(vuids.SUBMIT_FENCE)
def submitting_with_a_signaled_fence(validation: bool) -> None:
    gpu = Gpu(validation=validation)
    fence = vkCreateFence(gpu.device, VkFenceCreateInfo(flags=VK_FENCE_CREATE_SIGNALED_BIT))
    vkQueueSubmit(gpu.queue, 0, None, fence)


@case(NEVER_ENDING_WAIT, "unsafe")
def waiting_forever_on_a_fence_nothing_signals(validation: bool) -> None:
    gpu = Gpu(validation=validation)
    fence = vkCreateFence(gpu.device, VkFenceCreateInfo())
    vkWaitForFences(gpu.device, 1, [fence], VK_TRUE, 2**64 - 1)


# --- the tests ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(CASES))
def test_the_validation_layer_rejects_the_rule(name: str) -> None:
    vuid = name.split(" | ")[0]
    mode, trigger = CASES[name]
    expected = VulkanUndefinedBehaviorError if vuid == NEVER_ENDING_WAIT else VulkanValidationError
    with pytest.raises(expected) as caught:
        trigger(True)
    assert caught.value.vuid == vuid
    assert vuid in str(caught.value)


@pytest.fixture
def reported(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The VUID of every violation any validation layer reports during the test."""
    seen: list[str] = []
    for method in ("report", "unsafe"):
        original = getattr(ValidationLayer, method)

        def spy(self: ValidationLayer, violation: Violation, original=original) -> None:
            seen.append(violation.vuid)
            original(self, violation)

        monkeypatch.setattr(ValidationLayer, method, spy)
    return seen


@pytest.mark.parametrize("name", sorted(CASES))
def test_without_validation_the_call_goes_on_as_a_driver_would(name: str, reported: list[str]) -> None:
    vuid = name.split(" | ")[0]
    mode, trigger = CASES[name]
    if mode == "driver":
        trigger(False)
    elif mode == "unsafe":
        with pytest.raises(VulkanUndefinedBehaviorError) as caught:
            trigger(False)
        assert caught.value.vuid == vuid
    else:
        with pytest.raises(VulkanError):
            trigger(False)
    assert vuid == NEVER_ENDING_WAIT or vuid in reported


@pytest.mark.parametrize("call", [
    lambda: vkGetPhysicalDeviceCooperativeVectorPropertiesNV(None, [0], None),
    lambda: vkConvertCooperativeVectorMatrixNV(None, host_info()),
    lambda: vkCmdConvertCooperativeVectorMatrixNV(None, 1, [host_info()]),
    lambda: vkCreateDevice("gpu0", device_info()),
])
def test_a_null_handle_cannot_be_dispatched_whatever_the_layer(call: Callable[[], object]) -> None:
    """A NULL or foreign object carries no instance, so no layer can be asked: the call always raises."""
    with pytest.raises(VulkanUndefinedBehaviorError, match=r"-parameter.*must be a valid Vk"):
        call()


def test_every_rule_has_a_rejection_case() -> None:
    static = {value for name, value in vars(vuids).items() if name.isupper() and isinstance(value, str)}
    covered = {name.split(" | ")[0] for name in CASES}
    assert static | {NEVER_ENDING_WAIT} <= covered, sorted(static - covered)


def test_every_message_cites_the_rule_text() -> None:
    with pytest.raises(VulkanValidationError) as caught:
        src_stride_shorter_than_a_row(True)
    text = str(caught.value)
    assert text.startswith("vkConvertCooperativeVectorMatrixNV: pInfo->srcStride = 62")
    assert vuids.RULES[vuids.INFO_SRC_STRIDE] in text
