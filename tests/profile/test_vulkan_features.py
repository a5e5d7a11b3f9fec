"""The Vulkan features a profile lists beyond every profile's (VulkanProfile.features)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from dxlinalg.profile.registry import load_profile
from dxlinalg.profile.vulkan import VulkanProfile
from dxlinalg.vulkan.emulated_device import supported_features


def test_nvidia_h100_reports_the_bfloat16_features_its_driver_lists():
    # H200/H100 driver 580.159 (tests/data/nvidia_h100_coopmat/run_log.txt): shaderBFloat16Type 1,
    # shaderBFloat16DotProduct 0, shaderBFloat16CooperativeMatrix 1
    features = supported_features(load_profile("nvidia-h100").vulkan)
    assert features["shaderBFloat16Type"] and features["shaderBFloat16CooperativeMatrix"]
    assert not features.get("shaderBFloat16DotProduct", False)
    assert not supported_features(load_profile("reference").vulkan).get("shaderBFloat16Type", False)


@pytest.mark.parametrize("features, match", [(["shaderBFloat16Type", "shaderBFloat16Type"], "twice"),
                                             (["ShaderBFloat16Type"], "pattern"), (["shader bf16"], "pattern")])
def test_bad_feature_lists_are_refused(features, match):
    with pytest.raises(ValidationError, match=match):
        VulkanProfile(features=features)
