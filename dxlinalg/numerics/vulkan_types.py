"""Vulkan's and SPIR-V's numbering of component types and matrix layouts, mapped onto ours.

SPV_NV_cooperative_vector's Component Type enum (Float16NV 0 ... UnsignedInt64NV 10, the packed
and FP8 types at 1000491000-1000491003) is VkComponentTypeKHR's numbering, which the Vulkan
host calls use too. The FP8 values are 1000491002/3 in every official header; 1000567002/3 were
never official, so they are rejected here like any other unknown value. The Cooperative Vector
Matrix Layout values (RowMajorNV 0, ColumnMajorNV 1, InferencingOptimalNV 2, TrainingOptimalNV 3)
equal D3D12's (ROW_MAJOR, COLUMN_MAJOR, MUL_OPTIMAL, OUTER_PRODUCT_OPTIMAL).
"""

from __future__ import annotations

from enum import IntEnum

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.component_types import ComponentType, MatrixLayout


class VkComponentTypeKHR(IntEnum):
    """VkComponentTypeKHR / SPIR-V Component Type values that cooperative vectors use."""

    VK_COMPONENT_TYPE_FLOAT16_KHR = 0
    VK_COMPONENT_TYPE_FLOAT32_KHR = 1
    VK_COMPONENT_TYPE_FLOAT64_KHR = 2
    VK_COMPONENT_TYPE_SINT8_KHR = 3
    VK_COMPONENT_TYPE_SINT16_KHR = 4
    VK_COMPONENT_TYPE_SINT32_KHR = 5
    VK_COMPONENT_TYPE_SINT64_KHR = 6
    VK_COMPONENT_TYPE_UINT8_KHR = 7
    VK_COMPONENT_TYPE_UINT16_KHR = 8
    VK_COMPONENT_TYPE_UINT32_KHR = 9
    VK_COMPONENT_TYPE_UINT64_KHR = 10
    VK_COMPONENT_TYPE_SINT8_PACKED_NV = 1000491000
    VK_COMPONENT_TYPE_UINT8_PACKED_NV = 1000491001
    VK_COMPONENT_TYPE_FLOAT_E4M3_NV = 1000491002
    VK_COMPONENT_TYPE_FLOAT_E5M2_NV = 1000491003


class VkCooperativeVectorMatrixLayoutNV(IntEnum):
    VK_COOPERATIVE_VECTOR_MATRIX_LAYOUT_ROW_MAJOR_NV = 0
    VK_COOPERATIVE_VECTOR_MATRIX_LAYOUT_COLUMN_MAJOR_NV = 1
    VK_COOPERATIVE_VECTOR_MATRIX_LAYOUT_INFERENCING_OPTIMAL_NV = 2
    VK_COOPERATIVE_VECTOR_MATRIX_LAYOUT_TRAINING_OPTIMAL_NV = 3


_V = VkComponentTypeKHR
_TO_COMPONENT: dict[VkComponentTypeKHR, ComponentType] = {
    _V.VK_COMPONENT_TYPE_FLOAT16_KHR: ComponentType.F16,
    _V.VK_COMPONENT_TYPE_FLOAT32_KHR: ComponentType.F32,
    _V.VK_COMPONENT_TYPE_FLOAT64_KHR: ComponentType.F64,
    _V.VK_COMPONENT_TYPE_SINT8_KHR: ComponentType.I8,
    _V.VK_COMPONENT_TYPE_SINT16_KHR: ComponentType.I16,
    _V.VK_COMPONENT_TYPE_SINT32_KHR: ComponentType.I32,
    _V.VK_COMPONENT_TYPE_SINT64_KHR: ComponentType.I64,
    _V.VK_COMPONENT_TYPE_UINT8_KHR: ComponentType.U8,
    _V.VK_COMPONENT_TYPE_UINT16_KHR: ComponentType.U16,
    _V.VK_COMPONENT_TYPE_UINT32_KHR: ComponentType.U32,
    _V.VK_COMPONENT_TYPE_UINT64_KHR: ComponentType.U64,
    _V.VK_COMPONENT_TYPE_SINT8_PACKED_NV: ComponentType.PackedS8x32,
    _V.VK_COMPONENT_TYPE_UINT8_PACKED_NV: ComponentType.PackedU8x32,
    _V.VK_COMPONENT_TYPE_FLOAT_E4M3_NV: ComponentType.F8_E4M3,
    _V.VK_COMPONENT_TYPE_FLOAT_E5M2_NV: ComponentType.F8_E5M2,
}
_FROM_COMPONENT: dict[ComponentType, VkComponentTypeKHR] = {ours: theirs for theirs, ours in _TO_COMPONENT.items()}


def component_type_from_vulkan(value: int, argument: str) -> ComponentType:
    """A Vulkan/SPIR-V component type value as our ComponentType; unknown values are errors."""
    try:
        return _TO_COMPONENT[VkComponentTypeKHR(int(value))]
    except ValueError:
        known = ", ".join(f"{member.name} {member.value}" for member in VkComponentTypeKHR)
        raise InvalidArgumentError(
            f"{argument} = {value} is not a cooperative-vector component type ({known})") from None


def component_type_to_vulkan(component_type: ComponentType) -> VkComponentTypeKHR:
    try:
        return _FROM_COMPONENT[component_type]
    except KeyError:
        raise InvalidArgumentError(f"{component_type.name} has no Vulkan component type") from None


def layout_from_vulkan(value: int, argument: str) -> MatrixLayout:
    """A Cooperative Vector Matrix Layout value (0-3) as our MatrixLayout."""
    try:
        return MatrixLayout(VkCooperativeVectorMatrixLayoutNV(int(value)).value)
    except ValueError:
        raise InvalidArgumentError(
            f"{argument} = {value} is not a Cooperative Vector Matrix Layout (RowMajorNV 0, ColumnMajorNV 1, "
            f"InferencingOptimalNV 2, TrainingOptimalNV 3)") from None
