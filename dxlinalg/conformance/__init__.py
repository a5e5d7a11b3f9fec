"""The minimum-support-set conformance suite, run through the public D3D12 API.

    from dxlinalg.conformance import run_conformance
    report = run_conformance(device)          # any object with the ID3D12Device API
    assert report.passed, report.failed

`dxlinalg conformance [--profile P | --all] [--json FILE]` is `run_conformance_cli`.
docs/conformance.md describes the cases, the oracle and the tolerances.
"""

from __future__ import annotations

import sys
from typing import TextIO

from dxlinalg.conformance.results import CaseResult, DeviceReport
from dxlinalg.conformance.runner import run_conformance

__all__ = ["CaseResult", "DeviceReport", "run_conformance", "run_conformance_cli"]


def run_conformance_cli(profiles: list[str], json_path: str | None, progress: bool, *, quick: bool = False,
                        failures_only: bool = False, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run the suite on a device per profile (built-in name or .json file); print the per-case table
    and a summary, write JSON if asked. Progress goes to stderr when it is a terminal, or always
    with `progress=True`. Returns 0 when every case passed, 1 when any failed, 2 when a device could
    not be created (an unknown profile)."""
    from d3d12api import D3D_FEATURE_LEVEL_12_0, D3D12CreateDevice
    from dxlinalg.conformance.report import ProgressLine, format_summary, format_table, write_json
    from dxlinalg.profile.registry import DEFAULT_PROFILE

    out = out or sys.stdout
    err = err or sys.stderr
    reports = []
    for profile in profiles or [DEFAULT_PROFILE]:
        try:
            device = D3D12CreateDevice(None, D3D_FEATURE_LEVEL_12_0, profile=profile)
        except Exception as error:  # noqa: BLE001  (one line for the user, as the CLI does)
            print(f"dxlinalg conformance: error: cannot create a device for profile {profile!r}: {error}", file=err)
            return 2
        show = progress or (hasattr(err, "isatty") and err.isatty())
        report = run_conformance(device, str(profile), quick=quick,
                                 progress=ProgressLine(str(profile), err) if show else None)
        reports.append(report)
        print(f"== {profile} ==", file=out)
        print(format_table(report, failures_only), file=out)
        print(file=out)
    print(format_summary(reports), file=out)
    if json_path:
        write_json(reports, json_path)
    return 0 if all(r.passed for r in reports) else 1
