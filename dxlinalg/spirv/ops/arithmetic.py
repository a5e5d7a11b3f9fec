"""Integer and float arithmetic: wrap-around integers, IEEE floats per type, undefined cases reported.

Integer results wrap modulo 2^width; operands are read with the signedness the opcode names.
Division or remainder by zero, SDiv/SRem/SMod of the most negative value by -1 (which
overflows), and OpSRem/OpSMod with a negative operand on a profile whose device lacks
VK_KHR_maintenance8's definition (shader.signed_remainder = unsigned) are undefined: strict mode reports
them; permissive mode gives the profile's shader.integer_division_by_zero (0 or all ones), the
wrapped quotient, and the profile's shader.signed_remainder. Float operations round once in the result type (IEEE 754, denormals kept).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from dxlinalg.gpu.exact import truncating_divide
from dxlinalg.profile.model import ShaderSettings
from dxlinalg.spirv.compiler import Compute, Frame, InstructionContext, register_opcode
from dxlinalg.spirv.halfmath import exact_op
from dxlinalg.spirv.ops.common import elementwise, first, report, signed, spreader, unsigned, view
from dxlinalg.spirv.types import FloatType, IntType, MatrixType, StructType, VectorType, scalar_of


def _operands(c: InstructionContext, count: int, kinds: str) -> tuple[np.dtype, list[int]]:
    result = c.numeric_result(kinds)
    for k in range(count):
        c.same_shape(k, result, kinds)
    return result.dtype, [c.value(k) for k in range(count)]  # type: ignore[attr-defined]


def _integer(c: InstructionContext, count: int, function: Callable[..., np.ndarray], signedness: str) -> Compute:
    """`function` on the operands viewed as signed ('s'), unsigned ('u') or the result's type ('r')."""
    dtype, ids = _operands(c, count, "i")
    operand_type = {"s": signed(dtype), "u": unsigned(dtype), "r": dtype}[signedness]
    return elementwise(function, ids, operand_type, dtype, spreader(c.result_type, [c.constant_of(i) for i in ids]))


register_opcode("OpIAdd")(lambda c: _integer(c, 2, np.add, "r"))
register_opcode("OpISub")(lambda c: _integer(c, 2, np.subtract, "r"))
register_opcode("OpIMul")(lambda c: _integer(c, 2, np.multiply, "r"))
register_opcode("OpSNegate")(lambda c: _integer(c, 1, np.negative, "s"))


def _division(c: InstructionContext, signedness: str, function: Callable[[np.ndarray, np.ndarray], np.ndarray],
              what: str) -> Compute:
    dtype, (a, b) = _operands(c, 2, "i")
    operand_type = signed(dtype) if signedness == "s" else unsigned(dtype)
    lowest = np.iinfo(operand_type).min
    signed_remainder = c.opname in ("OpSRem", "OpSMod")

    def compute(f: Frame) -> np.ndarray:
        x, y = view(f.values[a], operand_type), view(f.values[b], operand_type)
        settings = _shader_settings(f)
        if signed_remainder and settings.signed_remainder == "unsigned":
            # a device without VK_KHR_maintenance8's definition: negative operands are undefined in Vulkan
            negative = (x < 0) | (y < 0)
            if negative.any():
                report(c, f, negative, lambda lane: (
                    f"{c.opname} of {first(x, lane)} by {first(y, lane)} (lane {lane}): a negative operand is "
                    f"undefined (Vulkan: OpSRem and OpSMod with a negative operand, without VK_KHR_maintenance8)"))
                return _unsigned_remainder(c, f, x, y, dtype, settings.integer_division_by_zero)
        zero = y == 0
        overflow = (x == lowest) & (y == -1) if signedness == "s" else None
        any_zero = bool(zero.any())
        any_overflow = overflow is not None and bool(overflow.any())
        if not any_zero and not any_overflow:
            return view(function(x, y), dtype)
        if f.inv.strict:
            report(c, f, zero, lambda lane: f"{what} by zero (lane {lane}: {first(x, lane)} / 0) is undefined")
            if overflow is not None:
                report(c, f, overflow, lambda lane: f"{what} of {lowest} by -1 (lane {lane}) overflows: undefined")
        one = operand_type.type(1)
        safe = np.where(zero, one, y)
        if any_overflow:
            safe = np.where(overflow, one, safe)        # x / 1 = x = INT_MIN, the wrapped quotient
        result = function(x, safe)
        if any_overflow and function is not truncating_divide:
            result = np.where(overflow, operand_type.type(0), result)     # remainders of INT_MIN by -1 are 0
        return view(np.where(zero, _by_zero(operand_type, settings.integer_division_by_zero), result), dtype)
    return compute


