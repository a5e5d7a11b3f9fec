"""run_dispatch: system values, chunking, bindings, limits and bounded memory."""

from __future__ import annotations

import tracemalloc

import numpy as np
import pytest

from dxlinalg.errors import InvalidArgumentError, UnsupportedError
from dxlinalg.gpu import (
    BufferBinding,
    ByteAddressBuffer,
    RootConstants,
    RWByteAddressBuffer,
    SV_DispatchThreadID,
    SV_GroupID,
    SV_GroupIndex,
    SV_GroupThreadID,
    WaveGetLaneCount,
    WaveGetLaneIndex,
    compute_shader,
    run_dispatch,
)
from dxlinalg.memory.address_space import AddressSpace

NUMTHREADS = (4, 3, 2)
GRID = (3, 2, 2)


@compute_shader(numthreads=NUMTHREADS)
def system_values(out=RWByteAddressBuffer("u0")):
    """Each thread writes its IDs at a slot computed from SV_DispatchThreadID (checks the formulas)."""
    dtid, gid, gtid, index = SV_DispatchThreadID(), SV_GroupID(), SV_GroupThreadID(), SV_GroupIndex()
    width, height = NUMTHREADS[0] * GRID[0], NUMTHREADS[1] * GRID[1]
    slot = (dtid[:, 2] * height + dtid[:, 1]) * width + dtid[:, 0]
    out.Store4(slot * 32, np.concatenate([gid, index[:, None]], axis=1))
    out.Store4(slot * 32 + 16, np.concatenate([gtid, WaveGetLaneIndex()[:, None]], axis=1))


