"""`dxlinalg profile check FILE` and `dxlinalg profile show NAME`: write a profile, see what it means.

Both load through `load_profile`, the loader every other command uses, so `check` says exactly what
`--profile FILE` would do. A bad profile raises ProfileError, which the console script prints as
its one line.
"""

from __future__ import annotations

from dxlinalg.profile.registry import load_profile


def run_profile_check(source: str) -> int:
    """Validate a profile file (or built-in name): `FILE: ok (profile NAME)`."""
    profile = load_profile(source)
    print(f"{source}: ok (profile {profile.name})")
    return 0


def run_profile_show(source: str) -> int:
    """The profile as loaded, every default filled in, as JSON a profile file may contain."""
    print(load_profile(source).model_dump_json(indent=2))
    return 0
