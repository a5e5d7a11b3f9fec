"""A chunk's atomic adds, held back and applied together: one chain for many targets.

Each OuterProductAccumulate and VectorAccumulate call ends in a chain of rounded adds, one step
per wave (`atomic_chain`). A step costs a few numpy calls whatever the row's width, so the
chains of a chunk's calls (the training sample makes six per chunk, into disjoint gradient
matrices and bias arrays) run about twice as fast as one wide row. Inside a dispatch, calls
therefore queue their operands here instead of applying them; the execution context applies the
queue before any load, store or matrix read of memory it touches, and at the end of the chunk
(`ExecutionContext.settle_memory`), so nothing can observe the delay.

Merging never reorders adds into one element: consecutive queued calls share a chain only when
their memory has the same type, they have the same number of operands, and their targets lie in
disjoint byte ranges; a call that overlaps an earlier one starts the next chain, applied after.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from dxlinalg.linalg.fast.atomic_chain import apply_in_order

MAX_HELD_ELEMENTS = 1 << 22     # operand values held before a flush, to bound memory


@dataclass(frozen=True)
class HeldAtomics:
    """One call's adds into one target: `operands[:, k]` (in order) go to the element of `dtype`
    at byte `positions[k]` of `data`; `written` marks the buffer as changed once they land.
    `canonical_nan`: a NaN result is written as the positive all-ones NaN (profile `atomic_nan`)."""

    data: np.ndarray
    positions: np.ndarray
    operands: np.ndarray
    dtype: np.dtype
    written: Callable[[], None]
    canonical_nan: bool = False

    def byte_span(self) -> tuple[int, int]:
        return int(self.positions.min()), int(self.positions.max()) + self.dtype.itemsize


class DeferredAtomics:
    """The queue of one execution context (see the module docstring)."""

    def __init__(self) -> None:
        self._held: list[HeldAtomics] = []
        self._elements = 0

    def hold(self, atomics: HeldAtomics) -> None:
        self._held.append(atomics)
        self._elements += atomics.operands.size
        if self._elements > MAX_HELD_ELEMENTS:
            self.flush()

    def touches(self, data: np.ndarray) -> bool:
        return any(np.may_share_memory(held.data, data) for held in self._held)

    def flush(self) -> None:
        held, self._held, self._elements = self._held, [], 0
        for chain in _chains(held):
            _apply(chain)
        for atomics in held:
            atomics.written()


def apply_now(atomics: HeldAtomics) -> None:
    """What a flush does for one call: host-side calls, which may read memory right after."""
    _apply([atomics])
    atomics.written()


def _chains(held: list[HeldAtomics]) -> Iterator[list[HeldAtomics]]:
    """Consecutive runs of calls that one chain may carry (same memory type and operand count,
    byte ranges disjoint from every earlier member's in the same memory)."""
    chain: list[HeldAtomics] = []
    for atomics in held:
        if chain and not _joins(chain, atomics):
            yield chain
            chain = []
        chain.append(atomics)
    if chain:
        yield chain


def _joins(chain: list[HeldAtomics], atomics: HeldAtomics) -> bool:
    first = chain[0]
    if atomics.dtype != first.dtype or atomics.operands.shape[0] != first.operands.shape[0]:
        return False
    low, high = atomics.byte_span()
    for member in chain:
        if np.may_share_memory(member.data, atomics.data):
            member_low, member_high = member.byte_span()
            if member.data is not atomics.data or (low < member_high and member_low < high):
                return False
    return True


def _apply(chain: list[HeldAtomics]) -> None:
    """Gather every member's elements into one row, run one chain, scatter the results back."""
    dtype = chain[0].dtype
    memory = np.concatenate([_gather(a.data, a.positions, dtype) for a in chain])
    operand_types = {a.operands.dtype for a in chain}
    operand_type = operand_types.pop() if len(operand_types) == 1 else np.dtype(np.float32)  # halves held in float32
    operands = np.concatenate([a.operands.astype(operand_type, copy=False) for a in chain], axis=1)
    result = apply_in_order(memory, operands)
    start = 0
    for atomics in chain:
        stop = start + atomics.positions.size
        values = result[start:stop]
        if atomics.canonical_nan and values.dtype.kind == "f":
            values = _canonical_nans(values)
        _scatter(atomics.data, atomics.positions, values)
        start = stop


def _canonical_nans(values: np.ndarray) -> np.ndarray:
    """`values` with every NaN replaced by the positive NaN whose mantissa bits are all set."""
    nan = np.isnan(values)
    if not nan.any():
        return values
    unsigned = np.dtype(f"u{values.dtype.itemsize}")
    out = values.copy()
    out.view(unsigned)[nan] = np.iinfo(unsigned).max >> 1
    return out


def _gather(data: np.ndarray, positions: np.ndarray, dtype: np.dtype) -> np.ndarray:
    index = positions[:, None] + np.arange(dtype.itemsize)
    return data[index].reshape(-1).view(dtype).copy()


def _scatter(data: np.ndarray, positions: np.ndarray, values: np.ndarray) -> None:
    index = positions[:, None] + np.arange(values.dtype.itemsize)
    data[index] = np.ascontiguousarray(values).view(np.uint8).reshape(index.shape)
