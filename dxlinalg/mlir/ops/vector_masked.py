"""The vector dialect's masks and masked memory operations (llvm-project `mlir/docs/Dialects/Vector.md`,
`VectorOps.td`): `vector.step`, `vector.create_mask`, `vector.maskedload`, `vector.maskedstore`, `vector.scatter`.

What IREE emits for partial tiles: a mask from the remaining extent (`create_mask`), masked loads whose masked-off
elements take the pass-through value and masked stores and scatters that leave them unwritten. A masked-off element
is never accessed, so its index may lie anywhere (the documents: "the index is allowed to be out-of-bounds"); a
masked-on element outside the memref is undefined behaviour (strict: reported), as are two masked-on elements of one
scatter naming the same memory (permissive: they store in element order, the last one wins). Every access runs per
vector element, vectorised over lanes, with the element's mask pushed on the lanes (so the memories' race and
bounds tracking see exactly the elements accessed).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dxlinalg.mlir.errors import MlirUnsupportedError, at
from dxlinalg.mlir.ir import Operation
from dxlinalg.mlir.memref import MemRef
from dxlinalg.mlir.ops.common import report
from dxlinalg.mlir.ops.memref import check_memref
from dxlinalg.mlir.ops.registry import define, expect_counts, fail
from dxlinalg.mlir.parser import OpParser
from dxlinalg.nvgpu.types import I1, INDEX, VectorType


def _vector(op: Operation, type_: object, what: str) -> VectorType:
    if not isinstance(type_, VectorType):
        raise fail(op, f"{what} must be a vector, got '{type_}'")
    return type_


def _one_dimensional(op: Operation, type_: VectorType) -> None:
    """The kernels' masked accesses are 1-D; MLIR's n-D forms are refused rather than guessed."""
    if len(type_.shape) != 1:
        raise MlirUnsupportedError(at(op.location, f"'{op.name}': vector '{type_}' is not 1-D (only 1-D masked "
                                                   f"accesses are supported)"))


# -- vector.step -------------------------------------------------------------------------------------------------
def _parse_step(p: OpParser) -> None:
    """`%v = vector.step : vector<4xindex>`."""
    p.attr_dict()
    p.expect(":", "before the type")
    p.result_types.append(p.type())


def _verify_step(op: Operation) -> None:
    expect_counts(op, 0, 1)
    result = _vector(op, op.result_types[0], "result")
    if len(result.shape) != 1 or result.element != INDEX:
        raise fail(op, f"result #0 must be a 1-D vector of index, but got '{result}'")


def _lower_step(op: Operation, lw: Any) -> Any:
    result = op.result_types[0]
    assert isinstance(result, VectorType)
    values = np.arange(result.shape[0], dtype=np.int64)[None, :]

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        return (values,)
    return kernel


# -- vector.create_mask ------------------------------------------------------------------------------------------
def _parse_create_mask(p: OpParser) -> None:
    """`%m = vector.create_mask %a, %b : vector<4x3xi1>`."""
    p.operand_list(type_=INDEX)
    p.attr_dict()
    p.expect(":", "before the type")
    p.result_types.append(p.type())


def _verify_create_mask(op: Operation) -> None:
    result = _vector(op, op.result_types[0], "result")
    if result.element != I1:
        raise fail(op, f"result #0 must be a vector of i1, but got '{result}'")
    if len(op.operands) != len(result.shape):
        raise fail(op, f"must specify an operand for each result vector dimension ({len(result.shape)}), "
                       f"got {len(op.operands)}")
    if any(t != INDEX for t in op.operand_types):
        raise fail(op, "operands must be of index type")
    expect_counts(op, len(result.shape), 1)


def _lower_create_mask(op: Operation, lw: Any) -> Any:
    result = op.result_types[0]
    assert isinstance(result, VectorType)
    rank = len(result.shape)

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        # element (i0, ..., in) is set iff i_k < size_k for every k; a negative size sets nothing and one past
        # the dimension sets it all (the document's clamping), which the comparison gives as it is
        mask: Any = True
        for axis, size in enumerate(args):
            shape = [1] * rank
            shape[axis] = result.shape[axis]
            positions = np.arange(result.shape[axis]).reshape(shape)
            sizes = np.asarray(size).reshape((-1,) + (1,) * rank)
            mask = mask & (positions[None] < sizes)
        return (np.broadcast_to(mask, (np.asarray(mask).shape[0],) + result.shape),)
    return kernel


# -- the masked accesses -----------------------------------------------------------------------------------------
def _parse_masked_access(p: OpParser, operand: str, type_: str) -> None:
    """`%m[%i, %j], %mask, %x {attrs} : memref<...>, vector<8xi1>, vector<8xT>`: what maskedload (x the
    pass-through value) and maskedstore (x the stored value) share."""
    p.operand()
    indices = p.indices()
    p.expect(",", "before the mask")
    p.operand()
    p.expect(",", f"before the {operand}")
    p.operand()
    p.attr_dict()
    p.expect(":", "before the types")
    memref = p.type()
    p.expect(",", "between the memref and mask types")
    mask = p.type()
    p.expect(",", f"between the mask and {type_} types")
    p.operand_types[:] = [memref] + [INDEX] * len(indices) + [mask, p.type()]


def _parse_maskedload(p: OpParser) -> None:
    """`%r = vector.maskedload %m[%i, %j], %mask, %pass : memref<...>, vector<8xi1>, vector<8xf16> into
    vector<8xf16>`."""
    _parse_masked_access(p, "pass-through value", "pass-through")
    p.expect_keyword("into", "before the result type")
    p.result_types.append(p.type())


def _parse_maskedstore(p: OpParser) -> None:
    """`vector.maskedstore %m[%i, %j], %mask, %value : memref<...>, vector<8xi1>, vector<8xf32>`."""
    _parse_masked_access(p, "stored value", "value")


def _parse_scatter(p: OpParser) -> None:
    """`vector.scatter %m[%c0] [%indices], %mask, %value : memref<...>, vector<16xindex>, vector<16xi1>,
    vector<16xf32>`."""
    p.operand()
    offsets = p.indices()
    p.expect("[", "to open the index vector")
    p.operand()
    p.expect("]", "to close the index vector")
    p.expect(",", "before the mask")
    p.operand()
    p.expect(",", "before the stored value")
    p.operand()
    p.attr_dict()
    p.expect(":", "before the types")
    types = [p.type()]
    for what in ("index vector", "mask", "value"):
        p.expect(",", f"before the {what} type")
        types.append(p.type())
    p.operand_types[:] = [types[0]] + [INDEX] * len(offsets) + types[1:]


def _verify_masked(op: Operation) -> None:
    """The rules the masked accesses share: a memref base, one index per dimension, then (index vector,) mask and
    value vectors of one shape, the value's element that of the memref, the mask of i1."""
    load = op.name == "vector.maskedload"
    tail = 3 if op.name == "vector.scatter" else 2
    if not op.operand_types:
        raise fail(op, "requires a base memref")
    memref = check_memref(op, op.operand_types[0], "base")
    if len(op.operands) != 1 + memref.rank + tail:
        raise fail(op, f"requires {memref.rank} indices then {tail} vector operands, got {len(op.operands)} operands")
    expect_counts(op, None, 1 if load else 0)
    value = _vector(op, op.result_types[0] if load else op.operand_types[-1], "result" if load else "value")
    mask = _vector(op, op.operand_types[-2], "mask")
    if load:
        passthrough = op.operand_types[-1]
        if passthrough != value:
            raise fail(op, f"expected pass_thru of same type as result type: '{passthrough}' vs '{value}'")
    if mask.element != I1 or mask.shape != value.shape:
        raise fail(op, f"expected mask '{mask}' to be an i1 vector of the value's shape {list(value.shape)}")
    if value.element != memref.element:
        raise fail(op, f"base and {'result' if load else 'valueToStore'} element type should match: '{memref}' vs "
                       f"'{value}'")
    if op.name == "vector.scatter":
        indices = _vector(op, op.operand_types[-3], "index vector")
        if indices.shape != value.shape:
            raise fail(op, f"expected index vector '{indices}' in the value's shape {list(value.shape)}")
        if not (indices.element == INDEX or indices.element.is_signless_integer):
            raise fail(op, f"expected index vector '{indices}' of integer or index elements")
        if memref.rank == 0:
            raise fail(op, "requires a base of rank 1 or more (the index vector offsets its innermost dimension)")
    _one_dimensional(op, value)


