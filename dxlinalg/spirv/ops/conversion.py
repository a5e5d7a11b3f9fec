"""Conversions: float <-> integer, integer widths, float widths, bit casts, pointers <-> integers.

Float to integer conversion rounds toward zero; a value (or NaN) outside the destination's range
is undefined: strict mode reports it, permissive mode saturates (NaN gives 0). Integer to float
and float narrowing round to nearest even. UConvert zero-extends or truncates, SConvert
sign-extends or truncates.
"""

from __future__ import annotations

import numpy as np

from dxlinalg.spirv.compiler import Compute, Frame, InstructionContext, components, register_opcode
from dxlinalg.spirv.narrow_floats import convert_float, convert_integer, is_narrow, saturating_float8, widen
from dxlinalg.spirv.ops.common import first, report, signed, unsigned, view
from dxlinalg.spirv.types import (
    ArrayType,
    FloatType,
    IntType,
    MatrixType,
    PointerType,
    SpvType,
    VectorType,
    scalar_of,
)


def _float_to_integer(c: InstructionContext, is_signed: bool) -> Compute:
    result = c.numeric_result("i")
    c.same_shape(0, result, "f", same_width=False)
    dtype = result.dtype  # type: ignore[attr-defined]
    target = signed(dtype) if is_signed else unsigned(dtype)
    info = np.iinfo(target)
    low, high = float(info.min) - 1.0, float(info.max) + 1.0
    a = c.value(0)

    narrow = is_narrow(c.value_type(0).dtype)  # type: ignore[attr-defined]

    def compute(f: Frame) -> np.ndarray:
        x = widen(f.values[a]) if narrow else f.values[a]
        if _all_inside(x, low, high, float(info.min)):
            return view(x.astype(target), dtype)
        wide = x.astype(np.float64)
        inside = ((wide > low) | (wide == float(info.min))) & (wide < high)    # false for NaN
        if f.inv.strict:
            report(c, f, ~inside, lambda lane: f"{first(x, lane)} (lane {lane}) does not fit {target} after "
                                               f"truncation: the conversion is undefined")
        converted = np.where(inside, wide, 0.0).astype(target)
        saturated = np.where(wide >= high, target.type(info.max), np.where(wide <= low, target.type(info.min),
                                                                           converted))
        return view(saturated, dtype)
    return compute


def _all_inside(x: np.ndarray, low: float, high: float, lowest: float) -> bool:
    """Whether every element e of `x` has (e > low or e == lowest) and e < high, as the per-element
    test above: that set is an interval, so its smallest and largest element decide (a NaN makes
    both NaN, and fails)."""
    if x.size == 0:
        return True
    smallest, largest = float(x.min()), float(x.max())
    return (smallest > low or smallest == lowest) and largest < high


register_opcode("OpConvertFToS")(lambda c: _float_to_integer(c, True))
register_opcode("OpConvertFToU")(lambda c: _float_to_integer(c, False))


def _integer_to_float(c: InstructionContext, is_signed: bool) -> Compute:
    result = c.numeric_result("f")
    source = c.same_shape(0, result, "i", same_width=False)
    dtype = result.dtype  # type: ignore[attr-defined]
    operand = signed(source.dtype) if is_signed else unsigned(source.dtype)  # type: ignore[attr-defined]
    a = c.value(0)
    if is_narrow(dtype):
        saturate = saturating_float8(c)
        return lambda f: convert_integer(view(f.values[a], operand), dtype, saturate,
                                         f.inv.ctx.profile.shader.bfloat16_rounding)

    def compute(f: Frame) -> np.ndarray:
        x = view(f.values[a], operand)
        if dtype == np.float16 and operand.itemsize == 8:    # via float64: exact below 2^53, Inf above 65519
            return x.astype(np.float64).astype(np.float16)
        return x.astype(dtype)
    return compute


register_opcode("OpConvertSToF")(lambda c: _integer_to_float(c, True))
register_opcode("OpConvertUToF")(lambda c: _integer_to_float(c, False))


