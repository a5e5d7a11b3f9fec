"""Poison carried per element through a block (dxlinalg.mlir.poison): reported where it becomes observable, not
where it is made; discarded poison is fine (MLIR's rule), as IREE's exp expansion needs.

The oracle for each kernel is the rule itself, lane by lane and element by element, written as plain Python.
"""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg import mlir
from dxlinalg.mlir import MlirUndefinedBehaviorError


def kernel(body: str) -> str:
    """%x: vector<4xf32> of thread t is x[t], %y its other input; the body stores into %out."""
    return f"""
func.func @k(%in: memref<32x4xf32>, %other: memref<32x4xf32>, %out: memref<32x4xi32>)
    attributes {{gpu.known_block_size = array<i32: 32, 1, 1>}} {{
  %tid = gpu.thread_id x
  %c0 = arith.constant 0 : index
  %x = vector.load %in[%tid, %c0] : memref<32x4xf32>, vector<4xf32>
  %y = vector.load %other[%tid, %c0] : memref<32x4xf32>, vector<4xf32>
{body}
  return
}}"""


def inputs(nan_at: tuple[int, int] | None) -> dict[int, np.ndarray]:
    x = np.arange(128, dtype=np.float32).reshape(32, 4)
    if nan_at is not None:
        x[nan_at] = np.nan
    return {0: x, 1: np.full((32, 4), 1000.0, np.float32), 2: np.zeros((32, 4), np.int32)}


DISCARDED = """  %i = arith.fptosi %x : vector<4xf32> to vector<4xi32>
  %one = arith.constant dense<1> : vector<4xi32>
  %j = arith.addi %i, %one : vector<4xi32>
  %ok = arith.cmpf olt, %x, %y : vector<4xf32>
  %zero = arith.constant dense<0> : vector<4xi32>
  %r = arith.select %ok, %j, %zero : vector<4xi1>, vector<4xi32>
  vector.store %r, %out[%tid, %c0] : memref<32x4xi32>, vector<4xi32>"""


def expected_discarded(x: np.ndarray) -> np.ndarray:
    out = np.zeros(x.shape, np.int32)
    for lane in range(x.shape[0]):
        for element in range(x.shape[1]):
            value = float(x[lane, element])
            out[lane, element] = int(value) + 1 if value < 1000.0 else 0   # NaN < y is false: the 0 is picked
    return out


def test_poison_that_a_select_discards_is_not_undefined_behaviour() -> None:
    buffers = inputs((5, 2))
    got = mlir.run(kernel(DISCARDED), "k", buffers=buffers)[2]
    assert np.array_equal(got, expected_discarded(buffers[0]))


def test_poison_that_reaches_a_store_is_reported_at_the_store_naming_where_it_was_made() -> None:
    body = DISCARDED.replace("%r = arith.select %ok, %j, %zero", "%r = arith.select %ok, %zero, %j")
    with pytest.raises(MlirUndefinedBehaviorError,
                       match=r"'vector.store': a poison operand \(made by 'arith.fptosi' at 8:3: a value outside "
                             r".*\(thread 5 of"):
        mlir.run(kernel(body), "k", buffers=inputs((5, 2)))
    # permissive: the conversion saturates (NaN to 0), as PTX cvt.rzi.sat
    got = mlir.run(kernel(body), "k", buffers=inputs((5, 2)), strict=False)[2]
    assert got[5, 2] == 1


def test_poison_is_tracked_per_element() -> None:
    # the select picks the poison element's neighbours only: the poison element itself is discarded
    body = DISCARDED.replace("%ok = arith.cmpf olt, %x, %y : vector<4xf32>",
                             "%ok = arith.constant dense<[true, true, false, true]> : vector<4xi1>")
    got = mlir.run(kernel(body), "k", buffers=inputs((7, 2)))[2]
    x = inputs(None)[0]
    expected = np.where(np.array([True, True, False, True]), x.astype(np.int32) + 1, 0)
    assert np.array_equal(got, expected)
    with pytest.raises(MlirUndefinedBehaviorError, match="'vector.store': a poison operand.*thread 7 of"):
        mlir.run(kernel(body), "k", buffers=inputs((7, 1)))


def test_poison_used_in_another_block_is_reported_where_it_leaves() -> None:
    # carried through straight-line code only: a use inside an scf.if region is reported conservatively
    body = """  %i = arith.fptosi %x : vector<4xf32> to vector<4xi32>
  %true = arith.constant true
  scf.if %true {
    vector.store %i, %out[%tid, %c0] : memref<32x4xi32>, vector<4xi32>
  }"""
    with pytest.raises(MlirUndefinedBehaviorError, match="'arith.fptosi'.*poison.*thread 3 of"):
        mlir.run(kernel(body), "k", buffers=inputs((3, 0)))
    assert mlir.run(kernel(body), "k", buffers=inputs(None))[2][3, 0] == 12


@pytest.mark.parametrize("use", [
    "  %k = vector.extract %j[2] : i32 from vector<4xi32>",
    "  %s = vector.reduction <add>, %j : vector<4xi32> into i32",
])
def test_poison_reaching_an_operation_that_is_not_elementwise_is_reported_there(use: str) -> None:
    body = DISCARDED.split("  %ok")[0] + use
    name = use.split("= ")[1].split(" ")[0]
    with pytest.raises(MlirUndefinedBehaviorError, match=rf"'{name}': a poison operand"):
        mlir.run(kernel(body), "k", buffers=inputs((9, 2)))


def test_nsw_overflow_poison_is_carried_too() -> None:
    body = """  %i = arith.fptosi %x : vector<4xf32> to vector<4xi32>
  %big = arith.constant dense<2147483600> : vector<4xi32>
  %s = arith.addi %i, %big overflow<nsw> : vector<4xi32>
  %small = arith.constant dense<40> : vector<4xi32>
  %fits = arith.cmpi slt, %i, %small : vector<4xi32>
  %zero = arith.constant dense<0> : vector<4xi32>
  %r = arith.select %fits, %s, %zero : vector<4xi1>, vector<4xi32>
  vector.store %r, %out[%tid, %c0] : memref<32x4xi32>, vector<4xi32>"""
    got = mlir.run(kernel(body), "k", buffers=inputs(None))[2]
    x = np.arange(128).reshape(32, 4)
    assert np.array_equal(got, np.where(x < 40, x + 2147483600, 0))
    with pytest.raises(MlirUndefinedBehaviorError, match="'vector.store'.*overflow<nsw>"):
        mlir.run(kernel(body.replace("dense<40>", "dense<60>")), "k", buffers=inputs(None))
