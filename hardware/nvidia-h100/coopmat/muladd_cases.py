"""The MulAdd cases: designed rows (the nvgpu probe's `float_patterns`, which expose the alignment
window, the chunking over K and the rounding), random matrices, special values, and integer sums
at the int32 / uint32 limits (saturating or wrapping, clamped once or per chunk).

Each case is one workgroup: A (M x K), B (K x N), C (M x N) as float64 or int64 values exactly
representable in their types. Labels name the family of each case.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent / "nvgpu"), str(HERE / "nvgpu")]     # the repository, or a run folder

from cases import SCALES, float_patterns

MAX_CASES = 160
TYPE_NAMES = {"f16": "f16", "bf16": "bf16", "f64": "f64"}


def round_to(values: np.ndarray, name: str) -> np.ndarray:
    from components import COMPONENTS

    with np.errstate(over="ignore", invalid="ignore"):
        return np.asarray(values, np.float64).astype(COMPONENTS[name].dtype).astype(np.float64)


def c_values(mode: str, ct: str, m: int, n: int, rng: np.random.Generator) -> np.ndarray:
    special = {"f16": (2048.0, 1.0 + 2.0 ** -10), "f32": (2.0 ** 24, 1.0 + 2.0 ** -23),
               "f64": (2.0 ** 53, 1.0 + 2.0 ** -52)}[ct]
    if mode == "random":
        return round_to(rng.standard_normal((m, n)), ct)
    value = {"zero": 0.0, "negzero": -0.0, "one": 1.0, "big": special[0], "odd": special[1]}[mode]
    return np.full((m, n), value)


def float_cases(at: str, ct: str, m: int, n: int, k: int, rng: np.random.Generator):
    patterns = float_patterns(k, TYPE_NAMES[at])
    scales = np.resize(np.array(SCALES[TYPE_NAMES[at]]), n)
    large = m * n * k > 16 * 16 * 32                      # workgroup-sized: fewer C modes and random cases
    modes = ("zero", "random") if large else ("zero", "one", "big", "odd", "random", "negzero")
    As, Bs, Cs, labels = [], [], [], []
    for start in range(0, len(patterns), m):
        chunk = patterns[start:start + m]
        a = np.array(chunk + [[0.0] * k] * (m - len(chunk)))
        b = np.tile(scales[None, :], (k, 1))
        for mode in modes:
            As.append(a), Bs.append(b), Cs.append(c_values(mode, ct, m, n, rng)), labels.append(f"rows_{mode}")
    for i in range(6 if large else 24):
        kind = i % 3
        if kind == 0:
            a, b, c = rng.standard_normal((m, k)), rng.standard_normal((k, n)), rng.standard_normal((m, n))
        elif kind == 1:
            span = 6 if at == "f16" else 30
            a = rng.choice([-1, 1], (m, k)) * np.exp2(rng.uniform(-span, span, (m, k))) * (1 + rng.random((m, k)))
            b = rng.choice([-1, 1], (k, n)) * np.exp2(rng.uniform(-span, span, (k, n))) * (1 + rng.random((k, n)))
            c = rng.choice([-1, 1], (m, n)) * np.exp2(rng.uniform(-span, span, (m, n)))
        else:
            a = rng.integers(-8, 9, (m, k)).astype(float)
            b = rng.integers(-8, 9, (k, n)).astype(float)
            c = rng.integers(-64, 65, (m, n)).astype(float)
        As.append(round_to(a, at)), Bs.append(round_to(b, at)), Cs.append(round_to(c, ct))
        labels.append(["random_normal", "random_wide", "random_int"][kind])
    As_s, Bs_s, Cs_s, labels_s = special_cases(at, ct, m, n, k, rng)
    return As + As_s, Bs + Bs_s, Cs + Cs_s, labels + labels_s


def special_cases(at: str, ct: str, m: int, n: int, k: int, rng: np.random.Generator):
    """NaN, Inf, Inf - Inf, 0 * Inf, overflow, -0, subnormals; one family per row of A."""
    biggest = {"f16": 65504.0, "bf16": 2.0 ** 127, "f64": 2.0 ** 1000}[at]
    tiny = {"f16": 2.0 ** -24, "bf16": 2.0 ** -133, "f64": 2.0 ** -1074}[at]
    rows = [
        [np.nan] + [1.0] * (k - 1), [np.inf] + [1.0] * (k - 1), [np.inf, -np.inf] + [0.0] * (k - 2),
        [0.0] * k, [-0.0] * k, [biggest, biggest] + [0.0] * (k - 2), [tiny] * k, [tiny, 1.0] + [0.0] * (k - 2),
        [1.0, -1.0] + [0.0] * (k - 2), [biggest, -biggest, 1.0] + [0.0] * (k - 3),
    ]
    a = np.array((rows * m)[:m], dtype=np.float64)
    b_zero_inf = np.ones((k, n))
    b_zero_inf[0, ::2] = 0.0                      # 0 * Inf and 0 * NaN in even columns
    b_neg = -np.ones((k, n))
    Cs = [np.zeros((m, n)), np.full((m, n), -0.0), np.full((m, n), np.inf), np.full((m, n), np.nan),
          c_values("random", ct, m, n, rng)]
    As, Bs, Cout, labels = [], [], [], []
    for b, tag in ((b_zero_inf, "special"), (b_neg, "special_neg")):
        for index, c in enumerate(Cs):
            As.append(round_to(a, at)), Bs.append(b), Cout.append(round_to(c, ct)), labels.append(f"{tag}_c{index}")
    return As, Bs, Cout, labels


def int_cases(at: str, ct: str, m: int, n: int, k: int, rng: np.random.Generator):
    signed = at == "s8"
    lo, hi = (-128, 127) if signed else (0, 255)
    c_lo, c_hi = (-(2 ** 31), 2 ** 31 - 1) if signed else (0, 2 ** 32 - 1)
    As, Bs, Cs, labels = [], [], [], []
    for _ in range(16):
        As.append(rng.integers(lo, hi + 1, (m, k))), Bs.append(rng.integers(lo, hi + 1, (k, n)))
        Cs.append(rng.integers(-(2 ** 20) if signed else 0, 2 ** 20, (m, n))), labels.append("random")
    # C near the limits with the largest sums: saturates or wraps
    for near_top in (True, False):
        if not signed and not near_top:
            continue
        a = np.full((m, k), hi if near_top or not signed else lo)
        b = np.full((k, n), hi)
        offsets = rng.integers(0, 2 ** 16, (m, n))
        c = (c_hi - offsets) if near_top else (c_lo + offsets)
        As.append(a), Bs.append(b), Cs.append(c), labels.append("limit_top" if near_top else "limit_bottom")
        a_random = rng.integers(lo, hi + 1, (m, k))
        As.append(a_random), Bs.append(rng.integers(lo, hi + 1, (k, n)))
        Cs.append((c_hi - rng.integers(0, 2 ** 20, (m, n))) if near_top else (c_lo + rng.integers(0, 2 ** 20, (m, n))))
        labels.append("limit_random_top" if near_top else "limit_random_bottom")
    # a sum that leaves the range in its first half of K and comes back in its second:
    # clamping once at the end gives C + 0; clamping per step of 8, 16 or 32 products does not
    for half in sorted({k // 2, 8, 16} & set(range(1, k))):
        a = np.zeros((m, k), np.int64)
        b = np.zeros((k, n), np.int64)
        a[:, :half] = hi
        b[:half, :] = hi
        if signed:
            a[:, half:2 * half] = lo
            b[half:2 * half, :] = hi
        offsets = rng.integers(0, 2 ** 10, (m, n))
        c = c_hi - offsets
        As.append(a), Bs.append(b), Cs.append(c), labels.append(f"overflow_then_back_{half}")
    return As, Bs, Cs, labels


def muladd_cases(at: str, ct: str, m: int, n: int, k: int, rng: np.random.Generator):
    """(a (cases, m, k), b (cases, k, n), c (cases, m, n), labels)."""
    if at in ("s8", "u8"):
        As, Bs, Cs, labels = int_cases(at, ct, m, n, k, rng)
    else:
        As, Bs, Cs, labels = float_cases(at, ct, m, n, k, rng)
    As, Bs, Cs, labels = As[:MAX_CASES], Bs[:MAX_CASES], Cs[:MAX_CASES], labels[:MAX_CASES]
    return np.array(As), np.array(Bs), np.array(Cs), labels
