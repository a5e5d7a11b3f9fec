"""Deprecated: the samples' old top-level name. They are `dxlinalg.samples` now (docs/samples.md).

A top-level package named `shaders` collides with anything else of that name in site-packages, so the
samples moved under `dxlinalg`. For one release this package stays as an alias: `import shaders.X` and
`from shaders.X import Y` give the very module objects of `dxlinalg.samples.X` (no second copy, so
classes, isinstance and pickles agree), and each old name warns once, when it is first imported,
naming its new one. `python -m shaders.X` runs `dxlinalg.samples.X`. Removed in dxlinalg 0.3.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import warnings
from types import CodeType, ModuleType

OLD = "shaders"
NEW = "dxlinalg.samples"
REMOVED_IN = "0.3"


def new_name(old: str) -> str:
    """`shaders.X.Y` -> `dxlinalg.samples.X.Y`."""
    return NEW + old[len(OLD):]


def warn_renamed(old: str) -> None:
    """The one deprecation message, pointed at the importer's line (importlib's frames are skipped)."""
    warnings.warn(f"'{old}' is deprecated and will be removed in dxlinalg {REMOVED_IN}: "
                  f"use '{new_name(old)}' (the samples moved under dxlinalg; see docs/samples.md)",
                  DeprecationWarning, stacklevel=3)


class SampleAliasLoader(importlib.abc.Loader):
    """Loads `shaders.X` as the already imported `dxlinalg.samples.X` itself, not as a copy."""

    def __init__(self, alias: str, target: importlib.machinery.ModuleSpec) -> None:
        self.alias, self.target = alias, target

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        return importlib.import_module(self.target.name)

    def exec_module(self, module: ModuleType) -> None:
        # The import system gave the shared module the alias's spec; the module keeps its own.
        module.__spec__ = self.target
        warn_renamed(self.alias)

    def get_code(self, fullname: str) -> CodeType | None:
        """For `python -m shaders.X` (runpy runs the code object of the module it finds)."""
        warn_renamed(fullname)
        loader = self.target.loader
        return loader.get_code(self.target.name) if isinstance(loader, importlib.abc.InspectLoader) else None


class SampleAliasFinder(importlib.abc.MetaPathFinder):
    """Finds `shaders.X` wherever `dxlinalg.samples.X` exists, and nothing else."""

    def find_spec(self, fullname: str, path: object = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(OLD + "."):
            return None
        real = importlib.util.find_spec(new_name(fullname))
        if real is None:
            return None
        return importlib.util.spec_from_loader(fullname, SampleAliasLoader(fullname, real), origin=real.origin,
                                               is_package=real.submodule_search_locations is not None)


if not any(isinstance(finder, SampleAliasFinder) for finder in sys.meta_path):
    sys.meta_path.insert(0, SampleAliasFinder())

warnings.warn(f"the package '{OLD}' is deprecated and will be removed in dxlinalg {REMOVED_IN}: "
              f"use '{NEW}' (see docs/samples.md)", DeprecationWarning, stacklevel=2)
