"""dxlinalg.nvgpu.parse: the six operations in MLIR's custom assembly form, the wrapping test syntax, and errors."""

from __future__ import annotations

import pytest

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.nvgpu import parse
from dxlinalg.nvgpu.parser import Operation, verify_diagnostics
from dxlinalg.nvgpu.types import (
    DEVICE_ASYNC_TOKEN,
    F16,
    I32,
    INDEX,
    ArrayAttr,
    FloatAttr,
    IntegerAttr,
    Location,
    ParseError,
    StringAttr,
    TypeAttr,
    UnitAttr,
    VectorType,
    parse_type,
)
from dxlinalg.nvgpu.verifier import NvgpuRule, NvgpuVerifierError


def only(text: str) -> Operation:
    operations = parse(text)
    assert len(operations) == 1
    return operations[0]


# -- what each operation reads into ----------------------------------------------------------------------------


def test_mma_sync_reads_operands_attributes_and_types():
    op = only("%d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 8], tf32Enabled} :\n"
              "  (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>")
    assert op.name == "nvgpu.mma.sync" and op.location == Location(1, 1)
    assert list(op.operands) == ["matrixA", "matrixB", "matrixC"]
    assert op.operands["matrixA"][0].name == "%a" and op.operands["matrixA"][0].type == parse_type("vector<4x1xf32>")
    assert op.results[0].name == "%d" and op.results[0].type == parse_type("vector<2x2xf32>")
    assert op.attributes["mmaShape"] == ArrayAttr(tuple(IntegerAttr(v) for v in (16, 8, 8)))
    assert op.attributes["tf32Enabled"] == UnitAttr()


def test_mma_sp_sync_reads_the_metadata_as_vector_of_two_i16():
    op = only("%d = nvgpu.mma.sp.sync(%a, %b, %c) metadata(%m) {mmaShape = [16, 8, 16], sparsitySelector = 1 : i32}"
              " : (vector<2x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>")
    assert op.operands["sparseMetadata"][0].type == parse_type("vector<2xi16>")
    assert op.attributes["sparsitySelector"] == IntegerAttr(1, I32)


def test_ldmatrix_reads_indices_as_index_values():
    op = only("%l = nvgpu.ldmatrix %sm[%x, %y] {numTiles = 4 : i32, transpose = false} : "
              "memref<?x?xf16, 3> -> vector<4x2xf16>")
    assert [value.name for value in op.operands["indices"]] == ["%x", "%y"]
    assert all(value.type == INDEX for value in op.operands["indices"])
    assert op.attributes["transpose"] == IntegerAttr(0, parse_type("i1"))  # BoolAttr is an i1 IntegerAttr


def test_device_async_copy_lists_operands_in_ods_order_dst_first():
    op = only("%t = nvgpu.device_async_copy %src[%i, %j], %dst[%k], 4, %n {bypassL1} : "
              "memref<4x5xf32> to memref<16xf32, 3>")
    assert list(op.operands) == ["dst", "dstIndices", "src", "srcIndices", "srcElements"]
    assert op.operands["dst"][0].name == "%dst" and op.operands["src"][0].name == "%src"
    assert [value.name for value in op.operands["srcIndices"]] == ["%i", "%j"]
    assert op.operands["srcElements"][0].type == INDEX
    assert op.attributes["dstElements"] == IntegerAttr(4, INDEX) and op.attributes["bypassL1"] == UnitAttr()
    assert op.results[0].type == DEVICE_ASYNC_TOKEN


def test_device_async_copy_of_a_rank_0_memref_has_empty_index_lists():
    op = only("%t = nvgpu.device_async_copy %src[], %dst[], 1 : memref<f32> to memref<f32, 3>")
    assert op.operands["srcIndices"] == () and op.operands["srcElements"] == ()


