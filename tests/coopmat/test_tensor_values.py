"""Tensor layout and view values: the seeds' defaults, what each operation sets, and every operand rule."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from dxlinalg.coopmat import (
    ClampMode,
    Opcode,
    TensorLayoutType,
    TensorViewType,
    createTensorLayoutNV,
    createTensorViewNV,
    gl_CooperativeMatrixClampModeMirrorRepeatNV,
    setTensorLayoutBlockSizeNV,
    setTensorLayoutClampValueNV,
    setTensorLayoutDimensionNV,
    setTensorLayoutStrideNV,
    setTensorViewClipNV,
    setTensorViewDimensionsNV,
    setTensorViewStrideNV,
    sliceTensorLayoutNV,
)
from dxlinalg.coopmat import tensor_instructions as spv
from dxlinalg.coopmat.tensor_enums import Capability, TensorAddressingOperands
from dxlinalg.coopmat.tensor_layout import TensorLayout, create_tensor_layout
from dxlinalg.coopmat.tensor_view import TensorView, create_tensor_view
from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError


# -- numbers ------------------------------------------------------------------------------------------
def test_opcodes_capabilities_and_enumerants_have_the_grammar_numbers() -> None:
    assert [int(o) for o in (Opcode.OpTypeTensorLayoutNV, Opcode.OpTypeTensorViewNV, Opcode.OpCreateTensorLayoutNV,
                             Opcode.OpTensorLayoutSetDimensionNV, Opcode.OpTensorLayoutSetStrideNV,
                             Opcode.OpTensorLayoutSliceNV, Opcode.OpTensorLayoutSetClampValueNV,
                             Opcode.OpCreateTensorViewNV, Opcode.OpTensorViewSetDimensionNV,
                             Opcode.OpTensorViewSetStrideNV, Opcode.OpTensorViewSetClipNV,
                             Opcode.OpTensorLayoutSetBlockSizeNV)] == [*range(5370, 5380), 5382, 5384]
    assert (Opcode.OpCooperativeMatrixLoadTensorNV, Opcode.OpCooperativeMatrixStoreTensorNV) == (5367, 5368)
    assert [int(m) for m in ClampMode] == [0, 1, 2, 3, 4]
    assert gl_CooperativeMatrixClampModeMirrorRepeatNV == ClampMode.MirrorRepeat == 4
    assert (TensorAddressingOperands.TensorView, TensorAddressingOperands.DecodeFunc) == (1, 2)
    assert (Capability.TensorAddressingNV, Capability.CooperativeMatrixTensorAddressingNV,
            Capability.CooperativeMatrixBlockLoadsNV) == (5439, 5433, 5434)


def test_every_layout_and_view_instruction_has_an_executor_function() -> None:
    layout_view_ops = {o for o in Opcode if o not in (Opcode.OpCooperativeMatrixLoadTensorNV,
                                                      Opcode.OpCooperativeMatrixStoreTensorNV)}
    assert set(spv.INSTRUCTIONS) == layout_view_ops


# -- layout defaults and operations ---------------------------------------------------------------
def test_new_layout_has_block_size_1_and_everything_else_0() -> None:
    t = createTensorLayoutNV(3, ClampMode.Constant)
    assert (t.block_size, t.dimension, t.stride, t.offset, t.span, t.clamp_value) == (
        (1, 1, 1), (0, 0, 0), (0, 0, 0), (0, 0, 0), (0, 0, 0), 0)
    assert t.type == TensorLayoutType(3, ClampMode.Constant)
    assert createTensorLayoutNV(1).clamp_mode == ClampMode.Undefined


def test_set_dimension_sets_span_resets_offsets_and_packs_strides() -> None:
    t = sliceTensorLayoutNV(setTensorLayoutDimensionNV(createTensorLayoutNV(3), 4, 5, 6), 1, 2, 1, 2, 1, 2)
    t = setTensorLayoutDimensionNV(t, 7, 8, 9)
    assert (t.dimension, t.span, t.offset, t.stride) == ((7, 8, 9), (7, 8, 9), (0, 0, 0), (72, 9, 1))


def test_set_dimension_derives_strides_in_blocks_from_the_block_size_set_before() -> None:
    t = setTensorLayoutBlockSizeNV(createTensorLayoutNV(3), 1, 2, 4)
    t = setTensorLayoutDimensionNV(t, 5, 7, 10)
    assert t.stride == (4 * 3, 3, 1)           # ceil(10/4) = 3 blocks per row, ceil(7/2) = 4 rows of blocks
    late = setTensorLayoutBlockSizeNV(setTensorLayoutDimensionNV(createTensorLayoutNV(3), 5, 7, 10), 1, 2, 4)
    assert late.stride == (70, 10, 1)          # block size set after the dimensions: strides stay in elements


def test_slices_add_offsets_and_replace_spans() -> None:
    t = setTensorLayoutDimensionNV(createTensorLayoutNV(2), 100, 100)
    t = sliceTensorLayoutNV(t, 10, 50, -3, 40)
    t = sliceTensorLayoutNV(t, 5, 8, -4, 9)
    assert (t.offset, t.span, t.dimension) == ((15, -7), (8, 9), (100, 100))


def test_slice_offsets_wrap_as_int32() -> None:
    t = sliceTensorLayoutNV(createTensorLayoutNV(1), 2**31 - 1, 1)
    assert sliceTensorLayoutNV(t, 1, 1).offset == (-(2**31),)


def test_set_stride_block_size_and_clamp_value_change_only_themselves() -> None:
    base = setTensorLayoutDimensionNV(createTensorLayoutNV(2), 3, 4)
    assert setTensorLayoutStrideNV(base, 9, 2) == dataclasses.replace(base, stride=(9, 2))
    assert setTensorLayoutBlockSizeNV(base, 2, 2) == dataclasses.replace(base, block_size=(2, 2))
    assert setTensorLayoutClampValueNV(base, 0x3800) == dataclasses.replace(base, clamp_value=0x3800)


def test_layout_operations_return_copies() -> None:
    t = createTensorLayoutNV(2)
    setTensorLayoutDimensionNV(t, 3, 4)
    assert t.dimension == (0, 0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        t.span = (1, 1)  # type: ignore[misc]


# -- view defaults and operations ------------------------------------------------------------------
def test_new_view_clips_nothing_and_has_zero_dimensions_and_strides() -> None:
    v = createTensorViewNV(3)
    assert (v.dimension, v.stride, v.permutation, v.has_dimensions) == ((0, 0, 0), (0, 0, 0), (0, 1, 2), False)
    assert (v.clip_row_offset, v.clip_row_span, v.clip_col_offset, v.clip_col_span) == (0, 0xFFFFFFFF, 0, 0xFFFFFFFF)


def test_view_permutation_arguments_default_position_by_position() -> None:
    assert createTensorViewNV(3, True, 0).permutation == (0, 1, 2)
    assert createTensorViewNV(5, True, 0, 2, 1, 3, 4).permutation == (0, 2, 1, 3, 4)


def test_view_dimensions_set_packed_strides_and_stride_and_clip_set_themselves() -> None:
    v = setTensorViewDimensionsNV(createTensorViewNV(4, True), 2, 3, 4, 5)
    assert (v.dimension, v.stride) == ((2, 3, 4, 5), (60, 20, 5, 1))
    assert setTensorViewStrideNV(v, 0, 1, 0, 1).stride == (0, 1, 0, 1)
    clipped = setTensorViewClipNV(v, 1, 2, 3, 4)
    assert (clipped.clip_row_offset, clipped.clip_row_span, clipped.clip_col_offset, clipped.clip_col_span) == (
        1, 2, 3, 4)
    assert clipped.dimension == v.dimension


# -- SPIR-V operand order ---------------------------------------------------------------------------
def test_spirv_instructions_take_the_result_type_and_32_bit_operands() -> None:
    ty = spv.op_type_tensor_layout(2, 1)
    t = spv.op_create_tensor_layout(ty)
    t = spv.op_tensor_layout_set_dimension(ty, t, 10, 20)
    t = spv.op_tensor_layout_slice(ty, t, 0xFFFF_FFFF, 4, -2, 5)    # offsets: 0xFFFFFFFF is -1
    t = spv.op_tensor_layout_set_clamp_value(ty, t, -1)             # the bits of -1
    t = spv.op_tensor_layout_set_stride(ty, t, 21, 1)
    t = spv.op_tensor_layout_set_block_size(ty, t, 1, 1)
    assert (t.offset, t.span, t.clamp_value, t.stride) == ((-1, -2), (4, 5), 0xFFFF_FFFF, (21, 1))
    vty = spv.op_type_tensor_view(2, True, 1, 0)
    v = spv.op_tensor_view_set_dimension(vty, spv.op_create_tensor_view(vty), 4, 5)
    v = spv.op_tensor_view_set_stride(vty, v, 1, 4)
    v = spv.op_tensor_view_set_clip(vty, v, 0, 2, 1, 3)
    assert (v.stride, v.permutation, v.clip_col_offset) == ((1, 4), (1, 0), 1)


def test_spirv_instructions_reject_an_operand_of_another_type() -> None:
    ty2, ty3 = spv.op_type_tensor_layout(2, 0), spv.op_type_tensor_layout(3, 0)
    with pytest.raises(InvalidArgumentError, match="type of 'TensorLayout'.*must be 'Result Type'"):
        spv.op_tensor_layout_set_dimension(ty3, spv.op_create_tensor_layout(ty2), 1, 2, 3)
    clamped = spv.op_type_tensor_layout(2, 2)
    with pytest.raises(InvalidArgumentError, match="must be 'Result Type'"):
        spv.op_tensor_layout_set_stride(clamped, spv.op_create_tensor_layout(ty2), 1, 1)
    v1, v2 = spv.op_type_tensor_view(2, False, 0, 1), spv.op_type_tensor_view(2, False, 1, 0)
    with pytest.raises(InvalidArgumentError, match="type of 'TensorView'"):
        spv.op_tensor_view_set_clip(v2, spv.op_create_tensor_view(v1), 0, 1, 0, 1)
    with pytest.raises(InvalidArgumentError, match="must be a tensor layout"):
        spv.op_tensor_layout_set_clamp_value(ty2, "layout", 0)
    with pytest.raises(InvalidArgumentError, match="must be a tensor view"):
        spv.op_tensor_view_set_stride(v1, None, 0, 1)
    with pytest.raises(InvalidArgumentError, match="must be an OpTypeTensorLayoutNV"):
        spv.op_create_tensor_layout(v1)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="must be an OpTypeTensorViewNV"):
        spv.op_create_tensor_view(ty2)  # type: ignore[arg-type]


# -- operand rules -----------------------------------------------------------------------------------
@pytest.mark.parametrize("dim", [0, 6, -1])
def test_dimension_counts_outside_1_to_5_are_rejected(dim: int) -> None:
    with pytest.raises(InvalidArgumentError, match="greater than zero and at most 5"):
        createTensorLayoutNV(dim)
    with pytest.raises(InvalidArgumentError, match="greater than zero and at most 5"):
        createTensorViewNV(dim)
    with pytest.raises(InvalidArgumentError, match="'Dim'"):
        spv.op_type_tensor_view(dim, False)


def test_unknown_clamp_modes_are_rejected() -> None:
    with pytest.raises(InvalidArgumentError, match="ClampMode = 5 is not a Tensor Clamp Mode"):
        createTensorLayoutNV(2, 5)
    with pytest.raises(InvalidArgumentError, match="not a Tensor Clamp Mode"):
        spv.op_type_tensor_layout(2, -1)


@pytest.mark.parametrize("permutation", [(0, 0), (1, 2), (0,), (0, 1, 2)])
def test_permutations_must_permute_0_to_dim(permutation: tuple[int, ...]) -> None:
    with pytest.raises(InvalidArgumentError, match="must be a permutation of \\[0, 2\\)"):
        spv.op_type_tensor_view(2, False, *permutation)
    if len(permutation) == 2:
        with pytest.raises(InvalidArgumentError, match="permutation"):
            createTensorViewNV(2, False, *permutation)


def test_has_dimensions_must_be_a_boolean() -> None:
    with pytest.raises(InvalidArgumentError, match="HasDimensions = 1 must be a boolean"):
        createTensorViewNV(2, 1)  # type: ignore[arg-type]


@pytest.mark.parametrize("call, operand", [
    (lambda t, v: setTensorLayoutDimensionNV(t, 1, 2, 3), "Dim"),
    (lambda t, v: setTensorLayoutStrideNV(t, 1), "Stride"),
    (lambda t, v: setTensorLayoutBlockSizeNV(t, 1, 1, 1), "BlockSize"),
    (lambda t, v: setTensorViewDimensionsNV(v, 1), "Dim"),
    (lambda t, v: setTensorViewStrideNV(v, 1, 2, 3), "Stride"),
    (lambda t, v: spv.op_tensor_layout_slice(t.type, t, 0, 1, 0), "Offset/Span"),
])
def test_operand_counts_must_match_the_dimension_count(call, operand: str) -> None:
    t, v = createTensorLayoutNV(2), createTensorViewNV(2, True)
    with pytest.raises(InvalidArgumentError, match=f"{operand} operands given, the type has 2 dimensions"):
        call(t, v)


def test_glsl_slice_needs_an_offset_and_a_span_per_dimension() -> None:
    with pytest.raises(InvalidArgumentError, match="sliceTensorLayoutNV: 3 offset/span arguments given"):
        sliceTensorLayoutNV(createTensorLayoutNV(2), 0, 1, 0)


@pytest.mark.parametrize("call, message", [
    (lambda t, v: setTensorLayoutDimensionNV(t, -1, 2), "Dim0 = -1 is outside uint32"),
    (lambda t, v: setTensorLayoutStrideNV(t, 1, 2**32), "Stride1 = 4294967296 is outside uint32"),
    (lambda t, v: sliceTensorLayoutNV(t, 2**31, 1, 0, 1), "Offset0 = 2147483648 is outside int32"),
    (lambda t, v: sliceTensorLayoutNV(t, 0, -1, 0, 1), "Span0 = -1 is outside uint32"),
    (lambda t, v: setTensorLayoutClampValueNV(t, 1.5), "Value = 1.5 must be an integer"),
    (lambda t, v: setTensorLayoutBlockSizeNV(t, True, 1), "BlockSize0 = True must be an integer"),
    (lambda t, v: setTensorViewClipNV(v, 0, 1, -2, 1), "ClipColOffset = -2 is outside uint32"),
    (lambda t, v: spv.op_tensor_layout_set_dimension(t.type, t, 2**32, 1), "does not fit in 32 bits"),
])
def test_operands_must_be_32_bit_integers(call, message: str) -> None:
    t, v = createTensorLayoutNV(2), createTensorViewNV(2, True)
    with pytest.raises(InvalidArgumentError, match=message):
        call(t, v)


def test_numpy_integers_are_operands_too() -> None:
    t = setTensorLayoutDimensionNV(createTensorLayoutNV(2), np.uint32(3), np.int64(4))
    assert t.dimension == (3, 4) and all(type(d) is int for d in t.dimension)


def test_operations_reject_values_that_are_not_layouts_or_views() -> None:
    with pytest.raises(InvalidArgumentError, match="setTensorLayoutDimensionNV: 'TensorLayout'"):
        setTensorLayoutDimensionNV(createTensorViewNV(2), 1, 2)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="setTensorViewClipNV: 'TensorView'"):
        setTensorViewClipNV(createTensorLayoutNV(2), 0, 1, 0, 1)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="sliceTensorLayoutNV: t"):
        sliceTensorLayoutNV(None, 0, 1)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="must be an OpTypeTensorLayoutNV \\(a TensorLayoutType\\)"):
        create_tensor_layout(TensorViewType(2))  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="must be an OpTypeTensorViewNV \\(a TensorViewType\\)"):
        create_tensor_view(TensorLayoutType(2))  # type: ignore[arg-type]


def test_values_built_directly_are_validated_too() -> None:
    with pytest.raises(InvalidArgumentError, match="1 span operands given, the type has 2"):
        TensorLayout(TensorLayoutType(2), (1, 1), (1, 1), (1, 1), (0, 0), (1,))
    with pytest.raises(InvalidArgumentError, match="offset = -2147483649 is outside int32"):
        TensorLayout(TensorLayoutType(1), (1,), (1,), (1,), (-(2**31) - 1,), (1,))
    with pytest.raises(InvalidArgumentError, match="clip_row_span = 4294967296"):
        TensorView(TensorViewType(1), (1,), (1,), clip_row_span=2**32)


def test_block_size_0_cannot_derive_strides() -> None:
    t = setTensorLayoutBlockSizeNV(createTensorLayoutNV(2), 1, 0)
    with pytest.raises(UndefinedBehaviorError, match="block size \\[1, 0\\] has a 0"):
        setTensorLayoutDimensionNV(t, 4, 4)
