"""CheckFeatureSupport: the device profile's answers, in D3D12's structs and protocol.

Protocol of D3D12_FEATURE_COOPERATIVE_VECTOR (seed "Check Feature Support"), per property list, as
in C: a `p...Properties` of None makes the call write the number available into `...PropCount`;
otherwise `...PropCount` is the array's size, as the caller declares it, and a count below the
number available fails the whole call with E_INVALIDARG, however long the Python list is. On
success the list is filled from the start and the count set to the number written. A list too
short for what the call would write (C would write past its end) is E_INVALIDARG too; any failure
writes nothing.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, MutableSequence
from typing import Any

from d3d12api.enums import (
    D3D12_COOPERATIVE_VECTOR_TIER,
    D3D12_FEATURE,
    D3D12_LINEAR_ALGEBRA_DATATYPE,
    D3D_SHADER_MODEL,
)
from d3d12api.hresult import HRESULT
from d3d12api.structs import (
    D3D12_COOPERATIVE_VECTOR_PROPERTIES_ACCUMULATE,
    D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL,
    D3D12_FEATURE_DATA_COOPERATIVE_VECTOR,
    D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL,
    D3D12_FEATURE_DATA_SHADER_MODEL,
    D3D12Struct,
)
from dxlinalg.profile.model import AccumulateProperty, DeviceProfile, MulProperty

#: The highest shader model the emulated device runs (cooperative vectors are SM 6.9 preview).
HIGHEST_SHADER_MODEL = D3D_SHADER_MODEL.SHADER_MODEL_6_9


def mul_properties(profile: DeviceProfile) -> list[D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL]:
    return [_mul_struct(p) for p in profile.mul_properties]


def accumulate_properties(properties: list[AccumulateProperty]) -> list[D3D12_COOPERATIVE_VECTOR_PROPERTIES_ACCUMULATE]:
    return [D3D12_COOPERATIVE_VECTOR_PROPERTIES_ACCUMULATE(_datatype(p.input_type), _datatype(p.accumulation_type))
            for p in properties]


def _datatype(component_type: int) -> D3D12_LINEAR_ALGEBRA_DATATYPE:
    return D3D12_LINEAR_ALGEBRA_DATATYPE(int(component_type))  # the seed's values are ComponentType's


def _mul_struct(p: MulProperty) -> D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL:
    return D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL(
        _datatype(p.input_type), _datatype(p.input_interpretation), _datatype(p.matrix_interpretation),
        _datatype(p.bias_interpretation), _datatype(p.output_type), p.transpose_supported)


def _shader_model(profile: DeviceProfile, data: D3D12_FEATURE_DATA_SHADER_MODEL) -> tuple[int, str]:
    """In: the highest shader model the caller knows; out: the lower of it and the device's."""
    try:
        requested = D3D_SHADER_MODEL(int(data.HighestShaderModel))
    except ValueError:
        return HRESULT.E_INVALIDARG, f"HighestShaderModel = {data.HighestShaderModel} is not a D3D_SHADER_MODEL"
    data.HighestShaderModel = min(requested, HIGHEST_SHADER_MODEL)
    return HRESULT.S_OK, ""


def _options_experimental(profile: DeviceProfile,
                          data: D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL) -> tuple[int, str]:
    data.CooperativeVectorTier = D3D12_COOPERATIVE_VECTOR_TIER(int(profile.tier))
    return HRESULT.S_OK, ""


#: UINT's range: a count outside it cannot come from C.
_UINT_LIMIT = 1 << 32


def _property_list_error(count_name: str, pointer_name: str, data: D3D12_FEATURE_DATA_COOPERATIVE_VECTOR,
                         available: int) -> str:
    """Why one non-null property array cannot take the call's answer ('' if it can)."""
    target, count = getattr(data, pointer_name), getattr(data, count_name)
    if not isinstance(target, MutableSequence):
        return f"{pointer_name} must be None or a list, got {type(target).__name__}"
    try:
        count = operator.index(count)  # ints and numpy integers, not floats or strings
    except TypeError:
        count = -1
    if not 0 <= count < _UINT_LIMIT:
        return f"{count_name} = {getattr(data, count_name)!r} is not a UINT (the size of the {pointer_name} array)"
    if count < available:
        return (f"{count_name} = {count} with {pointer_name} non-null, but {available} properties are available "
                f"(seed: a PropCount below the number available fails with E_INVALIDARG; call once with "
                f"{pointer_name} = None to get the count)")
    if len(target) < available:
        return (f"{pointer_name} holds {len(target)} entries but {count_name} = {count} declares at least the "
                f"{available} the call writes (seed: PropCount must represent the size of the pProperties array)")
    return ""


def _cooperative_vector(profile: DeviceProfile, data: D3D12_FEATURE_DATA_COOPERATIVE_VECTOR) -> tuple[int, str]:
    lists = (
        ("MatrixVectorMulAddPropCount", "pMatrixVectorMulAddProperties", mul_properties(profile)),
        ("OuterProductAccumulatePropCount", "pOuterProductAccumulateProperties",
         accumulate_properties(profile.outer_product_properties)),
        ("VectorAccumulatePropCount", "pVectorAccumulateProperties",
         accumulate_properties(profile.vector_accumulate_properties)),
    )
    for count, pointer, available in lists:
        if getattr(data, pointer) is not None and (why := _property_list_error(count, pointer, data, len(available))):
            return HRESULT.E_INVALIDARG, why
    for count, pointer, available in lists:
        target = getattr(data, pointer)
        if target is not None:
            target[: len(available)] = available
        setattr(data, count, len(available))
    return HRESULT.S_OK, ""


_HANDLERS: dict[D3D12_FEATURE, tuple[type[D3D12Struct], Callable[[DeviceProfile, Any], tuple[int, str]]]] = {
    D3D12_FEATURE.SHADER_MODEL: (D3D12_FEATURE_DATA_SHADER_MODEL, _shader_model),
    D3D12_FEATURE.D3D12_OPTIONS_EXPERIMENTAL: (D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL, _options_experimental),
    D3D12_FEATURE.COOPERATIVE_VECTOR: (D3D12_FEATURE_DATA_COOPERATIVE_VECTOR, _cooperative_vector),
}


def check_feature_support(profile: DeviceProfile, feature: int, data: Any, size: int | None) -> tuple[int, str]:
    """(HRESULT, why) for one query; `why` is empty on success."""
    try:
        struct_class, handler = _HANDLERS[D3D12_FEATURE(int(feature))]
    except (ValueError, KeyError):
        known = ", ".join(f"{f.name}={f.value}" for f in D3D12_FEATURE)
        return HRESULT.E_INVALIDARG, f"Feature = {feature} is not a feature this device answers ({known})"
    if not isinstance(data, struct_class):
        return HRESULT.E_INVALIDARG, (f"{D3D12_FEATURE(int(feature)).name} needs a {struct_class.__name__}, "
                                      f"got {type(data).__name__}")
    if size is not None and size != struct_class.c_sizeof:
        return HRESULT.E_INVALIDARG, (f"FeatureSupportDataSize = {size}, but sizeof({struct_class.__name__}) "
                                      f"is {struct_class.c_sizeof}")
    return handler(profile, data)
