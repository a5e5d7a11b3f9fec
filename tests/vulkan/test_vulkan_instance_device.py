"""Instance, physical device and device: the two-call enumerations, the profile's properties and features, and
what vkCreateDevice accepts."""

from __future__ import annotations

import pytest
from vulkan_harness import (
    COOP,
    SHIPPED,
    Gpu,
    create_instance,
    device_info,
    first_physical_device,
)

from dxlinalg.profile.registry import load_profile
from dxlinalg.vulkan import *  # noqa: F403


def test_the_loader_offers_the_validation_layer() -> None:
    count = [0]
    assert vkEnumerateInstanceLayerProperties(count, None) == VK_SUCCESS and count == [1]
    layers = [VkLayerProperties()]
    assert vkEnumerateInstanceLayerProperties(count, layers) == VK_SUCCESS
    assert layers[0].layerName == "VK_LAYER_KHRONOS_validation"


def test_validation_is_on_exactly_when_the_layer_is_enabled() -> None:
    assert create_instance(validation=True).layer.enabled
    assert not create_instance(validation=False).layer.enabled
    listed_not_counted = VkInstanceCreateInfo(enabledLayerCount=0, ppEnabledLayerNames=[VALIDATION_LAYER_NAME])
    assert not vkCreateInstance(listed_not_counted).layer.enabled  # C reads enabledLayerCount names


@pytest.mark.parametrize("field, name, result", [
    ("ppEnabledLayerNames", "VK_LAYER_LUNARG_api_dump", VK_ERROR_LAYER_NOT_PRESENT),
    ("ppEnabledExtensionNames", "VK_EXT_debug_utils", VK_ERROR_EXTENSION_NOT_PRESENT)])
def test_an_unknown_layer_or_instance_extension_fails_instance_creation(field: str, name: str, result: int) -> None:
    count = field.replace("ppEnabled", "enabled").replace("Names", "Count")
    with pytest.raises(VulkanError) as caught:
        vkCreateInstance(VkInstanceCreateInfo(**{field: [name], count: 1}))
    assert caught.value.result == result


def test_the_instance_extensions_enumerate() -> None:
    count = [0]
    assert vkEnumerateInstanceExtensionProperties(None, count, None) == VK_SUCCESS
    extensions = [VkExtensionProperties() for _ in range(count[0])]
    assert vkEnumerateInstanceExtensionProperties(None, count, extensions) == VK_SUCCESS
    assert [e.extensionName for e in extensions] == ["VK_KHR_get_physical_device_properties2"]
    assert vkEnumerateInstanceExtensionProperties("VK_LAYER_other", count, None) == VK_ERROR_LAYER_NOT_PRESENT


def test_one_physical_device_per_profile_and_vk_incomplete_for_a_short_array() -> None:
    instance = vkCreateInstance(VkInstanceCreateInfo(), None, profile=["reference", "nvidia-h100", "minimal"])
    count = [0]
    assert vkEnumeratePhysicalDevices(instance, count, None) == VK_SUCCESS and count == [3]
    devices = [None, None]
    count = [2]
    assert vkEnumeratePhysicalDevices(instance, count, devices) == VK_INCOMPLETE and count == [2]
    assert [d.profile.name for d in devices] == ["reference", "nvidia-h100"]


def test_a_profile_that_cannot_load_fails_instance_creation() -> None:
    with pytest.raises(VulkanError) as caught:
        vkCreateInstance(VkInstanceCreateInfo(), None, profile="no-such-profile")
    assert caught.value.result == VK_ERROR_INITIALIZATION_FAILED


def test_nvidia_h100_reports_the_measured_identity() -> None:
    properties = VkPhysicalDeviceProperties()
    vkGetPhysicalDeviceProperties(first_physical_device(create_instance("nvidia-h100")), properties)
    assert properties.deviceName == "NVIDIA H100 80GB HBM3"
    assert (VK_API_VERSION_MAJOR(properties.apiVersion), VK_API_VERSION_MINOR(properties.apiVersion),
            VK_API_VERSION_PATCH(properties.apiVersion)) == (1, 4, 312)
    assert properties.driverVersion == 0x9127C100 and properties.vendorID == 0x10DE
    assert properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU


@pytest.mark.parametrize("profile", SHIPPED)
def test_properties2_fills_the_cooperative_vector_properties(profile: str) -> None:
    answers = load_profile(profile).vulkan
    cooperative = VkPhysicalDeviceCooperativeVectorPropertiesNV()
    properties = VkPhysicalDeviceProperties2(pNext=cooperative)
    vkGetPhysicalDeviceProperties2(first_physical_device(create_instance(profile)), properties)
    assert properties.properties.deviceName == answers.device_name
    assert cooperative.cooperativeVectorSupportedStages == VK_SHADER_STAGE_COMPUTE_BIT
    assert cooperative.maxCooperativeVectorComponents == answers.max_cooperative_vector_components >= 128
    assert cooperative.cooperativeVectorTrainingFloat16Accumulation == answers.training_float16_accumulation
    assert cooperative.cooperativeVectorTrainingFloat32Accumulation == answers.training_float32_accumulation


