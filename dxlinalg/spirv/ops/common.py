"""Helpers the opcode handlers share: signedness views, undefined-behaviour reports, operand readers."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import numpy as np

from dxlinalg.spirv.compiler import Frame, InstructionContext, components

_UNSIGNED = {size: np.dtype(f"u{size}") for size in (1, 2, 4, 8)}
_SIGNED = {size: np.dtype(f"i{size}") for size in (1, 2, 4, 8)}


def unsigned(dtype: np.dtype) -> np.dtype:
    return _UNSIGNED[dtype.itemsize]


def signed(dtype: np.dtype) -> np.dtype:
    return _SIGNED[dtype.itemsize]


def view(value: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """The same bits as another integer type of the same width (signedness is the instruction's)."""
    return value if value.dtype == dtype else value.view(dtype)


def elementwise(function: Callable[..., np.ndarray], ids: Sequence[int], operand_type: np.dtype,
                result_type: np.dtype, spread: Callable[..., Sequence[np.ndarray]]) -> Callable[[Frame], np.ndarray]:
    """compute(frame): `function` of the operands `ids` seen as `operand_type` (and `spread`), the result
    seen as `result_type`. Two-operand scalar instructions (loop counters, indices) get a closure with
    nothing else to do."""
    if len(ids) == 2 and spread is _as_given:
        a, b = ids

        def binary(f: Frame) -> np.ndarray:
            values = f.values
            return view(function(view(values[a], operand_type), view(values[b], operand_type)), result_type)
        return binary

    def compute(f: Frame) -> np.ndarray:
        values = f.values
        return view(function(*spread(*[view(values[i], operand_type) for i in ids])), result_type)
    return compute


def lanes_where(bad: np.ndarray, frame: Frame) -> np.ndarray:
    """(lanes,) or (1,): active lanes where `bad` holds for some component."""
    per_lane = bad.reshape(bad.shape[0], -1).any(axis=1) if bad.ndim > 1 else bad
    mask = frame.mask
    if per_lane.shape[0] == mask.shape[0]:
        return per_lane & mask
    return per_lane & bool(mask.any())


def report(context: InstructionContext, frame: Frame, bad: np.ndarray, describe: Callable[[int], str]) -> None:
    """In strict mode, raise for the first active lane where `bad` holds; `describe(lane)` says what."""
    if not frame.inv.strict or not bad.any():       # the usual case: nothing to look for on the active lanes
        return
    hits = lanes_where(bad, frame)
    if hits.any():
        lane = int(np.argmax(hits))
        raise context.undefined(describe(lane))


def first(value: np.ndarray, lane: int) -> object:
    """The value on `lane` (or the uniform value), for messages."""
    row = value[lane if value.shape[0] > lane else 0]
    return row.tolist() if isinstance(row, np.ndarray) else row.item()


def spreader(result: object, constants: Sequence[object] = ()) -> Callable[..., Sequence[np.ndarray]]:
    """`spread` for an instruction whose result is a vector, else nothing (scalars need no help and
    the check would cost more than the operation). `constants`: the operands' constant values
    (None where not constant), whose components are compared once here instead of on every run."""
    if components(result) <= 1:
        return _as_given
    return _Spread({k: _same_bits(value) for k, value in enumerate(constants) if isinstance(value, np.ndarray)})


def _as_given(*values: np.ndarray) -> tuple[np.ndarray, ...]:
    return values


def spread(*values: np.ndarray) -> list[np.ndarray]:
    """Operands for one numpy call over the lanes: where some operand varies per lane, a lane-uniform
    vector (lane axis 1) whose components are all the same bits goes in as a 0-d array. numpy runs
    (lanes, n) with (1, n) in n-long inner loops, many times slower for the 2- to 4-component vectors of
    shaders; the results are the same."""
    return _Spread({})(*values)


class _Spread:
    """`spread` for one instruction's operands, remembering what it found: `known` holds the answer
    for constant operands, `last` the last array seen at each position and its answer (the same
    array object comes back each run where an instruction folded a constant)."""

    __slots__ = ("known", "last")

    def __init__(self, known: Mapping[int, bool]) -> None:
        self.known = dict(known)
        self.last: dict[int, tuple[np.ndarray, bool]] = {}

    def __call__(self, *values: np.ndarray) -> list[np.ndarray]:
        if max(v.shape[0] if v.ndim else 1 for v in values) == 1:
            return list(values)
        out = []
        for k, v in enumerate(values):
            if v.ndim >= 2 and v.shape[0] == 1 and v.dtype.kind in "fiu" and self._same(k, v):
                v = v.reshape(-1)[:1].reshape(())
            out.append(v)
        return out

    def _same(self, k: int, value: np.ndarray) -> bool:
        same = self.known.get(k)
        if same is not None:
            return same
        last = self.last.get(k)
        if last is not None and last[0] is value:
            return last[1]
        same = _same_bits(value)
        self.last[k] = (value, same)
        return same


def _same_bits(value: np.ndarray) -> bool:
    """Whether all components of a lane-uniform value have the same bits."""
    bits = value.reshape(-1).view(unsigned(value.dtype)) if value.dtype.kind in "fiu" else value.reshape(-1)
    return bool((bits == bits[0]).all()) if bits.size else False
