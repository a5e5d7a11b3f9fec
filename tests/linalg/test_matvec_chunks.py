"""NVIDIA's matrix-vector sums (`matvec_sum = "tensor_core_chunks"`): the fast path against the
plain model, the plain model against the oracle's (Fractions) and the H100's recorded bits, and the
profile settings that select them.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg import dxil
from dxlinalg.linalg import matvec_chunks as plain
from dxlinalg.linalg.fast import matvec_chunks as fast
from dxlinalg.memory.address_space import AddressSpace
from dxlinalg.numerics.component_types import ComponentType as T
from dxlinalg.numerics.component_types import MatrixLayout as L
from dxlinalg.numerics.component_types import type_info
from dxlinalg.numerics.interpretation import interpret_input_vector
from dxlinalg.profile.errors import ProfileError
from dxlinalg.profile.matrix_storage import MatrixDescription, encode_matrix, stored_size
from dxlinalg.profile.model import Fp8VectorInput, MatvecSum, TensorCoreChunks
from dxlinalg.profile.registry import load_profile, parse_profile
from tests.hardware_replay.nvidia_h100_spirv_replay import lane_biases, load_runs
from tests.oracle.linalg_oracle import tensor_core_matvec_row

H100 = load_profile("nvidia-h100")
MEASURED = H100.accumulation.matvec_chunks
VARIANTS = [MEASURED, TensorCoreChunks(chunk_length=8, kept_bits=10, rounding="toward_zero", zero_sign="ieee"),
            TensorCoreChunks(chunk_length=5, kept_bits=40, accumulator="FLOAT32", nan="float_conversion"),
            TensorCoreChunks(chunk_length=1, kept_bits=1, accumulator="FLOAT32", rounding="toward_zero",
                             zero_sign="ieee")]


def halves(rng: np.random.Generator, shape: tuple[int, ...], specials: bool) -> np.ndarray:
    """FP16 values that stress the model: any finite bit pattern (subnormals too), signed powers of
    two over the whole range (cancellations, ties, overflow), small integers, zeros of both signs,
    and with `specials` a few Infs and NaNs."""
    kinds = rng.integers(0, 4, shape)
    bits = rng.integers(0, 0x7C00, shape) | (rng.integers(0, 2, shape) << 15)
    anything = bits.astype(np.uint16).view(np.float16)
    powers = np.ldexp(rng.choice([-1.0, 1.0], shape), rng.integers(-24, 16, shape)).astype(np.float16)
    small = rng.integers(-4, 5, shape).astype(np.float16)
    zeros = np.where(rng.random(shape) < 0.5, np.float16(0), np.float16(-0.0))
    values = np.choose(kinds, [anything, powers, small, zeros])
    if specials:
        values[rng.random(shape) < 0.02] = np.float16(np.inf)
        values[rng.random(shape) < 0.02] = np.float16(-np.inf)
        values[rng.random(shape) < 0.01] = np.float16(np.nan)
    return values


def operands(seed: int, chunks: TensorCoreChunks, specials: bool, lanes: int = 6):
    rng = np.random.default_rng(seed)
    k, m = int(rng.integers(1, 40)), int(rng.integers(1, 6))
    x = halves(rng, (lanes, k), specials).astype(np.float64)
    weights = halves(rng, (k, m), specials).astype(np.float64)
    bias = halves(rng, (lanes, m), specials).astype(np.float64)
    start = plain.round_to_accumulator(bias, chunks).astype(np.float64)
    return x, weights, bias, start


def same_bits(a: np.ndarray, b: np.ndarray) -> bool:
    """Equal as float64 bits, every NaN counted equal (the NaN the caller writes is a setting)."""
    nan = np.isnan(a) & np.isnan(b)
    return bool(np.array_equal(np.where(nan, 0.0, a).view(np.uint64), np.where(nan, 0.0, b).view(np.uint64)))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(range(len(VARIANTS))), st.booleans())
def test_fast_path_gives_the_plain_models_bits(seed, variant, specials):
    chunks = VARIANTS[variant]
    x, weights, _, start = operands(seed, chunks, specials)
    assert same_bits(fast.chunked_sums(x, weights, start, chunks), plain.chunked_sums(x, weights, start, chunks))


def test_fast_path_blocks_of_lanes_change_nothing(monkeypatch):
    x, weights, _, start = operands(5, MEASURED, True, lanes=23)
    whole = fast.chunked_sums(x, weights, start, MEASURED)
    monkeypatch.setattr(fast, "LANES_PER_BLOCK", 4)
    assert same_bits(fast.chunked_sums(x, weights, start, MEASURED), whole)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(range(len(VARIANTS))), st.booleans())
def test_plain_model_is_the_oracles_literal_model(seed, variant, specials):
    chunks = VARIANTS[variant]
    x, weights, bias, start = operands(seed, chunks, specials, lanes=2)
    expected = np.array([[tensor_core_matvec_row(x[lane].tolist(), weights[:, row].tolist(), float(bias[lane, row]), chunks)
                          for row in range(weights.shape[1])] for lane in range(x.shape[0])])
    assert same_bits(plain.chunked_sums(x, weights, start, chunks), expected)


@pytest.mark.parametrize("name", ["mv_f16_m16_k32_b", "mv_f16_m16_k16_subnormal", "mv_e5m2_m16_k64_b"])
def test_plain_model_gives_the_h100s_recorded_bits(name):
    """Cases of the SPIR-V probe (positions, windows, ties, subnormal exponents, FP8 matrices)."""
    run = load_runs()[name]
    biases = lane_biases(run)
    for case in range(0, len(run.labels), 7):
        start = plain.round_to_accumulator(biases[case], MEASURED).astype(np.float64)
        sums = plain.chunked_sums(run.inputs[case].astype(np.float64), run.matrix[case].T.astype(np.float64),
                                  start, MEASURED)
        bits = np.where(np.isnan(sums), np.uint16(0x7FFF), sums.astype(np.float16).view(np.uint16))
        assert np.array_equal(bits, run.observed[case]), run.labels[case]


def test_rounding_toward_zero_steps_down_from_overflow_and_ties():
    chunks = TensorCoreChunks(rounding="toward_zero")
    rounded = plain.round_to_accumulator(np.array([65536.0, -70000.0, 2049.0, -2049.5, -2.0**-26]), chunks)
    assert rounded.tolist() == [65504.0, -65504.0, 2048.0, -2048.0, 0.0]
    assert not np.signbit(rounded[-1])


def test_zero_sign_ieee_keeps_negative_zeros():
    chunks = TensorCoreChunks(zero_sign="ieee")
    x = np.array([[-0.0, 1.0], [1.0, -1.0]])
    weights = np.array([[1.0], [-0.0]])
    start = np.array([[-0.0], [-0.0]])
    sums = plain.chunked_sums(x, weights, start, chunks)
    assert np.signbit(sums[0, 0]) and not np.signbit(sums[1, 0])      # every term -0; 1 - 1 = +0
    assert not np.signbit(plain.chunked_sums(x, weights, start, MEASURED)).any()


# -- through the DXIL op, selected by profile settings --------------------------------------------------
def matvec_on(profile, x: np.ndarray, matrix: np.ndarray, interpretation: T, matrix_type: T) -> np.ndarray:
    desc = MatrixDescription(*matrix.shape, matrix_type, L.MulOptimal)
    buffer = AddressSpace().allocate(stored_size(desc, profile))
    encode_matrix(matrix, buffer.data, desc, profile)
    buffer.mark_written()
    m, k = matrix.shape
    return dxil.matvecmul(x, False, interpretation, buffer, 0, matrix_type, m, k, L.MulOptimal, False, 0, False,
                          result_type=np.float16, profile=profile)


def with_accumulation(**update):
    return H100.model_copy(update={"accumulation": H100.accumulation.model_copy(update=update)})


def test_the_h100_profile_selects_the_measured_model():
    assert H100.accumulation.matvec_sum is MatvecSum.TENSOR_CORE_CHUNKS
    assert H100.accumulation.matvec_fp8_input is Fp8VectorInput.KEEP_FP16
    assert MEASURED == TensorCoreChunks()
    assert load_profile("reference").accumulation.matvec_sum is MatvecSum.FLOAT_ACCUMULATOR


def test_a_small_term_survives_a_cancelling_pair_only_in_a_later_chunk():
    """+2^15 and -2^15 at k = 16, 17: 2^-14 at k = 3 sits in the FP16 accumulator when the pair's
    chunk cuts everything below 2^(15 - 25); at k = 40 it comes after the pair has cancelled."""
    x = np.ones((2, 48), np.float16)
    early = np.zeros((1, 48), np.float16)
    early[0, [3, 16, 17]] = [2.0**-14, 2.0**15, -(2.0**15)]
    late = np.zeros((1, 48), np.float16)
    late[0, [16, 17, 40]] = [2.0**15, -(2.0**15), 2.0**-14]
    spec = with_accumulation(matvec_sum=MatvecSum.FLOAT_ACCUMULATOR)
    assert matvec_on(H100, x, early, T.F16, T.F16)[0, 0] == 0.0
    assert matvec_on(H100, x, late, T.F16, T.F16)[0, 0] == np.float16(2.0**-14)
    assert matvec_on(spec, x, early, T.F16, T.F16)[0, 0] == np.float16(2.0**-14)


def test_keep_fp16_multiplies_the_fp16_input_under_an_fp8_interpretation():
    x = np.array([[2.0**-10, 1000.0, 0.3]], np.float16)
    identity = np.eye(3).astype(type_info(T.F8_E4M3).dtype)
    kept = matvec_on(H100, x, identity, T.F8_E4M3, T.F8_E4M3)
    converted = matvec_on(with_accumulation(matvec_fp8_input=Fp8VectorInput.CONVERT), x, identity, T.F8_E4M3,
                          T.F8_E4M3)
    assert np.array_equal(kept, x)
    assert not np.array_equal(converted, x)
    logical = interpret_input_vector(x, False, T.F8_E4M3, 3, H100.float_conversion)
    assert np.array_equal(logical.unrounded, x) and not np.array_equal(logical.values, x.astype(np.float32))


def test_infinities_and_the_canonical_nan():
    """Infs of one sign give that Inf; Inf - Inf (and Inf * 0) give 0x7FFF, never -NaN."""
    x = np.array([[np.inf, 1.0]], np.float16)
    matrix = np.array([[1.0, 1.0], [-1.0, 1.0], [0.0, 1.0]], np.float16)
    assert matvec_on(H100, x, matrix, T.F16, T.F16).view(np.uint16)[0].tolist() == [0x7C00, 0xFC00, 0x7FFF]
    x_both = np.array([[np.inf, -np.inf]], np.float16)
    assert matvec_on(H100, x_both, np.ones((1, 2), np.float16), T.F16, T.F16).view(np.uint16)[0, 0] == 0x7FFF


# -- profile settings are strict -------------------------------------------------------------------------
def h100_json(**matvec_chunks) -> str:
    data = json.loads(H100.model_dump_json())
    data["accumulation"]["matvec_chunks"].update(matvec_chunks)
    return json.dumps(data)


@pytest.mark.parametrize("key, value, message", [
    ("chunk_length", 0, "greater than or equal to 1"),
    ("kept_bits", 41, "less than or equal to 40"),
    ("kept_bits", "25", "valid integer"),
    ("accumulator", "E4M3", "'FLOAT16' or 'FLOAT32'"),
    ("rounding", "nearest", "'nearest_even' or 'toward_zero'"),
    ("zero_sign", "negative", "'positive' or 'ieee'"),
    ("nan", "quiet", "'canonical' or 'float_conversion'"),
    ("window", 25, "unknown key"),
])
def test_bad_matvec_chunk_settings_are_rejected(key, value, message):
    with pytest.raises(ProfileError, match=message) as caught:
        parse_profile(h100_json(**{key: value}), "mine.json")
    assert f"matvec_chunks.{key}" in str(caught.value)


@pytest.mark.parametrize("key, value", [("matvec_sum", "tensor_core"), ("matvec_fp8_input", "as_fp16")])
def test_bad_matvec_selectors_are_rejected(key, value):
    data = json.loads(H100.model_dump_json())
    data["accumulation"][key] = value
    with pytest.raises(ProfileError, match=f"accumulation.{key}"):
        parse_profile(json.dumps(data), "mine.json")
