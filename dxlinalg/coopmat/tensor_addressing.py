"""Where every element of a tensor-addressed cooperative-matrix load or store goes, all at once.

This is seed 000's pseudocode (matrixCoordToTensorElement and ...WithView) evaluated for all
M x N elements as numpy arrays: (row, col) -> row-major index (relative to the view's clip) ->
view coordinate (permuted) -> linear index -> span coordinate -> tensor coordinate (offset,
clamped) -> block coordinate and coordinate in block -> tensor index. The arithmetic follows the
pseudocode's types: uint32 indices and sums wrap mod 2^32, `c = spanCoord + offset` is int32, the
clamp remainders are OpSMod's (Python's `%` for the positive divisors used). The test oracle
(tests/coopmat/oracle_tensor.py) is the same pseudocode per element, in plain loops.

It is fast in two steps, because a tiled kernel loads thousands of tiles that differ only in
their slice offsets. The first step, up to the span coordinates, depends on the matrix shape, the
span and the view only; it is cached (`_span_plan`) and stores, per layout dimension, the distinct
span coordinates the elements use and which one each element uses. The second step, everything
the offsets, dimensions, clamp mode, block sizes and strides decide, is computed once per
distinct coordinate (at most the span, a few hundred values) and gathered per element.

Choices where the seed is unclear are in docs/coopmat-tensor-addressing.md: MirrorRepeat uses
the layout dimension (the seed's `dim` is a typo) and maps every coordinate to 0 when that
dimension is 1; an Undefined-mode out-of-bounds coordinate is reported in strict mode and used
unclamped (as uint32, as the pseudocode's conversions make it) in permissive mode. Two are profile
settings (`coopmat.clip_span_sum`, `coopmat.mirror_repeat_unit_innermost`): the H100 differs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from functools import cached_property, lru_cache

import numpy as np

from dxlinalg.coopmat import tensor_rules as rules
from dxlinalg.coopmat.tensor_enums import UINT32_MASK, ClampMode
from dxlinalg.coopmat.tensor_layout import TensorLayout
from dxlinalg.coopmat.tensor_view import TensorView
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.profile.model import CooperativeMatrixSettings

LOAD_OP = "OpCooperativeMatrixLoadTensorNV"
STORE_OP = "OpCooperativeMatrixStoreTensorNV"

DEFAULT_SETTINGS = CooperativeMatrixSettings()
SPAN_PLAN_CACHE_SIZE = 32   # (shape, span, view) combinations kept; a tiled kernel uses a handful


class ElementStatus(IntEnum):
    """What the addressing made of one matrix element."""

    IN_BOUNDS = 0      # every coordinate inside the layout: the element at `index`
    CLAMPED = 1        # loads only: a coordinate was clamped, wrapped or mirrored, then read at `index`
    OUT_OF_BOUNDS = 2  # load in Constant mode: the clamp value; store in any mode but Undefined: discarded
    CLIPPED = 3        # outside the view's clip: a load keeps Object's element, a store writes nothing
    UNDEFINED = 4      # out of bounds in Undefined mode (permissive only): accessed at the unclamped index


ACCESSED = (ElementStatus.IN_BOUNDS, ElementStatus.CLAMPED, ElementStatus.UNDEFINED)
_ACCESSED_BY_STATUS = np.isin(np.arange(len(ElementStatus)), ACCESSED)

# What happened to an element in one dimension, as bits; an element's status is decided by the
# strongest bit over its dimensions and the clip: clipped > terminated > undefined > clamped.
_CLAMPED_BIT, _UNDEFINED_BIT, _TERMINATED_BIT, _CLIPPED_BIT = 1, 2, 4, 8


def _status_of(flags: int) -> ElementStatus:
    for bit, status in ((_CLIPPED_BIT, ElementStatus.CLIPPED), (_TERMINATED_BIT, ElementStatus.OUT_OF_BOUNDS),
                        (_UNDEFINED_BIT, ElementStatus.UNDEFINED), (_CLAMPED_BIT, ElementStatus.CLAMPED)):
        if flags & bit:
            return status
    return ElementStatus.IN_BOUNDS


_STATUS_BY_FLAGS = np.array([_status_of(flags) for flags in range(16)], np.uint8)


@dataclass(frozen=True)
class _Coordinates:
    """Block coordinates and coordinates in block, kept as per-dimension tables until someone asks.

    Only a DecodeFunc needs them, so plain loads and stores never gather them per element.
    """

    block: tuple[np.ndarray, ...]       # per dimension: blockCoord of each distinct span coordinate
    in_block: tuple[np.ndarray, ...]    # per dimension: coordInBlock likewise
    positions: tuple[np.ndarray, ...]   # per dimension: (K,) which table entry each element uses
    accessed: np.ndarray | None         # (K,) bool; None when every element is accessed

    def gather(self, tables: tuple[np.ndarray, ...]) -> np.ndarray:
        count = self.positions[0].size
        out = np.empty((count, len(tables)), np.int64)
        for dim, (table, positions) in enumerate(zip(tables, self.positions)):
            out[:, dim] = table[positions]
        if self.accessed is not None:
            out[~self.accessed] = 0
        return out


@dataclass(frozen=True, eq=False)
class ElementAddresses:
    """The addressing result for an M x N matrix over a D-dimensional layout.

    `index` is the final tensor index (in elements, or in blocks when a DecodeFunc is used);
    `block_coord` and `coord_in_block` are what a DecodeFunc receives (computed on first use).
    Elements that are not accessed (OUT_OF_BOUNDS, CLIPPED) have index and coordinates 0.
    """

    shape: tuple[int, int]
    status: np.ndarray           # (M, N) uint8 ElementStatus
    index: np.ndarray            # (M, N) int64, a uint32 value
    coordinates: _Coordinates = field(repr=False)

    @cached_property
    def accessed(self) -> np.ndarray:
        """(M, N) bool: elements that read or write memory."""
        if self.coordinates.accessed is None:
            return np.ones(self.shape, bool)
        return self.coordinates.accessed.reshape(self.shape)

    @cached_property
    def block_coord(self) -> np.ndarray:
        """(M, N, D) int64: each element's blockCoord."""
        return self.coordinates.gather(self.coordinates.block).reshape(*self.shape, -1)

    @cached_property
    def coord_in_block(self) -> np.ndarray:
        """(M, N, D) int64: each element's coordInBlock."""
        return self.coordinates.gather(self.coordinates.in_block).reshape(*self.shape, -1)

    def byte_offsets(self, unit_bytes: int) -> np.ndarray:
        """(M, N) int64: the final index times the element (or block) size, a byte offset from Pointer."""
        return self.index * int(unit_bytes)


