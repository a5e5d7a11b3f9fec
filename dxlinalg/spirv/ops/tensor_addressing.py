"""SPV_NV_tensor_addressing layouts and views, and SPV_NV_cooperative_matrix2 LoadTensorNV/StoreTensorNV.

A tensor layout or view value is held per lane as packed uint32 words (`TensorLayoutValueType`,
`TensorViewValueType`: vector types, so Function variables, copies, OpPhi and merges work
unchanged). Layout: block size, dimension, stride, offset (int32 bits), span, one word per dimension
each, then the clamp value. View: dimension, stride, one word per dimension each, then the clip
(row offset, row span, column offset, column span); the permutation and hasDimensions are the type.
The instructions unpack the *distinct* values among the running lanes (uniform per scope instance in
practice), apply `dxlinalg.coopmat.tensor_instructions`' function to each and pack the results: a
loop over distinct values, never over lanes or elements.

LoadTensor/StoreTensor take each scope instance's layout, view and Pointer, group the instances
whose layouts differ only in their offsets (a tiled kernel's slices) and view, and hand each group
to `dxlinalg.coopmat.tensor_batch` (the offsets are the batch's per-instance slice). A DecodeFunc
(a SPIR-V function) is called once per instruction for every decoded element of every instance:
its lanes are the elements, its arguments the block pointers (PhysicalStorageBuffer addresses of
`tensor_memory.load_tensor`'s block offsets) and the blockCoord/coordInBlock arrays.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from dxlinalg.coopmat import tensor_instructions as ti
from dxlinalg.coopmat import tensor_rules
from dxlinalg.coopmat.matrix_enums import StorageClass
from dxlinalg.coopmat.matrix_memory import track_groupshared
from dxlinalg.coopmat.matrix_type import CoopMatrix
from dxlinalg.coopmat.ownership import store_write_order
from dxlinalg.coopmat.tangled import UserFunction, calling_user_function
from dxlinalg.coopmat.tensor_addressing import tensor_element_addresses
from dxlinalg.coopmat.tensor_batch import load_tensor_instances, store_tensor_instances
from dxlinalg.coopmat.tensor_enums import Opcode, TensorAddressingOperands
from dxlinalg.coopmat.tensor_layout import TensorLayout, TensorLayoutType
from dxlinalg.coopmat.tensor_memory import DecodeBlocks, load_tensor
from dxlinalg.coopmat.tensor_view import TensorView, TensorViewType
from dxlinalg.errors import DxLinalgError
from dxlinalg.gpu.resources import BufferRange
from dxlinalg.spirv.compiler import Compute, Frame, InstructionContext, register_opcode
from dxlinalg.spirv.coopmat_type import CooperativeMatrixType, require_declared
from dxlinalg.spirv.enums import Capability
from dxlinalg.spirv.errors import Location, SpirvValidationError, at
from dxlinalg.spirv.grammar import opcode_of, opname
from dxlinalg.spirv.ops.cooperative_matrix import (
    MEMORY_OPERAND_WORDS,
    Scoped,
    guarded,
    matrix_operand,
    memory_operands,
    result_matrix,
)
from dxlinalg.spirv.ops.cooperative_vector import buffer_range, located
from dxlinalg.spirv.pointers import MemoryPointer
from dxlinalg.spirv.reader import Instruction
from dxlinalg.spirv.types import (
    EXTRA_TYPE_PARSERS,
    ArrayType,
    BoolType,
    FunctionType,
    IntType,
    PointerType,
    VectorType,
)

EXTENSION = "SPV_NV_tensor_addressing"
COOPMAT2 = "SPV_NV_cooperative_matrix2"
STORAGE_BUFFER, PHYSICAL_STORAGE_BUFFER = StorageClass.StorageBuffer, StorageClass.PhysicalStorageBuffer
WORKGROUP = StorageClass.Workgroup
DECODE_VECTOR_FUNC = 0x4
OP_FUNCTION_CALL = opcode_of("OpFunctionCall")
#: Instructions that may not run inside a DecodeFunc or anything it calls (SPV_NV_cooperative_matrix2:
#: tangled instructions): the cooperative-matrix instructions and control barriers.
TANGLED_OPCODES = frozenset({4457, 4458, 4459, 5293, 5366, 5367, 5368, 5369, 5390, 224})


# -- the value types ------------------------------------------------------------------------------------
class TensorLayoutValueType(VectorType):
    """`tensorLayoutNV<Dim, ClampMode>`, held as 5 * Dim + 1 uint32 words per lane."""

    __slots__ = ("layout",)
    opname = "OpTypeTensorLayoutNV"

    def __init__(self, type_id: int, word: IntType, layout: TensorLayoutType) -> None:
        super().__init__(type_id, word, 5 * layout.dim + 1)
        self.layout = layout

    @property
    def state_type(self) -> TensorLayoutType:
        return self.layout

    def describe(self) -> str:
        return str(self.layout)

    def pack(self, layout: TensorLayout) -> np.ndarray:
        return pack(layout)

    def unpack(self, words: np.ndarray) -> TensorLayout:
        return unpack(self.layout, words)


class TensorViewValueType(VectorType):
    """`tensorViewNV<Dim, hasDimensions, p...>`, held as 2 * Dim + 4 uint32 words per lane."""

    __slots__ = ("view",)
    opname = "OpTypeTensorViewNV"

    def __init__(self, type_id: int, word: IntType, view: TensorViewType) -> None:
        super().__init__(type_id, word, 2 * view.dim + 4)
        self.view = view

    @property
    def state_type(self) -> TensorViewType:
        return self.view

    def describe(self) -> str:
        return str(self.view)

    def pack(self, view: TensorView) -> np.ndarray:
        return np.array([*view.dimension, *view.stride, view.clip_row_offset, view.clip_row_span,
                         view.clip_col_offset, view.clip_col_span], np.uint32)

    def unpack(self, words: np.ndarray) -> TensorView:
        d = self.view.dim
        w = [int(v) for v in words]
        return TensorView(self.view, tuple(w[:d]), tuple(w[d:2 * d]), *w[2 * d:2 * d + 4])


StateType = TensorLayoutValueType | TensorViewValueType


def pack(layout: TensorLayout) -> np.ndarray:
    words = [*layout.block_size, *layout.dimension, *layout.stride, *(o & 0xFFFFFFFF for o in layout.offset),
             *layout.span, layout.clamp_value]
    return np.array(words, np.uint32)


def unpack(layout_type: TensorLayoutType, words: np.ndarray) -> TensorLayout:
    d = layout_type.dim
    w = [int(v) for v in words]
    offsets = tuple(v - (1 << 32) if v >= 1 << 31 else v for v in w[3 * d:4 * d])
    return TensorLayout(layout_type, tuple(w[0:d]), tuple(w[d:2 * d]), tuple(w[2 * d:3 * d]), offsets,
                        tuple(w[4 * d:5 * d]), w[5 * d])


def _offset_columns(dim: int) -> slice:
    return slice(3 * dim, 4 * dim)


def _constant(spec: Any, value_id: int, operand: str, where: Location, kind: type = IntType) -> int:
    value = spec.constants.get(value_id)
    if not (isinstance(spec.value_types.get(value_id), kind) and isinstance(value, np.ndarray)
            and value.shape == (1,)):
        what = "Boolean" if kind is BoolType else "32-bit integer"
        raise SpirvValidationError(at(where, f"{operand} %{value_id} must be a constant instruction with scalar "
                                             f"{what} type ({EXTENSION})"))
    return int(value[0])


def parse_tensor_layout_type(spec: Any, inst: Instruction) -> TensorLayoutValueType:
    """OpTypeTensorLayoutNV %Dim %ClampMode."""
    where = Location("OpTypeTensorLayoutNV", inst.index, inst.word)
    require_declared(spec.module, Capability.TensorAddressingNV, "OpTypeTensorLayoutNV", where)
    if len(inst.operands) != 3:
        raise SpirvValidationError(at(where, "takes a result, Dim and ClampMode"))
    dim = _constant(spec, inst.operands[1], "Dim", where)
    mode = _constant(spec, inst.operands[2], "ClampMode", where)
    try:
        layout = ti.op_type_tensor_layout(dim, mode)
    except DxLinalgError as error:
        raise SpirvValidationError(at(where, str(error))) from None
    return TensorLayoutValueType(inst.operands[0], IntType(0, 32, False), layout)


def parse_tensor_view_type(spec: Any, inst: Instruction) -> TensorViewValueType:
    """OpTypeTensorViewNV %Dim %HasDimensions %p0 ... %p<Dim-1>."""
    where = Location("OpTypeTensorViewNV", inst.index, inst.word)
    require_declared(spec.module, Capability.TensorAddressingNV, "OpTypeTensorViewNV", where)
    if len(inst.operands) < 3:
        raise SpirvValidationError(at(where, "takes a result, Dim, HasDimensions and p0..p<Dim-1>"))
    dim = _constant(spec, inst.operands[1], "Dim", where)
    has_dimensions = bool(_constant(spec, inst.operands[2], "HasDimensions", where, BoolType))
    permutation = [_constant(spec, p, f"p{k}", where) for k, p in enumerate(inst.operands[3:])]
    try:
        view = ti.op_type_tensor_view(dim, has_dimensions, *permutation)
    except DxLinalgError as error:
        raise SpirvValidationError(at(where, str(error))) from None
    return TensorViewValueType(inst.operands[0], IntType(0, 32, False), view)


EXTRA_TYPE_PARSERS[Opcode.OpTypeTensorLayoutNV] = parse_tensor_layout_type
EXTRA_TYPE_PARSERS[Opcode.OpTypeTensorViewNV] = parse_tensor_view_type


# -- layout and view instructions -------------------------------------------------------------------------
def unique_rows(table: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """np.unique(table, axis=0, return_inverse=True), by one lexsort (several times faster for few columns)."""
    if table.shape[0] <= 1:
        return table, np.zeros(table.shape[0], np.intp)
    order = np.lexsort(table.T[::-1])
    ordered = table[order]
    first = np.ones(table.shape[0], bool)
    first[1:] = (ordered[1:] != ordered[:-1]).any(axis=1)
    inverse = np.empty(table.shape[0], np.intp)
    inverse[order] = np.cumsum(first) - 1
    return ordered[first], inverse


def _words32(value: np.ndarray) -> np.ndarray:
    """(lanes, words) uint32 bit patterns of a per-lane 32-bit value (the instructions take bit patterns)."""
    flat = np.ascontiguousarray(value).reshape(value.shape[0], -1)
    return flat.view(np.uint32) if flat.dtype.itemsize == 4 else flat.astype(np.int64).astype(np.uint32)


def distinct_rows(mask: np.ndarray, arrays: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray | None]:
    """The distinct rows of the operands side by side among the running lanes, and each lane's row number
    (None when there is one row for every lane: the result is uniform, lane axis 1).

    Uniform operands (lane axis 1) stay out of the search. Lanes outside `mask` (their results are
    never used) get row 0. Neighbouring lanes usually agree, so runs of equal rows are found first and
    only one row per run is sorted."""
    words = [_words32(a) for a in arrays]
    varying = [k for k, w in enumerate(words) if w.shape[0] > 1]
    if not varying:
        return np.concatenate(words, axis=1), None
    lanes = words[varying[0]].shape[0]
    table = np.concatenate([words[k] for k in varying], axis=1)
    running = np.flatnonzero(np.broadcast_to(mask, (lanes,)))
    if running.size == 0:
        running = np.zeros(1, np.intp)
    live = table[running]
    starts = np.ones(live.shape[0], bool)
    starts[1:] = (live[1:] != live[:-1]).any(axis=1)
    heads, inverse = unique_rows(live[starts])
    columns, at = [], 0
    for k, w in enumerate(words):
        if k in varying:
            columns.append(heads[:, at:at + w.shape[1]])
            at += w.shape[1]
        else:
            columns.append(np.broadcast_to(w, (heads.shape[0], w.shape[1])))
    rows = np.concatenate(columns, axis=1)
    if rows.shape[0] == 1:
        return rows, None
    row_of_lane = np.zeros(lanes, np.intp)
    row_of_lane[running] = inverse[np.cumsum(starts) - 1]
    return rows, row_of_lane


def _state_result(c: InstructionContext, kind: type) -> StateType:
    if not isinstance(c.result_type, kind):
        what = "tensor layout" if kind is TensorLayoutValueType else "tensor view"
        raise c.fail(f"Result Type {c.result_type!r} must be a {what} type ({EXTENSION})")
    return c.result_type  # type: ignore[return-value]


def _state_op(c: InstructionContext, function: Callable[..., Any], kind: type, with_operand: bool,
              per_dimension: int = 0, fixed: int = 0) -> Compute:
    """A layout/view instruction: `function(result type, [state], *words)` once per distinct input.

    It takes `per_dimension` * Dim + `fixed` 32-bit integer operands after the state."""
    require_declared(c.program.module, Capability.TensorAddressingNV, c.opname, c.loc)
    result = _state_result(c, kind)
    state_id = c.value(0) if with_operand else None
    if with_operand and c.value_type(0).id != result.id:
        raise c.fail(f"{'Tensor Layout' if kind is TensorLayoutValueType else 'Tensor View'} has type "
                     f"{c.value_type(0)!r}; it must be Result Type ({EXTENSION}: {c.opname})")
    operand_ids = [c.value(k) for k in range(1 if with_operand else 0, len(c.args))]
    expected = per_dimension * result.state_type.dim + fixed
    if len(operand_ids) != expected:
        each = {0: "", 1: ", one per dimension of Result Type", 2: ", two per dimension of Result Type"}
        raise c.fail(f"takes {expected} operands after the {'value' if with_operand else 'result'} for "
                     f"{result.describe()}, not {len(operand_ids)} ({EXTENSION}: {c.opname}{each[per_dimension]})")
    for value_id in operand_ids:
        found = c.type_of(value_id)
        if not isinstance(found, IntType) or found.width != 32 or isinstance(found, VectorType):
            raise c.fail(f"operand {c.describe(value_id)} has type {found!r}; it must be a 32-bit integer scalar "
                         f"({EXTENSION}: {c.opname})")
    width = result.count
    state_type = result.state_type

    def compute(f: Frame) -> np.ndarray:
        arrays = ([np.asarray(f.values[state_id])] if state_id is not None else []) + [
            np.asarray(f.values[i]) for i in operand_ids]
        if not arrays:
            return result.pack(function(state_type))[None, :]
        rows, row_of_lane = distinct_rows(f.mask, arrays)
        out = np.empty((rows.shape[0], width), np.uint32)
        states: dict[bytes, Any] = {}          # the rows usually share the state and differ in the operands
        for r, row in enumerate(rows):
            if state_id is not None:
                key = row[:width].tobytes()
                state = states.get(key)
                if state is None:
                    state = states[key] = result.unpack(row[:width])
                out[r] = result.pack(function(state_type, state, *(int(v) for v in row[width:])))
            else:
                out[r] = result.pack(function(state_type, *(int(v) for v in row)))
        return out if row_of_lane is None else out[row_of_lane]
    return guarded(c, compute)


#: opcode: (coopmat function, value type, takes a state operand, operands per dimension, fixed operands)
STATE_INSTRUCTIONS: dict[int, tuple[Callable[..., Any], type, bool, int, int]] = {
    Opcode.OpCreateTensorLayoutNV: (ti.op_create_tensor_layout, TensorLayoutValueType, False, 0, 0),
    Opcode.OpTensorLayoutSetDimensionNV: (ti.op_tensor_layout_set_dimension, TensorLayoutValueType, True, 1, 0),
    Opcode.OpTensorLayoutSetStrideNV: (ti.op_tensor_layout_set_stride, TensorLayoutValueType, True, 1, 0),
    Opcode.OpTensorLayoutSliceNV: (ti.op_tensor_layout_slice, TensorLayoutValueType, True, 2, 0),
    Opcode.OpTensorLayoutSetClampValueNV: (ti.op_tensor_layout_set_clamp_value, TensorLayoutValueType, True, 0, 1),
    Opcode.OpTensorLayoutSetBlockSizeNV: (ti.op_tensor_layout_set_block_size, TensorLayoutValueType, True, 1, 0),
    Opcode.OpCreateTensorViewNV: (ti.op_create_tensor_view, TensorViewValueType, False, 0, 0),
    Opcode.OpTensorViewSetDimensionNV: (ti.op_tensor_view_set_dimension, TensorViewValueType, True, 1, 0),
    Opcode.OpTensorViewSetStrideNV: (ti.op_tensor_view_set_stride, TensorViewValueType, True, 1, 0),
    Opcode.OpTensorViewSetClipNV: (ti.op_tensor_view_set_clip, TensorViewValueType, True, 0, 4),
}


@register_opcode(*STATE_INSTRUCTIONS)
def _state_instruction(c: InstructionContext) -> Compute:
    return _state_op(c, *STATE_INSTRUCTIONS[c.inst.opcode])


# -- LoadTensorNV / StoreTensorNV operands -----------------------------------------------------------------
@dataclass(frozen=True)
class Decode:
    """A DecodeFunc operand: the function, and the bytes of the block its pointer parameter points to."""

    function_id: int
    block_bytes: int


@dataclass(frozen=True)
class TensorOperands:
    """What follows TensorLayout: the view's id (or None) and the DecodeFunc (or None)."""

    view_id: int | None
    view_type: TensorViewValueType | None
    decode: Decode | None


