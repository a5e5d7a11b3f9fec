"""Exp, Log and Cosh composed as NVIDIA's compiler builds them from the special-function unit's ex2 and lg2
(measured on an H200: docs/hardware-nvidia-h100-spirv.md), for the profiles whose
shader.transcendentals is nvidia_composed. Correctly rounded Exp2/Log2 stand in for the SFU's, which are within
1 ulp of them; the composition is what moves the results (the product x * log2(e) is rounded in the type, so
Exp loses up to 59 ulp to the correctly rounded value for |x| near 80, as the hardware does).

One place for both surfaces: the SPIR-V executor's GLSL.std.450 and the HLSL intrinsics of dxlinalg.gpu.
"""

from __future__ import annotations

import numpy as np

LOG2_E = 1.4426950408889634
LN_2 = 0.6931471805599453


def exp2_rounded(t: np.ndarray) -> np.ndarray:
    """2^t rounded once to t's float type."""
    with np.errstate(over="ignore"):
        return np.exp2(t.astype(np.float64)).astype(t.dtype)


def composed_exp(x: np.ndarray) -> np.ndarray:
    """Exp as Exp2 of x * log2(e), the product rounded in x's type (H200: float32 within 2 ulp, float16 1)."""
    x = np.asarray(x)
    with np.errstate(over="ignore", invalid="ignore"):
        return exp2_rounded(np.multiply(x, x.dtype.type(LOG2_E)))


def composed_log(x: np.ndarray) -> np.ndarray:
    """float32 Log as Log2 times ln 2 rounded to float32 (the H200's exactly, given its Log2); other types as
    numpy's Log."""
    x = np.asarray(x)
    with np.errstate(divide="ignore", invalid="ignore"):
        if x.dtype != np.float32:
            return np.log(x)
        return np.multiply(np.log2(x.astype(np.float64)).astype(np.float32), np.float32(LN_2))


def composed_cosh(x: np.ndarray) -> np.ndarray:
    """float32 Cosh as (Exp(x) + Exp(-x)) / 2 with the composed Exp (H200: within 2 ulp); other types numpy's."""
    x = np.asarray(x)
    if x.dtype != np.float32:
        return np.cosh(x)
    with np.errstate(over="ignore", invalid="ignore"):
        return np.multiply(np.add(composed_exp(x), composed_exp(-x)), np.float32(0.5))
