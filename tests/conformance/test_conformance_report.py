"""The report's words: device labels, one-line exceptions, tracebacks with --verbose, and JSON."""

from __future__ import annotations

import json

import pytest

from dxlinalg.conformance.report import device_labels, format_summary, format_table, to_json, write_json
from dxlinalg.conformance.results import FAIL, DeviceReport
from dxlinalg.conformance.runner import describe, failed_by_exception


def test_a_device_is_called_by_its_profile_name():
    assert device_labels([("reference", "built-in"), ("my-gpu", "gpus/my.json")]) == ["reference", "my-gpu"]


def test_a_shared_name_gets_the_file_or_built_in_added():
    assert device_labels([("minimal", "built-in"), ("minimal", "a/minimal.json"), ("other", "b.json")]) == [
        "minimal (built-in)", "minimal (a/minimal.json)", "other"]


def test_names_are_compared_without_case():
    assert device_labels([("Minimal", "m.json"), ("minimal", "built-in")]) == ["Minimal (m.json)",
                                                                                 "minimal (built-in)"]


def test_one_profile_given_twice_is_numbered():
    assert device_labels([("minimal", "built-in"), ("minimal", "built-in"), ("minimal", "x.json")]) == [
        "minimal (built-in) #1", "minimal (built-in) #2", "minimal (x.json)"]


def test_an_exception_is_described_in_one_line_with_its_type():
    assert describe(ValueError("first line\n  second line\n\n")) == "ValueError: first line second line"
    assert describe(KeyError()) == "KeyError"


def device_error() -> Exception:
    def inside_the_driver() -> None:
        raise RuntimeError("queue lost\nreset the device")

    try:
        inside_the_driver()
    except RuntimeError as error:
        return error
    pytest.fail("the driver did not raise")


def raising_report() -> DeviceReport:
    error = device_error()
    name = "mul/FLOAT16,FLOAT16,FLOAT16,FLOAT16,FLOAT16/ROW_MAJOR/{}"
    return DeviceReport("my-gpu", [failed_by_exception(name.format(size), "mul", error) for size in ("1x1", "17x63")])


def test_a_case_failed_by_an_exception_keeps_its_traceback():
    result = raising_report().results[0]
    assert result.status == FAIL and result.detail == "RuntimeError: queue lost reset the device"
    assert result.traceback.startswith("Traceback (most recent call last):")
    assert "in inside_the_driver" in result.traceback
    assert result.traceback.endswith("RuntimeError: queue lost\nreset the device")


def test_text_shows_the_traceback_only_when_verbose():
    report = raising_report()
    quiet, verbose = format_summary([report]), format_summary([report], verbose=True)
    assert "Traceback" not in quiet and "Traceback" not in format_table(report)
    assert "one cause: RuntimeError: queue lost reset the device" in quiet
    lines = verbose.splitlines()
    start = lines.index("    traceback of mul/FLOAT16,FLOAT16,FLOAT16,FLOAT16,FLOAT16/ROW_MAJOR/1x1:")
    assert lines[start + 1] == "      Traceback (most recent call last):"
    assert any("in inside_the_driver" in line for line in lines[start:])
    assert verbose.count("Traceback (most recent call last)") == 1, "one per cause"


def test_json_has_the_traceback_of_every_raising_case(tmp_path):
    path = tmp_path / "report.json"
    write_json([raising_report()], str(path))
    data = json.loads(path.read_text())
    assert data["schema"] == 2
    assert all("in inside_the_driver" in case["traceback"] for case in data["devices"][0]["cases"])
    assert to_json([raising_report()]) == data
