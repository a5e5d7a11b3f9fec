"""Compute work on a command list: SetPipelineState, SetComputeRoot*, Dispatch, and the Dispatch command.

`ComputeCommandsMixin` is one of `ID3D12GraphicsCommandList`'s bases (the extension point of
`command_list`). The Set* calls change the list's recording state (bound pipeline, root signature,
root arguments); `Dispatch` validates that state as the debug layer does and records a
`DispatchCommand` holding a snapshot of it, so later Set* calls never change an earlier Dispatch
(D3D12's root arguments are versioned the same way).

Executing a Dispatch resolves each root descriptor's GPU VA through the device's address space
to a `BufferBinding(buffer, offset)`, reads root CBVs from memory, and calls
`dxlinalg.gpu.run_dispatch` with the device's profile, strict when the debug layer is on (GPU-based
validation: undefined behaviour inside the shader raises) and permissive otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from d3d12api.commands import Command
from d3d12api.compute_types import (
    D3D12_CONSTANT_BUFFER_DATA_PLACEMENT_ALIGNMENT,
    D3D12_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION,
    D3D12_ROOT_PARAMETER_TYPE,
)
from d3d12api.enums import D3D12_COMMAND_LIST_TYPE, D3D12_HEAP_TYPE, D3D12_RESOURCE_FLAGS, D3D12_RESOURCE_STATES
from d3d12api.hresult import D3D12DebugLayerError
from d3d12api.pipeline import ID3D12PipelineState
from d3d12api.resource_states import Access
from d3d12api.root_signature import ComputeRule, ID3D12RootSignature, RootParameterLayout, parameter_type_name
from dxlinalg.errors import DxLinalgError, UndefinedBehaviorError
from dxlinalg.gpu.dispatch import run_dispatch
from dxlinalg.gpu.resources import BindingDeclaration, BufferBinding, RootConstants

if TYPE_CHECKING:
    from d3d12api.device import ID3D12Device

UINT64_MAX = (1 << 64) - 1
#: The state a Dispatch needs each kind of root descriptor's resource in.
_ROOT_DESCRIPTOR_STATES = {
    D3D12_ROOT_PARAMETER_TYPE.SRV: int(D3D12_RESOURCE_STATES.NON_PIXEL_SHADER_RESOURCE),
    D3D12_ROOT_PARAMETER_TYPE.UAV: int(D3D12_RESOURCE_STATES.UNORDERED_ACCESS),
    D3D12_ROOT_PARAMETER_TYPE.CBV: int(D3D12_RESOURCE_STATES.VERTEX_AND_CONSTANT_BUFFER),
}
_SET_CALL_TYPES = {
    "SetComputeRootShaderResourceView": D3D12_ROOT_PARAMETER_TYPE.SRV,
    "SetComputeRootUnorderedAccessView": D3D12_ROOT_PARAMETER_TYPE.UAV,
    "SetComputeRootConstantBufferView": D3D12_ROOT_PARAMETER_TYPE.CBV,
}


@dataclass(frozen=True)
class RootArgument:
    """What one shader binding receives, captured at Dispatch: a GPU VA, or the root constants' values."""

    name: str                           # the shader's binding name
    declaration: BindingDeclaration
    index: int                          # root parameter index
    parameter: RootParameterLayout
    address: int | None = None          # root SRV/UAV/CBV; None when never set
    values: np.ndarray | None = None    # root constants (uint32, the whole parameter)

    @property
    def where(self) -> str:
        return f"root parameter [{self.index}] ({self.parameter.describe()}, shader binding {self.name!r})"


