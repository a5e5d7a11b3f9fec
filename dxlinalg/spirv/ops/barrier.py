"""OpControlBarrier and OpMemoryBarrier, as dxlinalg.gpu's group and wave barriers.

Every instruction runs for all lanes of a chunk (whole workgroups) before the next, so nothing has
to wait; what a barrier decides is whether it is reached in uniform control flow, and which
Workgroup accesses it orders. An OpControlBarrier with Workgroup execution scope is
`group_barrier(execution=True)`, with Subgroup execution scope `wave_barrier`: every invocation of
the workgroup (subgroup) must reach it, and strict mode reports the others. With AcquireRelease (or
SequentiallyConsistent) and WorkgroupMemory semantics it ends the race window on Workgroup memory
for the invocations it synchronises, within the memory scope: the workgroup, or each subgroup when
either scope is Subgroup. HLSL's GroupMemoryBarrierWithGroupSync is the Workgroup form. An
OpMemoryBarrier synchronises no invocations, so it orders nothing between them.
"""

from __future__ import annotations

from enum import IntFlag

from dxlinalg.gpu.barriers import MemorySemantics, group_barrier
from dxlinalg.spirv.compiler import Compute, Frame, InstructionContext, register_opcode
from dxlinalg.spirv.enums import Scope, enum_label
from dxlinalg.spirv.grammar_tables import ENUMS
from dxlinalg.spirv.workgroup import control_barrier

Semantics = IntFlag("Semantics",  # type: ignore[misc]
                    {name: value for value, (name, _) in ENUMS["MemorySemantics"].items() if value})
ORDERINGS = Semantics.Acquire | Semantics.Release | Semantics.AcquireRelease | Semantics.SequentiallyConsistent
BOTH_WAYS = (Semantics.AcquireRelease, Semantics.SequentiallyConsistent)
DEVICE_MEMORY = Semantics.UniformMemory | Semantics.CrossWorkgroupMemory | Semantics.ImageMemory
#: Memory scopes whose invocations include a whole workgroup.
WORKGROUP_OR_WIDER = frozenset({Scope.CrossDevice, Scope.Device, Scope.Workgroup, Scope.QueueFamily})


def constant_scope(c: InstructionContext, k: int, what: str) -> int:
    """Operand `k` as a Scope value (it must be a constant naming a Scope)."""
    scope = c.constant_int(k, what)
    if scope not in set(Scope.__members__.values()):
        raise c.fail(f"{what} {scope} is not a Scope (CrossDevice 0, Device 1, Workgroup 2, Subgroup 3, "
                     f"Invocation 4, QueueFamily 5, ShaderCallKHR 6)")
    return scope


def ordered_memory(c: InstructionContext, memory_scope: int, k: int) -> MemorySemantics:
    """The memory whose accesses the Semantics operand `k` orders between invocations, both ways.

    Only an acquire-and-release ordering (AcquireRelease or SequentiallyConsistent) makes one
    invocation's writes before the barrier safe for another to access after it; Acquire or Release
    alone orders one side only, and an Invocation memory scope orders nothing between invocations."""
    semantics = c.constant_int(k, "Semantics")
    ordering = semantics & ORDERINGS
    if ordering & (ordering - 1):
        names = "|".join(flag.name for flag in Semantics if flag & ordering)  # type: ignore[union-attr]
        raise c.fail(f"Memory Semantics 0x{semantics:x} sets {names}: at most one of Acquire, Release, "
                     f"AcquireRelease and SequentiallyConsistent may be set (SPIR-V Memory Semantics)")
    if memory_scope == Scope.Invocation and semantics:
        raise c.fail(f"Memory Semantics 0x{semantics:x} with an Invocation memory scope: the semantics must be None "
                     f"(VUID-StandaloneSpirv-None-04641)")
    memory = MemorySemantics.NONE
    if ordering in BOTH_WAYS:
        if semantics & Semantics.WorkgroupMemory:
            memory |= MemorySemantics.GROUPSHARED
        if semantics & DEVICE_MEMORY:
            memory |= MemorySemantics.DEVICE
    return memory


@register_opcode("OpControlBarrier")
def _control_barrier(c: InstructionContext) -> Compute:
    execution = constant_scope(c, 0, "Execution scope")
    memory_scope = constant_scope(c, 1, "Memory scope")
    memory = ordered_memory(c, memory_scope, 2)
    if execution not in (Scope.Workgroup, Scope.Subgroup):
        raise c.unsupported(f"OpControlBarrier with execution scope {enum_label(Scope, execution)}; compute shaders "
                            f"synchronise a Workgroup or a Subgroup")
    workgroup = execution == Scope.Workgroup
    subgroup_memory = memory_scope not in WORKGROUP_OR_WIDER
    where = c.loc

    def compute(f: Frame) -> None:
        ctx = f.inv.ctx
        ctx.settle_memory()
        control_barrier(ctx, f.mask, workgroup, memory, subgroup_memory, where)
    return compute


@register_opcode("OpMemoryBarrier")
def _memory_barrier(c: InstructionContext) -> Compute:
    memory = ordered_memory(c, constant_scope(c, 0, "Memory scope"), 1)

    def compute(f: Frame) -> None:
        f.inv.ctx.settle_memory()
        group_barrier(execution=False, memory=memory, what="OpMemoryBarrier")
    return compute
