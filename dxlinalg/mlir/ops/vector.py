"""The vector dialect (llvm-project `mlir/docs/Dialects/Vector.md`, `VectorOps.td`) on lane arrays
(lanes, *vector shape): memory access (load, store, transfer_read/write with in_bounds, padding and masks) and the
register operations (broadcast, extract, insert, strided slices, shape_cast, bitcast, fma, reduction,
from_elements, to_elements, splat).

vector.load/store of an n-D vector read rows along the memref's innermost dimensions (the doc's "n-D vector
load"); an element outside the memref is undefined behaviour (strict: reported). transfer_read gives the padding
for elements outside the memref in a dimension not marked in_bounds and for masked-off elements; transfer_write
skips them; an out-of-bounds element of an in_bounds dimension is undefined behaviour. Float reductions fold the
elements in order, left to right, with the accumulator first (the order MLIR's lowering without reassociation
uses).
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from dxlinalg.mlir.errors import MlirUnsupportedError, at
from dxlinalg.mlir.ir import Operation
from dxlinalg.mlir.memref import MemRef
from dxlinalg.mlir.ops.common import dtype_of, element_of, parse_operand_to_type, report, shape_of
from dxlinalg.mlir.ops.memref import DYNAMIC, check_memref
from dxlinalg.mlir.ops.registry import define, expect_counts, fail
from dxlinalg.mlir.parser import OpParser
from dxlinalg.mlir.syntax import DialectAttr
from dxlinalg.mlir.values import numpy_dtype
from dxlinalg.numerics.fma import fma as exact_fma
from dxlinalg.nvgpu.types import (
    INDEX,
    AffineMapLayout,
    MemRefType,
    VectorType,
)


def _vector(op: Operation, type_: object, what: str) -> VectorType:
    if not isinstance(type_, VectorType):
        raise fail(op, f"{what} must be a vector, got '{type_}'")
    return type_


# -- load / store ----------------------------------------------------------------------------------------------------
def _parse_load(p: OpParser) -> None:
    """`%v = vector.load %m[%i, %j] : memref<...>, vector<8xf16>`."""
    p.operand()
    p.indices()
    p.attr_dict()
    p.expect(":", "before the types")
    memref = p.type()
    p.expect(",", "between the memref and vector types")
    p.operand_types.insert(0, memref)
    p.result_types.append(p.type())


def _parse_store(p: OpParser) -> None:
    """`vector.store %v, %m[%i, %j] : memref<...>, vector<8xf16>`."""
    p.operand()
    p.expect(",", "after the stored value")
    p.operand()
    p.indices()
    p.attr_dict()
    p.expect(":", "before the types")
    memref = p.type()
    p.expect(",", "between the memref and vector types")
    vector = p.type()
    p.operand_types[:0] = [vector, memref]


def _verify_load(op: Operation) -> None:
    memref = check_memref(op, op.operand_types[0], "base")
    vector = op.result_types[0]
    if len(op.operands) != 1 + memref.rank:
        raise fail(op, f"requires {memref.rank} indices")
    if element_of(vector) != memref.element or (isinstance(vector, VectorType) and len(vector.shape) > memref.rank):
        raise fail(op, f"base and result element types should match: '{memref}' vs '{vector}'")


def _verify_store(op: Operation) -> None:
    memref = check_memref(op, op.operand_types[1], "base")
    vector = op.operand_types[0]
    if len(op.operands) != 2 + memref.rank:
        raise fail(op, f"requires {memref.rank} indices")
    if element_of(vector) != memref.element:
        raise fail(op, f"base and valueToStore element types should match: '{memref}' vs '{vector}'")


def _rows(shape: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The leading positions of an n-D vector (one row each along its last dimension)."""
    return list(itertools.product(*(range(n) for n in shape[:-1])))


