"""Pipeline layouts and compute pipelines: a shader module's entry point, specialized and compiled once.

vkCreateComputePipelines turns the stage's VkSpecializationInfo into the constants' values, compiles the entry
point with them (`dxlinalg.spirv.prepare`, cached on the module) and checks the shader's interface against the
pipeline layout: every descriptor it uses must be in the layout, of a matching type and visible to the compute
stage, and its push-constant block inside a compute push-constant range. Without the validation layer a
pipeline whose interface does not match is still created (a dispatch that needs a missing descriptor is then
skipped); one the emulated driver cannot compile fails with VK_ERROR_INVALID_SHADER_NV. The pipeline cache
argument is accepted and ignored (compiled programs are cached on the module).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dxlinalg.spirv import SpirvArgumentError, SpirvError, SpirvValidationError, prepare
from dxlinalg.spirv.enums import ExecutionModel
from dxlinalg.spirv.program import Program
from dxlinalg.vulkan import compute_vuids as vu
from dxlinalg.vulkan.arguments import UINT32_MAX, c_integer, struct_argument
from dxlinalg.vulkan.compute_structs import (
    VkComputePipelineCreateInfo,
    VkPipelineLayoutCreateInfo,
    VkPipelineShaderStageCreateInfo,
    VkPushConstantRange,
)
from dxlinalg.vulkan.descriptors import VkDescriptorSetLayout
from dxlinalg.vulkan.device import VkDevice
from dxlinalg.vulkan.emulated_device import (
    MAX_BOUND_DESCRIPTOR_SETS,
    MAX_COMPUTE_WORK_GROUP_INVOCATIONS,
    MAX_COMPUTE_WORK_GROUP_SIZE,
    MAX_PUSH_CONSTANTS_SIZE,
)
from dxlinalg.vulkan.enums import VkResult, VkShaderStageFlagBits
from dxlinalg.vulkan.handles import VkHandle, require_handle
from dxlinalg.vulkan.pointers import array_pointer
from dxlinalg.vulkan.shader_interface import ShaderInterface, shader_interface
from dxlinalg.vulkan.shader_module import VkShaderModule
from dxlinalg.vulkan.specialization import constant_types, specialization_values
from dxlinalg.vulkan.validation import ValidationLayer, Violation, VulkanError

COMPUTE = VkShaderStageFlagBits.VK_SHADER_STAGE_COMPUTE_BIT
CREATE = "vkCreateComputePipelines"


@dataclass(frozen=True)
class PushRange:
    stages: int
    offset: int
    size: int

    @property
    def end(self) -> int:
        return self.offset + self.size


class VkPipelineLayout(VkHandle):
    """Set layouts (None for a VK_NULL_HANDLE slot) and push-constant ranges."""

    def __init__(self, device: VkDevice, set_layouts: list[VkDescriptorSetLayout | None],
                 push_ranges: tuple[PushRange, ...]) -> None:
        super().__init__(device.layer)
        self.device = device
        self.set_layouts = set_layouts
        self.signatures = tuple(None if layout is None else layout.signature for layout in set_layouts)
        self.push_ranges = push_ranges

    def compatible_for_set(self, other: VkPipelineLayout, n: int) -> bool:
        """Vulkan's "compatible for set N": identically defined set layouts 0..N and the same push ranges."""
        return (len(self.signatures) > n and len(other.signatures) > n
                and self.signatures[: n + 1] == other.signatures[: n + 1] and self.push_ranges == other.push_ranges)

    def ranges_for(self, stages: int) -> list[PushRange]:
        return [r for r in self.push_ranges if r.stages & stages]