_DEFAULT_SHADER = ShaderSettings()


def _shader_settings(f: Frame) -> ShaderSettings:
    """The profile's shader settings; a specialization constant (OpSpecConstantOp, folded before any device
    runs it) takes the defaults, SPIR-V's definitions."""
    ctx = getattr(f.inv, "ctx", None)
    return _DEFAULT_SHADER if ctx is None else ctx.profile.shader


def _by_zero(operand_type: np.dtype, by_zero: str) -> np.generic:
    """A division or remainder by zero in permissive mode: the profile's shader.integer_division_by_zero."""
    return operand_type.type(0) if by_zero == "zero" else operand_type.type(-1 if operand_type.kind == "i"
                                                                                else np.iinfo(operand_type).max)


def _unsigned_remainder(c: InstructionContext, f: Frame, x: np.ndarray, y: np.ndarray, dtype: np.dtype,
                        by_zero: str) -> np.ndarray:
    """OpSRem/OpSMod as the profile's signed_remainder = unsigned says: OpUMod of the same bits."""
    ux, uy = view(x, unsigned(dtype)), view(y, unsigned(dtype))
    zero = uy == 0
    if zero.any():
        report(c, f, zero, lambda lane: f"remainder by zero (lane {lane}: {first(x, lane)} / 0) is undefined")
    result = np.remainder(ux, np.where(zero, uy.dtype.type(1), uy))
    return view(np.where(zero, _by_zero(ux.dtype, by_zero), result), dtype)


register_opcode("OpUDiv")(lambda c: _division(c, "u", np.floor_divide, "division"))
register_opcode("OpSDiv")(lambda c: _division(c, "s", truncating_divide, "division"))
register_opcode("OpUMod")(lambda c: _division(c, "u", np.remainder, "remainder"))
register_opcode("OpSRem")(lambda c: _division(c, "s", np.fmod, "remainder"))
register_opcode("OpSMod")(lambda c: _division(c, "s", np.remainder, "remainder"))


def _float(c: InstructionContext, count: int, function: Callable[..., np.ndarray]) -> Compute:
    dtype, ids = _operands(c, count, "f")
    spread = spreader(c.result_type, [c.constant_of(i) for i in ids])
    return elementwise(exact_op(function, dtype), ids, dtype, dtype, spread)


register_opcode("OpFAdd")(lambda c: _float(c, 2, np.add))
register_opcode("OpFSub")(lambda c: _float(c, 2, np.subtract))
register_opcode("OpFMul")(lambda c: _float(c, 2, np.multiply))
register_opcode("OpFDiv")(lambda c: _float(c, 2, np.divide))
register_opcode("OpFNegate")(lambda c: _float(c, 1, np.negative))


def _float_remainder(c: InstructionContext, function: Callable[..., np.ndarray]) -> Compute:
    _, (a, b) = _operands(c, 2, "f")

    def compute(f: Frame) -> np.ndarray:
        x, y = f.values[a], f.values[b]
        if f.inv.strict:
            report(c, f, y == 0, lambda lane: f"remainder with divisor 0 (lane {lane}) has an undefined result")
        return function(x, y)
    return compute


register_opcode("OpFRem")(lambda c: _float_remainder(c, np.fmod))
register_opcode("OpFMod")(lambda c: _float_remainder(c, np.remainder))


def _dot_along(products: list[np.ndarray]) -> np.ndarray:
    """Sum of the products in order, each addition rounded in the type."""
    add = exact_op(np.add)
    total = products[0]
    for product in products[1:]:
        total = add(total, product)
    return total


