"""The rows of a report: one `CaseResult` per case, gathered per device in a `DeviceReport`."""

from __future__ import annotations

from dataclasses import dataclass, field

PASS, FAIL, SKIP = "pass", "fail", "skip"


@dataclass
class CaseResult:
    """One row of the report."""

    name: str
    group: str
    status: str
    max_error: float | None = None
    tolerance: str = ""
    detail: str = ""
    seconds: float = 0.0
    traceback: str = ""  # where an exception raised inside the device came from (shown with --verbose)


@dataclass
class DeviceReport:
    """Everything one run found out about one device."""

    device: str
    results: list[CaseResult] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def failed(self) -> list[CaseResult]:
        return [r for r in self.results if r.status == FAIL]

    @property
    def passed(self) -> bool:
        return not self.failed

    def counts(self) -> dict[str, int]:
        return {status: sum(r.status == status for r in self.results) for status in (PASS, FAIL, SKIP)}