def _push_range(layer: ValidationLayer, field: str, entry: Any) -> PushRange:
    call = "vkCreatePipelineLayout"
    entry = struct_argument(layer, call, field, entry, VkPushConstantRange)
    offset = c_integer(entry.offset, f"{call}: {field}.offset", UINT32_MAX, "uint32_t")
    size = c_integer(entry.size, f"{call}: {field}.size", UINT32_MAX, "uint32_t")
    if int(entry.stageFlags) == 0:
        layer.report(Violation(vu.PUSH_RANGE_STAGES, call, f"{field}.stageFlags = 0"))
    if offset >= MAX_PUSH_CONSTANTS_SIZE:
        layer.report(Violation(vu.PUSH_RANGE_OFFSET_LIMIT, call, f"{field}.offset = {offset}, maxPushConstantsSize = "
                                                                 f"{MAX_PUSH_CONSTANTS_SIZE}"))
    if offset % 4:
        layer.report(Violation(vu.PUSH_RANGE_OFFSET_ALIGNMENT, call, f"{field}.offset = {offset}"))
    if size == 0:
        layer.report(Violation(vu.PUSH_RANGE_SIZE_ZERO, call, f"{field}.size = 0"))
    if size % 4:
        layer.report(Violation(vu.PUSH_RANGE_SIZE_ALIGNMENT, call, f"{field}.size = {size}"))
    if offset < MAX_PUSH_CONSTANTS_SIZE and size > MAX_PUSH_CONSTANTS_SIZE - offset:
        layer.report(Violation(vu.PUSH_RANGE_SIZE_LIMIT, call, f"{field}.size = {size} from offset {offset} runs past "
                                                               f"maxPushConstantsSize = {MAX_PUSH_CONSTANTS_SIZE}"))
    return PushRange(int(entry.stageFlags), offset, size)


def vkCreatePipelineLayout(device: VkDevice, pCreateInfo: VkPipelineLayoutCreateInfo,
                           pAllocator: Any = None) -> VkPipelineLayout:
    call = "vkCreatePipelineLayout"
    device = require_handle(device, VkDevice, call, "device")
    layer = device.layer
    info = struct_argument(layer, call, "pCreateInfo", pCreateInfo, VkPipelineLayoutCreateInfo)
    set_count = c_integer(info.setLayoutCount, f"{call}: pCreateInfo->setLayoutCount", UINT32_MAX, "uint32_t")
    range_count = c_integer(info.pushConstantRangeCount, f"{call}: pCreateInfo->pushConstantRangeCount", UINT32_MAX,
                            "uint32_t")
    if set_count > MAX_BOUND_DESCRIPTOR_SETS:
        layer.report(Violation(vu.PIPELINE_LAYOUT_SET_COUNT, call, f"pCreateInfo->setLayoutCount = {set_count}, "
                                                                   f"maxBoundDescriptorSets = "
                                                                   f"{MAX_BOUND_DESCRIPTOR_SETS}"))
    try:
        handles = array_pointer(info.pSetLayouts, set_count) or []
    except TypeError as problem:
        layer.unsafe(Violation(vu.PIPELINE_LAYOUT_SET_LAYOUTS, call, f"pCreateInfo->pSetLayouts {problem}"))
    try:
        entries = array_pointer(info.pPushConstantRanges, range_count) or []
    except TypeError as problem:
        layer.unsafe(Violation(vu.PIPELINE_LAYOUT_RANGES, call, f"pCreateInfo->pPushConstantRanges {problem}"))
    layouts = [None if handle is None else
               require_handle(handle, VkDescriptorSetLayout, call, "pCreateInfo->pSetLayouts") for handle in handles]
    ranges = tuple(_push_range(layer, f"pCreateInfo->pPushConstantRanges[{i}]", e) for i, e in enumerate(entries))
    for later, second in enumerate(ranges):
        for earlier, first in enumerate(ranges[:later]):
            if first.stages & second.stages:
                layer.report(Violation(vu.PUSH_RANGE_STAGE_UNIQUE, call, f"pCreateInfo->pPushConstantRanges[{earlier}] "
                                                                         f"and [{later}] both include stages "
                                                                         f"{first.stages & second.stages:#x}"))
    return VkPipelineLayout(device, layouts, ranges)


def vkDestroyPipelineLayout(device: VkDevice, pipelineLayout: VkPipelineLayout | None, pAllocator: Any = None) -> None:
    require_handle(device, VkDevice, "vkDestroyPipelineLayout", "device")
    if pipelineLayout is not None:
        require_handle(pipelineLayout, VkPipelineLayout, "vkDestroyPipelineLayout", "pipelineLayout").alive = False


# --- compute pipelines -----------------------------------------------------------------------------------------------

class VkPipeline(VkHandle):
    """A compute pipeline: the compiled entry point, its specialization, its interface and its layout."""

    def __init__(self, device: VkDevice, layout: VkPipelineLayout, program: Program, entry_point: str,
                 spec_constants: dict[int, Any], interface: ShaderInterface, flags: int) -> None:
        super().__init__(device.layer)
        self.device = device
        self.layout = layout
        self.program = program
        self.entry_point = entry_point
        self.spec_constants = spec_constants
        self.interface = interface
        self.flags = flags


