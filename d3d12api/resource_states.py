"""Resource states of buffers and the barriers between their uses, as D3D12's legacy barrier model has them.

What a command needs: ConvertLinearAlgebraMatrix reads its source in NON_PIXEL_SHADER_RESOURCE and
writes its destination in UNORDERED_ACCESS (0029 "CommandList interactions": legacy barriers), a
root SRV is read in NON_PIXEL_SHADER_RESOURCE, a root UAV in UNORDERED_ACCESS, a root CBV in
VERTEX_AND_CONSTANT_BUFFER, CopyBufferRegion reads COPY_SOURCE and writes COPY_DEST.

What D3D12 does with buffers: they start in COMMON (a DEFAULT-heap buffer's InitialResourceState is
ignored; UPLOAD and READBACK buffers stay in GENERIC_READ and COPY_DEST); a buffer in COMMON is
promoted implicitly to the state its first use needs, and a buffer promoted to a read state to more
read states, but nothing leaves a write state or an explicit transition's state without a barrier;
after every ExecuteCommandLists buffers decay to COMMON. A transition's StateBefore must be the state
the buffer is in. A UAV barrier orders UAV accesses (0029: "UAV barrier synchronizes writes to the
destination"); transition and aliasing barriers order everything on their resources.

`StateTracker` applies those rules to a stream of `UseEvent`s and `BarrierEvent`s. A command list
runs one while recording, not knowing in which state each buffer enters the list: it reports what is
wrong whatever that state is, and marks the rest deferred. The queue replays each list's events at
ExecuteCommandLists with the real states (COMMON, or what an earlier list of the same call left) and
reports the deferred checks that fail, as D3D12's debug layer does ("assumed at first use").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import TYPE_CHECKING, Protocol

from d3d12api.enums import (
    D3D12_HEAP_TYPE,
    D3D12_RESOURCE_BARRIER_FLAGS,
    D3D12_RESOURCE_BARRIER_TYPE,
    D3D12_RESOURCE_FLAGS,
    D3D12_RESOURCE_STATES,
)
from d3d12api.hresult import D3D12DebugLayerError
from d3d12api.structs import D3D12_RESOURCE_BARRIER

if TYPE_CHECKING:
    from d3d12api.resource import ID3D12Resource

STATES = D3D12_RESOURCE_STATES
COMMON = int(STATES.COMMON)
#: States in which the GPU only reads; several combine (GENERIC_READ is such a combination).
READ_ONLY_STATES = int(STATES.VERTEX_AND_CONSTANT_BUFFER | STATES.INDEX_BUFFER | STATES.NON_PIXEL_SHADER_RESOURCE
                       | STATES.PIXEL_SHADER_RESOURCE | STATES.INDIRECT_ARGUMENT | STATES.COPY_SOURCE
                       | STATES.RESOLVE_SOURCE | STATES.DEPTH_READ | STATES.SHADING_RATE_SOURCE)
#: States in which the GPU writes; each stands alone.
WRITE_STATES = frozenset(int(s) for s in (STATES.RENDER_TARGET, STATES.UNORDERED_ACCESS, STATES.DEPTH_WRITE,
                                          STATES.STREAM_OUT, STATES.COPY_DEST, STATES.RESOLVE_DEST))
#: The one state of each CPU-visible heap type; their buffers never change it.
FIXED_HEAP_STATES = {D3D12_HEAP_TYPE.UPLOAD: int(STATES.GENERIC_READ), D3D12_HEAP_TYPE.READBACK: int(STATES.COPY_DEST)}
#: States a buffer can never be in: they need texture-only flags (render target, depth-stencil).
_TEXTURE_STATES = {int(STATES.RENDER_TARGET): "D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET",
                   int(STATES.DEPTH_WRITE): "D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL",
                   int(STATES.DEPTH_READ): "D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL"}

UNORDERED_ACCESS = int(STATES.UNORDERED_ACCESS)
UAV_BARRIER_CITE = "0029: \"UAV barrier synchronizes writes to the destination\""


class StateRule:
    """Names of the state checks (`D3D12DebugLayerError.rule`); D3D12's message names where it has them."""

    INVALID_STATE = "INVALID_SUBRESOURCE_STATE"
    BEFORE_MISMATCH = "RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH"
    STATE_IGNORED = "CREATERESOURCE_STATE_IGNORED"
    CONFLICT = "conflicting resource states in one command"
    UAV_HAZARD = "UAV barrier missing"
    SPLIT_BARRIER = "split barrier"


