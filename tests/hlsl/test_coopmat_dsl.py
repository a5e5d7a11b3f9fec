"""The coopmat DSL (GLSL names in Python shaders): values, elements, arithmetic, memory, MulAdd, NV2 builtins, rules."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.coopmat.ownership import ownership_map
from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.gpu import run_dispatch
from dxlinalg.glsl import (
    ByteAddressBuffer,
    GroupMemoryBarrierWithGroupSync,
    RWByteAddressBuffer,
    SV_GroupID,
    SV_GroupIndex,
    WaveGetLaneIndex,
    assign,
    compute_shader,
    coopmat,
    coopMatLoad,
    coopMatLoadTensorNV,
    coopMatMulAdd,
    coopMatPerElementNV,
    coopMatReduceNV,
    coopMatStore,
    coopMatStoreTensorNV,
    coopMatTransposeNV,
    createTensorLayoutNV,
    createTensorViewNV,
    float16_t,
    float32_t,
    gl_CooperativeMatrixClampModeConstantNV,
    gl_CooperativeMatrixLayoutColumnMajor,
    gl_CooperativeMatrixLayoutRowMajor,
    gl_CooperativeMatrixReduce2x2NV,
    gl_CooperativeMatrixReduceColumnNV,
    gl_CooperativeMatrixReduceRowAndColumnNV,
    gl_CooperativeMatrixReduceRowNV,
    gl_MatrixOperandsSaturatingAccumulation,
    gl_MatrixUseA,
    gl_MatrixUseAccumulator,
    gl_MatrixUseB,
    gl_ScopeSubgroup,
    gl_ScopeWorkgroup,
    groupshared,
    if_,
    int8_t,
    int32_t,
    lane_zeros,
    setTensorLayoutDimensionNV,
    setTensorViewClipNV,
    sliceTensorLayoutNV,
    uint32_t,
)
from dxlinalg.profile.registry import load_profile

F32_ACC = coopmat[float32_t, gl_ScopeSubgroup, 4, 8, gl_MatrixUseAccumulator]
F32_A = coopmat[float32_t, gl_ScopeSubgroup, 4, 8, gl_MatrixUseA]
F16_A = coopmat[float16_t, gl_ScopeSubgroup, 4, 8, gl_MatrixUseA]
F32_B = coopmat[float32_t, gl_ScopeSubgroup, 4, 8, gl_MatrixUseB]


def raw(values: np.ndarray, spare: int = 0) -> np.ndarray:
    out = np.zeros(values.nbytes + spare, np.uint8)
    out[: values.nbytes] = np.ascontiguousarray(values).view(np.uint8).reshape(-1)
    return out


def run(shader, bindings, groups=1, profile="reference", strict=True):
    run_dispatch(shader, bindings, (groups, 1, 1), profile, strict=strict)


def test_types_take_glsl_parameters_and_reject_others():
    assert str(F32_ACC.type) == "coopmat<float32, Subgroup, 4, 8, MatrixAccumulatorKHR>"
    with pytest.raises(InvalidArgumentError, match="five parameters"):
        coopmat[float32_t, gl_ScopeSubgroup, 4, 8]
    with pytest.raises(InvalidArgumentError, match="gl_ScopeSubgroup"):
        coopmat[float32_t, 1, 4, 8, gl_MatrixUseA]
    with pytest.raises(InvalidArgumentError, match="gl_MatrixUseA"):
        coopmat[float32_t, gl_ScopeSubgroup, 4, 8, 3]
    with pytest.raises(InvalidArgumentError, match="rows"):
        coopmat[float32_t, gl_ScopeSubgroup, 0, 8, gl_MatrixUseA]
    with pytest.raises(InvalidArgumentError, match="constant integer"):
        coopmat[float32_t, gl_ScopeSubgroup, 4.0, 8, gl_MatrixUseA]
    with pytest.raises(InvalidArgumentError, match="running lanes"):
        F32_ACC(0)


@pytest.mark.parametrize("profile", ["reference", "adversarial", "nvidia-h100"])
def test_length_and_elements_follow_the_profiles_ownership_map(profile):
    prof = load_profile(profile)
    matrix = np.arange(32, dtype=np.float32).reshape(4, 8)
    out = np.zeros(4096 + 128, np.uint8)
    length_seen = []

    @compute_shader(numthreads=(prof.wave_size, 1, 1))
    def shader(src=ByteAddressBuffer("t0"), dst=RWByteAddressBuffer("u0")):
        m = F32_ACC()
        coopMatLoad(m, src, 0, 8, gl_CooperativeMatrixLayoutRowMajor)
        length_seen.append(m.length())
        lane = WaveGetLaneIndex()
        for i in range(m.length()):
            dst.Store((lane * m.length() + i) * 4, m[i])
            m[i] = m[i] * 2
        coopMatStore(m, dst, 1024, 8, gl_CooperativeMatrixLayoutRowMajor)

    run(shader, {"t0": raw(matrix), "u0": out}, profile=profile)
    length = length_seen[0]
    assert length == -(-32 // prof.wave_size)
    owners = ownership_map(F32_ACC.type, prof.wave_size, prof.coopmat)
    per_slot = out[: prof.wave_size * length * 4].view(np.float32).reshape(prof.wave_size, length)
    expected = np.where(owners.valid, matrix.reshape(-1)[np.maximum(owners.element_of_slot, 0)], 0)
    assert np.array_equal(per_slot, expected)
    assert np.array_equal(out[4096:4096 + 128].view(np.float32).reshape(4, 8), matrix * 2)


def test_constructors_fill_and_convert_with_the_use_rules():
    out = np.zeros(4 * 32 * 4, np.uint8)

    @compute_shader(numthreads=(32, 1, 1))
    def shader(dst=RWByteAddressBuffer("u0")):
        acc = F32_ACC(1.5)
        half_a = F16_A(acc)                     # OpFConvert with Accumulator -> A
        same_a = F32_A(acc)                     # OpCooperativeMatrixConvertNV
        ints = coopmat[int32_t, gl_ScopeSubgroup, 4, 8, gl_MatrixUseAccumulator](acc)   # OpConvertFToS
        coopMatStore(F32_A(half_a), dst, 0, 8, gl_CooperativeMatrixLayoutRowMajor)
        coopMatStore(same_a, dst, 32, 8, gl_CooperativeMatrixLayoutRowMajor)
        coopMatStore(ints, dst, 64, 8, gl_CooperativeMatrixLayoutRowMajor)
        with pytest.raises(InvalidArgumentError, match="Use"):
            F32_B(same_a)                       # A -> B is no conversion
        with pytest.raises(InvalidArgumentError, match="Use"):
            F32_ACC(same_a)                     # nor A -> Accumulator

    run(shader, {"u0": out})
    words = out.view(np.float32)
    assert np.all(words[:64] == 1.5)
    assert np.all(out.view(np.int32)[64:96] == 1)


def test_arithmetic_is_elementwise_and_times_scalar():
    a = np.arange(32, dtype=np.float32).reshape(4, 8) - 7
    b = np.full((4, 8), 0.5, np.float32)
    out = np.zeros(5 * 128, np.uint8)

    @compute_shader(numthreads=(32, 1, 1))
    def shader(src=ByteAddressBuffer("t0"), dst=RWByteAddressBuffer("u0")):
        x, y = F32_ACC(), F32_ACC()
        coopMatLoad(x, src, 0, 8, gl_CooperativeMatrixLayoutRowMajor)
        coopMatLoad(y, src, 32, 8, gl_CooperativeMatrixLayoutRowMajor)
        for slot, value in enumerate((x + y, x - y, x * y, x / y, -(3 * x))):
            coopMatStore(value, dst, 32 * slot, 8, gl_CooperativeMatrixLayoutRowMajor)

    run(shader, {"t0": raw(np.concatenate([a, b])), "u0": out})
    got = out.view(np.float32).reshape(5, 4, 8)
    for slot, expected in enumerate((a + b, a - b, a * b, a / b, -3 * a)):
        assert np.array_equal(got[slot], expected)


def test_column_major_loads_strides_and_groupshared_arrays():
    source = np.arange(8 * 12, dtype=np.float32).reshape(8, 12)
    out = np.zeros(2 * 128, np.uint8)

    @compute_shader(numthreads=(32, 1, 1))
    def shader(src=ByteAddressBuffer("t0"), dst=RWByteAddressBuffer("u0"), tile=groupshared(float32_t, 64)):
        m = F32_ACC()
        coopMatLoad(m, src, 0, 12, gl_CooperativeMatrixLayoutColumnMajor)   # column c starts at element 12c
        coopMatStore(m, tile, 0, 4, gl_CooperativeMatrixLayoutColumnMajor)
        GroupMemoryBarrierWithGroupSync()
        back = F32_ACC()
        coopMatLoad(back, tile, 0, 4, gl_CooperativeMatrixLayoutColumnMajor)
        coopMatStore(back, dst, 0, 8, gl_CooperativeMatrixLayoutRowMajor)
        i = SV_GroupIndex()
        dst.Store(128 + i * 4, tile[i])

    run(shader, {"t0": raw(source), "u0": out})
    expected = source[:, :4].T                      # element (r, c) = src[12c + r]
    assert np.array_equal(out[:128].view(np.float32).reshape(4, 8), expected)
    assert np.array_equal(out[128:].view(np.float32), expected.T.reshape(-1))


def test_muladd_int8_signedness_and_saturation():
    a = np.full((4, 8), 127, np.int8)
    b = np.full((8, 4), -128, np.int8)
    out = np.zeros(2 * 64, np.uint8)
    IA = coopmat[int8_t, gl_ScopeSubgroup, 4, 8, gl_MatrixUseA]
    IB = coopmat[int8_t, gl_ScopeSubgroup, 8, 4, gl_MatrixUseB]
    IC = coopmat[int32_t, gl_ScopeSubgroup, 4, 4, gl_MatrixUseAccumulator]

    @compute_shader(numthreads=(32, 1, 1))
    def shader(src=ByteAddressBuffer("t0"), dst=RWByteAddressBuffer("u0")):
        x, y = IA(), IB()
        coopMatLoad(x, src, 0, 8, gl_CooperativeMatrixLayoutRowMajor)
        coopMatLoad(y, src, 32, 4, gl_CooperativeMatrixLayoutRowMajor)
        plain = coopMatMulAdd(x, y, IC(5))
        saturated = coopMatMulAdd(x, y, IC(-2**31 + 10), gl_MatrixOperandsSaturatingAccumulation)
        coopMatStore(plain, dst, 0, 4, gl_CooperativeMatrixLayoutRowMajor)
        coopMatStore(saturated, dst, 16, 4, gl_CooperativeMatrixLayoutRowMajor)
        with pytest.raises(InvalidArgumentError, match="matrixOperands"):
            coopMatMulAdd(x, y, plain, 0x1)

    run(shader, {"t0": raw(np.concatenate([a.reshape(-1), b.reshape(-1)])), "u0": out})
    words = out.view(np.int32)
    assert np.all(words[:16] == 127 * -128 * 8 + 5)
    assert np.all(words[16:] == -2**31)


@pytest.mark.parametrize("profile", ["reference", "adversarial"])
def test_tensor_loads_with_per_lane_slices_clip_and_clamp(profile):
    prof = load_profile(profile)
    tensor = np.arange(10 * 7, dtype=np.float32).reshape(10, 7)
    groups = 3
    out = np.zeros(groups * 128 * 2, np.uint8)
    T = coopmat[float32_t, gl_ScopeSubgroup, 4, 8, gl_MatrixUseAccumulator]

    @compute_shader(numthreads=(prof.wave_size, 1, 1))
    def shader(src=ByteAddressBuffer("t0"), dst=RWByteAddressBuffer("u0")):
        g = SV_GroupID()[:, 0]
        layout = setTensorLayoutDimensionNV(createTensorLayoutNV(2, gl_CooperativeMatrixClampModeConstantNV), 10, 7)
        m = T(-1.0)
        coopMatLoadTensorNV(m, src, 0, sliceTensorLayoutNV(layout, g * 4, 4, 0, 8))
        clipped = T(-1.0)
        coopMatLoadTensorNV(clipped, src, 0, sliceTensorLayoutNV(layout, g * 4, 4, 0, 8),
                            setTensorViewClipNV(createTensorViewNV(2), 1, 2, 0, 8))
        coopMatStore(m, dst, g * 64, 8, gl_CooperativeMatrixLayoutRowMajor)
        coopMatStore(clipped, dst, g * 64 + 32, 8, gl_CooperativeMatrixLayoutRowMajor)

    run(shader, {"t0": raw(tensor), "u0": out}, groups=groups, profile=profile)
    got = out.view(np.float32).reshape(groups, 2, 4, 8)
    padded = np.zeros((12, 8), np.float32)
    padded[:10, :7] = tensor
    for g in range(groups):
        assert np.array_equal(got[g, 0], padded[4 * g:4 * g + 4])
        expected = np.full((4, 8), -1.0, np.float32)
        expected[1:3] = padded[4 * g:4 * g + 2]       # a clipped matrix's elements count from the clip
        assert np.array_equal(got[g, 1], expected)


def test_tensor_store_drops_outside_elements_and_decode_funcs_run():
    out = np.zeros(6 * 5 * 4, np.uint8)
    source = np.arange(16, dtype=np.uint32)

    def decode(blocks, block_coord, coord_in_block):
        return (blocks.view(np.uint32)[:, 0] * 10).astype(np.float32)

    @compute_shader(numthreads=(32, 1, 1))
    def shader(src=ByteAddressBuffer("t0"), dst=RWByteAddressBuffer("u0")):
        layout = setTensorLayoutDimensionNV(createTensorLayoutNV(2, gl_CooperativeMatrixClampModeConstantNV), 4, 4)
        m = F32_ACC()
        coopMatLoadTensorNV(m, src, 0, sliceTensorLayoutNV(layout, 0, 4, 0, 8), decode, block_bytes=4)
        target = setTensorLayoutDimensionNV(createTensorLayoutNV(2, gl_CooperativeMatrixClampModeConstantNV), 6, 5)
        coopMatStoreTensorNV(m, dst, 0, sliceTensorLayoutNV(target, 3, 4, 1, 8))

    run(shader, {"t0": raw(source), "u0": out})
    got = out.view(np.float32).reshape(6, 5)
    expected = np.zeros((6, 5), np.float32)
    decoded = np.zeros((4, 8), np.float32)
    decoded[:, :4] = source.reshape(4, 4) * 10
    expected[3:, 1:] = decoded[:3, :4]
    assert np.array_equal(got, expected)


def test_reduce_per_element_and_transpose():
    a = np.arange(32, dtype=np.float32).reshape(4, 8)
    out = np.zeros(7 * 128, np.uint8)
    Half = coopmat[float32_t, gl_ScopeSubgroup, 2, 4, gl_MatrixUseAccumulator]
    TB = coopmat[float32_t, gl_ScopeSubgroup, 8, 4, gl_MatrixUseB]

    @compute_shader(numthreads=(32, 1, 1))
    def shader(src=ByteAddressBuffer("t0"), dst=RWByteAddressBuffer("u0")):
        m = F32_ACC()
        coopMatLoad(m, src, 0, 8, gl_CooperativeMatrixLayoutRowMajor)
        rows, cols, both, quads, scaled, t = F32_ACC(), F32_ACC(), F32_ACC(), Half(), F32_ACC(), TB()
        coopMatReduceNV(rows, m, gl_CooperativeMatrixReduceRowNV, np.add)
        coopMatReduceNV(cols, m, gl_CooperativeMatrixReduceColumnNV, np.maximum)
        coopMatReduceNV(both, m, gl_CooperativeMatrixReduceRowAndColumnNV, np.add)
        coopMatReduceNV(quads, m, gl_CooperativeMatrixReduce2x2NV, np.add)
        coopMatPerElementNV(scaled, m, lambda r, c, x, k, other: x * k + r * 100 + c + other, np.float32(2), m)
        coopMatTransposeNV(t, m)
        for slot, value in enumerate((rows, cols, both, scaled)):
            coopMatStore(value, dst, 32 * slot, 8, gl_CooperativeMatrixLayoutRowMajor)
        coopMatStore(quads, dst, 128, 4, gl_CooperativeMatrixLayoutRowMajor)
        coopMatStore(t, dst, 160, 4, gl_CooperativeMatrixLayoutRowMajor)

    run(shader, {"t0": raw(a), "u0": out})
    words = out.view(np.float32)
    got = words[:128].reshape(4, 4, 8)
    assert np.array_equal(got[0], np.broadcast_to(a.sum(axis=1, keepdims=True), (4, 8)))
    assert np.array_equal(got[1], np.broadcast_to(a.max(axis=0, keepdims=True), (4, 8)))
    assert np.all(got[2] == a.sum())
    r, c = np.indices((4, 8))
    assert np.array_equal(got[3], a * 3 + r * 100 + c)
    assert np.array_equal(words[128:136].reshape(2, 4), a.reshape(2, 2, 4, 2).sum(axis=(1, 3)))
    assert np.array_equal(words[160:192].reshape(8, 4), a.T)


def test_workgroup_scope_matrices_are_one_per_group():
    groups = 2
    out = np.zeros(groups * 128, np.uint8)
    W = coopmat[float32_t, gl_ScopeWorkgroup, 4, 8, gl_MatrixUseAccumulator]

    @compute_shader(numthreads=(64, 1, 1))
    def shader(dst=RWByteAddressBuffer("u0")):
        g = SV_GroupID()[:, 0]
        m = W(g.astype(np.float32) + 1)
        coopMatStore(m, dst, g * 32, 8, gl_CooperativeMatrixLayoutRowMajor)

    run(shader, {"u0": out}, groups=groups)
    words = out.view(np.float32).reshape(groups, 32)
    assert np.all(words[0] == 1) and np.all(words[1] == 2)


def test_tangled_builtins_need_uniform_control_flow_of_the_scope():
    @compute_shader(numthreads=(32, 1, 1))
    def shader(dst=RWByteAddressBuffer("u0")):
        m = F32_ACC(1.0)
        out = F32_ACC()
        with if_(WaveGetLaneIndex() < 5):
            coopMatReduceNV(out, m, gl_CooperativeMatrixReduceRowNV, np.add)

    with pytest.raises(UndefinedBehaviorError, match="uniform control flow"):
        run(shader, {"u0": np.zeros(16, np.uint8)})


def test_a_whole_inactive_subgroup_skips_memory_operations():
    out = np.zeros(2 * 128, np.uint8)

    @compute_shader(numthreads=(64, 1, 1))
    def shader(dst=RWByteAddressBuffer("u0")):
        wave = SV_GroupIndex() // 32
        m = F32_ACC(wave.astype(np.float32) + 1)
        with if_(wave == 1):
            coopMatStore(m, dst, 0, 8, gl_CooperativeMatrixLayoutRowMajor)

    run(shader, {"u0": out})
    assert np.all(out[:128].view(np.float32) == 2)


def test_tangled_builtins_are_rejected_inside_a_user_function():
    @compute_shader(numthreads=(32, 1, 1))
    def shader(dst=RWByteAddressBuffer("u0")):
        m = F32_ACC(1.0)
        out = F32_ACC()

        def sneaky(row, col, x):
            coopMatReduceNV(out, m, gl_CooperativeMatrixReduceRowNV, np.add)
            return x

        coopMatPerElementNV(out, m, sneaky)

    with pytest.raises(InvalidArgumentError, match="tangled"):
        run(shader, {"u0": np.zeros(16, np.uint8)})


def test_operands_must_be_uniform_in_the_subgroup():
    @compute_shader(numthreads=(32, 1, 1))
    def shader(dst=RWByteAddressBuffer("u0")):
        m = F32_ACC(1.0)
        coopMatStore(m, dst, WaveGetLaneIndex(), 8, gl_CooperativeMatrixLayoutRowMajor)

    with pytest.raises(UndefinedBehaviorError, match="dynamically uniform"):
        run(shader, {"u0": np.zeros(4096, np.uint8)})


def test_bad_builtin_operands_are_rejected():
    @compute_shader(numthreads=(32, 1, 1))
    def shader(src=ByteAddressBuffer("t0")):
        m = F32_ACC()
        with pytest.raises(InvalidArgumentError, match="coopmat variable"):
            coopMatLoad(np.zeros(4), src, 0, 8, gl_CooperativeMatrixLayoutRowMajor)
        with pytest.raises(InvalidArgumentError, match="buf must be"):
            coopMatLoad(m, np.zeros(16, np.uint8), 0, 8, gl_CooperativeMatrixLayoutRowMajor)
        with pytest.raises(InvalidArgumentError, match="tensor layout"):
            coopMatLoadTensorNV(m, src, 0, "layout")
        with pytest.raises(InvalidArgumentError, match="Span0"):
            layout = setTensorLayoutDimensionNV(createTensorLayoutNV(2), 4, 8)
            sliceTensorLayoutNV(layout, 0, WaveGetLaneIndex(), 0, 8)
        with pytest.raises(InvalidArgumentError, match="the type of m"):
            coopMatPerElementNV(F32_A(), m, lambda r, c, x: x)
        with pytest.raises(InvalidArgumentError, match="float16_t, float32_t and float64_t"):
            ints = coopmat[int32_t, gl_ScopeSubgroup, 4, 8, gl_MatrixUseAccumulator]
            coopMatReduceNV(ints(), ints(1), gl_CooperativeMatrixReduceRowNV, np.add)
        with pytest.raises(InvalidArgumentError, match="arithmetic"):
            m + 1.0
        with pytest.raises(InvalidArgumentError, match="index"):
            m[0.5]

    run(shader, {"t0": np.zeros(256, np.uint8)})


def test_element_index_outside_length_is_reported():
    @compute_shader(numthreads=(32, 1, 1))
    def shader(dst=RWByteAddressBuffer("u0")):
        m = F32_ACC(1.0)
        dst.Store(0, m[m.length()])

    with pytest.raises(UndefinedBehaviorError):
        run(shader, {"u0": np.zeros(16, np.uint8)})


def test_uint_buffers_can_hold_other_component_types():
    values = np.arange(32, dtype=np.float16).reshape(4, 8)
    out = np.zeros(128, np.uint8)

    @compute_shader(numthreads=(32, 1, 1))
    def shader(src=ByteAddressBuffer("t0"), dst=RWByteAddressBuffer("u0")):
        m = F16_A()
        coopMatLoad(m, src, 0, 4, gl_CooperativeMatrixLayoutRowMajor, element_type=uint32_t)   # a uint[] buffer
        coopMatStore(F32_A(m), dst, 0, 8, gl_CooperativeMatrixLayoutRowMajor)

    run(shader, {"t0": raw(values), "u0": out})
    assert np.array_equal(out.view(np.float32).reshape(4, 8), values.astype(np.float32))


def test_a_missing_barrier_after_a_groupshared_store_is_a_race():
    @compute_shader(numthreads=(32, 1, 1))
    def shader(dst=RWByteAddressBuffer("u0"), tile=groupshared(float32_t, 32)):
        m = F32_ACC(3.0)                                  # 32 elements, one per invocation (plain map)
        coopMatStore(m, tile, 0, 8, gl_CooperativeMatrixLayoutRowMajor)
        i = SV_GroupIndex()
        dst.Store(i * 4, tile[(i + 1) % 32])              # another invocation's element, no barrier

    with pytest.raises(UndefinedBehaviorError, match="read-after-write"):
        run(shader, {"u0": np.zeros(128, np.uint8)})


def test_tensor_stores_to_groupshared_count_as_writes():
    out = np.zeros(128, np.uint8)

    @compute_shader(numthreads=(32, 1, 1))
    def shader(dst=RWByteAddressBuffer("u0"), tile=groupshared(float32_t, 32)):
        layout = setTensorLayoutDimensionNV(createTensorLayoutNV(2, gl_CooperativeMatrixClampModeConstantNV), 4, 8)
        coopMatStoreTensorNV(F32_ACC(2.5), tile, 0, layout)
        GroupMemoryBarrierWithGroupSync()
        i = SV_GroupIndex()
        dst.Store(i * 4, tile[i])

    run(shader, {"u0": out})
    assert np.all(out.view(np.float32) == 2.5)


def test_assign_in_a_branch_keeps_the_other_subgroups_values():
    out = np.zeros(2 * 128 + 128, np.uint8)

    @compute_shader(numthreads=(64, 1, 1))
    def shader(dst=RWByteAddressBuffer("u0")):
        wave = SV_GroupIndex() // 32
        m = F32_ACC(1.0)
        x = lane_zeros(dtype=np.float32)
        with if_(wave == 1):
            m = assign(m, m * 3)
            x = assign(x, 2.0)
        coopMatStore(m, dst, wave * 32, 8, gl_CooperativeMatrixLayoutRowMajor)
        with if_(wave == 0):
            dst.Store(256 + SV_GroupIndex() * 4, x)
        with pytest.raises(InvalidArgumentError, match="coopmat of its own type"):
            assign(m, F32_A(1.0))

    run(shader, {"u0": out})
    words = out.view(np.float32)
    assert np.all(words[:32] == 1.0) and np.all(words[32:64] == 3.0)
    assert np.all(words[64:] == 0.0)          # wave 0's lanes did not take the branch


@settings(max_examples=25, deadline=None)
@given(rows=st.integers(1, 9), cols=st.integers(1, 9), dtype=st.sampled_from(["float16", "float32", "int8", "uint8",
                                                                            "int32"]),
       profile=st.sampled_from(["reference", "adversarial", "nvidia-h100"]), seed=st.integers(0, 99))
def test_elements_and_arithmetic_round_trip_for_any_shape(rows, cols, dtype, profile, seed):
    prof = load_profile(profile)
    rng = np.random.default_rng(seed)
    component = np.dtype(dtype)
    a = rng.integers(-50, 50, (rows, cols)).astype(component)
    b = rng.integers(1, 50, (rows, cols)).astype(component)
    T = coopmat[component, gl_ScopeSubgroup, rows, cols, gl_MatrixUseAccumulator]
    size = rows * cols * component.itemsize
    out = np.zeros(3 * size + 64, np.uint8)

    @compute_shader(numthreads=(prof.wave_size, 1, 1))
    def shader(src=ByteAddressBuffer("t0"), dst=RWByteAddressBuffer("u0")):
        x, y = T(), T()
        coopMatLoad(x, src, 0, cols, gl_CooperativeMatrixLayoutRowMajor)
        coopMatLoad(y, src, rows * cols, cols, gl_CooperativeMatrixLayoutRowMajor)
        z = T()
        for i in range(x.length()):                      # z = x + y, one component per invocation at a time
            z[i] = x[i] + y[i]
        coopMatStore(z, dst, 0, cols, gl_CooperativeMatrixLayoutRowMajor)
        coopMatStore(x + y, dst, rows * cols, cols, gl_CooperativeMatrixLayoutRowMajor)
        coopMatStore(x * y - y, dst, 2 * rows * cols, cols, gl_CooperativeMatrixLayoutRowMajor)

    source = np.concatenate([a.reshape(-1), b.reshape(-1)])
    with np.errstate(over="ignore"):
        run(shader, {"t0": raw(source, 64), "u0": out}, profile=profile)
        expected_sum = (a + b).astype(component)
        expected_other = (a * b - b).astype(component)
    got = out[: 3 * size].view(component).reshape(3, rows, cols)
    assert np.array_equal(got[0], expected_sum) and np.array_equal(got[1], expected_sum)
    assert np.array_equal(got[2], expected_other)
