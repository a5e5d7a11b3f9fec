"""Thread-scope accesses that cross the end of their buffer (0035 "Bounds Checking Behavior"): reads give 0 and
writes are dropped, for the whole access (`linalg_matrix.bounds_check = all_or_nothing`: reference, minimal) or per
element (`per_element`: adversarial, nvidia-h100), as Wave/ThreadGroup scope does. An element that straddles the
end is outside. Oracles: plain loops over the elements that lie wholly inside."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.gpu import run_dispatch
from dxlinalg.hlsl import (
    ByteAddressBuffer,
    RWByteAddressBuffer,
    SV_DispatchThreadID,
    compute_shader,
    float16_t,
    float32_t,
    int64_t,
    vector,
)
from dxlinalg.hlsl import sm610 as linalg
from dxlinalg.profile.registry import load_profile

C, U, S, L = linalg.ComponentType, linalg.MatrixUse, linalg.MatrixScope, linalg.MatrixLayout
PROFILES = ["reference", "minimal", "adversarial", "nvidia-h100"]


def per_element(profile: str) -> bool:
    return load_profile(profile).linalg_matrix.bounds_check == "per_element"


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("layout", [L.RowMajor, L.ColMajor])
def test_a_matrix_load_crossing_the_end_reads_zeros_by_the_profiles_rule(profile, layout):
    """A 4 x 8 F16 matrix (row or column stride 16 bytes) in a buffer that ends 1 byte into an element: thread 1
    reads from offset 128 and crosses the end, thread 0 reads a whole matrix at offset 0."""
    m, k = 4, 8
    weights = (np.arange(m * k).reshape(m, k) % 7 - 3).astype(np.float16)
    lines, per_line = (m, k) if layout == L.RowMajor else (k, m)
    stride = 16
    matrix_bytes = np.zeros(lines * stride, np.uint8)
    for line in range(lines):
        values = weights[line] if layout == L.RowMajor else weights[:, line]
        matrix_bytes[line * stride: line * stride + per_line * 2] = np.ascontiguousarray(values).view(np.uint8)
    cut = 128 + 37                                    # 18 whole halves past 128, then one byte of the 19th
    buffer = np.zeros(cut, np.uint8)
    buffer[: matrix_bytes.size] = matrix_bytes
    buffer[128:cut] = matrix_bytes[: cut - 128]
    out = np.zeros(2 * m * 4, np.uint8)
    Mat = linalg.Matrix[C.F16, m, k, U.A, S.Thread]

    @compute_shader(numthreads=(2, 1, 1))
    def shader(w=ByteAddressBuffer("t0"), o=RWByteAddressBuffer("u0")):
        tid = SV_DispatchThreadID()[:, 0]
        W = Mat.Load[layout](w, tid * 128, stride)
        y = linalg.Multiply[float32_t](W, np.ones(k, np.float16))
        o.Store[vector[float32_t, m]](tid * m * 4, y)

    run_dispatch(shader, {"t0": buffer, "u0": out}, (1, 1, 1), profile)
    got = out.view(np.float32).reshape(2, m)
    assert got[0].tolist() == weights.astype(np.float64).sum(axis=1).tolist()
    expected = [0.0] * m
    if per_element(profile):
        for r in range(m):
            for c in range(k):
                position = 128 + (r * stride + c * 2 if layout == L.RowMajor else c * stride + r * 2)
                if position + 2 <= cut:
                    expected[r] += float(weights[r, c])
    assert got[1].tolist() == expected


@pytest.mark.parametrize("profile", PROFILES)
def test_a_vector_accumulate_crossing_the_end_adds_only_whole_elements_inside(profile):
    """8 floats at offset 64 of a 86-byte buffer: elements 0..4 lie inside, element 5 straddles the end."""
    target = np.zeros(86, np.uint8)
    target[64:84] = np.arange(1, 6, dtype=np.float32).view(np.uint8)
    before = target.copy()
    values = np.arange(10, 18, dtype=np.float32)

    @compute_shader(numthreads=(4, 1, 1))
    def shader(g=RWByteAddressBuffer("u0")):
        linalg.InterlockedAccumulate(g, 64, values)

    run_dispatch(shader, {"u0": target}, (1, 1, 1), profile)
    if per_element(profile):
        assert target[64:84].view(np.float32).tolist() == [1 + 4 * 10, 2 + 4 * 11, 3 + 4 * 12, 4 + 4 * 13, 5 + 4 * 14]
        assert np.array_equal(target[84:], before[84:])
        assert np.array_equal(target[:64], before[:64])
    else:
        assert np.array_equal(target, before)


@pytest.mark.parametrize("profile", ["reference", "adversarial", "nvidia-h100"])   # minimal: no outer products
def test_an_outer_product_accumulate_crossing_the_end_adds_only_whole_elements_inside(profile):
    """The same accumulate into a buffer large enough and into one cut 3 bytes into an element: the cut buffer
    holds the large one's bytes for every whole element inside and its own (zero) bytes elsewhere, or nothing
    changed (all_or_nothing). The layout is opaque, so the large buffer is the oracle for the slots."""
    rng = np.random.default_rng(9)
    a = rng.integers(-3, 4, (8, 16)).astype(np.float16)
    b = rng.integers(-3, 4, (8, 8)).astype(np.float16)
    vectors = np.concatenate([a, b], axis=1)

    @compute_shader(numthreads=(8, 1, 1))
    def shader(v=ByteAddressBuffer("t0"), g=RWByteAddressBuffer("u0")):
        tid = SV_DispatchThreadID()[:, 0]
        left = v.Load[vector[float16_t, 16]](tid * 48)
        right = v.Load[vector[float16_t, 8]](tid * 48 + 32)
        linalg.OuterProduct[C.F16](left, right).InterlockedAccumulate(g, 0)

    whole = np.zeros(4096, np.uint8)
    run_dispatch(shader, {"t0": vectors.view(np.uint8).ravel().copy(), "u0": whole}, (1, 1, 1), profile)
    written = np.flatnonzero(whole)
    assert written.size, "the accumulate wrote nothing"
    cut = int(written[written.size // 2]) // 2 * 2 + 1    # one byte into an element holding a product
    target = np.zeros(cut, np.uint8)
    run_dispatch(shader, {"t0": vectors.view(np.uint8).ravel().copy(), "u0": target}, (1, 1, 1), profile)
    if per_element(profile):
        assert np.array_equal(target[: cut - 1], whole[: cut - 1])
        assert target[cut - 1] == 0
    else:
        assert not target.any()


@pytest.mark.parametrize("profile", PROFILES)
def test_an_optimal_layout_load_crossing_the_end_reads_zeros_for_the_slots_outside(profile):
    """A MulOptimal F16 matrix in a buffer cut one byte into a slot past the middle: per element, the slots wholly
    inside keep their values and the rest read 0 (the oracle zeroes those bytes and decodes with the profile's
    format); all-or-nothing, the thread reads a zero matrix."""
    from dxlinalg.numerics.component_types import ComponentType as T69
    from dxlinalg.numerics.component_types import MatrixLayout as L69
    from dxlinalg.profile.matrix_storage import MatrixDescription, decode_matrix, encode_matrix, stored_size
    prof = load_profile(profile)
    m, k = 16, 32
    weights = (np.arange(m * k).reshape(m, k) % 9 - 4).astype(np.float16)
    desc = MatrixDescription(m, k, T69.F16, L69.MulOptimal)
    full = np.zeros(stored_size(desc, prof), np.uint8)
    encode_matrix(weights, full, desc, prof)
    cut = full.size // 2 + 1
    Mat = linalg.Matrix[C.F16, m, k, U.A, S.Thread]
    out = np.zeros(m * 4, np.uint8)

    @compute_shader(numthreads=(1, 1, 1))
    def shader(w=ByteAddressBuffer("t0"), o=RWByteAddressBuffer("u0")):
        W = Mat.Load[L.MulOptimal](w, 0, 0)
        o.Store[vector[float32_t, m]](0, linalg.Multiply[float32_t](W, np.ones(k, np.float16)))

    run_dispatch(shader, {"t0": full[:cut].copy(), "u0": out}, (1, 1, 1), prof)
    kept = full.copy()
    kept[cut - 1:] = 0                                # the straddling 16-bit slot and everything after it
    inside = decode_matrix(kept, desc, prof).astype(np.float64) if per_element(profile) else np.zeros((m, k))
    assert out.view(np.float32).tolist() == inside.sum(axis=1).tolist()


@given(st.sampled_from([(C.F16, np.float16, float16_t), (C.F32, np.float32, float32_t),
                        (C.I64, np.int64, int64_t)]),
       st.sampled_from([L.RowMajor, L.ColMajor]), st.integers(1, 6), st.integers(4, 9), st.integers(0, 200),
       st.sampled_from(PROFILES))
@settings(max_examples=15, deadline=None)
def test_any_cut_through_a_thread_matrix_follows_the_profiles_bounds_rule(types, layout, m, k, cut_at, profile):
    """A matrix at offset 128 of a buffer cut anywhere in it (or past it): each result is the sum of the elements
    wholly inside (per_element), or of none unless all are (all_or_nothing)."""
    component, dtype, hlsl_type = types
    size = np.dtype(dtype).itemsize
    weights = ((np.arange(m * k).reshape(m, k) % 7) + 1).astype(dtype)
    lines, per_line = (m, k) if layout == L.RowMajor else (k, m)
    stride = -(-per_line * size // 16) * 16
    full = np.zeros(128 + lines * stride, np.uint8)
    for line in range(lines):
        values = np.ascontiguousarray(weights[line] if layout == L.RowMajor else weights[:, line])
        full[128 + line * stride: 128 + line * stride + per_line * size] = values.view(np.uint8)
    cut = min(128 + cut_at, full.size)
    Mat = linalg.Matrix[component, m, k, U.A, S.Thread]
    out = np.zeros(m * size, np.uint8)

    @compute_shader(numthreads=(1, 1, 1))
    def shader(w=ByteAddressBuffer("t0"), o=RWByteAddressBuffer("u0")):
        W = Mat.Load[layout](w, 128, stride)
        o.Store[vector[hlsl_type, m]](0, linalg.Multiply[hlsl_type](W, np.ones(k, dtype)))

    run_dispatch(shader, {"t0": full[:cut].copy(), "u0": out}, (1, 1, 1), profile)
    extent = 128 + (lines - 1) * stride + per_line * size          # the matrix's last byte, + 1
    expected = []
    for r in range(m):
        total = 0
        for c in range(k):
            position = 128 + (r * stride + c * size if layout == L.RowMajor else c * stride + r * size)
            if (position + size <= cut) if per_element(profile) else extent <= cut:
                total += int(weights[r, c])
        expected.append(total)
    assert out.view(dtype).astype(np.int64).tolist() == expected
