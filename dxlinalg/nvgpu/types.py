"""MLIR's builtin types and attributes that the six nvgpu operations use, and a reader for their text.

nvgpu's verifier and its assembly speak MLIR: per-lane fragments are `vector<4x2xf16>`, memory is
`memref<128x128xf16, 3>` (3, or `#gpu.address_space<workgroup>`, is shared memory), the async operations pass
`!nvgpu.device.async.token`, and attributes are MLIR attributes (`4 : i32`, `[16, 8, 16]`, `true`, unit). Each type
is a small frozen dataclass whose `str()` is MLIR's printed form, because MLIR's diagnostics quote types that way.
The reader follows MLIR's builtin type grammar for these types (llvm-project `mlir/lib/AsmParser/TypeParser.cpp`,
`BuiltinTypes.cpp`; read for the syntax and the canonical forms only); anything else is a ParseError with the line
and column. `Scanner` is the cursor both this reader and the operation parser (parser.py) use.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from dxlinalg.errors import InvalidArgumentError

# -- locations and the parse error -------------------------------------------------------------------


@dataclass(frozen=True)
class Location:
    """A 1-based line and column in the parsed text."""

    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.line}:{self.column}"


class ParseError(InvalidArgumentError):
    """The text is not one of the accepted MLIR forms; says where (line:column) and what was expected."""

    def __init__(self, message: str, location: Location | None = None) -> None:
        self.message = message
        self.location = location
        super().__init__(f"{location}: {message}" if location is not None else message)


# -- element (scalar) types -------------------------------------------------------------------------

#: MLIR's builtin float types and their bit widths (`Type::getIntOrFloatBitWidth`).
FLOAT_WIDTHS: dict[str, int] = {
    "f16": 16, "bf16": 16, "tf32": 19, "f32": 32, "f64": 64, "f80": 80, "f128": 128,
    "f8E5M2": 8, "f8E4M3": 8, "f8E4M3FN": 8, "f8E5M2FNUZ": 8, "f8E4M3FNUZ": 8, "f8E4M3B11FNUZ": 8,
    "f8E3M4": 8, "f8E8M0FNU": 8, "f6E2M3FN": 6, "f6E3M2FN": 6, "f4E2M1FN": 4,
}
MAX_INTEGER_WIDTH = 16777215  # IntegerType::kMaxWidth
_INTEGER_NAME = re.compile(r"(i|si|ui)([0-9]+)\Z")


class Type:
    """Base of the MLIR types here (so an argument can be checked with isinstance)."""


class Attribute:
    """Base of the MLIR attributes here."""


@dataclass(frozen=True)
class ScalarType(Type):
    """An integer (`i8`, `si8`, `ui8`), float (`f16`, `bf16`, `tf32`, ...) or `index` type, by its MLIR name."""

    name: str

    def __post_init__(self) -> None:
        match = _INTEGER_NAME.match(self.name)
        if match is not None:
            width = int(match.group(2))
            if not 0 < width <= MAX_INTEGER_WIDTH or match.group(2)[0] == "0":
                raise InvalidArgumentError(f"'{self.name}' is not an MLIR integer type: the width must be 1 to "
                                           f"{MAX_INTEGER_WIDTH} written without leading zeros")
        elif self.name != "index" and self.name not in FLOAT_WIDTHS:
            raise InvalidArgumentError(f"'{self.name}' is not an MLIR element type this package knows: integer "
                                       f"(iN, siN, uiN), index, or one of {', '.join(FLOAT_WIDTHS)}")

    def __str__(self) -> str:
        return self.name

    @property
    def is_index(self) -> bool:
        return self.name == "index"

    @property
    def is_float(self) -> bool:
        return self.name in FLOAT_WIDTHS

    @property
    def is_signless_integer(self) -> bool:
        return self.name.startswith("i") and self.name != "index"

    def is_integer(self, width: int | None = None) -> bool:
        """MLIR's `Type::isInteger(width)`: any signedness (i8, si8 and ui8 all count as 8-bit integers)."""
        match = _INTEGER_NAME.match(self.name)
        return match is not None and (width is None or int(match.group(2)) == width)

    @property
    def bit_width(self) -> int | None:
        """`getIntOrFloatBitWidth()`; None for index, which has none (MLIR asserts when asked)."""
        match = _INTEGER_NAME.match(self.name)
        if match is not None:
            return int(match.group(2))
        return FLOAT_WIDTHS.get(self.name)


I1, I4, I8, I16, I32, I64 = (ScalarType(f"i{width}") for width in (1, 4, 8, 16, 32, 64))
F16, BF16, TF32, F32, F64 = (ScalarType(name) for name in ("f16", "bf16", "tf32", "f32", "f64"))
INDEX = ScalarType("index")

