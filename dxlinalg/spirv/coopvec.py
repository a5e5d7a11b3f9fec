"""The SPV_NV_cooperative_vector instructions, in SPIR-V's operand order, over the shared core.

Each function is one instruction as an executor meets it: cooperative vectors are (lanes, N)
numpy arrays, constants are Python values, pointers are `ArrayPointer`s (the bytes of the
pointed-to array, where it lives, and each lane's position in it), offsets are byte offsets per
lane. Rules are `coopvec_rules`; the arithmetic is `dxlinalg.linalg` (the same functions DXIL's
ops call), so one network gives the same bits through either surface.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.gpu.context import ExecutionContext
from dxlinalg.gpu.groupshared import GroupSharedMemory
from dxlinalg.gpu.half import widen_half
from dxlinalg.gpu.masking import if_
from dxlinalg.gpu.resources import BufferRange, load_elements, store_elements
from dxlinalg.gpu.scratch import scratch
from dxlinalg.linalg.accumulate import accumulate_lanes, element_slots
from dxlinalg.linalg.atomics import LaneFactors
from dxlinalg.linalg.checks import (
    MulCombination,
    check_offsets_aligned,
    lanes_in_bounds,
)
from dxlinalg.linalg.matvec import BiasOperand, MatrixOperand, matrix_vector_product
from dxlinalg.numerics.component_types import ComponentType, type_info
from dxlinalg.numerics.float_conversion import FloatConversionSettings
from dxlinalg.numerics.interpretation import LogicalVector, interpret_physical
from dxlinalg.profile.matrix_storage import MatrixDescription, occupied_size
from dxlinalg.spirv import coopvec_rules as rules
from dxlinalg.spirv.coopvec_rules import CooperativeMatrixOperands, StorageClass

MATRIX_MUL = "OpCooperativeVectorMatrixMulNV"
MATRIX_MUL_ADD = "OpCooperativeVectorMatrixMulAddNV"
OUTER_PRODUCT = "OpCooperativeVectorOuterProductAccumulateNV"
REDUCE_SUM = "OpCooperativeVectorReduceSumAccumulateNV"
LOAD = "OpCooperativeVectorLoadNV"
STORE = "OpCooperativeVectorStoreNV"
_OUT_OF_BOUNDS = "an access outside the buffer is undefined without robust buffer access"


@dataclass(frozen=True)
class ArrayPointer:
    """An array pointer operand: `range` holds the array's bytes, `offsets` is where each lane's
    pointer points inside it, `limits` (for memory that each lane sees a part of) the per-lane end
    of the memory it may touch.

    Workgroup memory is the GPU's groupshared memory: `shared` is the chunk's `GroupSharedMemory`,
    `range` its flat bytes, `offsets` count from the start of each lane's own group's memory and
    `limits` is its size. Loads and stores then go through it (its bounds, data races and
    never-written bytes in strict mode, the profile's store order and visibility otherwise), and
    accumulates are recorded with it as atomic updates."""

    range: BufferRange
    storage_class: StorageClass
    offsets: int | np.ndarray = 0
    limits: int | np.ndarray | None = None
    shared: GroupSharedMemory | None = None


@dataclass(frozen=True)
class Bias:
    """The Bias, BiasOffset and BiasInterpretation operands of MatrixMulAdd."""

    pointer: ArrayPointer
    offset: int | np.ndarray
    interpretation: int


def physical_component_type(values: np.ndarray, signed: bool) -> ComponentType:
    """What the Input's components are: floats by width; integers by width, signed only when the
    operand bit says so (the OpTypeInt signedness does not count)."""
    kind, bits = values.dtype.kind, values.dtype.itemsize * 8
    if kind == "f":
        return {16: ComponentType.F16, 32: ComponentType.F32, 64: ComponentType.F64}[bits]
    if kind in "iu":
        return {8: (ComponentType.U8, ComponentType.I8), 16: (ComponentType.U16, ComponentType.I16),
                32: (ComponentType.U32, ComponentType.I32), 64: (ComponentType.U64, ComponentType.I64)}[bits][signed]
    raise InvalidArgumentError(f"a cooperative vector has numeric components, got dtype {values.dtype}")


def _byte_offsets(ctx: ExecutionContext, pointer: ArrayPointer, offset: object, argument: str) -> int | np.ndarray:
    lane_offsets = ctx.lane_offsets(offset, argument)
    if isinstance(lane_offsets, int) and isinstance(pointer.offsets, int):
        return pointer.offsets + lane_offsets
    return np.asarray(pointer.offsets, np.int64) + lane_offsets


def matrix_mul(ctx: ExecutionContext, input_vector: np.ndarray, input_interpretation: int, matrix: ArrayPointer,
               matrix_offset: object, matrix_interpretation: int, m: int, k: int, memory_layout: int,
               transpose: bool, matrix_stride: int | None, operands: int, result_type: ComponentType,
               result_components: int, bias: Bias | None = None) -> np.ndarray:
    """OpCooperativeVectorMatrixMulNV / MatrixMulAddNV (with `bias`): (lanes, M) results."""
    op = MATRIX_MUL if bias is None else MATRIX_MUL_ADD
    vector = np.asarray(input_vector)
    input_signed = bool(operands & CooperativeMatrixOperands.MatrixBSignedComponents)
    result_signed = bool(operands & CooperativeMatrixOperands.MatrixResultSignedComponents)
    physical = physical_component_type(vector, input_signed)
    interpretation = rules.input_interpretation(input_interpretation, op)
    matrix_type = rules.memory_interpretation(matrix_interpretation, "MatrixInterpretation", op)
    layout = rules.memory_layout(memory_layout, op)
    rules.check_dimensions(m, k, op)
    rules.check_transpose_layout(layout, bool(transpose), op)
    rules.check_fp8_optimal_layout(matrix_type, layout, op)
    rules.check_matrix_storage(matrix.storage_class, "Matrix", op)
    output_type = rules.result_component_type(result_type, result_components, m, result_signed, op)
    rules.check_input_length(physical, vector.shape[1], interpretation, k, op)
    bias_type = None
    if bias is not None:
        bias_type = rules.memory_interpretation(bias.interpretation, "BiasInterpretation", op)
        rules.check_matrix_storage(bias.pointer.storage_class, "Bias", op)
    rules.check_mul_listed(ctx, MulCombination(physical, interpretation, matrix_type, bias_type, output_type),
                           bool(transpose), op)
    stride = rules.effective_stride(ctx, layout, matrix_stride, op)
    rows, cols = (k, m) if transpose else (m, k)
    desc = MatrixDescription(rows, cols, matrix_type, layout, stride)

    settings = ctx.profile.float_conversion
    logical = _logical_input(vector, physical, interpretation, k, settings)
    matrix_operand = _matrix_operand(ctx, matrix, matrix_offset, desc, bool(transpose), op)
    bias_operand = None if bias is None else _bias_operand(ctx, bias, bias_type, m, op)
    return matrix_vector_product(ctx, logical, matrix_operand, m, bias_operand, output_type, not result_signed,
                                 settings)


def _logical_input(vector: np.ndarray, physical: ComponentType, interpretation: ComponentType, k: int,
                   settings: FloatConversionSettings) -> LogicalVector:
    """interpret_physical, with F16 components interpreted as F16 widened at once (converting a type to
    itself is a bit copy), as DXIL's matvec does."""
    if physical == ComponentType.F16 and interpretation == ComponentType.F16:
        widened = widen_half(vector, out=scratch("coopvec.input", vector.shape, np.float32))
        return LogicalVector(widened, interpretation)
    with np.errstate(all="ignore"):   # inactive lanes may hold anything
        return interpret_physical(vector, physical, interpretation, k, settings)


def _matrix_operand(ctx: ExecutionContext, matrix: ArrayPointer, matrix_offset: object, desc: MatrixDescription,
                    transpose: bool, op: str) -> MatrixOperand:
    ctx.settle_memory(matrix.range.data)
    offsets = _byte_offsets(ctx, matrix, matrix_offset, "MatrixOffset")
    check_offsets_aligned(ctx, matrix.range, offsets, rules.MATRIX_ALIGNMENT, "Matrix + MatrixOffset",
                          "VK_NV_cooperative_vector: matrix alignment", op)
    loading = lanes_in_bounds(ctx, matrix.range, offsets, occupied_size(desc, ctx.profile), "MatrixOffset",
                              "matrix load", _OUT_OF_BOUNDS, op)
    return MatrixOperand(matrix.range, offsets, loading, desc, transpose)


def _bias_operand(ctx: ExecutionContext, bias: Bias, bias_type: ComponentType, m: int, op: str) -> BiasOperand:
    ctx.settle_memory(bias.pointer.range.data)
    offsets = _byte_offsets(ctx, bias.pointer, bias.offset, "BiasOffset")
    check_offsets_aligned(ctx, bias.pointer.range, offsets, rules.BIAS_ALIGNMENT, "Bias + BiasOffset",
                          "VK_NV_cooperative_vector: bias alignment", op)
    loading = lanes_in_bounds(ctx, bias.pointer.range, offsets, m * type_info(bias_type).size_bytes, "BiasOffset",
                              "bias load", _OUT_OF_BOUNDS, op)
    return BiasOperand(bias.pointer.range, offsets, loading, bias_type)


def outer_product_accumulate(ctx: ExecutionContext, pointer: ArrayPointer, offset: object, a: np.ndarray,
                             b: np.ndarray, memory_layout: int, matrix_interpretation: int,
                             matrix_stride: int | None = None) -> None:
    """OpCooperativeVectorOuterProductAccumulateNV: the M x N matrix at Offset += A * B^T, atomically
    (relaxed, device scope). MemoryLayout comes before MatrixInterpretation here, unlike DXIL."""
    op = OUTER_PRODUCT
    a, b = np.asarray(a), np.asarray(b)
    a_type, b_type = physical_component_type(a, True), physical_component_type(b, True)
    rules.check_same_component_type(a_type, b_type, op)
    rules.check_outer_product_inputs(a_type, op)
    layout = rules.memory_layout(memory_layout, op)
    accumulation = rules.memory_interpretation(matrix_interpretation, "MatrixInterpretation", op)
    rules.check_memory_storage(pointer.storage_class, "Pointer", op)
    rules.check_training_layout(layout, op)
    rules.check_outer_product_listed(ctx, a_type, accumulation, op)
    desc = MatrixDescription(a.shape[1], b.shape[1], accumulation, layout)
    offsets = _byte_offsets(ctx, pointer, offset, "Offset")
    check_offsets_aligned(ctx, pointer.range, offsets, rules.OUTER_PRODUCT_ALIGNMENT, "Pointer + Offset",
                          "VK_NV_cooperative_vector: outer product alignment", op)
    writing = lanes_in_bounds(ctx, pointer.range, offsets, occupied_size(desc, ctx.profile), "Offset",
                              "matrix accumulate", _OUT_OF_BOUNDS, op, pointer.limits)
    slots, element_index = element_slots(ctx.profile, desc)
    itemsize = type_info(accumulation).size_bytes
    _shared_atomics(ctx, pointer, offsets, writing, (slots[:, None] * itemsize + np.arange(itemsize)).ravel(), op)
    accumulate_lanes(ctx, pointer.range, _flat(ctx, pointer, offsets), writing, slots, element_index, accumulation,
                     LaneFactors(a, b))
    if ctx.profile.accumulation.partial_matrix_accumulate == "slots_that_fit" and pointer.shared is None:
        _accumulate_slots_that_fit(ctx, pointer, offsets, writing, slots, element_index, accumulation, a, b)


def _accumulate_slots_that_fit(ctx: ExecutionContext, pointer: ArrayPointer, offsets: np.ndarray, writing: np.ndarray,
                               slots: np.ndarray, element_index: np.ndarray, accumulation: ComponentType,
                               a: np.ndarray, b: np.ndarray) -> None:
    """Permissive mode, accumulation.partial_matrix_accumulate = slots_that_fit (the H200): a lane whose matrix runs
    past the end of its buffer (strict mode has reported it) still updates the element slots inside the buffer."""
    itemsize = type_info(accumulation).size_bytes
    starts = np.broadcast_to(np.asarray(offsets, np.int64), writing.shape)
    end = pointer.range.size if pointer.limits is None else np.broadcast_to(np.asarray(pointer.limits), writing.shape)
    partial = ctx.active & ~writing & (starts >= 0) & (starts < end)
    flat = _flat(ctx, pointer, offsets)
    for start in np.unique(starts[partial]):
        lanes = partial & (starts == start)
        limit = int(np.min(np.asarray(end)[lanes])) if np.ndim(end) else int(end)
        fit = start + (slots + 1) * itemsize <= limit
        accumulate_lanes(ctx, pointer.range, flat, lanes, slots[fit], element_index[fit], accumulation,
                         LaneFactors(a, b))


def reduce_sum_accumulate(ctx: ExecutionContext, pointer: ArrayPointer, offset: object, v: np.ndarray) -> None:
    """OpCooperativeVectorReduceSumAccumulateNV: element i of V is atomically added to the i'th element
    (of V's component type) after Offset."""
    op = REDUCE_SUM
    values = np.asarray(v)
    component_type = physical_component_type(values, True)
    rules.check_memory_storage(pointer.storage_class, "Pointer", op)
    rules.check_reduce_sum_listed(ctx, component_type, op)
    offsets = _byte_offsets(ctx, pointer, offset, "Offset")
    check_offsets_aligned(ctx, pointer.range, offsets, rules.REDUCE_SUM_ALIGNMENT, "Pointer + Offset",
                          "VK_NV_cooperative_vector: reduce-sum alignment", op)
    count = values.shape[1]
    writing = lanes_in_bounds(ctx, pointer.range, offsets, count * type_info(component_type).size_bytes, "Offset",
                              "array accumulate", _OUT_OF_BOUNDS, op, pointer.limits)
    index = np.arange(count)
    _shared_atomics(ctx, pointer, offsets, writing, np.arange(count * type_info(component_type).size_bytes), op)
    accumulate_lanes(ctx, pointer.range, _flat(ctx, pointer, offsets), writing, index, index, component_type,
                     LaneFactors(values))


def load(ctx: ExecutionContext, pointer: ArrayPointer, offset: object, dtype: np.dtype, components: int) -> np.ndarray:
    """OpCooperativeVectorLoadNV: `components` elements of `dtype` at Pointer + Offset (bytes)."""
    op = LOAD
    rules.check_memory_storage(pointer.storage_class, "Pointer", op)
    offsets = _byte_offsets(ctx, pointer, offset, "Offset")
    check_offsets_aligned(ctx, pointer.range, offsets, rules.LOAD_STORE_ALIGNMENT, "Pointer + Offset",
                          "VK_NV_cooperative_vector: load/store alignment", op)
    nbytes = np.dtype(dtype).itemsize * components
    loading = lanes_in_bounds(ctx, pointer.range, offsets, nbytes, "Offset", "vector load", _OUT_OF_BOUNDS, op,
                              pointer.limits)
    with if_(loading):                                   # only the lanes whose access is defined
        if pointer.shared is None:
            values = load_elements(pointer.range, offsets, dtype, components, 1, op)
        else:
            ctx.settle_memory(pointer.range.data)        # accumulates into it may be held back
            values = pointer.shared.load(dtype, offsets, components, what=op)
    values[~loading] = 0
    return values


def store(ctx: ExecutionContext, pointer: ArrayPointer, offset: object, values: np.ndarray) -> None:
    """OpCooperativeVectorStoreNV: Object's components at Pointer + Offset (bytes), active lanes."""
    op = STORE
    rules.check_memory_storage(pointer.storage_class, "Pointer", op)
    values = np.asarray(values)
    offsets = _byte_offsets(ctx, pointer, offset, "Offset")
    check_offsets_aligned(ctx, pointer.range, offsets, rules.LOAD_STORE_ALIGNMENT, "Pointer + Offset",
                          "VK_NV_cooperative_vector: load/store alignment", op)
    storing = lanes_in_bounds(ctx, pointer.range, offsets, values.dtype.itemsize * values.shape[1], "Offset",
                              "vector store", _OUT_OF_BOUNDS, op, pointer.limits)
    with if_(storing):
        if pointer.shared is None:
            store_elements(pointer.range, offsets, values, 1, op)
        else:
            ctx.settle_memory(pointer.range.data)
            pointer.shared.store(offsets, np.ascontiguousarray(values), what=op)


def _flat(ctx: ExecutionContext, pointer: ArrayPointer, offsets: int | np.ndarray) -> int | np.ndarray:
    """Offsets into `range`: for Workgroup memory, each lane's group's row plus its offset in it."""
    if pointer.shared is None:
        return offsets
    return ctx.group_of_lane * pointer.shared.stride + offsets


def _shared_atomics(ctx: ExecutionContext, pointer: ArrayPointer, offsets: int | np.ndarray, writing: np.ndarray,
                    touched: np.ndarray, op: str) -> None:
    """Record an accumulate into Workgroup memory (bytes `touched` after each writing lane's offset) as
    atomic updates: reading never-written bytes and plain accesses of other threads are reported."""
    if pointer.shared is None or pointer.shared.tracker is None:
        return
    lanes = np.flatnonzero(writing)
    starts = np.broadcast_to(np.asarray(_flat(ctx, pointer, offsets)), (ctx.lanes,))[lanes]
    pointer.shared.tracker.atomic_update(starts[:, None] + touched, lanes, op)
