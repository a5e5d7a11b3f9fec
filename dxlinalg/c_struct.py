"""The one base of every host-API struct (D3D12's and Vulkan's): C-like construction in Python.

`S(a, b)` fills fields in declaration order, as C's aggregate initialisation `{a, b}` does, and a
tuple or list given for a nested struct initialises it field by field; unknown fields are
rejected, so a misspelt C field name fails at once instead of being ignored.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator


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
