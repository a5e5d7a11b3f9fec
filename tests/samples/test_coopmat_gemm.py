"""The cooperative-matrix GEMM sample, small: exact on the reference profile, bounded elsewhere, every variant."""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg.profile.registry import builtin_profile_names
from dxlinalg.samples import coopmat_gemm
from dxlinalg.samples.coopmat_gemm import F16, INT8, check, expected_f16, run_gemm, sample_inputs
from dxlinalg.samples.host_helpers import GpuContext


@pytest.mark.parametrize("profile", builtin_profile_names())
@pytest.mark.parametrize("variant", [F16, INT8], ids=["f16", "int8"])
def test_ragged_gemm_matches_numpy_on_every_profile(profile, variant):
    a, b = sample_inputs(variant, 37, 21, 45, seed=3)
    tile_k = 32 if variant is INT8 else 16           # nvidia-h100 lists 8-bit MulAdds with K = 32 only
    d = run_gemm(GpuContext(profile), variant, a, b, tile_m=16, tile_n=16, tile_k=tile_k)
    wrong, _ = check(variant, profile, a, b, d, tile_k=tile_k)
    assert wrong == 0


def test_the_reference_result_is_the_per_step_rounding_not_one_rounding():
    a, b = sample_inputs(F16, 40, 24, 96, seed=5)
    d = run_gemm(GpuContext("reference"), F16, a, b, tile_m=16, tile_n=8, tile_k=32)
    assert np.array_equal(d, expected_f16(a, b, 32))
    once = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32)
    assert not np.array_equal(expected_f16(a, b, 32), once)      # the data makes the rounding steps visible


def test_a_wrong_tile_would_be_caught():
    a, b = sample_inputs(F16, 16, 16, 16)
    d = run_gemm(GpuContext("reference"), F16, a, b, tile_m=16, tile_n=16, tile_k=16)
    d[3, 4] += 2.0 ** -20
    assert check(F16, "reference", a, b, d, tile_k=16)[0] == 1
    assert check(F16, "nvidia-h100", a, b, d + 1, tile_k=16)[0] > 0


@pytest.mark.parametrize("arguments", [["--m", "70", "--n", "33", "--k", "65"], ["--int8", "--profile", "adversarial"]])
def test_the_command_line_reports_no_difference(arguments, capsys):
    assert coopmat_gemm.main(arguments) == 0
    assert "0 of" in capsys.readouterr().out


def test_bad_sizes_are_argparse_errors():
    with pytest.raises(SystemExit) as exit_info:
        coopmat_gemm.main(["--m", "0"])
    assert exit_info.value.code == 2
