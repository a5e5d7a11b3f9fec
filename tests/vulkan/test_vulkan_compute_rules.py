"""Every VUID the compute path checks is rejected by the validation layer, naming the VUID.

As in test_vulkan_validation_rules.py: each case breaks one rule. With VK_LAYER_KHRONOS_validation the call
raises VulkanValidationError whose `.vuid` is the rule's; without it the call does what the case's mode says:
"driver" (goes on: no exception, the VUID logged), "unsafe" (VulkanUndefinedBehaviorError) or "fails" (a VkResult
error, VulkanError). What "goes on" does is tested in test_vulkan_compute_calls.py.
"""

from __future__ import annotations

import struct
from collections.abc import Callable

import numpy as np
import pytest
from compute_harness import (
    COMPUTE,
    LAYOUTS,
    SAMPLES,
    STORAGE,
    STORAGE_DYNAMIC,
    UNIFORM,
    UNIFORM_DYNAMIC,
    Compute,
    Squares,
    copy_kernel,
    extension_declaring_kernel,
    float16_declaring_kernel,
    no_shader_capability_kernel,
    push_kernel,
    spec_info,
    square_kernel,
)

from dxlinalg.vulkan import *  # noqa: F403
from dxlinalg.vulkan import compute_vuids as vu
from dxlinalg.vulkan.validation import ValidationLayer, Violation

Case = Callable[[bool], None]
CASES: dict[str, tuple[str, Case]] = {}
#: Rules that are not raised by a call: shader errors keep their own type, hazards are warnings.
NOT_RAISED = {vu.DISPATCH_SHADER, vu.HAZARD_READ_AFTER_WRITE, vu.HAZARD_WRITE_AFTER_WRITE}


def case(vuid: str, mode: str = "driver") -> Callable[[Case], Case]:
    def register(trigger: Case) -> Case:
        CASES[f"{vuid} | {trigger.__name__}"] = (mode, trigger)
        return trigger
    return register


def create_module(gpu: Compute, code: object, size: int | None = None, **fields: object) -> VkShaderModule:
    info = VkShaderModuleCreateInfo(codeSize=len(code) if size is None else size, pCode=code, **fields)
    return vkCreateShaderModule(gpu.device, info)


def recording(validation: bool, family: int = 0, **options: object) -> tuple[Compute, VkCommandBuffer]:
    gpu = Compute(validation=validation, **options)
    return gpu, gpu.command_buffer(family)


# --- shader modules -------------------------------------------------------------------------------------------------

@case(vu.SHADER_CODE_SIZE_ZERO, "fails")
def code_size_zero(validation: bool) -> None:
    create_module(Compute(validation=validation), None, 0)


@case(vu.SHADER_CODE_SIZE_WORDS)
def code_size_not_whole_words(validation: bool) -> None:
    code = square_kernel()
    create_module(Compute(validation=validation), code + b"\0\0", len(code) + 2)


@case(vu.SHADER_CODE_FORMAT, "fails")
def code_without_the_magic_number(validation: bool) -> None:
    create_module(Compute(validation=validation), b"\x01\x02\x03\x04" + square_kernel()[4:])


@case(vu.SHADER_CODE_FORMAT, "fails")
def code_whose_last_instruction_runs_past_the_end(validation: bool) -> None:
    create_module(Compute(validation=validation), square_kernel() + struct.pack("<I", 5 << 16 | 62))


@case(vu.SHADER_CODE_RULES, "fails")
def code_using_an_undefined_id(validation: bool) -> None:
    words = np.frombuffer(square_kernel(), "<u4").copy()
    words[3] += 1           # a larger bound, and an OpLoad of that id:
    store = int(np.flatnonzero((words & 0xFFFF) == 62)[0])     # OpStore %pointer %value
    words[store + 2] = words[3] - 1
    create_module(Compute(validation=validation), words.tobytes())


@case(vu.SHADER_CAPABILITY_SHADER)
def code_without_the_shader_capability(validation: bool) -> None:
    create_module(Compute(validation=validation), no_shader_capability_kernel())


@case(vu.SHADER_CAPABILITY_FEATURE)
def float16_capability_without_the_feature(validation: bool) -> None:
    create_module(Compute(validation=validation, disabled_features=["shaderFloat16"]), float16_declaring_kernel())


@case(vu.SHADER_CAPABILITY_FEATURE)
def cooperative_vector_capability_without_the_feature(validation: bool) -> None:
    code = (SAMPLES / "mlp_training.spv").read_bytes()
    create_module(Compute("minimal", validation=validation), code)   # no cooperativeVectorTraining


@case(vu.SHADER_EXTENSION)
def spirv_extension_without_the_device_extension(validation: bool) -> None:
    create_module(Compute(validation=validation, cooperative_vector=False), extension_declaring_kernel())


@case(vu.SHADER_CODE_POINTER, "unsafe")
def code_pointer_null(validation: bool) -> None:
    create_module(Compute(validation=validation), None, 64)


@case(vu.SHADER_CODE_POINTER, "unsafe")
def code_shorter_than_code_size(validation: bool) -> None:
    code = square_kernel()
    create_module(Compute(validation=validation), code, len(code) + 4)


@case(vu.SHADER_PNEXT)
def shader_module_with_a_pnext(validation: bool) -> None:
    create_module(Compute(validation=validation), square_kernel(), pNext=VkMemoryBarrier())


# --- descriptor set layouts and pipeline layouts ----------------------------------------------------------------------

@case(vu.LAYOUT_BINDING_UNIQUE)
def layout_with_a_binding_twice(validation: bool) -> None:
    Compute(validation=validation).set_layout((0, STORAGE), (0, UNIFORM))


@case(vu.LAYOUT_BINDINGS_POINTER, "unsafe")
def layout_bindings_shorter_than_the_count(validation: bool) -> None:
    gpu = Compute(validation=validation)
    vkCreateDescriptorSetLayout(gpu.device, VkDescriptorSetLayoutCreateInfo(
        bindingCount=2, pBindings=[VkDescriptorSetLayoutBinding(0, STORAGE, 1, COMPUTE)]))


@case(vu.LAYOUT_DESCRIPTOR_TYPE, "unsafe")
def layout_with_an_unknown_descriptor_type(validation: bool) -> None:
    Compute(validation=validation).set_layout((0, 77))


@case(vu.PIPELINE_LAYOUT_SET_COUNT)
def pipeline_layout_with_too_many_sets(validation: bool) -> None:
    gpu = Compute(validation=validation)
    gpu.pipeline_layout(*[gpu.set_layout((0, STORAGE))] * 33)


@case(vu.PIPELINE_LAYOUT_SET_LAYOUTS, "unsafe")
def pipeline_layout_sets_shorter_than_the_count(validation: bool) -> None:
    gpu = Compute(validation=validation)
    vkCreatePipelineLayout(gpu.device, VkPipelineLayoutCreateInfo(setLayoutCount=2,
                                                                  pSetLayouts=[gpu.set_layout((0, STORAGE))]))


@case(vu.PIPELINE_LAYOUT_RANGES, "unsafe")
def pipeline_layout_ranges_shorter_than_the_count(validation: bool) -> None:
    gpu = Compute(validation=validation)
    vkCreatePipelineLayout(gpu.device, VkPipelineLayoutCreateInfo(pushConstantRangeCount=1))


