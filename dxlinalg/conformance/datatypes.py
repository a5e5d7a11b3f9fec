"""Facts about D3D12_LINEAR_ALGEBRA_DATATYPE values that the suite needs, in D3D12 terms.

Written from the spec (0029, spec/d3d12_hlsl.md §1.3, §3.5), not taken from dxlinalg's numeric core,
so the suite judges an implementation by the spec's text rather than by the emulator's own tables.
"""

from __future__ import annotations

import math

import ml_dtypes
import numpy as np

from d3d12api import D3D12_LINEAR_ALGEBRA_DATATYPE as DT
from d3d12api import D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT as LAYOUT

FLOAT16, FLOAT32, E4M3, E5M2 = DT.FLOAT16, DT.FLOAT32, DT.E4M3, DT.E5M2
SINT8, UINT8, SINT16, UINT16, SINT32, UINT32 = DT.SINT8, DT.UINT8, DT.SINT16, DT.UINT16, DT.SINT32, DT.UINT32
SINT8_PACKED, UINT8_PACKED = DT.SINT8_T4_PACKED, DT.UINT8_T4_PACKED
ROW_MAJOR, COLUMN_MAJOR = LAYOUT.ROW_MAJOR, LAYOUT.COLUMN_MAJOR
MUL_OPTIMAL, OUTER_PRODUCT_OPTIMAL = LAYOUT.MUL_OPTIMAL, LAYOUT.OUTER_PRODUCT_OPTIMAL
LAYOUTS = (ROW_MAJOR, COLUMN_MAJOR, MUL_OPTIMAL, OUTER_PRODUCT_OPTIMAL)
OPTIMAL_LAYOUTS = (MUL_OPTIMAL, OUTER_PRODUCT_OPTIMAL)

FLOATS = frozenset({FLOAT16, FLOAT32, E4M3, E5M2})
FP8 = frozenset({E4M3, E5M2})
PACKED = frozenset({SINT8_PACKED, UINT8_PACKED})
INTEGER_RANGE = {
    SINT8: (-128, 127), UINT8: (0, 255), SINT16: (-(1 << 15), (1 << 15) - 1), UINT16: (0, (1 << 16) - 1),
    SINT32: (-(1 << 31), (1 << 31) - 1), UINT32: (0, (1 << 32) - 1),
}
#: numpy dtype of one element in memory (packed types: one uint32 word holding four 8-bit values).
NUMPY = {
    FLOAT16: np.dtype(np.float16), FLOAT32: np.dtype(np.float32),
    E4M3: np.dtype(ml_dtypes.float8_e4m3fn), E5M2: np.dtype(ml_dtypes.float8_e5m2),
    SINT8: np.dtype(np.int8), UINT8: np.dtype(np.uint8), SINT16: np.dtype(np.int16), UINT16: np.dtype(np.uint16),
    SINT32: np.dtype(np.int32), UINT32: np.dtype(np.uint32),
    SINT8_PACKED: np.dtype(np.uint32), UINT8_PACKED: np.dtype(np.uint32),
}
#: Bit-pattern dtype of each float type (for sweeps over every encoding).
BITS = {FLOAT16: np.dtype(np.uint16), FLOAT32: np.dtype(np.uint32), E4M3: np.dtype(np.uint8),
        E5M2: np.dtype(np.uint8)}
#: Largest finite value of each float type.
MAX_FINITE = {FLOAT16: 65504.0, FLOAT32: float(np.finfo(np.float32).max), E4M3: 448.0, E5M2: 57344.0}
HAS_INFINITY = {FLOAT16: True, FLOAT32: True, E4M3: False, E5M2: True}


def name(datatype: int) -> str:
    """The short D3D12 name (FLOAT16, E4M3, SINT8_T4_PACKED, ...), or the number if unknown."""
    try:
        return DT(int(datatype)).name
    except ValueError:
        return str(int(datatype))


def layout_name(layout: int) -> str:
    try:
        return LAYOUT(int(layout)).name
    except ValueError:
        return str(int(layout))


def size(datatype: int) -> int:
    return NUMPY[DT(datatype)].itemsize


def is_float(datatype: int) -> bool:
    return int(datatype) in FLOATS


def is_integer(datatype: int) -> bool:
    return int(datatype) in INTEGER_RANGE or int(datatype) in PACKED


def overflow_threshold(datatype: int) -> tuple[float, bool]:
    """(t, inclusive): RNE with an unbounded exponent gives more than the largest finite value exactly
    when |x| > t (or |x| >= t if inclusive). t is the midpoint between max finite and the next
    step; the tie goes to whichever of the two has an even significand (E4M3's 448 = 1.110b x 2^8 is
    even, so 464 rounds down; E5M2's 57344, FP16's 65504 and FP32's max are odd, so their ties overflow)."""
    largest = MAX_FINITE[DT(datatype)]
    mantissa_bits = {FLOAT16: 10, FLOAT32: 23, E4M3: 3, E5M2: 2}[DT(datatype)]
    exponent = math.frexp(largest)[1] - 1
    half_step = math.ldexp(1.0, exponent - mantissa_bits - 1)
    return largest + half_step, datatype != E4M3
