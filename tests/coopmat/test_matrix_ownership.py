"""Ownership maps: bijections between the valid (invocation, index) slots and the elements for every
setting, Length, the nvidia_mma map against the table measured on the H100, fragments and element access
against a per-element oracle, and scope instances over a chunk of lanes."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.coopmat import (
    CoopMatrix,
    CoopMatType,
    MatrixUse,
    Scope,
    active_instances,
    cooperative_matrix_length,
    element_at,
    from_fragments,
    ownership_map,
    scope_instances,
    to_fragments,
    uniform_per_instance,
    with_elements,
)
from dxlinalg.coopmat.ownership import holder_write_order, nvidia_mma_tile
from dxlinalg.errors import InvalidArgumentError, UndefinedBehaviorError
from dxlinalg.gpu.context import current_context, standalone_lanes
from dxlinalg.gpu.dispatch import run_dispatch
from dxlinalg.gpu.masking import if_
from dxlinalg.gpu.resources import RWByteAddressBuffer
from dxlinalg.gpu.shader import compute_shader
from dxlinalg.profile.model import CooperativeMatrixSettings
from dxlinalg.profile.registry import load_profile

SETTINGS = {name: CooperativeMatrixSettings(ownership=name, ownership_seed=3)
            for name in ("plain", "scrambled", "nvidia_mma")}
DTYPES = (np.float16, np.float32, np.int8, np.uint8, ml_dtypes.bfloat16, ml_dtypes.float8_e4m3fn, np.int32)


def matrix_type(dtype: object = np.float16, rows: int = 16, cols: int = 16, use: MatrixUse = MatrixUse.MatrixAKHR
                ) -> CoopMatType:
    return CoopMatType(dtype, Scope.Subgroup, rows, cols, use)


def random_matrix(t: CoopMatType, instances: int, seed: int = 0) -> CoopMatrix:
    bits = np.random.default_rng(seed).integers(0, 256, (instances, t.rows, t.cols, t.component.itemsize),
                                                dtype=np.uint8)
    return CoopMatrix(t, bits.view(t.component).reshape(instances, t.rows, t.cols))


def copies(setting: str, use: MatrixUse, scope_size: int, rows: int, cols: int, dtype: object) -> int:
    """How many slots hold each element: once, except nvidia_mma's workgroup A (along the warp grid's
    columns) and B (along its rows)."""
    grid = {64: (1, 2), 128: (2, 2)}.get(scope_size)
    t = CoopMatType(dtype, Scope.Subgroup, rows, cols, use)
    if setting != "nvidia_mma" or grid is None or nvidia_mma_tile(t, scope_size) is None:
        return 1
    return {MatrixUse.MatrixAKHR: grid[1], MatrixUse.MatrixBKHR: grid[0]}.get(use, 1)


@settings(max_examples=60, deadline=None)
@given(setting=st.sampled_from(sorted(SETTINGS)), dtype=st.sampled_from(DTYPES),
       use=st.sampled_from(list(MatrixUse)), rows=st.sampled_from([1, 3, 8, 16, 32, 48]),
       cols=st.sampled_from([1, 5, 8, 16, 32, 64]), scope_size=st.sampled_from([1, 4, 7, 32, 64, 128]))
def test_every_map_holds_each_element_in_its_copies_of_the_valid_slots(setting, dtype, use, rows, cols, scope_size):
    t = CoopMatType(dtype, Scope.Subgroup, rows, cols, use)
    m = ownership_map(t, scope_size, SETTINGS[setting])
    held_times = copies(setting, use, scope_size, rows, cols, dtype)
    assert m.length == -(-rows * cols * held_times // scope_size)
    assert m.length == cooperative_matrix_length(t, scope_size, SETTINGS[setting])
    assert m.element_of_slot.shape == (scope_size, m.length)
    held = np.sort(m.element_of_slot[m.valid])
    assert np.array_equal(held, np.repeat(np.arange(rows * cols), held_times))    # each element, copies times
    assert m.valid.sum() == rows * cols * held_times and (m.element_of_slot[~m.valid] == -1).all()
    slots = m.slot_of_element
    assert np.array_equal(m.element_of_slot.reshape(-1)[slots], np.arange(rows * cols))   # the first holder
    assert np.array_equal(m.rows[m.valid] * cols + m.cols[m.valid], m.element_of_slot[m.valid])


def test_length_without_settings_is_the_element_count_over_the_scope():
    t = CoopMatType(np.float16, Scope.Workgroup, 32, 32, MatrixUse.MatrixAKHR)
    assert cooperative_matrix_length(t, 128) == 8
    assert cooperative_matrix_length(t, 128, SETTINGS["nvidia_mma"]) == 16       # 16 x 32 tile per warp, 2 copies


def test_plain_map_is_blocked_row_major_with_padding_at_the_end():
    m = ownership_map(matrix_type(rows=3, cols=5), 4, SETTINGS["plain"])
    assert m.length == 4                                                      # ceil(15 / 4)
    assert m.element_of_slot.tolist() == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, -1]]


def test_scrambled_map_depends_on_the_seed_and_the_type():
    t = matrix_type()
    first = ownership_map(t, 32, SETTINGS["scrambled"]).element_of_slot
    other_seed = ownership_map(t, 32, CooperativeMatrixSettings(ownership="scrambled", ownership_seed=4))
    other_use = ownership_map(t.with_use(MatrixUse.MatrixBKHR), 32, SETTINGS["scrambled"])
    assert not np.array_equal(first, other_seed.element_of_slot)
    assert not np.array_equal(first, other_use.element_of_slot)
    assert np.array_equal(first, ownership_map(t, 32, SETTINGS["scrambled"]).element_of_slot)   # reproducible
    assert not np.array_equal(first, ownership_map(t, 32, SETTINGS["plain"]).element_of_slot)


def measured_owner(bits: int, use: str, rows: int, cols: int, lane: int, i: int) -> tuple[int, int]:
    """The H100's table (docs/hardware-nvidia-h100-coopmat.md, subgroup scope), written out again:
    g = (lane >> 2) & 7, t = lane & 3."""
    g, t = (lane >> 2) & 7, lane & 3
    if use == "B" and bits == 8:
        return 4 * t + i % 4 + 16 * ((i // 4) % (rows // 16)), g + 8 * (i // (rows // 4))
    if use == "B":
        return 2 * t + i % 2 + 8 * ((i // 2) % (rows // 8)), g + 8 * (i // (rows // 4))
    if use == "A" and bits == 8:
        return g + 8 * (i // (cols // 4)), 4 * t + i % 4 + 16 * ((i // 4) % (cols // 16))
    return g + 8 * (i // (cols // 4)), 2 * t + i % 2 + 8 * ((i // 2) % (cols // 8))


USES = {"A": MatrixUse.MatrixAKHR, "B": MatrixUse.MatrixBKHR, "C": MatrixUse.MatrixAccumulatorKHR}


@pytest.mark.parametrize("dtype, use, rows, cols", [
    (np.float16, "A", 16, 16), (np.float16, "A", 32, 64), (np.float16, "B", 16, 8), (np.float16, "B", 64, 32),
    (np.float32, "C", 16, 8), (np.float32, "C", 48, 24), (np.int8, "A", 16, 32), (np.int8, "A", 32, 64),
    (np.uint8, "B", 32, 8), (np.uint8, "B", 64, 16), (np.int32, "C", 8, 8), (ml_dtypes.bfloat16, "A", 16, 16)])
def test_nvidia_mma_map_is_the_measured_table_at_subgroup_scope(dtype, use, rows, cols):
    m = ownership_map(matrix_type(dtype, rows, cols, USES[use]), 32, SETTINGS["nvidia_mma"])
    assert m.length == rows * cols // 32
    for lane in range(32):
        for index in range(m.length):
            expected = measured_owner(8 * np.dtype(dtype).itemsize, use, rows, cols, lane, index)
            assert (m.rows[lane, index], m.cols[lane, index]) == expected


@pytest.mark.parametrize("scope_size, grid", [(64, (1, 2)), (128, (2, 2)), (256, (2, 4))])
def test_nvidia_mma_workgroup_warps_split_the_matrix_on_a_grid(scope_size, grid):
    rows, cols = 32, 64
    for use in "ABC":
        m = ownership_map(matrix_type(np.float16, rows, cols, USES[use]), scope_size, SETTINGS["nvidia_mma"])
        tile_rows = rows if use == "B" else rows // grid[0]
        tile_cols = cols if use == "A" else cols // grid[1]
        assert m.length == tile_rows * tile_cols // 32
        for warp in range(scope_size // 32):
            row0 = 0 if use == "B" else tile_rows * (warp // grid[1])
            col0 = 0 if use == "A" else tile_cols * (warp % grid[1])
            for lane in range(0, 32, 5):
                for index in range(m.length):
                    r, c = measured_owner(16, use, tile_rows, tile_cols, lane, index)
                    assert (m.rows[32 * warp + lane, index], m.cols[32 * warp + lane, index]) == (row0 + r, col0 + c)


def test_nvidia_mma_fragments_give_every_copy_of_a_replicated_element():
    t = matrix_type(np.float16, 32, 32, MatrixUse.MatrixAKHR)
    m = ownership_map(t, 128, SETTINGS["nvidia_mma"])
    matrix = random_matrix(t, 2)
    fragments_ = to_fragments(matrix, m)
    expected = matrix.values.reshape(2, -1)[:, m.element_of_slot]
    assert np.array_equal(fragments_.view(np.uint16), expected.view(np.uint16))
    assert np.array_equal(from_fragments(fragments_, m).values.view(np.uint16), matrix.values.view(np.uint16))


def test_holder_write_order_is_element_index_major_then_invocation() -> None:
    """The H100 stores index by index, lanes ascending: an element's write comes at index * 32 + lane;
    a replicated element's last copy counts."""
    t = matrix_type(np.float32, 16, 8, MatrixUse.MatrixAccumulatorKHR)
    m = ownership_map(t, 32, SETTINGS["nvidia_mma"])
    order = holder_write_order(m)
    for lane in range(32):
        for index in range(m.length):
            assert order[m.element_of_slot[lane, index]] == index * 32 + lane
    replicated = ownership_map(matrix_type(np.float16, 32, 32, MatrixUse.MatrixAKHR), 128, SETTINGS["nvidia_mma"])
    order = holder_write_order(replicated)
    assert order[0] == 0 * 128 + 32                                            # element (0, 0): lanes 0 and 32


