"""The probe's cases: deterministic (fixed seeds) inputs for every job of `jobs.bin`.

A job is one op run on `warps` independent warps. Its manifest entry (kind, label, parameters)
says what the inputs mean; the inputs themselves are register words, so a reader needs nothing
but the manifest, the job file and the layouts to interpret a job.

Kinds:
- `map`     : fragment maps. B one-hot (value 1) at every B register element in turn; A elements hold
              codes (register element c = lane * a_elems + element has code c, written in base-R digits
              of nonzero values, one warp per digit); C = 0. Sparse ops: the same with all metadata
              nibbles 0x4 (indices 0, 1) and again with 0xE (indices 2, 3). D = (codes of A at B's k).
- `cmap`    : C -> D: A = B = 0, C element c holds c + 1.
- `meta`    : sparse metadata placement: random metadata in every lane, A stored element value
              slot + 1, B a column selector (B[k][n] = 1 iff k = 8j + n), one warp per j, so D shows
              where each stored element landed.
- `arith_*` : arithmetic, built as matrices and packed with the PTX layouts (checked by `map`).
- `ldmatrix`, `cp_async`, `group`: see probe.cu.
"""
from __future__ import annotations

import math

import numpy as np
import ops as O

INT32_MAX = 2**31 - 1
INT32_MIN = -(2**31)


# ------------------------------------------------------------------------------------------------
# helpers
def code_values(t: str) -> list[int]:
    """nonzero values of an integer type, used as base-R digits (R = len)"""
    lo, hi = O.int_range(t)
    return list(range(1, hi + 1)) + list(range(lo, 0))


def digits_needed(count: int, t: str) -> int:
    if t in ("f16", "bf16", "tf32", "f64"):
        return 1
    r = len(code_values(t))
    d = 1
    while r**d < count:
        d += 1
    return d


