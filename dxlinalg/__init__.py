"""dxlinalg: a reference emulator of the SM 6.9 cooperative-vector (linear algebra) intrinsics.

The top-level names are the ones a user reaches for first: the component types and matrix layouts,
device profiles (load one by name or file, list the built-in ones), the errors every rule raises,
and the version. They load on first use, so `import dxlinalg` (and the console script's start)
stays cheap; the surfaces live in their own packages: `d3d12api` (host code), `dxlinalg.hlsl`
(shaders), `dxlinalg.glsl` (shaders with GLSL's cooperative matrices), `dxlinalg.dxil` (the four ops),
and the sample applications are `dxlinalg.samples`.
"""

from importlib import import_module as _import_module
from types import ModuleType as _ModuleType
from typing import TYPE_CHECKING as _TYPE_CHECKING

from dxlinalg.errors import DxLinalgError, InvalidArgumentError, UndefinedBehaviorError, UnsupportedError

__version__ = "0.1.0"

#: Public name -> the module that defines it, imported when the name is first read.
_LAZY = {
    "ComponentType": "dxlinalg.numerics.component_types",
    "MatrixLayout": "dxlinalg.numerics.component_types",
    "CooperativeVectorTier": "dxlinalg.profile.model",
    "DeviceProfile": "dxlinalg.profile.model",
    "DEFAULT_PROFILE": "dxlinalg.profile.registry",
    "builtin_profile_names": "dxlinalg.profile.registry",
    "load_profile": "dxlinalg.profile.registry",
}

__all__ = [
    "__version__",
    "ComponentType", "MatrixLayout",
    "CooperativeVectorTier", "DeviceProfile", "DEFAULT_PROFILE", "builtin_profile_names", "load_profile",
    "DxLinalgError", "InvalidArgumentError", "UndefinedBehaviorError", "UnsupportedError",
]

if _TYPE_CHECKING:
    from dxlinalg.numerics.component_types import ComponentType, MatrixLayout
    from dxlinalg.profile.model import CooperativeVectorTier, DeviceProfile
    from dxlinalg.profile.registry import DEFAULT_PROFILE, builtin_profile_names, load_profile


def __getattr__(name: str) -> object:
    """PEP 562: a top-level name's module is imported when the name is first used."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'dxlinalg' has no attribute {name!r}")
    value = getattr(_import_module(module), name)
    globals()[name] = value  # later reads skip this hook
    return value


def __dir__() -> list[str]:
    """The public names and the subpackages imported so far (what tab completion should offer)."""
    submodules = {name for name, value in globals().items() if isinstance(value, _ModuleType)}
    return sorted(set(__all__) | {name for name in submodules if not name.startswith("_")})
