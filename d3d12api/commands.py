"""Recorded commands: what a command list holds, and what a queue runs.

A command is built (and its arguments validated and copied) when the application records it,
and `execute(device)` runs it when a queue executes the list. This is the extension point for
new commands: subclass `Command`, then add a recording method that validates its arguments and
calls `ID3D12GraphicsCommandList._record(command)` (see `command_list`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, ClassVar

from d3d12api.conversion import ConversionRequest, execute_conversion
from d3d12api.hresult import D3D12DebugLayerError
from d3d12api.structs import D3D12_RESOURCE_BARRIER

if TYPE_CHECKING:
    from d3d12api.device import ID3D12Device
    from d3d12api.resource import ID3D12Resource


class Command(ABC):
    """One recorded command; `execute` runs it on the device's memory (and, later, its GPU)."""

    #: The D3D12 method that recorded it, for messages.
    name: ClassVar[str] = "Command"

    @abstractmethod
    def execute(self, device: "ID3D12Device") -> None:
        """Perform the command. Every buffer it writes must get `mark_written()`."""


class CopyBufferRegionCommand(Command):
    name = "CopyBufferRegion"

    def __init__(self, dst: "ID3D12Resource", dst_offset: int, src: "ID3D12Resource", src_offset: int,
                 num_bytes: int) -> None:
        self.dst, self.dst_offset = dst, dst_offset
        self.src, self.src_offset = src, src_offset
        self.num_bytes = num_bytes

    def execute(self, device: "ID3D12Device") -> None:
        for resource in (self.src, self.dst):
            if not resource.alive:
                device.debug_layer.error(D3D12DebugLayerError(
                    f"CopyBufferRegion: {resource.name} was released before the copy executed; nothing is copied",
                    rule="GPU-based validation: resource alive"))
                return
        data = self.src.buffer.data[self.src_offset: self.src_offset + self.num_bytes]
        if self.src.buffer is self.dst.buffer:     # ranges may overlap: read all before writing
            data = data.copy()
        self.dst.buffer.data[self.dst_offset: self.dst_offset + self.num_bytes] = data
        self.dst.buffer.mark_written()


class ResourceBarrierCommand(Command):
    """Recorded and kept (execution is in order, so a barrier has nothing to do)."""

    name = "ResourceBarrier"

    def __init__(self, barriers: list[D3D12_RESOURCE_BARRIER]) -> None:
        self.barriers = barriers

    def execute(self, device: "ID3D12Device") -> None:
        return None


class ConvertLinearAlgebraMatrixCommand(Command):
    name = "ConvertLinearAlgebraMatrix"

    def __init__(self, requests: list[ConversionRequest]) -> None:
        self.requests = requests

    def execute(self, device: "ID3D12Device") -> None:
        for request in self.requests:
            execute_conversion(request, device)
