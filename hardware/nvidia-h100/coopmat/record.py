"""Turn a device run into the committed record (tests/data/nvidia_h100_coopmat/).

Before anything is written, the inputs regenerated here must hash to what the GPU machine wrote
(in/hashes.json, copied into the dump as input_hashes.json), so the record is what the GPU saw.

Files written:
  properties.json  the driver's cooperative-matrix lists, coopmat2 features and properties
  runs.tsv         every run: kind, state (ran, skipped, rejected, failed, missing), repeats that differed
  ownership.json   per listed matrix type: the (invocation, index) -> (row, col) formula, copies, lengths
  ownership.tsv    the same, one line per matrix type
  reduce.json      per reduction: how many distinct combine trees, the first, the checks that confirm them
  reduce_trees.json.gz  per reduction: every tree and which result element used which
  perelement.json  per run: calls per element, arguments, results, ticket order
  tensor.json      per case: what each element read or where it was written, against the seeds' pseudocode
  muladd.json      per MulAdd run: how many outputs each accumulation model reproduces
  replay.npz       raw outputs (and inputs) the CI replay re-derives the findings from (replay_arrays)
  run_log.txt      vkrun's log of the ownership runs (device, lists, features, its run lines)
  run_lines.txt    the run lines of the other kinds' logs
"""

from __future__ import annotations

import gzip
import json
import re
import shutil
from pathlib import Path

import muladd
import numpy as np
import ownership
import per_element
import reduce_order
import tensor
from components import COMPONENTS
from make_inputs import input_hashes
from rundump import Dump


def check_inputs(dump_dir: Path, batch: int) -> None:
    device = json.loads((dump_dir / "input_hashes.json").read_text())
    here = input_hashes(batch=batch)
    if device != here:
        differing = sorted(name for name in set(device) | set(here) if device.get(name) != here.get(name))
        raise SystemExit(f"{len(differing)} regenerated input files differ from the GPU machine's, e.g. {differing[:5]}")


def properties(log_text: str) -> dict:
    def numbers(line: str) -> dict[str, int]:
        return {key: int(value) for key, value in re.findall(r"(\w+) (-?\d+)", line)}

    lines = log_text.splitlines()
    return {
        "device": next((line for line in lines if line.startswith("device:")), ""),
        "driver": next((line for line in lines if line.startswith("driver:")), ""),
        "khr": [numbers(line.split(":", 1)[1]) for line in lines if line.startswith("coopmat combination:")],
        "flexible": [numbers(line.split(":", 1)[1]) for line in lines if line.startswith("coopmat flexible combination:")],
        "coopmat2_properties": numbers(next((line.split(":", 1)[1] for line in lines
                                             if line.startswith("coopmat2 properties:")), "")),
        "coopmat2_features": numbers(next((line.split(":", 1)[1] for line in lines
                                           if line.startswith("features: coopmat2")), "").replace("coopmat2", "")),
        "coopmat_features": numbers(next((line.split(":", 1)[1] for line in lines
                                          if line.startswith("features: cooperativeMatrix")), "")),
        "bfloat16_features": numbers(next((line.split(":", 1)[1] for line in lines
                                           if line.startswith("features: shaderBFloat16")), "")),
    }


REPLAY_REDUCE = {("sg", 16, 16), ("sg", 16, 8), ("sg", 32, 32)}     # (scope, rows, cols) kept raw for the replay
REPLAY_MULADD = ("mma_f16_f32_16x16x16_sg32", "mma_f16_f16_16x16x16_sg32", "mma_bf16_f32_16x16x16_sg32",
                 "mma_f16_f32_16x16x32_sg32", "mma_f16_f16_16x16x32_sg32", "mma_s8_s32_16x16x32_sg32",
                 "mma_u8_u32_16x16x32_sg32", "mma2_s8_s32_sat_16x16x32_sg32", "mma2_u8_u32_sat_16x16x32_sg32",
                 "mma_f16_f32_32x32x64_wg128")


