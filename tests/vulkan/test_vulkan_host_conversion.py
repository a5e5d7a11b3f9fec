"""vkConvertCooperativeVectorMatrixNV on every shipped profile: the size query, VK_INCOMPLETE, and conversions
against an element-by-element oracle built from the layout's own index table."""

from __future__ import annotations

import ctypes

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from vulkan_harness import (
    COL,
    E4M3,
    E5M2,
    F16,
    F32,
    INFER,
    ROW,
    S8,
    SHIPPED,
    TRAIN,
    U8,
    Gpu,
    convert_on_host,
    host_info,
)

from dxlinalg.numerics.component_types import ComponentType, MatrixLayout, type_info
from dxlinalg.numerics.conversions import convert_elements
from dxlinalg.numerics.vulkan_types import component_type_from_vulkan
from dxlinalg.profile.formats import optimal_format
from dxlinalg.profile.matrix_storage import MatrixDescription, decode_matrix
from dxlinalg.profile.registry import load_profile
from dxlinalg.vulkan import *  # noqa: F403

#: (source, destination) type pairs the rules allow and every shipped profile lists (U8 where listed).
CHANGES = [(F32, F16), (F16, F16), (F32, E4M3), (F16, E5M2), (S8, S8), (F32, F32), (F16, F32)]


def element_bytes(vk_type: int) -> int:
    return type_info(component_type_from_vulkan(vk_type, "type")).size_bytes


def oracle_slots(profile: str, vk_type: int, layout: int, rows: int, cols: int) -> tuple[np.ndarray, int]:
    """(index table, bytes per slot) of an optimal layout: the element each storage slot holds."""
    fmt = optimal_format(load_profile(profile), MatrixLayout(layout))
    ct = component_type_from_vulkan(vk_type, "type")
    table = fmt.slot_table(ct, MatrixLayout(layout), rows, cols)
    return table, type_info(fmt.storage_type(ct)).size_bytes


def random_source(rng: np.random.Generator, vk_type: int, count: int) -> np.ndarray:
    ct = component_type_from_vulkan(vk_type, "type")
    if ct == ComponentType.I8:
        return rng.integers(-128, 128, count).astype(np.int8)
    return (rng.standard_normal(count) * 4).astype(type_info(ct).dtype)


@pytest.mark.parametrize("profile", SHIPPED)
@pytest.mark.parametrize("change", CHANGES, ids=lambda c: f"{c[0]}-to-{c[1]}")
@pytest.mark.parametrize("layout", [INFER, TRAIN, ROW, COL])
def test_conversions_equal_the_element_conversion_in_the_profiles_layout(profile: str, change: tuple[int, int],
                                                                          layout: int) -> None:
    src, dst = change
    if dst in (E4M3, E5M2) and layout in (ROW, COL):
        return  # FP8 destinations need an optimal layout (VUID-...-10082)
    rows, cols = 13, 37
    rng = np.random.default_rng(rows * cols + src * 7 + dst)
    values = random_source(rng, src, rows * cols)
    stride = {ROW: cols, COL: rows}.get(layout, 0) * element_bytes(dst)
    gpu = Gpu(profile)
    out = convert_on_host(gpu.device, host_info(rows, cols, src, dst, dst_layout=layout, dstStride=stride,
                                                srcData=values))
    profile_model = load_profile(profile)
    want = convert_elements(values.reshape(rows, cols), component_type_from_vulkan(src, "src"),
                            component_type_from_vulkan(dst, "dst"), profile_model.float_conversion)
    got = decode_matrix(out, MatrixDescription(rows, cols, component_type_from_vulkan(dst, "dst"),
                                               MatrixLayout(layout), stride), profile_model)
    assert got.view(np.uint8).tobytes() == want.view(np.uint8).tobytes()


@pytest.mark.parametrize("profile", SHIPPED)
def test_an_optimal_destination_holds_each_element_where_its_index_table_says(profile: str) -> None:
    rows, cols = 20, 24
    values = (np.arange(rows * cols) + 0x0400).astype(np.uint16).view(np.float16)
    gpu = Gpu(profile)
    for layout in (INFER, TRAIN):
        out = convert_on_host(gpu.device, host_info(rows, cols, F16, F16, dst_layout=layout, srcData=values))
        table, slot_bytes = oracle_slots(profile, F16, layout, rows, cols)
        assert slot_bytes == 2 and out.size == table.size * 2
        slots = out.view(np.uint16)
        used = table >= 0
        assert np.array_equal(slots[used], values.view(np.uint16)[table[used]])


