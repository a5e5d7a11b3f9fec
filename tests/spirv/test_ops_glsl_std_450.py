"""Per-instruction tests of the GLSL.std.450 extended instructions against numpy and exact oracles."""

import math
from fractions import Fraction

import numpy as np
import pytest

from tests.spirv.kernels import OpKernel, apply_op, run_kernel

LANES = 128
rng = np.random.default_rng(450)


def floats(spec="f32", low=-4.0, high=4.0):
    dtype = np.dtype(f"f{int(spec[1:3]) // 8}")
    count = int(spec.split("x")[1]) if "x" in spec else 1
    shape = (LANES,) if count == 1 else (LANES, count)
    return rng.uniform(low, high, shape).astype(dtype)


TRANSCENDENTAL = [
    ("Sin", np.sin, (-4, 4)), ("Cos", np.cos, (-4, 4)), ("Tan", np.tan, (-1.4, 1.4)), ("Asin", np.arcsin, (-1, 1)),
    ("Acos", np.arccos, (-1, 1)), ("Atan", np.arctan, (-9, 9)), ("Sinh", np.sinh, (-3, 3)), ("Cosh", np.cosh, (-3, 3)),
    ("Tanh", np.tanh, (-3, 3)), ("Asinh", np.arcsinh, (-9, 9)), ("Acosh", np.arccosh, (1, 9)),
    ("Atanh", np.arctanh, (-0.99, 0.99)), ("Exp", np.exp, (-9, 9)), ("Log", np.log, (0.01, 99)),
    ("Exp2", np.exp2, (-9, 9)), ("Log2", np.log2, (0.01, 99)), ("Sqrt", np.sqrt, (0, 99)),
    ("InverseSqrt", lambda x: 1 / np.sqrt(x), (0.01, 99)), ("Radians", np.radians, (-360, 360)),
    ("Degrees", np.degrees, (-7, 7)),
]


@pytest.mark.parametrize("spec, tolerance", [("f32", 4e-7), ("f16", 1e-3), ("f64", 1e-15), ("f32x3", 4e-7)])
@pytest.mark.parametrize("name, reference, domain", TRANSCENDENTAL)
def test_elementary_functions_are_within_a_few_ulps_of_float64(name, reference, domain, spec, tolerance):
    x = floats(spec, *domain)
    out = apply_op("", [spec], spec, [x], glsl=name)
    expected = reference(x.astype(np.float64))
    assert out.dtype == x.dtype
    assert np.allclose(out.astype(np.float64), expected, rtol=tolerance * 4, atol=tolerance * 4)


@pytest.mark.parametrize("name, reference", [("Atan2", np.arctan2), ("Pow", np.power)])
def test_two_operand_functions(name, reference):
    y, x = floats("f32", 0.1, 4), floats("f32", 0.1, 4)
    out = apply_op("", ["f32", "f32"], "f32", [y, x], glsl=name)
    assert np.allclose(out, reference(y.astype(np.float64), x.astype(np.float64)), rtol=2e-6)


EXACT_UNARY = [("Round", np.rint), ("RoundEven", np.rint), ("Trunc", np.trunc), ("FAbs", np.abs),
               ("FSign", np.sign), ("Floor", np.floor), ("Ceil", np.ceil), ("Fract", lambda x: x - np.floor(x))]


@pytest.mark.parametrize("spec", ["f16", "f32", "f64x2"])
@pytest.mark.parametrize("name, oracle", EXACT_UNARY)
def test_exact_unary_functions(name, oracle, spec):
    x = floats(spec)
    x.reshape(-1)[:4] = [0.5, 1.5, -2.5, -0.0]
    assert np.array_equal(apply_op("", [spec], spec, [x], glsl=name), oracle(x))


def number_oracle(a: float, b: float, larger: bool) -> float:
    """IEEE 754-2019 maximumNumber / minimumNumber of two floats: -0 < +0, a NaN gives the other."""
    if math.isnan(a) or math.isnan(b):
        return b if math.isnan(a) else a
    if a == b:
        keep_a = (math.copysign(1, a) > math.copysign(1, b)) == larger
        return a if keep_a or math.copysign(1, a) == math.copysign(1, b) else b
    return max(a, b) if larger else min(a, b)


