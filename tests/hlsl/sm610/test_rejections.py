"""Every bad-input rule of the SM 6.10 surface fails with its specific exception naming the rule."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.dxil import linalg_matrix as dxil
from dxlinalg.dxil.linalg_matrix.rules import LinAlgValidationError
from dxlinalg.dxil.linalg_matrix.types import MatrixType
from dxlinalg.errors import InvalidArgumentError, UnsupportedError
from dxlinalg.gpu import run_dispatch
from dxlinalg.hlsl import ByteAddressBuffer, RWByteAddressBuffer, compute_shader, float16_t, float32_t, groupshared
from dxlinalg.hlsl import sm610 as linalg
from dxlinalg.profile.registry import load_profile

C, U, S, L = linalg.ComponentType, linalg.MatrixUse, linalg.MatrixScope, linalg.MatrixLayout


def run_body(body, threads: int = 32, buffers: dict | None = None, profile: str = "reference") -> None:
    @compute_shader(numthreads=(threads, 1, 1))
    def shader(src=ByteAddressBuffer("t0"), dst=RWByteAddressBuffer("u0"), shared=groupshared(float32_t, 256),
               halves=groupshared(float16_t, 256)):
        body(src, dst, shared, halves)
    run_dispatch(shader, buffers or {"t0": np.zeros(4096, np.uint8), "u0": np.zeros(4096, np.uint8)}, (1, 1, 1),
                 profile)


def test_matrix_template_arguments_are_checked():
    with pytest.raises(InvalidArgumentError, match="five template arguments"):
        linalg.Matrix[C.F16, 16, 16, U.A]
    with pytest.raises(InvalidArgumentError, match="positive"):
        linalg.Matrix[C.F16, 0, 16, U.A, S.Wave]
    with pytest.raises(LinAlgValidationError, match=r"K=200 must be >= 4 and <= 128.*Instr.LinAlgIllegalKDim"):
        linalg.Matrix[C.F16, 16, 200, U.A, S.Wave]
    with pytest.raises(LinAlgValidationError, match="Instr.LinAlgIllegalComponentType"):
        linalg.Matrix[1, 16, 16, U.A, S.Wave]
    with pytest.raises(InvalidArgumentError, match="Use"):
        linalg.Matrix[C.F16, 16, 16, 7, S.Wave]
    with pytest.raises(InvalidArgumentError, match="ComponentTy"):
        linalg.Matrix["F16", 16, 16, U.A, S.Wave]
    assert linalg.Matrix[C.F16, 2000, 1024, U.A, S.ThreadGroup].type.k == 1024     # ThreadGroup: K up to 1024


def test_accumulator_only_members_and_cast_arguments():
    A = linalg.Matrix[C.F16, 16, 16, U.A, S.Wave]

    def body(src, dst, shared, halves):
        a = A.Splat(1.0)
        with pytest.raises(InvalidArgumentError, match="only for Accumulator"):
            a.MultiplyAccumulate(a, a)
        with pytest.raises(InvalidArgumentError, match="only for Accumulator"):
            a.InterlockedAccumulate(dst, 0, 32, L.RowMajor)
        with pytest.raises(InvalidArgumentError, match="one to three"):
            a.Cast[C.F16, U.A, False, 1]
        with pytest.raises(InvalidArgumentError, match="Matrix value"):
            linalg.Matrix[C.F16, 16, 16, U.Accumulator, S.Wave].Splat(0).Accumulate(np.zeros(3))
    run_body(body)


def test_dxil_rules_fire_through_the_shader_surface():
    A = linalg.Matrix[C.F16, 16, 16, U.A, S.Wave]
    B8 = linalg.Matrix[C.F16, 8, 16, U.B, S.Wave]

    def body(src, dst, shared, halves):
        with pytest.raises(LinAlgValidationError, match="Instr.LinAlgMatrixMatrixKDimMustMatch"):
            linalg.Multiply[C.F32](A.Splat(1.0), B8.Splat(1.0))
        with pytest.raises(LinAlgValidationError, match="Instr.ParamMultiple"):
            A.Load(src, 0, 32, L.RowMajor, Align=64)
        with pytest.raises(LinAlgValidationError, match="Instr.LinAlgMatrixScopeReqLayout2"):
            A.Load(src, 0, 0, L.MulOptimal)
        with pytest.raises(LinAlgValidationError, match="Instr.LinAlgMatrixRequiresLayout2"):
            A.Splat(1.0).Store(dst, 0, 0, L.OuterProductOptimal)
        with pytest.raises(LinAlgValidationError, match="Instr.LinAlgMatrixRequiresRWBAB"):
            dxil.linAlgMatrixStoreToDescriptor(A.Splat(1.0).value, src, 0, 32, 0, 128)
        with pytest.raises(InvalidArgumentError, match="one of 0035's matrix component types"):
            dxil.linAlgMatrixAccumulateToMemory(
                linalg.Matrix[C.F32, 16, 16, U.Accumulator, S.Wave].Splat(1.0).value, shared, 1, 0, 16, 0)
        with pytest.raises(InvalidArgumentError, match="RowMajor or ColMajor"):
            A.Load(halves, 0, 16, L.MulOptimal)
        with pytest.raises(InvalidArgumentError, match="MatrixLayout value"):
            A.Load(halves, 0, 16, 9)
        with pytest.raises(InvalidArgumentError, match="its component type"):
            A.Load(shared, 0, 16, L.RowMajor)
        with pytest.raises(InvalidArgumentError, match="without OutTy needs one component type"):
            linalg.Multiply(A.Splat(1.0), linalg.Matrix[C.F32, 16, 16, U.B, S.Wave].Splat(1.0))
    run_body(body)


def test_thread_scope_operand_rules():
    W = linalg.Matrix[C.F16, 4, 8, U.A, S.Thread]

    def body(src, dst, shared, halves):
        w = W.Load[L.RowMajor](src, 0, 16)
        with pytest.raises(InvalidArgumentError, match="InterpretedVector::Size == K"):
            linalg.Multiply[float16_t](w, np.zeros(7, np.float16))
        with pytest.raises(InvalidArgumentError, match="must equal K = 8.*use Convert"):
            linalg.Multiply[float16_t](w, linalg.MakeInterpretedVector[C.F8_E4M3FN](np.zeros(8, np.float16)))
        with pytest.raises(InvalidArgumentError, match="DimA 3 must be M = 4"):
            linalg.MultiplyAdd[float16_t](w, np.zeros(8, np.float16), linalg.VectorRef[C.F16, 3](src, 0))
        with pytest.raises(InvalidArgumentError, match="result element type"):
            linalg.Multiply[np.int8](w, np.zeros(8, np.float16))
        with pytest.raises(InvalidArgumentError, match="same type"):
            linalg.OuterProduct[C.F16](np.zeros(4, np.float16), np.zeros(4, np.float32))
        with pytest.raises(InvalidArgumentError, match="the vector type matches the interpretation"):
            linalg.Convert[C.I32, C.I16](np.zeros(4, np.float32))
        with pytest.raises(InvalidArgumentError, match="must be uint"):
            linalg.Convert[C.F16, C.F8_E4M3FN](np.zeros(4, np.float32))
        with pytest.raises(InvalidArgumentError, match="no stride or layout"):
            linalg.OuterProduct[C.F16](np.zeros(4, np.float16), np.zeros(4, np.float16)).InterlockedAccumulate(
                dst, 0, 16)
        with pytest.raises(LinAlgValidationError, match="Instr.LinAlgMatrixUseMismatch"):
            dxil.linAlgMatVecMul(linalg.OuterProduct[C.F16](np.zeros(4, np.float16), np.zeros(8, np.float16)).value,
                                 1, np.zeros(8, np.float16), int(C.F16), result_type=np.float16)
        with pytest.raises(UnsupportedError, match="not modelled"):
            linalg.OuterProduct[C.BFloat16](np.zeros(4, np.float32), np.zeros(8, np.float32)).InterlockedAccumulate(
                dst, 0)
        with pytest.raises(LinAlgValidationError, match="Instr.LinAlgMatrixUnsignedFloatTypeNotAllowed"):
            dxil.linAlgMatVecMul(w.value, 0, np.zeros(8, np.float16), int(C.F16), result_type=np.float16)
        with pytest.raises(InvalidArgumentError, match="Align"):
            linalg.InterlockedAccumulate(dst, 0, np.zeros(4, np.float32), Align=0)
    run_body(body, threads=1)


def test_operations_outside_a_dispatch_say_so():
    with pytest.raises(InvalidArgumentError, match="running lanes|dispatch|context"):
        linalg.Matrix[C.F16, 16, 16, U.A, S.Wave].Splat(1.0)


@given(st.integers(1, 16), st.integers(1, 16), st.integers(4, 40), st.sampled_from([S.Wave, S.ThreadGroup]),
       st.sampled_from(["reference", "adversarial", "nvidia-h100", "minimal"]), st.sampled_from([C.I8, C.I32, C.F16]))
@settings(max_examples=20, deadline=None)
def test_integer_valued_multiply_accumulate_is_exact_for_any_shape_scope_and_profile(m, n, k, scope, profile, ab):
    rng = np.random.default_rng(m * 1000 + n * 40 + k)
    dtype = {C.I8: np.int8, C.I32: np.int32, C.F16: np.float16}[ab]
    acc = C.F32 if ab == C.F16 else C.I32
    acc_dtype = np.float32 if ab == C.F16 else np.int32
    a = rng.integers(-8, 8, (m, k)).astype(dtype)
    b = rng.integers(-8, 8, (k, n)).astype(dtype)
    c = rng.integers(-100, 100, (m, n)).astype(acc_dtype)
    blob = np.zeros(3 * 4096, np.uint8)
    for index, piece in enumerate((a, b, c)):
        raw = piece.view(np.uint8).reshape(-1)
        blob[index * 4096: index * 4096 + raw.size] = raw
    out = np.zeros(4096, np.uint8)
    MA, MB = linalg.Matrix[ab, m, k, U.A, scope], linalg.Matrix[ab, k, n, U.B, scope]
    MC = linalg.Matrix[acc, m, n, U.Accumulator, scope]
    size = np.dtype(dtype).itemsize
    strides = [-(-k * size // 16) * 16, -(-n * size // 16) * 16, -(-n * 4 // 16) * 16]
    for index, (piece, stride) in enumerate(zip((a, b, c), strides)):   # re-lay rows at 16-byte strides
        blob[index * 4096: (index + 1) * 4096] = 0
        for r in range(piece.shape[0]):
            row = piece[r].view(np.uint8)
            blob[index * 4096 + r * stride: index * 4096 + r * stride + row.size] = row

    @compute_shader(numthreads=(load_profile(profile).wave_size * (1 if scope == S.Wave else 2), 1, 1))
    def shader(src=ByteAddressBuffer("t0"), dst=RWByteAddressBuffer("u0")):
        result = MC.Load(src, 8192, strides[2], L.RowMajor)
        result.MultiplyAccumulate(MA.Load(src, 0, strides[0], L.RowMajor), MB.Load(src, 4096, strides[1], L.RowMajor))
        result.Store(dst, 0, strides[2], L.RowMajor)

    run_dispatch(shader, {"t0": blob, "u0": out}, (1, 1, 1), profile)
    got = np.stack([out[r * strides[2]: r * strides[2] + n * 4].view(acc_dtype) for r in range(m)])
    expected = a.astype(np.int64) @ b.astype(np.int64) + c.astype(np.int64)
    assert np.array_equal(got.astype(np.int64), expected)


def test_matrix_type_needs_metadata_and_validators_list_every_finding():
    found = dxil.rules.validate_multiply(MatrixType(C.F16, 8, 8, U.A, S.Thread), MatrixType(C.F16, 8, 8, U.A, S.Thread),
                                         MatrixType(C.F16, 8, 8, U.A, S.Thread))
    assert [d.rule for d in found][:3] == ["Instr.LinAlgMatrixUseMismatch"] * 2 + ["Instr.LinAlgMatrixScopeMismatch2"]
