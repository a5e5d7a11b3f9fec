"""Every rule about cooperative vectors in a module is rejected by the executor, with a message naming it:
the type, the instructions that may take them, storage classes, the capability, the operands of the
six instructions, and the Vulkan rules of `coopvec_rules` reported with the instruction's location."""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg.numerics.component_types import ComponentType as T
from dxlinalg.numerics.component_types import MatrixLayout as L
from dxlinalg.profile.matrix_storage import MatrixDescription, encode_matrix
from dxlinalg.profile.registry import load_profile
from dxlinalg.spirv import (
    SpirvUndefinedBehaviorError,
    SpirvUnsupportedError,
    SpirvValidationError,
    prepare,
)
from dxlinalg.spirv.enums import Capability, StorageClass
from tests.spirv.coopvec_kernels import CoopvecKernel, run_coopvec
from tests.spirv.test_coopvec_instructions import MulKernel

F16X8 = "f16x8"
X = np.zeros((32, 8), np.float16)


def rejected(words: np.ndarray, match: str, error: type = SpirvValidationError) -> None:
    with pytest.raises(error, match=match):
        prepare(words)


# -- the type ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("case, match", [
    ("bool components", "must be a scalar numerical type"),
    ("64-bit count", "must be a constant instruction with scalar 32-bit integer type"),
    ("count not a constant", "must be a constant instruction with scalar 32-bit integer type"),
    ("zero components", "one or more components"),
])
def test_cooperative_vector_type_rules(case, match):
    kernel = CoopvecKernel()
    b = kernel.b
    if case == "bool components":
        b.cooperative_vector(b.bool(), b.constant(kernel.uint, 4))
    elif case == "64-bit count":
        b.cooperative_vector(b.float(16), b.constant(b.uint(64), 4))
    elif case == "count not a constant":
        b.cooperative_vector(b.float(16), b.variable(kernel.uint, StorageClass.Private))
    else:
        b.cooperative_vector(b.float(16), b.constant(kernel.uint, 0))
    rejected(kernel.finish(), rf"OpTypeCooperativeVectorNV .*{match}")


# -- which instructions take cooperative vectors ----------------------------------------------------------------------
def element_wise(opname: str, operand_specs: list[str], result_spec: str, *, glsl: str | None = None,
                 literals: tuple[int, ...] = (), vector_operand: int | None = None) -> np.ndarray:
    """A module applying one instruction to loaded cooperative vectors (operand `vector_operand`: an OpTypeVector)."""
    kernel = CoopvecKernel()
    b, fn = kernel.b, kernel.fn
    operands = [kernel.load(spec) for spec in operand_specs]
    if vector_operand is not None:
        operands[vector_operand] = b.null(b.vector(b.float(16), 8))
    result = kernel.type_of(result_spec)
    value = fn.ext(result, glsl, *operands) if glsl else fn.op(opname, result, *operands, *literals)
    kernel.store(value)
    return kernel.finish()


@pytest.mark.parametrize("opname, specs, result, glsl, literals, match", [
    ("OpVectorShuffle", [F16X8, F16X8], F16X8, None, tuple(range(8)), "but not OpVectorShuffle"),
    ("OpFMod", [F16X8, F16X8], F16X8, None, (), "OpFMod does not take cooperative vectors"),
    ("OpFRem", [F16X8, F16X8], F16X8, None, (), "OpFRem does not take cooperative vectors"),
    ("OpDot", [F16X8, F16X8], "f16", None, (), "OpDot does not take cooperative vectors"),
    ("", [F16X8], F16X8, "Sin", (), "Sin does not take cooperative vectors"),
    ("", [F16X8], F16X8, "Sqrt", (), "Sqrt does not take cooperative vectors"),
])
def test_only_the_listed_instructions_take_cooperative_vectors(opname, specs, result, glsl, literals, match):
    rejected(element_wise(opname, specs, result, glsl=glsl, literals=literals), match)


