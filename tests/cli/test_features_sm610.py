"""`dxlinalg features` prints the SM 6.10 answers (features 77 and 78) beside the SM 6.9 ones, for every profile: the
JSON lists equal what the profile's `linalg_support` section says, read here straight from the profile file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dxlinalg.cli import main

PROFILES = ["reference", "minimal", "adversarial", "nvidia-h100"]
DATA = Path(__file__).resolve().parents[2] / "dxlinalg" / "profile" / "data"


def section(profile: str) -> dict:
    return json.loads((DATA / f"{profile}.json").read_text())["linalg_support"]


def features(capsys, profile: str, *extra: str) -> str:
    assert main(["features", "--profile", profile, *extra]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("profile", PROFILES)
def test_json_lists_the_profiles_linear_algebra_answers(capsys, profile):
    data = json.loads(features(capsys, profile, "--json"))
    linalg, expected = data["LinearAlgebra"], section(profile)
    assert data["CooperativeVectorTier"] and linalg["LinearAlgebraTier"] == "TIER_1_0"
    assert {(r["MatrixAComponentType"], r["MatrixBComponentType"], r["AccumulatorComponentType"],
             tuple(map(tuple, r["Shapes"]))) for r in linalg["WaveMatrixMultiply"]} == \
        {(e["a_type"], e["b_type"], e["accumulator_type"], tuple(map(tuple, e["shapes"])))
         for e in expected["wave_multiply"]}
    assert {(r["VectorInputType"], r["MatrixInputType"], r["BiasInputType"], r["VectorResultType"],
             "TRANSPOSE" in r["SupportFlags"]) for r in linalg["ThreadVectorMatrixMultiply"]} == \
        {(e["vector_type"], e["matrix_type"], bias, e["result_type"], e["transpose"])
         for e in expected["vector_multiply"] for bias in e["bias_types"]}
    assert {(r["ComponentType"], r["MinM"], r["MinK"], r["MinN"]) for r in linalg["MatrixConstruction"]} == \
        {(e["component_type"], e["min_m"], e["min_k"], e["min_n"]) for e in expected["matrix_construction"]}
    assert {(r["InputComponentType"], r["ResultComponentType"]) for r in linalg["ThreadOuterProduct"]} == \
        {(e["input_type"], e["result_type"]) for e in expected.get("outer_product", [])}
    assert {(r["ComponentType"], r["RWByteAddressBufferSupported"], r["GroupSharedSupported"])
            for r in linalg["AccumulateStore"]} == \
        {(e["component_type"], e["rw_byte_address_buffer"], e["groupshared"])
         for e in expected.get("accumulate_store", [])}
    groups = {(r["MatrixAComponentType"], r["MatrixBComponentType"], r["AccumulatorComponentType"])
              for r in linalg["ThreadGroupMatrixMultiply"]}
    assert groups <= {(e["a_type"], e["b_type"], e["accumulator_type"])
                      for e in expected.get("threadgroup_multiply", [])}
    assert bool(groups) == bool(expected.get("threadgroup_multiply"))


def test_minimal_table_shows_exactly_tier1(capsys):
    out = features(capsys, "minimal")
    sm610 = out[out.index("SM 6.10"):]
    assert "LinearAlgebraTier = TIER_1_0" in sm610
    assert "WaveMatrixMultiply (2):" in sm610 and "16x16x16" in sm610
    assert "ThreadGroupMatrixMultiply at 64x64x64 (0):" in sm610 and "ThreadOuterProduct (0):" in sm610
    assert "ThreadVectorMatrixMultiply (8):" in sm610
    assert out.index("CooperativeVectorTier") < out.index("SM 6.10")          # beside the 6.9 answers, after them