def element_type_of(dtype: object) -> ScalarType:
    """The MLIR element type of a numpy/ml_dtypes dtype (unsigned numpy types map to `uiN`).

    MLIR's nvgpu verifier counts i8, si8 and ui8 alike; the sign is the operation's business, not the type's.
    numpy is imported here, not at module level, so reading MLIR text does not load it.
    """
    import ml_dtypes
    import numpy as np

    known = {np.dtype(np.float16): "f16", np.dtype(ml_dtypes.bfloat16): "bf16", np.dtype(np.float32): "f32",
             np.dtype(np.float64): "f64", np.dtype(ml_dtypes.int4): "i4", np.dtype(ml_dtypes.uint4): "ui4",
             np.dtype(np.int8): "i8", np.dtype(np.uint8): "ui8", np.dtype(np.int16): "i16",
             np.dtype(np.uint16): "ui16", np.dtype(np.int32): "i32", np.dtype(np.uint32): "ui32",
             np.dtype(np.int64): "i64", np.dtype(np.uint64): "ui64"}
    try:
        key = np.dtype(dtype)  # type: ignore[call-overload]
    except TypeError as exc:
        raise InvalidArgumentError(f"element_type_of: {dtype!r} is not a numpy dtype") from exc
    if key not in known:
        raise InvalidArgumentError(f"element_type_of: dtype {key} has no MLIR element type here; known: "
                                   f"{', '.join(str(d) for d in known)}")
    return ScalarType(known[key])


# -- vector, memref, token ----------------------------------------------------------------------------


@dataclass(frozen=True)
class VectorType(Type):
    """`vector<4x2xf16>`: fixed-size, static shape (rank 0 is `vector<f16>`)."""

    shape: tuple[int, ...]
    element: ScalarType

    def __post_init__(self) -> None:
        _require_scalar(self.element, "VectorType.element")
        if not all(isinstance(size, int) and not isinstance(size, bool) and size > 0 for size in self.shape):
            raise InvalidArgumentError(f"vector types must have positive constant sizes, got shape {self.shape}")

    def __str__(self) -> str:
        return f"vector<{''.join(f'{size}x' for size in self.shape)}{self.element}>"


DYNAMIC = None  # a `?` size, stride or offset


@dataclass(frozen=True)
class StridedLayout(Attribute):
    """`strided<[s0, s1], offset: o>` with None for `?`."""

    strides: tuple[int | None, ...]
    offset: int | None = 0

    def __str__(self) -> str:
        strides = ", ".join(_int_or_question(stride) for stride in self.strides)
        offset = "" if self.offset == 0 else f", offset: {_int_or_question(self.offset)}"
        return f"strided<[{strides}]{offset}>"


#: An affine expression as a small tree: ("const", v), ("dim", i), ("sym", i) or (op, lhs, rhs) with op one of
#: "add", "mul", "floordiv", "ceildiv", "mod". Subtraction and negation are written with a -1 factor, as MLIR does.
AffineExpr = tuple


@dataclass(frozen=True)
class AffineMapLayout(Attribute):
    """`affine_map<(d0, d1)[s0] -> (d0 * 200 + d1 * 2)>` used as a memref layout (identity maps are dropped)."""

    num_dims: int
    num_symbols: int
    results: tuple[AffineExpr, ...]

    def is_identity(self) -> bool:
        return len(self.results) == self.num_dims and all(
            expr == ("dim", index) for index, expr in enumerate(self.results))

    def strides_and_offset(self) -> tuple[tuple[int | None, ...], int | None] | None:
        """MLIR's `getStridesAndOffset` for this map: None where the map is not strided (not one linear result)."""
        if len(self.results) != 1:
            return None
        linear = _linear_form(self.results[0])
        if linear is None:
            return None
        strides = tuple(linear.get(dim, 0) for dim in range(self.num_dims))
        return strides, linear.get(None, 0)

    def __str__(self) -> str:
        dims = ", ".join(f"d{index}" for index in range(self.num_dims))
        symbols = f"[{', '.join(f's{index}' for index in range(self.num_symbols))}]" if self.num_symbols else ""
        return f"affine_map<({dims}){symbols} -> ({', '.join(_print_affine(expr) for expr in self.results)})>"


@dataclass(frozen=True)
class IntegerMemorySpace(Attribute):
    """An integer memory space: `memref<..., 3>`; NVGPUDialect::kSharedMemoryAddressSpace is 3."""

    value: int
    type: ScalarType = I64

    def __str__(self) -> str:
        return str(self.value) if self.type == I64 else f"{self.value} : {self.type}"


GPU_ADDRESS_SPACES = ("global", "workgroup", "private")


@dataclass(frozen=True)
class GpuAddressSpace(Attribute):
    """`#gpu.address_space<workgroup>` (or global, private)."""

    name: str

    def __post_init__(self) -> None:
        if self.name not in GPU_ADDRESS_SPACES:
            raise InvalidArgumentError(f"#gpu.address_space<{self.name}>: the address space must be one of "
                                       f"{', '.join(GPU_ADDRESS_SPACES)}")

    def __str__(self) -> str:
        return f"#gpu.address_space<{self.name}>"


