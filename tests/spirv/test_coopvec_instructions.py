"""The six SPV_NV_cooperative_vector instructions run by the executor, against numpy and the per-lane oracle:
operands from buffers, Workgroup memory and PhysicalStorageBuffer addresses, per-lane offsets and
strides, and lanes that diverge around them."""

from __future__ import annotations

import struct

import numpy as np
import pytest

from dxlinalg.memory.address_space import AddressSpace
from dxlinalg.numerics.component_types import ComponentType as T
from dxlinalg.numerics.component_types import MatrixLayout as L
from dxlinalg.numerics.vulkan_types import component_type_to_vulkan
from dxlinalg.profile.matrix_storage import (
    MatrixDescription,
    decode_matrix,
    encode_matrix,
    stored_size,
)
from dxlinalg.profile.registry import load_profile
from dxlinalg.spirv import SpirvUndefinedBehaviorError, run
from dxlinalg.spirv.coopvec_rules import CooperativeMatrixOperands as Ops
from dxlinalg.spirv.enums import BuiltIn, Capability, StorageClass
from tests.oracle.linalg_oracle import oracle_matvec
from tests.spirv.coopvec_kernels import SLOT, CoopvecKernel, operand_buffer, run_coopvec

LANES = 64
PROFILE = load_profile("reference")
rng = np.random.default_rng(5289)


def vk(component_type: T) -> int:
    return int(component_type_to_vulkan(component_type))


def grid(shape, dtype=np.float16):
    """Multiples of 1/4 in [-2, 2]: float32 sums of their products are exact."""
    return (rng.integers(-8, 9, shape) / 4).astype(dtype)


def matrices_buffer(matrices: list[np.ndarray], desc: MatrixDescription, spacing: int) -> np.ndarray:
    """The matrices encoded in `desc`'s layout, one every `spacing` bytes."""
    raw = np.zeros(spacing * len(matrices), np.uint8)
    for index, matrix in enumerate(matrices):
        encode_matrix(matrix, raw[index * spacing:], desc, PROFILE)
    return raw


class MulKernel(CoopvecKernel):
    """result = MatrixMul[Add](input (binding 0), matrix (binding 1), [bias (binding 2)]), stored last."""

    def matrix_mul(self, input_spec: str, result_spec: str, *, m: int, k: int, input_interpretation: T,
                   matrix_interpretation: T, layout: int, transpose: bool = False, stride: int | None = None,
                   stride_id: int | None = None, operands: int = 0, bias_interpretation: T | None = None,
                   matrix_offset: int | None = None,
                   bias_offset: int | None = None, matrix_pointer: int | None = None, m_id: int | None = None) -> int:
        b, fn = self.b, self.fn
        int32 = b.int()
        x = self.load(input_spec)
        matrix = self.words_array(self.bindings) if matrix_pointer is None else matrix_pointer
        self.bindings += 1 if matrix_pointer is None else 0
        offset = b.constant(self.uint, 0) if matrix_offset is None else matrix_offset
        words = [x, b.constant(int32, vk(input_interpretation)), matrix, offset,
                 b.constant(int32, vk(matrix_interpretation))]
        opname = "OpCooperativeVectorMatrixMulNV"
        if bias_interpretation is not None:
            opname = "OpCooperativeVectorMatrixMulAddNV"
            bias = self.words_array(self.bindings)
            self.bindings += 1
            words += [bias, b.constant(self.uint, 0) if bias_offset is None else bias_offset,
                      b.constant(int32, vk(bias_interpretation))]
        words += [b.constant(int32, m) if m_id is None else m_id, b.constant(int32, k), b.constant(self.uint, layout),
                  b.constant(b.bool(), transpose)]
        if stride is not None or stride_id is not None:
            words.append(b.constant(self.uint, stride) if stride_id is None else stride_id)
            if operands:
                words.append(operands)
        value = fn.op(opname, self.type_of(result_spec), *words)
        self.store(value)
        return value


