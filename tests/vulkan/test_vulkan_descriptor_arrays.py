"""Descriptor arrays through the Vulkan calls: a layout binding of descriptorCount > 1, written element by element
(dstArrayElement) or in one write (descriptorCount > 1), dispatched: the same bytes as dxlinalg.spirv.run with
(set, binding, element) keys. The layout's descriptorCount must cover the shader's array, the elements the shader
picks with constant indices must be valid when it is dispatched, and an element a computed index reaches while
unwritten is the executor's undefined behaviour."""

from __future__ import annotations

import numpy as np
import pytest
from compute_harness import STORAGE, Compute

from dxlinalg.spirv import SpirvUndefinedBehaviorError, run
from dxlinalg.vulkan import *  # noqa: F403
from dxlinalg.vulkan import compute_vuids as vu
from tests.spirv.test_descriptor_arrays import BLOCKS, LOCAL, inputs, kernel, oracle

BIND = VK_PIPELINE_BIND_POINT_COMPUTE


def dispatch(gpu: Compute, code: bytes, buffers: dict[tuple[int, ...], np.ndarray], groups: int,
             one_write: bool = False, count: int = BLOCKS) -> dict[tuple[int, ...], np.ndarray]:
    """The array at (0, 0) of `count` descriptors, out at (0, 1); elements written one by one or in one write."""
    set_layout = gpu.set_layout((0, STORAGE, count), (1, STORAGE))
    layout = gpu.pipeline_layout(set_layout)
    pipeline = gpu.pipeline(code, layout)
    uploaded = {key: gpu.upload(array) for key, array in buffers.items()}
    descriptor_set = gpu.allocate(set_layout)[0]
    elements = sorted(key for key in uploaded if len(key) == 3)
    if one_write:
        vkUpdateDescriptorSets(gpu.device, 1, [VkWriteDescriptorSet(
            dstSet=descriptor_set, dstBinding=0, dstArrayElement=0, descriptorCount=len(elements),
            descriptorType=STORAGE, pBufferInfo=[VkDescriptorBufferInfo(uploaded[key].buffer, 0, VK_WHOLE_SIZE)
                                                 for key in elements])], 0, None)
    else:
        for key in elements:
            gpu.write(descriptor_set, 0, uploaded[key], element=key[2])
    gpu.write(descriptor_set, 1, uploaded[(0, 1)])
    command_buffer = gpu.command_buffer()
    vkCmdBindPipeline(command_buffer, BIND, pipeline)
    vkCmdBindDescriptorSets(command_buffer, BIND, layout, 0, 1, [descriptor_set], 0, None)
    vkCmdDispatch(command_buffer, groups, 1, 1)
    gpu.submit(command_buffer)
    return {key: uploaded[key].mapped[: array.nbytes].copy().view(array.dtype) for key, array in buffers.items()}


@pytest.mark.parametrize("one_write", [False, True])
@pytest.mark.parametrize("index, non_uniform", [("const1", False), ("group", False), ("lane", True)])
def test_each_element_written_reaches_the_shader_as_spirv_run_binds_it(index: str, non_uniform: bool,
                                                                       one_write: bool) -> None:
    groups = 3
    buffers = inputs(groups * LOCAL)
    code = kernel(index, non_uniform=non_uniform)
    got = dispatch(Compute(), code, buffers, groups, one_write)
    expected = run(code, groups=(groups, 1, 1), buffers=buffers)
    assert set(got) == set(expected)
    for key, array in expected.items():
        assert got[key].tobytes() == array.tobytes(), key
        assert np.array_equal(array, oracle(index, groups, buffers)[key]), key


def test_a_runtime_array_takes_the_layouts_descriptor_count() -> None:
    groups = 2
    buffers = inputs(groups * LOCAL)
    got = dispatch(Compute(), kernel("lane", runtime_length=True, non_uniform=True), buffers, groups)
    for key, array in oracle("lane", groups, buffers).items():
        assert np.array_equal(got[key], array), key


def test_elements_a_constant_index_never_reaches_may_stay_unwritten() -> None:
    buffers = {(0, 0, 1): np.arange(LOCAL, dtype=np.uint32), (0, 1): np.zeros(LOCAL, np.uint32)}
    gpu = Compute()
    got = dispatch(gpu, kernel("const1"), buffers, 1)
    assert np.array_equal(got[(0, 1)], np.arange(LOCAL)) and not gpu.messages


@pytest.mark.parametrize("validation", [True, False])
def test_an_unwritten_element_a_constant_index_reaches_is_reported_at_dispatch(validation: bool) -> None:
    buffers = {(0, 0, 0): np.arange(LOCAL, dtype=np.uint32), (0, 1): np.zeros(LOCAL, np.uint32)}
    gpu = Compute(validation=validation)
    if validation:
        with pytest.raises(VulkanValidationError) as caught:
            dispatch(gpu, kernel("const1"), buffers, 1)
        assert caught.value.vuid == vu.DISPATCH_DESCRIPTORS
        assert "storage buffer blocks[1] (set 0, binding 0, element 1)" in str(caught.value)
        assert "binding 0 element 1 of" in str(caught.value) and "was never written" in str(caught.value)
    else:
        got = dispatch(gpu, kernel("const1"), buffers, 1)        # the dispatch is skipped
        assert not got[(0, 1)].any()
        assert any(vu.DISPATCH_DESCRIPTORS in message and "the dispatch is skipped" in message
                   for message in gpu.messages)


def test_an_unwritten_element_a_computed_index_reaches_is_the_executors_undefined_behaviour() -> None:
    buffers = inputs(2 * LOCAL)
    del buffers[(0, 0, 2)]
    gpu = Compute()
    with pytest.raises(SpirvUndefinedBehaviorError, match=r"element 2 of the descriptor array StorageBuffer blocks "
                                                          r"\(set 0, binding 0\) \(lane 2\) is not bound"):
        dispatch(gpu, kernel("lane", non_uniform=True), buffers, 2)
    assert any(vu.DISPATCH_SHADER in message for message in gpu.messages)


@pytest.mark.parametrize("validation", [True, False])
def test_a_layout_binding_shorter_than_the_array_is_reported(validation: bool) -> None:
    gpu = Compute(validation=validation)
    layout = gpu.pipeline_layout(gpu.set_layout((0, STORAGE, 2), (1, STORAGE)))
    if validation:
        with pytest.raises(VulkanValidationError) as caught:
            gpu.pipeline(kernel("const1"), layout)
        assert caught.value.vuid == vu.PIPELINE_DESCRIPTOR_COUNT
        assert "descriptor array blocks (3 blocks, set 0, binding 0) has descriptorCount 2 in the layout, fewer " \
               "than the array's 3" in str(caught.value)
    else:
        gpu.pipeline(kernel("const1"), layout)
        assert any(vu.PIPELINE_DESCRIPTOR_COUNT in message for message in gpu.messages)
