"""Built-in profiles (JSON files shipped in profile/data) and loading of user-written ones.

Every way in (a built-in name, a file, JSON text) goes through `parse_profile`, so a bad profile is
reported the same way everywhere: one `ProfileError` line naming the file, the key and the rule.
"""

from __future__ import annotations

import json
from difflib import get_close_matches
from functools import cache
from importlib import resources
from pathlib import Path

from pydantic import ValidationError

from dxlinalg.profile.errors import ProfileError, profile_error
from dxlinalg.profile.model import DeviceProfile

DEFAULT_PROFILE = "reference"


def builtin_profile_names() -> list[str]:
    """Names of the profiles that ship with dxlinalg, default first."""
    names = sorted(p.name.removesuffix(".json") for p in resources.files("dxlinalg.profile.data").iterdir()
                   if p.name.endswith(".json"))
    return [DEFAULT_PROFILE] + [n for n in names if n != DEFAULT_PROFILE]


@cache
def _builtin(name: str) -> DeviceProfile:
    text = resources.files("dxlinalg.profile.data").joinpath(f"{name}.json").read_text(encoding="utf-8")
    return parse_profile(text, f"built-in {name}")


def load_profile(profile: str | Path | DeviceProfile) -> DeviceProfile:
    """A profile by built-in name (any case), by path to a JSON file, or passed through if already one.

    Raises ProfileError, one line naming the source, the key path and the rule.
    """
    if isinstance(profile, DeviceProfile):
        return profile
    text = str(profile)
    if text.lower() in builtin_profile_names():
        return _builtin(text.lower())
    path = Path(text)
    if not path.exists():
        close = get_close_matches(text.lower(), builtin_profile_names(), n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise ProfileError(text, f"neither a built-in profile{hint} ({', '.join(builtin_profile_names())}) "
                                 f"nor an existing file")
    return load_profile_file(path)


def load_profile_file(path: Path) -> DeviceProfile:
    """A profile from a JSON file; any problem (unreadable, not JSON, a bad key or value) is a ProfileError."""
    if path.is_dir():
        raise ProfileError(str(path), "is a directory, not a profile JSON file")
    try:
        text = path.read_text(encoding="utf-8-sig")   # a BOM, as Windows editors write, is not an error
    except OSError as error:
        raise ProfileError(str(path), f"cannot be read: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise ProfileError(str(path), f"is not UTF-8 text (byte {error.start})") from None
    return parse_profile(text, str(path))


class _DuplicateKey(ValueError):
    pass


def _object_without_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """JSON objects whose keys are unique: a key written twice would silently keep the last value."""
    result: dict[str, object] = {}
    for key, value in pairs:
        if key in result:
            raise _DuplicateKey(key)
        result[key] = value
    return result


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not JSON (write a number)")


def parse_profile(text: str, source: str) -> DeviceProfile:
    """A profile from JSON text; `source` names it in errors (a path, or `built-in NAME`)."""
    try:
        data = json.loads(text, object_pairs_hook=_object_without_duplicates, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise ProfileError(source, f"not valid JSON: {error.msg} at line {error.lineno} column {error.colno}") \
            from None
    except _DuplicateKey as error:
        raise ProfileError(source, f"key {json.dumps(str(error))} appears twice in one object") from None
    except ValueError as error:
        raise ProfileError(source, f"not valid JSON: {error}") from None
    if not isinstance(data, dict):
        raise ProfileError(source, "the top level of a profile is a JSON object {...}")
    try:
        return DeviceProfile.model_validate(data)
    except ValidationError as error:
        raise profile_error(source, error) from None
