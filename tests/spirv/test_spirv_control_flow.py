"""Structured control flow over divergent lanes: loops with per-lane trip counts, OpPhi, break/continue,
switch, early returns, calls, OpKill, OpUnreachable, reconvergence, barriers and the step limit."""

import numpy as np
import pytest

from dxlinalg.spirv import SpirvStepLimitError, SpirvUndefinedBehaviorError, run
from dxlinalg.spirv.builder import ComputeKernel
from dxlinalg.spirv.enums import BuiltIn, Scope, StorageClass

LANES = 64


class Kernel:
    """main() with an int input buffer (0, 0) and an int output buffer (0, 1), lane index `i`."""

    def __init__(self, local_size: int = LANES) -> None:
        self.k = ComputeKernel(local_size=(local_size, 1, 1))
        self.b = self.k.module
        self.fn = self.k.fn
        self.int = self.b.int()
        self.bool = self.b.bool()
        self.inputs = self.k.buffer(0, 0, self.int)
        self.outputs = self.k.buffer(0, 1, self.int)
        self.i = self.k.global_id_x()
        self.x = self.k.load(self.inputs, self.i, self.int)
        self.words: np.ndarray | None = None

    def c(self, value: int) -> int:
        return self.b.constant(self.int, value)

    def op(self, name: str, *operands: int) -> int:
        result_type = self.bool if name.startswith(("OpS", "OpI")) and ("Less" in name or "Equal" in name or
                                                                       "Greater" in name) else self.int
        return self.fn.op(name, result_type, *operands)

    def store(self, value: int) -> None:
        self.k.store(self.outputs, self.i, self.int, value)

    def run(self, values: np.ndarray, **options: object) -> np.ndarray:
        if self.words is None:
            self.words = self.k.finish()
        words = self.words
        groups = -(-len(values) // self.k.local_size[0])
        return run(words, groups=(groups, 1, 1), buffers={(0, 0): values.astype(np.int32),
                                                          (0, 1): np.zeros(len(values), np.int32)},
                   **options)[(0, 1)]  # type: ignore[arg-type]


def test_loop_with_per_lane_trip_count_phi_break_and_continue():
    """for (k = 0; k < x % 9; ++k) { if (k % 3 == 1) continue; sum += k * x; if (k == 5) break; }"""
    kn = Kernel()
    fn, c = kn.fn, kn.c
    header, body, add, after_add, cont, merge = (fn.label() for _ in range(6))
    start = fn.label()
    fn.do("OpBranch", start)
    fn.block(start)
    trips = kn.op("OpSMod", kn.x, c(9))
    fn.do("OpBranch", header)
    k_next, sum_next, sum_cont = kn.b.new_id(), kn.b.new_id(), kn.b.new_id()
    fn.block(header)
    k = fn.op("OpPhi", kn.int, c(0), start, k_next, cont)
    total = fn.op("OpPhi", kn.int, c(0), start, sum_cont, cont)
    more = kn.op("OpSLessThan", k, trips)
    fn.do("OpLoopMerge", merge, cont, 0)
    fn.do("OpBranchConditional", more, body, merge)
    fn.block(body)
    skip = kn.op("OpIEqual", kn.op("OpSMod", k, c(3)), c(1))
    fn.do("OpSelectionMerge", after_add, 0)
    fn.do("OpBranchConditional", skip, cont, add)
    fn.block(add)
    fn.op("OpIAdd", kn.int, total, kn.op("OpIMul", k, kn.x), result=sum_next)
    stop = kn.op("OpIEqual", k, c(5))
    fn.do("OpBranchConditional", stop, merge, after_add)
    fn.block(after_add)
    fn.do("OpBranch", cont)
    fn.block(cont)
    fn.op("OpPhi", kn.int, total, body, sum_next, after_add, result=sum_cont)
    fn.op("OpIAdd", kn.int, k, c(1), result=k_next)
    fn.do("OpBranch", header)
    fn.block(merge)
    result = fn.op("OpPhi", kn.int, total, header, sum_next, add)
    kn.store(fn.op("OpIAdd", kn.int, fn.op("OpIMul", kn.int, result, c(100)), k))
    values = np.arange(LANES) * 7 % 31
    expected = []
    for x in values.tolist():
        total_, k_ = 0, 0
        while k_ < x % 9:
            if k_ % 3 == 1:
                k_ += 1
                continue
            total_ += k_ * x
            if k_ == 5:
                break
            k_ += 1
        expected.append(total_ * 100 + k_)
    assert kn.run(values).tolist() == expected


def test_values_defined_in_a_loop_keep_each_lanes_last_iteration_after_it():
    """Lanes leave the loop at different iterations; a value defined in the header (and read after the
    loop) must be the one of each lane's own last iteration, though other lanes iterate on."""
    kn = Kernel()
    fn, c = kn.fn, kn.c
    header, body, merge = fn.label(), fn.label(), fn.label()
    start = fn.label()
    fn.do("OpBranch", start)
    fn.block(start)
    fn.do("OpBranch", header)
    k_next = kn.b.new_id()
    fn.block(header)
    k = fn.op("OpPhi", kn.int, c(0), start, k_next, body)
    square = kn.op("OpIMul", k, k)
    more = kn.op("OpSLessThan", k, kn.x)
    fn.do("OpLoopMerge", merge, body, 0)
    fn.do("OpBranchConditional", more, body, merge)
    fn.block(body)
    fn.op("OpIAdd", kn.int, k, c(1), result=k_next)
    fn.do("OpBranch", header)
    fn.block(merge)
    kn.store(square)
    values = np.arange(LANES) % 13
    assert kn.run(values).tolist() == [x * x for x in values.tolist()]


def test_switch_with_per_lane_selectors_fallthrough_and_signed_literals():
    kn = Kernel()
    fn, c = kn.fn, kn.c
    a, b_, d, merge = (fn.label() for _ in range(4))
    variable = fn.variable(kn.int, c(0))
    fn.do("OpSelectionMerge", merge, 0)
    fn.do("OpSwitch", kn.x, d, 0xFFFFFFFE, a, 1, a, 5, b_)          # -2 and 1 -> a, 5 -> b, else default
    fn.block(a)
    fn.do("OpStore", variable, c(10))
    fn.do("OpBranch", b_)                                              # falls through to b
    fn.block(b_)
    fn.do("OpStore", variable, kn.op("OpIAdd", fn.op("OpLoad", kn.int, variable), c(1)))
    fn.do("OpBranch", merge)
    fn.block(d)
    fn.do("OpStore", variable, c(-7))
    fn.do("OpBranch", merge)
    fn.block(merge)
    kn.store(fn.op("OpLoad", kn.int, variable))
    values = np.array([-2, 1, 5, 0, 3, -1, 1, 5] * 8)
    expected = {-2: 11, 1: 11, 5: 1}
    assert kn.run(values).tolist() == [expected.get(v, -7) for v in values.tolist()]


def test_switch_on_a_64_bit_selector():
    kn = Kernel()
    fn, c = kn.fn, kn.c
    long = kn.b.int(64)
    wide = fn.op("OpSConvert", long, kn.x)
    big, merge, default = fn.label(), fn.label(), fn.label()
    fn.do("OpSelectionMerge", merge, 0)
    fn.do("OpSwitch", wide, default, 3, 0, big)                       # literal 3 as two words
    fn.block(big)
    fn.do("OpBranch", merge)
    fn.block(default)
    fn.do("OpBranch", merge)
    fn.block(merge)
    kn.store(fn.op("OpPhi", kn.int, c(1), big, c(0), default))
    values = np.arange(LANES) % 5
    assert kn.run(values).tolist() == [int(v == 3) for v in values.tolist()]


def test_early_return_inside_a_loop_and_from_a_called_function_with_two_returns():
    kn = Kernel()
    b, c = kn.b, kn.c
    helper = b.function(kn.int, kn.int, b.pointer(StorageClass.Function, kn.int), name="helper")
    value, out = helper.parameters
    negative, positive = helper.label(), helper.label()
    helper.do("OpStore", out, helper.op("OpIMul", kn.int, value, c(3)))
    condition = helper.op("OpSLessThan", kn.bool, value, c(0))
    helper.do("OpSelectionMerge", positive, 0)
    helper.do("OpBranchConditional", condition, negative, positive)
    helper.block(negative)
    helper.do("OpReturnValue", c(-1))
    helper.block(positive)
    helper.do("OpReturnValue", helper.op("OpIAdd", kn.int, value, c(1000)))
    helper_id = helper.end()
    fn = kn.fn
    slot = fn.variable(kn.int)
    header, body, merge, leave, cont = (fn.label() for _ in range(5))
    start = fn.label()
    fn.do("OpBranch", start)
    fn.block(start)
    fn.do("OpBranch", header)
    k_next = b.new_id()
    fn.block(header)
    k = fn.op("OpPhi", kn.int, c(0), start, k_next, cont)
    more = kn.op("OpSLessThan", k, c(10))
    fn.do("OpLoopMerge", merge, cont, 0)
    fn.do("OpBranchConditional", more, body, merge)
    fn.block(body)
    condition = kn.op("OpIEqual", k, kn.x)
    fn.do("OpSelectionMerge", cont, 0)
    fn.do("OpBranchConditional", condition, leave, cont)
    fn.block(leave)
    kn.store(c(-999))
    fn.do("OpReturn")                                                  # lanes leave main from inside the loop
    fn.block(cont)
    fn.op("OpIAdd", kn.int, k, c(1), result=k_next)
    fn.do("OpBranch", header)
    fn.block(merge)
    returned = fn.op("OpFunctionCall", kn.int, helper_id, kn.op("OpISub", kn.x, c(20)), slot)
    kn.store(kn.op("OpIAdd", returned, fn.op("OpLoad", kn.int, slot)))
    values = np.arange(LANES) % 30
    expected = []
    for x in values.tolist():
        if x < 10:
            expected.append(-999)
        else:
            v = x - 20
            expected.append((-1 if v < 0 else v + 1000) + 3 * v)
    assert kn.run(values).tolist() == expected


def test_runaway_loop_reports_the_step_limit_and_names_the_block():
    kn = Kernel()
    fn = kn.fn
    header, merge = fn.label(), fn.label()
    fn.do("OpBranch", header)
    fn.block(header)
    fn.do("OpLoopMerge", merge, header, 0)
    fn.do("OpBranchConditional", kn.b.constant(kn.bool, True), header, merge)
    fn.block(merge)
    with pytest.raises(SpirvStepLimitError, match=r"OpLabel .*exceeded its step limit of 500 .*block %\d+"):
        kn.run(np.zeros(LANES), step_limit=500)


def test_kill_in_a_called_function_ends_the_lanes_invocation():
    kn = Kernel()
    b, c = kn.b, kn.c
    helper = b.function(b.void(), kn.int, name="maybe_kill")
    kill, keep = helper.label(), helper.label()
    condition = helper.op("OpSLessThan", kn.bool, helper.parameters[0], c(0))
    helper.do("OpSelectionMerge", keep, 0)
    helper.do("OpBranchConditional", condition, kill, keep)
    helper.block(kill)
    helper.do("OpKill")
    helper.block(keep)
    helper.do("OpReturn")
    helper_id = helper.end()
    kn.store(c(5))
    kn.fn.op("OpFunctionCall", b.void(), helper_id, kn.x)
    kn.store(c(7))
    values = np.arange(LANES) - 10
    assert kn.run(values).tolist() == [5 if v < 0 else 7 for v in values.tolist()]


def test_reaching_unreachable_is_undefined():
    kn = Kernel()
    fn, c = kn.fn, kn.c
    bad, good = fn.label(), fn.label()
    condition = kn.op("OpIEqual", kn.x, c(3))
    fn.do("OpSelectionMerge", good, 0)
    fn.do("OpBranchConditional", condition, bad, good)
    fn.block(bad)
    fn.do("OpUnreachable")
    fn.block(good)
    kn.store(c(1))
    values = np.arange(LANES)
    with pytest.raises(SpirvUndefinedBehaviorError, match="reached OpUnreachable"):
        kn.run(values)
    assert kn.run(values, strict=False).tolist() == [0 if v == 3 else 1 for v in values.tolist()]


def _barrier_kernel(divergent: bool):
    kn = Kernel()
    b, fn, c = kn.b, kn.fn, kn.c
    shared = b.variable(b.array(kn.int, LANES), StorageClass.Workgroup)
    local = kn.k.builtin(BuiltIn.LocalInvocationIndex, b.uint())
    index = fn.op("OpLoad", b.uint(), local)
    slot = fn.op("OpAccessChain", b.pointer(StorageClass.Workgroup, kn.int), shared, index)
    fn.do("OpStore", slot, kn.x)
    scope = b.constant(b.uint(), Scope.Workgroup)
    semantics = b.constant(b.uint(), 0x108)
    if divergent:
        inside, merge = fn.label(), fn.label()
        condition = kn.op("OpSLessThan", kn.x, c(40))
        fn.do("OpSelectionMerge", merge, 0)
        fn.do("OpBranchConditional", condition, inside, merge)
        fn.block(inside)
        fn.do("OpControlBarrier", scope, scope, semantics)
        fn.do("OpBranch", merge)
        fn.block(merge)
    else:
        fn.do("OpControlBarrier", scope, scope, semantics)
    neighbour = fn.op("OpISub", b.uint(), b.constant(b.uint(), LANES - 1), index)
    other = fn.op("OpAccessChain", b.pointer(StorageClass.Workgroup, kn.int), shared, neighbour)
    kn.store(fn.op("OpLoad", kn.int, other))
    return kn


def test_workgroup_memory_and_barrier_exchange_values_between_lanes():
    values = np.arange(2 * LANES)
    out = _barrier_kernel(False).run(values)
    assert out.tolist() == np.concatenate([values[:LANES][::-1], values[LANES:][::-1]]).tolist()


def test_barrier_in_divergent_control_flow_is_reported():
    with pytest.raises(SpirvUndefinedBehaviorError, match=r"OpControlBarrier .*in thread group \(0, 0, 0\), 40 of "
                                                          r"the group's 64 threads reach this barrier"):
        _barrier_kernel(True).run(np.arange(LANES))
    _barrier_kernel(True).run(np.arange(LANES), strict=False)


def test_lanes_reconverge_after_a_divergent_if_for_subgroup_operations():
    kn = Kernel()
    b, fn, c = kn.b, kn.fn, kn.c
    then, merge = fn.label(), fn.label()
    variable = fn.variable(kn.int, c(0))
    condition = kn.op("OpSLessThan", kn.x, c(3))
    fn.do("OpSelectionMerge", merge, 0)
    fn.do("OpBranchConditional", condition, then, merge)
    fn.block(then)
    fn.do("OpStore", variable, c(1))
    fn.do("OpBranch", merge)
    fn.block(merge)
    subgroup = b.constant(b.uint(), Scope.Subgroup)
    total = fn.op("OpGroupNonUniformIAdd", kn.int, subgroup, 0, fn.op("OpLoad", kn.int, variable))
    kn.store(total)
    values = np.arange(LANES) % 8
    out = kn.run(values, profile="reference")
    waves = values.reshape(-1, 32)
    assert out.tolist() == np.repeat((waves < 3).sum(axis=1), 32).tolist()


def _inout_callee(kn: Kernel) -> int:
    """f(inout int x): if (x > 5) return; x = x + 100; (glslang passes x as a pointer to the caller's copy)."""
    b = kn.b
    f = b.function(b.void(), b.pointer(StorageClass.Function, kn.int), name="f")
    (x,) = f.parameters
    early, rest = f.label(), f.label()
    big = f.op("OpSGreaterThan", kn.bool, f.op("OpLoad", kn.int, x), kn.c(5))
    f.do("OpSelectionMerge", rest, 0)
    f.do("OpBranchConditional", big, early, rest)
    f.block(early)
    f.do("OpReturn")
    f.block(rest)
    f.do("OpStore", x, f.op("OpIAdd", kn.int, f.op("OpLoad", kn.int, x), kn.c(100)))
    f.do("OpReturn")
    return f.end()


def test_a_callee_writing_its_callers_variable_keeps_the_lanes_that_returned_early():
    """The lanes left after an early return all run the store, but the variable is the caller's: the lanes
    that returned (x > 5) keep their value."""
    kn = Kernel()
    f = _inout_callee(kn)
    t = kn.fn.variable(kn.int)
    kn.fn.do("OpStore", t, kn.x)
    kn.fn.op("OpFunctionCall", kn.b.void(), f, t)
    kn.store(kn.fn.op("OpLoad", kn.int, t))
    values = np.arange(LANES) % 10
    assert kn.run(values).tolist() == [v if v > 5 else v + 100 for v in values.tolist()]


def test_a_call_in_a_branch_keeps_the_callers_variable_on_the_lanes_that_did_not_call():
    """if (x % 2 == 0) f(t); out = t: every calling lane runs f's store; the others keep t."""
    kn = Kernel()
    f = _inout_callee(kn)
    fn = kn.fn
    t = fn.variable(kn.int)
    fn.do("OpStore", t, kn.x)
    call, merge = fn.label(), fn.label()
    even = kn.op("OpIEqual", kn.op("OpSMod", kn.x, kn.c(2)), kn.c(0))
    fn.do("OpSelectionMerge", merge, 0)
    fn.do("OpBranchConditional", even, call, merge)
    fn.block(call)
    fn.op("OpFunctionCall", kn.b.void(), f, t)
    fn.do("OpBranch", merge)
    fn.block(merge)
    kn.store(fn.op("OpLoad", kn.int, t))
    values = np.arange(LANES) % 5
    assert kn.run(values).tolist() == [v + 100 if v % 2 == 0 else v for v in values.tolist()]
