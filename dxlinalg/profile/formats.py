"""Turn a profile's layout specs into optimal-layout format objects (cached)."""

from __future__ import annotations

from functools import lru_cache

from dxlinalg.numerics.component_types import MatrixLayout
from dxlinalg.numerics.layouts.nvidia_format import NvidiaMmaFormat
from dxlinalg.numerics.layouts.optimal import OptimalLayoutFormat
from dxlinalg.numerics.layouts.permuted import PermutedFormat
from dxlinalg.numerics.layouts.tiled import TiledFormat
from dxlinalg.profile.model import DeviceProfile, LayoutSpec, PermutedLayoutSpec, TiledLayoutSpec


@lru_cache(maxsize=64)
def format_for_spec(spec: LayoutSpec) -> OptimalLayoutFormat:
    """One format object per distinct spec, so its slot-table caches are shared."""
    if isinstance(spec, TiledLayoutSpec):
        return TiledFormat(spec.tile_rows, spec.tile_bytes, spec.tile_column_first,
                           name=f"tiled {spec.tile_rows} rows x {spec.tile_bytes} B")
    if isinstance(spec, PermutedLayoutSpec):
        return PermutedFormat(spec.seed, name=f"permuted (seed {spec.seed})")
    return NvidiaMmaFormat()


def optimal_format(profile: DeviceProfile, layout: MatrixLayout) -> OptimalLayoutFormat:
    """The byte format `profile` uses for an optimal `layout`."""
    return format_for_spec(profile.layout_spec(layout))
