"""Matrix multiply-accumulate, D = A * B + C per warp tile: the arithmetic of mma.sync (PTX `mma`).

One model for every surface that multiplies matrices on tensor cores, chosen by the profile's
`nvgpu` settings:
- floats (f16, bf16, tf32 operands; f16 or f32 accumulators):
  - `exact`: the exact sum of C and every exact product, rounded once to the accumulator type
    (computed fast by `fast.exact_dot`);
  - `tensor_core`: K in consecutive chunks of `mma_k_chunk` products from the accumulator C; each
    step truncates the chunk's exact products and the accumulator below 2^(E - mma_kept_bits), E
    the largest term's exponent (for a product: its own, or its operands' ea + eb,
    `mma_alignment`), adds them exactly and rounds to the accumulator type (f16: nearest even; f32:
    `mma_f32_rounding`): the H100 outer-product model of `tensor_core_sums`, generalised
    (`chunked_sums`); docs/hardware-nvidia-h100-nvgpu.md has the values mma.sync showed.
  An exactly zero sum is +0 and a NaN result is positive in both (what the H100 writes).
- f64 (m8n8k4): PTX defines it, so every profile does the same: a chain of f64 fused
  multiply-adds in k order from C, d = fma(a[k], b[k], d), each rounded to nearest even (the order
  is the H100's; PTX does not give one).
- integers (s8/u8/s4/u4 into s32): exact products and sums, then the s32 accumulator wraps, or
  saturates with `.satfinite`.
tf32 operands are f32 registers read as tf32 (`tf32_values`: truncated or rounded, a setting).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.linalg.fast.exact_dot import exact_tile_sums
from dxlinalg.linalg.fast.mma_tensor_core import tensor_core_mma
from dxlinalg.linalg.fast.wave_sums import Rounding
from dxlinalg.linalg.matvec import round_float_result, rounds_as_ieee_cast
from dxlinalg.linalg.tensor_core_sums import chunked_sums, positive_nan
from dxlinalg.numerics.component_types import ComponentType
from dxlinalg.numerics.float_conversion import FloatConversionSettings
from dxlinalg.numerics.fma import fma
from dxlinalg.profile.model import NvgpuSettings

INT32_MIN, INT32_MAX = -(1 << 31), (1 << 31) - 1
TF32_DROPPED_BITS = 13                  # f32's 23 mantissa bits, tf32's 10
ACCUMULATORS = {np.dtype(np.float16): ComponentType.F16, np.dtype(np.float32): ComponentType.F32}


@dataclass(frozen=True)
class FloatMma:
    """What the float model needs from a profile: its nvgpu sum settings and its float rounding settings."""

    nvgpu: NvgpuSettings
    conversion: FloatConversionSettings


def float_mma(a: np.ndarray, b: np.ndarray, c: np.ndarray, model: FloatMma) -> np.ndarray:
    """(W, M, N) D of c's dtype (float16 or float32) from A (W, M, K), B (W, K, N) of float16,
    bfloat16 or float32 (tf32 values) and C (W, M, N)."""
    accumulator = ACCUMULATORS.get(c.dtype)
    if accumulator is None:
        raise InvalidArgumentError(f"mma accumulator C has dtype {c.dtype}; float mma accumulates in float16 or "
                                   f"float32")
    waves, m, n = c.shape
    settings = model.nvgpu
    toward_zero = (settings.mma_sum == "tensor_core" and accumulator == ComponentType.F32
                   and settings.mma_f32_rounding == "toward_zero")

    plain_f32 = accumulator == ComponentType.F32 and rounds_as_ieee_cast(ComponentType.F64, model.conversion)

    def nearest(values: np.ndarray) -> np.ndarray:
        if values.size and np.isnan(np.min(values)):
            values = positive_nan(values)
        elif plain_f32 and values.dtype == np.float64:      # round_float_result's cast, its NaN check done here
            with np.errstate(over="ignore"):
                return values.astype(np.float32)
        return round_float_result(values, accumulator, model.conversion)

    def rounding(values: np.ndarray) -> np.ndarray:
        return _toward_zero(values, nearest) if toward_zero else nearest(values)

    left, right = a.transpose(0, 2, 1), b
    with np.errstate(invalid="ignore", over="ignore"):                  # NaN and Inf operands are data here
        if settings.mma_sum == "tensor_core":
            fast = tensor_core_mma(a, b, c, rounding, chunk=settings.mma_k_chunk,
                                   kept_bits=settings.mma_kept_bits) \
                if settings.mma_alignment == "operands" else None
            if fast is not None:
                return fast
            start = c.astype(np.float64).reshape(waves, m * n)
            exponents = (operand_exponents(left), operand_exponents(right)) \
                if settings.mma_alignment == "operands" else None
            d = chunked_sums(left, right, start, rounding, chunk=settings.mma_k_chunk,
                             kept_bits=settings.mma_kept_bits, operand_exponents=exponents)
            return d.reshape(waves, m, n)
        return rounding(exact_tile_sums(left, right, c, rounding))


def operand_exponents(values: np.ndarray) -> np.ndarray:
    """floor(log2 |v|) of float16/bfloat16/float32 values, subnormals (and zeros) at the format's
    smallest normal exponent: what the H100 aligns a product a * b on (ea + eb), read on the bits."""
    unsigned = np.dtype(f"u{values.dtype.itemsize}")
    fraction_bits = {2: 7 if values.dtype.name == "bfloat16" else 10, 4: 23}[values.dtype.itemsize]
    exponent_bits = 8 * values.dtype.itemsize - 1 - fraction_bits
    field = (np.ascontiguousarray(values).view(unsigned) >> unsigned.type(fraction_bits)) & \
        unsigned.type((1 << exponent_bits) - 1)
    return np.maximum(field.astype(np.int64), 1) - ((1 << (exponent_bits - 1)) - 1)


def _toward_zero(values: np.ndarray, nearest: Rounding) -> np.ndarray:
    """float64 values rounded toward zero to float32, as the H100 rounds into f32 accumulators: the
    float64 significand cut to float32's 24 bits (so overflow gives the largest finite value),
    except that magnitudes of 2^128 and more give Inf. Outside float32's normal range (zeros,
    subnormal results, 2^128 and up, Inf, NaN) by `nearest` (the settings' round to nearest even,
    with their zero signs and NaNs), stepped back toward zero where that went past the value."""
    values = np.ascontiguousarray(values, np.float64)
    magnitude = values.view(np.uint64) & _FLOAT64_MAGNITUDE
    if magnitude.size and magnitude.min() >= _FLOAT32_NORMAL_FROM and magnitude.max() < _FLOAT32_PAST_RANGE:
        return _cut_to_float32(values)
    ordinary = (magnitude >= _FLOAT32_NORMAL_FROM) & (magnitude < _FLOAT32_PAST_RANGE)
    result = np.empty(values.shape, np.float32)
    result[ordinary] = _cut_to_float32(values[ordinary])
    rest = values[~ordinary]
    rounded = nearest(rest)
    with np.errstate(invalid="ignore", over="ignore"):
        past = np.isfinite(rest) & (np.abs(rounded.astype(np.float64)) > np.abs(rest))
        stepped = np.where(past, np.nextafter(rounded, np.float32(0)), rounded)
        result[~ordinary] = np.where(np.isfinite(rest) & (np.abs(rest) >= 2.0 ** 128),
                                     np.copysign(np.inf, rest).astype(np.float32), stepped)
    return result


def _cut_to_float32(values: np.ndarray) -> np.ndarray:
    """float64 values of float32's normal range, their significand cut to 24 bits: exact in float32."""
    return (values.view(np.uint64) & _FLOAT32_SIGNIFICAND_CUT).view(np.float64).astype(np.float32)