def _memory_operands(c: InstructionContext, start: int, op: str, store: bool) -> int:
    """Memory Operands at `start` (required, at least None): checked; the position after their operands."""
    if len(c.args) <= start:
        raise c.fail(f"{op} needs a Memory Operands literal, then a Tensor Addressing Operands literal ({COOPMAT2})")
    return memory_operands(c, start, op, store=store)


def tensor_operands(c: InstructionContext, start: int, op: str, store: bool, dim: int,
                    result: CooperativeMatrixType) -> TensorOperands:
    """Memory Operands then Tensor Addressing Operands (TensorView 0x1 and DecodeFunc 0x2, in that order)."""
    at_mask = _memory_operands(c, start, op, store)
    if len(c.args) <= at_mask:
        raise c.fail(f"{op} needs a Tensor Addressing Operands literal after the Memory Operands ({COOPMAT2})")
    mask = c.args[at_mask]
    known = TensorAddressingOperands.TensorView | TensorAddressingOperands.DecodeFunc
    if mask & DECODE_VECTOR_FUNC:
        raise c.unsupported(f"{op}: Tensor Addressing Operands {mask:#x} include DecodeVectorFunc 0x4 "
                            f"(CooperativeMatrixDecodeVectorNV, newer than SPV_NV_cooperative_matrix2), which this "
                            f"executor does not support")
    if mask & ~known:
        raise c.fail(f"{op}: Tensor Addressing Operands {mask:#x} has bits outside TensorView 0x1 and DecodeFunc "
                     f"0x2 ({COOPMAT2}: Tensor Addressing Operands)")
    expected = at_mask + 1 + mask.bit_count()
    if len(c.args) != expected:
        raise c.fail(f"{op}: Tensor Addressing Operands {mask:#x} needs {mask.bit_count()} operands after it, "
                     f"the instruction has {len(c.args) - at_mask - 1}")
    position = at_mask + 1
    view_id = view_type = decode = None
    if mask & TensorAddressingOperands.TensorView:
        require_declared(c.program.module, Capability.CooperativeMatrixTensorAddressingNV,
                         f"{op} with a TensorView", c.loc)
        view_id = c.value(position)
        found = c.type_of(view_id)
        if not isinstance(found, TensorViewValueType):
            raise c.fail(f"TensorView {c.describe(view_id)} has type {found!r}; it must be a tensor view "
                         f"({COOPMAT2}: Tensor Addressing Operands TensorView)")
        view_type = found
        position += 1
    if mask & TensorAddressingOperands.DecodeFunc:
        if store:
            raise c.fail(f"{op}: DecodeFunc is not allowed with {op} ({COOPMAT2}: DecodeFunc is not allowed with "
                         f"OpCooperativeMatrixStoreTensorNV)")
        require_declared(c.program.module, Capability.CooperativeMatrixBlockLoadsNV, f"{op} with a DecodeFunc", c.loc)
        decode = _decode_function(c, c.arg(position), dim, result, op)
    return TensorOperands(view_id, view_type, decode)


