"""Synchronization validation: within one submission, a dispatch or conversion that reads (or writes) what an
earlier dispatch or conversion wrote, with no barrier between them that covers the write and the access, is a
hazard the validation layer warns about (SYNC-HAZARD-READ-AFTER-WRITE, -WRITE-AFTER-WRITE), like D3D12's UAV
hazard. The tracker's range bookkeeping is checked against a byte-by-byte oracle."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from compute_harness import STORAGE, Compute, Squares, copy_kernel
from hypothesis import given, settings
from hypothesis import strategies as st
from vulkan_harness import F16, F32, ROW, host_info

from dxlinalg.vulkan import *  # noqa: F403
from dxlinalg.vulkan import compute_vuids as vu
from dxlinalg.vulkan.synchronization import (
    Dependency,
    HazardTracker,
    MemoryAccess,
    access_scope,
    destination_stages,
    source_stages,
)
from dxlinalg.vulkan.validation import ValidationLayer

BIND = VK_PIPELINE_BIND_POINT_COMPUTE
CS = VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT


def hazards(gpu: Compute) -> list[str]:
    return [m for m in gpu.messages if m.startswith("WARNING [SYNC-HAZARD")]


def memory_barrier(command_buffer: VkCommandBuffer, src_access: int, dst_access: int, src: int = CS,
                   dst: int = CS) -> None:
    vkCmdPipelineBarrier(command_buffer, src, dst, 0, 1, [VkMemoryBarrier(srcAccessMask=src_access,
                                                                          dstAccessMask=dst_access)], 0, None)


def two_squares(validation: bool = True, between: object = None) -> tuple[Compute, Squares]:
    """The square kernel twice over one read-write buffer, with `between(command_buffer, squares)` between."""
    gpu = Compute(validation=validation)
    squares = Squares(gpu)
    command_buffer = gpu.command_buffer()
    squares.record(command_buffer)
    if between is not None:
        between(command_buffer, squares)
    squares.record(command_buffer)
    gpu.submit(command_buffer)
    return gpu, squares


def test_a_dispatch_reading_what_the_last_one_wrote_without_a_barrier_is_a_hazard() -> None:
    with pytest.warns(VulkanHazardWarning) as caught:
        _, squares = two_squares()
    assert {w.message.vuid for w in caught} == {vu.HAZARD_READ_AFTER_WRITE}
    assert "with no barrier between them" in str(caught[0].message)
    assert np.array_equal(squares.result(), np.square(np.square(squares.values)))   # it still runs, in order


def test_without_the_layer_the_hazard_is_only_logged() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        gpu, _ = two_squares(validation=False)
    assert [m.split("]")[0] for m in hazards(gpu)] == ["WARNING [SYNC-HAZARD-READ-AFTER-WRITE"]


def test_a_memory_barrier_from_the_write_to_the_reads_and_writes_orders_them() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        gpu, _ = two_squares(between=lambda cb, s: memory_barrier(cb, VK_ACCESS_SHADER_WRITE_BIT,
                                                                   VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT))
    assert hazards(gpu) == []


@pytest.mark.parametrize("src_access, dst_access, expected", [
    (VK_ACCESS_SHADER_WRITE_BIT, VK_ACCESS_SHADER_READ_BIT, vu.HAZARD_WRITE_AFTER_WRITE),      # writes not covered
    (VK_ACCESS_SHADER_WRITE_BIT, VK_ACCESS_UNIFORM_READ_BIT, vu.HAZARD_READ_AFTER_WRITE),      # not storage reads
    (VK_ACCESS_SHADER_READ_BIT, VK_ACCESS_SHADER_READ_BIT, vu.HAZARD_READ_AFTER_WRITE),        # write not available
    (VK_ACCESS_MEMORY_WRITE_BIT, VK_ACCESS_MEMORY_READ_BIT, vu.HAZARD_WRITE_AFTER_WRITE),
])
def test_a_barrier_whose_access_scopes_miss_the_accesses_leaves_the_hazard(src_access: int, dst_access: int,
                                                                        expected: str) -> None:
    with pytest.warns(VulkanHazardWarning) as caught:
        two_squares(between=lambda cb, s: memory_barrier(cb, src_access, dst_access))
    assert [w.message.vuid for w in caught] == [expected]


def test_an_execution_only_barrier_makes_nothing_visible() -> None:
    with pytest.warns(VulkanHazardWarning):
        two_squares(between=lambda cb, s: vkCmdPipelineBarrier(cb, CS, CS, 0, 0, None, 0, None))


def test_all_commands_and_memory_access_cover_everything() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        gpu, _ = two_squares(between=lambda cb, s: memory_barrier(
            cb, VK_ACCESS_MEMORY_WRITE_BIT, VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT,
            VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT))
    assert hazards(gpu) == []


def buffer_barrier(buffer: VkBuffer, offset: int = 0, size: int = VK_WHOLE_SIZE) -> VkBufferMemoryBarrier:
    return VkBufferMemoryBarrier(srcAccessMask=VK_ACCESS_SHADER_WRITE_BIT,
                                 dstAccessMask=VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT,
                                 srcQueueFamilyIndex=VK_QUEUE_FAMILY_IGNORED,
                                 dstQueueFamilyIndex=VK_QUEUE_FAMILY_IGNORED, buffer=buffer, offset=offset, size=size)


def test_a_buffer_barrier_over_the_buffer_orders_the_dispatches() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        gpu, _ = two_squares(between=lambda cb, s: vkCmdPipelineBarrier(
            cb, CS, CS, 0, 0, None, 1, [buffer_barrier(s.buffer.buffer)], 0, None))
    assert hazards(gpu) == []


def test_a_buffer_barrier_over_part_of_the_buffer_leaves_the_rest_a_hazard() -> None:
    with pytest.warns(VulkanHazardWarning) as caught:
        two_squares(between=lambda cb, s: vkCmdPipelineBarrier(
            cb, CS, CS, 0, 0, None, 1, [buffer_barrier(s.buffer.buffer, 0, 128)], 0, None))
    assert len(caught) == 1
    start = int(str(caught[0].message).split("[0x")[1].split(",")[0], 16)
    assert start % 256 == 128                  # the bytes past the barrier's range


def test_a_buffer_barrier_on_another_buffer_does_not_order_these_dispatches() -> None:
    def elsewhere(command_buffer: VkCommandBuffer, squares: Squares) -> None:
        other = squares.gpu.buffer(256)
        vkCmdPipelineBarrier(command_buffer, CS, CS, 0, 0, None, 1, [buffer_barrier(other.buffer)], 0, None)

    with pytest.warns(VulkanHazardWarning):
        two_squares(between=elsewhere)


def test_a_synchronization2_barrier_orders_the_dispatches() -> None:
    barrier = VkMemoryBarrier2(srcStageMask=VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                               srcAccessMask=VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                               dstStageMask=VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                               dstAccessMask=VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        gpu, _ = two_squares(between=lambda cb, s: vkCmdPipelineBarrier2(
            cb, VkDependencyInfo(memoryBarrierCount=1, pMemoryBarriers=[barrier])))
    assert hazards(gpu) == []


def test_chained_barriers_carry_the_write_to_the_last_scope() -> None:
    def chain(command_buffer: VkCommandBuffer, squares: Squares) -> None:
        memory_barrier(command_buffer, VK_ACCESS_SHADER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT, CS,
                       VK_PIPELINE_STAGE_TRANSFER_BIT)
        memory_barrier(command_buffer, 0, VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT,
                       VK_PIPELINE_STAGE_TRANSFER_BIT, CS)

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        gpu, _ = two_squares(between=chain)
    assert hazards(gpu) == []


def copies(read_only: bool, barrier: bool = False) -> Compute:
    """copy_kernel twice: the same input (read-only or not), the same output."""
    gpu = Compute()
    set_layout = gpu.set_layout((0, STORAGE), (1, STORAGE))
    layout = gpu.pipeline_layout(set_layout)
    pipeline = gpu.pipeline(copy_kernel(read_only), layout)
    descriptor_set = gpu.allocate(set_layout)[0]
    gpu.write(descriptor_set, 0, gpu.upload(np.arange(64, dtype=np.float32)))
    gpu.write(descriptor_set, 1, gpu.buffer(256))
    command_buffer = gpu.command_buffer()
    for index in range(2):
        if index and barrier:
            memory_barrier(command_buffer, VK_ACCESS_SHADER_WRITE_BIT, VK_ACCESS_SHADER_WRITE_BIT)
        vkCmdBindPipeline(command_buffer, BIND, pipeline)
        vkCmdBindDescriptorSets(command_buffer, BIND, layout, 0, 1, [descriptor_set], 0, None)
        vkCmdDispatch(command_buffer, 1, 1, 1)
    gpu.submit(command_buffer)
    return gpu


def test_two_dispatches_writing_one_buffer_without_a_barrier_are_a_write_after_write_hazard() -> None:
    with pytest.warns(VulkanHazardWarning) as caught:
        copies(read_only=True)
    assert [w.message.vuid for w in caught] == [vu.HAZARD_WRITE_AFTER_WRITE]


def test_buffers_declared_read_only_are_never_written() -> None:
    """NonWritable input: only the output is a write; with a barrier for it there is no hazard at all."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert hazards(copies(read_only=True, barrier=True)) == []


