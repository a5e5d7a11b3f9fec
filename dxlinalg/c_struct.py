"""The one base of every host-API struct (D3D12's and Vulkan's): C-like construction in Python.

`S(a, b)` fills fields in declaration order, as C's aggregate initialisation `{a, b}` does, and a
tuple or list given for a nested struct initialises it field by field; unknown fields are
rejected, so a misspelt C field name fails at once instead of being ignored.
"""

from __future__ import annotations

from typing import Annotated, Any

import numpy as np
from pydantic import BaseModel, ConfigDict, PlainSerializer, PlainValidator, model_validator


def is_integer(value: object) -> bool:
    """What a C integer field or argument may hold here: an int, a bool or a numpy integer; not 40.0 or "40"."""
    return isinstance(value, (bool, int, np.integer))


def to_int(value: object) -> int:
    if is_integer(value):
        return int(value)  # type: ignore[call-overload]
    raise ValueError(f"expected an integer, got {value!r}")


def enum_field(enum_class: type) -> Any:
    """An integer field shown as `enum_class` when the value is a member (C enums hold any int)."""

    def validate(value: object) -> int:
        number = to_int(value)
        try:
            return enum_class(number)
        except ValueError:
            return number

    return Annotated[int, PlainValidator(validate), PlainSerializer(int, return_type=int)]


class CStruct(BaseModel):
    """Positional (aggregate) construction, C field names, extra fields rejected."""

    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True, validate_default=True)

    def __init__(self, *values: Any, **fields: Any) -> None:
        names = list(type(self).model_fields)
        if len(values) > len(names):
            raise TypeError(f"{type(self).__name__} has {len(names)} fields, {len(values)} values given")
        for name, value in zip(names, values):
            if name in fields:
                raise TypeError(f"{type(self).__name__}: field {name} given twice")
            fields[name] = value
        super().__init__(**fields)

    @model_validator(mode="before")
    @classmethod
    def _aggregate(cls, data: Any) -> Any:
        """A tuple or list for a nested struct initialises it field by field, as `{...}` in C."""
        if isinstance(data, (tuple, list)):
            names = list(cls.model_fields)
            if len(data) > len(names):
                raise ValueError(f"{cls.__name__} has {len(names)} fields, {len(data)} values given")
            return dict(zip(names, data))
        return data
