"""CheckFeatureSupport for D3D12_FEATURE_LINEAR_ALGEBRA_SUPPORT (77) and the per-operation query (78).

The answers are the profile's `linalg_support` section, read through the same lookups the pipeline
check uses (`dxlinalg.profile.linalg_support`), so a query and a pipeline never disagree. Every input the
runtime spec constrains is checked and a broken one fails the whole call with E_INVALIDARG, writing
nothing (the runtime spec names no HRESULT; E_INVALIDARG is what CheckFeatureSupport returns for bad
input everywhere else, and what DXC's tests expect of a failed query). Reading of the inputs:

* a datatype must be a 6.10 SDK value; NONE only as ThreadVectorMatrixMultiply.BiasInputType;
* WaveSize is 0 ("any") or a power of two in the device's wave-size range (one size here);
* a ThreadGroupMatrixMultiply Shape has M, K, N >= 1;
* WaveMatrixMultiply's Shapes is None (count only; NumShapes must then be 0 on input, "null allowed if
  NumShapes is 0") or a list of at least NumShapes entries; a NumShapes below the number of native
  shapes fails, as the 6.9 property lists do.

A supported combination answers SUPPORTED plus the profile's EMULATED_* / TRANSPOSE flags; an unsupported
one answers S_OK with zeros, as RT says ("If the operation is not supported, this will be 0").
"""

from __future__ import annotations

import operator
from collections.abc import Callable, MutableSequence
from typing import Any

from d3d12api.hresult import HRESULT
from d3d12api.linalg_enums import (
    D3D12_LINEAR_ALGEBRA_MULTIPLICATION_SUPPORT_FLAGS as FLAGS,
)
from d3d12api.linalg_enums import (
    D3D12_LINEAR_ALGEBRA_OPERATION_TYPE as OP,
)
from d3d12api.linalg_enums import (
    D3D12_LINEAR_ALGEBRA_TIER,
    SDK_DATATYPE,
    component_type_of,
)
from d3d12api.linalg_structs import (
    D3D12_FEATURE_DATA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT,
    D3D12_FEATURE_DATA_LINEAR_ALGEBRA_SUPPORT,
    D3D12_LINEAR_ALGEBRA_ATOMIC_ACCUMULATE_STORE_SUPPORT,
    D3D12_LINEAR_ALGEBRA_MATRIX_CONSTRUCTION_SUPPORT,
    D3D12_LINEAR_ALGEBRA_MATRIX_MULTIPLY_SHAPE,
    D3D12_LINEAR_ALGEBRA_THREAD_OUTER_PRODUCT_SUPPORT,
    D3D12_LINEAR_ALGEBRA_THREAD_VECTOR_MATRIX_MULTIPLY_SUPPORT,
    D3D12_LINEAR_ALGEBRA_THREADGROUP_MATRIX_MULTIPLY_SUPPORT,
    D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_INPUTS,
    D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_SUPPORT,
)
from dxlinalg.c_struct import is_integer
from dxlinalg.numerics.component_types import ComponentType
from dxlinalg.profile.linalg_support import (
    NOT_SUPPORTED,
    LinalgSupport,
    accumulate_store_answer,
    construction_answer,
    outer_product_supported,
    threadgroup_multiply_entry,
    vector_multiply_entry,
    wave_multiply_entry,
)
from dxlinalg.profile.model import DeviceProfile

_UINT_LIMIT = 1 << 32


class QueryError(Exception):
    """A bad input of one query: E_INVALIDARG with the reason (caught in this module)."""


def linalg_support(profile: DeviceProfile) -> LinalgSupport:
    """The profile's answers; a profile without the section reports NOT_SUPPORTED."""
    return profile.linalg_support or NOT_SUPPORTED


def _uint(value: object, field: str) -> int:
    if not is_integer(value) or not 0 <= int(value) < _UINT_LIMIT:  # type: ignore[call-overload]
        raise QueryError(f"{field} = {value!r} is not a UINT")
    return int(value)  # type: ignore[call-overload]


def _type(value: object, field: str, *, none_allowed: bool = False) -> ComponentType | None:
    """A 6.10 SDK datatype value -> the type it names (None for NONE, where allowed)."""
    def valid() -> str:
        return ", ".join(f"{d.name}={d.value}" for d in SDK_DATATYPE if none_allowed or d != SDK_DATATYPE.NONE)

    if not is_integer(value):
        raise QueryError(f"{field} = {value!r} is not a D3D12_LINEAR_ALGEBRA_DATATYPE")
    try:
        datatype = SDK_DATATYPE(int(value))  # type: ignore[call-overload]
    except ValueError:
        raise QueryError(f"{field} = {value} is not a D3D12_LINEAR_ALGEBRA_DATATYPE of the 6.10 SDK ({valid()}); "
                         f"6.9 seed numbers are not accepted here") from None
    if datatype == SDK_DATATYPE.NONE and not none_allowed:
        raise QueryError(f"{field} = NONE: only BiasInputType may be NONE ({valid()})")
    return component_type_of(datatype)


