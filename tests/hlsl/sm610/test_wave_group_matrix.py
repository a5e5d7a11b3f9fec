"""Wave/ThreadGroup dx::linalg::Matrix in Python shaders against plain-loop oracles, on every profile."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.gpu import run_dispatch
from dxlinalg.hlsl import ByteAddressBuffer, RWByteAddressBuffer, compute_shader, groupshared, if_, int32_t
from dxlinalg.hlsl import GroupMemoryBarrierWithGroupSync, SV_GroupIndex, WaveGetLaneIndex, float32_t
from dxlinalg.hlsl import sm610 as linalg
from dxlinalg.profile.registry import load_profile

C, U, S, L = linalg.ComponentType, linalg.MatrixUse, linalg.MatrixScope, linalg.MatrixLayout
PROFILES = ["reference", "minimal", "adversarial", "nvidia-h100"]


def raw(*arrays: np.ndarray, size: int = 0) -> np.ndarray:
    data = np.concatenate([np.ascontiguousarray(a).view(np.uint8).reshape(-1) for a in arrays])
    return np.concatenate([data, np.zeros(max(0, size - data.size), np.uint8)])


def run(shader, bindings, profile, groups=1, strict=True):
    run_dispatch(shader, bindings, (groups, 1, 1), profile, strict=strict)


def threads(profile: str, scope: S) -> int:
    wave = load_profile(profile).wave_size
    return wave if scope == S.Wave else 2 * wave


def oracle_load(buffer: np.ndarray, dtype, m, n, offset, stride, layout) -> np.ndarray:
    """Element by element, as 0035's addressing text says; outside the buffer reads 0 (per element)."""
    size = np.dtype(dtype).itemsize
    out = np.zeros((m, n), dtype)
    for r in range(m):
        for c in range(n):
            at = offset + (r * stride + c * size if layout == L.RowMajor else c * stride + r * size)
            if 0 <= at and at + size <= buffer.size:
                out[r, c] = buffer[at:at + size].view(dtype)[0]
    return out


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("scope", [S.Wave, S.ThreadGroup])
@pytest.mark.parametrize("layout", [L.RowMajor, L.ColMajor])
def test_load_store_round_trip_and_addressing(profile, scope, layout):
    m, n = 8, 12
    values = np.arange(16 * 16, dtype=np.int32).reshape(16, 16) - 100
    src = raw(values)
    out = np.zeros(1024, np.uint8)
    Mat = linalg.Matrix[C.I32, m, n, U.Accumulator, scope]

    @compute_shader(numthreads=(threads(profile, scope), 1, 1))
    def shader(s=ByteAddressBuffer("t0"), d=RWByteAddressBuffer("u0")):
        x = Mat.Load(s, 128, 64, layout)
        x.Store(d, 0, 64, layout)

    run(shader, {"t0": src, "u0": out}, profile)
    expected = oracle_load(src, np.int32, m, n, 128, 64, layout)
    assert np.array_equal(oracle_load(out, np.int32, m, n, 0, 64, layout), expected)


@pytest.mark.parametrize("profile", PROFILES)
def test_out_of_bounds_reads_give_zero_by_the_profiles_bounds_mode(profile):
    m = n = 8
    values = (np.arange(64, dtype=np.float32) + 1).reshape(8, 8)
    src = raw(values)[: 6 * 32]              # rows 6 and 7 are outside the buffer
    out = np.zeros(256, np.uint8)
    Mat = linalg.Matrix[C.F32, m, n, U.A, S.Wave]

    @compute_shader(numthreads=(threads(profile, S.Wave), 1, 1))
    def shader(s=ByteAddressBuffer("t0"), d=RWByteAddressBuffer("u0")):
        Mat.Load(s, 0, 32, L.RowMajor).Cast[C.F32, U.Accumulator]().Store(d, 0, 32, L.RowMajor)

    run(shader, {"t0": src, "u0": out}, profile)
    got = out.view(np.float32).reshape(8, 8)
    if load_profile(profile).linalg_matrix.bounds_check == "per_element":
        assert np.array_equal(got, oracle_load(src, np.float32, 8, 8, 0, 32, L.RowMajor))
    else:
        assert not got.any()


