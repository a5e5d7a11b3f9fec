"""The nvidia-h100 profile's accumulates replay what a real H100 wrote, bit for bit.

tests/data/nvidia_h100_accumulate/replay.npz holds single-wave cases of the H100 probe
(docs/hardware-nvidia-h100-accumulate.md): per case, 32 lanes' FP16 vectors a and b (bits), the
target each lane adds to (-1: lane masked off by a branch), the initial memory bits and the bits
the GPU left there, elements row-major (i * 16 + j). The fast path is also checked against the
oracle's literal model on random inputs.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg import dxil
from dxlinalg.errors import DxLinalgError
from dxlinalg.gpu import if_, standalone_lanes
from dxlinalg.linalg import tensor_core_sums
from dxlinalg.linalg.tensor_core_sums import outer_product_sums
from dxlinalg.memory.address_space import AddressSpace
from dxlinalg.numerics.component_types import ComponentType as T
from dxlinalg.numerics.component_types import MatrixLayout as L
from dxlinalg.profile.matrix_storage import MatrixDescription, decode_matrix, encode_matrix, stored_size
from dxlinalg.profile.model import AccumulateProperty, WaveSum
from dxlinalg.profile.registry import load_profile
from tests.oracle.linalg_oracle import oracle_accumulate

H100 = load_profile("nvidia-h100")
REPLAY = np.load(Path(__file__).parents[1] / "data" / "nvidia_h100_accumulate" / "replay.npz")
DTYPES = {T.F16: np.float16, T.F32: np.float32}
BITS = {T.F16: np.uint16, T.F32: np.uint32}
WIDER = H100.model_copy(update={   # F32 combinations the D3D12 mapping does not report, for the model's sake
    "outer_product_properties": H100.outer_product_properties + [AccumulateProperty(input_type=T.F32,
                                                                                   accumulation_type=T.F32)],
    "vector_accumulate_properties": H100.vector_accumulate_properties + [AccumulateProperty(input_type=T.F32,
                                                                                           accumulation_type=T.F32)]})


def test_the_profile_uses_the_measured_model():
    assert H100.accumulation.wave_sum is WaveSum.NVIDIA_TENSOR_CORE
    assert H100.wave_size == 32


def opa_on_h100(a_bits, b_bits, target, init_bits):
    """One wave of 32 lanes; lane g adds a[g] b[g]^T into matrix target[g] (-1: masked off)."""
    desc = MatrixDescription(16, 16, T.F16, L.OuterProductOptimal)
    span = -(-stored_size(desc, H100) // 128) * 128
    buffer = AddressSpace().allocate(span * len(init_bits))
    for t, init in enumerate(init_bits):
        encode_matrix(init.view(np.float16).reshape(16, 16), buffer.data[t * span:], desc, H100)
    buffer.mark_written()
    active = target >= 0
    offsets = np.where(active, target, 0).astype(np.int64) * span
    with standalone_lanes(32, profile=H100), np.errstate(all="ignore"):
        with if_(active):
            dxil.outerproductaccumulate(a_bits.view(np.float16), b_bits.view(np.float16), buffer, offsets,
                                        T.F16, L.OuterProductOptimal, 0)
    return [decode_matrix(buffer.data[t * span:], desc, H100).view(np.uint16).ravel() for t in range(len(init_bits))]


def va_on_h100(vector, target, init, profile):
    buffer = AddressSpace().allocate(256)
    buffer.data[:init.nbytes] = init.view(np.uint8)
    buffer.mark_written()
    with standalone_lanes(32, profile=profile), np.errstate(all="ignore"):
        with if_(target >= 0):
            dxil.vectoraccumulate(vector, buffer, 0)
    return buffer.data[:init.nbytes].view(init.dtype)


def mismatches(names, got, observed, initial):
    """Elements whose bits differ from the H100's (NaNs included: the profile's `atomic_nan` is the
    H100's canonical 0x7FFF / 0x7FFFFFFF, also where memory held a NaN payload or +Inf met -Inf)."""
    found = []
    for name, g, o, init in zip(names, got, observed, initial):
        found += [f"{name}: element {e}: emulator {int(g[e]):x}, H100 {int(o[e]):x}" for e in np.flatnonzero(g != o)]
    return found


def test_the_initial_memory_round_trips_through_the_layout():
    init = REPLAY["opa16_init"][1]          # case Q: memory != 0, a NaN with a payload among it
    assert np.array_equal(opa_on_h100(np.zeros((32, 16), np.uint16), np.zeros((32, 16), np.uint16),
                                      np.full(32, -1), [init])[0], init)


