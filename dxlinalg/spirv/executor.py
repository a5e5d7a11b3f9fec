"""Running a compiled function over a chunk of lanes: per-lane program counters, lowest block first.

Each lane waits at one block (its program counter holds the block's place in the schedule, see
`control_flow`). The executor repeatedly runs the lowest-ordered block any lane waits at, for
exactly the lanes waiting there: its OpPhi values are picked by the block each lane came from,
its instructions run once for all those lanes, and its terminator moves each lane on. Lanes that
diverge run each side in turn and meet again at the merge block; a loop runs as long as one of
its lanes still iterates. Every block run counts against the invocation's step limit, which turns
a loop that never ends into an error instead of a hang.

That is the meaning (`_run_diverged`). While every live lane of a call waits at the same block,
as for most of most shaders, the same runs need no per-lane bookkeeping: `_run_converged` follows
the one program counter as a Python int (a condition the same on every live lane picks the branch)
and hands over to `_run_diverged` at the first branch that sends lanes apart; that hands back when
they meet again. tests/spirv/test_fast_paths.py runs modules both ways.
"""

from __future__ import annotations

import copy
from typing import Any

import numpy as np

from dxlinalg.errors import DxLinalgError
from dxlinalg.spirv.compaction import Compaction, CompactionError
from dxlinalg.spirv.compiler import LANES_PER_CALL, Compute, Frame, InstructionContext, Invocation, register_opcode
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
    RETURN_VALUE,
    SWITCH,
    UNREACHABLE,
    CompiledBlock,
    CompiledFunction,
)
from dxlinalg.spirv.types import FunctionType, VoidType

DONE = np.int32(1 << 30)


def run_function(function: CompiledFunction, inv: Invocation, mask: np.ndarray, arguments: list[Any]) -> Any:
    """Run `function` on the lanes in `mask`; the returned value (merged over the lanes' returns)."""
    with np.errstate(all="ignore"):         # inactive lanes compute garbage; IEEE results need no warning
        return _call(function, inv, mask, arguments)


def _call(function: CompiledFunction, inv: Invocation, mask: np.ndarray, arguments: list[Any]) -> Any:
    """Run the call converged while its live lanes stay together, diverged (per-lane program counters)
    from the first branch that splits them until they meet again."""
    values = list(inv.template)
    for parameter, argument in zip(function.parameters, arguments):
        values[parameter] = argument
    frame = Frame(values, mask, inv)
    order, source, live = 0, -1, mask
    while True:
        split = _run_converged(function, frame, order, source, live)
        if split is None:
            return frame.ret
        rejoined = _run_diverged(function, frame, *split)
        if rejoined is None:
            return frame.ret
        order, source, live = rejoined


def _run_converged(function: CompiledFunction, frame: Frame, order: int, source: int, live: np.ndarray,
                   stop: int = DONE) -> tuple[np.ndarray, np.ndarray, list[set[int]]] | None:
    """Every live lane waits at block `order`, having come from block `source`: run blocks for all of
    them with no per-lane bookkeeping. None when the lanes have left the function; otherwise the
    per-lane state (pc, came_from, arrivals) after the first terminator that sends them apart, or when
    they reach a block at or after `stop` (a compacted run's end)."""
    blocks = function.blocks
    inv = frame.inv
    while True:
        if order >= stop:
            arrived: list[set[int]] = [set() for _ in blocks]
            arrived[order].add(source)
            return (np.where(live, np.int32(order), DONE).astype(np.int32),
                    np.full(live.shape[0], source, np.int32), arrived)
        block = blocks[order]
        _count_step(inv, function, block)
        frame.mask = live
        frame.full = True
        if block.phis:
            _phis_from(block, frame, source)
        _run_ops(block, frame)
        if frame.mask is not live:            # a call ended lanes (OpKill in the callee)
            live = frame.mask
            if not live.any():
                return None
        term = block.terminator
        kind = term[0]
        if kind == BRANCH:
            target: int | None = term[1]
        elif kind == CONDITIONAL:
            target = _common_choice(frame.values[term[1]], live, term[2], term[3])
        elif kind == SWITCH and frame.values[term[1]].shape[0] == 1:
            target = _switch_target(term, int(frame.values[term[1]][0]))
        elif kind == SWITCH:
            target = None
        else:
            _leave(block, frame, live)
            return None
        if target is None:
            pc = np.where(live, np.int32(order), DONE).astype(np.int32)
            came_from = np.full(live.shape[0], source, np.int32)
            arrivals: list[set[int]] = [set() for _ in blocks]
            _terminate(block, frame, pc, came_from, arrivals, bool(live.all()))
            return pc, came_from, arrivals
        source, order = order, target


