"""Read MLIR text into operations: the generic form of any operation, and the custom form of the supported ones.

`parse(text)` reads a whole file: alias definitions (`#map = ...`, `!t = ...`), `{-# ... #-}` file metadata
(skipped), and operations, usually one `module`. The generic form (`%r = "arith.addi"(%a, %b) <{props}> ({...})
{attrs} : (i32, i32) -> i32 loc(...)`) needs nothing per operation; the custom form is read by the `parse` function
of the operation's definition (dxlinalg/mlir/ops), which uses the `OpParser` helpers below. Parsing checks syntax
only: names, types and rules are the verifier's (`verify.py`), so every error here is a ParseError at line:column
saying what was expected.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from dxlinalg.errors import DxLinalgError, InvalidArgumentError
from dxlinalg.mlir.ir import Block, Module, Operation, Region
from dxlinalg.mlir.syntax import (
    Aliases,
    FunctionType,
    read_attribute,
    read_dictionary,
    read_result_types,
    read_type,
    skip_balanced,
)
from dxlinalg.nvgpu.types import INDEX, Location, ParseError, Scanner, Type

__all__ = ["OpParser", "ParseError", "parse"]

_SUFFIX = re.compile(r"(?:[0-9]+|[A-Za-z$._-][A-Za-z0-9$._-]*)")
_CUSTOM_PARSERS: dict[str, Callable[[OpParser], None]] = {}


def register_custom_parser(name: str, function: Callable[[OpParser], None]) -> None:
    """The op definitions register the reader of their custom form here (ops/registry.py does it)."""
    _CUSTOM_PARSERS[name] = function


def parse(text: str) -> Module:
    """The operations of an MLIR file (the body of its single top-level `module`, if that is what it holds)."""
    if not isinstance(text, str):
        raise InvalidArgumentError(f"dxlinalg.mlir.parse: expected MLIR text (str), got {type(text).__name__}")
    import dxlinalg.mlir.ops.all  # noqa: F401  (registers every definition's custom parser)

    scanner = Scanner(text)
    aliases = Aliases()
    operations: list[Operation] = []
    while not scanner.at_end():
        if scanner.peek("{-#"):
            end = text.find("#-}", scanner.pos)
            if end < 0:
                raise scanner.error("expected '#-}' to close the file metadata")
            scanner.pos = end + 3
            continue
        if _alias_definition(scanner, aliases):
            continue
        operations.append(OpParser(scanner, aliases).operation())
    return Module(operations, text)


def _alias_definition(scanner: Scanner, aliases: Aliases) -> bool:
    scanner.skip_trivia()
    match = re.compile(r"([#!])([A-Za-z_][A-Za-z0-9_$.]*)[ \t]*=").match(scanner.text, scanner.pos, scanner.end)
    if match is None:
        return False
    scanner.pos = match.end()
    name = match.group(2)
    if match.group(1) == "!":
        aliases.types[name] = read_type(scanner, aliases)
    elif scanner.peek_keyword("loc"):
        _skip_location(scanner)
    else:
        aliases.attributes[name] = read_attribute(scanner, aliases)
    return True


def _skip_location(scanner: Scanner) -> None:
    scanner.expect_keyword("loc", "for a location")
    skip_balanced(scanner, "(")


class OpParser:
    """Reads one operation (and what nests in it); the custom-form readers fill `name`, `operands`,
    `operand_types`, `result_types`, `attributes`, `regions` and `successors` through the helpers."""

    def __init__(self, scanner: Scanner, aliases: Aliases) -> None:
        self.scanner = scanner
        self.aliases = aliases
        self._reset()

    def _reset(self) -> None:
        self.name = ""
        self.operands: list[str] = []
        self.operand_types: list[Type] = []
        self.result_types: list[Type] = []
        self.attributes: dict[str, object] = {}
        self.regions: list[Region] = []
        self.successors: list[str] = []
        self.result_count = 0

    # -- one operation ---------------------------------------------------------------------------------
    def operation(self) -> Operation:
        scanner = self.scanner
        scanner.skip_trivia()
        start = scanner.pos
        results = self._result_names()
        self._reset()
        self.result_count = sum(count for _, count in results)
        scanner.skip_trivia()
        name_pos = scanner.pos
        if scanner.peek('"'):
            self._generic()
        else:
            name = scanner.bare_id()
            if name is None:
                raise scanner.error(f"expected an operation, found {scanner.found()}")
            reader = _CUSTOM_PARSERS.get(name) or _CUSTOM_PARSERS.get(f"func.{name}")
            if reader is None:
                if "." not in name:
                    raise scanner.error(f"unknown operation '{name}': dxlinalg.mlir reads the custom form of the "
                                        f"operations it supports (docs/mlir.md) and the generic form "
                                        f"(\"dialect.op\"(...) : ...) of any", name_pos)
                self.name = name
                self._opaque()
            else:
                self.name = name if name in _CUSTOM_PARSERS else f"func.{name}"
                try:
                    reader(self)
                except (IndexError, KeyError, TypeError, AttributeError, ValueError) as error:
                    if isinstance(error, DxLinalgError):
                        raise
                    raise scanner.error(f"'{self.name}': malformed custom form ({type(error).__name__}: {error})",
                                        name_pos) from None
        if scanner.peek_keyword("loc"):
            _skip_location(scanner)
        location = scanner.location(start)
        names = _expand(results)
        if results and len(names) != len(self.result_types):
            raise scanner.error(f"operation defines {len(self.result_types)} results but was provided "
                                f"{len(names)} to bind", start)
        if not results:
            names = [f"%<unnamed {location} #{i}>" for i in range(len(self.result_types))]
        return Operation(self.name, self.operands, self.operand_types, names, self.result_types, self.attributes,
                         self.regions, self.successors, location)

    def _result_names(self) -> list[tuple[str, int]]:
        scanner = self.scanner
        names: list[tuple[str, int]] = []
        saved = scanner.pos
        while scanner.peek("%"):
            name = self.value_name()
            count = 1
            if scanner.accept(":"):
                value = scanner.integer()
                if value is None or value < 1:
                    raise scanner.error("expected a positive result count after ':'")
                count = value
            names.append((name, count))
            if not scanner.accept(","):
                break
        if names and not scanner.accept("="):
            scanner.pos = saved
            raise scanner.error(f"expected '=' after the result names, found {scanner.found()}")
        return names

    def _generic(self) -> None:
        scanner = self.scanner
        self.name = scanner.string_literal() or ""
        scanner.expect("(", f"to open the operands of \"{self.name}\"")
        self.operands = self._value_list(")")
        if scanner.peek("["):
            scanner.accept("[")
            while True:
                self.successors.append(self.block_name())
                if scanner.accept("]"):
                    break
                scanner.expect(",", "or ']' between successors")
        if scanner.accept("<"):
            if not scanner.peek("{"):
                raise scanner.error("expected '{' to open the properties after '<'")
            self.attributes.update(read_dictionary(scanner, self.aliases))
            scanner.expect(">", "to close the properties")
        if scanner.peek("("):
            scanner.accept("(")
            while True:
                self.regions.append(self.region())
                if scanner.accept(")"):
                    break
                scanner.expect(",", "or ')' between regions")
        if scanner.peek("{"):
            self.attr_dict()
        scanner.expect(":", f"before the function type of \"{self.name}\"")
        scanner.skip_trivia()
        type_pos = scanner.pos
        function = read_type(scanner, self.aliases)
        if not isinstance(function, FunctionType):
            raise scanner.error(f"expected a function type (operands) -> results, got '{function}'", type_pos)
        if len(function.inputs) != len(self.operands):
            raise scanner.error(f"\"{self.name}\" has {len(self.operands)} operands but its type lists "
                                f"{len(function.inputs)}", type_pos)
        self.operand_types = list(function.inputs)
        self.result_types = list(function.results)

    def _opaque(self) -> None:
        """The custom form of an operation this package does not define: its text is skipped to the end of the
        line (brackets and strings balanced; regions opened at a line's end are read as regions), so a file that
        holds it still parses; lowering rejects the operation by name if the kernel reaches it. Its results get
        `DialectType('unknown')`."""
        from dxlinalg.mlir.syntax import DialectType

        scanner = self.scanner
        text, end = scanner.text, scanner.end
        pos = scanner.pos
        start = pos
        closers: list[str] = []
        while pos < end:
            char = text[pos]
            if char == '"':
                match = re.compile(r'"(?:[^"\\\n]|\\.)*"').match(text, pos, end)
                pos = match.end() if match else pos + 1
                continue
            if text.startswith("//", pos):
                newline = text.find("\n", pos)
                pos = end if newline < 0 else newline
                continue
            if char == "-" and text.startswith("->", pos):
                pos += 2
                continue
            if char in "([<":
                closers.append({"(": ")", "[": "]", "<": ">"}[char])
            elif char in ")]>":
                if not closers or closers[-1] != char:
                    raise scanner.error(f"unbalanced '{char}' in the operation '{self.name}'", pos)
                closers.pop()
            elif char == "{":
                rest = text[pos + 1:text.find("\n", pos) if text.find("\n", pos) >= 0 else end]
                if not closers and (not rest.strip() or rest.strip().startswith("//") or rest.strip().startswith("^")):
                    scanner.pos = pos
                    self.regions.append(self.region())
                    pos = scanner.pos
                    continue
                closers.append("}")
            elif char == "}":
                if not closers:
                    break
                if closers[-1] != "}":
                    raise scanner.error(f"unbalanced '}}' in the operation '{self.name}'", pos)
                closers.pop()
            elif char == "\n" and not closers:
                break
            pos += 1
        if closers:
            raise scanner.error(f"expected '{closers[-1]}' to close what the operation '{self.name}' opened", start)
        scanner.pos = pos
        self.attributes["dxlinalg.unparsed"] = text[start:pos].strip()
        self.result_types = [DialectType("unknown")] * self.result_count

    # -- regions and blocks -------------------------------------------------------------------------------
    def region(self) -> Region:
        """`{ ops ^bb1(%a: i32): ops }`; an empty region `{}` has no blocks."""
        scanner = self.scanner
        scanner.skip_trivia()
        open_pos = scanner.pos
        scanner.expect("{", "to open a region")
        blocks: list[Block] = []
        with scanner.nested():
            while True:
                if scanner.accept("}"):
                    break
                if scanner.at_end():
                    raise scanner.error("expected '}' to close the region opened here", open_pos)
                if scanner.peek("^"):
                    blocks.append(self._block_header())
                    continue
                if not blocks:
                    blocks.append(Block(None, [], [], scanner.location()))
                blocks[-1].operations.append(OpParser(scanner, self.aliases).operation())
        return Region(blocks)

    def _block_header(self) -> Block:
        scanner = self.scanner
        location = scanner.location()
        label = self.block_name()
        arguments: list[tuple[str, Type]] = []
        if scanner.accept("(") and not scanner.accept(")"):
            while True:
                name = self.value_name()
                scanner.expect(":", f"after the block argument {name}")
                arguments.append((name, self.type()))
                if scanner.peek_keyword("loc"):
                    _skip_location(scanner)
                if scanner.accept(")"):
                    break
                scanner.expect(",", "or ')' between block arguments")
        scanner.expect(":", f"after the block label {label}")
        return Block(label, arguments, [], location)

    def block_name(self) -> str:
        scanner = self.scanner
        scanner.skip_trivia()
        if not scanner.accept("^"):
            raise scanner.error(f"expected a block name (^bb1), found {scanner.found()}")
        match = _SUFFIX.match(scanner.text, scanner.pos, scanner.end)
        if match is None:
            raise scanner.error("expected a block name after '^'")
        scanner.pos = match.end()
        return "^" + match.group(0)

    # -- helpers for the custom forms ----------------------------------------------------------------------
    def value_name(self) -> str:
        """`%name` or `%name#3`."""
        scanner = self.scanner
        scanner.skip_trivia()
        if not scanner.text.startswith("%", scanner.pos, scanner.end):
            raise scanner.error(f"expected an SSA value (%name), found {scanner.found()}")
        match = _SUFFIX.match(scanner.text, scanner.pos + 1, scanner.end)
        if match is None:
            raise scanner.error("expected an SSA value name after '%'")
        scanner.pos = match.end()
        name = "%" + match.group(0)
        if scanner.text.startswith("#", scanner.pos, scanner.end):
            scanner.pos += 1
            number = scanner._match_here(re.compile(r"[0-9]+"))
            if number is None:
                raise scanner.error("expected a result number after '#'")
            name += f"#{number}"
        return name

    def _value_list(self, closing: str) -> list[str]:
        scanner = self.scanner
        names: list[str] = []
        if scanner.accept(closing):
            return names
        while True:
            names.append(self.value_name())
            if scanner.accept(closing):
                return names
            scanner.expect(",", f"or '{closing}' between operands")

    def operand(self, type_: Type | None = None) -> str:
        """Reads one operand; with `type_` its type is known now (e.g. index for an index operand)."""
        name = self.value_name()
        self.operands.append(name)
        if type_ is not None:
            self.operand_types.append(type_)
        return name

    def operand_list(self, closing: str | None = None, type_: Type | None = None) -> list[str]:
        """`%a, %b` (up to `closing`, which is consumed, if given; else while a ',' follows)."""
        scanner = self.scanner
        names: list[str] = []
        if closing is not None and scanner.accept(closing):
            return names
        if closing is None and not scanner.peek("%"):
            return names
        while True:
            names.append(self.operand(type_))
            if closing is not None and scanner.accept(closing):
                return names
            if not scanner.accept(","):
                if closing is not None:
                    raise scanner.error(f"expected ',' or '{closing}' between operands, found {scanner.found()}")
                return names

    def indices(self) -> list[str]:
        """`[%i, %j]`: index operands."""
        self.expect("[", "to open the indices")
        return self.operand_list("]", INDEX)

    def mixed_list(self, opening: str = "[", closing: str = "]") -> list[int | None]:
        """`[%a, 4, %b]`: static integers and dynamic index operands (None marks each dynamic one, in order)."""
        scanner = self.scanner
        self.expect(opening, "to open a list of sizes or offsets")
        items: list[int | None] = []
        if scanner.accept(closing):
            return items
        while True:
            if scanner.peek("%"):
                self.operand(INDEX)
                items.append(None)
            else:
                value = scanner.integer(allow_negative=True)
                if value is None:
                    raise scanner.error(f"expected an integer or an SSA value, found {scanner.found()}")
                items.append(value)
            if scanner.accept(closing):
                return items
            scanner.expect(",", f"or '{closing}'")

    def integer_list(self, opening: str = "[", closing: str = "]") -> list[int]:
        scanner = self.scanner
        self.expect(opening, "to open a list of integers")
        items: list[int] = []
        if scanner.accept(closing):
            return items
        while True:
            value = scanner.integer(allow_negative=True)
            if value is None:
                raise scanner.error(f"expected an integer, found {scanner.found()}")
            items.append(value)
            if scanner.accept(closing):
                return items
            scanner.expect(",", f"or '{closing}'")

    def type(self) -> Type:
        return read_type(self.scanner, self.aliases)

    def type_list(self) -> list[Type]:
        """`t1, t2` (at least one)."""
        types = [self.type()]
        while self.scanner.accept(","):
            types.append(self.type())
        return types

    def result_types_after_arrow(self) -> list[Type]:
        return read_result_types(self.scanner, self.aliases)

    def attribute(self) -> object:
        return read_attribute(self.scanner, self.aliases)

    def attr_dict(self, *, keyword: str | None = None) -> None:
        """An optional `{...}` (after `keyword`, e.g. `attributes`, when given) merged into the attributes."""
        scanner = self.scanner
        if keyword is not None and not scanner.accept_keyword(keyword):
            return
        if scanner.peek("{"):
            for key, value in read_dictionary(scanner, self.aliases).items():
                if key in self.attributes:
                    raise scanner.error(f"attribute '{key}' is given twice")
                self.attributes[key] = value

    def inline_properties(self) -> None:
        """Properties as current MLIR prints them in a custom form: `key = value` pairs (and unit words),
        comma-separated, up to ':' or '{'; also `<{...}>` and a trailing `{...}` dictionary (older spellings)."""
        self.properties()
        scanner = self.scanner
        while not scanner.peek(":") and not scanner.peek("{") and not scanner.at_end():
            key = scanner.bare_id()
            if key is None:
                raise scanner.error(f"expected a property (name = value), '{{' or ':', found {scanner.found()}")
            self.attributes[key] = self.attribute() if scanner.accept("=") else True
            scanner.accept(",")
        self.attr_dict()

    def properties(self) -> None:
        """An optional `<{...}>` (properties written in a custom form)."""
        if self.scanner.accept("<"):
            self.attributes.update(read_dictionary(self.scanner, self.aliases))
            self.expect(">", "to close the properties")

    def accept(self, token: str) -> bool:
        return self.scanner.accept(token)

    def expect(self, token: str, context: str) -> None:
        self.scanner.expect(token, context)

    def keyword(self) -> str | None:
        return self.scanner.bare_id()

    def accept_keyword(self, keyword: str) -> bool:
        return self.scanner.accept_keyword(keyword)

    def expect_keyword(self, keyword: str, context: str) -> None:
        self.scanner.expect_keyword(keyword, context)

    def peek(self, token: str) -> bool:
        return self.scanner.peek(token)

    def error(self, message: str) -> ParseError:
        return self.scanner.error(message)

    def location(self) -> Location:
        return self.scanner.location()

    def successor(self) -> tuple[str, int]:
        """`^bb1` or `^bb1(%a, %b : i32, f32)`: the block, and how many operands it passed (added to operands)."""
        block = self.block_name()
        self.successors.append(block)
        count = 0
        if self.scanner.accept("("):
            names = self._value_list(":")
            types = self.type_list()
            self.expect(")", "to close the successor operands")
            if len(types) != len(names):
                raise self.error(f"{len(names)} successor operands but {len(types)} types")
            self.operands.extend(names)
            self.operand_types.extend(types)
            count = len(names)
        return block, count

    def typed_operands(self, names: list[str]) -> None:
        """`: t1, t2` for operands read without types (one type per name, or none when there are none)."""
        if not names:
            return
        self.expect(":", "before the operand types")
        types = self.type_list()
        if len(types) != len(names):
            raise self.error(f"{len(names)} operands but {len(types)} types")
        self.operand_types.extend(types)

    def symbol_name(self) -> str:
        scanner = self.scanner
        scanner.expect("@", "before a symbol name")
        name = scanner.string_literal() or scanner.bare_id()
        if name is None:
            raise scanner.error("expected a symbol name after '@'")
        return name

    def optional_enum_property(self, name: str, attribute_name: str) -> None:
        """`overflow<nsw, nuw>` / `fastmath<fast>` as arith's custom forms write them."""
        scanner = self.scanner
        if scanner.accept_keyword(name):
            body = skip_balanced(scanner, "<")
            from dxlinalg.mlir.syntax import DialectAttr

            self.attributes[attribute_name] = DialectAttr(f"arith.{name}", body.strip())


def _expand(results: list[tuple[str, int]]) -> list[str]:
    names: list[str] = []
    for name, count in results:
        names.extend([name] if count == 1 else [f"{name}#{i}" for i in range(count)])
    return names
