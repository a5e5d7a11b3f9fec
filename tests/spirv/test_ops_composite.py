"""Per-instruction tests of the composite instructions: construct, extract, insert, shuffle, dynamic indexing."""

import numpy as np
import pytest

from dxlinalg.spirv import SpirvUndefinedBehaviorError, SpirvValidationError
from tests.spirv.kernels import OpKernel, apply_op, run_kernel

LANES = 128
rng = np.random.default_rng(11)


def floats(count):
    return rng.standard_normal((LANES, count)).astype(np.float32)


def test_construct_vector_from_scalars_and_vectors_then_shuffle():
    a, b, s = floats(2), floats(3), rng.standard_normal(LANES).astype(np.float32)
    kernel = OpKernel(["f32x2", "f32x3", "f32"], "f32x4")
    bb, fn = kernel.b, kernel.fn
    f32 = bb.float(32)
    vec6 = fn.op("OpCompositeConstruct", bb.vector(f32, 6), kernel.operands[0], kernel.operands[2],
                 kernel.operands[1])
    shuffled = fn.op("OpVectorShuffle", kernel.result_type, vec6, kernel.operands[1], 5, 0, 7, 2)
    out = run_kernel(kernel.finish(shuffled), [a, b, s], ["f32x2", "f32x3", "f32"], "f32x4", LANES)
    joined = np.concatenate([a, s[:, None], b, b], axis=1)
    assert np.array_equal(out, joined[:, [5, 0, 7, 2]])


def test_shuffle_undefined_component_reads_zero():
    a = floats(2)
    out = apply_op("OpVectorShuffle", ["f32x2", "f32x2"], "f32x2", [a, a], literals=(1, 0xFFFFFFFF))
    assert np.array_equal(out, np.stack([a[:, 1], np.zeros(LANES, np.float32)], axis=1))


def test_extract_and_insert_through_arrays_and_structs():
    a, s = floats(3), rng.standard_normal(LANES).astype(np.float32)
    kernel = OpKernel(["f32x3", "f32"], "f32x3")
    bb, fn = kernel.b, kernel.fn
    f32 = bb.float(32)
    vec3 = kernel.result_type
    array = bb.array(vec3, 2)
    struct = bb.struct(f32, array)
    pair = fn.op("OpCompositeConstruct", array, kernel.operands[0], kernel.operands[0])
    composite = fn.op("OpCompositeConstruct", struct, kernel.operands[1], pair)
    changed = fn.op("OpCompositeInsert", struct, kernel.operands[1], composite, 1, 1, 2)
    element = fn.op("OpCompositeExtract", vec3, changed, 1, 1)
    scalar = fn.op("OpCompositeExtract", f32, changed, 0)
    result = fn.op("OpVectorTimesScalar", vec3, element, scalar)
    out = run_kernel(kernel.finish(result), [a, s], ["f32x3", "f32"], "f32x3", LANES)
    expected = a.copy()
    expected[:, 2] = s
    assert np.array_equal(out, expected * s[:, None])


def test_extract_past_the_end_is_rejected_naming_the_instruction():
    a = floats(3)
    with pytest.raises(SpirvValidationError, match=r"OpCompositeExtract \(instruction \d+, word \d+\).*index 3"):
        apply_op("OpCompositeExtract", ["f32x3"], "f32", [a], literals=(3,))


def test_vector_extract_and_insert_dynamic():
    a = floats(4)
    index = rng.integers(0, 4, LANES).astype(np.uint32)
    out = apply_op("OpVectorExtractDynamic", ["f32x4", "u32"], "f32", [a, index])
    assert np.array_equal(out, a[np.arange(LANES), index])
    s = rng.standard_normal(LANES).astype(np.float32)
    out = apply_op("OpVectorInsertDynamic", ["f32x4", "f32", "u32"], "f32x4", [a, s, index])
    expected = a.copy()
    expected[np.arange(LANES), index] = s
    assert np.array_equal(out, expected)


def test_vector_index_out_of_range_is_reported_or_reads_zero():
    a = floats(4)
    index = rng.integers(0, 4, LANES).astype(np.int32)
    index[17] = 4
    with pytest.raises(SpirvUndefinedBehaviorError, match=r"OpVectorExtractDynamic.*index 4 \(lane 17\)"):
        apply_op("OpVectorExtractDynamic", ["f32x4", "i32"], "f32", [a, index])
    assert apply_op("OpVectorExtractDynamic", ["f32x4", "i32"], "f32", [a, index], strict=False)[17] == 0
    out = apply_op("OpVectorInsertDynamic", ["f32x4", "f32", "i32"], "f32x4", [a, a[:, 0], index], strict=False)
    assert np.array_equal(out[17], a[17])


def test_copy_object_and_copy_logical():
    a = floats(2)
    assert np.array_equal(apply_op("OpCopyObject", ["f32x2"], "f32x2", [a]), a)
    kernel = OpKernel(["f32x2"], "f32x2")
    bb, fn = kernel.b, kernel.fn
    first = bb.struct(kernel.result_type)
    second = bb.struct(kernel.result_type)
    built = fn.op("OpCompositeConstruct", first, kernel.operands[0])
    copied = fn.op("OpCopyLogical", second, built)
    result = fn.op("OpCompositeExtract", kernel.result_type, copied, 0)
    assert np.array_equal(run_kernel(kernel.finish(result), [a], ["f32x2"], "f32x2", LANES), a)


def test_undef_reads_as_zero():
    kernel = OpKernel(["f32"], "f32")
    undefined = kernel.fn.op("OpUndef", kernel.result_type)
    result = kernel.fn.op("OpFAdd", kernel.result_type, undefined, kernel.operands[0])
    a = rng.standard_normal(LANES).astype(np.float32)
    assert np.array_equal(run_kernel(kernel.finish(result), [a], ["f32"], "f32", LANES), a)
