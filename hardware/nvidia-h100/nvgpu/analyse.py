"""Analysis of the recorded run: layouts, sparse metadata, ldmatrix, cp.async (this file), and the
arithmetic (arith.py). Prints a report and writes small summaries into DATA_DIR.
"""
from __future__ import annotations

import json
import os
from collections import Counter

import dumps
import numpy as np
import ops as O

SENTINEL_BYTE = 0xA5


# ------------------------------------------------------------------------------------------------
# mma inputs/outputs as matrices (by the layouts in ops.py)
def split_words(op: O.MmaOp, words: np.ndarray):
    a = words[..., :op.na]
    b = words[..., op.na:op.na + op.nb]
    c = words[..., op.na + op.nb:op.na + op.nb + op.nc]
    e = words[..., op.na + op.nb + op.nc] if op.sparse else None
    return a, b, c, e


def lane_elems(op: O.MmaOp, words: np.ndarray):
    """per-lane element bits of A (stored), B, C, and the metadata words"""
    a, b, c, e = split_words(op, words)
    return O.unpack(a, op.atype), O.unpack(b, op.atype), O.unpack(c, op.ctype), e


def matrices(op: O.MmaOp, words: np.ndarray):
    """(A stored (cases, M, K or K/2), B (cases, K, N), C (cases, M, N), metadata (cases, 32))"""
    a, b, c, e = lane_elems(op, words)
    ar, ac = O.a_layout(op)
    br, bc = O.b_layout(op)
    cr, cc = O.c_layout(op)
    kst = op.k // 2 if op.sparse else op.k
    return (O.gather(a, ar, ac, (op.m, kst)), O.gather(b, br, bc, (op.k, op.n)),
            O.gather(c, cr, cc, (op.m, op.n)), e)


def d_matrix(op: O.MmaOp, out_words: np.ndarray) -> np.ndarray:
    cr, cc = O.c_layout(op)
    return O.gather(O.unpack(out_words, op.ctype), cr, cc, (op.m, op.n))


