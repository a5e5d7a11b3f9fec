"""Inf and NaN in matrices and vectors, and integer vectors into float accumulations, compute quietly
(found by tests/fuzz).

A float matrix-vector product whose terms give Inf * 0 or Inf - Inf leaked numpy's "invalid value
encountered in matmul" RuntimeWarning; an OuterProductAccumulate into FLOAT32 whose every product was Inf or
NaN raised numpy's "zero-size array to reduction operation minimum" ValueError; integer vectors whose
values float32 does not hold exactly, accumulated into a float matrix (a profile may list such a
combination; permissive mode computes unlisted ones), raised a bare ValueError from the exact wave sums.
"""

from __future__ import annotations

import warnings

import numpy as np

from dxlinalg import dxil
from dxlinalg.numerics.component_types import ComponentType as T
from dxlinalg.numerics.component_types import MatrixLayout as L
from dxlinalg.profile.model import AccumulateGranularity, WaveSum
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


def test_integer_vectors_past_float32_precision_accumulate_their_exact_sum_rounded_once():
    profile = load_profile("reference")
    left = np.array([[2**31 - 1], [2**31 - 1], [-5], [7]], np.int32)
    right = np.array([[2**31 - 1], [3], [1], [1]], np.int32)
    exact = sum(int(a) * int(b) for a, b in zip(left[:, 0], right[:, 0]))
    matrix = np.zeros(4096, np.uint8)
    dxil.outerproductaccumulate(left, right, matrix, 0, T.F32, L.OuterProductOptimal, 0, profile=profile,
                                strict=False)   # (SINT32, FLOAT32) is not listed: permissive mode computes it
    desc = MatrixDescription(1, 1, T.F32, L.OuterProductOptimal)
    assert decode_matrix(matrix[: stored_size(desc, profile)], desc, profile)[0, 0] == np.float32(exact)


def test_per_lane_and_float32_lane_order_products_of_inf_and_zero_are_nan_without_numpy_warnings():
    """The per-lane atomics (adversarial) and the float32 wave sum multiply each lane's factors on
    their own; Inf * 0 there leaked numpy's "invalid value encountered in multiply"."""
    adversarial = load_profile("adversarial")   # atomic_granularity per_lane
    lane_order = adversarial.model_copy(update={"accumulation": adversarial.accumulation.model_copy(
        update={"atomic_granularity": AccumulateGranularity.PER_WAVE, "wave_sum": WaveSum.FLOAT32_LANE_ORDER})})
    for profile in (adversarial, lane_order):
        matrix = np.zeros(4096, np.uint8)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            dxil.outerproductaccumulate(np.array([[np.inf], [1]], np.float16), np.array([[0], [1]], np.float16),
                                        matrix, 0, T.F16, L.OuterProductOptimal, 0, profile=profile)
        desc = MatrixDescription(1, 1, T.F16, L.OuterProductOptimal)
        assert np.isnan(decode_matrix(matrix[: stored_size(desc, profile)], desc, profile)[0, 0])


def test_float_vectors_into_an_integer_accumulation_convert_like_every_float_to_integer():
    """(FLOAT16, SINT32) is no listed OuterProductAccumulate combination; permissive mode computes it.
    Float factors are converted to the accumulation type first (nearest even, saturating, NaN 0): NaN and
    Inf used to go through numpy's int64 cast, with its "invalid value encountered in cast" warning and a
    platform-dependent result."""
    profile = load_profile("reference")
    left = np.array([[np.nan, np.inf, 2.5, -3.5]], np.float16)
    right = np.array([[1.0]], np.float16)
    for granularity in AccumulateGranularity:
        settings = profile.accumulation.model_copy(update={"atomic_granularity": granularity})
        device = profile.model_copy(update={"accumulation": settings})
        matrix = np.zeros(4096, np.uint8)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            dxil.outerproductaccumulate(left, right, matrix, 0, T.I32, L.OuterProductOptimal, 0, profile=device,
                                        strict=False)
        desc = MatrixDescription(4, 1, T.I32, L.OuterProductOptimal)
        stored = decode_matrix(matrix[: stored_size(desc, device)], desc, device)[:, 0]
        assert stored.tolist() == [0, 2**31 - 1, 2, -4]


def test_nvidia_tensor_core_sums_of_inf_times_zero_and_inf_minus_inf_are_nan_without_numpy_warnings():
    """nvidia-h100's wave sums (chunks of 8 lanes for OuterProductAccumulate, a butterfly for
    VectorAccumulate) recompute undecided elements from their products, and add pairs: Inf * 0 and
    Inf - Inf there leaked numpy's "invalid value encountered in multiply/add"."""
    profile = load_profile("nvidia-h100")
    lanes = 32
    left = np.ones((lanes, 2), np.float16)
    left[0, 0], left[1, 1] = np.inf, -np.inf
    right = np.ones((lanes, 2), np.float16)
    right[0, 1] = 0                                      # element (0, 1): Inf * 0
    matrix, array = np.zeros(4096, np.uint8), np.zeros(4096, np.uint8)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        dxil.outerproductaccumulate(left, right, matrix, 0, T.F16, L.OuterProductOptimal, 0, profile=profile)
        vector = np.ones((lanes, 1), np.float16)
        vector[0, 0], vector[1, 0] = np.inf, -np.inf      # Inf - Inf in the butterfly
        dxil.vectoraccumulate(vector, array, 0, profile=profile)
    desc = MatrixDescription(2, 2, T.F16, L.OuterProductOptimal)
    assert np.isnan(decode_matrix(matrix[: stored_size(desc, profile)], desc, profile)[0, 1])
    assert np.isnan(array[:2].view(np.float16)[0])
