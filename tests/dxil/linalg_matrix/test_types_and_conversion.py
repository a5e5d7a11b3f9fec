"""SM 6.10 LinAlg enums, traits and 0035's conversion rules against plain-Python oracles."""

from __future__ import annotations

from fractions import Fraction

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.dxil.linalg_matrix.conversion import convert
from dxlinalg.dxil.linalg_matrix.types import (
    MATRIX_COMPONENT_TYPES,
    ComponentType,
    DimMN,
    DstN,
    ElementsPerScalar,
    IsNativeScalar,
    MatrixLayout,
    MatrixScope,
    MatrixType,
    MatrixUse,
    ScalarCountFromPackedComponents,
    element_dtype,
    parse_mangling,
    to_numerics_type,
)
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.float_conversion import FloatConversionSettings

C = ComponentType
SETTINGS = FloatConversionSettings()


def test_enums_have_dxils_and_0035s_values():
    # DXC include/dxc/DXIL/DxilConstants.h and tools/clang/lib/Headers/hlsl/dx/linalg.h at 9a3e225d
    assert {c.name: int(c) for c in MATRIX_COMPONENT_TYPES} == {
        "I8": 19, "I16": 2, "I32": 4, "I64": 6, "U8": 20, "U16": 3, "U32": 5, "U64": 7, "F8_E4M3FN": 21,
        "F8_E5M2": 22, "F16": 8, "F32": 9, "F64": 10, "BFloat16": 23}
    assert [int(u) for u in MatrixUse] == [0, 1, 2] and [int(s) for s in MatrixScope] == [0, 1, 2]
    assert {m.name: int(m) for m in MatrixLayout} == {
        "RowMajor": 0, "ColMajor": 1, "MulOptimal": 2, "MulOptimalTranspose": 3, "OuterProductOptimal": 4,
        "OuterProductOptimalTranspose": 5}


def test_sm69_and_sm610_number_the_8_bit_types_differently_and_map_by_name():
    assert to_numerics_type(C.I8).name == "I8" and int(to_numerics_type(C.I8)) == 20
    assert to_numerics_type(C.F8_E4M3FN).name == "F8_E4M3"


def test_traits_follow_the_header():
    for c in MATRIX_COMPONENT_TYPES:
        expected = 1 if c in (C.I16, C.U16, C.F16, C.I32, C.U32, C.F32, C.I64, C.U64, C.F64) else (
            2 if c == C.BFloat16 else 4)
        assert ElementsPerScalar(c) == expected
        assert IsNativeScalar(c) == (expected == 1)
    assert DstN(C.I8, C.F32, 5) == 2 and DstN(C.F32, C.I8, 2) == 8 and DstN(C.BFloat16, C.F16, 3) == 2
    assert DimMN(3, 4, False) == (3, 4) and DimMN(3, 4, True) == (4, 3)
    assert ScalarCountFromPackedComponents(C.U8, 9) == 3


def test_matrix_type_mangling_round_trips_and_k_is_n_for_a_m_for_b():
    t = MatrixType(C.F16, 3, 4, MatrixUse.A, MatrixScope.Wave)
    assert t.mangling == "C8M3N4U0S1" and parse_mangling("%dx.types.LinAlgMatrixC8M3N4U0S1") == t
    assert t.k == 4 and t.with_(use=MatrixUse.B).k == 3 and t.with_(use=MatrixUse.Accumulator).k is None
    with pytest.raises(InvalidArgumentError, match="Use"):
        MatrixType(C.F16, 3, 4, 3, 1)
    with pytest.raises(InvalidArgumentError, match="mangling"):
        parse_mangling("C8M3N4")


# -- conversions ------------------------------------------------------------------------------------------------
INTS = [C.I8, C.U8, C.I16, C.U16, C.I32, C.U32, C.I64, C.U64]
FLOATS = [C.F16, C.F32, C.F64, C.BFloat16, C.F8_E4M3FN, C.F8_E5M2]


def _range(c: ComponentType) -> tuple[int, int]:
    info = np.iinfo(element_dtype(c))
    return int(info.min), int(info.max)


