"""Command allocators and command lists: recording, validation, Close/Reset.

A command list is a list of `commands.Command` objects. Each recording method validates its
arguments against the D3D12 rules, builds a command and hands it to `_record`. A broken rule is
reported through `_reject`: with the debug layer it raises `D3D12DebugLayerError` at once;
without it the call is dropped, `Close()` returns E_INVALIDARG and no queue will execute the list.
Before `_record`, a command that uses resources declares the state each needs through `_use`
(barriers go through `_track_states`): `resource_states` checks them as D3D12's debug layer does,
here and again at ExecuteCommandLists, and keeps the events for that second check.

Extension point (`compute_commands` is the example: SetPipelineState, SetComputeRoot*, Dispatch):
write the Command subclasses and a mixin class of recording methods in their own module, each
method ending in `self._use(call, accesses)` when it uses resources and `self._record(command)`
(or `self._reject(error)`), and add the mixin to the
bases of `ID3D12GraphicsCommandList`, before `_RecordingStateHooks`. Per-list state such methods
keep (the bound pipeline, root arguments) is cleared by overriding `_on_reset(initial_state)` and
calling super(); it runs when the list is created and at every Reset. Commands capture the state
they need when recorded.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any

from d3d12api.com import IUnknown
from d3d12api.commands import (
    Command,
    ConvertLinearAlgebraMatrixCommand,
    CopyBufferRegionCommand,
    ResourceBarrierCommand,
)
from d3d12api.compute_commands import ComputeCommandsMixin
from d3d12api.conversion import (
    CONVERT,
    Rule,
    check_command_list_type,
    check_conversion,
    check_resources,
    conversion_accesses,
    undefined_behaviour,
)
from d3d12api.enums import (
    D3D12_COMMAND_LIST_TYPE,
    D3D12_HEAP_TYPE,
    D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES,
    D3D12_RESOURCE_BARRIER_FLAGS,
    D3D12_RESOURCE_BARRIER_TYPE,
    D3D12_RESOURCE_STATES,
    enum_member,
)
from d3d12api.hresult import HRESULT, D3D12DebugLayerError
from d3d12api.linalg_conversion import rules_for
from d3d12api.resource import ID3D12Resource
from d3d12api.resource_states import (
    Access,
    BarrierEvent,
    StateEvent,
    StateTracker,
    UseEvent,
    buffer_state_problem,
)
from d3d12api.structs import D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO, D3D12_RESOURCE_BARRIER, as_list
from dxlinalg.c_struct import is_integer

if TYPE_CHECKING:
    from d3d12api.device import ID3D12Device


class ID3D12CommandAllocator(IUnknown):
    """Backing memory for command lists of one type; one recording list at a time."""

    def __init__(self, device: "ID3D12Device", list_type: D3D12_COMMAND_LIST_TYPE) -> None:
        super().__init__()
        self.device = device
        self.type = list_type
        self.recording_list: ID3D12GraphicsCommandList | None = None

    def Reset(self) -> int:
        """E_FAIL while a list records into it; execution is synchronous, so the GPU is never using it."""
        if self.recording_list is not None:
            self.device.debug_layer.messages.append(
                f"ERROR [allocator in use] ID3D12CommandAllocator::Reset: {self.recording_list.name} is still "
                f"recording into it; Close it first")
            return HRESULT.E_FAIL
        return HRESULT.S_OK


class ListState(Enum):
    RECORDING = "recording"
    CLOSED = "closed"


class ID3D12GraphicsCommandListPreview(IUnknown):
    """The preview interface that carries ConvertLinearAlgebraMatrix (§1.6); lists implement it."""


class _RecordingStateHooks:
    """The end of the `_on_reset` chain: it sits after the mixins in the list's MRO, so each mixin's
    override runs and calls super()."""

    def _on_reset(self, initial_state: Any) -> None:
        """Per-list recording state starts afresh here (creation and Reset); mixins extend it."""


class ID3D12GraphicsCommandList(ComputeCommandsMixin, ID3D12GraphicsCommandListPreview, _RecordingStateHooks):
    """A direct, compute or copy command list. Created open (recording), as in D3D12.

    Compute work (SetPipelineState, SetComputeRoot*, Dispatch) comes from `ComputeCommandsMixin`.
    """

    def __init__(self, device: "ID3D12Device", list_type: D3D12_COMMAND_LIST_TYPE,
                 allocator: ID3D12CommandAllocator | None, initial_state: Any, closed: bool = False) -> None:
        super().__init__()
        self.device = device
        self.type = list_type
        self.commands: list[Command] = []
        self.state_events: list[StateEvent] = []
        self.error: D3D12DebugLayerError | None = None
        self.state = ListState.CLOSED
        self._allocator: ID3D12CommandAllocator | None = None
        if not closed:
            self._open(allocator, initial_state)

    # --- recording plumbing (the extension point) -------------------------------------------

    def _record(self, command: Command) -> None:
        """Append a validated command; it runs when a queue executes the list."""
        self.commands.append(command)

    def _track_states(self, event: StateEvent) -> None:
        """Check the resource states and barriers of the command about to be recorded (`resource_states`).

        What is wrong whatever state the buffers enter the list in is reported now (with the debug
        layer: raised, and the command is not recorded); the rest waits for ExecuteCommandLists.
        A state problem is undefined behaviour, not invalid usage: without the debug layer the list
        still closes with S_OK and runs.
        """
        self._states.list_name = self.name
        problems, updates = self._states.process(event)
        for error in problems:
            self.device.debug_layer.error(error)
        self._states.commit(updates)
        self.state_events.append(event)

    def _use(self, call: str, accesses: list[Access]) -> None:
        """`_track_states` for a command that uses these resources."""
        self._track_states(UseEvent(call, accesses, len(self.commands)))

    def _reject(self, error: D3D12DebugLayerError) -> None:
        """A broken rule: the debug layer raises; otherwise the list is spoiled (Close -> E_INVALIDARG)."""
        self.device.debug_layer.error(error)
        if self.error is None:
            self.error = error

    def _recording(self, call: str) -> bool:
        """False (after reporting) when the list is closed: D3D12 drops calls on closed lists."""
        if self.state == ListState.RECORDING:
            return True
        self.device.debug_layer.error(D3D12DebugLayerError(
            f"{call}: {self.name} is closed; Reset it before recording", rule="command list closed"))
        return False

    def _open(self, allocator: ID3D12CommandAllocator | None, initial_state: Any) -> None:
        self.commands = []
        self.state_events = []
        self._states = StateTracker(at_execution=False, list_name=self.name)
        self.error = None
        self.state = ListState.RECORDING
        self._allocator = allocator
        if allocator is not None:
            allocator.recording_list = self
        self._on_reset(initial_state)

    # --- ID3D12GraphicsCommandList ---------------------------------------------------------

    def GetType(self) -> D3D12_COMMAND_LIST_TYPE:
        return self.type

    def Close(self) -> int:
        """S_OK; E_FAIL if already closed; E_INVALIDARG if a recorded call broke a rule."""
        if self.state != ListState.RECORDING:
            self.device.debug_layer.messages.append(f"ERROR [command list closed] Close: {self.name} is already closed")
            return HRESULT.E_FAIL
        self.state = ListState.CLOSED
        if self._allocator is not None and self._allocator.recording_list is self:
            self._allocator.recording_list = None
        return HRESULT.E_INVALIDARG if self.error is not None else HRESULT.S_OK

    def Reset(self, pAllocator: ID3D12CommandAllocator, pInitialState: Any = None) -> int:
        """Reopen a closed list with an allocator of its type that no other list is recording into."""
        problem = None
        if self.state != ListState.CLOSED:
            problem, hr = f"{self.name} is not closed", HRESULT.E_FAIL
        elif not isinstance(pAllocator, ID3D12CommandAllocator) or pAllocator.type != self.type:
            problem, hr = f"pAllocator must be a {self.type.name} command allocator", HRESULT.E_INVALIDARG
        elif pAllocator.recording_list is not None:
            problem, hr = (f"pAllocator is in use by {pAllocator.recording_list.name}, which is recording",
                           HRESULT.E_INVALIDARG)
        if problem is not None:
            self.device.debug_layer.messages.append(f"ERROR [command list reset] Reset: {problem}")
            return hr
        self._open(pAllocator, pInitialState)
        return HRESULT.S_OK

    def ResourceBarrier(self, NumBarriers: int, pBarriers: D3D12_RESOURCE_BARRIER | Sequence[D3D12_RESOURCE_BARRIER]) -> None:
        """Validated, checked against the states the list has put its buffers in, and recorded.

        Execution is in order, so a barrier moves no data; what it changes is the state the
        debug layer tracks (transitions) and which writes are ordered (UAV, aliasing).
        """
        if not self._recording("ResourceBarrier"):
            return
        barriers = as_list(pBarriers)
        try:
            if not is_integer(NumBarriers) or not 0 <= NumBarriers <= len(barriers):
                raise D3D12DebugLayerError(f"ResourceBarrier: NumBarriers = {NumBarriers} but only {len(barriers)} "
                                           f"barriers are given", rule="barrier count")
            for index, barrier in enumerate(barriers[:NumBarriers]):
                _check_barrier(barrier, index)
        except D3D12DebugLayerError as error:
            self._reject(error)
            return
        recorded = [_copy_barrier(b) for b in barriers[:NumBarriers]]
        self._track_states(BarrierEvent(recorded, len(self.commands)))
        self._record(ResourceBarrierCommand(recorded))

    def CopyBufferRegion(self, pDstBuffer: ID3D12Resource, DstOffset: int, pSrcBuffer: ID3D12Resource,
                         SrcOffset: int, NumBytes: int) -> None:
        if not self._recording("CopyBufferRegion"):
            return
        try:
            _check_copy(pDstBuffer, DstOffset, pSrcBuffer, SrcOffset, NumBytes)
        except D3D12DebugLayerError as error:
            self._reject(error)
            return
        self._use("CopyBufferRegion", _copy_accesses(pDstBuffer, DstOffset, pSrcBuffer, SrcOffset, NumBytes))
        self._record(CopyBufferRegionCommand(pDstBuffer, DstOffset, pSrcBuffer, SrcOffset, NumBytes))

    def ConvertLinearAlgebraMatrix(self, pDesc: D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO
                                   | Sequence[D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO] | None,
                                   DescCount: int) -> None:
        """Record DescCount conversions from pDesc (one struct, as `&infoDesc` in C, or a list).

        DescCount = 0 converts nothing (as in D3D12) and, when descriptors were passed, the
        debug layer warns: the seed's usage example passes 0 by mistake.
        """
        if not self._recording(CONVERT):
            return
        descs = as_list(pDesc)
        try:
            check_command_list_type(self.type)
            if not is_integer(DescCount) or not 0 <= DescCount <= len(descs):
                raise D3D12DebugLayerError(
                    f"{CONVERT}: DescCount = {DescCount} but pDesc holds {len(descs)} descriptor(s); C would read "
                    f"past the array", rule=Rule.DESC_COUNT)
            rules = rules_for(self.device)
            requests = [check_conversion(info, index, self.device.profile, rules)
                        for index, info in enumerate(descs[:DescCount])]
            for request in requests:
                check_resources(request, self.device)
        except D3D12DebugLayerError as error:
            self._reject(error)
            return
        if DescCount == 0:
            if descs:
                self.device.debug_layer.warning(
                    f"{CONVERT}: DescCount = 0 with {len(descs)} descriptor(s) in pDesc converts nothing "
                    f"(did you mean DescCount = {len(descs)}?)", rule=Rule.DESC_COUNT)
            return
        for report in undefined_behaviour(requests, self.device, self.device.profile):
            self.device.debug_layer.error(report)
        self._use(CONVERT, conversion_accesses(requests, self.device))
        self._record(ConvertLinearAlgebraMatrixCommand(requests))


def _check_barrier(barrier: Any, index: int) -> None:
    """What makes a barrier nonsense whatever state its resource is in (D3D12 rejects the call)."""
    field = f"pBarriers[{index}]"

    def fail(message: str) -> None:
        raise D3D12DebugLayerError(f"ResourceBarrier: {field}{message}", rule="resource barrier")

    def check_resource(resource: Any, name: str, optional: bool) -> None:
        if resource is None and optional:
            return
        if not isinstance(resource, ID3D12Resource):
            fail(f".{name} must be a resource" + (" or None" if optional else ""))
        if not resource.alive:
            fail(f".{name} {resource.name} has been released")

    if not isinstance(barrier, D3D12_RESOURCE_BARRIER):
        fail(f" is a {type(barrier).__name__}, not a D3D12_RESOURCE_BARRIER")
    flags = enum_member(D3D12_RESOURCE_BARRIER_FLAGS, barrier.Flags)
    if flags is None or flags == D3D12_RESOURCE_BARRIER_FLAGS.BEGIN_ONLY | D3D12_RESOURCE_BARRIER_FLAGS.END_ONLY:
        fail(f".Flags = {barrier.Flags!r} is not NONE, BEGIN_ONLY or END_ONLY")
    kind = enum_member(D3D12_RESOURCE_BARRIER_TYPE, barrier.Type)
    if kind is None:
        fail(f".Type = {barrier.Type!r} is not a D3D12_RESOURCE_BARRIER_TYPE value")
    if kind == D3D12_RESOURCE_BARRIER_TYPE.TRANSITION:
        transition = barrier.Transition
        check_resource(transition.pResource, "Transition.pResource", optional=False)
        subresource = transition.Subresource
        if not is_integer(subresource) or subresource not in (0, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES):
            fail(f".Transition.Subresource = {subresource!r}; a buffer has only subresource 0")
        for name in ("StateBefore", "StateAfter"):
            value = getattr(transition, name)
            if enum_member(D3D12_RESOURCE_STATES, value) is None:
                fail(f".Transition.{name} = {value!r} is not a D3D12_RESOURCE_STATES value")
            problem = buffer_state_problem(value, transition.pResource.name, transition.pResource.flags)
            if problem:
                fail(f".Transition.{name}: {problem}")
        if int(transition.StateBefore) == int(transition.StateAfter):
            fail(f": StateBefore and StateAfter are both {transition.StateBefore!r}; a transition must change "
                 f"the state")
        if transition.pResource.heap_type != D3D12_HEAP_TYPE.DEFAULT:
            fail(f": {transition.pResource.name} is in a {transition.pResource.heap_type.name} heap, whose state "
                 f"never changes")
        return
    if flags:
        fail(f".Flags = {flags!r}: only transition barriers may be split (BEGIN_ONLY / END_ONLY)")
    if kind == D3D12_RESOURCE_BARRIER_TYPE.UAV:
        check_resource(barrier.UAV.pResource, "UAV.pResource", optional=True)
    else:
        check_resource(barrier.Aliasing.pResourceBefore, "Aliasing.pResourceBefore", optional=True)
        check_resource(barrier.Aliasing.pResourceAfter, "Aliasing.pResourceAfter", optional=True)


def _copy_barrier(barrier: D3D12_RESOURCE_BARRIER) -> D3D12_RESOURCE_BARRIER:
    """The barrier as recorded: its structs copied, its resources shared (C copies the pointers)."""
    return D3D12_RESOURCE_BARRIER(Type=barrier.Type, Flags=barrier.Flags, Transition=barrier.Transition.model_copy(),
                                  Aliasing=barrier.Aliasing.model_copy(), UAV=barrier.UAV.model_copy())


def _copy_accesses(dst: ID3D12Resource, dst_offset: int, src: ID3D12Resource, src_offset: int,
                   num_bytes: int) -> list[Access]:
    """A copy reads its source in COPY_SOURCE and writes its destination in COPY_DEST. A copy inside
    one buffer (non-overlapping ranges) needs the buffer in COPY_DEST only: one state covers both
    ranges, as UNORDERED_ACCESS covers a UAV's reads (D3D12 leaves this case unstated)."""
    source_state = D3D12_RESOURCE_STATES.COPY_DEST if dst is src else D3D12_RESOURCE_STATES.COPY_SOURCE
    return [Access(src, int(source_state), src_offset, src_offset + num_bytes, "the copy source (pSrcBuffer)"),
            Access(dst, int(D3D12_RESOURCE_STATES.COPY_DEST), dst_offset, dst_offset + num_bytes,
                   "the copy destination (pDstBuffer)")]


