"""The six SPV_NV_cooperative_vector instructions in the executor: operands in, `dxlinalg.spirv.coopvec` out.

What is added here is only what an executor must do around `coopvec`: read the operands (the
interpretations, M, K, MemoryLayout and Transpose must be constant instructions; MatrixStride and
the offsets may be per lane), turn the executor's pointer values into `ArrayPointer`s (the memory
region, each lane's byte offset and, for Workgroup memory, the end of each lane's own group's
part; PhysicalStorageBuffer addresses are resolved to their buffers per access), make the frame's
lanes the core's active lanes, and report the core's errors with the instruction's location. The
rules themselves are `coopvec_rules`, the arithmetic is the shared core.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import numpy as np

from dxlinalg.errors import DxLinalgError, UndefinedBehaviorError, UnsupportedError
from dxlinalg.gpu.context import ExecutionContext
from dxlinalg.gpu.resources import BufferRange
from dxlinalg.spirv import coopvec
from dxlinalg.spirv import coopvec_checks as _checks  # noqa: F401  (registers the rules on other instructions)
from dxlinalg.spirv import coopvec_rules as rules
from dxlinalg.spirv.compiler import (
    Compute,
    Frame,
    InstructionContext,
    register_opcode,
)
from dxlinalg.spirv.coopvec_rules import StorageClass
from dxlinalg.spirv.coopvec_type import CooperativeVectorType, component_type
from dxlinalg.spirv.errors import (
    SpirvError,
    SpirvUndefinedBehaviorError,
    SpirvUnsupportedError,
    SpirvValidationError,
    at,
)
from dxlinalg.spirv.memory_access import Region
from dxlinalg.spirv.pointers import MemoryPointer
from dxlinalg.spirv.types import (
    ArrayType,
    BoolType,
    FloatType,
    IntType,
    PointerType,
    RuntimeArrayType,
    VectorType,
)

#: Storage classes whose pointers this executor turns into ArrayPointers (CrossWorkgroup is the Kernel's).
ADDRESSABLE = frozenset({StorageClass.StorageBuffer, StorageClass.Workgroup, StorageClass.PhysicalStorageBuffer})
_Part = tuple[np.ndarray, Any]          # (the lanes it applies to, the operand for those lanes)


def located(c: InstructionContext, error: DxLinalgError) -> SpirvError:
    """A core error as the executor's error of the same kind, naming the instruction."""
    if isinstance(error, SpirvError):
        return error
    message = at(c.loc, str(error))
    if isinstance(error, UndefinedBehaviorError):
        return SpirvUndefinedBehaviorError(message)
    if isinstance(error, UnsupportedError):
        return SpirvUnsupportedError(message)
    return SpirvValidationError(message)


@contextmanager
def lanes_of(ctx: ExecutionContext, mask: np.ndarray) -> Iterator[None]:
    """The core sees the lanes running the instruction as its active lanes."""
    ctx.push_mask(mask)
    try:
        yield
    finally:
        ctx.pop_mask()


# -- operands read when compiling -------------------------------------------------------------------
def cooperative_vector(c: InstructionContext, k: int, what: str) -> CooperativeVectorType:
    found = c.value_type(k)
    if not isinstance(found, CooperativeVectorType):
        raise c.fail(f"{what} has type {found!r}; it must be a cooperative vector ({rules.EXTENSION})")
    return found


def result_vector(c: InstructionContext) -> CooperativeVectorType:
    if not isinstance(c.result_type, CooperativeVectorType):
        raise c.fail(f"Result Type {c.result_type!r} must be a cooperative vector type ({rules.EXTENSION})")
    return c.result_type


def integer_32(c: InstructionContext, k: int, what: str) -> int:
    """Operand `k`, checked to be a scalar 32-bit integer value; its id."""
    found = c.value_type(k)
    if not isinstance(found, IntType) or found.width != 32:
        raise c.fail(f"{what} has type {found!r}; it must be a 32-bit integer ({rules.EXTENSION})")
    return c.value(k)


