"""The SM 6.10 rules of GetLinearAlgebraMatrixConversionDestinationInfo / ConvertLinearAlgebraMatrix.

The calls keep their names and structs; on a device created for SM 6.10 they follow the runtime spec
(DirectX-Specs D3D12LinearAlgebraRuntimeFeatureSupport.md, "Convert Matrix", "Valid Usage"):

* datatype fields carry the 6.10 SDK numbers (FLOAT16 = 7, SINT8 = 18, ...), not the 6.9 seed's;
* "SrcComponentType and DestComponentType must be identical" (layout only, no type change);
* "SrcComponentType and DestComponentType must be valid for either vector-matrix or matrix-matrix
  multiplication": a type the device's `linalg_support` lists as a vector-multiply matrix type, a wave or
  thread-group multiply operand or accumulator, or an outer-product result (matrices the
  OUTER_PRODUCT_OPTIMAL layout holds). 0029's "else FLOAT32" does not carry over;
* the device must report a linear-algebra tier;
* 0029's "FP8 destinations need an optimal layout" is not in the 6.10 text and is not applied.
Everything else (layouts, strides, sizes, DestVA alignment, resource states) is the same rule as in 6.9 and
stays in `conversion`. `rules_for` picks the rules by the device's shader model.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from d3d12api.conversion import SM69_RULES, ConversionRules, Rule, _error, _integer
from d3d12api.enums import D3D_SHADER_MODEL
from d3d12api.linalg_enums import SDK_DATATYPE, component_type_of, sdk_datatype
from d3d12api.linalg_features import linalg_support
from dxlinalg.numerics.component_types import ComponentType
from dxlinalg.profile.linalg_support import LinalgTier, linalg_type_name
from dxlinalg.profile.model import DeviceProfile

if TYPE_CHECKING:
    from d3d12api.device import ID3D12Device

RT_VALID_USAGE = "RT Convert Matrix valid usage"


def multiplication_types(profile: DeviceProfile) -> frozenset[ComponentType]:
    """Types "valid for either vector-matrix or matrix-matrix multiplication" on this device."""
    support = linalg_support(profile)
    types = {row.matrix_type for row in support.vector_multiply}
    for row in (*support.wave_multiply, *support.threadgroup_multiply):
        types |= {row.a_type, row.b_type, row.accumulator_type}
    types |= {row.result_type for row in support.outer_product}
    return frozenset(types)


def _check_tier(profile: DeviceProfile, call: str) -> None:
    if linalg_support(profile).tier == LinalgTier.NOT_SUPPORTED:
        raise _error(call, f"the device reports D3D12_LINEAR_ALGEBRA_TIER_NOT_SUPPORTED (profile {profile.name!r})",
                     Rule.TIER, "RT: matrix conversion is part of the linear-algebra feature")


def _type_name(component_type: ComponentType) -> str:
    return linalg_type_name(component_type)


def _datatype(call: str, field: str, value: object, profile: DeviceProfile) -> ComponentType:
    number = _integer(call, field, value)
    valid = ", ".join(f"{d.name}={d.value}" for d in SDK_DATATYPE if d != SDK_DATATYPE.NONE)
    try:
        datatype = SDK_DATATYPE(number)
    except ValueError:
        datatype = None
    if datatype is None or datatype == SDK_DATATYPE.NONE:
        raise _error(call, f"{field} = {value} is not a matrix D3D12_LINEAR_ALGEBRA_DATATYPE of the 6.10 SDK "
                           f"({valid}; from d3d12api.sm610 import *)", Rule.DATATYPE_VALUE,
                     "DirectX-Headers preview 1.721.1 datatype enum")
    component_type = component_type_of(datatype)
    allowed = multiplication_types(profile)
    if component_type not in allowed:
        names = ", ".join(sdk_datatype(t).name for t in sorted(allowed, key=sdk_datatype)) or "none"
        raise _error(call, f"{field} = {datatype.name} is not valid for vector-matrix or matrix-matrix "
                           f"multiplication on this device (profile {profile.name!r} multiplies {names})",
                     Rule.TYPE_SUPPORT, f"{RT_VALID_USAGE}: the types must be valid for either vector-matrix or "
                                        f"matrix-matrix multiplication")
    return component_type  # type: ignore[return-value]


def _check_type_change(call: str, field: str, source: ComponentType, destination: ComponentType) -> None:
    if source != destination:
        raise _error(call, f"{field}.SrcInfo.SrcDataType = {_type_name(source)} -> {field}.DestInfo.DestDataType = "
                           f"{_type_name(destination)}: a 6.10 conversion changes the layout only",
                     Rule.TYPE_CHANGE, f"{RT_VALID_USAGE}: SrcComponentType and DestComponentType must be identical")


SM610_RULES = ConversionRules("SM 6.10", _check_tier, _datatype, _type_name, _check_type_change,
                              fp8_destination_needs_optimal=False)


def rules_for(device: "ID3D12Device") -> ConversionRules:
    """The conversion rules of the runtime the device was created for."""
    return SM610_RULES if device.shader_model >= D3D_SHADER_MODEL.SHADER_MODEL_6_10 else SM69_RULES
