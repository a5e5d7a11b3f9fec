"""Test oracle: seed 000's tensor-addressing pseudocode, transcribed per element in plain Python.

One function per pseudocode function, in the seed's order and with its names, exact integers, and
the uint32/int32 types the pseudocode declares made explicit (`& MASK`, `int32`). The only
departures are the seed's errata and the choices documented in docs/coopmat-tensor-addressing.md,
each marked ERRATUM or CHOICE below. Slow on purpose: it is the definition the vectorised engine
(dxlinalg.coopmat.tensor_addressing / tensor_memory) is tested against.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from dxlinalg.coopmat.tensor_layout import TensorLayout
from dxlinalg.coopmat.tensor_view import TensorView
from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError

MASK = 0xFFFF_FFFF
UNDEFINED, CONSTANT, CLAMP_TO_EDGE, REPEAT, MIRROR_REPEAT = range(5)


def int32(value: int) -> int:
    value &= MASK
    return value - (1 << 32) if value >= 1 << 31 else value


def smod(a: int, b: int) -> int:
    """OpSMod: the remainder takes the sign of the divisor."""
    return a - b * (a // b)


def udiv(a: int, b: int) -> int:
    if b == 0:
        raise UndefinedBehaviorError("oracle: division by zero")
    return a // b


def umod(a: int, b: int) -> int:
    if b == 0:
        raise UndefinedBehaviorError("oracle: remainder by zero")
    return a % b


class Terminated(Exception):
    """'terminate index calculation' (Constant mode, or a clipped element)."""


@dataclass
class Element:
    status: str                  # in_bounds, clamped, out_of_bounds, clipped, undefined
    index: int = 0
    block_coord: tuple[int, ...] = ()
    coord_in_block: tuple[int, ...] = ()


# -- without a view ---------------------------------------------------------------------------------
def matrixCoordToLinear(t: TensorLayout, row: int, col: int, N: int) -> int:
    index = (row * N + col) & MASK
    return index


def linearToSpanCoord(t: TensorLayout, index: int) -> list[int]:
    spanCoord = [0] * t.dim
    for dim in range(t.dim - 1, -1, -1):
        spanCoord[dim] = umod(index, t.span[dim])
        index = udiv(index, t.span[dim])
    return spanCoord


def spanCoordToTensorCoord(t: TensorLayout, spanCoord: list[int], is_store: bool, strict: bool,
                           flags: dict[str, bool]) -> tuple[list[int], list[int]]:
    blockCoord = [0] * t.dim
    coordInBlock = [0] * t.dim
    for dim in range(t.dim):
        c = int32(spanCoord[dim] + t.offset[dim])
        extent = t.dimension[dim]
        if c < 0 or c >= extent:
            clampMode = int(t.clamp_mode)
            # For stores, other than Undefined, everything is treated as "discard"
            if is_store and clampMode != UNDEFINED:
                clampMode = CONSTANT
            if clampMode == UNDEFINED:
                if strict:
                    raise UndefinedBehaviorError("oracle: out of bounds with clamp mode Undefined")
                flags["undefined"] = True       # CHOICE: permissive mode addresses the unclamped coordinate
            elif clampMode == CONSTANT:
                raise Terminated
            elif extent == 0:                   # CHOICE: nothing to clamp to; strict reports, permissive: Constant
                if strict:
                    raise UndefinedBehaviorError("oracle: clamping into an empty dimension")
                raise Terminated
            elif clampMode == CLAMP_TO_EDGE:
                c = min(max(c, 0), extent - 1)
                flags["clamped"] = True
            elif clampMode == REPEAT:
                c = smod(c, extent)
                flags["clamped"] = True
            elif clampMode == MIRROR_REPEAT:
                if extent == 1:                 # CHOICE: 2*1-2 = 0 would divide by zero; one texel mirrors to itself
                    c = 0
                else:
                    c = smod(c, 2 * extent - 2)
                    c = (2 * extent - 2 - c) if c >= extent else c   # ERRATUM: the seed writes `dim` for extent
                flags["clamped"] = True
        cu = c & MASK                           # int32 % uint32 converts c to uint32 (C's usual conversions)
        coordInBlock[dim] = umod(cu, t.block_size[dim])
        blockCoord[dim] = udiv(cu, t.block_size[dim])
    return blockCoord, coordInBlock


def tensorCoordToLinear(t: TensorLayout, blockCoord: list[int]) -> int:
    index = 0
    for dim in range(t.dim):
        index = (index + blockCoord[dim] * t.stride[dim]) & MASK
    return index


# -- with a view ----------------------------------------------------------------------------------
def matrixCoordToLinearView(t: TensorLayout, v: TensorView, row: int, col: int, N: int) -> int:
    if (row < v.clip_row_offset or row >= ((v.clip_row_offset + v.clip_row_span) & MASK)
            or col < v.clip_col_offset or col >= ((v.clip_col_offset + v.clip_col_span) & MASK)):
        raise Terminated
    row -= v.clip_row_offset
    col -= v.clip_col_offset
    width = min(N, v.clip_col_span)
    index = (row * width + col) & MASK
    return index


def linearToViewCoord(t: TensorLayout, v: TensorView, index: int) -> list[int]:
    dimensions = v.dimension if v.has_dimensions else t.span
    viewCoord = [0] * v.dim
    for dim in range(v.dim - 1, -1, -1):
        i = v.permutation[dim]
        viewCoord[i] = umod(index, dimensions[i])
        index = udiv(index, dimensions[i])
    return viewCoord


def viewCoordToLinear(t: TensorLayout, v: TensorView, viewCoord: list[int]) -> int:
    if v.has_dimensions:
        stride = list(v.stride)
    else:
        stride = [0] * v.dim
        stride[v.dim - 1] = 1
        for dim in range(v.dim - 2, -1, -1):
            stride[dim] = (stride[dim + 1] * t.span[dim + 1]) & MASK
    index = 0
    for dim in range(v.dim - 1, -1, -1):
        index = (index + viewCoord[dim] * stride[dim]) & MASK
    return index


# -- one element, then whole loads and stores ------------------------------------------------------------
def tensor_element(t: TensorLayout, v: TensorView | None, row: int, col: int, N: int, is_store: bool,
                   strict: bool) -> Element:
    """matrixCoordToTensorElement(WithView) for one element, with what became of it."""
    try:
        if v is None:
            index = matrixCoordToLinear(t, row, col, N)
        else:
            index = matrixCoordToLinearView(t, v, row, col, N)
    except Terminated:
        return Element("clipped")
    if v is not None:
        viewCoord = linearToViewCoord(t, v, index)
        index = viewCoordToLinear(t, v, viewCoord)
    spanCoord = linearToSpanCoord(t, index)
    flags = {"undefined": False, "clamped": False}
    try:
        blockCoord, coordInBlock = spanCoordToTensorCoord(t, spanCoord, is_store, strict, flags)
    except Terminated:
        return Element("out_of_bounds")
    index = tensorCoordToLinear(t, blockCoord)
    status = "undefined" if flags["undefined"] else "clamped" if flags["clamped"] else "in_bounds"
    return Element(status, index, tuple(blockCoord), tuple(coordInBlock))


def check_strict_layout_rules(t: TensorLayout, v: TensorView | None, strict: bool) -> None:
    """The rules the engine checks once per access, before any element."""
    if not strict:
        return
    for i in range(t.dim - 1):
        if t.block_size[i + 1] and t.stride[i] < t.stride[i + 1] * -(-t.dimension[i + 1] // t.block_size[i + 1]):
            raise UndefinedBehaviorError("oracle: strides break OpTensorLayoutSetStrideNV's rule")
    if v is not None and (v.clip_row_offset + v.clip_row_span > MASK or v.clip_col_offset + v.clip_col_span > MASK):
        raise UndefinedBehaviorError("oracle: the clip range wraps uint32")


def all_elements(t: TensorLayout, v: TensorView | None, M: int, N: int, is_store: bool,
                 strict: bool) -> list[list[Element]]:
    if v is not None and not v.has_dimensions and v.dim != t.dim:
        raise InvalidArgumentError("oracle: a view without dimensions must have the layout's dimension count")
    check_strict_layout_rules(t, v, strict)
    return [[tensor_element(t, v, r, c, N, is_store, strict) for c in range(N)] for r in range(M)]


def _read(memory: np.ndarray, start: int, length: int) -> bytes:
    """Bytes [start, start+length); in permissive mode bytes outside memory read as 0."""
    return bytes(int(memory[p]) if 0 <= p < memory.size else 0 for p in range(start, start + length))


def oracle_load(memory: np.ndarray, pointer_offset: int, shape: tuple[int, int], t: TensorLayout,
                v: TensorView | None, dtype: np.dtype, obj: np.ndarray | None = None,
                decode_one: Callable[[bytes, tuple[int, ...], tuple[int, ...]], object] | None = None,
                block_bytes: int = 0, strict: bool = True, base_address: int = 0) -> np.ndarray:
    """A whole LoadTensor, element by element. `decode_one(block_bytes, blockCoord, coordInBlock)`."""
    M, N = shape
    dtype = np.dtype(dtype)
    if strict and (base_address + pointer_offset) % 16:
        raise UndefinedBehaviorError("oracle: Pointer not 16-byte aligned")
    elements = all_elements(t, v, M, N, False, strict)
    unit = block_bytes if decode_one is not None else dtype.itemsize
    result = np.zeros((M, N), dtype) if obj is None else np.array(obj, dtype)
    for r in range(M):
        for c in range(N):
            e = elements[r][c]
            if e.status == "clipped":
                continue
            if e.status == "out_of_bounds":
                bits = t.clamp_value & ((1 << (8 * dtype.itemsize)) - 1)
                result[r, c] = np.frombuffer(bits.to_bytes(dtype.itemsize, "little"), dtype)[0]
                continue
            start = pointer_offset + e.index * unit
            inside = 0 <= start and start + unit <= memory.size
            if not inside and strict:
                raise UndefinedBehaviorError("oracle: access outside memory")
            if decode_one is not None:
                result[r, c] = decode_one(_read(memory, start, unit), e.block_coord, e.coord_in_block)
            elif inside:
                result[r, c] = np.frombuffer(_read(memory, start, unit), dtype)[0]
            else:
                result[r, c] = np.zeros((), dtype)
    return result


def oracle_store(memory: np.ndarray, pointer_offset: int, values: np.ndarray, t: TensorLayout,
                 v: TensorView | None, strict: bool = True, base_address: int = 0) -> np.ndarray:
    """A whole StoreTensor, element by element; returns the new memory (the input is not changed)."""
    M, N = values.shape
    unit = values.dtype.itemsize
    if any(b > 1 for b in t.block_size) and strict:
        raise UndefinedBehaviorError("oracle: block size > 1 on a store")   # permissive: by block, as loads
    if strict and (base_address + pointer_offset) % 16:
        raise UndefinedBehaviorError("oracle: Pointer not 16-byte aligned")
    elements = all_elements(t, v, M, N, True, strict)
    writes: list[tuple[int, bytes]] = []
    for r in range(M):
        for c in range(N):
            e = elements[r][c]
            if e.status not in ("in_bounds", "undefined"):
                continue
            start = pointer_offset + e.index * unit
            if not (0 <= start and start + unit <= memory.size):
                if strict:
                    raise UndefinedBehaviorError("oracle: access outside memory")
                continue
            writes.append((start, values[r, c].tobytes()))
    if strict:
        for i, (start_i, bytes_i) in enumerate(writes):
            for start_j, bytes_j in writes[i + 1:]:
                if start_i == start_j and bytes_i != bytes_j:
                    raise UndefinedBehaviorError("oracle: two elements store different values to one address")
    out = memory.copy()
    for start, data in writes:             # row-major order: the last writer wins
        out[start:start + unit] = np.frombuffer(data, np.uint8)
    return out
