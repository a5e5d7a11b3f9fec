"""Every rule of the SPV_NV_cooperative_vector instructions under Vulkan, one named check each.

Sources: the SPV_NV_cooperative_vector extension text (the seed) and the Vulkan specification's
rules for it (VK_NV_cooperative_vector: supported combinations, the runtime SPIR-V VUIDs). Three
kinds, as for DXIL:
- InvalidArgumentError: what the SPIR-V validator or the Vulkan environment rejects; always raised.
- UnsupportedError: a combination `vkGetPhysicalDeviceCooperativeVectorPropertiesNV` does not list
  (or an outer product / reduce-sum the device's training properties do not allow); strict mode.
- UndefinedBehaviorError: misaligned pointers and offsets, out-of-bounds accesses; strict mode.
Where SPIR-V differs from DXIL it is on purpose: signedness comes from Cooperative Matrix
Operands bits, not from the vector's type; the stride is ignored (not required to be 0) for
optimal layouts; a packed input needs at least ceil(K/4) components (DXIL: exactly); alignments
are Vulkan's (matrix 64, bias 16).
"""

from __future__ import annotations

from enum import IntEnum

from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.gpu.context import ExecutionContext
from dxlinalg.linalg.checks import MulCombination, report_unsupported
from dxlinalg.numerics.component_types import ComponentType, MatrixLayout, type_info
from dxlinalg.numerics.packing import packed_word_count
from dxlinalg.numerics.vulkan_types import component_type_from_vulkan, component_type_to_vulkan, layout_from_vulkan
from dxlinalg.profile.vulkan import vulkan_answers

EXTENSION = "SPV_NV_cooperative_vector"

# Vulkan runtime SPIR-V rules for cooperative vectors (VK_NV_cooperative_vector, VUIDs 10096-10101)
MATRIX_ALIGNMENT = 64
BIAS_ALIGNMENT = 16
STRIDE_ALIGNMENT = 16
LOAD_STORE_ALIGNMENT = 16
REDUCE_SUM_ALIGNMENT = 16
OUTER_PRODUCT_ALIGNMENT = 64


class StorageClass(IntEnum):
    """The SPIR-V storage classes these rules name."""

    UniformConstant = 0
    Input = 1
    Uniform = 2
    Output = 3
    Workgroup = 4
    CrossWorkgroup = 5
    Private = 6
    Function = 7
    PushConstant = 9
    StorageBuffer = 12
    PhysicalStorageBuffer = 5349


class CooperativeMatrixOperands(IntEnum):
    """Cooperative Matrix Operands bits (SPV_KHR_cooperative_matrix)."""

    MatrixASignedComponents = 0x1
    MatrixBSignedComponents = 0x2
    MatrixCSignedComponents = 0x4
    MatrixResultSignedComponents = 0x8
    SaturatingAccumulation = 0x10


_MATRIX_STORAGE = (StorageClass.CrossWorkgroup, StorageClass.StorageBuffer, StorageClass.PhysicalStorageBuffer)
_MEMORY_STORAGE = (*_MATRIX_STORAGE, StorageClass.Workgroup)


def _storage_name(storage_class: int) -> str:
    try:
        return StorageClass(storage_class).name
    except ValueError:
        return f"storage class {storage_class}"


# -- static rules: InvalidArgumentError ------------------------------------------------------------
def check_constant_operands(not_constant: list[str], op: str) -> None:
    """The interpretations, M, K, MemoryLayout and Transpose must be constant instructions."""
    if not_constant:
        raise InvalidArgumentError(
            f"{op}: {', '.join(not_constant)} must be constant instructions ({EXTENSION}: InputInterpretation, "
            f"MatrixInterpretation, BiasInterpretation, M, K, MemoryLayout and Transpose must be constant "
            f"instructions)")


def check_matrix_storage(storage_class: int, argument: str, op: str) -> None:
    """Matrix and Bias pointers live in CrossWorkgroup, StorageBuffer or PhysicalStorageBuffer (not Workgroup)."""
    if storage_class not in _MATRIX_STORAGE:
        raise InvalidArgumentError(
            f"{op}: {argument} points into {_storage_name(storage_class)}; the storage class of {argument} must "
            f"be CrossWorkgroup, StorageBuffer or PhysicalStorageBuffer ({EXTENSION})")


def check_memory_storage(storage_class: int, argument: str, op: str) -> None:
    """Load, Store, OuterProductAccumulate and ReduceSumAccumulate pointers may also be Workgroup."""
    if storage_class not in _MEMORY_STORAGE:
        raise InvalidArgumentError(
            f"{op}: {argument} points into {_storage_name(storage_class)}; the storage class of {argument} must "
            f"be CrossWorkgroup, Workgroup, StorageBuffer or PhysicalStorageBuffer ({EXTENSION})")


def input_interpretation(value: int, op: str) -> ComponentType:
    return component_type_from_vulkan(value, f"{op}: InputInterpretation")


