"""The exact arithmetic helpers against rational-number oracles (hypothesis over every float width)."""

from fractions import Fraction

import numpy as np
from hypothesis import example, given, settings
from hypothesis import strategies as st

from dxlinalg.gpu.exact import add_round_to_odd, fma, truncating_divide


def correctly_rounded(exact: Fraction, dtype: np.dtype) -> np.ndarray:
    """The nearest `dtype` value to `exact` (ties to even), by comparing float64-rounding's neighbours."""
    with np.errstate(over="ignore"):
        candidate = np.array(float(exact)).astype(dtype)
        neighbours = [candidate, np.nextafter(candidate, dtype.type(np.inf)),
                      np.nextafter(candidate, dtype.type(-np.inf))]
    neighbours = [v for v in neighbours if np.isfinite(v)]   # a step past the largest float is not a candidate
    return min(neighbours, key=lambda v: (abs(Fraction(float(v)) - exact),
                                          int(np.array(v).view(f"u{dtype.itemsize}")) & 1))


def finite(width):
    return st.floats(width=width, allow_nan=False, allow_infinity=False)


@settings(max_examples=300, deadline=None)
@example((64, 1.0, 1.0, -1.7976931348623157e+308))      # next to the largest float64: an infinite neighbour
@given(st.sampled_from([16, 32, 64]).flatmap(lambda w: st.tuples(st.just(w), finite(w), finite(w), finite(w))))
def test_fma_rounds_once(case):
    width, a, b, c = case
    dtype = np.dtype(f"f{width // 8}")
    x, y, z = (np.array([v], dtype) for v in (a, b, c))
    exact = Fraction(a) * Fraction(b) + Fraction(c)
    with np.errstate(all="ignore"):
        result = fma(x, y, z)[0]
        limit = np.finfo(dtype).max
    if abs(exact) >= limit or (width == 64 and (abs(a) >= 2.0 ** 995 or abs(b) >= 2.0 ** 995 or
                                                abs(float(Fraction(a) * Fraction(b))) < 2.0 ** -960)):
        return                           # overflow, and float64's documented underflow/huge-operand fallback
    assert result == correctly_rounded(exact, dtype) or (result == 0 and exact == 0)


def test_fma_cancellation_and_half_ties():
    a = np.array([1 + 2 ** -10], np.float16)
    c = np.array([-(1 + 2 ** -9)], np.float16)
    assert fma(a, a, c)[0] == np.float16(2 ** -20)           # a * a - c is exact only fused
    x = np.array([1.0 + 2.0 ** -23], np.float32)
    assert fma(x, x, np.array([-1.0], np.float32))[0] == np.float32(2.0 ** -22 + 2.0 ** -46)


@given(finite(64), finite(64))
def test_add_round_to_odd(a, b):
    exact = Fraction(a) + Fraction(b)
    with np.errstate(all="ignore"):
        result = add_round_to_odd(np.array([a]), np.array([b]))[0]
    if not np.isfinite(result):
        return
    if Fraction(float(result)) != exact:
        assert int(np.array(result).view(np.uint64)) & 1
        with np.errstate(over="ignore"):
            neighbour = np.nextafter(result, np.inf if exact > Fraction(float(result)) else -np.inf)
        if not np.isfinite(neighbour):
            return
        assert min(Fraction(float(result)), Fraction(float(neighbour))) < exact < \
            max(Fraction(float(result)), Fraction(float(neighbour)))


@given(st.integers(-2 ** 31, 2 ** 31 - 1), st.integers(-2 ** 31, 2 ** 31 - 1).filter(lambda v: v != 0))
def test_truncating_divide(x, y):
    quotient = abs(x) // abs(y) * (1 if (x < 0) == (y < 0) else -1)
    wrapped = (quotient + 2 ** 31) % 2 ** 32 - 2 ** 31
    assert truncating_divide(np.array([x], np.int32), np.array([y], np.int32))[0] == wrapped


def test_hlsl_fma_rounds_once_where_a_float64_sum_would_round_twice():
    """float32 a*b + c with the float64 sum inexact and on a float32 tie: a double rounding goes the
    wrong way; the HLSL intrinsic (dxlinalg.hlsl.fma) must give the correctly rounded result."""
    from fractions import Fraction

    from dxlinalg.hlsl import fma as hlsl_fma

    a = np.float32(1.0 + 2.0 ** -12)          # a*a = 1 + 2^-11 + 2^-24 (exact in float64)
    c = np.float32(2.0 ** -60)                # float64 sum: 1 + 2^-11 + 2^-24 (+2^-60 lost): a float32 tie
    result = hlsl_fma(np.array([a]), np.array([a]), np.array([c]))[0]
    exact = Fraction(float(a)) * Fraction(float(a)) + Fraction(float(c))
    nearest = min((np.float32(float(exact)), np.nextafter(np.float32(float(exact)), np.float32(2)),
                   np.nextafter(np.float32(float(exact)), np.float32(0))), key=lambda v: abs(Fraction(float(v)) - exact))
    assert result == nearest and result != np.float32(np.float64(a) * np.float64(a) + np.float64(c))
