"""Without the validation layer a broken rule is undefined: the emulated driver does what docs/vulkan.md says,
and where that is an implementation's choice, what the profile says (never what its name is)."""

from __future__ import annotations

import numpy as np
import pytest
from vulkan_harness import (
    COL,
    E4M3,
    E5M2,
    F16,
    F32,
    ROW,
    S8,
    S32,
    U8,
    Gpu,
    convert_on_host,
    device_info,
    host_info,
)

from dxlinalg.profile.registry import load_profile
from dxlinalg.profile.vulkan import IntegerTypeChange, VulkanUnvalidatedBehaviour
from dxlinalg.vulkan import *  # noqa: F403


def unvalidated(profile: object) -> Gpu:
    return Gpu(profile, validation=False)


@pytest.mark.parametrize("choice, want", [(IntegerTypeChange.ZEROS, [0, 0, 0, 0]),
                                          (IntegerTypeChange.CONVERT, [-128, -1, 2, 127])])
def test_an_integer_type_change_writes_what_the_profile_chooses(choice: IntegerTypeChange, want: list[int]) -> None:
    base = load_profile("reference")
    profile = base.model_copy(update={"name": f"reference-{choice.value}", "vulkan": base.vulkan.model_copy(
        update={"unvalidated": VulkanUnvalidatedBehaviour(integer_type_change=choice)})})
    values = np.array([-300.0, -1.25, 2.0, 1e9], np.float32)
    out = convert_on_host(unvalidated(profile).device, host_info(1, 4, F32, S8, dst_layout=ROW, dstStride=16,
                                                                 srcData=values))
    assert out.view(np.int8).tolist() == want


def test_nvidia_h100_lays_out_types_it_does_not_list_as_bytes() -> None:
    """SINT32 is no matrixInterpretation of the H100: its driver sizes and copies it as 1-byte elements."""
    gpu = unvalidated("nvidia-h100")
    values = np.arange(64, dtype=np.int32) * 1000
    out = convert_on_host(gpu.device, host_info(1, 64, S32, S32, dst_layout=ROW, dstStride=256, srcData=values))
    assert out.size == 64 and out.tobytes() == values.view(np.uint8)[:64].tobytes()


def test_nvidia_h100_takes_the_unofficial_fp8_values_as_int8_data() -> None:
    gpu = unvalidated("nvidia-h100")
    values = np.arange(1, 17, dtype=np.uint8)
    e4m3_new = convert_on_host(gpu.device, host_info(4, 4, 1000567002, 1000567002, srcData=values, srcStride=4))
    sint8 = convert_on_host(gpu.device, host_info(4, 4, S8, S8, srcData=values.view(np.int8), srcStride=4))
    assert e4m3_new.tobytes() == sint8.tobytes()


def test_fp8_into_row_major_is_written_as_fp8_bytes() -> None:
    values = np.array([1.0, -2.5, 448.0, 1000.0], np.float32)
    out = convert_on_host(unvalidated("reference").device, host_info(1, 4, F32, E4M3, dst_layout=ROW, dstStride=16,
                                                                     srcData=values))
    assert out.tolist() == [0x38, 0xC2, 0x7E, 0x7E]  # `reference` saturates E4M3 overflow


def test_fp8_to_the_other_fp8_converts_the_values() -> None:
    values = np.array([0x38, 0xC0, 0x01, 0x7F], np.uint8)  # E4M3 1.0, -2.0, 2^-9, NaN
    out = convert_on_host(unvalidated("nvidia-h100").device, host_info(1, 4, E4M3, E5M2, dst_layout=ROW,
                                                                       dstStride=16, srcData=values, srcStride=4))
    assert out.tolist()[:2] == [0x3C, 0xC0]


def test_a_short_source_size_still_reads_the_whole_matrix() -> None:
    gpu = unvalidated("reference")
    info = host_info(8, 8)
    want = convert_on_host(gpu.device, info.model_copy())
    info.srcSize = 10
    assert convert_on_host(gpu.device, info).tobytes() == want.tobytes()