def _lower_load(op: Operation, lw: Any) -> Any:
    vector = op.result_types[0]
    shape = shape_of(vector)

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        memref: MemRef = args[0]
        indices = list(args[1:])
        what = f"{op.location}: {op.name}"
        if not shape:
            offsets = memref.byte_offsets(machine, indices, op.location, op.name)
            return (memref.memory.load(memref.dtype, offsets, 1, what=what)[:, 0],)
        width = shape[-1]
        rank = len(shape)
        out = np.empty((machine.lanes,) + shape, memref.dtype)
        for row in _rows(shape):
            row_indices = list(indices)
            for k, step in enumerate(row):
                axis = len(indices) - rank + k
                row_indices[axis] = np.asarray(row_indices[axis]) + step
            if memref.strides[-1] == 1:
                offsets = memref.byte_offsets(machine, row_indices, op.location, op.name, reach=width)
                out[(slice(None),) + row] = memref.memory.load(memref.dtype, offsets, width, what=what)
            else:
                for column in range(width):
                    element = list(row_indices)
                    element[-1] = np.asarray(element[-1]) + column
                    offsets = memref.byte_offsets(machine, element, op.location, op.name)
                    out[(slice(None),) + row + (column,)] = memref.memory.load(memref.dtype, offsets, 1,
                                                                               what=what)[:, 0]
        return (out,)
    return kernel


def _lower_store(op: Operation, lw: Any) -> Any:
    vector = op.operand_types[0]
    shape = shape_of(vector)

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        value, memref = args[0], args[1]
        indices = list(args[2:])
        what = f"{op.location}: {op.name}"
        value = np.broadcast_to(value, (machine.lanes,) + value.shape[1:])
        if not shape:
            offsets = memref.byte_offsets(machine, indices, op.location, op.name)
            memref.memory.store(offsets, np.ascontiguousarray(value.reshape(-1, 1)), what=what)
            return ()
        width = shape[-1]
        rank = len(shape)
        for row in _rows(shape):
            row_indices = list(indices)
            for k, step in enumerate(row):
                axis = len(indices) - rank + k
                row_indices[axis] = np.asarray(row_indices[axis]) + step
            data = np.ascontiguousarray(value[(slice(None),) + row])
            if memref.strides[-1] == 1:
                offsets = memref.byte_offsets(machine, row_indices, op.location, op.name, reach=width)
                memref.memory.store(offsets, data, what=what)
            else:
                for column in range(width):
                    element = list(row_indices)
                    element[-1] = np.asarray(element[-1]) + column
                    offsets = memref.byte_offsets(machine, element, op.location, op.name)
                    memref.memory.store(offsets, np.ascontiguousarray(data[:, column:column + 1]), what=what)
        return ()
    return kernel


# -- transfer_read / transfer_write ----------------------------------------------------------------------------------------
def _parse_transfer(p: OpParser) -> None:
    """`%v = vector.transfer_read %m[%i, %j], %pad [, %mask] {in_bounds = [...], permutation_map = ...} :
    memref<...>, vector<...>` / `vector.transfer_write %v, %m[%i, %j] [, %mask] {...} : vector<...>, memref<...>`."""
    read = p.name == "vector.transfer_read"
    if not read:
        p.operand()
        p.expect(",", "after the value")
    p.operand()
    indices = p.indices()
    if read:
        p.expect(",", "before the padding")
        p.operand()
    mask = p.operand() if p.accept(",") else None
    p.attr_dict()
    p.expect(":", "before the types")
    first = p.type()
    p.expect(",", "between the types")
    second = p.type()
    memref, vector = (first, second) if read else (second, first)
    element = memref.element if isinstance(memref, MemRefType) else None
    types: list[Any] = ([memref] + [INDEX] * len(indices) + [element]) if read else (
        [vector, memref] + [INDEX] * len(indices))
    if mask is not None:
        from dxlinalg.nvgpu.types import I1

        if not isinstance(vector, VectorType):
            raise p.error(f"expected a vector type, got '{vector}'")
        types.append(VectorType(vector.shape, I1))
    p.operand_types[:] = types
    p.attributes["operandSegmentSizes"] = ([1, len(indices), 1, int(mask is not None)] if read else
                                           [1, 1, len(indices), int(mask is not None)])
    if read:
        p.result_types.append(vector)


def _permutation(op: Operation, memref: MemRefType, vector: VectorType) -> list[int | None]:
    """For each vector dimension, the memref dimension it walks (None: a broadcast, the map's constant 0)."""
    permutation = op.attributes.get("permutation_map")
    rank = len(vector.shape)
    if permutation is None:
        return list(range(memref.rank - rank, memref.rank))
    if not isinstance(permutation, AffineMapLayout) or len(permutation.results) != rank:
        raise fail(op, f"permutation_map {permutation} must have one result per vector dimension")
    dims: list[int | None] = []
    for result in permutation.results:
        if result == ("const", 0):
            dims.append(None)
        elif result[0] == "dim":
            dims.append(int(result[1]))
        else:
            raise fail(op, f"permutation_map result {result} must be a dimension or 0")
    return dims


