"""SPIR-V errors: each names the instruction by opcode name and where it is in the module.

`SpirvError` is the base of everything this package raises for a module or a run: a malformed
binary (`SpirvBinaryError`), a module that breaks a rule the executor relies on
(`SpirvValidationError`), an instruction or feature outside the supported set
(`SpirvUnsupportedError`), a bad argument to `run` (`SpirvArgumentError`), undefined behaviour
found while running in strict mode (`SpirvUndefinedBehaviorError`), and a run that exceeds its
step limit (`SpirvStepLimitError`).
"""

from __future__ import annotations

from dataclasses import dataclass

from dxlinalg.errors import DxLinalgError, InvalidArgumentError, UndefinedBehaviorError, UnsupportedError


@dataclass(frozen=True)
class Location:
    """Where an instruction sits: its opcode name, index in the instruction stream and first word."""

    opname: str
    index: int
    word: int

    def __str__(self) -> str:
        return f"{self.opname} (instruction {self.index}, word {self.word})"


class SpirvError(DxLinalgError):
    """Base class: something about a SPIR-V module or its run."""


class SpirvBinaryError(SpirvError, ValueError):
    """The bytes are not a well-formed SPIR-V binary (magic, header, word counts, strings)."""


class SpirvValidationError(SpirvError, ValueError):
    """The module breaks a SPIR-V rule the executor relies on (ids, types, operands, control flow)."""


class SpirvUnsupportedError(SpirvError, UnsupportedError):
    """A valid module uses an instruction, capability or feature this executor does not implement."""


class SpirvArgumentError(SpirvError, InvalidArgumentError):
    """An argument of `run` (entry point, groups, buffers, push constants, spec constants) is wrong."""


class SpirvUndefinedBehaviorError(SpirvError, UndefinedBehaviorError):
    """Strict mode: an instruction did something the SPIR-V or Vulkan specification leaves undefined."""


class SpirvStepLimitError(SpirvError):
    """The run executed more blocks than its step limit allows (a loop that does not end)."""


def at(location: Location | None, message: str) -> str:
    """`message` prefixed with the instruction it concerns."""
    return message if location is None else f"{location}: {message}"
