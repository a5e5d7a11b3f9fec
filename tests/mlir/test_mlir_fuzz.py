"""Malformed kernels never give an internal exception: every failure of parse, verify and lower is a dxlinalg error
(ParseError, MlirVerifyError, MlirUnsupportedError, ...) with a location."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg import mlir
from dxlinalg.errors import DxLinalgError

KERNELS = Path(__file__).parent / "kernels"
TEXTS = [(KERNELS / name).read_text() for name in ("tiled_matmul_f16.mlir", "async_copy_matmul_f16.mlir",
                                                   "tiled_matmul_f16_generic.mlir")]
TOKENS = ["%", "(", ")", "{", "}", "[", "]", "<", ">", ":", ",", "=", "->", "^bb1", "x", "0", "-1", "index", "f16",
          "vector<2xf32>", "memref<4xf32>", '"', "#gpu.address_space<workgroup>", "dense<", "array<i32:",
          "99999999999999999999", "@", "#", "!", "loc(", "0x7FC00000", "scf.yield", "gpu.barrier", "{a = 1}"]


@settings(max_examples=80, deadline=None)
@given(choice=st.integers(0, len(TEXTS) - 1),
       edits=st.lists(st.tuples(st.floats(0, 1, exclude_max=True), st.integers(0, 12), st.sampled_from(TOKENS + [""])),
                      min_size=1, max_size=3))
def test_a_mutated_kernel_fails_only_with_dxlinalg_errors(choice: int, edits: list[tuple[float, int, str]]) -> None:
    text = TEXTS[choice]
    for where, length, token in edits:
        start = int(where * len(text))
        text = text[:start] + token + text[start + length:]
    try:
        mlir.prepare(text, "matmul")
    except DxLinalgError as error:
        assert str(error)
