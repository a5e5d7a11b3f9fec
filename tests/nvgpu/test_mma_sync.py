"""nvgpu.mma.sync against the per-thread oracle, bit for bit, on every shape, type and sum model."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.gpu import if_, standalone_lanes
from dxlinalg.nvgpu import mma_sync
from dxlinalg.nvgpu.mma_shapes import DENSE, MmaShape
from dxlinalg.profile.registry import load_profile
from tests.nvgpu import oracle
from tests.nvgpu.values import DTYPES, random_values

CASES = [(shape, accumulator) for shape in DENSE for accumulator in shape.accumulators]


def model_of(profile: str) -> tuple:
    settings_ = load_profile(profile).nvgpu
    if settings_.mma_sum == "exact":
        return ("exact",)
    return ("tensor_core", settings_.mma_k_chunk, settings_.mma_kept_bits, settings_.mma_alignment,
            settings_.mma_f32_rounding)


def operands(shape: MmaShape, accumulator: np.dtype, warps: int, seed: int, wild: bool):
    rng = np.random.default_rng(seed)
    dtype = DTYPES[shape.operand_type]
    lanes = 32 * warps
    wild = wild and shape.operand_type != "f64"
    a = random_values(rng, dtype, (lanes, *shape.a.vector), wild)
    b = random_values(rng, dtype, (lanes, *shape.b.vector), wild)
    c = random_values(rng, accumulator, (lanes, *shape.c.vector), wild) if accumulator.kind == "f" else \
        rng.integers(-(1 << 31), 1 << 31, (lanes, *shape.c.vector)).astype(np.int32)
    return a, b, c


def expected(shape: MmaShape, a, b, c, profile: str) -> np.ndarray:
    tf32_mode = load_profile(profile).nvgpu.tf32_inputs
    warps = [oracle.mma_warp(a[w: w + 32], b[w: w + 32], c[w: w + 32], shape.m, shape.n, shape.k,
                             shape.operand_type, model_of(profile), tf32_mode) for w in range(0, len(a), 32)]
    return np.concatenate(warps)


def assert_same_bits(got: np.ndarray, want: np.ndarray) -> None:
    assert got.dtype == want.dtype and got.shape == want.shape
    unsigned = np.dtype(f"u{got.dtype.itemsize}")
    same = got.view(unsigned) == want.view(unsigned)
    assert same.all(), f"{int((~same).sum())} of {same.size} differ; first at {np.argwhere(~same)[0]}: " \
                       f"{got[tuple(np.argwhere(~same)[0])]} != {want[tuple(np.argwhere(~same)[0])]}"


@settings(max_examples=40, deadline=None)
@given(case=st.sampled_from(CASES), profile=st.sampled_from(["reference", "nvidia-h100", "adversarial"]),
       warps=st.integers(1, 2), seed=st.integers(0, 2**32 - 1), wild=st.booleans())
def test_mma_sync_equals_the_per_thread_oracle(case, profile, warps, seed, wild):
    shape, accumulator = case
    a, b, c = operands(shape, accumulator, warps, seed, wild)
    got = mma_sync(a, b, c, [shape.m, shape.n, shape.k], tf32Enabled=shape.operand_type == "tf32", profile=profile)
    assert_same_bits(got, expected(shape, a, b, c, profile))


@pytest.mark.parametrize("shape, accumulator", CASES, ids=lambda v: getattr(v, "name", str(v)))
def test_every_shape_and_accumulator_runs_against_the_oracle_on_h100(shape, accumulator):
    a, b, c = operands(shape, accumulator, 1, 7, wild=False)
    got = mma_sync(a, b, c, (shape.m, shape.n, shape.k), shape.operand_type == "tf32", profile="nvidia-h100")
    assert_same_bits(got, expected(shape, a, b, c, "nvidia-h100"))


def test_the_two_sum_models_differ_where_truncation_drops_bits():
    """2048 + 1 + 2^-20 (three products of one row): exact gives 2050 (the sum is past the f16 tie
    2049), the outer-product tensor-core model drops 2^-20 below its 26-bit window: 2048."""
    a = np.zeros((32, 4, 2), np.float16)
    b = np.zeros((32, 2, 2), np.float16)
    c = np.zeros((32, 2, 2), np.float16)
    a[0, 0, :] = 2048, 1             # lane 0: row 0, k = 0, 1
    a[1, 0, 0] = 2.0 ** -14          # lane 1: row 0, k = 2
    b[0, 0, :] = 1                   # lane 0: k = 0, 1 of column 0
    b[1, 0, 0] = 2.0 ** -6           # lane 1: k = 2 of column 0
    exact = mma_sync(a, b, c, [16, 8, 16], profile="reference")
    tensor_core = mma_sync(a, b, c, [16, 8, 16], profile="nvidia-h100")
    assert exact[0, 0, 0] == 2050 and tensor_core[0, 0, 0] == 2048


def test_integer_sums_saturate_as_satfinite():
    a = np.full((32, 4, 4), 127, np.int8)
    b = np.full((32, 2, 4), 127, np.int8)
    c = np.full((32, 2, 2), 2**31 - 100, np.int32)
    d = mma_sync(a, b, c, [16, 8, 32])
    assert (d == 2**31 - 1).all()
    d = mma_sync(-a, b, np.full((32, 2, 2), -2**31 + 5, np.int32), [16, 8, 32])
    assert (d == -2**31).all()


def test_four_bit_operands_are_ml_dtypes_int4():
    a = np.full((32, 4, 8), -8, ml_dtypes.int4)
    b = np.full((32, 2, 8), 7, ml_dtypes.int4)
    d = mma_sync(a, b, np.zeros((32, 2, 2), np.int32), [16, 8, 64])
    assert (d == -8 * 7 * 64).all()


def test_tf32_inputs_follow_the_profile_setting():
    """1 + 2^-11 + 2^-20 as tf32: truncated to 1 (reference), rounded to 1 + 2^-10 (adversarial)."""
    a = np.zeros((32, 2, 1), np.float32)
    b = np.zeros((32, 1, 1), np.float32)
    a[0, 0, 0] = 1 + 2.0 ** -11 + 2.0 ** -20      # row 0, k 0
    b[0, 0, 0] = 1                                 # k 0, column 0
    c = np.zeros((32, 2, 2), np.float32)
    assert mma_sync(a, b, c, [16, 8, 4], tf32Enabled=True)[0, 0, 0] == 1
    assert mma_sync(a, b, c, [16, 8, 4], tf32Enabled=True, profile="adversarial")[0, 0, 0] == 1 + 2.0 ** -10


def test_f64_is_a_fused_multiply_add_chain_in_k_order():
    """C = 1, products 2^53, -2^53: (1 + 2^53) rounds to 2^53, then - 2^53 gives 0; exactly once it is 1."""
    a = np.zeros((32, 1, 1))
    b = np.zeros((32, 1, 1))
    a[0:4, 0, 0] = [2.0 ** 53, -(2.0 ** 53), 0, 0]      # lanes 0-3: row 0, k = 0..3
    b[0:32:4, 0, 0] = 1                                  # lane 4g: k = 0, column g
    b[1:32:4, 0, 0] = 1
    c = np.ones((32, 1, 2))
    d = mma_sync(a, b, c, [8, 8, 4])
    assert d[0, 0, 0] == 0.0                              # row 0, column 0


def test_nan_results_are_the_positive_nan_and_infinities_stay():
    a = np.zeros((32, 4, 2), np.float16)
    b = np.zeros((32, 2, 2), np.float16)
    a[0, 0, 0], b[0, 0, 0] = np.inf, 0          # row 0: inf * 0
    a[4, 0, 0], b[4, 0, 0] = np.inf, 1          # row 1 (lane 4 = g 1), column 1 (lane 4's b is column 1)
    d = mma_sync(a, b, np.zeros((32, 2, 2), np.float32), [16, 8, 16], profile="nvidia-h100")
    assert d[0, 0, 0].view(np.uint32) == 0x7FFFFFFF
    assert d[4, 0, 1] == np.inf


def test_a_warp_with_some_lanes_active_is_reported():
    a, b, c = operands(DENSE[0], np.dtype(np.float32), 2, 1, wild=False)
    with standalone_lanes(64):
        with if_(np.arange(64) < 32):                   # warp 0 active, warp 1 not: fine
            mma_sync(a, b, c, [16, 8, 16])
        with if_(np.arange(64) < 40):
            with pytest.raises(UndefinedBehaviorError, match="8 of the 32 lanes of warp 1"):
                mma_sync(a, b, c, [16, 8, 16])


@pytest.mark.parametrize("change, message", [
    (lambda a, b, c: (a[:, :2], b, c), r"expected 256 warp-wide matrix A elements"),
    (lambda a, b, c: (a, b[:, :1], c), r"expected 128 warp-wide matrix B elements"),
    (lambda a, b, c: (a, b, c[:, :1]), r"expected 128 warp-wide matrix C elements"),
    (lambda a, b, c: (a.reshape(-1, 2, 4), b, c), r"expected matrix A to be shaped \(4 x 2\)"),
    (lambda a, b, c: (a, b.astype(ml_dtypes.bfloat16), c), "matrixA and matrixB have same element type"),
    (lambda a, b, c: (a[:16], b[:16], c[:16]), "give a positive multiple of 32"),
    (lambda a, b, c: (a, b, c[:32]), "give one row per lane"),
    (lambda a, b, c: (a[0], b, c), r"matrixA must be 2 dimensional vector"),
    (lambda a, b, c: (a.astype(np.int16), b.astype(np.int16), c),
     r"expected input data type \(i4,i8,f16,bf16,tf32,f64\) supported by nvgpu.mma.sync"),
    (lambda a, b, c: (a, b, c.astype(np.float64)), "accumulates in float16 or float32"),
])
def test_bad_operands_are_rejected(change, message):
    a, b, c = change(*operands(DENSE[0], np.dtype(np.float32), 2, 3, wild=False))
    with pytest.raises(InvalidArgumentError, match=message):
        mma_sync(a, b, c, [16, 8, 16])


@pytest.mark.parametrize("shape, tf32, message", [
    ([16, 8, 24], False, r"expected 384 warp-wide matrix A elements"),
    ([16, 8], False, r"mmaShape must have exactly 3 elements"),
    ([16, 8, 16.5], False, r"mmaShape must be a sequence of integers"),
    ([16, 8, 16], True, "expected tf32 tensor cores only for F32 operands"),
])
def test_bad_attributes_are_rejected(shape, tf32, message):
    a, b, c = operands(DENSE[0], np.dtype(np.float32), 1, 3, wild=False)
    with pytest.raises(InvalidArgumentError, match=message):
        mma_sync(a, b, c, shape, tf32)


def test_f32_operands_need_tf32_enabled_and_bf16_needs_an_f32_accumulator():
    with pytest.raises(InvalidArgumentError, match="float32 operands need tf32Enabled"):
        mma_sync(np.zeros((32, 2, 1), np.float32), np.zeros((32, 1, 1), np.float32), np.zeros((32, 2, 2), np.float32),
                 [16, 8, 4])
    with pytest.raises(InvalidArgumentError, match="accumulates in float32"):
        mma_sync(np.zeros((32, 4, 2), ml_dtypes.bfloat16), np.zeros((32, 2, 2), ml_dtypes.bfloat16),
                 np.zeros((32, 2, 2), np.float16), [16, 8, 16])


def test_inside_a_dispatch_groups_must_hold_whole_warps_and_operands_every_lane():
    from dxlinalg.gpu import compute_shader, run_dispatch
    a, b, c = operands(DENSE[0], np.dtype(np.float32), 1, 3, wild=False)

    @compute_shader(numthreads=(48, 1, 1))
    def uneven():
        mma_sync(np.zeros((48, 4, 2), np.float16), np.zeros((48, 2, 2), np.float16), np.zeros((48, 2, 2), np.float32),
                 [16, 8, 16])

    with pytest.raises(InvalidArgumentError, match="give a positive multiple of 32"):
        run_dispatch(uneven, {})

    @compute_shader(numthreads=(48, 1, 1))
    def straddling():
        mma_sync(np.zeros((96, 4, 2), np.float16), np.zeros((96, 2, 2), np.float16), np.zeros((96, 2, 2), np.float32),
                 [16, 8, 16])

    with pytest.raises(InvalidArgumentError, match="thread groups of 48 threads do not hold whole warps of 32"):
        run_dispatch(straddling, {}, thread_groups=(2, 1, 1))

    @compute_shader(numthreads=(64, 1, 1))
    def short_operands():
        mma_sync(a, b, c, [16, 8, 16])

    with pytest.raises(InvalidArgumentError, match="the vector has 32 rows but 64 lanes are running"):
        run_dispatch(short_operands, {})

    @compute_shader(numthreads=(32, 1, 1))
    def one_warp():
        assert mma_sync(a, b, c, [16, 8, 16]).shape == (32, 2, 2)

    run_dispatch(one_warp, {}, thread_groups=(1, 1, 1))
    with pytest.raises(InvalidArgumentError, match="profile= is only for calls outside a dispatch"):
        @compute_shader(numthreads=(32, 1, 1))
        def with_profile():
            mma_sync(a, b, c, [16, 8, 16], profile="nvidia-h100")

        run_dispatch(with_profile, {})
