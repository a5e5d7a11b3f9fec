import numpy as np
import pytest

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.codecs import decode_elements, element_dtype, encode_elements
from dxlinalg.numerics.component_types import MEMORY_INTERPRETATIONS, ComponentType


@pytest.mark.parametrize("ct", sorted(MEMORY_INTERPRETATIONS), ids=lambda t: t.name)
def test_every_memory_type_round_trips_through_little_endian_bytes(ct):
    raw = np.random.default_rng(int(ct)).integers(0, 256, 64, dtype=np.uint8)
    values = decode_elements(raw, ct)
    assert values.dtype == element_dtype(ct) and values.size == 64 // values.itemsize
    assert np.array_equal(encode_elements(values, ct), raw)


def test_bytes_are_little_endian():
    raw = np.array([0x01, 0x02, 0x03, 0x04], np.uint8)
    assert decode_elements(raw, ComponentType.U32).tolist() == [0x04030201]
    assert decode_elements(raw, ComponentType.I16).tolist() == [0x0201, 0x0403]
    assert decode_elements(np.array([0x00, 0x3C], np.uint8), ComponentType.F16).tolist() == [1.0]
    assert float(decode_elements(np.array([0x38], np.uint8), ComponentType.F8_E4M3)[0]) == 1.0


def test_packed_types_are_stored_as_whole_words():
    assert element_dtype(ComponentType.PackedS8x32) == np.uint32


def test_a_partial_element_is_rejected():
    with pytest.raises(InvalidArgumentError, match="byte count 3 is not a multiple of the F16 element size 2"):
        decode_elements(np.zeros(3, np.uint8), ComponentType.F16)


def test_encoding_needs_values_already_of_the_type():
    with pytest.raises(InvalidArgumentError, match="convert them first"):
        encode_elements(np.zeros(2, np.float32), ComponentType.F16)