@pytest.mark.parametrize("profile", PROFILES)
def test_out_of_bounds_stores_are_dropped(profile):
    Mat = linalg.Matrix[C.I32, 4, 4, U.Accumulator, S.Wave]
    out = np.full(3 * 16, 0xAB, np.uint8)       # row 3 is outside

    @compute_shader(numthreads=(threads(profile, S.Wave), 1, 1))
    def shader(d=RWByteAddressBuffer("u0")):
        Mat.Splat(7).Store(d, 0, 16, L.RowMajor)

    run(shader, {"u0": out}, profile)
    words = out.view(np.int32)
    if load_profile(profile).linalg_matrix.bounds_check == "per_element":
        assert (words == 7).all()
    else:
        assert (out == 0xAB).all()


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("scope", [S.Wave, S.ThreadGroup])
def test_elements_cover_the_matrix_and_get_set_follow_coordinates(profile, scope):
    m, n = 8, 16
    values = np.arange(m * n, dtype=np.float32).reshape(m, n)
    size = threads(profile, scope)
    out = np.zeros(size * 64 * 12 + 4096, np.uint8)
    Mat = linalg.Matrix[C.F32, m, n, U.Accumulator, scope]
    seen = {}

    @compute_shader(numthreads=(size, 1, 1))
    def shader(s=ByteAddressBuffer("t0"), d=RWByteAddressBuffer("u0")):
        x = Mat.Load(s, 0, n * 4, L.RowMajor)
        length = x.Length()
        seen["length"] = length
        lane = np.arange(size)
        for i in range(int(length.max()) + 1):
            coord = x.GetCoordinate(i)
            value = x.Get(i)
            base = (lane * 64 + i) * 12
            d.Store(base, coord[:, 0])
            d.Store(base + 4, coord[:, 1])
            d.Store(base + 8, value)
            x.Set(i, value * 2)
        x.Store(d, size * 64 * 12, n * 4, L.RowMajor)

    run(shader, {"t0": raw(values), "u0": out}, profile)
    length = seen["length"]
    holders = np.zeros((m, n), int)
    records = out[: size * 64 * 12].view(np.uint32).reshape(size, 64, 3)
    for t in range(size):                                  # the oracle: every record, one by one
        for i in range(int(length.max()) + 1):
            row, col, _ = (int(v) for v in records[t, i])
            if i < length[t]:
                assert row < m and col < n
                holders[row, col] += 1
            else:
                assert tuple(int(v) for v in records[t, i]) == (0xFFFFFFFF, 0xFFFFFFFF, 0)   # UINT32_MAX.xx, Get 0
    assert (holders >= 1).all()
    final = out[size * 64 * 12:].view(np.float32)[: m * n].reshape(m, n)
    for t in range(size):
        for i in range(int(length[t])):
            row, col, bits = (int(v) for v in records[t, i])
            got = float(np.uint32(bits).view(np.float32))
            if holders[row, col] == 1:
                assert got == values[row, col] and final[row, col] == 2 * values[row, col]
            else:      # another holder may have doubled it already (0035: beware side effects on shared elements)
                assert got in (values[row, col], 2 * values[row, col])
                assert final[row, col] in (2 * values[row, col], 4 * values[row, col])
    if load_profile(profile).linalg_matrix.ownership == "scrambled_shared":
        assert (holders == 2).any()


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("scope", [S.Wave, S.ThreadGroup])
def test_integer_multiply_accumulate_and_accumulate_are_exact(profile, scope):
    rng = np.random.default_rng(3)
    a = rng.integers(-128, 128, (16, 32)).astype(np.int8)
    b = rng.integers(-128, 128, (32, 16)).astype(np.int8)
    c = rng.integers(-1000, 1000, (16, 16)).astype(np.int32)
    acc_b = rng.integers(-128, 128, (16, 16)).astype(np.int8)
    out = np.zeros(16 * 16 * 4 * 2, np.uint8)
    MA = linalg.Matrix[C.I8, 16, 32, U.A, scope]
    MB = linalg.Matrix[C.I8, 32, 16, U.B, scope]
    MB2 = linalg.Matrix[C.I8, 16, 16, U.B, scope]
    MC = linalg.Matrix[C.I32, 16, 16, U.Accumulator, scope]
    offsets = np.cumsum([0, a.nbytes, b.nbytes, c.nbytes])

    @compute_shader(numthreads=(threads(profile, scope), 1, 1))
    def shader(s=ByteAddressBuffer("t0"), d=RWByteAddressBuffer("u0")):
        ma, mb = MA.Load(s, int(offsets[0]), 32, L.RowMajor), MB.Load(s, int(offsets[1]), 16, L.RowMajor)
        mc = MC.Load(s, int(offsets[2]), 64, L.RowMajor)
        mc.MultiplyAccumulate(ma, mb)
        mc.Accumulate(MB2.Load(s, int(offsets[3]), 16, L.RowMajor))
        mc.Store(d, 0, 64, L.RowMajor)
        linalg.Multiply[C.I32](ma, mb).Store(d, 1024, 64, L.RowMajor)

    src = raw(a, b, c, acc_b, size=4096)
    run(shader, {"t0": src, "u0": out}, profile)
    expected = np.zeros((16, 16), np.int64)
    for i in range(16):
        for j in range(16):
            expected[i, j] = sum(int(a[i, k]) * int(b[k, j]) for k in range(32))
    assert np.array_equal(out[1024:].view(np.int32).reshape(16, 16), expected)
    assert np.array_equal(out[:1024].view(np.int32).reshape(16, 16), expected + c + acc_b)


