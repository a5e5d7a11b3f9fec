"""What a device answers to the SM 6.10 linear-algebra queries: the profile's `linalg_support` section.

D3D12 features 77 (`D3D12_FEATURE_LINEAR_ALGEBRA_SUPPORT`) and 78 (the per-operation query) ask a
driver which types, shapes and thread-group sizes its matrix hardware takes (DirectX-Specs
`d3d/D3D12LinearAlgebraRuntimeFeatureSupport.md`, "RT" below). This section is those answers as data;
`d3d12api` turns them into the D3D12 structs and the pipeline check of "Runtime Validation" reads them.
Types are held as `ComponentType` members and written in JSON by the 6.10 SDK names (`SINT8`,
`FLOAT8_E4M3FN`, ...): a name means the same type in every numbering, so no number crosses a layer here.

Each consistency rule is a named check (`LinalgRule`); a profile that breaks one does not load.
The Tier 1 requirements are not a load rule: a profile may describe a device that misses them, and
`dxlinalg conformance` is what reports it.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import Annotated

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    StrictBool,
    StrictInt,
    model_validator,
)
from pydantic_core import PydanticCustomError

from dxlinalg.numerics.component_types import ComponentType, type_info

STRICT_FROZEN = ConfigDict(extra="forbid", frozen=True)

#: The D3D12_LINEAR_ALGEBRA_DATATYPE names of the 6.10 SDK (DirectX-Headers preview 1.721.1), as types.
LINALG_TYPE_NAMES: dict[str, ComponentType] = {
    "SINT16": ComponentType.I16,
    "UINT16": ComponentType.U16,
    "SINT32": ComponentType.I32,
    "UINT32": ComponentType.U32,
    "FLOAT16": ComponentType.F16,
    "FLOAT32": ComponentType.F32,
    "SINT8": ComponentType.I8,
    "UINT8": ComponentType.U8,
    "FLOAT8_E4M3FN": ComponentType.F8_E4M3,
    "FLOAT8_E5M2": ComponentType.F8_E5M2,
}
LINALG_TYPES: frozenset[ComponentType] = frozenset(LINALG_TYPE_NAMES.values())
_NAME_OF: dict[ComponentType, str] = {t: n for n, t in LINALG_TYPE_NAMES.items()}
#: Older spellings of the same types, accepted on input (the 6.9 seed's names).
_ALIASES = {"E4M3": ComponentType.F8_E4M3, "E5M2": ComponentType.F8_E5M2, "FLOAT_E4M3": ComponentType.F8_E4M3,
            "FLOAT_E5M2": ComponentType.F8_E5M2}
TYPE_PREFIX = "D3D12_LINEAR_ALGEBRA_DATATYPE_"
NO_BIAS = "NONE"
#: RT "Wave-Scope Matrix Dimensions": a native shape of a type of 16 bits or more has no dimension over 16;
#: for smaller types the largest dimension times the type's bits is at most 256 (32x16x16 for 8-bit).
WAVE_SHAPE_BITS = 256
WAVE_SHAPE_MAX_DIMENSION = 16


class LinalgTier(IntEnum):
    """D3D12_LINEAR_ALGEBRA_TIER (preview idl and DXC's copy; RT's text writes TIER_1 = 1)."""

    NOT_SUPPORTED = 0x00
    TIER_1_0 = 0x10


class LinalgRule(StrEnum):
    """The consistency rules of a `linalg_support` section; a broken one names itself in the message."""

    NOT_SUPPORTED_REPORTS_NOTHING = "linalg tier NOT_SUPPORTED reports no operation"
    UNIQUE_ENTRY = "linalg entry listed once"
    SHAPE_RULE = "linalg wave shape size rule"
    GROUP_SIZES = "linalg thread-group sizes"
    EMULATED_INPUTS_FP8 = "linalg EMULATED_INPUTS only with an FP8 matrix"
    OUTER_PRODUCT_STORABLE = "linalg outer-product result accumulate-storable"
    MULTIPLY_OPERANDS_CONSTRUCTIBLE = "linalg multiply operands constructible"


def linalg_type_name(component_type: ComponentType | None) -> str:
    """The 6.10 SDK short name of a type (`NONE` for no bias)."""
    return NO_BIAS if component_type is None else _NAME_OF.get(component_type, component_type.name)


def _rule_broken(rule: str, text: str) -> PydanticCustomError:
    return PydanticCustomError("profile_rule", "{text} ({rule})", {"text": text, "rule": rule})


def parse_linalg_type(value: object, *, bias: bool = False) -> ComponentType | None:
    """A 6.10 linear-algebra type written by name (or a ComponentType from Python code); `NONE` only for a bias."""
    if isinstance(value, ComponentType):
        name = _NAME_OF.get(value)
        if name is None:
            raise _rule_broken("linalg type", f"{value.name} is not a 6.10 linear-algebra type; valid: "
                                              f"{', '.join(LINALG_TYPE_NAMES)}")
        return value
    if not isinstance(value, str):
        raise _rule_broken("linalg type", f"a type is written as a name such as \"SINT8\", not {value!r}")
    key = value.strip().upper().removeprefix(TYPE_PREFIX)
    if bias and key == NO_BIAS:
        return None
    found = LINALG_TYPE_NAMES.get(key) or _ALIASES.get(key)
    if found is None:
        valid = ", ".join(([NO_BIAS] if bias else []) + list(LINALG_TYPE_NAMES))
        raise _rule_broken("linalg type", f"{value!r} is not a D3D12_LINEAR_ALGEBRA_DATATYPE name; valid: {valid}")
    return found


LinalgTypeName = Annotated[ComponentType, BeforeValidator(parse_linalg_type),
                           PlainSerializer(linalg_type_name, return_type=str)]
BiasTypeName = Annotated[ComponentType | None, BeforeValidator(lambda v: parse_linalg_type(v, bias=True)),
                         PlainSerializer(linalg_type_name, return_type=str)]
Dimension = Annotated[StrictInt, Field(ge=1, le=1 << 16)]
#: A multiply shape in D3D12_LINEAR_ALGEBRA_MATRIX_MULTIPLY_SHAPE's order: [M, K, N].
Shape = tuple[Dimension, Dimension, Dimension]


def shape_text(shape: tuple[int, int, int]) -> str:
    return "x".join(str(d) for d in shape)


def is_multiple_of(shape: tuple[int, int, int], tile: tuple[int, int, int]) -> bool:
    """RT: "Valid application matrix shapes are allowed to use an integer multiple of one of these"."""
    return all(d > 0 and d % t == 0 for d, t in zip(shape, tile))


class MatrixConstructionEntry(BaseModel):
    """A type whose Wave/ThreadGroup matrices the driver can lay out (RT MATRIX_CONSTRUCTION_SUPPORT)."""

    model_config = STRICT_FROZEN
    component_type: LinalgTypeName = Field(description="ComponentType: the element type.")
    min_m: Dimension = Field(description="MinM: the smallest M of an A (MxK) or accumulator (MxN) matrix.")
    min_k: Dimension = Field(description="MinK: the smallest K of an A (MxK) or B (KxN) matrix.")
    min_n: Dimension = Field(description="MinN: the smallest N of a B (KxN) or accumulator (MxN) matrix.")

    def key(self) -> ComponentType:
        return self.component_type


class WaveMultiplyEntry(BaseModel):
    """A wave-scope A x B -> accumulator combination and its native shapes (RT WAVE_MATRIX_MULTIPLY_SUPPORT)."""

    model_config = STRICT_FROZEN
    a_type: LinalgTypeName = Field(description="MatrixAComponentType.")
    b_type: LinalgTypeName = Field(description="MatrixBComponentType.")
    accumulator_type: LinalgTypeName = Field(description="AccumulatorComponentType.")
    shapes: list[Shape] = Field(min_length=1, description="The native shapes [M, K, N], in the order the query "
                                                          "lists them; an application shape is a multiple of one.")
    emulated_outputs: StrictBool = Field(False, description="EMULATED_OUTPUTS: accumulation may use another "
                                                            "internal precision, rounded at the end.")

    def key(self) -> tuple[ComponentType, ComponentType, ComponentType]:
        return (self.a_type, self.b_type, self.accumulator_type)


class ThreadGroupMultiplyEntry(BaseModel):
    """A thread-group-scope combination (RT THREADGROUP_MATRIX_MULTIPLY_SUPPORT): the shapes it takes are the
    multiples of `shape_granularity`, each with the same thread-group sizes."""

    model_config = STRICT_FROZEN
    a_type: LinalgTypeName = Field(description="WaveInputs.MatrixAComponentType.")
    b_type: LinalgTypeName = Field(description="WaveInputs.MatrixBComponentType.")
    accumulator_type: LinalgTypeName = Field(description="WaveInputs.AccumulatorComponentType.")
    shape_granularity: Shape = Field(description="[M, K, N]: a queried Shape is supported when each dimension is a "
                                                 "multiple of this.")
    min_thread_group_size: Dimension = Field(description="MinThreadGroupSize: valid sizes are its multiples.")
    max_thread_group_size: Dimension = Field(description="MaxThreadGroupSize: the largest valid size.")
    preferred_thread_group_size: StrictInt = Field(
        0, ge=0, description="PreferredThreadGroupSize: 0 (no preference) or a valid size.")
    emulated_outputs: StrictBool = Field(False, description="EMULATED_OUTPUTS, as for wave multiplies.")

    def key(self) -> tuple[ComponentType, ComponentType, ComponentType, tuple[int, int, int]]:
        return (self.a_type, self.b_type, self.accumulator_type, self.shape_granularity)


class VectorMultiplyEntry(BaseModel):
    """A thread-scope vector x matrix combination (RT THREAD_VECTOR_MATRIX_MULTIPLY_SUPPORT)."""

    model_config = STRICT_FROZEN
    vector_type: LinalgTypeName = Field(description="VectorInputType: the (interpreted) input vector type.")
    matrix_type: LinalgTypeName = Field(description="MatrixInputType.")
    result_type: LinalgTypeName = Field(description="VectorResultType.")
    bias_types: list[BiasTypeName] = Field(
        min_length=1, description="The BiasInputType values answered as supported (`NONE`: no bias).")
    emulated_inputs: StrictBool = Field(False, description="EMULATED_INPUTS (FP8 matrices only): the matrix must "
                                                           "be loaded from MulOptimal.")
    emulated_outputs: StrictBool = Field(False, description="EMULATED_OUTPUTS.")
    transpose: StrictBool = Field(False, description="TRANSPOSE: transposed loads work.")

    def key(self) -> tuple[ComponentType, ComponentType, ComponentType]:
        return (self.vector_type, self.matrix_type, self.result_type)


class OuterProductEntry(BaseModel):
    """A thread-scope outer product combination (RT THREAD_OUTER_PRODUCT_SUPPORT)."""

    model_config = STRICT_FROZEN
    input_type: LinalgTypeName = Field(description="InputComponentType: both vectors' type.")
    result_type: LinalgTypeName = Field(description="ResultComponentType: the accumulator matrix's type.")

    def key(self) -> tuple[ComponentType, ComponentType]:
        return (self.input_type, self.result_type)


class AccumulateStoreEntry(BaseModel):
    """Where atomic accumulation of one type works (RT ATOMIC_ACCUMULATE_STORE_SUPPORT)."""

    model_config = STRICT_FROZEN
    component_type: LinalgTypeName = Field(description="ComponentType: the matrix or vector element type.")
    rw_byte_address_buffer: StrictBool = Field(description="RWByteAddressBufferSupported.")
    groupshared: StrictBool = Field(description="GroupSharedSupported.")

    def key(self) -> ComponentType:
        return self.component_type


class LinalgSupport(BaseModel):
    """The answers to D3D12 features 77 and 78; lists are searched in order, the first match answers."""

    model_config = ConfigDict(extra="forbid")
    tier: Annotated[LinalgTier, PlainSerializer(lambda t: t.name, return_type=str)] = Field(
        description="D3D12_LINEAR_ALGEBRA_TIER: `NOT_SUPPORTED` or `TIER_1_0`.")
    matrix_construction: list[MatrixConstructionEntry] = Field(
        [], description="Types with Wave/ThreadGroup matrix construction (Load/Store/Get/Set/Splat/Cast).")
    wave_multiply: list[WaveMultiplyEntry] = Field([], description="Wave-scope multiply combinations.")
    threadgroup_multiply: list[ThreadGroupMultiplyEntry] = Field(
        [], description="Thread-group-scope multiply combinations.")
    vector_multiply: list[VectorMultiplyEntry] = Field([], description="Thread-scope vector x matrix combinations.")
    outer_product: list[OuterProductEntry] = Field([], description="Thread-scope outer product combinations.")
    accumulate_store: list[AccumulateStoreEntry] = Field([], description="Atomic accumulate-store types.")

    @model_validator(mode="before")
    @classmethod
    def _tier_by_name(cls, data: object) -> object:
        if isinstance(data, dict) and isinstance(data.get("tier"), str):
            key = data["tier"].strip().upper().removeprefix("D3D12_LINEAR_ALGEBRA_TIER_")
            if key not in LinalgTier.__members__:
                raise _rule_broken("linalg tier", f"{data['tier']!r} is not a D3D12_LINEAR_ALGEBRA_TIER; valid: "
                                                  f"{', '.join(LinalgTier.__members__)}")
            data = {**data, "tier": LinalgTier[key]}
        return data

    @model_validator(mode="after")
    def _consistent(self) -> LinalgSupport:
        problem = consistency_problem(self)
        if problem:
            rule, text = problem
            raise _rule_broken(rule, text)
        return self

    def operation_lists(self) -> dict[str, list[BaseModel]]:
        return {"matrix_construction": list(self.matrix_construction), "wave_multiply": list(self.wave_multiply),
                "threadgroup_multiply": list(self.threadgroup_multiply),
                "vector_multiply": list(self.vector_multiply), "outer_product": list(self.outer_product),
                "accumulate_store": list(self.accumulate_store)}


def wave_shape_within_rule(shape: tuple[int, int, int], a_type: ComponentType) -> bool:
    """RT "Wave-Scope Matrix Dimensions": the size a Tier 1 shape must stay within."""
    bits = type_info(a_type).bits
    largest = max(shape)
    return largest <= WAVE_SHAPE_MAX_DIMENSION if bits >= 16 else largest * bits <= WAVE_SHAPE_BITS


def consistency_problem(support: LinalgSupport) -> tuple[str, str] | None:
    """(rule, message) of the first rule the section breaks, or None."""
    lists = support.operation_lists()
    if support.tier == LinalgTier.NOT_SUPPORTED:
        filled = [name for name, rows in lists.items() if rows]
        if filled:
            return (LinalgRule.NOT_SUPPORTED_REPORTS_NOTHING,
                    f"tier NOT_SUPPORTED but {', '.join(filled)} list operations (RT: the device supports no "
                    f"linear algebra)")
    for name, rows in lists.items():
        seen: dict[object, int] = {}
        for index, row in enumerate(rows):
            key = row.key()  # type: ignore[attr-defined]
            if key in seen:
                return (LinalgRule.UNIQUE_ENTRY, f"{name}[{index}] repeats {name}[{seen[key]}]; a query has one answer")
            seen[key] = index
    for index, entry in enumerate(support.wave_multiply):
        if not any(wave_shape_within_rule(tuple(s), entry.a_type) for s in entry.shapes):
            limit = (f"no dimension over {WAVE_SHAPE_MAX_DIMENSION}" if type_info(entry.a_type).bits >= 16
                     else f"largest dimension x {type_info(entry.a_type).bits} bits <= {WAVE_SHAPE_BITS}")
            return (LinalgRule.SHAPE_RULE,
                    f"wave_multiply[{index}] ({_combination(entry.key())}) lists "
                    f"{', '.join(shape_text(s) for s in entry.shapes)}, none with {limit} (RT Wave-Scope Matrix "
                    f"Dimensions: larger tiles only alongside one that meets this)")
    for index, group in enumerate(support.threadgroup_multiply):
        low, high, preferred = group.min_thread_group_size, group.max_thread_group_size, \
            group.preferred_thread_group_size
        if high < low or high % low or (preferred and (not low <= preferred <= high or preferred % low)):
            return (LinalgRule.GROUP_SIZES,
                    f"threadgroup_multiply[{index}]: min {low}, max {high}, preferred {preferred}; max must be a "
                    f"multiple of min and preferred 0 or a multiple of min within [min, max] (RT: valid sizes are "
                    f"multiples of the minimum up to the maximum)")
    for index, vector in enumerate(support.vector_multiply):
        if vector.emulated_inputs and not type_info(vector.matrix_type).is_fp8:
            return (LinalgRule.EMULATED_INPUTS_FP8,
                    f"vector_multiply[{index}] sets emulated_inputs with matrix_type "
                    f"{linalg_type_name(vector.matrix_type)} (RT: EMULATED_INPUTS only when MatrixInputType is "
                    f"FLOAT8_E4M3 or FLOAT8_E5M2)")
    storable = {row.component_type for row in support.accumulate_store
                if row.rw_byte_address_buffer or row.groupshared}
    for index, outer in enumerate(support.outer_product):
        if outer.result_type not in storable:
            return (LinalgRule.OUTER_PRODUCT_STORABLE,
                    f"outer_product[{index}] results in {linalg_type_name(outer.result_type)}, which accumulate_store "
                    f"does not list (RT: output formats from outer product must be supported for accumulate-store)")
    constructible = {row.component_type for row in support.matrix_construction}
    for name in ("wave_multiply", "threadgroup_multiply"):
        for index, entry in enumerate(getattr(support, name)):
            missing = [t for t in (entry.a_type, entry.b_type, entry.accumulator_type) if t not in constructible]
            if missing:
                return (LinalgRule.MULTIPLY_OPERANDS_CONSTRUCTIBLE,
                        f"{name}[{index}] multiplies {_combination(entry.key()[:3])} but matrix_construction lacks "
                        f"{', '.join(linalg_type_name(t) for t in missing)} (a multiply's operands are matrices "
                        f"the driver must be able to load, store and fill)")
    return None


def _combination(types: tuple) -> str:
    names = [linalg_type_name(t) for t in types]
    return f"{' x '.join(names[:-1])} -> {names[-1]}"


# --- the answers, as the queries ask them --------------------------------------------------------------

def construction_answer(support: LinalgSupport, component_type: ComponentType) -> tuple[int, int, int]:
    """(MinM, MinK, MinN); all 0 when the type is not supported."""
    for row in support.matrix_construction:
        if row.component_type == component_type:
            return (row.min_m, row.min_k, row.min_n)
    return (0, 0, 0)


def wave_multiply_entry(support: LinalgSupport, a: ComponentType, b: ComponentType,
                        accumulator: ComponentType) -> WaveMultiplyEntry | None:
    return next((row for row in support.wave_multiply if row.key() == (a, b, accumulator)), None)


def threadgroup_multiply_entry(support: LinalgSupport, a: ComponentType, b: ComponentType, accumulator: ComponentType,
                               shape: tuple[int, int, int]) -> ThreadGroupMultiplyEntry | None:
    return next((row for row in support.threadgroup_multiply
                 if row.key()[:3] == (a, b, accumulator) and is_multiple_of(shape, row.shape_granularity)), None)


def vector_multiply_entry(support: LinalgSupport, vector: ComponentType, matrix: ComponentType,
                          bias: ComponentType | None, result: ComponentType) -> VectorMultiplyEntry | None:
    return next((row for row in support.vector_multiply
                 if row.key() == (vector, matrix, result) and bias in row.bias_types), None)


def outer_product_supported(support: LinalgSupport, input_type: ComponentType, result: ComponentType) -> bool:
    return any(row.key() == (input_type, result) for row in support.outer_product)


def accumulate_store_answer(support: LinalgSupport, component_type: ComponentType) -> tuple[bool, bool]:
    """(RWByteAddressBufferSupported, GroupSharedSupported)."""
    for row in support.accumulate_store:
        if row.component_type == component_type:
            return (row.rw_byte_address_buffer, row.groupshared)
    return (False, False)


NOT_SUPPORTED = LinalgSupport(tier=LinalgTier.NOT_SUPPORTED)
