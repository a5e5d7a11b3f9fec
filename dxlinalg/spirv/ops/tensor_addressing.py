"""SPV_NV_tensor_addressing layouts and SPV_NV_cooperative_matrix2 LoadTensorNV/StoreTensorNV in the executor.

A tensor layout value is held per lane as packed uint32 words (`TensorLayoutValueType`, a vector
type, so Function variables, copies, OpPhi and merges work unchanged): block size, dimension,
stride, offset (int32 bits), span, one word per dimension each, then the clamp value. The
instructions unpack the *distinct* layouts among the running lanes (uniform per scope instance in
practice), apply `dxlinalg.coopmat.tensor_instructions`' function to each and pack the results:
a loop over distinct values, never over lanes or elements. LoadTensor/StoreTensor call
`dxlinalg.coopmat.tensor_memory` once per scope instance with that instance's whole matrix.

Not yet here (no test module exercises them yet, so they stay unregistered): SetStride, SetClampValue,
SetBlockSize; tensor views (OpTypeTensorViewNV and 5377-5379, the TensorView operand) and
DecodeFunc: rejected as unsupported with a message.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from dxlinalg.coopmat import tensor_instructions as ti
from dxlinalg.coopmat.matrix_type import CoopMatrix
from dxlinalg.coopmat.tensor_layout import TensorLayout, TensorLayoutType
from dxlinalg.coopmat.tensor_memory import load_tensor, store_tensor
from dxlinalg.errors import DxLinalgError
from dxlinalg.spirv.compiler import Compute, Frame, InstructionContext, register_opcode
from dxlinalg.spirv.coopmat_type import CooperativeMatrixType
from dxlinalg.spirv.errors import (
    Location,
    SpirvUnsupportedError,
    SpirvValidationError,
    at,
)
from dxlinalg.spirv.ops.cooperative_matrix import (
    Scoped,
    guarded,
    matrix_operand,
    result_matrix,
)
from dxlinalg.spirv.ops.cooperative_vector import buffer_range, located
from dxlinalg.spirv.pointers import MemoryPointer
from dxlinalg.spirv.reader import Instruction
from dxlinalg.spirv.types import EXTRA_TYPE_PARSERS, IntType, PointerType, VectorType

EXTENSION = "SPV_NV_tensor_addressing"
LOAD_TENSOR, STORE_TENSOR = 5367, 5368
TYPE_LAYOUT, TYPE_VIEW = 5370, 5371
CREATE_LAYOUT, SET_DIMENSION, SET_STRIDE, SLICE, SET_CLAMP_VALUE, SET_BLOCK_SIZE = 5372, 5373, 5374, 5375, 5376, 5384
VIEW_OPCODES = (5377, 5378, 5379, 5382)


class TensorLayoutValueType(VectorType):
    """`tensorLayoutNV<Dim, ClampMode>`, held as 5 * Dim + 1 uint32 words per lane."""

    __slots__ = ("layout",)
    opname = "OpTypeTensorLayoutNV"

    def __init__(self, type_id: int, word: IntType, layout: TensorLayoutType) -> None:
        super().__init__(type_id, word, 5 * layout.dim + 1)
        self.layout = layout

    def describe(self) -> str:
        return str(self.layout)


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


def _constant(spec: Any, value_id: int, operand: str, where: Location) -> int:
    value = spec.constants.get(value_id)
    if not (isinstance(spec.value_types.get(value_id), IntType) and isinstance(value, np.ndarray)
            and value.shape == (1,)):
        raise SpirvValidationError(at(where, f"{operand} %{value_id} must be a constant instruction with scalar "
                                             f"32-bit integer type ({EXTENSION})"))
    return int(value[0])


def parse_tensor_layout_type(spec: Any, inst: Instruction) -> TensorLayoutValueType:
    """OpTypeTensorLayoutNV %Dim %ClampMode."""
    where = Location("OpTypeTensorLayoutNV", inst.index, inst.word)
    if len(inst.operands) != 3:
        raise SpirvValidationError(at(where, "takes a result, Dim and ClampMode"))
    dim = _constant(spec, inst.operands[1], "Dim", where)
    mode = _constant(spec, inst.operands[2], "ClampMode", where)
    try:
        layout = ti.op_type_tensor_layout(dim, mode)
    except DxLinalgError as error:
        raise SpirvValidationError(at(where, str(error))) from None
    return TensorLayoutValueType(inst.operands[0], IntType(0, 32, False), layout)


def parse_tensor_view_type(spec: Any, inst: Instruction) -> VectorType:
    raise SpirvUnsupportedError(at(Location("OpTypeTensorViewNV", inst.index, inst.word),
                                   "tensor views are not supported by the SPIR-V executor yet"))


EXTRA_TYPE_PARSERS[TYPE_LAYOUT] = parse_tensor_layout_type
EXTRA_TYPE_PARSERS[TYPE_VIEW] = parse_tensor_view_type


# -- layout instructions --------------------------------------------------------------------------------
def _layout_result(c: InstructionContext) -> TensorLayoutValueType:
    if not isinstance(c.result_type, TensorLayoutValueType):
        raise c.fail(f"Result Type {c.result_type!r} must be a tensor layout type ({EXTENSION})")
    return c.result_type


def _distinct_rows(f: Frame, arrays: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """The distinct rows of the operands side by side among the running lanes, and each lane's row number."""
    lanes = max(a.shape[0] for a in arrays)
    columns = [np.broadcast_to(a.reshape(a.shape[0], -1).astype(np.int64), (lanes, a[0].size)) for a in arrays]
    table = np.concatenate(columns, axis=1)
    rows, inverse = np.unique(table, axis=0, return_inverse=True)
    return rows, inverse.reshape(-1)


