"""MLIR's builtin types and attributes as text, read into Python values.

Types are `dxlinalg.nvgpu.types`' dataclasses (so nvgpu's verifier checks what this reads) plus the few a whole
kernel needs beyond them: tuples, function types, dialect types (`!hal.device`), and memory spaces other than
nvgpu's (IREE's `#hal.descriptor_type<storage_buffer>`). Attributes become Python values, as a user of the runner
wants them: `[16, 8, 16]` is a list of ints, `true` a bool, `unit` True, `4 : i32` a `TypedInt` (an int that knows
its type), `dense<...>` a `DenseAttr` holding a numpy array, types are types, `#gpu.address_space<workgroup>` the
nvgpu `GpuAddressSpace`, any other dialect attribute a `DialectAttr` with its body text. Aliases (`#map = ...`,
`!t = ...`) are looked up in the `Aliases` the parser fills. Grammar: llvm-project `mlir/docs/LangRef.md`,
`mlir/lib/AsmParser/{TypeParser,AttributeParser}.cpp` (read for the syntax only).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.nvgpu.types import (
    DEVICE_ASYNC_TOKEN,
    F64,
    I1,
    I64,
    AffineMapLayout,
    Attribute,
    GpuAddressSpace,
    IntegerMemorySpace,
    MemRefType,
    ScalarType,
    Scanner,
    StridedLayout,
    Type,
    UnrankedMemRefType,
    VectorType,
    _read_affine_map,
    _read_layout,
)

__all__ = ["Aliases", "DenseAttr", "DialectAttr", "DialectType", "FunctionType", "NoneType", "SymbolRef",
           "TensorType", "TupleType", "TypedFloat", "TypedInt", "read_attribute", "read_dense", "read_dictionary",
           "read_result_types", "read_type", "skip_balanced"]

_DIMENSION = re.compile(r"([0-9]+|\?)[ \t\r\n]*x")
_HEX_FLOAT = re.compile(r"0x[0-9a-fA-F]+")


# -- the types a kernel needs beyond nvgpu's ------------------------------------------------------------------------
@dataclass(frozen=True)
class TupleType(Type):
    types: tuple[Type, ...]

    def __str__(self) -> str:
        return f"tuple<{', '.join(map(str, self.types))}>"


@dataclass(frozen=True)
class FunctionType(Type):
    inputs: tuple[Type, ...]
    results: tuple[Type, ...]

    def __str__(self) -> str:
        results = str(self.results[0]) if len(self.results) == 1 and not isinstance(
            self.results[0], FunctionType) else f"({', '.join(map(str, self.results))})"
        return f"({', '.join(map(str, self.inputs))}) -> {results}"


@dataclass(frozen=True)
class TensorType(Type):
    """`tensor<4x?xf32>`: read for the types of dense constants (a memref.global's initial value); no kernel
    value has it."""

    shape: tuple[int | None, ...]
    element: ScalarType

    def __str__(self) -> str:
        dims = "".join(("?" if n is None else str(n)) + "x" for n in self.shape)
        return f"tensor<{dims}{self.element}>"


@dataclass(frozen=True)
class NoneType(Type):
    def __str__(self) -> str:
        return "none"


@dataclass(frozen=True)
class DialectType(Type):
    """`!hal.device`, `!dialect.name<body>`: read so that an operation may name it; no value has it at run time."""

    name: str
    body: str = ""

    def __str__(self) -> str:
        return f"!{self.name}{f'<{self.body}>' if self.body else ''}"


# -- attribute values -----------------------------------------------------------------------------------------------
class TypedInt(int):
    """An integer attribute (`4 : i32`, `0 : index`): an int that also carries its MLIR type."""

    type: ScalarType

    def __new__(cls, value: int, type_: ScalarType = I64) -> TypedInt:  # noqa: PYI034
        self = super().__new__(cls, value)
        self.type = type_
        return self

    def __repr__(self) -> str:
        return f"{int(self)} : {self.type}"


class TypedFloat(float):
    """A float attribute (`1.0 : f16`): a float that also carries its MLIR type."""

    type: ScalarType

    def __new__(cls, value: float, type_: ScalarType = F64) -> TypedFloat:  # noqa: PYI034
        self = super().__new__(cls, value)
        self.type = type_
        return self

    def __repr__(self) -> str:
        return f"{float(self)} : {self.type}"


@dataclass(frozen=True, eq=False)
class DenseAttr(Attribute):
    """`dense<...> : vector<4xf32>`: the elements as a numpy array of the type's shape (a splat is broadcast)."""

    values: np.ndarray
    type: Type

    def __repr__(self) -> str:
        return f"dense<{self.values.tolist()}> : {self.type}"


@dataclass(frozen=True)
class DialectAttr(Attribute):
    """`#dialect.mnemonic<body>` or `#dialect<body>`: its full name and body text (e.g. `arith.overflow`, `nsw`)."""

    name: str
    body: str

    @property
    def words(self) -> tuple[str, ...]:
        """The body's comma-separated words (`#arith.overflow<nsw, nuw>` -> ('nsw', 'nuw'))."""
        return tuple(word.strip() for word in self.body.split(",") if word.strip())

    def __str__(self) -> str:
        return f"#{self.name}<{self.body}>"


@dataclass(frozen=True)
class SymbolRef(Attribute):
    """`@name` (nested references `@a::@b` keep their text)."""

    name: str

    def __str__(self) -> str:
        return f"@{self.name}"


@dataclass
class Aliases:
    """`#name = attribute` and `!name = type` definitions of a file."""

    attributes: dict[str, object] = field(default_factory=dict)
    types: dict[str, Type] = field(default_factory=dict)


# -- skipping ---------------------------------------------------------------------------------------------------------
_CLOSING = {"<": ">", "(": ")", "[": "]", "{": "}"}


def skip_balanced(scanner: Scanner, opening: str) -> str:
    """Skips from `opening` (at the cursor) to its matching closer, strings respected; returns the text inside."""
    scanner.skip_trivia()
    text, pos, end = scanner.text, scanner.pos, scanner.end
    if not text.startswith(opening, pos, end):
        raise scanner.error(f"expected '{opening}', found {scanner.found()}")
    stack = [_CLOSING[opening]]
    start = pos + 1
    pos += 1
    while pos < end:
        char = text[pos]
        if char == '"':
            match = re.compile(r'"(?:[^"\\\n]|\\.)*"').match(text, pos, end)
            if match is None:
                raise scanner.error("unterminated string", pos)
            pos = match.end()
            continue
        if char == "-" and text.startswith("->", pos, end):
            pos += 2
            continue
        if char in _CLOSING:
            stack.append(_CLOSING[char])
        elif char == stack[-1]:
            stack.pop()
            if not stack:
                scanner.pos = pos + 1
                return text[start:pos]
        elif char in ")]}>" and char != stack[-1]:
            raise scanner.error(f"unbalanced '{char}' (expected '{stack[-1]}')", pos)
        pos += 1
    raise scanner.error(f"expected '{_CLOSING[opening]}' to close the '{opening}' opened here", start - 1)


# -- types ---------------------------------------------------------------------------------------------------------------
def read_type(scanner: Scanner, aliases: Aliases) -> Type:
    """One type at the cursor."""
    scanner.skip_trivia()
    start = scanner.pos
    with scanner.nested():
        if scanner.accept("!"):
            name = scanner.bare_id()
            if name is None:
                raise scanner.error("expected a type name after '!'", start)
            if name in aliases.types:
                return aliases.types[name]
            if name == "nvgpu.device.async.token":
                return DEVICE_ASYNC_TOKEN
            if "." not in name:
                raise scanner.error(f"undefined type alias '!{name}'", start)
            body = skip_balanced(scanner, "<") if scanner.text.startswith("<", scanner.pos) else ""
            return DialectType(name, body)
        if scanner.peek("("):
            return _read_function_type(scanner, aliases)
        name = scanner.bare_id()
        if name is None:
            raise scanner.error(f"expected a type, found {scanner.found()}")
        if name == "vector":
            return _read_vector(scanner, aliases)
        if name == "memref":
            return _read_memref(scanner, aliases, start)
        if name == "tuple":
            scanner.expect("<", "after 'tuple'")
            types = [] if scanner.accept(">") else _type_list(scanner, aliases, ">")
            return TupleType(tuple(types))
        if name == "none":
            return NoneType()
        if name == "tensor":
            scanner.expect("<", "after 'tensor'")
            shape = _dimensions(scanner, "tensor")
            element = _element(scanner, aliases, "tensor")
            scanner.expect(">", "to close the tensor type")
            return TensorType(tuple(shape), element)
        if name == "complex":
            raise scanner.error("'complex' types are not supported", start)
        try:
            return ScalarType(name)
        except InvalidArgumentError:
            raise scanner.error(f"unknown or unsupported type '{name}'", start) from None


def _type_list(scanner: Scanner, aliases: Aliases, closing: str) -> list[Type]:
    types = []
    while True:
        types.append(read_type(scanner, aliases))
        if scanner.accept(closing):
            return types
        scanner.expect(",", f"or '{closing}' between types")


def _read_function_type(scanner: Scanner, aliases: Aliases) -> FunctionType:
    scanner.expect("(", "to open a function type")
    inputs = [] if scanner.accept(")") else _type_list(scanner, aliases, ")")
    scanner.expect("->", "in a function type")
    return FunctionType(tuple(inputs), tuple(read_result_types(scanner, aliases)))


def read_result_types(scanner: Scanner, aliases: Aliases) -> list[Type]:
    """`T` or `(T, U)` or `()` after '->'."""
    if scanner.peek("("):
        saved = scanner.pos
        scanner.accept("(")
        if scanner.accept(")"):
            if scanner.peek("->"):           # `() -> x` is itself a function type
                scanner.pos = saved
                return [read_type(scanner, aliases)]
            return []
        types = _type_list(scanner, aliases, ")")
        if scanner.peek("->"):
            scanner.pos = saved
            return [read_type(scanner, aliases)]
        return types
    return [read_type(scanner, aliases)]


def _dimensions(scanner: Scanner, what: str) -> list[int | None]:
    shape: list[int | None] = []
    while True:
        scanner.skip_trivia()
        match = _DIMENSION.match(scanner.text, scanner.pos, scanner.end)
        if match is None:
            return shape
        if len(match.group(1)) > 18:
            raise scanner.error(f"{what} dimension is too large")
        shape.append(None if match.group(1) == "?" else int(match.group(1)))
        scanner.pos = match.end()


def _element(scanner: Scanner, aliases: Aliases, container: str) -> ScalarType:
    scanner.skip_trivia()
    start = scanner.pos
    element = read_type(scanner, aliases)
    if not isinstance(element, ScalarType):
        raise scanner.error(f"unsupported {container} element type '{element}': integer, float or index only", start)
    return element


def _read_vector(scanner: Scanner, aliases: Aliases) -> VectorType:
    scanner.expect("<", "after 'vector'")
    if scanner.peek("["):
        raise scanner.error("scalable vectors (vector<[4]x...>) are not supported")
    shape = _dimensions(scanner, "vector")
    if any(size is None or size == 0 for size in shape):
        raise scanner.error("vector types must have positive constant sizes")
    element = _element(scanner, aliases, "vector")
    scanner.expect(">", "to close the vector type")
    return VectorType(tuple(shape), element)  # type: ignore[arg-type]


def _read_memref(scanner: Scanner, aliases: Aliases, start: int) -> Type:
    scanner.expect("<", "after 'memref'")
    if scanner.accept("*"):
        scanner.expect("x", "after '*' in an unranked memref")
        element = _element(scanner, aliases, "memref")
        space = _memory_space(scanner, aliases) if scanner.accept(",") else None
        scanner.expect(">", "to close the memref type")
        return UnrankedMemRefType(element, space)  # type: ignore[arg-type]
    shape = _dimensions(scanner, "memref")
    element = _element(scanner, aliases, "memref")
    layout = space = None
    if scanner.accept(","):
        if scanner.peek_keyword("strided") or scanner.peek_keyword("affine_map"):
            layout = _read_layout(scanner)
            if scanner.accept(","):
                space = _memory_space(scanner, aliases)
        elif scanner.peek("#") and isinstance(alias := _peek_alias(scanner, aliases), (AffineMapLayout,
                                                                                       StridedLayout)):
            layout = alias
            _skip_alias(scanner)
            if scanner.accept(","):
                space = _memory_space(scanner, aliases)
        else:
            space = _memory_space(scanner, aliases)
    scanner.expect(">", "to close the memref type")
    try:
        return MemRefType(tuple(shape), element, layout, space)  # type: ignore[arg-type]
    except InvalidArgumentError as error:
        raise scanner.error(str(error), start) from None


def _peek_alias(scanner: Scanner, aliases: Aliases) -> object:
    match = re.compile(r"#([A-Za-z_][A-Za-z0-9_$.]*)").match(scanner.text, scanner.pos, scanner.end)
    return aliases.attributes.get(match.group(1)) if match else None


def _skip_alias(scanner: Scanner) -> None:
    scanner.accept("#")
    scanner.bare_id()


def _memory_space(scanner: Scanner, aliases: Aliases) -> object:
    scanner.skip_trivia()
    start = scanner.pos
    if scanner.peek("#"):
        value = read_attribute(scanner, aliases)
        if isinstance(value, (GpuAddressSpace, DialectAttr, IntegerMemorySpace)):
            return value
        if isinstance(value, TypedInt):
            return IntegerMemorySpace(int(value), value.type)
        raise scanner.error(f"unsupported memory space {value!r}", start)
    value = scanner.integer(allow_negative=True)
    if value is None:
        raise scanner.error(f"expected a memref layout or memory space, found {scanner.found()}")
    type_ = I64
    if scanner.accept(":"):
        type_ = _element(scanner, aliases, "memory space")
    return IntegerMemorySpace(value, type_)


# -- attributes -------------------------------------------------------------------------------------------------------
def read_attribute(scanner: Scanner, aliases: Aliases) -> object:
    """One attribute value at the cursor, as a Python value (see the module docstring)."""
    scanner.skip_trivia()
    start = scanner.pos
    with scanner.nested():
        if scanner.accept("["):
            items: list[object] = []
            if not scanner.accept("]"):
                while True:
                    items.append(read_attribute(scanner, aliases))
                    if scanner.accept("]"):
                        break
                    scanner.expect(",", "or ']' in an array attribute")
            return items
        if scanner.peek("{"):
            return read_dictionary(scanner, aliases)
        if scanner.accept("@"):
            name = scanner.string_literal() or scanner.bare_id()
            if name is None:
                raise scanner.error("expected a symbol name after '@'", start)
            while scanner.accept("::"):
                scanner.expect("@", "in a nested symbol reference")
                name += "::@" + (scanner.string_literal() or scanner.bare_id() or "")
            return SymbolRef(name)
        if scanner.peek("#"):
            return _hash_attribute(scanner, aliases, start)
        for keyword, value in (("true", True), ("false", False), ("unit", True)):
            if scanner.accept_keyword(keyword):
                return value
        if scanner.peek_keyword("array"):
            return _dense_array(scanner, aliases)
        if scanner.peek_keyword("dense"):
            return _dense(scanner, aliases)
        if scanner.peek_keyword("dense_resource") or scanner.peek_keyword("sparse") or \
                scanner.peek_keyword("affine_set"):
            raise scanner.error(f"unsupported attribute {scanner.found()}")
        if scanner.peek_keyword("affine_map"):
            scanner.accept_keyword("affine_map")
            scanner.expect("<", "after 'affine_map'")
            value = _read_affine_map(scanner)
            scanner.expect(">", "to close affine_map<...>")
            return value
        if scanner.peek_keyword("strided"):
            return _read_layout(scanner)
        text = scanner.string_literal()
        if text is not None:
            if scanner.accept(":"):
                read_type(scanner, aliases)
            return text
        number = _number(scanner, aliases)
        if number is not None:
            return number
        return read_type(scanner, aliases)


def read_dictionary(scanner: Scanner, aliases: Aliases) -> dict[str, object]:
    """`{name = value, flag}` (a flag alone is unit: True)."""
    scanner.expect("{", "to open an attribute dictionary")
    values: dict[str, object] = {}
    if scanner.accept("}"):
        return values
    while True:
        scanner.skip_trivia()
        key_pos = scanner.pos
        key = scanner.bare_id() or scanner.string_literal()
        if key is None:
            raise scanner.error(f"expected an attribute name, found {scanner.found()}")
        if key in values:
            raise scanner.error(f"duplicate key '{key}' in dictionary attribute", key_pos)
        values[key] = read_attribute(scanner, aliases) if scanner.accept("=") else True
        if scanner.accept("}"):
            return values
        scanner.expect(",", "or '}' in an attribute dictionary")


def _hash_attribute(scanner: Scanner, aliases: Aliases, start: int) -> object:
    scanner.accept("#")
    name = scanner.bare_id()
    if name is None:
        raise scanner.error("expected an attribute name after '#'", start)
    if "." not in name and not scanner.text.startswith("<", scanner.pos):
        if name not in aliases.attributes:
            raise scanner.error(f"undefined attribute alias '#{name}'", start)
        return aliases.attributes[name]
    body = skip_balanced(scanner, "<") if scanner.text.startswith("<", scanner.pos) else ""
    if name == "gpu.address_space":
        try:
            return GpuAddressSpace(body.strip())
        except InvalidArgumentError as error:
            raise scanner.error(str(error), start) from None
    if name == "gpu" and body.startswith("address_space"):
        return GpuAddressSpace(body[len("address_space"):].strip().strip("<>"))
    return DialectAttr(name, body.strip())


def _number(scanner: Scanner, aliases: Aliases) -> object:
    """An integer or float literal with its optional `: type`; None when there is none."""
    scanner.skip_trivia()
    start = scanner.pos
    hex_match = _HEX_FLOAT.match(scanner.text, scanner.pos, scanner.end)
    value: float | int | None = scanner.float_literal()
    if value is None:
        value = scanner.integer(allow_negative=True)
        if value is None:
            if scanner.accept_keyword("inf") or scanner.accept_keyword("nan"):
                raise scanner.error("write special floats as hexadecimal bit patterns (0x7FC00000 : f32)", start)
            return None
    type_: ScalarType = F64 if isinstance(value, float) else I64
    if scanner.accept(":"):
        scanner.skip_trivia()
        type_pos = scanner.pos
        declared = read_type(scanner, aliases)
        if not isinstance(declared, ScalarType):
            raise scanner.error(f"a number needs an integer, index or float type, got '{declared}'", type_pos)
        type_ = declared
    if type_.is_float:
        if isinstance(value, int) and hex_match is not None:
            return TypedFloat(_float_from_bits(value, type_, scanner, start), type_)
        return TypedFloat(float(value), type_)
    if isinstance(value, float):
        raise scanner.error(f"floating point value not valid for type '{type_}'", start)
    if type_ == I1 and value in (0, 1):
        return TypedInt(value, type_)
    return TypedInt(value, type_)


def _float_from_bits(bits: int, type_: ScalarType, scanner: Scanner, start: int) -> float:
    """A hexadecimal float literal is the bit pattern of the value in `type_`."""
    from dxlinalg.mlir.values import numpy_dtype

    dtype = numpy_dtype(type_)
    if bits >= 1 << (8 * dtype.itemsize):
        raise scanner.error(f"hexadecimal float literal 0x{bits:x} does not fit {type_}", start)
    unsigned = np.dtype(f"u{dtype.itemsize}")
    return float(np.array(bits, unsigned).view(dtype))


def _dense_array(scanner: Scanner, aliases: Aliases) -> list[object]:
    """`array<i64: 1, 2>` (DenseArrayAttr) -> a list of TypedInt / TypedFloat (bool for i1)."""
    scanner.accept_keyword("array")
    scanner.expect("<", "after 'array'")
    element = read_type(scanner, aliases)
    if not isinstance(element, ScalarType):
        raise scanner.error(f"array<...> needs an integer or float element type, got '{element}'")
    items: list[object] = []
    if scanner.accept(":"):
        while True:
            item = read_attribute(scanner, aliases)
            if isinstance(item, bool):
                items.append(item)
            elif isinstance(item, (int, float)):
                items.append(TypedFloat(float(item), element) if element.is_float else TypedInt(int(item), element))
            else:
                raise scanner.error(f"array<{element}: ...> holds numbers, got {item!r}")
            if not scanner.accept(","):
                break
    scanner.expect(">", "to close array<...>")
    return items


def _dense(scanner: Scanner, aliases: Aliases, implied: Type | None = None) -> DenseAttr:
    """`dense<v>` (a splat), `dense<[[1, 2], [3, 4]]>`, `dense<"0x...">` (hex bytes), then `: type` (unless the
    context implies the type: a memref.global's initial value)."""
    from dxlinalg.mlir.values import numpy_dtype

    scanner.accept_keyword("dense")
    start = scanner.pos
    body = skip_balanced(scanner, "<")
    if implied is not None and not scanner.peek(":"):
        type_ = implied
    else:
        scanner.expect(":", "after dense<...> (its type)")
        type_ = read_type(scanner, aliases)
    if isinstance(type_, (VectorType, MemRefType, TensorType)) and all(size is not None for size in type_.shape):
        shape, element = tuple(type_.shape), type_.element
    elif isinstance(type_, ScalarType):
        shape, element = (), type_
    else:
        raise scanner.error(f"dense<...> of type '{type_}' is not supported (static vectors, tensors and scalars "
                            f"are)", start)
    dtype = numpy_dtype(element)
    text = body.strip()
    if text.startswith('"0x'):
        raw = bytes.fromhex(text[3:-1])
        values = np.frombuffer(raw, dtype)
        if values.size == 1:
            values = np.broadcast_to(values.reshape(()), shape)
        return DenseAttr(np.array(values.reshape(shape)), type_)
    inner = Scanner(text)
    try:
        nested = _dense_literal(inner, element)
    except InvalidArgumentError as error:
        raise scanner.error(f"dense<...>: {error}", start) from None
    array = np.array(nested, dtype=object)
    if array.shape not in ((), shape):
        raise scanner.error(f"dense<...> has shape {list(array.shape)}, its type {type_} has {list(shape)}", start)
    converted = np.array(np.broadcast_to(array, shape).tolist() if shape else array.item(),
                         dtype=np.float64 if element.is_float else object)
    if element.is_float:
        return DenseAttr(converted.astype(dtype), type_)
    from dxlinalg.mlir.values import wrap_integers

    return DenseAttr(wrap_integers(np.array(converted.tolist() if shape else int(array.item()), dtype=object),
                                   element), type_)


def read_dense(scanner: Scanner, aliases: Aliases, implied: Type) -> DenseAttr:
    """`dense<...>` whose type the context gives (`memref.global @g : memref<4xf32> = dense<...>`)."""
    return _dense(scanner, aliases, implied)


def _dense_literal(scanner: Scanner, element: ScalarType) -> object:
    if scanner.accept("["):
        items: list[object] = []
        if not scanner.accept("]"):
            while True:
                items.append(_dense_literal(scanner, element))
                if scanner.accept("]"):
                    break
                scanner.expect(",", "or ']' in dense<...>")
        return items
    if scanner.accept_keyword("true"):
        return 1
    if scanner.accept_keyword("false"):
        return 0
    scanner.skip_trivia()
    hex_match = _HEX_FLOAT.match(scanner.text, scanner.pos, scanner.end)
    value = scanner.float_literal()
    if value is None:
        value = scanner.integer(allow_negative=True)
        if value is None:
            raise scanner.error(f"expected a number in dense<...>, found {scanner.found()}")
        if element.is_float and hex_match is not None:
            return _float_from_bits(value, element, scanner, scanner.pos)
    if isinstance(value, float) and not element.is_float:
        raise scanner.error(f"float {value} in a dense<...> of {element}")
    return value