def test_matrix_mul_add_int8_row_major_is_exact_integer_arithmetic():
    m, k = 5, 16
    kernel = MulKernel()
    kernel.matrix_mul("i32x16", "i32x5", m=m, k=k, input_interpretation=T.I8, matrix_interpretation=T.I8,
                      layout=0, stride=32, bias_interpretation=T.I32,
                      operands=Ops.MatrixBSignedComponents | Ops.MatrixResultSignedComponents)
    matrix = rng.integers(-128, 128, (m, k)).astype(np.int8)
    desc = MatrixDescription(m, k, T.I8, L.RowMajor, 32)
    bias = rng.integers(-1000, 1000, m).astype(np.int32)
    x = rng.integers(-300, 300, (LANES, k)).astype(np.int32)          # saturates to int8 on the way in
    out = run_coopvec(kernel.finish(), [x, matrices_buffer([matrix], desc, 256), np.tile(bias, (LANES, 1))], "i32x5")
    expected = np.clip(x, -128, 127).astype(np.int64) @ matrix.T.astype(np.int64) + bias
    assert np.array_equal(out, expected)


@pytest.mark.parametrize("layout, transpose", [(L.MulOptimal, False), (L.MulOptimal, True),
                                               (L.OuterProductOptimal, True), (L.ColumnMajor, False)])
