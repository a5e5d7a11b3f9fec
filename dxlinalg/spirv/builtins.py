"""Compute built-in inputs from the lanes' geometry (dxlinalg.gpu.LaneGeometry) and the dispatch.

Subgroups are the GPU's waves: a workgroup's invocations, in LocalInvocationIndex order, cut into
subgroups of the profile's wave size (the last one partial when the workgroup size is not a
multiple of it).
"""

from __future__ import annotations

import numpy as np

from dxlinalg.gpu.context import ExecutionContext
from dxlinalg.spirv.enums import BuiltIn, enum_label
from dxlinalg.spirv.types import IntType, SpvType, VectorType, scalar_of


def _masks(lane: np.ndarray, relation: str) -> np.ndarray:
    """(lanes, 4) uint32 bit masks over a subgroup's invocations, relative to each lane's index."""
    bits = np.arange(128, dtype=np.int64)
    lane = lane.astype(np.int64)[:, None]
    chosen = {"Eq": bits == lane, "Ge": bits >= lane, "Gt": bits > lane, "Le": bits <= lane, "Lt": bits < lane}
    words = chosen[relation].reshape(-1, 4, 32).astype(np.uint64) << np.arange(32, dtype=np.uint64)
    return words.sum(axis=2).astype(np.uint32)


def builtin_value(builtin: int, spv_type: SpvType, ctx: ExecutionContext, grid: tuple[int, int, int],
                  local_size: tuple[int, int, int], base_group: tuple[int, int, int] = (0, 0, 0)) -> np.ndarray:
    """The value of a built-in input variable of type `spv_type` on the chunk's lanes.

    `base_group` is vkCmdDispatchBase's first WorkgroupId: it moves WorkgroupId and GlobalInvocationId (32-bit,
    wrapping), not NumWorkgroups, which stays the group count.
    Raises ValueError naming the built-in when it is not a compute built-in or the type does not fit.
    """
    geometry = ctx.geometry
    wave = ctx.wave_size
    threads = local_size[0] * local_size[1] * local_size[2]
    base = np.array(base_group, np.uint64)
    vectors = {
        BuiltIn.GlobalInvocationId: geometry.dispatch_thread_id + base * np.array(local_size, np.uint64),
        BuiltIn.LocalInvocationId: geometry.group_thread_id,
        BuiltIn.WorkgroupId: geometry.group_id + base,
        BuiltIn.NumWorkgroups: np.array([grid], np.uint32),
        BuiltIn.WorkgroupSize: np.array([local_size], np.uint32),
    }
    scalars = {
        BuiltIn.LocalInvocationIndex: geometry.group_index,
        BuiltIn.SubgroupSize: np.array([wave], np.uint32),
        BuiltIn.SubgroupMaxSize: np.array([wave], np.uint32),
        BuiltIn.SubgroupLocalInvocationId: geometry.lane_in_wave,
        BuiltIn.NumSubgroups: np.array([-(-threads // wave)], np.uint32),
        BuiltIn.SubgroupId: (geometry.group_index // np.uint32(wave)).astype(np.uint32),
    }
    masks = {BuiltIn.SubgroupEqMask: "Eq", BuiltIn.SubgroupGeMask: "Ge", BuiltIn.SubgroupGtMask: "Gt",
             BuiltIn.SubgroupLeMask: "Le", BuiltIn.SubgroupLtMask: "Lt"}
    scalar = scalar_of(spv_type)
    name = enum_label(BuiltIn, builtin)
    if not isinstance(scalar, IntType) or scalar.width != 32:
        raise ValueError(f"built-in {name} must be declared with 32-bit integer components, not {spv_type!r}")
    if builtin in vectors:
        if not isinstance(spv_type, VectorType) or spv_type.count != 3:
            raise ValueError(f"built-in {name} is a 3-component vector, not {spv_type!r}")
        return vectors[builtin].astype(np.uint32).view(scalar.dtype)
    if builtin in scalars:
        if isinstance(spv_type, VectorType):
            raise ValueError(f"built-in {name} is a scalar, not {spv_type!r}")
        return scalars[builtin].astype(np.uint32).view(scalar.dtype)
    if builtin in masks:
        if not isinstance(spv_type, VectorType) or spv_type.count != 4:
            raise ValueError(f"built-in {name} is a 4-component vector, not {spv_type!r}")
        return _masks(geometry.lane_in_wave, masks[builtin]).view(scalar.dtype)
    raise ValueError(f"built-in {name} is not a compute-shader input this executor provides")
