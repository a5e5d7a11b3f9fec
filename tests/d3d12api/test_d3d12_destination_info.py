"""GetLinearAlgebraMatrixConversionDestinationInfo: DestSize invariants and input validation."""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from d3d12_harness import COL, E4M3, F16, F32, I8, MUL, OUTER, PROFILES, ROW, U8, Gpu, dest_info
from d3d12api import *  # noqa: F403
from d3d12api.conversion import allowed_matrix_types
from dxlinalg.profile.registry import load_profile

LAYOUTS = [ROW, COL, MUL, OUTER]
ELEMENT_BYTES = {F32: 4, F16: 2, E4M3: 1, D3D12_LINEAR_ALGEBRA_DATATYPE_E5M2: 1, I8: 1, U8: 1}
DEVICES = {name: D3D12CreateDevice(profile=name) for name in PROFILES}


def allowed(name):
    return sorted(D3D12_LINEAR_ALGEBRA_DATATYPE(int(t)) for t in allowed_matrix_types(load_profile(name)))


@st.composite
def destinations(draw):
    name = draw(st.sampled_from(PROFILES))
    datatype = draw(st.sampled_from(allowed(name)))
    fp8 = datatype in (E4M3, D3D12_LINEAR_ALGEBRA_DATATYPE_E5M2)
    layout = draw(st.sampled_from([MUL, OUTER] if fp8 else LAYOUTS))
    rows, cols = draw(st.integers(1, 64)), draw(st.integers(1, 64))
    stride = 0
    if layout in (ROW, COL):
        tight = (cols if layout == ROW else rows) * ELEMENT_BYTES[datatype]
        stride = -(-tight // 16) * 16 + 16 * draw(st.integers(0, 3))
    return name, dest_info(rows, cols, datatype, layout, stride)


@settings(max_examples=300, deadline=None)
@given(destinations())
def test_dest_size_is_a_multiple_of_16_and_covers_the_matrix(case):
    name, info = case
    DEVICES[name].GetLinearAlgebraMatrixConversionDestinationInfo(info)
    assert info.DestSize > 0 and info.DestSize % 16 == 0
    element = ELEMENT_BYTES[info.DestDataType]
    if info.DestLayout == ROW:
        assert info.DestSize >= (info.NumRows - 1) * info.DestStride + info.NumColumns * element
    elif info.DestLayout == COL:
        assert info.DestSize >= (info.NumColumns - 1) * info.DestStride + info.NumRows * element
    else:
        assert info.DestSize >= info.NumRows * info.NumColumns * element


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=destinations(), source_layout=st.sampled_from(LAYOUTS))
def test_conversion_writes_nothing_past_dest_size_whatever_the_source(case, source_layout):
    """The size depends on the destination only: any source converts into exactly DestSize bytes."""
    name, info = case
    gpu = GPUS[name]
    gpu.dest_size(info)
    rows, cols = info.NumRows, info.NumColumns
    source_type = info.DestDataType if info.DestDataType in (I8, U8) else F32  # integer types do not convert
    element = ELEMENT_BYTES[source_type]
    stride = (cols if source_layout == ROW else rows) * element if source_layout in (ROW, COL) else 0
    values = np.random.default_rng(rows * cols).integers(0, 256, rows * cols * element, np.uint8)
    source_size = rows * cols * element
    if source_layout in (MUL, OUTER):  # an optimal source holds what a conversion wrote there
        gpu.write(1 << 15, values)
        conversion = gpu.conversion(rows, cols, (source_type, ROW, cols * element), 1 << 15, source_size,
                                    (source_type, source_layout, 0), 0)
        gpu.convert(conversion)
        source_size = conversion.DestInfo.DestSize
    else:
        gpu.write(0, values)
    start = 1 << 17
    gpu.write(start, np.full(info.DestSize + 4096, 0xA5, np.uint8))
    conversion = gpu.conversion(rows, cols, (source_type, source_layout, stride), 0, source_size,
                                (info.DestDataType, info.DestLayout, info.DestStride), start)
    assert conversion.DestInfo.DestSize == info.DestSize
    gpu.convert(conversion)
    after = gpu.read(start + info.DestSize, 4096)
    assert (after == 0xA5).all()


GPUS = {name: Gpu(name) for name in PROFILES}


@pytest.mark.parametrize("name", PROFILES)
def test_dest_size_ignores_dest_stride_for_optimal_layouts(name):
    sizes = set()
    for stride in (0, 16, 12345):
        info = dest_info(24, 40, F16, MUL, stride)
        DEVICES[name].GetLinearAlgebraMatrixConversionDestinationInfo(info)
        sizes.add(info.DestSize)
    assert len(sizes) == 1


@pytest.mark.parametrize("field,info,rule", [
    ("DestLayout", dest_info(4, 4, F16, 4), Rule.LAYOUT_VALUE),
    ("DestDataType", dest_info(4, 4, 7, MUL), Rule.DATATYPE_VALUE),
    ("DestDataType", dest_info(4, 4, D3D12_LINEAR_ALGEBRA_DATATYPE_SINT16, MUL), Rule.TYPE_SUPPORT),
    ("NumRows", dest_info(0, 4, F16, MUL), Rule.SHAPE),
    ("NumColumns", dest_info(4, 0, F16, MUL), Rule.SHAPE),
    ("NumRows", dest_info(-1, 4, F16, MUL), Rule.UINT_RANGE),
    ("DestStride", dest_info(4, 8, F16, ROW, 8), Rule.DEST_STRIDE),
    ("DestStride", dest_info(4, 8, F16, ROW, 24), Rule.DEST_STRIDE),
    ("DestStride", dest_info(8, 4, F32, COL, 16), Rule.DEST_STRIDE),
    ("DestLayout", dest_info(4, 4, E4M3, ROW, 16), Rule.FP8_LAYOUT),
    ("NumColumns", dest_info(4096, 8192, F16, MUL), Rule.SIZE_LIMIT),
])
def test_bad_destination_info_is_reported_naming_the_field(field, info, rule):
    with pytest.raises(D3D12DebugLayerError) as caught:
        D3D12CreateDevice().GetLinearAlgebraMatrixConversionDestinationInfo(info)
    assert caught.value.rule == rule and f"pDesc.{field}" in caught.value.message
    quiet = D3D12CreateDevice(debug=False)
    info.DestSize = 999
    quiet.GetLinearAlgebraMatrixConversionDestinationInfo(info)
    assert info.DestSize == 0 and rule in quiet.debug_layer.messages[-1]


def test_the_stride_message_gives_the_values():
    with pytest.raises(D3D12DebugLayerError, match=r"DestStride = 8 is shorter than one row \(16 bytes for 4 x 8 "
                                                   r"FLOAT16 ROW_MAJOR\)"):
        D3D12CreateDevice().GetLinearAlgebraMatrixConversionDestinationInfo(dest_info(4, 8, F16, ROW, 8))


def test_uint8_is_supported_on_reference_but_must_be_float32_on_minimal():
    info = dest_info(4, 16, U8, MUL)
    D3D12CreateDevice(profile="reference").GetLinearAlgebraMatrixConversionDestinationInfo(info)
    assert info.DestSize > 0
    with pytest.raises(D3D12DebugLayerError, match="must be FLOAT32"):
        D3D12CreateDevice(profile="minimal").GetLinearAlgebraMatrixConversionDestinationInfo(info)


def test_the_query_needs_a_dest_info_struct():
    with pytest.raises(D3D12DebugLayerError):
        D3D12CreateDevice().GetLinearAlgebraMatrixConversionDestinationInfo(D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO())
