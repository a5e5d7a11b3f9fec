"""The nvgpu GEMM sample: bit for bit the chain of mma.sync steps it performs, on every profile."""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg.linalg.mma_sums import FloatMma, float_mma
from dxlinalg.profile.registry import load_profile
from dxlinalg.samples import nvgpu_gemm


def mma_chain(a: np.ndarray, b: np.ndarray, profile: str) -> np.ndarray:
    """C through the same arithmetic, tile by tile: every 16 x 8 tile of C takes one mma per k16 step, in
    k order, from C = 0 (what each warp's accumulators see, whatever the data movement)."""
    m, k = a.shape
    n = b.shape[1]
    settings = load_profile(profile)
    model = FloatMma(settings.nvgpu, settings.float_conversion)
    c = np.zeros((m // 16, n // 8, 16, 8), np.float32)
    for k0 in range(0, k, 16):
        a_all = np.broadcast_to(a[:, k0: k0 + 16].reshape(m // 16, 1, 16, 16), (m // 16, n // 8, 16, 16))
        b_all = np.broadcast_to(b[k0: k0 + 16].reshape(16, n // 8, 8).transpose(1, 0, 2)[None],
                                (m // 16, n // 8, 16, 8))
        c = float_mma(a_all.reshape(-1, 16, 16), b_all.reshape(-1, 16, 8), c.reshape(-1, 16, 8), model).reshape(c.shape)
    return c.transpose(0, 2, 1, 3).reshape(m, n)


def operands(m: int, n: int, k: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    return rng.standard_normal((m, k)).astype(np.float16), rng.standard_normal((k, n)).astype(np.float16)


@pytest.mark.parametrize("profile, strict", [("reference", True), ("nvidia-h100", False), ("adversarial", True),
                                             ("adversarial", False)])
def test_the_sample_is_the_chain_of_its_mma_steps(profile, strict):
    a, b = operands(128, 64, 96)
    c = nvgpu_gemm.multiply(a, b, profile, strict=strict)
    want = mma_chain(a, b, profile)
    assert np.array_equal(c.view(np.uint32), want.view(np.uint32))
    assert np.allclose(c, a.astype(np.float64) @ b.astype(np.float64), rtol=1e-5, atol=1e-4)


def test_the_profiles_sum_differently_but_both_near_numpy():
    a, b = operands(64, 64, 256, seed=1)
    reference, h100 = (nvgpu_gemm.multiply(a, b, p, strict=False) for p in ("reference", "nvidia-h100"))
    assert not np.array_equal(reference, h100)
    exact = a.astype(np.float64) @ b.astype(np.float64)
    assert np.abs(h100 - exact).max() < 1e-3 and np.abs(reference - exact).max() < 1e-4


def test_the_command_line_runs_and_reports_the_error(capsys):
    assert nvgpu_gemm.main(["--size", "64"]) == 0
    assert "64^3 FP16 GEMM through nvgpu" in capsys.readouterr().out


@pytest.mark.parametrize("argv, text", [(["--size", "100"], "argument --size: 100 is not a multiple of 64"),
                                        (["--size", "0"], "argument --size: 0 is not in [64, 4096]"),
                                        (["--profile", "nope"], "argument --profile: profile ")])
def test_bad_arguments_are_argparse_errors(argv, text, capsys):
    with pytest.raises(SystemExit) as exit_info:
        nvgpu_gemm.main(argv)
    assert exit_info.value.code == 2 and f"error: {text}" in capsys.readouterr().err


def test_shapes_the_tiling_cannot_cover_are_rejected():
    with pytest.raises(ValueError, match="multiples of 64"):
        nvgpu_gemm.multiply(np.zeros((48, 32), np.float16), np.zeros((32, 64), np.float16))