def test_comparisons_and_is_nan_do_not_take_cooperative_vectors():
    kernel = CoopvecKernel()
    x = kernel.load(F16X8)
    kernel.fn.op("OpFOrdLessThan", kernel.b.vector(kernel.b.bool(), 8), x, x)
    kernel.store(x)
    rejected(kernel.finish(), "OpFOrdLessThan does not take cooperative vectors")


@pytest.mark.parametrize("opname, specs, result, vector_operand, match", [
    ("OpFAdd", [F16X8, F16X8], F16X8, 1, "takes and gives cooperative vectors, not scalars or vectors"),
    ("OpFAdd", [F16X8, "f16x4"], F16X8, None, "must have the same Component Count"),
    ("OpIAdd", ["i32x8", "u32x8"], "i32x8", None, "must have one type"),
    ("OpBitcast", ["f32x8"], "u16x8", None, "same number of bits per component"),
    ("OpFConvert", ["f32x8"], "f16x4", None, "must have the same Component Count"),
])
def test_element_wise_instructions_take_matching_cooperative_vectors(opname, specs, result, vector_operand, match):
    rejected(element_wise(opname, specs, result, vector_operand=vector_operand), match)


def test_a_cooperative_vector_is_constructed_from_scalars_and_is_no_vector_constituent():
    kernel = CoopvecKernel()
    b, fn = kernel.b, kernel.fn
    half = b.float(16)
    pair = b.null(b.vector(half, 2))
    fn.op("OpCompositeConstruct", kernel.type_of("f16x4"), pair, b.constant(half, 1), b.constant(half, 2))
    kernel.store(kernel.load(F16X8))
    rejected(kernel.finish(), "constructed from scalars of its component type")
    kernel = CoopvecKernel()
    x = kernel.load("f16x2")
    kernel.fn.op("OpCompositeConstruct", kernel.b.vector(kernel.b.float(16), 4), x, x)
    rejected(kernel.finish(), "cannot be a constituent")


def test_select_between_cooperative_vectors_takes_a_scalar_condition():
    kernel = CoopvecKernel()
    b, fn = kernel.b, kernel.fn
    x = kernel.load("f16x2")
    condition = b.null(b.vector(b.bool(), 2))
    kernel.store(fn.op("OpSelect", kernel.type_of("f16x2"), condition, x, x))
    rejected(kernel.finish(), "takes a scalar bool Condition")


# -- storage classes and the capability -------------------------------------------------------------------------------
@pytest.mark.parametrize("storage", [StorageClass.Workgroup, StorageClass.StorageBuffer])
def test_cooperative_vector_variables_only_in_function_or_private_storage(storage):
    kernel = CoopvecKernel()
    b = kernel.b
    vector = kernel.type_of(F16X8)
    pointee = vector if storage == StorageClass.Workgroup else b.struct(vector, offsets=[0], block=True)
    variable = b.variable(pointee, storage, descriptor=(1, 0) if storage == StorageClass.StorageBuffer else None)
    kernel.kernel.interface.append(variable)
    rejected(kernel.finish(), r"OpVariable .*can only be allocated in Function or Private storage classes")


def test_no_memory_access_to_cooperative_vectors_outside_function_and_private_variables():
    kernel = CoopvecKernel()
    b, fn = kernel.b, kernel.fn
    b.capability(Capability.PhysicalStorageBufferAddresses)
    b.sections["memory_model"].clear()
    b.memory_model(5348, 3)
    pointer = fn.op("OpConvertUToPtr", b.pointer(StorageClass.PhysicalStorageBuffer, kernel.type_of(F16X8)),
                    b.constant(b.uint(64), 4096))
    kernel.store(fn.op("OpLoad", kernel.type_of(F16X8), pointer, 2, 16))
    rejected(kernel.finish(), r"OpLoad .*points to cooperative vectors in PhysicalStorageBuffer storage")


def test_the_capability_requires_the_vulkan_memory_model_capability():
    kernel = CoopvecKernel(declare=False)
    kernel.b.capability(Capability.CooperativeVectorNV)
    kernel.store(kernel.load(F16X8))
    rejected(kernel.finish(), r"OpCapability .*VulkanMemoryModel capability must be declared as well")


