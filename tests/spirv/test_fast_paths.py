"""The executor's fast paths against its plain path.

The fast paths: converged lanes run without per-lane program counters (executor), loops run compacted
to the lanes still in them (executor, compaction; tests/spirv/test_compaction.py has its own), values are dropped
after their last reader (liveness), variables write one element in place and serve wide arrays
element-major (pointers.Cell), push-constant loads at one offset are kept for the dispatch, and
constant operands' uniform components are checked once (ops.common). With every one of them turned
off (`plain`), each module below must leave the same bits in every buffer; the units have their own
checks after that.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.memory.address_space import AddressSpace
from dxlinalg.spirv import executor, load_module, pointers, program, run
from dxlinalg.spirv.liveness import blocks_run_once, droppable_values
from dxlinalg.spirv.memory_access import load
from dxlinalg.spirv.ops import common
from dxlinalg.spirv.ops import memory as memory_ops
from dxlinalg.spirv.ops.conversion import _all_inside
from dxlinalg.spirv.ops.glsl import _relu
from dxlinalg.spirv.pointers import ELEMENT, ELEMENT_READS_BEFORE_COLUMNS, Cell, element_major, read_path, write_path
from dxlinalg.samples.host_helpers import GpuContext
from dxlinalg.samples.mlp_inference import THREADS_PER_GROUP, prepare_variant
from dxlinalg.samples.mlp_inference_spirv import FOLDER, MODULES
from dxlinalg.samples.mlp_model import random_weights
from tests.spirv.test_spirv_control_flow import Kernel

DATA = Path(__file__).parent / "data"


def _hand_over(function: object, frame: object, order: int, source: int, live: np.ndarray,
               stop: int = executor.DONE) -> tuple[np.ndarray, np.ndarray, list[set[int]]]:
    """In place of `_run_converged`: run nothing, give the per-lane loop the lanes waiting at `order`."""
    pc = np.where(live, np.int32(order), executor.DONE).astype(np.int32)
    arrivals: list[set[int]] = [set() for _ in function.blocks]  # type: ignore[attr-defined]
    if source >= 0:
        arrivals[order].add(source)
    return pc, np.full(live.shape[0], source, np.int32), arrivals


def _load_every_time(region, layout, offset, mask, strict, where):  # type: ignore[no-untyped-def]
    return load(region, layout, np.array([offset], np.int64), mask, strict, where)


def turn_off_fast_paths(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every fast path off (modules must be read afresh: a compiled program remembers its drops)."""
    monkeypatch.setattr(executor, "_run_converged", _hand_over)
    monkeypatch.setattr(executor, "COMPACT_MIN_LANES", 1 << 62)
    monkeypatch.setattr(program, "feeds_phis", lambda block, blocks: True)
    monkeypatch.setattr(program, "droppable_values", lambda *args: {})
    monkeypatch.setattr(pointers, "write_element_in_place", lambda *args: False)
    monkeypatch.setattr(pointers.Cell, "_columns", lambda self: None)
    monkeypatch.setattr(memory_ops, "uniform_load", _load_every_time)
    monkeypatch.setattr(common._Spread, "_same", lambda self, k, value: common._same_bits(value))


# -- whole modules, both ways -----------------------------------------------------------------------------------
Case = Callable[[], dict[str, np.ndarray]]


def _module_case(path: Path, arguments: Callable[[], dict[str, object]]) -> Case:
    """Run the module on fresh `arguments()` (its "device_buffers" are compared too, not passed)."""
    def outputs() -> dict[str, np.ndarray]:
        options = arguments()
        device_buffers = options.pop("device_buffers", [])
        results = run(load_module(path), **options)  # type: ignore[arg-type]
        found = {f"{key}": np.ascontiguousarray(value).view(np.uint8) for key, value in results.items()}
        found.update({buffer.name: buffer.data.copy() for buffer in device_buffers})  # type: ignore[attr-defined]
        return found
    return outputs


def _ints(seed: int, count: int, low: int, high: int) -> np.ndarray:
    return np.random.default_rng(seed).integers(low, high, count).astype(np.int32)


