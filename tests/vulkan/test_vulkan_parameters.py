"""The implicit `-parameter` VUIDs of every call: a handle of the wrong kind, a struct pointer to something else.
Nothing can be dispatched or read through them, so they raise with the layer (VulkanValidationError) and without
it (VulkanUndefinedBehaviorError), naming the VUID."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from vulkan_harness import Gpu

from dxlinalg.vulkan import *  # noqa: F403

# (call, arguments): `bad` stands for the argument that is wrong; the rest are valid.
HANDLE_CASES: list[tuple[str, str, Callable[[Gpu, Any], Any]]] = [
    ("vkEnumeratePhysicalDevices", "instance", lambda g, bad: vkEnumeratePhysicalDevices(bad, [0], None)),
    ("vkGetPhysicalDeviceProperties", "physicalDevice",
     lambda g, bad: vkGetPhysicalDeviceProperties(bad, VkPhysicalDeviceProperties())),
    ("vkGetPhysicalDeviceFeatures2", "physicalDevice",
     lambda g, bad: vkGetPhysicalDeviceFeatures2(bad, VkPhysicalDeviceFeatures2())),
    ("vkEnumerateDeviceExtensionProperties", "physicalDevice",
     lambda g, bad: vkEnumerateDeviceExtensionProperties(bad, None, [0], None)),
    ("vkCreateDevice", "physicalDevice", lambda g, bad: vkCreateDevice(bad, VkDeviceCreateInfo())),
    ("vkGetDeviceQueue", "device", lambda g, bad: vkGetDeviceQueue(bad, 0, 0)),
    ("vkCreateBuffer", "device", lambda g, bad: vkCreateBuffer(bad, VkBufferCreateInfo(size=16))),
    ("vkBindBufferMemory", "buffer", lambda g, bad: vkBindBufferMemory(g.device, bad, None, 0)),
    ("vkMapMemory", "memory", lambda g, bad: vkMapMemory(g.device, bad, 0, VK_WHOLE_SIZE, 0)),
    ("vkGetBufferDeviceAddress", "pInfo->buffer",
     lambda g, bad: vkGetBufferDeviceAddress(g.device, VkBufferDeviceAddressInfo(buffer=bad))),
    ("vkAllocateCommandBuffers", "pAllocateInfo->commandPool",
     lambda g, bad: vkAllocateCommandBuffers(g.device, VkCommandBufferAllocateInfo(commandPool=bad,
                                                                                  commandBufferCount=1), [None])),
    ("vkBeginCommandBuffer", "commandBuffer",
     lambda g, bad: vkBeginCommandBuffer(bad, VkCommandBufferBeginInfo())),
    ("vkEndCommandBuffer", "commandBuffer", lambda g, bad: vkEndCommandBuffer(bad)),
    ("vkQueueSubmit", "queue", lambda g, bad: vkQueueSubmit(bad, 0, None, None)),
    ("vkQueueSubmit", "fence", lambda g, bad: vkQueueSubmit(g.queue, 0, None, bad)),
    ("vkWaitForFences", "pFences", lambda g, bad: vkWaitForFences(g.device, 1, [bad], VK_TRUE, 0)),
    ("vkGetFenceStatus", "fence", lambda g, bad: vkGetFenceStatus(g.device, bad)),
]

STRUCT_CASES: list[tuple[str, str, Callable[[Gpu, Any], Any]]] = [
    ("vkCreateDevice", "pCreateInfo", lambda g, bad: vkCreateDevice(g.physical_device, bad)),
    ("vkGetPhysicalDeviceProperties2", "pProperties",
     lambda g, bad: vkGetPhysicalDeviceProperties2(g.physical_device, bad)),
    ("vkGetPhysicalDeviceMemoryProperties", "pMemoryProperties",
     lambda g, bad: vkGetPhysicalDeviceMemoryProperties(g.physical_device, bad)),
    ("vkCreateBuffer", "pCreateInfo", lambda g, bad: vkCreateBuffer(g.device, bad)),
    ("vkAllocateMemory", "pAllocateInfo", lambda g, bad: vkAllocateMemory(g.device, bad)),
    ("vkCreateCommandPool", "pCreateInfo", lambda g, bad: vkCreateCommandPool(g.device, bad)),
    ("vkCreateFence", "pCreateInfo", lambda g, bad: vkCreateFence(g.device, bad)),
    ("vkQueueSubmit", "pSubmits[0]", lambda g, bad: vkQueueSubmit(g.queue, 1, [bad], None)),
]


@pytest.mark.parametrize("validation", [True, False])
@pytest.mark.parametrize("call, parameter, invoke", HANDLE_CASES, ids=[f"{c}-{p}" for c, p, _ in HANDLE_CASES])
def test_a_handle_of_the_wrong_kind_is_rejected(call: str, parameter: str, invoke: Callable[[Gpu, Any], Any],
                                                validation: bool) -> None:
    gpu = Gpu(validation=validation)
    expected = VulkanValidationError if validation else VulkanUndefinedBehaviorError
    wrong = gpu.queue if parameter.endswith("commandPool") else gpu.pool  # a live handle of another kind
    with pytest.raises(expected, match=re.escape(f"VUID-{call}-{parameter}-parameter")) as caught:
        invoke(gpu, wrong)
    assert caught.value.vuid == f"VUID-{call}-{parameter}-parameter"


@pytest.mark.parametrize("validation", [True, False])
@pytest.mark.parametrize("call, parameter, invoke", STRUCT_CASES, ids=[f"{c}-{p}" for c, p, _ in STRUCT_CASES])
def test_a_pointer_to_the_wrong_struct_is_rejected(call: str, parameter: str, invoke: Callable[[Gpu, Any], Any],
                                                   validation: bool) -> None:
    gpu = Gpu(validation=validation)
    expected = VulkanValidationError if validation else VulkanUndefinedBehaviorError
    with pytest.raises(expected, match=re.escape(f"VUID-{call}-{parameter}-parameter")):
        invoke(gpu, {"sType": 0})


@pytest.mark.parametrize("call", [
    lambda: vkEnumerateInstanceLayerProperties(None, None),
    lambda: vkEnumerateInstanceLayerProperties([1], ["not a struct"]),
    lambda: vkEnumeratePhysicalDevices(Gpu().instance, [2], [None]),
    lambda: vkCreateInstance(VkInstanceCreateInfo(enabledLayerCount=2, ppEnabledLayerNames=["x"])),
    lambda: vkCreateInstance(VkInstanceCreateInfo(enabledExtensionCount=1, ppEnabledExtensionNames=[42])),
    lambda: vkCreateDevice(Gpu().physical_device, VkDeviceCreateInfo(queueCreateInfoCount=1)),
    lambda: vkFreeCommandBuffers(Gpu().device, Gpu().pool, 2, [None]),
])
def test_arrays_shorter_than_their_count_or_of_the_wrong_elements_are_rejected(call: Callable[[], Any]) -> None:
    with pytest.raises((VulkanValidationError, VulkanUndefinedBehaviorError), match="-parameter"):
        call()
