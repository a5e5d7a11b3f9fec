"""COM plumbing every D3D12 object shares: reference counts, QueryInterface, names."""

from __future__ import annotations

from typing import TypeVar

from d3d12api.hresult import D3D12Error, HRESULT

T = TypeVar("T")


class IUnknown:
    """AddRef/Release/QueryInterface as in COM; the object is destroyed when its count reaches 0."""

    def __init__(self) -> None:
        self._refcount = 1
        self._name = ""

    def AddRef(self) -> int:
        self._refcount += 1
        return self._refcount

    def Release(self) -> int:
        """Drop one reference; at zero the object is destroyed (a resource's addresses unmap)."""
        if self._refcount > 0:
            self._refcount -= 1
            if self._refcount == 0:
                self._destroy()
        return self._refcount

    def QueryInterface(self, riid: type[T]) -> T:
        """`riid` is the interface class (`ID3D12DevicePreview`, ...); returns self with a new reference."""
        if isinstance(riid, type) and isinstance(self, riid):
            self.AddRef()
            return self  # type: ignore[return-value]
        raise D3D12Error(HRESULT.E_NOINTERFACE,
                         f"{type(self).__name__} does not implement {getattr(riid, '__name__', riid)}")

    def SetName(self, Name: str) -> int:
        """ID3D12Object::SetName: the name shows in debug-layer messages."""
        self._name = str(Name)
        return HRESULT.S_OK

    @property
    def name(self) -> str:
        return self._name or f"{type(self).__name__}#{id(self) & 0xFFFF:04x}"

    def _destroy(self) -> None:
        """Called once when the last reference goes; subclasses free what they hold."""
