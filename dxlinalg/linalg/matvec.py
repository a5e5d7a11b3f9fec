"""The matrix-vector product every surface shares: result = M x K matrix * K vector (+ bias).

Meaning, per lane (hlsl-specs 0029; SPV_NV_cooperative_vector says the same):
1. the caller has interpreted the input vector to K logical values (`LogicalVector`);
2. the matrix is read raw in its interpretation at each lane's offset, in its layout (stored K x M
   and transposed when `transpose`); the bias likewise, M elements;
3. result[i] = sum_k matrix[i, k] * input[k] (+ bias[i]), then one conversion to the result type.
Integers: exact products, sums wrap modulo 2^32 (int32 accumulator, read unsigned when the output
is unsigned). Floats: the profile's `matvec_sum`: float_accumulator (reference: float32), bias added
in it, rounded once to the result type; or tensor_core_chunks (`matvec_chunks`, an H100's sums). FP16
inputs under an FP8 interpretation are converted, or multiplied as they are (`matvec_fp8_input`).
64-bit operands (SM 6.10's Thread-scope I64/U64/F64 matrices, vectors and results; SM 6.9 has none) widen
the accumulator: integer sums wrap modulo 2^64 (int64), float sums are float64 with the bias added in it,
rounded once to the result type, whatever `matvec_sum` says (no tensor-core model covers FP64).
The surfaces (dxil, spirv) check their own operand rules and resolve the
operands; everything after that is here. How it runs: a matrix uniform across the active lanes is
decoded once (cached on the buffer's write version, `fast.matrix_cache`) and applied to all of
them as one matrix product; lanes with different offsets are grouped by offset. Integer products
use an exact float BLAS.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from dxlinalg.gpu.context import ExecutionContext
from dxlinalg.gpu.half import (
    half_aware_astype,
    narrow_float64_to_half,
    narrow_to_half,
    widen_half,
)
from dxlinalg.gpu.resources import BufferRange
from dxlinalg.gpu.scratch import scratch
from dxlinalg.linalg.fast import matvec_chunks as fast_chunks
from dxlinalg.linalg.fast.matrix_cache import MATRIX_CACHE
from dxlinalg.linalg.fast.row_stable import row_stable_matmul
from dxlinalg.linalg.matvec_chunks import round_to_accumulator
from dxlinalg.numerics.codecs import decode_elements
from dxlinalg.numerics.component_types import ComponentType, type_info
from dxlinalg.numerics.conversions import float_to_integer, saturate_integers
from dxlinalg.numerics.float_conversion import (
    FloatConversionSettings,
    ZeroSign,
    round_to_float,
)
from dxlinalg.numerics.interpretation import LogicalVector
from dxlinalg.profile.matrix_storage import MatrixDescription
from dxlinalg.profile.model import DeviceProfile, Fp8VectorInput, MatvecSum

FLOAT32_EXACT_INTEGER = 2 ** 24   # every integer of magnitude <= 2^24 is a float32
FLOAT64_EXACT_INTEGER = 2 ** 53


@dataclass(frozen=True)
class MatrixOperand:
    """A matrix as the lanes read it: where (range, per-lane offsets), which lanes load it, and how
    it is stored (K x M when `transpose`)."""

    range: BufferRange
    offsets: int | np.ndarray
    loading: np.ndarray
    desc: MatrixDescription
    transpose: bool


@dataclass(frozen=True)
class BiasOperand:
    """M elements of `component_type` read raw at each loading lane's offset; or, with `registers`, each lane's
    own (lanes, M) values of that type, or one (1, M) row every lane shares (SM 6.10's register bias vectors;
    `range` and `offsets` are then unused)."""

    range: BufferRange | None
    offsets: int | np.ndarray
    loading: np.ndarray
    component_type: ComponentType
    registers: np.ndarray | None = None


def matrix_vector_product(ctx: ExecutionContext, logical: LogicalVector, matrix: MatrixOperand, m: int,
                          bias: BiasOperand | None, output_type: ComponentType, output_unsigned: bool,
                          settings: FloatConversionSettings) -> np.ndarray:
    """(lanes, M) results of `output_type`; inactive lanes hold 0. Rules are the caller's."""
    integer_path = not (logical.is_float or type_info(matrix.desc.component_type).is_float)
    values = _multiplied_input(logical, ctx.profile)
    if is_wide(logical.interpretation, matrix.desc.component_type, output_type,
               None if bias is None else bias.component_type):
        with np.errstate(invalid="ignore", over="ignore"):
            return _wide_product(ctx, values, matrix, m, bias, integer_path, output_type, output_unsigned, settings)
    if not integer_path and ctx.profile.accumulation.matvec_sum is MatvecSum.TENSOR_CORE_CHUNKS:
        with np.errstate(invalid="ignore", over="ignore"):   # Inf/NaN operands: the model's own NaN rules
            return _tensor_core_product(ctx, values, matrix, m, bias, output_type, settings)
    with np.errstate(invalid="ignore", over="ignore"):   # IEEE sums, quietly as on a GPU: Inf * 0 and Inf - Inf
        accumulator = _products(ctx, values, matrix.range, matrix.offsets, matrix.loading,       # are NaN,
                                matrix.desc, matrix.transpose, integer_path, m,                  # overflow is Inf
                                _largest_magnitude(logical.interpretation))
        if bias is not None:
            if integer_path and type_info(bias.component_type).is_float:
                accumulator, integer_path = _wrap32(accumulator).astype(_float_accumulator(ctx.profile)), False
            _add_bias_operand(accumulator, bias, m)
    result = _to_result(accumulator, integer_path, output_type, output_unsigned, settings)
    result[~ctx.active] = 0
    return result


