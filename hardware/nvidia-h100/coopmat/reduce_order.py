"""Decode the coopMatReduceNV runs into combine trees.

For each result element, the `path` probes give every leaf's path from the root (combine_path:
bit k of the result, counted from the lowest, says whether the leaf came in as the first (0) or
second (1) operand at depth k; a leading 1 marks the depth). The paths of all leaves of one result
element form the binary tree the implementation evaluated, written as nested pairs of leaf labels:
'((0,1),(2,3))' combines leaf 0 with 1 and 2 with 3, then the two results, first operand first.
The `depth`, `left`, `calls` and `first` probes check it independently, and the tree is then
evaluated on the sum/min/max probes in the type's arithmetic and compared with what the GPU gave.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
from components import COMPONENTS
from rundump import Dump
from runs import BIG, FULL_ROWCOL, hash_seed, reduce_probes


def leaves_of(mode: str, rows: int, cols: int, rrows: int, rcols: int) -> np.ndarray:
    """(rrows, rcols, n) flat input indices that result element (r, c) reduces, in label order."""
    r_in, c_in = np.indices((rows, cols))
    flat = r_in * cols + c_in
    out = []
    for r in range(rrows):
        row = []
        for c in range(rcols):
            if mode == "row":
                row.append(flat[r])
            elif mode == "col":
                row.append(flat[:, c])
            elif mode == "rowcol":
                row.append(flat.ravel())
            else:
                row.append(np.array([flat[2 * r, 2 * c], flat[2 * r, 2 * c + 1], flat[2 * r + 1, 2 * c],
                                     flat[2 * r + 1, 2 * c + 1]]))
        out.append(row)
    return np.array(out)


def label(mode: str, flat_index: int, cols: int) -> str:
    r, c = divmod(int(flat_index), cols)
    return {"row": str(c), "col": str(r), "rowcol": str(int(flat_index))}.get(mode, f"{r % 2}{c % 2}")


def decode_path(value: float) -> str | None:
    """'0'/'1' per level from the root down, or None if the value is not a path code."""
    if not np.isfinite(value) or value < 1 or value != np.floor(value) or value >= 2 ** 53:
        return None
    bits = bin(int(value))[3:]           # drop '0b1': the remaining bits, the root's last
    return bits[::-1]


def tree_string(paths: dict[str, str]) -> str | None:
    """The nested-pair form of the tree whose leaves have these root-to-leaf paths, or None when
    the paths do not make a full binary tree (a missing leaf, one path the prefix of another)."""
    def build(items: list[tuple[str, str]], depth: int) -> str | None:
        if len(items) == 1 and len(items[0][1]) == depth:
            return items[0][0]
        if any(len(path) == depth for _, path in items):
            return None
        left = [item for item in items if item[1][depth] == "0"]
        right = [item for item in items if item[1][depth] == "1"]
        if not left or not right:
            return None
        a, b = build(left, depth + 1), build(right, depth + 1)
        return None if a is None or b is None else f"({a},{b})"
    return build(sorted(paths.items()), 0) if paths else None


def probe_inputs(meta: dict) -> np.ndarray:
    component = COMPONENTS[meta["type"]]
    seed = hash_seed("reduce", meta["type"], meta["scope"], meta["rows"], meta["cols"], meta["mode"],
                     meta["result_rows"], meta["result_cols"], meta["combine"])
    assert seed == meta["seed"]
    return reduce_probes(meta["mode"], meta["combine"], component, meta["rows"], meta["cols"],
                         np.random.default_rng(seed), meta.get("full_rowcol", FULL_ROWCOL))


def results(dump: Dump, name: str) -> np.ndarray:
    meta = dump.runs[name]
    dtype = COMPONENTS[meta["type"]].dtype
    return dump.array(name, 1, dtype).astype(np.float64).reshape(meta["probes"], meta["result_rows"],
                                                                  meta["result_cols"])


def marker_leaf(meta: dict, probes: np.ndarray, leaves: np.ndarray) -> np.ndarray:
    """(probes, rrows, rcols): which of the element's leaves carries the probe's marker (-1: none)."""
    flat = probes.reshape(len(probes), -1)
    marked = flat[:, leaves] != 0                        # (probes, rrows, rcols, n)
    which = np.argmax(marked, axis=-1)
    return np.where(marked.any(axis=-1), which, -1)


def trees(dump: Dump, name: str) -> dict:
    """Per result element the tree string (from the path run)."""
    meta = dump.runs[name]
    probes, observed = probe_inputs(meta), results(dump, name)
    rows, cols, rr, rc = meta["rows"], meta["cols"], meta["result_rows"], meta["result_cols"]
    leaves = leaves_of(meta["mode"], rows, cols, rr, rc)
    marker = marker_leaf(meta, probes, leaves)
    per_element = {}
    for r in range(rr):
        for c in range(rc):
            paths = {}
            for p in range(len(probes)):
                k = marker[p, r, c]
                if k < 0:
                    continue
                path = decode_path(observed[p, r, c])
                paths[label(meta["mode"], leaves[r, c, k], cols)] = path if path is not None else "?"
            complete = len(paths) == leaves.shape[-1] and "?" not in paths.values()
            per_element[(r, c)] = tree_string(paths) if complete else None
    return per_element


def leaf_counts(dump: Dump, name: str) -> dict:
    """depth / left runs: per result element, per leaf label, the count (observed - BIG)."""
    meta = dump.runs[name]
    probes, observed = probe_inputs(meta), results(dump, name)
    rows, cols, rr, rc = meta["rows"], meta["cols"], meta["result_rows"], meta["result_cols"]
    leaves = leaves_of(meta["mode"], rows, cols, rr, rc)
    marker = marker_leaf(meta, probes, leaves)
    big = BIG[meta["type"]]
    out = {}
    for r in range(rr):
        for c in range(rc):
            counts = {}
            for p in range(len(probes)):
                k = marker[p, r, c]
                if k >= 0:
                    counts[label(meta["mode"], leaves[r, c, k], cols)] = observed[p, r, c] - big
            out[(r, c)] = counts
    return out


def postfix(text: str) -> list[str | None]:
    """'((0,1),2)' -> ['0', '1', None, '2', None]: leaves, and None for a combine of the two values
    before it (first operand first). Iterative: a sequential fold over 4096 leaves nests 4095 deep."""
    out: list[str | None] = []
    leaf = ""
    for char in text:
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


def evaluate_tree(program: list[str | None], values: dict[str, np.ndarray], combine, dtype) -> np.ndarray:
    """The tree's value for arrays of leaf values, every combine rounded to dtype."""
    stack = []
    with np.errstate(all="ignore"):
        for item in program:
            if item is None:
                b, a = stack.pop(), stack.pop()
                stack.append(np.asarray(combine(a, b)).astype(dtype))
            else:
                stack.append(np.asarray(values[item]).astype(dtype))
    return stack[0]


