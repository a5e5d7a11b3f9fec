"""Every Valid Usage ID the emulated calls check, with the spec sentence it stands for.

Each constant is the VUID string itself; `RULES` maps it to the Vulkan specification's text (Vulkan-Docs,
chapters shaders.adoc for VK_NV_cooperative_vector, devsandqueues/memory/cmdbuffers for the rest).
`UNASSIGNED-...` IDs are the Khronos validation layer's own, for rules the spec states without a VUID.
A message reads `vkCall: the field and its values (VUID: spec text)`.
"""

from __future__ import annotations

RULES: dict[str, str] = {}


def _rule(vuid: str, text: str) -> str:
    RULES[vuid] = text
    return vuid


EXTENSION_NOT_ENABLED = _rule(
    "UNASSIGNED-GeneralParameterError-ExtensionNotEnabled",
    "a command of a device extension may be called only if the extension is enabled on the device (or, for "
    "physical-device commands, supported by the physical device)")

# --- vkGetPhysicalDeviceCooperativeVectorPropertiesNV ------------------------------------------------------
PROPERTIES_PHYSICAL_DEVICE = _rule(
    "VUID-vkGetPhysicalDeviceCooperativeVectorPropertiesNV-physicalDevice-parameter",
    "physicalDevice must be a valid VkPhysicalDevice handle")
PROPERTIES_COUNT = _rule(
    "VUID-vkGetPhysicalDeviceCooperativeVectorPropertiesNV-pPropertyCount-parameter",
    "pPropertyCount must be a valid pointer to a uint32_t value")
PROPERTIES_ARRAY = _rule(
    "VUID-vkGetPhysicalDeviceCooperativeVectorPropertiesNV-pProperties-parameter",
    "if the value referenced by pPropertyCount is not 0, and pProperties is not NULL, pProperties must be a "
    "valid pointer to an array of pPropertyCount VkCooperativeVectorPropertiesNV structures")
PROPERTIES_STYPE = _rule(
    "VUID-VkCooperativeVectorPropertiesNV-sType-sType",
    "sType must be VK_STRUCTURE_TYPE_COOPERATIVE_VECTOR_PROPERTIES_NV")
PROPERTIES_PNEXT = _rule("VUID-VkCooperativeVectorPropertiesNV-pNext-pNext", "pNext must be NULL")

# --- VkConvertCooperativeVectorMatrixInfoNV ------------------------------------------------------------------
INFO_SRC_STRIDE = _rule(
    "VUID-VkConvertCooperativeVectorMatrixInfoNV-srcLayout-10077",
    "if srcLayout is row-major or column-major, then srcStride must be greater than the length of a "
    "row/column, and a multiple of the element size")
INFO_DST_STRIDE = _rule(
    "VUID-VkConvertCooperativeVectorMatrixInfoNV-dstLayout-10078",
    "if dstLayout is row-major or column-major, then dstStride must be greater than the length of a "
    "row/column, and a multiple of the element size")
INFO_SRC_TYPE_SUPPORTED = _rule(
    "VUID-VkConvertCooperativeVectorMatrixInfoNV-srcComponentType-10079",
    "if srcComponentType is not a supported VkCooperativeVectorPropertiesNV::matrixInterpretation value as "
    "reported by vkGetPhysicalDeviceCooperativeVectorPropertiesNV, then srcComponentType must be "
    "VK_COMPONENT_TYPE_FLOAT32_KHR")
INFO_DST_TYPE_SUPPORTED = _rule(
    "VUID-VkConvertCooperativeVectorMatrixInfoNV-dstComponentType-10080",
    "if dstComponentType is not a supported VkCooperativeVectorPropertiesNV::matrixInterpretation value as "
    "reported by vkGetPhysicalDeviceCooperativeVectorPropertiesNV, then dstComponentType must be "
    "VK_COMPONENT_TYPE_FLOAT32_KHR")
