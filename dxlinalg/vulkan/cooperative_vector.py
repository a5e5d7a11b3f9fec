"""VK_NV_cooperative_vector's three commands: the property list, the host conversion, the device conversion.

- vkGetPhysicalDeviceCooperativeVectorPropertiesNV: the profile's Vulkan list, by the two-call protocol.
- vkConvertCooperativeVectorMatrixNV: a NULL dstData asks for the destination size (written to *pDstSize);
  otherwise the matrix is converted on the host. A *pDstSize below the size writes nothing and returns
  VK_INCOMPLETE (without validation: VUID-...-10075 makes it invalid usage).
- vkCmdConvertCooperativeVectorMatrixNV: the same conversions between device addresses, recorded into a
  command buffer and run at submission.
Every rule is checked as `conversion.plan_conversion` and the checks here say; docs/vulkan.md lists what the
emulated driver does with each broken rule when no validation layer stops it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.profile.vulkan import COOPERATIVE_VECTOR_EXTENSION
from dxlinalg.vulkan import vuids
from dxlinalg.vulkan.arguments import SIZE_MAX, UINT32_MAX, c_integer
from dxlinalg.vulkan.command_buffer import VkCommandBuffer, recording_buffer
from dxlinalg.vulkan.commands import Command
from dxlinalg.vulkan.conversion import (
    CMD_CONVERT,
    CONVERT,
    ConversionPlan,
    convert_into,
    matrix_bytes,
    plan_conversion,
)
from dxlinalg.vulkan.device import VkDevice, VkQueue
from dxlinalg.vulkan.enums import (
    VkAccessFlagBits2,
    VkPipelineStageFlagBits2,
    VkQueueFlagBits,
    VkResult,
    VkStructureType,
)
from dxlinalg.vulkan.handles import require_handle
from dxlinalg.vulkan.instance import VkPhysicalDevice
from dxlinalg.vulkan.memory import buffer_at
from dxlinalg.vulkan.pointers import (
    ScalarPointer,
    array_pointer,
    host_address,
    host_bytes,
    scalar_pointer,
)
from dxlinalg.vulkan.structs import (
    VkConvertCooperativeVectorMatrixInfoNV,
    VkCooperativeVectorPropertiesNV,
)
from dxlinalg.vulkan.synchronization import MemoryAccess
from dxlinalg.vulkan.two_call import enumerate_into
from dxlinalg.vulkan.validation import ValidationLayer, Violation

PROPERTIES = "vkGetPhysicalDeviceCooperativeVectorPropertiesNV"
#: vkCmdConvertCooperativeVectorMatrixNV's source and destination addresses are 64-byte aligned.
DEVICE_ADDRESS_ALIGNMENT = 64


def _extension_check(layer: ValidationLayer, call: str, enabled: bool, where: str) -> None:
    if not enabled:
        layer.report(Violation(vuids.EXTENSION_NOT_ENABLED, call, f"{COOPERATIVE_VECTOR_EXTENSION} is not {where}"))


# --- the property list --------------------------------------------------------------------------------------

def vkGetPhysicalDeviceCooperativeVectorPropertiesNV(physicalDevice: VkPhysicalDevice, pPropertyCount: Any,
                                                     pProperties: Any) -> VkResult:
    """The supported (input, interpretations, result, transpose) combinations, in the profile's order."""
    device = require_handle(physicalDevice, VkPhysicalDevice, PROPERTIES, "physicalDevice")
    _extension_check(device.layer, PROPERTIES, device.answers.cooperative_vector,
                     f"supported by {device.device_name}")
    rows = device.answers.cooperative_vector_properties

    def write(element: Any, row: Any) -> Any:
        if not isinstance(element, VkCooperativeVectorPropertiesNV):
            raise TypeError(f"is a {type(element).__name__}, not a VkCooperativeVectorPropertiesNV")
        if element.sType != VkStructureType.VK_STRUCTURE_TYPE_COOPERATIVE_VECTOR_PROPERTIES_NV:
            device.layer.report(Violation(vuids.PROPERTIES_STYPE, PROPERTIES, f"an element of pProperties has sType = "
                                                                              f"{element.sType!r}"))
        if element.pNext is not None:
            device.layer.report(Violation(vuids.PROPERTIES_PNEXT, PROPERTIES, f"an element of pProperties has pNext "
                                                                              f"= {type(element.pNext).__name__}"))
        element.inputType, element.inputInterpretation = row.input_type, row.input_interpretation
        element.matrixInterpretation, element.biasInterpretation = row.matrix_interpretation, row.bias_interpretation
        element.resultType, element.transpose = row.result_type, int(row.transpose)
        return element

    return enumerate_into(PROPERTIES, device.layer, "pPropertyCount", "pProperties", pPropertyCount, pProperties,
                          rows, write)


