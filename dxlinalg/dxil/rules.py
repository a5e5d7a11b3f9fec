"""Every rule of the four DXIL linear-algebra ops, one named check each (hlsl-specs 0029, DXC).

Three kinds, three exceptions:
- InvalidArgumentError: what DXC Sema or the DXIL validator rejects (the shader would not compile);
  always raised.
- UnsupportedError: a combination or transpose the profile's CheckFeatureSupport lists do not
  report; raised in strict mode (permissive mode computes it anyway, as an emulating driver might).
- UndefinedBehaviorError: what the spec leaves undefined at run time (misaligned offsets or
  strides, out-of-bounds matrix/bias loads and accumulates); raised in strict mode.
Input-vector rules (NUMi vs K, interpretations, packed types, IsUnsigned flags) live in
`dxlinalg.numerics.interpretation.interpret_input_vector`, which the ops call.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np

from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.gpu.context import ExecutionContext
from dxlinalg.gpu.resources import BufferRange
from dxlinalg.linalg.checks import (
    MulCombination,
    accumulate_listed,
    check_offsets_aligned,
    lanes_in_bounds,
    matching_mul_rows,
    report_unsupported,
)
from dxlinalg.numerics.component_types import (
    ComponentType,
    MatrixLayout,
    as_matrix_layout,
    require_memory_interpretation,
    require_register_interpretation,
    type_info,
)
from dxlinalg.numerics.float_conversion import FloatConversionSettings
from dxlinalg.numerics.interpretation import interpret_input_vector, physical_type_of
from dxlinalg.profile.model import AccumulateProperty, CooperativeVectorTier

MAX_VECTOR_LENGTH = 1024        # DXC kSM69MaxVectorLength
MAX_PACKED_K = 4096             # 1024 words of 4 packed components
MATRIX_ALIGNMENT = 128
BIAS_ALIGNMENT = 64
ACCUMULATE_ARRAY_ALIGNMENT = 64
STRIDE_ALIGNMENT = 16
UINT32_MAX = 0xFFFFFFFF

_RESULT_TYPES: dict[np.dtype, ComponentType] = {
    np.dtype(np.float16): ComponentType.F16,
    np.dtype(np.float32): ComponentType.F32,
    np.dtype(np.int16): ComponentType.I16,
    np.dtype(np.uint16): ComponentType.U16,
    np.dtype(np.int32): ComponentType.I32,
    np.dtype(np.uint32): ComponentType.U32,
}


# -- compile-time rules (DXC Sema / DXIL validator): InvalidArgumentError ------------------------
def check_integer_operand(value: object, argument: str, op: str) -> int:
    """M, K, the stride and the interpretation and layout immediates are DXIL i32 operands: an int (or
    numpy integer), never 16.0, "16" or None (int() would truncate them or fail inside the op)."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise InvalidArgumentError(f"{op}: {argument} = {value!r} is not an integer (DXIL: an i32 operand)")
    return int(value)


def check_stride_value(stride: object, op: str) -> int:
    """The matrix stride is an unsigned 32-bit byte count (HLSL: uint); a negative one is no stride."""
    value = check_integer_operand(stride, "stride", op)
    if not 0 <= value <= UINT32_MAX:
        raise InvalidArgumentError(f"{op}: stride = {value} is not an unsigned 32-bit byte count (0..{UINT32_MAX}; "
                                   f"HLSL: uint stride)")
    return value


def check_matrix_dimensions(m: int, k: int, packed_input: bool, op: str) -> None:
    """M in 1..1024; K in 1..1024, or 1..4096 with a packed input (DXC Sema, kSM69MaxVectorLength)."""
    k_limit = MAX_PACKED_K if packed_input else MAX_VECTOR_LENGTH
    if not 1 <= int(m) <= MAX_VECTOR_LENGTH:
        raise InvalidArgumentError(f"{op}: M = {m} must be in 1..{MAX_VECTOR_LENGTH} (DXC Sema: matrix M dimension)")
    if not 1 <= int(k) <= k_limit:
        packed = " with a packed input interpretation" if packed_input else ""
        raise InvalidArgumentError(
            f"{op}: K = {k} must be in 1..{k_limit}{packed} (DXC Sema: matrix K dimension)")


@contextmanager
def _named(op: str) -> Iterator[None]:
    """Put the op's name in front of an argument error raised by a shared numeric check."""
    try:
        yield
    except InvalidArgumentError as error:
        raise InvalidArgumentError(f"{op}: {error}") from error


def check_memory_interpretation(value: ComponentType | int, argument: str, op: str) -> ComponentType:
    """Matrix and bias interpretations are memory interpretations: no packed types (validator
    LinalgInvalidMemoryInterpValue)."""
    with _named(op):
        return require_memory_interpretation(value, argument)


def check_register_interpretation(value: ComponentType | int, op: str) -> ComponentType:
    """Input interpretations are register interpretations (validator LinalgInvalidRegisterInterpValue)."""
    with _named(op):
        return require_register_interpretation(value, "input_interpretation")


