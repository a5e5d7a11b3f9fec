"""What every emulated physical device has, whatever its profile: queues, memory, the features it supports.

These are the emulator's properties, not an implementation's cooperative-vector choices (those come from the
profile's Vulkan answers): one family of compute queues, one transfer-only family; a device-local heap and a
host heap with a device-local, a host-visible and a device-local host-visible memory type; and the features the
simulated GPU runs (16/64-bit and 8-bit types, buffer device addresses, the Vulkan memory model), plus the
cooperative-vector features the profile reports.
"""

from __future__ import annotations

from dataclasses import dataclass

from dxlinalg.gpu.dispatch import MAX_GROUPS_PER_DIMENSION
from dxlinalg.gpu.shader import MAX_NUMTHREADS, MAX_THREADS_PER_GROUP
from dxlinalg.profile.vulkan import VulkanProfile
from dxlinalg.vulkan.enums import (
    VkMemoryHeapFlagBits,
    VkMemoryPropertyFlagBits,
    VkQueueFlagBits,
)
from dxlinalg.vulkan.structs import CORE_FEATURE_NAMES, FEATURE_STRUCTS

Q = VkQueueFlagBits
M = VkMemoryPropertyFlagBits
GIB = 1 << 30


@dataclass(frozen=True)
class QueueFamily:
    flags: VkQueueFlagBits
    count: int


@dataclass(frozen=True)
class MemoryType:
    flags: VkMemoryPropertyFlagBits
    heap: int


QUEUE_FAMILIES: tuple[QueueFamily, ...] = (
    QueueFamily(Q.VK_QUEUE_COMPUTE_BIT | Q.VK_QUEUE_TRANSFER_BIT, 4),
    QueueFamily(Q.VK_QUEUE_TRANSFER_BIT, 1),
)
TIMESTAMP_VALID_BITS = 64
MEMORY_HEAPS: tuple[tuple[int, VkMemoryHeapFlagBits], ...] = (
    (16 * GIB, VkMemoryHeapFlagBits.VK_MEMORY_HEAP_DEVICE_LOCAL_BIT),
    (16 * GIB, VkMemoryHeapFlagBits(0)),
)
MEMORY_TYPES: tuple[MemoryType, ...] = (
    MemoryType(M.VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0),
    MemoryType(M.VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | M.VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, 1),
    MemoryType(M.VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT | M.VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT
               | M.VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, 0),
)
#: VkMemoryRequirements::alignment of every buffer (and the unit its size is rounded up to).
BUFFER_ALIGNMENT = 256
#: An emulator limit on one allocation (host memory), as for D3D12 buffers.
MAX_ALLOCATION = 4 * GIB

#: The VkPhysicalDeviceLimits the compute path checks: what the simulated GPU runs (work-group counts and sizes
#: are its dispatch limits), else NVIDIA's values (which meet Vulkan's required minimums).
MAX_BOUND_DESCRIPTOR_SETS = 32
MAX_PUSH_CONSTANTS_SIZE = 256
MAX_COMPUTE_WORK_GROUP_COUNT = (MAX_GROUPS_PER_DIMENSION,) * 3
MAX_COMPUTE_WORK_GROUP_SIZE = MAX_NUMTHREADS
MAX_COMPUTE_WORK_GROUP_INVOCATIONS = MAX_THREADS_PER_GROUP
MIN_STORAGE_BUFFER_OFFSET_ALIGNMENT = 16
MIN_UNIFORM_BUFFER_OFFSET_ALIGNMENT = 64
MAX_UNIFORM_BUFFER_RANGE = 65536
MAX_STORAGE_BUFFER_RANGE = 0xFFFFFFFF

#: Features the simulated GPU supports on every profile (VkBool32 member names).
SUPPORTED_FEATURES: frozenset[str] = frozenset({
    "shaderFloat64", "shaderInt64", "shaderInt16", "shaderFloat16", "shaderInt8", "storageBuffer8BitAccess",
    "uniformAndStorageBuffer8BitAccess", "storagePushConstant8", "storageBuffer16BitAccess",
    "uniformAndStorageBuffer16BitAccess", "storagePushConstant16", "bufferDeviceAddress", "vulkanMemoryModel",
    "vulkanMemoryModelDeviceScope", "synchronization2",
})

#: Every feature name a feature struct can carry (VkPhysicalDeviceFeatures and the structs of FEATURE_STRUCTS).
ALL_FEATURE_NAMES: frozenset[str] = frozenset(CORE_FEATURE_NAMES).union(
    *(struct.FEATURE_NAMES for struct in FEATURE_STRUCTS))  # type: ignore[attr-defined]


def supported_features(answers: VulkanProfile) -> dict[str, bool]:
    """Every feature name -> whether the device supports it."""
    features = {name: name in SUPPORTED_FEATURES for name in ALL_FEATURE_NAMES}
    features.update({name: True for name in answers.features})
    features["cooperativeVector"] = answers.cooperative_vector
    features["cooperativeVectorTraining"] = answers.cooperative_vector_training
    return features
