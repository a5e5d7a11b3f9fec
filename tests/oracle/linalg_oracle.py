"""The four linear-algebra ops, one thread at a time, as hlsl-specs 0029 reads: the slow definition.

Plain Python loops over lanes and elements. Values are Python ints and floats (float64); a
float result is rounded once, from the float64 sum, by `float_formats.encode` (which uses no numpy
or ml_dtypes cast). The matrix is read from the row-major *source* data the test wrote, never
through the layout decode of the fast path: element (i, k) of the effective M x K matrix is
source[i][k], or source[k][i] when transposed (the stored matrix is then K x M).

Deliberate difference from the reference profile: the oracle sums in float64, the profile in
float32. On the Vulkan CTS value grid (multiples of 0.5, one layer) every partial sum is exact in
both, so results are bit-identical; elsewhere tests compare with the CTS relative tolerance.

Under a profile's `matvec_sum = "tensor_core_chunks"` the float sums follow that documented model
instead (`tensor_core_matvec_row`, in Fractions), and `matvec_fp8_input = "keep_fp16"` keeps FP16
inputs under FP8 interpretations as they are.

Atomics follow the profile's documented model literally: per-lane or per-wave operands (a wave's
sum: exact, as a Fraction, float32 summed lane by lane with a rounding at each step, or NVIDIA's
tensor-core chunks / butterfly, in Fractions), each
rounded to the accumulation type, added in dispatch order or in the seeded permutation, one
rounding per add.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from dxlinalg.numerics.component_types import ComponentType
from dxlinalg.numerics.float_conversion import FloatConversionSettings
from dxlinalg.profile.model import (
    AccumulateGranularity,
    AccumulateOrder,
    AccumulationSettings,
    Fp8VectorInput,
    MatvecSum,
    TensorCoreChunks,
    WaveSum,
)
from tests.oracle import float_formats
from tests.oracle.float_formats import FORMATS, Exact

T = ComponentType
INTEGER_RANGES = {
    T.I8: (-128, 127), T.U8: (0, 255), T.I16: (-(1 << 15), (1 << 15) - 1), T.U16: (0, (1 << 16) - 1),
    T.I32: (-(1 << 31), (1 << 31) - 1), T.U32: (0, (1 << 32) - 1),
}
FLOAT_TYPES = {T.F16, T.F32, T.F8_E4M3, T.F8_E5M2}
PHYSICAL = {np.dtype(np.float16): T.F16, np.dtype(np.float32): T.F32, np.dtype(np.int16): T.I16,
            np.dtype(np.uint16): T.U16, np.dtype(np.int32): T.I32, np.dtype(np.uint32): T.U32}


# -- scalars ------------------------------------------------------------------------------------------
def exact_of(value: float) -> Exact:
    """A Python float (or int) as an exact value."""
    if math.isnan(value):
        return Exact("nan", 0)
    if math.isinf(value):
        return Exact("inf", 1 if value < 0 else 0)
    numerator, denominator = float(value).as_integer_ratio()
    sign = 1 if math.copysign(1.0, value) < 0 else 0
    return Exact("finite", sign, abs(numerator), -(denominator.bit_length() - 1))


def value_of(bits: int, destination: ComponentType) -> float:
    """The Python float a bit pattern of a float format stands for."""
    x = float_formats.decode(bits, FORMATS[destination])
    if x.kind == "nan":
        return math.nan
    if x.kind == "inf":
        return -math.inf if x.sign else math.inf
    return (-1.0 if x.sign else 1.0) * math.ldexp(x.significand, x.exponent)


def round_float(value: float, destination: ComponentType, settings: FloatConversionSettings,
                source: ComponentType = T.F32) -> float:
    """Round an exact value once to a float type (RNE, the profile's special cases)."""
    return value_of(float_formats.encode(exact_of(value), source, destination, settings), destination)


def float_bits(value: float, destination: ComponentType, settings: FloatConversionSettings,
               source: ComponentType = T.F32) -> int:
    return float_formats.encode(exact_of(value), source, destination, settings)


def saturate(n: int, destination: ComponentType) -> int:
    lo, hi = INTEGER_RANGES[destination]
    return min(max(n, lo), hi)


def float_to_int(value: float, destination: ComponentType) -> int:
    """Float -> integer: round to nearest even (Python's round), saturate, NaN -> 0."""
    if math.isnan(value):
        return 0
    if math.isinf(value):
        return INTEGER_RANGES[destination][1 if value > 0 else 0]
    return saturate(round(value), destination)


def wrap32(n: int, unsigned: bool) -> int:
    n &= 0xFFFFFFFF
    return n if unsigned or n < (1 << 31) else n - (1 << 32)


# -- matrix-vector ---------------------------------------------------------------------------------------
def interpret(physical_row: Sequence, physical_type: ComponentType, interpretation: ComponentType, k: int,
              settings: FloatConversionSettings, keep_fp16: bool = False) -> list:
    """The K logical input values of one lane (0029 From-Register Interpretations, Conversion Rules);
    `keep_fp16`: FP16 inputs under an FP8 interpretation stay as they are."""
    if keep_fp16 and physical_type == T.F16 and interpretation in (T.F8_E4M3, T.F8_E5M2):
        return [float(element) for element in physical_row[:k]]
    if interpretation in (T.PackedS8x32, T.PackedU8x32):
        logical = []
        for i in range(k):
            byte = (int(physical_row[i // 4]) >> (8 * (i % 4))) & 0xFF
            logical.append(byte - 256 if interpretation == T.PackedS8x32 and byte > 127 else byte)
        return logical
    values = []
    for element in physical_row[:k]:
        if interpretation in FLOAT_TYPES:
            if physical_type in FLOAT_TYPES:
                values.append(round_float(float(element), interpretation, settings, physical_type))
            else:
                bits = float_formats.convert_integer(int(element), interpretation, settings)
                values.append(value_of(bits, interpretation))
        elif physical_type in FLOAT_TYPES:
            values.append(float_to_int(float(element), interpretation))
        else:
            values.append(saturate(int(element), interpretation))
    return values


def matvec_lane(physical_row: Sequence, physical_type: ComponentType, input_interpretation: ComponentType,
                source: np.ndarray | None, matrix_interpretation: ComponentType, m: int, k: int, transpose: bool,
                bias: Sequence | None, output_type: ComponentType, output_unsigned: bool,
                settings: FloatConversionSettings, accumulation: AccumulationSettings | None = None) -> list:
    """One lane of matvecmul/matvecmuladd. `source` None means the load was out of bounds (zeros).
    `accumulation` None: the spec's sums (float64 here)."""
    accumulation = accumulation or AccumulationSettings()
    x = interpret(physical_row, physical_type, input_interpretation, k, settings,
                  accumulation.matvec_fp8_input is Fp8VectorInput.KEEP_FP16)
    is_float = input_interpretation in FLOAT_TYPES or matrix_interpretation in FLOAT_TYPES
    chunked = is_float and accumulation.matvec_sum is MatvecSum.TENSOR_CORE_CHUNKS
    if bias is not None and any(isinstance(b, float) for b in bias):
        is_float = True
    result = []
    for i in range(m):
        if chunked:
            row = [0.0 if source is None else float(source[j][i] if transpose else source[i][j]) for j in range(k)]
            total = tensor_core_matvec_row(x, row, None if bias is None else float(bias[i]),
                                           accumulation.matvec_chunks)
            result.append(_convert_result(total, True, output_type, output_unsigned, settings))
            continue
        total: int | float = 0.0 if is_float else 0
        for j in range(k):
            if source is None:
                element = 0
            else:
                element = source[j][i] if transpose else source[i][j]
            element = float(element) if matrix_interpretation in FLOAT_TYPES else int(element)
            total += element * x[j]
        if bias is not None:
            total += bias[i]
        result.append(_convert_result(total, is_float, output_type, output_unsigned, settings))
    return result


def _convert_result(total: int | float, is_float: bool, output_type: ComponentType, output_unsigned: bool,
                    settings: FloatConversionSettings) -> int | float:
    if not is_float:
        value = wrap32(int(total), output_unsigned)
        if output_type in FLOAT_TYPES:
            return value_of(float_formats.convert_integer(value, output_type, settings), output_type)
        if output_type in (T.I32, T.U32):
            return value
        return saturate(value, output_type)
    if output_type in FLOAT_TYPES:
        return round_float(float(total), output_type, settings)
    return float_to_int(float(total), output_type)


def oracle_matvec(inputs: np.ndarray, input_interpretation: ComponentType, sources: Sequence,
                  matrix_interpretation: ComponentType, m: int, k: int, transpose: bool, biases: Sequence | None,
                  output_dtype: np.dtype, active: np.ndarray, settings: FloatConversionSettings,
                  accumulation: AccumulationSettings | None = None) -> list:
    """Every lane: `sources[lane]` its matrix (None: out of bounds), `biases[lane]` its bias values
    (None: out of bounds, i.e. zeros; `biases` None: matvecmul). Inactive lanes give None.
    `accumulation`: the profile's matvec settings (None: the spec's)."""
    physical_type = PHYSICAL[np.dtype(inputs.dtype)]
    output_type = PHYSICAL[np.dtype(output_dtype)]
    output_unsigned = np.dtype(output_dtype).kind == "u"
    results = []
    for lane in range(inputs.shape[0]):
        if not active[lane]:
            results.append(None)
            continue
        bias = None
        if biases is not None:
            bias = [0] * m if biases[lane] is None else list(biases[lane])
        results.append(matvec_lane(list(inputs[lane]), physical_type, input_interpretation, sources[lane],
                                   matrix_interpretation, m, k, transpose, bias, output_type, output_unsigned,
                                   settings, accumulation))
    return results


# -- NVIDIA's matrix-vector sums (matvec_sum = "tensor_core_chunks") --------------------------------------
_ACCUMULATOR_FORMATS = {"FLOAT16": (11, -14, 65504.0), "FLOAT32": (24, -126, float(np.finfo(np.float32).max))}


def _floor_log2(value: Fraction) -> int:
    """floor(log2 value) of a positive Fraction n/d: `top` or `top - 1` (bit lengths), 2^top > n/d decides."""
    n, d = value.numerator, value.denominator
    top = n.bit_length() - d.bit_length()
    above = d << top > n if top >= 0 else d > n << -top          # 2^top > n/d, in integers
    return top - 1 if above else top


def _exponent(value: float) -> int:
    """floor(log2 |value|) of a finite nonzero float: frexp writes |value| = f * 2^e with f in [0.5, 1)."""
    return math.frexp(value)[1] - 1


def _truncated_units(value: float, scale: int) -> int:
    """|value| // 2^scale, toward zero, with value's sign: how many units 2^scale a term keeps (exact: a
    float is p / q with q a power of two, so this is integer floor division)."""
    p, q = value.as_integer_ratio()
    units = (abs(p) // (q << scale)) if scale >= 0 else ((abs(p) << -scale) // q)
    return -units if p < 0 else units


def _round_dyadic(total: Fraction, accumulator: str, rounding: str) -> float:
    """An exact value rounded to the accumulator format (precision, smallest normal exponent,
    largest finite): nearest even (past the largest finite: Inf) or toward zero (there: the largest
    finite). A zero result is returned as +0 (the caller sets signs)."""
    precision, smallest, largest = _ACCUMULATOR_FORMATS[accumulator]
    if total == 0:
        return 0.0
    quantum = Fraction(2) ** (max(_floor_log2(abs(total)), smallest) - (precision - 1))
    units = abs(total) / quantum
    kept = round(units) if rounding == "nearest_even" else math.floor(units)   # Fraction rounds half to even
    value = kept * quantum
    if value > largest:
        value = math.inf if rounding == "nearest_even" else largest
    return math.copysign(float(value), total)


def tensor_core_matvec_row(x: Sequence[float], w: Sequence[float], bias: float | None,
                           chunks: TensorCoreChunks) -> float:
    """One result as docs/hardware-nvidia-h100-spirv.md states the model: an accumulator of
    `chunks.accumulator` from the bias; per chunk of consecutive k, E = the largest e(x_k) + e(w_k)
    over nonzero products and e(acc); every term truncated toward zero to a multiple of
    2^(E - kept_bits); the exact sum rounded. e(v) = floor(log2 |v|), at least -14 for operands and
    the accumulator type's smallest normal exponent for the accumulator."""
    smallest = _ACCUMULATOR_FORMATS[chunks.accumulator][1]
    accumulator = 0.0
    if bias is not None:
        accumulator = bias if not math.isfinite(bias) else _round_dyadic(Fraction(bias), chunks.accumulator,
                                                                          chunks.rounding)
        accumulator = _zero_signed(accumulator, [bias], chunks)
    for first in range(0, len(x), chunks.chunk_length):
        xs, ws = x[first: first + chunks.chunk_length], w[first: first + chunks.chunk_length]
        products = [a * b for a, b in zip(xs, ws)]                      # exact in float64
        terms = [accumulator, *products]
        if not all(math.isfinite(t) for t in terms):
            infinities = {t for t in terms if math.isinf(t)}
            nan = any(math.isnan(t) for t in terms) or len(infinities) == 2
            accumulator = math.nan if nan else infinities.pop()
            continue
        exponents = [max(_exponent(a), -14) + max(_exponent(b), -14) for a, b in zip(xs, ws) if a != 0 and b != 0]
        if accumulator != 0:
            exponents.append(max(_exponent(accumulator), smallest))
        if not exponents:
            accumulator = _zero_signed(0.0, terms, chunks)
            continue
        scale = max(exponents) - chunks.kept_bits                      # every term truncated to units of 2^scale
        units = [_truncated_units(t, scale) for t in terms]
        rounded = _round_dyadic(sum(units) * Fraction(2) ** scale, chunks.accumulator, chunks.rounding)
        accumulator = _zero_signed(rounded, [math.copysign(float(u), t) for u, t in zip(units, terms)], chunks)
    return accumulator


def _zero_signed(value: float, terms: Sequence[float], chunks: TensorCoreChunks) -> float:
    """A zero's sign: +0 under zero_sign positive; under ieee -0 when every (truncated) term is -0,
    or the nonzero sum was negative."""
    if value != 0 or chunks.zero_sign == "positive":
        return value + 0.0 if value == 0 else value
    if math.copysign(1, value) < 0:
        return value
    return -0.0 if all(t == 0 and math.copysign(1, t) < 0 for t in terms) else 0.0


def round_exact_sum(terms: Sequence[float], destination: ComponentType, settings: FloatConversionSettings) -> float:
    """The exact sum of float terms (a Fraction), rounded once; an exactly zero sum is +0 (the
    reduction starts from +0); Inf and NaN as float addition gives them."""
    if not all(math.isfinite(t) for t in terms):
        infinities = {t for t in terms if math.isinf(t)}
        special = math.nan if any(math.isnan(t) for t in terms) or len(infinities) == 2 else infinities.pop()
        return round_float(special, destination, settings, T.F64)
    return round_fraction(sum((Fraction(t) for t in terms), Fraction(0)), destination, settings)


def round_fraction(total: Fraction, destination: ComponentType, settings: FloatConversionSettings) -> float:
    """An exact dyadic value rounded once (RNE, the profile's special cases); zero is +0."""
    if total == 0:
        exact = Exact("finite", 0, 0, 0)
    else:
        denominator_bits = total.denominator.bit_length() - 1      # a dyadic rational
        exact = Exact("finite", 1 if total < 0 else 0, abs(total.numerator), -denominator_bits)
    return value_of(float_formats.encode(exact, T.F64, destination, settings), destination)


# -- atomics ----------------------------------------------------------------------------------------------
def atomic_order(count: int, settings: AccumulationSettings, call_index: int) -> list[int]:
    """The documented order: dispatch order, or numpy's permutation seeded by (atomic_seed, call)."""
    if settings.atomic_order is AccumulateOrder.SEEDED_RANDOM:
        return [int(i) for i in np.random.default_rng([settings.atomic_seed, call_index]).permutation(count)]
    return list(range(count))


def tensor_core_step(accumulator: float, terms: list[float], destination: ComponentType,
                     settings: FloatConversionSettings) -> float:
    """One tensor-core step (nvidia_tensor_core): accumulator + terms, each truncated toward zero to
    a multiple of 2^(E - 25), E = floor(log2 |t|) of the largest nonzero term, summed exactly and
    rounded once; NaN if a term is NaN or Infs of both signs meet, else the Inf."""
    everything = [accumulator] + terms
    if any(math.isnan(t) for t in everything):
        return round_float(math.nan, destination, settings, T.F64)
    infinities = {t for t in everything if math.isinf(t)}
    if infinities:
        return round_float(math.nan if len(infinities) == 2 else infinities.pop(), destination, settings, T.F64)
    nonzero = [Fraction(t) for t in everything if t != 0]
    if not nonzero:
        return 0.0
    largest = max(abs(t) for t in nonzero)
    top = largest.numerator.bit_length() - largest.denominator.bit_length()   # floor(log2) or one above
    if Fraction(2) ** top > largest:
        top -= 1
    quantum = Fraction(2) ** (top - 25)
    total = Fraction(0)
    for t in nonzero:
        kept = (abs(t) // quantum) * quantum
        total += kept if t > 0 else -kept
    return round_fraction(total, destination, settings)


def tensor_core_wave_sum(terms_by_position: dict[int, list[float]], elements: int, vector: bool,
                         wave_size: int, destination: ComponentType, settings: FloatConversionSettings) -> list[float]:
    """A wave's operand under nvidia_tensor_core, from its active lanes' contributions by position."""
    operand = []
    for e in range(elements):
        if vector:      # xor butterfly, offsets 1, 2, 4, ...; absent lanes +0; lane 0's result
            values = [round_float(terms_by_position[p][e], destination, settings, T.F64)
                      if p in terms_by_position else 0.0 for p in range(wave_size)]
            offset = 1
            while offset < wave_size:
                values = [round_pair_sum(values[min(p, p ^ offset)], values[max(p, p ^ offset)],
                                         destination, settings) for p in range(wave_size)]
                offset *= 2
            operand.append(values[0])
            continue
        accumulator = 0.0
        for first in range(0, wave_size, 8):
            chunk = [terms_by_position[p][e] for p in range(first, first + 8) if p in terms_by_position]
            if chunk:
                accumulator = tensor_core_step(accumulator, chunk, destination, settings)
        operand.append(accumulator)
    return operand


def round_pair_sum(x: float, y: float, destination: ComponentType, settings: FloatConversionSettings) -> float:
    """x + y rounded once: exactly for finite values (zeros of both signs as IEEE adds them)."""
    if not (math.isfinite(x) and math.isfinite(y)) or (x == 0 and y == 0):
        return round_float(x + y, destination, settings, T.F64)
    return round_fraction(Fraction(x) + Fraction(y), destination, settings)


def oracle_accumulate(memory: list[float], contributions: dict[int, list[float]], wave_of_lane: Sequence[int],
                      accumulation_type: ComponentType, settings: AccumulationSettings,
                      float_settings: FloatConversionSettings, call_index: int = 0, *,
                      vector: bool = False, wave_size: int = 32) -> list[float]:
    """Memory after the atomic adds of `contributions` (lane -> exact per-element values).

    Lanes are in dispatch order; `wave_of_lane[lane]` groups them for per-wave granularity. The
    nvidia_tensor_core wave sum also needs the op (`vector`: a vector accumulate) and each lane's
    position in its wave, lane % `wave_size`.
    """
    lanes = sorted(contributions)
    if settings.atomic_granularity is AccumulateGranularity.PER_WAVE:
        waves: dict[int, list[int]] = {}
        for lane in lanes:
            waves.setdefault(wave_of_lane[lane], []).append(lane)
        operands = []
        for wave in sorted(waves):
            if settings.wave_sum is WaveSum.NVIDIA_TENSOR_CORE:
                by_position = {lane % wave_size: contributions[lane] for lane in waves[wave]}
                operands.append(tensor_core_wave_sum(by_position, len(memory), vector, wave_size,
                                                     accumulation_type, float_settings))
                continue
            if settings.wave_sum is WaveSum.EXACT:
                terms = [contributions[lane] for lane in waves[wave]]
                operands.append([round_exact_sum([t[e] for t in terms], accumulation_type, float_settings)
                                 for e in range(len(memory))])
                continue
            partial = [0.0] * len(memory)
            for lane in waves[wave]:
                for e, value in enumerate(contributions[lane]):
                    as_f32 = round_float(value, T.F32, float_settings)
                    partial[e] = round_float(partial[e] + as_f32, T.F32, float_settings)
            operands.append([round_float(p, accumulation_type, float_settings) for p in partial])
    else:
        operands = [[round_float(v, accumulation_type, float_settings) for v in contributions[lane]]
                    for lane in lanes]
    result = list(memory)
    for index in atomic_order(len(operands), settings, call_index):
        for e, operand in enumerate(operands[index]):
            result[e] = round_float(result[e] + operand, accumulation_type, float_settings)
    return result
