"""The H100's cooperative matrices as measured (tests/data/nvidia_h100_coopmat), stated as rules.

docs/hardware-nvidia-h100-coopmat.md explains each. The CI test holds every recorded table, tree
and output to them; test_nvidia_h100_coopmat_emulator.py holds the emulator's `nvidia-h100` profile
to the record.

- `owner`: which (row, col) element index i of invocation `lane` holds (the mma.sync fragment
  layouts, tiled; at workgroup scope the subgroups split the matrix on a grid and A / B tiles are
  replicated along the other grid axis).
- `subgroup_tree`: the combine tree coopMatReduceNV evaluates for one result element at subgroup
  scope (and at workgroup scope with one subgroup).
- `mma_model`: coopMatMulAdd's float arithmetic: the nvgpu mma.sync model, one k16 step at a time.
"""

from __future__ import annotations

import gzip
import json
from functools import cache
from pathlib import Path

import numpy as np

DATA = Path(__file__).parents[1] / "data" / "nvidia_h100_coopmat"
SUBGROUP = 32
BITS = {"f16": 16, "bf16": 16, "f32": 32, "s32": 32, "u32": 32, "s8": 8, "u8": 8}


@cache
def load_json(name: str):
    path = DATA / name
    if name.endswith(".gz"):
        with gzip.open(path, "rt") as handle:
            return json.load(handle)
    return json.loads(path.read_text())


@cache
def replay() -> dict[str, np.ndarray]:
    with np.load(DATA / "replay.npz") as data:
        return {key: data[key] for key in data.files}


