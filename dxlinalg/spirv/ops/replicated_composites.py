"""SPV_EXT_replicated_composites: a composite whose every constituent is one value.

Compilers emit these for `coopvecNV<T, N>(x)` and `CoopVec<T, N>(x)`, and they are how a shader
builds a vector whose length is a specialization constant (the cooperative-vector extension's
resolved issue 1). OpCompositeConstructReplicateEXT runs per lane; the two constant forms,
OpConstantCompositeReplicateEXT and OpSpecConstantCompositeReplicateEXT, are read with the
module's other constants. Result Type is any composite whose top-level constituents all have
Value's type: a vector (cooperative vectors included), a matrix, an array, or a struct whose
members share one type.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dxlinalg.spirv.compiler import Compute, Frame, InstructionContext, register_opcode
from dxlinalg.spirv.errors import SpirvValidationError, at
from dxlinalg.spirv.grammar import location, opcode_of
from dxlinalg.spirv.reader import Instruction
from dxlinalg.spirv.types import (
    EXTRA_CONSTANT_PARSERS,
    MAX_VALUE_ELEMENTS,
    ArrayType,
    MatrixType,
    SpvType,
    StructType,
    VectorType,
    element_count,
)

EXTENSION = "SPV_EXT_replicated_composites"


def constituent_types(result: SpvType | None) -> tuple[SpvType, int] | None:
    """(the type every constituent must have, how many) for a composite Result Type; None otherwise."""
    if isinstance(result, VectorType):
        return result.component, result.count
    if isinstance(result, MatrixType):
        return result.column, result.columns
    if isinstance(result, ArrayType):
        return result.element, result.length
    if isinstance(result, StructType) and result.members and all(m.id == result.members[0].id
                                                                   for m in result.members):
        return result.members[0], len(result.members)
    return None


def replicate(value: Any, count: int, struct: bool) -> Any:
    """`count` copies of `value` along axis 1 of every leaf (a tuple of copies for a struct)."""
    if struct:
        return (value,) * count
    if isinstance(value, tuple):
        return tuple(replicate(part, count, False) for part in value)
    return np.repeat(value[:, None], count, axis=1)


def _explain(result: SpvType | None) -> str:
    return (f"Result Type {result!r} must be a composite type whose constituents all have one type, and Value must "
            f"have that type ({EXTENSION})")


@register_opcode("OpCompositeConstructReplicateEXT")
def _construct_replicate(c: InstructionContext) -> Compute:
    shape = constituent_types(c.result_type)
    value = c.value(0)
    if shape is None or c.type_of(value).id != shape[0].id:
        raise c.fail(_explain(c.result_type))
    _, count = shape
    struct = isinstance(c.result_type, StructType)

    def compute(f: Frame) -> Any:
        return replicate(f.values[value], count, struct)
    return compute


def _constant_replicate(spec: Any, inst: Instruction) -> Any:
    """OpConstantCompositeReplicateEXT / OpSpecConstantCompositeReplicateEXT: Value is a constant."""
    type_id, _, value_id = inst.operands
    result = spec.types.get(type_id)
    shape = constituent_types(result)
    if shape is None or value_id not in spec.constants or spec.value_types[value_id].id != shape[0].id:
        raise SpirvValidationError(at(location(inst), _explain(result) + "; Value must be a constant declared "
                                                                           "before this instruction"))
    if element_count(result) > MAX_VALUE_ELEMENTS:
        raise SpirvValidationError(at(location(inst), f"a constant of {element_count(result)} components "
                                                      f"exceeds this executor's limit"))
    return replicate(spec.constants[value_id], shape[1], isinstance(result, StructType))


for _name in ("OpConstantCompositeReplicateEXT", "OpSpecConstantCompositeReplicateEXT"):
    EXTRA_CONSTANT_PARSERS[opcode_of(_name)] = _constant_replicate
