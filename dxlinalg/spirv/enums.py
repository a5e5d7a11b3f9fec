"""SPIR-V enumerations the executor names in code, built from the generated grammar tables."""

from __future__ import annotations

from enum import IntEnum

from dxlinalg.spirv.grammar_tables import ENUMS


def _enum(kind: str) -> type[IntEnum]:
    return IntEnum(kind, {name: value for value, (name, _) in ENUMS[kind].items()})  # type: ignore[return-value]


StorageClass = _enum("StorageClass")
Decoration = _enum("Decoration")
BuiltIn = _enum("BuiltIn")
ExecutionModel = _enum("ExecutionModel")
ExecutionMode = _enum("ExecutionMode")
Capability = _enum("Capability")
Scope = _enum("Scope")
GroupOperation = _enum("GroupOperation")
AddressingModel = _enum("AddressingModel")
MemoryModel = _enum("MemoryModel")
FunctionControl = _enum("FunctionControl")


def enum_label(enum: type[IntEnum], value: int) -> str:
    """`StorageBuffer` for 12, or the number when the enumeration has no such value."""
    try:
        return enum(value).name
    except ValueError:
        return f"<unknown {enum.__name__} {value}>"