def _decode_function(c: InstructionContext, function_id: int, dim: int, result: CooperativeMatrixType,
                     op: str) -> Decode:
    """DecodeFunc's signature rules (SPV_NV_cooperative_matrix2), checked when compiling."""
    module = c.program.module
    function = module.functions.get(function_id)
    rule = f"({COOPMAT2}: DecodeFunc)"
    if function is None:
        raise c.fail(f"DecodeFunc {c.describe(function_id)} must be an OpFunction of the module {rule}")
    function_type = c.program.type_by_id(function.inst.operands[3]) if len(function.inst.operands) > 3 else None
    if not isinstance(function_type, FunctionType):
        raise c.fail(f"DecodeFunc {c.describe(function_id)} has no OpTypeFunction {rule}")
    if function_type.return_type.id != result.component.id:
        raise c.fail(f"DecodeFunc {c.describe(function_id)} returns {function_type.return_type!r}; its return type "
                     f"must be the component type {result.component!r} of Result Type {rule}")
    parameters = function_type.parameters
    if len(parameters) != 3:
        raise c.fail(f"DecodeFunc {c.describe(function_id)} takes {len(parameters)} parameters; it must take a "
                     f"PhysicalStorageBuffer pointer and two arrays of 32-bit integers {rule}")
    pointer = parameters[0]
    if not isinstance(pointer, PointerType) or pointer.storage != PHYSICAL_STORAGE_BUFFER:
        raise c.fail(f"DecodeFunc's first parameter has type {pointer!r}; it must be a pointer with storage class "
                     f"PhysicalStorageBuffer {rule}")
    for k, array in enumerate(parameters[1:], start=1):
        element = array.element if isinstance(array, ArrayType) else None
        if not (isinstance(element, IntType) and element.width == 32 and not isinstance(element, VectorType)
                and isinstance(array, ArrayType) and array.length == dim):
            raise c.fail(f"DecodeFunc's parameter {k} has type {array!r}; it must be an array of {dim} 32-bit "
                         f"integers, the tensor layout's dimension {rule}")
    layout = c.program.pointer_layout(pointer)
    if layout is None or not layout.size:
        raise c.fail(f"DecodeFunc's pointer parameter {pointer!r} must point to a type with an explicit size {rule}")
    _check_not_tangled(c, function_id, set())
    return Decode(function_id, int(layout.size))


