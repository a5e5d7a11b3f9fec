"""Atomics on Workgroup memory go through dxlinalg.gpu's GroupSharedMemory: exact, in the profile's landing order,
and racing with other invocations' plain accesses."""

from __future__ import annotations

import struct
from functools import reduce
from pathlib import Path

import numpy as np
import pytest

from dxlinalg.profile.registry import builtin_profile_names
from dxlinalg.spirv import SpirvUndefinedBehaviorError, SpirvUnsupportedError, run
from dxlinalg.spirv.builder import ComputeKernel
from dxlinalg.spirv.enums import Scope, StorageClass
from tests.spirv.test_ops_atomics import LANES, atomic_kernel, run_atomic, sequential
from tests.spirv.workgroup_kernels import SharedKernel

SAMPLES = Path(__file__).resolve().parents[2] / "dxlinalg" / "samples" / "spirv"
rng = np.random.default_rng(12)
WRAP32 = 0xFFFFFFFF


@pytest.mark.parametrize("opname, spec, operands, step", [
    ("OpAtomicIAdd", "u64", 1, lambda m, v: (m + v) % 2 ** 64),
    ("OpAtomicSMin", "i32", 1, min),
    ("OpAtomicSMax", "i64", 1, max),
    ("OpAtomicIIncrement", "u32", 0, lambda m, _: (m + 1) & WRAP32),
    ("OpAtomicIDecrement", "i32", 0, lambda m, _: m - 1),
    ("OpAtomicFMinEXT", "f32", 1, lambda m, v: float(np.fmin(np.float32(m), np.float32(v)))),
    ("OpAtomicFMaxEXT", "f64", 1, lambda m, v: float(np.fmax(m, v))),
    ("OpAtomicExchange", "f16", 1, lambda m, v: v),
])
@pytest.mark.parametrize("profile", ["reference", "adversarial"])
def test_workgroup_atomics_are_exact_in_the_profiles_landing_order(opname, spec, operands, step, profile):
    """reference lands a statement's atomics in lane order, adversarial in reverse lane order."""
    dtype = np.dtype({"u32": "u4", "i32": "i4", "u64": "u8", "i64": "i8", "f32": "f4", "f16": "f2", "f64": "f8"}[spec])
    addresses = rng.integers(0, 4, LANES)
    values = (rng.integers(-1000, 1000, LANES) if dtype.kind != "f" else rng.standard_normal(LANES) * 10).astype(dtype)
    final, seen = run_atomic(atomic_kernel(opname, spec, operands=operands, workgroup=True), spec, addresses, values,
                             profile=profile)
    order = np.arange(LANES) if profile == "reference" else np.arange(LANES)[::-1]
    memory, seen_in_order = sequential([dtype.type(0).item()] * 4, addresses[order], values[order], step)
    expected_seen = np.zeros(LANES, dtype)
    expected_seen[order] = np.array(seen_in_order, dtype)
    assert np.array_equal(seen, expected_seen)
    assert np.array_equal(final, np.array([memory[i % 4] for i in range(LANES)], dtype))


@pytest.mark.parametrize("profile", ["reference", "adversarial"])
def test_float_adds_on_workgroup_memory_round_at_every_step(profile):
    addresses = rng.integers(0, 2, LANES)
    values = (rng.standard_normal(LANES) * 100).astype(np.float32)
    final, seen = run_atomic(atomic_kernel("OpAtomicFAddEXT", "f32", workgroup=True), "f32", addresses, values,
                             profile=profile)
    order = np.arange(LANES) if profile == "reference" else np.arange(LANES)[::-1]
    memory = [np.float32(0)] * 4
    expected_seen = np.zeros(LANES, np.float32)
    for lane in order:
        expected_seen[lane] = memory[addresses[lane]]
        memory[addresses[lane]] = np.float32(memory[addresses[lane]] + values[lane])
    assert np.array_equal(seen, expected_seen)
    assert np.array_equal(final[:4], np.array(memory, np.float32))


def test_compare_exchange_load_and_store_on_workgroup_memory():
    addresses = rng.integers(0, 3, LANES)
    comparators = rng.integers(0, 4, LANES).astype(np.uint32)
    values = rng.integers(0, 4, LANES).astype(np.uint32)
    final, seen = run_atomic(atomic_kernel("OpAtomicCompareExchange", "u32", operands=2, workgroup=True), "u32",
                             addresses, values, comparators)
    memory = [0, 0, 0, 0]
    expected_seen = []
    for address, value, comparator in zip(addresses.tolist(), values.tolist(), comparators.tolist()):
        expected_seen.append(memory[address])
        if memory[address] == comparator:
            memory[address] = value
    assert seen.tolist() == expected_seen and final[:4].tolist() == memory
    final, seen = run_atomic(atomic_kernel("OpAtomicStore", "u32", workgroup=True), "u32", addresses, values)
    assert final[:3].tolist() == [int(values[addresses == slot][-1]) for slot in range(3)]    # the last lane's store
    _, seen = run_atomic(atomic_kernel("OpAtomicLoad", "u32", operands=0, workgroup=True), "u32", addresses, values)
    assert seen.tolist() == [0] * LANES                                   # the null initializer, left unchanged


