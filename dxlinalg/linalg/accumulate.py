"""Atomic accumulation of per-lane contributions into memory, shared by every surface.

Outer products (M x N, OuterProductOptimal, component-wise atomic adds of vector1 * vector2^T) and
vector accumulates (array[i] += vector[i]) both end here once the surface has checked its rules
and resolved the target: each distinct target offset gets one `atomic_accumulate`, with the
profile's granularity, wave sum, order and rounding (see `atomics`).
"""

from __future__ import annotations

import numpy as np

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.gpu.context import ExecutionContext
from dxlinalg.gpu.resources import BufferRange
from dxlinalg.linalg.atomics import LaneFactors, atomic_accumulate
from dxlinalg.numerics.component_types import ComponentType, type_info
from dxlinalg.profile.formats import optimal_format
from dxlinalg.profile.matrix_storage import MatrixDescription
from dxlinalg.profile.model import DeviceProfile


def element_slots(profile: DeviceProfile, desc: MatrixDescription) -> tuple[np.ndarray, np.ndarray]:
    """(storage slot, element r*N+c) pairs of an optimal matrix, where each element's value(s) live,
    in element order (a layout storing every element once then gives elements 0, 1, 2, ...)."""
    fmt = optimal_format(profile, desc.layout)
    if fmt.storage_type(desc.component_type) != desc.component_type:
        raise InvalidArgumentError(
            f"outerproductaccumulate: profile {profile.name!r} stores {desc.component_type.name} optimal matrices "
            f"as {fmt.storage_type(desc.component_type).name}; accumulating into such storage is not modelled")
    table = fmt.checked_slot_table(desc.component_type, desc.layout, desc.rows, desc.cols)
    slots = np.flatnonzero(table >= 0)
    slots = slots[np.argsort(table[slots], kind="stable")]
    return slots, table[slots]


def accumulate_lanes(ctx: ExecutionContext, rng: BufferRange, offsets: int | np.ndarray, writing: np.ndarray,
                slots: np.ndarray, element_index: np.ndarray, accumulation_type: ComponentType,
                factors: LaneFactors) -> None:
    """One atomic_accumulate per distinct target offset (ascending); each bumps the write version
    when its adds land."""
    lanes = np.flatnonzero(writing)
    if lanes.size == 0:
        return
    call = ctx.next_atomic_call()
    size = type_info(accumulation_type).size_bytes
    if isinstance(offsets, int):
        groups = [(offsets, lanes)]
    else:
        targets = offsets[lanes]
        groups = [(int(target), lanes[targets == target]) for target in np.unique(targets)]
    for target, group in groups:
        positions = rng.base_offset + target + slots * size
        atomic_accumulate(ctx, rng.data, positions, element_index, accumulation_type, group, factors, call,
                          rng.mark_written)
