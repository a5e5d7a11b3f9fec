"""The element-wise and composite instructions SPV_NV_cooperative_vector allows on cooperative vectors,
one at a time against numpy, and the compiled dxlinalg/samples/spirv/coopvec_ops.spv slot by slot."""

from __future__ import annotations

import struct
from pathlib import Path

import numpy as np
import pytest

from dxlinalg import samples
from dxlinalg.spirv import run
from tests.spirv.coopvec_kernels import CoopvecKernel, apply_coopvec, run_coopvec

LANES = 64
rng = np.random.default_rng(5288)


def floats(dtype, low=-4.0, high=4.0, count=8):
    return rng.uniform(low, high, (LANES, count)).astype(dtype)


def grid(dtype, count=8):
    """Multiples of 1/8 in [-4, 4]: sums and products of a few stay exact in float16."""
    return (rng.integers(-32, 33, (LANES, count)) / 8).astype(dtype)


def ints(dtype, low=-1000, high=1000, count=8):
    return rng.integers(low, high, (LANES, count)).astype(dtype)


def bits(a: np.ndarray) -> np.ndarray:
    return a.view(f"u{a.dtype.itemsize}")


FLOAT_BINARY = [("OpFAdd", np.add), ("OpFSub", np.subtract), ("OpFMul", np.multiply), ("OpFDiv", np.divide)]


@pytest.mark.parametrize("spec, dtype", [("f16x8", np.float16), ("f32x5", np.float32)])
@pytest.mark.parametrize("opname, oracle", FLOAT_BINARY)
def test_float_arithmetic_rounds_once_in_the_component_type(opname, oracle, spec, dtype):
    count = int(spec.split("x")[1])
    x, y = floats(dtype, count=count), floats(dtype, 0.25, 4, count=count)
    assert np.array_equal(bits(apply_coopvec(opname, [spec, spec], spec, [x, y])), bits(oracle(x, y)))


def test_negation_and_vector_times_scalar():
    x, s = floats(np.float16), floats(np.float16, count=1)[:, 0]
    assert np.array_equal(bits(apply_coopvec("OpFNegate", ["f16x8"], "f16x8", [x])), bits(-x))
    assert np.array_equal(apply_coopvec("OpVectorTimesScalar", ["f16x8", "f16"], "f16x8", [x, s]), x * s[:, None])
    i = ints(np.int32)
    assert np.array_equal(apply_coopvec("OpSNegate", ["i32x8"], "i32x8", [i]), -i)


INTEGER_BINARY = [("OpIAdd", np.add), ("OpISub", np.subtract), ("OpIMul", np.multiply)]


@pytest.mark.parametrize("spec, dtype", [("i32x8", np.int32), ("u32x3", np.uint32), ("i8x16", np.int8)])
@pytest.mark.parametrize("opname, oracle", INTEGER_BINARY)
def test_integer_arithmetic_wraps(opname, oracle, spec, dtype):
    count = int(spec.split("x")[1])
    info = np.iinfo(dtype)
    x, y = ints(dtype, info.min, info.max, count), ints(dtype, info.min, info.max, count)
    with np.errstate(over="ignore"):
        expected = oracle(x, y)
    assert np.array_equal(apply_coopvec(opname, [spec, spec], spec, [x, y]), expected)


