"""SPIR-V Workgroup variables live in dxlinalg.gpu's groupshared memory: races and never-written reads are
reported in strict mode, the profile decides how races land in permissive mode, and the profile's
groupshared.max_bytes bounds a module's Workgroup variables."""

from __future__ import annotations

import struct
from pathlib import Path

import numpy as np
import pytest

from dxlinalg.profile.model import GroupSharedSettings
from dxlinalg.profile.registry import builtin_profile_names, load_profile
from dxlinalg.spirv import SpirvUndefinedBehaviorError, SpirvUnsupportedError, run
from dxlinalg.spirv.builder import ComputeKernel
from dxlinalg.spirv.enums import StorageClass
from dxlinalg.spirv.run import prepare
from dxlinalg.spirv.workgroup import WorkgroupVariables
from tests.gpu.groupshared_cases import group_lanes
from tests.spirv.workgroup_kernels import SharedKernel

SAMPLES = Path(__file__).resolve().parents[2] / "dxlinalg" / "samples" / "spirv"
PROFILES = builtin_profile_names()


# -- races: each kernel races without the barrier and is defined with it ---------------------------------
def read_after_write(barrier: bool) -> SharedKernel:
    """tile[l] = l + 100; out = tile[(l + 1) % 8]"""
    k = SharedKernel()
    k.write(k.l, k.op("OpIAdd", k.l, k.c(100)))
    if barrier:
        k.barrier()
    k.emit(k.read(k.neighbour()))
    return k


def write_after_read(barrier: bool) -> SharedKernel:
    """tile[l] = l; barrier; v = tile[(l + 1) % 8]; tile[l] = 2v; barrier; out = tile[l]"""
    k = SharedKernel()
    k.write(k.l, k.l)
    k.barrier()
    value = k.read(k.neighbour())
    if barrier:
        k.barrier()
    k.write(k.l, k.op("OpIMul", value, k.c(2)))
    k.barrier()
    k.emit(k.read(k.l))
    return k


def write_after_write(barrier: bool) -> SharedKernel:
    """tile[l] = 1; tile[(l + 1) % 8] = l; barrier; out = tile[l]"""
    k = SharedKernel()
    k.write(k.l, k.c(1))
    if barrier:
        k.barrier()
    k.write(k.neighbour(), k.l)
    k.barrier()
    k.emit(k.read(k.l))
    return k


def plain_read_after_atomic(barrier: bool) -> SharedKernel:
    """atomicAdd(tile[0], l) on a zero-initialised tile; out = tile[0]"""
    k = SharedKernel(initializer="null")
    k.op("OpAtomicIAdd", k.slot(k.c(0)), k.c(2), k.c(0), k.l)
    if barrier:
        k.barrier()
    k.emit(k.read(k.c(0)))
    return k


RACES = [
    (read_after_write, r"OpLoad .*: Workgroup load: data race on groupshared memory \(read-after-write\) in thread "
                       r"group \(0, 0, 0\): thread 0 reads 'tile' byte 4 \(groupshared byte 4\), which thread 1 wrote "
                       r"since the group's last barrier; .*SPIR-V OpControlBarrier", [l_ + 101 if l_ < 7 else 100
                                                                                      for l_ in range(8)]),
    (write_after_read, r"OpStore .*: Workgroup store: data race on groupshared memory \(write-after-read\) .*thread 0 "
                       r"writes 'tile' byte 0 \(groupshared byte 0\), which thread 7 read",
     [2 * ((l_ + 1) % 8) for l_ in range(8)]),
    (write_after_write, r"OpStore .*: Workgroup store: data race on groupshared memory \(write-after-write\) "
                        r".*thread 0 writes 'tile' byte 4 \(groupshared byte 4\), which thread 1 wrote",
     [(l_ - 1) % 8 for l_ in range(8)]),
    (plain_read_after_atomic, r"OpLoad .*\(read after an atomic\) .*thread 0 reads 'tile' byte 0 .*which several "
                              r"threads updated atomically", [sum(range(8))] * 8),
]


@pytest.mark.parametrize("kernel, message, _", RACES, ids=[r[0].__name__ for r in RACES])
def test_a_race_between_invocations_is_reported_in_strict_mode(kernel, message, _):
    with pytest.raises(SpirvUndefinedBehaviorError, match=message):
        kernel(barrier=False).run()


@pytest.mark.parametrize("kernel, _, expected", RACES, ids=[r[0].__name__ for r in RACES])
@pytest.mark.parametrize("profile", PROFILES)
def test_a_barrier_between_the_accesses_makes_them_defined_on_every_profile(kernel, _, expected, profile):
    assert kernel(barrier=True).run(2, profile=profile).tolist() == expected * 2


def test_stores_by_several_invocations_in_one_instruction_race():
    k = SharedKernel()
    k.write(k.c(3), k.l)
    with pytest.raises(SpirvUndefinedBehaviorError, match=r"OpStore .*\(write-after-write\) in thread group "
                                                          r"\(0, 0, 0\): threads 0 and 1 both write 'tile' byte 12 "
                                                          r"\(groupshared byte 12\) in one statement"):
        k.run()


