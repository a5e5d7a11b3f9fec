"""Which cooperative matrix types a profile lists (VUID-RuntimeSpirv-OpTypeCooperativeMatrixKHR-10163,
cooperativeMatrixFlexibleDimensions-10165): the matrix of its Use in a listed MulAdd, or multiples of a flexible
entry's granularities."""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg.coopmat.listed_muladd import check_listed_matrix_type, listed_matrix_type
from dxlinalg.coopmat.matrix_type import CoopMatType, MatrixUse, Scope
from dxlinalg.errors import UndefinedBehaviorError
from dxlinalg.profile.registry import load_profile
from dxlinalg.spirv import SpirvUndefinedBehaviorError, run
from tests.samples.test_vulkan_samples import FOLDER

H100 = load_profile("nvidia-h100").coopmat
A, B, ACC = MatrixUse.MatrixAKHR, MatrixUse.MatrixBKHR, MatrixUse.MatrixAccumulatorKHR


def matrix(dtype, rows, cols, use, scope=Scope.Subgroup):
    return CoopMatType(np.dtype(dtype), scope, rows, cols, use)


@pytest.mark.parametrize("m, listed", [
    (matrix(np.float16, 16, 16, A), True),          # f16 16x16x16
    (matrix(np.float16, 16, 8, ACC), True),         # f16 16x8x16 accumulator
    (matrix(np.float16, 16, 8, B), True),           # B is K x N = 16 x 8
    (matrix(np.float16, 8, 16, B), False),          # no entry has K 8 with N 16 for float16 B
    (matrix(np.float16, 48, 32, A), True),          # flexible: multiples of 16 x 16
    (matrix(np.float32, 16, 16, A), False),         # no float32 A anywhere
    (matrix(np.float32, 4, 16, ACC), False),        # 4 is no multiple of the granularity 16
    (matrix(np.float32, 2048, 16, ACC), False),     # past flexible_max_dimension 1024
    (matrix(np.int8, 16, 32, A), True),             # int8 16x16x32 (flexible k 32)
])
def test_a_matrix_type_is_listed_by_its_use_shape_and_type(m, listed):
    assert listed_matrix_type(H100, m) is listed


def test_workgroup_matrices_need_an_entry_for_the_workgroup_size():
    m = matrix(np.float16, 32, 16, ACC, Scope.Workgroup)
    assert listed_matrix_type(H100, m, 128) and not listed_matrix_type(H100, m, 96)


def test_profiles_without_lists_accept_every_type_and_strict_mode_names_the_rule():
    odd = matrix(np.float32, 4, 16, ACC)
    assert listed_matrix_type(load_profile("reference").coopmat, odd)
    check_listed_matrix_type(False, H100, odd, None, "here")
    with pytest.raises(UndefinedBehaviorError, match="a MatrixAccumulatorKHR float32 4 x 16 .*OpTypeCooperativeMatrixKHR-10163"):
        check_listed_matrix_type(True, H100, odd, None, "here")


def test_the_executor_reports_an_unlisted_type_in_strict_mode_only():
    source = np.arange(256, dtype=np.float32) % 7
    buffers = {(0, 0): source, (0, 1): np.zeros(8 * 512, np.float32)}
    with pytest.raises(SpirvUndefinedBehaviorError, match="OpTypeCooperativeMatrixKHR %.*float32 4 x 16"):
        run(FOLDER / "coopmat_reduce.spv", buffers=buffers, profile="nvidia-h100")
    run(FOLDER / "coopmat_reduce.spv", buffers=buffers, profile="nvidia-h100", strict=False)
    run(FOLDER / "coopmat_reduce.spv", buffers=buffers, profile="reference")
