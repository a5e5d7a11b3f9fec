"""Fit an element-ownership map (lane, index) -> (row, col) as a map of bits.

Every NVIDIA fragment layout measured so far moves bits: each bit of the row and of the column is
one bit of the lane or of the element index (or 0). `fit` solves, bit by bit and over GF(2), for
the XOR of input bits (plus a constant) that gives each output bit on every sample; a layout that
moves bits comes out with one input bit per output bit, and `render` writes it as a formula.
"""

from __future__ import annotations

import numpy as np


def bits_of(values: np.ndarray, count: int) -> np.ndarray:
    return ((np.asarray(values, np.int64)[:, None] >> np.arange(count)) & 1).astype(np.uint8)


def solve_gf2(x: np.ndarray, y: np.ndarray) -> np.ndarray | None:
    """A w with x @ w = y (mod 2), fewest ones among the solutions found by elimination, or None."""
    rows, cols = x.shape
    augmented = np.concatenate([x, y[:, None]], axis=1).astype(np.uint8) % 2
    pivots = []
    r = 0
    for c in range(cols):
        hit = np.nonzero(augmented[r:, c])[0]
        if hit.size == 0:
            continue
        p = r + hit[0]
        augmented[[r, p]] = augmented[[p, r]]
        others = np.nonzero(augmented[:, c])[0]
        others = others[others != r]
        augmented[others] ^= augmented[r]
        pivots.append(c)
        r += 1
        if r == rows:
            break
    if np.any(augmented[r:, cols]):
        return None                                  # inconsistent: no XOR combination fits
    w = np.zeros(cols, np.uint8)
    for i, c in enumerate(pivots):
        w[c] = augmented[i, cols]
    return w


def fit(inputs: dict[str, np.ndarray], widths: dict[str, int], output: np.ndarray, out_bits: int):
    """Per output bit: ('const', v) or a list of (input name, bit) whose XOR it is; None if none fits."""
    columns, labels = [], []
    for name, values in inputs.items():
        b = bits_of(values, widths[name])
        for k in range(widths[name]):
            columns.append(b[:, k])
            labels.append((name, k))
    x = np.stack(columns + [np.ones(len(output), np.uint8)], axis=1)
    y = bits_of(output, out_bits)
    result = []
    for k in range(out_bits):
        w = solve_gf2(x, y[:, k])
        if w is None:
            return None
        terms = [labels[i] for i in np.nonzero(w[:-1])[0]]
        result.append(("const", int(w[-1])) if not terms else (terms, int(w[-1])))
    return result


def is_bit_move(solution) -> bool:
    return solution is not None and all(item[0] == "const" and item[1] == 0 or
                                         (item[0] != "const" and len(item[0]) == 1 and item[1] == 0)
                                         for item in solution)


def evaluate(solution, inputs: dict[str, np.ndarray]) -> np.ndarray:
    n = len(next(iter(inputs.values())))
    out = np.zeros(n, np.int64)
    for k, item in enumerate(solution):
        if item[0] == "const":
            bit = np.full(n, item[1], np.int64)
        else:
            terms, constant = item
            bit = np.full(n, constant, np.int64)
            for name, b in terms:
                bit ^= (np.asarray(inputs[name], np.int64) >> b) & 1
        out |= bit << k
    return out


def render(solution) -> str:
    """A bit move as a sum of shifted bit fields, e.g. '((lane >> 2) & 7) + 8 * ((i >> 1) & 1)'."""
    if not is_bit_move(solution):
        return "; ".join(f"bit {k} = " + ("1" if item[0] == "const" and item[1] else "0" if item[0] == "const" else
                                          " ^ ".join(f"{n}[{b}]" for n, b in item[0]) + (" ^ 1" if item[1] else ""))
                         for k, item in enumerate(solution or []))
    fields = []        # (output bit, input name, input bit, length)
    for k, item in enumerate(solution):
        if item[0] == "const":
            continue
        name, b = item[0][0]
        if fields and fields[-1][1] == name and fields[-1][0] + fields[-1][3] == k and fields[-1][2] + fields[-1][3] == b:
            fields[-1] = (fields[-1][0], name, fields[-1][2], fields[-1][3] + 1)
        else:
            fields.append((k, name, b, 1))
    if not fields:
        return "0"
    terms = []
    for out_bit, name, in_bit, length in fields:
        value = name if in_bit == 0 else f"({name} >> {in_bit})"
        value = f"({value} & {(1 << length) - 1})"
        terms.append(value if out_bit == 0 else f"{1 << out_bit} * {value}")
    return " + ".join(terms)
