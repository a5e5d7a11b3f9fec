"""Root signatures: D3D12SerializeRootSignature, ID3DBlob, CreateRootSignature, and their rules.

A root signature is validated once, into a `RootSignatureLayout` (what each root parameter binds:
type, register, space, value count, visibility). The serialized blob is that layout in the
emulator's own byte format (a magic and JSON, not DXBC's RTS0 part): it round-trips through
`GetBufferPointer()` bytes into `CreateRootSignature`, and only this emulator reads it. Two root
signatures with the same layout are the same root signature (what `Dispatch` compares and what
`SetComputeRootSignature` keeps the bindings of).

`ComputeRule` names every check of compute work (root signatures, pipelines, command lists).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from d3d12api.com import IUnknown
from d3d12api.compute_types import (
    D3D12_MAX_ROOT_COST,
    D3D12_ROOT_PARAMETER,
    D3D12_ROOT_PARAMETER_TYPE,
    D3D12_ROOT_SIGNATURE_DESC,
    D3D12_ROOT_SIGNATURE_FLAGS,
    D3D12_SHADER_VISIBILITY,
    D3D_ROOT_SIGNATURE_VERSION,
)
from d3d12api.enums import enum_member
from d3d12api.hresult import D3D12DebugLayerError, D3D12Error, HRESULT
from d3d12api.structs import as_list

if TYPE_CHECKING:
    from d3d12api.device import ID3D12Device

UINT_MAX = 0xFFFFFFFF
_BLOB_MAGIC = b"DXLNRS1\0"


class ComputeRule:
    """Names of the compute checks (`D3D12DebugLayerError.rule`); docs/host-api.md lists them."""

    ROOT_SIGNATURE_DESC = "root signature description"
    ROOT_SIGNATURE_VERSION = "root signature version"
    ROOT_SIGNATURE_COST = "root signature size"
    REGISTER_OVERLAP = "root register overlap"
    ROOT_SIGNATURE_BLOB = "root signature blob"
    PIPELINE_DESC = "compute pipeline description"
    SHADER_BYTECODE = "compute shader bytecode"
    SHADER_BINDING = "shader register in root signature"
    WAVE_SIZE = "shader wave size"
    GROUPSHARED_SIZE = "shader groupshared size"
    COMMAND_LIST_TYPE = "compute command list type"
    PIPELINE_ARGUMENT = "pipeline state argument"
    ROOT_SIGNATURE_ARGUMENT = "root signature argument"
    ROOT_PARAMETER_INDEX = "root parameter index"
    ROOT_PARAMETER_TYPE = "root parameter type"
    ROOT_CONSTANTS_RANGE = "root constants range"
    ROOT_CONSTANTS_DATA = "root constants data"
    ROOT_DESCRIPTOR_ADDRESS = "root descriptor address"
    SRV_RESOURCE = "root SRV resource"
    UAV_RESOURCE = "root UAV resource"
    CBV_ALIGNMENT = "root CBV alignment"
    NO_PIPELINE = "no pipeline state"
    NO_ROOT_SIGNATURE = "no compute root signature"
    ROOT_SIGNATURE_MISMATCH = "root signature mismatch"
    THREAD_GROUP_COUNT = "thread group count"
    ROOT_ARGUMENT_UNSET = "root argument not set (undefined behaviour)"
    ROOT_DESCRIPTOR_MEMORY = "root descriptor inside a live resource (undefined behaviour)"
    SHADER_EXECUTION = "shader execution"


_REGISTER_CLASS = {
    D3D12_ROOT_PARAMETER_TYPE.SRV: "t",
    D3D12_ROOT_PARAMETER_TYPE.UAV: "u",
    D3D12_ROOT_PARAMETER_TYPE.CBV: "b",
    D3D12_ROOT_PARAMETER_TYPE._32BIT_CONSTANTS: "b",
}


def parameter_type_name(kind: D3D12_ROOT_PARAMETER_TYPE) -> str:
    """`SRV`, `UAV`, `CBV`, `32BIT_CONSTANTS`: the C constant's suffix."""
    return "32BIT_CONSTANTS" if kind == D3D12_ROOT_PARAMETER_TYPE._32BIT_CONSTANTS else kind.name


