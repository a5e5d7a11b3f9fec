"""An H100's answers to the nvgpu probe (tests/data/nvidia_h100_nvgpu/) decode, and the rules that
docs/hardware-nvidia-h100-nvgpu.md states reproduce every recorded word: the fragment layouts
(lane, element) -> (row, col) per shape and operand, the sparse-metadata placement, ldmatrix's
distribution, cp.async's zero fill, the wait_group guarantee, and the arithmetic (integer
saturation and wrap, tf32 operand truncation, the floating-point accumulation model).

Pure numpy. Each job ran one op on `warps` independent warps; its inputs and outputs are raw
32-bit register words per lane (the data README gives the file format). The layouts below are the
documented formulas, written out per shape as the note states them, independent of the probe's
own packing code (hardware/nvidia-h100/nvgpu/ops.py uses one general rule).
"""

from __future__ import annotations

import gzip
import json
import re
from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np
import pytest

DATA = Path(__file__).parents[1] / "data" / "nvidia_h100_nvgpu"
POISON = 0xEEEEEEEE                 # what the program wrote into every output word before the run
WIDTH = {"f16": 16, "bf16": 16, "tf32": 32, "f32": 32, "f64": 64, "s8": 8, "u8": 8, "s4": 4, "u4": 4, "s32": 32}
INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1


# ------------------------------------------------------------------------------------------------
# reading the files
def _words(name: str) -> np.ndarray:
    with gzip.open(DATA / name, "rb") as f:
        return np.frombuffer(f.read(), dtype="<u4")


def _split(words: np.ndarray, magic: int, header: int) -> list[np.ndarray]:
    assert words[0] == magic and words[1] == 1
    jobs, pos = [], 3
    for _ in range(int(words[2])):
        warps, per_lane = int(words[pos + 1]), int(words[pos + 2])
        pos += header
        jobs.append(words[pos:pos + warps * 32 * per_lane].reshape(warps, 32, per_lane))
        pos += warps * 32 * per_lane
    assert pos == words.size, "trailing words"
    return jobs


@cache
def recorded(run: str = "") -> tuple[list[dict], list[np.ndarray], list[np.ndarray]]:
    """(manifest entries, inputs, outputs) of the main run, the undefined-behaviour run ("ub") or the
    second run ("extra": the accumulators' overflow point)"""
    manifest = json.loads((DATA / "manifest.json").read_text())[run + "_jobs" if run else "jobs"]
    suffix = "_" + run if run else ""
    ins = _split(_words(f"jobs{suffix}.bin.gz"), 0x4A47564E, 4)
    outs = _split(_words(f"results{suffix}.bin.gz"), 0x5247564E, 3)
    return manifest, ins, outs


def jobs_of(*kinds: str, run: str = ""):
    manifest, ins, outs = recorded(run)
    return [(m, i, o) for m, i, o in zip(manifest, ins, outs) if m["kind"] in kinds]


# ------------------------------------------------------------------------------------------------
# ops, from their names: [sp_]mMnNkK_<C type>_<A type> (floats), _<A type>[_sat] (integers)
class Op:
    def __init__(self, name: str) -> None:
        found = re.fullmatch(r"(sp_)?m(\d+)n(\d+)k(\d+)_([a-z0-9_]+?)(_sat)?(?:_sel(\d))?", name)
        assert found, name
        self.name = name
        self.sparse = bool(found.group(1))
        self.m, self.n, self.k = (int(found.group(j)) for j in (2, 3, 4))
        types = found.group(5).split("_")
        self.sat = bool(found.group(6))
        self.selector = int(found.group(7) or 0)
        if len(types) == 2:
            self.ctype, self.atype = types
        else:
            self.atype = types[0]
            self.ctype = "f64" if self.atype == "f64" else "s32"
        self.kst = self.k // 2 if self.sparse else self.k          # stored A columns
        self.a_elems = self.m * self.kst // 32
        self.b_elems = self.k * self.n // 32
        self.c_elems = self.m * self.n // 32
        self.na = self.a_elems * WIDTH[self.atype] // 32
        self.nb = self.b_elems * WIDTH[self.atype] // 32
        self.nc = self.c_elems * WIDTH[self.ctype] // 32