def test_create_group_and_wait_with_and_without_tokens():
    ops = parse("%g = nvgpu.device_async_create_group %t0, %t1\n"
                "%e = nvgpu.device_async_create_group\n"
                "%f = nvgpu.device_async_create_group {note = \"empty\"}\n"
                "nvgpu.device_async_wait %g {numGroups = 1 : i32}\n"
                "nvgpu.device_async_wait {numGroups = 0 : i32}\n"
                "nvgpu.device_async_wait")
    assert [len(op.operands.get("inputTokens", op.operands.get("asyncDependencies"))) for op in ops] == [
        2, 0, 0, 1, 0, 0]
    assert ops[2].attributes["note"] == StringAttr("empty")
    assert ops[3].attributes["numGroups"] == IntegerAttr(1, I32)


def test_an_operation_without_operands_does_not_swallow_the_next_statements_results():
    ops = parse("%a = nvgpu.device_async_create_group\n%b = nvgpu.device_async_create_group %a")
    assert [len(op.operands["inputTokens"]) for op in ops] == [0, 1]
    with pytest.raises(ParseError, match="operation defines 1 results but was provided 2 to bind"):
        parse("%a = nvgpu.device_async_create_group\n%b, %c = nvgpu.device_async_create_group %a")


def test_unnamed_results_and_unknown_attributes_are_kept():
    op = only("nvgpu.mma.sync(%a, %b, %c) {mmaShape = [16, 8, 16], note = 1.5 : f32, kind = f16, flags = [1, \"x\"]} "
              ": (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>")
    assert op.results[0].name is None and op.results[0].type == VectorType((2, 2), F16)
    assert op.attributes["note"] == FloatAttr(1.5, parse_type("f32"))
    assert op.attributes["kind"] == TypeAttr(F16)
    assert op.attributes["flags"] == ArrayAttr((IntegerAttr(1), StringAttr("x")))


# -- what surrounds them in MLIR's tests ------------------------------------------------------------------------


def test_functions_constants_returns_comments_and_split_markers():
    text = """// RUN: mlir-opt %s
func.func @f(%arg0: vector<4x2xf16>, %arg1: vector<2x2xf16> {some.attr}, %arg2: vector<2x2xf16>)
    -> vector<2x2xf16> attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index  // trailing comment
  %d = nvgpu.mma.sync(%arg0, %arg1, %arg2) {mmaShape = [16, 8, 16]} :
    (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
  return %d : vector<2x2xf16>
}
// -----
func.func private @g(i32) -> (i32, f32)
module {
  func.func @h(%arg0: memref<16xf32, 3>) {
    %c = arith.constant 0 : index
    %t = nvgpu.device_async_copy %arg0[%c], %arg0[%c], 4 : memref<16xf32, 3> to memref<16xf32, 3>
    return
  }
}
"""
    assert [op.name for op in parse(text)] == ["nvgpu.mma.sync", "nvgpu.device_async_copy"]


def test_ssa_names_are_scoped_per_chunk_and_per_function():
    parse("%x = nvgpu.device_async_create_group\n// -----\nnvgpu.ldmatrix %x[] {numTiles = 1 : i32, transpose = false}"
          " : memref<f16, 3> -> vector<1x2xf16>")
    parse("func.func @a(%x: index) { return }\nfunc.func @b(%x: memref<4xf32>) { return }")


def test_a_value_used_with_two_types_is_a_parse_error_at_the_use():
    text = ("func.func @f(%arg0: vector<4x4xf16>) {\n"
            "  %d = nvgpu.mma.sync (%arg0, %arg0, %arg0) {mmaShape = [16, 8, 16]} : "
            "(vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>\n  return\n}")
    with pytest.raises(ParseError) as caught:
        parse(text)
    assert caught.value.message == ("use of value '%arg0' expects different type than prior uses: 'vector<4x2xf16>' vs "
                                    "'vector<4x4xf16>'")
    assert caught.value.location == Location(2, 24)