def state_text(state: int) -> str:
    """`0x8: D3D12_RESOURCE_STATE_UNORDERED_ACCESS`, as the D3D12 debug layer prints states."""
    state = int(state)
    if state == COMMON:
        return "0x0: D3D12_RESOURCE_STATE_[COMMON|PRESENT]"
    named = {int(m): n for n, m in STATES.__members__.items() if int(m) == state and n != "PREDICATION"}
    if state in named:
        return f"0x{state:x}: D3D12_RESOURCE_STATE_{named[state]}"
    bits = [f"D3D12_RESOURCE_STATE_{m.name}" for m in STATES if int(m) & state]
    return f"0x{state:x}: {'|'.join(bits)}"


def state_name(state: int) -> str:
    """`D3D12_RESOURCE_STATE_UNORDERED_ACCESS` (or `A|B`): the constant(s) to write in code."""
    return state_text(state).split(": ", 1)[1].replace("[COMMON|PRESENT]", "COMMON")


def is_write_state(state: int) -> bool:
    return int(state) in WRITE_STATES


def is_read_only(state: int) -> bool:
    return int(state) != COMMON and not int(state) & ~READ_ONLY_STATES


def buffer_state_problem(state: int, name: str, flags: int) -> str | None:
    """Why buffer `name` (created with `flags`) can never be in `state`, or None. The bits are known states."""
    state = int(state)
    if state & ~READ_ONLY_STATES & ~int(STATES.RAYTRACING_ACCELERATION_STRUCTURE) and not is_write_state(state):
        return (f"{state_text(state)} combines a write state with other states; a write state (UNORDERED_ACCESS, "
                f"COPY_DEST, ...) stands alone")
    if state & int(STATES.RAYTRACING_ACCELERATION_STRUCTURE):
        return f"{state_text(state)}: raytracing acceleration structures are not emulated"
    if state in _TEXTURE_STATES:
        return f"{state_text(state)} needs {_TEXTURE_STATES[state]}, which buffers cannot have"
    if state == UNORDERED_ACCESS and not int(flags) & D3D12_RESOURCE_FLAGS.ALLOW_UNORDERED_ACCESS:
        return (f"{name} cannot be in {state_text(state)}: it was not created with "
                f"D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS")
    return None


# --- events: what a command does to resources -------------------------------------------------------

@dataclass(frozen=True)
class Access:
    """One use of a resource by a command: the state it needs and the bytes it touches."""

    resource: "ID3D12Resource"
    state: int
    start: int
    end: int
    role: str  # "the source of pDesc[0]", "the root SRV of root parameter [0] (...)", ...
    cite: str = ""  # where the rule comes from, when it is not D3D12 itself

    @property
    def writes(self) -> bool:
        return is_write_state(self.state)


@dataclass
class UseEvent:
    """The resource uses of one recorded command."""

    call: str
    accesses: list[Access]
    command_index: int
    deferred: set[tuple[int, int]] = field(default_factory=set)  # (0, id(resource)) checked at execution


@dataclass
class BarrierEvent:
    """One ResourceBarrier call: its barriers apply in order."""

    barriers: list[D3D12_RESOURCE_BARRIER]
    command_index: int
    deferred: set[tuple[int, int]] = field(default_factory=set)  # (barrier index, id(resource))
    call: str = "ResourceBarrier"


StateEvent = UseEvent | BarrierEvent


# --- what the tracker knows of one resource ---------------------------------------------------------

class Knowledge(Enum):
    UNKNOWN = "unknown"              # not used yet in this list: whatever the list starts with
    READ_AT_LEAST = "read at least"  # a read-only state holding at least `state` (first use read it)
    EXACT = "exact"


@dataclass(frozen=True)
class PendingWrite:
    """A write in UNORDERED_ACCESS that no barrier has ordered yet."""

    start: int
    end: int
    call: str
    command_index: int


@dataclass(frozen=True)
class Track:
    knowledge: Knowledge
    state: int = COMMON
    promoted: bool = False      # reached by implicit promotion (a promoted read state may widen)
    cause: str = ""             # why it is in this state, for messages
    split: tuple[int, int] | None = None  # (StateBefore, StateAfter) of a BEGIN_ONLY transition
    writes: tuple[PendingWrite, ...] = ()

    def describe(self) -> str:
        if self.knowledge == Knowledge.READ_AT_LEAST:
            return f"{state_text(self.state)} or a read state holding it"
        return state_text(self.state)