def _check_not_tangled(c: InstructionContext, function_id: int, seen: set[int]) -> None:
    """No tangled instruction in the DecodeFunc or anything it calls (SPV_NV_cooperative_matrix2)."""
    if function_id in seen:
        return
    seen.add(function_id)
    function = c.program.module.functions[function_id]
    for block in function.blocks:
        for inst in block.body:
            if inst.opcode in TANGLED_OPCODES:
                raise c.fail(f"{opname(inst.opcode)} in {c.describe(function_id)}, which is used as a DecodeFunc (or "
                             f"called from one): tangled instructions are not allowed there ({COOPMAT2})")
            if inst.opcode == OP_FUNCTION_CALL and len(inst.operands) > 2:
                _check_not_tangled(c, inst.operands[2], seen)


def _layout_operand(c: InstructionContext, k: int) -> TensorLayoutValueType:
    found = c.value_type(k)
    if not isinstance(found, TensorLayoutValueType):
        raise c.fail(f"TensorLayout has type {found!r}; it must be a tensor layout ({COOPMAT2})")
    return found


def _pointer_type(c: InstructionContext, k: int, op: str) -> PointerType:
    spv_type = c.value_type(k)
    if not isinstance(spv_type, PointerType):
        raise c.fail(f"Pointer has type {spv_type!r}; it must be a pointer ({COOPMAT2}: {op})")
    if spv_type.storage not in (STORAGE_BUFFER, PHYSICAL_STORAGE_BUFFER) and _has_decode(c):
        raise c.fail(f"{op}: Pointer points into storage class {spv_type.storage}; with a DecodeFunc it must point "
                     f"to PhysicalStorageBuffer or StorageBuffer ({COOPMAT2}: Tensor Addressing Operands)")
    if spv_type.storage not in (STORAGE_BUFFER, PHYSICAL_STORAGE_BUFFER, WORKGROUP):
        raise c.unsupported(f"{op}: Pointer {spv_type!r}: only StorageBuffer, PhysicalStorageBuffer and Workgroup "
                            f"pointers are supported by the SPIR-V executor")
    return spv_type


