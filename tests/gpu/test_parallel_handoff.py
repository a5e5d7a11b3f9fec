"""The parallel layer's handoff and size threshold (`dxlinalg.gpu.parallel`, `dxlinalg.gpu.buffer_accesses`).

- the word-at-a-time helpers that find a range's written and changed bytes, against byte-by-byte oracles;
- the dispatch file the kept workers map copy-on-write: what they read is the payload, writes stay private, and
  the read-only mapping keeps every array's bytes from before the range;
- the work-based threshold: a dispatch's measured serial time, not its invocation count, sets its jobs, so a
  dispatch of few heavy workgroups spreads once it has been measured, with the serial run's bytes.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.gpu import (
    RWByteAddressBuffer,
    SV_DispatchThreadID,
    compute_shader,
    parallel,
    run_dispatch,
)
from dxlinalg.gpu.buffer_accesses import ByteSet, changed_bytes, set_span
from dxlinalg.memory.address_space import AddressSpace
from dxlinalg.spirv import run
from dxlinalg.spirv.module import load_module
from dxlinalg.samples.mlp_inference_spirv import FOLDER

masks = st.lists(st.booleans(), max_size=70).map(lambda bits: np.array(bits, bool))


@settings(max_examples=100, deadline=None)
@given(masks)
def test_the_span_of_set_bytes_is_the_first_and_last_set_byte(mask: np.ndarray) -> None:
    where = np.flatnonzero(mask)
    expected = None if where.size == 0 else (int(where[0]), int(where[-1]) + 1)
    assert set_span(mask) == expected


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_changed_bytes_are_the_bytes_that_differ(data: st.DataObject) -> None:
    old = np.array(data.draw(st.lists(st.integers(0, 255), max_size=70)), np.uint8)
    now = old.copy()
    for at in data.draw(st.lists(st.integers(0, max(0, old.size - 1)), max_size=8)) if old.size else []:
        now[at] = data.draw(st.integers(0, 255))
    found = changed_bytes(now, old)
    differ = now != old
    assert (found is None) == (not differ.any())
    if found is not None:
        assert np.array_equal(found, differ)


@settings(max_examples=100, deadline=None)
@given(masks)
def test_a_byte_set_keeps_its_mask_dense_or_packed(mask: np.ndarray) -> None:
    found = ByteSet.of(mask)
    if not mask.any():
        assert found is None
        return
    assert found is not None
    rebuilt = np.zeros_like(mask)
    rebuilt[found.start: found.start + found.count] = found.mask()
    assert np.array_equal(rebuilt, mask)
    assert found.dense == bool(mask[found.start: found.start + found.count].all())


def test_the_dispatch_file_maps_its_arrays_privately_and_keeps_their_bytes_before(tmp_path) -> None:
    space = AddressSpace()
    buffer = space.allocate(4096)
    buffer.data[:] = np.arange(4096) % 251
    odd = np.arange(13, dtype=np.float64)                 # a size that leaves the next array unaligned
    strided = np.arange(20, dtype=np.int32)[::2]          # not contiguous: pickled in the stream
    path = str(tmp_path / "dispatch")
    with open(path, "wb") as out:
        parallel.write_dispatch(({"buffer": buffer, "odd": odd, "strided": strided}, [buffer.data, odd]), out)
    (objects, roots), original, base = parallel.read_dispatch(path)
    assert objects["buffer"].data is roots[0] and np.array_equal(roots[0], buffer.data)
    assert np.array_equal(objects["odd"], odd) and np.array_equal(objects["strided"], strided)
    assert all(root.flags.writeable for root in roots)
    assert roots[1].__array_interface__["data"][0] % 64 == 0
    before = parallel._before_from(roots, original, base)
    assert all(not b.flags.owndata for b in before)       # slices of the read-only mapping, not copies
    roots[0][:8] = 0
    roots[1][0] = -1.0
    assert np.array_equal(before[0], buffer.data) and np.array_equal(before[1].view(np.float64), odd)
    (_, again), _, _ = parallel.read_dispatch(path)        # the file is untouched
    assert np.array_equal(again[0], buffer.data) and again[1][0] == 0.0


def test_jobs_follow_the_measured_work_where_there_is_a_measurement(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "MIN_INVOCATIONS_PER_JOB", 16384)
    monkeypatch.setattr(parallel, "MIN_SECONDS_PER_JOB", 0.01)
    assert parallel.jobs_for(16, 64, 32) == 1                      # C2 unmeasured: 2,048 invocations
    assert parallel.jobs_for(16, 64, 32, seconds=0.12) == 12       # measured: 120 ms of work
    assert parallel.jobs_for(16, 64, 32, seconds=1.0) == 16
    assert parallel.jobs_for(16, 8, 32, seconds=1.0) == 8          # no more jobs than workgroups
    assert parallel.jobs_for(16, 4096, 64, seconds=0.015) == 1     # many light invocations: serial
    monkeypatch.setattr(parallel, "MIN_SECONDS_PER_JOB", 0)
    assert parallel.jobs_for(16, 64, 32, seconds=1e-6) == 16


def test_the_cost_memory_is_per_workgroup_and_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "_costs", type(parallel._costs)())
    monkeypatch.setattr(parallel, "_MAX_COSTS", 3)
    assert parallel.estimated_seconds("a", 10) is None
    parallel.note_cost("a", 0.5, 100)
    assert parallel.estimated_seconds("a", 10) == pytest.approx(0.05)
    for key in "bcd":
        parallel.note_cost(key, 1.0, 1)
    assert parallel.estimated_seconds("a", 10) is None and parallel.estimated_seconds("d", 2) == 2.0


@compute_shader(numthreads=(8, 1, 1))
def few_groups(out=RWByteAddressBuffer("u0")):
    tid = SV_DispatchThreadID()[:, 0]
    out.Store(tid * 4, tid * tid + np.uint32(5))


def test_a_measured_dispatch_of_few_invocations_spreads_with_the_serial_bytes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The first dispatch of a shader is unmeasured (invocation rule: serial); the next uses its time."""
    monkeypatch.setattr(parallel, "MIN_INVOCATIONS_PER_JOB", 1 << 20)
    monkeypatch.setattr(parallel, "MIN_SECONDS_PER_JOB", 1e-12)
    monkeypatch.setattr(parallel, "_costs", type(parallel._costs)())
    parallel.outcomes.clear()
    outputs = []
    for _ in range(2):
        out = np.zeros(64, np.uint32)
        run_dispatch(few_groups, {"u0": out.view(np.uint8)}, (8, 1, 1), jobs=2)
        outputs.append(out)
    assert parallel.outcomes["merged"] == 1
    expected = np.arange(64, dtype=np.uint32) ** 2 + 5
    assert all(np.array_equal(out, expected) for out in outputs)


