"""Command lists, allocators, queues and fences: states, copies, barriers, synchronous execution."""

import threading

import numpy as np
import pytest

from d3d12_harness import Gpu, valid_info
from d3d12api import *  # noqa: F403
from d3d12api.commands import Command


@pytest.fixture
def gpu():
    return Gpu()


def test_lists_are_created_open_and_close_once(gpu):
    allocator = gpu.device.CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT)
    command_list = gpu.device.CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator, None)
    assert command_list.GetType() == D3D12_COMMAND_LIST_TYPE_DIRECT
    assert isinstance(command_list, ID3D12GraphicsCommandListPreview)
    assert allocator.Reset() == E_FAIL  # still recording into it
    assert command_list.Close() == S_OK
    assert command_list.Close() == E_FAIL
    assert allocator.Reset() == S_OK and command_list.Reset(allocator, None) == S_OK


def test_reset_rules(gpu):
    allocator = gpu.device.CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT)
    command_list = gpu.device.CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator, None)
    assert command_list.Reset(allocator, None) == E_FAIL  # not closed
    command_list.Close()
    compute = gpu.device.CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_COMPUTE)
    assert command_list.Reset(compute, None) == E_INVALIDARG
    other = gpu.device.CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator, None)
    assert command_list.Reset(allocator, None) == E_INVALIDARG  # `other` records into it
    other.Close()
    assert command_list.Reset(allocator, None) == S_OK


def test_create_command_list_rules(gpu):
    allocator = gpu.device.CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_COMPUTE)
    with pytest.raises(D3D12DebugLayerError, match="COMPUTE"):
        gpu.device.CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator, None)
    with pytest.raises(D3D12Error) as caught:
        gpu.device.CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_BUNDLE)
    assert caught.value.hr == E_NOTIMPL
    closed = gpu.device.CreateCommandList1(0, D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_LIST_FLAG_NONE)
    assert closed.Close() == E_FAIL and closed.Reset(gpu.device.CreateCommandAllocator(
        D3D12_COMMAND_LIST_TYPE_DIRECT), None) == S_OK


def test_recording_into_a_closed_list_is_an_error(gpu):
    command_list = gpu.open()
    command_list.Close()
    with pytest.raises(D3D12DebugLayerError, match="closed"):
        command_list.ConvertLinearAlgebraMatrix(valid_info(gpu), 1)


@pytest.mark.parametrize("debug", [True, False])
def test_execute_rejects_open_lists_and_then_runs_nothing(debug):
    gpu = Gpu(debug=debug)
    good = gpu.device.CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT,
                                        gpu.device.CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT), None)
    good.CopyBufferRegion(gpu.memory, 0, gpu.upload, 0, 16)
    good.Close()
    gpu.upload.Map(0, None)[:16] = 7
    still_open = gpu.open()
    if debug:
        with pytest.raises(D3D12DebugLayerError, match="still recording"):
            gpu.queue.ExecuteCommandLists(2, [good, still_open])
    else:
        gpu.queue.ExecuteCommandLists(2, [good, still_open])
    assert not gpu.memory.buffer.data[:16].any()


def test_lists_run_only_on_queues_of_their_type(gpu):
    copy_queue = gpu.device.CreateCommandQueue(D3D12_COMMAND_QUEUE_DESC(Type=D3D12_COMMAND_LIST_TYPE_COPY))
    command_list = gpu.open()
    command_list.Close()
    with pytest.raises(D3D12DebugLayerError, match="DIRECT list; this queue runs COPY"):
        copy_queue.ExecuteCommandLists(1, [command_list])
    allocator = gpu.device.CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_COPY)
    copy_list = gpu.device.CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_COPY, allocator, None)
    gpu.upload.Map(0, None)[:4] = [1, 2, 3, 4]
    copy_list.CopyBufferRegion(gpu.memory, 0, gpu.upload, 0, 4)
    assert copy_list.Close() == S_OK
    copy_queue.ExecuteCommandLists(1, [copy_list])
    assert list(gpu.memory.buffer.data[:4]) == [1, 2, 3, 4]


def test_execution_is_synchronous_and_a_closed_list_may_run_again(gpu):
    data = gpu.upload.Map(0, None)  # mapped once, kept mapped (persistent mapping)
    command_list = gpu.open()
    command_list.CopyBufferRegion(gpu.memory, 0, gpu.upload, 0, 8)
    command_list.Close()
    for value in (3, 9):
        data[:8] = value
        version = gpu.memory.buffer.version
        gpu.queue.ExecuteCommandLists(1, [command_list])
        assert (gpu.memory.buffer.data[:8] == value).all()
        assert gpu.memory.buffer.version > version


def test_cpu_writes_through_a_persistent_map_count_as_writes_at_submission(gpu):
    gpu.upload.Map(0, None)
    version = gpu.upload.buffer.version
    gpu.queue.ExecuteCommandLists(0, [])
    assert gpu.upload.buffer.version > version


def test_conversions_mark_their_destination_written(gpu):
    version = gpu.memory.buffer.version
    gpu.convert(valid_info(gpu))
    assert gpu.memory.buffer.version > version


@pytest.mark.parametrize("call,rule", [
    (lambda g: g.open().CopyBufferRegion(g.memory, g.size - 8, g.upload, 0, 16), "copy range"),
    (lambda g: g.open().CopyBufferRegion(g.upload, 0, g.memory, 0, 16), "copy resource state"),
    (lambda g: g.open().CopyBufferRegion(g.memory, 0, g.readback, 0, 16), "copy resource state"),
    (lambda g: g.open().CopyBufferRegion(g.memory, 8, g.memory, 0, 16), "copy overlap"),
    (lambda g: g.open().CopyBufferRegion(g.memory, 0, "not a buffer", 0, 16), "copy arguments"),
])
def test_copy_buffer_region_rules(gpu, call, rule):
    with pytest.raises(D3D12DebugLayerError) as caught:
        call(gpu)
    assert caught.value.rule == rule