def _has_decode(c: InstructionContext) -> bool:
    """Whether a LoadTensor's Tensor Addressing Operands name a DecodeFunc (read before they are checked)."""
    if len(c.args) <= 3:
        return False
    at_mask = 3 + 1 + sum(words for bit, words in MEMORY_OPERAND_WORDS.items() if c.args[3] & bit)
    return len(c.args) > at_mask and bool(c.args[at_mask] & TensorAddressingOperands.DecodeFunc)


# -- per-instance operands ----------------------------------------------------------------------------------
@dataclass
class Memory:
    """A buffer some scope instances point into, and their byte offsets in it.

    Workgroup memory: one group's row of the groupshared memory, `origin` its first byte in the
    flattened rows and `tracker` the race tracker its accesses are reported to."""

    range: BufferRange
    instances: np.ndarray       # (k,) instance numbers
    offsets: np.ndarray         # (k,) int64
    tracker: Any = None
    origin: int = 0


def instance_memories(c: InstructionContext, f: Frame, scoped: Scoped, pointer_id: int, storage: int,
                      active: np.ndarray, op: str) -> list[Memory]:
    """Each buffer (or group's Workgroup memory) the active instances' Pointers point into."""
    pointer = f.values[pointer_id]
    chosen = np.flatnonzero(active)
    if storage == PHYSICAL_STORAGE_BUFFER:
        addresses = scoped.uniform(f.mask, pointer, "Pointer", op).astype(np.int64)
        memories = []
        for region, inside, offsets in f.inv.physical.split(addresses, 1, active.copy(), f.inv.strict, c.loc):
            picked = np.flatnonzero(inside)
            memories.append(Memory(buffer_range(region), picked, offsets[picked].astype(np.int64)))
        return memories
    assert isinstance(pointer, MemoryPointer)
    offsets = np.broadcast_to(pointer.offsets, (scoped.ctx.lanes,)).astype(np.int64)
    region = pointer.region
    if storage != WORKGROUP:
        in_buffer = scoped.uniform(f.mask, offsets, "Pointer", op)
        return [Memory(buffer_range(region), chosen, in_buffer[chosen])]
    shared = region.shared
    if shared is None:
        raise DxLinalgError(f"{op}: the Workgroup pointer has no groupshared memory behind it")
    in_group = scoped.uniform(f.mask, offsets, "Pointer", op)
    groups = scoped.instances.group_of_instance[chosen]
    memories = []
    for group in np.unique(groups):
        picked = chosen[groups == group]
        row = BufferRange(shared.data[group, :shared.size], 0, 0, True, region.name)
        memories.append(Memory(row, picked, in_group[picked], shared.tracker, int(group) * shared.data.shape[1]))
    return memories