@dataclass(frozen=True)
class RootParameterLayout:
    """One root parameter as the GPU sees it: what it binds, at which register, for which stages."""

    type: D3D12_ROOT_PARAMETER_TYPE
    register: int
    space: int
    num_values: int  # Num32BitValues of root constants; 0 for root descriptors
    visibility: D3D12_SHADER_VISIBILITY

    @property
    def register_class(self) -> str:
        return _REGISTER_CLASS[self.type]

    @property
    def cost(self) -> int:
        """DWORDs of the root signature it takes (root constants 1 each, root descriptors 2)."""
        return self.num_values if self.type == D3D12_ROOT_PARAMETER_TYPE._32BIT_CONSTANTS else 2

    @property
    def is_descriptor(self) -> bool:
        return self.type != D3D12_ROOT_PARAMETER_TYPE._32BIT_CONSTANTS

    @property
    def visible_to_compute(self) -> bool:
        """Compute shaders see only D3D12_SHADER_VISIBILITY_ALL parameters."""
        return self.visibility == D3D12_SHADER_VISIBILITY.ALL

    def describe(self) -> str:
        text = f"{parameter_type_name(self.type)} {self.register_class}{self.register}"
        if self.space:
            text += f" space{self.space}"
        if not self.is_descriptor:
            text += f" x{self.num_values}"
        if not self.visible_to_compute:
            text += f" (visibility {self.visibility.name})"
        return text


@dataclass(frozen=True)
class RootSignatureLayout:
    """A validated root signature: its parameters in root-parameter-index order, and its flags."""

    parameters: tuple[RootParameterLayout, ...]
    flags: int

    def describe(self) -> str:
        return ", ".join(f"[{i}] {p.describe()}" for i, p in enumerate(self.parameters)) or "no parameters"

    def to_bytes(self) -> bytes:
        body = {"flags": int(self.flags),
                "parameters": [[int(p.type), p.register, p.space, p.num_values, int(p.visibility)]
                               for p in self.parameters]}
        return _BLOB_MAGIC + json.dumps(body, separators=(",", ":")).encode()

    @staticmethod
    def from_bytes(data: bytes) -> "RootSignatureLayout":
        """Parse `to_bytes` output; raises ValueError for anything else."""
        if not data.startswith(_BLOB_MAGIC):
            raise ValueError("it does not start with the root signature blob header")
        try:
            body = json.loads(data[len(_BLOB_MAGIC):].decode())
            parameters = tuple(
                RootParameterLayout(D3D12_ROOT_PARAMETER_TYPE(kind), _uint(register), _uint(space), _uint(count),
                                    D3D12_SHADER_VISIBILITY(visibility))
                for kind, register, space, count, visibility in body["parameters"])
            flags = _uint(body["flags"])
        except (UnicodeDecodeError, KeyError, TypeError, ValueError) as error:
            raise ValueError(f"its contents are damaged ({error})") from None
        return RootSignatureLayout(parameters, flags)


def _uint(value: object) -> int:
    if not isinstance(value, int) or not 0 <= value <= UINT_MAX:
        raise ValueError(f"{value!r} is not a UINT")
    return value


class ID3DBlob(IUnknown):
    """A blob of bytes (`GetBufferPointer()` returns `bytes`): a serialized root signature or an error text."""

    def __init__(self, data: bytes) -> None:
        super().__init__()
        self._data = bytes(data)

    def GetBufferPointer(self) -> bytes:
        return self._data

    def GetBufferSize(self) -> int:
        return len(self._data)


class ID3D12RootSignature(IUnknown):
    """A root signature created on a device; `layout` is what it binds."""

    def __init__(self, device: "ID3D12Device", layout: RootSignatureLayout) -> None:
        super().__init__()
        self.device = device
        self.layout = layout

    def __repr__(self) -> str:
        return f"<ID3D12RootSignature {self.name}: {self.layout.describe()}>"

    def GetDevice(self) -> "ID3D12Device":
        return self.device


# --- validation ---------------------------------------------------------------------------------

def _error(message: str, rule: str, hr: int = HRESULT.E_INVALIDARG) -> D3D12DebugLayerError:
    return D3D12DebugLayerError(message, rule=rule, hr=hr)


