"""A device that exposes only the D3D12 API: emulator extras (`profile`, `debug_layer`, `buffer`,
`address_space`, `resource_at`, ...) are not reachable through it or through anything it returns.

D3D12 methods are PascalCase; every other attribute raises AttributeError. Interfaces returned by a
call come back wrapped the same way, and are unwrapped (also inside lists and structs) when passed
back in, so the real device sees its own objects.
"""

from __future__ import annotations

from pydantic import BaseModel


class PublicOnly:
    def __init__(self, inner: object) -> None:
        object.__setattr__(self, "_inner", inner)

    def __getattr__(self, name: str) -> object:
        if not name[:1].isupper():
            raise AttributeError(f"{name!r} is not part of the D3D12 API (PublicOnly hides emulator extras)")
        attribute = getattr(self._inner, name)
        if not callable(attribute):
            raise AttributeError(f"{name!r} is not a D3D12 method")

        def call(*args: object, **kwargs: object) -> object:
            result = attribute(*(unwrap(a) for a in args), **{k: unwrap(v) for k, v in kwargs.items()})
            return wrap(result)

        return call


def _is_interface(value: object) -> bool:
    return any(cls.__name__.startswith("ID3D") for cls in type(value).__mro__)


def wrap(value: object) -> object:
    if isinstance(value, tuple):
        return tuple(wrap(v) for v in value)
    return PublicOnly(value) if _is_interface(value) else value


def _contains_proxy(value: object) -> bool:
    if isinstance(value, PublicOnly):
        return True
    if isinstance(value, (list, tuple)):
        return any(_contains_proxy(v) for v in value)
    if isinstance(value, BaseModel):
        return any(_contains_proxy(getattr(value, f)) for f in type(value).model_fields)
    return False


def unwrap(value: object) -> object:
    """The real object for a proxy; lists and structs holding proxies are copied with them replaced
    (only in-parameters hold interfaces, so out-parameters are passed through untouched)."""
    if isinstance(value, PublicOnly):
        return value._inner
    if not _contains_proxy(value):
        return value
    if isinstance(value, list):
        return [unwrap(v) for v in value]
    if isinstance(value, tuple):
        return tuple(unwrap(v) for v in value)
    return value.model_copy(update={f: unwrap(getattr(value, f)) for f in type(value).model_fields})