def _track(memory: Memory, scoped: Scoped, matrix_type: Any, layouts: np.ndarray, views: np.ndarray | None,
           layout_type: TensorLayoutValueType, view_type: TensorViewValueType | None, store: bool, strict: bool,
           op: str) -> None:
    """Workgroup memory: report each accessed element's bytes to the groupshared race tracker, as accessed
    by the invocation that owns the element (`matrix_memory.track_groupshared`, as KHR Load/Store do)."""
    if memory.tracker is None or memory.instances.size == 0:
        return
    unit = matrix_type.component.itemsize
    positions, accessed = [], []
    for instance, offset in zip(memory.instances, memory.offsets):
        view = None if views is None or view_type is None else view_type.unpack(views[instance])
        addresses = tensor_element_addresses(matrix_type.shape, layout_type.unpack(layouts[instance]), view,
                                             store=store, strict=strict, op=op)
        positions.append(memory.origin + int(offset) + addresses.index * unit)
        accessed.append(addresses.accessed)
    track_groupshared(memory.tracker, matrix_type, scoped.instances.size, scoped.instances.first_lane[memory.instances],
                      np.stack(positions), np.stack(accessed), scoped.ctx.profile.coopmat, store, op)


def _groups(layouts: np.ndarray, views: np.ndarray | None, dim: int) -> tuple[np.ndarray, np.ndarray]:
    """Instances whose layouts agree except in the offsets and whose views agree: (keys, group of each)."""
    key = layouts.astype(np.int64).copy()
    key[:, _offset_columns(dim)] = 0
    if views is not None:
        key = np.concatenate([key, views.astype(np.int64)], axis=1)
    return unique_rows(key)


