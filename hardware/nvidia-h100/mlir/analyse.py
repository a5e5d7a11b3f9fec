"""Bring the GPU probe's results into tests/data/mlir/gpu/ and find, for every kernel and input set, which numpy
model of tests/data/mlir/models.py gives the GPU's bits.

Usage: python hardware/nvidia-h100/mlir/analyse.py RESULTS_DIR      (RESULTS_DIR: what hardware/devrun/mlir-kernels/run.sh
wrote under $RES, e.g. /work/devres/mlir-kernels)

Writes tests/data/mlir/gpu/<kernel>/<set>/binding<N>.npy (the Python-API outputs; the iree-run-module ones must be
byte-equal to them), tests/data/mlir/gpu/device.json (driver, GPU), tests/data/mlir/gpu/rules.json (the model that
reproduces each output bit for bit, by this preference: exact_product where it does, then mma_chain on nvidia-h100,
then sequential_fma_f32, then iree_exp_polynomial, elementwise_math; where none does, the closest with its largest
ulp distance; for the elementwise kernel, IREE's exp with a sqrt within 1 ulp when that explains every lane) and
prints a table of mismatch counts and largest ulp distances per model. A rule is
{"model": M, "max_ulp": U, "nan_bits": "equal" | "any"}: every element within U ulp of M (0: the same bits), NaN where
M has NaN, with the same bits or with any NaN bits.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from tests.data.mlir import models  # noqa: E402

PREFERENCE = ("exact_product", "mma_chain", "sequential_fma_f32", "reversed_chunk32_fma_f32",
              "sequential_mul_add_f32", "iree_exp_polynomial", "iree_exp_polynomial_ftz",
              "elementwise_math")


def compare(model: np.ndarray, gpu: np.ndarray) -> dict[str, int]:
    """Elements whose bits differ, those where only NaN bits differ, and the largest ulp distance elsewhere
    (NaN against a number counts as 2^32 ulp)."""
    return models.compare(model, gpu)


def applicable(entry: dict) -> list[str]:
    names = ["exact_product"]
    if models.input_bindings(entry)[0]["element_type"] != "i8":
        names.append("sequential_fma_f32")
    if models.input_bindings(entry)[0]["element_type"] == "f32":
        names += ["reversed_chunk32_fma_f32", "sequential_mul_add_f32"]
    if "nvgpu.mma.sync" in entry["ops"]:
        names.append("mma_chain")
    if entry["model"] == "elementwise_math":
        names = ["iree_exp_polynomial", "iree_exp_polynomial_ftz", "elementwise_math"]
    return names


def main(results: Path) -> int:
    gpu_dir, cli_dir = results / "gpu", results / "gpu_cli"
    runs = {(r["kernel"], r["set"]): r for r in json.loads((gpu_dir / "results.json").read_text())}
    models.GPU.mkdir(parents=True, exist_ok=True)
    device = {"probe": json.loads((gpu_dir / "device.json").read_text())}
    smi = results / "nvidia-smi.txt"
    if smi.exists():
        device["nvidia_smi_query"] = smi.read_text().strip().splitlines()[-2:]
    rules: dict[str, dict[str, dict]] = {}
    not_run: dict[str, str] = {}
    rows = []
    for entry in models.kernels():
        if entry.get("same_as"):
            continue
        out = models.output_binding(entry)
        for input_set in models.input_sets(entry):
            run = runs.get((entry["name"], input_set), {})
            source = gpu_dir / entry["name"] / input_set / f"binding{out['binding']}.npy"
            if run.get("status") != "ok" or not source.exists():
                reason = run.get("error", "not in this device run (the kernel was added after it)")
                not_run[entry["name"]] = reason
                rows.append((entry["name"], input_set, f"no GPU result: {reason}"))
                continue
            gpu = np.load(source)
            cli = cli_dir / entry["name"] / input_set / f"binding{out['binding']}.npy"
            cli_equal = cli.exists() and np.load(cli).tobytes() == gpu.tobytes()
            target = models.gpu_output_path(entry["name"], input_set, out["binding"])
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
            inputs = models.load_inputs(entry, input_set)
            stats = {name: compare(models.MODELS[name](entry, inputs), gpu) for name in applicable(entry)}
            order = [m for m in PREFERENCE if m in stats]
            exact = [m for m in order if stats[m]["differ"] == 0]
            nan_only = [m for m in order if stats[m]["differ"] == stats[m]["nan_bits_only"]]
            if exact:
                rule = {"model": exact[0], "max_ulp": 0, "nan_bits": "equal"}
            elif nan_only:
                rule = {"model": nan_only[0], "max_ulp": 0, "nan_bits": "any"}
            elif entry["model"] == "elementwise_math" and \
                    models.unexplained_by_approximate_sqrt(entry, inputs, gpu, ulps=1) == 0:
                rule = {"model": "iree_exp_polynomial", "sqrt_ulp": 1, "nan_bits": "any"}
            else:
                best = min(order, key=lambda m: (stats[m]["max_ulp"], stats[m]["differ"]))
                rule = {"model": best, "max_ulp": stats[best]["max_ulp"], "nan_bits": "any"}
            rules.setdefault(entry["name"], {})[input_set] = rule
            rows.append((entry["name"], input_set,
                         f"repeats_equal={run['repeats_equal']} cli_equal={cli_equal} " +
                         " ".join(f"{m}: {st['differ']} differ ({st['nan_bits_only']} NaN bits only), max "
                                  f"{st['max_ulp']} ulp" for m, st in stats.items()) + f" -> rule {rule}"))
    (models.GPU / "rules.json").write_text(json.dumps({
        "doc": "docs/hardware-nvidia-h100-mlir.md",
        "meaning": "for each kernel and input set, the model of tests/data/mlir/models.py that gives the GPU's bits",
        "rules": rules, "not_run": not_run}, indent=1) + "\n")
    (models.GPU / "device.json").write_text(json.dumps(device, indent=1, default=str) + "\n")
    for row in rows:
        print(" | ".join(row))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1])))
