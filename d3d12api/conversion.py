"""ConvertLinearAlgebraMatrix and GetLinearAlgebraMatrixConversionDestinationInfo: rules and execution.

Every rule of spec d3d12_hlsl.md §1.7 (hlsl-specs 0029 "Valid Usage") is one named check here,
raising `D3D12DebugLayerError` with the rule, the field and the values. Two kinds:

* invalid usage (`check_*`): broken "must"/"should" rules. The command list rejects the call:
  the debug layer raises; without it `Close()` returns E_INVALIDARG and the list never runs.
* undefined behaviour (`undefined_behaviour`): what the spec calls undefined (a DestSize below the
  queried size) and what a GPU cannot do safely (ranges outside live resources, overlapping
  ranges). The debug layer raises at record time; without it the call is recorded and executes
  as documented in `execute_conversion`, never writing outside a resource.

Layout and type -> bytes is `dxlinalg.profile.matrix_storage`'s job; this module only decides
what is allowed and where the bytes go. docs/host-api.md lists every decision made here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from d3d12api.enums import (
    D3D12_COMMAND_LIST_TYPE,
    D3D12_HEAP_TYPE,
    D3D12_LINEAR_ALGEBRA_DATATYPE,
    D3D12_LINEAR_ALGEBRA_MATRIX_DEST_VA_ALIGNMENT,
    D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT,
    D3D12_LINEAR_ALGEBRA_MATRIX_SIZE_GRANULE,
    D3D12_RESOURCE_FLAGS,
    D3D12_RESOURCE_STATES,
)
from d3d12api.hresult import D3D12DebugLayerError
from d3d12api.resource_states import Access
from d3d12api.structs import (
    D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO,
    D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO,
)
from dxlinalg.c_struct import is_integer
from dxlinalg.errors import DxLinalgError, UndefinedBehaviorError
from dxlinalg.numerics.component_types import ComponentType, MatrixLayout, type_info
from dxlinalg.numerics.layouts.strided import tight_stride
from dxlinalg.profile.conversion_rules import type_change_allowed
from dxlinalg.profile.matrix_storage import MatrixDescription, convert_matrix, destination_size, stored_size
from dxlinalg.profile.model import CooperativeVectorTier, DeviceProfile

if TYPE_CHECKING:
    from d3d12api.device import ID3D12Device

CONVERT = "ConvertLinearAlgebraMatrix"
QUERY = "GetLinearAlgebraMatrixConversionDestinationInfo"
UINT_MAX = 0xFFFFFFFF
#: The states a conversion uses its buffers in (0029, legacy barriers).
CONVERSION_SOURCE_STATE = int(D3D12_RESOURCE_STATES.NON_PIXEL_SHADER_RESOURCE)
CONVERSION_DEST_STATE = int(D3D12_RESOURCE_STATES.UNORDERED_ACCESS)
CONVERSION_STATES_CITE = ("0029 CommandList interactions: the source buffer is in NON_PIXEL_SHADER_RESOURCE, "
                          "the destination in UNORDERED_ACCESS")
#: Emulator limit on NumRows * NumColumns (host memory for layout tables); larger is rejected.
MAX_MATRIX_ELEMENTS = 1 << 24


class Rule:
    """Names of the checked rules (`D3D12DebugLayerError.rule`); the messages cite the spec."""

    TIER = "cooperative-vector tier"
    UINT_RANGE = "UINT range"
    NOT_AN_INTEGER = "integer field"
    LAYOUT_VALUE = "layout value"
    DATATYPE_VALUE = "datatype value"
    SHAPE = "matrix shape"
    SIZE_LIMIT = "matrix size limit"
    TYPE_SUPPORT = "matrix type support"
    FP8_LAYOUT = "FP8 destination layout"
    DEST_STRIDE = "destination stride"
    SRC_STRIDE = "source stride"
    TYPE_CHANGE = "type conversion"
    DEST_SIZE_GRANULE = "DestSize multiple of 16"
    DEST_VA_ALIGNMENT = "DestVA alignment"
    SRC_SIZE = "SrcSize"
    DEST_RESOURCE_STATE = "destination resource state"
    SRC_RESOURCE_STATE = "source resource state"
    COMMAND_LIST_TYPE = "command list type"
    DESC_COUNT = "DescCount"
    DESC_TYPE = "descriptor type"
    DEST_SIZE_TOO_SMALL = "DestSize below the queried size (undefined behaviour)"
    SRC_MEMORY = "source inside a live resource (undefined behaviour)"
    DEST_MEMORY = "destination inside a live resource (undefined behaviour)"
    OVERLAP = "overlapping ranges (undefined behaviour)"


def _error(call: str, message: str, rule: str, cite: str) -> D3D12DebugLayerError:
    return D3D12DebugLayerError(f"{call}: {message} ({cite})", rule=rule)


def allowed_matrix_types(profile: DeviceProfile) -> frozenset[ComponentType]:
    """Types a conversion may read or write on this device: its matrix types, and FLOAT32.

    0029: "If SrcComponentType is not a supported MatrixInterpretation value as reported by
    CheckFeatureSupport() then SrcComponentType should be FLOAT32" (same for the destination).
    The matrices of OuterProductAccumulate are stored as its AccumulationType, so those count too.
    """
    types = {p.matrix_interpretation for p in profile.mul_properties}
    types |= {p.accumulation_type for p in profile.outer_product_properties}
    return frozenset(types | {ComponentType.F32})


def _type_names(types: frozenset[ComponentType]) -> str:
    return ", ".join(D3D12_LINEAR_ALGEBRA_DATATYPE(int(t)).name for t in sorted(types))


@dataclass(frozen=True)
class ConversionRequest:
    """One descriptor's values, captured at record time (C copies them into the command list)."""

    index: int
    source: MatrixDescription
    src_size: int
    src_va: int
    destination: MatrixDescription
    dest_size: int
    dest_va: int

    @property
    def field(self) -> str:
        return f"pDesc[{self.index}]"