def _integer_width(c: InstructionContext, is_signed: bool) -> Compute:
    result = c.numeric_result("i")
    source = c.same_shape(0, result, "i", same_width=False)
    dtype = result.dtype  # type: ignore[attr-defined]
    operand = signed(source.dtype) if is_signed else unsigned(source.dtype)  # type: ignore[attr-defined]
    target = signed(dtype) if is_signed else unsigned(dtype)
    a = c.value(0)
    return lambda f: view(view(f.values[a], operand).astype(target), dtype)


register_opcode("OpSConvert")(lambda c: _integer_width(c, True))
register_opcode("OpUConvert")(lambda c: _integer_width(c, False))


@register_opcode("OpFConvert")
def _float_width(c: InstructionContext) -> Compute:
    result = c.numeric_result("f")
    c.same_shape(0, result, "f", same_width=False)
    dtype = result.dtype  # type: ignore[attr-defined]
    a = c.value(0)
    if is_narrow(dtype) or is_narrow(c.value_type(0).dtype):  # type: ignore[attr-defined]
        saturate = saturating_float8(c)
        return lambda f: convert_float(f.values[a], dtype, saturate, f.inv.ctx.profile.shader.bfloat16_rounding)
    return lambda f: f.values[a].astype(dtype)


@register_opcode("OpQuantizeToF16")
def _quantize(c: InstructionContext) -> Compute:
    result = c.numeric_result("f")
    c.expect(scalar_of(result).width == 32, "result type must be 32-bit float")  # type: ignore[union-attr]
    c.same_shape(0, result, "f")
    a = c.value(0)

    def compute(f: Frame) -> np.ndarray:
        return f.values[a].astype(np.float16).astype(np.float32)
    return compute


def _bits_of(spv_type: SpvType) -> tuple[int, np.dtype] | None:
    """(total bits, component dtype) of a numeric scalar/vector or PSB pointer."""
    if isinstance(spv_type, PointerType) and spv_type.physical:
        return 64, np.dtype(np.uint64)
    scalar = scalar_of(spv_type)
    if isinstance(scalar, (IntType, FloatType)) and not isinstance(spv_type, (ArrayType, MatrixType)):
        return scalar.width * components(spv_type), scalar.dtype
    return None


@register_opcode("OpBitcast")
def _bitcast(c: InstructionContext) -> Compute:
    source, result = c.value_type(0), c.result_type
    source_bits, result_bits = _bits_of(source), _bits_of(result)  # type: ignore[arg-type]
    if source_bits is None or result_bits is None:
        raise c.fail(f"bitcast needs numeric scalars or vectors (or PhysicalStorageBuffer pointers); got "
                     f"{source!r} to {result!r}")
    if source_bits[0] != result_bits[0]:
        raise c.fail(f"bitcast from {source_bits[0]} bits ({source!r}) to {result_bits[0]} bits ({result!r})")
    dtype = result_bits[1]
    scalar_result = not isinstance(result, VectorType)
    a = c.value(0)
    if source_bits[1].itemsize == dtype.itemsize:       # the same components, read as another type
        return lambda f: f.values[a].view(dtype)

    def compute(f: Frame) -> np.ndarray:
        x = np.ascontiguousarray(f.values[a])
        lanes = x.shape[0]
        cast = x.reshape(lanes, -1).view(dtype)
        return cast.reshape(lanes) if scalar_result else cast
    return compute


@register_opcode("OpConvertPtrToU")
def _pointer_to_integer(c: InstructionContext) -> Compute:
    source = c.value_type(0)
    if not (isinstance(source, PointerType) and source.physical):
        raise c.unsupported(f"only PhysicalStorageBuffer pointers have addresses here, not {source!r}")
    result = c.numeric_result("i")
    dtype = result.dtype  # type: ignore[attr-defined]
    a = c.value(0)
    return lambda f: f.values[a].astype(dtype)


@register_opcode("OpConvertUToPtr")
def _integer_to_pointer(c: InstructionContext) -> Compute:
    result = c.result_type
    if not (isinstance(result, PointerType) and result.physical):
        raise c.unsupported(f"only PhysicalStorageBuffer pointers have addresses here, not {result!r}")
    source = c.value_type(0)
    c.expect(isinstance(source, IntType), "operand must be an integer scalar")
    dtype = unsigned(source.dtype)  # type: ignore[attr-defined]
    a = c.value(0)
    return lambda f: view(f.values[a], dtype).astype(np.uint64)

