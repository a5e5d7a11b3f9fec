import numpy as np
import pytest

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.gpu.pack_intrinsics import pack_clamp_s8, pack_clamp_u8, pack_s8, pack_u8, unpack_s8s32, unpack_u8u32
from dxlinalg.numerics.component_types import ComponentType
from dxlinalg.numerics.packing import unpack_words


def test_lowest_bits_hold_component_zero():
    assert int(pack_s8(np.array([1, 2, 3, 4]))) == 0x04030201
    assert int(pack_u8(np.array([0xFF, 0, 0, 0x80]))) == 0x800000FF


def test_clamping_variants_saturate_and_plain_ones_wrap():
    values = np.array([[300, -300, 127, -129]])
    assert unpack_s8s32(pack_clamp_s8(values)).tolist() == [[127, -128, 127, -128]]
    assert unpack_s8s32(pack_s8(values)).tolist() == [[44, -44, 127, 127]]
    assert unpack_u8u32(pack_clamp_u8(values)).tolist() == [[255, 0, 127, 0]]


def test_packed_words_are_what_the_packed_interpretation_reads():
    values = np.random.default_rng(1).integers(-128, 128, (5, 8, 4))
    words = pack_clamp_s8(values)
    unpacked = unpack_words(words, ComponentType.PackedS8x32, 32)
    assert np.array_equal(unpacked.reshape(5, 8, 4), values)


def test_pack_needs_four_integer_components():
    with pytest.raises(InvalidArgumentError, match="int4"):
        pack_clamp_s8(np.zeros(3, np.int32))
    with pytest.raises(InvalidArgumentError, match="int4"):
        pack_s8(np.zeros(4, np.float32))
