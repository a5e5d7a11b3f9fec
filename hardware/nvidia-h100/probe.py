#!/usr/bin/env python3
"""Cases, job file and analysis for the H100 accumulation probe (vkaccum.c).

  probe.py jobs OUT_DIR            write OUT_DIR/jobs.bin (deterministic: fixed seeds)
  probe.py analyse RUN_DIR DATA_DIR read RUN_DIR/{results.bin,maps.bin}, write the TSVs to DATA_DIR (~20 min)
  probe.py orders RUN_DIR           exhaustive atomic-order check of the 8-workgroup OPA case

Every case is one accumulation target (a 16x16 matrix for OPA, a 16-element array for VA).  The
contribution of invocation g to element (i, j) is A[g][i] * B[g][j] (OPA) or A[g][i] (VA), computed
exactly; the models in models.py predict the final memory bits from those contributions."""
from fractions import Fraction as Fr
import os
import random
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from models import (F16, F32, INF, h2v, v2h, f2v, rnd, mul, add, make_models, predict_set,  # noqa: E402
                    bits_of, bits_is_nan, MAIN_MODELS)

KIND = {"opa16": 0, "va16": 1, "opa32": 2, "va32": 3}
P2 = lambda e: Fr(2) ** e  # noqa: E731
NAN_PAYLOAD = 0x7E01  # a quiet NaN with a payload bit, to see whether payloads survive

# ------------------------------------------------------------------ patterns
# A pattern is a dict {invocation index within the case: value}; value is a Fraction, a signed
# float zero / inf, or the string "nan".  Missing invocations hold +0.

ROWS_P = [  # single wave, memory +0
    ("2048+1+2^-20", {0: Fr(2048), 1: Fr(1), 2: P2(-20)}),
    ("1+31x2^-12", dict([(0, Fr(1))] + [(l, P2(-12)) for l in range(1, 32)])),
    ("1+2^-11+30x2^-24 (big first)", dict([(0, Fr(1)), (1, P2(-11))] + [(l, P2(-24)) for l in range(2, 32)])),
    ("30x2^-24+1+2^-11 (big last)", dict([(l, P2(-24)) for l in range(0, 30)] + [(30, Fr(1)), (31, P2(-11))])),
    ("2048+2^-14-2048", {0: Fr(2048), 1: P2(-14), 2: Fr(-2048)}),
    ("1+2^-11 (tie)", {0: Fr(1), 1: P2(-11)}),
    ("(1+2^-10)+2^-11 (tie, odd)", {0: 1 + P2(-10), 1: P2(-11)}),
    ("1-2^-12 (tie below 1)", {0: Fr(1), 1: -P2(-12)}),
    ("65504+16 (overflow tie)", {0: Fr(65504), 1: Fr(16)}),
    ("65504+15", {0: Fr(65504), 1: Fr(15)}),
    ("32x(-0)", {l: -0.0 for l in range(32)}),
    ("32x2^-14", {l: P2(-14) for l in range(32)}),
    ("2048+31x1", dict([(0, Fr(2048))] + [(l, Fr(1)) for l in range(1, 32)])),
    ("NaN in lane 5 (+1s)", dict([(l, Fr(1)) for l in range(32)] + [(5, "nan")])),
    ("+Inf lane0, -Inf lane1", {0: INF, 1: -INF}),
    ("+Inf lane3, 1s", dict([(l, Fr(1)) for l in range(32)] + [(3, INF)])),
]
COLS_S = [Fr(1), P2(-1), P2(-4), P2(-10), P2(-14), P2(-16), P2(-20), P2(-24), Fr(2), Fr(16), Fr(256),
          Fr(3, 4), Fr(-1), P2(-12), P2(-8), Fr(3, 2)]

ROWS_Q = [  # single wave, memory != 0: (name, memory, pattern)
    ("mem 2048 + (1+2^-20)", Fr(2048), {0: Fr(1), 1: P2(-20)}),
    ("mem 1 + (2^-11+2^-24)", Fr(1), {0: P2(-11), 1: P2(-24)}),
    ("mem 1 + 31x2^-12", Fr(1), dict((l, P2(-12)) for l in range(1, 32))),
    ("mem -0 + 32x(-0)", -0.0, {l: -0.0 for l in range(32)}),
    ("mem -0 + 32x(+0)", -0.0, {}),
    ("mem -0 + (1-1)", -0.0, {0: Fr(1), 1: Fr(-1)}),
    ("mem 65504 + 16", Fr(65504), {0: Fr(16)}),
    ("mem 65504 + 8+8", Fr(65504), {0: Fr(8), 1: Fr(8)}),
    ("mem +Inf + (-1)", INF, {0: Fr(-1)}),
    ("mem NaN(0x7E01) + 1", "nan", {0: Fr(1)}),
    ("mem +Inf + (-Inf)", INF, {0: -INF}),
    ("mem 2^-24 + 2^-24", P2(-24), {0: P2(-24)}),
    ("mem 1 + (-1)", Fr(1), {0: Fr(-1)}),
    ("mem -1 + 1", Fr(-1), {0: Fr(1)}),
    ("mem 2050 + (-1+2^-20)", Fr(2050), {0: Fr(-1), 1: P2(-20)}),
    ("mem 1 + 2^-11 (tie)", Fr(1), {0: P2(-11)}),
]
COLS_Q = [Fr(1), P2(-1), P2(-4), P2(-10), P2(-14), P2(-20), P2(-24), Fr(2), Fr(16), Fr(256), Fr(-1), Fr(3, 4),
          P2(-8), P2(-12), Fr(3, 2), Fr(4)]

