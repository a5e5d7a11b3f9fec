"""Committed buffer resources: creation rules, GPU virtual addresses, Map/Unmap.

A resource wraps one `dxlinalg.memory.Buffer` (exposed as `.buffer`, which the simulated GPU
reads) placed in the device's address space, so its GPU VA is real and stray addresses land in
unmapped gaps. Textures are out of scope (E_NOTIMPL). Rules follow D3D12: buffer descriptions
must be fully specified (Height = DepthOrArraySize = MipLevels = SampleDesc.Count = 1,
Layout ROW_MAJOR, Format UNKNOWN), UPLOAD heaps start in GENERIC_READ and READBACK heaps in
COPY_DEST, neither may allow unordered access, and only they can be mapped. A DEFAULT-heap buffer
starts in COMMON whatever InitialResourceState says (the debug layer warns, as D3D12's does).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from d3d12api.com import IUnknown
from d3d12api.enums import (
    D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT,
    D3D12_HEAP_FLAGS,
    D3D12_HEAP_TYPE,
    D3D12_RESOURCE_DIMENSION,
    D3D12_RESOURCE_FLAGS,
    D3D12_RESOURCE_STATES,
    D3D12_TEXTURE_LAYOUT,
    DXGI_FORMAT,
    enum_member,
)
from d3d12api.hresult import HRESULT, D3D12DebugLayerError, D3D12Error
from d3d12api.resource_states import FIXED_HEAP_STATES, StateRule, buffer_state_problem, state_name
from d3d12api.structs import D3D12_HEAP_PROPERTIES, D3D12_RANGE, D3D12_RESOURCE_DESC
from dxlinalg.c_struct import is_integer
from dxlinalg.memory.address_space import Buffer

if TYPE_CHECKING:
    from d3d12api.device import ID3D12Device

#: The integer fields of D3D12_RESOURCE_DESC (assignment is not validated: a call checks them).
_DESC_INTEGER_FIELDS = ("Dimension", "Alignment", "Width", "Height", "DepthOrArraySize", "MipLevels", "Format",
                        "Layout", "Flags")
#: Emulator limit on one buffer (numpy holds it in host memory); larger ones give E_OUTOFMEMORY.
MAX_BUFFER_BYTES = 1 << 32



class ID3D12Resource(IUnknown):
    """A committed buffer: its bytes, its GPU VA, its heap type and creation flags."""

    def __init__(self, device: "ID3D12Device", buffer: Buffer, desc: D3D12_RESOURCE_DESC,
                 heap_type: D3D12_HEAP_TYPE, heap_flags: int) -> None:
        super().__init__()
        self.device = device
        self.buffer = buffer
        self.heap_type = heap_type
        self.heap_flags = D3D12_HEAP_FLAGS(heap_flags)
        self._desc = desc
        self._map_count = 0

    def __repr__(self) -> str:
        return (f"<ID3D12Resource {self.name} {self.heap_type.name} va=0x{self.buffer.address:x} "
                f"size={self.buffer.size}>")

    @property
    def name(self) -> str:
        return self.buffer.name

    def SetName(self, Name: str) -> int:
        self.buffer.name = str(Name)
        return super().SetName(Name)

    @property
    def alive(self) -> bool:
        return self.buffer.alive

    @property
    def flags(self) -> D3D12_RESOURCE_FLAGS:
        return D3D12_RESOURCE_FLAGS(int(self._desc.Flags))

    @property
    def is_mapped(self) -> bool:
        return self._map_count > 0

    def GetGPUVirtualAddress(self) -> int:
        return self.buffer.address

    def GetDesc(self) -> D3D12_RESOURCE_DESC:
        """A copy of the description, with the placement alignment the buffer got."""
        return self._desc.model_copy(deep=True)

    def Map(self, Subresource: int, pReadRange: D3D12_RANGE | None) -> np.ndarray:
        """A writable uint8 view of the whole buffer (UPLOAD and READBACK heaps only).

        C++ returns HRESULT and writes `*ppData`; here the view is returned and failures raise
        D3D12Error. CPU writes are seen by commands executed later: mapped buffers count as
        written at every ExecuteCommandLists (persistent mapping), and at Unmap.
        """
        if self.heap_type not in FIXED_HEAP_STATES:
            self._fail(f"Map: {self.name} is in a {self.heap_type.name} heap, which the CPU cannot map "
                       f"(only UPLOAD and READBACK heaps are CPU-visible)", rule="Map: CPU-visible heap")
        if Subresource != 0:
            self._fail(f"Map: Subresource = {Subresource}, but a buffer has only subresource 0",
                       rule="Map: subresource")
        if pReadRange is not None:
            self._check_range(pReadRange, "pReadRange", "Map")
        self._map_count += 1
        return self.buffer.data

    def Unmap(self, Subresource: int, pWrittenRange: D3D12_RANGE | None = None) -> None:
        """Undo one Map; a written range that is None or non-empty makes the writes visible."""
        if Subresource != 0:
            self._fail(f"Unmap: Subresource = {Subresource}, but a buffer has only subresource 0",
                       rule="Map: subresource")
        if self._map_count == 0:
            self._fail(f"Unmap: {self.name} is not mapped", rule="Unmap: not mapped")
        if pWrittenRange is not None:
            self._check_range(pWrittenRange, "pWrittenRange", "Unmap")
        self._map_count -= 1
        if pWrittenRange is None or pWrittenRange.End > pWrittenRange.Begin:
            self.buffer.mark_written()

    def _check_range(self, rng: D3D12_RANGE, field: str, call: str) -> None:
        if not (is_integer(rng.Begin) and is_integer(rng.End)):
            self._fail(f"{call}: {field} [{rng.Begin!r}, {rng.End!r}) is not a range of integers",
                       rule=f"{call}: range")
        if rng.End > rng.Begin and (rng.Begin < 0 or rng.End > self.buffer.size):
            self._fail(f"{call}: {field} [{rng.Begin}, {rng.End}) is not inside {self.name} of "
                       f"{self.buffer.size} bytes", rule=f"{call}: range")

    def _fail(self, message: str, *, rule: str) -> None:
        error = D3D12DebugLayerError(message, rule=rule)
        self.device.debug_layer.error(error)
        raise D3D12Error(HRESULT.E_INVALIDARG, message)

    def _destroy(self) -> None:
        self.device.address_space.release(self.buffer)
        self.device._forget_resource(self)


def create_committed_resource(device: "ID3D12Device", heap: D3D12_HEAP_PROPERTIES, heap_flags: int,
                              desc: D3D12_RESOURCE_DESC, initial_state: int,
                              optimized_clear_value: object) -> ID3D12Resource:
    """Validate like D3D12 and place a new buffer in the device's address space."""

    def fail(message: str, rule: str, hr: int = HRESULT.E_INVALIDARG) -> None:
        device.debug_layer.error(D3D12DebugLayerError(f"CreateCommittedResource: {message}", rule=rule, hr=hr))
        raise D3D12Error(hr, f"CreateCommittedResource: {message}")

    if not isinstance(heap, D3D12_HEAP_PROPERTIES) or not isinstance(desc, D3D12_RESOURCE_DESC):
        fail("pHeapProperties must be a D3D12_HEAP_PROPERTIES and pDesc a D3D12_RESOURCE_DESC",
             "CreateCommittedResource: argument types")
    for field, value in [(f"pDesc.{name}", getattr(desc, name)) for name in _DESC_INTEGER_FIELDS] + [
            ("pDesc.SampleDesc.Count", desc.SampleDesc.Count), ("pDesc.SampleDesc.Quality", desc.SampleDesc.Quality)]:
        if not is_integer(value):
            fail(f"{field} = {value!r} is not an integer", "buffer description")
    if desc.Dimension != D3D12_RESOURCE_DIMENSION.BUFFER:
        if desc.Dimension in (D3D12_RESOURCE_DIMENSION.TEXTURE1D, D3D12_RESOURCE_DIMENSION.TEXTURE2D,
                              D3D12_RESOURCE_DIMENSION.TEXTURE3D):
            raise D3D12Error(HRESULT.E_NOTIMPL, f"CreateCommittedResource: {desc.Dimension!r}: textures "
                                                f"are not emulated; use buffers")
        fail(f"pDesc.Dimension = {desc.Dimension} is not a resource dimension", "resource dimension")
    heap_type = enum_member(D3D12_HEAP_TYPE, heap.Type)
    if heap_type is None:
        fail(f"pHeapProperties.Type = {heap.Type} is not a D3D12_HEAP_TYPE", "heap type")
    if heap_type in (D3D12_HEAP_TYPE.CUSTOM, D3D12_HEAP_TYPE.GPU_UPLOAD):
        raise D3D12Error(HRESULT.E_NOTIMPL, f"CreateCommittedResource: {heap_type!r} heaps are not emulated; "
                                            f"use DEFAULT, UPLOAD or READBACK")
    if enum_member(D3D12_HEAP_FLAGS, heap_flags) is None:
        fail(f"HeapFlags = {heap_flags} is not a combination of D3D12_HEAP_FLAGS", "heap flags")
    if enum_member(D3D12_RESOURCE_FLAGS, desc.Flags) is None:
        fail(f"pDesc.Flags = {desc.Flags} is not a combination of D3D12_RESOURCE_FLAGS", "resource flags")
    if enum_member(D3D12_RESOURCE_STATES, initial_state) is None:
        fail(f"InitialResourceState = {initial_state} is not a combination of D3D12_RESOURCE_STATES",
             "resource state")
    buffer_rules = (
        (desc.Width > 0, f"pDesc.Width = {desc.Width} must be at least 1 byte"),
        (desc.Alignment in (0, D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT),
         f"pDesc.Alignment = {desc.Alignment} must be 0 or 65536 for a buffer"),
        (desc.Height == 1, f"pDesc.Height = {desc.Height} must be 1 for a buffer"),
        (desc.DepthOrArraySize == 1, f"pDesc.DepthOrArraySize = {desc.DepthOrArraySize} must be 1 for a buffer"),
        (desc.MipLevels == 1, f"pDesc.MipLevels = {desc.MipLevels} must be 1 for a buffer"),
        (desc.Format == DXGI_FORMAT.UNKNOWN, f"pDesc.Format = {desc.Format!r} must be DXGI_FORMAT_UNKNOWN "
                                             f"for a buffer"),
        (desc.SampleDesc.Count == 1 and desc.SampleDesc.Quality == 0,
         f"pDesc.SampleDesc = ({desc.SampleDesc.Count}, {desc.SampleDesc.Quality}) must be (1, 0) for a buffer"),
        (desc.Layout == D3D12_TEXTURE_LAYOUT.ROW_MAJOR, f"pDesc.Layout = {desc.Layout!r} must be "
                                                        f"D3D12_TEXTURE_LAYOUT_ROW_MAJOR for a buffer"),
        (not int(desc.Flags) & (D3D12_RESOURCE_FLAGS.ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAGS.ALLOW_DEPTH_STENCIL),
         f"pDesc.Flags = {desc.Flags!r}: buffers cannot be render targets or depth-stencils"),
        (not int(heap_flags) & D3D12_HEAP_FLAGS.DENY_BUFFERS,
         f"HeapFlags = {heap_flags!r} denies buffers"),
        (optimized_clear_value is None, "pOptimizedClearValue must be None for a buffer"),
    )
    for ok, message in buffer_rules:
        if not ok:
            fail(message, "buffer description")
    state_problem = buffer_state_problem(initial_state, "the buffer", desc.Flags)
    if state_problem:
        fail(f"InitialResourceState: {state_problem}", "resource state")
    required = FIXED_HEAP_STATES.get(heap_type)
    if required is not None:
        if int(initial_state) != required:
            fail(f"InitialResourceState = {state_name(initial_state)}: a {heap_type.name} heap resource must start "
                 f"(and stay) in {state_name(required)}", "CPU-visible heap state")
        if int(desc.Flags) & D3D12_RESOURCE_FLAGS.ALLOW_UNORDERED_ACCESS:
            fail(f"pDesc.Flags allows unordered access, which a {heap_type.name} heap resource cannot",
                 "CPU-visible heap state")
    if desc.Width > MAX_BUFFER_BYTES:
        raise D3D12Error(HRESULT.E_OUTOFMEMORY, f"CreateCommittedResource: Width = {desc.Width} is past the "
                                                f"emulator's {MAX_BUFFER_BYTES}-byte buffer limit")
    try:
        buffer = device.address_space.allocate(int(desc.Width))
    except MemoryError:
        raise D3D12Error(HRESULT.E_OUTOFMEMORY, f"CreateCommittedResource: no host memory for "
                                                f"{desc.Width} bytes") from None
    stored = desc.model_copy(deep=True)
    stored.Alignment = D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT
    resource = ID3D12Resource(device, buffer, stored, heap_type, heap_flags)
    device._register_resource(resource)
    if required is None and int(initial_state) != D3D12_RESOURCE_STATES.COMMON:
        device.debug_layer.warning(
            f"CreateCommittedResource: Ignoring InitialState {state_name(initial_state)}. Buffers are effectively "
            f"created in state D3D12_RESOURCE_STATE_COMMON (and promoted from it at first use)",
            rule=StateRule.STATE_IGNORED, stacklevel=4)  # ID3D12Device.CreateCommittedResource's caller
    return resource
