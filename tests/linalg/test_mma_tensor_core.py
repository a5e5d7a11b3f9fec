"""fast.mma_tensor_core against the plain tensor-core model (tensor_core_sums.chunked_sums) and rationals."""

from __future__ import annotations

from fractions import Fraction

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.linalg import mma_sums
from dxlinalg.linalg.fast import mma_tensor_core
from dxlinalg.linalg.mma_sums import FloatMma, float_mma
from dxlinalg.profile.model import NvgpuSettings
from dxlinalg.profile.registry import load_profile
from tests.nvgpu import oracle
from tests.nvgpu.values import random_values

OPERANDS = {"f16": np.dtype(np.float16), "bf16": np.dtype(ml_dtypes.bfloat16), "tf32": np.dtype(np.float32)}
CONVERSION = load_profile("nvidia-h100").float_conversion


def model(chunk: int, kept_bits: int, f32_rounding: str) -> FloatMma:
    return FloatMma(NvgpuSettings(mma_sum="tensor_core", mma_k_chunk=chunk, mma_kept_bits=kept_bits,
                                  mma_alignment="operands", mma_f32_rounding=f32_rounding), CONVERSION)


def plain(a: np.ndarray, b: np.ndarray, c: np.ndarray, settings_: FloatMma) -> np.ndarray:
    """float_mma without the fast path: tensor_core_sums.chunked_sums."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(mma_sums, "tensor_core_mma", lambda *args, **kwargs: None)
        return float_mma(a, b, c, settings_)


def edge_values(rng: np.random.Generator, dtype: np.dtype, shape: tuple[int, ...]) -> np.ndarray:
    """Values a tensor core finds hard: subnormals, the largest finite values, zeros of both signs,
    exact powers of two and values one unit apart (cancellation)."""
    info = ml_dtypes.finfo(dtype)
    pool = np.array([0.0, -0.0, float(info.smallest_subnormal), -float(info.smallest_subnormal),
                     float(info.smallest_normal), float(info.max), -float(info.max), 1.0, -1.0, 1.5,
                     1 + float(info.eps), -(1 + float(info.eps)), 2.0 ** -5, 3 * float(info.smallest_subnormal)])
    return rng.choice(pool, shape).astype(dtype)


def operands(seed: int, operand: str, accumulator: np.dtype, kind: str, warps: int, k: int):
    rng = np.random.default_rng(seed)
    dtype = OPERANDS[operand]

    def draw(dt: np.dtype, shape: tuple[int, ...]) -> np.ndarray:
        values = edge_values(rng, dt, shape) if kind == "edge" else random_values(rng, dt, shape, kind == "wild")
        if kind == "mixed":
            values = np.where(rng.random(shape) < 0.2, edge_values(rng, dt, shape), values).astype(dt)
        return values

    a, b, c = draw(dtype, (warps, 16, k)), draw(dtype, (warps, k, 8)), draw(accumulator, (warps, 16, 8))
    if operand == "tf32":
        a, b = (mma_sums.tf32_values(v, "truncate") for v in (a, b))       # tf32 values: 10 fraction bits
        with np.errstate(invalid="ignore", over="ignore"):
            a, b = (np.where(np.isfinite(v), v, np.float32(1)) for v in (a, b))
    if rng.random() < 0.3:                          # an accumulator that cancels a tile row's sum
        with np.errstate(invalid="ignore", over="ignore"):
            exact = np.matmul(a.astype(np.float64), b.astype(np.float64))
        largest = float(ml_dtypes.finfo(accumulator).max)
        c = np.where(np.abs(exact) <= largest, -exact, c).astype(accumulator)
    return a, b, c


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), operand=st.sampled_from(["f16", "bf16", "tf32"]),
       f16_accumulator=st.booleans(), kind=st.sampled_from(["tame", "wild", "edge", "mixed"]),
       chunk=st.sampled_from([1, 3, 4, 8, 16, 256]), kept_bits=st.sampled_from([10, 16, 25, 29, 30, 40]),
       f32_rounding=st.sampled_from(["nearest_even", "toward_zero"]), k=st.sampled_from([8, 16, 32]),
       warps=st.integers(1, 3))
def test_the_fast_tensor_core_sums_are_the_plain_models_bits(seed, operand, f16_accumulator, kind, chunk,
                                                              kept_bits, f32_rounding, k, warps):
    accumulator = np.dtype(np.float16 if f16_accumulator and operand == "f16" else np.float32)
    a, b, c = operands(seed, operand, accumulator, kind, warps, k)
    settings_ = model(chunk, kept_bits, f32_rounding)
    with np.errstate(all="ignore"):
        got = float_mma(a, b, c, settings_)
        want = plain(a, b, c, settings_)
    unsigned = np.dtype(f"u{accumulator.itemsize}")
    assert np.array_equal(got.view(unsigned), want.view(unsigned)), np.argwhere(got.view(unsigned) != want.view(unsigned))[:3]


def test_several_blocks_of_warps_are_the_plain_models_bits(monkeypatch):
    """Blocks of warps join up: 40 warps in blocks of 3."""
    a, b, c = operands(5, "f16", np.dtype(np.float32), "mixed", 40, 16)
    profile = load_profile("nvidia-h100")
    settings_ = FloatMma(profile.nvgpu, profile.float_conversion)
    monkeypatch.setattr(mma_tensor_core, "BLOCK_ELEMENTS", 3 * 16 * 8)
    with np.errstate(all="ignore"):
        got = float_mma(a, b, c, settings_)
        want = plain(a, b, c, settings_)
    assert np.array_equal(got.view(np.uint32), want.view(np.uint32))


@pytest.mark.parametrize("kept_bits, chunk", [(25, 256), (10, 4), (40, 3)])
def test_edge_values_against_rationals(kept_bits, chunk):
    a, b, c = operands(11, "f16", np.dtype(np.float32), "edge", 2, 16)
    settings_ = model(chunk, kept_bits, "toward_zero")
    with np.errstate(all="ignore"):
        got = float_mma(a, b, c, settings_)
    spec = ("tensor_core", chunk, kept_bits, "operands", "toward_zero")
    for w in range(2):
        for m in range(16):
            for n in range(8):
                products = [Fraction(float(a[w, m, i])) * Fraction(float(b[w, i, n])) for i in range(16)]
                exponents = [oracle.operand_exponent(float(a[w, m, i]), "f16")
                             + oracle.operand_exponent(float(b[w, i, n]), "f16") for i in range(16)]
                want = oracle.float_dot(products, Fraction(float(c[w, m, n])), "f32", spec, exponents)
                assert got[w, m, n].view(np.uint32) == np.float32(want).view(np.uint32), (w, m, n)


@pytest.mark.parametrize("bad", [np.inf, -np.inf, np.nan])
def test_inf_and_nan_operands_are_left_to_the_plain_model(bad):
    a, b, c = operands(3, "f16", np.dtype(np.float32), "tame", 1, 16)
    a[0, 2, 3] = bad
    assert mma_tensor_core.tensor_core_mma(a, b, c, lambda v: v.astype(np.float32), chunk=256, kept_bits=25) is None
    c[0, 0, 0] = bad
    a[0, 2, 3] = 1
    assert mma_tensor_core.tensor_core_mma(a, b, c, lambda v: v.astype(np.float32), chunk=256, kept_bits=25) is None
