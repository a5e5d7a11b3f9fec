"""A fake device run for checking the decoders without a GPU: a dump folder in which a chosen
behaviour holds (an mma-fragment ownership map, a given reduction tree, one call per element, the
seeds' tensor addressing, the nvgpu MulAdd model), with vkrun's log lines. `probe.py selfcheck`
runs the analysis on it and checks that it finds what was put in.

    python simulate.py RUN_DIR DUMP_DIR [--tree sequential|pairwise]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import tensor_oracle
from components import COMPONENTS
from muladd import INT_LIMITS, float_model, inputs, int_models
from reduce_order import evaluate_tree, label, leaves_of, postfix, probe_inputs
from rundump import KIND_FILES
from runs import OBJECT_VALUE, perelement_values

# what the fake driver lists: (M, N, K, A, B, C, R, saturating, scope)
KHR = [(16, 16, 16, 0, 0, 1, 1, 0, 3), (16, 16, 16, 0, 0, 0, 0, 0, 3), (16, 8, 16, 0, 0, 1, 1, 0, 3),
       (16, 8, 8, 0, 0, 1, 1, 0, 3), (16, 16, 32, 3, 3, 5, 5, 0, 3), (16, 16, 32, 3, 3, 5, 5, 1, 3),
       (16, 8, 32, 3, 3, 5, 5, 0, 3)]
FLEX = [(16, 16, 16, 0, 0, 1, 1, 0, 2, 128), (16, 16, 16, 0, 0, 0, 0, 0, 2, 128)]   # + granularities, invocations


def listed(need: str) -> bool:
    words = need.split()
    if words[0] == "feature":
        return True
    values = [int(w) for w in words[1:]]
    if words[0] == "matrix":
        vk, rows, cols, use, scope, invocations = values
        for m, n, k, a, b, c, r, _sat, s in KHR:
            if s == scope and ((use == 0 and a == vk and (m, k) == (rows, cols)) or
                               (use == 1 and b == vk and (k, n) == (rows, cols)) or
                               (use == 2 and vk in (c, r) and (m, n) == (rows, cols))):
                return True
        for mg, ng, kg, a, b, c, r, _sat, s, inv in FLEX:
            if s == scope and (invocations in (0, inv)) and (
                    (use == 0 and a == vk and rows % mg == 0 and cols % kg == 0) or
                    (use == 1 and b == vk and rows % kg == 0 and cols % ng == 0) or
                    (use == 2 and vk in (c, r) and rows % mg == 0 and cols % ng == 0)):
                return True
        return False
    m, n, k, a, b, c, r, sat, scope, invocations = values
    if (m, n, k, a, b, c, r, sat, scope) in KHR:
        return True
    return any(s == scope and invocations in (0, inv) and m % mg == 0 and n % ng == 0 and k % kg == 0 and
               (a2, b2, c2, r2, sat2) == (a, b, c, r, sat) for mg, ng, kg, a2, b2, c2, r2, sat2, s, inv in FLEX)


def make_tree(labels: list[str], kind: str) -> str:
    if kind == "sequential":
        text = labels[0]
        for leaf in labels[1:]:
            text = f"({text},{leaf})"
        return text
    nodes = labels[:]
    while len(nodes) > 1:
        nodes = [f"({nodes[i]},{nodes[i + 1]})" for i in range(0, len(nodes), 2)]
    return nodes[0]


COMBINE = {
    "path": lambda a, b: np.where(a >= b, 2 * a, 2 * b + 1), "depth": lambda a, b: np.maximum(a, b) + 1,
    "left": lambda a, b: np.where(a >= b, a + 1, b), "calls": lambda a, b: a + b + 1, "first": lambda a, b: a,
    "sum": lambda a, b: a + b, "min": np.fmin, "max": np.fmax}


def fake_outputs(name: str, meta: dict, tree_kind: str, rng: np.random.Generator) -> dict[int, bytes]:
    kind = meta["kind"]
    if kind == "ownership":
        rows, cols, invocations, record = meta["rows"], meta["cols"], meta["invocations"], meta["record"]
        length = rows * cols // invocations
        words = np.zeros((invocations, record), np.uint32)
        words[:, 0] = length
        words[:, 1] = np.arange(invocations) // 32
        words[:, 2] = np.arange(invocations) % 32
        for inv in range(invocations):
            for i in range(length):
                e = i * invocations + inv
                words[inv, 3 + 2 * i], words[inv, 4 + 2 * i] = divmod(e, cols)
        return {2: words.tobytes()}
    if kind == "reduce":
        dtype = COMPONENTS[meta["type"]].dtype.type
        probes = probe_inputs(meta)
        leaves = leaves_of(meta["mode"], meta["rows"], meta["cols"], meta["result_rows"], meta["result_cols"])
        out = np.zeros((len(probes), meta["result_rows"], meta["result_cols"]))
        flat = probes.reshape(len(probes), -1)
        groups: dict[tuple, list[tuple[int, int]]] = {}
        for r in range(meta["result_rows"]):
            for c in range(meta["result_cols"]):
                groups.setdefault(tuple(label(meta["mode"], f, meta["cols"]) for f in leaves[r, c]), []).append((r, c))
        for labels, elements in groups.items():
            program = postfix(make_tree(list(labels), tree_kind))
            index = np.array([leaves[e] for e in elements])                   # (elements, n)
            values = {name: flat[:, index[:, j]] for j, name in enumerate(labels)}
            result = evaluate_tree(program, values, COMBINE[meta["combine"]], dtype)
            for k, (r, c) in enumerate(elements):
                out[:, r, c] = result[:, k]
        return {1: out.astype(COMPONENTS[meta["type"]].dtype).tobytes()}
    if kind == "perelement":
        rows, cols, groups = meta["rows"], meta["cols"], meta["groups"]
        component = COMPONENTS[meta["type"]]
        values = perelement_values(rows, cols, groups, meta["type"])
        counters = np.concatenate([[groups * rows * cols], np.ones(groups * rows * cols)]).astype(np.uint32)
        log = np.zeros((meta["log_calls"], 4), np.uint32)
        g, r, c = np.indices((groups, rows, cols)).reshape(3, -1)
        log[: g.size, 0] = ((r * cols + c) % 32) | (g << 16)
        log[: g.size, 1], log[: g.size, 2] = r, c
        log[: g.size, 3] = values.ravel().astype(np.float32).view(np.uint32)
        expected = values * 3 - values / 2 if meta["extra"] else 2 * values + 1
        return {2: expected.astype(component.dtype).tobytes(), 3: counters.tobytes(), 4: log.tobytes()}
    if kind == "tensor":
        component = COMPONENTS[meta["component"]]
        case = {key: meta[key] for key in ("rank", "dims", "offsets", "spans", "store", "clip", "second_offsets", "clamp")}
        expected = tensor_oracle.expected(case)
        dst = np.full(meta["src_elements"], meta["dst_sentinel"])
        matrix = np.full((16, 16), OBJECT_VALUE)
        bits = meta["clamp_value"]
        clamp = float(np.array([bits & 0xFFFF], np.uint16).view(np.float16)[0]) if meta["component"] == "f16" else \
            float(np.array([bits], np.uint32).view(np.float32)[0])
        for r in range(16):
            for c in range(16):
                e = expected[r][c]
                if e[0] == "src":
                    matrix[r, c] = e[1]
                elif e[0] == "clamp":
                    matrix[r, c] = clamp
                elif e[0] == "dst":
                    dst[meta["guard"] + e[1]] = 16 * r + c
                elif e[0] == "undefined":
                    matrix[r, c] = 12345.0 if not meta["store"] else OBJECT_VALUE
        if meta["store"]:
            matrix = np.arange(256, dtype=np.float64).reshape(16, 16)
        return {1: dst.astype(component.dtype).tobytes(), 2: matrix.astype(component.dtype).tobytes()}
    a, b, c, _labels = inputs(meta)
    ct = meta["c_type"]
    if ct in INT_LIMITS:
        d = int_models(a, b, c, ct)["saturate_once" if meta["saturating"] else "wrap"]
    else:
        d = float_model(a, b, c, meta["a_type"], ct, meta["k"], 25, "rz" if ct == "f32" else "rne")
    return {3: d.astype(COMPONENTS[ct].dtype).tobytes()}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("run_dir", type=Path)
    parser.add_argument("dump_dir", type=Path)
    parser.add_argument("--tree", default="sequential")
    args = parser.parse_args(argv)
    runs = json.loads((args.run_dir / "runs.json").read_text())
    rng = np.random.default_rng(5)
    safe_log = ["device: fake", *[f"coopmat combination: M {m} N {n} K {k} A {a} B {b} C {c} Result {r} saturating {s} "
                                  f"scope {sc}" for m, n, k, a, b, c, r, s, sc in KHR]]
    logs = {kind: safe_log[:] for kind in KIND_FILES.values()}
    for name, meta in runs.items():
        folder = args.dump_dir / ("risky/" + name if meta["risky"] else "coopmat/" + KIND_FILES[meta["kind"]])
        folder.mkdir(parents=True, exist_ok=True)
        if not all(listed(need) for need in meta["needs"]):
            line = f"run {name}: skipped, needs {meta['needs'][-1]}"
        else:
            for binding, data in fake_outputs(name, meta, args.tree, rng).items():
                (folder / f"{name}.s0b{binding}.bin").write_bytes(data)
            line = f"run {name}: module spv/x.spv groups 1 1 1 r=0 pipeline 0.0 s, first dispatch 0.0 s, 1 repeat(s) 0.0 s, 0 differing"
        if meta["risky"]:
            (folder / "log.txt").write_text(line + "\n")
        else:
            logs[KIND_FILES[meta["kind"]]].append(line)
    for kind, lines in logs.items():
        (args.dump_dir / "coopmat" / kind).mkdir(parents=True, exist_ok=True)
        (args.dump_dir / "coopmat" / kind / "log.txt").write_text("\n".join(lines) + "\n")
    print(f"fake dump in {args.dump_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