@dataclass(frozen=True)
class Constants:
    """The operands that must be constant instructions, by name -> value id; read once all are checked."""

    ids: dict[str, int]

    def check(self, c: InstructionContext) -> None:
        missing = [name for name, value_id in self.ids.items() if c.constant_of(value_id) is None]
        try:
            rules.check_constant_operands(missing, c.opname)
        except DxLinalgError as error:
            raise located(c, error) from None

    def value(self, c: InstructionContext, name: str) -> int | bool:
        return c.constant_of(self.ids[name])[0].item()  # type: ignore[no-any-return]


def constant_operands(c: InstructionContext, integers: dict[str, int], transpose: int | None = None) -> Constants:
    """The named 32-bit integer operands (and Transpose, a bool) at their positions, checked constant."""
    ids = {name: integer_32(c, k, name) for name, k in integers.items()}
    if transpose is not None:
        if not isinstance(c.value_type(transpose), BoolType):
            raise c.fail(f"Transpose has type {c.value_type(transpose)!r}; it must have a scalar boolean type "
                         f"({rules.EXTENSION})")
        ids["Transpose"] = c.value(transpose)
    constants = Constants(ids)
    constants.check(c)
    return constants


@dataclass(frozen=True)
class ArrayOperand:
    """A pointer operand to an array: its value id, storage class and the argument's name."""

    value_id: int
    storage: int
    argument: str


def array_pointer(c: InstructionContext, k: int, argument: str, matrix_or_bias: bool) -> ArrayOperand:
    """Operand `k`: a pointer to an array of scalars (Matrix, Bias) or of scalars or vectors, in a storage
    class the instruction allows (`coopvec_rules`) and this executor addresses."""
    spv_type = c.value_type(k)
    element = spv_type.pointee.element if isinstance(spv_type, PointerType) and \
        isinstance(spv_type.pointee, (ArrayType, RuntimeArrayType)) else None
    wanted = (IntType, *(() if matrix_or_bias else (VectorType,)))
    if element is None or isinstance(element, CooperativeVectorType) or \
            not isinstance(element, (*wanted, FloatType)):
        kind = "scalar" if matrix_or_bias else "scalar or vector"
        raise c.fail(f"{argument} has type {spv_type!r}; it must be a pointer to an array with a {kind} element "
                     f"type ({rules.EXTENSION})")
    assert isinstance(spv_type, PointerType)
    try:
        if matrix_or_bias:
            rules.check_matrix_storage(spv_type.storage, argument, c.opname)
        else:
            rules.check_memory_storage(spv_type.storage, argument, c.opname)
    except DxLinalgError as error:
        raise located(c, error) from None
    if spv_type.storage not in ADDRESSABLE:
        raise c.unsupported(f"{argument} points into {StorageClass(spv_type.storage).name} memory, which this "
                            f"executor does not address")
    return ArrayOperand(c.value(k), spv_type.storage, argument)


# -- operands resolved per run ------------------------------------------------------------------------
def buffer_range(region: Region) -> BufferRange:
    """The core's view of an executor memory region (its buffer's write version keys the matrix cache)."""
    return BufferRange(region.data, region.base, region.address, region.writable, region.name, region.buffer)


def lane_offsets(value: np.ndarray) -> int | np.ndarray:
    """A per-lane integer value as the core takes byte offsets: an int when uniform, else (lanes,) int64."""
    if value.shape[0] == 1:
        return int(value[0])
    return value.astype(np.int64)


def resolve(f: Frame, c: InstructionContext, operand: ArrayOperand) -> list[_Part]:
    """The ArrayPointer(s) a pointer value stands for, each with the lanes it applies to."""
    value = f.values[operand.value_id]
    inv = f.inv
    if operand.storage == StorageClass.PhysicalStorageBuffer:
        parts = inv.physical.split(value, 1, f.mask, inv.strict, c.loc)
        return [(lanes, coopvec.ArrayPointer(buffer_range(region), StorageClass.PhysicalStorageBuffer, offsets))
                for region, lanes, offsets in parts]
    assert isinstance(value, MemoryPointer)
    region = value.region
    if region.shared is not None:          # Workgroup memory: offsets count from each lane's group's memory
        pointer = coopvec.ArrayPointer(buffer_range(region), StorageClass.Workgroup, lane_offsets(value.offsets),
                                       region.shared.size, region.shared)
    else:
        pointer = coopvec.ArrayPointer(buffer_range(region), StorageClass(operand.storage), lane_offsets(value.offsets))
    return [(f.mask, pointer)]