@pytest.mark.parametrize("rows, cols, scope_size", [(16, 12, 32), (4, 8, 32), (16, 16, 16), (16, 8, 96)])
def test_nvidia_mma_map_is_plain_where_the_shape_or_scope_does_not_tile(rows, cols, scope_size):
    t = matrix_type(np.float16, rows, cols, MatrixUse.MatrixAccumulatorKHR)
    assert np.array_equal(ownership_map(t, scope_size, SETTINGS["nvidia_mma"]).element_of_slot,
                          ownership_map(t, scope_size, SETTINGS["plain"]).element_of_slot)


def test_profiles_choose_the_map():
    t = matrix_type()
    reference, adversarial = load_profile("reference"), load_profile("adversarial")
    assert reference.coopmat.ownership == "plain" and adversarial.coopmat.ownership == "scrambled"
    assert load_profile("nvidia-h100").coopmat.ownership == "nvidia_mma"
    plain = ownership_map(t, 32, reference.coopmat)
    assert np.array_equal(plain.element_of_slot.reshape(-1), np.arange(256))


@settings(max_examples=40, deadline=None)
@given(setting=st.sampled_from(sorted(SETTINGS)), dtype=st.sampled_from(DTYPES),
       rows=st.sampled_from([2, 7, 16, 32]), cols=st.sampled_from([3, 8, 16]), scope_size=st.sampled_from([5, 32]),
       instances=st.integers(1, 3), seed=st.integers(0, 2 ** 16))
