"""dxlinalg.numerics.fma against a plain exact oracle: rationals rounded by integer arithmetic, IEEE's cases by hand.

The oracle knows nothing of float64 tricks: the exact value of a * b + c as a Fraction, rounded to the format's
grid (p significant bits, quantum fixed below the smallest normal) with ties to even, infinity from 2^(emax+1).
Hypothesis draws every dtype with edge values and with products placed to cancel against c, to land on ties and
to underflow; float16 is also swept exhaustively over whole ranges.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import ml_dtypes
import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.fma import CHUNK, add_round_to_odd, fma, slow_lanes


@dataclass(frozen=True)
class Format:
    dtype: np.dtype
    precision: int        # significant bits, the implicit one included
    min_exponent: int     # exponent of the smallest normal
    max_exponent: int     # exponent of the largest finite binade


FORMATS = {16: Format(np.dtype(np.float16), 11, -14, 15), 32: Format(np.dtype(np.float32), 24, -126, 127),
           64: Format(np.dtype(np.float64), 53, -1022, 1023)}


def round_to_format(exact: Fraction, form: Format) -> float:
    """The nearest value of the format (ties to even); +-inf where that lies at 2^(emax+1) or beyond."""
    if exact == 0:
        return 0.0
    magnitude = abs(exact)
    exponent = magnitude.numerator.bit_length() - magnitude.denominator.bit_length()
    if Fraction(2) ** exponent > magnitude:
        exponent -= 1                                            # now 2^exponent <= magnitude < 2^(exponent+1)
    quantum = Fraction(2) ** (max(exponent, form.min_exponent) - (form.precision - 1))
    steps = magnitude / quantum
    whole = steps.numerator // steps.denominator
    rest = steps - whole
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and whole % 2 == 1):
        whole += 1
    rounded = whole * quantum
    value = math.inf if rounded >= Fraction(2) ** (form.max_exponent + 1) else float(rounded)
    return value if exact > 0 else -value


def oracle(a: float, b: float, c: float, form: Format) -> float:
    """IEEE 754 fusedMultiplyAdd(a, b, c), rounding to nearest even, by cases."""
    if math.isnan(a) or math.isnan(b) or math.isnan(c):
        return math.nan
    if math.isinf(a) or math.isinf(b):
        if a == 0 or b == 0:
            return math.nan                                       # 0 * inf
        product_sign = math.copysign(1, a) * math.copysign(1, b)
        if math.isinf(c) and math.copysign(1, c) != product_sign:
            return math.nan                                       # inf - inf
        return product_sign * math.inf
    if math.isinf(c):
        return c
    exact = Fraction(a) * Fraction(b) + Fraction(c)
    if exact == 0:
        product_negative = (math.copysign(1, a) * math.copysign(1, b)) < 0
        both_negative_zeros = a * b == 0 and product_negative and c == 0 and math.copysign(1, c) < 0
        return -0.0 if both_negative_zeros else 0.0
    return round_to_format(exact, form)


def same(got: float, want: float) -> bool:
    """Equal with the zero's sign, or both NaN."""
    if math.isnan(want):
        return math.isnan(got)
    return got == want and math.copysign(1, got) == math.copysign(1, want)


def check(a: np.ndarray, b: np.ndarray, c: np.ndarray, width: int) -> None:
    form = FORMATS[width]
    with np.errstate(all="ignore"):
        got = fma(a, b, c)
    assert got.dtype == form.dtype
    operands = (np.broadcast_to(v, got.shape).ravel().tolist() for v in (a, b, c))
    for x, y, z, result in zip(*operands, got.ravel().tolist(), strict=True):
        want = oracle(x, y, z, form)
        assert same(result, want), (width, x.hex(), y.hex(), z.hex(), result, want)


