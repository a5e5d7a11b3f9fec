"""fast.word_permutation against fancy indexing, and the fragment gathers built on it."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.linalg.fast.word_permutation import WordPermutation
from dxlinalg.nvgpu.mma_shapes import DENSE, SPARSE

DTYPES = [np.float16, ml_dtypes.bfloat16, np.float32, np.float64, np.int8, np.uint8, np.int32]


def moved(rows: np.ndarray, positions: np.ndarray) -> np.ndarray:
    """The definition: slot s of every row at positions[s]."""
    out = np.empty_like(rows)
    out[:, positions] = rows
    return out


def random_rows(rng: np.random.Generator, dtype, shape: tuple[int, int]) -> np.ndarray:
    return rng.integers(0, 256, (*shape, np.dtype(dtype).itemsize), dtype=np.uint8).view(dtype).reshape(shape)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), run=st.sampled_from([1, 2, 4, 8]), groups=st.integers(1, 12),
       dtype=st.sampled_from(DTYPES))
def test_a_permutation_of_runs_moves_every_slot_where_it_says(seed, run, groups, dtype):
    rng = np.random.default_rng(seed)
    order = rng.permutation(groups)
    positions = (order[:, None] * run + np.arange(run)).reshape(-1)      # runs of `run` slots stay together
    if rng.random() < 0.3:
        positions = rng.permutation(positions.size)                      # and an arbitrary permutation
    rows = random_rows(rng, dtype, (5, positions.size))
    permutation = WordPermutation(positions)
    got = permutation.apply(rows)
    assert got.dtype == rows.dtype and got.flags.c_contiguous
    assert np.array_equal(got.view(np.uint8), moved(rows, positions).view(np.uint8))
    assert np.array_equal(permutation.inverse().apply(got).view(np.uint8), rows.view(np.uint8))


def test_words_are_as_wide_as_the_runs_allow():
    positions = np.array([4, 5, 6, 7, 0, 1, 2, 3])
    assert WordPermutation(positions).word_elements(2) == 4           # 8 bytes
    assert WordPermutation(positions).word_elements(4) == 2           # 8 bytes at most
    assert WordPermutation(positions).word_elements(8) == 1
    assert WordPermutation(np.array([1, 0, 2, 3])).word_elements(1) == 1
    assert WordPermutation(np.array([2, 3, 1, 0])).word_elements(1) == 1   # a run out of order


@pytest.mark.parametrize("positions", [[0, 0, 1], [0, 2], [1, 2, 3]])
def test_only_permutations_are_accepted(positions):
    with pytest.raises(ValueError, match="every slot index once"):
        WordPermutation(np.array(positions))


@pytest.mark.parametrize("shape", DENSE + SPARSE, ids=lambda s: f"{'sp.' if s.sparse else ''}{s.name}")
def test_fragment_gathers_follow_the_fragment_maps(shape):
    """`Operand.matrices` and `Operand.fragments` against the maps evaluated lane by lane."""
    rng = np.random.default_rng(7)
    for operand in (shape.a, shape.b, shape.c):
        fragments = rng.standard_normal((64, *operand.vector)).astype(np.float32)
        want = np.zeros((2, operand.rows, operand.cols), np.float32)
        for lane in range(64):
            for element in range(operand.elements):
                row, col = operand.map(lane % 32, element)
                want[lane // 32, row, col] = fragments.reshape(64, -1)[lane, element]
        got = operand.matrices(fragments)
        assert got.shape == want.shape and np.array_equal(got, want)
        assert np.array_equal(operand.fragments(got), fragments)
