"""The DXIL validation rules of the SM 6.10 LinAlg operations, as DXC's validator states them.

One function per operation (`validate_*`, DXIL operand order) mirrors DXC's `ValidateLinAlg*` in
`lib/DxilValidation/DxilValidation.cpp` (9a3e225d): the same checks in the same order, each finding a
`Diagnostic` with DXC's rule name (`Instr.LinAlgIllegalKDim`, ...; hctdb.py) and DXC's message with the
values, so DXC's validator tests transcribe one to one and a user can search DXC for the rule an error
cites. `raise_if` turns findings into an InvalidArgumentError (a shader that fails validation).

Operands are described statically: a matrix by its `MatrixType` (None: a type without `dx.targetTypes`
metadata), an immediate by its int (None: a computed value), a resource by its kind
(`SRV_BAB`, `UAV_BAB`, or any other name), a vector by `Vector(length, llvm element type)`; `UNDEF` is an
`undef` operand. Rules 0035 states that DXC does not check yet (groupshared layouts, Thread-scope accumulate
layouts, vector lengths of Convert) are the HLSL layer's and `memory`'s, citing 0035.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dxlinalg.dxil.linalg_matrix.types import (
    MATRIX_COMPONENT_TYPES,
    ComponentType,
    ElementsPerScalar,
    MatrixLayout,
    MatrixScope,
    MatrixType,
    MatrixUse,
)
from dxlinalg.errors import InvalidArgumentError

#: DxilConstants.h kLinAlgMatrixMinK/MaxK (Thread and Wave) and kLinAlgThreadGroupMatrixMinK/MaxK.
K_LIMITS = {MatrixScope.Thread: (4, 128), MatrixScope.Wave: (4, 128), MatrixScope.ThreadGroup: (1, 1024)}
ALIGN_MULTIPLE = 128
WAVE_AND_GROUP = (MatrixScope.Wave, MatrixScope.ThreadGroup)
ROW_COLUMN = (MatrixLayout.RowMajor, MatrixLayout.ColMajor)
SRV_BAB, UAV_BAB = "ByteAddressBuffer", "RWByteAddressBuffer"

#: hctdb.py shader_stages=("compute",): every other LinAlg op is valid in every stage.
COMPUTE_ONLY = frozenset({
    "LinAlgFillMatrix", "LinAlgCopyConvertMatrix", "LinAlgMatrixLength", "LinAlgMatrixGetCoordinate",
    "LinAlgMatrixGetElement", "LinAlgMatrixSetElement", "LinAlgMatrixStoreToDescriptor", "LinAlgMatrixLoadFromMemory",
    "LinAlgMatrixStoreToMemory", "LinAlgMatrixAccumulateToMemory", "LinAlgMatrixMultiply",
    "LinAlgMatrixMultiplyAccumulate", "LinAlgMatrixAccumulate"})

_LAYOUT_NAMES = {0: "RowMajor", 1: "ColumnMajor", 2: "MulOptimal", 3: "MulOptimalTranspose",
                 4: "OuterProductOptimal", 5: "OuterProductOptimalTranspose"}


class _Undef:
    def __repr__(self) -> str:
        return "undef"


UNDEF = _Undef()


@dataclass(frozen=True)
class Vector:
    """A vector operand as the validator sees it: its length and LLVM element type (half, float, i32, ...)."""

    length: int
    element: str

    @property
    def is_float(self) -> bool:
        return self.element in ("half", "float", "double")


_LLVM_NAMES = {"float16": "half", "float32": "float", "float64": "double", "int8": "i8", "uint8": "i8",
               "int16": "i16", "uint16": "i16", "int32": "i32", "uint32": "i32", "int64": "i64", "uint64": "i64"}


def vector_of(values: np.ndarray) -> Vector:
    """The validator's view of a (lanes, N) vector operand."""
    array = np.asarray(values)
    return Vector(int(array.shape[-1]), _LLVM_NAMES.get(array.dtype.name, array.dtype.name))


@dataclass(frozen=True)
class Diagnostic:
    """One validation error: DXC's rule name and message."""

    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.message} (DXIL validation {self.rule})"


class LinAlgValidationError(InvalidArgumentError):
    """A LinAlg operation DXC's validator rejects; `diagnostics` lists every finding in DXC's order."""

    def __init__(self, op: str, diagnostics: list[Diagnostic]) -> None:
        self.diagnostics = diagnostics
        super().__init__(f"{op}: " + "; ".join(str(d) for d in diagnostics))


