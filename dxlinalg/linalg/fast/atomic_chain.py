"""The in-order atomic chain: memory += operand, one rounded add at a time, for every element.

The chain is sequential along the operands (waves or lanes in dispatch order) and independent
across elements. Three ways to run it, all bit-identical:
- numpy's `add.accumulate` in the accumulation dtype: one rounding per step (for float16, numpy
  adds in float32 and rounds to half, a single rounding since 24 >= 2 * 11 + 2);
- the same split by element columns over a few threads (numpy releases the GIL in its loops), for
  long chains: numpy's float16 add is scalar code, 10-12 ns an element;
- for float16 memory with many elements per step: a loop over the operands doing each step on
  the whole row in float32 (exact for half values), then rounding the row to half precision in
  place with one float32 addition of a magic number (`half.half_grid_rounder`). Three times faster than numpy's
  float16 loop from a few hundred elements per step; used only when no partial sum can overflow
  and every value is finite (Inf and NaN take numpy's loop).
Operands for float16 memory may come as float32 arrays holding half values exactly (what the
wave sums produce): the float32 loop takes them as they are, numpy's loop narrows them first.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from functools import cache

import numpy as np

from dxlinalg.gpu.half import half_grid_rounder, narrow_to_half, widen_half

PARALLEL_CHAIN_ELEMENTS = 1 << 17     # per thread: below this a hand-off costs more than it saves
FLOAT32_LOOP_FROM_COLUMNS = 160       # from here a float32 step per row beats numpy's float16 loop
HALF_MAX = 65504.0
_CHAIN_WORKERS = max(1, min(4, os.cpu_count() or 1))
_HALF_NEGATIVE_ZERO = np.uint16(0x8000)
_FLOAT32_NEGATIVE_ZERO = np.uint32(0x8000_0000)


def apply_in_order(memory: np.ndarray, operands: np.ndarray) -> np.ndarray:
    """memory (E,) after adding operands[0], operands[1], ... (each (E,)) one rounded add at a time.

    `operands` has memory's dtype, or, for float16 memory, float32 holding half values."""
    held_in_float32 = memory.dtype == np.float16 and operands.dtype == np.float32
    if operands.dtype != memory.dtype and not held_in_float32:
        raise TypeError(f"operands of {operands.dtype} cannot be added to {memory.dtype} memory")
    if memory.dtype == np.float16 and operands.shape[1] >= FLOAT32_LOOP_FROM_COLUMNS:
        start, steps = widen_half(memory), operands if held_in_float32 else widen_half(operands)
        if _stays_finite_as_half(start, steps):
            return _half_chain_in_float32(memory, start, steps)
    if held_in_float32:
        narrowed = narrow_to_half(operands)
        operands = narrowed if narrowed is not None else operands.astype(np.float16)
    return _numpy_chain(np.concatenate([memory[None], operands]))


def _numpy_chain(stacked: np.ndarray) -> np.ndarray:
    columns = stacked.shape[1]
    workers = min(_CHAIN_WORKERS, columns * (stacked.shape[0] - 1) // PARALLEL_CHAIN_ELEMENTS)
    if workers < 2:
        return _accumulate(stacked)
    bounds = np.linspace(0, columns, workers + 1).astype(int)
    parts = _chain_pool().map(lambda lo_hi: _accumulate(stacked[:, lo_hi[0]:lo_hi[1]]), zip(bounds[:-1], bounds[1:]))
    return np.concatenate(list(parts))


def _accumulate(stacked: np.ndarray) -> np.ndarray:
    """The chain in memory's own dtype: numpy accumulates small integers in int64 unless told, and an
    int64 result would be scattered back as 8 bytes per element, over the next element."""
    with np.errstate(over="ignore", invalid="ignore"):     # overflow to Inf, Inf - Inf: the atomics' IEEE results
        return np.add.accumulate(stacked, axis=0, dtype=stacked.dtype)[-1]   # integers wrap, as the atomics do


@cache
def _chain_pool() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=_CHAIN_WORKERS, thread_name_prefix="dxlinalg-atomics")


def _stays_finite_as_half(start: np.ndarray, steps: np.ndarray) -> bool:
    """True when every value is finite and |memory| + sum|operands| stays below the largest half,
    so no partial sum of the chain can round to Inf (each is at most that bound in magnitude)."""
    with np.errstate(over="ignore", invalid="ignore"):
        bound = np.abs(start) + np.abs(steps).sum(axis=0)
    return bool(bound.max() < HALF_MAX) if bound.size else True


def _half_chain_in_float32(memory: np.ndarray, start: np.ndarray, steps: np.ndarray) -> np.ndarray:
    """The float16 chain as float32 rows (`start`, `steps`: memory and operands as float32). Each step:
    s = m + o (a float32 add of two halves, whose rounding, if any, is innocuous before the half
    rounding: 24 >= 2 * 11 + 2), then s rounded to half precision in place (`half_grid_rounder`).

    Zeros come out +0. The half chain gives -0 only from -0 + -0 (sums of halves are 0 or at least
    2^-24 in magnitude, so nothing underflows), so an element ends at -0 exactly when its memory
    and every operand are -0; those are set at the end."""
    current = start.copy()
    round_in_place = half_grid_rounder(current)
    for step in steps:
        current += step
        round_in_place()
    narrowed = narrow_to_half(current)
    assert narrowed is not None          # finite by the caller's check
    return with_negative_zeros(narrowed, memory, steps)


def with_negative_zeros(result: np.ndarray, memory: np.ndarray, steps: np.ndarray) -> np.ndarray:
    """`result` (float16, +0 for every zero) with -0 where the half chain gives it: where the
    memory (float16) and every step (float32 holding halves) are -0. Modifies and returns `result`."""
    negative_zero = (memory.view(np.uint16) == _HALF_NEGATIVE_ZERO) & \
        (steps.view(np.uint32) == _FLOAT32_NEGATIVE_ZERO).all(axis=0)
    result[negative_zero] = -0.0
    return result