# --- the host conversion ------------------------------------------------------------------------------------

def _info(layer: ValidationLayer, call: str, field: str, value: Any, vuid: str) -> VkConvertCooperativeVectorMatrixInfoNV:
    if not isinstance(value, VkConvertCooperativeVectorMatrixInfoNV):
        layer.unsafe(Violation(vuid, call, f"{field} is a {type(value).__name__}, not a "
                                           f"VkConvertCooperativeVectorMatrixInfoNV"))
    return value


def _dst_size_pointer(layer: ValidationLayer, call: str, field: str,
                      info: VkConvertCooperativeVectorMatrixInfoNV) -> ScalarPointer:
    try:
        pointer = scalar_pointer(info.pDstSize)
    except TypeError as problem:
        layer.unsafe(Violation(vuids.INFO_DST_SIZE_POINTER, call, f"{field}->pDstSize {problem}"))
    if pointer is None:
        layer.unsafe(Violation(vuids.INFO_DST_SIZE_POINTER, call, f"{field}->pDstSize is NULL"))
    return pointer


def _host(layer: ValidationLayer, union: Any, field: str, writable: bool, vuid: str) -> np.ndarray | None:
    try:
        return host_bytes(getattr(union, "hostAddress", union), writable)
    except TypeError as problem:
        layer.unsafe(Violation(vuid, CONVERT, f"{field} {problem}"))


def _size_of(layer: ValidationLayer, call: str, plan: ConversionPlan, side: str, desc: Any, device: VkDevice) -> int:
    """A matrix's size; a type the profile's optimal layout cannot hold only happens with a rule broken."""
    try:
        return matrix_bytes(desc, device.profile)
    except InvalidArgumentError as problem:
        vuid = vuids.INFO_SRC_TYPE_SUPPORTED if side == "src" else vuids.INFO_DST_TYPE_SUPPORTED
        layer.unsafe(Violation(vuid, call, f"{plan.field}: the emulated driver has no layout for this {side} "
                                           f"matrix ({problem})"))


def _convert(layer: ValidationLayer, call: str, plan: ConversionPlan, source: np.ndarray, out: np.ndarray,
             device: VkDevice) -> None:
    try:
        convert_into(plan, source, out, device.profile)
    except (InvalidArgumentError, UndefinedBehaviorError) as problem:
        layer.unsafe(Violation(vuids.INFO_TYPE_CHANGE, call, f"{plan.field}: the emulated driver cannot convert "
                                                             f"this matrix ({problem})"))


