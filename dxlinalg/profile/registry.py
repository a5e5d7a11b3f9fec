"""Built-in profiles (JSON files shipped in profile/data) and loading of user-written ones."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.profile.model import DeviceProfile

DEFAULT_PROFILE = "reference"


def builtin_profile_names() -> list[str]:
    """Names of the profiles that ship with dxlinalg, default first."""
    names = sorted(p.name.removesuffix(".json") for p in resources.files("dxlinalg.profile.data").iterdir()
                   if p.name.endswith(".json"))
    return [DEFAULT_PROFILE] + [n for n in names if n != DEFAULT_PROFILE]


@lru_cache(maxsize=None)
def _builtin(name: str) -> DeviceProfile:
    text = resources.files("dxlinalg.profile.data").joinpath(f"{name}.json").read_text()
    return DeviceProfile.model_validate_json(text)


def load_profile(profile: str | Path | DeviceProfile) -> DeviceProfile:
    """A profile by built-in name, by path to a JSON file, or passed through if already one."""
    if isinstance(profile, DeviceProfile):
        return profile
    text = str(profile)
    if text in builtin_profile_names():
        return _builtin(text)
    path = Path(text)
    if path.suffix == ".json" and path.is_file():
        return DeviceProfile.model_validate_json(path.read_text())
    raise InvalidArgumentError(
        f"profile {text!r} is neither a built-in profile ({', '.join(builtin_profile_names())}) "
        f"nor an existing .json file")
