"""Running `dxlinalg convert` as the console script does, and the files it reads."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from dxlinalg.cli import main

Run = Callable[..., tuple[int, str, str]]


@pytest.fixture
def convert(capsys: pytest.CaptureFixture[str]) -> Run:
    """`convert(*args)` -> (exit code, stdout, stderr) of `dxlinalg convert ARGS`."""

    def run(*args: object) -> tuple[int, str, str]:
        code = main(["convert", *map(str, args)])
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    return run


@pytest.fixture
def weights(tmp_path: Path) -> Path:
    """A 20 x 12 float32 matrix in weights.npy."""
    path = tmp_path / "weights.npy"
    np.save(path, np.random.default_rng(7).normal(0, 1, (20, 12)).astype(np.float32))
    return path
