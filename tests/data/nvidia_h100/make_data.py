"""Regenerate the compact NVIDIA H100 reference data the layout tests use.

Sources (NVIDIA H100 80GB HBM3, Vulkan driver 580.159.04):

1. `../shared/reference/nvidia-h100-vulkan/` beside the checkout (its README.md says how it was
   made: `vkprobe.c` for sizes.tsv, `vklayouts.c` for layouts.bin/.tsv). Gives
   `sizes_optimal.tsv` (the optimal-layout rows, vk_layout 2 and 3, of sizes.tsv, unchanged) and
   `layouts.npz` (26 x 26 shapes with dims 1..128; f16, int8, FP8 E4M3).
2. Optional second argument: the output folder of `vkunseen.c` (next to this script; an adaptation
   of vklayouts.c run once on the H100 for the dxlinalg layout check: shapes that are not in
   source 1, destinations prefilled with 0xA5, more types, and a size grid with dims up to 513).
   Gives `hw_sizes.tsv` (its sizes.tsv, unchanged) and `hw_layouts.npz`.

A layouts npz holds one slot table per (kind, layout, rows, cols): the row-major source index
stored in each storage element, -1 for padding. Kinds: 0 f16 (`f16_*`), 1 int8 (`i8b0_*` and
`i8b1_*` combined), 2 E4M3 stored as FP16 (`e4m3d0/d1_*`), 3 f32 (`f32_*`), 4 uint8 (`u8b0/b1_*`),
5 E5M2 stored as FP16 (`e5m2d0/d1_*`), 6 E4M3 under the newer Vulkan enum 1000567002, stored as
one byte (`ne4m3d0/d1_*`). Compact form: `valid` = packbits of (slot >= 0) over all tables
concatenated, `deltas` = int16 differences of the valid source indices in order; `kind`,
`layout`, `rows`, `cols`, `length` (storage elements per table), `size_bytes`.

Before writing, every raw entry is re-encoded from its decoded table (the probe's values in the
slots, zero bytes in all padding) and compared byte for byte, so the compact tables say exactly
what the driver wrote, padding included.

Usage: python3 tests/data/nvidia_h100/make_data.py [reference-folder [vkunseen-output-folder]]
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import ml_dtypes
import numpy as np

HERE = Path(__file__).resolve().parent
DEFAULT_SOURCE = HERE.parents[2] / ".." / "shared" / "reference" / "nvidia-h100-vulkan"
KINDS = {"f16": 0, "i8": 1, "e4m3": 2, "f32": 3, "u8": 4, "e5m2": 5, "ne4m3": 6}
# The probes' FP8 alphabet: 246 byte values, no zero, NaN, Inf or -0 (in E4M3 and in E5M2).
FP8_BYTES = np.array(list(range(0x01, 0x7C)) + list(range(0x81, 0xFC)), dtype=np.uint8)
FP8_STORED = {  # what the driver writes for each probe byte, as raw storage words
    "e4m3": FP8_BYTES.view(ml_dtypes.float8_e4m3fn).astype(np.float16).view("<u2"),
    "e5m2": FP8_BYTES.view(ml_dtypes.float8_e5m2).astype(np.float16).view("<u2"),
    "ne4m3": FP8_BYTES,
}
NO = -(1 << 40)


def decode(kind: str, raw: dict[str, np.ndarray], n: int) -> np.ndarray:
    """Source index per storage slot (-1 = padding) from the probe entries of one shape."""
    if kind == "f16":
        v = raw["f16"].view("<u2").astype(np.int64) - 0x400
    elif kind == "f32":
        f = raw["f32"].view("<f4").astype(np.float64)
        v = np.where(np.isfinite(f) & (f == np.round(f)), np.nan_to_num(f), 0).astype(np.int64) - 1
    elif kind in ("i8", "u8"):
        v = raw[kind + "b0"].astype(np.int64) + 256 * raw[kind + "b1"].astype(np.int64) - 1
    else:
        stored = FP8_STORED[kind]
        lut = np.full(1 << (8 * stored.itemsize), NO, np.int64)
        lut[stored] = np.arange(stored.size)
        d0, d1 = (lut[raw[f"{kind}d{d}"].view(stored.dtype)] for d in (0, 1))
        v = d0 + FP8_BYTES.size * d1 - 1
    return np.where((v >= 0) & (v < n), v, -1)


def encode(kind: str, table: np.ndarray) -> dict[str, np.ndarray]:
    """The bytes the probes must produce for `table` (zero bytes in padding)."""
    used = table >= 0
    q = np.where(used, table, 0) + 1
    if kind == "f16":
        return {"f16": np.where(used, 0x3FF + q, 0).astype("<u2").view(np.uint8)}
    if kind == "f32":
        return {"f32": np.where(used, q, 0).astype("<f4").view(np.uint8)}
    if kind in ("i8", "u8"):
        return {f"{kind}b{b}": np.where(used, (q >> (8 * b)) & 0xFF, 0).astype(np.uint8) for b in (0, 1)}
    stored = FP8_STORED[kind]
    n = FP8_BYTES.size
    return {f"{kind}d{d}": np.where(used, stored[(q // n**d) % n], 0).astype(stored.dtype).view(np.uint8)
            for d in (0, 1)}


def collect(folder: Path) -> list[tuple[str, int, int, int, np.ndarray, int]]:
    """Decode and byte-check every entry of folder/layouts.bin; one table per kind and shape."""
    blob = np.fromfile(folder / "layouts.bin", dtype=np.uint8)
    index: dict[tuple[str, int, int, int], dict[str, np.ndarray]] = {}
    with open(folder / "layouts.tsv") as f:
        for r in csv.DictReader(f, delimiter="\t"):
            assert r["result"] == "0", r
            probe, lay, shape = r["name"].split("_")
            rows, cols = (int(x) for x in shape.split("x"))
            kind = probe if probe in ("f16", "f32") else probe[:-2]
            off, size = int(r["offset"]), int(r["size"])
            index.setdefault((kind, int(lay[1:]), rows, cols), {})[probe] = blob[off:off + size]
    out = []
    for (kind, lay, rows, cols), raw in sorted(index.items(), key=lambda kv: (KINDS[kv[0][0]], *kv[0][1:])):
        sizes = {b.size for b in raw.values()}
        assert len(sizes) == 1, (kind, lay, rows, cols)
        table = decode(kind, raw, rows * cols)
        expect = encode(kind, table)
        assert expect.keys() == raw.keys(), (kind, raw.keys())
        for probe, b in raw.items():
            assert np.array_equal(expect[probe], b), f"{probe}_L{lay}_{rows}x{cols} is not explained"
        out.append((kind, lay, rows, cols, table, sizes.pop()))
    print(f"{folder}: {sum(len(v) for v in index.values())} entries, byte-exact, -> {len(out)} tables")
    return out


def write_tables(path: Path, entries: list[tuple[str, int, int, int, np.ndarray, int]]) -> None:
    flat = np.concatenate([e[4] for e in entries])
    valid = flat >= 0
    deltas = np.diff(flat[valid], prepend=0)
    assert np.abs(deltas).max() < 2**15
    np.savez_compressed(
        path, valid=np.packbits(valid), deltas=deltas.astype(np.int16),
        kind=np.array([KINDS[e[0]] for e in entries], np.uint8),
        layout=np.array([e[1] for e in entries], np.uint8),
        rows=np.array([e[2] for e in entries], np.int32), cols=np.array([e[3] for e in entries], np.int32),
        length=np.array([e[4].size for e in entries], np.int64),
        size_bytes=np.array([e[5] for e in entries], np.int64))


def copy_sizes(src: Path, dst: Path, optimal_only: bool) -> None:
    with open(src) as f:
        reader = csv.DictReader(f, delimiter="\t")
        rows = [r for r in reader if not optimal_only or int(r["vk_layout"]) >= 2]
        header = reader.fieldnames
    assert all(r["result"] == "0" for r in rows)
    with open(dst, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=header, delimiter="\t", lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    print(f"{dst.name}: {len(rows)} size rows")


def main(source: Path, unseen: Path | None) -> None:
    copy_sizes(source / "sizes.tsv", HERE / "sizes_optimal.tsv", optimal_only=True)
    write_tables(HERE / "layouts.npz", collect(source))
    if unseen is not None:
        copy_sizes(unseen / "sizes.tsv", HERE / "hw_sizes.tsv", optimal_only=True)
        write_tables(HERE / "hw_layouts.npz", collect(unseen))


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_SOURCE,
         Path(sys.argv[2]) if len(sys.argv) > 2 else None)
