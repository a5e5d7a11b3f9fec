"""`dx.op.matvecmul` (305) and `dx.op.matvecmuladd` (306): result = M x K matrix * K vector (+ bias).

Meaning, per lane (hlsl-specs 0029):
1. the input vector is interpreted (converted, or unpacked for packed types) to K logical values;
2. the matrix is read raw in its interpretation from `matrix` at `matrix_offset`, in `layout`
   (stored K x M and transposed when `transpose`); the bias likewise, M elements;
3. result[i] = sum_k matrix[i, k] * input[k] (+ bias[i]), then one conversion to the result type.
Integers: exact products, sums wrap modulo 2^32 (int32 accumulator, read unsigned when the output
is unsigned). Floats: the profile's accumulator (reference: float32), bias added in it, rounded
once to the result type. How it runs: a matrix uniform across the active lanes is decoded once
(cached on the buffer's write version) and applied to all of them as one matrix product; lanes
with different offsets are grouped by offset. Integer products use an exact float BLAS.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

from dxlinalg.dxil import rules
from dxlinalg.dxil.matrix_cache import MATRIX_CACHE
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.gpu.context import ExecutionContext, current_context, lanes_for
from dxlinalg.gpu.half import narrow_float64_to_half, narrow_to_half, widen_half
from dxlinalg.gpu.resources import BufferRange, resolve_handle
from dxlinalg.gpu.scratch import scratch
from dxlinalg.numerics.codecs import decode_elements
from dxlinalg.numerics.component_types import ComponentType, MatrixLayout, type_info
from dxlinalg.numerics.conversions import float_to_integer, saturate_integers
from dxlinalg.numerics.float_conversion import FloatConversionSettings, ZeroSign, round_to_float
from dxlinalg.numerics.interpretation import LogicalVector, interpret_input_vector, physical_type_of
from dxlinalg.profile.matrix_storage import MatrixDescription, stored_size
from dxlinalg.profile.model import DeviceProfile

FLOAT32_EXACT_INTEGER = 2 ** 24   # every integer of magnitude <= 2^24 is a float32
FLOAT64_EXACT_INTEGER = 2 ** 53


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
        interpretation, matrix_type, bias_type, output_type = (checked.interpretation, checked.matrix_type,
                                                               checked.bias_type, checked.output_type)
        desc = checked.desc
        settings = ctx.profile.float_conversion
        logical = _interpret(vector, bool(input_unsigned), interpretation, k, settings)

        matrix_range = resolve_handle(matrix, f"{op}: matrix")
        ctx.settle_memory(matrix_range.data)
        offsets = ctx.lane_offsets(matrix_offset, "matrix_offset")
        rules.check_offset_alignment(ctx, matrix_range, offsets, rules.MATRIX_ALIGNMENT, "matrix_offset",
                                     "matrix alignment", op)
        loading = rules.check_in_bounds(ctx, matrix_range, offsets, checked.extent, "matrix_offset", "matrix load", op)

        integer_path = not (logical.is_float or type_info(matrix_type).is_float)
        accumulator = _products(ctx, logical.values, matrix_range, offsets, loading, desc, bool(transpose),
                                integer_path, m, _largest_magnitude(interpretation))
        if bias is not None:
            bias_range = resolve_handle(bias, f"{op}: bias")
            ctx.settle_memory(bias_range.data)
            bias_offsets = ctx.lane_offsets(bias_offset, "bias_offset")
            rules.check_offset_alignment(ctx, bias_range, bias_offsets, rules.BIAS_ALIGNMENT, "bias_offset",
                                         "bias alignment", op)
            bias_loading = rules.check_in_bounds(ctx, bias_range, bias_offsets, m * type_info(bias_type).size_bytes,
                                                 "bias_offset", "bias load", op)
            if integer_path and type_info(bias_type).is_float:
                accumulator, integer_path = _wrap32(accumulator).astype(_float_accumulator(ctx.profile)), False
            _add_bias(accumulator, bias_range, bias_offsets, bias_loading, bias_type, m)
        result = _to_result(accumulator, integer_path, output_type, bool(output_unsigned), settings)
        result[~ctx.active] = 0
        return result


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
    the first call) are remembered for the profile object and mode they passed under.
    """
    try:
        key = (id(ctx.profile), ctx.strict, op, vector.dtype.str, vector.shape[1:], bool(input_unsigned),
               int(input_interpretation), int(matrix_interpretation), int(m), int(k), int(layout_value),
               bool(transpose), int(stride), has_bias,
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


def _float_accumulator(profile: DeviceProfile) -> np.dtype:
    return np.dtype(np.float64 if profile.accumulation.float_accumulator == "float64" else np.float32)


def _offset_groups(offsets: int | np.ndarray, lanes: np.ndarray) -> list[tuple[int, np.ndarray | slice]]:
    """(offset, lane selection) per distinct offset among `lanes`; a slice when every lane shares one."""
    if isinstance(offsets, int):
        if lanes.all():
            return [(offsets, slice(None))]
        chosen = np.flatnonzero(lanes)
        return [(offsets, chosen)] if chosen.size else []
    chosen = np.flatnonzero(lanes)
    if chosen.size == 0:
        return []
    values = offsets[chosen]
    if chosen.size == lanes.size and np.all(values == values[0]):
        return [(int(values[0]), slice(None))]
    unique, inverse = np.unique(values, return_inverse=True)
    return [(int(value), chosen[inverse == i]) for i, value in enumerate(unique)]


def _products(ctx: ExecutionContext, x: np.ndarray, rng: BufferRange, offsets: int | np.ndarray, loading: np.ndarray,
              desc: MatrixDescription, transpose: bool, integer_path: bool, m: int,
              input_magnitude: float) -> np.ndarray:
    """(lanes, M) sums of products: on the integer path int64 (exact) or, when every sum fits, int32
    (wrapping mod 2^32 from there on, as the accumulator does); the float accumulator otherwise.

    Lanes that load nothing (inactive, or out of bounds in permissive mode) get 0. `input_magnitude`
    bounds |x| (from the input interpretation's range).
    """
    if not integer_path:
        dtype = _float_accumulator(ctx.profile)
        x = x.astype(dtype, copy=False)
        groups = _offset_groups(offsets, loading)
        if len(groups) == 1 and isinstance(groups[0][1], slice):   # uniform matrix, every lane loads it
            operand = MATRIX_CACHE.prepared(rng, groups[0][0], desc, ctx.profile, transpose, dtype).transposed
            return np.matmul(x, operand, out=scratch("matvec.accumulator", (ctx.lanes, m), dtype))
        out = np.zeros((ctx.lanes, m), dtype)
        for offset, lanes in groups:
            operand = MATRIX_CACHE.prepared(rng, offset, desc, ctx.profile, transpose, dtype).transposed
            out[lanes] = x[lanes] @ operand
        return out
    groups = _offset_groups(offsets, loading)
    out = None if len(groups) == 1 and isinstance(groups[0][1], slice) else np.zeros((ctx.lanes, m), np.int64)
    terms = desc.rows * desc.cols // m   # K
    for offset, lanes in groups:
        prepared = MATRIX_CACHE.prepared(rng, offset, desc, ctx.profile, transpose, np.dtype(np.int64))
        xs = x[lanes]
        magnitude = input_magnitude
        if magnitude * prepared.max_abs * terms > FLOAT32_EXACT_INTEGER:   # the type's range is no help
            magnitude = float(np.max(np.abs(xs, dtype=np.int64))) if xs.size else 0.0   # |-128| needs int64
        bound = magnitude * prepared.max_abs * terms
        # bound >= every partial sum's magnitude, so a float BLAS below these limits is exact.
        if bound <= FLOAT64_EXACT_INTEGER:
            exact_type, sum_type = (np.float32, np.int32) if bound <= FLOAT32_EXACT_INTEGER else (np.float64, np.int64)
            operand = MATRIX_CACHE.prepared(rng, offset, desc, ctx.profile, transpose, np.dtype(exact_type))
            sums = (xs.astype(exact_type) @ operand.transposed).astype(sum_type)
        else:
            sums = xs @ prepared.transposed   # int64 wraps mod 2^64, still exact mod 2^32
        if out is None:                       # one matrix for every lane: the sums are the result
            return sums
        out[lanes] = sums
    return out


def _largest_magnitude(interpretation: ComponentType) -> float:
    """The largest |value| an input interpretation holds (infinite for floats): a bound on the
    integer path's operands that needs no pass over the data."""
    info = type_info(interpretation)
    if info.is_float:
        return float("inf")
    limits = np.iinfo(info.dtype)     # packed types: their 8-bit components
    return float(max(-int(limits.min), int(limits.max)))


def _add_bias(accumulator: np.ndarray, rng: BufferRange, offsets: int | np.ndarray, loading: np.ndarray,
              bias_type: ComponentType, m: int) -> None:
    """accumulator[lanes] += bias read raw as M elements of `bias_type` (zeros where not loaded)."""
    size = type_info(bias_type).size_bytes
    for offset, lanes in _offset_groups(offsets, loading):
        start = rng.base_offset + offset
        elements = decode_elements(rng.data[start: start + m * size], bias_type).astype(accumulator.dtype)
        if isinstance(lanes, slice):
            _add_to_every_lane(accumulator, elements)
        else:
            accumulator[lanes] += elements   # an int32 accumulator wraps


_LANES_PER_ADD_ROW = 256


def _add_to_every_lane(accumulator: np.ndarray, row: np.ndarray) -> None:
    """accumulator += row on every lane. numpy adds a broadcast (M,) row in one short loop per lane;
    the same additions over rows of up to 256 lanes (the row tiled to match) run in long loops."""
    if not accumulator.flags.c_contiguous:     # reshape would copy
        accumulator += row
        return
    lanes, m = accumulator.shape
    group = math.gcd(lanes, _LANES_PER_ADD_ROW)
    rows = accumulator.reshape(lanes // group, group * m)
    rows += np.tile(row, group)


def _wrap32(values: np.ndarray) -> np.ndarray:
    """Exact integer sums -> the int32 accumulator's value (wrap-around modulo 2^32)."""
    return values.astype(np.int32, copy=False)


def _to_result(accumulator: np.ndarray, integer_path: bool, output_type: ComponentType, output_unsigned: bool,
               settings: FloatConversionSettings) -> np.ndarray:
    """The one conversion from the accumulator to the declared result type."""
    info = type_info(output_type)
    if integer_path:
        wrapped = _wrap32(accumulator)
        if output_unsigned:
            wrapped = wrapped.view(np.uint32)
        if info.is_float:
            return round_to_float(wrapped, output_type, settings, source=ComponentType.I32)
        if info.bits == 32:
            return wrapped.astype(info.dtype)
        return saturate_integers(wrapped, output_type)
    if info.is_float:
        return round_float_result(accumulator, output_type, settings)
    with np.errstate(invalid="ignore"):
        return float_to_integer(accumulator, output_type)


def round_float_result(accumulator: np.ndarray, destination: ComponentType,
                       settings: FloatConversionSettings) -> np.ndarray:
    """Round a float32/float64 accumulator to F16/F32 once, as `round_to_float` does.

    A numpy cast (or `narrow_to_half`, the same rounding without numpy's scalar float16 loop) is
    already that rounding (nearest even, overflow to Inf, signed zeros kept) unless a NaN is present
    or the settings rewrite zero signs; only then the general routine runs.
    """
    source = ComponentType.F32 if accumulator.dtype == np.float32 else ComponentType.F64
    dtype = type_info(destination).dtype
    if accumulator.dtype == dtype:
        return accumulator.copy()
    plain = rounds_as_ieee_cast(source, settings)
    if plain and destination == ComponentType.F16:
        narrow = narrow_to_half if source == ComponentType.F32 else narrow_float64_to_half
        narrowed = narrow(accumulator)                 # None when a NaN needs the settings' payload
        if narrowed is not None:
            return narrowed
    elif plain:
        with np.errstate(over="ignore"):
            if not np.isnan(np.min(accumulator)):
                return accumulator.astype(dtype)
    return round_to_float(accumulator, destination, settings, source=source)


def rounds_as_ieee_cast(source: ComponentType, settings: FloatConversionSettings) -> bool:
    """Whether `settings` round finite values from `source` exactly as an IEEE cast does (no zero
    sign rewritten); NaNs still need the settings' payload rules."""
    return settings.negative_underflow is ZeroSign.KEEP and source not in settings.negative_zero_to_positive_from