def memory_interpretation(value: int, argument: str, op: str) -> ComponentType:
    """Matrix and bias interpretations: packed types are allowed only as InputInterpretation (Vulkan)."""
    component_type = component_type_from_vulkan(value, f"{op}: {argument}")
    if type_info(component_type).is_packed:
        raise InvalidArgumentError(
            f"{op}: {argument} = {value} ({component_type_to_vulkan(component_type).name}); packed component "
            f"types are allowed only as InputInterpretation (VK_NV_cooperative_vector)")
    return component_type


def memory_layout(value: int, op: str) -> MatrixLayout:
    return layout_from_vulkan(value, f"{op}: MemoryLayout")


def check_transpose_layout(layout: MatrixLayout, transpose: bool, op: str) -> None:
    """Transposing is not supported for the RowMajorNV/ColumnMajorNV layouts."""
    if transpose and not layout.is_optimal:
        raise InvalidArgumentError(
            f"{op}: Transpose is true with MemoryLayout {layout_name(layout)}; transposing is not supported for "
            f"the RowMajorNV/ColumnMajorNV layouts ({EXTENSION})")


def check_fp8_optimal_layout(matrix_type: ComponentType, layout: MatrixLayout, op: str) -> None:
    """FP8 matrices only in optimal layouts (Vulkan runtime SPIR-V rule)."""
    if type_info(matrix_type).is_fp8 and not layout.is_optimal:
        raise InvalidArgumentError(
            f"{op}: MatrixInterpretation {component_type_to_vulkan(matrix_type).name} with MemoryLayout "
            f"{layout_name(layout)}; FP8 matrices must use InferencingOptimalNV or TrainingOptimalNV layout "
            f"(VK_NV_cooperative_vector)")


def check_dimensions(m: int, k: int, op: str) -> None:
    if int(m) < 1 or int(k) < 1:
        raise InvalidArgumentError(f"{op}: M = {m} and K = {k} must be positive ({EXTENSION})")


def result_component_type(component_type: ComponentType, components: int, m: int, signed: bool,
                          op: str) -> ComponentType:
    """Result components are 32-bit integers (signed only with MatrixResultSignedComponents) or
    16-/32-bit floats, M of them."""
    info = type_info(component_type)
    if info.is_float and info.bits not in (16, 32) or not info.is_float and info.bits != 32:
        raise InvalidArgumentError(
            f"{op}: Result Type has {component_type.name} components; they must be 32-bit integers or 16- or "
            f"32-bit floats ({EXTENSION})")
    if components != m:
        raise InvalidArgumentError(
            f"{op}: Result Type has {components} components but M = {m}; the number of components of Result "
            f"Type must equal M ({EXTENSION})")
    if info.is_float:
        return component_type
    return ComponentType.I32 if signed else ComponentType.U32


def check_input_length(physical_type: ComponentType, components: int, interpretation: ComponentType, k: int,
                       op: str) -> None:
    """Non-packed: K components. Packed: uint32 components, enough of them for K values."""
    if type_info(interpretation).is_packed:
        if physical_type not in (ComponentType.U32, ComponentType.I32):
            raise InvalidArgumentError(
                f"{op}: InputInterpretation {component_type_to_vulkan(interpretation).name} needs an Input of "
                f"32-bit integer components, got {physical_type.name} ({EXTENSION}: the component type of "
                f"Input must be uint32_t for a packed interpretation)")
        if components < packed_word_count(k):
            raise InvalidArgumentError(
                f"{op}: Input has {components} components but K = {k} packed values need "
                f"{packed_word_count(k)} ({EXTENSION}: the input vector must have enough components to hold K "
                f"values of the packed type)")
    elif components != k:
        raise InvalidArgumentError(
            f"{op}: Input has {components} components but K = {k}; Input must have K components for the "
            f"non-packed InputInterpretation {component_type_to_vulkan(interpretation).name} ({EXTENSION})")


def check_same_component_type(a: ComponentType, b: ComponentType, op: str) -> None:
    if a != b:
        raise InvalidArgumentError(
            f"{op}: A has {a.name} components but B has {b.name}; A and B must have cooperative vector types "
            f"with the same Component Type ({EXTENSION})")


def check_outer_product_inputs(component_type: ComponentType, op: str) -> None:
    """OuterProductAccumulate takes float16 A and B only (Vulkan runtime SPIR-V rule)."""
    if component_type != ComponentType.F16:
        raise InvalidArgumentError(
            f"{op}: A and B have {_vk(component_type)} components; A and B must be float16 "
            f"(VK_NV_cooperative_vector: OpCooperativeVectorOuterProductAccumulateNV operands)")


def check_training_layout(layout: MatrixLayout, op: str) -> None:
    """Outer products accumulate into TrainingOptimalNV matrices only (Vulkan runtime SPIR-V rule)."""
    if layout != MatrixLayout.OuterProductOptimal:
        raise InvalidArgumentError(
            f"{op}: MemoryLayout {layout_name(layout)}; OpCooperativeVectorOuterProductAccumulateNV must use "
            f"TrainingOptimalNV (VK_NV_cooperative_vector)")


