"""The package's front door: the top-level names, `import dxlinalg` staying light, `python -m dxlinalg`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import dxlinalg
from dxlinalg.cli import main  # what the console script's entry point runs: sys.exit(main())
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.component_types import ComponentType, MatrixLayout
from dxlinalg.profile import model, registry

REPO = Path(__file__).resolve().parents[1]
ENV = dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]))


def python(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=ENV, timeout=120, check=False)


def test_the_names_users_look_for_first_import_from_the_top():
    from dxlinalg import DEFAULT_PROFILE, DeviceProfile, __version__, builtin_profile_names, load_profile
    from dxlinalg import ComponentType as TopComponentType
    from dxlinalg import MatrixLayout as TopMatrixLayout
    assert TopComponentType is ComponentType and TopMatrixLayout is MatrixLayout
    assert load_profile is registry.load_profile and DeviceProfile is model.DeviceProfile
    assert load_profile(DEFAULT_PROFILE).name == builtin_profile_names()[0] == "reference"
    assert isinstance(load_profile("minimal"), DeviceProfile)
    assert __version__.count(".") == 2


def test_all_lists_every_top_level_name_and_each_resolves():
    namespace: dict[str, object] = {}
    exec("from dxlinalg import *", namespace)  # noqa: S102
    assert sorted(name for name in namespace if name != "__builtins__") == sorted(dxlinalg.__all__)
    assert set(dxlinalg.__all__) <= set(dir(dxlinalg))
    assert {"ComponentType", "MatrixLayout", "load_profile", "__version__", "InvalidArgumentError"} <= set(
        dxlinalg.__all__)
    assert dxlinalg.InvalidArgumentError is InvalidArgumentError


def test_an_unknown_top_level_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'Matrixlayout'"):
        dxlinalg.Matrixlayout  # noqa: B018
    with pytest.raises(ImportError):
        exec("from dxlinalg import load_profiles", {})  # noqa: S102


def test_importing_the_package_loads_no_numerical_dependency():
    """The top-level names load on first use: `import dxlinalg` (and `--version`) pay for none of them."""
    probe = ("import sys, dxlinalg; heavy = ('numpy', 'pydantic', 'ml_dtypes');"
             "print(','.join(m for m in heavy if m in sys.modules));"
             "dxlinalg.ComponentType; print('numpy' in sys.modules)")
    result = python("-c", probe)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["", "True"]


@pytest.mark.parametrize("args", [
    ["--version"],
    [],
    ["features", "--profile", "minimal"],
    ["features", "--profile", "no-such-profile"],
    ["no-such-command"],
], ids=lambda args: " ".join(args) or "no arguments")
def test_python_dash_m_dxlinalg_is_the_console_script(args, capsys):
    """`python -m dxlinalg ARGS` (a real interpreter) says and exits what the console script's entry point,
    `sys.exit(dxlinalg.cli.main())`, does; the entry point runs in this process (an interpreter costs a second
    of imports, and its stdout, stderr and exit status are the ones it writes)."""
    as_module = python("-m", "dxlinalg", *args)
    try:
        code = main(args)
    except SystemExit as exit_info:         # what sys.exit(main()) exits with: argparse's exits, --version
        code = exit_info.code
    code = code or 0
    captured = capsys.readouterr()
    assert (as_module.returncode, as_module.stdout, as_module.stderr) == (code, captured.out, captured.err)
    assert as_module.returncode == (2 if "no-such" in " ".join(args) else 0), as_module.stderr


def test_the_compiled_shaders_are_installed_with_the_package():
    """`pip install .` (the README's first command) must carry the .spv modules the demo runs:
    every file under dxlinalg/samples/spirv/ that code reads is matched by a package-data pattern."""
    import fnmatch
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    patterns = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["dxlinalg.samples"]
    for module in (root / "dxlinalg" / "samples" / "spirv").glob("*.spv"):
        relative = module.relative_to(root / "dxlinalg" / "samples").as_posix()
        assert any(fnmatch.fnmatch(relative, pattern) for pattern in patterns), f"{relative} is not installed"


def test_the_only_top_level_shaders_package_is_the_deprecated_alias():
    """The samples install as dxlinalg.samples; `shaders` is the one-file alias kept until 0.3 (docs/samples.md),
    listed by its exact name so no `shaders.*` subpackage can ship again."""
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    include = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]["find"]["include"]
    assert "shaders" in include and not any(pattern.startswith("shaders") and pattern != "shaders" for pattern in include)
    assert sorted(path.name for path in (root / "shaders").iterdir() if path.name != "__pycache__") == ["__init__.py"]
