"""The SM 6.10 MLP inference sample: the SM 6.9 sample's image where the arithmetic is the same."""

from __future__ import annotations

import numpy as np
import pytest

from d3d12api.sm610 import D3D_SHADER_MODEL_6_10
from dxlinalg.profile.registry import load_profile
from dxlinalg.samples import mlp_inference, mlp_inference_sm610
from dxlinalg.samples.host_helpers import GpuContext
from dxlinalg.samples.mlp_model import random_weights

WEIGHTS = random_weights()
#: The 6.10 SDK's names of the 6.9 seed's FP8 datatypes.
SDK_NAMES = {"FLOAT8_E4M3FN": "E4M3", "FLOAT8_E5M2": "E5M2"}


def same_arithmetic(profile: str, variant: str) -> bool:
    """FP16 and int8 always; FP8 where Convert rounds as the 6.9 interpretation does and FP16 inputs are not kept."""
    prof = load_profile(profile)
    return variant in ("fp16", "int8") or (prof.linalg_matrix.float_rounding == "nearest_even"
                                          and prof.accumulation.matvec_fp8_input == "convert")


@pytest.mark.parametrize("profile", ["reference", "minimal", "adversarial", "nvidia-h100"])
@pytest.mark.parametrize("variant", mlp_inference.VARIANTS)
def test_sm610_image_equals_the_sm69_image_where_the_arithmetic_is_the_same(profile, variant):
    sm610 = mlp_inference_sm610.run_variant(GpuContext(profile, shader_model=D3D_SHADER_MODEL_6_10), variant,
                                            WEIGHTS, 12, 6)
    fell_back = bool(sm610.note)            # FP8 is optional in 6.10's Tier 1 (minimal): the FP16 weights instead
    assert fell_back == (variant in ("e4m3", "e5m2") and profile == "minimal")
    sm69 = mlp_inference.run_variant(GpuContext(profile), "fp16" if fell_back else variant, WEIGHTS, 12, 6)
    assert SDK_NAMES.get(sm610.weight_type, sm610.weight_type) == sm69.weight_type
    if same_arithmetic(profile, "fp16" if fell_back else variant):
        assert np.array_equal(sm610.image.view(np.uint32), sm69.image.view(np.uint32))
    else:
        assert sm610.max_error < 0.25                         # a different, still faithful, FP8 rounding
    assert sm610.max_error < {"fp16": 1e-3, "int8": 0.05}.get(variant, 0.25)


def test_main_writes_one_png_per_variant(tmp_path):
    assert mlp_inference_sm610.main(["--size", "8", "--variant", "fp16", "--out", str(tmp_path)]) == 0
    assert [p.name for p in tmp_path.iterdir()] == ["inference_sm610_fp16.png"]
