"""Every rule of tensor layouts, views and tensor loads/stores, one named check each.

Sources: SPV_NV_tensor_addressing (the layout and view instructions), SPV_NV_cooperative_matrix2
(seeds 000/001: LoadTensor/StoreTensor and the addressing pseudocode) and GL_NV_cooperative_matrix2.
Each message names the instruction (or GLSL builtin) the caller was executing, the operand, the
values and the rule. Three kinds:
- InvalidArgumentError: what a validator rejects (counts, ranges, types, permutations); always.
- UndefinedBehaviorError, strict mode only: what the specs leave undefined but a real program could
  still do (misaligned Pointer, out-of-bounds with clamp mode Undefined, accesses outside memory,
  conflicting stores, strides that break SetStride's rule, a clip range whose end wraps 32 bits).
- UndefinedBehaviorError in both modes: a zero divisor in the pseudocode (span, view dimension or
  block size 0), for which no hardware result can be named.
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence

import numpy as np

from dxlinalg.coopmat.tensor_enums import (
    MAX_DIMENSIONS,
    POINTER_ALIGNMENT,
    UINT32_MASK,
    ClampMode,
    TensorAddressingOperands,
)
from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError

TENSOR_ADDRESSING = "SPV_NV_tensor_addressing"
COOPMAT2 = "SPV_NV_cooperative_matrix2"
STORAGE_BUFFER = 12             # SPIR-V StorageClass StorageBuffer
PHYSICAL_STORAGE_BUFFER = 5349  # SPIR-V StorageClass PhysicalStorageBuffer
ELEMENT_SIZES = (1, 2, 4, 8)


# -- operand values -------------------------------------------------------------------------------
def _integer(value: object, argument: str, op: str) -> int:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise InvalidArgumentError(
            f"{op}: {argument} = {value!r} must be an integer ({TENSOR_ADDRESSING}: operands are scalar "
            f"32-bit integers)")
    return int(value)


def as_uint32(value: object, argument: str, op: str) -> int:
    """A uint32 operand (dimension, stride, span, block size, clip value, clamp value)."""
    number = _integer(value, argument, op)
    if not 0 <= number <= UINT32_MASK:
        raise InvalidArgumentError(
            f"{op}: {argument} = {number} is outside uint32 [0, 0xFFFFFFFF] ({TENSOR_ADDRESSING}: operands "
            f"are scalar 32-bit integers)")
    return number


def as_int32(value: object, argument: str, op: str) -> int:
    """An int32 operand (a slice offset: the layout's offset[] is int32_t)."""
    number = _integer(value, argument, op)
    if not -(1 << 31) <= number < (1 << 31):
        raise InvalidArgumentError(
            f"{op}: {argument} = {number} is outside int32 [-2^31, 2^31) ({TENSOR_ADDRESSING}: the slice "
            f"offsets are int32_t)")
    return number


def wrap_int32(value: int) -> int:
    """Two's-complement int32 of an integer's low 32 bits (int32_t arithmetic wraps this way)."""
    value &= UINT32_MASK
    return value - (1 << 32) if value >= (1 << 31) else value


# -- types ----------------------------------------------------------------------------------------
def check_dimension_count(dim: object, argument: str, op: str) -> int:
    """Dim of OpTypeTensorLayoutNV / OpTypeTensorViewNV is 1..5."""
    number = _integer(dim, argument, op)
    if not 1 <= number <= MAX_DIMENSIONS:
        raise InvalidArgumentError(
            f"{op}: {argument} = {number} must be greater than zero and at most {MAX_DIMENSIONS} "
            f"({TENSOR_ADDRESSING}: OpTypeTensorLayoutNV/OpTypeTensorViewNV 'Dim')")
    return number


def check_clamp_mode(mode: object, op: str) -> ClampMode:
    """ClampMode is a Tensor Clamp Mode: 0..4."""
    number = _integer(mode, "ClampMode", op)
    try:
        return ClampMode(number)
    except ValueError:
        raise InvalidArgumentError(
            f"{op}: ClampMode = {number} is not a Tensor Clamp Mode (valid: 0 Undefined, 1 Constant, "
            f"2 ClampToEdge, 3 Repeat, 4 MirrorRepeat; {TENSOR_ADDRESSING}: OpTypeTensorLayoutNV)") from None


def check_has_dimensions(value: object, op: str) -> bool:
    """HasDimensions is a boolean constant."""
    if not isinstance(value, (bool, np.bool_)):
        raise InvalidArgumentError(
            f"{op}: HasDimensions = {value!r} must be a boolean ({TENSOR_ADDRESSING}: OpTypeTensorViewNV)")
    return bool(value)


def check_permutation(permutation: Sequence[object], dim: int, op: str) -> tuple[int, ...]:
    """p0..p<Dim-1> form a permutation of [0, Dim)."""
    values = tuple(_integer(p, "permutation", op) for p in permutation)
    if len(values) != dim or sorted(values) != list(range(dim)):
        raise InvalidArgumentError(
            f"{op}: permutation {list(values)} must be a permutation of [0, {dim}) with {dim} entries "
            f"({TENSOR_ADDRESSING}: OpTypeTensorViewNV 'p0' ... 'p<Dim-1>' must form a valid permutation)")
    return values


def check_operand_count(values: Sequence[object], expected: int, operand: str, op: str) -> None:
    """The number of Dim/Stride/BlockSize/Offset/Span operands matches the type's dimension."""
    if len(values) != expected:
        raise InvalidArgumentError(
            f"{op}: {len(values)} {operand} operands given, the type has {expected} dimensions "
            f"({TENSOR_ADDRESSING}: the number of {operand} operands must match the dimension of 'Result Type')")


def check_result_type(operand_type: object, result_type: object, operand: str, op: str) -> None:
    """The layout/view operand has exactly the Result Type."""
    if operand_type != result_type:
        raise InvalidArgumentError(
            f"{op}: the type of '{operand}' ({operand_type}) must be 'Result Type' ({result_type}) "
            f"({TENSOR_ADDRESSING}: {op})")


def check_view_dimension_source(has_dimensions: bool, view_dim: int, layout_dim: int, op: str) -> None:
    """A view without its own dimensions reads the layout's span per view dimension, so V must be D.

    The seed indexes t.span[i] for i < VDim; with VDim != LDim that reads past the span (or leaves
    layout dimensions out). dxlinalg rejects the combination rather than guess.
    """
    if not has_dimensions and view_dim != layout_dim:
        raise InvalidArgumentError(
            f"{op}: a tensor view with hasDimensions = false uses the layout's span as its dimensions, so its "
            f"{view_dim} dimensions must match the layout's {layout_dim} ({COOPMAT2}: linearToViewCoord and "
            f"viewCoordToLinear index t.span[0..VDim-1])")


# -- load/store operands --------------------------------------------------------------------------
def check_matrix_shape(shape: Sequence[object], op: str) -> tuple[int, int]:
    """A cooperative matrix has positive rows and columns."""
    if len(shape) != 2:
        raise InvalidArgumentError(f"{op}: matrix shape {tuple(shape)} must be (rows, columns)")
    rows = _integer(shape[0], "rows", op)
    cols = _integer(shape[1], "columns", op)
    if rows < 1 or cols < 1:
        raise InvalidArgumentError(
            f"{op}: matrix shape ({rows}, {cols}) must have at least one row and one column "
            f"(OpTypeCooperativeMatrixKHR Rows and Columns are positive)")
    return rows, cols


def check_element_type(dtype_like: object, op: str) -> np.dtype:
    """Matrix components are 8, 16, 32 or 64-bit scalars."""
    try:
        dtype = np.dtype(dtype_like)  # type: ignore[call-overload]
    except TypeError:
        raise InvalidArgumentError(f"{op}: component type {dtype_like!r} is not a numpy dtype") from None
    ml_dtypes_float = dtype.kind == "V" and dtype.fields is None and dtype.type is not np.void
    scalar = dtype.kind in "iuf" or ml_dtypes_float
    if not scalar or dtype.itemsize not in ELEMENT_SIZES:
        raise InvalidArgumentError(
            f"{op}: component type {dtype} must be a scalar of 1, 2, 4 or 8 bytes (cooperative matrix "
            f"component types are scalar numerical types)")
    return dtype


def check_object_type(obj: np.ndarray, shape: tuple[int, int], dtype: np.dtype, op: str) -> None:
    """LoadTensor's Object has the Result Type (it supplies the clipped elements)."""
    if obj.shape != shape or obj.dtype != dtype:
        raise InvalidArgumentError(
            f"{op}: Object is {obj.dtype} {obj.shape}, the result is {dtype} {shape} ({COOPMAT2}: "
            f"OpCooperativeMatrixLoadTensorNV 'Object' must have the same type as 'Result Type')")


def check_tensor_addressing_operands(mask: object, is_store: bool, op: str) -> TensorAddressingOperands:
    """Only the TensorView and DecodeFunc bits exist; DecodeFunc is a load-only operand."""
    number = _integer(mask, "Tensor Addressing Operands", op)
    valid = TensorAddressingOperands.TensorView | TensorAddressingOperands.DecodeFunc
    if number & ~int(valid):
        raise InvalidArgumentError(
            f"{op}: Tensor Addressing Operands 0x{number:x} has bits other than TensorView 0x1 and "
            f"DecodeFunc 0x2 ({COOPMAT2}: Tensor Addressing Operands)")
    operands = TensorAddressingOperands(number)
    if is_store and TensorAddressingOperands.DecodeFunc in operands:
        check_no_decode_on_store(op)
    return operands


def check_no_decode_on_store(op: str) -> None:
    raise InvalidArgumentError(
        f"{op}: a DecodeFunc was given to a store ({COOPMAT2}: DecodeFunc is not allowed with "
        f"OpCooperativeMatrixStoreTensorNV)")


def check_store_block_size(block_size: Sequence[int], strict: bool, op: str) -> bool:
    """A store through a layout with a block size larger than 1 is undefined (several elements race for one
    block): strict mode reports it; permissive mode goes on (True: the caller applies the profile's
    `store_block_size`)."""
    if not any(b > 1 for b in block_size):
        return False
    if strict:
        raise UndefinedBehaviorError(
            f"{op}: the layout's block size {list(block_size)} is larger than 1 ({COOPMAT2}: a block size "
            f"larger than 1 must not be used with OpCooperativeMatrixStoreTensorNV because it will lead "
            f"to data races)")
    return True


def check_decode_storage_class(storage_class: int, op: str) -> None:
    """With DecodeFunc the Pointer is in StorageBuffer or PhysicalStorageBuffer memory."""
    if storage_class not in (STORAGE_BUFFER, PHYSICAL_STORAGE_BUFFER):
        raise InvalidArgumentError(
            f"{op}: Pointer is in storage class {storage_class}, but a DecodeFunc needs StorageBuffer (12) or "
            f"PhysicalStorageBuffer (5349) ({COOPMAT2}: OpCooperativeMatrixLoadTensorNV with DecodeFunc)")


def check_block_bytes(block_bytes: object, op: str) -> int:
    """A DecodeFunc's block struct has a positive size: the tensor index is scaled by it."""
    number = _integer(block_bytes, "block_bytes", op)
    if number < 1:
        raise InvalidArgumentError(
            f"{op}: block_bytes = {number} must be the positive size of the DecodeFunc's pointee struct "
            f"({COOPMAT2}: the index is multiplied by the size of the pointee type)")
    return number


def check_decode_result(result: np.ndarray, count: int, op: str) -> None:
    """The DecodeFunc returns one component per element it was given."""
    if result.shape != (count,):
        raise InvalidArgumentError(
            f"{op}: DecodeFunc returned shape {result.shape} for {count} elements; it must return one "
            f"value per element ({COOPMAT2}: the return value is stored in the corresponding element)")


# -- run-time rules: undefined behaviour --------------------------------------------------------------
def check_pointer_aligned(strict: bool, address: int, where: str, op: str) -> None:
    """The Pointer (buffer base + element offset) is a multiple of 16 bytes."""
    if strict and address % POINTER_ALIGNMENT:
        raise UndefinedBehaviorError(
            f"{op}: Pointer {where} = 0x{address:x} must be a multiple of {POINTER_ALIGNMENT} bytes ({COOPMAT2}: "
            f"the Pointer must be a multiple of 16B; GL_NV_cooperative_matrix2 issue 1)")


def check_strides_ordered(strict: bool, stride: Sequence[int], dimension: Sequence[int],
                          block_size: Sequence[int], op: str) -> None:
    """stride[i] >= stride[i+1] * ceil(layoutDimension[i+1] / blockSize[i+1]).

    Stated for OpTensorLayoutSetStrideNV; checked where the strides are used, since only a load
    or store can tell a layout in the middle of its set-up from one in use. Broadcasting with a
    stride of 0 breaks it: strict mode reports it, permissive mode addresses as written.
    """
    if not strict:
        return
    for i in range(len(stride) - 1):
        if block_size[i + 1] == 0:      # no ceiling to take; the zero divisor is reported where it is used
            continue
        blocks = -(-dimension[i + 1] // block_size[i + 1])
        if stride[i] < stride[i + 1] * blocks:
            raise UndefinedBehaviorError(
                f"{op}: layout stride {list(stride)}: stride[{i}] = {stride[i]} is less than stride[{i + 1}] "
                f"{stride[i + 1]} x ceil({dimension[i + 1]} / {block_size[i + 1]}) ({TENSOR_ADDRESSING}: "
                f"OpTensorLayoutSetStrideNV 'Stride<i>' must be at least 'Stride<i+1>' * "
                f"ceiling(layoutDimension[i+1] / blockSize[i+1]))")


def check_clip_end_fits(strict: bool, offset: int, span: int, which: str, op: str) -> None:
    """clipOffset + clipSpan is computed in uint32; a sum past 2^32 wraps and clips (almost) everything.

    The seed's default span 0xFFFFFFFF means "no clip"; with a non-zero offset the literal sum
    wraps. Strict mode reports the wrap; permissive mode wraps as the pseudocode's uint32 does.
    """
    if strict and offset + span > UINT32_MASK:
        raise UndefinedBehaviorError(
            f"{op}: view clip{which}Offset {offset} + clip{which}Span 0x{span:x} = 0x{offset + span:x} does not "
            f"fit in uint32; the seed's uint32 sum wraps to 0x{(offset + span) & UINT32_MASK:x} ({COOPMAT2}: "
            f"matrixCoordToLinear with a view; the wrap is unspecified)")


def check_nonzero_divisor(values: Sequence[int], what: str, function: str, op: str) -> None:
    """The pseudocode divides by spans, view dimensions and block sizes: none may be 0.

    A zero divisor has no result to emulate (a fresh layout has span 0 until SetDimension or
    Slice), so this is raised in permissive mode too.
    """
    if 0 in values:
        raise UndefinedBehaviorError(
            f"{op}: {what} {list(values)} has a 0, and {function} divides by it ({COOPMAT2}: tensor addressing "
            f"pseudocode; integer division by zero is undefined)")


def report_empty_clamp_dimension(strict: bool, dim: int, mode: ClampMode, op: str) -> None:
    """ClampToEdge, Repeat and MirrorRepeat need at least one in-bounds coordinate to map to."""
    if strict:
        raise UndefinedBehaviorError(
            f"{op}: layout dimension {dim} is 0, so clamp mode {mode.name} has no in-bounds coordinate to map an "
            f"out-of-bounds one to ({TENSOR_ADDRESSING}: Tensor Clamp Mode; min(max(c, 0), -1) and c % 0 are "
            f"undefined). Permissive mode treats it as Constant")


def report_undefined_out_of_bounds(strict: bool, row: int, col: int, dim: int, coord: int, extent: int,
                                   op: str) -> None:
    """Clamp mode Undefined: an out-of-bounds coordinate is undefined behaviour."""
    if strict:
        raise UndefinedBehaviorError(
            f"{op}: matrix element ({row}, {col}) has tensor coordinate {coord} in dimension {dim}, outside "
            f"[0, {extent}) with clamp mode Undefined ({TENSOR_ADDRESSING}: Tensor Clamp Mode Undefined: out "
            f"of bounds accesses have undefined behavior)")


def report_outside_memory(strict: bool, row: int, col: int, start: int, length: int, size: int, name: str,
                          op: str) -> None:
    """An element (or block) whose bytes lie outside the memory the Pointer points into."""
    if strict:
        raise UndefinedBehaviorError(
            f"{op}: matrix element ({row}, {col}) addresses bytes [{start}, {start + length}) of {name}, which has "
            f"{size} bytes (an access outside the buffer is undefined without robust buffer access)")


def report_conflicting_store(strict: bool, first: tuple[int, int], second: tuple[int, int], offset: int,
                             op: str) -> None:
    """Two matrix elements store different values to the same address."""
    if strict:
        raise UndefinedBehaviorError(
            f"{op}: matrix elements {first} and {second} store different values to byte offset {offset} "
            f"({COOPMAT2}: elements of one store writing one location race, as block stores would)")


def operand_bits(value: object, argument: str, op: str) -> int:
    """A 32-bit instruction operand as its bit pattern: an executor may hand over -1 or 0xFFFFFFFF alike."""
    number = _integer(value, argument, op)
    if not -(1 << 31) <= number <= UINT32_MASK:
        raise InvalidArgumentError(
            f"{op}: {argument} = {number} does not fit in 32 bits ({TENSOR_ADDRESSING}: operands are scalar "
            f"32-bit integers)")
    return number & UINT32_MASK