MemorySpace = IntegerMemorySpace | GpuAddressSpace | None
Layout = StridedLayout | AffineMapLayout | None


def is_shared_memory_space(space: MemorySpace) -> bool:
    """NVGPUDialect::isSharedMemoryAddressSpace: integer 3 (of any integer type) or the gpu workgroup space."""
    if isinstance(space, IntegerMemorySpace):
        return space.value == 3
    return isinstance(space, GpuAddressSpace) and space.name == "workgroup"


@dataclass(frozen=True)
class MemRefType(Type):
    """`memref<4x?xf16, strided<[32, 1]>, 3>`: shape (None for `?`), element, layout (None: identity), space.

    Built in MLIR's canonical form: an identity affine_map layout is dropped, and so is integer memory space 0.
    """

    shape: tuple[int | None, ...]
    element: ScalarType
    layout: Layout = None
    memory_space: MemorySpace = None

    def __post_init__(self) -> None:
        _require_scalar(self.element, "MemRefType.element")
        if not all(size is None or (isinstance(size, int) and not isinstance(size, bool) and size >= 0)
                   for size in self.shape):
            raise InvalidArgumentError(f"memref sizes must be non-negative integers or None (?), got {self.shape}")
        if isinstance(self.layout, StridedLayout) and len(self.layout.strides) != len(self.shape):
            raise InvalidArgumentError(f"expected the number of strides to match the rank: "
                                       f"{len(self.layout.strides)} strides for rank {len(self.shape)}")
        if isinstance(self.layout, AffineMapLayout):
            if self.layout.num_dims != len(self.shape):
                raise InvalidArgumentError(f"memref layout mismatch between rank and affine map: "
                                           f"{len(self.shape)} != {self.layout.num_dims}")
            if self.layout.is_identity():
                object.__setattr__(self, "layout", None)
        if isinstance(self.memory_space, IntegerMemorySpace) and self.memory_space.value == 0:
            object.__setattr__(self, "memory_space", None)

    @property
    def rank(self) -> int:
        return len(self.shape)

    def strides_and_offset(self) -> tuple[tuple[int | None, ...], int | None] | None:
        """MLIR's `getStridesAndOffset`: the identity layout gives row-major strides; None if not strided."""
        if isinstance(self.layout, StridedLayout):
            return self.layout.strides, self.layout.offset
        if isinstance(self.layout, AffineMapLayout):
            return self.layout.strides_and_offset()
        strides: list[int | None] = []
        running: int | None = 1
        for size in reversed(self.shape):
            strides.append(running)
            running = None if running is None or size is None else running * size
        return tuple(reversed(strides)), 0

    def last_dim_has_unit_stride(self) -> bool:
        """MLIR's `isLastMemrefDimUnitStride`: strided, and rank 0 or the innermost stride is exactly 1."""
        strided = self.strides_and_offset()
        return strided is not None and (not strided[0] or strided[0][-1] == 1)

    def __str__(self) -> str:
        parts = "".join(f"{_int_or_question(size)}x" for size in self.shape) + str(self.element)
        if self.layout is not None:
            parts += f", {self.layout}"
        if self.memory_space is not None:
            parts += f", {self.memory_space}"
        return f"memref<{parts}>"


@dataclass(frozen=True)
class UnrankedMemRefType(Type):
    """`memref<*xf16>`: read so that it can be rejected with MLIR's message (nvgpu needs ranked memrefs)."""

    element: ScalarType
    memory_space: MemorySpace = None

    def __post_init__(self) -> None:
        _require_scalar(self.element, "UnrankedMemRefType.element")
        if isinstance(self.memory_space, IntegerMemorySpace) and self.memory_space.value == 0:
            object.__setattr__(self, "memory_space", None)

    def __str__(self) -> str:
        space = f", {self.memory_space}" if self.memory_space is not None else ""
        return f"memref<*x{self.element}{space}>"


@dataclass(frozen=True)
class DeviceAsyncTokenType(Type):
    """`!nvgpu.device.async.token`: links an async copy to the group and the wait that cover it."""

    def __str__(self) -> str:
        return "!nvgpu.device.async.token"


DEVICE_ASYNC_TOKEN = DeviceAsyncTokenType()

# -- attributes ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class IntegerAttr(Attribute):
    """`4 : i32`, `16` (i64), `true` (i1), or an index value; the value must fit the type's width."""

    value: int
    type: ScalarType = I64

    def __post_init__(self) -> None:
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            raise InvalidArgumentError(f"IntegerAttr value must be an int, got {self.value!r}")
        if not (self.type.is_integer() or self.type.is_index):
            raise InvalidArgumentError(f"IntegerAttr type must be an integer type or index, got '{self.type}'")
        if not integer_fits(self.value, self.type):
            raise InvalidArgumentError(f"integer constant out of range for attribute: {self.value} : {self.type}")

    def __str__(self) -> str:
        if self.type == I1:
            return "true" if self.value else "false"
        return str(self.value) if self.type == I64 else f"{self.value} : {self.type}"


