"""The Valid Usage IDs the compute path checks, with the spec sentence each stands for.

Like `vuids` (and into the same `RULES`): each constant is the VUID string, mapped to the Vulkan
specification's text (Vulkan-Docs: shaders.adoc, descriptorsets.adoc, pipelines.adoc, dispatch.adoc,
synchronization.adoc and the SPIR-V environment appendix). `SYNC-HAZARD-*` are the Khronos layer's
synchronization-validation IDs; `UNASSIGNED-dxlinalg-*` the emulator's own, for what it cannot do.
"""

from __future__ import annotations

from dxlinalg.vulkan.vuids import RULES


def _rule(vuid: str, text: str) -> str:
    RULES[vuid] = text
    return vuid


# --- vkCreateShaderModule ------------------------------------------------------------------------------------
SHADER_CODE_SIZE_ZERO = _rule("VUID-VkShaderModuleCreateInfo-codeSize-01085", "codeSize must be greater than 0")
SHADER_CODE_SIZE_WORDS = _rule(
    "VUID-VkShaderModuleCreateInfo-codeSize-08735", "if pCode is a pointer to SPIR-V code, codeSize must be a "
                                                     "multiple of 4")
SHADER_CODE_FORMAT = _rule(
    "VUID-VkShaderModuleCreateInfo-pCode-08736",
    "if pCode is a pointer to SPIR-V code, pCode must point to valid SPIR-V code, formatted and packed as described "
    "by the Khronos SPIR-V Specification")
SHADER_CODE_RULES = _rule(
    "VUID-VkShaderModuleCreateInfo-pCode-08737",
    "if pCode is a pointer to SPIR-V code, pCode must adhere to the validation rules described by the Validation "
    "Rules within a Module section of the SPIR-V Environment appendix")
SHADER_CAPABILITY_SHADER = _rule(
    "VUID-VkShaderModuleCreateInfo-pCode-08738",
    "if pCode is a pointer to SPIR-V code, pCode must declare the Shader capability for SPIR-V code")
SHADER_CAPABILITY_FEATURE = _rule(
    "VUID-VkShaderModuleCreateInfo-pCode-08740",
    "if pCode is a pointer to SPIR-V code, and pCode declares any of the capabilities listed in the SPIR-V "
    "Environment appendix, one of the corresponding requirements must be satisfied")
SHADER_EXTENSION = _rule(
    "VUID-VkShaderModuleCreateInfo-pCode-08742",
    "if pCode is a pointer to SPIR-V code, and pCode declares any of the SPIR-V extensions listed in the SPIR-V "
    "Environment appendix, one of the corresponding requirements must be satisfied")
SHADER_CODE_POINTER = _rule(
    "VUID-VkShaderModuleCreateInfo-pCode-parameter",
    "pCode must be a valid pointer to an array of codeSize / 4 uint32_t values")
SHADER_PNEXT = _rule(
    "VUID-vkCreateShaderModule-pCreateInfo-06904",
    "if pCreateInfo is not NULL, pCreateInfo->pNext must be NULL or a pointer to a valid instance of "
    "VkShaderModuleValidationCacheCreateInfoEXT or VkValidationFeaturesEXT")

# --- descriptor set layouts ------------------------------------------------------------------------------------
LAYOUT_BINDING_UNIQUE = _rule(
    "VUID-VkDescriptorSetLayoutCreateInfo-binding-00279",
    "the VkDescriptorSetLayoutBinding::binding members of the elements of the pBindings array must each have "
    "different values")
LAYOUT_BINDINGS_POINTER = _rule(
    "VUID-VkDescriptorSetLayoutCreateInfo-pBindings-parameter",
    "if bindingCount is not 0, pBindings must be a valid pointer to an array of bindingCount valid "
    "VkDescriptorSetLayoutBinding structures")
LAYOUT_DESCRIPTOR_TYPE = _rule(
    "VUID-VkDescriptorSetLayoutBinding-descriptorType-parameter", "descriptorType must be a valid VkDescriptorType "
                                                                  "value")

# --- pipeline layouts ---------------------------------------------------------------------------------------------
PIPELINE_LAYOUT_SET_COUNT = _rule(
    "VUID-VkPipelineLayoutCreateInfo-setLayoutCount-00286",
    "setLayoutCount must be less than or equal to VkPhysicalDeviceLimits::maxBoundDescriptorSets")
PIPELINE_LAYOUT_SET_LAYOUTS = _rule(
    "VUID-VkPipelineLayoutCreateInfo-pSetLayouts-parameter",
    "if setLayoutCount is not 0, pSetLayouts must be a valid pointer to an array of setLayoutCount valid or "
    "VK_NULL_HANDLE VkDescriptorSetLayout handles")
PIPELINE_LAYOUT_RANGES = _rule(
    "VUID-VkPipelineLayoutCreateInfo-pPushConstantRanges-parameter",
    "if pushConstantRangeCount is not 0, pPushConstantRanges must be a valid pointer to an array of "
    "pushConstantRangeCount valid VkPushConstantRange structures")
PUSH_RANGE_STAGE_UNIQUE = _rule(
    "VUID-VkPipelineLayoutCreateInfo-pPushConstantRanges-00292",
    "any two elements of pPushConstantRanges must not include the same stage in stageFlags")
