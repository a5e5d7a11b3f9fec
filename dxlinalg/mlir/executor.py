"""Running lowered regions over a chunk of lanes: SIMT with an active mask, as the SPIR-V executor does.

A region of one block runs its kernels in order for all active lanes. A region of several blocks (cf.br,
cf.cond_br) keeps a per-lane program counter: the block that comes first in reverse post-order among those some lane
waits at runs next, for exactly the lanes waiting there; a branch moves each lane on (its block arguments merged per
lane), so lanes that diverge run each side in turn and meet again where the paths join, and a loop runs while one of
its lanes still iterates. Every block run counts against the step limit, which turns a loop that never ends into an
error instead of a hang. A region ends at its exit terminator (func.return, scf.yield, scf.condition, gpu.return):
`run_region` returns the exit values, merged over the lanes that left through different exits.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from dxlinalg.errors import (
    DxLinalgError,
    InvalidArgumentError,
    UndefinedBehaviorError,
    UnsupportedError,
)
from dxlinalg.gpu.context import ExecutionContext
from dxlinalg.mlir import poison
from dxlinalg.mlir.errors import (
    MlirArgumentError,
    MlirError,
    MlirUndefinedBehaviorError,
    MlirUnsupportedError,
    at,
)
from dxlinalg.mlir.program import CompiledBlock, CompiledFunction, CompiledRegion
from dxlinalg.profile.model import DeviceProfile


class StepLimitError(MlirError):
    """The run executed more blocks than its step limit allows (a loop that does not end)."""


@dataclass
class Exit:
    """What an exit terminator's kernel returns: the values leaving the region."""

    values: list[Any]


@dataclass
class Branch:
    """What a branch terminator's kernel returns: per target block, the lanes going there and their arguments.
    `lanes` None means every active lane."""

    targets: list[tuple[str, np.ndarray | None, list[Any]]]


