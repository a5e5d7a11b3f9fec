"""The Python nvgpu ops run MLIR's verifier on the types of their arguments (op_types.py).

For every verifier rule a Python call can break, the same bad input written as MLIR text and given to the Python
op fails with the same NvgpuVerifierError: same rule, same text. The rules a Python call cannot break are listed
with the reason, and the two lists together must name every rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import ml_dtypes
import numpy as np
import pytest

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.gpu import BufferMemory, GroupSharedMemory, TypedView, standalone_lanes
from dxlinalg.nvgpu import (
    device_async_copy,
    device_async_create_group,
    device_async_wait,
    ldmatrix,
    mma_sp_sync,
    mma_sync,
    op_types,
    parse,
)
from dxlinalg.nvgpu.types import (
    DEVICE_ASYNC_TOKEN,
    F16,
    INDEX,
    ParseError,
    parse_type,
)
from dxlinalg.nvgpu.verifier import NvgpuRule, NvgpuVerifierError

LANES = 32
ZERO = np.zeros(LANES, np.int64)


def lanes(shape: tuple[int, ...], dtype: object = np.float16) -> np.ndarray:
    return np.zeros((LANES, *shape), dtype)


A, B, C = lanes((4, 2)), lanes((2, 2)), lanes((2, 2), np.float32)     # m16n8k16 f16 -> f32
MMA_TYPES = "(vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>"


@dataclass
class Memories:
    """Shared and global memory of one run of lanes, and a token of it."""

    shared: GroupSharedMemory
    global_: BufferMemory

    def smem(self, dtype: object, shape: tuple[int, ...], **layout: object) -> TypedView:
        return TypedView(self.shared, np.dtype(dtype), shape, name="smem", **layout)

    def gmem(self, dtype: object, shape: tuple[int, ...], **layout: object) -> TypedView:
        return TypedView(self.global_, np.dtype(dtype), shape, name="gmem", **layout)


@dataclass(frozen=True)
class Case:
    rule: NvgpuRule
    text: str
    call: Callable[[Memories], object]


def sp(text: str) -> str:
    return text.replace("nvgpu.mma.sync", "nvgpu.mma.sp.sync").replace(") {", ") metadata (%m) {")


CASES: dict[str, Case] = {
    "mmaShape missing": Case(
        NvgpuRule.REQUIRED_ATTRIBUTE, f"%d = nvgpu.mma.sync (%a, %b, %c) : {MMA_TYPES}",
        lambda m: mma_sync(A, B, C, None)),
    "A not a vector": Case(
        NvgpuRule.OPERAND_TYPE,
        "%d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (f16, vector<2x2xf16>, vector<2x2xf32>) "
        "-> vector<2x2xf32>",
        lambda m: mma_sync(lanes(()), B, C, [16, 8, 16])),
    "A and B element types": Case(
        NvgpuRule.SAME_ELEMENT_TYPE,
        "%d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xbf16>, "
        "vector<2x2xf32>) -> vector<2x2xf32>",
        lambda m: mma_sync(A, lanes((2, 2), ml_dtypes.bfloat16), C, [16, 8, 16])),
    "mmaShape of 2": Case(
        NvgpuRule.MMA_SHAPE_LENGTH, f"%d = nvgpu.mma.sync (%a, %b, %c) {{mmaShape = [16, 8]}} : {MMA_TYPES}",
        lambda m: mma_sync(A, B, C, [16, 8])),
    "i16 operands": Case(
        NvgpuRule.MMA_DATA_TYPE,
        "%d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xi16>, vector<2x2xi16>, "
        "vector<2x2xf32>) -> vector<2x2xf32>",
        lambda m: mma_sync(lanes((4, 2), np.int16), lanes((2, 2), np.int16), C, [16, 8, 16])),
    "A of rank 1": Case(
        NvgpuRule.MMA_OPERAND_RANK,
        "%d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<8xf16>, vector<2x2xf16>, "
        "vector<2x2xf32>) -> vector<2x2xf32>",
        lambda m: mma_sync(lanes((8,)), B, C, [16, 8, 16])),
    "A too small": Case(
        NvgpuRule.MMA_WARP_ELEMENTS,
        "%d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<2x2xf16>, vector<2x2xf16>, "
        "vector<2x2xf32>) -> vector<2x2xf32>",
        lambda m: mma_sync(lanes((2, 2)), B, C, [16, 8, 16])),
    "C too small": Case(
        NvgpuRule.MMA_WARP_ELEMENTS,
        "%d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, "
        "vector<1x2xf32>) -> vector<1x2xf32>",
        lambda m: mma_sync(A, B, lanes((1, 2), np.float32), [16, 8, 16])),
    "tf32 with f16": Case(
        NvgpuRule.MMA_TF32_ONLY_F32,
        f"%d = nvgpu.mma.sync (%a, %b, %c) {{mmaShape = [16, 8, 16], tf32Enabled}} : {MMA_TYPES}",
        lambda m: mma_sync(A, B, C, [16, 8, 16], True)),
    "A transposed": Case(
        NvgpuRule.MMA_FRAGMENT_SHAPE,
        "%d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<2x4xf16>, vector<2x2xf16>, "
        "vector<2x2xf32>) -> vector<2x2xf32>",
        lambda m: mma_sync(lanes((2, 4)), B, C, [16, 8, 16])),
    "sparse f64": Case(
        NvgpuRule.SPARSE_F64,
        "%d = nvgpu.mma.sp.sync (%a, %b, %c) metadata (%m) {mmaShape = [8, 8, 4]} : (vector<1x1xf64>, "
        "vector<1x1xf64>, vector<1x2xf64>) -> vector<1x2xf64>",
        lambda m: mma_sp_sync(lanes((1, 1), np.float64), lanes((1, 1), np.float64), lanes((1, 2), np.float64),
                              lanes((2,), np.int16), [8, 8, 4])),
    "sparse B too small (the seed's example)": Case(
        NvgpuRule.MMA_WARP_ELEMENTS,
        "%d = nvgpu.mma.sp.sync (%a, %b, %c) metadata (%m) {mmaShape = [16, 8, 32]} : (vector<4x2xf16>, "
        "vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>",
        lambda m: mma_sp_sync(A, B, lanes((2, 2)), lanes((2,), np.uint16), [16, 8, 32])),
    "sparse mmaShape missing": Case(
        NvgpuRule.REQUIRED_ATTRIBUTE, sp(f"%d = nvgpu.mma.sync (%a, %b, %c) {{}} : {MMA_TYPES}"),
        lambda m: mma_sp_sync(A, B, C, lanes((2,), np.int16), None)),
    "ldmatrix from global memory": Case(
        NvgpuRule.LDMATRIX_SHARED_MEMORY,
        "%r = nvgpu.ldmatrix %g[%i, %j] {numTiles = 1 : i32, transpose = false} : memref<64x8xf16> -> "
        "vector<1x2xf16>",
        lambda m: ldmatrix(m.gmem(np.float16, (64, 8)), (ZERO, ZERO), False, 1)),
    "ldmatrix of f64": Case(
        NvgpuRule.LDMATRIX_ELEMENT_WIDTH,
        "%r = nvgpu.ldmatrix %s[%i, %j] {numTiles = 1 : i32, transpose = false} : memref<64x2xf64, 3> -> "
        "vector<1x1xf64>",
        lambda m: ldmatrix(m.smem(np.float64, (64, 2)), (ZERO, ZERO), False, 1)),
    "ldmatrix transposing i8": Case(
        NvgpuRule.LDMATRIX_TRANSPOSE_16B,
        "%r = nvgpu.ldmatrix %s[%i, %j] {numTiles = 2 : i32, transpose = true} : memref<64x16xi8, 3> -> "
        "vector<2x4xi8>",
        lambda m: ldmatrix(m.smem(np.int8, (64, 16)), (ZERO, ZERO), True, 2)),
    "ldmatrix transpose missing": Case(
        NvgpuRule.REQUIRED_ATTRIBUTE,
        "%r = nvgpu.ldmatrix %s[%i, %j] {numTiles = 4 : i32} : memref<64x8xf16, 3> -> vector<4x2xf16>",
        lambda m: ldmatrix(m.smem(np.float16, (64, 8)), (ZERO, ZERO), None, 4)),
    "ldmatrix of a vector": Case(
        NvgpuRule.OPERAND_TYPE,
        "%r = nvgpu.ldmatrix %v[%i] {numTiles = 1 : i32, transpose = false} : vector<4xf16> -> vector<1x2xf16>",
        lambda m: ldmatrix(lanes((4,)), (ZERO,), False, 1)),
    "copy from a strided source": Case(
        NvgpuRule.COPY_SOURCE_UNIT_STRIDE,
        "%t = nvgpu.device_async_copy %g[%i, %i], %s[%i], 4 : memref<8x8xf32, strided<[1, 8]>> to "
        "memref<64xf32, 3>",
        lambda m: device_async_copy(m.smem(np.float32, (64,)), ZERO, m.gmem(np.float32, (8, 8), strides=(1, 8)),
                                    (ZERO, ZERO), 4)),
    "copy into a strided destination": Case(
        NvgpuRule.COPY_DESTINATION_UNIT_STRIDE,
        "%t = nvgpu.device_async_copy %g[%i], %s[%i], 4 : memref<64xf32> to memref<32xf32, strided<[2]>, 3>",
        lambda m: device_async_copy(m.smem(np.float32, (32,), strides=(2,)), ZERO, m.gmem(np.float32, (64,)),
                                    ZERO, 4)),
    "copy into global memory": Case(
        NvgpuRule.COPY_DESTINATION_SHARED_MEMORY,
        "%t = nvgpu.device_async_copy %g[%i], %h[%i], 4 : memref<64xf32> to memref<64xf32>",
        lambda m: device_async_copy(m.gmem(np.float32, (64,)), ZERO, m.gmem(np.float32, (64,)), ZERO, 4)),
    "copy of i32 into f32": Case(
        NvgpuRule.COPY_ELEMENT_TYPE,
        "%t = nvgpu.device_async_copy %g[%i], %s[%i], 4 : memref<64xi32> to memref<64xf32, 3>",
        lambda m: device_async_copy(m.smem(np.float32, (64,)), ZERO, m.gmem(np.int32, (64,)), ZERO, 4)),
    "copy with one source index for two dimensions": Case(
        NvgpuRule.COPY_SOURCE_INDICES,
        "%t = nvgpu.device_async_copy %g[%i], %s[%i], 4 : memref<8x8xf32> to memref<64xf32, 3>",
        lambda m: device_async_copy(m.smem(np.float32, (64,)), ZERO, m.gmem(np.float32, (8, 8)), ZERO, 4)),
    "copy with two destination indices for one dimension": Case(
        NvgpuRule.COPY_DESTINATION_INDICES,
        "%t = nvgpu.device_async_copy %g[%i], %s[%i, %i], 4 : memref<64xf32> to memref<64xf32, 3>",
        lambda m: device_async_copy(m.smem(np.float32, (64,)), (ZERO, ZERO), m.gmem(np.float32, (64,)), ZERO, 4)),
    "copy of 12 bytes": Case(
        NvgpuRule.COPY_SIZE,
        "%t = nvgpu.device_async_copy %g[%i], %s[%i], 3 : memref<64xf32> to memref<64xf32, 3>",
        lambda m: device_async_copy(m.smem(np.float32, (64,)), ZERO, m.gmem(np.float32, (64,)), ZERO, 3)),
    "copy of u8 with 2 elements": Case(
        NvgpuRule.COPY_SIZE,
        "%t = nvgpu.device_async_copy %g[%i], %s[%i], 2 : memref<64xui8> to memref<64xui8, 3>",
        lambda m: device_async_copy(m.smem(np.uint8, (64,)), ZERO, m.gmem(np.uint8, (64,)), ZERO, 2)),
    "bypassL1 with 8 bytes, into an offset view": Case(
        NvgpuRule.COPY_BYPASS_L1,
        "%t = nvgpu.device_async_copy %g[%i], %s[%i, %i], 2 {bypassL1} : memref<64xf32> to "
        "memref<4x8xf32, strided<[8, 1], offset: 8>, 3>",
        lambda m: device_async_copy(m.smem(np.float32, (4, 8), offset=8), (ZERO, ZERO), m.gmem(np.float32, (64,)),
                                    ZERO, 2, bypassL1=True)),
    "copy into a vector": Case(
        NvgpuRule.OPERAND_TYPE,
        "%t = nvgpu.device_async_copy %g[%i], %v[%i], 4 : memref<64xf32> to vector<16xf32>",
        lambda m: device_async_copy(lanes((16,), np.float32), ZERO, m.gmem(np.float32, (64,)), ZERO, 4)),
}

#: Rules a Python call cannot break, and why.
NOT_FROM_PYTHON = {
    NvgpuRule.ATTRIBUTE_CONSTRAINT: "Python values become the attribute kind ODS declares (an int an i32, ...)",
    NvgpuRule.RESULT_TYPE: "the result type is derived: C's for mma, the returned vector for ldmatrix",
    NvgpuRule.LDMATRIX_RESULT_RANK: "ldmatrix's result is derived: (numTiles, 32 / bits) per lane",
    NvgpuRule.LDMATRIX_REGISTER_WIDTH: "ldmatrix's result is derived: (numTiles, 32 / bits) per lane",
    NvgpuRule.LDMATRIX_NUM_TILES: "ldmatrix's result is derived: (numTiles, 32 / bits) per lane",
    NvgpuRule.ELEMENT_BIT_WIDTH: "no numpy dtype is MLIR's index",
}
#: Rules a Python call breaks but the text cannot show the same way (tested below).
PYTHON_ONLY = {NvgpuRule.SPARSITY_SELECTOR}


def python_error(call: Callable[[Memories], object]) -> NvgpuVerifierError:
    with standalone_lanes(LANES) as ctx:
        memories = Memories(GroupSharedMemory(ctx, 4096), BufferMemory(np.zeros(4096, np.uint8)))
        with pytest.raises(NvgpuVerifierError) as caught:
            call(memories)
    return caught.value


def parser_error(text: str) -> NvgpuVerifierError:
    with pytest.raises(NvgpuVerifierError) as caught:
        parse(text)
    return caught.value


@pytest.mark.parametrize("name", CASES)
def test_the_python_op_and_the_parsed_op_fail_alike(name):
    case = CASES[name]
    from_text, from_python = parser_error(case.text), python_error(case.call)
    assert str(from_python) == str(from_text)
    assert from_python.rule is from_text.rule is case.rule
    assert from_python.operation == from_text.operation and from_python.location is None


def test_every_rule_is_either_reachable_from_python_or_listed_with_a_reason():
    reached = {case.rule for case in CASES.values()} | PYTHON_ONLY
    assert reached.isdisjoint(NOT_FROM_PYTHON)
    assert reached | set(NOT_FROM_PYTHON) == set(NvgpuRule)


# -- where text and Python differ -------------------------------------------------------------------------


def test_ptx_selectors_2_and_3_pass_the_python_op_while_mlir_takes_0_and_1():
    """PTX mma.sp defines selectors 0-3 for m16n8k16 f16; the H100 replay runs 2 and 3 through mma_sp_sync."""
    text = ("%d = nvgpu.mma.sp.sync (%a, %b, %c) metadata (%m) {mmaShape = [16, 8, 16], sparsitySelector = 2 : i32}"
            " : (vector<2x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>")
    assert str(parser_error(text)) == "'nvgpu.mma.sp.sync' op sparsity selector should be 0 or 1"
    a, b, c = lanes((2, 2)), lanes((2, 2)), lanes((2, 2))
    metadata = np.full((LANES, 2), 0x4444, np.uint16)              # every chunk's non-zeros at 0 and 1
    assert mma_sp_sync(a, b, c, metadata, [16, 8, 16], 2).shape == c.shape
    error = python_error(lambda m: mma_sp_sync(a, b, c, metadata, [16, 8, 16], 4))
    assert error.rule is NvgpuRule.SPARSITY_SELECTOR
    assert str(error) == ("'nvgpu.mma.sp.sync' op sparsity selector should be 0 or 1 (PTX mma.sp also defines 2 and "
                          "3, which the Python op takes)")


FIXED_BY_THE_ASSEMBLY = [  # (Python call, the same operand in text, the text's error, the Python op's error)
    (lambda m: mma_sp_sync(A[:, :2], B, lanes((2, 2)), lanes((2,), np.int32), [16, 8, 16]),
     ("func.func @f(%m: vector<2xi32>) {\n  %d = nvgpu.mma.sp.sync (%a, %b, %c) metadata (%m) {mmaShape = [16, 8, 16]}"
     " : (vector<2x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>\n  return\n}"),
     "use of value '%m' expects different type than prior uses: 'vector<2xi16>' vs 'vector<2xi32>'",
     ("'nvgpu.mma.sp.sync' op operand #3 must be fixed-length vector of 16-bit signless integer values of length 2, "
     "but got 'vector<2xi32>'")),
    (lambda m: device_async_create_group([3]),
     "%c = arith.constant 3 : index\n%g = nvgpu.device_async_create_group %c",
     "use of value '%c' expects different type than prior uses: '!nvgpu.device.async.token' vs 'index'",
     "'nvgpu.device_async_create_group' op operand #0 must be variadic of device async token type, but got 'index'"),
    (lambda m: device_async_wait(np.zeros(LANES, np.float32)),
     "func.func @f(%c: f32) {\n  nvgpu.device_async_wait %c\n  return\n}",
     "use of value '%c' expects different type than prior uses: '!nvgpu.device.async.token' vs 'f32'",
     "'nvgpu.device_async_wait' op operand #0 must be device async token type, but got 'f32'"),
    (lambda m: ldmatrix(m.smem(np.float16, (64, 8)), (ZERO, ZERO.astype(np.float64)), False, 1),
     ("func.func @f(%c: f64) {\n  %r = nvgpu.ldmatrix %s[%i, %c] {numTiles = 1 : i32, transpose = false} : "
     "memref<64x8xf16, 3> -> vector<1x2xf16>\n  return\n}"),
     "use of value '%c' expects different type than prior uses: 'index' vs 'f64'",
     "'nvgpu.ldmatrix' op operand #2 must be variadic of index, but got 'f64'"),
]


@pytest.mark.parametrize("call, text, text_error, python_message", FIXED_BY_THE_ASSEMBLY)
def test_operands_whose_type_the_assembly_fixes_are_parse_errors_in_text_and_verifier_errors_in_python(
        call, text, text_error, python_message):
    """MLIR's custom assembly spells these operands' types itself, so in text a wrongly typed value fails at its
    use, as in MLIR; a Python value carries its own type, so the verifier's operand rule reports it."""
    with pytest.raises(ParseError) as caught:
        parse(text)
    assert caught.value.message == text_error
    assert str(python_error(call)) == python_message


