"""Profiles are strict: every unknown key, wrong JSON type, bad value or range is one ProfileError line
naming the source, the key path and the rule; nothing falls back to a default."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from d3d12api import E_INVALIDARG, D3D12CreateDevice, D3D12Error
from dxlinalg.numerics.component_types import ComponentType
from dxlinalg.numerics.float_conversion import Fp8Overflow
from dxlinalg.profile.errors import ProfileError
from dxlinalg.profile.model import CooperativeVectorTier, DeviceProfile
from dxlinalg.profile.registry import builtin_profile_names, load_profile, parse_profile


def _valid() -> dict:
    """The nvidia-h100 profile as JSON data: it sets a key in every nested object."""
    return json.loads(load_profile("nvidia-h100").model_dump_json())


def _error(data: object, source: str = "mine.json") -> ProfileError:
    with pytest.raises(ProfileError) as caught:
        parse_profile(json.dumps(data), source)
    assert "\n" not in str(caught.value)
    return caught.value


def _with(path: str, value: object) -> dict:
    """The valid profile with the key at `path` (dots, [index]) set to `value`."""
    data = _valid()
    *parents, last = path.replace("[", ".").replace("]", "").split(".")
    node = data
    for part in parents:
        node = node[int(part)] if part.isdigit() else node[part]
    node[int(last) if last.isdigit() else last] = value
    return data


# -- unknown keys, at every level -------------------------------------------------------------------------

@pytest.mark.parametrize("path,valid_key", [
    ("wave_sise", "wave_size"),
    ("float_conversion.fp8_overflow_mode", "fp8_overflow"),
    ("accumulation.wave_summ", "wave_sum"),
    ("mul_properties[2].transpose_suported", "transpose_supported"),
    ("outer_product_properties[0].accumulate_type", "accumulation_type"),
    ("vector_accumulate_properties[0].input", "input_type"),
])
def test_unknown_keys_are_rejected_at_every_level_with_a_suggestion(path, valid_key):
    error = _error(_with(path, 16))
    assert error.path == path and error.source == "mine.json"
    assert error.rule.startswith(f"unknown key (did you mean {valid_key!r}?); valid keys here: ")
    assert str(error) == f"profile mine.json: {path}: {error.rule}"


@pytest.mark.parametrize("layout", [{"kind": "tiled", "tile_row": 4}, {"kind": "nvidia_mma", "seed": 3},
                                    {"kind": "permuted", "seeds": 3}])
def test_unknown_keys_in_every_layout_kind_are_rejected(layout):
    error = _error(_with("mul_optimal_layout", layout))
    extra = next(k for k in layout if k != "kind")
    assert error.path == f"mul_optimal_layout.{extra}" and "unknown key" in error.rule


def test_an_unknown_key_lists_the_valid_keys_of_its_own_level():
    error = _error(_with("accumulation.zzz", 1))
    assert error.rule == ("unknown key; valid keys here: float_accumulator, matvec_sum, matvec_chunks, "
                          "matvec_fp8_input, atomic_granularity, wave_sum, "
                          "atomic_order, atomic_seed, atomic_nan, partial_matrix_accumulate")


_OBJECT_PATHS = ["", "float_conversion", "accumulation", "mul_optimal_layout", "outer_product_optimal_layout",
                 "mul_properties[0]", "mul_properties[12]", "outer_product_properties[1]",
                 "vector_accumulate_properties[0]"]


@settings(max_examples=40, deadline=None)
@given(where=st.sampled_from(_OBJECT_PATHS),
       key=st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), min_size=1, max_size=12),
       value=st.one_of(st.integers(), st.booleans(), st.text(max_size=5), st.none()))
def test_any_key_the_format_does_not_define_is_an_error_naming_its_path(where, key, value):
    data = _valid()
    node = data
    for part in where.replace("[", ".").replace("]", "").split(".") if where else []:
        node = node[int(part)] if part.isdigit() else node[part]
    if key in node:
        return
    node[key] = value
    error = _error(data)
    shown = key if key.isidentifier() else json.dumps(key)
    assert error.path == (f"{where}.{shown}" if where else shown)
    assert "unknown key" in error.rule


# -- values: enumerations, JSON types, ranges ---------------------------------------------------------------

@pytest.mark.parametrize("path,value,rule", [
    ("float_conversion.fp8_overflow", "nan", "input should be 'saturate' or 'nan_or_inf', got \"nan\""),
    ("float_conversion.nan_payload", "QUIET", "input should be 'quiet' or 'all_ones'"),
    ("accumulation.wave_sum", "fast", "input should be 'exact', 'float32_lane_order' or 'nvidia_tensor_core'"),
    ("accumulation.float_accumulator", "float16", "input should be 'float32' or 'float64'"),
    ("accumulation.atomic_nan", None, "input should be 'propagate' or 'canonical', got null"),
    ("tier", "TIER_2", "'TIER_2' is not a cooperative-vector tier; valid: NOT_SUPPORTED, TIER_1_0, TIER_1_1"),
    ("mul_optimal_layout", {"kind": "swizzled"},
     "a layout needs \"kind\": one of tiled, nvidia_mma, permuted, got \"swizzled\""),
    ("mul_optimal_layout", {"tile_rows": 4}, "a layout needs \"kind\": one of tiled, nvidia_mma, permuted"),
    ("mul_properties[0].input_type", "F7", "type 'F7' is not a D3D12 linear-algebra type"),
    ("mul_properties[1].matrix_interpretation", "SINT8_T4_PACKED",
     "SINT8_T4_PACKED is a packed register type, not a memory interpretation"),
    ("mul_properties[1].bias_interpretation", "PackedU8x32", "UINT8_T4_PACKED is a packed register type"),
    ("float_conversion.nan_sign_cleared_in[1]", "SINT8", "SINT8 is not a float type; valid: FLOAT32, FLOAT16"),
])
def test_bad_values_are_rejected_with_the_allowed_ones(path, value, rule):
    error = _error(_with(path, value))
    assert error.path == path
    assert error.rule.startswith(rule)


@pytest.mark.parametrize("path,value,rule", [
    ("wave_size", "32", "input should be a valid integer, got \"32\""),
    ("wave_size", 32.0, "input should be a valid integer, got 32.0"),
    ("wave_size", True, "input should be a valid integer, got true"),
    ("accumulation.atomic_seed", "1", "input should be a valid integer"),
    ("mul_properties[0].transpose_supported", 1, "input should be a valid boolean, got 1"),
    ("mul_properties[0].transpose_supported", "true", "input should be a valid boolean"),
    ("name", 7, "input should be a valid string, got 7"),
    ("tier", 17, "a tier is written as a name (NOT_SUPPORTED, TIER_1_0, TIER_1_1), not 17"),
    ("mul_properties[0].output_type", 8, "a type is written as a name such as \"FLOAT16\", not 8"),
    ("mul_properties", {}, "expected a JSON list [...], got an object"),
    ("float_conversion", [], "expected a JSON object {...}, got a list"),
    ("accumulation", "fast", "expected a JSON object {...}, got \"fast\""),
    ("mul_properties[0]", "FLOAT16", "expected a JSON object {...}"),
])
def test_json_types_are_not_converted(path, value, rule):
    error = _error(_with(path, value))
    assert error.path == path
    assert error.rule.startswith(rule)


@pytest.mark.parametrize("path,value,rule", [
    ("wave_size", 2, "input should be greater than or equal to 4, got 2"),
    ("wave_size", 256, "input should be less than or equal to 128, got 256"),
    ("wave_size", 24, "24 is not a power of two"),
    ("accumulation.atomic_seed", -1, "input should be greater than or equal to 0, got -1"),
    ("accumulation.atomic_seed", 2**32, "input should be less than or equal to 4294967295"),
    ("mul_optimal_layout", {"kind": "tiled", "tile_rows": 0}, "input should be greater than or equal to 1"),
    ("mul_optimal_layout", {"kind": "tiled", "tile_bytes": 24}, "input should be a multiple of 16, got 24"),
    ("outer_product_optimal_layout", {"kind": "permuted", "seed": -5}, "input should be greater than or equal"),
    ("name", "", "a profile name is one line of 1 to 64 printable characters"),
    ("name", "two\nlines", "a profile name is one line"),
    ("name", " padded", "a profile name is one line"),
    ("name", "x" * 65, "a profile name is one line"),
])
def test_values_out_of_range_are_rejected(path, value, rule):
    error = _error(_with(path, value))
    assert error.path.startswith(path)
    assert error.rule.startswith(rule)


def test_a_missing_required_key_is_named():
    data = _valid()
    del data["mul_properties"][4]["output_type"]
    error = _error(data)
    assert (error.path, error.rule) == ("mul_properties[4].output_type", "required key is missing")


def test_several_problems_name_the_first_and_count_the_rest():
    data = _with("wave_size", "x")
    data["accumulation"]["wave_sum"] = "y"
    data["zzz"] = 1
    error = _error(data)
    assert error.path == "wave_size" and error.rule.endswith("(and 2 more problems)")


# -- consistency -----------------------------------------------------------------------------------------

def test_tier_1_0_reports_no_accumulate_properties():
    error = _error(_with("tier", "TIER_1_0"))
    assert error.path == "outer_product_properties"
    assert "tier TIER_1_0 reports no accumulate properties" in error.rule
    assert error.rule.endswith("(and 1 more problem)")   # vector_accumulate_properties as well


def test_not_supported_reports_no_properties():
    data = _with("tier", "NOT_SUPPORTED")
    data["outer_product_properties"] = data["vector_accumulate_properties"] = []
    error = _error(data)
    assert error.path == "mul_properties" and "NOT_SUPPORTED reports no properties" in error.rule
    data["mul_properties"] = []
    assert parse_profile(json.dumps(data), "x").tier == CooperativeVectorTier.NOT_SUPPORTED


# -- the file: JSON syntax, duplicates, top level, reading -------------------------------------------------

def test_json_syntax_errors_give_line_and_column():
    text = json.dumps(_valid(), indent=2).replace('"wave_size": 32,', '"wave_size": 32', 1)
    with pytest.raises(ProfileError) as caught:
        parse_profile(text, "broken.json")
    line = text.splitlines().index('  "wave_size": 32') + 2
    assert str(caught.value) == f"profile broken.json: not valid JSON: Expecting ',' delimiter at line {line} column 3"


@pytest.mark.parametrize("text,rule", [
    ('{"name": "a", "name": "b"}', 'key "name" appears twice in one object'),
    ('{"wave_size": NaN}', "not valid JSON: NaN is not JSON (write a number)"),
    ('[1, 2]', "the top level of a profile is a JSON object {...}"),
    ('', "not valid JSON: Expecting value at line 1 column 1"),
])
def test_text_that_is_not_one_json_object_is_rejected(text, rule):
    with pytest.raises(ProfileError) as caught:
        parse_profile(text, "t.json")
    assert caught.value.rule == rule


def test_missing_files_directories_and_non_utf8_files_name_the_path(tmp_path):
    with pytest.raises(ProfileError, match=r"^profile .*nope.json: neither a built-in profile \(reference, "):
        load_profile(str(tmp_path / "nope.json"))
    with pytest.raises(ProfileError, match="is a directory"):
        load_profile(tmp_path)
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"name": "caf\xe9"}')
    with pytest.raises(ProfileError, match=r"latin.json: is not UTF-8 text \(byte 13\)"):
        load_profile(str(latin))


def test_a_device_from_a_bad_profile_is_e_invalidarg_with_the_same_line(tmp_path):
    path = tmp_path / "typo.json"
    path.write_text(json.dumps(_with("wave_sise", 16)))
    with pytest.raises(D3D12Error) as caught:
        D3D12CreateDevice(profile=str(path))
    assert caught.value.hr == E_INVALIDARG
    assert f"profile {path}: wave_sise: unknown key" in str(caught.value) and "\n" not in str(caught.value)


# -- names ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", builtin_profile_names())
def test_builtin_names_match_in_any_case(name):
    assert load_profile(name.upper()) is load_profile(name)
    assert load_profile(name.title()) is load_profile(name)


def test_profile_files_take_d3d12_names_in_any_case_and_dxil_names():
    data = _valid()
    row = data["mul_properties"][0]
    row.update(input_type="float16", input_interpretation="D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT_E4M3",
               matrix_interpretation="FLOAT_E4M3", bias_interpretation="F16", output_type="Float16")
    data["float_conversion"]["nan_sign_cleared_in"] = ["f8_e5m2", "FLOAT32"]
    data["tier"] = "d3d12_cooperative_vector_tier_1_1"
    profile = parse_profile(json.dumps(data), "mixed.json")
    assert profile.mul_properties[0].key() == (ComponentType.F16, ComponentType.F8_E4M3, ComponentType.F8_E4M3,
                                               ComponentType.F16, ComponentType.F16)
    assert profile.float_conversion.nan_sign_cleared_in == {ComponentType.F8_E5M2, ComponentType.F32}
    assert profile.tier == CooperativeVectorTier.TIER_1_1


@pytest.mark.parametrize("name", builtin_profile_names())
def test_profiles_are_written_with_d3d12_type_names(name):
    dumped = json.loads(load_profile(name).model_dump_json())
    written = {row[key] for row in dumped["mul_properties"] for key in row if key != "transpose_supported"}
    assert written <= {"FLOAT16", "FLOAT32", "SINT8", "UINT8", "SINT32", "UINT32", "SINT8_T4_PACKED",
                       "UINT8_T4_PACKED", "E4M3", "E5M2"}
    assert parse_profile(json.dumps(dumped), "again.json") == load_profile(name)


def test_python_code_may_pass_enum_members_and_settings():
    data = _valid()
    data["mul_properties"][0]["input_type"] = ComponentType.F32
    data["float_conversion"] = load_profile("reference").float_conversion
    data["accumulation"]["wave_sum"] = "exact"
    profile = DeviceProfile.model_validate(data)
    assert profile.mul_properties[0].input_type == ComponentType.F32
    assert profile.float_conversion.fp8_overflow is Fp8Overflow.SATURATE


def test_a_file_saved_with_a_utf8_byte_order_mark_loads(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + load_profile("minimal").model_dump_json().encode())
    assert load_profile(str(path)) == load_profile("minimal")