ROWS_MW64 = [  # workgroup of 64 (2 waves)
    ("w0: 1 | w1: 2^-11+2^-22", {0: Fr(1), 32: P2(-11), 33: P2(-22)}),
    ("w0: 2048 | w1: 1+2^-20", {0: Fr(2048), 32: Fr(1), 33: P2(-20)}),
    ("64x1", {l: Fr(1) for l in range(64)}),
    ("w0: 1+31x2^-12 | w1: 32x2^-12", dict([(0, Fr(1))] + [(l, P2(-12)) for l in range(1, 64)])),
    ("w0: 2048 | w1: 2+2^-20", {0: Fr(2048), 32: Fr(2), 33: P2(-20)}),
    ("w0: 1 | w1: 2^-11 (tie)", {0: Fr(1), 32: P2(-11)}),
    ("w0: 1+2^-11 | w1: 2^-24", {0: Fr(1), 1: P2(-11), 32: P2(-24)}),
    ("w0: 32x(-0) | w1: 32x(-0)", {l: -0.0 for l in range(64)}),
] + [("64 lanes random", "rand")] * 8
ROWS_MW128 = [  # workgroup of 128 (4 waves)
    ("2048 | 1 | 1 | 1", {0: Fr(2048), 32: Fr(1), 64: Fr(1), 96: Fr(1)}),
    ("1 | 2^-11 | 2^-22 | 2^-22", {0: Fr(1), 32: P2(-11), 64: P2(-22), 96: P2(-22)}),
    ("128x1", {l: Fr(1) for l in range(128)}),
    ("1 | 2^-11 | 0 | 0", {0: Fr(1), 32: P2(-11)}),
    ("w0: 2048 | w1..3: 1+2^-20", {0: Fr(2048), 32: Fr(1), 33: P2(-20), 64: Fr(1), 65: P2(-20), 96: Fr(1), 97: P2(-20)}),
    ("1 | 2^-11 | 2^-24 | -2^-24", {0: Fr(1), 32: P2(-11), 64: P2(-24), 96: -P2(-24)}),
] + [("128 lanes random", "rand")] * 10
ROWS_XW = [  # 8 workgroups of 32 targeting one matrix
    ("wg0: 2048 | wg1..7: 1", dict([(0, Fr(2048))] + [(32 * w, Fr(1)) for w in range(1, 8)])),
    ("wg0: 1 | wg1: 2^-11 | wg2..7: 2^-22", dict([(0, Fr(1)), (32, P2(-11))] + [(32 * w, P2(-22)) for w in range(2, 8)])),
    ("256x1", {l: Fr(1) for l in range(256)}),
    ("1 + 255x2^-12", dict([(0, Fr(1))] + [(l, P2(-12)) for l in range(1, 256)])),
    ("wg0..7: 2048 then -2048 ... alternating", dict((32 * w, Fr(2048) if w % 2 == 0 else Fr(-2048)) for w in range(8))),
    ("wg0: 2048 | wg1..7: 1, 2^-20", dict([(0, Fr(2048))] + [(32 * w, Fr(1)) for w in range(1, 8)] + [(32 * w + 1, P2(-20)) for w in range(1, 8)])),
] + [("256 lanes random", "rand")] * 10


def cval(v):
    return v


def to_bits16(v):
    if v == "nan":
        return NAN_PAYLOAD
    return v2h(rnd(v, F16) if not isinstance(v, float) else v)


def rand_h(rng, elo, ehi):
    """a random FP16 value: random sign, exponent in [elo, ehi], random mantissa"""
    e = rng.randint(elo, ehi)
    m = rng.randint(0, 1023)
    v = (1 + Fr(m, 1024)) * P2(e)
    return v if rng.random() < 0.5 else -v


class Target:
    """one accumulation target: name, description, init bits, and per-invocation (a, b) rows"""

    def __init__(self, name, fmt, nel, init_bits, row_desc=None):
        self.name, self.fmt, self.nel, self.init, self.row_desc = name, fmt, nel, init_bits, row_desc or []


