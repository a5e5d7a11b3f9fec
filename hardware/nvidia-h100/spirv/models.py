"""Candidate models of how the H100 sums a float matrix-vector product, evaluated exactly.

Every model sees the same exact products p_k = W[i, k] * x[k] (FP16 x FP16 is exact in float64)
and the bias, and differs in how it adds them up:

  chunked(C, kept, accumulator, normalise, bias_at)
      the K products go in chunks of C consecutive k (k = 0..C-1 first), each chunk step replacing
      the accumulator by round(sum of the accumulator and the chunk's products), where every term
      is first truncated toward zero to a multiple of 2^(E - kept), E = floor(log2 |largest term|)
      (a tensor core's alignment: `kept` bits below the leading one survive); the sum of the
      truncated terms is exact and is rounded to `accumulator` (fp16 or fp32) with `normalise`
      (rne or rz). An exactly zero sum is +0. `bias_at`: "start" puts the bias in the accumulator
      before the first chunk (the MMA's C operand), "end" adds it after the last chunk with one
      more rounding to the accumulator type. The result is the accumulator rounded to FP16 (RNE).
      kept=None means no truncation (the exact sum of the chunk).
  float32_sequential: sum_k in order with an FMA into a float32 accumulator, bias added last in
      float32, one rounding to FP16: what the emulator's float32 BLAS does on this host.
  exact: the exact sum plus bias, rounded once to FP16.

Special values: a NaN term, or +Inf meeting -Inf, gives NaN; Infs of one sign give that Inf;
NaNs come out as 0x7FFF (the H100's canonical FP16 NaN). Overflow of the FP16 result under RNE
gives Inf (the accumulator's rounding mode decides at fp32 overflow, which FP16 inputs never reach).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

CANONICAL_NAN16 = np.uint16(0x7FFF)


@dataclass(frozen=True)
class Model:
    name: str
    chunk: int = 16
    kept: int | None = 25
    accumulator: str = "fp32"         # fp16 | fp32
    normalise: str = "rz"             # rne | rz
    bias_at: str = "start"            # start | end
    kind: str = "chunked"             # chunked | float32_sequential | exact
    exponent: str = "value"           # value: E of the largest term | operands: max of e(x) + e(w)
    held: str = "true"                # a subnormal accumulator's exponent: true floor(log2) | emin (-14)


def _round_to(values: np.ndarray, accumulator: str, mode: str) -> np.ndarray:
    """float64 values (exact) rounded to fp16/fp32 with RNE or RZ, returned as float64."""
    dtype = np.float16 if accumulator == "fp16" else np.float32
    with np.errstate(over="ignore", invalid="ignore"):
        nearest = values.astype(dtype).astype(np.float64)
        if mode == "rne":
            return nearest
        too_far = np.abs(nearest) > np.abs(values)
        toward_zero = np.nextafter(nearest.astype(dtype), dtype(0)).astype(np.float64)
        return np.where(too_far & np.isfinite(values), toward_zero, nearest)


def fp16_exponent(values: np.ndarray) -> np.ndarray:
    """The FP16 exponent of each value: floor(log2 |v|) for normal numbers, -14 for subnormals,
    a very small number for zeros (so they never set an alignment)."""
    magnitude = np.abs(values)
    exponent = np.frexp(magnitude)[1] - 1
    exponent = np.where(magnitude < 2.0 ** -14, -14, exponent)
    return np.where(magnitude == 0, -10_000, exponent)


def true_exponent(values: np.ndarray) -> np.ndarray:
    """floor(log2 |v|) for every nonzero value, subnormals included; zeros as in fp16_exponent."""
    magnitude = np.abs(values)
    return np.where(magnitude == 0, -10_000, np.frexp(magnitude)[1] - 1)


def _truncated_sum(terms: np.ndarray, kept: int, top: np.ndarray | None = None) -> np.ndarray:
    """(N, T) finite terms -> (N,) exact sum after truncating each term toward zero to a multiple
    of 2^(E - kept), E the exponent of the largest nonzero term; +0 for a zero sum.

    Exact in float64: every truncated term is an integer times 2^(E - kept) below 2^(kept + 1), and
    T <= 33 of them (kept <= 27) stay below 2^53."""
    magnitude = np.abs(terms)
    if top is None:
        largest = magnitude.max(axis=1)
        top = np.where(largest > 0, np.frexp(largest)[1] - 1, 0)
    units = np.floor(magnitude * np.ldexp(1.0, kept - top)[:, None])
    units = np.where(terms < 0, -units, units)
    return np.ldexp(units.sum(axis=1), top - kept) + 0.0


UNIT = 48          # every product of two FP16 values, and every FP16 or FP32 sum of them, is a multiple of 2^-48
FORMATS = {"fp16": (11, -24, 65504.0), "fp32": (24, -149, float(np.finfo(np.float32).max))}


def _exact_rounded(terms: np.ndarray, accumulator: str, mode: str) -> np.ndarray:
    """(N, T) finite terms -> (N,) their exact sum rounded once to fp16/fp32 (integer arithmetic)."""
    precision, quantum_min, largest = FORMATS[accumulator]
    out = np.empty(terms.shape[0])
    for row, values in enumerate(terms):
        n = sum(int(v) for v in np.ldexp(values, UNIT))          # exact: each scaled term is an integer
        if n == 0:
            out[row] = 0.0
            continue
        exponent = abs(n).bit_length() - 1 - UNIT
        quantum = max(exponent - (precision - 1), quantum_min)
        shift = quantum + UNIT
        if shift <= 0:
            out[row] = float(n) * 2.0 ** -UNIT
            continue
        kept, rest = divmod(abs(n), 1 << shift)
        half = 1 << (shift - 1)
        if mode == "rne" and (rest > half or (rest == half and kept & 1)):
            kept += 1
        value = float(kept) * 2.0 ** quantum
        if value > largest:
            value = np.inf if mode == "rne" else largest
        out[row] = value if n > 0 else -value
    return out


def predict(model: Model, products: np.ndarray, bias: np.ndarray | None,
            operand_exponents: np.ndarray | None = None) -> np.ndarray:
    """(N, K) exact products and (N,) bias (or None) -> (N,) predicted FP16 bits.
    `operand_exponents` (N, K): e(x) + e(w) of each product, for models with exponent="operands"."""
    n, k = products.shape
    zero_bias = np.zeros(n) if bias is None else bias
    with np.errstate(invalid="ignore", over="ignore"):
        special = np.sum(products, axis=1) + zero_bias      # NaN / Inf where the inputs make them
    finite = np.isfinite(special)
    p = np.where(np.isfinite(products), products, 0.0)
    b = np.where(np.isfinite(zero_bias), zero_bias, 0.0)
    if model.kind == "exact":
        value = _exact_rounded(np.concatenate([p, b[:, None]], axis=1), "fp16", "rne")
    elif model.kind == "float32_sequential":
        acc = np.zeros(n, np.float32)
        p32 = p.astype(np.float32)
        for i in range(k):
            acc = (acc.astype(np.float64) + p32[:, i].astype(np.float64) * 1.0).astype(np.float32)
        acc = (acc + b.astype(np.float32)).astype(np.float32)
        value = acc.astype(np.float16).astype(np.float64)
    else:
        acc = b.copy() if (bias is not None and model.bias_at == "start") else np.zeros(n)
        acc = _round_to(acc, model.accumulator, "rne")
        for first in range(0, k, model.chunk):
            terms = np.concatenate([acc[:, None], p[:, first: first + model.chunk]], axis=1)
            if model.kept is None:
                acc = _exact_rounded(terms, model.accumulator, model.normalise)
                continue
            top = None
            if model.exponent == "operands":
                held = np.where(acc != 0, np.frexp(np.abs(acc))[1] - 1, -10_000)
                if model.held == "emin":
                    held = np.where((acc != 0) & (np.abs(acc) < 2.0 ** -14), -14, held)
                top = np.maximum(held, operand_exponents[:, first: first + model.chunk].max(axis=1))
                top = np.where(top < -9_000, 0, top)
            acc = _round_to(_truncated_sum(terms, model.kept, top), model.accumulator, model.normalise) + 0.0
        if bias is not None and model.bias_at == "end":
            acc = _round_to(acc + b, model.accumulator, model.normalise)
        with np.errstate(over="ignore"):
            value = acc.astype(np.float16).astype(np.float64)
    value = np.where(finite, value, special)
    bits = value.astype(np.float16).view(np.uint16)
    return np.where(np.isnan(value), CANONICAL_NAN16, bits)


CANDIDATES = [Model("emulator_f32_sequential", kind="float32_sequential"), Model("exact", kind="exact")]
for _chunk in (8, 16, 32):
    for _kept in (23, 24, 25, 26, 27, None):
        for _acc in ("fp32", "fp16"):
            for _norm in ("rz", "rne"):
                for _bias in ("start", "end"):
                    CANDIDATES.append(Model(f"c{_chunk}_k{_kept}_{_acc}_{_norm}_{_bias}", _chunk, _kept, _acc, _norm,
                                            _bias))
