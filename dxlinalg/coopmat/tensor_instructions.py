"""The SPV_NV_tensor_addressing instructions in SPIR-V's operand order, for an executor to dispatch.

Each function takes the instruction's Result Type first (a TensorLayoutType / TensorViewType built
by the type instructions) and then its operands as 32-bit values (bit patterns: -1 and 0xFFFFFFFF
are the same operand; offsets are read as int32), checks the instruction's rules and returns the
new immutable value. `INSTRUCTIONS` maps each opcode to its function.
"""

from __future__ import annotations

from collections.abc import Callable

from dxlinalg.coopmat import tensor_rules as rules
from dxlinalg.coopmat.tensor_enums import Opcode
from dxlinalg.coopmat.tensor_layout import (
    TensorLayout,
    TensorLayoutType,
    create_tensor_layout,
    tensor_layout_set_block_size,
    tensor_layout_set_clamp_value,
    tensor_layout_set_dimension,
    tensor_layout_set_stride,
    tensor_layout_slice,
)
from dxlinalg.coopmat.tensor_view import (
    TensorView,
    TensorViewType,
    create_tensor_view,
    tensor_view_set_clip,
    tensor_view_set_dimension,
    tensor_view_set_stride,
)
from dxlinalg.errors import InvalidArgumentError


def _bits(values: tuple[object, ...], operand: str, op: Opcode) -> list[int]:
    return [rules.operand_bits(v, f"{operand}{i}", op.name) for i, v in enumerate(values)]


def _layout_operand(result_type: TensorLayoutType, layout: object, op: Opcode) -> TensorLayout:
    if not isinstance(layout, TensorLayout):
        raise InvalidArgumentError(f"{op.name}: 'TensorLayout' {layout!r} must be a tensor layout (a TensorLayout)")
    rules.check_result_type(layout.type, result_type, "TensorLayout", op.name)
    return layout


def _view_operand(result_type: TensorViewType, view: object, op: Opcode) -> TensorView:
    if not isinstance(view, TensorView):
        raise InvalidArgumentError(f"{op.name}: 'TensorView' {view!r} must be a tensor view (a TensorView)")
    rules.check_result_type(view.type, result_type, "TensorView", op.name)
    return view


def op_type_tensor_layout(dim: object, clamp_mode: object) -> TensorLayoutType:
    """OpTypeTensorLayoutNV (5370): Dim 1..5, a Tensor Clamp Mode."""
    return TensorLayoutType(rules.check_dimension_count(dim, "Dim", Opcode.OpTypeTensorLayoutNV.name),
                            rules.check_clamp_mode(clamp_mode, Opcode.OpTypeTensorLayoutNV.name))


def op_type_tensor_view(dim: object, has_dimensions: object, *permutation: object) -> TensorViewType:
    """OpTypeTensorViewNV (5371): Dim 1..5, HasDimensions, and p0..p<Dim-1> (all required in SPIR-V)."""
    op = Opcode.OpTypeTensorViewNV.name
    count = rules.check_dimension_count(dim, "Dim", op)
    return TensorViewType(count, rules.check_has_dimensions(has_dimensions, op),
                          rules.check_permutation(permutation, count, op))


def op_create_tensor_layout(result_type: TensorLayoutType) -> TensorLayout:
    """OpCreateTensorLayoutNV (5372)."""
    return create_tensor_layout(result_type)


def op_tensor_layout_set_dimension(result_type: TensorLayoutType, tensor_layout: TensorLayout,
                                   *dims: object) -> TensorLayout:
    """OpTensorLayoutSetDimensionNV (5373): Dim0..Dim<LDim-1>."""
    op = Opcode.OpTensorLayoutSetDimensionNV
    layout = _layout_operand(result_type, tensor_layout, op)
    return tensor_layout_set_dimension(layout, _bits(dims, "Dim", op), op.name)


def op_tensor_layout_set_stride(result_type: TensorLayoutType, tensor_layout: TensorLayout,
                                *strides: object) -> TensorLayout:
    """OpTensorLayoutSetStrideNV (5374): Stride0..Stride<LDim-1>."""
    op = Opcode.OpTensorLayoutSetStrideNV
    layout = _layout_operand(result_type, tensor_layout, op)
    return tensor_layout_set_stride(layout, _bits(strides, "Stride", op), op.name)