def raise_if(op: str, diagnostics: list[Diagnostic]) -> None:
    if diagnostics:
        raise LinAlgValidationError(op, diagnostics)


def layout_name(layout: int) -> str:
    return _LAYOUT_NAMES.get(int(layout), str(layout))


def _scope_name(scope: MatrixScope) -> str:
    return MatrixScope(scope).name


def _use_name(use: MatrixUse) -> str:
    return MatrixUse(use).name


def _component_name(component: int) -> str:
    try:
        return ComponentType(int(component)).name
    except ValueError:
        return str(component)


class _Findings:
    """The validator's error list for one call, with DXC's helper checks."""

    def __init__(self) -> None:
        self.found: list[Diagnostic] = []

    def emit(self, rule: str, message: str) -> None:
        self.found.append(Diagnostic(rule, message))

    def constant(self, value: object, name: str, op: str) -> int | None:
        """ValidateConstantIntGetValue: Instr.OpConst for a computed operand."""
        if value is None or isinstance(value, np.ndarray) or not isinstance(value, (int, np.integer)):
            self.emit("Instr.OpConst", f"{name} of {op} must be an immediate constant.")
            return None
        return int(value)

    def component(self, component: int, where: str) -> None:
        """ValidateLinAlgComponentType."""
        if int(component) not in {int(c) for c in MATRIX_COMPONENT_TYPES}:
            self.emit("Instr.LinAlgIllegalComponentType",
                      f"Component type '{_component_name(component)}' from {where} not allowed in LinAlg Matrix "
                      f"operations.")

    def k_dim(self, matrix: MatrixType, where: str) -> None:
        """ValidateLinAlgKDim: K is N of an A matrix, M of a B matrix; accumulators are not checked."""
        if matrix.use == MatrixUse.Accumulator:
            return
        k = matrix.k
        low, high = K_LIMITS[MatrixScope.ThreadGroup] if matrix.scope == MatrixScope.ThreadGroup else K_LIMITS[
            MatrixScope.Wave]
        if not low <= k <= high:
            self.emit("Instr.LinAlgIllegalKDim",
                      f"{where} matrix K dimension out of bounds. K={k} must be >= {low} and <= {high}.")

    def return_matrix(self, result: MatrixType | None) -> bool:
        """ValidateLinAlgOpReturnMatrix."""
        if result is None:
            self.emit("Instr.LinAlgMetadataMissing", "Return matrix must have well-formed metadata.")
            return False
        self.k_dim(result, "Return")
        self.component(result.component, "return matrix")
        return True

    def parameters(self, *operands: object) -> None:
        """ValidateLinAlgOpParameters over the operands after the opcode (DXC numbers them from 1)."""
        for index, operand in enumerate(operands, start=1):
            if operand is UNDEF:
                self.emit("Instr.NoReadingUninitialized", "Instructions should not read uninitialized value.")
            if isinstance(operand, _MissingMetadata):
                self.emit("Instr.LinAlgMetadataMissing", f"Arg {index} matrix must have well-formed metadata.")
            if isinstance(operand, MatrixType):
                self.k_dim(operand, f"Arg {index}")
                self.component(operand.component, f"arg {index} matrix")

    def scope2(self, matrix: MatrixType, role: str) -> None:
        if matrix.scope not in WAVE_AND_GROUP:
            self.emit("Instr.LinAlgMatrixScopeMismatch2", f"{role} matrix scope '{_scope_name(matrix.scope)}' does "
                                                          f"not match expected scope Wave or ThreadGroup.")

    def use1(self, matrix: MatrixType, role: str, use: MatrixUse) -> None:
        if matrix.use != use:
            self.emit("Instr.LinAlgMatrixUseMismatch", f"{role} matrix use '{_use_name(matrix.use)}' does not match "
                                                       f"expected use {use.name}.")

    def align(self, align: object, op: str) -> None:
        value = self.constant(align, "Align", op)
        if value is not None:
            if value == 0:
                self.emit("Instr.ParamMinimumValue", f"parameter 'Align' must be greater than 0, got {value}")
            if value % ALIGN_MULTIPLE:
                self.emit("Instr.ParamMultiple",
                          f"parameter 'Align' must be a multiple of {ALIGN_MULTIPLE}, got {value}")

    def stride_zero(self, layout: int, stride: object, op: str) -> None:
        if layout not in ROW_COLUMN:
            value = self.constant(stride, "Stride", op)
            if value is not None and value != 0:
                self.emit("Instr.LinAlgMatrixLayoutReqStride", f"{op} with layout '{layout_name(layout)}' requires "
                                                               f"stride 0.")