def _verify_transfer(op: Operation) -> None:
    read = op.name == "vector.transfer_read"
    memref = check_memref(op, op.operand_types[0 if read else 1], "source")
    vector = _vector(op, op.result_types[0] if read else op.operand_types[0], "vector")
    if vector.element != memref.element:
        raise fail(op, "requires the memref and vector element types to match (no vector-of-vector memrefs here)")
    _permutation(op, memref, vector)
    in_bounds = op.attributes.get("in_bounds")
    if in_bounds is not None and (not isinstance(in_bounds, list) or len(in_bounds) != len(vector.shape)):
        raise fail(op, f"expects the in_bounds attribute of the same rank as the vector: {in_bounds!r}")


def _lower_transfer(op: Operation, lw: Any) -> Any:
    read = op.name == "vector.transfer_read"
    memref_type = op.operand_types[0 if read else 1]
    vector = op.result_types[0] if read else op.operand_types[0]
    assert isinstance(memref_type, MemRefType) and isinstance(vector, VectorType)
    dims = _permutation(op, memref_type, vector)
    in_bounds = [bool(v) for v in (op.attributes.get("in_bounds") or [False] * len(vector.shape))]  # type: ignore[union-attr]
    segments = op.attributes.get("operandSegmentSizes")
    has_mask = bool(segments[3]) if isinstance(segments, list) and len(segments) == 4 else False
    if has_mask and dims != list(range(memref_type.rank - len(vector.shape), memref_type.rank)):
        raise MlirUnsupportedError(at(op.location, f"'{op.name}': a mask with the permutation map "
                                                   f"{op.attributes.get('permutation_map')} (masks are supported "
                                                   f"with minor identity maps)"))
    count = memref_type.rank
    positions = list(itertools.product(*(range(n) for n in vector.shape)))

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        ctx = machine.ctx
        if read:
            memref, indices, padding = args[0], args[1:1 + count], args[1 + count]
            value = None
        else:
            value, memref, indices = args[0], args[1], args[2:2 + count]
            value = np.broadcast_to(value, (machine.lanes,) + vector.shape)
        mask = args[-1] if has_mask else None
        what = f"{op.location}: {op.name}"
        out = np.empty((machine.lanes,) + vector.shape, memref.dtype) if read else None
        for position in positions:
            element = [np.broadcast_to(np.asarray(i).reshape(-1), (machine.lanes,)) for i in indices]
            valid = ctx.active.copy()
            for k, dim in enumerate(dims):
                if dim is None:
                    continue
                element[dim] = element[dim] + position[k]
                inside = (element[dim] >= 0) & (element[dim] < memref.shape[dim])
                if in_bounds[k]:
                    report(machine, op, ~inside & valid, f"vector dimension {k} is marked in_bounds but index "
                                                         f"leaves [0, {memref.shape[dim]}) (undefined behaviour)")
                valid &= inside
            if mask is not None:
                valid &= np.broadcast_to(np.asarray(mask)[(slice(None),) + position], (machine.lanes,))
            ctx.push_mask(valid)
            try:
                safe = [np.where(valid, e, 0) for e in element]
                offsets = memref.byte_offsets(machine, safe, op.location, op.name)
                if read:
                    loaded = memref.memory.load(memref.dtype, offsets, 1, what=what)[:, 0]
                    pad = np.broadcast_to(np.asarray(padding).reshape(-1), (machine.lanes,))
                    out[(slice(None),) + position] = np.where(valid, loaded, pad)  # type: ignore[index]
                else:
                    memref.memory.store(offsets, np.ascontiguousarray(
                        value[(slice(None),) + position].reshape(-1, 1)), what=what)  # type: ignore[index]
            finally:
                ctx.pop_mask()
        return (out,) if read else ()
    return kernel