def check_input_vector(vector: np.ndarray, input_unsigned: bool, interpretation: ComponentType, k: int,
                       settings: FloatConversionSettings, op: str) -> None:
    """NUMi against K, packed-input and IsUnsigned rules (DXC Sema), on the vector's type and shape."""
    with _named(op):
        interpret_input_vector(vector[:0], input_unsigned, interpretation, k, settings)


def check_layout(value: MatrixLayout | int, op: str) -> MatrixLayout:
    """Layout in 0..3 (validator LinalgInvalidMatrixLayoutValueForMatVecOps)."""
    return as_matrix_layout(value, f"{op}: layout")


def check_transpose_layout(layout: MatrixLayout, transpose: bool, op: str) -> None:
    """Transpose is never allowed with RowMajor/ColumnMajor (validator LinalgMatrixLayoutNotTransposable)."""
    if transpose and not layout.is_optimal:
        raise InvalidArgumentError(
            f"{op}: transpose = true with layout {layout.name}; transposing is not supported for "
            f"RowMajor/ColumnMajor matrices (0029 Matrix Transpose; validator LinalgMatrixLayoutNotTransposable)")


def check_optimal_stride_zero(layout: MatrixLayout, stride: int, op: str) -> None:
    """Stride must be 0 for optimal layouts (DXC Sema; validator LinalgMatrixStrideZeroForOptimalLayouts)."""
    if layout.is_optimal and int(stride) != 0:
        raise InvalidArgumentError(
            f"{op}: stride = {stride} with optimal layout {layout.name}; the stride must be 0 for optimal "
            f"layouts (validator LinalgMatrixStrideZeroForOptimalLayouts)")


def check_fp8_optimal_layout(matrix_interpretation: ComponentType, layout: MatrixLayout, op: str) -> None:
    """FP8 matrices only in optimal layouts (0029 Minimum Support Set note)."""
    if type_info(matrix_interpretation).is_fp8 and not layout.is_optimal:
        raise InvalidArgumentError(
            f"{op}: matrix_interpretation {matrix_interpretation.name} with layout {layout.name}; FP8 "
            f"matrices can only be used in MulOptimal/OuterProductOptimal layouts (0029: Minimum Support Set)")


def check_result_type(result_type: object, output_unsigned: bool, op: str) -> ComponentType:
    """The result is a vector of half, float, int16/uint16 or int/uint, and IsOutputUnsigned must
    match it (DXIL overloads hfwi; validator LinalgNotAnUnsignedType)."""
    try:
        dtype = np.dtype(result_type)  # type: ignore[call-overload]
        component_type = _RESULT_TYPES[dtype]
    except (TypeError, KeyError):
        raise InvalidArgumentError(
            f"{op}: result_type = {result_type!r} is not a DXIL result element type (float16, float32, "
            f"int16, uint16, int32, uint32)") from None
    unsigned = dtype.kind == "u"
    if bool(output_unsigned) != unsigned:
        raise InvalidArgumentError(
            f"{op}: output_unsigned = {bool(output_unsigned)} but result_type is {dtype}; it must be "
            f"{unsigned} (DXC Sema: IsOutputUnsigned must match the result element type; validator "
            f"LinalgNotAnUnsignedType)")
    return component_type


def check_outer_product_layout(layout: MatrixLayout, stride: int) -> None:
    """OuterProductAccumulate: layout OuterProductOptimal and stride 0 (validator
    LinalgInvalidMatrixLayoutValueForOuterProductAccumulate, LinalgMatrixStrideZeroForOptimalLayouts)."""
    if layout != MatrixLayout.OuterProductOptimal:
        raise InvalidArgumentError(
            f"outerproductaccumulate: layout = {layout.name}; the matrix must be in OuterProductOptimal "
            f"layout (validator LinalgInvalidMatrixLayoutValueForOuterProductAccumulate)")
    check_optimal_stride_zero(layout, stride, "outerproductaccumulate")


def check_outer_product_vector_types(vector1: np.ndarray, vector2: np.ndarray) -> ComponentType:
    """Both outer-product vectors have the same element type (DXC Sema)."""
    if vector1.dtype != vector2.dtype:
        raise InvalidArgumentError(
            f"outerproductaccumulate: vector1 has element type {vector1.dtype} but vector2 has "
            f"{vector2.dtype}; both input vectors must have the same element type (DXC Sema)")
    return physical_type_of(vector1, "vector1")


def check_accumulate_vector(vector: np.ndarray, lanes: int, argument: str, op: str) -> ComponentType:
    """A per-lane vector (lanes, N) of an HLSL element type with 1 <= N <= 1024."""
    if vector.ndim != 2 or vector.shape[0] != lanes:
        raise InvalidArgumentError(f"{op}: {argument} must have shape (lanes, N); got {vector.shape} for {lanes} lanes")
    if not 1 <= vector.shape[1] <= MAX_VECTOR_LENGTH:
        raise InvalidArgumentError(
            f"{op}: {argument} has {vector.shape[1]} components; vectors hold 1..{MAX_VECTOR_LENGTH} "
            f"(SM 6.9 long vectors)")
    return physical_type_of(vector, argument)


