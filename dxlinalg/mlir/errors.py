"""Errors of `dxlinalg.mlir`, one per stage: parse, verify, lower (unsupported), run (arguments, undefined behaviour).

Each message starts with the line:column of the operation it concerns, where there is one, so a one-line CLI error
points into the kernel's text.
"""

from __future__ import annotations

from dxlinalg.errors import (
    DxLinalgError,
    InvalidArgumentError,
    UndefinedBehaviorError,
    UnsupportedError,
)
from dxlinalg.nvgpu.types import Location, ParseError

__all__ = ["Location", "MlirArgumentError", "MlirError", "MlirUndefinedBehaviorError", "MlirUnsupportedError",
           "MlirVerifyError", "ParseError", "at"]


class MlirError(DxLinalgError):
    """Base of what `dxlinalg.mlir` raises about a kernel or a run (ParseError aside: it is nvgpu's, shared)."""


class MlirVerifyError(MlirError, InvalidArgumentError):
    """The kernel parses but breaks a rule of an operation's definition (MLIR's verifier would reject it)."""


class MlirUnsupportedError(MlirError, UnsupportedError):
    """A valid kernel uses an operation, type or form this runner does not execute (found before running)."""


class MlirArgumentError(MlirError, InvalidArgumentError):
    """An argument of `run` (entry, workgroups, buffers, block size, profile) is wrong."""


class MlirUndefinedBehaviorError(MlirError, UndefinedBehaviorError):
    """Strict mode: an operation did something MLIR's dialect documents leave undefined or poison."""


def at(location: Location | None, message: str) -> str:
    """`message` prefixed with the line:column it concerns."""
    return message if location is None else f"{location}: {message}"
