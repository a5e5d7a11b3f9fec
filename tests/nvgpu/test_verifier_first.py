"""The checks the Python ops no longer make themselves: MLIR's verifier (op_types.py) rejects those inputs first.

Each op runs `verify_*_call` before anything else, so an input the verifier rejects never reaches a later check.
These tests show, for each rule the ops used to check again in their own words, that every input breaking it is
rejected by the verifier (or by op_types' typing of Python values): the later check could not fire, so it is gone.
Where a rule is only partly the verifier's (lane counts, selectors PTX leaves undefined, f32 without tf32Enabled,
negative numGroups), the rest is still the op's and tested with the op.
"""

from __future__ import annotations

import itertools

import ml_dtypes
import numpy as np
import pytest

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.gpu import BufferMemory, GroupSharedMemory, TypedView, standalone_lanes
from dxlinalg.nvgpu import (
    device_async_copy,
    device_async_create_group,
    device_async_wait,
    mma_sp_sync,
    mma_sync,
    op_types,
)
from dxlinalg.nvgpu.mma_shapes import DENSE, OPERAND_TYPES, SPARSE
from dxlinalg.nvgpu.types import element_type_of
from dxlinalg.nvgpu.verifier import NvgpuRule, NvgpuVerifierError

LANES = 32
ZERO = np.zeros(LANES, np.int64)
#: Every dtype a per-lane array may have (element_type_of's), and one op_types refuses.
DTYPES = [np.dtype(d) for d in (np.float16, ml_dtypes.bfloat16, np.float32, np.float64, ml_dtypes.int4,
                                ml_dtypes.uint4, np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32,
                                np.int64, np.uint64)]


def lanes(shape: tuple[int, ...], dtype: object = np.float16) -> np.ndarray:
    return np.zeros((LANES, *shape), dtype)


def verifier_rule(call, *arguments, **keywords) -> NvgpuRule:  # type: ignore[no-untyped-def]
    with pytest.raises(NvgpuVerifierError) as caught:
        call(*arguments, **keywords)
    return caught.value.rule


def test_dtypes_are_every_dtype_with_an_mlir_element_type():
    for dtype in DTYPES:
        element_type_of(dtype)
    assert set(OPERAND_TYPES) <= set(DTYPES)


# -- mma.sync / mma.sp.sync -----------------------------------------------------------------------------------


@pytest.mark.parametrize("ndim", [0, 1, 2, 4])
@pytest.mark.parametrize("operand", range(3))
def test_operands_of_any_rank_but_per_lane_matrices_fail_the_verifier(ndim, operand):
    """(was mma._operands' ndim check) A, B, C of other ranks are scalars or vectors of rank != 2."""
    values = [lanes((4, 2)), lanes((2, 2)), lanes((2, 2), np.float32)]
    values[operand] = np.zeros((LANES, 2, 2, 2)[:ndim], values[operand].dtype)
    rule = verifier_rule(lambda: op_types.verify_mma_sync_call(*values, [16, 8, 16], False))
    assert rule in (NvgpuRule.OPERAND_TYPE, NvgpuRule.MMA_OPERAND_RANK)


@pytest.mark.parametrize("a, b", [(a, b) for a, b in itertools.product(DTYPES, DTYPES) if a != b])
def test_a_and_b_of_different_dtypes_fail_the_verifier(a, b):
    """(was mma._operands' dtype check) distinct dtypes have distinct MLIR element types."""
    rule = verifier_rule(lambda: op_types.verify_mma_sync_call(lanes((4, 2), a), lanes((4, 2), b),
                                                                lanes((2, 2), np.float32), [16, 8, 16], False))
    assert rule is NvgpuRule.SAME_ELEMENT_TYPE


