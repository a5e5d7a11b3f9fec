"""Modules that break a rule the executor relies on, or use something it does not support, are rejected
with the opcode's name and the instruction's position."""

import numpy as np
import pytest

from dxlinalg.spirv import (
    SpirvArgumentError,
    SpirvUnsupportedError,
    SpirvValidationError,
    run,
)
from dxlinalg.spirv.builder import ComputeKernel, ModuleBuilder, instruction
from dxlinalg.spirv.enums import Capability, Decoration, ExecutionMode, ExecutionModel, StorageClass

WHERE = r"\(instruction \d+, word \d+\)"


def kernel_with_buffer(local_size=(4, 1, 1)):
    kernel = ComputeKernel(local_size=local_size)
    b = kernel.module
    f32 = b.float(32)
    data = kernel.buffer(0, 0, f32)
    return kernel, b, f32, data


def run_small(words, **options):
    options.setdefault("buffers", {(0, 0): np.zeros(4, np.float32)})
    return run(words, **options)


def test_operand_that_is_never_defined_is_an_unknown_id():
    kernel, b, f32, data = kernel_with_buffer()
    kernel.fn.op("OpFAdd", f32, 999, 999)
    b.bound = 1000
    with pytest.raises(SpirvValidationError, match=rf"OpFAdd {WHERE}: operand %999 is not defined anywhere"):
        run_small(kernel.finish())


def test_result_id_defined_twice():
    kernel, b, f32, data = kernel_with_buffer()
    one = b.constant(f32, 1.0)
    kernel.fn.words.append(instruction("OpFAdd", f32, one, one, one))
    with pytest.raises(SpirvValidationError, match=rf"OpFAdd {WHERE}: result id %{one} is already defined by "
                                                   rf"OpConstant"):
        run_small(kernel.finish())


def test_operand_of_the_wrong_kind_names_the_instruction():
    kernel, b, f32, data = kernel_with_buffer()
    one = b.constant(f32, 1.0)
    kernel.fn.op("OpIAdd", b.int(), one, one)
    with pytest.raises(SpirvValidationError, match=rf"OpIAdd {WHERE}: operand 0 has type float32; it must be a "
                                                   rf"scalar or vector of integers"):
        run_small(kernel.finish())


def test_a_type_used_as_a_value_is_rejected():
    kernel, b, f32, data = kernel_with_buffer()
    kernel.fn.op("OpFNegate", f32, f32)
    with pytest.raises(SpirvValidationError, match=rf"OpFNegate {WHERE}: operand 0 \(%{f32}\) must be a value, but "
                                                   rf"it is defined by OpTypeFloat"):
        run_small(kernel.finish())


def test_load_through_a_non_pointer_is_rejected():
    kernel, b, f32, data = kernel_with_buffer()
    kernel.fn.op("OpLoad", f32, b.constant(f32, 2.0))
    with pytest.raises(SpirvValidationError, match=rf"OpLoad {WHERE}: operand 0 must be a pointer"):
        run_small(kernel.finish())


def test_branch_to_something_that_is_not_a_block():
    kernel, b, f32, data = kernel_with_buffer()
    kernel.fn.do("OpBranch", f32)
    kernel.fn.block(kernel.fn.label())
    with pytest.raises(SpirvValidationError, match=rf"OpBranch {WHERE}: target %{f32} is not a block"):
        run_small(kernel.finish())


def test_block_without_terminator():
    kernel, b, f32, data = kernel_with_buffer()
    kernel.fn.block(kernel.fn.label())
    with pytest.raises(SpirvValidationError, match=rf"OpLabel {WHERE}: block %\d+ ends without a terminator"):
        run_small(kernel.finish())


def test_phi_must_come_first_and_list_every_predecessor():
    kernel, b, f32, data = kernel_with_buffer()
    fn = kernel.fn
    one = b.constant(f32, 1.0)
    then, merge = fn.label(), fn.label()
    condition = fn.op("OpFOrdLessThan", b.bool(), one, one)
    fn.do("OpSelectionMerge", merge, 0)
    fn.do("OpBranchConditional", condition, then, merge)
    fn.block(then)
    fn.do("OpBranch", merge)
    fn.block(merge)
    fn.op("OpPhi", f32, one, then)
    with pytest.raises(SpirvValidationError, match=rf"OpPhi {WHERE}: OpPhi lists no value for predecessor block"):
        run_small(kernel.finish())


