"""OpCooperativeMatrixMulAddKHR: Result = A x B + C for every scope instance, lowered onto the linalg core.

Types (SPV_KHR_cooperative_matrix): A is M x K with Use A, B K x N with Use B, C and Result M x N with
Use Accumulator, one scope; the component types may differ, all float or all integer.

Integers: each operand's components are signed if its Matrix{A,B,C,Result}SignedComponentsKHR bit
is set and unsigned otherwise, whatever numpy dtype holds them. Products and sums are exact; the
result is the low N bits of the exact A x B + C (N the Result width) or, with
SaturatingAccumulationKHR, that sum clamped to the Result's range (signed if its bit is set). The
spec leaves the result undefined when A x B itself overflows the Result type under saturation:
strict mode reports it, permissive mode clamps A x B + C all the same. A profile whose
`coopmat.saturating_accumulation` is `ignored` wraps with the bit set too (the H100).

Floats, by the profile's `coopmat.muladd_sum`:
- `exact`: the exact sum of C and every exact product, rounded once to the Result type
  (`linalg.fast.exact_dot`, the nvgpu `exact` model's machinery);
- `tensor_core`: nvgpu's mma.sync model (`linalg.mma_sums.float_mma` with the profile's
  `nvgpu.mma_*` settings) over K in steps of `coopmat.muladd_k_step_bits` bits of a row of A, the
  mma shape's k (256 bits: 32 for 8-bit A/B, 16 for 16-bit, 8 for 32-bit; the last step takes what
  is left), each step's result rounded into the accumulator and fed to the next as its C. The accumulator is the Result type when it is
  float16 or float32, else float32 (rounded to the Result at the end); C is first converted to it.
In both a NaN result is positive, as a tensor core writes it. float8 A/B enter as the float16 values
they equal. Any float64 operand or Result: PTX's f64 mma (a chain of float64 fused multiply-adds in k
order from C, `linalg.mma_sums.float64_mma`) in both models, then rounded to the Result type.
"""

from __future__ import annotations

import numpy as np

from dxlinalg.coopmat import matrix_rules as rules
from dxlinalg.coopmat.element_types import (
    FLOAT64,
    FP8,
    convert_floats,
    exact_float64,
    exact_integers,
    integer_range,
    round_float64,
    wrap_to,
)
from dxlinalg.coopmat.listed_muladd import check_listed_muladd
from dxlinalg.coopmat.matrix_enums import CooperativeMatrixOperands, KhrOpcode
from dxlinalg.coopmat.matrix_type import CoopMatrix, CoopMatType, MatrixUse
from dxlinalg.linalg.fast.exact_dot import exact_tile_sums
from dxlinalg.linalg.mma_sums import FloatMma, float64_mma, float_mma
from dxlinalg.linalg.tensor_core_sums import positive_nan
from dxlinalg.numerics.float_conversion import widen_fp8
from dxlinalg.profile.model import DeviceProfile
from dxlinalg.profile.registry import load_profile

OP = KhrOpcode.OpCooperativeMatrixMulAddKHR.name
TENSOR_CORE_ACCUMULATORS = (np.dtype(np.float16), np.dtype(np.float32))
EXACT_FLOAT64_SUM = 1 << 53
EXACT_INT64_SUM = 1 << 63
Ops = CooperativeMatrixOperands


def cooperative_matrix_muladd(a: CoopMatrix, b: CoopMatrix, c: CoopMatrix, result_type: CoopMatType,
                              operands: int = 0, *, profile: str | DeviceProfile = "reference",
                              strict: bool = True, scope_size: int | None = None) -> CoopMatrix:
    """OpCooperativeMatrixMulAddKHR (Result Type, A, B, C, Cooperative Matrix Operands), per scope instance.

    Strict mode reports a MulAdd the profile's property lists do not name where the profile says so
    (`listed_muladd`); `scope_size` is a workgroup-scope instance's invocations (None: not checked)."""
    a, b, c = (rules.check_matrix(m, name, OP) for m, name in ((a, "A"), (b, "B"), (c, "C")))
    result_type = rules.check_result_type(result_type, OP)
    types = {"A": a.type, "B": b.type, "C": c.type, "Result": result_type}
    for name, use in (("A", MatrixUse.MatrixAKHR), ("B", MatrixUse.MatrixBKHR), ("C", MatrixUse.MatrixAccumulatorKHR),
                      ("Result", MatrixUse.MatrixAccumulatorKHR)):
        rules.check_use(types[name], use, name if name != "Result" else "Result Type", OP)
    rules.check_muladd_shapes(a.type, b.type, c.type, result_type, OP)
    rules.check_same_scope(types, OP)
    rules.check_same_instances({"A": a, "B": b, "C": c}, OP)
    flags = rules.check_operand_bits(operands, OP)
    rules.check_signed_bits(flags, types, OP)
    rules.check_saturating_integer(flags, result_type, OP)
    is_float = rules.check_component_kinds(types, OP)
    prof = load_profile(profile)
    check_listed_muladd(strict, prof.coopmat, a.type, b.type, c.type, result_type,
                        Ops.SaturatingAccumulationKHR in flags, scope_size, OP)
    if is_float:
        values = float_muladd(a.values, b.values, c.values, result_type.component, prof)
    else:
        if prof.coopmat.saturating_accumulation == "ignored":
            flags &= ~Ops.SaturatingAccumulationKHR
        values = integer_muladd(a.values, b.values, c.values, result_type.component, flags, strict)
    return CoopMatrix(result_type, values)


