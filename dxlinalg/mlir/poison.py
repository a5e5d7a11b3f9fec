"""Poison carried as a per-element mask through the straight-line code of a block (strict mode).

MLIR's poison (ArithOps.td, `mlir/docs/Rationale/...`, LLVM's LangRef) is undefined behaviour only where it reaches
something observable; an `arith.select` that does not pick it, or arithmetic whose result is then discarded, is
fine. IREE's `math.exp` expansion depends on that: it converts the clamped exponent with `arith.fptosi` before the
final select, so a NaN input makes poison that is never stored.

What is tracked: a result of an elementwise `arith`/`math` operation (every operand of the result's shape, or a
scalar select condition) whose every use is an operation of the same block. Its poison is a bool mask of the value's
shape (lanes first); elementwise operations OR their operands' masks, `arith.select` takes the mask of the operand
it picks (and the condition's). Everything else that meets a poisoned operand is reported there, in strict mode:
a store, an address, a branch or a loop bound, a call, a terminator, a shape operation (`vector.extract`, ...), and
an elementwise result used outside its block (poison is not carried across blocks or regions: reporting there is
the conservative side). An operation making poison whose result is not tracked reports at once, as before.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np

from dxlinalg.mlir.errors import MlirUndefinedBehaviorError, at
from dxlinalg.mlir.ir import Operation
from dxlinalg.mlir.program import CompiledBlock
from dxlinalg.nvgpu.types import VectorType


def _shape(type_: object) -> tuple[int, ...]:
    return type_.shape if isinstance(type_, VectorType) else ()


def elementwise(op: Operation) -> bool:
    """An arith/math operation computing each result element from the operand elements at the same position."""
    if op.name.split(".")[0] not in ("arith", "math") or op.name == "arith.constant" or len(op.result_types) != 1:
        return False
    shape = _shape(op.result_types[0])
    return all(_shape(t) == shape or (op.name == "arith.select" and position == 0 and _shape(t) == ())
               for position, t in enumerate(op.operand_types))


def use_counts(lowering: Any) -> Counter:
    """How often each value name is used in the module (cached on the lowering)."""
    counts = lowering.__dict__.get("_use_counts")
    if counts is None:
        counts = Counter(name for op in lowering.module.walk() for name in op.operands)
        lowering.__dict__["_use_counts"] = counts
    return counts


def tracked_ops(block: CompiledBlock, lowering: Any) -> frozenset[int]:
    """ids of the block's operations whose result poison is carried (cached on the block)."""
    cached = block.__dict__.get("_tracked")
    if cached is not None:
        return cached
    local = Counter(name for compiled in (*block.body, block.terminator) for name in compiled.op.operands)
    uses = use_counts(lowering)
    tracked = frozenset(id(compiled) for compiled in block.body
                        if elementwise(compiled.op) and len(compiled.outputs) == 1
                        and all(local[name] == uses[name] for name in compiled.op.results))
    block.__dict__["_tracked"] = tracked
    return tracked


def _spread(mask: np.ndarray, ndim: int) -> np.ndarray:
    """A scalar's (lanes,) mask against a vector's (lanes, n, ...)."""
    return mask.reshape(mask.shape + (1,) * (ndim - mask.ndim)) if mask.ndim < ndim else mask


def carried(op: Operation, inputs: list[Any], masks: list[np.ndarray | None], result: np.ndarray) -> np.ndarray:
    """The result's poison mask from the operands' (None: not poison)."""
    ndim = np.asarray(result).ndim
    if op.name == "arith.select":
        condition, picked_true, picked_false = masks
        choose = _spread(np.asarray(inputs[0]), ndim)
        out = np.where(choose, False if picked_true is None else picked_true,
                       False if picked_false is None else picked_false)
        if condition is not None:
            out = out | _spread(condition, ndim)
        return np.asarray(out, bool)
    out: Any = False
    for mask in masks:
        if mask is not None:
            out = out | _spread(mask, ndim)
    return np.asarray(out, bool)


def reached(machine: Any, op: Operation, masks: list[np.ndarray | None], origins: list[str | None],
            why: str) -> None:
    """Strict: poison in an operand of `op` on an active lane is observable here."""
    ctx = machine.ctx
    for mask, origin in zip(masks, origins):
        if mask is None:
            continue
        lanes = np.broadcast_to(mask.reshape(mask.shape[0], -1).any(axis=1), (machine.lanes,)) & ctx.active
        if lanes.any():
            lane = int(np.flatnonzero(lanes)[0])
            raise MlirUndefinedBehaviorError(at(op.location, f"'{op.name}': a poison operand ({origin}) {why} "
                                                             f"({ctx.thread_name(lane)})"))
