"""Lowering: a parsed module's entry function (and what it calls) into blocks of kernels over value slots.

Each function gets one frame of slots; every SSA value of it (nested regions included) has a slot. Lowering is
where a kernel is checked before anything runs: every operation must have a definition (else
MlirUnsupportedError naming it and its location), pass its verifier, use only values defined before it in scope
with the type the definition gave them, and every block must end in a terminator.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dxlinalg.errors import DxLinalgError
from dxlinalg.mlir.errors import MlirUnsupportedError, MlirVerifyError, at
from dxlinalg.mlir.ir import Block, Module, Operation, Region
from dxlinalg.mlir.ops.registry import DEFINITIONS, Kernel
from dxlinalg.nvgpu.types import Type


@dataclass(eq=False)
class CompiledOp:
    kernel: Kernel
    inputs: tuple[int, ...]
    outputs: tuple[int, ...]
    op: Operation


@dataclass(eq=False)
class CompiledBlock:
    label: str | None
    arguments: tuple[int, ...]
    body: list[CompiledOp]
    terminator: CompiledOp
    index: int = 0


@dataclass(eq=False)
class CompiledRegion:
    blocks: list[CompiledBlock]
    labels: dict[str, int] = field(default_factory=dict)


@dataclass(eq=False)
class CompiledFunction:
    name: str
    operation: Operation
    parameters: tuple[int, ...]
    parameter_types: tuple[Type, ...]
    result_types: tuple[Type, ...]
    body: CompiledRegion | None = None
    slots: int = 0


class Lowering:
    """Lowers functions of one module; `functions` maps a symbol to its compiled function (filled on demand)."""

    def __init__(self, module: Module) -> None:
        self.module = module
        self.symbols: dict[str, Operation] = {}
        self.globals: dict[str, Operation] = {}
        for operation in module.walk():
            name = operation.attributes.get("sym_name")
            if operation.name in FUNCTION_OPS and isinstance(name, str):
                self.symbols.setdefault(name, operation)
            elif operation.name == "memref.global" and isinstance(name, str):
                self.globals.setdefault(name, operation)
        self.functions: dict[str, CompiledFunction] = {}
        self._scopes: list[dict[str, tuple[int, Type]]] = []
        self._forward: list[set[str]] = []
        self._slots = 0

    def function(self, name: str) -> CompiledFunction:
        compiled = self.functions.get(name)
        if compiled is not None:
            return compiled
        operation = self.symbols[name]
        region = operation.regions[0] if operation.regions else None
        if region is None or not region.blocks:
            raise MlirUnsupportedError(at(operation.location, f"function @{name} is a declaration (no body); only "
                                                              f"functions defined in the kernel can run"))
        saved_scopes, saved_slots = self._scopes, self._slots
        self._scopes, self._slots = [{}], 0
        entry = region.blocks[0]
        compiled = CompiledFunction(name, operation, (), tuple(t for _, t in entry.arguments),
                                    tuple(function_type_of(operation).results))
        self.functions[name] = compiled
        try:
            compiled.body = self.region(region, isolated=True)
            check_exits(operation, region, list(compiled.result_types), ("func.return", "gpu.return"))
            compiled.parameters = compiled.body.blocks[0].arguments
            compiled.slots = self._slots
        finally:
            self._scopes, self._slots = saved_scopes, saved_slots
        return compiled

    # -- values -------------------------------------------------------------------------------------------
    def define(self, name: str, type_: Type, where: Operation | Block) -> int:
        scope = self._scopes[-1]
        if name in scope:
            location = where.location
            raise MlirVerifyError(at(location, f"redefinition of SSA value '{name}'"))
        slot = self._slots
        self._slots += 1
        scope[name] = (slot, type_)
        return slot

    def use(self, name: str, type_: Type, op: Operation) -> int:
        for scope in reversed(self._scopes):
            found = scope.get(name) or (scope.get(name[:-2]) if name.endswith("#0") else None)
            if found is not None:
                slot, defined = found
                if defined != type_:
                    raise MlirVerifyError(at(op.location, f"use of value '{name}' expects different type than prior "
                                                          f"uses: '{type_}' vs '{defined}'"))
                return slot
        raise MlirVerifyError(at(op.location, f"use of undeclared SSA value name '{name}' in '{op.name}'"))

    # -- regions ------------------------------------------------------------------------------------------
    def region(self, region: Region, *, isolated: bool = False) -> CompiledRegion:
        """Lowers a region; its values see the enclosing ones unless `isolated` (functions)."""
        self._scopes.append({})
        self._forward.append(set())
        try:
            compiled = CompiledRegion([])
            for index, block in enumerate(region.blocks):
                if block.label is not None:
                    if block.label in compiled.labels:
                        raise MlirVerifyError(at(block.location, f"redefinition of block '{block.label}'"))
                    compiled.labels[block.label] = index
            slots = [tuple(self.define(name, type_, block) for name, type_ in block.arguments)
                     for block in region.blocks]
            self._forward_define(region)
            for index, block in enumerate(region.blocks):
                compiled.blocks.append(self._block(block, slots[index], index))
            for block in region.blocks:
                _check_successors(block.operations[-1], region, compiled.labels)
            return compiled
        finally:
            self._scopes.pop()
            self._forward.pop()

    def _forward_define(self, region: Region) -> None:
        """In a region of several blocks, a value may be used in a block textually before its definition's
        (dominance, not text order): define every result of the region's blocks up front."""
        if len(region.blocks) < 2:
            return
        for block in region.blocks:
            for operation in block.operations:
                for name, type_ in zip(operation.results, operation.result_types):
                    self.define(name, type_, operation)
                    self._forward[-1].add(name)

    def _block(self, block: Block, arguments: tuple[int, ...], index: int) -> CompiledBlock:
        compiled: list[CompiledOp] = []
        if not block.operations:
            raise MlirVerifyError(at(block.location, "empty block: missing terminator"))
        for operation in block.operations:
            compiled.append(self.operation(operation))
        last = block.operations[-1]
        if not DEFINITIONS[last.name].terminator:
            raise MlirVerifyError(at(last.location, f"block with no terminator, has '{last.name}' last"))
        for operation in block.operations[:-1]:
            if DEFINITIONS[operation.name].terminator:
                raise MlirVerifyError(at(operation.location, f"'{operation.name}' op must be the last operation of "
                                                             f"its block"))
        return CompiledBlock(block.label, arguments, compiled[:-1], compiled[-1], index)

    def operation(self, operation: Operation) -> CompiledOp:
        definition = DEFINITIONS.get(operation.name)
        if definition is None:
            raise MlirUnsupportedError(at(operation.location, f"operation '{operation.name}' is not supported by "
                                                              f"dxlinalg.mlir (docs/mlir.md lists the supported ones)"))
        if len(operation.operands) != len(operation.operand_types):
            raise MlirVerifyError(at(operation.location, f"'{operation.name}' op has {len(operation.operands)} "
                                                         f"operands but {len(operation.operand_types)} types"))
        try:
            definition.verify(operation)
            inputs = tuple(self.use(name, type_, operation)
                           for name, type_ in zip(operation.operands, operation.operand_types))
            kernel = definition.lower(operation, self)
        except (IndexError, KeyError, TypeError, AttributeError, ValueError) as error:
            if isinstance(error, DxLinalgError):
                raise
            raise MlirVerifyError(at(operation.location, f"'{operation.name}' op is malformed: its operands, "
                                                         f"results or attributes do not have the form its "
                                                         f"definition needs ({type(error).__name__}: {error})")) from None
        scope = self._scopes[-1]
        outputs = []
        for name, type_ in zip(operation.results, operation.result_types):
            if name in self._forward[-1]:
                self._forward[-1].discard(name)
                outputs.append(scope[name][0])
            else:
                outputs.append(self.define(name, type_, operation))
        return CompiledOp(kernel, inputs, tuple(outputs), operation)