class DispatchCommand(Command):
    """Dispatch(x, y, z) with the pipeline and root arguments bound when it was recorded."""

    name = "Dispatch"

    def __init__(self, pipeline: ID3D12PipelineState, arguments: list[RootArgument],
                 thread_groups: tuple[int, int, int]) -> None:
        self.pipeline = pipeline
        self.arguments = arguments
        self.thread_groups = thread_groups

    def execute(self, device: "ID3D12Device") -> None:
        """Run the shader; a root descriptor outside every live resource skips the whole dispatch.

        Writes go through the shader's stores and accumulates, which bump each written buffer's
        write version themselves (`dxlinalg.gpu.resources.store_elements`, `dxlinalg.dxil`).
        """
        bindings: dict[str, object] = {}
        for argument in self.arguments:
            value = self._bind(argument, device)
            if value is None:
                return
            bindings[argument.name] = value
        shader = self.pipeline.shader
        try:
            run_dispatch(shader, bindings, self.thread_groups, device.profile, strict=device.debug)
        except DxLinalgError as error:
            device.debug_layer.error(D3D12DebugLayerError(
                f"Dispatch{self.thread_groups}: shader {shader.name!r}: {error}",
                rule=f"GPU-based validation: {ComputeRule.SHADER_EXECUTION}"))
            raise

    def _bind(self, argument: RootArgument, device: "ID3D12Device") -> object | None:
        """The value run_dispatch takes for one binding, or None (reported) when the dispatch is skipped."""
        if argument.parameter.type == D3D12_ROOT_PARAMETER_TYPE._32BIT_CONSTANTS:
            return argument.values[: argument.declaration.num_values]
        if argument.address is None:
            return _skip(device, f"{argument.where} was never set", ComputeRule.ROOT_ARGUMENT_UNSET)
        try:
            buffer, offset = device.address_space.resolve(argument.address, 0, f"{argument.where} = "
                                                                               f"0x{argument.address:x}")
        except UndefinedBehaviorError as problem:
            return _skip(device, str(problem), ComputeRule.ROOT_DESCRIPTOR_MEMORY)
        if argument.parameter.type != D3D12_ROOT_PARAMETER_TYPE.CBV:
            return BufferBinding(buffer, offset)
        needed = 4 * argument.declaration.num_values
        raw = np.zeros(needed, np.uint8)
        available = min(needed, buffer.size - offset)
        raw[:available] = buffer.data[offset: offset + available]
        if available < needed:
            device.debug_layer.error(D3D12DebugLayerError(
                f"Dispatch: {argument.where} = 0x{argument.address:x}: the shader reads {needed} bytes of constants "
                f"but only {available} remain in {buffer.name}; the missing values read as 0",
                rule=f"GPU-based validation: {ComputeRule.ROOT_DESCRIPTOR_MEMORY}"))
        return raw.view(np.uint32)


def _skip(device: "ID3D12Device", problem: str, rule: str) -> None:
    device.debug_layer.error(D3D12DebugLayerError(f"Dispatch: {problem}; the dispatch is skipped",
                                                  rule=f"GPU-based validation: {rule}"))


