"""Decode the ownership runs: per (type, use, size, scope, invocations) the table
(invocation, index) -> (row, col), its consistency (every element held once, or how often), and
the bit formula that gives it."""

from __future__ import annotations

import math

import bitmap
import numpy as np
from rundump import Dump


def table(dump: Dump, name: str) -> dict:
    meta = dump.runs[name]
    record, invocations = meta["record"], meta["invocations"]
    words = dump.array(name, 2, np.uint32).reshape(invocations, record)
    lengths = words[:, 0].astype(int)
    length = int(lengths.max())
    fits = 3 + 2 * length <= record
    pairs = words[:, 3: 3 + 2 * min(length, (record - 3) // 2)].reshape(invocations, -1, 2)
    return {"lengths": lengths, "subgroup": words[:, 1].astype(int), "lane": words[:, 2].astype(int),
            "rows": pairs[..., 0].astype(int), "cols": pairs[..., 1].astype(int), "complete": fits}


def describe(dump: Dump, name: str) -> dict:
    meta = dump.runs[name]
    t = table(dump, name)
    rows, cols, lengths = t["rows"], t["cols"], t["lengths"]
    invocations = meta["invocations"]
    uniform = bool(np.all(lengths == lengths[0]))
    out = {"run": name, "type": meta["type"], "use": "ABC"[meta["use"]], "rows": meta["rows"], "cols": meta["cols"],
           "scope": meta["scope"], "invocations": invocations, "length": int(lengths.max()),
           "uniform_length": uniform, "complete": t["complete"]}
    if not uniform or not t["complete"]:
        out["lengths"] = lengths.tolist()
        return out
    held = np.zeros((meta["rows"], meta["cols"]), int)
    inside = (rows < meta["rows"]) & (cols < meta["cols"])
    np.add.at(held, (rows[inside], cols[inside]), 1)
    out["copies"] = sorted({int(v) for v in held.ravel()})
    out["outside"] = int(np.sum(~inside))
    invocation, index = np.meshgrid(np.arange(invocations), np.arange(rows.shape[1]), indexing="ij")
    inputs = {"lane": invocation.ravel(), "i": index.ravel()}
    widths = {"lane": max(1, math.ceil(math.log2(invocations))), "i": max(1, math.ceil(math.log2(rows.shape[1])))}
    for axis, values, size in (("row", rows, meta["rows"]), ("col", cols, meta["cols"])):
        solution = bitmap.fit(inputs, widths, values.ravel(), max(1, math.ceil(math.log2(size))))
        good = solution is not None and np.array_equal(bitmap.evaluate(solution, inputs), values.ravel())
        out[f"{axis}_formula"] = bitmap.render(solution) if good else None
        out[f"{axis}_bit_move"] = bool(good and bitmap.is_bit_move(solution))
    out["subgroup_is_invocation_div_32"] = bool(np.array_equal(t["subgroup"], np.arange(invocations) // 32))
    out["lane_is_invocation_mod_32"] = bool(np.array_equal(t["lane"], np.arange(invocations) % 32))
    out["table_rows"] = rows.tolist()
    out["table_cols"] = cols.tolist()
    return out


def analyse(dump: Dump) -> list[dict]:
    return [describe(dump, name) for name in dump.ran("ownership")]
