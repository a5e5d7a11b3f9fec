"""vkCmdConvertCooperativeVectorMatrixNV through command buffers, queues and fences: the same bytes as the host
conversion, captured at record time, run at submission; and the command-buffer lifecycle."""

from __future__ import annotations

import threading
from typing import Any

import numpy as np
import pytest
from vulkan_harness import (
    E4M3,
    F16,
    F32,
    INFER,
    ROW,
    SHIPPED,
    TRAIN,
    Gpu,
    convert_on_host,
    host_info,
)

from dxlinalg.vulkan import *  # noqa: F403


def record_conversion(gpu: Gpu, memory: Any, info: VkConvertCooperativeVectorMatrixInfoNV, src_offset: int,
                      dst_offset: int, size: int) -> VkCommandBuffer:
    source = np.asarray(info.srcData.hostAddress).view(np.uint8).reshape(-1)
    memory.data[src_offset: src_offset + source.size] = source
    device_info = info.model_copy(update={"srcData": VkDeviceOrHostAddressConstKHR(
        deviceAddress=memory.address + src_offset), "dstData": VkDeviceOrHostAddressKHR(
        deviceAddress=memory.address + dst_offset), "pDstSize": [size]})
    command_buffer = gpu.command_buffer()
    vkCmdConvertCooperativeVectorMatrixNV(command_buffer, 1, [device_info])
    assert vkEndCommandBuffer(command_buffer) == VK_SUCCESS
    return command_buffer


@pytest.mark.parametrize("profile", SHIPPED)
@pytest.mark.parametrize("src, dst, layout", [(F32, F16, INFER), (F16, E4M3, TRAIN), (F16, F16, ROW)])
def test_the_device_conversion_writes_what_the_host_conversion_writes(profile: str, src: int, dst: int,
                                                                      layout: int) -> None:
    gpu = Gpu(profile)
    values = (np.random.default_rng(7).standard_normal(24 * 40) * 3).astype(np.float32 if src == F32 else np.float16)
    info = host_info(24, 40, src, dst, dst_layout=layout, dstStride=80 if layout == ROW else 0, srcData=values)
    want = convert_on_host(gpu.device, info.model_copy())
    memory = gpu.buffer(1 << 16)
    memory.data[:] = 0xA5
    gpu.submit(record_conversion(gpu, memory, info, 0, 8192, want.size))
    assert memory.data[8192: 8192 + want.size].tobytes() == want.tobytes()
    assert (memory.data[8192 + want.size:] == 0xA5).all()


def test_the_command_uses_the_info_as_it_was_when_recorded() -> None:
    gpu = Gpu("reference")
    memory = gpu.buffer(1 << 16)
    info = host_info(8, 8)
    want = convert_on_host(gpu.device, info.model_copy())
    command_buffer = record_conversion(gpu, memory, info, 0, 4096, want.size)
    info.numRows, info.dstLayout = 1, ROW
    gpu.submit(command_buffer)
    assert memory.data[4096: 4096 + want.size].tobytes() == want.tobytes()


def test_several_conversions_in_one_command_run_in_order() -> None:
    gpu = Gpu("nvidia-h100")
    memory = gpu.buffer(1 << 17)
    infos, wants = [], []
    for index, (rows, cols) in enumerate([(16, 16), (3, 70), (33, 8)]):
        values = np.arange(rows * cols, dtype=np.float32) - 50
        info = host_info(rows, cols, F32, F16, srcData=values)
        wants.append(convert_on_host(gpu.device, info.model_copy()))
        memory.data[index * 16384: index * 16384 + values.nbytes] = values.view(np.uint8)
        infos.append(info.model_copy(update={
            "srcData": VkDeviceOrHostAddressConstKHR(deviceAddress=memory.address + index * 16384),
            "dstData": VkDeviceOrHostAddressKHR(deviceAddress=memory.address + 65536 + index * 16384),
            "pDstSize": [wants[-1].size]}))
    command_buffer = gpu.command_buffer()
    vkCmdConvertCooperativeVectorMatrixNV(command_buffer, 3, infos)
    vkEndCommandBuffer(command_buffer)
    gpu.submit(command_buffer)
    for index, want in enumerate(wants):
        start = 65536 + index * 16384
        assert memory.data[start: start + want.size].tobytes() == want.tobytes()


def test_host_writes_through_a_mapping_reach_the_next_submission() -> None:
    gpu = Gpu("reference")
    memory = gpu.buffer(1 << 16)
    info = host_info(8, 8)
    size = convert_on_host(gpu.device, info.model_copy()).size
    command_buffer = record_conversion(gpu, memory, info, 0, 4096, size)
    gpu.submit(command_buffer)
    first = memory.data[4096: 4096 + size].copy()
    memory.data[:128] = np.full(64, 1.0, np.float16).view(np.uint8)
    gpu.submit(command_buffer)
    assert not np.array_equal(first, memory.data[4096: 4096 + size])


