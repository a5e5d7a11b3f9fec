"""GL_NV_cooperative_matrix2's tensor layout and view builtins, under their GLSL names.

Thin: each builtin is the SPIR-V instruction it maps to (the extension's "Mapping to SPIR-V"),
with GLSL's argument order and defaults, and names itself in error messages. Like GLSL, every
call returns a modified copy: `t = setTensorLayoutDimensionNV(t, rows, cols)`.
"""

from __future__ import annotations

from dxlinalg.coopmat import tensor_rules as rules
from dxlinalg.coopmat.tensor_enums import ClampMode
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

gl_CooperativeMatrixClampModeUndefinedNV = int(ClampMode.Undefined)
gl_CooperativeMatrixClampModeConstantNV = int(ClampMode.Constant)
gl_CooperativeMatrixClampModeClampToEdgeNV = int(ClampMode.ClampToEdge)
gl_CooperativeMatrixClampModeRepeatNV = int(ClampMode.Repeat)
gl_CooperativeMatrixClampModeMirrorRepeatNV = int(ClampMode.MirrorRepeat)


def createTensorLayoutNV(Dim: int, Mode: int = gl_CooperativeMatrixClampModeUndefinedNV) -> TensorLayout:
    """tensorLayoutNV<Dim, Mode>: dimension, stride, span, offset 0; block size 1; clamp value 0."""
    op = "createTensorLayoutNV"
    return create_tensor_layout(TensorLayoutType(rules.check_dimension_count(Dim, "Dim", op),
                                                 rules.check_clamp_mode(Mode, op)))


def setTensorLayoutBlockSizeNV(t: TensorLayout, *blockSize: int) -> TensorLayout:
    """Set the block size (before setTensorLayoutDimensionNV, which derives strides from it)."""
    return tensor_layout_set_block_size(t, blockSize, "setTensorLayoutBlockSizeNV")


def setTensorLayoutDimensionNV(t: TensorLayout, *dim: int) -> TensorLayout:
    """Dimensions and span = dim, offsets 0, strides derived (innermost 1)."""
    return tensor_layout_set_dimension(t, dim, "setTensorLayoutDimensionNV")


def setTensorLayoutStrideNV(t: TensorLayout, *s: int) -> TensorLayout:
    """Set the strides (in elements, or in blocks when the block size is not 1)."""
    return tensor_layout_set_stride(t, s, "setTensorLayoutStrideNV")


def sliceTensorLayoutNV(t: TensorLayout, *offsetsAndSpans: int) -> TensorLayout:
    """sliceTensorLayoutNV(t, offset0, span0, ..., offsetN-1, spanN-1): offsets add, spans replace."""
    op = "sliceTensorLayoutNV"
    if not isinstance(t, TensorLayout):
        raise InvalidArgumentError(f"{op}: t {t!r} must be a tensor layout (a TensorLayout)")
    if len(offsetsAndSpans) != 2 * t.dim:
        raise InvalidArgumentError(
            f"{op}: {len(offsetsAndSpans)} offset/span arguments given, tensorLayoutNV<{t.dim}> takes {2 * t.dim} "
            f"(an offset and a span per dimension)")
    return tensor_layout_slice(t, offsetsAndSpans[0::2], offsetsAndSpans[1::2], op)


def setTensorLayoutClampValueNV(t: TensorLayout, value: int) -> TensorLayout:
    """Constant-mode out-of-bounds loads return the bit pattern in the low bits of `value`."""
    return tensor_layout_set_clamp_value(t, value, "setTensorLayoutClampValueNV")


def createTensorViewNV(Dim: int, hasDimensions: bool = False, *p: int) -> TensorView:
    """tensorViewNV<Dim, hasDimensions, p...>: p<i> defaults to i; clip spans 0xFFFFFFFF."""
    op = "createTensorViewNV"
    count = rules.check_dimension_count(Dim, "Dim", op)
    permutation = rules.check_permutation(tuple(p) + tuple(range(len(p), count)), count, op)
    return create_tensor_view(TensorViewType(count, rules.check_has_dimensions(hasDimensions, op), permutation))


def setTensorViewDimensionsNV(v: TensorView, *dim: int) -> TensorView:
    """viewDimension = dim and viewStride the packed strides of those dimensions."""
    return tensor_view_set_dimension(v, dim, "setTensorViewDimensionsNV")


def setTensorViewStrideNV(v: TensorView, *s: int) -> TensorView:
    """Set the view's strides."""
    return tensor_view_set_stride(v, s, "setTensorViewStrideNV")


def setTensorViewClipNV(v: TensorView, clipRowOffset: int, clipRowSpan: int, clipColOffset: int,
                        clipColSpan: int) -> TensorView:
    """Only matrix rows [clipRowOffset, +clipRowSpan) and columns likewise are loaded or stored."""
    return tensor_view_set_clip(v, clipRowOffset, clipRowSpan, clipColOffset, clipColSpan, "setTensorViewClipNV")
