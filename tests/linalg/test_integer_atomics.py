"""Integer atomic adds write exactly their elements' bytes and wrap (found by tests/fuzz).

numpy's add.accumulate sums int32 and int16 in int64 unless told otherwise; the chain's int64 result was
scattered back as 8 bytes per element, so a negative sum's sign bytes landed on the next element, or past
the target (outside the destination, into whatever follows it).
"""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg import dxil
from dxlinalg.gpu import RWByteAddressBuffer, SV_DispatchThreadID, compute_shader, run_dispatch
from dxlinalg.memory.address_space import AddressSpace


@pytest.mark.parametrize("dtype", [np.int32, np.int16, np.uint32, np.uint16])
def test_vector_accumulate_of_integers_writes_only_its_elements(dtype):
    memory = np.full(256, 0xAB, np.uint8)
    size = np.dtype(dtype).itemsize
    start = memory[64: 64 + 2 * size].view(dtype).copy()
    values = np.array([[-7, 9], [-1, 2]]).astype(dtype)   # (unlisted on reference: permissive mode computes them)
    dxil.vectoraccumulate(values, memory, 64, strict=False)
    untouched = np.r_[0:64, 64 + 2 * size:256]
    assert (memory[untouched] == 0xAB).all()
    expected = (start.astype(np.int64) + values.astype(np.int64).sum(axis=0)).astype(dtype)   # wraps
    assert np.array_equal(memory[64: 64 + 2 * size].view(dtype), expected)


def test_integer_accumulate_inside_a_dispatch_writes_only_its_element():
    @compute_shader(numthreads=(4, 1, 1))
    def accumulate(out=RWByteAddressBuffer("u0")):
        tid = SV_DispatchThreadID()[:, 0].astype(np.int64)
        dxil.vectoraccumulate((-1 - tid).astype(np.int32)[:, None], out, 64)

    buffer = AddressSpace().allocate(256)
    run_dispatch(accumulate, {"u0": buffer}, profile="reference", strict=False)
    assert buffer.data[64:68].view(np.int32)[0] == -10 and not buffer.data[68:].any() and not buffer.data[:64].any()
