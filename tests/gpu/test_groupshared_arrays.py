"""HLSL groupshared arrays in Python shaders: declarations, element access, limits, chunking, typed views."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.gpu import (
    BufferMemory,
    ByteAddressBuffer,
    GroupMemoryBarrierWithGroupSync,
    GroupSharedMemory,
    RWByteAddressBuffer,
    SV_GroupID,
    SV_GroupIndex,
    SV_GroupThreadID,
    TypedView,
    compute_shader,
    groupshared,
    if_,
    run_dispatch,
    standalone_lanes,
)
from dxlinalg.gpu.dispatch import MAX_GROUPSHARED_BYTES_PER_CHUNK
from dxlinalg.gpu.types import float4, float16_t, float32_t, float64_t, int32_t, uint32_t, uint64_t, vector
from dxlinalg.profile.registry import load_profile


# -- declarations ------------------------------------------------------------------------------------
@pytest.mark.parametrize("element, shape, match", [
    ("float", 4, "element type 'float' must be an HLSL numeric scalar or vector type"),
    (uint32_t.__class__("bool", np.dtype(np.bool_)), 4, "must be an HLSL numeric"),
    (uint32_t, 0, "shape 0 must be one or more positive sizes"),
    (uint32_t, (4, -1), "positive sizes"),
    (uint32_t, (), "positive sizes"),
    (uint32_t, 2.0, "positive sizes"),
])
def test_bad_declarations_are_rejected(element, shape, match):
    with pytest.raises(InvalidArgumentError, match=match):
        groupshared(element, shape)


def test_arrays_are_laid_out_in_order_each_aligned_to_its_scalar():
    @compute_shader(numthreads=(1, 1, 1))
    def layout(out=RWByteAddressBuffer("u0"), a=groupshared(float16_t, 3), b=groupshared(uint32_t, (2, 2)),
               c=groupshared(float64_t, 1), d=groupshared(vector[float16_t, 3], 2)):
        pass

    assert layout.groupshared_offsets == {"a": 0, "b": 8, "c": 24, "d": 32}
    assert layout.groupshared_bytes == 44
    assert list(layout.bindings) == ["out"]                 # groupshared arrays are not bindings


def test_groupshared_arrays_cannot_be_bound():
    @compute_shader(numthreads=(1, 1, 1))
    def shader(out=RWByteAddressBuffer("u0"), tile=groupshared(uint32_t, 4)):
        pass

    with pytest.raises(InvalidArgumentError, match="'tile' is a groupshared array; each thread group gets its own"):
        run_dispatch(shader, {"u0": np.zeros(4, np.uint8), "tile": np.zeros(16, np.uint8)})


# -- the size limit ------------------------------------------------------------------------------------
def shader_with(bytes_: int):
    @compute_shader(numthreads=(4, 1, 1))
    def big(out=RWByteAddressBuffer("u0"), tile=groupshared(uint32_t, bytes_ // 4)):
        tile[SV_GroupIndex()] = 1
    return big


def test_the_d3d12_limit_of_32_kib_is_the_default():
    run_dispatch(shader_with(32768), {"u0": np.zeros(4, np.uint8)})
    with pytest.raises(InvalidArgumentError, match=r"shader 'big': Total Thread Group Shared Memory storage is 32772, "
                                                   r"exceeded 32768 \(profile 'reference' groupshared.max_bytes; "
                                                   r"D3D12_CS_TGSM_REGISTER_COUNT \* 4 = 32768 on D3D12\)"):
        run_dispatch(shader_with(32772), {"u0": np.zeros(4, np.uint8)})
    assert load_profile("reference").groupshared.max_bytes == 32768


def test_a_profile_may_allow_more_groupshared_memory(tmp_path):
    data = json.loads(load_profile("reference").model_dump_json())
    data["groupshared"]["max_bytes"] = 49152
    path = tmp_path / "big.json"
    path.write_text(json.dumps(data))
    summary = run_dispatch(shader_with(49152), {"u0": np.zeros(4, np.uint8)}, (200, 1, 1), str(path))
    assert summary.groups_per_chunk == MAX_GROUPSHARED_BYTES_PER_CHUNK // 49152     # chunks bound the memory
    assert summary.chunks == -(-200 // summary.groups_per_chunk)


# -- element access ------------------------------------------------------------------------------------
@compute_shader(numthreads=(4, 4, 1))
def transpose(src=ByteAddressBuffer("t0"), dst=RWByteAddressBuffer("u0"), tile=groupshared(float32_t, (4, 5))):
    x, y = SV_GroupThreadID()[:, 0], SV_GroupThreadID()[:, 1]
    tile[y, x] = src.Load[float32_t]((y * 4 + x) * 4)
    GroupMemoryBarrierWithGroupSync()
    dst.Store((y * 4 + x) * 4, tile[x, y])


def test_two_dimensional_arrays_index_row_major():
    a = np.arange(16, dtype=np.float32)
    out = np.zeros(64, np.uint8)
    run_dispatch(transpose, {"t0": a.view(np.uint8), "u0": out})
    assert np.array_equal(out.view(np.float32).reshape(4, 4), a.reshape(4, 4).T)


@compute_shader(numthreads=(4, 1, 1))
def vectors_and_conversions(dst=RWByteAddressBuffer("u0"), v=groupshared(float4, 4), h=groupshared(float16_t, 4),
                            n=groupshared(int32_t, 4), w=groupshared(uint64_t, 4)):
    i = SV_GroupIndex()
    v[i] = np.stack([float32_t(i), float32_t(i) + 0.5, -float32_t(i), np.full(4, 2.0, np.float32)], axis=1)
    h[i] = float32_t(i) + np.float32(1 / 3)          # float -> half rounds to nearest even
    n[i] = -float32_t(i) - np.float32(0.75)          # float -> int truncates toward zero
    w[i] = 7                                         # a uniform value
    GroupMemoryBarrierWithGroupSync()
    dst.Store(i * 16, v[3 - i])
    dst.Store(64 + i * 2, h[i])
    dst.Store(72 + i * 4, n[i])
    dst.Store[uint64_t](88 + i * 8, w[i])


def test_vector_elements_conversions_and_uniform_values():
    out = np.zeros(128, np.uint8)
    run_dispatch(vectors_and_conversions, {"u0": out})
    vectors = out[:64].view(np.float32).reshape(4, 4)
    assert vectors.tolist() == [[3 - i, 3.5 - i, -(3 - i), 2] for i in range(4)]
    assert out[64:72].view(np.float16).tolist() == (np.arange(4, dtype=np.float32) + np.float32(1 / 3)).astype(
        np.float16).tolist()
    assert out[72:88].view(np.int32).tolist() == [0, -1, -2, -3]
    assert out[88:120].view(np.uint64).tolist() == [7] * 4


def test_indices_must_fit_the_declaration_in_strict_mode():
    @compute_shader(numthreads=(4, 1, 1))
    def off_the_end(dst=RWByteAddressBuffer("u0"), tile=groupshared(uint32_t, (2, 3))):
        i = SV_GroupIndex()
        tile[i % 2, i] = i

    with pytest.raises(UndefinedBehaviorError, match=r"tile\[\.\.\.\] store: index 3 \(thread 3 of thread group "
                                                     r"\(0, 0, 0\)\) of dimension 1 is "
                                                     r"outside \[0, 3\) of 'tile' \(2, 3\)"):
        run_dispatch(off_the_end, {"u0": np.zeros(4, np.uint8)})


def test_out_of_bounds_indices_in_permissive_mode_land_where_the_bytes_are():
    @compute_shader(numthreads=(2, 1, 1))
    def spill(dst=RWByteAddressBuffer("u0"), a=groupshared(uint32_t, 2), b=groupshared(uint32_t, 2)):
        i = SV_GroupIndex()
        b[i] = 0
        a[i + 2] = i + 5                  # past the end of a: lands in b, as on hardware
        a[i + 9] = 99                     # past the end of the group's memory: dropped
        GroupMemoryBarrierWithGroupSync()
        dst.Store(i * 4, b[i])

    out = np.zeros(8, np.uint8)
    run_dispatch(spill, {"u0": out}, strict=False)
    assert out.view(np.uint32).tolist() == [5, 6]


def test_element_access_rules():
    checks = []

    @compute_shader(numthreads=(2, 1, 1))
    def misuse(dst=RWByteAddressBuffer("u0"), tile=groupshared(uint32_t, (2, 2)), v=groupshared(float4, 2)):
        for call, match in ((lambda: tile[0], r"1 indices for 'tile' of shape \(2, 2\); give one per dimension"),
                            (lambda: v.__setitem__(0, np.zeros((2, 3))), "cannot make a vector<float, 4>"),
                            (lambda: tile.__setitem__((0, 0), np.zeros(3)), r"a value of shape \(3,\) does not fit"),
                            (lambda: tile[0.5, 0], "index 0 must be an integer")):
            with pytest.raises(InvalidArgumentError, match=match):
                call()
            checks.append(match)

    run_dispatch(misuse, {"u0": np.zeros(4, np.uint8)})
    assert len(checks) == 4
    assert repr(groupshared(uint32_t, (2, 2))).startswith("GroupSharedDeclaration")


# -- a reduction against a per-thread oracle, and chunking ----------------------------------------------
NX, NY = 16, 4
THREADS = NX * NY


@compute_shader(numthreads=(NX, NY, 1))
def group_sums(src=ByteAddressBuffer("t0"), dst=RWByteAddressBuffer("u0"), partial=groupshared(float32_t, THREADS)):
    i = SV_GroupIndex()
    group = SV_GroupID()
    flat_group = group[:, 1] * 3 + group[:, 0]                  # grid (3, 2, 1)
    partial[i] = src.Load[float32_t]((flat_group * THREADS + i) * 4)
    GroupMemoryBarrierWithGroupSync()
    stride = THREADS // 2
    while stride > 0:
        with if_(i < stride):
            partial[i] = partial[i] + partial[i + stride]
        GroupMemoryBarrierWithGroupSync()
        stride //= 2
    with if_(i == 0):
        dst.Store(flat_group * 4, partial[0])


def group_sums_oracle(values: np.ndarray, groups: int) -> list[np.float32]:
    """Plain loops over groups and threads; each barrier phase reads the previous phase's values."""
    sums = []
    for g in range(groups):
        partial = [np.float32(values[g * THREADS + t]) for t in range(THREADS)]
        stride = THREADS // 2
        while stride > 0:
            before = list(partial)
            for t in range(THREADS):
                if t < stride:
                    partial[t] = np.float32(before[t] + before[t + stride])
            stride //= 2
        sums.append(partial[0])
    return sums


