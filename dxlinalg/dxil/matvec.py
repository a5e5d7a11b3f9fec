"""`dx.op.matvecmul` (305) and `dx.op.matvecmuladd` (306): result = M x K matrix * K vector (+ bias).

DXIL's operand order and DXIL's rules (`rules`): the static operands are checked once per call
signature, the input vector is interpreted (converted, or unpacked for packed types) to K logical
values, the matrix and bias operands are resolved, aligned and bounds-checked per lane; the product
itself is the shared core's (`dxlinalg.linalg.matvec`).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

from dxlinalg.dxil import rules
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.gpu.context import ExecutionContext, current_context, lanes_for
from dxlinalg.gpu.half import widen_half
from dxlinalg.gpu.resources import resolve_handle
from dxlinalg.gpu.scratch import scratch
from dxlinalg.linalg.matvec import BiasOperand, MatrixOperand, matrix_vector_product
from dxlinalg.numerics.component_types import ComponentType, MatrixLayout, type_info
from dxlinalg.numerics.float_conversion import FloatConversionSettings
from dxlinalg.numerics.interpretation import LogicalVector, interpret_input_vector, physical_type_of
from dxlinalg.profile.matrix_storage import MatrixDescription, stored_size
from dxlinalg.profile.model import DeviceProfile


def matvecmul(input_vector: np.ndarray, input_unsigned: bool, input_interpretation: ComponentType | int,
              matrix: object, matrix_offset: int | np.ndarray, matrix_interpretation: ComponentType | int,
              M: int, K: int, layout: MatrixLayout | int, transpose: bool, stride: int,  # noqa: N803
              output_unsigned: bool, *, result_type: object, profile: str | DeviceProfile | None = None,
              strict: bool | None = None) -> np.ndarray:
    """DXIL MatVecMul (opcode 305). Returns (lanes, M) of `result_type`; inactive lanes hold 0."""
    return _matvec("matvecmul", input_vector, input_unsigned, input_interpretation, matrix, matrix_offset,
                   matrix_interpretation, M, K, layout, transpose, stride, None, 0, None, output_unsigned,
                   result_type, profile, strict)


def matvecmuladd(input_vector: np.ndarray, input_unsigned: bool, input_interpretation: ComponentType | int,
                 matrix: object, matrix_offset: int | np.ndarray, matrix_interpretation: ComponentType | int,
                 M: int, K: int, layout: MatrixLayout | int, transpose: bool, stride: int,  # noqa: N803
                 bias: object, bias_offset: int | np.ndarray, bias_interpretation: ComponentType | int,
                 output_unsigned: bool, *, result_type: object, profile: str | DeviceProfile | None = None,
                 strict: bool | None = None) -> np.ndarray:
    """DXIL MatVecMulAdd (opcode 306). Returns (lanes, M) of `result_type`; inactive lanes hold 0."""
    return _matvec("matvecmuladd", input_vector, input_unsigned, input_interpretation, matrix, matrix_offset,
                   matrix_interpretation, M, K, layout, transpose, stride, bias, bias_offset, bias_interpretation,
                   output_unsigned, result_type, profile, strict)


def _matvec(op: str, input_vector: np.ndarray, input_unsigned: bool, input_interpretation: ComponentType | int,
            matrix: object, matrix_offset: object, matrix_interpretation: ComponentType | int, m: int, k: int,
            layout_value: MatrixLayout | int, transpose: bool, stride: int, bias: object, bias_offset: object,
            bias_interpretation: ComponentType | int | None, output_unsigned: bool, result_type: object,
            profile: str | DeviceProfile | None, strict: bool | None) -> np.ndarray:
    vector = np.asarray(input_vector)
    running = current_context()
    if running is not None and vector.ndim == 1:
        vector = np.broadcast_to(vector, (running.lanes, vector.shape[0]))   # a lane-uniform vector
    if vector.ndim != 2:
        raise InvalidArgumentError(f"{op}: input_vector must have shape (lanes, NUMi), got shape {vector.shape}")
    with lanes_for(vector.shape[0], profile, strict, op) as ctx:
        checked = _checked_signature(ctx, op, vector, input_unsigned, input_interpretation, matrix_interpretation,
                                     m, k, layout_value, transpose, stride, bias is not None, bias_interpretation,
                                     output_unsigned, result_type)
        settings = ctx.profile.float_conversion
        logical = _interpret(vector, bool(input_unsigned), checked.interpretation, k, settings)

        matrix_range = resolve_handle(matrix, f"{op}: matrix")
        ctx.settle_memory(matrix_range.data)
        offsets = ctx.lane_offsets(matrix_offset, "matrix_offset")
        rules.check_offset_alignment(ctx, matrix_range, offsets, rules.MATRIX_ALIGNMENT, "matrix_offset",
                                     "matrix alignment", op)
        loading = rules.check_in_bounds(ctx, matrix_range, offsets, checked.extent, "matrix_offset", "matrix load", op)
        matrix_operand = MatrixOperand(matrix_range, offsets, loading, checked.desc, bool(transpose))
        bias_operand = None
        if bias is not None:
            bias_range = resolve_handle(bias, f"{op}: bias")
            ctx.settle_memory(bias_range.data)
            bias_offsets = ctx.lane_offsets(bias_offset, "bias_offset")
            rules.check_offset_alignment(ctx, bias_range, bias_offsets, rules.BIAS_ALIGNMENT, "bias_offset",
                                         "bias alignment", op)
            bias_loading = rules.check_in_bounds(ctx, bias_range, bias_offsets,
                                                 m * type_info(checked.bias_type).size_bytes, "bias_offset",
                                                 "bias load", op)
            bias_operand = BiasOperand(bias_range, bias_offsets, bias_loading, checked.bias_type)
        return matrix_vector_product(ctx, logical, matrix_operand, m, bias_operand, checked.output_type,
                                     bool(output_unsigned), settings)


@dataclass(frozen=True)
class _Signature:
    """What the static operands (the immargs, the vector's type and length, the result type) resolve to."""

    interpretation: ComponentType
    matrix_type: ComponentType
    bias_type: ComponentType | None
    output_type: ComponentType
    desc: MatrixDescription      # the matrix as stored (K x M when transposed)
    extent: int                  # bytes it spans


_SIGNATURES: OrderedDict[tuple, tuple[DeviceProfile, _Signature]] = OrderedDict()
_SIGNATURE_CACHE_SIZE = 256
_SIGNATURES_LOCK = threading.Lock()     # dispatches may run in several threads; the LRU's steps must not interleave


def _checked_signature(ctx: ExecutionContext, op: str, vector: np.ndarray, input_unsigned: bool,
                       input_interpretation: ComponentType | int, matrix_interpretation: ComponentType | int,
                       m: int, k: int, layout_value: MatrixLayout | int, transpose: bool, stride: int, has_bias: bool,
                       bias_interpretation: ComponentType | int | None, output_unsigned: bool,
                       result_type: object) -> _Signature:
    """Every rule that depends only on static operands, checked once per distinct call signature.

    A shader calls the same op with the same immediates on every chunk; the checks (which raise on
    the first call) are remembered for the profile object and mode they passed under, keyed on the
    operands' integer values, which are checked to be integers first.
    """
    m, k = rules.check_integer_operand(m, "M", op), rules.check_integer_operand(k, "K", op)
    stride = rules.check_stride_value(stride, op)
    input_interpretation, matrix_interpretation, layout_value = (
        rules.check_integer_operand(value, name, op) for value, name in (
            (input_interpretation, "input_interpretation"), (matrix_interpretation, "matrix_interpretation"),
            (layout_value, "layout")))
    if has_bias:
        bias_interpretation = rules.check_integer_operand(bias_interpretation, "bias_interpretation", op)
    try:
        key = (id(ctx.profile), ctx.strict, op, vector.dtype.str, vector.shape[1:], bool(input_unsigned),
               input_interpretation, matrix_interpretation, m, k, layout_value, bool(transpose), stride, has_bias,
               None if bias_interpretation is None else int(bias_interpretation),
               bool(output_unsigned), np.dtype(result_type).str)  # type: ignore[call-overload]
    except (TypeError, ValueError):
        key = None
    if key is not None:
        with _SIGNATURES_LOCK:
            cached = _SIGNATURES.get(key)
            if cached is not None and cached[0] is ctx.profile:
                _SIGNATURES.move_to_end(key)
                return cached[1]
    interpretation = rules.check_register_interpretation(input_interpretation, op)
    rules.check_matrix_dimensions(m, k, type_info(interpretation).is_packed, op)
    matrix_type = rules.check_memory_interpretation(matrix_interpretation, "matrix_interpretation", op)
    layout = rules.check_layout(layout_value, op)
    rules.check_transpose_layout(layout, bool(transpose), op)
    rules.check_optimal_stride_zero(layout, stride, op)
    rules.check_fp8_optimal_layout(matrix_type, layout, op)
    bias_type = rules.check_memory_interpretation(bias_interpretation, "bias_interpretation", op) if has_bias else None
    output_type = rules.check_result_type(result_type, output_unsigned, op)
    rules.check_input_vector(vector, bool(input_unsigned), interpretation, k, ctx.profile.float_conversion, op)
    rules.check_mul_supported(ctx, physical_type_of(vector), interpretation, matrix_type, bias_type, output_type,
                              bool(transpose), op)
    rules.check_stride_alignment(layout, stride, ctx, op)
    rows, cols = (k, m) if transpose else (m, k)
    desc = MatrixDescription(rows, cols, matrix_type, layout, int(stride) if not layout.is_optimal else 0)
    signature = _Signature(interpretation, matrix_type, bias_type, output_type, desc, stored_size(desc, ctx.profile))
    if key is not None:
        with _SIGNATURES_LOCK:
            _SIGNATURES[key] = (ctx.profile, signature)
            if len(_SIGNATURES) > _SIGNATURE_CACHE_SIZE:
                _SIGNATURES.popitem(last=False)
    return signature


def _interpret(vector: np.ndarray, input_unsigned: bool, interpretation: ComponentType, k: int,
               settings: FloatConversionSettings) -> LogicalVector:
    """The logical input (interpret_input_vector), with the identity F16 -> F16 read as a fast widening.

    Converting a type to itself is a bit copy (float_conversion), so half inputs interpreted as F16
    are just widened; `_checked_signature` has run interpret_input_vector's rules on them.
    """
    if vector.dtype == np.float16 and interpretation == ComponentType.F16:
        widened = widen_half(vector, out=scratch("matvec.input", vector.shape, np.float32))
        return LogicalVector(widened, interpretation)
    with np.errstate(all="ignore"):   # inactive lanes may hold anything
        return interpret_input_vector(vector, input_unsigned, interpretation, k, settings)


