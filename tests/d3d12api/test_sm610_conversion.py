"""Matrix conversion on a device created for SM 6.10: 6.10 datatype numbers, layout-only conversions, types
valid for multiplication; the same calls on a 6.9 device keep 0029's rules."""

from __future__ import annotations

import numpy as np
import pytest
from d3d12_harness import COL, MUL, OUTER, ROW, Gpu

from d3d12api import *  # noqa: F403
from d3d12api import sm610
from d3d12api.linalg_conversion import multiplication_types
from dxlinalg.numerics.component_types import ComponentType as T
from dxlinalg.profile.registry import load_profile

DT = sm610.D3D12_LINEAR_ALGEBRA_DATATYPE
SEED = D3D12_LINEAR_ALGEBRA_DATATYPE
#: numpy type of each 6.10 datatype the round trips use
NUMPY = {DT.SINT8: np.int8, DT.UINT8: np.uint8, DT.FLOAT16: np.float16, DT.FLOAT32: np.float32,
         DT.SINT32: np.int32, DT.FLOAT8_E4M3FN: np.uint8}


def _gpu(profile: str = "reference", **kwargs) -> Gpu:
    return Gpu(profile, shader_model=sm610.D3D_SHADER_MODEL_6_10, size=1 << 18, **kwargs)


def _size(gpu: Gpu, rows: int, cols: int, datatype: int, layout: int, stride: int = 0) -> int:
    return gpu.dest_size(D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO(0, layout, stride, rows, cols, datatype))


@pytest.mark.parametrize("profile", ["reference", "minimal", "adversarial", "nvidia-h100"])
def test_destination_sizes_match_the_6_9_device_for_the_same_type(profile):
    """The same matrix in the same layout has the same bytes whichever runtime: only the numbering differs."""
    new, old = _gpu(profile), Gpu(profile, size=1 << 16)
    pairs = [(DT.SINT8, SEED.SINT8), (DT.FLOAT16, SEED.FLOAT16)]
    for sdk, seed in pairs:
        for layout in (MUL, OUTER):
            assert _size(new, 24, 40, sdk, layout) == _size(old, 24, 40, seed, layout) > 0


@pytest.mark.parametrize("profile, datatype", [("minimal", DT.SINT8), ("minimal", DT.UINT8),
                                               ("minimal", DT.SINT32), ("reference", DT.FLOAT16),
                                               ("nvidia-h100", DT.FLOAT16), ("adversarial", DT.FLOAT32),
                                               ("reference", DT.FLOAT8_E4M3FN)])
