"""The emulator's `nvidia-h100` profile against the H100 cooperative-matrix record (tests/data/nvidia_h100_coopmat).

dxlinalg.coopmat runs on the recorded inputs and must give the recorded outputs bit for bit: every
ownership table, every decoded reduction tree and recorded sum, the per-element calls, every
tensor-addressing load and store, every MulAdd output. test_nvidia_h100_coopmat_data.py holds the
record to the rules written as test code; this file holds the emulator to the record.
docs/hardware-nvidia-h100-coopmat.md ("For the emulator") lists what is not reproduced and why.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from dxlinalg.coopmat import (
    ClampMode,
    CoopMatrix,
    CoopMatType,
    MatrixUse,
    Scope,
    cooperative_matrix_muladd,
    load_tensor,
    ownership_map,
    per_element_op,
    reduce_matrix,
    store_tensor,
)
from dxlinalg.coopmat.listed_muladd import listed_muladd
from dxlinalg.coopmat.ownership import holder_write_order
from dxlinalg.coopmat.reduce_butterfly import butterfly_plan
from dxlinalg.coopmat.tensor_instructions import (
    op_create_tensor_layout,
    op_create_tensor_view,
    op_tensor_layout_set_clamp_value,
    op_tensor_layout_set_dimension,
    op_tensor_layout_slice,
    op_tensor_view_set_clip,
    op_type_tensor_layout,
    op_type_tensor_view,
)
from dxlinalg.errors import UndefinedBehaviorError
from dxlinalg.gpu import run_dispatch
from dxlinalg.glsl import (
    RWByteAddressBuffer,
    coopmat,
    coopMatLoad,
    coopMatReduceNV,
    coopMatStore,
    coopMatStoreTensorNV,
    createTensorLayoutNV,
    float32_t,
    gl_CooperativeMatrixLayoutRowMajor,
    gl_CooperativeMatrixReduceRowNV,
    gl_MatrixUseAccumulator,
    gl_ScopeSubgroup,
    setTensorLayoutDimensionNV,
    sliceTensorLayoutNV,
)
from dxlinalg.hlsl import compute_shader as shader_of
from dxlinalg.profile.registry import load_profile
from tests.hardware_replay.nvidia_h100_coopmat_replay import copies, load_json, replay

PROFILE = load_profile("nvidia-h100")
SETTINGS = PROFILE.coopmat
DTYPES = {"f16": np.float16, "bf16": ml_dtypes.bfloat16, "f32": np.float32, "s32": np.int32, "u32": np.uint32,
          "s8": np.int8, "u8": np.uint8}
USES = {"A": MatrixUse.MatrixAKHR, "B": MatrixUse.MatrixBKHR, "C": MatrixUse.MatrixAccumulatorKHR}
OWNERSHIP = [o for o in load_json("ownership.json") if o["complete"]]
REDUCE = load_json("reduce.json")
TREES = load_json("reduce_trees.json.gz")
MASKS = {"row": 0x1, "col": 0x2, "rowcol": 0x3, "2x2": 0x4}


def matrix_type(type_name: str, use: str, rows: int, cols: int, scope: str) -> CoopMatType:
    return CoopMatType(DTYPES[type_name], Scope.Subgroup if scope == "sg" else Scope.Workgroup, rows, cols, USES[use])


def bits(values: np.ndarray) -> np.ndarray:
    values = np.ascontiguousarray(values)
    return values.view(np.dtype(f"u{values.dtype.itemsize}"))


# ---- ownership ------------------------------------------------------------------------------------
@pytest.mark.parametrize("record", OWNERSHIP, ids=[o["run"] for o in OWNERSHIP])
def test_ownership_map_is_the_recorded_table(record):
    """Subgroup and workgroup scope: the grid split per subgroup count, A and B tiles replicated."""
    t = matrix_type(record["type"], record["use"], record["rows"], record["cols"], record["scope"])
    owners = ownership_map(t, record["invocations"], SETTINGS)
    assert owners.length == record["length"]
    assert np.array_equal(owners.rows, replay()[f"{record['run']}.rows"])
    assert np.array_equal(owners.cols, replay()[f"{record['run']}.cols"])
    held = np.bincount(owners.element_of_slot.reshape(-1), minlength=t.rows * t.cols)
    assert set(held.tolist()) == set(record["copies"])


def test_every_recorded_table_is_replayed():
    assert len(OWNERSHIP) == 236


# ---- reduce ---------------------------------------------------------------------------------------
DECODED = [g for g in REDUCE if g["decoded"]]
NOT_DECODED = sorted(g["key"] for g in REDUCE if not g["decoded"])


def leaf_label(mode: str, element: int, cols: int, r: int, c: int) -> str:
    """The record's leaf labels: columns for Row, rows for Column, flat indices for Row|Column, rc offsets for 2x2."""
    row, col = divmod(int(element), cols)
    return {"row": str(col), "col": str(row), "rowcol": str(element)}.get(mode) or f"{row - 2 * r}{col - 2 * c}"


