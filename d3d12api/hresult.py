"""HRESULTs and the exceptions that carry them.

Values are the signed 32-bit HRESULTs of winerror.h, so `SUCCEEDED(hr)` is `hr >= 0` as in C;
`SUCCEEDED`, `FAILED` and `ThrowIfFailed` also accept the unsigned spelling (0x80070057).
"""

from __future__ import annotations

from enum import IntEnum


def _signed(value: int) -> int:
    return value - (1 << 32) if value >= 1 << 31 else value


class HRESULT(IntEnum):
    """The HRESULTs this emulator returns or documents (winerror.h / dxgi / d3d12 values)."""

    S_OK = 0
    S_FALSE = 1
    E_NOTIMPL = _signed(0x80004001)
    E_NOINTERFACE = _signed(0x80004002)
    E_POINTER = _signed(0x80004003)
    E_ABORT = _signed(0x80004004)
    E_FAIL = _signed(0x80004005)
    E_UNEXPECTED = _signed(0x8000FFFF)
    E_ACCESSDENIED = _signed(0x80070005)
    E_HANDLE = _signed(0x80070006)
    E_OUTOFMEMORY = _signed(0x8007000E)
    E_INVALIDARG = _signed(0x80070057)
    DXGI_ERROR_INVALID_CALL = _signed(0x887A0001)
    DXGI_ERROR_NOT_FOUND = _signed(0x887A0002)
    DXGI_ERROR_UNSUPPORTED = _signed(0x887A0004)
    DXGI_ERROR_DEVICE_REMOVED = _signed(0x887A0005)
    DXGI_ERROR_DEVICE_HUNG = _signed(0x887A0006)
    D3D12_ERROR_ADAPTER_NOT_FOUND = _signed(0x887E0001)
    D3D12_ERROR_DRIVER_VERSION_MISMATCH = _signed(0x887E0002)

    def __str__(self) -> str:
        return f"{self.name} (0x{self.value & 0xFFFFFFFF:08X})"


def _as_hresult(hr: int) -> int:
    value = _signed(int(hr))
    try:
        return HRESULT(value)
    except ValueError:
        return value


def hresult_text(hr: int) -> str:
    """`E_INVALIDARG (0x80070057)` for known values, the hex spelling otherwise."""
    value = _as_hresult(hr)
    return str(value) if isinstance(value, HRESULT) else f"0x{value & 0xFFFFFFFF:08X}"


def SUCCEEDED(hr: int) -> bool:
    """True for success codes (hr >= 0 as a signed 32-bit value)."""
    return _signed(int(hr)) >= 0


def FAILED(hr: int) -> bool:
    """True for failure codes (hr < 0 as a signed 32-bit value)."""
    return _signed(int(hr)) < 0


class D3D12Error(Exception):
    """A D3D12 call failed; `.hr` is the HRESULT the C++ call would have returned."""

    def __init__(self, hr: int, message: str = "") -> None:
        self.hr = _as_hresult(hr)
        self.message = message
        super().__init__(f"{hresult_text(hr)}: {message}" if message else hresult_text(hr))


class D3D12DebugLayerError(D3D12Error):
    """The debug layer caught a broken rule; `.rule` names it, the message gives field and values.

    Raised only on devices created with `debug=True`; `.hr` is E_INVALIDARG, the result the call
    (or `Close()`) reports without the debug layer.
    """

    def __init__(self, message: str, *, rule: str, hr: int = HRESULT.E_INVALIDARG) -> None:
        self.rule = rule
        super().__init__(hr, message)


class D3D12DebugLayerWarning(UserWarning):
    """A debug-layer warning: legal but almost certainly not what the application meant."""


def ThrowIfFailed(hr: int) -> int:
    """The DirectX samples' helper: raise `D3D12Error` for a failed HRESULT, else return it."""
    if FAILED(hr):
        raise D3D12Error(hr)
    return hr
