"""A profile that cannot be loaded, said in one line: the file, the key path and the rule broken.

Every command prints a bad profile the same way because this is the one place that words it:
pydantic's multi-line report is turned into `profile FILE: KEY.PATH: RULE`.
"""

from __future__ import annotations

import difflib
import json
import types
import typing
from typing import Any

from pydantic import BaseModel, ValidationError

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.float_conversion import FloatConversionSettings
from dxlinalg.profile.model import LAYOUT_SPECS, DeviceProfile, FloatConversionFields, shown_value


class ProfileError(InvalidArgumentError):
    """A profile that is missing, not JSON, or breaks a rule of the profile format."""

    def __init__(self, source: str, rule: str, path: str = "") -> None:
        self.source, self.rule, self.path = source, rule, path
        super().__init__(f"profile {source}: {path + ': ' if path else ''}{rule}")


def profile_error(source: str, error: ValidationError) -> ProfileError:
    """The first problem pydantic found, as a ProfileError (with how many others there are)."""
    problems = error.errors(include_url=False)
    problem = problems[0]
    path, model = _walk(problem["loc"])
    rule = _rule(problem, model)
    if len(problems) > 1:
        rule += f" (and {len(problems) - 1} more problem{'s' if len(problems) > 2 else ''})"
    return ProfileError(source, rule, path)


def _walk(loc: tuple[int | str, ...]) -> tuple[str, type[BaseModel] | None]:
    """The key path a user reads (`mul_properties[2].input_type`) and the model whose key is last.

    pydantic puts the tag of a tagged union (a layout's `kind`) into the location; it is not a key.
    """
    path, node, model = "", typing.cast(Any, DeviceProfile), None
    for part in loc:
        if node is FloatConversionSettings:   # validated as its JSON form, FloatConversionFields
            node = FloatConversionFields
        if isinstance(part, int):
            path += f"[{part}]"
            node = _item_type(node)
            continue
        member = _union_member(node, part)
        if member is not None:
            node = member
            continue
        model = node if isinstance(node, type) and issubclass(node, BaseModel) else None
        path += ("." if path else "") + (part if part.isidentifier() else json.dumps(part))
        field = model.model_fields.get(part) if model is not None else None
        node = _unwrap(field.annotation) if field is not None else None
    return path, model


def _unwrap(annotation: Any) -> Any:
    while typing.get_origin(annotation) is typing.Annotated:
        annotation = typing.get_args(annotation)[0]
    options = [a for a in typing.get_args(annotation) if a is not type(None)]
    if typing.get_origin(annotation) in (typing.Union, types.UnionType) and len(options) == 1:
        return _unwrap(options[0])  # an optional key (`X | None`) holds an X
    return annotation


def _item_type(node: Any) -> Any:
    args = typing.get_args(node)
    return _unwrap(args[0]) if args else None


def _union_member(node: Any, tag: str) -> type[BaseModel] | None:
    if typing.get_origin(node) not in (typing.Union, types.UnionType):
        return None
    return next((m for m in LAYOUT_SPECS if m in typing.get_args(node) and m.model_fields["kind"].default == tag),
                None)


def _rule(problem: Any, model: type[BaseModel] | None) -> str:
    kind, message, value = problem["type"], problem["msg"], problem.get("input")
    if kind == "extra_forbidden":
        valid = list(model.model_fields) if model is not None else []
        key = str(problem["loc"][-1])
        close = difflib.get_close_matches(key, valid, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        return f"unknown key{hint}; valid keys here: {', '.join(valid)}"
    if kind == "missing":
        return "required key is missing"
    if kind == "profile_rule":
        return message
    if kind in ("union_tag_not_found", "union_tag_invalid"):
        tags = ", ".join(m.model_fields["kind"].default for m in LAYOUT_SPECS)
        return f"a layout needs \"kind\": one of {tags}" + (
            f", got {shown_value(problem['ctx']['tag'])}" if kind == "union_tag_invalid" else "")
    if kind in ("model_type", "dict_type", "model_attributes_type", "dataclass_type"):
        return f"expected a JSON object {{...}}, got {shown_value(value)}"
    if kind == "list_type" or kind == "frozen_set_type":
        return f"expected a JSON list [...], got {shown_value(value)}"
    return f"{message[0].lower()}{message[1:]}, got {shown_value(value)}"