def test_integer_division_truncates_toward_zero():
    x, y = ints(np.int32), ints(np.int32, 1, 50) * np.where(rng.random((LANES, 8)) < 0.5, -1, 1).astype(np.int32)
    quotient = np.trunc(x.astype(np.float64) / y).astype(np.int32)
    assert np.array_equal(apply_coopvec("OpSDiv", ["i32x8", "i32x8"], "i32x8", [x, y]), quotient)
    u, v = ints(np.uint32, 0, 1 << 31), ints(np.uint32, 1, 1000)
    assert np.array_equal(apply_coopvec("OpUDiv", ["u32x8", "u32x8"], "u32x8", [u, v]), u // v)


BITWISE = [("OpBitwiseAnd", np.bitwise_and), ("OpBitwiseOr", np.bitwise_or), ("OpBitwiseXor", np.bitwise_xor),
           ("OpShiftLeftLogical", np.left_shift), ("OpShiftRightLogical", np.right_shift)]


@pytest.mark.parametrize("opname, oracle", BITWISE)
def test_bit_instructions(opname, oracle):
    x = ints(np.uint32, 0, 1 << 32)
    y = ints(np.uint32, 0, 32) if "Shift" in opname else ints(np.uint32, 0, 1 << 32)
    assert np.array_equal(apply_coopvec(opname, ["u32x8", "u32x8"], "u32x8", [x, y]), oracle(x, y))


def test_not_and_arithmetic_shift():
    x, shift = ints(np.int32, -(1 << 31), 1 << 31), ints(np.int32, 0, 32)
    assert np.array_equal(apply_coopvec("OpNot", ["i32x8"], "i32x8", [x]), ~x)
    assert np.array_equal(apply_coopvec("OpShiftRightArithmetic", ["i32x8", "i32x8"], "i32x8", [x, shift]), x >> shift)


def test_conversions():
    h = floats(np.float16, -100, 100)
    assert np.array_equal(apply_coopvec("OpFConvert", ["f16x8"], "f32x8", [h]), h.astype(np.float32))
    f = floats(np.float32, -1000, 1000)
    assert np.array_equal(bits(apply_coopvec("OpFConvert", ["f32x8"], "f16x8", [f])), bits(f.astype(np.float16)))
    assert np.array_equal(apply_coopvec("OpConvertFToS", ["f32x8"], "i32x8", [f]), np.trunc(f).astype(np.int32))
    positive = np.abs(f)
    assert np.array_equal(apply_coopvec("OpConvertFToU", ["f32x8"], "u32x8", [positive]),
                          np.trunc(positive).astype(np.uint32))
    i = ints(np.int32, -2048, 2048)
    assert np.array_equal(apply_coopvec("OpConvertSToF", ["i32x8"], "f16x8", [i]), i.astype(np.float16))
    u = ints(np.uint32, 0, 1 << 24)
    assert np.array_equal(apply_coopvec("OpConvertUToF", ["u32x8"], "f32x8", [u]), u.astype(np.float32))
    assert np.array_equal(apply_coopvec("OpUConvert", ["u32x8"], "u16x8", [u]), u.astype(np.uint16))
    assert np.array_equal(apply_coopvec("OpSConvert", ["i32x8"], "i16x8", [i * 31]), (i * 31).astype(np.int16))
    assert np.array_equal(apply_coopvec("OpBitcast", ["f32x8"], "u32x8", [f]), bits(f))


GLSL_FLOAT = [("Exp", np.exp), ("Log", np.log), ("Tanh", np.tanh), ("Atan", np.arctan)]


@pytest.mark.parametrize("dtype, spec", [(np.float16, "f16x8"), (np.float32, "f32x4")])
@pytest.mark.parametrize("name, oracle", GLSL_FLOAT)
def test_glsl_elementary_functions_in_the_component_type(name, oracle, dtype, spec):
    count = int(spec.split("x")[1])
    x = floats(dtype, 0.01, 4, count) if name == "Log" else floats(dtype, count=count)
    assert np.array_equal(bits(apply_coopvec("", [spec], spec, [x], glsl=name)), bits(oracle(x)))


def test_glsl_min_max_clamp_step_and_fma():
    x, y, z = grid(np.float16), grid(np.float16), grid(np.float16)
    lo, hi = np.minimum(y, z), np.maximum(y, z)
    for name, expected in (("FMin", np.fmin(x, y)), ("NMin", np.fmin(x, y)), ("FMax", np.fmax(x, y)),
                           ("NMax", np.fmax(x, y))):
        assert np.array_equal(apply_coopvec("", ["f16x8"] * 2, "f16x8", [x, y], glsl=name), expected), name
    for name in ("FClamp", "NClamp"):
        assert np.array_equal(apply_coopvec("", ["f16x8"] * 3, "f16x8", [x, lo, hi], glsl=name), np.clip(x, lo, hi))
    step = apply_coopvec("", ["f16x8"] * 2, "f16x8", [y, x], glsl="Step")
    assert np.array_equal(step, np.where(x < y, 0, 1).astype(np.float16))
    fused = (x.astype(np.float64) * y + z).astype(np.float16)     # exact in float64, rounded once
    assert np.array_equal(apply_coopvec("", ["f16x8"] * 3, "f16x8", [x, y, z], glsl="Fma"), fused)
    a, b = ints(np.int32), ints(np.int32)
    u, v = ints(np.uint32, 0, 1 << 32), ints(np.uint32, 0, 1 << 32)
    for name, args, spec, expected in (
            ("SMin", [a, b], "i32x8", np.minimum(a, b)), ("SMax", [a, b], "i32x8", np.maximum(a, b)),
            ("UMin", [u, v], "u32x8", np.minimum(u, v)), ("UMax", [u, v], "u32x8", np.maximum(u, v)),
            ("SClamp", [a, np.minimum(a, b), np.maximum(a, b) + 1], "i32x8", a),
            ("UClamp", [u, np.minimum(u, v), np.maximum(u, v)], "u32x8", u)):
        assert np.array_equal(apply_coopvec("", [spec] * len(args), spec, args, glsl=name), expected), name


def test_relu_gives_positive_zero_for_negative_zero_as_the_python_max():
    x = np.array([[-0.0, 0.0, -1.0, 1.0, np.nan, -np.inf, 2.5, -0.0]] * LANES, np.float16)
    relu = apply_coopvec("", ["f16x8"] * 2, "f16x8", [x, np.zeros_like(x)], glsl="FMax")
    assert np.array_equal(bits(relu[0]), bits(np.array([0, 0, 0, 1, 0, 0, 2.5, 0], np.float16)))


# -- composites ------------------------------------------------------------------------------------------------
def test_component_access_extract_insert_and_dynamic_index():
    kernel = CoopvecKernel()
    b, fn = kernel.b, kernel.fn
    vector = kernel.load("f32x8")
    f32, uint = b.float(32), kernel.uint
    third = fn.op("OpCompositeExtract", f32, vector, 3)
    inserted = fn.op("OpCompositeInsert", kernel.type_of("f32x8"), third, vector, 0)
    index = fn.op("OpBitwiseAnd", uint, kernel.index, b.constant(uint, 7))
    picked = fn.op("OpVectorExtractDynamic", f32, vector, index)
    moved = fn.op("OpVectorInsertDynamic", kernel.type_of("f32x8"), inserted, picked, b.constant(uint, 7))
    copied = fn.op("OpCopyObject", kernel.type_of("f32x8"), moved)
    kernel.store(copied)
    x = floats(np.float32)
    out = run_coopvec(kernel.finish(), [x], "f32x8")
    expected = x.copy()
    expected[:, 0] = x[:, 3]
    expected[:, 7] = x[np.arange(LANES), np.arange(LANES) & 7]
    assert np.array_equal(out, expected)


def test_composite_construct_from_scalars_and_select_by_a_scalar_condition():
    kernel = CoopvecKernel()
    b, fn = kernel.b, kernel.fn
    x = kernel.load("i32x4")
    i32, uint = b.int(), kernel.uint
    parts = [fn.op("OpCompositeExtract", i32, x, k) for k in (3, 2, 1, 0)]
    reversed_ = fn.op("OpCompositeConstruct", kernel.type_of("i32x4"), *parts)
    odd = fn.op("OpINotEqual", b.bool(), fn.op("OpBitwiseAnd", uint, kernel.index, b.constant(uint, 1)),
                b.constant(uint, 0))
    kernel.store(fn.op("OpSelect", kernel.type_of("i32x4"), odd, reversed_, x))
    values = ints(np.int32, count=4)
    out = run_coopvec(kernel.finish(), [values], "i32x4")
    odd_lanes = np.arange(LANES) % 2 == 1
    assert np.array_equal(out[odd_lanes], values[odd_lanes, ::-1])
    assert np.array_equal(out[~odd_lanes], values[~odd_lanes])


def test_replicated_composites_construct_constant_and_spec_constant():
    kernel = CoopvecKernel()
    b, fn = kernel.b, kernel.fn
    f16 = b.float(16)
    vector = kernel.type_of("f16x16")
    scalar = kernel.load("f16")
    built = fn.op("OpCompositeConstructReplicateEXT", vector, scalar)
    constant = b.global_op("OpConstantCompositeReplicateEXT", vector, b.constant(f16, 1.5))
    spec = b.global_op("OpSpecConstantCompositeReplicateEXT", vector, b.spec_constant(f16, 0.25, 3))
    total = fn.op("OpFAdd", vector, fn.op("OpFAdd", vector, built, constant), spec)
    array = b.array(vector, 2)
    pair = fn.op("OpCompositeConstructReplicateEXT", array, total)
    kernel.store(fn.op("OpCompositeExtract", vector, pair, 1))
    words = kernel.finish()
    x = floats(np.float16, count=1)
    out = run_coopvec(words, [x], "f16x16", spec_constants={3: -2.0})
    assert np.array_equal(out, np.repeat((x + np.float16(1.5)) + np.float16(-2.0), 16, axis=1))


def test_component_count_may_be_a_specialization_constant():
    kernel = CoopvecKernel()
    b, fn = kernel.b, kernel.fn
    count = b.spec_constant(kernel.uint, 4, 7)
    vector = b.cooperative_vector(b.float(32), count)
    loaded = fn.op("OpCooperativeVectorLoadNV", vector, kernel.words_array(0), kernel.offset)
    kernel.bindings = 1
    kernel.store(fn.op("OpFMul", vector, loaded, loaded))
    words = kernel.finish()
    x = floats(np.float32, count=12)
    for n in (4, 12):
        out = run_coopvec(words, [x], f"f32x{n}", spec_constants={7: n})
        assert np.array_equal(out, x[:, :n] * x[:, :n])


def test_cooperative_vectors_in_function_and_private_variables_and_access_chains():
    from dxlinalg.spirv.enums import StorageClass
    kernel = CoopvecKernel()
    b, fn = kernel.b, kernel.fn
    vector, f32, uint = kernel.type_of("f32x8"), b.float(32), kernel.uint
    x = kernel.load("f32x8")
    private = b.variable(vector, StorageClass.Private)
    local = fn.variable(b.array(vector, 2))
    fn.do("OpStore", private, x)
    component = fn.op("OpAccessChain", b.pointer(StorageClass.Private, f32), private, b.constant(uint, 2))
    fn.do("OpStore", component, b.constant(f32, 42.0))
    element = fn.op("OpAccessChain", b.pointer(StorageClass.Function, vector), local,
                    fn.op("OpBitwiseAnd", uint, kernel.index, b.constant(uint, 1)))
    fn.do("OpStore", element, fn.op("OpLoad", vector, private))
    kernel.store(fn.op("OpLoad", vector, element))
    kernel.kernel.interface.append(private)
    values = floats(np.float32)
    out = run_coopvec(kernel.finish(), [values], "f32x8")
    expected = values.copy()
    expected[:, 2] = 42
    assert np.array_equal(out, expected)


# -- the compiled sample, slot by slot ------------------------------------------------------------------------------
MODULE = Path(samples.__file__).parent / "spirv" / "coopvec_ops.spv"


def run_coopvec_ops(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    """The module's 24 result slots of 32 bytes per invocation, as raw bytes (count, 24, 32)."""
    count = a.shape[0]
    inputs = np.zeros((count, 64), np.uint8)
    inputs[:, :16], inputs[:, 16:32], inputs[:, 32:] = a.view(np.uint8), b.view(np.uint8), c.view(np.uint8)
    outputs = np.zeros(count * 768, np.uint8)
    result = run(MODULE, groups=(count // 32, 1, 1), buffers={(0, 0): inputs.reshape(-1), (0, 1): outputs},
                 push_constants=struct.pack("<I", count))
    return result[(0, 1)].reshape(count, 24, 32)


def test_coopvec_ops_module_matches_numpy_slot_by_slot():
    count = 64
    a, b = grid(np.float16)[:count], (grid(np.float16) + np.float16(4.25))[:count]    # b > 0 for log and division
    c = rng.integers(0, 1 << 32, (count, 8), dtype=np.uint32)
    out = run_coopvec_ops(a, b, c)
    half = out[:, :, :16].copy().view(np.float16)
    word = out.copy().view(np.uint32)
    lanes = np.arange(count)
    with np.errstate(over="ignore"):
        s = c.view(np.int32)
        expected_half = {0: a + b, 1: a - b, 2: a * b, 3: a / b, 4: -a, 5: a * np.float16(3), 6: np.fmin(a, b),
                         7: np.fmax(a, b), 8: np.clip(a, -1, 1), 9: np.where(a < b, 0, 1).astype(np.float16),
                         10: np.exp(a), 11: np.log(b), 12: np.tanh(a), 13: np.arctan(a),
                         14: (a.astype(np.float64) * b + a).astype(np.float16)}
        for slot, expected in expected_half.items():
            assert np.array_equal(bits(half[:, slot]), bits(expected)), slot
        assert np.array_equal(word[:, 15].view(np.float32), a.astype(np.float32))
        assert np.array_equal(word[:, 16].view(np.int32), np.trunc(a.astype(np.float32) * 100).astype(np.int32))
        assert np.array_equal(word[:, 17].view(np.float32), c.astype(np.float32))
        assert np.array_equal(word[:, 18], ((c >> 3) ^ (c << 2)) & ~c | (c & 0xF0))
        assert np.array_equal(word[:, 19], c * np.uint32(3) + c // 7)
        assert np.array_equal(word[:, 20].view(np.int32), (s >> 1) + np.trunc(s / -3).astype(np.int32) + s)
    edited = a.copy()
    edited[lanes, lanes & 7] = 42
    edited[lanes, (lanes + 1) & 7] = a[lanes, lanes & 7]
    assert np.array_equal(half[:, 21], edited)
    neighbour = (lanes // 32) * 32 + (lanes % 32 + 1) % 32
    assert np.array_equal(half[:, 22], a[neighbour])
    assert np.array_equal(half[:, 23], np.where((lanes & 1)[:, None] == 1, b, a))
