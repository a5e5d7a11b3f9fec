"""OpTypeCooperativeVectorNV (SPV_NV_cooperative_vector): the type, and its parser for the executor.

A cooperative vector is logically stored in its invocation, so its value is what a vector's is:
one (lanes, components) array. The type subclasses `VectorType`, which lets the arithmetic,
conversion, bit, composite and GLSL.std.450 handlers work on it unchanged; `coopvec_checks` then
limits those instructions to the ones the extension allows. Its component count may be any
positive number, given by a constant instruction (a specialization constant too).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dxlinalg.numerics.component_types import ComponentType
from dxlinalg.spirv.errors import Location, SpirvUnsupportedError, SpirvValidationError, at
from dxlinalg.spirv.reader import Instruction
from dxlinalg.spirv.types import (
    EXTRA_TYPE_PARSERS,
    MAX_VARIABLE_ELEMENTS,
    ArrayType,
    FloatType,
    IntType,
    PointerType,
    RuntimeArrayType,
    ScalarType,
    SpvType,
    StructType,
    VectorType,
)

EXTENSION = "SPV_NV_cooperative_vector"
#: OpTypeCooperativeVectorNV. The unified grammar now names opcode 5288 OpTypeVectorIdEXT
#: (SPV_EXT_long_vector made it an alias); a module declaring it is read as a cooperative vector.
TYPE_OPCODE = 5288


class CooperativeVectorType(VectorType):
    """`coopvecNV<component, count>`: `count` components of a scalar numerical type."""

    __slots__ = ()
    opname = "OpTypeCooperativeVectorNV"

    def describe(self) -> str:
        return f"coopvecNV<{self.component.describe()}, {self.count}>"


def is_cooperative_vector(spv_type: SpvType | None) -> bool:
    return isinstance(spv_type, CooperativeVectorType)


def contains_cooperative_vector(spv_type: SpvType | None) -> bool:
    """A cooperative vector, or an array, struct or (non-physical) pointer type holding one."""
    seen: set[int] = set()
    pending = [spv_type]
    while pending:
        current = pending.pop()
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        if isinstance(current, CooperativeVectorType):
            return True
        if isinstance(current, (ArrayType, RuntimeArrayType)):
            pending.append(current.element)
        elif isinstance(current, StructType):
            pending.extend(current.members)
        elif isinstance(current, PointerType) and not current.physical:
            pending.append(current.pointee)
    return False


def component_type(scalar: ScalarType) -> ComponentType:
    """The core's name for a cooperative vector's component type (integers by OpTypeInt signedness)."""
    if isinstance(scalar, FloatType):
        return {16: ComponentType.F16, 32: ComponentType.F32, 64: ComponentType.F64}[scalar.width]
    assert isinstance(scalar, IntType)
    unsigned, signed = {8: (ComponentType.U8, ComponentType.I8), 16: (ComponentType.U16, ComponentType.I16),
                        32: (ComponentType.U32, ComponentType.I32),
                        64: (ComponentType.U64, ComponentType.I64)}[scalar.width]
    return signed if scalar.signed else unsigned


def parse_cooperative_vector_type(spec: Any, inst: Instruction) -> CooperativeVectorType:
    """OpTypeCooperativeVectorNV %component %count, checked as the extension says."""
    type_id, component_id, count_id = inst.operands
    where = Location("OpTypeCooperativeVectorNV", inst.index, inst.word)
    component = spec.types.get(component_id)
    if not isinstance(component, (IntType, FloatType)):
        raise SpirvValidationError(at(where, (
            f"Component Type %{component_id} is {component!r}; it must be a scalar numerical type ({EXTENSION}: "
            f"OpTypeCooperativeVectorNV component type)")))
    count = spec.constants.get(count_id)
    count_type = spec.value_types.get(count_id)
    if not (isinstance(count_type, IntType) and count_type.width == 32 and isinstance(count, np.ndarray)
            and count.shape == (1,)):
        raise SpirvValidationError(at(where, (
            f"Component Count %{count_id} must be a constant instruction with scalar 32-bit integer type "
            f"({EXTENSION}: OpTypeCooperativeVectorNV component count)")))
    components = int(count[0])
    if components < 1:
        raise SpirvValidationError(at(where, (
            f"Component Count is {components}; a cooperative vector has one or more components ({EXTENSION})")))
    if components > MAX_VARIABLE_ELEMENTS:
        raise SpirvUnsupportedError(at(where, (
            f"a cooperative vector of {components} components exceeds this executor's limit of "
            f"{MAX_VARIABLE_ELEMENTS} per invocation")))
    return CooperativeVectorType(type_id, component, components)


EXTRA_TYPE_PARSERS[TYPE_OPCODE] = parse_cooperative_vector_type