def test_an_invocation_may_reread_and_rewrite_its_own_bytes():
    k = SharedKernel()
    k.write(k.l, k.l)
    k.write(k.l, k.op("OpIAdd", k.read(k.l), k.c(5)))
    k.emit(k.read(k.l))
    assert k.run(3).tolist() == [l_ + 5 for l_ in range(8)] * 3


# -- never-written bytes and initializers ----------------------------------------------------------------
def test_reading_a_workgroup_variable_nothing_wrote_is_reported():
    k = SharedKernel()
    k.emit(k.read(k.l))
    with pytest.raises(SpirvUndefinedBehaviorError, match=r"OpLoad .*: Workgroup load: thread 0 of thread group "
                                                          r"\(0, 0, 0\) reads 'tile' byte 0 \(groupshared byte 0\), "
                                                          r"which no thread of its group has written"):
        k.run()
    assert k.run(strict=False).tolist() == [0] * 8         # permissive: the memory reads as zero


@pytest.mark.parametrize("initializer, expected", [("null", [0] * 8), (list(range(5, 13)), list(range(5, 13)))])
def test_a_variable_with_an_initializer_starts_written(initializer, expected):
    k = SharedKernel(initializer=initializer)
    k.emit(k.read(k.l))
    assert k.run(3).tolist() == expected * 3


# -- permissive mode: the profile decides how a race lands -------------------------------------------------
def test_a_racy_shader_gives_different_results_on_adversarial_than_on_reference():
    racy = read_after_write(barrier=False)
    reference = racy.run(2, strict=False)
    adversarial = racy.run(2, strict=False, profile="adversarial")
    assert reference.tolist() == [l_ + 101 if l_ < 7 else 100 for l_ in range(8)] * 2
    assert adversarial.tolist() == [0] * 16          # visibility at_barrier: the neighbours' stores have not landed


def test_one_instruction_storing_from_several_invocations_lands_in_the_profiles_store_order():
    k = SharedKernel()
    k.write(k.c(0), k.op("OpIAdd", k.l, k.c(1)))
    k.barrier()
    k.emit(k.read(k.c(0)))
    assert k.run(strict=False).tolist() == [8] * 8                             # lane_order: the highest wins
    assert k.run(strict=False, profile="adversarial").tolist() == [1] * 8      # reverse_lane_order: the lowest


# -- bounds: a group's Workgroup memory is its own -----------------------------------------------------------
def test_an_index_past_the_groups_memory_never_reaches_another_groups():
    k = SharedKernel()
    k.write(k.l, k.l)
    k.barrier()
    far = k.op("OpIAdd", k.l, k.c(4))           # past the end of tile (and of the group's 32 bytes) for l >= 4
    k.write(far, k.c(999))
    k.barrier()
    k.emit(k.op("OpIAdd", k.read(k.l), k.op("OpIMul", k.read(far), k.c(1000))))
    with pytest.raises(SpirvUndefinedBehaviorError, match=r"OpAccessChain .*index 8 \(lane 4\) is outside an array "
                                                          r"of 8 elements"):
        k.run(2)
    expected = [999_000, 999_001, 999_002, 999_003, 999, 999, 999, 999]   # stores outside dropped, loads read 0
    assert k.run(2, strict=False).reshape(2, 8).tolist() == [expected, expected]


# -- the profile's groupshared.max_bytes ---------------------------------------------------------------------
def two_variables(first: int, second: int) -> np.ndarray:
    kernel = ComputeKernel(local_size=(4, 1, 1))
    b = kernel.module
    uint = b.uint()
    out = kernel.buffer(0, 0, uint)
    values = []
    for name, count in (("weights", first), ("scratch", second)):
        variable = b.variable(b.array(uint, count), StorageClass.Workgroup, initializer=b.null(b.array(uint, count)),
                              name=name)
        pointer = kernel.fn.op("OpAccessChain", b.pointer(StorageClass.Workgroup, uint), variable, b.constant(uint, 0))
        values.append(kernel.fn.op("OpLoad", uint, pointer))
    kernel.store(out, kernel.global_id_x(), uint, kernel.fn.op("OpIAdd", uint, *values))
    return kernel.finish()


def small_shared_memory(max_bytes: int):
    reference = load_profile("reference")
    return reference.model_copy(update={"name": "small-shared",
                                        "groupshared": GroupSharedSettings(max_bytes=max_bytes)})


