"""OpCooperativeMatrixConvertNV and OpCooperativeMatrixTransposeNV: values against the oracle, every rule by name."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.coopmat import transpose as nv
from dxlinalg.coopmat.matrix_type import CoopMatrix, CoopMatType, MatrixUse, Scope
from dxlinalg.coopmat.transpose import convert_matrix, transpose_matrix
from dxlinalg.errors import InvalidArgumentError
from tests.coopmat import oracle_matrix_ops as oracle

A, B, ACC = MatrixUse.MatrixAKHR, MatrixUse.MatrixBKHR, MatrixUse.MatrixAccumulatorKHR
DTYPES = [np.float16, np.float32, ml_dtypes.bfloat16, ml_dtypes.float8_e4m3fn, np.int8, np.uint32]


def typed(dtype: object, rows: int, cols: int, use: MatrixUse, scope: Scope = Scope.Subgroup) -> CoopMatType:
    return CoopMatType(np.dtype(dtype), scope, rows, cols, use)


def random_matrix(t: CoopMatType, instances: int, seed: int) -> CoopMatrix:
    bits = np.random.default_rng(seed).integers(0, 256, (instances, t.rows, t.cols, t.component.itemsize),
                                                dtype=np.uint8)
    return CoopMatrix(t, bits.view(t.component).reshape(instances, t.rows, t.cols))


def test_opcodes_and_corrected_word_counts() -> None:
    assert (nv.CONVERT_OPCODE, nv.TRANSPOSE_OPCODE, nv.CAPABILITY) == (5293, 5390, 5431)
    assert (nv.CONVERT_WORD_COUNT, nv.TRANSPOSE_WORD_COUNT) == (4, 4)


@settings(max_examples=40, deadline=None)
@given(dtype=st.sampled_from(DTYPES), rows=st.integers(1, 9), cols=st.integers(1, 9), instances=st.integers(1, 3),
       use=st.sampled_from([A, B]), scope=st.sampled_from(list(Scope)), seed=st.integers(0, 10**6))
def test_convert_keeps_every_bit_and_changes_only_the_use(dtype, rows, cols, instances, use, scope, seed) -> None:
    matrix = random_matrix(typed(dtype, rows, cols, ACC, scope), instances, seed)
    got = convert_matrix(matrix, typed(dtype, rows, cols, use, scope))
    assert got.type == typed(dtype, rows, cols, use, scope)
    assert got.values.tobytes() == matrix.values.tobytes()
    assert not np.shares_memory(got.values, matrix.values)


@settings(max_examples=40, deadline=None)
@given(dtype=st.sampled_from(DTYPES), rows=st.integers(1, 9), cols=st.integers(1, 9), instances=st.integers(1, 3),
       scope=st.sampled_from(list(Scope)), seed=st.integers(0, 10**6))
def test_transpose_matches_the_oracle_bit_for_bit(dtype, rows, cols, instances, scope, seed) -> None:
    matrix = random_matrix(typed(dtype, rows, cols, ACC, scope), instances, seed)
    got = transpose_matrix(matrix, typed(dtype, cols, rows, B, scope))
    assert got.type == typed(dtype, cols, rows, B, scope)
    bits = matrix.values.view(f"u{matrix.type.component.itemsize}")
    assert got.values.view(bits.dtype).tolist() == oracle.transpose_oracle(bits.tolist())
    assert not np.shares_memory(got.values, matrix.values)


# -- rules ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("source", "result", "message"), [
    (typed(np.float16, 4, 8, A), typed(np.float16, 4, 8, B), "'Matrix' is .*; its Use must be MatrixAccumulatorKHR"),
    (typed(np.float16, 4, 8, ACC), typed(np.float16, 4, 8, ACC),
     "'Result Type' is .*; its Use must be MatrixAKHR or MatrixBKHR"),
    (typed(np.float16, 4, 8, ACC), typed(np.float32, 4, 8, A), "same Component Type"),
    (typed(np.float16, 4, 8, ACC), typed(np.float16, 4, 8, A, Scope.Workgroup),
     "'Matrix' has Scope Subgroup and 'Result Type' Workgroup .* same Scope"),
    (typed(np.float16, 4, 8, ACC), typed(np.float16, 8, 8, A), "same Rows"),
    (typed(np.float16, 4, 8, ACC), typed(np.float16, 4, 4, B), "same Columns"),
])
def test_convert_rules_are_rejected_by_name(source: CoopMatType, result: CoopMatType, message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=f"OpCooperativeMatrixConvertNV: .*{message}"):
        convert_matrix(random_matrix(source, 1, 0), result)


@pytest.mark.parametrize(("source", "result", "message"), [
    (typed(np.float16, 4, 8, A), typed(np.float16, 8, 4, B), "'Matrix' is .*; its Use must be MatrixAccumulatorKHR"),
    (typed(np.float16, 4, 8, ACC), typed(np.float16, 8, 4, A), "'Result Type' is .*; its Use must be MatrixBKHR"),
    (typed(np.float16, 4, 8, ACC), typed(np.float16, 8, 4, ACC), "its Use must be MatrixBKHR"),
    (typed(np.float16, 4, 8, ACC), typed(np.float16, 8, 4, B, Scope.Workgroup), "same Scope"),
    (typed(np.float16, 4, 8, ACC), typed(np.float32, 8, 4, B), "same Component Type"),
    (typed(np.float16, 4, 8, ACC), typed(np.float16, 4, 8, B), "the result must be 8x4 .* Rows and Columns swapped"),
    (typed(np.float16, 4, 8, ACC), typed(np.float16, 8, 8, B), "the result must be 8x4"),
])
def test_transpose_rules_are_rejected_by_name(source: CoopMatType, result: CoopMatType, message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=f"OpCooperativeMatrixTransposeNV: .*{message}"):
        transpose_matrix(random_matrix(source, 1, 0), result)


def test_square_transpose_needs_no_shape_change_but_still_transposes() -> None:
    matrix = CoopMatrix(typed(np.float32, 2, 2, ACC), np.array([[[1, 2], [3, 4]]], np.float32))
    assert transpose_matrix(matrix, typed(np.float32, 2, 2, B)).values.tolist() == [[[1, 3], [2, 4]]]


def test_operands_of_the_wrong_kind_are_rejected() -> None:
    t = typed(np.float32, 2, 2, ACC)
    with pytest.raises(InvalidArgumentError, match="OpCooperativeMatrixConvertNV: 'Matrix' must be a CoopMatrix"):
        convert_matrix(np.zeros((2, 2), np.float32), t.with_use(A))
    with pytest.raises(InvalidArgumentError, match="OpCooperativeMatrixTransposeNV: 'Result Type' must be a CoopMat"):
        transpose_matrix(CoopMatrix(t, np.zeros((1, 2, 2), np.float32)), "B")
