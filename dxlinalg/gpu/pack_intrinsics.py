"""SM 6.6 pack/unpack intrinsics for 8-bit data (`pack_s8`, `pack_clamp_s8`, `unpack_s8s32`, ...).

They build the `int8_t4_packed` / `uint8_t4_packed` words the packed input interpretations read:
four 8-bit values in one uint, the lowest bits holding component 0. Arguments are (..., 4)
vectors; the result drops the last axis.
"""

from __future__ import annotations

import numpy as np

from dxlinalg.errors import InvalidArgumentError

_SHIFTS = np.array([0, 8, 16, 24], dtype=np.uint32)


def _four(values: object, name: str) -> np.ndarray:
    array = np.asarray(values)
    if array.shape[-1:] != (4,) or array.dtype.kind not in "iu":
        raise InvalidArgumentError(f"{name} takes an int4/uint4 (or int16_t4) vector, got {array.dtype} {array.shape}")
    return array if array.dtype.kind == "i" else array.astype(np.int64)   # signed, so clamps can go below 0


def _pack(components: np.ndarray) -> np.ndarray:
    """Each component's low 8 bits, component 0 lowest: the four bytes read as one little-endian word."""
    low_bytes = np.ascontiguousarray(components.astype(np.uint8))   # an integer cast keeps the low 8 bits
    return low_bytes.view("<u4")[..., 0].astype(np.uint32)


def pack_s8(x: object) -> np.ndarray:
    """int4 -> int8_t4_packed, keeping the low 8 bits of each component (no clamp)."""
    return _pack(_four(x, "pack_s8"))


def pack_u8(x: object) -> np.ndarray:
    """uint4 -> uint8_t4_packed, keeping the low 8 bits of each component (no clamp)."""
    return _pack(_four(x, "pack_u8"))


def pack_clamp_s8(x: object) -> np.ndarray:
    """int4 -> int8_t4_packed, each component clamped to [-128, 127]."""
    return _pack(np.clip(_four(x, "pack_clamp_s8"), -128, 127))


def pack_clamp_u8(x: object) -> np.ndarray:
    """int4 -> uint8_t4_packed, each component clamped to [0, 255]."""
    return _pack(np.clip(_four(x, "pack_clamp_u8"), 0, 255))


def unpack_s8s32(packed: object) -> np.ndarray:
    """int8_t4_packed -> int4, sign-extended."""
    words = np.asarray(packed).astype(np.uint32)
    return (((words[..., None] >> _SHIFTS) & np.uint32(0xFF)).astype(np.uint8).view(np.int8)).astype(np.int32)


def unpack_u8u32(packed: object) -> np.ndarray:
    """uint8_t4_packed -> uint4, zero-extended."""
    words = np.asarray(packed).astype(np.uint32)
    return ((words[..., None] >> _SHIFTS) & np.uint32(0xFF)).astype(np.uint32)
