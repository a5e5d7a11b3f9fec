"""The `linalg_support` profile section: the built-in answers, every consistency rule, names and round trips."""

from __future__ import annotations

import copy
import json

import pytest

from dxlinalg.numerics.component_types import ComponentType as T
from dxlinalg.profile.errors import ProfileError
from dxlinalg.profile.linalg_support import (
    LinalgRule,
    LinalgSupport,
    LinalgTier,
    construction_answer,
    threadgroup_multiply_entry,
    vector_multiply_entry,
    wave_multiply_entry,
    wave_shape_within_rule,
)
from dxlinalg.profile.registry import builtin_profile_names, load_profile, parse_profile

BUILTIN = ["reference", "minimal", "adversarial", "nvidia-h100"]


def _section(name: str) -> dict:
    return load_profile(name).linalg_support.model_dump(mode="json")


def _profile_with(section: dict) -> str:
    data = json.loads(load_profile("minimal").model_dump_json())
    data["linalg_support"] = section
    return json.dumps(data)


@pytest.mark.parametrize("name", BUILTIN)
def test_every_builtin_profile_has_tier_1_answers(name):
    support = load_profile(name).linalg_support
    assert support is not None and support.tier == LinalgTier.TIER_1_0


@pytest.mark.parametrize("name", BUILTIN)
def test_the_section_round_trips_through_json(name):
    section = _section(name)
    assert LinalgSupport.model_validate(section).model_dump(mode="json") == section


def test_the_section_is_written_with_the_6_10_sdk_names():
    section = _section("reference")
    names = {row["component_type"] for row in section["matrix_construction"]}
    assert {"FLOAT8_E4M3FN", "FLOAT8_E5M2", "SINT8", "UINT8"} <= names
    assert section["vector_multiply"][0]["bias_types"][0] == "NONE"


def test_minimal_reports_exactly_the_tier_1_requirements():
    support = load_profile("minimal").linalg_support
    assert {row.key() for row in support.wave_multiply} == {(T.U8, T.U8, T.I32), (T.I8, T.I8, T.I32)}
    assert all(row.shapes == [(16, 16, 16)] for row in support.wave_multiply)
    assert {row.key() for row in support.vector_multiply} == {
        (T.I8, T.I8, T.I32), (T.U8, T.U8, T.I32), (T.F32, T.I8, T.I32), (T.F16, T.F16, T.F16)}
    assert not support.threadgroup_multiply and not support.outer_product and not support.accumulate_store


def test_answers_are_looked_up_by_type_and_shape():
    support = load_profile("nvidia-h100").linalg_support
    assert construction_answer(support, T.I8) == (16, 32, 8)
    assert construction_answer(support, T.F8_E4M3) == (0, 0, 0)
    assert wave_multiply_entry(support, T.F16, T.F16, T.F32).shapes[0] == (16, 16, 16)
    assert wave_multiply_entry(support, T.F16, T.F16, T.I32) is None
    assert threadgroup_multiply_entry(support, T.F16, T.F16, T.F32, (64, 16, 64)).max_thread_group_size == 256
    assert threadgroup_multiply_entry(support, T.F16, T.F16, T.F32, (16, 16, 16)).max_thread_group_size == 64
    assert threadgroup_multiply_entry(support, T.F16, T.F16, T.F32, (8, 16, 16)) is None
    assert vector_multiply_entry(support, T.F16, T.F8_E4M3, None, T.F16).emulated_inputs
    assert vector_multiply_entry(support, T.F16, T.F16, T.F32, T.F16) is None


@pytest.mark.parametrize("shape, a_type, inside", [
    ((16, 16, 16), T.F16, True), ((32, 16, 16), T.F16, False), ((16, 32, 16), T.I8, True),
    ((16, 64, 16), T.I8, False), ((16, 16, 16), T.F32, True)])
def test_wave_shape_size_rule(shape, a_type, inside):
    assert wave_shape_within_rule(shape, a_type) is inside


def _broken(section: dict, rule: str) -> None:
    with pytest.raises(ProfileError) as error:
        parse_profile(_profile_with(section), "test")
    assert rule in str(error.value) and "linalg_support" in str(error.value)


def test_not_supported_reports_nothing():
    section = _section("minimal")
    section["tier"] = "NOT_SUPPORTED"
    _broken(section, LinalgRule.NOT_SUPPORTED_REPORTS_NOTHING)


def test_not_supported_with_empty_lists_loads():
    profile = parse_profile(_profile_with({"tier": "NOT_SUPPORTED"}), "test")
    assert profile.linalg_support.tier == LinalgTier.NOT_SUPPORTED


def test_an_entry_listed_twice_is_rejected():
    section = _section("minimal")
    section["wave_multiply"].append(copy.deepcopy(section["wave_multiply"][0]))
    _broken(section, LinalgRule.UNIQUE_ENTRY)


def test_a_wave_entry_without_a_small_shape_is_rejected():
    section = _section("minimal")
    section["wave_multiply"][0]["shapes"] = [[64, 16, 16]]   # 64 x 8 bits > 256
    _broken(section, LinalgRule.SHAPE_RULE)


def test_large_shapes_alongside_a_small_one_load():
    section = _section("minimal")
    section["wave_multiply"][0]["shapes"] = [[64, 64, 64], [16, 16, 16]]
    assert parse_profile(_profile_with(section), "test").linalg_support.wave_multiply[0].shapes[0] == (64, 64, 64)


