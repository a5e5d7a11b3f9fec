"""benchmarks.n1_floor keeps running: every row is printed, the floor is the sum of its parts."""

from __future__ import annotations

import re

import pytest

from benchmarks import n1_floor


def test_the_floor_experiment_prints_every_part_and_their_sum(capsys):
    assert n1_floor.main(["--warps", "32", "--repeats", "1"]) == 0
    out = capsys.readouterr().out
    rows = re.findall(r"^  (.+?)\s+([0-9.]+) ms", out, re.MULTILINE)
    times = {name.strip(): float(ms) for name, ms in rows}
    parts = ("gather A, B, C + scatter D", "widen A, B to float64", "float64 matmul + C")
    others = {"floor (reference)", "certificate", "tensor-core loop", "mma_sync reference", "mma_sync nvidia-h100"}
    assert set(parts) | others == set(times)
    assert times["floor (reference)"] == pytest.approx(sum(times[name] for name in parts), abs=0.005)


def test_bad_arguments_are_refused():
    with pytest.raises(SystemExit):
        n1_floor.main(["--warps", "0"])