PUSH_RANGE_OFFSET_LIMIT = _rule(
    "VUID-VkPushConstantRange-offset-00294", "offset must be less than VkPhysicalDeviceLimits::maxPushConstantsSize")
PUSH_RANGE_OFFSET_ALIGNMENT = _rule("VUID-VkPushConstantRange-offset-00295", "offset must be a multiple of 4")
PUSH_RANGE_SIZE_ZERO = _rule("VUID-VkPushConstantRange-size-00296", "size must be greater than 0")
PUSH_RANGE_SIZE_ALIGNMENT = _rule("VUID-VkPushConstantRange-size-00297", "size must be a multiple of 4")
PUSH_RANGE_SIZE_LIMIT = _rule(
    "VUID-VkPushConstantRange-size-00298",
    "size must be less than or equal to VkPhysicalDeviceLimits::maxPushConstantsSize minus offset")
PUSH_RANGE_STAGES = _rule(
    "VUID-VkPushConstantRange-stageFlags-requiredbitmask", "stageFlags must not be 0")

# --- compute pipelines --------------------------------------------------------------------------------------------
PIPELINE_COUNT = _rule("VUID-vkCreateComputePipelines-createInfoCount-arraylength",
                       "createInfoCount must be greater than 0")
PIPELINE_INFOS = _rule(
    "VUID-vkCreateComputePipelines-pCreateInfos-parameter",
    "pCreateInfos must be a valid pointer to an array of createInfoCount valid VkComputePipelineCreateInfo "
    "structures")
PIPELINE_OUT = _rule(
    "VUID-vkCreateComputePipelines-pPipelines-parameter",
    "pPipelines must be a valid pointer to an array of createInfoCount VkPipeline handles")
PIPELINE_STAGE_COMPUTE = _rule(
    "VUID-VkComputePipelineCreateInfo-stage-00701", "the stage member of stage must be VK_SHADER_STAGE_COMPUTE_BIT")
PIPELINE_ENTRY_POINT = _rule(
    "VUID-VkPipelineShaderStageCreateInfo-pName-00707",
    "pName must be the name of an OpEntryPoint in module with an execution model that matches stage")
PIPELINE_PUSH_STAGE = _rule(
    "VUID-VkComputePipelineCreateInfo-layout-07987",
    "if a push constant block is declared in a shader and layout is not VK_NULL_HANDLE, a push constant range in "
    "layout must match the shader stage")
PIPELINE_PUSH_RANGE = _rule(
    "VUID-VkComputePipelineCreateInfo-layout-10069",
    "if a push constant block is declared in a shader and layout is not VK_NULL_HANDLE, the block must be "
    "contained inside the push constant range in layout that matches the stage")
PIPELINE_DESCRIPTOR_STAGE = _rule(
    "VUID-VkComputePipelineCreateInfo-layout-07988",
    "if a resource variable is declared in a shader and layout is not VK_NULL_HANDLE, the corresponding "
    "descriptor set in layout must match the shader stage")
PIPELINE_DESCRIPTOR_TYPE = _rule(
    "VUID-VkComputePipelineCreateInfo-layout-07990",
    "if a resource variable is declared in a shader and layout is not VK_NULL_HANDLE, the corresponding "
    "descriptor set in layout must match the descriptor type")
PIPELINE_DESCRIPTOR_COUNT = _rule(
    "VUID-VkComputePipelineCreateInfo-layout-07991",
    "if a resource variable is declared in a shader as an array and layout is not VK_NULL_HANDLE, the "
    "corresponding descriptor binding used to create layout must have a descriptorCount that is greater than or "
    "equal to the length of the array")
SPEC_OFFSET = _rule(
    "VUID-VkSpecializationInfo-offset-00773",
    "the offset member of each element of pMapEntries must be less than dataSize")
SPEC_SIZE = _rule(
    "VUID-VkSpecializationInfo-pMapEntries-00774",
    "the size member of each element of pMapEntries must be less than or equal to dataSize minus offset")
SPEC_ID_UNIQUE = _rule(
    "VUID-VkSpecializationInfo-constantID-04911",
    "the constantID value of each element of pMapEntries must be unique within pMapEntries")
SPEC_ENTRY_SIZE = _rule(
    "VUID-VkSpecializationMapEntry-constantID-00776",
    "for a constantID specialization constant declared in a shader, size must match the byte size of the "
    "constantID; if the specialization constant is of type boolean, size must be the byte size of VkBool32")
SPEC_DATA = _rule(
    "VUID-VkSpecializationInfo-pData-parameter",
    "if dataSize is not 0, pData must be a valid pointer to an array of dataSize bytes")
SPEC_ENTRIES = _rule(
    "VUID-VkSpecializationInfo-pMapEntries-parameter",
    "if mapEntryCount is not 0, pMapEntries must be a valid pointer to an array of mapEntryCount valid "
    "VkSpecializationMapEntry structures")
PIPELINE_MODULE = _rule(
    "VUID-VkPipelineShaderStageCreateInfo-stage-08771", "module must be a valid VkShaderModule")
PIPELINE_ENTRY_NAME = _rule(
    "VUID-VkPipelineShaderStageCreateInfo-pName-parameter", "pName must be a null-terminated UTF-8 string")
