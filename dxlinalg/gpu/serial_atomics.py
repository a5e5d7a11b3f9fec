"""Atomic read-modify-writes applied one after another, as memory serialises them.

Several lanes may hit the same element in one atomic statement; the hardware serialises them in
some order, each lane gets the value it found, and memory ends with every operation applied. The
caller passes the operations in the order they land (a profile choice); operations on different
elements are independent, so the work is vectorised over elements, one pass per operation that
shares an element with earlier ones (integer adds need only a prefix sum).
"""

from __future__ import annotations

from enum import StrEnum

import numpy as np

from dxlinalg.errors import InvalidArgumentError


class AtomicOp(StrEnum):
    """The atomic operations of HLSL's Interlocked* and SPIR-V's OpAtomic*."""

    ADD = "add"
    MIN = "min"
    MAX = "max"
    AND = "and"
    OR = "or"
    XOR = "xor"
    EXCHANGE = "exchange"
    COMPARE_EXCHANGE = "compare_exchange"   # stores `value` where the old bits equal the comparand's


_INTEGER_ONLY = {AtomicOp.AND, AtomicOp.OR, AtomicOp.XOR}


def atomic_op(op: AtomicOp | str, what: str) -> AtomicOp:
    """An AtomicOp from itself or its name ("add", "compare_exchange", ...)."""
    try:
        return AtomicOp(op)
    except ValueError:
        raise InvalidArgumentError(
            f"{what}: {op!r} is not an atomic operation; use one of {', '.join(o.value for o in AtomicOp)}") from None


def check_atomic_type(op: AtomicOp, dtype: np.dtype, what: str) -> None:
    """Atomics act on 32/64-bit integers; float add/min/max/exchange/compare-exchange also on 16/32/64-bit floats."""
    dtype = np.dtype(dtype)
    if dtype.kind in "iu" and dtype.itemsize in (4, 8):
        return
    if dtype.kind == "f" and op not in _INTEGER_ONLY:
        return
    allowed = "32/64-bit integers" + ("" if op in _INTEGER_ONLY else " or 16/32/64-bit floats")
    raise InvalidArgumentError(f"{what}: atomic {op.value} on {dtype} elements; it takes {allowed}")


def apply_in_order(elements: np.ndarray, index: np.ndarray, op: AtomicOp, values: np.ndarray,
                   comparands: np.ndarray | None = None) -> np.ndarray:
    """Apply operation i to `elements[index[i]]` for i = 0, 1, ... in turn; return each one's original value.

    `elements` is a 1-D typed array updated in place; integer arithmetic wraps, float min/max are
    IEEE minNum/maxNum, compare-exchange compares bit patterns (HLSL's *FloatBitwise for floats).
    """
    count = index.shape[0]
    originals = np.empty(count, elements.dtype)
    if count == 0:
        return originals
    order = np.argsort(index, kind="stable")          # same element together, landing order kept
    index_sorted = index[order]
    values_sorted = values[order]
    comparands_sorted = None if comparands is None else comparands[order]
    first = np.ones(count, dtype=bool)
    first[1:] = index_sorted[1:] != index_sorted[:-1]
    starts = np.flatnonzero(first)
    if op is AtomicOp.ADD and elements.dtype.kind in "iu":
        originals[order] = _integer_adds(elements, index_sorted, values_sorted, first, starts)
        return originals
    rank = np.arange(count) - starts[np.cumsum(first) - 1]
    result = np.empty(count, elements.dtype)
    for step in range(int(rank.max()) + 1):
        now = rank == step                               # at most one operation per element
        where = index_sorted[now]
        old = elements[where]
        result[now] = old
        compare = None if comparands_sorted is None else comparands_sorted[now]
        elements[where] = _combine(op, old, values_sorted[now], compare)
    originals[order] = result
    return originals


def _integer_adds(elements: np.ndarray, index: np.ndarray, values: np.ndarray, first: np.ndarray,
                  starts: np.ndarray) -> np.ndarray:
    """Originals of integer adds sorted by element: the element's value plus the earlier adds (wrapping)."""
    running = np.cumsum(values, dtype=elements.dtype)             # wraps in the element type
    before = running - values                                     # all adds before each one
    segment = np.cumsum(first) - 1
    originals = elements[index] + (before - before[starts][segment])
    ends = np.append(starts[1:], index.shape[0]) - 1
    elements[index[ends]] = originals[ends] + values[ends]
    return originals


def _combine(op: AtomicOp, old: np.ndarray, value: np.ndarray, comparand: np.ndarray | None) -> np.ndarray:
    floats = old.dtype.kind == "f"
    if op is AtomicOp.ADD:
        return old + value
    if op is AtomicOp.MIN:
        return np.fmin(old, value) if floats else np.minimum(old, value)
    if op is AtomicOp.MAX:
        return np.fmax(old, value) if floats else np.maximum(old, value)
    if op is AtomicOp.AND:
        return old & value
    if op is AtomicOp.OR:
        return old | value
    if op is AtomicOp.XOR:
        return old ^ value
    if op is AtomicOp.EXCHANGE:
        return value
    if comparand is None:
        raise InvalidArgumentError("atomic compare_exchange needs a comparand per operation")
    bits = np.dtype(f"u{old.dtype.itemsize}")
    return np.where(old.view(bits) == comparand.view(bits), value, old)