# -- register operations ----------------------------------------------------------------------------------------------------
def _verify_broadcast(op: Operation) -> None:
    source, result = op.operand_types[0], _vector(op, op.result_types[0], "result")
    if element_of(source) != result.element:
        raise fail(op, f"source and result element types must match: '{source}' vs '{result}'")
    shape = shape_of(source)
    if len(shape) > len(result.shape) or any(
            s not in (1, r) for s, r in zip(reversed(shape), reversed(result.shape))):
        raise fail(op, f"'{source}' is not broadcastable to '{result}'")


def _lower_broadcast(op: Operation, lw: Any) -> Any:
    result = op.result_types[0]
    assert isinstance(result, VectorType)
    rank = len(result.shape)

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        value = np.asarray(args[0])
        source = value.reshape((value.shape[0],) + (1,) * (rank - (value.ndim - 1)) + value.shape[1:])
        return (np.broadcast_to(source, (value.shape[0],) + result.shape),)
    return kernel


def _parse_splat(p: OpParser) -> None:
    """`%v = vector.splat %s : vector<4xf32>`."""
    p.operand()
    p.attr_dict()
    p.expect(":", "before the type")
    result = p.type()
    p.operand_types.append(element_of(result) or result)
    p.result_types.append(result)


def _parse_position(p: OpParser) -> None:
    """`[0, %i, 2]` into static_position / dynamic_position operands."""
    items = p.mixed_list() if p.peek("[") else []
    p.attributes["static_position"] = [DYNAMIC if v is None else v for v in items]


def _parse_extract(p: OpParser) -> None:
    """`%e = vector.extract %v[0, 1] : f32 from vector<2x4xf32>`."""
    p.operand()
    _parse_position(p)
    p.attr_dict()
    p.expect(":", "before the types")
    result = p.type()
    p.expect_keyword("from", "between the types")
    source = p.type()
    p.operand_types[:0] = [source]
    p.result_types.append(result)


def _parse_insert(p: OpParser) -> None:
    """`%r = vector.insert %s, %v [0, 1] : f32 into vector<2x4xf32>`."""
    p.operand()
    p.expect(",", "after the inserted value")
    p.operand()
    _parse_position(p)
    p.attr_dict()
    p.expect(":", "before the types")
    value = p.type()
    p.expect_keyword("into", "between the types")
    dest = p.type()
    p.operand_types[:0] = [value, dest]
    p.result_types.append(dest)


def _verify_extract(op: Operation) -> None:
    source = _vector(op, op.operand_types[0], "source")
    position = op.attributes.get("static_position")
    if not isinstance(position, list) or len(position) > len(source.shape):
        raise fail(op, f"expected position attribute of rank no greater than vector rank, got {position!r}")
    if len(op.operands) != 1 + position.count(DYNAMIC):
        raise fail(op, "the dynamic positions must match the operands")
    _check_static_positions(op, position, source.shape)
    expected = source.shape[len(position):]
    result = op.result_types[0]
    if shape_of(result) != expected or element_of(result) != source.element:
        raise fail(op, f"result type '{result}' does not match the extracted position of '{source}'")


def _verify_insert(op: Operation) -> None:
    dest = _vector(op, op.operand_types[1], "destination")
    position = op.attributes.get("static_position")
    if not isinstance(position, list) or len(position) > len(dest.shape):
        raise fail(op, f"expected position attribute of rank no greater than dest vector rank, got {position!r}")
    _check_static_positions(op, position, dest.shape)
    if shape_of(op.operand_types[0]) != dest.shape[len(position):]:
        raise fail(op, f"value type '{op.operand_types[0]}' does not fit position {position} of '{dest}'")


def _check_static_positions(op: Operation, position: list, shape: tuple[int, ...]) -> None:
    for axis, value in enumerate(position):
        if int(value) != DYNAMIC and not 0 <= int(value) < shape[axis]:
            raise fail(op, f"position {int(value)} is out of bounds of dimension {axis} ({shape[axis]})")


def _positions(static: list[int], dynamic: list[np.ndarray], op: Operation, machine: Any,
               shape: tuple[int, ...]) -> tuple[Any, ...]:
    result: list[Any] = []
    iterator = iter(dynamic)
    for axis, value in enumerate(static):
        if value == DYNAMIC:
            index = np.asarray(next(iterator)).reshape(-1)
            report(machine, op, (index < 0) | (index >= shape[axis]), f"dynamic position outside [0, {shape[axis]}) "
                                                                      f"(poison)")
            result.append(np.clip(index, 0, shape[axis] - 1))
        else:
            if not 0 <= int(value) < shape[axis]:
                raise fail(op, f"position {value} is out of bounds of dimension {axis} ({shape[axis]})")
            result.append(int(value))
    return tuple(result)


