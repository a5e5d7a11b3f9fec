"""The DXIL validation rules of the SM 6.10 LinAlg operations, each a named check.

Rule names and messages are DXC's (`utils/hct/hctdb.py` `Instr.LinAlg*`, `Instr.ParamMultiple`,
`Instr.OpConst`; checks in `lib/DxilValidation/DxilValidation.cpp` at 9a3e225d), with the values, so
a user can search DXC for the rule an error cites. Every check raises InvalidArgumentError (a shader
that would fail validation). Run-time rules (alignment, uniformity, bounds) are undefined behaviour
and live in `memory` and `scope`.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from dxlinalg.dxil.linalg_matrix.types import (
    MATRIX_COMPONENT_TYPES,
    ComponentType,
    ElementsPerScalar,
    MatrixLayout,
    MatrixScope,
    MatrixType,
    MatrixUse,
    is_float,
)
from dxlinalg.errors import InvalidArgumentError

#: DxilConstants.h kLinAlgMatrixMinK/MaxK (Thread and Wave) and kLinAlgThreadGroupMatrixMinK/MaxK.
K_LIMITS = {MatrixScope.Thread: (4, 128), MatrixScope.Wave: (4, 128), MatrixScope.ThreadGroup: (1, 1024)}
ALIGN_MULTIPLE = 128
WAVE_AND_GROUP = (MatrixScope.Wave, MatrixScope.ThreadGroup)
ROW_COLUMN = (MatrixLayout.RowMajor, MatrixLayout.ColMajor)
SRV_BAB, UAV_BAB = "ByteAddressBuffer", "RWByteAddressBuffer"

_SCOPE_NAMES = {MatrixScope.Thread: "Thread", MatrixScope.Wave: "Wave", MatrixScope.ThreadGroup: "ThreadGroup"}
_LAYOUT_NAMES = {MatrixLayout.RowMajor: "RowMajor", MatrixLayout.ColMajor: "ColumnMajor",
                 MatrixLayout.MulOptimal: "MulOptimal", MatrixLayout.MulOptimalTranspose: "MulOptimalTranspose",
                 MatrixLayout.OuterProductOptimal: "OuterProductOptimal",
                 MatrixLayout.OuterProductOptimalTranspose: "OuterProductOptimalTranspose"}


def fail(rule: str, message: str) -> InvalidArgumentError:
    """The error for DXC rule `rule` (written without its `Instr.` prefix, as hctdb.py names it)."""
    return InvalidArgumentError(f"{message} (DXIL validation Instr.{rule})")


def layout_name(layout: MatrixLayout) -> str:
    return _LAYOUT_NAMES[MatrixLayout(layout)]


# -- operands -------------------------------------------------------------------------------------------------
def check_immediate(value: object, name: str, op: str) -> int:
    """An operand DXIL requires to be an immediate constant: an int or bool (an i1), never a per-thread array
    (None stands for a computed value in transcribed validator tests)."""
    if value is None or not isinstance(value, (int, np.integer)):
        raise fail("OpConst", f"{name} of {op} must be an immediate constant.")
    return int(value)


def check_align(align: object, op: str) -> int:
    """Align: an immediate, > 0 and a multiple of 128 (Instr.ParamMinimumValue / Instr.ParamMultiple)."""
    value = check_immediate(align, "Align", op)
    if value <= 0:
        raise fail("ParamMinimumValue", f"parameter 'Align' must be greater than 0, got {value}")
    if value % ALIGN_MULTIPLE:
        raise fail("ParamMultiple", f"parameter 'Align' must be a multiple of {ALIGN_MULTIPLE}, got {value}")
    return value


def check_layout_value(layout: object, op: str) -> MatrixLayout:
    value = check_immediate(layout, "Layout", op)
    try:
        return MatrixLayout(value)
    except ValueError:
        raise fail("OpConst", f"Layout of {op} must be a MatrixLayout value 0..5, got {value}") from None


# -- matrix types ---------------------------------------------------------------------------------------------
def check_matrix_type(matrix: MatrixType, role: str) -> MatrixType:
    """Every matrix operand and result: a LinAlg component type and K within the scope's limits."""
    if not isinstance(matrix, MatrixType):
        raise fail("LinAlgMetadataMissing", f"{role} matrix must have well-formed metadata.")
    check_component_type(matrix.component, f"{role.lower()} matrix")
    k = matrix.k
    if k is not None:
        low, high = K_LIMITS[matrix.scope]
        if not low <= k <= high:
            raise fail("LinAlgIllegalKDim",
                       f"{role} matrix K dimension out of bounds. K={k} must be >= {low} and <= {high}.")
    return matrix