def _seed_type_name(component_type: ComponentType) -> str:
    return D3D12_LINEAR_ALGEBRA_DATATYPE(int(component_type)).name


@dataclass(frozen=True)
class ConversionRules:
    """What the conversion rules of one runtime are: SM 6.9's (0029, `SM69_RULES`, below) or SM 6.10's
    (`linalg_conversion.SM610_RULES`). The checks shared by both (layouts, shapes, strides, sizes, VAs,
    resource states) stay in this module; the device picks the rules by the shader model it was created for."""

    name: str
    check_tier: Callable[[DeviceProfile, str], None]
    #: (call, field, value, profile) -> the type a datatype field names, checked against the device's types
    datatype: Callable[[str, str, object, DeviceProfile], ComponentType]
    type_name: Callable[[ComponentType], str]
    #: (call, field, source, destination): raises when the type may not change so
    check_type_change: Callable[[str, str, ComponentType, ComponentType], None]
    fp8_destination_needs_optimal: bool


def check_tier(profile: DeviceProfile, call: str) -> None:
    if profile.tier == CooperativeVectorTier.NOT_SUPPORTED:
        raise _error(call, f"the device reports D3D12_COOPERATIVE_VECTOR_TIER_NOT_SUPPORTED (profile "
                           f"{profile.name!r})", Rule.TIER, "0029: the conversion API needs tier 1_0 or higher")


def _integer(call: str, field: str, value: object) -> int:
    """A C integer field's value. Assignment to a struct is not validated, so 40.0, "40" or None may
    arrive here: they are reported as bad values of the field, never truncated as C would."""
    if not is_integer(value):
        raise _error(call, f"{field} = {value!r} is not an integer", Rule.NOT_AN_INTEGER, "C integer field")
    return int(value)  # type: ignore[call-overload]


def _check_uint(call: str, field: str, value: object) -> int:
    value = _integer(call, field, value)
    if not 0 <= value <= UINT_MAX:
        raise _error(call, f"{field} = {value} is not a UINT (0 .. {UINT_MAX})", Rule.UINT_RANGE, "C type UINT")
    return value


def _layout(call: str, field: str, value: int) -> MatrixLayout:
    try:
        return MatrixLayout(int(D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT(_integer(call, field, value))))
    except ValueError:
        raise _error(call, f"{field} = {value} is not a D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT (0 ROW_MAJOR, "
                           f"1 COLUMN_MAJOR, 2 MUL_OPTIMAL, 3 OUTER_PRODUCT_OPTIMAL)", Rule.LAYOUT_VALUE,
                     "§1.5 layout enum") from None


