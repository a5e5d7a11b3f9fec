"""Adding the bias to every lane over rows of many lanes gives numpy's broadcast sums bit for bit."""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg.linalg.matvec import _add_to_every_lane


@pytest.mark.parametrize("lanes, m", [(8192, 32), (1000, 3), (256, 7), (9, 40), (1, 1), (0, 4)])
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int32])
def test_bias_rows_equal_the_broadcast_sum_for_any_lane_count(lanes, m, dtype):
    rng = np.random.default_rng(lanes + m)
    accumulator = (rng.standard_normal((lanes, m)) * 1e3).astype(dtype)
    row = (rng.standard_normal(m) * 1e3).astype(dtype)
    expected = accumulator + row
    _add_to_every_lane(accumulator, row)
    assert accumulator.tobytes() == expected.tobytes()


def test_a_non_contiguous_accumulator_is_added_in_place():
    storage = np.arange(64, dtype=np.float32).reshape(8, 8)
    accumulator = storage[:, ::2]
    expected = accumulator + np.float32(0.5)
    _add_to_every_lane(accumulator, np.full(4, 0.5, np.float32))
    assert np.array_equal(storage[:, ::2], expected)
