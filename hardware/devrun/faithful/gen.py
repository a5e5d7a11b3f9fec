"""The inputs and vkrun job files of the faithful probes (issue 23 section 2), deterministic.

Runs on the GPU machine (Python 3.12 + numpy) and here (the analysis regenerates the same inputs).
Every input comes from `mix`, a splitmix64 hash of the index, so no random-generator version
matters.

    python3 gen.py RUN_DIR          # writes RUN_DIR/{*.bin, jobs_*.txt}
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

# (name, arity): the FN specialization constant of transc32/transc16 is the index
FUNCTIONS = (("exp", 1), ("exp2", 1), ("log", 1), ("log2", 1), ("sin", 1), ("cos", 1), ("tan", 1),
             ("asin", 1), ("acos", 1), ("atan", 1), ("sinh", 1), ("cosh", 1), ("tanh", 1),
             ("asinh", 1), ("acosh", 1), ("atanh", 1), ("sqrt", 1), ("inversesqrt", 1), ("rcp", 1),
             ("pow", 2), ("atan2", 2), ("div", 2))
N32 = 1 << 20           # float32 inputs a function
N16_UNARY = 1 << 16     # every float16 bit pattern
N16_BINARY = 1 << 20    # float16 pairs
POW_Y16 = (0.5, 2.0, 3.0, -1.0, 0.333251953125, 0.0999755859375, 10.0, -2.5)  # all float16-exact
RACE_WORKGROUPS = 512   # of 128 invocations
RACE_REPEATS = 3
SHUFFLE_AMOUNTS = (0, 1, 5, 31, 32, 33, 64, 0xFFFFFFFF, 1)  # the 9th is the branch's amount
OPA_SHAPES = ((4, 8), (8, 8), (16, 16), (16, 32), (32, 16))
OPA_FOOTPRINT = {(4, 8): 128, (8, 8): 128, (16, 16): 512, (16, 32): 1536, (32, 16): 1536}  # nvidia-h100 TrainingOptimal
OPA_FILL = 0x3800       # float16 0.5 in every slot before the accumulate
BF16_CASES = 512
BLOCK_STORES = ((1, 1), (2, 1), (1, 2), (2, 2), (4, 4), (16, 1), (1, 16), (3, 5))
BLOCK_SENTINEL = -7.0
INT_A32 = (0, 1, -1, 2, -2, 3, 7, -7, 100, -100, 0x7FFFFFFF, -0x80000000, -0x7FFFFFFF, 0x40000000,
           12345678, -12345678, 0xFFFF, 0x10000)
INT_B32 = (0, 1, -1, 2, -2, 3, -3, 7, 0x7FFFFFFF, -0x80000000, 0xFFFF, 0x10000)


def mix(index: np.ndarray, salt: int) -> np.ndarray:
    """splitmix64 of (index + salt * golden): 64 well-mixed bits per index."""
    with np.errstate(over="ignore"):
        z = index.astype(np.uint64) + np.uint64((salt * 0x9E3779B97F4A7C15) & (2**64 - 1))
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return z ^ (z >> np.uint64(31))


def f32_inputs(salt: int, uniform_half_width: float) -> np.ndarray:
    """N32 float32 bit patterns: every float16 value widened, random bits, uniform in +-width."""
    out = np.empty(N32, np.uint32)
    out[:65536] = np.arange(65536, dtype=np.uint16).view(np.float16).astype(np.float32).view(np.uint32)
    rest = N32 - 65536
    h = mix(np.arange(N32, dtype=np.uint64), salt)
    half = rest // 2
    out[65536:65536 + half] = (h[65536:65536 + half] & np.uint64(0xFFFFFFFF)).astype(np.uint32)
    u = (h[65536 + half:] >> np.uint64(40)).astype(np.float64) / 2.0**24   # 24 bits: exact in float32
    out[65536 + half:] = ((u * 2 - 1) * uniform_half_width).astype(np.float32).view(np.uint32)
    return out


def transc32_inputs() -> tuple[np.ndarray, np.ndarray]:
    return f32_inputs(1, 32.0), f32_inputs(2, 8.0)


def transc16_inputs() -> tuple[np.ndarray, np.ndarray]:
    """X, Y (low 16 bits): the first 8 x 65536 pairs are every x with each POW_Y16; then random."""
    x = np.empty(N16_BINARY, np.uint32)
    y = np.empty(N16_BINARY, np.uint32)
    grid = 65536 * len(POW_Y16)
    x[:grid] = np.tile(np.arange(65536, dtype=np.uint32), len(POW_Y16))
    y[:grid] = np.repeat(np.array(POW_Y16, np.float16).view(np.uint16).astype(np.uint32), 65536)
    h = mix(np.arange(grid, N16_BINARY, dtype=np.uint64), 3)
    x[grid:] = (h & np.uint64(0xFFFF)).astype(np.uint32)
    y[grid:] = ((h >> np.uint64(16)) & np.uint64(0xFFFF)).astype(np.uint32)
    return x, y


def intdiv_inputs(bits: int) -> tuple[np.ndarray, np.ndarray]:
    """1024 (a, b) pairs: every INT_A x INT_B (scaled to the width), then random with b = 0 one in 4."""
    lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1

    def fit(values):
        return [min(max(v if abs(v) < 0x10000 or bits > 16 else (hi if v > 0 else lo), lo), hi) for v in values]

    extremes_a = fit(INT_A32) + ([hi, lo, lo + 1] if bits != 32 else [])
    extremes_b = fit(INT_B32) + ([hi, lo] if bits != 32 else [])
    pairs = [(a, b) for a in extremes_a for b in extremes_b]
    n = 1024
    h = mix(np.arange(n - len(pairs), dtype=np.uint64), 10 + bits)
    mask = (1 << bits) - 1
    a = [(int(v) & mask) for v in h]
    b = [(int(v >> np.uint64(32)) & mask) if int(v) % 4 else 0 for v in h]
    a = [v - (1 << bits) if v >> (bits - 1) else v for v in a]
    b = [v - (1 << bits) if v >> (bits - 1) else v for v in b]
    pairs += list(zip(a, b))
    dtype = np.int64 if bits == 64 else np.int32
    return np.array([p[0] for p in pairs], dtype), np.array([p[1] for p in pairs], dtype)


def race_targets() -> np.ndarray:
    """The word each invocation stores to (0xFFFFFFFF: none); see race.comp. Workgroups of 128:
    0-63 all 128 to one word; 64-127 each warp to its own word; 128-255 random groups inside one
    warp (some lanes idle); 256-319 random groups across the workgroup's warps; 320-511 each
    invocation index j stores with the same j of 2-8 other workgroups (cross-workgroup)."""
    n = RACE_WORKGROUPS * 128
    t = np.full(n, 0xFFFFFFFF, np.uint32)
    g = np.arange(n)
    wg, local = g // 128, g % 128
    t[wg < 64] = wg[wg < 64]
    sel = (wg >= 64) & (wg < 128)
    t[sel] = 64 + (wg[sel] - 64) * 4 + local[sel] // 32
    h = mix(np.arange(n, dtype=np.uint64), 20)
    base = 512
    # inside one warp: a random group number 0..7 per lane, 8 = idle
    sel = (wg >= 128) & (wg < 256)
    group = (h % np.uint64(9)).astype(np.int64)
    warp_id = g // 32
    words = base + warp_id * 9 + group
    keep = sel & (group < 8)
    t[keep] = words[keep]
    base = 512 + (n // 32) * 9
    # across warps of one workgroup: a random group 0..31 per invocation
    sel = (wg >= 256) & (wg < 320)
    group = ((h >> np.uint64(8)) % np.uint64(32)).astype(np.int64)
    t[sel] = (base + wg * 32 + group)[sel]
    base += RACE_WORKGROUPS * 32
    # across workgroups: workgroups 320.. in runs of 2..8 share words by local index
    sel = wg >= 320
    runs = []
    w = 320
    k = 0
    while w < RACE_WORKGROUPS:
        size = min(2 + int(mix(np.array([k], np.uint64), 21)[0] % np.uint64(7)), RACE_WORKGROUPS - w)
        runs.append((w, size))
        w += size
        k += 1
    for first, size in runs:
        for member in range(size):
            idx = (first + member) * 128 + np.arange(128)
            t[idx] = base + first * 128 + np.arange(128)
    assert t[sel].max() < base + RACE_WORKGROUPS * 128
    return t


RACE_WORDS = 512 + (RACE_WORKGROUPS * 128 // 32) * 9 + RACE_WORKGROUPS * 32 + RACE_WORKGROUPS * 128


def opa_sizes(shape: tuple[int, int]) -> list[int]:
    full = OPA_FOOTPRINT[shape]
    sizes = {4, 16, 32, 48, 64, 96, full // 2, full - 32, full, 2 * full}
    return sorted(s for s in sizes if 0 < s <= 2 * full)


def bf16_muladd_inputs() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A, B as bfloat16 bits (uint16, 256 a case), C float32 (256 a case). Case k: k % 4 == 0
    random normals, 1: wide exponents, 2: cancelling products, 3: random bit patterns (finite)."""
    n = BF16_CASES * 256
    i = np.arange(n, dtype=np.uint64)
    ha, hb, hc = mix(i, 30), mix(i, 31), mix(i, 32)

    def normalish(h, spread):
        u1 = ((h >> np.uint64(11)) & np.uint64(0xFFFFF)).astype(np.float64) / 2**20
        e = ((h >> np.uint64(40)) % np.uint64(2 * spread + 1)).astype(np.float64) - spread
        s = np.where((h & np.uint64(1)) == 1, -1.0, 1.0)
        return s * (1 + u1) * 2.0**e

    def to_bf16(x):
        bits = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
        rounded = (bits + np.uint64(0x7FFF) + ((bits >> np.uint64(16)) & np.uint64(1))) >> np.uint64(16)
        return rounded.astype(np.uint16)

    kind = (i // np.uint64(256)) % np.uint64(4)
    a = np.where(kind == 1, normalish(ha, 40), normalish(ha, 3))
    b = np.where(kind == 1, normalish(hb, 40), normalish(hb, 3))
    c = np.where(kind == 1, normalish(hc, 60), normalish(hc, 6)).astype(np.float32)
    abits, bbits = to_bf16(a), to_bf16(b)
    raw = kind == 3
    abits[raw] = (ha[raw] & np.uint64(0x7F7F)).astype(np.uint16) | ((ha[raw] >> np.uint64(20)) & np.uint64(0x8000)).astype(np.uint16)
    bbits[raw] = (hb[raw] & np.uint64(0x7F7F)).astype(np.uint16) | ((hb[raw] >> np.uint64(20)) & np.uint64(0x8000)).astype(np.uint16)
    # kind 2: B's column j equals A's row j times -1 except one element: products cancel pairwise
    for case in range(2, BF16_CASES, 4):
        s = slice(case * 256, case * 256 + 256)
        am = abits[s].reshape(16, 16)
        bm = am.T.copy() ^ np.uint16(0x8000)
        bm[0, :] ^= np.uint16(0x8000)
        bbits[s] = bm.reshape(-1)
    return abits, bbits, c


def write(run: Path) -> None:
    run.mkdir(parents=True, exist_ok=True)
    jobs: dict[str, list[str]] = {}

    def job(group: str, lines: list[str]) -> None:
        jobs.setdefault(group, []).extend(lines + ["end", ""])

    for bits in (32, 16, 64):
        a, b = intdiv_inputs(bits)
        a.tofile(run / f"intdiv{bits}_a.bin")
        b.tofile(run / f"intdiv{bits}_b.bin")
        size = 5 * a.size * a.itemsize
        job("int", [f"run intdiv{bits}", f"module spv/intdiv{bits}.spv", f"buffer 0 0 0 intdiv{bits}_a.bin",
                    f"buffer 0 1 0 intdiv{bits}_b.bin", f"buffer 0 2 {size} -", "keep 0 2", "dispatch 16 1 1"])
    job("int", ["run intdiv_cv", "module spv/intdiv_cv.spv", "buffer 0 0 0 intdiv32_a.bin",
                "buffer 0 1 0 intdiv32_b.bin", f"buffer 0 2 {2 * 1024 * 4} -", "keep 0 2", "dispatch 4 1 1"])
    t = race_targets()
    t.tofile(run / "race_t.bin")
    for mode in (0, 1, 2):
        job("race", [f"run race{mode}", "module spv/race.spv", "buffer 0 0 0 race_t.bin",
                     f"buffer 0 1 {RACE_WORDS * 4} -", f"spec 0 {mode}", f"dispatch {RACE_WORKGROUPS} 1 1",
                     f"repeats {RACE_REPEATS}", "dumprepeats", "keep 0 1"])
    np.array(SHUFFLE_AMOUNTS, np.uint32).tofile(run / "shuffle_d.bin")
    job("race", ["run shuffle", "module spv/shuffle.spv", "buffer 0 0 0 shuffle_d.bin",
                 f"buffer 0 1 {36 * 128 * 4} -", "keep 0 1", "dispatch 2 1 1"])
    x32, y32 = transc32_inputs()
    x32.tofile(run / "t32_x.bin")
    y32.tofile(run / "t32_y.bin")
    x16, y16 = transc16_inputs()
    x16.tofile(run / "t16_x.bin")
    y16.tofile(run / "t16_y.bin")
    for fn, (name, arity) in enumerate(FUNCTIONS):
        job("transc32", [f"run t32_{name}", "module spv/transc32.spv", "buffer 0 0 0 t32_x.bin", "buffer 0 1 0 t32_y.bin",
                       f"buffer 0 2 {N32 * 4} -", f"spec 0 {fn}", "keep 0 2", f"dispatch {N32 // 256} 1 1"])
        n16 = N16_BINARY if arity == 2 else N16_UNARY
        job("transc16", [f"run t16_{name}", "module spv/transc16.spv", "buffer 0 0 0 t16_x.bin", "buffer 0 1 0 t16_y.bin",
                       f"buffer 0 2 {n16 * 4} -", f"spec 0 {fn}", "keep 0 2", f"dispatch {n16 // 256} 1 1"])
    job("transc32", ["run roundtrip", "module spv/roundtrip.spv", "buffer 0 0 0 t32_x.bin", f"buffer 0 1 {3 * N32 * 4} -",
                   "keep 0 1", f"dispatch {N32 // 256} 1 1"])
    job("bf16", ["run bf16conv", "module spv/bf16conv.spv", "buffer 0 0 0 t32_x.bin", f"buffer 0 1 {4 * N32 * 4} -",
                 "keep 0 1", f"dispatch {N32 // 256} 1 1"])
    a, b, c = bf16_muladd_inputs()
    a.tofile(run / "mm_a.bin")
    b.tofile(run / "mm_b.bin")
    c.tofile(run / "mm_c.bin")
    job("bf16", ["run bf16_muladd", "module spv/bf16_muladd.spv", "needs matrix 1000141000 16 16 0 3 0",
                 "buffer 0 0 0 mm_a.bin", "buffer 0 1 0 mm_b.bin", "buffer 0 2 0 mm_c.bin",
                 f"buffer 0 3 {BF16_CASES * 1024} -", "keep 0 3", f"dispatch {BF16_CASES} 1 1"])
    src = np.arange(1, 257, dtype=np.float32)
    src.tofile(run / "blk_src.bin")
    np.full(64 * 64, BLOCK_SENTINEL, np.float32).tofile(run / "blk_dst.bin")
    for bs0, bs1 in BLOCK_STORES:
        for dim0, dim1 in ((16, 16), (64, 64)):
            job("block", [f"run block_{bs0}x{bs1}_{dim0}", "module spv/tensor_block_store.spv",
                          "buffer 0 0 0 blk_src.bin", f"buffer 0 1 {64 * 64 * 4} blk_dst.bin",
                          f"spec 0 {bs0}", f"spec 1 {bs1}", f"spec 2 {dim0}", f"spec 3 {dim1}",
                          "keep 0 1", "dispatch 1 1 1"])
    for m, n in OPA_SHAPES:
        full = OPA_FOOTPRINT[(m, n)]
        for size in opa_sizes((m, n)):
            np.full(size // 2, OPA_FILL, np.uint16).tofile(run / f"opa_fill_{size}.bin")
        for key in ("to", "rm"):
            for size in opa_sizes((m, n)):
                job(f"opa_{key}", [f"run opa_{key}_{m}x{n}_s{size}", f"module spv/opa_{key}_{m}x{n}.spv",
                                   f"buffer 0 1 {size} opa_fill_{size}.bin", "dispatch 1 1 1"])
            for offset in (64, 128):
                size = full
                job(f"opa_{key}", [f"run opa_{key}_{m}x{n}_s{size}_o{offset}", f"module spv/opa_{key}_{m}x{n}.spv",
                                   f"buffer 0 1 {size} opa_fill_{size}.bin", f"spec 0 {offset}", "dispatch 1 1 1"])
    manifest = json.loads((Path(__file__).resolve().parent / "slang" / "manifest.json").read_text())
    for test in manifest["tests"]:
        # Slang names the SPIR-V entry point "main" (no -fvk-use-entrypoint-name), whatever the source calls it
        lines = [f"run slang_{test['key']}", f"module slang/{test['key']}.spv", "entry main"]
        for b in test["buffers"]:
            data = run / f"slang_{test['key']}_{b['set']}_{b['binding']}.bin"
            np.array(b["words"], np.uint32).tofile(data)
            lines.append(f"buffer {b['set']} {b['binding']} {max(b['size'], 4)} {data.name}")
        job("slang", lines + ["dispatch 1 1 1"])
    for group, lines in jobs.items():
        (run / f"jobs_{group}.txt").write_text("\n".join(lines))


if __name__ == "__main__":
    write(Path(sys.argv[1]))