class _MissingMetadata:
    """A matrix operand whose type has no `dx.targetTypes` entry."""


MISSING_METADATA = _MissingMetadata()


def _matrix(operand: object) -> MatrixType | None:
    return operand if isinstance(operand, MatrixType) else None


# -- per operation, as DxilValidation.cpp ------------------------------------------------------------------------
def validate_stage(op_name: str, shader_model: str) -> list[Diagnostic]:
    """Sm.Opcode: Wave/ThreadGroup operations exist only in compute shaders (hctdb.py shader_stages)."""
    stage = shader_model.split("_")[0]
    if op_name in COMPUTE_ONLY and stage != "cs":
        return [Diagnostic("Sm.Opcode", f"Opcode {op_name} not valid in shader model {shader_model}.")]
    return []


def validate_fill(result: MatrixType | None, value: object) -> list[Diagnostic]:
    f = _Findings()
    ok = f.return_matrix(result)
    f.parameters(value)
    if ok:
        f.scope2(result, "Return")
    return f.found


def validate_copy_convert(result: MatrixType | None, source: object, transpose: object) -> list[Diagnostic]:
    op = "LinAlgCopyConvertMatrix"
    f = _Findings()
    ok = f.return_matrix(result)
    f.parameters(source, transpose)
    if not ok:
        return f.found
    source = _matrix(source)
    if source is None:
        return f.found
    flag = f.constant(transpose, "Transpose", op)
    if result.scope not in WAVE_AND_GROUP:
        f.emit("Instr.LinAlgMatrixScopeMismatch2", f"Destination matrix scope '{_scope_name(result.scope)}' does not "
                                                   f"match expected scope Wave or ThreadGroup.")
    if source.scope not in WAVE_AND_GROUP:
        f.emit("Instr.LinAlgMatrixScopeMismatch2", f"Source matrix scope '{_scope_name(source.scope)}' does not "
                                                   f"match expected scope Wave or ThreadGroup.")
    if result.scope != source.scope:
        f.emit("Instr.LinAlgMatrix2PartsMustMatch", f"Destination matrix scope '{_scope_name(result.scope)}' must "
                                                    f"match source matrix scope '{_scope_name(source.scope)}'.")
    src_m, src_n = (source.n, source.m) if flag == 1 else (source.m, source.n)
    if (result.m, result.n) != (src_m, src_n):
        f.emit("Instr.LinAlgMatrix2PartsMustMatch", f"Destination matrix dimension '{result.m}x{result.n}' must match "
                                                    f"source matrix dimension '{src_m}x{src_n}'.")
    return f.found


def validate_load_from_descriptor(result: MatrixType | None, handle: object, offset: object, stride: object,
                                  layout: object, align: object) -> list[Diagnostic]:
    op = "LinAlgMatrixLoadFromDescriptor"
    f = _Findings()
    ok = f.return_matrix(result)
    f.parameters(handle, offset, stride, layout, align)
    if not ok:
        return f.found
    layout_value = f.constant(layout, "Layout", op)
    if layout_value is None:
        return f.found
    row_column = layout_value in ROW_COLUMN
    if result.scope in WAVE_AND_GROUP and not row_column:
        f.emit("Instr.LinAlgMatrixScopeReqLayout2", f"Return matrix with scope '{_scope_name(result.scope)}' requires "
                                                    f"layout RowMajor or ColumnMajor for {op}.")
    f.stride_zero(layout_value, stride, op)
    f.align(align, op)
    if result.scope == MatrixScope.Thread and handle != SRV_BAB:
        f.emit("Instr.LinAlgMatrixLoadThreadRequiresBAB",
               "Loading matrix with Thread scope requires ByteAddressBuffer.")
    return f.found


def validate_load_from_memory(result: MatrixType | None, memory: object, offset: object, stride: object,
                              layout: object) -> list[Diagnostic]:
    f = _Findings()
    f.return_matrix(result)
    f.parameters(memory, offset, stride, layout)
    return f.found


