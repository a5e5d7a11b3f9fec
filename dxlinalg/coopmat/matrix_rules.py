"""Every rule of the SPV_KHR_cooperative_matrix values and instructions, one named check each.

Sources: SPV_KHR_cooperative_matrix (revision 10), the core SPIR-V rules of the conversion and
arithmetic instructions it extends, SPV_NV_cooperative_matrix2's relaxation of conversions, and
Vulkan's VUID-RuntimeSpirv-OpCooperativeMatrixLoadKHR-08986 (Pointer and Stride alignment). Each
message names the instruction, the operand, the values and the rule. Three kinds:
- InvalidArgumentError: what a validator rejects (types, uses, shapes, operand bits); always.
- UndefinedBehaviorError, strict mode only: what a valid program can still do wrong at run time
  (misaligned or out-of-bounds access, division by zero, out-of-range float-to-integer
  conversion, a saturating MulAdd whose product overflows, a scope instance only partly active).
- UnsupportedError: valid SPIR-V that dxlinalg does not emulate (other storage classes, layouts).
"""

from __future__ import annotations

import numbers

import numpy as np

from dxlinalg.coopmat.matrix_enums import (
    CooperativeMatrixLayout,
    CooperativeMatrixOperands,
    StorageClass,
)
from dxlinalg.coopmat.matrix_type import CoopMatrix, CoopMatType, MatrixUse
from dxlinalg.errors import (
    InvalidArgumentError,
    UndefinedBehaviorError,
    UnsupportedError,
)

KHR = "SPV_KHR_cooperative_matrix"
NV2 = "SPV_NV_cooperative_matrix2"
ALIGNMENT_VUID = "VUID-RuntimeSpirv-OpCooperativeMatrixLoadKHR-08986"
MAX_POINTER_ALIGNMENT = 16
VECTOR_SIZES = (1, 2, 3, 4, 8, 16)


def _integer(value: object, argument: str, op: str) -> int:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise InvalidArgumentError(f"{op}: {argument} = {value!r} must be an integer")
    return int(value)


# -- values ---------------------------------------------------------------------------------------------
def check_matrix(value: object, operand: str, op: str) -> CoopMatrix:
    """An operand that must be a cooperative matrix."""
    if not isinstance(value, CoopMatrix):
        raise InvalidArgumentError(
            f"{op}: '{operand}' is a {type(value).__name__}; it must be a cooperative matrix (a CoopMatrix) ({KHR})")
    return value


def check_result_type(value: object, op: str) -> CoopMatType:
    if not isinstance(value, CoopMatType):
        raise InvalidArgumentError(
            f"{op}: 'Result Type' {value!r} must be an OpTypeCooperativeMatrixKHR (a CoopMatType) ({KHR})")
    return value


def check_scope_size(scope_size: object, op: str) -> int:
    """The invocations of one scope instance: a positive count."""
    number = _integer(scope_size, "scope size", op)
    if number < 1:
        raise InvalidArgumentError(f"{op}: scope size {number} must be at least one invocation")
    return number


def check_instance_count(count: object, op: str) -> int:
    """Memory serves one or more scope instances."""
    number = _integer(count, "instances", op)
    if number < 1:
        raise InvalidArgumentError(f"{op}: instances = {number} must be at least one scope instance")
    return number


def check_same_instances(matrices: dict[str, CoopMatrix], op: str) -> int:
    """Operands of one instruction hold one matrix per scope instance of the same run."""
    counts = {name: m.instances for name, m in matrices.items()}
    if len(set(counts.values())) != 1:
        shown = ", ".join(f"'{name}' {count}" for name, count in counts.items())
        raise InvalidArgumentError(f"{op}: the operands hold matrices for different numbers of scope instances "
                                   f"({shown}); they must come from the same scope instances")
    return next(iter(counts.values()))


def check_component_index(strict: bool, index: np.ndarray, length: int, op: str) -> np.ndarray:
    """(n,) bool: indices inside [0, Length); a composite index past Length is undefined behaviour."""
    inside = (index >= 0) & (index < length)
    if strict and not inside.all():
        bad = int(index[~inside][0])
        raise UndefinedBehaviorError(
            f"{op}: component index {bad} is outside [0, {length}), the matrix's OpCooperativeMatrixLengthKHR "
            f"({KHR}: a cooperative matrix is a composite of Length components per invocation)")
    return inside


