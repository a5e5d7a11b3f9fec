"""VkConvertCooperativeVectorMatrixInfoNV: its rules, the sizes it reports, and the conversion a driver runs.

`plan_conversion` checks one info struct (every VUID of the struct, each reported through the validation
layer) and resolves what the driver will do: which types it lays out (the profile's `unvalidated` choices
decide that for values a rule forbids), where the elements sit, and whether it writes zeros. `matrix_bytes` is
the size Vulkan reports: the bytes the layout occupies, not rounded (D3D12 rounds to 16; Vulkan has no such
rule and NVIDIA's driver reports e.g. 2 bytes for a 1 x 1 FP16 row-major matrix). `convert_into` writes the
destination bytes. Layout and type -> bytes stays `dxlinalg.profile.matrix_storage`'s job.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NoReturn

import numpy as np

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.codecs import element_dtype
from dxlinalg.numerics.component_types import ComponentType, MatrixLayout, type_info
from dxlinalg.numerics.conversions import convert_elements
from dxlinalg.numerics.layouts.strided import (
    decode_strided,
    encode_strided,
)
from dxlinalg.numerics.vulkan_types import (
    VkComponentTypeKHR,
    VkCooperativeVectorMatrixLayoutNV,
    component_type_from_vulkan,
)
from dxlinalg.profile.conversion_rules import type_change_allowed
from dxlinalg.profile.formats import optimal_format
from dxlinalg.profile.matrix_storage import (
    MatrixDescription,
    decode_matrix,
    occupied_size,
)
from dxlinalg.profile.model import DeviceProfile
from dxlinalg.profile.vulkan import IntegerTypeChange, VulkanProfile, vulkan_type_name
from dxlinalg.vulkan import vuids
from dxlinalg.vulkan.arguments import SIZE_MAX, UINT32_MAX, c_integer
from dxlinalg.vulkan.enums import VkStructureType
from dxlinalg.vulkan.structs import VkConvertCooperativeVectorMatrixInfoNV
from dxlinalg.vulkan.validation import ValidationLayer, Violation

CONVERT = "vkConvertCooperativeVectorMatrixNV"
CMD_CONVERT = "vkCmdConvertCooperativeVectorMatrixNV"
#: Emulator limit on numRows * numColumns (host memory for layout tables), as for D3D12; larger is rejected.
MAX_MATRIX_ELEMENTS = 1 << 24
_V = VkComponentTypeKHR
#: Element sizes for the stride rules, as the validation layer counts them (ComponentTypeBytesPerElement).
_RULE_ELEMENT_BYTES: dict[VkComponentTypeKHR, int] = {
    _V.VK_COMPONENT_TYPE_SINT8_KHR: 1, _V.VK_COMPONENT_TYPE_UINT8_KHR: 1, _V.VK_COMPONENT_TYPE_FLOAT_E4M3_NV: 1,
    _V.VK_COMPONENT_TYPE_FLOAT_E5M2_NV: 1, _V.VK_COMPONENT_TYPE_SINT8_PACKED_NV: 1,
    _V.VK_COMPONENT_TYPE_UINT8_PACKED_NV: 1, _V.VK_COMPONENT_TYPE_FLOAT16_KHR: 2, _V.VK_COMPONENT_TYPE_SINT16_KHR: 2,
    _V.VK_COMPONENT_TYPE_UINT16_KHR: 2, _V.VK_COMPONENT_TYPE_FLOAT32_KHR: 4, _V.VK_COMPONENT_TYPE_SINT32_KHR: 4,
    _V.VK_COMPONENT_TYPE_UINT32_KHR: 4, _V.VK_COMPONENT_TYPE_FLOAT64_KHR: 8, _V.VK_COMPONENT_TYPE_SINT64_KHR: 8,
    _V.VK_COMPONENT_TYPE_UINT64_KHR: 8,
}
_FP8 = (ComponentType.F8_E4M3, ComponentType.F8_E5M2)


@dataclass(frozen=True)
class MatrixSide:
    """One side of a conversion: the type value passed, what it means, and how the driver lays it out."""

    declared: int                  # the VkComponentTypeKHR value in the struct
    meaning: ComponentType         # its type (for a value outside the enum: its storage type)
    desc: MatrixDescription        # rows, columns, the storage type, layout and stride the driver uses


@dataclass(frozen=True)
class ConversionPlan:
    """What the driver does for one info struct, decided before any byte is read."""

    field: str
    source: MatrixSide
    destination: MatrixSide
    zero_fill: bool                # a type change with an integer type under IntegerTypeChange.ZEROS

    @property
    def empty(self) -> bool:
        return self.destination.desc.rows * self.destination.desc.cols == 0


def _known(value: int) -> VkComponentTypeKHR | None:
    """The VkComponentTypeKHR member for a value, or None for a value outside the enum."""
    try:
        return VkComponentTypeKHR(value)
    except ValueError:
        return None


def _type_name(value: int) -> str:
    try:
        return vulkan_type_name(VkComponentTypeKHR(value))
    except ValueError:
        return str(value)


def _layout_name(value: int) -> str:
    try:
        return VkCooperativeVectorMatrixLayoutNV(value).name
    except ValueError:
        return str(value)


class _Checker:
    """Reports one info struct's broken rules under its field name (`pInfo`, `pInfos[2]`)."""

    def __init__(self, layer: ValidationLayer, call: str, field: str) -> None:
        self.layer, self.call, self.field = layer, call, field

    def violation(self, vuid: str, detail: str) -> Violation:
        return Violation(vuid, self.call, f"{self.field}->{detail}")

    def report(self, vuid: str, detail: str) -> None:
        self.layer.report(self.violation(vuid, detail))

    def unsafe(self, vuid: str, detail: str) -> NoReturn:
        self.layer.unsafe(self.violation(vuid, detail))


