"""`dxlinalg convert` holds a small multiple of its input: no whole-matrix float64 copies, tables or snapshots.

Measured with tracemalloc (numpy reports its allocations to it), which counts the same bytes on
every run: a memory bound, not a timing. benchmarks/w3_conversion.py measures 4096 x 4096.
"""

from __future__ import annotations

import tracemalloc

import numpy as np
import pytest

from dxlinalg.commands.convert import run_convert

SIDE = 2048
PEAK_OVER_INPUT = 4.0


@pytest.mark.parametrize("profile", ["reference", "nvidia-h100"])
@pytest.mark.parametrize("to_type", ["FLOAT16", "E4M3"])
def test_peak_memory_of_a_conversion_stays_under_four_times_the_input(tmp_path, capsys, profile, to_type):
    path = tmp_path / "w.npy"
    np.save(path, np.random.default_rng(0).standard_normal((SIDE, SIDE)).astype(np.float32))
    tracemalloc.start()
    try:
        code = run_convert(str(path), None, None, "FLOAT32", "ROW_MAJOR", to_type, "MUL_OPTIMAL", None, None,
                           profile, str(tmp_path / "w.bin"))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert code == 0 and "DestSize" in capsys.readouterr().out
    ratio = peak / (SIDE * SIDE * 4)
    assert ratio < PEAK_OVER_INPUT, f"peak {peak / 2**20:.1f} MiB is {ratio:.2f} x the input"
