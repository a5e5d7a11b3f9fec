"""Arguments every call checks the same way: a struct pointer, an array of strings, a C integer."""

from __future__ import annotations

from typing import Any

import numpy as np

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.vulkan.pointers import array_pointer
from dxlinalg.vulkan.two_call import pointer_rule
from dxlinalg.vulkan.validation import ValidationLayer, Violation

UINT32_MAX = 0xFFFFFFFF
SIZE_MAX = 0xFFFFFFFFFFFFFFFF


def struct_argument(layer: ValidationLayer, call: str, parameter: str, value: Any, struct_type: type) -> Any:
    """`value` if it is a `struct_type`; otherwise the pointer VUID, raised (nothing can be read through it)."""
    if not isinstance(value, struct_type):
        layer.unsafe(Violation(pointer_rule(call, parameter, f"{parameter} must be a valid pointer to a "
                                                             f"{struct_type.__name__} structure"),
                               call, f"{parameter} is a {type(value).__name__}, not a {struct_type.__name__}"))
    return value


def string_array(call: str, layer: ValidationLayer, names: Any, count: int, field: str) -> list[str]:
    """The first `count` strings of a `const char* const*` argument."""
    vuid = pointer_rule(call, field, f"if its count is not 0, {field} must be a valid pointer to an array of that "
                                     f"many null-terminated UTF-8 strings")
    try:
        items = array_pointer(names, count) or []
    except TypeError as problem:
        layer.unsafe(Violation(vuid, call, f"{field} {problem}"))
    if not all(isinstance(name, str) for name in items):
        layer.unsafe(Violation(vuid, call, f"{field} holds {items!r}, not strings"))
    return items


def c_integer(value: object, field: str, maximum: int, c_type: str) -> int:
    """A Python value passed for a C integer field: it must fit the C type (an error whatever the layer)."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not 0 <= int(value) <= maximum:
        raise InvalidArgumentError(f"{field} = {value!r} is not a {c_type} (0 .. {maximum})")
    return int(value)
