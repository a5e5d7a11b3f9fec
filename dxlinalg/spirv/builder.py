"""A small SPIR-V module builder: Python calls that emit words (for tests and tooling).

    b = ModuleBuilder()
    kernel = ComputeKernel(b, local_size=(64, 1, 1))
    f32 = b.float(32)
    data = kernel.buffer(0, 0, f32)
    i = kernel.global_id_x()
    x = kernel.load(data, i)
    kernel.store(data, i, kernel.fn.op("OpFMul", f32, x, x))
    words = kernel.finish()

Types and constants are deduplicated; instructions are named by their opcode names and take
their operand words as ints (enum members such as `StorageClass.StorageBuffer` are ints) or
strings (literal strings). Nothing is validated beyond word encoding: the builder can write the
malformed modules that the rejection tests need.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dxlinalg.spirv.enums import BuiltIn, Capability, Decoration, ExecutionMode, ExecutionModel, StorageClass
from dxlinalg.spirv.grammar import glsl_number, opcode_of
from dxlinalg.spirv.grammar_tables import MAGIC

Operand = int | str


def string_words(text: str) -> list[int]:
    """A literal string: UTF-8, nul-terminated, padded to whole little-endian words."""
    data = text.encode("utf-8") + b"\0"
    data += b"\0" * (-len(data) % 4)
    return [int.from_bytes(data[i:i + 4], "little") for i in range(0, len(data), 4)]


def instruction(opname: str | int, *operands: Operand) -> list[int]:
    """The words of one instruction."""
    words: list[int] = []
    for operand in operands:
        if isinstance(operand, str):
            words += string_words(operand)
        else:
            words.append(int(operand) & 0xFFFFFFFF)
    opcode = opname if isinstance(opname, int) else opcode_of(opname)
    return [((len(words) + 1) << 16) | opcode, *words]


class ModuleBuilder:
    """Sections of a module, filled in any order, written in the order SPIR-V requires."""

    SECTIONS = ("capabilities", "extensions", "imports", "memory_model", "entry_points", "modes", "debug",
                "annotations", "globals", "functions")

    def __init__(self, version: tuple[int, int] = (1, 6)) -> None:
        self.version = version
        self.bound = 1
        self.sections: dict[str, list[list[int]]] = {name: [] for name in self.SECTIONS}
        self._types: dict[tuple[Any, ...], int] = {}
        self._constants: dict[tuple[Any, ...], int] = {}
        self._capabilities: set[int] = set()
        self._imports: dict[str, int] = {}

    def new_id(self) -> int:
        self.bound += 1
        return self.bound - 1

    def add(self, section: str, opname: str | int, *operands: Operand) -> None:
        self.sections[section].append(instruction(opname, *operands))

    # -- module-level ---------------------------------------------------------------------------------
    def capability(self, capability: int) -> None:
        if capability not in self._capabilities:
            self._capabilities.add(capability)
            self.add("capabilities", "OpCapability", capability)

    def extension(self, name: str) -> None:
        self.add("extensions", "OpExtension", name)

    def ext_import(self, name: str) -> int:
        if name not in self._imports:
            self._imports[name] = self.new_id()
            self.add("imports", "OpExtInstImport", self._imports[name], name)
        return self._imports[name]

    def memory_model(self, addressing: int = 0, memory: int = 1) -> None:
        self.add("memory_model", "OpMemoryModel", addressing, memory)

    def entry_point(self, function: int, name: str, interface: list[int],
                    model: int = ExecutionModel.GLCompute) -> None:
        self.add("entry_points", "OpEntryPoint", model, function, name, *interface)

    def execution_mode(self, function: int, mode: int, *literals: int) -> None:
        self.add("modes", "OpExecutionMode", function, mode, *literals)

    def name(self, target: int, name: str) -> None:
        self.add("debug", "OpName", target, name)

    def decorate(self, target: int, decoration: int, *literals: Operand) -> None:
        self.add("annotations", "OpDecorate", target, decoration, *literals)

    def member_decorate(self, struct: int, member: int, decoration: int, *literals: Operand) -> None:
        self.add("annotations", "OpMemberDecorate", struct, member, decoration, *literals)

    # -- types ---------------------------------------------------------------------------------------------
    def _type(self, key: tuple[Any, ...], opname: str | int, *operands: Operand) -> int:
        found = self._types.get(key)
        if found is None:
            found = self.new_id()
            self._types[key] = found
            self.add("globals", opname, found, *operands)
        return found

    def void(self) -> int:
        return self._type(("void",), "OpTypeVoid")

    def bool(self) -> int:
        return self._type(("bool",), "OpTypeBool")

    def int(self, width: int = 32, signed: bool = True) -> int:
        if width == 64:
            self.capability(Capability.Int64)
        elif width == 16:
            self.capability(Capability.Int16)
        elif width == 8:
            self.capability(Capability.Int8)
        return self._type(("int", width, signed), "OpTypeInt", width, int(signed))

    def uint(self, width: int = 32) -> int:
        return self.int(width, False)

    def float(self, width: int = 32, encoding: int | None = None) -> int:
        """OpTypeFloat; with `encoding` (FP Encoding: BFloat16KHR 0, Float8E4M3EXT 4214, Float8E5M2EXT 4215)
        declaring that encoding's capability and extension."""
        if encoding is not None:
            from dxlinalg.spirv.narrow_floats import ENCODING_DECLARATIONS

            capability, extension = ENCODING_DECLARATIONS[encoding]
            if capability not in self._capabilities:
                self.capability(capability)
                self.extension(extension)
            return self._type(("float", width, encoding), "OpTypeFloat", width, encoding)
        if width == 16:
            self.capability(Capability.Float16)
        elif width == 64:
            self.capability(Capability.Float64)
        return self._type(("float", width), "OpTypeFloat", width)

    def vector(self, component: int, count: int) -> int:
        return self._type(("vector", component, count), "OpTypeVector", component, count)

    def cooperative_vector(self, component: int, count: int) -> int:
        """OpTypeCooperativeVectorNV (opcode 5288) of `count` components; `count` is a constant's id."""
        return self._type(("cooperative_vector", component, count), 5288, component, count)

    def matrix(self, column: int, count: int) -> int:
        return self._type(("matrix", column, count), "OpTypeMatrix", column, count)

    def array(self, element: int, length: int, stride: int | None = None) -> int:
        length_id = self.constant(self.uint(), length)
        found = self._type(("array", element, length, stride), "OpTypeArray", element, length_id)
        if stride is not None and ("stride", found) not in self._types:
            self._types[("stride", found)] = found
            self.decorate(found, Decoration.ArrayStride, stride)
        return found

    def runtime_array(self, element: int, stride: int | None = None) -> int:
        found = self._type(("runtime_array", element, stride), "OpTypeRuntimeArray", element)
        if stride is not None and ("stride", found) not in self._types:
            self._types[("stride", found)] = found
            self.decorate(found, Decoration.ArrayStride, stride)
        return found

    def struct(self, *members: int, offsets: list[int] | None = None, block: bool = False,
               name: str | None = None) -> int:
        """A new struct type each call (structs with decorations are distinct types)."""
        found = self.new_id()
        self.add("globals", "OpTypeStruct", found, *members)
        if offsets is not None:
            for index, offset in enumerate(offsets):
                self.member_decorate(found, index, Decoration.Offset, offset)
        if block:
            self.decorate(found, Decoration.Block)
        if name:
            self.name(found, name)
        return found

    def pointer(self, storage: int, pointee: int) -> int:
        return self._type(("pointer", storage, pointee), "OpTypePointer", storage, pointee)

    def function_type(self, result: int, *parameters: int) -> int:
        return self._type(("function", result, *parameters), "OpTypeFunction", result, *parameters)

    # -- constants -----------------------------------------------------------------------------------------
    def _words_of(self, type_id: int, value: Any) -> list[int]:
        kind = next(k for k, v in self._types.items() if v == type_id and k[0] in ("int", "float"))
        width = kind[1]
        if kind[0] == "float" and len(kind) == 3:
            from dxlinalg.spirv.types import FP_ENCODINGS

            bits = int(np.array(value, FP_ENCODINGS[(kind[2], width)][0]).view(f"u{width // 8}"))
        elif kind[0] == "float":
            bits = int(np.array(value, f"f{width // 8}").view(f"u{width // 8}"))
        else:
            bits = int(value) & ((1 << width) - 1)
        return [bits & 0xFFFFFFFF, bits >> 32] if width == 64 else [bits]

    def constant(self, type_id: int, value: Any) -> int:
        if type_id == self._types.get(("bool",)):
            key = ("bool", bool(value))
            found = self._constants.get(key)
            if found is None:
                found = self.new_id()
                self._constants[key] = found
                self.add("globals", "OpConstantTrue" if value else "OpConstantFalse", type_id, found)
            return found
        words = self._words_of(type_id, value)
        key = ("scalar", type_id, *words)
        found = self._constants.get(key)
        if found is None:
            found = self.new_id()
            self._constants[key] = found
            self.add("globals", "OpConstant", type_id, found, *words)
        return found

    def constant_composite(self, type_id: int, *parts: int) -> int:
        key = ("composite", type_id, *parts)
        found = self._constants.get(key)
        if found is None:
            found = self.new_id()
            self._constants[key] = found
            self.add("globals", "OpConstantComposite", type_id, found, *parts)
        return found

    def null(self, type_id: int) -> int:
        found = self.new_id()
        self.add("globals", "OpConstantNull", type_id, found)
        return found

    def spec_constant(self, type_id: int, value: Any, spec_id: int) -> int:
        found = self.new_id()
        if type_id == self._types.get(("bool",)):
            self.add("globals", "OpSpecConstantTrue" if value else "OpSpecConstantFalse", type_id, found)
        else:
            self.add("globals", "OpSpecConstant", type_id, found, *self._words_of(type_id, value))
        self.decorate(found, Decoration.SpecId, spec_id)
        return found

    def global_op(self, opname: str, result_type: int, *operands: Operand) -> int:
        """An instruction with a result in the global section (OpSpecConstantOp, OpUndef, ...)."""
        found = self.new_id()
        self.add("globals", opname, result_type, found, *operands)
        return found

    def variable(self, pointee: int, storage: int, *, initializer: int | None = None, name: str | None = None,
                 descriptor: tuple[int, int] | None = None, builtin: int | None = None) -> int:
        found = self.new_id()
        extra = [] if initializer is None else [initializer]
        self.add("globals", "OpVariable", self.pointer(storage, pointee), found, storage, *extra)
        if name:
            self.name(found, name)
        if descriptor is not None:
            self.decorate(found, Decoration.DescriptorSet, descriptor[0])
            self.decorate(found, Decoration.Binding, descriptor[1])
        if builtin is not None:
            self.decorate(found, Decoration.BuiltIn, builtin)
        return found

    # -- functions --------------------------------------------------------------------------------------------
    def function(self, result_type: int, *parameter_types: int, name: str | None = None) -> FunctionBuilder:
        return FunctionBuilder(self, result_type, parameter_types, name)

    def words(self) -> np.ndarray:
        body = [word for section in self.SECTIONS for inst in self.sections[section] for word in inst]
        header = [MAGIC, (self.version[0] << 16) | (self.version[1] << 8), 0, self.bound, 0]
        return np.array(header + body, np.uint32)

    def to_bytes(self) -> bytes:
        return self.words().astype("<u4").tobytes()