def test_value_used_where_its_definition_does_not_dominate():
    kernel, b, f32, data = kernel_with_buffer()
    fn = kernel.fn
    one = b.constant(f32, 1.0)
    then, merge = fn.label(), fn.label()
    condition = fn.op("OpFOrdLessThan", b.bool(), one, one)
    fn.do("OpSelectionMerge", merge, 0)
    fn.do("OpBranchConditional", condition, then, merge)
    fn.block(then)
    inside = fn.op("OpFAdd", f32, one, one)
    fn.do("OpBranch", merge)
    fn.block(merge)
    fn.op("OpFAdd", f32, inside, one)
    with pytest.raises(SpirvValidationError, match=rf"OpFAdd {WHERE}: operand %{inside} is defined in a block that "
                                                   rf"does not dominate"):
        run_small(kernel.finish())


def test_recursion_is_rejected():
    b = ModuleBuilder()
    kernel = ComputeKernel(b, local_size=(1, 1, 1))
    helper = b.function(b.void(), name="helper")
    helper_id = helper.id
    helper.op("OpFunctionCall", b.void(), helper_id)
    helper.do("OpReturn")
    helper.end()
    kernel.fn.op("OpFunctionCall", b.void(), helper_id)
    with pytest.raises(SpirvValidationError, match="recursive function calls .*%helper -> %helper"):
        run(kernel.finish())


@pytest.mark.parametrize("opname, operands", [("OpDPdx", 1), ("OpImageRead", 2), ("OpGroupNonUniformQuadBroadcast", 3)])
def test_unsupported_opcode_is_rejected_by_name_before_anything_runs(opname, operands):
    kernel, b, f32, data = kernel_with_buffer()
    one = b.constant(f32, 1.0)
    kernel.fn.op(opname, f32, *[one] * operands)
    with pytest.raises(SpirvUnsupportedError, match=rf"{opname} {WHERE}: {opname} is not supported"):
        run_small(kernel.finish())


def test_unsupported_extended_instruction_is_named():
    kernel, b, f32, data = kernel_with_buffer()
    kernel.fn.ext(f32, "InterpolateAtCentroid", b.constant(f32, 1.0))
    with pytest.raises(SpirvUnsupportedError, match=rf"OpExtInst GLSL.std.450 InterpolateAtCentroid {WHERE}"):
        run_small(kernel.finish())


def test_unknown_extended_instruction_set():
    kernel, b, f32, data = kernel_with_buffer()
    unknown = b.ext_import("SPV_AMD_shader_ballot")
    kernel.fn.op("OpExtInst", f32, unknown, 1, b.constant(f32, 1.0))
    with pytest.raises(SpirvUnsupportedError, match="SPV_AMD_shader_ballot 1 is not supported"):
        run_small(kernel.finish())


def test_non_semantic_instructions_are_skipped():
    kernel, b, f32, data = kernel_with_buffer()
    debug = b.ext_import("NonSemantic.DebugPrintf")
    kernel.fn.op("OpExtInst", b.void(), debug, 1, b.constant(f32, 1.0))
    assert run_small(kernel.finish())[(0, 0)].tolist() == [0, 0, 0, 0]


def test_entry_point_must_exist_and_be_glcompute():
    kernel, b, f32, data = kernel_with_buffer()
    words = kernel.finish()
    with pytest.raises(SpirvArgumentError, match="no entry point named 'other' .*'main' \\(GLCompute\\)"):
        run_small(words, entry_point="other")
    b2 = ModuleBuilder()
    b2.capability(Capability.Shader)
    b2.memory_model()
    fn = b2.function(b2.void())
    fn.do("OpReturn")
    b2.entry_point(fn.end(), "frag", [], ExecutionModel.Fragment)
    with pytest.raises(SpirvUnsupportedError, match="OpEntryPoint .*'frag' is a Fragment shader"):
        run(b2.words(), entry_point="frag")


def test_workgroup_size_must_be_declared():
    kernel, b, f32, data = kernel_with_buffer()
    kernel.fn.do("OpReturn")
    kernel.module.entry_point(kernel.fn.end(), "main", kernel.interface)
    with pytest.raises(SpirvValidationError, match="declares no workgroup size"):
        run_small(kernel.module.words())


def test_workgroup_size_beyond_the_device_limits():
    kernel, b, f32, data = kernel_with_buffer(local_size=(2048, 1, 1))
    with pytest.raises(SpirvUnsupportedError, match=r"workgroup size \(2048, 1, 1\)"):
        run_small(kernel.finish())


