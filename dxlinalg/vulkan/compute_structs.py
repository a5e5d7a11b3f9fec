"""The structs of the compute path: shader modules, descriptor sets, pipeline layouts, compute pipelines, barriers.

Same conventions as `structs`: C field names in C order, zero defaults, positional aggregate construction,
sType defaulting to the struct's own value, pointers holding Python objects (None, a struct, a list, bytes).
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from dxlinalg.c_struct import enum_field
from dxlinalg.vulkan.enums import (
    VkAccessFlagBits,
    VkAccessFlagBits2,
    VkDescriptorType,
    VkPipelineStageFlagBits2,
    VkShaderStageFlagBits,
    VkStructureType,
)
from dxlinalg.vulkan.structs import UINT, VkDeviceSize, VkStruct

ST = VkStructureType
INT = UINT  # int32_t fields (basePipelineIndex): any Python int, as C's int


# --- shader modules ----------------------------------------------------------------------------------------

class VkShaderModuleCreateInfo(VkStruct):
    """pCode: the SPIR-V as bytes, a bytearray, a numpy array (uint32 words or bytes) or a list of words."""

    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO
    pNext: Any = None
    flags: UINT = 0
    codeSize: UINT = 0
    pCode: Any = None


# --- descriptor set layouts, pipeline layouts ------------------------------------------------------------

class VkDescriptorSetLayoutBinding(VkStruct):
    binding: UINT = 0
    descriptorType: enum_field(VkDescriptorType) = 0
    descriptorCount: UINT = 0
    stageFlags: enum_field(VkShaderStageFlagBits) = 0
    pImmutableSamplers: Any = None


class VkDescriptorSetLayoutCreateInfo(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO
    pNext: Any = None
    flags: UINT = 0
    bindingCount: UINT = 0
    pBindings: Any = None


class VkPushConstantRange(VkStruct):
    stageFlags: enum_field(VkShaderStageFlagBits) = 0
    offset: UINT = 0
    size: UINT = 0


class VkPipelineLayoutCreateInfo(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO
    pNext: Any = None
    flags: UINT = 0
    setLayoutCount: UINT = 0
    pSetLayouts: Any = None
    pushConstantRangeCount: UINT = 0
    pPushConstantRanges: Any = None


# --- compute pipelines ---------------------------------------------------------------------------------------

class VkSpecializationMapEntry(VkStruct):
    constantID: UINT = 0
    offset: UINT = 0
    size: UINT = 0


class VkSpecializationInfo(VkStruct):
    """pData: bytes, a bytearray or a numpy array (its bytes)."""

    mapEntryCount: UINT = 0
    pMapEntries: Any = None
    dataSize: UINT = 0
    pData: Any = None


class VkPipelineShaderStageCreateInfo(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO
    pNext: Any = None
    flags: UINT = 0
    stage: enum_field(VkShaderStageFlagBits) = 0
    module: Any = None
    pName: Any = None
    pSpecializationInfo: Any = None


class VkComputePipelineCreateInfo(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO
    pNext: Any = None
    flags: UINT = 0
    stage: VkPipelineShaderStageCreateInfo = Field(default_factory=VkPipelineShaderStageCreateInfo)
    layout: Any = None
    basePipelineHandle: Any = None
    basePipelineIndex: INT = 0


# --- descriptor pools and sets --------------------------------------------------------------------------------

class VkDescriptorPoolSize(VkStruct):
    type: enum_field(VkDescriptorType) = 0
    descriptorCount: UINT = 0


class VkDescriptorPoolCreateInfo(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO
    pNext: Any = None
    flags: UINT = 0
    maxSets: UINT = 0
    poolSizeCount: UINT = 0
    pPoolSizes: Any = None


class VkDescriptorSetAllocateInfo(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO
    pNext: Any = None
    descriptorPool: Any = None
    descriptorSetCount: UINT = 0
    pSetLayouts: Any = None


class VkDescriptorBufferInfo(VkStruct):
    buffer: Any = None
    offset: VkDeviceSize = 0
    range: VkDeviceSize = 0


class VkWriteDescriptorSet(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET
    pNext: Any = None
    dstSet: Any = None
    dstBinding: UINT = 0
    dstArrayElement: UINT = 0
    descriptorCount: UINT = 0
    descriptorType: enum_field(VkDescriptorType) = 0
    pImageInfo: Any = None
    pBufferInfo: Any = None
    pTexelBufferView: Any = None


class VkCopyDescriptorSet(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_COPY_DESCRIPTOR_SET
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_COPY_DESCRIPTOR_SET
    pNext: Any = None
    srcSet: Any = None
    srcBinding: UINT = 0
    srcArrayElement: UINT = 0
    dstSet: Any = None
    dstBinding: UINT = 0
    dstArrayElement: UINT = 0
    descriptorCount: UINT = 0


# --- barriers ---------------------------------------------------------------------------------------------------

class VkMemoryBarrier(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_MEMORY_BARRIER
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_MEMORY_BARRIER
    pNext: Any = None
    srcAccessMask: enum_field(VkAccessFlagBits) = 0
    dstAccessMask: enum_field(VkAccessFlagBits) = 0


class VkBufferMemoryBarrier(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER
    pNext: Any = None
    srcAccessMask: enum_field(VkAccessFlagBits) = 0
    dstAccessMask: enum_field(VkAccessFlagBits) = 0
    srcQueueFamilyIndex: UINT = 0
    dstQueueFamilyIndex: UINT = 0
    buffer: Any = None
    offset: VkDeviceSize = 0
    size: VkDeviceSize = 0


class VkMemoryBarrier2(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_MEMORY_BARRIER_2
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_MEMORY_BARRIER_2
    pNext: Any = None
    srcStageMask: enum_field(VkPipelineStageFlagBits2) = 0
    srcAccessMask: enum_field(VkAccessFlagBits2) = 0
    dstStageMask: enum_field(VkPipelineStageFlagBits2) = 0
    dstAccessMask: enum_field(VkAccessFlagBits2) = 0


class VkBufferMemoryBarrier2(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER_2
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER_2
    pNext: Any = None
    srcStageMask: enum_field(VkPipelineStageFlagBits2) = 0
    srcAccessMask: enum_field(VkAccessFlagBits2) = 0
    dstStageMask: enum_field(VkPipelineStageFlagBits2) = 0
    dstAccessMask: enum_field(VkAccessFlagBits2) = 0
    srcQueueFamilyIndex: UINT = 0
    dstQueueFamilyIndex: UINT = 0
    buffer: Any = None
    offset: VkDeviceSize = 0
    size: VkDeviceSize = 0


class VkDependencyInfo(VkStruct):
    STRUCTURE_TYPE = ST.VK_STRUCTURE_TYPE_DEPENDENCY_INFO
    sType: enum_field(VkStructureType) = ST.VK_STRUCTURE_TYPE_DEPENDENCY_INFO
    pNext: Any = None
    dependencyFlags: UINT = 0
    memoryBarrierCount: UINT = 0
    pMemoryBarriers: Any = None
    bufferMemoryBarrierCount: UINT = 0
    pBufferMemoryBarriers: Any = None
    imageMemoryBarrierCount: UINT = 0
    pImageMemoryBarriers: Any = None


COMPUTE_STRUCTS: tuple[type[VkStruct], ...] = (
    VkShaderModuleCreateInfo, VkDescriptorSetLayoutBinding, VkDescriptorSetLayoutCreateInfo, VkPushConstantRange,
    VkPipelineLayoutCreateInfo, VkSpecializationMapEntry, VkSpecializationInfo, VkPipelineShaderStageCreateInfo,
    VkComputePipelineCreateInfo, VkDescriptorPoolSize, VkDescriptorPoolCreateInfo, VkDescriptorSetAllocateInfo,
    VkDescriptorBufferInfo, VkWriteDescriptorSet, VkCopyDescriptorSet, VkMemoryBarrier, VkBufferMemoryBarrier,
    VkMemoryBarrier2, VkBufferMemoryBarrier2, VkDependencyInfo,
)

__all__ = [struct.__name__ for struct in COMPUTE_STRUCTS]
