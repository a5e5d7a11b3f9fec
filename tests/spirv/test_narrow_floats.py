"""bfloat16 (SPV_KHR_bfloat16) and float8 (SPV_EXT_float8) in the SPIR-V executor: the type, loads and
stores, conversions (against integer-arithmetic oracles, every bfloat16/float8 bit pattern), and the
rules (no arithmetic on them, capabilities, widths)."""

from __future__ import annotations

from fractions import Fraction

import ml_dtypes
import numpy as np
import pytest

from dxlinalg.spirv import SpirvValidationError, run
from dxlinalg.spirv.builder import ComputeKernel

ENCODING = {"bf16": (16, 0), "e4m3": (8, 4214), "e5m2": (8, 4215)}
BITS = {"bf16": np.uint16, "e4m3": np.uint8, "e5m2": np.uint8, "f16": np.float16, "f32": np.float32,
        "f64": np.float64, "i32": np.int32, "u32": np.uint32, "i64": np.int64}
SATURATED = 4216


def _type(kernel: ComputeKernel, spec: str) -> int:
    b = kernel.module
    if spec in ENCODING:
        return b.float(*ENCODING[spec])
    if spec[0] == "f":
        return b.float(int(spec[1:]))
    return b.int(int(spec[1:]), spec[0] == "i")