@pytest.mark.parametrize("source", INTS)
@pytest.mark.parametrize("destination", INTS)
def test_integer_to_integer_saturates(source, destination):
    lo, hi = _range(source)
    picks = sorted({lo, hi, 0, 1, lo // 3, hi // 7, min(hi, 300), max(lo, -300)})
    values = np.array(picks, dtype=element_dtype(source))
    got = convert(values, source, destination, SETTINGS)
    dlo, dhi = _range(destination)
    assert [int(v) for v in got] == [min(max(int(v), dlo), dhi) for v in picks]


@pytest.mark.parametrize("source", [C.F16, C.F32, C.F64])
@pytest.mark.parametrize("destination", INTS)
def test_float_to_integer_rounds_to_nearest_even_and_saturates(source, destination):
    picks = [0.5, 1.5, 2.5, -0.5, -2.5, 127.5, 255.5, -128.5, 1e4, -1e4, 7.25, float("inf"), float("-inf")]
    values = np.array(picks, dtype=element_dtype(source))
    got = convert(values, source, destination, SETTINGS)
    lo, hi = _range(destination)
    expected = [lo if v == float("-inf") else hi if v == float("inf") else min(max(round(float(v)), lo), hi)
                for v in values]      # Python's round() ties to even
    assert [int(v) for v in got] == expected
    assert int(convert(np.array([np.nan], element_dtype(source)), source, destination, SETTINGS)[0]) == 0


@given(st.lists(st.floats(allow_nan=False, width=32), min_size=1, max_size=20),
       st.sampled_from([C.F16, C.BFloat16, C.F8_E4M3FN, C.F8_E5M2]), st.sampled_from(["nearest_even", "toward_zero"]))
@settings(max_examples=60, deadline=None)
def test_float_to_float_is_a_best_approximation_by_the_profiles_rounding(values, destination, rounding):
    source = np.array(values, np.float32)
    got = convert(source, C.F32, destination, SETTINGS, rounding)
    with np.errstate(invalid="ignore"):
        candidates = np.arange(1 << (8 * element_dtype(destination).itemsize), dtype=np.uint64).astype(
            f"<u{element_dtype(destination).itemsize}").view(element_dtype(destination)).astype(np.float64)
    finite = np.sort(np.unique(candidates[np.isfinite(candidates)]))
    for x, y in zip(source.astype(np.float64), got.astype(np.float64)):
        if abs(x) > finite[-1]:
            continue                                                   # overflow: the FP8 settings' business
        below = finite[finite <= x].max()
        above = finite[finite >= x].min()
        assert y in (below, above) or (y == 0 and below == 0)
        if rounding == "toward_zero":
            assert abs(Fraction(float(y))) <= abs(Fraction(float(x)))
        elif below != above:
            d_below, d_above = Fraction(float(x)) - Fraction(float(below)), Fraction(float(above)) - Fraction(float(x))
            assert (y == below) == (d_below < d_above) or d_below == d_above


def test_integer_to_float_rounds_to_nearest_even_and_fp8_is_e4m3fn_and_e5m2():
    got = convert(np.array([2049, 2051, 65520], np.int32), C.I32, C.F16, SETTINGS)
    assert got.tolist() == [2048.0, 2052.0, float("inf")]
    assert convert(np.array([448.0, 0.001953125], np.float32), C.F32, C.F8_E4M3FN, SETTINGS).view(
        np.uint8).tolist() == [0x7E, 0x01]                          # max 448, min subnormal 2^-9
    e5m2 = convert(np.array([57344.0], np.float32), C.F32, C.F8_E5M2, SETTINGS)
    assert e5m2.dtype == np.dtype(ml_dtypes.float8_e5m2) and float(e5m2[0]) == 57344.0


def test_conversion_rejects_values_of_the_wrong_dtype():
    with pytest.raises(InvalidArgumentError, match="dtype"):
        convert(np.array([1.0], np.float64), C.F32, C.F16, SETTINGS)
    with pytest.raises(InvalidArgumentError, match="float_rounding"):
        convert(np.array([1.0], np.float32), C.F32, C.F16, SETTINGS, "up")
