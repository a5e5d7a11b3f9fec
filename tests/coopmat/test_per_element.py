"""OpCooperativeMatrixPerElementOpNV: against the oracle, how the calls are made per profile setting, the rules."""

from __future__ import annotations

import types

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.coopmat.matrix_type import CoopMatrix, CoopMatType, MatrixUse, Scope
from dxlinalg.coopmat.per_element import REPEATED_FRACTION, call_order, per_element_op
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.profile.model import CooperativeMatrixSettings
from tests.coopmat import oracle_matrix_ops as oracle

CALLS = ("once_in_order", "shuffled_repeated")


def matrix_type(dtype: object = np.float32, rows: int = 3, cols: int = 4, use: MatrixUse = MatrixUse.MatrixAKHR,
                scope: Scope = Scope.Subgroup) -> CoopMatType:
    return CoopMatType(np.dtype(dtype), scope, rows, cols, use)


def coop_settings(calls: str, seed: int = 3) -> CooperativeMatrixSettings:
    return CooperativeMatrixSettings(per_element_calls=calls, per_element_seed=seed)


@settings(max_examples=60, deadline=None)
@given(instances=st.integers(1, 3), rows=st.integers(1, 6), cols=st.integers(1, 6), calls=st.sampled_from(CALLS),
       use=st.sampled_from(list(MatrixUse)), seed=st.integers(0, 99), data=st.data())
def test_per_element_matches_the_oracle(instances, rows, cols, calls, use, seed, data) -> None:
    count = instances * rows * cols
    t = matrix_type(np.int32, rows, cols, use)
    a = np.array(data.draw(st.lists(st.integers(-1000, 1000), min_size=count, max_size=count)), np.int32)
    b = np.array(data.draw(st.lists(st.integers(-1000, 1000), min_size=count, max_size=count)), np.int32)
    a, b = a.reshape(instances, rows, cols), b.reshape(instances, rows, cols)

    def func(row, col, value, other, scale):
        return value * scale + other - (row * 7 + col).astype(np.int32)

    got = per_element_op(CoopMatrix(t, a), func, CoopMatrix(t, b), np.int32(3), settings=coop_settings(calls, seed))
    expected = oracle.per_element_oracle(a.tolist(), lambda r, c, v, o, s: v * s + o - (r * 7 + c),
                                         [b.tolist(), 3], [True, False])
    assert got.type == t
    assert got.values.tolist() == expected


def test_once_in_order_calls_once_with_every_element_in_row_major_order_instance_by_instance() -> None:
    t = matrix_type(rows=2, cols=3)
    calls = []

    def record(row, col, value):
        calls.append((row.copy(), col.copy(), value.copy()))
        return value

    values = np.arange(12, dtype=np.float32).reshape(2, 2, 3)
    per_element_op(CoopMatrix(t, values), record, settings=coop_settings("once_in_order"))
    assert len(calls) == 1
    row, col, value = calls[0]
    assert row.dtype == col.dtype == np.uint32
    assert row.tolist() == [0, 0, 0, 1, 1, 1] * 2 and col.tolist() == [0, 1, 2] * 4
    assert value.tolist() == list(range(12))