def stride_parts(f: Frame, stride_id: int | None) -> list[_Part]:
    """MatrixStride per lane: one part per distinct value among the running lanes."""
    if stride_id is None:
        return [(f.mask, None)]
    values = f.values[stride_id]
    if values.shape[0] == 1:
        return [(f.mask, int(values[0]))]
    running = values[f.mask]
    return [(f.mask & (values == stride), int(stride)) for stride in np.unique(running)]


def each_part(f: Frame, sources: list[list[_Part]]) -> Iterator[tuple[np.ndarray, tuple[Any, ...]]]:
    """Every combination of the operands' parts, with the running lanes it applies to."""
    if all(len(parts) == 1 for parts in sources):
        yield f.mask, tuple(parts[0][1] for parts in sources)
        return
    for combination in itertools.product(*sources):
        lanes = f.mask.copy()
        for part_lanes, _ in combination:
            lanes &= part_lanes
        if lanes.any():
            yield lanes, tuple(item for _, item in combination)


def run_parts(c: InstructionContext, f: Frame, sources: list[list[_Part]],
              call: Callable[[ExecutionContext, tuple[Any, ...]], np.ndarray | None]) -> np.ndarray | None:
    """`call` once per part, with that part's lanes active; results merged over the parts."""
    ctx = f.inv.ctx
    result = None
    try:
        for lanes, items in each_part(f, sources):
            with lanes_of(ctx, lanes):
                value = call(ctx, items)
            if value is not None:
                result = value if result is None else np.where(lanes[:, None], value, result)
    except DxLinalgError as error:
        raise located(c, error) from None
    return result


def lane_vector(value: np.ndarray, lanes: int) -> np.ndarray:
    """A cooperative vector with one row per lane (constants have one row for every lane)."""
    return np.ascontiguousarray(np.broadcast_to(value, (lanes, value.shape[1]))) if value.shape[0] != lanes else value


def optional(c: InstructionContext, k: int) -> int | None:
    return c.args[k] if len(c.args) > k else None


# -- the instructions -------------------------------------------------------------------------------------
def _matrix_mul(c: InstructionContext, with_bias: bool) -> Compute:
    result = result_vector(c)
    cooperative_vector(c, 0, "Input")
    at_bias = 3 if with_bias else 0            # MatrixMulAdd's Bias, BiasOffset, BiasInterpretation come before M
    integers = {"InputInterpretation": 1, "MatrixInterpretation": 4, "M": 5 + at_bias, "K": 6 + at_bias,
                "MemoryLayout": 7 + at_bias}
    if with_bias:
        integers["BiasInterpretation"] = 7
    constants = constant_operands(c, integers, transpose=8 + at_bias)
    matrix = array_pointer(c, 2, "Matrix", True)
    matrix_offset = integer_32(c, 3, "MatrixOffset")
    bias = array_pointer(c, 5, "Bias", True) if with_bias else None
    bias_offset = integer_32(c, 6, "BiasOffset") if with_bias else None
    stride_id = integer_32(c, 9 + at_bias, "MatrixStride") if optional(c, 9 + at_bias) is not None else None
    operands = optional(c, 10 + at_bias) or 0
    value = {name: constants.value(c, name) for name in constants.ids}
    input_id = c.value(0)
    result_component = component_type(result.component)
    result_dtype = result.dtype

    def compute(f: Frame) -> np.ndarray:
        lanes = f.mask.shape[0]
        vector = lane_vector(f.values[input_id], lanes)
        matrix_offsets = lane_offsets(f.values[matrix_offset])
        sources = [resolve(f, c, matrix), stride_parts(f, stride_id)]
        if bias is not None:
            sources.append(resolve(f, c, bias))

        def call(ctx: ExecutionContext, items: tuple[Any, ...]) -> np.ndarray:
            bias_operand = None
            if bias is not None:
                bias_operand = coopvec.Bias(items[2], lane_offsets(f.values[bias_offset]),  # type: ignore[index]
                                            int(value["BiasInterpretation"]))
            return coopvec.matrix_mul(ctx, vector, int(value["InputInterpretation"]), items[0], matrix_offsets,
                                      int(value["MatrixInterpretation"]), int(value["M"]), int(value["K"]),
                                      int(value["MemoryLayout"]), bool(value["Transpose"]), items[1], operands,
                                      result_component, result.count, bias_operand)
        out = run_parts(c, f, sources, call)
        if out is None:                     # no lane's pointers resolved (permissive mode)
            return np.zeros((lanes, result.count), result_dtype)
        return out.view(result_dtype)
    return compute


