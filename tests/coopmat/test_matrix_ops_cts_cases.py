"""Cases in the style of VK-GL-CTS vktComputeCooperativeMatrixTests.cpp (reduce, per-element, convert, transpose).

The CTS fills float inputs with ((random & 0xff) - 64) / 2, runs one matrix per subgroup or
workgroup, and checks on the host: Row/Column/Row|Column sums and minimums within a relative 3/1024
of a sequential float32 fold, with every element of a result row (column, matrix) bit-equal to the
first; 2x2 exactly; the *_CHANGEDIM variants with results 3 times as wide (Row), tall (Column) or
both (Row|Column). These checks hold whatever order a device combines in, so every shipped
profile (including the adversarial orders) must pass them.
"""

from __future__ import annotations

import types

import numpy as np
import pytest

from dxlinalg import builtin_profile_names, load_profile
from dxlinalg.coopmat.matrix_type import CoopMatrix, CoopMatType, MatrixUse, Scope
from dxlinalg.coopmat.per_element import per_element_op
from dxlinalg.coopmat.reduce import (
    gl_CooperativeMatrixReduce2x2NV,
    gl_CooperativeMatrixReduceColumnNV,
    gl_CooperativeMatrixReduceRowAndColumnNV,
    gl_CooperativeMatrixReduceRowNV,
    reduce_matrix,
)
from dxlinalg.coopmat.transpose import convert_matrix, transpose_matrix

ACC = MatrixUse.MatrixAccumulatorKHR
M = N = 16
MATRICES = 4                                    # the CTS runs one matrix per subgroup of a few workgroups
PROFILES = builtin_profile_names()
FLOATS = [np.float16, np.float32]
ROW, COL, ROWCOL, TWO = (gl_CooperativeMatrixReduceRowNV, gl_CooperativeMatrixReduceColumnNV,
                         gl_CooperativeMatrixReduceRowAndColumnNV, gl_CooperativeMatrixReduce2x2NV)


def cts_inputs(dtype: object, rows: int, cols: int, seed: int) -> np.ndarray:
    rnd = np.random.default_rng(seed).integers(0, 1 << 32, (MATRICES, rows, cols), dtype=np.uint64)
    return (((rnd & 0xFF).astype(np.float32) - 64) / 2).astype(dtype)


def combine_op(kind: str):
    return (lambda a, b: a + b) if kind == "sum" else np.minimum


def reference_fold(kind: str, items: np.ndarray) -> float:
    """The CTS reference: a float32 fold from the identity."""
    ref = np.float32(0) if kind == "sum" else np.float32(np.finfo(np.float32).max)
    for item in items:
        ref = np.float32(ref + np.float32(item)) if kind == "sum" else min(ref, np.float32(item))
    return float(ref)


def near(ref: float, got: float) -> bool:
    return abs(ref - got) / (abs(ref) + 0.001) <= 3.0 / 1024


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("scope", list(Scope))
@pytest.mark.parametrize(("kind", "mask", "m_scale", "n_scale"), [
    ("sum", ROW, 1, 1), ("sum", COL, 1, 1), ("sum", ROWCOL, 1, 1),
    ("sum", ROW, 1, 3), ("sum", COL, 3, 1), ("sum", ROWCOL, 3, 3),       # TT_REDUCE_SUM_*_CHANGEDIM
    ("min", ROW, 1, 1), ("min", COL, 1, 1), ("min", ROWCOL, 1, 1)])