def _validate_input_scope(matrix: object, *others: object) -> list[Diagnostic]:
    f = _Findings()
    f.parameters(matrix, *others)
    if isinstance(matrix, MatrixType):
        f.scope2(matrix, "Input")
    return f.found


def validate_length(matrix: object) -> list[Diagnostic]:
    return _validate_input_scope(matrix)


def validate_get_coordinate(matrix: object, index: object) -> list[Diagnostic]:
    return _validate_input_scope(matrix, index)


def validate_get_element(matrix: object, index: object) -> list[Diagnostic]:
    return _validate_input_scope(matrix, index)


def validate_set_element(result: MatrixType | None, matrix: object, index: object, value: object) -> list[Diagnostic]:
    f = _Findings()
    ok = f.return_matrix(result)
    f.parameters(matrix, index, value)
    if ok and isinstance(matrix, MatrixType):
        f.scope2(matrix, "Input")
        f.scope2(result, "Return")
    return f.found


def validate_store_to_descriptor(matrix: object, handle: object, offset: object, stride: object, layout: object,
                                 align: object) -> list[Diagnostic]:
    op = "LinAlgMatrixStoreToDescriptor"
    f = _Findings()
    f.parameters(matrix, handle, offset, stride, layout, align)
    if not isinstance(matrix, MatrixType):
        return f.found
    layout_value = f.constant(layout, "Layout", op)
    if layout_value is None:
        return f.found
    if layout_value not in ROW_COLUMN:
        f.emit("Instr.LinAlgMatrixRequiresLayout2", f"{op} requires layout RowMajor or ColumnMajor.")
    f.scope2(matrix, "Input")
    if handle != UAV_BAB:
        f.emit("Instr.LinAlgMatrixRequiresRWBAB", f"{op} requires RWByteAddressBuffer.")
    f.align(align, op)
    return f.found


def validate_store_to_memory(matrix: object, memory: object, offset: object, stride: object,
                             layout: object) -> list[Diagnostic]:
    f = _Findings()
    f.parameters(matrix, memory, offset, stride, layout)
    return f.found


def validate_multiply(result: MatrixType | None, a: object, b: object, c: object = None) -> list[Diagnostic]:
    """linAlgMatrixMultiply (c None) and linAlgMatrixMultiplyAccumulate."""
    f = _Findings()
    ok = f.return_matrix(result)
    f.parameters(a, b, *(() if c is None else (c,)))
    if not ok:
        return f.found
    matrices = [_matrix(m) for m in (a, b) + (() if c is None else (c,))]
    if any(m is None for m in matrices):
        return f.found
    a, b = matrices[0], matrices[1]
    c = matrices[2] if len(matrices) == 3 else None
    f.use1(a, "A", MatrixUse.A)
    f.use1(b, "B", MatrixUse.B)
    if c is not None:
        f.use1(c, "C", MatrixUse.Accumulator)
    f.use1(result, "Return", MatrixUse.Accumulator)
    named = [("A", a), ("B", b)] + ([("C", c)] if c is not None else []) + [("Return", result)]
    for role, m in named:
        f.scope2(m, role)
    if len({m.scope for _, m in named}) > 1:
        parts = ", ".join(f"{role} '{_scope_name(m.scope)}'" for role, m in named)
        f.emit(f"Instr.LinAlgMatrixScopeMustMatch{len(named)}", f"Matrix scope must be the same for all matrices. "
                                                                f"{parts}.")
    if a.n != b.m:
        f.emit("Instr.LinAlgMatrixMatrixKDimMustMatch", f"K dim of A matrix '{a.m}x{a.n}' must match K dim of B "
                                                        f"matrix '{b.m}x{b.n}'. {a.n} != {b.m}.")
    for role, m in ([("C", c)] if c is not None else []) + [("Return", result)]:
        if (m.m, m.n) != (a.m, b.n):
            f.emit("Instr.LinAlgMatrixMatrixResDimMustMatch",
                   f"{role} matrix dimension '{m.m}x{m.n}' must match A.MxB.N '{a.m}x{b.n}'.")
    return f.found


