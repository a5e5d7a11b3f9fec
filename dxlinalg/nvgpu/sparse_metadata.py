"""mma.sp's structured-sparse A: where each stored value's index sits in the metadata, and the dense A.

A stored value of A (compressed column c of its row) is the (c % 2)-th non-zero of the row's 4-wide
chunk c // 2 (f16/bf16 and s8/u8: 2:4 sparsity); for tf32 (1:2 sparsity) column c is the one
non-zero of the 2-wide chunk c. Its index is a field of one lane's 32-bit metadata (nvgpu's
`vector<2xi16>`, element 0 the low half): a lane of the same quad (the 4 lanes sharing a groupID)
chosen by the sparsity selector, at a bit offset. The PTX ISA gives the placement only as figures
(119, 122, 125, 127, 129, 136-137); these functions are the H100's (the nvgpu probe, issue 14):
- 16-bit and tf32 A: a metadata word holds 4 chunks of row g in bits 0-15 and the same chunks of
  row g + 8 in bits 16-31, 4 bits per chunk; m16n8k16 (tf32: m16n8k8): the selector picks the one
  lane of the quad; m16n8k32 (tf32: m16n8k16): lane 2 * selector holds chunks 0-3, the next 4-7.
- 8-bit A: a word holds 8 chunks of one row; m16n8k32: lane 2 * selector for row g, the next for
  g + 8; m16n8k64 (selector 0): lanes 0, 1 for chunks 0-7 of rows g, g + 8, lanes 2, 3 for 8-15.
2:4 fields are 2-bit indices in the chunk (stored value 0 in the low field); a chunk's two indices
must differ (PTX: nibbles 0b0000, 0b0101, 0b1010, 0b1111 are undefined; the H100 then adds both
values at the one index). tf32 fields are 4 bits: 0b0100 for the chunk's first element, 0b1110 for
its second, anything else undefined (read here by its bit 1).
"""

from __future__ import annotations

import numpy as np

from dxlinalg.errors import UndefinedBehaviorError
from dxlinalg.nvgpu.fragments import Index, positions
from dxlinalg.nvgpu.mma_shapes import MmaShape

TF32_FIRST, TF32_SECOND = 0b0100, 0b1110


def metadata_b16(row: Index, column: Index, selector: int, chunks_per_row: int) -> tuple[Index, Index]:
    """16-bit (and tf32) A: (lane in the quad, bit offset) of the index of compressed element (row, column)."""
    chunk, slot = column >> 1, column & 1
    thread = selector + 0 * chunk if chunks_per_row == 4 else 2 * selector + (chunk >> 2)
    return thread, 16 * (row >> 3) + 4 * (chunk & 3) + 2 * slot


def metadata_tf32(row: Index, column: Index, selector: int, chunks_per_row: int) -> tuple[Index, Index]:
    """tf32 A: (lane in the quad, bit offset) of the 4-bit field of the chunk `column` (one value each)."""
    return metadata_b16(row, 2 * column, selector, chunks_per_row)


def metadata_b8(row: Index, column: Index, selector: int, chunks_per_row: int) -> tuple[Index, Index]:
    """8-bit A: (lane in the quad, bit offset) of the index of compressed element (row, column)."""
    chunk, slot = column >> 1, column & 1
    half = row >> 3
    thread = 2 * selector + half if chunks_per_row == 8 else 2 * (chunk >> 3) + half
    return thread, 4 * (chunk & 7) + 2 * slot


def check_selector(shape: MmaShape, selector: int, strict: bool, op: str) -> int:
    """The sparsity selector (0 to 3: the verifier's widened rule has checked it); one the PTX ISA leaves
    undefined for this shape is reported in strict mode."""
    if strict and selector not in shape.selectors:
        raise UndefinedBehaviorError(
            f"{op}: sparsitySelector {selector} is undefined for {shape.name} (PTX mma.sp: valid "
            f"{', '.join(map(str, shape.selectors))}: "
            f"{'one thread' if len(shape.selectors) == 4 else 'a thread pair' if len(shape.selectors) == 2 else 'all four threads'} "
            f"of each quad supply the metadata)")
    return selector


def dense_a(shape: MmaShape, stored: np.ndarray, metadata: np.ndarray, selector: int, strict: bool,
            op: str) -> np.ndarray:
    """(W, M, K) dense A, of the stored values' dtype, from stored values (W, 32, elements) and
    metadata words (W, 32) uint32. Zeros where nothing is stored; in permissive mode values given
    the same index add up (rounded to the operand type)."""
    warps = stored.shape[0]
    rows, columns = positions(shape.a.map, shape.a.elements)          # (32, elements) compressed positions
    lane = np.arange(32)[:, None]
    chunks_per_row = shape.a.cols if shape.operand_type == "tf32" else shape.a.cols // 2
    placement = {"tf32": metadata_tf32, "s8": metadata_b8, "u8": metadata_b8}.get(shape.operand_type, metadata_b16)
    thread, bit = placement(rows, columns, selector, chunks_per_row)
    source = (lane & ~3) + (thread & 3)
    words = metadata[:, source] >> bit.astype(np.uint32)               # (W, 32, elements)
    if shape.operand_type == "tf32":
        field = words & np.uint32(0xF)
        if strict:
            _report_undefined(field, (field != TF32_FIRST) & (field != TF32_SECOND), "tf32 index field", shape, op)
        column = 2 * columns + ((field >> 1) & 1).astype(np.int64)
    else:
        field = (words & np.uint32(3)).astype(np.int64)
        if strict:
            pair = field.reshape(warps, 32, -1, 2)                      # a chunk's two stored values
            same = np.repeat(pair[..., 0] == pair[..., 1], 2, axis=-1).reshape(field.shape)
            _report_undefined(field, same, "2:4 index pair", shape, op)
        column = 4 * (columns >> 1) + field
    flat = rows * shape.k + column                                      # (W, 32, elements)
    target = (np.arange(warps)[:, None] * (shape.m * shape.k) + flat.reshape(warps, -1)).reshape(-1)
    if np.unique(target).size == target.size:
        dense = np.zeros(warps * shape.m * shape.k, stored.dtype)
        dense[target] = stored.reshape(-1)
    else:                                   # permissive: values given one index add up (in the operand type)
        wide = np.zeros(warps * shape.m * shape.k, np.int64 if stored.dtype.kind in "iu" else np.float64)
        np.add.at(wide, target, stored.reshape(-1).astype(wide.dtype))
        dense = wide.astype(stored.dtype)
    return dense.reshape(warps, shape.m, shape.k)


def _report_undefined(field: np.ndarray, undefined: np.ndarray, what: str, shape: MmaShape, op: str) -> None:
    if undefined.any():
        warp, lane, element = (int(v[0]) for v in np.nonzero(undefined))
        raise UndefinedBehaviorError(
            f"{op}: the metadata gives stored A element {element} of lane {lane} (warp {warp}) the {what} "
            f"{int(field[warp, lane, element]):#x}, undefined for {shape.name} (PTX sparse matrix storage: "
            f"{'only 0b0100 and 0b1110 are meaningful' if shape.operand_type == 'tf32' else 'a chunk needs two different indices; 0b0000, 0b0101, 0b1010, 0b1111 are invalid'})")
