"""Per-instruction tests of the arithmetic instructions against numpy (wrap-around integers, IEEE floats)."""

import numpy as np
import pytest

from dxlinalg.spirv import SpirvUndefinedBehaviorError
from tests.spirv.kernels import OpKernel, apply_op, dtype_of, run_kernel

LANES = 128
rng = np.random.default_rng(12)


def ints(spec: str, low: int | None = None, high: int | None = None) -> np.ndarray:
    dtype = dtype_of(spec.split("x")[0])
    info = np.iinfo(dtype)
    count = int(spec.split("x")[1]) if "x" in spec else 1
    shape = (LANES,) if count == 1 else (LANES, count)
    return rng.integers(info.min if low is None else low, info.max if high is None else high, shape,
                        dtype=dtype, endpoint=True)


def floats(spec: str, scale: float = 100.0) -> np.ndarray:
    dtype = dtype_of(spec.split("x")[0])
    count = int(spec.split("x")[1]) if "x" in spec else 1
    shape = (LANES,) if count == 1 else (LANES, count)
    return (rng.standard_normal(shape) * scale).astype(dtype)


INTEGER_BINARY = [
    ("OpIAdd", np.add), ("OpISub", np.subtract), ("OpIMul", np.multiply),
]


@pytest.mark.parametrize("spec", ["i32", "u32", "i64", "u16", "i8", "u32x3", "i16x4"])
@pytest.mark.parametrize("opname, oracle", INTEGER_BINARY)
def test_integer_add_sub_mul_wrap_like_numpy(opname, oracle, spec):
    a, b = ints(spec), ints(spec)
    with np.errstate(over="ignore"):
        assert np.array_equal(apply_op(opname, [spec, spec], spec, [a, b]), oracle(a, b))


def test_iadd_takes_operands_of_either_signedness():
    a, b = ints("i32"), ints("u32")
    out = apply_op("OpIAdd", ["i32", "u32"], "u32", [a, b])
    assert np.array_equal(out, a.view(np.uint32) + b)


def test_snegate_wraps_the_most_negative_value():
    a = ints("i32")
    a[0] = np.iinfo(np.int32).min
    assert np.array_equal(apply_op("OpSNegate", ["i32"], "i32", [a]), -a)


def _trunc_div(x: int, y: int) -> int:
    """C division: the quotient rounded toward zero, in exact integers."""
    quotient = abs(x) // abs(y)
    return quotient if (x < 0) == (y < 0) else -quotient


@pytest.mark.parametrize("spec", ["i32", "i64", "i16"])
def test_sdiv_srem_smod_round_like_c_and_the_divisor(spec):
    a, b = ints(spec), ints(spec, -50, 50)
    b[b == 0] = 3
    a[:4] = [7, -7, 7, -7]
    b[:4] = [2, 2, -2, -2]
    quotient = np.array([_trunc_div(x, y) for x, y in zip(a.tolist(), b.tolist())], a.dtype)
    assert np.array_equal(apply_op("OpSDiv", [spec, spec], spec, [a, b]), quotient)
    assert np.array_equal(apply_op("OpSRem", [spec, spec], spec, [a, b]), a - quotient * b)
    assert np.array_equal(apply_op("OpSMod", [spec, spec], spec, [a, b]), np.mod(a, b))


