"""Editing compiled SPIR-V word by word, to make the invalid variants of a valid module that rule tests need.

A module is a stream of instructions (word count << 16 | opcode, then operands) with no offsets, so
an instruction can be replaced by one of another length."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np

OP_NOP, OP_CONSTANT, OP_CAPABILITY, OP_EXTENSION = 0, 43, 17, 10


def read_words(path: Path) -> list[int]:
    return [int(w) for w in np.frombuffer(path.read_bytes(), np.uint32)]


def instructions(words: list[int]) -> list[tuple[int, int, list[int]]]:
    """(position, opcode, operands) of every instruction after the 5-word header."""
    found, at = [], 5
    while at < len(words):
        count, opcode = words[at] >> 16, words[at] & 0xFFFF
        found.append((at, opcode, words[at + 1:at + count]))
        at += count
    return found


def rewrite(words: list[int], opcode: int, edit: Callable[[list[int]], list[int] | None], nth: int = 0) -> np.ndarray:
    """The module with the `nth` instruction of `opcode` replaced by `edit(operands)` (None: removed)."""
    matches = [(at, ops) for at, op, ops in instructions(words) if op == opcode]
    at, operands = matches[nth]
    new = edit(list(operands))
    replacement = [] if new is None else [(len(new) + 1) << 16 | opcode, *new]
    return np.array(words[:at] + replacement + words[at + 1 + len(operands):], np.uint32)


def without_capability(words: list[int], capability: int) -> np.ndarray:
    nth = [ops[0] for _, op, ops in instructions(words) if op == OP_CAPABILITY].index(capability)
    return rewrite(words, OP_CAPABILITY, lambda ops: None, nth)


def without_extension(words: list[int], name: str) -> np.ndarray:
    names = [np.array(ops, np.uint32).tobytes().split(b"\0")[0].decode()
             for _, op, ops in instructions(words) if op == OP_EXTENSION]
    return rewrite(words, OP_EXTENSION, lambda ops: None, names.index(name))


def constant_id(words: list[int], value: int, width_type: int | None = None) -> int:
    """The id of a 32-bit OpConstant with `value` (of type `width_type` when given)."""
    for _, op, ops in instructions(words):
        if op == OP_CONSTANT and len(ops) == 3 and ops[2] == value and width_type in (None, ops[0]):
            return ops[1]
    raise LookupError(f"no 32-bit constant {value}")


def operands_of(words: list[int], opcode: int, nth: int = 0) -> list[int]:
    return [ops for _, op, ops in instructions(words) if op == opcode][nth]


def insert_after(words: list[int], position: int, opcode: int, operands: list[int]) -> np.ndarray:
    """The module with a new instruction right after the instruction at word `position`."""
    end = position + (words[position] >> 16)
    return np.array(words[:end] + [(len(operands) + 1) << 16 | opcode, *operands] + words[end:], np.uint32)
