"""The profile's cooperative-matrix property lists (coopmat.muladd_properties, flexible_properties) and
the MulAdd check against them: exact sizes, flexible granularities and their maximum, workgroup sizes,
saturation, and the report in strict mode only where the profile asks for it."""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg.coopmat import (
    CoopMatrix,
    CoopMatType,
    MatrixUse,
    Scope,
    cooperative_matrix_muladd,
)
from dxlinalg.coopmat.listed_muladd import listed_muladd
from dxlinalg.errors import UndefinedBehaviorError
from dxlinalg.profile.model import CooperativeMatrixSettings
from dxlinalg.profile.registry import load_profile

H100 = load_profile("nvidia-h100").coopmat
REPORTING = H100.model_copy(update={"unlisted_muladd": "report"})
A, B, C = MatrixUse.MatrixAKHR, MatrixUse.MatrixBKHR, MatrixUse.MatrixAccumulatorKHR


def types(m: int, n: int, k: int, ab: object = np.float16, acc: object = np.float32,
          scope: Scope = Scope.Subgroup) -> tuple[CoopMatType, CoopMatType, CoopMatType, CoopMatType]:
    return (CoopMatType(ab, scope, m, k, A), CoopMatType(ab, scope, k, n, B), CoopMatType(acc, scope, m, n, C),
            CoopMatType(acc, scope, m, n, C))


@pytest.mark.parametrize("m, n, k, ab, acc, listed", [
    (16, 8, 8, np.float16, np.float16, True),            # a fixed-size entry
    (16, 8, 8, np.float16, np.float32, True),
    (32, 48, 64, np.float16, np.float32, True),          # flexible: multiples of 16
    (16, 8, 16, np.int8, np.int32, False),               # int8 needs K 32
    (16, 8, 32, np.int8, np.int32, True),
    (48, 16, 96, np.uint8, np.uint32, True),             # flexible, K granularity 32
    (16, 16, 16, np.float32, np.float32, False),         # no float32 A
    (2048, 16, 16, np.float16, np.float32, False),       # past the flexible maximum of 1024
    (24, 16, 16, np.float16, np.float32, False),         # M not a multiple of the granularity
])
def test_the_h100_lists_its_driver_entries(m, n, k, ab, acc, listed):
    assert listed_muladd(H100, *types(m, n, k, ab, acc), saturating=False) is listed


def test_workgroup_entries_name_their_workgroup_size_and_nothing_saturates():
    wg = types(64, 64, 64, scope=Scope.Workgroup)
    assert listed_muladd(H100, *wg, saturating=False, scope_size=256)
    assert listed_muladd(H100, *wg, saturating=False)                          # size unknown: any entry
    assert not listed_muladd(H100, *wg, saturating=False, scope_size=512)
    assert not listed_muladd(H100, *types(16, 8, 32, np.int8, np.int32), saturating=True)


def test_a_profile_without_lists_runs_every_muladd():
    assert listed_muladd(CooperativeMatrixSettings(), *types(3, 5, 7, np.float32, np.float64), saturating=True)


def test_strict_mode_reports_an_unlisted_muladd_only_where_the_profile_says_report():
    a_type, b_type, c_type, result = types(16, 8, 16, np.int8, np.int32)
    operands = (CoopMatrix(a_type, np.ones((1, 16, 16), np.int8)), CoopMatrix(b_type, np.ones((1, 16, 8), np.int8)),
                CoopMatrix(c_type, np.zeros((1, 16, 8), np.int32)))
    reporting = load_profile("nvidia-h100").model_copy(update={"coopmat": REPORTING})
    with pytest.raises(UndefinedBehaviorError, match="int8 x int8 \\+ int32 -> int32, M 16 N 8 K 16.*11 listed"):
        cooperative_matrix_muladd(*operands, result, 0xF, profile=reporting)
    running = load_profile("nvidia-h100").model_copy(update={"coopmat": H100.model_copy(
        update={"unlisted_muladd": "run"})})
    for profile, strict in ((reporting, False), (running, True)):
        got = cooperative_matrix_muladd(*operands, result, 0xF, profile=profile, strict=strict)
        assert (got.values == 16).all()


def test_nvidia_h100_reports_an_unlisted_muladd_as_vulkan_validation_would():
    assert load_profile("nvidia-h100").coopmat.unlisted_muladd == "report"
    a_type, b_type, c_type, result = types(16, 8, 16, np.int8, np.int32)       # int8 needs K = 32 there
    operands = (CoopMatrix(a_type, np.ones((1, 16, 16), np.int8)), CoopMatrix(b_type, np.ones((1, 16, 8), np.int8)),
                CoopMatrix(c_type, np.zeros((1, 16, 8), np.int32)))
    with pytest.raises(UndefinedBehaviorError, match="M 16 N 8 K 16.*11 listed"):
        cooperative_matrix_muladd(*operands, result, 0xF, profile="nvidia-h100")
