"""The SM 6.10 GEMM sample (Wave and ThreadGroup scope) against numpy on every profile, and its size rule."""

from __future__ import annotations

import pytest

from dxlinalg.hlsl import sm610 as linalg
from dxlinalg.samples import gemm_sm610
from dxlinalg.samples.coopmat_gemm import F16, INT8, sample_inputs
from dxlinalg.samples.host_helpers import GpuContext


@pytest.mark.parametrize("profile", ["reference", "minimal", "adversarial", "nvidia-h100"])
@pytest.mark.parametrize("variant", [F16, INT8], ids=["f16", "int8"])
@pytest.mark.parametrize("scope", [linalg.MatrixScope.Wave, linalg.MatrixScope.ThreadGroup], ids=["wave", "group"])
def test_gemm_matches_numpy(profile, variant, scope):
    m, n, k = (64, 128, 256) if variant is INT8 else (128, 64, 128)
    a, b = sample_inputs(variant, m, n, k, seed=3)
    d = gemm_sm610.run_gemm(GpuContext(profile), variant, a, b, scope)
    wrong, _ = gemm_sm610.check(variant, profile, a, b, d)
    assert wrong == 0


def test_sizes_must_be_whole_tiles():
    with pytest.raises(ValueError, match="multiple of 128"):
        gemm_sm610.check_sizes(INT8, 64, 64, 128)
    assert gemm_sm610.main(["--m", "64", "--n", "64", "--k", "64"]) == 0
    with pytest.raises(SystemExit):
        gemm_sm610.main(["--m", "65"])
