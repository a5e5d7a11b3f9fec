"""Exact arithmetic and candidate accumulation models for OuterProductAccumulate / VectorAccumulate.

A value is a `fractions.Fraction` when finite and non-zero, else a Python float: +-0.0, +-inf, nan.
All rounding is done exactly here (no numpy float16 casts, which can double-round)."""
from fractions import Fraction
import itertools
import math


NAN = float("nan")
INF = float("inf")

# (precision incl. hidden bit, emin, emax)
F16 = (11, -14, 15)
F32 = (24, -126, 127)


def is_nan(x):
    return isinstance(x, float) and math.isnan(x)


def is_inf(x):
    return isinstance(x, float) and math.isinf(x)


def is_zero(x):
    return isinstance(x, float) and x == 0.0


def neg_zero(x):
    return is_zero(x) and math.copysign(1.0, x) < 0


def sign_of(x):
    if isinstance(x, float):
        return -1 if math.copysign(1.0, x) < 0 else 1
    return -1 if x < 0 else 1


U = 64  # finite non-zero values are Python ints in units of 2^-U (exact for every FP16 product)


def q(v):
    """Fraction / int -> units (exact)"""
    if isinstance(v, float):
        return v
    v = Fraction(v) * (1 << U)
    assert v.denominator == 1, "value not a multiple of 2^-%d" % U
    return 0.0 if v == 0 else int(v)


def add(x, y):
    if isinstance(x, int) and isinstance(y, int):
        s = x + y
        return s if s else 0.0
    if is_nan(x) or is_nan(y):
        return NAN
    if is_inf(x) or is_inf(y):
        if is_inf(x) and is_inf(y) and x != y:
            return NAN
        return x if is_inf(x) else y
    if is_zero(x) and is_zero(y):
        return -0.0 if (neg_zero(x) and neg_zero(y)) else 0.0
    if is_zero(x):
        return y
    return x


def mul(x, y):
    if isinstance(x, Fraction) or isinstance(y, Fraction):
        x, y = q(x), q(y)
    if isinstance(x, int) and isinstance(y, int):
        p = x * y
        assert p % (1 << U) == 0
        return p >> U if p > 0 else -((-p) >> U)
    if is_nan(x) or is_nan(y):
        return NAN
    sg = sign_of(x) * sign_of(y)
    if is_inf(x) or is_inf(y):
        if is_zero(x) or is_zero(y):
            return NAN
        return INF if sg > 0 else -INF
    return 0.0 if sg > 0 else -0.0


def ilog2(a):
    """floor(log2) of a positive value in units"""
    return a.bit_length() - 1 - U


def rnd(x, fmt, mode="rne"):
    """round to the format (RNE or RZ); overflow -> inf under RNE, max finite under RZ"""
    if isinstance(x, Fraction):
        x = q(x)
    if isinstance(x, float):
        return x
    p, emin, emax = fmt
    neg = x < 0
    a = -x if neg else x
    e = max(a.bit_length() - 1 - U, emin)
    shift = e - p + 1 + U
    if shift > 0:
        k = a >> shift
        r = a & ((1 << shift) - 1)
        if mode != "rz":
            half = 1 << (shift - 1)
            if r > half or (r == half and (k & 1)):
                k += 1
        a = k << shift
    maxf = ((1 << p) - 1) << (emax - p + 1 + U)
    if a > maxf:
        if mode == "rz":
            a = maxf
        else:
            return -INF if neg else INF
    if a == 0:
        return -0.0 if neg else 0.0
    return -a if neg else a


def h2v(b):
    """FP16 bits -> value"""
    neg = b & 0x8000
    e = (b >> 10) & 0x1F
    m = b & 0x3FF
    if e == 31:
        return NAN if m else (-INF if neg else INF)
    if e == 0:
        if m == 0:
            return -0.0 if neg else 0.0
        a = m << (U - 24)
    else:
        a = (1024 + m) << (e - 25 + U)
    return -a if neg else a


def f2v(b):
    """FP32 bits -> value"""
    neg = b & 0x80000000
    e = (b >> 23) & 0xFF
    m = b & 0x7FFFFF
    if e == 255:
        return NAN if m else (-INF if neg else INF)
    if e == 0:
        if m == 0:
            return -0.0 if neg else 0.0
        sh, mm = -149 + U, m
    else:
        sh, mm = e - 150 + U, (1 << 23) + m
    if sh >= 0:
        a = mm << sh
    else:
        assert mm % (1 << -sh) == 0, "FP32 value finer than 2^-%d" % U
        a = mm >> -sh
    return -a if neg else a


def v2h(x):
    """value -> FP16 bits (rounding RNE first); NaN -> 0x7E00"""
    x = rnd(x, F16)
    if isinstance(x, float):
        if is_nan(x):
            return 0x7E00
        if is_inf(x):
            return 0x7C00 if x > 0 else 0xFC00
        return 0x8000 if neg_zero(x) else 0
    s = 0x8000 if x < 0 else 0
    a = abs(x)
    e = a.bit_length() - 1 - U
    if e < -14:
        return s | (a >> (U - 24))
    return s | ((e + 15) << 10) | ((a >> (e - 10 + U)) - 1024)


