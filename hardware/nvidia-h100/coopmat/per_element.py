"""Decode the coopMatPerElementNV runs: how often the function ran per element, which invocation
ran it (compared with the ownership map of the same matrix type), in which order the tickets
came, whether its arguments and results were right."""

from __future__ import annotations

import numpy as np
from components import COMPONENTS
from rundump import Dump
from runs import perelement_values


def decode(dump: Dump, name: str) -> dict:
    meta = dump.runs[name]
    rows, cols, groups = meta["rows"], meta["cols"], meta["groups"]
    component = COMPONENTS[meta["type"]]
    counters = dump.array(name, 3, np.uint32)
    total, per_element = int(counters[0]), counters[1:].reshape(groups, rows, cols)
    logged = min(total, meta["log_calls"])
    calls = dump.array(name, 4, np.uint32).reshape(-1, 4)[:logged]
    who, row, col = calls[:, 0], calls[:, 1].astype(int), calls[:, 2].astype(int)
    element = calls[:, 3].view(np.float32).astype(np.float64)
    lane, subgroup, workgroup = who & 0xFF, (who >> 8) & 0xFF, who >> 16
    values = perelement_values(rows, cols, groups, meta["type"])
    inside = (row < rows) & (col < cols) & (workgroup < groups)
    argument_ok = bool(np.all(inside) and np.array_equal(element, values[workgroup, row, col]))
    results = dump.array(name, 2, component.dtype).astype(np.float64).reshape(groups, rows, cols)
    expected = values * 3 - values / 2 if meta["extra"] else 2 * values + 1
    return {"run": name, "type": meta["type"], "use": "ABC"[meta["use"]], "rows": rows, "cols": cols,
            "scope": meta["scope"], "invocations": meta["invocations"], "groups": groups, "extra": meta["extra"],
            "calls": total, "elements": groups * rows * cols,
            "calls_per_element": sorted({int(v) for v in per_element.ravel()}),
            "arguments_match_elements": argument_ok,
            "results_match": bool(np.array_equal(results, component.dtype.type(expected).astype(np.float64))),
            "log": {"lane": lane.tolist(), "subgroup": subgroup.tolist(), "workgroup": workgroup.tolist(),
                    "row": row.tolist(), "col": col.tolist()}}


def order_summary(record: dict) -> dict:
    """How the tickets were handed out: per workgroup, the order of (lane, row, col) in one ticket run."""
    log = record["log"]
    workgroup = np.array(log["workgroup"])
    runs_of_workgroups = int(np.sum(workgroup[1:] != workgroup[:-1])) + 1 if workgroup.size else 0
    lanes = np.array(log["lane"])
    first = workgroup == (workgroup[0] if workgroup.size else 0)
    return {"workgroup_switches": runs_of_workgroups - 1,
            "first_workgroup_lane_sequence_head": lanes[first][:64].tolist()}


def ticket_order(record: dict, tables: dict) -> str:
    """How a one-workgroup run's tickets line up with the element indices of the ownership map:
    'index-major' when the calls come element index by element index, invocations ascending within
    each index (each invocation calling once per element it holds); else what was seen."""
    key = (record["type"], "ABC".index(record["use"]), record["rows"], record["cols"], record["scope"],
           record["invocations"])
    if record["groups"] != 1 or key not in tables:
        return "not checked"
    rows, cols = tables[key]
    index_of = {}
    for invocation in range(rows.shape[0]):
        for i in range(rows.shape[1]):
            index_of[(invocation, int(rows[invocation, i]), int(cols[invocation, i]))] = i
    log = record["log"]
    invocations = [32 * s + lane for s, lane in zip(log["subgroup"], log["lane"])]
    order = [(index_of.get((v, r, c), -1), v) for v, r, c in zip(invocations, log["row"], log["col"])]
    if -1 in (i for i, _ in order):
        return "a call for an element its invocation does not hold"
    if order == sorted(order):
        return "index-major"
    subgroups = {v // 32 for _, v in order}
    if all([o for o in order if o[1] // 32 == s] == sorted(o for o in order if o[1] // 32 == s) for s in subgroups):
        return "index-major within each subgroup; subgroups interleave"
    return "other"


def analyse(dump: Dump, tables: dict | None = None) -> list[dict]:
    """tables: (type, use, rows, cols, scope, invocations) -> (rows, cols) ownership tables."""
    out = []
    for name in dump.ran("perelement"):
        record = decode(dump, name)
        record["order"] = order_summary(record)
        record["ticket_order"] = ticket_order(record, tables or {})
        out.append(record)
    return out
