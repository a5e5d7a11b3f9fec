"""Every mma.sync / mma.sp.sync that nvgpu lowers to PTX: shape, operand type, per-lane vectors, maps.

A row is what `nvgpu.mma.sync` (or `.sp.sync`) with these operands becomes: the PTX
`mma[.sp].sync.aligned.mMnNkK.row.col` instruction of that operand type. The per-lane vector shapes
are MLIR's (NVGPUDialect.cpp's verifyMmaSyncOp: A is (m/8 * k/shapeK [/ 2 sparse]) x 32/bits, B
(k/shapeK * n/8) x 32/bits, C (m/8 * n/8) x 2, f64 one element per register); the fragment maps
are `fragments`'. Operand types come from numpy dtypes: float16 (f16), ml_dtypes.bfloat16 (bf16),
float32 with tf32Enabled (tf32), float64 (f64), int8 (s8: MLIR's signless i8), uint8 (u8),
ml_dtypes.int4 (s4: i4) and ml_dtypes.uint4 (u4).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import ml_dtypes
import numpy as np

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.linalg.fast.word_permutation import WordPermutation
from dxlinalg.nvgpu import fragments as f
from dxlinalg.nvgpu.fragments import FragmentMap, positions
from dxlinalg.nvgpu.warps import WARP_SIZE

OPERAND_TYPES: dict[np.dtype, str] = {
    np.dtype(np.float16): "f16", np.dtype(ml_dtypes.bfloat16): "bf16", np.dtype(np.float32): "tf32",
    np.dtype(np.float64): "f64", np.dtype(np.int8): "s8", np.dtype(np.uint8): "u8",
    np.dtype(ml_dtypes.int4): "s4", np.dtype(ml_dtypes.uint4): "u4",
}
F16_OR_F32 = (np.dtype(np.float16), np.dtype(np.float32))
F32, F64, I32 = (np.dtype(np.float32),), (np.dtype(np.float64),), (np.dtype(np.int32),)


@dataclass(frozen=True)
class Operand:
    """One operand's per-lane vector (registers x elements per register) and its fragment map onto
    a rows x cols matrix (for sparse A: the compressed matrix of stored values)."""

    vector: tuple[int, int]
    rows: int
    cols: int
    map: FragmentMap

    @property
    def elements(self) -> int:
        return self.vector[0] * self.vector[1]

    @cached_property
    def flat_positions(self) -> np.ndarray:
        """(32 * elements,) int64: the matrix position row * cols + col of lane l's element i, at
        l * elements + i (read-only)."""
        rows, cols = positions(self.map, self.elements)
        flat = (rows * self.cols + cols).reshape(-1)
        flat.flags.writeable = False
        return flat

    @cached_property
    def _to_matrix(self) -> tuple[WordPermutation, bool]:
        """Fragments -> matrices: row-major, or column-major (stored transposed) where that moves the
        warp's values in larger words (B: a lane holds part of a column)."""
        row_major = WordPermutation(self.flat_positions)
        rows, cols = positions(self.map, self.elements)
        column_major = WordPermutation((cols * self.rows + rows).reshape(-1))
        if column_major.word_elements(1) > row_major.word_elements(1):
            return column_major, True
        return row_major, False

    def matrices(self, fragments: np.ndarray) -> np.ndarray:
        """(W, rows, cols) matrices from per-lane fragments (W * 32, *vector), possibly a transposed view."""
        permutation, transposed = self._to_matrix
        moved = permutation.apply(fragments.reshape(-1, WARP_SIZE * self.elements))
        if transposed:
            return moved.reshape(-1, self.cols, self.rows).transpose(0, 2, 1)
        return moved.reshape(-1, self.rows, self.cols)

    @cached_property
    def _to_fragments(self) -> WordPermutation:
        return WordPermutation(self.flat_positions).inverse()

    def fragments(self, matrices: np.ndarray) -> np.ndarray:
        """(W * 32, *vector) per-lane fragments holding the (W, rows, cols) matrices (`matrices`' inverse)."""
        rows = np.ascontiguousarray(matrices).reshape(-1, self.rows * self.cols)
        return self._to_fragments.apply(rows).reshape(-1, *self.vector)


