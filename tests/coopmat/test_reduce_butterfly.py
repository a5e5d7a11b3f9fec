"""The lane_butterfly reduce order (reduce_butterfly): the plan against the H100's subgroup rule written
out again as test code (tests/hardware_replay/nvidia_h100_coopmat_replay.subgroup_tree) on shapes the
record does not cover, its evaluation, where it falls back to pairwise, and its operand rules."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.coopmat.matrix_type import CoopMatrix, CoopMatType, MatrixUse, Scope
from dxlinalg.coopmat.reduce import reduce_matrix
from dxlinalg.coopmat.reduce_butterfly import butterfly_plan
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.profile.model import CooperativeMatrixSettings
from tests.hardware_replay.nvidia_h100_coopmat_replay import (
    subgroup_tree,
    two_by_two_tree,
)
from tests.hardware_replay.test_nvidia_h100_coopmat_emulator import rendered_tree

BUTTERFLY = CooperativeMatrixSettings(reduce_order="lane_butterfly")
PAIRWISE = CooperativeMatrixSettings(reduce_order="pairwise")
MODES = {"row": 0x1, "col": 0x2, "rowcol": 0x3}


def accumulator(rows: int, cols: int, dtype: object = np.float64, scope: Scope = Scope.Subgroup) -> CoopMatType:
    return CoopMatType(np.dtype(dtype), scope, rows, cols, MatrixUse.MatrixAccumulatorKHR)


@settings(max_examples=25, deadline=None)
@given(mode=st.sampled_from(sorted(MODES)), rows=st.sampled_from([8, 16, 24, 40]), cols=st.sampled_from([8, 16, 24]),
       data=st.data())
def test_subgroup_plan_is_the_measured_rule_on_any_whole_block_shape(mode, rows, cols, data):
    result_rows = rows if mode == "row" else data.draw(st.sampled_from([1, 8, rows]))
    result_cols = cols if mode == "col" else data.draw(st.sampled_from([1, 2, 12]))
    plan = butterfly_plan(MODES[mode], rows, cols, result_rows, result_cols, 32)
    r, c = data.draw(st.integers(0, result_rows - 1)), data.draw(st.integers(0, result_cols - 1))
    assert rendered_tree(plan.leaves[plan.tree_of_result[r, c]], mode, cols, r, c) == \
        subgroup_tree(mode, rows, cols, r, c)


def test_two_by_two_plan_pairs_columns_then_rows_lower_row_first_below_row_4():
    plan = butterfly_plan(0x4, 32, 16, 16, 8, 32)
    for r in (0, 3, 4, 7, 8, 13):
        assert rendered_tree(plan.leaves[plan.tree_of_result[r, 5]], "2x2", 16, r, 5) == two_by_two_tree(r)


def test_reduce_matrix_evaluates_each_result_element_with_its_own_tree():
    """A non-commutative combine (a - b) on a 16 x 16 Row reduction: the result is the tree's value,
    different for the classes of result columns; the combine is called log2-ish times."""
    rng = np.random.default_rng(4)
    values = rng.integers(-50, 50, (2, 16, 16)).astype(np.float64)
    calls = []

    def combine(a, b):
        calls.append(a.shape)
        return a - b

    got = reduce_matrix(CoopMatrix(accumulator(16, 16), values), accumulator(16, 16), 0x1, combine, BUTTERFLY)
    plan = butterfly_plan(0x1, 16, 16, 16, 16, 32)
    for instance in range(2):
        for r, c in ((0, 0), (5, 3), (9, 14)):
            leaves = plan.leaves[plan.tree_of_result[r, c]][0]                 # one piece: (chunks, fold)
            level = [values[instance].reshape(-1)[chunk[0]] - values[instance].reshape(-1)[chunk[1]]
                     for chunk in leaves]
            while len(level) > 1:
                level = [a - b for a, b in zip(level[0::2], level[1::2])]
            assert got.values[instance, r, c] == level[0]
    assert len(calls) == 1 + 3                                                # the fold of 2, then 3 levels
    assert len({got.values[0, 0, c] for c in range(8)}) > 1                  # trees differ per column class


@pytest.mark.parametrize("rows, cols, scope_size", [(12, 16, 32), (16, 16, 96), (16, 16, 48)])
def test_shapes_and_scopes_without_a_measured_rule_fall_back_to_pairwise(rows, cols, scope_size):
    values = np.random.default_rng(1).standard_normal((1, rows, cols))
    source = CoopMatrix(accumulator(rows, cols, scope=Scope.Workgroup), values)
    result = accumulator(rows, 1, scope=Scope.Workgroup)
    assert butterfly_plan(0x1, rows, cols, rows, 1, scope_size) is None
    butterfly = reduce_matrix(source, result, 0x1, np.subtract, BUTTERFLY, scope_size=scope_size)
    pairwise = reduce_matrix(source, result, 0x1, np.subtract, PAIRWISE, scope_size=scope_size)
    assert butterfly.values.tobytes() == pairwise.values.tobytes()


def test_workgroup_scope_folds_the_subgroups_pieces_in_order():
    """Column reduction of 32 rows by 4 subgroups (grid 2 x 2): two pieces of 16 rows, combined last."""
    plan = butterfly_plan(0x2, 32, 32, 32, 32, 128)
    assert plan.leaves.shape[1:] == (2, 8, 2)
    assert (plan.leaves[:, 0] // 32 < 16).all() and (plan.leaves[:, 1] // 32 >= 16).all()


@pytest.mark.parametrize("scope_size", [0, -32, 1.5, True, "32"])
def test_scope_size_must_be_a_positive_integer(scope_size):
    source = CoopMatrix(accumulator(16, 16), np.zeros((1, 16, 16)))
    with pytest.raises(InvalidArgumentError, match="scope_size"):
        reduce_matrix(source, accumulator(16, 1), 0x1, np.add, BUTTERFLY, scope_size=scope_size)