class Job:
    def __init__(self, name, op, variant, wg, wgPerCase, repeats):
        self.name, self.op, self.variant, self.wg, self.wgPerCase, self.repeats = name, op, variant, wg, wgPerCase, repeats
        self.fmt = F32 if op.endswith("32") else F16
        self.isVA = op.startswith("va")
        self.nel = 16 if self.isVA else 256
        self.es = 4 if self.fmt is F32 else 2
        self.stride = 256 if self.isVA else (1024 if self.fmt is F32 else 512)
        self.targets = []
        self.A, self.B, self.X = [], [], []  # per invocation: 16 bits, 16 bits, u32
        self.target_of = []  # per invocation: target index or None (inactive)

    @property
    def module(self):
        return "%s%s_wg%d" % (self.op, self.variant, self.wg)

    def add_case(self, target, A, B, active=None):
        """append one case's invocations (variants u / m): len(A) == wg * wgPerCase"""
        assert len(A) == self.wg * self.wgPerCase == len(B)
        ti = len(self.targets)
        self.targets.append(target)
        for g in range(len(A)):
            act = True if active is None else active[g]
            self.A.append(A[g])
            self.B.append(B[g])
            self.X.append(1 if act else 0)
            self.target_of.append(ti if act else None)

    def numWG(self):
        return len(self.A) // self.wg

    def write(self, f):
        hdr = struct.pack("<32s9I", self.module.encode(), KIND[self.op], self.wg, self.numWG(),
                          self.wgPerCase, len(self.targets), self.repeats, 16, 16, self.stride)
        f.write(hdr)
        for rows in (self.A, self.B):
            f.write(struct.pack("<%dH" % (16 * len(rows)), *[x for r in rows for x in r]))
        f.write(struct.pack("<%dI" % len(self.X), *self.X))
        for t in self.targets:
            assert len(t.init) == self.nel
            f.write(struct.pack("<%d%s" % (self.nel, "I" if self.fmt is F32 else "H"), *t.init))


def enc(v, fmt):
    if v == "nan":
        return NAN_PAYLOAD if fmt is F16 else 0x7FC00001
    if isinstance(v, float):
        return bits_of(v, fmt)
    return bits_of(rnd(v, fmt), fmt)


def rowcol_case(job, name, rows, cols, mems=None, ninv=None, seed=0):
    """OPA: A[g][i] = rows[i][g], B[g][j] = cols[j]; memory (i, j) = mems[i] * cols[j]"""
    ninv = ninv or job.wg * job.wgPerCase
    rng = random.Random(seed)
    A = [[0] * 16 for _ in range(ninv)]
    B = [[to_bits16(c) for c in cols] for _ in range(ninv)]
    desc = []
    for i, (rname, pat) in enumerate(rows):
        if pat == "rand":
            pat = {g: rand_h(rng, -8, 4) for g in range(ninv)}
            rname = "%s (seed %d row %d)" % (rname, seed, i)
        for g, v in pat.items():
            A[g][i] = to_bits16(v)
        desc.append(rname)
    init = []
    for i in range(16):
        for j in range(16):
            m = 0.0 if mems is None else mems[i]
            if m == "nan":
                init.append(enc("nan", job.fmt))
            else:
                init.append(enc(mul(m, cols[j]) if not (isinstance(m, float) and m == 0.0) else
                                (m if cols[j] > 0 else -m), job.fmt))
    job.add_case(Target(name, job.fmt, 256, init, desc), A, B)


def tie_case(job, name, big_pos, big, mid, small_a, tcols, seed, ninv=32):
    """OPA near a rounding midpoint: big + mid is a midpoint of the memory type; the other lanes add
    small terms a * b with a random in +-[2^lo, 2^hi], b = +-2^-t_j; whether the tiny excess survives
    shows how the sum is formed.  big = (a, b), mid = (a, b)."""
    rng = random.Random(seed)
    A = [[0] * 16 for _ in range(ninv)]
    B = [[0] * 16 for _ in range(ninv)]
    p0, p1 = big_pos
    for i in range(16):
        for g in range(ninv):
            if g == p0:
                A[g][i] = to_bits16(big[0])
            elif g == p1:
                A[g][i] = to_bits16(mid[0])
            else:
                A[g][i] = to_bits16(rand_h(rng, small_a[0], small_a[1]))
    for j in range(16):
        for g in range(ninv):
            if g == p0:
                B[g][j] = to_bits16(big[1])
            elif g == p1:
                B[g][j] = to_bits16(mid[1])
            else:
                B[g][j] = to_bits16(P2(-tcols[j]) if rng.random() < 0.5 else -P2(-tcols[j]))
    init = [enc(0.0, job.fmt)] * 256
    desc = ["big lane %d = %s, mid lane %d = %s, small a in +-[2^%d,2^%d), b = +-2^-t, t = %s" % (
        p0, big, p1, mid, small_a[0], small_a[1] + 1, ",".join(map(str, tcols)))]
    job.add_case(Target(name, job.fmt, 256, init, desc), A, B)


def random_case(job, name, seed, perm=None, ninv=32, elo=-6, ehi=4):
    rng = random.Random(seed)
    A = [[to_bits16(rand_h(rng, elo, ehi)) for _ in range(16)] for _ in range(ninv)]
    B = [[to_bits16(rand_h(rng, elo, ehi)) for _ in range(16)] for _ in range(ninv)]
    if perm:
        A = [A[perm[g]] for g in range(ninv)]
        B = [B[perm[g]] for g in range(ninv)]
    init = [enc(0.0, job.fmt)] * (16 if job.isVA else 256)
    job.add_case(Target(name, job.fmt, job.nel, init, ["random a, b: exponents %d..%d, seed %d, perm %s" % (
        elo, ehi, seed, "none" if not perm else "lane g <- %s" % perm[:4])]), A, B)


