"""Analyse the recorded matrix-vector runs (DATA_DIR/matvec.npz): the H100 against the emulator and
against every candidate model of models.py.

Writes to DATA_DIR:
  summary.tsv   per run: results, how many the documented model and the emulator reproduce, how
                many are order-robust (no float32 summation order changes the emulator's FP16 bits)
  residual.tsv  per run, family and kind of difference: the order-robust results where the
                emulator differs from the H100 (tests/hardware_replay/test_nvidia_h100_spirv.py
                asserts exactly this table)
  models.tsv    per candidate model: results it gets wrong in each FP16 run (the fit)
The replay code is tests/hardware_replay/nvidia_h100_spirv_replay.py (the test's, so the table and
the test cannot drift apart). The DUMP_DIR argument of `probe.py matvec` is not needed once recorded.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
from models import CANDIDATES, Model, fp16_exponent, predict, true_exponent

REPO = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(REPO))

from tests.hardware_replay import nvidia_h100_spirv_replay as replay


def _emulated(run: replay.Run) -> tuple[np.ndarray, str]:
    """The emulator's bits with the spec's float32 sums (`replay.SPEC_SUMS`, nvidia-h100 as it was
    when the runs were recorded; the profile itself now gives the H100's bits), and how it was run:
    strict, or permissive where the profile does not list the combination."""
    from dxlinalg.errors import UnsupportedError

    try:
        return replay.emulate(run, profile=replay.SPEC_SUMS), "strict"
    except UnsupportedError:
        return replay.emulate(run, strict=False, profile=replay.SPEC_SUMS), "permissive"


def model_inputs(run: replay.Run, quantised: bool = False, exponent=fp16_exponent):
    """(N, K) exact products, (N,) bias or None, (N, K) e(x) + e(W), (N,) observed bits."""
    x = replay.emulator_inputs(run) if quantised else run.inputs.astype(np.float64)
    w = replay.lane_matrices(run)
    with np.errstate(invalid="ignore"):
        products = x[:, :, None, :] * w
    exponents = exponent(x)[:, :, None, :] + exponent(w)
    n = products.shape[0] * products.shape[1] * products.shape[2]
    bias = None if run.bias is None else replay.lane_biases(run).reshape(n)
    return products.reshape(n, -1), bias, exponents.reshape(n, -1), run.observed.reshape(n)


def analyse(dump_dir: Path, data_dir: Path) -> None:
    runs = replay.load_runs()
    summary = ["run\tresults\tmodel_matches\temulator\temulator_matches\torder_robust\trobust_matches"]
    residual_lines = ["run\tfamily\tkind\tcount"]
    fp16_runs = []
    for name, run in runs.items():
        if name.endswith("_masked"):
            full = runs[run.meta["inputs_from"]].observed
            mask = np.array([(run.meta["lane_mask"] >> lane) & 1 for lane in range(replay.LANES)], bool)
            same = bool((run.observed[:, mask] == full[:, mask]).all())
            untouched = bool((run.observed[:, ~mask] == replay.FILL[run.observed.dtype]).all())
            summary.append(f"{name}\t{run.observed.size}\tactive lanes equal the full run: {same}\t-\t"
                           f"inactive lanes untouched: {untouched}\t-\t-")
            continue
        emulated, how = _emulated(run)
        model = replay.documented_model(run) if run.is_float and run.meta["listed"] else None
        model_matches = "-" if model is None else str(int((model == run.observed).sum()))
        if not run.meta["listed"]:
            summary.append(f"{name}\t{run.observed.size}\t{model_matches}\t{how}\t-\t-\t-")
            continue
        robust = replay.order_robust(run)
        counts = replay.residual(run, emulated, robust)
        summary.append(f"{name}\t{run.observed.size}\t{model_matches}\t{how}\t{int((emulated == run.observed).sum())}"
                       f"\t{counts[('*', 'order-robust')]}\t{counts[('*', 'matching')]}")
        for (family, kind), count in sorted(counts.items()):
            residual_lines.append(f"{name}\t{family}\t{kind}\t{count}")
        if run.is_float and not run.fp8:
            fp16_runs.append(run)
    (data_dir / "summary.tsv").write_text("\n".join(summary) + "\n")
    (data_dir / "residual.tsv").write_text("\n".join(residual_lines) + "\n")
    print("\n".join(summary))
    _fit(fp16_runs, [r for r in runs.values() if r.is_float and r.fp8 and r.meta["listed"]], data_dir)


def _fit(fp16_runs: list[replay.Run], fp8_runs: list[replay.Run], data_dir: Path) -> None:
    """Every candidate against every FP16 result; the best one against the FP8 runs with the input
    as the H100 uses it (FP16) and as the emulator interprets it (rounded to FP8)."""
    extra = [Model(f"{m.name}_operands", m.chunk, m.kept, m.accumulator, m.normalise, m.bias_at, m.kind, "operands",
                   "emin") for m in CANDIDATES if m.kind == "chunked" and m.kept is not None]
    candidates = [m for m in CANDIDATES if m.kept is not None or m.kind != "chunked"] + extra
    inputs = [model_inputs(run) for run in fp16_runs]
    lines = ["model\ttotal_wrong\t" + "\t".join(run.name for run in fp16_runs)]
    scored = []
    with np.errstate(all="ignore"):
        for model in candidates:
            wrong = [int((predict(model, p, b, e) != o).sum()) for p, b, e, o in inputs]
            scored.append((sum(wrong), model.name, wrong))
    scored.sort()
    for total, name, wrong in scored:
        lines.append(f"{name}\t{total}\t" + "\t".join(map(str, wrong)))
    best = next(m for m in candidates if m.name == scored[0][1])
    lines.append("")
    lines.append("subnormal exponents of the best model\ttotal_wrong\t" + "\t".join(run.name for run in fp16_runs))
    true_inputs = [model_inputs(run, exponent=true_exponent) for run in fp16_runs]
    with np.errstate(all="ignore"):
        for operands, data in (("operand e = -14", inputs), ("operand e = true", true_inputs)):
            for held in ("emin", "true"):
                model = Model(f"{best.name}", best.chunk, best.kept, best.accumulator, best.normalise, best.bias_at,
                              best.kind, best.exponent, held)
                wrong = [int((predict(model, p, b, e) != o).sum()) for p, b, e, o in data]
                label = f"{operands}, accumulator e = {'-14' if held == 'emin' else 'true'}"
                lines.append(f"{label}\t{sum(wrong)}\t" + "\t".join(map(str, wrong)))
    lines.append("fp8 run\tresults\twrong with FP16 input (as used)\twrong with FP8-rounded input (emulator's)")
    with np.errstate(all="ignore"):
        for run in fp8_runs:
            p, b, e, o = model_inputs(run)
            q = model_inputs(run, quantised=True)
            lines.append(f"{run.name}\t{o.size}\t{int((predict(best, p, b, e) != o).sum())}\t"
                         f"{int((predict(best, q[0], q[1], q[2]) != o).sum())}")
    (data_dir / "models.tsv").write_text("\n".join(lines) + "\n")
    print("\n".join(lines[:8]))
    print("\n".join(lines[-(len(fp8_runs) + 7):]))
