"""Shrink the raw vkrun dumps of the faithful probes into one compressed .npz (runs on the GPU
machine and here).

The transcendental outputs (float32: 22 x 2^20 words) are stored as differences from a reference
that both machines compute the same way: numpy float64 on the widened input, rounded to the format
(`reference`), in int8 with the few far ones listed apart. Most are 0 or +-1 and compress well (xz). Each function also gets a
SHA-256 per chunk of 65,536 results of the GPU's own bits, so `expand` here proves that the
reconstruction (reference here XOR stored) is the GPU's bytes even if the two numpys differed.

    python3 reduce.py RUN_DIR DUMP_DIR OUT.npz.xz
"""

from __future__ import annotations

import hashlib
import io
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gen import FUNCTIONS, N16_BINARY, N16_UNARY, N32

CHUNK = 65536
_NP = {"exp": np.exp, "exp2": np.exp2, "log": np.log, "log2": np.log2, "sin": np.sin, "cos": np.cos,
       "tan": np.tan, "asin": np.arcsin, "acos": np.arccos, "atan": np.arctan, "sinh": np.sinh,
       "cosh": np.cosh, "tanh": np.tanh, "asinh": np.arcsinh, "acosh": np.arccosh, "atanh": np.arctanh,
       "sqrt": np.sqrt, "inversesqrt": lambda a: 1.0 / np.sqrt(a), "rcp": lambda a: 1.0 / a,
       "pow": np.power, "atan2": np.arctan2, "div": lambda a, b: a / b}


def reference(name: str, x: np.ndarray, y: np.ndarray, dtype) -> np.ndarray:
    """The function in float64 on inputs widened from `dtype`, rounded once to `dtype` (bits)."""
    itype = np.uint32 if dtype == np.float32 else np.uint16
    a = x.astype(itype).view(dtype).astype(np.float64)
    b = y.astype(itype).view(dtype).astype(np.float64)
    with np.errstate(all="ignore"):
        r = _NP[name](a, b) if name in ("pow", "atan2", "div") else _NP[name](a)
    return np.asarray(r).astype(dtype).view(itype).astype(np.uint32)


def encode_delta(key: str, got: np.ndarray, ref: np.ndarray) -> dict[str, np.ndarray]:
    """got - ref in int8 (most are 0 or +-1 ulp; -128 marks an outlier), outliers as (index, bits)."""
    delta = got.astype(np.int64) - ref.astype(np.int64)
    small = np.where(np.abs(delta) < 128, delta, -128).astype(np.int8)
    far = np.flatnonzero(small == -128)
    return {f"{key}_d8": small, f"{key}_far_at": far.astype(np.uint32), f"{key}_far_bits": got[far]}


def decode_delta(data, key: str, ref: np.ndarray) -> np.ndarray:
    bits = (ref.astype(np.int64) + data[f"{key}_d8"].astype(np.int64)).astype(np.uint32)
    bits[data[f"{key}_far_at"]] = data[f"{key}_far_bits"]
    return bits


