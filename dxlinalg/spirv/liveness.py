"""Where a function's values are last read, so that the executor can let go of them early.

A call keeps every SSA value in its frame until it returns, and a Function variable's storage
lives as long as its pointer value: a shader's temporaries would all stay in memory, and every
instruction would write to memory the cache has never seen. The executor instead drops a value
right after the last instruction that reads it (numpy then reuses the memory at once). That is
safe when every reader of the value sits in one block U, none of them an OpPhi or a terminator
(those read at block boundaries), and either
- U defines the value too: each run of U defines it again before reading it, or
- U runs at most once per call: no block that can lead to U comes after it in the schedule (the
  executor always runs the lowest-ordered block some lane waits at, so once U has run no lane
  arrives there again).
A value nothing reads is dropped where it is defined.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence


def blocks_run_once(order: Mapping[int, int], predecessors: Mapping[int, Sequence[int]]) -> set[int]:
    """Blocks that every block able to reach them precedes in the schedule (so none is in a loop)."""
    once = set()
    for block in order:
        ancestors: set[int] = set()
        pending = list(predecessors[block])
        while pending:
            ancestor = pending.pop()
            if ancestor not in ancestors:
                ancestors.add(ancestor)
                pending.extend(predecessors[ancestor])
        if all(order[ancestor] < order[block] for ancestor in ancestors):
            once.add(block)
    return once


def droppable_values(definitions: Mapping[int, tuple[int, int]], readers: Iterable[tuple[int, int, bool]],
                     once: set[int]) -> dict[int, set[int]]:
    """Block -> the values the executor may drop in it, after their last reader there.

    `definitions`: value -> (defining block, position; negative for a parameter); `readers`: one
    (value, block, at a boundary) per operand read, `at a boundary` for an OpPhi or a terminator."""
    blocks: dict[int, set[int]] = {}
    pinned: set[int] = set()
    for value, block, boundary in readers:
        if boundary:
            pinned.add(value)
        blocks.setdefault(value, set()).add(block)
    droppable: dict[int, set[int]] = {}
    for value, (home, position) in definitions.items():
        if position < 0 or value in pinned:
            continue
        found = blocks.get(value, {home})
        if len(found) != 1:
            continue
        (block,) = found
        if block == home or block in once:
            droppable.setdefault(block, set()).add(value)
    return droppable