class StateTracker:
    """The state machine of the module docstring, over one command list (recording) or one
    ExecuteCommandLists call (execution). `process` checks one event without changing anything;
    `commit` applies what it returned, so a rejected command leaves no trace."""

    def __init__(self, at_execution: bool, list_name: str) -> None:
        self.at_execution = at_execution
        self.list_name = list_name
        self._tracks: dict[int, Track] = {}
        self._resources: dict[int, "ID3D12Resource"] = {}  # keeps each tracked resource's id valid

    def begin_list(self, list_name: str) -> None:
        """The next list of an ExecuteCommandLists call: states carry over, unordered writes do not
        (UAV hazards are checked inside a command list)."""
        self.list_name = list_name
        self._tracks = {key: replace(track, writes=()) for key, track in self._tracks.items()}

    def command(self, call: str, index: int) -> str:
        """`ConvertLinearAlgebraMatrix, command 2 of 'list'`: where a state came from, for messages."""
        return f"{call}, command {index} of '{self.list_name}'"

    def process(self, event: StateEvent) -> tuple[list[D3D12DebugLayerError], dict[int, Track]]:
        problems: list[D3D12DebugLayerError] = []
        updates: dict[int, Track] = {}
        if isinstance(event, UseEvent):
            self._use(event, problems, updates)
        else:
            for index, barrier in enumerate(event.barriers):
                self._barrier(event, index, barrier, problems, updates)
        return problems, updates

    def commit(self, updates: dict[int, Track]) -> None:
        self._tracks.update(updates)

    # --- current knowledge ------------------------------------------------------------------------

    def _current(self, resource: "ID3D12Resource", updates: dict[int, Track]) -> Track:
        key = id(resource)
        self._resources[key] = resource
        if key in updates:
            return updates[key]
        if key in self._tracks:
            return self._tracks[key]
        fixed = FIXED_HEAP_STATES.get(resource.heap_type)
        if fixed is not None:
            return Track(Knowledge.EXACT, fixed, cause=f"the one state of a {resource.heap_type.name} heap buffer")
        if self.at_execution:
            return Track(Knowledge.EXACT, COMMON, cause="the state it has at first use in this command list: "
                                                        "COMMON, since buffers decay to COMMON after every "
                                                        "ExecuteCommandLists (assumed at first use)")
        return Track(Knowledge.UNKNOWN)

    def _report(self, event: StateEvent, key: tuple[int, int], message: str, rule: str,
                problems: list[D3D12DebugLayerError]) -> None:
        """A failed check. Recording reports what it decided; execution reports only what recording deferred."""
        if self.at_execution != (key in event.deferred):
            return
        prefix = (f"ExecuteCommandLists: command list '{self.list_name}', command {event.command_index} "
                  f"({event.call})" if self.at_execution else event.call)
        problems.append(D3D12DebugLayerError(f"{prefix}: {message}", rule=rule))

    def _defer(self, event: StateEvent, key: tuple[int, int]) -> None:
        if not self.at_execution:
            event.deferred.add(key)

    # --- uses -------------------------------------------------------------------------------------

    def _use(self, event: UseEvent, problems: list[D3D12DebugLayerError], updates: dict[int, Track]) -> None:
        by_resource: dict[int, list[Access]] = {}
        for access in event.accesses:
            if access.resource.alive:
                by_resource.setdefault(id(access.resource), []).append(access)
        for rid, accesses in by_resource.items():
            resource, key = accesses[0].resource, (0, rid)
            track = self._current(resource, updates)
            needed = 0
            for access in accesses:
                needed |= access.state
            if any(a.writes for a in accesses) and not is_write_state(needed):
                self._report(event, key, _conflict_message(event.call, resource, accesses), StateRule.CONFLICT,
                             problems)
                continue
            if track.split is not None:
                self._report(event, key, _split_use_message(resource, track.split), StateRule.SPLIT_BARRIER,
                             problems)
                continue
            after, failure, deferred = self._require(event, track, needed, accesses)
            if deferred:
                self._defer(event, key)
            if failure is not None:
                self._report(event, key, failure, StateRule.INVALID_STATE, problems)
                continue
            if not self.at_execution:  # unordered writes never cross a list boundary: decided while recording
                self._check_hazards(event, key, resource, track, accesses, problems)
            new_writes = tuple(PendingWrite(a.start, a.end, event.call, event.command_index)
                               for a in accesses if a.state == UNORDERED_ACCESS)
            updates[rid] = replace(after, writes=track.writes + new_writes)

    def _require(self, event: UseEvent, track: Track, needed: int,
                 accesses: list[Access]) -> tuple[Track, str | None, bool]:
        """(the track after the use, why the use is invalid or None, whether the verdict waits for execution)."""
        cause = f"promoted from COMMON by {self.command(event.call, event.command_index)}"
        write = is_write_state(needed)
        if track.knowledge == Knowledge.UNKNOWN:
            return Track(Knowledge.EXACT if write else Knowledge.READ_AT_LEAST, needed, True, cause), None, True
        if track.knowledge == Knowledge.READ_AT_LEAST:
            if write:
                return track, _invalid_state_message(accesses, track, needed), False
            if not needed & ~track.state:
                return track, None, False
            return replace(track, state=track.state | needed), None, True
        if not needed & ~track.state:
            return track, None, False
        if track.state == COMMON:
            return Track(Knowledge.EXACT, needed, True, cause), None, False
        if track.promoted and is_read_only(track.state) and not write:
            return replace(track, state=track.state | needed), None, False
        return track, _invalid_state_message(accesses, track, needed), False

    def _check_hazards(self, event: UseEvent, key: tuple[int, int], resource: "ID3D12Resource", track: Track,
                       accesses: list[Access], problems: list[D3D12DebugLayerError]) -> None:
        for access in accesses:
            for write in track.writes:
                if access.start < write.end and write.start < access.end:
                    self._report(event, key, _hazard_message(resource, access, write, self.command),
                                 StateRule.UAV_HAZARD, problems)
                    return

    # --- barriers ---------------------------------------------------------------------------------

    def _barrier(self, event: BarrierEvent, index: int, barrier: D3D12_RESOURCE_BARRIER,
                 problems: list[D3D12DebugLayerError], updates: dict[int, Track]) -> None:
        if barrier.Type == D3D12_RESOURCE_BARRIER_TYPE.UAV:
            self._order(updates, barrier.UAV.pResource, everything=barrier.UAV.pResource is None)
        elif barrier.Type == D3D12_RESOURCE_BARRIER_TYPE.ALIASING:
            before, after = barrier.Aliasing.pResourceBefore, barrier.Aliasing.pResourceAfter
            for resource in (before, after):
                self._order(updates, resource, everything=before is None and after is None)
        else:
            self._transition(event, index, barrier, problems, updates)

    def _order(self, updates: dict[int, Track], resource: "ID3D12Resource | None", everything: bool) -> None:
        """A barrier orders the writes before it (on `resource`, or on every resource)."""
        if everything:
            for key in list(self._tracks) + list(updates):
                current = updates.get(key, self._tracks.get(key))
                if current is not None and current.writes:
                    updates[key] = replace(current, writes=())
        elif resource is not None and resource.alive:
            current = self._current(resource, updates)
            if current.writes:
                updates[id(resource)] = replace(current, writes=())

    def _transition(self, event: BarrierEvent, index: int, barrier: D3D12_RESOURCE_BARRIER,
                    problems: list[D3D12DebugLayerError], updates: dict[int, Track]) -> None:
        transition = barrier.Transition
        resource = transition.pResource
        if not resource.alive:
            return
        rid, key = id(resource), (index, id(resource))
        before, after = int(transition.StateBefore), int(transition.StateAfter)
        flags = int(barrier.Flags)
        track = self._current(resource, updates)
        field_name = f"pBarriers[{index}]"
        set_by = f"set by {field_name} of {self.command(event.call, event.command_index)}"
        if flags == D3D12_RESOURCE_BARRIER_FLAGS.END_ONLY:
            if track.split != (before, after):
                self._report(event, key, _split_end_message(field_name, resource, before, after, track.split),
                             StateRule.SPLIT_BARRIER, problems)
            updates[rid] = Track(Knowledge.EXACT, after, cause=set_by)
            return
        if track.split is not None:
            self._report(event, key, _split_use_message(resource, track.split), StateRule.SPLIT_BARRIER, problems)
        if track.knowledge == Knowledge.UNKNOWN:
            self._defer(event, key)
        elif track.knowledge == Knowledge.READ_AT_LEAST:
            if is_read_only(before) and not track.state & ~before:
                self._defer(event, key)
            else:
                self._report(event, key, _before_mismatch_message(field_name, resource, before, track),
                             StateRule.BEFORE_MISMATCH, problems)
        elif before != track.state:
            self._report(event, key, _before_mismatch_message(field_name, resource, before, track),
                         StateRule.BEFORE_MISMATCH, problems)
        split = (before, after) if flags == D3D12_RESOURCE_BARRIER_FLAGS.BEGIN_ONLY else None
        updates[rid] = Track(Knowledge.EXACT, before if split else after, cause=set_by, split=split)