def integer_fits(value: int, type_: ScalarType) -> bool:
    """An integer literal fits an N-bit type when it is a valid signed or unsigned N-bit value (index: 64)."""
    width = 64 if type_.is_index else type_.bit_width
    assert width is not None
    if type_.name.startswith("ui"):
        return 0 <= value < 1 << width
    if type_.name.startswith("si"):
        return -(1 << (width - 1)) <= value < 1 << (width - 1)
    return -(1 << (width - 1)) <= value < 1 << width


@dataclass(frozen=True)
class FloatAttr(Attribute):
    """`1.5 : f32` (f64 when untyped)."""

    value: float
    type: ScalarType = F64

    def __str__(self) -> str:
        text = f"{self.value:.6e}"
        return text if self.type == F64 else f"{text} : {self.type}"


@dataclass(frozen=True)
class StringAttr(Attribute):
    value: str

    def __str__(self) -> str:
        return '"' + self.value.replace("\\", "\\\\").replace('"', '\\"') + '"'


@dataclass(frozen=True)
class UnitAttr(Attribute):
    """A name with no value in an attribute dictionary (`{bypassL1}`): present or absent, nothing else."""

    def __str__(self) -> str:
        return "unit"


@dataclass(frozen=True)
class ArrayAttr(Attribute):
    elements: tuple[Attribute, ...]

    def __str__(self) -> str:
        return "[" + ", ".join(str(element) for element in self.elements) + "]"


@dataclass(frozen=True)
class TypeAttr(Attribute):
    type: Type

    def __str__(self) -> str:
        return str(self.type)


def python_value(attribute: Attribute) -> object:
    """An attribute as a Python value: ArrayAttr a list, IntegerAttr an int (i1 a bool), FloatAttr a float,
    StringAttr a str, UnitAttr True, TypeAttr its type."""
    if isinstance(attribute, ArrayAttr):
        return [python_value(element) for element in attribute.elements]
    if isinstance(attribute, IntegerAttr):
        return bool(attribute.value) if attribute.type == I1 else attribute.value
    if isinstance(attribute, FloatAttr):
        return attribute.value
    if isinstance(attribute, StringAttr):
        return attribute.value
    if isinstance(attribute, UnitAttr):
        return True
    if isinstance(attribute, TypeAttr):
        return attribute.type
    return attribute


def plain(value: object) -> object:
    """`python_value` of an attribute; anything else unchanged (the Python ops take either)."""
    return python_value(value) if isinstance(value, Attribute) else value


def bool_attr(value: bool) -> IntegerAttr:
    """MLIR's BoolAttr is an IntegerAttr of type i1."""
    return IntegerAttr(int(value), I1)


# -- the cursor ----------------------------------------------------------------------------------------

_TRIVIA = re.compile(r"(?:\s+|//[^\n]*)*")
_BARE_ID = re.compile(r"[A-Za-z_][A-Za-z0-9_$.]*")
_SUFFIX_ID = re.compile(r"(?:[0-9]+|[A-Za-z$._-][A-Za-z0-9$._-]*)")
_INTEGER = re.compile(r"0x[0-9a-fA-F]+|[0-9]+")
_FLOAT = re.compile(r"[0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)?")
_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')
_DIMENSION = re.compile(r"([0-9]+|\?)[ \t\r\n]*x")
MAX_LITERAL_DIGITS = 40  # longer integer literals cannot fit any type used here; reject before converting