def _common_choice(condition: np.ndarray, live: np.ndarray, if_true: int, if_false: int) -> int | None:
    """The block every live lane branches to, or None when the condition differs between them."""
    if condition.shape[0] == 1:
        return if_true if condition[0] else if_false
    taken = condition & live
    if not taken.any():
        return if_false
    if (taken == live).all():
        return if_true
    return None


def _switch_target(term: tuple[Any, ...], value: int) -> int:
    return next((target for literal, target in term[3] if literal == value), term[2])  # type: ignore[no-any-return]


def _leave(block: CompiledBlock, frame: Frame, live: np.ndarray) -> None:
    """A return, kill or unreachable terminator reached by every live lane together."""
    term = block.terminator
    kind = term[0]
    if kind == RETURN_VALUE:
        value = frame.values[term[1]]
        frame.ret = value if frame.ret is None else merge(live, value, frame.ret)
    elif kind == KILL:
        inv = frame.inv
        inv.terminated = live.copy() if inv.terminated is None else inv.terminated | live
    elif kind == UNREACHABLE and frame.inv.strict and live.any():
        raise _unreachable(block)


def _run_diverged(function: CompiledFunction, frame: Frame, pc: np.ndarray, came_from: np.ndarray,
                  arrivals: list[set[int]], stop: int = DONE,
                  others_live: bool = False) -> tuple[int, int, np.ndarray] | None:
    """Lanes wait at different blocks: run the lowest-ordered one for the lanes waiting there, until
    every lane has left (None) or, after at least one block, the live lanes meet at one block they all
    reach from the same block (its order, that block's order and the live lanes: the call runs
    converged again).

    `stop` and `others_live` are for a compacted run (`_run_compacted`): it ends (None) once every lane
    waits at `stop` or after, and `others_live` says that lanes left out of it are still alive in the call,
    so that no block runs for every live lane (`frame.full` stays what the whole call's run would have)."""
    blocks = function.blocks
    inv = frame.inv
    lanes = pc.shape[0]
    waiting = _waiting(pc, len(blocks))      # lanes at each block: the lowest is found without a pass over pc
    live = sum(waiting)
    low = 0
    first = True
    while True:
        order = _lowest(waiting, low)
        if order >= stop:
            return None
        block = blocks[order]
        running = pc == order
        count = waiting[order]
        everyone = count == lanes
        full = not others_live and count == live          # running is a subset of the live lanes
        if full and len(arrivals[order]) == 1 and not first:
            (source,) = arrivals[order]
            return order, source, running
        end = block.compact_end
        if end and end <= stop and not everyone and lanes >= COMPACT_MIN_LANES and not inv.compaction_failed:
            region = _compaction_region(pc, count, end)
            if region is not None and _run_compacted(function, frame, pc, came_from, arrivals, end, *region,
                                                     others_live):
                waiting = _waiting(pc, len(blocks))
                live, low, first = sum(waiting), 0, False
                continue
        first = False
        _count_step(inv, function, block)
        frame.mask = running
        frame.full = full
        if block.phis:
            _phis(block, frame, came_from, arrivals[order])
        arrivals[order] = set()
        _run_ops(block, frame)
        if frame.mask is not running:         # a call ended lanes (OpKill in the callee)
            np.putmask(pc, running & ~frame.mask, DONE)
            count = int(np.count_nonzero(frame.mask))
        waiting[order] = 0
        low = min(order + 1, _terminate(block, frame, pc, came_from, arrivals, everyone and frame.mask is running,
                                        count, waiting))
        if frame.mask is not running:
            waiting = _waiting(pc, len(blocks))
            low = 0
        live = sum(waiting)