def _layout_op(c: InstructionContext, function: Callable[..., TensorLayout], with_layout: bool) -> Compute:
    result = _layout_result(c)
    layout_id = c.value(0) if with_layout else None
    if with_layout and c.value_type(0).id != result.id:
        raise c.fail(f"Tensor Layout has type {c.value_type(0)!r}; it must be Result Type ({EXTENSION})")
    operand_ids = [c.value(k) for k in range(1 if with_layout else 0, len(c.args))]
    width = result.count

    def compute(f: Frame) -> np.ndarray:
        arrays = ([f.values[layout_id]] if layout_id is not None else []) + [np.asarray(f.values[i]) for i in
                                                                            operand_ids]
        if not arrays:
            return pack(function(result.layout))[None, :]
        rows, inverse = _distinct_rows(f, arrays)
        out = np.empty((rows.shape[0], width), np.uint32)
        for r, row in enumerate(rows):
            if layout_id is not None:
                layout = unpack(result.layout, row[:width])
                out[r] = pack(function(result.layout, layout, *(int(v) for v in row[width:])))
            else:
                out[r] = pack(function(result.layout, *(int(v) for v in row)))
        return out[inverse]
    return guarded(c, compute)


register_opcode(CREATE_LAYOUT)(lambda c: _layout_op(c, ti.op_create_tensor_layout, False))
register_opcode(SET_DIMENSION)(lambda c: _layout_op(c, ti.op_tensor_layout_set_dimension, True))
register_opcode(SLICE)(lambda c: _layout_op(c, ti.op_tensor_layout_slice, True))


# -- LoadTensorNV / StoreTensorNV -----------------------------------------------------------------------
def _tensor_operands(c: InstructionContext, start: int, op: str) -> None:
    """Memory Operands (None or ones that do not change the access) then Tensor Addressing Operands (None only)."""
    rest = c.args[start:]
    if len(rest) < 2:
        raise c.fail(f"{op} needs Memory Operands and Tensor Addressing Operands words")
    if rest[1] & 0x1 or rest[1] & 0x2:
        raise c.unsupported(f"{op}: Tensor Addressing Operands {rest[1]:#x} (TensorView/DecodeFunc) are not "
                            f"supported by the SPIR-V executor yet")
    if rest[1]:
        raise c.fail(f"{op}: Tensor Addressing Operands {rest[1]:#x} has unknown bits ({EXTENSION})")