def test_matrix_mul_float16_per_lane_matrices_against_the_oracle(layout, transpose):
    m, k = 9, 12
    rows, cols = (k, m) if transpose else (m, k)
    stride = 32 if layout == L.ColumnMajor else 0
    desc = MatrixDescription(rows, cols, T.F16, layout, stride)
    spacing = -(-stored_size(desc, PROFILE) // 64) * 64
    matrices = [grid((rows, cols)) for _ in range(2)]
    kernel = MulKernel()
    b, fn = kernel.b, kernel.fn
    parity = fn.op("OpBitwiseAnd", kernel.uint, kernel.index, b.constant(kernel.uint, 1))
    offset = fn.op("OpIMul", kernel.uint, parity, b.constant(kernel.uint, spacing))
    kernel.matrix_mul("f16x12", "f16x9", m=m, k=k, input_interpretation=T.F16, matrix_interpretation=T.F16,
                      layout=int(layout), transpose=transpose, stride=stride, matrix_offset=offset)
    x = grid((LANES, k))
    out = run_coopvec(kernel.finish(), [x, matrices_buffer(matrices, desc, spacing)], "f16x9")
    sources = [matrices[lane & 1].astype(np.float64).tolist() for lane in range(LANES)]
    expected = oracle_matvec(x, T.F16, sources, T.F16, m, k, transpose, None, np.dtype(np.float16),
                             np.ones(LANES, bool), PROFILE.float_conversion)
    assert np.array_equal(out, np.array(expected, np.float64).astype(np.float16))


def test_packed_int8_input_and_a_per_lane_matrix_stride():
    m, k = 3, 16
    kernel = MulKernel()
    b, fn = kernel.b, kernel.fn
    wide = fn.op("OpBitwiseAnd", kernel.uint, kernel.index, b.constant(kernel.uint, 1))     # odd lanes: stride 32
    stride = fn.op("OpIMul", kernel.uint, fn.op("OpIAdd", kernel.uint, wide, b.constant(kernel.uint, 1)),
                   b.constant(kernel.uint, 16))
    kernel.matrix_mul("u32x4", "i32x3", m=m, k=k, input_interpretation=T.PackedS8x32, matrix_interpretation=T.I8,
                      layout=0, stride_id=stride, operands=Ops.MatrixResultSignedComponents)
    packed = rng.integers(-128, 128, (LANES, k)).astype(np.int8)
    raw = rng.integers(-128, 128, (m, 32)).astype(np.int8)          # rows 16 bytes apart (even lanes) or 32 (odd)
    out = run_coopvec(kernel.finish(), [packed.view(np.uint32), raw.reshape(-1).view(np.uint8)], "i32x3")
    flat = raw.reshape(-1)
    for parity, row_stride in ((0, 16), (1, 32)):
        matrix = np.stack([flat[row * row_stride: row * row_stride + k] for row in range(m)]).astype(np.int64)
        lanes = np.arange(LANES) % 2 == parity
        assert np.array_equal(out[lanes], packed[lanes].astype(np.int64) @ matrix.T)


def test_matrix_through_a_physical_storage_buffer_address():
    m, k = 4, 8
    desc = MatrixDescription(m, k, T.F16, L.MulOptimal)
    matrix = grid((m, k))
    space = AddressSpace()
    memory = space.allocate(stored_size(desc, PROFILE) + 64)
    encode_matrix(matrix, memory.data, desc, PROFILE)
    kernel = MulKernel()
    b, fn = kernel.b, kernel.fn
    b.capability(Capability.PhysicalStorageBufferAddresses)
    b.sections["memory_model"].clear()
    b.memory_model(5348, 3)                         # PhysicalStorageBuffer64, Vulkan
    u64 = b.uint(64)
    push = b.variable(b.struct(u64, offsets=[0], block=True), StorageClass.PushConstant)
    address = fn.op("OpLoad", u64, fn.op("OpAccessChain", b.pointer(StorageClass.PushConstant, u64), push,
                                         b.constant(kernel.uint, 0)))
    array = b.runtime_array(b.float(16), 2)
    pointer = fn.op("OpConvertUToPtr", b.pointer(StorageClass.PhysicalStorageBuffer, array), address)
    kernel.matrix_mul("f16x8", "f16x4", m=m, k=k, input_interpretation=T.F16, matrix_interpretation=T.F16,
                      layout=int(L.MulOptimal), stride=0, matrix_pointer=pointer)
    x = grid((LANES, k))
    out = run_coopvec(kernel.finish(), [x], "f16x4", push_constants=struct.pack("<Q", memory.address),
                      address_space=space)
    expected = (x.astype(np.float64) @ matrix.T.astype(np.float64)).astype(np.float16)
    assert np.array_equal(out, expected)


def test_matrix_mul_add_runs_for_the_lanes_of_a_branch_only():
    m, k = 8, 8
    desc = MatrixDescription(m, k, T.F16, L.MulOptimal)
    matrix, bias = grid((m, k)), grid(m)
    kernel = MulKernel()
    b, fn = kernel.b, kernel.fn
    odd = fn.op("OpINotEqual", b.bool(), fn.op("OpBitwiseAnd", kernel.uint, kernel.index, b.constant(kernel.uint, 1)),
                b.constant(kernel.uint, 0))
    then, merge = fn.label(), fn.label()
    fn.do("OpSelectionMerge", merge, 0)
    fn.do("OpBranchConditional", odd, then, merge)
    fn.block(then)
    kernel.matrix_mul("f16x8", "f16x8", m=m, k=k, input_interpretation=T.F16, matrix_interpretation=T.F16,
                      layout=int(L.MulOptimal), bias_interpretation=T.F16, stride=0)
    fn.do("OpBranch", merge)
    fn.block(merge)
    x = grid((LANES, k))
    bias_words = np.zeros((LANES, 8), np.float16)
    bias_words[:] = bias
    out = run_coopvec(kernel.finish(), [x, matrices_buffer([matrix], desc, 256), bias_words], "f16x8")
    lanes = np.arange(LANES) % 2 == 1
    expected = (x.astype(np.float64) @ matrix.T.astype(np.float64) + bias).astype(np.float16)
    assert np.array_equal(out[lanes], expected[lanes])
    assert not out[~lanes].any()


# -- training: outer product and reduce-sum accumulate --------------------------------------------------------------
def test_outer_product_and_reduce_sum_accumulate_the_active_lanes():
    m, n = 6, 10
    desc = MatrixDescription(m, n, T.F32, L.OuterProductOptimal)
    size = -(-stored_size(desc, PROFILE) // 64) * 64
    kernel = CoopvecKernel()
    b, fn = kernel.b, kernel.fn
    a_vector, b_vector = kernel.load("f16x6"), kernel.load("f16x10")
    target = kernel.words_array(kernel.bindings)
    low = fn.op("OpULessThan", b.bool(), kernel.index, b.constant(kernel.uint, 40))
    then, merge = fn.label(), fn.label()
    fn.do("OpSelectionMerge", merge, 0)
    fn.do("OpBranchConditional", low, then, merge)
    fn.block(then)
    fn.do("OpCooperativeVectorOuterProductAccumulateNV", target, b.constant(kernel.uint, 0), a_vector, b_vector,
          b.constant(kernel.uint, 3), b.constant(kernel.uint, vk(T.F32)))
    fn.do("OpCooperativeVectorReduceSumAccumulateNV", target, b.constant(kernel.uint, size), b_vector)
    fn.do("OpBranch", merge)
    fn.block(merge)
    a, bb = grid((LANES, m)), grid((LANES, n))
    memory = np.zeros(size + 64, np.uint8)
    result = run(kernel.finish(), groups=(2, 1, 1), buffers={(0, 0): operand_buffer(a), (0, 1): operand_buffer(bb),
                                                              (0, 2): memory})[(0, 2)]
    active = np.arange(LANES) < 40
    expected = a[active].astype(np.float64).T @ bb[active].astype(np.float64)
    assert np.array_equal(decode_matrix(result, desc, PROFILE), expected.astype(np.float32))
    reduce_sum = result[size: size + 2 * n].view(np.float16)
    assert np.array_equal(reduce_sum, bb[active].astype(np.float64).sum(axis=0).astype(np.float16))


# -- load and store through Workgroup memory ---------------------------------------------------------------------
def workgroup_kernel(store_at: int) -> np.ndarray:
    """Each lane stores its vector at `store_at` * local index bytes of a 512-byte Workgroup array, then loads
    the vector of the next lane of its group."""
    kernel = CoopvecKernel(local_size=32)
    b, fn = kernel.b, kernel.fn
    uint = kernel.uint
    shared = b.variable(b.array(uint, 128), StorageClass.Workgroup)
    local = fn.op("OpLoad", uint, kernel.kernel.builtin(BuiltIn.LocalInvocationIndex, uint))
    x = kernel.load("f32x4")
    fn.do("OpCooperativeVectorStoreNV", shared, fn.op("OpIMul", uint, local, b.constant(uint, store_at)), x)
    fn.do("OpControlBarrier", b.constant(uint, 2), b.constant(uint, 2), b.constant(uint, 0x108))
    following = fn.op("OpUMod", uint, fn.op("OpIAdd", uint, local, b.constant(uint, 1)), b.constant(uint, 32))
    kernel.store(fn.op("OpCooperativeVectorLoadNV", kernel.type_of("f32x4"), shared,
                       fn.op("OpIMul", uint, following, b.constant(uint, store_at))))
    kernel.kernel.interface.append(shared)
    return kernel.finish()


def test_workgroup_load_and_store_see_their_own_group():
    x = rng.standard_normal((LANES, 4)).astype(np.float32)
    out = run_coopvec(workgroup_kernel(16), [x], "f32x4")
    lanes = np.arange(LANES)
    assert np.array_equal(out, x[(lanes // 32) * 32 + (lanes + 1) % 32])


def test_workgroup_access_past_the_groups_memory_is_undefined_even_inside_the_chunk():
    x = rng.standard_normal((LANES, 4)).astype(np.float32)
    with pytest.raises(SpirvUndefinedBehaviorError, match="OpCooperativeVectorStoreNV .*vector store"):
        run_coopvec(workgroup_kernel(32), [x], "f32x4")      # lanes 16..31 would write the next group's memory


def test_load_store_offsets_per_lane_and_permissive_out_of_bounds():
    kernel = CoopvecKernel()
    x = kernel.load("f32x4")
    kernel.store(x)
    words = kernel.finish()
    values = rng.standard_normal((LANES, 4)).astype(np.float32)
    inputs = operand_buffer(values)[: (LANES - 1) * SLOT // 4]            # the last lane's vector is missing
    buffers = {(0, 0): inputs, (0, 1): np.zeros(LANES * SLOT // 4, np.uint32)}
    with pytest.raises(SpirvUndefinedBehaviorError, match="OpCooperativeVectorLoadNV"):
        run(words, groups=(2, 1, 1), buffers=buffers)
    out = run(words, groups=(2, 1, 1), buffers=buffers, strict=False)[(0, 1)].view(np.uint8).reshape(LANES, SLOT)
    loaded = out[:, :16].copy().view(np.float32)
    assert np.array_equal(loaded[:-1], values[:-1]) and not loaded[-1].any()


# -- Workgroup memory is the GPU's groupshared memory: races, never-written bytes, accumulates -------------------
def shared_kernel(body) -> np.ndarray:
    """A kernel over a 512-byte Workgroup array `shared`; `body(kernel, shared, local)` writes its result."""
    kernel = CoopvecKernel(local_size=32)
    b = kernel.b
    shared = b.variable(b.array(kernel.uint, 128), StorageClass.Workgroup)
    local = kernel.fn.op("OpLoad", kernel.uint, kernel.kernel.builtin(BuiltIn.LocalInvocationIndex, kernel.uint))
    kernel.kernel.interface.append(shared)
    body(kernel, shared, local)
    return kernel.finish()


def barrier(kernel: CoopvecKernel) -> None:
    uint = kernel.uint
    kernel.fn.do("OpControlBarrier", kernel.b.constant(uint, 2), kernel.b.constant(uint, 2),
                 kernel.b.constant(uint, 0x108))


def test_a_cooperative_vector_store_is_seen_by_plain_workgroup_loads():
    def body(kernel, shared, local):
        b, fn, uint = kernel.b, kernel.fn, kernel.uint
        x = kernel.load("u32x4")
        fn.do("OpCooperativeVectorStoreNV", shared, fn.op("OpIMul", uint, local, b.constant(uint, 16)), x)
        barrier(kernel)
        partner = fn.op("OpBitwiseXor", uint, fn.op("OpIMul", uint, local, b.constant(uint, 4)), b.constant(uint, 4))
        word = fn.op("OpAccessChain", b.pointer(StorageClass.Workgroup, uint), shared, partner)
        kernel.store(fn.op("OpCompositeConstructReplicateEXT", kernel.type_of("u32x4"), fn.op("OpLoad", uint, word)))
    values = rng.integers(0, 1 << 32, (32, 4), dtype=np.uint32)
    out = run_coopvec(shared_kernel(body), [values], "u32x4")
    expected = values[np.arange(32) ^ 1, 0]          # lane l reads the first word of lane l ^ 1's vector
    assert np.array_equal(out, np.repeat(expected[:, None], 4, axis=1))


def test_workgroup_races_and_never_written_bytes_are_reported_for_cooperative_vectors():
    def racing(kernel, shared, local):
        x = kernel.load("u32x4")
        kernel.fn.do("OpCooperativeVectorStoreNV", shared, kernel.b.constant(kernel.uint, 16), x)
        kernel.store(x)

    with pytest.raises(SpirvUndefinedBehaviorError, match=r"OpCooperativeVectorStoreNV.*data race on groupshared"):
        run_coopvec(shared_kernel(racing), [np.zeros((32, 4), np.uint32)], "u32x4")

    def unwritten(kernel, shared, local):
        kernel.load("u32x4")
        kernel.store(kernel.fn.op("OpCooperativeVectorLoadNV", kernel.type_of("u32x4"), shared,
                                  kernel.b.constant(kernel.uint, 32)))

    with pytest.raises(SpirvUndefinedBehaviorError, match=r"OpCooperativeVectorLoadNV.*no thread of its group has "
                                                          r"written"):
        run_coopvec(shared_kernel(unwritten), [np.zeros((32, 4), np.uint32)], "u32x4")


def test_reduce_sum_accumulates_into_workgroup_memory_after_it_is_written():
    def body(kernel, shared, local, initialise=True):
        b, fn, uint = kernel.b, kernel.fn, kernel.uint
        x = kernel.load("f32x4")
        first = fn.op("OpIEqual", b.bool(), local, b.constant(uint, 0))
        if initialise:
            then, merge = fn.label(), fn.label()
            fn.do("OpSelectionMerge", merge, 0)
            fn.do("OpBranchConditional", first, then, merge)
            fn.block(then)
            zero = b.global_op("OpConstantCompositeReplicateEXT", kernel.type_of("f32x4"), b.constant(b.float(32), 0.0))
            fn.do("OpCooperativeVectorStoreNV", shared, b.constant(uint, 0), zero)
            fn.do("OpBranch", merge)
            fn.block(merge)
        barrier(kernel)
        fn.do("OpCooperativeVectorReduceSumAccumulateNV", shared, b.constant(uint, 0), x)
        barrier(kernel)
        kernel.store(fn.op("OpCooperativeVectorLoadNV", kernel.type_of("f32x4"), shared, b.constant(uint, 0)))

    values = (rng.integers(-8, 9, (64, 4)) / 4).astype(np.float32)
    out = run_coopvec(shared_kernel(body), [values], "f32x4")
    sums = values.reshape(2, 32, 4).sum(axis=1)
    assert np.array_equal(out, np.repeat(sums, 32, axis=0))
    with pytest.raises(SpirvUndefinedBehaviorError, match=r"OpCooperativeVectorReduceSumAccumulateNV.*no thread of "
                                                          r"its group has written"):
        run_coopvec(shared_kernel(lambda *a: body(*a, initialise=False)), [values], "f32x4")