@pytest.mark.parametrize("low, high, preferred", [(32, 48, 0), (64, 32, 0), (32, 256, 48), (32, 128, 256)])
def test_inconsistent_thread_group_sizes_are_rejected(low, high, preferred):
    section = _section("reference")
    group = section["threadgroup_multiply"][0]
    group.update(min_thread_group_size=low, max_thread_group_size=high, preferred_thread_group_size=preferred)
    _broken(section, LinalgRule.GROUP_SIZES)


def test_emulated_inputs_needs_an_fp8_matrix():
    section = _section("minimal")
    section["vector_multiply"][0]["emulated_inputs"] = True
    _broken(section, LinalgRule.EMULATED_INPUTS_FP8)


def test_an_outer_product_result_must_be_accumulate_storable():
    section = _section("reference")
    section["accumulate_store"] = [row for row in section["accumulate_store"] if row["component_type"] != "FLOAT32"]
    _broken(section, LinalgRule.OUTER_PRODUCT_STORABLE)


def test_multiply_operands_must_be_constructible():
    section = _section("minimal")
    section["matrix_construction"] = [row for row in section["matrix_construction"]
                                      if row["component_type"] != "SINT32"]
    _broken(section, LinalgRule.MULTIPLY_OPERANDS_CONSTRUCTIBLE)


@pytest.mark.parametrize("where, value", [
    (("tier",), "TIER_2"), (("wave_multiply", 0, "a_type"), "BFLOAT16"), (("wave_multiply", 0, "a_type"), 19),
    (("vector_multiply", 0, "vector_type"), "NONE"), (("wave_multiply", 0, "shapes"), []),
    (("wave_multiply", 0, "shapes"), [[0, 16, 16]]), (("matrix_construction", 0, "min_m"), 0),
    (("vector_multiply", 0, "transpose"), "yes"), (("outer_product",), [{"input_type": "FLOAT16"}])])
def test_bad_values_are_rejected_with_the_key(where, value):
    section = _section("minimal")
    target = section
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value
    with pytest.raises(ProfileError) as error:
        parse_profile(_profile_with(section), "test")
    assert "linalg_support" in str(error.value)


def test_the_old_fp8_names_are_accepted_and_printed_as_the_6_10_names():
    section = _section("reference")
    section["vector_multiply"][4]["matrix_type"] = "E4M3"
    loaded = parse_profile(_profile_with(section), "test").linalg_support
    assert loaded.model_dump(mode="json")["vector_multiply"][4]["matrix_type"] == "FLOAT8_E4M3FN"


def test_a_profile_without_the_section_loads():
    data = json.loads(load_profile("minimal").model_dump_json())
    del data["linalg_support"]
    assert parse_profile(json.dumps(data), "test").linalg_support is None


def test_every_builtin_is_covered():
    assert sorted(builtin_profile_names()) == sorted(BUILTIN)


VULKAN_NAMES = {T.F16: "float16", T.F32: "float32", T.I8: "int8", T.U8: "uint8", T.I32: "int32", T.U32: "uint32"}
#: nvidia-h100's one inferred wave/thread-group combination (docs/sm610-d3d12.md): U8 x U8 -> S32 is answered
#: with the shapes the driver lists for U8 x U8 -> U32.
INFERRED_ACCUMULATOR = {(T.U8, T.U8, T.I32): (T.U8, T.U8, T.U32)}


def _vulkan_key(types):
    return tuple(VULKAN_NAMES[t] for t in INFERRED_ACCUMULATOR.get(types, types))


def test_nvidia_h100_wave_shapes_are_its_measured_vulkan_subgroup_list():
    profile = load_profile("nvidia-h100")
    for entry in profile.linalg_support.wave_multiply:
        a, b, c = _vulkan_key(entry.key())
        listed = {(p.m, p.k, p.n) for p in profile.coopmat.muladd_properties
                  if (p.a_type, p.b_type, p.c_type, p.scope) == (a, b, c, "subgroup")}
        assert set(entry.shapes) == listed, entry.key()


def test_nvidia_h100_thread_group_entries_are_its_measured_workgroup_list():
    profile = load_profile("nvidia-h100")
    for group in profile.linalg_support.threadgroup_multiply:
        a, b, c = _vulkan_key(group.key()[:3])
        sizes = [p.workgroup_invocations for p in profile.coopmat.flexible_properties
                 if (p.a_type, p.b_type, p.c_type, p.scope) == (a, b, c, "workgroup")
                 and all(g % s == 0 for g, s in zip(group.shape_granularity,
                                                    (p.m_granularity, p.k_granularity, p.n_granularity)))]
        assert (min(sizes), max(sizes)) == (group.min_thread_group_size, group.max_thread_group_size), group.key()


def test_nvidia_h100_vector_answers_are_its_measured_property_list():
    profile = load_profile("nvidia-h100")
    unpacked = {T.PackedS8x32: T.I8, T.PackedU8x32: T.U8}
    measured = {}
    for p in profile.mul_properties:   # 6.10's VectorInputType: the interpreted type, or the vector's own type
        for vector in (unpacked.get(p.input_interpretation, p.input_interpretation), p.input_type):
            measured[(vector, p.matrix_interpretation, p.output_type)] = p.transpose_supported
    for entry in profile.linalg_support.vector_multiply:
        assert entry.key() in measured, entry.key()
        assert entry.transpose == measured[entry.key()]
