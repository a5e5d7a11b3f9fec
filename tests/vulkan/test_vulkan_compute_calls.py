"""What each compute-path call does: shader modules, descriptor sets (offsets, ranges, VK_WHOLE_SIZE, dynamic
offsets, consecutive bindings, copies, pools), pipelines (specialization, the shader's interface), push
constants, dispatch and submission, and what the emulated driver does with a broken rule when no validation
layer stops it (docs/vulkan.md, "Running a compute shader")."""

from __future__ import annotations

import struct

import numpy as np
import pytest
from compute_harness import (
    COMPUTE,
    LAYOUTS,
    STORAGE,
    STORAGE_DYNAMIC,
    UNIFORM,
    Compute,
    Squares,
    copy_kernel,
    layouts_params,
    push_kernel,
    spec_info,
    square_kernel,
    storage_block,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.memory.address_space import AddressSpace
from dxlinalg.spirv import SpirvArgumentError, SpirvUndefinedBehaviorError, run
from dxlinalg.spirv.builder import ComputeKernel
from dxlinalg.spirv.run import BufferSlice
from dxlinalg.vulkan import *  # noqa: F403
from dxlinalg.vulkan import compute_vuids as vu

BIND = VK_PIPELINE_BIND_POINT_COMPUTE


def dispatch(gpu: Compute, pipeline: VkPipeline, layout: VkPipelineLayout, sets: list[VkDescriptorSet],
             groups: tuple[int, int, int] = (1, 1, 1), push: bytes = b"", offsets: list[int] | None = None) -> None:
    command_buffer = gpu.command_buffer()
    vkCmdBindPipeline(command_buffer, BIND, pipeline)
    if sets:
        vkCmdBindDescriptorSets(command_buffer, BIND, layout, 0, len(sets), sets, len(offsets or []), offsets)
    if push:
        vkCmdPushConstants(command_buffer, layout, COMPUTE, 0, len(push), push)
    vkCmdDispatch(command_buffer, *groups)
    gpu.submit(command_buffer)


# --- shader modules ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("form", ["bytes", "words", "array", "bytearray"])
def test_a_module_is_made_from_bytes_or_words(form: str) -> None:
    gpu = Compute()
    code = square_kernel()
    words = np.frombuffer(code, "<u4")
    pcode = {"bytes": code, "words": words.tolist(), "array": words.copy(), "bytearray": bytearray(code)}[form]
    module = vkCreateShaderModule(gpu.device, VkShaderModuleCreateInfo(codeSize=len(code), pCode=pcode))
    assert [entry.name for entry in module.module.entry_points] == ["main"]


def test_a_pipeline_outlives_its_destroyed_shader_module() -> None:
    gpu = Compute()
    module = gpu.module(square_kernel())
    squares = Squares(gpu, code=square_kernel())
    squares.pipeline = gpu.pipeline(module, squares.layout)
    vkDestroyShaderModule(gpu.device, module)
    command_buffer = gpu.command_buffer()
    squares.record(command_buffer)
    gpu.submit(command_buffer)
    assert np.array_equal(squares.result(), squares.values * squares.values)


def test_without_validation_a_code_size_of_odd_bytes_reads_the_whole_words() -> None:
    gpu = Compute(validation=False)
    code = square_kernel()
    module = vkCreateShaderModule(gpu.device, VkShaderModuleCreateInfo(codeSize=len(code) + 3, pCode=code + b"\0\0\0"))
    assert module.module.bound == np.frombuffer(code, "<u4")[3]
    assert any(vu.SHADER_CODE_SIZE_WORDS in message for message in gpu.messages)


@settings(max_examples=60, deadline=None)
@given(cut=st.integers(0, 600), flips=st.lists(st.tuples(st.integers(0, 1000), st.integers(0, 31)), max_size=4),
       validation=st.booleans())
def test_a_damaged_module_is_a_vkresult_or_a_vuid_never_an_internal_error(cut: int, flips: list[tuple[int, int]],
                                                                        validation: bool) -> None:
    words = np.frombuffer(square_kernel(), "<u4").copy()
    words = words[: max(len(words) - cut // 4, 1)]
    for word, bit in flips:
        words[word % len(words)] ^= np.uint32(1 << bit)
    gpu = Compute(validation=validation)
    try:
        module = gpu.module(words.tobytes())
    except VulkanValidationError as error:
        assert validation and error.vuid.startswith("VUID-VkShaderModuleCreateInfo-")
        return
    except VulkanError as error:
        assert error.result == VK_ERROR_INVALID_SHADER_NV
        return
    try:
        gpu.pipeline(module, gpu.pipeline_layout(gpu.set_layout((0, STORAGE))))
    except (VulkanError, VulkanValidationError):
        return


@pytest.mark.parametrize("validation", [True, False])
def test_a_module_the_executor_cannot_run_fails_with_invalid_shader_whatever_the_layer(validation: bool) -> None:
    """A valid module with an instruction outside the executor's set (OpDPdx) is the driver failing to compile."""
    kernel = ComputeKernel()
    f32 = kernel.module.float(32)
    data = storage_block(kernel, (0, 0), f32)
    i = kernel.global_id_x()
    kernel.store(data, i, f32, kernel.fn.op("OpDPdx", f32, kernel.load(data, i, f32)))
    gpu = Compute(validation=validation)
    with pytest.raises(VulkanError) as caught:
        gpu.module(kernel.finish().astype("<u4").tobytes())
    assert caught.value.result == VK_ERROR_INVALID_SHADER_NV and "OpDPdx" in str(caught.value)


# --- descriptors: ranges, offsets, dynamic offsets ---------------------------------------------------------------

def sixteen(gpu: Compute, kind: int = STORAGE) -> tuple[VkDescriptorSetLayout, VkPipelineLayout, VkPipeline]:
    """The square kernel over 16 invocations with a (0, 0) binding of `kind`."""
    set_layout = gpu.set_layout((0, kind))
    layout = gpu.pipeline_layout(set_layout)
    return set_layout, layout, gpu.pipeline(square_kernel((16, 1, 1)), layout)


@pytest.mark.parametrize("offset, size", [(64, 64), (64, VK_WHOLE_SIZE), (0, 64)])
def test_a_descriptor_binds_its_offset_and_range_of_the_buffer(offset: int, size: int) -> None:
    gpu = Compute()
    set_layout, layout, pipeline = sixteen(gpu)
    values = np.arange(48, dtype=np.float32)
    buffer = gpu.upload(values)
    target = gpu.allocate(set_layout)[0]
    gpu.write(target, 0, buffer, STORAGE, offset, size)
    dispatch(gpu, pipeline, layout, [target])
    expected = values.copy()
    first = offset // 4
    expected[first: first + 16] **= 2
    assert np.array_equal(buffer.mapped[: values.nbytes].view(np.float32), expected)


def test_an_access_past_the_descriptors_range_is_undefined_in_strict_mode() -> None:
    gpu = Compute()
    squares = Squares(gpu)                       # 64 invocations
    gpu.write(squares.set, 0, squares.buffer, STORAGE, 0, 128)    # 32 floats
    command_buffer = gpu.command_buffer()
    squares.record(command_buffer)
    with pytest.raises(SpirvUndefinedBehaviorError, match="outside"):
        gpu.submit(command_buffer)
    assert any(m.startswith(f"ERROR [{vu.DISPATCH_SHADER}]") for m in gpu.messages)


def test_without_validation_an_access_past_the_range_is_dropped_as_robust_access_would() -> None:
    gpu = Compute(validation=False)
    squares = Squares(gpu)
    gpu.write(squares.set, 0, squares.buffer, STORAGE, 0, 128)
    command_buffer = gpu.command_buffer()
    squares.record(command_buffer)
    gpu.submit(command_buffer)
    expected = squares.values.copy()
    expected[:32] **= 2
    assert np.array_equal(squares.result(), expected)


def test_dynamic_offsets_move_the_descriptor_at_each_bind() -> None:
    gpu = Compute()
    set_layout, layout, pipeline = sixteen(gpu, STORAGE_DYNAMIC)
    values = np.arange(64, dtype=np.float32) + 1
    buffer = gpu.upload(values)
    target = gpu.allocate(set_layout)[0]
    gpu.write(target, 0, buffer, STORAGE_DYNAMIC, 0, 64)
    command_buffer = gpu.command_buffer()
    vkCmdBindPipeline(command_buffer, BIND, pipeline)
    for offset in (0, 128):
        vkCmdBindDescriptorSets(command_buffer, BIND, layout, 0, 1, [target], 1, [offset])
        vkCmdDispatch(command_buffer, 1, 1, 1)
    gpu.submit(command_buffer)
    expected = values.copy()
    expected[0:16] **= 2
    expected[32:48] **= 2
    assert np.array_equal(buffer.mapped[: values.nbytes].view(np.float32), expected)


def test_a_write_of_several_descriptors_runs_on_into_the_next_bindings() -> None:
    gpu = Compute()
    set_layout = gpu.set_layout((0, STORAGE), (1, STORAGE, 0), (2, STORAGE))
    source, target = gpu.upload(np.arange(64, dtype=np.float32)), gpu.buffer(256)
    descriptor_set = gpu.allocate(set_layout)[0]
    vkUpdateDescriptorSets(gpu.device, 1, [VkWriteDescriptorSet(
        dstSet=descriptor_set, dstBinding=0, descriptorCount=2, descriptorType=STORAGE,
        pBufferInfo=[VkDescriptorBufferInfo(source.buffer, 0, VK_WHOLE_SIZE),
                     VkDescriptorBufferInfo(target.buffer, 0, VK_WHOLE_SIZE)])], 0, None)
    assert descriptor_set.descriptors[(0, 0)].buffer is source.buffer
    assert descriptor_set.descriptors[(2, 0)].buffer is target.buffer      # binding 1 has no descriptors: skipped


def test_copied_descriptors_bind_the_same_buffers() -> None:
    gpu = Compute()
    set_layout = gpu.set_layout((0, STORAGE), (1, STORAGE))
    layout = gpu.pipeline_layout(set_layout)
    pipeline = gpu.pipeline(copy_kernel(), layout)
    source, target = gpu.upload(np.arange(64, dtype=np.float32)), gpu.buffer(256)
    first, second = gpu.allocate(set_layout, set_layout)
    gpu.write(first, 0, source)
    gpu.write(first, 1, target)
    vkUpdateDescriptorSets(gpu.device, 0, None, 1, [VkCopyDescriptorSet(srcSet=first, srcBinding=0, dstSet=second,
                                                                        dstBinding=0, descriptorCount=2)])
    dispatch(gpu, pipeline, layout, [second])
    assert np.array_equal(target.mapped[:256].view(np.float32), np.arange(64, dtype=np.float32) + 1)


def test_a_uniform_buffer_and_specialization_give_spirv_runs_bytes() -> None:
    """tests/spirv/data/layouts.spv: a std140 uniform block, storage buffers, push constants, four spec constants
    (one of them the work-group size)."""
    gpu = Compute()
    set_layout = gpu.set_layout((0, UNIFORM), (1, STORAGE), (2, STORAGE))
    layout = gpu.pipeline_layout(set_layout, push=(0, 8))
    spec = spec_info((0, struct.pack("<I", 16)), (1, struct.pack("<i", 3)), (2, struct.pack("<I", 0)),
                     (3, struct.pack("<f", -1.25)), (9, b"ignored"))
    pipeline = gpu.pipeline(LAYOUTS.read_bytes(), layout, spec)
    particles = np.random.default_rng(1).standard_normal((64, 8)).astype(np.float32)
    buffers = {(0, 0): layouts_params(), (0, 1): particles, (0, 2): np.zeros((64, 4), np.float32)}
    uploaded = {key: gpu.upload(value) for key, value in buffers.items()}
    descriptor_set = gpu.allocate(set_layout)[0]
    for (_, binding), buffer in uploaded.items():
        gpu.write(descriptor_set, binding, buffer, UNIFORM if binding == 0 else STORAGE)
    push = struct.pack("<If", 40, 0.5)
    dispatch(gpu, pipeline, layout, [descriptor_set], (4, 1, 1), push)
    expected = run(LAYOUTS, groups=(4, 1, 1), buffers=buffers, push_constants=push,
                   spec_constants={0: 16, 1: 3, 2: False, 3: np.float32(-1.25)})
    for key, array in expected.items():
        assert uploaded[key].mapped[: array.nbytes].tobytes() == array.tobytes(), key
    assert pipeline.program.local_size == (16, 1, 1)


def test_without_validation_a_specialization_entry_of_the_wrong_size_is_copied_as_memcpy_would() -> None:
    gpu = Compute(validation=False)
    layout = gpu.pipeline_layout(gpu.set_layout((0, UNIFORM), (1, STORAGE), (2, STORAGE)), push=(0, 8))
    pipeline = gpu.pipeline(LAYOUTS.read_bytes(), layout, spec_info(
        (1, b"\x05\x00"),                                  # zero-extended: 5
        (2, b"\x00\x01"),                                  # a VkBool32 of 256: true
        (3, struct.pack("<f", 2.5) + b"\xff" * 4)))         # truncated to its float32
    assert pipeline.spec_constants == {1: 5, 2: True, 3: np.float32(2.5)}
    assert sum(vu.SPEC_ENTRY_SIZE in m for m in gpu.messages) == 3


def test_without_validation_the_later_of_two_entries_for_a_constant_wins() -> None:
    gpu = Compute(validation=False)
    layout = gpu.pipeline_layout(gpu.set_layout((0, UNIFORM), (1, STORAGE), (2, STORAGE)), push=(0, 8))
    pipeline = gpu.pipeline(LAYOUTS.read_bytes(), layout, spec_info((1, struct.pack("<i", 5)),
                                                                    (1, struct.pack("<i", -6))))
    assert pipeline.spec_constants == {1: -6}


# --- pools ---------------------------------------------------------------------------------------------------------

def test_a_pool_out_of_sets_or_descriptors_returns_out_of_pool_memory() -> None:
    gpu = Compute()
    set_layout = gpu.set_layout((0, STORAGE), (1, STORAGE))
    pool = vkCreateDescriptorPool(gpu.device, VkDescriptorPoolCreateInfo(
        flags=VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT, maxSets=2, poolSizeCount=1,
        pPoolSizes=[VkDescriptorPoolSize(STORAGE, 3)]))
    info = VkDescriptorSetAllocateInfo(descriptorPool=pool, descriptorSetCount=1, pSetLayouts=[set_layout])
    first = [None]
    assert vkAllocateDescriptorSets(gpu.device, info, first) == VK_SUCCESS
    second = ["untouched"]
    with pytest.raises(VulkanError) as caught:
        vkAllocateDescriptorSets(gpu.device, info, second)          # 4 storage descriptors > 3
    assert caught.value.result == VK_ERROR_OUT_OF_POOL_MEMORY and second == [None]
    vkFreeDescriptorSets(gpu.device, pool, 1, first)
    assert not first[0].alive
    assert vkAllocateDescriptorSets(gpu.device, info, second) == VK_SUCCESS
    vkResetDescriptorPool(gpu.device, pool, 0)
    assert not second[0].alive and not pool.sets


# --- push constants --------------------------------------------------------------------------------------------------

def push_pipeline(gpu: Compute, offset: int) -> tuple[VkPipelineLayout, VkPipeline, VkDescriptorSet, object]:
    set_layout = gpu.set_layout((0, STORAGE))
    layout = gpu.pipeline_layout(set_layout, push=(0, 16))
    target = gpu.allocate(set_layout)[0]
    out = gpu.buffer(256)
    gpu.write(target, 0, out)
    return layout, gpu.pipeline(push_kernel(offset), layout), target, out


def test_push_constants_update_byte_ranges_and_are_captured_at_each_dispatch() -> None:
    gpu = Compute()
    layout, pipeline, target, out = push_pipeline(gpu, 4)
    command_buffer = gpu.command_buffer()
    vkCmdBindPipeline(command_buffer, BIND, pipeline)
    vkCmdBindDescriptorSets(command_buffer, BIND, layout, 0, 1, [target], 0, None)
    vkCmdPushConstants(command_buffer, layout, COMPUTE, 0, 8, struct.pack("<II", 1, 2))
    vkCmdPushConstants(command_buffer, layout, COMPUTE, 4, 4, struct.pack("<I", 7))
    vkCmdDispatch(command_buffer, 1, 1, 1)
    vkCmdPushConstants(command_buffer, layout, COMPUTE, 4, 4, struct.pack("<I", 9))   # after the dispatch
    gpu.submit(command_buffer)
    assert out.mapped[:256].view(np.uint32).tolist() == [7] * 64


def test_without_validation_push_constants_never_set_read_as_zero() -> None:
    gpu = Compute(validation=False)
    layout, pipeline, target, out = push_pipeline(gpu, 8)
    out.mapped[:256] = 0xFF
    dispatch(gpu, pipeline, layout, [target])
    assert not out.mapped[:256].any()
    assert any(vu.DISPATCH_PUSH_CONSTANTS in m for m in gpu.messages)


def test_a_push_through_an_incompatible_layout_disturbs_the_earlier_values() -> None:
    gpu = Compute(validation=False)
    layout, pipeline, target, out = push_pipeline(gpu, 0)
    other = gpu.pipeline_layout(push=(0, 32))
    command_buffer = gpu.command_buffer()
    vkCmdBindPipeline(command_buffer, BIND, pipeline)
    vkCmdBindDescriptorSets(command_buffer, BIND, layout, 0, 1, [target], 0, None)
    vkCmdPushConstants(command_buffer, layout, COMPUTE, 0, 4, struct.pack("<I", 5))
    vkCmdPushConstants(command_buffer, other, COMPUTE, 4, 4, struct.pack("<I", 6))
    vkCmdDispatch(command_buffer, 1, 1, 1)
    gpu.submit(command_buffer)
    assert not out.mapped[:256].any()
    assert any(vu.DISPATCH_PUSH_CONSTANTS in m for m in gpu.messages)


# --- pipelines ---------------------------------------------------------------------------------------------------------

def test_a_failed_pipeline_is_null_in_the_list_and_the_others_are_created() -> None:
    gpu = Compute(validation=False)
    layout = gpu.pipeline_layout(gpu.set_layout((0, STORAGE)))
    module = gpu.module(square_kernel())
    infos = [VkComputePipelineCreateInfo(stage=VkPipelineShaderStageCreateInfo(stage=COMPUTE, module=module,
                                                                               pName=name), layout=layout)
             for name in ("main", "missing", "main")]
    pipelines = ["a", "b", "c"]
    with pytest.raises(VulkanError) as caught:
        vkCreateComputePipelines(gpu.device, object(), 3, infos, None, pipelines)
    assert caught.value.result == VK_ERROR_INVALID_SHADER_NV
    assert isinstance(pipelines[0], VkPipeline) and pipelines[1] is None and isinstance(pipelines[2], VkPipeline)


def test_without_validation_a_pipeline_missing_a_descriptor_is_created_and_its_dispatch_skipped() -> None:
    gpu = Compute(validation=False)
    layout = gpu.pipeline_layout(gpu.set_layout((1, STORAGE)))           # the shader uses binding 0
    pipeline = gpu.pipeline(square_kernel(), layout)
    command_buffer = gpu.command_buffer()
    vkCmdBindPipeline(command_buffer, BIND, pipeline)
    vkCmdDispatch(command_buffer, 1, 1, 1)
    gpu.submit(command_buffer)
    assert any(vu.PIPELINE_DESCRIPTOR_STAGE in m for m in gpu.messages)
    assert any(vu.DISPATCH_DESCRIPTORS in m and "skipped" in m for m in gpu.messages)


# --- dispatch and submission ---------------------------------------------------------------------------------------------

def test_dispatches_run_in_order_and_a_resubmitted_command_buffer_runs_again() -> None:
    gpu = Compute()
    squares = Squares(gpu, 64)
    command_buffer = gpu.command_buffer()
    squares.record(command_buffer)
    vkCmdPipelineBarrier(command_buffer, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                         0, 1, [VkMemoryBarrier(srcAccessMask=VK_ACCESS_SHADER_WRITE_BIT,
                                                dstAccessMask=VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT)],
                         0, None)
    squares.record(command_buffer)
    gpu.submit(command_buffer)
    fourth = np.square(np.square(squares.values))
    assert np.array_equal(squares.result(), fourth)
    gpu.submit(command_buffer, end=False)
    assert np.array_equal(squares.result(), np.square(np.square(fourth)))
    assert not gpu.messages


def test_a_dispatch_of_zero_groups_runs_nothing() -> None:
    gpu = Compute()
    squares = Squares(gpu)
    command_buffer = gpu.command_buffer()
    squares.record(command_buffer, groups=0)
    gpu.submit(command_buffer)
    assert np.array_equal(squares.result(), squares.values)


def test_without_validation_a_dispatch_without_a_pipeline_records_nothing() -> None:
    gpu = Compute(validation=False)
    command_buffer = gpu.command_buffer()
    vkCmdDispatch(command_buffer, 1, 1, 1)
    assert command_buffer.commands == []


def test_updating_a_bound_set_invalidates_the_recorded_command_buffer() -> None:
    gpu = Compute()
    squares = Squares(gpu)
    command_buffer = gpu.command_buffer()
    squares.record(command_buffer)
    vkEndCommandBuffer(command_buffer)
    other = gpu.upload(np.full(64, 3, np.float32))
    gpu.write(squares.set, 0, other)
    with pytest.raises(VulkanValidationError) as caught:
        gpu.submit(command_buffer, end=False)
    assert caught.value.vuid == "VUID-vkQueueSubmit-pCommandBuffers-00070" and "was updated" in str(caught.value)


def test_without_validation_an_invalidated_command_buffer_runs_with_the_new_descriptors() -> None:
    gpu = Compute(validation=False)
    squares = Squares(gpu)
    command_buffer = gpu.command_buffer()
    squares.record(command_buffer)
    vkEndCommandBuffer(command_buffer)
    other = gpu.upload(np.full(64, 3, np.float32))
    gpu.write(squares.set, 0, other)
    gpu.submit(command_buffer, end=False)
    assert np.array_equal(other.mapped[:256].view(np.float32), np.full(64, 9, np.float32))
    assert np.array_equal(squares.result(), squares.values)


def test_a_set_bound_through_another_layout_is_disturbed_by_an_incompatible_bind() -> None:
    gpu = Compute()
    squares = Squares(gpu)
    other_layout = gpu.set_layout((0, UNIFORM))
    other = gpu.pipeline_layout(other_layout, other_layout)
    command_buffer = gpu.command_buffer()
    vkCmdBindDescriptorSets(command_buffer, BIND, squares.layout, 0, 1, [squares.set], 0, None)
    vkCmdBindDescriptorSets(command_buffer, BIND, other, 1, 1, gpu.allocate(other_layout), 0, None)
    assert 0 not in command_buffer.recording_state["compute_sets"]      # set 0 of `other` differs


# --- the hook in dxlinalg.spirv.run the dispatch binds through ---------------------------------------------------------

def test_spirv_run_binds_a_buffer_slice_in_place_and_bounds_checks_it() -> None:
    space = AddressSpace()
    memory = space.allocate(256)
    memory.data[:] = np.arange(64, dtype=np.float32).view(np.uint8)
    version = memory.version
    out = run(square_kernel((16, 1, 1)), buffers={(0, 0): BufferSlice(memory, 64, 64)}, address_space=space)
    expected = np.arange(64, dtype=np.float32)
    expected[16:32] **= 2
    assert np.array_equal(memory.data.view(np.float32), expected) and memory.version > version
    assert out[(0, 0)].tobytes() == expected[16:32].tobytes()
    with pytest.raises(SpirvUndefinedBehaviorError, match="outside"):
        run(square_kernel((32, 1, 1)), buffers={(0, 0): BufferSlice(memory, 64, 64)}, address_space=space)
    with pytest.raises(SpirvArgumentError, match="not inside"):
        run(square_kernel((16, 1, 1)), buffers={(0, 0): BufferSlice(memory, 200, 64)}, address_space=space)
