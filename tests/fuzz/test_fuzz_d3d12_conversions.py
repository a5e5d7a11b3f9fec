"""Fuzzing GetLinearAlgebraMatrixConversionDestinationInfo and ConvertLinearAlgebraMatrix on a command list.

Each case is a device (any built-in profile, debug layer on or off), a handful of buffers whose bytes are
known, and one ConvertLinearAlgebraMatrix call of one to three descriptors whose every field may be
right, a little wrong or nonsense: types and layouts (valid pairs, invalid pairs, values outside the
enums), sizes, strides and sizes derived from them or off by a little, VAs inside, across the end of and
outside buffers, misaligned, in released buffers, overlapping each other. Around it the list records the
resource-state barriers the debug layer requires, or wrong ones (missing, wrong StateBefore, an
impossible StateAfter). Each case runs twice on fresh devices.

Properties (tests/fuzz/fuzz_harness.py): only D3D12Error (D3D12DebugLayerError included) or a
DxLinalgError escapes; no byte changes outside the destinations of a conversion that ran (for row- and
column-major destinations, outside their element bytes: the gaps between rows stay; a DestSize below the
queried size lets the conversion write the bytes its layout needs, as docs/host-api.md documents for that
undefined case; released buffers never change); both runs give the same outcomes and the same bytes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from d3d12api import *  # noqa: F403
from dxlinalg.numerics.component_types import ComponentType, MatrixLayout, type_info
from dxlinalg.profile.matrix_storage import MatrixDescription, destination_size
from dxlinalg.profile.registry import builtin_profile_names
from fuzz_harness import Outcome, call_documented, changed_outside, fuzz_settings, mask_of, sentinel

PROFILES = builtin_profile_names()
DATATYPES = list(D3D12_LINEAR_ALGEBRA_DATATYPE)
LAYOUTS = list(D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT)
ROW, COL = D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_ROW_MAJOR, D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT_COLUMN_MAJOR
UAV = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS
#: name: (heap type, bytes, flags). `small` has an odd size so ranges run across its end; `released` is
#: released before anything is recorded, and `small` may be released between recording and execution.
BUFFERS = {
    "upload": (D3D12_HEAP_TYPE_UPLOAD, 1 << 16, D3D12_RESOURCE_FLAG_NONE),     # source bytes, CPU-written
    "pattern": (D3D12_HEAP_TYPE_UPLOAD, 1 << 16, D3D12_RESOURCE_FLAG_NONE),    # dest's sentinel, for fills
    "source": (D3D12_HEAP_TYPE_DEFAULT, 1 << 16, D3D12_RESOURCE_FLAG_NONE),    # the same bytes as upload
    "dest": (D3D12_HEAP_TYPE_DEFAULT, 1 << 16, UAV),
    "small": (D3D12_HEAP_TYPE_DEFAULT, 3000, UAV),
    "readback": (D3D12_HEAP_TYPE_READBACK, 1 << 16, D3D12_RESOURCE_FLAG_NONE),
    "released": (D3D12_HEAP_TYPE_DEFAULT, 1 << 14, UAV),
}
PLACES = ["upload", "source", "dest", "dest", "dest", "small", "small", "readback", "released", "gap"]
ODD_VALUES = ["float", "str", "none", "numpy", "bool"]


# --- recipes: what a field holds, decided when the case runs (good values depend on the device) ------

@st.composite
def field_recipe(draw: st.DrawFn, deltas: list[int], raws: list[Any]) -> tuple:
    """A wrong value for a field: off by a delta, a raw value, or not an integer at all."""
    tag = draw(st.sampled_from(["delta", "delta", "raw", "odd"]))
    if tag == "delta":
        return ("delta", draw(st.sampled_from(deltas)))
    if tag == "raw":
        return ("raw", draw(st.sampled_from(raws)))
    return ("odd", draw(st.sampled_from(ODD_VALUES)))


def maybe_broken(draw: st.DrawFn, broken: bool, wrong: st.SearchStrategy) -> tuple:
    return draw(wrong) if broken else ("good",)


def resolve(recipe: tuple, good: int) -> Any:
    if recipe[0] == "delta":
        return good + recipe[1]
    if recipe[0] == "raw":
        return recipe[1]
    if recipe[0] == "odd":
        return {"float": float(good), "str": str(good), "none": None, "numpy": np.uint32(good & 0xFFFFFFFF),
                "bool": bool(good)}[recipe[1]]
    return good


@st.composite
def placement(draw: st.DrawFn, good: list[str]) -> tuple:
    """Where a range starts, (buffer or "gap", how the offset is chosen, a number): 128-aligned inside one
    of the `good` buffers, or anywhere when broken."""
    if draw(st.integers(0, 5)):
        return (draw(st.sampled_from(good)), "offset", 128 * draw(st.integers(0, 24)))
    where = draw(st.sampled_from(PLACES))
    kind = draw(st.sampled_from(["aligned", "near_end", "past_end", "misaligned", "raw"]))
    if kind == "aligned":
        return (where, "offset", 128 * draw(st.integers(0, 40)))
    if kind == "near_end":
        return (where, "end", -128 * draw(st.integers(0, 6)))
    if kind == "past_end":
        return (where, "end", draw(st.sampled_from([0, 128, 4096, 1 << 16, 1 << 17])))
    if kind == "misaligned":
        return (where, "offset", 128 * draw(st.integers(0, 8)) + draw(st.integers(1, 127)))
    return (where, "va", draw(st.sampled_from([0, -128, (1 << 64) - 128, 1 << 64, 1.5, None, "0x100"])))


@dataclass(frozen=True)
class DescriptorRecipe:
    types: tuple           # ("pair", index) into the device's valid pairs, or ("raw", src, dst)
    layouts: tuple         # (src layout, dest layout): members or raw values
    rows: tuple
    cols: tuple
    rows_good: int
    cols_good: int
    src_stride: tuple
    src_extra: int
    dest_stride: tuple
    dest_extra: int
    src_size: tuple
    dest_size: tuple
    src_at: tuple
    dest_at: tuple


FIELDS = ("types", "layouts", "rows", "cols", "src_stride", "dest_stride", "src_size", "dest_size")


@st.composite
def descriptor_recipe(draw: st.DrawFn) -> DescriptorRecipe:
    """A descriptor with usually none, sometimes one, rarely two fields broken (placements aside)."""
    broken = set(draw(st.lists(st.sampled_from(FIELDS), max_size=draw(st.sampled_from([0] * 5 + [1] * 3 + [2])))))
    if "types" in broken:
        raw_types = st.sampled_from(DATATYPES + [0, 1, 99, -1, 1 << 32, 9.0])
        types: tuple = ("raw", draw(raw_types), draw(raw_types))
    else:
        types = ("pair", draw(st.integers(0, 255)))
    layout = st.sampled_from(LAYOUTS)
    layouts = (draw(layout), draw(layout))
    if "layouts" in broken:
        layouts = (layouts[0], draw(st.sampled_from([4, -1, 255, 2.0])))[:: draw(st.sampled_from([1, -1]))]
    sizes = [-1, 1, 16]
    big = [0, 1 << 12, 1 << 13, (1 << 32) - 1, 1 << 32, -4]
    return DescriptorRecipe(
        types=types, layouts=layouts,
        rows=maybe_broken(draw, "rows" in broken, field_recipe(sizes, big)),
        cols=maybe_broken(draw, "cols" in broken, field_recipe(sizes, big)),
        rows_good=draw(st.integers(1, 40)), cols_good=draw(st.integers(1, 40)),
        src_stride=maybe_broken(draw, "src_stride" in broken,
                                field_recipe([-1, 1, -16, 2], [0, 1 << 31, (1 << 32) - 1, 1 << 32])),
        src_extra=draw(st.integers(0, 3)),
        dest_stride=maybe_broken(draw, "dest_stride" in broken,
                                 field_recipe([-16, 8, 16, -1], [0, 1 << 31, (1 << 32) - 16])),
        dest_extra=draw(st.integers(0, 3)),
        src_size=maybe_broken(draw, "src_size" in broken,
                              field_recipe([-1, -16, 100, 1 << 20], [0, (1 << 32) - 1, 1 << 32])),
        dest_size=maybe_broken(draw, "dest_size" in broken,
                               field_recipe([-16, -1, 16, 128, 1 << 20], [0, (1 << 32) - 16, 1 << 32])),
        src_at=draw(placement(["upload", "upload", "source"])), dest_at=draw(placement(["dest", "dest", "small"])))


@dataclass(frozen=True)
class ConversionCase:
    profile: str
    debug: bool
    list_type: int
    descriptors: list[DescriptorRecipe]
    desc_count: tuple      # resolved against len(descriptors)
    fill_in_list: bool     # copy the bytes in at the start of the list (then transitions are needed)
    source_barrier: str
    dest_barrier: str
    uav_barrier_after: bool
    readback_in_list: bool
    readback_barrier: str
    release_small_after_record: bool
    seed: int


@st.composite
def conversion_case(draw: st.DrawFn) -> ConversionCase:
    barrier = st.sampled_from(["correct"] * 9 + ["missing", "wrong_before", "wrong_after"])
    return ConversionCase(
        profile=draw(st.sampled_from(PROFILES)), debug=draw(st.booleans()),
        list_type=draw(st.sampled_from([D3D12_COMMAND_LIST_TYPE_DIRECT] * 6 + [D3D12_COMMAND_LIST_TYPE_COMPUTE,
                                                                              D3D12_COMMAND_LIST_TYPE_COPY])),
        descriptors=draw(st.lists(descriptor_recipe(), min_size=1, max_size=3)),
        desc_count=maybe_broken(draw, draw(st.integers(0, 9)) == 0, field_recipe([-1, 1], [0, 3, 1 << 32])),
        fill_in_list=draw(st.booleans()), source_barrier=draw(barrier), dest_barrier=draw(barrier),
        uav_barrier_after=draw(st.booleans()), readback_in_list=draw(st.booleans()),
        readback_barrier=draw(barrier), release_small_after_record=draw(st.integers(0, 7)) == 0,
        seed=draw(st.integers(0, 2**32 - 1)))


# --- running a case --------------------------------------------------------------------------------

@dataclass
class Run:
    """One device with the case's buffers, and what happened to them."""

    case: ConversionCase
    device: Any = None
    resources: dict[str, Any] = field(default_factory=dict)
    outcomes: list[tuple[str, Outcome]] = field(default_factory=list)
    queried: list[Any] = field(default_factory=list)

    def call(self, what: str, function: Any, *args: Any) -> tuple[Any, bool]:
        """(result, True) or (None, False) when a documented error was raised."""
        result, outcome = call_documented(function, *args)
        self.outcomes.append((what, outcome))
        return result, outcome.raised is None

    def base(self, name: str) -> int:
        return self.resources[name].GetGPUVirtualAddress()