def _ranges(validation: bool, *ranges: tuple[int, int, int]) -> None:
    gpu = Compute(validation=validation)
    vkCreatePipelineLayout(gpu.device, VkPipelineLayoutCreateInfo(
        pushConstantRangeCount=len(ranges), pPushConstantRanges=[VkPushConstantRange(*r) for r in ranges]))


@case(vu.PUSH_RANGE_STAGE_UNIQUE)
def two_push_ranges_for_the_compute_stage(validation: bool) -> None:
    _ranges(validation, (COMPUTE, 0, 16), (COMPUTE, 16, 16))


@case(vu.PUSH_RANGE_OFFSET_LIMIT)
def push_range_at_max_push_constants_size(validation: bool) -> None:
    _ranges(validation, (COMPUTE, 256, 4))


@case(vu.PUSH_RANGE_OFFSET_ALIGNMENT)
def push_range_offset_not_a_multiple_of_4(validation: bool) -> None:
    _ranges(validation, (COMPUTE, 2, 4))


@case(vu.PUSH_RANGE_SIZE_ZERO)
def push_range_of_size_zero(validation: bool) -> None:
    _ranges(validation, (COMPUTE, 0, 0))


@case(vu.PUSH_RANGE_SIZE_ALIGNMENT)
def push_range_size_not_a_multiple_of_4(validation: bool) -> None:
    _ranges(validation, (COMPUTE, 0, 6))


@case(vu.PUSH_RANGE_SIZE_LIMIT)
def push_range_past_max_push_constants_size(validation: bool) -> None:
    _ranges(validation, (COMPUTE, 128, 256))


@case(vu.PUSH_RANGE_STAGES)
def push_range_for_no_stage(validation: bool) -> None:
    _ranges(validation, (0, 0, 16))


# --- compute pipelines -------------------------------------------------------------------------------------------------

def _create(validation: bool, stage: VkPipelineShaderStageCreateInfo | None = None, count: int = 1,
            infos: object = None, out: object = None, layout: object = None) -> None:
    gpu = Compute(validation=validation)
    if layout is None:
        layout = gpu.pipeline_layout(gpu.set_layout((0, STORAGE)))
    if stage is None:
        stage = VkPipelineShaderStageCreateInfo(stage=COMPUTE, module=gpu.module(square_kernel()), pName="main")
    if infos is None:
        infos = [VkComputePipelineCreateInfo(stage=stage, layout=layout)]
    vkCreateComputePipelines(gpu.device, None, count, infos, None, [None] * count if out is None else out)


@case(vu.PIPELINE_COUNT)
def create_no_pipeline(validation: bool) -> None:
    _create(validation, count=0, infos=[])


@case(vu.PIPELINE_INFOS, "unsafe")
def create_infos_shorter_than_the_count(validation: bool) -> None:
    _create(validation, count=2, infos=[VkComputePipelineCreateInfo()], out=[None, None])


@case(vu.PIPELINE_OUT, "unsafe")
def create_into_no_list(validation: bool) -> None:
    _create(validation, out=())


@case(vu.PIPELINE_STAGE_COMPUTE)
def create_with_the_vertex_stage(validation: bool) -> None:
    gpu = Compute(validation=validation)
    _create(validation, VkPipelineShaderStageCreateInfo(stage=VK_SHADER_STAGE_VERTEX_BIT,
                                                        module=gpu.module(square_kernel()), pName="main"))


@case(vu.PIPELINE_ENTRY_POINT, "fails")
def create_with_an_unknown_entry_point(validation: bool) -> None:
    gpu = Compute(validation=validation)
    _create(validation, VkPipelineShaderStageCreateInfo(stage=COMPUTE, module=gpu.module(square_kernel()),
                                                        pName="mian"))


@case(vu.PIPELINE_MODULE, "unsafe")
def create_without_a_module(validation: bool) -> None:
    _create(validation, VkPipelineShaderStageCreateInfo(stage=COMPUTE, module=None, pName="main"))


@case(vu.PIPELINE_ENTRY_NAME, "unsafe")
def create_without_an_entry_point_name(validation: bool) -> None:
    gpu = Compute(validation=validation)
    _create(validation, VkPipelineShaderStageCreateInfo(stage=COMPUTE, module=gpu.module(square_kernel())))


def _layouts_pipeline(validation: bool, layout: Callable[[Compute], VkPipelineLayout] | None = None,
                      spec: object = None) -> None:
    gpu = Compute(validation=validation)
    made = layout(gpu) if layout is not None else gpu.pipeline_layout(
        gpu.set_layout((0, UNIFORM), (1, STORAGE), (2, STORAGE)), push=(0, 8))
    gpu.pipeline(LAYOUTS.read_bytes(), made, spec)


@case(vu.PIPELINE_SPECIALIZED_CODE, "fails")
def create_with_a_workgroup_size_of_zero(validation: bool) -> None:
    _layouts_pipeline(validation, spec=spec_info((0, struct.pack("<I", 0))))


@case(vu.PIPELINE_PUSH_STAGE)
def create_without_a_push_constant_range(validation: bool) -> None:
    _layouts_pipeline(validation, lambda gpu: gpu.pipeline_layout(
        gpu.set_layout((0, UNIFORM), (1, STORAGE), (2, STORAGE))))


@case(vu.PIPELINE_PUSH_RANGE)
def create_with_a_push_range_shorter_than_the_block(validation: bool) -> None:
    _layouts_pipeline(validation, lambda gpu: gpu.pipeline_layout(
        gpu.set_layout((0, UNIFORM), (1, STORAGE), (2, STORAGE)), push=(0, 4)))


@case(vu.PIPELINE_DESCRIPTOR_STAGE)
def create_with_a_binding_missing_from_the_layout(validation: bool) -> None:
    _layouts_pipeline(validation, lambda gpu: gpu.pipeline_layout(gpu.set_layout((0, UNIFORM), (1, STORAGE)),
                                                                  push=(0, 8)))


@case(vu.PIPELINE_DESCRIPTOR_STAGE)
def create_with_a_binding_not_visible_to_compute(validation: bool) -> None:
    _layouts_pipeline(validation, lambda gpu: gpu.pipeline_layout(
        gpu.set_layout((0, UNIFORM), (1, STORAGE), (2, STORAGE), stages=VK_SHADER_STAGE_VERTEX_BIT), push=(0, 8)))


@case(vu.PIPELINE_DESCRIPTOR_TYPE)
def create_with_a_uniform_block_bound_as_a_storage_buffer(validation: bool) -> None:
    _layouts_pipeline(validation, lambda gpu: gpu.pipeline_layout(
        gpu.set_layout((0, STORAGE), (1, STORAGE), (2, STORAGE)), push=(0, 8)))


@case(vu.PIPELINE_DESCRIPTOR_COUNT)
def create_with_fewer_descriptors_than_the_shaders_array(validation: bool) -> None:
    gpu = Compute(validation=validation)
    layout = gpu.pipeline_layout(gpu.set_layout((0, STORAGE, 1), (1, UNIFORM, 2), (2, STORAGE, 2)), push=(0, 8))
    gpu.pipeline((SAMPLES / "descriptor_arrays.spv").read_bytes(), layout)   # inputs is an array of 3 blocks


@case(vu.SPEC_OFFSET, "unsafe")
def spec_entry_offset_past_the_data(validation: bool) -> None:
    _layouts_pipeline(validation, spec=VkSpecializationInfo(1, [VkSpecializationMapEntry(1, 4, 4)], 4, bytes(4)))


