"""Vulkan's two-call enumeration: a NULL array asks for the count; an array gets at most *pCount entries.

With the array NULL the call writes the number available. Otherwise *pCount is the array's capacity on
input; the call writes min(capacity, available) entries from the start, sets *pCount to that number, and
returns VK_INCOMPLETE when fewer than all were written (VK_SUCCESS otherwise). `pointer_rule` names the
implicit pointer VUIDs (`VUID-<call>-<parameter>-parameter`).
"""

from __future__ import annotations

from collections.abc import Callable, MutableSequence, Sequence
from typing import Any, TypeVar

from dxlinalg.vulkan.enums import VkResult
from dxlinalg.vulkan.pointers import scalar_pointer
from dxlinalg.vulkan.validation import ValidationLayer, Violation
from dxlinalg.vulkan.vuids import RULES

T = TypeVar("T")


def pointer_rule(call: str, parameter: str, text: str) -> str:
    vuid = f"VUID-{call}-{parameter}-parameter"
    RULES.setdefault(vuid, text)
    return vuid


def enumerate_into(call: str, layer: ValidationLayer, count_name: str, array_name: str, p_count: Any,
                   p_items: Any, available: Sequence[T], write: Callable[[Any, T], Any]) -> VkResult:
    """The protocol; `write(element, item)` returns what the array's element becomes (a struct filled in place,
    or a handle) and raises TypeError for an element of the wrong kind."""
    count_vuid = pointer_rule(call, count_name, f"{count_name} must be a valid pointer to a uint32_t value")
    array_vuid = pointer_rule(call, array_name, f"if the value referenced by {count_name} is not 0, and "
                                                f"{array_name} is not NULL, {array_name} must be a valid pointer to "
                                                f"an array of {count_name} elements")
    try:
        count = scalar_pointer(p_count)
    except TypeError as problem:
        layer.unsafe(Violation(count_vuid, call, f"{count_name} {problem}"))
    if count is None:
        layer.unsafe(Violation(count_vuid, call, f"{count_name} is NULL"))
    if p_items is None:
        count.set(len(available))
        return VkResult.VK_SUCCESS
    capacity = count.get()
    if capacity and (not isinstance(p_items, MutableSequence) or len(p_items) < capacity):
        given = f"a list of {len(p_items)}" if isinstance(p_items, Sequence) else f"a {type(p_items).__name__}"
        layer.unsafe(Violation(array_vuid, call, f"*{count_name} = {capacity} but {array_name} is {given} "
                                                 f"(a mutable list of at least {capacity} elements is needed)"))
    written = min(capacity, len(available))
    for index in range(written):
        try:
            p_items[index] = write(p_items[index], available[index])
        except TypeError as problem:
            layer.unsafe(Violation(array_vuid, call, f"{array_name}[{index}] {problem}"))
    count.set(written)
    return VkResult.VK_INCOMPLETE if written < len(available) else VkResult.VK_SUCCESS


def filled(struct_type: type, fill: Callable[[Any, Any], None]) -> Callable[[Any, Any], Any]:
    """A writer for arrays of structs: checks the element's type, then fills it in place."""
    def write(element: Any, item: Any) -> Any:
        if not isinstance(element, struct_type):
            raise TypeError(f"is a {type(element).__name__}, not a {struct_type.__name__}")
        fill(element, item)
        return element
    return write
