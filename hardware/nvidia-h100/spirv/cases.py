"""The matrix-vector probe's cases: for each module variant, a list of workgroups (32 invocations,
one H100 wave) sharing a matrix and a bias, each invocation with its own input vector.

Deterministic (fixed seeds). Every float value is built from powers of two or drawn as FP16/FP8
bit patterns, so the cases mean exactly what their labels say. Families (label prefix):
  positions  +2^15 at a, -2^15 at b, 2^-14 at c, 0 elsewhere (lanes enumerate (a, b, c)); row i scales
             by 2^-i: whether the small term survives tells which positions are summed together
  window     +2^15, -2^15 and a small term 2^(15-d) (lanes d, rows a further 2^-j): how far below the
             largest term a term still counts, and where
  tiebreak   2048 + 1 (an FP16 midpoint) + one term 2^-d: how small a term still breaks the tie
  many       1 and K-1 terms 2^-e, the 1 first or last: FP16 or FP32 partial sums
  ties       big + mid on an FP16 midpoint plus tiny random +-terms at one scale per lane
  specials   NaN, Inf, Inf - Inf, -0, overflow, subnormal inputs and products
  bias       bias values by row, sparse product patterns by lane
  random_*   seeded random data (normal, wide exponents, cancelling pairs, positive, MLP-like)
  convert_*  identity matrices that read back the input interpretation's conversion (FP8, int8)
  int_*      integer sums: random, extremes, int32 wrap-around through the bias
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import ml_dtypes
import numpy as np
from models import Model, fp16_exponent, predict, true_exponent
from variants import (
    I_E4M3,
    I_E5M2,
    I_S8,
    I_S8P,
    I_U8P,
    LANES,
    VARIANT_BY_NAME,
    VARIANTS,
    Variant,
)

E4M3 = ml_dtypes.float8_e4m3fn
E5M2 = ml_dtypes.float8_e5m2


@dataclass
class Case:
    """One workgroup: `matrix` (M, K) logical elements after the transpose (FP16 values for float
    matrices, also FP8 ones, as float16; int8/uint8 for integer ones), `bias` (M,) or None, `inputs`
    (32, input components) in the variant's physical type, and a label naming the family."""

    label: str
    matrix: np.ndarray
    bias: np.ndarray | None
    inputs: np.ndarray


def h(values) -> np.ndarray:
    return np.asarray(values, dtype=np.float64).astype(np.float16)


def p2(e: int) -> float:
    return float(2.0 ** e)


def _chunks(rows: list[np.ndarray], width: int, fill: np.ndarray) -> list[np.ndarray]:
    """Lane vectors grouped 32 to a case; the last case padded with `fill`."""
    cases = []
    for start in range(0, len(rows), LANES):
        block = rows[start: start + LANES]
        block = block + [fill] * (LANES - len(block))
        cases.append(np.stack(block).reshape(LANES, width))
    return cases


def _row_scales(m: int, exponents: list[int]) -> np.ndarray:
    return np.array([p2(exponents[i % len(exponents)]) for i in range(m)])


# ---- float families ----------------------------------------------------------------------------------
def _bias_for(variant: Variant, rng: np.random.Generator, scale: float = 0.0) -> np.ndarray | None:
    if variant.bias is None:
        return None
    return h(rng.standard_normal(variant.m) * scale) if scale else h(np.zeros(variant.m))


def positions(variant: Variant, rng: np.random.Generator) -> list[Case]:
    k, m = variant.k, variant.m
    triples = []
    if k <= 32:
        triples = [(0, b, c) for b in range(1, k) for c in range(1, k) if c != b]
    else:
        pairs = set()
        while len(pairs) < 256:
            b, c = (int(v) for v in rng.integers(1, k, 2))
            if b != c:
                pairs.add((b, c))
        triples = [(0, b, c) for b, c in sorted(pairs)]
    extra = set()
    while len(extra) < 64 and k >= 3:
        a, b, c = (int(v) for v in rng.integers(0, k, 3))
        if len({a, b, c}) == 3:
            extra.add((a, b, c))
    triples += sorted(extra)
    vectors = []
    for a, b, c in triples:
        x = np.zeros(k)
        x[a], x[b], x[c] = p2(15), -p2(15), p2(-14)
        vectors.append(h(x))
    matrix = h(np.outer(_row_scales(m, [-i for i in range(16)]), np.ones(k)))
    return [Case(f"positions:{i}", matrix, _bias_for(variant, rng), lanes)
            for i, lanes in enumerate(_chunks(vectors, k, h(np.zeros(k))))]


