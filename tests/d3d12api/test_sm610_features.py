"""CheckFeatureSupport for the SM 6.10 linear-algebra features 77 and 78 (DirectX-Headers preview 1.721.1)."""

from __future__ import annotations

import ctypes
import itertools
import json
from importlib import resources

import pytest

from d3d12api import *  # noqa: F403
from d3d12api.sm610 import *  # noqa: F403

PROFILES = ["reference", "minimal", "adversarial", "nvidia-h100"]
OP = D3D12_LINEAR_ALGEBRA_OPERATION_TYPE
DT = D3D12_LINEAR_ALGEBRA_DATATYPE
TYPES = [d for d in DT if d != DT.NONE]


def _device(profile: str = "reference", shader_model: int = D3D_SHADER_MODEL_6_10):
    return D3D12CreateDevice(None, D3D_FEATURE_LEVEL_12_0, profile=profile, shader_model=shader_model)


def _section(profile: str) -> dict:
    """The profile's raw JSON section: the oracle reads this, not the lookups the device uses."""
    text = resources.files("dxlinalg.profile.data").joinpath(f"{profile}.json").read_text(encoding="utf-8")
    return json.loads(text)["linalg_support"]


def _query(device, operation: int, **members) -> tuple[int, object]:
    data = D3D12_FEATURE_DATA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT(OperationType=operation, **members)
    return device.CheckFeatureSupport(D3D12_FEATURE_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT, data, sizeof(data)), data


# --- values and layouts, against the idl -------------------------------------------------------------

def test_enum_values_are_the_preview_sdk_ones():
    # transcribed from DirectX-Headers preview 9383ec8 include/directx/d3d12.idl
    assert {d.name: d.value for d in DT} == {
        "NONE": 0, "SINT16": 2, "UINT16": 3, "SINT32": 4, "UINT32": 5, "FLOAT16": 7, "FLOAT32": 8, "SINT8": 18,
        "UINT8": 19, "FLOAT8_E4M3FN": 20, "FLOAT8_E5M2": 21}
    assert (D3D12_FEATURE_LINEAR_ALGEBRA_SUPPORT, D3D12_FEATURE_LINEAR_ALGEBRA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT,
            D3D12_FEATURE_MATRIX_OPERATION_SUPPORT) == (77, 78, 78)
    assert (D3D12_LINEAR_ALGEBRA_TIER_NOT_SUPPORTED, D3D12_LINEAR_ALGEBRA_TIER_1_0) == (0, 0x10)
    assert [o.value for o in OP] == list(range(6))
    assert (D3D12_LINEAR_ALGEBRA_MULTIPLICATION_SUPPORT_FLAG_SUPPORTED,
            D3D12_LINEAR_ALGEBRA_MULTIPLICATION_SUPPORT_FLAG_EMULATED_INPUTS,
            D3D12_LINEAR_ALGEBRA_MULTIPLICATION_SUPPORT_FLAG_EMULATED_OUTPUTS,
            D3D12_LINEAR_ALGEBRA_MULTIPLICATION_SUPPORT_FLAG_TRANSPOSE) == (1, 2, 4, 8)
    assert D3D_SHADER_MODEL_6_10 == 0x6A


def test_the_sm610_import_rebinds_the_datatype_constants_only_there():
    import d3d12api
    import d3d12api.sm610 as sm610
    assert d3d12api.D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT16 == 8 and sm610.D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT16 == 7
    assert not hasattr(d3d12api, "D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT8_E4M3FN")


class _Inputs(ctypes.Structure):
    _fields_ = [("WaveSize", ctypes.c_uint), ("A", ctypes.c_int), ("B", ctypes.c_int), ("Acc", ctypes.c_int)]


class _Shape(ctypes.Structure):
    _fields_ = [("M", ctypes.c_uint), ("K", ctypes.c_uint), ("N", ctypes.c_uint)]


def _struct(*fields):
    return type("S", (ctypes.Structure,), {"_fields_": [(f"f{i}", t) for i, t in enumerate(fields)]})