def edges(width: int) -> list[float]:
    """Zeros, the subnormal and normal ends, one and its neighbours, the largest values, infinities, NaN."""
    info = np.finfo(FORMATS[width].dtype)
    tiny, normal, eps = float(info.smallest_subnormal), float(info.smallest_normal), float(info.eps)
    values = [0.0, tiny, 2 * tiny, 3 * tiny, normal - tiny, normal, normal + tiny, 1.0, 1 + eps, 1 - eps / 2,
              float(info.max), float(info.max) / 2, math.inf, math.nan, 0.5 + eps, 3.0, math.sqrt(normal)]
    return values + [-v for v in values]


def values(width: int) -> st.SearchStrategy[float]:
    return st.one_of(st.floats(width=width), st.sampled_from(edges(width)))


def placed(width: int) -> st.SearchStrategy[tuple[float, float, float]]:
    """a, b with the product's exponent anywhere (deep underflow to overflow), and c next to -a*b: cancellation,
    ties broken only by the product's low bits, results near and below the smallest normal."""
    form = FORMATS[width]
    significand = st.integers(1 << (form.precision - 1), (1 << form.precision) - 1)
    low, high = form.min_exponent - form.precision, form.max_exponent

    @st.composite
    def draw(draw: st.DrawFn) -> tuple[float, float, float]:
        exponent_a = draw(st.integers(low, high))
        exponent_b = draw(st.integers(max(low, low - exponent_a), min(high, high - exponent_a + 2)))
        a = float(np.ldexp(float(draw(significand)), exponent_a - form.precision + 1).astype(form.dtype))
        b = float(np.ldexp(float(draw(significand)), exponent_b - form.precision + 1).astype(form.dtype))
        a, b = a * draw(st.sampled_from([1, -1])), b * draw(st.sampled_from([1, -1]))
        with np.errstate(all="ignore"):
            near = form.dtype.type(-a) * form.dtype.type(b)
            for _ in range(draw(st.integers(0, 3))):
                near = np.nextafter(near, form.dtype.type(draw(st.sampled_from([math.inf, -math.inf]))))
        return a, b, float(near)

    return draw()


@settings(max_examples=400, deadline=None)
@given(st.sampled_from([16, 32, 64]).flatmap(lambda w: st.tuples(st.just(w), values(w), values(w), values(w))))
@example((64, 1.0, 1.0, -1.7976931348623157e+308))
@example((64, 2.0 ** -537, 2.0 ** -537, -(2.0 ** -1074)))          # tiny product and addend: a subnormal result
@example((32, 1.0 + 2.0 ** -12, 1.0 + 2.0 ** -12, 2.0 ** -60))     # the float64 sum sits on a float32 tie
def test_fma_rounds_once_on_any_values(case):
    width, a, b, c = case
    dtype = FORMATS[width].dtype
    check(*(np.array([v], dtype) for v in (a, b, c)), width)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from([16, 32, 64]).flatmap(lambda w: st.tuples(st.just(w), placed(w))))
def test_fma_rounds_once_where_the_product_cancels_underflows_or_overflows(case):
    width, (a, b, c) = case
    dtype = FORMATS[width].dtype
    check(*(np.array([v], dtype) for v in (a, b, c)), width)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 1 << 20), st.integers(-(1 << 20), 1 << 20).filter(lambda j: j != 0),
       st.sampled_from([1, -1]), st.sampled_from([1, -1]))
@example(1, 2, 1, -1)                                        # 3.5 - tiny quanta: 3, where a rounding to 53 bits ties
def test_fma_float64_subnormal_results_round_once(k, j, sign, side):
    """a * b = (k + 1/2 +- tiny) quanta of 2^-1074 and c = j quanta: rounding to 53 bits first would land on a tie."""
    a = sign * (2 * k + 1) * 2.0 ** -538 * (1 + 2.0 ** -30)
    b = 2.0 ** -537 * (1 + side * 2.0 ** -30)
    check(np.array([a]), np.array([b]), np.array([j * 2.0 ** -1074]), 64)