def _wave_size(value: object, field: str, profile: DeviceProfile) -> int:
    size = _uint(value, field)
    if size not in (0, profile.wave_size):
        raise QueryError(f"{field} = {size}: it must be 0 (any) or a power of two in the device's wave-size range "
                         f"{profile.wave_size}..{profile.wave_size} (RT WAVE_MATRIX_MULTIPLY_INPUTS.WaveSize)")
    return size


def _struct(value: object, cls: type, field: str) -> Any:
    """A nested struct as the call reads it (assignment is not validated, so check it here)."""
    if not isinstance(value, cls):
        raise QueryError(f"{field} is a {type(value).__name__}, not a {cls.__name__}")
    return value


def _flags(supported: bool, *, emulated_inputs: bool = False, emulated_outputs: bool = False,
           transpose: bool = False) -> FLAGS:
    if not supported:
        return FLAGS.NONE
    flags = FLAGS.SUPPORTED
    for on, flag in ((emulated_inputs, FLAGS.EMULATED_INPUTS), (emulated_outputs, FLAGS.EMULATED_OUTPUTS),
                     (transpose, FLAGS.TRANSPOSE)):
        if on:
            flags |= flag
    return flags


def _tier(profile: DeviceProfile, data: D3D12_FEATURE_DATA_LINEAR_ALGEBRA_SUPPORT) -> tuple[int, str]:
    data.LinearAlgebraTier = D3D12_LINEAR_ALGEBRA_TIER(int(linalg_support(profile).tier))
    return HRESULT.S_OK, ""


def _construction(profile: DeviceProfile, data: Any) -> None:
    member = _struct(data.MatrixConstruction, D3D12_LINEAR_ALGEBRA_MATRIX_CONSTRUCTION_SUPPORT, "MatrixConstruction")
    component_type = _type(member.ComponentType, "MatrixConstruction.ComponentType")
    _wave_size(member.WaveSize, "MatrixConstruction.WaveSize", profile)
    member.MinM, member.MinK, member.MinN = construction_answer(linalg_support(profile), component_type)


def _wave_inputs(inputs: Any, field: str, profile: DeviceProfile) -> tuple[ComponentType, ...]:
    _struct(inputs, D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_INPUTS, field)
    _wave_size(inputs.WaveSize, f"{field}.WaveSize", profile)
    return tuple(_type(getattr(inputs, name), f"{field}.{name}")  # type: ignore[misc]
                 for name in ("MatrixAComponentType", "MatrixBComponentType", "AccumulatorComponentType"))


def _wave_multiply(profile: DeviceProfile, data: Any) -> None:
    member = _struct(data.WaveMatrixMultiply, D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_SUPPORT, "WaveMatrixMultiply")
    a, b, accumulator = _wave_inputs(member.Inputs, "WaveMatrixMultiply.Inputs", profile)
    count = _uint(member.NumShapes, "WaveMatrixMultiply.NumShapes")
    target = member.Shapes
    entry = wave_multiply_entry(linalg_support(profile), a, b, accumulator)
    shapes = [D3D12_LINEAR_ALGEBRA_MATRIX_MULTIPLY_SHAPE(*shape) for shape in entry.shapes] if entry else []
    if target is None:
        if count:
            raise QueryError(f"WaveMatrixMultiply.Shapes is null with NumShapes = {count} (RT: null allowed only if "
                             f"NumShapes is 0)")
    else:
        if not isinstance(target, MutableSequence):
            raise QueryError(f"WaveMatrixMultiply.Shapes must be None or a list, got {type(target).__name__}")
        if len(target) < count:
            raise QueryError(f"WaveMatrixMultiply.Shapes holds {len(target)} entries but NumShapes = {count} "
                             f"declares more (RT: NumShapes is the size of the Shapes array)")
        if count < len(shapes):
            raise QueryError(f"WaveMatrixMultiply.NumShapes = {count} with Shapes non-null, but {len(shapes)} native "
                             f"shapes are available (call once with Shapes = None and NumShapes = 0 to get the "
                             f"count)")
        target[: len(shapes)] = shapes
    member.NumShapes = len(shapes)
    member.SupportFlags = _flags(entry is not None, emulated_outputs=bool(entry and entry.emulated_outputs))