def plan_conversion(info: VkConvertCooperativeVectorMatrixInfoNV, call: str, field: str, answers: VulkanProfile,
                    layer: ValidationLayer) -> ConversionPlan:
    """Check every rule of one VkConvertCooperativeVectorMatrixInfoNV, in reading order; resolve the plan."""
    check = _Checker(layer, call, field)
    structure_type = VkStructureType.VK_STRUCTURE_TYPE_CONVERT_COOPERATIVE_VECTOR_MATRIX_INFO_NV
    if info.sType != structure_type:
        check.report(vuids.INFO_STYPE, f"sType = {info.sType!r}, not {structure_type.name} ({structure_type.value})")
    if info.pNext is not None:
        check.report(vuids.INFO_PNEXT, f"pNext is a {type(info.pNext).__name__}; no structure extends this one")
    rows = c_integer(info.numRows, f"{call}: {field}->numRows", UINT32_MAX, "uint32_t")
    cols = c_integer(info.numColumns, f"{call}: {field}->numColumns", UINT32_MAX, "uint32_t")
    if rows * cols > MAX_MATRIX_ELEMENTS:
        raise InvalidArgumentError(f"{call}: {field}->numRows = {rows} x numColumns = {cols} = {rows * cols} elements "
                                   f"is past the emulator's limit of {MAX_MATRIX_ELEMENTS}")
    src_layout = _layout(check, info.srcLayout, "srcLayout", vuids.INFO_SRC_LAYOUT_VALUE)
    dst_layout = _layout(check, info.dstLayout, "dstLayout", vuids.INFO_DST_LAYOUT_VALUE)
    src_declared, src_meaning = _component(check, info.srcComponentType, "srcComponentType",
                                           vuids.INFO_SRC_TYPE_VALUE, answers)
    dst_declared, dst_meaning = _component(check, info.dstComponentType, "dstComponentType",
                                           vuids.INFO_DST_TYPE_VALUE, answers)
    src_storage = _supported(check, src_declared, src_meaning, "srcComponentType", vuids.INFO_SRC_TYPE_SUPPORTED, answers)
    dst_storage = _supported(check, dst_declared, dst_meaning, "dstComponentType", vuids.INFO_DST_TYPE_SUPPORTED, answers)
    zero_fill = _type_change(check, src_declared, src_meaning, dst_declared, dst_meaning, answers)
    if dst_meaning in _FP8 and not dst_layout.is_optimal:
        check.report(vuids.INFO_FP8_LAYOUT, f"dstComponentType = {_type_name(dst_declared)} with dstLayout = "
                                            f"{_layout_name(int(dst_layout))}: FP8 destinations need an optimal layout")
    src_stride = _stride(check, info.srcStride, "srcStride", src_declared, src_layout, rows, cols, vuids.INFO_SRC_STRIDE)
    dst_stride = _stride(check, info.dstStride, "dstStride", dst_declared, dst_layout, rows, cols, vuids.INFO_DST_STRIDE)
    return ConversionPlan(
        field,
        MatrixSide(src_declared, src_meaning, MatrixDescription(rows, cols, src_storage, src_layout, src_stride)),
        MatrixSide(dst_declared, dst_meaning, MatrixDescription(rows, cols, dst_storage, dst_layout, dst_stride)),
        zero_fill)