@register_opcode("OpDot")
def _dot(c: InstructionContext) -> Compute:
    result = c.result_type
    c.expect(isinstance(result, FloatType), "result type must be a float scalar")
    left, right = c.value_type(0), c.value_type(1)
    c.expect(isinstance(left, VectorType) and isinstance(left.component, FloatType) and left.id == right.id and
             left.component.id == result.id,  # type: ignore[union-attr]
             "operands must be float vectors of one type whose component type is the result type")
    a, b = c.value(0), c.value(1)
    multiply = exact_op(np.multiply)

    def compute(f: Frame) -> np.ndarray:
        x, y = f.values[a], f.values[b]
        return _dot_along([multiply(x[:, k], y[:, k]) for k in range(x.shape[1])])
    return compute


@register_opcode("OpVectorTimesScalar")
def _vector_times_scalar(c: InstructionContext) -> Compute:
    result = c.numeric_result("f")
    c.expect(isinstance(result, VectorType) and c.value_type(0).id == result.id and
             c.value_type(1).id == result.component.id,  # type: ignore[union-attr]
             "operands must be a float vector of the result type and a scalar of its component type")
    v, s = c.value(0), c.value(1)
    multiply = exact_op(np.multiply, result.dtype)  # type: ignore[attr-defined]

    def compute(f: Frame) -> np.ndarray:
        return multiply(f.values[v], f.values[s][:, None])
    return compute


def _matrix_type(c: InstructionContext, spv_type: object, what: str) -> MatrixType:
    if not isinstance(spv_type, MatrixType):
        raise c.fail(f"{what} must be a matrix, not {spv_type!r}")
    return spv_type


@register_opcode("OpMatrixTimesScalar")
def _matrix_times_scalar(c: InstructionContext) -> Compute:
    result = _matrix_type(c, c.result_type, "result type")
    c.expect(c.value_type(0).id == result.id and c.value_type(1).id == result.component.id,
             "operands must be a matrix of the result type and a scalar of its component type")
    m, s = c.value(0), c.value(1)
    multiply = exact_op(np.multiply)

    def compute(f: Frame) -> np.ndarray:
        return multiply(f.values[m], f.values[s][:, None, None])
    return compute


@register_opcode("OpMatrixTimesVector")
def _matrix_times_vector(c: InstructionContext) -> Compute:
    matrix = _matrix_type(c, c.value_type(0), "operand 0")
    vector = c.value_type(1)
    c.expect(isinstance(vector, VectorType) and vector.count == matrix.columns and
             c.result_type is not None and c.result_type.id == matrix.column.id and
             vector.component.id == matrix.component.id,  # type: ignore[union-attr]
             "needs a matrix with as many columns as the vector has components; the result is a column")
    m, v = c.value(0), c.value(1)
    multiply = exact_op(np.multiply)

    def compute(f: Frame) -> np.ndarray:
        x, y = f.values[m], f.values[v]
        return _dot_along([multiply(x[:, j], y[:, j, None]) for j in range(x.shape[1])])
    return compute


@register_opcode("OpVectorTimesMatrix")
def _vector_times_matrix(c: InstructionContext) -> Compute:
    vector = c.value_type(0)
    matrix = _matrix_type(c, c.value_type(1), "operand 1")
    c.expect(isinstance(vector, VectorType) and vector.id == matrix.column.id and
             isinstance(c.result_type, VectorType) and c.result_type.count == matrix.columns and
             c.result_type.component.id == matrix.component.id,
             "needs a vector of the matrix's column type; the result has one component per column")
    v, m = c.value(0), c.value(1)
    multiply = exact_op(np.multiply)

    def compute(f: Frame) -> np.ndarray:
        x, y = f.values[v], f.values[m]
        return _dot_along([multiply(x[:, None, k], y[:, :, k]) for k in range(x.shape[1])])
    return compute


@register_opcode("OpMatrixTimesMatrix")
def _matrix_times_matrix(c: InstructionContext) -> Compute:
    left = _matrix_type(c, c.value_type(0), "operand 0")
    right = _matrix_type(c, c.value_type(1), "operand 1")
    result = _matrix_type(c, c.result_type, "result type")
    c.expect(right.rows == left.columns and result.columns == right.columns and result.column.id == left.column.id,
             "needs LeftMatrix columns == RightMatrix rows; the result has LeftMatrix's column type and "
             "RightMatrix's column count")
    a, b = c.value(0), c.value(1)
    multiply = exact_op(np.multiply)

    def compute(f: Frame) -> np.ndarray:
        x, y = f.values[a], f.values[b]
        return _dot_along([multiply(x[:, None, k, :], y[:, :, k, None]) for k in range(x.shape[1])])
    return compute


