"""dxlinalg.vulkan: the Vulkan host calls for cooperative vectors and the compute path, on the simulated GPU and a
device profile.

Everything has its Vulkan name, so C host code ports line by line::

    from dxlinalg.vulkan import *
    instance = vkCreateInstance(VkInstanceCreateInfo(), None, profile="nvidia-h100")
    count = [0]
    vkEnumeratePhysicalDevices(instance, count, None)

docs/vulkan.md is the guide: the C <-> Python mapping, the validation layer switch, and every decision
taken where the spec is silent or leaves the behaviour undefined.
"""

from dxlinalg.vulkan import barriers as _barriers
from dxlinalg.vulkan import command_buffer as _command_buffer
from dxlinalg.vulkan import compute_commands as _compute_commands
from dxlinalg.vulkan import compute_structs as _compute_structs
from dxlinalg.vulkan import cooperative_vector as _cooperative_vector
from dxlinalg.vulkan import descriptors as _descriptors
from dxlinalg.vulkan import device as _device
from dxlinalg.vulkan import enums as _enums
from dxlinalg.vulkan import instance as _instance
from dxlinalg.vulkan import memory as _memory
from dxlinalg.vulkan import pipelines as _pipelines
from dxlinalg.vulkan import queue as _queue
from dxlinalg.vulkan import shader_module as _shader_module
from dxlinalg.vulkan import structs as _structs
from dxlinalg.vulkan import synchronization as _synchronization
from dxlinalg.vulkan.barriers import *  # noqa: F403
from dxlinalg.vulkan.command_buffer import *  # noqa: F403
from dxlinalg.vulkan.commands import Command
from dxlinalg.vulkan.compute_commands import *  # noqa: F403
from dxlinalg.vulkan.compute_structs import *  # noqa: F403
from dxlinalg.vulkan.cooperative_vector import *  # noqa: F403
from dxlinalg.vulkan.descriptors import *  # noqa: F403
from dxlinalg.vulkan.device import *  # noqa: F403
from dxlinalg.vulkan.enums import *  # noqa: F403
from dxlinalg.vulkan.instance import *  # noqa: F403
from dxlinalg.vulkan.memory import *  # noqa: F403
from dxlinalg.vulkan.pipelines import *  # noqa: F403
from dxlinalg.vulkan.queue import *  # noqa: F403
from dxlinalg.vulkan.shader_module import *  # noqa: F403
from dxlinalg.vulkan.structs import *  # noqa: F403
from dxlinalg.vulkan.synchronization import *  # noqa: F403
from dxlinalg.vulkan.validation import (
    VulkanError,
    VulkanUndefinedBehaviorError,
    VulkanValidationError,
)

#: Vulkan's null handle. A handle argument or struct field that C sets to VK_NULL_HANDLE is None here.
VK_NULL_HANDLE = None

__all__ = sorted(set(
    _enums.__all__ + _structs.__all__ + _instance.__all__ + _device.__all__ + _memory.__all__
    + _command_buffer.__all__ + _queue.__all__ + _cooperative_vector.__all__ + _compute_structs.__all__
    + _shader_module.__all__ + _descriptors.__all__ + _pipelines.__all__ + _compute_commands.__all__
    + _barriers.__all__ + _synchronization.__all__
    + ["Command", "VK_NULL_HANDLE", "VulkanError", "VulkanUndefinedBehaviorError", "VulkanValidationError"]))