def vkConvertCooperativeVectorMatrixNV(device: VkDevice, pInfo: VkConvertCooperativeVectorMatrixInfoNV) -> VkResult:
    """Size query (dstData NULL) or host conversion; VK_SUCCESS, or VK_INCOMPLETE with nothing written."""
    device = require_handle(device, VkDevice, CONVERT, "device")
    layer = device.layer
    _extension_check(layer, CONVERT, device.extension_enabled(COOPERATIVE_VECTOR_EXTENSION), "enabled on the device")
    info = _info(layer, CONVERT, "pInfo", pInfo, vuids.HOST_INFO)
    dst_size = _dst_size_pointer(layer, CONVERT, "pInfo", info)
    plan = plan_conversion(info, CONVERT, "pInfo", device.answers, layer)
    src = _host(layer, info.srcData, "pInfo->srcData.hostAddress", False, vuids.INFO_SRC_DATA)
    dst = _host(layer, info.dstData, "pInfo->dstData.hostAddress", True, vuids.INFO_DST_DATA)
    needed = _size_of(layer, CONVERT, plan, "dst", plan.destination.desc, device)
    if dst is None:
        dst_size.set(needed)
        return VkResult.VK_SUCCESS
    if src is None:
        layer.unsafe(Violation(vuids.HOST_SRC_NULL, CONVERT, "pInfo->srcData.hostAddress is NULL but "
                                                             "pInfo->dstData.hostAddress is not"))
    src_size = c_integer(info.srcSize, f"{CONVERT}: pInfo->srcSize", SIZE_MAX, "size_t")
    src_needed = _size_of(layer, CONVERT, plan, "src", plan.source.desc, device)
    if src_size < src_needed:
        layer.report(Violation(vuids.HOST_SRC_SIZE, CONVERT, f"pInfo->srcSize = {src_size}, but the source matrix "
                                                             f"spans {src_needed} bytes"))
    capacity = c_integer(dst_size.get(), f"{CONVERT}: *pInfo->pDstSize", SIZE_MAX, "size_t")
    if capacity < needed:
        layer.report(Violation(vuids.HOST_DST_SIZE, CONVERT, f"*pInfo->pDstSize = {capacity}, but the destination "
                                                             f"needs {needed} bytes"))
        dst_size.set(0)
        return VkResult.VK_INCOMPLETE
    if src.size < src_needed:
        layer.unsafe(Violation(vuids.INFO_SRC_DATA, CONVERT, f"pInfo->srcData.hostAddress holds {src.size} bytes; the "
                                                             f"source matrix spans {src_needed}"))
    if dst.size < needed:
        layer.unsafe(Violation(vuids.INFO_DST_DATA, CONVERT, f"pInfo->dstData.hostAddress holds {dst.size} bytes; the "
                                                             f"destination needs {needed}"))
    src_start, dst_start = host_address(src), host_address(dst)
    if src_start < dst_start + capacity and dst_start < src_start + src_size and capacity and src_size:
        layer.report(Violation(vuids.HOST_OVERLAP, CONVERT,
                               f"source [0x{src_start:x}, 0x{src_start + src_size:x}) and destination "
                               f"[0x{dst_start:x}, 0x{dst_start + capacity:x}) overlap (the emulated driver reads the "
                               f"whole source first)"))
    _convert(layer, CONVERT, plan, src[:src_needed].copy(), dst[:needed], device)
    dst_size.set(needed)
    return VkResult.VK_SUCCESS


# --- the device conversion ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class DeviceConversion:
    """One recorded conversion: the plan, the addresses, the sizes read and written."""

    plan: ConversionPlan
    src_address: int
    src_size: int          # bytes the driver reads: the source matrix
    dst_address: int
    dst_size: int          # bytes the driver writes: the destination matrix


class ConvertCooperativeVectorMatrixCommand(Command):
    name = CMD_CONVERT

    def __init__(self, conversions: list[DeviceConversion]) -> None:
        self.conversions = conversions

    def execute(self, queue: VkQueue) -> None:
        """Each conversion reads its whole source, then writes its destination (cut at the end of its memory)."""
        device = queue.device
        if queue.hazards is not None:
            queue.hazards.access(self.memory_accesses())
        for conversion in self.conversions:
            _execute(conversion, device)

    def memory_accesses(self) -> list[MemoryAccess]:
        """What synchronization validation sees: each source read and destination written by the transfer."""
        stage = int(VkPipelineStageFlagBits2.VK_PIPELINE_STAGE_2_CONVERT_COOPERATIVE_VECTOR_MATRIX_BIT_NV)
        out = []
        for c in self.conversions:
            what = f"{CMD_CONVERT} {c.plan.field}"
            out.append(MemoryAccess(c.src_address, c.src_address + c.src_size, stage,
                                    int(VkAccessFlagBits2.VK_ACCESS_2_TRANSFER_READ_BIT), False, f"{what} (source)"))
            out.append(MemoryAccess(c.dst_address, c.dst_address + c.dst_size, stage,
                                    int(VkAccessFlagBits2.VK_ACCESS_2_TRANSFER_WRITE_BIT), True,
                                    f"{what} (destination)"))
        return out