U = ctypes.c_uint
# the idl's layout (x64), field by field
IDL = {
    D3D12_FEATURE_DATA_LINEAR_ALGEBRA_SUPPORT: _struct(U),
    D3D12_LINEAR_ALGEBRA_MATRIX_CONSTRUCTION_SUPPORT: _struct(U, U, U, U, U),
    D3D12_LINEAR_ALGEBRA_MATRIX_MULTIPLY_SHAPE: _Shape,
    D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_INPUTS: _Inputs,
    D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_SUPPORT: _struct(_Inputs, U, U, ctypes.POINTER(_Shape)),
    D3D12_LINEAR_ALGEBRA_THREADGROUP_MATRIX_MULTIPLY_SUPPORT: _struct(_Inputs, _Shape, U, U, U, U),
    D3D12_LINEAR_ALGEBRA_THREAD_VECTOR_MATRIX_MULTIPLY_SUPPORT: _struct(U, U, U, U, U),
    D3D12_LINEAR_ALGEBRA_THREAD_OUTER_PRODUCT_SUPPORT: _struct(U, U, ctypes.c_int),
    D3D12_LINEAR_ALGEBRA_ATOMIC_ACCUMULATE_STORE_SUPPORT: _struct(U, ctypes.c_int, ctypes.c_int),
}


@pytest.mark.parametrize("struct, mirror", IDL.items(), ids=lambda v: getattr(v, "__name__", ""))
def test_struct_sizes_are_the_idl_layout(struct, mirror):
    assert sizeof(struct) == ctypes.sizeof(mirror)


def test_the_operation_struct_is_the_idl_union_and_dxc_test_copy_is_smaller():
    union = type("U", (ctypes.Union,), {"_fields_": [(f"m{i}", m) for i, m in enumerate(IDL.values()) if i]})
    outer = _struct(ctypes.c_int, union)
    assert sizeof(D3D12_FEATURE_DATA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT) == ctypes.sizeof(outer) == 56
    # DXC HlslExecTestUtils.h linalg_abi: MatrixConstruction {type, wave, Shape, BOOL}, WaveMatrixMultiply
    # {Inputs, Shape, flags} (no pointer), so the union is 44 bytes at 4-byte alignment
    dxc_union = type("D", (ctypes.Union,), {"_fields_": [
        ("c", _struct(U, U, _Shape, ctypes.c_int)), ("w", _struct(_Inputs, _Shape, U)),
        ("g", _struct(_Inputs, _Shape, U, U, U, U)), ("v", _struct(U, U, U, U, U))]})
    assert ctypes.sizeof(_struct(U, dxc_union)) == DXC_TEST_COPY_SIZEOF == 48


# --- feature 77 ------------------------------------------------------------------------------------

@pytest.mark.parametrize("profile", PROFILES)
def test_tier_is_the_profile_s(profile):
    data = D3D12_FEATURE_DATA_LINEAR_ALGEBRA_SUPPORT()
    assert _device(profile).CheckFeatureSupport(D3D12_FEATURE_LINEAR_ALGEBRA_SUPPORT, data, sizeof(data)) == S_OK
    assert data.LinearAlgebraTier == D3D12_LINEAR_ALGEBRA_TIER_1_0


def test_a_profile_without_the_section_reports_not_supported_and_nothing_else():
    from dxlinalg.profile.registry import load_profile
    profile = load_profile("minimal").model_copy(update={"linalg_support": None})
    device = _device(profile)
    data = D3D12_FEATURE_DATA_LINEAR_ALGEBRA_SUPPORT(LinearAlgebraTier=0x10)
    assert device.CheckFeatureSupport(D3D12_FEATURE_LINEAR_ALGEBRA_SUPPORT, data, 4) == S_OK
    assert data.LinearAlgebraTier == D3D12_LINEAR_ALGEBRA_TIER_NOT_SUPPORTED
    hr, answer = _query(device, OP.WAVE_MATRIX_MULTIPLY,
                        WaveMatrixMultiply=D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_SUPPORT(
                            Inputs=(0, DT.UINT8, DT.UINT8, DT.SINT32)))
    assert hr == S_OK and answer.WaveMatrixMultiply.SupportFlags == 0 and answer.WaveMatrixMultiply.NumShapes == 0


# --- feature 78 against an oracle that reads the JSON ----------------------------------------------

def _name(datatype) -> str:
    return DT(datatype).name


