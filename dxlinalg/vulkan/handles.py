"""What every Vulkan handle shares, and the check that a handle argument is one.

Dispatchable and non-dispatchable handles are Python objects; VK_NULL_HANDLE is None. A handle knows its
instance's validation layer. Destroying a handle marks it dead: a dead or wrong handle passed to a call is an
invalid handle (the call's `-parameter` VUID), which nothing can dispatch through, so it always raises.
"""

from __future__ import annotations

import itertools
from typing import TypeVar

from dxlinalg.vulkan.validation import (
    ValidationLayer,
    Violation,
    VulkanUndefinedBehaviorError,
    handle_rule,
)

H = TypeVar("H", bound="VkHandle")
_ids = itertools.count(1)


class VkHandle:
    """A Vulkan object: alive until destroyed, reporting through its instance's validation layer."""

    def __init__(self, layer: ValidationLayer) -> None:
        self.layer = layer
        self.alive = True
        self.id = next(_ids)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} 0x{self.id:x}{'' if self.alive else ' destroyed'}>"


def _described(value: object) -> str:
    if value is None:
        return "VK_NULL_HANDLE"
    if isinstance(value, VkHandle):
        return f"{value!r}" if value.alive else f"{value!r} (destroyed)"
    return f"a {type(value).__name__}"


def require_handle(value: object, handle_type: type[H], call: str, parameter: str) -> H:
    """`value` as a live `handle_type`, or the call's -parameter VUID raised."""
    if isinstance(value, handle_type) and value.alive:
        return value
    vuid = handle_rule(call, parameter, handle_type.__name__)
    violation = Violation(vuid, call, f"{parameter} is {_described(value)}, not a valid {handle_type.__name__}")
    if isinstance(value, VkHandle):
        value.layer.unsafe(violation)
    raise VulkanUndefinedBehaviorError(vuid, f"{violation.message}; nothing can be dispatched through it")
