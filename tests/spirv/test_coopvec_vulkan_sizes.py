"""The SPIR-V cooperative-vector instructions bounds-check matrices by Vulkan's size rule: the bytes
vkConvertCooperativeVectorMatrixNV reports, never rounded (D3D12 rounds its DestSize up to 16 bytes and the DXIL
ops keep that rule). A buffer holding exactly the reported bytes is enough; one byte less is out of bounds."""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg import dxil
from dxlinalg.errors import UndefinedBehaviorError
from dxlinalg.gpu import standalone_lanes
from dxlinalg.gpu.resources import resolve_handle
from dxlinalg.memory.address_space import AddressSpace
from dxlinalg.numerics.component_types import ComponentType as T
from dxlinalg.numerics.component_types import MatrixLayout as L
from dxlinalg.numerics.vulkan_types import component_type_to_vulkan
from dxlinalg.profile.matrix_storage import (
    MatrixDescription,
    occupied_size,
    stored_size,
)
from dxlinalg.profile.registry import builtin_profile_names, load_profile
from dxlinalg.spirv import coopvec
from dxlinalg.spirv.coopvec import ArrayPointer
from dxlinalg.spirv.coopvec_rules import StorageClass
from tests.vulkan.vulkan_harness import INFER, TRAIN, Gpu, convert_on_host, host_info

SHAPES = [(3, 64), (5, 7), (16, 32), (1, 1)]
F16 = int(component_type_to_vulkan(T.F16))


def converted(profile_name: str, rows: int, cols: int, layout: int) -> np.ndarray:
    """An FP16 matrix converted to `layout` through the Vulkan host call: exactly the bytes its size query reports."""
    gpu = Gpu(profile_name)
    return convert_on_host(gpu.device, host_info(rows, cols, dst_layout=layout))


def holding(data: np.ndarray, size: int):
    """A buffer of exactly `size` bytes starting with `data` (written, so strict mode may read it)."""
    buffer = AddressSpace().allocate(size)
    count = min(size, data.size)
    buffer.data[:count] = data[:count]
    buffer.mark_written()
    return buffer


def matrix_mul(profile_name: str, buffer, rows: int, cols: int) -> np.ndarray:
    """MatrixMulNV of a (4, cols) FP16 vector by the rows x cols InferencingOptimal matrix in `buffer`."""
    x = (np.arange(4 * cols) % 5 - 2).reshape(4, cols).astype(np.float16)
    pointer = ArrayPointer(resolve_handle(buffer, "weights", writable=False), StorageClass.StorageBuffer)
    with standalone_lanes(4, profile=profile_name) as ctx:
        return coopvec.matrix_mul(ctx, x, F16, pointer, 0, F16, rows, cols, int(L.MulOptimal), False, 0, 0, T.F16,
                                  rows)


@pytest.mark.parametrize("profile_name", builtin_profile_names())
@pytest.mark.parametrize("rows, cols", SHAPES)
def test_a_matrix_load_reads_no_more_than_the_size_vulkan_reports(profile_name, rows, cols):
    data = converted(profile_name, rows, cols, INFER)
    desc = MatrixDescription(rows, cols, T.F16, L.MulOptimal)
    assert data.size == occupied_size(desc, load_profile(profile_name))
    exact = matrix_mul(profile_name, holding(data, data.size), rows, cols)
    roomy = matrix_mul(profile_name, holding(data, data.size + 64), rows, cols)
    assert np.array_equal(exact.view(np.uint16), roomy.view(np.uint16))
    with pytest.raises(UndefinedBehaviorError, match=f"matrix load .* has {data.size - 1} bytes .*robust"):
        matrix_mul(profile_name, holding(data, data.size - 1), rows, cols)


def test_the_adversarial_profile_has_a_vulkan_size_that_d3d12_rounds_up():
    """The case the rule is about: without it the tests above could pass with either size."""
    profile = load_profile("adversarial")
    desc = MatrixDescription(3, 64, T.F16, L.MulOptimal)
    assert occupied_size(desc, profile) % 16 and stored_size(desc, profile) == -(-occupied_size(desc, profile) // 16) * 16


def test_the_dxil_surface_keeps_d3d12s_rounded_destination_size():
    """DXIL reads the matrix D3D12's DestSize describes: a buffer of only Vulkan's bytes is out of bounds there."""
    profile = load_profile("adversarial")
    desc = MatrixDescription(3, 64, T.F16, L.MulOptimal)
    buffer = holding(converted("adversarial", 3, 64, INFER), occupied_size(desc, profile))
    x = np.ones((2, 64), np.float16)
    with standalone_lanes(2, profile=profile), pytest.raises(UndefinedBehaviorError, match="out of bounds|bytes"):
        dxil.matvecmul(x, False, T.F16, buffer, 0, T.F16, 3, 64, L.MulOptimal, False, 0, False,
                       result_type=np.float16)


@pytest.mark.parametrize("profile_name", builtin_profile_names())
@pytest.mark.parametrize("rows, cols", SHAPES)
def test_an_outer_product_accumulates_inside_the_size_vulkan_reports(profile_name, rows, cols):
    profile = load_profile(profile_name)
    if not profile.outer_product_properties or not profile.layout_spec(L.OuterProductOptimal):
        pytest.skip(f"{profile_name} reports no training support")
    accumulation = profile.outer_product_properties[0].accumulation_type
    desc = MatrixDescription(rows, cols, accumulation, L.OuterProductOptimal)
    size = occupied_size(desc, profile)
    if accumulation == T.F16:
        assert size == converted(profile_name, rows, cols, TRAIN).size
    a, b = np.ones((2, rows), np.float16), np.ones((2, cols), np.float16)
    vk_accumulation = int(component_type_to_vulkan(accumulation))
    layout = int(L.OuterProductOptimal)
    exact = AddressSpace().allocate(size)
    short = AddressSpace().allocate(size - 1) if size > 1 else None
    with standalone_lanes(2, profile=profile) as ctx:
        coopvec.outer_product_accumulate(ctx, gradients(exact), 0, a, b, layout, vk_accumulation)
    assert exact.data.any()
    if short is not None:
        with standalone_lanes(2, profile=profile) as ctx, pytest.raises(
                UndefinedBehaviorError, match=f"matrix accumulate .* has {size - 1} bytes"):
            coopvec.outer_product_accumulate(ctx, gradients(short), 0, a, b, layout, vk_accumulation)


def gradients(buffer) -> ArrayPointer:
    return ArrayPointer(resolve_handle(buffer, "gradients", writable=True), StorageClass.StorageBuffer)