def _linked_list() -> dict[str, object]:
    space = AddressSpace()
    nodes = space.allocate(16 * 6, "nodes")
    for k in range(6):
        following = nodes.address + 16 * (k + 1) if k < 5 else 0
        nodes.data[16 * k:16 * k + 12] = np.frombuffer(struct.pack("<Qi", following, (k + 1) * 10), np.uint8)
    samples = space.allocate(64, "samples")
    samples.data[:] = np.arange(16, dtype=np.float32).view(np.uint8)
    return {"buffers": {(0, 0): np.zeros(16, np.int32)}, "address_space": space, "device_buffers": [nodes, samples],
            "push_constants": struct.pack("<QQ", nodes.address, samples.address)}


def _types() -> dict[str, object]:
    rng = np.random.default_rng(5)
    n = 64
    return {"groups": (2, 1, 1), "buffers": {
        (0, 0): rng.uniform(-4, 4, n).astype(np.float16), (0, 1): rng.integers(-128, 128, n).astype(np.int8),
        (0, 2): rng.integers(0, 65536, n).astype(np.uint16), (0, 3): rng.integers(-2 ** 62, 2 ** 62, n),
        (0, 4): rng.standard_normal(n) * 1e3, (0, 5): np.zeros((n, 2), np.float16), (0, 6): np.zeros(n, np.uint64),
        (0, 7): np.zeros(n, np.float64), (0, 8): np.zeros((n, 2), np.int16)}}


def _layouts() -> dict[str, object]:
    rng = np.random.default_rng(6)
    particles = rng.standard_normal((64, 8)).astype(np.float32)
    particles[:, 4:6] = rng.integers(-9, 9, (64, 2)).astype(np.int32).view(np.float32)
    return {"groups": (4, 1, 1), "spec_constants": {0: 16, 1: 5, 2: False, 3: -1.25},
            "buffers": {(0, 0): rng.standard_normal(48).astype(np.float32), (0, 1): particles,
                        (0, 2): np.zeros((64, 4), np.float32)},
            "push_constants": struct.pack("<If", 50, 1.5)}


def _data_cases() -> dict[str, Case]:
    cases: dict[str, Case] = {}
    for variant in ("", ".opt"):
        def shader(name: str, v: str = variant) -> Path:
            return DATA / f"{name}{v}.spv"
        cases[f"control_flow{variant}"] = _module_case(shader("control_flow"), lambda: {
            "groups": (8, 1, 1), "buffers": {(0, 0): _ints(1, 512, -300, 300), (0, 1): np.zeros(512, np.int32)}})
        cases[f"shared_reduce{variant}"] = _module_case(shader("shared_reduce"), lambda: {
            "groups": (4, 1, 1), "buffers": {(0, 0): np.random.default_rng(2).standard_normal(512).astype(np.float32),
                                             (0, 1): np.zeros(4, np.float32), (0, 2): np.zeros(512, np.float32)}})
        cases[f"atomics{variant}"] = _module_case(shader("atomics"), lambda: {
            "groups": (2, 1, 1), "buffers": {(0, 0): _ints(3, 128, 0, 1000).view(np.uint32),
                                             (0, 1): np.zeros(32, np.uint32), (0, 2): np.zeros(128, np.uint32)}})
        cases[f"subgroup{variant}"] = _module_case(shader("subgroup"), lambda: {
            "groups": (2, 1, 1), "profile": "nvidia-h100", "strict": False,     # shuffles past partial waves
            "buffers": {(0, 0): _ints(4, 96, -50, 50), (0, 1): np.zeros(96, np.int32)}})
        cases[f"types{variant}"] = _module_case(shader("types"), _types)
        cases[f"layouts{variant}"] = _module_case(shader("layouts"), _layouts)
        cases[f"buffer_reference{variant}"] = _module_case(shader("buffer_reference"), _linked_list)
    return cases


