"""Elementwise HLSL intrinsics over per-lane arrays, keeping HLSL's types.

Each works on any shape (per-lane scalars (lanes,), vectors (lanes, N), or uniform values) and
keeps the operand's float type: half in, half out, computed in float32 and rounded once (numpy's
float16 loops), which is what HLSL's min-precision-free `float16_t` math does on GPUs that
support native half. `max`/`min` ignore a NaN operand (IEEE maxNum, like DXIL FMax/FMin).
Python numbers are weakly typed, as HLSL literals are: `max(h, 0)` on half stays half.

Seven names here are also Python builtins (`max`, `min`, `abs`, `round`, `pow`, `any`, `all`), and
`from dxlinalg.hlsl import *` puts them over Python's. They take HLSL's meaning only for lane values
(numpy arrays and numpy scalars); on anything else they *are* the builtins, so host code after the
star import (`any(p.InputType == t for p in props)`) keeps its meaning. A lane value in a form HLSL
has no meaning for (`max(array)`, `round(x, 2)`) raises TypeError saying what to use instead.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable

import numpy as np

from dxlinalg.gpu.context import current_context, require_context
from dxlinalg.gpu.half import narrow_to_half, relu_half, widen_half
from dxlinalg.gpu.scratch import scratch
from dxlinalg.numerics.fma import fma as exact_fma
from dxlinalg.numerics.transcendentals import composed_exp, composed_log


def _float(value: object) -> np.ndarray:
    array = np.asarray(value)
    return array if array.dtype.kind == "f" else array.astype(np.float32)


def _is_zero(value: object) -> bool:
    return np.ndim(value) == 0 and not isinstance(value, (bool, np.bool_)) and value == 0


def _half_via_float32(ufunc: np.ufunc, a: object, b: object) -> np.ndarray:
    """A float16 binary op computed on exact float32 widenings and narrowed back (exact for max/min)."""
    wide = [widen_half(x) if isinstance(x, np.ndarray) and x.dtype == np.float16 else x for x in (a, b)]
    result = ufunc(*wide)
    narrow = narrow_to_half(result)
    return result.astype(np.float16) if narrow is None else narrow.reshape(np.shape(result))


def _maxnum(a: object, b: object) -> np.ndarray:
    """IEEE maxNum like DXIL FMax; max(x, 0) on half is a fast ReLU (and gives +0 for -0)."""
    kind = np.result_type(a, b)
    if kind == np.float16:
        if _is_zero(b) and isinstance(a, np.ndarray):
            return relu_half(a).reshape(a.shape)
        if _is_zero(a) and isinstance(b, np.ndarray):
            return relu_half(b).reshape(b.shape)
        return _half_via_float32(np.fmax, a, b)
    return np.fmax(a, b) if kind.kind == "f" else np.maximum(a, b)


def _minnum(a: object, b: object) -> np.ndarray:
    """IEEE minNum like DXIL FMin."""
    kind = np.result_type(a, b)
    if kind == np.float16:
        return _half_via_float32(np.fmin, a, b)
    return np.fmin(a, b) if kind.kind == "f" else np.minimum(a, b)


def clamp(x: object, lo: object, hi: object) -> np.ndarray:
    return _minnum(_maxnum(x, lo), hi)


def saturate(x: object) -> np.ndarray:
    return clamp(_float(x), 0.0, 1.0)


def sign(x: object) -> np.ndarray:
    return np.sign(np.asarray(x)).astype(np.int32)


def _composed() -> bool:
    """Whether the running profile composes Exp/Log/Cosh as NVIDIA's compiler does (shader.transcendentals)."""
    ctx = current_context()
    return ctx is not None and ctx.profile.shader.transcendentals == "nvidia_composed"


def exp(x: object) -> np.ndarray:
    return composed_exp(_float(x)) if _composed() else np.exp(_float(x))


def exp2(x: object) -> np.ndarray:
    return np.exp2(_float(x))


def log(x: object) -> np.ndarray:
    if _composed():
        return composed_log(_float(x))
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.log(_float(x))


def log2(x: object) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.log2(_float(x))


def tanh(x: object) -> np.ndarray:
    return np.tanh(_float(x))


def sin(x: object) -> np.ndarray:
    return np.sin(_float(x))


def cos(x: object) -> np.ndarray:
    return np.cos(_float(x))


def sqrt(x: object) -> np.ndarray:
    with np.errstate(invalid="ignore"):
        return np.sqrt(_float(x))


def rsqrt(x: object) -> np.ndarray:
    x = _float(x)
    with np.errstate(divide="ignore", invalid="ignore"):
        return (x.dtype.type(1) / np.sqrt(x)).astype(x.dtype)


def rcp(x: object) -> np.ndarray:
    x = _float(x)
    with np.errstate(divide="ignore"):
        return (x.dtype.type(1) / x).astype(x.dtype)


def floor(x: object) -> np.ndarray:
    return np.floor(_float(x))


def ceil(x: object) -> np.ndarray:
    return np.ceil(_float(x))


