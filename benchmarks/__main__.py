"""Run the registered workloads, print one table of ratios measured in the same run, write JSON.

    python -m benchmarks [--quick] [--json FILE] [--only W1,W4] [--jobs 1,2,4,8,16] [--rows W1,L2]

Goals are reported, never enforced: the exit status is non-zero only when a workload fails to run.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import sys
import traceback

import numpy as np

from benchmarks.registry import WORKLOADS, Workload, WorkloadSkipped, goal_met, load
from dxlinalg.memory.host_allocator import retain_freed_memory

REQUIRED_KEYS = ("name", "seconds", "baseline_seconds", "ratio")
QUICK_NOTE = ("--quick: small sizes that only check the benchmarks run. Fixed per-call costs dominate at these "
              "sizes, so these ratios and the met? column do not judge the goals; the goals are stated for the "
              "full sizes (python -m benchmarks, docs/performance.md).")


def run_workload(workload: Workload, quick: bool) -> list[dict[str, object]]:
    """The workload's rows, each tagged with its id, goal and whether the goal is met; or one row
    saying why it was skipped or failed."""
    header: dict[str, object] = {"workload": workload.workload, "module": workload.module, "title": None,
                                 "goal": None}
    try:
        module = load(workload)
        header.update(title=module.TITLE, goal=module.GOAL)
        rows = module.run(quick)
        if not rows:
            raise ValueError(f"{workload.module}.run() returned no rows")
        for row in rows:
            missing = [key for key in REQUIRED_KEYS if key not in row]
            if missing:
                raise KeyError(f"{workload.module}.run() row {row.get('name')!r} lacks {missing}")
    except WorkloadSkipped as skipped:
        return [{**header, "status": "skipped", "reason": str(skipped)}]
    except Exception as error:  # one broken workload must not hide the others' numbers
        traceback.print_exc()
        return [{**header, "status": "error", "reason": f"{type(error).__name__}: {error}"}]
    return [{**header, "status": "ok", **row, "met": goal_met(module.GOAL, float(row["ratio"]))}
            for row in rows]


def format_seconds(seconds: float) -> str:
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds / 1e-9:.3g} ns"


def format_ratio(ratio: float) -> str:
    return f"{ratio:,.0f}x" if ratio >= 100 else f"{ratio:.2f}x"


def table(rows: list[dict[str, object]]) -> str:
    """One line per row; a skipped or failed workload gets a line saying so (the reason follows the table)."""
    header = ("workload", "what", "ours", "baseline/limit", "ratio", "goal", "met?")
    lines = []
    for row in rows:
        if row["status"] == "ok":
            lines.append((row["workload"], row["name"], format_seconds(row["seconds"]),
                          format_seconds(row["baseline_seconds"]), format_ratio(row["ratio"]),
                          row["goal"], "yes" if row["met"] else "NO"))
        else:
            lines.append((row["workload"], row["title"] or row["module"], "", "", "", row["goal"] or "", row["status"]))
    widths = [max(len(str(line[i])) for line in [header, *lines]) for i in range(len(header))]
    rendered = [header, tuple("-" * width for width in widths), *lines]
    return "\n".join("  ".join(str(cell).ljust(width) for cell, width in zip(line, widths)).rstrip()
                     for line in rendered)


def footnotes(rows: list[dict[str, object]]) -> str:
    """What each row measured (its notes), and why a workload was skipped or failed."""
    notes = []
    for row in rows:
        if row["status"] != "ok":
            notes.append(f"{row['workload']} {row['status']}: {row['reason']}")
        elif row.get("notes"):
            notes.append(f"{row['workload']} {row['name']}: {row['notes']}")
    return "\n".join(notes)


BLAS_THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


def blas_threads() -> str:
    """The BLAS thread setting the numpy baselines ran under: the first variable set, or numpy's default."""
    for name in BLAS_THREAD_VARIABLES:
        if os.environ.get(name):
            return f"{name}={os.environ[name]}"
    return f"numpy default (all {os.cpu_count()} cores)"