@pytest.mark.parametrize("dtype", [d for d in DTYPES if d not in OPERAND_TYPES])
@pytest.mark.parametrize("tf32", [False, True])
def test_dtypes_without_a_ptx_operand_type_fail_the_verifier(dtype, tf32):
    """(was operand_type_of's unknown-dtype branch) the verifier's data types are exactly OPERAND_TYPES'."""
    rule = verifier_rule(lambda: op_types.verify_mma_sync_call(lanes((4, 2), dtype), lanes((2, 2), dtype),
                                                                lanes((2, 2), np.float32), [16, 8, 16], tf32))
    assert rule is NvgpuRule.MMA_DATA_TYPE


@pytest.mark.parametrize("shape", DENSE + SPARSE, ids=lambda s: f"{s.name}{'.sp' if s.sparse else ''}")
def test_tf32_enabled_with_anything_but_float32_fails_the_verifier(shape):
    """(was operand_type_of's tf32Enabled-without-f32 branch)"""
    dtype = next(d for d, name in OPERAND_TYPES.items() if name == shape.operand_type)
    if dtype == np.float32:
        return
    a, b, c = lanes(shape.a.vector, dtype), lanes(shape.b.vector, dtype), lanes(shape.c.vector, np.float32)
    mma = [shape.m, shape.n, shape.k]
    if shape.sparse:
        rule = verifier_rule(lambda: op_types.verify_mma_sp_sync_call(a, b, c, lanes((2,), np.int16), mma, 0, True))
    else:
        rule = verifier_rule(lambda: op_types.verify_mma_sync_call(a, b, c, mma, True))
    assert rule is NvgpuRule.MMA_TF32_ONLY_F32


def _vectors_near(vector: tuple[int, int]) -> list[tuple[int, ...]]:
    rows, columns = vector
    near = {(rows + dr, columns + dc) for dr in (-1, 0, 1, rows) for dc in (-1, 0, 1, columns)}
    near |= {(columns, rows), (rows * columns,), (rows, columns, 1)}
    return sorted(v for v in near if v != vector and all(size > 0 for size in v))


@pytest.mark.parametrize("shape", DENSE + SPARSE, ids=lambda s: f"{s.name}{'.sp' if s.sparse else ''}")
def test_the_verifier_takes_exactly_the_ptx_tables_per_lane_vectors(shape):
    """(was mma._check_vectors' shape loop) for every PTX shape the table's vectors pass, and the verifier fixes
    each operand's (rows, columns) from mmaShape and the element type, so any other per-lane shape fails."""
    dtype = next(d for d, name in OPERAND_TYPES.items() if name == shape.operand_type)
    tf32 = shape.operand_type == "tf32"
    vectors = [shape.a.vector, shape.b.vector, shape.c.vector]
    mma = [shape.m, shape.n, shape.k]

    def verify(a, b, c):  # type: ignore[no-untyped-def]
        operands = lanes(a, dtype), lanes(b, dtype), lanes(c, shape.accumulators[0])
        if shape.sparse:
            op_types.verify_mma_sp_sync_call(*operands, lanes((2,), np.int16), mma, 0, tf32)
        else:
            op_types.verify_mma_sync_call(*operands, mma, tf32)

    verify(*vectors)
    for operand in range(3):
        for other in _vectors_near(vectors[operand]):
            changed = list(vectors)
            changed[operand] = other
            assert verifier_rule(verify, *changed) in (
                NvgpuRule.MMA_OPERAND_RANK, NvgpuRule.MMA_WARP_ELEMENTS, NvgpuRule.MMA_FRAGMENT_SHAPE)


def test_sparse_metadata_of_another_dtype_or_shape_fails_the_verifier():
    """(was mma._metadata_words' dtype and per-lane shape check) only int16/uint16 (lanes, 2) is vector<2xi16>."""
    a, b, c = lanes((2, 2)), lanes((2, 2)), lanes((2, 2))
    for metadata in [lanes((2,), d) for d in DTYPES if d not in (np.int16, np.uint16)] + [
            lanes((), np.int16), lanes((1,), np.uint16), lanes((4,), np.int16), lanes((2, 1), np.int16)]:
        assert verifier_rule(op_types.verify_mma_sp_sync_call, a, b, c, metadata, [16, 8, 16], 0, False) is \
            NvgpuRule.OPERAND_TYPE