# ------------------------------------------------------------------------------------------------
# the documented layouts: element i of lane (g = lane >> 2, t = lane & 3)
def a_layout(op: Op, i, g, t):
    """A (for sparse A: the stored M x K/2 matrix, which has the dense layout of K/2)"""
    w, k = WIDTH[op.atype], op.kst
    if op.atype == "f64":
        return g, t
    if w == 16 and k == 16:
        return g + 8 * ((i // 2) % 2), 2 * t + i % 2 + 8 * (i // 4)
    if w == 16 and k == 8:
        return g + 8 * (i // 2), 2 * t + i % 2
    if op.atype == "tf32" and k == 8:
        return g + 8 * (i % 2), t + 4 * (i // 2)
    if op.atype == "tf32" and k == 4:
        return g + 8 * i, t
    if w == 8 and k == 32:
        return g + 8 * ((i // 4) % 2), 4 * t + i % 4 + 16 * (i // 8)
    if w == 8 and k == 16:
        return g + 8 * (i // 4), 4 * t + i % 4
    if w == 4 and k == 64:
        return g + 8 * ((i // 8) % 2), 8 * t + i % 8 + 32 * (i // 16)
    if w == 4 and k == 32:
        return g + 8 * (i // 8), 8 * t + i % 8
    raise AssertionError(op.name)


def b_layout(op: Op, i, g, t):
    """B (K x N): (k, n)"""
    w = WIDTH[op.atype]
    if op.atype == "f64":
        return t, g
    if w == 16:
        return 2 * t + i % 2 + 8 * (i // 2), g
    if op.atype == "tf32":
        return t + 4 * i, g
    if w == 8:
        return 4 * t + i % 4 + 16 * (i // 4), g
    return 8 * t + i % 8 + 32 * (i // 8), g


def c_layout(op: Op, i, g, t):
    """C and D (M x N)"""
    if op.m == 8:
        return g, 2 * t + i
    return g + 8 * (i // 2), 2 * t + i % 2


def meta_source(op: Op, row, cc, lane):
    """the metadata word (lane) and bit offset holding the index of the stored A element at
    (row, stored column cc) of `lane`; 16-bit/tf32: 4 chunks of row g in bits 0-15, of row g + 8 in
    bits 16-31; 8-bit: 8 chunks of one row per word"""
    quad, half = lane & ~3, row // 8
    chunk, slot = (cc, 0 * cc) if op.atype == "tf32" else (cc // 2, cc % 2)
    if WIDTH[op.atype] == 8:
        thread = 2 * (op.selector if op.k == 32 else chunk // 8) + half
        return quad + thread, 4 * (chunk % 8) + 2 * slot
    chunks_per_row = op.kst if op.atype == "tf32" else op.kst // 2
    thread = op.selector + 0 * chunk if chunks_per_row == 4 else 2 * op.selector + chunk // 4
    return quad + thread, 16 * half + 4 * (chunk % 4) + 2 * slot


def grid(count: int):
    """(i, g, t, lane) arrays of shape (32, count)"""
    lane = np.arange(32)[:, None]
    i = np.arange(count)[None, :]
    return i + 0 * lane, lane >> 2 | 0 * i, lane & 3 | 0 * i, lane + 0 * i


# ------------------------------------------------------------------------------------------------
# register words <-> element bits <-> values
def elements(words: np.ndarray, t: str) -> np.ndarray:
    """(..., words) uint32 -> (..., elements) uint64 bits; element 0 in the low bits"""
    w = words.astype(np.uint64)
    if WIDTH[t] == 64:
        return w[..., 0::2] | (w[..., 1::2] << np.uint64(32))
    per = 32 // WIDTH[t]
    shifts = np.arange(per, dtype=np.uint64) * np.uint64(WIDTH[t])
    e = (w[..., None] >> shifts) & np.uint64((1 << WIDTH[t]) - 1)
    return e.reshape(*w.shape[:-1], -1)


def words_of(bits: np.ndarray, t: str) -> np.ndarray:
    b = bits.astype(np.uint64)
    if WIDTH[t] == 64:
        return np.stack([b & np.uint64(0xFFFFFFFF), b >> np.uint64(32)], axis=-1).reshape(*b.shape[:-1], -1)
    per = 32 // WIDTH[t]
    b = b.reshape(*b.shape[:-1], -1, per)
    shifts = np.arange(per, dtype=np.uint64) * np.uint64(WIDTH[t])
    return (b << shifts).sum(axis=-1, dtype=np.uint64)


def values(bits: np.ndarray, t: str) -> np.ndarray:
    with np.errstate(invalid="ignore"):           # signalling NaNs are widened as they are
        return _values(bits.astype(np.uint64), t)


def _values(b: np.ndarray, t: str) -> np.ndarray:
    if t == "f16":
        return b.astype(np.uint16).view(np.float16).astype(np.float64)
    if t == "bf16":
        return (b << np.uint64(16)).astype(np.uint32).view(np.float32).astype(np.float64)
    if t in ("f32", "tf32"):
        return b.astype(np.uint32).view(np.float32).astype(np.float64)
    if t == "f64":
        return b.view(np.float64)
    v = b.astype(np.int64)
    if t[0] == "s":
        v = np.where(v >= 1 << (WIDTH[t] - 1), v - (1 << WIDTH[t]), v)
    return v


def bits_of(v: np.ndarray, t: str) -> np.ndarray:
    if t == "f16":
        return v.astype(np.float16).view(np.uint16).astype(np.uint64)
    if t == "f32":
        return v.astype(np.float32).view(np.uint32).astype(np.uint64)
    if t == "f64":
        return v.astype(np.float64).view(np.uint64)
    return (v.astype(np.int64) & 0xFFFFFFFF).astype(np.uint64)


# ------------------------------------------------------------------------------------------------
# an mma job's matrices, by the documented layouts
def matrices(op: Op, words: np.ndarray):
    """values: A stored (x, M, K or K/2), B (x, K, N), C (x, M, N); metadata words (x, 32)"""
    x = words.shape[0]
    a = elements(words[..., :op.na], op.atype)
    b = elements(words[..., op.na:op.na + op.nb], op.atype)
    c = elements(words[..., op.na + op.nb:op.na + op.nb + op.nc], op.ctype)
    meta = words[..., op.na + op.nb + op.nc].astype(np.int64) if op.sparse else None
    out = []
    for lane_bits, layout, count, shape, t in [(a, a_layout, op.a_elems, (op.m, op.kst), op.atype),
                                              (b, b_layout, op.b_elems, (op.k, op.n), op.atype),
                                              (c, c_layout, op.c_elems, (op.m, op.n), op.ctype)]:
        i, g, t_, _ = grid(count)
        rows, cols = layout(op, i, g, t_)
        mat = np.zeros((x,) + shape, dtype=np.uint64)
        mat[:, rows, cols] = lane_bits
        hit = np.zeros(shape, int)
        np.add.at(hit, (rows, cols), 1)
        assert (hit == 1).all(), "a layout must place every element exactly once"
        out.append(values(mat, t))
    return out[0], out[1], out[2], meta


def decompress(op: Op, a_stored: np.ndarray, meta: np.ndarray) -> np.ndarray:
    """dense A (x, M, K) from the stored values and the metadata (indices that coincide add up)"""
    x = a_stored.shape[0]
    i, g, t, lane = grid(op.a_elems)
    rows, cc = a_layout(op, i, g, t)
    src, bit = meta_source(op, rows, cc, lane)
    dense = np.zeros((x, op.m, op.k), dtype=a_stored.dtype)
    cases = np.arange(x)[:, None, None]
    field = meta[:, src] >> bit
    if op.atype == "tf32":
        col = 2 * cc + np.where((field & 0xF) == 0xE, 1, 0)
    else:
        col = 4 * (cc // 2) + (field & 3)
    np.add.at(dense, (cases, np.broadcast_to(rows, col.shape), col), a_stored[:, rows, cc])
    return dense


def d_words(op: Op, d: np.ndarray) -> np.ndarray:
    """D matrix values (x, M, N) -> output words (x, 32, words)"""
    i, g, t, _ = grid(op.c_elems)
    rows, cols = c_layout(op, i, g, t)
    return words_of(bits_of(d[:, rows, cols], op.ctype), op.ctype)


def observed_d(op: Op, out: np.ndarray) -> np.ndarray:
    i, g, t, _ = grid(op.c_elems)
    rows, cols = c_layout(op, i, g, t)
    d = np.zeros((out.shape[0], op.m, op.n), np.uint64)
    d[:, rows, cols] = elements(out, op.ctype)
    return values(d, op.ctype)


# ------------------------------------------------------------------------------------------------
def test_the_recorded_run_decodes_and_every_output_word_was_written():
    manifest, ins, outs = recorded()
    assert len(manifest) == len(ins) == len(outs) == 137
    for m, i, o in zip(manifest, ins, outs):
        assert i.shape == (m["warps"], 32, m["nin"]) and o.shape == (m["warps"], 32, m["nout"]), m["job"]
        assert not (o == POISON).any(), m["job"]
    env = (DATA / "run_env.txt").read_text()
    assert "H100" in env and "compute capability: 9.0" in env


def test_op_names_carry_the_word_counts_that_the_program_used():
    for m, _, _ in jobs_of("cmap"):
        op = Op(m["op_name"])
        assert m["nin"] == op.na + op.nb + op.nc + op.sparse and m["nout"] == op.nc


MAP_JOBS = [m["op_name"] + " " + m["kind"] for m, _, _ in jobs_of("map", "cmap")]


@pytest.mark.parametrize("job", MAP_JOBS)
def test_documented_fragment_layouts_reproduce_every_probe_word(job):
    """B one-hot against coded A (and C coded against A = B = 0): D = A B + C with the layouts
    gives every output word, bit for bit; any other layout differs, up to relabelling rows, k or n"""
    name, kind = job.split()
    (_m, words, out), = [(m, i, o) for m, i, o in jobs_of(kind) if m["op_name"] == name]
    op = Op(name)
    a, b, c, meta = matrices(op, words)
    if op.sparse:
        a = decompress(op, a, meta)
    d = np.einsum("xmk,xkn->xmn", a, b) + c + (0.0 if a.dtype.kind == "f" else 0)
    np.testing.assert_array_equal(d_words(op, d), out.astype(np.uint64))


@pytest.mark.parametrize("name", sorted({m["op_name"] for m, _, _ in jobs_of("meta")}))
def test_metadata_placement_reproduces_every_sparse_word(name):
    """random metadata in every lane, stored values 1 and 2, B selecting 8 columns of A at a time:
    the placement rule gives every output word (the undefined equal-index nibbles included: both
    values land on the one index)"""
    (_m, words, out), = [(m, i, o) for m, i, o in jobs_of("meta") if m["op_name"] == name]
    op = Op(name)
    a, b, c, meta = matrices(op, words)
    d = np.einsum("xmk,xkn->xmn", decompress(op, a, meta), b) + c
    np.testing.assert_array_equal(d_words(op, d), out.astype(np.uint64))


def test_metadata_rule_reads_only_the_selected_threads():
    """the rule that reproduced the meta jobs (random metadata in all 32 lanes) reads the selector's
    thread (m16n8k16), its thread pair (m16n8k32) or all four threads (m16n8k64) of each quad, so
    the other lanes' metadata did not count"""
    for m, _, _ in jobs_of("meta"):
        op = Op(m["op_name"])
        i, g, t, lane = grid(op.a_elems)
        rows, cc = a_layout(op, i, g, t)
        src, _ = meta_source(op, rows, cc, lane)
        threads = set((src & 3).ravel().tolist())
        chunks_per_row = op.kst if op.atype == "tf32" else op.kst // 2
        if chunks_per_row == 4:
            assert threads == {op.selector}
        elif op.k == 64:
            assert threads == {0, 1, 2, 3}
        else:
            assert threads == {2 * op.selector, 2 * op.selector + 1}


def test_ldmatrix_gives_each_lane_the_documented_words():
    """x1/x2/x4 (.trans): tile q's row r comes from the address of lane 8q + r; without .trans lane L
    gets b16 elements 2(L%4), 2(L%4)+1 of row L/4, with .trans elements (rows 2(L%4), 2(L%4)+1,
    column L/4); lanes beyond 8 * tiles are ignored (they held other rows)"""
    for m, words, out in jobs_of("ldmatrix"):
        tiles = {1: 1, 2: 2, 4: 4}[m["nout"]]
        trans = m["op_name"].endswith("trans")
        row = words[:, :, 0].astype(np.int64) // 2          # element index of each lane's row
        lane = np.arange(32)
        for q in range(tiles):
            if trans:
                lo = row[:, 8 * q + 2 * (lane % 4)] + lane // 4
                hi = row[:, 8 * q + 2 * (lane % 4) + 1] + lane // 4
            else:
                lo = row[:, 8 * q + lane // 4] + 2 * (lane % 4)
                hi = lo + 1
            np.testing.assert_array_equal(out[:, :, q], lo | hi << 16)   # buffer element e holds e


def pattern(offset: int, count: int) -> list[int]:
    return [(x ^ (x >> 8)) & 0xFF for x in range(offset, offset + count)]


def test_cp_async_copies_src_size_bytes_and_zero_fills_the_rest():
    for m, words, out in jobs_of("cp_async"):
        cp = m["cp_size"]
        got = out.astype("<u4").view(np.uint8).reshape(-1, 32, 32)
        for w in range(words.shape[0]):
            for lane in range(32):
                offset, size = (int(v) for v in words[w, lane])
                assert size <= cp
                want = pattern(offset, size) + [0] * (cp - size) + [0xA5] * (32 - cp)   # 0xA5: untouched
                assert list(got[w, lane]) == want, (m["op_name"], lane, size)


def test_cp_async_src_size_beyond_cp_size_copies_its_remainder_on_this_h100():
    """undefined in PTX; the H100 copied ((src-size - 1) mod cp-size) + 1 bytes, zero-filled the rest
    of cp-size and wrote nothing beyond it"""
    for m, words, out in jobs_of("cp_async_undefined", run="ub"):
        cp = m["cp_size"]
        got = out.astype("<u4").view(np.uint8).reshape(-1, 32, 32)
        for lane in range(32):
            offset, size = (int(v) for v in words[0, lane])
            assert size >= cp
            n = (size - 1) % cp + 1
            assert list(got[0, lane]) == pattern(offset, n) + [0] * (cp - n) + [0xA5] * (32 - cp)


def test_wait_group_never_returned_before_the_older_groups_landed():
    """wait_group N: every group but the N newest had landed (both recorded runs); empty groups
    count; after wait_group 0 all had"""
    second = np.load(DATA / "group_run2.npz")
    for m, _, out in jobs_of("group"):
        runs = [out, second[f"job{m['job']}"]]
        for r in runs:
            first, after = r[:, :, 0], r[:, :, 1]
            if m["op_name"] == "group_empty_wait3":
                assert ((first & 1) == 1).all() and ((after & 1) == 1).all()
                continue
            assert (after == 0xF).all()
            wait = {"group_nowait": 4, "group_wait0": 0, "group_wait1": 1, "group_wait2": 2, "group_wait3": 3}[m["op_name"]]
            must = (1 << (4 - wait)) - 1 if wait < 4 else 0
            assert ((first & must) == must).all(), m["op_name"]


def test_integer_mma_saturates_once_with_satfinite_and_wraps_without():
    for m, words, out in jobs_of("arith_int", "arith_sparse"):
        op = Op(m["op_name"])
        if op.ctype != "s32":
            continue
        a, b, c, meta = matrices(op, words)
        if op.sparse:
            a = decompress(op, a, meta)
        exact = np.einsum("xmk,xkn->xmn", a, b) + c          # int64, exact
        want = np.clip(exact, INT32_MIN, INT32_MAX) if op.sat else (exact - INT32_MIN) % 2**32 + INT32_MIN
        np.testing.assert_array_equal(observed_d(op, out), want, err_msg=op.name)


def test_tf32_operands_are_truncated_to_ten_fraction_bits():
    """D = A I (then I B) with fp32 bit patterns: the operand used is the pattern with its low 13
    bits cleared (subnormals kept); a NaN whose payload sits in those bits becomes Inf"""
    for m, words, out in jobs_of("tf32_convert_a", "tf32_convert_b"):
        op = Op(m["op_name"])
        raw = np.zeros((words.shape[0],) + ((op.m, op.k) if m["kind"].endswith("a") else (op.k, op.n)), np.uint64)
        part = slice(0, op.na) if m["kind"].endswith("a") else slice(op.na, op.na + op.nb)
        layout = a_layout if m["kind"].endswith("a") else b_layout
        i, g, t, _ = grid(op.a_elems if m["kind"].endswith("a") else op.b_elems)
        rows, cols = layout(op, i, g, t)
        raw[:, rows, cols] = elements(words[..., part], "tf32")
        used = values(raw & np.uint64(0xFFFFE000), "f32")
        a, b, c, _ = matrices(op, words)
        if m["kind"].endswith("a"):
            a = used
        else:
            b = used
        with np.errstate(invalid="ignore"):
            want = np.einsum("xmk,xkn->xmn", a, b) + c
        d = observed_d(op, out)
        nan = np.isnan(want)
        np.testing.assert_array_equal(bits_of(d[~nan], "f32"), bits_of(want[~nan], "f32"))
        assert np.isnan(d[nan]).all()
        low_payload_nan = raw == 0x7F800001
        if low_payload_nan.any() and m["kind"].endswith("b"):
            seen_inf = np.isinf(d) & np.isinf(want)
            assert seen_inf.any()


def tensor_core_sum(p: np.ndarray, e: np.ndarray, c: np.ndarray, out: str) -> np.ndarray:
    """the documented model: the K exact products and C, each truncated toward zero to a multiple
    of 2^(top - 25), top = max(ea + eb over nonzero products, floor(log2 |C|)), added exactly; the
    sum rounded RNE to f16, or toward zero to f32 with Inf from 2^128 up; a zero result is +0"""
    pe = np.where(p == 0, -10000, e)
    ce = np.where(c == 0, -10000, np.frexp(np.abs(c))[1] - 1)
    top = np.maximum(np.maximum(pe.max(axis=-1), ce), -900)
    scale = np.ldexp(1.0, 25 - top)
    terms = np.concatenate([c[..., None], p], axis=-1)
    s = (np.trunc(terms * scale[..., None]).sum(axis=-1) / scale) + 0.0
    if out == "f16":
        with np.errstate(over="ignore"):
            return s.astype(np.float16).astype(np.float64)
    with np.errstate(over="ignore"):
        y = s.astype(np.float32)
    y = np.where(np.abs(y.astype(np.float64)) > np.abs(s), np.nextafter(y, np.float32(0)), y)
    return np.where(np.abs(s) >= 2.0**128, np.copysign(np.inf, s), y)


EMIN = {"f16": -14, "bf16": -126, "tf32": -126}
FLOAT_OPS = sorted({m["op_name"] for m, _, _ in jobs_of("arith_rows", "arith_sparse")
                    if Op(m["op_name"]).ctype in ("f16", "f32")})


@pytest.mark.parametrize("name", FLOAT_OPS)
def test_tensor_core_model_reproduces_every_finite_result(name):
    op = Op(name)
    for m, words, out in jobs_of("arith_rows", "arith_random", "arith_sparse"):
        if m["op_name"] != name:
            continue
        a, b, c, meta = matrices(op, words)
        if op.sparse:
            a = decompress(op, a, meta)
        with np.errstate(invalid="ignore", over="ignore"):
            p = a[:, :, None, :] * np.swapaxes(b, 1, 2)[:, None, :, :]
        ea = np.maximum(np.frexp(np.abs(a))[1] - 1, EMIN[op.atype])
        eb = np.maximum(np.frexp(np.abs(b))[1] - 1, EMIN[op.atype])
        e = ea[:, :, None, :] + np.swapaxes(eb, 1, 2)[:, None, :, :]
        d = observed_d(op, out)
        finite = np.isfinite(p).all(axis=-1) & np.isfinite(c) & np.isfinite(d)
        want = tensor_core_sum(p[finite], e[finite], c[finite], op.ctype)
        np.testing.assert_array_equal(bits_of(d[finite], op.ctype), bits_of(want, op.ctype), err_msg=m["kind"])


@pytest.mark.parametrize("name", [m["op_name"] for m, _, _ in jobs_of("arith_overflow", run="extra")])
def test_tensor_core_model_reproduces_the_overflow_point(name):
    """D = C + p (+ p) with C at or near the largest finite value: f32 results stay at the maximum
    up to a sum below 2^128 and are Inf from 2^128 on; f16 results round to nearest even (65520: Inf)"""
    (_m, words, out), = [(m, w, o) for m, w, o in jobs_of("arith_overflow", run="extra") if m["op_name"] == name]
    op = Op(name)
    a, b, c, _ = matrices(op, words)
    p = a[:, :, None, :] * np.swapaxes(b, 1, 2)[:, None, :, :]
    ea = np.maximum(np.frexp(np.abs(a))[1] - 1, EMIN[op.atype])
    eb = np.maximum(np.frexp(np.abs(b))[1] - 1, EMIN[op.atype])
    e = ea[:, :, None, :] + np.swapaxes(eb, 1, 2)[:, None, :, :]
    d = observed_d(op, out)
    assert np.isinf(d).sum() >= 13
    np.testing.assert_array_equal(bits_of(d, op.ctype), bits_of(tensor_core_sum(p, e, c, op.ctype), op.ctype))


def test_hmma_nan_results_are_canonical_and_zero_results_positive():
    for m, _, out in jobs_of("arith_rows", "arith_random", "arith_special", "arith_sparse"):
        op = Op(m["op_name"])
        if op.ctype not in ("f16", "f32"):
            continue
        bits = elements(out, op.ctype)
        d = values(bits, op.ctype)
        assert (bits[np.isnan(d)] == (0x7FFF if op.ctype == "f16" else 0x7FFFFFFF)).all()
        assert not (np.signbit(d) & (d == 0)).any()


def test_f64_mma_is_a_chain_of_fmas_in_k_order():
    """D = fma(a3, b3, fma(a2, b2, fma(a1, b1, fma(a0, b0, c)))), each rounded to nearest even
    (values compared; a sample of the random cases, exact rationals)"""
    def fma(x, y, z):
        return float(Fraction(x) * Fraction(y) + Fraction(z))
    checked = 0
    for m, words, out in jobs_of("arith_random"):
        if m["op_name"] != "m8n8k4_f64":
            continue
        op = Op(m["op_name"])
        a, b, c, _ = matrices(op, words)
        d = observed_d(op, out)
        for x in range(0, a.shape[0], 4):
            for r in range(op.m):
                for n in range(op.n):
                    acc = float(c[x, r, n])
                    for k in range(op.k):
                        acc = fma(float(a[x, r, k]), float(b[x, k, n]), acc)
                    assert acc == d[x, r, n]
                    checked += 1
    assert checked == 12 * 64
