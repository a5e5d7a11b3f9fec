"""Composite instructions: construct, extract, insert, shuffle, dynamic vector indexing, transpose, copy.

Composite values follow `types`: struct members are tuple items, array elements, vector
components and matrix columns are axis 1 of every leaf. A dynamic vector index out of range is
undefined: strict mode reports it, permissive mode reads 0 and leaves the vector unchanged.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dxlinalg.spirv.compiler import Compute, Frame, InstructionContext, register_opcode
from dxlinalg.spirv.coopvec_type import is_cooperative_vector
from dxlinalg.spirv.lanes import extract, insert, replace_member, stack
from dxlinalg.spirv.ops.common import first, report
from dxlinalg.spirv.types import (
    ArrayType,
    IntType,
    MatrixType,
    RuntimeArrayType,
    SpvType,
    StructType,
    VectorType,
    zero_value,
)


def walk(c: InstructionContext, spv_type: SpvType, indices: tuple[int, ...]) -> tuple[SpvType, list[tuple[bool, int]]]:
    """The type reached by literal `indices` and the steps: (is struct member, index)."""
    steps = []
    for index in indices:
        if isinstance(spv_type, StructType):
            if index >= len(spv_type.members):
                raise c.fail(f"index {index} is past the {len(spv_type.members)} members of {spv_type!r}")
            steps.append((True, index))
            spv_type = spv_type.members[index]
            continue
        if isinstance(spv_type, ArrayType):
            length, child = spv_type.length, spv_type.element
        elif isinstance(spv_type, VectorType):
            length, child = spv_type.count, spv_type.component
        elif isinstance(spv_type, MatrixType):
            length, child = spv_type.columns, spv_type.column
        else:
            raise c.fail(f"cannot index into {spv_type!r}")
        if index >= length:
            raise c.fail(f"index {index} is out of range for {spv_type!r} ({length} elements)")
        steps.append((False, index))
        spv_type = child
    return spv_type, steps


def _read(value: Any, steps: list[tuple[bool, int]]) -> Any:
    for is_member, index in steps:
        value = value[index] if is_member else extract(value, index)
    return value


def _write(value: Any, steps: list[tuple[bool, int]], part: Any) -> Any:
    if not steps:
        return part
    (is_member, index), rest = steps[0], steps[1:]
    if is_member:
        return replace_member(value, index, _write(value[index], rest, part))
    return insert(value, index, _write(extract(value, index), rest, part))


@register_opcode("OpCompositeExtract")
def _composite_extract(c: InstructionContext) -> Compute:
    composite = c.value(0)
    reached, steps = walk(c, c.value_type(0), c.args[1:])
    c.expect(c.result_type is not None and reached.id == c.result_type.id,
             f"the indices reach {reached!r}, not the result type {c.result_type!r}")
    return lambda f: _read(f.values[composite], steps)


@register_opcode("OpCompositeInsert")
def _composite_insert(c: InstructionContext) -> Compute:
    part, composite = c.value(0), c.value(1)
    c.expect(c.value_type(1).id == c.result_type.id,  # type: ignore[union-attr]
             "Composite must have the result type")
    reached, steps = walk(c, c.value_type(1), c.args[2:])
    c.expect(reached.id == c.value_type(0).id, f"Object has type {c.value_type(0)!r}; the indices reach {reached!r}")
    return lambda f: _write(f.values[composite], steps, f.values[part])


@register_opcode("OpCompositeConstruct")
def _composite_construct(c: InstructionContext) -> Compute:
    result = c.result_type
    ids = [c.value(k) for k in range(len(c.args))]
    types = [c.type_of(i) for i in ids]
    if isinstance(result, VectorType):
        widths = []
        for spv_type in types:
            if spv_type.id == result.component.id:
                widths.append(0)
            elif isinstance(spv_type, VectorType) and spv_type.component.id == result.component.id:
                widths.append(spv_type.count)
            else:
                raise c.fail(f"constituent of type {spv_type!r} does not fit a {result!r}")
        c.expect(sum(max(w, 1) for w in widths) == result.count,
                 f"constituents give {sum(max(w, 1) for w in widths)} components; {result!r} has {result.count}")
        dtype = result.dtype
        # Component-major (a (lanes, n) array in Fortran order) where it may be: each scalar is written
        # in one contiguous pass, and code that builds a vector from scalars tends to take it apart
        # again one component at a time. Cooperative vectors go to the linear-algebra core as rows.
        order = "C" if is_cooperative_vector(result) else "F"

        def scalars(parts: list[np.ndarray]) -> np.ndarray:
            out = np.empty((max(p.shape[0] for p in parts), len(parts)), dtype, order=order)
            for k, part in enumerate(parts):
                out[:, k] = part
            return out

        def vector(parts: list[np.ndarray]) -> np.ndarray:
            lanes = max(p.shape[0] for p in parts)
            return np.concatenate([np.broadcast_to(p if w else p[:, None], (lanes, max(w, 1)))
                                   for p, w in zip(parts, widths)], axis=1)

        build = vector if any(widths) else scalars
        constants = [c.constant_of(i) for i in ids]
        if all(isinstance(value, np.ndarray) for value in constants):    # built once: it never changes
            fixed = build(constants)
            return lambda f: fixed
        return lambda f: build([f.values[i] for i in ids])
    if isinstance(result, (MatrixType, ArrayType)):
        want, count = ((result.column, result.columns) if isinstance(result, MatrixType)
                       else (result.element, result.length))
        c.expect(len(ids) == count and all(t.id == want.id for t in types),
                 f"{result!r} is built from {count} constituents of type {want!r}")
        return lambda f: stack([f.values[i] for i in ids])
    if isinstance(result, StructType):
        c.expect(len(ids) == len(result.members) and all(t.id == m.id for t, m in zip(types, result.members)),
                 f"{result!r} is built from one constituent per member, of the member's type")
        return lambda f: tuple(f.values[i] for i in ids)
    raise c.fail(f"result type {result!r} is not a composite type")


@register_opcode("OpVectorShuffle")
def _vector_shuffle(c: InstructionContext) -> Compute:
    result = c.result_type
    left, right = c.value_type(0), c.value_type(1)
    c.expect(isinstance(result, VectorType) and isinstance(left, VectorType) and isinstance(right, VectorType) and
             left.component.id == result.component.id and right.component.id == result.component.id,
             "VectorShuffle takes two vectors with the result's component type")
    selectors = c.args[2:]
    total = left.count + right.count  # type: ignore[union-attr]
    c.expect(len(selectors) == result.count, f"{result!r} needs {result.count} component selectors")  # type: ignore[union-attr]
    for selector in selectors:
        c.expect(selector < total or selector == 0xFFFFFFFF, f"component selector {selector} is past the "
                                                             f"{total} components of the two vectors")
    index = np.array([s if s != 0xFFFFFFFF else total for s in selectors], np.intp)
    a, b = c.value(0), c.value(1)
    zero = np.zeros((1, 1), result.dtype)  # type: ignore[union-attr]

    def compute(f: Frame) -> np.ndarray:
        x, y = f.values[a], f.values[b]
        lanes = max(x.shape[0], y.shape[0])
        joined = np.concatenate([np.broadcast_to(x, (lanes, x.shape[1])), np.broadcast_to(y, (lanes, y.shape[1])),
                                 np.broadcast_to(zero, (lanes, 1))], axis=1)
        return joined[:, index]
    return compute


def _dynamic_index(c: InstructionContext, k: int) -> int:
    c.expect(isinstance(c.value_type(k), IntType), "Index must be an integer scalar")
    return c.value(k)


@register_opcode("OpVectorExtractDynamic")
def _vector_extract_dynamic(c: InstructionContext) -> Compute:
    vector = c.value_type(0)
    c.expect(isinstance(vector, VectorType) and c.result_type is not None and
             vector.component.id == c.result_type.id, "Vector must be a vector of the result type")
    count = vector.count  # type: ignore[union-attr]
    a, i = c.value(0), _dynamic_index(c, 1)

    def compute(f: Frame) -> np.ndarray:
        x, index = f.values[a], f.values[i].astype(np.int64)
        outside = (index < 0) | (index >= count)
        if f.inv.strict:
            report(c, f, outside, lambda lane: f"index {first(index, lane)} (lane {lane}) is outside the {count} "
                                               f"components: the result is undefined")
        lanes = max(x.shape[0], index.shape[0])
        picked = np.broadcast_to(x, (lanes, count))[np.arange(lanes), np.clip(np.broadcast_to(index, (lanes,)),
                                                                               0, count - 1)]
        return np.where(np.broadcast_to(outside, (lanes,)), np.zeros((), x.dtype), picked) if outside.any() else picked
    return compute


@register_opcode("OpVectorInsertDynamic")
def _vector_insert_dynamic(c: InstructionContext) -> Compute:
    vector = c.result_type
    c.expect(isinstance(vector, VectorType) and c.value_type(0).id == vector.id and
             c.value_type(1).id == vector.component.id, "operands must be a vector of the result type and a component")
    count = vector.count  # type: ignore[union-attr]
    a, part, i = c.value(0), c.value(1), _dynamic_index(c, 2)

    def compute(f: Frame) -> np.ndarray:
        x, index = f.values[a], f.values[i].astype(np.int64)
        outside = (index < 0) | (index >= count)
        if f.inv.strict:
            report(c, f, outside, lambda lane: f"index {first(index, lane)} (lane {lane}) is outside the {count} "
                                               f"components: the result is undefined")
        lanes = max(x.shape[0], index.shape[0], f.values[part].shape[0])
        inside = ~np.broadcast_to(outside, (lanes,))
        return insert(x, np.clip(np.broadcast_to(index, (lanes,)), 0, count - 1), f.values[part], inside)
    return compute


@register_opcode("OpCopyObject", "OpCopyLogical")
def _copy(c: InstructionContext) -> Compute:
    a = c.value(0)
    if c.opname == "OpCopyObject":
        c.expect(c.value_type(0).id == c.result_type.id, "Operand must have the result type")  # type: ignore[union-attr]
    return lambda f: f.values[a]


@register_opcode("OpTranspose")
def _transpose(c: InstructionContext) -> Compute:
    result, source = c.result_type, c.value_type(0)
    c.expect(isinstance(result, MatrixType) and isinstance(source, MatrixType) and
             result.columns == source.rows and result.rows == source.columns and
             result.component.id == source.component.id, "Matrix must be the transposed shape of the result")
    a = c.value(0)
    return lambda f: np.ascontiguousarray(np.swapaxes(f.values[a], 1, 2))


@register_opcode("OpUndef")
def _undef(c: InstructionContext) -> Compute:
    result = c.result_type
    if result is None or isinstance(result, RuntimeArrayType):
        raise c.fail("OpUndef needs a value type")
    try:
        value = zero_value(result)
    except TypeError as error:
        raise c.unsupported(str(error)) from None
    return lambda f: value

