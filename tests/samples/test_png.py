import numpy as np
import pytest

from dxlinalg.samples.png import decode_png_rgb, encode_png


def test_png_round_trip_and_signature():
    image = np.random.default_rng(0).integers(0, 256, (5, 7, 3), dtype=np.uint8)
    data = encode_png(image)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert np.array_equal(decode_png_rgb(data), image)


def test_float_images_are_clipped_and_quantised():
    image = np.array([[[-1.0, 0.5, 2.0]]])
    assert decode_png_rgb(encode_png(image)).tolist() == [[[0, 128, 255]]]


def test_wrong_shapes_are_rejected():
    with pytest.raises(ValueError, match="height, width, 3"):
        encode_png(np.zeros((4, 4)))