def _datatype(call: str, field: str, value: int, profile: DeviceProfile) -> ComponentType:
    try:
        datatype = D3D12_LINEAR_ALGEBRA_DATATYPE(_integer(call, field, value))
    except ValueError:
        valid = ", ".join(f"{m.name}={m.value}" for m in D3D12_LINEAR_ALGEBRA_DATATYPE)
        raise _error(call, f"{field} = {value} is not a D3D12_LINEAR_ALGEBRA_DATATYPE value (seed numbering: "
                           f"{valid}; convert shipped-header values with datatype_from_preview_header)",
                     Rule.DATATYPE_VALUE, "§1.3 datatype enum") from None
    component_type = ComponentType(int(datatype))
    allowed = allowed_matrix_types(profile)
    if component_type not in allowed:
        raise _error(call, f"{field} = {datatype.name} is not a MatrixInterpretation this device reports, so it "
                           f"must be FLOAT32 (profile {profile.name!r} converts {_type_names(allowed)})",
                     Rule.TYPE_SUPPORT, "0029 valid usage: a type that is not a supported "
                                        "MatrixInterpretation should be FLOAT32")
    return component_type


def _check_shape(call: str, field: str, rows: int, cols: int) -> None:
    _check_uint(call, f"{field}.NumRows", rows)
    _check_uint(call, f"{field}.NumColumns", cols)
    if rows < 1 or cols < 1:
        raise _error(call, f"{field}.NumRows = {rows}, {field}.NumColumns = {cols}: a matrix has at least one "
                           f"row and one column", Rule.SHAPE, "§1.5: NumRows, NumColumns")
    if rows * cols > MAX_MATRIX_ELEMENTS:
        raise _error(call, f"{field}.NumRows = {rows} x {field}.NumColumns = {cols} = {rows * cols} elements is past "
                           f"the emulator's limit of {MAX_MATRIX_ELEMENTS}", Rule.SIZE_LIMIT, "emulator limit")


def _check_stride(call: str, field: str, stride: int, rows: int, cols: int, component_type: ComponentType,
                  layout: MatrixLayout, multiple_of: int, rule: str, cite: str,
                  type_name: Callable[[ComponentType], str] = _seed_type_name) -> None:
    tight = tight_stride(rows, cols, component_type, layout)
    what = "row" if layout == MatrixLayout.RowMajor else "column"
    if stride < tight:
        raise _error(call, f"{field} = {stride} is shorter than one {what} ({tight} bytes for {rows} x {cols} "
                           f"{type_name(component_type)} "
                           f"{D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT(int(layout)).name})", rule, cite)
    if stride % multiple_of:
        raise _error(call, f"{field} = {stride} is not a multiple of {multiple_of} bytes", rule, cite)


def check_dest_info(dest: D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO, profile: DeviceProfile,
                    call: str, field: str, rules: ConversionRules | None = None) -> MatrixDescription:
    """The destination rules shared by the size query and the conversion; returns its description.

    DestStride is read only for row/column-major destinations: the seed's example says the stride
    "is ignored since optimal layout is implementation dependent", so it is not checked there.
    """
    rules = rules or SM69_RULES
    rules.check_tier(profile, call)
    layout = _layout(call, f"{field}.DestLayout", dest.DestLayout)
    component_type = rules.datatype(call, f"{field}.DestDataType", dest.DestDataType, profile)
    rows = _integer(call, f"{field}.NumRows", dest.NumRows)
    cols = _integer(call, f"{field}.NumColumns", dest.NumColumns)
    _check_shape(call, field, rows, cols)
    if rules.fp8_destination_needs_optimal and type_info(component_type).is_fp8 and not layout.is_optimal:
        raise _error(call, f"{field}.DestDataType = {rules.type_name(component_type)} with "
                           f"{field}.DestLayout = {D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT(int(layout)).name}: FP8 "
                           f"destinations need MUL_OPTIMAL or OUTER_PRODUCT_OPTIMAL", Rule.FP8_LAYOUT,
                     "0029 valid usage: an E4M3/E5M2 DestComponentType needs an optimal DestLayout")
    stride = 0
    if not layout.is_optimal:
        stride = _check_uint(call, f"{field}.DestStride", dest.DestStride)
        _check_stride(call, f"{field}.DestStride", stride, rows, cols, component_type, layout,
                      D3D12_LINEAR_ALGEBRA_MATRIX_SIZE_GRANULE, Rule.DEST_STRIDE,
                      "§1.7: a row/column-major DestStride is at least one row/column and a multiple of 16",
                      rules.type_name)
    destination = MatrixDescription(rows, cols, component_type, layout, stride)
    _check_optimal_format(call, f"{field}.DestDataType", destination, profile, rules.type_name)
    return destination