@pytest.mark.parametrize("profile", PROFILES)
def test_every_wave_multiply_combination_answers_as_the_profile_lists(profile):
    device, section = _device(profile), _section(profile)
    listed = {(e["a_type"], e["b_type"], e["accumulator_type"]): e for e in section.get("wave_multiply", [])}
    for a, b, c in itertools.product(TYPES, repeat=3):
        member = D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_SUPPORT(Inputs=(0, a, b, c))
        hr, answer = _query(device, OP.WAVE_MATRIX_MULTIPLY, WaveMatrixMultiply=member)
        entry = listed.get((_name(a), _name(b), _name(c)))
        assert hr == S_OK
        assert member.NumShapes == (len(entry["shapes"]) if entry else 0)
        expected = (1 | (4 if entry["emulated_outputs"] else 0)) if entry else 0
        assert member.SupportFlags == expected
        if entry:
            member.Shapes = [None] * member.NumShapes
            assert _query(device, OP.WAVE_MATRIX_MULTIPLY, WaveMatrixMultiply=member)[0] == S_OK
            assert [[s.M, s.K, s.N] for s in member.Shapes] == entry["shapes"]


@pytest.mark.parametrize("profile", PROFILES)
def test_every_vector_multiply_combination_answers_as_the_profile_lists(profile):
    device, section = _device(profile), _section(profile)
    for v, m, r in itertools.product(TYPES, repeat=3):
        for bias in {DT.NONE, r, DT.FLOAT32}:
            member = D3D12_LINEAR_ALGEBRA_THREAD_VECTOR_MATRIX_MULTIPLY_SUPPORT(v, m, bias, r)
            hr, _ = _query(device, OP.THREAD_VECTOR_MATRIX_MULTIPLY, ThreadVectorMatrixMultiply=member)
            entry = next((e for e in section.get("vector_multiply", [])
                          if (e["vector_type"], e["matrix_type"], e["result_type"]) == (_name(v), _name(m), _name(r))
                          and _name(bias) in e["bias_types"]), None)
            expected = 0 if entry is None else 1 | 2 * entry["emulated_inputs"] | 4 * entry["emulated_outputs"] \
                | 8 * entry["transpose"]
            assert (hr, member.SupportFlags) == (S_OK, expected), (v, m, bias, r)


@pytest.mark.parametrize("profile", PROFILES)
def test_construction_outer_product_and_accumulate_store(profile):
    device, section = _device(profile), _section(profile)
    for t in TYPES:
        member = D3D12_LINEAR_ALGEBRA_MATRIX_CONSTRUCTION_SUPPORT(t, 0)
        assert _query(device, OP.MATRIX_CONSTRUCTION, MatrixConstruction=member)[0] == S_OK
        row = next((e for e in section.get("matrix_construction", []) if e["component_type"] == _name(t)), None)
        assert (member.MinM, member.MinK, member.MinN) == ((row["min_m"], row["min_k"], row["min_n"]) if row
                                                           else (0, 0, 0))
        store = D3D12_LINEAR_ALGEBRA_ATOMIC_ACCUMULATE_STORE_SUPPORT(t)
        assert _query(device, OP.ATOMIC_ACCUMULATE_STORE, AccumulateStore=store)[0] == S_OK
        row = next((e for e in section.get("accumulate_store", []) if e["component_type"] == _name(t)), None)
        assert (store.RWByteAddressBufferSupported, store.GroupSharedSupported) == \
            ((row["rw_byte_address_buffer"], row["groupshared"]) if row else (False, False))
        for r in TYPES:
            outer = D3D12_LINEAR_ALGEBRA_THREAD_OUTER_PRODUCT_SUPPORT(t, r)
            assert _query(device, OP.THREAD_OUTER_PRODUCT, ThreadOuterProductSupport=outer)[0] == S_OK
            assert outer.Supported == ({"input_type": _name(t), "result_type": _name(r)}
                                       in section.get("outer_product", []))


@pytest.mark.parametrize("shape, expected", [
    ((16, 16, 16), (1, 32, 64, 0)), ((32, 16, 16), (1, 32, 128, 0)), ((64, 32, 96), (1, 32, 256, 0)),
    ((8, 16, 16), (0, 0, 0, 0)), ((16, 8, 16), (0, 0, 0, 0))])