def replay_arrays(dump: Dump) -> dict[str, np.ndarray]:
    """What the CI replay re-derives its findings from (a subset, for size): every ownership table as
    uint8 (invocation, index) -> row and col; the raw path, calls and sum outputs (with the sum probes)
    of the reductions in REPLAY_REDUCE; the per-element counters and call logs of one-workgroup runs;
    every tensor run's outputs; the MulAdd runs in REPLAY_MULADD with their inputs."""
    arrays = {}
    for name in dump.ran():
        meta = dump.runs[name]
        kind = meta["kind"]
        if kind == "ownership":
            table = ownership.table(dump, name)
            if table["complete"] and np.all(table["lengths"] == table["lengths"][0]):
                arrays[f"{name}.rows"] = table["rows"].astype(np.uint8)
                arrays[f"{name}.cols"] = table["cols"].astype(np.uint8)
        elif kind == "reduce":
            if (meta["scope"], meta["rows"], meta["cols"]) in REPLAY_REDUCE and meta["combine"] in ("path", "calls", "sum"):
                arrays[f"{name}.b1"] = np.frombuffer(dump.buffer(name, 1), np.uint8)
                if meta["combine"] == "sum":
                    arrays[f"{name}.probes"] = reduce_order.probe_inputs(meta).astype(COMPONENTS[meta["type"]].dtype)
        elif kind == "perelement":
            if meta["groups"] == 1:
                for binding in meta["keep"]:
                    arrays[f"{name}.b{binding}"] = np.frombuffer(dump.buffer(name, binding), np.uint8)
        elif kind == "tensor":
            for binding in meta["keep"]:
                arrays[f"{name}.b{binding}"] = np.frombuffer(dump.buffer(name, binding), np.uint8)
        elif kind == "muladd" and name in REPLAY_MULADD:
            arrays[f"{name}.b3"] = np.frombuffer(dump.buffer(name, 3), np.uint8)
            a, b, c, _ = muladd.inputs(meta)
            arrays[f"{name}.a"] = a.astype(COMPONENTS[meta["a_type"]].dtype)
            arrays[f"{name}.b"] = b.astype(COMPONENTS[meta["a_type"]].dtype)
            arrays[f"{name}.c"] = c.astype(COMPONENTS[meta["c_type"]].dtype)
    return arrays


def ownership_tsv(records: list[dict]) -> str:
    lines = ["run\ttype\tuse\trows\tcols\tscope\tinvocations\tlength\tcopies\trow\tcol"]
    for r in records:
        lines.append("\t".join(str(x) for x in (r["run"], r["type"], r["use"], r["rows"], r["cols"], r["scope"],
                                                r["invocations"], r["length"], r.get("copies"), r.get("row_formula"),
                                                r.get("col_formula"))))
    return "\n".join(lines) + "\n"


def split_reduce(groups: list[dict]) -> tuple[list[dict], dict]:
    """reduce.json (per reduction: its trees by count, the checks) and the element -> tree index
    matrices with the full trees (reduce_trees.json.gz)."""
    summaries, trees = [], {}
    for g in groups:
        key = "_".join(str(g[k]) for k in ("type", "scope", "invocations", "rows", "cols", "mode", "result_rows",
                                            "result_cols"))
        names = list(g["trees"])
        index = [[names.index(g["tree_of_element"][f"{r},{c}"] or "undecoded") for c in range(g["result_cols"])]
                 for r in range(g["result_rows"])]
        trees[key] = {"trees": names, "element_tree": index}
        summary = {k: v for k, v in g.items() if k not in ("tree_of_element", "trees")}
        summary["key"] = key
        summary["distinct_trees"] = len(names)
        summary["decoded"] = "undecoded" not in g["trees"]
        summary["first_tree"] = names[0] if len(names[0]) <= 400 else names[0][:400] + "..."
        summaries.append(summary)
    return summaries, trees