def _inference_case(variant: str) -> Case:
    """The inference sample over 512 lanes (enough for element-major reads of its 64-wide vectors)."""
    def outputs() -> dict[str, np.ndarray]:
        frame = prepare_variant(GpuContext("reference"), variant, random_weights(3), 128, 4)
        image = np.zeros(frame.pixels * 3, np.float32)
        results = run(load_module(FOLDER / MODULES["glslang"][variant]),
                      groups=(-(-frame.width // THREADS_PER_GROUP), frame.height, 1),
                      buffers={(0, 0): frame.weights.buffer, (0, 1): frame.biases.buffer, (0, 2): image},
                      push_constants=frame.constants.tobytes())
        return {"image": results[(0, 2)].view(np.uint8)}
    return outputs


CASES = {**_data_cases(), **{f"mlp_inference_{v}": _inference_case(v) for v in ("fp16", "e4m3", "int8")}}


@pytest.fixture(params=sorted(CASES))
def case(request: pytest.FixtureRequest) -> tuple[str, Case]:
    return request.param, CASES[request.param]


def test_every_buffer_holds_the_plain_paths_bits(case: tuple[str, Case], monkeypatch: pytest.MonkeyPatch) -> None:
    name, outputs = case
    fast = outputs()
    with monkeypatch.context() as patches:
        turn_off_fast_paths(patches)
        slow = outputs()
    assert fast.keys() == slow.keys()
    for key in fast:
        assert np.array_equal(fast[key], slow[key]), f"{name}: {key}"


def test_the_plain_path_is_really_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    ran = []
    monkeypatch.setattr(executor, "_run_diverged", lambda *args, run=executor._run_diverged: ran.append(1) or
                        run(*args))
    CASES["control_flow"]()
    converged_handovers = len(ran)
    ran.clear()
    turn_off_fast_paths(monkeypatch)
    CASES["control_flow"]()
    assert len(ran) > converged_handovers > 0


# -- converged calls -----------------------------------------------------------------------------------------------
def test_a_callee_that_kills_every_lane_ends_the_call_before_a_loop_that_would_never_end() -> None:
    """main: call kill_all(); then loop until x != x (forever for a live lane). No lane is left to loop."""
    kn = Kernel()
    b = kn.b
    helper = b.function(b.void(), name="kill_all")
    helper.do("OpKill")
    helper_id = helper.end()
    fn = kn.fn
    kn.fn.op("OpFunctionCall", b.void(), helper_id)
    header, body, merge = fn.label(), fn.label(), fn.label()
    fn.do("OpBranch", header)
    fn.block(header)
    never = kn.op("OpINotEqual", kn.x, kn.x)
    fn.do("OpLoopMerge", merge, body, 0)
    fn.do("OpBranchConditional", never, merge, body)       # leaves on a true condition: no lane has one
    fn.block(body)
    fn.do("OpBranch", header)
    fn.block(merge)
    kn.store(kn.c(1))
    assert kn.run(np.arange(64), step_limit=50).tolist() == [0] * 64


# -- liveness --------------------------------------------------------------------------------------------------------
def test_blocks_in_a_loop_or_reached_from_a_later_block_may_run_again() -> None:
    """0 -> 1 (loop header) -> 2 (body) -> 1; 1 -> 3 (after the loop); 0 -> 4 -> 5 and a later 6 -> 5."""
    order = {block: block for block in range(7)}
    predecessors = {0: [], 1: [0, 2], 2: [1], 3: [1], 4: [0], 5: [4, 6], 6: [0]}
    assert blocks_run_once(order, predecessors) == {0, 3, 4, 6}


def test_values_read_in_one_block_that_runs_once_or_where_they_are_made_can_be_dropped() -> None:
    definitions = {10: (0, 0), 11: (0, 1), 12: (2, 0), 13: (0, 2), 14: (0, 3), 15: (0, -1), 16: (2, 1)}
    readers = [(10, 3, False),                        # read once, in block 3 (runs once): dropped there
               (11, 2, False),                        # read in block 2 (a loop body): kept
               (12, 2, False),                        # read where it is made, in the loop: dropped there
               (13, 3, False), (13, 4, False),        # read in two blocks: kept
               (14, 3, True),                         # read by a phi or a terminator: kept
               (15, 3, False)]                        # a parameter: kept
    assert droppable_values(definitions, readers, once={0, 3, 4}) == {3: {10}, 2: {12, 16}}


# -- variables ---------------------------------------------------------------------------------------------------------
def test_a_value_read_from_a_variable_is_not_changed_by_a_later_element_write() -> None:
    cell = Cell(np.zeros((1, 4), np.int32), "v")
    cell.write(((ELEMENT, 1),), np.array([5], np.int32), None)        # the cell's own copy now
    before = cell.read(())
    cell.write(((ELEMENT, 2),), np.array([7], np.int32), None)
    assert before.tolist() == [[0, 5, 0, 0]] and cell.read(()).tolist() == [[0, 5, 7, 0]]


def test_element_writes_in_place_and_by_copy_agree_under_a_mask() -> None:
    rng = np.random.default_rng(8)
    start = rng.integers(0, 100, (300, 6)).astype(np.int32)
    cell = Cell(start, "v")
    expected = start
    copies = []
    for step in range(5):
        part, mask = rng.integers(0, 100, 300).astype(np.int32), rng.random(300) < 0.5
        path = ((ELEMENT, step),)
        expected = write_path(expected, path, part, mask)
        cell.write(path, part, mask)
        copies.append(cell.value)
    assert copies[0] is not start and all(copy is copies[0] for copy in copies)     # one copy, then in place
    assert np.array_equal(cell.read(()), expected) and start.base is None


def test_a_wide_array_read_element_by_element_gives_its_elements_until_the_next_write() -> None:
    values = np.random.default_rng(9).standard_normal((512, 32)).astype(np.float32)
    cell = Cell(values, "y")
    reads = [cell.read(((ELEMENT, k),)) for k in range(32)]
    assert cell.columns is not None and all(np.array_equal(r, values[:, k]) for k, r in enumerate(reads))
    assert reads[-1].flags.c_contiguous and len(reads) > ELEMENT_READS_BEFORE_COLUMNS
    cell.write(((ELEMENT, 3),), np.ones(512, np.float32), None)
    assert cell.columns is None and cell.read(((ELEMENT, 3),)).tolist() == [1.0] * 512
    assert np.array_equal(reads[3], values[:, 3])                        # what was read before stays


@pytest.mark.parametrize("shape", [(256, 16), (300, 20, 3), (1024, 64)])
def test_element_major_is_the_transpose(shape: tuple[int, ...]) -> None:
    values = np.random.default_rng(10).standard_normal(shape)
    assert np.array_equal(element_major(values), np.swapaxes(values, 0, 1))
    assert np.array_equal(read_path(values, ((ELEMENT, 5),)), element_major(values)[5])


# -- instructions' fast paths ------------------------------------------------------------------------------------
FLOAT_TYPES = [np.float16, np.float32, np.float64]
INT_TYPES = [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64]


@settings(max_examples=200, deadline=None)
@given(source=st.sampled_from(FLOAT_TYPES), target=st.sampled_from(INT_TYPES), data=st.data())
def test_float_to_integer_range_check_on_the_extremes_is_the_elementwise_check(source, target, data) -> None:
    info = np.iinfo(target)
    edges = [float(info.min), float(info.max), float(info.min) - 1, float(info.max) + 1, -0.0, 0.5, -0.75]
    floats = st.one_of(st.sampled_from(edges), st.floats(width=np.dtype(source).itemsize * 8, allow_nan=True))
    with np.errstate(over="ignore"):                       # edges beyond float16 become infinities
        x = np.array(data.draw(st.lists(floats, min_size=1, max_size=6)), dtype=source)
    low, high = float(info.min) - 1.0, float(info.max) + 1.0
    wide = x.astype(np.float64)
    elementwise = bool((((wide > low) | (wide == float(info.min))) & (wide < high)).all())
    assert _all_inside(x, low, high, float(info.min)) == elementwise


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_relu_is_x_where_positive_else_plus_zero(dtype) -> None:
    x = np.array([np.nan, -np.nan, -0.0, 0.0, -1.5, 2.5, np.inf, -np.inf, 1e-45, -1e-45], dtype)
    expected = np.where(x > 0, x, dtype(0))
    assert np.array_equal(_relu(x).view(f"u{x.itemsize}"), expected.view(f"u{x.itemsize}"))


def test_spread_remembers_an_operand_only_while_it_is_the_same_array() -> None:
    lanes = np.arange(8, dtype=np.int32).reshape(8, 1).repeat(4, axis=1)
    same, mixed = np.full((1, 4), 3, np.int32), np.array([[1, 2, 3, 4]], np.int32)
    spread = common._Spread({})
    for uniform, expected_ndim in ((same, 0), (mixed, 2), (same, 0), (mixed, 2)):
        assert spread(lanes, uniform)[1].ndim == expected_ndim


def test_vectors_built_from_scalars_feed_every_kind_of_consumer() -> None:
    """OpCompositeConstruct of scalars makes component-major arrays; bitcasts to wider and to same-size
    types, PackHalf2x16, BitReverse, a shuffle, a store and an element read must not mind."""
    kn = Kernel(local_size=64)
    b, fn, k = kn.b, kn.fn, kn.k
    uint, uint64, float32 = b.uint(), b.uint(64), b.float()
    b.capability(11)                                                          # Int64
    glsl = b.ext_import("GLSL.std.450")
    u = fn.op("OpBitcast", uint, kn.x)
    pair = fn.op("OpCompositeConstruct", b.vector(uint, 2), u, fn.op("OpIAdd", uint, u, b.constant(uint, 7)))
    wide = fn.op("OpBitcast", uint64, pair)                                  # two words into one 64-bit value
    halves = fn.op("OpCompositeConstruct", b.vector(float32, 2), fn.op("OpConvertUToF", float32, u),
                   b.constant(float32, -2.5))
    packed = fn.op("OpExtInst", uint, glsl, 58, halves)                      # PackHalf2x16
    four = fn.op("OpCompositeConstruct", b.vector(kn.int, 4), kn.x, kn.c(3), kn.c(-1), kn.x)
    reversed_bits = fn.op("OpBitReverse", b.vector(kn.int, 4), four)
    same_size = fn.op("OpBitcast", b.vector(uint, 4), reversed_bits)
    shuffled = fn.op("OpVectorShuffle", b.vector(uint, 4), same_size, same_size, 3, 2, 1, 0)
    out64 = k.buffer(0, 2, uint64)
    out4 = k.buffer(0, 3, b.vector(uint, 4))
    k.store(out64, kn.i, uint64, wide)
    k.store(out4, kn.i, b.vector(uint, 4), shuffled)
    kn.store(fn.op("OpBitcast", kn.int, fn.op("OpIAdd", uint, packed, fn.op("OpCompositeExtract", uint, shuffled, 1))))
    words = k.finish()
    x = np.arange(64, dtype=np.int32) * 37 - 500
    out = run(words, groups=(1, 1, 1), buffers={(0, 0): x, (0, 1): np.zeros(64, np.int32),
                                                (0, 2): np.zeros(64, np.uint64), (0, 3): np.zeros((64, 4), np.uint32)})
    xu = x.view(np.uint32)
    assert out[(0, 2)].tolist() == [int(w) | (int(w + np.uint32(7)) << 32) for w in xu]
    reverse = np.vectorize(lambda w: int(f"{int(w):032b}"[::-1], 2), otypes=[np.uint32])
    four_expected = np.stack([xu, np.full(64, 3, np.uint32), np.full(64, 0xFFFFFFFF, np.uint32), xu], axis=1)
    assert out[(0, 3)].tolist() == reverse(four_expected)[:, ::-1].tolist()
    with np.errstate(over="ignore"):                                       # large words round to Inf
        half_bits = np.stack([xu.astype(np.float32).astype(np.float16), np.full(64, -2.5, np.float16)], axis=1)
    packed_expected = half_bits.view(np.uint16).astype(np.uint32) @ np.array([1, 1 << 16], np.uint32)
    assert out[(0, 1)].view(np.uint32).tolist() == (packed_expected + reverse(four_expected)[:, 2]).tolist()


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(-1, 1 << 30), st.booleans()), min_size=1, max_size=64),
       st.integers(-1, 1 << 30))
