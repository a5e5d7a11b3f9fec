"""Every rule of MLIR's nvgpu verifier, with MLIR's message, and the order MLIR checks them in.

The messages are upstream's (llvm-project NVGPUDialect.cpp and the ODS-generated checks of NVGPUOps.td);
`emitOpError` ones carry the `'nvgpu.<op>' op ` prefix, `emitError` ones do not.
"""

from __future__ import annotations

import pytest

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.nvgpu.types import (
    I1,
    I32,
    I64,
    INDEX,
    ArrayAttr,
    IntegerAttr,
    Location,
    StringAttr,
    UnitAttr,
    parse_type,
)
from dxlinalg.nvgpu.verifier import (
    NvgpuRule,
    NvgpuVerifierError,
    verify_device_async_copy,
    verify_device_async_create_group,
    verify_device_async_wait,
    verify_ldmatrix,
    verify_mma_sp_sync,
    verify_mma_sync,
)

TOKEN = "!nvgpu.device.async.token"


def rejects(rule: NvgpuRule, message: str, check, *args, **kwargs) -> NvgpuVerifierError:
    with pytest.raises(NvgpuVerifierError) as caught:
        check(*args, **kwargs)
    assert str(caught.value) == message
    assert caught.value.rule is rule
    return caught.value


# -- mma.sync / mma.sp.sync: what passes ---------------------------------------------------------------------

VALID_MMA = [  # (A, B, C, mmaShape, tf32Enabled): the per-lane shapes of every PTX shape nvgpu lowers
    ("vector<4x2xf16>", "vector<2x2xf16>", "vector<2x2xf16>", [16, 8, 16], False),
    ("vector<4x2xf16>", "vector<2x2xf16>", "vector<2x2xf32>", [16, 8, 16], False),
    ("vector<2x2xf16>", "vector<1x2xf16>", "vector<2x2xf32>", [16, 8, 8], False),
    ("vector<4x2xbf16>", "vector<2x2xbf16>", "vector<2x2xf32>", [16, 8, 16], False),
    ("vector<2x1xf32>", "vector<1x1xf32>", "vector<2x2xf32>", [16, 8, 4], True),
    ("vector<4x1xf32>", "vector<2x1xf32>", "vector<2x2xf32>", [16, 8, 8], True),
    ("vector<4x1xf32>", "vector<2x1xf32>", "vector<2x2xf32>", [16, 8, 8], False),  # tf32Enabled is not required
    ("vector<4x4xi8>", "vector<2x4xi8>", "vector<2x2xi32>", [16, 8, 32], False),
    ("vector<2x4xi8>", "vector<1x4xi8>", "vector<2x2xi32>", [16, 8, 16], False),
    ("vector<4x4xui8>", "vector<2x4xui8>", "vector<2x2xi32>", [16, 8, 32], False),
    ("vector<4x8xi4>", "vector<2x8xi4>", "vector<2x2xi32>", [16, 8, 64], False),
    ("vector<2x8xi4>", "vector<1x8xi4>", "vector<2x2xi32>", [16, 8, 32], False),
    ("vector<1x1xf64>", "vector<1x1xf64>", "vector<1x2xf64>", [8, 8, 4], False),
    ("vector<8x2xf16>", "vector<2x2xf16>", "vector<4x2xf16>", [32, 8, 16], False),  # nvgpu does not check PTX shapes
]


@pytest.mark.parametrize("a, b, c, shape, tf32", VALID_MMA)
def test_the_fragment_shapes_nvgpu_lowers_pass(a, b, c, shape, tf32):
    verify_mma_sync(a, b, c, shape, tf32)


@pytest.mark.parametrize("a, b, c, shape, selector", [
    ("vector<4x2xf16>", "vector<4x2xf16>", "vector<2x2xf16>", [16, 8, 32], 0),
    ("vector<2x2xf16>", "vector<2x2xf16>", "vector<2x2xf16>", [16, 8, 16], 1),
    ("vector<4x4xi8>", "vector<4x4xi8>", "vector<2x2xi32>", [16, 8, 64], 1),  # PTX: selector must be 0 here
    ("vector<2x1xf32>", "vector<2x1xf32>", "vector<2x2xf32>", [16, 8, 8], 0),
])
def test_the_sparse_shapes_of_upstream_tests_pass(a, b, c, shape, selector):
    verify_mma_sp_sync(a, b, c, shape, selector)


def test_neither_the_accumulator_element_type_nor_the_result_is_checked_against_c():
    verify_mma_sync("vector<4x2xf16>", "vector<2x2xf16>", "vector<2x2xi8>", [16, 8, 16],
                    result="vector<7x3xf64>")


# -- mma.sync / mma.sp.sync: each rule ----------------------------------------------------------------------------

MMA = ("vector<4x2xf16>", "vector<2x2xf16>", "vector<2x2xf16>")