@case(vu.SPEC_SIZE, "unsafe")
def spec_entry_running_past_the_data(validation: bool) -> None:
    _layouts_pipeline(validation, spec=VkSpecializationInfo(1, [VkSpecializationMapEntry(1, 2, 4)], 4, bytes(4)))


@case(vu.SPEC_ID_UNIQUE)
def spec_entries_for_one_constant(validation: bool) -> None:
    _layouts_pipeline(validation, spec=spec_info((1, struct.pack("<i", 3)), (1, struct.pack("<i", 4))))


@case(vu.SPEC_ENTRY_SIZE)
def spec_entry_size_of_a_bool_not_a_vkbool32(validation: bool) -> None:
    _layouts_pipeline(validation, spec=spec_info((2, b"\x01")))


@case(vu.SPEC_DATA, "unsafe")
def spec_data_shorter_than_data_size(validation: bool) -> None:
    _layouts_pipeline(validation, spec=VkSpecializationInfo(1, [VkSpecializationMapEntry(1, 0, 4)], 8, bytes(4)))


@case(vu.SPEC_ENTRIES, "unsafe")
def spec_entries_shorter_than_the_count(validation: bool) -> None:
    _layouts_pipeline(validation, spec=VkSpecializationInfo(2, [VkSpecializationMapEntry(1, 0, 4)], 4, bytes(4)))


def _sized(validation: bool, size: tuple[int, int, int]) -> None:
    gpu = Compute(validation=validation)
    gpu.pipeline(square_kernel(size), gpu.pipeline_layout(gpu.set_layout((0, STORAGE))))


@case(vu.LOCAL_SIZE_X, "fails")
def workgroup_wider_than_max_compute_work_group_size(validation: bool) -> None:
    _sized(validation, (2048, 1, 1))


@case(vu.LOCAL_SIZE_Y, "fails")
def workgroup_taller_than_max_compute_work_group_size(validation: bool) -> None:
    _sized(validation, (1, 2048, 1))


@case(vu.LOCAL_SIZE_Z, "fails")
def workgroup_deeper_than_max_compute_work_group_size(validation: bool) -> None:
    _sized(validation, (1, 1, 128))


@case(vu.LOCAL_SIZE_INVOCATIONS, "fails")
def workgroup_of_more_than_1024_invocations(validation: bool) -> None:
    _sized(validation, (64, 32, 1))


# --- descriptor pools, sets and updates -----------------------------------------------------------------------------

def _pool(validation: bool, max_sets: int = 1, sizes: object = None, count: int | None = None) -> None:
    gpu = Compute(validation=validation)
    sizes = [VkDescriptorPoolSize(STORAGE, 1)] if sizes is None else sizes
    vkCreateDescriptorPool(gpu.device, VkDescriptorPoolCreateInfo(
        maxSets=max_sets, poolSizeCount=len(sizes) if count is None else count, pPoolSizes=sizes))


@case(vu.POOL_MAX_SETS)
def pool_of_no_sets(validation: bool) -> None:
    _pool(validation, max_sets=0)


@case(vu.POOL_SIZE_COUNT)
def pool_size_of_no_descriptors(validation: bool) -> None:
    _pool(validation, sizes=[VkDescriptorPoolSize(STORAGE, 0)])


@case(vu.POOL_SIZES, "unsafe")
def pool_sizes_shorter_than_the_count(validation: bool) -> None:
    _pool(validation, count=2)


@case(vu.POOL_SIZE_TYPE, "unsafe")
def pool_size_of_an_unknown_type(validation: bool) -> None:
    _pool(validation, sizes=[VkDescriptorPoolSize(99, 1)])


def _allocate(validation: bool, count: int = 1, layouts: object = "one", out: object = "list") -> None:
    gpu = Compute(validation=validation)
    set_layouts = [gpu.set_layout((0, STORAGE))] if layouts == "one" else layouts
    vkAllocateDescriptorSets(gpu.device, VkDescriptorSetAllocateInfo(
        descriptorPool=gpu.descriptor_pool, descriptorSetCount=count, pSetLayouts=set_layouts),
        [None] * count if out == "list" else out)


@case(vu.ALLOCATE_SET_COUNT)
def allocate_no_set(validation: bool) -> None:
    _allocate(validation, count=0, layouts=[])


@case(vu.ALLOCATE_LAYOUTS, "unsafe")
def allocate_with_layouts_shorter_than_the_count(validation: bool) -> None:
    _allocate(validation, count=2, out=[None, None])


@case(vu.ALLOCATE_SETS, "unsafe")
def allocate_into_no_list(validation: bool) -> None:
    _allocate(validation, out=None)


@case(vu.FREE_FLAG)
def free_into_a_pool_without_the_free_flag(validation: bool) -> None:
    gpu = Compute(validation=validation)
    pool = vkCreateDescriptorPool(gpu.device, VkDescriptorPoolCreateInfo(
        maxSets=1, poolSizeCount=1, pPoolSizes=[VkDescriptorPoolSize(STORAGE, 1)]))
    sets = [None]
    vkAllocateDescriptorSets(gpu.device, VkDescriptorSetAllocateInfo(
        descriptorPool=pool, descriptorSetCount=1, pSetLayouts=[gpu.set_layout((0, STORAGE))]), sets)
    vkFreeDescriptorSets(gpu.device, pool, 1, sets)


@case(vu.FREE_SETS, "unsafe")
def free_a_set_of_another_pool(validation: bool) -> None:
    gpu = Compute(validation=validation)
    other = vkCreateDescriptorPool(gpu.device, VkDescriptorPoolCreateInfo(
        flags=VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT, maxSets=1, poolSizeCount=1,
        pPoolSizes=[VkDescriptorPoolSize(STORAGE, 1)]))
    vkFreeDescriptorSets(gpu.device, other, 1, gpu.allocate(gpu.set_layout((0, STORAGE))))


def _written(validation: bool, bindings: tuple = ((0, STORAGE),), **fields: object) -> None:
    gpu = Compute(validation=validation)
    target = gpu.allocate(gpu.set_layout(*bindings))[0]
    buffer = gpu.buffer(1 << 10)
    write = {"dstSet": target, "dstBinding": 0, "descriptorCount": 1, "descriptorType": STORAGE,
             "pBufferInfo": [VkDescriptorBufferInfo(buffer.buffer, 0, VK_WHOLE_SIZE)]}
    write.update({k: (v(gpu) if callable(v) else v) for k, v in fields.items()})
    vkUpdateDescriptorSets(gpu.device, 1, [VkWriteDescriptorSet(**write)], 0, None)


@case(vu.UPDATE_WRITES, "unsafe")
def update_writes_shorter_than_the_count(validation: bool) -> None:
    vkUpdateDescriptorSets(Compute(validation=validation).device, 1, [], 0, None)


@case(vu.UPDATE_COPIES, "unsafe")
def update_copies_shorter_than_the_count(validation: bool) -> None:
    vkUpdateDescriptorSets(Compute(validation=validation).device, 0, None, 2, [VkCopyDescriptorSet()])


@case(vu.WRITE_BINDING, "unsafe")
def write_past_the_last_binding(validation: bool) -> None:
    _written(validation, dstBinding=9)


@case(vu.WRITE_BINDING_EMPTY, "unsafe")
def write_a_binding_between_the_layouts_bindings(validation: bool) -> None:
    _written(validation, ((0, STORAGE), (2, STORAGE)), dstBinding=1)