def tree_stats(program: list[str | None]) -> tuple[dict[str, int], dict[str, int], int]:
    """(depth per leaf, times it came in as the first operand, number of combines)."""
    stack: list[list[str]] = []
    depth: dict[str, int] = {}
    left: dict[str, int] = {}
    calls = 0
    for item in program:
        if item is None:
            b, a = stack.pop(), stack.pop()
            for leaf in a:
                depth[leaf] += 1
                left[leaf] += 1
            for leaf in b:
                depth[leaf] += 1
            stack.append(a + b)
            calls += 1
        else:
            depth[item], left[item] = 0, 0
            stack.append([item])
    return depth, left, calls


def gpu_min(a, b):
    """The H100's min: a NaN operand gives the other one; -0 is below +0."""
    zeros = (a == 0) & (b == 0)
    return np.where(zeros, np.where(np.signbit(a) | np.signbit(b), -0.0, 0.0), np.fmin(a, b))


def gpu_max(a, b):
    """The H100's max: a NaN operand gives the other one; +0 is above -0."""
    zeros = (a == 0) & (b == 0)
    return np.where(zeros, np.where(np.signbit(a) & np.signbit(b), -0.0, 0.0), np.fmax(a, b))


COMBINE_FUNCTIONS = {"sum": lambda a, b: a + b, "min": gpu_min, "max": gpu_max}


