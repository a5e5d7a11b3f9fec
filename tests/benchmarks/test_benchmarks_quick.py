"""The benchmark scripts keep working: a quick run of every registered workload, and how the runner
reports workloads it cannot run. Performance itself is measured, never asserted."""

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.__main__ import run_workload
from benchmarks.registry import WORKLOADS, Workload, goal_met, parse_goal

REPO_ROOT = Path(__file__).resolve().parents[2]
NUMBA_INSTALLED = importlib.util.find_spec("numba") is not None


@pytest.fixture(scope="module")
def quick_run(tmp_path_factory):
    output = tmp_path_factory.mktemp("bench") / "quick.json"
    child = subprocess.run([sys.executable, "-m", "benchmarks", "--quick", "--json", str(output)],
                           cwd=REPO_ROOT, capture_output=True, text=True, timeout=120)
    assert child.returncode == 0, child.stdout + child.stderr
    return json.loads(output.read_text()), child.stdout


def test_quick_run_reports_every_registered_workload_with_machine_and_date(quick_run):
    report, stdout = quick_run
    assert report["quick"] is True
    assert report["machine"]["cpu_count"] >= 1 and report["machine"]["numpy"] and report["date"]
    assert {row["workload"] for row in report["rows"]} == {workload.workload for workload in WORKLOADS}
    assert "python -m benchmarks --quick" in stdout
    for row in report["rows"]:
        assert row["status"] in ("ok", "skipped"), row
        if row["status"] == "skipped":
            assert row["reason"], row
        else:
            assert row["seconds"] > 0 and row["baseline_seconds"] > 0 and row["ratio"] > 0, row
            assert isinstance(row["met"], bool) and row["goal"], row


def test_the_quick_table_says_its_sizes_do_not_judge_the_goals(quick_run):
    report, stdout = quick_run
    table_start = stdout.index("workload  what")
    assert "do not judge the goals" in stdout[:table_start] and "do not judge the goals" in report["note"]


def test_w4_runs_with_numba_and_is_skipped_with_a_reason_without_it(quick_run):
    report, _ = quick_run
    rows = [row for row in report["rows"] if row["workload"] == "W4"]
    if NUMBA_INSTALLED:
        assert [row["status"] for row in rows] == ["ok"]
        assert rows[0]["baseline_seconds"] > rows[0]["seconds"]  # the per-thread emulator is the slow side
    else:
        assert [row["status"] for row in rows] == ["skipped"]
        assert "numba" in rows[0]["reason"]


def rows_of(report, workload):
    return [row for row in report["rows"] if row["workload"] == workload]


def test_the_emulator_workloads_need_no_optional_dependency(quick_run):
    report, _ = quick_run
    for workload in ("W1", "W2", "W3", "S1"):
        assert [row["status"] for row in rows_of(report, workload)] and all(
            row["status"] == "ok" for row in rows_of(report, workload)), rows_of(report, workload)


def test_w1_times_the_three_weight_types_and_w3_both_targets_on_both_profiles(quick_run):
    report, _ = quick_run
    assert [row["name"].split()[0] for row in rows_of(report, "W1")] == ["FP16", "E4M3", "INT8"]
    assert all(row["threads"] == 128 * 128 for row in rows_of(report, "W1"))
    assert {(row["profile"], row["target"]) for row in rows_of(report, "W3")} == {
        (profile, target) for profile in ("reference", "nvidia-h100") for target in ("FP16", "E4M3")}


def test_scaling_keeps_the_dispatch_memory_bounded_while_the_numpy_chain_grows(quick_run):
    """Memory is a property of chunking, not a timing: two chunks of 8192 lanes trace no more than one."""
    report, _ = quick_run
    rows = {row["threads"]: row for row in rows_of(report, "S1")}
    assert sorted(rows) == [1 << 12, 1 << 13, 1 << 14]
    one_chunk, two_chunks = rows[1 << 13], rows[1 << 14]
    assert two_chunks["dispatch_peak_bytes"] <= 1.25 * one_chunk["dispatch_peak_bytes"]
    assert two_chunks["chain_peak_bytes"] >= 1.8 * one_chunk["chain_peak_bytes"]


def test_bench_mlp_script_is_a_thin_entry_over_w1():
    child = subprocess.run([sys.executable, "benchmarks/bench_mlp.py", "--quick", "--repeats", "1"], cwd=REPO_ROOT,
                           capture_output=True, text=True, timeout=120)
    assert child.returncode == 0, child.stdout + child.stderr
    assert "ratio dispatch / numpy" in child.stdout and "16,384 threads" in child.stdout


def test_a_missing_third_party_module_skips_the_workload():
    [row] = run_workload(Workload("W0", "benchmarks_absent_optional_dependency"), quick=True)
    assert row["status"] == "skipped"
    assert "benchmarks_absent_optional_dependency" in row["reason"]


def test_a_missing_module_of_the_project_is_an_error_not_a_skip():
    [row] = run_workload(Workload("W0", "benchmarks.no_such_workload"), quick=True)
    assert row["status"] == "error"
    assert "benchmarks.no_such_workload" in row["reason"]


@pytest.mark.parametrize(("goal", "ratio", "met"), [("<= 2x", 1.5, True), ("<= 2x", 2.5, False),
                                                    (">= 1000x", 4000.0, True), (">= 1000x", 999.0, False)])
def test_goals_read_as_a_bound_on_the_ratio(goal, ratio, met):
    assert goal_met(goal, ratio) is met


def test_a_goal_without_a_bound_and_a_factor_is_rejected():
    with pytest.raises(ValueError, match="must read"):
        parse_goal("fast")


def test_the_w2_limits_experiment_runs_and_checks_the_compiled_atomics_against_the_shipped_path():
    """`python -m benchmarks.w2_limits --quick`: every variant timed; with numba, the compiled
    accumulates first reproduce the shipped numpy path bit for bit, without it they are skipped."""
    child = subprocess.run([sys.executable, "-m", "benchmarks.w2_limits", "--quick"], cwd=REPO_ROOT,
                           capture_output=True, text=True, timeout=120)
    assert child.returncode == 0, child.stdout + child.stderr
    timed = [line.split()[0] for line in child.stdout.splitlines() if line.rstrip().endswith("x")]
    if NUMBA_INSTALLED:
        assert timed == ["shipped", "compiled", "accumulates", "numpy"], child.stdout
        assert "matched the shipped path bit for bit" in child.stdout
    else:
        assert timed == ["shipped", "accumulates", "numpy"], child.stdout
        assert "compiled atomics skipped" in child.stdout and "numba" in child.stdout