def code_digit_values(codes: np.ndarray, t: str, digit: int) -> np.ndarray:
    """values that stand for codes (0-based) in digit `digit` (floats: code + 1)"""
    if t in ("f16", "bf16", "tf32", "f64"):
        return codes.astype(np.float64) + 1.0
    vals = np.array(code_values(t))
    r = len(vals)
    return vals[(codes // r**digit) % r]


def mma_words(op: O.MmaOp, a_lane: np.ndarray, b_lane: np.ndarray, c_lane: np.ndarray,
              meta: np.ndarray | None = None) -> np.ndarray:
    """per-lane element bits (warps, 32, E) -> input words (warps, 32, nin)"""
    parts = [O.pack(a_lane, op.atype), O.pack(b_lane, op.atype), O.pack(c_lane, op.ctype)]
    if op.sparse:
        parts.append(np.asarray(meta, dtype=np.uint32)[..., None])
    words = np.concatenate(parts, axis=-1).astype(np.uint32)
    assert words.shape[1:] == (32, op.nin), (op.name, words.shape)
    return words


def mma_matrix_words(op: O.MmaOp, a: np.ndarray, b: np.ndarray, c: np.ndarray,
                     meta: np.ndarray | None = None) -> np.ndarray:
    """matrices of bits (cases, M, K[/2]), (cases, K, N), (cases, M, N) -> input words"""
    ar, ac = O.a_layout(op)
    br, bc = O.b_layout(op)
    cr, cc = O.c_layout(op)
    return mma_words(op, O.scatter(a, ar, ac), O.scatter(b, br, bc), O.scatter(c, cr, cc), meta)


def sparse_meta_words(nibbles: np.ndarray) -> np.ndarray:
    """(..., 32 lanes, 8 nibbles) -> (..., 32) words, nibble 0 lowest"""
    sh = np.arange(8, dtype=np.uint64) * np.uint64(4)
    return (nibbles.astype(np.uint64) << sh).sum(axis=-1).astype(np.uint32)


class Jobs:
    def __init__(self) -> None:
        self.manifest: list[dict] = []
        self.inputs: list[np.ndarray] = []

    def add(self, op_id: int, kind: str, label: str, words: np.ndarray, **params) -> None:
        words = np.asarray(words, dtype=np.uint32)
        name, nin, nout = O.op_table()[op_id]
        assert words.ndim == 3 and words.shape[1:] == (32, nin), (name, words.shape)
        self.manifest.append(dict(job=len(self.manifest), op=op_id, op_name=name, kind=kind, label=label,
                                  warps=int(words.shape[0]), nin=nin, nout=nout, **params))
        self.inputs.append(words)

    def to_bytes(self) -> bytes:
        head = np.array([0x4A47564E, 1, len(self.inputs)], dtype="<u4").tobytes()
        body = []
        for m, w in zip(self.manifest, self.inputs):
            body.append(np.array([m["op"], m["warps"], m["nin"], m["nout"]], dtype="<u4").tobytes())
            body.append(w.astype("<u4").tobytes())
        return head + b"".join(body)


# ------------------------------------------------------------------------------------------------
# fragment maps
MAP_OPS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 15, 18, 30, 35, 38, 40, 42, 43]


def add_maps(jobs: Jobs) -> None:
    for op in O.MMA_OPS.values():          # C -> D for every op
        n = op.c_elems
        codes = np.arange(32 * n).reshape(1, 32, n)
        c = O.to_bits(codes + 1.0 if op.ctype != "s32" else codes + 1, op.ctype)
        a = np.zeros((1, 32, op.a_elems), np.uint64)
        b = np.zeros((1, 32, op.b_elems), np.uint64)
        meta = np.full((1, 32), 0x44444444, np.uint32) if op.sparse else None
        jobs.add(op.id, "cmap", op.name, mma_words(op, a, b, c, meta))
    for op_id in MAP_OPS:
        op = O.MMA_OPS[op_id]
        na, nb = op.a_elems, op.b_elems
        nd = digits_needed(32 * na, op.atype)
        codes = np.arange(32 * na).reshape(32, na)
        metas = [0x44444444, 0xEEEEEEEE] if op.sparse else [None]
        onehot = np.eye(32 * nb).reshape(32 * nb, 32, nb)            # warp w: B element w = 1
        b = O.to_bits(onehot, op.atype)
        c = np.zeros((32 * nb, 32, op.c_elems), np.uint64)
        parts = []
        for meta in metas:
            for digit in range(nd):
                a = O.to_bits(code_digit_values(codes, op.atype, digit), op.atype)
                a = np.broadcast_to(a[None], (32 * nb, 32, na))
                m = None if meta is None else np.full((32 * nb, 32), meta, np.uint32)
                parts.append(mma_words(op, a, b, c, m))
        jobs.add(op.id, "map", op.name, np.concatenate(parts), digits=nd,
                 metas=[m for m in metas if m is not None])


# ------------------------------------------------------------------------------------------------
# sparse metadata placement
def add_meta(jobs: Jobs, rng: np.random.Generator) -> None:
    pairs = [(i0, i1) for i0 in range(4) for i1 in range(4) if i0 != i1]
    for op in O.MMA_OPS.values():
        if not op.sparse:
            continue
        warps = []
        for trial in range(8):
            if op.atype == "tf32":
                nib = rng.choice([0x4, 0xE], size=(32, 8))
            elif trial < 7:
                idx = rng.integers(0, len(pairs), size=(32, 8))
                nib = np.array([p[0] | (p[1] << 2) for p in pairs])[idx]
            else:                                   # undefined nibbles (equal indices) included
                nib = rng.integers(0, 16, size=(32, 8))
            meta = sparse_meta_words(nib)
            _rows, cols = O.a_layout(op)
            slot = np.zeros_like(cols) if op.atype == "tf32" else cols % 2
            a = O.to_bits(slot + 1, op.atype)
            for j in range(op.k // 8):
                bm = np.zeros((op.k, op.n))
                for n in range(op.n):
                    bm[8 * j + n, n] = 1
                br, bc = O.b_layout(op)
                b = O.to_bits(bm[br, bc], op.atype)
                c = O.to_bits(np.zeros((32, op.c_elems)), op.ctype)
                warps.append(mma_words(op, a[None], b[None], c[None], meta[None])[0])
        jobs.add(op.id, "meta", op.name, np.stack(warps), trials=8, runs_per_trial=op.k // 8)


# ------------------------------------------------------------------------------------------------
# floating-point arithmetic
def pow2(e: float) -> float:
    return math.ldexp(1.0, int(e))


def float_patterns(K: int, t: str) -> list[list[float]]:
    """rows of K product values (B scale 1) designed to expose alignment, chunking and rounding"""
    P: list[list[float]] = []
    lo = {"f16": 24, "bf16": 60, "tf32": 60, "f64": 80}[t]
    big = {"f16": 2.0**11, "bf16": 2.0**11, "tf32": 2.0**11, "f64": 2.0**53}[t]

    def row() -> list[float]:
        return [0.0] * K

    # one + a tiny: where does the window end?
    for tt in range(8, min(lo, 34) + 1):
        for p, q in [(0, 1), (0, K - 1), (K - 1, 0), (0, K // 2), (K // 2, K // 2 - 1)]:
            if p == q:
                continue
            r = row(); r[p] = 1.0; r[q] = pow2(-tt); P.append(r)
    # one + (K - 1) tinies: truncation of each term vs of the sum
    for tt in range(8, min(lo, 34) + 1):
        for p in (0, K - 1):
            r = [pow2(-tt)] * K; r[p] = 1.0; P.append(r)
    # big - big + small, in every arrangement of positions (chunks over K)
    trip = [(0, 1, 2), (0, K - 1, 1), (0, K // 2, 1), (0, K // 2, K // 2 + 1), (K // 2, 0, 1),
            (1, 2, 0), (K - 1, 0, K // 2), (0, 1, K - 1)]
    for (p, q, s) in trip:
        if len({p, q, s}) < 3 or max(p, q, s) >= K:
            continue
        for tt in range(0, min(lo, 30) + 1, 2):
            r = row(); r[p] = big; r[q] = -big; r[s] = pow2(-tt); P.append(r)
    # all equal tinies (sums that the output format must round)
    for tt in range(10, min(lo, 30) + 1):
        P.append([pow2(-tt)] * K)
    # ties and near-ties for f32 / f16 outputs
    for a1, a2 in [(2.0**-24, 0.0), (2.0**-23, 2.0**-24), (2.0**-24, 2.0**-30), (2.0**-11, 0.0),
                   (2.0**-11, 2.0**-20), (2.0**-10 + 2.0**-11, 0.0), (-2.0**-24, 0.0), (-2.0**-25, 2.0**-30),
                   (2.0**-12, -2.0**-24), (3 * 2.0**-25, 0.0)]:
        for p in (0, K - 1):
            r = row(); r[p] = 1.0; r[(p + 1) % K] = a1; r[(p + 2) % K] = a2; P.append(r)
    # cancellation to tiny results and to zero
    for p in range(0, K, max(1, K // 4)):
        r = row(); r[p] = 1.0; r[(p + 1) % K] = -1.0; P.append(r)
        r = row(); r[p] = 1.0 + 2.0**-10; r[(p + 3) % K] = -1.0; P.append(r)
    return [r for r in P if representable_row(r, t)]


def representable_row(r: list[float], t: str) -> bool:
    try:
        O.to_bits(np.array(r), t)
        return True
    except ValueError:
        return False


SCALES = {
    "f16": [1.0, -1.0, 0.75, 1.5, 2.0**-8, 2.0**-14, 2.0**8, 2.0**-24],
    "bf16": [1.0, -1.0, 0.75, 1.5, 2.0**-8, 2.0**-60, 2.0**60, 2.0**-120],
    "tf32": [1.0, -1.0, 0.75, 1.5, 2.0**-8, 2.0**-60, 2.0**60, 2.0**-120],
    "f64": [1.0, -1.0, 0.75, 1.5, 2.0**-8, 2.0**-60, 2.0**60, 2.0**-500],
}


def c_matrix(mode: str, op: O.MmaOp, rng: np.random.Generator) -> np.ndarray:
    M, N = op.m, op.n
    ct = op.ctype
    if mode == "zero":
        return np.zeros((M, N))
    if mode == "negzero":
        return np.full((M, N), -0.0)
    if mode == "one":
        return np.ones((M, N))
    if mode == "big":
        return np.full((M, N), {"f16": 2048.0, "f32": 2.0**24, "f64": 2.0**53}[ct])
    if mode == "odd":     # a value whose last bit is set (ties round differently under RNE)
        return np.full((M, N), {"f16": 1.0 + 2.0**-10,
                                "f32": 1.0 + 2.0**-23, "f64": 1.0 + 2.0**-52}[ct])
    if mode == "random":
        v = rng.standard_normal((M, N))
        return round_to(v, ct)
    raise ValueError(mode)


def round_to(v: np.ndarray, t: str) -> np.ndarray:
    if t == "f16":
        return v.astype(np.float16).astype(np.float64)
    if t == "bf16":
        import ml_dtypes
        return v.astype(ml_dtypes.bfloat16).astype(np.float64)
    if t in ("f32",):
        return v.astype(np.float32).astype(np.float64)
    if t == "tf32":     # values exact in tf32 (10 fraction bits)
        b = v.astype(np.float32).view(np.uint32) & np.uint32(0xFFFFE000)
        return b.view(np.float32).astype(np.float64)
    return v.astype(np.float64)


def add_float_arith(jobs: Jobs, op: O.MmaOp, rng: np.random.Generator) -> None:
    at, ct = op.atype, op.ctype
    M, N, K = op.m, op.n, op.k
    # rows x column scales, each C mode
    pats = float_patterns(K, at)
    scales = SCALES[at][:N]
    modes = ["zero", "one", "big", "odd", "random", "negzero"]
    As, Bs, Cs = [], [], []
    for start in range(0, len(pats), M):
        chunk = pats[start:start + M]
        chunk = chunk + [[0.0] * K] * (M - len(chunk))
        a = np.array(chunk)
        b = np.tile(np.array(scales)[None, :], (K, 1))
        for mode in modes:
            As.append(a); Bs.append(b); Cs.append(c_matrix(mode, op, rng))
    add_arith_job(jobs, op, "arith_rows", As, Bs, Cs)
    # random: normal, wide exponents, small integers
    As, Bs, Cs = [], [], []
    for i in range(48):
        kind = i % 3
        if kind == 0:
            a = rng.standard_normal((M, K)); b = rng.standard_normal((K, N)); c = rng.standard_normal((M, N))
        elif kind == 1:
            span = {"f16": 6, "bf16": 30, "tf32": 30, "f64": 200}[at]
            a = rng.choice([-1, 1], (M, K)) * np.exp2(rng.uniform(-span, span, (M, K))) * (1 + rng.random((M, K)))
            b = rng.choice([-1, 1], (K, N)) * np.exp2(rng.uniform(-span, span, (K, N))) * (1 + rng.random((K, N)))
            c = rng.choice([-1, 1], (M, N)) * np.exp2(rng.uniform(-span, span, (M, N)))
        else:
            a = rng.integers(-8, 9, (M, K)).astype(float); b = rng.integers(-8, 9, (K, N)).astype(float)
            c = rng.integers(-64, 65, (M, N)).astype(float)
        As.append(round_to(a, at)); Bs.append(round_to(b, at)); Cs.append(round_to(c, ct))
    add_arith_job(jobs, op, "arith_random", As, Bs, Cs)
    # special values
    a, b, c, labels = special_cases(op, rng)
    jobs.add(op.id, "arith_special", op.name, mma_matrix_words(op, a, b, c), rows=labels)
    if at == "tf32":
        add_tf32_conversion(jobs, op, rng)


def add_arith_job(jobs: Jobs, op: O.MmaOp, kind: str, As, Bs, Cs) -> None:
    a = O.to_bits(np.array(As), op.atype)
    b = O.to_bits(np.array(Bs), op.atype)
    c = O.to_bits(np.array(Cs), op.ctype)
    jobs.add(op.id, kind, op.name, mma_matrix_words(op, a, b, c))


def special_cases(op: O.MmaOp, rng: np.random.Generator):
    """NaN, Inf, -0, overflow and subnormal values in known rows (labels in SPECIAL_ROWS)"""
    at, ct = op.atype, op.ctype
    M, N, K = op.m, op.n, op.k
    nan = float("nan")
    inf = float("inf")
    maxv = {"f16": 65504.0, "bf16": 3.3895313892515355e38, "tf32": 3.4011621342146535e38, "f64": 1.7976931348623157e308}[at]
    tiny = {"f16": 2.0**-24, "bf16": 2.0**-133, "tf32": 2.0**-126, "f64": 2.0**-1074}[at]
    cmax = {"f16": 65504.0, "f32": 3.4028234663852886e38, "f64": 1.7976931348623157e308}[ct]
    ctiny = {"f16": 2.0**-24, "f32": 2.0**-149, "f64": 2.0**-1074}[ct]

    def rows(v):
        """(label, a row setter, c row setter) for variant v"""
        def seta(vals):
            return lambda a: a.__setitem__(slice(None), vals)
        out = []
        r = np.array(round_to(rng.standard_normal(K), at))
        x = r.copy(); x[0] = nan; out.append(("nan_product", x, None))
        out.append(("inf_products", np.full(K, inf * (1 if v % 2 == 0 else -1)), None))
        x = r.copy(); x[0] = inf; x[1] = -inf; out.append(("inf_minus_inf", x, None))
        out.append(("negzero_products_negzero_c", np.full(K, -0.0), np.full(N, -0.0)))
        out.append(("zero_products_negzero_c", np.zeros(K), np.full(N, -0.0)))
        out.append(("overflow", np.full(K, maxv), None))
        out.append(("subnormal_inputs", np.full(K, tiny), np.zeros(N)))
        out.append(("subnormal_inputs_and_c", np.full(K, tiny * (1 + v)), np.full(N, ctiny * (v + 1))))
        out.append(("c_max", np.ones(K), np.full(N, cmax)))
        out.append(("c_specials", np.zeros(K), np.array([inf, -inf, nan, cmax, -cmax, ctiny, -ctiny, -0.0])[:N]))
        x = np.full(K, -0.0); x[v % K] = 0.0
        out.append(("one_pos_zero_among_negzero", x, np.full(N, -0.0)))
        x = np.zeros(K); x[0] = 1.0; x[1] = -1.0
        out.append(("cancel_to_zero_negzero_c", x, np.full(N, -0.0)))
        return out

    As, Bs, Cs, labels = [], [], [], []
    for v in range(4):
        spec = rows(v)
        for start in range(0, len(spec), M):
            a = round_to(rng.standard_normal((M, K)), at)
            b = round_to(np.abs(rng.standard_normal((K, N))) + 0.5, at)
            c = round_to(rng.standard_normal((M, N)), ct)
            lab = ["random"] * M
            for i, (name, arow, crow) in enumerate(spec[start:start + M]):
                a[i] = arow
                if crow is not None:
                    c[i] = crow
                lab[i] = name
            if v >= 2:
                b[:, N - 1] = 0.0                                      # Inf * 0 in the last column
            if v == 3:
                b[0, 0] = nan
            As.append(a); Bs.append(b); Cs.append(c); labels.append(lab)
    a = O.to_bits(np.array(As), at)
    b = O.to_bits(np.array(Bs), at)
    c = O.to_bits(np.array(Cs), ct)
    # NaN payloads: a quiet NaN with a payload, and a NaN whose payload bits are the lowest ones
    qnan, low_nan = {"f16": (0x7E01, 0x7C01), "bf16": (0x7FC1, 0x7F81), "tf32": (0x7FC00001, 0x7F800001),
                     "f64": (0x7FF8000000000001, 0x7FF0000000000001)}[at]
    cnan = {"f16": 0x7E01, "f32": 0x7FC00001, "f64": 0x7FF8000000000001}[ct]
    for case, lab in enumerate(labels):
        if case % 2 and "nan_product" in lab:
            a[case, lab.index("nan_product"), 0] = qnan if case % 4 == 1 else low_nan
        if "c_specials" in lab:
            c[case, lab.index("c_specials"), 2] = cnan
    return a, b, c, labels


def add_tf32_conversion(jobs: Jobs, op: O.MmaOp, rng: np.random.Generator) -> None:
    """fp32 bit patterns into tf32 operands: D = A * I (then I * B) shows the operand as used"""
    M, N, K = op.m, op.n, op.k
    pats = []
    low = [0x0, 0x1, 0xFFF, 0x1000, 0x1001, 0x1FFF, 0x800, 0x17FF, 0x1800, 0x0FFF]
    for i in range(M * N * 4):
        e = int(rng.integers(100, 156))
        frac = int(rng.integers(0, 1 << 10)) << 13
        lowbits = low[i % len(low)] if i % 3 else int(rng.integers(0, 1 << 13))
        sign = int(rng.integers(0, 2)) << 31
        pats.append(sign | (e << 23) | frac | lowbits)
    # edge patterns: max finite (+ rounding up overflows), the largest values below powers of two,
    # subnormals, and NaN/Inf
    edges = [0x7F7FFFFF, 0x7F7FF000, 0x7F7FEFFF, 0x3FFFFFFF, 0x3FFFF000, 0x3F800FFF, 0x3F801000, 0x3F803000,
             0x00000001, 0x00001000, 0x00002000, 0x007FFFFF, 0x807FFFFF, 0x80000000, 0x7F800000, 0xFF800000,
             0x7FC00000, 0x7F800001, 0x7F801000, 0x7FBFFFFF, 0xFFC01234, 0x00800FFF, 0x00801000, 0x7F7FE000]
    pats = edges + pats
    pats = np.array(pats[: (len(pats) // (M * K)) * (M * K)], dtype=np.uint64)
    nA = len(pats) // (M * K)
    # A = pattern, B = identity on the first min(K, N) columns
    eye = np.zeros((K, N))
    for n in range(N):
        eye[n % K, n] = 1.0
    a = pats.reshape(nA, M, K)
    b = np.repeat(O.to_bits(eye, op.atype)[None], nA, axis=0)
    c = np.zeros((nA, M, N), np.uint64)
    jobs.add(op.id, "tf32_convert_a", op.name, mma_matrix_words(op, a, b, c))
    # B = pattern, A = identity
    nB = len(pats) // (K * N)
    eyeA = np.zeros((M, K))
    for m in range(M):
        eyeA[m, m % K] = 1.0
    a = np.repeat(O.to_bits(eyeA, op.atype)[None], nB, axis=0)
    b = pats[: nB * K * N].reshape(nB, K, N)
    c = np.zeros((nB, M, N), np.uint64)
    jobs.add(op.id, "tf32_convert_b", op.name, mma_matrix_words(op, a, b, c))


# ------------------------------------------------------------------------------------------------
# integer arithmetic
def add_int_arith(jobs: Jobs, op: O.MmaOp, rng: np.random.Generator) -> None:
    at = op.atype
    M, N, K = op.m, op.n, op.k
    lo, hi = O.int_range(at)
    As, Bs, Cs = [], [], []
    # designed rows / columns with C placed around the int32 limits
    rows = []
    half = K // 2
    rows.append([hi] * K)
    rows.append([lo] * K)
    rows.append([hi] * half + [lo] * half)
    rows.append([lo] * half + [hi] * half)
    rows.append([hi if k % 2 == 0 else lo for k in range(K)])
    rows.append([hi] * (K - 1) + [lo])
    rows.append([1] * K)
    rows.append([hi] * K)
    while len(rows) < M:
        rows.append(list(rng.integers(lo, hi + 1, K)))
    a = np.array(rows[:M])
    cols = [[hi] * K, [lo] * K, [1] * K, [hi] * half + [1] * half]
    while len(cols) < N:
        cols.append(list(rng.integers(lo, hi + 1, K)))
    b = np.array(cols[:N]).T
    exact = a @ b
    for d in [-1, 0, 1, 1000, -(2**20)]:
        for side in (INT32_MAX, INT32_MIN):
            c = np.clip(side + d - exact, INT32_MIN, INT32_MAX)
            As.append(a); Bs.append(b); Cs.append(c)
    # C at the extremes with plain products
    for cval in (INT32_MAX, INT32_MIN, 0, -1):
        As.append(a); Bs.append(b); Cs.append(np.full((M, N), cval))
    # random, C near the limits in half the columns
    for i in range(24):
        a = rng.integers(lo, hi + 1, (M, K)); b = rng.integers(lo, hi + 1, (K, N))
        c = rng.integers(INT32_MIN, INT32_MAX, (M, N), endpoint=True)
        near = rng.integers(0, 2**20, (M, N))
        c[:, ::2] = np.where(rng.random((M, N // 2)) < 0.5, INT32_MAX - near[:, ::2], INT32_MIN + near[:, ::2])
        As.append(a); Bs.append(b); Cs.append(c)
    jobs.add(op.id, "arith_int", op.name, mma_matrix_words(
        op, O.to_bits(np.array(As), at), O.to_bits(np.array(Bs), at), O.to_bits(np.array(Cs), "s32")))


# ------------------------------------------------------------------------------------------------
# sparse arithmetic: random values with valid, ordered metadata (the usual use)
def add_sparse_arith(jobs: Jobs, op: O.MmaOp, rng: np.random.Generator) -> None:
    ordered = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
    warps = []
    for i in range(16):
        if op.atype == "tf32":
            nib = rng.choice([0x4, 0xE], size=(32, 8))
        else:
            idx = rng.integers(0, len(ordered), (32, 8))
            nib = np.array([p[0] | (p[1] << 2) for p in ordered])[idx]
        meta = sparse_meta_words(nib)
        if op.atype in ("s8",):
            a = rng.integers(-128, 128, (32, op.a_elems)); b = rng.integers(-128, 128, (32, op.b_elems))
            c = rng.integers(-2**20, 2**20, (32, op.c_elems))
            if i % 4 == 3:
                c[:] = INT32_MAX - rng.integers(0, 2**18, (32, op.c_elems))
        else:
            a = round_to(rng.standard_normal((32, op.a_elems)), op.atype)
            b = round_to(rng.standard_normal((32, op.b_elems)), op.atype)
            c = round_to(rng.standard_normal((32, op.c_elems)), op.ctype)
            if i % 2:
                a = round_to(a * np.exp2(rng.integers(-12, 12, a.shape)), op.atype)
        warps.append(mma_words(op, O.to_bits(a, op.atype)[None], O.to_bits(b, op.atype)[None],
                               O.to_bits(c, op.ctype)[None], meta[None])[0])
    jobs.add(op.id, "arith_sparse", op.name, np.stack(warps))


# ------------------------------------------------------------------------------------------------
# ldmatrix, cp.async, groups
def add_ldmatrix(jobs: Jobs, rng: np.random.Generator) -> None:
    rows_total = 4096 * 2 // 16          # 512 rows of 16 bytes
    for op_id in range(60, 66):
        warps = []
        labels = []
        warps.append(np.arange(32) * 16); labels.append("identity")
        warps.append(np.arange(32)[::-1] * 16); labels.append("reversed")
        warps.append(((np.arange(32) // 8) * 100 + (np.arange(32) % 8) * 3) * 16); labels.append("strided")
        for _ in range(8):
            warps.append(rng.choice(rows_total, 32, replace=False) * 16); labels.append("random")
        w = rng.choice(rows_total, 32, replace=True) * 16
        w[8:16] = w[0:8]
        warps.append(w); labels.append("duplicates")
        jobs.add(op_id, "ldmatrix", O.OTHER_OPS[op_id][0], np.stack(warps)[:, :, None], cases=labels)


def add_cp_async(jobs: Jobs, rng: np.random.Generator, undefined: bool = False) -> None:
    for op_id, cp in [(70, 4), (71, 8), (72, 16), (73, 16)]:
        warps = []
        lane = np.arange(32)
        if not undefined:
            warps.append(np.stack([lane * 64 + 16 * (lane % 3), lane % (cp + 1)], axis=1))
            warps.append(np.stack([rng.integers(0, 4000, 32) * 16, (lane * 7) % (cp + 1)], axis=1))
            warps.append(np.stack([rng.integers(0, 4000, 32) * 16 + cp * (lane % (16 // cp)), rng.integers(0, cp + 1, 32)], axis=1))
        else:   # src-size > cp-size: undefined behaviour in PTX; recorded for the record
            sizes = np.array([cp + 1, cp + 2, cp + 4, 2 * cp, 16, 17, 31, 32, 64, 255, 256, 1000] * 3)[:32]
            warps.append(np.stack([lane * 1024, sizes], axis=1))
        jobs.add(op_id, "cp_async_undefined" if undefined else "cp_async", O.OTHER_OPS[op_id][0],
                 np.stack(warps).astype(np.uint32), cp_size=cp)


def add_groups(jobs: Jobs) -> None:
    for op_id in range(80, 86):
        jobs.add(op_id, "group", O.OTHER_OPS[op_id][0], np.zeros((264, 32, 1), np.uint32))


# ------------------------------------------------------------------------------------------------
def build() -> tuple[Jobs, Jobs]:
    """(main jobs, undefined-behaviour jobs run in a second process)"""
    rng = np.random.default_rng(20261124)
    jobs = Jobs()
    add_maps(jobs)
    add_meta(jobs, rng)
    for op in O.MMA_OPS.values():
        if op.sparse:
            add_sparse_arith(jobs, op, rng)
        elif op.ctype == "s32":
            add_int_arith(jobs, op, rng)
        else:
            add_float_arith(jobs, op, rng)
    add_ldmatrix(jobs, rng)
    add_cp_async(jobs, rng)
    add_groups(jobs)
    ub = Jobs()
    add_cp_async(ub, rng, undefined=True)
    return jobs, ub


# ------------------------------------------------------------------------------------------------
# second run: the overflow boundary of the accumulators (D = C + p, one or two products)
def add_overflow(jobs: Jobs) -> None:
    big = 2.0**127
    fmax32 = 3.4028234663852886e38
    for op_id in (5, 6, 7, 8):          # bf16 / tf32 operands reach 2^104 and beyond
        op = O.MMA_OPS[op_id]
        M, N, K = op.m, op.n, op.k
        ps = [2.0**101, 2.0**102, 2.0**103, 3 * 2.0**102, 2.0**104, 3 * 2.0**103, 2.0**105, big,
              -2.0**103, -2.0**104, -big, 255 * 2.0**120, 2.0**126, 1.0, 0.0, 2.0**104 + 2.0**97]
        cs = [fmax32, -fmax32, big, -big, fmax32 - 2.0**104, 0.0, 2.0**126, 1.0]
        As, Bs, Cs = [], [], []
        for two in (False, True):
            a = np.zeros((M, K)); b = np.zeros((K, N))
            a[:, 0] = ps[:M]
            b[0, :] = 1.0
            if two:                      # a second product equal to the first: D = C + 2p
                a[:, 1] = ps[:M]
                b[1, :] = 1.0
            c = np.tile(np.array(cs[:N])[None, :], (M, 1))
            As.append(round_to(a, op.atype)); Bs.append(round_to(b, op.atype)); Cs.append(c)
        add_arith_job(jobs, op, "arith_overflow", As, Bs, Cs)
    for op_id in (1, 3):                 # f16 accumulators: 65504 + p around the RNE overflow point
        op = O.MMA_OPS[op_id]
        M, N, K = op.m, op.n, op.k
        ps = [8.0, 15.0, 15.5, 16.0, 16.5, 17.0, 31.0, 32.0, 48.0, -16.0, -15.0, 2.0**-10, 0.0, 1.0, 2048.0, 65504.0]
        cs = [65504.0, -65504.0, 65472.0, 32768.0, 0.0, 1.0, -65472.0, 65504.0]
        a = np.zeros((M, K)); b = np.zeros((K, N))
        a[:, 0] = ps[:M]
        b[0, :] = 1.0
        b[1, 7] = 1.0
        a[:, 1] = -np.array(ps[:M])                       # column 7: C + p - p
        c = np.tile(np.array(cs[:N])[None, :], (M, 1))
        add_arith_job(jobs, op, "arith_overflow", [a], [b], [c])


def build_extra() -> Jobs:
    jobs = Jobs()
    add_overflow(jobs)
    return jobs
