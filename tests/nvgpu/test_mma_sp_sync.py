"""nvgpu.mma.sp.sync against the per-thread oracle: metadata placement, selectors, undefined indices."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.nvgpu import mma_sp_sync, mma_sync
from dxlinalg.nvgpu.mma_shapes import DENSE, SPARSE, MmaShape
from tests.nvgpu import oracle
from tests.nvgpu.test_mma_sync import assert_same_bits, model_of, operands
from tests.nvgpu.values import DTYPES

VALID_PAIRS = [low | high << 2 for low in range(4) for high in range(4) if low != high]
CASES = [(shape, accumulator, selector) for shape in SPARSE for accumulator in shape.accumulators
         for selector in shape.selectors]


def random_metadata(rng: np.random.Generator, shape: MmaShape, lanes: int) -> np.ndarray:
    """(lanes, 2) int16: every nibble a valid index pair (tf32: a valid 4-bit field)."""
    choices = [0b0100, 0b1110] if shape.operand_type == "tf32" else VALID_PAIRS
    nibbles = np.array(choices, np.uint32)[rng.integers(0, len(choices), (lanes, 8))]
    words = (nibbles << (4 * np.arange(8, dtype=np.uint32))).sum(axis=1, dtype=np.uint32)
    return words.view(np.int16).reshape(lanes, 2)


def expected(shape: MmaShape, a, b, c, metadata, selector: int, profile: str) -> np.ndarray:
    words = np.ascontiguousarray(metadata).view(np.uint32).reshape(-1)
    out = []
    for w in range(0, len(a), 32):
        dense = oracle.sparse_dense_a(a[w: w + 32], words[w: w + 32], shape.k, shape.operand_type, selector)
        out.append(oracle.mma_warp(a[w: w + 32], b[w: w + 32], c[w: w + 32], shape.m, shape.n, shape.k,
                                   shape.operand_type, model_of(profile), dense_a=dense))
    return np.concatenate(out)


@settings(max_examples=30, deadline=None)
@given(case=st.sampled_from(CASES), profile=st.sampled_from(["reference", "nvidia-h100"]),
       warps=st.integers(1, 2), seed=st.integers(0, 2**32 - 1), wild=st.booleans())
def test_mma_sp_sync_equals_the_per_thread_oracle(case, profile, warps, seed, wild):
    shape, accumulator, selector = case
    a, b, c = operands(shape, accumulator, warps, seed, wild)
    metadata = random_metadata(np.random.default_rng(seed + 1), shape, 32 * warps)
    got = mma_sp_sync(a, b, c, metadata, [shape.m, shape.n, shape.k], sparsitySelector=selector,
                      tf32Enabled=shape.operand_type == "tf32", profile=profile)
    assert_same_bits(got, expected(shape, a, b, c, metadata, selector, profile))


def test_a_dense_a_with_two_zeros_per_chunk_gives_the_dense_mma():
    """The 2:4 A written out: the first two of each chunk of 4 kept (index pair 0b0100 everywhere)."""
    rng = np.random.default_rng(5)
    dense_shape = next(s for s in DENSE if (s.m, s.n, s.k, s.operand_type) == (16, 8, 16, "f16"))
    a_dense = rng.standard_normal((16, 16)).astype(np.float16)
    a_dense.reshape(16, 4, 4)[:, :, 2:] = 0
    fragments = np.zeros((32, 4, 2), np.float16)
    stored = np.zeros((32, 2, 2), np.float16)
    for lane in range(32):
        for i in range(8):
            row, col = dense_shape.a.map(lane, i)
            fragments[lane, i // 2, i % 2] = a_dense[row, col]
        g, t = lane // 4, lane % 4
        stored[lane] = [a_dense[g, 4 * t: 4 * t + 2], a_dense[g + 8, 4 * t: 4 * t + 2]]
    b = rng.standard_normal((32, 2, 2)).astype(np.float16)
    c = rng.standard_normal((32, 2, 2)).astype(np.float32)
    metadata = np.full((32, 2), 0x4444, np.int16)
    assert_same_bits(mma_sp_sync(stored, b, c, metadata, [16, 8, 16]), mma_sync(fragments, b, c, [16, 8, 16]))


def test_equal_indices_in_a_chunk_are_reported_and_add_up_when_permissive():
    shape = next(s for s in SPARSE if (s.k, s.operand_type) == (16, "f16"))
    a, b, c = operands(shape, np.dtype(np.float32), 1, 2, wild=False)
    a[:] = 1
    b[:] = 1
    c[:] = 0
    metadata = np.full((32, 2), 0x4444, np.int16)
    metadata[0] = [0x4440, 0x4444]                      # lane 0's chunk 0 of row 0: both at index 0
    with pytest.raises(UndefinedBehaviorError, match="2:4 index pair 0x0"):
        mma_sp_sync(a, b, c, metadata, [16, 8, 16])
    d = mma_sp_sync(a, b, c, metadata, [16, 8, 16], strict=False)
    assert (d[0, 0] == 8).all()                          # row 0 still sums 8 stored values


def test_tf32_fields_other_than_the_two_meaningful_ones_are_reported():
    shape = next(s for s in SPARSE if (s.k, s.operand_type) == (8, "tf32"))
    a, b, c = operands(shape, np.dtype(np.float32), 1, 2, wild=False)
    metadata = np.full((32, 2), 0x4444, np.int16)
    metadata[8, 0] = 0x4445
    with pytest.raises(UndefinedBehaviorError, match="tf32 index field 0x5"):
        mma_sp_sync(a, b, c, metadata, [16, 8, 8], tf32Enabled=True)


def test_selectors_the_ptx_isa_leaves_undefined_are_reported():
    shape = next(s for s in SPARSE if (s.k, s.operand_type) == (64, "s8"))
    a, b, c = operands(shape, np.dtype(np.int32), 1, 2, wild=False)
    metadata = random_metadata(np.random.default_rng(0), shape, 32)
    with pytest.raises(UndefinedBehaviorError, match="sparsitySelector 1 is undefined for m16n8k64.s8"):
        mma_sp_sync(a, b, c, metadata, [16, 8, 64], sparsitySelector=1)
    with pytest.raises(InvalidArgumentError, match=r"sparsity selector should be 0 or 1 \(PTX mma.sp also defines 2 and 3"):
        mma_sp_sync(a, b, c, metadata, [16, 8, 64], sparsitySelector=4)


@pytest.mark.parametrize("metadata, message", [
    (np.zeros((32, 2), np.int32), r"operand #3 must be fixed-length vector .* but got 'vector<2xi32>'"),
    (np.zeros((32, 3), np.int16), r"but got 'vector<3xi16>'"),
])
def test_bad_metadata_is_rejected(metadata, message):
    shape = SPARSE[0]
    a, b, c = operands(shape, np.dtype(np.float32), 1, 2, wild=False)
    with pytest.raises(InvalidArgumentError, match=message):
        mma_sp_sync(a, b, c, metadata, [16, 8, 16])


def test_the_seeds_b_vector_for_m16n8k32_is_rejected_and_f64_has_no_sparse_form():
    """The NVGPUOps.td example's B vector<2x2xf16> for [16, 8, 32] does not fit (256 B elements)."""
    a = np.zeros((32, 4, 2), np.float16)
    with pytest.raises(InvalidArgumentError, match=r"expected 256 warp-wide matrix B elements"):
        mma_sp_sync(a, np.zeros((32, 2, 2), np.float16), np.zeros((32, 2, 2), np.float16),
                    np.zeros((32, 2), np.int16), [16, 8, 32])
    with pytest.raises(InvalidArgumentError, match="f64 is not supported for sparse mode"):
        mma_sp_sync(np.zeros((32, 1, 1)), np.zeros((32, 1, 1)), np.zeros((32, 1, 2)), np.zeros((32, 2), np.int16),
                    [8, 8, 4])


def test_dtypes_cover_every_sparse_operand_type():
    assert {s.operand_type for s in SPARSE} <= set(DTYPES)
