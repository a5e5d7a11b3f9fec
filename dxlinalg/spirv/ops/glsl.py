"""The GLSL.std.450 extended instruction set.

Float functions compute in the operand's type with numpy (float16 through float32 and one
rounding, as numpy's float16 loops do), the same functions the HLSL intrinsics of dxlinalg.gpu
use. Where GLSL.std.450 leaves a result undefined for some inputs (a negative Sqrt or Log
operand, FClamp with minVal > maxVal) the result is what the formula below gives with IEEE
arithmetic, not a report: these are undefined values, not undefined behaviour. FMin/FMax with a
NaN operand give the other operand (as NMin/NMax), and order -0 below +0. Round rounds halfway
cases to even (the direction is implementation-dependent). Fma rounds once. Length rounds the
norm once (float16/float32 through float64).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from dxlinalg.gpu.half import relu_half
from dxlinalg.numerics.fma import fma
from dxlinalg.numerics.transcendentals import composed_cosh, composed_exp, composed_log
from dxlinalg.spirv.compiler import Compute, Frame, InstructionContext, components, register_extended
from dxlinalg.spirv.grammar import glsl_number
from dxlinalg.spirv.halfmath import exact_op
from dxlinalg.spirv.ops.common import signed, spreader, unsigned, view
from dxlinalg.spirv.ops.memory import pointer_operand, store_through
from dxlinalg.spirv.types import FloatType, IntType, MatrixType, StructType, VectorType, scalar_of

GLSL = "GLSL.std.450"
_add, _subtract, _multiply, _divide = (exact_op(f) for f in (np.add, np.subtract, np.multiply, np.divide))
_sqrt = exact_op(np.sqrt)


def _glsl(*names: str) -> Callable[[Callable[[InstructionContext], Compute]], Callable[[InstructionContext], Compute]]:
    return register_extended(GLSL, [glsl_number(name) for name in names])


def _same(c: InstructionContext, count: int, kinds: str, *, scalar_operands: tuple[int, ...] = ()) -> list[int]:
    """Operands 0..count-1 checked to have the result's type (those in `scalar_operands` may be its
    component type instead)."""
    result = c.numeric_result(kinds)
    for k in range(count):
        found = c.value_type(k)
        if found.id != result.id and not (k in scalar_operands and found.id == scalar_of(result).id):  # type: ignore[union-attr]
            raise c.fail(f"operand {k} has type {found!r}; {c.opname} needs {result!r}")
    return [c.value(k) for k in range(count)]


def _components_of(value: np.ndarray, like: np.ndarray) -> np.ndarray:
    """A scalar operand (lanes,) broadcast against a vector (lanes, n)."""
    return value[:, None] if value.ndim < like.ndim else value


def _float_map(c: InstructionContext, count: int, function: Callable[..., np.ndarray], *,
               scalar_operands: tuple[int, ...] = ()) -> Compute:
    ids = _same(c, count, "f", scalar_operands=scalar_operands)
    spread = spreader(c.result_type, [c.constant_of(i) for i in ids])

    def compute(f: Frame) -> np.ndarray:
        operands = [f.values[i] for i in ids]
        widest = max(operands, key=lambda x: x.ndim)
        return function(*spread(*(_components_of(x, widest) for x in operands)))
    return compute


def _typed(function: Callable[..., np.ndarray]) -> Callable[..., np.ndarray]:
    """A numpy function whose result keeps the first operand's float type."""
    def apply(*operands: np.ndarray) -> np.ndarray:
        return np.asarray(function(*operands)).astype(operands[0].dtype, copy=False)
    return apply


for _name, _function in (("Round", np.rint), ("RoundEven", np.rint), ("Trunc", np.trunc), ("FAbs", np.abs),
                         ("FSign", np.sign), ("Floor", np.floor), ("Ceil", np.ceil), ("Sin", np.sin),
                         ("Cos", np.cos), ("Tan", np.tan), ("Asin", np.arcsin), ("Acos", np.arccos),
                         ("Atan", np.arctan), ("Sinh", np.sinh), ("Tanh", np.tanh),
                         ("Asinh", np.arcsinh), ("Acosh", np.arccosh), ("Atanh", np.arctanh),
                         ("Exp2", np.exp2), ("Log2", np.log2), ("Sqrt", _sqrt)):
    _glsl(_name)(lambda c, fn=_function: _float_map(c, 1, _typed(fn)))


