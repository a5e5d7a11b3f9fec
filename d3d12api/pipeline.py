"""CreateComputePipelineState: a Python compute shader joined to a root signature, checked as D3D12 does.

The shader is `desc.CS.pShaderBytecode`, a `dxlinalg.gpu.ComputeShader` (see `compute_types`).
Creation checks what the runtime checks when it links DXIL to a root signature: every register
the shader declares is bound by a root parameter visible to compute (`ALL` visibility, space 0)
of the matching kind (t# -> root SRV, u# -> root UAV, b# -> root constants with at least the
values the shader reads, or a root CBV), and the shader's [WaveSize] is the device's wave size.
An SM 6.10 shader's linear-algebra operations must be ones the device reports (`linalg_pipeline`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from d3d12api.com import IUnknown
from d3d12api.compute_types import (
    D3D12_COMPUTE_PIPELINE_STATE_DESC,
    D3D12_PIPELINE_STATE_FLAGS,
    D3D12_ROOT_PARAMETER_TYPE,
)
from d3d12api.enums import enum_member
from d3d12api.hresult import D3D12DebugLayerError, D3D12Error, HRESULT
from d3d12api.linalg_pipeline import check_linalg_operations
from d3d12api.root_signature import ComputeRule, ID3D12RootSignature, RootSignatureLayout, raise_creation_error
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.gpu.groupshared import check_groupshared_size
from dxlinalg.gpu.resources import BindingDeclaration, RootConstants
from dxlinalg.gpu.shader import ComputeShader

if TYPE_CHECKING:
    from d3d12api.device import ID3D12Device

CREATE = "CreateComputePipelineState"

_PARAMETER_FOR_CLASS = {
    "t": "a root SRV (InitAsShaderResourceView({n}))",
    "u": "a root UAV (InitAsUnorderedAccessView({n}))",
    "b": "root constants (InitAsConstants(count, {n})) or a root CBV (InitAsConstantBufferView({n}))",
}


class ID3D12PipelineState(IUnknown):
    """A compute pipeline: the shader, its root signature, and which root parameter feeds each binding."""

    def __init__(self, device: "ID3D12Device", root_signature: ID3D12RootSignature, shader: ComputeShader,
                 slots: dict[str, int]) -> None:
        super().__init__()
        self.device = device
        self.root_signature = root_signature
        self.shader = shader
        #: shader binding name -> root parameter index
        self.slots = slots

    def __repr__(self) -> str:
        return f"<ID3D12PipelineState {self.name} shader={self.shader.name!r}>"

    @property
    def layout(self) -> RootSignatureLayout:
        return self.root_signature.layout

    def GetDevice(self) -> "ID3D12Device":
        return self.device


def create_compute_pipeline_state(device: "ID3D12Device", desc: Any) -> ID3D12PipelineState:
    try:
        root_signature, shader = _check_desc(device, desc)
        slots = {name: _slot_for(name, declaration, shader, root_signature.layout)
                 for name, declaration in shader.bindings.items()}
    except D3D12DebugLayerError as error:
        raise_creation_error(device, error)
    return ID3D12PipelineState(device, root_signature, shader, slots)


def _check_desc(device: "ID3D12Device", desc: Any) -> tuple[ID3D12RootSignature, ComputeShader]:
    def fail(message: str, rule: str = ComputeRule.PIPELINE_DESC) -> None:
        raise D3D12DebugLayerError(f"{CREATE}: {message}", rule=rule)

    if not isinstance(desc, D3D12_COMPUTE_PIPELINE_STATE_DESC):
        fail(f"pDesc is a {type(desc).__name__}, not a D3D12_COMPUTE_PIPELINE_STATE_DESC")
    root_signature = desc.pRootSignature
    if root_signature is None:
        fail("pDesc.pRootSignature is None; Python shaders carry no embedded [RootSignature], so pass the root "
             "signature")
    if not isinstance(root_signature, ID3D12RootSignature) or root_signature.device is not device:
        fail(f"pDesc.pRootSignature must be an ID3D12RootSignature of this device, got "
             f"{type(root_signature).__name__}")
    shader = desc.CS.pShaderBytecode
    if not isinstance(shader, ComputeShader):
        fail(f"pDesc.CS.pShaderBytecode is a {type(shader).__name__}; it must be a Python compute shader made "
             f"with @compute_shader (the emulator runs Python shaders, not DXIL)", ComputeRule.SHADER_BYTECODE)
    if desc.NodeMask not in (0, 1):
        fail(f"pDesc.NodeMask = {desc.NodeMask}, but the device has one node (use 0 or 1)")
    if enum_member(D3D12_PIPELINE_STATE_FLAGS, desc.Flags) not in (D3D12_PIPELINE_STATE_FLAGS.NONE,
                                                                    D3D12_PIPELINE_STATE_FLAGS.TOOL_DEBUG):
        fail(f"pDesc.Flags = {desc.Flags}: a compute pipeline takes D3D12_PIPELINE_STATE_FLAG_NONE or TOOL_DEBUG")
    if desc.CachedPSO.pCachedBlob is not None or desc.CachedPSO.CachedBlobSizeInBytes:
        device.debug_layer.messages.append(f"INFO [{CREATE}] pDesc.CachedPSO: the emulator has no pipeline cache; "
                                           f"no cached blob matches its driver")
        raise D3D12Error(HRESULT.D3D12_ERROR_DRIVER_VERSION_MISMATCH,
                         f"{CREATE}: pDesc.CachedPSO was not produced by this driver; create the pipeline "
                         f"without it")
    profile = device.profile
    if shader.wave_size is not None and shader.wave_size != profile.wave_size:
        fail(f"shader {shader.name!r} declares [WaveSize({shader.wave_size})] but the device runs waves of "
             f"{profile.wave_size} lanes (profile {profile.name!r}: WaveLaneCountMin = WaveLaneCountMax = "
             f"{profile.wave_size})", ComputeRule.WAVE_SIZE)
    try:
        check_groupshared_size(shader.groupshared_bytes, profile, f"shader {shader.name!r}")
    except InvalidArgumentError as error:
        fail(str(error), ComputeRule.GROUPSHARED_SIZE)
    check_linalg_operations(device, shader, f"{CREATE}: shader {shader.name!r}")
    return root_signature, shader


def _slot_for(name: str, declaration: BindingDeclaration, shader: ComputeShader, layout: RootSignatureLayout) -> int:
    """The root parameter that binds `declaration`, or a report of what is missing or too small."""
    register_class, number = declaration.register_class, int(declaration.register[1:])
    what = (f"shader {shader.name!r} declares {type(declaration).__name__} {name!r} at "
            f"register({declaration.register}, space0)")
    candidates = [(index, p) for index, p in enumerate(layout.parameters)
                  if (p.register_class, p.register, p.space) == (register_class, number, 0)]
    visible = [(index, p) for index, p in candidates if p.visible_to_compute]
    if not visible:
        hints = [f"root parameter [{index}] ({p.describe()}) is not visible to compute shaders, which see only "
                 f"D3D12_SHADER_VISIBILITY_ALL" for index, p in candidates]
        hints += [f"root parameter [{index}] is {p.describe()}, not a {register_class} register"
                  for index, p in enumerate(layout.parameters)
                  if p.register == number and p.space == 0 and p.register_class != register_class]
        raise D3D12DebugLayerError(
            f"{CREATE}: {what}, which no root parameter binds; it needs "
            f"{_PARAMETER_FOR_CLASS[register_class].format(n=number)}"
            + "".join(f"; {hint}" for hint in hints) + f" (root signature: {layout.describe()})",
            rule=ComputeRule.SHADER_BINDING)
    index, parameter = visible[0]
    if isinstance(declaration, RootConstants) and parameter.type == D3D12_ROOT_PARAMETER_TYPE._32BIT_CONSTANTS \
            and parameter.num_values < declaration.num_values:
        raise D3D12DebugLayerError(
            f"{CREATE}: {what} reading {declaration.num_values} 32-bit values, but root parameter [{index}] holds "
            f"Num32BitValues = {parameter.num_values}", rule=ComputeRule.SHADER_BINDING)
    return index