def test_16_bit_integer_atomics_on_workgroup_memory_are_refused():
    kernel = ComputeKernel(local_size=(4, 1, 1))
    b = kernel.module
    short, uint = b.int(16), b.uint()
    shared = b.variable(b.array(short, 4), StorageClass.Workgroup, initializer=b.null(b.array(short, 4)))
    pointer = kernel.fn.op("OpAccessChain", b.pointer(StorageClass.Workgroup, short), shared, b.constant(uint, 0))
    kernel.fn.op("OpAtomicExchange", short, pointer, b.constant(uint, Scope.Workgroup), b.constant(uint, 0),
                 b.constant(short, 3))
    with pytest.raises(SpirvUnsupportedError, match=r"OpAtomicExchange .*on Workgroup memory: .*atomic exchange on "
                                                    r"int16 elements"):
        run(kernel.finish())


def test_an_atomic_on_never_written_workgroup_memory_is_reported():
    k = SharedKernel()
    k.op("OpAtomicIAdd", k.slot(k.c(0)), k.c(Scope.Workgroup), k.c(0), k.c(1))
    with pytest.raises(SpirvUndefinedBehaviorError, match=r"OpAtomicIAdd .*: Workgroup atomic: thread 0 of thread "
                                                          r"group \(0, 0, 0\) reads 'tile' byte 0 .*which no thread of "
                                                          r"its group has written"):
        k.run()


def test_an_atomic_racing_with_another_invocations_plain_store_is_reported():
    k = SharedKernel()
    k.when(k.fn.op("OpIEqual", k.bool, k.l, k.c(0)), lambda: k.write(k.c(0), k.c(0)))
    k.op("OpAtomicIAdd", k.slot(k.c(0)), k.c(Scope.Workgroup), k.c(0), k.c(1))
    with pytest.raises(SpirvUndefinedBehaviorError, match=r"OpAtomicIAdd .*\(atomic after a plain write\) .*thread 1 "
                                                          r"updates atomically 'tile' byte 0 .*which thread 0 wrote "
                                                          r"without an atomic"):
        k.run()


def test_a_barrier_between_the_store_and_the_atomics_makes_the_count_exact():
    k = SharedKernel()
    k.when(k.fn.op("OpIEqual", k.bool, k.l, k.c(0)), lambda: k.write(k.c(0), k.c(0)))
    k.barrier()
    k.op("OpAtomicIAdd", k.slot(k.c(0)), k.c(Scope.Workgroup), k.c(0), k.c(1))
    k.barrier()
    k.emit(k.read(k.c(0)))
    assert k.run(2).tolist() == [8] * 16


# -- the compiled sample ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("profile", builtin_profile_names())
def test_the_compiled_atomics_sample_gives_its_order_independent_results_on_every_profile(profile):
    count = 200
    values = rng.integers(0, 5000, count).astype(np.uint32)
    counters = np.zeros(27, np.uint32)
    counters[17], counters[18], counters[20], counters[22] = 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 12345
    groups = -(-count // 64)
    out = run(SAMPLES / "atomics.spv", groups=(groups, 1, 1), buffers={(0, 0): values, (0, 1): counters},
              push_constants=struct.pack("<I", count), profile=profile)[(0, 1)]
    signed = values.astype(np.int64) - 1000
    assert out[:16].tolist() == np.bincount(values & 15, minlength=16).tolist()
    assert int(out[16]) == int(values.astype(np.uint64).sum()) & WRAP32
    assert int(out[17:19].view(np.int32)[0]) == signed.min() and int(out[17:19].view(np.int32)[1]) == signed.max()
    bits = reduce(lambda a, v: a | (1 << (v & 31)), values.tolist(), 0)
    assert int(out[19]) == bits and int(out[20]) == WRAP32 & ~bits
    assert int(out[21]) == reduce(lambda a, v: a ^ v, values.tolist(), 0)
    assert int(out[22]) ^ int(out[23]) == reduce(lambda a, i: a ^ i, range(count), 12345)
    assert 1 <= int(out[24]) <= count and int(out[25]) == 1 and int(out[26]) == count
