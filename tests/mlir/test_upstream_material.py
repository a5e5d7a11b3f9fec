"""Upstream MLIR's own nvgpu test files (tests/data/mlir/upstream/, copied with their source and license) as parser
and verifier material: every split of every file parses, and every `expected-error` case of NVGPU/invalid.mlir is
refused by `dxlinalg.mlir.prepare` with the message MLIR's verifier gives."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dxlinalg import mlir

UPSTREAM = Path(__file__).resolve().parents[1] / "data" / "mlir" / "upstream"
FILES = sorted(path.relative_to(UPSTREAM).as_posix() for path in UPSTREAM.rglob("*.mlir"))
EXPECTED_ERROR = re.compile(r"expected-error[^{]*\{\{(.*?)\}\}")
FUNCTION = re.compile(r"func\.func @([\w$.]+)")


def splits(path: str) -> list[str]:
    """The file's `-split-input-file` pieces, as mlir-opt cuts them."""
    return (UPSTREAM / path).read_text().split("// -----")


def invalid_cases() -> list[tuple[str, str, str]]:
    cases = []
    for piece in splits("NVGPU/invalid.mlir"):
        message, function = EXPECTED_ERROR.search(piece), FUNCTION.search(piece)
        assert message is not None and function is not None, piece
        cases.append((function.group(1), message.group(1), piece))
    return cases


def test_the_upstream_files_are_there() -> None:
    assert len(FILES) == 5 and "NVGPU/invalid.mlir" in FILES and len(invalid_cases()) == 28


@pytest.mark.parametrize("path", FILES)
def test_every_split_of_every_upstream_file_parses(path: str) -> None:
    for piece in splits(path):
        assert mlir.parse(piece) is not None


@pytest.mark.parametrize("function, message, piece", invalid_cases(), ids=[case[0] for case in invalid_cases()])
def test_every_invalid_case_is_refused_with_mlirs_message(function: str, message: str, piece: str) -> None:
    with pytest.raises(mlir.MlirError, match=re.escape(message)):
        mlir.prepare(piece, function)
