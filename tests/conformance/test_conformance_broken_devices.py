"""Broken devices fail, and the report names the case and the error."""

from __future__ import annotations

from broken_devices import (
    POISON_FLOAT32,
    CorruptingConversionDevice,
    DroppedCombinationDevice,
    DuplicateRowsDevice,
    FailingReleaseDevice,
    GarbagePropertiesDevice,
    LenientQueryDevice,
    NoFreshListDevice,
    PerturbedDispatchDevice,
    RaisingConversionDevice,
    TierDevice,
)

from d3d12api import D3D12_LINEAR_ALGEBRA_DATATYPE as DT
from dxlinalg.conformance import run_conformance
from dxlinalg.conformance.report import format_summary, format_table, to_json


def by_name(report):
    return {r.name: r for r in report.results}


def test_a_dropped_minimum_set_combination_fails_the_feature_check_by_name():
    e5m2 = (DT.FLOAT16, DT.E5M2, DT.E5M2, DT.FLOAT16, DT.FLOAT16)
    report = run_conformance(DroppedCombinationDevice("reference", e5m2), "dropped E5M2", quick=True)
    assert [r.name for r in report.failed] == ["features/minimum-set/mul/FLOAT16,E5M2,E5M2,FLOAT16,FLOAT16"]
    assert "not reported" in report.failed[0].detail
    assert not any("E5M2,E5M2" in r.name for r in report.results if r.group == "mul"), "unreported: not run"
    assert "FAIL features/minimum-set/mul/FLOAT16,E5M2,E5M2,FLOAT16,FLOAT16" in format_summary([report])


def test_a_conversion_that_corrupts_one_element_fails_every_case_reading_it_back():
    report = run_conformance(CorruptingConversionDevice("reference"), "corrupting", quick=True)
    results = by_name(report)
    sweep = results["convert/FLOAT32>E4M3/MUL_OPTIMAL"]
    assert sweep.status == "fail"
    assert sweep.detail.startswith("1 of ")
    assert f"FLOAT32 0x0 (0) -> got {POISON_FLOAT32:g}, expected 0 (round to nearest even)" in sweep.detail
    trip = results["layout/FLOAT32/ROW_MAJOR>COLUMN_MAJOR>MUL_OPTIMAL>ROW_MAJOR/17x63"]
    assert trip.status == "fail" and "1 of 1071 elements changed; first at row 0, column 0: got 1234.5" in trip.detail
    assert {r.group for r in report.failed} == {"convert", "layout"}
    assert all(r.status == "pass" for r in report.results if r.group == "mul"), "Mul never converts back"
    assert "FAIL    convert/FLOAT32>E4M3/MUL_OPTIMAL" in format_table(report, failures_only=True)


def test_perturbed_dispatch_results_fail_the_mul_cases_with_thread_and_row():
    report = run_conformance(PerturbedDispatchDevice("adversarial"), "perturbed", quick=True)
    f16 = by_name(report)["muladd/FLOAT16,FLOAT16,FLOAT16,FLOAT16,FLOAT16/MUL_OPTIMAL/17x63"]
    assert f16.status == "fail" and f16.tolerance == "exact"
    assert "1 of 544 values wrong; first at thread 0, row 0: got 85.3125, expected" in f16.detail
    assert f16.max_error > 20  # results on the grid stay below 64 in magnitude
    exact_mul = [r for r in report.results if r.group == "mul" and not r.name.endswith("/random")]
    assert all(r.status == "fail" for r in exact_mul)
    assert all(r.status == "pass" for r in report.results if r.group in ("layout", "convert", "features"))
    assert not report.passed


def test_tier_1_0_with_accumulate_properties_fails():
    report = run_conformance(TierDevice("reference", 0x10), "tier 1_0 with accumulate ops", quick=True)
    assert [r.name for r in report.failed] == ["features/tier-1_0-no-accumulate"]
    assert "tier 1_0 reports 3 OuterProductAccumulate and 2 VectorAccumulate properties" in report.failed[0].detail
    assert not {r.group for r in report.results} & {"outerproduct", "vectoraccumulate"}