def _check_optimal_format(call: str, field: str, desc: MatrixDescription, profile: DeviceProfile,
                          type_name: Callable[[ComponentType], str]) -> None:
    """An optimal layout is a byte format of the profile; a type it has none for cannot be converted to it
    (the NVIDIA format has none for 32-bit integers). 0029's devices never ask: their types all have one."""
    if not desc.layout.is_optimal:
        return
    try:
        stored_size(desc, profile)
    except DxLinalgError as problem:
        raise _error(call, f"{field} = {type_name(desc.component_type)}: this device has no "
                           f"{D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT(int(desc.layout)).name} format for it ({problem})",
                     Rule.TYPE_SUPPORT, f"profile {profile.name!r}: optimal layout formats") from None


def query_destination_size(dest: D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO, profile: DeviceProfile,
                           field: str = "pDesc", call: str = QUERY, rules: ConversionRules | None = None) -> int:
    """The DestSize the device reports: a multiple of 16 that depends only on the destination info."""
    size = destination_size(check_dest_info(dest, profile, call, field, rules), profile)
    if size > UINT_MAX:
        raise _error(call, f"{field}: the destination needs {size} bytes, more than a UINT DestSize holds",
                     Rule.UINT_RANGE, "C type UINT")
    return size


def check_conversion(info: D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO, index: int,
                     profile: DeviceProfile, rules: ConversionRules | None = None) -> ConversionRequest:
    """Every invalid-usage rule of one descriptor, in the order a reader checks them."""
    rules = rules or SM69_RULES
    call, field = CONVERT, f"pDesc[{index}]"
    if not isinstance(info, D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO):
        raise _error(call, f"{field} is a {type(info).__name__}, not a D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO",
                     Rule.DESC_TYPE, "§1.5 conversion structs")
    dest, src, data = info.DestInfo, info.SrcInfo, info.DataDesc
    destination = check_dest_info(dest, profile, call, f"{field}.DestInfo", rules)
    src_layout = _layout(call, f"{field}.SrcInfo.SrcLayout", src.SrcLayout)
    src_type = rules.datatype(call, f"{field}.SrcInfo.SrcDataType", src.SrcDataType, profile)
    src_stride = 0
    if not src_layout.is_optimal:
        src_stride = _check_uint(call, f"{field}.SrcInfo.SrcStride", src.SrcStride)
        _check_stride(call, f"{field}.SrcInfo.SrcStride", src_stride, destination.rows, destination.cols,
                      src_type, src_layout, type_info(src_type).size_bytes, Rule.SRC_STRIDE,
                      "§1.7: a row/column-major SrcStride is at least one row/column and a multiple of the "
                      "element size", rules.type_name)
    source = MatrixDescription(destination.rows, destination.cols, src_type, src_layout, src_stride)
    _check_optimal_format(call, f"{field}.SrcInfo.SrcDataType", source, profile, rules.type_name)
    rules.check_type_change(call, field, src_type, destination.component_type)
    dest_size = _check_uint(call, f"{field}.DestInfo.DestSize", dest.DestSize)
    if dest_size % D3D12_LINEAR_ALGEBRA_MATRIX_SIZE_GRANULE:
        raise _error(call, f"{field}.DestInfo.DestSize = {dest_size} is not a multiple of 16", Rule.DEST_SIZE_GRANULE,
                     "§1.7: DestSize is a multiple of 16 bytes")
    dest_va = _integer(call, f"{field}.DataDesc.DestVA", data.DestVA)
    if dest_va % D3D12_LINEAR_ALGEBRA_MATRIX_DEST_VA_ALIGNMENT:
        raise _error(call, f"{field}.DataDesc.DestVA = 0x{dest_va:x} is not 128-byte aligned (0x{dest_va:x} % 128 "
                           f"= {dest_va % 128})", Rule.DEST_VA_ALIGNMENT, "§1.7: DestVA is 128-byte aligned")
    src_size = _check_uint(call, f"{field}.SrcInfo.SrcSize", src.SrcSize)
    needed = stored_size(source, profile)
    if src_size < needed:
        raise _error(call, f"{field}.SrcInfo.SrcSize = {src_size} is smaller than the {needed} bytes a "
                           f"{source.rows} x {source.cols} {rules.type_name(src_type)} "
                           f"{D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT(int(src_layout)).name} source spans"
                           + (f" with SrcStride {src_stride}" if not src_layout.is_optimal else ""),
                     Rule.SRC_SIZE, "§1.5: SrcSize is the length in bytes of the source data")
    src_va = _integer(call, f"{field}.DataDesc.SrcVA", data.SrcVA)
    return ConversionRequest(index, source, src_size, src_va, destination, dest_size, dest_va)