def test_spec_constants_must_name_existing_spec_ids_with_fitting_values():
    kernel, b, f32, data = kernel_with_buffer()
    value = b.spec_constant(b.int(), 7, spec_id=3)
    kernel.fn.op("OpIAdd", b.int(), value, value)
    words = kernel.finish()
    with pytest.raises(SpirvArgumentError, match=r"no specialization constant with SpecId 4 \(its SpecIds: 3\)"):
        run_small(words, spec_constants={4: 1})
    with pytest.raises(SpirvArgumentError, match=r"spec_constants\[3\] = 2147483648: outside the range of int32"):
        run_small(words, spec_constants={3: 2 ** 31})
    with pytest.raises(SpirvArgumentError, match=r"spec_constants\[3\] = 1.5: SpecId 3 is a int32"):
        run_small(words, spec_constants={3: 1.5})


@pytest.mark.parametrize("buffers, message", [
    ({}, r"uses StorageBuffer .* at \(set, binding\) \(0, 0\); pass it in buffers"),
    ({(0, 0): np.zeros(4, np.float32), (1, 0): np.zeros(4)}, r"buffers\[\(1, 0\)\]: the module declares no buffer"),
    ({(0, 0): "data"}, r"buffers\[\(0, 0\)\] must be a numpy array, bytes or a dxlinalg Buffer"),
    ({0: np.zeros(4)}, r"buffers keys are \(set, binding\) or, for an element of a descriptor array, \(set, "
                       r"binding, element\) integers, not 0"),
])
def test_buffer_arguments_are_checked(buffers, message):
    kernel, b, f32, data = kernel_with_buffer()
    index = kernel.global_id_x()
    kernel.store(data, index, f32, b.constant(f32, 1.0))
    with pytest.raises(SpirvArgumentError, match=message):
        run(kernel.finish(), buffers=buffers)


def test_buffer_smaller_than_the_block_and_short_push_constants():
    kernel = ComputeKernel(local_size=(1, 1, 1))
    b = kernel.module
    f32 = b.float(32)
    block = b.struct(f32, f32, offsets=[0, 4], block=True)
    storage = b.variable(block, StorageClass.StorageBuffer, descriptor=(0, 0))
    push = b.variable(b.struct(f32, offsets=[0], block=True), StorageClass.PushConstant)
    pointer = kernel.fn.op("OpAccessChain", b.pointer(StorageClass.PushConstant, f32), push, b.constant(b.int(), 0))
    value = kernel.fn.op("OpLoad", f32, pointer)
    target = kernel.fn.op("OpAccessChain", b.pointer(StorageClass.StorageBuffer, f32), storage, b.constant(b.int(), 1))
    kernel.fn.do("OpStore", target, value)
    words = kernel.finish()
    with pytest.raises(SpirvArgumentError, match=r"buffers\[\(0, 0\)\] has 4 bytes; .* needs at least 8"):
        run(words, buffers={(0, 0): np.zeros(1, np.float32)}, push_constants=bytes(4))
    with pytest.raises(SpirvArgumentError, match="push_constants has 2 bytes; the push-constant block .* needs 4"):
        run(words, buffers={(0, 0): np.zeros(2, np.float32)}, push_constants=bytes(2))
    out = run(words, buffers={(0, 0): np.zeros(2, np.float32)}, push_constants=np.float32(2.5).tobytes())
    assert out[(0, 0)].tolist() == [0.0, 2.5]


def test_stores_to_read_only_memory_are_rejected():
    kernel = ComputeKernel(local_size=(1, 1, 1))
    b = kernel.module
    f32 = b.float(32)
    push = b.variable(b.struct(f32, offsets=[0], block=True), StorageClass.PushConstant)
    pointer = kernel.fn.op("OpAccessChain", b.pointer(StorageClass.PushConstant, f32), push, b.constant(b.int(), 0))
    kernel.fn.do("OpStore", pointer, b.constant(f32, 1.0))
    with pytest.raises(SpirvValidationError, match=rf"OpStore {WHERE}: push constants are read-only"):
        run(kernel.finish(), push_constants=bytes(4))
    kernel = ComputeKernel(local_size=(1, 1, 1))
    b = kernel.module
    f32 = b.float(32)
    uniform = b.variable(b.struct(f32, offsets=[0], block=True), StorageClass.Uniform, descriptor=(0, 0))
    pointer = kernel.fn.op("OpAccessChain", b.pointer(StorageClass.Uniform, f32), uniform, b.constant(b.int(), 0))
    kernel.fn.do("OpStore", pointer, b.constant(f32, 1.0))
    with pytest.raises(SpirvValidationError, match=rf"OpStore {WHERE}: Uniform .* is read-only"):
        run(kernel.finish(), buffers={(0, 0): np.zeros(1, np.float32)})