# -- step 1: what the shape, the span and the view decide (cached) -----------------------------------------
@dataclass(frozen=True)
class _SpanPlan:
    """Which elements the clip keeps, and their span coordinates as per-dimension tables.

    `values[d]` are the distinct span coordinates of dimension d that live elements use, and
    `positions[d][k]` the entry element k uses (0 for a clipped element; its flags say so).
    """

    clip_flags: np.ndarray | None       # (K,) uint8: _CLIPPED_BIT where clipped; None when nothing is
    values: tuple[np.ndarray, ...]      # per dimension: int64 span coordinates
    positions: tuple[np.ndarray, ...]   # per dimension: (K,) intp


def _clip_ends(view: TensorView, unbounded: bool) -> tuple[int, int]:
    """clipOffset + clipSpan for rows and columns: the pseudocode's uint32 sums, or the exact sums
    (`unbounded`, the profile's coopmat.clip_span_sum)."""
    mask = -1 if unbounded else UINT32_MASK
    return ((view.clip_row_offset + view.clip_row_span) & mask, (view.clip_col_offset + view.clip_col_span) & mask)


def _clip_keeps_any(m: int, n: int, view: TensorView | None, unbounded: bool) -> bool:
    if view is None:
        return True
    row_end, col_end = _clip_ends(view, unbounded)
    return (view.clip_row_offset < min(m, row_end)) and (view.clip_col_offset < min(n, col_end))


def _view_dimensions(layout_span: tuple[int, ...], view: TensorView) -> tuple[int, ...]:
    return view.dimension if view.has_dimensions else layout_span[:view.dim]