PIPELINE_SPECIALIZED_CODE = _rule(
    "VUID-VkPipelineShaderStageCreateInfo-pSpecializationInfo-06849",
    "the shader code used by the pipeline must be valid as described by the Khronos SPIR-V Specification after "
    "applying the specializations provided in pSpecializationInfo, if any, and then converting all specialization "
    "constants into fixed constants")
LOCAL_SIZE_X = _rule(
    "VUID-RuntimeSpirv-x-06429", "in compute shaders using the GLCompute Execution Model the x size in LocalSize or "
                                 "LocalSizeId must be less than or equal to maxComputeWorkGroupSize[0]")
LOCAL_SIZE_Y = _rule(
    "VUID-RuntimeSpirv-y-06430", "in compute shaders using the GLCompute Execution Model the y size in LocalSize or "
                                 "LocalSizeId must be less than or equal to maxComputeWorkGroupSize[1]")
LOCAL_SIZE_Z = _rule(
    "VUID-RuntimeSpirv-z-06431", "in compute shaders using the GLCompute Execution Model the z size in LocalSize or "
                                 "LocalSizeId must be less than or equal to maxComputeWorkGroupSize[2]")
LOCAL_SIZE_INVOCATIONS = _rule(
    "VUID-RuntimeSpirv-x-06432",
    "in compute shaders using the GLCompute Execution Model the product of x size, y size, and z size in "
    "LocalSize or LocalSizeId must be less than or equal to maxComputeWorkGroupInvocations")

# --- descriptor pools and sets ------------------------------------------------------------------------------------
POOL_MAX_SETS = _rule(
    "VUID-VkDescriptorPoolCreateInfo-descriptorPoolOverallocation-09227", "maxSets must be greater than 0")
POOL_SIZE_COUNT = _rule("VUID-VkDescriptorPoolSize-descriptorCount-00302", "descriptorCount must be greater than 0")
POOL_SIZES = _rule(
    "VUID-VkDescriptorPoolCreateInfo-pPoolSizes-parameter",
    "if poolSizeCount is not 0, pPoolSizes must be a valid pointer to an array of poolSizeCount valid "
    "VkDescriptorPoolSize structures")
POOL_SIZE_TYPE = _rule(
    "VUID-VkDescriptorPoolSize-type-parameter", "type must be a valid VkDescriptorType value")
ALLOCATE_SET_COUNT = _rule(
    "VUID-VkDescriptorSetAllocateInfo-descriptorSetCount-arraylength", "descriptorSetCount must be greater than 0")
ALLOCATE_LAYOUTS = _rule(
    "VUID-VkDescriptorSetAllocateInfo-pSetLayouts-parameter",
    "pSetLayouts must be a valid pointer to an array of descriptorSetCount valid VkDescriptorSetLayout handles")
ALLOCATE_SETS = _rule(
    "VUID-vkAllocateDescriptorSets-pDescriptorSets-parameter",
    "pDescriptorSets must be a valid pointer to an array of pAllocateInfo->descriptorSetCount VkDescriptorSet "
    "handles")
FREE_FLAG = _rule(
    "VUID-vkFreeDescriptorSets-descriptorPool-00312",
    "descriptorPool must have been created with the VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT flag")
FREE_SETS = _rule(
    "VUID-vkFreeDescriptorSets-pDescriptorSets-00310",
    "pDescriptorSets must be a valid pointer to an array of descriptorSetCount VkDescriptorSet handles, each "
    "element of which must either be a valid handle or VK_NULL_HANDLE")

# --- vkUpdateDescriptorSets ------------------------------------------------------------------------------------------
UPDATE_WRITES = _rule(
    "VUID-vkUpdateDescriptorSets-pDescriptorWrites-parameter",
    "if descriptorWriteCount is not 0, pDescriptorWrites must be a valid pointer to an array of "
    "descriptorWriteCount valid VkWriteDescriptorSet structures")
UPDATE_COPIES = _rule(
    "VUID-vkUpdateDescriptorSets-pDescriptorCopies-parameter",
    "if descriptorCopyCount is not 0, pDescriptorCopies must be a valid pointer to an array of "
    "descriptorCopyCount valid VkCopyDescriptorSet structures")
WRITE_BINDING = _rule(
    "VUID-VkWriteDescriptorSet-dstBinding-00315",
    "dstBinding must be less than or equal to the maximum value of binding of all VkDescriptorSetLayoutBinding "
    "structures specified when dstSet's descriptor set layout was created")
WRITE_BINDING_EMPTY = _rule(
    "VUID-VkWriteDescriptorSet-dstBinding-00316", "dstBinding must be a binding with a non-zero descriptorCount")
WRITE_CONSECUTIVE_TYPE = _rule(
    "VUID-VkWriteDescriptorSet-descriptorCount-00317",
    "all consecutive bindings updated via a single VkWriteDescriptorSet structure, except those with a "
    "descriptorCount of zero, must have identical descriptorType")
WRITE_TYPE = _rule(
    "VUID-VkWriteDescriptorSet-descriptorType-00319",
    "descriptorType must match the type of dstBinding within dstSet")
WRITE_RANGE = _rule(
    "VUID-VkWriteDescriptorSet-dstArrayElement-00321",
    "the sum of dstArrayElement and descriptorCount must be less than or equal to the number of array elements in "
    "the descriptor set binding specified by dstBinding, and all applicable consecutive bindings")
