"""The H100 cooperative-matrix record (tests/data/nvidia_h100_coopmat) against the rules that
docs/hardware-nvidia-h100-coopmat.md states (tests/hardware_replay/nvidia_h100_coopmat_replay.py),
and against itself: every ownership table, every decoded reduction tree, the per-element calls, the
tensor-addressing cases, the MulAdd outputs. test_nvidia_h100_coopmat_emulator.py holds the
emulator's nvidia-h100 profile to the same data."""

from __future__ import annotations

import sys
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

from tests.hardware_replay.nvidia_h100_coopmat_replay import (
    copies,
    evaluate,
    load_json,
    mma_model,
    owner,
    replay,
    subgroup_tree,
    two_by_two_tree,
)

sys.path.insert(0, str(Path(__file__).parents[2] / "hardware" / "nvidia-h100" / "coopmat"))
import tensor_oracle

OWNERSHIP = [o for o in load_json("ownership.json") if o["complete"]]   # the first run's records were
# too small for workgroups of 256 that hold A and B several times: the second run has them (own2_*)
REDUCE = load_json("reduce.json")
TREES = load_json("reduce_trees.json.gz")
PER_ELEMENT = load_json("perelement.json")
TENSOR = load_json("tensor.json")
MULADD = load_json("muladd.json")
DTYPES = {"f16": np.float16, "f32": np.float32}


# ---- what the driver lists ------------------------------------------------------------------------
def test_the_driver_lists_subgroup_and_flexible_workgroup_matrices():
    properties = load_json("properties.json")
    khr = {(p["M"], p["N"], p["K"], p["A"], p["C"], p["saturating"], p["scope"]) for p in properties["khr"]}
    assert (16, 16, 16, 0, 1, 0, 3) in khr and (16, 8, 8, 0, 0, 0, 3) in khr and (16, 16, 32, 3, 5, 0, 3) in khr
    assert not any(p["saturating"] for p in properties["khr"] + properties["flexible"])
    assert all(p["scope"] == 3 for p in properties["khr"])
    invocations = {p["workgroupInvocations"] for p in properties["flexible"] if p["scope"] == 2}
    assert invocations == {32, 64, 128, 256}
    assert all(value == 1 for value in properties["coopmat2_features"].values())


# ---- ownership ------------------------------------------------------------------------------------
@pytest.mark.parametrize("record", OWNERSHIP, ids=[o["run"] for o in OWNERSHIP])
def test_ownership_tables_follow_the_fragment_rule(record):
    rows, cols = owner(record["type"], record["use"], record["rows"], record["cols"], record["invocations"])
    data = replay()
    assert np.array_equal(data[f"{record['run']}.rows"], rows)
    assert np.array_equal(data[f"{record['run']}.cols"], cols)
    assert record["copies"] == [copies(record["use"], record["invocations"])]


def test_every_listed_type_was_mapped():
    types = {(o["type"], o["use"]) for o in OWNERSHIP}
    assert {("f16", "A"), ("f16", "B"), ("f16", "C"), ("bf16", "A"), ("f32", "C"), ("s8", "A"), ("s8", "B"),
            ("u8", "A"), ("s32", "C"), ("u32", "C")} <= types
    assert any(o["scope"] == "wg" and o["invocations"] == 256 for o in OWNERSHIP)


# ---- reduce ---------------------------------------------------------------------------------------
def reduce_groups(selector):
    return [g for g in REDUCE if g["decoded"] and selector(g)]


SUBGROUP_LIKE = reduce_groups(lambda g: g["mode"] != "2x2" and (g["scope"] == "sg" or g["invocations"] == 32))


@pytest.mark.parametrize("group", SUBGROUP_LIKE, ids=[g["key"] for g in SUBGROUP_LIKE])
def test_subgroup_reductions_follow_the_butterfly_rule(group):
    trees = TREES[group["key"]]
    for r in range(group["result_rows"]):
        for c in range(group["result_cols"]):
            recorded = trees["trees"][trees["element_tree"][r][c]]
            assert recorded == subgroup_tree(group["mode"], group["rows"], group["cols"], r, c), (r, c)


