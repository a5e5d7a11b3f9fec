"""Sequential semantics, vectorised: many lanes updating the same address one after another.

Atomics from the lanes of a chunk happen in lane order (which is dispatch order). For each
address the operations form a chain: each lane sees the value the previous lane left. Grouping
the lanes by address (a stable sort keeps lane order inside each group) turns every chain into a
row of a padded matrix whose first column is the initial memory value, and one `accumulate`
along the rows evaluates all chains at once, rounding every step as the sequence would. Rows
much longer than the rest are evaluated one by one so the padding stays small.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

LONG_ROW = 64


@dataclass(frozen=True)
class Chains:
    """Lanes grouped by address: `order` sorts the lanes, `start`/`count` delimit each address's run."""

    order: np.ndarray
    start: np.ndarray
    count: np.ndarray
    group_of: np.ndarray   # group number of each sorted lane
    rank: np.ndarray       # position of each sorted lane within its group

    @staticmethod
    def of(addresses: np.ndarray) -> Chains:
        order = np.argsort(addresses, kind="stable")
        ordered = addresses[order]
        new = np.ones(ordered.shape[0], bool)
        new[1:] = ordered[1:] != ordered[:-1]
        start = np.flatnonzero(new)
        count = np.diff(start, append=ordered.shape[0])
        group_of = np.cumsum(new) - 1
        rank = np.arange(ordered.shape[0]) - start[group_of]
        return Chains(order, start, count, group_of, rank)


def run_chains(chains: Chains, initial: np.ndarray, operands: np.ndarray,
               step: Callable[[np.ndarray], np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """(value each lane saw before its operation, final value per group), sorted-lane order.

    `operands` are in sorted-lane order; `step(matrix)` accumulates along axis 1 (e.g. np.add.accumulate).
    """
    seen = np.empty(operands.shape, initial.dtype)
    final = np.empty(initial.shape, initial.dtype)
    long_rows = np.flatnonzero(chains.count > LONG_ROW) if chains.count.max() > LONG_ROW else np.zeros(0, np.intp)
    short = np.ones(chains.count.shape[0], bool)
    short[long_rows] = False
    for group in long_rows:
        first, length = int(chains.start[group]), int(chains.count[group])
        row = np.concatenate([initial[group:group + 1], operands[first:first + length]])
        states = step(row[None, :])[0]
        seen[first:first + length] = states[:-1]
        final[group] = states[-1]
    if short.any():
        groups = np.flatnonzero(short)
        width = int(chains.count[groups].max()) + 1
        matrix = np.zeros((groups.shape[0], width), initial.dtype)
        matrix[:, 0] = initial[groups]
        row_of_group = np.full(chains.count.shape[0], -1, np.intp)
        row_of_group[groups] = np.arange(groups.shape[0])
        lanes = np.flatnonzero(short[chains.group_of])
        rows = row_of_group[chains.group_of[lanes]]
        matrix[rows, chains.rank[lanes] + 1] = operands[lanes]
        states = step(matrix)
        seen[lanes] = states[rows, chains.rank[lanes]]
        final[groups] = states[np.arange(groups.shape[0]), chains.count[groups]]
    return seen, final


def exchange_chains(chains: Chains, initial: np.ndarray, operands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each lane sees the previous lane's value (the first sees memory); memory ends with the last's."""
    previous = np.empty(operands.shape, initial.dtype)
    previous[1:] = operands[:-1]
    first = chains.rank == 0
    previous[first] = initial[chains.group_of[first]]
    return previous, operands[chains.start + chains.count - 1]


def compare_exchange_chains(chains: Chains, initial: np.ndarray, values: np.ndarray,
                            comparators: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each lane, in order, swaps in its value if memory equals its comparator.

    The chain's state changes only at successful lanes; each round finds, for every address at
    once, the next lane after the last success whose comparator equals the current value.
    """
    groups = chains.count.shape[0]
    state = initial.copy()
    last = np.full(groups, -1, np.int64)
    success = np.zeros(values.shape[0], bool)
    big = np.iinfo(np.int64).max
    while True:
        candidate = (chains.rank > last[chains.group_of]) & (comparators == state[chains.group_of])
        if not candidate.any():
            break
        first_rank = np.full(groups, big, np.int64)
        np.minimum.at(first_rank, chains.group_of[candidate], chains.rank[candidate])
        hit = np.flatnonzero(first_rank < big)
        lanes = chains.start[hit] + first_rank[hit]
        success[lanes] = True
        state[hit] = values[lanes]
        last[hit] = first_rank[hit]
    marks = np.where(success, np.arange(values.shape[0]), -1)
    latest = np.maximum.accumulate(marks)
    start_of_lane = chains.start[chains.group_of]
    after = np.where(latest >= start_of_lane, values[np.maximum(latest, 0)], initial[chains.group_of])
    seen = np.empty(values.shape, initial.dtype)
    seen[1:] = after[:-1]
    first = chains.rank == 0
    seen[first] = initial[chains.group_of[first]]
    return seen, state
