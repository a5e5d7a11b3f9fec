"""docs/profiles.md's reference is generated from the model: the two cannot drift apart."""

import dataclasses
from pathlib import Path

from dxlinalg.numerics.float_conversion import FloatConversionSettings
from dxlinalg.profile.format_reference import BEGIN, END, SECTIONS, format_reference, replace_reference
from dxlinalg.profile.model import FloatConversionFields

DOC = Path(__file__).resolve().parents[2] / "docs" / "profiles.md"


def test_the_reference_in_the_docs_is_the_generated_one():
    text = DOC.read_text(encoding="utf-8")
    assert replace_reference(text) == text, (
        "docs/profiles.md is out of date: run python -m dxlinalg.profile.format_reference docs/profiles.md")


def test_every_key_of_every_model_is_documented_with_a_meaning():
    reference = format_reference()
    for _, model in SECTIONS:
        for name, field in model.model_fields.items():
            assert field.description, f"{model.__name__}.{name} has no description"
            assert f"| `{name}` |" in reference
    assert reference.startswith(BEGIN) and reference.endswith(END)


def test_the_json_form_of_the_float_settings_has_exactly_their_fields_and_defaults():
    fields = dataclasses.fields(FloatConversionSettings)
    assert list(FloatConversionFields.model_fields) == [f.name for f in fields]
    assert FloatConversionFields().settings() == FloatConversionSettings()
    assert FloatConversionFields.of(FloatConversionSettings()) == FloatConversionFields()
