"""The SPIR-V binary form: header and instruction stream, from bytes, a file or words.

A module is a stream of 32-bit words: five header words (magic, version, generator, id bound,
schema) and then instructions, each starting with a word holding its word count (high 16 bits)
and opcode (low 16 bits). The magic number also tells the byte order: a byte-swapped magic means
every word is byte-swapped. Nothing here knows what an opcode means; `grammar` does.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import numpy as np

from dxlinalg.spirv.errors import SpirvBinaryError
from dxlinalg.spirv.grammar_tables import MAGIC, OPCODES

HEADER_WORDS = 5
SUPPORTED_VERSIONS = {(1, minor) for minor in range(7)}


@dataclass(frozen=True, slots=True)
class Instruction:
    """One instruction: opcode, its operand words (the words after the first) and where it is."""

    opcode: int
    operands: tuple[int, ...]
    index: int   # position in the instruction stream (0 = first instruction after the header)
    word: int    # word offset of its first word in the module (the header is words 0-4)


@dataclass(frozen=True)
class SpirvBinary:
    """A decoded binary: header fields and the instructions, words already in native order."""

    version: tuple[int, int]
    generator: int
    bound: int
    instructions: tuple[Instruction, ...]
    words: np.ndarray


ModuleSource = bytes | bytearray | memoryview | str | os.PathLike[str] | np.ndarray | list[int] | tuple[int, ...]


def module_words(source: ModuleSource) -> np.ndarray:
    """The module's words as uint32 in native byte order (byte-swapped modules are swapped back)."""
    if isinstance(source, (str, os.PathLike)):
        try:
            with open(source, "rb") as handle:
                source = handle.read()
        except OSError as error:
            raise SpirvBinaryError(f"cannot read SPIR-V module {os.fspath(source)!r}: {error.strerror}") from None
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
        if len(data) % 4:
            raise SpirvBinaryError(f"a SPIR-V module is a whole number of 32-bit words; got {len(data)} bytes")
        words = np.frombuffer(data, dtype="<u4").astype(np.uint32)
    elif isinstance(source, np.ndarray):
        if source.ndim != 1 or source.dtype.kind not in "iu":
            raise SpirvBinaryError(f"module words must be a 1-D integer array, got {source.dtype} {source.shape}")
        if source.size and (int(source.min()) < 0 or int(source.max()) > 0xFFFFFFFF):
            raise SpirvBinaryError("module words must be 32-bit unsigned values")
        words = source.astype(np.uint32)
    elif isinstance(source, (list, tuple)):
        if not all(isinstance(w, (int, np.integer)) and 0 <= w <= 0xFFFFFFFF for w in source):
            raise SpirvBinaryError("module words must be integers in [0, 2^32)")
        words = np.array(source, dtype=np.uint32)
    else:
        raise SpirvBinaryError(
            f"a SPIR-V module is given as bytes, a file path or an array of 32-bit words, "
            f"not {type(source).__name__}")
    if words.size < HEADER_WORDS:
        raise SpirvBinaryError(f"the module has {words.size} words; the header alone is {HEADER_WORDS}")
    if int(words[0]) == MAGIC:
        return words
    if int(words[0:1].byteswap()[0]) == MAGIC:
        return words.byteswap()
    raise SpirvBinaryError(f"word 0 is 0x{int(words[0]):08x}, not the SPIR-V magic number 0x{MAGIC:08x} "
                           f"(in either byte order)")


def read_binary(source: ModuleSource) -> SpirvBinary:
    """Split a module into header fields and instructions, checking every word count."""
    words = module_words(source)
    version_word = int(words[1])
    major, minor = (version_word >> 16) & 0xFF, (version_word >> 8) & 0xFF
    if version_word & 0xFF0000FF or (major, minor) not in SUPPORTED_VERSIONS:
        raise SpirvBinaryError(f"word 1 (version) is 0x{version_word:08x}; supported versions are 1.0 to 1.6")
    bound = int(words[3])
    if bound < 1 or bound > 1 << 22:
        raise SpirvBinaryError(f"word 3 (id bound) is {bound}; it must be at least 1 "
                               f"(and this reader accepts at most {1 << 22})")
    if int(words[4]) != 0:
        raise SpirvBinaryError(f"word 4 (schema) is {int(words[4])}; it must be 0")
    instructions = []
    position = HEADER_WORDS
    total = int(words.size)
    as_list = words.tolist()
    while position < total:
        first = as_list[position]
        count, opcode = first >> 16, first & 0xFFFF
        if count == 0:
            raise SpirvBinaryError(f"instruction {len(instructions)} at word {position} ({_opcode(opcode)}) has word "
                                   f"count 0; every instruction has at least one word")
        if position + count > total:
            raise SpirvBinaryError(f"instruction {len(instructions)} at word {position} ({_opcode(opcode)}) has word "
                                   f"count {count} but only {total - position} words remain: the module is truncated")
        instructions.append(Instruction(opcode, tuple(as_list[position + 1: position + count]),
                                        len(instructions), position))
        position += count
    return SpirvBinary((major, minor), int(words[2]), bound, tuple(instructions), words)


def _opcode(opcode: int) -> str:
    """`OpLoad, opcode 61`: a malformed instruction is still named, as every other error names it."""
    entry = OPCODES.get(opcode)
    return f"{entry[0]}, opcode {opcode}" if entry else f"opcode {opcode}, which no grammar names"


def decode_string(words: tuple[int, ...], start: int) -> tuple[str, int]:
    """The nul-terminated UTF-8 literal string starting at operand `start`, and the operand after it.

    Raises ValueError (the caller names the instruction) when the string has no terminating nul
    within the instruction or is not UTF-8.
    """
    chunks = bytearray()
    for position in range(start, len(words)):
        chunk = words[position].to_bytes(4, "little")
        end = chunk.find(0)
        if end >= 0:
            chunks += chunk[:end]
            try:
                return chunks.decode("utf-8"), position + 1
            except UnicodeDecodeError:
                raise ValueError(f"literal string at operand word {start} is not valid UTF-8") from None
        chunks += chunk
    raise ValueError(f"literal string at operand word {start} has no terminating nul within the instruction")
