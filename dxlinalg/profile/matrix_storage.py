"""Matrices in memory as a given implementation stores them: size, decode, encode, convert.

This is the one place that knows "layout + type + profile -> bytes". ConvertLinearAlgebraMatrix,
the DXIL ops and the CLI all go through it, so a layout is read the same way everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass

import ml_dtypes
import numpy as np

from dxlinalg.numerics.component_types import ComponentType, MatrixLayout, type_info
from dxlinalg.numerics.conversions import convert_elements
from dxlinalg.numerics.layouts.optimal import SIZE_GRANULE, round_up
from dxlinalg.numerics.layouts.strided import (
    decode_strided,
    encode_strided,
    minimum_size,
)
from dxlinalg.profile.formats import optimal_format
from dxlinalg.profile.model import DeviceProfile


@dataclass(frozen=True)
class MatrixDescription:
    """Where the elements of a rows x cols matrix of one type sit in a byte range.

    `bfloat16`: the elements are BFloat16 (SM 6.10), which the SM 6.9 component types lack: they are laid out
    as F16 elements (the same 16-bit slots, in every layout) and their bits read as BFloat16."""

    rows: int
    cols: int
    component_type: ComponentType
    layout: MatrixLayout
    stride: int = 0
    bfloat16: bool = False

    def __post_init__(self) -> None:
        if self.bfloat16 and self.component_type != ComponentType.F16:
            raise ValueError(f"a BFloat16 matrix is laid out as F16 elements, not {self.component_type.name}")


def stored_size(desc: MatrixDescription, profile: DeviceProfile) -> int:
    """Bytes the matrix spans as D3D12 stores it: the strided span, or an optimal layout's DestSize (its slots
    rounded up to the 16-byte granule). The DXIL ops bounds-check against this."""
    if desc.layout.is_optimal:
        fmt = optimal_format(profile, desc.layout)
        return fmt.size_bytes(desc.component_type, desc.layout, desc.rows, desc.cols)
    return minimum_size(desc.rows, desc.cols, desc.component_type, desc.layout, desc.stride)


def occupied_size(desc: MatrixDescription, profile: DeviceProfile) -> int:
    """Bytes the matrix occupies, never rounded: the strided span, or every slot of the optimal layout. Vulkan has
    no 16-byte granule, so this is the size vkConvertCooperativeVectorMatrixNV reports and the bytes the SPIR-V
    cooperative-vector instructions may read or accumulate into."""
    if desc.layout.is_optimal:
        fmt = optimal_format(profile, desc.layout)
        count = fmt.checked_slot_count(desc.component_type, desc.layout, desc.rows, desc.cols)
        return count * type_info(fmt.storage_type(desc.component_type)).size_bytes
    return minimum_size(desc.rows, desc.cols, desc.component_type, desc.layout, desc.stride)


def destination_size(desc: MatrixDescription, profile: DeviceProfile) -> int:
    """The DestSize GetLinearAlgebraMatrixConversionDestinationInfo reports: a multiple of 16."""
    return round_up(stored_size(desc, profile), SIZE_GRANULE)


def decode_matrix(raw: np.ndarray, desc: MatrixDescription, profile: DeviceProfile) -> np.ndarray:
    """Bytes -> (rows, cols) elements of desc.component_type."""
    if desc.layout.is_optimal:
        fmt = optimal_format(profile, desc.layout)
        decoded = fmt.decode(raw, desc.component_type, desc.layout, desc.rows, desc.cols)
    else:
        decoded = decode_strided(raw, desc.rows, desc.cols, desc.component_type, desc.layout, desc.stride)
    return decoded.view(ml_dtypes.bfloat16) if desc.bfloat16 else decoded


def encode_matrix(matrix: np.ndarray, out: np.ndarray, desc: MatrixDescription,
                  profile: DeviceProfile) -> None:
    """Write (rows, cols) elements into `out` (uint8, at least stored_size bytes).

    Optimal layouts write every byte of their size (padding included); strided layouts write
    only element bytes and leave the gaps between rows as they were.
    """
    if desc.bfloat16:
        matrix = np.ascontiguousarray(matrix, dtype=ml_dtypes.bfloat16).view(np.float16)
    if desc.layout.is_optimal:
        fmt = optimal_format(profile, desc.layout)
        encoded = fmt.encode(matrix, desc.component_type, desc.layout)
        out[: encoded.size] = encoded
    else:
        encode_strided(matrix, out, desc.component_type, desc.layout, desc.stride)


def convert_matrix(source: np.ndarray, source_desc: MatrixDescription, out: np.ndarray,
                   dest_desc: MatrixDescription, profile: DeviceProfile) -> None:
    """Decode, convert element types with the profile's rounding, and encode into `out`."""
    matrix = decode_matrix(source, source_desc, profile)
    if source_desc.component_type != dest_desc.component_type:
        matrix = convert_elements(matrix, source_desc.component_type, dest_desc.component_type,
                                  profile.float_conversion)
    encode_matrix(matrix, out, dest_desc, profile)