def _waiting(pc: np.ndarray, blocks: int) -> list[int]:
    """How many lanes wait at each block (lanes that have left the call are not counted)."""
    return np.bincount(np.minimum(pc, blocks), minlength=blocks + 1)[:blocks].tolist()  # type: ignore[no-any-return]


def _lowest(waiting: list[int], low: int) -> int:
    """The lowest block some lane waits at, looking from `low` (no lane waits below it); DONE if none."""
    for order in range(low, len(waiting)):
        if waiting[order]:
            return order
    return DONE


#: A compacted run pays a gather of the call's values and a scatter of what it changed; it is worth that
#: when the lanes it keeps are at most this fraction of the frame's (measured on benchmark L2,
#: docs/performance.md), and the frame has at least COMPACT_MIN_LANES lanes.
COMPACT_FRACTION = 0.5
COMPACT_MIN_LANES = 256


def _compaction_region(pc: np.ndarray, running: int, end: int) -> tuple[np.ndarray, bool] | None:
    """At a loop header whose lanes may run compacted until they reach block `end` (`program.compactable_end`):
    the lanes waiting before `end` and whether lanes left out are still alive in the call, where those lanes
    are few enough (None otherwise). `running`: how many lanes wait at the header. The executor runs the
    lowest-ordered block first, so until every kept lane reaches `end`, exactly the kept lanes run, in the
    same order of blocks as without compaction."""
    limit = int(pc.shape[0] * COMPACT_FRACTION)
    if running > limit:
        return None
    kept = pc < end
    count = int(np.count_nonzero(kept))
    if count > limit:
        return None
    return np.flatnonzero(kept), bool(np.count_nonzero(pc < DONE) > count)


def _run_compacted(function: CompiledFunction, frame: Frame, pc: np.ndarray, came_from: np.ndarray,
                   arrivals: list[set[int]], end: int, index: np.ndarray, others_live: bool,
                   outer_others_live: bool) -> bool:
    """Run the lanes `index` (every lane waiting before block `end`) on a compacted copy of the call's state
    until each waits at `end` or after, then scatter what they changed back; True when done. The plain run is
    the definition: where the compacted one fails (an undefined-behaviour report, which names lanes; a step
    limit; a value it cannot scatter back), nothing has been changed yet, and the outermost compacted run
    returns False so that the caller runs the same blocks the plain way and reports exactly what it reports.
    The chunk then compacts no more (a loop that failed once would fail again one iteration later, and again)."""
    inv = frame.inv
    steps, work = inv.steps, inv.work
    compaction = Compaction(pc.shape[0], index)
    try:
        first = [compaction.take(value) for value in frame.values]
        inner_inv = copy.copy(inv)
        inner_inv.lanes = compaction.kept
        inner_inv.work_per_weight = LANES_PER_CALL + compaction.kept     # the work budget weighs what runs
        inner_inv.compacted = True
        inner_inv.template = [first[k] if frame.values[k] is value else compaction.take(value)
                              for k, value in enumerate(inv.template)]
        inner_inv.terminated = compaction.take(inv.terminated)
        terminated = inner_inv.terminated
        inner = Frame(list(first), np.ones(compaction.kept, bool), inner_inv)
        compaction.adopt(frame, inner)
        inner.ret = first_ret = compaction.take(frame.ret)
        inner_arrivals = [set(waiting) if k < end else set() for k, waiting in enumerate(arrivals)]
        inner_pc, inner_came_from, inner_arrivals = _run_region(
            function, inner, pc[index], came_from[index], inner_arrivals, end, others_live or outer_others_live)
        if inner_inv.terminated is not terminated:
            raise CompactionError("a compacted run ended lanes")
        values = [compaction.put(original, taken, final) for original, taken, final in
                  zip(frame.values, first, inner.values)]
        ret = compaction.put(frame.ret, first_ret, inner.ret)
        cells = compaction.commit_cells()
    except Exception:                      # noqa: BLE001 (any failure: the plain run decides)
        if inv.compacted:
            raise                          # the outermost compacted run falls back
        inv.steps, inv.work = steps, work
        inv.compaction_failed = True
        return False
    frame.values[:] = values
    frame.ret = ret
    for cell, value in cells:
        cell.write((), value, None)
    pc[index] = inner_pc
    came_from[index] = inner_came_from
    for k, waiting in enumerate(inner_arrivals):
        arrivals[k] = waiting if k < end else arrivals[k] | waiting
    inv.steps, inv.work = inner_inv.steps, inner_inv.work
    return True


