"""Variables, loads, stores, copies and access chains: Function/Private values, buffers, Workgroup memory,
built-in inputs, PhysicalStorageBuffer addresses, and out-of-bounds accesses."""

import struct

import numpy as np
import pytest

from dxlinalg.memory.address_space import AddressSpace
from dxlinalg.spirv import SpirvUndefinedBehaviorError, run
from dxlinalg.spirv.builder import ComputeKernel
from dxlinalg.spirv.enums import BuiltIn, Decoration, ExecutionMode, StorageClass

LANES = 64


def test_function_array_with_per_lane_indices_reads_and_writes_each_lanes_element():
    kernel = ComputeKernel(local_size=(LANES, 1, 1))
    b, fn = kernel.module, kernel.fn
    int32, uint = b.int(), b.uint()
    inputs, outputs = kernel.buffer(0, 0, int32), kernel.buffer(0, 1, int32)
    i = kernel.global_id_x()
    x = kernel.load(inputs, i, int32)
    pair = b.struct(int32, b.vector(int32, 2))
    array = fn.variable(b.array(pair, 5))                   # an array of structs: held as a struct of arrays
    slot = fn.op("OpUMod", uint, fn.op("OpBitcast", uint, x), b.constant(uint, 5))
    first = fn.op("OpAccessChain", b.pointer(StorageClass.Function, int32), array, slot, b.constant(int32, 0))
    fn.do("OpStore", first, x)
    second = fn.op("OpInBoundsAccessChain", b.pointer(StorageClass.Function, int32), array,
                   b.constant(int32, 4), b.constant(int32, 1), b.constant(int32, 1))
    fn.do("OpStore", second, b.constant(int32, 70))
    whole = fn.op("OpLoad", b.array(pair, 5), array)
    element = fn.op("OpCompositeExtract", int32, whole, 4, 1, 1)
    mine = fn.op("OpLoad", int32, first)
    kernel.store(outputs, i, int32, fn.op("OpIAdd", int32, mine, fn.op("OpIMul", int32, element,
                                                                       b.constant(int32, 1000))))
    values = np.arange(LANES, dtype=np.int32) * 3
    out = run(kernel.finish(), buffers={(0, 0): values, (0, 1): np.zeros(LANES, np.int32)})[(0, 1)]
    assert out.tolist() == (values + 70000).tolist()


def _indexed_kernel():
    kernel = ComputeKernel(local_size=(LANES, 1, 1))
    b, fn = kernel.module, kernel.fn
    int32 = b.int()
    inputs, outputs = kernel.buffer(0, 0, int32), kernel.buffer(0, 1, int32)
    i = kernel.global_id_x()
    x = kernel.load(inputs, i, int32)
    array = fn.variable(b.array(int32, 4), b.constant_composite(b.array(int32, 4), *(b.constant(int32, v) for v in
                                                                                     (10, 20, 30, 40))))
    pointer = fn.op("OpAccessChain", b.pointer(StorageClass.Function, int32), array, x)
    fn.do("OpStore", pointer, b.constant(int32, -1))
    read = fn.op("OpLoad", int32, pointer)
    total = fn.op("OpIAdd", int32, read, fn.op("OpCompositeExtract", int32, fn.op("OpLoad", b.array(int32, 4), array),
                                               3))
    kernel.store(outputs, i, int32, total)
    return kernel.finish()


def test_function_array_index_out_of_range_is_reported_or_inert():
    words = _indexed_kernel()
    values = np.arange(LANES, dtype=np.int32) % 4
    values[6] = 4
    buffers = {(0, 0): values, (0, 1): np.zeros(LANES, np.int32)}
    with pytest.raises(SpirvUndefinedBehaviorError, match=r"OpAccessChain .*index 4 \(lane 6\) is outside an array "
                                                          r"of 4"):
        run(words, buffers=buffers)
    out = run(words, buffers=buffers, strict=False)[(0, 1)]
    assert out[6] == 40                                      # the store did nothing, the load read 0
    assert out[3] == -2 and out[0] == 39


