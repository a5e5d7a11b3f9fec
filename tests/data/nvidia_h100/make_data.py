"""Regenerate the compact NVIDIA H100 reference data the layout tests use.

Source: the observations of NVIDIA's Vulkan driver (580.159, H100 80GB HBM3) in
`../shared/reference/nvidia-h100-vulkan/` beside the checkout (README.md there says how they were
made: `vkprobe.c` for sizes.tsv, `vklayouts.c` for layouts.bin/.tsv). Writes, next to this script:

* `sizes_optimal.tsv`: the optimal-layout rows (vk_layout 2, 3) of sizes.tsv, unchanged.
* `layouts.npz`: per (kind, layout, rows, cols) the slot table decoded from layouts.bin, i.e. the
  row-major source index stored in each storage element, -1 for padding. Kinds: 0 = f16 (entry
  `f16_*`), 1 = int8 (`i8b0_*` and `i8b1_*` combined), 2 = e4m3 (`e4m3d0_*` and `e4m3d1_*`
  combined, stored by the driver as FP16). Compact form: `valid` = packbits of (slot >= 0) over
  all tables concatenated, `deltas` = int16 differences of the valid source indices in order;
  `kind`, `layout`, `rows`, `cols`, `length` (storage elements per table), `size_bytes`.

Before writing, every one of the 6760 entries of layouts.bin is re-encoded from the decoded
table (probe values in the slots, zero bytes in the padding) and compared byte for byte, so the
compact tables say exactly what the driver wrote.

Usage: python3 tests/data/nvidia_h100/make_data.py [path/to/nvidia-h100-vulkan]
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import ml_dtypes
import numpy as np

HERE = Path(__file__).resolve().parent
DEFAULT_SOURCE = HERE.parents[2] / ".." / "shared" / "reference" / "nvidia-h100-vulkan"
KINDS = {"f16": 0, "i8": 1, "e4m3": 2}
# vklayouts.c's E4M3 probe alphabet: 246 byte values, no zero, NaN or -0.
E4M3_VALUES = np.array(list(range(0x01, 0x7C)) + list(range(0x81, 0xFC)), dtype=np.uint8)
E4M3_AS_F16 = E4M3_VALUES.view(ml_dtypes.float8_e4m3fn).astype(np.float16).view(np.uint16)


def decode(kind: str, raw: dict[str, np.ndarray], n: int) -> np.ndarray:
    """Source index per storage slot (-1 = padding) from the probe entries of one shape."""
    if kind == "f16":
        v = raw["f16"].view("<u2").astype(np.int64) - 0x400
    elif kind == "i8":
        v = raw["i8b0"].astype(np.int64) + 256 * raw["i8b1"].astype(np.int64) - 1
    else:
        lut = np.full(1 << 16, -(1 << 30), np.int64)
        lut[E4M3_AS_F16] = np.arange(E4M3_VALUES.size)
        d0, d1 = (lut[raw[k].view("<u2")] for k in ("e4m3d0", "e4m3d1"))
        v = d0 + E4M3_VALUES.size * d1 - 1
    return np.where((v >= 0) & (v < n), v, -1)


def encode(kind: str, table: np.ndarray) -> dict[str, np.ndarray]:
    """The bytes vklayouts.c's probes must produce for `table` (zero bytes in padding)."""
    used = table >= 0
    idx = np.where(used, table, 0)
    if kind == "f16":
        return {"f16": np.where(used, 0x400 + idx, 0).astype("<u2").view(np.uint8)}
    if kind == "i8":
        return {f"i8b{b}": np.where(used, ((idx + 1) >> (8 * b)) & 0xFF, 0).astype(np.uint8)
                for b in (0, 1)}
    q = idx + 1
    return {"e4m3d0": np.where(used, E4M3_AS_F16[q % 246], 0).astype("<u2").view(np.uint8),
            "e4m3d1": np.where(used, E4M3_AS_F16[(q // 246) % 246], 0).astype("<u2").view(np.uint8)}


def main(source: Path) -> None:
    rows_out = []
    with open(source / "sizes.tsv") as f:
        reader = csv.DictReader(f, delimiter="\t")
        header = reader.fieldnames
        for r in reader:
            if int(r["vk_layout"]) >= 2:
                assert r["result"] == "0", r
                rows_out.append(r)
    with open(HERE / "sizes_optimal.tsv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=header, delimiter="\t", lineterminator="\n")
        w.writeheader()
        w.writerows(rows_out)

    blob = np.fromfile(source / "layouts.bin", dtype=np.uint8)
    index: dict[tuple[str, int, int, int], dict[str, np.ndarray]] = {}
    with open(source / "layouts.tsv") as f:
        for r in csv.DictReader(f, delimiter="\t"):
            assert r["result"] == "0", r
            probe, lay, shape = r["name"].split("_")
            rr, cc = (int(x) for x in shape.split("x"))
            kind = next(k for k in ("i8", "e4m3", "f16") if probe.startswith(k))
            off, size = int(r["offset"]), int(r["size"])
            index.setdefault((kind, int(lay[1:]), rr, cc), {})[probe] = blob[off:off + size]

    meta = {k: [] for k in ("kind", "layout", "rows", "cols", "length", "size_bytes")}
    tables = []
    checked = 0
    for (kind, lay, rr, cc), raw in sorted(index.items(), key=lambda kv: (KINDS[kv[0][0]], *kv[0][1:])):
        sizes = {len(b) for b in raw.values()}
        assert len(sizes) == 1, (kind, lay, rr, cc)
        table = decode(kind, raw, rr * cc)
        expect = encode(kind, table)
        assert expect.keys() == raw.keys()
        for probe, b in raw.items():
            assert np.array_equal(expect[probe], b), f"{probe}_L{lay}_{rr}x{cc} is not explained"
            checked += 1
        tables.append(table)
        for key, val in zip(meta, (KINDS[kind], lay, rr, cc, table.size, sizes.pop())):
            meta[key].append(val)

    flat = np.concatenate(tables)
    valid = flat >= 0
    deltas = np.diff(flat[valid], prepend=0)
    assert np.abs(deltas).max() < 2**15
    np.savez_compressed(
        HERE / "layouts.npz", valid=np.packbits(valid), deltas=deltas.astype(np.int16),
        kind=np.array(meta["kind"], np.uint8), layout=np.array(meta["layout"], np.uint8),
        rows=np.array(meta["rows"], np.int32), cols=np.array(meta["cols"], np.int32),
        length=np.array(meta["length"], np.int64), size_bytes=np.array(meta["size_bytes"], np.int64))
    print(f"{len(rows_out)} size rows, {len(tables)} slot tables from {checked} byte-exact entries")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_SOURCE)
