"""OuterProductAccumulate and VectorAccumulate: totals, the profile's atomic model, seeds and masks."""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg import dxil
from dxlinalg.gpu import RWByteAddressBuffer, SV_DispatchThreadID, compute_shader, if_, run_dispatch, standalone_lanes
from dxlinalg.memory.address_space import AddressSpace
from dxlinalg.numerics.component_types import ComponentType as T
from dxlinalg.numerics.component_types import MatrixLayout as L
from dxlinalg.profile.matrix_storage import MatrixDescription, decode_matrix, encode_matrix, stored_size
from dxlinalg.profile.model import AccumulateOrder, AccumulateProperty
from dxlinalg.profile.registry import builtin_profile_names, load_profile
from tests.oracle.linalg_oracle import oracle_accumulate

OUTER = [(name, p.input_type, p.accumulation_type) for name in builtin_profile_names()
         for p in load_profile(name).outer_product_properties]
VECTOR = [(name, p.input_type, p.accumulation_type) for name in builtin_profile_names()
          for p in load_profile(name).vector_accumulate_properties if p.input_type == p.accumulation_type]
DTYPES = {T.F16: np.float16, T.F32: np.float32}
OUTER_IDS = [f"{name}-{i.name}-{a.name}" for name, i, a in OUTER]
VECTOR_IDS = [f"{name}-{i.name}-{a.name}" for name, i, a in VECTOR]


def outer_matrix(profile, m, n, accumulation, initial=None):
    """A buffer holding an m x n OuterProductOptimal matrix (zeros unless `initial`) at offset 128."""
    desc = MatrixDescription(m, n, accumulation, L.OuterProductOptimal)
    buffer = AddressSpace().allocate(128 + stored_size(desc, profile) + 128, "gradients")
    values = np.zeros((m, n), DTYPES[accumulation]) if initial is None else initial
    encode_matrix(values, buffer.data[128:], desc, profile)
    buffer.mark_written()
    return buffer, desc


def read_matrix(buffer, desc, profile):
    return decode_matrix(buffer.data[128:], desc, profile)


def cts_vectors(rng, lanes, length, dtype):
    """Values in {-0.5, 0, 0.5, 1} (CTS training tests): every total is exact."""
    return ((rng.integers(0, 4, (lanes, length)) - 1) / 2).astype(dtype)


@pytest.mark.parametrize("profile_name,input_type,accumulation", OUTER, ids=OUTER_IDS)
@pytest.mark.parametrize("size", [4, 16, 64])
def test_outer_product_totals_are_exact_on_the_cts_grid(profile_name, input_type, accumulation, size):
    profile = load_profile(profile_name)
    rng = np.random.default_rng(size)
    lanes = 32
    a, b = cts_vectors(rng, lanes, size, DTYPES[input_type]), cts_vectors(rng, lanes, size, DTYPES[input_type])
    buffer, desc = outer_matrix(profile, size, size, accumulation)
    dxil.outerproductaccumulate(a, b, buffer, 128, accumulation, L.OuterProductOptimal, 0, profile=profile)
    exact = np.einsum("li,lj->ij", a.astype(np.float64), b.astype(np.float64))
    assert np.array_equal(read_matrix(buffer, desc, profile).astype(np.float64), exact)


