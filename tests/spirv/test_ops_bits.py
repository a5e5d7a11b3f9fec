"""Per-instruction tests of the bit instructions against numpy and Python integers."""

import numpy as np
import pytest

from dxlinalg.spirv import SpirvUndefinedBehaviorError
from tests.spirv.kernels import apply_op

LANES = 128
rng = np.random.default_rng(7)


def ints(dtype, low=None, high=None, count=1):
    info = np.iinfo(dtype)
    shape = (LANES,) if count == 1 else (LANES, count)
    return rng.integers(info.min if low is None else low, info.max if high is None else high, shape, dtype=dtype,
                        endpoint=True)


@pytest.mark.parametrize("spec, dtype", [("u32", np.uint32), ("i32", np.int32), ("u64", np.uint64),
                                         ("i16", np.int16), ("u8", np.uint8)])
def test_shifts_match_numpy_for_amounts_below_the_width(spec, dtype):
    a = ints(dtype)
    width = np.dtype(dtype).itemsize * 8
    s = ints(np.uint32, 0, width - 1)
    left = apply_op("OpShiftLeftLogical", [spec, "u32"], spec, [a, s])
    assert np.array_equal(left, np.left_shift(a, s.astype(dtype)))
    logical = apply_op("OpShiftRightLogical", [spec, "u32"], spec, [a, s])
    unsigned = np.dtype(f"u{np.dtype(dtype).itemsize}")
    assert np.array_equal(logical.view(unsigned), np.right_shift(a.view(unsigned), s.astype(unsigned)))
    arithmetic = apply_op("OpShiftRightArithmetic", [spec, "u32"], spec, [a, s])
    signed = np.dtype(f"i{np.dtype(dtype).itemsize}")
    assert np.array_equal(arithmetic.view(signed), np.right_shift(a.view(signed), s.astype(signed)))


def test_shift_by_the_width_is_reported_and_taken_modulo_the_width_when_permissive():
    a, s = ints(np.uint32), ints(np.uint32, 0, 31)
    s[9] = 33
    with pytest.raises(SpirvUndefinedBehaviorError, match=r"OpShiftLeftLogical.*shift by 33 \(lane 9\)"):
        apply_op("OpShiftLeftLogical", ["u32", "u32"], "u32", [a, s])
    out = apply_op("OpShiftLeftLogical", ["u32", "u32"], "u32", [a, s], strict=False)
    assert out[9] == np.uint32(a[9]) << np.uint32(1)


@pytest.mark.parametrize("opname, oracle", [("OpBitwiseOr", np.bitwise_or), ("OpBitwiseXor", np.bitwise_xor),
                                            ("OpBitwiseAnd", np.bitwise_and)])
def test_bitwise_binary(opname, oracle):
    a, b = ints(np.int32, count=2), ints(np.int32, count=2)
    assert np.array_equal(apply_op(opname, ["i32x2", "i32x2"], "i32x2", [a, b]), oracle(a, b))


def test_not():
    a = ints(np.uint16)
    assert np.array_equal(apply_op("OpNot", ["u16"], "u16", [a]), ~a)




@pytest.mark.parametrize("width", [32, 64])
def test_bit_field_insert_and_extract(width):
    dtype = np.dtype(f"u{width // 8}")
    base, insert = ints(dtype), ints(dtype)
    offset = ints(np.uint32, 0, width)
    count = np.array([rng.integers(0, width - o, endpoint=True) for o in offset.tolist()], np.uint32)
    spec = f"u{width}"
    inserted = apply_op("OpBitFieldInsert", [spec, spec, "u32", "u32"], spec, [base, insert, offset, count])
    unsigned_extract = apply_op("OpBitFieldUExtract", [spec, "u32", "u32"], spec, [base, offset, count])
    signed_extract = apply_op("OpBitFieldSExtract", [f"i{width}", "u32", "u32"], f"i{width}",
                              [base.view(f"i{width // 8}"), offset, count])
    mask_all = (1 << width) - 1
    for lane in range(LANES):
        b, i, o, n = int(base[lane]), int(insert[lane]), int(offset[lane]), int(count[lane])
        field_mask = ((1 << n) - 1) << o
        assert int(inserted[lane]) == (b & ~field_mask & mask_all) | ((i << o) & field_mask)
        field = (b >> o) & ((1 << n) - 1)
        assert int(unsigned_extract[lane]) == field
        signed = field - (1 << n) if n and field >> (n - 1) else field
        assert int(signed_extract[lane]) == signed


def test_bit_field_past_the_width_is_reported():
    base, offset, count = ints(np.uint32), ints(np.uint32, 0, 4), ints(np.uint32, 0, 4)
    count[2] = 40
    with pytest.raises(SpirvUndefinedBehaviorError, match="OpBitFieldUExtract.*Count 40 .lane 2."):
        apply_op("OpBitFieldUExtract", ["u32", "u32", "u32"], "u32", [base, offset, count])


@pytest.mark.parametrize("spec, dtype", [("u32", np.uint32), ("u64", np.uint64), ("i16", np.int16),
                                         ("u8", np.uint8)])
def test_bit_reverse_and_count(spec, dtype):
    a = ints(dtype)
    width = np.dtype(dtype).itemsize * 8
    unsigned = f"u{width // 8}"
    reversed_bits = apply_op("OpBitReverse", [spec], spec, [a])
    expected = [int(f"{int(x):0{width}b}"[::-1], 2) for x in a.view(unsigned).tolist()]
    assert reversed_bits.view(unsigned).tolist() == expected
    counts = apply_op("OpBitCount", [spec], "i32", [a])
    assert counts.tolist() == [bin(int(x)).count("1") for x in a.view(unsigned).tolist()]


