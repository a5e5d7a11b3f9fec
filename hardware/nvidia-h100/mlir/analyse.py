"""Bring the GPU probe's results into tests/data/mlir/gpu/ and find, for every kernel and input set, which numpy
model of tests/data/mlir/models.py gives the GPU's bits.

Usage: python hardware/nvidia-h100/mlir/analyse.py RESULTS_DIR      (RESULTS_DIR: what devrun/mlir-kernels/run.sh
wrote under $RES, e.g. /work/devres/mlir-kernels)

Writes tests/data/mlir/gpu/<kernel>/<set>/binding<N>.npy (the Python-API outputs; the iree-run-module ones must be
byte-equal to them), tests/data/mlir/gpu/device.json (driver, GPU), tests/data/mlir/gpu/rules.json (the model that
reproduces each output bit for bit, by this preference: exact_product where it does, then mma_chain on nvidia-h100,
then sequential_fma_f32) and prints a table of mismatch counts and largest ulp distances per model.
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

PREFERENCE = ("exact_product", "mma_chain", "sequential_fma_f32")


def ulp_distance(a: np.ndarray, b: np.ndarray) -> int:
    """Largest distance in units in the last place between two float32 (or exact int32) arrays."""
    if a.dtype.kind == "i":
        return int(np.max(np.abs(a.astype(np.int64) - b.astype(np.int64)))) if a.size else 0
    def ordered(x: np.ndarray) -> np.ndarray:
        bits = x.view(np.int32).astype(np.int64)
        return np.where(bits < 0, -(bits & 0x7FFFFFFF), bits)
    return int(np.max(np.abs(ordered(a) - ordered(b)))) if a.size else 0


def applicable(entry: dict) -> list[str]:
    names = ["exact_product"]
    if models.input_bindings(entry)[0]["element_type"] != "i8":
        names.append("sequential_fma_f32")
    if "nvgpu.mma.sync" in entry["ops"]:
        names.append("mma_chain")
    return names


def main(results: Path) -> int:
    gpu_dir, cli_dir = results / "gpu", results / "gpu_cli"
    runs = {(r["kernel"], r["set"]): r for r in json.loads((gpu_dir / "results.json").read_text())}
    models.GPU.mkdir(parents=True, exist_ok=True)
    device = {"probe": json.loads((gpu_dir / "device.json").read_text())}
    smi = results / "nvidia-smi.txt"
    if smi.exists():
        device["nvidia_smi_query"] = smi.read_text().strip().splitlines()[-2:]
    rules: dict[str, dict[str, str]] = {}
    rows = []
    for entry in models.kernels():
        if entry.get("same_as"):
            continue
        out = models.output_binding(entry)
        for input_set in models.input_sets(entry):
            run = runs.get((entry["name"], input_set), {})
            source = gpu_dir / entry["name"] / input_set / f"binding{out['binding']}.npy"
            if run.get("status") != "ok" or not source.exists():
                rows.append((entry["name"], input_set, f"GPU run failed: {run.get('error', 'missing')}"))
                continue
            gpu = np.load(source)
            cli = cli_dir / entry["name"] / input_set / f"binding{out['binding']}.npy"
            cli_equal = cli.exists() and np.load(cli).tobytes() == gpu.tobytes()
            target = models.gpu_output_path(entry["name"], input_set, out["binding"])
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
            inputs = models.load_inputs(entry, input_set)
            stats = {}
            for name in applicable(entry):
                model = models.MODELS[name](entry, inputs)
                differ = int(np.count_nonzero(model.view(np.uint32) != gpu.view(np.uint32)))
                stats[name] = (differ, ulp_distance(model, gpu))
            matching = [m for m in PREFERENCE if m in stats and stats[m][0] == 0]
            if matching:
                rules.setdefault(entry["name"], {})[input_set] = matching[0]
            rows.append((entry["name"], input_set,
                         f"repeats_equal={run['repeats_equal']} cli_equal={cli_equal} " +
                         " ".join(f"{m}: {d} differ, max {u} ulp" for m, (d, u) in stats.items()) +
                         f" -> rule {matching[0] if matching else 'NONE'}"))
    (models.GPU / "rules.json").write_text(json.dumps({
        "doc": "docs/hardware-nvidia-h100-mlir.md",
        "meaning": "for each kernel and input set, the model of tests/data/mlir/models.py that gives the GPU's bits",
        "rules": rules}, indent=1) + "\n")
    (models.GPU / "device.json").write_text(json.dumps(device, indent=1, default=str) + "\n")
    for row in rows:
        print(" | ".join(row))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1])))