def decompress(op: O.MmaOp, a_stored: np.ndarray, meta: np.ndarray) -> np.ndarray:
    """sparse A (cases, M, K/2) of values + metadata words (cases, 32) -> dense A (cases, M, K)
    by the placement hypothesis (ops.meta_source); values at equal indices add up."""
    cases = a_stored.shape[0]
    ar, ac = O.a_layout(op)
    src, bit = O.meta_source(op)
    dense = np.zeros((cases, op.m, op.k), dtype=a_stored.dtype)
    for lane in range(32):
        for e in range(op.a_elems):
            row, cc = ar[lane, e], ac[lane, e]
            field = (meta[:, src[lane, e]].astype(np.int64) >> bit[lane, e])
            if op.atype == "tf32":
                nib = field & 0xF
                pos = np.where(nib == 0xE, 1, 0)           # 0x4: first element of the pair, 0xE: second
                col = 2 * cc + pos
            else:
                col = 4 * (cc // 2) + (field & 3)
            np.add.at(dense, (np.arange(cases), row, col), a_stored[:, row, cc])
    return dense


def exact_values(bits: np.ndarray, t: str) -> np.ndarray:
    v = O.from_bits(bits, t)
    return v.astype(np.int64) if t in ("s8", "u8", "s4", "u4", "s32") else v


def exact_product(op: O.MmaOp, words: np.ndarray) -> np.ndarray:
    """D = A B + C, exactly, for inputs whose products and sums are exact in float64 / int64"""
    a, b, c, e = matrices(op, words)
    av, bv, cv = exact_values(a, op.atype), exact_values(b, op.atype), exact_values(c, op.ctype)
    if op.sparse:
        av = decompress(op, av, e)
    return np.einsum("xmk,xkn->xmn", av, bv) + cv


def values_equal(pred: np.ndarray, obs: np.ndarray) -> np.ndarray:
    """elementwise: same value and same sign of zero (NaN equals NaN)"""
    both_nan = np.isnan(pred) & np.isnan(obs) if pred.dtype.kind == "f" else np.zeros(pred.shape, bool)
    same = (pred == obs) & (np.signbit(pred) == np.signbit(obs)) if pred.dtype.kind == "f" else pred == obs
    return same | both_nan


# ------------------------------------------------------------------------------------------------
def check_maps(jobs, ins, outs, report: list[str]) -> dict:
    """map/cmap/meta jobs: does D = A B + C with the layouts (and metadata placement) reproduce
    every output word?"""
    summary = {}
    for m, i, o in zip(jobs, ins, outs):
        if m["kind"] not in ("map", "cmap", "meta") or m["op"] not in O.MMA_OPS:
            continue
        op = O.MMA_OPS[m["op"]]
        pred = exact_product(op, i)
        obs = exact_values(d_matrix(op, o), op.ctype)
        if m["kind"] == "meta":                 # the last trial has undefined (equal-index) nibbles
            per = m["runs_per_trial"]
            defined = np.arange(m["warps"]) < per * (m["trials"] - 1)
            if op.atype == "tf32":
                defined[:] = True
            ok = values_equal(pred, obs)[defined]
        else:
            ok = values_equal(pred, obs)
        key = "{} {}".format(m["kind"], op.name)
        summary[key] = {"outputs": int(ok.size), "mismatches": int((~ok).sum()), "warps": m["warps"]}
        report.append("%-44s warps %5d  outputs %7d  mismatches %d" % (key, m["warps"], ok.size, (~ok).sum()))
    return summary


def find_meta_sources(jobs, ins, outs, report: list[str]) -> dict:
    """Model-free: for each stored A element (lane, element), which (lane, bit) of the metadata
    words holds the index the hardware used, across the defined random trials?"""
    result = {}
    for m, i, o in zip(jobs, ins, outs):
        if m["kind"] != "meta":
            continue
        op = O.MMA_OPS[m["op"]]
        per, trials = m["runs_per_trial"], m["trials"]
        ntr = trials if op.atype == "tf32" else trials - 1
        _a, _b, _c, e = matrices(op, i)
        d = exact_values(d_matrix(op, o), op.ctype)            # (warps, M, N)
        ar, ac = O.a_layout(op)
        dense = np.zeros((ntr, op.m, op.k))
        metas = np.zeros((ntr, 32), np.int64)
        for tr in range(ntr):
            for j in range(per):
                dense[tr, :, 8 * j:8 * j + 8] = d[tr * per + j]
            metas[tr] = e[tr * per]
        width = 4 if op.atype == "tf32" else 2
        # observed index of every stored element in every trial
        found = {}
        unique = 0
        hyp_ok = 0
        src_h, bit_h = O.meta_source(op)
        for lane in range(32):
            for el in range(op.a_elems):
                row, cc = ar[lane, el], ac[lane, el]
                if op.atype == "tf32":
                    chunk = dense[:, row, 2 * cc:2 * cc + 2]
                    idx = np.argmax(chunk != 0, axis=1)
                    want = np.where(idx == 1, 0xE, 0x4)
                else:
                    chunk = dense[:, row, 4 * (cc // 2):4 * (cc // 2) + 4]
                    slotval = cc % 2 + 1
                    idx = np.argmax(chunk == slotval, axis=1)
                    want = idx
                cands = []
                for sl in range(32):
                    for bit in range(0, 32, width):
                        field = (metas[:, sl] >> bit) & ((1 << width) - 1)
                        if np.array_equal(field, want):
                            cands.append((sl, bit))
                found[(lane, el)] = cands
                unique += len(cands) == 1
                hyp_ok += (int(src_h[lane, el]), int(bit_h[lane, el])) in cands
        n = 32 * op.a_elems
        result[op.name] = {"elements": n, "unique_source": unique, "hypothesis_consistent": hyp_ok,
                           "source_threads": sorted({v[0][0] % 4 for v in found.values() if len(v) == 1})}
        lanes_used = sorted({v[0][0] % 4 for v in found.values() if len(v) == 1})
        report.append("%-30s stored elements %4d: unique source %4d, hypothesis consistent %4d, source threads %s"
                      % (op.name, n, unique, hyp_ok, lanes_used))
    return result


def undefined_meta(jobs, ins, outs, report: list[str]) -> dict:
    """what the last trial's equal-index nibbles (0b0000, 0b0101, 0b1010, 0b1111) did"""
    res = {}
    for m, i, o in zip(jobs, ins, outs):
        if m["kind"] != "meta" or O.MMA_OPS[m["op"]].atype == "tf32":
            continue
        op = O.MMA_OPS[m["op"]]
        per, trials = m["runs_per_trial"], m["trials"]
        sl = slice(per * (trials - 1), per * trials)
        pred = exact_product(op, i[sl])                 # equal indices: both values added at that index
        obs = exact_values(d_matrix(op, o[sl]), op.ctype)
        ok = values_equal(pred, obs)
        res[op.name] = {"outputs": int(ok.size), "mismatches": int((~ok).sum())}
        report.append("%-30s undefined nibbles: 'both values at the one index' model: %d of %d outputs"
                      % (op.name, ok.sum(), ok.size))
    return res


# ------------------------------------------------------------------------------------------------
def check_ldmatrix(jobs, ins, outs, report: list[str]) -> dict:
    res = {}
    for m, i, o in zip(jobs, ins, outs):
        if m["kind"] != "ldmatrix":
            continue
        num = {60: 1, 61: 2, 62: 4, 63: 1, 64: 2, 65: 4}[m["op"]]
        trans = m["op"] >= 63
        offsets = i[:, :, 0].astype(np.int64)            # bytes
        lane = np.arange(32)
        pred = np.zeros(o.shape, np.int64)
        for q in range(num):
            if not trans:
                src = 8 * q + lane // 4                  # the lane whose address is the row
                base = offsets[:, src] // 2 + 2 * (lane % 4)
                lo, hi = base, base + 1
            else:
                lo = offsets[:, 8 * q + 2 * (lane % 4)] // 2 + lane // 4
                hi = offsets[:, 8 * q + 2 * (lane % 4) + 1] // 2 + lane // 4
            pred[:, :, q] = lo | (hi << 16)
        ok = pred == o.astype(np.int64)
        res[m["op_name"]] = {"cases": m["warps"], "registers": int(ok.size), "mismatches": int((~ok).sum())}
        report.append("%-20s cases %2d registers %5d mismatches %d" % (m["op_name"], m["warps"], ok.size, (~ok).sum()))
    return res


def pattern_bytes(offset: int, n: int) -> list[int]:
    return [((x ^ (x >> 8)) & 0xFF) for x in range(offset, offset + n)]


def check_cp_async(jobs, ins, outs, report: list[str], kind: str = "cp_async") -> dict:
    res = {}
    for m, i, o in zip(jobs, ins, outs):
        if m["kind"] != kind:
            continue
        cp = m["cp_size"]
        got = o.astype("<u4").view(np.uint8).reshape(o.shape[0], 32, 32)
        mism = 0
        rows = []
        for w in range(o.shape[0]):
            for lane in range(32):
                off, size = int(i[w, lane, 0]), int(i[w, lane, 1])
                exp = pattern_bytes(off, min(size, cp)) + [0] * max(0, cp - size) + [SENTINEL_BYTE] * (32 - cp)
                g = list(got[w, lane])
                if g != exp:
                    mism += 1
                    rows.append((off, size, bytes(g).hex()))
        res[m["op_name"]] = {"lanes": o.shape[0] * 32, "mismatches": mism, "examples": rows[:40]}
        report.append("%-16s %-20s lanes %3d mismatching lanes %d" % (kind, m["op_name"], o.shape[0] * 32, mism))
    return res


def describe_undefined_cp(jobs, ins, outs, report: list[str]) -> dict:
    """src-size > cp-size: which bytes were written"""
    res = {}
    for m, i, o in zip(jobs, ins, outs):
        cp = m["cp_size"]
        got = o.astype("<u4").view(np.uint8).reshape(o.shape[0], 32, 32)
        kinds = Counter()
        for lane in range(32):
            off = int(i[0, lane, 0])
            g = list(got[0, lane])
            exp_cp = pattern_bytes(off, cp) + [SENTINEL_BYTE] * (32 - cp)
            if g == exp_cp:
                kinds["copies cp-size bytes, nothing more"] += 1
            elif g[:cp] == pattern_bytes(off, cp):
                kinds["first cp-size bytes copied, bytes past cp-size changed"] += 1
            else:
                kinds["other: " + bytes(g).hex()] += 1
        res[m["op_name"]] = dict(kinds)
        report.append("cp_async src-size > cp-size %-16s %s" % (m["op_name"], dict(kinds)))
    return res


def check_groups(jobs, ins, outs, report: list[str], second: dict | None = None) -> dict:
    res = {}
    for m, i, o in zip(jobs, ins, outs):
        if m["kind"] != "group":
            continue
        wait = {80: None, 81: 0, 82: 1, 83: 2, 84: 3, 85: 3}[m["op"]]
        empty = m["op"] == 85
        runs = [o]
        if second is not None and ("job%d" % m["job"]) in second:
            runs.append(second["job%d" % m["job"]])
        first = np.concatenate([r[:, :, 0].reshape(-1) for r in runs])
        after = np.concatenate([r[:, :, 1].reshape(-1) for r in runs])
        groups = [0] if empty else [0, 1, 2, 3]
        landed = {g: float(((first >> g) & 1).mean()) for g in groups}
        must = [] if wait is None else [g for g in groups if g < 4 - wait]
        if empty:
            must = [0]
        violations = int(sum((((first >> g) & 1) == 0).sum() for g in must))
        all_after = bool(all((((after >> g) & 1) == 1).all() for g in groups))
        res[m["op_name"]] = {"lanes": int(first.size), "landed_fraction": landed, "must_have_landed": must,
                             "violations": violations, "all_landed_after_wait_group_0": all_after}
        report.append("%-18s lanes %5d landed at first read %s; must %s; violations %d; all after wait 0: %s"
                      % (m["op_name"], first.size, {g: round(v, 3) for g, v in landed.items()}, must, violations, all_after))
    return res


# ------------------------------------------------------------------------------------------------
def main(run_dir: str, data_dir: str) -> None:
    results = os.path.join(run_dir, "results.bin.gz")
    if not os.path.exists(results):
        results = os.path.join(run_dir, "results.bin")
    jobs, ins, outs = dumps.load(data_dir, results)
    report: list[str] = []
    summary: dict = {}
    report.append("== layouts (map, cmap) and metadata placement (meta): D = A B + C with ops.py's layouts")
    summary["layouts"] = check_maps(jobs, ins, outs, report)
    report.append("== sparse metadata: model-free source of each stored element's index")
    summary["metadata_sources"] = find_meta_sources(jobs, ins, outs, report)
    summary["metadata_undefined"] = undefined_meta(jobs, ins, outs, report)
    report.append("== ldmatrix")
    summary["ldmatrix"] = check_ldmatrix(jobs, ins, outs, report)
    report.append("== cp.async zero fill")
    summary["cp_async"] = check_cp_async(jobs, ins, outs, report)
    ub_path = os.path.join(data_dir, "results_ub.bin.gz")
    if os.path.exists(ub_path):
        with open(os.path.join(data_dir, "manifest.json")) as f:
            ub_jobs = json.load(f)["ub_jobs"]
        summary["cp_async_undefined"] = describe_undefined_cp(
            ub_jobs, dumps.read_jobs(os.path.join(data_dir, "jobs_ub.bin.gz")), dumps.read_results(ub_path), report)
    report.append("== cp.async groups")
    second_path = os.path.join(data_dir, "group_run2.npz")
    second = dict(np.load(second_path)) if os.path.exists(second_path) else None
    summary["groups"] = check_groups(jobs, ins, outs, report, second)
    import arith
    report.append("== arithmetic")
    summary["arithmetic"] = arith.analyse(jobs, ins, outs, report)
    extra_path = os.path.join(data_dir, "results_extra.bin.gz")
    if os.path.exists(extra_path):
        with open(os.path.join(data_dir, "manifest.json")) as f:
            extra_jobs = json.load(f)["extra_jobs"]
        report.append("== accumulator overflow (second run)")
        summary["overflow"] = arith.check_overflow(
            extra_jobs, dumps.read_jobs(os.path.join(data_dir, "jobs_extra.bin.gz")), dumps.read_results(extra_path), report)
    print("\n".join(report))
    with open(os.path.join(data_dir, "summary.json"), "w") as f:
        json.dump(summary, f, indent=1, default=str)
