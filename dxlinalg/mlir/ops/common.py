"""What the op definitions share: element types of values, lane arrays, and the strict-mode report."""

from __future__ import annotations

from typing import Any

import numpy as np

from dxlinalg.mlir.errors import MlirUndefinedBehaviorError, at
from dxlinalg.mlir.ir import Operation
from dxlinalg.mlir.ops.registry import fail
from dxlinalg.mlir.parser import OpParser
from dxlinalg.mlir.values import is_supported_element, numpy_dtype
from dxlinalg.nvgpu.types import INDEX, ScalarType, Type, VectorType


def element_of(type_: Type) -> ScalarType | None:
    """The scalar type of a scalar or vector type (None for anything else)."""
    if isinstance(type_, ScalarType):
        return type_
    if isinstance(type_, VectorType):
        return type_.element
    return None


def shape_of(type_: Type) -> tuple[int, ...]:
    return type_.shape if isinstance(type_, VectorType) else ()


def dtype_of(type_: Type) -> np.dtype:
    element = element_of(type_)
    assert element is not None
    return numpy_dtype(element)


def require_element(op: Operation, type_: Type, kinds: str, what: str) -> ScalarType:
    """`type_` is a scalar or vector of an element of `kinds` ('i' signless integer, 'x' index, 'f' float)
    with a representation here."""
    element = element_of(type_)
    ok = element is not None and (
        ("i" in kinds and element.is_signless_integer) or ("x" in kinds and element.is_index)
        or ("f" in kinds and element.is_float))
    if not ok:
        names = {"i": "signless integer", "x": "index", "f": "floating-point"}
        raise fail(op, f"{what} must be {' or '.join(names[k] for k in kinds)}-like, but got '{type_}'")
    if not is_supported_element(element):  # type: ignore[arg-type]
        from dxlinalg.mlir.errors import MlirUnsupportedError

        raise MlirUnsupportedError(at(op.location, f"'{op.name}': element type {element} is not supported "
                                                   f"(integers of 1, 8, 16, 32, 64 bits, index, f16, bf16, f32, "
                                                   f"f64, f8 types)"))
    return element  # type: ignore[return-value]


def lanes_shaped(machine: Any, value: np.ndarray) -> np.ndarray:
    """`value` with its lane axis at full size (values uniform over lanes may keep an axis of 1)."""
    if value.shape[0] == machine.lanes:
        return value
    return np.broadcast_to(value, (machine.lanes,) + value.shape[1:])


def lane_flags(machine: Any, flags: np.ndarray) -> np.ndarray:
    """(lanes,) bool: lanes where any element of the (lanes or 1, ...) `flags` is set."""
    flags = np.asarray(flags)
    if flags.ndim > 1:
        flags = flags.reshape(flags.shape[0], -1).any(axis=1)
    return np.broadcast_to(flags, (machine.lanes,))


def report(machine: Any, op: Operation, bad: np.ndarray, rule: str, *, any_lane: bool = False) -> None:
    """Strict mode: raise if an active lane (any lane, with `any_lane`) has `bad` set (a (lanes or 1, ...) bool
    array)."""
    if not machine.strict:
        return
    hit = lane_flags(machine, bad) if any_lane else lane_flags(machine, bad) & machine.ctx.active
    if hit.any():
        lane = int(np.flatnonzero(hit)[0])
        raise MlirUndefinedBehaviorError(at(op.location, f"'{op.name}': {rule} ({machine.ctx.thread_name(lane)})"))


def make_poison(machine: Any, op: Operation, bad: np.ndarray, rule: str) -> None:
    """Strict mode: the result elements `bad` marks are poison. For an operation whose result poison the executor
    carries (dxlinalg.mlir.poison: `machine.poison_sink` is set) the mask goes there and is reported only where it
    becomes observable; otherwise it is reported here, for active lanes."""
    if not machine.strict:
        return
    sink = machine.poison_sink
    if sink is None:
        report(machine, op, bad, rule)
        return
    bad = np.asarray(bad, bool)
    active = machine.ctx.active.reshape((machine.lanes,) + (1,) * (bad.ndim - 1))
    mask = np.broadcast_to(bad, (machine.lanes,) + bad.shape[1:]) & active
    if mask.any():
        sink.append((mask, f"made by '{op.name}' at {op.location}: {rule}"))


def uniform(machine: Any, value: np.ndarray) -> int | None:
    """The value if every active lane has the same (scalar) one, else None."""
    array = np.asarray(value)
    if array.shape[0] == 1:
        return array.reshape(-1)[0].item()
    active = array[machine.ctx.active]
    if active.size == 0:
        return None
    first = active[0]
    return first.item() if bool((active == first).all()) else None


def index_result(machine: Any, values: np.ndarray) -> np.ndarray:
    """int64 index values wrapped at the profile's index width."""
    if machine.index_bits == 64:
        return values.astype(np.int64, copy=False)
    return values.astype(np.int32).astype(np.int64)


def is_index(type_: Type) -> bool:
    return element_of(type_) == INDEX


def parse_operand_to_type(p: OpParser) -> None:
    """The custom form `%r = OP %x {attrs} : T to U` that memref.cast, vector.broadcast, shape_cast and bitcast share."""
    p.operand()
    p.attr_dict()
    p.expect(":", "before the types")
    p.operand_types.append(p.type())
    p.expect_keyword("to", "between the types")
    p.result_types.append(p.type())