def _execute(conversion: DeviceConversion, device: VkDevice) -> None:
    layer, field = device.layer, conversion.plan.field
    try:
        src_memory, src_offset = device.address_space.resolve(conversion.src_address, conversion.src_size,
                                                              f"{CMD_CONVERT} {field} source")
        dst_memory, dst_offset = device.address_space.resolve(conversion.dst_address, 0,
                                                              f"{CMD_CONVERT} {field} destination")
    except UndefinedBehaviorError as problem:
        layer.note(f"{problem}; the conversion is skipped")
        return
    source = src_memory.data[src_offset: src_offset + conversion.src_size].copy()
    end = min(dst_offset + conversion.dst_size, dst_memory.size)
    if end - dst_offset == conversion.dst_size:
        _convert(layer, CMD_CONVERT, conversion.plan, source, dst_memory.data[dst_offset:end], device)
    else:
        scratch = dst_memory.data[dst_offset: dst_offset + conversion.dst_size].copy()
        scratch = np.concatenate([scratch, np.zeros(conversion.dst_size - scratch.size, np.uint8)])
        _convert(layer, CMD_CONVERT, conversion.plan, source, scratch, device)
        dst_memory.data[dst_offset:end] = scratch[: end - dst_offset]
        layer.note(f"{CMD_CONVERT} {field}: the destination runs past the end of its memory; "
                   f"{conversion.dst_size - (end - dst_offset)} bytes were not written")
    dst_memory.mark_written()


def _record_conversion(buffer: VkCommandBuffer, index: int, info: Any) -> tuple[DeviceConversion, tuple[int, int]]:
    """Check one info, capture it; also (srcSize, *pDstSize) as declared, for the overlap rule."""
    layer, device = buffer.layer, buffer.device
    field = f"pInfos[{index}]"
    info = _info(layer, CMD_CONVERT, field, info, vuids.CMD_INFOS)
    capacity = c_integer(_dst_size_pointer(layer, CMD_CONVERT, field, info).get(), f"{CMD_CONVERT}: *{field}->pDstSize",
                         SIZE_MAX, "size_t")
    plan = plan_conversion(info, CMD_CONVERT, field, device.answers, layer)
    addresses = []
    for side, union, valid_vuid, aligned_vuid in (("srcData", info.srcData, vuids.CMD_SRC_ADDRESS, vuids.CMD_SRC_ALIGNMENT),
                                                  ("dstData", info.dstData, vuids.CMD_DST_ADDRESS, vuids.CMD_DST_ALIGNMENT)):
        address = c_integer(getattr(union, "deviceAddress", union), f"{CMD_CONVERT}: {field}->{side}.deviceAddress",
                            SIZE_MAX, "VkDeviceAddress")
        if buffer_at(device, address) is None:
            layer.report(Violation(valid_vuid, CMD_CONVERT, f"{field}->{side}.deviceAddress = 0x{address:x} is in no "
                                                            f"bound buffer created with SHADER_DEVICE_ADDRESS usage"))
        if address % DEVICE_ADDRESS_ALIGNMENT:
            layer.report(Violation(aligned_vuid, CMD_CONVERT, f"{field}->{side}.deviceAddress = 0x{address:x} is not "
                                                              f"64-byte aligned (0x{address:x} % 64 = "
                                                              f"{address % DEVICE_ADDRESS_ALIGNMENT})"))
        addresses.append(address)
    src_size = c_integer(info.srcSize, f"{CMD_CONVERT}: {field}->srcSize", SIZE_MAX, "size_t")
    src_needed = _size_of(layer, CMD_CONVERT, plan, "src", plan.source.desc, device)
    dst_needed = _size_of(layer, CMD_CONVERT, plan, "dst", plan.destination.desc, device)
    if src_size < src_needed:
        layer.report(Violation(vuids.CMD_SRC_SIZE, CMD_CONVERT, f"{field}->srcSize = {src_size}, but the source matrix "
                                                                f"spans {src_needed} bytes"))
    if capacity < dst_needed:
        layer.report(Violation(vuids.CMD_DST_SIZE, CMD_CONVERT, f"*{field}->pDstSize = {capacity}, but the destination "
                                                                f"needs {dst_needed} bytes (the emulated driver writes "
                                                                f"them all)"))
    return DeviceConversion(plan, addresses[0], src_needed, addresses[1], dst_needed), (src_size, capacity)


