"""An entry point compiled for execution: its functions' blocks as closures, in schedule order.

Compiling checks what execution relies on: every block ends in a terminator whose targets are
blocks of the same function, OpPhi lists every predecessor, every value is defined (dominates its
uses), functions do not recurse, and every instruction has a handler (otherwise the opcode is
rejected by name). It also marks which results are read outside the block that defines them:
only those are merged under the active mask when a block runs for some of the live lanes.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import dxlinalg.spirv.ops  # noqa: F401  (registers the opcode handlers)
from dxlinalg.spirv.compiler import PROGRAM_CHECKS, Compute, Op, compile_instruction, make_op
from dxlinalg.spirv.control_flow import dominates, dominators, reverse_postorder
from dxlinalg.spirv.enums import AddressingModel, ExecutionMode, MemoryModel, enum_label
from dxlinalg.spirv.errors import Location, SpirvError, SpirvUnsupportedError, SpirvValidationError, at
from dxlinalg.spirv.grammar import location, opcode_of
from dxlinalg.spirv.lane_local import instruction_is_lane_local
from dxlinalg.spirv.layout import Layout
from dxlinalg.spirv.liveness import blocks_run_once, droppable_values
from dxlinalg.spirv.module import Block, EntryPoint, Function, Module
from dxlinalg.spirv.reader import Instruction
from dxlinalg.spirv.specialize import Specialization
from dxlinalg.spirv.types import BoolType, FunctionType, IntType, PointerType, SpvType, VoidType, element_count

OP = {name: opcode_of(name) for name in (
    "OpBranch", "OpBranchConditional", "OpSwitch", "OpReturn", "OpReturnValue", "OpKill", "OpUnreachable",
    "OpTerminateInvocation", "OpLoopMerge", "OpSelectionMerge", "OpPhi", "OpFunctionCall", "OpLabel")}
BRANCH, CONDITIONAL, SWITCH, RETURN, RETURN_VALUE, KILL, UNREACHABLE = range(7)


@dataclass
class CompiledBlock:
    order: int
    label: int
    name: str
    location: Location
    phis: list[tuple[int, dict[int, int], bool]] = field(default_factory=list)
    ops: list[Op] = field(default_factory=list)
    locations: list[Location] = field(default_factory=list)
    terminator: tuple[Any, ...] = ()
    terminator_location: Location | None = None
    predecessors: list[int] = field(default_factory=list)
    weight: int = 1                       # work units per lane-equivalent of one run (`block_weight`)
    feeds_phis: bool = True               # a block it branches to has OpPhis (which read where lanes came from)
    lane_local: bool = False              # every instruction computes a lane from its own values (`lane_local`)
    compact_end: int = 0                  # a loop header: its merge block's order where lanes may run compacted


#: Instructions that cost many plain ones per call and per lane (gathers of whole matrices, products, checks
#: of uniformity over each scope instance): measured at 25 us + 50 ns a lane against 3 us + 0.6 ns for an add.
HEAVY_PREFIXES = ("OpCooperativeMatrix", "OpCooperativeVector")
HEAVY_WEIGHT = 64


def block_weight(opnames: list[str], phis: int) -> int:
    """How much one run of a block costs, per lane-equivalent: 1 for each instruction, phi and the terminator,
    HEAVY_WEIGHT for each cooperative-matrix or -vector instruction. A run over a chunk of n lanes spends
    weight * (LANES_PER_CALL + n) work units: deterministic, so a runaway loop stops at the same place on
    every machine, and within seconds whatever the loop holds (SpirvStepLimitError)."""
    heavy = sum(name.startswith(HEAVY_PREFIXES) for name in opnames)
    return 1 + phis + len(opnames) + (HEAVY_WEIGHT - 1) * heavy


def successors(block: CompiledBlock) -> list[int]:
    """The orders of the blocks the terminator can branch to."""
    term = block.terminator
    kind = term[0]
    if kind == BRANCH:
        return [term[1]]
    if kind == CONDITIONAL:
        return [term[2], term[3]]
    if kind == SWITCH:
        return [term[2], *(target for _, target in term[3])]
    return []


def feeds_phis(block: CompiledBlock, blocks: list[CompiledBlock]) -> bool:
    """Whether a block the terminator can branch to has OpPhis: only those read which block each lane came
    from, so the executor records it only then (a lane's record is rewritten by every block it runs)."""
    if not block.terminator:
        return True
    return any(blocks[target].phis for target in successors(block))


def compactable_end(blocks: list[CompiledBlock], header: int, merge: int) -> int:
    """For a loop from block order `header` to its merge block `merge` (after the loop in the schedule): `merge`
    when lanes waiting at any block in between can only run lane-local blocks in between before they reach
    `merge` or a later block (so the executor may run them compacted until then), else 0."""
    if not header < merge <= len(blocks):
        return 0
    pending = list(range(header, merge))
    seen = set(pending)
    while pending:
        block = blocks[pending.pop()]
        if not block.lane_local:
            return 0
        for target in successors(block):
            if target < header:
                return 0
            if target < merge and target not in seen:
                seen.add(target)
                pending.append(target)
    return merge


@dataclass
class CompiledFunction:
    id: int
    name: str
    parameters: list[int]
    return_type: SpvType
    blocks: list[CompiledBlock] = field(default_factory=list)
    lane_local: bool = False              # every block is, so a call of this function is too


def _program_of(words: bytes, entry_point: str, spec_constants: dict[int, object], subgroup_size: int) -> Program:
    """A Program from its module's words (how a Program unpickles): compiled once per process and key."""
    key = (hash(words), len(words), entry_point, tuple(sorted((k, repr(v)) for k, v in spec_constants.items())),
           subgroup_size)
    program = _unpickled.get(key)
    if program is None:
        from dxlinalg.spirv.module import Module
        from dxlinalg.spirv.reader import read_binary
        module = Module(read_binary(words))
        program = _unpickled[key] = Program(module, Specialization(module, spec_constants, subgroup_size),
                                            module.entry_point(entry_point))
    return program


_unpickled: dict[tuple[object, ...], Program] = {}


class Program:
    """One entry point of a specialized module, ready to run."""

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as the module's words and the specialization (compiled code holds closures): a process pool
        running a dispatch's workgroups (`dxlinalg.gpu.parallel`) compiles it again, once per process."""
        return (_program_of, (self.module.binary.words.tobytes(), self.entry_point.name, dict(self.spec._overrides),
                              self.spec.subgroup_size))

    def __init__(self, module: Module, spec: Specialization, entry: EntryPoint) -> None:
        self.module = module
        self.spec = spec
        self.entry_point = entry
        self.explicit_layouts = spec.explicit_layouts
        self.natural_layouts = spec.natural_layouts
        self.local_types: dict[int, SpvType] = {}
        self.functions: dict[int, CompiledFunction] = {}
        self._compiling: list[int] = []
        self.used_ids: set[int] = set()
        self.local_size = spec.local_size(entry)
        _check_models(module, entry)
        for check in PROGRAM_CHECKS:
            check(self)
        self.entry = self.function(entry.function)

    @property
    def compacts(self) -> bool:
        """Some loop of the entry point may run compacted to the lanes still in it (`CompiledBlock.compact_end`)."""
        return any(block.compact_end for function in self.functions.values() for block in function.blocks)

    @property
    def lane_components(self) -> int:
        """Scalar components of every local value and variable of the entry point and its callees: a bound on
        what one lane holds at once (most values are dropped long before), for sizing chunks."""
        return sum(element_count(t.pointee if isinstance(t, PointerType) else t) for t in self.local_types.values()
                   if not isinstance(t, (FunctionType, VoidType)))

    # -- ProgramInfo ----------------------------------------------------------------------------
    def type_of(self, value_id: int) -> SpvType | None:
        return self.local_types.get(value_id) or self.spec.value_types.get(value_id)

    def type_by_id(self, type_id: int) -> SpvType | None:
        return self.spec.types.get(type_id)

    def constant(self, value_id: int) -> Any:
        return self.spec.constants.get(value_id)

    def pointer_layout(self, pointer_type: SpvType) -> Layout | None:
        return self.spec.pointer_layout(pointer_type)

    def function(self, function_id: int) -> CompiledFunction:
        """The compiled function (compiled on first use; a call back into a function being compiled is
        recursion, which SPIR-V forbids)."""
        found = self.functions.get(function_id)
        if found is not None:
            return found
        if function_id in self._compiling:
            chain = " -> ".join(self.module.describe_id(f) for f in [*self._compiling, function_id])
            raise SpirvValidationError(f"recursive function calls are not allowed in shaders: {chain}")
        function = self.module.functions.get(function_id)
        if function is None:
            raise SpirvValidationError(f"{self.module.describe_id(function_id)} is not a function of the module")
        self._compiling.append(function_id)
        try:
            compiled = _FunctionCompiler(self, function).compile()
        finally:
            self._compiling.pop()
        self.functions[function_id] = compiled
        return compiled


class _FunctionCompiler:
    def __init__(self, program: Program, function: Function) -> None:
        self.program = program
        self.module = program.module
        self.function = function
        self.name = self.module.describe_id(function.id)
        if not function.blocks:
            raise SpirvValidationError(at(location(function.inst), f"function {self.name} has no body (imported "
                                                                   f"functions cannot be executed)"))
        self.blocks = {block.label: block for block in function.blocks}

    def fail(self, inst: Instruction, message: str) -> SpirvValidationError:
        return SpirvValidationError(at(location(inst), message))

    # -- types of the function's values --------------------------------------------------------------
    def _signature(self) -> tuple[SpvType, list[int]]:
        inst = self.function.inst
        result_type = self.program.type_by_id(inst.operands[0])
        function_type = self.program.type_by_id(inst.operands[3]) if len(inst.operands) > 3 else None
        if result_type is None or not isinstance(function_type, FunctionType):
            raise self.fail(inst, "OpFunction needs a result type and an OpTypeFunction")
        if function_type.return_type.id != result_type.id:
            raise self.fail(inst, f"result type {result_type!r} differs from the function type's return type")
        if len(function_type.parameters) != len(self.function.parameters):
            raise self.fail(inst, f"the function type has {len(function_type.parameters)} parameters; the function "
                                  f"declares {len(self.function.parameters)}")
        parameters = []
        for parameter, expected in zip(self.function.parameters, function_type.parameters):
            declared = self.program.type_by_id(parameter.operands[0])
            if declared is None or declared.id != expected.id:
                raise self.fail(parameter, f"parameter type must be {expected!r}")
            self.program.local_types[parameter.operands[1]] = declared
            parameters.append(parameter.operands[1])
        return result_type, parameters

    def _record_types(self) -> None:
        for block in self.function.blocks:
            for inst in [*block.phis, *block.body]:
                ops = self.module.operands_by_index[inst.index]
                if ops.result is not None and ops.result_type is not None:
                    found = self.program.type_by_id(ops.result_type)
                    if found is None:
                        raise self.fail(inst, f"result type %{ops.result_type} is not a type")
                    self.program.local_types[ops.result] = found

    # -- control flow -------------------------------------------------------------------------------
    def _label(self, inst: Instruction, label: int, what: str) -> int:
        if label not in self.blocks:
            raise self.fail(inst, f"{what} %{label} is not a block of function {self.name}")
        return label

    def _successors(self, block: Block) -> list[int]:
        term = block.terminator
        assert term is not None
        words = term.operands
        if term.opcode == OP["OpBranch"]:
            return [self._label(term, words[0], "target")]
        if term.opcode == OP["OpBranchConditional"]:
            if len(words) not in (3, 5):
                raise self.fail(term, "takes a condition, two labels and optionally two branch weights")
            return [self._label(term, words[1], "true label"), self._label(term, words[2], "false label")]
        if term.opcode == OP["OpSwitch"]:
            _, cases = self._switch_cases(term)
            return [self._label(term, words[1], "default label")] + [label for _, label in cases]
        return []

    def _switch_cases(self, term: Instruction) -> tuple[IntType, list[tuple[int, int]]]:
        selector_type = self.program.type_of(term.operands[0])
        if not isinstance(selector_type, IntType):
            raise self.fail(term, f"Selector must be an integer scalar, not {selector_type!r}")
        width = 2 if selector_type.width == 64 else 1
        pairs = term.operands[2:]
        if len(pairs) % (width + 1):
            raise self.fail(term, f"(literal, label) pairs of a {selector_type.width}-bit selector take "
                                  f"{width + 1} words each")
        cases = []
        for start in range(0, len(pairs), width + 1):
            literal = pairs[start] | (pairs[start + 1] << 32 if width == 2 else 0)
            label = self._label(term, pairs[start + width], "case label")
            cases.append((literal, label))
        return selector_type, cases

    def _merge_targets(self, block: Block) -> list[int]:
        merge = block.merge
        if merge is None:
            return []
        if merge.opcode == OP["OpLoopMerge"]:
            if len(merge.operands) < 3:
                raise self.fail(merge, "OpLoopMerge takes a merge block, a continue target and loop controls")
            return [self._label(merge, merge.operands[0], "merge block"),
                    self._label(merge, merge.operands[1], "continue target")]
        return [self._label(merge, merge.operands[0], "merge block")]

    def compile(self) -> CompiledFunction:
        return_type, parameters = self._signature()
        self._record_types()
        successors = {block.label: self._successors(block) for block in self.function.blocks}
        merges = {block.label: self._merge_targets(block) for block in self.function.blocks}
        entry = self.function.blocks[0].label
        schedule = reverse_postorder(entry, lambda label: merges[label] + successors[label])
        scheduled = set(schedule)
        schedule += [block.label for block in self.function.blocks if block.label not in scheduled]
        order = {label: i for i, label in enumerate(schedule)}
        predecessors: dict[int, list[int]] = {label: [] for label in self.blocks}
        for label, targets in successors.items():
            for target in targets:
                if label not in predecessors[target]:
                    predecessors[target].append(label)
        reachable = reverse_postorder(entry, lambda label: successors[label])
        if predecessors[entry]:
            raise self.fail(self.blocks[entry].label_inst, "the first block of a function cannot be a branch target")
        idom = dominators(reachable, predecessors)
        definitions = self._definitions()
        escaping = self._check_uses(definitions, idom, set(reachable), predecessors)
        droppable = droppable_values(definitions, self._readers(), blocks_run_once(order, predecessors))
        compiled = CompiledFunction(self.function.id, self.name, parameters, return_type)
        for label in schedule:
            block = self.blocks[label]
            compiled.blocks.append(self._compile_block(block, order, escaping, predecessors[label], return_type,
                                                       droppable.get(label, set())))
        for compiled_block in compiled.blocks:
            compiled_block.feeds_phis = feeds_phis(compiled_block, compiled.blocks)
        compiled.lane_local = all(compiled_block.lane_local for compiled_block in compiled.blocks)
        for block in self.function.blocks:
            if block.merge is not None and block.merge.opcode == OP["OpLoopMerge"]:
                header = order[block.label]
                compiled.blocks[header].compact_end = compactable_end(compiled.blocks, header,
                                                                      order[block.merge.operands[0]])
        return compiled

    def _readers(self) -> Iterator[tuple[int, int, bool]]:
        """(value, block, at a block boundary) for every operand an OpPhi, instruction or terminator reads."""
        operands = self.module.operands_by_index
        for block in self.function.blocks:
            for inst in block.phis:
                for used in operands[inst.index].ids:
                    yield used, block.label, True
            for inst in block.body:
                for used in operands[inst.index].ids:
                    yield used, block.label, False
            if block.terminator is not None:
                for used in operands[block.terminator.index].ids:
                    yield used, block.label, True

    # -- values --------------------------------------------------------------------------------------
    def _definitions(self) -> dict[int, tuple[int, int]]:
        """Local id -> (defining block label, position in the block); parameters at (entry, -1)."""
        entry = self.function.blocks[0].label
        found = {p.operands[1]: (entry, -1) for p in self.function.parameters}
        for block in self.function.blocks:
            for position, inst in enumerate([*block.phis, *block.body]):
                result = self.module.operands_by_index[inst.index].result
                if result is not None:
                    found[result] = (block.label, position)
        return found

    def _check_uses(self, definitions: dict[int, tuple[int, int]], idom: dict[int, int], reachable: set[int],
                    predecessors: dict[int, list[int]]) -> set[int]:
        """Check that every local value dominates its uses; return the values read outside their block."""
        escaping: set[int] = set()
        all_locals = self._all_locals()
        for block in self.function.blocks:
            instructions = [*block.phis, *block.body, *(x for x in (block.merge, block.terminator) if x)]
            for position, inst in enumerate(instructions):
                ops = self.module.operands_by_index[inst.index]
                if inst.opcode == OP["OpPhi"]:
                    self._check_phi(inst, block, definitions, idom, reachable, predecessors, escaping)
                    continue
                for used in ops.ids:
                    definition = definitions.get(used)
                    if definition is None:
                        if used in all_locals:
                            raise self.fail(inst, f"operand %{used} is a value of another function")
                        continue
                    def_block, def_position = definition
                    if def_block != block.label:
                        escaping.add(used)
                    if block.label not in reachable:
                        continue
                    if def_block == block.label:
                        if def_position >= position:
                            raise self.fail(inst, f"operand {self.module.describe_id(used)} is used before it is "
                                                  f"defined")
                    elif def_block not in reachable or not dominates(idom, def_block, block.label):
                        raise self.fail(inst, f"operand {self.module.describe_id(used)} is defined in a block that "
                                              f"does not dominate this use")
        return escaping

    def _all_locals(self) -> set[int]:
        cached = getattr(self.program, "_all_locals", None)
        if cached is None:
            cached = set()
            for function in self.module.functions.values():
                cached.update(p.operands[1] for p in function.parameters)
                for block in function.blocks:
                    for inst in [*block.phis, *block.body]:
                        result = self.module.operands_by_index[inst.index].result
                        if result is not None:
                            cached.add(result)
            self.program._all_locals = cached  # type: ignore[attr-defined]
        return cached  # type: ignore[no-any-return]

    def _check_phi(self, inst: Instruction, block: Block, definitions: dict[int, tuple[int, int]],
                   idom: dict[int, int], reachable: set[int], predecessors: dict[int, list[int]],
                   escaping: set[int]) -> None:
        words = inst.operands
        pairs = words[2:]
        if len(pairs) % 2:
            raise self.fail(inst, "OpPhi takes (value, parent block) pairs")
        parents = [pairs[i + 1] for i in range(0, len(pairs), 2)]
        for parent in parents:
            self._label(inst, parent, "parent")
        missing = [p for p in predecessors[block.label] if p not in parents]
        if missing and block.label in reachable:
            raise self.fail(inst, f"OpPhi lists no value for predecessor block {self.module.describe_id(missing[0])}")
        for value, parent in zip(pairs[0::2], parents):
            definition = definitions.get(value)
            if definition is None:
                continue
            escaping.add(value)
            if parent in reachable and (definition[0] not in reachable or
                                        not dominates(idom, definition[0], parent)):
                raise self.fail(inst, f"value {self.module.describe_id(value)} does not dominate parent block "
                                      f"{self.module.describe_id(parent)}")

    # -- blocks ---------------------------------------------------------------------------------------
    def _compile_block(self, block: Block, order: dict[int, int], escaping: set[int], predecessors: list[int],
                       return_type: SpvType, droppable: set[int]) -> CompiledBlock:
        compiled = CompiledBlock(order[block.label], block.label, self.module.describe_id(block.label),
                                 location(block.label_inst), predecessors=[order[p] for p in predecessors])
        for inst in block.phis:
            result_type = self.program.type_by_id(inst.operands[0])
            incoming: dict[int, int] = {}
            for value, parent in zip(inst.operands[2::2], inst.operands[3::2]):
                value_type = self.program.type_of(value)
                if value_type is None or result_type is None or value_type.id != result_type.id:
                    raise self.fail(inst, f"incoming value %{value} must have the result type {result_type!r}")
                incoming.setdefault(order[parent], value)
            compiled.phis.append((inst.operands[1], incoming, inst.operands[1] in escaping))
        assert block.terminator is not None
        computes = [(inst, *self._compile(inst)) for inst in block.body]
        computes = [(inst, compute, result) for inst, compute, result in computes if compute is not None]
        dead = self._dead_after(computes, droppable)
        for position, (inst, compute, result) in enumerate(computes):
            compiled.ops.append(make_op(compute, result, result in escaping, dead.get(position, ())))
            compiled.locations.append(location(inst))
        compiled.terminator = self._terminator(block.terminator, order, return_type)
        compiled.terminator_location = location(block.terminator)
        compiled.lane_local = compiled.terminator[0] != KILL and all(
            instruction_is_lane_local(self.program, inst, self._callee_lane_local(inst)) for inst, _, _ in computes)
        compiled.weight = block_weight([location.opname for location in compiled.locations], len(compiled.phis))
        return compiled

    def _callee_lane_local(self, inst: Instruction) -> bool | None:
        """For OpFunctionCall, whether the callee (compiled by the call's handler) is lane-local."""
        if inst.opcode != OP["OpFunctionCall"]:
            return None
        callee = self.program.functions.get(inst.operands[2])
        return callee is not None and callee.lane_local

    def _compile(self, inst: Instruction) -> tuple[Compute | None, int | None]:
        try:
            context, compute = compile_instruction(self.program, inst)
        except SpirvError:
            raise
        except Exception as error:          # a check a handler missed: still name the instruction
            raise self.fail(inst, f"unexpected failure compiling this instruction ({type(error).__name__}: "
                                  f"{error})") from None
        return compute, context.result

    def _dead_after(self, computes: list[tuple[Instruction, Compute, int | None]],
                    droppable: set[int]) -> dict[int, tuple[int, ...]]:
        """Position -> the `droppable` values (see `liveness`) no later instruction of the block reads."""
        operands = self.module.operands_by_index
        last: dict[int, int] = {}
        for position, (inst, _, result) in enumerate(computes):
            if result in droppable:
                last.setdefault(result, position)         # read by nothing: dropped at once
            for used in operands[inst.index].ids:
                if used in droppable:
                    last[used] = position
        dead: dict[int, list[int]] = {}
        for value, position in last.items():
            dead.setdefault(position, []).append(value)
        return {position: tuple(values) for position, values in dead.items()}

    def _terminator(self, term: Instruction, order: dict[int, int], return_type: SpvType) -> tuple[Any, ...]:
        words = term.operands
        op = term.opcode
        if op == OP["OpBranch"]:
            return (BRANCH, order[words[0]])
        if op == OP["OpBranchConditional"]:
            condition = self.program.type_of(words[0])
            if not isinstance(condition, BoolType):
                raise self.fail(term, f"Condition must be a bool scalar, not {condition!r}")
            return (CONDITIONAL, words[0], order[words[1]], order[words[2]])
        if op == OP["OpSwitch"]:
            selector_type, cases = self._switch_cases(term)
            dtype = selector_type.dtype
            literals = [(int(_as_dtype(literal, selector_type)), order[label]) for literal, label in cases]
            return (SWITCH, words[0], order[words[1]], literals, dtype)
        if op == OP["OpReturn"]:
            if not isinstance(return_type, VoidType):
                raise self.fail(term, f"a function returning {return_type!r} must end with OpReturnValue")
            return (RETURN,)
        if op == OP["OpReturnValue"]:
            value_type = self.program.type_of(words[0])
            if value_type is None or value_type.id != return_type.id:
                raise self.fail(term, f"the returned value must have the function's return type {return_type!r}")
            return (RETURN_VALUE, words[0])
        if op in (OP["OpKill"], OP["OpTerminateInvocation"]):
            return (KILL,)
        return (UNREACHABLE,)


#: Execution modes that change arithmetic in ways this executor does not emulate.
UNSUPPORTED_MODES = frozenset({ExecutionMode.DenormFlushToZero, ExecutionMode.RoundingModeRTZ,
                               ExecutionMode.RoundingModeRTPINTEL, ExecutionMode.RoundingModeRTNINTEL,
                               ExecutionMode.FloatingPointModeALTINTEL})


def _check_models(module: Module, entry: EntryPoint) -> None:
    """The addressing and memory models, and float-control execution modes, this executor implements."""
    model = module.memory_model
    if model is None:
        raise SpirvValidationError("the module has no OpMemoryModel")
    addressing, memory = model.operands
    if addressing not in (AddressingModel.Logical, AddressingModel.PhysicalStorageBuffer64):
        raise SpirvUnsupportedError(at(location(model), f"addressing model {enum_label(AddressingModel, addressing)}: "
                                                        f"shaders use Logical or PhysicalStorageBuffer64"))
    if memory not in (MemoryModel.GLSL450, MemoryModel.Vulkan, MemoryModel.Simple):
        raise SpirvUnsupportedError(at(location(model), f"memory model {enum_label(MemoryModel, memory)} is not "
                                                        f"supported"))
    for inst in module.execution_modes.get(entry.function, []):
        if len(inst.operands) > 1 and inst.operands[1] in UNSUPPORTED_MODES:
            raise SpirvUnsupportedError(at(location(inst), (
                f"execution mode {enum_label(ExecutionMode, inst.operands[1])} is not emulated (floats are IEEE: "
                f"denormals kept, round to nearest even)")))


def _as_dtype(literal: int, selector_type: IntType) -> int:
    """A switch literal (raw bits) as the selector's signed or unsigned value."""
    bits = selector_type.width
    if selector_type.signed and literal >= 1 << (bits - 1):
        return literal - (1 << bits)
    return literal

