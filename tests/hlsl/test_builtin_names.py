"""`from dxlinalg.hlsl import *` never silently changes Python: every name it shares with a builtin
is that builtin on Python values, HLSL's intrinsic on numpy values, and a TypeError that says what
to use instead where neither applies."""

from __future__ import annotations

import builtins
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st


def star_import() -> dict[str, object]:
    """A fresh module namespace after `from dxlinalg.hlsl import *`, as a user's module would have."""
    namespace: dict[str, object] = {"__name__": "user_module"}
    exec("from dxlinalg.hlsl import *", namespace)  # noqa: S102  (the star import is what is tested)
    return namespace


HLSL = star_import()
SHADOWED = sorted(name for name in HLSL if not name.startswith("__") and hasattr(builtins, name))

Call = Callable[[], tuple[tuple[object, ...], dict[str, object]]]


def call(*args: object, **kwargs: object) -> Call:
    return lambda: (args, kwargs)


def lazily(make: Callable[[], object], **kwargs: object) -> Call:
    """One iterable argument built afresh for each call (generators and iterators are used up by one)."""
    return lambda: ((make(),), kwargs)


def iterables() -> list[Call]:
    return [call([]), call([0, 0]), call([0, 1]), call((1, 2)), call(""), call("a"), call({0: 1}), call(range(0)),
            call([None]), call([0.0, -0.0]), call([float("nan")]), call(5),
            lazily(lambda: (x > 5 for x in [1, 2])),           # the quickstart's check on a missing combination
            lazily(lambda: (x > 0 for x in [1, 2])), lazily(lambda: iter([]))]


def extremes() -> list[Call]:
    return [call(1, 2), call(3, 1, 2), call(2.5, 2), call(True, 2), call([1, 5, 3]), call("abc"), call([]),
            call([], default=0), call([], default=None), call([1, -5, 3], key=builtins.abs),
            call("a", "B", key=str.lower),
            call(1.0, float("nan")), call(float("nan"), 1.0), call(-0.0, 0.0), call([[1, 2], [1, 3]]),
            call(Fraction(1, 3), 0.3), call(Decimal("1.5"), 1), call(1, "a"), call(),
            lazily(lambda: (x * x for x in [-3, 2])), lazily(lambda: iter([]), default="empty")]


PYTHON_CALLS: dict[str, list[Call]] = {
    "any": iterables(),
    "all": iterables(),
    "max": extremes(),
    "min": extremes(),
    "abs": [call(-3), call(-2.5), call(-0.0), call(True), call(complex(3, 4)), call(Fraction(-1, 2)),
            call(Decimal("-1.5")), call(float("-inf")), call("x"), call([1, -2])],
    "round": [call(2.5), call(3.5), call(-0.5), call(2.675, 2), call(1234, -2), call(7), call(2.5, None),
              call(Fraction(7, 2)), call(Decimal("2.5")), call(float("inf")), call(float("nan")), call("x"),
              call(1.5, ndigits=0)],
    "pow": [call(2, 10), call(2, -1), call(2, 10, 1000), call(3, -1, 7), call(-8, 1 / 3), call(2.0, 0.5),
            call(0, 0), call(Fraction(1, 2), 2), call(2, 3, mod=5), call("x", 2), call(2, 0.5, 3)],
}


def outcome(function: Callable[..., object], make: Call) -> tuple[str, str, str]:
    """What a call gives, comparable across functions: its result's type and repr (so -0.0, NaN and
    int-versus-float differences show), or its exception's type and message."""
    args, kwargs = make()
    try:
        result = function(*args, **kwargs)
    except Exception as error:  # noqa: BLE001  (the builtin's exception is part of its answer)
        return "raises", type(error).__name__, str(error)
    return "returns", type(result).__name__, repr(result)


def test_the_star_import_shadows_exactly_the_names_this_test_covers():
    assert SHADOWED == sorted(PYTHON_CALLS), (
        "a name exported by dxlinalg.hlsl shadows a builtin: make it the builtin on Python values and add its "
        "cases here" if set(SHADOWED) - set(PYTHON_CALLS) else "PYTHON_CALLS lists a name that is no longer shadowed")


@pytest.mark.parametrize("name", sorted(PYTHON_CALLS))
def test_shadowed_names_are_the_builtins_on_python_values(name):
    for make in PYTHON_CALLS[name]:
        args, kwargs = make()
        assert outcome(HLSL[name], make) == outcome(getattr(builtins, name), make), f"{name}(*{args}, **{kwargs})"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(st.integers(-10**6, 10**6), st.floats(allow_nan=True), st.booleans()), max_size=8))