@pytest.mark.parametrize("profile, training", [("reference", 1), ("minimal", 0), ("nvidia-h100", 1)])
def test_features2_fills_every_feature_struct_of_the_chain(profile: str, training: int) -> None:
    cooperative = VkPhysicalDeviceCooperativeVectorFeaturesNV()
    model = VkPhysicalDeviceVulkanMemoryModelFeatures(pNext=cooperative)
    features = VkPhysicalDeviceFeatures2(pNext=VkPhysicalDeviceBufferDeviceAddressFeatures(pNext=model))
    vkGetPhysicalDeviceFeatures2(first_physical_device(create_instance(profile)), features)
    assert (cooperative.cooperativeVector, cooperative.cooperativeVectorTraining) == (1, training)
    assert features.pNext.bufferDeviceAddress == 1 and model.vulkanMemoryModel == 1
    assert features.features.shaderInt64 == 1 and features.features.geometryShader == 0
    core = VkPhysicalDeviceFeatures()
    vkGetPhysicalDeviceFeatures(first_physical_device(create_instance(profile)), core)
    assert core == features.features


def test_device_extensions_enumerate_in_the_profiles_order_with_vk_incomplete() -> None:
    device = first_physical_device(create_instance("nvidia-h100"))
    count = [0]
    assert vkEnumerateDeviceExtensionProperties(device, None, count, None) == VK_SUCCESS and count == [8]
    extensions = [VkExtensionProperties() for _ in range(3)]
    count = [3]
    assert vkEnumerateDeviceExtensionProperties(device, None, count, extensions) == VK_INCOMPLETE and count == [3]
    assert [e.extensionName for e in extensions] == ["VK_KHR_cooperative_matrix", "VK_KHR_shader_bfloat16",
                                                     "VK_KHR_shader_float16_int8"]


def test_the_property_list_is_written_as_far_as_the_count_goes() -> None:
    device = first_physical_device(create_instance("nvidia-h100"))
    rows = [VkCooperativeVectorPropertiesNV() for _ in range(20)]
    count = [20]
    assert vkGetPhysicalDeviceCooperativeVectorPropertiesNV(device, count, rows) == VK_SUCCESS and count == [16]
    assert rows[16] == VkCooperativeVectorPropertiesNV()
    count = [0]
    assert vkGetPhysicalDeviceCooperativeVectorPropertiesNV(device, count, rows) == VK_INCOMPLETE and count == [0]


def test_queue_families_and_memory_types() -> None:
    device = first_physical_device(create_instance())
    count = [0]
    vkGetPhysicalDeviceQueueFamilyProperties(device, count, None)
    families = [VkQueueFamilyProperties() for _ in range(count[0])]
    vkGetPhysicalDeviceQueueFamilyProperties(device, count, families)
    assert families[0].queueFlags & VK_QUEUE_COMPUTE_BIT and not families[1].queueFlags & VK_QUEUE_COMPUTE_BIT
    memory = VkPhysicalDeviceMemoryProperties()
    vkGetPhysicalDeviceMemoryProperties(device, memory)
    assert memory.memoryTypeCount == 3 and memory.memoryHeapCount == 2
    assert memory.memoryTypes[1].propertyFlags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT


def test_an_extension_the_device_lacks_fails_device_creation() -> None:
    device = first_physical_device(create_instance())
    with pytest.raises(VulkanError) as caught:
        vkCreateDevice(device, device_info(extensions=(COOP, "VK_NV_cooperative_matrix2")))
    assert caught.value.result == VK_ERROR_EXTENSION_NOT_PRESENT


@pytest.mark.parametrize("profile, features", [
    ("minimal", VkPhysicalDeviceCooperativeVectorFeaturesNV(cooperativeVector=1, cooperativeVectorTraining=1)),
    ("reference", VkPhysicalDeviceFeatures2(features=VkPhysicalDeviceFeatures(geometryShader=1)))])
def test_a_feature_the_device_lacks_fails_device_creation(profile: str, features: object) -> None:
    device = first_physical_device(create_instance(profile))
    with pytest.raises(VulkanError, match="does not support") as caught:
        vkCreateDevice(device, device_info(features=features))
    assert caught.value.result == VK_ERROR_FEATURE_NOT_PRESENT


def test_the_device_remembers_what_was_enabled() -> None:
    device = vkCreateDevice(first_physical_device(create_instance()), device_info(
        features=VkPhysicalDeviceCooperativeVectorFeaturesNV(cooperativeVector=1)))
    assert device.extension_enabled(COOP) and device.features["cooperativeVector"]
    assert not device.features["cooperativeVectorTraining"] and device.features["bufferDeviceAddress"]
    assert sorted(device.queues) == [0, 1]
    assert vkGetDeviceQueue(device, 0, 0) is vkGetDeviceQueue(device, 0, 0)
    assert vkDeviceWaitIdle(device) == VK_SUCCESS and vkQueueWaitIdle(vkGetDeviceQueue(device, 1, 0)) == VK_SUCCESS


def test_destroyed_objects_cannot_be_used() -> None:
    gpu = Gpu()
    vkDestroyInstance(gpu.instance)
    with pytest.raises(VulkanValidationError, match="vkEnumeratePhysicalDevices-instance-parameter"):
        vkEnumeratePhysicalDevices(gpu.instance, [0], None)
