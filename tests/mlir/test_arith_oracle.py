"""arith's integer operations against a literal oracle: Python integers and the definitions in ArithOps.td /
mlir/docs/Dialects/ArithOps.md (signless values, two's complement, division rounding, unsigned views)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dxlinalg import mlir

LANES = 32


def signed(value: int, width: int) -> int:
    value &= (1 << width) - 1
    return value - (1 << width) if value >> (width - 1) else value


def unsigned(value: int, width: int) -> int:
    return value & ((1 << width) - 1)


def trunc_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


ORACLE = {   # name: (result from the operands' bit patterns, whether the pair is defined)
    "addi": (lambda a, b, w: a + b, lambda a, b, w: True),
    "subi": (lambda a, b, w: a - b, lambda a, b, w: True),
    "muli": (lambda a, b, w: a * b, lambda a, b, w: True),
    "andi": (lambda a, b, w: a & b, lambda a, b, w: True),
    "ori": (lambda a, b, w: a | b, lambda a, b, w: True),
    "xori": (lambda a, b, w: a ^ b, lambda a, b, w: True),
    "maxsi": (lambda a, b, w: max(signed(a, w), signed(b, w)), lambda a, b, w: True),
    "minsi": (lambda a, b, w: min(signed(a, w), signed(b, w)), lambda a, b, w: True),
    "maxui": (lambda a, b, w: max(unsigned(a, w), unsigned(b, w)), lambda a, b, w: True),
    "minui": (lambda a, b, w: min(unsigned(a, w), unsigned(b, w)), lambda a, b, w: True),
    "divui": (lambda a, b, w: unsigned(a, w) // unsigned(b, w), lambda a, b, w: unsigned(b, w) != 0),
    "remui": (lambda a, b, w: unsigned(a, w) % unsigned(b, w), lambda a, b, w: unsigned(b, w) != 0),
    "ceildivui": (lambda a, b, w: -(-unsigned(a, w) // unsigned(b, w)), lambda a, b, w: unsigned(b, w) != 0),
    "divsi": (lambda a, b, w: trunc_div(signed(a, w), signed(b, w)), None),
    "remsi": (lambda a, b, w: signed(a, w) - trunc_div(signed(a, w), signed(b, w)) * signed(b, w), None),
    "floordivsi": (lambda a, b, w: signed(a, w) // signed(b, w), None),
    "ceildivsi": (lambda a, b, w: -(-signed(a, w) // signed(b, w)), None),
    "shli": (lambda a, b, w: a << unsigned(b, w), lambda a, b, w: unsigned(b, w) < w),
    "shrui": (lambda a, b, w: unsigned(a, w) >> unsigned(b, w), lambda a, b, w: unsigned(b, w) < w),
    "shrsi": (lambda a, b, w: signed(a, w) >> unsigned(b, w), lambda a, b, w: unsigned(b, w) < w),
}


def signed_division_defined(a: int, b: int, w: int) -> bool:
    return signed(b, w) != 0 and not (signed(a, w) == -(1 << (w - 1)) and signed(b, w) == -1)


def kernel(op: str, type_: str) -> str:
    memref = f"memref<{LANES}x{type_}>"
    return f"""
func.func @k(%a: {memref}, %b: {memref}, %out: {memref}) attributes {{gpu.known_block_size = array<i32: {LANES}, 1, 1>}} {{
  %tid = gpu.thread_id x
  %x = memref.load %a[%tid] : {memref}
  %y = memref.load %b[%tid] : {memref}
  %r = arith.{op} %x, %y : {type_}
  memref.store %r, %out[%tid] : {memref}
  return
}}"""


WIDTHS = {8: np.int8, 32: np.int32, 64: np.int64}


def edge_values(width: int) -> st.SearchStrategy[int]:
    low, high = -(1 << (width - 1)), (1 << (width - 1)) - 1
    return st.one_of(st.sampled_from([0, 1, -1, 2, low, high, low + 1, high - 1, width - 1, width]),
                     st.integers(low, high))


@pytest.mark.parametrize("op", sorted(ORACLE))
@pytest.mark.parametrize("width", sorted(WIDTHS))
@settings(max_examples=2, deadline=None)
@given(data=st.data())
def test_integer_op_matches_the_python_integer_oracle(op: str, width: int, data: st.DataObject) -> None:
    dtype = WIDTHS[width]
    pairs = data.draw(st.lists(st.tuples(edge_values(width), edge_values(width)), min_size=LANES, max_size=LANES))
    function, defined = ORACLE[op]
    is_defined = defined or signed_division_defined
    pairs = [(a, b) if is_defined(a, b, width) else (a, 1) for a, b in pairs]
    a = np.array([p[0] for p in pairs], dtype)
    b = np.array([p[1] for p in pairs], dtype)
    out = mlir.run(kernel(op, f"i{width}"), "k", buffers={0: a, 1: b, 2: np.zeros(LANES, dtype)})[2]
    expected = np.array([signed(function(x, y, width), width) for x, y in pairs], dtype)
    assert np.array_equal(out, expected), (op, width, pairs)


CMPI = {"eq": lambda a, b, w: a == b, "ne": lambda a, b, w: a != b,
        "slt": lambda a, b, w: signed(a, w) < signed(b, w), "sle": lambda a, b, w: signed(a, w) <= signed(b, w),
        "sgt": lambda a, b, w: signed(a, w) > signed(b, w), "sge": lambda a, b, w: signed(a, w) >= signed(b, w),
        "ult": lambda a, b, w: unsigned(a, w) < unsigned(b, w), "ule": lambda a, b, w: unsigned(a, w) <= unsigned(b, w),
        "ugt": lambda a, b, w: unsigned(a, w) > unsigned(b, w), "uge": lambda a, b, w: unsigned(a, w) >= unsigned(b, w)}


@pytest.mark.parametrize("predicate", sorted(CMPI))
@settings(max_examples=3, deadline=None)
@given(data=st.data())
def test_cmpi_matches_the_oracle(predicate: str, data: st.DataObject) -> None:
    pairs = data.draw(st.lists(st.tuples(edge_values(16), edge_values(16)), min_size=LANES, max_size=LANES))
    a = np.array([p[0] for p in pairs], np.int16)
    b = np.array([p[1] for p in pairs], np.int16)
    memref = f"memref<{LANES}xi16>"
    text = f"""
func.func @k(%a: {memref}, %b: {memref}, %out: memref<{LANES}xi8>) attributes {{gpu.known_block_size = array<i32: {LANES}, 1, 1>}} {{
  %tid = gpu.thread_id x
  %x = memref.load %a[%tid] : {memref}
  %y = memref.load %b[%tid] : {memref}
  %c = arith.cmpi {predicate}, %x, %y : i16
  %r = arith.extui %c : i1 to i8
  memref.store %r, %out[%tid] : memref<{LANES}xi8>
  return
}}"""
    out = mlir.run(text, "k", buffers={0: a, 1: b, 2: np.zeros(LANES, np.int8)})[2]
    assert list(out) == [int(CMPI[predicate](x, y, 16)) for x, y in pairs]
