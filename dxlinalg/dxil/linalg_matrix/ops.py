"""The Wave/ThreadGroup LinAlg DXIL operations (experimental opcodes 0x80000000 | 11..24, 27, 28), DXIL operand order.

Each function is one `dx.op.linAlg*` call with its operands after the opcode; the result matrix type,
which DXIL carries in the overload, is the keyword `result_type`. The static rules are `rules`', checked
first; the values are the cooperative-matrix core's (`scope`, `memory`, `coopmat.muladd`), one matrix per
scope instance. They run inside a dispatch (the running chunk's waves or thread groups).
"""

from __future__ import annotations

from enum import IntEnum

import numpy as np

from dxlinalg.coopmat.element_types import convert_floats
from dxlinalg.coopmat.matrix_enums import CooperativeMatrixOperands as Ops
from dxlinalg.coopmat.matrix_memory import track_groupshared
from dxlinalg.coopmat.matrix_type import CoopMatrix
from dxlinalg.coopmat.muladd import cooperative_matrix_muladd
from dxlinalg.coopmat.ownership import ownership_map
from dxlinalg.dxil.linalg_matrix import memory, rules
from dxlinalg.dxil.linalg_matrix.conversion import convert, value_component_type
from dxlinalg.dxil.linalg_matrix.scope import (
    ScopedMatrix,
    core_profile,
    core_type,
    executing_instances,
    instances_of,
    thread_elements,
    uniform_operand,
)
from dxlinalg.dxil.linalg_matrix.types import MatrixType, MatrixUse, is_float, is_signed
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.gpu.context import ExecutionContext, require_context
from dxlinalg.gpu.resources import ByteAddressBufferView, RWByteAddressBufferView, resolve_handle

EXPERIMENTAL = 0x8000_0000
UINT32_MAX = np.uint32(0xFFFF_FFFF)


class OpCode(IntEnum):
    """The LinAlg DXIL opcodes (hctdb.py ExperimentalOps; the full opcode is EXPERIMENTAL | value)."""

    LinAlgMatrixMultiplyAccumulate = 11
    LinAlgFillMatrix = 12
    LinAlgCopyConvertMatrix = 13
    LinAlgMatrixLoadFromDescriptor = 14
    LinAlgMatrixLoadFromMemory = 15
    LinAlgMatrixLength = 16
    LinAlgMatrixGetCoordinate = 17
    LinAlgMatrixGetElement = 18
    LinAlgMatrixSetElement = 19
    LinAlgMatrixStoreToDescriptor = 20
    LinAlgMatrixStoreToMemory = 21
    LinAlgMatrixQueryAccumulatorLayout = 22
    LinAlgMatrixMultiply = 23
    LinAlgMatrixAccumulate = 24
    LinAlgMatVecMul = 25
    LinAlgMatVecMulAdd = 26
    LinAlgMatrixAccumulateToDescriptor = 27
    LinAlgMatrixAccumulateToMemory = 28
    LinAlgMatrixOuterProduct = 29
    LinAlgConvert = 30
    LinAlgVectorAccumulateToDescriptor = 31

    @property
    def opcode(self) -> int:
        """The i32 DXIL writes: 0x80000000 | n (printed as a negative number in DXIL text)."""
        return EXPERIMENTAL | int(self)

    @property
    def dxil_name(self) -> str:
        return "dx.op." + self.name[0].lower() + self.name[1:]


def resource_kind(handle: object) -> str | None:
    """SRV or UAV raw buffer for a shader's binding; None (either) for host-side handles."""
    if isinstance(handle, RWByteAddressBufferView):
        return rules.UAV_BAB
    if isinstance(handle, ByteAddressBufferView):
        return rules.SRV_BAB
    return None


def _type(value: object, role: str, op: str) -> MatrixType:
    """A matrix operand's type, for the validator."""
    matrix_type = getattr(value, "type", None)
    if not isinstance(matrix_type, MatrixType):
        raise InvalidArgumentError(f"{op}: {role} must be a LinAlg matrix value, got {type(value).__name__}")
    return matrix_type


def _scoped(value: object, role: str, op: str) -> ScopedMatrix:
    if not isinstance(value, ScopedMatrix):
        raise InvalidArgumentError(f"{op}: {role} must be a Wave or ThreadGroup matrix value, got "
                                   f"{type(value).__name__}")
    return value


def _settings(ctx: ExecutionContext) -> tuple:
    return ctx.profile.float_conversion, ctx.profile.linalg_matrix.float_rounding