def _run_region(function: CompiledFunction, frame: Frame, pc: np.ndarray, came_from: np.ndarray,
                arrivals: list[set[int]], stop: int,
                others_live: bool) -> tuple[np.ndarray, np.ndarray, list[set[int]]]:
    """Run the frame's lanes until every one waits at block `stop` or after (or has left): diverged, and
    converged wherever the plain run would be (`_call`). The lanes' final (pc, came_from, arrivals)."""
    while True:
        rejoined = _run_diverged(function, frame, pc, came_from, arrivals, stop, others_live)
        if rejoined is None:
            return pc, came_from, arrivals
        split = _run_converged(function, frame, *rejoined, stop)
        if split is None:
            pc.fill(DONE)
            return pc, came_from, arrivals
        pc, came_from, arrivals = split


def _count_step(inv: Invocation, function: CompiledFunction, block: CompiledBlock) -> None:
    """Count a block run against the chunk's step limit and its work budget (`program.block_weight`)."""
    inv.steps += 1
    inv.work += block.weight * inv.work_per_weight
    if inv.steps > inv.step_limit:
        raise SpirvStepLimitError(at(block.location, (
            f"the run exceeded its step limit of {inv.step_limit} block executions per chunk in function "
            f"{function.name}, block {block.name}: a loop that does not end? (raise step_limit= if the "
            f"work is just long)")))
    if inv.work > inv.work_limit:
        raise SpirvStepLimitError(at(block.location, (
            f"the run exceeded its work limit of {inv.work_limit} units per chunk ({inv.steps} block executions "
            f"over {inv.lanes} lanes) in function {function.name}, block {block.name}: a loop that does not end? "
            f"(raise work_limit= if the work is just long)")))


def _run_ops(block: CompiledBlock, frame: Frame) -> None:
    """The block's instructions, in order; a failure names the instruction."""
    position = 0
    try:
        for op in block.ops:
            op(frame)
            position += 1
    except (SpirvError, DxLinalgError):
        raise
    except LayoutError as error:
        raise SpirvValidationError(at(block.locations[position], str(error))) from None
    except Exception as error:       # an unexpected numpy failure: still name the instruction
        raise SpirvValidationError(at(block.locations[position], (
            f"unexpected failure executing this instruction ({type(error).__name__}: {error})"))) from None


def _phis_from(block: CompiledBlock, frame: Frame, source: int) -> None:
    """Every running lane came from block `source`: each OpPhi takes that block's value."""
    values = frame.values
    chosen = [values[incoming[source]] for _, incoming, _ in block.phis]
    for (result, _, _), value in zip(block.phis, chosen):
        values[result] = value


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


def _send(pc: np.ndarray, lanes: np.ndarray | None, target: int, arrivals: list[set[int]], source: int,
          count: int = 0, waiting: list[int] | None = None) -> None:
    """Move `lanes` (None: all lanes; at least one lane; `count` of them, added to `waiting[target]` where given)
    from block `source` to block `target`."""
    if lanes is None:
        pc.fill(target)
    else:
        move(pc, lanes, target - source)
    arrivals[target].add(source)
    if waiting is not None and target < DONE:
        waiting[target] += count


def move(pc: np.ndarray, lanes: np.ndarray, delta: int) -> None:
    """pc += delta on `lanes`: every lane there waits at one block, so `np.putmask(pc, lanes, block + delta)` is
    pc += lanes * delta, two passes without branches. Divergent lanes make the mask irregular, and numpy's
    masked writes then mispredict on every lane: two to three times slower at a chunk's size."""
    step = np.multiply(lanes, np.int32(delta), dtype=np.int32)
    np.add(pc, step, out=pc)


