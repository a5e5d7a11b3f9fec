"""Pre-decoding: each instruction becomes a closure once per module, run once per chunk of lanes.

An opcode handler is a factory registered for one or more opcodes: given the instruction's
`InstructionContext` (operands, their types, constants, the program), it checks the operands
and returns `compute(frame)`, which does the work for the frame's active lanes and returns the
result value (or None for an instruction without a result). Computes run with numpy's floating-point
warnings off (`executor.run_function` turns them off once: inactive lanes compute garbage, and IEEE
results need no warning), so they need no `np.errstate` of their own. Other modules add opcodes with
`register_opcode` (the cooperative-vector instructions do), and extended instruction sets with
`register_extended`. An opcode with no handler is rejected by name before anything runs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from dxlinalg.spirv.errors import (
    Location,
    SpirvUndefinedBehaviorError,
    SpirvUnsupportedError,
    SpirvValidationError,
    at,
)
from dxlinalg.spirv.grammar import location, opcode_of, opname
from dxlinalg.spirv.lanes import merge
from dxlinalg.spirv.layout import LayoutError
from dxlinalg.spirv.reader import Instruction
from dxlinalg.spirv.types import BoolType, FloatType, IntType, MatrixType, SpvType, VectorType, scalar_of

if TYPE_CHECKING:
    from dxlinalg.gpu.context import ExecutionContext
    from dxlinalg.spirv.layout import Layout, LayoutBuilder
    from dxlinalg.spirv.memory_access import PhysicalMemory
    from dxlinalg.spirv.module import Module


#: Work units one chunk may spend before the run is stopped as a runaway loop (`block_weight`): about
#: 2-6 seconds of an endless loop, whatever its instructions and chunk size (docs/performance.md).
DEFAULT_WORK_LIMIT = 2**33
#: The fixed cost of one instruction over a chunk, in lanes' worth of per-lane work: a numpy call costs a
#: few tens of microseconds before it touches the first lane (checks, views, Python), as much as an add over
#: tens of thousands of lanes costs.
LANES_PER_CALL = 32768


class Invocation:
    """What one chunk of lanes shares while it runs the entry point."""

    #: A copy for a compacted subset of the chunk's lanes (`executor._run_compacted`).
    compacted = False
    #: A compacted run of this chunk failed and the plain run took over: the chunk compacts no more.
    compaction_failed = False

    def __init__(self, ctx: ExecutionContext, template: list[Any], step_limit: int,
                 physical: PhysicalMemory, extras: dict[str, Any], work_limit: int = DEFAULT_WORK_LIMIT) -> None:
        self.ctx = ctx
        self.lanes = ctx.lanes
        self.strict = ctx.strict
        self.template = template
        self.steps = 0
        self.step_limit = step_limit
        self.work = 0
        self.work_limit = work_limit
        self.work_per_weight = LANES_PER_CALL + ctx.lanes      # a block's weight -> its work over this chunk
        self.terminated: np.ndarray | None = None
        self.physical = physical
        self.extras = extras
        self._store_order: np.ndarray | None | bool = False

    def store_order(self) -> np.ndarray | None:
        """The lane order in which racing buffer stores land (the last lands), as the profile's
        shader.buffer_store_race says: None for dispatch order (highest lane last); for lowest_lane_in_wave,
        waves in dispatch order and the lanes of a wave descending, so a wave's lowest lane lands."""
        if self._store_order is False:
            if self.ctx.profile.shader.buffer_store_race == "lowest_lane_in_wave":
                self._store_order = np.lexsort((-self.ctx.geometry.lane_in_wave.astype(np.int64),
                                                self.ctx.wave_of_lane))
            else:
                self._store_order = None
        return self._store_order  # type: ignore[return-value]


class Frame:
    """One function call's state: SSA values by id, the lanes running the current block, and whether
    those are all the lanes still alive in the call (`full`: results need no merging)."""

    __slots__ = ("full", "inv", "mask", "ret", "values")

    def __init__(self, values: list[Any], mask: np.ndarray, inv: Invocation) -> None:
        self.values = values
        self.mask = mask
        self.full = True
        self.inv = inv
        self.ret: Any = None


Compute = Callable[[Frame], Any]
Op = Callable[[Frame], None]


class ProgramInfo(Protocol):
    """What handlers may ask about the program being compiled."""

    module: Module
    explicit_layouts: LayoutBuilder
    natural_layouts: LayoutBuilder

    def type_of(self, value_id: int) -> SpvType | None: ...

    def type_by_id(self, type_id: int) -> SpvType | None: ...

    def constant(self, value_id: int) -> Any: ...

    def function(self, function_id: int) -> Any: ...

    def pointer_layout(self, pointer_type: SpvType) -> Layout | None: ...


