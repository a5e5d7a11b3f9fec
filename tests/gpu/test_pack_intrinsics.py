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


@pytest.mark.parametrize("dtype", [np.int16, np.int32, np.int64, np.uint32])
def test_packing_equals_shifting_each_low_byte_into_place(dtype):
    rng = np.random.default_rng(7)
    info = np.iinfo(dtype)
    values = rng.integers(max(info.min, -1000), min(info.max, 1000), (6, 5, 4)).astype(dtype)

    def shifted(components):
        low = components.astype(np.int64) & 0xFF
        return (low[..., 0] | low[..., 1] << 8 | low[..., 2] << 16 | low[..., 3] << 24).astype(np.uint32)

    wide = values.astype(np.int64)
    assert np.array_equal(pack_s8(values), shifted(wide))
    assert np.array_equal(pack_u8(values), shifted(wide))
    assert np.array_equal(pack_clamp_s8(values), shifted(np.clip(wide, -128, 127)))
    assert np.array_equal(pack_clamp_u8(values), shifted(np.clip(wide, 0, 255)))
    words = pack_s8(values)
    assert words.dtype == np.uint32 and words.shape == (6, 5)
    assert np.array_equal(unpack_words(words, ComponentType.PackedU8x32, 20).reshape(6, 5, 4), wide & 0xFF)
