"""The NVIDIA H100 Vulkan reference outputs, rebuilt byte for byte from the compact copies in tests/data.

tests/data/nvidia_h100_vulkan/README.md says what is stored where. Files stored whole are read as they are;
sizes.tsv is merged from its strided and optimal halves; layouts.tsv and layouts.bin are re-encoded from the
decoded slot tables of tests/data/nvidia_h100/layouts.npz with the probes' own value patterns. `SHA256SUMS`
holds the digests of the original files, and test_vulkan_reference_data.py checks every rebuilt file against
them, so comparing the mock with these files is comparing it with the reference.
"""

from __future__ import annotations

import gzip
import hashlib
from functools import cache
from pathlib import Path

import ml_dtypes
import numpy as np
from vulkan_probes import FP8_PROBE_VALUES, LAYOUT_DIMS, SIZE_TYPES

DATA = Path(__file__).resolve().parents[1] / "data"
HERE = DATA / "nvidia_h100_vulkan"
#: make_data.py's kind codes in tests/data/nvidia_h100/layouts.npz for the probes of vklayouts.c.
F16_KIND, I8_KIND, E4M3_KIND = 0, 1, 2
_FP8_AS_F16 = FP8_PROBE_VALUES.view(ml_dtypes.float8_e4m3fn).astype(np.float16).view("<u2")


@cache
def checksums() -> dict[str, str]:
    """Reference file name (relative to the reference folder) -> SHA-256 hex digest."""
    lines = (HERE / "SHA256SUMS").read_text().splitlines()
    return {name: digest for digest, name in (line.split("  ", 1) for line in lines)}


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def properties_txt() -> str:
    return (HERE / "properties.txt").read_text()


def conversions_log() -> str:
    return (HERE / "log.txt").read_text()


@cache
def sizes_tsv() -> str:
    """sizes.tsv: header, then per type (the probe's order) and layout 0..3 its rows in file order."""
    strided = gzip.decompress((HERE / "sizes_strided.tsv.gz").read_bytes()).decode().splitlines()
    optimal = (DATA / "nvidia_h100" / "sizes_optimal.tsv").read_text().splitlines()
    assert strided[0] == optimal[0]
    rows = strided[1:] + optimal[1:]
    ordered = [strided[0]]
    for vk_type in SIZE_TYPES:
        for layout in range(4):
            ordered += [row for row in rows if row.split("\t")[:2] == [str(vk_type), str(layout)]]
    return "\n".join(ordered) + "\n"


@cache
def _slot_tables() -> dict[tuple[int, int, int, int], tuple[np.ndarray, int]]:
    """(kind, layout, rows, cols) -> (source index per storage slot or -1, size in bytes)."""
    with np.load(DATA / "nvidia_h100" / "layouts.npz", allow_pickle=False) as z:
        length = z["length"]
        valid = np.unpackbits(z["valid"], count=int(length.sum())).astype(bool)
        flat = np.full(valid.size, -1, np.int64)
        flat[valid] = np.cumsum(z["deltas"].astype(np.int64))
        tables = np.split(flat, np.cumsum(length)[:-1])
        keys = zip(z["kind"], z["layout"], z["rows"], z["cols"], z["size_bytes"])
        return {(int(k), int(lay), int(r), int(c)): (t, int(s)) for (k, lay, r, c, s), t in zip(keys, tables)}


def _probe_bytes(probe: str, table: np.ndarray) -> bytes:
    """What a vklayouts.c probe leaves in each slot: its value for the element stored there, zero in padding."""
    used = table >= 0
    q = np.where(used, table, 0) + 1            # the probes number elements from 1
    if probe == "f16":
        return np.where(used, 0x3FF + q, 0).astype("<u2").tobytes()
    if probe.startswith("i8b"):
        return np.where(used, (q >> (8 * int(probe[3]))) & 0xFF, 0).astype(np.uint8).tobytes()
    digit = int(probe[-1])                      # e4m3d0 / e4m3d1: the FP8 value's FP16 form, as the driver stores it
    return np.where(used, _FP8_AS_F16[(q // 246 ** digit) % 246], 0).astype("<u2").tobytes()


_PROBE_KINDS = {"f16": F16_KIND, "i8b0": I8_KIND, "i8b1": I8_KIND, "e4m3d0": E4M3_KIND, "e4m3d1": E4M3_KIND}


@cache
def layouts() -> tuple[str, bytes]:
    """(layouts.tsv, layouts.bin) in vklayouts.c's order."""
    tables = _slot_tables()
    index, blob, offset = ["name\toffset\tsize\tresult"], [], 0
    for rows in LAYOUT_DIMS:
        for cols in LAYOUT_DIMS:
            for layout in (2, 3):
                for probe, kind in _PROBE_KINDS.items():
                    table, size = tables[(kind, layout, rows, cols)]
                    data = _probe_bytes(probe, table)
                    assert len(data) == size, (probe, layout, rows, cols)
                    index.append(f"{probe}_L{layout}_{rows}x{cols}\t{offset}\t{size}\t0")
                    blob.append(data)
                    offset += size
    return "\n".join(index) + "\n", b"".join(blob)


@cache
def conversion_dumps() -> dict[str, bytes]:
    """Every conversions/*.bin of the reference: file name -> bytes."""
    dumps = {}
    with np.load(DATA / "nvidia_h100_conversions" / "conversions.npz", allow_pickle=False) as z:
        for stem in z.files:
            dumps[f"{stem}.bin"] = z[stem].tobytes()
    with np.load(HERE / "conversions_integer.npz", allow_pickle=False) as z:
        for stem in z.files:
            dumps[f"{stem}.bin"] = z[stem].tobytes()
    return dumps
