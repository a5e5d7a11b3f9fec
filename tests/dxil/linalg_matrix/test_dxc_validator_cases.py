"""DXC's LinAlg validator tests, transcribed: each call of `tools/clang/test/LitDXILValidation/LinAlgMatrix/*.ll`
(microsoft/DirectXShaderCompiler 9a3e225d) with the errors its CHECK lines expect, in order; calls the tests
accept give no finding. Operands: types by their mangling, immediates as ints, computed values as None."""

from __future__ import annotations

import pytest

from dxlinalg.dxil.linalg_matrix import rules
from dxlinalg.dxil.linalg_matrix.rules import MISSING_METADATA, SRV_BAB, UAV_BAB, UNDEF, Vector
from dxlinalg.dxil.linalg_matrix.types import parse_mangling

STRUCTURED = "StructuredBuffer"


def T(mangling: str):  # noqa: N802
    return parse_mangling(mangling)


F8 = Vector(8, "float")
F4 = Vector(4, "float")
F2 = Vector(2, "float")
I4 = Vector(4, "i32")

CASES = [
    # linalgmatrix-matrixloadfromdescriptor.ll
    ("loadfromdescriptor", rules.validate_load_from_descriptor(T("C8M4N4U2S2"), SRV_BAB, 0, 0, 4, 128),
     ["Return matrix with scope 'ThreadGroup' requires layout RowMajor or ColumnMajor for "
      "LinAlgMatrixLoadFromDescriptor."]),
    ("loadfromdescriptor", rules.validate_load_from_descriptor(T("C8M4N4U2S0"), SRV_BAB, 0, 4, 4, 128),
     ["LinAlgMatrixLoadFromDescriptor with layout 'OuterProductOptimal' requires stride 0."]),
    ("loadfromdescriptor", rules.validate_load_from_descriptor(T("C8M8N8U2S0"), SRV_BAB, 0, 0, None, 128),
     ["Layout of LinAlgMatrixLoadFromDescriptor must be an immediate constant."]),
    ("loadfromdescriptor", rules.validate_load_from_descriptor(T("C8M16N16U2S0"), SRV_BAB, 0, None, 4, 128),
     ["Stride of LinAlgMatrixLoadFromDescriptor must be an immediate constant."]),
    ("loadfromdescriptor", rules.validate_load_from_descriptor(T("C8M4N8U2S0"), SRV_BAB, 0, None, 0, 128), []),
    ("loadfromdescriptor", rules.validate_load_from_descriptor(T("C8M4N8U2S0"), SRV_BAB, 0, 0, 0, 215),
     ["parameter 'Align' must be a multiple of 128, got 215"]),
    ("loadfromdescriptor", rules.validate_load_from_descriptor(T("C8M16N16U0S0"), UAV_BAB, 0, 0, 0, 128),
     ["Loading matrix with Thread scope requires ByteAddressBuffer."]),
    ("loadfromdescriptor", rules.validate_load_from_descriptor(T("C8M8N8U0S0"), SRV_BAB, 0, 0, 0, None),
     ["Align of LinAlgMatrixLoadFromDescriptor must be an immediate constant."]),
    ("loadfromdescriptor", rules.validate_load_from_descriptor(T("C8M8N4U0S0"), STRUCTURED, 0, 0, 0, 128),
     ["Loading matrix with Thread scope requires ByteAddressBuffer."]),
    ("loadfromdescriptor", rules.validate_load_from_descriptor(T("C8M16N8U0S0"), SRV_BAB, 0, 0, 0, 0),
     ["parameter 'Align' must be greater than 0, got 0"]),
    # linalgmatrix-max-k-dim.ll
    ("max-k-dim", rules.validate_load_from_descriptor(T("C8M1025N1025U2S0"), SRV_BAB, 0, 0, 0, 128), []),
    ("max-k-dim", rules.validate_load_from_descriptor(None, SRV_BAB, 0, 0, 0, 128),
     ["Return matrix must have well-formed metadata."]),
    ("max-k-dim", rules.validate_load_from_descriptor(T("C8M129N16U0S0"), SRV_BAB, 0, 0, 0, 128), []),
    ("max-k-dim", rules.validate_load_from_descriptor(T("C8M16N129U0S0"), SRV_BAB, 0, 0, 0, 128),
     ["Return matrix K dimension out of bounds. K=129 must be >= 4 and <= 128."]),
    ("max-k-dim", rules.validate_load_from_descriptor(T("C8M3N16U0S0"), SRV_BAB, 0, 0, 0, 128), []),
    ("max-k-dim", rules.validate_load_from_descriptor(T("C8M16N3U0S0"), SRV_BAB, 0, 0, 0, 128),
     ["Return matrix K dimension out of bounds. K=3 must be >= 4 and <= 128."]),
    ("max-k-dim", rules.validate_load_from_descriptor(T("C8M129N16U1S0"), SRV_BAB, 0, 0, 0, 128),
     ["Return matrix K dimension out of bounds. K=129 must be >= 4 and <= 128."]),
    ("max-k-dim", rules.validate_load_from_descriptor(T("C8M16N129U1S0"), SRV_BAB, 0, 0, 0, 128), []),
    ("max-k-dim", rules.validate_load_from_descriptor(T("C8M3N16U1S0"), SRV_BAB, 0, 0, 0, 128),
     ["Return matrix K dimension out of bounds. K=3 must be >= 4 and <= 128."]),
    ("max-k-dim", rules.validate_load_from_descriptor(T("C8M16N3U1S0"), SRV_BAB, 0, 0, 0, 128), []),
    ("max-k-dim", rules.validate_load_from_descriptor(T("C8M1025N16U0S2"), SRV_BAB, 0, 0, 0, 128), []),
    ("max-k-dim", rules.validate_load_from_descriptor(T("C8M16N1025U0S2"), SRV_BAB, 0, 0, 0, 128),
     ["Return matrix K dimension out of bounds. K=1025 must be >= 1 and <= 1024."]),
    ("max-k-dim", rules.validate_load_from_descriptor(T("C8M16N0U0S2"), SRV_BAB, 0, 0, 0, 128),
     ["Return matrix K dimension out of bounds. K=0 must be >= 1 and <= 1024."]),
    ("max-k-dim", rules.validate_load_from_descriptor(T("C8M128N128U0S0"), SRV_BAB, 0, 0, 0, 128), []),
    ("max-k-dim", rules.validate_load_from_descriptor(T("C8M1024N1024U1S2"), SRV_BAB, 0, 0, 0, 128), []),
    # linalgmatrix-illegal-component-type.ll
    ("illegal-component-type", rules.validate_load_from_descriptor(T("C0M16N16U0S0"), SRV_BAB, 0, 0, 0, 128),
     ["Component type 'Invalid' from return matrix not allowed in LinAlg Matrix operations."]),
    # linalgmatrix-copyconvert.ll
    ("copyconvert", rules.validate_copy_convert(T("C4M8N4U1S2"), T("C2M5N4U1S2"), 0),
     ["Destination matrix dimension '8x4' must match source matrix dimension '5x4'."]),
    ("copyconvert", rules.validate_copy_convert(T("C4M5N8U1S2"), T("C2M5N4U1S2"), 0),
     ["Destination matrix dimension '5x8' must match source matrix dimension '5x4'."]),
    ("copyconvert", rules.validate_copy_convert(T("C4M5N4U1S2"), T("C2M5N4U1S2"), 1),
     ["Destination matrix dimension '5x4' must match source matrix dimension '4x5'."]),
    ("copyconvert", rules.validate_copy_convert(T("C2M4N5U1S1"), T("C2M5N4U1S2"), 1),
     ["Destination matrix scope 'Wave' must match source matrix scope 'ThreadGroup'."]),
    ("copyconvert", rules.validate_copy_convert(T("C2M4N5U1S0"), T("C2M4N5U1S0"), 0),
     ["Destination matrix scope 'Thread' does not match expected scope Wave or ThreadGroup.",
      "Source matrix scope 'Thread' does not match expected scope Wave or ThreadGroup."]),
    # linalgmatrix-matrixaccumulate.ll
    ("matrixaccumulate", rules.validate_accumulate(T("C8M4N4U2S2"), T("C8M4N4U0S2"), T("C8M4N4U0S2")),
     ["Return matrix 'dx.types.LinAlgMatrixC8M4N4U2S2' must exactly match arg 1 matrix "
      "'dx.types.LinAlgMatrixC8M4N4U0S2'."]),
    ("matrixaccumulate", rules.validate_accumulate(T("C8M4N4U0S2"), T("C8M4N4U0S2"), T("C8M4N4U0S2")),
     ["Return matrix use 'A' does not match expected use Accumulator."]),
    ("matrixaccumulate", rules.validate_accumulate(T("C8M4N4U2S2"), T("C8M4N4U2S2"), T("C8M4N4U2S2")),
     ["Arg 2 matrix use 'Accumulator' does not match expected use A or B."]),
    ("matrixaccumulate", rules.validate_accumulate(T("C8M4N4U2S2"), T("C8M4N4U2S2"), T("C8M4N4U1S1")),
     ["Return matrix scope 'ThreadGroup' must match Arg 2 matrix scope 'Wave'."]),
    ("matrixaccumulate", rules.validate_accumulate(T("C8M4N4U2S0"), T("C8M4N4U2S0"), T("C8M4N4U1S0")),
     ["Arg 2 matrix scope 'Thread' does not match expected scope Wave or ThreadGroup.",
      "Return matrix scope 'Thread' does not match expected scope Wave or ThreadGroup."]),
    ("matrixaccumulate", rules.validate_accumulate(T("C8M4N4U2S2"), T("C8M4N4U2S2"), T("C8M8N8U0S2")),
     ["Arg 2 matrix dimension '8x8' must match return matrix dimension '4x4'."]),
    # linalgmatrix-matrixaccumulatetodescriptor.ll
    ("accumulatetodescriptor", rules.validate_accumulate_to_descriptor(T("C8M4N4U2S0"), UAV_BAB, 0, 0, None, 128),
     ["Layout of LinAlgMatrixAccumulateToDescriptor must be an immediate constant."]),
    ("accumulatetodescriptor", rules.validate_accumulate_to_descriptor(T("C8M4N4U2S0"), UAV_BAB, 0, 0, 0, 128),
     ["Input matrix with scope 'Thread' requires layout OuterProductOptimal or OuterProductOptimalTranspose for "
      "LinAlgMatrixAccumulateToDescriptor."]),
    ("accumulatetodescriptor", rules.validate_accumulate_to_descriptor(T("C8M4N4U2S0"), UAV_BAB, 0, None, 4, 128),
     ["Stride of LinAlgMatrixAccumulateToDescriptor must be an immediate constant."]),
    ("accumulatetodescriptor", rules.validate_accumulate_to_descriptor(T("C8M4N4U2S0"), SRV_BAB, 0, 0, 4, 128),
     ["LinAlgMatrixAccumulateToDescriptor requires RWByteAddressBuffer."]),
    ("accumulatetodescriptor", rules.validate_accumulate_to_descriptor(T("C8M4N4U2S0"), UAV_BAB, 0, 0, 4, None),
     ["Align of LinAlgMatrixAccumulateToDescriptor must be an immediate constant."]),
    ("accumulatetodescriptor", rules.validate_accumulate_to_descriptor(T("C8M4N4U2S0"), UAV_BAB, 0, 0, 4, 0),
     ["parameter 'Align' must be greater than 0, got 0"]),
    ("accumulatetodescriptor", rules.validate_accumulate_to_descriptor(T("C8M4N4U2S0"), UAV_BAB, 0, 0, 4, 215),
     ["parameter 'Align' must be a multiple of 128, got 215"]),
    ("accumulatetodescriptor", rules.validate_accumulate_to_descriptor(T("C8M4N4U2S0"), UAV_BAB, 0, 1, 4, 128),
     ["LinAlgMatrixAccumulateToDescriptor with layout 'OuterProductOptimal' requires stride 0."]),
    ("accumulatetodescriptor", rules.validate_accumulate_to_descriptor(T("C8M4N4U2S1"), UAV_BAB, 0, 0, 3, 256),
     ["Input matrix with scope 'Wave' requires layout RowMajor or ColumnMajor for "
      "LinAlgMatrixAccumulateToDescriptor."]),
    ("accumulatetodescriptor", rules.validate_accumulate_to_descriptor(T("C8M4N4U0S0"), UAV_BAB, 0, 0, 4, 128),
     ["Input matrix use 'A' does not match expected use Accumulator."]),
    # linalgmatrix-matrixmultiply.ll
    ("matrixmultiply", rules.validate_multiply(T("C8M8N8U2S2"), T("C8M8N8U1S2"), T("C8M8N8U1S2")),
     ["A matrix use 'B' does not match expected use A."]),
    ("matrixmultiply", rules.validate_multiply(T("C8M8N8U2S2"), T("C8M8N8U0S2"), T("C8M8N8U2S2")),
     ["B matrix use 'Accumulator' does not match expected use B."]),
    ("matrixmultiply", rules.validate_multiply(T("C8M8N8U0S2"), T("C8M8N8U0S2"), T("C8M8N8U1S2")),
     ["Return matrix use 'A' does not match expected use Accumulator."]),
    ("matrixmultiply", rules.validate_multiply(T("C8M8N8U2S2"), T("C8M8N8U0S0"), T("C8M8N8U1S2")),
     ["A matrix scope 'Thread' does not match expected scope Wave or ThreadGroup.",
      "Matrix scope must be the same for all matrices. A 'Thread', B 'ThreadGroup', Return 'ThreadGroup'."]),
    ("matrixmultiply", rules.validate_multiply(T("C8M8N8U2S2"), T("C8M8N8U0S2"), T("C8M8N8U1S0")),
     ["B matrix scope 'Thread' does not match expected scope Wave or ThreadGroup.",
      "Matrix scope must be the same for all matrices. A 'ThreadGroup', B 'Thread', Return 'ThreadGroup'."]),
    ("matrixmultiply", rules.validate_multiply(T("C8M8N8U2S0"), T("C8M8N8U0S0"), T("C8M8N8U1S0")),
     ["A matrix scope 'Thread' does not match expected scope Wave or ThreadGroup.",
      "B matrix scope 'Thread' does not match expected scope Wave or ThreadGroup.",
      "Return matrix scope 'Thread' does not match expected scope Wave or ThreadGroup."]),
    ("matrixmultiply", rules.validate_multiply(T("C8M8N8U2S2"), T("C8M8N8U0S2"), T("C8M6N8U1S2")),
     ["K dim of A matrix '8x8' must match K dim of B matrix '6x8'. 8 != 6."]),
    ("matrixmultiply", rules.validate_multiply(T("C8M8N6U2S2"), T("C8M8N8U0S2"), T("C8M8N8U1S2")),
     ["Return matrix dimension '8x6' must match A.MxB.N '8x8'."]),
    # linalgmatrix-matrixmultiplyaccumulate.ll
    ("matrixmultiplyaccumulate",
     rules.validate_multiply(T("C8M8N8U2S2"), T("C8M8N8U0S2"), T("C8M8N8U1S2"), T("C8M8N8U2S2")), []),
    ("matrixmultiplyaccumulate",
     rules.validate_multiply(T("C8M8N8U2S2"), T("C8M8N8U1S2"), T("C8M8N8U1S2"), T("C8M8N8U2S2")),
     ["A matrix use 'B' does not match expected use A."]),
    ("matrixmultiplyaccumulate",
     rules.validate_multiply(T("C8M8N8U2S2"), T("C8M8N8U0S2"), T("C8M8N8U1S2"), T("C8M8N8U0S2")),
     ["C matrix use 'A' does not match expected use Accumulator."]),
    ("matrixmultiplyaccumulate",
     rules.validate_multiply(T("C8M8N8U2S2"), T("C8M8N8U0S2"), T("C8M8N8U1S2"), T("C8M8N8U2S0")),
     ["C matrix scope 'Thread' does not match expected scope Wave or ThreadGroup.",
      "Matrix scope must be the same for all matrices. A 'ThreadGroup', B 'ThreadGroup', C 'Thread', "
      "Return 'ThreadGroup'."]),
    ("matrixmultiplyaccumulate",
     rules.validate_multiply(T("C8M8N8U2S2"), T("C8M8N6U0S2"), T("C8M8N8U1S2"), T("C8M8N8U2S2")),
     ["K dim of A matrix '8x6' must match K dim of B matrix '8x8'. 6 != 8."]),
    ("matrixmultiplyaccumulate",
     rules.validate_multiply(T("C8M8N8U2S2"), T("C8M8N8U0S2"), T("C8M8N8U1S2"), T("C8M8N6U2S2")),
     ["C matrix dimension '8x6' must match A.MxB.N '8x8'."]),
    # linalgmatrix-matrixstoretodescriptor.ll
    ("storetodescriptor", rules.validate_store_to_descriptor(T("C8M4N4U0S1"), UAV_BAB, 0, 0, 4, 256),
     ["LinAlgMatrixStoreToDescriptor requires layout RowMajor or ColumnMajor."]),
    ("storetodescriptor", rules.validate_store_to_descriptor(T("C8M4N4U0S1"), SRV_BAB, 0, 0, 0, 128),
     ["LinAlgMatrixStoreToDescriptor requires RWByteAddressBuffer."]),
    ("storetodescriptor", rules.validate_store_to_descriptor(T("C8M4N4U0S1"), UAV_BAB, 0, 0, 0, 296),
     ["parameter 'Align' must be a multiple of 128, got 296"]),
    ("storetodescriptor", rules.validate_store_to_descriptor(T("C8M4N4U0S1"), UAV_BAB, 0, 0, 0, 0),
     ["parameter 'Align' must be greater than 0, got 0"]),
    ("storetodescriptor", rules.validate_store_to_descriptor(T("C8M4N4U0S1"), UAV_BAB, 0, 0, 0, None),
     ["Align of LinAlgMatrixStoreToDescriptor must be an immediate constant."]),
    ("storetodescriptor", rules.validate_store_to_descriptor(T("C8M4N4U0S1"), UAV_BAB, 0, 0, None, 256),
     ["Layout of LinAlgMatrixStoreToDescriptor must be an immediate constant."]),
    ("storetodescriptor", rules.validate_store_to_descriptor(T("C8M4N4U2S0"), UAV_BAB, 0, 0, 0, 128),
     ["Input matrix scope 'Thread' does not match expected scope Wave or ThreadGroup."]),
    # linalgmatrix-matvecmul.ll
    ("matvecmul", rules.validate_matvecmul(F4, T("C9M4N32U0S0"), 1, F8, 1),
     ["Component type 'I1' from InputInterp not allowed in LinAlg Matrix operations."]),
    ("matvecmul", rules.validate_matvecmul(F4, T("C9M4N8U0S2"), 1, F8, 9),
     ["Input matrix scope 'ThreadGroup' does not match expected scope Thread."]),
    ("matvecmul", rules.validate_matvecmul(F4, T("C9M4N8U1S0"), 1, F8, 9),
     ["Input matrix use 'B' does not match expected use A."]),
    ("matvecmul", rules.validate_matvecmul(F4, T("C9M4N8U0S0"), 1, F4, 9),
     ["Input vector size '4' must be 8 for input matrix with K '8' and Type 'F32'"]),
    ("matvecmul", rules.validate_matvecmul(F4, T("C21M4N8U0S0"), 1, F8, 21),
     ["Input vector size '8' must be 2 for input matrix with K '8' and Type 'F8_E4M3FN'"]),
    ("matvecmul", rules.validate_matvecmul(F2, T("C9M4N8U0S0"), 1, F8, 9),
     ["Output vector size '2' must match input matrix M dimension '4'"]),
    ("matvecmul", rules.validate_matvecmul(F4, T("C9M4N8U0S0"), 0, F8, 9),
     ["Float-like type 'float' must be signed"]),
    # linalgmatrix-matvecmuladd.ll
    ("matvecmuladd", rules.validate_matvecmuladd(F4, T("C9M4N32U0S0"), 1, F8, 1, F4),
     ["Component type 'I1' from InputInterp not allowed in LinAlg Matrix operations."]),
    ("matvecmuladd", rules.validate_matvecmuladd(F4, T("C9M4N8U0S0"), 1, F4, 9, F4),
     ["Input vector size '4' must be 8 for input matrix with K '8' and Type 'F32'"]),
    ("matvecmuladd", rules.validate_matvecmuladd(F2, T("C9M4N8U0S0"), 1, F8, 9, F2),
     ["Output vector size '2' must match input matrix M dimension '4'",
      "Bias vector size '2' must match input matrix M dimension '4'"]),
    ("matvecmuladd", rules.validate_matvecmuladd(F4, T("C9M4N8U0S0"), 0, F8, 9, F4),
     ["Float-like type 'float' must be signed"]),
    ("matvecmuladd", rules.validate_matvecmuladd(F4, T("C9M4N8U0S0"), 1, F8, 9, I4),
     ["Output vector element type 'float' must match bias vector element type 'i32'"]),
    # linalgmatrix-non-thread-ops.ll
    ("non-thread-ops", rules.validate_fill(T("C8M4N4U2S0"), 1),
     ["Return matrix scope 'Thread' does not match expected scope Wave or ThreadGroup."]),
    ("non-thread-ops", rules.validate_get_element(T("C8M4N4U2S0"), 1),
     ["Input matrix scope 'Thread' does not match expected scope Wave or ThreadGroup."]),
    ("non-thread-ops", rules.validate_set_element(T("C8M4N4U2S0"), T("C8M4N4U2S0"), 1, 2.0),
     ["Input matrix scope 'Thread' does not match expected scope Wave or ThreadGroup.",
      "Return matrix scope 'Thread' does not match expected scope Wave or ThreadGroup."]),
    ("non-thread-ops", rules.validate_get_coordinate(T("C8M4N4U2S0"), 0),
     ["Input matrix scope 'Thread' does not match expected scope Wave or ThreadGroup."]),
    ("non-thread-ops", rules.validate_length(T("C8M4N4U2S0")),
     ["Input matrix scope 'Thread' does not match expected scope Wave or ThreadGroup."]),
    # linalgmatrix-undef-param.ll (the matrix type has metadata there; only the undef operand is reported)
    ("undef-param", rules.validate_generic(UNDEF), ["Instructions should not read uninitialized value."]),
    ("undef-param", rules.validate_length(UNDEF), ["Instructions should not read uninitialized value."]),
    # linalgmatrix-stage-*.ll: the compute-only opcodes in a vertex shader
    ("stage-vs", rules.validate_stage("LinAlgMatrixAccumulate", "vs_6_10"),
     ["Opcode LinAlgMatrixAccumulate not valid in shader model vs_6_10."]),
    ("stage-vs", rules.validate_stage("LinAlgMatrixLoadFromMemory", "vs_6_10"),
     ["Opcode LinAlgMatrixLoadFromMemory not valid in shader model vs_6_10."]),
    ("stage-vs", rules.validate_stage("LinAlgMatVecMul", "vs_6_10"), []),
    ("stage-cs", rules.validate_stage("LinAlgMatrixMultiply", "cs_6_10"), []),
]