def _layout(check: _Checker, value: object, name: str, vuid: str) -> MatrixLayout:
    number = c_integer(value, f"{check.call}: {check.field}->{name}", UINT32_MAX, "VkCooperativeVectorMatrixLayoutNV")
    try:
        return MatrixLayout(VkCooperativeVectorMatrixLayoutNV(number).value)
    except ValueError:
        check.unsafe(vuid, f"{name} = {number} is not a VkCooperativeVectorMatrixLayoutNV value (0 ROW_MAJOR, "
                           f"1 COLUMN_MAJOR, 2 INFERENCING_OPTIMAL, 3 TRAINING_OPTIMAL)")


def _component(check: _Checker, value: object, name: str, vuid: str,
               answers: VulkanProfile) -> tuple[int, ComponentType]:
    """(the value, its type); a value outside VkComponentTypeKHR means the profile's stand-in type, if any."""
    number = c_integer(value, f"{check.call}: {check.field}->{name}", UINT32_MAX, "VkComponentTypeKHR")
    try:
        return number, component_type_from_vulkan(number, name)
    except InvalidArgumentError:
        pass
    detail = f"{name} = {number} is not a VkComponentTypeKHR value"
    stand_in = answers.unvalidated.storage_of_unknown_values.get(number)
    if stand_in is None:
        check.unsafe(vuid, detail)
    check.report(vuid, detail)
    return number, component_type_from_vulkan(stand_in, name)


def _supported(check: _Checker, declared: int, meaning: ComponentType, name: str, vuid: str,
               answers: VulkanProfile) -> ComponentType:
    """The storage type: the type itself, or for a type no property lists, what the driver makes of it."""
    vk = _known(declared)
    if vk is None:
        return meaning
    supported = answers.matrix_interpretations() | {VkComponentTypeKHR.VK_COMPONENT_TYPE_FLOAT32_KHR}
    if vk in supported:
        return meaning
    listed = ", ".join(vulkan_type_name(t) for t in sorted(supported))
    check.report(vuid, f"{name} = {vulkan_type_name(vk)} is no matrixInterpretation the device reports, so it must "
                       f"be FLOAT32 (reported: {listed})")
    stand_in = answers.unvalidated.storage_of_unlisted_types.get(vk)
    return meaning if stand_in is None else component_type_from_vulkan(stand_in, name)


def _type_change(check: _Checker, src_declared: int, src: ComponentType, dst_declared: int, dst: ComponentType,
                 answers: VulkanProfile) -> bool:
    """Report a forbidden type change; True when the driver then writes zeros."""
    known = _known(src_declared) is not None and _known(dst_declared) is not None
    if src_declared == dst_declared or (known and type_change_allowed(src, dst)):
        return False
    integer = not (type_info(src).is_float and type_info(dst).is_float)
    check.report(vuids.INFO_TYPE_CHANGE,
                 f"srcComponentType = {_type_name(src_declared)} -> dstComponentType = {_type_name(dst_declared)}: "
                 f"types may differ only between FLOAT32/FLOAT16 and a lower-precision float"
                 + (" (integer types convert only to themselves)" if integer else ""))
    return integer and answers.unvalidated.integer_type_change == IntegerTypeChange.ZEROS