@pytest.mark.parametrize("spec", ["f32x4", "f16x4"])
def test_min_max_clamp_give_the_non_nan_operand_and_order_signed_zeros(spec):
    x, y = floats(spec), floats(spec)
    x[0, 0], y[0, 1], x[1, :2], y[1, :2] = np.nan, np.nan, np.nan, np.nan
    x[2], y[2] = [-0.0, 0.0, -0.0, 0.0], [0.0, -0.0, -0.0, 0.0]
    for name, larger in (("FMin", False), ("NMin", False), ("FMax", True), ("NMax", True)):
        out = apply_op("", [spec, spec], spec, [x, y], glsl=name)
        expected = np.array([number_oracle(a, b, larger) for a, b in zip(x.ravel().tolist(), y.ravel().tolist())],
                            x.dtype).reshape(x.shape)
        assert np.array_equal(out.view(f"u{x.itemsize}"), expected.view(f"u{x.itemsize}")), name
    relu = apply_op("", [spec, spec], spec, [x, np.zeros_like(x)], glsl="FMax")
    assert not np.signbit(relu[np.isnan(x) | (x <= 0)]).any()           # ReLU: NaN, -0 and negatives give +0
    lo, hi = np.full_like(x, -1), np.full_like(x, 1)
    for name in ("FClamp", "NClamp"):
        clamped = apply_op("", [spec] * 3, spec, [x, lo, hi], glsl=name)
        assert np.array_equal(clamped, np.fmin(np.fmax(x, lo), hi)), name


@pytest.mark.parametrize("name, oracle, signed", [("UMin", np.minimum, False), ("SMin", np.minimum, True),
                                                  ("UMax", np.maximum, False), ("SMax", np.maximum, True)])
def test_integer_min_max(name, oracle, signed):
    a = rng.integers(-2 ** 31, 2 ** 31, (LANES, 2)).astype(np.int32)
    b = rng.integers(-2 ** 31, 2 ** 31, (LANES, 2)).astype(np.int32)
    out = apply_op("", ["i32x2", "i32x2"], "i32x2", [a, b], glsl=name)
    view = np.int32 if signed else np.uint32
    assert np.array_equal(out.view(view), oracle(a.view(view), b.view(view)))