class Scanner:
    """A cursor over MLIR text: skips whitespace and `//` comments, reads tokens, knows line and column.

    It reads `text[start:end]` (one `// -----` chunk) while reporting locations in the whole text.
    """

    MAX_NESTING = 64  # brackets, parentheses and angle brackets: deeper input is rejected, not recursed into

    def __init__(self, text: str, start: int = 0, end: int | None = None) -> None:
        self.text = text
        self.pos = start
        self.end = len(text) if end is None else end
        self._line_starts = [0] + [match.end() for match in re.finditer(r"\n", text)]
        self._depth = 0

    # positions and errors
    def location(self, pos: int | None = None) -> Location:
        pos = self.pos if pos is None else pos
        line = bisect_right(self._line_starts, pos)
        return Location(line, pos - self._line_starts[line - 1] + 1)

    def error(self, message: str, pos: int | None = None) -> ParseError:
        return ParseError(message, self.location(pos))

    def found(self) -> str:
        """A short quote of what is at the cursor, for messages."""
        self.skip_trivia()
        if self.pos >= self.end:
            return "end of input"
        snippet = self.text[self.pos:min(self.end, self.pos + 20)].split("\n")[0]
        return repr(snippet)

    @contextmanager
    def nested(self) -> Iterator[None]:
        """Guards recursion: input nested deeper than MAX_NESTING is a ParseError."""
        if self._depth >= self.MAX_NESTING:
            raise self.error(f"nesting deeper than {self.MAX_NESTING} levels is not supported")
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1

    # tokens
    def skip_trivia(self) -> None:
        match = _TRIVIA.match(self.text, self.pos, self.end)
        if match is not None:
            self.pos = match.end()

    def at_end(self) -> bool:
        self.skip_trivia()
        return self.pos >= self.end

    def peek(self, token: str) -> bool:
        self.skip_trivia()
        return self.text.startswith(token, self.pos, self.end)

    def accept(self, token: str) -> bool:
        if self.peek(token):
            self.pos += len(token)
            return True
        return False

    def expect(self, token: str, context: str) -> None:
        if not self.accept(token):
            raise self.error(f"expected '{token}' {context}, found {self.found()}")

    def _match(self, pattern: re.Pattern[str]) -> str | None:
        self.skip_trivia()
        match = pattern.match(self.text, self.pos, self.end)
        if match is None:
            return None
        self.pos = match.end()
        return match.group(0)

    def bare_id(self) -> str | None:
        return self._match(_BARE_ID)

    def peek_keyword(self, keyword: str) -> bool:
        self.skip_trivia()
        match = _BARE_ID.match(self.text, self.pos, self.end)
        return match is not None and match.group(0) == keyword

    def accept_keyword(self, keyword: str) -> bool:
        if self.peek_keyword(keyword):
            self.pos += len(keyword)
            return True
        return False

    def expect_keyword(self, keyword: str, context: str) -> None:
        if not self.accept_keyword(keyword):
            raise self.error(f"expected '{keyword}' {context}, found {self.found()}")

    def ssa_name(self) -> str | None:
        """`%name` (MLIR's SSA value name), or None if the cursor is not at one."""
        self.skip_trivia()
        if not self.text.startswith("%", self.pos, self.end):
            return None
        match = _SUFFIX_ID.match(self.text, self.pos + 1, self.end)
        if match is None:
            raise self.error("expected an SSA value name after '%'")
        self.pos = match.end()
        return "%" + match.group(0)

    def integer(self, allow_negative: bool = False) -> int | None:
        """A decimal or hex integer literal (and a leading '-' if allowed), or None if there is none."""
        self.skip_trivia()
        start = self.pos
        negative = allow_negative and self.text.startswith("-", self.pos, self.end)
        if negative:
            self.pos += 1
        digits = self._match_here(_INTEGER)
        if digits is None:
            self.pos = start
            return None
        if len(digits) > MAX_LITERAL_DIGITS:
            raise self.error("integer literal is too long", start)
        value = int(digits, 16) if digits.startswith("0x") else int(digits)
        return -value if negative else value

    def float_literal(self) -> float | None:
        """A decimal float literal with a '.' (as MLIR requires), with an optional leading '-'."""
        self.skip_trivia()
        start = self.pos
        negative = self.text.startswith("-", self.pos, self.end)
        if negative:
            self.pos += 1
        text = self._match_here(_FLOAT)
        if text is None:
            self.pos = start
            return None
        value = float(text)
        return -value if negative else value

    def string_literal(self) -> str | None:
        text = self._match(_STRING)
        if text is None:
            return None
        return re.sub(r"\\(.)", r"\1", text[1:-1])

    def _match_here(self, pattern: re.Pattern[str]) -> str | None:
        match = pattern.match(self.text, self.pos, self.end)
        if match is None:
            return None
        self.pos = match.end()
        return match.group(0)


# -- the type reader -----------------------------------------------------------------------------------


def parse_type(text: str) -> Type:
    """One MLIR type written on its own, e.g. `vector<4x2xf16>` or `memref<16xf32, 3>`."""
    if not isinstance(text, str):
        raise InvalidArgumentError(f"parse_type: expected the text of an MLIR type, got {type(text).__name__}")
    scanner = Scanner(text)
    result = read_type(scanner)
    if not scanner.at_end():
        raise scanner.error(f"unexpected text after the type: {scanner.found()}")
    return result


def read_type(scanner: Scanner) -> Type:
    """Reads one type at the cursor."""
    scanner.skip_trivia()
    start = scanner.pos
    if scanner.accept("!"):
        name = scanner.bare_id()
        if name == "nvgpu.device.async.token":
            return DEVICE_ASYNC_TOKEN
        raise scanner.error(f"unsupported type '!{name or ''}': the nvgpu operations here use "
                            f"!nvgpu.device.async.token only", start)
    name = scanner.bare_id()
    if name is None:
        raise scanner.error(f"expected a type, found {scanner.found()}")
    if name == "vector":
        return _read_vector(scanner, start)
    if name == "memref":
        return _read_memref(scanner, start)
    try:
        return ScalarType(name)
    except InvalidArgumentError as exc:
        raise scanner.error(f"unknown or unsupported type '{name}'", start) from exc