def rendered_tree(leaves: np.ndarray, mode: str, cols: int, r: int, c: int) -> str:
    """One tree of a plan (pieces, chunks, fold) written as the record writes trees."""
    pieces = []
    for piece in leaves:
        chunks = []
        for chunk in piece:
            text = leaf_label(mode, chunk[0], cols, r, c)
            for element in chunk[1:]:
                text = f"({text},{leaf_label(mode, element, cols, r, c)})"
            chunks.append(text)
        while len(chunks) > 1:
            chunks = [f"({a},{b})" for a, b in zip(chunks[0::2], chunks[1::2])]
        pieces.append(chunks[0])
    text = pieces[0]
    for piece in pieces[1:]:
        text = f"({text},{piece})"
    return text


@pytest.mark.parametrize("group", DECODED, ids=[g["key"] for g in DECODED])
def test_lane_butterfly_gives_every_recorded_tree(group):
    plan = butterfly_plan(MASKS[group["mode"]], group["rows"], group["cols"], group["result_rows"],
                          group["result_cols"], group["invocations"])
    recorded = TREES[group["key"]]
    rendered: dict[int, str] = {}                  # trees whose labels do not depend on (r, c): render once
    for r in range(group["result_rows"]):
        for c in range(group["result_cols"]):
            index = int(plan.tree_of_result[r, c])
            if group["mode"] == "2x2" or index not in rendered:
                rendered[index] = rendered_tree(plan.leaves[index], group["mode"], group["cols"], r, c)
            assert rendered[index] == recorded["trees"][recorded["element_tree"][r][c]], (r, c)


@pytest.mark.parametrize("group", DECODED, ids=[g["key"] for g in DECODED])
def test_reduce_matrix_meets_the_leftmost_and_rightmost_recorded_leaves(group):
    """Through the public call: combine = first operand gives each tree's leftmost leaf, second its rightmost."""
    rows, cols = group["rows"], group["cols"]
    t = matrix_type(group["type"], "C", rows, cols, group["scope"])
    result = t.with_shape(group["result_rows"], group["result_cols"]) if hasattr(t, "with_shape") else \
        CoopMatType(t.component, t.scope, group["result_rows"], group["result_cols"], t.use)
    labels = np.arange(rows * cols, dtype=np.float32).reshape(1, rows, cols)      # exact in both types up to 2048
    if t.component == np.float16 and rows * cols > 2048:
        return
    source = CoopMatrix(t, labels.astype(t.component))
    recorded = TREES[group["key"]]
    for combine, side in ((lambda a, b: a, 0), (lambda a, b: b, -1)):
        got = reduce_matrix(source, result, MASKS[group["mode"]], combine, SETTINGS,
                            scope_size=group["invocations"]).values[0].astype(np.int64)
        for r in range(group["result_rows"]):
            for c in range(group["result_cols"]):
                tree = recorded["trees"][recorded["element_tree"][r][c]]
                leaf = [x for x in tree.replace("(", ",").replace(")", ",").split(",") if x][side]
                assert leaf_label(group["mode"], got[r, c], cols, r, c) == leaf, (r, c)


SUM_RUNS = sorted(key.removesuffix(".probes") for key in replay() if key.startswith("red") and key.endswith(".probes"))


