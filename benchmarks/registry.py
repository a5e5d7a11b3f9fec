"""The workloads `python -m benchmarks` runs, in table order, and how each is loaded.

A workload is a module exposing `WORKLOAD` (its id), `TITLE`, `GOAL` ("<= 2x", ">= 1000x") and
`run(quick: bool) -> list[dict]`. Modules are imported only when run, so one whose third-party
dependency is missing is reported as skipped instead of stopping the others.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from types import ModuleType


@dataclass(frozen=True)
class Workload:
    """A registered workload: its id (as the module's `WORKLOAD` must say) and its module."""

    workload: str
    module: str


WORKLOADS: list[Workload] = [
    Workload("W1", "benchmarks.w1_inference"),
    Workload("W2", "benchmarks.w2_training"),
    Workload("W3", "benchmarks.w3_conversion"),
    Workload("W4", "benchmarks.w4_per_thread"),
    Workload("W5", "benchmarks.w5_spirv_inference"),
    Workload("W6", "benchmarks.w6_inference_sm610"),
    Workload("S1", "benchmarks.scaling"),
    Workload("N1", "benchmarks.n1_mma_sync"),
    Workload("N2", "benchmarks.n2_nvgpu_gemm"),
    Workload("C1", "benchmarks.c1_tensor_addressing"),
    Workload("C2", "benchmarks.c2_coopmat_gemm"),
    Workload("C3", "benchmarks.c3_gemm_sm610"),
    Workload("M1", "benchmarks.m1_mlir_matmul"),
    Workload("L1", "benchmarks.l1_workgroup_reduce"),
    Workload("L2", "benchmarks.l2_control_flow"),
    Workload("L3", "benchmarks.l3_coopmat_gemm"),
    Workload("P1", "benchmarks.p1_parallel_scaling"),
]

PROJECT_PACKAGES = frozenset({"benchmarks", "dxlinalg", "d3d12api"})
_GOAL = re.compile(r"^\s*(<=|>=)\s*([0-9]+(?:\.[0-9]*)?)\s*x\s*$")


class WorkloadSkipped(Exception):
    """A workload cannot run here because an optional (benchmark-only) dependency is missing."""


def parse_goal(goal: str) -> tuple[str, float]:
    """Split a goal such as '<= 2x' into ('<=', 2.0): the ratio to stay under, or to reach."""
    match = _GOAL.match(goal)
    if match is None:
        raise ValueError(f"goal {goal!r} must read '<= Nx' or '>= Nx'")
    return match.group(1), float(match.group(2))


def goal_met(goal: str, ratio: float) -> bool:
    operator, limit = parse_goal(goal)
    return ratio <= limit if operator == "<=" else ratio >= limit


def load(workload: Workload) -> ModuleType:
    """Import a workload's module and check its interface.

    A missing module from outside this project raises WorkloadSkipped naming it; a missing module of
    the project itself is a bug and propagates like any other error.
    """
    try:
        module = importlib.import_module(workload.module)
    except ModuleNotFoundError as error:
        missing = error.name or ""
        if missing and missing.partition(".")[0] not in PROJECT_PACKAGES:
            raise WorkloadSkipped(f"optional dependency '{missing}' is not installed "
                                  f"(benchmark-only; pip install it to run {workload.workload})") from error
        raise
    for name in ("WORKLOAD", "TITLE", "GOAL", "run"):
        if not hasattr(module, name):
            raise AttributeError(f"workload module {workload.module} does not define {name}")
    if module.WORKLOAD != workload.workload:
        raise ValueError(f"{workload.module} says WORKLOAD = {module.WORKLOAD!r}, "
                         f"registered as {workload.workload!r}")
    parse_goal(module.GOAL)
    return module
