"""The exact arithmetic helpers against rational-number oracles (hypothesis over every float width)."""

from fractions import Fraction

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.spirv.exact import add_round_to_odd, fma, truncating_divide


def correctly_rounded(exact: Fraction, dtype: np.dtype) -> np.ndarray:
    """The nearest `dtype` value to `exact` (ties to even), by comparing float64-rounding's neighbours."""
    with np.errstate(over="ignore"):
        candidate = np.array(float(exact)).astype(dtype)
        neighbours = [candidate, np.nextafter(candidate, dtype.type(np.inf)),
                      np.nextafter(candidate, dtype.type(-np.inf))]
    return min(neighbours, key=lambda v: (abs(Fraction(float(v)) - exact),
                                          int(np.array(v).view(f"u{dtype.itemsize}")) & 1))


def finite(width):
    return st.floats(width=width, allow_nan=False, allow_infinity=False)


@settings(max_examples=300, deadline=None)
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