def layout_from_desc(desc: Any, call: str) -> RootSignatureLayout:
    """Validate a D3D12_ROOT_SIGNATURE_DESC into a layout; raises D3D12DebugLayerError with the HRESULT."""
    rule = ComputeRule.ROOT_SIGNATURE_DESC
    if not isinstance(desc, D3D12_ROOT_SIGNATURE_DESC):
        raise _error(f"{call}: pRootSignature is a {type(desc).__name__}, not a D3D12_ROOT_SIGNATURE_DESC", rule)
    flags = enum_member(D3D12_ROOT_SIGNATURE_FLAGS, desc.Flags)
    if flags is None:
        raise _error(f"{call}: pRootSignature.Flags = {desc.Flags} is not a combination of "
                     f"D3D12_ROOT_SIGNATURE_FLAGS", rule)
    if flags & D3D12_ROOT_SIGNATURE_FLAGS.LOCAL_ROOT_SIGNATURE:
        raise _error(f"{call}: D3D12_ROOT_SIGNATURE_FLAG_LOCAL_ROOT_SIGNATURE: local root signatures (raytracing) "
                     f"are not emulated", rule, HRESULT.E_NOTIMPL)
    if desc.NumStaticSamplers:
        raise _error(f"{call}: NumStaticSamplers = {desc.NumStaticSamplers}: static samplers (textures) are not "
                     f"emulated", rule, HRESULT.E_NOTIMPL)
    given = as_list(desc.pParameters)
    if not 0 <= desc.NumParameters <= len(given):
        raise _error(f"{call}: NumParameters = {desc.NumParameters} but pParameters holds {len(given)} "
                     f"parameter(s); C would read past the array", rule)
    parameters = tuple(_parameter_layout(parameter, index, call)
                       for index, parameter in enumerate(given[: desc.NumParameters]))
    layout = RootSignatureLayout(parameters, int(flags))
    check_layout(layout, call)
    return layout


def _parameter_layout(parameter: Any, index: int, call: str) -> RootParameterLayout:
    field = f"pParameters[{index}]"
    rule = ComputeRule.ROOT_SIGNATURE_DESC
    if not isinstance(parameter, D3D12_ROOT_PARAMETER):
        raise _error(f"{call}: {field} is a {type(parameter).__name__}, not a D3D12_ROOT_PARAMETER", rule)
    kind = enum_member(D3D12_ROOT_PARAMETER_TYPE, parameter.ParameterType)
    if kind is None:
        raise _error(f"{call}: {field}.ParameterType = {parameter.ParameterType} is not a "
                     f"D3D12_ROOT_PARAMETER_TYPE", rule)
    if kind == D3D12_ROOT_PARAMETER_TYPE.DESCRIPTOR_TABLE:
        raise _error(f"{call}: {field} is a descriptor table; descriptor heaps are not emulated, use root "
                     f"descriptors (InitAsShaderResourceView/UnorderedAccessView) and root constants",
                     rule, HRESULT.E_NOTIMPL)
    visibility = enum_member(D3D12_SHADER_VISIBILITY, parameter.ShaderVisibility)
    if visibility is None:
        raise _error(f"{call}: {field}.ShaderVisibility = {parameter.ShaderVisibility} is not a "
                     f"D3D12_SHADER_VISIBILITY", rule)
    if kind == D3D12_ROOT_PARAMETER_TYPE._32BIT_CONSTANTS:
        source, member = parameter.Constants, "Constants"
        values = {"ShaderRegister": source.ShaderRegister, "RegisterSpace": source.RegisterSpace,
                  "Num32BitValues": source.Num32BitValues}
    else:
        source, member = parameter.Descriptor, "Descriptor"
        values = {"ShaderRegister": source.ShaderRegister, "RegisterSpace": source.RegisterSpace,
                  "Num32BitValues": 0}
    for name, value in values.items():
        if not 0 <= value <= UINT_MAX:
            raise _error(f"{call}: {field}.{member}.{name} = {value} is not a UINT", rule)
    return RootParameterLayout(kind, values["ShaderRegister"], values["RegisterSpace"], values["Num32BitValues"],
                               visibility)


def check_layout(layout: RootSignatureLayout, call: str) -> None:
    """Rules of the whole signature: its size, and no register bound twice for one stage."""
    cost = sum(p.cost for p in layout.parameters)
    if cost > D3D12_MAX_ROOT_COST:
        raise _error(f"{call}: the root signature takes {cost} DWORDs (root constants 1 each, root descriptors 2); "
                     f"the limit is {D3D12_MAX_ROOT_COST} (D3D12_MAX_ROOT_COST): {layout.describe()}",
                     ComputeRule.ROOT_SIGNATURE_COST)
    for j, b in enumerate(layout.parameters):
        for i, a in enumerate(layout.parameters[:j]):
            same_register = (a.register_class, a.register, a.space) == (b.register_class, b.register, b.space)
            shared_stage = D3D12_SHADER_VISIBILITY.ALL in (a.visibility, b.visibility) or a.visibility == b.visibility
            if same_register and shared_stage:
                raise _error(f"{call}: root parameters [{i}] ({a.describe()}) and [{j}] ({b.describe()}) both bind "
                             f"register {b.register_class}{b.register} space{b.space} for the same shader stage",
                             ComputeRule.REGISTER_OVERLAP)