def test_a_groupshared_reduction_matches_a_per_thread_oracle_bit_for_bit():
    values = np.random.default_rng(5).standard_normal(6 * THREADS).astype(np.float32)
    out = np.zeros(24, np.uint8)
    run_dispatch(group_sums, {"t0": values.view(np.uint8), "u0": out}, (3, 2, 1))
    assert out.view(np.float32).tolist() == group_sums_oracle(values, 6)


@settings(max_examples=8, deadline=None)
@given(lanes_per_chunk=st.integers(1, 6 * THREADS), profile=st.sampled_from(["reference", "adversarial"]))
def test_several_chunks_give_the_same_bytes_as_one(lanes_per_chunk, profile):
    values = np.random.default_rng(6).standard_normal(6 * THREADS).astype(np.float32)
    whole, chunked = np.zeros(24, np.uint8), np.zeros(24, np.uint8)
    one = run_dispatch(group_sums, {"t0": values.view(np.uint8), "u0": whole}, (3, 2, 1), profile)
    many = run_dispatch(group_sums, {"t0": values.view(np.uint8), "u0": chunked}, (3, 2, 1), profile,
                        max_lanes_per_chunk=lanes_per_chunk)
    assert one.chunks == 1 and many.chunks == -(-6 // max(1, lanes_per_chunk // THREADS))
    assert whole.tobytes() == chunked.tobytes()


# -- typed views (memrefs) over groupshared memory and buffers ---------------------------------------------
def test_a_strided_view_with_an_offset_addresses_like_a_memref():
    with standalone_lanes(4) as ctx:
        memory = GroupSharedMemory(ctx, 64)
        memory.store(np.arange(4) * 16, np.arange(16, dtype=np.uint32).reshape(4, 4))
        GroupMemoryBarrierWithGroupSync()
        # memref<2x3xui32, strided<[1, 4], offset: 1>>: a transposed window starting at element 1
        view = TypedView(memory, np.uint32, (2, 3), strides=(1, 4), offset=1, name="window")
        rows, cols = np.array([0, 1, 0, 1]), np.array([0, 0, 2, 2])
        assert view.load((rows, cols))[:, 0].tolist() == [1, 2, 9, 10]
        assert view.size_bytes == (1 + 1 + 2 * 4 + 1) * 4
        row = TypedView(memory, np.uint32, (4, 4), name="rows").load((np.arange(4), 0), count=4)
        assert row.tolist() == np.arange(16).reshape(4, 4).tolist()     # vector.load of 4 along the row
        with pytest.raises(InvalidArgumentError, match="need a count >= 1 and a unit stride in the last dimension"):
            view.load((0, 0), count=2)
        with pytest.raises(UndefinedBehaviorError, match=r"index \[2, 6\) \(thread 0 of thread group \(0, 0, 0\)\) "
                                                         r"of dimension 1 is outside \[0, 4\)"):
            TypedView(memory, np.uint32, (4, 4), name="rows").load((0, 2), count=4)


def test_a_view_over_a_buffer_loads_and_stores_through_the_buffer_rules():
    data = np.arange(8, dtype=np.float32)
    raw = data.view(np.uint8).copy()
    with standalone_lanes(4):
        view = TypedView(BufferMemory(raw, "weights"), np.float32, (2, 4), name="weights")
        assert view.load((np.array([0, 1, 0, 1]), np.array([0, 0, 3, 3])))[:, 0].tolist() == [0, 4, 3, 7]
        view.store((1, np.arange(4)), np.full((4, 1), -1, np.float32))
        with pytest.raises(InvalidArgumentError, match="atomics need scalar elements in memory that supports them"):
            view.atomic("add", (0, 0), 1)
        with pytest.raises(InvalidArgumentError, match=r"values float64 \(4, 1\) do not fit 'weights'"):
            view.store((0, 0), np.zeros((4, 1)))
    assert raw.view(np.float32).tolist() == [0, 1, 2, 3, -1, -1, -1, -1]


@pytest.mark.parametrize("kwargs, match", [
    ({"shape": (2, 2), "strides": (1,)}, "one non-negative extent and one stride per dimension"),
    ({"shape": (2,), "components": 0}, "components 0"),
    ({"shape": (2,), "offset": -1}, "offset -1"),
])
def test_bad_views_are_rejected(kwargs, match):
    with standalone_lanes(1) as ctx, pytest.raises(InvalidArgumentError, match=match):
        TypedView(GroupSharedMemory(ctx, 16), np.uint32, **kwargs)


def test_views_need_byte_addressed_memory_and_a_dtype():
    with standalone_lanes(1) as ctx:
        with pytest.raises(InvalidArgumentError, match="memory ndarray is not byte-addressed memory"):
            TypedView(np.zeros(16, np.uint8), np.uint32, (4,))
        with pytest.raises(InvalidArgumentError, match="'nonsense' is not an element dtype"):
            TypedView(GroupSharedMemory(ctx, 16), "nonsense", (4,))
