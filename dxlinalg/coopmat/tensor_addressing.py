"""Where every element of a tensor-addressed cooperative-matrix load or store goes, all at once.

This is seed 000's pseudocode (matrixCoordToTensorElement and ...WithView) evaluated for all
M x N elements as numpy arrays: (row, col) -> row-major index (relative to the view's clip) ->
view coordinate (permuted) -> linear index -> span coordinate -> tensor coordinate (offset,
clamped) -> block coordinate and coordinate in block -> tensor index. The arithmetic follows the
pseudocode's types: uint32 indices and sums wrap mod 2^32, `c = spanCoord + offset` is int32, the
clamp remainders are OpSMod's (Python's `%` for the positive divisors used). The test oracle
(tests/coopmat/oracle_tensor.py) is the same pseudocode per element, in plain loops.

Choices where the seed is unclear are in docs/coopmat-tensor-addressing.md: MirrorRepeat uses
the layout dimension (the seed's `dim` is a typo) and maps every coordinate to 0 when that
dimension is 1; an Undefined-mode out-of-bounds coordinate is reported in strict mode and used
unclamped (as uint32, as the pseudocode's conversions make it) in permissive mode.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

import numpy as np

from dxlinalg.coopmat import tensor_rules as rules
from dxlinalg.coopmat.tensor_enums import UINT32_MASK, ClampMode
from dxlinalg.coopmat.tensor_layout import TensorLayout
from dxlinalg.coopmat.tensor_view import TensorView
from dxlinalg.errors import InvalidArgumentError

LOAD_OP = "OpCooperativeMatrixLoadTensorNV"
STORE_OP = "OpCooperativeMatrixStoreTensorNV"


class ElementStatus(IntEnum):
    """What the addressing made of one matrix element."""

    IN_BOUNDS = 0      # every coordinate inside the layout: the element at `index`
    CLAMPED = 1        # loads only: a coordinate was clamped, wrapped or mirrored, then read at `index`
    OUT_OF_BOUNDS = 2  # load in Constant mode: the clamp value; store in any mode but Undefined: discarded
    CLIPPED = 3        # outside the view's clip: a load keeps Object's element, a store writes nothing
    UNDEFINED = 4      # out of bounds in Undefined mode (permissive only): accessed at the unclamped index


ACCESSED = (ElementStatus.IN_BOUNDS, ElementStatus.CLAMPED, ElementStatus.UNDEFINED)


@dataclass(frozen=True)
class ElementAddresses:
    """The addressing result for an M x N matrix over a D-dimensional layout.

    `index` is the final tensor index (in elements, or in blocks when a DecodeFunc is used);
    `block_coord` and `coord_in_block` are what a DecodeFunc receives. Elements that are not
    accessed (OUT_OF_BOUNDS, CLIPPED) have index and coordinates 0.
    """

    shape: tuple[int, int]
    status: np.ndarray           # (M, N) uint8 ElementStatus
    index: np.ndarray            # (M, N) int64, a uint32 value
    block_coord: np.ndarray      # (M, N, D) int64
    coord_in_block: np.ndarray   # (M, N, D) int64

    @property
    def accessed(self) -> np.ndarray:
        """(M, N) bool: elements that read or write memory."""
        return np.isin(self.status, np.array(ACCESSED, np.uint8))

    def byte_offsets(self, unit_bytes: int) -> np.ndarray:
        """(M, N) int64: the final index times the element (or block) size, a byte offset from Pointer."""
        return self.index * int(unit_bytes)


def _row_major_first(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


def _uint32_dot(coords: np.ndarray, strides: tuple[int, ...]) -> np.ndarray:
    """sum(coords[:, k] * strides[k]) mod 2^32, exactly (uint64 wraps mod 2^64, a multiple of 2^32)."""
    total = (coords.astype(np.uint64) * np.array(strides, np.uint64)).sum(axis=1, dtype=np.uint64)
    return (total & np.uint64(UINT32_MASK)).astype(np.int64)


def _clip_and_linearize(rows: np.ndarray, cols: np.ndarray, n: int, view: TensorView | None, strict: bool,
                        op: str) -> tuple[np.ndarray, np.ndarray]:
    """matrixCoordToLinear: (live mask, uint32 row-major index relative to the clip)."""
    if view is None:
        return np.ones(rows.shape, bool), (rows * n + cols) & UINT32_MASK
    rules.check_clip_end_fits(strict, view.clip_row_offset, view.clip_row_span, "Row", op)
    rules.check_clip_end_fits(strict, view.clip_col_offset, view.clip_col_span, "Col", op)
    row_end = (view.clip_row_offset + view.clip_row_span) & UINT32_MASK
    col_end = (view.clip_col_offset + view.clip_col_span) & UINT32_MASK
    live = ((rows >= view.clip_row_offset) & (rows < row_end)
            & (cols >= view.clip_col_offset) & (cols < col_end))
    width = min(n, view.clip_col_span)
    index = ((rows - view.clip_row_offset) * width + (cols - view.clip_col_offset)) & UINT32_MASK
    return live, np.where(live, index, 0)


def _through_view(index: np.ndarray, layout: TensorLayout, view: TensorView, op: str) -> np.ndarray:
    """linearToViewCoord then viewCoordToLinear: split by the permuted view dimensions, re-join by strides."""
    dims = view.dimension if view.has_dimensions else layout.span
    rules.check_nonzero_divisor(dims[:view.dim], "view dimensions" if view.has_dimensions else "layout span",
                                "linearToViewCoord", op)
    coords = np.zeros((index.size, view.dim), np.int64)
    remaining = index.copy()
    for k in range(view.dim - 1, -1, -1):
        i = view.permutation[k]
        coords[:, i] = remaining % dims[i]
        remaining //= dims[i]
    if view.has_dimensions:
        strides = view.stride
    else:
        derived = [1] * view.dim
        for k in range(view.dim - 2, -1, -1):
            derived[k] = (derived[k + 1] * layout.span[k + 1]) & UINT32_MASK
        strides = tuple(derived)
    return _uint32_dot(coords, strides)


def _span_coords(index: np.ndarray, span: tuple[int, ...], op: str) -> np.ndarray:
    """linearToSpanCoord: innermost dimension fastest; dimension 0 wraps modulo span[0] too."""
    rules.check_nonzero_divisor(span, "layout span", "linearToSpanCoord", op)
    coords = np.zeros((index.size, len(span)), np.int64)
    remaining = index.copy()
    for dim in range(len(span) - 1, -1, -1):
        coords[:, dim] = remaining % span[dim]
        remaining //= span[dim]
    return coords


def _clamped(coords: np.ndarray, extent: np.ndarray, mode: ClampMode) -> np.ndarray:
    """The clamp modes' formulas for every coordinate (callers keep them only where out of bounds)."""
    safe = np.maximum(extent, 1)
    if mode == ClampMode.ClampToEdge:
        return np.clip(coords, 0, safe - 1)
    if mode == ClampMode.Repeat:
        return coords % safe
    period = np.maximum(2 * extent - 2, 1)     # MirrorRepeat; extent 1 maps everything to 0
    folded = coords % period
    mirrored = np.where(folded >= extent, 2 * extent - 2 - folded, folded)
    return np.where(extent == 1, 0, mirrored)