def window(variant: Variant, rng: np.random.Generator) -> list[Case]:
    k, m = variant.k, variant.m
    cases = []
    placements = [(0, 1, 2), (0, 1, k - 1), (0, k - 1, k // 2)] if k >= 3 else [(0, 1, 1)]
    for name, (a, b, c) in zip(("first", "last", "middle"), placements):
        vectors = []
        for d in range(LANES):
            x = np.zeros(k)
            x[a], x[b] = p2(15), -p2(15)
            if d < 30:
                x[c] = p2(15 - d)      # 2^15 .. 2^-14, all normal
            else:
                x[c] = p2(-14) * (1 + (d - 29) * 0.25)
            vectors.append(h(x))
        matrix = np.ones((m, k))
        matrix[:, c] = _row_scales(m, [-j for j in range(16)])
        cases.append(Case(f"window:{name}", h(matrix), _bias_for(variant, rng), np.stack(vectors)))
    return cases


def tiebreak(variant: Variant, rng: np.random.Generator) -> list[Case]:
    """2048 + 1 + t: the exact sum is above the FP16 midpoint 2049, RNE of 2049 alone gives 2048."""
    k, m = variant.k, variant.m
    cases = []
    for name, (a, b, c) in (("first", (0, 1, 2)), ("split", (0, k - 1, k // 2))):
        if k < 3:
            break
        vectors = []
        for d in range(LANES):
            x = np.zeros(k)
            x[a], x[b] = 2048.0, 1.0
            x[c] = p2(-d) if d <= 14 else p2(-14) * (1 + (d - 14) / 32)
            vectors.append(h(x))
        matrix = np.ones((m, k))
        matrix[:, c] = _row_scales(m, [-j for j in range(16)])
        cases.append(Case(f"tiebreak:{name}", h(matrix), _bias_for(variant, rng), np.stack(vectors)))
    return cases


def many(variant: Variant, rng: np.random.Generator) -> list[Case]:
    k, m = variant.k, variant.m
    vectors = []
    for big_last in (False, True):
        for e in range(4, 20):
            x = np.full(k, p2(-e))
            x[k - 1 if big_last else 0] = 1.0
            vectors.append(h(x))
    matrix = h(np.outer(_row_scales(m, [i - 8 for i in range(16)]), np.ones(k)))
    return [Case(f"many:{i}", matrix, _bias_for(variant, rng), lanes)
            for i, lanes in enumerate(_chunks(vectors, k, h(np.zeros(k))))]


def ties(variant: Variant, rng: np.random.Generator) -> list[Case]:
    k, m = variant.k, variant.m
    cases = []
    if k < 4:
        return cases
    for name, (a, b) in (("front", (0, 1)), ("back", (k - 2, k - 1)), ("apart", (0, k // 2))):
        rest = [i for i in range(k) if i not in (a, b)]
        vectors = []
        for lane in range(LANES):
            x = np.zeros(k)
            x[a], x[b] = 2048.0, 1.0
            t = lane % 15
            mant = 1 + rng.integers(0, 1024, len(rest)) / 1024
            signs = rng.choice([-1.0, 1.0], len(rest))
            x[rest] = signs * mant * p2(-t)
            vectors.append(h(x))
        matrix = np.ones((m, k))
        matrix[:, rest] = _row_scales(m, [-j for j in range(16)])[:, None]
        cases.append(Case(f"ties:{name}", h(matrix), _bias_for(variant, rng), np.stack(vectors)))
    return cases


def specials(variant: Variant, rng: np.random.Generator) -> list[Case]:
    k, m = variant.k, variant.m
    inf, nan = np.inf, np.nan
    patterns: list[dict[int, float]] = [
        {3 % k: nan},
        {0: inf},
        {0: -inf},
        {0: inf, 1 % k: -inf},
        {i: -0.0 for i in range(k)},
        {},
        {0: 65504.0, 1 % k: 65504.0},
        {0: 65504.0, 1 % k: 65504.0, 2 % k: -65504.0},
        {0: 65504.0, 1 % k: 16.0},
        {0: 65504.0, 1 % k: 15.0},
        {0: 65504.0, 1 % k: 8.0, 2 % k: 8.0},
        {0: p2(-24)},
        {i: p2(-24) for i in range(k)},
        {0: p2(-14)},
        {i: p2(-14) for i in range(k)},
        {0: 1.0, 1 % k: -1.0},
        {0: -1.0, 1 % k: 1.0},
        {0: -p2(-24)},
        {i: -p2(-14) for i in range(k)},
        {0: 32768.0, 1 % k: 32768.0},
        {i: 4096.0 for i in range(k)},
        {0: 2048.0, 1 % k: 2.0, 2 % k: -2048.0},
        {0: h(np.float16(1.0) + np.float16(2 ** -10)).item(), 1 % k: p2(-11)},
        {0: 1.0, 1 % k: p2(-11)},
        {0: 1.0, 1 % k: -p2(-12)},
        {0: nan, 1 % k: inf},
        {k - 1: nan},
        {k - 1: inf, 0: 1.0},
    ]
    vectors = []
    for pattern in patterns:
        x = np.zeros(k)
        for i, v in pattern.items():
            x[i] = v
        vectors.append(h(x))
    matrix = h(np.outer(_row_scales(m, [0, -1, -4, -10, -14, 1, 4, -24, 0, 0, -8, -12, 2, 3, -16, -20]), np.ones(k)))
    matrix[8 % m, :] = h(-1.0)                         # negative weights: products -0 from +0 inputs
    matrix[9 % m, :] = h(-0.0)
    vectors += [h(np.zeros(k))] * (LANES - len(vectors))
    bias = None if variant.bias is None else h(np.zeros(m))
    cases = [Case("specials:zero_bias", matrix, bias, np.stack(vectors))]
    if variant.bias is not None:
        negative = h(np.full(m, -0.0))
        cases.append(Case("specials:minus_zero_bias", matrix, negative, np.stack(vectors)))
    return cases


def bias_family(variant: Variant, rng: np.random.Generator) -> list[Case]:
    if variant.bias is None:
        return []
    k, m = variant.k, variant.m
    values = [2048.0, -2048.0, 1.0, -1.0, p2(-14), -p2(-14), 0.0, -0.0, 65504.0, -65504.0, p2(-24), 32768.0,
              0.5, 3.0, 1024.0, 1.0 + p2(-10)]
    bias = h([values[i % len(values)] for i in range(m)])
    menu = [2048.0, -2048.0, 1.0, -1.0, p2(-14), -p2(-14), p2(-10), 0.5, -0.5, 32768.0, -32768.0, p2(-24), 1.5,
            p2(-11), -p2(-11), 4096.0]
    cases = []
    for index in range(2):
        vectors = []
        for lane in range(LANES):
            x = np.zeros(k)
            if not (index == 0 and lane == 0):
                count = 1 + lane % 3
                where = rng.choice(k, size=min(count, k), replace=False)
                x[where] = rng.choice(menu, size=where.size)
            vectors.append(h(x))
        cases.append(Case(f"bias:{index}", h(np.ones((m, k))), bias, np.stack(vectors)))
    return cases


def _wide(rng: np.random.Generator, shape, lo: int, hi: int) -> np.ndarray:
    mant = 1 + rng.integers(0, 1024, shape) / 1024
    return rng.choice([-1.0, 1.0], shape) * mant * np.exp2(rng.integers(lo, hi + 1, shape))


def random_float(variant: Variant, rng: np.random.Generator, count: int = 8) -> list[Case]:
    k, m = variant.k, variant.m
    cases = []
    kinds = ("normal", "wide", "cancel", "positive", "mlp")
    for index in range(count):
        kind = kinds[index % len(kinds)]
        if kind == "normal":
            w, x = rng.standard_normal((m, k)) * 0.25, rng.standard_normal((LANES, k))
        elif kind == "wide":
            w, x = _wide(rng, (m, k), -10, 6), _wide(rng, (LANES, k), -10, 6)
        elif kind == "cancel":
            w = rng.standard_normal((m, k))
            half = k // 2
            w[:, half: 2 * half] = -w[:, :half] * (1 + rng.integers(-2, 3, (m, half)) / 1024)
            x = np.abs(rng.standard_normal((LANES, k))) + 1
            x[:, half: 2 * half] = x[:, :half]
        elif kind == "positive":
            w, x = np.abs(_wide(rng, (m, k), -8, 4)), np.abs(_wide(rng, (LANES, k), -8, 4))
        else:
            w = rng.standard_normal((m, k)) * np.sqrt(2.0 / k)
            x = np.maximum(rng.standard_normal((LANES, k)), 0)
        bias = None if variant.bias is None else h(rng.standard_normal(m) * (0.1 if kind != "wide" else 8))
        if variant.matrix in (I_E4M3, I_E5M2):
            fp8 = E4M3 if variant.matrix == I_E4M3 else E5M2
            w = np.clip(w, -448 if fp8 is E4M3 else -57344, 448 if fp8 is E4M3 else 57344).astype(fp8).astype(np.float64)
        cases.append(Case(f"random_{kind}:{index}", h(w), bias, h(x)))
    return cases


def fp8_conversion(variant: Variant) -> list[Case]:
    """Identity matrix, zero bias: result i is the input's component i as the FP8 interpretation holds it."""
    k, m = variant.k, variant.m
    fp8 = E4M3 if variant.matrix == I_E4M3 else E5M2
    limit = 464.0 if fp8 is E4M3 else 61440.0          # RNE overflow thresholds of the two formats
    patterns = np.arange(0x7C00, dtype=np.uint16)      # every finite non-negative FP16
    values = patterns.view(np.float16).astype(np.float64)
    inside = np.concatenate([patterns[values <= limit], patterns[values <= limit] | 0x8000])
    outside_positive = patterns[values > limit]
    step = max(1, outside_positive.size // 150)
    outside = np.concatenate([outside_positive[:200], outside_positive[200::step], [0x7C00, 0x7E00, 0x7C01, 0x7FFF]])
    outside = np.concatenate([outside, outside | 0x8000]).astype(np.uint16)
    vectors = [inside[i: i + k] for i in range(0, inside.size, k)]
    vectors[-1] = np.concatenate([vectors[-1], np.zeros(k - vectors[-1].size, np.uint16)])
    for bits in outside:
        x = np.zeros(k, np.uint16)
        x[0] = bits
        vectors.append(x)
    matrix = h(np.eye(m, k))
    bias = h(np.zeros(m))
    return [Case(f"convert_fp8:{i}", matrix, bias, lanes.view(np.float16))
            for i, lanes in enumerate(_chunks([v.view(np.float16) for v in vectors], k, h(np.zeros(k))))]


def float_cases(variant: Variant, seed: int) -> list[Case]:
    rng = np.random.default_rng(seed)
    if variant.matrix in (I_E4M3, I_E5M2):
        if variant.k == variant.m:
            return fp8_conversion(variant)
        return random_float(variant, rng, 16) + specials(variant, rng)
    if variant.m != 16:
        return random_float(variant, rng, 8) + positions(variant, rng)[:4] + specials(variant, rng)
    if variant.paired:                                  # an even number of cases
        return random_float(variant, rng, 10) + positions(variant, rng)[:4]
    if variant.k >= 256:
        return positions(variant, rng)[:4] + many(variant, rng) + specials(variant, rng) + random_float(variant, rng, 5)
    if variant.transpose:
        return random_float(variant, rng, 8) + positions(variant, rng)[:8]
    return (positions(variant, rng) + window(variant, rng) + tiebreak(variant, rng) + many(variant, rng)
            + ties(variant, rng) + specials(variant, rng) + bias_family(variant, rng) + random_float(variant, rng, 10))


# ---- integer families ----------------------------------------------------------------------------------
def _matrix_dtype(variant: Variant) -> type:
    return np.int8 if variant.matrix == I_S8 else np.uint8


def _input_values(variant: Variant, rng: np.random.Generator, shape) -> np.ndarray:
    """Random logical input values of the interpretation (int8 or uint8 range)."""
    if variant.input_interpretation in (I_S8, I_S8P):
        return rng.integers(-128, 128, shape)
    return rng.integers(0, 256, shape)


def _physical(variant: Variant, logical: np.ndarray) -> np.ndarray:
    """Logical int8/uint8 values (LANES, K) -> the variant's physical input components."""
    if variant.input_interpretation in (I_S8P, I_U8P):
        return logical.astype(np.int64).astype(np.uint8).reshape(LANES, -1, 4).view("<u4").reshape(LANES, -1)
    return logical.astype(np.dtype(variant.input.numpy))


def int_conversion(variant: Variant) -> list[Case]:
    """Identity int8 matrix: the results are the converted input components."""
    k, m = variant.k, variant.m
    if variant.input.numpy == "float32":
        base = [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49999997, 126.5, 127.5, 127.49999, 128.0, -128.5, -129.0,
                -127.5, 1e10, -1e10, np.nan, np.inf, -np.inf, -0.0, p2(-149), 3.7, -3.7, 200.0, -200.0, 255.0,
                255.5, 256.0, 0.0, 1.0, -1.0, 2147483648.0, -2147483904.0, 3.5, 4.5, -3.5, 5.5, 6.5, 100.25,
                -100.75]
        dtype = np.float32
    else:
        base = [0, 1, -1, 127, 128, -128, -129, 255, 256, 257, 1000, -1000, 2 ** 31 - 1, -2 ** 31, 65535, 65536,
                -255, -256, 383, 384, -384, 200, -200, 0x12345678, -0x12345678, 0x80, 0xFF, 0x100, 0x17F, 3, -3, 42]
        dtype = np.int32
    values = np.array(base, dtype=np.float64 if dtype == np.float32 else np.int64)
    vectors = []
    for shift in range(LANES):
        vectors.append(np.roll(np.resize(values, k), -shift * 3).astype(dtype))
    matrix = np.eye(m, k, dtype=_matrix_dtype(variant))
    return [Case("convert_int:0", matrix, np.zeros(m, np.int32), np.stack(vectors))]


def int_conversion_all(variant: Variant) -> list[Case]:
    """int_conversion's identity matrix with every value of its list: lane l holds values
    16 l .. 16 l + 15 of the list repeated (int_conversion's lanes only rotate the first 16)."""
    case = int_conversion(variant)[0]
    k = variant.k
    values = _conversion_values(variant)
    lanes = np.stack([np.resize(np.roll(values, -k * lane), k) for lane in range(LANES)]).astype(case.inputs.dtype)
    return [Case("convert_int_all:0", case.matrix, case.bias, lanes)]


def _conversion_values(variant: Variant) -> np.ndarray:
    """int_conversion's value list, as the physical input type."""
    case = int_conversion(variant)[0]
    return np.concatenate([case.inputs[0], _CONVERSION_TAIL[variant.input.numpy]]).astype(case.inputs.dtype)


_CONVERSION_TAIL = {
    "float32": np.array([p2(-149), 3.7, -3.7, 200.0, -200.0, 255.0, 255.5, 256.0, 0.0, 1.0, -1.0, 2147483648.0,
                         -2147483904.0, 3.5, 4.5, -3.5, 5.5, 6.5, 100.25, -100.75, np.nan, np.inf, -np.inf, -0.0,
                         -np.nan, 1e30, -1e30, 0.5000001, -0.49999997, 2.5000002]),
    "int32": np.array([-255, -256, 383, 384, -384, 200, -200, 0x12345678, -0x12345678, 0x80, 0xFF, 0x100, 0x17F,
                       3, -3, 42, 2 ** 31 - 2, -2 ** 31 + 1, 129, -130]),
}


def _subnormal_templates(variant: Variant, rng: np.random.Generator, rep: int) -> list[Case]:
    k, m = variant.k, variant.m
    cases = []
    # operand template: rows vary the big weight's mantissa and the tiny term's size, lanes the subnormal
    w = np.zeros((m, k))
    w[:, 0] = p2(15) * (1 + rng.integers(1, 1024, m) / 1024)
    w[:, 1] = p2(-8) * np.exp2(-(np.arange(m) % 14))
    x = np.zeros((LANES, k))
    x[:, 0] = rng.choice([1, 3, 5, 7, 9, 11, 13, 15], LANES) * p2(-24)
    x[:, 1] = rng.choice([-1.0, 1.0], LANES) * p2(-14)
    cases.append(Case("subnormal:operand", h(w), None if variant.bias is None else h(np.zeros(m)), h(x)))
    if k >= 32 or variant.bias is not None:
        first = 16 if k >= 32 and variant.bias is None else 0
        w = np.zeros((m, k))
        x = np.zeros((LANES, k))
        bias = None
        subnormal = rng.integers(1, 1024, LANES) * p2(-24)
        if variant.bias is None:
            w[:, 0] = 1.0
            x[:, 0] = subnormal
        else:                                            # the bias is the accumulator: one value per row
            bias = h(rng.integers(1, 1024, m) * p2(-24))
        w[:, first], w[:, first + 1] = p2(-11), p2(-24) * np.exp2(np.arange(m) % 11)
        x[:, first] = p2(-14)
        x[:, first + 1] = rng.choice([-1.0, 1.0], LANES) * p2(-24)
        cases.append(Case("subnormal:held", h(w), bias, h(x)))
    for case in cases:
        case.label = f"{case.label}{rep}"
    return cases


def subnormal_cases(variant: Variant, seed: int) -> list[Case]:
    """Results that tell apart the exponent a subnormal gets in the alignment: an FP16 subnormal
    operand's e(x) = -14 or its true floor(log2 |x|), and the same for a subnormal accumulator.
    Each sits on an FP16 rounding midpoint plus a tiny term that only the finer cut keeps:
      operand: x0 = m 2^-24 (subnormal) times W[i,0] ~ 2^15 is the largest product and lands on a
               midpoint; x1 W[i,1] = +-2^-14 2^-r is the tiny term;
      held:    (K >= 32 or a bias) the accumulator holds a subnormal s (the bias, or x0 * 1 from the
               first chunk), the next chunk adds 2^-25 (a midpoint of the subnormal grid) and a tiny
               +-2^-24 2^-r' below it.
    Which of the four rule pairs each result separates is printed when the cases are made."""
    rng = np.random.default_rng(seed)
    k, m = variant.k, variant.m
    cases: list[Case] = []
    for rep in range(4):
        cases += _subnormal_templates(variant, rng, rep)
    rules = [Model(f"{o}_{held}", 16, 25, "fp16", "rne", "start", exponent="operands", held=held)
             for o in ("emin", "true") for held in ("true", "emin")]
    for case in cases:
        xs, ws = case.inputs.astype(np.float64), case.matrix.astype(np.float64)
        flat = (xs[:, None, :] * ws[None, :, :]).reshape(-1, k)
        bias = None if case.bias is None else np.broadcast_to(case.bias.astype(np.float64), (LANES, m)).reshape(-1)
        predictions = {}
        for rule in rules:
            exponent = fp16_exponent if rule.name.startswith("emin") else true_exponent
            e = (exponent(xs)[:, None, :] + exponent(ws)[None, :, :]).reshape(-1, k)
            predictions[rule.name] = predict(rule, flat, bias, e)
        split = {f"{a} vs {b}": int((predictions[a] != predictions[b]).sum())
                 for a in predictions for b in predictions if a < b}
        print(f"  {variant.name} {case.label}: results the rules disagree on {split}")
    return cases


def int_cases(variant: Variant, seed: int) -> list[Case]:
    rng = np.random.default_rng(seed)
    if variant.input.numpy in ("int32", "float32") and variant.k == variant.m:
        return int_conversion(variant)
    k, m = variant.k, variant.m
    low, high = (-128, 127) if variant.matrix == I_S8 else (0, 255)
    cases = []
    for index in range(4):
        w = rng.integers(low, high + 1, (m, k))
        x = _input_values(variant, rng, (LANES, k))
        bias = rng.integers(-100000, 100000, m)
        cases.append(Case(f"int_random:{index}", w.astype(_matrix_dtype(variant)), bias.astype(np.int32),
                          _physical(variant, x)))
    extreme_in = np.array([-128 if variant.input_interpretation in (I_S8, I_S8P) else 255, 127, 0, 1])
    w = np.full((m, k), low)
    w[1::2] = high
    x = np.stack([np.full(k, extreme_in[i % 4]) for i in range(LANES)])
    bias = np.array([2 ** 31 - 1, -2 ** 31, 2 ** 31 - 1000, -2 ** 31 + 1000] * (m // 4 + 1))[:m]
    cases.append(Case("int_wrap:0", w.astype(_matrix_dtype(variant)), bias.astype(np.int32), _physical(variant, x)))
    return cases


# ---- all variants --------------------------------------------------------------------------------------
def variant_cases(variant: Variant) -> list[Case]:
    seed = 1000 + VARIANTS.index(variant)
    if not variant.is_float:
        return int_cases(variant, seed)
    cases = float_cases(variant, seed)
    if variant.matrix in (I_E4M3, I_E5M2):       # the matrix holds FP8 values (kept as float16 here)
        fp8 = E4M3 if variant.matrix == I_E4M3 else E5M2
        for case in cases:
            case.matrix = case.matrix.astype(fp8).astype(np.float16)
    return cases


MASKED_VARIANT = "mv_f16_m16_k32_b"     # re-run with some lanes off: do the others change?
MASKED_LANES = 0x5A5AA5A5
ALL_LANES = 0xFFFFFFFF


@dataclass(frozen=True)
class ProbeRun:
    """One dispatch of the probe: a module variant, its cases, the lanes that run, and which device
    run (batch) recorded it."""

    name: str
    variant: Variant
    make: Callable[[], list[Case]]
    lane_mask: int = ALL_LANES
    batch: int = 1


def _runs() -> list[ProbeRun]:
    later = ("mv_f16_m16_k256_b", "mv_f16_m16_k512_b", "mv_f16_m16_k32_b_paired")
    first = [ProbeRun(v.name, v, partial(variant_cases, v)) for v in VARIANTS if v.name not in later]
    masked = VARIANT_BY_NAME[MASKED_VARIANT]
    first.append(ProbeRun(f"{MASKED_VARIANT}_masked", masked, partial(variant_cases, masked), MASKED_LANES))
    second = [ProbeRun(name, VARIANT_BY_NAME[name], partial(variant_cases, VARIANT_BY_NAME[name]), batch=2)
              for name in ("mv_f16_m16_k256_b", "mv_f16_m16_k512_b", "mv_f16_m16_k32_b_paired")]
    for name in ("mv_f32_s8_m16_k16", "mv_i32_s8_m16_k16", "mv_i32_u8_m16_k16"):
        second.append(ProbeRun(f"{name}_all", VARIANT_BY_NAME[name], partial(int_conversion_all, VARIANT_BY_NAME[name]),
                               batch=2))
    for name, seed in (("mv_f16_m16_k16", 77), ("mv_f16_m16_k32_b", 78)):
        second.append(ProbeRun(f"{name}_subnormal", VARIANT_BY_NAME[name],
                               partial(subnormal_cases, VARIANT_BY_NAME[name], seed), batch=2))
    return first + second


PROBE_RUNS = _runs()