def valid_type_pairs(profile: Any) -> list[tuple[int, int]]:
    """(source, destination) datatypes the device converts: types it reports or FLOAT32; equal, or a float
    change between FLOAT32/FLOAT16 and a narrower float (docs/host-api.md, TYPE_SUPPORT and TYPE_CHANGE)."""
    from d3d12api.conversion import allowed_matrix_types

    allowed = sorted(allowed_matrix_types(profile))
    wide = {ComponentType.F32, ComponentType.F16}
    pairs = []
    for src in allowed:
        for dst in allowed:
            floats = type_info(src).is_float and type_info(dst).is_float
            if src == dst or (floats and (src in wide or dst in wide) and
                              type_info(src).size_bytes != type_info(dst).size_bytes):
                pairs.append((int(src), int(dst)))
    return pairs


def element_size(datatype: Any) -> int:
    try:
        return type_info(ComponentType(int(datatype))).size_bytes
    except (TypeError, ValueError):
        return 4


def strided_span(rows: int, cols: int, layout: Any, stride: int, size: int) -> int:
    count, length = (rows, cols) if layout == ROW else (cols, rows)
    return (count - 1) * stride + length * size


def query(run: Run, rows: Any, cols: Any, datatype: Any, layout: Any, stride: Any) -> int:
    """DestSize as the application gets it; 0 when the query is refused (as D3D12 leaves it)."""
    info = D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO()
    info.NumRows, info.NumColumns, info.DestDataType, info.DestLayout, info.DestStride = (
        rows, cols, datatype, layout, stride)
    _, ok = run.call("query", run.device.GetLinearAlgebraMatrixConversionDestinationInfo, info)
    run.queried.append(info.DestSize)
    return info.DestSize if ok and isinstance(info.DestSize, int) else 0


