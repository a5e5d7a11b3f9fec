"""Per-instruction tests of the atomics: lanes update memory one after another in lane order."""

import numpy as np
import pytest

from dxlinalg.spirv import SpirvUndefinedBehaviorError, SpirvUnsupportedError, run
from dxlinalg.spirv.builder import ComputeKernel
from dxlinalg.spirv.enums import Scope, StorageClass

LANES = 128
rng = np.random.default_rng(99)


def atomic_kernel(opname, spec, operands=1, slots=4, workgroup=False):
    """Lane i: returned[i] = ATOMIC(&memory[address[i]], value[i] (, comparator[i])). Buffers:
    (0,0) addresses, (0,1) values, (0,2) comparators, (0,3) memory, (0,4) returned."""
    kernel = ComputeKernel(local_size=(LANES, 1, 1))
    b, fn = kernel.module, kernel.fn
    uint = b.uint()
    element = {"u32": uint, "i32": b.int(), "u64": b.uint(64), "i64": b.int(64), "f32": b.float(32),
               "f16": b.float(16), "f64": b.float(64)}[spec]
    addresses = kernel.buffer(0, 0, uint)
    values = kernel.buffer(0, 1, element)
    comparators = kernel.buffer(0, 2, element)
    memory = kernel.buffer(0, 3, element)
    returned = kernel.buffer(0, 4, element)
    i = kernel.global_id_x()
    address = kernel.load(addresses, i, uint)
    value = kernel.load(values, i, element)
    comparator = kernel.load(comparators, i, element)
    scope = b.constant(uint, Scope.Device)
    semantics = b.constant(uint, 0)
    if workgroup:
        zeros = b.null(b.array(element, slots))
        shared = b.variable(b.array(element, slots), StorageClass.Workgroup, initializer=zeros)
        target = fn.op("OpAccessChain", b.pointer(StorageClass.Workgroup, element), shared, address)
    else:
        target = kernel.element_pointer(memory, address, element)
    args = {0: [], 1: [value], 2: [value, comparator]}[operands]
    if opname == "OpAtomicCompareExchange":
        result = fn.op(opname, element, target, scope, semantics, semantics, *args)
    elif opname == "OpAtomicStore":
        fn.do(opname, target, scope, semantics, value)
        result = value
    else:
        result = fn.op(opname, element, target, scope, semantics, *args)
    kernel.store(returned, i, element, result)
    if workgroup:
        group_scope = b.constant(uint, Scope.Workgroup)
        fn.do("OpControlBarrier", group_scope, group_scope, b.constant(uint, 0x108))  # AcquireRelease|WorkgroupMemory
        final = fn.op("OpLoad", element, fn.op("OpAccessChain", b.pointer(StorageClass.Workgroup, element), shared,
                                               fn.op("OpUMod", uint, i, b.constant(uint, slots))))
        kernel.store(memory, i, element, final)
    return kernel.finish()


def run_atomic(words, spec, addresses, values, comparators=None, memory=None, slots=4, **options):
    dtype = np.dtype({"u32": "u4", "i32": "i4", "u64": "u8", "i64": "i8", "f32": "f4", "f16": "f2", "f64": "f8"}[spec])
    memory = np.zeros(max(slots, LANES), dtype) if memory is None else memory
    out = run(words, buffers={(0, 0): addresses.astype(np.uint32), (0, 1): values.astype(dtype),
                              (0, 2): (values if comparators is None else comparators).astype(dtype),
                              (0, 3): memory, (0, 4): np.zeros(LANES, dtype)}, **options)
    return out[(0, 3)], out[(0, 4)]


def sequential(initial, addresses, values, step):
    memory = list(initial)
    seen = []
    for address, value in zip(addresses.tolist(), values.tolist()):
        seen.append(memory[address])
        memory[address] = step(memory[address], value)
    return memory, seen


