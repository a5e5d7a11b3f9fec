"""Turn a run (the folder jobs.py wrote + the dump vkrun wrote) into the committed record.

`matvec.npz` holds, per run NAME (a variant, or NAME_masked): NAME.matrix (cases, M, K) logical
elements, NAME.bias (cases, M) when the variant has one, NAME.inputs (cases, 32, components) in the
physical type, NAME.observed (cases, 32, M) result bits, NAME.labels (cases,) family:index.
Before anything is recorded, the cases regenerated here must give exactly the input files the run
used, so the record is what the GPU saw.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import numpy as np
from cases import PROBE_RUNS
from jobs import layout_of, run_buffers
from replay import observed
from variants import Variant


def variant_metadata(variant: Variant) -> dict:
    return {"input": variant.input.numpy, "input_components": variant.input_components,
            "input_interpretation": variant.input_interpretation.vulkan, "matrix_interpretation": variant.matrix.vulkan,
            "bias_interpretation": None if variant.bias is None else variant.bias.vulkan,
            "output": variant.output.numpy, "m": variant.m, "k": variant.k, "transpose": variant.transpose,
            "listed": variant.listed, "paired": variant.paired, "matrix_stride": layout_of(variant).matrix_stride,
            "bias_stride": layout_of(variant).bias_stride, "glsl_input": variant.input.glsl}


def record_matvec(run_dir: Path, dump_dir: Path, data_dir: Path, batch: int = 1) -> None:
    """Record one batch's runs; the other batches' runs already in DATA_DIR stay as they are."""
    arrays: dict[str, np.ndarray] = {}
    metadata = {}
    if (data_dir / "matvec.npz").exists():
        with np.load(data_dir / "matvec.npz") as old:
            arrays = {key: old[key] for key in old.files}
        metadata = json.loads((data_dir / "matvec_runs.json").read_text())
    runs = [run for run in PROBE_RUNS if run.batch == batch]
    for run in runs:
        name, variant = run.name, run.variant
        arrays = {key: value for key, value in arrays.items() if not key.startswith(f"{name}.")}
        cases = run.make()
        buffers = run_buffers(variant, cases)
        for key, data in buffers.items():
            if key != "results" and (run_dir / "in" / f"{name}.{key}.bin").read_bytes() != data:
                raise SystemExit(f"{name}: the regenerated {key} differ from the run's input file")
        arrays[f"{name}.observed"] = observed(dump_dir, variant, cases, name)
        shares = name.endswith("_masked")              # the masked run shares its variant's inputs
        metadata[name] = {**variant_metadata(variant), "inputs_from": variant.name if shares else name,
                          "module": f"{variant.name}.spv",
                          "lane_mask": run.lane_mask, "batch": batch,
                          "matrices_sha256": hashlib.sha256(buffers["matrices"]).hexdigest()}
        if shares:
            continue
        arrays[f"{name}.labels"] = np.array([case.label for case in cases])
        arrays[f"{name}.matrix"] = np.stack([case.matrix for case in cases])
        arrays[f"{name}.inputs"] = np.stack([case.inputs.astype(np.dtype(variant.input.numpy)) for case in cases])
        if variant.bias is not None:
            arrays[f"{name}.bias"] = np.stack([case.bias for case in cases])
    data_dir.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(data_dir / "matvec.npz", **arrays)
    (data_dir / "matvec_runs.json").write_text(json.dumps(metadata, indent=1, sort_keys=True) + "\n")
    suffix = "" if batch == 1 else f"_{batch}"
    shutil.copy(dump_dir / "log.txt", data_dir / f"run_log{suffix}.txt")
    shutil.copy(run_dir / "spv" / "modules.json", data_dir / f"modules{suffix}.json")
    shutil.copy(run_dir / "jobs.txt", data_dir / f"jobs{suffix}.txt")
    print(f"recorded {len(runs)} runs into {data_dir / 'matvec.npz'} ({(data_dir / 'matvec.npz').stat().st_size / 1e6:.2f} MB)")
