"""Write the cooperative-matrix run folder: job files, modules, vkrun's source, and the scripts
that make the inputs (on the GPU machine: they are ~100 MB, generated there from this folder's
Python, deterministic) and run everything.

Folder layout:
  jobs_KIND.txt     the runs that cannot fault the device, one file (one vkrun process) per kind:
                    own, red, pe, te, mma (a lost device stops only its own kind)
  risky/NAME.txt    one job file per run that might (out-of-bounds addresses the spec leaves
                    undefined): each gets its own vkrun process
  runs.json         every run's parameters (the decoder's input)
  spv/              the modules (build.py) and modules.json
  gen/              components.py, runs.py, muladd_cases.py, make_inputs.py, nvgpu/{cases,ops}.py
  in/               the inputs, written by `python3 gen/make_inputs.py .` (with in/hashes.json)
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from runs import Run, all_runs

HERE = Path(__file__).resolve().parent
KIND_FILES = {"ownership": "own", "reduce": "red", "perelement": "pe", "tensor": "te", "muladd": "mma"}
GENERATOR = ("components.py", "runs.py", "muladd_cases.py", "make_inputs.py")


def input_file(run: Run, binding: int) -> str:
    return f"in/{run.name}.b{binding}.bin"


def job_lines(run: Run) -> list[str]:
    lines = [f"run {run.name}", f"module spv/{run.module.name}.spv"]
    lines += [f"needs {need}" for need in run.needs]
    for buffer in run.buffers:
        source = input_file(run, buffer.binding) if buffer.data is not None else "-"
        lines.append(f"buffer 0 {buffer.binding} {buffer.size} {source}")
    lines += [f"spec {key} {value}" for key, value in sorted(run.spec.items())]
    lines += [f"keep 0 {binding}" for binding in run.keep]
    lines += [f"dispatch {run.groups} 1 1", f"repeats {run.repeats}", "end"]
    return lines


def run_metadata(run: Run) -> dict:
    return {"kind": run.kind, "module": run.module.name, "spec": run.spec, "groups": run.groups,
            "repeats": run.repeats, "risky": run.risky, "needs": run.needs, "keep": list(run.keep),
            "buffers": {buffer.binding: buffer.size for buffer in run.buffers}, **run.meta}


def write_folder(folder: Path, spv: Path, batch: int = 1) -> None:
    if folder.exists():
        shutil.rmtree(folder)
    (folder / "risky").mkdir(parents=True)
    runs = all_runs(batch)
    header = ["# written by hardware/nvidia-h100/coopmat/jobs.py; run: vkrun JOBS.txt OUT_DIR"]
    safe = {kind: header[:] for kind in KIND_FILES.values()}
    for run in runs:
        if run.risky:
            (folder / "risky" / f"{run.name}.txt").write_text("\n".join(header + job_lines(run)) + "\n")
        else:
            safe[KIND_FILES[run.kind]] += job_lines(run)
    for kind, lines in safe.items():
        (folder / f"jobs_{kind}.txt").write_text("\n".join(lines) + "\n")
    (folder / "batch.txt").write_text(f"{batch}\n")
    (folder / "runs.json").write_text(json.dumps({run.name: run_metadata(run) for run in runs}, indent=0) + "\n")
    shutil.copytree(spv, folder / "spv", ignore=shutil.ignore_patterns("src"))
    (folder / "gen" / "nvgpu").mkdir(parents=True)
    for name in GENERATOR:
        shutil.copy(HERE / name, folder / "gen" / name)
    for name in ("cases.py", "ops.py"):
        shutil.copy(HERE.parent / "nvgpu" / name, folder / "gen" / "nvgpu" / name)
    size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
    print(f"wrote {folder}: {sum(not r.risky for r in runs)} runs in jobs_*.txt, {sum(r.risky for r in runs)} risky "
          f"job files ({size / 1e6:.1f} MB before inputs)")
