"""The executor-level rules of SPV_NV_cooperative_vector: where cooperative vectors may appear.

The six instructions check their own operands (`coopvec_rules`, `ops.cooperative_vector`). These
are the rules about everything else, each a named check whose message cites it:
- `check_instruction_allowed`: only the instructions the extension lists take cooperative
  vectors (arithmetic, GLSL.std.450, bit, conversion and composite ones, plus what moves any value:
  loads, stores, variables, access chains, OpSelect, OpPhi, calls); never OpVectorShuffle.
- `check_element_wise_operands`: an element-wise instruction on cooperative vectors takes and
  gives cooperative vectors with one component count (binary arithmetic: of one type; OpBitcast:
  of one component width; OpVectorTimesScalar: and a scalar).
- `check_constituents`: a cooperative vector is built from scalars of its component type.
- `check_select_condition`: OpSelect between cooperative vectors takes a scalar condition.
- `check_storage_class`: cooperative vectors (and types holding them) live only in Function and
  Private variables.
- `check_capabilities`: the CooperativeVectorNV capability requires VulkanMemoryModel.
All raise SpirvValidationError: a module breaking them is invalid SPIR-V.
"""

from __future__ import annotations

from dxlinalg.spirv.compiler import (
    INSTRUCTION_CHECKS,
    PROGRAM_CHECKS,
    InstructionContext,
    ProgramInfo,
)
from dxlinalg.spirv.coopvec_type import (
    EXTENSION,
    CooperativeVectorType,
    contains_cooperative_vector,
    is_cooperative_vector,
)
from dxlinalg.spirv.enums import Capability, StorageClass, enum_label
from dxlinalg.spirv.errors import SpirvValidationError, at
from dxlinalg.spirv.grammar import location, opcode_of
from dxlinalg.spirv.grammar_tables import GLSL_STD_450
from dxlinalg.spirv.types import (
    BoolType,
    FloatType,
    IntType,
    PointerType,
    SpvType,
    scalar_of,
)

#: Element-wise instructions whose value operands all have one cooperative vector type.
SAME_TYPE = frozenset({"OpSNegate", "OpFNegate", "OpIAdd", "OpFAdd", "OpISub", "OpFSub", "OpFMul", "OpIMul",
                       "OpFDiv", "OpSDiv", "OpUDiv", "OpBitwiseOr", "OpBitwiseXor", "OpBitwiseAnd", "OpNot"})
SHIFTS = frozenset({"OpShiftRightLogical", "OpShiftRightArithmetic", "OpShiftLeftLogical"})
CONVERSIONS = frozenset({"OpConvertFToU", "OpConvertFToS", "OpConvertSToF", "OpConvertUToF", "OpUConvert",
                         "OpSConvert", "OpFConvert", "OpBitcast"})
VECTOR_TIMES_SCALAR = "OpVectorTimesScalar"
GLSL_INSTRUCTIONS = frozenset({"FMin", "UMin", "SMin", "NMin", "FMax", "UMax", "SMax", "NMax", "FClamp", "UClamp",
                               "SClamp", "NClamp", "Step", "Exp", "Log", "Tanh", "Atan", "Fma"})
COMPOSITE = frozenset({"OpCompositeConstruct", "OpCompositeExtract", "OpCompositeInsert", "OpVectorExtractDynamic",
                       "OpVectorInsertDynamic", "OpCompositeConstructReplicateEXT", "OpCopyObject", "OpCopyLogical"})
#: Instructions that move a value of any type.
ANY_VALUE = frozenset({"OpLoad", "OpStore", "OpCopyMemory", "OpVariable", "OpAccessChain", "OpInBoundsAccessChain",
                       "OpSelect", "OpUndef", "OpFunctionCall"})
COOPERATIVE_VECTOR_INSTRUCTIONS = frozenset({
    "OpCooperativeVectorMatrixMulNV", "OpCooperativeVectorMatrixMulAddNV", "OpCooperativeVectorLoadNV",
    "OpCooperativeVectorStoreNV", "OpCooperativeVectorOuterProductAccumulateNV",
    "OpCooperativeVectorReduceSumAccumulateNV"})
