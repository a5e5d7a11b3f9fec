"""Descriptor arrays in dxlinalg.spirv.run: an array of buffer blocks at one binding, bound as
(set, binding, element), indexed by a constant, a workgroup-uniform value or (NonUniform) per invocation;
results against plain-loop oracles, and every rule (keys, unbound elements, out-of-range and varying
undecorated indices) rejected with its message."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.spirv import (
    SpirvArgumentError,
    SpirvUndefinedBehaviorError,
    SpirvUnsupportedError,
    run,
)
from dxlinalg.spirv.builder import ComputeKernel
from dxlinalg.spirv.enums import BuiltIn, Decoration, StorageClass

LOCAL = 4          # invocations per workgroup
BLOCKS = 3         # elements of the descriptor array
SB = StorageClass.StorageBuffer


def kernel(index: str, runtime_length: bool = False, non_uniform: bool = False, atomic: bool = False,
           length: int = BLOCKS, uniform_blocks: bool = False) -> bytes:
    """For each invocation i: out[i] = blocks[k].d[i]; blocks[k].d[i] = d[i] + 1000 (or, `atomic`, atomicAdd
    blocks[k].d[0] += 1), where k is `index`: "const1" (1), "group" (WorkgroupId.x % 3, dynamically uniform),
    "lane" (i % 3, varying), "lane7" (i % 7, past the array). The array is (0, 0) of `length` blocks
    (`runtime_length`: an OpTypeRuntimeArray of blocks); out is (0, 1). `uniform_blocks`: Uniform Block
    elements (read-only), no write back."""
    k_ = ComputeKernel(local_size=(LOCAL, 1, 1))
    b, fn = k_.module, k_.fn
    uint, sint = b.uint(), b.int()
    storage = StorageClass.Uniform if uniform_blocks else SB
    data = b.array(uint, 64, 4) if uniform_blocks else b.runtime_array(uint, 4)
    block = b.struct(data, offsets=[0], block=True)
    array = b.runtime_array(block) if runtime_length else b.array(block, length)
    blocks = b.variable(array, storage, descriptor=(0, 0), name="blocks")
    k_.interface.append(blocks)
    out = k_.buffer(0, 1, uint, name="out")
    i = k_.global_id_x()
    if index == "const1":
        k = b.constant(sint, 1)
    elif index == "group":
        group = k_.builtin(BuiltIn.WorkgroupId, b.vector(uint, 3))
        x = fn.op("OpLoad", uint, fn.op("OpAccessChain", b.pointer(StorageClass.Input, uint), group,
                                        b.constant(uint, 0)))
        k = fn.op("OpUMod", uint, x, b.constant(uint, 3))
    else:
        k = fn.op("OpUMod", uint, i, b.constant(uint, 7 if index == "lane7" else 3))
    pointer = fn.op("OpAccessChain", b.pointer(storage, uint), blocks, k, b.constant(sint, 0), i)
    if non_uniform:
        b.decorate(k, Decoration.NonUniform)
        b.decorate(pointer, Decoration.NonUniform)
    value = fn.op("OpLoad", uint, pointer)
    k_.store(out, i, uint, value)
    if atomic:
        counter = fn.op("OpAccessChain", b.pointer(SB, uint), blocks, k, b.constant(sint, 0), b.constant(sint, 0))
        fn.op("OpAtomicIAdd", uint, counter, b.constant(uint, 1), b.constant(uint, 0), b.constant(uint, 1))
    elif not uniform_blocks:
        fn.do("OpStore", pointer, fn.op("OpIAdd", uint, value, b.constant(uint, 1000)))
    return k_.finish().astype("<u4").tobytes()


def inputs(count: int, elements: int = BLOCKS) -> dict[tuple[int, ...], np.ndarray]:
    buffers: dict[tuple[int, ...], np.ndarray] = {
        (0, 0, e): (np.arange(count, dtype=np.uint32) + 100 * (e + 1)) for e in range(elements)}
    buffers[(0, 1)] = np.zeros(count, np.uint32)
    return buffers


def oracle(index: str, groups: int, buffers: dict[tuple[int, ...], np.ndarray],
           atomic: bool = False) -> dict[tuple[int, ...], np.ndarray]:
    """Plain loops over invocations: which element each one picks, what it reads and writes."""
    result = {key: array.copy() for key, array in buffers.items()}
    for i in range(groups * LOCAL):
        k = {"const1": 1, "group": (i // LOCAL) % 3, "lane": i % 3}[index]
        value = int(buffers[(0, 0, k)][i])
        result[(0, 1)][i] = value
        if atomic:
            result[(0, 0, k)][0] += 1
        else:
            result[(0, 0, k)][i] = value + 1000
    return result


def assert_same(got: dict, expected: dict) -> None:
    assert set(got) == set(expected)
    for key, array in expected.items():
        assert np.array_equal(got[key], array), key


@pytest.mark.parametrize("runtime_length", [False, True])
@pytest.mark.parametrize("index, non_uniform", [("const1", False), ("group", False), ("lane", True)])
def test_each_kind_of_index_reads_and_writes_the_element_it_picks(index: str, non_uniform: bool,
                                                                  runtime_length: bool) -> None:
    groups = 5
    buffers = inputs(groups * LOCAL)
    got = run(kernel(index, runtime_length, non_uniform), groups=(groups, 1, 1), buffers=buffers)
    assert_same(got, oracle(index, groups, buffers))


@pytest.mark.parametrize("index, non_uniform", [("const1", False), ("group", False), ("lane", True)])
def test_atomics_reach_the_element_each_invocation_picks(index: str, non_uniform: bool) -> None:
    groups = 3
    buffers = inputs(groups * LOCAL)
    got = run(kernel(index, non_uniform=non_uniform, atomic=True), groups=(groups, 1, 1), buffers=buffers)
    assert_same(got, oracle(index, groups, buffers, atomic=True))


@settings(max_examples=15, deadline=None)
@given(groups=st.integers(1, 6), chunk=st.sampled_from([LOCAL, 2 * LOCAL, 64]),
       index=st.sampled_from(["group", "lane"]))
def test_chunks_of_any_size_give_the_oracle(groups: int, chunk: int, index: str) -> None:
    """Lanes are grouped by element within each chunk of workgroups: the chunking never shows."""
    buffers = inputs(groups * LOCAL)
    got = run(kernel(index, non_uniform=index == "lane"), groups=(groups, 1, 1), buffers=buffers,
              max_lanes_per_chunk=chunk)
    assert_same(got, oracle(index, groups, buffers))


def test_uniform_blocks_of_an_array_are_read() -> None:
    count = LOCAL * 2
    buffers = {(0, 0, e): np.arange(64, dtype=np.uint32) * (e + 2) for e in range(BLOCKS)}
    buffers[(0, 1)] = np.zeros(count, np.uint32)
    got = run(kernel("lane", non_uniform=True, uniform_blocks=True), groups=(2, 1, 1), buffers=buffers)
    i = np.arange(count)
    assert np.array_equal(got[(0, 1)], i * (i % 3 + 2))


def test_an_element_the_shader_never_touches_may_be_left_out() -> None:
    buffers = {(0, 0, 1): np.arange(LOCAL, dtype=np.uint32), (0, 1): np.zeros(LOCAL, np.uint32)}
    got = run(kernel("const1"), buffers=buffers)
    assert np.array_equal(got[(0, 1)], np.arange(LOCAL)) and np.array_equal(got[(0, 0, 1)], np.arange(LOCAL) + 1000)


# --- rules -------------------------------------------------------------------------------------------------
def test_a_plain_key_for_an_arrayed_binding_names_the_element_form() -> None:
    buffers = {(0, 0): np.zeros(LOCAL, np.uint32), (0, 1): np.zeros(LOCAL, np.uint32)}
    with pytest.raises(SpirvArgumentError, match=r"buffers\[\(0, 0\)\]: \(set, binding\) \(0, 0\) is a descriptor "
                                                 r"array of 3 blocks; key each element as \(set, binding, element\), "
                                                 r"e.g. \(0, 0, 0\)"):
        run(kernel("const1"), buffers=buffers)


def test_an_element_key_for_a_plain_binding_is_rejected() -> None:
    buffers = {**inputs(LOCAL), (0, 1, 0): np.zeros(LOCAL, np.uint32)}
    del buffers[(0, 1)]
    with pytest.raises(SpirvArgumentError, match=r"buffers\[\(0, 1, 0\)\]: \(set, binding\) \(0, 1\) is a single "
                                                 r"block, not a descriptor array; key it as \(0, 1\)"):
        run(kernel("const1"), buffers=buffers)


@pytest.mark.parametrize("element", [3, -1])
def test_an_element_outside_the_array_is_rejected(element: int) -> None:
    buffers = {**inputs(LOCAL), (0, 0, element): np.zeros(LOCAL, np.uint32)}
    with pytest.raises(SpirvArgumentError, match=rf"element {element} is outside the descriptor array at \(0, 0\) "
                                                 r"\(3 blocks\)"):
        run(kernel("const1"), buffers=buffers)


@pytest.mark.parametrize("key", [(0, 0, 0, 0), (0,), (0, 0, True), ("0", 0)])
def test_a_malformed_key_is_rejected(key: tuple) -> None:
    with pytest.raises(SpirvArgumentError, match="buffers keys are \\(set, binding\\) or"):
        run(kernel("const1"), buffers={key: np.zeros(4, np.uint32)})


def test_a_used_array_with_no_element_given_says_how_to_pass_one() -> None:
    with pytest.raises(SpirvArgumentError, match=r"descriptor array blocks of 3 blocks at \(set, binding\) \(0, 0\); "
                                                 r"pass each element it accesses in buffers=\{\(0, 0, 0\): \.\.\.\}"):
        run(kernel("const1"), buffers={(0, 1): np.zeros(LOCAL, np.uint32)})


def test_an_element_too_small_for_its_block_is_rejected() -> None:
    buffers = {(0, 0, 0): np.zeros(64, np.uint32), (0, 0, 2): np.zeros(3, np.uint8), (0, 1): np.zeros(LOCAL, np.uint32)}
    with pytest.raises(SpirvArgumentError, match=r"buffers\[\(0, 0, 2\)\] has 3 bytes; blocks needs at least 256"):
        run(kernel("const1", uniform_blocks=True), buffers=buffers)


def test_an_access_to_an_unbound_element_is_undefined_in_strict_mode() -> None:
    buffers = {(0, 0, 0): np.arange(LOCAL, dtype=np.uint32), (0, 1): np.zeros(LOCAL, np.uint32)}
    with pytest.raises(SpirvUndefinedBehaviorError, match=r"element 1 of the descriptor array StorageBuffer blocks "
                                                          r"\(set 0, binding 0\) \(lane 0\) is not bound"):
        run(kernel("const1"), buffers=buffers)


def test_permissive_mode_reads_zero_and_drops_stores_through_an_unbound_element() -> None:
    count = 2 * LOCAL
    buffers = inputs(count)
    del buffers[(0, 0, 2)]
    got = run(kernel("lane", non_uniform=True), groups=(2, 1, 1), buffers=buffers, strict=False)
    i = np.arange(count)
    picked = np.where(i % 3 == 2, 0, np.stack([buffers[(0, 0, 0)], buffers[(0, 0, 1)], buffers[(0, 0, 0)]])[i % 3, i])
    assert np.array_equal(got[(0, 1)], picked)
    for e in (0, 1):
        mine = i % 3 == e
        assert np.array_equal(got[(0, 0, e)], np.where(mine, buffers[(0, 0, e)] + 1000, buffers[(0, 0, e)]))


def test_an_index_past_the_array_is_undefined_in_strict_mode() -> None:
    buffers = inputs(2 * LOCAL)
    with pytest.raises(SpirvUndefinedBehaviorError, match=r"element [3-6] of the descriptor array StorageBuffer "
                                                          r"blocks \(set 0, binding 0\) \(lane [3-7]\) is outside the "
                                                          r"array of 3 blocks"):
        run(kernel("lane7", non_uniform=True), groups=(2, 1, 1), buffers=buffers)


def test_an_undecorated_index_that_varies_in_a_workgroup_is_undefined_in_strict_mode() -> None:
    buffers = inputs(LOCAL)
    with pytest.raises(SpirvUndefinedBehaviorError, match=r"the index into the descriptor array StorageBuffer blocks "
                                                          r"\(set 0, binding 0\) differs between invocations of one "
                                                          r"workgroup \(0 and 2, lanes 0 to 3\) without the NonUniform "
                                                          r"decoration"):
        run(kernel("lane"), buffers=buffers)
    got = run(kernel("lane"), buffers=buffers, strict=False)      # permissive: what NonUniform would give
    assert_same(got, oracle("lane", 1, buffers))


def test_a_descriptor_array_cannot_be_loaded_whole() -> None:
    k_ = ComputeKernel(local_size=(1, 1, 1))
    b, fn = k_.module, k_.fn
    uint = b.uint()
    block = b.struct(b.array(uint, 4, 4), offsets=[0], block=True)
    array = b.array(block, 2)
    blocks = b.variable(array, SB, descriptor=(0, 0), name="blocks")
    k_.interface.append(blocks)
    fn.op("OpLoad", array, blocks)
    code = k_.finish().astype("<u4").tobytes()
    with pytest.raises(SpirvUnsupportedError, match="is a descriptor array: index it with OpAccessChain"):
        run(code, buffers={(0, 0, 0): np.zeros(4, np.uint32)})


@pytest.mark.parametrize("else_index", ["const1", "lane"])
def test_pointers_into_different_elements_merge_through_a_phi(else_index: str) -> None:
    """p = i even ? &blocks[0].d[i] : &blocks[k].d[i] (k = 1, or i % 3 NonUniform), an OpPhi of the two
    pointers in the merge block; out[i] = *p. The lanes of each branch keep their own element."""
    k_ = ComputeKernel(local_size=(LOCAL, 1, 1))
    b, fn = k_.module, k_.fn
    uint, sint = b.uint(), b.int()
    block = b.struct(b.runtime_array(uint, 4), offsets=[0], block=True)
    blocks = b.variable(b.array(block, BLOCKS), SB, descriptor=(0, 0), name="blocks")
    k_.interface.append(blocks)
    out = k_.buffer(0, 1, uint, name="out")
    i = k_.global_id_x()
    even = fn.op("OpIEqual", b.bool(), fn.op("OpBitwiseAnd", uint, i, b.constant(uint, 1)), b.constant(uint, 0))
    then, other, merge = fn.label(), fn.label(), fn.label()
    fn.do("OpSelectionMerge", merge, 0)
    fn.do("OpBranchConditional", even, then, other)
    fn.block(then)
    pointer_type = b.pointer(SB, uint)
    first = fn.op("OpAccessChain", pointer_type, blocks, b.constant(sint, 0), b.constant(sint, 0), i)
    fn.do("OpBranch", merge)
    fn.block(other)
    k = b.constant(sint, 1) if else_index == "const1" else fn.op("OpUMod", uint, i, b.constant(uint, 3))
    second = fn.op("OpAccessChain", pointer_type, blocks, k, b.constant(sint, 0), i)
    if else_index == "lane":
        b.decorate(k, Decoration.NonUniform)
    fn.do("OpBranch", merge)
    fn.block(merge)
    chosen = fn.op("OpPhi", pointer_type, first, then, second, other)
    k_.store(out, i, uint, fn.op("OpLoad", uint, chosen))
    code = k_.finish().astype("<u4").tobytes()
    count = 3 * LOCAL
    buffers = inputs(count)
    got = run(code, groups=(3, 1, 1), buffers=buffers)
    expected = np.zeros(count, np.uint32)
    for lane in range(count):
        element = 0 if lane % 2 == 0 else (1 if else_index == "const1" else lane % 3)
        expected[lane] = buffers[(0, 0, element)][lane]
    assert np.array_equal(got[(0, 1)], expected)