def test_mma_shape_is_required():
    rejects(NvgpuRule.REQUIRED_ATTRIBUTE, "'nvgpu.mma.sync' op requires attribute 'mmaShape'",
            verify_mma_sync, *MMA, None)
    rejects(NvgpuRule.REQUIRED_ATTRIBUTE, "'nvgpu.mma.sp.sync' op requires attribute 'mmaShape'",
            verify_mma_sp_sync, *MMA, None)


def test_mma_attribute_constraints():
    i32_shape = ArrayAttr((IntegerAttr(16, I32), IntegerAttr(8, I64), IntegerAttr(16, I64)))
    rejects(NvgpuRule.ATTRIBUTE_CONSTRAINT, "'nvgpu.mma.sync' op attribute 'mmaShape' failed to satisfy "
            "constraint: 64-bit integer array attribute", verify_mma_sync, *MMA, i32_shape)
    rejects(NvgpuRule.ATTRIBUTE_CONSTRAINT, "'nvgpu.mma.sync' op attribute 'mmaShape' failed to satisfy "
            "constraint: 64-bit integer array attribute", verify_mma_sync, *MMA, StringAttr("16x8x16"))
    rejects(NvgpuRule.ATTRIBUTE_CONSTRAINT, "'nvgpu.mma.sync' op attribute 'tf32Enabled' failed to satisfy "
            "constraint: unit attribute", verify_mma_sync, *MMA, [16, 8, 16], IntegerAttr(1, I1))
    rejects(NvgpuRule.ATTRIBUTE_CONSTRAINT, "'nvgpu.mma.sp.sync' op attribute 'sparsitySelector' failed to "
            "satisfy constraint: 32-bit signless integer attribute",
            verify_mma_sp_sync, *MMA, [16, 8, 32], IntegerAttr(0, I64))


def test_mma_operands_and_result_must_be_vectors_of_non_zero_rank():
    rejects(NvgpuRule.OPERAND_TYPE, "'nvgpu.mma.sync' op operand #1 must be vector of any type values, but got "
            "'memref<2x2xf16>'", verify_mma_sync, MMA[0], "memref<2x2xf16>", MMA[2], [16, 8, 16])
    rejects(NvgpuRule.OPERAND_TYPE, "'nvgpu.mma.sync' op operand #2 must be vector of any type values, but got "
            "'vector<f16>'", verify_mma_sync, MMA[0], MMA[1], "vector<f16>", [16, 8, 16])
    rejects(NvgpuRule.RESULT_TYPE, "'nvgpu.mma.sync' op result #0 must be vector of any type values, but got 'f16'",
            verify_mma_sync, *MMA, [16, 8, 16], result="f16")


def test_sparse_metadata_must_be_vector_of_two_i16():
    rejects(NvgpuRule.OPERAND_TYPE, "'nvgpu.mma.sp.sync' op operand #3 must be fixed-length vector of 16-bit "
            "signless integer values of length 2, but got 'vector<4xi16>'",
            verify_mma_sp_sync, "vector<4x2xf16>", "vector<4x2xf16>", "vector<2x2xf16>", [16, 8, 32],
            sparse_metadata="vector<4xi16>")


def test_a_and_b_must_share_an_element_type():
    rejects(NvgpuRule.SAME_ELEMENT_TYPE, "'nvgpu.mma.sync' op failed to verify that matrixA and matrixB have same "
            "element type", verify_mma_sync, "vector<4x4xi32>", "vector<2x4xi8>", "vector<2x2xi32>", [16, 8, 32])


def test_sparsity_selector_is_0_or_1_read_as_unsigned():
    for selector in (2, 42, IntegerAttr(-1, I32)):
        rejects(NvgpuRule.SPARSITY_SELECTOR, "'nvgpu.mma.sp.sync' op sparsity selector should be 0 or 1",
                verify_mma_sp_sync, "vector<2x2xf16>", "vector<2x2xf16>", "vector<2x2xf16>", [16, 8, 16], selector)


def test_mma_shape_has_three_elements():
    for shape in ([16, 8], [16, 8, 16, 1], []):
        rejects(NvgpuRule.MMA_SHAPE_LENGTH, "'nvgpu.mma.sync' op mmaShape must have exactly 3 elements",
                verify_mma_sync, *MMA, shape)
    rejects(NvgpuRule.MMA_SHAPE_LENGTH, "'nvgpu.mma.sp.sync' op mmaShape must have exactly 3 elements",
            verify_mma_sp_sync, *MMA, [16, 8])


def test_f64_is_not_sparse():
    rejects(NvgpuRule.SPARSE_F64, "f64 is not supported for sparse mode",
            verify_mma_sp_sync, "vector<1x1xf64>", "vector<1x1xf64>", "vector<1x2xf64>", [8, 8, 4])