def _split(index: np.ndarray, sizes: tuple[int, ...], order: tuple[int, ...]) -> np.ndarray:
    """Mixed-radix digits of `index` (innermost first in `order`); the last digit taken wraps too."""
    digits = np.zeros((index.size, len(sizes)), np.int64)
    remaining = index.copy()
    for dim in reversed(order):
        digits[:, dim] = remaining % sizes[dim]
        remaining //= sizes[dim]
    return digits


def _uint32_dot(coords: np.ndarray, strides: tuple[int, ...]) -> np.ndarray:
    """sum(coords[:, k] * strides[k]) mod 2^32, exactly (uint64 wraps mod 2^64, a multiple of 2^32)."""
    total = (coords.astype(np.uint64) * np.array(strides, np.uint64)).sum(axis=1, dtype=np.uint64)
    return (total & np.uint64(UINT32_MASK)).astype(np.int64)


def _through_view(index: np.ndarray, span: tuple[int, ...], view: TensorView) -> np.ndarray:
    """linearToViewCoord then viewCoordToLinear: split by the permuted view dimensions, re-join by strides."""
    coords = _split(index, _view_dimensions(span, view), view.permutation)
    if view.has_dimensions:
        return _uint32_dot(coords, view.stride)
    packed = [1] * view.dim
    for k in range(view.dim - 2, -1, -1):
        packed[k] = (packed[k + 1] * span[k + 1]) & UINT32_MASK
    return _uint32_dot(coords, tuple(packed))


def _readonly(array: np.ndarray) -> np.ndarray:
    array.flags.writeable = False
    return array


@lru_cache(maxsize=SPAN_PLAN_CACHE_SIZE)
def _span_plan(m: int, n: int, span: tuple[int, ...], view: TensorView | None, unbounded_clip: bool) -> _SpanPlan:
    """matrixCoordToLinear(WithView), the view and linearToSpanCoord for every element.

    The caller has checked the divisors (spans, view dimensions) wherever an element is live.
    """
    count = m * n
    rows, cols = np.divmod(np.arange(count, dtype=np.int64), n)
    if view is None:
        live = None
        index = (rows * n + cols) & UINT32_MASK
    else:
        row_end, col_end = _clip_ends(view, unbounded_clip)
        live = ((rows >= view.clip_row_offset) & (rows < row_end)
                & (cols >= view.clip_col_offset) & (cols < col_end))
        width = min(n, view.clip_col_span)
        index = ((rows[live] - view.clip_row_offset) * width + (cols[live] - view.clip_col_offset)) & UINT32_MASK
        index = _through_view(index, span, view)
    span_coords = _split(index, span, tuple(range(len(span))))
    values, positions = [], []
    for dim, size in enumerate(span):
        used = span_coords[:, dim]
        if size <= 4 * max(count, 1):          # small span: the table is every coordinate
            table, where = np.arange(size, dtype=np.int64), used
        else:
            table, where = np.unique(used, return_inverse=True)
        if table.size == 0:                    # the view clips every element: one dummy coordinate that the
            table = np.zeros(1, np.int64)      # clipped positions point at, never accessed
        full = np.zeros(count, np.intp)
        if live is None:
            full[:] = where
        else:
            full[live] = where
        values.append(_readonly(table))
        positions.append(_readonly(full))
    clip_flags = None
    if live is not None and not live.all():
        clip_flags = _readonly(np.where(live, 0, _CLIPPED_BIT).astype(np.uint8))
    return _SpanPlan(clip_flags, tuple(values), tuple(positions))


# -- step 2: what the offsets, dimensions, clamp mode, block sizes and strides decide ---------------------
@dataclass(frozen=True)
class _DimensionTable:
    """spanCoordToTensorCoord for every distinct span coordinate of one dimension."""

    signed: np.ndarray             # int32 c = spanCoord + offset, before clamping (for messages)
    coord: np.ndarray              # the coordinate used for the block split (clamped, or uint32 in Undefined mode)
    flags: np.ndarray | None       # uint8 bits; None when every coordinate is in bounds


def _clamped(c: np.ndarray, extent: int, mode: ClampMode) -> np.ndarray:
    """The clamp modes' formulas for every coordinate (callers keep them only where out of bounds)."""
    if mode == ClampMode.ClampToEdge:
        return np.clip(c, 0, extent - 1)
    if mode == ClampMode.Repeat:
        return c % extent
    if extent == 1:                     # MirrorRepeat: 2*1-2 = 0 would divide by zero; one element mirrors to itself
        return np.zeros_like(c)
    folded = c % (2 * extent - 2)
    return np.where(folded >= extent, 2 * extent - 2 - folded, folded)