FUNCTION_OPS = ("func.func", "gpu.func")


def check_exits(op: Operation, region: Region, expected: list[Type], names: tuple[str, ...],
                skip: int = 0) -> None:
    """Every exit terminator of `region` (one of `names`) gives `expected` types (after `skip` leading operands,
    e.g. scf.condition's condition)."""
    for block in region.blocks:
        terminator = block.operations[-1]
        if terminator.name not in names:
            continue
        given = list(terminator.operand_types[skip:])
        if given != list(expected):
            raise MlirVerifyError(at(terminator.location, (
                f"'{terminator.name}' op types ({', '.join(map(str, given))}) do not match what the enclosing "
                f"'{op.name}' expects ({', '.join(map(str, expected))})")))


def successor_operand_types(op: Operation) -> list[list[Type]]:
    """The operand types passed to each successor: all operands for one successor; cf.cond_br's by its
    operandSegmentSizes (the condition first)."""
    if len(op.successors) == 1:
        return [list(op.operand_types)]
    segments = op.attributes.get("operandSegmentSizes")
    if isinstance(segments, list) and len(segments) == len(op.successors) + 1:
        groups, start = [], int(segments[0])
        for size in segments[1:]:
            groups.append(list(op.operand_types[start:start + int(size)]))
            start += int(size)
        return groups
    return [[] for _ in op.successors]


def _check_successors(terminator: Operation, region: Region, labels: dict[str, int]) -> None:
    """Successors are blocks of the region; each gets as many operands as it has arguments, of their types."""
    for position, (label, types) in enumerate(zip(terminator.successors, successor_operand_types(terminator))):
        if label not in labels:
            raise MlirVerifyError(at(terminator.location, f"reference to an undefined block '{label}'"))
        arguments = [type_ for _, type_ in region.blocks[labels[label]].arguments]
        if len(types) != len(arguments):
            raise MlirVerifyError(at(terminator.location, f"branch has {len(types)} operands for successor "
                                                          f"#{position}, but target block has {len(arguments)}"))
        for index, (given, wanted) in enumerate(zip(types, arguments)):
            if given != wanted:
                raise MlirVerifyError(at(terminator.location, f"type mismatch for bb argument #{index} of successor "
                                                              f"#{position}: '{given}' vs '{wanted}'"))


def function_type_of(operation: Operation) -> Any:
    from dxlinalg.mlir.syntax import FunctionType

    function_type = operation.attributes.get("function_type")
    if not isinstance(function_type, FunctionType):
        raise MlirVerifyError(at(operation.location, f"'{operation.name}' op requires attribute 'function_type'"))
    return function_type


def entry_function(module: Module, entry: str) -> tuple[Lowering, CompiledFunction]:
    lowering = Lowering(module)
    if entry not in lowering.symbols:
        from dxlinalg.mlir.errors import MlirArgumentError

        known = ", ".join(sorted(lowering.symbols)) or "none"
        raise MlirArgumentError(f"entry: the kernel has no function @{entry} (it has {known})")
    return lowering, lowering.function(entry)