@pytest.mark.parametrize("element", ["i32", "i16", "tf32", "f8E4M3FN", "index", "ui16", "i1"])
def test_only_i4_i8_f16_bf16_f32_f64_operands(element):
    """`tf32` the MLIR type is not nvgpu's tf32: nvgpu spells tf32 as f32 operands with tf32Enabled."""
    rejects(NvgpuRule.MMA_DATA_TYPE, "expected input data type (i4,i8,f16,bf16,tf32,f64) supported by "
            "nvgpu.mma.sync", verify_mma_sync, f"vector<4x1x{element}>", f"vector<2x1x{element}>",
            "vector<2x2xf32>", [16, 8, 8])
    rejects(NvgpuRule.MMA_DATA_TYPE, "expected input data type (i4,i8,f16,bf16,tf32,f64) supported by "
            "nvgpu.mma.sp.sync", verify_mma_sp_sync, f"vector<4x1x{element}>", f"vector<2x1x{element}>",
            "vector<2x2xf32>", [16, 8, 8])


@pytest.mark.parametrize("position, vectors", [
    ("A", ("vector<8xf16>", "vector<2x2xf16>", "vector<2x2xf16>")),
    ("B", ("vector<4x2xf16>", "vector<2x2x1xf16>", "vector<2x2xf16>")),
    ("C", ("vector<4x2xf16>", "vector<2x2xf16>", "vector<4xf16>")),
])
def test_a_b_c_are_two_dimensional(position, vectors):
    rejects(NvgpuRule.MMA_OPERAND_RANK, f"matrix{position} must be 2 dimensional vector",
            verify_mma_sync, *vectors, [16, 8, 16])


def test_warp_wide_element_counts():
    rejects(NvgpuRule.MMA_WARP_ELEMENTS, "'nvgpu.mma.sync' op expected 256 warp-wide matrix A elements",
            verify_mma_sync, "vector<4x4xf16>", "vector<2x2xf16>", "vector<2x2xf16>", [16, 8, 16])
    rejects(NvgpuRule.MMA_WARP_ELEMENTS, "'nvgpu.mma.sync' op expected 128 warp-wide matrix B elements",
            verify_mma_sync, "vector<4x2xf16>", "vector<2x4xf16>", "vector<2x2xf16>", [16, 8, 16])
    rejects(NvgpuRule.MMA_WARP_ELEMENTS, "'nvgpu.mma.sync' op expected 128 warp-wide matrix C elements",
            verify_mma_sync, "vector<4x2xf16>", "vector<2x2xf16>", "vector<2x4xf16>", [16, 8, 16])


def test_sparse_a_holds_half_the_elements_but_the_message_prints_m_times_k():
    """A sparse A of [16, 8, 32] holds 256 values; the message still says 512, as upstream's does."""
    rejects(NvgpuRule.MMA_WARP_ELEMENTS, "'nvgpu.mma.sp.sync' op expected 512 warp-wide matrix A elements",
            verify_mma_sp_sync, "vector<4x4xf16>", "vector<4x2xf16>", "vector<2x2xf16>", [16, 8, 32])


def test_the_seed_mma_sp_example_fails_on_b():
    """Seed 004's mma.sp.sync example gives B as vector<2x2xf16> for [16, 8, 32]: 128 elements, 256 needed."""
    rejects(NvgpuRule.MMA_WARP_ELEMENTS, "'nvgpu.mma.sp.sync' op expected 256 warp-wide matrix B elements",
            verify_mma_sp_sync, "vector<4x2xf16>", "vector<2x2xf16>", "vector<2x2xf16>", [16, 8, 32])


def test_tf32_enabled_only_with_f32_operands():
    rejects(NvgpuRule.MMA_TF32_ONLY_F32, "'nvgpu.mma.sync' op expected tf32 tensor cores only for F32 operands",
            verify_mma_sync, *MMA, [16, 8, 16], True)
    rejects(NvgpuRule.MMA_TF32_ONLY_F32, "'nvgpu.mma.sync' op expected tf32 tensor cores only for F32 operands",
            verify_mma_sync, *MMA, [16, 8, 16], UnitAttr())


