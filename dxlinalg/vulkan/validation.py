"""The validation layer: where every broken rule is reported, raised or remembered, and the Vulkan errors.

Validation is on for every object of a VkInstance created with "VK_LAYER_KHRONOS_validation" among its
ppEnabledLayerNames. Then a broken rule raises `VulkanValidationError` at the call that broke it, naming the
VUID, the call, the field and the values. Without the layer nothing is raised for a broken rule: the call goes
on as a driver would (what each does is in docs/vulkan.md), and the message is only kept in `messages`. The
exception is what no driver could survive either (a NULL or too-short pointer, a dead handle): the emulator
cannot read memory that is not there, so it raises `VulkanUndefinedBehaviorError` (layer off) instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NoReturn

from dxlinalg.errors import DxLinalgError, UndefinedBehaviorError
from dxlinalg.vulkan.enums import VkResult
from dxlinalg.vulkan.vuids import RULES


class VulkanError(DxLinalgError):
    """A call whose C form returns a VkResult failed; `.result` is that VkResult (creation calls raise this)."""

    def __init__(self, result: int, message: str) -> None:
        self.result = VkResult(result)
        super().__init__(f"{self.result.name}: {message}")


class VulkanValidationError(DxLinalgError):
    """The validation layer caught a broken rule; `.vuid` names it."""

    def __init__(self, vuid: str, message: str) -> None:
        self.vuid = vuid
        super().__init__(message)


class VulkanUndefinedBehaviorError(UndefinedBehaviorError):
    """Without validation: a broken rule no driver could carry out either (memory that is not there)."""

    def __init__(self, vuid: str, message: str) -> None:
        self.vuid = vuid
        super().__init__(message)


def handle_rule(call: str, parameter: str, handle_type: str) -> str:
    """The implicit `<parameter> must be a valid <handle type> handle` VUID of any call."""
    vuid = f"VUID-{call}-{parameter}-parameter"
    RULES.setdefault(vuid, f"{parameter} must be a valid {handle_type} handle")
    return vuid


@dataclass(frozen=True)
class Violation:
    """One broken rule: which, where, and with what values."""

    vuid: str
    call: str
    detail: str

    @property
    def message(self) -> str:
        return f"{self.call}: {self.detail} ({self.vuid}: {RULES.get(self.vuid, 'see the Vulkan specification')})"


class ValidationLayer:
    """One per VkInstance: raises broken rules when enabled, logs every message either way."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.messages: list[str] = []

    def report(self, violation: Violation) -> None:
        """A broken rule the driver carries on through: raise it with the layer on; log it either way."""
        self.messages.append(f"ERROR [{violation.vuid}] {violation.message}")
        if self.enabled:
            raise VulkanValidationError(violation.vuid, violation.message)

    def unsafe(self, violation: Violation) -> NoReturn:
        """A broken rule nothing can carry on through (an invalid pointer or handle): always raise."""
        self.messages.append(f"ERROR [{violation.vuid}] {violation.message}")
        if self.enabled:
            raise VulkanValidationError(violation.vuid, violation.message)
        raise VulkanUndefinedBehaviorError(
            violation.vuid, f"{violation.message}; without validation a driver would read or write memory that is "
                            f"not there, which the emulator cannot do")

    def note(self, message: str) -> None:
        """What the emulated driver did where the rules leave it free (GPU-side problems at execution)."""
        self.messages.append(f"INFO {message}")