@pytest.mark.parametrize("profile", PROFILES)
def test_float_multiply_is_the_profiles_muladd_model(profile):
    """Small integers in float16: every model is exact; the result equals the exact product."""
    rng = np.random.default_rng(5)
    a = rng.integers(-8, 8, (16, 16)).astype(np.float16)
    b = rng.integers(-8, 8, (16, 16)).astype(np.float16)
    out = np.zeros(1024, np.uint8)
    MA, MB = (linalg.Matrix[C.F16, 16, 16, use, S.Wave] for use in (U.A, U.B))

    @compute_shader(numthreads=(threads(profile, S.Wave), 1, 1))
    def shader(s=ByteAddressBuffer("t0"), d=RWByteAddressBuffer("u0")):
        linalg.Multiply[C.F32](MA.Load(s, 0, 32, L.RowMajor), MB.Load(s, 512, 32, L.RowMajor)).Store(
            d, 0, 64, L.RowMajor)

    run(shader, {"t0": raw(a, b), "u0": out}, profile)
    assert np.array_equal(out.view(np.float32).reshape(16, 16), a.astype(np.float64) @ b.astype(np.float64))


@pytest.mark.parametrize("profile", PROFILES)
def test_splat_and_cast_use_0035s_conversions_with_transpose(profile):
    out = np.zeros(512, np.uint8)
    Mat = linalg.Matrix[C.F32, 4, 8, U.A, S.Wave]
    prof = load_profile(profile)

    @compute_shader(numthreads=(prof.wave_size, 1, 1))
    def shader(d=RWByteAddressBuffer("u0")):
        x = Mat.Splat(np.float32(300.7) * (1 + WaveGetLaneIndex()).astype(np.float32))   # lane 0's value
        x.Cast[C.I8, U.Accumulator]().Cast[C.I16]().Store(d, 0, 16, L.RowMajor)           # saturates to 127
        x.Cast[C.F16, U.Accumulator, True]().Store(d, 128, 16, L.RowMajor)                # 8 x 4

    run(shader, {"u0": out}, profile)
    assert (out[:4 * 16].view(np.int16).reshape(4, 8) == 127).all()
    halves = out[128:128 + 8 * 16].view(np.float16).reshape(8, 8)[:, :4]
    rounded = np.float16(np.float32(300.7))
    expected = rounded if prof.linalg_matrix.float_rounding == "nearest_even" or float(rounded) <= 300.7 else \
        np.nextafter(rounded, np.float16(0))
    assert (halves == expected).all()


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("scope", [S.Wave, S.ThreadGroup])
def test_groupshared_load_store_and_interlocked_accumulate(profile, scope):
    values = np.arange(64, dtype=np.float32).reshape(8, 8)
    out = np.zeros(8 * 8 * 4 * 2, np.uint8)
    Mat = linalg.Matrix[C.F32, 8, 8, U.Accumulator, scope]
    size = threads(profile, scope)

    @compute_shader(numthreads=(size, 1, 1))
    def shader(s=ByteAddressBuffer("t0"), d=RWByteAddressBuffer("u0"), tile=groupshared(float32_t, 128),
               sums=groupshared(int32_t, 64)):
        x = Mat.Load(s, 0, 32, L.RowMajor)
        x.Store(tile, 64, 8, L.ColMajor)                          # element units: start 64, stride 8
        Mat.Splat(0.0).Store(sums, 0, 8, L.RowMajor)              # groupshared memory starts undefined
        GroupMemoryBarrierWithGroupSync()
        y = Mat.Load(tile, 64, 8, L.ColMajor)
        y.Store(d, 0, 32, L.RowMajor)
        y.InterlockedAccumulate(sums, 0, 8, L.RowMajor)
        y.InterlockedAccumulate(sums, 0, 8, L.RowMajor)
        GroupMemoryBarrierWithGroupSync()
        Mat.Load(sums, 0, 8, L.RowMajor).Cast[C.F32]().Store(d, 256, 32, L.RowMajor)

    run(shader, {"t0": raw(values), "u0": out}, profile)
    assert np.array_equal(out[:256].view(np.float32).reshape(8, 8), values)
    # accumulating into an int32 array converts to int32; loading from it reinterprets the bits (no conversion)
    assert np.array_equal(out[256:].view(np.int32).reshape(8, 8), 2 * values.astype(np.int32))