def test_fragment_shapes():
    rejects(NvgpuRule.MMA_FRAGMENT_SHAPE, "'nvgpu.mma.sync' op expected matrix A to be shaped (4 x 2)",
            verify_mma_sync, "vector<2x4xf16>", "vector<2x2xf16>", "vector<2x2xf16>", [16, 8, 16])
    rejects(NvgpuRule.MMA_FRAGMENT_SHAPE, "'nvgpu.mma.sync' op expected matrix A to be shaped (4 x 1)",
            verify_mma_sync, "vector<1x4xf32>", "vector<2x1xf32>", "vector<2x2xf32>", [16, 8, 8])
    rejects(NvgpuRule.MMA_FRAGMENT_SHAPE, "'nvgpu.mma.sync' op expected matrix B to be shaped (2 x 2)",
            verify_mma_sync, "vector<4x2xf16>", "vector<1x4xf16>", "vector<2x2xf16>", [16, 8, 16])
    rejects(NvgpuRule.MMA_FRAGMENT_SHAPE, "'nvgpu.mma.sync' op expected matrix C to be shaped (1 x 2)",
            verify_mma_sync, "vector<1x1xf64>", "vector<1x1xf64>", "vector<2x1xf64>", [8, 8, 4])
    # sparse: A has half the rows, the message prints the dense count
    rejects(NvgpuRule.MMA_FRAGMENT_SHAPE, "'nvgpu.mma.sp.sync' op expected matrix A to be shaped (8 x 2)",
            verify_mma_sp_sync, "vector<2x4xf16>", "vector<4x2xf16>", "vector<2x2xf16>", [16, 8, 32])


def test_integer_arithmetic_truncates_as_cpp_does():
    """m = 12 is no multiple of 8: mTile = 12 / 8 = 1, so A must have 1 * 2 rows though it holds 12*16/32 = 6 values."""
    rejects(NvgpuRule.MMA_FRAGMENT_SHAPE, "'nvgpu.mma.sync' op expected matrix A to be shaped (2 x 2)",
            verify_mma_sync, "vector<3x2xf16>", "vector<2x2xf16>", "vector<3x1xf16>", [12, 8, 16])


@pytest.mark.parametrize("call, rule", [
    # trait (ODS) before the selector (verify())
    (lambda: verify_mma_sp_sync("vector<2x2xi8>", "vector<2x2xf16>", "vector<2x2xf16>", [16, 8], 42),
     NvgpuRule.SAME_ELEMENT_TYPE),
    (lambda: verify_mma_sp_sync("vector<2x2xf64>", "vector<2x2xf64>", "vector<2x2xf64>", [16, 8], 42),
     NvgpuRule.SPARSITY_SELECTOR),
    (lambda: verify_mma_sp_sync("vector<2x2xf64>", "vector<2x2xf64>", "vector<2x2xf64>", [16, 8], 0),
     NvgpuRule.MMA_SHAPE_LENGTH),
    (lambda: verify_mma_sp_sync("vector<2xf64>", "vector<2x2xf64>", "vector<2x2xf64>", [16, 8, 4], 0),
     NvgpuRule.SPARSE_F64),
    (lambda: verify_mma_sync("vector<8xi16>", "vector<8xi16>", "vector<2xi32>", [16, 8, 16]),
     NvgpuRule.MMA_DATA_TYPE),
    (lambda: verify_mma_sync("vector<4x4xf16>", "vector<4x4xf16>", "vector<4xf16>", [16, 8, 16], True),
     NvgpuRule.MMA_OPERAND_RANK),
    (lambda: verify_mma_sync("vector<4x4xf16>", "vector<4x4xf16>", "vector<4x4xf16>", [16, 8, 16], True),
     NvgpuRule.MMA_WARP_ELEMENTS),
    (lambda: verify_mma_sync("vector<2x4xf16>", "vector<2x2xf16>", "vector<2x2xf16>", [16, 8, 16], True),
     NvgpuRule.MMA_TF32_ONLY_F32),
    (lambda: verify_mma_sync("memref<4xf16>", "vector<2x2xf16>", "vector<2x2xf16>", None),
     NvgpuRule.REQUIRED_ATTRIBUTE),
    (lambda: verify_mma_sync("memref<4xf16>", "vector<2x2xi8>", "vector<2x2xf16>", [16, 8, 16], result="f16"),
     NvgpuRule.OPERAND_TYPE),
    (lambda: verify_mma_sync("vector<4xi8>", "vector<2x2xf16>", "vector<2x2xf16>", [16, 8, 16], result="f16"),
     NvgpuRule.RESULT_TYPE),
])
def test_mma_rules_fire_in_mlirs_order(call, rule):
    with pytest.raises(NvgpuVerifierError) as caught:
        call()
    assert caught.value.rule is rule


# -- ldmatrix ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("memref, result, transpose, tiles", [
    ("memref<?x?xf16, 3>", "vector<4x2xf16>", False, 4),
    ("memref<128x128xf16, #gpu.address_space<workgroup>>", "vector<2x2xf16>", True, 2),
    ("memref<64x64xf32, 3>", "vector<1x1xf32>", False, 1),
    ("memref<64x64xi8, 3>", "vector<4x4xi8>", False, 4),
    ("memref<64x64xi4, 3>", "vector<1x8xi4>", False, 1),
])
def test_ldmatrix_valid(memref, result, transpose, tiles):
    verify_ldmatrix(memref, result, transpose, tiles, indices=2)