WRITE_COUNT = _rule("VUID-VkWriteDescriptorSet-descriptorCount-arraylength", "descriptorCount must be greater than 0")
WRITE_BUFFER_INFO = _rule(
    "VUID-VkWriteDescriptorSet-descriptorType-00324",
    "if descriptorType is VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, "
    "VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, or VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, pBufferInfo must be "
    "a valid pointer to an array of descriptorCount valid VkDescriptorBufferInfo structures")
WRITE_DESCRIPTOR_TYPE_VALUE = _rule(
    "VUID-VkWriteDescriptorSet-descriptorType-parameter", "descriptorType must be a valid VkDescriptorType value")
WRITE_DST_SET = _rule("VUID-VkWriteDescriptorSet-dstSet-00320", "dstSet must be a valid VkDescriptorSet handle")
WRITE_UNIFORM_ALIGNMENT = _rule(
    "VUID-VkWriteDescriptorSet-descriptorType-00327",
    "if descriptorType is VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER or VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, the "
    "offset member of each element of pBufferInfo must be a multiple of "
    "VkPhysicalDeviceLimits::minUniformBufferOffsetAlignment")
WRITE_STORAGE_ALIGNMENT = _rule(
    "VUID-VkWriteDescriptorSet-descriptorType-00328",
    "if descriptorType is VK_DESCRIPTOR_TYPE_STORAGE_BUFFER or VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, the "
    "offset member of each element of pBufferInfo must be a multiple of "
    "VkPhysicalDeviceLimits::minStorageBufferOffsetAlignment")
WRITE_BUFFER_BOUND = _rule(
    "VUID-VkWriteDescriptorSet-descriptorType-00329",
    "if descriptorType is a buffer type and the buffer member of any element of pBufferInfo is the handle of a "
    "non-sparse buffer, then that buffer must be bound completely and contiguously to a single VkDeviceMemory "
    "object")
WRITE_UNIFORM_USAGE = _rule(
    "VUID-VkWriteDescriptorSet-descriptorType-00330",
    "if descriptorType is VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER or VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, the "
    "buffer member of each element of pBufferInfo must have been created with the "
    "VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT usage flag set")
WRITE_STORAGE_USAGE = _rule(
    "VUID-VkWriteDescriptorSet-descriptorType-00331",
    "if descriptorType is VK_DESCRIPTOR_TYPE_STORAGE_BUFFER or VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, the "
    "buffer member of each element of pBufferInfo must have been created with the "
    "VK_BUFFER_USAGE_STORAGE_BUFFER_BIT usage flag set")
WRITE_UNIFORM_RANGE = _rule(
    "VUID-VkWriteDescriptorSet-descriptorType-00332",
    "if descriptorType is VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER or VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, the range "
    "member of each element of pBufferInfo, or the effective range if range is VK_WHOLE_SIZE, must be less than "
    "or equal to VkPhysicalDeviceLimits::maxUniformBufferRange")
WRITE_STORAGE_RANGE = _rule(
    "VUID-VkWriteDescriptorSet-descriptorType-00333",
    "if descriptorType is VK_DESCRIPTOR_TYPE_STORAGE_BUFFER or VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, the range "
    "member of each element of pBufferInfo, or the effective range if range is VK_WHOLE_SIZE, must be less than "
    "or equal to VkPhysicalDeviceLimits::maxStorageBufferRange")
BUFFER_INFO_OFFSET = _rule("VUID-VkDescriptorBufferInfo-offset-00340", "offset must be less than the size of buffer")
BUFFER_INFO_RANGE_ZERO = _rule(
    "VUID-VkDescriptorBufferInfo-range-00341", "if range is not equal to VK_WHOLE_SIZE, range must be greater than 0")
BUFFER_INFO_RANGE = _rule(
    "VUID-VkDescriptorBufferInfo-range-00342",
    "if range is not equal to VK_WHOLE_SIZE, range must be less than or equal to the size of buffer minus offset")
BUFFER_INFO_NULL = _rule(
    "VUID-VkDescriptorBufferInfo-buffer-02998",
    "if the nullDescriptor feature is not enabled, buffer must not be VK_NULL_HANDLE")
COPY_SRC_SET = _rule("VUID-VkCopyDescriptorSet-srcSet-parameter", "srcSet must be a valid VkDescriptorSet handle")
COPY_DST_SET = _rule("VUID-VkCopyDescriptorSet-dstSet-parameter", "dstSet must be a valid VkDescriptorSet handle")
COPY_SRC_BINDING = _rule("VUID-VkCopyDescriptorSet-srcBinding-00345", "srcBinding must be a valid binding within "
                                                                      "srcSet")
COPY_SRC_RANGE = _rule(
    "VUID-VkCopyDescriptorSet-srcArrayElement-00346",
    "the sum of srcArrayElement and descriptorCount must be less than or equal to the number of array elements in "
    "the descriptor set binding specified by srcBinding, and all applicable consecutive bindings")
COPY_DST_BINDING = _rule("VUID-VkCopyDescriptorSet-dstBinding-00347", "dstBinding must be a valid binding within "
                                                                      "dstSet")