def run_table(dump: Dump) -> str:
    lines = ["run\tkind\tstate\tdiffering_repeats\tdetail"]
    for name, meta in dump.runs.items():
        status = dump.status(name)
        lines.append(f"{name}\t{meta['kind']}\t{status.state}\t{status.differing}\t{status.detail}")
    return "\n".join(lines) + "\n"


def write(path: Path, value) -> None:
    path.write_text(json.dumps(value, indent=1, sort_keys=True, default=_plain) + "\n")


def _plain(value):
    if isinstance(value, (np.integer,)):
        return int(value)
    if isinstance(value, (np.floating,)):
        return float(value)
    if isinstance(value, (np.bool_,)):
        return bool(value)
    if isinstance(value, tuple):
        return list(value)
    raise TypeError(type(value))


def batch_of(run_dir: Path) -> int:
    return int((run_dir / "batch.txt").read_text()) if (run_dir / "batch.txt").exists() else 1


def record(runs: list[tuple[Path, Path]], data_dir: Path, check: bool = True) -> None:
    """runs: (RUN_DIR, DUMP_DIR) of each device run (the first and the follow-up), recorded together."""
    dumps = []
    for run_dir, dump_dir in runs:
        if check:
            check_inputs(dump_dir, batch_of(run_dir))
        dumps.append(Dump(dump_dir, run_dir / "runs.json"))
    data_dir.mkdir(parents=True, exist_ok=True)
    ran = {name: dump.runs[name] for dump in dumps for name in dump.ran()}
    write(data_dir / "properties.json", properties(dumps[0].log.text))
    (data_dir / "runs.tsv").write_text(run_table(dumps[0]) + "".join(run_table(d).split("\n", 1)[1] for d in dumps[1:]))
    owned = [o for dump in dumps for o in ownership.analyse(dump)]
    write(data_dir / "ownership.json", [{k: v for k, v in o.items() if not k.startswith("table_")} for o in owned])
    (data_dir / "ownership.tsv").write_text(ownership_tsv(owned))
    summaries, trees = split_reduce([g for dump in dumps for g in reduce_order.analyse(dump)])
    write(data_dir / "reduce.json", summaries)
    with gzip.open(data_dir / "reduce_trees.json.gz", "wt") as handle:
        json.dump(trees, handle, sort_keys=True)
    tables = {}
    for dump in dumps:
        for name in dump.ran("ownership"):
            meta, table = dump.runs[name], ownership.table(dump, name)
            if table["complete"]:
                tables[(meta["type"], meta["use"], meta["rows"], meta["cols"], meta["scope"], meta["invocations"])] = \
                    (table["rows"], table["cols"])
    elements = [r for dump in dumps for r in per_element.analyse(dump, tables)]
    write(data_dir / "perelement.json", [{k: v for k, v in r.items() if k != "log"} for r in elements])
    cases = [c for dump in dumps for c in tensor.analyse(dump)]
    for case in cases:
        if not case["differ"] and not case["spec_undefined"]:
            case.pop("observed")
    write(data_dir / "tensor.json", {"cases": cases, "status": [s for dump in dumps for s in tensor.status(dump)]})
    write(data_dir / "muladd.json", [m for dump in dumps for m in muladd.analyse(dump)])
    arrays = {}
    for dump in dumps:
        arrays.update(replay_arrays(dump))
    np.savez_compressed(data_dir / "replay.npz", **arrays)
    shutil.copy(dumps[0].folder / "coopmat" / "own" / "log.txt", data_dir / "run_log.txt")
    (data_dir / "run_lines.txt").write_text("".join(
        line + "\n" for dump in dumps for log in [*dump.logs.values(), *dump.risky_logs.values()]
        for line in log.text.splitlines() if line.startswith("run ")))
    print(f"recorded {len(ran)} runs into {data_dir}")