def test_shadowed_names_agree_with_the_builtins_on_random_python_lists(values):
    for name in ("any", "all", "max", "min"):
        assert outcome(HLSL[name], call(values)) == outcome(getattr(builtins, name), call(values)), name
    for name in ("max", "min"):
        for make in (call(values, default=0), call(values, key=builtins.abs), call(*values)):
            assert outcome(HLSL[name], make) == outcome(getattr(builtins, name), make), name
    for value in values:
        for name in ("abs", "round"):
            assert outcome(HLSL[name], call(value)) == outcome(getattr(builtins, name), call(value)), name


def test_a_missing_combination_is_not_reported_as_supported_after_the_star_import():
    """The quickstart's check, in a module that also holds a shader: no vacuous True from a generator."""
    reported = [(8, 8, 8, 8, 8), (8, 21, 21, 8, 8)]
    namespace = star_import() | {"reported": reported}
    exec("found = any(p == (9, 9, 9, 9, 9) for p in reported)\n"  # noqa: S102
         "every = all(p[0] == 9 for p in reported)", namespace)
    assert namespace["found"] is False and namespace["every"] is False


def test_numpy_values_keep_hlsl_meaning():
    h = np.array([[-1.5, 2.5, np.nan, 0.5]], np.float16)
    assert HLSL["max"](h, 0).dtype == np.float16 and HLSL["max"](h, 0).tolist() == [[0.0, 2.5, 0.0, 0.5]]
    assert HLSL["min"](h, np.float16(1)).tolist() == [[-1.5, 1.0, 1.0, 0.5]]      # NaN ignored: minNum
    assert HLSL["abs"](h).dtype == np.float16
    assert HLSL["round"](h).tolist()[0][:2] == [-2.0, 2.0] and HLSL["round"](h).dtype == np.float16
    assert HLSL["round"](np.float32(2.5)) == 2.0                                  # ties to even, stays float
    assert HLSL["pow"](h, 2).dtype == np.float16 and HLSL["pow"](h, 2).tolist()[0][:2] == [2.25, 6.25]
    assert HLSL["pow"](2.0, np.array([3], np.float32)).tolist() == [8.0]
    assert HLSL["any"](np.array([[0, 0], [0, 3]])).tolist() == [False, True]    # over the vector axis
    assert HLSL["all"](np.array([[1, 0], [2, 3]])).tolist() == [False, True]
    assert HLSL["any"](np.float32(0)) == np.False_ and HLSL["all"](np.int32(4)) == np.True_


@pytest.mark.parametrize(("source", "advice"), [
    ("max(x)", "np.max(x)"),
    ("max(x, x, x)", "max(max(a, b), c)"),
    ("max(x, 0, key=abs)", "builtins.max"),
    ("min([], default=x)", None),                  # a numpy default is Python's business: no error
    ("min(x)", "WaveActiveMin(x)"),
    ("min(x, 1, 2)", "min(min(a, b), c)"),
    ("round(x, 2)", "np.round(x, ndigits)"),
    ("round(np.float32(2.5), 1)", "builtins.round"),
    ("pow(x, 2, 3)", "builtins.pow"),
])
def test_numpy_values_in_a_call_hlsl_has_no_form_for_raise_type_error_with_the_way_out(source, advice):
    scope = star_import() | {"x": np.array([[1.0, -2.0]], np.float32), "np": np}
    if advice is None:
        assert eval(source, scope).tolist() == [[1.0, -2.0]]  # noqa: S307
        return
    with pytest.raises(TypeError, match="dxlinalg.hlsl") as caught:
        eval(source, scope)  # noqa: S307
    assert advice in str(caught.value)


def test_any_all_dot_work_lane_by_lane_on_per_lane_scalars():
    """A (lanes,) value inside running lanes is one scalar per lane, not a vector across them."""
    import dxlinalg.hlsl as hlsl
    from dxlinalg.gpu import standalone_lanes

    x = np.array([0.0, 2.0, 0.0, -1.0], np.float32)
    with standalone_lanes(4):
        assert hlsl.any(x).tolist() == [False, True, False, True]
        assert hlsl.all(x).tolist() == [False, True, False, True]
        assert hlsl.dot(x, x).tolist() == [0.0, 4.0, 0.0, 1.0]
        vectors = np.array([[0, 1], [0, 0], [2, 3], [4, 0]], np.int32)
        assert hlsl.any(vectors).tolist() == [True, False, True, True]
        assert hlsl.all(vectors).tolist() == [False, False, True, False]
        assert hlsl.dot(vectors, vectors).tolist() == [1, 0, 13, 16]
    assert bool(hlsl.any(x)) and not bool(hlsl.all(x))   # outside lanes: one vector
    assert hlsl.dot(x, x) == 5.0
