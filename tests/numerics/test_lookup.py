import numpy as np
import pytest

from dxlinalg.numerics.lookup import lookup


@pytest.mark.parametrize("index_type", [np.uint8, np.uint16])
def test_a_whole_table_lookup_is_fancy_indexing(index_type):
    size = 1 << (8 * np.dtype(index_type).itemsize)
    table = np.random.default_rng(1).standard_normal(size).astype(np.float32)
    indices = np.random.default_rng(2).integers(0, size, (37, 5)).astype(index_type)
    indices[0, :2] = 0, size - 1                      # both ends of the table
    assert np.array_equal(lookup(table, indices), table[indices])
    out = np.empty(indices.shape, np.float32)
    assert lookup(table, indices, out=out) is out and np.array_equal(out, table[indices])


@pytest.mark.parametrize("table_size, index_type", [(255, np.uint8), (65536, np.uint8), (65536, np.int16),
                                                    (256, np.int8)])
def test_a_table_that_does_not_cover_every_index_value_is_rejected(table_size, index_type):
    with pytest.raises(ValueError, match="one entry per index value"):
        lookup(np.zeros(table_size, np.float32), np.zeros(3, index_type))


def test_a_large_lookup_goes_a_chunk_at_a_time_with_the_same_result(monkeypatch):
    """Chunks bound np.take's intp copy of the indices; the result must not depend on them."""
    from dxlinalg.numerics import lookup as module

    monkeypatch.setattr(module, "CHUNK_ELEMENTS", 7)
    table = np.random.default_rng(1).standard_normal(256).astype(np.float32)
    indices = np.random.default_rng(2).integers(0, 256, (9, 13)).astype(np.uint8)
    assert np.array_equal(lookup(table, indices), table[indices])
    out = np.empty(indices.shape, np.float32)
    assert lookup(table, indices, out=out) is out and np.array_equal(out, table[indices])
    strided_out = np.empty((9, 26), np.float32)[:, ::2]
    lookup(table, indices, out=strided_out)
    assert np.array_equal(strided_out, table[indices])
