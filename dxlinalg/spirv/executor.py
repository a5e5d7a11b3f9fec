"""Running a compiled function over a chunk of lanes: per-lane program counters, lowest block first.

Each lane waits at one block (its program counter holds the block's place in the schedule, see
`control_flow`). The executor repeatedly runs the lowest-ordered block any lane waits at, for
exactly the lanes waiting there: its OpPhi values are picked by the block each lane came from,
its instructions run once for all those lanes, and its terminator moves each lane on. Lanes that
diverge run each side in turn and meet again at the merge block; a loop runs as long as one of
its lanes still iterates. Every block run counts against the invocation's step limit, which turns
a loop that never ends into an error instead of a hang.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dxlinalg.errors import DxLinalgError
from dxlinalg.spirv.compiler import Compute, Frame, InstructionContext, Invocation, register_opcode
from dxlinalg.spirv.errors import (
    SpirvError,
    SpirvStepLimitError,
    SpirvUndefinedBehaviorError,
    SpirvValidationError,
    at,
)
from dxlinalg.spirv.lanes import merge
from dxlinalg.spirv.layout import LayoutError
from dxlinalg.spirv.program import (
    BRANCH,
    CONDITIONAL,
    KILL,
    RETURN,
    RETURN_VALUE,
    SWITCH,
    CompiledBlock,
    CompiledFunction,
)
from dxlinalg.spirv.types import FunctionType, VoidType

DONE = np.int32(1 << 30)


def run_function(function: CompiledFunction, inv: Invocation, mask: np.ndarray, arguments: list[Any]) -> Any:
    """Run `function` on the lanes in `mask`; the returned value (merged over the lanes' returns)."""
    values = list(inv.template)
    for parameter, argument in zip(function.parameters, arguments):
        values[parameter] = argument
    frame = Frame(values, mask, inv)
    pc = np.where(mask, np.int32(0), DONE).astype(np.int32)
    came_from = np.full(mask.shape[0], -1, np.int32)
    arrivals: list[set[int]] = [set() for _ in function.blocks]   # blocks lanes came from since a block last ran
    frame.pc = pc
    blocks = function.blocks
    while True:
        order = int(pc.min())
        if order >= DONE:
            return frame.ret
        block = blocks[order]
        inv.steps += 1
        if inv.steps > inv.step_limit:
            raise SpirvStepLimitError(at(block.location, (
                f"the run exceeded its step limit of {inv.step_limit} block executions per chunk in function "
                f"{function.name}, block {block.name}: a loop that does not end? (raise step_limit= if the "
                f"work is just long)")))
        running = pc == order
        everyone = bool(running.all())
        frame.mask = running
        frame.full = everyone or bool((running == (pc < DONE)).all())
        if block.phis:
            _phis(block, frame, came_from, arrivals[order])
        arrivals[order] = set()
        ops = block.ops
        position = 0
        try:
            for op in ops:
                op(frame)
                position += 1
        except (SpirvError, DxLinalgError):
            raise
        except LayoutError as error:
            raise SpirvValidationError(at(block.locations[position], str(error))) from None
        except Exception as error:       # an unexpected numpy failure: still name the instruction
            raise SpirvValidationError(at(block.locations[position], (
                f"unexpected failure executing this instruction ({type(error).__name__}: {error})"))) from None
        _terminate(block, frame, pc, came_from, arrivals, everyone and frame.mask is running)


def _phis(block: CompiledBlock, frame: Frame, came_from: np.ndarray, sources: set[int]) -> None:
    """Each OpPhi takes, on every running lane, the value for the block that lane came from."""
    values = frame.values
    results = []
    if len(sources) == 1:
        (single,) = sources
        for result, incoming, escapes in block.phis:
            results.append((result, values[incoming[single]], escapes))
    else:
        parents = sorted(sources)
        chosen = {parent: came_from == parent for parent in parents[1:]}
        for result, incoming, escapes in block.phis:
            value = values[incoming[parents[0]]]
            for parent in parents[1:]:
                value = merge(chosen[parent], values[incoming[parent]], value)
            results.append((result, value, escapes))
    for result, value, escapes in results:
        if escapes and not frame.full:
            value = merge(frame.mask, value, values[result])
        values[result] = value


def _send(pc: np.ndarray, lanes: np.ndarray | None, target: int, arrivals: list[set[int]], source: int) -> None:
    """Move `lanes` (None: all lanes) to block `target`."""
    if lanes is None:
        pc.fill(target)
        arrivals[target].add(source)
    elif lanes.any():
        np.putmask(pc, lanes, target)
        arrivals[target].add(source)


def _terminate(block: CompiledBlock, frame: Frame, pc: np.ndarray, came_from: np.ndarray,
               arrivals: list[set[int]], everyone: bool) -> None:
    """Move the running lanes on as the block's terminator says. `everyone`: every lane of the chunk runs
    this block (so whole arrays can be filled instead of masked)."""
    term = block.terminator
    kind = term[0]
    mask = frame.mask
    source = block.order
    lanes = None if everyone else mask
    if kind == BRANCH:
        _send(pc, lanes, term[1], arrivals, source)
    elif kind == CONDITIONAL:
        condition = frame.values[term[1]]
        if condition.shape[0] == 1:
            _send(pc, lanes, term[2] if condition[0] else term[3], arrivals, source)
        else:
            _send(pc, condition if everyone else mask & condition, term[2], arrivals, source)
            _send(pc, ~condition if everyone else mask & ~condition, term[3], arrivals, source)
    elif kind == SWITCH:
        selector = frame.values[term[1]]
        if selector.shape[0] == 1:
            value = int(selector[0])
            _send(pc, lanes, next((target for literal, target in term[3] if literal == value), term[2]), arrivals,
                  source)
        else:
            pending = mask.copy()
            for literal, target in term[3]:
                hit = pending & (selector == literal)
                _send(pc, hit, target, arrivals, source)
                pending &= ~hit
            _send(pc, pending, term[2], arrivals, source)
    elif kind == RETURN:
        _send(pc, lanes, DONE, _NO_ARRIVALS, 0)
    elif kind == RETURN_VALUE:
        value = frame.values[term[1]]
        frame.ret = value if frame.ret is None or everyone else merge(mask, value, frame.ret)
        _send(pc, lanes, DONE, _NO_ARRIVALS, 0)
    elif kind == KILL:
        inv = frame.inv
        inv.terminated = mask.copy() if inv.terminated is None else inv.terminated | mask
        _send(pc, lanes, DONE, _NO_ARRIVALS, 0)
    else:
        if frame.inv.strict and mask.any():
            raise _unreachable(block)
        _send(pc, lanes, DONE, _NO_ARRIVALS, 0)
    if everyone:
        came_from.fill(source)
    else:
        np.putmask(came_from, mask, source)


class _NoArrivals:
    """Arrivals at DONE are not recorded."""

    def __getitem__(self, target: int) -> set[int]:
        return set()


_NO_ARRIVALS: Any = _NoArrivals()


def _unreachable(block: CompiledBlock) -> SpirvError:
    return SpirvUndefinedBehaviorError(at(block.terminator_location, f"lanes reached OpUnreachable in block "
                                                                     f"{block.name}: undefined behaviour"))


@register_opcode("OpFunctionCall")
def _function_call(c: InstructionContext) -> Compute:
    callee_id = c.arg(0)
    callee = c.program.function(callee_id)
    function_type = c.program.type_by_id(c.program.module.functions[callee_id].inst.operands[3])
    assert isinstance(function_type, FunctionType)
    arguments = [c.value(k) for k in range(1, len(c.args))]
    if len(arguments) != len(function_type.parameters):
        raise c.fail(f"{callee.name} takes {len(function_type.parameters)} arguments, not {len(arguments)}")
    for k, (argument, parameter) in enumerate(zip(arguments, function_type.parameters)):
        if c.type_of(argument).id != parameter.id:
            raise c.fail(f"argument {k} has type {c.type_of(argument)!r}; {callee.name} takes {parameter!r}")
    if c.result_type is None or c.result_type.id != function_type.return_type.id:
        raise c.fail(f"result type must be {callee.name}'s return type {function_type.return_type!r}")
    void = isinstance(function_type.return_type, VoidType)

    def compute(f: Frame) -> Any:
        result = run_function(callee, f.inv, f.mask, [f.values[a] for a in arguments])
        terminated = f.inv.terminated
        if terminated is not None:
            killed = f.mask & terminated
            if killed.any():
                f.mask = f.mask & ~terminated
                f.pc[killed] = DONE  # type: ignore[index]
                f.full = False
        return None if void else result
    return compute
