"""Tensor views: immutable values and the operations of SPV_NV_tensor_addressing on them.

A view reinterprets the region a layout selects: its own dimensions and strides (when the type
says hasDimensions; otherwise the layout's span is used), a permutation of those dimensions
(part of the type), and a clip rectangle of the matrix outside which nothing is loaded or stored.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field

from dxlinalg.coopmat import tensor_rules as rules
from dxlinalg.coopmat.tensor_enums import CLIP_SPAN_ALL, UINT32_MASK
from dxlinalg.errors import InvalidArgumentError

TYPE_OP = "OpTypeTensorViewNV"
CREATE_OP = "OpCreateTensorViewNV"
SET_DIMENSION_OP = "OpTensorViewSetDimensionNV"
SET_STRIDE_OP = "OpTensorViewSetStrideNV"
SET_CLIP_OP = "OpTensorViewSetClipNV"


@dataclass(frozen=True)
class TensorViewType:
    """`tensorViewNV<Dim, hasDimensions, p0, ..., p<Dim-1>>`; the permutation defaults to the identity."""

    dim: int
    has_dimensions: bool = False
    permutation: tuple[int, ...] = field(default=())

    def __post_init__(self) -> None:
        dim = rules.check_dimension_count(self.dim, "Dim", TYPE_OP)
        object.__setattr__(self, "dim", dim)
        object.__setattr__(self, "has_dimensions", rules.check_has_dimensions(self.has_dimensions, TYPE_OP))
        permutation = tuple(self.permutation) or tuple(range(dim))
        object.__setattr__(self, "permutation", rules.check_permutation(permutation, dim, TYPE_OP))

    def __str__(self) -> str:
        flags = ", ".join(str(p) for p in self.permutation)
        return f"tensorViewNV<{self.dim}, {str(self.has_dimensions).lower()}, {flags}>"


@dataclass(frozen=True)
class TensorView:
    """A tensor view's state (seed 000 section 3.X)."""

    type: TensorViewType
    dimension: tuple[int, ...]      # viewDimension
    stride: tuple[int, ...]         # viewStride
    clip_row_offset: int = 0
    clip_row_span: int = CLIP_SPAN_ALL
    clip_col_offset: int = 0
    clip_col_span: int = CLIP_SPAN_ALL

    def __post_init__(self) -> None:
        if not isinstance(self.type, TensorViewType):
            raise InvalidArgumentError(f"TensorView: type {self.type!r} must be a TensorViewType")
        for name in ("dimension", "stride"):
            values = tuple(getattr(self, name))
            rules.check_operand_count(values, self.type.dim, name, "TensorView")
            object.__setattr__(self, name, tuple(rules.as_uint32(v, name, "TensorView") for v in values))
        for name in ("clip_row_offset", "clip_row_span", "clip_col_offset", "clip_col_span"):
            object.__setattr__(self, name, rules.as_uint32(getattr(self, name), name, "TensorView"))

    @property
    def dim(self) -> int:
        return self.type.dim

    @property
    def has_dimensions(self) -> bool:
        return self.type.has_dimensions

    @property
    def permutation(self) -> tuple[int, ...]:
        return self.type.permutation


def create_tensor_view(view_type: TensorViewType) -> TensorView:
    """OpCreateTensorViewNV: viewDimension and viewStride 0, clip offsets 0, clip spans 0xFFFFFFFF."""
    if not isinstance(view_type, TensorViewType):
        raise InvalidArgumentError(
            f"{CREATE_OP}: 'Result Type' {view_type!r} must be an OpTypeTensorViewNV (a TensorViewType)")
    zeros = (0,) * view_type.dim
    return TensorView(view_type, zeros, zeros)


def _check_view(view: object, op: str) -> TensorView:
    if not isinstance(view, TensorView):
        raise InvalidArgumentError(f"{op}: 'TensorView' {view!r} must be a tensor view (a TensorView)")
    return view


def _uint32s(values: Sequence[object], dim: int, operand: str, op: str) -> tuple[int, ...]:
    values = tuple(values)
    rules.check_operand_count(values, dim, operand, op)
    return tuple(rules.as_uint32(v, f"{operand}{i}", op) for i, v in enumerate(values))


def tensor_view_set_dimension(view: TensorView, dimension: Sequence[object],
                              op: str = SET_DIMENSION_OP) -> TensorView:
    """viewDimension = Dim; viewStride[V-1] = 1 and viewStride[i] = Dim<i+1> * ... * Dim<V-1> (uint32)."""
    view = _check_view(view, op)
    dims = _uint32s(dimension, view.dim, "Dim", op)
    strides = [1] * view.dim
    for i in range(view.dim - 2, -1, -1):
        strides[i] = (strides[i + 1] * dims[i + 1]) & UINT32_MASK
    return dataclasses.replace(view, dimension=dims, stride=tuple(strides))


def tensor_view_set_stride(view: TensorView, stride: Sequence[object], op: str = SET_STRIDE_OP) -> TensorView:
    """viewStride = Stride (no ordering rule: a stride of 0 broadcasts)."""
    view = _check_view(view, op)
    return dataclasses.replace(view, stride=_uint32s(stride, view.dim, "Stride", op))


def tensor_view_set_clip(view: TensorView, clip_row_offset: object, clip_row_span: object, clip_col_offset: object,
                         clip_col_span: object, op: str = SET_CLIP_OP) -> TensorView:
    """Set the four clip values: only rows [offset, offset+span) and columns likewise are accessed."""
    view = _check_view(view, op)
    return dataclasses.replace(
        view,
        clip_row_offset=rules.as_uint32(clip_row_offset, "ClipRowOffset", op),
        clip_row_span=rules.as_uint32(clip_row_span, "ClipRowSpan", op),
        clip_col_offset=rules.as_uint32(clip_col_offset, "ClipColOffset", op),
        clip_col_span=rules.as_uint32(clip_col_span, "ClipColSpan", op))
