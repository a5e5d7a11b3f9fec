"""Per-instruction tests of the conversion instructions against numpy casts."""

from fractions import Fraction

import numpy as np
import pytest

from dxlinalg.spirv import SpirvUndefinedBehaviorError
from tests.spirv.kernels import apply_op, dtype_of, parse

LANES = 128
rng = np.random.default_rng(5)


@pytest.mark.parametrize("source", ["f16", "f32", "f64"])
@pytest.mark.parametrize("target", ["i32", "u32", "i8", "u16", "i64", "u64"])
def test_float_to_integer_truncates_toward_zero(source, target):
    info = np.iinfo(np.dtype(f"{target[0]}{int(target[1:]) // 8}"))
    high = min(float(info.max), 60000.0)
    low = max(float(info.min), -60000.0)
    values = rng.uniform(low, high, LANES).astype(np.dtype(f"f{int(source[1:]) // 8}"))
    values = np.clip(values, low, high)
    opname = "OpConvertFToS" if target[0] == "i" else "OpConvertFToU"
    out = apply_op(opname, [source], target, [values])
    assert np.array_equal(out, np.trunc(values.astype(np.float64)).astype(out.dtype))


@pytest.mark.parametrize("value", [np.nan, 2.0 ** 31, -3e9, np.inf])
def test_float_to_signed_out_of_range_is_reported_and_saturates_when_permissive(value):
    values = rng.uniform(-5, 5, LANES).astype(np.float32)
    values[11] = value
    with pytest.raises(SpirvUndefinedBehaviorError, match=r"OpConvertFToS.*lane 11.*undefined"):
        apply_op("OpConvertFToS", ["f32"], "i32", [values])
    out = apply_op("OpConvertFToS", ["f32"], "i32", [values], strict=False)
    expected = 0 if np.isnan(value) else np.iinfo(np.int32).max if value > 0 else np.iinfo(np.int32).min
    assert out[11] == expected


def test_float_to_signed_accepts_values_that_truncate_into_range():
    values = np.full(LANES, -2147483648.5, np.float64)
    values[1] = 2147483647.9
    assert apply_op("OpConvertFToS", ["f64"], "i32", [values]).tolist()[:2] == [-2147483648, 2147483647]


def test_negative_float_to_unsigned_is_reported():
    values = rng.uniform(0, 5, LANES).astype(np.float32)
    values[0] = -1.0
    with pytest.raises(SpirvUndefinedBehaviorError, match="OpConvertFToU"):
        apply_op("OpConvertFToU", ["f32"], "u32", [values])
    values[0] = -0.5                       # truncates to 0, which fits
    assert apply_op("OpConvertFToU", ["f32"], "u32", [values])[0] == 0


@pytest.mark.parametrize("source", ["i32", "u32", "i64", "u64", "i8", "u16"])
@pytest.mark.parametrize("target", ["f16", "f32", "f64"])
def test_integer_to_float_rounds_to_nearest_even(source, target):
    dtype = np.dtype(f"{source[0]}{int(source[1:]) // 8}")
    info = np.iinfo(dtype)
    values = rng.integers(info.min, info.max, LANES, dtype=dtype, endpoint=True)
    opname = "OpConvertSToF" if source[0] == "i" else "OpConvertUToF"
    out = apply_op(opname, [source], target, [values])
    reference = np.array([_round_int(int(v), out.dtype) for v in values.tolist()], out.dtype)
    assert np.array_equal(out, reference)


def _round_int(value: int, dtype: np.dtype) -> float:
    """An integer rounded once to `dtype`: the nearest of the float64 rounding's neighbours in `dtype`."""
    wide = np.array(float(value))           # correctly rounded to float64 (Python ints round to nearest even)
    if dtype == np.float64:
        return float(wide)
    with np.errstate(over="ignore"):
        candidate = wide.astype(dtype)
    if np.isinf(candidate):
        return float(candidate)
    neighbours = [candidate, np.nextafter(candidate, dtype.type(np.inf)), np.nextafter(candidate, dtype.type(-np.inf))]
    best = min(neighbours, key=lambda x: (abs(Fraction(float(x)) - value),
                                          int(np.array(x).view(f"u{dtype.itemsize}")) & 1))
    return float(best)


@pytest.mark.parametrize("source, target", [("u32", "u16"), ("u16", "u64"), ("u8", "u32"), ("u64", "u8")])
def test_uconvert_zero_extends_or_truncates(source, target):
    dtype = np.dtype(f"u{int(source[1:]) // 8}")
    values = rng.integers(0, np.iinfo(dtype).max, LANES, dtype=dtype, endpoint=True)
    out = apply_op("OpUConvert", [source], target, [values])
    assert np.array_equal(out, values.astype(out.dtype))


@pytest.mark.parametrize("source, target", [("i32", "i16"), ("i16", "i64"), ("i8", "i32"), ("i64", "i8")])
def test_sconvert_sign_extends_or_truncates(source, target):
    dtype = np.dtype(f"i{int(source[1:]) // 8}")
    info = np.iinfo(dtype)
    values = rng.integers(info.min, info.max, LANES, dtype=dtype, endpoint=True)
    out = apply_op("OpSConvert", [source], target, [values])
    assert np.array_equal(out, values.astype(out.dtype))


@pytest.mark.parametrize("source, target", [("f32", "f16"), ("f64", "f16"), ("f64", "f32"), ("f16", "f64")])
def test_fconvert_rounds_to_nearest_even(source, target):
    values = (rng.standard_normal(LANES) * 1000).astype(np.dtype(f"f{int(source[1:]) // 8}"))
    with np.errstate(over="ignore"):
        expected = values.astype(np.dtype(f"f{int(target[1:]) // 8}"))
    assert np.array_equal(apply_op("OpFConvert", [source], target, [values]), expected)


def test_quantize_to_f16():
    values = (rng.standard_normal(LANES) * 1e5).astype(np.float32)
    with np.errstate(over="ignore"):
        expected = values.astype(np.float16).astype(np.float32)
    assert np.array_equal(apply_op("OpQuantizeToF16", ["f32"], "f32", [values]), expected)


@pytest.mark.parametrize("source, target", [("f32", "u32"), ("u32x2", "f64"), ("f16x2", "i32"), ("i64", "u32x2"),
                                            ("u16x4", "f16x4")])
def test_bitcast_keeps_the_bits(source, target):
    values = rng.integers(0, 2 ** 16, (LANES, 8), dtype=np.uint16)
    _, width, count = parse(source)
    raw = values.view(np.uint8)[:, :width // 8 * count]
    typed = np.ascontiguousarray(raw).view(dtype_of(source.split("x")[0]))
    typed = typed[:, 0] if count == 1 else typed
    out = apply_op("OpBitcast", [source], target, [typed])
    assert np.ascontiguousarray(out).view(np.uint8).reshape(LANES, -1).tobytes() == \
        np.ascontiguousarray(typed).view(np.uint8).reshape(LANES, -1).tobytes()