WRAP32 = 0xFFFFFFFF
INTEGER_OPS = [
    ("OpAtomicIAdd", lambda m, v: (m + v) & WRAP32), ("OpAtomicISub", lambda m, v: (m - v) & WRAP32),
    ("OpAtomicUMin", min), ("OpAtomicUMax", max), ("OpAtomicAnd", lambda m, v: m & v),
    ("OpAtomicOr", lambda m, v: m | v), ("OpAtomicXor", lambda m, v: m ^ v), ("OpAtomicExchange", lambda m, v: v),
]


@pytest.mark.parametrize("workgroup", [False, True])
@pytest.mark.parametrize("opname, step", INTEGER_OPS)
def test_unsigned_atomics_return_what_memory_held_before_each_lane(opname, step, workgroup):
    addresses = rng.integers(0, 4, LANES)
    values = rng.integers(0, 2 ** 32, LANES, dtype=np.uint64).astype(np.uint32)
    initial = rng.integers(0, 2 ** 32, 4, dtype=np.uint64).astype(np.uint32) if not workgroup else np.zeros(4)
    memory = np.zeros(LANES, np.uint32)
    memory[:4] = initial
    final, seen = run_atomic(atomic_kernel(opname, "u32", workgroup=workgroup), "u32", addresses, values,
                             memory=memory)
    expected_memory, expected_seen = sequential([int(x) for x in initial], addresses, values, step)
    assert seen.tolist() == expected_seen
    if workgroup:
        assert final.tolist() == [expected_memory[i % 4] for i in range(LANES)]
    else:
        assert final[:4].tolist() == expected_memory


@pytest.mark.parametrize("opname, step", [("OpAtomicSMin", min), ("OpAtomicSMax", max)])
def test_signed_min_max(opname, step):
    addresses = rng.integers(0, 3, LANES)
    values = rng.integers(-2 ** 31, 2 ** 31, LANES).astype(np.int32)
    final, seen = run_atomic(atomic_kernel(opname, "i32"), "i32", addresses, values)
    expected_memory, expected_seen = sequential([0] * 4, addresses, values, step)
    assert seen.tolist() == expected_seen and final[:4].tolist() == expected_memory


@pytest.mark.parametrize("opname, delta", [("OpAtomicIIncrement", 1), ("OpAtomicIDecrement", -1)])
def test_increment_and_decrement(opname, delta):
    addresses = rng.integers(0, 2, LANES)
    final, seen = run_atomic(atomic_kernel(opname, "i64", operands=0), "i64", addresses, np.zeros(LANES))
    expected_memory, expected_seen = sequential([0] * 4, addresses, np.zeros(LANES, np.int64),
                                                lambda m, _: m + delta)
    assert seen.tolist() == expected_seen and final[:4].tolist() == expected_memory


def test_64_bit_add_wraps():
    addresses = np.zeros(LANES, np.int64)
    values = np.full(LANES, 2 ** 62, np.uint64)
    final, seen = run_atomic(atomic_kernel("OpAtomicIAdd", "u64"), "u64", addresses, values)
    assert int(final[0]) == (LANES * 2 ** 62) % 2 ** 64
    assert seen.tolist() == [(k * 2 ** 62) % 2 ** 64 for k in range(LANES)]


def test_compare_exchange_chains_through_successive_lanes():
    addresses = rng.integers(0, 3, LANES)
    comparators = rng.integers(0, 6, LANES).astype(np.uint32)
    values = rng.integers(0, 6, LANES).astype(np.uint32)
    final, seen = run_atomic(atomic_kernel("OpAtomicCompareExchange", "u32", operands=2), "u32", addresses, values,
                             comparators)
    memory = [0, 0, 0, 0]
    expected_seen = []
    for address, value, comparator in zip(addresses.tolist(), values.tolist(), comparators.tolist()):
        expected_seen.append(memory[address])
        if memory[address] == comparator:
            memory[address] = value
    assert seen.tolist() == expected_seen and final[:4].tolist() == memory


