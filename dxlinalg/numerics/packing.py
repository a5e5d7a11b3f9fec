"""Packed 8-bit interpretations: one 32-bit word is a bitcast of four 8-bit values.

The lowest 8 bits hold the component with the lowest index (hlsl-specs 0029, SPIR-V
cooperative vector: "lowest bits first"). These are bitcasts, never arithmetic conversions.
"""

from __future__ import annotations

import numpy as np

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.component_types import ComponentType

PACKED_COMPONENTS = 4
_SHIFTS = np.array([0, 8, 16, 24], dtype=np.uint32)


def packed_element_type(packed_type: ComponentType) -> ComponentType:
    """The 8-bit component type a packed interpretation unpacks to."""
    if packed_type == ComponentType.PackedS8x32:
        return ComponentType.I8
    if packed_type == ComponentType.PackedU8x32:
        return ComponentType.U8
    raise InvalidArgumentError(f"{packed_type!r} is not a packed interpretation")


def packed_word_count(k: int) -> int:
    """Words needed for K packed components: ceil(K/4), the rule DXC Sema enforces."""
    return (k + PACKED_COMPONENTS - 1) // PACKED_COMPONENTS


def unpack_words(words: np.ndarray, packed_type: ComponentType, k: int) -> np.ndarray:
    """(..., NUMi) uint32 words -> (..., K) int8 or uint8 components, lowest bits first."""
    words = np.asarray(words)
    if words.dtype != np.uint32:
        raise InvalidArgumentError(
            f"packed words must be uint32, got {words.dtype} (0029: packed input type must be 32-bit unsigned)")
    component = packed_element_type(packed_type)
    little_endian = np.ascontiguousarray(words, dtype="<u4")      # byte i of a word is component i
    flat = little_endian.view(np.uint8).reshape(*words.shape[:-1], words.shape[-1] * PACKED_COMPONENTS)[..., :k]
    return flat.view(np.int8) if component == ComponentType.I8 else flat


def pack_components(components: np.ndarray) -> np.ndarray:
    """(..., K) int8/uint8 components -> (..., ceil(K/4)) uint32 words; missing components are 0."""
    components = np.asarray(components)
    if components.dtype not in (np.int8, np.uint8):
        raise InvalidArgumentError(f"packed components must be int8 or uint8, got {components.dtype}")
    k = components.shape[-1]
    padded = np.zeros((*components.shape[:-1], packed_word_count(k) * PACKED_COMPONENTS), np.uint8)
    padded[..., :k] = components.view(np.uint8)
    grouped = padded.reshape(*components.shape[:-1], -1, PACKED_COMPONENTS).astype(np.uint32)
    return np.bitwise_or.reduce(grouped << _SHIFTS, axis=-1).astype(np.uint32)