@pytest.mark.parametrize("spec", ["u32", "u64", "u8"])
def test_udiv_umod(spec):
    a, b = ints(spec), ints(spec, 1)
    assert np.array_equal(apply_op("OpUDiv", [spec, spec], spec, [a, b]), a // b)
    assert np.array_equal(apply_op("OpUMod", [spec, spec], spec, [a, b]), a % b)


@pytest.mark.parametrize("opname", ["OpUDiv", "OpSDiv", "OpUMod", "OpSRem", "OpSMod"])
def test_integer_division_by_zero_is_reported_in_strict_mode_and_zero_in_permissive(opname):
    spec = "i32" if opname[2] == "S" else "u32"
    a, b = ints(spec, 1, 100), ints(spec, 1, 100)
    b[5] = 0
    with pytest.raises(SpirvUndefinedBehaviorError, match=rf"{opname}.*by zero.*lane 5"):
        apply_op(opname, [spec, spec], spec, [a, b])
    assert apply_op(opname, [spec, spec], spec, [a, b], strict=False)[5] == 0


def test_sdiv_overflow_is_reported_and_wraps_when_permissive():
    a, b = ints("i32", 1, 9), ints("i32", 1, 9)
    a[3], b[3] = np.iinfo(np.int32).min, -1
    with pytest.raises(SpirvUndefinedBehaviorError, match="overflows"):
        apply_op("OpSDiv", ["i32", "i32"], "i32", [a, b])
    assert apply_op("OpSDiv", ["i32", "i32"], "i32", [a, b], strict=False)[3] == np.iinfo(np.int32).min
    assert apply_op("OpSRem", ["i32", "i32"], "i32", [a, b], strict=False)[3] == 0


FLOAT_BINARY = [("OpFAdd", np.add), ("OpFSub", np.subtract), ("OpFMul", np.multiply), ("OpFDiv", np.divide),
                ("OpFRem", np.fmod), ("OpFMod", np.mod)]


@pytest.mark.parametrize("spec", ["f16", "f32", "f64", "f32x4", "f16x2"])
@pytest.mark.parametrize("opname, oracle", FLOAT_BINARY)
def test_float_binary_ops_round_once_in_their_type(opname, oracle, spec):
    a, b = floats(spec), floats(spec)
    expected = oracle(a.astype(np.float64), b.astype(np.float64)).astype(a.dtype)
    if opname in ("OpFRem", "OpFMod"):          # numpy's own remainder in the type, for the same rounding
        expected = oracle(a, b)
    out = apply_op(opname, [spec, spec], spec, [a, b])
    assert out.dtype == a.dtype and np.array_equal(out, expected, equal_nan=True)


def test_half_arithmetic_on_large_arrays_takes_the_fast_path_with_the_same_bits():
    a, b = floats("f16x16"), floats("f16x16")
    out = apply_op("OpFMul", ["f16x16", "f16x16"], "f16x16", [a, b])
    with np.errstate(over="ignore"):
        expected = (a.astype(np.float64) * b.astype(np.float64)).astype(np.float16)
    assert np.array_equal(out, expected)


def test_fnegate_flips_the_sign_of_zero_and_infinities():
    a = floats("f32")
    a[:3] = [0.0, np.inf, -np.inf]
    out = apply_op("OpFNegate", ["f32"], "f32", [a])
    assert np.array_equal(out, -a) and np.signbit(out[0])


def test_float_division_by_zero_is_ieee():
    a, b = floats("f32"), floats("f32")
    b[:2] = 0.0
    out = apply_op("OpFDiv", ["f32", "f32"], "f32", [a, b])
    assert np.isinf(out[:2]).all()


def test_frem_by_zero_is_reported_in_strict_mode():
    a, b = floats("f32"), floats("f32")
    b[7] = 0
    with pytest.raises(SpirvUndefinedBehaviorError, match="OpFRem.*lane 7"):
        apply_op("OpFRem", ["f32", "f32"], "f32", [a, b])


def test_vector_times_scalar_and_dot():
    v, s = floats("f32x3"), floats("f32")
    assert np.array_equal(apply_op("OpVectorTimesScalar", ["f32x3", "f32"], "f32x3", [v, s]), v * s[:, None])
    w = floats("f32x3")
    expected = ((v[:, 0] * w[:, 0]) + (v[:, 1] * w[:, 1])) + (v[:, 2] * w[:, 2])
    assert np.array_equal(apply_op("OpDot", ["f32x3", "f32x3"], "f32", [v, w]), expected)


def test_matrix_instructions_match_numpy_column_major_products():
    lanes = LANES

    specs = ["f32x4"] * 4 + ["f32x4"] * 4 + ["f32x4", "f32"]
    inputs = [floats("f32x4") for _ in range(8)] + [floats("f32x4"), floats("f32")]
    kernel = OpKernel(specs, "f32x4")
    b, fn = kernel.b, kernel.fn
    f32 = b.float(32)
    vec4 = b.vector(f32, 4)
    mat4 = b.matrix(vec4, 4)
    A = fn.op("OpCompositeConstruct", mat4, *kernel.operands[0:4])
    B = fn.op("OpCompositeConstruct", mat4, *kernel.operands[4:8])
    v, s = kernel.operands[8], kernel.operands[9]
    mv = fn.op("OpMatrixTimesVector", vec4, A, v)
    vm = fn.op("OpVectorTimesMatrix", vec4, v, A)
    mm = fn.op("OpMatrixTimesMatrix", mat4, A, B)
    ms = fn.op("OpMatrixTimesScalar", mat4, A, s)
    outer = fn.op("OpOuterProduct", mat4, v, v)
    transposed = fn.op("OpTranspose", mat4, A)
    pieces = [mv, vm] + [fn.op("OpCompositeExtract", vec4, x, c) for x in (mm, ms, outer, transposed) for c in range(4)]
    total = pieces[0]
    for piece in pieces[1:]:
        total = fn.op("OpFAdd", vec4, fn.op("OpFMul", vec4, total, b.constant_composite(
            vec4, *[b.constant(f32, 0.5)] * 4)), piece)
    words = kernel.finish(total)
    out = run_kernel(words, inputs, specs, "f32x4", lanes)
    a_cols = np.stack(inputs[0:4], axis=1).astype(np.float64)    # (lanes, column, row)
    b_cols = np.stack(inputs[4:8], axis=1).astype(np.float64)
    vv, ss = inputs[8].astype(np.float64), inputs[9].astype(np.float64)
    matrix_a = np.swapaxes(a_cols, 1, 2)                          # (lanes, row, column)
    matrix_b = np.swapaxes(b_cols, 1, 2)
    expect = [np.einsum("lrc,lc->lr", matrix_a, vv), np.einsum("lr,lrc->lc", vv, matrix_a)]
    for product in (matrix_a @ matrix_b, matrix_a * ss[:, None, None], vv[:, :, None] * vv[:, None, :],
                    np.swapaxes(matrix_a, 1, 2)):
        expect += [product[:, :, c] for c in range(4)]
    reference = expect[0]
    for piece in expect[1:]:
        reference = reference * 0.5 + piece
    assert np.allclose(out, reference, rtol=1e-4, atol=1e-2)



def test_iadd_carry_and_isub_borrow():
    a, b = ints("u32"), ints("u32")
    kernel = OpKernel(["u32", "u32"], "u32")
    bb, fn = kernel.b, kernel.fn
    u32 = bb.uint()
    pair = bb.struct(u32, u32)
    carry = fn.op("OpIAddCarry", pair, *kernel.operands)
    borrow = fn.op("OpISubBorrow", pair, *kernel.operands)
    parts = [fn.op("OpCompositeExtract", u32, x, i) for x in (carry, borrow) for i in (0, 1)]
    combined = fn.op("OpBitwiseXor", u32, fn.op("OpBitwiseXor", u32, parts[0], fn.op(
        "OpShiftLeftLogical", u32, parts[1], bb.constant(u32, 31))), fn.op("OpBitwiseXor", u32, parts[2], fn.op(
            "OpShiftLeftLogical", u32, parts[3], bb.constant(u32, 30))))
    out = run_kernel(kernel.finish(combined), [a, b], ["u32", "u32"], "u32", LANES)
    wide_a, wide_b = a.astype(np.uint64), b.astype(np.uint64)
    total, difference = (a + b), (a - b)
    expected = total ^ (((wide_a + wide_b) >> 32).astype(np.uint32) << 31) ^ difference ^ \
        ((a < b).astype(np.uint32) << 30)
    assert np.array_equal(out, expected)


@pytest.mark.parametrize("signed", [False, True])
@pytest.mark.parametrize("width", [32, 64])
def test_mul_extended_gives_both_halves_of_the_full_product(signed, width):
    spec = f"{'i' if signed else 'u'}{width}"
    a, b = ints(spec), ints(spec)
    kernel = OpKernel([spec, spec], spec)
    bb, fn = kernel.b, kernel.fn
    element = kernel.result_type
    pair = bb.struct(element, element)
    product = fn.op("OpSMulExtended" if signed else "OpUMulExtended", pair, *kernel.operands)
    low = fn.op("OpCompositeExtract", element, product, 0)
    high = fn.op("OpCompositeExtract", element, product, 1)
    mixed = fn.op("OpBitwiseXor", element, low, fn.op("OpShiftLeftLogical", element, high, bb.constant(element, 1)))
    out = run_kernel(kernel.finish(mixed), [a, b], [spec, spec], spec, LANES)
    full = [int(x) * int(y) for x, y in zip(a.tolist(), b.tolist())]
    mask = (1 << width) - 1
    expected = [(p & mask) ^ ((((p >> width) & mask) << 1) & mask) for p in full]
    assert out.view(f"u{width // 8}").tolist() == expected
