"""What the grammar says about an instruction: its name, where its result ids are, which words are ids.

`decode` walks an instruction's operand words against the operand kinds of its opcode (the
generated `grammar_tables`), so a word count that does not fit the opcode, a literal string with
no nul, or an enumerant value that does not exist is reported with the opcode's name and the
instruction's position. It returns the result type, the result id and every <id> operand, which
is all the module model needs to check that ids are defined before anything is interpreted.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from dxlinalg.spirv.errors import Location, SpirvBinaryError, SpirvValidationError
from dxlinalg.spirv.grammar_tables import BIT_ENUMS, ENUMS, GLSL_STD_450, OPCODES
from dxlinalg.spirv.reader import Instruction, decode_string

ID_KINDS = frozenset({"IdRef", "IdScope", "IdMemorySemantics"})
ONE_WORD_LITERALS = frozenset({"LiteralInteger", "LiteralExtInstInteger", "LiteralSpecConstantOpInteger",
                               "LiteralFloat"})
PAIRS = {"PairLiteralIntegerIdRef": (False, True), "PairIdRefLiteralInteger": (True, False),
         "PairIdRefIdRef": (True, True)}

_OPCODE_BY_NAME = {name: opcode for opcode, (name, _) in OPCODES.items()}
_ENUM_BY_NAME = {kind: {name: value for value, (name, _) in table.items()} for kind, table in ENUMS.items()}
_GLSL_BY_NAME = {name: number for number, name in GLSL_STD_450.items()}


def opname(opcode: int) -> str:
    """`OpIAdd` for 128; `Op<unknown 9999>` for a number no grammar knows."""
    entry = OPCODES.get(opcode)
    return entry[0] if entry else f"Op<unknown {opcode}>"


def opcode_of(name: str) -> int:
    """The number of an opcode name (`"OpIAdd"` -> 128)."""
    try:
        return _OPCODE_BY_NAME[name]
    except KeyError:
        raise KeyError(f"{name!r} is not a SPIR-V opcode name") from None


def enum_value(kind: str, name: str) -> int:
    """The value of an enumerant (`enum_value("StorageClass", "StorageBuffer")` -> 12)."""
    try:
        return _ENUM_BY_NAME[kind][name]
    except KeyError:
        raise KeyError(f"{name!r} is not an enumerant of {kind}") from None


def enum_name(kind: str, value: int) -> str:
    """The name of an enumerant value, or `<unknown N>`."""
    entry = ENUMS.get(kind, {}).get(value)
    return entry[0] if entry else f"<unknown {value}>"


def glsl_number(name: str) -> int:
    return _GLSL_BY_NAME[name]


def location(inst: Instruction) -> Location:
    return Location(opname(inst.opcode), inst.index, inst.word)


@cache
def operand_kinds(opcode: int) -> tuple[tuple[str, str], ...]:
    """(kind, quantifier) of each operand of `opcode` ('' required, '?' optional, '*' repeated)."""
    entry = OPCODES.get(opcode)
    if entry is None:
        return ()
    kinds = []
    for token in entry[1].split():
        quantifier = token[-1] if token[-1] in "?*" else ""
        kinds.append((token.rstrip("?*"), quantifier))
    return tuple(kinds)


@dataclass(frozen=True, slots=True)
class Operands:
    """The ids an instruction defines and uses."""

    result_type: int | None
    result: int | None
    ids: tuple[int, ...]


class _Walker:
    """Consumes an instruction's operand words kind by kind."""

    def __init__(self, inst: Instruction) -> None:
        self.inst = inst
        self.words = inst.operands
        self.position = 0
        self.result_type: int | None = None
        self.result: int | None = None
        self.ids: list[int] = []

    def fail(self, message: str) -> SpirvBinaryError:
        return SpirvBinaryError(f"{location(self.inst)}: {message}")

    @property
    def remaining(self) -> int:
        return len(self.words) - self.position

    def take(self, kind: str) -> None:
        if self.remaining <= 0:
            raise self.fail(f"is missing its {kind} operand (word count {len(self.words) + 1} is too small)")
        word = self.words[self.position]
        if kind in ("IdResultType", "IdResult") or kind in ID_KINDS:
            self.position += 1
            if kind == "IdResultType":
                self.result_type = word
            elif kind == "IdResult":
                self.result = word
            else:
                self.ids.append(word)
        elif kind in ONE_WORD_LITERALS:
            self.position += 1
        elif kind == "LiteralString":
            try:
                _, self.position = decode_string(self.words, self.position)
            except ValueError as error:
                raise self.fail(str(error)) from None
        elif kind == "LiteralContextDependentNumber":
            self.position = len(self.words)       # its width comes from the result type
        elif kind in PAIRS:
            if self.remaining < 2:
                raise self.fail(f"has an incomplete {kind} operand")
            for is_id, value in zip(PAIRS[kind], self.words[self.position: self.position + 2]):
                if is_id:
                    self.ids.append(value)
            self.position += 2
        elif kind in ENUMS:
            self.position += 1
            self.enum_parameters(kind, word)
        else:
            self.position += 1

    def enum_parameters(self, kind: str, value: int) -> None:
        table = ENUMS[kind]
        if kind in BIT_ENUMS:
            unknown = value & ~sum(table)
            if unknown:
                raise self.fail(f"{kind} mask 0x{value:x} sets bits 0x{unknown:x} that {kind} does not define")
            chosen = [bit for bit in sorted(table) if bit and value & bit]
        else:
            if value not in table:
                raise self.fail(f"{value} is not a {kind} value")
            chosen = [value]
        for bit in chosen:
            for parameter in table[bit][1].split():
                self.take(parameter.rstrip("?*"))


def decode(inst: Instruction) -> Operands:
    """Result type, result id and <id> operands of `inst`, checking its word count against the grammar."""
    if inst.opcode not in OPCODES:
        raise SpirvValidationError(f"{location(inst)}: opcode {inst.opcode} is not defined by SPIR-V")
    walker = _Walker(inst)
    if inst.opcode == _OPCODE_BY_NAME["OpSwitch"]:
        walker.take("IdRef")
        walker.take("IdRef")
        walker.position = len(inst.operands)       # (literal, label) pairs: literal width from the selector
        return Operands(None, None, tuple(walker.ids))
    for kind, quantifier in operand_kinds(inst.opcode):
        if quantifier == "":
            walker.take(kind)
        elif quantifier == "?":
            if walker.remaining > 0:
                walker.take(kind)
        else:
            while walker.remaining > 0:
                walker.take(kind)
        if kind == "LiteralSpecConstantOpInteger":
            inner = inst.operands[walker.position - 1]
            for inner_kind, inner_quantifier in operand_kinds(inner):
                if inner_kind in ("IdResultType", "IdResult"):
                    continue
                while walker.remaining > 0:
                    walker.take(inner_kind)
                    if inner_quantifier != "*":
                        break
    if walker.remaining > 0:
        raise walker.fail(f"has {walker.remaining} word(s) more than its operands need "
                          f"(word count {len(inst.operands) + 1})")
    return Operands(walker.result_type, walker.result, tuple(walker.ids))