def test_an_overlapping_destination_is_written_after_the_whole_source_is_read() -> None:
    gpu = unvalidated("reference")
    memory = np.zeros(4096, np.uint8)
    values = np.arange(64, dtype=np.float16)
    memory[:128] = values.view(np.uint8)
    info = host_info(8, 8, F16, F16, dst_layout=COL, dstStride=16, srcData=memory[:128], srcSize=128)
    info.dstData, info.pDstSize = VkDeviceOrHostAddressKHR(hostAddress=memory[64:]), [128]
    assert vkConvertCooperativeVectorMatrixNV(gpu.device, info) == VK_SUCCESS
    assert np.array_equal(memory[64:192].view(np.float16).reshape(8, 8).T, values.reshape(8, 8))


def test_an_odd_source_stride_is_read_byte_by_byte() -> None:
    """srcStride 33 (not a multiple of 2): row r of FP16 starts at byte 33 r, as a driver's address sums say."""
    raw = np.arange(4 * 33, dtype=np.uint8)
    out = convert_on_host(unvalidated("reference").device, host_info(4, 8, F16, F16, dst_layout=ROW, dstStride=16,
                                                                      srcData=raw, srcStride=33))
    want = np.concatenate([raw[33 * r: 33 * r + 16] for r in range(4)])
    assert out.tobytes() == want.tobytes()


def test_a_destination_stride_shorter_than_a_row_lets_later_rows_overwrite_earlier_ones() -> None:
    values = np.arange(3 * 4, dtype=np.float16)
    out = convert_on_host(unvalidated("reference").device, host_info(3, 4, F16, F16, dst_layout=ROW, dstStride=4,
                                                                     srcData=values))
    assert out.size == 2 * 4 + 8
    assert out.view(np.float16).tolist() == [0, 1, 4, 5, 8, 9, 10, 11]


def test_a_device_destination_size_below_the_layout_gets_the_whole_layout() -> None:
    gpu = unvalidated("nvidia-h100")
    memory = gpu.buffer(1 << 16)
    info = host_info(16, 16)
    want = convert_on_host(gpu.device, info.model_copy())
    memory.data[:512] = np.asarray(info.srcData.hostAddress).view(np.uint8)
    command_buffer = gpu.command_buffer()
    vkCmdConvertCooperativeVectorMatrixNV(command_buffer, 1, [info.model_copy(update={
        "srcData": VkDeviceOrHostAddressConstKHR(deviceAddress=memory.address),
        "dstData": VkDeviceOrHostAddressKHR(deviceAddress=memory.address + 4096), "pDstSize": [16]})])
    vkEndCommandBuffer(command_buffer)
    gpu.submit(command_buffer)
    assert memory.data[4096: 4096 + want.size].tobytes() == want.tobytes()


def test_a_device_destination_past_the_end_of_its_memory_is_cut_off() -> None:
    gpu = unvalidated("reference")
    memory = gpu.buffer(4096)
    info = host_info(16, 16)
    want = convert_on_host(gpu.device, info.model_copy())
    memory.data[:512] = np.asarray(info.srcData.hostAddress).view(np.uint8)
    command_buffer = gpu.command_buffer()
    vkCmdConvertCooperativeVectorMatrixNV(command_buffer, 1, [info.model_copy(update={
        "srcData": VkDeviceOrHostAddressConstKHR(deviceAddress=memory.address),
        "dstData": VkDeviceOrHostAddressKHR(deviceAddress=memory.address + 4096 - 64), "pDstSize": [want.size]})])
    vkEndCommandBuffer(command_buffer)
    gpu.submit(command_buffer)
    assert memory.data[-64:].tobytes() == want[:64].tobytes()
    assert any("were not written" in message for message in gpu.messages)