def test_a_shape_mlir_accepts_but_ptx_lacks_passes_the_verifier_and_fails_on_the_ptx_table():
    """[32, 8, 16] f16 with MLIR's fragment shapes verifies (upstream checks no PTX shape), then has no PTX mma."""
    a, b, c = lanes((8, 2)), lanes((2, 2)), lanes((4, 2))
    parse("%d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [32, 8, 16]} : (vector<8x2xf16>, vector<2x2xf16>, "
          "vector<4x2xf16>) -> vector<4x2xf16>")
    with pytest.raises(InvalidArgumentError, match=r"mmaShape \[32, 8, 16\] has no PTX mma for f16") as caught:
        mma_sync(a, b, c, [32, 8, 16])
    assert not isinstance(caught.value, NvgpuVerifierError)


# -- the types derived from Python arguments ---------------------------------------------------------------------


def derived(value: object) -> str:
    return str(op_types.type_of(op_types.signature_of(value, "value", "test"), "value", "test"))


def test_per_lane_arrays_are_vectors_of_their_per_lane_shape_and_lanes_of_scalars_are_scalars():
    assert derived(lanes((4, 2))) == "vector<4x2xf16>"
    assert derived(lanes((2, 8), ml_dtypes.int4)) == "vector<2x8xi4>"
    assert derived(lanes((4, 4), np.uint8)) == "vector<4x4xui8>"
    assert derived(lanes((), np.float64)) == "f64" and derived(np.float32(1)) == "f32"
    assert derived(3) == "index" and derived(2.5) == "f64" and derived(True) == "i1"


