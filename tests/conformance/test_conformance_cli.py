"""`run_conformance_cli`: the table, the summary, JSON, progress and exit codes."""

from __future__ import annotations

import io
import json

from dxlinalg.conformance import run_conformance_cli
from dxlinalg.profile.registry import load_profile


def run(profiles, json_path=None, progress=False, **kwargs):
    out, err = io.StringIO(), io.StringIO()
    code = run_conformance_cli(profiles, json_path, progress, quick=True, out=out, err=err, **kwargs)
    return code, out.getvalue(), err.getvalue()


def broken_profile(tmp_path, drop: str = "E4M3") -> str:
    """The minimal profile minus one minimum-set row: a user-written profile that is not conformant."""
    profile = load_profile("minimal").model_dump(mode="json")
    profile["name"] = "missing-e4m3"
    profile["mul_properties"] = [p for p in profile["mul_properties"] if p["matrix_interpretation"] != drop]
    path = tmp_path / "missing-e4m3.json"
    path.write_text(json.dumps(profile))
    return str(path)


def test_a_passing_run_prints_every_case_and_a_summary_and_exits_0():
    code, out, err = run(["minimal"])
    assert code == 0
    assert "PASS    features/tier" in out
    assert "PASS    mul/FLOAT16,FLOAT16,FLOAT16,FLOAT16,FLOAT16/ROW_MAJOR/1x1" in out
    assert "minimal: PASSED" in out
    assert err == "", "no progress on a stream that is not a terminal unless asked"


def test_a_failing_profile_exits_1_and_names_the_case(tmp_path):
    code, out, _ = run([broken_profile(tmp_path)])
    assert code == 1
    assert "FAIL features/minimum-set/mul/FLOAT16,E4M3,E4M3,FLOAT16,FLOAT16: not reported" in out


def test_an_unknown_profile_exits_2_with_one_line():
    code, out, err = run(["no-such-profile"])
    assert code == 2 and out == ""
    assert err.startswith("dxlinalg conformance: error: cannot create a device for profile 'no-such-profile'")
    assert err.count("\n") == 1


def test_json_has_one_entry_per_device_and_case(tmp_path):
    path = tmp_path / "report.json"
    code, _, _ = run(["reference", broken_profile(tmp_path)], str(path))
    data = json.loads(path.read_text())
    assert code == 1
    assert set(data) == {"schema", "passed", "devices"} and data["passed"] is False
    reference, broken = data["devices"]
    assert reference["device"] == "reference" and reference["passed"] is True
    assert set(reference) == {"device", "passed", "counts", "seconds", "cases"}
    assert reference["counts"] == {"pass": len(reference["cases"]), "fail": 0, "skip": 0}
    case = reference["cases"][0]
    assert set(case) == {"name", "group", "status", "max_error", "tolerance", "detail", "seconds"}
    assert broken["passed"] is False
    assert [c["name"] for c in broken["cases"] if c["status"] == "fail"] == [
        "features/minimum-set/mul/FLOAT16,E4M3,E4M3,FLOAT16,FLOAT16"]
    assert len({c["name"] for c in reference["cases"]}) == len(reference["cases"]), "names are unique"


def test_progress_goes_to_stderr_when_asked():
    _, out, err = run(["minimal"], progress=True)
    assert "[minimal] " in err and "[minimal]" not in out


def test_failures_only_keeps_the_table_short():
    _, out, _ = run(["minimal"], failures_only=True)
    assert "no failures" in out and "PASS " not in out
