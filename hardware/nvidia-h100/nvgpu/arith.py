"""Arithmetic of the recorded run: candidate models, exact, scored against every finite output.

Float models (`tc`): the accumulator starts at C; K goes in blocks of L products, in k order. Each
block step takes the accumulator and the block's exact products, finds E = the largest exponent
(floor log2 |t|) among the nonzero terms, truncates every term toward zero to a multiple of
2^(E - W), adds them exactly and rounds the sum to the output type (RNE or RZ). This is the model
measured for the H100's FP16 outer-product accumulate (docs/hardware-nvidia-h100-accumulate.md:
L = 8, W = 25, RNE to FP16). Everything is exact in float64: products of <= 24-bit significands,
and at most 17 truncated terms below 2^(W + 1) units each.
"""
from __future__ import annotations

from fractions import Fraction

import analyse as A
import numpy as np
import ops as O

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1


# ------------------------------------------------------------------------------------------------
def round_to(x: np.ndarray, fmt: str, mode: str) -> np.ndarray:
    """float64 -> values of fmt (f32 / f16) rounded RNE or RZ. Overflow under RZ: a magnitude below
    2^(emax + 1) gives the largest finite value, one at or above it Inf (as the H100's f32 path does:
    max + 3 * 2^102 -> max, max + 2^104 = 2^128 -> Inf)."""
    dt = np.float32 if fmt == "f32" else np.float16
    with np.errstate(over="ignore", invalid="ignore"):
        y = x.astype(dt)
        if mode == "rz":
            away = np.abs(y.astype(np.float64)) > np.abs(x)
            y = np.where(away, np.nextafter(y, dt(0)), y)
            limit = 2.0 ** (np.finfo(dt).maxexp)
            y = np.where(np.abs(x) >= limit, np.copysign(np.inf, x).astype(dt), y)
    return y.astype(np.float64)


def exponent(x: np.ndarray) -> np.ndarray:
    """floor(log2 |x|) for nonzero x (float64, exact), -10000 for zero"""
    _m, e = np.frexp(np.abs(x))
    return np.where(x == 0, -10000, e - 1)


def truncate(t: np.ndarray, top: np.ndarray, w: int) -> np.ndarray:
    """terms toward zero to multiples of 2^(top - w)"""
    scale = np.ldexp(1.0, (w - top).astype(np.int64))
    return np.trunc(t * scale) / scale


EMIN = {"f16": -14, "bf16": -126, "tf32": -126}


def tc_model(P: np.ndarray, E: np.ndarray, C: np.ndarray, L: int, W: int | None, mode: str, fmt: str,
             ref: str = "fields") -> np.ndarray:
    """P (n, K) exact products, E (n, K) their operands' exponent sums, C (n,) -> (n,) results.

    ref "fields": a product's alignment exponent is ea + eb, the operands' exponents (subnormals at
    the format's minimum exponent), whatever its significand product; ref "value": floor(log2 |p|).
    The accumulator's is floor(log2 |acc|). W None: no truncation (the exact sum, rounded once)."""
    K = P.shape[-1]
    acc = C.copy()
    for s in range(0, K, L):
        p = P[:, s:s + L]
        terms = np.concatenate([acc[:, None], p], axis=1)
        if W is not None:
            pe = exponent(p) if ref == "value" else np.where(p == 0, -10000, E[:, s:s + L])
            top = np.maximum(pe.max(axis=1), exponent(acc))
            terms = truncate(terms, np.maximum(top, -900)[:, None], W)
        acc = round_to(terms.sum(axis=1), fmt, mode)
    return acc


def float_models(op: O.MmaOp) -> dict[str, dict]:
    fmt = op.ctype
    models = {}
    blocks = sorted({L for L in (4, 8, 16, 32) if L <= op.k} | {op.k})
    for L in blocks:
        for W in (23, 24, 25, 26, 27):
            for ref in ("fields", "value"):
                for mode in ("rne", "rz"):
                    models["tc_L%d_W%d_%s_%s" % (L, W, ref, mode)] = {"L": L, "W": W, "mode": mode, "fmt": fmt, "ref": ref}
    for mode in ("rne", "rz"):
        models[f"exact_{mode}"] = {"L": op.k, "W": None, "mode": mode, "fmt": fmt, "ref": "value"}
    return models


