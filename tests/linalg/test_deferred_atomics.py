"""Atomics held back inside a dispatch: merged chains give the immediate bits, and nothing can see the delay."""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg import dxil
from dxlinalg.gpu import RWByteAddressBuffer, SV_DispatchThreadID, compute_shader, run_dispatch, standalone_lanes
from dxlinalg.gpu.types import float16_t, float32_t
from dxlinalg.linalg.fast import deferred_atomics
from dxlinalg.memory.address_space import AddressSpace
from dxlinalg.numerics.component_types import ComponentType as T
from dxlinalg.numerics.component_types import MatrixLayout as L
from dxlinalg.profile.matrix_storage import MatrixDescription, decode_matrix, stored_size
from dxlinalg.profile.model import AtomicNan
from dxlinalg.profile.registry import load_profile

PROFILE = load_profile("reference")
SHAPES = [(8, 16), (16, 16), (3, 8)]
GROUP = 64


def _layout() -> tuple[list[int], list[int], int]:
    """Matrix and bias offsets of SHAPES in one buffer: FP16 OuterProductOptimal matrices, FP16 biases."""
    offset, matrices, biases = 0, [], []
    for rows, cols in SHAPES:
        matrices.append(offset)
        offset += -(-stored_size(MatrixDescription(rows, cols, T.F16, L.OuterProductOptimal), PROFILE) // 128) * 128
    for rows, _ in SHAPES:
        biases.append(offset)
        offset += -(-rows * 2 // 64) * 64
    return matrices, biases, offset


MATRICES, BIASES, SIZE = _layout()


def lane_vectors(tid: np.ndarray, length: int, seed: int) -> np.ndarray:
    """Deterministic per-lane half vectors across magnitudes (rounding happens in the chain)."""
    angle = tid.astype(np.float32)[:, None] * np.float32(0.37 + seed) + np.arange(length, dtype=np.float32)
    return (np.sin(angle) * np.exp2((np.arange(length) % 7) - 3.0)).astype(np.float16)


def accumulate_layers(tid: np.ndarray, gradients: object, repeat_first: bool) -> None:
    """What a training shader does: per layer an outer product and a bias accumulate, disjoint
    targets; `repeat_first` adds into the first matrix again at the end (an overlap)."""
    for layer, (rows, cols) in enumerate(SHAPES):
        delta, activation = lane_vectors(tid, rows, layer), lane_vectors(tid, cols, layer + 5)
        dxil.outerproductaccumulate(delta, activation, gradients, MATRICES[layer], T.F16, L.OuterProductOptimal, 0)
        dxil.vectoraccumulate(delta, gradients, BIASES[layer])
    if repeat_first:
        rows, cols = SHAPES[0]
        dxil.outerproductaccumulate(lane_vectors(tid, rows, 9), lane_vectors(tid, cols, 10), gradients, MATRICES[0],
                                    T.F16, L.OuterProductOptimal, 0)


@compute_shader(numthreads=(GROUP, 1, 1))
def training_like(gradients=RWByteAddressBuffer("u0")):
    accumulate_layers(SV_DispatchThreadID()[:, 0], gradients, repeat_first=True)


@compute_shader(numthreads=(GROUP, 1, 1))
def accumulate_then_load(gradients=RWByteAddressBuffer("u0"), seen=RWByteAddressBuffer("u1")):
    """Reads the first bias right after accumulating into it, in the same chunk."""
    tid = SV_DispatchThreadID()[:, 0]
    accumulate_layers(tid, gradients, repeat_first=False)
    seen.Store[float32_t](tid * 4, float32_t(gradients.Load[float16_t](BIASES[0])))


@compute_shader(numthreads=(GROUP, 1, 1))
def accumulate_then_multiply(gradients=RWByteAddressBuffer("u0"), seen=RWByteAddressBuffer("u1")):
    """Multiplies by the first gradient matrix right after accumulating into it."""
    tid = SV_DispatchThreadID()[:, 0]
    accumulate_layers(tid, gradients, repeat_first=False)
    rows, cols = SHAPES[0]
    ones = np.ones((tid.size, cols), np.float16)
    product = dxil.matvecmul(ones, False, T.F16, gradients, MATRICES[0], T.F16, rows, cols, L.OuterProductOptimal,
                             False, 0, False, result_type=np.float32)
    seen.Store[float32_t](tid * 4, product[:, 0])


def immediate(groups: int) -> np.ndarray:
    """The same adds, each applied as it is made (a host-side context does not defer)."""
    buffer = AddressSpace().allocate(SIZE)
    for group in range(groups):
        with standalone_lanes(GROUP):
            accumulate_layers(np.arange(group * GROUP, (group + 1) * GROUP), buffer, repeat_first=True)
    return buffer.data.copy()


@pytest.fixture
def chains(monkeypatch):
    """Records the widths of the chains that run."""
    widths: list[int] = []
    apply = deferred_atomics._apply

    def spy(chain):
        widths.append(sum(a.positions.size for a in chain))
        return apply(chain)

    monkeypatch.setattr(deferred_atomics, "_apply", spy)
    return widths


def test_merged_chains_give_the_bits_of_adds_applied_one_call_at_a_time(chains):
    groups = 3
    buffer = AddressSpace().allocate(SIZE)
    run_dispatch(training_like, {"u0": buffer}, (groups, 1, 1), PROFILE, max_lanes_per_chunk=GROUP)
    deferred_chains = len(chains)
    chains.clear()
    assert np.array_equal(buffer.data, immediate(groups))
    assert deferred_chains == 2 * groups, "per chunk: the six disjoint calls, then the overlapping one"
    assert len(chains) == 7 * groups, "host-side calls: one chain each"


def test_a_chunk_runs_one_chain_for_disjoint_targets_and_another_after_an_overlap(chains):
    buffer = AddressSpace().allocate(SIZE)
    run_dispatch(training_like, {"u0": buffer}, (2, 1, 1), PROFILE, max_lanes_per_chunk=GROUP)
    merged = sum(rows * cols + rows for rows, cols in SHAPES)
    assert chains == [merged, SHAPES[0][0] * SHAPES[0][1]] * 2


def test_a_load_after_an_accumulate_in_the_same_chunk_sees_it():
    buffer, seen = AddressSpace().allocate(SIZE), AddressSpace().allocate(GROUP * 4)
    run_dispatch(accumulate_then_load, {"u0": buffer, "u1": seen}, (1, 1, 1), PROFILE)
    first_bias = buffer.data[BIASES[0]: BIASES[0] + 2].view(np.float16)[0]
    assert first_bias != 0
    assert np.all(seen.data.view(np.float32) == np.float32(first_bias))


def test_a_matrix_read_after_an_accumulate_in_the_same_chunk_sees_it():
    buffer, seen = AddressSpace().allocate(SIZE), AddressSpace().allocate(GROUP * 4)
    run_dispatch(accumulate_then_multiply, {"u0": buffer, "u1": seen}, (1, 1, 1), PROFILE)
    rows, cols = SHAPES[0]
    desc = MatrixDescription(rows, cols, T.F16, L.OuterProductOptimal)
    matrix = decode_matrix(buffer.data[MATRICES[0]:], desc, PROFILE).astype(np.float64)
    assert np.any(matrix != 0)
    assert np.all(seen.data.view(np.float32) == np.float32(matrix[0].sum()))


def test_a_small_hold_limit_flushes_early_with_the_same_bits(monkeypatch, chains):
    results = []
    for limit in (deferred_atomics.MAX_HELD_ELEMENTS, 100):
        monkeypatch.setattr(deferred_atomics, "MAX_HELD_ELEMENTS", limit)
        chains.clear()
        buffer = AddressSpace().allocate(SIZE)
        run_dispatch(training_like, {"u0": buffer}, (3, 1, 1), PROFILE, max_lanes_per_chunk=2 * GROUP)
        results.append((buffer.data.copy(), len(chains)))
    (merged, merged_chains), (early, early_chains) = results
    assert np.array_equal(merged, early)
    assert early_chains > merged_chains == 4


@compute_shader(numthreads=(GROUP, 1, 1))
def accumulate_then_fail(gradients=RWByteAddressBuffer("u0")):
    accumulate_layers(SV_DispatchThreadID()[:, 0], gradients, repeat_first=False)
    raise RuntimeError("the shader stops here")


def test_adds_made_before_a_shader_fails_still_land():
    buffer = AddressSpace().allocate(SIZE)
    with pytest.raises(RuntimeError, match="stops here"):
        run_dispatch(accumulate_then_fail, {"u0": buffer}, (1, 1, 1), PROFILE)
    expected = AddressSpace().allocate(SIZE)
    with standalone_lanes(GROUP):
        accumulate_layers(np.arange(GROUP), expected, repeat_first=False)
    assert np.array_equal(buffer.data, expected.data)


def test_overlap_is_judged_per_backing_store():
    """Targets in different buffers never overlap; in one buffer, byte ranges decide."""
    first, second = np.zeros(64, np.uint8), np.zeros(64, np.uint8)

    def held(data, start):
        return deferred_atomics.HeldAtomics(data, np.arange(start, start + 8, 2), np.zeros((3, 4), np.float16),
                                            np.dtype(np.float16), lambda: None)

    chain = [held(first, 0)]
    assert deferred_atomics._joins(chain, held(second, 0))
    assert deferred_atomics._joins(chain, held(first, 8))
    assert not deferred_atomics._joins(chain, held(first, 6))
    assert not deferred_atomics._joins(chain, held(first[2:], 0))      # a view into the same memory


@pytest.mark.parametrize("atomic_nan,expected", [("propagate", [0x7E01, 0xFE00, 0x3C00]),
                                                 ("canonical", [0x7FFF, 0x7FFF, 0x3C00])])
def test_the_profiles_atomic_nan_decides_a_nan_results_bits(atomic_nan, expected):
    """Memory holding a NaN with a payload, +Inf meeting -Inf, and an ordinary add: IEEE propagation
    (numpy's, x86's negative default NaN for Inf - Inf) or the H100's canonical positive NaN."""
    profile = PROFILE.model_copy(update={"accumulation": PROFILE.accumulation.model_copy(
        update={"atomic_nan": AtomicNan(atomic_nan)})})
    buffer = AddressSpace().allocate(64)
    buffer.data[:6] = np.array([0x7E01, 0x7C00, 0x0000], np.uint16).view(np.uint8)
    vector = np.tile(np.array([1.0, -np.inf, 1.0], np.float16), (32, 1))
    vector[1:, 1] = 0
    with np.errstate(invalid="ignore"):
        dxil.vectoraccumulate(vector[:1], buffer, 0, profile=profile)
    assert buffer.data[:6].view(np.uint16).tolist() == expected
