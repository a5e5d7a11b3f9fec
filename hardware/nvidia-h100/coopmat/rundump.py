"""Read a device run back: vkrun's logs (properties, what ran, what was skipped or rejected, which
repeats differed) and each run's kept buffers.

A dump folder holds coopmat/KIND/ (jobs_KIND.txt's runs: NAME.s0bN.bin, log.txt; KIND own, red, pe,
te, mma) and risky/NAME/ (each risky run in its own process, with its own log.txt).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

KIND_FILES = {"ownership": "own", "reduce": "red", "perelement": "pe", "tensor": "te", "muladd": "mma"}
RUN_LINE = re.compile(r"^run (\S+): (.*)$")


@dataclass
class RunStatus:
    name: str
    state: str                      # ran, skipped, rejected, missing (no line: the process died before)
    detail: str = ""
    differing: int = 0              # repeats whose buffers differed from the first


@dataclass
class Log:
    text: str
    runs: dict[str, RunStatus] = field(default_factory=dict)

    def lines(self, prefix: str) -> list[str]:
        return [line for line in self.text.splitlines() if line.startswith(prefix)]


def parse_log(text: str) -> Log:
    log = Log(text)
    for line in text.splitlines():
        found = RUN_LINE.match(line)
        if not found:
            continue
        name, rest = found.groups()
        status = log.runs.get(name) or RunStatus(name, "ran")
        if rest.startswith("skipped"):
            status.state, status.detail = "skipped", rest
        elif "rejected" in rest:
            status.state, status.detail = "rejected", rest
        elif rest.startswith("repeat"):
            pass                         # "repeat N differs ..." lines come before the summary line
        else:
            status.state, status.detail = "ran", rest
            differing = re.search(r"(\d+) differing", rest)
            status.differing = int(differing.group(1)) if differing else 0
            if " r=0 " not in rest:
                status.state = "failed"
        log.runs[name] = status
    return log


class Dump:
    """One device run of the coopmat folder."""

    def __init__(self, folder: Path, runs_json: Path) -> None:
        self.folder = folder
        self.runs = json.loads(runs_json.read_text())
        self.logs = {}
        for kind in KIND_FILES.values():
            path = folder / "coopmat" / kind / "log.txt"
            self.logs[kind] = parse_log(path.read_text()) if path.exists() else Log("")
        self.log = self.logs["own"]                  # the device, its lists and features are in every log
        self.risky_logs = {}
        for name, meta in self.runs.items():
            if meta["risky"]:
                path = folder / "risky" / name / "log.txt"
                self.risky_logs[name] = parse_log(path.read_text()) if path.exists() else Log("")

    def status(self, name: str) -> RunStatus:
        meta = self.runs[name]
        log = self.risky_logs[name] if meta["risky"] else self.logs[KIND_FILES[meta["kind"]]]
        return log.runs.get(name, RunStatus(name, "missing"))

    def ran(self, kind: str | None = None) -> list[str]:
        return [name for name, meta in self.runs.items()
                if (kind is None or meta["kind"] == kind) and self.status(name).state == "ran"]

    def buffer(self, name: str, binding: int) -> bytes:
        meta = self.runs[name]
        base = self.folder / "risky" / name if meta["risky"] else self.folder / "coopmat" / KIND_FILES[meta["kind"]]
        return (base / f"{name}.s0b{binding}.bin").read_bytes()

    def array(self, name: str, binding: int, dtype) -> np.ndarray:
        return np.frombuffer(self.buffer(name, binding), dtype)