def test_metadata_for_other_lanes_is_still_the_ops_to_report():
    """The lane count is no part of a type: the op checks it."""
    with pytest.raises(InvalidArgumentError, match="sparseMetadata has 64 lanes"):
        mma_sp_sync(lanes((2, 2)), lanes((2, 2)), lanes((2, 2)), np.zeros((64, 2), np.int16), [16, 8, 16])


@pytest.mark.parametrize("selector", [-2**31, -1, 4, 5, 2**31 - 1, 2**31, 2**32 - 1])
def test_selectors_outside_0_to_3_fail_the_verifier(selector):
    """(was sparse_metadata.check_selector's range check) an i32 selector is read unsigned, as upstream does."""
    rule = verifier_rule(lambda: op_types.verify_mma_sp_sync_call(lanes((2, 2)), lanes((2, 2)), lanes((2, 2)),
                                                                  lanes((2,), np.int16), [16, 8, 16], selector, False))
    assert rule is NvgpuRule.SPARSITY_SELECTOR


@pytest.mark.parametrize("selector", [2**32, -2**31 - 1, True, 1.0, "1", np.float32(1)])
def test_selectors_that_are_no_i32_are_invalid_arguments_before_the_verifier(selector):
    """(was check_selector's type check) op_types refuses what is no i32 attribute value."""
    with pytest.raises(InvalidArgumentError) as caught:
        op_types.verify_mma_sp_sync_call(lanes((2, 2)), lanes((2, 2)), lanes((2, 2)), lanes((2,), np.int16),
                                         [16, 8, 16], selector, False)
    assert not isinstance(caught.value, NvgpuVerifierError)


def test_no_selector_is_mlirs_default_0():
    """sparsitySelector=None leaves the attribute out: MLIR's DefaultValuedAttr gives 0."""
    rng = np.random.default_rng(3)
    a, b = rng.standard_normal((LANES, 2, 2)).astype(np.float16), rng.standard_normal((LANES, 2, 2)).astype(np.float16)
    c = np.zeros((LANES, 2, 2), np.float32)
    metadata = np.full((LANES, 2), 0x4E4E, np.uint16)
    np.testing.assert_array_equal(mma_sp_sync(a, b, c, metadata, [16, 8, 16], None),
                                  mma_sp_sync(a, b, c, metadata, [16, 8, 16], 0))


def test_operands_for_different_lanes_are_still_the_ops_to_report():
    with pytest.raises(InvalidArgumentError, match="give one row per lane"):
        mma_sync(lanes((4, 2)), lanes((2, 2)), np.zeros((64, 2, 2), np.float32), [16, 8, 16])


# -- ldmatrix ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("source", [lanes((8,)), np.float16(0), 3, None, "smem", [1, 2]],
                         ids=["vector", "scalar", "index", "None", "str", "list"])
def test_a_source_that_is_no_typed_view_fails_before_the_op_looks_at_it(source):
    """(was ldmatrix._workgroup_memory's TypedView check) anything else has another MLIR type, or none."""
    with pytest.raises(InvalidArgumentError) as caught:
        op_types.verify_ldmatrix_call(source, (ZERO, ZERO), False, 1)
    if isinstance(caught.value, NvgpuVerifierError):
        assert caught.value.rule is NvgpuRule.OPERAND_TYPE


def test_a_source_outside_groupshared_memory_fails_the_verifier():
    """(was _workgroup_memory's GroupSharedMemory check) a view of a buffer is a memref in global memory."""
    view = TypedView(BufferMemory(np.zeros(1024, np.uint8)), np.float16, (64, 8))
    assert verifier_rule(lambda: op_types.verify_ldmatrix_call(view, (ZERO, ZERO), False, 1)) is \
        NvgpuRule.LDMATRIX_SHARED_MEMORY