def test_integer_clamp_abs_sign():
    a = rng.integers(-100, 100, LANES).astype(np.int32)
    lo, hi = np.full(LANES, -10, np.int32), np.full(LANES, 20, np.int32)
    assert np.array_equal(apply_op("", ["i32"] * 3, "i32", [a, lo, hi], glsl="SClamp"), np.clip(a, -10, 20))
    u = rng.integers(0, 100, LANES).astype(np.uint32)
    assert np.array_equal(apply_op("", ["u32"] * 3, "u32", [u, u // 3, u // 2 + 5], glsl="UClamp"),
                          np.minimum(np.maximum(u, u // 3), u // 2 + 5))
    assert np.array_equal(apply_op("", ["i32"], "i32", [a], glsl="SAbs"), np.abs(a))
    assert np.array_equal(apply_op("", ["i32"], "i32", [a], glsl="SSign"), np.sign(a))


def test_mix_step_smoothstep():
    x, y, a = floats("f32x2"), floats("f32x2"), floats("f32x2", 0, 1)
    assert np.array_equal(apply_op("", ["f32x2"] * 3, "f32x2", [x, y, a], glsl="FMix"), x * (1 - a) + y * a)
    assert np.array_equal(apply_op("", ["f32x2"] * 2, "f32x2", [x, y], glsl="Step"),
                          np.where(y < x, 0, 1).astype(np.float32))
    e0, e1 = np.full_like(x, -1), np.full_like(x, 2)
    t = np.clip((y - e0) / (e1 - e0), 0, 1)
    assert np.array_equal(apply_op("", ["f32x2"] * 3, "f32x2", [e0, e1, y], glsl="SmoothStep"), t * t * (3 - 2 * t))


@pytest.mark.parametrize("spec", ["f16", "f32", "f64"])
def test_fma_rounds_once(spec):
    a, b = floats(spec), floats(spec)
    c = (-(a.astype(np.float64) * b.astype(np.float64))).astype(a.dtype) + floats(spec) * a.dtype.type(1e-3)
    out = apply_op("", [spec] * 3, spec, [a, b, c], glsl="Fma")
    for x, y, z, r in zip(a.tolist(), b.tolist(), c.tolist(), out.tolist()):
        exact = Fraction(x) * Fraction(y) + Fraction(z)
        here = np.array(r, a.dtype)
        up, down = np.nextafter(here, a.dtype.type(np.inf)), np.nextafter(here, a.dtype.type(-np.inf))
        assert abs(Fraction(float(here)) - exact) <= min(abs(Fraction(float(up)) - exact),
                                                         abs(Fraction(float(down)) - exact))


def test_ldexp_frexp_modf():
    x = floats("f32", -100, 100)
    e = rng.integers(-5, 5, LANES).astype(np.int32)
    assert np.array_equal(apply_op("", ["f32", "i32"], "f32", [x, e], glsl="Ldexp"), np.ldexp(x, e))
    for name, struct_name, second, oracle in (("Frexp", "FrexpStruct", "i32", np.frexp),
                                              ("Modf", "ModfStruct", "f32", lambda v: (v - np.trunc(v), np.trunc(v)))):
        kernel = OpKernel(["f32"], "f32")
        bb, fn = kernel.b, kernel.fn
        second_type = bb.int() if second == "i32" else bb.float(32)
        variable = fn.variable(second_type)
        main = fn.ext(kernel.result_type, name, kernel.operands[0], variable)
        other = fn.op("OpLoad", second_type, variable)
        converted = fn.op("OpConvertSToF", kernel.result_type, other) if second == "i32" else other
        result = fn.op("OpFAdd", kernel.result_type, main, fn.op("OpFMul", kernel.result_type, converted,
                                                                 bb.constant(bb.float(32), 1000.0)))
        out = run_kernel(kernel.finish(result), [x], ["f32"], "f32", LANES)
        first, whole = oracle(x)
        assert np.array_equal(out, first + whole.astype(np.float32) * np.float32(1000)), name
        struct_kernel = OpKernel(["f32"], "f32")
        bb, fn = struct_kernel.b, struct_kernel.fn
        pair = bb.struct(struct_kernel.result_type, bb.int() if second == "i32" else bb.float(32))
        both = fn.ext(pair, struct_name, struct_kernel.operands[0])
        main = fn.op("OpCompositeExtract", struct_kernel.result_type, both, 0)
        out = run_kernel(struct_kernel.finish(main), [x], ["f32"], "f32", LANES)
        assert np.array_equal(out, first), struct_name


def test_geometric_functions():
    p, q = floats("f32x3"), floats("f32x3")
    def dot(u, v):
        return (u[:, 0] * v[:, 0] + u[:, 1] * v[:, 1]) + u[:, 2] * v[:, 2]
    def norm(u):          # rounded once: the float64 norm of exact squares
        wide = u.astype(np.float64)
        return np.sqrt((wide[:, 0] ** 2 + wide[:, 1] ** 2) + wide[:, 2] ** 2).astype(np.float32)
    assert np.array_equal(apply_op("", ["f32x3"], "f32", [p], glsl="Length"), norm(p))
    assert np.array_equal(apply_op("", ["f32x3"] * 2, "f32", [p, q], glsl="Distance"), norm(p - q))
    assert np.array_equal(apply_op("", ["f32x2"], "f32", [p[:, :2]], glsl="Length"), np.hypot(p[:, 0], p[:, 1]))
    assert np.array_equal(apply_op("", ["f32x3"] * 2, "f32x3", [p, q], glsl="Cross"), np.cross(p, q))
    assert np.array_equal(apply_op("", ["f32x3"], "f32x3", [p], glsl="Normalize"), p / norm(p)[:, None])
    n, i, reference = floats("f32x3"), floats("f32x3"), floats("f32x3")
    flip = dot(reference, i) < 0
    assert np.array_equal(apply_op("", ["f32x3"] * 3, "f32x3", [n, i, reference], glsl="FaceForward"),
                          np.where(flip[:, None], n, -n))
    assert np.array_equal(apply_op("", ["f32x3"] * 2, "f32x3", [i, n], glsl="Reflect"),
                          i - (2 * dot(n, i))[:, None] * n)
    unit = n / np.sqrt(dot(n, n))[:, None]
    eta = np.full(LANES, 0.66, np.float32)
    out = apply_op("", ["f32x3", "f32x3", "f32"], "f32x3", [i, unit, eta], glsl="Refract")
    d = dot(unit, i)
    k = 1 - eta * eta * (1 - d * d)
    with np.errstate(invalid="ignore"):
        expected = eta[:, None] * i - (eta * d + np.sqrt(k))[:, None] * unit
    assert np.allclose(out, np.where((k < 0)[:, None], 0, expected), atol=1e-6)


def test_determinant_and_inverse():
    kernel = OpKernel(["f32x3"] * 3, "f32x3")
    bb, fn = kernel.b, kernel.fn
    vec3 = kernel.result_type
    mat3 = bb.matrix(vec3, 3)
    m = fn.op("OpCompositeConstruct", mat3, *kernel.operands)
    inverse = fn.ext(mat3, "MatrixInverse", m)
    det = fn.ext(bb.float(32), "Determinant", m)
    column = fn.op("OpCompositeExtract", vec3, inverse, 1)
    result = fn.op("OpVectorTimesScalar", vec3, column, det)
    columns = [floats("f32x3") for _ in range(3)]
    out = run_kernel(kernel.finish(result), columns, ["f32x3"] * 3, "f32x3", LANES)
    matrices = np.swapaxes(np.stack(columns, axis=1).astype(np.float64), 1, 2)
    expected = np.linalg.inv(matrices)[:, :, 1] * np.linalg.det(matrices)[:, None]
    assert np.allclose(out, expected, rtol=1e-4, atol=1e-4)


def test_find_lsb_and_msb():
    a = rng.integers(-2 ** 31, 2 ** 31, LANES).astype(np.int32)
    a[:3] = [0, -1, 1]
    u = a.view(np.uint32)
    lsb = [(int(v) & -int(v)).bit_length() - 1 if v else -1 for v in u.tolist()]
    umsb = [int(v).bit_length() - 1 for v in u.tolist()]
    smsb = [(int(v) if v >= 0 else ~int(v)).bit_length() - 1 for v in a.tolist()]
    assert apply_op("", ["u32"], "i32", [u], glsl="FindILsb").tolist() == lsb
    assert apply_op("", ["u32"], "i32", [u], glsl="FindUMsb").tolist() == umsb
    assert apply_op("", ["i32"], "i32", [a], glsl="FindSMsb").tolist() == smsb


def test_packing_round_trips_and_formulas():
    v4 = floats("f32x4", -1.2, 1.2)
    packed = apply_op("", ["f32x4"], "u32", [v4], glsl="PackSnorm4x8")
    fields = np.rint(np.clip(v4, -1, 1) * 127).astype(np.int64) & 0xFF
    assert np.array_equal(packed, (fields << np.arange(0, 32, 8)).sum(axis=1).astype(np.uint32))
    unpacked = apply_op("", ["u32"], "f32x4", [packed], glsl="UnpackSnorm4x8")
    assert np.allclose(unpacked, np.clip(v4, -1, 1), atol=1 / 127)
    packed = apply_op("", ["f32x4"], "u32", [v4], glsl="PackUnorm4x8")
    assert np.allclose(apply_op("", ["u32"], "f32x4", [packed], glsl="UnpackUnorm4x8"), np.clip(v4, 0, 1),
                       atol=1 / 255)
    v2 = floats("f32x2", -1.2, 1.2)
    for pack, unpack, low in (("PackSnorm2x16", "UnpackSnorm2x16", -1), ("PackUnorm2x16", "UnpackUnorm2x16", 0)):
        packed = apply_op("", ["f32x2"], "u32", [v2], glsl=pack)
        assert np.allclose(apply_op("", ["u32"], "f32x2", [packed], glsl=unpack), np.clip(v2, low, 1), atol=1e-4)
    packed = apply_op("", ["f32x2"], "u32", [v2], glsl="PackHalf2x16")
    halves = v2.astype(np.float16).view(np.uint16).astype(np.uint32)
    assert np.array_equal(packed, halves[:, 0] | (halves[:, 1] << 16))
    assert np.array_equal(apply_op("", ["u32"], "f32x2", [packed], glsl="UnpackHalf2x16"),
                          v2.astype(np.float16).astype(np.float32))
    d = floats("f64", -1e9, 1e9)
    words = apply_op("", ["f64"], "u32x2", [d], glsl="UnpackDouble2x32")
    assert np.array_equal(words, d.view(np.uint32).reshape(LANES, 2))
    assert np.array_equal(apply_op("", ["u32x2"], "f64", [words], glsl="PackDouble2x32"), d)
