"""OpCooperativeMatrixReduceNV against the plain-loop oracle: every mask, result size and reduce order.

The combine functions are not commutative (2a + b, 3a + b), so a result that matches shows the
order too, not just the grouping.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.coopmat.matrix_type import CoopMatrix, CoopMatType, MatrixUse, Scope
from dxlinalg.coopmat.reduce import ReduceMask, reduce_matrix
from dxlinalg.profile.model import CooperativeMatrixSettings
from tests.coopmat import oracle_matrix_ops as oracle

ACC = MatrixUse.MatrixAccumulatorKHR
ORDERS = ("sequential", "reversed", "pairwise", "seeded_shuffle")
INT64_MOD = 1 << 64


def accumulator(dtype: object, rows: int, cols: int, scope: Scope = Scope.Subgroup) -> CoopMatType:
    return CoopMatType(np.dtype(dtype), scope, rows, cols, ACC)


def coop_settings(order: str, seed: int = 5) -> CooperativeMatrixSettings:
    return CooperativeMatrixSettings(reduce_order=order, reduce_seed=seed)


def group_count_and_size(mask: int, instances: int, rows: int, cols: int) -> tuple[int, int]:
    return {oracle.ROW: (instances * rows, cols), oracle.COLUMN: (instances * cols, rows),
            oracle.ROW_AND_COLUMN: (instances, rows * cols),
            oracle.TWO_BY_TWO: (instances * (rows // 2) * (cols // 2), 4)}[mask]


def documented_permutations(mask: int, instances: int, rows: int, cols: int, seed: int, call_index: int):
    """docs/coopmat-reduce.md's definition of seeded_shuffle, as the oracle's lookup (instance, r, c) -> order.

    Groups are numbered instance-major, then by row (Row), column (Column) or block row-major (2x2);
    the group's permutation is row g of rng.permuted(tile(arange(k)), axis=1).
    """
    groups, k = group_count_and_size(mask, instances, rows, cols)
    table = np.random.default_rng([seed, call_index]).permuted(np.broadcast_to(np.arange(k), (groups, k)), axis=1)

    def lookup(instance: int, r: int, c: int) -> list[int]:
        if mask == oracle.ROW:
            g = instance * rows + r
        elif mask == oracle.COLUMN:
            g = instance * cols + c
        elif mask == oracle.ROW_AND_COLUMN:
            g = instance
        else:
            g = (instance * (rows // 2) + r) * (cols // 2) + c
        return [int(p) for p in table[g]]
    return lookup


@st.composite
def reductions(draw: st.DrawFn) -> tuple[int, int, int, int, tuple[int, int]]:
    mask = draw(st.sampled_from([oracle.ROW, oracle.COLUMN, oracle.ROW_AND_COLUMN, oracle.TWO_BY_TWO]))
    instances = draw(st.integers(1, 3))
    if mask == oracle.TWO_BY_TWO:
        rows, cols = 2 * draw(st.integers(1, 4)), 2 * draw(st.integers(1, 4))
        result = (rows // 2, cols // 2)
    else:
        rows, cols = draw(st.integers(1, 7)), draw(st.integers(1, 7))
        free = (draw(st.integers(1, 9)), draw(st.integers(1, 9)))
        result = {oracle.ROW: (rows, free[1]), oracle.COLUMN: (free[0], cols), oracle.ROW_AND_COLUMN: free}[mask]
    return mask, instances, rows, cols, result


@settings(max_examples=150, deadline=None)
@given(case=reductions(), order=st.sampled_from(ORDERS), seed=st.integers(0, 1000), call_index=st.integers(0, 5),
       dtype=st.sampled_from([np.float64, np.float32, np.float16, ml_dtypes.bfloat16]), data=st.data())
def test_float_reduce_matches_the_oracle_bit_for_bit(case, order, seed, call_index, dtype, data) -> None:
    """The oracle folds numpy scalars of the component type, so every step rounds as the engine's does."""
    mask, instances, rows, cols, result_shape = case
    values = np.array(data.draw(st.lists(st.integers(-9, 9), min_size=instances * rows * cols,
                                         max_size=instances * rows * cols)), np.float64)
    values = (values.reshape(instances, rows, cols) / 4).astype(dtype)
    matrix = CoopMatrix(accumulator(dtype, rows, cols), values)
    two = np.dtype(dtype).type(2)

    def combine(a, b):
        return two * a + b

    got = reduce_matrix(matrix, accumulator(dtype, *result_shape), mask, combine, coop_settings(order, seed),
                        call_index=call_index)
    permutations = documented_permutations(mask, instances, rows, cols, seed, call_index)
    scalars = [[[values[i, r, c] for c in range(cols)] for r in range(rows)] for i in range(instances)]
    expected = oracle.reduce_oracle(scalars, mask, result_shape, combine, order,
                                    permutations if order == "seeded_shuffle" else None)
    assert got.type == accumulator(dtype, *result_shape)
    assert got.values.view(f"u{got.values.itemsize}").tolist() == np.array(expected, dtype).view(
        f"u{got.values.itemsize}").tolist()


