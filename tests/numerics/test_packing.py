import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.component_types import ComponentType
from dxlinalg.numerics.packing import pack_components, packed_word_count, unpack_words


def test_lowest_bits_hold_the_lowest_index():
    words = np.array([[0x04030201, 0xFFFEFD80]], np.uint32)
    assert unpack_words(words, ComponentType.PackedU8x32, 8).tolist() == [[1, 2, 3, 4, 0x80, 0xFD, 0xFE, 0xFF]]
    assert unpack_words(words, ComponentType.PackedS8x32, 8).tolist() == [[1, 2, 3, 4, -128, -3, -2, -1]]


def test_k_smaller_than_four_words_drops_the_high_components():
    words = np.array([[0x04030201, 0x00000005]], np.uint32)
    assert unpack_words(words, ComponentType.PackedU8x32, 5).tolist() == [[1, 2, 3, 4, 5]]


@pytest.mark.parametrize("k,words", [(1, 1), (4, 1), (5, 2), (8, 2), (24, 6), (4096, 1024)])
def test_word_count_is_ceil_k_over_4(k, words):
    assert packed_word_count(k) == words


@given(st.lists(st.integers(-128, 127), min_size=1, max_size=40))
def test_pack_unpack_round_trip(values):
    components = np.array([values], np.int8)
    words = pack_components(components)
    assert words.shape == (1, packed_word_count(len(values)))
    assert unpack_words(words, ComponentType.PackedS8x32, len(values)).tolist() == [values]


def test_packed_words_must_be_uint32():
    with pytest.raises(InvalidArgumentError, match="uint32"):
        unpack_words(np.zeros((1, 2), np.int32), ComponentType.PackedS8x32, 8)
    with pytest.raises(InvalidArgumentError, match="not a packed"):
        unpack_words(np.zeros((1, 2), np.uint32), ComponentType.I8, 8)