@case(vu.WRITE_BINDING_EMPTY, "unsafe")
def write_a_binding_of_no_descriptors(validation: bool) -> None:
    _written(validation, ((0, STORAGE, 0), (1, STORAGE)), dstBinding=0)


@case(vu.WRITE_CONSECUTIVE_TYPE)
def write_running_on_into_a_binding_of_another_type(validation: bool) -> None:
    gpu = Compute(validation=validation)
    target = gpu.allocate(gpu.set_layout((0, STORAGE), (1, UNIFORM)))[0]
    buffer = gpu.buffer(1 << 10).buffer
    vkUpdateDescriptorSets(gpu.device, 1, [VkWriteDescriptorSet(
        dstSet=target, dstBinding=0, descriptorCount=2, descriptorType=STORAGE,
        pBufferInfo=[VkDescriptorBufferInfo(buffer, 0, VK_WHOLE_SIZE)] * 2)], 0, None)


@case(vu.WRITE_TYPE)
def write_a_uniform_buffer_into_a_storage_binding(validation: bool) -> None:
    _written(validation, descriptorType=UNIFORM)


@case(vu.WRITE_RANGE, "unsafe")
def write_past_the_last_array_element(validation: bool) -> None:
    _written(validation, dstArrayElement=1)


@case(vu.WRITE_COUNT)
def write_no_descriptor(validation: bool) -> None:
    _written(validation, descriptorCount=0)


@case(vu.WRITE_BUFFER_INFO, "unsafe")
def write_without_buffer_infos(validation: bool) -> None:
    _written(validation, pBufferInfo=None)


@case(vu.WRITE_DESCRIPTOR_TYPE_VALUE, "unsafe")
def write_an_unknown_descriptor_type(validation: bool) -> None:
    _written(validation, descriptorType=99)


@case(vu.WRITE_DST_SET, "unsafe")
def write_into_no_set(validation: bool) -> None:
    _written(validation, dstSet=None)


def _info(validation: bool, kind: int = STORAGE, offset: int = 0, size: int = VK_WHOLE_SIZE,
          buffer: Callable[[Compute], object] | None = None) -> None:
    _written(validation, ((0, kind),), descriptorType=kind, pBufferInfo=lambda gpu: [VkDescriptorBufferInfo(
        gpu.buffer(1 << 10).buffer if buffer is None else buffer(gpu), offset, size)])


def _unbound(size: int, usage: int = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT) -> Callable[[Compute], VkBuffer]:
    return lambda gpu: vkCreateBuffer(gpu.device, VkBufferCreateInfo(size=size, usage=usage))


@case(vu.WRITE_UNIFORM_ALIGNMENT)
def uniform_offset_not_a_multiple_of_64(validation: bool) -> None:
    _info(validation, UNIFORM, offset=16)


@case(vu.WRITE_STORAGE_ALIGNMENT)
def storage_offset_not_a_multiple_of_16(validation: bool) -> None:
    _info(validation, STORAGE, offset=4)


@case(vu.WRITE_BUFFER_BOUND)
def write_an_unbound_buffer(validation: bool) -> None:
    _info(validation, buffer=_unbound(256))


@case(vu.WRITE_UNIFORM_USAGE)
def uniform_descriptor_of_a_storage_only_buffer(validation: bool) -> None:
    gpu_buffer = _unbound(256)
    _info(validation, UNIFORM, buffer=lambda gpu: _bind(gpu, gpu_buffer(gpu)))


@case(vu.WRITE_STORAGE_USAGE)
def storage_descriptor_of_a_uniform_only_buffer(validation: bool) -> None:
    gpu_buffer = _unbound(256, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT)
    _info(validation, STORAGE, buffer=lambda gpu: _bind(gpu, gpu_buffer(gpu)))


def _bind(gpu: Compute, buffer: VkBuffer) -> VkBuffer:
    memory = vkAllocateMemory(gpu.device, VkMemoryAllocateInfo(allocationSize=1 << 20, memoryTypeIndex=2))
    vkBindBufferMemory(gpu.device, buffer, memory, 0)
    return buffer


@case(vu.WRITE_UNIFORM_RANGE)
def uniform_range_past_max_uniform_buffer_range(validation: bool) -> None:
    _info(validation, UNIFORM, buffer=lambda gpu: _bind(gpu, _unbound(1 << 17, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT)(gpu)))


@case(vu.WRITE_STORAGE_RANGE)
def storage_range_past_max_storage_buffer_range(validation: bool) -> None:
    _info(validation, buffer=_unbound((1 << 32) + 256))


@case(vu.BUFFER_INFO_OFFSET)
def descriptor_offset_past_the_buffer(validation: bool) -> None:
    _info(validation, offset=1 << 10)


@case(vu.BUFFER_INFO_RANGE_ZERO)
def descriptor_range_zero(validation: bool) -> None:
    _info(validation, size=0)


@case(vu.BUFFER_INFO_RANGE)
def descriptor_range_past_the_buffer(validation: bool) -> None:
    _info(validation, offset=16, size=1 << 10)


@case(vu.BUFFER_INFO_NULL)
def descriptor_of_no_buffer(validation: bool) -> None:
    _info(validation, buffer=lambda gpu: None)


def _copy(validation: bool, same: bool = False, **fields: object) -> None:
    gpu = Compute(validation=validation)
    layout = gpu.set_layout((0, STORAGE), (1, STORAGE), (2, UNIFORM))
    source, target = gpu.allocate(layout, layout)
    copy = {"srcSet": source, "srcBinding": 0, "dstSet": source if same else target, "dstBinding": 0,
            "descriptorCount": 1}
    copy.update(fields)
    vkUpdateDescriptorSets(gpu.device, 0, None, 1, [VkCopyDescriptorSet(**copy)])


@case(vu.COPY_SRC_SET, "unsafe")
def copy_from_no_set(validation: bool) -> None:
    _copy(validation, srcSet=None)


@case(vu.COPY_DST_SET, "unsafe")
def copy_into_no_set(validation: bool) -> None:
    _copy(validation, dstSet=None)


@case(vu.COPY_SRC_BINDING, "unsafe")
def copy_from_a_binding_not_in_the_layout(validation: bool) -> None:
    _copy(validation, srcBinding=5)


@case(vu.COPY_DST_BINDING, "unsafe")
def copy_into_a_binding_not_in_the_layout(validation: bool) -> None:
    _copy(validation, dstBinding=5)


@case(vu.COPY_SRC_RANGE, "unsafe")
def copy_from_past_the_last_binding(validation: bool) -> None:
    _copy(validation, srcBinding=2, dstBinding=0, descriptorCount=2)


@case(vu.COPY_DST_RANGE, "unsafe")
def copy_into_past_the_last_binding(validation: bool) -> None:
    _copy(validation, srcBinding=0, dstBinding=2, descriptorCount=2)


@case(vu.COPY_TYPE)
def copy_between_bindings_of_two_types(validation: bool) -> None:
    _copy(validation, dstBinding=2)


@case(vu.COPY_OVERLAP)
def copy_within_a_set_onto_itself(validation: bool) -> None:
    _copy(validation, same=True, srcBinding=0, dstBinding=1, descriptorCount=2)


# --- binding, push constants and dispatch ---------------------------------------------------------------------------

@case(vu.BIND_PIPELINE_COMPUTE_POOL)
def bind_a_pipeline_in_a_transfer_only_pool(validation: bool) -> None:
    gpu, command_buffer = recording(validation, family=1)
    vkCmdBindPipeline(command_buffer, VK_PIPELINE_BIND_POINT_COMPUTE, Squares(gpu).pipeline)