def trunc(x: object) -> np.ndarray:
    return np.trunc(_float(x))


def frac(x: object) -> np.ndarray:
    x = _float(x)
    return x - np.floor(x)


def lerp(a: object, b: object, t: object) -> np.ndarray:
    a, b, t = _float(a), _float(b), np.asarray(t)
    return a + t * (b - a)


def step(edge: object, x: object) -> np.ndarray:
    x = _float(x)
    return (np.asarray(x) >= np.asarray(edge)).astype(x.dtype)


def mad(a: object, b: object, c: object) -> np.ndarray:
    """a * b + c (HLSL mad: the implementation may or may not fuse; we round the product first)."""
    return np.asarray(a) * np.asarray(b) + np.asarray(c)


def fma(a: object, b: object, c: object) -> np.ndarray:
    """a * b + c with one rounding (HLSL fma/mad's fused form), in the operands' float type."""
    return exact_fma(_float(a), _float(b), _float(c))


def dot(a: object, b: object) -> np.ndarray:
    """Sum over the vector axis of a * b (a scalar's dot product is the product)."""
    a, b = np.asarray(a), np.asarray(b)
    if _has_vector_axis(a) or _has_vector_axis(b):
        return np.sum(a * b, axis=-1, dtype=np.result_type(a, b))
    return np.multiply(a, b, dtype=np.result_type(a, b))


def select(condition: object, a: object, b: object) -> np.ndarray:
    """HLSL 2021 `select(cond, a, b)`; a per-lane (lanes,) condition broadcasts over vector axes."""
    cond = np.asarray(condition)
    a, b = np.asarray(a), np.asarray(b)
    ndim = builtins.max(a.ndim, b.ndim)
    if cond.ndim == 1 and ndim > 1:
        cond = cond.reshape(cond.shape + (1,) * (ndim - 1))
    dtype = np.result_type(a, b)
    same_numbers = a.dtype == b.dtype == dtype and dtype.kind in "biuf" and dtype.itemsize in _INT_OF_SIZE
    if cond.dtype == np.bool_ and same_numbers:
        return _select_bits(cond, a, b)
    return np.where(cond, a, b).astype(dtype, copy=False)


_INT_OF_SIZE = {1: np.int8, 2: np.int16, 4: np.int32, 8: np.int64}


