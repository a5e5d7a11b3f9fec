"""Names and values users port C++ with: enums, constants, structs, HRESULTs, preview-header helpers."""

import ctypes

import numpy as np
import pytest

import d3d12api
from d3d12api import *  # noqa: F403
from d3d12api.compute_types import COMPUTE_STRUCTS
from d3d12api.structs import STRUCTS
from dxlinalg.numerics.component_types import ComponentType


def test_every_exported_name_exists():
    assert [name for name in d3d12api.__all__ if not hasattr(d3d12api, name)] == []


def test_datatype_values_are_the_seed_ones_and_equal_dxil_component_types():
    seed = {"SINT16": 2, "UINT16": 3, "SINT32": 4, "UINT32": 5, "FLOAT16": 8, "FLOAT32": 9, "SINT8_T4_PACKED": 17,
            "UINT8_T4_PACKED": 18, "UINT8": 19, "SINT8": 20, "E4M3": 21, "E5M2": 22}
    for name, value in seed.items():
        assert getattr(d3d12api, f"D3D12_LINEAR_ALGEBRA_DATATYPE_{name}") == value
        assert D3D12_LINEAR_ALGEBRA_DATATYPE[name] == value
    assert ComponentType.F8_E4M3 == D3D12_LINEAR_ALGEBRA_DATATYPE_E4M3
    assert ComponentType.U8 == D3D12_LINEAR_ALGEBRA_DATATYPE_UINT8


def test_shipped_header_fp8_names_are_aliases():
    assert D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT_E4M3 is D3D12_LINEAR_ALGEBRA_DATATYPE_E4M3
    assert D3D12_LINEAR_ALGEBRA_DATATYPE.FLOAT_E5M2 is D3D12_LINEAR_ALGEBRA_DATATYPE.E5M2


def test_preview_header_numbering_round_trips_and_differs_from_floats_on():
    shipped = {"SINT16": 2, "UINT16": 3, "SINT32": 4, "UINT32": 5, "FLOAT16": 7, "FLOAT32": 8,
               "SINT8_T4_PACKED": 16, "UINT8_T4_PACKED": 17, "UINT8": 18, "SINT8": 19, "E4M3": 20, "E5M2": 21}
    for name, value in shipped.items():
        ours = D3D12_LINEAR_ALGEBRA_DATATYPE[name]
        assert preview_header_datatype(ours) == value
        assert datatype_from_preview_header(value) is ours
        assert (ours == value) == (ours < D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT16)


@pytest.mark.parametrize("bad", [6, 22])
def test_preview_header_conversion_rejects_values_outside_the_shipped_enum(bad):
    with pytest.raises(D3D12Error) as caught:
        datatype_from_preview_header(bad)
    assert caught.value.hr == E_INVALIDARG


def test_tier_feature_and_layout_values():
    assert (D3D12_COOPERATIVE_VECTOR_TIER_NOT_SUPPORTED, D3D12_COOPERATIVE_VECTOR_TIER_1_0,
            D3D12_COOPERATIVE_VECTOR_TIER_1_1) == (0, 0x10, 0x11)
    assert (D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, D3D12_FEATURE_COOPERATIVE_VECTOR) == (9, 11)
    assert [D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_ROW_MAJOR, D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_COLUMN_MAJOR,
            D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_MUL_OPTIMAL, D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_OUTER_PRODUCT_OPTIMAL] \
        == [0, 1, 2, 3]


def test_hresults_are_signed_like_c_and_helpers_accept_both_spellings():
    assert E_INVALIDARG == 0x80070057 - (1 << 32)
    assert (S_OK, E_NOTIMPL, E_OUTOFMEMORY, E_FAIL, DXGI_ERROR_UNSUPPORTED) == (
        0, 0x80004001 - (1 << 32), 0x8007000E - (1 << 32), 0x80004005 - (1 << 32), 0x887A0004 - (1 << 32))
    assert SUCCEEDED(S_OK) and SUCCEEDED(S_FALSE) and FAILED(E_FAIL) and FAILED(0x80070057)
    assert ThrowIfFailed(S_OK) == S_OK
    with pytest.raises(D3D12Error) as caught:
        ThrowIfFailed(0x80070057)
    assert caught.value.hr is E_INVALIDARG and "E_INVALIDARG (0x80070057)" in str(caught.value)


def test_debug_layer_errors_are_d3d12_errors_with_e_invalidarg():
    error = D3D12DebugLayerError("message", rule="rule")
    assert isinstance(error, D3D12Error) and error.hr == E_INVALIDARG and error.rule == "rule"


