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
from d3d12api.linalg_features import LINALG_HANDLERS
from d3d12api.linalg_structs import D3D12_FEATURE_DATA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT, DXC_TEST_COPY_SIZEOF
from d3d12api.structs import (
    D3D12_COOPERATIVE_VECTOR_PROPERTIES_ACCUMULATE,
    D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL,
    D3D12_FEATURE_DATA_COOPERATIVE_VECTOR,
    D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL,
    D3D12_FEATURE_DATA_SHADER_MODEL,
    D3D12Struct,
)
from dxlinalg.profile.model import AccumulateProperty, DeviceProfile, MulProperty

#: The highest shader model a device created for SM 6.9 runs (cooperative vectors are SM 6.9 preview).
HIGHEST_SHADER_MODEL = D3D_SHADER_MODEL.SHADER_MODEL_6_9
#: The shader models a device can be created for (docs/sm610-d3d12.md): each is one runtime's API.
DEVICE_SHADER_MODELS = (D3D_SHADER_MODEL.SHADER_MODEL_6_9, D3D_SHADER_MODEL.SHADER_MODEL_6_10)


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


def _shader_model(highest: D3D_SHADER_MODEL) -> Callable[[DeviceProfile, Any], tuple[int, str]]:
    """In: the highest shader model the caller knows; out: the lower of it and the device's."""

    def answer(profile: DeviceProfile, data: D3D12_FEATURE_DATA_SHADER_MODEL) -> tuple[int, str]:
        try:
            requested = D3D_SHADER_MODEL(int(data.HighestShaderModel))
        except ValueError:
            return HRESULT.E_INVALIDARG, f"HighestShaderModel = {data.HighestShaderModel} is not a D3D_SHADER_MODEL"
        data.HighestShaderModel = min(requested, highest)
        return HRESULT.S_OK, ""

    return answer


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


Handler = tuple[type[D3D12Struct], Callable[[DeviceProfile, Any], tuple[int, str]]]
#: The features each runtime answers: SM 6.9's preview headers (717-719) have the cooperative-vector
#: queries, SM 6.10's (preview 1.721.1) replace them with the linear-algebra ones.
_HANDLERS: dict[D3D_SHADER_MODEL, dict[int, Handler]] = {
    D3D_SHADER_MODEL.SHADER_MODEL_6_9: {
        D3D12_FEATURE.SHADER_MODEL: (D3D12_FEATURE_DATA_SHADER_MODEL, _shader_model(HIGHEST_SHADER_MODEL)),
        D3D12_FEATURE.D3D12_OPTIONS_EXPERIMENTAL: (D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL,
                                                   _options_experimental),
        D3D12_FEATURE.COOPERATIVE_VECTOR: (D3D12_FEATURE_DATA_COOPERATIVE_VECTOR, _cooperative_vector),
    },
    D3D_SHADER_MODEL.SHADER_MODEL_6_10: {
        D3D12_FEATURE.SHADER_MODEL: (D3D12_FEATURE_DATA_SHADER_MODEL,
                                     _shader_model(D3D_SHADER_MODEL.SHADER_MODEL_6_10)),
        **LINALG_HANDLERS,
    },
}


def _feature_name(feature: int) -> str:
    return D3D12_FEATURE(feature).name


def check_feature_support(profile: DeviceProfile, feature: int, data: Any, size: int | None,
                          shader_model: D3D_SHADER_MODEL = HIGHEST_SHADER_MODEL) -> tuple[int, str]:
    """(HRESULT, why) for one query on a device created for `shader_model`; `why` is empty on success."""
    handlers = _HANDLERS[shader_model]
    try:
        struct_class, handler = handlers[int(feature)]
    except (TypeError, ValueError, KeyError):
        known = ", ".join(f"{_feature_name(f)}={int(f)}" for f in handlers)
        other = [int(f) for m, table in _HANDLERS.items() if m != shader_model for f in table if f not in handlers]
        hint = ""
        if isinstance(feature, int) and int(feature) in other:
            wanted = "D3D_SHADER_MODEL_6_10" if shader_model == HIGHEST_SHADER_MODEL else "D3D_SHADER_MODEL_6_9"
            hint = (f"; {_feature_name(int(feature))} belongs to the other runtime: create the device with "
                    f"shader_model={wanted}")
        return HRESULT.E_INVALIDARG, (f"Feature = {feature} is not a feature this device answers (a device for "
                                      f"{shader_model.name}: {known}){hint}")
    name = _feature_name(int(feature))
    if not isinstance(data, struct_class):
        return HRESULT.E_INVALIDARG, f"{name} needs a {struct_class.__name__}, got {type(data).__name__}"
    if size is not None and size != struct_class.c_sizeof:
        alternative = ""
        if struct_class is D3D12_FEATURE_DATA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT and size == DXC_TEST_COPY_SIZEOF:
            alternative = (" (48 is the layout of DXC's test copy of these structs, which takes a Shape instead of "
                           "returning the native-shape list; this runtime is the DirectX-Headers preview 1.721.1 "
                           "layout, docs/sm610-d3d12.md)")
        return HRESULT.E_INVALIDARG, (f"FeatureSupportDataSize = {size}, but sizeof({struct_class.__name__}) "
                                      f"is {struct_class.c_sizeof}{alternative}")
    return handler(profile, data)
