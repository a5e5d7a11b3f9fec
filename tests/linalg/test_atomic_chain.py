"""The in-order atomic chain: every way of running it gives numpy's one-rounding-per-step bits."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.linalg.fast import atomic_chain
from dxlinalg.linalg.fast.atomic_chain import FLOAT32_LOOP_FROM_COLUMNS, PARALLEL_CHAIN_ELEMENTS, apply_in_order


def sequential(memory: np.ndarray, operands: np.ndarray) -> np.ndarray:
    """The definition: numpy's accumulate in the memory's dtype, one rounding per add."""
    with np.errstate(over="ignore", invalid="ignore"):
        return np.add.accumulate(np.concatenate([memory[None], operands]), axis=0)[-1]


def same_bits(a: np.ndarray, b: np.ndarray) -> bool:
    unsigned = np.dtype(f"u{a.dtype.itemsize}")
    return a.dtype == b.dtype and np.array_equal(a.view(unsigned), b.view(unsigned))


@pytest.fixture
def paths(monkeypatch):
    """Counts which implementation ran."""
    ran = {"float32_loop": 0, "numpy": 0}
    loop, numpy_chain = atomic_chain._half_chain_in_float32, atomic_chain._numpy_chain

    def loop_spy(*args):
        ran["float32_loop"] += 1
        return loop(*args)

    def numpy_spy(*args):
        ran["numpy"] += 1
        return numpy_chain(*args)

    monkeypatch.setattr(atomic_chain, "_half_chain_in_float32", loop_spy)
    monkeypatch.setattr(atomic_chain, "_numpy_chain", numpy_spy)
    return ran


def gradients(rng, waves, columns, low=-26, high=2):
    """Half operands across subnormals and normals, both signs, zeros of both signs."""
    values = rng.standard_normal((waves, columns)) * np.exp2(rng.integers(low, high, (waves, columns)))
    values[rng.random((waves, columns)) < 0.05] = 0.0
    values[rng.random((waves, columns)) < 0.05] = -0.0
    return values.astype(np.float16)


def test_the_float32_loop_matches_numpys_half_adds(paths):
    rng = np.random.default_rng(1)
    operands = gradients(rng, 300, FLOAT32_LOOP_FROM_COLUMNS + 41)
    memory = gradients(rng, 1, operands.shape[1])[0]
    assert same_bits(apply_in_order(memory, operands), sequential(memory, operands))
    assert paths == {"float32_loop": 1, "numpy": 0}


def test_the_float32_loop_keeps_negative_zeros_and_breaks_ties_to_even(paths):
    columns = FLOAT32_LOOP_FROM_COLUMNS
    memory = np.full(columns, -0.0, np.float16)
    operands = np.full((3, columns), -0.0, np.float16)          # -0 + -0 stays -0
    operands[:, 1] = [1.0, 2.0 ** -11, 0.0]                      # 1 + half an ulp: a tie, stays 1
    operands[:, 2] = [1.0, 3 * 2.0 ** -11, 0.0]                  # 1 + 1.5 ulp: a tie, rounds up to 1 + 2 ulp
    operands[:, 3] = [2.0 ** -24, -2.0 ** -24, -0.0]             # exact cancellation: +0
    operands[:, 4] = [-(2.0 ** -24), 0.0, 0.0]                   # -2^-24 + +0 = -2^-24
    got = apply_in_order(memory, operands)
    assert same_bits(got, sequential(memory, operands))
    assert np.signbit(got[0]) and got[1] == 1.0 and got[2] == 1 + 2.0 ** -9
    assert got[3] == 0 and not np.signbit(got[3])
    assert paths["float32_loop"] == 1


def test_chains_that_could_overflow_or_hold_specials_take_numpys_loop(paths):
    rng = np.random.default_rng(2)
    columns = FLOAT32_LOOP_FROM_COLUMNS
    near_max = np.full((40, columns), 2000.0, np.float16)      # sums reach 80,000: Inf in half
    memory = np.zeros(columns, np.float16)
    assert same_bits(apply_in_order(memory, near_max), sequential(memory, near_max))
    special = gradients(rng, 20, columns)
    special[3, 5], special[7, 9] = np.inf, np.nan
    assert same_bits(apply_in_order(memory, special), sequential(memory, special))
    assert paths == {"float32_loop": 0, "numpy": 2}


def test_long_chains_split_over_threads_give_the_same_bits(paths):
    rng = np.random.default_rng(21)
    waves = 300
    columns = 2 * PARALLEL_CHAIN_ELEMENTS // waves + 7
    operands = rng.standard_normal((waves, columns)).astype(np.float32) * 1e3
    memory = rng.standard_normal(columns).astype(np.float32)
    assert same_bits(apply_in_order(memory, operands), sequential(memory, operands))
    halves = gradients(rng, waves, columns)
    halves[0, 0] = np.nan                                       # numpy's (threaded) half loop
    assert same_bits(apply_in_order(halves[1], halves), sequential(halves[1], halves))
    assert paths == {"float32_loop": 0, "numpy": 2}


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 12), st.integers(0, 2 ** 32 - 1), st.integers(-24, 8))
def test_any_finite_half_chain_gives_numpys_bits(waves, seed, top_exponent):
    """Random bit patterns (subnormals, ties, both zeros, every sign), magnitudes below 2^top."""
    rng = np.random.default_rng(seed)
    bits = rng.integers(0, 1 << 16, (waves + 1, FLOAT32_LOOP_FROM_COLUMNS), dtype=np.uint32).astype(np.uint16)
    values = bits.view(np.float16)
    too_big = ~np.isfinite(values) | (np.abs(values.astype(np.float32)) >= 2.0 ** top_exponent)
    values[too_big] = (values[too_big].view(np.uint16) & 0x83FF).view(np.float16)   # keep sign, subnormal
    assert same_bits(apply_in_order(values[0], values[1:]), sequential(values[0], values[1:]))


def test_operands_held_in_float32_give_the_same_bits_on_both_paths(paths):
    """The wave sums hand float16 memory its operands as float32 values (halves held exactly)."""
    rng = np.random.default_rng(5)
    for columns in (FLOAT32_LOOP_FROM_COLUMNS + 3, 7):
        operands = gradients(rng, 200, columns)
        memory = gradients(rng, 1, columns)[0]
        assert same_bits(apply_in_order(memory, operands.astype(np.float32)), sequential(memory, operands))
    assert paths == {"float32_loop": 1, "numpy": 1}


def test_operands_of_another_type_are_refused():
    with pytest.raises(TypeError, match="float64"):
        apply_in_order(np.zeros(4, np.float16), np.zeros((2, 4)))
    with pytest.raises(TypeError, match="float16"):
        apply_in_order(np.zeros(4, np.float32), np.zeros((2, 4), np.float16))
