"""Helpers the opcode handlers share: signedness views, undefined-behaviour reports, operand readers."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from dxlinalg.spirv.compiler import Frame, InstructionContext


def unsigned(dtype: np.dtype) -> np.dtype:
    return np.dtype(f"u{dtype.itemsize}")


def signed(dtype: np.dtype) -> np.dtype:
    return np.dtype(f"i{dtype.itemsize}")


def view(value: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """The same bits as another integer type of the same width (signedness is the instruction's)."""
    return value if value.dtype == dtype else value.view(dtype)


def lanes_where(bad: np.ndarray, frame: Frame) -> np.ndarray:
    """(lanes,) or (1,): active lanes where `bad` holds for some component."""
    per_lane = bad.reshape(bad.shape[0], -1).any(axis=1) if bad.ndim > 1 else bad
    mask = frame.mask
    if per_lane.shape[0] == mask.shape[0]:
        return per_lane & mask
    return per_lane & bool(mask.any())


def report(context: InstructionContext, frame: Frame, bad: np.ndarray, describe: Callable[[int], str]) -> None:
    """In strict mode, raise for the first active lane where `bad` holds; `describe(lane)` says what."""
    if not frame.inv.strict:
        return
    hits = lanes_where(bad, frame)
    if hits.any():
        lane = int(np.argmax(hits))
        raise context.undefined(describe(lane))


def first(value: np.ndarray, lane: int) -> object:
    """The value on `lane` (or the uniform value), for messages."""
    row = value[lane if value.shape[0] > lane else 0]
    return row.tolist() if isinstance(row, np.ndarray) else row.item()
