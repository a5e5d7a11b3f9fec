"""Whether a profile supports a Wave/ThreadGroup matrix multiply combination (the HLK transcriptions' gate).

The D3D12 answers (features 77/78: WaveMatrixMultiply, ThreadGroupMatrixMultiply) come from the profile's
`linalg_support` section, which the SM 6.10 host side defines (`dxlinalg.profile.linalg_support`). Where a
profile has that section, this asks it as the HLK tests ask the driver: a wave multiply is supported when the
types are listed and the shape [M, K, N] is a positive multiple of one of the native shapes, a thread-group
multiply when an entry's shape granularity divides it. Where the section does not exist (a profile without it,
or a tree without the host side), the profile's cooperative-matrix MulAdd list answers in the same way (Vulkan's
answers for the same hardware); a profile with neither list supports every combination.
"""

from __future__ import annotations

import importlib

import numpy as np

from dxlinalg.dxil.linalg_matrix.types import ELEMENT_DTYPES, MatrixScope, to_numerics_type
from dxlinalg.profile.model import DeviceProfile

_SCOPES = {MatrixScope.Wave: "subgroup", MatrixScope.ThreadGroup: "workgroup"}


def matrix_multiply_supported(profile: DeviceProfile, a: np.dtype, b: np.dtype, accumulator: np.dtype, m: int,
                              n: int, k: int, scope: MatrixScope) -> bool:
    """A (M x K) x B (K x N) -> accumulator at `scope` (see the module docstring)."""
    answer = _d3d12_answer(profile, a, b, accumulator, (m, k, n), MatrixScope(scope))
    if answer is not None:
        return answer
    entries = profile.coopmat.muladd_properties
    if not entries:
        return True
    names = (np.dtype(a).name, np.dtype(b).name, np.dtype(accumulator).name)
    for entry in entries:
        if entry.scope != _SCOPES.get(MatrixScope(scope)) or (entry.a_type, entry.b_type, entry.result_type) != names:
            continue
        if m % entry.m == 0 and n % entry.n == 0 and k % entry.k == 0:
            return True
    return False


def _d3d12_answer(profile: DeviceProfile, a: np.dtype, b: np.dtype, accumulator: np.dtype,
                  shape: tuple[int, int, int], scope: MatrixScope) -> bool | None:
    """The `linalg_support` section's answer, or None where the profile (or this tree) has no such section."""
    support = getattr(profile, "linalg_support", None)
    if support is None:
        return None
    queries = importlib.import_module("dxlinalg.profile.linalg_support")
    types = tuple(to_numerics_type(_component(dtype)) for dtype in (a, b, accumulator))
    if scope == MatrixScope.Wave:
        entry = queries.wave_multiply_entry(support, *types)
        return entry is not None and any(queries.is_multiple_of(shape, tuple(tile)) for tile in entry.shapes)
    return queries.threadgroup_multiply_entry(support, *types, shape) is not None


def _component(dtype: np.dtype):
    return next(c for c, d in ELEMENT_DTYPES.items() if d == np.dtype(dtype) and c.name != "BFloat16")