@dataclass(frozen=True)
class MmaShape:
    """One PTX mma instruction as nvgpu reaches it."""

    m: int
    n: int
    k: int
    operand_type: str
    a: Operand
    b: Operand
    c_map: FragmentMap
    accumulators: tuple[np.dtype, ...]
    sparse: bool = False
    selectors: tuple[int, ...] = ()     # sparsity selectors the PTX ISA defines for this shape

    @cached_property
    def c(self) -> Operand:
        return Operand((self.m * self.n // 64, 2), self.m, self.n, self.c_map)

    @property
    def name(self) -> str:
        return f"m{self.m}n{self.n}k{self.k}.{self.operand_type}"


def _dense(m: int, n: int, k: int, types: tuple[str, ...], a: tuple[tuple[int, int], FragmentMap],
           b: tuple[tuple[int, int], FragmentMap], accumulators: tuple[np.dtype, ...]) -> list[MmaShape]:
    c_map = f.c_m8n8k4 if m == 8 else f.c_m16n8
    return [MmaShape(m, n, k, t, Operand(a[0], m, k, a[1]), Operand(b[0], k, n, b[1]), c_map, accumulators)
            for t in types]


def _sparse(k: int, types: tuple[str, ...], a: tuple[tuple[int, int], FragmentMap],
            b: tuple[tuple[int, int], FragmentMap], accumulators: tuple[np.dtype, ...],
            selectors: tuple[int, ...]) -> list[MmaShape]:
    return [MmaShape(16, 8, k, t, Operand(a[0], 16, k // 2, a[1]), Operand(b[0], k, 8, b[1]), f.c_m16n8,
                     accumulators, sparse=True, selectors=selectors) for t in types]


DENSE: tuple[MmaShape, ...] = tuple(
    _dense(16, 8, 16, ("f16",), ((4, 2), f.a_m16n8k16_b16), ((2, 2), f.b_m16n8k16_b16), F16_OR_F32)
    + _dense(16, 8, 8, ("f16",), ((2, 2), f.a_m16n8k8_b16), ((1, 2), f.b_m16n8k8_b16), F16_OR_F32)
    + _dense(16, 8, 16, ("bf16",), ((4, 2), f.a_m16n8k16_b16), ((2, 2), f.b_m16n8k16_b16), F32)
    + _dense(16, 8, 8, ("bf16",), ((2, 2), f.a_m16n8k8_b16), ((1, 2), f.b_m16n8k8_b16), F32)
    + _dense(16, 8, 8, ("tf32",), ((4, 1), f.a_m16n8k8_tf32), ((2, 1), f.b_m16n8k8_tf32), F32)
    + _dense(16, 8, 4, ("tf32",), ((2, 1), f.a_m16n8k4_tf32), ((1, 1), f.b_m16n8k4_tf32), F32)
    + _dense(8, 8, 4, ("f64",), ((1, 1), f.a_m8n8k4_f64), ((1, 1), f.b_m8n8k4_f64), F64)
    + _dense(16, 8, 32, ("s8", "u8"), ((4, 4), f.a_m16n8k32_b8), ((2, 4), f.b_m16n8k32_b8), I32)
    + _dense(16, 8, 16, ("s8", "u8"), ((2, 4), f.a_m16n8k16_b8), ((1, 4), f.b_m16n8k16_b8), I32)
    + _dense(16, 8, 64, ("s4", "u4"), ((4, 8), f.a_m16n8k64_b4), ((2, 8), f.b_m16n8k64_b4), I32)
    + _dense(16, 8, 32, ("s4", "u4"), ((2, 8), f.a_m16n8k32_b4), ((1, 8), f.b_m16n8k32_b4), I32))

SPARSE: tuple[MmaShape, ...] = tuple(
    _sparse(16, ("f16",), ((2, 2), f.a_sp_m16n8k16_b16), ((2, 2), f.b_m16n8k16_b16), F16_OR_F32, (0, 1, 2, 3))
    + _sparse(32, ("f16",), ((4, 2), f.a_sp_m16n8k32_b16), ((4, 2), f.b_m16n8k16_b16), F16_OR_F32, (0, 1))
    + _sparse(16, ("bf16",), ((2, 2), f.a_sp_m16n8k16_b16), ((2, 2), f.b_m16n8k16_b16), F32, (0, 1, 2, 3))
    + _sparse(32, ("bf16",), ((4, 2), f.a_sp_m16n8k32_b16), ((4, 2), f.b_m16n8k16_b16), F32, (0, 1))
    + _sparse(8, ("tf32",), ((2, 1), f.a_sp_m16n8k8_tf32), ((2, 1), f.b_m16n8k8_tf32), F32, (0, 1, 2, 3))
    + _sparse(16, ("tf32",), ((4, 1), f.a_sp_m16n8k16_tf32), ((4, 1), f.b_m16n8k8_tf32), F32, (0, 1))
    + _sparse(32, ("s8", "u8"), ((2, 4), f.a_sp_m16n8k32_b8), ((2, 4), f.b_m16n8k32_b8), I32, (0, 1))
    + _sparse(64, ("s8", "u8"), ((4, 4), f.a_sp_m16n8k64_b8), ((4, 4), f.b_m16n8k32_b8), I32, (0,)))

_TABLE = {(s.sparse, s.m, s.n, s.k, s.operand_type): s for s in DENSE + SPARSE}


def operand_type_of(dtype: np.dtype, tf32_enabled: bool, op: str) -> str:
    """The PTX operand type of A and B's element dtype, one MLIR's verifier took (its data types are exactly
    OPERAND_TYPES', and it refuses tf32Enabled with anything but f32). f32 without tf32Enabled passes the
    verifier and has no PTX mma: reported here."""
    operand_type = OPERAND_TYPES[np.dtype(dtype)]
    if operand_type == "tf32" and not tf32_enabled:
        raise InvalidArgumentError(f"{op}: float32 operands need tf32Enabled (PTX mma multiplies f32 only as tf32; "
                                   f"nvgpu leaves such an op unlowered)")
    return operand_type


def find_shape(mma_shape: object, operand_type: str, sparse: bool, op: str) -> MmaShape:
    """The table row for mmaShape [m, n, k] and the operand type, or an error listing what exists."""
    try:
        m, n, k = (int(v) for v in mma_shape)  # type: ignore[attr-defined]
        if any(isinstance(v, bool) or int(v) != v for v in mma_shape):  # type: ignore[attr-defined]
            raise ValueError
    except (TypeError, ValueError):
        raise InvalidArgumentError(f"{op}: mmaShape must be three integers [m, n, k], got {mma_shape!r}") from None
    shape = _TABLE.get((sparse, m, n, k, operand_type))
    if shape is None:
        known = sorted({f"[{s.m}, {s.n}, {s.k}]" for s in (SPARSE if sparse else DENSE)
                        if s.operand_type == operand_type})
        raise InvalidArgumentError(
            f"{op}: mmaShape [{m}, {n}, {k}] has no PTX mma{'.sp' if sparse else ''} for {operand_type} operands; "
            f"the shapes for {operand_type}: {', '.join(known)}")
    return shape
