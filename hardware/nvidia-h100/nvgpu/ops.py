"""The probe's op table (mirrors `probe.cu`), the PTX fragment layouts and register packing.

Everything here is a hypothesis that the recorded run tests: the layouts are the PTX ISA's (in the
general form of MLIR's MMAUtils.cpp), the sparse-metadata placement is the CUTLASS reading of the
PTX figures. `probe.py analyse` and `tests/nvgpu_hardware/test_dumps.py` check them against the
hardware's outputs.
"""
from __future__ import annotations

from dataclasses import dataclass

import ml_dtypes
import numpy as np

# element type -> bits per element in a register
BITS = {"f16": 16, "bf16": 16, "tf32": 32, "f32": 32, "f64": 64, "s8": 8, "u8": 8, "s4": 4, "u4": 4, "s32": 32}


@dataclass(frozen=True)
class MmaOp:
    id: int
    name: str
    m: int
    n: int
    k: int
    atype: str          # A and B element type
    ctype: str          # C and D element type
    sat: bool = False   # .satfinite
    sparse: bool = False
    selector: int = 0

    @property
    def na(self) -> int:   # A words per lane
        elems = self.m * self.k // (2 if self.sparse else 1) // 32
        return elems * BITS[self.atype] // 32

    @property
    def nb(self) -> int:
        return self.k * self.n // 32 * BITS[self.atype] // 32

    @property
    def nc(self) -> int:
        return self.m * self.n // 32 * BITS[self.ctype] // 32

    @property
    def nin(self) -> int:
        return self.na + self.nb + self.nc + (1 if self.sparse else 0)

    @property
    def nout(self) -> int:
        return self.nc

    @property
    def a_elems(self) -> int:   # A elements per lane (stored ones, for sparse)
        return self.m * self.k // (2 if self.sparse else 1) // 32

    @property
    def b_elems(self) -> int:
        return self.k * self.n // 32

    @property
    def c_elems(self) -> int:
        return self.m * self.n // 32


def _mma_ops() -> list[MmaOp]:
    d = [
        MmaOp(1, "m16n8k16_f16_f16", 16, 8, 16, "f16", "f16"),
        MmaOp(2, "m16n8k16_f32_f16", 16, 8, 16, "f16", "f32"),
        MmaOp(3, "m16n8k8_f16_f16", 16, 8, 8, "f16", "f16"),
        MmaOp(4, "m16n8k8_f32_f16", 16, 8, 8, "f16", "f32"),
        MmaOp(5, "m16n8k16_f32_bf16", 16, 8, 16, "bf16", "f32"),
        MmaOp(6, "m16n8k8_f32_bf16", 16, 8, 8, "bf16", "f32"),
        MmaOp(7, "m16n8k8_f32_tf32", 16, 8, 8, "tf32", "f32"),
        MmaOp(8, "m16n8k4_f32_tf32", 16, 8, 4, "tf32", "f32"),
        MmaOp(9, "m8n8k4_f64", 8, 8, 4, "f64", "f64"),
        MmaOp(10, "m16n8k32_s8_sat", 16, 8, 32, "s8", "s32", sat=True),
        MmaOp(11, "m16n8k32_s8", 16, 8, 32, "s8", "s32"),
        MmaOp(12, "m16n8k32_u8", 16, 8, 32, "u8", "s32"),
        MmaOp(13, "m16n8k16_s8_sat", 16, 8, 16, "s8", "s32", sat=True),
        MmaOp(14, "m16n8k16_s8", 16, 8, 16, "s8", "s32"),
        MmaOp(15, "m16n8k64_s4_sat", 16, 8, 64, "s4", "s32", sat=True),
        MmaOp(16, "m16n8k64_s4", 16, 8, 64, "s4", "s32"),
        MmaOp(17, "m16n8k64_u4", 16, 8, 64, "u4", "s32"),
        MmaOp(18, "m16n8k32_s4_sat", 16, 8, 32, "s4", "s32", sat=True),
        MmaOp(19, "m16n8k32_s4", 16, 8, 32, "s4", "s32"),
    ]

    def sp(base: int, name: str, k: int, at: str, ct: str, sels: list[int], sat: bool = False) -> None:
        for s in sels:
            d.append(MmaOp(base + s, "sp_%s_sel%d" % (name, s), 16, 8, k, at, ct, sat=sat, sparse=True, selector=s))

    sp(30, "m16n8k16_f32_f16", 16, "f16", "f32", [0, 1, 2, 3])
    sp(34, "m16n8k16_f16_f16", 16, "f16", "f16", [0])
    sp(35, "m16n8k32_f32_f16", 32, "f16", "f32", [0, 1])
    sp(37, "m16n8k32_f16_f16", 32, "f16", "f16", [0])
    sp(38, "m16n8k32_s8_sat", 32, "s8", "s32", [0, 1], sat=True)
    sp(40, "m16n8k64_s8_sat", 64, "s8", "s32", [0], sat=True)
    sp(42, "m16n8k8_f32_tf32", 8, "tf32", "f32", [0])
    sp(43, "m16n8k16_f32_tf32", 16, "tf32", "f32", [0, 1])
    return d