TWO_BY_TWO = reduce_groups(lambda g: g["mode"] == "2x2")


@pytest.mark.parametrize("group", TWO_BY_TWO, ids=[g["key"] for g in TWO_BY_TWO])
def test_two_by_two_reductions_pair_rows_then_columns(group):
    trees = TREES[group["key"]]
    for r in range(group["result_rows"]):
        assert {trees["trees"][i] for i in trees["element_tree"][r]} == {two_by_two_tree(r)}


def test_decoded_trees_were_confirmed_by_every_other_combine():
    for group in REDUCE:
        assert all(v is True or (isinstance(v, str) and v.split("/")[0] == v.split("/")[1])
                   for v in group["checks"].values()), group["key"]
    assert sum(g["decoded"] for g in REDUCE) >= 60


SUM_RUNS = sorted(key.removesuffix(".probes") for key in replay() if key.startswith("red") and key.endswith(".probes"))


@pytest.mark.parametrize("run", SUM_RUNS)
def test_recorded_trees_give_the_recorded_sums(run):
    """Each decoded tree, evaluated in the type's arithmetic on the recorded probes, gives the GPU's sums."""
    parts = run.split("_")
    type_name, mode = parts[1], parts[4]
    rows, cols = (int(x) for x in parts[3].split("x"))
    rr, rc = (int(x) for x in parts[5].split("x"))
    group = next(g for g in REDUCE if g["type"] == type_name and g["mode"] == mode and g["rows"] == rows and
                 g["cols"] == cols and g["result_rows"] == rr and g["result_cols"] == rc and
                 f"{g['scope']}{g['invocations']}" == parts[2])
    trees = TREES[group["key"]]
    dtype = DTYPES[type_name]
    probes = replay()[f"{run}.probes"].astype(np.float64)
    observed = replay()[f"{run}.b1"].view(dtype).reshape(len(probes), rr, rc)
    flat = probes.reshape(len(probes), -1)
    sums: dict[tuple[str, frozenset[tuple[str, int]]], np.ndarray] = {}    # a tree over the same probes: once
    for r in range(rr):
        for c in range(rc):
            tree = trees["trees"][trees["element_tree"][r][c]]
            indices = {}
            for leaf in {x for x in tree.replace("(", ",").replace(")", ",").split(",") if x}:
                index = {"row": r * cols + int(leaf), "col": int(leaf) * cols + c, "rowcol": int(leaf)}.get(mode)
                if index is None:
                    index = (2 * r + int(leaf[0])) * cols + 2 * c + int(leaf[1])
                indices[leaf] = index
            key = (tree, frozenset(indices.items()))
            if key not in sums:
                sums[key] = evaluate(tree, {leaf: flat[:, index] for leaf, index in indices.items()}, dtype)
            expected = sums[key]
            assert np.array_equal(expected.view(np.uint16 if dtype == np.float16 else np.uint32),
                                  observed[:, r, c].view(np.uint16 if dtype == np.float16 else np.uint32))


# ---- per element ----------------------------------------------------------------------------------
@pytest.mark.parametrize("record", PER_ELEMENT, ids=[r["run"] for r in PER_ELEMENT])
def test_each_holder_calls_the_function_once_per_element(record):
    assert record["calls_per_element"] == [copies(record["use"], record["invocations"])]
    assert record["arguments_match_elements"] and record["results_match"]


def test_calls_come_element_index_by_element_index():
    orders = {r["run"]: r["ticket_order"] for r in PER_ELEMENT if r["groups"] == 1}
    assert orders["pe2_f32_C_16x16_sg32"] == "index-major"
    assert all(o.startswith("index-major") for o in orders.values())


# ---- tensor addressing ----------------------------------------------------------------------------
CASES = {c["run"]: c for c in TENSOR["cases"]}
NO_WRAP_CLIP = ("te2_clip_wrap", "te2_clip_wrap_rows", "te2_clip_wrap_cols", "te2_clip_wrap_store")