def test_ldmatrix_required_attributes_in_sorted_order():
    rejects(NvgpuRule.REQUIRED_ATTRIBUTE, "'nvgpu.ldmatrix' op requires attribute 'numTiles'",
            verify_ldmatrix, "memref<16x16xf16, 3>", "vector<4x2xf16>", None, None)
    rejects(NvgpuRule.REQUIRED_ATTRIBUTE, "'nvgpu.ldmatrix' op requires attribute 'transpose'",
            verify_ldmatrix, "memref<16x16xf16, 3>", "vector<4x2xf16>", None, 4)


def test_ldmatrix_attribute_constraints():
    rejects(NvgpuRule.ATTRIBUTE_CONSTRAINT, "'nvgpu.ldmatrix' op attribute 'numTiles' failed to satisfy constraint: "
            "32-bit signless integer attribute", verify_ldmatrix, "memref<16x16xf16, 3>", "vector<4x2xf16>", False,
            IntegerAttr(4, I64))
    rejects(NvgpuRule.ATTRIBUTE_CONSTRAINT, "'nvgpu.ldmatrix' op attribute 'transpose' failed to satisfy "
            "constraint: bool attribute", verify_ldmatrix, "memref<16x16xf16, 3>", "vector<4x2xf16>",
            IntegerAttr(0, I32), 4)


def test_ldmatrix_operand_and_result_types():
    rejects(NvgpuRule.OPERAND_TYPE, "'nvgpu.ldmatrix' op operand #0 must be memref of any non-token type values, "
            "but got 'memref<*xf16, 3>'", verify_ldmatrix, "memref<*xf16, 3>", "vector<4x2xf16>", False, 4)
    rejects(NvgpuRule.OPERAND_TYPE, "'nvgpu.ldmatrix' op operand #2 must be variadic of index, but got 'i32'",
            verify_ldmatrix, "memref<16x16xf16, 3>", "vector<4x2xf16>", False, 4, indices=["index", "i32"])
    rejects(NvgpuRule.RESULT_TYPE, "'nvgpu.ldmatrix' op result #0 must be vector of any type values, but got "
            "'memref<4x2xf16>'", verify_ldmatrix, "memref<16x16xf16, 3>", "memref<4x2xf16>", False, 4)


def test_ldmatrix_rules():
    rejects(NvgpuRule.SAME_ELEMENT_TYPE, "'nvgpu.ldmatrix' op failed to verify that srcMemref and res have same "
            "element type", verify_ldmatrix, "memref<128x128xf32, 3>", "vector<4x2xf16>", False, 4)
    rejects(NvgpuRule.LDMATRIX_SHARED_MEMORY, "expected nvgpu.ldmatrix srcMemref must have a memory space attribute "
            "of IntegerAttr(3) or gpu::AddressSpaceAttr(Workgroup)",
            verify_ldmatrix, "memref<128x128xf16, 2>", "vector<4x1xf16>", False, 4)
    rejects(NvgpuRule.LDMATRIX_SHARED_MEMORY, "expected nvgpu.ldmatrix srcMemref must have a memory space attribute "
            "of IntegerAttr(3) or gpu::AddressSpaceAttr(Workgroup)",
            verify_ldmatrix, "memref<128x128xf16, #gpu.address_space<global>>", "vector<4x2xf16>", False, 4)
    rejects(NvgpuRule.LDMATRIX_ELEMENT_WIDTH, "nvgpu.ldmatrix works for 32b or lower",
            verify_ldmatrix, "memref<16x16xf64, 3>", "vector<4x1xf64>", False, 4)
    rejects(NvgpuRule.LDMATRIX_TRANSPOSE_16B, "nvgpu.ldmatrix transpose works only at 16b granularity",
            verify_ldmatrix, "memref<128x128xf32, 3>", "vector<4x1xf32>", True, 4)
    rejects(NvgpuRule.LDMATRIX_RESULT_RANK, "results must be 2 dimensional vector",
            verify_ldmatrix, "memref<128x128xf32, 3>", "vector<4xf32>", False, 4)
    rejects(NvgpuRule.LDMATRIX_REGISTER_WIDTH, "expected vector register shape[1] = 2",
            verify_ldmatrix, "memref<128x128xf16, 3>", "vector<4x1xf16>", False, 4)
    rejects(NvgpuRule.LDMATRIX_REGISTER_WIDTH, "expected vector register shape[1] = 8",
            verify_ldmatrix, "memref<128x128xi4, 3>", "vector<4x4xi4>", False, 4)
    rejects(NvgpuRule.LDMATRIX_NUM_TILES, "expected vector register shape[0] and numTiles to match",
            verify_ldmatrix, "memref<128x128xf16, 3>", "vector<2x2xf16>", False, 4)
    rejects(NvgpuRule.LDMATRIX_NUM_TILES, "expected vector register shape[0] and numTiles to match",
            verify_ldmatrix, "memref<128x128xf16, 3>", "vector<4x2xf16>", False, IntegerAttr(-4, I32))


