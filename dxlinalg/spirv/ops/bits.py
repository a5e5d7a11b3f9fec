"""Shifts, bitwise logic, bit-field insert/extract, bit reverse and count.

A shift by the bit width or more, and a bit field that runs past the width, are undefined:
strict mode reports them; permissive mode takes the shift modulo the width and clamps the field
to the width (what most GPUs' shifters and bit-field units do).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from dxlinalg.spirv.compiler import Compute, Frame, InstructionContext, register_opcode
from dxlinalg.spirv.ops.common import elementwise, first, report, signed, spreader, unsigned, view
from dxlinalg.spirv.types import IntType

_BYTE_REVERSED = np.array([int(f"{b:08b}"[::-1], 2) for b in range(256)], np.uint8)


def _shift(c: InstructionContext, direction: str) -> Compute:
    result = c.numeric_result("i")
    c.same_shape(0, result, "i")
    c.same_shape(1, result, "i", same_width=False)
    dtype = result.dtype  # type: ignore[attr-defined]
    width = dtype.itemsize * 8
    base_type = signed(dtype) if direction == "arithmetic" else unsigned(dtype)
    shift_type = unsigned(c.value_type(1).dtype)  # type: ignore[attr-defined]
    base, amount = c.value(0), c.value(1)
    shift = np.left_shift if direction == "left" else np.right_shift

    constant = c.constant_of(amount)
    if isinstance(constant, np.ndarray) and (view(constant, shift_type) < width).all():   # nothing to check
        fixed = view(constant, shift_type).astype(base_type)
        spread_fixed = spreader(result, [c.constant_of(base), fixed])
        return lambda f: view(shift(*spread_fixed(view(f.values[base], base_type), fixed)), dtype)
    spread = spreader(result, [c.constant_of(base)])

    def compute(f: Frame) -> np.ndarray:
        x = view(f.values[base], base_type)
        s = view(f.values[amount], shift_type)
        if f.inv.strict:
            report(c, f, s >= width, lambda lane: f"shift by {first(s, lane)} (lane {lane}) is not less than the "
                                                  f"{width}-bit width: undefined")
        x, s = spread(x, (s % width).astype(base_type))
        return view(shift(x, s), dtype)
    return compute


register_opcode("OpShiftLeftLogical")(lambda c: _shift(c, "left"))
register_opcode("OpShiftRightLogical")(lambda c: _shift(c, "logical"))
register_opcode("OpShiftRightArithmetic")(lambda c: _shift(c, "arithmetic"))


def _bitwise(c: InstructionContext, count: int, function: Callable[..., np.ndarray]) -> Compute:
    result = c.numeric_result("i")
    for k in range(count):
        c.same_shape(k, result, "i")
    dtype = result.dtype  # type: ignore[attr-defined]
    ids = [c.value(k) for k in range(count)]
    return elementwise(function, ids, dtype, dtype, spreader(result, [c.constant_of(i) for i in ids]))


register_opcode("OpBitwiseOr")(lambda c: _bitwise(c, 2, np.bitwise_or))
register_opcode("OpBitwiseXor")(lambda c: _bitwise(c, 2, np.bitwise_xor))
register_opcode("OpBitwiseAnd")(lambda c: _bitwise(c, 2, np.bitwise_and))
register_opcode("OpNot")(lambda c: _bitwise(c, 1, np.invert))


def _low_bits(count: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """Masks of the low `count` bits (count in [0, width]) in unsigned `dtype`."""
    width = dtype.itemsize * 8
    ones = np.array(~dtype.type(0), dtype)
    partial = np.left_shift(dtype.type(1), np.minimum(count, width - 1).astype(dtype)) - dtype.type(1)
    return np.where(count >= width, ones, partial)


def _field(c: InstructionContext, f: Frame, offset: np.ndarray, count: np.ndarray,
           width: int) -> tuple[np.ndarray, np.ndarray]:
    offset = offset.astype(np.int64)
    count = count.astype(np.int64)
    if f.inv.strict:
        report(c, f, (offset + count > width) | (offset < 0) | (count < 0),
               lambda lane: f"bit field Offset {first(offset, lane)} + Count {first(count, lane)} (lane {lane}) "
                            f"exceeds the {width}-bit width: undefined")
    offset = np.clip(offset, 0, width)
    count = np.clip(count, 0, width - offset)
    return offset, count


def _field_operands(c: InstructionContext, first_field: int) -> tuple[np.dtype, list[int], int, int]:
    result = c.numeric_result("i")
    for k in range(first_field):
        c.same_shape(k, result, "i")
    for k in (first_field, first_field + 1):
        kind = c.value_type(k)
        c.expect(isinstance(kind, IntType), f"operand {k} (Offset/Count) must be an integer scalar")
    dtype = unsigned(result.dtype)  # type: ignore[attr-defined]
    return dtype, [c.value(k) for k in range(first_field)], c.value(first_field), c.value(first_field + 1)


def _per_component(value: np.ndarray, like: np.ndarray) -> np.ndarray:
    return value.reshape(value.shape + (1,) * (like.ndim - value.ndim))


@register_opcode("OpBitFieldInsert")
def _bit_field_insert(c: InstructionContext) -> Compute:
    dtype, (base, insert), offset_id, count_id = _field_operands(c, 2)
    result_dtype = c.result_type.dtype  # type: ignore[union-attr]
    width = dtype.itemsize * 8

    def compute(f: Frame) -> np.ndarray:
        x, y = view(f.values[base], dtype), view(f.values[insert], dtype)
        offset, count = _field(c, f, f.values[offset_id], f.values[count_id], width)
        mask = np.left_shift(_low_bits(count, dtype), offset.astype(dtype))
        mask = _per_component(mask, x)
        shifted = np.left_shift(y, _per_component(offset.astype(dtype), y))
        return view((x & ~mask) | (shifted & mask), result_dtype)
    return compute


@register_opcode("OpBitFieldSExtract", "OpBitFieldUExtract")
def _bit_field_extract(c: InstructionContext) -> Compute:
    dtype, (base,), offset_id, count_id = _field_operands(c, 1)
    result_dtype = c.result_type.dtype  # type: ignore[union-attr]
    width = dtype.itemsize * 8
    sign_extend = c.opname == "OpBitFieldSExtract"

    def compute(f: Frame) -> np.ndarray:
        x = view(f.values[base], dtype)
        offset, count = _field(c, f, f.values[offset_id], f.values[count_id], width)
        field = np.right_shift(x, _per_component(offset.astype(dtype), x)) & \
            _per_component(_low_bits(count, dtype), x)
        if sign_extend:
            count_c = _per_component(count, x)
            top = np.left_shift(dtype.type(1), np.maximum(count_c - 1, 0).astype(dtype))
            negative = (count_c > 0) & ((field & top) != 0)
            field = np.where(negative, field | ~_per_component(_low_bits(count, dtype), x), field)
        return view(field, result_dtype)
    return compute


@register_opcode("OpBitReverse")
def _bit_reverse(c: InstructionContext) -> Compute:
    result = c.numeric_result("i")
    c.same_shape(0, result, "i")
    dtype = result.dtype  # type: ignore[attr-defined]
    base = c.value(0)

    def compute(f: Frame) -> np.ndarray:
        x = np.ascontiguousarray(view(f.values[base], dtype))
        as_bytes = x.view(np.uint8).reshape(*x.shape, dtype.itemsize)
        reversed_bytes = np.ascontiguousarray(_BYTE_REVERSED[as_bytes][..., ::-1])
        return reversed_bytes.view(dtype).reshape(x.shape)
    return compute


@register_opcode("OpBitCount")
def _bit_count(c: InstructionContext) -> Compute:
    result = c.numeric_result("i")
    c.same_shape(0, result, "i", same_width=False)
    dtype = result.dtype  # type: ignore[attr-defined]
    base = c.value(0)
    operand = unsigned(c.value_type(0).dtype)  # type: ignore[attr-defined]

    def compute(f: Frame) -> np.ndarray:
        return np.bitwise_count(view(f.values[base], operand)).astype(dtype)
    return compute
