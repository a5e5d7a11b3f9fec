"""Every shipped profile passes the whole suite, through the D3D12 API alone."""

from __future__ import annotations

import pytest
from public_api import PublicOnly

from d3d12api import D3D_FEATURE_LEVEL_12_0, D3D12CreateDevice
from dxlinalg.conformance import run_conformance
from dxlinalg.conformance.cases import MINIMUM_MUL, LayoutRoundTripCase, MulCase, plan_cases
from dxlinalg.conformance.features import check_features
from dxlinalg.conformance.host import Session
from dxlinalg.conformance.report import format_summary
from dxlinalg.profile.registry import builtin_profile_names

PROFILES = builtin_profile_names()


def device(profile: str) -> object:
    return D3D12CreateDevice(None, D3D_FEATURE_LEVEL_12_0, profile=profile)


@pytest.mark.parametrize("profile", PROFILES)
def test_every_shipped_profile_passes_the_full_suite_and_counts_its_progress_to_the_number_of_cases(profile):
    calls = []
    report = run_conformance(device(profile), profile,
                             progress=lambda done, total, name: calls.append((done, total, name)))
    assert report.passed, format_summary([report])
    assert report.counts()["pass"] > 500
    # The progress total is the number of cases of a full run (its own test once, on minimal: a second full run).
    assert {total for _, total, _ in calls} == {len(report.results)}
    assert calls[-1][:2] == (len(report.results), len(report.results))
    assert [done for done, _, _ in calls] == list(range(calls[0][0], len(report.results) + 1))
    assert calls[0][0] == sum(r.group == "features" for r in report.results), "feature checks are done first"


def test_the_suite_runs_on_a_device_that_exposes_nothing_but_the_d3d12_api():
    report = run_conformance(PublicOnly(device("adversarial")), "adversarial (public API only)", quick=True)
    assert report.passed, format_summary([report])
    assert {r.group for r in report.results} == {"features", "destsize", "mul", "layout", "convert", "outerproduct",
                                                  "vectoraccumulate"}


def features_of(profile: str):
    return check_features(Session(device(profile)).query_features())


def test_every_reported_combination_runs_in_every_legal_layout_and_transpose():
    _, features = features_of("reference")
    cases = [c for c in plan_cases(features) if isinstance(c, MulCase)]
    for combination, transpose in features.mul:
        mine = {(c.layout, c.transpose) for c in cases if c.combination == combination and not c.random}
        fp8 = combination.matrix_interpretation in (21, 22)
        expected = {(2, False), (3, False)} | (set() if fp8 else {(0, False), (1, False)})
        expected |= {(2, True), (3, True)} if transpose else set()
        assert mine == expected, combination.label


def test_sizes_bias_and_the_large_case():
    _, features = features_of("minimal")
    cases = [c for c in plan_cases(features) if isinstance(c, MulCase) and c.combination == MINIMUM_MUL[0]]
    sizes = {(c.m, c.k) for c in cases}
    assert {(1, 1), (16, 16), (17, 63), (32, 8), (63, 17), (64, 64), (128, 128)} <= sizes
    assert {c.bias for c in cases if (c.m, c.k) == (17, 63)} == {False, True}
    assert not any(c.transpose for c in cases), "minimal reports no transpose"


def test_fp8_round_trips_stay_in_optimal_layouts():
    _, features = features_of("nvidia-h100")
    for case in plan_cases(features, quick=True):
        if isinstance(case, LayoutRoundTripCase) and case.datatype in (21, 22):
            assert case.first in (2, 3) and case.second in (2, 3) and case.final_type == 8


def test_tier_1_0_reports_no_accumulate_properties_and_runs_no_accumulate_cases():
    results, features = features_of("minimal")
    assert {r.name: r.status for r in results}["features/tier-1_0-no-accumulate"] == "pass"
    assert not {c.group for c in plan_cases(features)} & {"outerproduct", "vectoraccumulate"}


def test_quick_is_a_small_subset():
    _, features = features_of("reference")
    quick, full = plan_cases(features, quick=True), plan_cases(features)
    assert {c.name for c in quick} <= {c.name for c in full} | {c.name for c in quick if c.group == "convert"}
    assert len(quick) < len(full) / 3