def _compile_failure(problem: str) -> VulkanError:
    return VulkanError(VkResult.VK_ERROR_INVALID_SHADER_NV, f"{CREATE}: {problem}")


def _check_local_size(layer: ValidationLayer, field: str, size: tuple[int, int, int]) -> bool:
    """Report each work-group size limit broken; whether any was."""
    broken = False
    for axis, rule in enumerate((vu.LOCAL_SIZE_X, vu.LOCAL_SIZE_Y, vu.LOCAL_SIZE_Z)):
        if size[axis] > MAX_COMPUTE_WORK_GROUP_SIZE[axis]:
            broken = True
            layer.report(Violation(rule, CREATE, f"{field}: the entry point's LocalSize {size} has "
                                                 f"{'xyz'[axis]} = {size[axis]}, maxComputeWorkGroupSize = "
                                                 f"{MAX_COMPUTE_WORK_GROUP_SIZE}"))
    invocations = size[0] * size[1] * size[2]
    if invocations > MAX_COMPUTE_WORK_GROUP_INVOCATIONS:
        broken = True
        layer.report(Violation(vu.LOCAL_SIZE_INVOCATIONS, CREATE, f"{field}: LocalSize {size} has {invocations} "
                                                                  f"invocations, maxComputeWorkGroupInvocations = "
                                                                  f"{MAX_COMPUTE_WORK_GROUP_INVOCATIONS}"))
    return broken


def _check_interface(layer: ValidationLayer, field: str, interface: ShaderInterface, layout: VkPipelineLayout) -> None:
    """Every descriptor and push constant the shader uses is in the layout, for the compute stage."""
    for use in interface.resources:
        where = f"{field}.layout: the shader's {use.describe()}"
        set_layout = layout.set_layouts[use.set] if use.set < len(layout.set_layouts) else None
        binding = None if set_layout is None else set_layout.bindings.get(use.binding)
        if binding is None or binding.count == 0 or not binding.stages & COMPUTE:
            found = "is not in the layout" if binding is None or binding.count == 0 else \
                f"has stageFlags {binding.stages:#x}, without VK_SHADER_STAGE_COMPUTE_BIT"
            layer.report(Violation(vu.PIPELINE_DESCRIPTOR_STAGE, CREATE, f"{where} {found}"))
        elif binding.type not in use.types:
            layer.report(Violation(vu.PIPELINE_DESCRIPTOR_TYPE, CREATE, f"{where} is bound as {binding.type.name} in "
                                                                        f"the layout"))
        elif use.array and use.length is not None and binding.count < use.length:
            layer.report(Violation(vu.PIPELINE_DESCRIPTOR_COUNT, CREATE, f"{where} has descriptorCount "
                                                                         f"{binding.count} in the layout, fewer "
                                                                         f"than the array's {use.length}"))
    if interface.push_constants is None:
        return
    start, end = interface.push_constants
    ranges = layout.ranges_for(COMPUTE)
    if not ranges:
        layer.report(Violation(vu.PIPELINE_PUSH_STAGE, CREATE, f"{field}.layout has no push-constant range for the "
                                                               f"compute stage; the shader's block uses bytes "
                                                               f"[{start}, {end})"))
    elif not any(r.offset <= start and end <= r.end for r in ranges):
        spans = ", ".join(f"[{r.offset}, {r.end})" for r in ranges)
        layer.report(Violation(vu.PIPELINE_PUSH_RANGE, CREATE, f"{field}: the shader's push-constant block uses bytes "
                                                               f"[{start}, {end}); the compute range of the layout is "
                                                               f"{spans}"))


