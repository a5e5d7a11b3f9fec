"""What a run prints and writes: the per-case table, the summary per device, JSON, progress."""

from __future__ import annotations

import json
import math
import sys
import time
from collections import Counter
from typing import TextIO

from dxlinalg.conformance.grouping import FailureGroup, group_failures
from dxlinalg.conformance.results import FAIL, PASS, SKIP, CaseResult, DeviceReport

JSON_SCHEMA_VERSION = 2  # 2: every case has "traceback"


def _error_text(value: float | None) -> str:
    if value is None:
        return "-"
    return "0" if value == 0 else f"{value:.3g}"


def format_table(report: DeviceReport, failures_only: bool = False) -> str:
    """One line per case: result, name, max error, tolerance, detail."""
    rows = [r for r in report.results if r.status == FAIL or not failures_only]
    if not rows:
        return "no failures" if failures_only else "no cases"
    width = max([len(r.name) for r in rows] + [4])
    tolerance_width = max([len(r.tolerance) for r in rows] + [9])
    lines = [f"{'result':6}  {'case':{width}}  {'max error':>9}  {'tolerance':{tolerance_width}}  detail"]
    for r in rows:
        lines.append(f"{r.status.upper():6}  {r.name:{width}}  {_error_text(r.max_error):>9}  "
                     f"{r.tolerance:{tolerance_width}}  {r.detail}")
    return "\n".join(lines)


def format_summary(reports: list[DeviceReport], verbose: bool = False) -> str:
    """Per device: counts, time, counts by group, and the failures again, those of one cause as one
    entry (grouping.py); `verbose` adds the traceback of a case the device failed by raising."""
    lines = []
    for report in reports:
        counts = report.counts()
        verdict = "PASSED" if report.passed else "FAILED"
        lines.append(f"{report.device}: {verdict}  {counts[PASS]} passed, {counts[FAIL]} failed, "
                     f"{counts[SKIP]} skipped in {report.seconds:.1f} s")
        groups: dict[str, Counter] = {}
        for r in report.results:
            groups.setdefault(r.group, Counter())[r.status] += 1
        lines.append("  " + ", ".join(f"{group} {c[PASS]}/{sum(c.values())}" for group, c in groups.items()))
        for failures in group_failures(report.failed):
            lines += _failure_entry(failures, verbose)
    return "\n".join(lines)


def _failure_line(r: CaseResult) -> str:
    return f"{r.name}: {r.detail}" + (f" (max error {_error_text(r.max_error)}, tolerance {r.tolerance})"
                                      if r.max_error else "")


def _failure_entry(failures: FailureGroup, verbose: bool) -> list[str]:
    """`FAIL case: detail` for a lone failure; for several of one cause, their count per case group,
    the shape of their detail and a few of them."""
    cases = failures.cases
    if len(cases) == 1:
        lines = [f"  FAIL {_failure_line(cases[0])}"]
    else:
        where = ", ".join(f"{group} {count}" for group, count in failures.groups().items())
        lines = [f"  FAIL {len(cases)} cases ({where}), one cause: {failures.shape}"]
        examples = failures.examples()
        lines += [f"    {_failure_line(r)}" for r in examples]
        if len(cases) > len(examples):
            lines.append(f"    ... and {len(cases) - len(examples)} more of this cause (the table and --json "
                         f"list every case)")
    raised = next((r for r in cases if r.traceback), None)
    if verbose and raised is not None:
        lines.append(f"    traceback of {raised.name}:")
        lines += [f"      {line}" for line in raised.traceback.splitlines()]
    return lines


def device_labels(profiles: list[tuple[str, str]]) -> list[str]:
    """What to call each device of a run, from (profile name, how it was given): the profile's name,
    which users recognise, with the file or `built-in` added where two devices share a name, and a
    number where they share that too (one profile given twice)."""
    names = Counter(name.casefold() for name, _ in profiles)
    labels = [name if names[name.casefold()] == 1 else f"{name} ({given})" for name, given in profiles]
    repeats = Counter(label.casefold() for label in labels)
    seen: Counter = Counter()
    numbered = []
    for label in labels:
        seen[label.casefold()] += 1
        numbered.append(label if repeats[label.casefold()] == 1 else f"{label} #{seen[label.casefold()]}")
    return numbered


def _case_json(result: CaseResult) -> dict:
    error = result.max_error
    if error is not None and not math.isfinite(error):
        error = str(error)  # "inf" (a NaN or Inf where a number was expected): JSON has no infinity
    return {"name": result.name, "group": result.group, "status": result.status, "max_error": error,
            "tolerance": result.tolerance, "detail": result.detail, "seconds": round(result.seconds, 6),
            "traceback": result.traceback or None}


def to_json(reports: list[DeviceReport]) -> dict:
    """{"schema", "passed", "devices": [{"device", "passed", "counts", "seconds", "cases": [...]}]}."""
    return {
        "schema": JSON_SCHEMA_VERSION,
        "passed": all(r.passed for r in reports),
        "devices": [{"device": r.device, "passed": r.passed, "counts": r.counts(), "seconds": round(r.seconds, 3),
                     "cases": [_case_json(c) for c in r.results]} for r in reports],
    }


def write_json(reports: list[DeviceReport], path: str) -> None:
    text = json.dumps(to_json(reports), indent=1, allow_nan=False, default=str)
    if path == "-":
        sys.stdout.write(text + "\n")
    else:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text + "\n")


class ProgressLine:
    """`[device] 312/1040 mul/...` rewritten in place on a terminal, at most ten times a second."""

    def __init__(self, device: str, stream: TextIO = sys.stderr) -> None:
        self.device, self.stream = device, stream
        self._last = 0.0
        self._width = 0

    def __call__(self, done: int, total: int, name: str) -> None:
        now = time.monotonic()
        if done < total and now - self._last < 0.1:
            return
        self._last = now
        text = f"[{self.device}] {done}/{total} {name}"[:120]
        self.stream.write("\r" + text.ljust(self._width))
        self._width = len(text)
        if done >= total:
            self.stream.write("\r" + " " * self._width + "\r")
        self.stream.flush()