def test_reduce_row_column_and_whole_matrix(profile: str, dtype, scope: Scope, kind: str, mask: int, m_scale: int,
                                            n_scale: int) -> None:
    values = cts_inputs(dtype, M, N, seed=mask * 10 + m_scale)
    matrix = CoopMatrix(CoopMatType(np.dtype(dtype), scope, M, N, ACC), values)
    out_m, out_n = M * m_scale, N * n_scale
    result = reduce_matrix(matrix, CoopMatType(np.dtype(dtype), scope, out_m, out_n, ACC), mask, combine_op(kind),
                           load_profile(profile).coopmat).values.astype(np.float32)
    for k in range(MATRICES):
        a, d = values[k].astype(np.float32), result[k]
        if mask == ROW:
            for i in range(M):
                ref = reference_fold(kind, a[i, :])
                assert all(near(ref, d[i, j]) for j in range(out_n)) and (d[i, :] == d[i, 0]).all()
        elif mask == COL:
            for j in range(N):
                ref = reference_fold(kind, a[:, j])
                assert all(near(ref, d[i, j]) for i in range(out_m)) and (d[:, j] == d[0, j]).all()
        else:
            ref = reference_fold(kind, a.reshape(-1))
            assert all(near(ref, v) for v in d.reshape(-1)) and (d == d[0, 0]).all()


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("kind", ["sum", "min"])
def test_reduce_2x2_is_exact(profile: str, dtype, kind: str) -> None:
    values = cts_inputs(dtype, M, N, seed=4)
    matrix = CoopMatrix(CoopMatType(np.dtype(dtype), Scope.Subgroup, M, N, ACC), values)
    result = reduce_matrix(matrix, CoopMatType(np.dtype(dtype), Scope.Subgroup, M // 2, N // 2, ACC), TWO,
                           combine_op(kind), load_profile(profile).coopmat).values.astype(np.float32)
    for k in range(MATRICES):
        a = values[k].astype(np.float32)
        for i in range(M // 2):
            for j in range(N // 2):
                block = [a[2 * i, 2 * j], a[2 * i, 2 * j + 1], a[2 * i + 1, 2 * j], a[2 * i + 1, 2 * j + 1]]
                assert reference_fold(kind, np.array(block)) == result[k, i, j]


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("case", ["scalar", "matrix", "row_col", "struct"])
def test_per_element_ops(profile: str, dtype, case: str) -> None:
    """TT_PER_ELEMENT_OP(_MAT, _ROW_COL, _STRUCT): elem + T(2.0), elem + T(2.0)*matA, elem + T(row*3+col), p.x."""
    t = CoopMatType(np.dtype(dtype), Scope.Subgroup, M, N, MatrixUse.MatrixAKHR)
    values = cts_inputs(dtype, M, N, seed=7)
    matrix = CoopMatrix(t, values)
    two = np.dtype(dtype).type(2.0)
    settings = load_profile(profile).coopmat
    if case == "scalar":
        got = per_element_op(matrix, lambda row, col, elem, other: elem + other, two, settings=settings)
        expected = values + two
    elif case == "matrix":
        got = per_element_op(matrix, lambda row, col, elem, other: elem + other, CoopMatrix(t, two * values),
                             settings=settings)
        expected = values + two * values
    elif case == "row_col":
        got = per_element_op(matrix, lambda row, col, elem: elem + (row * 3 + col).astype(elem.dtype),
                             settings=settings)
        rows, cols = np.indices((M, N))
        expected = values + (rows * 3 + cols).astype(dtype)
    else:
        param = types.SimpleNamespace(x=two)
        got = per_element_op(matrix, lambda row, col, elem, p: elem + p.x, param, settings=settings)
        expected = values + two
    assert got.type == t and np.array_equal(got.values, expected)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("use", [MatrixUse.MatrixAKHR, MatrixUse.MatrixBKHR])
@pytest.mark.parametrize("scope", list(Scope))
def test_convert_accumulator_to_a_and_b(dtype, use: MatrixUse, scope: Scope) -> None:
    """TT_CONVERT_ACC_TO_A / _B: matO = outputMatType(matA), element for element."""
    values = cts_inputs(dtype, M, N, seed=8)
    got = convert_matrix(CoopMatrix(CoopMatType(np.dtype(dtype), scope, M, N, ACC), values),
                         CoopMatType(np.dtype(dtype), scope, M, N, use))
    assert np.array_equal(got.values, values)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("scope", list(Scope))
@pytest.mark.parametrize(("rows", "cols"), [(16, 16), (16, 8), (32, 16)])
def test_transpose_accumulator_to_b(dtype, scope: Scope, rows: int, cols: int) -> None:
    """TT_TRANSPOSE_ACC_TO_B: the source is MxN, the destination NxM with D[j][i] = A[i][j]."""
    values = cts_inputs(dtype, rows, cols, seed=9)
    got = transpose_matrix(CoopMatrix(CoopMatType(np.dtype(dtype), scope, rows, cols, ACC), values),
                           CoopMatType(np.dtype(dtype), scope, cols, rows, MatrixUse.MatrixBKHR)).values
    for k in range(MATRICES):
        for i in range(rows):
            for j in range(cols):
                assert got[k, j, i] == values[k, i, j]
