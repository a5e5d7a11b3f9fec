"""Rules of SPV_NV_cooperative_vector that the other coopvec tests reach only in part: every operand that must be a
constant instruction is named when it is not, OpConvertFToS out of range on a cooperative vector is undefined
(unlike the saturating input interpretation), and the Component Type values are the extension's."""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.component_types import ComponentType as T
from dxlinalg.numerics.component_types import MatrixLayout as L
from dxlinalg.numerics.vulkan_types import (
    VkComponentTypeKHR,
    component_type_from_vulkan,
    component_type_to_vulkan,
)
from dxlinalg.spirv import SpirvUndefinedBehaviorError, SpirvValidationError, prepare
from dxlinalg.spirv.enums import StorageClass
from tests.spirv.coopvec_kernels import CoopvecKernel, apply_coopvec

F16X8 = "f16x8"
MUL_ADD_CONSTANTS = ["InputInterpretation", "MatrixInterpretation", "BiasInterpretation", "M", "K", "MemoryLayout",
                     "Transpose"]
OUTER_PRODUCT_CONSTANTS = ["MemoryLayout", "MatrixInterpretation"]


def vk(component_type: T) -> int:
    return int(component_type_to_vulkan(component_type))


def pushed(kernel: CoopvecKernel, boolean: bool = False) -> int:
    """A uint read from a push constant (a boolean: whether it is 0): a value that is no constant instruction."""
    b, fn = kernel.b, kernel.fn
    block = b.variable(b.struct(kernel.uint, offsets=[0], block=True), StorageClass.PushConstant)
    kernel.kernel.interface.append(block)
    value = fn.op("OpLoad", kernel.uint, fn.op("OpAccessChain", b.pointer(StorageClass.PushConstant, kernel.uint),
                                               block, b.constant(kernel.uint, 0)))
    return fn.op("OpIEqual", b.bool(), value, b.constant(kernel.uint, 0)) if boolean else value


def mul_add_with(variable: str) -> np.ndarray:
    """An FP16 InferencingOptimal MatrixMulAddNV whose operand `variable` is read from memory."""
    kernel = CoopvecKernel()
    b, fn = kernel.b, kernel.fn
    int32 = b.int()
    x = kernel.load(F16X8)
    matrix, bias = kernel.words_array(1), kernel.words_array(2)
    operands = {"InputInterpretation": b.constant(int32, vk(T.F16)),
                "MatrixInterpretation": b.constant(int32, vk(T.F16)),
                "BiasInterpretation": b.constant(int32, vk(T.F16)),
                "M": b.constant(int32, 8), "K": b.constant(int32, 8),
                "MemoryLayout": b.constant(kernel.uint, int(L.MulOptimal)), "Transpose": b.constant(b.bool(), False)}
    operands[variable] = pushed(kernel, boolean=variable == "Transpose")
    zero = b.constant(kernel.uint, 0)
    kernel.store(fn.op("OpCooperativeVectorMatrixMulAddNV", kernel.type_of(F16X8), x, operands["InputInterpretation"],
                       matrix, zero, operands["MatrixInterpretation"], bias, zero, operands["BiasInterpretation"],
                       operands["M"], operands["K"], operands["MemoryLayout"], operands["Transpose"], zero))
    return kernel.finish()


@pytest.mark.parametrize("variable", MUL_ADD_CONSTANTS)
def test_each_operand_of_matrix_mul_add_that_must_be_constant_is_named(variable: str) -> None:
    with pytest.raises(SpirvValidationError, match=rf"OpCooperativeVectorMatrixMulAddNV .*: {variable} must be "
                                                   rf"constant instructions"):
        prepare(mul_add_with(variable))


@pytest.mark.parametrize("variable", OUTER_PRODUCT_CONSTANTS)
def test_each_operand_of_outer_product_accumulate_that_must_be_constant_is_named(variable: str) -> None:
    kernel = CoopvecKernel()
    b, fn = kernel.b, kernel.fn
    a = kernel.load(F16X8)
    target = kernel.words_array(1)
    operands = {"MemoryLayout": b.constant(kernel.uint, int(L.OuterProductOptimal)),
                "MatrixInterpretation": b.constant(b.int(), vk(T.F16))}
    operands[variable] = pushed(kernel)
    fn.do("OpCooperativeVectorOuterProductAccumulateNV", target, b.constant(kernel.uint, 0), a, a,
          operands["MemoryLayout"], operands["MatrixInterpretation"])
    kernel.store(a)
    with pytest.raises(SpirvValidationError, match=rf"OpCooperativeVectorOuterProductAccumulateNV .*: {variable} "
                                                   rf"must be constant instructions"):
        prepare(kernel.finish())


def test_convert_f_to_s_out_of_range_on_a_cooperative_vector_is_undefined() -> None:
    """The element-wise conversion does not saturate the way InputInterpretation does: 3e9 does not fit int32."""
    x = np.zeros((32, 8), np.float32)
    x[5, 3] = 3e9
    with pytest.raises(SpirvUndefinedBehaviorError, match=r"OpConvertFToS.*lane 5.*undefined"):
        apply_coopvec("OpConvertFToS", ["f32x8"], "i32x8", [x])
    permissive = apply_coopvec("OpConvertFToS", ["f32x8"], "i32x8", [x], strict=False)
    assert (np.delete(permissive.reshape(-1), 5 * 8 + 3) == 0).all()


def test_component_type_values_are_the_extensions() -> None:
    expected = {"Float16NV": 0, "Float32NV": 1, "Float64NV": 2, "SignedInt8NV": 3, "SignedInt16NV": 4,
                "SignedInt32NV": 5, "SignedInt64NV": 6, "UnsignedInt8NV": 7, "UnsignedInt16NV": 8,
                "UnsignedInt32NV": 9, "UnsignedInt64NV": 10, "SignedInt8PackedNV": 1000491000,
                "UnsignedInt8PackedNV": 1000491001, "FloatE4M3NV": 1000491002, "FloatE5M2NV": 1000491003}
    ours = {T.F16: 0, T.F32: 1, T.F64: 2, T.I8: 3, T.I16: 4, T.I32: 5, T.I64: 6, T.U8: 7, T.U16: 8, T.U32: 9,
            T.U64: 10, T.PackedS8x32: 1000491000, T.PackedU8x32: 1000491001, T.F8_E4M3: 1000491002,
            T.F8_E5M2: 1000491003}
    assert sorted(expected.values()) == sorted(int(v) for v in VkComponentTypeKHR)
    assert all(component_type_from_vulkan(value, "test") == component for component, value in ours.items())


@pytest.mark.parametrize("value", [1000567002, 1000567003, 11, -1])
def test_values_no_header_defines_are_not_component_types(value: int) -> None:
    """The README of the H100 reference calls 1000567002/3 the FP8 types: no official header does."""
    with pytest.raises(InvalidArgumentError, match="not a cooperative-vector component type"):
        component_type_from_vulkan(value, "MatrixInterpretation")
