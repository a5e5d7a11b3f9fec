"""A call's lane state gathered for a subset of its lanes, and scattered back: what lets the executor run a
divergent loop over the few lanes still in it instead of the whole chunk.

`Compaction(lanes, index)` keeps the lanes `index` (ascending) of a chunk of `lanes`. `take` gives the
compacted copy of a value: lane arrays (lane axis `lanes`) are gathered, uniform ones (lane axis 1) kept;
a pointer into a lane's own variable points into a compacted copy of that variable's `Cell` (one copy per
cell, so every pointer to it still shares it); anything else (memory pointers, descriptor arrays: what no
lane-local block uses) becomes a `Withheld` that fails when used. `put` is the inverse for one value: the
original with the kept lanes replaced, in a new array (values are shared and never changed in place);
`commit_cells` does the same for every variable the compacted lanes wrote.

Nothing here changes the original state until the caller commits, so a compacted run that fails can be
thrown away and run again the plain way (`executor._run_compacted`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dxlinalg.spirv.pointers import Cell, LogicalPointer


class CompactionError(Exception):
    """The compacted state cannot be scattered back as it is: the caller runs the plain path instead."""


class Withheld:
    """A value no lane-local block uses (a pointer into memory shared between lanes): any use fails, and the
    executor then runs the region the plain way."""

    __slots__ = ("original",)

    def __init__(self, original: Any) -> None:
        object.__setattr__(self, "original", original)

    def __getattr__(self, name: str) -> Any:
        raise CompactionError(f"a compacted run used {type(self.original).__name__}.{name}")


class Compaction:
    """The lanes `index` of `lanes`, and the variables (cells) copied for them."""

    def __init__(self, lanes: int, index: np.ndarray) -> None:
        self.lanes = lanes
        self.index = index
        self.kept = int(index.shape[0])
        self._cells: dict[int, tuple[Cell, Cell, Any]] = {}    # id(original) -> (original, copy, copy's first value)
        self._originals: dict[int, Cell] = {}                 # id(copy) -> original

    # -- gather ---------------------------------------------------------------------------------------
    def take(self, value: Any) -> Any:
        """The value on the kept lanes."""
        if value is None or isinstance(value, (bool, int, float, np.generic)):
            return value
        if isinstance(value, np.ndarray):
            if value.ndim and value.shape[0] == self.lanes:
                return value[self.index]
            return value
        if isinstance(value, tuple):
            return tuple(self.take(part) for part in value)
        if isinstance(value, LogicalPointer):
            path = tuple((kind, self.take(step)) for kind, step in value.path)
            return LogicalPointer(self.cell(value.cell), path, value.type,
                                  None if value.valid is None else self.take(value.valid))
        return Withheld(value)

    def cell(self, original: Cell) -> Cell:
        """The compacted copy of a variable (made once per compaction)."""
        found = self._cells.get(id(original))
        if found is not None:
            return found[1]
        value = self.take(original.value)
        copy = Cell(value, original.name, original.owner)
        self._cells[id(original)] = (original, copy, value)
        self._originals[id(copy)] = original
        return copy

    def adopt(self, outer: object, inner: object) -> None:
        """The copies of the variables call `outer` made belong to `inner`, the compacted call (`Cell.owner`)."""
        for original, copy, _ in self._cells.values():
            if original.owner is outer:
                copy.owner = inner

    # -- scatter --------------------------------------------------------------------------------------
    def put(self, original: Any, first: Any, final: Any) -> Any:
        """The full value after a compacted run: `original` where `final` is still `first` (what `take` gave),
        else `original` with the kept lanes replaced by `final` (lanes never given a value take zeros: they are
        lanes that did not run the definition, whose value nothing reads)."""
        if final is first:
            return original
        return self._combine(original, final)

    def commit_cells(self) -> list[tuple[Cell, Any]]:
        """(variable, its full value) for every variable the kept lanes wrote; nothing is changed yet."""
        changes = []
        for original, copy, first in self._cells.values():
            if copy.value is not first:
                changes.append((original, self._combine(original.value, copy.value)))
        return changes

    def _combine(self, original: Any, final: Any) -> Any:
        if final is None or isinstance(final, (bool, int, float, np.generic)):
            return final
        if isinstance(final, np.ndarray):
            return self._combine_array(original, final)
        if isinstance(final, tuple):
            parts = original if isinstance(original, tuple) and len(original) == len(final) else (None,) * len(final)
            return tuple(self._combine(o, f) for o, f in zip(parts, final))
        if isinstance(final, LogicalPointer):
            return self._combine_pointer(original, final)
        raise CompactionError(f"a compacted run produced a {type(final).__name__}, which cannot be scattered back")

    def _combine_array(self, original: Any, final: np.ndarray) -> np.ndarray:
        if not final.ndim:
            return final
        if original is None:
            if final.shape[0] == 1:
                return final                      # one value for the kept lanes; the others never had one
            original = np.zeros((1, *final.shape[1:]), final.dtype)
        if not isinstance(original, np.ndarray) or original.dtype != final.dtype or \
                original.shape[1:] != final.shape[1:] or original.shape[0] not in (1, self.lanes):
            raise CompactionError("a compacted value's type changed")
        full = np.array(np.broadcast_to(original, (self.lanes, *original.shape[1:])))
        full[self.index] = final
        return full

    def _combine_pointer(self, original: Any, final: LogicalPointer) -> LogicalPointer:
        cell = self._originals.get(id(final.cell))
        if cell is None:
            raise CompactionError("a compacted run made a pointer to a variable of its own")
        same = isinstance(original, LogicalPointer) and original.cell is cell and len(original.path) == len(final.path)
        path = []
        for k, (kind, step) in enumerate(final.path):
            before = original.path[k][1] if same else None
            if isinstance(step, int) and (before is None or before == step):
                path.append((kind, step))
            else:
                base = None if before is None else np.asarray(before, np.int64).reshape(-1)
                path.append((kind, self._combine_array(base, np.asarray(step, np.int64).reshape(-1))))
        valid = final.valid
        if valid is not None or (same and original.valid is not None):
            before_valid = original.valid if same and original.valid is not None else np.ones(1, bool)
            valid = self._combine_array(before_valid, np.ones(1, bool) if valid is None else valid)
        return LogicalPointer(cell, tuple(path), final.type, valid)