def test_undeclared_values_take_the_type_of_their_first_use():
    """A pasted test line has no definitions: its operands are declared by their first use (MLIR would reject)."""
    ops = parse("%t = nvgpu.device_async_copy %s[%i], %d[%i], 4 : memref<4xf32> to memref<4xf32, 3>\n"
                "nvgpu.device_async_wait %t")
    assert ops[1].operands["asyncDependencies"][0].type == DEVICE_ASYNC_TOKEN
    with pytest.raises(ParseError, match="use of value '%i' expects different type"):
        parse("nvgpu.device_async_wait %i\n"
              "%t = nvgpu.device_async_copy %s[%i], %d[%i], 4 : memref<4xf32> to memref<4xf32, 3>")


@pytest.mark.parametrize("text, message, location", [
    (("%a, %b = nvgpu.mma.sync(%x, %y, %z) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, "
     "vector<2x2xf16>) -> vector<2x2xf16>"), "operation defines 1 results but was provided 2 to bind", (1, 1)),
    ("%w = nvgpu.device_async_wait %t", "operation defines 0 results but was provided 1 to bind", (1, 1)),
    ("%t = nvgpu.device_async_create_group\n%t = nvgpu.device_async_create_group", "redefinition of SSA value '%t'",
     (2, 1)),
    ("%t:2 = nvgpu.device_async_create_group", "result packs", (1, 3)),
    ("nvgpu.device_async_wait %t#1", "result numbers", (1, 27)),
    ("nvgpu.device_async_wait %a, %b", "takes one token, got 2", (1, 29)),
    ("\"nvgpu.mma.sync\"(%a, %b, %c)", "generic operation form", (1, 1)),
    ("  scf.for %i = %a to %b step %c {", "unsupported operation 'scf.for'", (1, 3)),
    ("nvgpu.mma.sync(%a, %b) {mmaShape = [16, 8, 16]}", "expected ',' between the operands", (1, 22)),
    ("nvgpu.mma.sync(%a, %b, %c) {mmaShape = [16, 8, 16] : (", "expected ',' or '}'", (1, 52)),
    ("nvgpu.mma.sync(%a, %b, %c) {mmaShape = [16, 8, 16], mmaShape = [1]}", "duplicate key 'mmaShape'", (1, 53)),
    ("nvgpu.ldmatrix %s[%i] {numTiles = 4294967296 : i32}", "integer constant out of range", (1, 35)),
    ("nvgpu.ldmatrix %s[%i] {numTiles = -1 : ui32}", "negative integer literal not valid for unsigned", (1, 35)),
    ("nvgpu.ldmatrix %s[%i] {numTiles = 1.5 : i32}", "floating point value not valid for specified type", (1, 41)),
    ("nvgpu.ldmatrix %s[%i] {numTiles = #foo}", "unsupported attribute value", (1, 35)),
    ("nvgpu.device_async_copy %s[%i], %d[%i], x : memref<4xf32> to memref<4xf32, 3>",
     "expected the number of destination elements", (1, 41)),
    ("nvgpu.device_async_copy %s[%i], %d[%i], 4 {dstElements = 4 : index} : memref<4xf32> to memref<4xf32, 3>",
     "may not also appear in the attribute dictionary", (1, 43)),
    ("nvgpu.device_async_copy %s[%i], %d[%i], 99999999999999999999 : memref<4xf32> to memref<4xf32, 3>",
     "integer constant out of range", (1, 41)),
    ("func.func @f() {\n  nvgpu.device_async_wait\n", "expected '}' to close the body of the func.func", (3, 1)),
    ("return", "may appear only inside a func.func body", (1, 1)),
    ("}", "unexpected '}'", (1, 1)),
    ("%c = arith.constant \"s\"", "only integer, float and boolean constants", (1, 24)),
    ("nvgpu.ldmatrix %s[%i] {numTiles = 4 : i32, transpose = false} : memref<4x4xf16, 3> -> vector<4x2xf16> junk",
     "unsupported operation 'junk'", (1, 103)),
])
def test_malformed_text_is_a_parse_error_with_line_and_column(text, message, location):
    with pytest.raises(ParseError, match=message.replace("(", r"\(").replace("[", r"\[")) as caught:
        parse(text)
    assert caught.value.location == Location(*location)
    assert str(caught.value).startswith(f"{location[0]}:{location[1]}: ")