def va_case(job, name, elems, scale, mems=None, ninv=None, seed=0):
    """VA: A[g][i] = elems[i][g] * scale; memory i = mems[i] * scale"""
    ninv = ninv or job.wg * job.wgPerCase
    rng = random.Random(seed)
    A = [[0] * 16 for _ in range(ninv)]
    B = [[0] * 16 for _ in range(ninv)]
    desc = []
    for i, (ename, pat) in enumerate(elems):
        if pat == "rand":
            pat = {g: rand_h(rng, -8, 4) for g in range(ninv)}
        for g, v in pat.items():
            if v == "nan" or isinstance(v, float):
                A[g][i] = to_bits16(v if v == "nan" or scale > 0 or v != v else -v)
            else:
                A[g][i] = to_bits16(v * scale)
        desc.append("%s, x%s" % (ename, scale))
    init = []
    for i in range(16):
        m = 0.0 if mems is None else mems[i]
        if m == "nan":
            init.append(enc("nan", job.fmt))
        elif isinstance(m, float):
            init.append(enc(m if (scale > 0 or m != m or m in (INF, -INF)) else -m, job.fmt) if m != 0.0 else
                        enc(m if scale > 0 else -m, job.fmt))
        else:
            init.append(enc(m * scale, job.fmt))
    job.add_case(Target(name, job.fmt, 16, init, desc), A, B)


def va_tie_case(job, name, big_pos, big, mid, elo_list, seed, ninv=32):
    rng = random.Random(seed)
    A = [[0] * 16 for _ in range(ninv)]
    B = [[0] * 16 for _ in range(ninv)]
    for i in range(16):
        for g in range(ninv):
            if g == big_pos[0]:
                v = big
            elif g == big_pos[1]:
                v = mid
            else:
                v = rand_h(rng, elo_list[i], elo_list[i])
            A[g][i] = to_bits16(v)
    init = [enc(0.0, job.fmt)] * 16
    job.add_case(Target(name, job.fmt, 16, init, ["big %s at %d, mid %s at %d, small exponents %s" % (
        big, big_pos[0], mid, big_pos[1], elo_list)]), A, B)