def _lower_extract(op: Operation, lw: Any) -> Any:
    static = [int(v) for v in op.attributes["static_position"]]  # type: ignore[union-attr]
    source = op.operand_types[0]
    assert isinstance(source, VectorType)

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        value = args[0]
        position = _positions(static, list(args[1:]), op, machine, source.shape)
        if all(isinstance(p, int) for p in position):
            return (value[(slice(None),) + position],)
        lanes = np.arange(value.shape[0]) if value.shape[0] > 1 else np.zeros(machine.lanes, np.int64)
        index = tuple(np.broadcast_to(p, (lanes.size,)) if not isinstance(p, int) else p for p in position)
        return (value[(lanes,) + index],)
    return kernel


def _lower_insert(op: Operation, lw: Any) -> Any:
    static = [int(v) for v in op.attributes["static_position"]]  # type: ignore[union-attr]
    dest = op.operand_types[1]
    assert isinstance(dest, VectorType)

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        value, target = args[0], args[1]
        position = _positions(static, list(args[2:]), op, machine, dest.shape)
        lanes = max(np.asarray(value).shape[0], target.shape[0])
        result = np.array(np.broadcast_to(target, (lanes,) + dest.shape))
        if all(isinstance(p, int) for p in position):
            result[(slice(None),) + position] = value
        else:
            index = tuple(np.broadcast_to(p, (machine.lanes,)) if not isinstance(p, int) else p for p in position)
            result = np.array(np.broadcast_to(result, (machine.lanes,) + dest.shape))
            result[(np.arange(machine.lanes),) + index] = np.broadcast_to(
                value, (machine.lanes,) + np.asarray(value).shape[1:])
        return (result,)
    return kernel


def _parse_strided(p: OpParser) -> None:
    """`vector.extract_strided_slice %v {offsets, sizes, strides} : T to U` /
    `vector.insert_strided_slice %s, %v {offsets, strides} : T into U`."""
    insert = p.name == "vector.insert_strided_slice"
    p.operand()
    if insert:
        p.expect(",", "after the source")
        p.operand()
    p.inline_properties()
    p.expect(":", "before the types")
    first = p.type()
    p.expect_keyword("into" if insert else "to", "between the types")
    second = p.type()
    p.operand_types.extend([first, second] if insert else [first])
    p.result_types.append(second)


def _verify_strided(op: Operation) -> None:
    for key in ("offsets", "strides") + (("sizes",) if op.name == "vector.extract_strided_slice" else ()):
        values = op.attributes.get(key)
        if not isinstance(values, list) or any(not isinstance(v, int) for v in values):
            raise fail(op, f"requires an integer array attribute '{key}'")
    if any(int(s) != 1 for s in op.attributes["strides"]):  # type: ignore[union-attr]
        raise fail(op, "strides must be 1 (as MLIR's verifier requires)")


def _lower_extract_strided(op: Operation, lw: Any) -> Any:
    offsets = [int(v) for v in op.attributes["offsets"]]  # type: ignore[union-attr]
    sizes = [int(v) for v in op.attributes["sizes"]]  # type: ignore[union-attr]
    index = (slice(None),) + tuple(slice(o, o + s) for o, s in zip(offsets, sizes))

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        return (args[0][index],)
    return kernel


def _lower_insert_strided(op: Operation, lw: Any) -> Any:
    offsets = [int(v) for v in op.attributes["offsets"]]  # type: ignore[union-attr]
    source = op.operand_types[0]
    dest = op.operand_types[1]
    assert isinstance(dest, VectorType)
    source_shape = shape_of(source)
    lead = len(dest.shape) - len(source_shape)
    index = (slice(None),) + tuple(offsets[:lead]) + tuple(
        slice(o, o + n) for o, n in zip(offsets[lead:], source_shape))

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        value, target = args
        lanes = max(value.shape[0], target.shape[0])
        result = np.array(np.broadcast_to(target, (lanes,) + dest.shape))
        result[index] = value
        return (result,)
    return kernel


