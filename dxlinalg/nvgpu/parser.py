"""Read the six nvgpu operations in MLIR's custom assembly form, as MLIR's tests write them, and verify them.

`parse(text)` accepts what an MLIR test file holds around these operations, so test lines can be pasted as they are:
SSA names, attribute dictionaries, the custom type signatures (llvm-project `NVGPUOps.td` assemblyFormat), `//`
comments (and so `expected-error` annotations), `// -----` split markers, and the `func.func` / `arith.constant` /
`return` lines that wrap the operations in MLIR's tests. Like `mlir-opt`, it parses a whole chunk first and then
verifies each operation in order (verifier.py), so a syntax error anywhere in a chunk wins over a verifier error.
`verify_diagnostics(text)` then does what `mlir-opt -split-input-file -verify-diagnostics` does with the
`expected-error` annotations: it reports every expected error not produced and every error not expected.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.nvgpu import verifier
from dxlinalg.nvgpu.types import (
    DEVICE_ASYNC_TOKEN,
    F64,
    I1,
    I64,
    INDEX,
    ArrayAttr,
    Attribute,
    FloatAttr,
    IntegerAttr,
    Location,
    ParseError,
    ScalarType,
    Scanner,
    StringAttr,
    Type,
    TypeAttr,
    UnitAttr,
    integer_fits,
    python_value,
    read_type,
)
from dxlinalg.nvgpu.verifier import NvgpuVerifierError

__all__ = ["Operation", "ParseError", "Value", "parse", "verify_diagnostics"]


@dataclass(frozen=True)
class Value:
    """An SSA value: its name as written (None for a result left unnamed) and its type."""

    name: str | None
    type: Type


@dataclass(frozen=True)
class Operation:
    """One parsed nvgpu operation: operand groups under their ODS names, in ODS order (for device_async_copy
    that is dst, dstIndices, src, srcIndices, srcElements, whatever order the text uses), results, the attribute
    dictionary as written (plus dstElements, which the copy writes inline), and where the operation starts."""

    name: str
    operands: Mapping[str, tuple[Value, ...]]
    results: tuple[Value, ...]
    attributes: Mapping[str, Attribute]
    location: Location

    @property
    def values(self) -> dict[str, object]:
        """The attributes as Python values, as the Python ops take them: `mma_sync(a, b, c, **op.values)`
        (`[16, 8, 16]` a list of ints, a unit attribute True, an i1 a bool)."""
        return {key: python_value(value) for key, value in self.attributes.items()}


_SPLIT_MARKER = re.compile(r"^[ \t]*//[ \t]*-----", re.MULTILINE)


def parse(text: str) -> list[Operation]:
    """The nvgpu operations of `text`, each verified; raises ParseError or NvgpuVerifierError at the first problem.

    Chunks between `// -----` markers are independent (SSA names do not cross them), as with MLIR's
    `-split-input-file`. The wrapping func.func, arith.constant and return lines are read but not returned.
    """
    if not isinstance(text, str):
        raise InvalidArgumentError(f"parse: expected MLIR text (str), got {type(text).__name__}")
    scanner = Scanner(text)
    operations: list[Operation] = []
    for start, end in _chunks(text):
        operations.extend(_parse_chunk(scanner, start, end))
    return operations


def _chunks(text: str) -> list[tuple[int, int]]:
    bounds = [0]
    for marker in _SPLIT_MARKER.finditer(text):
        line_end = text.find("\n", marker.start())
        bounds.extend([marker.start(), len(text) if line_end < 0 else line_end])
    bounds.append(len(text))
    return [(bounds[i], bounds[i + 1]) for i in range(0, len(bounds), 2)]


def _parse_chunk(scanner: Scanner, start: int, end: int) -> list[Operation]:
    scanner.pos, scanner.end = start, end
    operations = _ChunkParser(scanner).parse()
    for operation in operations:
        _verify(operation)
    return operations


# -- the chunk parser ------------------------------------------------------------------------------------


@dataclass
class _Binding:
    type: Type
    defined: bool  # False: only used so far (a snippet without its definitions); the first use fixed its type


@dataclass(frozen=True)
class _Use:
    name: str
    pos: int


_SUPPORTED = ", ".join(verifier.OPERATION_NAMES) + " (and func.func, arith.constant, return around them)"


class _ChunkParser:
    """Statements of one chunk; SSA names live in one scope per chunk."""

    def __init__(self, scanner: Scanner) -> None:
        self.scanner = scanner
        self.values: dict[str, _Binding] = {}
        self.operations: list[Operation] = []
        self.function_depth = 0
        # each reads what follows the operation name (given with the statement's start) and returns what it parsed
        self.handlers: dict[str, Callable[[str, int], _Parsed]] = {
            verifier.MMA_SYNC: self._mma, verifier.MMA_SP_SYNC: self._mma, verifier.LDMATRIX: self._ldmatrix,
            verifier.DEVICE_ASYNC_COPY: self._device_async_copy,
            verifier.DEVICE_ASYNC_CREATE_GROUP: self._device_async_create_group,
            verifier.DEVICE_ASYNC_WAIT: self._device_async_wait,
            "func.func": self._function, "func.return": self._return, "return": self._return,
            "arith.constant": self._constant, "module": self._module, "builtin.module": self._module,
        }

    def parse(self) -> list[Operation]:
        while not self.scanner.at_end():
            self._statement()
        return self.operations

    # statements
    def _statement(self) -> None:
        scanner = self.scanner
        scanner.skip_trivia()
        start = scanner.pos
        bound = self._result_names()
        name_pos = scanner.pos
        if scanner.peek('"'):
            raise scanner.error("the generic operation form (\"nvgpu.mma.sync\"(...)) is not supported; write the "
                                "custom assembly form")
        if scanner.peek("}"):
            raise scanner.error("unexpected '}' (no open func.func or module body)")
        name = scanner.bare_id()
        if name is None:
            raise scanner.error(f"expected an operation, found {scanner.found()}")
        handler = self.handlers.get(name)
        if handler is None:
            raise scanner.error(f"unsupported operation '{name}': dxlinalg.nvgpu.parse reads {_SUPPORTED}",
                                name_pos)
        parsed = handler(name, start)
        if bound and len(bound) != len(parsed.results):
            raise scanner.error(f"operation defines {len(parsed.results)} results but was provided {len(bound)} "
                                f"to bind", start)
        for use, type_ in zip(bound, parsed.results):
            self._define(use, type_)
        names = [use.name for use in bound] if bound else [None] * len(parsed.results)
        results = tuple(Value(result_name, type_) for result_name, type_ in zip(names, parsed.results))
        if name in verifier.OPERATION_NAMES:
            self.operations.append(Operation(name, MappingProxyType(parsed.operands), results,
                                             MappingProxyType(parsed.attributes), scanner.location(start)))

    def _result_names(self) -> list[_Use]:
        scanner = self.scanner
        names: list[_Use] = []
        while True:
            scanner.skip_trivia()
            pos = scanner.pos
            name = scanner.ssa_name()
            if name is None:
                if names:
                    raise scanner.error(f"expected an SSA value name after ',', found {scanner.found()}")
                return names
            if scanner.peek(":") or scanner.peek("#"):
                raise scanner.error("result packs (%x:2) and result numbers (%x#1) are not supported")
            names.append(_Use(name, pos))
            if not scanner.accept(","):
                break
        scanner.expect("=", "after the result names")
        return names

    # SSA values
    def _use_name(self, context: str) -> _Use:
        scanner = self.scanner
        scanner.skip_trivia()
        pos = scanner.pos
        name = scanner.ssa_name()
        if name is None:
            raise scanner.error(f"expected an SSA value (%name) {context}, found {scanner.found()}")
        if scanner.peek("#"):
            raise scanner.error("result numbers (%x#1) are not supported")
        return _Use(name, pos)

    def _use_list(self, closing: str, context: str) -> list[_Use]:
        uses: list[_Use] = []
        if self.scanner.accept(closing):
            return uses
        while True:
            uses.append(self._use_name(context))
            if self.scanner.accept(closing):
                return uses
            self.scanner.expect(",", f"or '{closing}' {context}")

    def _optional_uses(self, context: str) -> list[_Use]:
        """An unbracketed operand list (`%a, %b`): stops before a name that starts the next statement (`%x =`)."""
        scanner = self.scanner
        uses: list[_Use] = []
        while True:
            scanner.skip_trivia()
            before = scanner.pos
            if not scanner.peek("%"):
                if uses:
                    raise scanner.error(f"expected an SSA value after ',' {context}, found {scanner.found()}")
                return uses
            use = self._use_name(context)
            if not uses and (scanner.peek("=") or scanner.peek(",")) and self._starts_statement(before):
                scanner.pos = before
                return uses
            uses.append(use)
            if not scanner.accept(","):
                return uses

    def _starts_statement(self, pos: int) -> bool:
        """Whether the names at `pos` are the result list of a following statement (`%a, %b = ...`)."""
        scanner = self.scanner
        saved = scanner.pos
        scanner.pos = pos
        try:
            while scanner.ssa_name() is not None and scanner.accept(","):
                pass
            return scanner.peek("=")
        except ParseError:
            return False
        finally:
            scanner.pos = saved

    def _resolve(self, use: _Use, type_: Type) -> Value:
        binding = self.values.get(use.name)
        if binding is None:
            self.values[use.name] = _Binding(type_, defined=False)
        elif binding.type != type_:
            raise self.scanner.error(f"use of value '{use.name}' expects different type than prior uses: "
                                     f"'{type_}' vs '{binding.type}'", use.pos)
        return Value(use.name, type_)

    def _define(self, use: _Use, type_: Type) -> None:
        binding = self.values.get(use.name)
        if binding is not None and binding.defined:
            raise self.scanner.error(f"redefinition of SSA value '{use.name}'", use.pos)
        if binding is not None and binding.type != type_:
            raise self.scanner.error(f"definition of SSA value '{use.name}' has type '{type_}' but prior uses "
                                     f"expect '{binding.type}'", use.pos)
        self.values[use.name] = _Binding(type_, defined=True)

    # attributes
    def _attribute_dictionary(self, operation: str | None) -> dict[str, Attribute]:
        """`{name = value, flag}`; for an nvgpu op the inherent attributes' constraints are checked here, at the
        dictionary, as MLIR's generated parser does (verifyInherentAttrs)."""
        scanner = self.scanner
        scanner.skip_trivia()
        brace = scanner.pos
        attributes: dict[str, Attribute] = {}
        if not scanner.accept("{"):
            return attributes
        if not scanner.accept("}"):
            while True:
                scanner.skip_trivia()
                key_pos = scanner.pos
                key = scanner.bare_id()
                if key is None:
                    key = scanner.string_literal()
                if key is None:
                    raise scanner.error(f"expected an attribute name, found {scanner.found()}")
                if key in attributes:
                    raise scanner.error(f"duplicate key '{key}' in dictionary attribute", key_pos)
                attributes[key] = self._attribute_value() if scanner.accept("=") else UnitAttr()
                if scanner.accept("}"):
                    break
                scanner.expect(",", "or '}' in the attribute dictionary")
        if operation is not None:
            verifier.check_attribute_constraints(operation, attributes, scanner.location(brace))
        return attributes

    def _at_property(self) -> bool:
        """Whether `name =` or a unit property name of the operation follows (not the next statement)."""
        scanner = self.scanner
        saved = scanner.pos
        try:
            key = scanner.bare_id()
            return key is not None and (scanner.peek("=") and not scanner.peek("=="))
        finally:
            scanner.pos = saved

    def _inline_value(self, operation: str, key: str) -> Attribute:
        """A property value printed inline: an integer written without a type has the property's type
        (`numTiles = 4` is `4 : i32`), as MLIR's property parser gives it."""
        scanner = self.scanner
        scanner.skip_trivia()
        start = scanner.pos
        value = self._attribute_value()
        declared = verifier.INLINE_INTEGER_TYPES.get((operation, key))
        if declared is not None and isinstance(value, IntegerAttr) and ":" not in scanner.text[start:scanner.pos]:
            return self._integer_attr(value.value, declared, start)
        return value

    def _properties(self, operation: str, trailing: bool = False) -> dict[str, Attribute]:
        """The attributes of an nvgpu op however MLIR has written them: `<{...}>` properties, properties printed
        inline as current MLIR does (`mmaShape = [16, 8, 16]`, a unit `tf32Enabled`; what `iree-opt` 3.13 prints),
        and the `{...}` dictionary of older MLIR; a name given twice is an error."""
        scanner = self.scanner
        scanner.skip_trivia()
        start = scanner.pos
        attributes: dict[str, Attribute] = {}

        def merge(more: dict[str, Attribute], pos: int) -> None:
            for key, value in more.items():
                if key in attributes:
                    raise scanner.error(f"attribute '{key}' is given twice", pos)
                attributes[key] = value

        if scanner.accept("<"):
            if not scanner.peek("{"):
                raise scanner.error("expected '{' to open the properties after '<'")
            merge(self._attribute_dictionary(None), start)
            scanner.expect(">", "to close the properties")
        while not scanner.peek(":") and not scanner.peek("{") and not scanner.at_end():
            if trailing and not self._at_property():
                break
            scanner.skip_trivia()
            key_pos = scanner.pos
            key = scanner.bare_id()
            if key is None:
                raise scanner.error(f"expected a property (name = value), '{{' or ':', found {scanner.found()}")
            merge({key: self._inline_value(operation, key) if scanner.accept("=") else UnitAttr()}, key_pos)
            scanner.accept(",")
        scanner.skip_trivia()
        merge(self._attribute_dictionary(None), scanner.pos)
        verifier.check_attribute_constraints(operation, attributes, scanner.location(start))
        return attributes

    def _attribute_value(self) -> Attribute:
        scanner = self.scanner
        with scanner.nested():
            scanner.skip_trivia()
            start = scanner.pos
            if scanner.accept("["):
                elements: list[Attribute] = []
                if not scanner.accept("]"):
                    while True:
                        elements.append(self._attribute_value())
                        if scanner.accept("]"):
                            break
                        scanner.expect(",", "or ']' in the array attribute")
                return ArrayAttr(tuple(elements))
            for keyword, value in (("true", 1), ("false", 0)):
                if scanner.accept_keyword(keyword):
                    return IntegerAttr(value, I1)
            if scanner.accept_keyword("unit"):
                return UnitAttr()
            text = scanner.string_literal()
            if text is not None:
                return StringAttr(text)
            number = scanner.float_literal()
            if number is not None:
                return self._typed_float(number, start)
            integer = scanner.integer(allow_negative=True)
            if integer is not None:
                return self._typed_integer(integer, start)
            if scanner.peek("!") or scanner.peek_keyword("vector") or scanner.peek_keyword("memref") or \
                    self._at_scalar_type():
                return TypeAttr(read_type(scanner))
            raise scanner.error(f"unsupported attribute value {scanner.found()}: integers, floats, true/false, "
                                f"strings, arrays, unit and types are read")

    def _at_scalar_type(self) -> bool:
        scanner = self.scanner
        pos = scanner.pos
        name = scanner.bare_id()
        scanner.pos = pos
        try:
            ScalarType(name or "")
        except InvalidArgumentError:
            return False
        return True

    def _typed_float(self, value: float, start: int) -> FloatAttr:
        scanner = self.scanner
        type_ = F64
        if scanner.accept(":"):
            scanner.skip_trivia()
            type_pos = scanner.pos
            declared = read_type(scanner)
            if not (isinstance(declared, ScalarType) and declared.is_float):
                raise scanner.error("floating point value not valid for specified type", type_pos)
            type_ = declared
        return FloatAttr(value, type_)

    def _typed_integer(self, value: int, start: int) -> Attribute:
        scanner = self.scanner
        type_: Type = I64
        if scanner.accept(":"):
            scanner.skip_trivia()
            type_pos = scanner.pos
            type_ = read_type(scanner)
            if not isinstance(type_, ScalarType):
                raise scanner.error(f"an integer literal needs an integer, index or float type, got '{type_}'",
                                    type_pos)
            if type_.is_float:
                if scanner.text.startswith(("0x", "-0x"), start):
                    raise scanner.error("hexadecimal float literals are not supported", start)
                return FloatAttr(float(value), type_)
        return self._integer_attr(value, type_, start)  # type: ignore[arg-type]

    def _integer_attr(self, value: int, type_: ScalarType, pos: int) -> IntegerAttr:
        if type_.name.startswith("ui") and value < 0:
            raise self.scanner.error("negative integer literal not valid for unsigned integer type", pos)
        if not integer_fits(value, type_):
            raise self.scanner.error("integer constant out of range for attribute", pos)
        return IntegerAttr(value, type_)

    def _types(self, count: int, context: str) -> list[Type]:
        types = [read_type(self.scanner)]
        for _ in range(count - 1):
            self.scanner.expect(",", context)
            types.append(read_type(self.scanner))
        return types

    # the six nvgpu operations
    def _mma(self, name: str, start: int) -> _Parsed:
        scanner = self.scanner
        sparse = name == verifier.MMA_SP_SYNC
        scanner.expect("(", f"after '{name}'")
        uses = [self._use_name("as matrix A")]
        for matrix in "BC":
            scanner.expect(",", f"between the operands of {name}")
            uses.append(self._use_name(f"as matrix {matrix}"))
        scanner.expect(")", f"after the three operands of {name}")
        metadata = None
        if sparse:
            scanner.expect_keyword("metadata", f"after the operands of {name}")
            scanner.expect("(", "after 'metadata'")
            metadata = self._use_name("as the sparse metadata")
            scanner.expect(")", "after the sparse metadata")
        attributes = self._properties(name)
        scanner.expect(":", f"before the types of {name}")
        scanner.expect("(", f"to open the operand types of {name}")
        types = self._types(3, f"between the operand types of {name}")
        scanner.expect(")", f"after the three operand types of {name}")
        scanner.expect("->", f"before the result type of {name}")
        result = read_type(scanner)
        operands = {key: (self._resolve(use, type_),)
                    for key, use, type_ in zip(("matrixA", "matrixB", "matrixC"), uses, types)}
        if metadata is not None:
            operands["sparseMetadata"] = (self._resolve(metadata, verifier.SPARSE_METADATA_TYPE),)
        return _Parsed(operands, attributes, (result,))

    def _ldmatrix(self, name: str, start: int) -> _Parsed:
        scanner = self.scanner
        source = self._use_name(f"as the source memref of {name}")
        scanner.expect("[", "after the source memref")
        indices = self._use_list("]", "in the source indices")
        attributes = self._properties(name)
        scanner.expect(":", f"before the types of {name}")
        source_type = read_type(scanner)
        scanner.expect("->", "between the memref type and the result type")
        result = read_type(scanner)
        operands = {"srcMemref": (self._resolve(source, source_type),),
                    "indices": tuple(self._resolve(index, INDEX) for index in indices)}
        return _Parsed(operands, attributes, (result,))

    def _device_async_copy(self, name: str, start: int) -> _Parsed:
        scanner = self.scanner
        source = self._use_name(f"as the source memref of {name}")
        scanner.expect("[", "after the source memref")
        source_indices = self._use_list("]", "in the source indices")
        scanner.expect(",", "after the source indices")
        destination = self._use_name("as the destination memref")
        scanner.expect("[", "after the destination memref")
        destination_indices = self._use_list("]", "in the destination indices")
        scanner.expect(",", "after the destination indices")
        scanner.skip_trivia()
        count_pos = scanner.pos
        count = scanner.integer(allow_negative=True)
        if count is None:
            raise scanner.error(f"expected the number of destination elements (an integer), found {scanner.found()}")
        dst_elements = self._integer_attr(count, INDEX, count_pos)
        source_elements = self._use_name("as srcElements") if scanner.accept(",") else None
        scanner.skip_trivia()
        brace = scanner.pos
        attributes = self._properties(name)
        if "dstElements" in attributes:
            raise scanner.error("dstElements is written after the destination indices; it may not also appear in "
                                "the attribute dictionary", brace)
        scanner.expect(":", f"before the types of {name}")
        source_type = read_type(scanner)
        scanner.expect_keyword("to", "between the source and destination memref types")
        destination_type = read_type(scanner)
        operands = {
            "dst": (self._resolve(destination, destination_type),),
            "dstIndices": tuple(self._resolve(index, INDEX) for index in destination_indices),
            "src": (self._resolve(source, source_type),),
            "srcIndices": tuple(self._resolve(index, INDEX) for index in source_indices),
            "srcElements": () if source_elements is None else (self._resolve(source_elements, INDEX),),
        }
        return _Parsed(operands, {**attributes, "dstElements": dst_elements}, (DEVICE_ASYNC_TOKEN,))

    def _device_async_create_group(self, name: str, start: int) -> _Parsed:
        tokens = self._optional_uses(f"in the tokens of {name}")
        attributes = self._attribute_dictionary(name)
        operands = {"inputTokens": tuple(self._resolve(token, DEVICE_ASYNC_TOKEN) for token in tokens)}
        return _Parsed(operands, attributes, (DEVICE_ASYNC_TOKEN,))

    def _device_async_wait(self, name: str, start: int) -> _Parsed:
        tokens = self._optional_uses(f"as the token of {name}")
        if len(tokens) > 1:
            raise self.scanner.error(f"{name} takes one token, got {len(tokens)}", tokens[1].pos)
        attributes = self._properties(name, trailing=True)
        operands = {"asyncDependencies": tuple(self._resolve(token, DEVICE_ASYNC_TOKEN) for token in tokens)}
        return _Parsed(operands, attributes, ())

    # what wraps them in MLIR's tests
    def _function(self, name: str, start: int) -> _Parsed:
        scanner = self.scanner
        any(scanner.accept_keyword(visibility) for visibility in ("private", "public", "nested"))
        scanner.expect("@", "before the function name")
        if scanner.bare_id() is None and scanner.string_literal() is None:
            raise scanner.error(f"expected the function name after '@', found {scanner.found()}")
        scanner.expect("(", "to open the function arguments")
        outer, self.values = self.values, {}  # a function is isolated from above: its own SSA names
        try:
            self._function_rest(start)
        finally:
            self.values = outer
        return _Parsed({}, {}, ())

    def _function_rest(self, start: int) -> None:
        scanner = self.scanner
        if not scanner.accept(")"):
            while True:
                if scanner.peek("%"):
                    argument = self._use_name("as a function argument")
                    scanner.expect(":", f"after the function argument {argument.name}")
                    self._define(argument, read_type(scanner))
                else:
                    read_type(scanner)
                self._attribute_dictionary(None)
                if scanner.accept(")"):
                    break
                scanner.expect(",", "or ')' between function arguments")
        if scanner.accept("->"):
            if scanner.accept("("):
                if not scanner.accept(")"):
                    while True:
                        read_type(scanner)
                        self._attribute_dictionary(None)
                        if scanner.accept(")"):
                            break
                        scanner.expect(",", "or ')' between function result types")
            else:
                read_type(scanner)
        if scanner.accept_keyword("attributes"):
            if not scanner.peek("{"):
                raise scanner.error("expected an attribute dictionary after 'attributes'")
            self._attribute_dictionary(None)
        if scanner.accept("{"):
            self._body("func.func", start)

    def _module(self, name: str, start: int) -> _Parsed:
        scanner = self.scanner
        if scanner.accept("@") and scanner.bare_id() is None:
            raise scanner.error("expected the module name after '@'")
        if scanner.accept_keyword("attributes"):
            self._attribute_dictionary(None)
        scanner.expect("{", "to open the module body")
        self._body(name, start, function=False)
        return _Parsed({}, {}, ())

    def _body(self, owner: str, start: int, function: bool = True) -> None:
        scanner = self.scanner
        if scanner.peek("^"):
            raise scanner.error("blocks (^bb0:) are not supported")
        self.function_depth += int(function)
        while not scanner.accept("}"):
            if scanner.at_end():
                raise scanner.error(f"expected '}}' to close the body of the {owner} that starts at "
                                    f"{scanner.location(start)}")
            self._statement()
        self.function_depth -= int(function)

    def _return(self, name: str, start: int) -> _Parsed:
        scanner = self.scanner
        if self.function_depth == 0:
            raise scanner.error(f"'{name}' may appear only inside a func.func body", start)
        if not scanner.peek("%"):
            return _Parsed({}, {}, ())
        uses = [self._use_name("as a returned value")]
        while scanner.accept(","):
            uses.append(self._use_name("as a returned value"))
        scanner.expect(":", "before the types of the returned values")
        types = self._types(len(uses), "between the returned types")
        for use, type_ in zip(uses, types):
            self._resolve(use, type_)
        return _Parsed({}, {}, ())

    def _constant(self, name: str, start: int) -> _Parsed:
        scanner = self.scanner
        self._attribute_dictionary(None)
        value = self._attribute_value()
        if isinstance(value, (IntegerAttr, FloatAttr)):
            return _Parsed({}, {}, (value.type,))
        raise scanner.error("arith.constant: only integer, float and boolean constants are read")