@case(vu.BIND_PIPELINE_GRAPHICS_POOL)
def bind_to_the_graphics_bind_point(validation: bool) -> None:
    gpu, command_buffer = recording(validation)
    vkCmdBindPipeline(command_buffer, VK_PIPELINE_BIND_POINT_GRAPHICS, Squares(gpu).pipeline)


@case(vu.BIND_POINT_VALUE, "unsafe")
def bind_to_an_unknown_bind_point(validation: bool) -> None:
    gpu, command_buffer = recording(validation)
    vkCmdBindPipeline(command_buffer, 7, Squares(gpu).pipeline)


def _bind_sets(validation: bool, family: int = 0, point: int = VK_PIPELINE_BIND_POINT_COMPUTE, first: int = 0,
               sets: Callable[[Compute, Squares], object] | None = None, count: int = 1,
               dynamic: tuple[int, ...] = (), dynamic_count: int | None = None) -> None:
    gpu, command_buffer = recording(validation, family)
    squares = Squares(gpu)
    vkCmdBindDescriptorSets(command_buffer, point, squares.layout, first, count,
                            [squares.set] if sets is None else sets(gpu, squares),
                            len(dynamic) if dynamic_count is None else dynamic_count, list(dynamic) or None)


@case(vu.BIND_SETS_POINT)
def bind_sets_in_a_transfer_only_pool(validation: bool) -> None:
    _bind_sets(validation, family=1)


@case(vu.BIND_SETS_POINT_VALUE, "unsafe")
def bind_sets_to_an_unknown_bind_point(validation: bool) -> None:
    _bind_sets(validation, point=3)


@case(vu.BIND_SETS_LAYOUT)
def bind_a_set_of_another_layout(validation: bool) -> None:
    _bind_sets(validation, sets=lambda gpu, s: gpu.allocate(gpu.set_layout((0, UNIFORM))))


@case(vu.BIND_SETS_FIRST)
def bind_a_set_past_the_layouts_sets(validation: bool) -> None:
    _bind_sets(validation, first=1)


@case(vu.BIND_SETS_COUNT)
def bind_no_set(validation: bool) -> None:
    _bind_sets(validation, count=0, sets=lambda gpu, s: [])


@case(vu.BIND_SETS_VALID, "unsafe")
def bind_a_null_set(validation: bool) -> None:
    _bind_sets(validation, sets=lambda gpu, s: [None])


@case(vu.BIND_SETS_DYNAMIC_OFFSETS, "unsafe")
def bind_without_the_dynamic_offsets_counted(validation: bool) -> None:
    _bind_sets(validation, dynamic_count=1)


def _dynamic(validation: bool, kind: int, offset: int, size: int = 256, dynamic_count: int | None = None) -> None:
    gpu, command_buffer = recording(validation)
    set_layout = gpu.set_layout((0, kind))
    layout = gpu.pipeline_layout(set_layout)
    target = gpu.allocate(set_layout)[0]
    gpu.write(target, 0, gpu.buffer(1 << 10), kind, 0, size)
    count = 1 if dynamic_count is None else dynamic_count
    vkCmdBindDescriptorSets(command_buffer, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, [target], count,
                            [offset] * count or None)


@case(vu.BIND_SETS_DYNAMIC_COUNT)
def bind_a_dynamic_descriptor_without_its_offset(validation: bool) -> None:
    _dynamic(validation, STORAGE_DYNAMIC, 0, dynamic_count=0)


@case(vu.BIND_SETS_UNIFORM_ALIGNMENT)
def dynamic_uniform_offset_not_a_multiple_of_64(validation: bool) -> None:
    _dynamic(validation, UNIFORM_DYNAMIC, 32)


@case(vu.BIND_SETS_STORAGE_ALIGNMENT)
def dynamic_storage_offset_not_a_multiple_of_16(validation: bool) -> None:
    _dynamic(validation, STORAGE_DYNAMIC, 8)


@case(vu.BIND_SETS_DYNAMIC_RANGE)
def dynamic_offset_running_past_the_buffer(validation: bool) -> None:
    _dynamic(validation, STORAGE_DYNAMIC, 1 << 10)


@case(vu.BIND_SETS_DYNAMIC_WHOLE)
def dynamic_offset_for_a_whole_size_range(validation: bool) -> None:
    _dynamic(validation, STORAGE_DYNAMIC, 16, VK_WHOLE_SIZE)


def _push(validation: bool, stages: int = COMPUTE, offset: int = 0, size: int = 16, values: object = bytes(256),
          push: tuple[int, int] = (0, 16), push_stages: int = COMPUTE) -> None:
    gpu, command_buffer = recording(validation)
    layout = gpu.pipeline_layout(push=push, push_stages=push_stages)
    vkCmdPushConstants(command_buffer, layout, stages, offset, size, values)


@case(vu.PUSH_COVERED)
def push_bytes_outside_the_layouts_range(validation: bool) -> None:
    _push(validation, offset=8, size=16)


@case(vu.PUSH_ALL_STAGES)
def push_for_fewer_stages_than_the_range(validation: bool) -> None:
    _push(validation, push_stages=COMPUTE | VK_SHADER_STAGE_VERTEX_BIT)


@case(vu.PUSH_OFFSET_ALIGNMENT)
def push_offset_not_a_multiple_of_4(validation: bool) -> None:
    _push(validation, offset=2, size=8)


@case(vu.PUSH_SIZE_ALIGNMENT)
def push_size_not_a_multiple_of_4(validation: bool) -> None:
    _push(validation, size=6)


@case(vu.PUSH_OFFSET_LIMIT, "unsafe")
def push_at_max_push_constants_size(validation: bool) -> None:
    _push(validation, offset=256, size=4, push=(0, 256))


@case(vu.PUSH_SIZE_LIMIT, "unsafe")
def push_past_max_push_constants_size(validation: bool) -> None:
    _push(validation, offset=0, size=260, push=(0, 256))


@case(vu.PUSH_SIZE_ZERO)
def push_nothing(validation: bool) -> None:
    _push(validation, size=0)


@case(vu.PUSH_STAGES)
def push_for_no_stage(validation: bool) -> None:
    _push(validation, stages=0)


@case(vu.PUSH_VALUES, "unsafe")
def push_from_too_few_bytes(validation: bool) -> None:
    _push(validation, values=bytes(8))


@case(vu.DISPATCH_POOL)
def dispatch_in_a_transfer_only_pool(validation: bool) -> None:
    _, command_buffer = recording(validation, family=1)
    vkCmdDispatch(command_buffer, 1, 1, 1)


@case(vu.DISPATCH_PIPELINE)
def dispatch_without_a_pipeline(validation: bool) -> None:
    _, command_buffer = recording(validation)
    vkCmdDispatch(command_buffer, 1, 1, 1)


@case(vu.DISPATCH_SETS)
def dispatch_without_the_set_the_shader_uses(validation: bool) -> None:
    gpu, command_buffer = recording(validation)
    vkCmdBindPipeline(command_buffer, VK_PIPELINE_BIND_POINT_COMPUTE, Squares(gpu).pipeline)
    vkCmdDispatch(command_buffer, 1, 1, 1)