def _check_type_change(call: str, field: str, src: ComponentType, dst: ComponentType) -> None:
    if type_change_allowed(src, dst):
        return
    names = [D3D12_LINEAR_ALGEBRA_DATATYPE(int(t)).name for t in (src, dst)]
    integer = not (type_info(src).is_float and type_info(dst).is_float)
    raise _error(call, f"{field}.SrcInfo.SrcDataType = {names[0]} -> {field}.DestInfo.DestDataType = {names[1]}: "
                       f"types may differ only between FLOAT32/FLOAT16 and a lower-precision float"
                       + (" (integer types convert only to themselves)" if integer else ""),
                 Rule.TYPE_CHANGE, "0029 valid usage: if the types differ, one is FLOAT32 or FLOAT16 and the "
                                   "other a lower-precision float")


SM69_RULES = ConversionRules("0029", check_tier, _datatype, _seed_type_name, _check_type_change,
                             fp8_destination_needs_optimal=True)


def check_command_list_type(list_type: int) -> None:
    if list_type not in (D3D12_COMMAND_LIST_TYPE.DIRECT, D3D12_COMMAND_LIST_TYPE.COMPUTE):
        raise _error(CONVERT, f"recorded on a {D3D12_COMMAND_LIST_TYPE(list_type).name} command list",
                     Rule.COMMAND_LIST_TYPE, "§1.7: the call works on compute and graphics (DIRECT) lists")


def check_resources(request: ConversionRequest, device: "ID3D12Device") -> None:
    """Resource-state rules (§1.7 barriers) for the ranges that do land in a resource."""
    field = request.field
    dest = device.resource_at(request.dest_va)
    if dest is not None and not dest.flags & D3D12_RESOURCE_FLAGS.ALLOW_UNORDERED_ACCESS:
        raise _error(CONVERT, f"{field}.DataDesc.DestVA = 0x{request.dest_va:x} is in {dest.name} ({dest.heap_type.name} "
                              f"heap, Flags {dest.flags!r}), which cannot be in the UNORDERED_ACCESS state the "
                              f"destination is written in; create it with D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS",
                     Rule.DEST_RESOURCE_STATE, "§1.7 barriers: destination UNORDERED_ACCESS")
    src = device.resource_at(request.src_va)
    if src is not None and src.heap_type == D3D12_HEAP_TYPE.READBACK:
        raise _error(CONVERT, f"{field}.DataDesc.SrcVA = 0x{request.src_va:x} is in {src.name}, a READBACK heap "
                              f"resource, which stays in COPY_DEST and cannot be read by the conversion",
                     Rule.SRC_RESOURCE_STATE, "§1.7 barriers: source NON_PIXEL_SHADER_RESOURCE")


def conversion_accesses(requests: list[ConversionRequest], device: "ID3D12Device") -> list[Access]:
    """The resource states a conversion needs: its source in NON_PIXEL_SHADER_RESOURCE, its destination in
    UNORDERED_ACCESS (0029 "CommandList interactions", legacy barriers). Ranges in no resource are
    `undefined_behaviour`'s concern, not a state's."""
    accesses = []
    for request in requests:
        for va, size, state, role in ((request.src_va, request.src_size, CONVERSION_SOURCE_STATE, "source"),
                                      (request.dest_va, request.dest_size, CONVERSION_DEST_STATE, "destination")):
            resource = device.resource_at(va)
            if resource is not None:
                start = va - resource.GetGPUVirtualAddress()
                accesses.append(Access(resource, state, start, start + size, f"the {role} of {request.field}",
                                       CONVERSION_STATES_CITE))
    return accesses