def test_a_query_that_accepts_a_too_short_list_fails_the_protocol_check():
    report = run_conformance(LenientQueryDevice("minimal"), "lenient query", quick=True)
    assert [r.name for r in report.failed] == ["features/query-protocol"]
    assert "a property list one shorter than the count gave 0x0, not E_INVALIDARG" in report.failed[0].detail


def test_a_combination_listed_twice_fails_the_uniqueness_check_with_both_rows():
    report = run_conformance(DuplicateRowsDevice("reference"), "duplicate rows", quick=True)
    assert [r.name for r in report.failed] == ["features/properties-unique"]
    detail = report.failed[0].detail
    assert ("pMatrixVectorMulAddProperties[0] and [12] report the same combination "
            "(FLOAT16,FLOAT16,FLOAT16,FLOAT16,FLOAT16) with TransposeSupported both TRUE and FALSE") in detail
    assert "pOuterProductAccumulateProperties[0] and [3] report the same pair (FLOAT16, FLOAT16)" in detail
    assert detail.endswith("each combination must be listed once (conformance suite rule: a property list is a set)")
    assert f"FAIL features/properties-unique: {detail}" in format_summary([report])
    names = [r.name for r in report.results]
    assert len(names) == len(set(names)), "the repeated combination runs once"


def test_an_exception_inside_the_device_fails_each_case_it_touches_as_one_cause():
    report = run_conformance(RaisingConversionDevice("reference"), "raising", quick=True)
    failed = report.failed
    assert {r.group for r in failed} == {"mul", "layout", "convert"}
    assert all("E4M3" in r.name for r in failed), "only conversions to E4M3 raise"
    assert {r.detail for r in failed} == {"ZeroDivisionError: division by zero"}
    assert all("in fp8_encoder_scale" in r.traceback for r in failed)
    assert by_name(report)["mul/FLOAT16,FLOAT16,FLOAT16,FLOAT16,FLOAT16/MUL_OPTIMAL/1x1"].status == "pass", \
        "the suite goes on with a fresh command list"
    summary = format_summary([report])
    assert (f"FAIL {len(failed)} cases (mul 18, layout 4, convert 3), one cause: ZeroDivisionError: division by zero"
            in summary)
    assert "Traceback" not in summary and "Traceback" in format_summary([report], verbose=True)
    cases = to_json([report])["devices"][0]["cases"]
    assert [c["name"] for c in cases if c["status"] == "fail"] == [r.name for r in failed]


def test_property_rows_that_are_not_structs_fail_the_setup_instead_of_crashing():
    report = run_conformance(GarbagePropertiesDevice("minimal"), "garbage", quick=True)
    assert [(r.name, r.status) for r in report.results] == [("setup", "fail")]
    assert report.results[0].detail.startswith("AttributeError: ")
    assert "in check_features" in report.results[0].traceback


def test_a_device_that_cannot_make_a_fresh_command_list_fails_its_cases_without_crashing():
    report = run_conformance(NoFreshListDevice("minimal"), "no fresh list", quick=True)
    first = next(r for r in report.results if r.status == "fail")
    assert first.detail == ("ZeroDivisionError: division by zero; a fresh command list could not be made: "
                            "RuntimeError: out of command lists")
    assert len(report.results) == 193, "every case still has its row"


def test_a_release_that_raises_fails_each_case_by_name():
    device = FailingReleaseDevice("minimal")
    report = run_conformance(device, "failing release", quick=True)
    assert device.releases and set(device.releases.values()) == {1}, "every buffer released once, none twice"
    cases = [r for r in report.results if r.group not in ("features", "destsize")]  # those create no buffers
    assert cases and all(r.status == "fail" for r in cases)
    assert all(r.detail == "releasing its buffers failed: RuntimeError: Release: reference count below zero"
               for r in cases)
    assert "in release_with_a_bug" in cases[-1].traceback
