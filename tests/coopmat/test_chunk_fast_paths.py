"""The cooperative-matrix fast paths per chunk against the plain code that defines them: uniformity compared per
block of lanes, aligned element gathers, bounds judged by each instance's corners, scope instances kept for
the chunk, and the tangled check skipped when every lane runs."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.coopmat.element_bytes import gather_aligned_elements, gather_elements
from dxlinalg.coopmat.matrix_memory import corners_inside
from dxlinalg.coopmat.matrix_type import Scope
from dxlinalg.coopmat.scope import (
    active_instances,
    differs_from_first,
    differs_in_block,
    find_scope_instances,
    scope_instances,
)
from dxlinalg.coopmat.tangled import check_uniform_control_flow
from tests.gpu.groupshared_cases import group_lanes


def byte_gather(data: np.ndarray, starts: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """The plain gather: every element's bytes one by one."""
    raw = data[starts[:, None] + np.arange(dtype.itemsize)]
    return np.ascontiguousarray(raw).view(f"<u{dtype.itemsize}").reshape(-1).view(dtype)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 6), st.sampled_from([1, 2, 4, 8, 32]), st.sampled_from([1, 2, 3, 4, 8, 12]),
       st.integers(0, 2**32 - 1), st.floats(0, 1))
def test_uniformity_per_block_is_the_comparison_with_each_instances_first_lane(count, size, width, seed, agree):
    rng = np.random.default_rng(seed)
    with group_lanes(count, size) as ctx:
        instances = find_scope_instances(ctx, Scope.Workgroup)
        bits = rng.integers(0, 3, (ctx.lanes, width)).astype(np.uint8)
        same = rng.random(ctx.lanes) < agree                      # many lanes equal to their first lane
        bits[same] = bits[instances.first_lane[instances.instance_of_lane[same]]]
        assert np.array_equal(differs_in_block(bits, instances), differs_from_first(bits, instances))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([np.float16, np.float32, np.uint32, np.float64, np.int16]), st.integers(0, 2**32 - 1),
       st.integers(0, 7))
def test_an_aligned_gather_reads_the_bytes_a_byte_gather_reads(dtype, seed, spare):
    dtype = np.dtype(dtype)
    rng = np.random.default_rng(seed)
    data = rng.integers(0, 256, 64 * dtype.itemsize + spare).astype(np.uint8)
    starts = rng.integers(0, 64, 40) * dtype.itemsize
    expected = byte_gather(data, starts, dtype)
    assert gather_aligned_elements(data, starts, dtype).tobytes() == expected.tobytes()
    assert gather_elements(data, starts, dtype).tobytes() == expected.tobytes()
    odd = starts + (1 if dtype.itemsize > 1 else 0)                # misaligned starts take the byte gather
    assert gather_elements(data, odd[odd < data.size - dtype.itemsize], dtype).tobytes() == byte_gather(
        data, odd[odd < data.size - dtype.itemsize], dtype).tobytes()


@settings(max_examples=100, deadline=None)
@given(st.integers(-64, 512), st.integers(-8, 64), st.integers(1, 16), st.integers(1, 16),
       st.sampled_from([1, 2, 4, 8]), st.integers(0, 1200), st.integers(1, 4))
def test_corner_bounds_agree_with_every_elements_bounds(start, line, lines, per_line, itemsize, size, instances):
    starts = np.arange(instances, dtype=np.int64) * 3 + start
    strides = np.full(instances, line, np.int64)
    offsets = starts[:, None, None] + np.arange(lines)[None, :, None] * strides[:, None, None] + (
        np.arange(per_line)[None, None, :] * itemsize)
    every = bool(((offsets >= 0) & (offsets + itemsize <= size)).all())
    judged = corners_inside(starts, strides, lines, per_line, itemsize, size)
    assert not judged or every                                     # never claims an element is inside wrongly
    if line >= 0:
        assert judged == every                                     # and with line >= 0 it decides exactly


def test_scope_instances_are_found_once_per_chunk_and_cannot_be_changed():
    with group_lanes(4, 64) as ctx:
        for scope in (Scope.Subgroup, Scope.Workgroup):
            kept = scope_instances(ctx, scope)
            assert scope_instances(ctx, scope) is kept
            fresh = find_scope_instances(ctx, scope)
            for name in ("instance_of_lane", "invocation_of_lane", "first_lane", "group_of_instance"):
                assert np.array_equal(getattr(kept, name), getattr(fresh, name))
                assert not getattr(kept, name).flags.writeable
    with group_lanes(2, 64) as other:
        assert scope_instances(other, Scope.Workgroup).count == 2


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.booleans())
def test_active_instances_with_every_lane_running_is_the_tangled_count(seed, everyone):
    rng = np.random.default_rng(seed)
    with group_lanes(3, 64) as ctx:
        instances = scope_instances(ctx, Scope.Subgroup)
        per_instance = np.ones(instances.count, bool) if everyone else rng.random(instances.count) < 0.5
        mask = per_instance[instances.instance_of_lane]
        ctx.push_mask(mask)
        try:
            expected = check_uniform_control_flow(ctx.active, instances.instance_of_lane, "op",
                                                  scope=instances.scope)
            assert np.array_equal(active_instances(ctx, instances, "op"), expected)
        finally:
            ctx.pop_mask()


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([np.float16, np.float32, np.int8, np.float64]),
       st.sampled_from([(8, 8), (3, 5), (16, 8), (1, 4)]), st.sampled_from([0, 1]), st.booleans(),
       st.sampled_from(["buffer", "workgroup"]))