def effective_stride(ctx: ExecutionContext, layout: MatrixLayout, matrix_stride: int | None, op: str) -> int:
    """MatrixStride is ignored for optimal layouts; row/column-major strides are 16-byte aligned
    (Vulkan runtime SPIR-V rule; undefined otherwise)."""
    if layout.is_optimal:
        return 0
    stride = int(matrix_stride) if matrix_stride is not None else 0
    if ctx.strict and stride % STRIDE_ALIGNMENT:
        raise UndefinedBehaviorError(
            f"{op}: MatrixStride = {stride} with MemoryLayout {layout_name(layout)} must be a multiple of "
            f"{STRIDE_ALIGNMENT} bytes (VK_NV_cooperative_vector: row/column-major stride alignment)")
    return stride


def layout_name(layout: MatrixLayout) -> str:
    return ("RowMajorNV", "ColumnMajorNV", "InferencingOptimalNV", "TrainingOptimalNV")[int(layout)]


# -- what the device lists: UnsupportedError in strict mode ------------------------------------------
def check_mul_listed(ctx: ExecutionContext, combination: MulCombination, transpose: bool, op: str) -> None:
    """The combination is in the profile's Vulkan vkGetPhysicalDeviceCooperativeVectorPropertiesNV list
    (not D3D12's: the two APIs list different rows for one device), with transpose where transposing.
    A packed interpretation reads 32-bit integer components, which Vulkan lists as UINT32."""
    input_type = combination.input_type
    if type_info(combination.input_interpretation).is_packed:
        input_type = ComponentType.U32
    wanted = (input_type, combination.input_interpretation, combination.matrix_interpretation,
              combination.bias_interpretation, combination.output_type)
    wanted_vk = tuple(None if t is None else component_type_to_vulkan(t) for t in wanted)
    rows = [row for row in vulkan_answers(ctx.profile).cooperative_vector_properties
            if all(w is None or w == listed for w, listed in zip(wanted_vk, row.key(), strict=True))]
    bias = combination.bias_interpretation
    described = (f"inputType {_vk(input_type)}, inputInterpretation "
                 f"{_vk(combination.input_interpretation)}, matrixInterpretation "
                 f"{_vk(combination.matrix_interpretation)}, biasInterpretation "
                 f"{'(none)' if bias is None else _vk(bias)}, resultType {_vk(combination.output_type)}")
    if not rows:
        report_unsupported(ctx, f"{op}: ({described}) is not listed by profile {ctx.profile.name!r}'s "
                                f"vkGetPhysicalDeviceCooperativeVectorPropertiesNV (VK_NV_cooperative_vector: "
                                f"only listed combinations are supported)")
    elif transpose and not any(row.transpose for row in rows):
        report_unsupported(ctx, f"{op}: Transpose is true but profile {ctx.profile.name!r} lists transpose = "
                                f"VK_FALSE for ({described}) (VK_NV_cooperative_vector)")


def _trains_in(ctx: ExecutionContext, component_type: ComponentType) -> bool:
    """cooperativeVectorTrainingFloat16Accumulation / Float32Accumulation cover float16 / float32 results."""
    answers = vulkan_answers(ctx.profile)
    if component_type == ComponentType.F16:
        return answers.training_float16_accumulation
    if component_type == ComponentType.F32:
        return answers.training_float32_accumulation
    return False


def check_outer_product_listed(ctx: ExecutionContext, input_type: ComponentType, accumulation: ComponentType,
                               op: str) -> None:
    """Outer products take float16 A and B into a float16 or float32 matrix the device trains in
    (cooperativeVectorTrainingFloat16Accumulation / Float32Accumulation)."""
    if not _trains_in(ctx, accumulation):
        report_unsupported(ctx, f"{op}: (A/B {_vk(input_type)}, MatrixInterpretation {_vk(accumulation)}) is not "
                                f"a training accumulation profile {ctx.profile.name!r} supports "
                                f"(VK_NV_cooperative_vector: cooperativeVectorTraining{_bits(accumulation)}"
                                f"Accumulation is VK_FALSE)")


def check_reduce_sum_listed(ctx: ExecutionContext, input_type: ComponentType, op: str) -> None:
    if not _trains_in(ctx, input_type):
        report_unsupported(ctx, f"{op}: V has {_vk(input_type)} components, which profile {ctx.profile.name!r} "
                                f"cannot reduce-sum into memory (VK_NV_cooperative_vector: float16 or float32 "
                                f"vectors, as cooperativeVectorTrainingFloat16/32Accumulation allow)")


def _bits(component_type: ComponentType) -> str:
    return {ComponentType.F16: "Float16", ComponentType.F32: "Float32"}.get(component_type, component_type.name)


def _vk(component_type: ComponentType) -> str:
    return component_type_to_vulkan(component_type).name.removeprefix("VK_COMPONENT_TYPE_")