COPY_DST_RANGE = _rule(
    "VUID-VkCopyDescriptorSet-dstArrayElement-00348",
    "the sum of dstArrayElement and descriptorCount must be less than or equal to the number of array elements in "
    "the descriptor set binding specified by dstBinding, and all applicable consecutive bindings")
COPY_TYPE = _rule(
    "VUID-VkCopyDescriptorSet-dstBinding-02632",
    "the type of dstBinding within dstSet must be equal to the type of srcBinding within srcSet")
COPY_OVERLAP = _rule(
    "VUID-VkCopyDescriptorSet-srcSet-00349",
    "if srcSet is equal to dstSet, then the source and destination ranges of descriptors must not overlap, where "
    "the ranges may include array elements from consecutive bindings")

# --- binding, push constants, dispatch ------------------------------------------------------------------------------
BIND_PIPELINE_COMPUTE_POOL = _rule(
    "VUID-vkCmdBindPipeline-pipelineBindPoint-00777",
    "if pipelineBindPoint is VK_PIPELINE_BIND_POINT_COMPUTE, the VkCommandPool that commandBuffer was allocated "
    "from must support compute operations")
BIND_PIPELINE_GRAPHICS_POOL = _rule(
    "VUID-vkCmdBindPipeline-pipelineBindPoint-00778",
    "if pipelineBindPoint is VK_PIPELINE_BIND_POINT_GRAPHICS, the VkCommandPool that commandBuffer was allocated "
    "from must support graphics operations")
BIND_POINT_VALUE = _rule(
    "VUID-vkCmdBindPipeline-pipelineBindPoint-parameter", "pipelineBindPoint must be a valid VkPipelineBindPoint "
                                                          "value")
BIND_SETS_POINT_VALUE = _rule(
    "VUID-vkCmdBindDescriptorSets-pipelineBindPoint-parameter",
    "pipelineBindPoint must be a valid VkPipelineBindPoint value")
BIND_SETS_DYNAMIC_OFFSETS = _rule(
    "VUID-vkCmdBindDescriptorSets-pDynamicOffsets-parameter",
    "if dynamicOffsetCount is not 0, pDynamicOffsets must be a valid pointer to an array of dynamicOffsetCount "
    "uint32_t values")
BIND_SETS_POINT = _rule(
    "VUID-vkCmdBindDescriptorSets-pipelineBindPoint-00361",
    "pipelineBindPoint must be supported by the commandBuffer's parent VkCommandPool's queue family")
BIND_SETS_LAYOUT = _rule(
    "VUID-vkCmdBindDescriptorSets-pDescriptorSets-00358",
    "each element of pDescriptorSets must have been allocated with a VkDescriptorSetLayout that matches (is the "
    "same as, or identically defined as) the VkDescriptorSetLayout at set n in layout, where n is the sum of "
    "firstSet and the index into pDescriptorSets")
BIND_SETS_DYNAMIC_COUNT = _rule(
    "VUID-vkCmdBindDescriptorSets-dynamicOffsetCount-00359",
    "dynamicOffsetCount must be equal to the total number of dynamic descriptors in pDescriptorSets")
BIND_SETS_FIRST = _rule(
    "VUID-vkCmdBindDescriptorSets-firstSet-00360",
    "the sum of firstSet and descriptorSetCount must be less than or equal to "
    "VkPipelineLayoutCreateInfo::setLayoutCount provided when layout was created")
BIND_SETS_UNIFORM_ALIGNMENT = _rule(
    "VUID-vkCmdBindDescriptorSets-pDynamicOffsets-01971",
    "each element of pDynamicOffsets which corresponds to a descriptor binding with type "
    "VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC must be a multiple of "
    "VkPhysicalDeviceLimits::minUniformBufferOffsetAlignment")
BIND_SETS_STORAGE_ALIGNMENT = _rule(
    "VUID-vkCmdBindDescriptorSets-pDynamicOffsets-01972",
    "each element of pDynamicOffsets which corresponds to a descriptor binding with type "
    "VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC must be a multiple of "
    "VkPhysicalDeviceLimits::minStorageBufferOffsetAlignment")
BIND_SETS_DYNAMIC_RANGE = _rule(
    "VUID-vkCmdBindDescriptorSets-pDescriptorSets-01979",
    "for each dynamic uniform or storage buffer binding in pDescriptorSets, the sum of the effective offset and "
    "the range of the binding must be less than or equal to the size of the buffer")
BIND_SETS_DYNAMIC_WHOLE = _rule(
    "VUID-vkCmdBindDescriptorSets-pDescriptorSets-06715",
    "for each dynamic uniform or storage buffer binding in pDescriptorSets, if the range was set with "
    "VK_WHOLE_SIZE then pDynamicOffsets which corresponds to the descriptor binding must be 0")
BIND_SETS_COUNT = _rule(
    "VUID-vkCmdBindDescriptorSets-descriptorSetCount-arraylength", "descriptorSetCount must be greater than 0")
BIND_SETS_VALID = _rule(
    "VUID-vkCmdBindDescriptorSets-pDescriptorSets-06563", "each element of pDescriptorSets must be a valid "
                                                          "VkDescriptorSet")
PUSH_COVERED = _rule(
    "VUID-vkCmdPushConstants-offset-01795",
    "for each byte in the range specified by offset and size and for each shader stage in stageFlags, there must "
    "be a push constant range in layout that includes that byte and that stage")