def test_private_variables_persist_across_calls_and_start_from_their_initializer():
    kernel = ComputeKernel(local_size=(LANES, 1, 1))
    b = kernel.module
    int32 = b.int()
    outputs = kernel.buffer(0, 0, int32)
    counter = b.variable(int32, StorageClass.Private, initializer=b.constant(int32, 5))
    bump = b.function(b.void(), name="bump")
    bump.do("OpStore", counter, bump.op("OpIAdd", int32, bump.op("OpLoad", int32, counter), b.constant(int32, 2)))
    bump.do("OpReturn")
    bump_id = bump.end()
    fn = kernel.fn
    i = kernel.global_id_x()
    fn.op("OpFunctionCall", b.void(), bump_id)
    fn.op("OpFunctionCall", b.void(), bump_id)
    kernel.store(outputs, i, int32, fn.op("OpLoad", int32, counter))
    out = run(kernel.finish(), groups=(3, 1, 1), buffers={(0, 0): np.zeros(3 * LANES, np.int32)})[(0, 0)]
    assert (out == 9).all()


def test_copy_memory_between_buffers_and_variables():
    kernel = ComputeKernel(local_size=(LANES, 1, 1))
    b, fn = kernel.module, kernel.fn
    vec = b.vector(b.float(32), 4)
    inputs, outputs = kernel.buffer(0, 0, vec), kernel.buffer(0, 1, vec)
    i = kernel.global_id_x()
    local = fn.variable(vec)
    fn.do("OpCopyMemory", local, kernel.element_pointer(inputs, i, vec))
    fn.do("OpCopyMemory", kernel.element_pointer(outputs, i, vec), local)
    values = np.arange(LANES * 4, dtype=np.float32).reshape(LANES, 4)
    out = run(kernel.finish(), buffers={(0, 0): values, (0, 1): np.zeros((LANES, 4), np.float32)})[(0, 1)]
    assert np.array_equal(out, values)


def test_ptr_access_chain_and_array_length():
    kernel = ComputeKernel(local_size=(LANES, 1, 1))
    b, fn = kernel.module, kernel.fn
    uint = b.uint()
    array = b.runtime_array(uint, 4)
    block = b.struct(uint, array, offsets=[0, 16], block=True)
    buffer = b.variable(block, StorageClass.StorageBuffer, descriptor=(0, 0))
    kernel.interface.append(buffer)
    element_pointer = b.pointer(StorageClass.StorageBuffer, uint)
    b.decorate(element_pointer, Decoration.ArrayStride, 4)
    i = kernel.global_id_x()
    base = fn.op("OpAccessChain", element_pointer, buffer, b.constant(uint, 1), b.constant(uint, 0))
    moved = fn.op("OpPtrAccessChain", element_pointer, base, i)
    length = fn.op("OpArrayLength", uint, buffer, 1)
    fn.do("OpStore", moved, fn.op("OpIAdd", uint, length, i))
    out = run(kernel.finish(), buffers={(0, 0): np.zeros(4 + LANES + 3, np.uint32)})[(0, 0)]
    assert out[4:4 + LANES].tolist() == [LANES + 3 + k for k in range(LANES)]


def test_buffer_out_of_bounds_is_reported_or_robust():
    kernel = ComputeKernel(local_size=(LANES, 1, 1))
    b = kernel.module
    uint = b.uint()
    data = kernel.buffer(0, 0, uint)
    i = kernel.global_id_x()
    doubled = kernel.fn.op("OpIMul", uint, i, b.constant(uint, 2))
    value = kernel.load(data, doubled, uint)
    kernel.store(data, doubled, uint, kernel.fn.op("OpIAdd", uint, value, b.constant(uint, 1)))
    words = kernel.finish()
    values = np.arange(LANES, dtype=np.uint32)
    with pytest.raises(SpirvUndefinedBehaviorError, match=r"OpLoad .*load of bytes \[256, 260\) \(lane 32\) is "
                                                          r"outside StorageBuffer .*set 0, binding 0.* of 256 bytes"):
        run(words, buffers={(0, 0): values})
    out = run(words, buffers={(0, 0): values}, strict=False)[(0, 0)]
    assert out[::2].tolist() == (values[::2] + 1).tolist() and out[1::2].tolist() == values[1::2].tolist()