def test_parse_takes_text():
    with pytest.raises(InvalidArgumentError, match="expected MLIR text"):
        parse(b"nvgpu.device_async_wait")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="expected MLIR text"):
        verify_diagnostics(None)  # type: ignore[arg-type]


# -- verification: when and where ---------------------------------------------------------------------------------


def test_attribute_constraints_are_checked_while_parsing_at_the_dictionary():
    """MLIR's generated parser checks inherent attributes (verifyInherentAttrs) before any op is verified, so a
    bad attribute in a later op wins over a verifier error in an earlier one; the location is the '{'."""
    text = ("nvgpu.device_async_copy %s[%i], %d[%i], 3 : memref<4xf32> to memref<4xf32, 3>\n"
            "nvgpu.device_async_wait %t {numGroups = 1}")
    with pytest.raises(NvgpuVerifierError) as caught:
        parse(text)
    assert str(caught.value) == ("'nvgpu.device_async_wait' op attribute 'numGroups' failed to satisfy constraint: "
                                 "32-bit signless integer attribute")
    assert caught.value.location == Location(2, 28) and caught.value.rule is NvgpuRule.ATTRIBUTE_CONSTRAINT


def test_attribute_constraints_of_each_op_while_parsing():
    cases = [
        ("nvgpu.mma.sync(%a, %b, %c) {mmaShape = [16 : i32, 8, 16]}", ("'nvgpu.mma.sync' op attribute 'mmaShape' "
         "failed to satisfy constraint: 64-bit integer array attribute")),
        ("nvgpu.mma.sync(%a, %b, %c) {mmaShape = [16, 8, 16], tf32Enabled = true}", ("'nvgpu.mma.sync' op attribute "
         "'tf32Enabled' failed to satisfy constraint: unit attribute")),
        ("nvgpu.mma.sp.sync(%a, %b, %c) metadata(%m) {mmaShape = [16, 8, 16], sparsitySelector = 1}",
         ("'nvgpu.mma.sp.sync' op attribute 'sparsitySelector' failed to satisfy constraint: 32-bit signless integer "
         "attribute")),
        ("nvgpu.ldmatrix %s[%i] {numTiles = 4, transpose = false}", ("'nvgpu.ldmatrix' op attribute 'numTiles' failed "
         "to satisfy constraint: 32-bit signless integer attribute")),
        ("nvgpu.ldmatrix %s[%i] {numTiles = 4 : i32, transpose = 0}", ("'nvgpu.ldmatrix' op attribute 'transpose' "
         "failed to satisfy constraint: bool attribute")),
        ("nvgpu.device_async_copy %s[%i], %d[%i], 4 {bypassL1 = true}", ("'nvgpu.device_async_copy' op attribute "
         "'bypassL1' failed to satisfy constraint: unit attribute")),
    ]
    for text, message in cases:
        with pytest.raises(NvgpuVerifierError) as caught:
            parse(text)
        assert str(caught.value) == message


def test_a_missing_required_attribute_is_found_by_the_verifier_at_the_operation():
    with pytest.raises(NvgpuVerifierError) as caught:
        parse("  %l = nvgpu.ldmatrix %sm[%x] {transpose = false} : memref<?x?xf16, 3> -> vector<4x2xf16>")
    assert str(caught.value) == "'nvgpu.ldmatrix' op requires attribute 'numTiles'"
    assert caught.value.location == Location(1, 3)


def test_a_syntax_error_anywhere_in_a_chunk_wins_over_a_verifier_error_before_it():
    text = ("nvgpu.device_async_copy %s[%i], %d[%i], 3 : memref<4xf32> to memref<4xf32, 3>\n"
            "nvgpu.device_async_wait %t {numGroups = }\n")
    with pytest.raises(ParseError):
        parse(text)
    with pytest.raises(NvgpuVerifierError, match="Requested copy elements is 3"):
        parse(text.replace("// -----", "").replace("{numGroups = }", ""))