ELEMENT_WISE = SAME_TYPE | SHIFTS | CONVERSIONS | {VECTOR_TIMES_SCALAR}
ALLOWED = ELEMENT_WISE | COMPOSITE | ANY_VALUE | COOPERATIVE_VECTOR_INSTRUCTIONS
#: Where a cooperative vector may be allocated.
VARIABLE_STORAGE = frozenset({StorageClass.Function, StorageClass.Private})
GLSL = "GLSL.std.450"
_EXT_INST = opcode_of("OpExtInst")


def _value_operands(c: InstructionContext) -> list[tuple[int, SpvType]]:
    """(place among the <id> operands, type) of every <id> operand that is a value (a result, constant or
    variable); literal operands never count."""
    ids = c.program.module.operands_by_index[c.inst.index].ids
    found = []
    for position, operand in enumerate(ids):
        spv_type = c.program.type_of(operand)
        if spv_type is not None:
            found.append((position, spv_type))
    return found


def _touches(c: InstructionContext) -> bool:
    return contains_cooperative_vector(c.result_type) or any(
        contains_cooperative_vector(spv_type) for _, spv_type in _value_operands(c))


def _fail(c: InstructionContext, message: str) -> SpirvValidationError:
    return c.fail(f"{message} ({EXTENSION})")


def check_instruction_allowed(c: InstructionContext, name: str) -> None:
    """Cooperative vectors go only into the instructions the extension lists, and never OpVectorShuffle."""
    if name == "OpVectorShuffle":
        raise _fail(c, "OpVectorShuffle does not take cooperative vectors (a cooperative vector can be used with "
                       "OpVectorExtractDynamic and OpVectorInsertDynamic, but not OpVectorShuffle)")
    if name not in ALLOWED and name not in GLSL_INSTRUCTIONS:
        raise _fail(c, f"{name} does not take cooperative vectors (the extension allows them only in the "
                       f"arithmetic, GLSL.std.450 ({', '.join(sorted(GLSL_INSTRUCTIONS))}), bit, conversion and "
                       f"composite instructions it lists, and in the cooperative vector instructions)")


def check_element_wise_operands(c: InstructionContext, name: str, operands: list[tuple[int, SpvType]]) -> None:
    """Element-wise instructions take and give cooperative vectors of one component count."""
    result = c.result_type
    vectors = [(position, spv_type) for position, spv_type in operands
               if not (name == VECTOR_TIMES_SCALAR and position == 1)]
    described = ", ".join(repr(t) for _, t in vectors)
    if not is_cooperative_vector(result) or not all(is_cooperative_vector(t) for _, t in vectors):
        raise _fail(c, f"{name} with Result Type {result!r} and operands {described}: an element-wise instruction "
                       f"on cooperative vectors takes and gives cooperative vectors, not scalars or vectors")
    assert isinstance(result, CooperativeVectorType)
    if any(t.count != result.count for _, t in vectors):  # type: ignore[attr-defined]
        raise _fail(c, f"{name} with Result Type {result!r} and operands {described}: the result and the operands "
                       f"must have the same Component Count")
    if name in SAME_TYPE and len({t.component.id for _, t in vectors}) > 1:  # type: ignore[attr-defined]
        raise _fail(c, f"{name} with operands {described}: the cooperative vectors of a binary arithmetic "
                       f"instruction must have one type")
    if name == "OpBitcast" and _width(result.component) != _width(vectors[0][1].component):  # type: ignore
        raise _fail(c, f"OpBitcast from {vectors[0][1]!r} to {result!r}: the result and value types must have the "
                       f"same number of bits per component")


def _width(scalar: SpvType) -> int:
    return scalar.width if isinstance(scalar, (IntType, FloatType)) else 1


def check_constituents(c: InstructionContext) -> None:
    """OpCompositeConstruct of a cooperative vector takes one scalar of its component type per component,
    and no vector takes a cooperative vector as a constituent."""
    result = c.result_type
    for position, spv_type in _value_operands(c):
        if is_cooperative_vector(result) and spv_type.id != result.component.id:  # type: ignore[union-attr]
            raise _fail(c, f"constituent {position} has type {spv_type!r}; a cooperative vector {result!r} is "
                           f"constructed from scalars of its component type")
        if is_cooperative_vector(spv_type) and scalar_of(result) is not None and not is_cooperative_vector(result):
            raise _fail(c, f"constituent {position} is a cooperative vector {spv_type!r}; it cannot be a "
                           f"constituent of {result!r}")