@pytest.mark.parametrize("profile", PROFILES)
def test_interlocked_accumulate_to_a_buffer_adds_every_waves_matrix(profile):
    prof = load_profile(profile)
    out = raw(np.full(16, 1.0, np.float32))
    Mat = linalg.Matrix[C.F32, 4, 4, U.Accumulator, S.Wave]

    @compute_shader(numthreads=(prof.wave_size * 2, 1, 1))
    def shader(d=RWByteAddressBuffer("u0")):
        Mat.Splat(0.5).InterlockedAccumulate(d, 0, 16, L.RowMajor)

    run(shader, {"u0": out}, profile, groups=3)
    assert (out.view(np.float32) == 1.0 + 0.5 * 6).all()


def test_accumulator_layout_is_the_profiles():
    got = {}
    for profile in PROFILES:
        @compute_shader(numthreads=(4, 1, 1))
        def shader():
            got[profile] = linalg.AccumulatorLayout()
        run(shader, {}, profile)
    assert got == {p: U[load_profile(p).linalg_matrix.accumulator_layout] for p in PROFILES}
    assert got["adversarial"] == U.B


@given(st.sampled_from([C.I8, C.U8, C.I16, C.I32, C.F16, C.F32, C.BFloat16, C.F8_E4M3FN]),
       st.integers(1, 12), st.integers(1, 12), st.sampled_from([S.Wave, S.ThreadGroup]),
       st.sampled_from([L.RowMajor, L.ColMajor]), st.sampled_from(PROFILES))