def _read_scalar(scanner: Scanner, container: str) -> ScalarType:
    start = scanner.pos
    element = read_type(scanner)
    if not isinstance(element, ScalarType):
        raise scanner.error(f"unsupported {container} element type '{element}': integer, float or index only",
                            start)
    return element


def _read_vector(scanner: Scanner, start: int) -> VectorType:
    scanner.expect("<", "after 'vector'")
    with scanner.nested():
        if scanner.peek("["):
            raise scanner.error("scalable vectors (vector<[4]x...>) are not supported")
        shape: list[int] = []
        while True:
            scanner.skip_trivia()
            dimension = _DIMENSION.match(scanner.text, scanner.pos, scanner.end)
            if dimension is None:
                break
            if dimension.group(1) == "?":
                raise scanner.error("vector dimensions must be static ('?' is not allowed)")
            if len(dimension.group(1)) > MAX_LITERAL_DIGITS:
                raise scanner.error("vector dimension is too large")
            size = int(dimension.group(1))
            if size == 0:
                raise scanner.error("vector types must have positive constant sizes, got 0")
            shape.append(size)
            scanner.pos = dimension.end()
        element = _read_scalar(scanner, "vector")
        scanner.expect(">", "to close the vector type")
    return VectorType(tuple(shape), element)


def _read_memref(scanner: Scanner, start: int) -> MemRefType | UnrankedMemRefType:
    scanner.expect("<", "after 'memref'")
    with scanner.nested():
        if scanner.accept("*"):
            scanner.expect("x", "after '*' in an unranked memref")
            element = _read_scalar(scanner, "memref")
            space = _read_memory_space(scanner) if scanner.accept(",") else None
            scanner.expect(">", "to close the memref type")
            return UnrankedMemRefType(element, space)
        shape: list[int | None] = []
        while True:
            scanner.skip_trivia()
            dimension = _DIMENSION.match(scanner.text, scanner.pos, scanner.end)
            if dimension is None:
                break
            if len(dimension.group(1)) > MAX_LITERAL_DIGITS:
                raise scanner.error("memref dimension is too large")
            shape.append(None if dimension.group(1) == "?" else int(dimension.group(1)))
            scanner.pos = dimension.end()
        element = _read_scalar(scanner, "memref")
        layout: Layout = None
        space: MemorySpace = None
        if scanner.accept(","):
            if scanner.peek_keyword("strided") or scanner.peek_keyword("affine_map"):
                layout = _read_layout(scanner)
                if scanner.accept(","):
                    space = _read_memory_space(scanner)
            else:
                space = _read_memory_space(scanner)
        scanner.expect(">", "to close the memref type")
    try:
        return MemRefType(tuple(shape), element, layout, space)
    except InvalidArgumentError as exc:
        raise scanner.error(str(exc), start) from exc


def _read_memory_space(scanner: Scanner) -> MemorySpace:
    scanner.skip_trivia()
    start = scanner.pos
    if scanner.accept("#"):
        name = scanner.bare_id()
        if name != "gpu.address_space":
            raise scanner.error(f"unsupported memory space '#{name or ''}': an integer or "
                                f"#gpu.address_space<...> is expected", start)
        scanner.expect("<", "after #gpu.address_space")
        kind = scanner.bare_id()
        scanner.expect(">", "to close #gpu.address_space")
        try:
            return GpuAddressSpace(kind or "")
        except InvalidArgumentError as exc:
            raise scanner.error(str(exc), start) from exc
    value = scanner.integer(allow_negative=True)
    if value is None:
        raise scanner.error(f"expected a memref layout (strided<...>, affine_map<...>) or memory space (an "
                            f"integer or #gpu.address_space<...>), found {scanner.found()}")
    type_ = I64
    if scanner.accept(":"):
        scanner.skip_trivia()
        type_start = scanner.pos
        type_ = _read_scalar(scanner, "memory space")
        if not type_.is_integer():
            raise scanner.error(f"an integer memory space needs an integer type, got '{type_}'", type_start)
    if not integer_fits(value, type_):
        raise scanner.error(f"integer constant out of range for attribute: {value} : {type_}", start)
    return IntegerMemorySpace(value, type_)


