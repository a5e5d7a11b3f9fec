"""Decode a fake run (simulate.py) and check the decoders recover what the fake put in: every
ownership map as a bit formula, the sequential reduction tree where the type can hold its path
codes, one call per element, the seeds' tensor addressing, the nvgpu MulAdd model."""

from __future__ import annotations

from pathlib import Path

import muladd
import ownership
import per_element
import reduce_order
import tensor
from rundump import Dump


def selfcheck(run_dir: Path, dump_dir: Path) -> int:
    dump = Dump(dump_dir, run_dir / "runs.json")
    problems = []
    owned = ownership.analyse(dump)
    problems += [f"ownership {o['run']}: no formula" for o in owned if not (o.get("row_formula") and o.get("col_formula"))]
    problems += [f"ownership {o['run']}: copies {o.get('copies')}" for o in owned if o.get("copies") != [1]]
    for group in reduce_order.analyse(dump):
        leaves = {"row": group["cols"], "col": group["rows"], "rowcol": group["rows"] * group["cols"], "2x2": 4}
        decodable = group["type"] == "f32" and leaves[group["mode"]] <= 24      # path codes below 2^24
        trees = group["trees"]
        if decodable and "undecoded" in trees:
            problems.append(f"reduce {group['runs'][0]}: undecoded trees")
        bad = {k: v for k, v in group["checks"].items() if v is False or (isinstance(v, str) and
                                                                          v.split("/")[0] != v.split("/")[1])}
        if bad:
            problems.append(f"reduce {group['runs'][0]}: checks {bad}")
    for record in per_element.analyse(dump):
        if record["calls_per_element"] != [1] or not record["arguments_match_elements"] or not record["results_match"]:
            problems.append(f"perelement {record['run']}")
    for case in tensor.analyse(dump):
        if case["differ"]:
            problems.append(f"tensor {case['run']}: {case['differ']} differ")
    for run in muladd.analyse(dump):
        expected = "saturate_once" if run["saturating"] else "wrap"
        if run["c_type"] in ("f32", "f16"):
            expected = f"L{run['k']}_W25_{'rz' if run['c_type'] == 'f32' else 'rne'}"
        if run["best"] != expected or run["best_matches"] != run["scores"].get("finite_outputs", run["outputs"]):
            problems.append(f"muladd {run['run']}: best {run['best']} {run['best_matches']}/{run['outputs']}")
    counts = {kind: len(dump.ran(kind)) for kind in ("ownership", "reduce", "perelement", "tensor", "muladd")}
    print(f"decoded {counts}; {len(problems)} problem(s)")
    for problem in problems[:40]:
        print("  " + problem)
    return 1 if problems else 0
