"""The SM 6.10 GEMM sample (Wave and ThreadGroup scope) against numpy on every profile, and its size rule."""

from __future__ import annotations

import pytest

from d3d12api import D3D12DebugLayerError
from d3d12api.sm610 import D3D_SHADER_MODEL_6_10, LINALG_PIPELINE_RULE
from dxlinalg.hlsl import sm610 as linalg
from dxlinalg.samples import gemm_sm610
from dxlinalg.samples.coopmat_gemm import F16, INT8, sample_inputs
from dxlinalg.samples.host_helpers import GpuContext


@pytest.mark.parametrize("profile", ["reference", "minimal", "adversarial", "nvidia-h100"])
@pytest.mark.parametrize("variant", [F16, INT8], ids=["f16", "int8"])
@pytest.mark.parametrize("scope", [linalg.MatrixScope.Wave, linalg.MatrixScope.ThreadGroup], ids=["wave", "group"])
def test_gemm_matches_numpy_where_the_device_reports_it_and_is_refused_where_not(profile, variant, scope):
    """On a 6.10 device: the sample's feature-78 check and the pipeline's runtime validation agree."""
    m, n, k = (64, 128, 256) if variant is INT8 else (128, 64, 128)
    a, b = sample_inputs(variant, m, n, k, seed=3)
    gpu = GpuContext(profile, shader_model=D3D_SHADER_MODEL_6_10)
    reason = gemm_sm610.missing_support(gpu.device, variant, scope)
    if reason:
        with pytest.raises(D3D12DebugLayerError) as refused:
            gemm_sm610.run_gemm(gpu, variant, a, b, scope)
        assert refused.value.rule == LINALG_PIPELINE_RULE
        assert profile != "reference"                               # reference reports every combination
        return
    d = gemm_sm610.run_gemm(gpu, variant, a, b, scope)
    wrong, _ = gemm_sm610.check(variant, profile, a, b, d)
    assert wrong == 0


def test_minimal_runs_the_tier1_int8_wave_gemm_and_refuses_the_rest(capsys):
    assert gemm_sm610.main(["--profile", "minimal", "--int8", "--n", "128", "--k", "128"]) == 0
    assert "elements differ" in capsys.readouterr().out
    assert gemm_sm610.main(["--profile", "minimal"]) == 0
    assert "skipped on minimal: FLOAT16 matrices are not constructible" in capsys.readouterr().out


def test_sizes_must_be_whole_tiles():
    with pytest.raises(ValueError, match="multiple of 128"):
        gemm_sm610.check_sizes(INT8, 64, 64, 128)
    assert gemm_sm610.main(["--m", "64", "--n", "64", "--k", "64"]) == 0
    with pytest.raises(SystemExit):
        gemm_sm610.main(["--m", "65"])
