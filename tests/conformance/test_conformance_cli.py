"""`run_conformance_cli`: the table, the summary, JSON, progress and exit codes."""

from __future__ import annotations

import io
import json
import re

import pytest
from broken_devices import RaisingConversionDevice

import d3d12api
from dxlinalg.cli import main
from dxlinalg.conformance import run_conformance_cli
from dxlinalg.profile.registry import DEFAULT_PROFILE, builtin_profile_names, load_profile


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
    assert set(case) == {"name", "group", "status", "max_error", "tolerance", "detail", "seconds", "traceback"}
    assert case["traceback"] is None, "only a case the device failed by raising has one"
    assert broken["device"] == "missing-e4m3", "the profile's name, not its file"
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


def named_profile(tmp_path, name: str, file: str = "my-gpu.json") -> str:
    """A conformant profile file (the minimal profile) under another name."""
    profile = load_profile("minimal").model_dump(mode="json")
    profile["name"] = name
    path = tmp_path / file
    path.write_text(json.dumps(profile))
    return str(path)


def test_a_profile_file_is_labelled_by_its_name_everywhere(tmp_path):
    path = named_profile(tmp_path, "my-gpu")
    json_path = tmp_path / "report.json"
    code, out, err = run([path], str(json_path), progress=True)
    assert code == 0
    assert "== my-gpu ==" in out and "my-gpu: PASSED" in out
    assert "[my-gpu] " in err
    assert path not in out + err, "the file is not needed to tell the device apart"
    assert [d["device"] for d in json.loads(json_path.read_text())["devices"]] == ["my-gpu"]


def test_devices_that_share_a_name_are_told_apart_by_their_file(tmp_path):
    path = named_profile(tmp_path, "minimal", "copy-of-minimal.json")
    json_path = tmp_path / "report.json"
    code, out, _ = run(["minimal", path], str(json_path))
    assert code == 0
    labels = ["minimal (built-in)", f"minimal ({path})"]
    assert [d["device"] for d in json.loads(json_path.read_text())["devices"]] == labels
    for label in labels:
        assert f"== {label} ==" in out and f"{label}: PASSED" in out


def final_progress(err: str) -> dict[str, int]:
    """{device: total} from the last progress line of each device (`[device] done/total`)."""
    totals = {}
    for line in err.replace("\r", "\n").splitlines():
        match = re.match(r"\[(.+)\] (\d+)/(\d+)\s*$", line)
        if match and match[2] == match[3]:
            totals[match[1]] = int(match[3])
    return totals


def summary_counts(out: str) -> dict[str, int]:
    """{device: passed + failed + skipped} from the summary lines."""
    counts = {}
    for match in re.finditer(r"^(.+): (?:PASSED|FAILED)  (\d+) passed, (\d+) failed, (\d+) skipped", out, re.M):
        counts[match[1]] = int(match[2]) + int(match[3]) + int(match[4])
    return counts


def test_the_progress_total_is_the_number_of_cases_of_every_device_with_all_and_quick():
    out, err = io.StringIO(), io.StringIO()
    code = run_conformance_cli(builtin_profile_names(), None, True, quick=True, failures_only=True, out=out, err=err)
    assert code == 0
    totals = final_progress(err.getvalue())
    assert totals == summary_counts(out.getvalue())
    assert set(totals) == set(builtin_profile_names())


def cli(capsys, *argv):
    code = main(["conformance", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_several_profile_arguments_run_each_device_in_order(capsys, tmp_path):
    path = named_profile(tmp_path, "my-gpu")
    json_path = tmp_path / "report.json"
    code, out, _ = cli(capsys, "--profile", "reference", "--profile", path, "--quick", "--failures-only",
                       "--json", str(json_path))
    assert code == 0
    assert out.index("== reference ==") < out.index("== my-gpu ==")
    assert [d["device"] for d in json.loads(json_path.read_text())["devices"]] == ["reference", "my-gpu"]


def test_without_a_profile_argument_the_default_profile_runs(capsys):
    code, out, _ = cli(capsys, "--quick", "--failures-only")
    assert code == 0 and re.findall(r"^== (.+) ==$", out, re.M) == [DEFAULT_PROFILE]


def test_one_bad_profile_among_several_stops_the_run_before_any_case(capsys):
    code, out, err = cli(capsys, "--profile", "minimal", "--profile", "no-such-profile", "--quick")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("dxlinalg conformance: error: profile no-such-profile: ")


def test_profile_and_all_cannot_be_combined(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["conformance", "--all", "--profile", "minimal"])
    assert exit_info.value.code == 2
    assert "not allowed with argument --all" in capsys.readouterr().err


@pytest.fixture
def raising_devices(monkeypatch):
    """`dxlinalg conformance` creates devices whose conversion to E4M3 raises (broken_devices.py)."""
    def create(adapter, level, profile):
        device = RaisingConversionDevice("reference")
        assert load_profile(profile).name == "reference"
        return device

    monkeypatch.setattr(d3d12api, "D3D12CreateDevice", create)


def test_an_exception_inside_a_device_is_one_line_without_verbose(capsys, raising_devices):
    code, out, _ = cli(capsys, "--profile", "reference", "--quick", "--failures-only")
    assert code == 1
    assert "ZeroDivisionError: division by zero" in out
    assert "Traceback" not in out


def test_verbose_shows_the_traceback_down_into_the_device(capsys, raising_devices, tmp_path):
    json_path = tmp_path / "report.json"
    code, out, _ = cli(capsys, "--profile", "reference", "--quick", "--failures-only", "--verbose",
                       "--json", str(json_path))
    assert code == 1
    summary = out[out.index("reference: FAILED"):]
    assert summary.count("Traceback (most recent call last):") == 1, "one traceback per cause"
    assert "in fp8_encoder_scale" in summary and "return rows / amax" in summary
    cases = json.loads(json_path.read_text())["devices"][0]["cases"]
    raised = [c for c in cases if c["status"] == "fail"]
    assert raised and all("in fp8_encoder_scale" in c["traceback"] for c in raised)