def test_ldmatrix_of_index_elements_is_reported_where_upstream_asserts():
    rejects(NvgpuRule.ELEMENT_BIT_WIDTH, "'nvgpu.ldmatrix' op element type 'index' has no bit width (upstream MLIR "
            "asserts in getIntOrFloatBitWidth here)", verify_ldmatrix, "memref<4x4xindex>", "vector<4x1xindex>",
            False, 4)


def test_ldmatrix_rules_fire_in_mlirs_order():
    """Memory space, then width, then transpose, then rank, then shape[1], then shape[0]."""
    ordered = [
        (("memref<8x8xf64>", "vector<8xf64>", True, 3), NvgpuRule.LDMATRIX_SHARED_MEMORY),
        (("memref<8x8xf64, 3>", "vector<8xf64>", True, 3), NvgpuRule.LDMATRIX_ELEMENT_WIDTH),
        (("memref<8x8xf32, 3>", "vector<8xf32>", True, 3), NvgpuRule.LDMATRIX_TRANSPOSE_16B),
        (("memref<8x8xf16, 3>", "vector<8xf16>", True, 3), NvgpuRule.LDMATRIX_RESULT_RANK),
        (("memref<8x8xf16, 3>", "vector<1x8xf16>", True, 3), NvgpuRule.LDMATRIX_REGISTER_WIDTH),
        (("memref<8x8xf16, 3>", "vector<1x2xf16>", True, 3), NvgpuRule.LDMATRIX_NUM_TILES),
    ]
    for arguments, rule in ordered:
        with pytest.raises(NvgpuVerifierError) as caught:
            verify_ldmatrix(*arguments)
        assert caught.value.rule is rule


# -- device_async_copy ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("dst, src, elements, bypass", [
    ("memref<2x7x5xf32, 3>", "memref<4x5xf32>", 4, False),
    ("memref<2x7x5xf32, 3>", "memref<4x5xf32>", 4, True),
    ("memref<16xf16, #gpu.address_space<workgroup>>", "memref<16xf16>", 8, True),
    ("memref<16xf16, 3>", "memref<16xf16, strided<[1], offset: ?>>", 2, False),
    ("memref<16xi8, 3>", "memref<16xi8>", 16, True),
    ("memref<16xf64, 3>", "memref<16xf64>", 1, False),
])
def test_device_async_copy_valid(dst, src, elements, bypass):
    verify_device_async_copy(dst, parse_type(dst).rank, src, parse_type(src).rank, elements, "index", bypass)


def test_device_async_copy_attributes_and_operands():
    rejects(NvgpuRule.REQUIRED_ATTRIBUTE, "'nvgpu.device_async_copy' op requires attribute 'dstElements'",
            verify_device_async_copy, "memref<16xf32, 3>", 1, "memref<16xf32>", 1, None)
    rejects(NvgpuRule.ATTRIBUTE_CONSTRAINT, "'nvgpu.device_async_copy' op attribute 'dstElements' failed to "
            "satisfy constraint: index attribute", verify_device_async_copy, "memref<16xf32, 3>", 1,
            "memref<16xf32>", 1, IntegerAttr(4, I64))
    rejects(NvgpuRule.ATTRIBUTE_CONSTRAINT, "'nvgpu.device_async_copy' op attribute 'bypassL1' failed to "
            "satisfy constraint: unit attribute", verify_device_async_copy, "memref<16xf32, 3>", 1,
            "memref<16xf32>", 1, 4, None, IntegerAttr(1, I1))
    rejects(NvgpuRule.OPERAND_TYPE, "'nvgpu.device_async_copy' op operand #0 must be memref of any non-token type "
            "values, but got 'vector<16xf32>'", verify_device_async_copy, "vector<16xf32>", 1, "memref<16xf32>", 1, 4)
    rejects(NvgpuRule.OPERAND_TYPE, "'nvgpu.device_async_copy' op operand #3 must be memref of any non-token type "
            "values, but got 'f32'", verify_device_async_copy, "memref<4x4xf32, 3>", 2, "f32", 1, 4)
    rejects(NvgpuRule.OPERAND_TYPE, "'nvgpu.device_async_copy' op operand #5 must be variadic of index, but got "
            "'i64'", verify_device_async_copy, "memref<4x4xf32, 3>", 2, "memref<4x4xf32>", ["index", "i64"], 4)
    rejects(NvgpuRule.OPERAND_TYPE, "'nvgpu.device_async_copy' op operand #4 must be index, but got 'i32'",
            verify_device_async_copy, "memref<4xf32, 3>", 1, "memref<4xf32>", 1, 4, "i32")


