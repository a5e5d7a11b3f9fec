"""Tensor layouts: immutable values and the operations of SPV_NV_tensor_addressing on them.

A layout says how a tensor of 1..5 dimensions lies in memory (dimension, stride, block size) and
which region of it a load or store touches (offset, span), with a clamp mode (part of the type)
and a clamp value. Every operation returns a modified copy, as the SPIR-V instructions do, so
the order of calls matters: SetDimension resets offsets and derives strides from the block size.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from dxlinalg.coopmat import tensor_rules as rules
from dxlinalg.coopmat.tensor_enums import UINT32_MASK, ClampMode
from dxlinalg.errors import InvalidArgumentError

TYPE_OP = "OpTypeTensorLayoutNV"
CREATE_OP = "OpCreateTensorLayoutNV"
SET_DIMENSION_OP = "OpTensorLayoutSetDimensionNV"
SET_STRIDE_OP = "OpTensorLayoutSetStrideNV"
SLICE_OP = "OpTensorLayoutSliceNV"
SET_CLAMP_VALUE_OP = "OpTensorLayoutSetClampValueNV"
SET_BLOCK_SIZE_OP = "OpTensorLayoutSetBlockSizeNV"


@dataclass(frozen=True)
class TensorLayoutType:
    """`tensorLayoutNV<Dim, ClampMode>`: the number of dimensions and the clamp mode are the type."""

    dim: int
    clamp_mode: ClampMode = ClampMode.Undefined

    def __post_init__(self) -> None:
        object.__setattr__(self, "dim", rules.check_dimension_count(self.dim, "Dim", TYPE_OP))
        object.__setattr__(self, "clamp_mode", rules.check_clamp_mode(self.clamp_mode, TYPE_OP))

    def __str__(self) -> str:
        return f"tensorLayoutNV<{self.dim}, {self.clamp_mode.name}>"


@dataclass(frozen=True)
class TensorLayout:
    """A tensor layout's state (seed 000 section 3.X): one entry per dimension, dimension 0 outermost."""

    type: TensorLayoutType
    block_size: tuple[int, ...]
    dimension: tuple[int, ...]      # layoutDimension
    stride: tuple[int, ...]
    offset: tuple[int, ...]         # int32
    span: tuple[int, ...]
    clamp_value: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.type, TensorLayoutType):
            raise InvalidArgumentError(f"TensorLayout: type {self.type!r} must be a TensorLayoutType")
        dim = self.type.dim
        for name in ("block_size", "dimension", "stride", "span"):
            values = tuple(getattr(self, name))
            rules.check_operand_count(values, dim, name, "TensorLayout")
            object.__setattr__(self, name, tuple(rules.as_uint32(v, name, "TensorLayout") for v in values))
        offsets = tuple(self.offset)
        rules.check_operand_count(offsets, dim, "offset", "TensorLayout")
        object.__setattr__(self, "offset", tuple(rules.as_int32(v, "offset", "TensorLayout") for v in offsets))
        object.__setattr__(self, "clamp_value", rules.as_uint32(self.clamp_value, "clamp_value", "TensorLayout"))

    @property
    def dim(self) -> int:
        return self.type.dim

    @property
    def clamp_mode(self) -> ClampMode:
        return self.type.clamp_mode


def create_tensor_layout(layout_type: TensorLayoutType) -> TensorLayout:
    """OpCreateTensorLayoutNV: dimension, stride, span and offset 0; block size 1; clamp value 0."""
    if not isinstance(layout_type, TensorLayoutType):
        raise InvalidArgumentError(
            f"{CREATE_OP}: 'Result Type' {layout_type!r} must be an OpTypeTensorLayoutNV (a TensorLayoutType)")
    zeros = (0,) * layout_type.dim
    return TensorLayout(layout_type, (1,) * layout_type.dim, zeros, zeros, zeros, zeros, 0)


def _uint32s(values: Sequence[object], dim: int, operand: str, op: str) -> tuple[int, ...]:
    values = tuple(values)
    rules.check_operand_count(values, dim, operand, op)
    return tuple(rules.as_uint32(v, f"{operand}{i}", op) for i, v in enumerate(values))


def _check_layout(layout: object, op: str) -> TensorLayout:
    if not isinstance(layout, TensorLayout):
        raise InvalidArgumentError(f"{op}: 'TensorLayout' {layout!r} must be a tensor layout (a TensorLayout)")
    return layout


def tensor_layout_set_block_size(layout: TensorLayout, block_size: Sequence[object],
                                 op: str = SET_BLOCK_SIZE_OP) -> TensorLayout:
    """Set blockSize only; strides are then in blocks. Call it before SetDimension, which derives strides."""
    layout = _check_layout(layout, op)
    return dataclasses.replace(layout, block_size=_uint32s(block_size, layout.dim, "BlockSize", op))


def derived_strides(dimension: Sequence[int], block_size: Sequence[int], op: str) -> tuple[int, ...]:
    """stride[D-1] = 1, stride[i] = stride[i+1] * ceil(dimension[i+1] / blockSize[i+1]) in uint32."""
    rules.check_nonzero_divisor(block_size, "block size", "ceiling(Dim<i+1> / blockSize[i+1])", op)
    strides = [1] * len(dimension)
    for i in range(len(dimension) - 2, -1, -1):
        blocks = -(-dimension[i + 1] // block_size[i + 1])
        strides[i] = (strides[i + 1] * blocks) & UINT32_MASK
    return tuple(strides)


def tensor_layout_set_dimension(layout: TensorLayout, dimension: Sequence[object],
                                op: str = SET_DIMENSION_OP) -> TensorLayout:
    """layoutDimension = span = Dim, offset = 0 (earlier slices are undone), strides derived."""
    layout = _check_layout(layout, op)
    dims = _uint32s(dimension, layout.dim, "Dim", op)
    return dataclasses.replace(layout, dimension=dims, span=dims, offset=(0,) * layout.dim,
                               stride=derived_strides(dims, layout.block_size, op))


def tensor_layout_set_stride(layout: TensorLayout, stride: Sequence[object],
                             op: str = SET_STRIDE_OP) -> TensorLayout:
    """Set stride only. Its ordering rule is checked where the layout is used (tensor_rules)."""
    layout = _check_layout(layout, op)
    return dataclasses.replace(layout, stride=_uint32s(stride, layout.dim, "Stride", op))


def tensor_layout_slice(layout: TensorLayout, offset: Sequence[object], span: Sequence[object],
                        op: str = SLICE_OP) -> TensorLayout:
    """offset[i] += Offset<i> (slices accumulate, in int32), span[i] = Span<i> (replaced)."""
    layout = _check_layout(layout, op)
    offsets = tuple(offset)
    rules.check_operand_count(offsets, layout.dim, "Offset", op)
    added = tuple(rules.as_int32(v, f"Offset{i}", op) for i, v in enumerate(offsets))
    spans = _uint32s(span, layout.dim, "Span", op)
    summed = tuple(rules.wrap_int32(a + b) for a, b in zip(layout.offset, added))
    return dataclasses.replace(layout, offset=summed, span=spans)


def tensor_layout_set_clamp_value(layout: TensorLayout, value: object,
                                  op: str = SET_CLAMP_VALUE_OP) -> TensorLayout:
    """clampValue = Value: a Constant-mode out-of-bounds load returns its low bits as the element."""
    layout = _check_layout(layout, op)
    return dataclasses.replace(layout, clamp_value=rules.as_uint32(value, "Value", op))