def group_runs(dump: Dump) -> dict[tuple, dict[str, str]]:
    """(type, scope, invocations, rows, cols, mode, rrows, rcols) -> {combine: run name} of the runs that ran."""
    groups: dict[tuple, dict[str, str]] = {}
    for name in dump.ran("reduce"):
        m = dump.runs[name]
        key = (m["type"], m["scope"], m["invocations"], m["rows"], m["cols"], m["mode"], m["result_rows"],
               m["result_cols"])
        groups.setdefault(key, {})[m["combine"]] = name
    return groups


def analyse_group(dump: Dump, key: tuple, names: dict[str, str]) -> dict:
    type_name, scope, invocations, rows, cols, mode, rr, rc = key
    dtype = COMPONENTS[type_name].dtype.type
    out = {"type": type_name, "scope": scope, "invocations": invocations, "rows": rows, "cols": cols, "mode": mode,
           "result_rows": rr, "result_cols": rc, "runs": sorted(names.values())}
    decoded = trees(dump, names["path"]) if "path" in names else {}
    distinct = Counter(t for t in decoded.values())
    out["trees"] = {tree if tree is not None else "undecoded": count for tree, count in distinct.most_common()}
    out["tree_of_element"] = {f"{r},{c}": t for (r, c), t in decoded.items()}
    checks = {}
    leaves = leaves_of(mode, rows, cols, rr, rc)
    groups: dict[str, list[tuple[int, int]]] = {}
    for element, tree in decoded.items():
        if tree is not None:
            groups.setdefault(tree, []).append(element)
    programs = {tree: postfix(tree) for tree in groups}
    stats = {tree: tree_stats(program) for tree, program in programs.items()}

    def element_values(probes: np.ndarray, elements: list[tuple[int, int]]) -> dict[str, np.ndarray]:
        """label -> (probes, elements) leaf values."""
        flat = probes.reshape(len(probes), -1)
        index = np.array([leaves[e] for e in elements])                    # (elements, n)
        labels = [label(mode, f, cols) for f in index[0]]
        columns = {}
        for j, name in enumerate(labels):
            columns[name] = flat[:, index[:, j]]
        same = all([label(mode, f, cols) for f in index[k]] == labels for k in range(len(elements)))
        return columns if same else None

    if groups:
        for combine, which in (("depth", 0), ("left", 1)):
            if combine in names:
                counts = leaf_counts(dump, names[combine])
                checks[combine] = all(counts[element].get(leaf) == value for tree, elements in groups.items()
                                      for element in elements for leaf, value in stats[tree][which].items())
        if "calls" in names:
            observed = results(dump, names["calls"])[0]
            checks["calls"] = all(observed[element] == stats[tree][2] for tree, elements in groups.items()
                                  for element in elements)
        if "first" in names:
            observed = results(dump, names["first"])[0]
            probe = probe_inputs(dump.runs[names["first"]])[0]
            ok = True
            for tree, elements in groups.items():
                first = programs[tree][0]
                for element in elements:
                    flat = {label(mode, f, cols): f for f in leaves[element]}
                    ok &= bool(observed[element] == probe.ravel()[flat[first]])
            checks["first"] = ok
        for combine in ("sum", "min", "max"):
            if combine not in names:
                continue
            probes, observed = probe_inputs(dump.runs[names[combine]]), results(dump, names[combine])
            match = total = 0
            for tree, elements in groups.items():
                values = element_values(probes, elements)
                if values is None:
                    continue
                expected = evaluate_tree(programs[tree], values, COMBINE_FUNCTIONS[combine], dtype).astype(np.float64)
                got = np.stack([observed[:, r, c] for r, c in elements], axis=1)
                same = (expected == got) & (np.signbit(expected) == np.signbit(got)) | (np.isnan(expected) & np.isnan(got))
                match += int(same.sum())
                total += same.size
            checks[combine] = f"{match}/{total}"
    out["checks"] = checks
    return out


def analyse(dump: Dump) -> list[dict]:
    return [analyse_group(dump, key, names) for key, names in sorted(group_runs(dump).items())]
