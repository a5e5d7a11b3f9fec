"""MLIR's builtin types as nvgpu uses them: reading their text, MLIR's printed form, strides, memory spaces."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.nvgpu.types import (
    BF16,
    DEVICE_ASYNC_TOKEN,
    F16,
    F32,
    I4,
    I8,
    I32,
    INDEX,
    TF32,
    AffineMapLayout,
    GpuAddressSpace,
    IntegerAttr,
    IntegerMemorySpace,
    MemRefType,
    ParseError,
    ScalarType,
    StridedLayout,
    UnrankedMemRefType,
    VectorType,
    element_type_of,
    is_shared_memory_space,
    parse_type,
)


@pytest.mark.parametrize("text", [
    "vector<4x2xf16>", "vector<2x2xf32>", "vector<1x1xf64>", "vector<4x8xi4>", "vector<2xi16>", "vector<f16>",
    "memref<128x128xf16, 3>", "memref<?x?xf16, 3>", "memref<16xf32>", "memref<f32>",
    "memref<4x32x16xf16, #gpu.address_space<workgroup>>", "memref<4x5xf32, strided<[5, 1], offset: ?>, 3>",
    "memref<4x5xf32, strided<[?, 1]>>", "memref<200x100xf32, affine_map<(d0, d1) -> (d0 * 200 + d1 * 2)>, 3>",
    "memref<*xf32, 3>", "!nvgpu.device.async.token", "bf16", "tf32", "index", "i4", "ui8", "si32",
    "f8E4M3FN", "memref<2x7x5xf32, 3>",
])
def test_types_print_back_as_mlir_prints_them(text):
    assert str(parse_type(text)) == text


def test_vector_and_memref_fields():
    assert parse_type("vector<4x2xf16>") == VectorType((4, 2), F16)
    memref = parse_type("memref<?x128xf16, 3>")
    assert memref == MemRefType((None, 128), F16, None, IntegerMemorySpace(3))
    assert memref.rank == 2 and parse_type("!nvgpu.device.async.token") is DEVICE_ASYNC_TOKEN
    assert parse_type("memref<*xi8>") == UnrankedMemRefType(I8)


def test_whitespace_and_comments_inside_types_are_allowed():
    assert parse_type("vector< 4 x 2 x f16 >") == VectorType((4, 2), F16)
    assert parse_type("memref<16xf32, // shared\n 3>") == MemRefType((16,), F32, None, IntegerMemorySpace(3))


def test_canonical_forms_drop_the_identity_layout_and_memory_space_zero():
    assert str(parse_type("memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>>")) == "memref<4x4xf32>"
    assert parse_type("memref<4xf32, 0>") == parse_type("memref<4xf32>")
    assert str(parse_type("memref<4xf32, #gpu.address_space<global>>")) == "memref<4xf32, #gpu.address_space<global>>"


def test_affine_maps_print_with_constants_on_the_right():
    """MLIR folds `200*d0` to `d0 * 200`; the bypassL1 message quotes the memref type in that form."""
    memref = parse_type("memref<200x100xf32, affine_map<(i, j) -> (200*i + 2*j)>>")
    assert str(memref) == "memref<200x100xf32, affine_map<(d0, d1) -> (d0 * 200 + d1 * 2)>>"
    assert str(parse_type("memref<4xf32, affine_map<(d0)[s0] -> (d0 - s0 - 2)>>")) == (
        "memref<4xf32, affine_map<(d0)[s0] -> (d0 - s0 - 2)>>")
    assert str(parse_type("memref<4xf32, affine_map<(d0) -> ((d0 + 1) * 4)>>")) == (
        "memref<4xf32, affine_map<(d0) -> ((d0 + 1) * 4)>>")


@pytest.mark.parametrize("text, strides, offset", [
    ("memref<4x5x6xf32>", (30, 6, 1), 0),
    ("memref<?x5x?xf32>", (None, None, 1), 0),
    ("memref<f32>", (), 0),
    ("memref<4x5xf32, strided<[10, 2], offset: 7>>", (10, 2), 7),
    ("memref<200x100xf32, affine_map<(d0, d1) -> (200*d0 + 2*d1)>>", (200, 2), 0),
    ("memref<4x5xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1 + 3)>>", (None, 1), 3),
    ("memref<4x5xf32, affine_map<(d0, d1)[s0] -> (d0 * 5 + d1 + s0)>>", (5, 1), None),
    ("memref<4x5xf32, affine_map<(d0, d1) -> (d1 * 4 + d0)>>", (1, 4), 0),
])
def test_strides_and_offset_follow_getStridesAndOffset(text, strides, offset):
    assert parse_type(text).strides_and_offset() == (strides, offset)


@pytest.mark.parametrize("text, unit", [
    ("memref<16x16xf32>", True), ("memref<f32>", True), ("memref<?x?xf16, 3>", True),
    ("memref<4x5xf32, strided<[5, ?]>>", False), ("memref<4x5xf32, strided<[1, 4]>>", False),
    ("memref<200x100xf32, affine_map<(d0, d1) -> (200*d0 + 2*d1)>>", False),
    ("memref<4x5xf32, affine_map<(d0, d1) -> (d0 * 5 + d1 mod 5)>>", False),  # not strided
    ("memref<4x5xf32, affine_map<(d0, d1) -> (d1, d0)>>", False),  # two results: not strided
    ("memref<4x5xf32, affine_map<(d0, d1) -> (d0 * d1)>>", False),
])
def test_the_innermost_stride_is_one_only_for_strided_layouts_that_say_so(text, unit):
    assert parse_type(text).last_dim_has_unit_stride() is unit


@pytest.mark.parametrize("space, shared", [
    (IntegerMemorySpace(3), True), (IntegerMemorySpace(3, I32), True), (IntegerMemorySpace(2), False),
    (GpuAddressSpace("workgroup"), True), (GpuAddressSpace("global"), False), (GpuAddressSpace("private"), False),
    (None, False),
])
def test_shared_memory_is_integer_3_or_the_gpu_workgroup_space(space, shared):
    assert is_shared_memory_space(space) is shared


def test_typed_integer_memory_space():
    memref = parse_type("memref<4xf32, 3 : i32>")
    assert memref.memory_space == IntegerMemorySpace(3, I32) and str(memref) == "memref<4xf32, 3 : i32>"


def test_element_types_know_their_widths_and_integer_signedness_is_ignored_by_is_integer():
    assert (F16.bit_width, BF16.bit_width, TF32.bit_width, I4.bit_width, INDEX.bit_width) == (16, 16, 19, 4, None)
    assert ScalarType("ui8").is_integer(8) and ScalarType("si8").is_integer(8) and not F16.is_integer()
    assert not ScalarType("ui8").is_signless_integer and I8.is_signless_integer


def test_numpy_dtypes_map_to_mlir_element_types():
    assert element_type_of(np.float16) == F16 and element_type_of(ml_dtypes.bfloat16) == BF16
    assert element_type_of(np.int8) == I8 and element_type_of(np.uint8) == ScalarType("ui8")
    assert element_type_of(ml_dtypes.int4) == I4
    with pytest.raises(InvalidArgumentError, match="has no MLIR element type"):
        element_type_of(np.complex64)
    with pytest.raises(InvalidArgumentError, match="not a numpy dtype"):
        element_type_of("no-such-dtype")


@pytest.mark.parametrize("text, message, column", [
    ("vector<4x?xf16>", "vector dimensions must be static", 10),
    ("vector<0x2xf16>", "positive constant sizes", 8),
    ("vector<[4]xf16>", "scalable vectors", 8),
    ("vector<4x2xf17>", "unknown or unsupported type 'f17'", 12),
    ("vector<4x2xf16", "expected '>' to close the vector type", 15),
    ("memref<4xf32, 3, 4>", "expected '>' to close the memref type", 16),
    ("memref<4xf32, #gpu.address_space<shared>>", "address space must be one of global, workgroup, private", 15),
    ("memref<4xf32, #foo.bar>", "unsupported memory space '#foo.bar'", 15),
    ("memref<4x5xf32, strided<[1]>>", "expected the number of strides to match the rank", 1),
    ("memref<4xf32, affine_map<(d0, d1) -> (d0)>>", "mismatch between rank and affine map: 1 != 2", 1),
    ("memref<4xf32, affine_map<(d0) -> (d1)>>", "expected an affine expression", 35),
    ("memref<4xvector<4xf32>>", "unsupported memref element type 'vector<4xf32>'", 10),
    ("memref<4xf32, 3 : f32>", "needs an integer type", 19),
    ("!nvgpu.mbarrier.group", "unsupported type '!nvgpu.mbarrier.group'", 1),
    ("i0", "unknown or unsupported type 'i0'", 1),
    ("vector<4xf16> x", "unexpected text after the type", 15),
])
def test_malformed_types_are_parse_errors_with_the_column(text, message, column):
    with pytest.raises(ParseError, match=message.replace("(", r"\(").replace("[", r"\[")) as caught:
        parse_type(text)
    assert caught.value.location is not None and (caught.value.location.line, caught.value.location.column) == (
        1, column)
    assert str(caught.value).startswith(f"1:{column}: ")


def test_deeply_nested_input_is_rejected_not_recursed_into():
    with pytest.raises(ParseError, match="nesting deeper than"):
        parse_type("memref<4xf32, affine_map<(d0) -> (" + "(" * 200 + "d0" + ")" * 200 + ")>>")


def test_types_validate_their_fields():
    with pytest.raises(InvalidArgumentError, match="positive constant sizes"):
        VectorType((4, 0), F16)
    with pytest.raises(InvalidArgumentError, match="must be a ScalarType"):
        VectorType((4,), "f16")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="non-negative integers or None"):
        MemRefType((-1,), F16)
    with pytest.raises(InvalidArgumentError, match="out of range"):
        IntegerAttr(1 << 32, I32)
    with pytest.raises(InvalidArgumentError, match="must be an int"):
        IntegerAttr(True, I32)
    with pytest.raises(InvalidArgumentError, match="not an MLIR element type"):
        ScalarType("float16")
    with pytest.raises(InvalidArgumentError, match="expected the text of an MLIR type"):
        parse_type(16)  # type: ignore[arg-type]
    assert StridedLayout((5, 1)) == StridedLayout((5, 1), 0)
    assert AffineMapLayout(1, 0, (("dim", 0),)).is_identity()