def check_component_type(component: ComponentType, where: str) -> None:
    if ComponentType(component) not in MATRIX_COMPONENT_TYPES:
        raise fail("LinAlgIllegalComponentType",
                   f"Component type '{ComponentType(component).name}' from {where} not allowed in LinAlg Matrix "
                   f"operations.")


def check_scope(matrix: MatrixType, role: str, allowed: Iterable[MatrixScope]) -> None:
    allowed = tuple(allowed)
    if matrix.scope in allowed:
        return
    names = [_SCOPE_NAMES[s] for s in allowed]
    if len(names) == 1:
        raise fail("LinAlgMatrixScopeMismatch",
                   f"{role} matrix scope '{_SCOPE_NAMES[matrix.scope]}' does not match expected scope {names[0]}.")
    raise fail("LinAlgMatrixScopeMismatch2", f"{role} matrix scope '{_SCOPE_NAMES[matrix.scope]}' does not match "
                                             f"expected scope {names[0]} or {names[1]}.")


def check_use(matrix: MatrixType, role: str, allowed: Iterable[MatrixUse]) -> None:
    allowed = tuple(allowed)
    if matrix.use in allowed:
        return
    names = [u.name for u in allowed]
    if len(names) == 1:
        raise fail("LinAlgMatrixUseMismatch",
                   f"{role} matrix use '{matrix.use.name}' does not match expected use {names[0]}.")
    raise fail("LinAlgMatrixUseMismatch2",
               f"{role} matrix use '{matrix.use.name}' does not match expected use {names[0]} or {names[1]}.")


def check_exact_match(matrix: MatrixType, role: str, other: MatrixType, other_role: str) -> None:
    if matrix != other:
        raise fail("LinAlgMatrixNotExactMatch",
                   f"{role} matrix '{matrix.mangling}' must exactly match {other_role} matrix '{other.mangling}'.")


def check_same_scope(named: dict[str, MatrixType]) -> None:
    """All matrices of one operation share a scope (Instr.LinAlgMatrixScopeMustMatch3/4)."""
    if len({m.scope for m in named.values()}) > 1:
        parts = ", ".join(f"{role} '{_SCOPE_NAMES[m.scope]}'" for role, m in named.items())
        raise fail(f"LinAlgMatrixScopeMustMatch{len(named)}",
                   f"Matrix scope must be the same for all matrices. {parts}.")


def check_scope_layout(matrix: MatrixType, role: str, layout: MatrixLayout, op: str) -> None:
    """Wave and ThreadGroup matrices are loaded, stored and accumulated RowMajor or ColumnMajor."""
    if matrix.scope in WAVE_AND_GROUP and layout not in ROW_COLUMN:
        raise fail("LinAlgMatrixScopeReqLayout2", f"{role} matrix with scope '{_SCOPE_NAMES[matrix.scope]}' "
                                                  f"requires layout RowMajor or ColumnMajor for {op}.")


def check_layout_stride(layout: MatrixLayout, stride: object, op: str) -> None:
    """A layout other than RowMajor/ColumnMajor has an immediate stride of 0."""
    if layout in ROW_COLUMN:
        return
    value = check_immediate(stride, "Stride", op)
    if value != 0:
        raise fail("LinAlgMatrixLayoutReqStride", f"{op} with layout '{layout_name(layout)}' requires stride 0.")


def check_resource(resource: str, required: str, op: str, matrix: MatrixType | None = None) -> None:
    """Thread-scope loads read an SRV ByteAddressBuffer; stores and accumulates write a UAV RWByteAddressBuffer."""
    if resource == required:
        return
    if required == SRV_BAB:
        raise fail("LinAlgMatrixLoadThreadRequiresBAB", "Loading matrix with Thread scope requires ByteAddressBuffer.")
    raise fail("LinAlgMatrixRequiresRWBAB", f"{op} requires RWByteAddressBuffer.")


# -- per operation --------------------------------------------------------------------------------------------
def check_fill(result: MatrixType) -> None:
    check_matrix_type(result, "Return")
    check_scope(result, "Return", WAVE_AND_GROUP)