def _storage_pointer(c: InstructionContext, k: int, op: str) -> int:
    spv_type = c.value_type(k)
    if not isinstance(spv_type, PointerType) or spv_type.storage != 12:
        raise c.unsupported(f"{op}: Pointer {spv_type!r}: only StorageBuffer pointers are supported by the SPIR-V "
                            f"executor yet")
    return c.value(k)


def _per_instance(scoped: Scoped, f: Frame, layout_type: TensorLayoutValueType, layout_id: int, pointer_id: int,
                  op: str) -> tuple[Any, np.ndarray, np.ndarray]:
    pointer = f.values[pointer_id]
    assert isinstance(pointer, MemoryPointer)
    offsets = scoped.uniform(f.mask, pointer.offsets, "Pointer", op).astype(np.int64)
    layouts = scoped.uniform(f.mask, f.values[layout_id], "TensorLayout", op)
    return buffer_range(pointer.region), offsets, layouts


@register_opcode(LOAD_TENSOR)
def _load_tensor(c: InstructionContext) -> Compute:
    op = "OpCooperativeMatrixLoadTensorNV"
    result = result_matrix(c)
    pointer_id = _storage_pointer(c, 0, op)
    object_type = matrix_operand(c, 1, "Object")
    if object_type.id != result.id:
        raise c.fail(f"Object has type {object_type!r}; it must be Result Type ({EXTENSION})")
    layout_type = c.value_type(2)
    if not isinstance(layout_type, TensorLayoutValueType):
        raise c.fail(f"TensorLayout has type {layout_type!r}; it must be a tensor layout ({EXTENSION})")
    object_id, layout_id = c.value(1), c.value(2)
    _tensor_operands(c, 3, op)

    def compute(f: Frame) -> np.ndarray:
        scoped = Scoped(f.inv.ctx, result, op)
        active = scoped.active(f.mask, op)
        memory, offsets, layouts = _per_instance(scoped, f, layout_type, layout_id, pointer_id, op)
        obj = scoped.gather(f.values[object_id])
        values = obj.values.copy()
        for i in np.flatnonzero(active):
            values[i] = load_tensor(memory, result.matrix.shape, unpack(layout_type.layout, layouts[i]),
                                    result.matrix.component, pointer_offset=int(offsets[i]), obj=obj.values[i],
                                    strict=f.inv.strict, op=op)
        return scoped.scatter(CoopMatrix(result.matrix, values))
    return guarded(c, compute)


@register_opcode(STORE_TENSOR)
def _store_tensor(c: InstructionContext) -> Compute:
    op = "OpCooperativeMatrixStoreTensorNV"
    pointer_id = _storage_pointer(c, 0, op)
    object_type: CooperativeMatrixType = matrix_operand(c, 1, "Object")
    layout_type = c.value_type(2)
    if not isinstance(layout_type, TensorLayoutValueType):
        raise c.fail(f"TensorLayout has type {layout_type!r}; it must be a tensor layout ({EXTENSION})")
    object_id, layout_id = c.value(1), c.value(2)
    _tensor_operands(c, 3, op)

    def compute(f: Frame) -> None:
        scoped = Scoped(f.inv.ctx, object_type, op)
        active = scoped.active(f.mask, op)
        memory, offsets, layouts = _per_instance(scoped, f, layout_type, layout_id, pointer_id, op)
        matrix = scoped.gather(f.values[object_id])
        for i in np.flatnonzero(active):
            store_tensor(memory, matrix.values[i], unpack(layout_type.layout, layouts[i]),
                         pointer_offset=int(offsets[i]), strict=f.inv.strict, op=op)
        if memory.buffer is not None:
            memory.mark_written()
    return guarded(c, compute)


__all__ = ["TensorLayoutValueType", "located", "pack", "unpack"]
