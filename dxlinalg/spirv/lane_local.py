"""Which instructions compute each lane from that lane's own values alone (decided once, at compile time).

The executor may run a block for a compacted copy of its lanes (`compaction`) only when nothing in it
can tell how many lanes run or which: no subgroup or workgroup operation, no barrier, no memory shared
between lanes (buffers, push constants, Workgroup memory, physical addresses: their bounds reports,
race records and access logs name lanes and threads), no OpKill. What is left is arithmetic, logic,
conversions, composites, GLSL.std.450 and the logical variables each lane owns (Function, Private,
Input), plus calls to functions made only of those. The rule is a whitelist, so an instruction added
later is not compacted until someone puts it here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dxlinalg.spirv.enums import StorageClass
from dxlinalg.spirv.grammar import opname
from dxlinalg.spirv.reader import Instruction
from dxlinalg.spirv.types import (
    ArrayType,
    BoolType,
    FloatType,
    FunctionType,
    IntType,
    MatrixType,
    PointerType,
    StructType,
    VectorType,
    VoidType,
)

if TYPE_CHECKING:
    from dxlinalg.spirv.program import Program

#: Instructions that compute each lane from that lane's operands and the profile's settings (the handlers of
#: ops.arithmetic, bits, relational, conversion and composite), on the plain types (`_plain`).
COMPUTING = frozenset({
    "OpAll", "OpAny", "OpBitCount", "OpBitFieldInsert", "OpBitFieldSExtract", "OpBitFieldUExtract", "OpBitReverse",
    "OpBitcast", "OpBitwiseAnd", "OpBitwiseOr", "OpBitwiseXor", "OpCompositeConstruct", "OpCompositeExtract",
    "OpCompositeInsert", "OpConvertFToS", "OpConvertFToU", "OpConvertSToF", "OpConvertUToF", "OpCopyLogical",
    "OpCopyObject", "OpDot", "OpFAdd", "OpFConvert", "OpFDiv", "OpFMod", "OpFMul", "OpFNegate", "OpFOrdEqual",
    "OpFOrdGreaterThan", "OpFOrdGreaterThanEqual", "OpFOrdLessThan", "OpFOrdLessThanEqual", "OpFOrdNotEqual",
    "OpFRem", "OpFSub", "OpFUnordEqual", "OpFUnordGreaterThan", "OpFUnordGreaterThanEqual", "OpFUnordLessThan",
    "OpFUnordLessThanEqual", "OpFUnordNotEqual", "OpIAdd", "OpIAddCarry", "OpIEqual", "OpIMul", "OpINotEqual",
    "OpISub", "OpISubBorrow", "OpIsInf", "OpIsNan", "OpLogicalAnd", "OpLogicalEqual", "OpLogicalNot",
    "OpLogicalNotEqual", "OpLogicalOr", "OpMatrixTimesMatrix", "OpMatrixTimesScalar", "OpMatrixTimesVector", "OpNot",
    "OpOuterProduct", "OpQuantizeToF16", "OpSConvert", "OpSDiv", "OpSGreaterThan", "OpSGreaterThanEqual",
    "OpSLessThan", "OpSLessThanEqual", "OpSMod", "OpSMulExtended", "OpSNegate", "OpSRem", "OpSelect",
    "OpShiftLeftLogical", "OpShiftRightArithmetic", "OpShiftRightLogical", "OpTranspose", "OpUConvert", "OpUDiv",
    "OpUGreaterThan", "OpUGreaterThanEqual", "OpULessThan", "OpULessThanEqual", "OpUMod", "OpUMulExtended",
    "OpUndef", "OpVectorExtractDynamic", "OpVectorInsertDynamic", "OpVectorShuffle", "OpVectorTimesMatrix",
    "OpVectorTimesScalar",
})
#: The exact classes of plain value types (subclasses such as cooperative matrices are not plain).
PLAIN_TYPES = frozenset({VoidType, BoolType, IntType, FloatType, VectorType, MatrixType, ArrayType, StructType})
#: Memory instructions that are lane-local when every pointer they touch is into a lane's own variable.
LOGICAL_MEMORY = frozenset({"OpVariable", "OpLoad", "OpStore", "OpCopyMemory", "OpAccessChain",
                            "OpInBoundsAccessChain"})
#: Storage classes of the variables a lane owns (each lane's value kept in a `pointers.Cell`).
OWN_STORAGE = frozenset({StorageClass.Function, StorageClass.Private, StorageClass.Input})
#: Extended instruction sets whose instructions are lane-local.
LANE_LOCAL_SETS = frozenset({"GLSL.std.450"})


def instruction_is_lane_local(program: Program, inst: Instruction, callee_lane_local: bool | None) -> bool:
    """Whether `inst` computes each lane from that lane's values only. `callee_lane_local`: for
    OpFunctionCall, whether the called function is (None for other instructions)."""
    name = opname(inst.opcode)
    operands = program.module.operands_by_index[inst.index]
    if not all(_plain(program.type_of(used)) for used in operands.ids):
        return False
    if operands.result_type is not None and not _plain(program.type_by_id(operands.result_type)):
        return False
    if name == "OpFunctionCall":
        return bool(callee_lane_local)
    if name in LOGICAL_MEMORY:
        return True
    if name == "OpExtInst":
        return program.module.ext_imports.get(inst.operands[2]) in LANE_LOCAL_SETS
    return name in COMPUTING


def _plain(spv_type: object) -> bool:
    """A type whose values each lane holds alone: no cooperative matrix or vector (their instructions work
    on whole subgroups), no opaque object, no pointer but into a lane's own variables. None (an id without
    a type: an extended set, a function) passes; the instruction decides."""
    if spv_type is None or type(spv_type) in PLAIN_TYPES:
        return True
    if isinstance(spv_type, PointerType):
        return spv_type.storage in OWN_STORAGE
    return isinstance(spv_type, FunctionType)
