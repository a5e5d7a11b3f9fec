"""DXIL i32 operands that are not integers, and strides that are not uints, are argument errors (found by
tests/fuzz).

They used to reach `int()` (16.0 truncated, None a TypeError) or numpy slicing (a TypeError), and a
float M or K put its check results in the process-wide signature cache under the integer's key, so the
next valid call with that M or K failed too. A negative stride reached `as_strided`, which read bytes
before the matrix, outside the buffer: results changed from run to run.
"""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg import dxil
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.component_types import ComponentType as T
from dxlinalg.numerics.component_types import MatrixLayout as L
from dxlinalg.numerics.component_types import as_component_type, as_matrix_layout
from dxlinalg.numerics.layouts.strided import minimum_size

M = K = 16


def matvecmul(weights: np.ndarray, **change):
    """16 x 16 F16 row-major (stride 32) times ones, one argument changed."""
    args = dict(input_vector=np.ones((4, K), np.float16), input_unsigned=False, input_interpretation=T.F16,
                matrix=weights, matrix_offset=0, matrix_interpretation=T.F16, M=M, K=K, layout=L.RowMajor,
                transpose=False, stride=32, output_unsigned=False)
    args.update(change)
    return dxil.matvecmul(*args.values(), result_type=np.float16)


@pytest.mark.parametrize("argument, value", [
    ("M", 16.0), ("M", 2.5), ("M", None), ("M", True), ("K", 16.0), ("K", "16"), ("stride", 32.0),
    ("stride", None), ("layout", 0.0), ("input_interpretation", 8.0), ("matrix_interpretation", 8.0)])
def test_non_integer_operands_are_argument_errors_naming_the_operand(argument, value):
    with pytest.raises(InvalidArgumentError, match=rf"^matvecmul: {argument} = .* is not an integer \(DXIL: an i32"):
        matvecmul(np.zeros(1024, np.uint8), **{argument: value})


def test_a_float_m_or_k_does_not_poison_the_signature_cache_for_the_next_valid_call():
    weights = np.zeros(1024, np.uint8)
    weights[:2] = np.array([1.0], np.float16).view(np.uint8)   # W[0][0] = 1
    for bad in ({"M": float(M)}, {"K": float(K)}, {"stride": 32.0}):
        with pytest.raises(InvalidArgumentError):
            matvecmul(weights, **bad)
        result = matvecmul(weights)
        assert result.shape == (4, M) and np.all(result[:, 0] == 1) and not result[:, 1:].any()


@pytest.mark.parametrize("stride", [-32, -16, 1 << 32])
def test_a_stride_that_is_not_a_uint_is_an_argument_error(stride):
    with pytest.raises(InvalidArgumentError, match=rf"stride = {stride} is not an unsigned 32-bit byte count"):
        matvecmul(np.zeros(1024, np.uint8), stride=stride)


def test_outer_product_stride_is_checked_as_a_uint_too():
    with pytest.raises(InvalidArgumentError, match=r"^outerproductaccumulate: stride = -16 is not an unsigned"):
        dxil.outerproductaccumulate(np.ones((4, 8), np.float16), np.ones((4, 8), np.float16),
                                    np.zeros(4096, np.uint8), 0, T.F16, L.OuterProductOptimal, -16)


def test_strided_layouts_refuse_a_negative_stride_below_every_surface():
    with pytest.raises(InvalidArgumentError, match=r"stride -32 must not be negative"):
        minimum_size(2, 16, T.F16, L.RowMajor, -32)


@pytest.mark.parametrize("value", [8.0, "8", None])
def test_enum_coercions_take_integers_only(value):
    with pytest.raises(InvalidArgumentError, match=r"= .* is not an integer"):
        as_component_type(value, "matrix_interpretation")
    with pytest.raises(InvalidArgumentError, match=r"= .* is not an integer"):
        as_matrix_layout(value)