def _dimension_table(values: np.ndarray, offset: int, extent: int, mode: ClampMode) -> _DimensionTable:
    """Offset, bounds check and clamp of one dimension's distinct span coordinates."""
    signed = (values + offset) & UINT32_MASK
    signed = np.where(signed >= 1 << 31, signed - (1 << 32), signed)        # int32 c
    outside = (signed < 0) | (signed >= extent)
    if not outside.any():
        return _DimensionTable(signed, signed, None)
    if mode == ClampMode.Undefined:
        return _DimensionTable(signed, signed & UINT32_MASK,                 # C converts c to uint32 for % and /
                               np.where(outside, _UNDEFINED_BIT, 0).astype(np.uint8))
    if mode == ClampMode.Constant or extent == 0:
        return _DimensionTable(signed, np.where(outside, 0, signed),
                               np.where(outside, _TERMINATED_BIT, 0).astype(np.uint8))
    return _DimensionTable(signed, np.where(outside, _clamped(signed, extent, mode), signed),
                           np.where(outside, _CLAMPED_BIT, 0).astype(np.uint8))


def _element_flags(plan: _SpanPlan, tables: list[_DimensionTable]) -> np.ndarray | None:
    """(K,) uint8: each element's bits over all dimensions and the clip; None when all are 0."""
    flags = plan.clip_flags
    for table, positions in zip(tables, plan.positions):
        if table.flags is not None:
            gathered = table.flags[positions]
            flags = gathered if flags is None else flags | gathered
    return flags


def _report_undefined(status: np.ndarray, plan: _SpanPlan, tables: list[_DimensionTable], layout: TensorLayout,
                      n: int, strict: bool, op: str) -> None:
    """Strict mode: the row-major first Undefined-mode element out of bounds, with its first such dimension."""
    undefined = np.flatnonzero(status == ElementStatus.UNDEFINED)
    if undefined.size == 0:
        return
    element = int(undefined[0])
    for dim, (table, positions) in enumerate(zip(tables, plan.positions)):
        entry = positions[element]
        if table.flags is not None and table.flags[entry] & _UNDEFINED_BIT:
            row, col = divmod(element, n)
            rules.report_undefined_out_of_bounds(strict, row, col, dim, int(table.signed[entry]),
                                                 layout.dimension[dim], op)
            return


def _check_block_divisors(plan: _SpanPlan, tables: list[_DimensionTable], layout: TensorLayout, op: str) -> None:
    """spanCoordToTensorCoord divides by blockSize[d] for every element not terminated in dimensions 0..d."""
    going = None if plan.clip_flags is None else plan.clip_flags == 0
    for table, positions, size in zip(tables, plan.positions, layout.block_size):
        if table.flags is not None:
            alive = (table.flags[positions] & _TERMINATED_BIT) == 0
            going = alive if going is None else going & alive
        if size == 0 and (going is None or going.any()):
            rules.check_nonzero_divisor(layout.block_size, "block size", "spanCoordToTensorCoord", op)


def _effective_mode(layout: TensorLayout, store: bool) -> ClampMode:
    """Stores never clamp: any mode but Undefined discards an out-of-bounds element."""
    if store and layout.clamp_mode != ClampMode.Undefined:
        return ClampMode.Constant
    return layout.clamp_mode


def _check_operands(shape: tuple[int, int], layout: object, view: object, op: str) -> tuple[int, int]:
    if not isinstance(layout, TensorLayout):
        raise InvalidArgumentError(f"{op}: TensorLayout {layout!r} must be a TensorLayout")
    if view is not None:
        if not isinstance(view, TensorView):
            raise InvalidArgumentError(f"{op}: TensorView {view!r} must be a TensorView (or None)")
        rules.check_view_dimension_source(view.has_dimensions, view.dim, layout.dim, op)
    return rules.check_matrix_shape(shape, op)


