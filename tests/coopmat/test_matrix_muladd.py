"""OpCooperativeMatrixMulAddKHR against the exact per-element oracle, the tensor_core model against
nvgpu.mma_sync itself, and every type rule rejected by name."""

from __future__ import annotations

import math

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.coopmat import (
    CoopMatrix,
    CoopMatType,
    MatrixUse,
    Scope,
    cooperative_matrix_muladd,
)
from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.linalg.mma_sums import FloatMma, float_mma
from dxlinalg.nvgpu import fragments, mma_sync
from dxlinalg.profile.registry import load_profile
from tests.coopmat import oracle_matrix as oracle

A, B, ACC = MatrixUse.MatrixAKHR, MatrixUse.MatrixBKHR, MatrixUse.MatrixAccumulatorKHR
BF16, E4M3, E5M2 = ml_dtypes.bfloat16, ml_dtypes.float8_e4m3fn, ml_dtypes.float8_e5m2
INTEGERS = (np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64)
# nvidia-h100's arithmetic; these tests multiply shapes its property lists do not name, so unlisted MulAdds run
TENSOR_CORE = load_profile("reference").model_copy(update={
    "coopmat": load_profile("nvidia-h100").coopmat.model_copy(update={"unlisted_muladd": "run"}),
    "nvgpu": load_profile("nvidia-h100").nvgpu})


def coop(values: np.ndarray, use: MatrixUse, scope: Scope = Scope.Subgroup) -> CoopMatrix:
    return CoopMatrix(CoopMatType(values.dtype, scope, values.shape[1], values.shape[2], use), values)


def result_type(dtype: object, m: int, n: int, scope: Scope = Scope.Subgroup) -> CoopMatType:
    return CoopMatType(dtype, scope, m, n, ACC)


def random_bits(rng: np.random.Generator, dtype: object, shape: tuple[int, ...]) -> np.ndarray:
    dtype = np.dtype(dtype)
    return rng.integers(0, 256, (*shape, dtype.itemsize), dtype=np.uint8).view(dtype).reshape(shape)


def random_floats(rng: np.random.Generator, dtype: object, shape: tuple[int, ...], spread: int) -> np.ndarray:
    """Finite values with exponents spread over +-spread binades (zeros and ties included by rounding)."""
    values = rng.standard_normal(shape) * np.exp2(rng.integers(-spread, spread + 1, shape))
    values[rng.random(shape) < 0.1] = 0.0
    return values.astype(np.float32).astype(dtype)


# -- integers ----------------------------------------------------------------------------------------------------
@settings(max_examples=80, deadline=None)
@given(ab=st.sampled_from(INTEGERS), b_type=st.sampled_from(INTEGERS), c_type=st.sampled_from(INTEGERS),
       r_type=st.sampled_from(INTEGERS), flags=st.integers(0, 0x1F), m=st.integers(1, 4), n=st.integers(1, 4),
       k=st.integers(1, 6), instances=st.integers(1, 2), seed=st.integers(0, 2 ** 32 - 1))
def test_integer_muladd_agrees_with_the_exact_oracle(ab, b_type, c_type, r_type, flags, m, n, k, instances, seed):
    rng = np.random.default_rng(seed)
    a, b = random_bits(rng, ab, (instances, m, k)), random_bits(rng, b_type, (instances, k, n))
    c = random_bits(rng, c_type, (instances, m, n))
    r = np.dtype(r_type)
    got = cooperative_matrix_muladd(coop(a, A), coop(b, B), coop(c, ACC), result_type(r, m, n), flags, strict=False)
    signs = tuple(bool(flags & bit) for bit in (1, 2, 4, 8))
    for i in range(instances):
        expected = oracle.integer_muladd(a[i], b[i], c[i], r, signs, bool(flags & 0x10))
        assert np.ascontiguousarray(got.values[i]).view(f"<u{r.itemsize}").tolist() == expected


def test_integer_signedness_comes_from_the_operand_bits_not_the_dtype():
    a = np.array([[[0xFF]]], np.uint8)                    # 255 unsigned, -1 signed
    b = np.array([[[2]]], np.int8)
    c = np.zeros((1, 1, 1), np.int32)
    r = result_type(np.int32, 1, 1)
    assert cooperative_matrix_muladd(coop(a, A), coop(b, B), coop(c, ACC), r, 0).values.item() == 510
    assert cooperative_matrix_muladd(coop(a, A), coop(b, B), coop(c, ACC), r, 0x1).values.item() == -2
    minus = np.array([[[-1]]], np.int8)
    assert cooperative_matrix_muladd(coop(minus, A), coop(b, B), coop(c, ACC), r, 0).values.item() == 510


