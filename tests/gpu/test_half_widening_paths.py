"""widen_half's two exact paths (the multiply trick, and the table for CPUs slow on subnormals)
give numpy's float16 -> float32 cast for every half bit pattern."""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg.gpu import half


@pytest.mark.parametrize("slow_subnormals", [False, True])
def test_every_half_pattern_widens_like_numpys_cast(monkeypatch, slow_subnormals):
    monkeypatch.setattr(half, "subnormal_arithmetic_is_slow", lambda: slow_subnormals)
    every = np.arange(1 << 16, dtype=np.uint32).astype(np.uint16).view(np.float16).reshape(256, 256)
    want = every.astype(np.float32)
    got = half.widen_half(every)
    assert np.array_equal(got.view(np.uint32), want.view(np.uint32))
    into = np.empty((256, 256), np.float32)
    half.widen_half(every, out=into)
    assert np.array_equal(into.view(np.uint32), want.view(np.uint32))


def test_the_cpu_probe_answers_a_bool_and_is_cached():
    assert half.subnormal_arithmetic_is_slow() in (True, False)
    assert half.subnormal_arithmetic_is_slow.cache_info().currsize == 1
