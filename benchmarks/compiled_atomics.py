"""An experiment, not a code path of the emulator: the reference profile's FP16 atomics compiled with numba.

`benchmarks.w2_limits` uses it to measure how fast W2 would be if the accumulates' numpy passes
were compiled loops (docs/performance.md, "Why W2 stays far from 3x"). Only what the training
sample exercises is covered: `exact` wave sums of float16 lanes into float16 memory, and the
float16 chain. Anything else (Inf/NaN, waves the exactness certificate does not cover, sums that
round to Inf) goes to the shipped numpy path, and `verify()` compares the two bit for bit.

- Outer products: one pass per wave widens its halves to float64 (the int32 shift and float32
  multiply of `half.widen_half`) and finds the wave's exponent span (the certificate of
  `wave_sums`); numpy's float64 BLAS forms the per-wave products; one pass rounds the sums to
  half values held in float32 (the magic-number rounding of `half.float64_to_half_values`).
- Vector accumulates: one pass sums each wave's halves in float64 (exact) and rounds them.
- The chain: one loop over the operands, each step's row rounded in place (`half_grid_rounder`).

numba is the benchmarks' optional dependency (`pip install -e .[bench]`); importing this module
without it raises ImportError.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager

import numpy as np
from numba import njit

import dxlinalg.linalg.atomics as atomics
import dxlinalg.linalg.fast.deferred_atomics as deferred_atomics
from dxlinalg.gpu.half import (  # the engine's own constants: the kernels are its passes, compiled
    _FLOAT64_ONE_AND_A_HALF_ABOVE_EXPONENT,
    _FROM_FLOAT32,
    _FROM_FLOAT64,
    _HALF_ROUNDS_TO_INF,
    _MAGIC_ONE_AND_A_HALF_ABOVE_EXPONENT,
    _SIGN_AND_SHIFTED_MAGNITUDE,
    _WIDEN_SCALE,
    narrow_to_half,
    widen_half,
)
from dxlinalg.linalg.fast.atomic_chain import with_negative_zeros
from dxlinalg.linalg.fast.wave_sums import FLOAT64_PRECISION
from dxlinalg.numerics.component_types import ComponentType
from dxlinalg.profile.model import WaveSum

WAVE_LANES_LOG2_BOUND = 5                      # waves of up to 32 lanes: sums of 2^5 terms
_FLOAT32_EXPONENT = _FROM_FLOAT32.exponent_mask


def _rounding_magic() -> np.ndarray:
    """Per float64 exponent field e: the magic of `half.float64_to_half_values`, 1.5 * 2^(max(e, -14) + 42),
    whose addition rounds to the half quantum."""
    binades = np.arange(2048, dtype=np.uint64) << np.uint64(52)
    return (np.maximum(binades, _FROM_FLOAT64.normal_from) + _FLOAT64_ONE_AND_A_HALF_ABOVE_EXPONENT).view(np.float64)


_MAGIC = _rounding_magic()


@njit(nogil=True, cache=True)
def _widen_with_span(bits, out):  # pragma: no cover - compiled
    """bits (W, X) uint16 halves -> out (W, X) float64; per wave the certificate's exponent span
    (e_max - q_min, 0 for all zeros) and whether all are finite."""
    waves, count = bits.shape
    span = np.empty(waves, np.int64)
    finite = np.ones(waves, np.bool_)
    wide = np.empty(count, np.int32)
    wide_float = wide.view(np.float32)
    for w in range(waves):
        largest = np.uint16(0)
        smallest_minus_one = np.uint16(0xFFFF)           # zeros wrap to the top
        for x in range(count):
            magnitude = bits[w, x] & np.uint16(0x7FFF)
            largest = max(largest, magnitude)
            smallest_minus_one = min(smallest_minus_one, np.uint16(magnitude - np.uint16(1)))
        for x in range(count):
            wide[x] = (np.int32(np.int16(bits[w, x])) << 13) & _SIGN_AND_SHIFTED_MAGNITUDE
        for x in range(count):
            out[w, x] = np.float64(wide_float[x] * _WIDEN_SCALE)
        finite[w] = largest < 0x7C00
        if largest == 0:
            span[w] = 0
        else:
            smallest = np.int64(np.uint16(smallest_minus_one + np.uint16(1)))
            upper = (np.int64(largest) >> 10) - 15 + 1
            field = smallest >> 10
            span[w] = upper - ((field if field > 0 else 1) - 25)
    return span, finite


@njit(nogil=True, cache=True)
def _round_to_half_values(sums, magic, out):  # pragma: no cover - compiled
    """float64 sums -> half values in float32 (RNE, zeros keep the sum's sign); False if any
    sum is NaN or rounds to Inf."""
    bits = sums.view(np.int64)
    largest = 0.0
    for k in range(sums.size):
        value = sums[k]
        largest = max(largest, abs(value))
        m = magic[(bits[k] >> 52) & 0x7FF]
        rounded = (value + m) - m
        out[k] = np.float32(np.copysign(rounded, value) if rounded == 0.0 else rounded)
    return largest < _HALF_ROUNDS_TO_INF


@njit(nogil=True, cache=True)
def _half_sums_rounded(bits, magic, out):  # pragma: no cover - compiled
    """bits (W, L, m) uint16 halves -> out (W, m): each wave's exact sum over L, +0 when zero,
    rounded to a half value; False if a sum is not finite or rounds to Inf."""
    waves, lanes, m = bits.shape
    wide = np.empty(m, np.int32)
    wide_float = wide.view(np.float32)
    total = np.empty(m)
    total_bits = total.view(np.int64)
    ok = True
    for w in range(waves):
        total[:] = 0.0
        for lane in range(lanes):
            for i in range(m):
                wide[i] = (np.int32(np.int16(bits[w, lane, i])) << 13) & _SIGN_AND_SHIFTED_MAGNITUDE
            for i in range(m):
                total[i] += np.float64(wide_float[i] * _WIDEN_SCALE)
        for i in range(m):
            total[i] = total[i] + 0.0
            value = total[i]
            if not abs(value) < _HALF_ROUNDS_TO_INF:
                ok = False
            m_ = magic[(total_bits[i] >> 52) & 0x7FF]
            rounded = (value + m_) - m_
            out[w, i] = np.float32(np.copysign(rounded, value) if rounded == 0.0 else rounded)
    return ok


@njit(nogil=True, cache=True)
def _half_chain(current, steps, magic):  # pragma: no cover - compiled
    """current (E,) float32 half values += each row of steps, rounded to half after every step;
    False if a value leaves the finite halves."""
    count = current.size
    current_bits = current.view(np.uint32)
    magic_bits = magic.view(np.uint32)
    largest = np.float32(0.0)
    for row in range(steps.shape[0]):
        for e in range(count):
            current[e] += steps[row, e]
        for e in range(count):
            magic_bits[e] = (current_bits[e] & _FLOAT32_EXPONENT) + _MAGIC_ONE_AND_A_HALF_ABOVE_EXPONENT
        for e in range(count):
            current[e] = (current[e] + magic[e]) - magic[e]
            largest = max(largest, abs(current[e]))
    return largest <= 65504.0          # every step stayed a finite half (False for NaN too)


_shipped_wave_operands = atomics._wave_operands
_shipped_apply_in_order = deferred_atomics.apply_in_order


def compiled_wave_operands(ctx, lanes, starts, counts, factors, accumulation_type):
    """`atomics._wave_operands` for float16 lanes into float16 under `exact`; the shipped path otherwise."""
    halves = factors.left.dtype == np.float16 and (factors.right is None or factors.right.dtype == np.float16)
    if ctx.profile.accumulation.wave_sum is not WaveSum.EXACT or accumulation_type != ComponentType.F16 \
            or not halves:
        return _shipped_wave_operands(ctx, lanes, starts, counts, factors, accumulation_type)
    left, right, _ = factors.padded(lanes, starts, counts)
    waves, wave_lanes, m = left.shape
    left_bits = np.ascontiguousarray(left).view(np.uint16)
    if right is None:
        out = np.empty((waves, m), np.float32)
        ok = _half_sums_rounded(left_bits, _MAGIC, out)
    else:
        n = right.shape[2]
        left64, right64 = np.empty((waves, wave_lanes * m)), np.empty((waves, wave_lanes * n))
        left_span, left_finite = _widen_with_span(left_bits.reshape(waves, -1), left64)
        right_span, right_finite = _widen_with_span(np.ascontiguousarray(right).view(np.uint16).reshape(waves, -1),
                                                     right64)
        certified = left_finite & right_finite & (left_span + right_span + WAVE_LANES_LOG2_BOUND <= FLOAT64_PRECISION)
        if wave_lanes > 1 << WAVE_LANES_LOG2_BOUND or not certified.all():
            return _shipped_wave_operands(ctx, lanes, starts, counts, factors, accumulation_type)
        sums = np.matmul(left64.reshape(waves, wave_lanes, m).transpose(0, 2, 1), right64.reshape(waves, wave_lanes, n))
        out = np.empty(waves * m * n, np.float32)
        ok = _round_to_half_values(sums.reshape(-1), _MAGIC, out)
        out = out.reshape(waves, m * n)
    return out if ok else _shipped_wave_operands(ctx, lanes, starts, counts, factors, accumulation_type)


def compiled_apply_in_order(memory: np.ndarray, operands: np.ndarray) -> np.ndarray:
    """`atomic_chain.apply_in_order` for float16 memory and half values held in float32."""
    if memory.dtype != np.float16 or operands.dtype != np.float32 or memory.size == 0:
        return _shipped_apply_in_order(memory, operands)
    current = widen_half(memory).copy()
    if not _half_chain(current, np.ascontiguousarray(operands), np.empty(current.shape, np.float32)):
        return _shipped_apply_in_order(memory, operands)
    narrowed = narrow_to_half(current)
    if narrowed is None:
        return _shipped_apply_in_order(memory, operands)
    return with_negative_zeros(narrowed, memory, operands)


_PATCHES: tuple[tuple[object, str, Callable], ...] = (
    (atomics, "_wave_operands", compiled_wave_operands),
    (deferred_atomics, "apply_in_order", compiled_apply_in_order),
)


@contextmanager
def _patched(replacements: list[tuple[object, str, Callable]]) -> Iterator[None]:
    """Inside: each (module, name) bound to its replacement; the originals are restored on exit."""
    saved = [(module, name, getattr(module, name)) for module, name, _ in replacements]
    try:
        for module, name, replacement in replacements:
            setattr(module, name, replacement)
        yield
    finally:
        for module, name, original in saved:
            setattr(module, name, original)


def compiled() -> AbstractContextManager[None]:
    """Inside: the emulator's accumulates use the compiled passes above."""
    return _patched(list(_PATCHES))


@contextmanager
def verified() -> Iterator[list[int]]:
    """Like `compiled`, but every compiled result is also computed by the shipped path and must match
    it bit for bit (AssertionError otherwise); yields the list of compared element counts."""
    compared: list[int] = []

    def checked(compiled_function, shipped_function):
        def run(*args):
            got, want = compiled_function(*args), np.asarray(shipped_function(*args))
            unsigned = np.dtype(f"u{got.dtype.itemsize}")
            if got.dtype != want.dtype or not np.array_equal(got.view(unsigned), want.view(unsigned)):
                raise AssertionError(f"{compiled_function.__name__} differs from the shipped numpy path")
            compared.append(got.size)
            return got
        return run

    with _patched([(atomics, "_wave_operands", checked(compiled_wave_operands, _shipped_wave_operands)),
                   (deferred_atomics, "apply_in_order", checked(compiled_apply_in_order, _shipped_apply_in_order))]):
        yield compared