def _split_key(key: np.ndarray, layout_type: TensorLayoutValueType,
               view_type: TensorViewValueType | None) -> tuple[TensorLayout, TensorView | None]:
    width = layout_type.count
    layout = layout_type.unpack(key[:width])
    view = None if view_type is None else view_type.unpack(key[width:])
    return layout, view


def _signed_offsets(layouts: np.ndarray, dim: int) -> np.ndarray:
    offsets = layouts[:, _offset_columns(dim)].astype(np.int64)
    return np.where(offsets >= 1 << 31, offsets - (1 << 32), offsets)


# -- LoadTensorNV -------------------------------------------------------------------------------------------
@register_opcode(Opcode.OpCooperativeMatrixLoadTensorNV)
def _load_tensor(c: InstructionContext) -> Compute:
    op = "OpCooperativeMatrixLoadTensorNV"
    require_declared(c.program.module, Capability.CooperativeMatrixTensorAddressingNV, op, c.loc)
    result = result_matrix(c)
    storage = _pointer_type(c, 0, op).storage
    pointer_id = c.value(0)
    object_type = matrix_operand(c, 1, "Object")
    if object_type.id != result.id:
        raise c.fail(f"Object has type {object_type!r}; it must be Result Type ({COOPMAT2}: {op})")
    layout_type = _layout_operand(c, 2)
    object_id, layout_id = c.value(1), c.value(2)
    extra = tensor_operands(c, 3, op, False, layout_type.layout.dim, result)
    dim = layout_type.layout.dim
    shape, dtype = result.matrix.shape, result.matrix.component

    def compute(f: Frame) -> np.ndarray:
        scoped = Scoped(f.inv.ctx, result, op)
        active = scoped.active(f.mask, op)
        layouts = scoped.uniform(f.mask, f.values[layout_id], "TensorLayout", op)
        views = None if extra.view_id is None else scoped.uniform(f.mask, f.values[extra.view_id], "TensorView", op)
        obj = scoped.gather(f.values[object_id])
        values = obj.values.copy()
        memories = instance_memories(c, f, scoped, pointer_id, storage, active, op)
        for memory in memories:
            f.inv.ctx.settle_memory(memory.range.data)
        for memory in memories:
            if extra.decode is not None:
                _decoded(c, f, memory, result, layout_type, layouts, extra, views, values, op)
                continue
            _track(memory, scoped, result.matrix, layouts, views, layout_type, extra.view_type, False, f.inv.strict,
                   op)
            keys, group_of = _groups(layouts[memory.instances], None if views is None else views[memory.instances],
                                     dim)
            for g, key in enumerate(keys):
                members = np.flatnonzero(group_of == g)
                chosen = memory.instances[members]
                layout, view = _split_key(key, layout_type, extra.view_type)
                values[chosen] = load_tensor_instances(
                    memory.range, shape, layout, dtype, _signed_offsets(layouts[chosen], dim),
                    memory.offsets[members], view=view, obj=values[chosen], strict=f.inv.strict, op=op,
                    settings=f.inv.ctx.profile.coopmat)
        return scoped.scatter(CoopMatrix(result.matrix, values))
    return guarded(c, compute)