# --- the entry points ---------------------------------------------------------------------------

SERIALIZE = "D3D12SerializeRootSignature"
CREATE = "CreateRootSignature"


def D3D12SerializeRootSignature(pRootSignature: D3D12_ROOT_SIGNATURE_DESC, Version: int,
                                ppErrorBlob: list[ID3DBlob] | None = None) -> tuple[int, ID3DBlob | None]:
    """(S_OK, blob) or (failure HRESULT, None); with a list as `ppErrorBlob`, an error blob holding the
    message (UTF-8) is appended to it on failure, as C fills `*ppErrorBlob`.

    Only version 1.0 is serialized here (1.1 descs go through D3D12SerializeVersionedRootSignature in
    C, which is not emulated). Descriptor tables, static samplers and local root signatures: E_NOTIMPL.
    """
    try:
        if enum_member(D3D_ROOT_SIGNATURE_VERSION, Version) != D3D_ROOT_SIGNATURE_VERSION.VERSION_1_0:
            raise _error(f"{SERIALIZE}: Version = {Version}; a D3D12_ROOT_SIGNATURE_DESC is serialized as "
                         f"D3D_ROOT_SIGNATURE_VERSION_1 (1.1 needs D3D12SerializeVersionedRootSignature, "
                         f"not emulated)", ComputeRule.ROOT_SIGNATURE_VERSION)
        layout = layout_from_desc(pRootSignature, SERIALIZE)
    except D3D12DebugLayerError as error:
        if ppErrorBlob is not None:
            ppErrorBlob.append(ID3DBlob(error.message.encode()))
        return error.hr, None
    return HRESULT.S_OK, ID3DBlob(layout.to_bytes())


def create_root_signature(device: "ID3D12Device", node_mask: int, blob: Any,
                          length: int | None) -> ID3D12RootSignature:
    """CreateRootSignature: a serialized blob (ID3DBlob, its bytes, or a uint8 array) or the desc itself."""
    try:
        if node_mask not in (0, 1):
            raise _error(f"{CREATE}: nodeMask = {node_mask}, but the device has one node (use 0 or 1)",
                         ComputeRule.ROOT_SIGNATURE_BLOB)
        if isinstance(blob, D3D12_ROOT_SIGNATURE_DESC):
            layout = layout_from_desc(blob, CREATE)
        else:
            layout = _layout_from_blob(blob, length)
    except D3D12DebugLayerError as error:
        raise_creation_error(device, error)
    return ID3D12RootSignature(device, layout)


def _layout_from_blob(blob: Any, length: int | None) -> RootSignatureLayout:
    rule = ComputeRule.ROOT_SIGNATURE_BLOB
    if isinstance(blob, ID3DBlob):
        data = blob.GetBufferPointer()
    elif isinstance(blob, (bytes, bytearray, memoryview)):
        data = bytes(blob)
    elif isinstance(blob, np.ndarray) and blob.dtype == np.uint8:
        data = blob.tobytes()
    else:
        raise _error(f"{CREATE}: pBlobWithRootSignature is a {type(blob).__name__}; pass the ID3DBlob (or its "
                     f"GetBufferPointer() bytes) from D3D12SerializeRootSignature, or a D3D12_ROOT_SIGNATURE_DESC",
                     rule)
    if length is not None:
        if not 0 <= length <= len(data):
            raise _error(f"{CREATE}: blobLengthInBytes = {length} but the blob holds {len(data)} bytes; C would "
                         f"read past it", rule)
        data = data[:length]
    try:
        layout = RootSignatureLayout.from_bytes(data)
    except ValueError as problem:
        raise _error(f"{CREATE}: pBlobWithRootSignature is not a root signature serialized by "
                     f"D3D12SerializeRootSignature: {problem}", rule) from None
    check_layout(layout, CREATE)
    return layout


def raise_creation_error(device: "ID3D12Device", error: D3D12DebugLayerError) -> None:
    """A creation call failed: E_NOTIMPL raises plainly (not a broken rule); anything else goes through
    the debug layer (raising D3D12DebugLayerError when on) and then raises D3D12Error with its HRESULT."""
    if error.hr != HRESULT.E_NOTIMPL:
        device.debug_layer.error(error)
    raise D3D12Error(error.hr, error.message)