def build_jobs():
    jobs = []
    # ---- OPA FP16, one wave per target
    j = Job("opa16_wave", "opa16", "u", 32, 1, 3)
    rowcol_case(j, "P: patterns x scales, memory 0", ROWS_P, COLS_S)
    rowcol_case(j, "Q: memory != 0", [(n, p) for n, m, p in ROWS_Q], COLS_Q, mems=[m for n, m, p in ROWS_Q])
    tcols = [0, 2, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 18, 20, 24]
    for k, pos in enumerate([(0, 1), (30, 31), (0, 16), (15, 16), (5, 27)]):
        tie_case(j, "T%d: tie at 1+2^-11, big lanes %s" % (k, pos), pos, (Fr(1), Fr(1)), (P2(-11), Fr(1)),
                 (-14, -12), tcols, seed=100 + k)
    # the same small terms, big lanes in different positions (T5 = T0's data with big lanes last)
    tie_case(j, "T5: tie (seed of T0), big lanes (31, 30)", (31, 30), (Fr(1), Fr(1)), (P2(-11), Fr(1)),
             (-14, -12), tcols, seed=100)
    tie_case(j, "T6: tie at 2048+1 (2^11 + 2^0)", (0, 1), (Fr(2048), Fr(1)), (Fr(1), Fr(1)), (-3, -1), tcols, seed=107)
    for s in (200, 201):
        random_case(j, "R%d: random" % s, s)
        perm = list(range(32))[::-1]
        random_case(j, "R%d': random, lanes reversed" % s, s, perm=perm)
    jobs.append(j)
    # ---- OPA FP16, 2 and 4 waves per workgroup, and 8 workgroups per target
    j = Job("opa16_wg64", "opa16", "u", 64, 1, 12)
    rowcol_case(j, "MW64", ROWS_MW64, COLS_S, seed=300)
    rowcol_case(j, "MW64b", ROWS_MW64, COLS_Q, seed=301)
    jobs.append(j)
    j = Job("opa16_wg128", "opa16", "u", 128, 1, 16)
    rowcol_case(j, "MW128", ROWS_MW128, COLS_S, seed=302)
    rowcol_case(j, "MW128b", ROWS_MW128, COLS_Q, seed=303)
    jobs.append(j)
    j = Job("opa16_8wg", "opa16", "u", 32, 8, 24)
    rowcol_case(j, "XW: 8 workgroups", ROWS_XW, COLS_S, seed=304)
    jobs.append(j)
    # ---- masked lanes (branch around the accumulate); inactive lanes hold NaN
    j = Job("opa16_masked", "opa16", "m", 32, 1, 3)
    for name, keep in (("MK-even: even lanes active", lambda g: g % 2 == 0), ("MK-low8: lanes 0..7 active", lambda g: g < 8),
                       ("MK-all: all lanes active (branch taken by all)", lambda g: True)):
        act = [keep(g) for g in range(32)]
        rows = []
        for rname, pat in ROWS_P:
            lanes = [g for g in range(32) if act[g]]
            newpat = {lanes[k]: v for k, v in sorted(pat.items()) if k < len(lanes)} if not isinstance(pat, str) else pat
            for g in range(32):
                if not act[g]:
                    newpat[g] = "nan"
            rows.append((rname + " (on active lanes)", newpat))
        ninv = 32
        A = [[0] * 16 for _ in range(ninv)]
        B = [[to_bits16(c) for c in COLS_S] for _ in range(ninv)]
        for i, (rn, pat) in enumerate(rows):
            for g, v in pat.items():
                A[g][i] = to_bits16(v)
        init = [enc(0.0, F16)] * 256
        j.add_case(Target(name, F16, 256, init, [r[0] for r in rows]), A, B, active=act)
    jobs.append(j)
    # ---- per-lane offsets: lanes of one wave target different matrices
    for name, tgt in (("opa16_off_halves", lambda g: 0 if g < 16 else 1), ("opa16_off_interleaved", lambda g: g % 2),
                      ("opa16_off_uniform", lambda g: 0)):
        j = Job(name, "opa16", "o", 32, 1, 3)
        nt = 1 if name.endswith("uniform") else 2
        A = [[0] * 16 for _ in range(32)]
        B = [[to_bits16(c) for c in COLS_S] for _ in range(32)]
        for i, (rn, pat) in enumerate(ROWS_P):
            for g, v in pat.items():
                A[g][i] = to_bits16(v)
        for t in range(nt):
            j.targets.append(Target("%s target %d" % (name, t), F16, 256, [0] * 256, [r[0] for r in ROWS_P]))
        for g in range(32):
            j.A.append(A[g])
            j.B.append(B[g])
            j.X.append(tgt(g) * j.stride)
            j.target_of.append(tgt(g))
        jobs.append(j)
    # ---- VectorAccumulate FP16
    j = Job("va16_wave", "va16", "u", 32, 1, 3)
    for s in (Fr(1), P2(-10), P2(-14), Fr(256), Fr(-1), Fr(3, 4)):
        va_case(j, "VP x%s" % s, ROWS_P, s)
    for s in (Fr(1), P2(-10), Fr(-1)):
        va_case(j, "VQ x%s" % s, [(n, p) for n, m, p in ROWS_Q], s, mems=[m for n, m, p in ROWS_Q])
    elo = [-2 - i for i in range(16)]
    for k, pos in enumerate([(0, 1), (30, 31), (0, 16), (15, 16)]):
        va_tie_case(j, "VT%d: tie at 32768+16, big lanes %s" % (k, pos), pos, Fr(32768), Fr(16), elo, seed=400 + k)
    random_case(j, "VR: random", 410)
    random_case(j, "VR': random, lanes reversed", 410, perm=list(range(32))[::-1])
    jobs.append(j)
    j = Job("va16_wg128", "va16", "u", 128, 1, 16)
    va_case(j, "VMW128", ROWS_MW128, Fr(1), seed=420)
    va_case(j, "VMW128 x2^-10", ROWS_MW128, P2(-10), seed=421)
    jobs.append(j)
    j = Job("va16_8wg", "va16", "u", 32, 8, 24)
    va_case(j, "VXW", ROWS_XW, Fr(1), seed=430)
    jobs.append(j)
    # ---- FP32 accumulation (if the driver supports it)
    j = Job("opa32_wave", "opa32", "u", 32, 1, 3)
    rowcol_case(j, "P32: patterns x scales", ROWS_P, COLS_S)
    rows_q32 = [
        ("mem 2^24 + (1+2^-24)", P2(24), {0: Fr(1), 1: P2(-24)}),
        ("mem 2^24 + (1+2^-12)", P2(24), {0: Fr(1), 1: P2(-12)}),
        ("mem 2^24 + 1 (tie)", P2(24), {0: Fr(1)}),
        ("mem 1 + 31x2^-24", Fr(1), dict((l, P2(-24)) for l in range(1, 32))),
        ("mem 1 + 2^-24 (tie)", Fr(1), {0: P2(-24)}),
    ] + [(n, m, p) for n, m, p in ROWS_Q[3:14]]
    rowcol_case(j, "Q32: memory != 0", [(n, p) for n, m, p in rows_q32], COLS_Q, mems=[m for n, m, p in rows_q32])
    for k, pos in enumerate([(0, 1), (30, 31), (0, 16)]):
        tie_case(j, "T32_%d: tie at 2^24+1, big lanes %s" % (k, pos), pos, (Fr(4096), Fr(4096)), (Fr(1), Fr(1)),
                 (-3, -1), [0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24], seed=500 + k)
    rowcol_case(j, "P32b: 1 + 31 x 2^-24 etc.", [
        ("1+31x2^-24", dict([(0, Fr(1))] + [(l, P2(-24)) for l in range(1, 32)])),
        ("31x2^-24+1", dict([(l, P2(-24)) for l in range(0, 31)] + [(31, Fr(1))])),
        ("2^24(4096x4096)... via a=4096", {0: Fr(4096), 1: P2(-12), 2: P2(-24)}),
    ] + [("random", "rand")] * 13, [Fr(1), Fr(4096), P2(-12), Fr(2), Fr(3, 4), Fr(-1), Fr(256), P2(-24),
                                    Fr(1024), Fr(2048), P2(-1), P2(-2), Fr(3), Fr(5), Fr(7), Fr(9)], seed=510)
    random_case(j, "R32: random", 520)
    random_case(j, "R32': random, lanes reversed", 520, perm=list(range(32))[::-1])
    jobs.append(j)
    j = Job("opa32_wg128", "opa32", "u", 128, 1, 12)
    rowcol_case(j, "MW128_32", ROWS_MW128, COLS_S, seed=530)
    jobs.append(j)
    j = Job("va32_wave", "va32", "u", 32, 1, 3)
    va_case(j, "VP32", ROWS_P, Fr(1))
    va_case(j, "VQ32", [(n, p) for n, m, p in ROWS_Q], Fr(1), mems=[m for n, m, p in ROWS_Q])
    elo32 = [-9 - i for i in range(16)]
    for k, pos in enumerate([(0, 1), (30, 31), (0, 16)]):
        va_tie_case(j, "VT32_%d: tie at 2048+2^-13, big lanes %s" % (k, pos), pos, Fr(2048), P2(-13), elo32, seed=600 + k)
    va_case(j, "VQ32b", [
        ("mem 2048 + 2^-13 + 2^-24", {0: P2(-13), 1: P2(-24)}),
        ("mem 2048 + 31x2^-24", dict((l, P2(-24)) for l in range(1, 32))),
    ] + [("random", "rand")] * 14, Fr(1), mems=[Fr(2048), Fr(2048)] + [Fr(0)] * 14, seed=610)
    random_case(j, "VR32: random", 620)
    jobs.append(j)
    return jobs