# -- Exp, Log, Cosh: the library's, or composed as NVIDIA's compiler does (shader.transcendentals) ----------
def _by_profile(c: InstructionContext, library: Callable[..., np.ndarray],
                composed: Callable[..., np.ndarray]) -> Compute:
    """`library` or `composed`, as the profile's shader.transcendentals says."""
    plain, nvidia = _float_map(c, 1, library), _float_map(c, 1, _typed(composed))
    return lambda f: (nvidia if f.inv.ctx.profile.shader.transcendentals == "nvidia_composed" else plain)(f)


_glsl("Exp")(lambda c: _by_profile(c, _typed(np.exp), composed_exp))
_glsl("Log")(lambda c: _by_profile(c, _typed(np.log), composed_log))
_glsl("Cosh")(lambda c: _by_profile(c, _typed(np.cosh), composed_cosh))
for _name, _function in (("Atan2", np.arctan2), ("Pow", np.power)):
    _glsl(_name)(lambda c, fn=_function: _float_map(c, 2, _typed(fn)))


def _fract(x: np.ndarray) -> np.ndarray:
    return _subtract(x, np.floor(x))


def _inverse_sqrt(x: np.ndarray) -> np.ndarray:
    return _divide(np.ones((), x.dtype), _sqrt(x))


def _radians(x: np.ndarray) -> np.ndarray:
    return _multiply(x, np.asarray(np.pi / 180, x.dtype))


def _degrees(x: np.ndarray) -> np.ndarray:
    return _multiply(x, np.asarray(180 / np.pi, x.dtype))


_glsl("Fract")(lambda c: _float_map(c, 1, _fract))
_glsl("InverseSqrt")(lambda c: _float_map(c, 1, _inverse_sqrt))
_glsl("Radians")(lambda c: _float_map(c, 1, _radians))
_glsl("Degrees")(lambda c: _float_map(c, 1, _degrees))
_glsl("Fma")(lambda c: _float_map(c, 3, fma))


def _ordered(x: np.ndarray) -> np.ndarray:
    """Integers in the order of the float values, -0 just below +0 (NaNs beyond the infinities): the
    sign-magnitude bits turned two's complement."""
    bits = x.view(signed(x.dtype))
    return bits ^ ((bits >> (8 * bits.itemsize - 1)) & np.iinfo(bits.dtype).max)


def _nan(x: np.ndarray) -> np.ndarray:
    """NaN test on the bits (numpy's float16 isnan converts every element)."""
    bits = x.view(unsigned(x.dtype))
    magnitude = np.iinfo(bits.dtype).max >> 1
    return (bits & bits.dtype.type(magnitude)) > np.array(np.inf, x.dtype).view(bits.dtype)


def _number(x: np.ndarray, y: np.ndarray, larger: bool) -> np.ndarray:
    """The larger (or smaller) operand with -0 < +0, and the other operand where one is NaN (IEEE 754-2019
    maximumNumber / minimumNumber)."""
    ordered_x, ordered_y = _ordered(x), _ordered(y)
    picked = np.where(ordered_x < ordered_y if larger else ordered_y < ordered_x, y, x)
    nan_x, nan_y = _nan(x), _nan(y)
    if nan_x.any() or nan_y.any():
        picked = np.where(nan_x, y, np.where(nan_y, x, picked))
    return picked