def test_typed_views_are_memrefs_with_their_layout_and_memory_space():
    with standalone_lanes(LANES) as ctx:
        shared = GroupSharedMemory(ctx, 4096)
        global_ = BufferMemory(np.zeros(256, np.uint8))
        assert derived(TypedView(shared, np.float16, (64, 8))) == "memref<64x8xf16, 3>"
        assert derived(TypedView(global_, np.int8, (4, 4), strides=(8, 1))) == "memref<4x4xi8, strided<[8, 1]>>"
        assert derived(TypedView(global_, np.float32, (4,), offset=2)) == "memref<4xf32, strided<[1], offset: 2>>"
        assert derived(TypedView(global_, np.float32, (4,), base=64)) == "memref<4xf32>"  # a base is no type
        assert derived(device_async_create_group([])) == str(DEVICE_ASYNC_TOKEN)
        assert parse_type(derived(TypedView(shared, np.float16, (2, 3, 8)))) == parse_type("memref<2x3x8xf16, 3>")


def test_indices_and_counts_of_any_integer_dtype_are_index():
    for value in (ZERO, ZERO.astype(np.uint16), np.int64(3), 7):
        assert op_types.type_of(op_types.index_signature(value, "i", "test"), "i", "test") == INDEX
    assert op_types.type_of(op_types.index_signature(ZERO.astype(np.float16), "i", "test"), "i", "test") == F16