# ------------------------------------------------------------------------------------------------
def float_data(op: O.MmaOp, jobs, ins, outs, kinds: tuple[str, ...], finite_outputs: bool = True):
    """(products (n, K), exponent sums (n, K), C (n,), observed (n,)) over the finite outputs of
    the jobs of these kinds"""
    Ps, Es, Cs, Ds = [], [], [], []
    for m, i, o in zip(jobs, ins, outs):
        if m["op"] != op.id or m["kind"] not in kinds:
            continue
        a, b, c, e = A.matrices(op, i)
        av, bv, cv = (O.from_bits(a, op.atype), O.from_bits(b, op.atype), O.from_bits(c, op.ctype))
        if op.sparse:
            av = A.decompress(op, av, e)
        d = O.from_bits(A.d_matrix(op, o), op.ctype)
        ea = np.maximum(exponent(av), EMIN[op.atype])
        eb = np.maximum(exponent(bv), EMIN[op.atype])
        P = av[:, :, None, :] * np.swapaxes(bv, 1, 2)[:, None, :, :]      # (cases, M, N, K)
        E = ea[:, :, None, :] + np.swapaxes(eb, 1, 2)[:, None, :, :]
        Ps.append(P.reshape(-1, op.k)); Es.append(E.reshape(-1, op.k))
        Cs.append(cv.reshape(-1)); Ds.append(d.reshape(-1))
    if not Ps:
        return None
    P, E, C, D = (np.concatenate(x) for x in (Ps, Es, Cs, Ds))
    finite = np.isfinite(P).all(axis=1) & np.isfinite(C) & (np.isfinite(D) | (not finite_outputs))
    return P[finite], E[finite], C[finite], D[finite]


def score_float(op: O.MmaOp, data) -> dict[str, int]:
    P, E, C, D = data
    out = {}
    for name, kw in float_models(op).items():
        pred = tc_model(P, E, C, kw["L"], kw["W"], kw["mode"], kw["fmt"], kw["ref"])
        out[name] = int((pred == D).sum())          # values; the sign of zero is looked at separately
    return out


# ------------------------------------------------------------------------------------------------
def fma(a: float, b: float, c: float) -> float:
    return float(Fraction(a) * Fraction(b) + Fraction(c))