@pytest.mark.parametrize("middle", [MUL, OUTER, COL])
def test_row_major_to_a_layout_and_back_gives_the_same_bytes(profile, datatype, middle):
    gpu = _gpu(profile)
    rows, cols, itemsize = 12, 20, np.dtype(NUMPY[datatype]).itemsize
    rng = np.random.default_rng(int(datatype) * 10 + middle)
    matrix = rng.integers(0, 120, (rows, cols)).astype(NUMPY[datatype])
    stride = cols * itemsize
    gpu.write(0, matrix)
    middle_stride = 0 if middle in (MUL, OUTER) else -(-rows * itemsize // 16) * 16
    there = gpu.conversion(rows, cols, (datatype, ROW, stride), 0, matrix.nbytes, (datatype, middle, middle_stride),
                           1 << 14)
    gpu.convert(there)
    back_stride = -(-stride // 16) * 16
    back = gpu.conversion(rows, cols, (datatype, middle, middle_stride), 1 << 14, there.DestInfo.DestSize,
                          (datatype, ROW, back_stride), 1 << 16)
    gpu.convert(back)
    got = gpu.read(1 << 16, rows * back_stride).reshape(rows, back_stride)[:, :stride]
    assert np.array_equal(got, matrix.view(np.uint8).reshape(rows, stride))


def _rejected(gpu: Gpu, info, rule: str, words: str) -> None:
    command_list = gpu.open()
    with pytest.raises(D3D12DebugLayerError) as caught:
        command_list.ConvertLinearAlgebraMatrix(info, 1)
    assert caught.value.rule == rule and words in caught.value.message, caught.value.message
    command_list.Close()


def test_a_type_change_is_refused_on_6_10_and_allowed_on_6_9():
    gpu = _gpu("reference")
    info = gpu.conversion(8, 16, (DT.FLOAT32, ROW, 64), 0, 512, (DT.FLOAT16, MUL, 0), 1 << 14)
    _rejected(gpu, info, Rule.TYPE_CHANGE, "must be identical")
    old = Gpu("reference", size=1 << 16)
    old.convert(old.conversion(8, 16, (SEED.FLOAT32, ROW, 64), 0, 512, (SEED.FLOAT16, MUL, 0), 1 << 14))


def test_fp8_row_major_destinations_are_allowed_on_6_10_only():
    gpu = _gpu("reference")
    gpu.convert(gpu.conversion(8, 16, (DT.FLOAT8_E4M3FN, ROW, 16), 0, 128, (DT.FLOAT8_E4M3FN, ROW, 16), 1 << 14))
    old = Gpu("reference", size=1 << 16)
    info = old.conversion(8, 16, (SEED.E4M3, ROW, 16), 0, 128, (SEED.E4M3, ROW, 16), 1 << 14, dest_size=128)
    _rejected(old, info, Rule.FP8_LAYOUT, "MUL_OPTIMAL or OUTER_PRODUCT_OPTIMAL")


def test_a_type_not_valid_for_multiplication_is_refused_even_float32():
    """0029 lets any device convert FLOAT32; 6.10 asks for a type valid for vector- or matrix-matrix
    multiplication, and the minimal device multiplies no FLOAT32 matrix."""
    assert T.F32 not in multiplication_types(load_profile("minimal"))
    gpu = _gpu("minimal")
    info = D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO(0, MUL, 0, 8, 8, DT.FLOAT32)
    with pytest.raises(D3D12DebugLayerError) as caught:
        gpu.device.GetLinearAlgebraMatrixConversionDestinationInfo(info)
    assert caught.value.rule == Rule.TYPE_SUPPORT and "SINT8" in caught.value.message


@pytest.mark.parametrize("value, words", [(9, "is not a matrix D3D12_LINEAR_ALGEBRA_DATATYPE of the 6.10 SDK"),
                                          (0, "is not a matrix"), (22, "is not a matrix"), (7.0, "not an integer")])
def test_datatype_values_are_the_6_10_sdk_ones(value, words):
    gpu = _gpu("reference")
    info = D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO(0, MUL, 0, 8, 8, 0)
    info.DestDataType = value
    with pytest.raises(D3D12DebugLayerError, match=words):
        gpu.device.GetLinearAlgebraMatrixConversionDestinationInfo(info)


def test_the_same_number_names_another_type_on_each_runtime():
    """8 is FLOAT16 for a 6.9 device (seed numbering) and FLOAT32 for a 6.10 device: the sizes show it."""
    new, old = _gpu("reference"), Gpu("reference", size=1 << 16)
    assert _size(new, 16, 16, 8, ROW, 64) == 16 * 64 and _size(old, 16, 16, 8, ROW, 32) == 16 * 32
    assert _size(new, 16, 16, 8, ROW, 64) == _size(old, 16, 16, SEED.FLOAT32, ROW, 64)


def test_without_the_debug_layer_the_query_writes_zero_and_the_list_fails_to_close():
    gpu = _gpu("reference", debug=False)
    info = D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO(0, MUL, 0, 8, 8, 9)
    gpu.device.GetLinearAlgebraMatrixConversionDestinationInfo(info)
    assert info.DestSize == 0
    command_list = gpu.open()
    command_list.ConvertLinearAlgebraMatrix(
        gpu.conversion(8, 16, (DT.FLOAT32, ROW, 64), 0, 512, (DT.FLOAT16, MUL, 0), 1 << 14, dest_size=512), 1)
    assert command_list.Close() == E_INVALIDARG
    assert "must be identical" in gpu.device.debug_layer.messages[-1]


def test_a_device_without_linear_algebra_refuses_conversions():
    profile = load_profile("reference").model_copy(update={"linalg_support": None})
    device = D3D12CreateDevice(None, profile=profile, shader_model=sm610.D3D_SHADER_MODEL_6_10)
    with pytest.raises(D3D12DebugLayerError, match="TIER_NOT_SUPPORTED"):
        device.GetLinearAlgebraMatrixConversionDestinationInfo(
            D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO(0, MUL, 0, 8, 8, DT.SINT8))


def test_a_type_without_an_optimal_format_is_a_clean_refusal():
    """SINT32 is a wave accumulator on nvidia-h100 (so valid for 6.10 conversions), but its measured NVIDIA
    format has no 32-bit integer layout: the query is refused with the rule, never an internal error."""
    gpu = _gpu("nvidia-h100")
    info = D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO(0, MUL, 0, 16, 16, DT.SINT32)
    with pytest.raises(D3D12DebugLayerError) as caught:
        gpu.device.GetLinearAlgebraMatrixConversionDestinationInfo(info)
    assert caught.value.rule == Rule.TYPE_SUPPORT and "no MUL_OPTIMAL format" in caught.value.message
    assert _size(gpu, 16, 16, DT.SINT32, COL, 64) == 16 * 64
    source = gpu.conversion(16, 16, (DT.SINT32, MUL, 0), 0, 1024, (DT.SINT32, ROW, 64), 1 << 14, dest_size=1024)
    _rejected(gpu, source, Rule.TYPE_SUPPORT, "SrcInfo.SrcDataType = SINT32: this device has no MUL_OPTIMAL")