def machine(allocator: str) -> dict[str, object]:
    return {"cpu_count": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version(),
            "numpy": np.__version__, "blas_threads": blas_threads(), "allocator": allocator}


def select(only: str | None) -> list[Workload]:
    """The registered workloads named in `--only` (all when it is absent), in registry order."""
    if only is None:
        return list(WORKLOADS)
    wanted = {name.strip().upper() for name in only.split(",") if name.strip()}
    known = {workload.workload for workload in WORKLOADS}
    if not wanted or wanted - known:
        raise ValueError(f"unknown workload(s) {', '.join(sorted(wanted - known)) or '(none given)'}; "
                         f"registered: {', '.join(sorted(known))}")
    return [workload for workload in WORKLOADS if workload.workload in wanted]


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, few repeats: the CI smoke run")
    parser.add_argument("--json", metavar="FILE", help="write the machine, date and rows to FILE")
    parser.add_argument("--only", metavar="W1,W4", help="run only these workloads (comma-separated ids)")
    parser.add_argument("--default-malloc", action="store_true",
                        help="leave glibc's malloc thresholds alone (by default freed memory is kept for reuse, "
                             "for both sides of every ratio; see dxlinalg.memory.host_allocator)")
    parser.add_argument("--jobs", metavar="1,2,4", help="worker counts of the P1 scaling rows (default: powers of "
                                                          "two up to the core count, and the core count)")
    parser.add_argument("--rows", metavar="W1,L2", help="rows of the P1 scaling benchmark to run (default: all: "
                                                        "W1, S1, W5, C2, L1, L2, L3)")
    args = parser.parse_args(argv)
    try:
        workloads = select(args.only)
    except ValueError as error:
        parser.error(f"--only: {error}")
    if args.jobs is not None:
        try:
            counts = [int(part) for part in args.jobs.split(",") if part.strip()]
        except ValueError:
            counts = []
        if not counts or min(counts) < 1:
            parser.error(f"--jobs {args.jobs!r}: give positive worker counts separated by commas, e.g. 1,2,4")
        import benchmarks.p1_parallel_scaling as scaling
        scaling.JOB_COUNTS = sorted(set(counts) | {1})
    if args.rows is not None:
        import benchmarks.p1_parallel_scaling as scaling
        scaling.ROWS = [part.strip() for part in args.rows.split(",") if part.strip()]
    settings = [f"{name}={os.environ[name]}" for name in BLAS_THREAD_VARIABLES if os.environ.get(name)]
    command = " ".join([*settings, "python -m benchmarks", *argv])
    started = datetime.datetime.now(datetime.UTC)
    retained = not args.default_malloc and retain_freed_memory()
    allocator = "glibc, freed memory retained (mmap threshold 32 MiB)" if retained else "malloc defaults"

    rows = []
    for workload in workloads:
        print(f"running {workload.workload} ({workload.module}) ...", file=sys.stderr, flush=True)
        rows.extend(run_workload(workload, args.quick))

    facts = machine(allocator)
    print(f"{command}\nmachine: {facts['cpu_count']} cores, {facts['platform']}, Python {facts['python']}, "
          f"numpy {facts['numpy']}, BLAS threads: {facts['blas_threads']}, allocator: {allocator}; "
          f"{started:%Y-%m-%d %H:%M} UTC; every ratio measured in this run\n")
    if args.quick:
        print(f"{QUICK_NOTE}\n")
    print(table(rows))
    print(f"\n{footnotes(rows)}")
    if args.json:
        with open(args.json, "w") as handle:
            json.dump({"command": command, "machine": facts, "date": started.isoformat(), "quick": args.quick,
                       **({"note": QUICK_NOTE} if args.quick else {}), "rows": rows}, handle, indent=2)
    return 1 if any(row["status"] == "error" for row in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