def test_saturating_accumulation_clamps_the_sum_with_the_result_signedness():
    a = np.full((1, 1, 2), 100, np.int8)
    b = np.full((1, 2, 1), 1, np.int8)
    c = np.full((1, 1, 1), 100, np.int8)
    r = result_type(np.int8, 1, 1)
    wrapped = cooperative_matrix_muladd(coop(a, A), coop(b, B), coop(c, ACC), r, 0xF, strict=False)
    assert wrapped.values.item() == (300 + 128) % 256 - 128
    with pytest.raises(UndefinedBehaviorError, match=r"A x B = 200 is outside the Result type's range \[-128, 127\]"):
        cooperative_matrix_muladd(coop(a, A), coop(b, B), coop(c, ACC), r, 0x1F)
    small = np.full((1, 1, 2), 50, np.int8)
    assert cooperative_matrix_muladd(coop(small, A), coop(b, B), coop(c, ACC), r, 0x1F).values.item() == 127
    unsigned = cooperative_matrix_muladd(coop(small, A), coop(b, B), coop(c, ACC), r, 0x17).values
    assert unsigned.view(np.uint8).item() == 200                      # Result unsigned: clamped to [0, 255]


def test_sums_past_int64_stay_exact():
    a = np.full((1, 1, 4), 2 ** 64 - 1, np.uint64)
    b = np.full((1, 4, 1), 2 ** 64 - 1, np.uint64)
    c = np.full((1, 1, 1), 5, np.uint64)
    got = cooperative_matrix_muladd(coop(a, A), coop(b, B), coop(c, ACC), result_type(np.uint64, 1, 1))
    assert got.values.item() == (4 * (2 ** 64 - 1) ** 2 + 5) % 2 ** 64


# -- floats: exact ----------------------------------------------------------------------------------------------
@settings(max_examples=80, deadline=None)
@given(a_type=st.sampled_from([np.float16, BF16, np.float32, E4M3, E5M2]),
       b_type=st.sampled_from([np.float16, BF16, np.float32, E4M3]),
       c_type=st.sampled_from([np.float16, np.float32, BF16]),
       r_type=st.sampled_from([np.float16, np.float32, BF16, E4M3]),
       m=st.integers(1, 4), n=st.integers(1, 4), k=st.integers(1, 40), instances=st.integers(1, 2),
       seed=st.integers(0, 2 ** 32 - 1))
def test_exact_float_muladd_rounds_the_exact_sum_once(a_type, b_type, c_type, r_type, m, n, k, instances, seed):
    rng = np.random.default_rng(seed)
    spread = 2 if np.dtype(r_type) == np.dtype(E4M3) else 6
    a = random_floats(rng, a_type, (instances, m, k), spread)
    b = random_floats(rng, b_type, (instances, k, n), spread)
    c = random_floats(rng, c_type, (instances, m, n), spread)
    got = cooperative_matrix_muladd(coop(a, A), coop(b, B), coop(c, ACC), result_type(r_type, m, n))
    assert got.type.component == np.dtype(r_type)
    for i in range(instances):
        expected = np.array(oracle.exact_float_muladd(a[i], b[i], c[i], np.dtype(r_type)))
        assert np.array_equal(got.values[i].astype(np.float64), expected), (got.values[i], expected)


def test_an_exactly_zero_sum_is_positive_zero():
    a = np.array([[[1.0, -1.0]]], np.float16)
    b = np.ones((1, 2, 1), np.float16)
    c = np.array([[[-0.0]]], np.float32)
    got = cooperative_matrix_muladd(coop(a, A), coop(b, B), coop(c, ACC), result_type(np.float32, 1, 1))
    assert got.values.item() == 0 and not np.signbit(got.values.item())


def test_float64_is_a_chain_of_fused_multiply_adds_in_k_order():
    rng = np.random.default_rng(5)
    a = rng.standard_normal((1, 3, 7)) * 1e8
    b = rng.standard_normal((1, 7, 2))
    c = rng.standard_normal((1, 3, 2))
    for profile in ("reference", TENSOR_CORE):
        got = cooperative_matrix_muladd(coop(a, A), coop(b, B), coop(c, ACC), result_type(np.float64, 3, 2),
                                        profile=profile)
        assert got.values[0].tolist() == oracle.fma_chain(a[0], b[0], c[0])


# -- floats: tensor_core ---------------------------------------------------------------------------------------
def to_fragments(matrix: np.ndarray, fragment_map, registers: int, elements: int) -> np.ndarray:
    """(32, registers, elements) per-lane nvgpu vectors of one warp's matrix."""
    lane = np.arange(32)[:, None]
    index = np.arange(registers * elements)[None, :]
    rows, cols = fragment_map(lane, index)
    return matrix[np.broadcast_to(rows, (32, index.size)), np.broadcast_to(cols, (32, index.size))].reshape(
        32, registers, elements)


