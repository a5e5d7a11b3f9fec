"""Atomic adds into memory with the profile's granularity, wave sum and order (0029 "Atomic Operations").

Model, per target (a matrix or array at one offset):
- each lane's contribution is exact (float64 products / values, int64 for integers);
- granularity `per_lane`: one atomic per lane, its operand the contribution rounded to the
  accumulation type; `per_wave`: one atomic per wave, its operand the wave's sum of its lanes'
  contributions, which `wave_sum` defines: `exact` (the exact sum, rounded once to the
  accumulation type; see `wave_sums`), `float32_lane_order` (summed lane by lane in float32,
  rounding at each step, then rounded to the accumulation type) or `nvidia_tensor_core` (chunks of
  8 lane positions through a tensor-core accumulator, or a butterfly; see `tensor_core_sums`);
  integers wrap (int64); float lane values into an integer accumulation (an unlisted combination that
  permissive mode computes, or a profile that lists one) are first converted to the accumulation type
  as every float -> integer conversion is (nearest even, saturating, NaN 0);
- each atomic adds its operand to memory in the accumulation type, rounding once; a NaN result
  is numpy's (IEEE propagation) or, with `atomic_nan = "canonical"`, the positive all-ones NaN;
- order `in_order`: atomics reach memory in dispatch order (waves, then lanes); `seeded_random`:
  a permutation drawn from (atomic_seed, the dispatch's atomic-call number), so equal seeds give
  equal bytes.
The sequential read-round-write chain is `atomic_chain.apply_in_order`: one rounding per step;
inside a dispatch it runs when the context's queue is flushed (`deferred_atomics`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from dxlinalg.gpu.context import ExecutionContext
from dxlinalg.gpu.half import float64_to_half_values, half_aware_astype
from dxlinalg.linalg.fast.deferred_atomics import DeferredAtomics, HeldAtomics, apply_now
from dxlinalg.linalg.fast.wave_sums import exact_wave_sums
from dxlinalg.linalg.matvec import round_float_result, rounds_as_ieee_cast
from dxlinalg.linalg.tensor_core_sums import butterfly_sums, outer_product_sums
from dxlinalg.numerics.component_types import ComponentType, type_info
from dxlinalg.numerics.conversions import float_to_integer
from dxlinalg.profile.model import AccumulateGranularity, AccumulateOrder, AccumulationSettings, AtomicNan, WaveSum

BLOCK_ELEMENTS = 1 << 21   # operand values handled at once, to bound memory


@dataclass(frozen=True)
class LaneFactors:
    """Every lane's contribution as factors: element i * n + j is left[lane, i] * right[lane, j]
    (an outer product); with `right` None, element i is left[lane, i] (a vector accumulate)."""

    left: np.ndarray
    right: np.ndarray | None = None

    @property
    def width(self) -> int:
        return self.left.shape[1] * (1 if self.right is None else self.right.shape[1])

    def contributions(self, lanes: np.ndarray, dtype: np.dtype) -> np.ndarray:
        """(lanes, elements) computed in `dtype`: exact in float64 and int64; in float32 each product
        rounded once (an IEEE float32 multiply), as a float32 wave sum takes them."""
        a = half_aware_astype(self.left[lanes], dtype)
        if self.right is None:
            return a
        b = half_aware_astype(self.right[lanes], dtype)
        with np.errstate(invalid="ignore", over="ignore"):   # Inf * 0 is NaN, float32 overflow Inf: IEEE products
            return (a[:, :, None] * b[:, None, :]).reshape(lanes.size, -1)

    def as_integers(self, accumulation_type: ComponentType) -> "LaneFactors":
        """Float factors converted to an integer accumulation type (`float_to_integer`)."""
        right = None if self.right is None else float_to_integer(self.right, accumulation_type)
        return LaneFactors(float_to_integer(self.left, accumulation_type), right)

    def padded(self, lanes: np.ndarray, starts: np.ndarray, counts: np.ndarray,
               dtype: np.dtype | None = None) -> tuple[np.ndarray, np.ndarray | None, np.ndarray]:
        """(left, right, valid): each wave's lanes as (waves, L, m) and (waves, L, n) arrays of `dtype`
        (None: the lanes' own) padded with zeros to L = the largest wave, and the (waves, L) mask of
        real lanes; right is None for a vector accumulate. Equal, consecutive waves of consecutive
        lanes (the usual case) come as views of the lane arrays, with no copy."""
        width = int(counts.max())
        if _consecutive_full_waves(lanes, starts, counts, width):
            first = int(lanes[starts[0]])
            block = slice(first, first + starts.size * width)
            left = _as_waves(self.left[block], starts.size, dtype)
            right = None if self.right is None else _as_waves(self.right[block], starts.size, dtype)
            return left, right, np.ones((starts.size, width), bool)
        position = np.arange(width)
        valid = position < counts[:, None]
        rows = lanes[np.where(valid, starts[:, None] + position, starts[:, None])]
        left = self.left[rows] if dtype is None else self.left[rows].astype(dtype)
        left[~valid] = 0
        if self.right is None:
            return left, None, valid
        right = self.right[rows] if dtype is None else self.right[rows].astype(dtype)
        right[~valid] = 0
        return left, right, valid


def _as_waves(values: np.ndarray, waves: int, dtype: np.dtype | None) -> np.ndarray:
    shaped = values.reshape(waves, -1, values.shape[1])
    return shaped if dtype is None else shaped.astype(dtype)


def _consecutive_full_waves(lanes: np.ndarray, starts: np.ndarray, counts: np.ndarray, width: int) -> bool:
    """Whether the waves are `width` lanes each, one after another, over consecutive lane indices."""
    return bool(counts.min() == width and lanes[-1] - lanes[0] == lanes.size - 1
                and (starts.size == 1 or (np.diff(starts) == width).all()))


def operand_order(count: int, settings: AccumulationSettings, call_index: int) -> np.ndarray:
    """The order in which `count` atomics of one call reach memory."""
    if settings.atomic_order is AccumulateOrder.SEEDED_RANDOM:
        return np.random.default_rng([settings.atomic_seed, call_index]).permutation(count)
    return np.arange(count)


def atomic_accumulate(ctx: ExecutionContext, data: np.ndarray, positions: np.ndarray, element_index: np.ndarray,
                      accumulation_type: ComponentType, lanes: np.ndarray, factors: LaneFactors,
                      call_index: int, written: Callable[[], None]) -> None:
    """Add the contributions of `lanes` (sorted lane indices) into the elements at byte `positions`.

    `element_index[j]` says which contribution component lands in the element at `positions[j]`
    (an optimal layout may store one element more than once; each copy gets the add); when it is
    0, 1, 2, ... the operands need no reordering. Inside a
    dispatch the adds are held back in the context's queue (`deferred_atomics`); `written` marks
    the memory changed once they land.
    """
    settings = ctx.profile.accumulation
    dtype = type_info(accumulation_type).dtype
    if dtype.kind in "iu" and factors.left.dtype.kind == "f":
        factors = factors.as_integers(accumulation_type)
    per_wave = settings.atomic_granularity is AccumulateGranularity.PER_WAVE
    if per_wave:
        # every lane (sorted, so lanes == 0, 1, 2, ...): the context's own wave runs
        starts, counts = ctx.wave_runs if lanes.size == ctx.lanes else _runs(ctx.wave_of_lane[lanes])
    else:
        starts, counts = np.arange(lanes.size), np.ones(lanes.size, np.int64)
    order = operand_order(starts.size, settings, call_index)
    one_slot_each = element_index.size == factors.width and np.array_equal(element_index, np.arange(factors.width))
    columns = None if one_slot_each else element_index      # slots in element order: operands as they are
    per_operand = factors.width + int(counts.max()) * (factors.left.shape[1] + factors.width // factors.left.shape[1])
    block = max(1, BLOCK_ELEMENTS // max(1, per_operand, positions.size))
    for first in range(0, order.size, block):
        ids = order[first: first + block]
        if per_wave:
            operands = _wave_operands(ctx, lanes, starts[ids], counts[ids], factors, accumulation_type)
        else:
            operands = _lane_operands(ctx, lanes[ids], factors, accumulation_type)
        held = HeldAtomics(data, positions, operands if columns is None else operands[:, columns], dtype, written,
                           canonical_nan=settings.atomic_nan is AtomicNan.CANONICAL)
        if ctx.defer_atomics:
            _queue(ctx).hold(held)
        else:
            apply_now(held)


def _queue(ctx: ExecutionContext) -> DeferredAtomics:
    if ctx.deferred_writes is None:
        ctx.deferred_writes = DeferredAtomics()
    assert isinstance(ctx.deferred_writes, DeferredAtomics)
    return ctx.deferred_writes


def _runs(waves: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Start and length of each run of equal wave numbers (lanes are sorted, so waves ascend)."""
    starts = np.flatnonzero(np.diff(waves, prepend=waves[0] - 1))
    return starts, np.diff(starts, append=waves.size)


def _lane_operands(ctx: ExecutionContext, lanes: np.ndarray, factors: LaneFactors,
                   accumulation_type: ComponentType) -> np.ndarray:
    """(lanes, elements): each lane's exact contribution rounded to the accumulation type."""
    info = type_info(accumulation_type)
    if not info.is_float:
        return factors.contributions(lanes, np.dtype(np.int64)).astype(info.dtype)   # integer atomics wrap
    exact = factors.contributions(lanes, np.dtype(np.float64))
    return round_float_result(exact, accumulation_type, ctx.profile.float_conversion)


def _wave_operands(ctx: ExecutionContext, lanes: np.ndarray, starts: np.ndarray, counts: np.ndarray,
                   factors: LaneFactors, accumulation_type: ComponentType) -> np.ndarray:
    """(waves, elements): each wave's sum of its `counts` lanes from `starts`, per `wave_sum`."""
    info = type_info(accumulation_type)
    settings = ctx.profile.float_conversion
    if not info.is_float:        # any order gives the same int64 sum; the cast wraps
        left, right, _ = factors.padded(lanes, starts, counts, np.dtype(np.int64))
        sums = left.sum(axis=1) if right is None else np.matmul(left.transpose(0, 2, 1), right)
        return sums.reshape(starts.size, -1).astype(info.dtype)

    def round_once(values: np.ndarray) -> np.ndarray:
        return round_float_result(values, accumulation_type, settings)

    if info.bits == 64 or _has_wide_factors(factors):
        # SM 6.10's 64-bit floats: float64 holds no exact product of two of them, so every wave-sum model
        # is the lane-order float64 sum (docs/sm610.md: 64-bit accumulation)
        return round_once(_lane_order_sums(lanes, starts, counts, factors, np.dtype(np.float64)))
    if ctx.profile.accumulation.wave_sum is WaveSum.EXACT:
        left, right, valid = factors.padded(lanes, starts, counts)
        sums = exact_wave_sums(left, right, valid, round_once)
        if accumulation_type == ComponentType.F16 and rounds_as_ieee_cast(ComponentType.F64, settings):
            held = float64_to_half_values(sums)     # the same rounding, kept in float32 for the chain
            if held is not None:
                return held
        return round_once(sums)
    if ctx.profile.accumulation.wave_sum is WaveSum.NVIDIA_TENSOR_CORE:
        return _tensor_core_operands(ctx, lanes, starts, counts, factors, round_once)
    return round_once(_lane_order_sums(lanes, starts, counts, factors, np.dtype(np.float32)))


def _lane_order_sums(lanes: np.ndarray, starts: np.ndarray, counts: np.ndarray, factors: LaneFactors,
                     dtype: np.dtype) -> np.ndarray:
    """(waves, elements): each wave's contributions summed lane by lane in `dtype`, rounding at each step."""
    partial = factors.contributions(lanes[starts], dtype)   # every wave has its first lane
    for position in range(1, int(counts.max())):
        has = counts > position
        values = factors.contributions(lanes[starts[has] + position], dtype)
        if has.all():
            partial += values
        else:
            partial[has] += values
    return partial


def _has_wide_factors(factors: LaneFactors) -> bool:
    return factors.left.dtype == np.float64 or (factors.right is not None and factors.right.dtype == np.float64)


def _tensor_core_operands(ctx: ExecutionContext, lanes: np.ndarray, starts: np.ndarray, counts: np.ndarray,
                          factors: LaneFactors, rounding: Callable[[np.ndarray], np.ndarray]) -> np.ndarray:
    """(waves, elements) under `nvidia_tensor_core`: the lanes placed at their positions in the wave
    (the chunks and the butterfly pair positions, not active lanes), absent positions +0; `rounding`
    rounds float64 values to the accumulation type."""
    left, right, valid = factors.padded(lanes, starts, counts)
    wave, slot = np.nonzero(valid)
    position = ctx.geometry.lane_in_wave[lanes[starts[wave] + slot]].astype(np.int64)
    shape = (starts.size, ctx.wave_size)
    active = np.zeros(shape, bool)
    active[wave, position] = True

    def placed(values: np.ndarray) -> np.ndarray:
        out = np.zeros(shape + values.shape[2:], values.dtype)
        out[wave, position] = values[wave, slot]
        return out

    if right is None:
        return butterfly_sums(placed(left), rounding)
    return outer_product_sums(placed(left), placed(right), active, rounding)