def test_shuffled_repeated_shuffles_repeats_some_elements_and_keeps_the_last_call() -> None:
    t = matrix_type(rows=4, cols=5)
    values = np.arange(40, dtype=np.float32).reshape(2, 4, 5)
    seen = []
    counter = iter(range(10**6))

    def impure(row, col, value):
        seen.append(value.copy())
        return np.array([next(counter) for _ in value], np.float32)    # each call's number, in call order

    got = per_element_op(CoopMatrix(t, values), impure, settings=coop_settings("shuffled_repeated"))
    order = np.concatenate(seen).astype(int)
    assert len(order) == 40 + -(-40 // REPEATED_FRACTION)
    assert sorted(set(order.tolist())) == list(range(40))                # every element called
    assert order.tolist() != sorted(order.tolist())                      # not in order
    repeated = [e for e in range(40) if (order == e).sum() == 2]
    assert len(repeated) == 10
    last_call = {int(e): i for i, e in enumerate(order)}                 # the later call wins
    assert got.values.reshape(-1).tolist() == [last_call[e] for e in range(40)]


def test_shuffled_repeated_differs_per_call_and_seed_but_is_reproducible() -> None:
    adversarial = coop_settings("shuffled_repeated")
    first = call_order(30, adversarial, 0)
    assert np.array_equal(first, call_order(30, adversarial, 0))
    assert not np.array_equal(first, call_order(30, adversarial, 1))
    assert not np.array_equal(first, call_order(30, coop_settings("shuffled_repeated", seed=4), 0))
    assert call_order(1, adversarial, 0).tolist() == [0, 0]
    assert call_order(0, adversarial, 0).size == 0


@pytest.mark.parametrize("calls", CALLS)
def test_a_pure_function_gives_the_same_result_under_every_setting(calls: str) -> None:
    t = matrix_type(ml_dtypes.bfloat16, 5, 7, MatrixUse.MatrixAccumulatorKHR)
    values = (np.arange(35).reshape(1, 5, 7) / 8).astype(ml_dtypes.bfloat16)
    got = per_element_op(CoopMatrix(t, values), lambda r, c, v: v * 2, settings=coop_settings(calls))
    assert np.array_equal(got.values, values * 2)


def test_the_input_matrices_are_not_changed_by_a_function_that_writes_its_arguments() -> None:
    t = matrix_type()
    values = np.ones((1, 3, 4), np.float32)

    def vandal(row, col, value, other):
        value[:] = 7
        other[:] = 7
        return value

    matrix, other = CoopMatrix(t, values.copy()), CoopMatrix(t, values.copy())
    per_element_op(matrix, vandal, other, settings=coop_settings("once_in_order"))
    assert np.array_equal(matrix.values, values) and np.array_equal(other.values, values)


def test_a_struct_operand_is_passed_as_it_is() -> None:
    t = matrix_type()
    param = types.SimpleNamespace(x=np.float32(2))
    got = per_element_op(CoopMatrix(t, np.ones((1, 3, 4), np.float32)), lambda r, c, v, p: v + p.x, param,
                         settings=coop_settings("shuffled_repeated"))
    assert np.array_equal(got.values, np.full((1, 3, 4), 3, np.float32))


def test_a_float64_result_is_rounded_to_the_component_type() -> None:
    t = matrix_type(np.float16)
    got = per_element_op(CoopMatrix(t, np.zeros((1, 3, 4), np.float16)),
                         lambda r, c, v: np.full(v.shape, 1 / 3), settings=coop_settings("once_in_order"))
    assert got.values.dtype == np.float16 and got.values[0, 0, 0] == np.float16(1 / 3)


# -- rules ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("other", [
    matrix_type(np.float16), matrix_type(rows=4), matrix_type(cols=3), matrix_type(use=MatrixUse.MatrixBKHR),
    matrix_type(scope=Scope.Workgroup)])
def test_extra_matrix_operands_must_have_the_type_of_matrix(other: CoopMatType) -> None:
    t = matrix_type()
    matrix = CoopMatrix(t, np.zeros((1, 3, 4), np.float32))
    extra = CoopMatrix(other, np.zeros((1, other.rows, other.cols), other.component))
    with pytest.raises(InvalidArgumentError, match="extra operand 0 .* must have the same type as 'Matrix'"):
        per_element_op(matrix, lambda r, c, v, o: v, extra, settings=coop_settings("once_in_order"))


def test_extra_matrix_operands_must_hold_as_many_instances() -> None:
    t = matrix_type()
    with pytest.raises(InvalidArgumentError, match="extra operand 0 holds 2 matrix instances and 'Matrix' 1"):
        per_element_op(CoopMatrix(t, np.zeros((1, 3, 4), np.float32)), lambda r, c, v, o: v,
                       CoopMatrix(t, np.zeros((2, 3, 4), np.float32)), settings=coop_settings("once_in_order"))