@dataclass(frozen=True)
class _Parsed:
    operands: dict[str, tuple[Value, ...]]
    attributes: dict[str, Attribute]
    results: tuple[Type, ...]


# -- verification of one parsed operation -------------------------------------------------------------------


def _types(operation: Operation, group: str) -> list[Type]:
    return [value.type for value in operation.operands[group]]


def _verify(operation: Operation) -> None:
    """Calls the operation's verifier with its types and attributes (absent attributes as None)."""
    attributes, location = operation.attributes, operation.location
    name = operation.name
    if name in (verifier.MMA_SYNC, verifier.MMA_SP_SYNC):
        a, b, c = (_types(operation, group)[0] for group in ("matrixA", "matrixB", "matrixC"))
        common = {"mma_shape": attributes.get("mmaShape"), "tf32_enabled": attributes.get("tf32Enabled"),
                  "result": operation.results[0].type, "location": location}
        if name == verifier.MMA_SYNC:
            verifier.verify_mma_sync(a, b, c, **common)  # type: ignore[arg-type]
        else:
            verifier.verify_mma_sp_sync(a, b, c, sparsity_selector=attributes.get("sparsitySelector"),
                                        sparse_metadata=_types(operation, "sparseMetadata")[0],
                                        **common)  # type: ignore[arg-type]
    elif name == verifier.LDMATRIX:
        verifier.verify_ldmatrix(_types(operation, "srcMemref")[0], operation.results[0].type,
                                 attributes.get("transpose"), attributes.get("numTiles"),
                                 indices=_types(operation, "indices"), location=location)
    elif name == verifier.DEVICE_ASYNC_COPY:
        source_elements = _types(operation, "srcElements")
        verifier.verify_device_async_copy(
            _types(operation, "dst")[0], _types(operation, "dstIndices"), _types(operation, "src")[0],
            _types(operation, "srcIndices"), attributes.get("dstElements"),
            source_elements[0] if source_elements else None, attributes.get("bypassL1"), location=location)
    elif name == verifier.DEVICE_ASYNC_CREATE_GROUP:
        verifier.verify_device_async_create_group(_types(operation, "inputTokens"), location=location)
    else:
        tokens = _types(operation, "asyncDependencies")
        verifier.verify_device_async_wait(tokens[0] if tokens else None, attributes.get("numGroups"),
                                          location=location)