INFO_TYPE_CHANGE = _rule(
    "VUID-VkConvertCooperativeVectorMatrixInfoNV-srcComponentType-10081",
    "if srcComponentType and dstComponentType are not equal, then one must be VK_COMPONENT_TYPE_FLOAT32_KHR or "
    "VK_COMPONENT_TYPE_FLOAT16_KHR and the other must be a lower-precision floating-point type")
INFO_FP8_LAYOUT = _rule(
    "VUID-VkConvertCooperativeVectorMatrixInfoNV-dstComponentType-10082",
    "if dstComponentType is VK_COMPONENT_TYPE_FLOAT_E4M3_NV or VK_COMPONENT_TYPE_FLOAT_E5M2_NV, then dstLayout "
    "must be VK_COOPERATIVE_VECTOR_MATRIX_LAYOUT_INFERENCING_OPTIMAL_NV or "
    "VK_COOPERATIVE_VECTOR_MATRIX_LAYOUT_TRAINING_OPTIMAL_NV")
INFO_STYPE = _rule(
    "VUID-VkConvertCooperativeVectorMatrixInfoNV-sType-sType",
    "sType must be VK_STRUCTURE_TYPE_CONVERT_COOPERATIVE_VECTOR_MATRIX_INFO_NV")
INFO_PNEXT = _rule("VUID-VkConvertCooperativeVectorMatrixInfoNV-pNext-pNext", "pNext must be NULL")
INFO_SRC_DATA = _rule(
    "VUID-VkConvertCooperativeVectorMatrixInfoNV-srcData-parameter",
    "srcData must be a valid VkDeviceOrHostAddressConstKHR union")
INFO_DST_SIZE_POINTER = _rule(
    "VUID-VkConvertCooperativeVectorMatrixInfoNV-pDstSize-parameter",
    "pDstSize must be a valid pointer to a size_t value")
INFO_DST_DATA = _rule(
    "VUID-VkConvertCooperativeVectorMatrixInfoNV-dstData-parameter",
    "dstData must be a valid VkDeviceOrHostAddressKHR union")
INFO_SRC_TYPE_VALUE = _rule(
    "VUID-VkConvertCooperativeVectorMatrixInfoNV-srcComponentType-parameter",
    "srcComponentType must be a valid VkComponentTypeKHR value")
INFO_DST_TYPE_VALUE = _rule(
    "VUID-VkConvertCooperativeVectorMatrixInfoNV-dstComponentType-parameter",
    "dstComponentType must be a valid VkComponentTypeKHR value")
INFO_SRC_LAYOUT_VALUE = _rule(
    "VUID-VkConvertCooperativeVectorMatrixInfoNV-srcLayout-parameter",
    "srcLayout must be a valid VkCooperativeVectorMatrixLayoutNV value")
INFO_DST_LAYOUT_VALUE = _rule(
    "VUID-VkConvertCooperativeVectorMatrixInfoNV-dstLayout-parameter",
    "dstLayout must be a valid VkCooperativeVectorMatrixLayoutNV value")

# --- vkConvertCooperativeVectorMatrixNV ----------------------------------------------------------------------
HOST_SRC_NULL = _rule(
    "VUID-vkConvertCooperativeVectorMatrixNV-pInfo-10073",
    "if pInfo->srcData.hostAddress is NULL, then pInfo->dstData.hostAddress must be NULL")
HOST_SRC_SIZE = _rule(
    "VUID-vkConvertCooperativeVectorMatrixNV-pInfo-10074",
    "if pInfo->srcData.hostAddress is not NULL, then pInfo->srcSize must be large enough to contain the source "
    "matrix, based either on the standard matrix layout or based on the size filled out by this command")
HOST_DST_SIZE = _rule(
    "VUID-vkConvertCooperativeVectorMatrixNV-pInfo-10075",
    "if pInfo->dstData.hostAddress is not NULL, then the value pointed to by pInfo->pDstSize must be large "
    "enough to contain the destination matrix, based either on the standard matrix layout or based on the size "
    "filled out by this command")