class ComputeCommandsMixin:
    """The compute recording methods of ID3D12GraphicsCommandList (see the module docstring)."""

    # Provided by ID3D12GraphicsCommandList (the recording plumbing of `command_list`).
    device: "ID3D12Device"
    type: D3D12_COMMAND_LIST_TYPE
    name: str
    _record: Callable[[Command], None]
    _reject: Callable[[D3D12DebugLayerError], None]
    _recording: Callable[[str], bool]
    _use: Callable[[str, list[Access]], None]

    # --- recording state ------------------------------------------------------------------------

    def _on_reset(self, initial_state: Any) -> None:
        """No root signature or arguments; the pipeline is `pInitialState` (a PSO or None), as in D3D12."""
        super()._on_reset(initial_state)  # type: ignore[misc]  # the next base in the list's MRO
        self._pipeline_state: ID3D12PipelineState | None = None
        self._compute_root_signature: ID3D12RootSignature | None = None
        self._clear_root_arguments()
        if initial_state is None:
            return
        if isinstance(initial_state, ID3D12PipelineState) and initial_state.device is self.device:
            self._pipeline_state = initial_state
        else:
            self._reject(D3D12DebugLayerError(
                f"pInitialState is a {type(initial_state).__name__}, not an ID3D12PipelineState of this device",
                rule=ComputeRule.PIPELINE_ARGUMENT))

    def _clear_root_arguments(self) -> None:
        self._root_addresses: dict[int, int] = {}
        self._root_values: dict[int, np.ndarray] = {}
        self._root_values_set: dict[int, np.ndarray] = {}

    def _compute_call(self, call: str) -> bool:
        """Recording, and on a list that runs compute work (not COPY)."""
        if not self._recording(call):
            return False
        if self.type == D3D12_COMMAND_LIST_TYPE.COPY:
            self._reject(D3D12DebugLayerError(
                f"{call}: {self.name} is a COPY command list; compute work needs a DIRECT or COMPUTE list",
                rule=ComputeRule.COMMAND_LIST_TYPE))
            return False
        return True

    def _root_parameter(self, call: str, index: Any, kind: D3D12_ROOT_PARAMETER_TYPE) -> RootParameterLayout:
        """The bound root signature's parameter `index`, which must be of type `kind`; raises the broken rule."""
        signature = self._compute_root_signature
        if signature is None:
            raise D3D12DebugLayerError(f"{call}: no compute root signature is set; call SetComputeRootSignature "
                                       f"first", rule=ComputeRule.NO_ROOT_SIGNATURE)
        count = len(signature.layout.parameters)
        if not isinstance(index, (int, np.integer)) or not 0 <= index < count:
            raise D3D12DebugLayerError(f"{call}: RootParameterIndex = {index!r} is out of range; the root signature "
                                       f"has {count} parameter(s): {signature.layout.describe()}",
                                       rule=ComputeRule.ROOT_PARAMETER_INDEX)
        parameter = signature.layout.parameters[int(index)]
        if parameter.type != kind:
            raise D3D12DebugLayerError(f"{call}: root parameter [{index}] is {parameter.describe()}; this call sets "
                                       f"{parameter_type_name(kind)}", rule=ComputeRule.ROOT_PARAMETER_TYPE)
        return parameter

    # --- ID3D12GraphicsCommandList ----------------------------------------------------------------

    def SetPipelineState(self, pPipelineState: ID3D12PipelineState) -> None:
        if not self._compute_call("SetPipelineState"):
            return
        if not isinstance(pPipelineState, ID3D12PipelineState) or pPipelineState.device is not self.device:
            self._reject(D3D12DebugLayerError(
                f"SetPipelineState: pPipelineState is a {type(pPipelineState).__name__}, not an ID3D12PipelineState "
                f"of this device", rule=ComputeRule.PIPELINE_ARGUMENT))
            return
        self._pipeline_state = pPipelineState

    def SetComputeRootSignature(self, pRootSignature: ID3D12RootSignature | None) -> None:
        """A different root signature makes every root argument unset; the same one (equal layout) keeps them."""
        if not self._compute_call("SetComputeRootSignature"):
            return
        if pRootSignature is not None and (not isinstance(pRootSignature, ID3D12RootSignature)
                                           or pRootSignature.device is not self.device):
            self._reject(D3D12DebugLayerError(
                f"SetComputeRootSignature: pRootSignature is a {type(pRootSignature).__name__}, not an "
                f"ID3D12RootSignature of this device", rule=ComputeRule.ROOT_SIGNATURE_ARGUMENT))
            return
        current = self._compute_root_signature
        if current is None or pRootSignature is None or current.layout != pRootSignature.layout:
            self._clear_root_arguments()
        self._compute_root_signature = pRootSignature

    def SetComputeRootShaderResourceView(self, RootParameterIndex: int, BufferLocation: int) -> None:
        self._set_root_descriptor("SetComputeRootShaderResourceView", RootParameterIndex, BufferLocation)

    def SetComputeRootUnorderedAccessView(self, RootParameterIndex: int, BufferLocation: int) -> None:
        self._set_root_descriptor("SetComputeRootUnorderedAccessView", RootParameterIndex, BufferLocation)

    def SetComputeRootConstantBufferView(self, RootParameterIndex: int, BufferLocation: int) -> None:
        """The shader's RootConstants at this b# register read their values from memory at BufferLocation."""
        self._set_root_descriptor("SetComputeRootConstantBufferView", RootParameterIndex, BufferLocation)

    def SetComputeRoot32BitConstants(self, RootParameterIndex: int, Num32BitValuesToSet: int, pSrcData: Any,
                                     DestOffsetIn32BitValues: int) -> None:
        """pSrcData: a sequence of ints (two's complement) / floats (float32 bits), a 4-byte numpy array
        (its raw bits), bytes (little-endian words), or one value."""
        self._set_constants("SetComputeRoot32BitConstants", RootParameterIndex, Num32BitValuesToSet, pSrcData,
                            DestOffsetIn32BitValues)

    def SetComputeRoot32BitConstant(self, RootParameterIndex: int, SrcData: int | float,
                                    DestOffsetIn32BitValues: int) -> None:
        """SrcData: a UINT; a Python float is stored as its float32 bits (C++ code passes `asuint(f)`)."""
        self._set_constants("SetComputeRoot32BitConstant", RootParameterIndex, 1, [SrcData], DestOffsetIn32BitValues)

    def Dispatch(self, ThreadGroupCountX: int, ThreadGroupCountY: int, ThreadGroupCountZ: int) -> None:
        """Record the pipeline's shader over the grid, with the root arguments bound now."""
        call = "Dispatch"
        if not self._compute_call(call):
            return
        groups = (ThreadGroupCountX, ThreadGroupCountY, ThreadGroupCountZ)
        try:
            self._check_dispatch(groups)
        except D3D12DebugLayerError as error:
            self._reject(error)
            return
        pipeline = self._pipeline_state
        assert pipeline is not None  # _check_dispatch
        arguments = [self._capture(name, index, pipeline) for name, index in pipeline.slots.items()]
        for report in self._undefined_behaviour(arguments):
            self.device.debug_layer.error(report)
        self._use(call, self._accesses(arguments))
        x, y, z = (int(n) for n in groups)
        self._record(DispatchCommand(pipeline, arguments, (x, y, z)))

    # --- helpers -----------------------------------------------------------------------------------

    def _set_root_descriptor(self, call: str, index: int, address: Any) -> None:
        if not self._compute_call(call):
            return
        try:
            self._root_parameter(call, index, _SET_CALL_TYPES[call])
            if not isinstance(address, (int, np.integer)) or not 0 <= address <= UINT64_MAX:
                raise D3D12DebugLayerError(f"{call}: BufferLocation = {address!r} is not a D3D12_GPU_VIRTUAL_ADDRESS "
                                           f"(a UINT64)", rule=ComputeRule.ROOT_DESCRIPTOR_ADDRESS)
            self._check_descriptor_resource(call, int(address))
        except D3D12DebugLayerError as error:
            self._reject(error)
            return
        self._root_addresses[int(index)] = int(address)

    def _check_descriptor_resource(self, call: str, address: int) -> None:
        """Resource rules for an address that lands in a resource (a stray one is checked at Dispatch)."""
        if call == "SetComputeRootConstantBufferView" and address % D3D12_CONSTANT_BUFFER_DATA_PLACEMENT_ALIGNMENT:
            raise D3D12DebugLayerError(
                f"{call}: BufferLocation = 0x{address:x} is not a multiple of "
                f"{D3D12_CONSTANT_BUFFER_DATA_PLACEMENT_ALIGNMENT} (D3D12_CONSTANT_BUFFER_DATA_PLACEMENT_ALIGNMENT)",
                rule=ComputeRule.CBV_ALIGNMENT)
        resource = self.device.resource_at(address)
        if resource is None:
            return
        writes = call == "SetComputeRootUnorderedAccessView"
        if writes and not resource.flags & D3D12_RESOURCE_FLAGS.ALLOW_UNORDERED_ACCESS:
            raise D3D12DebugLayerError(
                f"{call}: BufferLocation = 0x{address:x} is in {resource.name} ({resource.heap_type.name} heap, Flags "
                f"{resource.flags!r}), which cannot be in the UNORDERED_ACCESS state a UAV needs; create it with "
                f"D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS", rule=ComputeRule.UAV_RESOURCE)
        if not writes and resource.heap_type == D3D12_HEAP_TYPE.READBACK:
            raise D3D12DebugLayerError(
                f"{call}: BufferLocation = 0x{address:x} is in {resource.name}, a READBACK heap resource, which stays "
                f"in COPY_DEST and cannot be read by a shader", rule=ComputeRule.SRV_RESOURCE)

    def _set_constants(self, call: str, index: int, count: Any, data: Any, offset: Any) -> None:
        if not self._compute_call(call):
            return
        try:
            parameter = self._root_parameter(call, index, D3D12_ROOT_PARAMETER_TYPE._32BIT_CONSTANTS)
            valid = all(isinstance(v, (int, np.integer)) and v >= 0 for v in (count, offset))
            if not valid or offset + count > parameter.num_values:
                raise D3D12DebugLayerError(
                    f"{call}: DestOffsetIn32BitValues = {offset!r} + Num32BitValuesToSet = {count!r} is outside root "
                    f"parameter [{index}] ({parameter.describe()}: Num32BitValues = {parameter.num_values})",
                    rule=ComputeRule.ROOT_CONSTANTS_RANGE)
            try:
                words = _words(data, int(count))
            except ValueError as problem:
                raise D3D12DebugLayerError(f"{call}: pSrcData {problem}",
                                           rule=ComputeRule.ROOT_CONSTANTS_DATA) from None
        except D3D12DebugLayerError as error:
            self._reject(error)
            return
        index = int(index)
        values = self._root_values.setdefault(index, np.zeros(parameter.num_values, np.uint32))
        written = self._root_values_set.setdefault(index, np.zeros(parameter.num_values, bool))
        values[offset: offset + count] = words
        written[offset: offset + count] = True

    def _check_dispatch(self, groups: tuple[Any, Any, Any]) -> None:
        limit = D3D12_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION
        for axis, count in zip("XYZ", groups):
            if not isinstance(count, (int, np.integer)) or not 0 <= count <= limit:
                raise D3D12DebugLayerError(
                    f"Dispatch: ThreadGroupCount{axis} = {count!r} must be in [0, {limit}] "
                    f"(D3D12_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION)", rule=ComputeRule.THREAD_GROUP_COUNT)
        if self._pipeline_state is None:
            raise D3D12DebugLayerError("Dispatch: no pipeline state is set; call SetPipelineState (or pass it as "
                                       "pInitialState)", rule=ComputeRule.NO_PIPELINE)
        bound = self._compute_root_signature
        if bound is None:
            raise D3D12DebugLayerError("Dispatch: no compute root signature is set; call SetComputeRootSignature",
                                       rule=ComputeRule.NO_ROOT_SIGNATURE)
        expected = self._pipeline_state.root_signature
        if bound.layout != expected.layout:
            raise D3D12DebugLayerError(
                f"Dispatch: the compute root signature {bound.name} ({bound.layout.describe()}) is not the one "
                f"pipeline {self._pipeline_state.name} was created with, {expected.name} "
                f"({expected.layout.describe()})", rule=ComputeRule.ROOT_SIGNATURE_MISMATCH)

    def _capture(self, name: str, index: int, pipeline: ID3D12PipelineState) -> RootArgument:
        declaration, parameter = pipeline.shader.bindings[name], pipeline.layout.parameters[index]
        if parameter.is_descriptor:
            return RootArgument(name, declaration, index, parameter, address=self._root_addresses.get(index))
        values = self._root_values.get(index, np.zeros(parameter.num_values, np.uint32))
        return RootArgument(name, declaration, index, parameter, values=values.copy())

    def _accesses(self, arguments: list[RootArgument]) -> list[Access]:
        """The states a Dispatch uses its root descriptors' resources in: a root SRV is read in
        NON_PIXEL_SHADER_RESOURCE, a root UAV read and written in UNORDERED_ACCESS (from its VA to the
        resource's end: root descriptors have no size), a root CBV read in VERTEX_AND_CONSTANT_BUFFER."""
        accesses = []
        for argument in arguments:
            resource = None if argument.address is None else self.device.resource_at(argument.address)
            if resource is None:
                continue
            kind = argument.parameter.type
            start = argument.address - resource.GetGPUVirtualAddress()
            end = start + 4 * argument.declaration.num_values if kind == D3D12_ROOT_PARAMETER_TYPE.CBV \
                else resource.buffer.size
            accesses.append(Access(resource, _ROOT_DESCRIPTOR_STATES[kind], start, end,
                                   f"the root {parameter_type_name(kind)} of {argument.where}"))
        return accesses

    def _undefined_behaviour(self, arguments: list[RootArgument]) -> list[D3D12DebugLayerError]:
        """Root arguments the shader reads that were never set, or that point at no live resource."""
        reports = []
        for argument in arguments:
            if argument.parameter.is_descriptor:
                if argument.address is None:
                    reports.append(D3D12DebugLayerError(f"Dispatch: {argument.where} is not set since the root "
                                                        f"signature was set", rule=ComputeRule.ROOT_ARGUMENT_UNSET))
                    continue
                length = 4 * argument.declaration.num_values if isinstance(argument.declaration, RootConstants) else 0
                try:
                    self.device.address_space.resolve(
                        argument.address, length, f"Dispatch: {argument.where} = 0x{argument.address:x}")
                except UndefinedBehaviorError as problem:
                    reports.append(D3D12DebugLayerError(f"{problem} (a GPU would fault or corrupt memory)",
                                                        rule=ComputeRule.ROOT_DESCRIPTOR_MEMORY))
                continue
            reads = argument.declaration.num_values
            written = self._root_values_set.get(argument.index, np.zeros(argument.parameter.num_values, bool))
            unset = np.flatnonzero(~written[:reads])
            if unset.size:
                reports.append(D3D12DebugLayerError(
                    f"Dispatch: {argument.where}: the shader reads {reads} value(s) but value(s) "
                    f"{unset.tolist()} are not set since the root signature was set (without the debug layer they "
                    f"read as 0)", rule=ComputeRule.ROOT_ARGUMENT_UNSET))
        return reports