def assign_where(array: np.ndarray, lanes: np.ndarray, value: int) -> None:
    """`np.putmask(array, lanes, value)` for an int32 array, without branches: array += (value - array) * lanes,
    exact in wrapping int32 arithmetic (see `move`)."""
    step = np.subtract(np.int32(value), array)
    np.multiply(step, lanes, out=step)
    np.add(array, step, out=array)


def _terminate(block: CompiledBlock, frame: Frame, pc: np.ndarray, came_from: np.ndarray,
               arrivals: list[set[int]], everyone: bool, count: int | None = None,
               waiting: list[int] | None = None) -> int:
    """Move the running lanes on as the block's terminator says; the lowest block any went to (DONE if none).
    Every running lane waits at this block. `everyone`: every lane of the chunk runs this block (so whole
    arrays can be filled instead of masked); `count`: how many lanes run it (None: count them); `waiting`:
    lanes per block, counted on."""
    term = block.terminator
    kind = term[0]
    mask = frame.mask
    source = block.order
    lanes = None if everyone else mask
    if count is None:
        count = int(np.count_nonzero(mask))
    lowest = DONE
    if kind == BRANCH:
        if count:
            lowest = term[1]
            _send(pc, lanes, lowest, arrivals, source, count, waiting)
    elif kind == CONDITIONAL:
        condition = frame.values[term[1]]
        if condition.shape[0] == 1:
            if count:
                lowest = term[2] if condition[0] else term[3]
                _send(pc, lanes, lowest, arrivals, source, count, waiting)
        else:
            taken = condition if everyone else mask & condition
            count_taken = int(np.count_nonzero(taken))
            if count_taken == count:
                if count:
                    lowest = term[2]
                    _send(pc, lanes, lowest, arrivals, source, count, waiting)
            elif count_taken == 0:
                lowest = term[3]
                _send(pc, lanes, lowest, arrivals, source, count, waiting)
            else:
                _split(pc, lanes, taken, term[2], term[3], source)
                arrivals[term[2]].add(source)
                arrivals[term[3]].add(source)
                if waiting is not None:
                    waiting[term[2]] += count_taken
                    waiting[term[3]] += count - count_taken
                lowest = min(term[2], term[3])
    elif kind == SWITCH:
        selector = frame.values[term[1]]
        if selector.shape[0] == 1:
            if count:
                lowest = _switch_target(term, int(selector[0]))
                _send(pc, lanes, lowest, arrivals, source, count, waiting)
        else:
            pending = mask.copy()
            for literal, target in [*term[3], (None, term[2])]:
                hit = pending if literal is None else pending & (selector == literal)
                hits = int(np.count_nonzero(hit))
                if hits:
                    _send(pc, hit, target, arrivals, source, hits, waiting)
                    lowest = min(lowest, target)
                if literal is not None:
                    pending &= ~hit
    else:
        _leave(block, frame, mask)
        if count:
            _send(pc, lanes, DONE, _NO_ARRIVALS, source)
    if not block.feeds_phis:                 # no OpPhi will ask where these lanes came from
        return lowest
    if everyone:
        came_from.fill(source)
    else:
        assign_where(came_from, mask, source)
    return lowest


def _split(pc: np.ndarray, lanes: np.ndarray | None, taken: np.ndarray, if_true: int, if_false: int,
           source: int) -> None:
    """Lanes in `taken` to block `if_true`, the other running lanes (`lanes`, None: all) to `if_false`: pc +=
    lanes * (if_false - source) + taken * (if_true - if_false), in four passes (see `move`)."""
    step = np.multiply(taken, np.int32(if_true - if_false), dtype=np.int32)
    if lanes is None:
        np.add(step, np.int32(if_false), out=pc)
        return
    np.add(step, np.multiply(lanes, np.int32(if_false - source), dtype=np.int32), out=step)
    np.add(pc, step, out=pc)


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
        result = _call(callee, f.inv, f.mask, [f.values[a] for a in arguments])
        terminated = f.inv.terminated
        if terminated is not None and (f.mask & terminated).any():
            f.mask = f.mask & ~terminated      # the executor retires the lanes that ended
            f.full = False
        return None if void else result
    return compute
