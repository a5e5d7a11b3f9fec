"""Turn a run (the folder jobs.py wrote + the dump vkrun wrote) into the committed record.

`matvec.npz` holds, per run NAME (a variant, or NAME_masked): NAME.matrix (cases, M, K) logical
elements, NAME.bias (cases, M) when the variant has one, NAME.inputs (cases, 32, components) in the
physical type, NAME.observed (cases, 32, M) result bits, NAME.labels (cases,) family:index.
Before anything is recorded, the cases regenerated here must give exactly the input files the run
used, so the record is what the GPU saw.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np

from cases import MASKED_LANES, MASKED_VARIANT, variant_cases
from jobs import layout_of, run_buffers
from replay import observed
from variants import VARIANTS, Variant


def variant_metadata(variant: Variant) -> dict:
    return {"input": variant.input.numpy, "input_components": variant.input_components,
            "input_interpretation": variant.input_interpretation.vulkan, "matrix_interpretation": variant.matrix.vulkan,
            "bias_interpretation": None if variant.bias is None else variant.bias.vulkan,
            "output": variant.output.numpy, "m": variant.m, "k": variant.k, "transpose": variant.transpose,
            "listed": variant.listed, "matrix_stride": layout_of(variant).matrix_stride,
            "bias_stride": layout_of(variant).bias_stride, "glsl_input": variant.input.glsl}


def record_matvec(run_dir: Path, dump_dir: Path, data_dir: Path) -> None:
    arrays: dict[str, np.ndarray] = {}
    metadata = {}
    runs = [(v.name, v, 0xFFFFFFFF) for v in VARIANTS]
    runs.append((f"{MASKED_VARIANT}_masked", next(v for v in VARIANTS if v.name == MASKED_VARIANT), MASKED_LANES))
    for name, variant, lane_mask in runs:
        cases = variant_cases(variant)
        for key, data in run_buffers(variant, cases).items():
            if key != "results" and (run_dir / "in" / f"{name}.{key}.bin").read_bytes() != data:
                raise SystemExit(f"{name}: the regenerated {key} differ from the run's input file")
        arrays[f"{name}.observed"] = observed(dump_dir, variant, cases, name)
        metadata[name] = {**variant_metadata(variant), "variant": variant.name, "lane_mask": lane_mask}
        if name != variant.name:
            continue                                   # the masked run shares its variant's inputs
        arrays[f"{name}.labels"] = np.array([case.label for case in cases])
        arrays[f"{name}.matrix"] = np.stack([case.matrix for case in cases])
        arrays[f"{name}.inputs"] = np.stack([case.inputs.astype(np.dtype(variant.input.numpy)) for case in cases])
        if variant.bias is not None:
            arrays[f"{name}.bias"] = np.stack([case.bias for case in cases])
    data_dir.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(data_dir / "matvec.npz", **arrays)
    (data_dir / "matvec_runs.json").write_text(json.dumps(metadata, indent=1, sort_keys=True) + "\n")
    shutil.copy(dump_dir / "log.txt", data_dir / "run_log.txt")
    shutil.copy(run_dir / "spv" / "modules.json", data_dir / "modules.json")
    shutil.copy(run_dir / "jobs.txt", data_dir / "jobs.txt")
    print(f"recorded {len(runs)} runs into {data_dir / 'matvec.npz'} ({(data_dir / 'matvec.npz').stat().st_size / 1e6:.2f} MB)")