def v2f(x):
    x = rnd(x, F32)
    if isinstance(x, float):
        if is_nan(x):
            return 0x7FC00000
        if is_inf(x):
            return 0x7F800000 if x > 0 else 0xFF800000
        return 0x80000000 if neg_zero(x) else 0
    s = 0x80000000 if x < 0 else 0
    a = abs(x)
    e = a.bit_length() - 1 - U
    if e < -126:
        return s | (a >> (U - 149)) if U >= 149 else s | (a << (149 - U))
    sh = e - 23 + U
    mant = (a >> sh) if sh >= 0 else (a << -sh)
    return s | ((e + 127) << 23) | (mant - (1 << 23))


def bits_of(x, fmt):
    return v2h(x) if fmt is F16 else v2f(x)


def val_of(b, fmt):
    return h2v(b) if fmt is F16 else f2v(b)


def bits_is_nan(b, fmt):
    if fmt is F16:
        return (b & 0x7C00) == 0x7C00 and (b & 0x3FF) != 0
    return (b & 0x7F800000) == 0x7F800000 and (b & 0x7FFFFF) != 0


# ---------------------------------------------------------------- wave sums (return a value)
def _act(cs):
    return [c for c in cs if c is not None]


def sum_exact(cs):
    cs = _act(cs)
    s = None
    for c in cs:
        s = c if s is None else add(s, c)
    return 0.0 if s is None else s


def sum_seq(cs, fmt):
    cs = _act(cs)
    s = None
    for c in cs:
        s = rnd(c, fmt) if s is None else rnd(add(s, c), fmt)
    return 0.0 if s is None else s


def sum_seq_zero_start(cs, fmt):
    cs = _act(cs)
    s = 0.0
    for c in cs:
        s = rnd(add(s, c), fmt)
    return s


def sum_tree(cs, fmt, order):
    """xor-butterfly over a 32-slot wave (missing lanes = +0); order = offsets sequence"""
    v = [0.0 if c is None else c for c in cs]
    v = v + [0.0] * (32 - len(v))
    v = [rnd(c, fmt) for c in v]
    for d in order:
        v = [rnd(add(v[l], v[l ^ d]), fmt) if (l & d) == 0 else rnd(add(v[l ^ d], v[l]), fmt) for l in range(len(v))]
    return v[0]


def sum_tc(cs, chunk, extra, fmt=F32, mode="rz", acc_fmt=F32, d=0.0, cs_is_chunk=False):
    """tensor-core-like: per chunk of `chunk` products plus the accumulator, align to the largest
    exponent keeping 24+extra bits (truncation toward zero), add exactly, normalize with `mode`."""
    for k in range(0, len(cs), chunk):
        d = tc_step(d, _act(cs[k:k + chunk]), extra, mode, acc_fmt)
    return d


def tc_step(d, terms, extra, mode="rz", acc_fmt=F32):
    terms = [d] + list(terms)
    if any(is_nan(t) for t in terms):
        return NAN
    infs = [t for t in terms if is_inf(t)]
    if infs:
        return NAN if any(t != infs[0] for t in infs) else infs[0]
    nz = [t for t in terms if isinstance(t, int)]
    if not nz:
        return 0.0
    E = max(abs(t).bit_length() for t in nz) - 1
    sh = E - 23 - extra
    S = 0
    if sh > 0:
        for t in nz:
            S += (abs(t) >> sh) << sh if t > 0 else -((abs(t) >> sh) << sh)
    else:
        S = sum(nz)
    return rnd(S, acc_fmt, mode) if S else 0.0


# ---------------------------------------------------------------- models
# A model maps (initial memory value, list of groups; each group = list of exact contributions in
# lane order) to the final memory value, for groups applied in the given order.
def _apply_r(fmt, wave_sum):
    def f(m, groups):
        for g in groups:
            m = rnd(add(m, rnd(wave_sum(g), fmt)), fmt)
        return m
    return f


def _apply_once(wave_sum):
    def f(m, groups, fmt):
        for g in groups:
            m = rnd(add(m, wave_sum(g)), fmt)
        return m
    return f