def _threadgroup_multiply(profile: DeviceProfile, data: Any) -> None:
    member = _struct(data.ThreadGroupMatrixMultiply, D3D12_LINEAR_ALGEBRA_THREADGROUP_MATRIX_MULTIPLY_SUPPORT,
                     "ThreadGroupMatrixMultiply")
    a, b, accumulator = _wave_inputs(member.WaveInputs, "ThreadGroupMatrixMultiply.WaveInputs", profile)
    _struct(member.Shape, D3D12_LINEAR_ALGEBRA_MATRIX_MULTIPLY_SHAPE, "ThreadGroupMatrixMultiply.Shape")
    shape = tuple(_uint(getattr(member.Shape, name), f"ThreadGroupMatrixMultiply.Shape.{name}") for name in "MKN")
    if min(shape) < 1:
        raise QueryError(f"ThreadGroupMatrixMultiply.Shape = {shape[0]} x {shape[1]} x {shape[2]}: M, K and N are "
                         f"at least 1")
    group = threadgroup_multiply_entry(linalg_support(profile), a, b, accumulator, shape)  # type: ignore[arg-type]
    member.SupportFlags = _flags(group is not None, emulated_outputs=bool(group and group.emulated_outputs))
    member.MinThreadGroupSize = group.min_thread_group_size if group else 0
    member.MaxThreadGroupSize = group.max_thread_group_size if group else 0
    member.PreferredThreadGroupSize = group.preferred_thread_group_size if group else 0


def _vector_multiply(profile: DeviceProfile, data: Any) -> None:
    member = _struct(data.ThreadVectorMatrixMultiply, D3D12_LINEAR_ALGEBRA_THREAD_VECTOR_MATRIX_MULTIPLY_SUPPORT,
                     "ThreadVectorMatrixMultiply")
    vector = _type(member.VectorInputType, "ThreadVectorMatrixMultiply.VectorInputType")
    matrix = _type(member.MatrixInputType, "ThreadVectorMatrixMultiply.MatrixInputType")
    bias = _type(member.BiasInputType, "ThreadVectorMatrixMultiply.BiasInputType", none_allowed=True)
    result = _type(member.VectorResultType, "ThreadVectorMatrixMultiply.VectorResultType")
    entry = vector_multiply_entry(linalg_support(profile), vector, matrix, bias, result)  # type: ignore[arg-type]
    member.SupportFlags = _flags(entry is not None, emulated_inputs=bool(entry and entry.emulated_inputs),
                                 emulated_outputs=bool(entry and entry.emulated_outputs),
                                 transpose=bool(entry and entry.transpose))


def _outer_product(profile: DeviceProfile, data: Any) -> None:
    member = _struct(data.ThreadOuterProductSupport, D3D12_LINEAR_ALGEBRA_THREAD_OUTER_PRODUCT_SUPPORT,
                     "ThreadOuterProductSupport")
    input_type = _type(member.InputComponentType, "ThreadOuterProductSupport.InputComponentType")
    result = _type(member.ResultComponentType, "ThreadOuterProductSupport.ResultComponentType")
    member.Supported = outer_product_supported(linalg_support(profile), input_type, result)  # type: ignore[arg-type]


def _accumulate_store(profile: DeviceProfile, data: Any) -> None:
    member = _struct(data.AccumulateStore, D3D12_LINEAR_ALGEBRA_ATOMIC_ACCUMULATE_STORE_SUPPORT, "AccumulateStore")
    component_type = _type(member.ComponentType, "AccumulateStore.ComponentType")
    member.RWByteAddressBufferSupported, member.GroupSharedSupported = accumulate_store_answer(
        linalg_support(profile), component_type)  # type: ignore[arg-type]


_OPERATIONS: dict[OP, tuple[str, Callable[[DeviceProfile, Any], None]]] = {
    OP.MATRIX_CONSTRUCTION: ("MatrixConstruction", _construction),
    OP.WAVE_MATRIX_MULTIPLY: ("WaveMatrixMultiply", _wave_multiply),
    OP.THREADGROUP_MATRIX_MULTIPLY: ("ThreadGroupMatrixMultiply", _threadgroup_multiply),
    OP.THREAD_VECTOR_MATRIX_MULTIPLY: ("ThreadVectorMatrixMultiply", _vector_multiply),
    OP.THREAD_OUTER_PRODUCT: ("ThreadOuterProductSupport", _outer_product),
    OP.ATOMIC_ACCUMULATE_STORE: ("AccumulateStore", _accumulate_store),
}


def _operation(profile: DeviceProfile,
               data: D3D12_FEATURE_DATA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT) -> tuple[int, str]:
    try:
        operation = OP(operator.index(data.OperationType))
    except (TypeError, ValueError):
        valid = ", ".join(f"{o.name}={o.value}" for o in OP)
        return HRESULT.E_INVALIDARG, f"OperationType = {data.OperationType!r} is not a " \
                                     f"D3D12_LINEAR_ALGEBRA_OPERATION_TYPE ({valid})"
    member_name, answer = _OPERATIONS[operation]
    try:
        answer(profile, data)   # each answer checks every input before it writes anything
    except QueryError as problem:
        return HRESULT.E_INVALIDARG, f"{operation.name} ({member_name}): {problem}"
    return HRESULT.S_OK, ""


LINALG_HANDLERS: dict[int, tuple[type, Callable[[DeviceProfile, Any], tuple[int, str]]]] = {
    77: (D3D12_FEATURE_DATA_LINEAR_ALGEBRA_SUPPORT, _tier),
    78: (D3D12_FEATURE_DATA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT, _operation),
}
