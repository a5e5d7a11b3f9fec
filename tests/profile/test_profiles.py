import json

import pytest
from pydantic import ValidationError

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.component_types import MatrixLayout
from dxlinalg.numerics.float_conversion import NVIDIA_H100_FLOAT_SETTINGS
from dxlinalg.profile.formats import optimal_format
from dxlinalg.profile.minimum_set import MINIMUM_MUL, MINIMUM_OUTER_PRODUCT, MINIMUM_VECTOR_ACCUMULATE
from dxlinalg.profile.model import CooperativeVectorTier, DeviceProfile
from dxlinalg.profile.registry import builtin_profile_names, load_profile

PROFILES = builtin_profile_names()


def test_the_four_profiles_ship_and_reference_is_the_default():
    assert PROFILES[0] == "reference"
    assert set(PROFILES) == {"reference", "nvidia-h100", "minimal", "adversarial"}


@pytest.mark.parametrize("name", PROFILES)
def test_every_profile_reports_the_minimum_support_set(name):
    profile = load_profile(name)
    keys = {p.key() for p in profile.mul_properties}
    assert {p.key() for p in MINIMUM_MUL} <= keys
    if profile.tier >= CooperativeVectorTier.TIER_1_1:
        assert set(MINIMUM_OUTER_PRODUCT) <= set(profile.outer_product_properties)
        assert set(MINIMUM_VECTOR_ACCUMULATE) <= set(profile.vector_accumulate_properties)


@pytest.mark.parametrize("name", PROFILES)
def test_profiles_round_trip_through_json(name, tmp_path):
    profile = load_profile(name)
    path = tmp_path / "mine.json"
    path.write_text(profile.model_dump_json())
    assert load_profile(str(path)) == profile


def test_minimal_is_tier_1_0_with_exactly_the_minimum_set_and_no_transpose():
    profile = load_profile("minimal")
    assert profile.tier == CooperativeVectorTier.TIER_1_0
    assert sorted(p.key() for p in profile.mul_properties) == sorted(p.key() for p in MINIMUM_MUL)
    assert not any(p.transpose_supported for p in profile.mul_properties)
    assert profile.outer_product_properties == [] and profile.vector_accumulate_properties == []


def test_profiles_differ_where_the_spec_leaves_a_choice():
    ref, minimal, adv = load_profile("reference"), load_profile("minimal"), load_profile("adversarial")
    assert len({ref.wave_size, minimal.wave_size, adv.wave_size}) == 3
    names = {optimal_format(p, MatrixLayout.MulOptimal).name for p in (ref, minimal, adv)}
    assert len(names) == 3
    assert ref.float_conversion.fp8_overflow != adv.float_conversion.fp8_overflow


def test_nvidia_profile_uses_the_driver_settings_and_layout():
    profile = load_profile("nvidia-h100")
    assert profile.float_conversion == NVIDIA_H100_FLOAT_SETTINGS
    assert [p.transpose_supported for p in profile.mul_properties].count(True) == 1
    assert "nvidia" in optimal_format(profile, MatrixLayout.MulOptimal).name


def _base() -> dict:
    return json.loads(load_profile("reference").model_dump_json())


def test_tier_1_0_must_not_report_accumulate_properties():
    data = _base() | {"tier": "TIER_1_0"}
    with pytest.raises(ValidationError, match="tier 1_0|TIER_1_0"):
        DeviceProfile.model_validate(data)


def test_wave_size_must_be_a_power_of_two():
    with pytest.raises(ValidationError, match="power of two"):
        DeviceProfile.model_validate(_base() | {"wave_size": 24})


def test_unknown_type_names_are_rejected_with_the_name():
    data = _base()
    data["mul_properties"][0]["matrix_interpretation"] = "F7"
    with pytest.raises(ValidationError, match="'F7'"):
        DeviceProfile.model_validate(data)


def test_unknown_profile_names_are_rejected():
    with pytest.raises(InvalidArgumentError, match="neither a built-in profile"):
        load_profile("rtx-9090")