HOST_OVERLAP = _rule(
    "VUID-vkConvertCooperativeVectorMatrixNV-pInfo-10076",
    "if pInfo->dstData.hostAddress is not NULL, the source and destination memory ranges must not overlap")
HOST_DEVICE = _rule(
    "VUID-vkConvertCooperativeVectorMatrixNV-device-parameter", "device must be a valid VkDevice handle")
HOST_INFO = _rule(
    "VUID-vkConvertCooperativeVectorMatrixNV-pInfo-parameter",
    "pInfo must be a valid pointer to a valid VkConvertCooperativeVectorMatrixInfoNV structure")

# --- vkCmdConvertCooperativeVectorMatrixNV -------------------------------------------------------------------
CMD_SRC_ADDRESS = _rule(
    "VUID-vkCmdConvertCooperativeVectorMatrixNV-pInfo-10083",
    "for each element of pInfo, srcData.deviceAddress must be a valid VkDeviceAddress")
CMD_DST_ADDRESS = _rule(
    "VUID-vkCmdConvertCooperativeVectorMatrixNV-pInfo-10895",
    "for each element of pInfo, dstData.deviceAddress must be a valid VkDeviceAddress")
CMD_SRC_ALIGNMENT = _rule(
    "VUID-vkCmdConvertCooperativeVectorMatrixNV-pInfo-10084",
    "for each element of pInfo, srcData.deviceAddress must be 64 byte aligned")
CMD_DST_ALIGNMENT = _rule(
    "VUID-vkCmdConvertCooperativeVectorMatrixNV-pInfo-10085",
    "for each element of pInfo, dstData.deviceAddress must be 64 byte aligned")
CMD_SRC_SIZE = _rule(
    "VUID-vkCmdConvertCooperativeVectorMatrixNV-pInfo-10086",
    "for each element of pInfo, srcSize must be large enough to contain the source matrix, based either on the "
    "standard matrix layout or based on the size filled out by vkConvertCooperativeVectorMatrixNV")
CMD_DST_SIZE = _rule(
    "VUID-vkCmdConvertCooperativeVectorMatrixNV-pInfo-10087",
    "for each element of pInfo, the value pointed to by pDstSize must be large enough to contain the "
    "destination matrix, based either on the standard matrix layout or based on the size filled out by "
    "vkConvertCooperativeVectorMatrixNV")
CMD_OVERLAP = _rule(
    "VUID-vkCmdConvertCooperativeVectorMatrixNV-None-10088",
    "memory accessed by the sources and destinations of all of the conversions must not overlap")
CMD_COMMAND_BUFFER = _rule(
    "VUID-vkCmdConvertCooperativeVectorMatrixNV-commandBuffer-parameter",
    "commandBuffer must be a valid VkCommandBuffer handle")
CMD_INFOS = _rule(
    "VUID-vkCmdConvertCooperativeVectorMatrixNV-pInfos-parameter",
    "pInfos must be a valid pointer to an array of infoCount valid VkConvertCooperativeVectorMatrixInfoNV "
    "structures")
CMD_RECORDING = _rule(
    "VUID-vkCmdConvertCooperativeVectorMatrixNV-commandBuffer-recording",
    "commandBuffer must be in the recording state")
CMD_POOL = _rule(
    "VUID-vkCmdConvertCooperativeVectorMatrixNV-commandBuffer-cmdpool",
    "the VkCommandPool that commandBuffer was allocated from must support graphics, or compute operations")
CMD_INFO_COUNT = _rule(
    "VUID-vkCmdConvertCooperativeVectorMatrixNV-infoCount-arraylength", "infoCount must be greater than 0")

# --- device creation and queues -------------------------------------------------------------------------------
DEVICE_PNEXT = _rule(
    "VUID-VkDeviceCreateInfo-pNext-pNext",
    "each pNext member of any structure in the pNext chain must be NULL or a pointer to a valid instance of a "
    "structure that extends VkDeviceCreateInfo, of an extension (or core version) the device enables")
