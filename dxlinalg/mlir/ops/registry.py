"""One definition per operation, as MLIR's ODS has it: its custom form, its verifier and its semantics together.

`define(name, parse=..., verify=..., lower=...)` registers an operation. `parse(p)` reads what follows the name in
the custom form (through `OpParser`); `verify(op)` checks the operation's rules and raises `MlirVerifyError` citing
them; `lower(op, lw)` returns the kernel that runs it: `kernel(machine, frame, args) -> results`, args the operand
values (lane arrays, memrefs), results a sequence of the result values. An operation with no definition is
rejected before anything runs (`program.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from dxlinalg.mlir.errors import MlirVerifyError, at
from dxlinalg.mlir.ir import Operation
from dxlinalg.mlir.parser import OpParser, register_custom_parser
from dxlinalg.nvgpu.types import Type

Kernel = Callable[[Any, list, list], Sequence[Any] | None]


@dataclass(frozen=True)
class OpDefinition:
    name: str
    verify: Callable[[Operation], None]
    lower: Callable[[Operation, Any], Kernel]
    terminator: bool = False
    summary: str = ""


DEFINITIONS: dict[str, OpDefinition] = {}


def define(name: str, *, parse: Callable[[OpParser], None] | None, verify: Callable[[Operation], None],
           lower: Callable[[Operation, Any], Kernel], terminator: bool = False, summary: str = "") -> None:
    DEFINITIONS[name] = OpDefinition(name, verify, lower, terminator, summary)
    if parse is not None:
        register_custom_parser(name, parse)


def fail(op: Operation, rule: str) -> MlirVerifyError:
    """A verifier error at the operation: `line:col: 'arith.addi' op <rule>`."""
    return MlirVerifyError(at(op.location, f"'{op.name}' op {rule}"))


def expect_counts(op: Operation, operands: int | None, results: int | None, regions: int = 0) -> None:
    if operands is not None and len(op.operands) != operands:
        raise fail(op, f"expected {operands} operands, but found {len(op.operands)}")
    if results is not None and len(op.result_types) != results:
        raise fail(op, f"requires {results} results, but found {len(op.result_types)}")
    if len(op.regions) != regions:
        raise fail(op, f"requires {regions} regions, but found {len(op.regions)}")


def same_types(op: Operation, types: Sequence[Type], what: str) -> None:
    if any(t != types[0] for t in types):
        raise fail(op, f"requires the same type for {what}, got {', '.join(map(str, types))}")