def test_a_spirv_module_and_a_factory_shader_keep_their_measurement_from_one_call_to_the_next(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A SPIR-V dispatch's shader object is new per `run` and a `shader_factory` shader new per call: the cost
    memory keys on the compiled program and on the recipe, so the next call finds the measurement."""
    from dxlinalg.samples.coopmat_gemm import F16, gemm_shader
    monkeypatch.setattr(parallel, "_costs", type(parallel._costs)())
    module = load_module(FOLDER / "workgroup_reduce.spv")
    values = np.arange(256, dtype=np.float32)
    for _ in range(2):
        run(module, "main", (4, 1, 1), {(0, 0): values, (0, 1): np.zeros(8, np.uint32)}, (256).to_bytes(4, "little"),
            jobs=1)
    assert len(parallel._costs) == 1
    from dxlinalg.gpu.dispatch import _cost_key
    from dxlinalg.profile.registry import load_profile
    profile = load_profile("reference")
    assert _cost_key(gemm_shader(F16, 32, 16, 16, 16), profile, True, 4) == \
        _cost_key(gemm_shader(F16, 32, 16, 16, 16), profile, True, 4)
    assert _cost_key(gemm_shader(F16, 32, 16, 16, 16), profile, True, 4) != \
        _cost_key(gemm_shader(F16, 32, 32, 16, 16), profile, True, 4)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_a_row_stable_product_gives_each_row_the_same_bits_in_any_batch(data: st.DataObject) -> None:
    """Against the rows multiplied in one fixed batch: any run of rows, any length, gives the same bits (plain
    `x @ w` does not: OpenBLAS multiplies small products of a narrow w with other kernels)."""
    from dxlinalg.linalg.fast.row_stable import row_stable_matmul
    rows = data.draw(st.sampled_from([64, 1024, 8192]))
    k, m = data.draw(st.sampled_from([(16, 64), (64, 3), (64, 16), (32, 3)]))
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    x = rng.standard_normal((3 * rows, k)).astype(np.float32)
    w = rng.standard_normal((k, m)).astype(np.float32)
    whole = row_stable_matmul(x, w, rows)
    assert np.allclose(whole, x.astype(np.float64) @ w.astype(np.float64), rtol=1e-4, atol=1e-4)
    start = data.draw(st.integers(0, x.shape[0] - 1))
    stop = data.draw(st.integers(start + 1, x.shape[0]))
    assert np.array_equal(row_stable_matmul(x[start:stop], w, rows), whole[start:stop])
    strided = np.empty((stop - start, 2 * m), np.float32)[:, ::2]
    assert np.array_equal(row_stable_matmul(x[start:stop], w, rows, out=strided), whole[start:stop])


def test_a_dispatch_fixes_its_product_rows_for_every_chunk_and_range() -> None:
    from dxlinalg.gpu.dispatch import product_rows
    assert product_rows((4096, 1, 1), 64) == 8192               # W1 512 x 512: a default chunk's lanes
    assert product_rows((1, 1, 1), 64) == 64                    # a smaller dispatch: its lanes
    assert product_rows((3, 1, 1), 64) == 256                   # rounded up to a power of two
    assert product_rows((1, 1, 1), 1) == 1


def test_the_mlp_frame_gives_the_same_bytes_in_any_chunking(monkeypatch: pytest.MonkeyPatch) -> None:
    """W1's frame (a float MatVec path ending in a 64 x 3 layer): 4,096- and 8,192-lane chunks gave 15 pixels of
    different bits before the products were cut in fixed rows; as parallel ranges cut chunks, both must agree."""
    import dxlinalg.gpu.dispatch as dispatch
    from benchmarks.w1_inference import record_frame
    from dxlinalg.samples.host_helpers import GpuContext
    from dxlinalg.samples.mlp_inference import prepare_variant
    from dxlinalg.samples.mlp_model import random_weights
    monkeypatch.setenv("DXLINALG_JOBS", "1")
    frame = record_frame(GpuContext("reference"), "fp16", random_weights(), 128, 128)
    images = []
    for lanes in (8192, 4096):
        monkeypatch.setitem(dispatch.run_dispatch.__kwdefaults__, "max_lanes_per_chunk", lanes)
        frame.execute()
        images.append(frame.image().copy())
    assert np.array_equal(images[0], images[1])


@compute_shader(numthreads=(8, 1, 1))
def reads_the_first_group(out=RWByteAddressBuffer("u0")):
    """Every workgroup adds word 0, which group 0 writes: a later range reads what an earlier one wrote, so a
    parallel attempt cannot be merged and falls back to the serial run."""
    tid = SV_DispatchThreadID()[:, 0]
    out.Store(tid * 4, out.Load(np.zeros_like(tid)) + tid + np.uint32(1))


def test_work_that_fell_back_once_runs_serially_from_then_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fallback costs the ranges and then the serial run; the next dispatch of the same work goes straight to
    the serial run (one attempt in all), with the serial bytes each time."""
    monkeypatch.setattr(parallel, "MIN_INVOCATIONS_PER_JOB", 1)
    monkeypatch.setattr(parallel, "MIN_SECONDS_PER_JOB", 1e-12)
    monkeypatch.setattr(parallel, "_fell_back", type(parallel._fell_back)())
    parallel.outcomes.clear()
    outputs = []
    for jobs in (1, 2, 2):
        out = np.zeros(64, np.uint32)
        run_dispatch(reads_the_first_group, {"u0": out.view(np.uint8)}, (8, 1, 1), jobs=jobs)
        outputs.append(out)
    assert parallel.outcomes == {"serial": 1}
    assert all(np.array_equal(out, outputs[0]) for out in outputs)
    monkeypatch.setattr(parallel, "MIN_SECONDS_PER_JOB", 0)       # forced splitting attempts again
    assert not parallel.fell_back(next(iter(parallel._fell_back)))
