"""Command queues and fences.

Execution model: a queue runs its work in submission order, synchronously, inside the call
that submits it: when `ExecuteCommandLists` returns, every command has executed and its writes
are in memory; `Signal` sets the fence at once. The one exception is `Wait` on a fence value
not reached yet: the queue then holds later submissions and runs them, in order, from inside
the fence's `Signal` (CPU `ID3D12Fence.Signal` or another queue's `Signal`) that reaches it.

Before a batch of lists runs, their resource states are checked as they really are
(`resource_states.check_at_execution`); after it buffers are back in COMMON (D3D12's decay),
which needs no bookkeeping: every such check starts from COMMON.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from d3d12api.com import IUnknown
from d3d12api.enums import D3D12_COMMAND_LIST_TYPE
from d3d12api.hresult import HRESULT, D3D12DebugLayerError
from d3d12api.resource_states import check_at_execution
from d3d12api.structs import D3D12_COMMAND_QUEUE_DESC
from dxlinalg.c_struct import is_integer

if TYPE_CHECKING:
    from d3d12api.command_list import ID3D12GraphicsCommandList
    from d3d12api.device import ID3D12Device


class ID3D12Fence(IUnknown):
    """A 64-bit value the queue (or the CPU) raises; events fire when it reaches theirs."""

    def __init__(self, device: "ID3D12Device", initial_value: int) -> None:
        super().__init__()
        self.device = device
        self._value = initial_value
        self._condition = threading.Condition()
        self._events: list[tuple[int, Any]] = []
        self._waiting_queues: list[ID3D12CommandQueue] = []

    def GetCompletedValue(self) -> int:
        return self._value

    def Signal(self, Value: int) -> int:
        """Set the value from the CPU (it may also go down, as in D3D12)."""
        self._set(Value)
        return HRESULT.S_OK

    def SetEventOnCompletion(self, Value: int, hEvent: Any) -> int:
        """Set `hEvent` (a threading.Event, or anything with `set()`) when the value reaches `Value`.

        With hEvent None the call blocks until then, as in D3D12. Work is never pending on a queue
        (execution is synchronous), so only another thread can end such a wait: with the debug
        layer on, a blocking wait that no other thread could end raises instead of hanging.
        """
        if hEvent is None:
            with self._condition:
                if self._value < Value and threading.active_count() == 1:
                    self.device.debug_layer.error(D3D12DebugLayerError(
                        f"SetEventOnCompletion({Value}, None): the fence is at {self._value} and no other thread "
                        f"exists to signal it, so this wait would never end", rule="fence deadlock"))
                self._condition.wait_for(lambda: self._value >= Value)
            return HRESULT.S_OK
        if not callable(getattr(hEvent, "set", None)):
            self.device.debug_layer.messages.append(
                f"ERROR [fence event] SetEventOnCompletion: hEvent {hEvent!r} has no set() method")
            return HRESULT.E_INVALIDARG
        if self._value >= Value:
            hEvent.set()
        else:
            self._events.append((Value, hEvent))
        return HRESULT.S_OK

    def _set(self, value: int) -> None:
        with self._condition:
            self._value = value
            ready = [event for target, event in self._events if target <= value]
            self._events = [(target, event) for target, event in self._events if target > value]
            self._condition.notify_all()
        for event in ready:
            event.set()
        for queue in list(self._waiting_queues):
            queue._pump()


class ID3D12CommandQueue(IUnknown):
    """Runs command lists, signals and waits in order (see the module docstring)."""

    def __init__(self, device: "ID3D12Device", desc: D3D12_COMMAND_QUEUE_DESC) -> None:
        super().__init__()
        self.device = device
        self._desc = desc.model_copy()
        self.type = D3D12_COMMAND_LIST_TYPE(int(desc.Type))
        self._pending: deque[Callable[[], bool]] = deque()
        self._pumping = False

    def GetDesc(self) -> D3D12_COMMAND_QUEUE_DESC:
        return self._desc.model_copy()

    def ExecuteCommandLists(self, NumCommandLists: int,
                            ppCommandLists: "Sequence[ID3D12GraphicsCommandList] | ID3D12GraphicsCommandList") -> None:
        """Run the lists now, in order. A list that is open, failed Close or has the wrong type
        makes the whole call do nothing (the debug layer raises, naming it)."""
        from d3d12api.command_list import ID3D12GraphicsCommandList, ListState

        lists = list(ppCommandLists) if isinstance(ppCommandLists, Sequence) else [ppCommandLists]
        problem = None
        if not is_integer(NumCommandLists) or not 0 <= NumCommandLists <= len(lists):
            problem = f"NumCommandLists = {NumCommandLists} but {len(lists)} command list(s) are given"
        for index, command_list in enumerate(lists[:NumCommandLists] if problem is None else []):
            if problem is not None:
                break
            where = f"ppCommandLists[{index}]"
            if not isinstance(command_list, ID3D12GraphicsCommandList):
                problem = f"{where} is a {type(command_list).__name__}, not a command list"
            elif command_list.state != ListState.CLOSED:
                problem = f"{where} ({command_list.name}) is still recording; Close it first"
            elif command_list.error is not None:
                problem = (f"{where} ({command_list.name}) failed Close with E_INVALIDARG and cannot run: "
                           f"{command_list.error.message}")
            elif command_list.type != self.type:
                problem = (f"{where} is a {command_list.type.name} list; this queue runs {self.type.name} lists")
        if problem is not None:
            self.device.debug_layer.error(D3D12DebugLayerError(
                f"ExecuteCommandLists: {problem}; nothing in this call is executed", rule="ExecuteCommandLists"))
            return
        batch = lists[:NumCommandLists]

        def run() -> bool:
            check_at_execution(batch, self.device.debug_layer.error)  # raises before anything runs
            self.device._make_cpu_writes_visible()
            for command_list in batch:
                for command in command_list.commands:
                    command.execute(self.device)
            return True

        self._submit(run)

    def Signal(self, pFence: ID3D12Fence, Value: int) -> int:
        """Set the fence once all earlier work on this queue has run (at once, unless waiting)."""
        if not isinstance(pFence, ID3D12Fence):
            return HRESULT.E_INVALIDARG
        self._submit(lambda: pFence._set(Value) or True)
        return HRESULT.S_OK

    def Wait(self, pFence: ID3D12Fence, Value: int) -> int:
        """Hold later work on this queue until the fence reaches `Value`."""
        if not isinstance(pFence, ID3D12Fence):
            return HRESULT.E_INVALIDARG

        def wait() -> bool:
            if pFence.GetCompletedValue() >= Value:
                if self in pFence._waiting_queues:
                    pFence._waiting_queues.remove(self)
                return True
            if self not in pFence._waiting_queues:
                pFence._waiting_queues.append(self)
            return False

        self._submit(wait)
        return HRESULT.S_OK

    def _submit(self, operation: Callable[[], bool]) -> None:
        self._pending.append(operation)
        self._pump()

    def _pump(self) -> None:
        """Run pending operations in order until one (a Wait) cannot finish yet.

        Not re-entrant: a fence signalled by a running operation may wake this queue, and the
        loop already running picks the rest up. An operation that raises is not run again.
        """
        if self._pumping:
            return
        self._pumping = True
        try:
            while self._pending:
                operation = self._pending.popleft()
                if not operation():
                    self._pending.appendleft(operation)
                    return
        finally:
            self._pumping = False
