"""The deprecated top-level `shaders` package: an alias of dxlinalg.samples for one release (docs/samples.md).

Old imports must give the same module objects (so classes and isinstance agree), each old name must warn
once, at the importer's line, naming its new location, and `python -m shaders.X` must still run the sample.
"""

import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

import dxlinalg.samples.host_helpers
import dxlinalg.samples.mlp_model

REPO = Path(__file__).resolve().parents[2]


def forget_old_names() -> None:
    """Drop `shaders` and its aliases from sys.modules, so each test imports them afresh."""
    for name in [name for name in sys.modules if name == "shaders" or name.startswith("shaders.")]:
        del sys.modules[name]


@pytest.fixture
def fresh() -> Iterator[list[warnings.WarningMessage]]:
    forget_old_names()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield caught
    forget_old_names()


def messages(caught: list[warnings.WarningMessage]) -> list[str]:
    assert all(w.category is DeprecationWarning for w in caught), [w.category for w in caught]
    return [str(w.message) for w in caught]


def test_old_imports_give_the_new_module_objects_not_copies(fresh):
    import shaders.mlp_model
    from shaders.host_helpers import GpuContext
    from shaders import png

    assert shaders.mlp_model is dxlinalg.samples.mlp_model
    assert GpuContext is dxlinalg.samples.host_helpers.GpuContext
    assert png is sys.modules["dxlinalg.samples.png"] is sys.modules["shaders.png"]
    assert isinstance(shaders.mlp_model.random_weights(), dxlinalg.samples.mlp_model.MlpWeights)


def test_the_shared_module_keeps_its_own_name_and_spec(fresh):
    import shaders.mlp_model

    assert shaders.mlp_model.__name__ == "dxlinalg.samples.mlp_model"
    assert shaders.mlp_model.__spec__.name == "dxlinalg.samples.mlp_model"
    assert shaders.mlp_model.MlpWeights.__module__ == "dxlinalg.samples.mlp_model"   # pickles name the new home


def test_each_old_name_warns_once_naming_its_new_location(fresh):
    import shaders.mlp_model
    import shaders.mlp_model  # noqa: F811 (the second import is a sys.modules hit: no second warning)
    from shaders.mlp_model import MlpWeights  # noqa: F401

    assert messages(fresh) == [
        "the package 'shaders' is deprecated and will be removed in dxlinalg 0.3: use 'dxlinalg.samples' "
        "(see docs/samples.md)",
        "'shaders.mlp_model' is deprecated and will be removed in dxlinalg 0.3: use 'dxlinalg.samples.mlp_model' "
        "(the samples moved under dxlinalg; see docs/samples.md)"]


def test_the_warnings_point_at_the_importing_line_not_at_importlib(fresh):
    import shaders.png  # noqa: F401

    assert [Path(w.filename).name for w in fresh] == [Path(__file__).name] * 2


def test_an_old_name_with_no_new_module_is_not_found(fresh):
    with pytest.raises(ModuleNotFoundError, match="No module named 'shaders.no_such_sample'"):
        import shaders.no_such_sample  # noqa: F401


def test_python_dash_m_of_an_old_name_runs_the_sample():
    def run(module: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-W", "default::DeprecationWarning", "-m", module, "--help"],
                              cwd=REPO, capture_output=True, text=True, timeout=60)

    old, new = run("shaders.mlp_inference"), run("dxlinalg.samples.mlp_inference")
    assert (old.returncode, old.stdout) == (new.returncode, new.stdout) == (0, new.stdout)
    assert "usage: mlp_inference.py" in old.stdout
    assert "'shaders.mlp_inference' is deprecated" in old.stderr and "use 'dxlinalg.samples.mlp_inference'" in old.stderr
    assert "DeprecationWarning" not in new.stderr
