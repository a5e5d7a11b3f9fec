"""OpTypeCooperativeMatrixKHR (SPV_KHR_cooperative_matrix) in the SPIR-V executor: the type and its parser.

A cooperative-matrix SSA value is held per lane as that invocation's *fragment*: a (lanes, Length)
array of the component type, slot `i` of a lane being component `i` of what the invocation
accesses through the profile's ownership map (`dxlinalg.coopmat.ownership`). The type therefore
subclasses `VectorType` with `count` = Length, which lets element access by index
(OpCompositeExtract/Insert, OpAccessChain into a Function variable), OpSelect, OpPhi, copies and
element-wise arithmetic work per lane unchanged; whole-matrix instructions gather the fragments of
each scope instance into a `CoopMatrix` and scatter the result back (`coopmat_values`).

Length depends on the scope's size: a Subgroup matrix is spread over the profile's wave, so the
specialization is made for one subgroup size (`Specialization.subgroup_size`, from the profile).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dxlinalg.coopmat.matrix_type import CoopMatType, MatrixUse, Scope
from dxlinalg.coopmat.ownership import cooperative_matrix_length
from dxlinalg.errors import DxLinalgError
from dxlinalg.spirv.errors import (
    Location,
    SpirvUnsupportedError,
    SpirvValidationError,
    at,
)
from dxlinalg.spirv.reader import Instruction
from dxlinalg.spirv.types import (
    EXTRA_TYPE_PARSERS,
    MAX_VARIABLE_ELEMENTS,
    FloatType,
    IntType,
    SpvType,
    VectorType,
)

EXTENSION = "SPV_KHR_cooperative_matrix"
TYPE_OPCODE = 4456
DEFAULT_SUBGROUP_SIZE = 32


class CooperativeMatrixType(VectorType):
    """`coopmat<component, scope, rows, cols, use>`, one invocation's Length components per lane."""

    __slots__ = ("matrix",)
    opname = "OpTypeCooperativeMatrixKHR"
    #: OpConstantComposite / OpCompositeConstruct of a cooperative matrix take one constituent.
    single_constituent = True

    def __init__(self, type_id: int, component: IntType | FloatType, matrix: CoopMatType, length: int) -> None:
        super().__init__(type_id, component, length)
        self.matrix = matrix

    @property
    def scope_size(self) -> int:
        return -(-self.matrix.rows * self.matrix.cols // self.count) if self.count else 1

    def describe(self) -> str:
        m = self.matrix
        return f"coopmat<{self.component.describe()}, {m.scope.name}, {m.rows}, {m.cols}, {m.use.name}>"


def is_cooperative_matrix(spv_type: SpvType | None) -> bool:
    return isinstance(spv_type, CooperativeMatrixType)


def component_dtype(scalar: IntType | FloatType) -> np.dtype:
    return np.dtype(scalar.dtype)


def _constant_int(spec: Any, value_id: int, operand: str, where: Location) -> int:
    """A 32-bit integer constant instruction (a specialization constant too), as the KHR text requires."""
    value = spec.constants.get(value_id)
    value_type = spec.value_types.get(value_id)
    if not (isinstance(value_type, IntType) and isinstance(value, np.ndarray) and value.shape == (1,)):
        raise SpirvValidationError(at(where, (
            f"{operand} %{value_id} must be a constant instruction with scalar integer type ({EXTENSION}: "
            f"OpTypeCooperativeMatrixKHR {operand})")))
    return int(value[0])


def parse_cooperative_matrix_type(spec: Any, inst: Instruction) -> CooperativeMatrixType:
    """OpTypeCooperativeMatrixKHR %component %scope %rows %columns %use, checked as the extension says."""
    where = Location("OpTypeCooperativeMatrixKHR", inst.index, inst.word)
    if len(inst.operands) != 6:
        raise SpirvValidationError(at(where, f"takes 6 operands (result, Component Type, Scope, Rows, Columns, "
                                             f"Use), not {len(inst.operands)}"))
    type_id, component_id, scope_id, rows_id, cols_id, use_id = inst.operands
    component = spec.types.get(component_id)
    if not isinstance(component, (IntType, FloatType)) or isinstance(component, VectorType):
        raise SpirvValidationError(at(where, (
            f"Component Type %{component_id} is {component!r}; it must be a scalar numerical type ({EXTENSION}: "
            f"OpTypeCooperativeMatrixKHR Component Type)")))
    scope = _constant_int(spec, scope_id, "Scope", where)
    rows = _constant_int(spec, rows_id, "Rows", where)
    cols = _constant_int(spec, cols_id, "Columns", where)
    use = _constant_int(spec, use_id, "Use", where)
    if scope not in (Scope.Workgroup, Scope.Subgroup):
        raise SpirvValidationError(at(where, f"Scope is {scope}; a cooperative matrix has Workgroup (2) or "
                                             f"Subgroup (3) scope ({EXTENSION})"))
    if use not in MatrixUse._value2member_map_:
        raise SpirvValidationError(at(where, f"Use is {use}; it must be MatrixAKHR 0, MatrixBKHR 1 or "
                                             f"MatrixAccumulatorKHR 2 ({EXTENSION}: CooperativeMatrixUse)"))
    try:
        matrix = CoopMatType(component_dtype(component), Scope(scope), rows, cols, MatrixUse(use))
    except DxLinalgError as error:
        raise SpirvValidationError(at(where, str(error))) from None
    if matrix.scope == Scope.Workgroup:
        raise SpirvUnsupportedError(at(where, (
            "Workgroup-scope cooperative matrices are not supported by the SPIR-V executor yet (their Length "
            "depends on the entry point's workgroup size, which the type section does not know); use Subgroup "
            "scope or the dxlinalg.coopmat API")))
    scope_size = int(getattr(spec, "subgroup_size", DEFAULT_SUBGROUP_SIZE))
    length = cooperative_matrix_length(matrix, scope_size)
    if length > MAX_VARIABLE_ELEMENTS:
        raise SpirvUnsupportedError(at(where, f"{matrix} has Length {length} per invocation, over this executor's "
                                              f"limit of {MAX_VARIABLE_ELEMENTS}"))
    return CooperativeMatrixType(type_id, component, matrix, length)


EXTRA_TYPE_PARSERS[TYPE_OPCODE] = parse_cooperative_matrix_type