@case(vu.DISPATCH_SETS)
def dispatch_with_a_set_bound_through_an_incompatible_layout(validation: bool) -> None:
    gpu, command_buffer = recording(validation)
    squares = Squares(gpu)
    other = gpu.pipeline_layout(squares.set_layout, push=(0, 4))     # other push ranges: not compatible
    vkCmdBindPipeline(command_buffer, VK_PIPELINE_BIND_POINT_COMPUTE, squares.pipeline)
    vkCmdBindDescriptorSets(command_buffer, VK_PIPELINE_BIND_POINT_COMPUTE, other, 0, 1, [squares.set], 0, None)
    vkCmdDispatch(command_buffer, 1, 1, 1)


@case(vu.DISPATCH_PUSH_CONSTANTS)
def dispatch_without_the_push_constants_the_shader_reads(validation: bool) -> None:
    gpu, command_buffer = recording(validation)
    set_layout = gpu.set_layout((0, STORAGE))
    layout = gpu.pipeline_layout(set_layout, push=(0, 16))
    target = gpu.allocate(set_layout)[0]
    gpu.write(target, 0, gpu.buffer(256))
    vkCmdBindPipeline(command_buffer, VK_PIPELINE_BIND_POINT_COMPUTE, gpu.pipeline(push_kernel(4), layout))
    vkCmdBindDescriptorSets(command_buffer, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, [target], 0, None)
    vkCmdPushConstants(command_buffer, layout, COMPUTE, 0, 4, bytes(4))     # bytes 4..7 never set
    vkCmdDispatch(command_buffer, 1, 1, 1)


@case(vu.DISPATCH_DESCRIPTORS)
def dispatch_with_a_descriptor_never_written(validation: bool) -> None:
    gpu, command_buffer = recording(validation)
    squares = Squares(gpu)
    vkCmdBindPipeline(command_buffer, VK_PIPELINE_BIND_POINT_COMPUTE, squares.pipeline)
    vkCmdBindDescriptorSets(command_buffer, VK_PIPELINE_BIND_POINT_COMPUTE, squares.layout, 0, 1,
                            gpu.allocate(squares.set_layout), 0, None)
    vkCmdDispatch(command_buffer, 1, 1, 1)


@case(vu.DISPATCH_DESCRIPTORS)
def submit_a_dispatch_whose_buffer_was_destroyed(validation: bool) -> None:
    gpu, command_buffer = recording(validation)
    squares = Squares(gpu)
    squares.record(command_buffer)
    vkDestroyBuffer(gpu.device, squares.buffer.buffer)
    gpu.submit(command_buffer)


def _groups(validation: bool, axis: int) -> None:
    _, command_buffer = recording(validation)
    counts = [1, 1, 1]
    counts[axis] = 65536
    vkCmdDispatch(command_buffer, *counts)


@case(vu.DISPATCH_GROUPS_X, "unsafe")
def dispatch_of_65536_groups_along_x(validation: bool) -> None:
    _groups(validation, 0)


@case(vu.DISPATCH_GROUPS_Y, "unsafe")
def dispatch_of_65536_groups_along_y(validation: bool) -> None:
    _groups(validation, 1)


@case(vu.DISPATCH_GROUPS_Z, "unsafe")
def dispatch_of_65536_groups_along_z(validation: bool) -> None:
    _groups(validation, 2)


# --- vkCmdDispatchBase ---------------------------------------------------------------------------------------------

def _base_pipeline(gpu: Compute, flags: int = VK_PIPELINE_CREATE_DISPATCH_BASE_BIT) -> Squares:
    """The squares kernel, its pipeline created with `flags`."""
    squares = Squares(gpu)
    stage = VkPipelineShaderStageCreateInfo(stage=COMPUTE, module=gpu.module(square_kernel()), pName="main")
    pipelines = [None]
    vkCreateComputePipelines(gpu.device, None, 1, [VkComputePipelineCreateInfo(flags=flags, stage=stage,
                                                                               layout=squares.layout)], None, pipelines)
    squares.pipeline = pipelines[0]
    return squares


def _dispatch_base(validation: bool, base: tuple[int, int, int], groups: tuple[int, int, int], flags: int
                   = VK_PIPELINE_CREATE_DISPATCH_BASE_BIT) -> None:
    gpu, command_buffer = recording(validation)
    squares = _base_pipeline(gpu, flags)
    vkCmdBindPipeline(command_buffer, VK_PIPELINE_BIND_POINT_COMPUTE, squares.pipeline)
    vkCmdBindDescriptorSets(command_buffer, VK_PIPELINE_BIND_POINT_COMPUTE, squares.layout, 0, 1, [squares.set], 0,
                            None)
    vkCmdDispatchBase(command_buffer, *base, *groups)


@case(vu.DISPATCH_BASE_FLAG)
def dispatch_base_from_a_pipeline_without_the_dispatch_base_flag(validation: bool) -> None:
    _dispatch_base(validation, (1, 0, 0), (1, 1, 1), flags=0)


@case(vu.DISPATCH_BASE_X)
def dispatch_base_x_at_the_group_count_limit(validation: bool) -> None:
    _dispatch_base(validation, (65535, 0, 0), (0, 1, 1))


@case(vu.DISPATCH_BASE_Y)
def dispatch_base_y_at_the_group_count_limit(validation: bool) -> None:
    _dispatch_base(validation, (0, 65535, 0), (1, 0, 1))


@case(vu.DISPATCH_BASE_Z)
def dispatch_base_z_at_the_group_count_limit(validation: bool) -> None:
    _dispatch_base(validation, (0, 0, 65535), (1, 1, 0))


@case(vu.DISPATCH_BASE_COUNT_X)
def dispatch_base_x_plus_count_past_the_limit(validation: bool) -> None:
    _dispatch_base(validation, (65000, 0, 0), (536, 1, 1))


@case(vu.DISPATCH_BASE_COUNT_Y)
def dispatch_base_y_plus_count_past_the_limit(validation: bool) -> None:
    _dispatch_base(validation, (0, 65000, 0), (1, 536, 1))


@case(vu.DISPATCH_BASE_COUNT_Z)
def dispatch_base_z_plus_count_past_the_limit(validation: bool) -> None:
    _dispatch_base(validation, (0, 0, 65000), (1, 1, 536))


@case(vu.DISPATCH_BASE_SAME[vu.DISPATCH_POOL])
def dispatch_base_in_a_transfer_only_pool(validation: bool) -> None:
    _, command_buffer = recording(validation, family=1)
    vkCmdDispatchBase(command_buffer, 0, 0, 0, 1, 1, 1)


@case(vu.DISPATCH_BASE_SAME[vu.DISPATCH_PIPELINE])
def dispatch_base_without_a_pipeline(validation: bool) -> None:
    _, command_buffer = recording(validation)
    vkCmdDispatchBase(command_buffer, 0, 0, 0, 1, 1, 1)


@case(vu.DISPATCH_BASE_SAME[vu.DISPATCH_SETS])
def dispatch_base_without_the_set_the_shader_uses(validation: bool) -> None:
    gpu, command_buffer = recording(validation)
    vkCmdBindPipeline(command_buffer, VK_PIPELINE_BIND_POINT_COMPUTE, _base_pipeline(gpu).pipeline)
    vkCmdDispatchBase(command_buffer, 1, 0, 0, 1, 1, 1)