PUSH_ALL_STAGES = _rule(
    "VUID-vkCmdPushConstants-offset-01796",
    "for each byte in the range specified by offset and size and for each push constant range that overlaps that "
    "byte, stageFlags must include all stages in that push constant range's VkPushConstantRange::stageFlags")
PUSH_OFFSET_ALIGNMENT = _rule("VUID-vkCmdPushConstants-offset-00368", "offset must be a multiple of 4")
PUSH_SIZE_ALIGNMENT = _rule("VUID-vkCmdPushConstants-size-00369", "size must be a multiple of 4")
PUSH_OFFSET_LIMIT = _rule(
    "VUID-vkCmdPushConstants-offset-00370", "offset must be less than VkPhysicalDeviceLimits::maxPushConstantsSize")
PUSH_SIZE_LIMIT = _rule(
    "VUID-vkCmdPushConstants-size-00371",
    "size must be less than or equal to VkPhysicalDeviceLimits::maxPushConstantsSize minus offset")
PUSH_SIZE_ZERO = _rule("VUID-vkCmdPushConstants-size-arraylength", "size must be greater than 0")
PUSH_STAGES = _rule("VUID-vkCmdPushConstants-stageFlags-requiredbitmask", "stageFlags must not be 0")
PUSH_VALUES = _rule(
    "VUID-vkCmdPushConstants-pValues-parameter", "pValues must be a valid pointer to an array of size bytes")
DISPATCH_POOL = _rule(
    "VUID-vkCmdDispatch-commandBuffer-cmdpool",
    "the VkCommandPool that commandBuffer was allocated from must support compute operations")
DISPATCH_PIPELINE = _rule(
    "VUID-vkCmdDispatch-None-08606", "a valid pipeline must be bound to the pipeline bind point used by this command")
DISPATCH_SETS = _rule(
    "VUID-vkCmdDispatch-None-08600",
    "if a bound shader statically uses a set n, a descriptor set must have been bound to n at the same pipeline "
    "bind point, with layouts compatible for set n with the layout(s) used to create the shader")
DISPATCH_PUSH_CONSTANTS = _rule(
    "VUID-vkCmdDispatch-None-08601",
    "if a bound shader statically uses a push constant value, that value must have been set for the same pipeline "
    "bind point, with push constant ranges that are compatible with the push constant range used to create the "
    "shader")
DISPATCH_DESCRIPTORS = _rule(
    "VUID-vkCmdDispatch-None-08114",
    "descriptors in each bound descriptor set, specified via vkCmdBindDescriptorSets, must be valid if they are "
    "accessed by a bound shader")
DISPATCH_GROUPS_X = _rule(
    "VUID-vkCmdDispatch-groupCountX-00386",
    "groupCountX must be less than or equal to VkPhysicalDeviceLimits::maxComputeWorkGroupCount[0]")
DISPATCH_GROUPS_Y = _rule(
    "VUID-vkCmdDispatch-groupCountY-00387",
    "groupCountY must be less than or equal to VkPhysicalDeviceLimits::maxComputeWorkGroupCount[1]")
DISPATCH_GROUPS_Z = _rule(
    "VUID-vkCmdDispatch-groupCountZ-00388",
    "groupCountZ must be less than or equal to VkPhysicalDeviceLimits::maxComputeWorkGroupCount[2]")
def _dispatch_base(vuid: str) -> str:
    """The same rule for vkCmdDispatchBase: Vulkan states each common dispatch rule once per command."""
    return _rule(vuid.replace("-vkCmdDispatch-", "-vkCmdDispatchBase-"), RULES[vuid])


#: vkCmdDispatch's rules -> vkCmdDispatchBase's IDs for the same rules.
DISPATCH_BASE_SAME = {vuid: _dispatch_base(vuid) for vuid in (DISPATCH_POOL, DISPATCH_PIPELINE, DISPATCH_SETS,
                                                              DISPATCH_PUSH_CONSTANTS, DISPATCH_DESCRIPTORS)}
DISPATCH_BASE_X = _rule(
    "VUID-vkCmdDispatchBase-baseGroupX-00421",
    "baseGroupX must be less than VkPhysicalDeviceLimits::maxComputeWorkGroupCount[0]")
DISPATCH_BASE_Y = _rule(   # sic: the specification names the baseGroupY rule "baseGroupX-00422"
    "VUID-vkCmdDispatchBase-baseGroupX-00422",
    "baseGroupY must be less than VkPhysicalDeviceLimits::maxComputeWorkGroupCount[1]")
DISPATCH_BASE_Z = _rule(
    "VUID-vkCmdDispatchBase-baseGroupZ-00423",
    "baseGroupZ must be less than VkPhysicalDeviceLimits::maxComputeWorkGroupCount[2]")
DISPATCH_BASE_COUNT_X = _rule(
    "VUID-vkCmdDispatchBase-groupCountX-00424",
    "groupCountX must be less than or equal to VkPhysicalDeviceLimits::maxComputeWorkGroupCount[0] minus baseGroupX")
DISPATCH_BASE_COUNT_Y = _rule(
    "VUID-vkCmdDispatchBase-groupCountY-00425",
    "groupCountY must be less than or equal to VkPhysicalDeviceLimits::maxComputeWorkGroupCount[1] minus baseGroupY")