@settings(max_examples=80, deadline=None)
@given(case=reductions(), order=st.sampled_from(ORDERS), data=st.data())
def test_int64_reduce_with_wrapping_combine_matches_exact_python_integers(case, order, data) -> None:
    """3a + b in int64 wraps; the oracle computes it in Python integers modulo 2^64."""
    mask, instances, rows, cols, result_shape = case
    count = instances * rows * cols
    values = np.array(data.draw(st.lists(st.integers(-2**62, 2**62), min_size=count, max_size=count)), np.int64)
    matrix = CoopMatrix(accumulator(np.int64, rows, cols), values.reshape(instances, rows, cols))
    got = reduce_matrix(matrix, accumulator(np.int64, *result_shape), mask, lambda a, b: 3 * a + b,
                        coop_settings(order))

    def exact(a: int, b: int) -> int:
        wrapped = (3 * a + b) % INT64_MOD
        return wrapped - INT64_MOD if wrapped >= 1 << 63 else wrapped

    permutations = documented_permutations(mask, instances, rows, cols, 5, 0)
    expected = oracle.reduce_oracle(values.reshape(instances, rows, cols).tolist(), mask, result_shape, exact, order,
                                    permutations if order == "seeded_shuffle" else None)
    assert got.values.tolist() == expected


# -- what each order is -----------------------------------------------------------------------------------
def order_of_a_row(order: str, k: int, seed: int = 5, call_index: int = 0, instances: int = 1) -> list[list[int]]:
    """The order in which each Row group of a 1 x k matrix of digits 1..k met its elements.

    Elements are distinct digits and combine(a, b) = 16a + b writes the fold as base-16 digits (a
    left fold only: pairwise mixes levels and is checked through the oracle).
    """
    digits = np.tile(np.arange(1, k + 1, dtype=np.int64), (instances, 1)).reshape(instances, 1, k)
    matrix = CoopMatrix(accumulator(np.int64, 1, k), digits)
    got = reduce_matrix(matrix, accumulator(np.int64, 1, 1), ReduceMask.Row, lambda a, b: 16 * a + b,
                        coop_settings(order, seed), call_index=call_index)
    return [[int(d, 16) - 1 for d in f"{int(v):x}"] for v in got.values.reshape(-1)]


def test_sequential_is_a_left_fold_in_row_major_order_and_reversed_from_the_last() -> None:
    assert order_of_a_row("sequential", 6) == [[0, 1, 2, 3, 4, 5]]
    assert order_of_a_row("reversed", 6) == [[5, 4, 3, 2, 1, 0]]


def test_pairwise_is_a_balanced_tree_over_adjacent_pairs_with_odd_elements_carried() -> None:
    matrix = CoopMatrix(accumulator(np.int64, 1, 5), np.arange(5, dtype=np.int64).reshape(1, 1, 5))
    calls: list[list[tuple[int, int]]] = []

    def record(a, b):
        calls.append(list(zip(a.reshape(-1).tolist(), b.reshape(-1).tolist(), strict=True)))
        return 10 * a + b          # 10a + b names the pair it came from

    got = reduce_matrix(matrix, accumulator(np.int64, 1, 1), ReduceMask.Row, record, coop_settings("pairwise"))
    # levels: (0,1) (2,3) | 4 carried; then (01, 23) | 4 carried; then (0123, 4)
    assert calls == [[(0, 1), (2, 3)], [(1, 23)], [(33, 4)]]
    assert got.values.item() == 334


def test_seeded_shuffle_orders_each_group_its_own_way_and_each_call_anew() -> None:
    orders = order_of_a_row("seeded_shuffle", 8, instances=6)
    assert all(sorted(o) == list(range(8)) for o in orders)          # every element exactly once
    assert len({tuple(o) for o in orders}) > 1                        # groups differ
    assert orders == order_of_a_row("seeded_shuffle", 8, instances=6)  # reproducible
    assert orders != order_of_a_row("seeded_shuffle", 8, call_index=1, instances=6)
    assert orders != order_of_a_row("seeded_shuffle", 8, seed=6, instances=6)


@pytest.mark.parametrize("order", ORDERS)
def test_the_combine_is_called_once_per_step_for_all_groups_at_once(order: str) -> None:
    instances, rows, cols = 4, 16, 16
    matrix = CoopMatrix(accumulator(np.float32, rows, cols), np.ones((instances, rows, cols), np.float32))
    shapes = []

    def counting(a, b):
        shapes.append(a.shape)
        return a + b

    got = reduce_matrix(matrix, accumulator(np.float32, rows, 1), ReduceMask.Row, counting, coop_settings(order))
    assert np.array_equal(got.values, np.full((instances, rows, 1), 16, np.float32))
    expected_calls = 4 if order == "pairwise" else cols - 1
    assert len(shapes) == expected_calls
    assert sum(int(np.prod(s)) for s in shapes) == instances * rows * (cols - 1)


def test_a_group_of_one_element_calls_nothing() -> None:
    matrix = CoopMatrix(accumulator(np.float32, 3, 1), np.arange(6, dtype=np.float32).reshape(2, 3, 1))

    def never(a, b):
        raise AssertionError("combine called for one-element groups")

    got = reduce_matrix(matrix, accumulator(np.float32, 3, 4), ReduceMask.Row, never, coop_settings("sequential"))
    assert np.array_equal(got.values, np.repeat(matrix.values, 4, axis=2))