# -- device_async_copy / create_group / wait -----------------------------------------------------------------------


def _copy_call(dst: object, src: object, elements: object, bypass: bool = False) -> None:
    indices = lambda view: tuple(ZERO for _ in getattr(view, "shape", (0,)))
    op_types.verify_device_async_copy_call(dst, indices(dst), src, indices(src), elements, None, bypass)


def test_copy_operands_that_are_no_typed_views_fail_before_the_op_looks_at_them():
    """(was _check_copy's TypedView checks)"""
    with standalone_lanes(LANES) as ctx:
        smem = TypedView(GroupSharedMemory(ctx, 256), np.float32, (64,))
        gmem = TypedView(BufferMemory(np.zeros(256, np.uint8)), np.float32, (64,))
        for dst, src in ((lanes((4,), np.float32), gmem), (smem, lanes((4,), np.float32)), (smem, 7), (None, gmem)):
            with pytest.raises(InvalidArgumentError):
                _copy_call(dst, src, 4)


@pytest.mark.parametrize("strides, rule", [((1, 8), NvgpuRule.COPY_SOURCE_UNIT_STRIDE),
                                           ((16, 2), NvgpuRule.COPY_SOURCE_UNIT_STRIDE),
                                           ((8, 1), None)])
def test_an_innermost_stride_other_than_1_fails_the_verifier(strides, rule):
    """(was _check_copy's stride checks) a TypedView's strides are the memref's layout."""
    with standalone_lanes(LANES) as ctx:
        smem = GroupSharedMemory(ctx, 1024)
        gmem = BufferMemory(np.zeros(1024, np.uint8))
        source = TypedView(gmem, np.float32, (8, 8), strides=strides)
        if rule is None:
            _copy_call(TypedView(smem, np.float32, (64,)), source, 4)
        else:
            assert verifier_rule(lambda: _copy_call(TypedView(smem, np.float32, (64,)), source, 4)) is rule
        destination = TypedView(smem, np.float32, (8, 8), strides=strides)
        if rule is None:
            _copy_call(destination, TypedView(gmem, np.float32, (64,)), 4)
        else:
            assert verifier_rule(lambda: _copy_call(destination, TypedView(gmem, np.float32, (64,)), 4)) is \
                NvgpuRule.COPY_DESTINATION_UNIT_STRIDE


def test_a_destination_outside_groupshared_memory_fails_the_verifier():
    """(was _check_copy's GroupSharedMemory check, now the op's type narrowing only)"""
    gmem = BufferMemory(np.zeros(1024, np.uint8))
    assert verifier_rule(lambda: _copy_call(TypedView(gmem, np.float32, (64,)), TypedView(gmem, np.float32, (64,)),
                                            4)) is NvgpuRule.COPY_DESTINATION_SHARED_MEMORY


@pytest.mark.parametrize("dst, src", [(a, b) for a, b in itertools.product(DTYPES, DTYPES)
                                      if a != b and "int4" not in a.name + b.name])