def check_whole_scope(counts: np.ndarray, size: int, scope: str, op: str, profile: str | None = None) -> None:
    """Each scope instance has exactly `size` invocations in the chunk (whole waves, whole groups).

    A Subgroup short of invocations is almost always a workgroup smaller than (or not a multiple of) the
    profile's wave: `numthreads=(32, 1, 1)` on a profile with waves of 64 (`minimal`), so the message says so."""
    short = np.flatnonzero(counts != size)
    if short.size:
        instance = int(short[0])
        hint = ""
        if scope == "Subgroup" and profile is not None:
            hint = (f"; profile '{profile}' runs waves of {size} invocations, so a workgroup using Subgroup-scope "
                    f"matrices needs a multiple of {size} invocations (or a profile with smaller waves)")
        raise InvalidArgumentError(
            f"{op}: {scope} instance {instance} has {int(counts[instance])} invocations, not {size}{hint}; cooperative "
            f"matrices need full subgroups and uniform workgroups (VUID-RuntimeSpirv-OpTypeCooperativeMatrixKHR-10770: "
            f"full subgroups)")


def check_per_lane_shape(shape: tuple[int, ...], lanes: int, operand: str, op: str) -> None:
    raise InvalidArgumentError(f"{op}: '{operand}' has shape {shape}; give a scalar or one value per lane ({lanes}, ...)")


def report_non_uniform(strict: bool, operand: str, instance: int, scope: str, op: str) -> None:
    if strict:
        raise UndefinedBehaviorError(
            f"{op}: '{operand}' differs between the invocations of {scope} instance {instance} ({KHR}: all the operands "
            f"to this instruction must be dynamically uniform within every instance of the Scope of the cooperative "
            f"matrix)")


# -- uses, scopes, shapes -----------------------------------------------------------------------------------
def check_use(matrix_type: CoopMatType, expected: MatrixUse, operand: str, op: str) -> None:
    if matrix_type.use != expected:
        raise InvalidArgumentError(
            f"{op}: '{operand}' has Use {matrix_type.use.name}; it must be {expected.name} ({KHR}: {op})")


def check_same_scope(types: dict[str, CoopMatType], op: str) -> None:
    scopes = {name: t.scope for name, t in types.items()}
    if len(set(scopes.values())) != 1:
        shown = ", ".join(f"'{name}' {scope.name}" for name, scope in scopes.items())
        raise InvalidArgumentError(f"{op}: operands have different scopes ({shown}); they must have the same scope "
                                   f"({KHR}: {op})")


def check_muladd_shapes(a: CoopMatType, b: CoopMatType, c: CoopMatType, result: CoopMatType, op: str) -> None:
    """A is M x K, B K x N, C and Result M x N."""
    m, k = a.rows, a.cols
    n = result.cols
    problems = []
    if b.rows != k:
        problems.append(f"B has {b.rows} rows, A has K = {k} columns")
    if result.rows != m or c.rows != m:
        problems.append(f"A, C and Result have {m}, {c.rows} and {result.rows} rows")
    if b.cols != n or c.cols != n:
        problems.append(f"B, C and Result have {b.cols}, {c.cols} and {n} columns")
    if problems:
        raise InvalidArgumentError(f"{op}: {'; '.join(problems)} ({KHR}: the values of M, N and K must be consistent "
                                   f"across the result and operands: A is M x K, B K x N, C and Result M x N)")


def check_same_type(types: dict[str, CoopMatType], op: str) -> None:
    """Binary arithmetic: both operands and the result have one type."""
    distinct = set(types.values())
    if len(distinct) != 1:
        shown = ", ".join(f"'{name}' {t}" for name, t in types.items())
        raise InvalidArgumentError(f"{op}: {shown}: binary arithmetic on cooperative matrices needs operands of one "
                                   f"type, the result's ({KHR}: 'whose type must match')")


# -- component kinds ----------------------------------------------------------------------------------------
def is_float(dtype: np.dtype) -> bool:
    """Float component types: numpy's floats and ml_dtypes' (bfloat16, float8), whose kind is 'V'."""
    return dtype.kind == "f" or (dtype.kind == "V" and dtype.fields is None)


def check_float_component(matrix_type: CoopMatType, operand: str, op: str) -> None:
    if not is_float(matrix_type.component):
        raise InvalidArgumentError(f"{op}: '{operand}' has integer components ({matrix_type.component}); OpF* "
                                   f"instructions take cooperative matrices with a floating-point Component Type "
                                   f"({KHR}: arithmetic instructions)")


def check_integer_component(matrix_type: CoopMatType, operand: str, op: str) -> None:
    if is_float(matrix_type.component):
        raise InvalidArgumentError(f"{op}: '{operand}' has float components ({matrix_type.component}); OpI*, OpS* and "
                                   f"OpU* instructions take cooperative matrices with an integer Component Type "
                                   f"({KHR}: arithmetic instructions)")


