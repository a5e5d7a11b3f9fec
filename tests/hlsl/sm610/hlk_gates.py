"""The capability gates of DXC's LinAlg HLK (`LinAlgTests.cpp` at 9a3e225d), asked of a profile's D3D12 answers.

Each function is one of the HLK's `*Applicable` helpers, reading the profile's `linalg_support` section (what
features 77/78 answer) where the HLK calls CheckFeatureSupport:
- `matrixConstructionApplicable`: the tier, and MATRIX_CONSTRUCTION for the type and every role the case builds.
  DXC's shim asks about a concrete shape and gets a BOOL; the preview SDK this project follows answers the
  smallest M, K, N instead (docs/sm610-d3d12.md), so a shape is supported when each extent its role pins is at
  least the reported minimum (A: M x K, B: K x N, Accumulator: M x N);
- `accumulateStoreApplicable`, `outerProductApplicable`: ATOMIC_ACCUMULATE_STORE and THREAD_OUTER_PRODUCT;
- `waveMatMulApplicable` / `threadGroupMatMulApplicable`: construction of the shape and the multiply query
  (`dxlinalg.dxil.linalg_matrix.support`);
- `matVecMulApplicable`: THREAD_VECTOR_MATRIX_MULTIPLY with the matrix type as the result and the bias (or NONE);
- `convertTypesApplicable`: the tier, a source the device can hold (32-bit, or 16-bit with native 16-bit ops,
  which every profile has) and a destination that some supported vector multiply takes as its input vector.
A case the gate refuses is "not applicable" in the HLK: here a skip that says which answer refused it.
"""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg.dxil.linalg_matrix.support import matrix_multiply_supported
from dxlinalg.dxil.linalg_matrix.types import ComponentType, MatrixScope, MatrixUse, element_dtype, to_numerics_type
from dxlinalg.profile import linalg_support as queries
from dxlinalg.profile.model import DeviceProfile
from dxlinalg.profile.registry import load_profile

_NATIVE_16_BIT_SOURCES = {ComponentType.I16, ComponentType.U16, ComponentType.F16}
_32_BIT_SOURCES = {ComponentType.I32, ComponentType.U32, ComponentType.F32}


def profile_of(profile: str | DeviceProfile) -> DeviceProfile:
    return load_profile(profile) if isinstance(profile, str) else profile


def tier_supported(profile: str | DeviceProfile) -> bool:
    support = profile_of(profile).linalg_support
    return support is not None and support.tier == queries.LinalgTier.TIER_1_0


def construction_supported(profile: str | DeviceProfile, component: ComponentType, m: int, n: int,
                           uses: tuple[MatrixUse, ...]) -> bool:
    if not tier_supported(profile):
        return False
    min_m, min_k, min_n = queries.construction_answer(profile_of(profile).linalg_support,
                                                      to_numerics_type(component))
    if min_m == 0:
        return False
    pinned = {MatrixUse.A: (min_m, min_k), MatrixUse.B: (min_k, min_n), MatrixUse.Accumulator: (min_m, min_n)}
    return all(m >= pinned[use][0] and n >= pinned[use][1] for use in uses)


def accumulate_store_supported(profile: str | DeviceProfile, component: ComponentType, groupshared: bool) -> bool:
    if not tier_supported(profile):
        return False
    buffer, shared = queries.accumulate_store_answer(profile_of(profile).linalg_support, to_numerics_type(component))
    return shared if groupshared else buffer


def outer_product_supported(profile: str | DeviceProfile, input_type: ComponentType, result: ComponentType) -> bool:
    return tier_supported(profile) and queries.outer_product_supported(
        profile_of(profile).linalg_support, to_numerics_type(input_type), to_numerics_type(result))


