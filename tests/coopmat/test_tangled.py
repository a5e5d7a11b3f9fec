"""Tangled instructions (SPV_NV_cooperative_matrix2 revision 2): uniform control flow of the scope, and none
inside a DecodeFunc, Func or CombineFunc or anything they call."""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg.coopmat.matrix_type import CoopMatrix, CoopMatType, MatrixUse, Scope
from dxlinalg.coopmat.per_element import per_element_op
from dxlinalg.coopmat.reduce import ReduceMask, reduce_matrix
from dxlinalg.coopmat.scope import require_uniform_scope
from dxlinalg.coopmat.tangled import (
    TANGLED_INSTRUCTIONS,
    UserFunction,
    calling_user_function,
    check_uniform_control_flow,
    require_not_in_callback,
    running_user_function,
)
from dxlinalg.coopmat.transpose import convert_matrix, transpose_matrix
from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.gpu import if_, standalone_lanes
from dxlinalg.gpu.masking import lane_return
from dxlinalg.profile.model import CooperativeMatrixSettings

ACC = MatrixUse.MatrixAccumulatorKHR
SETTINGS = CooperativeMatrixSettings()
T = CoopMatType(np.float32, Scope.Subgroup, 2, 2, ACC)
MATRIX = CoopMatrix(T, np.ones((1, 2, 2), np.float32))
NESTED_OPS = {
    "OpCooperativeMatrixReduceNV": lambda: reduce_matrix(MATRIX, T, ReduceMask.Row, np.add, SETTINGS),
    "OpCooperativeMatrixPerElementOpNV": lambda: per_element_op(MATRIX, lambda r, c, v: v, settings=SETTINGS),
    "OpCooperativeMatrixConvertNV": lambda: convert_matrix(MATRIX, T.with_use(MatrixUse.MatrixAKHR)),
    "OpCooperativeMatrixTransposeNV": lambda: transpose_matrix(MATRIX, T.with_use(MatrixUse.MatrixBKHR)),
}


def test_revision_2_lists_six_tangled_instructions() -> None:
    assert set(TANGLED_INSTRUCTIONS) == set(NESTED_OPS) | {"OpCooperativeMatrixLoadTensorNV",
                                                           "OpCooperativeMatrixStoreTensorNV"}


# -- not inside a user function ---------------------------------------------------------------------------
@pytest.mark.parametrize("inner", list(NESTED_OPS))
def test_no_tangled_instruction_inside_a_combine_func(inner: str) -> None:
    def combine(a, b):
        NESTED_OPS[inner]()
        return a + b

    with pytest.raises(InvalidArgumentError, match=f"{inner} is a tangled instruction and was reached inside the "
                                                   f"CombineFunc of OpCooperativeMatrixReduceNV"):
        reduce_matrix(MATRIX, T, ReduceMask.Row, combine, SETTINGS)


@pytest.mark.parametrize("inner", list(NESTED_OPS))
def test_no_tangled_instruction_inside_a_per_element_func_even_through_a_helper(inner: str) -> None:
    def helper() -> None:
        NESTED_OPS[inner]()

    def func(row, col, value):
        helper()
        return value

    with pytest.raises(InvalidArgumentError, match=f"{inner} is .* inside the Func of "
                                                   f"OpCooperativeMatrixPerElementOpNV; .* nor in any function it"):
        per_element_op(MATRIX, func, settings=SETTINGS)


def test_a_surface_marks_its_decode_func_and_the_load_store_check_sees_it() -> None:
    """tensor_memory's LoadTensor/StoreTensor call require_not_in_callback; their DecodeFunc runs marked."""
    with calling_user_function(UserFunction.DecodeFunc, "OpCooperativeMatrixLoadTensorNV"):
        assert running_user_function() == (UserFunction.DecodeFunc, "OpCooperativeMatrixLoadTensorNV")
        with pytest.raises(InvalidArgumentError, match="OpCooperativeMatrixStoreTensorNV is a tangled instruction .* "
                                                       "DecodeFunc of OpCooperativeMatrixLoadTensorNV"):
            require_not_in_callback("OpCooperativeMatrixStoreTensorNV")
    assert running_user_function() is None
    require_not_in_callback("OpCooperativeMatrixStoreTensorNV")