def chunk_hashes(bits: np.ndarray) -> np.ndarray:
    n = -(-bits.size // CHUNK)
    return np.array([np.frombuffer(hashlib.sha256(bits[i * CHUNK:(i + 1) * CHUNK].tobytes()).digest(), np.uint8)
                     for i in range(n)])


def _read(dump: Path, name: str, binding: int, dtype=np.uint32) -> np.ndarray | None:
    path = dump / f"{name}.s0b{binding}.bin"
    return np.fromfile(path, dtype) if path.exists() else None


def reduce(run: Path, dump: Path, out: Path) -> list[str]:
    notes: list[str] = []
    arrays: dict[str, np.ndarray] = {}
    x32, y32 = np.fromfile(run / "t32_x.bin", np.uint32), np.fromfile(run / "t32_y.bin", np.uint32)
    x16, y16 = np.fromfile(run / "t16_x.bin", np.uint32), np.fromfile(run / "t16_y.bin", np.uint32)
    for name, arity in FUNCTIONS:
        for width, x, y, n, dtype in ((32, x32, y32, N32, np.float32),
                                      (16, x16, y16, N16_BINARY if arity == 2 else N16_UNARY, np.float16)):
            got = _read(dump, f"t{width}_{name}", 2)
            if got is None or got.size != n:
                notes.append(f"t{width}_{name}: no dump")
                continue
            if width == 16:
                got = got & np.uint32(0xFFFF)
            ref = reference(name, x[:n], y[:n], dtype)
            arrays.update(encode_delta(f"t{width}_{name}", got, ref))
            arrays[f"t{width}_{name}_sha"] = chunk_hashes(got)
            notes.append(f"t{width}_{name}: {int(np.count_nonzero(got != ref))} of {n} differ from the float64 reference")
    got = _read(dump, "roundtrip", 1)
    if got is not None:
        got = got.reshape(-1, 3)
        a = x32.view(np.float32)
        with np.errstate(all="ignore"):
            arrays.update(encode_delta("roundtrip_f16", got[:, 0], a.astype(np.float16).astype(np.float32).view(np.uint32)))
            arrays.update(encode_delta("roundtrip_bf16", got[:, 1], a.view(np.uint32)))
            arrays.update(encode_delta("roundtrip_f16bits", got[:, 2], a.astype(np.float16).view(np.uint16).astype(np.uint32)))
        arrays["roundtrip_sha"] = chunk_hashes(got.reshape(-1))
    got = _read(dump, "bf16conv", 1)
    if got is not None:
        got = got.reshape(-1, 4)
        arrays.update(encode_delta("bf16_from_f32", got[:, 0], x32 >> np.uint32(16)))
        arrays["bf16_tables"] = got[:65536, 1:].copy()
        arrays["bf16conv_sha"] = chunk_hashes(got.reshape(-1))
    for name, binding in (("bf16_muladd", 3), ("shuffle", 1), ("intdiv32", 2), ("intdiv16", 2), ("intdiv_cv", 2)):
        got = _read(dump, name, binding)
        if got is not None:
            arrays[name] = got
    got = _read(dump, "intdiv64", 2, np.uint64)
    if got is not None:
        arrays["intdiv64"] = got
    for mode in range(3):
        for rep in range(3):
            name = f"race{mode}" if rep == 0 else f"race{mode}.r{rep}"
            got = _read(dump, name, 1)
            if got is not None:
                arrays[f"race{mode}_r{rep}"] = got
    for path in sorted(dump.glob("block_*.s0b1.bin")) + sorted(dump.glob("opa_*.s0b1.bin")):
        arrays[path.name[:-len(".s0b1.bin")]] = np.fromfile(path, np.uint8)
    for path in sorted(dump.glob("slang_*.bin")):
        arrays[path.name[:-len(".bin")]] = np.fromfile(path, np.uint8)
    raw = io.BytesIO()
    try:
        import lzma
    except ImportError:   # a Python built without liblzma: plain zip deflate, load() reads both
        np.savez_compressed(raw, **arrays)
        out.write_bytes(raw.getvalue())
        notes.append("no lzma: wrote a deflate .npz")
        return notes
    np.savez(raw, **arrays)
    out.write_bytes(lzma.compress(raw.getvalue(), preset=6))
    return notes


def load(path: Path) -> dict[str, np.ndarray]:
    """The arrays of a reduce() output (an .npz compressed with xz)."""
    blob = path.read_bytes()
    if blob[:6] == b"\xfd7zXZ\x00":
        import lzma

        blob = lzma.decompress(blob)
    with np.load(io.BytesIO(blob)) as data:
        return {k: data[k] for k in data.files}


def expand(run: Path, npz: Path, name: str, width: int) -> np.ndarray:
    """The GPU's result bits of one transcendental run, checked against the stored chunk hashes."""
    from gen import transc16_inputs, transc32_inputs

    data = load(npz)
    arity = dict(FUNCTIONS)[name]
    if width == 32:
        x, y = transc32_inputs()
        n, dtype = N32, np.float32
    else:
        x, y = transc16_inputs()
        n, dtype = (N16_BINARY if arity == 2 else N16_UNARY), np.float16
    bits = decode_delta(data, f"t{width}_{name}", reference(name, x[:n], y[:n], dtype))
    if not np.array_equal(chunk_hashes(bits), data[f"t{width}_{name}_sha"]):
        raise ValueError(f"t{width}_{name}: the reference here differs from the GPU machine's")
    return bits


if __name__ == "__main__":
    for line in reduce(Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])):
        print(line)