def test_fragments_and_element_access_agree_with_the_per_element_oracle(setting, dtype, rows, cols, scope_size,
                                                                         instances, seed):
    t = matrix_type(dtype, rows, cols)
    m = ownership_map(t, scope_size, SETTINGS[setting])
    matrix = random_matrix(t, instances, seed)
    fragments = to_fragments(matrix, m)
    for i in range(instances):
        for invocation in range(scope_size):
            for index in range(m.length):
                e = m.element_of_slot[invocation, index]
                expected = matrix.values[i, e // cols, e % cols] if e >= 0 else np.zeros((), t.component)
                assert fragments[i, invocation, index].tobytes() == np.asarray(expected).tobytes()
    assert from_fragments(fragments, m).values.tobytes() == matrix.values.tobytes()
    instance, invocation = np.divmod(np.arange(instances * scope_size), scope_size)
    for index in range(m.length):
        read = element_at(matrix, m, instance, invocation, index)
        assert read.tobytes() == fragments[:, :, index].reshape(-1).tobytes()
    changed = random_matrix(t, instances, seed + 1)
    written = matrix
    for index in range(m.length):
        written = with_elements(written, m, instance, invocation, index,
                                to_fragments(changed, m)[:, :, index].reshape(-1))
    assert written.values.tobytes() == changed.values.tobytes()


def test_padding_reads_zero_and_drops_writes():
    t = matrix_type(np.int32, 3, 5)
    m = ownership_map(t, 4, SETTINGS["plain"])
    matrix = CoopMatrix(t, np.arange(1, 16, dtype=np.int32).reshape(1, 3, 5))
    assert element_at(matrix, m, 0, 3, 3).tolist() == [0]
    assert with_elements(matrix, m, 0, 3, 3, np.array([99], np.int32)).values.tobytes() == matrix.values.tobytes()
    assert from_fragments(to_fragments(matrix, m), m).values.tolist() == matrix.values.tolist()


def test_index_past_length_is_reported_in_strict_mode_and_reads_zero_otherwise():
    t = matrix_type(np.int32, 4, 8)
    m = ownership_map(t, 4, SETTINGS["plain"])
    matrix = CoopMatrix(t, np.ones((1, 4, 8), np.int32))
    with pytest.raises(UndefinedBehaviorError, match="component index 8 is outside \\[0, 8\\).*Length"):
        element_at(matrix, m, 0, 0, 8)
    assert element_at(matrix, m, 0, 0, 8, strict=False).tolist() == [0]
    with pytest.raises(UndefinedBehaviorError, match="component index -1"):
        with_elements(matrix, m, 0, 0, -1, np.array([5], np.int32))


def test_element_access_rejects_bad_operands():
    t = matrix_type(np.int32, 4, 8)
    m = ownership_map(t, 4, SETTINGS["plain"])
    matrix = CoopMatrix(t, np.ones((1, 4, 8), np.int32))
    with pytest.raises(InvalidArgumentError, match="instance numbers must lie in \\[0, 1\\)"):
        element_at(matrix, m, 1, 0, 0)
    with pytest.raises(InvalidArgumentError, match="invocations must lie in \\[0, 4\\)"):
        element_at(matrix, m, 0, 4, 0)
    with pytest.raises(InvalidArgumentError, match="ownership map is for"):
        element_at(CoopMatrix(matrix_type(np.int32, 8, 4), np.ones((1, 8, 4), np.int32)), m, 0, 0, 0)
    with pytest.raises(InvalidArgumentError, match="values are float32"):
        with_elements(matrix, m, 0, 0, 0, np.array([1.0], np.float32))
    with pytest.raises(InvalidArgumentError, match="fragments of shape"):
        from_fragments(np.zeros((1, 4, 7), np.int32), m)
    with pytest.raises(InvalidArgumentError, match="scope size 0"):
        ownership_map(t, 0, SETTINGS["plain"])


# -- scope instances ---------------------------------------------------------------------------------------------
def test_subgroup_instances_are_waves_and_workgroup_instances_are_groups():
    def shader(ctx, seen):
        seen["subgroup"] = scope_instances(ctx, Scope.Subgroup)
        seen["workgroup"] = scope_instances(ctx, Scope.Workgroup)

    seen: dict = {}
    with standalone_lanes(64, profile="reference") as ctx:
        shader(ctx, seen)
    sub, work = seen["subgroup"], seen["workgroup"]
    assert sub.size == 32 and sub.count == 2 and sub.instance_of_lane.tolist() == [0] * 32 + [1] * 32
    assert sub.invocation_of_lane.tolist() == list(range(32)) * 2
    assert work.size == 64 and work.count == 1 and work.invocation_of_lane.tolist() == list(range(64))


FOUND: list = []


@compute_shader(numthreads=(8, 1, 1))
def record_instances(out=RWByteAddressBuffer("u0")):  # noqa: B008 (a binding declaration)
    ctx = current_context()
    FOUND.append((scope_instances(ctx, Scope.Workgroup), scope_instances(ctx, Scope.Subgroup)))


def test_instances_in_a_dispatch_follow_groups_and_waves():
    FOUND.clear()
    run_dispatch(record_instances, {"u0": np.zeros(16, np.uint8)}, (3, 1, 1), "adversarial")
    workgroup, subgroup = FOUND[0]
    assert workgroup.size == 8 and workgroup.count == 3 and workgroup.group_of_instance.tolist() == [0, 1, 2]
    assert subgroup.size == 4 and subgroup.count == 6 and subgroup.group_of_instance.tolist() == [0, 0, 1, 1, 2, 2]
    assert subgroup.invocation_of_lane.tolist() == [0, 1, 2, 3] * 6


def test_a_partly_active_instance_is_reported_in_strict_mode():
    with standalone_lanes(64) as ctx:
        instances = scope_instances(ctx, Scope.Subgroup)
        with if_(np.arange(64) < 40), pytest.raises(UndefinedBehaviorError,
                                                    match="8 of the 32 invocations of Subgroup instance 1"):
            active_instances(ctx, instances, "OpCooperativeMatrixMulAddKHR")
    with standalone_lanes(64, strict=False) as ctx:
        instances = scope_instances(ctx, Scope.Subgroup)
        with if_(np.arange(64) < 40):
            assert active_instances(ctx, instances, "x").tolist() == [True, True]


def test_operands_must_be_uniform_within_an_instance():
    with standalone_lanes(64) as ctx:
        instances = scope_instances(ctx, Scope.Subgroup)
        stride = np.repeat([16, 32], 32)
        assert uniform_per_instance(ctx, stride, instances, "Stride", "load").tolist() == [16, 32]
        stride[40] = 8
        with pytest.raises(UndefinedBehaviorError, match="'Stride' differs .* Subgroup instance 1"):
            uniform_per_instance(ctx, stride, instances, "Stride", "OpCooperativeMatrixLoadKHR")
        nan = np.full(64, np.nan, np.float32)                    # one NaN everywhere is uniform
        assert np.isnan(uniform_per_instance(ctx, nan, instances, "Scalar", "OpMatrixTimesScalar")).all()
        assert uniform_per_instance(ctx, 7, instances, "Stride", "load").tolist() == [7, 7]
        with pytest.raises(InvalidArgumentError, match="give a scalar or one value per lane \\(64, ...\\)"):
            uniform_per_instance(ctx, np.zeros(3), instances, "Stride", "load")


def test_partial_waves_cannot_hold_subgroup_matrices():
    with standalone_lanes(40) as ctx, pytest.raises(InvalidArgumentError,
                                                    match="Subgroup instance 1 has 8 invocations, not 32"):
        scope_instances(ctx, Scope.Subgroup)