@pytest.mark.parametrize("profile_name,input_type,accumulation", OUTER, ids=OUTER_IDS)
def test_outer_product_follows_the_profiles_atomic_model_bit_for_bit(profile_name, input_type, accumulation):
    """Off the grid, rounding depends on granularity and order: compare with the literal oracle."""
    profile = load_profile(profile_name)
    rng = np.random.default_rng(11)
    lanes, m, n = 12, 5, 7
    dtype = DTYPES[input_type]
    a = (rng.standard_normal((lanes, m)) * 3).astype(dtype)
    b = (rng.standard_normal((lanes, n)) * 3).astype(dtype)
    initial = (rng.standard_normal((m, n)) * 100).astype(DTYPES[accumulation])
    buffer, desc = outer_matrix(profile, m, n, accumulation, initial)
    active = rng.random(lanes) < 0.8
    with standalone_lanes(lanes, profile=profile):
        with if_(active):
            dxil.outerproductaccumulate(a, b, buffer, 128, accumulation, L.OuterProductOptimal, 0)
    contributions = {lane: [float(a[lane, i]) * float(b[lane, j]) for i in range(m) for j in range(n)]
                     for lane in range(lanes) if active[lane]}
    wave_of_lane = [lane // profile.wave_size for lane in range(lanes)]
    expected = oracle_accumulate([float(v) for v in initial.ravel()], contributions, wave_of_lane, accumulation,
                                 profile.accumulation, profile.float_conversion, wave_size=profile.wave_size)
    got = read_matrix(buffer, desc, profile).ravel()
    assert np.array_equal(got, np.array(expected, DTYPES[accumulation]))


def rounding_bound(contributions: np.ndarray, accumulation: T) -> float:
    """Each atomic rounds once (plus the operand's own rounding): n adds of at most one ulp each."""
    eps = float(np.finfo(DTYPES[accumulation]).eps)
    largest = float(np.max(np.abs(np.cumsum(contributions, axis=0)))) + float(np.max(np.abs(contributions)))
    return 2 * contributions.shape[0] * eps * largest


@pytest.mark.parametrize("profile_name,input_type,accumulation", OUTER, ids=OUTER_IDS)
def test_outer_product_totals_equal_the_sum_within_rounding(profile_name, input_type, accumulation):
    profile = load_profile(profile_name)
    rng = np.random.default_rng(5)
    lanes, m, n = 40, 8, 8
    a = rng.standard_normal((lanes, m)).astype(DTYPES[input_type])
    b = rng.standard_normal((lanes, n)).astype(DTYPES[input_type])
    buffer, desc = outer_matrix(profile, m, n, accumulation)
    dxil.outerproductaccumulate(a, b, buffer, 128, accumulation, L.OuterProductOptimal, 0, profile=profile)
    products = np.einsum("li,lj->lij", a.astype(np.float64), b.astype(np.float64)).reshape(lanes, -1)
    error = np.abs(read_matrix(buffer, desc, profile).astype(np.float64).ravel() - products.sum(axis=0))
    assert error.max() <= rounding_bound(products, accumulation)


def test_same_seed_gives_identical_bytes_and_other_seeds_change_only_rounding():
    base = load_profile("adversarial")
    assert base.accumulation.atomic_order is AccumulateOrder.SEEDED_RANDOM
    rng = np.random.default_rng(3)
    a = rng.standard_normal((64, 16)).astype(np.float16)
    b = rng.standard_normal((64, 16)).astype(np.float16)
    products = np.einsum("li,lj->lij", a.astype(np.float64), b.astype(np.float64)).reshape(64, -1)

    def run(seed):
        profile = base.model_copy(update={"accumulation": base.accumulation.model_copy(update={"atomic_seed": seed})})
        buffer, desc = outer_matrix(profile, 16, 16, T.F16)
        dxil.outerproductaccumulate(a, b, buffer, 128, T.F16, L.OuterProductOptimal, 0, profile=profile)
        return buffer.data.copy(), read_matrix(buffer, desc, profile).astype(np.float64).ravel()

    first, again, other = run(1234), run(1234), run(99)
    assert np.array_equal(first[0], again[0])
    assert not np.array_equal(first[1], other[1]), "a different order rounds differently somewhere"
    for _, totals in (first, other):
        assert np.abs(totals - products.sum(axis=0)).max() <= rounding_bound(products, T.F16)


@pytest.mark.parametrize("profile_name,input_type,accumulation", VECTOR, ids=VECTOR_IDS)
def test_vector_accumulate_totals_and_model(profile_name, input_type, accumulation):
    profile = load_profile(profile_name)
    rng = np.random.default_rng(9)
    lanes, count = 24, 19
    dtype = DTYPES[input_type]
    grid = cts_vectors(rng, lanes, count, dtype)
    buffer = AddressSpace().allocate(256, "array")
    dxil.vectoraccumulate(grid, buffer, 64, profile=profile)
    values = buffer.data[64: 64 + count * dtype().itemsize].view(dtype)
    assert np.array_equal(values.astype(np.float64), grid.astype(np.float64).sum(axis=0))
    assert not buffer.data[64 + -(-count * dtype().itemsize // 16) * 16:].any(), "nothing past the 16-byte padding"

    off_grid = (rng.standard_normal((lanes, count)) * 10).astype(dtype)
    start = [float(v) for v in values]
    dxil.vectoraccumulate(off_grid, buffer, 64, profile=profile)
    expected = oracle_accumulate(start, {lane: [float(v) for v in off_grid[lane]] for lane in range(lanes)},
                                 [lane // profile.wave_size for lane in range(lanes)], accumulation,
                                 profile.accumulation, profile.float_conversion, vector=True,
                                 wave_size=profile.wave_size)
    assert np.array_equal(values, np.array(expected, dtype))


def test_lanes_accumulate_into_the_matrix_their_offset_names():
    profile = load_profile("reference")
    desc = MatrixDescription(4, 4, T.F32, L.OuterProductOptimal)
    span = -(-stored_size(desc, profile) // 128) * 128
    buffer = AddressSpace().allocate(2 * span)
    a = np.ones((6, 4), np.float16)
    target = np.array([0, 1, 0, 1, 1, 1]) * span
    dxil.outerproductaccumulate(a, a, buffer, target, T.F32, L.OuterProductOptimal, 0)
    assert np.all(decode_matrix(buffer.data[:span], desc, profile) == 2)
    assert np.all(decode_matrix(buffer.data[span:], desc, profile) == 4)


def test_inactive_lanes_add_nothing_and_may_point_anywhere():
    profile = load_profile("reference")
    buffer, desc = outer_matrix(profile, 4, 4, T.F32)
    active = np.array([True, False, True, False])
    with standalone_lanes(4):
        with if_(active):
            dxil.outerproductaccumulate(np.ones((4, 4), np.float16), np.ones((4, 4), np.float16), buffer,
                                        np.where(active, 128, 77777), T.F32, L.OuterProductOptimal, 0)
    assert np.all(read_matrix(buffer, desc, profile) == 2)


@compute_shader(numthreads=(48, 1, 1))
def gradient_shader(gradients=RWByteAddressBuffer("u0")):
    tid = SV_DispatchThreadID()[:, 0].astype(np.float32)
    a = np.stack([np.sin(tid + i) for i in range(8)], axis=1).astype(np.float16)
    b = np.stack([np.cos(tid * (i + 1)) for i in range(8)], axis=1).astype(np.float16)
    dxil.outerproductaccumulate(a, b, gradients, 0, T.F16, L.OuterProductOptimal, 0)


@pytest.mark.parametrize("profile_name", ["reference", "adversarial", "nvidia-h100"])
def test_chunking_a_dispatch_does_not_change_atomic_results(profile_name):
    """Waves are ordered by dispatch position and each chunk's call is numbered, so the bytes do not
    depend on how many groups a chunk holds (in-order profiles) and are reproducible (seeded ones)."""
    profile = load_profile(profile_name)
    desc = MatrixDescription(8, 8, T.F16, L.OuterProductOptimal)
    results = []
    for lanes_per_chunk in (48, 96, 10_000, 48):
        buffer = AddressSpace().allocate(stored_size(desc, profile))
        run_dispatch(gradient_shader, {"u0": buffer}, (7, 1, 1), profile, max_lanes_per_chunk=lanes_per_chunk)
        results.append(buffer.data.copy())
    assert np.array_equal(results[0], results[3])
    if profile.accumulation.atomic_order is AccumulateOrder.IN_ORDER:
        assert all(np.array_equal(results[0], r) for r in results)


def test_integer_vector_accumulate_wraps():
    base = load_profile("reference")
    profile = base.model_copy(update={"vector_accumulate_properties": [
        AccumulateProperty(input_type=T.U32, accumulation_type=T.U32)]})
    buffer = AddressSpace().allocate(64)
    values = np.full((40, 4), 1 << 30, np.uint32)
    dxil.vectoraccumulate(values, buffer, 0, profile=profile)
    assert buffer.data[:16].view(np.uint32).tolist() == [0, 0, 0, 0]     # 40 * 2^30 = 10 * 2^32

