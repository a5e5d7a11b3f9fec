"""The per-thread oracle of the nvgpu ops: plain loops over lanes and elements, exact rationals.

Nothing here uses dxlinalg's fragment tables or arithmetic. Fragments are placed by MLIR's general
rule (MMAUtils.cpp getLaneIdAndValueIdToOperandCoord), written out once below, not by the per-shape
PTX formulas of dxlinalg.nvgpu.fragments; sums are Fractions, rounded by hand to nearest even.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

FORMATS = {"f16": (np.float16, 10, -14, 15), "f32": (np.float32, 23, -126, 127), "f64": (np.float64, 52, -1022, 1023)}
INT32_MIN, INT32_MAX = -(1 << 31), (1 << 31) - 1


def general_rule(rows: int, elements_per_register: int, lane: int, register: int, element: int) -> tuple[int, int]:
    """MLIR's rule: 8-row tiles, tiles column-major over registers, each tile row 4 threads x E elements.
    For B the matrix is N x K (B transposed); for sparse A the compressed M x K/2 matrix."""
    tile_rows = rows // 8
    g, t = lane // 4, lane % 4
    row = 8 * (register % tile_rows) + g
    col = (register // tile_rows) * 4 * elements_per_register + t * elements_per_register + element
    return row, col


def unpack(fragments: np.ndarray, rows: int, cols: int, transposed: bool = False) -> list[list[object]]:
    """One warp's (32, R, E) fragments as a rows x cols matrix of Python values (B: pass K x N and
    `transposed`, the rule works on N x K)."""
    out: list[list[object]] = [[None] * cols for _ in range(rows)]
    registers, per = fragments.shape[1], fragments.shape[2]
    for lane in range(32):
        for r in range(registers):
            for e in range(per):
                if transposed:
                    col, row = general_rule(cols, per, lane, r, e)
                else:
                    row, col = general_rule(rows, per, lane, r, e)
                assert out[row][col] is None, "the rule places two elements on one position"
                out[row][col] = fragments[lane, r, e].item()
    return out


def pack(matrix: list[list[object]], registers: int, per: int, dtype: np.dtype) -> np.ndarray:
    """A rows x cols matrix (C/D) back to (32, R, E) fragments by the general rule."""
    out = np.zeros((32, registers, per), dtype)
    for lane in range(32):
        for r in range(registers):
            for e in range(per):
                row, col = general_rule(len(matrix), per, lane, r, e)
                out[lane, r, e] = matrix[row][col]
    return out


def round_nearest_even(value: Fraction, fmt: str) -> object:
    """`value` rounded to the binary format (ties to even, subnormals, overflow to infinity)."""
    dtype, mantissa, min_exponent, max_exponent = FORMATS[fmt]
    if value == 0:
        return dtype(0.0)
    sign = -1 if value < 0 else 1
    magnitude = abs(value)
    exponent = magnitude.numerator.bit_length() - magnitude.denominator.bit_length()
    while Fraction(2) ** exponent > magnitude:
        exponent -= 1
    while Fraction(2) ** (exponent + 1) <= magnitude:
        exponent += 1
    quantum = Fraction(2) ** (max(exponent, min_exponent) - mantissa)
    units = magnitude / quantum
    whole = units.numerator // units.denominator
    rest = units - whole
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and whole % 2):
        whole += 1
    rounded = whole * quantum
    if rounded >= Fraction(2) ** (max_exponent + 1):
        return dtype(sign * np.inf)
    return dtype(sign * float(rounded))


def truncated(term: Fraction, unit: Fraction) -> Fraction:
    """`term` toward zero to a multiple of `unit`."""
    units = abs(term) / unit
    whole = units.numerator // units.denominator
    return whole * unit if term >= 0 else -whole * unit


def exponent_of(value: Fraction) -> int:
    """floor(log2 |value|) of a nonzero rational."""
    magnitude = abs(value)
    exponent = magnitude.numerator.bit_length() - magnitude.denominator.bit_length()
    while Fraction(2) ** exponent > magnitude:
        exponent -= 1
    while Fraction(2) ** (exponent + 1) <= magnitude:
        exponent += 1
    return exponent


def round_toward_zero(value: Fraction, fmt: str) -> object:
    """`value` truncated to the binary format; magnitudes of 2^(emax + 1) and more give infinity (the
    H100's f32 accumulator), smaller ones past the largest finite value give that value."""
    dtype, mantissa, min_exponent, max_exponent = FORMATS[fmt]
    if value == 0:
        return dtype(0.0)
    if abs(value) >= Fraction(2) ** (max_exponent + 1):
        return dtype(np.inf if value > 0 else -np.inf)
    quantum = Fraction(2) ** (max(exponent_of(value), min_exponent) - mantissa)
    return dtype(float(truncated(value, quantum)))


MIN_EXPONENT = {"f16": -14, "bf16": -126, "tf32": -126}


def operand_exponent(value: float, operand: str) -> int:
    """floor(log2 |value|), subnormals at the format's smallest normal exponent."""
    return max(exponent_of(Fraction(value)), MIN_EXPONENT[operand]) if value != 0 else MIN_EXPONENT[operand]


def float_dot(products: list[Fraction], start: Fraction, fmt: str, model: tuple,
              exponents: list[int] | None = None) -> object:
    """One output: `start` (C) plus the products, by the model ("exact",) or ("tensor_core", chunk,
    bits, alignment, f32 rounding); `exponents` are the products' ea + eb (alignment "operands")."""
    if model[0] == "exact":
        return round_nearest_even(start + sum(products, Fraction(0)), fmt)
    _, chunk, bits, alignment, f32_rounding = model
    rounding = round_toward_zero if fmt == "f32" and f32_rounding == "toward_zero" else round_nearest_even
    accumulator = start
    for first in range(0, len(products), chunk):
        part = products[first: first + chunk]
        tops = [exponent_of(accumulator)] if accumulator != 0 else []
        for index, product in enumerate(part):
            if product != 0:
                tops.append(exponents[first + index] if alignment == "operands" else exponent_of(product))
        terms = [accumulator] + part
        if tops:
            unit = Fraction(2) ** (max(tops) - bits)
            total = sum((truncated(t, unit) for t in terms), Fraction(0))
        else:
            total = Fraction(0)
        rounded = rounding(total, fmt)
        if not np.isfinite(rounded):
            return rounded
        accumulator = Fraction(float(rounded))
    return rounding(accumulator, fmt)


def fma_chain(products: list[tuple[float, float]], start: float) -> float:
    """PTX .f64 mma: d = fma(a, b, d) in k order, each rounded once; exact zeros signed as IEEE adds them."""
    d = start
    for x, y in products:
        exact = Fraction(x) * Fraction(y) + Fraction(d)
        if exact == 0:
            product_negative = (np.signbit(x) != np.signbit(y))
            d = -0.0 if product_negative and np.signbit(d) else 0.0
        else:
            d = float(round_nearest_even(exact, "f64"))
    return d


def tf32(value: float, mode: str) -> float:
    """An f32 register read as tf32: the low 13 mantissa bits cleared or rounded (finite values)."""
    bits = int(np.float32(value).view(np.uint32))
    low, kept = bits & 0x1FFF, bits & ~0x1FFF
    if mode == "nearest_even" and (low > 0x1000 or (low == 0x1000 and (kept >> 13) & 1)):
        kept += 0x2000
    if mode == "nearest_away" and low >= 0x1000:
        kept += 0x2000
    return float(np.uint32(kept & 0xFFFFFFFF).view(np.float32))


def mma_warp(a: np.ndarray, b: np.ndarray, c: np.ndarray, m: int, n: int, k: int, operand: str, model: tuple,
             tf32_mode: str = "truncate", dense_a: list[list[object]] | None = None) -> np.ndarray:
    """One warp's D fragments from (32, R, E) A, B, C fragments, as the PTX text reads."""
    big_a = dense_a if dense_a is not None else unpack(a, m, k)
    big_b = unpack(b, k, n, transposed=True)
    big_c = unpack(c, m, n)
    d: list[list[object]] = [[None] * n for _ in range(m)]
    for row in range(m):
        for col in range(n):
            pairs = [(big_a[row][i], big_b[i][col]) for i in range(k)]
            if operand in ("s8", "u8", "s4", "u4"):
                total = int(big_c[row][col]) + sum(int(x) * int(y) for x, y in pairs)
                d[row][col] = min(max(total, INT32_MIN), INT32_MAX)                 # .satfinite
            elif operand == "f64":
                d[row][col] = fma_chain([(float(x), float(y)) for x, y in pairs], float(big_c[row][col]))
            else:
                if operand == "tf32":
                    pairs = [(tf32(x, tf32_mode), tf32(y, tf32_mode)) for x, y in pairs]
                fmt = "f16" if c.dtype == np.float16 else "f32"
                products = [Fraction(float(x)) * Fraction(float(y)) for x, y in pairs]
                exponents = [operand_exponent(float(x), operand) + operand_exponent(float(y), operand)
                             for x, y in pairs]
                d[row][col] = float_dot(products, Fraction(float(big_c[row][col])), fmt, model, exponents)
    return pack(d, c.shape[1], c.shape[2], c.dtype)


def sparse_dense_a(a: np.ndarray, metadata: np.ndarray, k: int, operand: str, selector: int) -> list[list[object]]:
    """One warp's dense 16 x k A from stored values (32, R, E) and metadata words (32,) uint32, read as
    the H100 places the indices (see dxlinalg.nvgpu.sparse_metadata's docstring), lane by lane."""
    compressed = unpack(a, 16, k // 2)
    dense: list[list[object]] = [[0] * k for _ in range(16)]
    for row in range(16):
        for column in range(k // 2):
            lane_of_row = 4 * (row % 8)                  # the quad holding rows g, g + 8
            half = row // 8
            if operand == "tf32":
                chunks = k // 2                           # 1:2: one stored value per 2-wide chunk
                chunk, slot = column, 0
                thread = selector if chunks == 4 else 2 * selector + chunk // 4
                bit = 16 * half + 4 * (chunk % 4)
                field = (int(metadata[lane_of_row + thread]) >> bit) & 0xF
                target = 2 * chunk + (1 if field == 0b1110 else 0)
            else:
                chunks = k // 4
                chunk, slot = column // 2, column % 2
                if operand in ("s8", "u8"):
                    thread = 2 * selector + half if chunks == 8 else 2 * (chunk // 8) + half
                    bit = 4 * (chunk % 8) + 2 * slot
                else:
                    thread = selector if chunks == 4 else 2 * selector + chunk // 4
                    bit = 16 * half + 4 * (chunk % 4) + 2 * slot
                field = (int(metadata[lane_of_row + thread]) >> bit) & 3
                target = 4 * chunk + field
            dense[row][target] = compressed[row][column]
    return dense