DEVICE_STYPE_UNIQUE = _rule(
    "VUID-VkDeviceCreateInfo-sType-unique", "the sType value of each structure in the pNext chain must be unique")
DEVICE_FEATURES_TWICE = _rule(
    "VUID-VkDeviceCreateInfo-pNext-00373",
    "if the pNext chain includes a VkPhysicalDeviceFeatures2 structure, then pEnabledFeatures must be NULL")
DEVICE_QUEUE_FAMILY_UNIQUE = _rule(
    "VUID-VkDeviceCreateInfo-queueFamilyIndex-02802",
    "the combination of the values in the queueFamilyIndex and flags members of each element of "
    "pQueueCreateInfos must be unique within pQueueCreateInfos")
QUEUE_FAMILY_INDEX = _rule(
    "VUID-VkDeviceQueueCreateInfo-queueFamilyIndex-00381",
    "queueFamilyIndex must be less than pQueueFamilyPropertyCount returned by "
    "vkGetPhysicalDeviceQueueFamilyProperties")
QUEUE_COUNT = _rule(
    "VUID-VkDeviceQueueCreateInfo-queueCount-00382",
    "queueCount must be less than or equal to the queueCount member of the VkQueueFamilyProperties structure "
    "of queueFamilyIndex")
QUEUE_PRIORITIES = _rule(
    "VUID-VkDeviceQueueCreateInfo-pQueuePriorities-00383",
    "each element of pQueuePriorities must be between 0.0 and 1.0 inclusive")
QUEUE_COUNT_ZERO = _rule(
    "VUID-VkDeviceQueueCreateInfo-queueCount-arraylength", "queueCount must be greater than 0")
GET_QUEUE_FAMILY = _rule(
    "VUID-vkGetDeviceQueue-queueFamilyIndex-00384",
    "queueFamilyIndex must be one of the queue family indices specified when device was created, via the "
    "VkDeviceQueueCreateInfo structure")
GET_QUEUE_INDEX = _rule(
    "VUID-vkGetDeviceQueue-queueIndex-00385",
    "queueIndex must be less than the value of VkDeviceQueueCreateInfo::queueCount for the queue family "
    "indicated by queueFamilyIndex when device was created")

# --- memory and buffers ---------------------------------------------------------------------------------------
BUFFER_SIZE = _rule("VUID-VkBufferCreateInfo-size-00912", "size must be greater than 0")
ALLOCATION_SIZE = _rule(
    "VUID-VkMemoryAllocateInfo-allocationSize-07897",
    "if the parameters do not define an import or export operation, allocationSize must be greater than 0")
MEMORY_TYPE_INDEX = _rule(
    "VUID-vkAllocateMemory-pAllocateInfo-01714",
    "pAllocateInfo->memoryTypeIndex must be less than VkPhysicalDeviceMemoryProperties::memoryTypeCount")
BIND_TWICE = _rule("VUID-vkBindBufferMemory-buffer-07459", "buffer must not have been bound to a memory object")
BIND_OFFSET = _rule("VUID-vkBindBufferMemory-memoryOffset-01031", "memoryOffset must be less than the size of memory")
BIND_ALIGNMENT = _rule(
    "VUID-vkBindBufferMemory-memoryOffset-01036",
    "memoryOffset must be an integer multiple of the alignment member of the VkMemoryRequirements structure "
    "returned from a call to vkGetBufferMemoryRequirements with buffer")
BIND_SIZE = _rule(
    "VUID-vkBindBufferMemory-size-01037",
    "the size member of the VkMemoryRequirements structure returned from a call to vkGetBufferMemoryRequirements "
    "with buffer must be less than or equal to the size of memory minus memoryOffset")