class _RecordedList(Protocol):
    name: str
    state_events: list[StateEvent]


def check_at_execution(command_lists: Sequence[_RecordedList],
                       report: Callable[[D3D12DebugLayerError], None]) -> None:
    """ExecuteCommandLists: replay the lists' events, in order, from the states the buffers really
    have (COMMON: they decayed after the previous call) and report what recording deferred."""
    tracker = StateTracker(at_execution=True, list_name="")
    for command_list in command_lists:
        tracker.begin_list(command_list.name)
        for event in command_list.state_events:
            problems, updates = tracker.process(event)
            tracker.commit(updates)
            for error in problems:
                report(error)


# --- messages ----------------------------------------------------------------------------------------

def _roles(accesses: list[Access]) -> str:
    roles = [a.role + (f" ({a.cite})" if a.cite else "") for a in accesses]
    return " and ".join(dict.fromkeys(roles))


def _invalid_state_message(accesses: list[Access], track: Track, needed: int) -> str:
    resource = accesses[0].resource
    missing = needed & ~track.state if track.knowledge == Knowledge.EXACT else needed
    before = "D3D12_RESOURCE_STATE_COMMON" if track.state == COMMON else state_name(track.state)
    return (f"Resource state ({track.describe()}) of resource '{resource.name}' (subresource: 0) is invalid for use "
            f"as {_roles(accesses)}. Expected State Bits (all): {state_text(needed)}, Actual State: "
            f"{track.describe()}, Missing State: {state_text(missing)}. The state was {track.cause}; a buffer is "
            f"promoted implicitly only from COMMON (and from a promoted read state to more read states), so record "
            f"CD3DX12_RESOURCE_BARRIER.Transition(resource, {before}, {state_name(needed)}) before this command")