def _check_copy(dst: Any, dst_offset: int, src: Any, src_offset: int, num_bytes: int) -> None:
    def fail(message: str, rule: str) -> None:
        raise D3D12DebugLayerError(f"CopyBufferRegion: {message}", rule=rule)

    for name, resource in (("pDstBuffer", dst), ("pSrcBuffer", src)):
        if not isinstance(resource, ID3D12Resource):
            fail(f"{name} must be a buffer resource, got {type(resource).__name__}", "copy arguments")
        if not resource.alive:
            fail(f"{name} {resource.name} has been released", "copy arguments")
    for name, value in (("DstOffset", dst_offset), ("SrcOffset", src_offset), ("NumBytes", num_bytes)):
        if not is_integer(value):
            fail(f"{name} = {value!r} is not an integer (a UINT64)", "copy range")
    for name, offset, resource in (("DstOffset", dst_offset, dst), ("SrcOffset", src_offset, src)):
        if offset < 0 or num_bytes < 0 or offset + num_bytes > resource.buffer.size:
            fail(f"{name} = {offset} + NumBytes = {num_bytes} runs past the end of {resource.name} "
                 f"({resource.buffer.size} bytes)", "copy range")
    if dst.heap_type == D3D12_HEAP_TYPE.UPLOAD:
        fail(f"pDstBuffer {dst.name} is in an UPLOAD heap, which stays in GENERIC_READ and cannot be a copy "
             f"destination", "copy resource state")
    if src.heap_type == D3D12_HEAP_TYPE.READBACK:
        fail(f"pSrcBuffer {src.name} is in a READBACK heap, which stays in COPY_DEST and cannot be a copy "
             f"source", "copy resource state")
    if dst is src and dst_offset < src_offset + num_bytes and src_offset < dst_offset + num_bytes:
        fail(f"[{src_offset}, {src_offset + num_bytes}) and [{dst_offset}, {dst_offset + num_bytes}) overlap in "
             f"{dst.name}", "copy overlap")