def check_select_condition(c: InstructionContext) -> None:
    """OpSelect of cooperative vectors (composites) chooses whole objects by a scalar bool."""
    condition = c.type_of(c.arg(0))
    if not isinstance(condition, BoolType):
        raise _fail(c, f"OpSelect of {c.result_type!r} has a {condition!r} Condition; selecting cooperative vectors "
                       f"takes a scalar bool Condition (they are composites, not vectors)")


def check_storage_class(c: InstructionContext) -> None:
    """Memory holding cooperative vectors is a Function or Private variable."""
    for _, spv_type in _value_operands(c):
        _check_pointer(c, spv_type)
    if isinstance(c.result_type, PointerType):
        _check_pointer(c, c.result_type)


def _check_pointer(c: InstructionContext, spv_type: SpvType) -> None:
    if isinstance(spv_type, PointerType) and spv_type.storage not in VARIABLE_STORAGE and \
            contains_cooperative_vector(spv_type.pointee):
        raise _fail(c, f"{spv_type!r} points to cooperative vectors in {enum_label(StorageClass, spv_type.storage)} "
                       f"storage; cooperative vector types (or types containing them) can only be allocated in "
                       f"Function or Private storage classes")


def _instruction_name(c: InstructionContext) -> str | None:
    """The opcode name, or the GLSL.std.450 instruction's name; None for a non-semantic OpExtInst."""
    if c.inst.opcode != _EXT_INST:
        return c.opname
    set_name = c.program.module.ext_imports.get(c.arg(0), "")
    if set_name.startswith("NonSemantic."):
        return None
    number = c.arg(1)
    return GLSL_STD_450.get(number, str(number)) if set_name == GLSL else f"{set_name} {number}"


def check_instruction(c: InstructionContext) -> None:
    """Every rule above that applies to one instruction (registered in INSTRUCTION_CHECKS)."""
    if not _touches(c):
        return
    name = _instruction_name(c)
    if name is None:
        return
    check_instruction_allowed(c, name)
    check_storage_class(c)
    if name in ELEMENT_WISE or name in GLSL_INSTRUCTIONS:
        check_element_wise_operands(c, name, _value_operands(c))
    elif name == "OpCompositeConstruct":
        check_constituents(c)
    elif name == "OpSelect" and is_cooperative_vector(c.result_type):
        check_select_condition(c)


def check_capabilities(program: ProgramInfo) -> None:
    """If the CooperativeVectorNV capability is declared then VulkanMemoryModel must be declared as well."""
    module = program.module
    declared = {capability: inst for capability, inst in module.capabilities}
    if Capability.CooperativeVectorNV in declared and Capability.VulkanMemoryModel not in declared:
        raise SpirvValidationError(at(location(declared[Capability.CooperativeVectorNV]), (
            f"the module declares the CooperativeVectorNV capability without VulkanMemoryModel; if the "
            f"CooperativeVectorNV capability is declared then the VulkanMemoryModel capability must be declared as "
            f"well ({EXTENSION})")))


def check_variable_storage(program: ProgramInfo) -> None:
    """Global variables of cooperative vector types (or types holding them) are Private."""
    variable = opcode_of("OpVariable")
    for inst in program.module.globals:
        if inst.opcode != variable:
            continue
        pointer = program.type_by_id(inst.operands[0])
        if isinstance(pointer, PointerType) and pointer.storage not in VARIABLE_STORAGE and \
                contains_cooperative_vector(pointer.pointee):
            raise SpirvValidationError(at(location(inst), (
                f"variable {program.module.describe_id(inst.operands[1])} of {pointer.pointee!r} is in "
                f"{enum_label(StorageClass, pointer.storage)} storage; cooperative vector types (or types containing "
                f"them) can only be allocated in Function or Private storage classes ({EXTENSION})")))


INSTRUCTION_CHECKS.append(check_instruction)
PROGRAM_CHECKS.extend((check_capabilities, check_variable_storage))
