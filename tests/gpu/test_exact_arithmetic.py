"""Truncating division and the HLSL fma intrinsic against exact oracles (the fused multiply-add itself,
dxlinalg.numerics.fma, is tested in tests/numerics/test_fma.py)."""

from fractions import Fraction

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from dxlinalg.gpu.exact import truncating_divide


@given(st.integers(-2 ** 31, 2 ** 31 - 1), st.integers(-2 ** 31, 2 ** 31 - 1).filter(lambda v: v != 0))
def test_truncating_divide(x, y):
    quotient = abs(x) // abs(y) * (1 if (x < 0) == (y < 0) else -1)
    wrapped = (quotient + 2 ** 31) % 2 ** 32 - 2 ** 31
    assert truncating_divide(np.array([x], np.int32), np.array([y], np.int32))[0] == wrapped


def test_hlsl_fma_rounds_once_where_a_float64_sum_would_round_twice():
    """float32 a*b + c with the float64 sum inexact and on a float32 tie: a double rounding goes the
    wrong way; the HLSL intrinsic (dxlinalg.hlsl.fma) must give the correctly rounded result."""

    from dxlinalg.hlsl import fma as hlsl_fma

    a = np.float32(1.0 + 2.0 ** -12)          # a*a = 1 + 2^-11 + 2^-24 (exact in float64)
    c = np.float32(2.0 ** -60)                # float64 sum: 1 + 2^-11 + 2^-24 (+2^-60 lost): a float32 tie
    result = hlsl_fma(np.array([a]), np.array([a]), np.array([c]))[0]
    exact = Fraction(float(a)) * Fraction(float(a)) + Fraction(float(c))
    nearest = min((np.float32(float(exact)), np.nextafter(np.float32(float(exact)), np.float32(2)),
                   np.nextafter(np.float32(float(exact)), np.float32(0))), key=lambda v: abs(Fraction(float(v)) - exact))
    assert result == nearest and result != np.float32(np.float64(a) * np.float64(a) + np.float64(c))
