"""Interpreting a physical input vector as the logical K-element vector the multiply sees.

The physical vector has NUMi elements of an HLSL type (half, float, int16/uint16, int/uint);
the input interpretation says how to turn them into K logical values (hlsl-specs 0029
"From-Register Interpretations"). Results are held exactly: integer interpretations as int64,
float interpretations as float32 (which holds every FP16 and FP8 value exactly).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.component_types import (
    PHYSICAL_VECTOR_TYPES,
    ComponentType,
    require_register_interpretation,
    type_info,
)
from dxlinalg.numerics.conversions import convert_elements
from dxlinalg.numerics.float_conversion import FloatConversionSettings, widen_fp8
from dxlinalg.numerics.lookup import lookup
from dxlinalg.numerics.packing import packed_word_count, unpack_words

_PHYSICAL_BY_DTYPE: dict[np.dtype, ComponentType] = {
    np.dtype(np.float16): ComponentType.F16,
    np.dtype(np.float32): ComponentType.F32,
    np.dtype(np.int16): ComponentType.I16,
    np.dtype(np.uint16): ComponentType.U16,
    np.dtype(np.int32): ComponentType.I32,
    np.dtype(np.uint32): ComponentType.U32,
}


@dataclass(frozen=True)
class LogicalVector:
    """K logical values per lane, exact, with the interpretation they came from."""

    values: np.ndarray  # (lanes, K): float32 for float interpretations; for integer ones the
    # interpretation's own integer dtype (int8 for SINT8 and packed S8, ...), which holds them exactly
    # and widens to float32 for an exact BLAS product in one pass
    interpretation: ComponentType
    unrounded: np.ndarray | None = None   # (lanes, K) float16: F16 inputs under an FP8 interpretation, before
    # the conversion (a profile may multiply these instead: accumulation.matvec_fp8_input = "keep_fp16")

    @property
    def is_float(self) -> bool:
        return type_info(self.interpretation).is_float


def physical_type_of(vector: np.ndarray, argument: str = "input_vector") -> ComponentType:
    """The HLSL element type of a physical vector, from its numpy dtype."""
    try:
        return _PHYSICAL_BY_DTYPE[np.asarray(vector).dtype]
    except KeyError:
        names = ", ".join(str(d) for d in _PHYSICAL_BY_DTYPE)
        raise InvalidArgumentError(
            f"{argument} has dtype {np.asarray(vector).dtype}; an HLSL vector element must be one of "
            f"{names} (DXIL overloads h, f, w, i)") from None


def check_unsigned_flag(physical: ComponentType, is_unsigned: bool, argument: str) -> None:
    """The IsUnsigned flag must match the element type: false for float and signed, true for unsigned."""
    info = type_info(physical)
    expected = not info.is_float and not info.is_signed
    if bool(is_unsigned) != expected:
        raise InvalidArgumentError(
            f"{argument} = {bool(is_unsigned)} but the vector element type is {physical.name}; it must be "
            f"{expected} (DXC Sema: IsUnsigned flag must match the element type; validator "
            f"LinalgNotAnUnsignedType)")


def interpret_input_vector(physical: np.ndarray, is_unsigned: bool,
                           interpretation: ComponentType | int, k: int,
                           settings: FloatConversionSettings) -> LogicalVector:
    """Apply an input interpretation to a (lanes, NUMi) physical vector, giving (lanes, K) values,
    after DXIL's rules on the vector's type and length."""
    physical = np.asarray(physical)
    if physical.ndim != 2:
        raise InvalidArgumentError(
            f"input_vector must have shape (lanes, NUMi), got shape {physical.shape}")
    physical_type = physical_type_of(physical)
    check_unsigned_flag(physical_type, is_unsigned, "input_unsigned")
    interp = require_register_interpretation(interpretation, "input_interpretation")
    num_i = physical.shape[1]
    if type_info(interp).is_packed:
        if physical_type != ComponentType.U32:
            raise InvalidArgumentError(
                f"input_interpretation {interp.name} needs a 32-bit unsigned physical vector, got "
                f"{physical_type.name} (0029: packed input type must be 32-bit unsigned integer)")
        if num_i != packed_word_count(k):
            raise InvalidArgumentError(
                f"input vector length NUMi = {num_i} but K = {k} with packed interpretation {interp.name} "
                f"needs NUMi == ceil(K/4) = {packed_word_count(k)} (0029: NUMi vs K)")
    elif num_i != k:
        raise InvalidArgumentError(
            f"input vector length NUMi = {num_i} must equal K = {k} for the non-packed interpretation "
            f"{interp.name} (0029: NUMi vs K)")
    return interpret_physical(physical, physical_type, interp, k, settings)


def interpret_physical(physical: np.ndarray, physical_type: ComponentType, interpretation: ComponentType, k: int,
                       settings: FloatConversionSettings) -> LogicalVector:
    """The interpretation itself, once a surface has checked its rules: packed types are a bitcast
    (the first K components, lowest bits first), the others an arithmetic conversion (integers
    saturate, float to integer rounds to nearest even and saturates). `physical` holds elements of
    `physical_type` in any dtype of that width (a surface decides signedness by operand, not dtype)."""
    info = type_info(interpretation)
    if info.is_packed:
        return LogicalVector(unpack_words(physical.view(np.uint32), interpretation, k), interpretation)
    storage = type_info(physical_type).dtype
    if physical.dtype != storage:
        physical = physical.view(storage)
    if physical_type == ComponentType.F16 and info.is_float and info.bits == 8:
        halves = np.ascontiguousarray(physical).view(np.uint16)
        return LogicalVector(lookup(_half_as_fp8_values(interpretation, settings), halves), interpretation,
                             halves.view(np.float16))
    converted = convert_elements(physical, physical_type, interpretation, settings)
    if info.is_float:
        values = widen_fp8(converted) if info.bits == 8 else converted.astype(np.float32)
    else:
        values = converted
    return LogicalVector(values, interpretation)


@cache
def _half_as_fp8_values(interpretation: ComponentType, settings: FloatConversionSettings) -> np.ndarray:
    """What every float16 bit pattern becomes under an FP8 interpretation, as float32: the
    conversion below run once over all 65536 halves, so a vector's interpretation is one lookup."""
    halves = np.arange(1 << 16, dtype=np.uint32).astype(np.uint16).view(np.float16)
    table = widen_fp8(convert_elements(halves, ComponentType.F16, interpretation, settings))
    table.flags.writeable = False
    return table