Factory = Callable[["InstructionContext"], Compute | None]
HANDLERS: dict[int, Factory] = {}
EXTENDED_HANDLERS: dict[tuple[str, int], Factory] = {}
#: Rules an extension adds over instructions it does not handle itself (run before every handler).
INSTRUCTION_CHECKS: list[Callable[[InstructionContext], None]] = []
#: Module-wide rules an extension adds (run once per compiled entry point, before its functions).
PROGRAM_CHECKS: list[Callable[[ProgramInfo], None]] = []


def register_opcode(*names: str | int) -> Callable[[Factory], Factory]:
    """Decorator: `factory` compiles the given opcodes (names like "OpIAdd", or numbers)."""
    def decorate(factory: Factory) -> Factory:
        for name in names:
            HANDLERS[opcode_of(name) if isinstance(name, str) else name] = factory
        return factory
    return decorate


def register_extended(set_name: str, numbers: dict[str, int] | list[int]) -> Callable[[Factory], Factory]:
    """Decorator: `factory` compiles these instructions of the extended instruction set `set_name`."""
    def decorate(factory: Factory) -> Factory:
        for number in (numbers.values() if isinstance(numbers, dict) else numbers):
            EXTENDED_HANDLERS[(set_name, number)] = factory
        return factory
    return decorate


class InstructionContext:
    """An instruction being compiled: operands, types and the program around it."""

    def __init__(self, program: ProgramInfo, inst: Instruction) -> None:
        self.program = program
        self.inst = inst
        self.loc: Location = location(inst)
        self.opname = opname(inst.opcode)
        ops = program.module.operands_by_index[inst.index]
        self.result: int | None = ops.result
        self.result_type: SpvType | None = None
        start = 0
        if ops.result_type is not None:
            self.result_type = self.type_id(0)
            start += 1
        if ops.result is not None:
            start += 1
        self.args: tuple[int, ...] = inst.operands[start:]

    # -- errors -----------------------------------------------------------------------------------
    def fail(self, message: str) -> SpirvValidationError:
        return SpirvValidationError(at(self.loc, message))

    def unsupported(self, message: str) -> SpirvUnsupportedError:
        return SpirvUnsupportedError(at(self.loc, message))

    def undefined(self, message: str) -> SpirvUndefinedBehaviorError:
        return SpirvUndefinedBehaviorError(at(self.loc, message))

    def expect(self, condition: bool, message: str) -> None:
        if not condition:
            raise self.fail(message)

    # -- operands ----------------------------------------------------------------------------------
    def describe(self, value_id: int) -> str:
        return self.program.module.describe_id(value_id)

    def arg(self, k: int) -> int:
        if k >= len(self.args):
            raise self.fail(f"needs at least {k + 1} operands after its result, has {len(self.args)}")
        return self.args[k]

    def type_id(self, position: int) -> SpvType:
        """The type named by raw operand word `position`."""
        type_id = self.inst.operands[position]
        found = self.program.type_by_id(type_id)
        if found is None:
            raise self.fail(f"operand %{type_id} must be a type, but it is {self._what(type_id)}")
        return found

    def arg_type(self, k: int) -> SpvType:
        """The type named by operand `k` (an <id> of a type)."""
        type_id = self.arg(k)
        found = self.program.type_by_id(type_id)
        if found is None:
            raise self.fail(f"operand %{type_id} must be a type, but it is {self._what(type_id)}")
        return found

    def _what(self, value_id: int) -> str:
        definition = self.program.module.definitions.get(value_id)
        return "undefined" if definition is None else f"defined by {opname(definition.opcode)}"

    def value(self, k: int) -> int:
        """Operand `k`, checked to be an id with a value (a constant, variable or instruction result)."""
        value_id = self.arg(k)
        if self.program.type_of(value_id) is None:
            raise self.fail(f"operand {k} (%{value_id}) must be a value, but it is {self._what(value_id)}")
        return value_id

    def value_type(self, k: int) -> SpvType:
        found = self.program.type_of(self.value(k))
        assert found is not None
        return found

    def type_of(self, value_id: int) -> SpvType:
        found = self.program.type_of(value_id)
        if found is None:
            raise self.fail(f"%{value_id} must be a value, but it is {self._what(value_id)}")
        return found

    def constant_of(self, value_id: int) -> Any:
        """The value of a constant instruction (lane axis 1), or None."""
        return self.program.constant(value_id)

    def constant_int(self, k: int, what: str) -> int:
        """Operand `k` as the integer value of a scalar integer constant."""
        value_id = self.value(k)
        value = self.constant_of(value_id)
        if not isinstance(value, np.ndarray) or value.shape != (1,) or value.dtype.kind not in "iu":
            raise self.fail(f"{what} (operand %{value_id}) must be a scalar integer constant")
        return int(value[0])

    def literal(self, k: int) -> int:
        return self.arg(k)

    # -- type checks -------------------------------------------------------------------------------
    def numeric_result(self, kinds: str) -> SpvType:
        """The result type, checked to be a scalar or vector whose component kind is in `kinds`
        ('i' int, 'f' float, 'b' bool)."""
        result = self.result_type
        scalar = scalar_of(result) if result is not None and not _is_matrix(result) else None
        if scalar is None or _kind(scalar) not in kinds:
            raise self.fail(f"result type {result!r} must be a scalar or vector of {_kinds_text(kinds)}")
        return result  # type: ignore[return-value]

    def same_shape(self, k: int, like: SpvType, kinds: str, *, same_width: bool = True) -> SpvType:
        """Operand `k`'s type, checked to be a scalar/vector of `kinds` with `like`'s component count
        (and component width)."""
        found = self.value_type(k)
        scalar = scalar_of(found) if not _is_matrix(found) else None
        if scalar is None or _kind(scalar) not in kinds:
            raise self.fail(f"operand {k} has type {found!r}; it must be a scalar or vector of {_kinds_text(kinds)}")
        if components(found) != components(like):
            raise self.fail(f"operand {k} has {components(found)} components; the instruction needs "
                            f"{components(like)} (like {like!r})")
        if same_width and _width(scalar) != _width(scalar_of(like)):  # type: ignore[arg-type]
            raise self.fail(f"operand {k} has {_width(scalar)}-bit components; the instruction needs "
                            f"{_width(scalar_of(like))}-bit ones")  # type: ignore[arg-type]
        return found