def test_device_async_copy_rules():
    rejects(NvgpuRule.COPY_SOURCE_UNIT_STRIDE, "source memref most minor dim must have unit stride",
            verify_device_async_copy, "memref<200x100xf32, 3>", 2,
            "memref<200x100xf32, affine_map<(d0, d1) -> (200*d0 + 2*d1)>>", 2, 16)
    rejects(NvgpuRule.COPY_DESTINATION_UNIT_STRIDE, "destination memref most minor dim must have unit stride",
            verify_device_async_copy, "memref<200x100xf32, strided<[100, ?]>, 3>", 2, "memref<200x100xf32>", 2, 16)
    rejects(NvgpuRule.COPY_DESTINATION_SHARED_MEMORY, "destination memref must have a memory space attribute of "
            "IntegerAttr(3) or gpu::AddressSpaceAttr(Workgroup)",
            verify_device_async_copy, "memref<16xf32>", 1, "memref<16xf32>", 1, 16)
    rejects(NvgpuRule.COPY_ELEMENT_TYPE, "source and destination must have the same element type",
            verify_device_async_copy, "memref<16xi32, 3>", 1, "memref<16xf32>", 1, 16)
    rejects(NvgpuRule.COPY_SOURCE_INDICES, "'nvgpu.device_async_copy' op expected 2 source indices, got 1",
            verify_device_async_copy, "memref<16xf32, 3>", 1, "memref<16x16xf32>", 1, 16)
    rejects(NvgpuRule.COPY_DESTINATION_INDICES, "'nvgpu.device_async_copy' op expected 2 destination indices, "
            "got 1", verify_device_async_copy, "memref<16x16xf32, 3>", 1, "memref<16xf32>", 1, 16)


@pytest.mark.parametrize("element, count, choices", [
    ("f32", 3, "1, 2, 4."), ("f16", 3, "2, 4, 8."), ("f64", 3, "1, 2."), ("i8", 2, "4, 8, 16."),
    ("i4", 4, "8, 16, 32."), ("f32", 16, "1, 2, 4."), ("f32", -1, "1, 2, 4."), ("f80", 1, "1."), ("i256", 1, ""),
])
def test_device_async_copy_size_is_4_8_or_16_bytes(element, count, choices):
    width = int(element[1:])
    rejects(NvgpuRule.COPY_SIZE, f"Requested copy elements is {count} with width {width}. But copy elements could be "
            f"one of {choices}", verify_device_async_copy, f"memref<16x{element}, 3>", 1, f"memref<16x{element}>", 1,
            count)


def test_device_async_copy_counts_wrap_to_64_bits_as_the_index_attribute_does():
    rejects(NvgpuRule.COPY_SIZE, "Requested copy elements is -1 with width 32. But copy elements could be one of "
            "1, 2, 4.", verify_device_async_copy, "memref<16xf32, 3>", 1, "memref<16xf32>", 1,
            IntegerAttr((1 << 64) - 1, INDEX))


def test_bypass_l1_needs_16_bytes():
    rejects(NvgpuRule.COPY_BYPASS_L1, "'nvgpu.device_async_copy' op bypassL1 does not satify alignment for "
            "'memref<3x16x128xf32, 3>' with destination element 1. Unset bypassL1, or set destination element to 4",
            verify_device_async_copy, "memref<3x16x128xf32, 3>", 3, "memref<128x128xf32>", 2, 1, "index", True)
    rejects(NvgpuRule.COPY_BYPASS_L1, "'nvgpu.device_async_copy' op bypassL1 does not satify alignment for "
            "'memref<16xf16, #gpu.address_space<workgroup>>' with destination element 4. Unset bypassL1, or set "
            "destination element to 8", verify_device_async_copy, "memref<16xf16, #gpu.address_space<workgroup>>", 1,
            "memref<16xf16>", 1, 4, None, UnitAttr())


def test_bypass_l1_message_quotes_an_affine_layout_in_mlirs_printed_form():
    error = rejects(NvgpuRule.COPY_BYPASS_L1, "'nvgpu.device_async_copy' op bypassL1 does not satify alignment for "
                    "'memref<4x8xf32, affine_map<(d0, d1) -> (d0 * 8 + d1 + 2)>, 3>' with destination element 2. "
                    "Unset bypassL1, or set destination element to 4", verify_device_async_copy,
                    "memref<4x8xf32, affine_map<(i, j) -> (2 + 8*i + j)>, 3>", 2, "memref<4x8xf32>", 2, 2, None, True)
    assert error.operation == "nvgpu.device_async_copy"


def test_device_async_copy_of_index_elements_is_reported_where_upstream_asserts():
    rejects(NvgpuRule.ELEMENT_BIT_WIDTH, "'nvgpu.device_async_copy' op element type 'index' has no bit width "
            "(upstream MLIR asserts in getIntOrFloatBitWidth here)",
            verify_device_async_copy, "memref<4xindex, 3>", 1, "memref<4xindex>", 1, 4)