def _verify_shape_cast(op: Operation) -> None:
    source, result = _vector(op, op.operand_types[0], "source"), _vector(op, op.result_types[0], "result")
    if source.element != result.element or int(np.prod(source.shape)) != int(np.prod(result.shape)):
        raise fail(op, f"source '{source}' and result '{result}' must have the same element type and count")


def _verify_bitcast(op: Operation) -> None:
    source, result = _vector(op, op.operand_types[0], "source"), _vector(op, op.result_types[0], "result")
    if source.shape[:-1] != result.shape[:-1]:
        raise fail(op, "dimension sizes other than the last must match")
    if source.shape[-1] * numpy_dtype(source.element).itemsize != result.shape[-1] * numpy_dtype(
            result.element).itemsize:
        raise fail(op, "source and result bit widths must match")


def _lower_shape_cast(op: Operation, lw: Any) -> Any:
    result = op.result_types[0]
    assert isinstance(result, VectorType)

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        value = args[0]
        return (value.reshape((value.shape[0],) + result.shape),)
    return kernel


def _lower_bitcast(op: Operation, lw: Any) -> Any:
    result = op.result_types[0]
    assert isinstance(result, VectorType)
    dtype = numpy_dtype(result.element)

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        value = np.ascontiguousarray(args[0])
        return (value.view(dtype).reshape((value.shape[0],) + result.shape),)
    return kernel


def _parse_same_type(count: int) -> Any:
    def parse(p: OpParser) -> None:
        for position in range(count):
            if position:
                p.expect(",", "between the operands")
            p.operand()
        p.attr_dict()
        p.expect(":", "before the type")
        type_ = p.type()
        p.operand_types.extend([type_] * count)
        p.result_types.append(type_)
    return parse


def _verify_fma(op: Operation) -> None:
    expect_counts(op, 3, 1)
    vector = _vector(op, op.result_types[0], "result")
    if not vector.element.is_float or any(t != vector for t in op.operand_types):
        raise fail(op, "requires three float vectors of the result's type")


def _lower_fma(op: Operation, lw: Any) -> Any:
    def kernel(machine: Any, frame: list, args: list) -> tuple:
        a, b, c = np.broadcast_arrays(*args)
        return (exact_fma(a, b, c),)
    return kernel


REDUCTIONS = ("add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf", "and", "or", "xor",
              "minimumf", "maximumf")


def _parse_reduction(p: OpParser) -> None:
    """`%r = vector.reduction <add>, %v [, %acc] [fastmath<...>] : vector<4xf32> into f32`."""
    body = p.scanner
    from dxlinalg.mlir.syntax import skip_balanced

    kind = skip_balanced(body, "<").strip()
    p.attributes["kind"] = DialectAttr("vector.kind", kind)
    p.expect(",", "after the kind")
    p.operand()
    has_acc = False
    if p.accept(","):
        p.operand()
        has_acc = True
    p.optional_enum_property("fastmath", "fastmath")
    p.attr_dict()
    p.expect(":", "before the types")
    source = p.type()
    p.expect_keyword("into", "between the types")
    result = p.type()
    p.operand_types.extend([source] + ([result] if has_acc else []))
    p.result_types.append(result)


def _kind_of(op: Operation) -> str:
    kind = op.attributes.get("kind")
    if isinstance(kind, DialectAttr):
        return kind.body.strip()
    raise fail(op, f"requires a combining kind attribute, got {kind!r}")


def _verify_reduction(op: Operation) -> None:
    source = _vector(op, op.operand_types[0], "source")
    if op.result_types[0] != source.element:
        raise fail(op, f"result type '{op.result_types[0]}' must be the element type of '{source}'")
    if _kind_of(op) not in REDUCTIONS:
        raise fail(op, f"unknown combining kind {_kind_of(op)!r}")


