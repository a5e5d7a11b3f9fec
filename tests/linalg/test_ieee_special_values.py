"""Inf and NaN in matrices and vectors compute quietly (found by tests/fuzz).

A float matrix-vector product whose terms give Inf * 0 or Inf - Inf leaked numpy's "invalid value
encountered in matmul" RuntimeWarning; an OuterProductAccumulate into FLOAT32 whose every product was Inf or
NaN raised numpy's "zero-size array to reduction operation minimum" ValueError.
"""

from __future__ import annotations

import warnings

import numpy as np

from dxlinalg import dxil
from dxlinalg.numerics.component_types import ComponentType as T
from dxlinalg.numerics.component_types import MatrixLayout as L
from dxlinalg.profile.matrix_storage import MatrixDescription, decode_matrix, stored_size
from dxlinalg.profile.registry import load_profile


def test_inf_times_zero_and_inf_minus_inf_in_a_product_give_nan_without_numpy_warnings():
    weights = np.zeros(1024, np.uint8)
    weights[:8] = np.array([np.inf, -np.inf, 1, 1], np.float16).view(np.uint8)    # row 0 (stride 16)
    weights[16:24] = np.array([1, 1, 1, 1], np.float16).view(np.uint8)            # row 1
    vectors = np.array([[1, 1, 0, 0], [1, 0, 0, 0]], np.float16)   # Inf - Inf; Inf + -Inf * 0
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        result = dxil.matvecmul(vectors, False, T.F16, weights, 0, T.F16, 2, 4, L.RowMajor, False, 16, False,
                                result_type=np.float16)
    assert np.isnan(result[:, 0]).all() and list(result[:, 1]) == [2, 1]


def test_outer_product_into_float32_of_only_inf_and_nan_products_accumulates_them():
    profile = load_profile("reference")
    desc = MatrixDescription(1, 1, T.F32, L.OuterProductOptimal)
    matrix = np.zeros(4096, np.uint8)
    for value, expected in ((np.inf, np.inf), (np.nan, np.nan)):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            dxil.outerproductaccumulate(np.array([[value]], np.float16), np.array([[1.0]], np.float16), matrix, 0,
                                        T.F32, L.OuterProductOptimal, 0, profile=profile)
        stored = decode_matrix(matrix[: stored_size(desc, profile)], desc, profile)[0, 0]
        assert stored == expected or (np.isnan(expected) and np.isnan(stored))
