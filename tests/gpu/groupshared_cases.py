"""Helpers for the groupshared tests: contexts of several thread groups, outside a dispatch."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np

from dxlinalg.gpu.context import ExecutionContext, LaneGeometry, activate
from dxlinalg.profile.registry import load_profile


@contextmanager
def group_lanes(groups: int, threads: int, *, profile: str = "reference",
                strict: bool = True) -> Iterator[ExecutionContext]:
    """`groups` thread groups of `threads` threads along x, as one chunk of a dispatch holds them."""
    prof = load_profile(profile)
    lane = np.arange(groups * threads, dtype=np.int64)
    group, index = lane // threads, lane % threads
    group_xyz = np.zeros((lane.size, 3), np.uint32)
    group_xyz[:, 0] = group
    thread_xyz = np.zeros((lane.size, 3), np.uint32)
    thread_xyz[:, 0] = index
    waves = -(-threads // prof.wave_size)
    geometry = LaneGeometry(
        dispatch_thread_id=group_xyz * np.array([threads, 1, 1], np.uint32) + thread_xyz,
        group_id=group_xyz, group_thread_id=thread_xyz, group_index=index.astype(np.uint32),
        wave_id=group * waves + index // prof.wave_size,
        lane_in_wave=(index % prof.wave_size).astype(np.uint32), wave_size=prof.wave_size)
    ctx = ExecutionContext(geometry, prof, strict)
    with activate(ctx):
        yield ctx