class FunctionBuilder:
    """A function's instructions; `op` appends one with a result, `do` one without."""

    def __init__(self, module: ModuleBuilder, result_type: int, parameter_types: tuple[int, ...],
                 name: str | None) -> None:
        self.module = module
        self.id = module.new_id()
        self.result_type = result_type
        self.words: list[list[int]] = [instruction("OpFunction", result_type, self.id, 0,
                                                   module.function_type(result_type, *parameter_types))]
        self.parameters = []
        for parameter_type in parameter_types:
            parameter = module.new_id()
            self.parameters.append(parameter)
            self.words.append(instruction("OpFunctionParameter", parameter_type, parameter))
        if name:
            module.name(self.id, name)
        self.variables_at = len(self.words) + 1
        self.block(self.label())

    def label(self) -> int:
        """A fresh label id (place it with `block`)."""
        return self.module.new_id()

    def block(self, label: int) -> int:
        self.words.append(instruction("OpLabel", label))
        return label

    def op(self, opname: str, result_type: int, *operands: Operand, result: int | None = None) -> int:
        """An instruction with a result; `result` gives it an id allocated earlier (for OpPhi's back edges)."""
        result = self.module.new_id() if result is None else result
        self.words.append(instruction(opname, result_type, result, *operands))
        return result

    def do(self, opname: str, *operands: Operand) -> None:
        self.words.append(instruction(opname, *operands))

    def variable(self, pointee: int, initializer: int | None = None) -> int:
        """A Function variable, placed at the start of the first block."""
        result = self.module.new_id()
        extra = [] if initializer is None else [initializer]
        pointer = self.module.pointer(StorageClass.Function, pointee)
        self.words.insert(self.variables_at, instruction("OpVariable", pointer, result, StorageClass.Function, *extra))
        self.variables_at += 1
        return result

    def ext(self, result_type: int, name: str, *operands: Operand) -> int:
        """A GLSL.std.450 instruction by name."""
        return self.op("OpExtInst", result_type, self.module.ext_import("GLSL.std.450"), glsl_number(name), *operands)

    def end(self) -> int:
        self.words.append(instruction("OpFunctionEnd"))
        self.module.sections["functions"].extend(self.words)
        return self.id