def test_branch_free_assignment_of_program_counters_is_putmask(lanes, value):
    array = np.array([a for a, _ in lanes], np.int32)
    mask = np.array([m for _, m in lanes])
    expected = array.copy()
    np.putmask(expected, mask, value)
    executor.assign_where(array, mask, value)
    assert np.array_equal(array, expected)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from([np.bool_, np.uint8, np.int16, np.float16, np.uint32, np.float32, np.int64, np.float64]),
       st.integers(1, 40), st.integers(0, 3), st.integers(0, 2**32 - 1))
def test_merging_without_branches_is_where(dtype, lanes, width, seed):
    from dxlinalg.spirv.lanes import mask_for, merge
    rng = np.random.default_rng(seed)
    shape = (lanes,) if width == 0 else (lanes, width)
    raw = rng.integers(0, 256, (2, *shape, np.dtype(dtype).itemsize)).astype(np.uint8)
    new, old = (np.ascontiguousarray(r).view(dtype).reshape(shape) for r in raw)
    if np.dtype(dtype) == np.bool_:
        new, old = new.view(np.uint8) & 1 == 1, old.view(np.uint8) & 1 == 1
    mask = rng.random(lanes) < 0.5
    expected = np.where(mask_for(mask, new.ndim), new, old)
    merged = merge(mask, new, old)
    assert merged.dtype == expected.dtype and merged.tobytes() == expected.tobytes()