def test_workgroup_variable_with_a_null_initializer_and_natural_layout():
    kernel = ComputeKernel(local_size=(4, 1, 1))
    b, fn = kernel.module, kernel.fn
    f64, boolean, uint = b.float(64), b.bool(), b.uint()
    record = b.struct(boolean, f64, b.vector(b.float(16), 3))
    shared = b.variable(b.array(record, 4), StorageClass.Workgroup, initializer=b.null(b.array(record, 4)))
    outputs = kernel.buffer(0, 0, f64)
    i = kernel.global_id_x()
    local = kernel.builtin(BuiltIn.LocalInvocationIndex, uint)
    index = fn.op("OpLoad", uint, local)
    flag = fn.op("OpAccessChain", b.pointer(StorageClass.Workgroup, boolean), shared, index, b.constant(uint, 0))
    before = fn.op("OpSelect", f64, fn.op("OpLoad", boolean, flag), b.constant(f64, 100.0), b.constant(f64, 0.0))
    fn.do("OpStore", flag, b.constant(boolean, True))
    number = fn.op("OpAccessChain", b.pointer(StorageClass.Workgroup, f64), shared, index, b.constant(uint, 1))
    fn.do("OpStore", number, fn.op("OpConvertUToF", f64, i))
    again = fn.op("OpSelect", f64, fn.op("OpLoad", boolean, flag), b.constant(f64, 0.5), b.constant(f64, 0.0))
    total = fn.op("OpFAdd", f64, fn.op("OpFAdd", f64, fn.op("OpLoad", f64, number), before), again)
    kernel.store(outputs, i, f64, total)
    out = run(kernel.finish(), groups=(2, 1, 1), buffers={(0, 0): np.zeros(8)})[(0, 0)]
    assert out.tolist() == [k + 0.5 for k in range(8)]