# ---- ownership ------------------------------------------------------------------------------------
def subgroup_grid(invocations: int) -> tuple[int, int]:
    """How a workgroup's subgroups split a matrix: (subgroup rows, subgroup columns)."""
    return {1: (1, 1), 2: (1, 2), 4: (2, 2), 8: (2, 4)}[invocations // SUBGROUP]


def fragment(bits: int, use: str, rows: int, cols: int, lane: np.ndarray, i: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """One subgroup's (row, col) of element i in a rows x cols tile: lane = 4g + t; pairs (16-bit and
    32-bit) or quads (8-bit) of consecutive k per lane, blocks of 8 rows (or n) x 8 (16) k."""
    g, t = lane >> 2, lane & 3
    per = 4 if bits == 8 and use in "AB" else 2             # consecutive k per lane
    block = 4 * per                                          # k per block
    if use == "B":                                           # rows are k, columns n
        k_blocks = rows // block
        k = per * t + (i % per) + block * ((i // per) % k_blocks)
        return k, g + 8 * (i // (per * k_blocks))
    k_blocks = cols // block
    col = per * t + (i % per) + block * ((i // per) % k_blocks)
    return g + 8 * (i // (per * k_blocks)), col


def owner(type_name: str, use: str, rows: int, cols: int, invocations: int) -> tuple[np.ndarray, np.ndarray]:
    """(invocations, length) rows and cols: what invocation v holds at element index i."""
    bits = BITS[type_name]
    grid_rows, grid_cols = subgroup_grid(invocations)
    tile_rows = rows if use == "B" else rows // grid_rows
    tile_cols = cols if use == "A" else cols // grid_cols
    length = tile_rows * tile_cols // SUBGROUP
    v, i = np.meshgrid(np.arange(invocations), np.arange(length), indexing="ij")
    subgroup, lane = v // SUBGROUP, v % SUBGROUP
    r, c = fragment(bits, use, tile_rows, tile_cols, lane, i)
    if use != "B":
        r = r + tile_rows * (subgroup // grid_cols)
    if use != "A":
        c = c + tile_cols * (subgroup % grid_cols)
    return r, c


def copies(use: str, invocations: int) -> int:
    """How many invocations hold each element: A tiles repeat along the subgroup columns, B tiles
    along the subgroup rows."""
    grid_rows, grid_cols = subgroup_grid(invocations)
    return {"A": grid_cols, "B": grid_rows, "C": 1}[use]


# ---- reduce ---------------------------------------------------------------------------------------
@cache
def _accumulator_owners(rows: int, cols: int) -> tuple[list[list[int]], list[list[int]]]:
    """owner("f32", "C", rows, cols, SUBGROUP) as Python lists: subgroup_tree reads it element by element, once
    per result element, which over numpy scalars costs seconds for a 64 x 64 accumulator."""
    lane_rows, lane_cols = owner("f32", "C", rows, cols, SUBGROUP)
    return lane_rows.tolist(), lane_cols.tolist()


def subgroup_tree(mode: str, rows: int, cols: int, r: int, c: int) -> str:
    """The tree for result element (r, c), a Row / Column / Row|Column reduction of a rows x cols
    accumulator at subgroup scope. The invocation that holds (r, c) in the result (g = r mod 8,
    t = (c mod 8) // 2, parity p = c mod 2) folds its own input elements (Row: those of row r,
    Column: of column c, Row|Column: all) of parity p, in element-index order, left to right;
    then combines with the invocations at lane xor 1, 2 (Row), 4, 8, 16 (Column) or all five
    (Row|Column), its own value first; Row and Row|Column end with f(own parity, other parity)."""
    g, t, p = r % 8, (c % 8) // 2, c % 2
    lanes = {"row": (1, 2), "col": (4, 8, 16), "rowcol": (1, 2, 4, 8, 16)}[mode]
    lane_rows, lane_cols = _accumulator_owners(rows, cols)

    def partial(lane: int, parity: int) -> str:
        pairs = []
        for row, col in zip(lane_rows[lane], lane_cols[lane]):
            if col % 2 != parity or (mode == "row" and row != r) or (mode == "col" and col != c):
                continue
            pairs.append({"row": str(col), "col": str(row), "rowcol": str(row * cols + col)}[mode])
        text = pairs[0]
        for leaf in pairs[1:]:
            text = f"({text},{leaf})"
        return text

    def butterfly(lane: int, parity: int, level: int) -> str:
        if level == len(lanes):
            return partial(lane, parity)
        own, other = butterfly(lane, parity, level + 1), butterfly(lane ^ lanes[-1 - level], parity, level + 1)
        return f"({own},{other})"

    lane = 4 * g + t
    if mode == "col":
        return butterfly(lane, p, 0)
    return f"({butterfly(lane, p, 0)},{butterfly(lane, 1 - p, 0)})"


def two_by_two_tree(result_row: int) -> str:
    """2x2: the horizontal pair first (in-lane), then the vertical pair (lane xor 4), own first; the
    result rows r mod 8 < 4 come from the upper row's invocation, the others from the lower's."""
    return "((00,01),(10,11))" if result_row % 8 < 4 else "((10,11),(00,01))"


def postfix(tree: str) -> list[str | None]:
    out: list[str | None] = []
    leaf = ""
    for char in tree:
        if char in ",()":
            if leaf:
                out.append(leaf)
                leaf = ""
            if char == ")":
                out.append(None)
        else:
            leaf += char
    if leaf:
        out.append(leaf)
    return out


def evaluate(tree: str, values: dict[str, np.ndarray], dtype) -> np.ndarray:
    """A sum tree in the type's arithmetic (each add rounded)."""
    stack = []
    for item in postfix(tree):
        if item is None:
            b, a = stack.pop(), stack.pop()
            stack.append((a + b).astype(dtype))
        else:
            stack.append(np.asarray(values[item]).astype(dtype))
    return stack[0]


# ---- MulAdd ---------------------------------------------------------------------------------------
EMIN = {"f16": -14, "bf16": -126}


def exponent(x: np.ndarray) -> np.ndarray:
    _, e = np.frexp(np.abs(x))
    return np.where(x == 0, -10000, e - 1)


def round_toward_zero_f32(x: np.ndarray) -> np.ndarray:
    y = x.astype(np.float32).astype(np.float64)
    away = np.abs(y) > np.abs(x)
    y = np.where(away, np.nextafter(y.astype(np.float32), np.float32(0)).astype(np.float64), y)
    return np.where(np.abs(x) >= 2.0 ** 128, np.copysign(np.inf, x), y)


def mma_model(a: np.ndarray, b: np.ndarray, c: np.ndarray, a_type: str, c_type: str, block: int = 16,
              window: int = 25) -> np.ndarray:
    """D = A x B + C, float types: per block of `block` k, the accumulator and the exact products are
    truncated toward zero to multiples of 2^(top - window), top the largest of the products' operand
    exponents (subnormals at the type's minimum) and the accumulator's exponent, added exactly and
    rounded: to nearest even into f16, toward zero into f32. (cases, m, n) float64 values."""
    a, b, acc = a.astype(np.float64), b.astype(np.float64), c.astype(np.float64).copy()
    ea = np.maximum(exponent(a), EMIN[a_type])
    eb = np.maximum(exponent(b), EMIN[a_type])
    k = a.shape[2]
    with np.errstate(invalid="ignore", over="ignore"):
        for start in range(0, k, block):
            s = slice(start, start + block)
            products = a[:, :, None, s] * np.transpose(b[:, s, :], (0, 2, 1))[:, None, :, :]
            operand = ea[:, :, None, s] + np.transpose(eb[:, s, :], (0, 2, 1))[:, None, :, :]
            operand = np.where(products == 0, -10000, operand)
            top = np.maximum(operand.max(axis=-1), exponent(acc))
            scale = np.ldexp(1.0, (window - np.maximum(top, -900)).astype(np.int64))
            terms = np.concatenate([acc[..., None], products], axis=-1)
            total = (np.trunc(terms * scale[..., None]) / scale[..., None]).sum(axis=-1)
            acc = total.astype(np.float16).astype(np.float64) if c_type == "f16" else round_toward_zero_f32(total)
    return acc
