"""vkCreateShaderModule: SPIR-V words read and checked by dxlinalg.spirv's reader, then kept for pipelines.

The module is read (magic, version, word counts: VUID-...-pCode-08736), structurally checked and each GLCompute
entry point compiled with its default specialization (the executor's validation: -08737), so a malformed module
fails here, never later inside a dispatch. Its capabilities and SPIR-V extensions are checked against what the
device enabled (-08738, -08740, -08742). Without the validation layer a module the emulated driver cannot read
fails with VK_ERROR_INVALID_SHADER_NV (the result Vulkan defines for a shader that fails to compile); the
capability rules are only logged (the driver compiles what it is given).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from dxlinalg.profile.vulkan import COOPERATIVE_VECTOR_EXTENSION
from dxlinalg.spirv import (
    Module,
    SpirvBinaryError,
    SpirvError,
    SpirvValidationError,
    load_module,
    prepare,
)
from dxlinalg.spirv.enums import Capability, ExecutionModel, enum_label
from dxlinalg.vulkan import compute_vuids as vu
from dxlinalg.vulkan.arguments import SIZE_MAX, c_integer, struct_argument
from dxlinalg.vulkan.compute_structs import VkShaderModuleCreateInfo
from dxlinalg.vulkan.device import VkDevice
from dxlinalg.vulkan.enums import VkResult
from dxlinalg.vulkan.handles import VkHandle, require_handle
from dxlinalg.vulkan.validation import ValidationLayer, Violation, VulkanError

CALL = "vkCreateShaderModule"
#: SPIR-V capabilities whose requirement in the SPIR-V Environment appendix is a feature the emulated device
#: models: the module may declare them only if the device enabled the feature. Capabilities whose requirements
#: are properties or extensions the emulated devices do not model (the GroupNonUniform* subgroup operations,
#: ReplicatedCompositesEXT) are accepted: every emulated device runs them.
CAPABILITY_FEATURES: dict[str, str] = {
    "Float16": "shaderFloat16", "Float64": "shaderFloat64", "Int8": "shaderInt8", "Int16": "shaderInt16",
    "Int64": "shaderInt64", "StorageBuffer16BitAccess": "storageBuffer16BitAccess",
    "UniformAndStorageBuffer16BitAccess": "uniformAndStorageBuffer16BitAccess",
    "StoragePushConstant16": "storagePushConstant16", "StorageBuffer8BitAccess": "storageBuffer8BitAccess",
    "UniformAndStorageBuffer8BitAccess": "uniformAndStorageBuffer8BitAccess",
    "StoragePushConstant8": "storagePushConstant8", "PhysicalStorageBufferAddresses": "bufferDeviceAddress",
    "VulkanMemoryModel": "vulkanMemoryModel", "VulkanMemoryModelDeviceScope": "vulkanMemoryModelDeviceScope",
    "CooperativeVectorNV": "cooperativeVector", "CooperativeVectorTrainingNV": "cooperativeVectorTraining",
}
#: SPIR-V extensions whose requirement is a device extension the emulated device models.
EXTENSION_REQUIREMENTS: dict[str, str] = {"SPV_NV_cooperative_vector": COOPERATIVE_VECTOR_EXTENSION}


class VkShaderModule(VkHandle):
    """A read and checked SPIR-V module (`module`, a dxlinalg.spirv Module; compiled programs cache on it)."""

    def __init__(self, device: VkDevice, module: Module) -> None:
        super().__init__(device.layer)
        self.device = device
        self.module = module


def code_bytes(layer: ValidationLayer, code: Any, size: int) -> bytes:
    """The first `size` bytes pCode points at: bytes, a bytearray or memoryview, a numpy array (its bytes) or a
    list of 32-bit words. A NULL or short pointer is unsafe (nothing can be read through it)."""
    data: bytes | None = None
    if isinstance(code, (bytes, bytearray, memoryview)):
        data = bytes(code)
    elif isinstance(code, np.ndarray) and code.dtype.kind in "iu":
        data = np.ascontiguousarray(code).tobytes()
    elif isinstance(code, Sequence) and not isinstance(code, str) and all(
            isinstance(word, (int, np.integer)) and 0 <= word <= 0xFFFFFFFF for word in code):
        data = np.array(code, dtype="<u4").tobytes()
    if data is None or len(data) < size:
        held = "NULL" if code is None else (f"{len(data)} bytes" if data is not None else f"a {type(code).__name__}")
        layer.unsafe(Violation(vu.SHADER_CODE_POINTER, CALL, f"pCreateInfo->pCode is {held}, not {size} bytes of "
                                                             f"SPIR-V words (codeSize = {size})"))
    return data[:size]


def _invalid_shader(layer: ValidationLayer, vuid: str, problem: str) -> VulkanError:
    """Report a module the driver cannot read; without the layer the driver fails it."""
    layer.report(Violation(vuid, CALL, problem))
    return VulkanError(VkResult.VK_ERROR_INVALID_SHADER_NV, f"{CALL}: {problem}")


def read_module(layer: ValidationLayer, data: bytes) -> Module:
    """Read the module and compile each GLCompute entry point with its default specialization."""
    try:
        module = load_module(data)
        for entry in module.entry_points:
            if entry.model == ExecutionModel.GLCompute:
                prepare(module, entry.name)
    except SpirvBinaryError as error:
        raise _invalid_shader(layer, vu.SHADER_CODE_FORMAT, f"pCreateInfo->pCode is not a SPIR-V module: {error}") \
            from None
    except SpirvValidationError as error:
        raise _invalid_shader(layer, vu.SHADER_CODE_RULES, f"pCreateInfo->pCode breaks a SPIR-V rule: {error}") \
            from None
    except SpirvError as error:
        raise VulkanError(VkResult.VK_ERROR_INVALID_SHADER_NV, f"{CALL}: the emulated driver cannot compile "
                                                               f"pCreateInfo->pCode: {error}") from None
    return module


def check_requirements(device: VkDevice, module: Module) -> None:
    """The Shader capability, and each capability's and SPIR-V extension's requirement on the device."""
    layer = device.layer
    declared = [enum_label(Capability, capability) for capability, _ in module.capabilities]
    if "Shader" not in declared:
        layer.report(Violation(vu.SHADER_CAPABILITY_SHADER, CALL, f"pCreateInfo->pCode does not declare the Shader "
                                                                  f"capability (it declares "
                                                                  f"{', '.join(declared) or 'none'})"))
    for name in declared:
        feature = CAPABILITY_FEATURES.get(name)
        if feature is not None and not device.features.get(feature):
            layer.report(Violation(vu.SHADER_CAPABILITY_FEATURE, CALL, f"pCreateInfo->pCode declares the {name} "
                                                                       f"capability, which needs the {feature} "
                                                                       f"feature; the device was created without it"))
    for name, _ in module.extensions:
        extension = EXTENSION_REQUIREMENTS.get(name)
        if extension is not None and not device.extension_enabled(extension):
            layer.report(Violation(vu.SHADER_EXTENSION, CALL, f"pCreateInfo->pCode declares {name}, which needs "
                                                              f"{extension}; the device does not enable it"))


def vkCreateShaderModule(device: VkDevice, pCreateInfo: VkShaderModuleCreateInfo,
                         pAllocator: Any = None) -> VkShaderModule:
    """C writes *pShaderModule; here the module is returned (a module that cannot be read raises VulkanError)."""
    device = require_handle(device, VkDevice, CALL, "device")
    layer = device.layer
    info = struct_argument(layer, CALL, "pCreateInfo", pCreateInfo, VkShaderModuleCreateInfo)
    if info.pNext is not None:
        layer.report(Violation(vu.SHADER_PNEXT, CALL, f"pCreateInfo->pNext is a {type(info.pNext).__name__} "
                                                      f"(ignored)"))
    size = c_integer(info.codeSize, f"{CALL}: pCreateInfo->codeSize", SIZE_MAX, "size_t")
    if size == 0:
        raise _invalid_shader(layer, vu.SHADER_CODE_SIZE_ZERO, "pCreateInfo->codeSize = 0")
    data = code_bytes(layer, info.pCode, size)
    if size % 4:
        layer.report(Violation(vu.SHADER_CODE_SIZE_WORDS, CALL, f"pCreateInfo->codeSize = {size} is not a multiple "
                                                                f"of 4 (the driver reads {size // 4} words)"))
    module = read_module(layer, data[: size - size % 4])
    check_requirements(device, module)
    return VkShaderModule(device, module)


def vkDestroyShaderModule(device: VkDevice, shaderModule: VkShaderModule | None, pAllocator: Any = None) -> None:
    """Pipelines created from the module keep working (they hold the compiled program)."""
    require_handle(device, VkDevice, "vkDestroyShaderModule", "device")
    if shaderModule is not None:
        require_handle(shaderModule, VkShaderModule, "vkDestroyShaderModule", "shaderModule").alive = False


__all__ = ["VkShaderModule", "vkCreateShaderModule", "vkDestroyShaderModule"]