@settings(max_examples=25, deadline=None)
def test_any_shape_scope_and_type_round_trips_through_memory(component, m, n, scope, layout, profile):
    from dxlinalg.dxil.linalg_matrix.types import element_dtype
    dtype = element_dtype(component)
    size = dtype.itemsize
    stride = -(-(n if layout == L.RowMajor else m) * size // 16) * 16
    data = np.random.default_rng(m * 13 + n).integers(0, 256, 4096).astype(np.uint8)
    data = np.ascontiguousarray(data)
    out = np.zeros(4096, np.uint8)
    Mat = linalg.Matrix[component, m, n, U.Accumulator, scope]

    @compute_shader(numthreads=(threads(profile, scope), 1, 1))
    def shader(s=ByteAddressBuffer("t0"), d=RWByteAddressBuffer("u0")):
        Mat.Load(s, 128, stride, layout).Store(d, 256, stride, layout)

    run(shader, {"t0": data, "u0": out}, profile)
    want = oracle_load(data, dtype, m, n, 128, stride, layout).view(f"<u{size}")
    got = oracle_load(out, dtype, m, n, 256, stride, layout).view(f"<u{size}")
    assert np.array_equal(got, want)


# -- rules ---------------------------------------------------------------------------------------------------------
def test_a_non_uniform_call_is_undefined_behaviour_in_strict_mode():
    Mat = linalg.Matrix[C.F32, 4, 4, U.Accumulator, S.Wave]

    @compute_shader(numthreads=(32, 1, 1))
    def shader(d=RWByteAddressBuffer("u0")):
        with if_(WaveGetLaneIndex() < 3):
            Mat.Splat(1.0).Store(d, 0, 16, L.RowMajor)

    with pytest.raises(UndefinedBehaviorError, match="at least as uniform as the matrix scope"):
        run(shader, {"u0": np.zeros(64, np.uint8)}, "reference")
    run(shader, {"u0": np.zeros(64, np.uint8)}, "reference", strict=False)


def test_misaligned_addresses_and_strides_are_undefined_behaviour():
    Mat = linalg.Matrix[C.F32, 4, 4, U.Accumulator, S.Wave]
    for offset, stride, match in ((64, 16, "128-byte aligned"), (0, 20, "multiple of 16")):
        @compute_shader(numthreads=(32, 1, 1))
        def shader(d=RWByteAddressBuffer("u0")):
            Mat.Splat(1.0).Store(d, offset, stride, L.RowMajor)
        with pytest.raises(UndefinedBehaviorError, match=match):
            run(shader, {"u0": np.zeros(512, np.uint8)}, "reference")


def test_non_uniform_operands_are_undefined_behaviour():
    Mat = linalg.Matrix[C.F32, 4, 4, U.Accumulator, S.Wave]

    @compute_shader(numthreads=(32, 1, 1))
    def shader(d=RWByteAddressBuffer("u0")):
        Mat.Splat(1.0).Store(d, WaveGetLaneIndex() * 128, 16, L.RowMajor)

    with pytest.raises(UndefinedBehaviorError, match="'offset' differs"):
        run(shader, {"u0": np.zeros(8192, np.uint8)}, "reference")


def test_get_and_set_need_a_native_scalar_type():
    Mat = linalg.Matrix[C.I8, 16, 16, U.A, S.Wave]

    @compute_shader(numthreads=(32, 1, 1))
    def shader():
        Mat.Splat(1).Get(0)

    with pytest.raises(InvalidArgumentError, match="IsNativeScalar"):
        run(shader, {}, "reference")


def test_groupshared_arrays_of_another_float_type_are_rejected():
    Mat = linalg.Matrix[C.F16, 8, 8, U.Accumulator, S.Wave]

    @compute_shader(numthreads=(32, 1, 1))
    def shader(tile=groupshared(float32_t, 64)):
        Mat.Splat(1.0).Store(tile, 0, 8, L.RowMajor)

    with pytest.raises(InvalidArgumentError, match="its component type"):
        run(shader, {}, "reference")


def test_groupshared_matrix_accesses_are_race_checked():
    """A store by one wave and a load by another of the same bytes without a barrier is a data race."""
    Mat = linalg.Matrix[C.F32, 8, 8, U.Accumulator, S.Wave]

    def shader_with(barrier: bool):
        @compute_shader(numthreads=(64, 1, 1))
        def shader(out=RWByteAddressBuffer("u0"), tile=groupshared(float32_t, 64)):
            wave = SV_GroupIndex() // 32
            with if_(wave == 0):
                Mat.Splat(1.0).Store(tile, 0, 8, L.RowMajor)
            if barrier:
                GroupMemoryBarrierWithGroupSync()
            with if_(wave == 1):
                Mat.Load(tile, 0, 8, L.RowMajor).Store(out, 0, 32, L.RowMajor)
        return shader

    out = np.zeros(256, np.uint8)
    run(shader_with(True), {"u0": out}, "reference")
    assert (out.view(np.float32) == 1.0).all()
    with pytest.raises(UndefinedBehaviorError, match="race|barrier"):
        run(shader_with(False), {"u0": np.zeros(256, np.uint8)}, "reference")
