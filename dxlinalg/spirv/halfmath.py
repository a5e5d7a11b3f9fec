"""float16 arithmetic at float32 speed, rounding exactly as IEEE float16 arithmetic does.

For +, -, *, / and square root, computing on the exact float32 widenings and rounding the float32
result once to half gives the correctly rounded half result (float32 has 24 >= 2 * 11 + 2 bits),
which is also what numpy's own float16 loops compute, one element at a time. Large arrays use
the engine's vectorised widening and narrowing (dxlinalg.gpu.half) instead.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from dxlinalg.gpu.half import narrow_to_half, widen_half
from dxlinalg.gpu.types import FAST_HALF_CAST_FROM


def widen(value: np.ndarray) -> np.ndarray:
    """float16 -> float32 (exact)."""
    if value.size >= FAST_HALF_CAST_FROM:
        return widen_half(value)
    return value.astype(np.float32)


def narrow(value: np.ndarray) -> np.ndarray:
    """float32 -> float16, round to nearest even."""
    if value.size >= FAST_HALF_CAST_FROM:
        narrowed = narrow_to_half(value)
        if narrowed is not None:
            return narrowed.reshape(value.shape)
    return value.astype(np.float16)


def exact_op(function: Callable[..., np.ndarray], dtype: np.dtype | None = None) -> Callable[..., np.ndarray]:
    """`function` (+, -, *, /, sqrt, ...) on operands of one float type; halves via float32 as above.
    Where the operands' type `dtype` is known and not float16, that is `function` itself."""
    if dtype is not None and dtype != np.float16:
        return function

    def apply(*operands: np.ndarray) -> np.ndarray:
        if operands[0].dtype != np.float16 or max(x.size for x in operands) < FAST_HALF_CAST_FROM:
            return function(*operands)
        return narrow(function(*(widen(x) for x in operands)))
    return apply