def _read_layout(scanner: Scanner) -> StridedLayout | AffineMapLayout:
    if scanner.accept_keyword("strided"):
        scanner.expect("<", "after 'strided'")
        scanner.expect("[", "to open the stride list")
        strides: list[int | None] = []
        if not scanner.accept("]"):
            while True:
                strides.append(_int_or_dynamic(scanner, "a stride"))
                if scanner.accept("]"):
                    break
                scanner.expect(",", "between strides")
        offset: int | None = 0
        if scanner.accept(","):
            scanner.expect_keyword("offset", "after ',' in strided<...>")
            scanner.expect(":", "after 'offset'")
            offset = _int_or_dynamic(scanner, "the offset")
        scanner.expect(">", "to close strided<...>")
        return StridedLayout(tuple(strides), offset)
    scanner.expect_keyword("affine_map", "as the memref layout")
    scanner.expect("<", "after 'affine_map'")
    layout = _read_affine_map(scanner)
    scanner.expect(">", "to close affine_map<...>")
    return layout


def _int_or_dynamic(scanner: Scanner, what: str) -> int | None:
    if scanner.accept("?"):
        return DYNAMIC
    value = scanner.integer(allow_negative=True)
    if value is None:
        raise scanner.error(f"expected {what} (an integer or '?'), found {scanner.found()}")
    if not -(1 << 63) <= value < 1 << 63:
        raise scanner.error(f"{what} {value} does not fit in 64 bits")
    return value


# -- affine maps: just enough to tell whether a layout is strided and to print it -----------------------


def _read_affine_map(scanner: Scanner) -> AffineMapLayout:
    names: dict[str, AffineExpr] = {}
    dims = _read_affine_names(scanner, "(", ")", "dim", names)
    symbols = _read_affine_names(scanner, "[", "]", "sym", names) if scanner.peek("[") else 0
    scanner.expect("->", "in affine_map<...>")
    scanner.expect("(", "to open the affine map results")
    results: list[AffineExpr] = []
    if not scanner.accept(")"):
        while True:
            results.append(_read_affine_sum(scanner, names))
            if scanner.accept(")"):
                break
            scanner.expect(",", "between affine map results")
    return AffineMapLayout(dims, symbols, tuple(results))


def _read_affine_names(scanner: Scanner, opening: str, closing: str, kind: str,
                       names: dict[str, AffineExpr]) -> int:
    scanner.expect(opening, "in affine_map<...>")
    count = 0
    if scanner.accept(closing):
        return count
    while True:
        start = scanner.pos
        name = scanner.bare_id()
        if name is None:
            raise scanner.error(f"expected a {'dimension' if kind == 'dim' else 'symbol'} name in affine_map, "
                                f"found {scanner.found()}")
        if name in names:
            raise scanner.error(f"redefinition of identifier '{name}' in affine_map", start)
        names[name] = (kind, count)
        count += 1
        if scanner.accept(closing):
            return count
        scanner.expect(",", "between affine_map identifiers")


def _read_affine_sum(scanner: Scanner, names: dict[str, AffineExpr]) -> AffineExpr:
    with scanner.nested():
        expr = _read_affine_product(scanner, names)
        while True:
            if scanner.accept("+"):
                expr = _affine_add(expr, _read_affine_product(scanner, names))
            elif scanner.peek("-") and not scanner.peek("->"):
                scanner.accept("-")
                expr = _affine_add(expr, _affine_mul(_read_affine_product(scanner, names), ("const", -1)))
            else:
                return expr


_AFFINE_MUL_OPS = {"*": "mul", "floordiv": "floordiv", "ceildiv": "ceildiv", "mod": "mod"}


def _read_affine_product(scanner: Scanner, names: dict[str, AffineExpr]) -> AffineExpr:
    expr = _read_affine_unary(scanner, names)
    while True:
        if scanner.accept("*"):
            expr = _affine_mul(expr, _read_affine_unary(scanner, names))
            continue
        for keyword in ("floordiv", "ceildiv", "mod"):
            if scanner.accept_keyword(keyword):
                expr = _affine_binary(keyword, expr, _read_affine_unary(scanner, names))
                break
        else:
            return expr


def _read_affine_unary(scanner: Scanner, names: dict[str, AffineExpr]) -> AffineExpr:
    with scanner.nested():
        if scanner.peek("-") and not scanner.peek("->"):
            scanner.accept("-")
            return _affine_mul(_read_affine_unary(scanner, names), ("const", -1))
        if scanner.accept("("):
            expr = _read_affine_sum(scanner, names)
            scanner.expect(")", "to close the parenthesised affine expression")
            return expr
        value = scanner.integer()
        if value is not None:
            if value >= 1 << 63:
                raise scanner.error("affine constant does not fit in 64 bits")
            return ("const", value)
        start = scanner.pos
        name = scanner.bare_id()
        if name is None or name not in names:
            raise scanner.error(f"expected an affine expression (a constant, a declared dimension or symbol, or "
                                f"'('), found {repr(name) if name else scanner.found()}", start)
        return names[name]


