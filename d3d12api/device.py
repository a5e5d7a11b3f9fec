"""The mock D3D12 device: D3D12CreateDevice, feature queries, object creation.

The device answers as its `dxlinalg` device profile says (tier, property lists, optimal layouts,
float conversion), owns the GPU virtual address space its resources live in, and owns the debug
layer that reports broken rules. Calling convention: methods returning HRESULT in C++ return an
int HRESULT and fill out-structs in place; creation methods return the new object and raise
`D3D12Error` (with `.hr`) on failure.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from d3d12api.com import IUnknown
from d3d12api.command_list import ID3D12CommandAllocator, ID3D12GraphicsCommandList
from d3d12api.compute_types import D3D12_COMPUTE_PIPELINE_STATE_DESC
from d3d12api.conversion import QUERY, query_destination_size
from d3d12api.debug_layer import DebugLayer
from d3d12api.enums import (
    D3D12_COMMAND_LIST_FLAGS,
    D3D12_COMMAND_LIST_TYPE,
    D3D12_FENCE_FLAGS,
    D3D_FEATURE_LEVEL,
    D3D_SHADER_MODEL,
)
from d3d12api.features import DEVICE_SHADER_MODELS, check_feature_support
from d3d12api.hresult import D3D12DebugLayerError, D3D12Error, HRESULT
from d3d12api.linalg_conversion import rules_for
from d3d12api.pipeline import ID3D12PipelineState, create_compute_pipeline_state
from d3d12api.queue import ID3D12CommandQueue, ID3D12Fence
from d3d12api.resource import ID3D12Resource, create_committed_resource
from d3d12api.root_signature import ID3D12RootSignature, create_root_signature
from d3d12api.structs import (
    D3D12_COMMAND_QUEUE_DESC,
    D3D12_HEAP_PROPERTIES,
    D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO,
    D3D12_RESOURCE_DESC,
)
from dxlinalg.errors import DxLinalgError
from dxlinalg.memory.address_space import AddressSpace
from dxlinalg.profile.model import DeviceProfile
from dxlinalg.profile.registry import DEFAULT_PROFILE, load_profile

#: The feature level the emulated device supports.
MAX_FEATURE_LEVEL = D3D_FEATURE_LEVEL.LEVEL_12_2
#: Command list types the emulator runs (bundles and video lists are not emulated).
EMULATED_LIST_TYPES = (D3D12_COMMAND_LIST_TYPE.DIRECT, D3D12_COMMAND_LIST_TYPE.COMPUTE, D3D12_COMMAND_LIST_TYPE.COPY)

#: Experimental-feature UUIDs preview applications enable before creating the device.
D3D12ExperimentalShaderModels = uuid.UUID("76f5573e-f13a-40f5-b297-81ce9e18933f")
D3D12CooperativeVectorExperiment = uuid.UUID("384748be-cca5-471e-a125-5cc997e04d39")
_EXPERIMENTS = {D3D12ExperimentalShaderModels, D3D12CooperativeVectorExperiment}


class ID3D12DevicePreview(IUnknown):
    """The preview interface that carries GetLinearAlgebraMatrixConversionDestinationInfo (§1.6)."""


class ID3D12Device(ID3D12DevicePreview):
    """One emulated adapter with one device profile; implements ID3D12DevicePreview too."""

    def __init__(self, profile: DeviceProfile, debug: bool,
                 shader_model: D3D_SHADER_MODEL = D3D_SHADER_MODEL.SHADER_MODEL_6_9) -> None:
        super().__init__()
        self.profile = profile
        #: The runtime this device speaks: SHADER_MODEL_6_9 (cooperative vectors, 0029's conversion rules) or
        #: SHADER_MODEL_6_10 (linear algebra: features 77/78, 6.10's conversion rules, pipeline checks).
        self.shader_model = shader_model
        self.debug_layer = DebugLayer(debug)
        self.address_space = AddressSpace()
        self._resources: dict[int, ID3D12Resource] = {}  # Buffer.id -> resource

    def __repr__(self) -> str:
        return f"<ID3D12Device profile={self.profile.name!r} debug={self.debug} {self.shader_model.name}>"

    @property
    def debug(self) -> bool:
        return self.debug_layer.enabled

    # --- queries -----------------------------------------------------------------------------

    def CheckFeatureSupport(self, Feature: int, pFeatureSupportData: Any, FeatureSupportDataSize: int | None = None) -> int:
        """S_OK and the struct filled, or E_INVALIDARG (unknown feature, wrong struct or size, short list).

        Failures are results of the probe protocol, not errors: they are returned, never raised.
        """
        hr, why = check_feature_support(self.profile, Feature, pFeatureSupportData, FeatureSupportDataSize,
                                        self.shader_model)
        if why:
            self.debug_layer.messages.append(f"INFO [CheckFeatureSupport] {why}")
        return hr

    def GetLinearAlgebraMatrixConversionDestinationInfo(self, pDesc: D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO) -> None:
        """Write pDesc.DestSize: a multiple of 16 that depends only on the destination info.

        The datatype numbering and the rules are the runtime's the device was created for (6.9: 0029's;
        6.10: the linear-algebra runtime spec's, `linalg_conversion`).

        A description that breaks a rule raises with the debug layer; without it DestSize is set
        to 0 (which no conversion accepts) and the message is logged.
        """
        if not isinstance(pDesc, D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO):
            self.debug_layer.error(D3D12DebugLayerError(
                f"{QUERY}: pDesc is a {type(pDesc).__name__}, not a D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO",
                rule="descriptor type"))
            return
        try:
            pDesc.DestSize = query_destination_size(pDesc, self.profile, rules=rules_for(self))
        except D3D12DebugLayerError as error:
            pDesc.DestSize = 0
            self.debug_layer.error(error)

    def GetDeviceRemovedReason(self) -> int:
        return HRESULT.S_OK

    def GetNodeCount(self) -> int:
        return 1

    # --- creation ----------------------------------------------------------------------------

    def CreateCommittedResource(self, pHeapProperties: D3D12_HEAP_PROPERTIES, HeapFlags: int,
                                pDesc: D3D12_RESOURCE_DESC, InitialResourceState: int,
                                pOptimizedClearValue: Any = None) -> ID3D12Resource:
        """A buffer in its own heap (textures: E_NOTIMPL)."""
        return create_committed_resource(self, pHeapProperties, HeapFlags, pDesc, InitialResourceState,
                                         pOptimizedClearValue)

    def CreateCommandQueue(self, pDesc: D3D12_COMMAND_QUEUE_DESC) -> ID3D12CommandQueue:
        self._check_list_type(getattr(pDesc, "Type", None), "CreateCommandQueue: pDesc.Type")
        return ID3D12CommandQueue(self, pDesc)

    def CreateCommandAllocator(self, type: int) -> ID3D12CommandAllocator:
        return ID3D12CommandAllocator(self, self._check_list_type(type, "CreateCommandAllocator: type"))

    def CreateCommandList(self, nodeMask: int, type: int, pCommandAllocator: ID3D12CommandAllocator,
                          pInitialState: Any = None) -> ID3D12GraphicsCommandList:
        """A list of `type`, open for recording into `pCommandAllocator` (of the same type)."""
        list_type = self._check_list_type(type, "CreateCommandList: type")
        self._check_node_mask(nodeMask, "CreateCommandList")
        if not isinstance(pCommandAllocator, ID3D12CommandAllocator) or pCommandAllocator.type != list_type:
            given = (f"a {pCommandAllocator.type.name} allocator" if isinstance(pCommandAllocator, ID3D12CommandAllocator)
                     else type(pCommandAllocator).__name__)
            self._fail(f"CreateCommandList: pCommandAllocator is {given}; a {list_type.name} list needs a "
                       f"{list_type.name} command allocator", "command allocator")
        if pCommandAllocator.recording_list is not None:
            self._fail(f"CreateCommandList: pCommandAllocator is in use by {pCommandAllocator.recording_list.name}, "
                       f"which is still recording", "command allocator")
        return ID3D12GraphicsCommandList(self, list_type, pCommandAllocator, pInitialState)

    def CreateCommandList1(self, nodeMask: int, type: int, flags: int = D3D12_COMMAND_LIST_FLAGS.NONE) -> ID3D12GraphicsCommandList:
        """A closed list with no allocator (ID3D12Device4); Reset it to record."""
        list_type = self._check_list_type(type, "CreateCommandList1: type")
        self._check_node_mask(nodeMask, "CreateCommandList1")
        return ID3D12GraphicsCommandList(self, list_type, None, None, closed=True)

    def CreateFence(self, InitialValue: int, Flags: int = D3D12_FENCE_FLAGS.NONE) -> ID3D12Fence:
        return ID3D12Fence(self, int(InitialValue))

    def CreateRootSignature(self, nodeMask: int, pBlobWithRootSignature: Any,
                            blobLengthInBytes: int | None = None) -> ID3D12RootSignature:
        """From D3D12SerializeRootSignature's blob (the ID3DBlob or its bytes; the length is optional), or
        from a D3D12_ROOT_SIGNATURE_DESC directly (serialized here)."""
        return create_root_signature(self, nodeMask, pBlobWithRootSignature, blobLengthInBytes)

    def CreateComputePipelineState(self, pDesc: D3D12_COMPUTE_PIPELINE_STATE_DESC) -> ID3D12PipelineState:
        """The Python shader of pDesc.CS linked to pDesc.pRootSignature (see `pipeline` for the checks)."""
        return create_compute_pipeline_state(self, pDesc)

    # --- emulator helpers (not D3D12) ---------------------------------------------------------

    def resource_at(self, address: int) -> ID3D12Resource | None:
        """The live resource whose bytes include `address`, if any."""
        try:
            buffer, _ = self.address_space.resolve(address, 0, "lookup")
        except DxLinalgError:
            return None
        return self._resources.get(buffer.id)

    def _register_resource(self, resource: ID3D12Resource) -> None:
        self._resources[resource.buffer.id] = resource

    def _forget_resource(self, resource: ID3D12Resource) -> None:
        self._resources.pop(resource.buffer.id, None)

    def _make_cpu_writes_visible(self) -> None:
        """CPU writes through a persistent Map reach the GPU at submission: bump those versions."""
        for resource in self._resources.values():
            if resource.is_mapped:
                resource.buffer.mark_written()

    def _check_list_type(self, value: Any, field: str) -> D3D12_COMMAND_LIST_TYPE:
        try:
            list_type = D3D12_COMMAND_LIST_TYPE(int(value))
        except (TypeError, ValueError):
            self._fail(f"{field} = {value!r} is not a D3D12_COMMAND_LIST_TYPE", "command list type")
        if list_type not in EMULATED_LIST_TYPES:
            raise D3D12Error(HRESULT.E_NOTIMPL, f"{field} = {list_type.name}: only DIRECT, COMPUTE and COPY "
                                                f"queues and lists are emulated")
        return list_type

    def _check_node_mask(self, node_mask: int, call: str) -> None:
        if node_mask not in (0, 1):
            self._fail(f"{call}: nodeMask = {node_mask}, but the device has one node (use 0 or 1)", "node mask")

    def _fail(self, message: str, rule: str) -> None:
        self.debug_layer.error(D3D12DebugLayerError(message, rule=rule))
        raise D3D12Error(HRESULT.E_INVALIDARG, message)


def D3D12CreateDevice(pAdapter: Any = None, MinimumFeatureLevel: int = D3D_FEATURE_LEVEL.LEVEL_12_0, *,
                      profile: str | Path | DeviceProfile = DEFAULT_PROFILE, debug: bool = True,
                      shader_model: int = D3D_SHADER_MODEL.SHADER_MODEL_6_9) -> ID3D12Device:
    """The device of the one emulated adapter (pAdapter must be None), answering as `profile` says.

    `profile` is a built-in profile name (`dxlinalg.profile.registry.builtin_profile_names()`),
    a path to a profile JSON file, or a DeviceProfile. `debug=True` is the debug layer.
    `shader_model` picks the runtime the device speaks (not a D3D12 argument: a real program picks it
    by the Agility SDK it ships): D3D_SHADER_MODEL_6_9 (the default: cooperative vectors) or
    D3D_SHADER_MODEL_6_10 (linear algebra; docs/sm610-d3d12.md).
    """
    if isinstance(shader_model, bool) or not isinstance(shader_model, int) or shader_model not in DEVICE_SHADER_MODELS:
        raise D3D12Error(HRESULT.E_INVALIDARG, f"D3D12CreateDevice: shader_model = {shader_model!r}; a device is "
                                               f"created for D3D_SHADER_MODEL_6_9 (0x69) or D3D_SHADER_MODEL_6_10 "
                                               f"(0x6A)")
    if pAdapter is not None:
        raise D3D12Error(HRESULT.E_INVALIDARG, "D3D12CreateDevice: pAdapter must be None (the default adapter); "
                                               "the emulator has one adapter")
    try:
        level = D3D_FEATURE_LEVEL(int(MinimumFeatureLevel))
    except ValueError:
        raise D3D12Error(HRESULT.E_INVALIDARG, f"D3D12CreateDevice: MinimumFeatureLevel = {MinimumFeatureLevel} is "
                                               f"not a D3D_FEATURE_LEVEL") from None
    if D3D_FEATURE_LEVEL.LEVEL_9_1 <= level < D3D_FEATURE_LEVEL.LEVEL_11_0:
        raise D3D12Error(HRESULT.E_INVALIDARG, f"D3D12CreateDevice: MinimumFeatureLevel = {level.name}; D3D12 "
                                               f"devices start at D3D_FEATURE_LEVEL_11_0")
    try:
        device_profile = load_profile(profile)
    except DxLinalgError as error:
        raise D3D12Error(HRESULT.E_INVALIDARG, f"D3D12CreateDevice: {error}") from None
    return ID3D12Device(device_profile, debug, D3D_SHADER_MODEL(shader_model))


def D3D12EnableExperimentalFeatures(NumFeatures: int, pIIDs: Sequence[uuid.UUID | str],
                                    pConfigurationStructs: Any = None, pConfigurationStructSizes: Any = None) -> int:
    """Accepted for ported code (S_OK for the shader-model and cooperative-vector experiments,
    E_NOINTERFACE otherwise); the emulated device always has both features."""
    ids = list(pIIDs)
    if not 0 <= NumFeatures <= len(ids):
        return HRESULT.E_INVALIDARG
    for iid in ids[:NumFeatures]:
        try:
            known = uuid.UUID(str(iid)) in _EXPERIMENTS
        except ValueError:
            return HRESULT.E_INVALIDARG
        if not known:
            return HRESULT.E_NOINTERFACE
    return HRESULT.S_OK
