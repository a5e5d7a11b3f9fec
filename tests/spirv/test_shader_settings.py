"""The profile's shader settings: what undefined integer division, remainders and shuffles give in permissive
mode, and when strict mode reports a negative remainder operand."""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg.coopmat.elementwise import s_div, u_div
from dxlinalg.coopmat.matrix_type import CoopMatrix, CoopMatType, MatrixUse, Scope
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.spirv import SpirvUndefinedBehaviorError
from tests.spirv.kernels import apply_op

LANES = 64


@pytest.mark.parametrize("opname, spec", [("OpSDiv", "i32"), ("OpUDiv", "u32"), ("OpSRem", "i32"), ("OpSMod", "i16"),
                                          ("OpUMod", "u64")])
def test_division_by_zero_follows_the_profile(opname, spec):
    dtype = np.dtype(f"{spec[0]}{int(spec[1:]) // 8}")
    x = np.arange(LANES).astype(dtype)
    y = np.zeros(LANES, dtype)
    with pytest.raises(SpirvUndefinedBehaviorError, match="by zero"):
        apply_op(opname, [spec, spec], spec, [x, y])
    assert (apply_op(opname, [spec, spec], spec, [x, y], strict=False) == 0).all()
    ones = apply_op(opname, [spec, spec], spec, [x, y], strict=False, profile="nvidia-h100")
    assert (ones.view(f"u{dtype.itemsize}") == np.iinfo(f"u{dtype.itemsize}").max).all()


@pytest.mark.parametrize("opname", ["OpSRem", "OpSMod"])
def test_a_negative_remainder_operand_is_undefined_only_where_the_device_says_so(opname):
    x = np.array([-7, 7, -7, 7] * (LANES // 4), np.int32)
    y = np.array([3, -3, -3, 3] * (LANES // 4), np.int32)
    spirv = apply_op(opname, ["i32", "i32"], "i32", [x, y])                    # reference: SPIR-V's definition
    assert spirv[:4].tolist() == ([-1, 1, -1, 1] if opname == "OpSRem" else [2, -2, -1, 1])
    with pytest.raises(SpirvUndefinedBehaviorError, match=f"{opname} of -7 by 3 .*negative operand.*maintenance8"):
        apply_op(opname, ["i32", "i32"], "i32", [x, y], profile="nvidia-h100")
    unsigned = apply_op(opname, ["i32", "i32"], "i32", [x, y], profile="nvidia-h100", strict=False)
    expected = x.view(np.uint32) % y.view(np.uint32)
    assert np.array_equal(unsigned.view(np.uint32), expected)


def test_cooperative_matrix_division_by_zero_follows_by_zero():
    t = CoopMatType(np.dtype(np.int32), Scope.Subgroup, 2, 2, MatrixUse.MatrixAccumulatorKHR)
    a = CoopMatrix(t, np.full((1, 2, 2), 5, np.int32))
    zero = CoopMatrix(t, np.zeros((1, 2, 2), np.int32))
    assert (s_div(a, zero, strict=False, by_zero="all_ones").values == -1).all()
    assert (u_div(a, zero, strict=False).values == 0).all()
    with pytest.raises(InvalidArgumentError, match="by_zero = 'some' must be 'zero' or 'all_ones'"):
        u_div(a, zero, strict=False, by_zero="some")
