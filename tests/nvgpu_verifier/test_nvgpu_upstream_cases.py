"""MLIR's own nvgpu tests, run through dxlinalg: invalid.mlir's errors, roundtrip.mlir's valid ops, the seed's examples.

The .mlir files in tests/data/mlir_nvgpu/ are copies of upstream test cases (their headers say which).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dxlinalg.nvgpu import parse
from dxlinalg.nvgpu.parser import verify_diagnostics
from dxlinalg.nvgpu.types import ParseError
from dxlinalg.nvgpu.verifier import NvgpuVerifierError

DATA = Path(__file__).resolve().parents[1] / "data" / "mlir_nvgpu"
INVALID = (DATA / "invalid.mlir").read_text(encoding="utf-8")
ROUNDTRIP = (DATA / "roundtrip.mlir").read_text(encoding="utf-8")
SEED = (DATA / "seed_004_examples.mlir").read_text(encoding="utf-8")
EXPECTED = re.compile(r"expected-error @(?:\+1|below) \{\{(.*)\}\}")


def invalid_cases() -> list[tuple[str, str]]:
    """(chunk, expected-error text) for each `// -----` chunk of invalid.mlir."""
    cases = []
    for chunk in INVALID.split("// -----"):
        found = EXPECTED.findall(chunk)
        if found:
            assert len(found) == 1
            cases.append((chunk, found[0]))
    return cases


def test_every_invalid_mlir_case_gives_the_expected_error_on_the_annotated_line():
    assert verify_diagnostics(INVALID) == []


def test_the_copy_holds_every_case_of_the_six_operations():
    assert len(invalid_cases()) == 29


@pytest.mark.parametrize("chunk, expected", invalid_cases(),
                         ids=[re.search(r"@(\w+)", chunk).group(1) for chunk, _ in invalid_cases()])  # type: ignore
def test_each_invalid_case_raises_exactly_the_expected_text(chunk, expected):
    """The message is the annotation's text, or that text behind the `'nvgpu.<op>' op ` prefix the test omits."""
    with pytest.raises(NvgpuVerifierError) as caught:
        parse(chunk)
    prefix = f"'{caught.value.operation}' "
    assert str(caught.value) in (expected, prefix + expected, prefix + "op " + expected)


def test_a_wrong_expectation_is_caught():
    """The check bites: change one expected text and verify_diagnostics reports both sides."""
    broken = INVALID.replace("{{expected 128 warp-wide matrix B elements}}",
                             "{{expected 64 warp-wide matrix B elements}}")
    problems = verify_diagnostics(broken)
    assert len(problems) == 2
    assert "expected 64 warp-wide matrix B elements}} was not produced" in problems[0]
    assert "unexpected error: 'nvgpu.mma.sync' op expected 128 warp-wide matrix B elements" in problems[1]


def test_every_operation_of_roundtrip_mlir_parses_and_verifies():
    operations = parse(ROUNDTRIP)
    assert [op.name for op in operations] == [
        "nvgpu.ldmatrix", "nvgpu.mma.sync", "nvgpu.mma.sp.sync", "nvgpu.mma.sp.sync", "nvgpu.mma.sp.sync",
        "nvgpu.device_async_copy", "nvgpu.device_async_create_group", "nvgpu.device_async_wait"]
    assert verify_diagnostics(ROUNDTRIP) == []


def test_the_seed_examples_pass_except_its_mma_sp_sync():
    assert verify_diagnostics(SEED) == []
    chunks = SEED.split("// -----")
    failing = [chunk for chunk in chunks if "expected-error" in chunk]
    assert len(failing) == 1 and "nvgpu.mma.sp.sync" in failing[0]
    with pytest.raises(NvgpuVerifierError, match=r"^'nvgpu\.mma\.sp\.sync' op expected 256 warp-wide matrix B "
                                                 r"elements$"):
        parse(failing[0])
    for chunk in chunks:
        if chunk not in failing:
            parse(chunk)


def test_the_seed_mma_sp_example_passes_once_b_holds_k_times_n_elements():
    fixed = ("nvgpu.mma.sp.sync (%a, %b, %c) metadata (%meta) {mmaShape = [16, 8, 32]} :\n"
             "  (vector<4x2xf16>, vector<4x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>")
    assert parse(fixed)[0].name == "nvgpu.mma.sp.sync"


def test_the_whole_upstream_file_is_checked_as_one_input():
    """Chunks are independent: all 29 errors are found in one pass, none leaks into the next chunk."""
    errors = 0
    for chunk in INVALID.split("// -----"):
        try:
            parse(chunk)
        except (ParseError, NvgpuVerifierError):
            errors += 1
    assert errors == 29
