"""Lane-array values: merging under an active mask, broadcasting the lane axis, composite indexing.

A value is a numpy array with a leading lane axis (length `lanes`, or 1 when it is the same on
every lane), a tuple of values (a struct, or a struct of arrays for an array of structs) or a
pointer object (see `pointers`). Composite indices address axis 1 of every array leaf.
"""

from __future__ import annotations

from typing import Any

import numpy as np


def lane_count(value: Any) -> int:
    """Length of the lane axis (1 for a uniform value)."""
    while isinstance(value, tuple):
        value = value[0]
    if isinstance(value, np.ndarray):
        return int(value.shape[0])
    return value.lane_count()  # type: ignore[no-any-return]


def mask_for(mask: np.ndarray, ndim: int) -> np.ndarray:
    """The (lanes,) mask shaped to broadcast over a leaf with `ndim` axes."""
    return mask.reshape(mask.shape + (1,) * (ndim - 1)) if ndim > 1 else mask


def merge(mask: np.ndarray, new: Any, old: Any) -> Any:
    """Lanes in `mask` take `new`, the others keep `old` (`old` None: nothing to keep)."""
    if old is None:
        return new
    if isinstance(new, np.ndarray):
        if new is old:
            return new
        if (isinstance(old, np.ndarray) and new.shape == old.shape and new.dtype == old.dtype
                and new.dtype.kind in BLENDABLE_KINDS and new.ndim and new.shape[0] == mask.shape[0]):
            return blend(mask_for(mask, new.ndim), new, old)
        return np.where(mask_for(mask, max(new.ndim, old.ndim)), new, old)
    if isinstance(new, tuple):
        return tuple(merge(mask, n, o) for n, o in zip(new, old))
    return new.merge(mask, old)


BLENDABLE_KINDS = frozenset("biuf")


def blend(mask: np.ndarray, new: np.ndarray, old: np.ndarray) -> np.ndarray:
    """np.where(mask, new, old) for arrays of one shape and dtype, without branches: old + (new - old) * mask on
    the elements' bits as unsigned integers, exact in wrapping arithmetic (floats move as bits: NaN payloads
    and -0.0 stay). Divergent lanes make the mask irregular, and np.where then mispredicts on every lane."""
    bits = np.dtype(f"u{new.dtype.itemsize}")
    before = old.view(bits)
    out = np.subtract(new.view(bits), before)
    np.multiply(out, mask, out=out)
    np.add(out, before, out=out)
    return out.view(new.dtype)


def broadcast(value: Any, lanes: int) -> Any:
    """The value with a lane axis of length `lanes` (a read-only view where it was uniform)."""
    if isinstance(value, np.ndarray):
        if value.shape[0] == lanes:
            return value
        return np.broadcast_to(value, (lanes, *value.shape[1:]))
    if isinstance(value, tuple):
        return tuple(broadcast(v, lanes) for v in value)
    return value.broadcast(lanes)


def extract(value: Any, index: int) -> Any:
    """Component `index` (a constant) along axis 1 of every leaf: array element, vector component,
    matrix column."""
    if isinstance(value, tuple):
        return tuple(extract(v, index) for v in value)
    return value[:, index]


def member(value: Any, index: int) -> Any:
    """Struct member `index` of a struct value."""
    return value[index]


def gather(value: Any, index: np.ndarray) -> Any:
    """Per-lane component `index[lane]` along axis 1 of every leaf (`index` (lanes,) or (1,), in range)."""
    if isinstance(value, tuple):
        return tuple(gather(v, index) for v in value)
    lanes = max(value.shape[0], index.shape[0])
    if index.shape[0] == 1:
        return value[:, int(index[0])]
    rows = np.arange(lanes) if value.shape[0] == lanes else np.zeros(lanes, np.intp)
    return value[rows, index]


def insert(value: Any, index: int | np.ndarray, part: Any, mask: np.ndarray | None = None) -> Any:
    """A copy of `value` whose component `index` (constant or per lane) is `part`, on lanes in `mask`
    (all lanes if None)."""
    if isinstance(value, tuple):
        return tuple(insert(v, index, p, mask) for v, p in zip(value, part))
    if isinstance(index, np.ndarray) and index.shape[0] == 1:
        index = int(index[0])
    lanes = max(value.shape[0], part.shape[0], 1 if isinstance(index, int) else index.shape[0],
                1 if mask is None else mask.shape[0])
    result = np.array(np.broadcast_to(value, (lanes, *value.shape[1:])))
    part = np.broadcast_to(part, (lanes, *part.shape[1:]))
    if isinstance(index, int):
        if mask is None:
            result[:, index] = part
        else:
            result[:, index] = np.where(mask_for(mask, part.ndim), part, result[:, index])
        return result
    rows = np.arange(lanes)
    index = np.broadcast_to(index, (lanes,))
    if mask is not None:
        rows, index, part = rows[mask], index[mask], part[mask]
    result[rows, index] = part
    return result


def replace_member(value: tuple[Any, ...], index: int, part: Any) -> tuple[Any, ...]:
    return value[:index] + (part,) + value[index + 1:]



def stack(parts: list[Any]) -> Any:
    """A composite from its constituents, stacked along a new axis 1 (struct-of-arrays for tuples)."""
    if isinstance(parts[0], tuple):
        return tuple(stack([part[i] for part in parts]) for i in range(len(parts[0])))
    lanes = max(part.shape[0] for part in parts)
    return np.stack([np.broadcast_to(part, (lanes, *part.shape[1:])) for part in parts], axis=1)