def _decoded(c: InstructionContext, f: Frame, memory: Memory, result: CooperativeMatrixType,
             layout_type: TensorLayoutValueType, layouts: np.ndarray, extra: TensorOperands,
             views: np.ndarray | None, values: np.ndarray, op: str) -> None:
    """Block loads: `load_tensor` per instance with a recording DecodeFunc, then one SPIR-V call for all."""
    assert extra.decode is not None
    shape, dtype = result.matrix.shape, result.matrix.component
    requests: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []

    def record(blocks: DecodeBlocks, block_coord: np.ndarray, coord_in_block: np.ndarray) -> np.ndarray:
        requests.append((blocks.offsets, block_coord, coord_in_block))
        return np.zeros(blocks.offsets.shape[0], dtype)

    accessed = []
    for instance, offset in zip(memory.instances, memory.offsets):
        layout = layout_type.unpack(layouts[instance])
        view = None if views is None or extra.view_type is None else extra.view_type.unpack(views[instance])
        values[instance] = load_tensor(memory.range, shape, layout, dtype, view=view, pointer_offset=int(offset),
                                       obj=values[instance], decode=record, block_bytes=extra.decode.block_bytes,
                                       strict=f.inv.strict, op=op, settings=f.inv.ctx.profile.coopmat)
        accessed.append(tensor_element_addresses(shape, layout, view, store=False, strict=f.inv.strict, op=op,
                                                 settings=f.inv.ctx.profile.coopmat).accessed)
    decoded = iter(np.split(_call_decode(c, f, memory.range, extra.decode, requests, dtype, op),
                            np.cumsum([r[0].shape[0] for r in requests])[:-1]) if requests else [])
    for instance, elements in zip(memory.instances, accessed):
        if elements.any():
            values[instance][elements] = next(decoded)


def _call_decode(c: InstructionContext, f: Frame, rng: BufferRange, decode: Decode,
                 requests: list[tuple[np.ndarray, np.ndarray, np.ndarray]], dtype: np.dtype, op: str) -> np.ndarray:
    """The DecodeFunc for every requested element at once: one call whose lanes are the elements."""
    # imported here: the executor imports the opcode handlers
    from dxlinalg.spirv.executor import run_function

    if rng.buffer is None:
        raise c.fail(f"{op}: a DecodeFunc's pointer parameter is a PhysicalStorageBuffer address, but "
                     f"{rng.name} has no device address")
    offsets = np.concatenate([r[0] for r in requests])
    block_coord = np.concatenate([r[1] for r in requests]).astype(np.uint32)
    coord_in_block = np.concatenate([r[2] for r in requests]).astype(np.uint32)
    addresses = (rng.base_address + offsets).astype(np.uint64)
    mask = np.ones(offsets.shape[0], bool)
    function = c.program.function(decode.function_id)
    with calling_user_function(UserFunction.DecodeFunc, op):
        values = run_function(function, f.inv, mask, [addresses, block_coord, coord_in_block])
    out = np.broadcast_to(np.asarray(values), (offsets.shape[0],))
    tensor_rules.check_decode_result(out, offsets.shape[0], op)
    return out.astype(dtype)


# -- StoreTensorNV ------------------------------------------------------------------------------------------
@register_opcode(Opcode.OpCooperativeMatrixStoreTensorNV)
def _store_tensor(c: InstructionContext) -> Compute:
    op = "OpCooperativeMatrixStoreTensorNV"
    require_declared(c.program.module, Capability.CooperativeMatrixTensorAddressingNV, op, c.loc)
    storage = _pointer_type(c, 0, op).storage
    pointer_id = c.value(0)
    object_type: CooperativeMatrixType = matrix_operand(c, 1, "Object")
    layout_type = _layout_operand(c, 2)
    object_id, layout_id = c.value(1), c.value(2)
    extra = tensor_operands(c, 3, op, True, layout_type.layout.dim, object_type)
    dim = layout_type.layout.dim

    def compute(f: Frame) -> None:
        scoped = Scoped(f.inv.ctx, object_type, op)
        active = scoped.active(f.mask, op)
        layouts = scoped.uniform(f.mask, f.values[layout_id], "TensorLayout", op)
        views = None if extra.view_id is None else scoped.uniform(f.mask, f.values[extra.view_id], "TensorView", op)
        matrix = scoped.gather(f.values[object_id])
        settings = f.inv.ctx.profile.coopmat
        for memory in instance_memories(c, f, scoped, pointer_id, storage, active, op):
            f.inv.ctx.settle_memory(memory.range.data, precise=True)       # a store: its bytes are logged
            _track(memory, scoped, object_type.matrix, layouts, views, layout_type, extra.view_type, True,
                   f.inv.strict, op)
            keys, group_of = _groups(layouts[memory.instances], None if views is None else views[memory.instances],
                                     dim)
            for g, key in enumerate(keys):
                members = np.flatnonzero(group_of == g)
                chosen = memory.instances[members]
                layout, view = _split_key(key, layout_type, extra.view_type)
                write_order = store_write_order(scoped.map, settings, any(b > 1 for b in layout.block_size))
                store_tensor_instances(memory.range, matrix.values[chosen], layout,
                                       _signed_offsets(layouts[chosen], dim), memory.offsets[members], view=view,
                                       strict=f.inv.strict, op=op, settings=settings, write_order=write_order)
            memory.range.mark_written()
    return guarded(c, compute)


__all__ = ["TensorLayoutValueType", "TensorViewValueType", "distinct_rows", "located", "pack", "unpack"]

