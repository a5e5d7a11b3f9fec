"""Conversion instructions on cooperative matrices, element by element, for every scope instance.

SPV_KHR_cooperative_matrix allows OpConvertFToU, OpConvertFToS, OpConvertSToF, OpConvertUToF,
OpUConvert, OpSConvert and OpFConvert on cooperative matrices, and OpBitcast between integer
component types of one width; the result keeps Scope, Rows, Columns and Use. SPV_NV_cooperative_matrix2
(CooperativeMatrixConversionsNV) lets the numeric conversions, but not OpBitcast, turn a
MatrixAccumulatorKHR matrix into a MatrixAKHR or MatrixBKHR one.

What each computes (core SPIR-V), with the choices for what it leaves open:
- OpFConvert: rounded once to nearest even (`element_types.convert_floats`: the profile's float
  conversion settings for float16, float32 and float8; IEEE for bfloat16 and float64).
- OpConvertSToF / OpConvertUToF: the components read as signed / unsigned, rounded once likewise.
- OpConvertFToS / OpConvertFToU: rounded toward zero; a value the result cannot hold (NaN and
  infinities included) is undefined: strict mode reports it, permissive mode saturates (NaN to 0).
- OpSConvert / OpUConvert: the components read as signed / unsigned, then sign- / zero-extended or
  truncated to the result width (modulo 2^N, not saturating).
- OpBitcast: the same bits.
"""

from __future__ import annotations

import numpy as np

from dxlinalg.coopmat import matrix_rules as rules
from dxlinalg.coopmat.element_types import (
    as_signed,
    as_unsigned,
    convert_floats,
    convert_integers_to_float,
    exact_float64,
    integer_range,
)
from dxlinalg.coopmat.matrix_type import CoopMatrix, CoopMatType
from dxlinalg.profile.model import DeviceProfile
from dxlinalg.profile.registry import load_profile


def _operands(matrix: object, result_type: object, op: str, source_float: bool, result_float: bool
              ) -> tuple[CoopMatrix, CoopMatType]:
    m = rules.check_matrix(matrix, "Value", op)
    result = rules.check_result_type(result_type, op)
    rules.check_conversion_shape(m.type, result, op)
    rules.check_conversion_use(m.type, result, op, may_change_use=True)
    rules.check_conversion_kinds(m.type, result, source_float, result_float, op)
    return m, result


def f_convert(matrix: CoopMatrix, result_type: CoopMatType, *, profile: str | DeviceProfile = "reference"
              ) -> CoopMatrix:
    """OpFConvert: float to another float type, rounded once to nearest even."""
    op = "OpFConvert"
    m, result = _operands(matrix, result_type, op, True, True)
    rules.check_component_changes(m.type, result, op)
    settings = load_profile(profile).float_conversion
    return CoopMatrix(result, convert_floats(m.values, result.component, settings))


def convert_s_to_f(matrix: CoopMatrix, result_type: CoopMatType, *, profile: str | DeviceProfile = "reference"
                   ) -> CoopMatrix:
    """OpConvertSToF: the components read as signed integers, rounded once to the float type."""
    m, result = _operands(matrix, result_type, "OpConvertSToF", False, True)
    settings = load_profile(profile).float_conversion
    return CoopMatrix(result, convert_integers_to_float(as_signed(m.values), result.component, settings))


def convert_u_to_f(matrix: CoopMatrix, result_type: CoopMatType, *, profile: str | DeviceProfile = "reference"
                   ) -> CoopMatrix:
    """OpConvertUToF: the components read as unsigned integers, rounded once to the float type."""
    m, result = _operands(matrix, result_type, "OpConvertUToF", False, True)
    settings = load_profile(profile).float_conversion
    return CoopMatrix(result, convert_integers_to_float(as_unsigned(m.values), result.component, settings))


def _float_to_integer(matrix: object, result_type: object, op: str, signed: bool, strict: bool) -> CoopMatrix:
    m, result = _operands(matrix, result_type, op, True, False)
    if not signed:
        rules.check_unsigned_result(result, op)
    low, high = integer_range(result.component.itemsize, signed)
    with np.errstate(invalid="ignore"):
        truncated = np.trunc(exact_float64(m.values))
        inside = (truncated >= float(low)) & (truncated < float(high) + 1.0)    # both bounds exact in float64
    if not inside.all():
        bad = float(m.values[~inside][0])
        rules.report_conversion_out_of_range(strict, bad, result.component, low, high, op)
        truncated = np.where(np.isnan(truncated), 0.0, np.clip(truncated, float(low), float(high)))
    held = np.dtype(f"<i{result.component.itemsize}" if signed else f"<u{result.component.itemsize}")
    with np.errstate(invalid="ignore"):
        values = truncated.astype(held)
    if not inside.all():                            # float(high) may round past high: saturate exactly
        values = np.where(truncated >= float(high), held.type(high), values)
    return CoopMatrix(result, values.view(result.component))


def convert_f_to_s(matrix: CoopMatrix, result_type: CoopMatType, *, strict: bool = True) -> CoopMatrix:
    """OpConvertFToS: rounded toward zero to a signed integer of the result's width."""
    return _float_to_integer(matrix, result_type, "OpConvertFToS", True, strict)


def convert_f_to_u(matrix: CoopMatrix, result_type: CoopMatType, *, strict: bool = True) -> CoopMatrix:
    """OpConvertFToU: rounded toward zero to an unsigned integer."""
    return _float_to_integer(matrix, result_type, "OpConvertFToU", False, strict)


def _integer_width(matrix: object, result_type: object, op: str, signed: bool) -> CoopMatrix:
    m, result = _operands(matrix, result_type, op, False, False)
    if not signed:
        rules.check_unsigned_result(result, op)
    rules.check_component_changes(m.type, result, op)
    wide = (as_signed(m.values).astype(np.int64) if signed else as_unsigned(m.values).astype(np.uint64))
    bits = wide.astype(np.dtype(f"<u{result.component.itemsize}"))              # keeps the low N bits
    return CoopMatrix(result, bits.view(result.component))


def s_convert(matrix: CoopMatrix, result_type: CoopMatType) -> CoopMatrix:
    """OpSConvert: sign-extend or truncate to the result width."""
    return _integer_width(matrix, result_type, "OpSConvert", True)


def u_convert(matrix: CoopMatrix, result_type: CoopMatType) -> CoopMatrix:
    """OpUConvert: zero-extend or truncate to the result width (an unsigned result)."""
    return _integer_width(matrix, result_type, "OpUConvert", False)


def bitcast(matrix: CoopMatrix, result_type: CoopMatType) -> CoopMatrix:
    """OpBitcast: the same bits as another integer type of one width; Use unchanged."""
    op = "OpBitcast"
    m = rules.check_matrix(matrix, "Operand", op)
    result = rules.check_result_type(result_type, op)
    rules.check_conversion_shape(m.type, result, op)
    rules.check_conversion_use(m.type, result, op, may_change_use=False)
    rules.check_bitcast(m.type, result, op)
    return CoopMatrix(result, np.ascontiguousarray(m.values).view(result.component))


#: Each instruction's function, by SPIR-V opcode name, for an executor to dispatch.
CONVERSIONS = {
    "OpFConvert": f_convert, "OpConvertSToF": convert_s_to_f, "OpConvertUToF": convert_u_to_f,
    "OpConvertFToS": convert_f_to_s, "OpConvertFToU": convert_f_to_u, "OpSConvert": s_convert,
    "OpUConvert": u_convert, "OpBitcast": bitcast,
}