@pytest.mark.parametrize("run", SUM_RUNS)
def test_reduce_sums_are_the_recorded_sums_bit_for_bit(run):
    _, type_name, scope, shape, mode, result_shape, _ = run.split("_")
    rows, cols = (int(x) for x in shape.split("x"))
    result_rows, result_cols = (int(x) for x in result_shape.split("x"))
    t = matrix_type(type_name, "C", rows, cols, scope[:2])
    probes = replay()[f"{run}.probes"]
    source = CoopMatrix(t, probes.astype(t.component).reshape(-1, rows, cols))
    result = CoopMatType(t.component, t.scope, result_rows, result_cols, t.use)
    got = reduce_matrix(source, result, MASKS[mode], np.add, SETTINGS, scope_size=int(scope[2:])).values
    observed = replay()[f"{run}.b1"].view(t.component).reshape(got.shape)
    assert np.array_equal(bits(got), bits(observed))


def test_the_reductions_the_record_did_not_decode_are_listed():
    """Row|Column trees of more than 1,024 leaves at workgroup scope were sampled, not decoded: the
    emulator's trees for them (the subgroup rule with 32 invocations, the fitted rule with more) are
    not checked against the H100."""
    assert NOT_DECODED == sorted(
        f"{t}_wg_{n}_{r}_{c}_rowcol_{r}_{c}" for t, n, r, c in [
            ("f16", 128, 32, 32), ("f16", 128, 64, 64), ("f32", 128, 32, 32), ("f32", 128, 64, 64),
            ("f32", 32, 64, 64), ("f32", 64, 64, 64), ("f32", 128, 32, 64), ("f32", 128, 64, 32), ("f32", 256, 64, 64)])


# ---- per element ----------------------------------------------------------------------------------
PER_ELEMENT = load_json("perelement.json")