@pytest.mark.parametrize("profile", SHIPPED)
@settings(max_examples=15, deadline=None)
@given(rows=st.integers(1, 70), cols=st.integers(1, 70), vk_type=st.sampled_from([F16, F32, S8]),
       first=st.sampled_from([INFER, TRAIN, COL]), second=st.sampled_from([INFER, TRAIN, COL]))
def test_row_major_through_two_layouts_and_back_is_bit_exact(profile: str, rows: int, cols: int, vk_type: int,
                                                             first: int, second: int) -> None:
    gpu = Gpu(profile)
    element = element_bytes(vk_type)
    values = random_source(np.random.default_rng(rows * 100 + cols), vk_type, rows * cols)
    data, layout = values.view(np.uint8), ROW
    stride = cols * element
    for target in (first, second, ROW):
        target_stride = {ROW: cols, COL: rows}.get(target, 0) * element
        data = convert_on_host(gpu.device, host_info(rows, cols, vk_type, vk_type, src_layout=layout,
                                                     dst_layout=target, srcData=data, srcStride=stride,
                                                     srcSize=data.size, dstStride=target_stride))
        layout, stride = target, target_stride
    assert data.tobytes() == values.tobytes()


@pytest.mark.parametrize("rows, cols, vk_type, layout, stride, size", [
    (1, 1, F16, ROW, 16, 2), (8, 8, F16, ROW, 32, 240), (3, 5, F32, COL, 16, 4 * 16 + 12), (2, 3, S8, ROW, 7, 10)])
def test_strided_sizes_are_the_span_not_rounded(rows: int, cols: int, vk_type: int, layout: int, stride: int,
                                                size: int) -> None:
    """(rows-1)*stride + one row, as slang-rhi and NVIDIA's driver count: 240 bytes for 8x8 FP16 with stride 32."""
    gpu = Gpu("reference", validation=False)
    query = host_info(rows, cols, vk_type, vk_type, dst_layout=layout, dstStride=stride, srcData=None)
    query.srcData = VkDeviceOrHostAddressConstKHR()
    assert vkConvertCooperativeVectorMatrixNV(gpu.device, query) == VK_SUCCESS
    assert query.pDstSize[0] == size


@pytest.mark.parametrize("profile", SHIPPED)
def test_the_size_depends_only_on_the_destination(profile: str) -> None:
    gpu = Gpu(profile)
    sizes = set()
    for src_type, src_layout, stride in ((F32, ROW, 37 * 4), (F16, COL, 13 * 2 + 6), (F16, INFER, 999)):
        info = host_info(13, 37, src_type, F16, src_layout=src_layout, srcStride=stride, dst_layout=INFER,
                         dstStride=12345)
        info.srcData, info.dstData = VkDeviceOrHostAddressConstKHR(), VkDeviceOrHostAddressKHR()
        assert vkConvertCooperativeVectorMatrixNV(gpu.device, info) == VK_SUCCESS
        sizes.add(info.pDstSize[0])
    table, slot_bytes = oracle_slots(profile, F16, INFER, 13, 37)
    assert sizes == {table.size * slot_bytes}


def test_a_short_destination_gets_nothing_and_vk_incomplete() -> None:
    gpu = Gpu("nvidia-h100", validation=False)
    info = host_info(16, 32)
    size = [0]
    vkConvertCooperativeVectorMatrixNV(gpu.device, info.model_copy(update={"pDstSize": size}))
    out = np.full(size[0], 0xA5, np.uint8)
    info.dstData, info.pDstSize = VkDeviceOrHostAddressKHR(hostAddress=out), [size[0] - 1]
    assert vkConvertCooperativeVectorMatrixNV(gpu.device, info) == VK_INCOMPLETE
    assert (out == 0xA5).all() and info.pDstSize == [0]