# ------------------------------------------------------------------ analysis
def contributions(job, g, e):
    """exact contribution of invocation g to element e"""
    if job.isVA:
        return h2v(job.A[g][e])
    i, jj = divmod(e, 16)
    return mul(h2v(job.A[g][i]), h2v(job.B[g][jj]))


def groups_for(job, t, e):
    """per wave (32 consecutive invocations of a workgroup, waves in dispatch order), the list of 32
    contributions (None for lanes not adding to target t)"""
    out = []
    for w0 in range(0, len(job.A), 32):
        lanes = [contributions(job, g, e) if job.target_of[g] == t else None for g in range(w0, w0 + 32)]
        if any(x is not None for x in lanes):
            out.append(lanes)
    return out


def groups_wg(job, t, e):
    """one group per workgroup (lanes concatenated): the workgroup-level reduction variants"""
    out = []
    for w0 in range(0, len(job.A), job.wg):
        lanes = [contributions(job, g, e) if job.target_of[g] == t else None for g in range(w0, w0 + job.wg)]
        if any(x is not None for x in lanes):
            out.append(lanes)
    return out


def decode_target(job, raw, t, maps):
    base = t * job.stride
    if job.isVA:
        fmtc = "<%d%s" % (16, "I" if job.fmt is F32 else "H")
        return list(struct.unpack_from(fmtc, raw, base))
    slotmap = maps[1] if job.fmt is F32 else maps[0]
    es = job.es
    vals = [None] * 256
    for k, idx in enumerate(slotmap):
        if idx >= 0:
            v = struct.unpack_from("<I" if es == 4 else "<H", raw, base + k * es)[0]
            vals[idx] = v
    return vals