def check_scalar(scalar: np.ndarray, matrix_type: CoopMatType, instances: int, op: str) -> np.ndarray:
    """OpMatrixTimesScalar's Scalar has the matrix's component type: one value, or one per scope instance."""
    if scalar.dtype != matrix_type.component:
        raise InvalidArgumentError(f"{op}: 'Scalar' is {scalar.dtype}; it must have the matrix's component type "
                                   f"{matrix_type.component} (SPIR-V: OpMatrixTimesScalar)")
    if scalar.shape not in ((), (instances,)):
        raise InvalidArgumentError(f"{op}: 'Scalar' has shape {scalar.shape}; give one value, or one per scope "
                                   f"instance ({instances},)")
    return scalar.reshape(-1 if scalar.ndim else 1)


# -- MulAdd operands ----------------------------------------------------------------------------------------
def check_operand_bits(value: object, op: str) -> CooperativeMatrixOperands:
    number = _integer(value, "Cooperative Matrix Operands", op)
    valid = sum(int(flag) for flag in CooperativeMatrixOperands)
    if number < 0 or number & ~valid:
        raise InvalidArgumentError(
            f"{op}: Cooperative Matrix Operands 0x{number:x} has bits other than MatrixASignedComponentsKHR 0x1, "
            f"MatrixBSignedComponentsKHR 0x2, MatrixCSignedComponentsKHR 0x4, MatrixResultSignedComponentsKHR 0x8 "
            f"and SaturatingAccumulationKHR 0x10 ({KHR}: Cooperative Matrix Operands)")
    return CooperativeMatrixOperands(number)


def check_signed_bits(operands: CooperativeMatrixOperands, types: dict[str, CoopMatType], op: str) -> None:
    """Matrix{A,B,C,Result}SignedComponentsKHR only for a matrix with integer components."""
    flags = {"A": CooperativeMatrixOperands.MatrixASignedComponentsKHR,
             "B": CooperativeMatrixOperands.MatrixBSignedComponentsKHR,
             "C": CooperativeMatrixOperands.MatrixCSignedComponentsKHR,
             "Result": CooperativeMatrixOperands.MatrixResultSignedComponentsKHR}
    for name, flag in flags.items():
        if flag in operands and is_float(types[name].component):
            raise InvalidArgumentError(
                f"{op}: {flag.name} is set but '{name}' has float components ({types[name].component}) ({KHR}: the "
                f"Matrix{{A,B,C,Result}}SignedComponentsKHR operand can only be used when the type of the "
                f"corresponding matrix is an integer type)")


def check_saturating_integer(operands: CooperativeMatrixOperands, result: CoopMatType, op: str) -> None:
    if CooperativeMatrixOperands.SaturatingAccumulationKHR in operands and is_float(result.component):
        raise InvalidArgumentError(
            f"{op}: SaturatingAccumulationKHR is set but 'Result Type' has float components ({result.component}); "
            f"the operand defines saturating integer accumulation only ({KHR}: Cooperative Matrix Operands)")


def check_component_kinds(types: dict[str, CoopMatType], op: str) -> bool:
    """A, B, C and Result are all float or all integer; returns whether they are float.

    The KHR text leaves the combinations to the client API (Vulkan lists supported ones in
    VkCooperativeMatrixPropertiesKHR); dxlinalg accepts any combination of one kind and rejects a mix,
    for which the text defines no arithmetic."""
    kinds = {name: is_float(t.component) for name, t in types.items()}
    if len(set(kinds.values())) != 1:
        shown = ", ".join(f"'{name}' {types[name].component}" for name in types)
        raise InvalidArgumentError(
            f"{op}: {shown}: the component types mix float and integer; A, B, C and Result must be all float or all "
            f"integer ({KHR} leaves the combinations to the client API; dxlinalg defines no float-integer mix)")
    return next(iter(kinds.values()))


def report_saturating_overflow(strict: bool, instance: int, row: int, col: int, value: int, low: int, high: int,
                               op: str) -> None:
    """SaturatingAccumulation: A x B overflowing the Result type is undefined."""
    if strict:
        raise UndefinedBehaviorError(
            f"{op}: instance {instance} element ({row}, {col}): A x B = {value} is outside the Result type's range "
            f"[{low}, {high}] ({KHR}: if SaturatingAccumulationKHR is present and overflow or underflow occurs as "
            f"part of calculating that intermediate result, the result of the instruction is undefined)")


