"""`nvgpu.mma.sync` and `nvgpu.mma.sp.sync`: D = A * B + C on every warp's fragments.

Operands are per-lane vectors, arrays shaped (lanes, registers, elements) with MLIR's vector shapes
(`mma_shapes`); the fragment maps gather each warp's A (M x K), B (K x N) and C (M x N), the
arithmetic is the shared tensor-core model (`dxlinalg.linalg.mma_sums`, chosen by the profile's
`nvgpu` settings) and D goes back to C's fragments. Like any register operation the result is
computed for every lane (merge it with `assign` inside a branch); a warp with only some lanes
active is reported in strict mode. Integer operands always saturate (nvgpu lowers them with
`.satfinite`). mma.sp.sync's A holds the non-zeros of a 2:4 (tf32: 1:2) sparse A, placed by the
metadata (`sparse_metadata`).
"""

from __future__ import annotations

import ml_dtypes
import numpy as np

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.linalg.mma_sums import (
    FloatMma,
    float64_mma,
    float_mma,
    integer_mma,
    tf32_values,
)
from dxlinalg.nvgpu.mma_shapes import MmaShape, Operand, find_shape, operand_type_of
from dxlinalg.nvgpu.op_types import verify_mma_sp_sync_call, verify_mma_sync_call
from dxlinalg.nvgpu.sparse_metadata import check_selector, dense_a
from dxlinalg.nvgpu.types import plain
from dxlinalg.nvgpu.warps import WARP_SIZE, register_op, warp_count
from dxlinalg.profile.model import DeviceProfile

INTEGER_TYPES = ("s8", "u8", "s4", "u4")


def mma_sync(matrixA: np.ndarray, matrixB: np.ndarray, matrixC: np.ndarray, mmaShape: object,  # noqa: N803
             tf32Enabled: bool = False, *, profile: str | DeviceProfile | None = None,  # noqa: N803
             strict: bool | None = None) -> np.ndarray:
    """`nvgpu.mma.sync (A, B, C) {mmaShape = [m, n, k], tf32Enabled}`: (lanes, *C's vector shape) of C's dtype.

    Outside a shader, `profile` and `strict` choose the device and mode (reference, strict)."""
    op = "nvgpu.mma.sync"
    mmaShape, tf32Enabled = plain(mmaShape), plain(tf32Enabled)  # noqa: N806
    verify_mma_sync_call(matrixA, matrixB, matrixC, mmaShape, tf32Enabled)
    a, b, c = _operands(op, matrixA, matrixB, matrixC)
    shape = find_shape(mmaShape, operand_type_of(a.dtype, bool(tf32Enabled), op), False, op)
    _check_accumulator(op, shape, c)
    with register_op(a.shape[0], profile, strict, op) as run:
        return _multiply(run.profile, shape, _gather(shape.a, a), b, c)


def mma_sp_sync(matrixA: np.ndarray, matrixB: np.ndarray, matrixC: np.ndarray,  # noqa: N803
                sparseMetadata: np.ndarray, mmaShape: object, sparsitySelector: int | None = 0,  # noqa: N803
                tf32Enabled: bool = False, *, profile: str | DeviceProfile | None = None,  # noqa: N803
                strict: bool | None = None) -> np.ndarray:
    """`nvgpu.mma.sp.sync (A, B, C) metadata (m) {mmaShape, sparsitySelector, tf32Enabled}`: D of C's
    fragments; A holds the stored non-zeros, `sparseMetadata` (lanes, 2) int16/uint16 their indices."""
    op = "nvgpu.mma.sp.sync"
    mmaShape, sparsitySelector, tf32Enabled = plain(mmaShape), plain(sparsitySelector), plain(tf32Enabled)  # noqa: N806
    verify_mma_sp_sync_call(matrixA, matrixB, matrixC, sparseMetadata, mmaShape, sparsitySelector, tf32Enabled)
    a, b, c = _operands(op, matrixA, matrixB, matrixC)
    operand_type = operand_type_of(a.dtype, bool(tf32Enabled), op)
    shape = find_shape(mmaShape, operand_type, True, op)
    _check_accumulator(op, shape, c)
    metadata = _metadata_words(op, sparseMetadata, a.shape[0])
    with register_op(a.shape[0], profile, strict, op) as run:
        selector = check_selector(shape, 0 if sparsitySelector is None else int(sparsitySelector), run.strict, op)
        warps = a.shape[0] // WARP_SIZE
        stored = _register_values(a).reshape(warps, WARP_SIZE, shape.a.elements)
        dense = dense_a(shape, stored, metadata.reshape(warps, WARP_SIZE), selector, run.strict, op)
        return _multiply(run.profile, shape, dense, b, c)