def test_the_mark_is_cleared_when_the_user_function_raises() -> None:
    def failing(a, b):
        raise ZeroDivisionError

    with pytest.raises(ZeroDivisionError):
        reduce_matrix(MATRIX, T, ReduceMask.Row, failing, SETTINGS)
    assert running_user_function() is None
    assert reduce_matrix(MATRIX, T, ReduceMask.Row, np.add, SETTINGS).values.tolist() == [[[2, 2], [2, 2]]]


def test_non_tangled_work_inside_a_user_function_is_fine() -> None:
    """A function may do anything else: call numpy, read a Python table, even another plain function."""
    table = np.array([10, 20], np.float32)
    got = per_element_op(MATRIX, lambda r, c, v: v + table[r], settings=SETTINGS)
    assert got.values.tolist() == [[[11, 11], [21, 21]]]


# -- uniform control flow ---------------------------------------------------------------------------------
def test_whole_instances_active_or_inactive_pass() -> None:
    instance = np.repeat(np.arange(3), 4)
    active = np.repeat([True, False, True], 4)
    assert check_uniform_control_flow(active, instance, "OpCooperativeMatrixReduceNV").tolist() == [True, False, True]


def test_a_partly_active_instance_is_reported_in_strict_mode_and_runs_in_permissive_mode() -> None:
    instance = np.repeat(np.arange(3), 4)
    active = np.repeat([True, False, True], 4)
    active[9] = False
    with pytest.raises(UndefinedBehaviorError, match="OpCooperativeMatrixTransposeNV: 3 of the 4 invocations of "
                                                     "Subgroup instance 2 execute it; a tangled instruction must be"
                                                     " executed in uniform control flow"):
        check_uniform_control_flow(active, instance, "OpCooperativeMatrixTransposeNV", scope=Scope.Subgroup)
    assert check_uniform_control_flow(active, instance, "OpCooperativeMatrixTransposeNV",
                                      strict=False).tolist() == [True, False, True]


@pytest.mark.parametrize(("active", "instance", "message"), [
    (np.ones(4, np.int32), np.zeros(4, np.int64), "the active mask must be a 1-D bool array"),
    (np.ones((2, 2), bool), np.zeros(4, np.int64), "the active mask must be a 1-D bool array"),
    (np.ones(4, bool), np.zeros(3, np.int64), "instance_of_lane must give every lane's scope instance"),
    (np.ones(4, bool), np.array([0, 0, -1, 1]), "non-negative integer"),
    (np.ones(4, bool), np.zeros(4, np.float32), "instance_of_lane must give"),
])
def test_bad_masks_and_mappings_are_rejected(active, instance, message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        check_uniform_control_flow(active, instance, "OpCooperativeMatrixReduceNV")


def test_in_a_simt_context_subgroup_scope_means_waves_and_workgroup_scope_groups() -> None:
    with standalone_lanes(64) as ctx:               # one group, waves of the profile's size
        waves = 64 // ctx.wave_size
        assert require_uniform_scope("OpCooperativeMatrixReduceNV", Scope.Subgroup).tolist() == [True] * waves
        lane = np.arange(64)
        with if_(lane < ctx.wave_size):             # the first wave only: uniform per wave, not per group
            assert require_uniform_scope("OpCooperativeMatrixReduceNV", Scope.Subgroup).tolist() == (
                [True] + [False] * (waves - 1))
            with pytest.raises(UndefinedBehaviorError, match=f"{ctx.wave_size} of the 64 invocations of Workgroup"):
                require_uniform_scope("OpCooperativeMatrixReduceNV", Scope.Workgroup)
        with if_(lane % 2 == 0), pytest.raises(UndefinedBehaviorError, match="of Subgroup instance 0 execute it"):
            require_uniform_scope("OpCooperativeMatrixPerElementOpNV", Scope.Subgroup)


def test_lanes_that_returned_break_uniformity_too() -> None:
    with standalone_lanes(8, strict=True):
        lane_return(np.arange(8) == 3)
        with pytest.raises(UndefinedBehaviorError, match="7 of the 8 invocations"):
            require_uniform_scope("OpCooperativeMatrixConvertNV", Scope.Workgroup)
    with standalone_lanes(8, strict=False):
        lane_return(np.arange(8) == 3)
        assert require_uniform_scope("OpCooperativeMatrixConvertNV", Scope.Workgroup).tolist() == [True]


def test_require_uniform_scope_needs_running_lanes() -> None:
    with pytest.raises(InvalidArgumentError, match="OpCooperativeMatrixReduceNV needs running lanes"):
        require_uniform_scope("OpCooperativeMatrixReduceNV", Scope.Subgroup)