def test_an_error_in_an_earlier_chunk_is_raised_first():
    text = ("nvgpu.device_async_copy %s[%i], %d[%i], 3 : memref<4xf32> to memref<4xf32, 3>\n// -----\n"
            "nvgpu.device_async_wait %t {numGroups = }\n")
    with pytest.raises(NvgpuVerifierError, match="Requested copy elements is 3"):
        parse(text)


def test_the_verifier_error_carries_the_operation_location():
    with pytest.raises(NvgpuVerifierError) as caught:
        parse("\n\n    %0 = nvgpu.device_async_copy %s[%i], %d[%i], 3 :\n memref<4xf32> to memref<4xf32, 3>")
    assert caught.value.location == Location(3, 5)
    assert str(caught.value) == "Requested copy elements is 3 with width 32. But copy elements could be one of 1, 2, 4."


# -- verify_diagnostics ----------------------------------------------------------------------------------------------

BAD_COPY = "nvgpu.device_async_copy %s[%i], %d[%i], 3 : memref<4xf32> to memref<4xf32, 3>"


def test_matching_expectations_pass():
    assert verify_diagnostics(f"// expected-error @+1 {{{{could be one of 1, 2, 4.}}}}\n{BAD_COPY}") == []
    assert verify_diagnostics(f"{BAD_COPY} // expected-error {{{{Requested copy}}}}") == []
    assert verify_diagnostics(f"// expected-error @below {{{{Requested}}}}\n{BAD_COPY}") == []
    stacked = f"// expected-error @below {{{{Requested}}}}\n// expected-error @below {{{{1, 2, 4.}}}}\n{BAD_COPY}"
    assert verify_diagnostics(stacked) == ["line 3: expected error {{1, 2, 4.}} was not produced"]  # one error
    assert verify_diagnostics(f"{BAD_COPY}\n// expected-error @above {{{{Requested}}}}") == []
    assert verify_diagnostics(f"{BAD_COPY}\n\n// expected-error@-2{{{{Requested}}}}") == []
    assert verify_diagnostics("nvgpu.device_async_wait\n// -----\nnvgpu.device_async_wait") == []


def test_mismatches_are_listed():
    assert verify_diagnostics(f"// expected-error @+1 {{{{could be one of 8}}}}\n{BAD_COPY}") == [
        "line 2: expected error {{could be one of 8}} was not produced",
        ("line 2: unexpected error: Requested copy elements is 3 with width 32. But copy elements could be one of "
        "1, 2, 4.")]
    assert verify_diagnostics(f"// expected-error @+2 {{{{Requested}}}}\n{BAD_COPY}") == [
        "line 3: expected error {{Requested}} was not produced",
        ("line 2: unexpected error: Requested copy elements is 3 with width 32. But copy elements could be one of "
        "1, 2, 4.")]
    assert verify_diagnostics("// expected-error @+1 {{anything}}\nnvgpu.device_async_wait") == [
        "line 2: expected error {{anything}} was not produced"]
    assert verify_diagnostics("nvgpu.device_async_wait // expected-note {{see}}") == [
        "line 1: expected note {{see}} was not produced (dxlinalg reports errors only)"]
    assert verify_diagnostics(f"{BAD_COPY} // expected-error-re {{{{Requested .*}}}}")[0] == (
        "line 1: expected-*-re (regular expression) annotations are not supported")
    assert verify_diagnostics(f"{BAD_COPY} // expected-error@#tag {{{{Requested}}}}")[0].startswith(
        "line 1: unsupported designator '@#tag'")
    assert verify_diagnostics("nvgpu.device_async_wait %a,") == [
        ("line 1: unexpected error: expected an SSA value after ',' as the token of nvgpu.device_async_wait, found "
        "end of input")]