def op_tensor_layout_slice(result_type: TensorLayoutType, tensor_layout: TensorLayout,
                           *offsets_and_spans: object) -> TensorLayout:
    """OpTensorLayoutSliceNV (5375): Offset0, Span0, ..., Offset<LDim-1>, Span<LDim-1>."""
    op = Opcode.OpTensorLayoutSliceNV
    layout = _layout_operand(result_type, tensor_layout, op)
    if len(offsets_and_spans) != 2 * layout.dim:
        raise InvalidArgumentError(
            f"{op.name}: {len(offsets_and_spans)} Offset/Span operands given, the type has {layout.dim} dimensions "
            f"({rules.TENSOR_ADDRESSING}: the number of Offset and Span operands must each match the dimension "
            f"of 'Result Type')")
    words = _bits(offsets_and_spans, "operand", op)
    return tensor_layout_slice(layout, [rules.wrap_int32(w) for w in words[0::2]], words[1::2], op.name)


def op_tensor_layout_set_clamp_value(result_type: TensorLayoutType, tensor_layout: TensorLayout,
                                     value: object) -> TensorLayout:
    """OpTensorLayoutSetClampValueNV (5376): Value."""
    op = Opcode.OpTensorLayoutSetClampValueNV
    layout = _layout_operand(result_type, tensor_layout, op)
    return tensor_layout_set_clamp_value(layout, rules.operand_bits(value, "Value", op.name), op.name)


def op_tensor_layout_set_block_size(result_type: TensorLayoutType, tensor_layout: TensorLayout,
                                    *block_size: object) -> TensorLayout:
    """OpTensorLayoutSetBlockSizeNV (5384): BlockSize0..BlockSize<LDim-1>."""
    op = Opcode.OpTensorLayoutSetBlockSizeNV
    layout = _layout_operand(result_type, tensor_layout, op)
    return tensor_layout_set_block_size(layout, _bits(block_size, "BlockSize", op), op.name)


def op_create_tensor_view(result_type: TensorViewType) -> TensorView:
    """OpCreateTensorViewNV (5377)."""
    return create_tensor_view(result_type)


def op_tensor_view_set_dimension(result_type: TensorViewType, tensor_view: TensorView, *dims: object) -> TensorView:
    """OpTensorViewSetDimensionNV (5378): Dim0..Dim<VDim-1>."""
    op = Opcode.OpTensorViewSetDimensionNV
    view = _view_operand(result_type, tensor_view, op)
    return tensor_view_set_dimension(view, _bits(dims, "Dim", op), op.name)


def op_tensor_view_set_stride(result_type: TensorViewType, tensor_view: TensorView, *strides: object) -> TensorView:
    """OpTensorViewSetStrideNV (5379): Stride0..Stride<VDim-1>."""
    op = Opcode.OpTensorViewSetStrideNV
    view = _view_operand(result_type, tensor_view, op)
    return tensor_view_set_stride(view, _bits(strides, "Stride", op), op.name)


def op_tensor_view_set_clip(result_type: TensorViewType, tensor_view: TensorView, clip_row_offset: object,
                            clip_row_span: object, clip_col_offset: object, clip_col_span: object) -> TensorView:
    """OpTensorViewSetClipNV (5382): ClipRowOffset, ClipRowSpan, ClipColOffset, ClipColSpan."""
    op = Opcode.OpTensorViewSetClipNV
    view = _view_operand(result_type, tensor_view, op)
    clip = _bits((clip_row_offset, clip_row_span, clip_col_offset, clip_col_span), "Clip", op)
    return tensor_view_set_clip(view, *clip, op=op.name)


INSTRUCTIONS: dict[Opcode, Callable[..., object]] = {
    Opcode.OpTypeTensorLayoutNV: op_type_tensor_layout,
    Opcode.OpTypeTensorViewNV: op_type_tensor_view,
    Opcode.OpCreateTensorLayoutNV: op_create_tensor_layout,
    Opcode.OpTensorLayoutSetDimensionNV: op_tensor_layout_set_dimension,
    Opcode.OpTensorLayoutSetStrideNV: op_tensor_layout_set_stride,
    Opcode.OpTensorLayoutSliceNV: op_tensor_layout_slice,
    Opcode.OpTensorLayoutSetClampValueNV: op_tensor_layout_set_clamp_value,
    Opcode.OpTensorLayoutSetBlockSizeNV: op_tensor_layout_set_block_size,
    Opcode.OpCreateTensorViewNV: op_create_tensor_view,
    Opcode.OpTensorViewSetDimensionNV: op_tensor_view_set_dimension,
    Opcode.OpTensorViewSetStrideNV: op_tensor_view_set_stride,
    Opcode.OpTensorViewSetClipNV: op_tensor_view_set_clip,
}