register_opcode("OpCooperativeVectorMatrixMulNV")(lambda c: _matrix_mul(c, False))
register_opcode("OpCooperativeVectorMatrixMulAddNV")(lambda c: _matrix_mul(c, True))


@register_opcode("OpCooperativeVectorOuterProductAccumulateNV")
def _outer_product_accumulate(c: InstructionContext) -> Compute:
    pointer = array_pointer(c, 0, "Pointer", False)
    offset = integer_32(c, 1, "Offset")
    cooperative_vector(c, 2, "A")
    cooperative_vector(c, 3, "B")
    constants = constant_operands(c, {"MemoryLayout": 4, "MatrixInterpretation": 5})
    layout, interpretation = (int(constants.value(c, name)) for name in ("MemoryLayout", "MatrixInterpretation"))
    stride_id = integer_32(c, 6, "MatrixStride") if optional(c, 6) is not None else None
    a, b = c.value(2), c.value(3)

    def compute(f: Frame) -> None:
        lanes = f.mask.shape[0]
        offsets = lane_offsets(f.values[offset])
        left, right = lane_vector(f.values[a], lanes), lane_vector(f.values[b], lanes)

        def call(ctx: ExecutionContext, items: tuple[Any, ...]) -> None:
            coopvec.outer_product_accumulate(ctx, items[0], offsets, left, right, layout, interpretation, items[1])
        run_parts(c, f, [resolve(f, c, pointer), stride_parts(f, stride_id)], call)
    return compute


@register_opcode("OpCooperativeVectorReduceSumAccumulateNV")
def _reduce_sum_accumulate(c: InstructionContext) -> Compute:
    pointer = array_pointer(c, 0, "Pointer", False)
    offset = integer_32(c, 1, "Offset")
    cooperative_vector(c, 2, "V")
    v = c.value(2)

    def compute(f: Frame) -> None:
        values = lane_vector(f.values[v], f.mask.shape[0])
        offsets = lane_offsets(f.values[offset])
        run_parts(c, f, [resolve(f, c, pointer)],
                  lambda ctx, items: coopvec.reduce_sum_accumulate(ctx, items[0], offsets, values))
    return compute


@register_opcode("OpCooperativeVectorLoadNV")
def _load(c: InstructionContext) -> Compute:
    result = result_vector(c)
    pointer = array_pointer(c, 0, "Pointer", False)
    offset = integer_32(c, 1, "Offset")
    dtype, count = result.dtype, result.count

    def compute(f: Frame) -> np.ndarray:
        offsets = lane_offsets(f.values[offset])
        out = run_parts(c, f, [resolve(f, c, pointer)],
                        lambda ctx, items: coopvec.load(ctx, items[0], offsets, dtype, count))
        return np.zeros((f.mask.shape[0], count), dtype) if out is None else out
    return compute


@register_opcode("OpCooperativeVectorStoreNV")
def _store(c: InstructionContext) -> Compute:
    pointer = array_pointer(c, 0, "Pointer", False)
    offset = integer_32(c, 1, "Offset")
    cooperative_vector(c, 2, "Object")
    obj = c.value(2)

    def compute(f: Frame) -> None:
        values = lane_vector(f.values[obj], f.mask.shape[0])
        offsets = lane_offsets(f.values[offset])
        run_parts(c, f, [resolve(f, c, pointer)], lambda ctx, items: coopvec.store(ctx, items[0], offsets, values))
    return compute