def _select_bits(cond: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """select() on the bits, ((a ^ b) & mask) ^ b with the mask all ones where `cond` holds: exact
    for every value (NaN payloads, signed zeros) and vectorized, where np.where's broadcast loop is
    not. A +0 `b` (select(cond, x, 0) after a ReLU) needs only a & mask."""
    int_type = _INT_OF_SIZE[a.dtype.itemsize]
    mask = np.negative(cond.view(np.int8), dtype=int_type,          # True -> -1, all bits set
                       out=scratch("intrinsics.select", cond.shape, int_type))
    a_bits, b_bits = a.view(int_type), b.view(int_type)
    if b.ndim == 0 and b_bits == 0:
        return np.bitwise_and(a_bits, mask).view(a.dtype)
    out = np.empty(np.broadcast_shapes(cond.shape, a.shape, b.shape), int_type)
    np.bitwise_xor(a_bits, b_bits, out=out)
    out &= mask
    out ^= b_bits
    return out.view(a.dtype)


def asuint(x: object) -> np.ndarray:
    array = np.ascontiguousarray(x)
    return array.view(np.uint32) if array.dtype.itemsize == 4 else array.astype(np.uint32)


def asint(x: object) -> np.ndarray:
    return np.ascontiguousarray(x).view(np.int32)


def asfloat(x: object) -> np.ndarray:
    return np.ascontiguousarray(x).view(np.float32)


def asfloat16(x: object) -> np.ndarray:
    """Reinterpret 16-bit integers as half."""
    return np.ascontiguousarray(np.asarray(x).astype(np.uint16)).view(np.float16)


def f32tof16(x: object) -> np.ndarray:
    """float -> the half bits in the low 16 bits of a uint (round to nearest even)."""
    return _float(x).astype(np.float16).view(np.uint16).astype(np.uint32)


def f16tof32(x: object) -> np.ndarray:
    """Low 16 bits of a uint, read as half, widened to float (exact)."""
    return (np.asarray(x).astype(np.uint32) & 0xFFFF).astype(np.uint16).view(np.float16).astype(np.float32)


# --- Names shared with Python's builtins ------------------------------------------------------
# HLSL's meaning for lane values (numpy arrays and numpy scalars), Python's builtin, exactly, for
# everything else; a lane value in a call HLSL has no form for is a TypeError naming the way out.

_LANE_VALUE = (np.ndarray, np.generic)
_NO_DEFAULT = object()


def _is_lane_value(value: object) -> bool:
    return isinstance(value, _LANE_VALUE)


def _has_vector_axis(value: np.ndarray) -> bool:
    """Whether the last axis of a value is an HLSL vector's. Inside running lanes a (lanes,) array is
    a per-lane scalar (one value per lane), so only arrays with more axes carry a vector; outside,
    a 1-D array is one vector."""
    if value.ndim == 0:
        return False
    running = current_context()
    if running is not None and value.ndim == 1 and value.shape[0] == running.lanes:
        return False
    return True


def _no_hlsl_form(name: str, call: str, hlsl_form: str, instead: str) -> TypeError:
    return TypeError(f"{call} on a numpy array or scalar: dxlinalg.hlsl's {name} is HLSL's {hlsl_form} on numpy "
                     f"values and Python's {name} on anything else; {instead}")


def _binary_or_builtin(name: str, hlsl: Callable[[object, object], np.ndarray], builtin: Callable[..., object],
                       args: tuple[object, ...], key: object, default: object) -> object:
    """max/min: HLSL's two-operand form on lane values, else the builtin with its key=/default=."""
    python_only = key is not None or default is not _NO_DEFAULT
    if len(args) == 2 and not python_only and (_is_lane_value(args[0]) or _is_lane_value(args[1])):
        return hlsl(args[0], args[1])
    if builtins.any(_is_lane_value(arg) for arg in args):
        extreme = "largest" if name == "max" else "smallest"
        raise _no_hlsl_form(
            name, f"{name}() with {len(args)} argument(s){' and key=/default=' if python_only else ''}",
            f"elementwise {name}(a, b)",
            f"use np.{name}(x) for the {extreme} element of an array, WaveActive{name.capitalize()}(x) across a "
            f"wave, {name}({name}(a, b), c) for three operands, or builtins.{name} for Python's {name}")
    return builtin(*args, key=key) if default is _NO_DEFAULT else builtin(*args, key=key, default=default)


def max(*args: object, key: object = None, default: object = _NO_DEFAULT) -> object:  # noqa: A001 (HLSL name)
    """HLSL max(a, b) (IEEE maxNum, like DXIL FMax) on lane values; Python's max otherwise."""
    return _binary_or_builtin("max", _maxnum, builtins.max, args, key, default)


def min(*args: object, key: object = None, default: object = _NO_DEFAULT) -> object:  # noqa: A001
    """HLSL min(a, b) (IEEE minNum, like DXIL FMin) on lane values; Python's min otherwise."""
    return _binary_or_builtin("min", _minnum, builtins.min, args, key, default)


def abs(x: object) -> object:  # noqa: A001
    """HLSL abs on lane values; Python's abs otherwise."""
    return np.abs(x) if _is_lane_value(x) else builtins.abs(x)  # type: ignore[arg-type]


def round(number: object, ndigits: object = None) -> object:  # noqa: A001
    """HLSL round on lane values: to nearest, ties to even (DXIL Round_ne), keeping the float type;
    Python's round otherwise."""
    if not _is_lane_value(number):
        return builtins.round(number, ndigits)  # type: ignore[call-overload]
    if ndigits is not None:
        raise _no_hlsl_form("round", "round(x, ndigits)", "round(x) to a whole number",
                            "use np.round(x, ndigits), or builtins.round for Python's")
    return np.rint(_float(number))


def pow(base: object, exp: object, mod: object = None) -> object:  # noqa: A001
    """HLSL pow(x, y) on lane values, in the float type of its lane operands (Python numbers are weak,
    as literals are; HLSL leaves a negative base undefined, numpy gives NaN or the whole power);
    Python's pow otherwise."""
    if not (_is_lane_value(base) or _is_lane_value(exp)):
        return builtins.pow(base, exp, mod)  # type: ignore[arg-type]
    if mod is not None:
        raise _no_hlsl_form("pow", "pow(x, y, mod)", "elementwise pow(x, y)", "use builtins.pow for Python's")
    x = _float(base) if _is_lane_value(base) else base
    y = _float(exp) if _is_lane_value(exp) else exp
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        return np.power(x, y)


def any(x: object) -> object:  # noqa: A001
    """HLSL any (some component non-zero, over the vector axis) on lane values; Python's any otherwise."""
    if not _is_lane_value(x):
        return builtins.any(x)  # type: ignore[arg-type]
    nonzero = np.asarray(x) != 0
    return np.any(nonzero, axis=-1) if _has_vector_axis(nonzero) else nonzero


def all(x: object) -> object:  # noqa: A001
    """HLSL all (every component non-zero, over the vector axis) on lane values; Python's all otherwise."""
    if not _is_lane_value(x):
        return builtins.all(x)  # type: ignore[arg-type]
    nonzero = np.asarray(x) != 0
    return np.all(nonzero, axis=-1) if _has_vector_axis(nonzero) else nonzero


def lane_zeros(shape: tuple[int, ...] = (), dtype: object = np.float32) -> np.ndarray:
    """A per-lane zero value (lanes, *shape): the Python spelling of `T x = 0;` in a shader."""
    ctx = require_context("lane_zeros")
    return np.zeros((ctx.lanes, *shape), dtype)