_FLOAT64_MAGNITUDE = np.uint64((1 << 63) - 1)
_FLOAT32_SIGNIFICAND_CUT = np.uint64(~((1 << 29) - 1) & ((1 << 64) - 1))   # 52 - 23 bits below float32's
_FLOAT32_NORMAL_FROM = np.float64(2.0 ** -126).view(np.uint64)
_FLOAT32_PAST_RANGE = np.float64(2.0 ** 128).view(np.uint64)


def tf32_values(values: np.ndarray, mode: str) -> np.ndarray:
    """float32 registers as the tf32 numbers a tf32 mma reads: the low 13 mantissa bits cleared
    (`truncate`, as the H100 does: a NaN whose payload lies there becomes Inf) or rounded away
    (`nearest_even`, `nearest_away`: cvt.rn / cvt.rna.tf32.f32, where a NaN stays a NaN and
    rounding past the largest tf32 gives infinity)."""
    bits = np.ascontiguousarray(values, np.float32).view(np.uint32)
    low = bits & np.uint32((1 << TF32_DROPPED_BITS) - 1)
    kept = bits - low
    if mode == "truncate":
        return kept.view(np.float32)
    if mode not in ("nearest_even", "nearest_away"):
        raise InvalidArgumentError(f"tf32 input mode {mode!r} is not one of truncate, nearest_even, nearest_away")
    finite = (bits & np.uint32(0x7F800000)) != np.uint32(0x7F800000)
    half = np.uint32(1 << (TF32_DROPPED_BITS - 1))
    odd = (kept >> np.uint32(TF32_DROPPED_BITS)) & np.uint32(1)
    up = (low > half) | ((low == half) & ((odd == 1) if mode == "nearest_even" else True))
    rounded = np.where(finite & up, kept + np.uint32(1 << TF32_DROPPED_BITS), kept)
    rounded = np.where(~finite & (low != 0), bits | np.uint32(1 << 22), rounded)     # a NaN stays a (quiet) NaN
    return rounded.astype(np.uint32).view(np.float32)


def integer_mma(a: np.ndarray, b: np.ndarray, c: np.ndarray, *, saturate: bool) -> np.ndarray:
    """(W, M, N) int32 D = A * B + C, exact products and sums, then wrapped to int32 or, with
    `saturate` (`.satfinite`), clamped to [INT32_MIN, INT32_MAX]. A and B hold 4- or 8-bit values,
    so every partial sum of an mma (K <= 128) stays below 2^24: a float32 matrix product is exact."""
    sums = np.matmul(a.astype(np.float32), b.astype(np.float32)).astype(np.int64) + c.astype(np.int64)
    if saturate:
        return np.clip(sums, INT32_MIN, INT32_MAX).astype(np.int32)
    return sums.astype(np.int32)          # the low 32 bits: wrap-around


def float64_mma(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    """(W, M, N) float64 D: d = C, then d = fma(A[:, :, k], B[:, k, :], d) for k = 0, 1, ... (PTX:
    .f64 mma is a chain of f64 fused multiply-adds, .rn). NaNs are IEEE's as x86 makes them, which
    the H100's DMMA matches: a NaN operand's payload propagates, Inf - Inf and 0 * Inf give the
    negative quiet NaN."""
    d = np.array(c, np.float64)
    for k in range(a.shape[2]):
        d = fma(a[:, :, k, None], b[:, None, k, :], d)
    return d
