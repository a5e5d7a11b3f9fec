"""Divergent control flow: an active-lane mask stack, as in a GPU's execution mask.

Python runs every statement for all lanes at once, so an HLSL `if` becomes a block whose side
effects are gated by the mask:

    with if_(x > 0):                 # if (x > 0) {
        y = assign(y, x * 2)         #     y = x * 2;
        out.Store(addr, y)           #     out.Store(addr, y);
    with else_():                    # } else {
        out.Store(addr, 0)           #     out.Store(addr, 0);   }

`if_` pushes `mask & cond`, leaving the block pops it (tinygrad's python backend does the same
with lists). Loads, stores, atomics, wave intrinsics and the linear-algebra ops act only on
active lanes; plain arithmetic computes every lane, so a value assigned inside a branch must be
merged with `assign` (active lanes take the new value). `lane_return(cond)` ends lanes for the
rest of the shader, like an early `return`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np

from dxlinalg.gpu.context import require_context


@contextmanager
def if_(condition: object) -> Iterator[np.ndarray]:
    """`if (condition) { ... }`: the block's side effects happen on lanes where `condition` holds.

    Yields the block's active mask (so `if not mask.any()` can skip expensive host work).
    """
    ctx = require_context("if_")
    cond = ctx.lane_bool(condition, "if_ condition")
    ctx.push_branch(cond)
    try:
        yield ctx.active
    finally:
        ctx.pop_branch(cond)


@contextmanager
def else_() -> Iterator[np.ndarray]:
    """`else { ... }` of the `if_` block that closed just before, at the same nesting depth."""
    ctx = require_context("else_")
    ctx.push_mask(ctx.take_else())
    try:
        yield ctx.active
    finally:
        ctx.pop_mask()


def assign(old: object, new: object) -> np.ndarray:
    """`old = new` under the current mask: active lanes take `new`, inactive lanes keep `old`.

    The result has `old`'s dtype (HLSL converts on assignment) unless `old` is a plain Python number.
    """
    ctx = require_context("assign")
    new_array = np.asarray(new)
    old_array = np.asarray(old)
    shape = np.broadcast_shapes(new_array.shape, old_array.shape)
    if not shape or shape[0] != ctx.lanes:
        shape = (ctx.lanes, *shape)
    mask = ctx.active.reshape((ctx.lanes,) + (1,) * (len(shape) - 1))
    # HLSL assignment converts to the variable's type; a bare Python number has none, so take new's.
    dtype = old_array.dtype if isinstance(old, (np.ndarray, np.generic)) else new_array.dtype
    merged = np.where(mask, np.broadcast_to(new_array, shape), np.broadcast_to(old_array, shape))
    return merged.astype(dtype, copy=False)


def lane_return(condition: object = True) -> None:
    """`if (condition) return;`: active lanes where `condition` holds do nothing more."""
    ctx = require_context("lane_return")
    ctx.return_lanes(ctx.lane_bool(condition, "lane_return condition"))


def active_lanes() -> np.ndarray:
    """(lanes,) bool mask of the lanes executing the current statement."""
    return require_context("active_lanes").active.copy()