def undefined_behaviour(requests: list[ConversionRequest], device: "ID3D12Device",
                        profile: DeviceProfile) -> list[D3D12DebugLayerError]:
    """What would be undefined on a GPU, one report per problem (empty when all is well)."""
    reports = []
    for request in requests:
        field = request.field
        queried = destination_size(request.destination, profile)
        if request.dest_size < queried:
            reports.append(_error(CONVERT, f"{field}.DestInfo.DestSize = {request.dest_size} is smaller than the "
                                           f"{queried} bytes GetLinearAlgebraMatrixConversionDestinationInfo reports "
                                           f"for this destination", Rule.DEST_SIZE_TOO_SMALL,
                                  "0029: a DestSize below the queried size is undefined behaviour"))
        for va, size, what, rule in ((request.src_va, request.src_size, "SrcVA", Rule.SRC_MEMORY),
                                     (request.dest_va, request.dest_size, "DestVA", Rule.DEST_MEMORY)):
            try:
                device.address_space.resolve(va, size, f"{field}.DataDesc.{what} range of {size} bytes")
            except UndefinedBehaviorError as problem:
                reports.append(_error(CONVERT, str(problem), rule, "a GPU would fault or corrupt memory"))
    reports.extend(_overlaps(requests))
    return reports


def _overlaps(requests: list[ConversionRequest]) -> list[D3D12DebugLayerError]:
    """A destination may overlap neither its own source nor any range of the same call."""
    reports = []
    for i, a in enumerate(requests):
        dest = (a.dest_va, a.dest_va + a.dest_size)
        for j, b in enumerate(requests):
            others = [("source", b.src_va, b.src_va + b.src_size)]
            if j > i:
                others.append(("destination", b.dest_va, b.dest_va + b.dest_size))
            for what, start, end in others:
                if dest[0] < end and start < dest[1] and dest[0] < dest[1] and start < end:
                    reports.append(_error(
                        CONVERT, f"{a.field} destination [0x{dest[0]:x}, 0x{dest[1]:x}) overlaps {b.field} {what} "
                                 f"[0x{start:x}, 0x{end:x})", Rule.OVERLAP,
                        "conversions read and write in parallel on a GPU; the emulator without the debug layer "
                        "reads each whole source before writing"))
    return reports


def execute_conversion(request: ConversionRequest, device: "ID3D12Device") -> None:
    """Run one conversion: snapshot the source (when it shares a buffer with the destination), convert,
    write the destination.

    Undefined cases run as documented, never writing outside a resource: a source range that is
    not inside one live resource, or a DestVA outside every live resource, skips the conversion;
    a destination whose DestSize is below what the layout needs still gets every byte the layout
    writes (as hardware would), cut off at the end of its resource.
    """
    profile = device.profile
    field = request.field
    try:
        src_buffer, src_offset = device.address_space.resolve(
            request.src_va, request.src_size, f"{CONVERT} {field} source at execution")
    except UndefinedBehaviorError as problem:
        device.debug_layer.error(D3D12DebugLayerError(f"{problem}; the conversion is skipped",
                                                      rule=f"GPU-based validation: {Rule.SRC_MEMORY}"))
        return
    try:
        dest_buffer, dest_offset = device.address_space.resolve(
            request.dest_va, 0, f"{CONVERT} {field} destination at execution")
    except UndefinedBehaviorError as problem:
        device.debug_layer.error(D3D12DebugLayerError(f"{problem}; the conversion is skipped",
                                                      rule=f"GPU-based validation: {Rule.DEST_MEMORY}"))
        return
    source = src_buffer.data[src_offset: src_offset + request.src_size]
    if src_buffer is dest_buffer:    # the destination may overlap it: read the whole source first
        source = source.copy()
    needed = stored_size(request.destination, profile)
    end = min(dest_offset + needed, dest_buffer.size)
    if end - dest_offset == needed:
        convert_matrix(source, request.source, dest_buffer.data[dest_offset:end], request.destination, profile)
    else:
        scratch = np.zeros(needed, np.uint8)
        scratch[: end - dest_offset] = dest_buffer.data[dest_offset:end]
        convert_matrix(source, request.source, scratch, request.destination, profile)
        dest_buffer.data[dest_offset:end] = scratch[: end - dest_offset]
    dest_buffer.mark_written()