@pytest.mark.parametrize(("func", "message"), [
    (lambda r, c, v: v[:1], r"returned shape \(1,\) for arguments of shape \(12,\); .* elementwise"),
    (lambda r, c, v: v > 0, "returned bool values; Func's return type must match the component type"),
    (lambda r, c, v: v.astype(np.int32), "returned int32 values; Func's return type must match"),
    (lambda r, c, v: 1.0, r"returned shape \(\) for arguments of shape \(12,\)"),
])
def test_the_function_must_return_one_value_per_element_of_the_component_type(func, message: str) -> None:
    matrix = CoopMatrix(matrix_type(), np.zeros((1, 3, 4), np.float32))
    with pytest.raises(InvalidArgumentError, match=message):
        per_element_op(matrix, func, settings=coop_settings("once_in_order"))


def test_bad_operands_are_rejected_by_name() -> None:
    matrix = CoopMatrix(matrix_type(), np.zeros((1, 3, 4), np.float32))
    reference = coop_settings("once_in_order")
    with pytest.raises(InvalidArgumentError, match="'Matrix' must be a CoopMatrix"):
        per_element_op(np.zeros((3, 4)), lambda r, c, v: v, settings=reference)
    with pytest.raises(InvalidArgumentError, match="Func 3 must be callable"):
        per_element_op(matrix, 3, settings=reference)
    with pytest.raises(InvalidArgumentError, match="settings must be a CooperativeMatrixSettings"):
        per_element_op(matrix, lambda r, c, v: v, settings="adversarial")
    with pytest.raises(InvalidArgumentError, match="call_index -1 must be a non-negative integer"):
        per_element_op(matrix, lambda r, c, v: v, settings=reference, call_index=-1)


# -- once_per_holder (the H100) ---------------------------------------------------------------------------
H100_CALLS = CooperativeMatrixSettings(ownership="nvidia_mma", per_element_calls="once_per_holder")


def test_once_per_holder_calls_index_by_index_invocations_ascending() -> None:
    t = matrix_type(np.float32, 16, 8, MatrixUse.MatrixAccumulatorKHR)
    seen = []

    def func(row, col, value):
        seen.append((row.copy(), col.copy()))
        return value

    per_element_op(CoopMatrix(t, np.zeros((1, 16, 8), np.float32)), func, settings=H100_CALLS, scope_size=32)
    row, col = seen[0]
    g, tt = np.arange(32) >> 2, np.arange(32) & 3
    assert row[:32].tolist() == g.tolist() and col[:32].tolist() == (2 * tt).tolist()         # index 0, lanes 0..31
    assert row[32:64].tolist() == g.tolist() and col[32:64].tolist() == (2 * tt + 1).tolist()  # index 1
    assert row[64:96].tolist() == (g + 8).tolist()


def test_once_per_holder_calls_replicated_workgroup_elements_once_per_copy() -> None:
    t = matrix_type(np.float16, 32, 32, MatrixUse.MatrixAKHR, Scope.Workgroup)
    counted = []

    def func(row, col, value):
        counted.append(np.bincount(row.astype(np.int64) * 32 + col, minlength=32 * 32))
        return value + np.float16(1)

    out = per_element_op(CoopMatrix(t, np.zeros((3, 32, 32), np.float16)), func, settings=H100_CALLS,
                         scope_size=128)
    assert (counted[0] == 2 * 3).all()                                        # 2 copies (grid 2 x 2), 3 instances
    assert (out.values == 1).all()


@pytest.mark.parametrize("scope_size", [0, 2.0, False])
def test_scope_size_must_be_a_positive_integer(scope_size) -> None:
    t = matrix_type()
    with pytest.raises(InvalidArgumentError, match="scope_size"):
        per_element_op(CoopMatrix(t, np.zeros((1, 3, 4), np.float32)), lambda r, c, v: v, settings=H100_CALLS,
                       scope_size=scope_size)