def test_a_larger_destination_gets_the_matrix_and_the_bytes_written() -> None:
    gpu = Gpu("nvidia-h100")
    info = host_info(16, 32)
    out = np.full(4096, 0xA5, np.uint8)
    info.dstData, info.pDstSize = VkDeviceOrHostAddressKHR(hostAddress=out), [4096]
    assert vkConvertCooperativeVectorMatrixNV(gpu.device, info) == VK_SUCCESS
    assert info.pDstSize == [1024] and (out[1024:] == 0xA5).all()


def test_strided_destinations_leave_the_gaps_between_rows_alone() -> None:
    gpu = Gpu("reference")
    out = np.full(3 * 48, 0xEE, np.uint8)
    values = np.arange(3 * 8, dtype=np.float16)
    info = host_info(3, 8, F16, F16, dst_layout=ROW, dstStride=48, srcData=values, pDstSize=[out.size])
    info.dstData = VkDeviceOrHostAddressKHR(hostAddress=out)
    assert vkConvertCooperativeVectorMatrixNV(gpu.device, info) == VK_SUCCESS
    rows = out[: 2 * 48 + 16].reshape(-1)
    assert info.pDstSize == [2 * 48 + 16]
    assert (out[16:48] == 0xEE).all() and (out[64:96] == 0xEE).all()
    assert np.array_equal(rows[:16].view(np.float16), values[:8])


def test_ctypes_integers_are_pointers_too() -> None:
    gpu = Gpu("reference")
    size = ctypes.c_size_t(0)
    info = host_info(4, 4, pDstSize=size)
    info.srcData = VkDeviceOrHostAddressConstKHR()
    assert vkConvertCooperativeVectorMatrixNV(gpu.device, info) == VK_SUCCESS and size.value > 0


def test_an_empty_matrix_has_size_zero() -> None:
    gpu = Gpu("reference")
    info = host_info(0, 16, srcData=np.zeros(0, np.float16), srcStride=32)
    info.srcData = VkDeviceOrHostAddressConstKHR()
    assert vkConvertCooperativeVectorMatrixNV(gpu.device, info) == VK_SUCCESS and info.pDstSize == [0]


@pytest.mark.parametrize("field, value", [("numRows", -1), ("numColumns", 2**32), ("srcStride", -16),
                                          ("srcComponentType", 1.5), ("dstLayout", "optimal")])
def test_a_value_no_c_field_can_hold_is_an_error(field: str, value: object) -> None:
    info = host_info(4, 4)
    setattr(info, field, value)
    with pytest.raises(Exception, match=field):
        vkConvertCooperativeVectorMatrixNV(Gpu("reference", validation=False).device, info)


def test_the_emulator_limits_a_matrix_to_2_to_the_24_elements() -> None:
    info = host_info(4096, 4097, srcData=np.zeros(2, np.float16), srcStride=4097 * 2)
    with pytest.raises(Exception, match="emulator's limit"):
        vkConvertCooperativeVectorMatrixNV(Gpu("reference").device, info)


def test_u8_converts_where_the_profile_lists_it_and_is_invalid_where_not() -> None:
    ok = host_info(4, 4, U8, U8, srcData=np.arange(16, dtype=np.uint8))
    assert convert_on_host(Gpu("nvidia-h100").device, ok).size > 0
    with pytest.raises(VulkanValidationError, match="10079"):
        convert_on_host(Gpu("minimal").device, host_info(4, 4, U8, U8, srcData=np.arange(16, dtype=np.uint8)))


@pytest.mark.parametrize("validation", [True, False])
@pytest.mark.parametrize("side", ["srcData", "dstData"])
def test_host_memory_shorter_than_the_matrix_cannot_be_read_or_written(side: str, validation: bool) -> None:
    """srcSize and *pDstSize promise more bytes than the arrays hold: no driver could go on."""
    gpu = Gpu("reference", validation=validation)
    info = host_info(8, 8)
    out = np.zeros(4096, np.uint8)
    info.dstData, info.pDstSize = VkDeviceOrHostAddressKHR(hostAddress=out), [4096]
    if side == "srcData":
        info.srcData = VkDeviceOrHostAddressConstKHR(hostAddress=np.zeros(16, np.uint8))
    else:
        info.dstData = VkDeviceOrHostAddressKHR(hostAddress=out[:64])
    expected = VulkanValidationError if validation else VulkanUndefinedBehaviorError
    with pytest.raises(expected, match=f"{side}-parameter"):
        vkConvertCooperativeVectorMatrixNV(gpu.device, info)