def _lane_vector(machine: Any, value: Any, width: int) -> np.ndarray:
    return np.broadcast_to(np.asarray(value).reshape(np.asarray(value).shape[0], -1), (machine.lanes, width))


def _element_access(machine: Any, op: Operation, memref: MemRef, indices: list, last: np.ndarray,
                    on: np.ndarray) -> np.ndarray | None:
    """Byte offsets of the element with `indices` whose innermost index is `last`, for the lanes where `on` (the
    element's mask bit) is set and the lane is active; None when no such lane. Only those lanes are checked
    against the memref's shape: a masked-off element is not accessed."""
    ctx = machine.ctx
    lanes = ctx.active & on
    if not lanes.any():
        return None
    ctx.push_mask(lanes)
    try:
        element = [np.where(lanes, np.broadcast_to(np.asarray(i).reshape(-1), (machine.lanes,)), 0)
                   for i in indices[:-1]]
        element.append(np.where(lanes, last, 0))
        return memref.byte_offsets(machine, element, op.location, op.name)
    finally:
        ctx.pop_mask()


def _lower_maskedload(op: Operation, lw: Any) -> Any:
    result = op.result_types[0]
    assert isinstance(result, VectorType)
    width = result.shape[0]

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        memref: MemRef = args[0]
        indices, mask, passthrough = list(args[1:-2]), args[-2], args[-1]
        mask = _lane_vector(machine, mask, width)
        out = np.array(_lane_vector(machine, passthrough, width), memref.dtype)
        base = np.broadcast_to(np.asarray(indices[-1]).reshape(-1), (machine.lanes,))
        what = f"{op.location}: {op.name}"
        for column in range(width):
            on = mask[:, column]
            offsets = _element_access(machine, op, memref, indices, base + column, on)
            if offsets is None:
                continue
            machine.ctx.push_mask(machine.ctx.active & on)
            try:
                loaded = memref.memory.load(memref.dtype, offsets, 1, what=what)[:, 0]
            finally:
                machine.ctx.pop_mask()
            out[:, column] = np.where(on, loaded, out[:, column])
        return (out,)
    return kernel