#: The 64-bit component types (SM 6.10's Thread scope; SPIR-V's FLOAT64/SINT64/UINT64).
WIDE_TYPES = frozenset({ComponentType.I64, ComponentType.U64, ComponentType.F64})


def is_wide(*types: ComponentType | None) -> bool:
    """Whether a product has a 64-bit operand or result, and so a 64-bit accumulator."""
    return any(t in WIDE_TYPES for t in types)


def _wide_product(ctx: ExecutionContext, x: np.ndarray, matrix: MatrixOperand, m: int, bias: BiasOperand | None,
                  integer_path: bool, output_type: ComponentType, output_unsigned: bool,
                  settings: FloatConversionSettings) -> np.ndarray:
    """The 64-bit accumulator: int64 sums (wrapping modulo 2^64; uint64 operands are read as their int64 bits,
    the same residues) or float64 sums, the bias added in the accumulator, one conversion to the result."""
    dtype = np.dtype(np.int64 if integer_path else np.float64)
    xs = (x.view(np.int64) if x.dtype == np.uint64 else x).astype(dtype, copy=False)
    accumulator = np.zeros((ctx.lanes, m), dtype)
    for offset, lanes in _offset_groups(matrix.offsets, matrix.loading):
        operand = MATRIX_CACHE.prepared(matrix.range, offset, matrix.desc, ctx.profile, matrix.transpose,
                                        dtype).transposed
        accumulator[lanes] = xs[lanes] @ operand          # int64 matmul wraps modulo 2^64: exact residues
    if bias is not None:
        if integer_path and type_info(bias.component_type).is_float:
            accumulator, integer_path = accumulator.astype(np.float64), False
        _add_bias_operand(accumulator, bias, m)
    result = _wide_result(accumulator, integer_path, output_type, output_unsigned, settings)
    result[~ctx.active] = 0
    return result


def _wide_result(accumulator: np.ndarray, integer_path: bool, output_type: ComponentType, output_unsigned: bool,
                 settings: FloatConversionSettings) -> np.ndarray:
    """The 64-bit accumulator converted once: to a 64-bit integer result its bits (read unsigned when the
    output is unsigned, as the 32-bit accumulator's are); to a narrower integer saturated (0035: integer
    conversions saturate); to a float rounded once (an integer accumulator through float64, exact below 2^53)."""
    info = type_info(output_type)
    if not integer_path:
        if info.is_float:
            return round_float_result(accumulator, output_type, settings)
        return _float_to_wide_integer(accumulator, output_type) if info.bits == 64 else \
            float_to_integer(accumulator, output_type)
    if info.is_float:
        return round_float_result(accumulator.view(np.uint64).astype(np.float64) if output_unsigned
                                  else accumulator.astype(np.float64), output_type, settings)
    if output_unsigned:
        unsigned = accumulator.view(np.uint64)
        return unsigned.copy() if info.bits == 64 else np.minimum(unsigned, np.iinfo(info.dtype).max).astype(info.dtype)
    return accumulator.astype(info.dtype) if info.bits == 64 else saturate_integers(accumulator, output_type)


