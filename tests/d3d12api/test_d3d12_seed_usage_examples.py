"""The seed's usage examples run as a script, on every profile."""

import subprocess
import sys
from pathlib import Path

from d3d12_harness import PROFILES
from dxlinalg.samples import seed_usage_examples

ROOT = Path(__file__).resolve().parents[2]


def test_both_examples_run_on_every_profile_and_the_conversion_is_right(capsys):
    assert seed_usage_examples.main([]) == 0
    out = capsys.readouterr().out
    for name in PROFILES:
        assert f"=== profile {name}" in out
    assert out.count("round trip through E4M3 equals the element conversion: True") == len(PROFILES)
    assert "FLOAT16          E4M3             E4M3             FLOAT16          FLOAT16" in out
    # the seed's literal lines: DescCount 0 warns, and its DestVA arithmetic is caught
    assert out.count("DescCount = 0 with 1 descriptor(s) in pDesc converts nothing") == len(PROFILES)
    assert "[overlapping ranges (undefined behaviour)]" in out and "[DestVA alignment]" in out


def test_feature_check_returns_the_property_list():
    from d3d12api import D3D12CreateDevice

    properties = seed_usage_examples.check_feature_support(D3D12CreateDevice(profile="minimal"))
    assert len(properties) == 6 and not any(p.TransposeSupported for p in properties)


def test_runs_as_a_module():
    result = subprocess.run([sys.executable, "-m", "dxlinalg.samples.seed_usage_examples", "reference"], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "DestSize = " in result.stdout and "equals the element conversion: True" in result.stdout
