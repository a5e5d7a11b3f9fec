"""OpCooperativeMatrixReduceNV: numbers, every rule rejected by name, and what a combine may return."""

from __future__ import annotations

from typing import get_args

import numpy as np
import pytest

from dxlinalg.coopmat import reduce as reduce_module
from dxlinalg.coopmat.matrix_type import CoopMatrix, CoopMatType, MatrixUse, Scope
from dxlinalg.coopmat.reduce import ReduceMask, check_reduce_mask, reduce_matrix
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.profile.model import CooperativeMatrixSettings

ACC = MatrixUse.MatrixAccumulatorKHR
SETTINGS = CooperativeMatrixSettings()


def acc(rows: int, cols: int, dtype: object = np.float32, scope: Scope = Scope.Subgroup,
        use: MatrixUse = ACC) -> CoopMatType:
    return CoopMatType(np.dtype(dtype), scope, rows, cols, use)


def zeros(t: CoopMatType) -> CoopMatrix:
    return CoopMatrix(t, np.zeros((1, t.rows, t.cols), t.component))


def test_numbers_match_the_grammar_with_the_corrected_word_count() -> None:
    assert (reduce_module.OPCODE, reduce_module.WORD_COUNT, reduce_module.CAPABILITY) == (5366, 6, 5430)
    assert (ReduceMask.Row, ReduceMask.Column, ReduceMask.Reduce2x2) == (1, 2, 4)
    assert (reduce_module.gl_CooperativeMatrixReduceRowNV, reduce_module.gl_CooperativeMatrixReduceColumnNV,
            reduce_module.gl_CooperativeMatrixReduceRowAndColumnNV,
            reduce_module.gl_CooperativeMatrixReduce2x2NV) == (1, 2, 3, 4)


@pytest.mark.parametrize("mask", [1, 2, 3, 4, ReduceMask.Row | ReduceMask.Column, np.int32(4)])
def test_valid_masks(mask: int) -> None:
    assert check_reduce_mask(mask) == int(mask)


@pytest.mark.parametrize(("mask", "message"), [
    (0, "Reduce 0x0 must combine Row 0x1, Column 0x2 and 2x2 0x4, with at least one set"),
    (8, "Reduce 0x8 must combine"),
    (-1, "Reduce -0x1 must combine"),
    (5, "Reduce 0x5 combines 2x2 with Row or Column .* invalid to combine 2x2 with Row or Column"),
    (6, "Reduce 0x6 combines 2x2 with Row or Column"),
    (7, "Reduce 0x7 combines 2x2"),
    (True, "Reduce True must be an integer mask"),
    (1.0, "Reduce 1.0 must be an integer mask"),
])
def test_invalid_masks_are_rejected_by_name(mask: object, message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=f"OpCooperativeMatrixReduceNV: {message}"):
        reduce_matrix(zeros(acc(4, 4)), acc(2, 2), mask, np.add, SETTINGS)


@pytest.mark.parametrize(("source", "result", "mask", "message"), [
    (acc(4, 4, use=MatrixUse.MatrixAKHR), acc(4, 1), 1, "'Matrix' is .*; its Use must be MatrixAccumulatorKHR"),
    (acc(4, 4), acc(4, 1, use=MatrixUse.MatrixBKHR), 1, "'Result Type' is .*; its Use must be MatrixAccumulatorKHR"),
    (acc(4, 4), acc(4, 1, np.float16), 1, "'Matrix' has Component Type float32 and 'Result Type' float16"),
    (acc(4, 4), acc(4, 1, scope=Scope.Workgroup), 1, "'Matrix' has Scope Subgroup and 'Result Type' Workgroup .* the same Scope"),
    (acc(4, 4), acc(3, 4), 1, "a Row reduction of a 4x4 matrix needs a result with 4 rows, not 3 .* equals Row"),
    (acc(4, 4), acc(4, 3), 2, "a Column reduction of a 4x4 matrix needs a result with 4 columns, not 3"),
    (acc(4, 4), acc(4, 4), 4, "a 2x2 reduction of a 4x4 matrix cannot give a 4x4 result .* must be half"),
    (acc(4, 6), acc(2, 2), 4, "a 2x2 reduction of a 4x6 matrix cannot give a 2x2 result"),
    (acc(5, 4), acc(2, 2), 4, "a 2x2 reduction of a 5x4 matrix cannot give a 2x2 result"),
])
def test_type_and_shape_rules_are_rejected_by_name(source, result, mask: int, message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=f"OpCooperativeMatrixReduceNV: {message}"):
        reduce_matrix(zeros(source), result, mask, np.add, SETTINGS)


