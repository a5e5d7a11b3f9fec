"""Wave intrinsics and system values: lanes of one wave combine, honouring the active mask.

A wave's lanes are contiguous in the context, so a per-wave reduction is one `reduceat` over
the wave starts; inactive lanes contribute nothing and receive zeros. Integer sums wrap in the
value's type. Float sums are numpy's reductions: pairwise order, half accumulated in float32 and
rounded once to half (the order and precision of wave reductions are implementation-defined).
"""

from __future__ import annotations

import numpy as np

from dxlinalg.gpu.context import ExecutionContext, require_context


def _per_lane(ctx: ExecutionContext, value: object) -> np.ndarray:
    array = np.asarray(value)
    if array.ndim == 0 or array.shape[0] != ctx.lanes:
        array = np.broadcast_to(array, (ctx.lanes, *array.shape))
    return array


def _mask(ctx: ExecutionContext, array: np.ndarray) -> np.ndarray:
    return ctx.active.reshape((ctx.lanes,) + (1,) * (array.ndim - 1))


def _reduce(value: object, ufunc: np.ufunc, identity: object, what: str) -> np.ndarray:
    ctx = require_context(what)
    array = _per_lane(ctx, value)
    masked = np.where(_mask(ctx, array), array, np.asarray(identity, array.dtype))
    per_wave = ufunc.reduceat(masked, ctx.wave_starts, axis=0)
    return np.where(_mask(ctx, array), per_wave[ctx.wave_of_lane], np.zeros((), array.dtype))


def WaveActiveSum(value: object) -> np.ndarray:  # noqa: N802 (HLSL names)
    """Sum over the active lanes of each lane's wave (see the module note on order and precision)."""
    return _reduce(value, np.add, 0, "WaveActiveSum")


def WaveActiveProduct(value: object) -> np.ndarray:  # noqa: N802
    return _reduce(value, np.multiply, 1, "WaveActiveProduct")


def WaveActiveMax(value: object) -> np.ndarray:  # noqa: N802
    array = np.asarray(value)
    lowest = -np.inf if array.dtype.kind == "f" else np.iinfo(array.dtype).min
    return _reduce(value, np.fmax if array.dtype.kind == "f" else np.maximum, lowest, "WaveActiveMax")


def WaveActiveMin(value: object) -> np.ndarray:  # noqa: N802
    array = np.asarray(value)
    highest = np.inf if array.dtype.kind == "f" else np.iinfo(array.dtype).max
    return _reduce(value, np.fmin if array.dtype.kind == "f" else np.minimum, highest, "WaveActiveMin")


def WaveActiveCountBits(condition: object) -> np.ndarray:  # noqa: N802
    """Number of active lanes of the wave where `condition` holds."""
    ctx = require_context("WaveActiveCountBits")
    return _reduce(ctx.lane_bool(condition).astype(np.uint32), np.add, 0, "WaveActiveCountBits")


def WaveActiveAnyTrue(condition: object) -> np.ndarray:  # noqa: N802
    ctx = require_context("WaveActiveAnyTrue")
    return _reduce(ctx.lane_bool(condition), np.logical_or, False, "WaveActiveAnyTrue")


def WaveActiveAllTrue(condition: object) -> np.ndarray:  # noqa: N802
    ctx = require_context("WaveActiveAllTrue")
    return _reduce(ctx.lane_bool(condition), np.logical_and, True, "WaveActiveAllTrue") & ctx.active


def _first_active_lane(ctx: ExecutionContext) -> np.ndarray:
    """Per lane: index of the first active lane of its wave (its own index if the wave has none)."""
    candidates = np.where(ctx.active, np.arange(ctx.lanes), ctx.lanes)
    first = np.minimum.reduceat(candidates, ctx.wave_starts)[ctx.wave_of_lane]
    return np.where(first < ctx.lanes, first, np.arange(ctx.lanes))


def WaveReadLaneFirst(value: object) -> np.ndarray:  # noqa: N802
    """The value of the first (lowest-index) active lane of each wave, on every lane of that wave."""
    ctx = require_context("WaveReadLaneFirst")
    array = _per_lane(ctx, value)
    return np.ascontiguousarray(array[_first_active_lane(ctx)])


def WaveReadLaneAt(value: object, lane: int) -> np.ndarray:  # noqa: N802
    """The value of lane `lane` (a wave-uniform index) of each wave."""
    ctx = require_context("WaveReadLaneAt")
    array = _per_lane(ctx, value)
    source = ctx.wave_starts[ctx.wave_of_lane] + int(lane)
    wave_end = np.append(ctx.wave_starts[1:], ctx.lanes)[ctx.wave_of_lane]
    return np.ascontiguousarray(array[np.where(source < wave_end, source, np.arange(ctx.lanes))])


def WaveActiveAllEqual(value: object) -> np.ndarray:  # noqa: N802
    """Per component: whether every active lane of the wave holds the same value."""
    ctx = require_context("WaveActiveAllEqual")
    array = _per_lane(ctx, value)
    equal = (array == array[_first_active_lane(ctx)]) | ~_mask(ctx, array)
    per_wave = np.logical_and.reduceat(equal, ctx.wave_starts, axis=0)
    return per_wave[ctx.wave_of_lane] & _mask(ctx, array)


def WaveIsFirstLane() -> np.ndarray:  # noqa: N802
    ctx = require_context("WaveIsFirstLane")
    return (_first_active_lane(ctx) == np.arange(ctx.lanes)) & ctx.active


def WaveGetLaneIndex() -> np.ndarray:  # noqa: N802
    """(lanes,) uint32: each lane's index within its wave."""
    return require_context("WaveGetLaneIndex").geometry.lane_in_wave


def WaveGetLaneCount() -> int:  # noqa: N802
    """Lanes per wave: the profile's wave size (the shader's WaveSize if it declares one)."""
    return require_context("WaveGetLaneCount").wave_size


def SV_DispatchThreadID() -> np.ndarray:  # noqa: N802
    """(lanes, 3) uint32: SV_GroupID * numthreads + SV_GroupThreadID."""
    return require_context("SV_DispatchThreadID").geometry.dispatch_thread_id


def SV_GroupID() -> np.ndarray:  # noqa: N802
    """(lanes, 3) uint32: the thread group of each lane."""
    return require_context("SV_GroupID").geometry.group_id


def SV_GroupThreadID() -> np.ndarray:  # noqa: N802
    """(lanes, 3) uint32: the lane's thread within its group."""
    return require_context("SV_GroupThreadID").geometry.group_thread_id


def SV_GroupIndex() -> np.ndarray:  # noqa: N802
    """(lanes,) uint32: flattened SV_GroupThreadID (z * nx * ny + y * nx + x)."""
    return require_context("SV_GroupIndex").geometry.group_index