def mma_sync_chain(a: np.ndarray, b: np.ndarray, c: np.ndarray, profile) -> np.ndarray:
    """nvgpu.mma.sync m16n8k16 called K / 16 times, the accumulator carried in its fragments."""
    d = to_fragments(c, fragments.c_m16n8, 2, 2)
    for first in range(0, a.shape[1], 16):
        d = mma_sync(to_fragments(a[:, first:first + 16], fragments.a_m16n8k16_b16, 4, 2),
                     to_fragments(b[first:first + 16], fragments.b_m16n8k16_b16, 2, 2), d, [16, 8, 16],
                     profile=profile)
    out = np.zeros(c.shape, c.dtype)
    lane = np.arange(32)[:, None]
    rows, cols = fragments.c_m16n8(lane, np.arange(4)[None, :])
    out[rows, cols] = d.reshape(32, 4)
    return out


@pytest.mark.parametrize("k, accumulator", [(16, np.float32), (48, np.float32), (32, np.float16)])
def test_tensor_core_model_is_nvgpu_mma_sync_over_k_in_steps_of_16(k, accumulator):
    rng = np.random.default_rng(k)
    a = random_floats(rng, np.float16, (1, 16, k), 8)
    b = random_floats(rng, np.float16, (1, k, 8), 8)
    c = random_floats(rng, accumulator, (1, 16, 8), 8)
    got = cooperative_matrix_muladd(coop(a, A), coop(b, B), coop(c, ACC), result_type(accumulator, 16, 8),
                                    profile=TENSOR_CORE)
    expected = mma_sync_chain(a[0], b[0], c[0], TENSOR_CORE)
    assert got.values[0].tobytes() == expected.tobytes()
    exact = cooperative_matrix_muladd(coop(a, A), coop(b, B), coop(c, ACC), result_type(accumulator, 16, 8))
    assert not np.array_equal(exact.values, got.values) or k == 16     # the models differ (truncation)


def test_tensor_core_accumulates_in_float32_for_other_result_types():
    rng = np.random.default_rng(1)
    a = random_floats(rng, np.float16, (2, 16, 32), 3)
    b = random_floats(rng, np.float16, (2, 32, 8), 3)
    c = random_floats(rng, np.float32, (2, 16, 8), 3)
    via_f32 = cooperative_matrix_muladd(coop(a, A), coop(b, B), coop(c, ACC), result_type(np.float32, 16, 8),
                                        profile=TENSOR_CORE)
    bf16 = cooperative_matrix_muladd(coop(a, A), coop(b, B), coop(c, ACC), result_type(BF16, 16, 8),
                                     profile=TENSOR_CORE)
    assert bf16.values.tobytes() == via_f32.values.astype(BF16).tobytes()


def test_the_k_step_is_the_profiles_muladd_k_step_bits():
    """512 bits: one step of 32 float16 products instead of two of 16 (a different truncation)."""
    rng = np.random.default_rng(7)
    a = random_floats(rng, np.float16, (4, 16, 32), 12)
    b = random_floats(rng, np.float16, (4, 32, 8), 12)
    c = random_floats(rng, np.float32, (4, 16, 8), 12)
    wide = TENSOR_CORE.model_copy(update={"coopmat": TENSOR_CORE.coopmat.model_copy(
        update={"muladd_k_step_bits": 512})})
    steps = [cooperative_matrix_muladd(coop(a, A), coop(b, B), coop(c, ACC), result_type(np.float32, 16, 8),
                                       profile=p).values for p in (TENSOR_CORE, wide)]
    one_step = float_mma(a, b, c, FloatMma(TENSOR_CORE.nvgpu, TENSOR_CORE.float_conversion))
    assert steps[1].tobytes() == one_step.tobytes()
    assert not np.array_equal(steps[0], steps[1])


def test_saturating_accumulation_ignored_wraps_like_the_h100():
    a = coop(np.full((1, 1, 2), 127, np.int8), A)
    b = coop(np.full((1, 2, 1), 127, np.int8), B)
    c = coop(np.full((1, 1, 1), 2 ** 31 - 10, np.int32), ACC)
    ignored = TENSOR_CORE.model_copy(update={"coopmat": TENSOR_CORE.coopmat.model_copy(
        update={"saturating_accumulation": "ignored"})})
    flags = 0x1F
    clamped = cooperative_matrix_muladd(a, b, c, result_type(np.int32, 1, 1), flags)
    wrapped = cooperative_matrix_muladd(a, b, c, result_type(np.int32, 1, 1), flags, profile=ignored)
    assert clamped.values[0, 0, 0] == 2 ** 31 - 1
    assert int(wrapped.values[0, 0, 0]) == 2 ** 31 - 10 + 2 * 127 * 127 - 2 ** 32