def _is_matrix(spv_type: SpvType) -> bool:
    return isinstance(spv_type, MatrixType)


def _kind(scalar: SpvType) -> str:
    return "b" if isinstance(scalar, BoolType) else "i" if isinstance(scalar, IntType) else "f"


def _width(scalar: SpvType) -> int:
    return 1 if isinstance(scalar, BoolType) else scalar.width  # type: ignore[attr-defined,no-any-return]


def _kinds_text(kinds: str) -> str:
    return " or ".join({"i": "integers", "f": "floats", "b": "bools"}[k] for k in kinds)


def components(spv_type: SpvType | None) -> int:
    return spv_type.count if isinstance(spv_type, VectorType) else 1


def is_float(spv_type: SpvType) -> bool:
    return isinstance(scalar_of(spv_type), FloatType)


def make_op(compute: Compute, result: int | None, escapes: bool, dead: tuple[int, ...] = ()) -> Op:
    """The closure a block runs: compute, then store the result (merged under the mask when the value
    is read outside its block and not every live lane is running), then drop the `dead` values (read
    by no later instruction: their memory is reused while it is still in the cache)."""
    op = _store_result(compute, result, escapes)
    if not dead:
        return op

    def op_then_drop(frame: Frame) -> None:
        op(frame)
        values = frame.values
        for value_id in dead:
            values[value_id] = None
    return op_then_drop


def _store_result(compute: Compute, result: int | None, escapes: bool) -> Op:
    if result is None:
        return compute  # type: ignore[return-value]
    if escapes:
        def op_merged(frame: Frame) -> None:
            value = compute(frame)
            if not frame.full:
                value = merge(frame.mask, value, frame.values[result])
            frame.values[result] = value
        return op_merged

    def op(frame: Frame) -> None:
        frame.values[result] = compute(frame)
    return op


def compile_instruction(program: ProgramInfo, inst: Instruction) -> tuple[InstructionContext, Compute | None]:
    """The instruction's context and its compute closure (None when it has nothing to do at run time)."""
    factory = HANDLERS.get(inst.opcode)
    if factory is None:
        raise SpirvUnsupportedError(f"{location(inst)}: {opname(inst.opcode)} is not supported by this executor")
    context = InstructionContext(program, inst)
    try:
        for check in INSTRUCTION_CHECKS:
            check(context)
        return context, factory(context)
    except LayoutError as error:
        raise context.fail(str(error)) from None
