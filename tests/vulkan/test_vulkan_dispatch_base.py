"""vkCmdDispatchBase: WorkgroupId starts at the base, GlobalInvocationId moves with it, NumWorkgroups stays the
group count; the same through dxlinalg.spirv.run(base_group=...). Its VUIDs are in test_vulkan_compute_rules.py."""

from __future__ import annotations

import numpy as np
import pytest
from compute_harness import COMPUTE, STORAGE, Compute, square_kernel

from dxlinalg.spirv import SpirvArgumentError, SpirvUndefinedBehaviorError, run
from dxlinalg.spirv.builder import ComputeKernel
from dxlinalg.spirv.enums import BuiltIn
from dxlinalg.vulkan import *  # noqa: F403
from dxlinalg.vulkan import compute_vuids as vu

BIND = VK_PIPELINE_BIND_POINT_COMPUTE
LOCAL = (2, 2, 1)
WIDTH = 16          # out holds a WIDTH x WIDTH grid of global ids, 4 uints each
RECORD = 4


def ids_kernel() -> bytes:
    """out[(gid.y * WIDTH + gid.x) * 4 + 0..3] = WorkgroupId.x, WorkgroupId.y, NumWorkgroups.x, NumWorkgroups.y."""
    kernel = ComputeKernel(local_size=LOCAL)
    b, fn = kernel.module, kernel.fn
    u32 = b.uint()
    uvec3 = b.vector(u32, 3)
    out = kernel.buffer(0, 0, u32)
    values = {}
    for builtin in (BuiltIn.GlobalInvocationId, BuiltIn.WorkgroupId, BuiltIn.NumWorkgroups):
        loaded = fn.op("OpLoad", uvec3, kernel.builtin(builtin, uvec3))
        values[builtin] = [fn.op("OpCompositeExtract", u32, loaded, axis) for axis in range(2)]
    gx, gy = values[BuiltIn.GlobalInvocationId]
    cell = fn.op("OpIAdd", u32, fn.op("OpIMul", u32, gy, b.constant(u32, WIDTH)), gx)
    first = fn.op("OpIMul", u32, cell, b.constant(u32, RECORD))
    for slot, value in enumerate([*values[BuiltIn.WorkgroupId], *values[BuiltIn.NumWorkgroups]]):
        kernel.store(out, fn.op("OpIAdd", u32, first, b.constant(u32, slot)), u32, value)
    return kernel.finish().astype("<u4").tobytes()


def expected(base: tuple[int, int, int], groups: tuple[int, int, int]) -> np.ndarray:
    """The literal reading of the spec, one invocation at a time."""
    out = np.zeros((WIDTH, WIDTH, RECORD), np.uint32)
    for wy in range(base[1], base[1] + groups[1]):
        for wx in range(base[0], base[0] + groups[0]):
            for ly in range(LOCAL[1]):
                for lx in range(LOCAL[0]):
                    out[wy * LOCAL[1] + ly, wx * LOCAL[0] + lx] = (wx, wy, groups[0], groups[1])
    return out.reshape(-1)


class IdsPipeline:
    def __init__(self, gpu: Compute, flags: int = VK_PIPELINE_CREATE_DISPATCH_BASE_BIT) -> None:
        self.gpu = gpu
        self.set_layout = gpu.set_layout((0, STORAGE))
        self.layout = gpu.pipeline_layout(self.set_layout)
        stage = VkPipelineShaderStageCreateInfo(stage=COMPUTE, module=gpu.module(ids_kernel()), pName="main")
        pipelines = [None]
        vkCreateComputePipelines(gpu.device, None, 1, [VkComputePipelineCreateInfo(
            flags=flags, stage=stage, layout=self.layout)], None, pipelines)
        self.pipeline = pipelines[0]
        self.buffer = gpu.buffer(WIDTH * WIDTH * RECORD * 4)
        self.set = gpu.allocate(self.set_layout)[0]
        gpu.write(self.set, 0, self.buffer)

    def dispatch(self, base: tuple[int, int, int], groups: tuple[int, int, int]) -> np.ndarray:
        command_buffer = self.gpu.command_buffer()
        vkCmdBindPipeline(command_buffer, BIND, self.pipeline)
        vkCmdBindDescriptorSets(command_buffer, BIND, self.layout, 0, 1, [self.set], 0, None)
        vkCmdDispatchBase(command_buffer, *base, *groups)
        self.gpu.submit(command_buffer)
        return self.buffer.mapped[: WIDTH * WIDTH * RECORD * 4].view(np.uint32).copy()