# -- conversions --------------------------------------------------------------------------------------------
def check_conversion_shape(source: CoopMatType, result: CoopMatType, op: str) -> None:
    """Conversions keep Scope, Rows and Columns."""
    if (source.scope, source.rows, source.cols) != (result.scope, result.rows, result.cols):
        raise InvalidArgumentError(
            f"{op}: converting {source} to {result}: the result type and value type must have the same Scope, number "
            f"of Rows and number of Columns ({KHR}: conversion instructions)")


def check_conversion_use(source: CoopMatType, result: CoopMatType, op: str, *, may_change_use: bool) -> None:
    """Use is kept, except that Op{F,S,U}Convert and friends may turn an Accumulator into A or B (NV2)."""
    if source.use == result.use:
        return
    relaxed = (may_change_use and source.use == MatrixUse.MatrixAccumulatorKHR
               and result.use in (MatrixUse.MatrixAKHR, MatrixUse.MatrixBKHR))
    if not relaxed:
        why = (f"{NV2} lets Op{{F,S,U}}Convert change Use only from MatrixAccumulatorKHR to MatrixAKHR or "
               f"MatrixBKHR" if may_change_use else f"{NV2}: the restriction on OpBitcast is not relaxed")
        raise InvalidArgumentError(f"{op}: converting {source} to {result} changes Use from {source.use.name} to "
                                   f"{result.use.name} ({KHR}: the result type and value type must have the same "
                                   f"Use; {why})")


def check_conversion_kinds(source: CoopMatType, result: CoopMatType, source_float: bool, result_float: bool,
                           op: str) -> None:
    if is_float(source.component) != source_float or is_float(result.component) != result_float:
        kinds = ("float" if source_float else "integer", "float" if result_float else "integer")
        raise InvalidArgumentError(
            f"{op}: converts {kinds[0]} components to {kinds[1]} components; got {source.component} to "
            f"{result.component} (SPIR-V: {op})")


def check_unsigned_result(result: CoopMatType, op: str) -> None:
    """OpUConvert and OpConvertFToU produce unsigned integers (Signedness 0)."""
    if result.component.kind != "u":
        raise InvalidArgumentError(f"{op}: 'Result Type' has {result.component} components; {op} needs an integer "
                                   f"type whose Signedness is 0 (SPIR-V: {op})")


def check_component_changes(source: CoopMatType, result: CoopMatType, op: str) -> None:
    """Op{F,S,U}Convert change the width (or, between float types of one width, the encoding)."""
    same_width = source.component.itemsize == result.component.itemsize
    if source.component == result.component or (same_width and not is_float(source.component)):
        raise InvalidArgumentError(
            f"{op}: {source.component} to {result.component}: the component width must not equal the component "
            f"width in Result Type (SPIR-V: {op}; float types of one width may differ in encoding: bfloat16, "
            f"float8 E4M3/E5M2)")


def check_bitcast(source: CoopMatType, result: CoopMatType, op: str) -> None:
    """OpBitcast on cooperative matrices: integer component types of the same width."""
    if is_float(source.component) or is_float(result.component) or \
            source.component.itemsize != result.component.itemsize:
        raise InvalidArgumentError(
            f"{op}: {source.component} to {result.component}: OpBitcast is allowed on cooperative matrices whose "
            f"Component Types are integer types with the same Width ({KHR}: conversion instructions)")


def report_conversion_out_of_range(strict: bool, value: float, result: np.dtype, low: int, high: int,
                                   op: str) -> None:
    if strict:
        raise UndefinedBehaviorError(
            f"{op}: {value!r} rounded toward zero is outside [{low}, {high}] of the {result} result (SPIR-V: {op}: "
            f"behavior is undefined if Result Type is not wide enough to hold the converted value)")


# -- arithmetic at run time ---------------------------------------------------------------------------------
def report_division_by_zero(strict: bool, op: str) -> None:
    if strict:
        raise UndefinedBehaviorError(f"{op}: an element of Operand 2 is 0 (SPIR-V: {op}: behavior is undefined if "
                                     f"Operand 2 is 0)")


def report_division_overflow(strict: bool, minimum: int, op: str) -> None:
    if strict:
        raise UndefinedBehaviorError(f"{op}: {minimum} / -1 (SPIR-V: OpSDiv: behavior is undefined if Operand 2 is -1 "
                                     f"and Operand 1 is the minimum representable value for the operands' type)")


# -- loads and stores ---------------------------------------------------------------------------------------
def check_layout(value: object, op: str) -> CooperativeMatrixLayout:
    number = _integer(value, "MemoryLayout", op)
    try:
        return CooperativeMatrixLayout(number)
    except ValueError:
        raise UnsupportedError(
            f"{op}: MemoryLayout {number} is not RowMajorKHR 0 or ColumnMajorKHR 1 ({KHR}: Cooperative Matrix "
            f"Layout; vendor layouts such as SPV_ARM_cooperative_matrix_layouts' are not emulated)") from None