# -- integers -------------------------------------------------------------------------------------------------
def integer_muladd(a: np.ndarray, b: np.ndarray, c: np.ndarray, result: np.dtype, flags: CooperativeMatrixOperands,
                   strict: bool) -> np.ndarray:
    """(I, M, N) Result components from integer A (I, M, K), B (I, K, N), C (I, M, N), read with `flags`' signs."""
    left = exact_integers(a, Ops.MatrixASignedComponentsKHR in flags)
    right = exact_integers(b, Ops.MatrixBSignedComponentsKHR in flags)
    start = exact_integers(c, Ops.MatrixCSignedComponentsKHR in flags)
    products, sums = exact_sums(left, right, start)
    if Ops.SaturatingAccumulationKHR not in flags:
        return wrap_to(sums, result)
    low, high = integer_range(result.itemsize, Ops.MatrixResultSignedComponentsKHR in flags)
    overflow = np.asarray((products < low) | (products > high), bool)
    if overflow.any():
        i, r, col = (int(v[0]) for v in np.nonzero(overflow))
        rules.report_saturating_overflow(strict, i, r, col, int(products[i, r, col]), low, high, OP)
    return wrap_to(np.clip(sums, low, high), result)


def exact_sums(left: np.ndarray, right: np.ndarray, start: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(A x B, A x B + C), (I, M, N) each, exact, from exact integers (int64 or Python ints): through a
    float64 product where every partial sum stays below 2^53, int64 below 2^63, Python integers beyond."""
    bound = _largest(left) * _largest(right) * left.shape[2] + _largest(start)
    if object in (left.dtype, right.dtype, start.dtype) or bound >= EXACT_INT64_SUM:
        left, right, start = (v.astype(object) for v in (left, right, start))
        products = np.matmul(left, right)
    elif bound < EXACT_FLOAT64_SUM:
        products = np.matmul(left.astype(np.float64), right.astype(np.float64)).astype(np.int64)
    else:
        products = np.matmul(left, right)
    return products, products + start


def _largest(values: np.ndarray) -> int:
    if values.size == 0:
        return 0
    return max(abs(int(values.max())), abs(int(values.min())))


# -- floats ---------------------------------------------------------------------------------------------------
def float_muladd(a: np.ndarray, b: np.ndarray, c: np.ndarray, result: np.dtype, profile: DeviceProfile) -> np.ndarray:
    """(I, M, N) Result components from float A, B, C by the profile's MulAdd model."""
    settings = profile.float_conversion
    if FLOAT64 in (a.dtype, b.dtype, c.dtype, result):
        with np.errstate(invalid="ignore", over="ignore"):
            d = float64_mma(exact_float64(a), exact_float64(b), exact_float64(c))
        return round_float64(d, result, settings)
    left, right = _tensor_core_operand(a), _tensor_core_operand(b)
    if profile.coopmat.muladd_sum == "exact":
        def rounding(values: np.ndarray) -> np.ndarray:
            return round_float64(positive_nan(values), result, settings)
        start = _tensor_core_operand(c)
        with np.errstate(invalid="ignore", over="ignore"):
            return rounding(exact_tile_sums(left.transpose(0, 2, 1), right, start, rounding))
    accumulator = result if result in TENSOR_CORE_ACCUMULATORS else np.dtype(np.float32)
    d = convert_floats(c, accumulator, settings)
    model = FloatMma(profile.nvgpu, settings)
    step = max(1, profile.coopmat.muladd_k_step_bits // (8 * max(a.dtype.itemsize, b.dtype.itemsize)))
    for first in range(0, left.shape[2], step):
        d = float_mma(left[:, :, first:first + step], right[:, first:first + step, :], d, model)
    return d if accumulator == result else convert_floats(d, result, settings)


def _tensor_core_operand(values: np.ndarray) -> np.ndarray:
    """float8 as the float16 values they equal (exact); float16, bfloat16 and float32 as they are."""
    if values.dtype in FP8:
        return widen_fp8(values).astype(np.float16)
    return values
