"""Which lane of a warp holds which matrix element: the PTX ISA's mma fragment layouts.

Each map is a pure function `(lane, element) -> (row, col)`, taking ints or integer arrays, with
`element` the PTX fragment index (a0, a1, ... in the ISA's figures). In an nvgpu vector
`vector<R x E x T>` element `[r][e]` is fragment index `r * E + e`: row r of the vector is 32-bit
register r (64-bit for f64), its first element in the low bits. A is M x K, B is K x N (row k,
column n), C and D are M x N. `g = lane >> 2` is the PTX groupID, `t = lane % 4`
threadID_in_group. Sources: the PTX ISA's "Matrix Fragments for mma.mMnNkK" sections (9.7.14.5.x)
and, for mma.sp, "Matrix fragments for multiply-accumulate operation with sparse matrix A"
(9.7.14.6.2). The sparse shapes' longer B fragments, which the ISA gives only as figures, continue
the dense formula of their element width (b_m16n8k16_b16 to b7, b_m16n8k32_b8 to b15,
b_m16n8k8_tf32 to b3), as MLIR's general rule (MMAUtils.cpp) says and the H100 shows.
tests/nvgpu checks that every map is a bijection onto its matrix.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias

import numpy as np

Index: TypeAlias = "int | np.ndarray"
FragmentMap: TypeAlias = Callable[[Index, Index], tuple[Index, Index]]


def _g(lane: Index) -> Index:
    return lane >> 2


def _t(lane: Index) -> Index:
    return lane & 3


# -- C and D: one layout for every m16n8 shape, and m8n8k4's ----------------------------------------
def c_m16n8(lane: Index, i: Index) -> tuple[Index, Index]:
    """c0..c3: rows g (c0, c1) and g + 8 (c2, c3), columns 2t, 2t + 1."""
    return _g(lane) + 8 * (i >> 1), 2 * _t(lane) + (i & 1)


def c_m8n8k4(lane: Index, i: Index) -> tuple[Index, Index]:
    """c0, c1 of .f64 m8n8k4: row g, columns 2t, 2t + 1."""
    return _g(lane) + 0 * i, 2 * _t(lane) + i


# -- m16n8k16 .f16/.bf16 ------------------------------------------------------------------------------
def a_m16n8k16_b16(lane: Index, i: Index) -> tuple[Index, Index]:
    """a0..a7: row g for a0, a1, a4, a5, else g + 8; column 2t + (i & 1), + 8 from a4."""
    return _g(lane) + 8 * ((i >> 1) & 1), 2 * _t(lane) + (i & 1) + 8 * (i >> 2)


def b_m16n8k16_b16(lane: Index, i: Index) -> tuple[Index, Index]:
    """b0..b3: row 2t + (i & 1), + 8 from b2; column g."""
    return 2 * _t(lane) + (i & 1) + 8 * (i >> 1), _g(lane) + 0 * i


# -- m16n8k8 .f16/.bf16 -------------------------------------------------------------------------------
def a_m16n8k8_b16(lane: Index, i: Index) -> tuple[Index, Index]:
    """a0..a3: row g for a0, a1, g + 8 for a2, a3; column 2t + (i & 1)."""
    return _g(lane) + 8 * (i >> 1), 2 * _t(lane) + (i & 1)


def b_m16n8k8_b16(lane: Index, i: Index) -> tuple[Index, Index]:
    """b0, b1: row 2t + i; column g."""
    return 2 * _t(lane) + i, _g(lane) + 0 * i


# -- m16n8k8 .tf32 ------------------------------------------------------------------------------------
def a_m16n8k8_tf32(lane: Index, i: Index) -> tuple[Index, Index]:
    """a0..a3: row g for a0, a2, g + 8 for a1, a3; column t for a0, a1, t + 4 for a2, a3."""
    return _g(lane) + 8 * (i & 1), _t(lane) + 4 * (i >> 1)


def b_m16n8k8_tf32(lane: Index, i: Index) -> tuple[Index, Index]:
    """b0, b1: row t, t + 4; column g."""
    return _t(lane) + 4 * i, _g(lane) + 0 * i


# -- m16n8k4 .tf32 ------------------------------------------------------------------------------------
def a_m16n8k4_tf32(lane: Index, i: Index) -> tuple[Index, Index]:
    """a0, a1: row g, g + 8; column t."""
    return _g(lane) + 8 * i, _t(lane) + 0 * i


def b_m16n8k4_tf32(lane: Index, i: Index) -> tuple[Index, Index]:
    """b0: row t; column g."""
    return _t(lane) + 0 * i, _g(lane) + 0 * i


# -- m8n8k4 .f64 --------------------------------------------------------------------------------------
def a_m8n8k4_f64(lane: Index, i: Index) -> tuple[Index, Index]:
    """a0: row g; column t."""
    return _g(lane) + 0 * i, _t(lane) + 0 * i


def b_m8n8k4_f64(lane: Index, i: Index) -> tuple[Index, Index]:
    """b0: row t; column g."""
    return _t(lane) + 0 * i, _g(lane) + 0 * i


# -- m16n8k32 .s8/.u8 ---------------------------------------------------------------------------------
def a_m16n8k32_b8(lane: Index, i: Index) -> tuple[Index, Index]:
    """a0..a15: row g for a0..a3 and a8..a11, else g + 8; column 4t + (i & 3), + 16 from a8."""
    return _g(lane) + 8 * ((i >> 2) & 1), 4 * _t(lane) + (i & 3) + 16 * (i >> 3)


def b_m16n8k32_b8(lane: Index, i: Index) -> tuple[Index, Index]:
    """b0..b7: row 4t + (i & 3), + 16 from b4; column g."""
    return 4 * _t(lane) + (i & 3) + 16 * (i >> 2), _g(lane) + 0 * i


# -- m16n8k16 .s8/.u8 ---------------------------------------------------------------------------------
def a_m16n8k16_b8(lane: Index, i: Index) -> tuple[Index, Index]:
    """a0..a7: row g for a0..a3, g + 8 for a4..a7; column 4t + (i & 3)."""
    return _g(lane) + 8 * (i >> 2), 4 * _t(lane) + (i & 3)


def b_m16n8k16_b8(lane: Index, i: Index) -> tuple[Index, Index]:
    """b0..b3: row 4t + i; column g."""
    return 4 * _t(lane) + i, _g(lane) + 0 * i


# -- m16n8k64 .s4/.u4 ---------------------------------------------------------------------------------
def a_m16n8k64_b4(lane: Index, i: Index) -> tuple[Index, Index]:
    """a0..a31: row g for a0..a7 and a16..a23, else g + 8; column 8t + (i & 7), + 32 from a16."""
    return _g(lane) + 8 * ((i >> 3) & 1), 8 * _t(lane) + (i & 7) + 32 * (i >> 4)


def b_m16n8k64_b4(lane: Index, i: Index) -> tuple[Index, Index]:
    """b0..b15: row 8t + (i & 7), + 32 from b8; column g."""
    return 8 * _t(lane) + (i & 7) + 32 * (i >> 3), _g(lane) + 0 * i


# -- m16n8k32 .s4/.u4 ---------------------------------------------------------------------------------
def a_m16n8k32_b4(lane: Index, i: Index) -> tuple[Index, Index]:
    """a0..a15: row g for a0..a7, g + 8 for a8..a15; column 8t + (i & 7)."""
    return _g(lane) + 8 * (i >> 3), 8 * _t(lane) + (i & 7)


def b_m16n8k32_b4(lane: Index, i: Index) -> tuple[Index, Index]:
    """b0..b7: row 8t + i; column g."""
    return 8 * _t(lane) + i, _g(lane) + 0 * i


# -- mma.sp: the stored (compressed) A, M x K/2 (PTX 9.7.14.6.2.x) -------------------------------------
# Column c of the compressed A is the (c % 2)-th non-zero of the 4-wide chunk c // 2 of its row
# (tf32: the one non-zero of the 2-wide chunk c); `sparse_metadata` says where in the chunk it sits.
def a_sp_m16n8k16_b16(lane: Index, i: Index) -> tuple[Index, Index]:
    """a0..a3: row g for a0, a1, g + 8 for a2, a3; the non-zeros of columns [4t, 4t + 3]."""
    return a_m16n8k8_b16(lane, i)


def a_sp_m16n8k32_b16(lane: Index, i: Index) -> tuple[Index, Index]:
    """a0..a7: row g for a0, a1, a4, a5, else g + 8; non-zeros of [4t, 4t + 3], + 16 from a4."""
    return a_m16n8k16_b16(lane, i)


def a_sp_m16n8k8_tf32(lane: Index, i: Index) -> tuple[Index, Index]:
    """a0, a1: row g, g + 8; the non-zero of columns [2t, 2t + 1]."""
    return a_m16n8k4_tf32(lane, i)


def a_sp_m16n8k16_tf32(lane: Index, i: Index) -> tuple[Index, Index]:
    """a0..a3: row g for a0, a2, g + 8 for a1, a3; the non-zero of [2t, 2t + 1], + 8 from a2."""
    return a_m16n8k8_tf32(lane, i)


def a_sp_m16n8k32_b8(lane: Index, i: Index) -> tuple[Index, Index]:
    """a0..a7: row g for a0..a3, g + 8 for a4..a7; the non-zeros of columns [8t, 8t + 7]."""
    return a_m16n8k16_b8(lane, i)


def a_sp_m16n8k64_b8(lane: Index, i: Index) -> tuple[Index, Index]:
    """a0..a15: row g for a0..a3 and a8..a11, else g + 8; non-zeros of [8t, 8t + 7], + 32 from a8."""
    return a_m16n8k32_b8(lane, i)


def positions(fragment_map: FragmentMap, elements: int) -> tuple[np.ndarray, np.ndarray]:
    """(rows, cols), each (32, elements) int64: the map evaluated for every lane and element."""
    lane = np.arange(32, dtype=np.int64)[:, None]
    element = np.arange(elements, dtype=np.int64)[None, :]
    rows, cols = fragment_map(lane, element)
    return (np.broadcast_to(rows, (32, elements)).astype(np.int64),
            np.broadcast_to(cols, (32, elements)).astype(np.int64))