def _stride(check: _Checker, value: object, name: str, declared: int, layout: MatrixLayout, rows: int, cols: int,
            vuid: str) -> int:
    """A row/column-major stride: at least one row/column of elements and a multiple of the element size.

    The spec says "greater than the length of a row/column"; like the validation layer (and every
    tight-strided caller) we read it as "at least". Optimal layouts ignore the stride.
    """
    stride = c_integer(value, f"{check.call}: {check.field}->{name}", SIZE_MAX, "size_t")
    if layout.is_optimal:
        return 0
    known = _known(declared)
    element = None if known is None else _RULE_ELEMENT_BYTES.get(known)
    if element is None:
        return stride
    count, what = (cols, "numColumns") if layout == MatrixLayout.RowMajor else (rows, "numRows")
    if stride < count * element:
        check.report(vuid, f"{name} = {stride} is shorter than {what} ({count}) x the element size ({element}) = "
                           f"{count * element} bytes")
    elif stride % element:
        check.report(vuid, f"{name} = {stride} is not a multiple of the element size ({element} bytes)")
    return stride


def matrix_bytes(desc: MatrixDescription, profile: DeviceProfile) -> int:
    """Bytes a matrix occupies as Vulkan reports it: the strided span, or every slot of the optimal layout."""
    if desc.rows * desc.cols == 0:
        return 0
    return occupied_size(desc, profile)


def _regular(desc: MatrixDescription) -> bool:
    """A stride the strided codecs take: whole elements apart, rows not overlapping."""
    size = element_dtype(desc.component_type).itemsize
    count, length = (desc.rows, desc.cols) if desc.layout == MatrixLayout.RowMajor else (desc.cols, desc.rows)
    return desc.stride % size == 0 and (count == 1 or desc.stride >= length * size)


def _byte_offsets(desc: MatrixDescription) -> np.ndarray:
    """(rows, cols, element bytes) offsets of every element's bytes, for strides the codecs refuse."""
    size = element_dtype(desc.component_type).itemsize
    r = np.arange(desc.rows)[:, None, None]
    c = np.arange(desc.cols)[None, :, None]
    k = np.arange(size)[None, None, :]
    if desc.layout == MatrixLayout.RowMajor:
        return r * desc.stride + c * size + k
    return c * desc.stride + r * size + k


def decode_source(source: np.ndarray, desc: MatrixDescription, profile: DeviceProfile) -> np.ndarray:
    """The (rows, cols) elements a driver reads; odd strides are read byte by byte, as a driver would."""
    if desc.layout.is_optimal or _regular(desc):
        if desc.layout.is_optimal:
            return decode_matrix(source, desc, profile)
        return decode_strided(source, desc.rows, desc.cols, desc.component_type, desc.layout, desc.stride)
    dtype = element_dtype(desc.component_type)
    gathered = np.ascontiguousarray(source[_byte_offsets(desc)])
    return gathered.view(dtype).reshape(desc.rows, desc.cols)


def encode_destination(matrix: np.ndarray, out: np.ndarray, desc: MatrixDescription, profile: DeviceProfile) -> None:
    """Write (rows, cols) elements into `out` (exactly matrix_bytes(desc) long).

    Optimal layouts write every byte (padding included); strided ones only element bytes, later rows over
    earlier ones where an odd stride makes them overlap.
    """
    if desc.layout.is_optimal:
        fmt = optimal_format(profile, desc.layout)
        out[:] = fmt.encode(matrix, desc.component_type, desc.layout)[: out.size]
    elif _regular(desc):
        encode_strided(matrix, out, desc.component_type, desc.layout, desc.stride)
    else:
        words = np.ascontiguousarray(matrix).view(np.uint8).reshape(-1)
        out[_byte_offsets(desc).reshape(-1)] = words  # element order: a later row's bytes land last


def converted_matrix(plan: ConversionPlan, source: np.ndarray, profile: DeviceProfile) -> np.ndarray:
    """The destination elements: zeros, the source's bits, or the converted values."""
    src, dst = plan.source.desc, plan.destination.desc
    if plan.zero_fill:
        return np.zeros((dst.rows, dst.cols), element_dtype(dst.component_type))
    matrix = decode_source(source, src, profile)
    if plan.source.declared == plan.destination.declared:
        return matrix
    return convert_elements(matrix, src.component_type, dst.component_type, profile.float_conversion)


def convert_into(plan: ConversionPlan, source: np.ndarray, out: np.ndarray, profile: DeviceProfile) -> None:
    """Write the destination's bytes into `out` (exactly the destination size)."""
    if plan.empty:
        return
    encode_destination(converted_matrix(plan, source, profile), out, plan.destination.desc, profile)
