"""The shipped preview header's D3D12_LINEAR_ALGEBRA_DATATYPE numbering, and conversions to ours.

This package uses the seed's values (= DXIL ComponentType). The D3D12 preview headers 717-719
numbered FLOAT16 onwards one lower and spelled the FP8 types FLOAT_E4M3 / FLOAT_E5M2
(spec d3d12_hlsl.md §1.3). Bytes written by, or structs read from, real preview-header code
go through these helpers. docs/preview-header-differences.md has the full comparison.
"""

from __future__ import annotations

from d3d12api.enums import D3D12_LINEAR_ALGEBRA_DATATYPE as DT
from d3d12api.hresult import D3D12Error, HRESULT

#: Seed / DXIL value -> value in the shipped preview header (d3d12.idl, preview 717-719).
PREVIEW_HEADER_DATATYPE_VALUES: dict[DT, int] = {
    DT.SINT16: 2,
    DT.UINT16: 3,
    DT.SINT32: 4,
    DT.UINT32: 5,
    DT.FLOAT16: 7,
    DT.FLOAT32: 8,
    DT.SINT8_T4_PACKED: 16,
    DT.UINT8_T4_PACKED: 17,
    DT.UINT8: 18,
    DT.SINT8: 19,
    DT.FLOAT_E4M3: 20,
    DT.FLOAT_E5M2: 21,
}

_FROM_PREVIEW_HEADER: dict[int, DT] = {value: dt for dt, value in PREVIEW_HEADER_DATATYPE_VALUES.items()}


def preview_header_datatype(datatype: int) -> int:
    """This package's (seed) datatype value -> the shipped preview header's value."""
    try:
        return PREVIEW_HEADER_DATATYPE_VALUES[DT(int(datatype))]
    except (ValueError, KeyError):
        raise D3D12Error(HRESULT.E_INVALIDARG,
                         f"{datatype} is not a D3D12_LINEAR_ALGEBRA_DATATYPE value (seed numbering)") from None


def datatype_from_preview_header(value: int) -> DT:
    """A shipped preview header datatype value -> this package's (seed) datatype."""
    try:
        return _FROM_PREVIEW_HEADER[int(value)]
    except KeyError:
        raise D3D12Error(HRESULT.E_INVALIDARG,
                         f"{value} is not a D3D12_LINEAR_ALGEBRA_DATATYPE value of the shipped preview "
                         f"header (valid: {sorted(_FROM_PREVIEW_HEADER)})") from None