def test_source_and_destination_of_different_dtypes_fail_the_verifier(dst, src):
    """(was _check_copy's element type check; int4 views are refused by op_types, components != 1 too)"""
    with standalone_lanes(LANES) as ctx:
        smem = TypedView(GroupSharedMemory(ctx, 1024), dst, (64,))
        gmem = TypedView(BufferMemory(np.zeros(1024, np.uint8)), src, (64,))
        assert verifier_rule(lambda: _copy_call(smem, gmem, 16 // dst.itemsize)) is NvgpuRule.COPY_ELEMENT_TYPE


@pytest.mark.parametrize("dtype", [d for d in DTYPES if "int4" not in d.name])
def test_the_verifier_takes_exactly_the_copy_sizes_of_4_8_and_16_bytes(dtype):
    """(was _check_copy's dstElements and size checks) positive counts of 4, 8 or 16 bytes pass, every other
    count fails the verifier's size rule; bypassL1 passes at 16 bytes only."""
    with standalone_lanes(LANES) as ctx:
        smem = TypedView(GroupSharedMemory(ctx, 1024), dtype, (64,))
        gmem = TypedView(BufferMemory(np.zeros(1024, np.uint8)), dtype, (64,))
        for elements in range(-2, 40):
            size = elements * dtype.itemsize
            if size in (4, 8, 16):
                _copy_call(smem, gmem, elements)
                if size == 16:
                    _copy_call(smem, gmem, elements, bypass=True)
                else:
                    assert verifier_rule(_copy_call, smem, gmem, elements, bypass=True) is \
                        NvgpuRule.COPY_BYPASS_L1
            else:
                assert verifier_rule(_copy_call, smem, gmem, elements) is NvgpuRule.COPY_SIZE
        for elements in (True, 4.0, "4", None):
            with pytest.raises(InvalidArgumentError):
                _copy_call(smem, gmem, elements)


@pytest.mark.parametrize("token", [None, 3, ZERO, "token", object()], ids=["None", "int", "array", "str", "object"])
def test_create_group_takes_only_tokens(token):
    """(was _check_tokens' AsyncToken check)"""
    with standalone_lanes(LANES), pytest.raises(InvalidArgumentError):
        device_async_create_group([token])


@pytest.mark.parametrize("token", [3, ZERO, "token", object()], ids=["int", "array", "str", "object"])
def test_wait_takes_only_a_token(token):
    with standalone_lanes(LANES), pytest.raises(InvalidArgumentError):
        device_async_wait(token)


def test_wait_without_a_token_is_the_verifiers_form_without_one():
    """The verifier (and the parser) take a wait without a token; the token is checked, never used."""
    with standalone_lanes(LANES) as ctx:
        smem = TypedView(GroupSharedMemory(ctx, 512), np.uint32, (128,))
        gmem = TypedView(BufferMemory(np.arange(512, dtype=np.uint8)), np.uint32, (128,))
        lane = np.arange(LANES)
        device_async_create_group([device_async_copy(smem, 4 * lane, gmem, 4 * lane, 4)])
        device_async_wait(None)
        np.testing.assert_array_equal(smem.load((4 * lane,), 4), gmem.load((4 * lane,), 4))


@pytest.mark.parametrize("groups", [True, 1.0, "1", np.float64(1), 2**32])
def test_num_groups_that_is_no_i32_is_an_invalid_argument_before_the_op(groups):
    """(was device_async_wait's numGroups type check)"""
    with standalone_lanes(LANES):
        token = device_async_create_group([])
        with pytest.raises(InvalidArgumentError) as caught:
            device_async_wait(token, numGroups=groups)
    assert "non-negative" not in str(caught.value)


@pytest.mark.parametrize("groups", [-1, -2**31, 2**31, 2**32 - 1])
def test_num_groups_an_i32_holds_but_ptx_does_not_is_still_the_ops_to_report(groups):
    with standalone_lanes(LANES):
        token = device_async_create_group([])
        with pytest.raises(InvalidArgumentError, match="numGroups must be a non-negative 32-bit integer"):
            device_async_wait(token, numGroups=groups)


def test_copies_run_after_the_verifier():
    with standalone_lanes(LANES) as ctx:
        smem = TypedView(GroupSharedMemory(ctx, 512), np.uint32, (128,))
        gmem = TypedView(BufferMemory(np.arange(512, dtype=np.uint8)), np.uint32, (128,))
        lane = np.arange(LANES)
        device_async_wait(device_async_create_group([device_async_copy(smem, 4 * lane, gmem, 4 * lane, 4)]))
        np.testing.assert_array_equal(smem.load((4 * lane,), 4), gmem.load((4 * lane,), 4))