def test_a_buffer_the_shader_may_write_counts_as_written() -> None:
    """Without NonWritable the input may be written too (the tracker cannot know the shader does not)."""
    with pytest.warns(VulkanHazardWarning) as caught:
        copies(read_only=False, barrier=True)
    assert [w.message.vuid for w in caught] == [vu.HAZARD_READ_AFTER_WRITE]


def test_separate_submissions_are_not_compared() -> None:
    gpu = Compute()
    squares = Squares(gpu)
    for _ in range(2):
        command_buffer = gpu.command_buffer()
        squares.record(command_buffer)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            gpu.submit(command_buffer)
    assert hazards(gpu) == []


def test_command_buffers_of_one_submission_are_compared() -> None:
    gpu = Compute()
    squares = Squares(gpu)
    first, second = gpu.command_buffer(), gpu.command_buffer()
    squares.record(first)
    squares.record(second)
    with pytest.warns(VulkanHazardWarning):
        gpu.submit(first, second)


# --- the device conversion and dispatches ----------------------------------------------------------------------------

def convert_then_square(barrier: object) -> Compute:
    """Convert a 64 x 1 FP32 matrix to FP32 row-major into the square kernel's buffer, then square it."""
    gpu = Compute()
    squares = Squares(gpu)
    source = gpu.upload(np.arange(64, dtype=np.float32))
    info = host_info(rows=1, cols=64, src_type=F32, dst_type=F32, dst_layout=ROW, dstStride=256, srcSize=256,
                     pDstSize=[256], srcData=source.address, dstData=squares.buffer.address)
    command_buffer = gpu.command_buffer()
    vkCmdConvertCooperativeVectorMatrixNV(command_buffer, 1, [info])
    if barrier is not None:
        barrier(command_buffer)
    squares.record(command_buffer)
    gpu.submit(command_buffer)
    assert np.array_equal(squares.result(), np.arange(64, dtype=np.float32) ** 2)
    return gpu