@pytest.mark.parametrize("call, message", [
    (lambda m: ldmatrix(TypedView(m.shared, np.float32, (8, 8), components=2), (ZERO, ZERO), False, 1),
     "has elements of 2 float32 components; an nvgpu memref here has scalar elements"),
    (lambda m: device_async_copy(m.smem(ml_dtypes.int4, (64,)), ZERO, m.gmem(ml_dtypes.int4, (64,)), ZERO, 8),
     "holds int4 one per byte, where an MLIR memref packs them"),
    (lambda m: mma_sync(lanes((4, 2), object), B, C, [16, 8, 16]), "matrixA has dtype object, which has no MLIR"),
    (lambda m: mma_sync(A, B, C, [16, 8, "16"]), "mmaShape must be a sequence of integers"),
    (lambda m: mma_sync(A, B, C, [16, 8, 16], 1), "tf32Enabled must be a bool"),
    (lambda m: mma_sp_sync(A, B, C, lanes((2,), np.int16), [16, 8, 32], 0.0), "sparsitySelector must be an integer"),
    (lambda m: ldmatrix(m.smem(np.float16, (64, 8)), (ZERO, ZERO), False, True), "numTiles must be an integer"),
    (lambda m: ldmatrix(m.smem(np.float16, (64, 8)), (ZERO, ZERO), False, -2), ("the result vector<numTiles x 2 x "
                                                                                "f16> needs numTiles >= 1")),
    (lambda m: ldmatrix(m.smem(np.float16, (64, 8)), (ZERO, ZERO), False, 1 << 40), "out of range"),
    (lambda m: device_async_copy(m.smem(np.float32, (64,)), ZERO, m.gmem(np.float32, (64,)), ZERO, 4.0),
     "dstElements must be an integer"),
    (lambda m: device_async_wait(device_async_create_group([]), numGroups="1"), "numGroups must be an integer"),
    (lambda m: device_async_create_group([object()]), r"inputTokens\[0\] is a object, which has no MLIR type"),
])
def test_python_arguments_without_an_mlir_type_or_attribute_are_invalid_arguments(call, message):
    with standalone_lanes(LANES) as ctx:
        memories = Memories(GroupSharedMemory(ctx, 4096), BufferMemory(np.zeros(4096, np.uint8)))
        with pytest.raises(InvalidArgumentError, match=message) as caught:
            call(memories)
    assert not isinstance(caught.value, NvgpuVerifierError)


# -- the cache ---------------------------------------------------------------------------------------------------


def test_verification_runs_once_per_signature_whatever_the_lane_values():
    rng = np.random.default_rng(7)
    a, b = rng.standard_normal((64, 4, 2)).astype(np.float16), rng.standard_normal((64, 2, 2)).astype(np.float16)
    c = np.zeros((64, 2, 2), np.float32)
    op_types.CACHES[0].cache_clear()
    mma_sync(a, b, c, [16, 8, 16])
    mma_sync(-a, 2 * b, c + 1, (16, 8, 16))
    mma_sync(a[:32], b[:32], c[:32], np.array([16, 8, 16]))         # another lane count: the same types
    info = op_types.CACHES[0].cache_info()
    assert (info.misses, info.hits) == (1, 2)
    mma_sync(a, b, c.astype(np.float16), [16, 8, 16])
    assert op_types.CACHES[0].cache_info().misses == 2


def test_a_failed_verification_is_not_cached_as_a_pass():
    for _ in range(2):
        with pytest.raises(NvgpuVerifierError):
            mma_sync(lanes((2, 4)), B, C, [16, 8, 16])
