"""Atomic adds into memory with the profile's granularity and order (0029 "Atomic Operations").

Model, per target (a matrix or array at one offset):
- each lane's contribution is exact (float64 products / values, int64 for integers);
- granularity `per_lane`: one atomic per lane, its operand the contribution rounded to the
  accumulation type; `per_wave`: the wave first sums its lanes' contributions in lane order in
  float32 (wrapping int64 for integers), and issues one atomic with that partial sum rounded to
  the accumulation type;
- each atomic adds its operand to memory in the accumulation type, rounding once;
- order `in_order`: atomics reach memory in dispatch order (waves, then lanes); `seeded_random`:
  a permutation drawn from (atomic_seed, the dispatch's atomic-call number), so equal seeds give
  equal bytes.
The sequential read-round-write chain is `np.add.accumulate` in the accumulation dtype, which is
exactly one rounding per step (for float16, numpy adds in float32 and rounds to half, which equals
a single rounding since 24 >= 2 * 11 + 2).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from dxlinalg.dxil.matvec import round_float_result
from dxlinalg.gpu.context import ExecutionContext
from dxlinalg.numerics.component_types import ComponentType, type_info
from dxlinalg.profile.model import AccumulateGranularity, AccumulateOrder, AccumulationSettings

BLOCK_ELEMENTS = 1 << 21   # operand values handled at once, to bound memory

#: (lanes (n,), dtype) -> their contributions (n, E) computed in dtype: exact in float64 and int64;
#: in float32 each product rounded once (an IEEE float32 multiply), as a wave's partial sum takes them
Contributions = Callable[[np.ndarray, np.dtype], np.ndarray]


def operand_order(count: int, settings: AccumulationSettings, call_index: int) -> np.ndarray:
    """The order in which `count` atomics of one call reach memory."""
    if settings.atomic_order is AccumulateOrder.SEEDED_RANDOM:
        return np.random.default_rng([settings.atomic_seed, call_index]).permutation(count)
    return np.arange(count)


def atomic_accumulate(ctx: ExecutionContext, data: np.ndarray, positions: np.ndarray, element_index: np.ndarray,
                      accumulation_type: ComponentType, lanes: np.ndarray, contributions: Contributions,
                      call_index: int) -> None:
    """Add the contributions of `lanes` (sorted lane indices) into the elements at byte `positions`.

    `element_index[j]` says which contribution component lands in the element at `positions[j]`
    (an optimal layout may store one element more than once; each copy gets the add).
    """
    settings = ctx.profile.accumulation
    dtype = type_info(accumulation_type).dtype
    per_wave = settings.atomic_granularity is AccumulateGranularity.PER_WAVE
    if per_wave:
        waves = ctx.wave_of_lane[lanes]
        _, starts, counts = np.unique(waves, return_index=True, return_counts=True)
    else:
        starts, counts = np.arange(lanes.size), np.ones(lanes.size, np.int64)
    order = operand_order(starts.size, settings, call_index)
    current = _gather(data, positions, dtype)
    block = max(1, BLOCK_ELEMENTS // max(1, element_index.size))
    for first in range(0, order.size, block):
        ids = order[first: first + block]
        operands = _operands(ctx, lanes, starts[ids], counts[ids] if per_wave else None, contributions,
                             accumulation_type, element_index)
        current = np.add.accumulate(np.concatenate([current[None], operands]), axis=0)[-1]
    _scatter(data, positions, current)


def _operands(ctx: ExecutionContext, lanes: np.ndarray, starts: np.ndarray, counts: np.ndarray | None,
              contributions: Contributions, accumulation_type: ComponentType,
              element_index: np.ndarray) -> np.ndarray:
    """(n, E) atomic operands in the accumulation dtype: one per lane (`counts` None), or one per
    wave of `counts` lanes from `starts` (partial sums)."""
    info = type_info(accumulation_type)
    if counts is None:
        exact = contributions(lanes[starts], np.dtype(np.float64 if info.is_float else np.int64))
    else:
        partial_dtype = np.dtype(np.float32 if info.is_float else np.int64)
        exact = contributions(lanes[starts], partial_dtype)     # every wave has its first lane
        for position in range(1, int(counts.max())):
            has = counts > position
            values = contributions(lanes[starts[has] + position], partial_dtype)
            if has.all():
                exact += values
            else:
                exact[has] += values
    exact = exact[:, element_index]
    if info.is_float:   # round_to_float from F64 (one lane) or F32 (a wave's partial sum)
        return round_float_result(exact, accumulation_type, ctx.profile.float_conversion)
    return exact.astype(info.dtype)   # integer atomics wrap


def _gather(data: np.ndarray, positions: np.ndarray, dtype: np.dtype) -> np.ndarray:
    index = positions[:, None] + np.arange(dtype.itemsize)
    return data[index].reshape(-1).view(dtype).copy()


def _scatter(data: np.ndarray, positions: np.ndarray, values: np.ndarray) -> None:
    index = positions[:, None] + np.arange(values.dtype.itemsize)
    data[index] = np.ascontiguousarray(values).view(np.uint8).reshape(index.shape)
