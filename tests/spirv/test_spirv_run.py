"""dxlinalg.spirv.run: module forms, buffer forms, results, chunking, caching and extension by registration."""

from pathlib import Path

import numpy as np
import pytest

from dxlinalg.memory.address_space import AddressSpace
from dxlinalg.spirv import SpirvArgumentError, SpirvUnsupportedError, load_module, prepare, register_opcode, run
from dxlinalg.spirv.builder import ComputeKernel
from dxlinalg.spirv.compiler import HANDLERS
from dxlinalg.spirv.grammar import opcode_of

DATA = Path(__file__).parent / "data"


def test_results_keep_each_buffers_dtype_and_shape_and_bytes_come_back_as_uint8():
    values = np.arange(64, dtype=np.int32).reshape(8, 8)
    out = run(DATA / "control_flow.spv", buffers={(0, 0): values, (0, 1): bytes(256)})
    assert out[(0, 0)].dtype == np.int32 and out[(0, 0)].shape == (8, 8)
    assert np.array_equal(out[(0, 0)], values)
    assert out[(0, 1)].dtype == np.uint8 and out[(0, 1)].shape == (256,)


def test_device_buffers_are_used_in_place():
    space = AddressSpace()
    inputs, outputs = space.allocate(256), space.allocate(256)
    inputs.data[:] = np.arange(64, dtype=np.int32).view(np.uint8)
    version = outputs.version
    out = run(DATA / "control_flow.spv", buffers={(0, 0): inputs, (0, 1): outputs}, address_space=space)
    assert outputs.version > version
    assert np.array_equal(out[(0, 1)], outputs.data)
    assert outputs.data.view(np.int32)[0] == -1000


def test_a_module_is_compiled_once_per_entry_point_and_specialization():
    module = load_module(DATA / "layouts.spv")
    first = prepare(module, "main", {0: 16})
    assert prepare(module, "main", {0: 16}) is first
    assert prepare(module, "main", {0: 32}) is not first
    assert first.local_size == (16, 1, 1)


def test_chunks_of_any_size_give_the_same_results():
    values = np.random.default_rng(5).standard_normal(1024).astype(np.float32)
    buffers = {(0, 0): values, (0, 1): np.zeros(8, np.float32), (0, 2): np.zeros(1024, np.float32)}
    whole = run(DATA / "shared_reduce.opt.spv", groups=(8, 1, 1), buffers=buffers)
    chunked = run(DATA / "shared_reduce.opt.spv", groups=(8, 1, 1), buffers=buffers, max_lanes_per_chunk=256)
    assert all(np.array_equal(whole[key], chunked[key]) for key in whole)


def test_zero_groups_run_nothing():
    out = run(DATA / "control_flow.spv", groups=(0, 1, 1), buffers={(0, 0): np.ones(64, np.int32),
                                                                    (0, 1): np.zeros(64, np.int32)})
    assert not out[(0, 1)].any()


@pytest.mark.parametrize("options, message", [
    ({"groups": (1, 1)}, r"groups \(1, 1\) must be three counts"),
    ({"groups": (70000, 1, 1)}, "must be three counts in"),
    ({"groups": "abc"}, "groups must be three counts"),
    ({"step_limit": 0}, "step_limit = 0 must be positive"),
    ({"push_constants": "abc"}, "push_constants must be bytes"),
    ({"spec_constants": {"a": 1}}, "spec_constants keys are SpecIds"),
])
def test_arguments_are_checked(options, message):
    with pytest.raises(SpirvArgumentError, match=message):
        run(DATA / "control_flow.spv", buffers={(0, 0): np.ones(64, np.int32), (0, 1): np.zeros(64, np.int32)},
            **options)


def test_another_module_can_register_an_opcode_handler():
    """The executor's dispatch table is open: here OpSDot (SPV_KHR_integer_dot_product) is added by a test."""
    opcode = opcode_of("OpSDot")
    kernel = ComputeKernel(local_size=(4, 1, 1))
    b, fn = kernel.module, kernel.fn
    int32 = b.int()
    ivec2 = b.vector(int32, 2)
    out = kernel.buffer(0, 0, int32)
    i = kernel.global_id_x()
    vector = fn.op("OpCompositeConstruct", ivec2, fn.op("OpBitcast", int32, i), b.constant(int32, 3))
    kernel.store(out, i, int32, fn.op("OpSDot", int32, vector, vector))
    words = kernel.finish()
    with pytest.raises(SpirvUnsupportedError, match="OpSDot .*is not supported"):
        run(words, buffers={(0, 0): np.zeros(4, np.int32)})

    @register_opcode("OpSDot")
    def _signed_dot(c):
        a, b_ = c.value(0), c.value(1)
        return lambda f: (f.values[a].astype(np.int64) * f.values[b_]).sum(axis=1).astype(np.int32)

    try:
        out = run(words, buffers={(0, 0): np.zeros(4, np.int32)})[(0, 0)]
    finally:
        del HANDLERS[opcode]
    assert out.tolist() == [k * k + 9 for k in range(4)]