def _combine(kind: str, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    from dxlinalg.mlir.ops.arith import _maximumf, _maxnumf, _minimumf, _minnumf

    unsigned = lambda v: v.view(np.dtype(f"u{v.dtype.itemsize}")) if v.dtype.kind == "i" else v
    functions = {
        "add": np.add, "mul": np.multiply, "and": np.bitwise_and, "or": np.bitwise_or, "xor": np.bitwise_xor,
        "minsi": np.minimum, "maxsi": np.maximum, "minnumf": _minnumf, "maxnumf": _maxnumf,
        "minimumf": _minimumf, "maximumf": _maximumf,
    }
    if kind in ("minui", "maxui"):
        result = (np.minimum if kind == "minui" else np.maximum)(unsigned(a), unsigned(b))
        return result.view(a.dtype)
    return np.asarray(functions[kind](a, b)).astype(a.dtype, copy=False)


def _lower_reduction(op: Operation, lw: Any) -> Any:
    kind = _kind_of(op)
    has_acc = len(op.operands) == 2

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        flat = args[0].reshape(args[0].shape[0], -1)
        total = args[1] if has_acc else flat[:, 0]
        for column in range(0 if has_acc else 1, flat.shape[1]):
            total = _combine(kind, total, flat[:, column])
        return (total,)
    return kernel


def _parse_from_elements(p: OpParser) -> None:
    """`%v = vector.from_elements %a, %b : vector<2xf32>`."""
    names = p.operand_list()
    p.attr_dict()
    p.expect(":", "before the type")
    result = p.type()
    p.operand_types.extend([element_of(result) or result] * len(names))
    p.result_types.append(result)


def _verify_from_elements(op: Operation) -> None:
    result = _vector(op, op.result_types[0], "result")
    if len(op.operands) != int(np.prod(result.shape)):
        raise fail(op, f"requires {int(np.prod(result.shape))} elements, got {len(op.operands)}")


def _lower_from_elements(op: Operation, lw: Any) -> Any:
    result = op.result_types[0]
    assert isinstance(result, VectorType)
    dtype = numpy_dtype(result.element)

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        lanes = max(np.asarray(a).shape[0] for a in args)
        out = np.empty((lanes, len(args)), dtype)
        for column, value in enumerate(args):
            out[:, column] = value
        return (out.reshape((lanes,) + result.shape),)
    return kernel


def _parse_to_elements(p: OpParser) -> None:
    """`%e:2 = vector.to_elements %v : vector<2xf32>`."""
    p.operand()
    p.attr_dict()
    p.expect(":", "before the type")
    source = p.type()
    p.operand_types.append(source)
    count = int(np.prod(shape_of(source))) if isinstance(source, VectorType) else 1
    p.result_types.extend([element_of(source) or source] * count)


def _verify_to_elements(op: Operation) -> None:
    source = _vector(op, op.operand_types[0], "source")
    if len(op.result_types) != int(np.prod(source.shape)):
        raise fail(op, f"requires {int(np.prod(source.shape))} results")


def _lower_to_elements(op: Operation, lw: Any) -> Any:
    def kernel(machine: Any, frame: list, args: list) -> list:
        flat = args[0].reshape(args[0].shape[0], -1)
        return [flat[:, column] for column in range(flat.shape[1])]
    return kernel


def _verify_splat(op: Operation) -> None:
    result = _vector(op, op.result_types[0], "result")
    if op.operand_types[0] != result.element:
        raise fail(op, f"operand type '{op.operand_types[0]}' must be the element type of '{result}'")


def _register() -> None:
    define("vector.load", parse=_parse_load, verify=_verify_load, lower=_lower_load)
    define("vector.store", parse=_parse_store, verify=_verify_store, lower=_lower_store)
    define("vector.transfer_read", parse=_parse_transfer, verify=_verify_transfer, lower=_lower_transfer)
    define("vector.transfer_write", parse=_parse_transfer, verify=_verify_transfer, lower=_lower_transfer)
    define("vector.broadcast", parse=parse_operand_to_type, verify=_verify_broadcast, lower=_lower_broadcast)
    define("vector.splat", parse=_parse_splat, verify=_verify_splat, lower=_lower_broadcast)
    define("vector.extract", parse=_parse_extract, verify=_verify_extract, lower=_lower_extract)
    define("vector.insert", parse=_parse_insert, verify=_verify_insert, lower=_lower_insert)
    define("vector.extract_strided_slice", parse=_parse_strided, verify=_verify_strided,
           lower=_lower_extract_strided)
    define("vector.insert_strided_slice", parse=_parse_strided, verify=_verify_strided, lower=_lower_insert_strided)
    define("vector.shape_cast", parse=parse_operand_to_type, verify=_verify_shape_cast, lower=_lower_shape_cast)
    define("vector.bitcast", parse=parse_operand_to_type, verify=_verify_bitcast, lower=_lower_bitcast)
    define("vector.fma", parse=_parse_same_type(3), verify=_verify_fma, lower=_lower_fma)
    define("vector.reduction", parse=_parse_reduction, verify=_verify_reduction, lower=_lower_reduction)
    define("vector.from_elements", parse=_parse_from_elements, verify=_verify_from_elements,
           lower=_lower_from_elements)
    define("vector.to_elements", parse=_parse_to_elements, verify=_verify_to_elements, lower=_lower_to_elements)


_register()


# -- vector.contract ----------------------------------------------------------------------------------------------------
def _parse_contract(p: OpParser) -> None:
    """`%r = vector.contract {indexing_maps = [...], iterator_types = [...], kind = #vector.kind<add>} %a, %b, %c
    : vector<...>, vector<...> into vector<...>`."""
    p.attr_dict()
    for position in range(3):
        if position:
            p.expect(",", "between the operands")
        p.operand()
    p.attr_dict()
    p.expect(":", "before the types")
    lhs = p.type()
    p.expect(",", "between the operand types")
    rhs = p.type()
    p.expect_keyword("into", "before the result type")
    result = p.type()
    p.operand_types.extend([lhs, rhs, result])
    p.result_types.append(result)


def _iterators(op: Operation) -> list[str]:
    kinds = op.attributes.get("iterator_types")
    if not isinstance(kinds, list):
        raise fail(op, f"requires an iterator_types array, got {kinds!r}")
    words = []
    for kind in kinds:
        word = kind.body if isinstance(kind, DialectAttr) else kind
        if word not in ("parallel", "reduction"):
            raise fail(op, f"iterator type {kind!r} must be parallel or reduction")
        words.append(word)
    return words


def _contract_maps(op: Operation) -> list[list[int]]:
    """Each operand's dimensions as iteration-space positions (the indexing maps must be projected
    permutations)."""
    maps = op.attributes.get("indexing_maps")
    if not isinstance(maps, list) or len(maps) != 3 or not all(isinstance(m, AffineMapLayout) for m in maps):
        raise fail(op, f"requires three affine maps in indexing_maps, got {maps!r}")
    dims = []
    for map_ in maps:
        positions = []
        for expr in map_.results:
            if expr[0] != "dim":
                raise fail(op, f"indexing map {map_} must be a projected permutation")
            positions.append(int(expr[1]))
        dims.append(positions)
    return dims


def _verify_contract(op: Operation) -> None:
    expect_counts(op, 3, 1)
    iterators = _iterators(op)
    maps = _contract_maps(op)
    kind = op.attributes.get("kind")
    if kind is not None and (not isinstance(kind, DialectAttr) or kind.body.strip() != "add"):
        raise fail(op, f"only the add combining kind is supported here, got {kind}")
    for position, (type_, dims) in enumerate(zip(op.operand_types, maps)):
        if len(shape_of(type_)) != len(dims):
            raise fail(op, f"operand #{position} '{type_}' does not have the rank of its indexing map")
    if any(iterators[d] != "parallel" for d in maps[2]):
        raise fail(op, "the accumulator's dimensions must be parallel iterators")
    if op.operand_types[2] != op.result_types[0]:
        raise fail(op, "the accumulator and result types must match")


def _lower_contract(op: Operation, lw: Any) -> Any:
    maps = _contract_maps(op)
    letters = "abcdefghijklmnopqrstuvwxyz"
    spec = ",".join("Z" + "".join(letters[d] for d in dims) for dims in maps[:2]) + "->Z" + "".join(
        letters[d] for d in maps[2])
    dtype = dtype_of(op.result_types[0])
    wide = np.float64 if dtype.kind == "f" else np.int64

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        lhs, rhs, acc = args
        lanes = max(lhs.shape[0], rhs.shape[0], np.asarray(acc).shape[0])
        lhs = np.broadcast_to(lhs, (lanes,) + lhs.shape[1:]).astype(wide)
        rhs = np.broadcast_to(rhs, (lanes,) + rhs.shape[1:]).astype(wide)
        total = np.einsum(spec, lhs, rhs) + np.asarray(acc).astype(wide)
        return (total.astype(dtype),)
    return kernel


define("vector.contract", parse=_parse_contract, verify=_verify_contract, lower=_lower_contract)
