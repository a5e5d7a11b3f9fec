"""LoadTensor and StoreTensor are tangled: a DecodeFunc (or any user function) may not reach them."""

import numpy as np
import pytest

from dxlinalg.coopmat import (
    TensorLayout,
    createTensorLayoutNV,
    load_tensor,
    setTensorLayoutDimensionNV,
    store_tensor,
)
from dxlinalg.coopmat.tangled import (
    UserFunction,
    calling_user_function,
    running_user_function,
)
from dxlinalg.errors import InvalidArgumentError


def _layout(rows: int, cols: int) -> TensorLayout:
    return setTensorLayoutDimensionNV(createTensorLayoutNV(2), rows, cols)


def test_decode_func_runs_marked_as_a_user_function():
    memory = np.arange(64, dtype=np.uint8)
    seen = []

    def decode(blocks, block_coord, coord_in_block):
        seen.append(running_user_function())
        return np.zeros(len(block_coord), np.float16)

    load_tensor(memory, (2, 2), _layout(2, 2), np.float16, decode=decode, block_bytes=2)
    assert seen and seen[0][0] is UserFunction.DecodeFunc


def test_load_tensor_inside_a_decode_func_is_rejected():
    memory = np.arange(64, dtype=np.uint8)

    def decode(blocks, block_coord, coord_in_block):
        return load_tensor(memory, (2, 2), _layout(2, 2), np.float16).reshape(-1)[: len(block_coord)]

    with pytest.raises(InvalidArgumentError, match="tangled instruction.*inside the DecodeFunc"):
        load_tensor(memory, (2, 2), _layout(2, 2), np.float16, decode=decode, block_bytes=2)


def test_store_tensor_inside_a_combine_func_is_rejected():
    memory = np.zeros(64, dtype=np.uint8)
    with (calling_user_function(UserFunction.CombineFunc, "OpCooperativeMatrixReduceNV"),
          pytest.raises(InvalidArgumentError, match="inside the CombineFunc of OpCooperativeMatrixReduceNV")):
        store_tensor(memory, np.zeros((2, 2), np.float16), _layout(2, 2))