def test_copy_inside_one_buffer_without_overlap(gpu):
    gpu.write(0, np.arange(16, dtype=np.uint8))
    command_list = gpu.open()
    command_list.CopyBufferRegion(gpu.memory, 16, gpu.memory, 0, 16)
    gpu.run(command_list)
    assert list(gpu.memory.buffer.data[16:32]) == list(range(16))


def test_barriers_are_validated_and_recorded(gpu):
    command_list = gpu.open()
    command_list.ResourceBarrier(2, [
        CD3DX12_RESOURCE_BARRIER.Transition(gpu.memory, D3D12_RESOURCE_STATE_COMMON,
                                            D3D12_RESOURCE_STATE_UNORDERED_ACCESS),
        CD3DX12_RESOURCE_BARRIER.UAV(None)])
    command_list.ResourceBarrier(1, CD3DX12_RESOURCE_BARRIER.Aliasing(None, gpu.memory))
    assert [len(c.barriers) for c in command_list.commands] == [2, 1]
    gpu.run(command_list)


@pytest.mark.parametrize("barriers,count,text", [
    ([CD3DX12_RESOURCE_BARRIER.UAV(None)], 2, "NumBarriers = 2"),
    (["barrier"], 1, "not a D3D12_RESOURCE_BARRIER"),
    ([D3D12_RESOURCE_BARRIER(Type=7)], 1, ".Type = 7"),
])
def test_barrier_rules(gpu, barriers, count, text):
    with pytest.raises(D3D12DebugLayerError, match=text):
        gpu.open().ResourceBarrier(count, barriers)


def test_transition_rules(gpu):
    same = CD3DX12_RESOURCE_BARRIER.Transition(gpu.memory, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COMMON)
    with pytest.raises(D3D12DebugLayerError, match="must change the state"):
        gpu.open().ResourceBarrier(1, [same])
    upload = CD3DX12_RESOURCE_BARRIER.Transition(gpu.upload, D3D12_RESOURCE_STATE_GENERIC_READ,
                                                 D3D12_RESOURCE_STATE_COPY_DEST)
    with pytest.raises(D3D12DebugLayerError, match="UPLOAD heap"):
        gpu.open().ResourceBarrier(1, [upload])


def test_fence_signal_and_events(gpu):
    fence = gpu.device.CreateFence(5, D3D12_FENCE_FLAG_NONE)
    assert fence.GetCompletedValue() == 5
    done, later = threading.Event(), threading.Event()
    assert fence.SetEventOnCompletion(5, done) == S_OK and done.is_set()
    assert fence.SetEventOnCompletion(6, later) == S_OK and not later.is_set()
    gpu.queue.ExecuteCommandLists(0, [])
    assert gpu.queue.Signal(fence, 6) == S_OK
    assert fence.GetCompletedValue() == 6 and later.is_set()
    assert fence.SetEventOnCompletion(6, None) == S_OK  # reached: returns at once
    assert fence.SetEventOnCompletion(7, "no set method") == E_INVALIDARG


def test_a_blocking_wait_nobody_can_end_is_reported_instead_of_hanging(gpu):
    fence = gpu.device.CreateFence(0, D3D12_FENCE_FLAG_NONE)
    if threading.active_count() == 1:
        with pytest.raises(D3D12DebugLayerError, match="never end"):
            fence.SetEventOnCompletion(1, None)


def test_a_blocking_wait_ends_when_another_thread_signals(gpu):
    fence = gpu.device.CreateFence(0, D3D12_FENCE_FLAG_NONE)
    signaller = threading.Timer(0.05, lambda: fence.Signal(2))
    signaller.start()
    assert fence.SetEventOnCompletion(2, None) == S_OK
    signaller.join()
    assert fence.GetCompletedValue() == 2


def test_queue_wait_holds_later_work_until_the_fence_is_signalled(gpu):
    fence, done = gpu.device.CreateFence(0, D3D12_FENCE_FLAG_NONE), gpu.device.CreateFence(0, D3D12_FENCE_FLAG_NONE)
    gpu.upload.Map(0, None)[:4] = 5
    command_list = gpu.open()
    command_list.CopyBufferRegion(gpu.memory, 0, gpu.upload, 0, 4)
    command_list.Close()
    assert gpu.queue.Wait(fence, 1) == S_OK
    gpu.queue.ExecuteCommandLists(1, [command_list])
    gpu.queue.Signal(done, 1)
    assert not gpu.memory.buffer.data[:4].any() and done.GetCompletedValue() == 0
    fence.Signal(1)  # the CPU releases the queue: the held work runs now, in order
    assert (gpu.memory.buffer.data[:4] == 5).all() and done.GetCompletedValue() == 1


def test_new_commands_slot_in_through_record(gpu):
    """The extension point compute commands use: a Command subclass recorded with _record."""
    class Fill(Command):
        name = "Fill"

        def execute(self, device):
            gpu.memory.buffer.data[:4] = 42
            gpu.memory.buffer.mark_written()

    command_list = gpu.open()
    command_list._record(Fill())
    gpu.run(command_list)
    assert (gpu.memory.buffer.data[:4] == 42).all()