def _operands(op: str, a: object, b: object, c: object) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A, B and C as arrays of one row per lane, whole warps (their types the verifier has checked)."""
    arrays = tuple(np.asarray(v) for v in (a, b, c))
    lanes = {v.shape[0] for v in arrays}
    if len(lanes) != 1:
        raise InvalidArgumentError(f"{op}: matrixA, matrixB and matrixC have {arrays[0].shape[0]}, "
                                   f"{arrays[1].shape[0]} and {arrays[2].shape[0]} lanes; give one row per lane "
                                   f"to each")
    warp_count(arrays[0].shape[0], op)
    return arrays  # type: ignore[return-value]


def _check_accumulator(op: str, shape: MmaShape, c: np.ndarray) -> None:
    """An accumulator type PTX has for the instruction (MLIR's verifier leaves C's element type open)."""
    if c.dtype not in shape.accumulators:
        raise InvalidArgumentError(
            f"{op}: matrixC has element type {c.dtype}; PTX mma {shape.name} accumulates in "
            f"{' or '.join(str(d) for d in shape.accumulators)}")


def _metadata_words(op: str, metadata: object, lanes: int) -> np.ndarray:
    """vector<2xi16> per lane (int16 or uint16, as the verifier checked), bitcast to the 32-bit register
    (element 0 the low half)."""
    words = np.asarray(metadata)
    if words.shape[0] != lanes:
        raise InvalidArgumentError(f"{op}: sparseMetadata has {words.shape[0]} lanes and matrixA {lanes}; give one "
                                   f"row per lane to each")
    return np.ascontiguousarray(words).view("<u4").reshape(lanes)


def _register_values(values: np.ndarray) -> np.ndarray:
    """Lane values in a dtype numpy computes with (int4/uint4 widened to int8/uint8)."""
    widened = _WIDENED.get(values.dtype)
    return values if widened is None else values.astype(widened)


_WIDENED = {np.dtype(ml_dtypes.int4): np.dtype(np.int8), np.dtype(ml_dtypes.uint4): np.dtype(np.uint8)}


def _gather(operand: Operand, fragments: np.ndarray) -> np.ndarray:
    """(W, rows, cols) matrices from per-lane fragments, by the operand's fragment map."""
    return operand.matrices(_register_values(fragments))


def _multiply(profile: DeviceProfile, shape: MmaShape, a: np.ndarray, b_fragments: np.ndarray,
              c_fragments: np.ndarray) -> np.ndarray:
    """D fragments (lanes, *C's vector) from the warps' A matrices and B, C fragments."""
    b = _gather(shape.b, b_fragments)
    c = _gather(shape.c, c_fragments)
    settings = profile.nvgpu
    if shape.operand_type in INTEGER_TYPES:
        d = integer_mma(a, b, c, saturate=True)
    elif shape.operand_type == "f64":
        d = float64_mma(a, b, c)
    else:
        if shape.operand_type == "tf32":
            a, b = tf32_values(a, settings.tf32_inputs), tf32_values(b, settings.tf32_inputs)
        d = float_mma(a, b, c, FloatMma(settings, profile.float_conversion))
    return shape.c.fragments(d.astype(c_fragments.dtype, copy=False))
