"""OpControlBarrier and OpMemoryBarrier as dxlinalg.gpu's group and wave barriers: which scopes and semantics end
the race window on Workgroup memory, and barriers that not every invocation reaches."""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg.spirv import SpirvUndefinedBehaviorError, SpirvUnsupportedError, SpirvValidationError
from dxlinalg.spirv.enums import BuiltIn, Scope
from tests.spirv.workgroup_kernels import ACQUIRE_RELEASE_WORKGROUP, SharedKernel

THREADS = 64                # two subgroups of 32 on the reference profile
SUBGROUP_BARRIER = 0x9C8    # GLSL subgroupBarrier(): AcquireRelease | Uniform, Subgroup, Workgroup, Image memory


def exchange(step: int, semantics: int, execution: int = Scope.Workgroup, memory: int = Scope.Workgroup,
             memory_barrier: bool = False) -> SharedKernel:
    """tile[l] = l + 100; <barrier>; out = tile[(l + step) % THREADS]"""
    k = SharedKernel(threads=THREADS, slots=THREADS)
    k.write(k.l, k.op("OpIAdd", k.l, k.c(100)))
    if memory_barrier:
        k.fn.do("OpMemoryBarrier", k.c(memory), k.c(semantics))
    else:
        k.barrier(semantics, execution, memory)
    k.emit(k.read(k.neighbour(step)))
    return k


def exchanged(step: int) -> list[int]:
    return [(l_ + step) % THREADS + 100 for l_ in range(THREADS)]


@pytest.mark.parametrize("semantics, memory", [
    (ACQUIRE_RELEASE_WORKGROUP, Scope.Workgroup),
    (0x110, Scope.Workgroup),                    # SequentiallyConsistent | WorkgroupMemory
    (0x6108, Scope.Device),                      # ... | MakeAvailable | MakeVisible, at a wider memory scope
    (0x948, Scope.Workgroup),                    # AcquireRelease | Uniform | Workgroup | Image memory
])
def test_a_workgroup_barrier_acquiring_and_releasing_workgroup_memory_ends_the_race_window(semantics, memory):
    assert exchange(1, semantics, memory=memory).run(2).tolist() == exchanged(1) * 2


@pytest.mark.parametrize("semantics, why", [
    (0, "no memory semantics"),
    (0x102, "Acquire alone"),
    (0x104, "Release alone"),
    (0x48, "UniformMemory (buffers), not WorkgroupMemory"),
])
def test_a_workgroup_barrier_that_does_not_order_workgroup_memory_both_ways_leaves_the_race(semantics, why):
    with pytest.raises(SpirvUndefinedBehaviorError, match=r"OpLoad .*\(read-after-write\) .*thread 0 reads 'tile' "
                                                          r"byte 4 \(groupshared byte 4\), which thread 1 wrote"):
        exchange(1, semantics).run()


def test_a_memory_barrier_without_execution_sync_leaves_the_race():
    with pytest.raises(SpirvUndefinedBehaviorError, match=r"\(read-after-write\)"):
        exchange(1, ACQUIRE_RELEASE_WORKGROUP, memory=Scope.Workgroup, memory_barrier=True).run()


@pytest.mark.parametrize("execution, memory, semantics", [
    (Scope.Subgroup, Scope.Subgroup, SUBGROUP_BARRIER),
    (Scope.Subgroup, Scope.Workgroup, ACQUIRE_RELEASE_WORKGROUP),
    (Scope.Workgroup, Scope.Subgroup, ACQUIRE_RELEASE_WORKGROUP),
])
def test_a_subgroup_scope_orders_workgroup_memory_within_each_subgroup_only(execution, memory, semantics):
    k = SharedKernel(threads=THREADS, slots=THREADS)
    k.write(k.l, k.op("OpIAdd", k.l, k.c(100)))
    k.barrier(semantics, execution, memory)
    k.emit(k.read(k.op("OpBitwiseXor", k.l, k.c(1))))       # the other invocation of a pair: same subgroup
    assert k.run(2).tolist() == [(l_ ^ 1) + 100 for l_ in range(THREADS)] * 2
    with pytest.raises(SpirvUndefinedBehaviorError, match=r"thread 31 reads 'tile' byte 128 .*which threads of wave 1 "
                                                          r"\(ordered by a wave barrier for that wave's threads only\) "
                                                          r"wrote"):
        exchange(1, semantics, execution, memory).run()    # lane 31 reads lane 32's slot: another subgroup


def test_subgroups_follow_the_profiles_wave_size():
    k = SharedKernel(threads=THREADS, slots=THREADS)
    k.write(k.l, k.op("OpIAdd", k.l, k.c(100)))
    k.barrier(SUBGROUP_BARRIER, Scope.Subgroup, Scope.Subgroup)
    k.emit(k.read(k.op("OpBitwiseXor", k.l, k.c(7))))              # within 8 invocations
    assert k.run(profile="minimal").tolist() == [(l_ ^ 7) + 100 for l_ in range(THREADS)]     # waves of 64
    with pytest.raises(SpirvUndefinedBehaviorError, match=r"thread 0 reads 'tile' byte 28 .*which threads of wave 1"):
        k.run(profile="adversarial")                                                          # waves of 4


