"""Optimal-layout bytes that no conversion wrote decode quietly (found by tests/fuzz).

nvidia-h100 stores FP8 widened to FP16, so a buffer never converted into can hold FP16 values no FP8
type has (infinities, values past 448, NaN payloads). Decoding such bytes is what a conversion from an
uninitialised MUL_OPTIMAL source does; it used to leak numpy's "invalid value encountered in cast"
RuntimeWarning out of ConvertLinearAlgebraMatrix.
"""

from __future__ import annotations

import warnings

import ml_dtypes
import numpy as np
import pytest

from dxlinalg.numerics.component_types import ComponentType, MatrixLayout
from dxlinalg.profile.matrix_storage import MatrixDescription, decode_matrix, stored_size
from dxlinalg.profile.registry import load_profile


@pytest.mark.parametrize("fp8", [ComponentType.F8_E4M3, ComponentType.F8_E5M2], ids=lambda t: t.name)
def test_fp8_optimal_bytes_holding_any_fp16_pattern_decode_without_numpy_warnings(fp8):
    profile = load_profile("nvidia-h100")
    desc = MatrixDescription(64, 64, fp8, MatrixLayout.MulOptimal)
    raw = np.random.default_rng(0).integers(0, 256, stored_size(desc, profile), dtype=np.uint8)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        matrix = decode_matrix(raw, desc, profile)
    assert matrix.shape == (64, 64) and matrix.dtype == {ComponentType.F8_E4M3: ml_dtypes.float8_e4m3fn,
                                                         ComponentType.F8_E5M2: ml_dtypes.float8_e5m2}[fp8]
    assert np.isnan(matrix.astype(np.float32)).any(), "patterns no FP8 holds read as NaN (ml_dtypes' cast)"
