"""Loops run compacted to the lanes still in them (executor._run_compacted, compaction) against the plain run.

The plain run (every block over the whole chunk) is the definition. With compaction forced at every loop
header where it is allowed (`forced`) and with it off (`off`), every buffer must hold the same bits, and an
undefined-behaviour report or a step limit inside a compacted loop must read exactly the same.
"""

from __future__ import annotations

import struct
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg.spirv import SpirvStepLimitError, SpirvUndefinedBehaviorError, executor, load_module, run
from dxlinalg.spirv.compaction import Compaction, CompactionError, Withheld
from dxlinalg.spirv.enums import Scope
from dxlinalg.spirv.pointers import ELEMENT, Cell, LogicalPointer
from dxlinalg.spirv.program import Program
from dxlinalg.spirv.specialize import Specialization
from dxlinalg.spirv.types import IntType
from tests.spirv.test_spirv_control_flow import Kernel

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent / "data"


def forced(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Compaction at every loop header where it is allowed; the outcomes of the compacted runs."""
    monkeypatch.setattr(executor, "COMPACT_MIN_LANES", 1)
    monkeypatch.setattr(executor, "COMPACT_FRACTION", 1.0)
    outcomes: list[bool] = []
    original = executor._run_compacted

    def counted(*args: object) -> bool:
        outcome = original(*args)  # type: ignore[arg-type]
        outcomes.append(outcome)
        return outcome
    monkeypatch.setattr(executor, "_run_compacted", counted)
    return outcomes


def off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(executor, "COMPACT_MIN_LANES", 1 << 62)


# -- whole modules, both ways ---------------------------------------------------------------------------------
def _control_flow_sample() -> dict[object, np.ndarray]:
    """dxlinalg/samples/spirv/control_flow.spv (Collatz walks, trial division, calls with pointer parameters)."""
    count = 2048
    values = np.random.default_rng(7).integers(0, 1 << 12, count, dtype=np.uint32)
    values[::97] = 0
    return run(load_module(ROOT / "dxlinalg/samples/spirv/control_flow.spv"), groups=(count // 64, 1, 1),
               buffers={(0, 0): values, (0, 1): np.zeros(5 * count, np.uint32)},
               push_constants=struct.pack("<I", count))


def _control_flow_data(variant: str) -> dict[object, np.ndarray]:
    """tests/spirv/data/control_flow{variant}.spv: phis (.opt) or variables, switch, kill."""
    values = np.random.default_rng(8).integers(-300, 300, 512).astype(np.int32)
    return run(load_module(DATA / f"control_flow{variant}.spv"), groups=(8, 1, 1),
               buffers={(0, 0): values, (0, 1): np.zeros(512, np.int32)})


CASES = {
    "control_flow.spv": _control_flow_sample,
    "data/control_flow.spv": lambda: _control_flow_data(""),
    "data/control_flow.opt.spv": lambda: _control_flow_data(".opt"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_buffer_holds_the_plain_runs_bits(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with monkeypatch.context() as patches:
        off(patches)
        plain = CASES[name]()
    with monkeypatch.context() as patches:
        outcomes = forced(patches)
        compacted = CASES[name]()
    assert outcomes and all(outcomes), "compaction must have run, and succeeded"
    assert plain.keys() == compacted.keys()
    for key in plain:
        assert np.array_equal(plain[key].view(np.uint8), compacted[key].view(np.uint8)), f"{name}: {key}"


@settings(max_examples=8, deadline=None)
@given(st.lists(st.integers(0, (1 << 16) - 1), min_size=256, max_size=256))
def test_any_inputs_give_the_plain_runs_words(values: list[int]) -> None:
    """dxlinalg/samples/spirv/control_flow.spv on 256 arbitrary inputs: compaction forced everywhere and off agree."""
    def words() -> np.ndarray:
        return run(load_module(ROOT / "dxlinalg/samples/spirv/control_flow.spv"), groups=(4, 1, 1),
                   buffers={(0, 0): np.array(values, np.uint32), (0, 1): np.zeros(5 * 256, np.uint32)},
                   push_constants=struct.pack("<I", 256))[(0, 1)]
    with pytest.MonkeyPatch.context() as patches:
        off(patches)
        plain = words()
    with pytest.MonkeyPatch.context() as patches:
        forced(patches)
        assert np.array_equal(words(), plain)


def test_the_default_thresholds_compact_a_chunk_of_the_benchmark(monkeypatch: pytest.MonkeyPatch) -> None:
    """At the default thresholds, dxlinalg/samples/spirv/control_flow.spv (benchmark L2's module) compacts its loops."""
    ran: list[bool] = []
    original = executor._run_compacted
    monkeypatch.setattr(executor, "_run_compacted", lambda *args: ran.append(original(*args)) or ran[-1])
    compacted = _control_flow_sample()
    assert ran and all(ran)
    with monkeypatch.context() as patches:
        off(patches)
        assert np.array_equal(_control_flow_sample()[(0, 1)], compacted[(0, 1)])


# -- reports from inside a compacted loop -------------------------------------------------------------------
def _dividing_loop() -> Kernel:
    """for (k = 0; k < x; ++k) total += 1000 / (k - 50); out = total. Lanes with x > 50 divide by zero."""
    kn = Kernel()
    fn, c = kn.fn, kn.c
    start, header, body, merge = (fn.label() for _ in range(4))
    fn.do("OpBranch", start)
    fn.block(start)
    fn.do("OpBranch", header)
    k_next, total_next = kn.b.new_id(), kn.b.new_id()
    fn.block(header)
    k = fn.op("OpPhi", kn.int, c(0), start, k_next, body)
    total = fn.op("OpPhi", kn.int, c(0), start, total_next, body)
    more = kn.op("OpSLessThan", k, kn.x)
    fn.do("OpLoopMerge", merge, body, 0)
    fn.do("OpBranchConditional", more, body, merge)
    fn.block(body)
    fn.op("OpIAdd", kn.int, total, kn.op("OpSDiv", c(1000), kn.op("OpISub", k, c(50))), result=total_next)
    fn.op("OpIAdd", kn.int, k, c(1), result=k_next)
    fn.do("OpBranch", header)
    fn.block(merge)
    kn.store(total)
    return kn


def _few_long_trips(long_trip: int) -> np.ndarray:
    values = np.arange(256) % 7
    values[[37, 200]] = long_trip
    return values


def _message(kernel: Kernel, values: np.ndarray, **options: object) -> str:
    with pytest.raises((SpirvUndefinedBehaviorError, SpirvStepLimitError)) as caught:
        kernel.run(values, **options)
    return str(caught.value)


def test_an_undefined_division_in_a_compacted_loop_is_reported_as_the_plain_run_reports_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    kernel = _dividing_loop()
    values = _few_long_trips(60)
    with monkeypatch.context() as patches:
        off(patches)
        plain = _message(kernel, values)
    with monkeypatch.context() as patches:
        outcomes = forced(patches)
        compacted = _message(kernel, values)
    assert "lane 37" in plain and compacted == plain
    assert outcomes == [False], "the compacted run failed, handed the loop back to the plain run, and was not retried"


def test_a_compacted_loop_computes_what_the_plain_one_does(monkeypatch: pytest.MonkeyPatch) -> None:
    kernel = _dividing_loop()
    values = _few_long_trips(45)
    with monkeypatch.context() as patches:
        off(patches)
        plain = kernel.run(values)
    with monkeypatch.context() as patches:
        outcomes = forced(patches)
        compacted = kernel.run(values)
    expected = [sum(int(np.trunc(1000 / (k - 50))) for k in range(x)) for x in values.tolist()]
    assert outcomes and all(outcomes)
    assert plain.tolist() == compacted.tolist() == expected


def test_a_step_limit_in_a_compacted_loop_reads_as_in_the_plain_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """The dividing loop with trips of 40 on two lanes, under a step limit reached inside it."""
    kernel = _dividing_loop()
    values = _few_long_trips(40)
    with monkeypatch.context() as patches:
        off(patches)
        plain = _message(kernel, values, step_limit=50)
    with monkeypatch.context() as patches:
        forced(patches)
        compacted = _message(kernel, values, step_limit=50)
    assert "step limit of 50" in plain and compacted == plain


# -- which loops may run compacted ------------------------------------------------------------------------------
def _loop_ends(words: object) -> list[int]:
    module = load_module(words)  # type: ignore[arg-type]
    program = Program(module, Specialization(module, {}, 32), module.entry_point("main"))
    return [block.compact_end for function in program.functions.values() for block in function.blocks
            if block.compact_end]


def test_a_loop_with_a_subgroup_operation_or_a_buffer_store_is_never_compacted() -> None:
    """The same loop shape three ways: plain arithmetic (compactable), a subgroup sum, a buffer store inside."""
    ends = []
    for inside in ("arithmetic", "subgroup", "store"):
        kn = Kernel()
        fn, c = kn.fn, kn.c
        start, header, body, merge = (fn.label() for _ in range(4))
        fn.do("OpBranch", start)
        fn.block(start)
        fn.do("OpBranch", header)
        k_next = kn.b.new_id()
        fn.block(header)
        k = fn.op("OpPhi", kn.int, c(0), start, k_next, body)
        more = kn.op("OpSLessThan", k, kn.x)
        fn.do("OpLoopMerge", merge, body, 0)
        fn.do("OpBranchConditional", more, body, merge)
        fn.block(body)
        if inside == "subgroup":
            fn.op("OpGroupNonUniformIAdd", kn.int, kn.b.constant(kn.b.uint(), Scope.Subgroup), 0, k)
        elif inside == "store":
            kn.store(k)
        fn.op("OpIAdd", kn.int, k, c(1), result=k_next)
        fn.do("OpBranch", header)
        fn.block(merge)
        kn.store(k)
        ends.append(_loop_ends(kn.k.finish()))
    assert ends[0] and not ends[1] and not ends[2]


# -- gathering and scattering values -------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(st.integers(2, 40), st.data())
def test_a_scattered_value_is_the_original_with_the_kept_lanes_replaced(lanes: int, data: st.DataObject) -> None:
    keep = data.draw(st.lists(st.booleans(), min_size=lanes, max_size=lanes))
    index = np.flatnonzero(keep)
    rng = np.random.default_rng(data.draw(st.integers(0, 99)))
    uniform = data.draw(st.booleans())
    original = rng.integers(0, 100, (1 if uniform else lanes, 3)).astype(np.int32)
    compaction = Compaction(lanes, index)
    taken = compaction.take(original)
    assert taken is original if uniform else np.array_equal(taken, original[index])
    final = rng.integers(0, 100, (len(index), 3)).astype(np.int32)
    expected = np.array(np.broadcast_to(original, (lanes, 3)))
    expected[index] = final
    assert np.array_equal(compaction.put(original, taken, final), expected)
    assert compaction.put(original, taken, taken) is original


def test_a_variable_written_through_a_compacted_pointer_is_scattered_back() -> None:
    cell = Cell(np.arange(8, dtype=np.int32).reshape(4, 2), "v")
    pointer = LogicalPointer(cell, ((ELEMENT, np.array([1, 0, 1, 0])),), IntType(0, 32, True))
    compaction = Compaction(4, np.array([1, 3]))
    compact = compaction.take(pointer)
    assert compact.cell is compaction.take(LogicalPointer(cell, (), IntType(0, 32, True))).cell
    compact.cell.write(compact.path, np.array([70, 90], np.int32), None)
    ((original, value),) = compaction.commit_cells()
    assert original is cell
    assert value.tolist() == [[0, 1], [70, 3], [4, 5], [90, 7]]   # lanes 1 and 3 point at element 0
    assert cell.value.tolist() == [[0, 1], [2, 3], [4, 5], [6, 7]], "nothing changes before the commit"
    back = compaction.put(pointer, compact, compact)
    assert back is pointer


def test_what_cannot_be_compacted_fails_when_used() -> None:
    compaction = Compaction(4, np.array([0, 2]))
    withheld = compaction.take(object())
    assert isinstance(withheld, Withheld)
    with pytest.raises(CompactionError):
        withheld.region  # noqa: B018
    own = LogicalPointer(Cell(np.zeros(2, np.int32), "w"), (), IntType(0, 32, True))
    with pytest.raises(CompactionError, match="variable of its own"):
        compaction.put(None, None, own)


def test_only_an_entry_point_with_few_values_per_lane_gets_the_larger_chunks() -> None:
    from dxlinalg.spirv.run import SMALL_LANE_STATE, prepare

    divergent = prepare(load_module(ROOT / "dxlinalg/samples/spirv/control_flow.spv"), "main", None, 32)
    wide = prepare(load_module(ROOT / "dxlinalg/samples/spirv/mlp_inference_fp16.spv"), "main", None, 32)
    assert divergent.compacts and divergent.lane_components <= SMALL_LANE_STATE
    assert wide.compacts and wide.lane_components > SMALL_LANE_STATE