@case(vu.DISPATCH_BASE_SAME[vu.DISPATCH_PUSH_CONSTANTS])
def dispatch_base_without_the_push_constants_the_shader_reads(validation: bool) -> None:
    gpu, command_buffer = recording(validation)
    set_layout = gpu.set_layout((0, STORAGE))
    layout = gpu.pipeline_layout(set_layout, push=(0, 16))
    target = gpu.allocate(set_layout)[0]
    gpu.write(target, 0, gpu.buffer(256))
    vkCmdBindPipeline(command_buffer, VK_PIPELINE_BIND_POINT_COMPUTE, gpu.pipeline(push_kernel(4), layout))
    vkCmdBindDescriptorSets(command_buffer, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, [target], 0, None)
    vkCmdDispatchBase(command_buffer, 0, 0, 0, 1, 1, 1)


@case(vu.DISPATCH_BASE_SAME[vu.DISPATCH_DESCRIPTORS])
def submit_a_dispatch_base_whose_buffer_was_destroyed(validation: bool) -> None:
    gpu, command_buffer = recording(validation)
    squares = _base_pipeline(gpu)
    vkCmdBindPipeline(command_buffer, VK_PIPELINE_BIND_POINT_COMPUTE, squares.pipeline)
    vkCmdBindDescriptorSets(command_buffer, VK_PIPELINE_BIND_POINT_COMPUTE, squares.layout, 0, 1, [squares.set], 0,
                            None)
    vkCmdDispatchBase(command_buffer, 0, 0, 0, 1, 1, 1)
    vkDestroyBuffer(gpu.device, squares.buffer.buffer)
    gpu.submit(command_buffer)


# --- pipeline barriers -------------------------------------------------------------------------------------------------

def _barrier(validation: bool, src: int = VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
             dst: int = VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, memory: object = (), buffers: object = (),
             images: int = 0, family: int = 0, counts: tuple[int, int] | None = None, **options: object) -> None:
    gpu, command_buffer = recording(validation, family, **options)
    buffer_barriers = buffers(gpu) if callable(buffers) else buffers
    memory_count, buffer_count = counts or (len(memory), len(buffer_barriers))
    vkCmdPipelineBarrier(command_buffer, src, dst, 0, memory_count, list(memory), buffer_count, list(buffer_barriers),
                         images, None)


def _buffer_barrier(src: int = VK_ACCESS_SHADER_WRITE_BIT, dst: int = VK_ACCESS_SHADER_READ_BIT, offset: int = 0,
                    size: int = VK_WHOLE_SIZE, unbound: bool = False) -> Callable[[Compute], list[object]]:
    def make(gpu: Compute) -> list[object]:
        buffer = vkCreateBuffer(gpu.device, VkBufferCreateInfo(size=256, usage=VK_BUFFER_USAGE_STORAGE_BUFFER_BIT)) \
            if unbound else gpu.buffer(256).buffer
        return [VkBufferMemoryBarrier(srcAccessMask=src, dstAccessMask=dst, srcQueueFamilyIndex=VK_QUEUE_FAMILY_IGNORED,
                                      dstQueueFamilyIndex=VK_QUEUE_FAMILY_IGNORED, buffer=buffer, offset=offset,
                                      size=size)]
    return make


@case(vu.BARRIER_SRC_STAGE_ZERO)
def barrier_from_no_stage_without_synchronization2(validation: bool) -> None:
    _barrier(validation, src=0, disabled_features=["synchronization2"])


@case(vu.BARRIER_DST_STAGE_ZERO)
def barrier_to_no_stage_without_synchronization2(validation: bool) -> None:
    _barrier(validation, dst=0, disabled_features=["synchronization2"])


@case(vu.BARRIER_SRC_STAGE_QUEUE)
def barrier_from_a_graphics_stage(validation: bool) -> None:
    _barrier(validation, src=VK_PIPELINE_STAGE_VERTEX_SHADER_BIT)


@case(vu.BARRIER_DST_STAGE_QUEUE)
def barrier_to_the_compute_stage_on_a_transfer_queue(validation: bool) -> None:
    _barrier(validation, src=VK_PIPELINE_STAGE_TRANSFER_BIT, family=1)


@case(vu.BARRIER_SRC_ACCESS)
def memory_barrier_with_a_shader_write_from_the_transfer_stage(validation: bool) -> None:
    _barrier(validation, src=VK_PIPELINE_STAGE_TRANSFER_BIT,
             memory=[VkMemoryBarrier(srcAccessMask=VK_ACCESS_SHADER_WRITE_BIT, dstAccessMask=VK_ACCESS_SHADER_READ_BIT)])


@case(vu.BARRIER_DST_ACCESS)
def memory_barrier_with_a_host_read_in_the_compute_stage(validation: bool) -> None:
    _barrier(validation, memory=[VkMemoryBarrier(srcAccessMask=VK_ACCESS_SHADER_WRITE_BIT,
                                                 dstAccessMask=VK_ACCESS_HOST_READ_BIT)])


@case(vu.BARRIER_BUFFER_SRC_ACCESS)
def buffer_barrier_with_a_transfer_write_from_the_compute_stage(validation: bool) -> None:
    _barrier(validation, buffers=_buffer_barrier(src=VK_ACCESS_TRANSFER_WRITE_BIT))


@case(vu.BARRIER_BUFFER_DST_ACCESS)
def buffer_barrier_with_an_indirect_read_in_the_compute_stage(validation: bool) -> None:
    _barrier(validation, buffers=_buffer_barrier(dst=VK_ACCESS_INDIRECT_COMMAND_READ_BIT))


@case(vu.BARRIER_IMAGES, "unsafe")
def barrier_with_an_image_barrier(validation: bool) -> None:
    _barrier(validation, images=1)


@case(vu.BARRIER_MEMORY_BARRIERS, "unsafe")
def memory_barriers_shorter_than_the_count(validation: bool) -> None:
    _barrier(validation, counts=(1, 0))


@case(vu.BARRIER_BUFFER_BARRIERS, "unsafe")
def buffer_barriers_shorter_than_the_count(validation: bool) -> None:
    _barrier(validation, counts=(0, 1))


@case(vu.BUFFER_BARRIER_OFFSET)
def buffer_barrier_offset_past_the_buffer(validation: bool) -> None:
    _barrier(validation, buffers=_buffer_barrier(offset=256))


@case(vu.BUFFER_BARRIER_SIZE_ZERO)
def buffer_barrier_of_no_bytes(validation: bool) -> None:
    _barrier(validation, buffers=_buffer_barrier(size=0))


@case(vu.BUFFER_BARRIER_SIZE)
def buffer_barrier_past_the_buffer(validation: bool) -> None:
    _barrier(validation, buffers=_buffer_barrier(offset=16, size=256))


@case(vu.BUFFER_BARRIER_BOUND)
def buffer_barrier_on_an_unbound_buffer(validation: bool) -> None:
    _barrier(validation, buffers=_buffer_barrier(unbound=True))


def _barrier2(validation: bool, memory: object = (), buffers: object = (), info: object = None, family: int = 0,
              **options: object) -> None:
    gpu, command_buffer = recording(validation, family, **options)
    buffer_barriers = buffers(gpu) if callable(buffers) else list(buffers)
    if info is None:
        info = VkDependencyInfo(memoryBarrierCount=len(memory), pMemoryBarriers=list(memory),
                                bufferMemoryBarrierCount=len(buffer_barriers), pBufferMemoryBarriers=buffer_barriers)
    vkCmdPipelineBarrier2(command_buffer, info)


COMPUTE2 = VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT


def _buffer_barrier2(src_stage: int = COMPUTE2, dst_stage: int = COMPUTE2, offset: int = 0, size: int = VK_WHOLE_SIZE,
                     unbound: bool = False) -> Callable[[Compute], list[object]]:
    def make(gpu: Compute) -> list[object]:
        buffer = vkCreateBuffer(gpu.device, VkBufferCreateInfo(size=256, usage=VK_BUFFER_USAGE_STORAGE_BUFFER_BIT)) \
            if unbound else gpu.buffer(256).buffer
        return [VkBufferMemoryBarrier2(srcStageMask=src_stage, dstStageMask=dst_stage, buffer=buffer, offset=offset,
                                       size=size)]
    return make


@case(vu.BARRIER2_FEATURE)
def barrier2_without_synchronization2(validation: bool) -> None:
    _barrier2(validation, disabled_features=["synchronization2"])


@case(vu.BARRIER2_SRC_STAGE_QUEUE)
def barrier2_from_a_graphics_stage(validation: bool) -> None:
    _barrier2(validation, [VkMemoryBarrier2(srcStageMask=VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,
                                            dstStageMask=COMPUTE2)])


@case(vu.BARRIER2_DST_STAGE_QUEUE)
def barrier2_to_the_compute_stage_on_a_transfer_queue(validation: bool) -> None:
    _barrier2(validation, [VkMemoryBarrier2(srcStageMask=VK_PIPELINE_STAGE_2_COPY_BIT, dstStageMask=COMPUTE2)],
              family=1)


@case(vu.BARRIER2_BUFFER_SRC_STAGE_QUEUE)
def buffer_barrier2_from_a_graphics_stage(validation: bool) -> None:
    _barrier2(validation, buffers=_buffer_barrier2(src_stage=VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT))


@case(vu.BARRIER2_BUFFER_DST_STAGE_QUEUE)
def buffer_barrier2_to_a_graphics_stage(validation: bool) -> None:
    _barrier2(validation, buffers=_buffer_barrier2(dst_stage=VK_PIPELINE_STAGE_2_ALL_GRAPHICS_BIT))


@case(vu.DEPENDENCY_INFO, "unsafe")
def barrier2_without_a_dependency_info(validation: bool) -> None:
    _barrier2(validation, info=VkMemoryBarrier2())


@case(vu.DEPENDENCY_MEMORY_BARRIERS, "unsafe")
def barrier2_memory_barriers_shorter_than_the_count(validation: bool) -> None:
    _barrier2(validation, info=VkDependencyInfo(memoryBarrierCount=1))


@case(vu.DEPENDENCY_BUFFER_BARRIERS, "unsafe")
def barrier2_buffer_barriers_shorter_than_the_count(validation: bool) -> None:
    _barrier2(validation, info=VkDependencyInfo(bufferMemoryBarrierCount=2, pBufferMemoryBarriers=[]))


@case(vu.BUFFER_BARRIER2_OFFSET)
def buffer_barrier2_offset_past_the_buffer(validation: bool) -> None:
    _barrier2(validation, buffers=_buffer_barrier2(offset=256))


@case(vu.BUFFER_BARRIER2_SIZE_ZERO)
def buffer_barrier2_of_no_bytes(validation: bool) -> None:
    _barrier2(validation, buffers=_buffer_barrier2(size=0))


@case(vu.BUFFER_BARRIER2_SIZE)
def buffer_barrier2_past_the_buffer(validation: bool) -> None:
    _barrier2(validation, buffers=_buffer_barrier2(offset=128, size=256))


@case(vu.BUFFER_BARRIER2_BOUND)
def buffer_barrier2_on_an_unbound_buffer(validation: bool) -> None:
    _barrier2(validation, buffers=_buffer_barrier2(unbound=True))


# --- the tests ---------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(CASES))
def test_the_validation_layer_rejects_the_rule(name: str) -> None:
    vuid = name.split(" | ")[0]
    _, trigger = CASES[name]
    with pytest.raises(VulkanValidationError) as caught:
        trigger(True)
    assert caught.value.vuid == vuid
    assert vuid in str(caught.value) and vu.RULES[vuid] in str(caught.value)


@pytest.fixture
def reported(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The VUID of every violation any validation layer reports during the test."""
    seen: list[str] = []
    for method in ("report", "unsafe"):
        original = getattr(ValidationLayer, method)

        def spy(self: ValidationLayer, violation: Violation, original: Callable = original) -> None:
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
        with pytest.raises(VulkanError) as failed:
            trigger(False)
        assert failed.value.result == VK_ERROR_INVALID_SHADER_NV
    assert vuid in reported


def test_every_rule_has_a_rejection_case() -> None:
    static = {value for name, value in vars(vu).items() if name.isupper() and isinstance(value, str)
              and value.startswith(("VUID-", "UNASSIGNED-", "SYNC-"))} | set(vu.DISPATCH_BASE_SAME.values())
    covered = {name.split(" | ")[0] for name in CASES}
    assert static - NOT_RAISED <= covered, sorted(static - NOT_RAISED - covered)


SYNC2_ACCESS_CASES = [(struct_name, mask, access) for struct_name in ("VkMemoryBarrier2", "VkBufferMemoryBarrier2")
                      for mask in ("srcAccessMask", "dstAccessMask") for access in vu.ACCESS2_RULE_NUMBERS]


@pytest.mark.parametrize("struct_name, mask, access", SYNC2_ACCESS_CASES)
def test_a_synchronization2_access_needs_a_stage_that_supports_it(struct_name: str, mask: str, access: str) -> None:
    """Each access flag with a stage mask holding no stage that performs it: the access_mask_2 VUID of the flag."""
    gpu, command_buffer = recording(True)
    wrong_stage = VK_PIPELINE_STAGE_2_HOST_BIT if "HOST" not in access else VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT
    fields = {"srcStageMask": wrong_stage, "dstStageMask": wrong_stage, mask: getattr(VkAccessFlagBits2, access)}
    if struct_name == "VkMemoryBarrier2":
        info = VkDependencyInfo(memoryBarrierCount=1, pMemoryBarriers=[VkMemoryBarrier2(**fields)])
    else:
        barrier = VkBufferMemoryBarrier2(buffer=gpu.buffer(64).buffer, size=VK_WHOLE_SIZE, **fields)
        info = VkDependencyInfo(bufferMemoryBarrierCount=1, pBufferMemoryBarriers=[barrier])
    with pytest.raises(VulkanValidationError) as caught:
        vkCmdPipelineBarrier2(command_buffer, info)
    assert caught.value.vuid == f"VUID-{struct_name}-{mask}-{vu.ACCESS2_RULE_NUMBERS[access]}"
    assert access in str(caught.value)


def test_a_synchronization2_access_with_its_own_stage_is_accepted() -> None:
    gpu, command_buffer = recording(True)
    vkCmdPipelineBarrier2(command_buffer, VkDependencyInfo(memoryBarrierCount=1, pMemoryBarriers=[VkMemoryBarrier2(
        srcStageMask=VK_PIPELINE_STAGE_2_CONVERT_COOPERATIVE_VECTOR_MATRIX_BIT_NV,
        srcAccessMask=VK_ACCESS_2_TRANSFER_WRITE_BIT, dstStageMask=COMPUTE2,
        dstAccessMask=VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_UNIFORM_READ_BIT)]))
    assert not gpu.messages


def test_copy_kernel_is_a_two_buffer_kernel() -> None:
    """The harness's kernels are valid modules (a smoke test of what the cases rely on)."""
    gpu = Compute()
    gpu.pipeline(copy_kernel(), gpu.pipeline_layout(gpu.set_layout((0, STORAGE), (1, STORAGE))))
    assert not gpu.messages