# -- 12 Fill, 13 CopyConvert ----------------------------------------------------------------------------------
def linAlgFillMatrix(value: object, *, result_type: MatrixType) -> ScopedMatrix:  # noqa: N802
    """Every element = value converted by 0035's rules; the value of the scope's first active thread."""
    op = "linAlgFillMatrix"
    rules.raise_if(op, rules.validate_fill(result_type, value))
    ctx = require_context(op)
    instances = instances_of(ctx, result_type, op)
    executing_instances(ctx, instances, op)
    array, source = value_component_type(value, "value")
    per_instance = uniform_operand(ctx, array, instances, "value", op, first_active=True)
    converted = convert(per_instance, source, result_type.component, *_settings(ctx))
    values = np.broadcast_to(converted[:, None, None], (instances.count, result_type.m, result_type.n)).copy()
    return ScopedMatrix(result_type, values, instances)


def linAlgCopyConvertMatrix(srcMatrix: ScopedMatrix, transpose: object, *,  # noqa: N802, N803
                            result_type: MatrixType) -> ScopedMatrix:
    """The source converted element by element (0035's rules), transposed when `transpose`, under a new use."""
    op = "linAlgCopyConvertMatrix"
    rules.raise_if(op, rules.validate_copy_convert(result_type, _type(srcMatrix, "srcMatrix", op), transpose))
    source = _scoped(srcMatrix, "srcMatrix", op)
    flag = bool(transpose)
    ctx = require_context(op)
    executing_instances(ctx, source.instances, op)
    values = source.values.transpose(0, 2, 1) if flag else source.values
    converted = convert(np.ascontiguousarray(values), source.type.component, result_type.component, *_settings(ctx))
    return ScopedMatrix(result_type, converted, source.instances)


# -- 14/15 Load, 20/21 Store, 27/28 Accumulate to memory ---------------------------------------------------------
def _descriptor_operands(ctx: ExecutionContext, matrix: MatrixType, instances: object, offset: object,
                         stride: object, op: str) -> tuple[np.ndarray, np.ndarray]:
    offsets = uniform_operand(ctx, offset, instances, "offset", op).astype(np.int64)
    strides = uniform_operand(ctx, stride, instances, "stride", op).astype(np.int64)
    return offsets, strides


def linAlgMatrixLoadFromDescriptor(handle: object, offset: object, stride: object, layout: object,  # noqa: N802
                                   align: object, *, result_type: MatrixType) -> object:
    """A matrix read from a raw buffer (out-of-bounds elements read 0). Thread scope: `thread_ops`."""
    op = "linAlgMatrixLoadFromDescriptor"
    rules.raise_if(op, rules.validate_load_from_descriptor(result_type, resource_kind(handle) or rules.SRV_BAB, offset,
                                                           stride, layout, align))
    layout_value = rules.require_layout(layout, op)
    if result_type.scope == 0:
        from dxlinalg.dxil.linalg_matrix.thread_ops import load_thread_matrix
        return load_thread_matrix(handle, offset, stride, layout_value, align, result_type)
    ctx = require_context(op)
    instances = instances_of(ctx, result_type, op)
    executing = executing_instances(ctx, instances, op)
    rng = resolve_handle(handle, f"{op}: handle")
    ctx.settle_memory(rng.data)
    offsets, strides = _descriptor_operands(ctx, result_type, instances, offset, stride, op)
    access = memory.descriptor_access(ctx, rng, result_type, layout_value, offsets, strides, executing, op)
    return ScopedMatrix(result_type, memory.load(access, result_type), instances)


def linAlgMatrixLoadFromMemory(memory_: object, offset: object, stride: object, layout: object, *,  # noqa: N802
                               result_type: MatrixType) -> ScopedMatrix:
    """A matrix read from a groupshared array; offset and stride count matrix elements."""
    op = "linAlgMatrixLoadFromMemory"
    rules.raise_if(op, rules.validate_load_from_memory(result_type, memory_, offset, stride, layout))
    rules.raise_if(op, rules.validate_length(result_type))          # Wave or ThreadGroup (0035's table)
    layout_value = rules.require_layout(layout, op)
    rules.require_row_or_column(result_type, layout_value, op)
    ctx = require_context(op)
    instances = instances_of(ctx, result_type, op)
    executing = executing_instances(ctx, instances, op)
    starts, strides = _descriptor_operands(ctx, result_type, instances, offset, stride, op)
    access = memory.groupshared_access(ctx, memory_, result_type, layout_value, starts, strides, executing,
                                       instances.group_of_instance, op)
    _track(ctx, memory_, result_type, instances, access, False, op)
    return ScopedMatrix(result_type, memory.load(access, result_type), instances)