def test_a_one_time_submit_command_buffer_is_invalid_afterwards() -> None:
    gpu = Gpu("reference")
    command_buffer = gpu.command_buffer(begin=False)
    vkBeginCommandBuffer(command_buffer, VkCommandBufferBeginInfo(flags=VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT))
    vkEndCommandBuffer(command_buffer)
    gpu.submit(command_buffer)
    assert command_buffer.state == CommandBufferState.INVALID
    with pytest.raises(VulkanValidationError, match="00070"):
        gpu.submit(command_buffer)
    assert vkResetCommandBuffer(command_buffer, 0) == VK_SUCCESS and command_buffer.state == CommandBufferState.INITIAL


def test_a_new_command_kind_records_and_runs_at_submission() -> None:
    """The extension point the compute path uses: a Command subclass appended with record()."""
    ran: list[int] = []

    class Mark(Command):
        name = "vkCmdMark"

        def __init__(self, value: int) -> None:
            self.value = value

        def execute(self, queue: VkQueue) -> None:
            ran.append(self.value)

    gpu = Gpu("reference")
    command_buffer = gpu.command_buffer()
    command_buffer.recording_state["pipeline"] = "bound"
    command_buffer.record(Mark(1))
    command_buffer.record(Mark(2))
    vkEndCommandBuffer(command_buffer)
    gpu.submit(command_buffer)
    gpu.submit(command_buffer)
    assert ran == [1, 2, 1, 2]
    vkBeginCommandBuffer(command_buffer, VkCommandBufferBeginInfo())
    assert command_buffer.commands == [] and command_buffer.recording_state == {}


def test_fences_signal_at_submission_and_reset() -> None:
    gpu = Gpu("reference")
    fence = vkCreateFence(gpu.device, VkFenceCreateInfo())
    assert vkGetFenceStatus(gpu.device, fence) == VK_NOT_READY
    assert vkWaitForFences(gpu.device, 1, [fence], VK_TRUE, 0) == VK_TIMEOUT
    assert vkQueueSubmit(gpu.queue, 0, None, fence) == VK_SUCCESS
    assert vkGetFenceStatus(gpu.device, fence) == VK_SUCCESS
    assert vkResetFences(gpu.device, 1, [fence]) == VK_SUCCESS
    signaled = vkCreateFence(gpu.device, VkFenceCreateInfo(flags=VK_FENCE_CREATE_SIGNALED_BIT))
    assert vkWaitForFences(gpu.device, 2, [fence, signaled], VK_FALSE, 0) == VK_SUCCESS
    assert vkWaitForFences(gpu.device, 2, [fence, signaled], VK_TRUE, 1000) == VK_TIMEOUT


def test_a_wait_on_a_submission_running_in_another_thread_ends_when_it_ends() -> None:
    gpu = Gpu("reference")
    fence = vkCreateFence(gpu.device, VkFenceCreateInfo())
    running, finish = threading.Event(), threading.Event()

    class Slow(Command):
        def execute(self, queue: VkQueue) -> None:
            running.set()
            finish.wait(5)

    command_buffer = gpu.command_buffer()
    command_buffer.record(Slow())
    vkEndCommandBuffer(command_buffer)
    worker = threading.Thread(target=vkQueueSubmit, args=(gpu.queue, 1, [VkSubmitInfo(
        commandBufferCount=1, pCommandBuffers=[command_buffer])], fence))
    worker.start()
    running.wait(5)
    threading.Timer(0.05, finish.set).start()
    assert vkWaitForFences(gpu.device, 1, [fence], VK_TRUE, 2**64 - 1) == VK_SUCCESS
    worker.join()
    assert finish.is_set()


def test_an_infinite_wait_no_running_submission_can_end_raises_even_with_other_threads() -> None:
    gpu = Gpu("reference", validation=False)
    fence = vkCreateFence(gpu.device, VkFenceCreateInfo())
    idle = threading.Event()
    bystander = threading.Thread(target=idle.wait, args=(5,))
    bystander.start()
    try:
        with pytest.raises(VulkanUndefinedBehaviorError, match="would never end"):
            vkWaitForFences(gpu.device, 1, [fence], VK_TRUE, 2**64 - 1)
    finally:
        idle.set()
        bystander.join()


def test_semaphores_are_not_emulated() -> None:
    gpu = Gpu("reference")
    with pytest.raises(Exception, match="semaphores"):
        vkQueueSubmit(gpu.queue, 1, [VkSubmitInfo(waitSemaphoreCount=1, pWaitSemaphores=["s"])], None)


def test_pools_and_command_buffers_can_be_freed_and_destroyed() -> None:
    gpu = Gpu("reference")
    buffers = [None, None]
    vkAllocateCommandBuffers(gpu.device, VkCommandBufferAllocateInfo(commandPool=gpu.pool, commandBufferCount=2),
                             buffers)
    vkFreeCommandBuffers(gpu.device, gpu.pool, 1, buffers)
    assert not buffers[0].alive and buffers[1].alive
    assert vkResetCommandPool(gpu.device, gpu.pool, 0) == VK_SUCCESS
    vkDestroyCommandPool(gpu.device, gpu.pool)
    assert not buffers[1].alive
    memory = gpu.buffer(4096)
    vkDestroyBuffer(gpu.device, memory.buffer)
    vkFreeMemory(gpu.device, memory.memory)
    vkDestroyDevice(gpu.device)
    vkDestroyInstance(gpu.instance)