def _before_mismatch_message(field_name: str, resource: "ID3D12Resource", before: int, track: Track) -> str:
    return (f"{field_name}: Before state ({state_text(before)}) of resource '{resource.name}' (subresource: 0) "
            f"specified by transition barrier does not match with the current resource state ({track.describe()}), "
            f"{track.cause}")


def _conflict_message(call: str, resource: "ID3D12Resource", accesses: list[Access]) -> str:
    uses = ", ".join(f"{a.role} ({state_name(a.state)})" for a in accesses)
    return (f"resource '{resource.name}' (subresource: 0) would have to be in several states at once: {uses}. A buffer "
            f"is in one state at a time and a write state (UNORDERED_ACCESS, COPY_DEST) combines with no other, so "
            f"one {call} cannot use it both ways: put these in separate buffers"
            + "".join(dict.fromkeys(f" ({a.cite})" for a in accesses if a.cite)))


def _hazard_message(resource: "ID3D12Resource", access: Access, write: PendingWrite,
                    command: Callable[[str, int], str]) -> str:
    return (f"resource '{resource.name}' (subresource: 0) is used as {access.role}, bytes [{access.start}, "
            f"{access.end}), while the UNORDERED_ACCESS write of {command(write.call, write.command_index)} to bytes "
            f"[{write.start}, {write.end}) is not ordered before it: record a UAV barrier "
            f"(CD3DX12_RESOURCE_BARRIER.UAV(resource)) between them ({UAV_BARRIER_CITE})")


def _split_use_message(resource: "ID3D12Resource", split: tuple[int, int]) -> str:
    return (f"resource '{resource.name}' is inside a split transition ({state_name(split[0])} -> "
            f"{state_name(split[1])}) begun with D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY: end it with END_ONLY before "
            f"using or transitioning it again")


def _split_end_message(field_name: str, resource: "ID3D12Resource", before: int, after: int,
                       split: tuple[int, int] | None) -> str:
    begun = "no split transition was begun in this command list" if split is None else \
        f"the transition begun is {state_name(split[0])} -> {state_name(split[1])}"
    return (f"{field_name}: END_ONLY transition of '{resource.name}' ({state_name(before)} -> {state_name(after)}) "
            f"has no matching BEGIN_ONLY: {begun}")