def validate_accumulate(result: MatrixType | None, lhs: object, rhs: object) -> list[Diagnostic]:
    f = _Findings()
    ok = f.return_matrix(result)
    f.parameters(lhs, rhs)
    if not ok:
        return f.found
    if isinstance(lhs, MatrixType) and lhs != result:
        f.emit("Instr.LinAlgMatrixNotExactMatch", f"Return matrix 'dx.types.LinAlgMatrix{result.mangling}' must "
                                                  f"exactly match arg 1 matrix 'dx.types.LinAlgMatrix{lhs.mangling}'.")
    if not (isinstance(lhs, MatrixType) and isinstance(rhs, MatrixType)):
        return f.found
    f.use1(result, "Return", MatrixUse.Accumulator)
    if rhs.use not in (MatrixUse.A, MatrixUse.B):
        f.emit("Instr.LinAlgMatrixUseMismatch2", f"Arg 2 matrix use '{_use_name(rhs.use)}' does not match expected "
                                                 f"use A or B.")
    if result.scope != rhs.scope:
        f.emit("Instr.LinAlgMatrix2PartsMustMatch", f"Return matrix scope '{_scope_name(result.scope)}' must match "
                                                    f"Arg 2 matrix scope '{_scope_name(rhs.scope)}'.")
    f.scope2(rhs, "Arg 2")
    f.scope2(result, "Return")
    if (result.m, result.n) != (rhs.m, rhs.n):
        f.emit("Instr.LinAlgMatrix2PartsMustMatch", f"Arg 2 matrix dimension '{rhs.m}x{rhs.n}' must match return "
                                                    f"matrix dimension '{result.m}x{result.n}'.")
    return f.found


def validate_matvecmul(output: Vector, matrix: object, is_output_signed: object, input_vector: Vector,
                       interpretation: object, op: str = "LinAlgMatVecMul") -> list[Diagnostic]:
    f = _Findings()
    f.parameters(matrix, is_output_signed, input_vector, interpretation)
    if not isinstance(matrix, MatrixType):
        return f.found
    if matrix.scope != MatrixScope.Thread:
        f.emit("Instr.LinAlgMatrixScopeMismatch", f"Input matrix scope '{_scope_name(matrix.scope)}' does not match "
                                                  f"expected scope Thread.")
    f.use1(matrix, "Input", MatrixUse.A)
    interp = int(ComponentType.Invalid)
    value = f.constant(interpretation, "InputInterp", op)
    if value is not None:
        interp = value
        f.component(interp, "InputInterp")
    per = ElementsPerScalar(ComponentType(interp)) if interp in {int(c) for c in MATRIX_COMPONENT_TYPES} else 4
    expected = (matrix.n + per - 1) // per
    if input_vector.length != expected:
        f.emit("Instr.LinAlgMatrixDimKVecKMismatch",
               f"Input vector size '{input_vector.length}' must be {expected} for input matrix with K '{matrix.n}' "
               f"and Type '{_component_name(interp)}'")
    if output.length != matrix.m:
        f.emit("Instr.LinAlgMatrixDimVectorMismatch",
               f"Output vector size '{output.length}' must match input matrix M dimension '{matrix.m}'")
    signed = f.constant(is_output_signed, "IsSigned", op)
    if signed is not None and output.is_float and signed != 1:
        f.emit("Instr.LinAlgMatrixUnsignedFloatTypeNotAllowed", f"Float-like type '{output.element}' must be signed")
    return f.found


def validate_matvecmuladd(output: Vector, matrix: object, is_output_signed: object, input_vector: Vector,
                          interpretation: object, bias: Vector) -> list[Diagnostic]:
    found = validate_matvecmul(output, matrix, is_output_signed, input_vector, interpretation, "LinAlgMatVecMulAdd")
    f = _Findings()
    f.found = found
    if isinstance(matrix, MatrixType):
        if bias.length != matrix.m:
            f.emit("Instr.LinAlgMatrixDimVectorMismatch",
                   f"Bias vector size '{bias.length}' must match input matrix M dimension '{matrix.m}'")
        if bias.element != output.element:
            f.emit("Instr.LinAlgMatrixOutputBiasVecMismatch", f"Output vector element type '{output.element}' must "
                                                              f"match bias vector element type '{bias.element}'")
    return f.found


