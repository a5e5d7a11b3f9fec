"""The flash-attention-style sample (coopMatReduceNV, coopMatPerElementNV), small, on every profile."""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg.profile.registry import builtin_profile_names
from dxlinalg.samples import coopmat_attention
from dxlinalg.samples.coopmat_attention import (
    errors,
    reference_attention,
    run_attention,
    sample_inputs,
)
from dxlinalg.samples.host_helpers import GpuContext


@pytest.mark.parametrize("profile", builtin_profile_names())
@pytest.mark.parametrize("n", [1, 16, 45])
def test_attention_is_within_the_stated_bound_on_every_profile(profile, n):
    q, k, v = sample_inputs(n, seed=n)
    out = run_attention(GpuContext(profile), q, k, v)
    assert errors(q, k, v, out) == 0


def test_keys_past_the_end_are_masked_not_read_as_zeros():
    q, k, v = sample_inputs(20, seed=1)
    out = run_attention(GpuContext("reference"), q, k, v)
    padded = [np.concatenate([x, np.zeros((12, x.shape[1]), x.dtype)]) for x in (q, k, v)]
    unmasked = reference_attention(*padded)[:20]           # what the zeros of the clamped block would give
    assert np.abs(out - unmasked).max() > 1e-2
    assert errors(q, k, v, out) == 0


def test_a_wrong_output_is_caught():
    q, k, v = sample_inputs(16)
    out = reference_attention(q, k, v).astype(np.float32)
    assert errors(q, k, v, out) == 0
    out[2, 3] += 0.01
    assert errors(q, k, v, out) == 1


def test_the_command_line_reports_no_difference(capsys):
    assert coopmat_attention.main(["--n", "40", "--profile", "adversarial"]) == 0
    assert "0 of 640" in capsys.readouterr().out