def address(run: Run, at: tuple) -> Any:
    where, kind, value = at
    if kind == "va":
        return value
    if where == "gap":
        return run.base("dest") + BUFFERS["dest"][1] + 128 + (value if kind == "offset" else 128 * 8 + value)
    size = BUFFERS[where][1]
    return run.base(where) + (value if kind == "offset" else size // 128 * 128 + value)


def build_descriptor(run: Run, recipe: DescriptorRecipe, pairs: list[tuple[int, int]]) -> Any:
    if recipe.types[0] == "pair":
        src_type, dest_type = pairs[recipe.types[1] % len(pairs)]
    else:
        src_type, dest_type = recipe.types[1], recipe.types[2]
    src_layout, dest_layout = recipe.layouts
    rows, cols = resolve(recipe.rows, recipe.rows_good), resolve(recipe.cols, recipe.cols_good)
    r, c = recipe.rows_good, recipe.cols_good
    src_el, dest_el = element_size(src_type), element_size(dest_type)
    src_good_stride = ((c if src_layout == ROW else r) + recipe.src_extra) * src_el
    dest_good_stride = -(-(c if dest_layout == ROW else r) * dest_el // 16) * 16 + 16 * recipe.dest_extra
    src_stride, dest_stride = resolve(recipe.src_stride, src_good_stride), resolve(recipe.dest_stride,
                                                                                   dest_good_stride)
    if src_layout in (ROW, COL):
        src_good_size = strided_span(r, c, src_layout, src_good_stride, src_el)
    else:
        src_good_size = query(run, rows, cols, src_type, src_layout, 0)
    info = D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO()
    dest, src, data = info.DestInfo, info.SrcInfo, info.DataDesc
    dest.NumRows, dest.NumColumns, dest.DestDataType, dest.DestLayout, dest.DestStride = (
        rows, cols, dest_type, dest_layout, dest_stride)
    dest.DestSize = resolve(recipe.dest_size, query(run, rows, cols, dest_type, dest_layout, dest_stride))
    src.SrcDataType, src.SrcLayout, src.SrcStride = src_type, src_layout, src_stride
    src.SrcSize = resolve(recipe.src_size, src_good_size)
    data.SrcVA, data.DestVA = address(run, recipe.src_at), address(run, recipe.dest_at)
    return info


def transition(run: Run, name: str, before: int, after: int, how: str, wrong_after: int) -> Any:
    """The transition `before -> after` of buffer `name` as the plan says: correct, missing or wrong."""
    if how == "missing":
        return
    if how == "wrong_before":
        before = D3D12_RESOURCE_STATE_COMMON if before != D3D12_RESOURCE_STATE_COMMON else \
            D3D12_RESOURCE_STATE_COPY_SOURCE
    if how == "wrong_after":
        after = wrong_after
    barrier = CD3DX12_RESOURCE_BARRIER.Transition(run.resources[name], before, after)
    return barrier


def record(run: Run, command_list: Any, descriptors: list[Any], desc_count: Any) -> bool:
    """The case's commands; False as soon as one raises (an application stops at the debug layer's error)."""
    case, res = run.case, run.resources
    steps: list[tuple[str, Any, tuple]] = []
    if case.fill_in_list:
        steps.append(("copy in dest", command_list.CopyBufferRegion, (res["dest"], 0, res["pattern"], 0, 1 << 16)))
        steps.append(("copy in source", command_list.CopyBufferRegion, (res["source"], 0, res["upload"], 0, 1 << 16)))
        barriers = [b for b in (
            transition(run, "dest", D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_UNORDERED_ACCESS,
                       case.dest_barrier, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE),
            transition(run, "source", D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE,
                       case.source_barrier, D3D12_RESOURCE_STATE_UNORDERED_ACCESS)) if b is not None]
        if barriers:
            steps.append(("barriers before", command_list.ResourceBarrier, (len(barriers), barriers)))
    steps.append(("convert", command_list.ConvertLinearAlgebraMatrix, (descriptors, desc_count)))
    if case.uav_barrier_after:
        steps.append(("uav barrier", command_list.ResourceBarrier, (1, [CD3DX12_RESOURCE_BARRIER.UAV(None)])))
    if case.readback_in_list:
        barrier = transition(run, "dest", D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_SOURCE,
                             case.readback_barrier, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE)
        if barrier is not None:
            steps.append(("barrier after", command_list.ResourceBarrier, (1, [barrier])))
        steps.append(("readback", command_list.CopyBufferRegion, (res["readback"], 0, res["dest"], 0, 1 << 16)))
    for what, function, args in steps:
        if not run.call(what, function, *args)[1]:
            return False
    return True


def allowed_writes(run: Run, descriptors: list[Any], count: int) -> dict[str, np.ndarray]:
    """For each buffer, the bytes the executed conversions (and the readback copy) may change."""
    live = {name: r for name, r in run.resources.items() if r.alive}
    ranges: dict[str, list[tuple[int, int]]] = {name: [] for name in run.resources}
    profile = run.device.profile
    for info in descriptors[:count]:
        dest = info.DestInfo
        va = int(info.DataDesc.DestVA)
        holder = next((n for n, r in live.items() if 0 <= va - r.GetGPUVirtualAddress() < r.buffer.size), None)
        if holder is None:
            continue
        start = va - live[holder].GetGPUVirtualAddress()
        layout, datatype = MatrixLayout(int(dest.DestLayout)), ComponentType(int(dest.DestDataType))
        if not layout.is_optimal:   # element bytes only: the gaps between rows and columns stay
            rows, cols, stride = int(dest.NumRows), int(dest.NumColumns), int(dest.DestStride)
            vectors, length = (rows, cols) if layout == MatrixLayout.RowMajor else (cols, rows)
            width = length * type_info(datatype).size_bytes
            ranges[holder] += [(start + i * stride, start + i * stride + width) for i in range(vectors)]
        else:
            needed = destination_size(MatrixDescription(int(dest.NumRows), int(dest.NumColumns), datatype, layout),
                                      profile)
            ranges[holder].append((start, start + max(int(dest.DestSize), needed)))
    if run.case.readback_in_list:
        ranges["readback"].append((0, 1 << 16))
    return {name: mask_of(run.resources[name].buffer.size, spans) for name, spans in ranges.items()}


def run_case(case: ConversionCase) -> tuple:
    """One run of the case on a fresh device; asserts the byte property; returns its fingerprint."""
    run = Run(case)
    device = D3D12CreateDevice(None, D3D_FEATURE_LEVEL_12_0, profile=case.profile, debug=case.debug)
    run.device = device
    for name, (heap, size, flags) in BUFFERS.items():
        state = {D3D12_HEAP_TYPE_UPLOAD: D3D12_RESOURCE_STATE_GENERIC_READ,
                 D3D12_HEAP_TYPE_READBACK: D3D12_RESOURCE_STATE_COPY_DEST}.get(heap, D3D12_RESOURCE_STATE_COMMON)
        resource = device.CreateCommittedResource(CD3DX12_HEAP_PROPERTIES(heap), D3D12_HEAP_FLAG_NONE,
                                                  CD3DX12_RESOURCE_DESC.Buffer(size, flags), state)
        resource.SetName(name)
        run.resources[name] = resource
    data = sentinel(1 << 16, case.seed)
    run.resources["upload"].Map(0, CD3DX12_RANGE(0, 0))[:] = data
    run.resources["source"].buffer.data[:] = data
    pattern = sentinel(1 << 16, case.seed + 1)
    run.resources["pattern"].Map(0, CD3DX12_RANGE(0, 0))[:] = pattern
    for name in ("dest", "small", "released", "readback"):
        resource = run.resources[name]
        resource.buffer.data[:] = pattern[: resource.buffer.size]
        resource.buffer.mark_written()
    run.resources["released"].Release()

    pairs = valid_type_pairs(device.profile)
    descriptors = [build_descriptor(run, recipe, pairs) for recipe in case.descriptors]
    desc_count = resolve(case.desc_count, len(descriptors))
    queue = device.CreateCommandQueue(D3D12_COMMAND_QUEUE_DESC(Type=case.list_type))
    allocator = device.CreateCommandAllocator(case.list_type)
    command_list = device.CreateCommandList(0, case.list_type, allocator, None)
    before = {name: r.buffer.data.copy() for name, r in run.resources.items()}
    recorded = record(run, command_list, descriptors, desc_count)
    hr, _ = run.call("close", command_list.Close)
    if case.release_small_after_record:
        run.resources["small"].Release()
    executed = recorded and hr == S_OK
    if executed:
        run.call("execute", queue.ExecuteCommandLists, 1, [command_list])
    allowed = allowed_writes(run, descriptors, int(desc_count)) if executed else {
        name: np.zeros(r.buffer.size, bool) for name, r in run.resources.items()}
    for name, resource in run.resources.items():
        outside = changed_outside(before[name], resource.buffer.data, allowed[name])
        assert not outside, f"{name}: bytes at offsets {outside} changed outside every destination ({run.outcomes})"
    return (tuple(run.outcomes), tuple(run.queried), hr,
            tuple(bytes(r.buffer.data) for r in run.resources.values()))


@fuzz_settings(250, slow_examples=True)
@given(case=conversion_case())
def test_conversion_calls_raise_only_documented_errors_write_only_destinations_and_repeat(case):
    assert run_case(case) == run_case(case)


# --- the size query alone ----------------------------------------------------------------------------

INTEGER_OR_NOT = st.one_of(st.integers(-2, 48), st.sampled_from([0, 1 << 12, 1 << 13, (1 << 32) - 1, 1 << 32]),
                           st.sampled_from([40.0, "40", None, True, np.int64(8), np.uint8(3)]))


@st.composite
def destination_infos(draw: st.DrawFn) -> tuple:
    """(NumRows, NumColumns, DestDataType, DestLayout, DestStride): mostly plausible, sometimes nonsense."""
    plausible = draw(st.integers(0, 3)) > 0
    rows = draw(st.integers(1, 48)) if plausible else draw(INTEGER_OR_NOT)
    cols = draw(st.integers(1, 48)) if plausible else draw(INTEGER_OR_NOT)
    datatype = draw(st.sampled_from(DATATYPES) if plausible else st.sampled_from(DATATYPES + [0, 7, 23, -1, 9.0]))
    layout = draw(st.sampled_from(LAYOUTS) if plausible else st.sampled_from(LAYOUTS + [4, -1, None]))
    stride = 16 * draw(st.integers(0, 200)) if plausible else draw(INTEGER_OR_NOT)
    return rows, cols, datatype, layout, stride


def query_once(profile: str, debug: bool, fields: tuple) -> tuple[Any, Outcome, tuple]:
    device = D3D12CreateDevice(None, D3D_FEATURE_LEVEL_12_0, profile=profile, debug=debug)
    info = D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_DEST_INFO()
    info.NumRows, info.NumColumns, info.DestDataType, info.DestLayout, info.DestStride = fields
    _, outcome = call_documented(device.GetLinearAlgebraMatrixConversionDestinationInfo, info)
    return info.DestSize, outcome, (info.NumRows, info.NumColumns, info.DestDataType, info.DestLayout,
                                    info.DestStride)


@fuzz_settings(300)
@given(profile=st.sampled_from(PROFILES), fields=destination_infos())
def test_destination_size_query_agrees_with_and_without_the_debug_layer(profile, fields):
    size, outcome, after = query_once(profile, True, fields)
    quiet_size, quiet_outcome, quiet_after = query_once(profile, False, fields)
    assert (size, outcome) == query_once(profile, True, fields)[:2]
    assert after == quiet_after and repr(after) == repr(fields), "the query writes DestSize only"
    assert quiet_outcome == Outcome(), "without the debug layer the query never raises"
    if outcome.raised:
        assert outcome.raised == "D3D12DebugLayerError" and quiet_size == 0
        return
    assert quiet_size == size and isinstance(size, int) and size > 0 and size % 16 == 0
    rows, cols, datatype, layout, stride = fields
    if layout in (ROW, COL):   # an optimal layout's stride is ignored, whatever it holds
        assert size >= strided_span(int(rows), int(cols), layout, int(stride), element_size(datatype))


@fuzz_settings(10)
@given(debug=st.booleans(), wrong=st.sampled_from([None, 16, "DestInfo", D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_INFO(),
                                                    D3D12_LINEAR_ALGEBRA_MATRIX_CONVERSION_SRC_INFO()]))
def test_destination_size_query_of_something_else_than_a_dest_info(debug, wrong):
    device = D3D12CreateDevice(None, D3D_FEATURE_LEVEL_12_0, debug=debug)
    _, outcome = call_documented(device.GetLinearAlgebraMatrixConversionDestinationInfo, wrong)
    assert outcome == (Outcome("D3D12DebugLayerError", "descriptor type", E_INVALIDARG) if debug else Outcome())