def _overlaps(layer: ValidationLayer, conversions: list[DeviceConversion], declared: list[tuple[int, int]]) -> None:
    """No destination may overlap any source or another destination (ranges as the application declared them)."""
    ranges = [(c.src_address, c.src_address + size[0], c.dst_address, c.dst_address + size[1])
              for c, size in zip(conversions, declared)]
    for i, (_, _, d0, d1) in enumerate(ranges):
        for j, (s0, s1, e0, e1) in enumerate(ranges):
            others = [("source", s0, s1)] + ([("destination", e0, e1)] if j > i else [])
            for what, start, end in others:
                if d0 < end and start < d1 and d0 < d1 and start < end:
                    layer.report(Violation(vuids.CMD_OVERLAP, CMD_CONVERT,
                                           f"pInfos[{i}] destination [0x{d0:x}, 0x{d1:x}) overlaps pInfos[{j}] {what} "
                                           f"[0x{start:x}, 0x{end:x}) (the emulated driver runs the conversions in "
                                           f"order, each reading its whole source first)"))


def vkCmdConvertCooperativeVectorMatrixNV(commandBuffer: VkCommandBuffer, infoCount: int, pInfos: Any) -> None:
    """Record `infoCount` conversions between device addresses; they run when the command buffer is submitted."""
    layer = require_handle(commandBuffer, VkCommandBuffer, CMD_CONVERT, "commandBuffer").layer
    _extension_check(layer, CMD_CONVERT, commandBuffer.device.extension_enabled(COOPERATIVE_VECTOR_EXTENSION),
                     "enabled on the device")
    buffer = recording_buffer(commandBuffer, CMD_CONVERT)
    if not buffer.pool.queue_flags & (VkQueueFlagBits.VK_QUEUE_GRAPHICS_BIT | VkQueueFlagBits.VK_QUEUE_COMPUTE_BIT):
        layer.report(Violation(vuids.CMD_POOL, CMD_CONVERT, f"the pool of {buffer!r} is for queue family "
                                                            f"{buffer.pool.family} ({buffer.pool.queue_flags!r})"))
    count = c_integer(infoCount, f"{CMD_CONVERT}: infoCount", UINT32_MAX, "uint32_t")
    if count == 0:
        layer.report(Violation(vuids.CMD_INFO_COUNT, CMD_CONVERT, "infoCount = 0 (nothing is recorded)"))
        return
    try:
        infos = array_pointer(pInfos, count) or []
    except TypeError as problem:
        layer.unsafe(Violation(vuids.CMD_INFOS, CMD_CONVERT, f"pInfos {problem}"))
    recorded = [_record_conversion(buffer, index, info) for index, info in enumerate(infos)]
    conversions = [conversion for conversion, _ in recorded]
    _overlaps(layer, conversions, [declared for _, declared in recorded])
    buffer.record(ConvertCooperativeVectorMatrixCommand(conversions))


__all__ = ["vkGetPhysicalDeviceCooperativeVectorPropertiesNV", "vkConvertCooperativeVectorMatrixNV",
           "vkCmdConvertCooperativeVectorMatrixNV", "ConvertCooperativeVectorMatrixCommand", "DeviceConversion"]