def linAlgMatrixStoreToDescriptor(matrix: ScopedMatrix, handle: object, offset: object, stride: object,  # noqa: N802
                                  layout: object, align: object) -> None:
    """Write the matrix to an RWByteAddressBuffer without conversion; out-of-bounds elements are dropped."""
    op = "linAlgMatrixStoreToDescriptor"
    rules.raise_if(op, rules.validate_store_to_descriptor(_type(matrix, "matrix", op), resource_kind(handle) or
                                                          rules.UAV_BAB, offset, stride, layout, align))
    layout_value = rules.require_layout(layout, op)
    matrix = _scoped(matrix, "matrix", op)
    ctx = require_context(op)
    executing = executing_instances(ctx, matrix.instances, op)
    rng = resolve_handle(handle, f"{op}: handle", writable=True)
    ctx.settle_memory(rng.data, precise=True)           # a store reads nothing: not a read of the whole buffer
    offsets, strides = _descriptor_operands(ctx, matrix.type, matrix.instances, offset, stride, op)
    memory.store(memory.descriptor_access(ctx, rng, matrix.type, layout_value, offsets, strides, executing, op),
                 matrix.values)


def linAlgMatrixStoreToMemory(matrix: ScopedMatrix, memory_: object, offset: object, stride: object,  # noqa: N802
                              layout: object) -> None:
    """Write the matrix to a groupshared array without conversion."""
    op = "linAlgMatrixStoreToMemory"
    mtype = _type(matrix, "matrix", op)
    rules.raise_if(op, rules.validate_store_to_memory(mtype, memory_, offset, stride, layout))
    rules.raise_if(op, rules.validate_length(mtype))
    matrix = _scoped(matrix, "matrix", op)
    layout_value = rules.require_layout(layout, op)
    rules.require_row_or_column(matrix.type, layout_value, op)
    ctx = require_context(op)
    executing = executing_instances(ctx, matrix.instances, op)
    starts, strides = _descriptor_operands(ctx, matrix.type, matrix.instances, offset, stride, op)
    access = memory.groupshared_access(ctx, memory_, matrix.type, layout_value, starts, strides, executing,
                                       matrix.instances.group_of_instance, op)
    _track(ctx, memory_, matrix.type, matrix.instances, access, True, op)
    memory.store(access, matrix.values)