def check_copy_convert(result: MatrixType, source: MatrixType, transpose: object) -> bool:
    op = "LinAlgCopyConvertMatrix"
    check_matrix_type(result, "Return")
    check_matrix_type(source, "Input")
    flag = check_immediate(transpose, "Transpose", op)
    check_scope(source, "Input", WAVE_AND_GROUP)
    check_scope(result, "Return", WAVE_AND_GROUP)
    if source.scope != result.scope:
        raise fail("LinAlgMatrix2PartsMustMatch", f"Input matrix scope '{_SCOPE_NAMES[source.scope]}' must match "
                                                  f"Return matrix scope '{_SCOPE_NAMES[result.scope]}'.")
    expected = (source.n, source.m) if flag else (source.m, source.n)
    if (result.m, result.n) != expected:
        raise fail("LinAlgMatrix2PartsMustMatch",
                   f"Input matrix dimensions '{source.m}x{source.n}' must match Return matrix dimensions "
                   f"'{result.m}x{result.n}'" + (" transposed." if flag else "."))
    return bool(flag)


def check_load_from_descriptor(result: MatrixType, resource: str, stride: object, layout: object,
                               align: object) -> MatrixLayout:
    op = "LinAlgMatrixLoadFromDescriptor"
    check_matrix_type(result, "Return")
    layout_value = check_layout_value(layout, op)
    check_scope_layout(result, "Return", layout_value, op)
    check_layout_stride(layout_value, stride, op)
    if result.scope == MatrixScope.Thread:
        check_resource(resource, SRV_BAB, op)
    elif resource not in (SRV_BAB, UAV_BAB):
        raise fail("LinAlgMatrixRequiresRWBAB", f"{op} requires ByteAddressBuffer or RWByteAddressBuffer.")
    check_align(align, op)
    return layout_value


def check_element_op(matrix: MatrixType, role: str) -> None:
    """Length, GetCoordinate, GetElement, SetElement, Load/StoreToMemory: Wave or ThreadGroup."""
    check_matrix_type(matrix, role)
    check_scope(matrix, role, WAVE_AND_GROUP)


def check_store_to_descriptor(matrix: MatrixType, resource: str, stride: object, layout: object,
                              align: object) -> MatrixLayout:
    op = "LinAlgMatrixStoreToDescriptor"
    check_matrix_type(matrix, "Input")
    layout_value = check_layout_value(layout, op)
    if layout_value not in ROW_COLUMN:
        raise fail("LinAlgMatrixRequiresLayout2", f"{op} requires layout RowMajor or ColumnMajor.")
    check_scope(matrix, "Input", WAVE_AND_GROUP)
    check_resource(resource, UAV_BAB, op)
    check_align(align, op)
    return layout_value


def check_accumulate_to_descriptor(matrix: MatrixType, resource: str, stride: object, layout: object,
                                   align: object) -> MatrixLayout:
    op = "LinAlgMatrixAccumulateToDescriptor"
    check_matrix_type(matrix, "Input")
    layout_value = check_layout_value(layout, op)
    if matrix.scope == MatrixScope.Thread:
        if layout_value not in (MatrixLayout.OuterProductOptimal, MatrixLayout.OuterProductOptimalTranspose):
            raise fail("LinAlgMatrixScopeReqLayout2", f"Input matrix with scope 'Thread' requires layout "
                                                      f"OuterProductOptimal or OuterProductOptimalTranspose for {op}.")
    else:
        check_scope_layout(matrix, "Input", layout_value, op)
    check_layout_stride(layout_value, stride, op)
    check_use(matrix, "Input", (MatrixUse.Accumulator,))
    check_resource(resource, UAV_BAB, op)
    check_align(align, op)
    return layout_value


def check_multiply(result: MatrixType, a: MatrixType, b: MatrixType,
                   c: MatrixType | None = None) -> None:
    """linAlgMatrixMultiply (c None) and linAlgMatrixMultiplyAccumulate."""
    check_matrix_type(result, "Return")
    check_matrix_type(a, "A")
    check_matrix_type(b, "B")
    if c is not None:
        check_matrix_type(c, "C")
    check_use(a, "A", (MatrixUse.A,))
    check_use(b, "B", (MatrixUse.B,))
    check_use(result, "Return", (MatrixUse.Accumulator,))
    if c is not None:
        check_use(c, "C", (MatrixUse.Accumulator,))
    for role, m in (("A", a), ("B", b), ("Return", result)) + ((("C", c),) if c is not None else ()):
        check_scope(m, role, WAVE_AND_GROUP)
    named = {"A": a, "B": b, "Return": result} if c is None else {"A": a, "B": b, "C": c, "Return": result}
    check_same_scope(named)
    if a.n != b.m:
        raise fail("LinAlgMatrixMatrixKDimMustMatch",
                   f"K dim of A matrix '{a.n}' must match K dim of B matrix '{b.m}'. {a.n} != {b.m}.")
    for role, m in (("Return", result),) + ((("C", c),) if c is not None else ()):
        if (m.m, m.n) != (a.m, b.n):
            raise fail("LinAlgMatrixMatrixResDimMustMatch",
                       f"{role} matrix dimension '{m.m}x{m.n}' must match A.MxB.N '{a.m}x{b.n}'.")