# -- the six instructions' operands -----------------------------------------------------------------------------------
def mul_module(**change) -> np.ndarray:
    """An FP16 InferencingOptimal MatrixMul, with one operand made wrong."""
    kernel = MulKernel()
    b, fn = kernel.b, kernel.fn
    options = dict(m=8, k=8, input_interpretation=T.F16, matrix_interpretation=T.F16, layout=int(L.MulOptimal),
                   stride=0)
    if change.pop("m_from_memory", False):                    # M read from a push constant: not a constant
        push = b.variable(b.struct(kernel.uint, offsets=[0], block=True), StorageClass.PushConstant)
        change["m_id"] = fn.op("OpLoad", kernel.uint, fn.op("OpAccessChain", b.pointer(StorageClass.PushConstant,
                                                                                      kernel.uint),
                                                             push, b.constant(kernel.uint, 0)))
    options.update(change)
    kernel.matrix_mul(change.pop("input_spec", F16X8), change.pop("result_spec", F16X8),
                      **{k: v for k, v in options.items() if k not in ("input_spec", "result_spec")})
    return kernel.finish()


def test_interpretations_dimensions_layout_and_transpose_must_be_constant_instructions():
    rejected(mul_module(m_from_memory=True), r"OpCooperativeVectorMatrixMulNV .*M must be constant instructions")


@pytest.mark.parametrize("change, match", [
    (dict(input_spec="f16x8", result_spec="f16"), "Result Type .* must be a cooperative vector type"),
    (dict(input_spec="f16", result_spec=F16X8), "Input has type float16; it must be a cooperative vector"),
])
def test_input_and_result_are_cooperative_vectors(change, match):
    rejected(mul_module(**change), match)


def test_matrix_pointers_are_arrays_in_buffer_memory():
    kernel = MulKernel()
    b, fn = kernel.b, kernel.fn
    local = fn.variable(b.array(b.float(16), 64))
    kernel.matrix_mul(F16X8, F16X8, m=8, k=8, input_interpretation=T.F16, matrix_interpretation=T.F16,
                      layout=int(L.MulOptimal), matrix_pointer=local)
    rejected(kernel.finish(), r"OpCooperativeVectorMatrixMulNV .*storage class of Matrix must be CrossWorkgroup, "
                              r"StorageBuffer or PhysicalStorageBuffer")
    kernel = MulKernel()
    shared = kernel.b.variable(kernel.b.array(kernel.uint, 64), StorageClass.Workgroup)
    kernel.matrix_mul(F16X8, F16X8, m=8, k=8, input_interpretation=T.F16, matrix_interpretation=T.F16,
                      layout=int(L.MulOptimal), matrix_pointer=shared)
    rejected(kernel.finish(), "Matrix points into Workgroup")
    kernel = MulKernel()
    block = kernel.kernel.buffer(1, 0, kernel.uint)
    kernel.matrix_mul(F16X8, F16X8, m=8, k=8, input_interpretation=T.F16, matrix_interpretation=T.F16,
                      layout=int(L.MulOptimal), matrix_pointer=block)
    rejected(kernel.finish(), "pointer to an array with a scalar element type")


def test_offsets_are_32_bit_integers_and_transpose_a_bool():
    kernel = MulKernel()
    b = kernel.b
    kernel.matrix_mul(F16X8, F16X8, m=8, k=8, input_interpretation=T.F16, matrix_interpretation=T.F16,
                      layout=int(L.MulOptimal), matrix_offset=b.constant(b.uint(16), 0))
    rejected(kernel.finish(), "MatrixOffset has type uint16; it must be a 32-bit integer")
    kernel = CoopvecKernel()
    words = kernel.words_array(0)
    kernel.fn.do("OpCooperativeVectorStoreNV", words, kernel.b.constant(kernel.uint, 0), kernel.b.constant(
        kernel.b.float(16), 1.0))
    rejected(kernel.finish(), "Object has type float16; it must be a cooperative vector")