def test_profile_fields_of_the_muladd_model_are_validated():
    with pytest.raises(ValueError):
        TENSOR_CORE.coopmat.model_validate({"muladd_k_step_bits": 4})
    with pytest.raises(ValueError):
        TENSOR_CORE.coopmat.model_validate({"saturating_accumulation": "saturate"})


# -- rules -------------------------------------------------------------------------------------------------------
def operands(m=2, n=3, k=4, dtype=np.float16, acc=np.float32):
    return (coop(np.zeros((1, m, k), dtype), A), coop(np.zeros((1, k, n), dtype), B),
            coop(np.zeros((1, m, n), acc), ACC), result_type(acc, m, n))


def test_uses_must_be_a_b_and_accumulator():
    a, b, c, r = operands()
    with pytest.raises(InvalidArgumentError, match="'A' has Use MatrixBKHR; it must be MatrixAKHR"):
        cooperative_matrix_muladd(coop(a.values, B), b, c, r)
    with pytest.raises(InvalidArgumentError, match="'B' has Use MatrixAKHR"):
        cooperative_matrix_muladd(a, coop(b.values, A), c, r)
    with pytest.raises(InvalidArgumentError, match="'C' has Use MatrixAKHR"):
        cooperative_matrix_muladd(a, b, coop(c.values, A), r)
    with pytest.raises(InvalidArgumentError, match="'Result Type' has Use MatrixBKHR"):
        cooperative_matrix_muladd(a, b, c, r.with_use(B))


def test_shapes_must_agree():
    a, b, c, r = operands()
    with pytest.raises(InvalidArgumentError, match="B has 5 rows, A has K = 4 columns .*M, N and K must be "
                                                   "consistent"):
        cooperative_matrix_muladd(a, coop(np.zeros((1, 5, 3), np.float16), B), c, r)
    with pytest.raises(InvalidArgumentError, match="A, C and Result have 2, 2 and 3 rows"):
        cooperative_matrix_muladd(a, b, c, result_type(np.float32, 3, 3))
    with pytest.raises(InvalidArgumentError, match="B, C and Result have 3, 4 and 3 columns"):
        cooperative_matrix_muladd(a, b, coop(np.zeros((1, 2, 4), np.float32), ACC), r)


def test_scopes_and_instances_must_agree():
    a, b, c, r = operands()
    with pytest.raises(InvalidArgumentError, match="different scopes .*'Result' Workgroup"):
        cooperative_matrix_muladd(a, b, c, result_type(np.float32, 2, 3, Scope.Workgroup))
    with pytest.raises(InvalidArgumentError, match="different numbers of scope instances"):
        cooperative_matrix_muladd(a, coop(np.zeros((2, 4, 3), np.float16), B), c, r)


def test_operand_bits_are_checked():
    a, b, c, r = operands()
    with pytest.raises(InvalidArgumentError, match="Cooperative Matrix Operands 0x20 has bits other than"):
        cooperative_matrix_muladd(a, b, c, r, 0x20)
    with pytest.raises(InvalidArgumentError, match="MatrixASignedComponentsKHR is set but 'A' has float components"):
        cooperative_matrix_muladd(a, b, c, r, 0x1)
    with pytest.raises(InvalidArgumentError, match="MatrixResultSignedComponentsKHR is set but 'Result'"):
        cooperative_matrix_muladd(a, b, c, r, 0x8)
    with pytest.raises(InvalidArgumentError, match="SaturatingAccumulationKHR is set but 'Result Type' has float"):
        cooperative_matrix_muladd(a, b, c, r, 0x10)
    with pytest.raises(InvalidArgumentError, match="must be an integer"):
        cooperative_matrix_muladd(a, b, c, r, 1.0)


def test_float_and_integer_components_do_not_mix():
    a, b, c, r = operands(dtype=np.int8, acc=np.float32)
    with pytest.raises(InvalidArgumentError, match="mix float and integer; A, B, C and Result must be all float or "
                                                   "all integer"):
        cooperative_matrix_muladd(a, b, c, r)


def test_operands_must_be_matrices():
    a, b, c, r = operands()
    with pytest.raises(InvalidArgumentError, match="'C' is a ndarray; it must be a cooperative matrix"):
        cooperative_matrix_muladd(a, b, c.values, r)
    with pytest.raises(InvalidArgumentError, match="'Result Type'"):
        cooperative_matrix_muladd(a, b, c, np.float32)


def test_nan_results_are_positive():
    a = np.array([[[math.inf, 1.0]]], np.float16)
    b = np.array([[[1.0], [1.0]]], np.float16)
    c = np.array([[[-math.inf]]], np.float32)
    for profile in ("reference", TENSOR_CORE):
        got = cooperative_matrix_muladd(coop(a, A), coop(b, B), coop(c, ACC), result_type(np.float32, 1, 1),
                                        profile=profile)
        assert np.isnan(got.values.item()) and not np.signbit(got.values.item())