@pytest.mark.parametrize(("result", "mask"), [(acc(4, 1), 1), (acc(4, 9), 1), (acc(1, 6), 2), (acc(7, 6), 2),
                                             (acc(1, 1), 3), (acc(9, 2), 3), (acc(2, 3), 4)])
def test_every_result_size_the_rules_allow_is_accepted(result: CoopMatType, mask: int) -> None:
    got = reduce_matrix(CoopMatrix(acc(4, 6), np.ones((2, 4, 6), np.float32)), result, mask, np.add, SETTINGS)
    assert got.values.shape == (2, result.rows, result.cols)


def test_bad_operands_are_rejected_by_name() -> None:
    source = zeros(acc(4, 4))
    with pytest.raises(InvalidArgumentError, match="'Matrix' must be a CoopMatrix"):
        reduce_matrix(np.zeros((4, 4)), acc(4, 1), 1, np.add, SETTINGS)
    with pytest.raises(InvalidArgumentError, match="'Result Type' must be a CoopMatType"):
        reduce_matrix(source, (4, 1), 1, np.add, SETTINGS)
    with pytest.raises(InvalidArgumentError, match="CombineFunc 'add' must be callable"):
        reduce_matrix(source, acc(4, 1), 1, "add", SETTINGS)
    with pytest.raises(InvalidArgumentError, match="settings must be a CooperativeMatrixSettings"):
        reduce_matrix(source, acc(4, 1), 1, np.add, None)
    with pytest.raises(InvalidArgumentError, match="call_index 1.5 must be a non-negative integer"):
        reduce_matrix(source, acc(4, 1), 1, np.add, SETTINGS, call_index=1.5)


# -- what the combine returns -----------------------------------------------------------------------------
@pytest.mark.parametrize(("combine", "message"), [
    (lambda a, b: a > b, "the CombineFunc returned bool values; CombineFunc's result type must match"),
    (lambda a, b: (a + b).astype(np.int32), "returned int32 values"),
    (lambda a, b: np.sum(a + b), r"returned shape \(\) for arguments of shape \(4,\); .* like a numpy ufunc"),
    (lambda a, b: np.concatenate([a, b]), r"returned shape \(8,\)"),
    (lambda a, b: [str(x) for x in a], "returned <U"),
])
def test_a_combine_must_return_elementwise_values_of_the_component_family(combine, message: str) -> None:
    source = CoopMatrix(acc(4, 4), np.ones((1, 4, 4), np.float32))
    with pytest.raises(InvalidArgumentError, match=message):
        reduce_matrix(source, acc(4, 1), 1, combine, SETTINGS)


def test_a_wider_float_result_is_rounded_back_every_step() -> None:
    """float16 elements 2048 + 1 + 1: each step rounds to float16, so the 1s are lost one at a time."""
    source = CoopMatrix(acc(1, 3, np.float16), np.array([[[2048, 1, 1]]], np.float16))
    wide = reduce_matrix(source, acc(1, 1, np.float16), 1, lambda a, b: a.astype(np.float64) + b, SETTINGS)
    assert wide.values.dtype == np.float16 and wide.values.item() == 2048


def test_a_wider_integer_result_wraps_to_the_component_width() -> None:
    source = CoopMatrix(acc(1, 2, np.int8), np.array([[[100, 100]]], np.int8))
    got = reduce_matrix(source, acc(1, 1, np.int8), 1, lambda a, b: a.astype(np.int64) + b, SETTINGS)
    assert got.values.item() == -56


def test_the_input_matrix_is_not_changed_by_a_combine_that_writes_its_arguments() -> None:
    values = np.ones((1, 4, 4), np.float32)
    source = CoopMatrix(acc(4, 4), values.copy())

    def vandal(a, b):
        a[...] = 9
        b[...] = 9
        return a + b

    reduce_matrix(source, acc(4, 1), 1, vandal, SETTINGS)
    assert np.array_equal(source.values, values)


def test_the_orders_are_the_profile_fields_choices() -> None:
    assert reduce_module.REDUCE_ORDERS == get_args(CooperativeMatrixSettings.model_fields["reduce_order"].annotation)


def test_fold_rejects_an_unknown_order_and_a_shuffle_without_generator() -> None:
    groups = np.ones((2, 3), np.float32)
    with pytest.raises(InvalidArgumentError, match="reduce order 'random' is not one of sequential, reversed"):
        reduce_module.fold(groups, np.add, "random")
    with pytest.raises(InvalidArgumentError, match="seeded_shuffle reduce order needs a random generator"):
        reduce_module.fold(groups, np.add, "seeded_shuffle")
