"""The debug layer: where every broken rule is reported, raised or remembered.

With the debug layer on (`D3D12CreateDevice(..., debug=True)`, the default) a broken rule raises
`D3D12DebugLayerError` at the call that broke it, naming the rule, the field and the values.
With it off, nothing is raised by the layer: the call reports its HRESULT as D3D12 would (a
command list's `Close()` returns E_INVALIDARG) and the message is only kept in `messages`,
for people reading a failure after the fact. Warnings (legal but suspicious usage) are
`D3D12DebugLayerWarning`s with the layer on.
"""

from __future__ import annotations

import warnings

from d3d12api.hresult import D3D12DebugLayerError, D3D12DebugLayerWarning


class DebugLayer:
    """One per device: reports rule violations and keeps a log of every message."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.messages: list[str] = []

    def error(self, error: D3D12DebugLayerError) -> None:
        """A broken rule: raise it when the layer is on; log it either way."""
        self.messages.append(f"ERROR [{error.rule}] {error.message}")
        if self.enabled:
            raise error

    def warning(self, message: str, *, rule: str, stacklevel: int = 3) -> None:
        """Legal but almost certainly unintended: warn when the layer is on; log it either way.

        `stacklevel` points the warning at the application's line: 3 when the D3D12 method calls this."""
        self.messages.append(f"WARNING [{rule}] {message}")
        if self.enabled:
            warnings.warn(D3D12DebugLayerWarning(f"[{rule}] {message}"), stacklevel=stacklevel)