BIND_DEVICE_ADDRESS = _rule(
    "VUID-vkBindBufferMemory-bufferDeviceAddress-03339",
    "if the bufferDeviceAddress feature is enabled and buffer was created with the "
    "VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT bit set, memory must have been allocated with the "
    "VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT bit set")
MAP_TWICE = _rule("VUID-vkMapMemory-memory-00678", "memory must not be currently host mapped")
MAP_OFFSET = _rule("VUID-vkMapMemory-offset-00679", "offset must be less than the size of memory")
MAP_SIZE_ZERO = _rule(
    "VUID-vkMapMemory-size-00680", "if size is not equal to VK_WHOLE_SIZE, size must be greater than 0")
MAP_SIZE = _rule(
    "VUID-vkMapMemory-size-00681",
    "if size is not equal to VK_WHOLE_SIZE, size must be less than or equal to the size of the memory minus offset")
MAP_HOST_VISIBLE = _rule(
    "VUID-vkMapMemory-memory-00682",
    "memory must have been created with a memory type that reports VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT")
UNMAP_NOT_MAPPED = _rule("VUID-vkUnmapMemory-memory-00689", "memory must be currently host mapped")
ADDRESS_FEATURE = _rule(
    "VUID-vkGetBufferDeviceAddress-bufferDeviceAddress-03324",
    "the bufferDeviceAddress or VkPhysicalDeviceBufferDeviceAddressFeaturesEXT::bufferDeviceAddress feature "
    "must be enabled")
ADDRESS_BOUND = _rule(
    "VUID-VkBufferDeviceAddressInfo-buffer-02600",
    "if buffer is non-sparse and was not created with the VK_BUFFER_CREATE_DEVICE_ADDRESS_CAPTURE_REPLAY_BIT "
    "flag, then it must be bound completely and contiguously to a single VkDeviceMemory object")
ADDRESS_USAGE = _rule(
    "VUID-VkBufferDeviceAddressInfo-buffer-02601",
    "buffer must have been created with the VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT usage flag set")

# --- command pools, command buffers, submission ---------------------------------------------------------------
POOL_FAMILY = _rule(
    "VUID-vkCreateCommandPool-queueFamilyIndex-01937",
    "pCreateInfo->queueFamilyIndex must be the index of a queue family available in the logical device device")
ALLOCATE_COUNT = _rule(
    "VUID-vkAllocateCommandBuffers-pAllocateInfo::commandBufferCount-arraylength",
    "pAllocateInfo->commandBufferCount must be greater than 0")
BEGIN_NOT_INITIAL = _rule(
    "VUID-vkBeginCommandBuffer-commandBuffer-00050",
    "if commandBuffer was allocated from a VkCommandPool which did not have the "
    "VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT flag set, commandBuffer must be in the initial state")
BEGIN_RECORDING = _rule(
    "VUID-vkBeginCommandBuffer-commandBuffer-00049",
    "commandBuffer must not be in the recording or pending state")
END_NOT_RECORDING = _rule(
    "VUID-vkEndCommandBuffer-commandBuffer-00059", "commandBuffer must be in the recording state")
RESET_POOL_FLAG = _rule(
    "VUID-vkResetCommandBuffer-commandBuffer-00046",
    "commandBuffer must have been allocated from a pool that was created with the "
    "VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT")
SUBMIT_STATE = _rule(
    "VUID-vkQueueSubmit-pCommandBuffers-00070",
    "each element of the pCommandBuffers member of each element of pSubmits must be in the pending or "
    "executable state")
SUBMIT_FAMILY = _rule(
    "VUID-vkQueueSubmit-pCommandBuffers-00074",
    "each element of the pCommandBuffers member of each element of pSubmits must have been allocated from a "
    "VkCommandPool that was created for the same queue family queue belongs to")
SUBMIT_FENCE = _rule(
    "VUID-vkQueueSubmit-fence-00063", "if fence is not VK_NULL_HANDLE, fence must be unsignaled")
