"""The minimum-support-set conformance suite, run through the public D3D12 API.

    from dxlinalg.conformance import run_conformance
    report = run_conformance(device)          # any object with the ID3D12Device API
    assert report.passed, report.failed

`dxlinalg conformance [--profile P ... | --all] [--shader-model 6.9|6.10|all] [--json FILE] [--verbose]` is
`run_conformance_cli`. docs/conformance.md describes the cases, the oracle and the tolerances;
docs/sm610-d3d12.md the SM 6.10 cases (`run_sm610_conformance`, on a device created for SM 6.10).
"""

from __future__ import annotations

import sys
from typing import TextIO

from dxlinalg.conformance.results import CaseResult, DeviceReport
from dxlinalg.conformance.runner import run_conformance

__all__ = ["CaseResult", "DeviceReport", "run_conformance", "run_conformance_cli", "run_sm610_conformance"]
SHADER_MODELS = ("6.9", "6.10")


def run_sm610_conformance(device: object, name: str = "device") -> DeviceReport:
    """The SM 6.10 Tier 1 host-API cases (dxlinalg.conformance.sm610) on a device created for SM 6.10."""
    from dxlinalg.conformance.sm610 import run_sm610_conformance as run

    return run(device, name)


def run_conformance_cli(profiles: list[str], json_path: str | None, progress: bool, *, quick: bool = False,
                        failures_only: bool = False, verbose: bool = False, out: TextIO | None = None,
                        err: TextIO | None = None, shader_models: tuple[str, ...] = ("6.9",)) -> int:
    """Run the suite on a device per profile (built-in name or .json file); print the per-case table
    and a summary, write JSON if asked. A device is called by its profile's name (with the file
    added where two share one). Progress goes to stderr when it is a terminal, or always with
    `progress=True`; `verbose` prints the traceback of an exception raised inside a device. Returns
    0 when every case passed, 1 when any failed, 2 when a device could not be created (an unknown
    profile), before any case runs. `shader_models` picks the suites: "6.9" (cooperative vectors, the
    default) and/or "6.10" (the linear-algebra Tier 1 host cases, on a second device created for 6.10);
    both land in one report per profile."""
    from d3d12api import D3D_FEATURE_LEVEL_12_0, D3D_SHADER_MODEL_6_10, D3D12CreateDevice
    from dxlinalg.conformance.report import ProgressLine, device_labels, format_summary, format_table, write_json
    from dxlinalg.profile.registry import DEFAULT_PROFILE, builtin_profile_names, load_profile

    out = out or sys.stdout
    err = err or sys.stderr
    unknown = [m for m in shader_models if m not in SHADER_MODELS]
    if unknown or not shader_models:
        print(f"dxlinalg conformance: error: shader models {list(shader_models)}; choose from {SHADER_MODELS}",
              file=err)
        return 2
    devices = []
    for profile in profiles or [DEFAULT_PROFILE]:
        try:
            device = D3D12CreateDevice(None, D3D_FEATURE_LEVEL_12_0, profile=profile)
            device610 = D3D12CreateDevice(None, D3D_FEATURE_LEVEL_12_0, profile=profile,
                                          shader_model=D3D_SHADER_MODEL_6_10) if "6.10" in shader_models else None
        except Exception as error:  # noqa: BLE001  (one line for the user, as the CLI does)
            print(f"dxlinalg conformance: error: cannot create a device for profile {profile!r}: {error}", file=err)
            return 2
        devices.append((profile, device, device610))
    builtin = {name.casefold() for name in builtin_profile_names()}
    labels = device_labels([(load_profile(profile).name,
                             "built-in" if str(profile).casefold() in builtin else str(profile))
                            for profile, _, _ in devices])
    show = progress or (hasattr(err, "isatty") and err.isatty())
    reports = []
    for (_, device, device610), label in zip(devices, labels):
        report = DeviceReport(label)
        if "6.9" in shader_models:
            report = run_conformance(device, label, quick=quick, progress=ProgressLine(label, err) if show else None)
        if device610 is not None:
            sm610 = run_sm610_conformance(device610, label)
            report.results += sm610.results
            report.seconds += sm610.seconds
        reports.append(report)
        print(f"== {label} ==", file=out)
        print(format_table(report, failures_only), file=out)
        print(file=out)
    print(format_summary(reports, verbose), file=out)
    if json_path:
        write_json(reports, json_path)
    return 0 if all(r.passed for r in reports) else 1