def test_device_async_copy_rules_fire_in_mlirs_order():
    """Memory space -> element type -> index counts -> size -> bypassL1, after the two stride checks."""
    ordered = [
        (("memref<4x4xi8, strided<[4, 2]>>", 0, "memref<4x4xf32, strided<[4, 2]>>", 0, 3, None, True),
         NvgpuRule.COPY_SOURCE_UNIT_STRIDE),
        (("memref<4x4xi8, strided<[4, 2]>>", 0, "memref<4x4xf32>", 0, 3, None, True),
         NvgpuRule.COPY_DESTINATION_UNIT_STRIDE),
        (("memref<4x4xi8>", 0, "memref<4x4xf32>", 0, 3, None, True), NvgpuRule.COPY_DESTINATION_SHARED_MEMORY),
        (("memref<4x4xi8, 3>", 0, "memref<4x4xf32>", 0, 3, None, True), NvgpuRule.COPY_ELEMENT_TYPE),
        (("memref<4x4xf32, 3>", 0, "memref<4x4xf32>", 0, 3, None, True), NvgpuRule.COPY_SOURCE_INDICES),
        (("memref<4x4xf32, 3>", 0, "memref<4x4xf32>", 2, 3, None, True), NvgpuRule.COPY_DESTINATION_INDICES),
        (("memref<4x4xf32, 3>", 2, "memref<4x4xf32>", 2, 3, None, True), NvgpuRule.COPY_SIZE),
        (("memref<4x4xf32, 3>", 2, "memref<4x4xf32>", 2, 2, None, True), NvgpuRule.COPY_BYPASS_L1),
    ]
    for arguments, rule in ordered:
        with pytest.raises(NvgpuVerifierError) as caught:
            verify_device_async_copy(*arguments)
        assert caught.value.rule is rule


# -- create_group, wait ----------------------------------------------------------------------------------------------


def test_create_group_takes_tokens_only():
    verify_device_async_create_group()
    verify_device_async_create_group([TOKEN, TOKEN])
    rejects(NvgpuRule.OPERAND_TYPE, "'nvgpu.device_async_create_group' op operand #1 must be variadic of device "
            "async token type, but got 'i32'", verify_device_async_create_group, [TOKEN, "i32"])


def test_wait_takes_a_token_and_an_i32_num_groups():
    verify_device_async_wait()
    verify_device_async_wait(TOKEN, 1)
    verify_device_async_wait(None, IntegerAttr(0, I32))
    rejects(NvgpuRule.OPERAND_TYPE, "'nvgpu.device_async_wait' op operand #0 must be device async token type, but "
            "got 'index'", verify_device_async_wait, "index")
    rejects(NvgpuRule.ATTRIBUTE_CONSTRAINT, "'nvgpu.device_async_wait' op attribute 'numGroups' failed to satisfy "
            "constraint: 32-bit signless integer attribute", verify_device_async_wait, TOKEN, IntegerAttr(1, I64))


# -- the Python-side arguments ----------------------------------------------------------------------------------


def test_the_error_carries_the_operation_rule_and_location():
    with pytest.raises(NvgpuVerifierError) as caught:
        verify_mma_sync(*MMA, [16, 8, 8], location=Location(3, 5))
    assert caught.value.operation == "nvgpu.mma.sync" and caught.value.location == Location(3, 5)
    assert isinstance(caught.value, InvalidArgumentError)


@pytest.mark.parametrize("call, message", [
    (lambda: verify_mma_sync(object(), *MMA[1:], [16, 8, 16]), "matrix_a must be an MLIR type"),
    (lambda: verify_mma_sync(*MMA, "16x8x16"), "mma_shape must be a sequence of ints"),
    (lambda: verify_mma_sync(*MMA, [16, 8, 16], 1), "tf32_enabled must be a bool"),
    (lambda: verify_mma_sp_sync(*MMA, [16, 8, 16], 0.5), "sparsity_selector must be an int"),
    (lambda: verify_ldmatrix("memref<4x4xf16, 3>", "vector<4x2xf16>", "yes", 4), "transpose must be a bool"),
    (lambda: verify_ldmatrix("memref<4x4xf16, 3>", "vector<4x2xf16>", True, 1 << 40), "out of range"),
    (lambda: verify_ldmatrix("memref<4x4xf16, 3>", "vector<4x2xf16>", True, 4, indices=-1), "count of index"),
    (lambda: verify_device_async_copy("memref<4xf32, 3>", 1, "memref<4xf32>", "one", 4), "count of index operands"),
    (lambda: verify_device_async_create_group(TOKEN), "must be a sequence of types"),
    (lambda: verify_device_async_wait(TOKEN, True), "num_groups must be an int"),
])
def test_python_arguments_of_the_wrong_kind_are_invalid_arguments(call, message):
    with pytest.raises(InvalidArgumentError, match=message) as caught:
        call()
    assert not isinstance(caught.value, NvgpuVerifierError)