# -- expected-error annotations --------------------------------------------------------------------------------

_ANNOTATION = re.compile(r"//\s*expected-(error|warning|note|remark)(-re)?\s*(@\S*?)?\s*\{\{(.*?)\}\}")


@dataclass(frozen=True)
class _Expected:
    kind: str
    line: int
    text: str
    annotation_line: int
    problem: str | None  # set when the annotation itself cannot be used


def verify_diagnostics(text: str) -> list[str]:
    """`mlir-opt -split-input-file -verify-diagnostics` for these operations: the list of mismatches (empty = pass).

    Each chunk is parsed and verified; its error (dxlinalg stops at the first, as MLIR does per chunk) must match an
    `expected-error` annotation on the line it names (`@+N`, `@-N`, `@above`, `@below`, or its own line) whose text
    is part of the message; every annotation must be matched.
    """
    if not isinstance(text, str):
        raise InvalidArgumentError(f"verify_diagnostics: expected MLIR text (str), got {type(text).__name__}")
    scanner = Scanner(text)
    lines = text.split("\n")
    problems: list[str] = []
    for start, end in _chunks(text):
        first_line = text.count("\n", 0, start) + 1
        last_line = text.count("\n", 0, end) + 1
        expectations = _expectations(lines, first_line, last_line)
        produced: tuple[int, str] | None = None
        try:
            _parse_chunk(scanner, start, end)
        except (ParseError, NvgpuVerifierError) as exc:
            line = exc.location.line if exc.location is not None else first_line
            produced = (line, exc.message)
        matched = False
        for expected in expectations:
            if expected.problem is not None:
                problems.append(f"line {expected.annotation_line}: {expected.problem}")
            elif expected.kind != "error":
                problems.append(f"line {expected.line}: expected {expected.kind} {{{{{expected.text}}}}} was not "
                                f"produced (dxlinalg reports errors only)")
            elif not matched and produced is not None and produced[0] == expected.line and \
                    expected.text in produced[1]:
                matched = True
            else:
                problems.append(f"line {expected.line}: expected error {{{{{expected.text}}}}} was not produced")
        if produced is not None and not matched:
            problems.append(f"line {produced[0]}: unexpected error: {produced[1]}")
    return problems


def _expectations(lines: list[str], first_line: int, last_line: int) -> list[_Expected]:
    found: list[_Expected] = []
    annotation_lines = {number for number in range(first_line, last_line + 1)
                        if _ANNOTATION.search(lines[number - 1])}
    for number in sorted(annotation_lines):
        for match in _ANNOTATION.finditer(lines[number - 1]):
            kind, regex, designator, message = match.groups()
            target, problem = _target_line(designator, number, annotation_lines, first_line, last_line)
            if regex:
                problem = "expected-*-re (regular expression) annotations are not supported"
            found.append(_Expected(kind, target, message, number, problem))
    return found


def _target_line(designator: str | None, line: int, annotation_lines: set[int], first: int,
                 last: int) -> tuple[int, str | None]:
    if not designator:
        return line, None
    offset = re.fullmatch(r"@([+-][0-9]+)", designator)
    if offset is not None:
        return line + int(offset.group(1)), None
    step = {"@below": 1, "@above": -1}.get(designator)
    if step is None:
        return line, f"unsupported designator '{designator}' (use @+N, @-N, @above or @below)"
    target = line + step
    while first <= target <= last and target in annotation_lines:
        target += step
    return target, None
