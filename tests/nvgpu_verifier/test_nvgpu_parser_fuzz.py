"""Malformed input never escapes as an internal exception: random mutations of valid lines raise only ParseError
or NvgpuVerifierError (or parse), and verify_diagnostics always answers with a list."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dxlinalg.nvgpu import parse
from dxlinalg.nvgpu.parser import verify_diagnostics
from dxlinalg.nvgpu.types import ParseError, parse_type
from dxlinalg.nvgpu.verifier import NvgpuVerifierError

VALID_LINES = [
    ("%d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, "
    "vector<2x2xf32>) -> vector<2x2xf32>"),
    ("%d = nvgpu.mma.sp.sync(%a, %b, %c) metadata(%m) {mmaShape = [16, 8, 32], sparsitySelector = 0 : i32} :\n"
    "  (vector<4x2xf16>, vector<4x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>"),
    ("%l = nvgpu.ldmatrix %sm[%x, %y] {numTiles = 4 : i32, transpose = false} : memref<?x?xf16, 3> -> "
    "vector<4x2xf16>"),
    ("%t = nvgpu.device_async_copy %src[%i, %j], %dst[%k, %l, %m], 4, %n {bypassL1} : "
    "memref<4x5xf32, strided<[5, 1], offset: ?>> to memref<2x7x5xf32, #gpu.address_space<workgroup>>"),
    ("nvgpu.device_async_copy %s[%i, %i], %d[%i, %i], 4 :\n"
    "  memref<200x100xf32, affine_map<(d0, d1)[s0] -> (200*d0 + d1 - s0 floordiv 4)>> to memref<200x100xf32, 3>"),
    "%g = nvgpu.device_async_create_group %t0, %t1\nnvgpu.device_async_wait %g {numGroups = 1 : i32}",
    ("func.func @f(%arg0: memref<16xf32, 3>) -> () {\n  %c0 = arith.constant 0 : index\n  return\n}\n// -----\n"
    "// expected-error @+1 {{something}}\nnvgpu.device_async_wait"),
]
ALPHABET = "%@#!<>[](){}=,:-?x*/ \n0123456789abcdefimnrstuv_.\"'"

mutation = st.one_of(
    st.tuples(st.just("delete"), st.integers(0, 400), st.integers(1, 8)),
    st.tuples(st.just("insert"), st.integers(0, 400), st.text(ALPHABET, min_size=1, max_size=6)),
    st.tuples(st.just("replace"), st.integers(0, 400), st.text(ALPHABET, min_size=1, max_size=3)),
    st.tuples(st.just("duplicate"), st.integers(0, 400), st.integers(1, 20)),
)


def mutate(text: str, edits: list[tuple]) -> str:
    for kind, position, argument in edits:
        position %= len(text) + 1
        if kind == "delete":
            text = text[:position] + text[position + argument:]
        elif kind == "insert":
            text = text[:position] + argument + text[position:]
        elif kind == "replace":
            text = text[:position] + argument + text[position + len(argument):]
        else:
            text = text[:position] + text[position:position + argument] + text[position:]
        if not text:
            text = " "
    return text


@settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VALID_LINES), st.lists(mutation, min_size=1, max_size=4))
def test_mutated_lines_raise_only_the_documented_errors(line, edits):
    text = mutate(line, edits)
    try:
        parse(text)
    except (ParseError, NvgpuVerifierError) as error:
        assert str(error)
    assert isinstance(verify_diagnostics(text), list)


@settings(max_examples=200, deadline=None)
@given(st.text(ALPHABET, max_size=60))
def test_random_text_raises_only_the_documented_errors(text):
    for reader in (parse, parse_type):
        try:
            reader(text)
        except (ParseError, NvgpuVerifierError):
            pass


def test_the_unmutated_lines_parse():
    for line in VALID_LINES:
        parse(line.split("// expected-error")[0])
