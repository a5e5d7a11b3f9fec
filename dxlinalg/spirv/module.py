"""A SPIR-V module read into its parts: capabilities, entry points, modes, names, decorations,
the global section (types, constants, variables) and functions split into blocks.

Nothing is interpreted yet (array lengths and constant values can depend on specialization
constants, see `specialize`); what is checked here is the structure every later step relies on:
each instruction's word count fits its opcode, result ids are unique and below the bound, every
<id> operand names something the module defines, and function bodies are made of blocks that
start with OpLabel and end with one terminator.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from dxlinalg.spirv.enums import ExecutionModel, enum_label
from dxlinalg.spirv.errors import SpirvArgumentError, SpirvUnsupportedError, SpirvValidationError
from dxlinalg.spirv.grammar import Operands, decode, location, opcode_of, opname
from dxlinalg.spirv.reader import Instruction, ModuleSource, SpirvBinary, decode_string, read_binary

TERMINATORS = frozenset(opcode_of(name) for name in (
    "OpBranch", "OpBranchConditional", "OpSwitch", "OpReturn", "OpReturnValue", "OpKill", "OpUnreachable",
    "OpTerminateInvocation"))
MERGES = frozenset({opcode_of("OpSelectionMerge"), opcode_of("OpLoopMerge")})
DEBUG_OPCODES = frozenset(opcode_of(name) for name in (
    "OpSourceContinued", "OpSource", "OpSourceExtension", "OpString", "OpLine", "OpNoLine", "OpModuleProcessed",
    "OpNop"))
_OP = {name: opcode_of(name) for name in (
    "OpCapability", "OpExtension", "OpExtInstImport", "OpMemoryModel", "OpEntryPoint", "OpExecutionMode",
    "OpExecutionModeId", "OpName", "OpMemberName", "OpDecorate", "OpDecorateId", "OpDecorateString",
    "OpMemberDecorate", "OpMemberDecorateString", "OpDecorationGroup", "OpGroupDecorate", "OpGroupMemberDecorate",
    "OpFunction", "OpFunctionParameter", "OpFunctionEnd", "OpLabel", "OpPhi", "OpVariable", "OpExtInst")}


@dataclass(frozen=True)
class DecorationEntry:
    """One decoration: its value, its operand words (literals or ids) and the instruction applying it."""

    decoration: int
    operands: tuple[int, ...]
    inst: Instruction


@dataclass(frozen=True)
class EntryPoint:
    model: int
    function: int
    name: str
    interface: tuple[int, ...]
    inst: Instruction


@dataclass
class Block:
    """A basic block: OpLabel, OpPhi instructions, body, optional merge instruction, terminator."""

    label: int
    label_inst: Instruction
    phis: list[Instruction] = field(default_factory=list)
    body: list[Instruction] = field(default_factory=list)
    merge: Instruction | None = None
    terminator: Instruction | None = None


@dataclass
class Function:
    id: int
    inst: Instruction
    parameters: list[Instruction] = field(default_factory=list)
    blocks: list[Block] = field(default_factory=list)


class Module:
    """A parsed module; see the module docstring for what is checked."""

    def __init__(self, binary: SpirvBinary) -> None:
        self.binary = binary
        self.version = binary.version
        self.bound = binary.bound
        self.operands: list[Operands] = [decode(inst) for inst in binary.instructions]
        self.definitions: dict[int, Instruction] = {}
        self.capabilities: list[tuple[int, Instruction]] = []
        self.extensions: list[tuple[str, Instruction]] = []
        self.ext_imports: dict[int, str] = {}
        self.memory_model: Instruction | None = None
        self.entry_points: list[EntryPoint] = []
        self.execution_modes: dict[int, list[Instruction]] = {}
        self.names: dict[int, str] = {}
        self.member_names: dict[tuple[int, int], str] = {}
        self.decorations: dict[int, list[DecorationEntry]] = {}
        self.member_decorations: dict[tuple[int, int], list[DecorationEntry]] = {}
        self.globals: list[Instruction] = []
        self.functions: dict[int, Function] = {}
        self._collect_definitions()
        self._check_ids_defined()
        self._read_sections()

    # -- ids ------------------------------------------------------------------------------------
    def _collect_definitions(self) -> None:
        for inst, ops in zip(self.binary.instructions, self.operands):
            if ops.result is None:
                continue
            if ops.result == 0 or ops.result >= self.bound:
                raise SpirvValidationError(f"{location(inst)}: result id {ops.result} is outside [1, bound "
                                           f"{self.bound})")
            if ops.result in self.definitions:
                first = self.definitions[ops.result]
                raise SpirvValidationError(f"{location(inst)}: result id %{ops.result} is already defined by "
                                           f"{location(first)}")
            self.definitions[ops.result] = inst

    def _check_ids_defined(self) -> None:
        for inst, ops in zip(self.binary.instructions, self.operands):
            used = ops.ids if ops.result_type is None else (ops.result_type, *ops.ids)
            for used_id in used:
                if used_id not in self.definitions:
                    raise SpirvValidationError(f"{location(inst)}: operand %{used_id} is not defined anywhere in "
                                               f"the module (unknown id)")

    def describe_id(self, value_id: int) -> str:
        """`%name` (or `%17`) for messages."""
        return f"%{self.names.get(value_id, value_id)}"

    # -- sections ---------------------------------------------------------------------------------
    def _string(self, inst: Instruction, start: int) -> tuple[str, int]:
        try:
            return decode_string(inst.operands, start)
        except ValueError as error:
            raise SpirvValidationError(f"{location(inst)}: {error}") from None

    def _read_sections(self) -> None:
        current: Function | None = None
        block: Block | None = None
        groups: dict[int, list[tuple[int | None, DecorationEntry]]] = {}
        for inst in self.binary.instructions:
            op, words = inst.opcode, inst.operands
            if op in DEBUG_OPCODES:
                continue
            if op == _OP["OpCapability"]:
                self.capabilities.append((words[0], inst))
            elif op == _OP["OpExtension"]:
                self.extensions.append((self._string(inst, 0)[0], inst))
            elif op == _OP["OpExtInstImport"]:
                self.ext_imports[words[0]] = self._string(inst, 1)[0]
            elif op == _OP["OpMemoryModel"]:
                self.memory_model = inst
            elif op == _OP["OpEntryPoint"]:
                name, after = self._string(inst, 2)
                self.entry_points.append(EntryPoint(words[0], words[1], name, tuple(words[after:]), inst))
            elif op in (_OP["OpExecutionMode"], _OP["OpExecutionModeId"]):
                self.execution_modes.setdefault(words[0], []).append(inst)
            elif op == _OP["OpName"]:
                self.names.setdefault(words[0], self._string(inst, 1)[0])
            elif op == _OP["OpMemberName"]:
                self.member_names[(words[0], words[1])] = self._string(inst, 2)[0]
            elif op in (_OP["OpDecorate"], _OP["OpDecorateId"], _OP["OpDecorateString"]):
                entry = DecorationEntry(words[1], tuple(words[2:]), inst)
                if self.definitions[words[0]].opcode == _OP["OpDecorationGroup"]:
                    groups.setdefault(words[0], []).append((None, entry))
                else:
                    self.decorations.setdefault(words[0], []).append(entry)
            elif op in (_OP["OpMemberDecorate"], _OP["OpMemberDecorateString"]):
                self.member_decorations.setdefault((words[0], words[1]), []).append(
                    DecorationEntry(words[2], tuple(words[3:]), inst))
            elif op == _OP["OpDecorationGroup"]:
                groups.setdefault(words[0], [])
            elif op == _OP["OpGroupDecorate"]:
                for target in words[1:]:
                    for _, entry in groups.get(words[0], []):
                        self.decorations.setdefault(target, []).append(entry)
            elif op == _OP["OpGroupMemberDecorate"]:
                for target, member in zip(words[1::2], words[2::2]):
                    for _, entry in groups.get(words[0], []):
                        self.member_decorations.setdefault((target, member), []).append(entry)
            elif op == _OP["OpFunction"]:
                if current is not None:
                    raise SpirvValidationError(f"{location(inst)}: OpFunction inside function "
                                               f"{self.describe_id(current.id)} (missing OpFunctionEnd)")
                current = Function(words[1], inst)
                self.functions[current.id] = current
            elif op == _OP["OpFunctionEnd"]:
                if current is None or (block is not None and block.terminator is None):
                    raise SpirvValidationError(f"{location(inst)}: OpFunctionEnd without a function, or inside a "
                                               f"block that has no terminator")
                current, block = None, None
            elif current is None:
                self.globals.append(inst)
            else:
                block = self._function_instruction(current, block, inst)
        if current is not None:
            raise SpirvValidationError(f"function {self.describe_id(current.id)} has no OpFunctionEnd")

    def _function_instruction(self, function: Function, block: Block | None, inst: Instruction) -> Block | None:
        op = inst.opcode
        if op == _OP["OpFunctionParameter"]:
            if function.blocks:
                raise SpirvValidationError(f"{location(inst)}: parameters must come before the first block")
            function.parameters.append(inst)
            return block
        if op == _OP["OpLabel"]:
            if block is not None and block.terminator is None:
                raise SpirvValidationError(f"{location(inst)}: block {self.describe_id(block.label)} ends without "
                                           f"a terminator (OpBranch, OpReturn, ...)")
            block = Block(inst.operands[0], inst)
            function.blocks.append(block)
            return block
        if block is None or block.terminator is not None:
            raise SpirvValidationError(f"{location(inst)}: instruction outside a block in function "
                                       f"{self.describe_id(function.id)} (blocks start with OpLabel)")
        if op in TERMINATORS:
            block.terminator = inst
        elif op in MERGES:
            if block.merge is not None:
                raise SpirvValidationError(f"{location(inst)}: a block has at most one merge instruction")
            block.merge = inst
        elif block.merge is not None:
            raise SpirvValidationError(f"{location(inst)}: {opname(block.merge.opcode)} must be the instruction "
                                       f"just before the block's terminator")
        elif op == _OP["OpPhi"]:
            if block.body:
                raise SpirvValidationError(f"{location(inst)}: OpPhi must come before every other instruction "
                                           f"of its block")
            block.phis.append(inst)
        else:
            block.body.append(inst)
        return block

    # -- lookups ----------------------------------------------------------------------------------
    def decorations_of(self, target: int, decoration: int) -> list[DecorationEntry]:
        return [d for d in self.decorations.get(target, ()) if d.decoration == decoration]

    def decoration(self, target: int, decoration: int) -> DecorationEntry | None:
        found = self.decorations_of(target, decoration)
        return found[0] if found else None

    def member_decoration(self, target: int, member: int, decoration: int) -> DecorationEntry | None:
        for entry in self.member_decorations.get((target, member), ()):
            if entry.decoration == decoration:
                return entry
        return None

    @cached_property
    def operands_by_index(self) -> dict[int, Operands]:
        return {inst.index: ops for inst, ops in zip(self.binary.instructions, self.operands)}

    def entry_point(self, name: str) -> EntryPoint:
        """The GLCompute entry point called `name`."""
        found = [e for e in self.entry_points if e.name == name]
        if not found:
            available = ", ".join(f"{e.name!r} ({enum_label(ExecutionModel, e.model)})" for e in self.entry_points)
            raise SpirvArgumentError(f"the module has no entry point named {name!r} (it has {available or 'none'})")
        compute = [e for e in found if e.model == ExecutionModel.GLCompute]
        if not compute:
            raise SpirvUnsupportedError(
                f"{location(found[0].inst)}: entry point {name!r} is a {enum_label(ExecutionModel, found[0].model)} "
                f"shader; only GLCompute entry points run here")
        if compute[0].function not in self.functions:
            raise SpirvValidationError(f"{location(compute[0].inst)}: entry point {name!r} names "
                                       f"{self.describe_id(compute[0].function)}, which is not a function")
        return compute[0]


def load_module(source: ModuleSource | Module) -> Module:
    """Read and structurally check a module (bytes, a .spv path or 32-bit words)."""
    if isinstance(source, Module):
        return source
    return Module(read_binary(source))