def _float_to_wide_integer(values: np.ndarray, destination: ComponentType) -> np.ndarray:
    """float64 -> int64/uint64 as `float_to_integer` (nearest even, saturating, NaN 0), with the bounds set
    exactly (2^63 and 2^64 - 1 are no float64 values)."""
    dtype = type_info(destination).dtype
    limits = np.iinfo(dtype)
    rounded = np.rint(values)
    nan = np.isnan(rounded)
    above, below = ~nan & (rounded >= float(limits.max)), ~nan & (rounded <= float(limits.min))
    out = np.where(nan | above | below, 0.0, rounded).astype(dtype)
    out[above], out[below] = limits.max, limits.min
    return out


def _multiplied_input(logical: LogicalVector, profile: DeviceProfile) -> np.ndarray:
    """The values the products take: the interpreted vector, or under `matvec_fp8_input = keep_fp16`
    the FP16 inputs of an FP8 interpretation as they were."""
    if logical.unrounded is not None and profile.accumulation.matvec_fp8_input is Fp8VectorInput.KEEP_FP16:
        return widen_half(logical.unrounded)
    return logical.values


def _tensor_core_product(ctx: ExecutionContext, x: np.ndarray, matrix: MatrixOperand, m: int,
                         bias: BiasOperand | None, output_type: ComponentType,
                         settings: FloatConversionSettings) -> np.ndarray:
    """The float path under `matvec_sum = tensor_core_chunks` (`linalg.matvec_chunks`): the bias,
    rounded to the accumulator type, starts the sum; lanes are summed per matrix they read."""
    chunks = ctx.profile.accumulation.matvec_chunks
    start = np.zeros((ctx.lanes, m))
    if bias is not None:
        _add_bias_operand(start, bias, m)
        start = round_to_accumulator(start, chunks).astype(np.float64)
    sums = start.copy()                       # lanes that load no matrix: the bias alone
    x64 = half_aware_astype(x, np.float64)
    for offset, lanes in _offset_groups(matrix.offsets, matrix.loading):
        operand = MATRIX_CACHE.prepared(matrix.range, offset, matrix.desc, ctx.profile, matrix.transpose,
                                        np.dtype(np.float64)).transposed
        sums[lanes] = fast_chunks.chunked_sums(x64[lanes], operand, start[lanes], chunks)
    result = _to_result(sums, False, output_type, False, settings)
    if chunks.nan == "canonical" and type_info(output_type).is_float:
        bits = result.view(np.dtype(f"u{result.dtype.itemsize}"))
        bits[np.isnan(sums)] = np.iinfo(bits.dtype).max >> 1     # the positive all-ones NaN: 0x7FFF, 0x7FFFFFFF
    result[~ctx.active] = 0
    return result


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
            return row_stable_matmul(x, operand, ctx.state.product_rows,
                                     out=scratch("matvec.accumulator", (ctx.lanes, m), dtype))
        out = np.zeros((ctx.lanes, m), dtype)
        for offset, lanes in groups:
            operand = MATRIX_CACHE.prepared(rng, offset, desc, ctx.profile, transpose, dtype).transposed
            out[lanes] = row_stable_matmul(x[lanes], operand, ctx.state.product_rows)
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


def _add_bias_operand(accumulator: np.ndarray, bias: BiasOperand, m: int) -> None:
    """accumulator[lanes] += the bias: register values on loading lanes, or read from memory."""
    if bias.registers is None:
        _add_bias(accumulator, bias.range, bias.offsets, bias.loading, bias.component_type, m)
    elif bias.registers.shape[0] == 1:                             # one row shared by every lane
        row = bias.registers[0].astype(accumulator.dtype)
        if bias.loading.all():
            _add_to_every_lane(accumulator, row)
        else:
            accumulator[bias.loading] += row
    elif bias.loading.all():
        accumulator += bias.registers.astype(accumulator.dtype)   # an int32 accumulator wraps
    else:
        accumulator[bias.loading] += bias.registers[bias.loading].astype(accumulator.dtype)


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
    if accumulator.dtype == dtype or accumulator.size == 0:   # nothing to round (np.min has no empty answer)
        return accumulator.astype(dtype)
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
