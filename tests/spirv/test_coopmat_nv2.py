"""SPV_NV_cooperative_matrix2's Reduce, PerElementOp, ConvertNV and TransposeNV in the SPIR-V executor.

The glslang modules of dxlinalg/samples/spirv run on the reference and adversarial profiles, and each result
is compared with dxlinalg.coopmat called directly on the same matrices with the same settings and call
numbers: the executor adds no semantics of its own. On the adversarial profile a subgroup is 4
invocations, so the 32 invocations of a group hold 8 matrices (one region of the output each) and the
non-commutative reduction shows that each group is combined in its own seeded order.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from dxlinalg.coopmat import per_element as pe
from dxlinalg.coopmat import reduce as rd
from dxlinalg.coopmat import transpose as tr
from dxlinalg.coopmat.matrix_type import CoopMatrix, CoopMatType, MatrixUse, Scope
from dxlinalg.profile.registry import load_profile
from dxlinalg.spirv import run

SHADERS = Path(__file__).resolve().parents[2] / "dxlinalg" / "samples" / "spirv"
PROFILES = ("reference", "adversarial")
ACC, A, B = MatrixUse.MatrixAccumulatorKHR, MatrixUse.MatrixAKHR, MatrixUse.MatrixBKHR
F32, F16 = np.dtype(np.float32), np.dtype(np.float16)


def subgroups(profile: str) -> int:
    """Matrices per 32-invocation group: one per subgroup."""
    return 32 // load_profile(profile).wave_size


def held(values: np.ndarray, profile: str, dtype: np.dtype, rows: int, cols: int) -> CoopMatrix:
    """`values` as the matrix every subgroup of the group loads."""
    count = subgroups(profile)
    return CoopMatrix(CoopMatType(dtype, Scope.Subgroup, rows, cols, ACC),
                      np.broadcast_to(values, (count, rows, cols)).copy())


def acc(dtype: np.dtype, rows: int, cols: int, use: MatrixUse = ACC) -> CoopMatType:
    return CoopMatType(dtype, Scope.Subgroup, rows, cols, use)


# -- Reduce ---------------------------------------------------------------------------------------------
def run_reduce(values: np.ndarray, profile: str) -> np.ndarray:
    out = run(SHADERS / "coopmat_reduce.spv", buffers={(0, 0): values.ravel(), (0, 1): np.zeros(8 * 512, np.float32)},
              profile=profile)
    return out[(0, 1)][:subgroups(profile) * 512].reshape(-1, 512)


#: The module's reductions in program order (so call_index k): mask, combine, result shape, output offset.
REDUCTIONS = [
    (rd.ReduceMask.Row, np.add, (16, 16), 0),
    (rd.ReduceMask.Column, np.maximum, (4, 16), 256),
    (rd.ReduceMask.Row | rd.ReduceMask.Column, np.add, (2, 8), 320),
    (rd.ReduceMask.Reduce2x2, np.maximum, (8, 8), 336),
    (rd.ReduceMask.Row, lambda a, b: a * np.float32(2) + b, (16, 1), 400),
]


@pytest.mark.parametrize("profile", PROFILES)
def test_reduce_module_equals_coopmat_reduce_on_the_same_matrices(profile: str) -> None:
    values = np.random.default_rng(3).integers(0, 4, (16, 16)).astype(np.float32)
    out = run_reduce(values, profile)
    matrix = held(values, profile, F32, 16, 16)
    settings = load_profile(profile).coopmat
    for call_index, (mask, combine, (rows, cols), offset) in enumerate(REDUCTIONS):
        expected = rd.reduce_matrix(matrix, acc(F32, rows, cols), mask, combine, settings, call_index=call_index)
        got = out[:, offset:offset + rows * cols].reshape(-1, rows, cols)
        assert np.array_equal(got, expected.values), (profile, mask)


def test_the_non_commutative_combine_shows_the_profiles_order() -> None:
    """2a + b: sequential on reference; a different seeded order for each row and subgroup on adversarial."""
    values = np.random.default_rng(4).integers(0, 4, (16, 16)).astype(np.float32)
    folded = np.zeros(16, np.float32)
    for column in range(16):
        folded = values[:, 0] if column == 0 else folded * 2 + values[:, column]
    assert np.array_equal(run_reduce(values, "reference")[0, 400:416], folded)
    adversarial = run_reduce(values, "adversarial")[:, 400:416]
    assert not np.array_equal(adversarial[0], folded) and not np.array_equal(adversarial[0], adversarial[1])


# -- PerElementOp ----------------------------------------------------------------------------------------
def run_per_element(values: np.ndarray, other: np.ndarray, factor: float, profile: str) -> tuple[np.ndarray, int]:
    out = run(SHADERS / "coopmat_per_element.spv",
              buffers={(0, 0): values.ravel(), (0, 1): other.ravel(), (0, 2): np.zeros(8 * 512, np.float32),
                       (0, 3): np.zeros(1, np.uint32)},
              push_constants=np.float32(factor).tobytes(), profile=profile)
    return out[(0, 2)][:subgroups(profile) * 512].reshape(-1, 512), int(out[(0, 3)][0])


def placed(row: np.ndarray, col: np.ndarray, element: np.ndarray) -> np.ndarray:
    return element + (row * np.uint32(100) + col).astype(np.float32)


def scale_add(row: np.ndarray, col: np.ndarray, element: np.ndarray, other: np.ndarray, factor: np.ndarray
              ) -> np.ndarray:
    return element * factor + other - row.astype(np.float32)


@pytest.mark.parametrize("profile", PROFILES)
def test_per_element_module_equals_coopmat_per_element_op(profile: str) -> None:
    rng = np.random.default_rng(5)
    values = rng.integers(-8, 8, (16, 16)).astype(np.float32)
    other = rng.integers(-8, 8, (16, 16)).astype(np.float32)
    out, _ = run_per_element(values, other, 3.0, profile)
    settings = load_profile(profile).coopmat
    matrix, extra = held(values, profile, F32, 16, 16), held(other, profile, F32, 16, 16)
    first = pe.per_element_op(matrix, placed, settings=settings, call_index=0)
    assert np.array_equal(out[:, :256].reshape(-1, 16, 16), first.values)
    for subgroup in range(subgroups(profile)):   # the scalar operand is factor + gl_SubgroupID: one call per value
        alone = CoopMatrix(matrix.type, matrix.values[subgroup:subgroup + 1])
        second = pe.per_element_op(alone, scale_add, CoopMatrix(extra.type, extra.values[subgroup:subgroup + 1]),
                                   np.float32(3 + subgroup), settings=settings, call_index=1 + subgroup)
        assert np.array_equal(out[subgroup, 256:].reshape(16, 16), second.values[0])


@pytest.mark.parametrize("profile", PROFILES)
def test_func_is_called_as_the_profiles_per_element_calls_say(profile: str) -> None:
    """`placed` counts its calls with an atomic: every element once, plus a quarter again under shuffled_repeated."""
    _, calls = run_per_element(np.zeros((16, 16), np.float32), np.zeros((16, 16), np.float32), 1.0, profile)
    elements = subgroups(profile) * 256
    repeated = -(-elements // pe.REPEATED_FRACTION)
    assert calls == (elements if load_profile(profile).coopmat.per_element_calls == "once_in_order"
                     else elements + repeated)


# -- ConvertNV / TransposeNV -----------------------------------------------------------------------------
@pytest.mark.parametrize("profile", PROFILES)
def test_convert_and_transpose_module_equals_coopmat(profile: str) -> None:
    source = np.random.default_rng(6).integers(-64, 64, 384).astype(np.float16)
    out = run(SHADERS / "coopmat_convert.spv", buffers={(0, 0): source, (0, 1): np.zeros(8 * 1024, np.float16),
                                                         (0, 2): np.zeros(8 * 256, np.float32)}, profile=profile)
    count = subgroups(profile)
    halves = out[(0, 1)][:count * 1024].reshape(count, 1024)
    square = held(source[:256].reshape(16, 16), profile, F16, 16, 16)
    tall = held(source[256:].reshape(16, 8), profile, F16, 16, 8)
    assert np.array_equal(halves[:, :256].reshape(-1, 16, 16), tr.convert_matrix(square, acc(F16, 16, 16, A)).values)
    assert np.array_equal(halves[:, 256:512].reshape(-1, 16, 16),
                          tr.convert_matrix(square, acc(F16, 16, 16, B)).values)
    assert np.array_equal(halves[:, 512:640].reshape(-1, 8, 16),
                          tr.transpose_matrix(tall, acc(F16, 8, 16, B)).values)
    widened = out[(0, 2)][:count * 256].reshape(-1, 16, 16)
    assert np.array_equal(widened, square.values.astype(np.float32))


def _opcodes(name: str) -> set[int]:
    words = np.frombuffer((SHADERS / name).read_bytes(), np.uint32)
    found, at = set(), 5
    while at < words.size:
        found.add(int(words[at]) & 0xFFFF)
        at += int(words[at]) >> 16
    return found


@pytest.mark.parametrize(("module", "names"), [
    ("coopmat_reduce.spv", ("OpCooperativeMatrixReduceEXT",)),
    ("coopmat_per_element.spv", ("OpCooperativeMatrixPerElementOpEXT",)),
    ("coopmat_convert.spv", ("OpCooperativeMatrixConvertUseEXT", "OpCooperativeMatrixTransposeNV", "OpFConvert")),
])
def test_the_modules_run_above_contain_each_instruction(module: str, names: tuple[str, ...]) -> None:
    """The module tests above are these instructions' tests. SPIRV-Headers now names opcodes 5366, 5369 and
    5293 by their EXT aliases (ReduceNV, PerElementOpNV and ConvertNV are the same numbers)."""
    from dxlinalg.spirv.grammar import opcode_of
    assert {opcode_of(n) for n in names} <= _opcodes(module)
    assert {rd.OPCODE, pe.OPCODE, tr.CONVERT_OPCODE} == {opcode_of("OpCooperativeMatrixReduceEXT"),
                                                          opcode_of("OpCooperativeMatrixPerElementOpEXT"),
                                                          opcode_of("OpCooperativeMatrixConvertUseEXT")}


@pytest.mark.parametrize("profile", PROFILES)
def test_combine_func_runs_once_per_fold_step_over_every_group_at_once(profile: str,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Vectorised: each SPIR-V run of a CombineFunc covers one step of every row, column or block of every
    subgroup; never one run per element. Sequential and seeded_shuffle folds take k - 1 steps for k elements."""
    from dxlinalg.spirv import executor

    runs: list[tuple[str, int]] = []
    original = executor.run_function

    def counted(function, inv, mask, arguments):  # type: ignore[no-untyped-def]
        runs.append((function.name, int(mask.shape[0])))
        return original(function, inv, mask, arguments)

    monkeypatch.setattr(executor, "run_function", counted)
    run_reduce(np.ones((16, 16), np.float32), profile)
    n = subgroups(profile)
    callbacks = [lanes for name, lanes in runs if "main" not in name]      # the entry point, if it counts
    assert callbacks == [16 * n] * 15 + [16 * n] * 15 + [n] * 255 + [64 * n] * 3 + [16 * n] * 15