def test_outer_products_of_one_wave_match_the_h100_bit_for_bit():
    """Patterns x scales, memory != 0, the tie cases T0-T6, random data and its lane reversal, and
    masked lanes (even lanes, lanes 0-7, all through a branch)."""
    names = REPLAY["opa16_names"]
    assert len(names) == 16 and any("T6" in n for n in names) and any("MK-even" in n for n in names)
    got = [opa_on_h100(a, b, t, [init])[0] for a, b, t, init in
           zip(REPLAY["opa16_a"], REPLAY["opa16_b"], REPLAY["opa16_target"], REPLAY["opa16_init"])]
    assert not mismatches(names, got, REPLAY["opa16_observed"], REPLAY["opa16_init"])


def test_lanes_of_one_wave_adding_to_two_matrices_chunk_by_lane_position():
    for name, a, b, target, init, observed in zip(*(REPLAY[f"opa16_offsets_{k}"] for k in
                                                    ("names", "a", "b", "target", "init", "observed"))):
        got = opa_on_h100(a, b, target, list(init))
        assert not mismatches([f"{name} target 0", f"{name} target 1"], got, observed, init)


def test_vector_accumulates_of_one_wave_match_the_h100_bit_for_bit():
    got = [va_on_h100(a.view(np.float16), t, init, H100) for a, t, init in
           zip(REPLAY["va16_a"], REPLAY["va16_target"], REPLAY["va16_init"])]
    assert not mismatches(REPLAY["va16_names"], got, REPLAY["va16_observed"], REPLAY["va16_init"])


def test_float32_vector_accumulates_match_the_h100_float32_butterfly():
    """The probe converted FP16 vectors to FP32 and accumulated into an FP32 array."""
    got = [va_on_h100(a.view(np.float16).astype(np.float32), t, init, WIDER) for a, t, init in
           zip(REPLAY["va32_a"], REPLAY["va32_target"], REPLAY["va32_init"])]
    assert not mismatches(REPLAY["va32_names"], got, REPLAY["va32_observed"], REPLAY["va32_init"])


def test_each_chunk_truncates_below_2_to_the_e_minus_25_and_rounds_to_half():
    """2048 + 1 + 2^-20 drops the 2^-20 (26 bits below 2048); 2048 + 2^-14 - 2048 keeps 2^-14;
    8 products of 2^-28 (a half tie, 2^-25) round to 0 in every chunk; 8 x 2^-26 does not."""
    def wave(*values):
        left = np.zeros((1, 32, 1))
        left[0, :len(values), 0] = values
        return outer_product_sums(left, np.ones((1, 32, 1)), np.ones((1, 32), bool),
                                  lambda v: v.astype(np.float16))[0, 0]

    assert wave(2048.0, 1.0, 2.0 ** -20) == 2048
    assert wave(2048.0, 2.0 ** -14, -2048.0) == 2.0 ** -14
    assert wave(*[2.0 ** -28] * 32) == 0
    assert wave(*[2.0 ** -26] * 32) == 2.0 ** -21
    assert not np.signbit(wave(*[-0.0] * 32))


