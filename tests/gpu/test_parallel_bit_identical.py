"""A dispatch whose workgroups run in worker processes gives the serial run's bytes (`dxlinalg.gpu.parallel`).

Every case runs with jobs=1 (the serial definition) and jobs=2 (two forked workers; a thread pool where said),
the size threshold lowered so that small dispatches split too, and compares every output byte. `outcomes` shows
which path ran: independent workgroups must merge (else these tests could pass by always falling back), and
order-dependent ones (atomics whose results are used, float atomic sums, a workgroup reading what another wrote)
must fall back to the serial run. The store-store race rule is checked in both runs alike.
"""

from __future__ import annotations

import multiprocessing
import pickle
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.gpu import (
    ByteAddressBuffer,
    GroupMemoryBarrierWithGroupSync,
    RWByteAddressBuffer,
    SV_DispatchThreadID,
    SV_GroupID,
    SV_GroupIndex,
    compute_shader,
    if_,
    parallel,
    run_dispatch,
)
from dxlinalg.gpu.buffer_accesses import RACE_RULE
from dxlinalg.hlsl import VectorAccumulate, float32_t, vector
from dxlinalg.memory.address_space import AddressSpace
from dxlinalg.profile.registry import builtin_profile_names
from dxlinalg.spirv import run
from dxlinalg.spirv.builder import ComputeKernel
from dxlinalg.spirv.errors import SpirvUndefinedBehaviorError
from dxlinalg.spirv.module import load_module
from d3d12api.sm610 import D3D_SHADER_MODEL_6_10
from dxlinalg.samples import gemm_sm610
from dxlinalg.samples.coopmat_gemm import F16, run_gemm, sample_inputs
from dxlinalg.samples.groupshared_scan import prefix_sum
from dxlinalg.samples.host_helpers import GpuContext
from dxlinalg.samples.mlp_inference import run_variant
from dxlinalg.samples.mlp_model import random_weights
from dxlinalg.samples.nvgpu_gemm import multiply
from tests.samples.test_vulkan_samples import CASES, DESCRIPTOR_MODULES, FOLDER

PROFILES = builtin_profile_names()


@pytest.fixture(autouse=True)
def split_small_dispatches(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "MIN_INVOCATIONS_PER_JOB", 1)
    monkeypatch.setattr(parallel, "MIN_SECONDS_PER_JOB", 0)
    parallel.outcomes.clear()


def both_ways(monkeypatch: pytest.MonkeyPatch, produce):  # type: ignore[no-untyped-def]
    """(serial result, parallel result) of `produce()`, jobs chosen through $DXLINALG_JOBS."""
    monkeypatch.setenv("DXLINALG_JOBS", "1")
    serial = produce()
    monkeypatch.setenv("DXLINALG_JOBS", "2")
    return serial, produce()


def same_bytes(a: object, b: object) -> bool:
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_bytes(a[k], b[k]) for k in a)  # type: ignore[union-attr]
    return np.asarray(a).tobytes() == np.asarray(b).tobytes()


