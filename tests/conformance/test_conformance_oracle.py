"""The suite's oracle says what 0029 says, and stands on its own."""

from __future__ import annotations

import ast
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

from dxlinalg.conformance import datatypes as dt
from dxlinalg.conformance import oracle
from dxlinalg.conformance.cases import MINIMUM_MUL, MINIMUM_OUTER_PRODUCT, MINIMUM_VECTOR_ACCUMULATE, MulCombination
from dxlinalg.conformance.data import GRID, conversion_sweep, rng_for
from dxlinalg.profile import minimum_set

PACKAGE = Path(dt.__file__).parent


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            names.add(node.module or "")
    return names


def test_the_oracle_imports_nothing_of_the_emulator():
    for module in ("oracle.py", "datatypes.py", "data.py"):
        foreign = {m for m in imported_modules(PACKAGE / module)
                   if m.startswith("dxlinalg") and not m.startswith("dxlinalg.conformance")}
        assert not foreign, f"{module} imports {foreign}"


def test_the_package_reaches_devices_only_through_d3d12api():
    for path in PACKAGE.glob("*.py"):
        for module in imported_modules(path):
            assert not module.startswith(("dxlinalg.dxil", "dxlinalg.linalg", "dxlinalg.spirv",
                                          "dxlinalg.profile.matrix_storage", "dxlinalg.gpu", "dxlinalg.numerics",
                                          "d3d12api.")), f"{path.name} imports {module}"


def test_the_minimum_set_matches_the_profile_layers_copy():
    assert set(MINIMUM_MUL) == {MulCombination(*(int(t) for t in p.key())) for p in minimum_set.MINIMUM_MUL}
    assert set(MINIMUM_OUTER_PRODUCT) == {(int(p.input_type), int(p.accumulation_type))
                                          for p in minimum_set.MINIMUM_OUTER_PRODUCT}
    assert set(MINIMUM_VECTOR_ACCUMULATE) == {(int(p.input_type), int(p.accumulation_type))
                                              for p in minimum_set.MINIMUM_VECTOR_ACCUMULATE}


@pytest.mark.parametrize(("value", "datatype", "accepted", "rejected"), [
    (464.0, dt.E4M3, [448.0], [np.nan]),                 # a tie to the even 448: in range
    (464.5, dt.E4M3, [448.0, np.nan], [480.0]),          # past it: saturate or NaN
    (-1e9, dt.E4M3, [-448.0, np.nan], [448.0]),
    (np.inf, dt.E4M3, [448.0, np.nan], [-448.0]),
    (61439.0, dt.E5M2, [57344.0], [np.inf]),
    (61440.0, dt.E5M2, [np.inf, 57344.0], [np.nan]),     # the tie goes to 65536: overflow
    (-np.inf, dt.E5M2, [-np.inf, -57344.0], [np.inf]),
    (65519.0, dt.FLOAT16, [65504.0], [np.inf]),
    (65520.0, dt.FLOAT16, [np.inf], [65504.0]),          # FP16 has Inf: no saturation
    (np.nan, dt.FLOAT16, [np.nan], [0.0]),
    (-0.0, dt.E4M3, [0.0, -0.0], [np.nan]),              # the sign of zero is not pinned down
    (2.0 ** -10, dt.E4M3, [0.0], [2.0 ** -9]),           # half the smallest subnormal: tie to even (0)
    (1.5 * 2.0 ** -9, dt.E4M3, [2.0 ** -8], [2.0 ** -9, 0.0]),
    (2.0 ** -25, dt.FLOAT16, [0.0], [2.0 ** -24]),
    (3 * 2.0 ** -26, dt.FLOAT16, [2.0 ** -24], [0.0]),   # gradual underflow, no flush to zero
])
def test_conversion_acceptance(value, datatype, accepted, rejected):
    source = np.full(len(accepted) + len(rejected), value)
    ok = oracle.conversion_matches(source, datatype, np.array(accepted + rejected))
    assert ok.tolist() == [True] * len(accepted) + [False] * len(rejected)


@pytest.mark.parametrize("dest", [dt.FLOAT16, dt.E4M3, dt.E5M2])
def test_the_fp32_sweep_agrees_with_ml_dtypes_wherever_ml_dtypes_is_in_range(dest):
    values = conversion_sweep(dt.FLOAT32, dest, rng_for("sweep"))
    with np.errstate(over="ignore", invalid="ignore"):
        cast = values.astype(dt.NUMPY[dest]).astype(np.float64)
    source = oracle.as_float64(values)
    threshold, _ = dt.overflow_threshold(dest)
    in_range = np.isfinite(source) & (np.abs(source) < threshold)
    assert oracle.conversion_matches(source[in_range], dest, cast[in_range]).all()
    assert (cast[in_range] != source[in_range]).sum() > 50_000, "the sweep must hold many values that round"


def test_packed_inputs_are_bitcasts_lowest_byte_first_and_ignore_bytes_past_k():
    words = np.array([[0x04FD0201, 0xFFFFFF80]], np.uint32)
    assert oracle.interpret_input(words, dt.UINT32, dt.SINT8_PACKED, 5).tolist() == [[1, 2, -3, 4, -128]]
    assert oracle.interpret_input(words, dt.UINT32, dt.UINT8_PACKED, 5).tolist() == [[1, 2, 253, 4, 128]]


def test_float_to_int_rounds_to_nearest_even_and_saturates():
    x = np.array([[0.5, 1.5, 2.5, -2.5, 127.5, 300.0, -128.5, -1000.0]], np.float32)
    assert oracle.interpret_input(x, dt.FLOAT32, dt.SINT8, 8).tolist() == [[0, 2, 2, -2, 127, 127, -128, -128]]
    assert oracle.interpret_input(np.array([[-5, 300]], np.int32), dt.SINT32, dt.UINT8, 2).tolist() == [[0, 255]]


def test_integer_sums_wrap_at_32_bits_and_narrow_results_saturate():
    w = np.array([[127, 127]]), np.array([[1 << 30, 1 << 30]])
    big = oracle.matvec(np.array([[1, 1]]), w[1], None, dt.SINT32, dt.SINT8, dt.SINT32)
    assert big.tolist() == [[-(1 << 31)]]
    assert oracle.matvec(np.array([[1, 1]]), w[1], None, dt.SINT32, dt.SINT8, dt.SINT16).tolist() == [[32767]]


def test_the_grid_keeps_fp16_sums_exact():
    rng = np.random.default_rng(1)
    w, x = rng.choice(GRID, (64, 128)), rng.choice(GRID, (32, 128))
    exact = x @ w.T
    assert np.array_equal(exact.astype(np.float16).astype(np.float64), exact)
    assert all(np.array_equal(GRID.astype(t).astype(np.float64), GRID)
               for t in (np.float16, ml_dtypes.float8_e4m3fn, ml_dtypes.float8_e5m2))


def test_cts_relative_error():
    assert oracle.cts_relative_error(np.array([0.1, 10.0]), np.array([0.2, 10.5])).tolist() == pytest.approx([0.02, 0.05])
    assert oracle.cts_relative_limit(16, 16) == 0.06 and oracle.cts_relative_limit(10, 10) == 0.01