# -- what the profile reports (CheckFeatureSupport): UnsupportedError in strict mode --------------
def check_mul_supported(ctx: ExecutionContext, input_type: ComponentType, input_interpretation: ComponentType,
                        matrix_interpretation: ComponentType, bias_interpretation: ComponentType | None,
                        output_type: ComponentType, transpose: bool, op: str) -> None:
    """The combination is in the profile's MatrixVectorMulAdd properties, with TransposeSupported
    where transposing (0029 CheckFeatureSupport; transpose support is never guaranteed)."""
    profile = ctx.profile
    bias = bias_interpretation.name if bias_interpretation is not None else "(none)"
    combination = (f"InputType {input_type.name}, InputInterpretation {input_interpretation.name}, "
                   f"MatrixInterpretation {matrix_interpretation.name}, BiasInterpretation {bias}, "
                   f"OutputType {output_type.name}")
    if profile.tier < CooperativeVectorTier.TIER_1_0:
        report_unsupported(ctx, f"{op}: profile {profile.name!r} reports CooperativeVectorTier {profile.tier.name}; "
                                f"matrix-vector ops need TIER_1_0")
        return
    rows = matching_mul_rows(profile, MulCombination(input_type, input_interpretation, matrix_interpretation,
                                                     bias_interpretation, output_type))
    if not rows:
        report_unsupported(ctx, f"{op}: combination ({combination}) is not in profile {profile.name!r}'s "
                                f"CheckFeatureSupport MatrixVectorMulAdd list (0029: use only reported combinations)")
    elif transpose and not any(p.transpose_supported for p in rows):
        report_unsupported(ctx, f"{op}: transpose = true but profile {profile.name!r} reports TransposeSupported = "
                                f"FALSE for ({combination}) (0029: transpose support must be queried)")


def check_outer_product_supported(ctx: ExecutionContext, input_type: ComponentType,
                                  accumulation_type: ComponentType) -> None:
    """(InputType, AccumulationType) is in the profile's OuterProductAccumulate list (tier 1_1)."""
    _check_accumulate(ctx, ctx.profile.outer_product_properties, input_type, accumulation_type,
                      "outerproductaccumulate", "OuterProductAccumulate")


def check_vector_accumulate_supported(ctx: ExecutionContext, input_type: ComponentType) -> None:
    """(InputType, AccumulationType = InputType) is in the profile's VectorAccumulate list (tier 1_1).

    DXIL vectoraccumulate has no interpretation operand: memory holds elements of the vector's own type.
    """
    _check_accumulate(ctx, ctx.profile.vector_accumulate_properties, input_type, input_type,
                      "vectoraccumulate", "VectorAccumulate")


def _check_accumulate(ctx: ExecutionContext, rows: list[AccumulateProperty], input_type: ComponentType,
                      accumulation_type: ComponentType, op: str, list_name: str) -> None:
    profile = ctx.profile
    if profile.tier < CooperativeVectorTier.TIER_1_1:
        report_unsupported(ctx, f"{op}: profile {profile.name!r} reports CooperativeVectorTier {profile.tier.name}; "
                                f"{list_name} needs TIER_1_1 (0029 Support Tiers)")
        return
    if not accumulate_listed(rows, input_type, accumulation_type):
        report_unsupported(ctx, f"{op}: (InputType {input_type.name}, AccumulationType {accumulation_type.name}) is "
                                f"not in profile {profile.name!r}'s CheckFeatureSupport {list_name} list")


# -- run-time rules (undefined behaviour): UndefinedBehaviorError in strict mode --------------------
def check_stride_alignment(layout: MatrixLayout, stride: int, ctx: ExecutionContext, op: str) -> None:
    """Row/column-major strides are 16-byte aligned (0029: "The matrix stride is 16-byte aligned")."""
    if ctx.strict and not layout.is_optimal and int(stride) % STRIDE_ALIGNMENT:
        raise UndefinedBehaviorError(
            f"{op}: stride = {stride} must be a multiple of {STRIDE_ALIGNMENT} bytes (0029: matrix stride alignment)")


def check_offset_alignment(ctx: ExecutionContext, rng: BufferRange, offsets: int | np.ndarray, alignment: int,
                           argument: str, rule: str, op: str) -> None:
    """Resource base address + offset is `alignment`-byte aligned, on every active lane (0029 `op`: `rule`)."""
    check_offsets_aligned(ctx, rng, offsets, alignment, argument, f"0029 {op}: {rule}", op)


def check_in_bounds(ctx: ExecutionContext, rng: BufferRange, offsets: int | np.ndarray, extent: int,
                    argument: str, what: str, op: str) -> np.ndarray:
    """Active lanes whose [offset, offset + extent) lies inside the resource.

    Out of bounds is undefined (0029: no bounds checking); strict mode raises, permissive mode
    returns the mask so the caller loads zeros / skips the write, as the spec's fallback says.
    """
    return lanes_in_bounds(ctx, rng, offsets, extent, argument, what,
                           f"0029: an out-of-bounds {what} makes the whole operation undefined", op)
