"""Warps of 32 lanes, as PTX has them, over the simulated GPU's lanes.

nvgpu's ops work on whole warps: a warp is 32 consecutive threads of a thread group (whatever the
profile's wave size, which is what D3D12 and Vulkan report; NVIDIA's is 32), so a group must hold
whole warps. Per-lane operands are arrays with a leading lane axis of a multiple of 32. The
`.aligned` instructions (mma.sync, mma.sp.sync, ldmatrix) must be executed by all 32 lanes of a
warp together: a warp with only some lanes active is undefined behaviour, reported in strict mode.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache

import numpy as np

from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.gpu.context import ExecutionContext, current_context, lanes_for
from dxlinalg.profile.model import DeviceProfile
from dxlinalg.profile.registry import builtin_profile_names, load_profile

WARP_SIZE = 32


def warp_count(lanes: int, what: str) -> int:
    """Warps in `lanes` lanes, which must be a positive multiple of 32."""
    if lanes < 1 or lanes % WARP_SIZE:
        raise InvalidArgumentError(f"{what}: per-lane operands have {lanes} rows; a warp is {WARP_SIZE} lanes, "
                                   f"so give a positive multiple of {WARP_SIZE} (one row per lane)")
    return lanes // WARP_SIZE


def check_whole_warps(ctx: ExecutionContext, what: str) -> None:
    """Thread groups of `ctx` must hold whole warps (PTX warps never span two groups)."""
    if ctx.lanes % WARP_SIZE or np.any(ctx.group_starts % WARP_SIZE):
        sizes = np.diff(ctx.group_starts, append=ctx.lanes)
        raise InvalidArgumentError(
            f"{what}: thread groups of {int(sizes[0])} threads do not hold whole warps of {WARP_SIZE}; nvgpu ops "
            f"need groups of a multiple of {WARP_SIZE} threads")


def active_warps(ctx: ExecutionContext, what: str) -> np.ndarray:
    """(warps,) bool: warps whose lanes execute this `.aligned` op; strict mode reports a warp with
    only some of its lanes active (PTX: every thread of the warp must execute the same instruction)."""
    check_whole_warps(ctx, what)
    count = ctx.active.reshape(-1, WARP_SIZE).sum(axis=1)
    partial = np.flatnonzero((count > 0) & (count < WARP_SIZE))
    if partial.size and ctx.strict:
        warp = int(partial[0])
        raise UndefinedBehaviorError(
            f"{what}: {int(count[warp])} of the {WARP_SIZE} lanes of warp {warp} (from "
            f"{ctx.thread_name(warp * WARP_SIZE)}) execute it; a .aligned warp instruction in divergent code is "
            f"undefined behaviour (all threads of the warp must execute it together)")
    return count > 0


@dataclass(frozen=True)
class RegisterOp:
    """Where a register-only warp op runs: the profile and mode, and the running lanes if any."""

    profile: DeviceProfile
    strict: bool
    ctx: ExecutionContext | None


@contextmanager
def register_op(lanes: int, profile: str | DeviceProfile | None, strict: bool | None,
                what: str) -> Iterator[RegisterOp]:
    """The running lanes (checked: `lanes` rows, warps executed whole), or, called from host code, the
    profile and mode asked for: a register op needs no lane context of its own (every warp runs it)."""
    if current_context() is None:
        yield RegisterOp(_host_profile("reference" if profile is None else profile),
                         True if strict is None else strict, None)
        return
    with lanes_for(lanes, profile, strict, what) as ctx:
        active_warps(ctx, what)
        yield RegisterOp(ctx.profile, ctx.strict, ctx)


def _host_profile(profile: str | DeviceProfile) -> DeviceProfile:
    """`load_profile`, without listing the built-in profiles' folder at every call of a register op."""
    if isinstance(profile, str) and profile.lower() in _builtin_names():
        return _builtin(profile.lower())
    return load_profile(profile)


@cache
def _builtin_names() -> frozenset[str]:
    return frozenset(builtin_profile_names())


@cache
def _builtin(name: str) -> DeviceProfile:
    return load_profile(name)