MMA_OPS = {op.id: op for op in _mma_ops()}
MMA_BY_NAME = {op.name: op for op in MMA_OPS.values()}

# id -> (name, words in, words out) for the other kernels
OTHER_OPS = {
    60: ("ldmatrix_x1", 1, 1), 61: ("ldmatrix_x2", 1, 2), 62: ("ldmatrix_x4", 1, 4),
    63: ("ldmatrix_x1_trans", 1, 1), 64: ("ldmatrix_x2_trans", 1, 2), 65: ("ldmatrix_x4_trans", 1, 4),
    70: ("cp_async_ca4", 2, 8), 71: ("cp_async_ca8", 2, 8), 72: ("cp_async_ca16", 2, 8), 73: ("cp_async_cg16", 2, 8),
    80: ("group_nowait", 1, 2), 81: ("group_wait0", 1, 2), 82: ("group_wait1", 1, 2), 83: ("group_wait2", 1, 2),
    84: ("group_wait3", 1, 2), 85: ("group_empty_wait3", 1, 2),
}


def op_table() -> dict[int, tuple[str, int, int]]:
    """id -> (name, words in, words out), as `probe --ops` prints it."""
    t = {op.id: (op.name, op.nin, op.nout) for op in MMA_OPS.values()}
    t.update(OTHER_OPS)
    return t


# ------------------------------------------------------------------------------------------------
# Fragment layouts: (lane, element) -> (row, col), element = PTX's fragment index (a0, a1, ...).
LANES = np.arange(32)[:, None]
G = LANES >> 2        # groupID
T = LANES & 3         # threadID_in_group