def _values(dtype):
    """Floats of `dtype` from every region: zeros of both signs, subnormals, ties, Inf and NaN."""
    info = np.finfo(dtype)
    specials = [0.0, float(info.smallest_subnormal), float(info.smallest_normal), 1.0, 1.5, 2048.0,
                float(info.eps) / 2, float(info.eps) / 4, 1 + float(info.eps), float(info.max) / 4, float(info.max),
                np.inf]
    exponent = st.integers(int(np.log2(float(info.smallest_subnormal))), int(np.log2(float(info.max))) // 2)
    mantissa = st.integers(1, (1 << (info.nmant + 1)) - 1)
    generic = st.builds(lambda m, e: m * 2.0 ** (e - info.nmant), mantissa, exponent)
    value = st.one_of(st.sampled_from(specials), generic, st.just(np.nan)).map(lambda v: float(dtype(v)))
    return st.tuples(value, st.booleans()).map(lambda pair: -pair[0] if pair[1] else pair[0])


@st.composite
def cases(draw):
    vector = draw(st.booleans())
    input_type, accumulation = draw(st.sampled_from(
        [(T.F16, T.F16), (T.F32, T.F32)] if vector else [(T.F16, T.F16), (T.F16, T.F32), (T.F32, T.F32)]))
    dtype = DTYPES[input_type]
    lanes = draw(st.integers(1, 70))
    m, n = draw(st.integers(1, 3)), (1 if vector else draw(st.integers(1, 3)))

    def matrix(columns):
        return np.array(draw(st.lists(_values(dtype), min_size=lanes * columns, max_size=lanes * columns)),
                        dtype).reshape(lanes, columns)

    a, b = matrix(m), matrix(n)
    initial = np.array(draw(st.lists(_values(DTYPES[accumulation]), min_size=m * n, max_size=m * n)),
                       DTYPES[accumulation])
    active = np.array(draw(st.lists(st.booleans(), min_size=lanes, max_size=lanes)))
    return vector, accumulation, a, b, initial, active


@settings(max_examples=150, deadline=None)
@given(cases())
def test_the_fast_path_matches_the_oracle_bit_for_bit(case):
    assert_matches_oracle(*case)


def assert_matches_oracle(vector, accumulation, a, b, initial, active):
    """Run the accumulate on the WIDER profile and compare every element's bits with the oracle's."""
    lanes, m, n = a.shape[0], a.shape[1], b.shape[1]
    buffer = AddressSpace().allocate(stored_size(MatrixDescription(m, n, accumulation, L.OuterProductOptimal),
                                                 WIDER) + 256)
    desc = MatrixDescription(m, n, accumulation, L.OuterProductOptimal)
    if vector:
        buffer.data[:initial.nbytes] = initial.view(np.uint8)
    else:
        encode_matrix(initial.reshape(m, n), buffer.data, desc, WIDER)
    buffer.mark_written()
    with standalone_lanes(lanes, profile=WIDER), np.errstate(all="ignore"):
        with if_(active):
            if vector:
                dxil.vectoraccumulate(a, buffer, 0)
            else:
                dxil.outerproductaccumulate(a, b, buffer, 0, accumulation, L.OuterProductOptimal, 0)
    got = (buffer.data[:initial.nbytes].view(initial.dtype) if vector
           else decode_matrix(buffer.data, desc, WIDER).ravel())
    if vector:
        contributions = {lane: [float(v) for v in a[lane]] for lane in range(lanes) if active[lane]}
    else:
        contributions = {lane: [float(a[lane, i]) * float(b[lane, j]) for i in range(m) for j in range(n)]
                         for lane in range(lanes) if active[lane]}
    expected = oracle_accumulate([float(v) for v in initial], contributions, [lane // 32 for lane in range(lanes)],
                                 accumulation, WIDER.accumulation, WIDER.float_conversion, vector=vector, wave_size=32)
    want = np.array(expected, DTYPES[accumulation])
    bits = BITS[accumulation]
    same = (got.view(bits) == want.view(bits)) | (np.isnan(got) & np.isnan(want))
    assert same.all(), (got, want)


def _spy_on_truncated_sums(monkeypatch) -> list[int]:
    """The element counts that the error-bound filter leaves to the truncated sum, call by call."""
    counts: list[int] = []
    real = tensor_core_sums._truncated_sum

    def spy(terms, *kept_bits):
        counts.append(terms.shape[0])
        return real(terms, *kept_bits)

    monkeypatch.setattr(tensor_core_sums, "_truncated_sum", spy)
    return counts


def test_the_error_bound_filter_settles_gradient_like_sums_and_matches_the_oracle(monkeypatch):
    """Two waves of FP16 gradients (deltas times ReLU activations) into an 8 x 8 matrix that already
    holds values: bit for bit the oracle's model, with most elements settled by the bound."""
    rng = np.random.default_rng(11)
    lanes, m, n = 64, 8, 8
    a = (rng.standard_normal((lanes, m)) * 0.01).astype(np.float16)
    b = np.maximum(rng.standard_normal((lanes, n)), 0).astype(np.float16)
    initial = (rng.standard_normal(m * n) * 0.05).astype(np.float16)
    counts = _spy_on_truncated_sums(monkeypatch)
    assert_matches_oracle(False, T.F16, a, b, initial, np.ones(lanes, bool))
    assert sum(counts) < 0.25 * m * n * (lanes // 8)     # chunk steps of 8 lanes, m * n elements each


def test_near_ties_are_left_to_the_truncated_sum(monkeypatch):
    """2048 + 1 + 2^-20 lies just above the half tie 2049: the bound cannot tell which side the
    truncated sum falls on, so the element takes the truncated sum (which drops 2^-20: 2048)."""
    counts = _spy_on_truncated_sums(monkeypatch)
    left = np.zeros((1, 32, 1))
    left[0, :3, 0] = 2048.0, 1.0, 2.0 ** -20
    result = outer_product_sums(left, np.ones((1, 32, 1)), np.ones((1, 32), bool), lambda v: v.astype(np.float16))
    assert result[0, 0] == 2048
    assert counts == [1]                 # the first chunk's one element; the other chunks add zeros


def test_bad_inputs_still_raise():
    buffer = AddressSpace().allocate(4096)
    a = np.ones((32, 16), np.float16)
    with pytest.raises(DxLinalgError, match="alignment"):
        dxil.outerproductaccumulate(a, a, buffer, 64, T.F16, L.OuterProductOptimal, 0, profile=H100)
    with pytest.raises(DxLinalgError):
        dxil.outerproductaccumulate(a.astype(np.float32), a.astype(np.float32), buffer, 0, T.F32,
                                    L.OuterProductOptimal, 0, profile=H100)     # F32 -> F32: not reported
    with pytest.raises(DxLinalgError):
        dxil.vectoraccumulate(a.astype(np.float32), buffer, 0, profile=H100)    # F32 arrays: not reported
    with pytest.raises(DxLinalgError):
        dxil.vectoraccumulate(a, buffer, 4096 - 16, profile=H100)               # past the end