def _store_elements(machine: Any, op: Operation, memref: MemRef, indices: list, lasts: np.ndarray,
                    mask: np.ndarray, value: np.ndarray) -> None:
    """Stores element k of `value` at innermost index `lasts[:, k]` where `mask[:, k]`, in element order."""
    what = f"{op.location}: {op.name}"
    for column in range(value.shape[1]):
        on = mask[:, column]
        offsets = _element_access(machine, op, memref, indices, lasts[:, column], on)
        if offsets is None:
            continue
        machine.ctx.push_mask(machine.ctx.active & on)
        try:
            memref.memory.store(offsets, np.ascontiguousarray(value[:, column:column + 1]), what=what)
        finally:
            machine.ctx.pop_mask()


def _lower_maskedstore(op: Operation, lw: Any) -> Any:
    value_type = op.operand_types[-1]
    assert isinstance(value_type, VectorType)
    width = value_type.shape[0]

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        memref: MemRef = args[0]
        indices = list(args[1:-2])
        mask = _lane_vector(machine, args[-2], width)
        value = np.ascontiguousarray(_lane_vector(machine, args[-1], width))
        base = np.broadcast_to(np.asarray(indices[-1]).reshape(-1), (machine.lanes,))
        _store_elements(machine, op, memref, indices, base[:, None] + np.arange(width), mask, value)
        return ()
    return kernel


def _lower_scatter(op: Operation, lw: Any) -> Any:
    value_type = op.operand_types[-1]
    assert isinstance(value_type, VectorType)
    width = value_type.shape[0]

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        memref: MemRef = args[0]
        indices = list(args[1:-3])
        offsets = _lane_vector(machine, args[-3], width).astype(np.int64)
        mask = _lane_vector(machine, args[-2], width)
        value = np.ascontiguousarray(_lane_vector(machine, args[-1], width))
        base = np.broadcast_to(np.asarray(indices[-1]).reshape(-1), (machine.lanes,))
        lasts = base[:, None] + offsets
        # two masked-on elements naming one element of memory: which value lands is undefined
        keyed = np.sort(np.where(mask, lasts, np.iinfo(np.int64).min + np.arange(width)), axis=1)
        duplicate = (keyed[:, 1:] == keyed[:, :-1]).any(axis=1)
        report(machine, op, duplicate, "two masked-on elements have the same index (the stored value is undefined)")
        _store_elements(machine, op, memref, indices, lasts, mask, value)
        return ()
    return kernel


def _register() -> None:
    define("vector.step", parse=_parse_step, verify=_verify_step, lower=_lower_step)
    define("vector.create_mask", parse=_parse_create_mask, verify=_verify_create_mask, lower=_lower_create_mask)
    define("vector.maskedload", parse=_parse_maskedload, verify=_verify_masked, lower=_lower_maskedload)
    define("vector.maskedstore", parse=_parse_maskedstore, verify=_verify_masked, lower=_lower_maskedstore)
    define("vector.scatter", parse=_parse_scatter, verify=_verify_masked, lower=_lower_scatter)


_register()
