"""Recorded commands: what a command buffer holds and what vkQueueSubmit runs, in order.

A `vkCmd*` call validates its arguments, captures what it needs (C reads the structs at record time) and
appends one `Command` to the command buffer; the queue runs `execute` at submission. This is the extension
point for the compute path: a Command subclass plus a `vkCmd*` function that ends in `record(...)`
(dxlinalg.vulkan.command_buffer).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from dxlinalg.vulkan.device import VkQueue


class Command(ABC):
    """One recorded command."""

    #: The vkCmd* call that recorded it, for messages.
    name: ClassVar[str] = "Command"

    @abstractmethod
    def execute(self, queue: VkQueue) -> None:
        """Perform the command. Every dxlinalg.memory Buffer it writes must get `mark_written()`."""
