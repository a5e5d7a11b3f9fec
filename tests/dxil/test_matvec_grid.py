"""Every profile x every Mul/MulAdd combination it reports, against the per-thread oracle.

Axes: layout (all four; FP8 only optimal) x transpose (only where the profile reports it, only
optimal layouts) x M x K in {1, 3, 16, 17, 63, 64, 128} x bias on/off x uniform/per-lane matrix
offsets x full/divergent mask. The full cross product is ~5,000 cases per combination; we cover
every pair of axis values instead (a greedy covering array, ~50 cases per combination, each case
8 lanes). Values are on the Vulkan CTS grid, so float results are compared bit for bit like
integer ones.
"""

from __future__ import annotations

import zlib

import numpy as np
import pytest

from dxlinalg.numerics.component_types import MatrixLayout
from dxlinalg.profile.registry import builtin_profile_names, load_profile
from tests.dxil.dxil_cases import SIZES, MulCase, pairwise, run_case


def _cases() -> list[MulCase]:
    cases = []
    for profile_name in builtin_profile_names():
        profile = load_profile(profile_name)
        for index, prop in enumerate(profile.mul_properties):
            fp8 = prop.matrix_interpretation.name.startswith("F8")
            layouts = tuple(layout for layout in MatrixLayout if layout.is_optimal or not fp8)
            factors = {"layout": layouts, "transpose": (False, True) if prop.transpose_supported else (False,),
                       "m": SIZES, "k": SIZES, "bias": (False, True), "per_lane": (False, True),
                       "divergent": (False, True)}

            def valid(row: dict) -> bool:
                return not (row.get("transpose") and "layout" in row and not row["layout"].is_optimal)

            for row in pairwise(factors, valid, seed=index):
                cases.append(MulCase(profile_name, prop, row["layout"], row["transpose"], row["m"], row["k"],
                                     row["bias"], row["per_lane"], row["divergent"]))
    return cases


CASES = _cases()


@pytest.mark.parametrize("case", CASES, ids=[str(case) for case in CASES])
def test_matches_the_oracle_bit_for_bit_on_the_cts_grid(case: MulCase) -> None:
    result, expected, active = run_case(case, seed=zlib.crc32(str(case).encode()))
    assert result.dtype == expected.dtype and result.shape == (case.lanes, case.m)
    mismatch = np.flatnonzero(np.any(result[active] != expected[active], axis=1))
    assert mismatch.size == 0, (
        f"{case}: lanes {np.flatnonzero(active)[mismatch].tolist()} differ; first: "
        f"got {result[active][mismatch[0]].tolist()[:8]}, oracle {expected[active][mismatch[0]].tolist()[:8]}")
    assert not result[~active].any(), "inactive lanes return zeros"


def test_the_grid_covers_every_combination_of_every_profile() -> None:
    covered = {(case.profile, case.prop) for case in CASES}
    for name in builtin_profile_names():
        for prop in load_profile(name).mul_properties:
            assert (name, prop) in covered
    transposed = [case for case in CASES if case.transpose]
    assert transposed and all(case.layout.is_optimal and case.prop.transpose_supported for case in transposed)