def test_every_defined_case_of_the_second_run_matches_the_pseudocode():
    for name, case in CASES.items():
        if not name.startswith("te2_") or name in NO_WRAP_CLIP or name == "te2_dim1cols_mirror" or \
                name == "te2_store_far_undefined":       # out-of-bounds stores overwrite in-bounds ones there
            continue
        assert case["differ"] == 0, name


def no_wrap(case: dict) -> dict:
    """The clip as the H100 applies it: [offset, offset + span) without the uint32 wrap."""
    row, row_span, col, col_span = case["clip"]
    return {**case, "clip": (row, min(row_span, 2 ** 20), col, min(col_span, 2 ** 20))}


@pytest.mark.parametrize("name", NO_WRAP_CLIP)
def test_a_clip_span_of_0xffffffff_does_not_wrap(name):
    case = CASES[name]
    expected = tensor_oracle.expected(no_wrap(case["case"]))
    assert [[list(x) for x in row] for row in expected] == case["observed"]


def test_mirror_repeat_with_a_dimension_of_1():
    """Rows of 1 (dims (1, 16)): every row reads row 0. Columns of 1 (dims (16, 1)) or both: every
    element reads element 0, in-bounds ones included. Nothing faults."""
    for name in ("te2_dim1rows_mirror", "te2_dim1rows_mirror_offset"):
        assert CASES[name]["observed"] == [[["src", c] for c in range(16)]] * 16
    for name in ("te2_dim1cols_mirror", "te2_dim1both_mirror"):
        assert CASES[name]["observed"] == [[["src", 0]] * 16] * 16


def test_undefined_mode_uses_the_raw_address():
    case = CASES["te2_far_undefined"]["case"]
    (r0, c0), stride = case["offsets"], case["dims"][1]
    assert CASES["te2_far_undefined"]["observed"] == [[["src", (r + r0) * stride + c + c0] for c in range(16)]
                                                       for r in range(16)]
    status = {s["run"]: s["state"] for s in TENSOR["status"]}
    assert status["te_hang_undefined"] == status["te_store_undefined"] == "missing"   # negative: the GPU hung


# ---- MulAdd ---------------------------------------------------------------------------------------
FLOAT_RUNS = [r for r in MULADD if r["c_type"] in ("f16", "f32")]


@pytest.mark.parametrize("record", FLOAT_RUNS, ids=[r["run"] for r in FLOAT_RUNS])
def test_float_muladd_is_the_mma_model_in_k16_steps(record):
    block = 8 if record["k"] == 8 else 16
    assert record["best"] == f"L{block}_W25_{'rz' if record['c_type'] == 'f32' else 'rne'}"
    assert record["best_matches"] == record["scores"]["finite_outputs"]


@pytest.mark.parametrize("run", sorted(key.removesuffix(".b3") for key in replay() if key.startswith("mma")
                                       and key.endswith(".b3")))
def test_recorded_muladd_outputs_against_the_model(run):
    data = replay()
    a, b, c = (data[f"{run}.{key}"] for key in "abc")
    if a.dtype.kind == "V":                                  # bfloat16 comes back from npz as raw 2-byte values
        a, b = a.view(ml_dtypes.bfloat16), b.view(ml_dtypes.bfloat16)
    record = next(r for r in MULADD if r["run"] == run)
    gpu = data[f"{run}.b3"].view(c.dtype).reshape(c.shape)
    if record["c_type"] in ("s32", "u32"):
        exact = c.astype(np.int64) + np.einsum("imk,ikn->imn", a.astype(np.int64), b.astype(np.int64))
        low, span = (-(2 ** 31), 2 ** 32) if record["c_type"] == "s32" else (0, 2 ** 32)
        assert np.array_equal((exact - low) % span + low, gpu.astype(np.int64))   # wraps, saturating or not
        return
    model = mma_model(a, b, c, record["a_type"], record["c_type"]).astype(c.dtype)
    finite = np.isfinite(gpu)
    assert np.array_equal(model[finite], gpu[finite])
    assert np.all(np.isnan(model[~finite]) == np.isnan(gpu[~finite]))
