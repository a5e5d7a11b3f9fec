"""dxlinalg/samples/spirv/coopmat_workgroup.spv: Workgroup-scope cooperative matrices (Length from the workgroup size),
KHR Load/Store and LoadTensorNV/StoreTensorNV through Workgroup and PhysicalStorageBuffer pointers (a view too),
and the groupshared race rules on them."""

from __future__ import annotations

import struct
from pathlib import Path

import numpy as np
import pytest

from dxlinalg.coopmat import CoopMatType, MatrixUse, Scope, cooperative_matrix_length
from dxlinalg.memory.address_space import AddressSpace
from dxlinalg.spirv import run
from dxlinalg.spirv.errors import SpirvUndefinedBehaviorError, SpirvValidationError
from tests.spirv.spirv_words import (
    constant_id,
    insert_after,
    instructions,
    read_words,
    rewrite,
)

MODULE = Path(__file__).resolve().parents[2] / "dxlinalg" / "samples" / "spirv" / "coopmat_workgroup.spv"
PROFILES = ("reference", "adversarial")
N, WORKGROUP = 32, 64
OP_CONTROL_BARRIER, OP_EXECUTION_MODE, OP_CONSTANT = 224, 16, 43


def _run(a: np.ndarray, b: np.ndarray, profile: str = "reference", module: object = MODULE
         ) -> tuple[np.ndarray, ...]:
    groups = a.shape[0]
    space = AddressSpace()
    b_columns = space.allocate(b.nbytes, "B, column-major")
    b_columns.data[:] = np.ascontiguousarray(b.transpose(0, 2, 1)).view(np.uint8).ravel()
    out = run(module, groups=(groups, 1, 1),
              buffers={(0, 0): a.ravel(), **{(0, k): np.zeros(a.size, np.float32) for k in (1, 2, 3, 4)}},
              push_constants=struct.pack("<Q", b_columns.address), address_space=space, profile=profile)
    return tuple(out[(0, k)].reshape(a.shape) for k in (1, 2, 3, 4))


def _inputs(groups: int = 3) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(groups)
    return (rng.integers(-4, 4, (groups, N, N)).astype(np.float16),
            rng.integers(-4, 4, (groups, N, N)).astype(np.float16))


@pytest.mark.parametrize("profile", PROFILES)
def test_workgroup_matrices_through_shared_memory_and_a_buffer_reference_equal_numpy(profile: str) -> None:
    a, b = _inputs()
    c, d, e, f = _run(a, b, profile)
    product = a.astype(np.float32) @ b.astype(np.float32) + 1
    length = cooperative_matrix_length(CoopMatType(np.float32, Scope.Workgroup, N, N,
                                                   MatrixUse.MatrixAccumulatorKHR), WORKGROUP)
    assert length == N * N // WORKGROUP
    assert np.array_equal(c, product)
    assert np.array_equal(d, 2 * product + length)        # read back from shared memory; Length from the group
    assert np.array_equal(e, product - 1)                 # LoadTensorNV: A from shared memory, B through the buffer
    assert np.array_equal(f, product - 1)                 # reference and a view; StoreTensorNV to shared memory


def test_a_missing_barrier_before_the_shared_load_is_a_reported_race() -> None:
    module = rewrite(read_words(MODULE), OP_CONTROL_BARRIER, lambda ops: None, 0)
    with pytest.raises(SpirvUndefinedBehaviorError, match="OpCooperativeMatrixLoadKHR"):
        _run(*_inputs(1), module=module)


def test_a_missing_barrier_after_the_shared_store_is_a_reported_race() -> None:
    module = rewrite(read_words(MODULE), OP_CONTROL_BARRIER, lambda ops: None, 1)
    with pytest.raises(SpirvUndefinedBehaviorError, match="read-after-write"):
        _run(*_inputs(1), module=module)


def test_the_workgroup_size_decides_length() -> None:
    """LocalSize 128 instead of 64: Length halves (and the module's result shows it)."""
    words = read_words(MODULE)
    size = [at for at, op, ops in instructions(words) if op == OP_CONSTANT and ops[2:] == [WORKGROUP]]
    assert len(size) == 1                                   # gl_WorkGroupSize.x, the copy loops' step
    words[size[0] + 3] = 128
    module = rewrite(words, OP_EXECUTION_MODE, lambda ops: [ops[0], ops[1], 128, 1, 1], 0)
    a, b = _inputs(1)
    d = _run(a, b, module=module)[1]
    product = a.astype(np.float32) @ b.astype(np.float32) + 1
    assert np.array_equal(d, 2 * product + N * N // 128)


def test_a_workgroup_matrix_without_a_workgroup_size_is_rejected() -> None:
    module = rewrite(read_words(MODULE), OP_EXECUTION_MODE, lambda ops: None, 0)
    with pytest.raises(SpirvValidationError, match="workgroup size"):
        _run(*_inputs(1), module=module)


OP_EXECUTION_MODE_ID, LOCAL_SIZE_ID, OP_TYPE_COOPMAT, OP_TYPE_INT = 331, 38, 4456, 21


def _with_local_size_id(words: list[int], x: int, y: int, z: int) -> np.ndarray:
    """The module with `LocalSize 64 1 1` replaced by `OpExecutionModeId LocalSizeId` of three constant ids."""
    at, ops = next((at, ops) for at, op, ops in instructions(words) if op == OP_EXECUTION_MODE)
    replacement = [6 << 16 | OP_EXECUTION_MODE_ID, ops[0], LOCAL_SIZE_ID, x, y, z]
    return np.array(words[:at] + replacement + words[at + 1 + len(ops):], np.uint32)


def _uint(words: list[int]) -> int:
    return next(ops[0] for _, op, ops in instructions(words) if op == OP_TYPE_INT and ops[1:] == [32, 0])


def test_local_size_id_with_constants_declared_before_the_type_gives_the_length() -> None:
    words = read_words(MODULE)
    first_type = next(at for at, op, _ in instructions(words) if op == OP_TYPE_COOPMAT)
    one = words[3]                                         # a new id: uint 1, declared before the first type
    words[3] += 1
    before = [at for at, op, _ in instructions(words) if op == OP_CONSTANT and at < first_type][-1]
    words = list(insert_after(words, before, OP_CONSTANT, [_uint(words), one, 1]))
    module = _with_local_size_id(words, constant_id(words, 32), constant_id(words, 2, _uint(words)), one)
    a, b = _inputs(1)
    d = _run(a, b, module=module)[1]                    # 32 x 2 x 1 = 64 invocations, as LocalSize said
    assert np.array_equal(d, 2 * (a.astype(np.float32) @ b.astype(np.float32) + 1) + N * N // WORKGROUP)


def test_local_size_id_constants_declared_after_the_type_are_rejected() -> None:
    words = read_words(MODULE)
    one = constant_id(words, 1, _uint(words))              # declared after the first cooperative-matrix type
    module = _with_local_size_id(words, constant_id(words, 64), one, one)
    with pytest.raises(SpirvValidationError, match="workgroup size specified before the type"):
        _run(*_inputs(1), module=module)


def test_a_missing_barrier_before_the_tensor_store_to_shared_memory_is_a_reported_race() -> None:
    module = rewrite(read_words(MODULE), OP_CONTROL_BARRIER, lambda ops: None, 2)   # tileC read, then written
    with pytest.raises(SpirvUndefinedBehaviorError, match="OpCooperativeMatrixStoreTensorNV.*write-after-read"):
        _run(*_inputs(1), module=module)