@pytest.mark.parametrize(("source", "found", "expected"), CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_dxc_validator_case(source, found, expected):
    assert [d.message for d in found] == expected


def test_every_finding_names_dxcs_rule():
    names = {d.rule for _, found, _ in CASES for d in found}
    assert names == {
        "Instr.LinAlgMatrixScopeReqLayout2", "Instr.LinAlgMatrixLayoutReqStride", "Instr.OpConst",
        "Instr.ParamMultiple", "Instr.ParamMinimumValue", "Instr.LinAlgMatrixLoadThreadRequiresBAB",
        "Instr.LinAlgMetadataMissing", "Instr.LinAlgIllegalKDim", "Instr.LinAlgIllegalComponentType",
        "Instr.LinAlgMatrix2PartsMustMatch", "Instr.LinAlgMatrixScopeMismatch2", "Instr.LinAlgMatrixNotExactMatch",
        "Instr.LinAlgMatrixUseMismatch", "Instr.LinAlgMatrixUseMismatch2", "Instr.LinAlgMatrixRequiresRWBAB",
        "Instr.LinAlgMatrixScopeMustMatch3", "Instr.LinAlgMatrixScopeMustMatch4",
        "Instr.LinAlgMatrixMatrixKDimMustMatch", "Instr.LinAlgMatrixMatrixResDimMustMatch",
        "Instr.LinAlgMatrixRequiresLayout2", "Instr.LinAlgMatrixScopeMismatch", "Instr.LinAlgMatrixDimKVecKMismatch",
        "Instr.LinAlgMatrixDimVectorMismatch", "Instr.LinAlgMatrixUnsignedFloatTypeNotAllowed",
        "Instr.LinAlgMatrixOutputBiasVecMismatch", "Instr.NoReadingUninitialized", "Sm.Opcode"}


def test_a_parameter_matrix_gets_the_k_and_component_checks_with_its_argument_number():
    found = rules.validate_multiply(parse_mangling("C9M8N8U2S1"), parse_mangling("C9M8N200U0S1"),
                                    parse_mangling("C1M200N8U1S1"))
    assert [d.message for d in found][:3] == [
        "Arg 1 matrix K dimension out of bounds. K=200 must be >= 4 and <= 128.",
        "Arg 2 matrix K dimension out of bounds. K=200 must be >= 4 and <= 128.",
        "Component type 'I1' from arg 2 matrix not allowed in LinAlg Matrix operations."]
    assert [d.message for d in rules.validate_length(MISSING_METADATA)] == [
        "Arg 1 matrix must have well-formed metadata."]


def test_raise_if_cites_every_rule():
    with pytest.raises(rules.LinAlgValidationError, match=r"\(DXIL validation Instr.LinAlgMatrixUseMismatch\)") as info:
        rules.raise_if("linAlgMatrixMultiply", rules.validate_multiply(
            parse_mangling("C9M8N8U0S1"), parse_mangling("C9M8N8U0S1"), parse_mangling("C9M8N8U1S1")))
    assert len(info.value.diagnostics) == 1
