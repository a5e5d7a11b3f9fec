"""The cooperative-matrix modules compiled by glslang, run on the reference and adversarial profiles.

Results must not depend on the ownership map except through element access by index, which the
test predicts from the profile's map (dxlinalg.coopmat.ownership)."""

from __future__ import annotations

import struct
from pathlib import Path

import numpy as np
import pytest

from dxlinalg.coopmat import CoopMatType, MatrixUse, Scope, ownership_map
from dxlinalg.profile.registry import load_profile
from dxlinalg.spirv import run
from dxlinalg.spirv.errors import (
    SpirvUndefinedBehaviorError,
    SpirvUnsupportedError,
    SpirvValidationError,
)
from tests.spirv.spirv_words import constant_id, read_words, rewrite, without_capability

SHADERS = Path(__file__).resolve().parents[2] / "dxlinalg" / "samples" / "spirv"
PROFILES = ("reference", "adversarial")
LOAD_KHR, STORE_KHR = 4457, 4458


def _gemm(a: np.ndarray, b: np.ndarray, profile: str) -> np.ndarray:
    (m, k), (_, n) = a.shape, b.shape
    out = run(SHADERS / "coopmat_gemm.spv", groups=(-(-n // 16), -(-m // 16), 1),
              buffers={(0, 0): a.ravel(), (0, 1): b.ravel(), (0, 2): np.zeros(m * n, np.float32)},
              push_constants=struct.pack("<3I", m, n, k), profile=profile)
    return out[(0, 2)].reshape(m, n)


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("sizes", [(16, 16, 16), (40, 24, 20), (17, 33, 9), (1, 1, 1)])
def test_gemm_with_clamped_ragged_edges_equals_numpy(profile: str, sizes: tuple[int, int, int]) -> None:
    m, n, k = sizes
    rng = np.random.default_rng(m * 100 + n)
    a = rng.integers(-8, 8, (m, k)).astype(np.float16)
    b = rng.integers(-8, 8, (k, n)).astype(np.float16)
    assert np.array_equal(_gemm(a, b, profile), a.astype(np.float32) @ b.astype(np.float32))


def _slot_index(profile: str) -> np.ndarray:
    """(16, 16): the index i of the component element (r, c) is within its invocation's fragment."""
    accumulator = CoopMatType(np.float32, Scope.Subgroup, 16, 16, MatrixUse.MatrixAccumulatorKHR)
    own = ownership_map(accumulator, load_profile(profile).wave_size, load_profile(profile).coopmat)
    return (own.slot_of_element % own.length).reshape(16, 16)


@pytest.mark.parametrize("profile", PROFILES)
def test_basic_module_load_muladd_element_access_scale_store(profile: str) -> None:
    rng = np.random.default_rng(1)
    a = rng.integers(-4, 4, (16, 16)).astype(np.float16)
    b = rng.integers(-4, 4, (16, 16)).astype(np.float16)
    out = run(SHADERS / "coopmat_basic.spv", buffers={(0, 0): a.ravel(), (0, 1): b.T.copy().ravel(),
                                                      (0, 2): np.zeros(256, np.float32)}, profile=profile)
    product = a.astype(np.float32) @ b.astype(np.float32) + 1          # B is loaded column-major
    expected = (product * 2 + _slot_index(profile)) * np.float32(0.5)
    assert np.array_equal(out[(0, 2)].reshape(16, 16), expected)


def test_the_adversarial_map_differs_so_the_element_access_test_can_fail() -> None:
    assert not np.array_equal(_slot_index("reference"), _slot_index("adversarial"))


def _patched_type(operand: int, value: int) -> np.ndarray:
    """coopmat_basic.spv with operand `operand` of its first OpTypeCooperativeMatrixKHR set to the id of
    the 32-bit constant `value` (a constant the module already declares)."""
    words = np.frombuffer((SHADERS / "coopmat_basic.spv").read_bytes(), np.uint32).copy()
    at, constants, target = 5, {}, None
    while at < words.size:
        count, opcode = int(words[at]) >> 16, int(words[at]) & 0xFFFF
        if opcode == 43 and count == 4:                  # OpConstant %type %id value
            constants.setdefault(int(words[at + 3]), int(words[at + 2]))
        if opcode == 4456 and target is None:
            target = at
        at += count
    assert target is not None
    words[target + 1 + operand] = constants[value]
    return words


def _run_basic(module: np.ndarray) -> None:
    zeros = np.zeros(256, np.float16)
    run(module, buffers={(0, 0): zeros, (0, 1): zeros, (0, 2): np.zeros(256, np.float32)})


def test_muladd_operands_of_different_scopes_are_rejected() -> None:
    with pytest.raises(SpirvValidationError, match="operands have different scopes"):
        _run_basic(_patched_type(2, 2))             # the first type (the accumulator) becomes Workgroup scope


def test_a_use_outside_a_b_accumulator_is_rejected() -> None:
    with pytest.raises(SpirvValidationError, match="CooperativeMatrixUse"):
        _run_basic(_patched_type(5, 16))


def test_a_scope_other_than_workgroup_or_subgroup_is_rejected() -> None:
    with pytest.raises(SpirvValidationError, match="Scope is 16"):
        _run_basic(_patched_type(2, 16))


def _opcodes(name: str) -> set[int]:
    words = np.frombuffer((SHADERS / name).read_bytes(), np.uint32)
    found, at = set(), 5
    while at < words.size:
        found.add(int(words[at]) & 0xFFFF)
        at += int(words[at]) >> 16
    return found


@pytest.mark.parametrize(("module", "names"), [
    ("coopmat_basic.spv", ("OpCooperativeMatrixLoadKHR", "OpCooperativeMatrixStoreKHR", "OpCooperativeMatrixMulAddKHR",
                           "OpCooperativeMatrixLengthKHR", "OpMatrixTimesScalar", "OpConstantComposite")),
    ("coopmat_gemm.spv", ("OpCooperativeMatrixLoadTensorNV", "OpCooperativeMatrixStoreTensorNV",
                          "OpCreateTensorLayoutNV", "OpTensorLayoutSetDimensionNV", "OpTensorLayoutSliceNV")),
    ("coopmat_workgroup.spv", ("OpCooperativeMatrixLoadKHR", "OpCooperativeMatrixStoreKHR",
                               "OpCooperativeMatrixMulAddKHR", "OpCooperativeMatrixLengthKHR", "OpControlBarrier")),
])
def test_the_modules_run_above_contain_each_instruction(module: str, names: tuple[str, ...]) -> None:
    """The module tests above are these instructions' tests: each is in the module they run."""
    from dxlinalg.spirv.grammar import opcode_of
    assert {opcode_of(n) for n in names} <= _opcodes(module)


# -- KHR Load/Store rules, on edited copies of coopmat_basic.spv --------------------------------------------------
def _basic_words() -> list[int]:
    return read_words(SHADERS / "coopmat_basic.spv")


def test_a_memory_layout_other_than_row_or_column_major_is_reported() -> None:
    words = _basic_words()
    module = rewrite(words, LOAD_KHR, lambda ops: [*ops[:3], constant_id(words, 2), *ops[4:]], 0)
    with pytest.raises(SpirvUnsupportedError, match="MemoryLayout 2 is not RowMajorKHR 0 or ColumnMajorKHR 1"):
        _run_basic(module)


def test_a_load_stride_off_the_16_byte_alignment_is_reported_in_strict_mode() -> None:
    words = _basic_words()
    module = rewrite(words, LOAD_KHR, lambda ops: [*ops[:4], constant_id(words, 1), *ops[5:]], 0)
    with pytest.raises(SpirvUndefinedBehaviorError, match="Stride in bytes = 2 bytes is not a multiple of 16"):
        _run_basic(module)


def test_a_store_stride_off_the_16_byte_alignment_is_reported_in_strict_mode() -> None:
    words = _basic_words()
    module = rewrite(words, STORE_KHR, lambda ops: [*ops[:3], constant_id(words, 3), *ops[4:]], 0)
    with pytest.raises(SpirvUndefinedBehaviorError, match="Stride in bytes = 12 bytes is not a multiple of 16"):
        _run_basic(module)


def test_a_row_major_load_without_a_stride_is_rejected() -> None:
    module = rewrite(_basic_words(), LOAD_KHR, lambda ops: ops[:4], 0)
    with pytest.raises(SpirvValidationError, match="'Stride' is missing; RowMajorKHR and ColumnMajorKHR need it"):
        _run_basic(module)


def test_khr_instructions_without_the_cooperative_matrix_capability_are_rejected() -> None:
    with pytest.raises(SpirvValidationError, match="needs the CooperativeMatrixKHR capability"):
        _run_basic(without_capability(_basic_words(), 6022))


def test_make_pointer_available_on_a_khr_load_is_rejected() -> None:
    words = _basic_words()
    scope = constant_id(words, 3)
    module = rewrite(words, LOAD_KHR, lambda ops: [*ops[:5], 0x8 | 0x20, scope], 0)
    with pytest.raises(SpirvValidationError, match="MakePointerAvailable, which is not valid with "
                                                   "OpCooperativeMatrixLoadKHR"):
        _run_basic(module)


def test_make_pointer_visible_on_a_khr_store_is_rejected() -> None:
    words = _basic_words()
    scope = constant_id(words, 3)
    module = rewrite(words, STORE_KHR, lambda ops: [*ops[:4], 0x10 | 0x20, scope], 0)
    with pytest.raises(SpirvValidationError, match="MakePointerVisible, which is not valid with "
                                                   "OpCooperativeMatrixStoreKHR"):
        _run_basic(module)
