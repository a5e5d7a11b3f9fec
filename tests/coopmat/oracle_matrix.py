"""Test oracle for the SPV_KHR_cooperative_matrix values and instructions: plain loops, exact arithmetic.

Every function works one element at a time with Python ints and Fractions, reading the spec text
literally, and is slow on purpose: it defines what the vectorised engine (dxlinalg.coopmat's
ownership, matrix_memory, muladd, elementwise, conversions) must compute.
"""

from __future__ import annotations

import math
from fractions import Fraction

import ml_dtypes
import numpy as np

# (significand bits incl. the hidden one, smallest normal exponent, largest finite value)
FORMATS = {
    np.dtype(np.float16): (11, -14, Fraction(65504)),
    np.dtype(ml_dtypes.bfloat16): (8, -126, Fraction((2 ** 8 - 1) * 2 ** (127 - 7))),
    np.dtype(np.float32): (24, -126, Fraction((2 ** 24 - 1) * 2 ** (127 - 23))),
    np.dtype(np.float64): (53, -1022, Fraction(2 ** 53 - 1) * Fraction(2) ** (1023 - 52)),
    np.dtype(ml_dtypes.float8_e4m3fn): (4, -6, Fraction(448)),
    np.dtype(ml_dtypes.float8_e5m2): (3, -14, Fraction(57344)),
}


def exact(value: object) -> Fraction:
    """A finite float or integer component as an exact rational."""
    return Fraction(float(value)) if not isinstance(value, (int, np.integer)) else Fraction(int(value))


def round_to(value: Fraction, dtype: np.dtype) -> float:
    """`value` rounded to nearest even in `dtype` (gradual underflow; past the largest finite: +-inf)."""
    precision, emin, largest = FORMATS[np.dtype(dtype)]
    if value == 0:
        return 0.0
    sign = -1 if value < 0 else 1
    magnitude = abs(value)
    exponent = magnitude.numerator.bit_length() - magnitude.denominator.bit_length()
    while Fraction(2) ** exponent > magnitude:
        exponent -= 1
    while Fraction(2) ** (exponent + 1) <= magnitude:
        exponent += 1
    quantum = Fraction(2) ** (max(exponent, emin) - (precision - 1))
    units = magnitude / quantum
    whole = math.floor(units)
    rest = units - whole
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and whole % 2 == 1):
        whole += 1
    rounded = whole * quantum
    if rounded > largest:
        return sign * math.inf
    return sign * float(rounded)


def read_int(bits: int, itemsize: int, signed: bool) -> int:
    """An N-bit pattern read as signed or unsigned."""
    bits &= (1 << (8 * itemsize)) - 1
    if signed and bits >= 1 << (8 * itemsize - 1):
        return bits - (1 << (8 * itemsize))
    return bits


def component_bits(value: object, dtype: np.dtype) -> int:
    """A component's bit pattern."""
    return int(np.array(value, dtype).reshape(1).view(f"<u{np.dtype(dtype).itemsize}")[0])


# -- load and store ------------------------------------------------------------------------------------------
def element_byte_offset(row: int, col: int, row_major: bool, stride: int, element_offset: int,
                        pointee_bytes: int, component_bytes: int) -> int:
    """RowMajorKHR: element (row, *) taken in order from contiguous locations starting at
    Pointer[row * Stride]; ColumnMajorKHR: (*, col) from Pointer[col * Stride]."""
    line, within = (row, col) if row_major else (col, row)
    pointer = element_offset * pointee_bytes
    return pointer + line * stride * pointee_bytes + within * component_bytes


def load(memory: bytes, rows: int, cols: int, dtype: np.dtype, row_major: bool, stride: int, element_offset: int,
         pointee_bytes: int) -> list[list[int]]:
    """Component bit patterns of a loaded matrix, element by element."""
    size = np.dtype(dtype).itemsize
    out = []
    for r in range(rows):
        row = []
        for c in range(cols):
            at = element_byte_offset(r, c, row_major, stride, element_offset, pointee_bytes, size)
            row.append(int.from_bytes(memory[at: at + size], "little"))
        out.append(row)
    return out


def store(memory: bytearray, bits: list[list[int]], dtype: np.dtype, row_major: bool, stride: int,
          element_offset: int, pointee_bytes: int) -> None:
    """Write component bit patterns element by element, in row-major order."""
    size = np.dtype(dtype).itemsize
    for r, row in enumerate(bits):
        for c, value in enumerate(row):
            at = element_byte_offset(r, c, row_major, stride, element_offset, pointee_bytes, size)
            memory[at: at + size] = value.to_bytes(size, "little")


# -- MulAdd ----------------------------------------------------------------------------------------------------
def integer_muladd(a: np.ndarray, b: np.ndarray, c: np.ndarray, result: np.dtype, signs: tuple[bool, ...],
                   saturating: bool) -> list[list[int]]:
    """Result bit patterns of one instance: sign- or zero-extended components, exact A x B + C, then the low
    N bits, or clamped to the Result's range with its signedness."""
    sa, sb, sc, sr = signs
    size = np.dtype(result).itemsize
    low, high = (-(1 << (8 * size - 1)), (1 << (8 * size - 1)) - 1) if sr else (0, (1 << (8 * size)) - 1)
    out = []
    for i in range(a.shape[0]):
        row = []
        for j in range(b.shape[1]):
            total = read_int(component_bits(c[i, j], c.dtype), c.dtype.itemsize, sc)
            for k in range(a.shape[1]):
                total += (read_int(component_bits(a[i, k], a.dtype), a.dtype.itemsize, sa)
                          * read_int(component_bits(b[k, j], b.dtype), b.dtype.itemsize, sb))
            if saturating:
                total = min(max(total, low), high)
            row.append(total & ((1 << (8 * size)) - 1))
        out.append(row)
    return out


def exact_float_muladd(a: np.ndarray, b: np.ndarray, c: np.ndarray, result: np.dtype) -> list[list[float]]:
    """Finite operands: the exact C + sum of exact products, rounded once to the Result type."""
    out = []
    for i in range(a.shape[0]):
        out.append([round_to(exact(c[i, j]) + sum((exact(a[i, k]) * exact(b[k, j]) for k in range(a.shape[1])),
                                                  Fraction(0)), result)
                    for j in range(b.shape[1])])
    return out


def fma_chain(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> list[list[float]]:
    """float64: d = C, then d = fma(A[i, k], B[k, j], d) for k = 0, 1, ..., each rounded once."""
    out = []
    for i in range(a.shape[0]):
        row = []
        for j in range(b.shape[1]):
            d = exact(c[i, j])
            for k in range(a.shape[1]):
                d = Fraction(round_to(exact(a[i, k]) * exact(b[k, j]) + d, np.float64))
            row.append(float(d))
        out.append(row)
    return out


# -- conversions -------------------------------------------------------------------------------------------------
def truncate_toward_zero(value: float) -> int:
    return math.trunc(value)