def test_a_dispatch_reading_a_conversions_destination_without_a_barrier_is_a_hazard() -> None:
    with pytest.warns(VulkanHazardWarning) as caught:
        convert_then_square(None)
    assert "vkCmdConvertCooperativeVectorMatrixNV pInfos[0] (destination) wrote" in str(caught[0].message)


def test_the_conversion_stage_orders_the_conversion_before_the_dispatch() -> None:
    barrier = VkMemoryBarrier2(srcStageMask=VK_PIPELINE_STAGE_2_CONVERT_COOPERATIVE_VECTOR_MATRIX_BIT_NV,
                               srcAccessMask=VK_ACCESS_2_TRANSFER_WRITE_BIT,
                               dstStageMask=VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                               dstAccessMask=VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        convert_then_square(lambda cb: vkCmdPipelineBarrier2(cb, VkDependencyInfo(memoryBarrierCount=1,
                                                                                  pMemoryBarriers=[barrier])))


def test_synchronization1_reaches_the_conversion_through_all_commands_only() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        convert_then_square(lambda cb: memory_barrier(cb, VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_SHADER_READ_BIT
                                                      | VK_ACCESS_SHADER_WRITE_BIT, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT))
    with pytest.warns(VulkanHazardWarning):       # TRANSFER (ALL_TRANSFER) does not hold the conversion stage
        convert_then_square(lambda cb: memory_barrier(cb, VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_SHADER_READ_BIT
                                                      | VK_ACCESS_SHADER_WRITE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT))


def test_a_conversion_reading_what_a_dispatch_wrote_without_a_barrier_is_a_hazard() -> None:
    gpu = Compute()
    squares = Squares(gpu)
    target = gpu.buffer(256)
    info = host_info(rows=1, cols=64, src_type=F32, dst_type=F16, dst_layout=ROW, dstStride=128, srcSize=256,
                     pDstSize=[128], srcData=squares.buffer.address, dstData=target.address)
    command_buffer = gpu.command_buffer()
    squares.record(command_buffer)
    vkCmdConvertCooperativeVectorMatrixNV(command_buffer, 1, [info])
    with pytest.warns(VulkanHazardWarning, match="reads bytes"):
        gpu.submit(command_buffer)


# --- the tracker against a byte-by-byte oracle ---------------------------------------------------------------------

STAGES = [VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_2_CONVERT_COOPERATIVE_VECTOR_MATRIX_BIT_NV,
          VK_PIPELINE_STAGE_2_COPY_BIT]
ACCESSES = [VK_ACCESS_2_SHADER_STORAGE_READ_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT, VK_ACCESS_2_TRANSFER_READ_BIT,
            VK_ACCESS_2_TRANSFER_WRITE_BIT]
BARRIER_STAGES = STAGES + [VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT]
BARRIER_ACCESSES = ACCESSES + [VK_ACCESS_2_SHADER_READ_BIT, VK_ACCESS_2_SHADER_WRITE_BIT, VK_ACCESS_2_MEMORY_READ_BIT,
                               VK_ACCESS_2_MEMORY_WRITE_BIT, 0]
SPAN = 32

ranges = st.tuples(st.integers(0, SPAN - 1), st.integers(1, SPAN)).map(lambda r: (r[0], min(SPAN, r[0] + r[1])))
accesses = st.builds(lambda r, stage, access: ("access", r, int(stage), int(access)), ranges,
                     st.sampled_from(STAGES), st.sampled_from(ACCESSES))
barriers = st.builds(lambda r, whole, s, sa, d, da: ("barrier", None if whole else r, int(s), int(sa), int(d),
                                                    int(da)),
                     ranges, st.booleans(), st.sampled_from(BARRIER_STAGES), st.sampled_from(BARRIER_ACCESSES),
                     st.sampled_from(BARRIER_STAGES), st.sampled_from(BARRIER_ACCESSES))

WRITE_ACCESSES = int(VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT | VK_ACCESS_2_TRANSFER_WRITE_BIT)


def oracle(events: list[tuple]) -> list[int]:
    """The index of every access that is a hazard, tracking each byte on its own: its last write (stage, access)
    and the (stages, accesses) pairs barriers made that write visible to."""
    last: list[tuple[int, int, list[tuple[int, int]]] | None] = [None] * SPAN
    found = []
    for index, event in enumerate(events):
        if event[0] == "access":
            _, (start, end), stage, access = event
            if any(last[b] is not None and not any(stage & s and access & a for s, a in last[b][2])
                   for b in range(start, end)):
                found.append(index)
            if access & WRITE_ACCESSES:
                for byte in range(start, end):
                    last[byte] = (stage, access, [])
        else:
            _, span, src, src_access, dst, dst_access = event
            start, end = span if span is not None else (0, SPAN)
            for byte in range(start, end):
                if last[byte] is None:
                    continue
                stage, access, visible = last[byte]
                src_stages, src_scope = source_stages(src), access_scope(src_access)
                if (stage & src_stages and access & src_scope) or any(s & src_stages for s, _ in visible):
                    visible.append((destination_stages(dst), access_scope(dst_access)))
    return found


@settings(max_examples=150, deadline=None)
@given(events=st.lists(st.one_of(accesses, barriers), max_size=12))
def test_the_tracker_finds_the_hazards_a_byte_by_byte_oracle_finds(events: list[tuple]) -> None:
    layer = ValidationLayer(enabled=False)
    tracker = HazardTracker(layer)
    found = []
    for index, event in enumerate(events):
        if event[0] == "access":
            _, (start, end), stage, access = event
            before = len(layer.messages)
            tracker.access([MemoryAccess(start, end, stage, access, bool(access & WRITE_ACCESSES), f"#{index}")])
            if len(layer.messages) > before:
                found.append(index)
        else:
            _, span, src, src_access, dst, dst_access = event
            start, end = span if span is not None else (0, None)
            tracker.barrier([Dependency(src, src_access, dst, dst_access, start, end)])
    assert found == oracle(events)