def _words(data: Any, count: int) -> np.ndarray:
    """`count` 32-bit words from pSrcData (see SetComputeRoot32BitConstants); ValueError says what is wrong."""
    if isinstance(data, (bytes, bytearray, memoryview)):
        raw = bytes(data)
        if len(raw) < 4 * count:
            raise ValueError(f"holds {len(raw)} bytes; {count} values need {4 * count}")
        return np.frombuffer(raw[: 4 * count], "<u4").astype(np.uint32)
    if isinstance(data, np.ndarray):
        if data.dtype.itemsize != 4 or data.dtype.kind not in "iuf":
            raise ValueError(f"is a {data.dtype} array; root constants are 32-bit (uint32, int32 or float32)")
        flat = np.ascontiguousarray(data).reshape(-1)
        if flat.size < count:
            raise ValueError(f"holds {flat.size} value(s); Num32BitValuesToSet = {count}")
        return flat[:count].view(np.uint32).copy()
    items = list(data) if isinstance(data, Sequence) and not isinstance(data, str) else [data]
    if len(items) < count:
        raise ValueError(f"holds {len(items)} value(s); Num32BitValuesToSet = {count}")
    words = []
    for value in items[:count]:
        if isinstance(value, (float, np.floating)):
            words.append(int(np.float32(value).view(np.uint32)))
        elif isinstance(value, (int, np.integer)) and -(1 << 31) <= value <= 0xFFFFFFFF:
            words.append(int(value) & 0xFFFFFFFF)
        else:
            raise ValueError(f"value {value!r} is neither a 32-bit integer nor a float")
    return np.array(words, np.uint32)
