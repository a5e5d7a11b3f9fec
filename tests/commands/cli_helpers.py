"""What the console-script tests share: running `dxlinalg ARGS` in-process and the one-line error they expect."""

from __future__ import annotations

from pathlib import Path

import pytest

from dxlinalg.cli import main

REPO = Path(__file__).resolve().parents[2]
BASIC = REPO / "dxlinalg" / "samples" / "spirv" / "coopmat_basic.spv"     # A, B float16[256]; C float[256]; 32 invocations


def cli(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of `dxlinalg ARGS`; argparse's exits count as exit codes."""
    try:
        code = main([str(a) for a in args])
    except SystemExit as exit_info:
        code = int(exit_info.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def one_line_error(code: int, err: str, command: str = "spirv") -> str:
    assert code == 2 and err.count("\n") == 1 and err.startswith(f"dxlinalg {command}: error: "), err
    return err
