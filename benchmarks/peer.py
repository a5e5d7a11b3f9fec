"""What the L workloads share: one module run by `dxlinalg.spirv.run` (strict) and by Mesa's lavapipe on the
same machine, timed interleaved (best of N each: load from other processes hits both sides), outputs handed back for the workload to compare.

Without a fetched lavapipe (`python -m benchmarks.lavapipe fetch`) the workload is skipped with the reason
"lavapipe not installed": never a number made up for the missing side.
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from benchmarks.lavapipe import Lavapipe, cache_folder
from benchmarks.registry import WorkloadSkipped
from dxlinalg.spirv import run
from dxlinalg.spirv.module import load_module

SHADERS = Path(__file__).resolve().parent.parent / "dxlinalg" / "samples" / "spirv"
PROFILE = "reference"
BufferKey = tuple[int, int]


@dataclass(frozen=True)
class SideBySide:
    seconds: float                          # best dxlinalg.spirv.run, strict
    lavapipe_seconds: float                 # best lavapipe dispatch (vkrun: submit to fence)
    ours: dict[BufferKey, np.ndarray]       # dxlinalg's buffers after the run
    theirs: dict[BufferKey, bytes]          # lavapipe's buffers after the run
    driver: str

    @property
    def ratio(self) -> float:
        return self.seconds / self.lavapipe_seconds

    def theirs_as(self, key: BufferKey, dtype: type) -> np.ndarray:
        return np.frombuffer(self.theirs[key], dtype)


def installed_lavapipe() -> Lavapipe:
    """The fetched lavapipe, or WorkloadSkipped saying it is not installed and how to install it."""
    lavapipe = Lavapipe.find()
    if lavapipe is None:
        raise WorkloadSkipped(f"lavapipe not installed (python -m benchmarks.lavapipe fetch; looked in "
                              f"{cache_folder()})")
    return lavapipe


def side_by_side(module_name: str, groups: tuple[int, int, int], buffers: Mapping[BufferKey, np.ndarray],
                 push_constants: bytes, repeats: int) -> SideBySide:
    """Run the module both ways `repeats` times, alternating (best of each); every run starts from the same
    buffers. Each lavapipe run is one vkrun process with one dispatch (its pipeline built before the clock)."""
    lavapipe = installed_lavapipe()
    path = SHADERS / module_name
    module = load_module(path)
    seconds = theirs_seconds = float("inf")
    ours: dict[BufferKey, np.ndarray] = {}
    theirs = None
    for _ in range(repeats):
        start = time.perf_counter()
        ours = run(module, "main", groups, {key: value.copy() for key, value in buffers.items()}, push_constants,
                   profile=PROFILE, strict=True)
        seconds = min(seconds, time.perf_counter() - start)
        theirs = lavapipe.dispatch(path, groups, dict(buffers), push_constants, 1)
        theirs_seconds = min(theirs_seconds, theirs.seconds)
    assert theirs is not None
    return SideBySide(seconds, theirs_seconds, ours, theirs.outputs, theirs.driver)


def notes(result: SideBySide, what: str, repeats: int) -> str:
    threads = os.environ.get("LP_NUM_THREADS", f"default, {os.cpu_count()} cores")
    return (f"{what}; dxlinalg.spirv.run profile {PROFILE}, strict, vs {result.driver} through vkrun "
            f"(LP_NUM_THREADS {threads}); best of {repeats} each, interleaved")