FLOAT16_SWEEPS = [  # (a, b, c): None is swept over every float16
    (None, 1.0 + 2.0 ** -10, -1.0),                    # cancellation against one
    (None, 2.0 ** -7, 2.0 ** -14),                     # products near and below the smallest normal, plus it
    (None, 1.0 - 2.0 ** -11, 2.0 ** -24),              # a subnormal addend decides ties
    (1.0 + 2.0 ** -10, 1.0 - 2.0 ** -10, None),        # a product of 21 bits against every addend
    (255.875, 255.875, None),                          # near the overflow threshold: 65472 + c
]


@pytest.mark.parametrize("a, b, c", FLOAT16_SWEEPS)
def test_fma_float16_over_every_value_of_one_operand(a, b, c):
    every = np.arange(1 << 16, dtype=np.uint16).view(np.float16)
    operands = [every if v is None else np.full(every.shape, v, np.float16) for v in (a, b, c)]
    check(*operands, 16)


def test_known_hard_float64_cases():
    """Cancellation, a tie that only the low product bits break, subnormals, overflow of the float product only."""
    x = np.array([1 + 2.0 ** -30, 1 + 2.0 ** -52, 2.0 ** -600, 2.0 ** 600, 1.5 * 2.0 ** 1000, 2.0 ** -1074,
                  2.0 ** -537])
    y = np.array([1 - 2.0 ** -30, 1 + 2.0 ** -52, 2.0 ** -500, 2.0 ** 600, 2.0 ** 24, 0.5, 2.0 ** -537 * (1 + 2 ** -52)])
    z = np.array([-1.0, -1.0, 2.0 ** -1074, -1.0, -np.finfo(np.float64).max, 0.0, -(2.0 ** -1074)])
    check(x, y, z, 64)
    got = fma(x, y, z)
    assert got[0] == -(2.0 ** -60) and got[3] == np.inf and got[2] == 2.0 ** -1074
    assert got[4] == 2.0 ** 1023 + 2.0 ** 971 and got[6] == 0 and not np.signbit(got[6])


def test_known_hard_float16_and_float32_cases():
    """A cancellation exact only when fused, and a float32 tie that a rounded float64 sum would break wrongly."""
    a, c = np.array([1 + 2 ** -10], np.float16), np.array([-(1 + 2 ** -9)], np.float16)
    assert fma(a, a, c)[0] == np.float16(2 ** -20)
    x = np.array([1.0 + 2.0 ** -23], np.float32)
    assert fma(x, x, np.array([-1.0], np.float32))[0] == np.float32(2.0 ** -22 + 2.0 ** -46)
    y = np.array([1.0 + 2.0 ** -12], np.float32)            # y * y = 1 + 2^-11 + 2^-24, a float32 tie but for c
    assert fma(y, y, np.array([2.0 ** -60], np.float32))[0] == np.float32(1 + 2.0 ** -11 + 2.0 ** -23)


def test_ieee_special_values_and_nan_payloads_are_x86s():
    """A NaN operand's payload propagates (a's before c's), 0 * inf and inf - inf give the default NaN, a finite
    product that overflows as a float64 does not turn an infinite c into NaN."""
    payload = np.array([0x7FF8_0000_0000_0123], np.uint64).view(np.float64)
    got = fma(np.concatenate([payload, [0.0, np.inf, 1e300]]), np.array([1.0, np.inf, 1.0, 1e300]),
              np.array([2.0, 1.0, -np.inf, -np.inf]))
    assert got[:1].view(np.uint64)[0] == 0x7FF8_0000_0000_0123
    assert np.isnan(got[1]) and np.isnan(got[2]) and got[3] == -np.inf
    for width in (16, 32, 64):
        dtype = FORMATS[width].dtype
        assert np.signbit(fma(dtype.type(-0.0), dtype.type(1), dtype.type(-0.0)))
        assert not np.signbit(fma(dtype.type(-0.0), dtype.type(1), dtype.type(0.0)))
        assert not np.signbit(fma(dtype.type(1), dtype.type(1), dtype.type(-1)))          # exact zero: +0