def test_structs_have_zero_defaults_and_aggregate_initialisation():
    info = D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO()
    assert info.DestInfo.DestSize == 0 and info.SrcInfo.SrcStride == 0 and info.DataDesc.SrcVA == 0
    info = D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO((0, D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_MUL_OPTIMAL, 0, 4, 8,
                                                        D3D12_LINEAR_ALGEBRA_DATATYPE_E4M3), (128, 9, 0, 32), (0, 7))
    assert info.DestInfo.NumColumns == 8 and info.SrcInfo.SrcDataType is D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT32
    assert info.DataDesc.SrcVA == 7
    assert D3D12_FEATURE_DATA_COOPERATIVE_VECTOR(0, None, 0, None, 0, None).pVectorAccumulateProperties is None


def test_struct_assignment_is_c_like_but_unknown_fields_are_errors():
    data = D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DATA()
    data.DestVA = 0x1234
    assert data.DestVA == 0x1234
    with pytest.raises(ValueError):
        data.DestVa = 1
    with pytest.raises(ValueError):
        D3D12_RANGE(Begn=0)


def integer_fields(struct_class) -> list[str]:
    """The fields that hold a C integer or enum (defaults 0), not pointers or nested structs."""
    return [name for name, field in struct_class.model_fields.items()
            if field.default == 0 and not isinstance(field.default, bool) and field.annotation is not object]


WITH_INTEGERS = [c for c in STRUCTS + COMPUTE_STRUCTS if integer_fields(c)]  # not the structs of pointers only


def test_only_structs_of_structs_and_pointers_have_no_integer_field():
    assert {c.__name__ for c in STRUCTS + COMPUTE_STRUCTS if c not in WITH_INTEGERS} == {
        "D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO", "D3D12_RESOURCE_ALIASING_BARRIER", "D3D12_RESOURCE_UAV_BARRIER"}


@pytest.mark.parametrize("struct_class", WITH_INTEGERS, ids=lambda c: c.__name__)
def test_every_integer_field_is_constructed_from_integers_only(struct_class):
    for name in integer_fields(struct_class):
        for bad in (40.0, 2.5, "40", np.float32(1.0), None):
            with pytest.raises(ValueError, match=f"{name}\n.*expected an integer, got"):
                struct_class(**{name: bad})
        assert getattr(struct_class(**{name: np.int64(3)}), name) == 3


def test_enum_fields_hold_any_integer_so_the_call_can_report_it():
    assert D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO(DestLayout=7).DestLayout == 7


def test_sizeof_matches_the_c_layout():
    assert sizeof(D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL) == 4
    assert sizeof(D3D12_FEATURE_DATA_COOPERATIVE_VECTOR()) == 48
    assert sizeof(ctypes.c_float) == 4

    class Info(ctypes.Structure):
        _fields_ = [("d", ctypes.c_uint * 6), ("s", ctypes.c_uint * 4), ("dest", ctypes.c_uint64),
                    ("src", ctypes.c_uint64)]

    assert sizeof(D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO) == ctypes.sizeof(Info)


def test_d3dx12_helpers_fill_what_d3dx12_fills():
    heap = CD3DX12_HEAP_PROPERTIES(D3D12_HEAP_TYPE_UPLOAD)
    assert isinstance(heap, D3D12_HEAP_PROPERTIES)
    assert (heap.Type, heap.CreationNodeMask, heap.VisibleNodeMask) == (D3D12_HEAP_TYPE_UPLOAD, 1, 1)
    desc = CD3DX12_RESOURCE_DESC.Buffer(1000, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS)
    assert (desc.Dimension, desc.Width, desc.Height, desc.DepthOrArraySize, desc.MipLevels, desc.Format,
            desc.SampleDesc.Count, desc.Layout, desc.Flags) == (
        D3D12_RESOURCE_DIMENSION_BUFFER, 1000, 1, 1, 1, DXGI_FORMAT_UNKNOWN, 1, D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
        D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS)
    barrier = CD3DX12_RESOURCE_BARRIER.Transition("r", D3D12_RESOURCE_STATE_COPY_DEST,
                                                  D3D12_RESOURCE_STATE_UNORDERED_ACCESS)
    assert barrier.Type == D3D12_RESOURCE_BARRIER_TYPE_TRANSITION
    assert barrier.Transition.Subresource == D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES
    assert CD3DX12_RESOURCE_BARRIER.UAV(None).Type == D3D12_RESOURCE_BARRIER_TYPE_UAV


def test_preview_interfaces_are_reached_by_query_interface():
    device = D3D12CreateDevice()
    assert device.QueryInterface(ID3D12DevicePreview) is device
    with pytest.raises(D3D12Error) as caught:
        device.QueryInterface(ID3D12Fence)
    assert caught.value.hr == E_NOINTERFACE


def test_experimental_features_are_accepted_for_ported_code():
    assert D3D12EnableExperimentalFeatures(2, [D3D12ExperimentalShaderModels, D3D12CooperativeVectorExperiment],
                                           None, None) == S_OK
    assert D3D12EnableExperimentalFeatures(1, ["00000000-0000-0000-0000-000000000001"]) == E_NOINTERFACE