def test_compare_exchange_loop_pattern_lets_one_lane_win():
    addresses = np.zeros(LANES, np.int64)
    comparators = np.full(LANES, 7, np.uint32)
    values = np.arange(LANES, dtype=np.uint32) + 100
    memory = np.zeros(LANES, np.uint32)
    memory[0] = 7
    final, seen = run_atomic(atomic_kernel("OpAtomicCompareExchange", "u32", operands=2), "u32", addresses, values,
                             comparators, memory=memory)
    assert final[0] == 100 and seen.tolist() == [7] + [100] * (LANES - 1)


@pytest.mark.parametrize("spec", ["f16", "f32", "f64"])
def test_float_add_rounds_at_every_step_in_lane_order(spec):
    dtype = np.dtype({"f16": "f2", "f32": "f4", "f64": "f8"}[spec])
    addresses = rng.integers(0, 2, LANES)
    values = (rng.standard_normal(LANES) * 10).astype(dtype)
    final, seen = run_atomic(atomic_kernel("OpAtomicFAddEXT", spec), spec, addresses, values)
    memory = [dtype.type(0)] * 4
    expected_seen = []
    for address, value in zip(addresses.tolist(), values.tolist()):
        expected_seen.append(memory[address])
        memory[address] = dtype.type(memory[address] + dtype.type(value))
    assert np.array_equal(seen, np.array(expected_seen, dtype))
    assert np.array_equal(final[:4], np.array(memory, dtype))


@pytest.mark.parametrize("opname, oracle", [("OpAtomicFMinEXT", np.fmin), ("OpAtomicFMaxEXT", np.fmax)])
def test_float_min_max(opname, oracle):
    addresses = rng.integers(0, 4, LANES)
    values = rng.standard_normal(LANES).astype(np.float32)
    final, seen = run_atomic(atomic_kernel(opname, "f32"), "f32", addresses, values)
    expected_memory, expected_seen = sequential([np.float32(0)] * 4, addresses, values,
                                                lambda m, v: float(oracle(np.float32(m), np.float32(v))))
    assert np.array_equal(seen, np.array(expected_seen, np.float32))
    assert np.array_equal(final[:4], np.array(expected_memory, np.float32))


def test_atomic_load_and_store():
    addresses = rng.integers(0, 4, LANES)
    values = rng.integers(0, 1000, LANES).astype(np.uint32)
    memory = np.arange(LANES, dtype=np.uint32)
    _, seen = run_atomic(atomic_kernel("OpAtomicLoad", "u32", operands=0), "u32", addresses, values, memory=memory)
    assert seen.tolist() == addresses.tolist()
    final, _ = run_atomic(atomic_kernel("OpAtomicStore", "u32"), "u32", addresses, values, memory=memory.copy())
    for slot in range(4):
        assert final[slot] == values[addresses == slot][-1]          # the last lane's store wins


def test_out_of_bounds_atomic_is_reported_or_skipped():
    addresses = rng.integers(0, 4, LANES)
    addresses[9] = 1000
    words = atomic_kernel("OpAtomicIAdd", "u32")
    with pytest.raises(SpirvUndefinedBehaviorError, match=r"OpAtomicIAdd .*byte 4000 \(lane 9\) is outside"):
        run_atomic(words, "u32", addresses, np.ones(LANES))
    final, seen = run_atomic(words, "u32", addresses, np.ones(LANES), strict=False)
    assert seen[9] == 0 and final[:4].sum() == LANES - 1


def test_atomics_on_function_variables_are_not_supported():
    kernel = ComputeKernel(local_size=(1, 1, 1))
    b, fn = kernel.module, kernel.fn
    uint = b.uint()
    variable = fn.variable(uint)
    fn.op("OpAtomicIAdd", uint, variable, b.constant(uint, 1), b.constant(uint, 0), b.constant(uint, 1))
    with pytest.raises(SpirvUnsupportedError, match="OpAtomicIAdd .*only StorageBuffer, Workgroup"):
        run(kernel.finish())