def check_accumulate(result: MatrixType, lhs: MatrixType, rhs: MatrixType) -> None:
    check_matrix_type(result, "Return")
    check_matrix_type(lhs, "LHS")
    check_matrix_type(rhs, "RHS")
    check_exact_match(result, "Return", lhs, "LHS")
    check_use(lhs, "LHS", (MatrixUse.Accumulator,))
    check_use(rhs, "RHS", (MatrixUse.A, MatrixUse.B))
    for role, m in (("LHS", lhs), ("RHS", rhs)):
        check_scope(m, role, WAVE_AND_GROUP)
    check_same_scope({"Return": result, "LHS": lhs, "RHS": rhs})
    if (lhs.m, lhs.n) != (rhs.m, rhs.n):
        raise fail("LinAlgMatrix2PartsMustMatch", f"LHS matrix dimensions '{lhs.m}x{lhs.n}' must match RHS matrix "
                                                  f"dimensions '{rhs.m}x{rhs.n}'.")


def check_matvec(op: str, matrix: MatrixType, output_length: int, output_float: bool, output_signed: object,
                 input_length: int, interpretation: object) -> ComponentType:
    """linAlgMatVecMul / MulAdd: a Thread-scope A matrix, immediate interpretation, vector lengths, signedness."""
    check_matrix_type(matrix, "Input")
    check_scope(matrix, "Input", (MatrixScope.Thread,))
    check_use(matrix, "Input", (MatrixUse.A,))
    interp = ComponentType(check_immediate(interpretation, "Interpretation", op)) \
        if check_immediate(interpretation, "Interpretation", op) in set(ComponentType) else None
    if interp is None:
        raise fail("LinAlgIllegalComponentType", f"Component type '{interpretation}' from InputInterp not allowed "
                                                 f"in LinAlg Matrix operations.")
    check_component_type(interp, "InputInterp")
    expected = -(-matrix.n // ElementsPerScalar(interp))
    if input_length != expected:
        raise fail("LinAlgMatrixDimKVecKMismatch",
                   f"Input vector size '{input_length}' must be {expected} for input matrix with K '{matrix.n}' and "
                   f"Type '{interp.name}'")
    if output_length != matrix.m:
        raise fail("LinAlgMatrixDimVectorMismatch",
                   f"Output vector size '{output_length}' must match input matrix M dimension '{matrix.m}'")
    signed = check_immediate(output_signed, "IsOutputSigned", op)
    if output_float and not signed:
        raise fail("LinAlgMatrixUnsignedFloatTypeNotAllowed", "Float-like type 'output' must be signed")
    return interp


def check_matvec_bias(matrix: MatrixType, bias_length: int, bias_dtype: object, output_dtype: object) -> None:
    if bias_length != matrix.m:
        raise fail("LinAlgMatrixDimVectorMismatch",
                   f"Bias vector size '{bias_length}' must match input matrix M dimension '{matrix.m}'")
    if bias_dtype != output_dtype:
        raise fail("LinAlgMatrixOutputBiasVecMismatch",
                   f"Output vector element type '{output_dtype}' must match bias vector element type '{bias_dtype}'")


def check_outer_product(result: MatrixType, length_a: int, length_b: int, dtype_a: object, dtype_b: object) -> None:
    check_matrix_type(result, "Return")
    check_scope(result, "Return", (MatrixScope.Thread,))
    check_use(result, "Return", (MatrixUse.Accumulator,))
    if dtype_a != dtype_b:
        raise InvalidArgumentError(f"LinAlgMatrixOuterProduct: vector A is {dtype_a} and vector B {dtype_b}; both "
                                   f"vectors have the same type (0035: OuterProduct)")
    if (result.m, result.n) != (length_a, length_b):
        raise fail("LinAlgMatrixDimVectorMismatch",
                   f"Return matrix '{result.m}x{result.n}' must be the vector sizes '{length_a}x{length_b}' "
                   f"(0035: OuterProduct M and N equal the vector lengths)")


def check_float_output_signed(component: ComponentType, signed: bool) -> None:
    if is_float(component) and not signed:
        raise fail("LinAlgMatrixUnsignedFloatTypeNotAllowed", f"Float-like type '{component.name}' must be signed")
