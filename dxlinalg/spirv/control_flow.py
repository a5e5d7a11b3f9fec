"""The shape of a function's control flow: successors, block schedule, dominators.

Lanes run a function block by block, always the lowest-ordered block some lane is waiting at, so
the order decides where lanes reconverge. The order is a reverse postorder of a depth-first walk
that visits a header's merge block first and its continue target next (so they come after the
construct in the order): every lane inside a selection or a loop then finishes the construct
before any lane runs its merge block, and a loop's iterations run in lockstep with the lanes that
have left it waiting at the merge. Dominators check that every value is defined before use.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence


def reverse_postorder(entry: int, children: Callable[[int], Sequence[int]]) -> list[int]:
    """Nodes reachable from `entry`, in reverse postorder of a depth-first walk (iterative)."""
    visited = {entry}
    postorder: list[int] = []
    stack = [(entry, iter(children(entry)))]
    while stack:
        node, pending = stack[-1]
        for child in pending:
            if child not in visited:
                visited.add(child)
                stack.append((child, iter(children(child))))
                break
        else:
            stack.pop()
            postorder.append(node)
    return postorder[::-1]


def dominators(order: list[int], predecessors: dict[int, list[int]]) -> dict[int, int]:
    """Immediate dominator of each node of `order` (a reverse postorder from its first node); Cooper,
    Harvey and Kennedy's iteration."""
    position = {node: i for i, node in enumerate(order)}
    entry = order[0]
    idom = {entry: entry}

    def intersect(a: int, b: int) -> int:
        while a != b:
            while position[a] > position[b]:
                a = idom[a]
            while position[b] > position[a]:
                b = idom[b]
        return a

    changed = True
    while changed:
        changed = False
        for node in order[1:]:
            candidates = [p for p in predecessors.get(node, []) if p in idom]
            if not candidates:
                continue
            new = candidates[0]
            for other in candidates[1:]:
                new = intersect(other, new)
            if idom.get(node) != new:
                idom[node] = new
                changed = True
    return idom


def dominates(idom: dict[int, int], a: int, b: int) -> bool:
    """Whether `a` dominates `b` (both reachable)."""
    while True:
        if a == b:
            return True
        parent = idom[b]
        if parent == b:
            return False
        b = parent