def test_threadgroup_multiply_answers_group_sizes_by_shape(shape, expected):
    member = D3D12_LINEAR_ALGEBRA_THREADGROUP_MATRIX_MULTIPLY_SUPPORT(
        WaveInputs=D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_INPUTS(32, DT.FLOAT16, DT.FLOAT16, DT.FLOAT32),
        Shape=D3D12_LINEAR_ALGEBRA_MATRIX_MULTIPLY_SHAPE(*shape))
    assert _query(_device("nvidia-h100"), OP.THREADGROUP_MATRIX_MULTIPLY, ThreadGroupMatrixMultiply=member)[0] == S_OK
    assert (member.SupportFlags, member.MinThreadGroupSize, member.MaxThreadGroupSize,
            member.PreferredThreadGroupSize) == expected


def test_the_runtime_spec_usage_example_runs_as_written():
    """RT "Usage Example": 64x64x64 FP16 x FP16 -> FP32, two calls, then the multiple-of-a-shape test."""
    device = _device("nvidia-h100")
    op_support = D3D12_FEATURE_DATA_MATRIX_OPERATION_SUPPORT()
    op_support.OperationType = D3D12_LINEAR_ALGEBRA_OPERATION_TYPE_WAVE_MATRIX_MULTIPLY
    op_support.WaveMatrixMultiply.Inputs.WaveSize = 0
    op_support.WaveMatrixMultiply.Inputs.MatrixAComponentType = D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT16
    op_support.WaveMatrixMultiply.Inputs.MatrixBComponentType = D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT16
    op_support.WaveMatrixMultiply.Inputs.AccumulatorComponentType = D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT32
    op_support.WaveMatrixMultiply.NumShapes = 0
    hr = device.CheckFeatureSupport(D3D12_FEATURE_MATRIX_OPERATION_SUPPORT, op_support, sizeof(op_support))
    assert SUCCEEDED(hr) and op_support.WaveMatrixMultiply.NumShapes > 0
    shapes = [D3D12_LINEAR_ALGEBRA_MATRIX_MULTIPLY_SHAPE() for _ in range(op_support.WaveMatrixMultiply.NumShapes)]
    op_support.WaveMatrixMultiply.Shapes = shapes
    hr = device.CheckFeatureSupport(D3D12_FEATURE_MATRIX_OPERATION_SUPPORT, op_support, sizeof(op_support))
    assert SUCCEEDED(hr)
    assert any(64 % s.M == 0 and 64 % s.K == 0 and 64 % s.N == 0 for s in shapes)


# --- rejection paths -------------------------------------------------------------------------------

def _wave(inputs=(0, DT.UINT8, DT.UINT8, DT.SINT32), **fields):
    return {"WaveMatrixMultiply": D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_SUPPORT(Inputs=inputs, **fields)}


@pytest.mark.parametrize("operation, members, words", [
    (6, {}, "OperationType = 6"),
    (OP.WAVE_MATRIX_MULTIPLY, _wave((0, 9, DT.UINT8, DT.SINT32)), "6.9 seed numbers"),
    (OP.WAVE_MATRIX_MULTIPLY, _wave((0, DT.NONE, DT.UINT8, DT.SINT32)), "only BiasInputType may be NONE"),
    (OP.WAVE_MATRIX_MULTIPLY, _wave((16, DT.UINT8, DT.UINT8, DT.SINT32)), "WaveSize = 16"),
    (OP.WAVE_MATRIX_MULTIPLY, _wave(NumShapes=2), "null allowed only if NumShapes is 0"),
    (OP.WAVE_MATRIX_MULTIPLY, _wave(NumShapes=0, Shapes=[]), "NumShapes = 0 with Shapes non-null"),
    (OP.WAVE_MATRIX_MULTIPLY, _wave(NumShapes=3, Shapes=[None, None]), "holds 2 entries"),
    (OP.WAVE_MATRIX_MULTIPLY, _wave(NumShapes=2, Shapes=(None, None)), "must be None or a list"),
    (OP.WAVE_MATRIX_MULTIPLY, _wave(NumShapes=-1), "not a UINT"),
    (OP.MATRIX_CONSTRUCTION, {"MatrixConstruction": D3D12_LINEAR_ALGEBRA_MATRIX_CONSTRUCTION_SUPPORT(DT.SINT8, 3)},
     "WaveSize = 3"),
    (OP.THREADGROUP_MATRIX_MULTIPLY,
     {"ThreadGroupMatrixMultiply": D3D12_LINEAR_ALGEBRA_THREADGROUP_MATRIX_MULTIPLY_SUPPORT(
         WaveInputs=(0, DT.FLOAT16, DT.FLOAT16, DT.FLOAT32), Shape=(16, 0, 16))}, "at least 1"),
    (OP.THREAD_VECTOR_MATRIX_MULTIPLY,
     {"ThreadVectorMatrixMultiply": D3D12_LINEAR_ALGEBRA_THREAD_VECTOR_MATRIX_MULTIPLY_SUPPORT(DT.FLOAT16, 22, 0, 7)},
     "MatrixInputType = 22"),
    (OP.THREAD_OUTER_PRODUCT, {"ThreadOuterProductSupport": D3D12_LINEAR_ALGEBRA_THREAD_OUTER_PRODUCT_SUPPORT(
        DT.FLOAT16, DT.NONE)}, "ResultComponentType = NONE"),
    (OP.ATOMIC_ACCUMULATE_STORE, {"AccumulateStore": D3D12_LINEAR_ALGEBRA_ATOMIC_ACCUMULATE_STORE_SUPPORT(1)},
     "ComponentType = 1"),
])
def test_bad_inputs_fail_with_e_invalidarg_and_write_nothing(operation, members, words):
    device = _device("minimal")
    data = D3D12_FEATURE_DATA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT(OperationType=operation, **members)
    before = data.model_dump()
    assert device.CheckFeatureSupport(D3D12_FEATURE_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT, data, sizeof(data)) \
        == E_INVALIDARG
    assert data.model_dump() == before
    assert words in device.debug_layer.messages[-1]