DISPATCH_BASE_COUNT_Z = _rule(
    "VUID-vkCmdDispatchBase-groupCountZ-00426",
    "groupCountZ must be less than or equal to VkPhysicalDeviceLimits::maxComputeWorkGroupCount[2] minus baseGroupZ")
DISPATCH_BASE_FLAG = _rule(
    "VUID-vkCmdDispatchBase-baseGroupX-00427",
    "if any of baseGroupX, baseGroupY, or baseGroupZ are not zero, then the bound compute pipeline must have been "
    "created with the VK_PIPELINE_CREATE_DISPATCH_BASE_BIT flag")
DISPATCH_SHADER = _rule(
    "UNASSIGNED-dxlinalg-Dispatch-shader",
    "a dispatched shader must not do what SPIR-V or Vulkan leave undefined (what GPU-assisted validation reports: "
    "out-of-bounds buffer accesses, data races, ...)")

# --- pipeline barriers -----------------------------------------------------------------------------------------------
BARRIER_SRC_STAGE_ZERO = _rule(
    "VUID-vkCmdPipelineBarrier-srcStageMask-03937",
    "if the synchronization2 feature is not enabled, srcStageMask must not be 0")
BARRIER_DST_STAGE_ZERO = _rule(
    "VUID-vkCmdPipelineBarrier-dstStageMask-03937",
    "if the synchronization2 feature is not enabled, dstStageMask must not be 0")
BARRIER_SRC_STAGE_QUEUE = _rule(
    "VUID-vkCmdPipelineBarrier-srcStageMask-06461",
    "any pipeline stage included in srcStageMask must be supported by the capabilities of the queue family "
    "specified by the queueFamilyIndex member of the VkCommandPoolCreateInfo structure that was used to create the "
    "VkCommandPool that commandBuffer was allocated from")
BARRIER_DST_STAGE_QUEUE = _rule(
    "VUID-vkCmdPipelineBarrier-dstStageMask-06462",
    "any pipeline stage included in dstStageMask must be supported by the capabilities of the queue family "
    "specified by the queueFamilyIndex member of the VkCommandPoolCreateInfo structure that was used to create the "
    "VkCommandPool that commandBuffer was allocated from")
BARRIER_SRC_ACCESS = _rule(
    "VUID-vkCmdPipelineBarrier-srcAccessMask-02815",
    "the srcAccessMask member of each element of pMemoryBarriers must only include access flags that are "
    "supported by one or more of the pipeline stages in srcStageMask")
BARRIER_DST_ACCESS = _rule(
    "VUID-vkCmdPipelineBarrier-dstAccessMask-02816",
    "the dstAccessMask member of each element of pMemoryBarriers must only include access flags that are "
    "supported by one or more of the pipeline stages in dstStageMask")
BARRIER_BUFFER_SRC_ACCESS = _rule(
    "VUID-vkCmdPipelineBarrier-pBufferMemoryBarriers-02817",
    "for each element of pBufferMemoryBarriers, its srcAccessMask member must only contain access flags that are "
    "supported by one or more of the pipeline stages in srcStageMask")
BARRIER_BUFFER_DST_ACCESS = _rule(
    "VUID-vkCmdPipelineBarrier-pBufferMemoryBarriers-02818",
    "for each element of pBufferMemoryBarriers, its dstAccessMask member must only contain access flags that are "
    "supported by one or more of the pipeline stages in dstStageMask")
BARRIER_IMAGES = _rule(
    "UNASSIGNED-dxlinalg-PipelineBarrier-images",
    "image memory barriers need images, which the emulator does not have")
BARRIER_MEMORY_BARRIERS = _rule(
    "VUID-vkCmdPipelineBarrier-pMemoryBarriers-parameter",
    "if memoryBarrierCount is not 0, pMemoryBarriers must be a valid pointer to an array of memoryBarrierCount "
    "valid VkMemoryBarrier structures")
BARRIER_BUFFER_BARRIERS = _rule(
    "VUID-vkCmdPipelineBarrier-pBufferMemoryBarriers-parameter",
    "if bufferMemoryBarrierCount is not 0, pBufferMemoryBarriers must be a valid pointer to an array of "
    "bufferMemoryBarrierCount valid VkBufferMemoryBarrier structures")
BUFFER_BARRIER_OFFSET = _rule(
    "VUID-VkBufferMemoryBarrier-offset-01187", "offset must be less than the size of buffer")
BUFFER_BARRIER_SIZE_ZERO = _rule(
    "VUID-VkBufferMemoryBarrier-size-01188", "if size is not equal to VK_WHOLE_SIZE, size must be greater than 0")
BUFFER_BARRIER_SIZE = _rule(
    "VUID-VkBufferMemoryBarrier-size-01189",
    "if size is not equal to VK_WHOLE_SIZE, size must be less than or equal to than the size of buffer minus offset")
BUFFER_BARRIER_BOUND = _rule(
    "VUID-VkBufferMemoryBarrier-buffer-01931",
    "if buffer is non-sparse then it must be bound completely and contiguously to a single VkDeviceMemory object")
BARRIER2_FEATURE = _rule(
    "VUID-vkCmdPipelineBarrier2-synchronization2-03848", "the synchronization2 feature must be enabled")
