"""Accesses alike in every group (`GroupSharedMemory._periodic`: one group's lanes decide them, the race tracker
keeps one row for all groups) against the lane-by-lane path that defines them: the same values loaded, the same
bytes stored, the same records and the same reports, strict and permissive, on every groupshared setting."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.errors import UndefinedBehaviorError
from dxlinalg.gpu.barriers import MemorySemantics, group_barrier, wave_barrier
from dxlinalg.gpu.groupshared import GroupSharedMemory
from tests.gpu.groupshared_cases import group_lanes

SIZE = 512                                # bytes of groupshared memory per group
DTYPES = [np.uint8, np.uint16, np.float32, np.int64]


def random_program(rng: np.random.Generator, groups: int, threads: int, strict: bool) -> list[tuple]:
    """Statements of one chunk: most alike in every group, some not; some aligned, a few misaligned or outside."""
    lanes = groups * threads
    program: list[tuple] = []
    fill = rng.random()
    if fill < 0.5:                                                # defined bytes, so that loads get further
        program.append(("fill", 0, SIZE))
    elif fill < 0.7:
        program.append(("fill", int(rng.integers(0, SIZE // 16)) * 16, 16))
    for _ in range(int(rng.integers(1, 14))):
        kind = rng.choice(["store", "load", "barrier", "wave_barrier", "atomic"], p=[.35, .35, .2, .04, .06])
        if kind in ("barrier", "wave_barrier"):
            partial = rng.random() < 0.15
            program.append((str(kind), partial))
            continue
        dtype = np.dtype(DTYPES[int(rng.integers(len(DTYPES)))]) if kind != "atomic" else np.dtype(np.uint32)
        count = 1 if kind == "atomic" or rng.random() < 0.7 else int(rng.integers(2, 4))
        width = dtype.itemsize
        local = np.arange(threads)
        pattern = rng.choice(["own", "shift", "shared", "random", "reverse"],
                             p=[.3, .25, .1, .1, .25] if kind == "store" else None)
        if pattern == "own":
            element = local * count
        elif pattern == "shift":
            element = (local + int(rng.integers(0, threads))) * count
        elif pattern == "shared":
            element = local // 2 * count
        elif pattern == "reverse":
            element = (threads - 1 - local) * count
        else:
            element = rng.integers(0, SIZE // width, threads)
        element = element % (SIZE // width - count + 1)
        offset = np.tile(element * width, groups).astype(np.int64)
        if rng.random() < 0.15:                                   # differs between groups
            offset[int(rng.integers(lanes))] += width * int(rng.integers(1, 3))
        if rng.random() < 0.05 or not strict and rng.random() < 0.2:
            offset[int(rng.integers(lanes))] += int(rng.integers(-3, 3))   # misaligned or outside
        if rng.random() < 0.1:
            offset[local[rng.random(threads) < 0.3] + np.arange(groups)[:, None] * threads] += int(
                rng.choice([-width, -1, 1, SIZE]))                         # so in every group
        mask_kind = rng.choice(["all", "prefix", "random_row", "random"])
        if mask_kind == "all":
            mask = np.ones(lanes, bool)
        elif mask_kind == "prefix":
            mask = np.tile(local < int(rng.integers(0, threads + 1)), groups)
        elif mask_kind == "random_row":
            mask = np.tile(rng.random(threads) < 0.6, groups)
        else:
            mask = rng.random(lanes) < 0.6
        values = rng.integers(0, 255, (lanes, count)).astype(np.uint8).astype(dtype)
        program.append((str(kind), dtype, count, offset, mask, values))
    return program


def run_program(program: list[tuple], groups: int, threads: int, profile: str, strict: bool,
                periodic: bool) -> list[object]:
    """What the program observes: each load's values, each error's message, and the memory and records at the end."""
    seen: list[object] = []
    with group_lanes(groups, threads, profile=profile, strict=strict) as ctx:
        memory = GroupSharedMemory(ctx, SIZE)
        memory.periodic_accesses = periodic
        try:
            for statement in program:
                kind = statement[0]
                if kind == "fill":
                    memory.fill(statement[1], statement[2], 7)
                elif kind in ("barrier", "wave_barrier"):
                    mask = np.ones(ctx.lanes, bool)
                    if statement[1]:                         # only some groups (waves) reach it
                        mask[: threads] = False
                    ctx.push_mask(mask)
                    try:
                        if kind == "barrier":
                            group_barrier(execution=True, memory=MemorySemantics.GROUPSHARED)
                        else:
                            wave_barrier(memory=MemorySemantics.GROUPSHARED)
                    finally:
                        ctx.pop_mask()
                else:
                    _, dtype, count, offset, mask, values = statement
                    ctx.push_mask(mask)
                    try:
                        if kind == "load":
                            seen.append(memory.load(dtype, offset, count))      # kept: it must not change later
                        elif kind == "store":
                            memory.store(offset, values)
                        else:
                            seen.append(memory.atomic("add", dtype, offset, values[:, 0]).tobytes())
                    finally:
                        ctx.pop_mask()
        except UndefinedBehaviorError as error:
            seen.append(str(error))
        seen = [value.tobytes() if isinstance(value, np.ndarray) else value for value in seen]
        seen.append(memory.data.tobytes())
        tracker = memory.tracker
        if tracker is not None:
            if tracker.alike:
                tracker._expand()
            seen.extend(getattr(tracker, name).tobytes() for name in ("writer", "atomic_writer", "reader", "written")
                        if hasattr(tracker, name))
    return seen


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([(1, 8), (3, 8), (4, 16), (2, 64)]),
       st.sampled_from([("reference", True), ("reference", False), ("adversarial", True), ("adversarial", False)]))
def test_accesses_alike_in_every_group_do_what_the_lane_by_lane_path_does(seed, shape, setting):
    groups, threads = shape
    profile, strict = setting
    program = random_program(np.random.default_rng(seed), groups, threads, strict)
    plain = run_program(program, groups, threads, profile, strict, periodic=False)
    assert run_program(program, groups, threads, profile, strict, periodic=True) == plain


def test_a_reduction_step_decides_every_group_on_one_row():
    """partial[l] += partial[l + s] for l < s: the inactive lanes' offsets fall outside and do not matter."""
    with group_lanes(8, 64) as ctx:
        memory = GroupSharedMemory(ctx, 256)
        local = ctx.geometry.group_index.astype(np.int64)
        memory.store(local * 4, np.ones((ctx.lanes, 1), np.float32))
        group_barrier(execution=True, memory=MemorySemantics.GROUPSHARED)
        ctx.push_mask(local < 32)
        total = memory.load(np.float32, local * 4) + memory.load(np.float32, (local + 32) * 4)
        memory.store(local * 4, total)
        ctx.pop_mask()
        assert memory.tracker.alike and memory.tracker.writer.shape == (memory.stride,)
        assert np.array_equal(memory.data.view(np.float32)[:, :64], np.tile(np.where(np.arange(64) < 32, 2, 1), (8, 1)))
        ctx.push_mask(local == 40)                     # thread 40 reads what thread 8 wrote: a race
        with pytest.raises(UndefinedBehaviorError, match=r"thread 40 reads .* which thread 8 wrote"):
            memory.load(np.float32, (local - 32) * 4)


@pytest.mark.parametrize("groups", [1, 4])
def test_a_load_alike_in_every_group_is_its_own_copy(groups):
    with group_lanes(groups, 8, strict=False) as ctx:
        memory = GroupSharedMemory(ctx, 64)
        local = ctx.geometry.group_index.astype(np.int64)
        memory.store(local * 4, np.full((ctx.lanes, 1), 5, np.uint32))
        loaded = memory.load(np.uint32, local * 4)
        memory.store(local * 4, np.full((ctx.lanes, 1), 6, np.uint32))
        assert (loaded == 5).all()