def per_reg(t: str) -> int:
    """elements per 32-bit register (one element per register for 32- and 64-bit types)"""
    return max(1, 32 // BITS[t])


def a_layout(op: MmaOp) -> tuple[np.ndarray, np.ndarray]:
    """A (stored, for sparse: the M x K/2 compressed matrix): (rows, cols), each (32, a_elems)."""
    i = np.arange(op.a_elems)[None, :]
    e = per_reg(op.atype)
    r = i // e
    tile_rows = op.m // 8
    row = 8 * (r % tile_rows) + G
    col = (r // tile_rows) * (4 * e) + T * e + i % e
    return row + 0 * col, col + 0 * row


def b_layout(op: MmaOp) -> tuple[np.ndarray, np.ndarray]:
    """B (K x N): (k, n), each (32, b_elems)."""
    i = np.arange(op.b_elems)[None, :]
    e = per_reg(op.atype)
    k = (i // e) * (4 * e) + T * e + i % e
    n = G + 0 * i
    return k + 0 * n, n


def c_layout(op: MmaOp) -> tuple[np.ndarray, np.ndarray]:
    """C and D (M x N): (row, col), each (32, c_elems)."""
    i = np.arange(op.c_elems)[None, :]
    if op.m == 8:                      # m8n8k4 f64
        return G + 0 * i, 2 * T + i
    return G + 8 * (i // 2), 2 * T + i % 2


# ------------------------------------------------------------------------------------------------
# Values <-> bits.  Matrices hold raw bit patterns (uint64) of their element type.
def to_bits(values, t: str) -> np.ndarray:
    """float/int values -> bit patterns of type t (values must be exactly representable)."""
    v = np.asarray(values)
    if t == "f16":
        x = v.astype(np.float16)
        bits = x.view(np.uint16)
    elif t == "bf16":
        x = v.astype(ml_dtypes.bfloat16)
        bits = x.view(np.uint16)
    elif t in ("f32", "tf32"):
        x = v.astype(np.float32)
        bits = x.view(np.uint32)
    elif t == "f64":
        x = v.astype(np.float64)
        bits = x.view(np.uint64)
    else:
        w = BITS[t]
        iv = v.astype(np.int64)
        lo, hi = int_range(t)
        if np.any(iv < lo) or np.any(iv > hi):
            raise ValueError(f"value out of range for {t}")
        return (iv & ((1 << w) - 1)).astype(np.uint64)
    back = x.astype(np.float64)
    same = (back == v.astype(np.float64)) | (np.isnan(back) & np.isnan(v.astype(np.float64)))
    if not np.all(same):
        raise ValueError(f"value not exactly representable as {t}")
    return bits.astype(np.uint64)


def from_bits(bits, t: str) -> np.ndarray:
    """bit patterns of type t -> float64 (floats) or int64 (integers)"""
    b = np.asarray(bits, dtype=np.uint64)
    if t == "f16":
        return b.astype(np.uint16).view(np.float16).astype(np.float64)
    if t == "bf16":
        return b.astype(np.uint16).view(ml_dtypes.bfloat16).astype(np.float64)
    if t in ("f32", "tf32"):
        return b.astype(np.uint32).view(np.float32).astype(np.float64)
    if t == "f64":
        return b.view(np.float64).copy()
    w = BITS[t]
    v = b.astype(np.int64) & ((1 << w) - 1)
    if t[0] == "s":
        v = np.where(v >= (1 << (w - 1)), v - (1 << w), v)
    return v


def int_range(t: str) -> tuple[int, int]:
    w = BITS[t]
    return (-(1 << (w - 1)), (1 << (w - 1)) - 1) if t[0] == "s" else (0, (1 << w) - 1)


def pack(elems: np.ndarray, t: str) -> np.ndarray:
    """(..., 32, E) element bits -> (..., 32, words) uint32; element 0 in the low bits."""
    e = np.asarray(elems, dtype=np.uint64)
    w = BITS[t]
    if w == 64:
        lo = e & np.uint64(0xFFFFFFFF)
        hi = e >> np.uint64(32)
        return np.stack([lo, hi], axis=-1).reshape(*e.shape[:-1], -1).astype(np.uint32)
    per = 32 // w
    e = e.reshape(*e.shape[:-1], -1, per)
    shifts = (np.arange(per, dtype=np.uint64) * np.uint64(w))
    words = (e << shifts).sum(axis=-1, dtype=np.uint64)
    return words.astype(np.uint32)


def unpack(words: np.ndarray, t: str) -> np.ndarray:
    """(..., 32, words) uint32 -> (..., 32, E) element bits (uint64)"""
    wd = np.asarray(words, dtype=np.uint64)
    w = BITS[t]
    if w == 64:
        wd = wd.reshape(*wd.shape[:-1], -1, 2)
        return wd[..., 0] | (wd[..., 1] << np.uint64(32))
    per = 32 // w
    shifts = (np.arange(per, dtype=np.uint64) * np.uint64(w))
    e = (wd[..., None] >> shifts) & np.uint64((1 << w) - 1)
    return e.reshape(*wd.shape[:-1], -1)


def scatter(mat_bits: np.ndarray, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """(cases, R, C) matrix -> (cases, 32, E) per-lane elements by a layout"""
    return mat_bits[:, rows, cols]


def gather(lane_bits: np.ndarray, rows: np.ndarray, cols: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    """(cases, 32, E) per-lane elements -> (cases, R, C) matrix by a layout (every slot once)"""
    out = np.zeros((lane_bits.shape[0],) + shape, dtype=np.uint64)
    out[:, rows, cols] = lane_bits
    return out


# ------------------------------------------------------------------------------------------------
# Sparse metadata placement (as measured; PTX gives it only in figures): a 2-bit index per stored
# element (tf32: a 4-bit field per chunk of 2, 0x4 = first element, 0xE = second). For a stored
# A element of lane L (row g or g + 8, compressed column cc, chunk = cc // 2 (tf32: cc), slot = cc % 2)
# the index sits in the metadata word of lane (L & ~3) + thread, at a bit offset:
# - 16-bit and tf32 A: a word holds 4 chunks of row g in bits 0-15 and the same 4 chunks of row g + 8
#   in bits 16-31; m16n8k16 (tf32 m16n8k8): thread = selector (0-3); m16n8k32 (tf32 m16n8k16):
#   thread = 2 * selector + chunk // 4.
# - 8-bit A: a word holds 8 chunks of one row; thread = 2 * selector + (row >= 8) for m16n8k32 and
#   2 * (chunk // 8) + (row >= 8) for m16n8k64 (selector 0).
def meta_source(op: MmaOp) -> tuple[np.ndarray, np.ndarray]:
    """For each (lane, stored A element): (source lane, bit offset of the element's index field)."""
    rows, cols = a_layout(op)
    lane = np.broadcast_to(LANES, rows.shape)
    quad = lane & ~3
    half = rows // 8                         # 0 for row g, 1 for row g + 8
    if op.atype == "tf32":
        chunk, slot = cols, np.zeros_like(cols)
    else:
        chunk, slot = cols // 2, cols % 2
    if BITS[op.atype] == 8:
        thread = 2 * (op.selector if op.k == 32 else chunk // 8) + half
        return quad + thread, 4 * (chunk % 8) + 2 * slot
    chunks_per_row = chunk.max() + 1         # 4: one thread supplies; 8: a thread pair
    thread = op.selector + 0 * chunk if chunks_per_row == 4 else 2 * op.selector + chunk // 4
    return quad + thread, 16 * half + 4 * (chunk % 4) + 2 * slot
