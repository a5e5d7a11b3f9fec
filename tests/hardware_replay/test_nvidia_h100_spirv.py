"""The nvidia-h100 profile's SPIR-V MatrixMul(Add) against what a real H100 computed.

tests/data/nvidia_h100_spirv/matvec.npz holds every case of the probe of
docs/hardware-nvidia-h100-spirv.md (inputs and the result bits the GPU wrote). Each run is replayed
through dxlinalg.spirv.coopvec.matrix_mul with the matrix bytes the GPU was given:
- every float and integer run matches bit for bit on nvidia-h100 (its matvec_sum is the measured
  tensor_core_chunks model, its matvec_fp8_input keep_fp16); the three int8/uint8-vector runs the
  driver lists but the profile's rows lack run in permissive mode;
- the spec's float path (the profile with matvec_sum float_accumulator and FP8 inputs converted,
  `SPEC_SUMS`) still differs from the H100 exactly as recorded in residual.tsv where no float32
  summation order can change its bits, and is some float32 summation order elsewhere;
- the documented H100 model (`model_sums`, independent of dxlinalg.linalg) reproduces every float
  result too.
"""

from __future__ import annotations

import csv
from collections import Counter
from functools import cache

import numpy as np
import pytest

from dxlinalg.errors import UnsupportedError
from tests.hardware_replay.nvidia_h100_spirv_replay import (
    DATA,
    FILL,
    LANES,
    SPEC_SUMS,
    _ordered,
    documented_model,
    emulate,
    load_runs,
    matrix_sha256,
    order_robust,
    possible_fp16,
    residual,
)

RUNS = load_runs()
MASKED = [name for name in RUNS if name.endswith("_masked")]
UNLISTED = [name for name, run in RUNS.items() if not run.meta["listed"]]
FLOAT_RUNS = [n for n, r in RUNS.items() if r.is_float and r.meta["listed"] and n not in MASKED]
INTEGER_RUNS = [n for n, r in RUNS.items() if not r.is_float]
# int8/uint8 input vectors: listed by the driver and by the profile's Vulkan answers, not by its D3D12 ones.
VULKAN_ONLY_ROWS = {"mv_s8_s8_m16_k32", "mv_u8_u8_m16_k32", "mv_s8_u8_m16_k32"}


@cache
def emulated(name: str) -> np.ndarray:
    return emulate(RUNS[name], strict=True)


@cache
def emulated_with_spec_sums(name: str) -> np.ndarray:
    return emulate(RUNS[name], profile=SPEC_SUMS)


def documented_residual() -> dict[str, Counter]:
    table: dict[str, Counter] = {}
    with open(DATA / "residual.tsv", newline="") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            table.setdefault(row["run"], Counter())[(row["family"], row["kind"])] = int(row["count"])
    return table


def test_every_recorded_run_is_replayed():
    assert set(RUNS) == set(FLOAT_RUNS) | set(INTEGER_RUNS) | set(MASKED) | set(UNLISTED)
    assert len(FLOAT_RUNS) == 20 and len(INTEGER_RUNS) == 12


@pytest.mark.parametrize("name", FLOAT_RUNS + INTEGER_RUNS)
def test_matrix_bytes_are_the_ones_the_gpu_read(name):
    """The profile's InferencingOptimal encoding still gives the bytes the H100 was given."""
    assert matrix_sha256(RUNS[name]) == RUNS[name].meta["matrices_sha256"]


@pytest.mark.parametrize("name", INTEGER_RUNS)
def test_integer_results_match_the_h100_bit_for_bit(name):
    """Exact int32 sums, int32 wrap-around through the bias, and the input conversions (float and
    int32 to int8/uint8: nearest even, saturating) all agree."""
    assert np.array_equal(emulated(name), RUNS[name].observed)


@pytest.mark.parametrize("name", sorted(VULKAN_ONLY_ROWS))
def test_driver_listed_8bit_vector_inputs_run_in_strict_mode_and_match(name):
    """int8/uint8 input vectors: listed by the driver and by the profile's Vulkan answers (not its D3D12
    ones: HLSL has no 8-bit vectors), so strict mode runs them, bit for bit as the H100 did."""
    assert np.array_equal(emulate(RUNS[name], strict=True), RUNS[name].observed)


@pytest.mark.parametrize("name", FLOAT_RUNS)
def test_float_results_match_the_h100_bit_for_bit(name):
    """Chunks of 16 into an FP16 accumulator from the bias, the 2^(E - 25) window, +0 for zeros,
    0x7FFF for NaNs, FP16 inputs unrounded under FP8 interpretations: every recorded result."""
    assert np.array_equal(emulated(name), RUNS[name].observed)


@pytest.mark.parametrize("name", FLOAT_RUNS)
def test_spec_sums_differ_from_the_h100_exactly_as_recorded_where_order_cannot_matter(name):
    run = RUNS[name]
    counts = residual(run, emulated_with_spec_sums(name), order_robust(run))
    assert counts == documented_residual()[name]


@pytest.mark.parametrize("name", FLOAT_RUNS)
def test_other_spec_sums_are_some_float32_summation_order(name):
    run = RUNS[name]
    low, high = possible_fp16(run)
    result = emulated_with_spec_sums(name)
    finite = np.isfinite(result.view(np.float16))
    ordered = _ordered(result)
    inside = (_ordered(low) <= ordered) & (ordered <= _ordered(high))
    assert inside[finite & ~order_robust(run)].all()


@pytest.mark.parametrize("name", FLOAT_RUNS)
def test_documented_h100_model_reproduces_every_float_result(name):
    assert np.array_equal(documented_model(RUNS[name]), RUNS[name].observed)


@pytest.mark.parametrize("name", ["mv_e4m3_m16_k16_b", "mv_e5m2_m16_k16_b"])
def test_h100_uses_the_fp16_input_unrounded_under_fp8_interpretations(name):
    """Identity matrices: result i is input component i. The H100 returns the FP16 input itself
    (-0 as +0: its sums never give -0), as nvidia-h100 (matvec_fp8_input keep_fp16) does; the
    spec's interpretation rounds it to FP8 (the residual's convert_fp8 rows)."""
    run = RUNS[name]
    finite = np.isfinite(run.inputs.astype(np.float32)).all(axis=-1)
    inputs = run.inputs[finite].view(np.uint16)
    assert np.array_equal(run.observed[finite], np.where(inputs == 0x8000, 0, inputs))
    assert np.array_equal(emulated(name)[finite], run.observed[finite])
    assert (emulated_with_spec_sums(name)[finite] != run.observed[finite]).mean() > 0.95


def test_inactive_lanes_change_nothing_for_the_active_ones():
    run = RUNS[MASKED[0]]
    full = RUNS[run.meta["inputs_from"]].observed
    mask = np.array([(run.meta["lane_mask"] >> lane) & 1 for lane in range(LANES)], bool)
    assert np.array_equal(run.observed[:, mask], full[:, mask])
    assert (run.observed[:, ~mask] == FILL[run.observed.dtype]).all()


@pytest.mark.parametrize("name", UNLISTED)
def test_unlisted_float32_result_is_refused(name):
    """FP16 x FP16 -> FP32 results are not listed; the H100 wrote bits that changed from run to run."""
    with pytest.raises(UnsupportedError, match="not listed"):
        emulate(RUNS[name], strict=True)