# -- the samples: Python shaders through the D3D12 calls ------------------------------------------------------
@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("debug", [True, False], ids=["strict", "permissive"])
def test_python_shader_samples_give_the_serial_bytes(profile: str, debug: bool,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    weights = random_weights(seed=5)
    a, b = sample_inputs(F16, 32, 32, 32, seed=1)
    wide_a, wide_b = sample_inputs(F16, 128, 64, 32, seed=2)
    values = np.arange(700, dtype=np.uint32) * np.uint32(2654435761)

    def samples() -> list[np.ndarray]:
        gpu = GpuContext(profile, debug=debug)
        found = [run_variant(gpu, "fp16", weights, 16, 8).image, prefix_sum(gpu, values)]
        if 32 % gpu.device.profile.wave_size == 0:
            found.append(run_gemm(gpu, F16, a, b, tile_m=16, tile_n=16, tile_k=16))
        found.append(multiply(wide_a, wide_b, profile, strict=debug))
        return found

    serial, split = both_ways(monkeypatch, samples)
    assert all(same_bytes(x, y) for x, y in zip(serial, split))
    assert parallel.outcomes["merged"] >= 3


@pytest.mark.parametrize("debug", [True, False], ids=["strict", "permissive"])
def test_the_sm610_wave_gemm_merges_its_ranges_with_the_serial_bytes(debug: bool,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Matrix::Store reads nothing: its buffer is not a whole-buffer read, so the tiles' ranges merge (they fell
    back to the serial run on every call while the store counted as one)."""
    a, b = sample_inputs(F16, 128, 64, 64, seed=4)

    def gemm() -> np.ndarray:
        return gemm_sm610.run_gemm(GpuContext("reference", debug=debug, shader_model=D3D_SHADER_MODEL_6_10),
                                   F16, a, b)

    serial, split = both_ways(monkeypatch, gemm)
    assert same_bytes(serial, split) and parallel.outcomes == {"merged": 1}


# -- the committed SPIR-V modules, as tests/samples/test_vulkan_samples.py runs them -----------------------
@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("name", DESCRIPTOR_MODULES)
def test_committed_modules_give_the_serial_bytes(name: str, profile: str, monkeypatch: pytest.MonkeyPatch) -> None:
    case = CASES[name](name, profile)
    if case is None:
        pytest.skip(f"{profile} lacks what {name} needs")
    module = load_module(FOLDER / name)                  # compiled once, for every run

    def produce(strict: bool, jobs: int) -> dict:  # type: ignore[type-arg]
        return run(module, groups=case.groups, buffers=case.buffers, push_constants=case.push_constants,
                   spec_constants=case.spec_constants, profile=profile, strict=strict, jobs=jobs)

    # a run that strict mode accepts has no undefined behaviour, so permissive mode gives the same bytes serially
    serial = produce(case.strict, 1)
    for strict in {case.strict, False}:
        assert same_bytes(serial, produce(strict, 2)), (name, strict)


# -- order dependence: kept by falling back to the serial run ----------------------------------------------
def test_buffer_atomics_fall_back_and_give_the_serial_counters(monkeypatch: pytest.MonkeyPatch) -> None:
    """atomics.spv: exchange's returned value is used, and every workgroup updates the same counters."""
    case = CASES["atomics.spv"]("atomics.spv", "reference")
    serial, split = both_ways(monkeypatch, lambda: run(FOLDER / "atomics.spv", groups=case.groups,
                                                       buffers=case.buffers, push_constants=case.push_constants))
    assert same_bytes(serial, split)
    assert parallel.outcomes == {"serial": 1}


@compute_shader(numthreads=(32, 1, 1))
def float_sums(inputs=ByteAddressBuffer("t0"), sums=RWByteAddressBuffer("u0")):
    """Every thread of every group adds its float32 vector of 8 into one array (DXIL VectorAccumulate)."""
    tid = SV_DispatchThreadID()[:, 0]
    VectorAccumulate(inputs.Load[vector[float32_t, 8]](tid * 32), sums, 0)


@pytest.mark.parametrize("profile", PROFILES)
def test_float_atomic_sums_over_workgroups_keep_the_serial_order(profile: str,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    values = (np.random.default_rng(4).standard_normal(8 * 32 * 16) * 1e4).astype(np.float32)

    def produce() -> np.ndarray:
        sums = np.zeros(8, np.float32)
        run_dispatch(float_sums, {"t0": values.view(np.uint8), "u0": sums.view(np.uint8)}, (16, 1, 1), profile,
                     strict=False, max_lanes_per_chunk=32)     # F32 accumulation: not reported everywhere
        return sums

    serial, split = both_ways(monkeypatch, produce)
    assert same_bytes(serial, split)
    assert parallel.outcomes == {"serial": 1}


@compute_shader(numthreads=(32, 1, 1))
def chain(out=RWByteAddressBuffer("u0")):
    """Group g's thread 0 reads group g-1's word and stores it plus one: each group reads what the one before
    it wrote in this dispatch (serially every group sees it; with ranges, a later range would not)."""
    group = SV_GroupID()[:, 0]
    with if_(SV_GroupIndex() == 0):
        before = out.Load(np.maximum(group, 1) * 4 - 4)
        out.Store(group * 4, np.where(group == 0, np.uint32(1), before + np.uint32(1)))


def test_a_workgroup_reading_another_workgroups_output_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    def produce() -> np.ndarray:
        out = AddressSpace().allocate(4 * 64)
        run_dispatch(chain, {"u0": out}, (64, 1, 1), max_lanes_per_chunk=32)
        return out.data.view(np.uint32).copy()

    serial, split = both_ways(monkeypatch, produce)
    assert same_bytes(serial, split) and list(serial[:4]) == [1, 2, 3, 4]
    assert parallel.outcomes == {"serial": 1}


# -- independent workgroups: a hypothesis suite ---------------------------------------------------------------
@compute_shader(numthreads=(16, 1, 1))
def permuted(table=ByteAddressBuffer("t0"), out=RWByteAddressBuffer("u0")):
    """Each thread stores its id times three at a slot the table names, and reads its own slot back first."""
    tid = SV_DispatchThreadID()[:, 0]
    slot = table.Load(tid * 4)
    out.Store(slot * 4, out.Load(slot * 4) * np.uint32(7) + tid * np.uint32(3))


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(groups=st.integers(2, 12), seed=st.integers(0, 2**16), strict=st.booleans(), threads=st.booleans())
def test_independent_workgroups_merge_to_the_serial_bytes(groups: int, seed: int, strict: bool, threads: bool,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    lanes = groups * 16
    table = np.random.default_rng(seed).permutation(lanes).astype(np.uint32)
    initial = np.random.default_rng(seed + 1).integers(0, 2**32, lanes, dtype=np.uint64).astype(np.uint32)

    def produce() -> np.ndarray:
        out = initial.copy().view(np.uint8)
        executor = ThreadPoolExecutor(2) if threads else None
        run_dispatch(permuted, {"t0": table.view(np.uint8), "u0": out}, (groups, 1, 1), strict=strict,
                     max_lanes_per_chunk=16, executor=executor)
        return out.view(np.uint32)

    merged = parallel.outcomes["merged"]
    serial, split = both_ways(monkeypatch, produce)
    assert same_bytes(serial, split)
    assert np.array_equal(serial[table], initial[table] * np.uint32(7) + np.arange(lanes, dtype=np.uint32) * 3)
    assert parallel.outcomes["merged"] == merged + 1


def test_a_pickling_process_pool_runs_a_python_shader_and_a_spirv_module(monkeypatch: pytest.MonkeyPatch) -> None:
    """A spawn-started ProcessPoolExecutor gets the dispatch pickled: a module-level shader by reference, a SPIR-V
    program as its module's words (compiled again in the worker), buffer regions as views of their buffers."""
    table = np.random.default_rng(7).permutation(64).astype(np.uint32)
    case = CASES["control_flow.spv"]("control_flow.spv", "reference")
    module = load_module(FOLDER / "control_flow.spv")
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:   # one start-up
        outputs = []
        for executor, jobs in ((None, 1), (pool, 2)):
            out = np.zeros(64, np.uint32)
            run_dispatch(permuted, {"t0": table.view(np.uint8), "u0": out.view(np.uint8)}, (4, 1, 1),
                         max_lanes_per_chunk=16, executor=executor, jobs=jobs)
            outputs.append((out, run(module, groups=case.groups, buffers=case.buffers,
                                     push_constants=case.push_constants, executor=executor, jobs=jobs)))
    assert same_bytes(outputs[0][0], outputs[1][0]) and same_bytes(outputs[0][1], outputs[1][1])
    assert parallel.outcomes == {"merged": 2}


@compute_shader(numthreads=(8, 1, 1))
def shuffle(reads=ByteAddressBuffer("t0"), writes=ByteAddressBuffer("t1"), out=RWByteAddressBuffer("u0")):
    """Each thread loads the word a table names and stores a function of it where another table says: workgroups
    may read what others stored, and store where others stored."""
    tid = SV_DispatchThreadID()[:, 0]
    value = out.Load(reads.Load(tid * 4) * 4)
    out.Store(writes.Load(tid * 4) * 4, value * np.uint32(5) + tid)


def outcome(produce):  # type: ignore[no-untyped-def]
    """The bytes `produce()` gives, or the error it raises (type and message)."""
    try:
        return produce().tobytes()
    except UndefinedBehaviorError as error:
        return (type(error).__name__, str(error))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(groups=st.integers(2, 6), slots=st.integers(4, 64), seed=st.integers(0, 2**16), strict=st.booleans())
def test_any_read_and_store_pattern_gives_the_serial_bytes_or_error(groups: int, slots: int, seed: int, strict: bool,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Dependent or not, racing or not: the parallel run gives what the serial run gives (bytes, or the race
    error in strict mode), by merging or by falling back."""
    generator = np.random.default_rng(seed)
    lanes = groups * 8
    reads = generator.integers(0, slots, lanes).astype(np.uint32)
    writes = generator.integers(0, slots, lanes).astype(np.uint32)
    initial = generator.integers(0, 1000, slots).astype(np.uint32)

    def produce() -> np.ndarray:
        out = initial.copy()
        run_dispatch(shuffle, {"t0": reads.view(np.uint8), "t1": writes.view(np.uint8), "u0": out.view(np.uint8)},
                     (groups, 1, 1), strict=strict, max_lanes_per_chunk=8)
        return out

    serial, split = both_ways(monkeypatch, lambda: outcome(produce))
    assert serial == split


# -- the race rule ---------------------------------------------------------------------------------------------
@compute_shader(numthreads=(8, 1, 1))
def last_group_wins(out=RWByteAddressBuffer("u0")):
    """Thread 0 of every group stores its group number to word 0: different workgroups, same bytes, no atomic."""
    with if_(SV_GroupIndex() == 0):
        out.Store(0, SV_GroupID()[:, 0])


@pytest.mark.parametrize("jobs", [1, 2])
def test_two_workgroups_storing_the_same_bytes_is_a_race_in_strict_mode(jobs: int) -> None:
    out = AddressSpace().allocate(16, name="result")
    with pytest.raises(UndefinedBehaviorError, match=rf"{RACE_RULE}: byte 0 of result is stored by thread 0 of "
                                                     rf"thread group \(0, 0, 0\) and by thread 0 of thread group "
                                                     rf"\(1, 0, 0\)"):
        run_dispatch(last_group_wins, {"u0": out}, (4, 1, 1), jobs=jobs, max_lanes_per_chunk=8)


@pytest.mark.parametrize("jobs", [1, 2])
def test_in_permissive_mode_the_last_workgroup_stores_last_serial_and_parallel(jobs: int) -> None:
    out = AddressSpace().allocate(16)
    run_dispatch(last_group_wins, {"u0": out}, (4, 1, 1), strict=False, jobs=jobs, max_lanes_per_chunk=8)
    assert out.data.view(np.uint32)[0] == 3


@compute_shader(numthreads=(8, 1, 1))
def same_lane_bytes(out=RWByteAddressBuffer("u0")):
    """Two lanes of one group store word 0 in one instruction."""
    out.Store(0, SV_GroupIndex())


@compute_shader(numthreads=(8, 1, 1))
def handed_over(out=RWByteAddressBuffer("u0")):
    """Thread 0 stores word g, a barrier, then thread 1 overwrites it: ordered within the group, no race."""
    group = SV_GroupID()[:, 0]
    with if_(SV_GroupIndex() == 0):
        out.Store(group * 4, np.uint32(1))
    GroupMemoryBarrierWithGroupSync()
    with if_(SV_GroupIndex() == 1):
        out.Store(group * 4, np.uint32(2))


def test_lanes_of_one_instruction_storing_the_same_bytes_race_and_a_barrier_orders_a_group() -> None:
    out = AddressSpace().allocate(64)
    with pytest.raises(UndefinedBehaviorError, match=rf"{RACE_RULE}: byte 0 .* thread 0 of thread group \(0, 0, 0\) "
                                                     rf"and by thread 1 of thread group \(0, 0, 0\)"):
        run_dispatch(same_lane_bytes, {"u0": out}, (1, 1, 1))
    run_dispatch(handed_over, {"u0": out}, (4, 1, 1))
    assert list(out.data.view(np.uint32)[:4]) == [2, 2, 2, 2]


def store_kernel(index_of_invocation) -> bytes:  # type: ignore[no-untyped-def]
    """A SPIR-V kernel of 8 invocations a workgroup storing its global id at element index_of_invocation(kernel, i)."""
    kernel = ComputeKernel(local_size=(8, 1, 1))
    u32 = kernel.module.uint(32)
    data = kernel.buffer(0, 0, u32)
    i = kernel.global_id_x()
    kernel.store(data, index_of_invocation(kernel, u32, i), u32, i)
    return kernel.finish().tobytes()


def test_spirv_stores_of_two_workgroups_to_one_element_race_in_strict_mode() -> None:
    own = store_kernel(lambda kernel, u32, i: i)
    result = run(own, groups=(4, 1, 1), buffers={(0, 0): np.zeros(32, np.uint32)})
    assert list(result[(0, 0)]) == list(range(32))
    shared = store_kernel(lambda kernel, u32, i: kernel.fn.op("OpUMod", u32, i, kernel.module.constant(u32, 16)))
    for jobs in (1, 2):
        with pytest.raises(SpirvUndefinedBehaviorError, match=rf"{RACE_RULE}: byte 0 of .* thread 0 of thread "
                                                              rf"group \(0, 0, 0\) and by thread 0 of thread group "
                                                              rf"\(2, 0, 0\)"):
            run(shared, groups=(4, 1, 1), buffers={(0, 0): np.zeros(16, np.uint32)}, jobs=jobs)
        permissive = run(shared, groups=(4, 1, 1), buffers={(0, 0): np.zeros(16, np.uint32)}, strict=False,
                         jobs=jobs)
        assert list(permissive[(0, 0)]) == list(range(16, 32))


# -- arguments -------------------------------------------------------------------------------------------------
def test_jobs_and_executor_are_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    out = AddressSpace().allocate(16)
    with pytest.raises(InvalidArgumentError, match=r"jobs = 0 must be a positive integer"):
        run_dispatch(last_group_wins, {"u0": out}, (1, 1, 1), jobs=0)
    with pytest.raises(InvalidArgumentError, match=r"executor = int is not a concurrent.futures.Executor"):
        run_dispatch(last_group_wins, {"u0": out}, (1, 1, 1), executor=3)  # type: ignore[arg-type]
    monkeypatch.setenv("DXLINALG_JOBS", "many")
    with pytest.raises(InvalidArgumentError, match=r"\$DXLINALG_JOBS = 'many' must be a positive integer"):
        run_dispatch(last_group_wins, {"u0": out}, (1, 1, 1))


def test_every_job_gets_a_minimum_share_and_a_workgroup(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "MIN_INVOCATIONS_PER_JOB", 8192)
    assert parallel.jobs_for(16, 4096, 64) == 16            # W1 at 512 x 512: 262,144 invocations
    assert parallel.jobs_for(16, 256, 64) == 2              # 16,384 invocations: two shares
    assert parallel.jobs_for(16, 200, 64) == 1              # 12,800: serial
    assert parallel.jobs_for(16, 3, 8192) == 3              # no more jobs than workgroups
    assert parallel.jobs_for(1, 4096, 64) == 1


def test_ranges_cover_the_groups_in_order() -> None:
    assert parallel.ranges(10, 4) == [(0, 2), (2, 3), (5, 2), (7, 3)]
    assert parallel.ranges(3, 8) == [(0, 1), (1, 1), (2, 1)]


@compute_shader(numthreads=(16, 1, 1))
def tripled(out=RWByteAddressBuffer("u0")):
    tid = SV_DispatchThreadID()[:, 0]
    out.Store(tid * 4, tid * np.uint32(3))


class Unpickling(Executor):
    """An executor whose tasks fail as a process pool's do when the work does not pickle."""

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        future: Future = Future()
        future.set_exception(pickle.PicklingError("Can't pickle local object 'test.<locals>.shader'"))
        return future


def test_an_executor_that_cannot_run_the_ranges_gives_the_serial_bytes_and_a_warning() -> None:
    out = np.zeros(64, np.uint32)
    with pytest.warns(RuntimeWarning, match="parallel dispatch ran serially: the executor could not run a range of "
                                            "workgroups \\(PicklingError"):
        run_dispatch(tripled, {"u0": out.view(np.uint8)}, (4, 1, 1), executor=Unpickling(), jobs=2)
    assert np.array_equal(out, np.arange(64, dtype=np.uint32) * 3)


def test_a_factory_made_shader_pickles_as_its_factory_and_arguments() -> None:
    """`shader_factory` (the samples' `#define`-style builders): the kept workers get such a shader by recipe."""
    from dxlinalg.samples.coopmat_gemm import gemm_shader
    shader = gemm_shader(F16, 32, 16, 16, 16)
    copy = pickle.loads(pickle.dumps(shader))
    assert copy.name == shader.name and copy.numthreads == shader.numthreads and copy.bindings == shader.bindings
    assert pickle.loads(pickle.dumps(shader)) is copy            # built once per process and arguments


def test_a_shader_defined_in_a_function_runs_in_children_forked_for_the_dispatch(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """It does not pickle, so the kept workers cannot take it: `ForkExecutor` children inherit it instead."""
    scale = np.uint32(7)

    @compute_shader(numthreads=(16, 1, 1))
    def scaled(out=RWByteAddressBuffer("u0")):
        tid = SV_DispatchThreadID()[:, 0]
        out.Store(tid * 4, tid * scale)

    forked = []
    original = parallel._run_forked
    monkeypatch.setattr(parallel, "_run_forked", lambda *args: forked.append(1) or original(*args))

    def produce() -> np.ndarray:
        out = np.zeros(128, np.uint32)
        run_dispatch(scaled, {"u0": out.view(np.uint8)}, (8, 1, 1))
        return out

    serial, split = both_ways(monkeypatch, produce)
    assert same_bytes(serial, split) and forked == [1] and parallel.outcomes == {"merged": 1}