def _fmin(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """FMin and NMin: y if y < x else x, -0 below +0; a NaN operand gives the other one (NMin's rule;
    FMin leaves the result undefined then)."""
    return _number(x, y, larger=False)


def _fmax(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """FMax and NMax: y if x < y else x, so FMax(-0, +0) = +0, as the HLSL ReLU max(x, 0) gives."""
    if _uniform_positive_zero(y):
        return _relu(x)
    if _uniform_positive_zero(x):
        return _relu(y)
    return _number(x, y, larger=True)


def _uniform_positive_zero(value: np.ndarray) -> bool:
    """A lane-uniform operand of +0s: the ReLU's constant (checked only where it is small)."""
    return (value.ndim == 0 or value.shape[0] == 1) and not value.view(unsigned(value.dtype)).any()


def _relu(x: np.ndarray) -> np.ndarray:
    """_number(x, +0, larger=True) at the cost of one pass: x where x > 0, else +0 (NaN and -0 included)."""
    if x.dtype == np.float16:
        return relu_half(x).reshape(x.shape)
    zero = np.zeros((), x.dtype)
    result = np.fmax(x, zero)     # NaN gives +0; x <= 0 gives a zero of either sign ...
    result += zero                # ... which adding +0 makes +0 (x > 0 is unchanged)
    return result


_glsl("FMin")(lambda c: _float_map(c, 2, _fmin))
_glsl("FMax")(lambda c: _float_map(c, 2, _fmax))
_glsl("NMin")(lambda c: _float_map(c, 2, _fmin))
_glsl("NMax")(lambda c: _float_map(c, 2, _fmax))
_glsl("FClamp", "NClamp")(lambda c: _float_map(c, 3, lambda x, lo, hi: _fmin(_fmax(x, lo), hi)))


def _mix(x: np.ndarray, y: np.ndarray, a: np.ndarray) -> np.ndarray:
    """x * (1 - a) + y * a, each operation rounded in the type."""
    one = np.ones((), x.dtype)
    return _add(_multiply(x, _subtract(one, a)), _multiply(y, a))


def _step(edge: np.ndarray, x: np.ndarray) -> np.ndarray:
    return np.where(x < edge, 0, 1).astype(x.dtype)


def _smooth_step(edge0: np.ndarray, edge1: np.ndarray, x: np.ndarray) -> np.ndarray:
    t = _divide(_subtract(x, edge0), _subtract(edge1, edge0))
    t = _fmin(_fmax(t, np.zeros((), x.dtype)), np.ones((), x.dtype))
    return _multiply(_multiply(t, t), _subtract(np.asarray(3, x.dtype), _multiply(np.asarray(2, x.dtype), t)))


_glsl("FMix")(lambda c: _float_map(c, 3, _mix))
_glsl("Step")(lambda c: _float_map(c, 2, _step))
_glsl("SmoothStep")(lambda c: _float_map(c, 3, _smooth_step))


def _integer_map(c: InstructionContext, count: int, function: Callable[..., np.ndarray], signedness: str) -> Compute:
    result = c.numeric_result("i")
    for k in range(count):
        c.same_shape(k, result, "i")
    ids = [c.value(k) for k in range(count)]
    dtype = result.dtype  # type: ignore[attr-defined]
    operand = signed(dtype) if signedness == "s" else unsigned(dtype)
    spread = spreader(result, [c.constant_of(i) for i in ids])

    def compute(f: Frame) -> np.ndarray:
        return view(function(*spread(*(view(f.values[i], operand) for i in ids))), dtype)
    return compute


_glsl("SAbs")(lambda c: _integer_map(c, 1, np.abs, "s"))
_glsl("SSign")(lambda c: _integer_map(c, 1, np.sign, "s"))
for _name, _function, _sign in (("UMin", np.minimum, "u"), ("SMin", np.minimum, "s"), ("UMax", np.maximum, "u"),
                                ("SMax", np.maximum, "s")):
    _glsl(_name)(lambda c, fn=_function, s=_sign: _integer_map(c, 2, fn, s))
for _name, _sign in (("UClamp", "u"), ("SClamp", "s")):
    _glsl(_name)(lambda c, s=_sign: _integer_map(c, 3, np.clip, s))     # min(max(x, lo), hi), also if lo > hi


def _find_bits(c: InstructionContext, kind: str) -> Compute:
    result = c.numeric_result("i")
    source = c.same_shape(0, result, "i", same_width=False)
    c.expect(scalar_of(source).width == 32, f"{c.opname} takes 32-bit integers")  # type: ignore[union-attr]
    dtype = result.dtype  # type: ignore[attr-defined]
    a = c.value(0)

    def compute(f: Frame) -> np.ndarray:
        x = view(f.values[a], np.dtype(np.uint32)).astype(np.int64)
        if kind == "lsb":
            low = x & -x
            found = np.where(x == 0, -1, np.log2(np.maximum(low, 1)).astype(np.int64))
        else:
            if kind == "smsb":
                x = np.where(x >= 1 << 31, (~x) & 0xFFFFFFFF, x)
            found = np.where(x == 0, -1, np.floor(np.log2(np.maximum(x, 1))).astype(np.int64))
        return found.astype(signed(dtype)).view(dtype)
    return compute


_glsl("FindILsb")(lambda c: _find_bits(c, "lsb"))
_glsl("FindSMsb")(lambda c: _find_bits(c, "smsb"))
_glsl("FindUMsb")(lambda c: _find_bits(c, "umsb"))


# -- geometric ------------------------------------------------------------------------------------
def _dot(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    if x.ndim == 1:
        return _multiply(x, y)
    total = _multiply(x[:, 0], y[:, 0])
    for k in range(1, x.shape[1]):
        total = _add(total, _multiply(x[:, k], y[:, k]))
    return total


def _length(x: np.ndarray) -> np.ndarray:
    """The norm rounded once: float16/float32 through float64, where the squares are exact (as C's
    hypotf computes it, so Length(vec2(a, b)) is numpy's hypot); float64 step by step."""
    if x.ndim == 1:
        return np.abs(x)
    if x.dtype == np.float64:
        return _sqrt(_dot(x, x))
    wide = x.astype(np.float64)
    total = wide[:, 0] * wide[:, 0]
    for k in range(1, wide.shape[1]):
        total += wide[:, k] * wide[:, k]
    return np.sqrt(total).astype(x.dtype)


def _scalar_result(c: InstructionContext, count: int) -> list[int]:
    result = c.result_type
    c.expect(isinstance(result, FloatType), "result type must be a float scalar")
    first = c.value_type(0)
    c.expect(scalar_of(first) is not None and scalar_of(first).id == result.id and  # type: ignore[union-attr]
             not isinstance(first, MatrixType), "operands must be float scalars or vectors of the result's type")
    for k in range(1, count):
        c.expect(c.value_type(k).id == first.id, "operands must have one type")
    return [c.value(k) for k in range(count)]


@_glsl("Length")
def _length_op(c: InstructionContext) -> Compute:
    (a,) = _scalar_result(c, 1)
    return lambda f: _length(f.values[a])


@_glsl("Distance")
def _distance(c: InstructionContext) -> Compute:
    a, b = _scalar_result(c, 2)
    return lambda f: _length(_subtract(f.values[a], f.values[b]))


@_glsl("Cross")
def _cross(c: InstructionContext) -> Compute:
    c.expect(isinstance(c.result_type, VectorType) and c.result_type.count == 3, "Cross works on 3-vectors")
    a, b = _same(c, 2, "f")

    def compute(f: Frame) -> np.ndarray:
        x, y = f.values[a], f.values[b]
        parts = [_subtract(_multiply(x[:, i], y[:, j]), _multiply(y[:, i], x[:, j])) for i, j in ((1, 2), (2, 0),
                                                                                                  (0, 1))]
        lanes = max(p.shape[0] for p in parts)
        return np.stack([np.broadcast_to(p, (lanes,)) for p in parts], axis=1)
    return compute


def _with_scale(x: np.ndarray, scale: np.ndarray, function: Callable[..., np.ndarray]) -> np.ndarray:
    return function(x, scale[:, None] if x.ndim == 2 else scale)


@_glsl("Normalize")
def _normalize(c: InstructionContext) -> Compute:
    (a,) = _same(c, 1, "f")

    def compute(f: Frame) -> np.ndarray:
        x = f.values[a]
        return _with_scale(x, _length(x), _divide)
    return compute


@_glsl("FaceForward")
def _face_forward(c: InstructionContext) -> Compute:
    n, i, reference = _same(c, 3, "f")

    def compute(f: Frame) -> np.ndarray:
        x = f.values[n]
        flip = _dot(f.values[reference], f.values[i]) < 0
        return np.where(flip[:, None] if x.ndim == 2 else flip, x, -x)
    return compute


@_glsl("Reflect")
def _reflect(c: InstructionContext) -> Compute:
    i, n = _same(c, 2, "f")

    def compute(f: Frame) -> np.ndarray:
        incident, normal = f.values[i], f.values[n]
        twice = _multiply(np.asarray(2, incident.dtype), _dot(normal, incident))
        return _subtract(incident, _with_scale(normal, twice, _multiply))
    return compute


@_glsl("Refract")
def _refract(c: InstructionContext) -> Compute:
    result = c.numeric_result("f")
    for k in (0, 1):
        c.expect(c.value_type(k).id == result.id, "I and N must have the result type")
    c.expect(isinstance(c.value_type(2), FloatType), "eta must be a float scalar")
    i, n, e = c.value(0), c.value(1), c.value(2)

    def compute(f: Frame) -> np.ndarray:
        incident, normal = f.values[i], f.values[n]
        eta = f.values[e].astype(incident.dtype)
        one = np.ones((), incident.dtype)
        d = _dot(normal, incident)
        k = _subtract(one, _multiply(_multiply(eta, eta), _subtract(one, _multiply(d, d))))
        scale = _add(_multiply(eta, d), _sqrt(k))
        refracted = _subtract(_with_scale(incident, eta, _multiply), _with_scale(normal, scale, _multiply))
        total = k < 0
        return np.where(total[:, None] if refracted.ndim == 2 else total, np.zeros((), incident.dtype), refracted)
    return compute


# -- matrices -------------------------------------------------------------------------------------
def _determinant(m: np.ndarray) -> np.ndarray:
    """(lanes, n, n) float64 determinants by cofactor expansion (n <= 4), vectorised over lanes."""
    size = m.shape[1]
    if size == 1:
        return m[:, 0, 0]
    if size == 2:
        return m[:, 0, 0] * m[:, 1, 1] - m[:, 0, 1] * m[:, 1, 0]
    total = np.zeros(m.shape[0])
    for j in range(size):
        minor = np.delete(np.delete(m, 0, axis=1), j, axis=2)
        total = total + (-1) ** j * m[:, 0, j] * _determinant(minor)
    return total


@_glsl("Determinant")
def _determinant_op(c: InstructionContext) -> Compute:
    matrix = c.value_type(0)
    c.expect(isinstance(matrix, MatrixType) and matrix.columns == matrix.rows and
             c.result_type is not None and c.result_type.id == matrix.component.id,
             "Determinant takes a square matrix and returns its component type")
    a = c.value(0)

    def compute(f: Frame) -> np.ndarray:
        m = f.values[a]
        return _determinant(m.astype(np.float64)).astype(m.dtype)
    return compute


@_glsl("MatrixInverse")
def _inverse(c: InstructionContext) -> Compute:
    matrix = c.value_type(0)
    c.expect(isinstance(matrix, MatrixType) and matrix.columns == matrix.rows and
             c.result_type is not None and c.result_type.id == matrix.id,
             "MatrixInverse takes a square matrix of the result type")
    a = c.value(0)

    def compute(f: Frame) -> np.ndarray:
        m = f.values[a].astype(np.float64)
        size = m.shape[1]
        det = _determinant(m)
        cofactors = np.empty_like(m)
        for i in range(size):
            for j in range(size):
                minor = np.delete(np.delete(m, i, axis=1), j, axis=2)
                cofactors[:, i, j] = (-1) ** (i + j) * _determinant(minor) if size > 1 else 1.0
        inverse = np.swapaxes(cofactors, 1, 2) / det[:, None, None]
        return inverse.astype(f.values[a].dtype)
    return compute


# -- results through pointers and structs -----------------------------------------------------------
def _split_result(c: InstructionContext, struct_form: bool, second_kind: str) -> tuple[int, object, object]:
    """(operand id, type of the main result, type of the second result) for Modf/Frexp forms."""
    if struct_form:
        result = c.result_type
        c.expect(isinstance(result, StructType) and len(result.members) == 2, "result type must be a 2-member struct")
        main, second = result.members  # type: ignore[union-attr]
    else:
        main = c.result_type
        pointer = pointer_operand(c, 1)
        second = pointer.pointee
    c.expect(c.value_type(0).id == main.id and isinstance(scalar_of(main), FloatType),  # type: ignore[union-attr]
             "x must be a float scalar or vector of the result type")
    kind = IntType if second_kind == "i" else FloatType
    c.expect(isinstance(scalar_of(second), kind) and components(second) == components(main),  # type: ignore[arg-type]
             "the second result has the wrong type")
    return c.value(0), main, second


def _modf(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    whole = np.trunc(x)
    fraction = np.where(np.isinf(x), np.zeros((), x.dtype), _subtract(x, whole))
    return fraction.astype(x.dtype), whole


def _frexp(x: np.ndarray, dtype: np.dtype) -> tuple[np.ndarray, np.ndarray]:
    mantissa, exponent = np.frexp(x)
    return mantissa.astype(x.dtype), exponent.astype(dtype)


@_glsl("Modf", "Frexp")
def _through_pointer(c: InstructionContext) -> Compute:
    is_modf = c.opname == "Modf"
    a, _, second = _split_result(c, False, "f" if is_modf else "i")
    pointer = pointer_operand(c, 1)
    write = store_through(c, pointer, c.value(1), None)
    dtype = second.dtype  # type: ignore[attr-defined]

    def compute(f: Frame) -> np.ndarray:
        x = f.values[a]
        main, other = _modf(x) if is_modf else _frexp(x, dtype)
        write(f, other)
        return main
    return compute


@_glsl("ModfStruct", "FrexpStruct")
def _as_struct(c: InstructionContext) -> Compute:
    is_modf = c.opname == "ModfStruct"
    a, _, second = _split_result(c, True, "f" if is_modf else "i")
    dtype = second.dtype  # type: ignore[attr-defined]
    return lambda f: _modf(f.values[a]) if is_modf else _frexp(f.values[a], dtype)


@_glsl("Ldexp")
def _ldexp(c: InstructionContext) -> Compute:
    result = c.numeric_result("f")
    c.expect(c.value_type(0).id == result.id, "x must have the result type")
    c.same_shape(1, result, "i", same_width=False)
    a, e = c.value(0), c.value(1)

    def compute(f: Frame) -> np.ndarray:
        x = f.values[a]
        exponent = np.clip(f.values[e].astype(np.int64), -2000, 2000).astype(np.int32)
        return np.ldexp(x.astype(np.float64), exponent).astype(x.dtype)
    return compute


# -- packing ----------------------------------------------------------------------------------------
def _pack_check(c: InstructionContext, count: int, width: int) -> int:
    source = c.value_type(0)
    c.expect(isinstance(source, VectorType) and source.count == count and
             isinstance(source.component, FloatType) and source.component.width == 32,
             f"{c.opname} packs a {count}-component 32-bit float vector")
    c.expect(isinstance(c.result_type, IntType) and c.result_type.width == 32, "result type must be 32-bit integer")
    return c.value(0)


def _packer(count: int, bits: int, encode: Callable[[np.ndarray], np.ndarray]) -> Callable[[InstructionContext],
                                                                                            Compute]:
    def factory(c: InstructionContext) -> Compute:
        a = _pack_check(c, count, bits)
        dtype = c.result_type.dtype  # type: ignore[union-attr]

        def compute(f: Frame) -> np.ndarray:
            fields = encode(f.values[a]).astype(np.uint64) & np.uint64((1 << bits) - 1)
            shifts = np.arange(count, dtype=np.uint64) * np.uint64(bits)
            return (fields << shifts).sum(axis=1).astype(np.uint32).view(dtype)
        return compute
    return factory


def _snorm(scale: int) -> Callable[[np.ndarray], np.ndarray]:
    return lambda v: np.rint(np.clip(v, -1.0, 1.0) * np.float32(scale)).astype(np.int64)


def _unorm(scale: int) -> Callable[[np.ndarray], np.ndarray]:
    return lambda v: np.rint(np.clip(v, 0.0, 1.0) * np.float32(scale)).astype(np.int64)


_glsl("PackSnorm4x8")(_packer(4, 8, _snorm(127)))
_glsl("PackUnorm4x8")(_packer(4, 8, _unorm(255)))
_glsl("PackSnorm2x16")(_packer(2, 16, _snorm(32767)))
_glsl("PackUnorm2x16")(_packer(2, 16, _unorm(65535)))
_glsl("PackHalf2x16")(_packer(2, 16, lambda v: v.astype(np.float16).view(np.uint16).astype(np.int64)))


def _unpacker(count: int, bits: int, decode: Callable[[np.ndarray], np.ndarray]) -> Callable[[InstructionContext],
                                                                                              Compute]:
    def factory(c: InstructionContext) -> Compute:
        result = c.result_type
        c.expect(isinstance(result, VectorType) and result.count == count and isinstance(result.component, FloatType)
                 and result.component.width == 32, f"{c.opname} gives a {count}-component 32-bit float vector")
        c.expect(isinstance(c.value_type(0), IntType) and c.value_type(0).width == 32,  # type: ignore[attr-defined]
                 "operand must be a 32-bit integer")
        a = c.value(0)

        def compute(f: Frame) -> np.ndarray:
            word = view(f.values[a], np.dtype(np.uint32)).astype(np.int64)
            fields = (word[:, None] >> (np.arange(count) * bits)) & ((1 << bits) - 1)
            return decode(fields).astype(np.float32)
        return compute
    return factory


def _signed_fields(bits: int, scale: int) -> Callable[[np.ndarray], np.ndarray]:
    def decode(fields: np.ndarray) -> np.ndarray:
        values = np.where(fields >= 1 << (bits - 1), fields - (1 << bits), fields).astype(np.float32)
        return np.clip(values / np.float32(scale), -1.0, 1.0)
    return decode


_glsl("UnpackSnorm4x8")(_unpacker(4, 8, _signed_fields(8, 127)))
_glsl("UnpackUnorm4x8")(_unpacker(4, 8, lambda fields: fields.astype(np.float32) / np.float32(255)))
_glsl("UnpackSnorm2x16")(_unpacker(2, 16, _signed_fields(16, 32767)))
_glsl("UnpackUnorm2x16")(_unpacker(2, 16, lambda fields: fields.astype(np.float32) / np.float32(65535)))
_glsl("UnpackHalf2x16")(_unpacker(2, 16, lambda fields: fields.astype(np.uint16).view(np.float16)))


@_glsl("PackDouble2x32")
def _pack_double(c: InstructionContext) -> Compute:
    source = c.value_type(0)
    c.expect(isinstance(source, VectorType) and source.count == 2 and isinstance(source.component, IntType) and
             source.component.width == 32 and isinstance(c.result_type, FloatType) and c.result_type.width == 64,
             "PackDouble2x32 turns a 2-component 32-bit integer vector into a 64-bit float")
    a = c.value(0)
    return lambda f: np.ascontiguousarray(f.values[a]).view(np.float64).reshape(-1)


@_glsl("UnpackDouble2x32")
def _unpack_double(c: InstructionContext) -> Compute:
    result = c.result_type
    c.expect(isinstance(result, VectorType) and result.count == 2 and isinstance(result.component, IntType) and
             result.component.width == 32 and isinstance(c.value_type(0), FloatType) and
             c.value_type(0).width == 64,  # type: ignore[attr-defined]
             "UnpackDouble2x32 turns a 64-bit float into a 2-component 32-bit integer vector")
    a = c.value(0)
    dtype = result.dtype  # type: ignore[union-attr]
    return lambda f: np.ascontiguousarray(f.values[a]).reshape(-1, 1).view(dtype)
