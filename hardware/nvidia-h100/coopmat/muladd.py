"""Score the coopMatMulAdd runs against candidate accumulation models, exactly.

Float: the nvgpu probe's tensor-core model (hardware/nvidia-h100/nvgpu/arith.py `tc_model`): the
accumulator starts at C; K goes in blocks of L products; each block step truncates the block's
exact products and the accumulator to multiples of 2^(top - W) (top from the operands' exponents)
and rounds the exact sum to the accumulator type (RNE into f16, RZ into f32 for the measured
mma.sync). Candidates: L in {8, 16, 32, K}, W in {24, 25, 26}, RNE or RZ. Integers: wrap-around,
saturation once at the end, and saturation after every block of 16 or 32 products.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
from components import COMPONENTS
from rundump import Dump
from runs import hash_seed

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent / "nvgpu"), str(HERE / "nvgpu")]

INT_LIMITS = {"s32": (-(2 ** 31), 2 ** 31 - 1), "u32": (0, 2 ** 32 - 1)}
EMIN = {"f16": -14, "bf16": -126}


def inputs(meta: dict):
    from muladd_cases import muladd_cases

    seed = hash_seed("muladd", meta["a_type"], meta["c_type"], meta["saturating"], meta["m"], meta["n"], meta["k"],
                     meta["scope"])
    a, b, c, labels = muladd_cases(meta["a_type"], meta["c_type"], meta["m"], meta["n"], meta["k"],
                                   np.random.default_rng(seed))
    return a, b, c, labels


def observed(dump: Dump, name: str) -> np.ndarray:
    meta = dump.runs[name]
    return dump.array(name, 3, COMPONENTS[meta["c_type"]].dtype).reshape(meta["cases"], meta["m"], meta["n"])


def operand_exponents(x: np.ndarray, t: str) -> np.ndarray:
    _m, e = np.frexp(np.abs(x))
    return np.maximum(e - 1, EMIN[t])


def float_model(a, b, c, at: str, ct: str, block: int, window: int, rounding: str) -> np.ndarray:
    """(cases, m, n) model results (float64 values of ct)."""
    from arith import tc_model

    cases, m, k = a.shape
    n = b.shape[2]
    with np.errstate(invalid="ignore"):
        products = a[:, :, None, :] * np.transpose(b, (0, 2, 1))[:, None, :, :]       # (cases, m, n, k)
    ea = operand_exponents(a, at)[:, :, None, :]
    eb = operand_exponents(np.transpose(b, (0, 2, 1)), at)[:, None, :, :]
    exps = ea + eb
    flat_p = products.reshape(-1, k)
    flat_e = exps.reshape(-1, k)
    flat_c = c.reshape(-1).astype(np.float64)
    result = tc_model(flat_p, flat_e, flat_c, block, window, rounding, ct)
    return result.reshape(cases, m, n)


def same_bits(model: np.ndarray, gpu: np.ndarray, ct: str) -> np.ndarray:
    """Equal as the type's values, zero signs and NaN (any NaN) included."""
    dtype = COMPONENTS[ct].dtype
    mine = model.astype(dtype)
    both_nan = np.isnan(mine) & np.isnan(gpu)
    return both_nan | ((mine == gpu) & (np.signbit(mine) == np.signbit(gpu)))


def int_models(a, b, c, ct: str) -> dict[str, np.ndarray]:
    lo, hi = INT_LIMITS[ct]
    products = np.einsum("imk,ikn->imnk", a.astype(np.int64), b.astype(np.int64))
    k = products.shape[-1]
    models = {}
    exact = c.astype(np.int64) + products.sum(-1)
    span = hi - lo + 1
    models["wrap"] = (exact - lo) % span + lo
    models["saturate_once"] = np.clip(exact, lo, hi)
    for block in (8, 16, 32):
        if block >= k:
            continue
        acc = c.astype(np.int64)
        for s in range(0, k, block):
            acc = np.clip(acc + products[..., s:s + block].sum(-1), lo, hi)
        models[f"saturate_every_{block}"] = acc
    return models


def describe(dump: Dump, name: str) -> dict:
    meta = dump.runs[name]
    a, b, c, labels = inputs(meta)
    gpu = observed(dump, name)
    at, ct, k = meta["a_type"], meta["c_type"], meta["k"]
    scores = {}
    if ct in INT_LIMITS:
        for model, values in int_models(a, b, c, ct).items():
            scores[model] = int(np.sum(values == gpu.astype(np.int64)))
    else:
        finite = np.isfinite(gpu)

        def score(block: int, window: int, rounding: str) -> None:
            hits = same_bits(float_model(a, b, c, at, ct, block, window, rounding), gpu, ct)
            scores[f"L{block}_W{window}_{rounding}"] = int(np.sum(hits & finite))
        for block in sorted({8, 16, 32, k} & set(range(1, k + 1))):
            for rounding in ("rne", "rz"):
                score(block, 25, rounding)
        block, _, rounding = parse_model(max((v, key) for key, v in scores.items())[1])
        for window in (24, 26):                        # the window's neighbours, at the best block and rounding
            score(block, window, rounding)
        scores["finite_outputs"] = int(np.sum(finite))
    best = max((v, key) for key, v in scores.items() if key != "finite_outputs")
    per_family = {}
    if ct not in INT_LIMITS:
        model = float_model(a, b, c, at, ct, *parse_model(best[1]))
        hits = same_bits(model, gpu, ct)
        for i, family in enumerate(labels):
            good, total = per_family.get(family, (0, 0))
            per_family[family] = (good + int(hits[i].sum()), total + hits[i].size)
    return {"run": name, "a_type": at, "c_type": ct, "saturating": meta["saturating"], "m": meta["m"], "n": meta["n"],
            "k": k, "scope": meta["scope"], "outputs": int(gpu.size), "scores": scores, "best": best[1],
            "best_matches": best[0], "per_family": per_family}


def parse_model(text: str) -> tuple[int, int, str]:
    block, window, rounding = text.split("_")
    return int(block[1:]), int(window[1:]), rounding


def analyse(dump: Dump) -> list[dict]:
    return [describe(dump, name) for name in dump.ran("muladd")]
