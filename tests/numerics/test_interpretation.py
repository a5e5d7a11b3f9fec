import numpy as np
import pytest

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.component_types import ComponentType as T
from dxlinalg.numerics.conversions import convert_elements
from dxlinalg.numerics.float_conversion import NVIDIA_H100_FLOAT_SETTINGS, FloatConversionSettings
from dxlinalg.numerics.interpretation import interpret_input_vector
from dxlinalg.numerics.packing import pack_components

SETTINGS = FloatConversionSettings()


def test_float_input_as_int8_rounds_to_even_and_saturates():
    physical = np.array([[0.5, 1.5, -2.5, 200.0, -300.0, np.nan]], np.float32)
    logical = interpret_input_vector(physical, False, T.I8, 6, SETTINGS)
    assert logical.values.dtype == np.int8          # the interpretation's own type: exact, and cheap to widen
    assert logical.values.tolist() == [[0, 2, -2, 127, -128, 0]]


def test_packed_input_is_a_bitcast_lowest_bits_first():
    components = np.array([[1, -2, 3, -4, 5]], np.int8)
    words = pack_components(components)
    logical = interpret_input_vector(words, True, T.PackedS8x32, 5, SETTINGS)
    assert logical.values.tolist() == [[1, -2, 3, -4, 5]]
    unsigned = interpret_input_vector(words, True, T.PackedU8x32, 5, SETTINGS)
    assert unsigned.values.tolist() == [[1, 254, 3, 252, 5]]


def test_float16_input_as_fp8_is_held_exactly_in_float32():
    physical = np.array([[1.0, 17.0, 1000.0]], np.float16)
    logical = interpret_input_vector(physical, False, T.F8_E4M3, 3, SETTINGS)
    assert logical.values.dtype == np.float32
    assert logical.values.tolist() == [[1.0, 16.0, 448.0]]  # reference settings saturate


def test_integer_input_as_float16():
    logical = interpret_input_vector(np.array([[2049, -3]], np.int32), False, T.F16, 2, SETTINGS)
    assert logical.values.tolist() == [[2048.0, -3.0]]


def test_packed_input_needs_ceil_k_over_4_words():
    with pytest.raises(InvalidArgumentError, match=r"NUMi == ceil\(K/4\) = 2"):
        interpret_input_vector(np.zeros((1, 3), np.uint32), True, T.PackedS8x32, 8, SETTINGS)


def test_non_packed_input_needs_numi_equal_k():
    with pytest.raises(InvalidArgumentError, match="NUMi = 3 must equal K = 4"):
        interpret_input_vector(np.zeros((1, 3), np.float16), False, T.F16, 4, SETTINGS)


def test_packed_input_needs_a_32_bit_unsigned_vector():
    with pytest.raises(InvalidArgumentError, match="32-bit unsigned"):
        interpret_input_vector(np.zeros((1, 2), np.int32), False, T.PackedS8x32, 8, SETTINGS)
    with pytest.raises(InvalidArgumentError, match="32-bit unsigned"):
        interpret_input_vector(np.zeros((1, 2), np.uint16), True, T.PackedS8x32, 8, SETTINGS)


def test_unsigned_flag_must_match_the_element_type():
    with pytest.raises(InvalidArgumentError, match="input_unsigned = True"):
        interpret_input_vector(np.zeros((1, 2), np.float32), True, T.F32, 2, SETTINGS)
    with pytest.raises(InvalidArgumentError, match="input_unsigned = False"):
        interpret_input_vector(np.zeros((1, 2), np.uint32), False, T.U32, 2, SETTINGS)


def test_interpretation_must_be_valid_for_registers():
    with pytest.raises(InvalidArgumentError, match="input_interpretation = F64"):
        interpret_input_vector(np.zeros((1, 2), np.float32), False, T.F64, 2, SETTINGS)


def test_physical_vector_types_are_the_hlsl_ones():
    with pytest.raises(InvalidArgumentError, match="dtype float64"):
        interpret_input_vector(np.zeros((1, 2), np.float64), False, T.F32, 2, SETTINGS)
    with pytest.raises(InvalidArgumentError, match=r"shape \(lanes, NUMi\)"):
        interpret_input_vector(np.zeros(2, np.float32), False, T.F32, 2, SETTINGS)


@pytest.mark.parametrize("settings", [SETTINGS, NVIDIA_H100_FLOAT_SETTINGS], ids=["reference", "nvidia"])
@pytest.mark.parametrize("fp8", [T.F8_E4M3, T.F8_E5M2], ids=lambda t: t.name)
def test_every_half_under_an_fp8_interpretation_is_the_conversion_widened(fp8, settings):
    """Half vectors under FP8 interpretations are read through a table; it must be the conversion itself."""
    halves = np.arange(1 << 16, dtype=np.uint32).astype(np.uint16).view(np.float16).reshape(-1, 16)
    logical = interpret_input_vector(halves, False, fp8, 16, settings)
    expected = convert_elements(halves, T.F16, fp8, settings).astype(np.float32)
    assert logical.values.dtype == np.float32
    assert np.array_equal(logical.values.view(np.uint32), expected.view(np.uint32))
