"""OpTypeCooperativeMatrixKHR (SPV_KHR_cooperative_matrix) in the SPIR-V executor: the type and its parser.

A cooperative-matrix SSA value is held per lane as that invocation's *fragment*: a (lanes, Length)
array of the component type, slot `i` of a lane being component `i` of what the invocation
accesses through the profile's ownership map (`dxlinalg.coopmat.ownership`). The type therefore
subclasses `VectorType` with `count` = Length, which lets element access by index
(OpCompositeExtract/Insert, OpAccessChain into a Function variable), OpSelect, OpPhi, copies and
element-wise arithmetic work per lane unchanged; whole-matrix instructions gather the fragments of
each scope instance into a `CoopMatrix` and scatter the result back (`coopmat_values`).

Length depends on the scope's size: a Subgroup matrix is spread over the profile's wave, so the
specialization is made for one subgroup size (`Specialization.subgroup_size`, from the profile); a
Workgroup matrix over the entry point's workgroup, whose size SPV_NV_cooperative_matrix2 requires to
be declared (LocalSize, or LocalSizeId with constants declared) before the type.

The instructions need their capability and extension declared (`require_declared`): a module that
uses one without them is rejected with a message naming both.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dxlinalg.coopmat.listed_muladd import check_listed_matrix_type
from dxlinalg.coopmat.matrix_type import CoopMatType, MatrixUse, Scope
from dxlinalg.coopmat.ownership import cooperative_matrix_length
from dxlinalg.errors import DxLinalgError, UndefinedBehaviorError
from dxlinalg.spirv.enums import Capability, ExecutionModel
from dxlinalg.spirv.errors import (
    Location,
    SpirvUndefinedBehaviorError,
    SpirvUnsupportedError,
    SpirvValidationError,
    at,
)
from dxlinalg.spirv.narrow_floats import cooperative_matrix_component_declared
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

#: The capabilities the cooperative-matrix instructions declare, and the extension that adds each.
CAPABILITY_EXTENSION: dict[int, str] = {
    Capability.CooperativeMatrixKHR: "SPV_KHR_cooperative_matrix",
    Capability.CooperativeMatrixTensorAddressingNV: "SPV_NV_cooperative_matrix2",
    Capability.CooperativeMatrixBlockLoadsNV: "SPV_NV_cooperative_matrix2",
    Capability.TensorAddressingNV: "SPV_NV_tensor_addressing",
}


def missing_declaration(module: Any, capability: int, what: str) -> str | None:
    """Why `what` may not be used in `module` (its capability or extension is not declared), or None."""
    extension = CAPABILITY_EXTENSION[capability]
    name = Capability(capability).name
    if not any(int(declared) == capability for declared, _ in module.capabilities):
        return (f"{what} needs the {name} capability ({int(capability)}), which the module does not declare "
                f"(OpCapability {name}; {extension})")
    if not any(declared == extension for declared, _ in module.extensions):
        return f"{what} needs OpExtension \"{extension}\", which the module does not declare ({name})"
    return None


def require_declared(module: Any, capability: int, what: str, where: Location) -> None:
    """Raise a validation error naming the capability when `what` is used without it (or its extension)."""
    message = missing_declaration(module, capability, what)
    if message is not None:
        raise SpirvValidationError(at(where, message))


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
    require_declared(spec.module, Capability.CooperativeMatrixKHR, "OpTypeCooperativeMatrixKHR", where)
    if len(inst.operands) != 6:
        raise SpirvValidationError(at(where, f"takes 6 operands (result, Component Type, Scope, Rows, Columns, "
                                             f"Use), not {len(inst.operands)}"))
    type_id, component_id, scope_id, rows_id, cols_id, use_id = inst.operands
    component = spec.types.get(component_id)
    if not isinstance(component, (IntType, FloatType)) or isinstance(component, VectorType):
        raise SpirvValidationError(at(where, (
            f"Component Type %{component_id} is {component!r}; it must be a scalar numerical type ({EXTENSION}: "
            f"OpTypeCooperativeMatrixKHR Component Type)")))
    cooperative_matrix_component_declared(spec.module, component, where)
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
        scope_size = workgroup_invocations(spec, where)
    else:
        scope_size = int(getattr(spec, "subgroup_size", DEFAULT_SUBGROUP_SIZE))
    length = cooperative_matrix_length(matrix, scope_size)
    if length > MAX_VARIABLE_ELEMENTS:
        raise SpirvUnsupportedError(at(where, f"{matrix} has Length {length} per invocation, over this executor's "
                                              f"limit of {MAX_VARIABLE_ELEMENTS}"))
    return CooperativeMatrixType(type_id, component, matrix, length)


def workgroup_invocations(spec: Any, where: Location) -> int:
    """The invocations of a workgroup: the scope size of a Workgroup matrix, from the GLCompute entry points.

    SPV_NV_cooperative_matrix2: the workgroup size must already be specified when the type is declared
    (LocalSize, or LocalSizeId whose constants come first). Every entry point must agree, because the
    type, and so its Length, is the module's."""
    sizes = set()
    for entry in spec.module.entry_points:
        if entry.model != ExecutionModel.GLCompute:
            continue
        try:
            x, y, z = spec.local_size(entry)
        except SpirvValidationError as error:
            raise SpirvValidationError(at(where, (
                f"a Workgroup-scope cooperative matrix needs the workgroup size specified before the type, "
                f"including any constants LocalSizeId uses (SPV_NV_cooperative_matrix2: Scope Workgroup): "
                f"{error}"))) from None
        sizes.add(x * y * z)
    if len(sizes) != 1:
        raise SpirvUnsupportedError(at(where, (
            f"a Workgroup-scope cooperative matrix has one Length for the module, but its GLCompute entry points "
            f"have {len(sizes)} different workgroup sizes {sorted(sizes)}")))
    return sizes.pop()


EXTRA_TYPE_PARSERS[TYPE_OPCODE] = parse_cooperative_matrix_type


def check_cooperative_matrix_types(program: Any, device: Any, strict: bool) -> None:
    """Strict mode: every cooperative matrix type of the module is one the profile lists (VUIDs 10163/10165)."""
    if not strict:
        return
    size = program.local_size
    for spv_type in program.spec.types.values():
        if isinstance(spv_type, CooperativeMatrixType):
            try:
                check_listed_matrix_type(True, device.coopmat, spv_type.matrix, size[0] * size[1] * size[2],
                                         f"OpTypeCooperativeMatrixKHR %{spv_type.name or spv_type.id}")
            except UndefinedBehaviorError as error:
                raise SpirvUndefinedBehaviorError(str(error)) from None