def check_stride(stride: object, instances: int, is_store: bool, op: str) -> np.ndarray:
    """Stride: present; >= 0 for a load, > 0 for a store; one value or one per scope instance."""
    if stride is None:
        raise InvalidArgumentError(f"{op}: 'Stride' is missing; RowMajorKHR and ColumnMajorKHR need it ({KHR}: "
                                   f"Cooperative Matrix Layout: a fixed stride ... which must be provided)")
    values = np.asarray(stride)
    if values.dtype.kind not in "iu" or values.shape not in ((), (instances,)):
        raise InvalidArgumentError(f"{op}: 'Stride' {stride!r} must be an integer, or one per scope instance "
                                   f"({instances},) ({KHR}: Stride must be a scalar integer type)")
    values = np.broadcast_to(values.astype(np.int64), (instances,))
    smallest = 1 if is_store else 0
    if values.size and values.min() < smallest:
        raise InvalidArgumentError(
            f"{op}: 'Stride' {int(values.min())} must be {'greater than 0' if is_store else 'at least 0'} ({KHR}: Stride "
            f"must be greater than 0 when passed to OpCooperativeMatrixStoreKHR and must be greater than or equal to "
            f"0 when passed to OpCooperativeMatrixLoadKHR)")
    return values


def check_storage_class(value: object, op: str) -> StorageClass:
    number = _integer(value, "storage class", op)
    try:
        return StorageClass(number)
    except ValueError:
        raise UnsupportedError(
            f"{op}: Pointer in storage class {number}; dxlinalg emulates cooperative-matrix loads and stores through "
            f"Workgroup (4), StorageBuffer (12) and PhysicalStorageBuffer (5349) pointers") from None


def check_pointee(dtype: np.dtype, components: object, op: str) -> int:
    """Pointer's type is a pointer to a scalar or vector of a numerical type; returns its size in bytes."""
    count = _integer(components, "pointee components", op)
    numerical = dtype.kind in "iu" or is_float(dtype)
    if not numerical or dtype.itemsize not in (1, 2, 4, 8) or count not in VECTOR_SIZES:
        raise InvalidArgumentError(
            f"{op}: Pointer points to {count} x {dtype}; its type must be an OpTypePointer whose Type operand is a "
            f"scalar or vector (2, 3, 4, 8 or 16 components) of a numerical type ({KHR}: {op} 'Pointer')")
    return dtype.itemsize * count


def required_alignment(matrix_type: CoopMatType, layout: CooperativeMatrixLayout) -> int:
    """The lesser of 16 bytes and the natural alignment of a row (RowMajor) or column (ColumnMajor).

    A row's natural alignment is taken as the largest power of two dividing its size in bytes
    (columns x component size), since an alignment is a power of two."""
    count = matrix_type.cols if layout == CooperativeMatrixLayout.RowMajorKHR else matrix_type.rows
    natural = count * matrix_type.component.itemsize
    return min(MAX_POINTER_ALIGNMENT, natural & -natural)


def report_misaligned(strict: bool, what: str, value: int, alignment: int, instance: int, op: str) -> None:
    if strict:
        raise UndefinedBehaviorError(
            f"{op}: scope instance {instance}: {what} = {value} bytes is not a multiple of {alignment} ({ALIGNMENT_VUID}: "
            f"the Pointer and Stride operands must be aligned to at least the lesser of 16 bytes or the natural "
            f"alignment of a row or column of the matrix)")


def report_outside_memory(strict: bool, instance: int, row: int, col: int, start: int, length: int, size: int,
                          name: str, op: str) -> None:
    if strict:
        raise UndefinedBehaviorError(
            f"{op}: scope instance {instance}, matrix element ({row}, {col}) addresses bytes [{start}, "
            f"{start + length}) of {name}, which has {size} bytes (an access outside the memory Pointer points into is "
            f"undefined without robust buffer access)")


def report_conflicting_store(strict: bool, first: tuple[int, ...], second: tuple[int, ...], offset: int,
                             op: str) -> None:
    """Two elements (instance, row, col) of one store write different values to one location."""
    if strict:
        raise UndefinedBehaviorError(
            f"{op}: elements (instance, row, col) {first} and {second} store different values to byte {offset} of "
            f"the memory (a Stride shorter than a row or column, or instances storing over each other: the "
            f"stores to one location are unordered, so which lands is undefined)")