def test_tiles_gathered_through_windows_are_the_elements_gathered_one_by_one(seed, dtype, shape, layout, uniform,
                                                                             where):
    """load_matrix's strided-window gather against its element-by-element gather: aligned and misaligned
    pointers, one or several strides, stride 0, vector pointees, tiles reaching the memory's end."""
    from dxlinalg.coopmat import matrix_memory
    from dxlinalg.coopmat.matrix_type import CoopMatType, MatrixUse

    rng = np.random.default_rng(seed)
    dtype = np.dtype(dtype)
    matrix_type = CoopMatType(dtype, Scope.Subgroup, *shape, MatrixUse.MatrixAccumulatorKHR)
    instances = int(rng.integers(1, 9))
    components = int(rng.choice([1, 2])) if dtype.itemsize < 8 else 1
    pointee = np.dtype(rng.choice([dtype, np.uint8])) if components == 1 else dtype
    major = shape[0] if layout == 0 else shape[1]
    low = 0 if rng.random() < 0.3 else max(shape) * dtype.itemsize // (pointee.itemsize * components)
    stride = rng.integers(low, low + 6, 1 if uniform else instances)
    if not uniform and rng.random() < 0.5:
        stride[:] = stride[0]
    size = int(rng.integers(64, 400)) * dtype.itemsize
    data = rng.integers(0, 256, size + 48).astype(np.uint8)
    if where == "buffer":
        memory = matrix_memory.buffer_memory(data[int(rng.integers(0, 16)):][:size], instances)
    else:
        rows = data[: size // 16 * 16].reshape(-1, 16)
        memory = matrix_memory.workgroup_memory(rows, rng.integers(0, rows.shape[0], instances), size=16)
    line = int(stride.max()) * pointee.itemsize * components
    reach = max(memory.size - (major - 1) * line - shape[0] * shape[1] * dtype.itemsize, 1)
    offset = rng.integers(0, reach // (pointee.itemsize * components) + 2, instances)
    results = []
    for windows in (False, True):
        matrix_memory.tile_windows = windows
        try:
            loaded = matrix_memory.load_matrix(memory, matrix_type, layout=layout, stride=stride[0] if uniform else stride,
                                               element_offset=offset, pointee=pointee, pointee_components=components,
                                               strict=False)
            results.append(np.ascontiguousarray(loaded.values).tobytes())
        except Exception as error:          # a rule's report: the same with both gathers
            results.append(str(error))
        finally:
            matrix_memory.tile_windows = True
    assert results[0] == results[1]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([(8, 8), (16, 8), (3, 5), (16, 16)]), st.sampled_from([8, 32, 64]),
       st.sampled_from(["plain", "scrambled"]))
def test_fragments_of_maps_in_slot_order_are_the_gathers_of_every_map(seed, shape, scope_size, ownership):
    """to_fragments/from_fragments by reshaping (plain maps without padding) against their gathers."""
    from dxlinalg.coopmat import ownership as maps
    from dxlinalg.coopmat.matrix_type import CoopMatrix, CoopMatType, MatrixUse
    from dxlinalg.profile.registry import load_profile

    rng = np.random.default_rng(seed)
    matrix_type = CoopMatType(np.float32, Scope.Subgroup, *shape, MatrixUse.MatrixAccumulatorKHR)
    settings = load_profile("reference").coopmat.model_copy(update={"ownership": ownership})
    owner = maps.ownership_map(matrix_type, scope_size, settings)
    assert owner.in_order == (ownership == "plain" and shape[0] * shape[1] % scope_size == 0)
    matrix = CoopMatrix(matrix_type, rng.standard_normal((3, *shape)).astype(np.float32))
    fragments = rng.standard_normal((3, scope_size, owner.length)).astype(np.float32)
    results = []
    for reshapes in (False, True):
        maps.fragment_reshapes = reshapes
        try:
            held = maps.to_fragments(matrix, owner)
            back = maps.from_fragments(fragments, owner)
            results.append((held.shape, held.tobytes(), back.values.shape, back.values.tobytes(),
                            np.shares_memory(held, matrix.values), np.shares_memory(back.values, fragments)))
        finally:
            maps.fragment_reshapes = True
    assert results[0] == results[1]
