"""Rules of matrix conversion that D3D12 and Vulkan share (hlsl-specs 0029 valid usage, VUID-...-10081).

Both APIs allow a conversion to change the element type only between FLOAT32/FLOAT16 and a float of lower
precision; everything else converts only to itself. The host APIs (d3d12api, dxlinalg.vulkan) each report a
broken rule in their own words; this module says what the rule is.
"""

from __future__ import annotations

from dxlinalg.numerics.component_types import ComponentType

#: For FLOAT32 and FLOAT16: the floats of lower precision a conversion may produce or read.
LOWER_PRECISION_FLOATS: dict[ComponentType, frozenset[ComponentType]] = {
    ComponentType.F32: frozenset({ComponentType.F16, ComponentType.F8_E4M3, ComponentType.F8_E5M2}),
    ComponentType.F16: frozenset({ComponentType.F8_E4M3, ComponentType.F8_E5M2}),
}


def type_change_allowed(source: ComponentType, destination: ComponentType) -> bool:
    """Types equal, or one is FLOAT32/FLOAT16 and the other a lower-precision float."""
    return (source == destination or destination in LOWER_PRECISION_FLOATS.get(source, ())
            or source in LOWER_PRECISION_FLOATS.get(destination, ()))