def matmul_supported(profile: str | DeviceProfile, a: ComponentType, accumulator: ComponentType, m: int, k: int,
                     n: int, scope: MatrixScope) -> bool:
    """waveMatMulApplicable / threadGroupMatMulApplicable: the operands constructible and the multiply reported."""
    prof = profile_of(profile)
    constructible = (construction_supported(prof, a, m, k, (MatrixUse.A,))
                     and construction_supported(prof, a, k, n, (MatrixUse.B,))
                     and construction_supported(prof, accumulator, m, n, (MatrixUse.Accumulator,)))
    return constructible and matrix_multiply_supported(prof, element_dtype(a), element_dtype(a),
                                                       element_dtype(accumulator), m, n, k, scope)


def matvec_supported(profile: str | DeviceProfile, vector: ComponentType, matrix: ComponentType, bias: bool) -> bool:
    if not tier_supported(profile):
        return False
    result = to_numerics_type(matrix)
    return queries.vector_multiply_entry(profile_of(profile).linalg_support, to_numerics_type(vector), result,
                                         result if bias else None, result) is not None


def convert_supported(profile: str | DeviceProfile, source: ComponentType, destination: ComponentType) -> bool:
    if not tier_supported(profile) or source not in _32_BIT_SOURCES | _NATIVE_16_BIT_SOURCES:
        return False
    wanted = to_numerics_type(destination)
    return any(row.vector_type == wanted for row in profile_of(profile).linalg_support.vector_multiply)


def require(applicable: bool, what: str) -> None:
    """The HLK's applyApplicability for a gated case: not applicable is a skip naming the refusing answer."""
    if not applicable:
        pytest.skip(f"not applicable: the profile does not report {what} (the HLK gates the case on it)")


def with_vector_multiply(profile: str, vector: ComponentType, matrix: ComponentType) -> DeviceProfile:
    """`profile` plus one THREAD_VECTOR_MATRIX_MULTIPLY answer (vector x matrix -> matrix type, bias NONE or the
    result type): a device that reports a combination no shipped profile lists, so a case gated on it runs."""
    prof = load_profile(profile)
    result = to_numerics_type(matrix)
    entry = queries.VectorMultiplyEntry(vector_type=to_numerics_type(vector), matrix_type=result, result_type=result,
                                        bias_types=["NONE", result])
    support = prof.linalg_support.model_copy(update={"vector_multiply": [*prof.linalg_support.vector_multiply, entry]})
    return prof.model_copy(update={"linalg_support": support, "name": f"{prof.name} + {vector.name} x {matrix.name}"})


def with_threadgroup_granularity(profile: str, granularity: tuple[int, int, int]) -> DeviceProfile:
    """`profile` with every THREADGROUP_MATRIX_MULTIPLY answer at a finer shape granularity: a device whose
    thread-group multiplies take the HLK's 8 x 16 x 8 shapes, which the shipped profiles' 16 x 16 x 16 do not."""
    prof = load_profile(profile)
    entries = [entry.model_copy(update={"shape_granularity": granularity})
               for entry in prof.linalg_support.threadgroup_multiply]
    support = prof.linalg_support.model_copy(update={"threadgroup_multiply": entries})
    return prof.model_copy(update={"linalg_support": support,
                                   "name": f"{prof.name} + {'x'.join(map(str, granularity))} thread groups"})


def with_int32_multiplies(profile: str) -> DeviceProfile:
    """`profile` with 8 x 8 x 8 thread-group steps and SINT32 x SINT32 -> SINT32 multiplies at both scopes (the
    first wave and thread-group entries' shapes and sizes): the HLK's I32 cases, which no Tier 1 table lists."""
    prof = with_threadgroup_granularity(profile, (8, 8, 8))
    support = prof.linalg_support
    i32 = to_numerics_type(ComponentType.I32)
    types = {"a_type": i32, "b_type": i32, "accumulator_type": i32}
    support = support.model_copy(update={
        "wave_multiply": [*support.wave_multiply, support.wave_multiply[0].model_copy(update=types)],
        "threadgroup_multiply": [*support.threadgroup_multiply,
                                 support.threadgroup_multiply[0].model_copy(update=types)]})
    return prof.model_copy(update={"linalg_support": support, "name": f"{prof.name} + SINT32 multiplies"})


def dtype_name(component: ComponentType) -> str:
    return np.dtype(element_dtype(component)).name
