"""Raw FLOAT32 input bytes may hold signalling NaNs; the report widens them quietly (found by tests/fuzz).

Widening a signalling NaN to float64 raises the CPU's invalid flag, which numpy reported as "invalid
value encountered in cast" on the terminal of `dxlinalg convert`, in the middle of its report.
"""

from __future__ import annotations

import warnings

import numpy as np

from dxlinalg.commands.error_stats import quantisation_stats
from dxlinalg.numerics.component_types import ComponentType


def test_signalling_nans_in_the_input_count_as_nan_without_numpy_warnings():
    signalling = np.full((4, 64), 0x7F800001, np.uint32).view(np.float32)   # exponent all ones, quiet bit clear
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        stats = quantisation_stats(signalling, signalling.copy(), ComponentType.F32)
    assert stats.nan == stats.nan_in_input == signalling.size and stats.max_abs_error == 0


def test_convert_of_raw_bytes_with_signalling_nans_reports_without_warnings(convert, tmp_path):
    raw = tmp_path / "weights.bin"
    np.full(32, 0x7FA00000, np.uint32).tofile(raw)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        code, out, err = convert(raw, "--rows", 4, "--cols", 8, "--from-type", "FLOAT32", "--to-type", "FLOAT32",
                                 "--to-layout", "ROW_MAJOR")
    assert (code, err) == (0, "") and "NaN 32 (32 NaN in the input)" in out
