"""Scope instances of a chunk of lanes: which matrix each lane shares, and which invocation of it the lane is.

A Subgroup-scope matrix has one instance per wave, a Workgroup-scope matrix one per thread group
(dxlinalg.gpu: a chunk holds whole groups, and a group's waves are contiguous). Matrices are held
one per instance (`CoopMatrix.values[instance]`); a surface maps its per-lane operands through
this and the ownership map (`dxlinalg.coopmat.ownership`). Instructions on cooperative matrices are
tangled: every invocation of an instance executes them or none does (`active_instances`).
"""

from __future__ import annotations

from dataclasses import dataclass

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


def scope_instances(ctx: ExecutionContext, scope: Scope, what: str = "cooperative matrix") -> ScopeInstances:
    """Waves (Subgroup) or thread groups (Workgroup) of `ctx`, each of one size that holds whole instances."""
    scope = Scope(scope)
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
    differs = ctx.active & np.any(bits != bits[instances.first_lane][instances.instance_of_lane], axis=1)
    if differs.any():
        lane = int(np.flatnonzero(differs)[0])
        rules.report_non_uniform(ctx.strict, operand, int(instances.instance_of_lane[lane]), instances.scope.name,
                                 what)
    return first