@pytest.mark.parametrize("profile", ["reference", "adversarial"])
def test_compute_built_ins(profile):
    kernel = ComputeKernel(local_size=(4, 3, 2))
    b, fn = kernel.module, kernel.fn
    uint = b.uint()
    uvec3, uvec4 = b.vector(uint, 3), b.vector(uint, 4)
    outputs = kernel.buffer(0, 0, uint)
    vectors = [BuiltIn.GlobalInvocationId, BuiltIn.LocalInvocationId, BuiltIn.WorkgroupId, BuiltIn.NumWorkgroups]
    scalars = [BuiltIn.LocalInvocationIndex, BuiltIn.SubgroupSize, BuiltIn.SubgroupLocalInvocationId,
               BuiltIn.NumSubgroups, BuiltIn.SubgroupId]
    loaded = [fn.op("OpLoad", uvec3, kernel.builtin(v, uvec3)) for v in vectors]
    loaded += [fn.op("OpLoad", uint, kernel.builtin(s, uint)) for s in scalars]
    masks = [fn.op("OpLoad", uvec4, kernel.builtin(m, uvec4)) for m in (BuiltIn.SubgroupEqMask, BuiltIn.SubgroupLtMask)]
    flat = fn.op("OpLoad", uint, kernel.builtin(BuiltIn.LocalInvocationIndex, uint))
    group = fn.op("OpLoad", uvec3, kernel.builtin(BuiltIn.WorkgroupId, uvec3))
    linear_group = fn.op("OpIAdd", uint, fn.op("OpCompositeExtract", uint, group, 0), fn.op(
        "OpIMul", uint, b.constant(uint, 2), fn.op("OpIAdd", uint, fn.op("OpCompositeExtract", uint, group, 1), fn.op(
            "OpIMul", uint, b.constant(uint, 2), fn.op("OpCompositeExtract", uint, group, 2)))))
    base = fn.op("OpIMul", uint, fn.op("OpIAdd", uint, fn.op("OpIMul", uint, linear_group, b.constant(uint, 24)), flat),
                 b.constant(uint, 25))
    values = [fn.op("OpCompositeExtract", uint, v, k) for v in loaded[:4] for k in range(3)] + loaded[4:]
    values += [fn.op("OpCompositeExtract", uint, m, k) for m in masks for k in range(4)]
    for k, value in enumerate(values):
        kernel.store(outputs, fn.op("OpIAdd", uint, base, b.constant(uint, k)), uint, value)
    wave = 32 if profile == "reference" else 4
    out = run(kernel.finish(), groups=(2, 2, 2), profile=profile,
              buffers={(0, 0): np.zeros(8 * 24 * 25, np.uint32)})[(0, 0)].reshape(8, 24, 25)
    for gz in range(2):
        for gy in range(2):
            for gx in range(2):
                for index in range(24):
                    lx, ly, lz = index % 4, (index // 4) % 3, index // 12
                    lane = index % wave
                    eq = [(1 << lane) if w == lane // 32 else 0 for w in range(4)]
                    lt = [(((1 << lane) - 1) >> (32 * w)) & 0xFFFFFFFF for w in range(4)]
                    expected = [gx * 4 + lx, gy * 3 + ly, gz * 2 + lz, lx, ly, lz, gx, gy, gz, 2, 2, 2, index, wave,
                                lane, -(-24 // wave), index // wave, *[e & 0xFFFFFFFF for e in eq], *lt]
                    assert out[gx + 2 * (gy + 2 * gz), index].tolist() == expected


def test_spec_constant_op_local_size_id_and_workgroup_size_constant():
    kernel = ComputeKernel(local_size=(1, 1, 1))
    b, fn = kernel.module, kernel.fn
    uint = b.uint()
    width = b.spec_constant(uint, 8, spec_id=10)
    doubled = b.global_op("OpSpecConstantOp", uint, 128, width, width)     # OpIAdd
    flag = b.spec_constant(b.bool(), False, spec_id=11)
    chosen = b.global_op("OpSpecConstantOp", uint, 169, flag, doubled, b.constant(uint, 1))   # OpSelect
    outputs = kernel.buffer(0, 0, uint)
    i = kernel.global_id_x()
    kernel.store(outputs, i, uint, fn.op("OpIAdd", uint, chosen, i))
    fn.do("OpReturn")
    function = fn.end()
    b.entry_point(function, "main", kernel.interface)
    b.add("modes", "OpExecutionModeId", function, ExecutionMode.LocalSizeId, width, b.constant(uint, 1),
          b.constant(uint, 1))
    words = b.words()
    out = run(words, buffers={(0, 0): np.zeros(8, np.uint32)})[(0, 0)]
    assert out.tolist() == [1 + k for k in range(8)]                       # 8 lanes; the flag picks 1
    out = run(words, spec_constants={10: 4, 11: True}, buffers={(0, 0): np.zeros(8, np.uint32)})[(0, 0)]
    assert out.tolist() == [8 + k for k in range(4)] + [0] * 4


def test_physical_storage_buffer_alignment_and_bounds():
    kernel = ComputeKernel(local_size=(4, 1, 1))
    b, fn = kernel.module, kernel.fn
    b.capability(5347)                                                    # PhysicalStorageBufferAddresses
    b.sections["memory_model"].clear()
    b.memory_model(5348, 1)                                               # PhysicalStorageBuffer64, GLSL450
    ulong, f32, uint = b.uint(64), b.float(32), b.uint()
    pointer = b.pointer(StorageClass.PhysicalStorageBuffer, f32)
    push = b.variable(b.struct(ulong, offsets=[0], block=True), StorageClass.PushConstant)
    address = fn.op("OpLoad", ulong, fn.op("OpAccessChain", b.pointer(StorageClass.PushConstant, ulong), push,
                                           b.constant(uint, 0)))
    i = kernel.global_id_x()
    moved = fn.op("OpIAdd", ulong, address, fn.op("OpIMul", ulong, fn.op("OpUConvert", ulong, i),
                                                   b.constant(ulong, 4)))
    target = fn.op("OpConvertUToPtr", pointer, moved)
    value = fn.op("OpLoad", f32, target, 2, 4)                           # Aligned 4
    fn.do("OpMemoryBarrier", b.constant(uint, 1), b.constant(uint, 0x48))
    b.decorate(pointer, Decoration.ArrayStride, 4)
    same = fn.op("OpInBoundsPtrAccessChain", pointer, fn.op("OpConvertUToPtr", pointer, fn.op(
        "OpConvertPtrToU", ulong, target)), b.constant(uint, 0))
    fn.do("OpStore", same, fn.op("OpFMul", f32, value, b.constant(f32, 3.0)), 2, 4)
    words = kernel.finish()
    space = AddressSpace()
    buffer = space.allocate(16)
    buffer.data[:] = np.arange(4, dtype=np.float32).view(np.uint8)
    run(words, push_constants=struct.pack("<Q", buffer.address), address_space=space)
    assert buffer.data.view(np.float32).tolist() == [0.0, 3.0, 6.0, 9.0]
    with pytest.raises(SpirvUndefinedBehaviorError, match=r"OpLoad .*address 0x[0-9a-f]+ \(lane 0\) is not 4-byte "
                                                          r"aligned"):
        run(words, push_constants=struct.pack("<Q", buffer.address + 2), address_space=space)
    with pytest.raises(SpirvUndefinedBehaviorError, match=r"OpLoad .*lane 2: .*address 0x[0-9a-f]+ is not "
                                                          r"inside any live resource"):
        run(words, push_constants=struct.pack("<Q", buffer.address + 8), address_space=space)
    with pytest.raises(SpirvUndefinedBehaviorError, match="is not inside any live resource"):
        run(words, push_constants=struct.pack("<Q", buffer.address))     # another run's address space