@dataclass(eq=False)
class Machine:
    """One chunk's run: its lanes (ctx), the dispatch's bindings and settings, and the step budget."""

    ctx: ExecutionContext
    profile: DeviceProfile
    strict: bool
    index_bits: int
    buffers: dict[Any, Any]
    workgroups: tuple[int, int, int]
    block_size: tuple[int, int, int]
    step_limit: int
    lowering: Any
    steps: int = 0
    extras: dict[str, Any] = field(default_factory=dict)
    kernel_body: CompiledRegion | None = None
    poison_sink: list | None = None      # set while a tracked operation runs (dxlinalg.mlir.poison)

    @property
    def lanes(self) -> int:
        return self.ctx.lanes

    def count_step(self, where: Any) -> None:
        self.steps += 1
        if self.steps > self.step_limit:
            raise StepLimitError(at(where, f"the run executed more than {self.step_limit} blocks in one chunk of "
                                           f"workgroups; a loop that does not end? (raise step_limit)"))

    def call(self, function: CompiledFunction, arguments: list[Any]) -> list[Any]:
        """Runs `function` for the active lanes with `arguments`; its return values."""
        frame: list[Any] = [None] * function.slots
        for slot, value in zip(function.parameters, arguments):
            frame[slot] = value
        assert function.body is not None
        return self.run_region(function.body, frame, None)

    def run_region(self, region: CompiledRegion, frame: list[Any], arguments: list[Any] | None) -> list[Any]:
        """Runs `region` for the active lanes, its entry block's arguments set (unless None: set already)."""
        blocks = region.blocks
        entry = blocks[0]
        if arguments is not None:
            for slot, value in zip(entry.arguments, arguments):
                frame[slot] = value
        if len(blocks) == 1:
            self.count_step(entry.terminator.op.location)
            result = self._run_block(entry, frame)
            if not isinstance(result, Exit):
                raise MlirError(at(entry.terminator.op.location, "a branch in a region of one block"))
            return result.values
        return self._run_cfg(region, frame)

    def _run_block(self, block: CompiledBlock, frame: list[Any], lanes: np.ndarray | None = None) -> Any:
        """Runs a block's operations and returns what its terminator gives. With `lanes` (some lanes of a
        diverged CFG), results are written for those lanes only: other lanes may run this block at another time
        while these still need their values."""
        machine = self
        compiled = block.terminator
        tracked = poison.tracked_ops(block, self.lowering) if self.strict else frozenset()
        poisoned: dict[int, tuple[np.ndarray, str]] = {}     # slot -> (mask, origin): this block's carried poison
        try:
            for compiled in block.body:
                inputs = [frame[i] for i in compiled.inputs]
                carry = poisoned and any(i in poisoned for i in compiled.inputs)
                is_tracked = id(compiled) in tracked
                if carry and not is_tracked:
                    self._poison_reached(compiled, poisoned)
                self.poison_sink = [] if is_tracked else None
                try:
                    results = compiled.kernel(machine, frame, inputs)
                    fresh = self.poison_sink
                finally:
                    self.poison_sink = None
                if compiled.outputs:
                    for slot, value in zip(compiled.outputs, results):  # type: ignore[arg-type]
                        old = frame[slot]
                        frame[slot] = value if lanes is None or old is None else merge_lanes(lanes, value, old)
                if is_tracked:
                    self._carry_poison(compiled, inputs, results, fresh, poisoned, carry)
            compiled = block.terminator
            if poisoned and any(i in poisoned for i in compiled.inputs):
                self._poison_reached(compiled, poisoned)
            return compiled.kernel(machine, frame, [frame[i] for i in compiled.inputs])
        except DxLinalgError as error:
            raise _located(error, compiled.op) from None

    def _poison_reached(self, compiled: Any, poisoned: dict[int, tuple[np.ndarray, str]]) -> None:
        hits = [poisoned.get(i) for i in compiled.inputs]
        why = "reaches it: an observable use (or a value leaving its block, where dxlinalg stops carrying poison)"
        poison.reached(self, compiled.op, [h[0] if h else None for h in hits], [h[1] if h else None for h in hits],
                       why)

    def _carry_poison(self, compiled: Any, inputs: list[Any], results: Any, fresh: list | None,
                      poisoned: dict[int, tuple[np.ndarray, str]], carry: bool) -> None:
        slot = compiled.outputs[0]
        masks: list[np.ndarray] = []
        origin = None
        if carry:
            hits = [poisoned.get(i) for i in compiled.inputs]
            mask = poison.carried(compiled.op, inputs, [h[0] if h else None for h in hits], results[0])
            masks.append(mask)
            origin = next(h[1] for h in hits if h)
        for mask, rule in fresh or ():
            masks.append(mask)
            origin = origin or rule
        combined = None
        for mask in masks:
            combined = mask if combined is None else (combined | mask)
        if combined is not None and combined.any():
            poisoned[slot] = (combined, origin)  # type: ignore[assignment]
        else:
            poisoned.pop(slot, None)


    def _run_cfg(self, region: CompiledRegion, frame: list[Any]) -> list[Any]:
        ctx = self.ctx
        order = _reverse_post_order(region)
        rank = {block: position for position, block in enumerate(order)}
        barriers = _barrier_blocks(region)
        done = len(order)
        start = ctx.active.copy()
        waiting = np.where(start, rank[0], done)          # per lane: rank of the block it waits at
        exit_values: list[Any] | None = None
        exited = np.zeros(ctx.lanes, bool)
        while True:
            pending = waiting[start]
            if pending.size == 0 or int(pending.min()) == done:
                break
            current = int(pending.min())
            if order[current] in barriers:
                current = _past_barrier(current, pending, order, barriers, done)
            index = order[current]
            block = region.blocks[index]
            lanes = start & (waiting == current)
            self.count_step(block.terminator.op.location)
            full = bool(lanes.all())
            if not full:
                ctx.push_mask(lanes)
            try:
                result = self._run_block(block, frame, None if full else lanes)
            finally:
                if not full:
                    ctx.pop_mask()
            if isinstance(result, Exit):
                exit_values = result.values if exit_values is None else [
                    merge_lanes(lanes, new, old) for new, old in zip(result.values, exit_values)]
                exited |= lanes
                waiting[lanes] = done
                if region is self.kernel_body:
                    ctx.return_lanes(lanes)      # threads that left the kernel: barriers no longer wait for them
                continue
            for label, target_lanes, values in result.targets:
                going = lanes if target_lanes is None else (lanes & target_lanes)
                if not going.any():
                    continue
                target = region.labels[label]
                arguments = region.blocks[target].arguments
                every = bool(going.all())
                for slot, value in zip(arguments, values):
                    frame[slot] = value if every or frame[slot] is None else merge_lanes(going, value, frame[slot])
                waiting[going] = rank[target]
        return exit_values if exit_values is not None else []


