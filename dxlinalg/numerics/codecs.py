"""Little-endian bytes <-> element arrays for every memory interpretation.

Bytes in device memory are always little-endian (D3D12 and Vulkan both assume it); the numpy
dtypes from `type_info` are little-endian, so decoding is a zero-copy view where alignment allows.
"""

from __future__ import annotations

import numpy as np

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.component_types import ComponentType, type_info


def element_dtype(component_type: ComponentType) -> np.dtype:
    """The numpy dtype of one stored element (packed types store whole 32-bit words)."""
    info = type_info(component_type)
    return np.dtype(np.uint32) if info.is_packed else info.dtype


def decode_elements(raw: np.ndarray, component_type: ComponentType) -> np.ndarray:
    """View `raw` (uint8, length a multiple of the element size) as elements of `component_type`."""
    dtype = element_dtype(component_type)
    raw = np.ascontiguousarray(raw, dtype=np.uint8)
    if raw.size % dtype.itemsize:
        raise InvalidArgumentError(
            f"byte count {raw.size} is not a multiple of the {component_type.name} element size "
            f"{dtype.itemsize}")
    return raw.view(dtype)


def encode_elements(values: np.ndarray, component_type: ComponentType) -> np.ndarray:
    """Bytes (uint8, flat) of `values`, which must already hold `component_type` elements exactly."""
    dtype = element_dtype(component_type)
    values = np.asarray(values)
    if values.dtype != dtype:
        raise InvalidArgumentError(
            f"values of dtype {values.dtype} cannot be stored as {component_type.name} without a "
            f"conversion; convert them first (dxlinalg.numerics.conversions.convert_elements)")
    return np.ascontiguousarray(values).reshape(-1).view(np.uint8)