def _track(ctx: ExecutionContext, array: object, matrix_type: MatrixType, instances: object, access: memory.Access,
           is_store: bool | None, op: str) -> None:
    """Tell the groupshared race tracker which thread reads, writes (`is_store`) or atomically updates (None)
    which bytes: each element by the thread that holds it in the profile's map (the cooperative-matrix core's
    tracking), so barriers and races are checked as for any other groupshared access."""
    tracker = array.view.memory.tracker  # type: ignore[attr-defined]
    what = f"{op} of {array.name}"  # type: ignore[attr-defined]
    settings = core_profile(ctx.profile).coopmat
    if is_store is not None:
        track_groupshared(tracker, core_type(matrix_type), instances.size, instances.first_lane, access.positions,
                          access.inside, settings, is_store, what)
        return
    if tracker is None or not access.inside.any():
        return
    owners = ownership_map(core_type(matrix_type), instances.size, settings)
    lanes = instances.first_lane[:, None] + (owners.slot_of_element // owners.length)[None, :]
    keep = access.inside.reshape(lanes.shape)
    byte_index = access.positions.reshape(lanes.shape)[keep][:, None] + np.arange(matrix_type.dtype.itemsize)
    tracker.atomic_update(byte_index, lanes[keep], what)


def add_in_type(current: np.ndarray, addend: np.ndarray, dtype: np.dtype, ctx: ExecutionContext) -> np.ndarray:
    """current + addend in `dtype`, rounded once (floats: float32 holds every 8/16-bit sum exactly enough for
    one correct rounding; float32/float64 add as IEEE); integers wrap."""
    if dtype.kind in "iu":
        return (current.astype(np.int64 if dtype.itemsize < 8 else dtype) + addend.astype(
            np.int64 if dtype.itemsize < 8 else dtype)).astype(dtype)
    if dtype.itemsize >= 4:
        with np.errstate(over="ignore", invalid="ignore"):
            return (current + addend).astype(dtype)
    with np.errstate(over="ignore", invalid="ignore"):
        wide = current.astype(np.float32) + addend.astype(np.float32)
    return convert_floats(wide, dtype, ctx.profile.float_conversion)


def _accumulate(access: memory.Access, values: np.ndarray, dtype: np.dtype, ctx: ExecutionContext) -> None:
    """Atomic adds, scope instance by scope instance in order (each element's add rounds once)."""
    from dxlinalg.coopmat.element_bytes import gather_elements, scatter_elements
    for i in np.flatnonzero(access.inside.any(axis=(1, 2))):
        inside = access.inside[i]
        positions = access.positions[i][inside]
        current = gather_elements(access.data, positions, dtype)
        scatter_elements(access.data, positions, add_in_type(current, values[i][inside], dtype, ctx))
    if access.mark_written is not None and access.inside.any():
        access.mark_written()


def linAlgMatrixAccumulateToDescriptor(matrix: object, handle: object, offset: object, stride: object,  # noqa: N802
                                       layout: object, align: object) -> None:
    """memory += matrix, element by element atomically, in the matrix's component type."""
    op = "linAlgMatrixAccumulateToDescriptor"
    mtype = _type(matrix, "matrix", op)
    rules.raise_if(op, rules.validate_accumulate_to_descriptor(mtype, resource_kind(handle) or rules.UAV_BAB, offset,
                                                               stride, layout, align))
    layout_value = rules.require_layout(layout, op)
    if mtype.scope == 0:
        from dxlinalg.dxil.linalg_matrix.thread_ops import accumulate_thread_matrix
        accumulate_thread_matrix(matrix, handle, offset, layout_value, align)
        return
    matrix = _scoped(matrix, "matrix", op)
    ctx = require_context(op)
    executing = executing_instances(ctx, matrix.instances, op)
    rng = resolve_handle(handle, f"{op}: handle", writable=True)
    ctx.settle_memory(rng.data)
    offsets, strides = _descriptor_operands(ctx, matrix.type, matrix.instances, offset, stride, op)
    access = memory.descriptor_access(ctx, rng, matrix.type, layout_value, offsets, strides, executing, op)
    _accumulate(access, matrix.values, matrix.type.dtype, ctx)


def linAlgMatrixAccumulateToMemory(matrix: ScopedMatrix, memory_: object, targetType: object,  # noqa: N802, N803
                                   offset: object, stride: object, layout: object) -> None:
    """groupshared += matrix converted to `targetType` (0035's rules), atomically; offset/stride in target elements."""
    op = "linAlgMatrixAccumulateToMemory"
    mtype = _type(matrix, "matrix", op)
    rules.raise_if(op, rules.validate_accumulate_to_memory(mtype, memory_, targetType, offset, stride, layout))
    rules.raise_if(op, rules.validate_length(mtype))
    matrix = _scoped(matrix, "matrix", op)
    rules.require_accumulator(matrix.type, op)
    target = rules.require_component_type(targetType, "targetType", op)
    layout_value = rules.require_layout(layout, op)
    rules.require_row_or_column(matrix.type, layout_value, op)
    ctx = require_context(op)
    executing = executing_instances(ctx, matrix.instances, op)
    target_type = matrix.type.with_(component=target)
    array_dtype = np.dtype(getattr(getattr(memory_, "view", None), "dtype", target_type.dtype))
    if array_dtype != target_type.dtype and array_dtype != np.dtype(np.int32) and array_dtype.kind == "f":
        raise InvalidArgumentError(f"{op}: targetType {target.name} must match the groupshared array's element type "
                                   f"{array_dtype}, or the array must be i32 (0035 DXIL: AccumulateToMemory)")
    starts, strides = _descriptor_operands(ctx, target_type, matrix.instances, offset, stride, op)
    access = memory.groupshared_access(ctx, memory_, target_type, layout_value, starts, strides, executing,
                                       matrix.instances.group_of_instance, op, accumulate=True)
    _track(ctx, memory_, target_type, matrix.instances, access, None, op)
    converted = convert(matrix.values, matrix.type.component, target, *_settings(ctx))
    _accumulate(access, converted, target_type.dtype, ctx)


# -- 16..19 element access ---------------------------------------------------------------------------------------
def _thread_slots(matrix: ScopedMatrix, op: str) -> tuple[ExecutionContext, object]:
    ctx = require_context(op)
    executing_instances(ctx, matrix.instances, op)
    return ctx, thread_elements(ctx.profile, matrix.type, matrix.instances.size)


def linAlgMatrixLength(matrix: ScopedMatrix) -> np.ndarray:  # noqa: N802
    """(lanes,) uint32: how many elements each thread holds (may differ per thread)."""
    rules.raise_if("linAlgMatrixLength", rules.validate_length(_type(matrix, "matrix", "linAlgMatrixLength")))
    matrix = _scoped(matrix, "matrix", "linAlgMatrixLength")
    ctx, held = _thread_slots(matrix, "linAlgMatrixLength")
    return held.length[matrix.instances.invocation_of_lane].astype(np.uint32)


def _elements(ctx: ExecutionContext, matrix: ScopedMatrix, held: object, index: object, op: str
              ) -> tuple[np.ndarray, np.ndarray]:
    """(lanes,) the row-major element each thread's `index` names (-1: outside its Length), and the instance."""
    lanes = np.arange(ctx.lanes)
    index = ctx.lane_ints(index, f"{op} index").astype(np.int64)
    invocation = matrix.instances.invocation_of_lane
    inside = (index >= 0) & (index < held.length[invocation]) & ctx.active
    element = np.full(ctx.lanes, -1, np.int64)
    element[inside] = held.element[invocation[inside], index[inside]]
    del lanes
    return element, matrix.instances.instance_of_lane


def linAlgMatrixGetCoordinate(matrix: ScopedMatrix, threadLocalIndex: object) -> np.ndarray:  # noqa: N802, N803
    """(lanes, 2) uint32 (row, column) of the thread's element; UINT32_MAX.xx past its Length."""
    op = "linAlgMatrixGetCoordinate"
    rules.raise_if(op, rules.validate_get_coordinate(_type(matrix, "matrix", op), threadLocalIndex))
    matrix = _scoped(matrix, "matrix", op)
    ctx, held = _thread_slots(matrix, op)
    element, _ = _elements(ctx, matrix, held, threadLocalIndex, op)
    out = np.full((ctx.lanes, 2), UINT32_MAX, np.uint32)
    inside = element >= 0
    out[inside, 0] = element[inside] // matrix.type.n
    out[inside, 1] = element[inside] % matrix.type.n
    return out


def linAlgMatrixGetElement(matrix: ScopedMatrix, threadLocalIndex: object) -> np.ndarray:  # noqa: N802, N803
    """(lanes,) the thread's element `index`; 0 past its Length."""
    op = "linAlgMatrixGetElement"
    rules.raise_if(op, rules.validate_get_element(_type(matrix, "matrix", op), threadLocalIndex))
    matrix = _scoped(matrix, "matrix", op)
    ctx, held = _thread_slots(matrix, op)
    element, instance = _elements(ctx, matrix, held, threadLocalIndex, op)
    out = np.zeros(ctx.lanes, matrix.type.dtype)
    inside = element >= 0
    out[inside] = matrix.values.reshape(matrix.instances.count, -1)[instance[inside], element[inside]]
    return out


def linAlgMatrixSetElement(matrix: ScopedMatrix, threadLocalIndex: object, value: object  # noqa: N802, N803
                           ) -> ScopedMatrix:
    """A copy with each thread's element `index` set to `value` (converted by 0035's rules); an index past
    the thread's Length writes nothing; threads sharing an element: the last thread's write lands."""
    op = "linAlgMatrixSetElement"
    mtype = _type(matrix, "matrix", op)
    rules.raise_if(op, rules.validate_set_element(mtype, mtype, threadLocalIndex, value))
    matrix = _scoped(matrix, "matrix", op)
    ctx, held = _thread_slots(matrix, op)
    element, instance = _elements(ctx, matrix, held, threadLocalIndex, op)
    array, source = value_component_type(value, "value")
    values = np.broadcast_to(array, (ctx.lanes,))
    converted = convert(np.ascontiguousarray(values), source, matrix.type.component, *_settings(ctx))
    flat = matrix.values.reshape(matrix.instances.count, -1).copy()
    inside = element >= 0
    flat[instance[inside], element[inside]] = converted[inside]
    return ScopedMatrix(matrix.type, flat.reshape(matrix.values.shape), matrix.instances)


# -- 22 QueryAccumulatorLayout ------------------------------------------------------------------------------------
def linAlgMatrixQueryAccumulatorLayout() -> int:  # noqa: N802
    """0 (A) or 1 (B): how the device holds Accumulator matrices (the profile's accumulator_layout)."""
    ctx = require_context("linAlgMatrixQueryAccumulatorLayout")
    return int(MatrixUse[ctx.profile.linalg_matrix.accumulator_layout])


# -- 11 MultiplyAccumulate, 23 Multiply, 24 Accumulate -------------------------------------------------------------
def _muladd(ctx: ExecutionContext, a: ScopedMatrix, b: ScopedMatrix, c_values: np.ndarray, c_type: MatrixType,
            result_type: MatrixType) -> np.ndarray:
    """A x B + C on the cooperative-matrix core, signedness from the component types (as DXC's lowering)."""
    profile = core_profile(ctx.profile)
    operands = 0
    for bit, t in ((Ops.MatrixASignedComponentsKHR, a.type), (Ops.MatrixBSignedComponentsKHR, b.type),
                   (Ops.MatrixCSignedComponentsKHR, c_type), (Ops.MatrixResultSignedComponentsKHR, result_type)):
        if not is_float(t.component) and is_signed(t.component):
            operands |= int(bit)
    floats = {is_float(t.component) for t in (a.type, b.type, c_type, result_type)}
    if len(floats) > 1:
        raise InvalidArgumentError(f"linAlgMatrixMultiply: {a.type} x {b.type} -> {result_type}: the element types "
                                   f"must be compatible: all float or all integer (0035 DXIL: Multiply)")
    result = cooperative_matrix_muladd(
        CoopMatrix(core_type(a.type), a.values), CoopMatrix(core_type(b.type), b.values),
        CoopMatrix(core_type(c_type), c_values), core_type(result_type), operands, profile=profile,
        strict=ctx.strict, scope_size=a.instances.size)
    return result.values


def linAlgMatrixMultiply(matrixA: ScopedMatrix, matrixB: ScopedMatrix, *,  # noqa: N802, N803
                         result_type: MatrixType) -> ScopedMatrix:
    """A x B as a new Accumulator of `result_type`."""
    op = "linAlgMatrixMultiply"
    rules.raise_if(op, rules.validate_multiply(result_type, _type(matrixA, "matrixA", op), _type(matrixB, "matrixB",
                                                                                                 op)))
    a, b = _scoped(matrixA, "matrixA", op), _scoped(matrixB, "matrixB", op)
    ctx = require_context(op)
    executing_instances(ctx, a.instances, op)
    zeros = np.zeros((a.instances.count, result_type.m, result_type.n), result_type.dtype)
    return ScopedMatrix(result_type, _muladd(ctx, a, b, zeros, result_type, result_type), a.instances)


def linAlgMatrixMultiplyAccumulate(matrixA: ScopedMatrix, matrixB: ScopedMatrix,  # noqa: N802, N803
                                   matrixC: ScopedMatrix, *, result_type: MatrixType | None = None) -> ScopedMatrix:
    """A x B + C."""
    op = "linAlgMatrixMultiplyAccumulate"
    types = [_type(v, n, op) for v, n in ((matrixA, "matrixA"), (matrixB, "matrixB"), (matrixC, "matrixC"))]
    result_type = types[2] if result_type is None else result_type
    rules.raise_if(op, rules.validate_multiply(result_type, *types))
    a, b, c = (_scoped(v, n, op) for v, n in ((matrixA, "matrixA"), (matrixB, "matrixB"), (matrixC, "matrixC")))
    ctx = require_context(op)
    executing_instances(ctx, a.instances, op)
    return ScopedMatrix(result_type, _muladd(ctx, a, b, c.values, c.type, result_type), a.instances)


def linAlgMatrixAccumulate(matrixLHS: ScopedMatrix, matrixRHS: ScopedMatrix) -> ScopedMatrix:  # noqa: N802, N803
    """LHS + RHS element by element in LHS's type (RHS converted by 0035's rules when its type differs)."""
    op = "linAlgMatrixAccumulate"
    lhs_type = _type(matrixLHS, "matrixLHS", op)
    rules.raise_if(op, rules.validate_accumulate(lhs_type, lhs_type, _type(matrixRHS, "matrixRHS", op)))
    lhs, rhs = _scoped(matrixLHS, "matrixLHS", op), _scoped(matrixRHS, "matrixRHS", op)
    ctx = require_context(op)
    executing_instances(ctx, lhs.instances, op)
    addend = convert(rhs.values, rhs.type.component, lhs.type.component, *_settings(ctx))
    return ScopedMatrix(lhs.type, add_in_type(lhs.values, addend, lhs.type.dtype, ctx), lhs.instances)


