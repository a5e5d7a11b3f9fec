"""OpControlBarrier and OpMemoryBarrier.

Every instruction runs for all lanes of a chunk (whole workgroups) before the next, so memory
written before a barrier is visible after it without any waiting; what a barrier must still do
is check that it is reached in uniform control flow (see `workgroup.control_barrier`), and
settle memory writes an operation may have held back.
"""

from __future__ import annotations

import numpy as np

from dxlinalg.spirv.compiler import Compute, Frame, InstructionContext, register_opcode
from dxlinalg.spirv.enums import Scope, enum_label
from dxlinalg.spirv.errors import SpirvUndefinedBehaviorError, at
from dxlinalg.spirv.workgroup import control_barrier


def constant_scope(c: InstructionContext, k: int, what: str) -> int:
    """Operand `k` as a Scope value (it must be a constant)."""
    return c.constant_int(k, what)


@register_opcode("OpControlBarrier")
def _control_barrier(c: InstructionContext) -> Compute:
    execution = constant_scope(c, 0, "Execution scope")
    constant_scope(c, 1, "Memory scope")
    c.constant_int(2, "Semantics")
    if execution not in (Scope.Workgroup, Scope.Subgroup):
        raise c.unsupported(f"OpControlBarrier with execution scope {enum_label(Scope, execution)}; compute shaders "
                            f"synchronise a Workgroup or a Subgroup")
    where = c.loc

    def compute(f: Frame) -> None:
        ctx = f.inv.ctx
        ctx.settle_memory()
        if execution == Scope.Workgroup:
            control_barrier(ctx, f.mask, f.inv.extras["threads_per_group"], where)
        elif f.inv.strict and not f.mask.all():
            starts, counts = ctx.wave_runs
            active = np.add.reduceat(f.mask, starts)
            partial = (active > 0) & (active < counts)
            if partial.any():
                raise SpirvUndefinedBehaviorError(at(where, (
                    f"only {int(active[partial][0])} of the {int(counts[partial][0])} invocations of a subgroup reach "
                    f"this subgroup barrier together (non-uniform control flow: undefined behaviour)")))
    return compute


@register_opcode("OpMemoryBarrier")
def _memory_barrier(c: InstructionContext) -> Compute:
    constant_scope(c, 0, "Memory scope")
    c.constant_int(1, "Semantics")

    def compute(f: Frame) -> None:
        f.inv.ctx.settle_memory()
    return compute
