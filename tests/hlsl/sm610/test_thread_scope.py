"""Thread-scope dx::linalg: Multiply/MultiplyAdd with vectors, OuterProduct, InterlockedAccumulate, Convert.

Oracles are plain loops in exact arithmetic; where the arithmetic is SM 6.9's, the SM 6.9 DXIL ops run on the
same inputs must give the same bits (one core)."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from dxlinalg import dxil as dxil69
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.gpu import run_dispatch
from dxlinalg.hlsl import (
    ByteAddressBuffer,
    RWByteAddressBuffer,
    SV_DispatchThreadID,
    compute_shader,
    float16_t,
    float32_t,
    int32_t,
    uint32_t,
    vector,
)
from dxlinalg.hlsl import sm610 as linalg
from dxlinalg.memory.address_space import AddressSpace
from dxlinalg.numerics.component_types import ComponentType as T69
from dxlinalg.numerics.component_types import MatrixLayout as L69
from dxlinalg.numerics.packing import pack_components
from dxlinalg.profile.matrix_storage import MatrixDescription, decode_matrix, encode_matrix, stored_size
from dxlinalg.profile.registry import load_profile

C, U, S, L = linalg.ComponentType, linalg.MatrixUse, linalg.MatrixScope, linalg.MatrixLayout
PROFILES = ["reference", "minimal", "adversarial", "nvidia-h100"]


def encoded(matrix: np.ndarray, component: T69, layout: L69, profile: str, stride: int = 0) -> np.ndarray:
    desc = MatrixDescription(matrix.shape[0], matrix.shape[1], component, layout, stride)
    out = np.zeros(-(-stored_size(desc, load_profile(profile)) // 128) * 128, np.uint8)
    encode_matrix(matrix, out, desc, load_profile(profile))
    return out


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("layout", [L.RowMajor, L.ColMajor, L.MulOptimal, L.MulOptimalTranspose])
def test_multiply_float16_matches_an_exact_oracle_and_the_sm69_op(profile, layout):
    rng = np.random.default_rng(1)
    m, k = 16, 32
    weights = rng.integers(-4, 5, (m, k)).astype(np.float16)
    x = rng.integers(-4, 5, (64, k)).astype(np.float16)
    transposed = layout == L.MulOptimalTranspose
    core = {L.RowMajor: L69.RowMajor, L.ColMajor: L69.ColumnMajor}.get(layout, L69.MulOptimal)
    stride = (k if layout == L.RowMajor else m) * 2 if layout in (L.RowMajor, L.ColMajor) else 0
    stored = weights.T.copy() if transposed else weights
    blob = encoded(stored, T69.F16, core, profile, stride)
    space = AddressSpace()
    wbuf, xbuf, out = space.allocate(blob.size), space.allocate(x.nbytes), space.allocate(64 * m * 2)
    wbuf.data[:] = blob
    xbuf.data[:] = x.view(np.uint8).ravel()
    Mat = linalg.Matrix[C.F16, m, k, U.A, S.Thread]

    @compute_shader(numthreads=(32, 1, 1))
    def shader(w=ByteAddressBuffer("t0"), v=ByteAddressBuffer("t1"), o=RWByteAddressBuffer("u0")):
        tid = SV_DispatchThreadID()[:, 0]
        vec = v.Load[vector[float16_t, k]](tid * k * 2)
        W = Mat.Load[layout](w, 0, stride)
        o.Store[vector[float16_t, m]](tid * m * 2, linalg.Multiply[float16_t](W, vec))

    run_dispatch(shader, {"t0": wbuf, "t1": xbuf, "u0": out}, (2, 1, 1), profile)
    got = out.data.view(np.float16).reshape(64, m)
    expected = np.array([[sum(float(weights[i, j]) * float(x[t, j]) for j in range(k)) for i in range(m)]
                         for t in range(64)])
    assert np.array_equal(got.astype(np.float64), expected)
    sm69 = dxil69.matvecmul(x, False, int(T69.F16), blob, 0, int(T69.F16), m, k, int(core), transposed, stride, False,
                            result_type=np.float16, profile=profile, strict=False)   # support lists are 6.9's
    assert np.array_equal(got.view(np.uint16), sm69.view(np.uint16))


@pytest.mark.parametrize("profile", PROFILES)
def test_packed_int8_interpreted_vector_times_int8_matrix_is_exact(profile):
    rng = np.random.default_rng(2)
    m, k = 8, 20                                         # K not a multiple of 4: ceil(K/4) = 5 words
    weights = rng.integers(-128, 128, (m, k)).astype(np.int8)
    x = rng.integers(-128, 128, (32, k)).astype(np.int8)
    words = pack_components(np.pad(x, ((0, 0), (0, 0)))).reshape(32, -1)
    space = AddressSpace()
    wbuf = space.allocate(256)
    wbuf.data[: weights.nbytes] = weights.view(np.uint8).ravel()
    xbuf, out = space.allocate(words.nbytes), space.allocate(32 * m * 4)
    xbuf.data[:] = words.view(np.uint8).ravel()
    Mat = linalg.Matrix[C.I8, m, k, U.A, S.Thread]

    @compute_shader(numthreads=(32, 1, 1))
    def shader(w=ByteAddressBuffer("t0"), v=ByteAddressBuffer("t1"), o=RWByteAddressBuffer("u0")):
        tid = SV_DispatchThreadID()[:, 0]
        packed = v.Load[vector[uint32_t, words.shape[1]]](tid * words.shape[1] * 4)
        W = Mat.Load[L.RowMajor](w, 0, 32)
        o.Store[vector[int32_t, m]](tid * m * 4, linalg.Multiply[int32_t](
            W, linalg.MakeInterpretedVector[C.I8](packed)))

    wbuf.data[:] = 0
    for r in range(m):
        wbuf.data[r * 32: r * 32 + k] = weights[r].view(np.uint8)
    run_dispatch(shader, {"t0": wbuf, "t1": xbuf, "u0": out}, (1, 1, 1), profile)
    expected = [[sum(int(weights[i, j]) * int(x[t, j]) for j in range(k)) for i in range(m)] for t in range(32)]
    assert out.data.view(np.int32).reshape(32, m).tolist() == expected


@pytest.mark.parametrize("profile", PROFILES)
def test_multiply_add_with_a_vector_ref_bias(profile):
    rng = np.random.default_rng(4)
    m, k = 8, 16
    weights = rng.integers(-3, 4, (m, k)).astype(np.float16)
    bias = rng.integers(-50, 50, m).astype(np.float16)
    x = rng.integers(-3, 4, (32, k)).astype(np.float16)
    space = AddressSpace()
    wbuf, bbuf = space.allocate(512), space.allocate(128)
    wbuf.data[: weights.nbytes] = weights.view(np.uint8).ravel()
    bbuf.data[: bias.nbytes] = bias.view(np.uint8)
    xbuf, out = space.allocate(x.nbytes), space.allocate(32 * m * 4)
    xbuf.data[:] = x.view(np.uint8).ravel()
    Mat = linalg.Matrix[C.F16, m, k, U.A, S.Thread]

    @compute_shader(numthreads=(32, 1, 1))
    def shader(w=ByteAddressBuffer("t0"), b=ByteAddressBuffer("t1"), v=ByteAddressBuffer("t2"),
               o=RWByteAddressBuffer("u0")):
        tid = SV_DispatchThreadID()[:, 0]
        vec = v.Load[vector[float16_t, k]](tid * k * 2)
        W = Mat.Load[L.RowMajor](w, 0, k * 2)
        y = linalg.MultiplyAdd[float32_t](W, vec, linalg.VectorRef[C.F16, m](b, 0))
        o.Store[vector[float32_t, m]](tid * m * 4, y)

    run_dispatch(shader, {"t0": wbuf, "t1": bbuf, "t2": xbuf, "u0": out}, (1, 1, 1), profile)
    expected = x.astype(np.float64) @ weights.T.astype(np.float64) + bias.astype(np.float64)
    assert np.array_equal(out.data.view(np.float32).reshape(32, m), expected)


@pytest.mark.parametrize("profile", ["reference", "adversarial", "nvidia-h100"])
def test_outer_product_and_vector_accumulate_match_sm69(profile):
    prof = load_profile(profile)
    rng = np.random.default_rng(6)
    values = ((rng.integers(0, 4, (64, 16)) - 1) / 2).astype(np.float16)
    space = AddressSpace()
    activations, grads10, grads9 = space.allocate(values.nbytes), space.allocate(2048), space.allocate(2048)
    activations.data[:] = values.view(np.uint8).ravel()

    @compute_shader(numthreads=(32, 1, 1))
    def step(a=ByteAddressBuffer("t0"), g=RWByteAddressBuffer("u0")):
        tid = SV_DispatchThreadID()[:, 0]
        act = a.Load[vector[float16_t, 8]](tid * 32)
        grad = a.Load[vector[float16_t, 8]](tid * 32 + 16)
        linalg.OuterProduct[C.F16](grad, act).InterlockedAccumulate(g, 0)
        linalg.InterlockedAccumulate(g, 1024, grad)

    @compute_shader(numthreads=(32, 1, 1))
    def step69(a=ByteAddressBuffer("t0"), g=RWByteAddressBuffer("u0")):
        tid = SV_DispatchThreadID()[:, 0]
        act = a.Load[vector[float16_t, 8]](tid * 32)
        grad = a.Load[vector[float16_t, 8]](tid * 32 + 16)
        dxil69.outerproductaccumulate(grad, act, g, 0, int(T69.F16), int(L69.OuterProductOptimal), 0)
        dxil69.vectoraccumulate(grad, g, 1024)

    run_dispatch(step, {"t0": activations, "u0": grads10}, (2, 1, 1), prof)
    run_dispatch(step69, {"t0": activations, "u0": grads9}, (2, 1, 1), prof)
    assert np.array_equal(grads10.data, grads9.data)
    act, grad = values[:, :8].astype(np.float64), values[:, 8:].astype(np.float64)
    weights = decode_matrix(grads10.data, MatrixDescription(8, 8, T69.F16, L69.OuterProductOptimal), prof)
    assert np.array_equal(weights.astype(np.float64), grad.T @ act)
    assert np.array_equal(grads10.data[1024:1040].view(np.float16).astype(np.float64), grad.sum(axis=0))


@pytest.mark.parametrize("profile", PROFILES)
def test_convert_follows_0035s_rules(profile):
    prof = load_profile(profile)
    floats = np.array([1.5, 2.5, -40000.0, 70000.0, 3.25, -0.5, np.nan, 1e-3], np.float32)
    halves = np.array([448.0, -0.3, 1.0, 600.0, 0.0, 2.0, -1.0, 0.125], np.float16)

    @compute_shader(numthreads=(prof.wave_size, 1, 1))
    def shader(o=RWByteAddressBuffer("u0")):
        lane = SV_DispatchThreadID()[:, 0]
        first = lane == 0
        spare = 4096 + 64 * lane        # the other lanes' results go to slots of their own: no two lanes store one byte
        to_i16 = linalg.Convert[C.I16, C.F32](floats)
        o.Store[vector[int32_t, 8]](np.where(first, 0, spare), to_i16.Data.astype(np.int32))
        to_e4m3 = linalg.Convert[C.F8_E4M3FN, C.F16](halves)
        assert to_e4m3.Data.shape[-1] == linalg.DstN(C.F8_E4M3FN, C.F16, 8) == 2
        o.Store[vector[uint32_t, 2]](np.where(first, 64, spare + 32), to_e4m3.Data)
        back = linalg.Convert[C.F16, C.F8_E4M3FN](to_e4m3.Data)
        o.Store[vector[float16_t, 8]](np.where(first, 128, spare + 40), back.Data)

    big = np.zeros(4096 + 64 * prof.wave_size, np.uint8)
    run_dispatch(shader, {"u0": big}, (1, 1, 1), prof)
    assert big[:32].view(np.int32).tolist() == [2, 2, -32768, 32767, 3, 0, 0, 0]       # RTNE, saturate, NaN 0
    e4m3 = big[64:72].view(ml_dtypes.float8_e4m3fn).astype(np.float64)
    if prof.linalg_matrix.float_rounding == "nearest_even":    # 600 overflows: the profile's FP8 overflow rule
        overflow = 448.0 if prof.float_conversion.fp8_overflow == "saturate" else e4m3[3]
        assert np.isnan(overflow) or overflow == 448.0
        assert e4m3.tolist()[:3] + e4m3.tolist()[4:] == [448.0, -0.3125, 1.0, 0.0, 2.0, -1.0, 0.125]
    else:                                                      # toward zero: -0.3 -> -0.28125, 600 -> 448
        assert e4m3.tolist() == [448.0, -0.28125, 1.0, 448.0, 0.0, 2.0, -1.0, 0.125]
    assert np.array_equal(big[128:144].view(np.float16).astype(np.float64), e4m3, equal_nan=True)


def test_thread_scope_matrices_are_read_only_and_the_table_is_enforced():
    Thread = linalg.Matrix[C.F16, 16, 16, U.A, S.Thread]
    with pytest.raises(InvalidArgumentError, match="Splat is not available for a Thread-scope matrix"):
        Thread.Splat
    with pytest.raises(InvalidArgumentError, match="template argument"):
        Thread.Load(None, 0, 0)
    with pytest.raises(InvalidArgumentError, match="only as A matrices"):
        linalg.Matrix[C.F16, 16, 16, U.B, S.Thread].Load[L.RowMajor]
    Wave = linalg.Matrix[C.F16, 16, 16, U.A, S.Wave]
    assert Wave.Splat is not None
    assert linalg.SCOPE_TABLE["MultiplyAdd"] == (S.Thread,)
    with pytest.raises(InvalidArgumentError, match=r"Multiply\(Matrix, vector\) is not available for a Wave"):
        linalg.check_scope_table("Multiply(Matrix, vector)", S.Wave)