class ComputeKernel:
    """A GLCompute `main` with helpers for storage buffers of runtime arrays and GlobalInvocationId."""

    def __init__(self, module: ModuleBuilder | None = None, local_size: tuple[int, int, int] = (64, 1, 1),
                 entry_point: str = "main") -> None:
        self.module = module or ModuleBuilder()
        b = self.module
        b.capability(Capability.Shader)
        b.memory_model()
        self.interface: list[int] = []
        self.fn = b.function(b.void(), name=entry_point)
        self.entry_point = entry_point
        self.local_size = local_size
        self._global_id: int | None = None

    def buffer(self, descriptor_set: int, binding: int, element: int, stride: int | None = None,
               name: str | None = None) -> int:
        """A StorageBuffer block { element data[]; } at (set, binding); returns the variable."""
        b = self.module
        array = b.runtime_array(element, stride or self.size_of(element))
        block = b.struct(array, offsets=[0], block=True)
        variable = b.variable(block, StorageClass.StorageBuffer, descriptor=(descriptor_set, binding), name=name)
        self.interface.append(variable)
        return variable

    def size_of(self, type_id: int) -> int:
        kind = next(k for k, v in self.module._types.items() if v == type_id)
        if kind[0] in ("int", "float"):
            return int(kind[1]) // 8
        if kind[0] == "vector":
            return self.size_of(kind[1]) * int(kind[2])
        raise ValueError(f"no tight size for {kind}")

    def builtin(self, builtin: int, type_id: int) -> int:
        variable = self.module.variable(type_id, StorageClass.Input, builtin=builtin)
        self.interface.append(variable)
        return variable

    def global_id_x(self) -> int:
        """gl_GlobalInvocationID.x as a uint value (loaded once, in the current block)."""
        b = self.module
        uint = b.uint()
        if self._global_id is None:
            self._global_id = self.builtin(BuiltIn.GlobalInvocationId, b.vector(uint, 3))
        pointer = self.fn.op("OpAccessChain", b.pointer(StorageClass.Input, uint), self._global_id,
                             b.constant(uint, 0))
        return self.fn.op("OpLoad", uint, pointer)

    def element_pointer(self, buffer: int, index: int, element: int) -> int:
        b = self.module
        return self.fn.op("OpAccessChain", b.pointer(StorageClass.StorageBuffer, element), buffer,
                          b.constant(b.int(), 0), index)

    def load(self, buffer: int, index: int, element: int) -> int:
        return self.fn.op("OpLoad", element, self.element_pointer(buffer, index, element))

    def store(self, buffer: int, index: int, element: int, value: int) -> None:
        self.fn.do("OpStore", self.element_pointer(buffer, index, element), value)

    def finish(self, *, version: tuple[int, int] | None = None) -> np.ndarray:
        """Close `main` with OpReturn and emit the entry point; the module's words."""
        if version is not None:
            self.module.version = version
        self.fn.do("OpReturn")
        function = self.fn.end()
        self.module.entry_point(function, self.entry_point, self.interface)
        self.module.execution_mode(function, ExecutionMode.LocalSize, *self.local_size)
        return self.module.words()