def test_buffer_block_in_uniform_storage_is_a_writable_storage_buffer():
    kernel = ComputeKernel(local_size=(1, 1, 1))
    b = kernel.module
    f32 = b.float(32)
    struct = b.struct(f32, offsets=[0])
    b.decorate(struct, Decoration.BufferBlock)
    variable = b.variable(struct, StorageClass.Uniform, descriptor=(0, 0))
    pointer = kernel.fn.op("OpAccessChain", b.pointer(StorageClass.Uniform, f32), variable, b.constant(b.int(), 0))
    kernel.fn.do("OpStore", pointer, b.constant(f32, 3.0))
    assert run(kernel.finish(version=(1, 0)), buffers={(0, 0): np.zeros(1, np.float32)})[(0, 0)][0] == 3.0


def test_variables_of_unsupported_storage_classes_are_named():
    kernel = ComputeKernel(local_size=(1, 1, 1))
    b = kernel.module
    f32 = b.float(32)
    output = b.variable(f32, StorageClass.Output, name="color")
    kernel.fn.do("OpStore", output, b.constant(f32, 1.0))
    with pytest.raises(SpirvUnsupportedError, match="storage class Output"):
        run(kernel.finish())


def test_explicit_layout_needs_its_decorations():
    kernel = ComputeKernel(local_size=(1, 1, 1))
    b = kernel.module
    f32 = b.float(32)
    array = b.runtime_array(f32)                      # no ArrayStride
    variable = b.variable(b.struct(array, offsets=[0], block=True), StorageClass.StorageBuffer, descriptor=(0, 0))
    pointer = kernel.fn.op("OpAccessChain", b.pointer(StorageClass.StorageBuffer, f32), variable,
                           b.constant(b.int(), 0), b.constant(b.int(), 0))
    kernel.fn.do("OpStore", pointer, b.constant(f32, 1.0))
    with pytest.raises(SpirvValidationError, match="needs an ArrayStride decoration"):
        run(kernel.finish(), buffers={(0, 0): np.zeros(1, np.float32)})


def test_execution_mode_literals_are_checked():
    kernel, b, f32, data = kernel_with_buffer()
    kernel.fn.do("OpReturn")
    function = kernel.fn.end()
    b.entry_point(function, "main", kernel.interface)
    b.execution_mode(function, ExecutionMode.LocalSize, 0, 1, 1)
    with pytest.raises(SpirvValidationError, match=r"workgroup size \(0, 1, 1\) must be three positive numbers"):
        run_small(b.words())


def test_variables_too_large_for_this_executor_are_refused():
    kernel = ComputeKernel(local_size=(1, 1, 1))
    b = kernel.module
    kernel.fn.variable(b.array(b.float(32), 5000))
    with pytest.raises(SpirvUnsupportedError, match="OpVariable .*5000 components exceeds .* limit of 4096"):
        run(kernel.finish())
    kernel = ComputeKernel(local_size=(1, 1, 1))
    b = kernel.module
    shared = b.variable(b.array(b.float(64), 40000), StorageClass.Workgroup)
    pointer = kernel.fn.op("OpAccessChain", b.pointer(StorageClass.Workgroup, b.float(64)), shared,
                           b.constant(b.int(), 0))
    kernel.fn.do("OpStore", pointer, b.constant(b.float(64), 1.0))
    with pytest.raises(SpirvUnsupportedError, match="Workgroup variables need 320000 bytes per workgroup"):
        run(kernel.finish())


def test_addressing_models_and_float_modes_outside_what_is_emulated():
    kernel, b, f32, data = kernel_with_buffer()
    b.sections["memory_model"].clear()
    b.memory_model(2, 2)                                         # Physical64, OpenCL
    with pytest.raises(SpirvUnsupportedError, match=rf"OpMemoryModel {WHERE}: addressing model Physical64"):
        run_small(kernel.finish())
    kernel, b, f32, data = kernel_with_buffer()
    kernel.fn.do("OpReturn")
    function = kernel.fn.end()
    b.entry_point(function, "main", kernel.interface)
    b.execution_mode(function, ExecutionMode.LocalSize, 4, 1, 1)
    b.execution_mode(function, ExecutionMode.DenormFlushToZero, 32)
    with pytest.raises(SpirvUnsupportedError, match="DenormFlushToZero is not emulated"):
        run_small(b.words())
