"""The profile format's reference tables, generated from the models so the docs cannot drift.

docs/profiles.md holds this text between two marker lines; tests/profile/test_profile_docs.py checks
that it is current, and `python -m dxlinalg.profile.format_reference docs/profiles.md` rewrites it.
"""

from __future__ import annotations

import json
import re
import sys
import types
import typing
from enum import Enum
from pathlib import Path
from typing import Any

from pydantic import BaseModel, TypeAdapter
from pydantic.fields import FieldInfo

from dxlinalg.numerics.component_types import D3D12_TYPE_NAMES, d3d12_type_name
from dxlinalg.numerics.float_conversion import FloatConversionSettings
from dxlinalg.profile.model import (
    LAYOUT_SPECS,
    AccumulateProperty,
    AccumulationSettings,
    CooperativeMatrixSettings,
    CoopMatFlexibleProperty,
    CoopMatMulAddProperty,
    LinalgMatrixSettings,
    DeviceProfile,
    FloatConversionFields,
    GroupSharedSettings,
    MlirSettings,
    MulProperty,
    NvgpuSettings,
    ShaderSettings,
    Shown,
    TensorCoreChunks,
)

BEGIN = "<!-- generated from dxlinalg/profile/model.py: python -m dxlinalg.profile.format_reference docs/profiles.md -->"
END = "<!-- end of generated text -->"

#: (heading, model) in the order the reference lists them.
SECTIONS: tuple[tuple[str, type[BaseModel]], ...] = (
    ("Top-level keys", DeviceProfile),
    ("mul_properties", MulProperty),
    ("outer_product_properties, vector_accumulate_properties", AccumulateProperty),
    *((f"Layout kind {spec.model_fields['kind'].default}", spec)
      for spec in LAYOUT_SPECS),
    ("float_conversion", FloatConversionFields),
    ("accumulation", AccumulationSettings),
    ("accumulation.matvec_chunks", TensorCoreChunks),
    ("groupshared", GroupSharedSettings),
    ("nvgpu", NvgpuSettings),
    ("mlir", MlirSettings),
    ("shader", ShaderSettings),
    ("coopmat", CooperativeMatrixSettings),
    ("coopmat.muladd_properties", CoopMatMulAddProperty),
    ("coopmat.flexible_properties", CoopMatFlexibleProperty),
    ("linalg_matrix", LinalgMatrixSettings),
)
_SECTION_OF: dict[Any, str] = {model: heading for heading, model in SECTIONS}
_SECTION_OF[FloatConversionSettings] = _SECTION_OF[FloatConversionFields]


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading (as tests/docs/test_docs.py computes it)."""
    return re.sub(r"\s", "-", re.sub(r"[^\w\- ]", "", heading.lower()))


def _link(model: Any) -> str:
    heading = _SECTION_OF[model]
    return f"[{model.model_fields['kind'].default if model in LAYOUT_SPECS else heading}](#{anchor(heading)})"


def _type_text(field: FieldInfo) -> str:
    """The JSON type and the values allowed, as a reader needs them."""
    shown = [m for m in field.metadata if isinstance(m, Shown)]
    if shown:
        return shown[0].text
    annotation = field.annotation
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Literal:
        return " or ".join(f"`{json.dumps(a)}`" for a in args)
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return " or ".join(f"`{json.dumps(m.value)}`" for m in annotation)
    if origin is list:
        return f"a list of objects: {_link(args[0])}"
    if origin in (typing.Union, types.UnionType):
        return "an object, by `kind`: " + ", ".join(_link(a) for a in args)
    if annotation in _SECTION_OF:
        return f"an object: {_link(annotation)}"
    if annotation is bool:
        return "`true` or `false`"
    if annotation is str:
        return "a string"
    if annotation is int:
        return "an integer" + _bounds(field)
    raise TypeError(f"no documented form for {annotation!r}: add a Shown(...) marker")


def _bounds(field: FieldInfo) -> str:
    def bound(name: str) -> Any:
        return next((getattr(m, name) for m in field.metadata if hasattr(m, name)), None)

    low, high, step = bound("ge"), bound("le"), bound("multiple_of")
    text = f" from {low} to {high}" if low is not None and high is not None else ""
    return text + (f", a multiple of {step}" if step else "")


def _default_text(field: FieldInfo) -> str:
    if field.is_required():
        return "required"
    if type(field.default) in LAYOUT_SPECS:
        return f"`{field.default.model_dump_json()}`"
    if isinstance(field.default, (BaseModel, FloatConversionSettings)):
        return "every key's default"
    annotated = typing.Annotated[(field.annotation, *field.metadata)] if field.metadata else field.annotation
    adapter: TypeAdapter[Any] = TypeAdapter(annotated)
    return f"`{json.dumps(adapter.dump_python(field.default, mode='json'))}`"


def _table(model: type[BaseModel]) -> list[str]:
    rows = ["| key | type and allowed values | default | meaning |", "|---|---|---|---|"]
    for name, field in model.model_fields.items():
        rows.append(f"| `{name}` | {_type_text(field)} | {_default_text(field)} | {field.description} |")
    return rows


def _type_names() -> list[str]:
    rows = ["| D3D12 name (printed) | also accepted | DXIL name (accepted) | value (seed, DXIL) |", "|---|---|---|---|"]
    printed: dict[Any, list[str]] = {}
    for name, component_type in D3D12_TYPE_NAMES.items():
        printed.setdefault(component_type, []).append(name)
    for component_type, names in printed.items():
        aliases = ", ".join(f"`{n}`" for n in names if n != d3d12_type_name(component_type)) or "-"
        rows.append(f"| `{d3d12_type_name(component_type)}` | {aliases} | `{component_type.name}` | "
                    f"{int(component_type)} |")
    return rows


def format_reference() -> str:
    """The generated part of docs/profiles.md, markers included."""
    lines = [BEGIN]
    for heading, model in SECTIONS:
        lines += ["", f"### {heading}", "", *_table(model)]
    lines += ["", "### Type names", "", *_type_names(), "", END]
    return "\n".join(lines)


def replace_reference(document: str) -> str:
    """`document` with its generated part (from BEGIN to END) brought up to date."""
    start, end = document.index(BEGIN), document.index(END) + len(END)
    return document[:start] + format_reference() + document[end:]


if __name__ == "__main__":
    target = Path(sys.argv[1])
    target.write_text(replace_reference(target.read_text(encoding="utf-8")), encoding="utf-8")