@register_opcode("OpOuterProduct")
def _outer_product(c: InstructionContext) -> Compute:
    result = _matrix_type(c, c.result_type, "result type")
    left, right = c.value_type(0), c.value_type(1)
    c.expect(left.id == result.column.id and isinstance(right, VectorType) and right.count == result.columns and
             right.component.id == result.component.id,
             "operand 0 must be the result's column type and operand 1 have one component per column")
    a, b = c.value(0), c.value(1)
    multiply = exact_op(np.multiply)

    def compute(f: Frame) -> np.ndarray:
        return multiply(f.values[a][:, None, :], f.values[b][:, :, None])
    return compute


def _pair_result(c: InstructionContext) -> IntType | VectorType:
    result = c.result_type
    if not isinstance(result, StructType) or len(result.members) != 2 or result.members[0].id != result.members[1].id:
        raise c.fail("result type must be a struct of two members of one integer scalar or vector type")
    member = result.members[0]
    if not isinstance(scalar_of(member), IntType) or isinstance(member, MatrixType):
        raise c.fail("result members must be integer scalars or vectors")
    for k in (0, 1):
        c.same_shape(k, member, "i")
    return member  # type: ignore[return-value]


@register_opcode("OpIAddCarry", "OpISubBorrow")
def _carry(c: InstructionContext) -> Compute:
    member = _pair_result(c)
    dtype = unsigned(member.dtype)
    a, b = c.value(0), c.value(1)
    subtract = c.opname == "OpISubBorrow"

    def compute(f: Frame) -> tuple[np.ndarray, np.ndarray]:
        x, y = view(f.values[a], dtype), view(f.values[b], dtype)
        if subtract:
            return view(x - y, member.dtype), view((x < y).astype(dtype), member.dtype)
        total = x + y
        return view(total, member.dtype), view((total < x).astype(dtype), member.dtype)
    return compute


@register_opcode("OpUMulExtended", "OpSMulExtended")
def _multiply_extended(c: InstructionContext) -> Compute:
    member = _pair_result(c)
    dtype = member.dtype
    width = dtype.itemsize * 8
    is_signed = c.opname == "OpSMulExtended"
    a, b = c.value(0), c.value(1)

    def compute(f: Frame) -> tuple[np.ndarray, np.ndarray]:
        x, y = f.values[a], f.values[b]
        if width < 64:
            wide = np.int64 if is_signed else np.uint64
            operand = signed(dtype) if is_signed else unsigned(dtype)
            product = view(x, operand).astype(wide) * view(y, operand).astype(wide)
            low = product.astype(unsigned(dtype)).view(dtype) if is_signed else product.astype(dtype)
            high = (product >> width).astype(signed(dtype) if is_signed else unsigned(dtype))
            return view(low, dtype), view(high, dtype)
        return _multiply_64(view(x, np.dtype(np.uint64)), view(y, np.dtype(np.uint64)), is_signed, dtype)
    return compute


def _multiply_64(x: np.ndarray, y: np.ndarray, is_signed: bool, dtype: np.dtype) -> tuple[np.ndarray, np.ndarray]:
    """Low and high 64-bit halves of the 128-bit product, from 32-bit partial products."""
    mask = np.uint64(0xFFFFFFFF)
    shift = np.uint64(32)
    x_low, x_high, y_low, y_high = x & mask, x >> shift, y & mask, y >> shift
    low_low = x_low * y_low
    middle1 = x_high * y_low + (low_low >> shift)
    middle2 = x_low * y_high + (middle1 & mask)
    high = x_high * y_high + (middle1 >> shift) + (middle2 >> shift)
    low = x * y
    if is_signed:      # high(signed) = high(unsigned) - (x < 0 ? y : 0) - (y < 0 ? x : 0)
        high = high - np.where(x.view(np.int64) < 0, y, np.uint64(0)) - np.where(y.view(np.int64) < 0, x,
                                                                                   np.uint64(0))
    return view(low, dtype), view(high, dtype)

