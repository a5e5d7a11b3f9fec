"""Whether a profile supports a Wave/ThreadGroup matrix multiply combination, until the D3D12 answers exist here.

The D3D12 side (`CheckFeatureSupport` 78, WaveMatrixMultiply / ThreadGroupMatrixMultiply) will answer from the
profile's `linalg_support` section; this module is the shader side's stand-in, used by the HLK transcriptions to
gate cases as DXC's tests gate them. Its answer: a profile that lists cooperative-matrix MulAdds (its Vulkan
properties, `coopmat.muladd_properties`) supports a combination when a listed entry of the same scope has the same
A/B/accumulator types and the shape is a positive multiple of its tile (the runtime spec's "integer multiple of
one of these"); a profile that lists none supports every combination.
"""

from __future__ import annotations

import numpy as np

from dxlinalg.dxil.linalg_matrix.types import MatrixScope
from dxlinalg.profile.model import DeviceProfile

_SCOPES = {MatrixScope.Wave: "subgroup", MatrixScope.ThreadGroup: "workgroup"}


def matrix_multiply_supported(profile: DeviceProfile, a: np.dtype, b: np.dtype, accumulator: np.dtype, m: int,
                              n: int, k: int, scope: MatrixScope) -> bool:
    """A x B -> accumulator of M x K times K x N at `scope` (see the module docstring)."""
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
