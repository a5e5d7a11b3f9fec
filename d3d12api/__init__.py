"""d3d12api: a mock D3D12 device for cooperative-vector (linear algebra) host code, in Python.

Everything is importable under its D3D12 name, so C++ host code ports line by line::

    from d3d12api import *
    device = D3D12CreateDevice(None, D3D_FEATURE_LEVEL_12_0, profile="reference")
    tier = D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL()
    device.CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, tier, sizeof(tier))

docs/host-api.md is the guide: the C++ <-> Python mapping, the execution model, the debug layer
and every decision taken where the spec is silent. The SM 6.10 linear-algebra names (whose datatype
numbers differ from the 6.9 ones above) are in `d3d12api.sm610` (docs/sm610-d3d12.md).
"""

from d3d12api import compute_types as _compute_types
from d3d12api import sm610
from d3d12api import enums as _enums
from d3d12api import structs as _structs
from d3d12api.command_list import (
    ID3D12CommandAllocator,
    ID3D12GraphicsCommandList,
    ID3D12GraphicsCommandListPreview,
)
from d3d12api.commands import Command
from d3d12api.compute_commands import DispatchCommand
from d3d12api.compute_types import *  # noqa: F403  (root signature / pipeline enums, constants, structs)
from d3d12api.conversion import Rule
from d3d12api.d3dx12 import CD3DX12_HEAP_PROPERTIES, CD3DX12_RANGE, CD3DX12_RESOURCE_BARRIER, CD3DX12_RESOURCE_DESC
from d3d12api.d3dx12_compute import CD3DX12_ROOT_PARAMETER, CD3DX12_ROOT_SIGNATURE_DESC, CD3DX12_SHADER_BYTECODE
from d3d12api.device import (
    D3D12CooperativeVectorExperiment,
    D3D12CreateDevice,
    D3D12EnableExperimentalFeatures,
    D3D12ExperimentalShaderModels,
    ID3D12Device,
    ID3D12DevicePreview,
)
from d3d12api.enums import *  # noqa: F403  (enum classes, their members as C-named constants)
from d3d12api.hresult import (
    FAILED,
    SUCCEEDED,
    D3D12DebugLayerError,
    D3D12DebugLayerWarning,
    D3D12Error,
    ThrowIfFailed,
)
from d3d12api.pipeline import ID3D12PipelineState
from d3d12api.preview_header import (
    PREVIEW_HEADER_DATATYPE_VALUES,
    datatype_from_preview_header,
    preview_header_datatype,
)
from d3d12api.queue import ID3D12CommandQueue, ID3D12Fence
from d3d12api.resource import ID3D12Resource
from d3d12api.resource_states import StateRule
from d3d12api.root_signature import ComputeRule, D3D12SerializeRootSignature, ID3D12RootSignature, ID3DBlob
from d3d12api.structs import *  # noqa: F403  (struct classes, sizeof)

__all__ = sorted(_enums.__all__ + _structs.__all__ + _compute_types.__all__ + [
    "CD3DX12_HEAP_PROPERTIES", "CD3DX12_RANGE", "CD3DX12_RESOURCE_BARRIER", "CD3DX12_RESOURCE_DESC",
    "CD3DX12_ROOT_PARAMETER", "CD3DX12_ROOT_SIGNATURE_DESC", "CD3DX12_SHADER_BYTECODE", "Command", "ComputeRule",
    "D3D12SerializeRootSignature", "DispatchCommand", "ID3D12PipelineState", "ID3D12RootSignature", "ID3DBlob",
    "D3D12CooperativeVectorExperiment", "D3D12CreateDevice", "D3D12DebugLayerError", "D3D12DebugLayerWarning",
    "D3D12EnableExperimentalFeatures", "D3D12Error", "D3D12ExperimentalShaderModels", "FAILED",
    "ID3D12CommandAllocator", "ID3D12CommandQueue", "ID3D12Device", "ID3D12DevicePreview", "ID3D12Fence",
    "ID3D12GraphicsCommandList", "ID3D12GraphicsCommandListPreview", "ID3D12Resource",
    "PREVIEW_HEADER_DATATYPE_VALUES", "Rule", "StateRule", "SUCCEEDED", "ThrowIfFailed", "datatype_from_preview_header",
    "preview_header_datatype", "sm610",
])
