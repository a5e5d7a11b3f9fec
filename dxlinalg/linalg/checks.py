"""Run-time and support checks that every surface shares, worded with the surface's own citation.

DXIL and SPIR-V state the same kinds of rule with different numbers and different sources (a
matrix must be 128-byte aligned in DXIL, 64 in Vulkan; an unreported combination breaks 0029's
CheckFeatureSupport rule in one and vkGetPhysicalDeviceCooperativeVectorPropertiesNV's in the
other), so each check takes the numbers and the citation from its caller and states the rule once.
- UndefinedBehaviorError: misaligned or out-of-bounds accesses; raised in strict mode only.
- UnsupportedError: a combination the profile does not report; raised in strict mode only.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dxlinalg.errors import UndefinedBehaviorError, UnsupportedError
from dxlinalg.gpu.context import ExecutionContext
from dxlinalg.gpu.resources import BufferRange
from dxlinalg.numerics.component_types import ComponentType, type_info
from dxlinalg.profile.model import AccumulateProperty, DeviceProfile, MulProperty


def check_offsets_aligned(ctx: ExecutionContext, rng: BufferRange, offsets: int | np.ndarray, alignment: int,
                          argument: str, citation: str, op: str) -> None:
    """Resource base address + offset is `alignment`-byte aligned on every active lane."""
    if not ctx.strict:
        return
    if isinstance(offsets, int):
        bad = ctx.active if (rng.base_address + offsets) % alignment else None
    else:
        bad = ctx.active & ((rng.base_address + offsets) % alignment != 0)
    if bad is not None and bad.any():
        lane = int(np.flatnonzero(bad)[0])
        offset = offsets if isinstance(offsets, int) else int(offsets[lane])
        raise UndefinedBehaviorError(
            f"{op}: {argument} {offset} + buffer base 0x{rng.base_address:x} ({rng.name}, lane {lane}) "
            f"must be {alignment}-byte aligned ({citation})")


def lanes_in_bounds(ctx: ExecutionContext, rng: BufferRange, offsets: int | np.ndarray, extent: int,
                    argument: str, what: str, citation: str, op: str,
                    limits: int | np.ndarray | None = None) -> np.ndarray:
    """Active lanes whose [offset, offset + extent) lies inside the resource (or below the per-lane
    `limits`, for memory that each lane sees a part of, like one group's shared memory).

    Out of bounds is undefined: strict mode raises, permissive mode returns the mask so the caller
    loads zeros or skips the write.
    """
    active = ctx.active
    end = rng.size if limits is None else limits
    starts = np.asarray(offsets)
    inside = (starts >= 0) & (starts + extent <= end)
    outside = active & ~inside
    if ctx.strict and outside.any():
        lane = int(np.flatnonzero(outside)[0])
        offset = int(starts) if starts.ndim == 0 else int(starts[lane])
        size = int(np.asarray(end)) if np.ndim(end) == 0 else int(np.asarray(end)[lane])
        raise UndefinedBehaviorError(
            f"{op}: {what} at {argument} {offset} (lane {lane}) spans bytes [{offset}, {offset + extent}) but "
            f"{rng.name} has {size} bytes ({citation})")
    return active & inside


@dataclass(frozen=True)
class MulCombination:
    """A matrix-vector call's types, as a feature query lists them."""

    input_type: ComponentType
    input_interpretation: ComponentType
    matrix_interpretation: ComponentType
    bias_interpretation: ComponentType | None     # None: no bias (MatrixMul; any listed bias matches)
    output_type: ComponentType

    def matches(self, row: MulProperty) -> bool:
        return (_input_type_matches(row.input_type, self.input_type, self.input_interpretation)
                and row.input_interpretation == self.input_interpretation
                and row.matrix_interpretation == self.matrix_interpretation
                and (self.bias_interpretation is None or row.bias_interpretation == self.bias_interpretation)
                and row.output_type == self.output_type)


def _input_type_matches(listed: ComponentType, physical: ComponentType, interpretation: ComponentType) -> bool:
    """A uint32 vector under a packed interpretation is reported either as UINT32 or as the packed type."""
    if listed == physical:
        return True
    return physical == ComponentType.U32 and listed == interpretation and type_info(interpretation).is_packed


def matching_mul_rows(profile: DeviceProfile, combination: MulCombination) -> list[MulProperty]:
    return [row for row in profile.mul_properties if combination.matches(row)]


def report_unsupported(ctx: ExecutionContext, message: str) -> None:
    """An unreported combination: an error in strict mode; permissive mode computes it anyway."""
    if ctx.strict:
        raise UnsupportedError(message)


def accumulate_listed(rows: list[AccumulateProperty], input_type: ComponentType,
                      accumulation_type: ComponentType) -> bool:
    return any(p.input_type == input_type and p.accumulation_type == accumulation_type for p in rows)