def merge_lanes(lanes: np.ndarray, new: Any, old: Any) -> Any:
    """`new` on `lanes`, `old` elsewhere (lane arrays of any shape; other values are taken from `new`)."""
    if not isinstance(new, np.ndarray) or not isinstance(old, np.ndarray):
        return new
    mask = lanes.reshape((-1,) + (1,) * (max(new.ndim, old.ndim) - 1))
    return np.where(mask, new, old).astype(new.dtype, copy=False)


def _reverse_post_order(region: CompiledRegion) -> list[int]:
    """Block indices in the order lanes run them: reverse post-order from the entry, a loop's blocks before the
    blocks its exits lead to (so lanes that leave a loop early wait for the others where the paths join, as GPUs
    reconverge: a barrier after a data-dependent loop is reached by all lanes together). Computed once per region;
    unreachable blocks are left out."""
    cached = region.__dict__.get("_order")
    if cached is not None:
        return cached
    successors = {block.index: [region.labels[label] for label in block.terminator.op.successors]
                  for block in region.blocks}
    depth = _loop_depths(successors)

    def visiting_order(node: int) -> list[int]:
        # visited first = run last: a loop's exits before its own blocks
        return sorted(successors[node], key=lambda b: depth[b])

    seen: set[int] = {0}
    post: list[int] = []
    stack: list[tuple[int, list[int]]] = [(0, visiting_order(0))]
    while stack:
        node, pending = stack[-1]
        if pending:
            nxt = pending.pop(0)
            if nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, visiting_order(nxt)))
        else:
            stack.pop()
            post.append(node)
    order = post[::-1]
    region.__dict__["_order"] = order
    return order


def _barrier_blocks(region: CompiledRegion) -> frozenset[int]:
    """Blocks that hold a gpu.barrier (directly or in a nested region)."""
    cached = region.__dict__.get("_barriers")
    if cached is None:
        cached = frozenset(block.index for block in region.blocks
                           if any(nested.name == "gpu.barrier" for compiled in block.body
                                  for nested in compiled.op.walk()))
        region.__dict__["_barriers"] = cached
    return cached


def _past_barrier(current: int, pending: np.ndarray, order: list[int], barriers: frozenset[int], done: int) -> int:
    """Lanes at a block with a barrier wait while others can still run a block without one (on a GPU the
    barrier waits for them): the first such block, else `current`."""
    for candidate in np.unique(pending):
        if candidate != done and order[int(candidate)] not in barriers:
            return int(candidate)
    return current


def _loop_depths(successors: dict[int, list[int]]) -> dict[int, int]:
    """How many natural loops (a back edge to a block that dominates its source) contain each block."""
    blocks = list(successors)
    predecessors: dict[int, list[int]] = {b: [] for b in blocks}
    for b, nexts in successors.items():
        for n in nexts:
            predecessors[n].append(b)
    dominators: dict[int, set[int]] = {b: set(blocks) for b in blocks}
    dominators[0] = {0}
    changed = True
    while changed:
        changed = False
        for b in blocks[1:]:
            incoming = [dominators[p] for p in predecessors[b]]
            new = (set.intersection(*incoming) if incoming else set()) | {b}
            if new != dominators[b]:
                dominators[b], changed = new, True
    depth = dict.fromkeys(blocks, 0)
    for source, nexts in successors.items():
        for header in nexts:
            if header in dominators[source]:
                body, work = {header, source}, [source]
                while work:
                    for p in predecessors[work.pop()]:
                        if p not in body:
                            body.add(p)
                            work.append(p)
                for b in body:
                    depth[b] += 1
    return depth

def _located(error: DxLinalgError, op: Any) -> DxLinalgError:
    """An error of a lower layer (dxlinalg.nvgpu, dxlinalg.gpu) as this package's, with the operation's location."""
    if isinstance(error, MlirError):
        return error
    message = str(error)
    if not message.startswith(str(op.location)):
        message = at(op.location, f"'{op.name}': {message}")
    for lower, ours in ((UndefinedBehaviorError, MlirUndefinedBehaviorError), (UnsupportedError, MlirUnsupportedError),
                        (InvalidArgumentError, MlirArgumentError)):
        if isinstance(error, lower):
            return ours(message)
    return MlirError(message)