def emulated_calls(record: dict, groups: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(row, col, instance) of every call per_element_op makes, in its order."""
    t = matrix_type(record["type"], record["use"], record["rows"], record["cols"], record["scope"])
    source = CoopMatrix(t, np.zeros((groups, t.rows, t.cols), t.component))
    seen = {}

    def func(row, col, value):
        seen["row"], seen["col"] = row.astype(np.int64), col.astype(np.int64)
        return value * t.component.type(2) + t.component.type(1)

    out = per_element_op(source, func, settings=SETTINGS, scope_size=record["invocations"])
    assert np.array_equal(bits(out.values), bits(np.ones_like(source.values)))
    per_instance = seen["row"].size // groups
    return seen["row"], seen["col"], np.arange(seen["row"].size) // per_instance


@pytest.mark.parametrize("record", PER_ELEMENT, ids=[r["run"] for r in PER_ELEMENT])
def test_per_element_calls_once_per_holding_invocation(record):
    row, col, instance = emulated_calls(record, record["groups"])
    assert row.size == record["calls"]
    counts = np.bincount((instance * record["rows"] + row) * record["cols"] + col)
    assert sorted(set(counts.tolist())) == record["calls_per_element"] == [copies(record["use"],
                                                                                 record["invocations"])]


ONE_GROUP = [r for r in PER_ELEMENT if r["groups"] == 1]


@pytest.mark.parametrize("record", ONE_GROUP, ids=[r["run"] for r in ONE_GROUP])
def test_per_element_call_order_is_the_recorded_order_per_subgroup(record):
    """Element index by element index, lanes ascending; the H100 interleaves subgroups, so each
    subgroup's own sequence is compared (the emulator calls invocation by invocation within an index)."""
    log = replay()[f"{record['run']}.b4"].view(np.uint32).reshape(-1, 4)[:record["calls"]]
    subgroup = (log[:, 0] >> 8) & 0xFF
    row, col, _ = emulated_calls(record, 1)
    invocation = np.arange(row.size) % record["invocations"]                # every slot holds an element here
    for s in range(record["invocations"] // 32):
        mine = invocation // 32 == s
        assert np.array_equal(row[mine], log[subgroup == s, 1].astype(np.int64))
        assert np.array_equal(col[mine], log[subgroup == s, 2].astype(np.int64))


# ---- tensor addressing ----------------------------------------------------------------------------
TENSOR = load_json("tensor.json")
CASES = {c["run"]: c["case"] for c in TENSOR["cases"]}
STATUS = {s["run"]: s["state"] for s in TENSOR["status"]}
GUARD, SRC_ELEMENTS, DST_SENTINEL = 1024, 4096, -2.0
CLAMP = {"undefined": ClampMode.Undefined, "constant": ClampMode.Constant, "edge": ClampMode.ClampToEdge,
         "repeat": ClampMode.Repeat, "mirror": ClampMode.MirrorRepeat}
CLAMP_VALUE = {"f32": 0xC0F00000, "f16": 0xABCD3F00}
FULL = 0xFFFFFFFF


def tensor_layout_and_view(case: dict):
    """The probe's layout (dimensions, clamp value, one or two slices) and view (a clip), as tensor_edges.comp
    builds them."""
    rank = case["rank"]
    layout_type = op_type_tensor_layout(rank, int(CLAMP[case["clamp"]]))
    layout = op_create_tensor_layout(layout_type)
    layout = op_tensor_layout_set_dimension(layout_type, layout, *case["dims"][:rank])
    layout = op_tensor_layout_set_clamp_value(layout_type, layout, CLAMP_VALUE[case["component"]])
    slices = [case["offsets"]] + ([case["second_offsets"]] if case["second_offsets"] else [])
    for offsets in slices:
        operands = [v for d in range(rank) for v in (offsets[d] & FULL, case["spans"][d])]
        layout = op_tensor_layout_slice(layout_type, layout, *operands)
    view = None
    if case["clip"] is not None:
        view_type = op_type_tensor_view(rank, False, *range(rank))
        view = op_tensor_view_set_clip(view_type, op_create_tensor_view(view_type), *case["clip"])
    return layout, view


def tensor_replay(name: str, case: dict, strict: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """(dst, dump): the emulator's version of the run's two kept buffers."""
    dtype = np.dtype(DTYPES[case["component"]])
    source = np.arange(SRC_ELEMENTS, dtype=np.float64) - GUARD
    if dtype == np.float16:
        source = np.clip(source, -2048, 2048)
    src = source.astype(dtype).view(np.uint8).copy()
    dst = np.full(SRC_ELEMENTS, DST_SENTINEL, dtype).view(np.uint8).copy()
    layout, view = tensor_layout_and_view(case)
    base = GUARD * dtype.itemsize
    if case["store"]:
        matrix = source[GUARD:GUARD + 256].astype(dtype).reshape(16, 16)
        stored_type = CoopMatType(dtype, Scope.Subgroup, 16, 16, USES["ABC"[case["use"]]])
        write_order = holder_write_order(ownership_map(stored_type, 32, SETTINGS)) \
            if SETTINGS.store_conflict_order == "holder_order" else None
        store_tensor(dst, matrix, layout, view=view, pointer_offset=base, strict=strict, settings=SETTINGS,
                     write_order=write_order)
    else:
        before = -5.0 if name.startswith("te_") else -0.5            # the first run's module filled -5
        obj = np.full((16, 16), before, dtype)
        matrix = load_tensor(src, (16, 16), layout, dtype, view=view, pointer_offset=base, obj=obj, strict=strict,
                             settings=SETTINGS)
    return dst.view(dtype), matrix.reshape(-1)


TENSOR_RUNS = sorted(key.removesuffix(".b2") for key in replay() if key.startswith("te") and key.endswith(".b2"))
UNDEFINED_FAR = ("te2_far_undefined", "te2_store_far_undefined", "te_inside_undefined", "te2_inside_undefined")


@pytest.mark.parametrize("name", TENSOR_RUNS)
def test_tensor_load_or_store_is_the_recorded_one_bit_for_bit(name):
    """Every recorded tensor run; the Undefined-mode runs past the far edge in permissive mode (strict
    mode reports them), which uses the raw address as the H100 does, and where two elements of a store
    land on one address keeps the one the H100 keeps (store_conflict_order = holder_order)."""
    case = CASES[name]
    strict = name not in UNDEFINED_FAR
    dst, dump = tensor_replay(name, case, strict)
    dtype = dst.dtype
    recorded_dst = replay()[f"{name}.b1"].view(dtype)
    recorded_dump = replay()[f"{name}.b2"].view(dtype)
    if case["store"]:
        assert np.array_equal(bits(dst), bits(recorded_dst))
    else:
        assert np.array_equal(bits(dump), bits(recorded_dump))


def test_undefined_mode_past_the_far_edge_is_reported_in_strict_mode():
    with pytest.raises(UndefinedBehaviorError):
        tensor_replay("te2_far_undefined", CASES["te2_far_undefined"])


@pytest.mark.parametrize("name", ["te_hang_undefined", "te_store_undefined"])
def test_undefined_mode_before_the_near_edge_hung_the_gpu_and_stays_a_strict_report(name):
    assert STATUS[name] == "missing"
    with pytest.raises(UndefinedBehaviorError):
        tensor_replay(name, CASES.get(name) or {**CASES["te_hang_constant"], "clamp": "undefined",
                                                "store": "store" in name,
                                                "dims": [10, 12] if "store" in name else [10, 10],
                                                "offsets": [-3, -2] if "store" in name else [-3, -3]})


def test_every_recorded_tensor_run_is_replayed():
    ran = {name for name, state in STATUS.items() if state == "ran"}
    assert ran == set(TENSOR_RUNS)


# ---- MulAdd ---------------------------------------------------------------------------------------
MULADD = {r["run"]: r for r in load_json("muladd.json")}
MULADD_RUNS = sorted(key.removesuffix(".b3") for key in replay() if key.startswith("mma") and key.endswith(".b3"))


@pytest.mark.parametrize("run", MULADD_RUNS)
def test_muladd_outputs_are_the_recorded_ones_bit_for_bit(run):
    """Every output, NaNs and infinities included; saturating runs wrap (the H100 ignores the operand)."""
    data = replay()
    a, b, c = (data[f"{run}.{key}"] for key in "abc")
    if a.dtype.kind == "V":                                  # bfloat16 comes back from npz as raw 2-byte values
        a, b = a.view(ml_dtypes.bfloat16), b.view(ml_dtypes.bfloat16)
    record = MULADD[run]
    scope = Scope.Workgroup if "_wg" in run else Scope.Subgroup
    _, m, k = a.shape
    n = b.shape[2]
    operands = 0
    if c.dtype.kind == "i":
        operands |= 0xF                                      # every operand signed
    if "_sat_" in run:
        operands |= 0x10                                     # SaturatingAccumulationKHR
    result_type = CoopMatType(c.dtype, scope, m, n, MatrixUse.MatrixAccumulatorKHR)
    d = cooperative_matrix_muladd(CoopMatrix(CoopMatType(a.dtype, scope, m, k, MatrixUse.MatrixAKHR), a),
                                  CoopMatrix(CoopMatType(b.dtype, scope, k, n, MatrixUse.MatrixBKHR), b),
                                  CoopMatrix(result_type, c), result_type, operands, profile=PROFILE,
                                  strict="_sat_" not in run)   # saturating: unlisted (strict reports), yet it ran
    gpu = data[f"{run}.b3"].view(c.dtype).reshape(c.shape)
    assert np.array_equal(bits(d.values), bits(gpu)), record["best"]


COMPONENT_NAMES = {0: "float16", 1: "float32", 3: "int8", 5: "int32", 7: "uint8", 9: "uint32", 1000141000: "bfloat16"}


def test_the_profile_lists_the_drivers_cooperative_matrix_properties():
    properties = load_json("properties.json")
    listed = [(p.m, p.n, p.k, p.a_type, p.b_type, p.c_type, p.result_type, p.saturating, p.scope)
              for p in SETTINGS.muladd_properties]
    assert listed == [(p["M"], p["N"], p["K"], *(COMPONENT_NAMES[p[key]] for key in ("A", "B", "C", "Result")),
                       bool(p["saturating"]), {3: "subgroup", 2: "workgroup"}[p["scope"]]) for p in properties["khr"]]
    flexible = [(p.m_granularity, p.n_granularity, p.k_granularity, p.a_type, p.c_type, p.workgroup_invocations)
                for p in SETTINGS.flexible_properties]
    assert flexible == [(p["MGranularity"], p["NGranularity"], p["KGranularity"], COMPONENT_NAMES[p["A"]],
                         COMPONENT_NAMES[p["C"]], p["workgroupInvocations"]) for p in properties["flexible"]]
    assert SETTINGS.flexible_max_dimension == properties["coopmat2_properties"]["flexibleDimensionsMaxDimension"]


@pytest.mark.parametrize("run", MULADD_RUNS)
def test_every_recorded_muladd_ran_on_a_listed_combination_except_the_saturating_ones(run):
    """The driver ran them all; with unlisted_muladd = report, strict mode accepts the listed ones and
    reports the saturating ones (the H100 lists no saturating MulAdd, yet accepted and wrapped them)."""
    data = replay()
    a, b, c = (data[f"{run}.{key}"] for key in "abc")
    scope = Scope.Workgroup if "_wg" in run else Scope.Subgroup
    a_type = CoopMatType(a.dtype if a.dtype.kind != "V" else ml_dtypes.bfloat16, scope, a.shape[1], a.shape[2],
                         MatrixUse.MatrixAKHR)
    b_type = CoopMatType(a_type.component, scope, b.shape[1], b.shape[2], MatrixUse.MatrixBKHR)
    c_type = CoopMatType(c.dtype, scope, c.shape[1], c.shape[2], MatrixUse.MatrixAccumulatorKHR)
    size = int(run.split("_wg")[1]) if "_wg" in run else None
    assert listed_muladd(SETTINGS, a_type, b_type, c_type, c_type, "_sat_" in run, size) is ("_sat_" not in run)


def test_muladd_k_step_is_a_profile_field():
    assert SETTINGS.muladd_sum == "tensor_core" and SETTINGS.muladd_k_step_bits == 256     # m16n8k16 for 16-bit


# ---- the GLSL surface -----------------------------------------------------------------------------
def test_the_glsl_surface_stores_and_reduces_as_the_h100_did():
    """coopMatStoreTensorNV and coopMatReduceNV in a shader on nvidia-h100 (permissive mode for the
    Undefined-mode store): the recorded colliding store and a recorded 16 x 16 Row sum, bit for bit."""
    from dxlinalg.coopmat import gl_CooperativeMatrixClampModeUndefinedNV
    acc = coopmat[float32_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator]
    store_run, sum_run = "te2_store_far_undefined", "red_f32_sg32_16x16_row_16x16_sum"
    probes = replay()[f"{sum_run}.probes"].astype(np.float32)[:1].reshape(16, 16)

    source_binding, store_binding, sums_binding = (RWByteAddressBuffer(name) for name in ("u0", "u1", "u2"))

    @shader_of(numthreads=(32, 1, 1))
    def shader(src=source_binding, dst=store_binding, sums=sums_binding):
        m = acc()
        coopMatLoad(m, src, GUARD, 16, gl_CooperativeMatrixLayoutRowMajor)
        layout = setTensorLayoutDimensionNV(createTensorLayoutNV(2, gl_CooperativeMatrixClampModeUndefinedNV), 10, 12)
        coopMatStoreTensorNV(m, dst, GUARD, sliceTensorLayoutNV(layout, 3, 16, 2, 16))
        p = acc()
        coopMatLoad(p, src, SRC_ELEMENTS, 16, gl_CooperativeMatrixLayoutRowMajor)
        total = acc()
        coopMatReduceNV(total, p, gl_CooperativeMatrixReduceRowNV, lambda a, b: a + b)
        coopMatStore(total, sums, 0, 16, gl_CooperativeMatrixLayoutRowMajor)

    src = np.concatenate([np.arange(SRC_ELEMENTS, dtype=np.float32) - GUARD, probes.reshape(-1)])
    dst = np.full(SRC_ELEMENTS, DST_SENTINEL, np.float32)
    sums = np.zeros(256, np.float32)
    buffers = {name: array.view(np.uint8) for name, array in (("u0", src), ("u1", dst), ("u2", sums))}
    run_dispatch(shader, buffers, (1, 1, 1), PROFILE, strict=False)
    assert np.array_equal(bits(buffers["u1"].view(np.float32)), bits(replay()[f"{store_run}.b1"].view(np.float32)))
    recorded = replay()[f"{sum_run}.b1"].view(np.float32).reshape(-1, 16, 16)[0]
    assert np.array_equal(bits(buffers["u2"].view(np.float32).reshape(16, 16)), bits(recorded))
