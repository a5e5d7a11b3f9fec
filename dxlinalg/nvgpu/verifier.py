"""MLIR's verifier for the six nvgpu operations: its rules, in its order, with its messages.

Sources (llvm-project, read through the public sources; the code here is written anew):
`mlir/lib/Dialect/NVGPU/IR/NVGPUDialect.cpp` (each op's `verify()`), `mlir/include/mlir/Dialect/NVGPU/IR/NVGPUOps.td`
(the operand, result and attribute constraints and the traits MLIR's generated code checks before `verify()`), and
`mlir/test/Dialect/NVGPU/invalid.mlir`. MLIR verifies an operation in this order, and so does each function here:
1. required attributes present, then each present attribute's constraint (attribute names in sorted order);
2. each operand's type constraint (operands numbered across the whole operand list, as `operand #3`), then results;
3. trait predicates ("failed to verify that matrixA and matrixB have same element type");
4. the op's own `verify()`, rule by rule in the source's order.

The exception's text is MLIR's diagnostic text exactly, because that text is the interface (an MLIR test's
`expected-error` matches it). Where MLIR uses `emitOpError` the text starts with `'nvgpu.<op>' op `; where it uses
`emitError` it does not. The functions take MLIR types (types.py) and attribute values, so they serve both the
text parser (parser.py) and code that builds fragments as numpy arrays and checks their types.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.nvgpu.types import (
    DEVICE_ASYNC_TOKEN,
    I1,
    I16,
    I32,
    I64,
    INDEX,
    ArrayAttr,
    Attribute,
    DeviceAsyncTokenType,
    IntegerAttr,
    Location,
    MemRefType,
    ScalarType,
    Type,
    UnitAttr,
    VectorType,
    bool_attr,
    is_shared_memory_space,
    parse_type,
)

MMA_SYNC = "nvgpu.mma.sync"
MMA_SP_SYNC = "nvgpu.mma.sp.sync"
LDMATRIX = "nvgpu.ldmatrix"
DEVICE_ASYNC_COPY = "nvgpu.device_async_copy"
DEVICE_ASYNC_CREATE_GROUP = "nvgpu.device_async_create_group"
DEVICE_ASYNC_WAIT = "nvgpu.device_async_wait"
OPERATION_NAMES = (MMA_SYNC, MMA_SP_SYNC, LDMATRIX, DEVICE_ASYNC_COPY, DEVICE_ASYNC_CREATE_GROUP, DEVICE_ASYNC_WAIT)

WARP_SIZE = 32  # kWarpSize
SHARED_MEMORY_ADDRESS_SPACE = 3  # NVGPUDialect::kSharedMemoryAddressSpace
SPARSE_METADATA_TYPE = VectorType((2,), I16)  # NVGPU_MmaSparseSyncMetadataType, the operand's buildable type
PTX_LARGEST_SELECTOR = 3  # PTX mma.sp: sparsity selector 0 to 3, which of them defined depends on the shape


class NvgpuRule(StrEnum):
    """The rule an NvgpuVerifierError reports: one member per check, named after what it checks."""

    REQUIRED_ATTRIBUTE = "required attribute present"
    ATTRIBUTE_CONSTRAINT = "attribute constraint"
    OPERAND_TYPE = "operand type constraint"
    RESULT_TYPE = "result type constraint"
    SAME_ELEMENT_TYPE = "trait: same element type"
    SPARSITY_SELECTOR = "mma.sp.sync: sparsity selector is 0 or 1"
    MMA_SHAPE_LENGTH = "mma: mmaShape has 3 elements"
    SPARSE_F64 = "mma.sp.sync: no f64"
    MMA_DATA_TYPE = "mma: A element type is i4, i8, f16, bf16, f32 (tf32) or f64"
    MMA_OPERAND_RANK = "mma: A, B and C are 2-D vectors"
    MMA_WARP_ELEMENTS = "mma: warp-wide element counts match mmaShape"
    MMA_TF32_ONLY_F32 = "mma: tf32Enabled only with f32 operands"
    MMA_FRAGMENT_SHAPE = "mma: per-lane fragment shapes"
    LDMATRIX_SHARED_MEMORY = "ldmatrix: source in shared memory"
    LDMATRIX_ELEMENT_WIDTH = "ldmatrix: elements of 32 bits or fewer"
    LDMATRIX_TRANSPOSE_16B = "ldmatrix: transpose only for 16-bit elements"
    LDMATRIX_RESULT_RANK = "ldmatrix: result is a 2-D vector"
    LDMATRIX_REGISTER_WIDTH = "ldmatrix: result rows are 32 bits"
    LDMATRIX_NUM_TILES = "ldmatrix: result rows equal numTiles"
    COPY_SOURCE_UNIT_STRIDE = "device_async_copy: source innermost stride 1"
    COPY_DESTINATION_UNIT_STRIDE = "device_async_copy: destination innermost stride 1"
    COPY_DESTINATION_SHARED_MEMORY = "device_async_copy: destination in shared memory"
    COPY_ELEMENT_TYPE = "device_async_copy: same element type"
    COPY_SOURCE_INDICES = "device_async_copy: one source index per dimension"
    COPY_DESTINATION_INDICES = "device_async_copy: one destination index per dimension"
    COPY_SIZE = "device_async_copy: 4, 8 or 16 bytes"
    COPY_BYPASS_L1 = "device_async_copy: bypassL1 needs 16 bytes"
    ELEMENT_BIT_WIDTH = "element type has a bit width (upstream asserts otherwise)"


class NvgpuVerifierError(InvalidArgumentError):
    """An nvgpu operation breaks a rule of MLIR's verifier. `str()` is MLIR's diagnostic text, exactly.

    `operation` is the op name, `rule` the NvgpuRule broken, `location` where the op (or, for an attribute
    constraint found while parsing, its attribute dictionary) starts in parsed text, else None.
    """

    def __init__(self, message: str, operation: str, rule: NvgpuRule, location: Location | None = None) -> None:
        self.message = message
        self.operation = operation
        self.rule = rule
        self.location = location
        super().__init__(message)


# -- what the ODS definitions (NVGPUOps.td) require -------------------------------------------------------


def _is_i64_array(attr: Attribute) -> bool:
    return isinstance(attr, ArrayAttr) and all(
        isinstance(element, IntegerAttr) and element.type == I64 for element in attr.elements)


def _is_integer_of(type_: ScalarType) -> Callable[[Attribute], bool]:
    return lambda attr: isinstance(attr, IntegerAttr) and attr.type == type_


@dataclass(frozen=True)
class _AttributeSpec:
    """One ODS attribute: its constraint (and summary, which MLIR's message quotes) and whether it is required."""

    name: str
    holds: Callable[[Attribute], bool]
    summary: str
    required: bool


_I64_ARRAY = ("64-bit integer array attribute", _is_i64_array)
_I32 = ("32-bit signless integer attribute", _is_integer_of(I32))
_BOOL = ("bool attribute", _is_integer_of(I1))
_UNIT = ("unit attribute", lambda attr: isinstance(attr, UnitAttr))
_INDEX_ATTR = ("index attribute", _is_integer_of(INDEX))


def _spec(name: str, kind: tuple[str, Callable[[Attribute], bool]], required: bool) -> _AttributeSpec:
    return _AttributeSpec(name, kind[1], kind[0], required)


#: Integer properties and their types: current MLIR prints them inline without a type (`numTiles = 4`).
INLINE_INTEGER_TYPES: dict[tuple[str, str], ScalarType] = {
    (MMA_SP_SYNC, "sparsitySelector"): I32, (LDMATRIX, "numTiles"): I32, (DEVICE_ASYNC_WAIT, "numGroups"): I32,
    (DEVICE_ASYNC_COPY, "dstElements"): INDEX,
}

ATTRIBUTES: dict[str, tuple[_AttributeSpec, ...]] = {
    MMA_SYNC: (_spec("mmaShape", _I64_ARRAY, True), _spec("tf32Enabled", _UNIT, False)),
    MMA_SP_SYNC: (_spec("mmaShape", _I64_ARRAY, True), _spec("sparsitySelector", _I32, False),
                  _spec("tf32Enabled", _UNIT, False)),
    LDMATRIX: (_spec("numTiles", _I32, True), _spec("transpose", _BOOL, True)),
    DEVICE_ASYNC_COPY: (_spec("bypassL1", _UNIT, False), _spec("dstElements", _INDEX_ATTR, True)),
    DEVICE_ASYNC_CREATE_GROUP: (),
    DEVICE_ASYNC_WAIT: (_spec("numGroups", _I32, False),),
}

_VECTOR = "vector of any type values"  # AnyVectorOfNonZeroRank
_MEMREF = "memref of any non-token type values"  # AnyMemRef
_INDEX = "index"
_TOKEN = "device async token type"
_METADATA = "fixed-length vector of 16-bit signless integer values of length 2"


def _is_vector(type_: Type) -> bool:
    return isinstance(type_, VectorType) and len(type_.shape) > 0


def _is_memref(type_: Type) -> bool:
    return isinstance(type_, MemRefType)


def _is_index(type_: Type) -> bool:
    return type_ == INDEX


def _is_token(type_: Type) -> bool:
    return isinstance(type_, DeviceAsyncTokenType)


def _op_error(operation: str, text: str) -> str:
    """emitOpError's prefix."""
    return f"'{operation}' op {text}"


def _fail(message: str, operation: str, rule: NvgpuRule, location: Location | None) -> NvgpuVerifierError:
    return NvgpuVerifierError(message, operation, rule, location)


def check_attribute_constraints(operation: str, attributes: dict[str, Attribute],
                                location: Location | None = None) -> None:
    """Each present inherent attribute satisfies its ODS constraint (MLIR also checks this while parsing)."""
    for spec in sorted(ATTRIBUTES[operation], key=lambda spec: spec.name):
        attr = attributes.get(spec.name)
        if attr is not None and not spec.holds(attr):
            raise _fail(_op_error(operation, f"attribute '{spec.name}' failed to satisfy constraint: "
                                             f"{spec.summary}"), operation, NvgpuRule.ATTRIBUTE_CONSTRAINT, location)


def _check_attributes(operation: str, attributes: dict[str, Attribute], location: Location | None) -> None:
    for spec in sorted(ATTRIBUTES[operation], key=lambda spec: spec.name):
        if spec.required and attributes.get(spec.name) is None:
            raise _fail(_op_error(operation, f"requires attribute '{spec.name}'"), operation,
                        NvgpuRule.REQUIRED_ATTRIBUTE, location)
    check_attribute_constraints(operation, attributes, location)


def _check_values(operation: str, kind: str, groups: Sequence[tuple[Sequence[Type], Callable[[Type], bool], str]],
                  location: Location | None) -> None:
    """ODS operand/result type constraints; values are numbered across all groups (`operand #3`)."""
    index = 0
    for values, holds, summary in groups:
        for type_ in values:
            if not holds(type_):
                rule = NvgpuRule.OPERAND_TYPE if kind == "operand" else NvgpuRule.RESULT_TYPE
                raise _fail(_op_error(operation, f"{kind} #{index} must be {summary}, but got '{type_}'"),
                            operation, rule, location)
            index += 1


def _variadic(summary: str) -> str:
    return f"variadic of {summary}"


# -- arguments: MLIR types, or text, and attributes or plain Python values --------------------------------


def _type_argument(value: object, argument: str, operation: str) -> Type:
    if isinstance(value, Type):
        return value
    if isinstance(value, str):
        return parse_type(value)
    raise InvalidArgumentError(f"{operation}: {argument} must be an MLIR type (VectorType, MemRefType, ...) or "
                               f"its text, got {type(value).__name__}")


def _index_operands(value: object, argument: str, operation: str) -> tuple[Type, ...]:
    """An index operand list: a count (that many `index` values) or the operands' types."""
    if isinstance(value, int) and not isinstance(value, bool):
        if value < 0:
            raise InvalidArgumentError(f"{operation}: {argument} = {value}; a count of index operands is >= 0")
        return (INDEX,) * value
    if isinstance(value, Sequence) and not isinstance(value, str):
        return tuple(_type_argument(item, f"{argument}[{position}]", operation) for position, item in enumerate(value))
    raise InvalidArgumentError(f"{operation}: {argument} must be a count of index operands or their types, "
                               f"got {value!r}")


def _integer_attribute(value: object, type_: ScalarType, argument: str, operation: str) -> Attribute | None:
    if value is None or isinstance(value, Attribute):
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentError(f"{operation}: {argument} must be an int or an MLIR attribute, got {value!r}")
    return IntegerAttr(value, type_)


def _flag_attribute(value: object, argument: str, operation: str) -> Attribute | None:
    """A UnitAttr flag: True/False (present/absent) or the attribute itself."""
    if value is None or isinstance(value, Attribute):
        return value
    if not isinstance(value, bool):
        raise InvalidArgumentError(f"{operation}: {argument} must be a bool or an MLIR attribute, got {value!r}")
    return UnitAttr() if value else None


def _bool_attribute(value: object, argument: str, operation: str) -> Attribute | None:
    if value is None or isinstance(value, Attribute):
        return value
    if not isinstance(value, bool):
        raise InvalidArgumentError(f"{operation}: {argument} must be a bool or an MLIR attribute, got {value!r}")
    return bool_attr(value)


def _shape_attribute(value: object, argument: str, operation: str) -> Attribute | None:
    if value is None or isinstance(value, Attribute):
        return value
    if isinstance(value, Sequence) and not isinstance(value, str) and all(
            isinstance(item, int) and not isinstance(item, bool) for item in value):
        return ArrayAttr(tuple(IntegerAttr(item, I64) for item in value))
    raise InvalidArgumentError(f"{operation}: {argument} must be a sequence of ints (e.g. [16, 8, 16]) or an MLIR "
                               f"attribute, got {value!r}")


def _present(attributes: dict[str, Attribute | None]) -> dict[str, Attribute]:
    return {name: attr for name, attr in attributes.items() if attr is not None}


# -- integer arithmetic as the C++ verifier does it ----------------------------------------------------------


def _c_div(numerator: int, denominator: int) -> int:
    """C++ integer division: truncates toward zero."""
    quotient = abs(numerator) // abs(denominator)
    return quotient if (numerator >= 0) == (denominator >= 0) else -quotient


def _unsigned32(attr: Attribute) -> int:
    """An I32Attr's getter returns uint32_t."""
    assert isinstance(attr, IntegerAttr)
    return attr.value & 0xFFFFFFFF


def _signed64(attr: Attribute) -> int:
    """`getZExtValue()` of a 64-bit APInt stored into an int64_t."""
    assert isinstance(attr, IntegerAttr)
    value = attr.value & 0xFFFFFFFFFFFFFFFF
    return value - (1 << 64) if value >= 1 << 63 else value


def _bit_width(element: ScalarType, operation: str, location: Location | None) -> int:
    """`getIntOrFloatBitWidth()`; index has none: upstream asserts, here it is reported."""
    width = element.bit_width
    if width is None:
        raise _fail(_op_error(operation, f"element type '{element}' has no bit width (upstream MLIR asserts "
                                         f"in getIntOrFloatBitWidth here)"), operation,
                    NvgpuRule.ELEMENT_BIT_WIDTH, location)
    return width


# -- nvgpu.mma.sync and nvgpu.mma.sp.sync ------------------------------------------------------------------------


def verify_mma_sync(matrix_a: Type | str, matrix_b: Type | str, matrix_c: Type | str,
                    mma_shape: Sequence[int] | Attribute | None, tf32_enabled: bool | Attribute | None = False, *,
                    result: Type | str | None = None, location: Location | None = None) -> None:
    """`nvgpu.mma.sync`: A, B, C per-lane fragment types, mmaShape [m, n, k], tf32Enabled; result defaults to C."""
    op = MMA_SYNC
    attributes = _present({"mmaShape": _shape_attribute(mma_shape, "mma_shape", op),
                           "tf32Enabled": _flag_attribute(tf32_enabled, "tf32_enabled", op)})
    operands = [_type_argument(value, name, op)
                for value, name in ((matrix_a, "matrix_a"), (matrix_b, "matrix_b"), (matrix_c, "matrix_c"))]
    result_type = operands[2] if result is None else _type_argument(result, "result", op)
    _check_attributes(op, attributes, location)
    _check_values(op, "operand", [(operands, _is_vector, _VECTOR)], location)
    _check_values(op, "result", [([result_type], _is_vector, _VECTOR)], location)
    _check_same_element_type(op, operands[0], operands[1], location)
    _check_mma_shape_length(op, attributes["mmaShape"], location)
    _verify_mma(op, operands, attributes, sparse=False, location=location)


def verify_mma_sp_sync(matrix_a: Type | str, matrix_b: Type | str, matrix_c: Type | str,
                       mma_shape: Sequence[int] | Attribute | None, sparsity_selector: int | Attribute | None = 0,
                       tf32_enabled: bool | Attribute | None = False, *,
                       sparse_metadata: Type | str = SPARSE_METADATA_TYPE, result: Type | str | None = None,
                       location: Location | None = None, ptx_selectors: bool = False) -> None:
    """`nvgpu.mma.sp.sync`: as mma.sync with a 2:4-sparse A, plus the metadata operand and the selector.

    `ptx_selectors` widens the one rule the Python op relaxes: PTX mma.sp defines selectors 2 and 3 for
    m16n8k16 (f16, bf16) and m16n8k8 (tf32), which MLIR's dialect does not let through (docs/nvgpu-verifier.md).
    """
    op = MMA_SP_SYNC
    attributes = _present({"mmaShape": _shape_attribute(mma_shape, "mma_shape", op),
                           "sparsitySelector": _integer_attribute(sparsity_selector, I32, "sparsity_selector", op),
                           "tf32Enabled": _flag_attribute(tf32_enabled, "tf32_enabled", op)})
    operands = [_type_argument(value, name, op)
                for value, name in ((matrix_a, "matrix_a"), (matrix_b, "matrix_b"), (matrix_c, "matrix_c"))]
    metadata = _type_argument(sparse_metadata, "sparse_metadata", op)
    result_type = operands[2] if result is None else _type_argument(result, "result", op)
    _check_attributes(op, attributes, location)
    _check_values(op, "operand", [(operands, _is_vector, _VECTOR),
                                  ([metadata], lambda type_: type_ == SPARSE_METADATA_TYPE, _METADATA)], location)
    _check_values(op, "result", [([result_type], _is_vector, _VECTOR)], location)
    _check_same_element_type(op, operands[0], operands[1], location)
    selector = attributes.get("sparsitySelector", IntegerAttr(0, I32))  # DefaultValuedAttr<I32Attr, "0">
    if _unsigned32(selector) > (PTX_LARGEST_SELECTOR if ptx_selectors else 1):
        widened = " (PTX mma.sp also defines 2 and 3, which the Python op takes)" if ptx_selectors else ""
        raise _fail(_op_error(op, f"sparsity selector should be 0 or 1{widened}"), op, NvgpuRule.SPARSITY_SELECTOR,
                    location)
    _check_mma_shape_length(op, attributes["mmaShape"], location)
    _verify_mma(op, operands, attributes, sparse=True, location=location)


def _check_same_element_type(op: str, matrix_a: Type, matrix_b: Type, location: Location | None) -> None:
    """PredOpTrait TCopVTEtIsSameAs<0, 1>."""
    assert isinstance(matrix_a, VectorType) and isinstance(matrix_b, VectorType)
    if matrix_a.element != matrix_b.element:
        raise _fail(_op_error(op, "failed to verify that matrixA and matrixB have same element type"), op,
                    NvgpuRule.SAME_ELEMENT_TYPE, location)


def _check_mma_shape_length(op: str, mma_shape: Attribute, location: Location | None) -> None:
    assert isinstance(mma_shape, ArrayAttr)
    if len(mma_shape.elements) != 3:
        raise _fail(_op_error(op, "mmaShape must have exactly 3 elements"), op, NvgpuRule.MMA_SHAPE_LENGTH, location)


@dataclass(frozen=True)
class _FundamentalTile:
    """The 8x8 tensor-core tile for A's element type: K per tile, elements per lane of A and B per tile."""

    shape_k: int
    elements_a: int
    elements_b: int
    shape_m: int = 8
    shape_n: int = 8
    elements_c: int = 2


def _fundamental_tile(op: str, element: ScalarType, sparse: bool, location: Location | None) -> _FundamentalTile:
    """8-by-8-by-128b for f32 (tf32), bf16, f16, i8, i4; 8-by-8-by-256b (K = 4) for f64."""
    if sparse and element.name == "f64":
        raise _fail("f64 is not supported for sparse mode", op, NvgpuRule.SPARSE_F64, location)
    if element.name == "f64":
        return _FundamentalTile(shape_k=4, elements_a=1, elements_b=1)
    if element.name in ("f32", "bf16", "f16") or element.is_integer(8) or element.is_integer(4):
        width = element.bit_width
        assert width is not None
        return _FundamentalTile(shape_k=128 // width, elements_a=32 // width, elements_b=32 // width)
    raise _fail(f"expected input data type (i4,i8,f16,bf16,tf32,f64) supported by {op}", op,
                NvgpuRule.MMA_DATA_TYPE, location)


def _verify_mma(op: str, operands: list[Type], attributes: dict[str, Attribute], sparse: bool,
                location: Location | None) -> None:
    """NVGPUDialect.cpp verifyMmaSyncOp, shared by mma.sync and mma.sp.sync (sparse: A holds half of K)."""
    matrix_a, matrix_b, matrix_c = operands
    assert isinstance(matrix_a, VectorType) and isinstance(matrix_b, VectorType) and isinstance(matrix_c, VectorType)
    tile = _fundamental_tile(op, matrix_a.element, sparse, location)
    for name, vector in (("matrixA", matrix_a), ("matrixB", matrix_b), ("matrixC", matrix_c)):
        if len(vector.shape) != 2:
            raise _fail(f"{name} must be 2 dimensional vector", op, NvgpuRule.MMA_OPERAND_RANK, location)
    mma_shape = attributes["mmaShape"]
    assert isinstance(mma_shape, ArrayAttr)
    m, n, k = (_signed64(element) for element in mma_shape.elements)
    sparse_factor = 2 if sparse else 1
    a_rows, a_columns = matrix_a.shape
    b_rows, b_columns = matrix_b.shape
    c_rows, c_columns = matrix_c.shape
    warp_counts = (("A", a_rows * a_columns, _c_div(m * k, sparse_factor), m * k),
                   ("B", b_rows * b_columns, k * n, k * n),
                   ("C", c_rows * c_columns, m * n, m * n))
    for name, per_lane, expected, printed in warp_counts:
        if per_lane * WARP_SIZE != expected:
            raise _fail(_op_error(op, f"expected {printed} warp-wide matrix {name} elements"), op,
                        NvgpuRule.MMA_WARP_ELEMENTS, location)
    if "tf32Enabled" in attributes and matrix_a.element.name != "f32":
        raise _fail(_op_error(op, "expected tf32 tensor cores only for F32 operands"), op,
                    NvgpuRule.MMA_TF32_ONLY_F32, location)
    m_tiles, n_tiles, k_tiles = _c_div(m, tile.shape_m), _c_div(n, tile.shape_n), _c_div(k, tile.shape_k)
    fragments = (("A", (a_rows, a_columns), _c_div(m_tiles * k_tiles, sparse_factor), m_tiles * k_tiles,
                  tile.elements_a),
                 ("B", (b_rows, b_columns), k_tiles * n_tiles, k_tiles * n_tiles, tile.elements_b),
                 ("C", (c_rows, c_columns), m_tiles * n_tiles, m_tiles * n_tiles, tile.elements_c))
    for name, (rows, columns), expected_rows, printed_rows, per_register in fragments:
        if rows != expected_rows or columns != per_register:
            raise _fail(_op_error(op, f"expected matrix {name} to be shaped ({printed_rows} x {per_register})"), op,
                        NvgpuRule.MMA_FRAGMENT_SHAPE, location)


# -- nvgpu.ldmatrix --------------------------------------------------------------------------------------------


def verify_ldmatrix(src_memref: Type | str, result: Type | str, transpose: bool | Attribute | None,
                    num_tiles: int | Attribute | None, *, indices: int | Sequence[Type | str] | None = None,
                    location: Location | None = None) -> None:
    """`nvgpu.ldmatrix`: source memref, result vector, transpose, numTiles; indices: a count or their types.

    MLIR does not check the number of indices against the memref's rank for ldmatrix, so neither does this.
    """
    op = LDMATRIX
    attributes = _present({"transpose": _bool_attribute(transpose, "transpose", op),
                           "numTiles": _integer_attribute(num_tiles, I32, "num_tiles", op)})
    source = _type_argument(src_memref, "src_memref", op)
    index_types = () if indices is None else _index_operands(indices, "indices", op)
    result_type = _type_argument(result, "result", op)
    _check_attributes(op, attributes, location)
    _check_values(op, "operand", [([source], _is_memref, _MEMREF), (index_types, _is_index, _variadic(_INDEX))],
                  location)
    _check_values(op, "result", [([result_type], _is_vector, _VECTOR)], location)
    assert isinstance(source, MemRefType) and isinstance(result_type, VectorType)
    if result_type.element != source.element:  # PredOpTrait TCresVTEtIsSameAsOp<0, 0>
        raise _fail(_op_error(op, "failed to verify that srcMemref and res have same element type"), op,
                    NvgpuRule.SAME_ELEMENT_TYPE, location)
    width = _bit_width(result_type.element, op, location)
    elements_per_32b = 32 // width
    tiles = _unsigned32(attributes["numTiles"])
    is_transpose = bool(_signed64(attributes["transpose"]))
    if not is_shared_memory_space(source.memory_space):
        raise _fail(f"expected nvgpu.ldmatrix srcMemref must have a memory space attribute of "
                    f"IntegerAttr({SHARED_MEMORY_ADDRESS_SPACE}) or gpu::AddressSpaceAttr(Workgroup)", op,
                    NvgpuRule.LDMATRIX_SHARED_MEMORY, location)
    if width > 32:
        raise _fail("nvgpu.ldmatrix works for 32b or lower", op, NvgpuRule.LDMATRIX_ELEMENT_WIDTH, location)
    if is_transpose and width != 16:
        raise _fail("nvgpu.ldmatrix transpose works only at 16b granularity", op,
                    NvgpuRule.LDMATRIX_TRANSPOSE_16B, location)
    if len(result_type.shape) != 2:
        raise _fail("results must be 2 dimensional vector", op, NvgpuRule.LDMATRIX_RESULT_RANK, location)
    if result_type.shape[1] != elements_per_32b:
        raise _fail(f"expected vector register shape[1] = {elements_per_32b}", op,
                    NvgpuRule.LDMATRIX_REGISTER_WIDTH, location)
    if result_type.shape[0] != tiles:
        raise _fail("expected vector register shape[0] and numTiles to match", op, NvgpuRule.LDMATRIX_NUM_TILES,
                    location)


# -- nvgpu.device_async_copy, create_group, wait ------------------------------------------------------------------


def verify_device_async_copy(dst: Type | str, dst_indices: int | Sequence[Type | str], src: Type | str,
                             src_indices: int | Sequence[Type | str], dst_elements: int | Attribute | None,
                             src_elements: Type | str | None = None, bypass_l1: bool | Attribute | None = False, *,
                             location: Location | None = None) -> None:
    """`nvgpu.device_async_copy` (ODS operand order: dst first); src_elements is the operand's type (index) or None.

    dst_indices / src_indices: how many index operands are given (or their types).
    """
    op = DEVICE_ASYNC_COPY
    attributes = _present({"dstElements": _integer_attribute(dst_elements, INDEX, "dst_elements", op),
                           "bypassL1": _flag_attribute(bypass_l1, "bypass_l1", op)})
    destination = _type_argument(dst, "dst", op)
    source = _type_argument(src, "src", op)
    destination_indices = _index_operands(dst_indices, "dst_indices", op)
    source_indices = _index_operands(src_indices, "src_indices", op)
    source_elements = () if src_elements is None else (_type_argument(src_elements, "src_elements", op),)
    _check_attributes(op, attributes, location)
    _check_values(op, "operand", [([destination], _is_memref, _MEMREF),
                                  (destination_indices, _is_index, _variadic(_INDEX)),
                                  ([source], _is_memref, _MEMREF),
                                  (source_indices, _is_index, _variadic(_INDEX)),
                                  (source_elements, _is_index, _INDEX)], location)
    assert isinstance(destination, MemRefType) and isinstance(source, MemRefType)
    if not source.last_dim_has_unit_stride():
        raise _fail("source memref most minor dim must have unit stride", op, NvgpuRule.COPY_SOURCE_UNIT_STRIDE,
                    location)
    if not destination.last_dim_has_unit_stride():
        raise _fail("destination memref most minor dim must have unit stride", op,
                    NvgpuRule.COPY_DESTINATION_UNIT_STRIDE, location)
    if not is_shared_memory_space(destination.memory_space):
        raise _fail(f"destination memref must have a memory space attribute of "
                    f"IntegerAttr({SHARED_MEMORY_ADDRESS_SPACE}) or gpu::AddressSpaceAttr(Workgroup)", op,
                    NvgpuRule.COPY_DESTINATION_SHARED_MEMORY, location)
    if destination.element != source.element:
        raise _fail("source and destination must have the same element type", op, NvgpuRule.COPY_ELEMENT_TYPE,
                    location)
    if source.rank != len(source_indices):
        raise _fail(_op_error(op, f"expected {source.rank} source indices, got {len(source_indices)}"), op,
                    NvgpuRule.COPY_SOURCE_INDICES, location)
    if destination.rank != len(destination_indices):
        raise _fail(_op_error(op, f"expected {destination.rank} destination indices, got "
                                  f"{len(destination_indices)}"), op, NvgpuRule.COPY_DESTINATION_INDICES, location)
    elements = _signed64(attributes["dstElements"])
    width = _bit_width(destination.element, op, location)
    size_in_bytes = _c_div(width * elements, 8)
    if size_in_bytes not in (4, 8, 16):
        choices = ""
        if 32 // width > 0:
            choices += f"{32 // width}, "
        if 64 // width > 0:
            choices += f"{64 // width}, "
        if 128 // width > 0:
            choices += f"{128 // width}."
        raise _fail(f"Requested copy elements is {elements} with width {width}. But copy elements could be one of "
                    f"{choices}", op, NvgpuRule.COPY_SIZE, location)
    if "bypassL1" in attributes and size_in_bytes != 16:
        raise _fail(_op_error(op, f"bypassL1 does not satify alignment for '{destination}' with destination element "
                                  f"{elements}. Unset bypassL1, or set destination element to {_c_div(128, width)}"),
                    op, NvgpuRule.COPY_BYPASS_L1, location)


def verify_device_async_create_group(input_tokens: Sequence[Type | str] = (), *,
                                     location: Location | None = None) -> None:
    """`nvgpu.device_async_create_group`: only ODS checks (every input is a device async token); no verify()."""
    op = DEVICE_ASYNC_CREATE_GROUP
    if isinstance(input_tokens, str) or not isinstance(input_tokens, Sequence):
        raise InvalidArgumentError(f"{op}: input_tokens must be a sequence of types, got {input_tokens!r}")
    tokens = [_type_argument(token, f"input_tokens[{position}]", op) for position, token in enumerate(input_tokens)]
    _check_values(op, "operand", [(tokens, _is_token, _variadic(_TOKEN))], location)


def verify_device_async_wait(async_dependency: Type | str | None = DEVICE_ASYNC_TOKEN,
                             num_groups: int | Attribute | None = None, *, location: Location | None = None) -> None:
    """`nvgpu.device_async_wait`: only ODS checks (the operand is a token, numGroups an i32); no verify().

    async_dependency None stands for the form without a token (see docs/nvgpu-verifier.md).
    """
    op = DEVICE_ASYNC_WAIT
    attributes = _present({"numGroups": _integer_attribute(num_groups, I32, "num_groups", op)})
    dependencies = () if async_dependency is None else (_type_argument(async_dependency, "async_dependency", op),)
    _check_attributes(op, attributes, location)
    _check_values(op, "operand", [(dependencies, _is_token, _TOKEN)], location)
