"""The groupshared prefix-sum sample, as a user runs it, and the race its one-barrier variant has."""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg.errors import UndefinedBehaviorError
from dxlinalg.hlsl import (
    ByteAddressBuffer,
    GroupMemoryBarrierWithGroupSync,
    RWByteAddressBuffer,
    SV_DispatchThreadID,
    SV_GroupIndex,
    assign,
    compute_shader,
    groupshared,
    if_,
    lane_zeros,
    run_dispatch,
    uint32_t,
)
from dxlinalg.profile.registry import builtin_profile_names
from dxlinalg.samples import groupshared_scan
from dxlinalg.samples.host_helpers import GpuContext


@pytest.mark.parametrize("profile", builtin_profile_names())
def test_prefix_sums_match_numpy_on_every_profile(profile):
    values = np.random.default_rng(1).integers(0, 2**32, 1000, dtype=np.uint32)
    assert np.array_equal(groupshared_scan.prefix_sum(GpuContext(profile), values), np.cumsum(values, dtype=np.uint32))


@pytest.mark.parametrize("count", [1, 255, 256, 257, groupshared_scan.MAX_COUNT])
def test_prefix_sums_of_awkward_lengths(count):
    values = np.arange(count, dtype=np.uint32) * np.uint32(2654435761)
    assert np.array_equal(groupshared_scan.prefix_sum(GpuContext(), values), np.cumsum(values, dtype=np.uint32))


def test_too_many_values_are_refused():
    with pytest.raises(ValueError, match="this sample scans 1 to 65536"):
        groupshared_scan.prefix_sum(GpuContext(), np.zeros(groupshared_scan.MAX_COUNT + 1, np.uint32))


def test_the_command_line_reports_no_difference(capsys):
    assert groupshared_scan.main(["--count", "700", "--profile", "adversarial"]) == 0
    assert "prefix sum of 700 uint values on adversarial: 0 differ" in capsys.readouterr().out


@compute_shader(numthreads=(8, 1, 1))
def scan_with_one_barrier_per_step(values=ByteAddressBuffer("t0"), scanned=RWByteAddressBuffer("u0"),
                                   tile=groupshared(uint32_t, 8)):
    """The textbook mistake: `tile[i] += tile[i - offset]` reads what another thread is overwriting."""
    i = SV_GroupIndex()
    tile[i] = values.Load(SV_DispatchThreadID()[:, 0] * 4)
    GroupMemoryBarrierWithGroupSync()
    offset = 1
    while offset < 8:
        neighbour = lane_zeros(dtype=np.uint32)
        with if_(i >= offset):
            neighbour = assign(neighbour, tile[i - offset])
        tile[i] = tile[i] + neighbour
        GroupMemoryBarrierWithGroupSync()
        offset *= 2
    scanned.Store(SV_DispatchThreadID()[:, 0] * 4, tile[i])


def test_the_one_barrier_scan_is_reported_as_a_race_that_permissive_runs_cannot_show():
    """A write-after-read race: in SIMT every read of a statement happens before the next statement's writes,
    and late-landing stores (adversarial) still leave the reads as they were, so only strict mode finds it."""
    values = np.arange(1, 9, dtype=np.uint32)
    out = np.zeros(32, np.uint8)
    with pytest.raises(UndefinedBehaviorError, match=r"\(write-after-read\).*thread 0 writes 'tile' byte 0"):
        run_dispatch(scan_with_one_barrier_per_step, {"t0": values.view(np.uint8), "u0": out})
    for profile in ("reference", "adversarial"):
        run_dispatch(scan_with_one_barrier_per_step, {"t0": values.view(np.uint8), "u0": out}, profile=profile,
                     strict=False)
        assert out.view(np.uint32).tolist() == np.cumsum(values).tolist()