def validate_accumulate_to_descriptor(matrix: object, handle: object, offset: object, stride: object,
                                      layout: object, align: object) -> list[Diagnostic]:
    op = "LinAlgMatrixAccumulateToDescriptor"
    f = _Findings()
    f.parameters(matrix, handle, offset, stride, layout, align)
    if not isinstance(matrix, MatrixType):
        return f.found
    layout_value = f.constant(layout, "Layout", op)
    if layout_value is None:
        return f.found
    row_column = layout_value in ROW_COLUMN
    if matrix.scope == MatrixScope.Thread and layout_value not in (MatrixLayout.OuterProductOptimal,
                                                                   MatrixLayout.OuterProductOptimalTranspose):
        f.emit("Instr.LinAlgMatrixScopeReqLayout2", f"Input matrix with scope 'Thread' requires layout "
                                                    f"OuterProductOptimal or OuterProductOptimalTranspose for {op}.")
    if matrix.scope in WAVE_AND_GROUP and not row_column:
        f.emit("Instr.LinAlgMatrixScopeReqLayout2", f"Input matrix with scope '{_scope_name(matrix.scope)}' requires "
                                                    f"layout RowMajor or ColumnMajor for {op}.")
    f.stride_zero(layout_value, stride, op)
    f.use1(matrix, "Input", MatrixUse.Accumulator)
    if handle != UAV_BAB:
        f.emit("Instr.LinAlgMatrixRequiresRWBAB", f"{op} requires RWByteAddressBuffer.")
    f.align(align, op)
    return f.found


def validate_accumulate_to_memory(matrix: object, memory: object, target_type: object, offset: object,
                                  stride: object, layout: object) -> list[Diagnostic]:
    f = _Findings()
    f.parameters(matrix, memory, target_type, offset, stride, layout)
    return f.found


def validate_outer_product(result: MatrixType | None, a: object, b: object) -> list[Diagnostic]:
    f = _Findings()
    f.return_matrix(result)
    f.parameters(a, b)
    return f.found


def validate_generic(*operands: object) -> list[Diagnostic]:
    """linAlgConvert, linAlgVectorAccumulateToDescriptor: DXC runs only the parameter checks."""
    f = _Findings()
    f.parameters(*operands)
    return f.found


# -- 0035's rules that DXC's validator does not check (yet) ---------------------------------------------------------
P35 = "0035"


def require_layout(layout: object, op: str) -> MatrixLayout:
    """A layout operand: an immediate MatrixLayout value (0035: MatrixLayout)."""
    if layout is None or isinstance(layout, np.ndarray) or not isinstance(layout, (int, np.integer)):
        raise InvalidArgumentError(f"{op}: Layout must be an immediate MatrixLayout (0035: MatrixLayout)")
    try:
        return MatrixLayout(int(layout))
    except ValueError:
        raise InvalidArgumentError(f"{op}: Layout {layout} is not a MatrixLayout value 0..5 (0035: MatrixLayout)") \
            from None


def require_row_or_column(matrix: MatrixType, layout: MatrixLayout, op: str) -> None:
    """Wave and ThreadGroup matrices are read and written RowMajor or ColMajor, in groupshared too (0035 Load/Store;
    DXC validates this for descriptors only)."""
    if matrix.scope in WAVE_AND_GROUP and layout not in ROW_COLUMN:
        raise InvalidArgumentError(f"{op}: a {matrix} uses layout RowMajor or ColMajor, got {layout_name(layout)} "
                                   f"({P35} Matrix Load/Store: Wave and ThreadGroup layouts)")


def require_accumulator(matrix: MatrixType, op: str) -> None:
    if matrix.use != MatrixUse.Accumulator:
        raise InvalidArgumentError(f"{op}: a {matrix} is not an Accumulator ({P35} InterlockedAccumulate: "
                                   f"Accumulator matrices only)")


def require_component_type(component: object, argument: str, op: str) -> ComponentType:
    if component is None or not isinstance(component, (int, np.integer)) or int(component) not in {
            int(c) for c in MATRIX_COMPONENT_TYPES}:
        raise InvalidArgumentError(f"{op}: {argument} = {component!r} is not one of 0035's matrix component types "
                                   f"({', '.join(c.name for c in MATRIX_COMPONENT_TYPES)})")
    return ComponentType(int(component))


def validate_matrix_type(matrix: MatrixType) -> list[Diagnostic]:
    """The checks every LinAlg matrix type meets wherever an op produces it: component type and K limits."""
    f = _Findings()
    f.return_matrix(matrix)
    return f.found