def make_models(fmt):
    """name -> (function(m0, groups) -> value, description)"""
    M = {}
    M["perlane"] = (lambda m, gs: _perlane(m, gs, fmt, True), "one atomic per lane, product rounded to the memory type first")
    M["perlane_fma"] = (lambda m, gs: _perlane(m, gs, fmt, False), "one atomic per lane, exact product, one rounding")
    M["f32seq"] = (_apply_r(fmt, lambda g: sum_seq(g, F32)), "float32 sum in lane order, rounded to memory type, atomic add")
    M["f32seq_once"] = (lambda m, gs: _once(m, gs, fmt, lambda g: sum_seq(g, F32)), "float32 lane-order sum added to memory with one rounding")
    M["f32rev"] = (_apply_r(fmt, lambda g: sum_seq(g[::-1], F32)), "float32 sum in reverse lane order")
    M["f32tree_d"] = (_apply_r(fmt, lambda g: sum_tree(g, F32, (16, 8, 4, 2, 1))), "float32 xor-butterfly, offsets 16,8,4,2,1")
    M["f32tree_a"] = (_apply_r(fmt, lambda g: sum_tree(g, F32, (1, 2, 4, 8, 16))), "float32 xor-butterfly, offsets 1,2,4,8,16")
    M["exact"] = (_apply_r(fmt, sum_exact), "exact wave sum rounded once to memory type, atomic add")
    M["exact_once"] = (lambda m, gs: _once(m, gs, fmt, sum_exact), "memory + exact wave sum, rounded once")
    M["f16seq"] = (_apply_r(fmt, lambda g: sum_seq(g, F16)), "FP16 sum in lane order (rounding each step), atomic add")
    M["f16tree_a"] = (_apply_r(fmt, lambda g: sum_tree(g, F16, (1, 2, 4, 8, 16))), "FP16 xor-butterfly, offsets 1,2,4,8,16 (RNE each step), atomic add")
    M["f16tree_d"] = (_apply_r(fmt, lambda g: sum_tree(g, F16, (16, 8, 4, 2, 1))), "FP16 xor-butterfly, offsets 16,8,4,2,1")
    for chunk in (32,):
        for extra in (0, 3):
            M["tc%dx%d" % (chunk, extra)] = (
                _apply_r(fmt, lambda g, c=chunk, x=extra: sum_tc(g, c, x)),
                "MMA-like: chunks of %d lanes, alignment to max exponent keeping 24+%d bits, truncation, RZ normalize" % (chunk, extra))
    # chunked family: lanes in consecutive chunks of k; each chunk summed by `inner`; chunks combined
    # by `comb`: "atomic" = each chunk's sum rounded to the memory type and atomically added;
    # "accM" = a running accumulator in the memory type, acc = round(inner(acc, chunk)), one atomic per wave;
    # "acc32" = the same with a float32 accumulator.
    for k in (4, 8, 16, 32):
        for inner in ("exact", "f32seq", "tc1", "tc2", "tc3"):
            for comb in ("atomic", "accM"):
                name = "k%d_%s_%s" % (k, inner, comb)
                M[name] = (lambda m, gs, k=k, inner=inner, comb=comb: chunked(m, gs, fmt, k, inner, comb),
                           "chunks of %d lanes, chunk sum %s, combined %s" % (k, inner, comb))
    return M


def _inner(acc, terms, inner, out_fmt, mode="rne"):
    """sum acc + terms with the inner method, rounded to out_fmt"""
    if inner == "exact":
        s = acc
        for t in terms:
            s = add(s, t)
        return rnd(s, out_fmt, mode)
    if inner == "f32seq":
        s = acc
        for t in terms:
            s = rnd(add(s, t), F32)
        return rnd(s, out_fmt, mode)
    x = int(inner[2:])
    return tc_step(acc, terms, x, mode, out_fmt)


def chunked(m, groups, fmt, k, inner, comb):
    for g in groups:
        if comb == "atomic":
            for c in range(0, 32, k):
                terms = _act(g[c:c + k])
                if not terms:
                    continue
                s = _inner(0.0, terms, inner, F32, "rz" if inner.startswith("tc") else "rne") if inner != "exact" \
                    else _inner(0.0, terms, "exact", fmt)
                m = rnd(add(m, rnd(s, fmt)), fmt)
        else:
            afmt = fmt if comb == "accM" else F32
            acc = 0.0
            for c in range(0, 32, k):
                terms = _act(g[c:c + k])
                if terms:
                    acc = _inner(acc, terms, inner, afmt)
            m = rnd(add(m, rnd(acc, fmt)), fmt)
    return m


def _perlane(m, groups, fmt, round_product):
    for g in groups:
        for c in _act(g):
            m = rnd(add(m, rnd(c, fmt) if round_product else c), fmt)
    return m


def _once(m, groups, fmt, wave_sum):
    for g in groups:
        m = rnd(add(m, wave_sum(g)), fmt)
    return m


MAIN_MODELS = ["perlane", "f32seq", "f32seq_once", "f32tree_a", "exact", "exact_once", "f16tree_a", "k8_tc2_accM"]


def predict_set(model, m0, groups, fmt, max_orders=2000):
    """final values over distinct orders of applying the groups (atomic order); in-order first"""
    f = model
    n = len(groups)
    if n <= 1:
        return [f(m0, groups)]
    keys = [tuple(map(repr, g)) for g in groups]
    seen, outs = set(), []
    first = f(m0, groups)
    outs.append(first)
    count = 0
    for perm in itertools.permutations(range(n)):
        k = tuple(keys[i] for i in perm)
        if k in seen:
            continue
        seen.add(k)
        count += 1
        if count > max_orders:
            break
        outs.append(f(m0, [groups[i] for i in perm]))
    return outs