def _all_clipped(m: int, n: int, d: int) -> ElementAddresses:
    count = m * n
    zero = np.zeros(1, np.int64)
    coordinates = _Coordinates((zero,) * d, (zero,) * d, (np.zeros(count, np.intp),) * d,
                               _readonly(np.zeros(count, bool)))
    return ElementAddresses((m, n), np.full((m, n), ElementStatus.CLIPPED, np.uint8), np.zeros((m, n), np.int64),
                            coordinates)


def tensor_element_addresses(shape: tuple[int, int], layout: TensorLayout, view: TensorView | None = None, *,
                             store: bool = False, strict: bool = True, op: str | None = None,
                             settings: CooperativeMatrixSettings | None = None) -> ElementAddresses:
    """Address every element of a `shape` matrix loaded (or stored, `store=True`) through `layout` and `view`.

    Strict mode raises UndefinedBehaviorError for the undefined cases (Undefined-mode out of bounds,
    strides against SetStride's rule, a wrapping clip range, clamping a dimension of 0); permissive
    mode computes what the pseudocode's arithmetic gives. `settings` (a profile's coopmat; None: the
    defaults) choose the clip end's arithmetic and MirrorRepeat on an innermost dimension of 1.
    """
    op = op or (STORE_OP if store else LOAD_OP)
    settings = settings if settings is not None else DEFAULT_SETTINGS
    m, n = _check_operands(shape, layout, view, op)
    rules.check_strides_ordered(strict, layout.stride, layout.dimension, layout.block_size, op)
    unbounded_clip = settings.clip_span_sum == "unbounded"
    if view is not None and not unbounded_clip:
        rules.check_clip_end_fits(strict, view.clip_row_offset, view.clip_row_span, "Row", op)
        rules.check_clip_end_fits(strict, view.clip_col_offset, view.clip_col_span, "Col", op)
    if not _clip_keeps_any(m, n, view, unbounded_clip):
        return _all_clipped(m, n, layout.dim)
    if view is not None:
        rules.check_nonzero_divisor(_view_dimensions(layout.span, view),
                                    "view dimensions" if view.has_dimensions else "layout span",
                                    "linearToViewCoord", op)
    rules.check_nonzero_divisor(layout.span, "layout span", "linearToSpanCoord", op)
    plan = _span_plan(m, n, layout.span, view, unbounded_clip)

    mode = _effective_mode(layout, store)
    tables = [_dimension_table(values, offset, extent, mode)
              for values, offset, extent in zip(plan.values, layout.offset, layout.dimension)]
    if (mode == ClampMode.MirrorRepeat and layout.dimension[-1] == 1
            and settings.mirror_repeat_unit_innermost == "index_zero"):
        tables = [_DimensionTable(t.signed, np.zeros_like(t.coord), np.full(t.coord.shape, _CLAMPED_BIT, np.uint8))
                  for t in tables]
    if mode not in (ClampMode.Undefined, ClampMode.Constant) and 0 in layout.dimension:
        rules.report_empty_clamp_dimension(strict, layout.dimension.index(0), mode, op)
    flags = _element_flags(plan, tables)
    if flags is None:                                         # every element in bounds: the common case
        status = np.zeros(m * n, np.uint8)
        accessed = None
    else:
        status = _STATUS_BY_FLAGS[flags]
        if strict and mode == ClampMode.Undefined:
            _report_undefined(status, plan, tables, layout, n, strict, op)
        accessed = _readonly(_ACCESSED_BY_STATUS[status])
    if 0 in layout.block_size:
        _check_block_divisors(plan, tables, layout, op)

    blocks, in_blocks = [], []
    index = np.zeros(m * n, np.int64)
    for table, positions, size, stride in zip(tables, plan.positions, layout.block_size, layout.stride):
        size = max(size, 1)                                   # no element divides by a 0 here (checked above)
        block, in_block = np.divmod(table.coord, size)
        contribution = ((block.astype(np.uint64) * np.uint64(stride)) & np.uint64(UINT32_MASK)).astype(np.int64)
        index += contribution[positions]
        blocks.append(block)
        in_blocks.append(in_block)
    if layout.dim > 1:
        index &= UINT32_MASK
    if accessed is not None:
        index[~accessed] = 0
    coordinates = _Coordinates(tuple(blocks), tuple(in_blocks), plan.positions, accessed)
    return ElementAddresses((m, n), status.reshape(m, n), index.reshape(m, n), coordinates)