@pytest.mark.parametrize("chunk", [1, 24, 50, 10_000])
def test_system_values_follow_d3d12_numbering_whatever_the_chunking(chunk):
    threads = np.prod(NUMTHREADS) * np.prod(GRID)
    out = AddressSpace().allocate(threads * 32)
    summary = run_dispatch(system_values, {"u0": out}, GRID, "adversarial", max_lanes_per_chunk=chunk)
    assert summary.threads == threads and summary.wave_size == 4
    assert summary.chunks == -(-np.prod(GRID) // max(1, chunk // 24))
    rows = out.data.view(np.uint32).reshape(-1, 8)
    z, y, x = np.meshgrid(np.arange(4), np.arange(6), np.arange(12), indexing="ij")
    gid = np.stack([x // 4, y // 3, z // 2], axis=-1).reshape(-1, 3)
    gtid = np.stack([x % 4, y % 3, z % 2], axis=-1).reshape(-1, 3)
    index = gtid[:, 2] * 12 + gtid[:, 1] * 4 + gtid[:, 0]
    assert np.array_equal(rows[:, :3], gid) and np.array_equal(rows[:, 4:7], gtid)
    assert np.array_equal(rows[:, 3], index)
    assert np.array_equal(rows[:, 7], index % 4), "lanes of a group form waves in SV_GroupIndex order"


@compute_shader(numthreads=(6, 1, 1))
def wave_shape(out=RWByteAddressBuffer("u0")):
    tid = SV_DispatchThreadID()[:, 0]
    out.Store2(tid * 8, np.stack([WaveGetLaneIndex(), np.full_like(tid, WaveGetLaneCount())], axis=1))


def test_a_group_that_is_not_a_multiple_of_the_wave_size_ends_with_a_partial_wave():
    out = AddressSpace().allocate(2 * 6 * 8)
    run_dispatch(wave_shape, {"u0": out}, (2, 1, 1), "adversarial")
    lanes = out.data.view(np.uint32).reshape(-1, 2)
    assert lanes[:, 0].tolist() == [0, 1, 2, 3, 0, 1] * 2 and set(lanes[:, 1]) == {4}


@compute_shader(numthreads=(64, 1, 1))
def copy_words(src=ByteAddressBuffer("t0"), dst=RWByteAddressBuffer("u0"), params=RootConstants("b0", 2)):
    tid = SV_DispatchThreadID()[:, 0]
    dst.Store(tid * 4, src.Load(tid * 4) * params[0] + params[1])


def test_bindings_by_name_or_register_with_root_descriptor_offsets():
    space = AddressSpace()
    src, dst = space.allocate(1024), space.allocate(1024)
    src.data.view(np.uint32)[:] = np.arange(256)
    run_dispatch(copy_words, {"src": BufferBinding(src, 512), "u0": dst, "params": [3, 1]}, (2, 1, 1))
    assert dst.data.view(np.uint32)[:128].tolist() == [3 * (128 + i) + 1 for i in range(128)]


def test_numpy_arrays_bind_as_buffers():
    src = np.arange(256, dtype=np.uint32).view(np.uint8).copy()
    dst = np.zeros(1024, np.uint8)
    run_dispatch(copy_words, {"t0": src, "u0": dst, "b0": np.array([1, 0], np.uint32)}, (4, 1, 1))
    assert np.array_equal(dst.view(np.uint32), np.arange(256))


def test_writes_bump_the_buffer_version():
    space = AddressSpace()
    src, dst = space.allocate(1024), space.allocate(1024)
    before = dst.version
    run_dispatch(copy_words, {"t0": src, "u0": dst, "b0": [1, 0]}, (4, 1, 1), max_lanes_per_chunk=64)
    assert dst.version > before and src.version == 0


def test_missing_unknown_and_duplicate_bindings_are_named():
    space = AddressSpace()
    src, dst = space.allocate(1024), space.allocate(1024)
    with pytest.raises(InvalidArgumentError, match=r"needs bindings params:b0"):
        run_dispatch(copy_words, {"t0": src, "u0": dst})
    with pytest.raises(InvalidArgumentError, match=r"no binding named or at register 't7'"):
        run_dispatch(copy_words, {"t0": src, "u0": dst, "b0": [1, 0], "t7": src})
    with pytest.raises(InvalidArgumentError, match=r"binding 'src' is given twice"):
        run_dispatch(copy_words, {"t0": src, "src": src, "u0": dst, "b0": [1, 0]})
    with pytest.raises(InvalidArgumentError, match=r"take 2 32-bit values, got 1"):
        run_dispatch(copy_words, {"t0": src, "u0": dst, "b0": [1]})


def test_shader_declarations_are_checked():
    with pytest.raises(InvalidArgumentError, match=r"RWByteAddressBuffer goes in a u# register, not 't0'"):
        @compute_shader(numthreads=(1, 1, 1))
        def wrong_register(out=RWByteAddressBuffer("t0")):
            pass
    with pytest.raises(InvalidArgumentError, match=r"share register u0"):
        @compute_shader(numthreads=(1, 1, 1))
        def shared(a=RWByteAddressBuffer("u0"), b=RWByteAddressBuffer("u0")):
            pass
    with pytest.raises(InvalidArgumentError, match=r"needs a binding default"):
        @compute_shader(numthreads=(1, 1, 1))
        def undeclared(a):
            pass
    with pytest.raises(InvalidArgumentError, match=r"x\*y\*z <= 1024"):
        compute_shader(numthreads=(64, 32, 1))
    with pytest.raises(InvalidArgumentError, match=r"WaveSize\(48\) must be a power of two"):
        compute_shader(numthreads=(64, 1, 1), wave_size=48)


def test_wave_size_attribute_must_match_the_device():
    @compute_shader(numthreads=(32, 1, 1), wave_size=32)
    def needs_32(out=RWByteAddressBuffer("u0")):
        out.Store(SV_DispatchThreadID()[:, 0] * 4, WaveGetLaneCount())

    out = AddressSpace().allocate(128)
    run_dispatch(needs_32, {"u0": out}, (1, 1, 1), "reference")
    assert set(out.data.view(np.uint32)) == {32}
    with pytest.raises(UnsupportedError, match=r"\[WaveSize\(32\)\] but profile 'minimal' runs waves of 64 lanes"):
        run_dispatch(needs_32, {"u0": out}, (1, 1, 1), "minimal")


def test_group_counts_follow_d3d12_limits_and_zero_groups_run_nothing():
    out = AddressSpace().allocate(16)
    with pytest.raises(InvalidArgumentError, match=r"\[0, 65535\]"):
        run_dispatch(system_values, {"u0": out}, (65536, 1, 1))
    assert run_dispatch(system_values, {"u0": out}, (0, 4, 1)).chunks == 0


@compute_shader(numthreads=(256, 1, 1))
def stream(src=ByteAddressBuffer("t0"), dst=RWByteAddressBuffer("u0")):
    tid = SV_DispatchThreadID()[:, 0]
    dst.Store4(tid * 16, src.Load4(tid * 16) + np.uint32(1))


def test_memory_stays_bounded_however_large_the_dispatch():
    """Peak Python-side allocation of a dispatch depends on the chunk size, not the thread count."""
    peaks = []
    for groups in (64, 1024):
        space = AddressSpace()
        src, dst = space.allocate(groups * 256 * 16), space.allocate(groups * 256 * 16)
        tracemalloc.start()
        run_dispatch(stream, {"t0": src, "u0": dst}, (groups, 1, 1), max_lanes_per_chunk=4096, jobs=1)
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
        assert np.all(dst.data.view(np.uint32) == 1)
    assert peaks[1] < 1.5 * peaks[0] and peaks[1] < 8 * 2**20, peaks

