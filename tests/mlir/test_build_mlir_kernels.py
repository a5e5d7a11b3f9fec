"""tools/build_mlir_kernels.py rebuilds committed kernels byte for byte (only where IREE, the `mlir` extra, is
installed: CI's environment has only the `test` extra, so there it skips). One IREE kernel and one upstream-form
kernel keep the test at a few seconds; `python tools/build_mlir_kernels.py --check` checks them all (a minute)."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

pytest.importorskip("iree.compiler", reason="iree-base-compiler (the mlir extra) is not installed")

ROOT = Path(__file__).resolve().parents[2]
TOOLS = Path(sys.executable).parent


def build_tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("build_mlir_kernels", ROOT / "tools" / "build_mlir_kernels.py")
    module = importlib.util.module_from_spec(spec)   # type: ignore[arg-type]
    sys.modules[spec.name] = module                   # dataclasses look their module up there
    spec.loader.exec_module(module)   # type: ignore[union-attr]
    return module


@pytest.fixture(autouse=True)
def _tools_on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    if shutil.which("iree-compile") is None:
        monkeypatch.setenv("PATH", f"{TOOLS}:{__import__('os').environ.get('PATH', '')}")


@pytest.mark.parametrize("kernel", ["matmul_i8_128", "ldmatrix_async_matmul_f16_64_gpu_module"])
def test_a_rebuild_gives_the_committed_files(kernel: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert build_tool().main(["--check", "--only", kernel]) == 0, capsys.readouterr().out


def test_only_needs_check_and_a_known_kernel() -> None:
    with pytest.raises(SystemExit):
        build_tool().main(["--only", "matmul_i8_128"])
    with pytest.raises(SystemExit):
        build_tool().main(["--check", "--only", "no_such_kernel"])