BARRIER2_SRC_STAGE_QUEUE = _rule(
    "VUID-vkCmdPipelineBarrier2-srcStageMask-09673",
    "the srcStageMask member of any element of the pMemoryBarriers member of pDependencyInfo must only include "
    "pipeline stages valid for the queue family that was used to create the command pool that commandBuffer was "
    "allocated from")
BARRIER2_DST_STAGE_QUEUE = _rule(
    "VUID-vkCmdPipelineBarrier2-dstStageMask-09674",
    "the dstStageMask member of any element of the pMemoryBarriers member of pDependencyInfo must only include "
    "pipeline stages valid for the queue family that was used to create the command pool that commandBuffer was "
    "allocated from")
BARRIER2_BUFFER_SRC_STAGE_QUEUE = _rule(
    "VUID-vkCmdPipelineBarrier2-srcStageMask-09675",
    "if a buffer or image memory barrier does not specify an acquire operation, the respective first "
    "synchronization scope must include only pipeline stages valid for the queue family that was used to create "
    "the command pool that commandBuffer was allocated from")
BARRIER2_BUFFER_DST_STAGE_QUEUE = _rule(
    "VUID-vkCmdPipelineBarrier2-dstStageMask-09676",
    "if a buffer or image memory barrier does not specify a release operation, the respective second "
    "synchronization scope must include only pipeline stages valid for the queue family that was used to create "
    "the command pool that commandBuffer was allocated from")
DEPENDENCY_INFO = _rule(
    "VUID-vkCmdPipelineBarrier2-pDependencyInfo-parameter",
    "pDependencyInfo must be a valid pointer to a valid VkDependencyInfo structure")
DEPENDENCY_MEMORY_BARRIERS = _rule(
    "VUID-VkDependencyInfo-pMemoryBarriers-parameter",
    "if memoryBarrierCount is not 0, pMemoryBarriers must be a valid pointer to an array of memoryBarrierCount "
    "valid VkMemoryBarrier2 structures")
DEPENDENCY_BUFFER_BARRIERS = _rule(
    "VUID-VkDependencyInfo-pBufferMemoryBarriers-parameter",
    "if bufferMemoryBarrierCount is not 0, pBufferMemoryBarriers must be a valid pointer to an array of "
    "bufferMemoryBarrierCount valid VkBufferMemoryBarrier2 structures")
BUFFER_BARRIER2_OFFSET = _rule(
    "VUID-VkBufferMemoryBarrier2-offset-01187", "offset must be less than the size of buffer")
BUFFER_BARRIER2_SIZE_ZERO = _rule(
    "VUID-VkBufferMemoryBarrier2-size-01188", "if size is not equal to VK_WHOLE_SIZE, size must be greater than 0")
BUFFER_BARRIER2_SIZE = _rule(
    "VUID-VkBufferMemoryBarrier2-size-01189",
    "if size is not equal to VK_WHOLE_SIZE, size must be less than or equal to than the size of buffer minus offset")
BUFFER_BARRIER2_BOUND = _rule(
    "VUID-VkBufferMemoryBarrier2-buffer-01931",
    "if buffer is non-sparse then it must be bound completely and contiguously to a single VkDeviceMemory object")

# --- synchronization validation (the Khronos layer's IDs; reported as warnings) ------------------------------------
HAZARD_READ_AFTER_WRITE = _rule(
    "SYNC-HAZARD-READ-AFTER-WRITE",
    "a read must be ordered after an earlier write to the same memory by an execution and memory dependency "
    "(a pipeline barrier whose first scope holds the write and whose second scope holds the read)")
HAZARD_WRITE_AFTER_WRITE = _rule(
    "SYNC-HAZARD-WRITE-AFTER-WRITE",
    "a write must be ordered after an earlier write to the same memory by an execution and memory dependency")

#: The synchronization-2 access-mask VUIDs (access_mask_2_common): the number after `-{src|dst}AccessMask-` for
#: an access flag that the stage mask must hold a supporting stage for.
ACCESS2_RULE_NUMBERS: dict[str, str] = {
    "VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT": "03900", "VK_ACCESS_2_UNIFORM_READ_BIT": "03904",
    "VK_ACCESS_2_SHADER_SAMPLED_READ_BIT": "03905", "VK_ACCESS_2_SHADER_STORAGE_READ_BIT": "03906",
    "VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT": "03907", "VK_ACCESS_2_SHADER_READ_BIT": "07454",
    "VK_ACCESS_2_SHADER_WRITE_BIT": "03909", "VK_ACCESS_2_TRANSFER_READ_BIT": "03914",
    "VK_ACCESS_2_TRANSFER_WRITE_BIT": "03915", "VK_ACCESS_2_HOST_READ_BIT": "03916",
    "VK_ACCESS_2_HOST_WRITE_BIT": "03917",
}


def access2_rule(struct: str, mask: str, access: str, stages: str) -> str:
    """`VUID-VkMemoryBarrier2-srcAccessMask-03906`: if the access mask holds `access`, the stage mask must hold
    one of `stages` (registered on first use)."""
    vuid = f"VUID-{struct}-{mask}-{ACCESS2_RULE_NUMBERS[access]}"
    stage_mask = mask.replace("AccessMask", "StageMask")
    RULES.setdefault(vuid, f"if {mask} includes {access}, {stage_mask} must include {stages}")
    return vuid
