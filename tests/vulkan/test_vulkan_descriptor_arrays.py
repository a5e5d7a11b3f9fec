"""Descriptor arrays (an arrayed binding: `buffer B { uint d[]; } b[2];`) are valid SPIR-V (spirv-val accepts both
modules below) that the executor does not run: dxlinalg.spirv says so as unsupported, naming the descriptor array,
and the emulated driver fails with VK_ERROR_INVALID_SHADER_NV, never a VUID of a rule the module keeps."""

from __future__ import annotations

import numpy as np
import pytest
from compute_harness import STORAGE, Compute

from dxlinalg.spirv import SpirvUnsupportedError, run
from dxlinalg.spirv.builder import ComputeKernel
from dxlinalg.spirv.enums import StorageClass
from dxlinalg.vulkan import *  # noqa: F403


def arrayed_kernel(runtime_array: bool) -> bytes:
    """b[1].d[i] = i through an array of two StorageBuffer blocks at (0, 0)."""
    kernel = ComputeKernel(local_size=(4, 1, 1))
    b, fn = kernel.module, kernel.fn
    u32 = b.uint()
    block = b.struct(b.runtime_array(u32, 4) if runtime_array else b.array(u32, 4, 4), offsets=[0], block=True)
    variable = b.variable(b.array(block, 2), StorageClass.StorageBuffer, descriptor=(0, 0))
    kernel.interface.append(variable)
    i = kernel.global_id_x()
    pointer = fn.op("OpAccessChain", b.pointer(StorageClass.StorageBuffer, u32), variable, b.constant(b.int(), 1),
                    b.constant(b.int(), 0), i)
    fn.do("OpStore", pointer, i)
    return kernel.finish().astype("<u4").tobytes()


@pytest.mark.parametrize("runtime_array", [True, False])
def test_spirv_run_reports_a_descriptor_array_as_unsupported(runtime_array: bool) -> None:
    with pytest.raises(SpirvUnsupportedError, match="descriptor array"):
        run(arrayed_kernel(runtime_array), buffers={(0, 0): np.zeros(4, np.uint32)})


@pytest.mark.parametrize("validation", [True, False])
@pytest.mark.parametrize("runtime_array", [True, False])
def test_the_emulated_driver_cannot_compile_a_descriptor_array(runtime_array: bool, validation: bool) -> None:
    gpu = Compute(validation=validation)
    layout = gpu.pipeline_layout(gpu.set_layout((0, STORAGE, 2)))
    with pytest.raises(VulkanError, match="descriptor array") as failed:
        gpu.pipeline(arrayed_kernel(runtime_array), layout)
    assert failed.value.result == VK_ERROR_INVALID_SHADER_NV
    assert not any("VUID" in message for message in gpu.messages)