def test_a_store_after_a_subgroup_barrier_races_again_until_the_next_one():
    k = SharedKernel(threads=THREADS, slots=THREADS)
    k.write(k.l, k.l)
    k.barrier(SUBGROUP_BARRIER, Scope.Subgroup, Scope.Subgroup)
    k.write(k.l, k.op("OpIAdd", k.l, k.c(1)))                       # its own slot again: fine, but unordered
    k.emit(k.read(k.op("OpBitwiseXor", k.l, k.c(1))))
    with pytest.raises(SpirvUndefinedBehaviorError, match=r"\(read-after-write\) .*thread 0 reads 'tile' byte 4 .*"
                                                          r"which thread 1 wrote"):
        k.run()


# -- barriers not every invocation reaches ----------------------------------------------------------------
def test_a_workgroup_barrier_in_divergent_control_flow_is_reported_through_the_gpus_group_barrier():
    k = SharedKernel()
    k.when(k.less(k.l, k.c(5)), lambda: k.barrier())
    k.emit(k.l)
    with pytest.raises(SpirvUndefinedBehaviorError, match=r"OpControlBarrier .*: Workgroup control barrier: in thread "
                                                          r"group \(0, 0, 0\), 5 of the group's 8 threads reach this "
                                                          r"barrier; a group barrier in divergent control flow is "
                                                          r"undefined behaviour"):
        k.run()
    assert k.run(strict=False).tolist() == list(range(8))


def test_a_barrier_after_some_invocations_returned_is_reported():
    """SPIR-V: every invocation of the workgroup executes the barrier, so an early return before one is UB."""
    k = SharedKernel()
    leaving = k.less(k.c(5), k.l)
    then, merge = k.fn.label(), k.fn.label()
    k.fn.do("OpSelectionMerge", merge, 0)
    k.fn.do("OpBranchConditional", leaving, then, merge)
    k.fn.block(then)
    k.fn.do("OpReturn")                        # invocations 6 and 7 leave
    k.fn.block(merge)
    k.barrier()
    k.emit(k.l)
    with pytest.raises(SpirvUndefinedBehaviorError, match=r"6 of the group's 8 threads reach this barrier"):
        k.run()


def test_a_branch_uniform_over_each_workgroup_may_hold_a_barrier():
    k = SharedKernel()
    group = k.fn.op("OpLoad", k.b.vector(k.uint, 3), k.k.builtin(BuiltIn.WorkgroupId, k.b.vector(k.uint, 3)))
    first = k.fn.op("OpIEqual", k.bool, k.fn.op("OpCompositeExtract", k.uint, group, 0), k.c(0))
    k.when(first, lambda: k.barrier())
    k.emit(k.l)
    assert k.run(3).tolist() == list(range(8)) * 3


def test_a_subgroup_barrier_in_divergent_control_flow_is_reported():
    k = SharedKernel(threads=THREADS, slots=THREADS)
    k.when(k.less(k.c(36), k.l), lambda: k.barrier(SUBGROUP_BARRIER, Scope.Subgroup, Scope.Subgroup))
    k.emit(k.l)
    with pytest.raises(SpirvUndefinedBehaviorError, match=r"OpControlBarrier .*: Subgroup control barrier: in thread "
                                                          r"group \(0, 0, 0\), wave 1, 27 of the wave's 32 threads "
                                                          r"reach this barrier; a wave barrier in divergent control "
                                                          r"flow is undefined behaviour"):
        k.run()


def test_a_subgroup_barrier_reached_by_whole_subgroups_only_is_fine():
    k = SharedKernel(threads=THREADS, slots=THREADS)
    k.when(k.less(k.c(31), k.l), lambda: k.barrier(SUBGROUP_BARRIER, Scope.Subgroup, Scope.Subgroup))
    k.emit(k.l)
    assert k.run().tolist() == list(range(THREADS))


# -- malformed operands ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("execution, memory, semantics, error, message", [
    (Scope.Workgroup, Scope.Workgroup, 0x10C, SpirvValidationError,
     r"Memory Semantics 0x10c sets Release\|AcquireRelease: at most one of Acquire, Release, AcquireRelease and "
     r"SequentiallyConsistent may be set"),
    (Scope.Workgroup, Scope.Invocation, 0x108, SpirvValidationError,
     r"Invocation memory scope: the semantics must be None \(VUID-StandaloneSpirv-None-04641\)"),
    (9, Scope.Workgroup, 0x108, SpirvValidationError, r"Execution scope 9 is not a Scope"),
    (Scope.Workgroup, 12, 0x108, SpirvValidationError, r"Memory scope 12 is not a Scope"),
    (Scope.Device, Scope.Device, 0x108, SpirvUnsupportedError, r"OpControlBarrier with execution scope Device"),
])
def test_barrier_operands_are_checked(execution, memory, semantics, error, message):
    k = SharedKernel()
    k.barrier(semantics, execution, memory)
    k.emit(k.l)
    with pytest.raises(error, match=r"OpControlBarrier .*" + message):
        k.run()


def test_an_invocation_scope_barrier_without_semantics_is_accepted():
    k = SharedKernel()
    k.fn.do("OpMemoryBarrier", k.c(Scope.Invocation), k.c(0))
    k.emit(k.l)
    assert k.run().tolist() == list(range(8))


def test_results_do_not_depend_on_the_chunking():
    k = exchange(3, ACQUIRE_RELEASE_WORKGROUP)
    whole = k.run(6)
    assert np.array_equal(whole, k.run(6, max_lanes_per_chunk=THREADS))
    assert whole.tolist() == exchanged(3) * 6