def test_an_underflowing_product_keeps_its_sign_with_a_zero_addend():
    for width in (16, 32, 64):
        form = FORMATS[width]
        tiny = np.finfo(form.dtype).smallest_subnormal
        got = fma(np.array([tiny]), np.array([-0.25], form.dtype), np.array([0.0], form.dtype))
        assert got[0] == 0 and np.signbit(got[0])


def test_slow_lanes_are_only_results_below_the_smallest_normal():
    rng = np.random.default_rng(5)
    scale = np.ldexp(1.0, rng.integers(-500, 500, (3, 100_000)))
    x, y, z = rng.standard_normal((3, 100_000)) * scale
    assert not slow_lanes(x, y, z).any()
    bits = rng.integers(0, 1 << 64, (3, 100_000), dtype=np.uint64).view(np.float64)
    slow = slow_lanes(*bits)                                    # random bit patterns: about 6 in a million
    with np.errstate(all="ignore"):
        assert slow.sum() < 10 and (np.abs(fma(*bits)[slow]) < np.finfo(np.float64).smallest_normal).all()
    tiny = np.array([2.0 ** -537, 1.0 + 2.0 ** -52, 2.0 ** -540])
    slow = slow_lanes(tiny, np.array([2.0 ** -537, -1.0, 2.0 ** -480]), np.array([2.0 ** -1074, 1.0, 2.0 ** -1022]))
    assert slow.tolist() == [True, False, False]                # 2^-1074 + 2^-1074 is subnormal; the others are not


def test_chunks_keep_every_lane_in_place():
    """Arrays longer than a chunk, a slow lane in a later chunk, broadcasting and 0-d operands."""
    size = 2 * CHUNK + 17
    x = np.full(size, 3.0)
    x[CHUNK + 5] = 2.0 ** -537
    y = np.full(size, 2.0 ** -537)
    z = np.linspace(-1, 1, size)
    z[CHUNK + 5] = 2.0 ** -1074
    got = fma(x, y, z)
    assert got[CHUNK + 5] == 2.0 ** -1073 and np.array_equal(got[:10], 3.0 * 2.0 ** -537 + z[:10])
    assert got[-1] == fma(3.0, 2.0 ** -537, 1.0)
    assert fma(np.float32(2), np.ones((2, 3), np.float32), 1.0).shape == (2, 3)
    assert fma(np.float16(2), np.float16(3), np.float16(1)).shape == () and fma(1.0, 2.0, 3.0) == 5.0


@pytest.mark.parametrize("dtype", [np.int32, ml_dtypes.bfloat16, np.complex64])
def test_other_types_are_rejected(dtype):
    with pytest.raises(InvalidArgumentError, match="defined here for float16, float32 and float64"):
        fma(np.ones(2, dtype), np.ones(2, dtype), np.ones(2, dtype))


@given(st.floats(), st.floats())
@example(1.7976931348623157e308, 9e291)                      # just above the largest float64, still rounding to it
def test_add_round_to_odd(a, b):
    """An exact sum stays; otherwise the result is the neighbour of the exact sum whose last bit is 1."""
    with np.errstate(all="ignore"):
        result = float(add_round_to_odd(np.array([a]), np.array([b]))[0])
        plain = a + b
    if not math.isfinite(plain):
        assert same(result, plain)
        return
    exact = Fraction(a) + Fraction(b)
    if Fraction(result) == exact:
        assert same(result, plain)
        return
    assert int(np.array(result).view(np.uint64)) & 1
    with np.errstate(over="ignore"):
        toward = float(np.nextafter(result, math.inf if exact > Fraction(result) else -math.inf))
    if math.isfinite(toward):                                   # past the largest float there is no neighbour
        assert min(Fraction(result), Fraction(toward)) < exact < max(Fraction(result), Fraction(toward))
