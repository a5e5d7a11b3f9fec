"""The MLIR kernel corpus (dxlinalg/samples/mlir/, tests/data/mlir/) is consistent, and the GPU's results obey their rules.

- Every manifest entry names files that exist; its entry point, block size, bindings and op counts are what the
  kernel text says; the generic-form file holds the same operations as the custom-form one.
- The issue's requirements on the corpus: 64 nvgpu.mma.sync in each f16 matmul kernel, nvgpu.ldmatrix and
  nvgpu.device_async_copy in the shared-memory kernels.
- The committed inputs are the seeded ones of tests/data/mlir/models.py (regenerated here, byte for byte).
- The numpy models agree with a slow exact oracle (Fraction sums) on sampled elements, and with each other where
  the inputs make every summation order exact.
- The recorded GPU outputs (tests/data/mlir/gpu/) obey the rule tests/data/mlir/gpu/rules.json gives for each
  kernel and input set: a model and how far from it (0 ulp: bit for bit; docs/hardware-nvidia-h100-mlir.md says
  why each rule holds).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from tests.data.mlir import models

KERNELS = models.ROOT / "dxlinalg" / "samples" / "mlir"
ENTRIES = {entry["name"]: entry for entry in models.kernels()}
CASES = [(name, input_set) for name, entry in ENTRIES.items() for input_set in models.input_sets(entry)]
DATA_CASES = [(n, s) for n, s in CASES if not ENTRIES[n].get("same_as")]   # kernels with inputs and GPU runs of their own
RULES_FILE = models.GPU / "rules.json"
CUSTOM_OP = re.compile(r"^\s*(?:%[^=]+= )?([a-z_]+\.[a-z_.]+)(?=[ (<{\[]|$)", re.M)
GENERIC_OP = re.compile(r"\"([a-z_]+\.[a-z_.]+)\"\(")


@cache
def inputs(name: str, input_set: str) -> dict[int, np.ndarray]:
    return models.load_inputs(ENTRIES[name], input_set)


def custom_ops(text: str) -> Counter:
    return Counter(op for op in CUSTOM_OP.findall(text) if op != "func.func")


def test_manifest_lists_every_kernel_file() -> None:
    listed = {f for entry in ENTRIES.values() for f in (entry["kernel"], entry["generic"])}
    on_disk = {p.name for p in KERNELS.glob("*.mlir")}
    assert listed == on_disk
    assert len(ENTRIES) >= 7


@pytest.mark.parametrize("name", sorted(ENTRIES))
def test_manifest_entry_matches_its_files(name: str) -> None:
    entry = ENTRIES[name]
    for key in ("kernel", "generic", "source", "vector_source", "transform"):
        if entry.get(key):
            assert (KERNELS / entry[key]).is_file(), f"{name}: {key} {entry[key]} missing"
    text = (KERNELS / entry["kernel"]).read_text()
    block = ", ".join(str(v) for v in entry["block_size"])
    assert f"known_block_size = array<i32: {block}>" in text
    if entry["form"] == "iree-dispatch":
        assert (models.ROOT / entry["vmfb"]).is_file()
        assert re.search(rf"func\.func @{entry['entry']}\(\)", text)
        found = re.findall(r"binding\((\d+)\)[^\n]*: memref<([\dx]+)x([a-z]+\d+)", text)
    else:   # upstream forms: the memref arguments, by position; the IREE kernel of `same_as` computes the same
        assert entry["vmfb"] is None and ENTRIES[entry["same_as"]]["form"] == "iree-dispatch"
        assert ENTRIES[entry["same_as"]]["bindings"] == entry["bindings"]
        kind = "gpu" if entry["form"] == "gpu-module" else "func"
        signature = re.search(rf"{kind}\.func @{entry['entry']}\((.*?)\)", text).group(1)
        found = [(str(i), shape, t) for i, (shape, t) in
                 enumerate(re.findall(r"memref<([\dx]+)x([a-z]+\d+)", signature))]
    assert [(int(b), [int(d) for d in shape.split("x")], t) for b, shape, t in found] == \
        [(b["binding"], b["shape"], b["element_type"]) for b in entry["bindings"]]
    assert dict(custom_ops(text)) == {op: n for op, n in entry["ops"].items() if op != "func.func"}
    assert all(w >= 1 for w in entry["workgroup_count"]) and len(entry["workgroup_count"]) == 3


@pytest.mark.parametrize("name", sorted(ENTRIES))
def test_generic_form_holds_the_same_operations(name: str) -> None:
    entry = ENTRIES[name]
    custom = custom_ops((KERNELS / entry["kernel"]).read_text())
    generic = Counter(GENERIC_OP.findall((KERNELS / entry["generic"]).read_text()))
    for wrapper in ("func.func", "builtin.module", "func.return", "gpu.func", "gpu.module", "gpu.return"):
        generic.pop(wrapper, None), custom.pop(wrapper, None)
    assert generic == custom


def test_corpus_has_what_the_issue_asks_for() -> None:
    for name in ("matmul_f16_256", "matmul_f16_512"):
        assert ENTRIES[name]["ops"]["nvgpu.mma.sync"] == 64
    assert "nvgpu.mma.sync" not in ENTRIES["matmul_f32_128x128x256"]["ops"]
    assert "nvgpu.mma.sync" not in ENTRIES["matmul_i8_128"]["ops"]
    assert ENTRIES["batch_matmul_f16_4x64x64x128"]["model"] == "batch_matmul"
    assert {e["form"] for e in ENTRIES.values()} == {"iree-dispatch", "gpu-module", "func-args"}
    for name in ("ldmatrix_async_matmul_f16_64", "ldmatrix_async_pipelined_matmul_f16_64",
                 "ldmatrix_async_matmul_f16_64_gpu_module", "ldmatrix_async_matmul_f16_64_func_args"):
        ops = ENTRIES[name]["ops"]
        for op in ("nvgpu.ldmatrix", "nvgpu.device_async_copy", "nvgpu.device_async_create_group",
                   "nvgpu.device_async_wait", "nvgpu.mma.sync"):
            assert ops.get(op, 0) >= 1, (name, op)


@pytest.mark.parametrize("name,input_set", DATA_CASES)
def test_committed_inputs_are_the_seeded_ones(name: str, input_set: str) -> None:
    fresh = models.make_inputs(ENTRIES[name], input_set)
    committed = inputs(name, input_set)
    assert fresh.keys() == committed.keys()
    for binding, values in fresh.items():
        assert committed[binding].dtype == values.dtype
        assert committed[binding].tobytes() == values.tobytes()


def test_make_inputs_rejects_an_unknown_set() -> None:
    with pytest.raises(ValueError, match="input_set"):
        models.make_inputs(ENTRIES["matmul_i8_128"], "huge")


def _exact_element(a: np.ndarray, b: np.ndarray, batch: int, row: int, col: int) -> Fraction:
    return sum((Fraction(float(a[batch, row, k])) * Fraction(float(b[batch, k, col])) for k in range(a.shape[2])),
               Fraction(0))


MATMUL_CASES = [(n, s) for n, s in DATA_CASES if ENTRIES[n]["model"] != "elementwise_math"]


@pytest.mark.parametrize("name,input_set", MATMUL_CASES)
def test_exact_product_agrees_with_a_fraction_oracle(name: str, input_set: str) -> None:
    entry = ENTRIES[name]
    a, b = (inputs(name, input_set)[bd["binding"]] for bd in models.input_bindings(entry))
    if entry["model"] == "matmul":
        a, b = a[None], b[None]
    got = models.exact_product(entry, inputs(name, input_set)).reshape(a.shape[0], a.shape[1], b.shape[2])
    rng = np.random.default_rng(5)
    for _ in range(6):
        batch, row, col = (int(rng.integers(n)) for n in (a.shape[0], a.shape[1], b.shape[2]))
        exact = _exact_element(a, b, batch, row, col)
        if got.dtype.kind == "i":
            assert int(got[batch, row, col]) == int(exact)
        else:
            assert got[batch, row, col] == np.float32(float(exact))   # float(Fraction) rounds once, to nearest


def applicable_models(entry: dict) -> list[str]:
    names = ["exact_product"]
    if models.input_bindings(entry)[0]["element_type"] != "i8":
        names.append("sequential_fma_f32")
    if models.input_bindings(entry)[0]["element_type"] == "f32":
        names += ["reversed_chunk32_fma_f32", "sequential_mul_add_f32"]
    if "nvgpu.mma.sync" in entry["ops"]:
        names.append("mma_chain")
    return names


@pytest.mark.parametrize("name", [n for n, e in ENTRIES.items() if "exact" in models.input_sets(e)   # 256^3: slow
                                  and not e.get("same_as") and e["model"] != "elementwise_math"
                                  and n != "matmul_f16_256"])
def test_models_agree_where_every_order_is_exact(name: str) -> None:
    entry = ENTRIES[name]
    results = {m: models.MODELS[m](entry, inputs(name, "exact")) for m in applicable_models(entry)}
    first = results["exact_product"]
    for model, result in results.items():
        assert result.tobytes() == first.tobytes(), model


ELEMENTWISE = "elementwise_math_f32"


def _scalar_oracle(x: float, y: float) -> np.float32:
    """x < y ? fma(sqrt|x|, exp y, x) : sqrt|x| for finite x, y, each step rounded once to float32 (Fraction fma)."""
    import math

    root = np.float32(math.sqrt(abs(x)))          # the float64 sqrt of a float32 rounds to the float32 sqrt
    if not x < y:
        return root
    exp_y = np.float32(math.exp(y))
    return np.float32(float(Fraction(float(root)) * Fraction(float(exp_y)) + Fraction(x)))


@pytest.mark.parametrize("input_set", ["exact", "random", "special"])
def test_elementwise_model_agrees_with_a_scalar_oracle(input_set: str) -> None:
    entry = ENTRIES[ELEMENTWISE]
    data = inputs(ELEMENTWISE, input_set)
    x, y = (data[b["binding"]].reshape(-1) for b in models.input_bindings(entry))
    got = models.elementwise_math(entry, data).reshape(-1)
    rng = np.random.default_rng(9)
    checked = 0
    for index in rng.permutation(x.size)[:400]:
        xv, yv = float(x[index]), float(y[index])
        if not (np.isfinite(xv) and np.isfinite(yv)) or abs(yv) > 80:
            continue
        expected = _scalar_oracle(xv, yv)
        assert got[index].view(np.uint32) == expected.view(np.uint32), (xv, yv)
        checked += 1
    assert checked > 50


def test_iree_exp_is_close_to_exp_where_it_is_finite() -> None:
    y = np.linspace(-87, 88, 20001, dtype=np.float32)
    approx = models.iree_exp(y)
    exact = np.exp(y.astype(np.float64)).astype(np.float32)
    assert models.compare(approx, exact)["max_ulp"] <= 4


def test_special_inputs_cover_the_awkward_values() -> None:
    values = models.special_values()
    assert values.size == 128 and values.dtype == np.float32
    assert np.isnan(values).any() and np.isinf(values).sum() == 2 and np.signbit(values[values == 0]).any()
    assert ((values != 0) & (np.abs(values) < np.finfo(np.float32).smallest_normal)).any()
    with pytest.raises(ValueError, match="special"):
        models.make_inputs(ENTRIES["matmul_i8_128"], "special")


def test_approximate_sqrt_rule_tells_sqrt_errors_from_other_errors() -> None:
    entry = ENTRIES[ELEMENTWISE]
    data = inputs(ELEMENTWISE, "random")
    exact = models.iree_exp_polynomial(entry, data).reshape(-1)
    assert models.unexplained_by_approximate_sqrt(entry, data, exact, 0) == 0
    x, y = (data[b["binding"]].reshape(-1) for b in models.input_bindings(entry))
    plain_root = np.flatnonzero((x >= y) & (np.abs(x) > 1e-30))[:5]
    off_by_one = exact.copy()
    off_by_one[plain_root] = (off_by_one[plain_root].view(np.int32) + 1).view(np.float32)
    assert models.unexplained_by_approximate_sqrt(entry, data, off_by_one, 0) == 5
    assert models.unexplained_by_approximate_sqrt(entry, data, off_by_one, 1) == 0
    off_by_two = exact.copy()
    off_by_two[plain_root] = (off_by_two[plain_root].view(np.int32) + 2).view(np.float32)
    assert models.unexplained_by_approximate_sqrt(entry, data, off_by_two, 1) == 5


def test_compare_counts_nan_bits_and_ulps() -> None:
    a = np.array([1.0, np.nan, 2.0, 0.0], np.float32)
    b = np.array([np.nextafter(np.float32(1.0), np.float32(2.0)), np.float32(np.nan), 2.0, -0.0], np.float32)
    b[1] = np.uint32(0x7FFFFFFF).view(np.float32)
    got = models.compare(a, b)
    assert got == {"differ": 3, "nan_bits_only": 1, "max_ulp": 1}
    with pytest.raises(ValueError, match="type or shape"):
        models.compare(a, b[:2])


def load_rules() -> dict[str, dict[str, dict]]:
    return json.loads(RULES_FILE.read_text())["rules"] if RULES_FILE.exists() else {}


GPU_CASES = [(n, s) for n, s in DATA_CASES
             if models.gpu_output_path(n, s, models.output_binding(ENTRIES[n])["binding"]).exists()]


def test_every_case_has_a_gpu_output_and_a_rule() -> None:
    if not RULES_FILE.exists():
        pytest.skip("no GPU results recorded yet (tests/data/mlir/gpu/rules.json)")
    rules = load_rules()
    not_run = json.loads(RULES_FILE.read_text()).get("not_run", {})
    assert all(reason for reason in not_run.values()) and not set(not_run) & set(rules)
    ran = [(n, s) for n, s in DATA_CASES if n not in not_run]
    assert sorted(GPU_CASES) == sorted(ran)
    assert {(n, s) for n, sets in rules.items() for s in sets} == set(ran)
    assert len(ran) >= 13   # every kernel of the first device run
    assert all(rule.get("max_ulp", 0) == 0 for sets in rules.values() for rule in sets.values())


@pytest.mark.parametrize("name,input_set", GPU_CASES)
def test_gpu_output_obeys_its_rule(name: str, input_set: str) -> None:
    entry = ENTRIES[name]
    rule = load_rules()[name][input_set]
    out = models.output_binding(entry)
    gpu = np.load(models.gpu_output_path(name, input_set, out["binding"]))
    assert gpu.dtype == np.dtype(models.NUMPY_TYPES[out["element_type"]]) and list(gpu.shape) == out["shape"]
    if "sqrt_ulp" in rule:   # an approximate sqrt (PTX sqrt.approx.f32) inside otherwise exact float32 arithmetic
        assert models.unexplained_by_approximate_sqrt(entry, inputs(name, input_set), gpu, rule["sqrt_ulp"]) == 0
        assert models.unexplained_by_approximate_sqrt(entry, inputs(name, input_set), gpu, 0) > 0   # not exact sqrt
        return
    found = models.compare(models.MODELS[rule["model"]](entry, inputs(name, input_set)), gpu)
    assert found["max_ulp"] <= rule["max_ulp"], (name, input_set, rule, found)
    if rule["nan_bits"] == "equal":
        assert found["nan_bits_only"] == 0, (name, input_set, rule, found)
    if rule["max_ulp"] == 0:
        assert found["differ"] == found["nan_bits_only"], (name, input_set, rule, found)


UPSTREAM = models.DATA / "upstream"


@pytest.mark.parametrize("path", sorted(p.relative_to(UPSTREAM).as_posix() for p in UPSTREAM.rglob("*.mlir")))
def test_upstream_copies_name_their_source_and_license(path: str) -> None:
    text = (UPSTREAM / path).read_text()
    header = text[:text.index("// RUN:")]
    assert "SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception" in header
    commit = re.search(r"commit\s*(?://\s*)?([0-9a-f]{40})", header)
    assert commit is not None
    readme = (UPSTREAM / "README.md").read_text()
    assert f"`{path}`" in readme and commit.group(1) in readme
