"""Integer arithmetic numpy lacks: division truncating toward zero (fused multiply-add is `dxlinalg.numerics.fma`)."""

from __future__ import annotations

import numpy as np


def truncating_divide(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Signed integer division rounding toward zero (C, SPIR-V OpSDiv); y must be nonzero.
    The quotient wraps (INT_MIN / -1 = INT_MIN)."""
    with np.errstate(all="ignore"):
        quotient = np.floor_divide(x, y)
        inexact = np.remainder(x, y) != 0
        quotient = quotient + (inexact & ((x < 0) != (y < 0))).astype(quotient.dtype)
    return quotient
