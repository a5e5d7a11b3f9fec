"""What a compiled entry point takes from the host: its descriptors and its push-constant block.

Read from the entry point's statically used variables (`dxlinalg.spirv.run.used_variables`): each StorageBuffer
or Uniform variable is a descriptor at (set, binding), a uniform buffer when it is a Uniform Block, a storage
buffer otherwise (StorageBuffer, or Uniform BufferBlock). An array of blocks is a descriptor array: its
length (None: a runtime array) and the elements its access chains reach with constant indices (None when
some index is computed) are kept, so the pipeline can check the layout's descriptorCount and the dispatch
the elements the shader is sure to access. Whether
the shader reads and writes a buffer follows NonWritable / NonReadable (on the variable or on every member),
which is what synchronization validation compares. The push-constant block's bytes run from its first
member's Offset to the end of its last member.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from dxlinalg.spirv import SpirvValidationError
from dxlinalg.spirv.enums import Decoration, StorageClass
from dxlinalg.spirv.grammar import location, opcode_of
from dxlinalg.spirv.layout import LayoutError, StructLayout
from dxlinalg.spirv.program import Program
from dxlinalg.spirv.run import used_variables
from dxlinalg.spirv.specialize import GlobalVariable
from dxlinalg.spirv.types import ArrayType, RuntimeArrayType, StructType
from dxlinalg.vulkan.descriptors import STORAGE_TYPES, UNIFORM_TYPES
from dxlinalg.vulkan.enums import VkDescriptorType


@dataclass(frozen=True)
class ResourceUse:
    """A descriptor the shader uses."""

    set: int
    binding: int
    uniform: bool            # a uniform buffer (else a storage buffer)
    reads: bool
    writes: bool
    name: str
    array: bool = False                                  # a descriptor array (an array of blocks)
    length: int | None = 1                               # its declared length (None: a runtime array)
    constant_elements: frozenset[int] | None = frozenset({0})  # reached by constant indices; None: some computed

    @property
    def required_elements(self) -> tuple[int, ...]:
        """The array elements every run of the shader may access, known from its constant indices."""
        return tuple(sorted(self.constant_elements or ()))

    @property
    def types(self) -> frozenset[VkDescriptorType]:
        """The descriptor types a layout binding may have for it."""
        return UNIFORM_TYPES if self.uniform else STORAGE_TYPES

    def describe(self, element: int | None = None) -> str:
        kind = "uniform buffer" if self.uniform else "storage buffer"
        if not self.array:
            return f"{kind} {self.name} (set {self.set}, binding {self.binding})"
        if element is None:
            size = "runtime-sized" if self.length is None else f"{self.length} blocks"
            return f"{kind} descriptor array {self.name} ({size}, set {self.set}, binding {self.binding})"
        return f"{kind} {self.name}[{element}] (set {self.set}, binding {self.binding}, element {element})"



@dataclass(frozen=True)
class ShaderInterface:
    resources: tuple[ResourceUse, ...]
    push_constants: tuple[int, int] | None   # [start, end) bytes of the push-constant block, if it has one

    @property
    def sets(self) -> set[int]:
        return {use.set for use in self.resources}


def _decorated(program: Program, variable: GlobalVariable, block: StructType, decoration: int) -> bool:
    module = program.module
    if module.decoration(variable.id, decoration) is not None:
        return True
    return bool(block.members) and all(module.member_decoration(block.id, index, decoration) is not None
                                       for index in range(len(block.members)))


def _resource(program: Program, variable: GlobalVariable) -> ResourceUse:
    module = program.module
    where = location(variable.inst)
    entries = [module.decoration(variable.id, d) for d in (Decoration.DescriptorSet, Decoration.Binding)]
    if any(entry is None or not entry.operands for entry in entries):
        raise SpirvValidationError(f"{where}: resource variable {variable.name} needs DescriptorSet and Binding "
                                   f"decorations")
    pointee = variable.pointee
    array = isinstance(pointee, (ArrayType, RuntimeArrayType)) and isinstance(pointee.element, StructType)
    block = pointee.element if array else pointee     # type: ignore[union-attr]
    if not isinstance(block, StructType):
        raise SpirvValidationError(f"{where}: resource variable {variable.name} is not a Block")
    uniform = variable.storage == StorageClass.Uniform and not block.buffer_block
    use = ResourceUse(entries[0].operands[0], entries[1].operands[0], uniform,
                      not _decorated(program, variable, block, Decoration.NonReadable),
                      not uniform and not _decorated(program, variable, block, Decoration.NonWritable),
                      variable.name or f"%{variable.id}")
    if not array:
        return use
    length = pointee.length if isinstance(pointee, ArrayType) else None
    return replace(use, array=True, length=length, constant_elements=_constant_elements(program, variable))


_ACCESS_CHAINS = frozenset(opcode_of(name) for name in ("OpAccessChain", "OpInBoundsAccessChain"))


def _constant_elements(program: Program, variable: GlobalVariable) -> frozenset[int] | None:
    """The descriptor-array elements the entry point's access chains pick with constant indices; None when
    some chain computes its index (then any element may be accessed)."""
    found: set[int] = set()
    for function_id in program.functions:
        for block in program.module.functions[function_id].blocks:
            for inst in block.body:
                if inst.opcode not in _ACCESS_CHAINS or len(inst.operands) < 4 or inst.operands[2] != variable.id:
                    continue
                index = program.spec.constants.get(inst.operands[3])
                if not isinstance(index, np.ndarray) or index.shape != (1,):
                    return None
                found.add(int(index[0]))
    return frozenset(found)


def _push_range(program: Program, variable: GlobalVariable) -> tuple[int, int]:
    try:
        layout = program.spec.explicit_layouts.layout(variable.pointee)
    except LayoutError as error:
        raise SpirvValidationError(f"{location(variable.inst)}: {variable.name}: {error}") from None
    if not isinstance(layout, StructLayout) or not layout.members:
        return 0, layout.size or 0
    start = min(offset for offset, _ in layout.members)
    end = max(offset + (member.size or 0) for offset, member in layout.members)
    return start, end


def shader_interface(program: Program) -> ShaderInterface:
    """The descriptors and push constants the entry point statically uses (SpirvValidationError if a resource
    lacks its decorations)."""
    resources: list[ResourceUse] = []
    push: tuple[int, int] | None = None
    for variable in used_variables(program):
        if variable.storage in (StorageClass.StorageBuffer, StorageClass.Uniform):
            resources.append(_resource(program, variable))
        elif variable.storage == StorageClass.PushConstant:
            push = _push_range(program, variable)
    return ShaderInterface(tuple(resources), push)