def test_load_and_store_pointers_follow_the_storage_rules():
    kernel = CoopvecKernel()
    b, fn = kernel.b, kernel.fn
    private = b.variable(b.array(kernel.uint, 16), StorageClass.Private)
    fn.op("OpCooperativeVectorLoadNV", kernel.type_of(F16X8), private, b.constant(kernel.uint, 0))
    rejected(kernel.finish(), r"OpCooperativeVectorLoadNV .*storage class of Pointer must be CrossWorkgroup, "
                              r"Workgroup, StorageBuffer or PhysicalStorageBuffer")


# -- the Vulkan rules, reported at run time with the instruction's location -------------------------------------------
def run_mul(words: np.ndarray, profile: str = "reference") -> np.ndarray:
    matrix = np.zeros(1024, np.uint8)
    encode_matrix(np.ones((8, 8), np.float16), matrix, MatrixDescription(8, 8, T.F16, L.MulOptimal),
                  load_profile(profile))
    return run_coopvec(words, [X, matrix], F16X8, profile=profile)


def test_transpose_with_row_major_is_rejected_naming_the_instruction():
    words = mul_module(layout=int(L.RowMajor), transpose=True, stride=16)
    with pytest.raises(SpirvValidationError, match=r"^OpCooperativeVectorMatrixMulNV \(instruction \d+.*transposing "
                                                   r"is not supported for the RowMajorNV/ColumnMajorNV"):
        run_mul(words)


def test_unlisted_combinations_and_transposes_are_unsupported_on_the_profile():
    words = mul_module(input_spec="f32x8", input_interpretation=T.F32, matrix_interpretation=T.F32)
    with pytest.raises(SpirvUnsupportedError, match=r"OpCooperativeVectorMatrixMulNV .*is not listed by profile "
                                                    r"'minimal'"):
        run_coopvec(words, [X.astype(np.float32), np.zeros(1024, np.uint8)], F16X8, profile="minimal")
    with pytest.raises(SpirvUnsupportedError, match=r"OpCooperativeVectorMatrixMulNV .*lists transpose = VK_FALSE"):
        run_mul(mul_module(transpose=True), "minimal")


def test_a_misaligned_matrix_offset_is_undefined():
    kernel = MulKernel()
    kernel.matrix_mul(F16X8, F16X8, m=8, k=8, input_interpretation=T.F16, matrix_interpretation=T.F16,
                      layout=int(L.MulOptimal), matrix_offset=kernel.b.constant(kernel.uint, 32))
    with pytest.raises(SpirvUndefinedBehaviorError, match=r"OpCooperativeVectorMatrixMulNV .*64-byte aligned"):
        run_mul(kernel.finish())


def test_the_stride_is_ignored_for_optimal_layouts():
    outputs = [run_mul(mul_module(stride=stride)) for stride in (0, 7, 4096)]
    assert all(np.array_equal(out, outputs[0]) for out in outputs)


def test_a_replicated_composite_needs_a_value_of_the_constituent_type():
    kernel = CoopvecKernel()
    kernel.fn.op("OpCompositeConstructReplicateEXT", kernel.type_of(F16X8), kernel.b.constant(kernel.uint, 1))
    rejected(kernel.finish(), r"OpCompositeConstructReplicateEXT .*SPV_EXT_replicated_composites")
    kernel = CoopvecKernel()
    kernel.b.global_op("OpConstantCompositeReplicateEXT", kernel.type_of(F16X8), kernel.b.constant(kernel.uint, 1))
    rejected(kernel.finish(), r"OpConstantCompositeReplicateEXT .*SPV_EXT_replicated_composites")


def test_transpose_has_a_scalar_boolean_type():
    kernel = CoopvecKernel()
    b, fn = kernel.b, kernel.fn
    int32, uint = b.int(), kernel.uint
    x = kernel.load(F16X8)
    matrix = kernel.words_array(1)
    fn.op("OpCooperativeVectorMatrixMulNV", kernel.type_of(F16X8), x, b.constant(int32, 0), matrix,
          b.constant(uint, 0), b.constant(int32, 0), b.constant(int32, 8), b.constant(int32, 8),
          b.constant(uint, 2), b.constant(uint, 0))
    rejected(kernel.finish(), r"OpCooperativeVectorMatrixMulNV .*Transpose has type uint32; it must have a scalar "
                              r"boolean type")