@pytest.mark.parametrize("base, groups", [((3, 1, 0), (2, 3, 1)), ((0, 0, 0), (4, 2, 1)), ((7, 6, 0), (1, 1, 1))])
def test_workgroup_ids_start_at_the_base_and_num_workgroups_is_the_count(base, groups) -> None:
    got = IdsPipeline(Compute()).dispatch(base, groups)
    assert np.array_equal(got, expected(base, groups))


def test_spirv_run_takes_the_same_base_group() -> None:
    base, groups = (5, 2, 0), (3, 2, 1)
    out = run(ids_kernel(), groups=groups, base_group=base, buffers={(0, 0): np.zeros(WIDTH * WIDTH * RECORD,
                                                                                       np.uint32)})
    assert np.array_equal(out[(0, 0)], expected(base, groups))


@pytest.mark.parametrize("base", [(-1, 0, 0), (0, 2**32, 0), (1, 2)])
def test_spirv_run_rejects_a_base_group_that_is_not_three_uint32(base) -> None:
    with pytest.raises(SpirvArgumentError, match="base_group"):
        run(ids_kernel(), base_group=base, buffers={(0, 0): np.zeros(WIDTH * WIDTH * RECORD, np.uint32)})


def test_a_zero_base_needs_no_flag_and_matches_vkcmddispatch() -> None:
    gpu = Compute()
    ids = IdsPipeline(gpu, flags=0)
    got = ids.dispatch((0, 0, 0), (3, 2, 1))
    assert np.array_equal(got, expected((0, 0, 0), (3, 2, 1)))
    assert not any("ERROR" in message for message in gpu.messages)


def test_without_the_flag_the_layer_reports_it_and_a_driver_still_runs_from_the_base() -> None:
    gpu = Compute(validation=False)
    got = IdsPipeline(gpu, flags=0).dispatch((2, 1, 0), (1, 2, 1))
    assert np.array_equal(got, expected((2, 1, 0), (1, 2, 1)))
    assert any(vu.DISPATCH_BASE_FLAG in message for message in gpu.messages)


def test_the_khr_name_is_the_same_command() -> None:
    assert vkCmdDispatchBaseKHR is vkCmdDispatchBase


def test_a_base_dispatch_is_described_with_its_base_in_shader_errors() -> None:
    """An out-of-bounds access in a based dispatch names vkCmdDispatchBase and the base in the layer's message."""
    gpu = Compute()
    set_layout = gpu.set_layout((0, STORAGE))
    layout = gpu.pipeline_layout(set_layout)
    stage = VkPipelineShaderStageCreateInfo(stage=COMPUTE, module=gpu.module(square_kernel((4, 1, 1))), pName="main")
    pipelines = [None]
    vkCreateComputePipelines(gpu.device, None, 1, [VkComputePipelineCreateInfo(
        flags=VK_PIPELINE_CREATE_DISPATCH_BASE_BIT, stage=stage, layout=layout)], None, pipelines)
    target = gpu.allocate(set_layout)[0]
    gpu.write(target, 0, gpu.buffer(16))                       # 4 floats: group 0 only
    command_buffer = gpu.command_buffer()
    vkCmdBindPipeline(command_buffer, BIND, pipelines[0])
    vkCmdBindDescriptorSets(command_buffer, BIND, layout, 0, 1, [target], 0, None)
    vkCmdDispatchBase(command_buffer, 1, 0, 0, 1, 1, 1)       # group 1: floats 4..7, past the buffer
    with pytest.raises(SpirvUndefinedBehaviorError):
        gpu.submit(command_buffer)
    assert any("vkCmdDispatchBase(base (1, 0, 0), groups (1, 1, 1))" in m for m in gpu.messages)
