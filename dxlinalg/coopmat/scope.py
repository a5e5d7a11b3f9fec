"""Scope instances of a chunk of lanes: which matrix each lane shares, and which invocation of it the lane is.

A Subgroup-scope matrix has one instance per wave, a Workgroup-scope matrix one per thread group
(dxlinalg.gpu: a chunk holds whole groups, and a group's waves are contiguous). Matrices are held
one per instance (`CoopMatrix.values[instance]`); a surface maps its per-lane operands through
this and the ownership map (`dxlinalg.coopmat.ownership`). Instructions on cooperative matrices are
tangled: every invocation of an instance executes them or none does (`active_instances`).
"""

from __future__ import annotations

from dataclasses import dataclass
from weakref import WeakKeyDictionary

import numpy as np

from dxlinalg.coopmat import matrix_rules as rules
from dxlinalg.coopmat.matrix_type import Scope
from dxlinalg.coopmat.tangled import check_uniform_control_flow
from dxlinalg.gpu.context import ExecutionContext, require_context


@dataclass(frozen=True)
class ScopeInstances:
    """The scope instances of a chunk's lanes."""

    scope: Scope
    size: int                       # invocations per instance
    instance_of_lane: np.ndarray    # (lanes,) int64
    invocation_of_lane: np.ndarray  # (lanes,) int64: the lane's invocation number within its instance
    first_lane: np.ndarray          # (instances,) int64
    group_of_instance: np.ndarray   # (instances,) int64: the thread group (in the chunk) holding each instance

    @property
    def count(self) -> int:
        return int(self.first_lane.shape[0])


#: Each running chunk's scope instances: its lane geometry never changes while it runs, and every
#: cooperative-matrix instruction asks for them.
_INSTANCES: WeakKeyDictionary[ExecutionContext, dict[Scope, ScopeInstances]] = WeakKeyDictionary()


def scope_instances(ctx: ExecutionContext, scope: Scope, what: str = "cooperative matrix") -> ScopeInstances:
    """Waves (Subgroup) or thread groups (Workgroup) of `ctx`, each of one size that holds whole instances
    (`find_scope_instances`, kept for the chunk)."""
    scope = Scope(scope)
    known = _INSTANCES.get(ctx)
    if known is not None and scope in known:
        return known[scope]
    found = find_scope_instances(ctx, scope, what)
    for array in (found.instance_of_lane, found.invocation_of_lane, found.first_lane, found.group_of_instance):
        array.flags.writeable = False
    _INSTANCES.setdefault(ctx, {})[scope] = found
    return found


def find_scope_instances(ctx: ExecutionContext, scope: Scope, what: str = "cooperative matrix") -> ScopeInstances:
    """Waves (Subgroup) or thread groups (Workgroup) of `ctx`, each of one size that holds whole instances."""
    if scope == Scope.Subgroup:
        starts, size = ctx.wave_starts, ctx.wave_size
        instance = ctx.wave_of_lane.astype(np.int64)
    else:
        starts = ctx.group_starts
        size = int(np.diff(starts, append=ctx.lanes)[0])
        instance = ctx.group_of_lane.astype(np.int64)
    counts = np.diff(starts, append=ctx.lanes)
    rules.check_whole_scope(counts, size, scope.name, what, ctx.profile.name)
    invocation = np.arange(ctx.lanes, dtype=np.int64) - starts[instance]
    return ScopeInstances(scope, size, instance, invocation, starts.astype(np.int64),
                          ctx.group_of_lane[starts].astype(np.int64))


def active_instances(ctx: ExecutionContext, instances: ScopeInstances, what: str) -> np.ndarray:
    """(instances,) bool: instances whose invocations execute the instruction; strict mode reports an
    instance only some of whose invocations are active (tangled instructions need all or none)."""
    active = ctx.active
    if active.all():            # every invocation of every instance: none is partial, all execute
        return np.ones(instances.count, bool)
    return check_uniform_control_flow(ctx.active, instances.instance_of_lane, what, scope=instances.scope,
                                      strict=ctx.strict)


def require_uniform_scope(op: str, scope: Scope) -> np.ndarray:
    """`active_instances` for the running SIMT context: (instances,) bool, one per wave (Subgroup) or
    thread group (Workgroup)."""
    ctx = require_context(op)
    return active_instances(ctx, scope_instances(ctx, scope, op), op)


def uniform_per_instance(ctx: ExecutionContext, values: object, instances: ScopeInstances, operand: str,
                         what: str) -> np.ndarray:
    """(instances, ...) each instance's value of a per-lane operand (lanes, ...) or a scalar.

    The operands of a cooperative-matrix instruction are dynamically uniform within every scope
    instance; strict mode reports an instance whose active lanes disagree. Permissive mode takes the
    instance's first lane's value."""
    array = np.asarray(values)
    if array.ndim == 0:
        return np.broadcast_to(array, (instances.count,))
    if array.shape[0] != ctx.lanes:
        rules.check_per_lane_shape(array.shape, ctx.lanes, operand, what)
    first = array[instances.first_lane]
    bits = np.ascontiguousarray(array).view(np.uint8).reshape(ctx.lanes, -1)     # bits: a NaN equals itself
    differs = ctx.active & differs_in_block(bits, instances)
    if differs.any():
        lane = int(np.flatnonzero(differs)[0])
        rules.report_non_uniform(ctx.strict, operand, int(instances.instance_of_lane[lane]), instances.scope.name,
                                 what)
    return first


def differs_from_first(bits: np.ndarray, instances: ScopeInstances) -> np.ndarray:
    """(lanes,) bool: whether each lane's row of `bits` (lanes, n) differs from its instance's first lane's.
    The definition of `differs_in_block`."""
    return np.any(bits != bits[instances.first_lane][instances.instance_of_lane], axis=1)


def differs_in_block(bits: np.ndarray, instances: ScopeInstances) -> np.ndarray:
    """`differs_from_first` without gathers: instances are consecutive blocks of `size` lanes (whole waves or
    groups, in order), so each block is compared with its first row in place; a row of 1, 2, 4 or 8 bytes is
    compared as one unsigned integer."""
    width = bits.shape[1]
    if width in (1, 2, 4, 8):
        words = np.ascontiguousarray(bits).view(f"<u{width}").reshape(instances.count, instances.size)
        return (words != words[:, :1]).reshape(-1)
    blocks = bits.reshape(instances.count, instances.size, width)
    return np.any(blocks != blocks[:, :1], axis=2).reshape(-1)