def _affine_add(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    """MLIR's basic simplifications: fold constants, drop + 0, keep constants on the right (also across a
    chain of additions: (x + 2) + y becomes (x + y) + 2, and (x + 2) + 3 becomes x + 5)."""
    if lhs[0] == "const" and rhs[0] == "const":
        return ("const", lhs[1] + rhs[1])
    if lhs[0] == "const":
        lhs, rhs = rhs, lhs
    if rhs == ("const", 0):
        return lhs
    if lhs[0] == "add" and lhs[2][0] == "const":
        return _affine_add(_affine_add(lhs[1], rhs), lhs[2]) if rhs[0] != "const" else \
            _affine_add(lhs[1], ("const", lhs[2][1] + rhs[1]))
    return ("add", lhs, rhs)


def _affine_mul(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    """Fold constants, drop * 1, keep the constant factor on the right."""
    if lhs[0] == "const" and rhs[0] == "const":
        return ("const", lhs[1] * rhs[1])
    if lhs[0] == "const":
        lhs, rhs = rhs, lhs
    if rhs == ("const", 1):
        return lhs
    if rhs == ("const", 0):
        return rhs
    return ("mul", lhs, rhs)


def _affine_binary(op: str, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    if lhs[0] == "const" and rhs[0] == "const" and rhs[1] != 0:
        quotient = -(-lhs[1] // rhs[1]) if op == "ceildiv" else lhs[1] // rhs[1]
        return ("const", lhs[1] % rhs[1] if op == "mod" else quotient)
    return (op, lhs, rhs)


_LinearForm = dict  # {dim index or None (the constant part): coefficient, None where it involves symbols}


def _linear_form(expr: AffineExpr) -> _LinearForm | None:
    """The expression as sum(coefficient * dim) + offset; None when it is not linear in the dims."""
    kind = expr[0]
    if kind == "const":
        return {None: expr[1]}
    if kind == "dim":
        return {expr[1]: 1}
    if kind == "sym":
        return {None: DYNAMIC}
    lhs, rhs = _linear_form(expr[1]), _linear_form(expr[2])
    if lhs is None or rhs is None:
        return None
    if kind == "add":
        merged = dict(lhs)
        for key, value in rhs.items():
            merged[key] = _add_coefficients(merged.get(key, 0), value)
        return merged
    dim_free_lhs, dim_free_rhs = set(lhs) <= {None}, set(rhs) <= {None}
    if kind == "mul":
        if dim_free_lhs:
            return _scale(rhs, lhs.get(None, 0))
        if dim_free_rhs:
            return _scale(lhs, rhs.get(None, 0))
        return None
    if dim_free_lhs and dim_free_rhs:  # floordiv, ceildiv, mod of constants and symbols: part of the offset
        return {None: DYNAMIC}
    return None


def _add_coefficients(lhs: int | None, rhs: int | None) -> int | None:
    return DYNAMIC if lhs is None or rhs is None else lhs + rhs


def _scale(form: _LinearForm, factor: int | None) -> _LinearForm:
    return {key: (0 if value == 0 or factor == 0 else DYNAMIC if value is None or factor is None
                  else value * factor) for key, value in form.items()}


_AFFINE_OP_TEXT = {"mul": " * ", "floordiv": " floordiv ", "ceildiv": " ceildiv ", "mod": " mod "}


def _print_affine(expr: AffineExpr, strong: bool = False) -> str:
    """MLIR's printing: `d0 * 200 + d1 * 2`, `d0 - d1`, parentheses around sums inside products."""
    kind = expr[0]
    if kind == "const":
        return str(expr[1])
    if kind in ("dim", "sym"):
        return f"{kind[0]}{expr[1]}"
    lhs, rhs = expr[1], expr[2]
    if kind == "add":
        if rhs[0] == "const" and rhs[1] < 0:
            text = f"{_print_affine(lhs)} - {-rhs[1]}"
        elif rhs[0] == "mul" and rhs[2][0] == "const" and rhs[2][1] < 0:
            factor = -rhs[2][1]
            negated = rhs[1] if factor == 1 else ("mul", rhs[1], ("const", factor))
            text = f"{_print_affine(lhs)} - {_print_affine(negated, strong=True)}"
        else:
            text = f"{_print_affine(lhs)} + {_print_affine(rhs)}"
        return f"({text})" if strong else text
    if kind == "mul" and rhs == ("const", -1):
        return f"-{_print_affine(lhs, strong=True)}"
    text = f"{_print_affine(lhs, strong=True)}{_AFFINE_OP_TEXT[kind]}{_print_affine(rhs, strong=True)}"
    return f"({text})" if strong else text


# -- helpers -------------------------------------------------------------------------------------------


def _int_or_question(value: int | None) -> str:
    return "?" if value is None else str(value)


def _require_scalar(element: object, where: str) -> None:
    if not isinstance(element, ScalarType):
        raise InvalidArgumentError(f"{where} must be a ScalarType (an integer, float or index type), "
                                   f"got {element!r}")