def test_workgroup_variables_beyond_the_profiles_max_bytes_are_refused_naming_them():
    words = two_variables(48, 32)           # 192 bytes at 0, 128 bytes at 192
    with pytest.raises(SpirvUnsupportedError, match=r"Workgroup variables need 320 bytes per workgroup \(weights "
                                                    r"\(192 bytes at 0\), scratch \(128 bytes at 192\)\), more than "
                                                    r"the device allows: SPIR-V entry point 'main': .*320, exceeded "
                                                    r"256 \(profile 'small-shared' groupshared.max_bytes"):
        run(words, buffers={(0, 0): np.zeros(4, np.uint32)}, profile=small_shared_memory(256))
    out = run(words, buffers={(0, 0): np.ones(4, np.uint32)}, profile=small_shared_memory(320))
    assert out[(0, 0)].tolist() == [0] * 4


def test_the_default_limit_is_the_profiles_32_kib():
    run(two_variables(4096, 4096), buffers={(0, 0): np.zeros(4, np.uint32)})           # 16 KiB + 16 KiB
    with pytest.raises(SpirvUnsupportedError, match=r"32784 bytes per workgroup .*exceeded 32768 \(profile "
                                                    r"'reference' groupshared.max_bytes"):
        run(two_variables(4096, 4100), buffers={(0, 0): np.zeros(4, np.uint32)})


# -- the pointer shape other instructions address Workgroup memory with ---------------------------------------
def test_workgroup_pointers_are_byte_offsets_into_each_groups_own_memory():
    kernel = ComputeKernel(local_size=(4, 1, 1))
    b = kernel.module
    first, second = (b.variable(b.array(b.uint(), 8), StorageClass.Workgroup, name=name) for name in ("a", "b"))
    for variable in (first, second):
        pointer = kernel.fn.op("OpAccessChain", b.pointer(StorageClass.Workgroup, b.uint()), variable,
                               b.constant(b.uint(), 0))
        kernel.fn.do("OpStore", pointer, b.constant(b.uint(), 1))
    program = prepare(kernel.finish())
    variables = WorkgroupVariables()
    for variable in (first, second):
        pointee = program.spec.variables[variable].pointee
        variables.add(variable, "ab"[variable == second], program.spec.natural_layouts.layout(pointee), None, None)
    with group_lanes(3, 4) as ctx:
        pointer = variables.chunk_pointers(ctx)[second]
        region = pointer.region
        shared = region.shared
        assert region.data.dtype == np.uint8 and region.data.ndim == 1 and np.shares_memory(region.data, shared.data)
        assert pointer.offsets.tolist() == [32]          # 'b' starts at byte 32 of every group's memory
        shared.store(32 + 4 * (np.arange(12) % 4), np.arange(12, dtype=np.uint32)[:, None] + 7)
        row_start = np.repeat(np.arange(3) * shared.stride, 4)[:, None]
        stored = region.data[row_start + pointer.offsets[0] + 4 * (np.arange(12) % 4)[:, None] + np.arange(4)]
        assert stored.copy().view(np.uint32)[:, 0].tolist() == list(range(7, 19))


# -- compiled shaders through the shared path ----------------------------------------------------------------
@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("strict", [True, False])
def test_the_compiled_workgroup_reduction_gives_its_oracles_bits_on_every_profile(profile, strict):
    count = 200
    values = np.random.default_rng(7).standard_normal(count).astype(np.float32)
    groups = -(-count // 64)
    out = run(SAMPLES / "workgroup_reduce.spv", groups=(groups, 1, 1),
              buffers={(0, 0): values, (0, 1): np.zeros(2 * groups, np.uint32)},
              push_constants=struct.pack("<I", count), profile=profile, strict=strict)[(0, 1)]
    padded = np.zeros(groups * 64, np.float32)
    padded[:count] = values
    for group in range(groups):
        partial = padded[group * 64:(group + 1) * 64].copy()
        step = 32
        while step:
            partial[:step] = partial[:step] + partial[step:2 * step]
            step //= 2
        assert out[2 * group] == partial[:1].view(np.uint32)[0]
        assert out[2 * group + 1] == min(64, count - group * 64)


# -- whole values -------------------------------------------------------------------------------------------
def test_a_whole_array_with_gaps_between_its_elements_is_stored_and_loaded():
    """shared uint spaced[4] (ArrayStride 8); if (l == 0) spaced = {10, 20, 30, 40}; barrier; out = sum(spaced)"""
    k = SharedKernel(threads=4)
    b, fn, uint = k.b, k.fn, k.uint
    spaced_type = b.array(uint, 4, stride=8)
    spaced = b.variable(spaced_type, StorageClass.Workgroup, name="spaced")
    value = b.constant_composite(spaced_type, *(k.c(v) for v in (10, 20, 30, 40)))
    k.when(fn.op("OpIEqual", k.bool, k.l, k.c(0)), lambda: fn.do("OpStore", spaced, value))
    k.barrier()
    loaded = fn.op("OpLoad", spaced_type, spaced)
    parts = [fn.op("OpCompositeExtract", uint, loaded, index) for index in range(4)]
    k.emit(k.op("OpIAdd", k.op("OpIAdd", parts[0], parts[1]), k.op("OpIAdd", parts[2], parts[3])))
    assert k.run(2).tolist() == [100] * 8