def f64_models(a: np.ndarray, b: np.ndarray, c: float) -> dict[str, float]:
    """one output: a, b (K,) floats, c float"""
    K = len(a)
    out = {}
    acc = c
    for k in range(K):
        acc = fma(a[k], b[k], acc)
    out["fma_chain_k_up"] = acc
    acc = c
    for k in reversed(range(K)):
        acc = fma(a[k], b[k], acc)
    out["fma_chain_k_down"] = acc
    out["exact_once"] = float(sum((Fraction(x) * Fraction(y) for x, y in zip(a, b)), Fraction(c)))
    acc = float(Fraction(a[0]) * Fraction(b[0]))
    for k in range(1, K):
        acc = fma(a[k], b[k], acc)
    out["fma_chain_c_last"] = float(Fraction(acc) + Fraction(c))
    p = [float(Fraction(x) * Fraction(y)) for x, y in zip(a, b)]
    acc = c
    for k in range(K):
        acc = float(Fraction(acc) + Fraction(p[k]))
    out["mul_then_add_k_up"] = acc
    pair = [fma(a[2 * j], b[2 * j], float(Fraction(a[2 * j + 1]) * Fraction(b[2 * j + 1]))) for j in range(K // 2)]
    s = pair[0]
    for x in pair[1:]:
        s = float(Fraction(s) + Fraction(x))
    out["pairwise_then_c"] = float(Fraction(s) + Fraction(c))
    return out


def score_f64(op: O.MmaOp, jobs, ins, outs) -> dict:
    counts: dict[str, int] = {}
    total = 0
    for m, i, o in zip(jobs, ins, outs):
        if m["op"] != op.id or m["kind"] not in ("arith_rows", "arith_random"):
            continue
        a, b, c, _ = A.matrices(op, i)
        av, bv, cv = O.from_bits(a, "f64"), O.from_bits(b, "f64"), O.from_bits(c, "f64")
        d = O.from_bits(A.d_matrix(op, o), "f64")
        for x in range(av.shape[0]):
            for r in range(op.m):
                for n in range(op.n):
                    if not (np.isfinite(av[x, r]).all() and np.isfinite(bv[x, :, n]).all() and np.isfinite(cv[x, r, n])
                            and np.isfinite(d[x, r, n])):
                        continue
                    try:
                        preds = f64_models(list(av[x, r]), list(bv[x, :, n]), float(cv[x, r, n]))
                    except OverflowError:
                        continue
                    total += 1
                    for k, v in preds.items():
                        counts[k] = counts.get(k, 0) + int(v == d[x, r, n])
    return {"outputs": total, "consistent": counts}


# ------------------------------------------------------------------------------------------------
def int_models(av: np.ndarray, bv: np.ndarray, cv: np.ndarray, K: int) -> dict[str, np.ndarray]:
    P = av[:, :, None, :] * np.swapaxes(bv, 1, 2)[:, None, :, :]          # int64 (cases, M, N, K)
    S = cv + P.sum(axis=-1)
    out = {"wrap": ((S - INT32_MIN) % 2**32) + INT32_MIN, "saturate_once": np.clip(S, INT32_MIN, INT32_MAX)}
    for L in sorted({1, 8, 16, 32, K}):
        if L > K:
            continue
        acc = cv.copy()
        for s in range(0, K, L):
            acc = np.clip(acc + P[..., s:s + L].sum(axis=-1), INT32_MIN, INT32_MAX)
        out["saturate_every_%d" % L] = acc
    return out


def score_int(op: O.MmaOp, jobs, ins, outs) -> dict:
    counts: dict[str, int] = {}
    total = 0
    overflow = 0
    for m, i, o in zip(jobs, ins, outs):
        if m["op"] != op.id or m["kind"] not in ("arith_int", "arith_sparse"):
            continue
        a, b, c, e = A.matrices(op, i)
        av, bv, cv = A.exact_values(a, op.atype), A.exact_values(b, op.atype), A.exact_values(c, "s32")
        if op.sparse:
            av = A.decompress(op, av, e)
        d = A.exact_values(A.d_matrix(op, o), "s32")
        preds = int_models(av, bv, cv, op.k)
        total += d.size
        overflow += int((preds["wrap"] != preds["saturate_once"]).sum())
        for k, v in preds.items():
            counts[k] = counts.get(k, 0) + int((v == d).sum())
    return {"outputs": total, "overflowing": overflow, "consistent": counts}


# ------------------------------------------------------------------------------------------------
def tf32_candidates(bits: np.ndarray) -> dict[str, np.ndarray]:
    b = bits.astype(np.uint64) & np.uint64(0xFFFFFFFF)
    low = b & np.uint64(0x1FFF)
    trunc = b & np.uint64(0xFFFFE000)
    half = np.uint64(0x1000)
    lsb = (b >> np.uint64(13)) & np.uint64(1)
    up_rne = (low > half) | ((low == half) & (lsb == 1))
    up_rna = low >= half
    nonfinite = (b & np.uint64(0x7F800000)) == np.uint64(0x7F800000)
    out = {"truncate": trunc}
    for name, up in (("rne", up_rne), ("rna", up_rna)):
        r = np.where(up & ~nonfinite, trunc + np.uint64(0x2000), trunc)
        out[name] = r
    out["none"] = b
    sub = (b & np.uint64(0x7F800000)) == 0
    for k in list(out):
        out[k + "_ftz"] = np.where(sub, b & np.uint64(0x80000000), out[k])
    return out


def score_tf32(op: O.MmaOp, jobs, ins, outs) -> dict:
    res = {}
    for m, i, o in zip(jobs, ins, outs):
        if m["op"] != op.id or not m["kind"].startswith("tf32_convert"):
            continue
        a, b, _c, _ = A.matrices(op, i)
        d = A.d_matrix(op, o)
        if m["kind"] == "tf32_convert_a":
            src = np.stack([a[:, :, n % op.k] for n in range(op.n)], axis=2)        # (cases, M, N)
            rowfinite = np.isfinite(O.from_bits(a, "f32")).all(axis=2)[:, :, None].repeat(op.n, 2)
        else:
            src = np.stack([b[:, r % op.k, :] for r in range(op.m)], axis=1)
            rowfinite = np.isfinite(O.from_bits(b, "f32")).all(axis=1)[:, None, :].repeat(op.m, 1)
        cands = tf32_candidates(src)
        obs = d.astype(np.uint64)
        fin = rowfinite
        res[m["kind"]] = {"outputs": int(fin.sum()), "consistent": {k: int(((v == obs) & fin).sum()) for k, v in cands.items()}}
        # non-finite inputs: what came out where the operand itself was the only non-finite one
        nf = []
        for x in range(src.shape[0]):
            for r in range(op.m):
                for n in range(op.n):
                    if not fin[x, r, n]:
                        nf.append(f"{int(src[x, r, n]):08x}->{int(obs[x, r, n]):08x}")
        res[m["kind"]]["nonfinite_rows_examples"] = sorted(set(nf))[:24]
    return res


# ------------------------------------------------------------------------------------------------
def specials(op: O.MmaOp, jobs, ins, outs) -> dict:
    """observed result bits for the labelled special rows: {label: sorted distinct hex values}"""
    res: dict[str, set] = {}
    for m, i, o in zip(jobs, ins, outs):
        if m["op"] != op.id or m["kind"] != "arith_special":
            continue
        d = A.d_matrix(op, o)
        width = {"f16": 4, "f32": 8, "f64": 16}[op.ctype]
        for x, labels in enumerate(m["rows"]):
            for r, lab in enumerate(labels):
                if lab == "random":
                    continue
                vals = " ".join("%0*x" % (width, int(v)) for v in d[x, r])
                res.setdefault(lab, set()).add("case%d: %s" % (x, vals))
    return {k: sorted(v) for k, v in res.items()}


def zero_signs(op: O.MmaOp, jobs, ins, outs) -> dict:
    """outputs that are zero: how many +0 / -0, split by whether the exact sum's terms were all -0"""
    cnt = {"plus": 0, "minus": 0}
    for m, i, o in zip(jobs, ins, outs):
        if m["op"] != op.id or m["kind"] not in ("arith_rows", "arith_random"):
            continue
        d = O.from_bits(A.d_matrix(op, o), op.ctype)
        z = d == 0
        cnt["plus"] += int((z & ~np.signbit(d)).sum())
        cnt["minus"] += int((z & np.signbit(d)).sum())
    return cnt


# ------------------------------------------------------------------------------------------------
def check_overflow(jobs, ins, outs, report: list[str]) -> dict:
    """the second run: D = C + p (+ p) around the overflow point, every output (Inf included)"""
    res = {}
    for m, i, o in zip(jobs, ins, outs):
        op = O.MMA_OPS[m["op"]]
        P, E, C, D = float_data(op, [m], [i], [o], ("arith_overflow",), finite_outputs=False)
        L = op.k
        pred = tc_model(P, E, C, L, 25, "rne" if op.ctype == "f16" else "rz", op.ctype)
        ok = (pred == D) | (np.isnan(pred) & np.isnan(D))
        res[op.name] = {"outputs": int(ok.size), "infinite": int(np.isinf(D).sum()), "mismatches": int((~ok).sum())}
        report.append("%-28s overflow outputs %4d (Inf %3d): model mismatches %d" % (
            op.name, ok.size, np.isinf(D).sum(), (~ok).sum()))
    return res


def analyse(jobs, ins, outs, report: list[str]) -> dict:
    summary = {}
    for op in O.MMA_OPS.values():
        s: dict = {}
        if op.ctype == "s32":
            s["int"] = score_int(op, jobs, ins, outs)
            report.append("%-28s int outputs %5d (overflowing %4d): %s" % (
                op.name, s["int"]["outputs"], s["int"]["overflowing"],
                ", ".join("%s %d" % kv for kv in sorted(s["int"]["consistent"].items()))))
        elif op.ctype == "f64":
            s["f64"] = score_f64(op, jobs, ins, outs)
            s["specials"] = specials(op, jobs, ins, outs)
            report.append("%-28s f64 outputs %5d: %s" % (op.name, s["f64"]["outputs"], s["f64"]["consistent"]))
        else:
            kinds = ("arith_sparse",) if op.sparse else ("arith_rows", "arith_random")
            data = float_data(op, jobs, ins, outs, kinds)
            sc = score_float(op, data)
            n = len(data[3])
            full = sorted(k for k, v in sc.items() if v == n)
            top = sorted(sc.items(), key=lambda kv: -kv[1])[:6]
            s["float"] = {"outputs": n, "consistent": sc, "fits_all": full}
            s["zero_signs"] = zero_signs(op, jobs, ins, outs)
            if not op.sparse:
                s["specials"] = specials(op, jobs, ins, outs)
            report.append("%-28s float outputs %5d; fit all: %s; best: %s" % (
                op.name, n, full or "-", ", ".join("%s %d" % kv for kv in top)))
            if op.atype == "tf32" and not op.sparse:
                s["tf32_conversion"] = score_tf32(op, jobs, ins, outs)
                for k, v in s["tf32_conversion"].items():
                    report.append("   %s: outputs %d: %s" % (k, v["outputs"], v["consistent"]))
        summary[op.name] = s
    return summary