def convert(opname: str, source: str, result: str, values: np.ndarray, *, saturate: bool = False,
            strict: bool = True) -> np.ndarray:
    """out[i] = opname(in[i]) with both buffers of the narrow types themselves (bits in numpy)."""
    kernel = ComputeKernel(local_size=(64, 1, 1))
    src, dst = _type(kernel, source), _type(kernel, result)
    index = kernel.global_id_x()
    inputs, outputs = kernel.buffer(0, 0, src), kernel.buffer(0, 1, dst)
    value = kernel.load(inputs, index, src)
    converted = kernel.fn.op(opname, dst, value)
    if saturate:
        kernel.module.decorate(converted, SATURATED)
    kernel.store(outputs, index, dst, converted)
    words = kernel.finish()
    lanes = values.shape[0]
    padded = -(-lanes // 64) * 64
    inputs_bits = np.zeros(padded, BITS[source])
    inputs_bits[:lanes] = values.astype(BITS[source]) if values.dtype != BITS[source] else values
    got = run(words, groups=(padded // 64, 1, 1), buffers={(0, 0): inputs_bits, (0, 1): np.zeros(padded, BITS[result])},
              strict=strict)
    return got[(0, 1)][:lanes]


# -- oracles: integer arithmetic on bit patterns ------------------------------------------------------------------
def bf16_rne(float32_bits: np.ndarray) -> np.ndarray:
    """float32 bits -> bfloat16 bits, nearest even (NaNs checked apart)."""
    b = float32_bits.astype(np.uint64)
    return ((b + 0x7FFF + ((b >> 16) & 1)) >> 16).astype(np.uint16)


def float8_values(spec: str) -> tuple[list[Fraction], list[int]]:
    """Every finite non-negative value of the format, and its bit pattern, ascending, from the definition."""
    exponent_bits, mantissa_bits, bias = (4, 3, 7) if spec == "e4m3" else (5, 2, 15)
    values, patterns = [], []
    for bits in range(1 << (exponent_bits + mantissa_bits)):
        e, m = bits >> mantissa_bits, bits & ((1 << mantissa_bits) - 1)
        if spec == "e4m3" and e == 15 and m == 7 or spec == "e5m2" and e == 31:
            continue                                   # NaN (E4M3's only one) and E5M2's Inf/NaN
        value = Fraction(m, 1 << mantissa_bits) * Fraction(2) ** (1 - bias) if e == 0 else \
            (1 + Fraction(m, 1 << mantissa_bits)) * Fraction(2) ** (e - bias)
        values.append(value)
        patterns.append(bits)
    return values, patterns


def float8_oracle(x: float, spec: str, saturate: bool) -> int | None:
    """The float8 bits of x rounded to nearest even; None for NaN results (any NaN will do)."""
    if np.isnan(x):
        return None
    sign = 0x80 if np.signbit(x) else 0
    values, patterns = float8_values(spec)
    top = values[-1]
    step = values[-1] - values[-2]
    overflow = None if spec == "e4m3" else 0x7C          # E4M3 has no infinity: NaN
    if np.isinf(x):
        return sign | patterns[-1] if saturate else (None if overflow is None else sign | overflow)
    magnitude = abs(Fraction(x))
    middle = top + step / 2           # between the largest finite value and the next, which is not finite
    # a tie goes to the even pattern: E4M3's 448 (0x7E) is even, so 464 rounds down; E5M2's 57344 (0x7B) is odd
    if magnitude > middle or magnitude == middle and patterns[-1] & 1:
        return sign | patterns[-1] if saturate else (None if overflow is None else sign | overflow)
    best = min(range(len(values)), key=lambda k: (abs(values[k] - magnitude), patterns[k] & 1))
    return sign | patterns[best]


def special_floats() -> np.ndarray:
    rng = np.random.default_rng(23)
    picks = [0.0, -0.0, np.inf, -np.inf, np.nan, 448.0, 464.0, 464.01, 480.0, 57344.0, 61440.0, 61439.0, 1e-9,
             2.0 ** -9, 2.0 ** -10, 3 * 2.0 ** -11, 2.0 ** -16, 2.0 ** -17, 1.0625, 1.1875, -0.3]
    return np.concatenate([np.array(picks, np.float32), rng.standard_normal(80).astype(np.float32) * 100,
                           (rng.standard_normal(80) * 2.0 ** rng.integers(-20, 20, 80)).astype(np.float32)])


# -- conversions ----------------------------------------------------------------------------------------------------
def test_float32_to_bfloat16_rounds_to_nearest_even_over_random_bit_patterns():
    rng = np.random.default_rng(7)
    bits = np.concatenate([rng.integers(0, 2 ** 32, 4000, dtype=np.uint64).astype(np.uint32),
                           np.array([0x3F808000, 0x3F818000, 0x7F7FFFFF, 0xFF7F8000, 0x00008000, 0x7F800000], np.uint32)])
    got = convert("OpFConvert", "f32", "bf16", bits.view(np.float32))
    nan = np.isnan(bits.view(np.float32))
    assert np.array_equal(got[~nan], bf16_rne(bits[~nan]))
    assert np.isnan(got[nan].view(ml_dtypes.bfloat16).astype(np.float32)).all()


@pytest.mark.parametrize("result, widen", [("f32", 16), ("f64", None), ("f16", None)])
def test_every_bfloat16_widens_through_binary32(result, widen):
    bits = np.arange(1 << 16, dtype=np.uint16)
    got = convert("OpFConvert", "bf16", result, bits)
    exact = (bits.astype(np.uint32) << 16).view(np.float32)
    nan = np.isnan(exact)
    if widen:
        assert np.array_equal(got.view(np.uint32)[~nan], bits[~nan].astype(np.uint32) << 16)
    else:
        assert np.array_equal(got[~nan], exact[~nan].astype(BITS[result]))
    assert np.isnan(got[nan]).all()


def test_float64_and_integers_reach_bfloat16_through_binary32_rounding_twice():
    # 1 + 2^-8 + 2^-30: binary32 drops 2^-30 (1 + 2^-8, a tie), then bfloat16 rounds the tie to even (1.0);
    # rounding once would give 1 + 2^-7
    value = np.array([1 + 2.0 ** -8 + 2.0 ** -30], np.float64)
    assert convert("OpFConvert", "f64", "bf16", value)[0] == 0x3F80
    integers = np.array([(1 << 24) + (1 << 16) + 1, -((1 << 24) + (1 << 16) + 1), 257, 0], np.int32)
    expected = bf16_rne(integers.astype(np.float32).view(np.uint32))
    assert np.array_equal(convert("OpConvertSToF", "i32", "bf16", integers), expected)
    assert np.array_equal(convert("OpConvertUToF", "u32", "bf16", integers.view(np.uint32)),
                          bf16_rne(integers.view(np.uint32).astype(np.float32).view(np.uint32)))


@pytest.mark.parametrize("spec", ["e4m3", "e5m2"])
@pytest.mark.parametrize("saturate", [False, True])
def test_float32_to_float8_rounds_once_and_overflows_as_the_extension_says(spec, saturate):
    values = special_floats()
    got = convert("OpFConvert", "f32", spec, values, saturate=saturate)
    dtype = ml_dtypes.float8_e4m3fn if spec == "e4m3" else ml_dtypes.float8_e5m2
    for x, bits in zip(values.tolist(), got.tolist()):
        want = float8_oracle(x, spec, saturate)
        if want is None:
            assert np.isnan(np.array([bits], np.uint8).view(dtype).astype(np.float32)[0]), (x, hex(bits))
        else:
            assert bits == want, (x, hex(bits), hex(want))


@pytest.mark.parametrize("spec", ["e4m3", "e5m2"])
def test_every_float8_widens_exactly(spec):
    bits = np.arange(256, dtype=np.uint8)
    values, patterns = float8_values(spec)
    got = convert("OpFConvert", spec, "f32", bits)
    for value, pattern in zip(values, patterns):
        assert Fraction(float(got[pattern])) == value and Fraction(float(got[pattern | 0x80])) == -value
    finite = set(patterns) | {p | 0x80 for p in patterns}
    assert all(not np.isfinite(got[b]) for b in range(256) if b not in finite)


def test_integers_to_float8_and_float8_to_integers():
    integers = np.array([0, 1, -3, 17, 300, 465, -1000, 57344, 70000], np.int32)
    e4m3 = convert("OpConvertSToF", "i32", "e4m3", integers)
    assert [float8_oracle(float(v), "e4m3", False) for v in integers.tolist()][:5] == e4m3.tolist()[:5]
    assert np.isnan(e4m3[5:].view(ml_dtypes.float8_e4m3fn).astype(np.float32)).all()       # past 464: NaN
    e5m2 = convert("OpConvertSToF", "i32", "e5m2", integers, saturate=True)
    assert e5m2[-1] == 0x7B and e5m2[-2] == 0x7B                                           # saturated to 57344
    back = convert("OpConvertFToS", "e5m2", "i32", np.array([0x3C, 0xC4, 0x7B], np.uint8))
    assert back.tolist() == [1, -4, 57344]


# -- the rules ------------------------------------------------------------------------------------------------------
def _kernel_with(opname: str, spec: str, *, capability: bool = True, width: int | None = None) -> np.ndarray:
    kernel = ComputeKernel(local_size=(1, 1, 1))
    b = kernel.module
    if capability:
        scalar = b.float(*ENCODING[spec]) if width is None else b.float(width, ENCODING[spec][1])
    else:
        scalar = b._type(("float", 16, 99), "OpTypeFloat", ENCODING[spec][0], ENCODING[spec][1])
    buffer = kernel.buffer(0, 0, scalar, stride=4)
    index = kernel.global_id_x()
    value = kernel.load(buffer, index, scalar)
    kernel.store(buffer, index, scalar, kernel.fn.op(opname, scalar, value, value))
    return kernel.finish()


@pytest.mark.parametrize("spec", ["bf16", "e4m3"])
def test_arithmetic_on_narrow_floats_is_refused_naming_the_extension(spec):
    extension = "SPV_KHR_bfloat16" if spec == "bf16" else "SPV_EXT_float8"
    with pytest.raises(SpirvValidationError, match=f"OpFAdd on .*FP Encoding.*{extension}: validation rules"):
        run(_kernel_with("OpFAdd", spec), buffers={(0, 0): np.zeros(4, np.uint32)})


def test_narrow_float_types_need_their_capability_and_width():
    with pytest.raises(SpirvValidationError, match="BFloat16TypeKHR capability"):
        run(_kernel_with("OpFAdd", "bf16", capability=False), buffers={(0, 0): np.zeros(4, np.uint32)})
    with pytest.raises(SpirvValidationError, match="FP Encoding 0 needs Width 16, not 32"):
        run(_kernel_with("OpFAdd", "bf16", width=32), buffers={(0, 0): np.zeros(4, np.uint32)})
    with pytest.raises(SpirvValidationError, match="FP Encoding 4214 needs Width 8, not 16"):
        run(_kernel_with("OpFAdd", "e4m3", width=16), buffers={(0, 0): np.zeros(4, np.uint32)})


def test_narrow_float_values_travel_through_selects_and_composites_unchanged():
    kernel = ComputeKernel(local_size=(64, 1, 1))
    b = kernel.module
    bf16 = b.float(16, 0)
    pair = b.vector(bf16, 2)
    buffer = kernel.buffer(0, 0, bf16)
    index = kernel.global_id_x()
    value = kernel.load(buffer, index, bf16)
    one = b.constant(bf16, 1.0)
    vector = kernel.fn.op("OpCompositeConstruct", pair, value, one)
    first = kernel.fn.op("OpCompositeExtract", bf16, vector, 0)
    odd = kernel.fn.op("OpINotEqual", b.bool(), kernel.fn.op("OpBitwiseAnd", b.uint(), index, b.constant(b.uint(), 1)),
                       b.constant(b.uint(), 0))
    kernel.store(buffer, index, bf16, kernel.fn.op("OpSelect", bf16, odd, first, one))
    bits = np.arange(0x4000, 0x4040, dtype=np.uint16)
    got = run(kernel.finish(), buffers={(0, 0): bits.copy()})[(0, 0)]
    assert got[1::2].tolist() == bits[1::2].tolist() and set(got[0::2].tolist()) == {0x3F80}
