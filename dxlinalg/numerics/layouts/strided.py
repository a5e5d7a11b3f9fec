"""Row-major and column-major matrices in memory: addresses, sizes, strides, decode and encode.

Sizes follow the rule the spec examples and slang-rhi use: (rows-1)*stride + one tight row
for row-major (columns for column-major), so an 8x8 FP16 matrix with stride 32 takes 240 bytes.
"""

from __future__ import annotations

import numpy as np
from numpy.lib.stride_tricks import as_strided

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.codecs import element_dtype
from dxlinalg.numerics.component_types import ComponentType, MatrixLayout, type_info


def _require_strided(layout: MatrixLayout) -> None:
    if layout not in (MatrixLayout.RowMajor, MatrixLayout.ColumnMajor):
        raise InvalidArgumentError(f"layout {layout.name} is not row- or column-major")


def _require_shape(rows: int, cols: int) -> None:
    if rows < 1 or cols < 1:
        raise InvalidArgumentError(f"matrix shape {rows} x {cols} must have at least one row and column")


def vector_count_and_length(rows: int, cols: int, layout: MatrixLayout) -> tuple[int, int]:
    """(number of stored rows/columns, elements in each) for a strided layout."""
    _require_strided(layout)
    return (rows, cols) if layout == MatrixLayout.RowMajor else (cols, rows)


def tight_stride(rows: int, cols: int, component_type: ComponentType, layout: MatrixLayout) -> int:
    """Bytes in one row (row-major) or one column (column-major) with no padding."""
    _, length = vector_count_and_length(rows, cols, layout)
    return length * type_info(component_type).size_bytes


def minimum_size(rows: int, cols: int, component_type: ComponentType, layout: MatrixLayout,
                 stride: int) -> int:
    """Bytes a strided matrix spans: (count-1)*stride + one tight row/column.

    A negative stride is refused here, below every surface: the byte views built on this size would
    reach before the matrix's first byte, outside the buffer."""
    _require_shape(rows, cols)
    if stride < 0:
        raise InvalidArgumentError(f"stride {stride} must not be negative")
    count, _ = vector_count_and_length(rows, cols, layout)
    return (count - 1) * stride + tight_stride(rows, cols, component_type, layout)


def check_stride(rows: int, cols: int, component_type: ComponentType, layout: MatrixLayout,
                 stride: int, *, argument: str, multiple_of: int, rule: str) -> None:
    """Stride must cover one row/column and be a multiple of `multiple_of` bytes."""
    tight = tight_stride(rows, cols, component_type, layout)
    what = "row" if layout == MatrixLayout.RowMajor else "column"
    if stride < tight:
        raise InvalidArgumentError(
            f"{argument} = {stride} is smaller than one {what} of {component_type.name} "
            f"({tight} bytes for a {rows} x {cols} {layout.name} matrix) ({rule})")
    if stride % multiple_of:
        raise InvalidArgumentError(
            f"{argument} = {stride} must be a multiple of {multiple_of} bytes ({rule})")


def element_offset(row: int | np.ndarray, col: int | np.ndarray, component_type: ComponentType,
                   layout: MatrixLayout, stride: int) -> int | np.ndarray:
    """Byte offset of element (row, col) from the matrix start."""
    size = type_info(component_type).size_bytes
    if layout == MatrixLayout.RowMajor:
        return row * stride + col * size
    _require_strided(layout)
    return col * stride + row * size


def _strided_view(elements: np.ndarray, rows: int, cols: int, layout: MatrixLayout,
                  stride: int, writeable: bool) -> np.ndarray:
    """A (rows, cols) view with byte strides, over unsigned words of the element size.

    as_strided goes through the array interface, which cannot spell ml_dtypes' FP8 dtypes,
    so the view is taken over same-sized unsigned integers and callers view it back.
    """
    itemsize = elements.itemsize
    words = elements.view(np.dtype(f"u{itemsize}"))
    strides = (stride, itemsize) if layout == MatrixLayout.RowMajor else (itemsize, stride)
    return as_strided(words, shape=(rows, cols), strides=strides, writeable=writeable)


def _element_span(raw: np.ndarray, rows: int, cols: int, component_type: ComponentType,
                  layout: MatrixLayout, stride: int) -> np.ndarray:
    dtype = element_dtype(component_type)
    need = minimum_size(rows, cols, component_type, layout, stride)
    if raw.size < need:
        raise InvalidArgumentError(
            f"a {rows} x {cols} {component_type.name} {layout.name} matrix with stride {stride} spans "
            f"{need} bytes but only {raw.size} are given")
    if stride % dtype.itemsize:
        raise InvalidArgumentError(
            f"stride {stride} must be a multiple of the {component_type.name} element size {dtype.itemsize}")
    return raw[:need].view(dtype)


def decode_strided(raw: np.ndarray, rows: int, cols: int, component_type: ComponentType,
                   layout: MatrixLayout, stride: int) -> np.ndarray:
    """Bytes -> (rows, cols) elements of `component_type` (a fresh, contiguous array)."""
    _require_strided(layout)
    span = _element_span(np.asarray(raw, dtype=np.uint8), rows, cols, component_type, layout, stride)
    view = _strided_view(span, rows, cols, layout, stride, writeable=False)
    return np.ascontiguousarray(view).view(span.dtype)


def encode_strided(matrix: np.ndarray, out: np.ndarray, component_type: ComponentType,
                   layout: MatrixLayout, stride: int) -> None:
    """Write a (rows, cols) element matrix into the bytes `out`; bytes between rows are untouched."""
    _require_strided(layout)
    rows, cols = matrix.shape
    span = _element_span(out, rows, cols, component_type, layout, stride)
    if matrix.dtype != span.dtype:
        raise InvalidArgumentError(
            f"matrix dtype {matrix.dtype} does not hold {component_type.name} elements ({span.dtype})")
    words = _strided_view(span, rows, cols, layout, stride, writeable=True)
    words[...] = np.ascontiguousarray(matrix).view(words.dtype)
