"""Failures of one cause are told once in the summary, with a count and a few examples."""

from __future__ import annotations

from dxlinalg.conformance.grouping import EXAMPLES, group_failures, message_shape
from dxlinalg.conformance.report import format_summary, to_json
from dxlinalg.conformance.results import FAIL, PASS, CaseResult, DeviceReport


def test_numbers_sizes_and_type_names_are_blanked_in_a_message_shape():
    assert message_shape("1 of 544 values wrong; first at thread 0, row 3: got -85.3125, expected 2.5e-07") == \
        "# of # values wrong; first at thread #, row #: got #, expected #"
    assert message_shape("FLOAT_E4M3 0x7f (nan) -> got inf, expected 448 or NaN (overflow)") == \
        "<type> # (#) -> got #, expected # or # (overflow)"
    assert message_shape("17x63 FLOAT16 in MUL_OPTIMAL (0029)") == "#x# <type> in <type> (#)"


def test_names_that_contain_digits_are_not_taken_for_numbers():
    assert message_shape("E4M3 and SINT8_T4_PACKED, UINT32 at u0") == "<type> and <type>, <type> at u0"
    assert message_shape("row-1 value1 1.5.") == "row-# value1 #."


def failure(name: str, detail: str) -> CaseResult:
    return CaseResult(name, name.split("/")[0], FAIL, 1.0, "exact", detail)


def wrong_values(combination: str, layout: str, got: float) -> CaseResult:
    return failure(f"mul/{combination}/{layout}/1x1", f"1 of 32 values wrong; first at thread 0, row 0: got {got}, "
                                                      f"expected 0.5")


COMBINATIONS = ("FLOAT16,FLOAT16,FLOAT16,FLOAT16,FLOAT16", "FLOAT16,E4M3,E4M3,FLOAT16,FLOAT16",
                "SINT8_T4_PACKED,SINT8_T4_PACKED,SINT8,SINT32,SINT32", "FLOAT32,SINT8,SINT8,SINT32,SINT32")


def many_failures() -> list[CaseResult]:
    """Twelve failures of one cause over four combinations and three layouts, and one of another."""
    cases = [wrong_values(c, layout, 85.3125 + i)
             for i, c in enumerate(COMBINATIONS) for layout in ("ROW_MAJOR", "COLUMN_MAJOR", "MUL_OPTIMAL")]
    other = failure("layout/FLOAT32/ROW_MAJOR>MUL_OPTIMAL>ROW_MAJOR/1x1",
                    "1 of 1 elements changed; first at row 0, column 0: got 1234.5, expected 0")
    return [*cases[:5], other, *cases[5:]]


def test_failures_of_one_shape_form_one_group_in_report_order():
    groups = group_failures(many_failures())
    assert [len(g.cases) for g in groups] == [12, 1]
    assert groups[0].shape == "# of # values wrong; first at thread #, row #: got #, expected #"
    assert dict(groups[0].groups()) == {"mul": 12}


def test_examples_come_from_different_combinations():
    examples = group_failures(many_failures())[0].examples()
    assert len(examples) == EXAMPLES
    assert [e.name.split("/")[1] for e in examples] == list(COMBINATIONS[:EXAMPLES])


def test_examples_fill_up_from_one_combination_when_there_is_only_one():
    cases = [wrong_values(COMBINATIONS[0], layout, 1.0) for layout in ("ROW_MAJOR", "COLUMN_MAJOR", "MUL_OPTIMAL")]
    assert group_failures(cases)[0].examples() == cases


def report_of(results: list[CaseResult]) -> DeviceReport:
    return DeviceReport("my-gpu", [CaseResult("features/tier", "features", PASS, detail="TIER_1_1"), *results])


def test_the_summary_tells_a_repeated_cause_once_with_its_count_and_three_examples():
    summary = format_summary([report_of(many_failures())])
    lines = summary.splitlines()
    assert lines[0] == "my-gpu: FAILED  1 passed, 13 failed, 0 skipped in 0.0 s"
    head = lines.index("  FAIL 12 cases (mul 12), one cause: # of # values wrong; first at thread #, row #: got #, "
                       "expected #")
    assert [line.split(":")[0] for line in lines[head + 1: head + 4]] == [
        f"    mul/{c}/ROW_MAJOR/1x1" for c in COMBINATIONS[:3]]
    assert lines[head + 4] == "    ... and 9 more of this cause (the table and --json list every case)"
    assert "  FAIL layout/FLOAT32/ROW_MAJOR>MUL_OPTIMAL>ROW_MAJOR/1x1: 1 of 1 elements changed" in summary
    assert summary.count("values wrong") == 4, "the shape and three examples"


def test_a_lone_failure_keeps_its_one_line():
    summary = format_summary([report_of(many_failures()[:1])])
    assert summary.splitlines()[2] == (f"  FAIL mul/{COMBINATIONS[0]}/ROW_MAJOR/1x1: 1 of 32 values wrong; first at "
                                       f"thread 0, row 0: got 85.3125, expected 0.5 (max error 1, tolerance exact)")


def test_json_keeps_every_failing_case():
    cases = to_json([report_of(many_failures())])["devices"][0]["cases"]
    assert [c["name"] for c in cases if c["status"] == "fail"] == [r.name for r in many_failures()]
    assert len({c["detail"] for c in cases if c["group"] == "mul"}) == 4, "each case keeps its own detail"