def test_a_nested_struct_replaced_by_a_tuple_is_rejected_not_crashed():
    data = D3D12_FEATURE_DATA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT(OperationType=OP.WAVE_MATRIX_MULTIPLY)
    data.WaveMatrixMultiply.Inputs = (0, 7, 7, 8)
    device = _device()
    assert device.CheckFeatureSupport(78, data, 56) == E_INVALIDARG
    assert "is a tuple" in device.debug_layer.messages[-1]


def test_dxc_test_copy_size_is_rejected_and_named():
    """DXC's LinAlgTests shim passes sizeof = 48 (its layout): the preview-SDK runtime answers E_INVALIDARG."""
    device = _device()
    data = D3D12_FEATURE_DATA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT(OperationType=OP.MATRIX_CONSTRUCTION)
    data.MatrixConstruction.ComponentType = DT.SINT8
    assert device.CheckFeatureSupport(78, data, DXC_TEST_COPY_SIZEOF) == E_INVALIDARG
    assert "DXC's test copy" in device.debug_layer.messages[-1]
    assert data.MatrixConstruction.MinM == 0


@pytest.mark.parametrize("feature, struct, size", [
    (77, D3D12_FEATURE_DATA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT, 56),
    (78, D3D12_FEATURE_DATA_LINEAR_ALGEBRA_SUPPORT, 4), (77, D3D12_FEATURE_DATA_LINEAR_ALGEBRA_SUPPORT, 8)])
def test_wrong_struct_or_size_is_e_invalidarg(feature, struct, size):
    assert _device().CheckFeatureSupport(feature, struct(), size) == E_INVALIDARG


def test_each_runtime_answers_only_its_own_features():
    device69 = _device(shader_model=D3D_SHADER_MODEL_6_9)
    assert device69.CheckFeatureSupport(77, D3D12_FEATURE_DATA_LINEAR_ALGEBRA_SUPPORT(), 4) == E_INVALIDARG
    assert "shader_model=D3D_SHADER_MODEL_6_10" in device69.debug_layer.messages[-1]
    device610 = _device()
    options = D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL()
    assert device610.CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, options, 4) == E_INVALIDARG
    for device, highest in ((device69, D3D_SHADER_MODEL_6_9), (device610, D3D_SHADER_MODEL_6_10)):
        data = D3D12_FEATURE_DATA_SHADER_MODEL(D3D_SHADER_MODEL_6_10)
        assert device.CheckFeatureSupport(D3D12_FEATURE_SHADER_MODEL, data, 4) == S_OK
        assert data.HighestShaderModel == highest


@pytest.mark.parametrize("bad", [0x68, 0x6B, "6.10", 6.1, True])
def test_a_device_is_created_for_6_9_or_6_10_only(bad):
    with pytest.raises(D3D12Error) as caught:
        _device(shader_model=bad)
    assert caught.value.hr == E_INVALIDARG