def read_maps(path):
    data = open(path, "rb").read()
    off = 0
    maps = []
    for t in range(2):
        (n,) = struct.unpack_from("<Q", data, off)
        off += 8
        blob = data[off:off + n]
        off += n
        if t == 0:
            m = [x - 0x400 if 0 <= x - 0x400 < 256 else -1 for x in struct.unpack("<%dH" % (n // 2), blob)]
        else:
            fl = struct.unpack("<%df" % (n // 4), blob)
            m = [int(x) - 1 if x == int(x) and 1 <= x <= 256 else -1 for x in fl]
        maps.append(m)
    return maps


def hexb(b, fmt):
    return ("%04x" if fmt is F16 else "%08x") % b


def same(b1, b2, fmt):
    return b1 == b2 or (bits_is_nan(b1, fmt) and bits_is_nan(b2, fmt))


def analyse(run_dir, data_dir):
    jobs = build_jobs()
    maps = read_maps(os.path.join(run_dir, "maps.bin"))
    raw = open(os.path.join(run_dir, "results.bin"), "rb").read()
    off = 0
    os.makedirs(data_dir, exist_ok=True)
    models16, models32 = make_models(F16), make_models(F32)
    all_names = list(models16.keys())
    wg_names = []
    obs_f = open(os.path.join(data_dir, "observations.tsv"), "w")
    cols = ["job", "case", "elem", "init"] + ["observed"] + MAIN_MODELS + wg_names
    obs_f.write("# one row per element on which the main models disagree (all elements are counted in summary.tsv);\n"
                "# observed: distinct bits over repeats as bits*count; model columns: predicted bits, in atomic (dispatch)\n"
                "# order first, '|' other orders of the per-wave (per-workgroup for @wg) atomics; NaN = any NaN\n")
    obs_f.write("\t".join(cols) + "\n")
    summary = {}  # (job, case) -> {model: [consistent, total]}
    raw_f = open(os.path.join(data_dir, "raw_results.txt"), "w")
    raw_f.write("# job, target, distinct result vectors over repeats (row-major element bits, hex) with counts\n")
    for job in jobs:
        nt = len(job.targets)
        per_rep = []
        for r in range(job.repeats):
            (rc,) = struct.unpack_from("<i", raw, off)
            off += 4
            blob = raw[off:off + nt * job.stride]
            off += nt * job.stride
            per_rep.append((rc, blob))
        if any(rc != 0 for rc, _ in per_rep):
            raw_f.write("%s: vk result codes %s\n" % (job.name, [rc for rc, _ in per_rep]))
            continue
        models = models32 if job.fmt is F32 else models16
        if job.op == "opa32":
            fp32_note(job, per_rep, maps, raw_f, models16)
            continue
        for t, tgt in enumerate(job.targets):
            obs = [decode_target(job, blob, t, maps) for _, blob in per_rep]
            distinct = {}
            for o in obs:
                key = " ".join(hexb(b, job.fmt) for b in o)
                distinct[key] = distinct.get(key, 0) + 1
            raw_f.write("%s\t%s\t%d distinct\n" % (job.name, tgt.name, len(distinct)))
            for key, cnt in distinct.items():
                raw_f.write("  x%d\t%s\n" % (cnt, key))
            summ = summary.setdefault((job.name, tgt.name), {})
            for e in range(tgt.nel):
                m0 = val_of_bits(tgt.init[e], job.fmt)
                groups = groups_for(job, t, e)
                seen = sorted(set(o[e] for o in obs))
                preds = {}
                for name in all_names + wg_names:
                    f = models[name][0]
                    if len(groups) > 1:
                        vals = predict_set(f, m0, groups, job.fmt, max_orders=200 if name in MAIN_MODELS else 24)
                    else:
                        vals = [f(m0, groups)]
                    pb = [bits_of(v, job.fmt) for v in vals]
                    ok = all(any(same(s, p, job.fmt) for p in pb) for s in seen)
                    c = summ.setdefault(name, [0, 0])
                    c[0] += ok
                    c[1] += 1
                    preds[name] = pb
                cells = []
                for name in MAIN_MODELS:
                    pb = preds[name]
                    rest = sorted(set(pb[1:]) - {pb[0]})
                    cells.append("|".join(fmt_bits(b, job.fmt) for b in [pb[0]] + rest))
                if len(set(cells)) > 1:  # only elements on which the main models disagree
                    i, jj = divmod(e, 16)
                    el = "%d" % e if job.isVA else "%d,%d" % (i, jj)
                    ob = ",".join("%s*%d" % (hexb(s, job.fmt), sum(1 for o in obs if o[e] == s)) for s in seen)
                    row = [job.name, tgt.name, el, hexb(tgt.init[e], job.fmt), ob] + cells
                    obs_f.write("\t".join(row) + "\n")
    obs_f.close()
    raw_f.close()
    with open(os.path.join(data_dir, "summary.tsv"), "w") as f:
        f.write("# per case: elements whose observed bits (every repeat) the model predicts (any atomic order), of all\n")
        f.write("job\tcase\t" + "\t".join(all_names + wg_names) + "\n")
        for (jn, cn), d in summary.items():
            f.write("%s\t%s\t%s\n" % (jn, cn, "\t".join("%d/%d" % tuple(d[n]) for n in all_names + wg_names)))
        tot = {n: [0, 0] for n in all_names + wg_names}
        for d in summary.values():
            for n in tot:
                tot[n][0] += d[n][0]
                tot[n][1] += d[n][1]
        f.write("ALL\tALL\t%s\n" % "\t".join("%d/%d" % tuple(tot[n]) for n in all_names + wg_names))
    with open(os.path.join(data_dir, "models.tsv"), "w") as f:
        f.write("model\tdescription\n")
        for n, (fn, d) in models16.items():
            f.write("%s\t%s\n" % (n, d))
    print("analysed", len(jobs), "jobs; results bytes used", off, "of", len(raw))
    compact(data_dir)


def compact(data_dir):
    """keep the data folder small (< 200 KB): drop rows of random cases, tie cases and controls from
    observations.tsv (summary.tsv counts every element), cut long lists of atomic-order outcomes, move
    the *_once columns to memory_cases.tsv (case Q), and drop the vector dumps from raw_results.txt"""
    path = os.path.join(data_dir, "observations.tsv")
    lines = open(path).read().split("\n")
    rows = [l for l in lines if l and not l.startswith("#")]
    head = rows[0].split("\t")
    drop = [head.index("f32seq_once"), head.index("exact_once")]

    def trunc(c):
        p = c.split("|")
        return c if len(p) <= 4 else "|".join(p[:4]) + "|+%d more" % (len(p) - 4)

    rest, q = [], []
    for r in rows[1:]:
        f = r.split("\t")
        if f[1].startswith(("R2", "VR", "R32", "T", "MK-all")) or f[0] == "opa16_off_uniform":
            continue
        f = f[:5] + [trunc(c) for c in f[5:]]
        if f[0] == "opa16_wave" and f[1].startswith("Q"):
            q.append("\t".join(f))
        else:
            rest.append("\t".join(x for i, x in enumerate(f) if i not in drop))
    hdr = ["# one row per element on which the main models disagree, random cases left out (every element of every case",
           "# is counted in summary.tsv). observed: distinct bits over the repeats as bits*count. Model columns: predicted",
           "# bits with the per-wave atomics in dispatch order first, then ('|') other outcomes over atomic orders",
           "# (at most 200 orders tried; lists over 4 entries cut); NaN = any NaN. Inputs: probe.py build_jobs() (seeded). "
           "Left out here too: tie cases T0..T6 and the controls MK-all, opa16_off_uniform. Columns f32seq_once / exact_once (memory +",
           "# wave sum rounded once) only in memory_cases.tsv (case Q)."]
    open(path, "w").write("\n".join(hdr + ["\t".join(x for i, x in enumerate(head) if i not in drop)] + rest) + "\n")
    open(os.path.join(data_dir, "memory_cases.tsv"), "w").write(
        "# case Q (memory != 0 before the accumulate), one row per element on which the main models disagree\n"
        + "\t".join(head) + "\n" + "\n".join(q) + "\n")
    rp = os.path.join(data_dir, "raw_results.txt")
    r = [l for l in open(rp) if not l.startswith("  x")]
    open(rp, "w").write("# job, target, number of distinct result vectors over the repeats (the vectors: results.bin.gz + "
                        "maps.bin)\n" + "".join(r[1:]))


def all_orders(run_dir):
    """exhaustive check for the 8-workgroup OPA case: every distinct order of the 8 per-wave FP16
    partials (k8_tc2_accM) as FP16 atomic adds; prints the elements whose observations no order explains"""
    jobs = {j.name: j for j in build_jobs()}
    maps = read_maps(os.path.join(run_dir, "maps.bin"))
    raw = open(os.path.join(run_dir, "results.bin"), "rb").read()
    off, obs = 0, {}
    for job in jobs.values():
        reps = []
        for r in range(job.repeats):
            off += 4
            reps.append(decode_target(job, raw[off:off + len(job.targets) * job.stride], 0, maps))
            off += len(job.targets) * job.stride
        obs[job.name] = reps
    import itertools
    job = jobs["opa16_8wg"]
    f = make_models(F16)["k8_tc2_accM"][0]
    bad = 0
    for e in range(256):
        parts = [bits_of(f(0.0, [w]), F16) for w in groups_for(job, 0, e)]
        outs = set()
        for perm in set(itertools.permutations(parts)):
            m = 0.0
            for p in perm:
                m = rnd(add(m, h2v(p)), F16)
            outs.add(bits_of(m, F16))
        seen = set(o[e] for o in obs["opa16_8wg"])
        if not all(any(same(s, o, F16) for o in outs) for s in seen):
            bad += 1
            print("element", e, "observed", sorted(map(hex, seen)), "not explained")
    print("opa16_8wg: %d of 256 elements not explained by any order of the 8 per-wave partials" % bad)


def fp32_note(job, per_rep, maps, raw_f, models16):
    """MatrixInterpretation FLOAT32 (unsupported: trainingFloat32Accumulation = 0): read the first
    512 bytes of each FP32 target as an FP16 TRAINING_OPTIMAL matrix and compare with the FP16 model
    k8_tc2_accM computed from FP16 memory starting at +0"""
    f = models16["k8_tc2_accM"][0]
    for t, tgt in enumerate(job.targets):
        ok = tot = 0
        for _, blob in per_rep:
            vals = [None] * 256
            for k, idx in enumerate(maps[0]):
                if idx >= 0:
                    vals[idx] = struct.unpack_from("<H", blob, t * job.stride + 2 * k)[0]
            for e in range(256):
                init16 = 0  # the FP32 init bytes of these cases are +0 except Q32; see note
                pred = bits_of(f(h2v(init16), groups_for(job, t, e)), F16)
                tot += 1
                ok += same(vals[e], pred, F16)
        upper = set()
        for _, blob in per_rep:
            upper |= set(blob[t * job.stride + 512:(t + 1) * job.stride])
        raw_f.write("%s\t%s\tFP32 target read as FP16 (first 512 bytes, FP16 map): %d/%d elements equal k8_tc2_accM "
                    "from +0; bytes 512..1023 hold values %s\n" % (job.name, tgt.name, ok, tot, sorted(upper)[:8]))


def val_of_bits(b, fmt):
    return h2v(b) if fmt is F16 else f2v(b)


def fmt_bits(b, fmt):
    return "NaN" if bits_is_nan(b, fmt) else hexb(b, fmt)


def write_jobs(out):
    jobs = build_jobs()
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "jobs.bin"), "wb") as f:
        f.write(b"OPAJ" + struct.pack("<I", len(jobs)))
        for j in jobs:
            j.write(f)
    for j in jobs:
        print("%-24s %-14s wg %3d numWG %3d targets %2d repeats %2d" % (j.name, j.module, j.wg, j.numWG(), len(j.targets), j.repeats))


if __name__ == "__main__":
    if sys.argv[1] == "jobs":
        write_jobs(sys.argv[2])
    elif sys.argv[1] == "analyse":
        analyse(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == "orders":
        all_orders(sys.argv[2])