def _create(device: VkDevice, field: str, info: Any) -> VkPipeline:
    layer = device.layer
    info = struct_argument(layer, CREATE, field, info, VkComputePipelineCreateInfo)
    stage = struct_argument(layer, CREATE, f"{field}.stage", info.stage, VkPipelineShaderStageCreateInfo)
    if int(stage.stage) != COMPUTE:
        layer.report(Violation(vu.PIPELINE_STAGE_COMPUTE, CREATE, f"{field}.stage.stage = {stage.stage!r} (the "
                                                                  f"emulated driver compiles the GLCompute entry "
                                                                  f"point)"))
    module = stage.module
    if not (isinstance(module, VkShaderModule) and module.alive):
        layer.unsafe(Violation(vu.PIPELINE_MODULE, CREATE, f"{field}.stage.module is {module!r}"))
    name = stage.pName
    if not isinstance(name, str):
        layer.unsafe(Violation(vu.PIPELINE_ENTRY_NAME, CREATE, f"{field}.stage.pName is {name!r}, not a string"))
    if not any(e.name == name and e.model == ExecutionModel.GLCompute for e in module.module.entry_points):
        found = ", ".join(repr(e.name) for e in module.module.entry_points) or "none"
        problem = f"{field}.stage.pName = {name!r} names no GLCompute entry point of {module!r} (its entry points: " \
                  f"{found})"
        layer.report(Violation(vu.PIPELINE_ENTRY_POINT, CREATE, problem))
        raise _compile_failure(problem)
    layout = require_handle(info.layout, VkPipelineLayout, CREATE, f"{field}.layout")
    types = constant_types(prepare(module.module, name))
    values = specialization_values(layer, CREATE, f"{field}.stage.pSpecializationInfo", stage.pSpecializationInfo,
                                   types)
    try:
        program = prepare(module.module, name, values)
        interface = shader_interface(program)
    except (SpirvValidationError, SpirvArgumentError) as error:
        problem = f"{field}: entry point {name!r} with specialization {values} breaks a SPIR-V rule: {error}"
        layer.report(Violation(vu.PIPELINE_SPECIALIZED_CODE, CREATE, problem))
        raise _compile_failure(problem) from None
    except SpirvError as error:
        raise _compile_failure(f"{field}: the emulated driver cannot compile entry point {name!r}: {error}") from None
    if _check_local_size(layer, field, program.local_size):
        raise _compile_failure(f"{field}: the simulated GPU runs at most {MAX_COMPUTE_WORK_GROUP_INVOCATIONS} "
                               f"invocations per work group, sizes up to {MAX_COMPUTE_WORK_GROUP_SIZE}")
    _check_interface(layer, field, interface, layout)
    return VkPipeline(device, layout, program, name, values, interface, int(info.flags))


def vkCreateComputePipelines(device: VkDevice, pipelineCache: Any, createInfoCount: int, pCreateInfos: Any,
                             pAllocator: Any, pPipelines: list[Any]) -> VkResult:
    """Fills the first createInfoCount elements of the list pPipelines. A pipeline the emulated driver cannot
    compile is VK_NULL_HANDLE in the list and the call raises VulkanError (VK_ERROR_INVALID_SHADER_NV)."""
    device = require_handle(device, VkDevice, CREATE, "device")
    layer = device.layer
    count = c_integer(createInfoCount, f"{CREATE}: createInfoCount", UINT32_MAX, "uint32_t")
    if count == 0:
        layer.report(Violation(vu.PIPELINE_COUNT, CREATE, "createInfoCount = 0 (nothing is created)"))
    try:
        infos = array_pointer(pCreateInfos, count) or []
    except TypeError as problem:
        layer.unsafe(Violation(vu.PIPELINE_INFOS, CREATE, f"pCreateInfos {problem}"))
    if not isinstance(pPipelines, list) or len(pPipelines) < count:
        layer.unsafe(Violation(vu.PIPELINE_OUT, CREATE,
                               f"pPipelines is a {type(pPipelines).__name__}, not a list of at least {count} elements"))
    failure: VulkanError | None = None
    for index, info in enumerate(infos):
        try:
            pPipelines[index] = _create(device, f"pCreateInfos[{index}]", info)
        except VulkanError as error:
            pPipelines[index] = None
            failure = failure or error
    if failure is not None:
        raise failure
    return VkResult.VK_SUCCESS


def vkDestroyPipeline(device: VkDevice, pipeline: VkPipeline | None, pAllocator: Any = None) -> None:
    require_handle(device, VkDevice, "vkDestroyPipeline", "device")
    if pipeline is not None:
        require_handle(pipeline, VkPipeline, "vkDestroyPipeline", "pipeline").alive = False


__all__ = [
    "VkPipeline",
    "VkPipelineLayout",
    "vkCreateComputePipelines",
    "vkCreatePipelineLayout",
    "vkDestroyPipeline",
    "vkDestroyPipelineLayout",
]
