"""The minimum-support-set conformance suite, run through the public D3D12 API.

    from dxlinalg.conformance import run_conformance
    report = run_conformance(device)          # any object with the ID3D12Device API
    assert report.passed, report.failed

`dxlinalg conformance [--profile P ... | --all] [--json FILE] [--verbose]` is `run_conformance_cli`.
docs/conformance.md describes the cases, the oracle and the tolerances.
"""

from __future__ import annotations

import sys
from typing import TextIO

from dxlinalg.conformance.results import CaseResult, DeviceReport
from dxlinalg.conformance.runner import run_conformance

__all__ = ["CaseResult", "DeviceReport", "run_conformance", "run_conformance_cli"]


def run_conformance_cli(profiles: list[str], json_path: str | None, progress: bool, *, quick: bool = False,
                        failures_only: bool = False, verbose: bool = False, out: TextIO | None = None,
                        err: TextIO | None = None) -> int:
    """Run the suite on a device per profile (built-in name or .json file); print the per-case table
    and a summary, write JSON if asked. A device is called by its profile's name (with the file
    added where two share one). Progress goes to stderr when it is a terminal, or always with
    `progress=True`; `verbose` prints the traceback of an exception raised inside a device. Returns
    0 when every case passed, 1 when any failed, 2 when a device could not be created (an unknown
    profile), before any case runs."""
    from d3d12api import D3D_FEATURE_LEVEL_12_0, D3D12CreateDevice
    from dxlinalg.conformance.report import ProgressLine, device_labels, format_summary, format_table, write_json
    from dxlinalg.profile.registry import DEFAULT_PROFILE, builtin_profile_names, load_profile

    out = out or sys.stdout
    err = err or sys.stderr
    devices = []
    for profile in profiles or [DEFAULT_PROFILE]:
        try:
            device = D3D12CreateDevice(None, D3D_FEATURE_LEVEL_12_0, profile=profile)
        except Exception as error:  # noqa: BLE001  (one line for the user, as the CLI does)
            print(f"dxlinalg conformance: error: cannot create a device for profile {profile!r}: {error}", file=err)
            return 2
        devices.append((profile, device))
    builtin = {name.casefold() for name in builtin_profile_names()}
    labels = device_labels([(load_profile(profile).name,
                             "built-in" if str(profile).casefold() in builtin else str(profile))
                            for profile, _ in devices])
    show = progress or (hasattr(err, "isatty") and err.isatty())
    reports = []
    for (_, device), label in zip(devices, labels):
        report = run_conformance(device, label, quick=quick, progress=ProgressLine(label, err) if show else None)
        reports.append(report)
        print(f"== {label} ==", file=out)
        print(format_table(report, failures_only), file=out)
        print(file=out)
    print(format_summary(reports, verbose), file=out)
    if json_path:
        write_json(reports, json_path)
    return 0 if all(r.passed for r in reports) else 1