def tensor_element_addresses(shape: tuple[int, int], layout: TensorLayout, view: TensorView | None = None, *,
                             store: bool = False, strict: bool = True, op: str | None = None) -> ElementAddresses:
    """Address every element of a `shape` matrix loaded (or stored, `store=True`) through `layout` and `view`.

    Strict mode raises UndefinedBehaviorError for the undefined cases (Undefined-mode out of bounds,
    strides against SetStride's rule, a wrapping clip range, clamping a dimension of 0); permissive
    mode computes what the pseudocode's arithmetic gives.
    """
    op = op or (STORE_OP if store else LOAD_OP)
    if not isinstance(layout, TensorLayout):
        raise InvalidArgumentError(f"{op}: TensorLayout {layout!r} must be a TensorLayout")
    if view is not None:
        if not isinstance(view, TensorView):
            raise InvalidArgumentError(f"{op}: TensorView {view!r} must be a TensorView (or None)")
        rules.check_view_dimension_source(view.has_dimensions, view.dim, layout.dim, op)
    m, n = rules.check_matrix_shape(shape, op)
    rules.check_strides_ordered(strict, layout.stride, layout.dimension, layout.block_size, op)
    d = layout.dim
    rows, cols = (a.ravel().astype(np.int64) for a in np.indices((m, n)))
    live, index = _clip_and_linearize(rows, cols, n, view, strict, op)
    status = np.where(live, ElementStatus.IN_BOUNDS, ElementStatus.CLIPPED).astype(np.uint8)
    block_coord = np.zeros((m * n, d), np.int64)
    coord_in_block = np.zeros((m * n, d), np.int64)
    final = np.zeros(m * n, np.int64)
    if live.any():
        if view is not None:
            index = np.where(live, _through_view(index, layout, view, op), 0)
        span_coord = _span_coords(index, layout.span, op)
        # int32 c = spanCoord + offset (uint32 sum, read as int32)
        coords = (span_coord + np.array(layout.offset, np.int64)) & UINT32_MASK
        coords = np.where(coords >= 1 << 31, coords - (1 << 32), coords)
        extent = np.array(layout.dimension, np.int64)
        outside = live[:, None] & ((coords < 0) | (coords >= extent))
        mode = layout.clamp_mode
        if store and mode != ClampMode.Undefined:
            mode = ClampMode.Constant          # stores never clamp: out of bounds is discarded
        terminated = np.zeros(m * n, bool)
        if mode == ClampMode.Undefined:
            if outside.any():
                element = _row_major_first(outside.any(axis=1))
                dim = int(np.flatnonzero(outside[element])[0])
                rules.report_undefined_out_of_bounds(strict, int(rows[element]), int(cols[element]), dim,
                                                     int(coords[element, dim]), int(extent[dim]), op)
                status[outside.any(axis=1)] = ElementStatus.UNDEFINED
            coords = coords & UINT32_MASK       # C converts int32 c to uint32 for c % / blockSize
        elif mode == ClampMode.Constant:
            terminated = outside.any(axis=1)
        else:
            empty = outside & (extent == 0)
            if empty.any():
                rules.report_empty_clamp_dimension(strict, int(np.flatnonzero(empty.any(axis=0))[0]), mode, op)
            terminated = empty.any(axis=1)
            coords = np.where(outside, _clamped(coords, extent, mode), coords)
            status[outside.any(axis=1) & ~terminated] = ElementStatus.CLAMPED
        status[terminated] = ElementStatus.OUT_OF_BOUNDS
        active = live & ~terminated
        if active.any():
            rules.check_nonzero_divisor(layout.block_size, "block size", "spanCoordToTensorCoord", op)
            sizes = np.array(layout.block_size, np.int64)
            block_coord = np.where(active[:, None], coords // sizes, 0)
            coord_in_block = np.where(active[:, None], coords % sizes, 0)
            final = np.where(active, _uint32_dot(block_coord, layout.stride), 0)
    return ElementAddresses((m, n), status.reshape(m, n), final.reshape(m, n), block_coord.reshape(m, n, d),
                            coord_in_block.reshape(m, n, d))