def test_a_device_address_in_no_memory_skips_the_conversion() -> None:
    gpu = unvalidated("reference")
    memory = gpu.buffer(4096)
    command_buffer = gpu.command_buffer()
    vkCmdConvertCooperativeVectorMatrixNV(command_buffer, 1, [host_info(4, 4, srcData=64, dstData=memory.address,
                                                                        pDstSize=[4096])])
    vkEndCommandBuffer(command_buffer)
    gpu.submit(command_buffer)
    assert (memory.data == 0).all() and any("skipped" in message for message in gpu.messages)


def test_commands_recorded_outside_recording_still_run_when_submitted() -> None:
    gpu = unvalidated("reference")
    memory = gpu.buffer(1 << 16)
    info = host_info(4, 4)
    want = convert_on_host(gpu.device, info.model_copy())
    memory.data[:32] = np.asarray(info.srcData.hostAddress).view(np.uint8)
    command_buffer = gpu.command_buffer(begin=False)
    vkCmdConvertCooperativeVectorMatrixNV(command_buffer, 1, [info.model_copy(update={
        "srcData": VkDeviceOrHostAddressConstKHR(deviceAddress=memory.address),
        "dstData": VkDeviceOrHostAddressKHR(deviceAddress=memory.address + 4096), "pDstSize": [want.size]})])
    vkQueueSubmit(gpu.queue, 1, [VkSubmitInfo(commandBufferCount=1, pCommandBuffers=[command_buffer])], None)
    assert memory.data[4096: 4096 + want.size].tobytes() == want.tobytes()


def test_an_info_count_of_zero_records_nothing() -> None:
    gpu = unvalidated("reference")
    command_buffer = gpu.command_buffer()
    vkCmdConvertCooperativeVectorMatrixNV(command_buffer, 0, None)
    assert command_buffer.commands == []


def test_a_feature_struct_of_an_extension_not_enabled_is_read_anyway() -> None:
    gpu = unvalidated("reference")
    device = vkCreateDevice(gpu.physical_device, device_info(
        extensions=(), features=VkPhysicalDeviceCooperativeVectorFeaturesNV(cooperativeVector=1)))
    assert device.features["cooperativeVector"] and not device.extension_enabled(VK_NV_COOPERATIVE_VECTOR_EXTENSION_NAME)


def test_the_address_of_an_unbound_buffer_is_zero() -> None:
    gpu = unvalidated("reference")
    buffer = vkCreateBuffer(gpu.device, VkBufferCreateInfo(size=64, usage=VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT))
    assert vkGetBufferDeviceAddress(gpu.device, VkBufferDeviceAddressInfo(buffer=buffer)) == 0


def test_a_transfer_only_pool_still_records() -> None:
    gpu = unvalidated("reference")
    pool = vkCreateCommandPool(gpu.device, VkCommandPoolCreateInfo(queueFamilyIndex=1))
    command_buffer = gpu.command_buffer(pool)
    vkCmdConvertCooperativeVectorMatrixNV(command_buffer, 1, [host_info(4, 4, srcData=0, dstData=0, pDstSize=[64])])
    assert len(command_buffer.commands) == 1


def test_u8_row_major_conversions_on_a_profile_that_does_not_list_it_still_copy() -> None:
    values = np.arange(16, dtype=np.uint8)
    out = convert_on_host(unvalidated("minimal").device, host_info(4, 4, U8, U8, dst_layout=ROW, dstStride=16,
                                                                   srcData=values, srcStride=4))
    assert out[:4].tolist() == [0, 1, 2, 3] and out.size == 3 * 16 + 4


def test_the_unvalidated_behaviour_is_a_profile_field_not_a_name() -> None:
    renamed = load_profile("nvidia-h100").model_copy(update={"name": "not-an-h100"})
    values = np.arange(4, dtype=np.float32)
    out = convert_on_host(unvalidated(renamed).device, host_info(1, 4, F32, S8, dst_layout=ROW, dstStride=16,
                                                                 srcData=values))
    assert out.tolist() == [0, 0, 0, 0]
